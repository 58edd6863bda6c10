"""Drives `tandem switch --grpc` with p4runtime-shell (PyPI 0.0.6), the outside
P4Runtime client, as a user would: set the pipeline from the P4Info text file
and the device config, read the P4Info back, insert and read table entries,
send packet-outs and receive the packet-in.

usage: python p4runtime_shell_check.py ADDR P4INFO.txtpb PROGRAM.json
Prints one `ok: ...` line per check; exits non-zero on the first failure.
"""

import sys

import p4runtime_sh.shell as sh
from p4runtime_sh.p4runtime import P4RuntimeWriteException

addr, p4info, device_config = sys.argv[1:4]


def check(cond, what):
    if not cond:
        print(f"FAILED: {what}", flush=True)
        sh.teardown()
        sys.exit(1)
    print(f"ok: {what}", flush=True)


def tcp_frame(sport):
    eth = bytes([2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, 0x08, 0x00])
    ip = bytes([0x45, 0, 0, 40, 0, 1, 0x40, 0, 64, 6, 0, 0, 10, 0, 0, 1, 10, 0, 0, 2])
    tcp = sport.to_bytes(2, "big") + (80).to_bytes(2, "big")
    tcp += bytes([0, 0, 0, 1, 0, 0, 0, 0, 0x50, 0x02, 0x20, 0, 0, 0, 0, 0])
    return eth + ip + tcp


sh.setup(
    device_id=1,
    grpc_addr=addr,
    election_id=(0, 1),
    config=sh.FwdPipeConfig(p4info, device_config),
    verbose=False,
)

# The P4Info as the shell got it back from the switch.
info = sh.context.p4info
tables = [t.preamble.name for t in info.tables]
check(tables == ["nat"], f"P4Info tables {tables}")
nat = info.tables[0]
fields = [(m.name, m.bitwidth) for m in nat.match_fields]
check(
    fields
    == [("ipv4.src", 32), ("ipv4.dst", 32), ("ipv4.protocol", 8), ("tcp.src_port", 16), ("tcp.dst_port", 16)],
    f"P4Info match fields {fields}",
)
check(nat.idle_timeout_behavior == 1, "nat notifies idle entries")

# Insert two entries and read them back.
for sport, nsport in [(1000, 2000), (1001, 2001)]:
    te = sh.TableEntry("nat")(action="rewrite")
    te.match["ipv4.src"] = "10.0.0.1"
    te.match["ipv4.dst"] = "10.0.0.2"
    te.match["ipv4.protocol"] = "6"
    te.match["tcp.src_port"] = str(sport)
    te.match["tcp.dst_port"] = "80"
    te.action["src"] = "198.18.0.1"
    te.action["sport"] = str(nsport)
    te.action["port"] = "3"
    te.insert()
got = sorted(
    (int.from_bytes(e.match["tcp.src_port"].exact.value, "big"), int.from_bytes(e.action["sport"].value, "big"))
    for e in sh.TableEntry("nat").read()
)
check(got == [(1000, 2000), (1001, 2001)], f"read back entries {got}")

# A duplicate insert is refused by the switch.
te = sh.TableEntry("nat")(action="rewrite")
te.match["ipv4.src"] = "10.0.0.1"
te.match["ipv4.dst"] = "10.0.0.2"
te.match["ipv4.protocol"] = "6"
te.match["tcp.src_port"] = "1000"
te.match["tcp.dst_port"] = "80"
te.action["src"] = "198.18.0.1"
te.action["sport"] = "1"
te.action["port"] = "3"
try:
    te.insert()
    refused = False
except P4RuntimeWriteException as e:
    refused = "ALREADY_EXISTS" in str(e)
check(refused, "duplicate insert refused with ALREADY_EXISTS")

# Packet-out of an unknown flow entering on port 1: the program punts it to
# the CPU port, so it comes back as a packet-in carrying ingress_port 1.
packet_in = sh.PacketIn()
sh.PacketOut(tcp_frame(4242), ingress_port="1").send()
msgs = list(packet_in.sniff(timeout=3))
check(len(msgs) == 1, f"{len(msgs)} packet-in(s) for one punted packet-out")
p = msgs[0].packet
check(p.payload == tcp_frame(4242), "packet-in payload is the punted frame")
check(p.metadata[0].value in (b"\x01", b"\x00\x01"), "packet-in ingress_port is 1")

# A packet-out of a known flow is rewritten and leaves on port 3, counted in
# nat_hits[3] (no packet-in).
sh.PacketOut(tcp_frame(1000), ingress_port="1").send()
hits = 0
for _ in range(50):
    c = sh.CounterEntry("nat_hits")
    c.index = 3
    hits = next(iter(c.read())).data.packet_count
    if hits:
        break
check(hits == 1, f"nat_hits[3] counts the forwarded packet-out ({hits})")
check(len(list(packet_in.sniff(timeout=0.5))) == 0, "no packet-in for a forwarded packet")

sh.teardown()
print("all checks passed", flush=True)
