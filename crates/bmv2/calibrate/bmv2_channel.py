#!/usr/bin/python3
"""Calibrates the control-channel cost model (docs/SWITCH.md, "Control channel:
batching and group commit") on BMv2's runtime interface (Thrift, the one
simple_switch_CLI uses).

Usage: bmv2_channel.py THRIFT_PORT [--rounds N]
against a running `simple_switch --thrift-port THRIFT_PORT cal.json` whose
program has the exact table `I.flows` (keys: two 48-bit fields; action
`I.fwd(bit<9>, bit<48>)`), see bmv2_channel.sh.

Measures, with a fresh table each time:
 1. the latency of one `bm_mt_add_entry` (one request of one entry), median
    and p99 of many calls made one after another;
 2. N adds one after another on one connection (N = 10, 100, 1000): time per
    entry when every entry is its own request and nothing overlaps;
 3. 1000 adds spread over W connections in flight at once (W = 1, 2, 4, 8):
    the throughput once round trips overlap, i.e. the switch's own per-entry
    work (BMv2 serialises table changes).
BMv2's Thrift API has no multi-entry write; (3) is how a pipelining client
gets the per-entry cost apart from the request latency.
Prints one JSON object.
"""
import json
import statistics
import sys
import threading
import time

import bmpy_utils as utils
from bm_runtime.standard import Standard
from bm_runtime.standard.ttypes import (BmAddEntryOptions, BmMatchParam,
                                        BmMatchParamExact, BmMatchParamType)

TABLE = "I.flows"
ACTION = "I.fwd"


def connect(port):
    return utils.thrift_connect("127.0.0.1", port, [("standard", Standard.Client)])[0]


def key(i):
    a = i.to_bytes(6, "big")
    b = (i + 7).to_bytes(6, "big")
    return [BmMatchParam(type=BmMatchParamType.EXACT, exact=BmMatchParamExact(a)),
            BmMatchParam(type=BmMatchParamType.EXACT, exact=BmMatchParamExact(b))]


def add(c, i):
    c.bm_mt_add_entry(0, TABLE, key(i), ACTION,
                      [(i % 500).to_bytes(2, "big"), i.to_bytes(6, "big")],
                      BmAddEntryOptions(priority=0))


def main():
    port = int(sys.argv[1])
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[2] == "--rounds" else 3
    c = connect(port)
    out = {"single_us": [], "sequential_us_per_entry": {}, "window_us_per_entry": {}}
    # 1. single-entry latency
    c.bm_mt_clear_entries(0, TABLE, False)
    lat = []
    for i in range(2000):
        t = time.perf_counter()
        add(c, i)
        lat.append((time.perf_counter() - t) * 1e6)
    lat.sort()
    out["single_us"] = {"median": statistics.median(lat), "p99": lat[int(len(lat) * 0.99)],
                        "mean": statistics.fmean(lat), "calls": len(lat)}
    # 2. sequential batches
    for n in (10, 100, 1000):
        best = []
        for _ in range(rounds):
            c.bm_mt_clear_entries(0, TABLE, False)
            t = time.perf_counter()
            for i in range(n):
                add(c, i)
            best.append((time.perf_counter() - t) * 1e6 / n)
        out["sequential_us_per_entry"][n] = statistics.median(best)
    # 3. W connections in flight
    total = 1000
    for w in (1, 2, 4, 8):
        conns = [connect(port) for _ in range(w)]
        per = []
        for _ in range(rounds):
            c.bm_mt_clear_entries(0, TABLE, False)
            barrier = threading.Barrier(w + 1)

            def worker(k):
                barrier.wait()
                for i in range(k, total, w):
                    add(conns[k], i)

            ts = [threading.Thread(target=worker, args=(k,)) for k in range(w)]
            for th in ts:
                th.start()
            barrier.wait()
            t = time.perf_counter()
            for th in ts:
                th.join()
            per.append((time.perf_counter() - t) * 1e6 / total)
        out["window_us_per_entry"][w] = statistics.median(per)
    c.bm_mt_clear_entries(0, TABLE, False)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
