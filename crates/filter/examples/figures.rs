//! Regenerates the measurements and figures of docs/COFILTER.md:
//! `cargo run --release -p filter --example figures -- docs/cofilter [quick] [no-capacity]`.
//!
//! `no-capacity` skips the 16 MiB capacity curves (three runs of 10–15 minutes)
//! and keeps `capacity.json` / `capacity.svg` as they are.
//!
//! Writes `capacity.json` + `capacity.svg` (16 MiB: 13-bit split cells with
//! search budgets 4096 and 512, 16-bit cells), `workloads.json` + `cpu_packets.svg`, `synflood.json`.

use std::path::PathBuf;

use filter::capacity::{CapacityCurve, CapacityOptions, run as capacity};
use filter::cofilter::Config;
use filter::layout::Layout;
use filter::program::tofino1_layout;
use filter::run::{Runner, feed_trace};
use filter::tracker::{INSIDE, Policy};
use trace::workload::{GenOptions, Workload, generate};

/// Progress on stderr.
macro_rules! note {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($t)*);
    }};
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().unwrap_or_else(|| "docs/cofilter".into()));
    let rest: Vec<String> = args.collect();
    let quick = rest.iter().any(|a| a == "quick");
    let no_capacity = rest.iter().any(|a| a == "no-capacity");
    if let Some(a) = rest.iter().find(|a| *a != "quick" && *a != "no-capacity") {
        return Err(format!("unknown argument {a:?} (expected quick or no-capacity)").into());
    }
    std::fs::create_dir_all(&dir)?;
    if !no_capacity {
        capacity_curves(&dir, quick)?;
    }
    workloads_and_flood(&dir, quick)
}

/// Capacity curves at 16 MiB (2,048-entry exact table), run side by side.
fn capacity_curves(dir: &std::path::Path, quick: bool) -> Result<(), Box<dyn std::error::Error>> {
    let mib = if quick { 1 } else { 16 };
    let specs = [
        (12u8, 4096usize, "13-bit split cells"),
        (12, 512, "13-bit split cells, search 512"),
        (15, 4096, "16-bit cells"),
    ];
    let mut curves: Vec<(String, CapacityCurve)> = Vec::new();
    std::thread::scope(|s| -> Result<(), Box<dyn std::error::Error>> {
        let mut jobs = Vec::new();
        for (fp, search, name) in specs {
            let layout = Layout::for_budget(mib << 20, fp, 16, 2_048, 0)?;
            let opts = CapacityOptions {
                layout,
                max_connections: layout.cells(),
                points: 40,
                fine_points: 40,
                probes: if quick { 10_000 } else { 1_000_000 },
                stop_above: 2e-2,
                seed: 1,
                search_limit: search,
            };
            note!("capacity {name}: {} cells", layout.cells());
            jobs.push((name, s.spawn(move || capacity(&opts, &mut |_, _| {}))));
        }
        for (name, job) in jobs {
            let curve = job.join().map_err(|_| "capacity run panicked")?;
            curves.push((name.into(), curve));
        }
        Ok(())
    })?;
    let refs: Vec<(String, &CapacityCurve)> = curves.iter().map(|(n, c)| (n.clone(), c)).collect();
    std::fs::write(
        dir.join("capacity.svg"),
        filter::plot::capacity_svg(&refs, 1e-3)?,
    )?;
    let summary: Vec<_> = curves
        .iter()
        .map(|(n, c)| {
            let best = c.max_at(1e-3);
            serde_json::json!({
                "cells": n,
                "layout": c.layout,
                "max_connections_at_1e-3": best.map(|p| p.connections),
                "at_10m": c.points.iter().find(|p| p.connections >= 10_000_000),
                "collision_rate": best.map(|p| p.collision_rate),
                "false_accept": best.map(|p| p.false_accept),
                "settle": c.settle,
                "points": c.points,
            })
        })
        .collect();
    std::fs::write(
        dir.join("capacity.json"),
        serde_json::to_string_pretty(&summary)?,
    )?;
    Ok(())
}

/// The four workloads through CoFilter (tables of one Tofino-1 pipe, the default
/// layout) and the baseline, and the SYN flood.
fn workloads_and_flood(
    dir: &std::path::Path,
    quick: bool,
) -> Result<(), Box<dyn std::error::Error>> {
    let names = ["websearch", "datamining", "hadoop", "cache"];
    let mut rows = Vec::new();
    for w in names {
        let opts = GenOptions {
            workload: w.parse::<Workload>()?,
            flows: if quick { 100 } else { 2_000 },
            seed: 1,
            rate: 1_000.0,
            udp_share: 0.1,
            max_flow_bytes: Some(10_000_000),
            ..GenOptions::default()
        };
        let t = generate(&opts)?;
        let mut r = Runner::new(Config::new(tofino1_layout(), Policy::default()));
        feed_trace(&mut r, &t, INSIDE, &mut |_, _| {});
        let s = r.summary();
        note!(
            "{w}: {} packets, {} to the CPU",
            s.packets_in,
            s.cpu_packets
        );
        rows.push((w.to_string(), s));
    }
    let ratio: Vec<f64> = rows
        .iter()
        .map(|(_, s)| s.cpu_packets as f64 / s.packets_in.max(1) as f64)
        .collect();
    std::fs::write(
        dir.join("cpu_packets.svg"),
        filter::plot::per_workload_svg(
            "Packets handled by a CPU, per input packet",
            "CPU packets / input packets",
            &rows.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>(),
            &[
                ("all-on-CPU baseline".into(), vec![1.0; rows.len()]),
                ("CoFilter agent".into(), ratio),
            ],
        )?,
    )?;
    let json: Vec<_> = rows
        .iter()
        .map(|(n, s)| serde_json::json!({ "workload": n, "summary": s }))
        .collect();
    std::fs::write(
        dir.join("workloads.json"),
        serde_json::to_string_pretty(&json)?,
    )?;

    // SYN flood: legitimate connections at 500/s, spoofed SYNs at 9,500/s
    // (19 times as many).
    let t = generate(&GenOptions {
        workload: Workload::SynFlood,
        flows: if quick { 2_000 } else { 20_000 },
        rate: 10_000.0,
        attack_share: 0.95,
        seed: 1,
        ..GenOptions::default()
    })?;
    let policy = Policy {
        allow_inbound: [80].into_iter().collect(),
        ..Policy::default()
    };
    let mut out = Vec::new();
    for defence in [true, false] {
        let mut cfg = Config::new(tofino1_layout(), policy.clone());
        cfg.syn_defence = defence;
        let r = filter::synflood::run(cfg, &t, &mut |_, _| {});
        note!(
            "syn flood, defence {defence}: {}/{} legitimate complete, establish p99 {} ns",
            r.legit_complete,
            r.legit_connections,
            r.legit_establish.p99_ns
        );
        out.push(r);
    }
    std::fs::write(
        dir.join("synflood.json"),
        serde_json::to_string_pretty(&out)?,
    )?;
    Ok(())
}
