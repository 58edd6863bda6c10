#!/usr/bin/env python3
"""Writes p4runtime.fds.bin: the published P4Runtime v1 schema as a protobuf
FileDescriptorSet, taken from PyPI's `p4runtime` package (the compiled `*_pb2`
modules carry each .proto file's descriptor), so that building Tandem needs no
protoc.

Run once, in a virtual environment with the pinned package:

    python3 -m venv V && V/bin/pip install p4runtime==1.4.1
    V/bin/python crates/p4rt/proto/make_descriptor_set.py crates/p4rt/proto/p4runtime.fds.bin

The set holds every file p4/v1/p4runtime.proto imports, transitively, in
dependency order (p4info.proto, p4types.proto, p4data.proto, google/rpc/status.proto,
google/protobuf/any.proto, ...).
"""

import sys

from google.protobuf import descriptor_pb2
import p4.v1.p4runtime_pb2 as p4runtime_pb2
import p4.config.v1.p4info_pb2 as p4info_pb2
from importlib import metadata


def collect(fd, seen, out):
    if fd.name in seen:
        return
    seen.add(fd.name)
    for dep in fd.dependencies:
        collect(dep, seen, out)
    proto = descriptor_pb2.FileDescriptorProto()
    fd.CopyToProto(proto)
    out.file.append(proto)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_descriptor_set.py OUT.bin")
    out = descriptor_pb2.FileDescriptorSet()
    seen = set()
    collect(p4runtime_pb2.DESCRIPTOR, seen, out)
    collect(p4info_pb2.DESCRIPTOR, seen, out)
    with open(sys.argv[1], "wb") as f:
        f.write(out.SerializeToString())
    version = metadata.version("p4runtime")
    print(f"p4runtime {version}: {len(out.file)} files", file=sys.stderr)
    for f in out.file:
        print("  " + f.name, file=sys.stderr)


if __name__ == "__main__":
    main()
