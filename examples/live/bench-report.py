#!/usr/bin/env python3
"""Table (OUT/table.md) and plot (OUT/bench.svg) of examples/live/bench.sh's
OUT/results.jsonl: medians over rounds per system. Usage: bench-report.py OUT"""
import json, math, statistics, sys


def flowsetup(out, rows, systems):
    """MODE=flowsetup: per system and offered new-flow rate, medians over rounds of
    the flows/s that came through, loss and first-packet delay; plot of both."""
    rates = sorted({r["offered_pps"] for r in rows})
    def med(s, rate, f):
        v = [f(r) for r in rows if r["system"] == s and r["offered_pps"] == rate]
        return statistics.median(v) if v else float("nan")
    lines = ["| system | offered new flows/s | sent, flows/s | came through, flows/s | loss | first-packet delay p50 / p99 / p99.9 µs | rounds |",
             "|---|---|---|---|---|---|---|"]
    for s in systems:
        for rate in rates:
            n = sum(1 for r in rows if r["system"] == s and r["offered_pps"] == rate)
            if n == 0:
                continue
            got = med(s, rate, lambda r: r["pps"])
            sent = med(s, rate, lambda r: r["sent"] / r["duration_s"])
            loss = med(s, rate, lambda r: 100 * r["loss"])
            lat = [med(s, rate, lambda r, q=q: r["lat_ns"][q] / 1e3) for q in ("p50", "p99", "p999")]
            lines.append(f"| {s} | {rate:,.0f} | {sent:,.0f} | {got:,.0f} | {loss:.2f} % | {lat[0]:,.0f} / {lat[1]:,.0f} / {lat[2]:,.0f} | {n} |")
    open(f"{out}/table.md", "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))
    # Two log-log panels: flows/s that came through, and p99 first-packet delay,
    # against the offered rate; one line per system.
    W, H, pad = 900, 380, 60
    colors = ["#4477aa", "#ee6677", "#228833", "#ccbb44", "#66ccee", "#aa3377"]
    lo, hi = math.log10(min(rates)), math.log10(max(rates) * 1.0001)
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="11">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{W/4}" y="20" text-anchor="middle" font-size="13">New flows/s that came through (log)</text>',
           f'<text x="{3*W/4}" y="20" text-anchor="middle" font-size="13">p99 first-packet delay, µs (log)</text>']
    ph, pw = H - pad - 40, W / 2 - pad - 20
    for half, key in enumerate(["pps", "p99"]):
        x0 = half * W / 2 + pad
        f = (lambda r: r["pps"]) if key == "pps" else (lambda r: r["lat_ns"]["p99"] / 1e3)
        vals = [med(s, rate, f) for s in systems for rate in rates]
        vals = [v for v in vals if v == v and v > 0]
        vmax = max(vals + [10.0])
        vmin = min(vals + [1.0]) if key == "p99" else min(rates)
        vlo, vhi = math.log10(max(vmin, 1.0)), math.log10(vmax * 1.0001)
        span = (vhi - vlo) or 1.0
        svg.append(f'<line x1="{x0}" y1="{H-pad}" x2="{x0+pw}" y2="{H-pad}" stroke="black"/>')
        svg.append(f'<line x1="{x0}" y1="{H-pad}" x2="{x0}" y2="{H-pad-ph}" stroke="black"/>')
        svg.append(f'<text x="{x0+pw/2}" y="{H-pad+28}" text-anchor="middle">offered new flows/s</text>')
        for rate in rates:
            x = x0 + pw * ((math.log10(rate) - lo) / ((hi - lo) or 1.0))
            svg.append(f'<text x="{x:.1f}" y="{H-pad+14}" text-anchor="middle" font-size="9">{rate:,.0f}</text>')
        for i, s in enumerate(systems):
            pts = []
            for rate in rates:
                v = med(s, rate, f)
                if v == v and v > 0:
                    x = x0 + pw * ((math.log10(rate) - lo) / ((hi - lo) or 1.0))
                    y = H - pad - ph * ((math.log10(max(v, 1.0)) - vlo) / span)
                    pts.append((x, y, v))
            c = colors[i % len(colors)]
            if pts:
                svg.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>' % (c, " ".join(f"{x:.1f},{y:.1f}" for x, y, _ in pts)))
            for x, y, v in pts:
                svg.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{c}"/>')
                svg.append(f'<text x="{x:.1f}" y="{y-5:.1f}" text-anchor="middle" font-size="8">{v:,.0f}</text>')
            if half == 0:
                svg.append(f'<text x="{x0+10}" y="{40 + 14*i}" fill="{c}">{s}</text>')
    svg.append("</svg>")
    open(f"{out}/bench.svg", "w").write("\n".join(svg) + "\n")
    print(f"wrote {out}/results.jsonl, {out}/table.md, {out}/bench.svg")

out = sys.argv[1]
rows = [json.loads(l) for l in open(f"{out}/results.jsonl")]
systems = list(dict.fromkeys(r["system"] for r in rows))
if rows and all(r["kind"] == "newflows" for r in rows):
    flowsetup(out, rows, systems)
    sys.exit(0)
def med(sys_, kind, f):
    v = [f(r) for r in rows if r["system"] == sys_ and r["kind"] == kind]
    return statistics.median(v) if v else float("nan")
base = med("kernel-nat", "window", lambda r: r["pps"]) if "kernel-nat" in systems else None
# NF_CPU runs: the system had a CPU of its own, so its rate per busy core is
# the closed-loop rate over the share of that CPU it kept busy.
separate = any(r.get("separate_cpus") for r in rows)
per_core = lambda r: r["pps"] / max(r.get("nf_cpu_busy", 1.0), 1e-3)
core_base = med("kernel-nat", "window", per_core) if separate and base else None
head = "| system | closed loop pps (median) | vs kernel NAT |"
rule = "|---|---|---|"
if separate:
    head += " NF CPU busy / generator CPU busy | frames/s per busy NF core | per core vs kernel NAT |"
    rule += "---|---|---|"
lines = [head + " open loop p50 / p90 / p99 µs | loss at open loop |", rule + "---|---|"]
for s in systems:
    pps = med(s, "window", lambda r: r["pps"])
    ratio = f"{pps / base:.2f}" if base else "-"
    lat = [med(s, "rate", lambda r, q=q: r["lat_ns"][q] / 1e3) for q in ("p50", "p90", "p99")]
    loss = med(s, "rate", lambda r: 100 * r["loss"])
    row = f"| {s} | {pps:,.0f} | {ratio} |"
    if separate:
        nf = med(s, "window", lambda r: 100 * r["nf_cpu_busy"])
        gen = med(s, "window", lambda r: 100 * r["gen_cpu_busy"])
        pc = med(s, "window", per_core)
        row += f" {nf:.0f} % / {gen:.0f} % | {pc:,.0f} | {pc / core_base:.2f} |" if core_base else f" {nf:.0f} % / {gen:.0f} % | {pc:,.0f} | - |"
    lines.append(row + f" {lat[0]:.0f} / {lat[1]:.0f} / {lat[2]:.0f} | {loss:.2f} % |")
open(f"{out}/table.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))

# Plot: bars of closed-loop pps (left), open-loop p50/p99 latency (right), SVG by hand.
W, H, pad = 900, 380, 60
n = len(systems)
pmax = max([med(s, "window", lambda r: r["pps"]) for s in systems] + [1])
lmax = max([med(s, "rate", lambda r: r["lat_ns"]["p99"] / 1e3) for s in systems] + [10])
svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="11">',
       f'<rect width="{W}" height="{H}" fill="white"/>',
       f'<text x="{W/4}" y="20" text-anchor="middle" font-size="13">Frames per second, closed loop (median of rounds)</text>',
       f'<text x="{3*W/4}" y="20" text-anchor="middle" font-size="13">Latency at the open-loop rate, µs (p50 / p99, log scale)</text>']
ph = H - pad - 40
for half, (vmax, key) in enumerate([(pmax, "pps"), (lmax, "lat")]):
    x0 = half * W / 2 + pad
    bw = (W / 2 - pad - 20) / max(n, 1)
    svg.append(f'<line x1="{x0}" y1="{H-pad}" x2="{x0 + bw*n}" y2="{H-pad}" stroke="black"/>')
    for i, s in enumerate(systems):
        x = x0 + i * bw
        if key == "pps":
            vals = [(med(s, "window", lambda r: r["pps"]), "#4477aa")]
        else:
            vals = [(med(s, "rate", lambda r: r["lat_ns"]["p50"] / 1e3), "#66ccee"),
                    (med(s, "rate", lambda r: r["lat_ns"]["p99"] / 1e3), "#ee6677")]
        sub = bw * 0.8 / len(vals)
        for j, (v, color) in enumerate(vals):
            if key == "pps":
                h = ph * (v / vmax if vmax else 0)
            else:  # log scale from 1 µs
                h = ph * (math.log10(max(v, 1.0)) / math.log10(vmax))
            svg.append(f'<rect x="{x + bw*0.1 + j*sub:.1f}" y="{H-pad-h:.1f}" width="{sub:.1f}" height="{h:.1f}" fill="{color}"/>')
            svg.append(f'<text x="{x + bw*0.1 + (j+0.5)*sub:.1f}" y="{H-pad-h-3:.1f}" text-anchor="middle" font-size="9">{v:,.0f}</text>')
        svg.append(f'<text x="{x + bw/2:.1f}" y="{H-pad+14}" text-anchor="middle" font-size="9">{s}</text>')
svg.append("</svg>")
open(f"{out}/bench.svg", "w").write("\n".join(svg) + "\n")
print(f"wrote {out}/results.jsonl, {out}/table.md, {out}/bench.svg")
