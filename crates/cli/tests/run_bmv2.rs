//! `tandem run --switch bmv2` and `--switch xdp` against `tandem run` on the
//! switch model: each of the five Gallium examples over a generated
//! closed-loop workload must leave the same packets on every port (same
//! frames at the same times in the same order, read side by side through
//! `runner::diff`) and the same decision counts in the summary, with
//! BMv2 (or the XDP target, by `BPF_PROG_TEST_RUN`) running the switch part's
//! data plane and the server runtime the rest.
//!
//! The tools (p4c's `p4c-bm2-ss`, BMv2's `simple_switch`) are found on PATH or
//! through `TANDEM_P4C` / `TANDEM_BMV2`. Without them the test prints why it is
//! skipped, unless `TANDEM_REQUIRE_TOOLS=1` (set in CI), where it fails.

mod common;

use std::fmt::Write as _;
use std::path::Path;

use common::{example, path_str, run_ok, scratch, text};

const SEED: &str = "7";
const FLOWS: &str = "80";

fn tools_or_skip() -> bool {
    let missing = p4gen::p4c::P4c::find()
        .err()
        .or_else(|| bmv2::Bmv2::find().err());
    match missing {
        None => true,
        Some(e) => {
            let required = std::env::var("TANDEM_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
            assert!(!required, "TANDEM_REQUIRE_TOOLS=1 but {e}");
            println!("skipped: {e}");
            false
        }
    }
}

/// A rules file for the firewall listing every other connection of the
/// workload `tandem run` generates with [`SEED`] and [`FLOWS`] (alternately
/// client to server and reversed), so that some traffic passes and some is
/// dropped.
fn firewall_rules(dir: &Path) -> String {
    let default = lang::compile_file(Path::new(&example("firewall.nf")), &lang::Overrides::new())
        .unwrap_or_else(|e| panic!("{e}"));
    let req = runner::workload::WorkloadRequest {
        name: None,
        flows: Some(FLOWS.parse().unwrap_or_else(|e| panic!("{e}"))),
        seed: SEED.parse().unwrap_or_else(|e| panic!("{e}")),
        max_flow_bytes: None,
    };
    let opts = runner::workload::options_for(&default.program, &default.params, &req)
        .unwrap_or_else(|e| panic!("{e}"));
    let trace = trace::workload::generate(&opts).unwrap_or_else(|e| panic!("{e}"));
    let mut rules = String::from("# every other connection of the test's workload\n");
    for (i, c) in trace.connections.iter().enumerate() {
        let proto = if c.transport == trace::workload::Transport::Tcp {
            "tcp"
        } else {
            "udp"
        };
        let (a, b) = match i % 4 {
            0 => (c.client, c.server),
            2 => (c.server, c.client),
            _ => continue,
        };
        writeln!(
            rules,
            "{proto} {} {} {} {}",
            a.ip(),
            a.port(),
            b.ip(),
            b.port()
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
    let path = dir.join("firewall.rules");
    std::fs::write(&path, rules).unwrap_or_else(|e| panic!("{e}"));
    format!("rules={}", path_str(&path))
}

/// Requires that the model's and the target's pcaps of `port` hold the
/// same packets at the same times in the same order, read side by side
/// through `runner::diff` (which names the port, flow and both versions of
/// a difference) without holding either file.
fn same_pcaps(model: &Path, target: &Path, port: u16, name: &str) {
    use runner::diff::{Diff, Side};
    let open = |p: &Path| {
        trace::pcap::PcapReader::open(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    };
    let (mut a, mut b) = (open(model), open(target));
    let mut d = Diff::default();
    for i in 0u64.. {
        let (x, y) = (a.next(), b.next());
        if x.is_none() && y.is_none() {
            break;
        }
        let (x, y) = (
            x.map(|r| r.unwrap_or_else(|e| panic!("{e}"))),
            y.map(|r| r.unwrap_or_else(|e| panic!("{e}"))),
        );
        if let (Some(x), Some(y)) = (&x, &y) {
            assert_eq!(x.ts_ns, y.ts_ns, "{name}: port {port}, packet {i}: time");
        }
        for (side, p) in [(Side::A, x), (Side::B, y)] {
            if let Some(p) = p {
                d.packet(side, port, &p.data, i, false)
                    .unwrap_or_else(|e| panic!("{name}: port {port}: {e}"));
            }
        }
    }
    let done = d.finish();
    assert!(
        done.mismatches.is_empty(),
        "{name}: port {port}: model and target differ ({} in all), first {:?}",
        done.stats.mismatches,
        done.mismatches.first()
    );
    assert_eq!(
        (
            done.stats.reordered_across_flows,
            done.stats.reordered_in_flows
        ),
        (0, 0),
        "{name}: port {port}: the same packets in another order"
    );
}

/// The summary's decisions: what came in, what left where, what was dropped,
/// and how the partition split the work.
fn decisions(v: &serde_json::Value) -> serde_json::Value {
    let p = &v["partition"];
    serde_json::json!({
        "packets_in": v["packets_in"],
        "packets_out": v["packets_out"],
        "dropped": v["dropped"],
        "failed": v["failed"],
        "events": v["events"],
        "closed_loop": v["closed_loop"],
        "switch_only_packets": p["switch_only_packets"],
        "server_packets": p["server_packets"],
        "held_packets": p["held_packets"],
        "control_plane_ops": p["control_plane_ops"],
        "batches": p["server"]["batches"],
        "group_cycles": p["server"]["group_cycles"],
        "gathered_packets": p["server"]["gathered_packets"],
    })
}

#[test]
fn bmv2_runs_the_switch_part_of_every_example_like_the_model() {
    if !tools_or_skip() {
        return;
    }
    runs_like_the_model("bmv2");
}

/// The XDP target (root: it loads programs into the kernel).
#[test]
fn xdp_runs_the_switch_part_of_every_example_like_the_model() {
    if testnet::root_or_skip("tandem run --switch xdp", "bpf(2)").is_none() {
        return;
    }
    runs_like_the_model("xdp");
}

/// Every example on the model and on `target` (`bmv2` or `xdp`), compared.
fn runs_like_the_model(target: &str) {
    let dir = scratch(&format!("run-{target}"));
    let rules = firewall_rules(&dir);
    let started = std::time::Instant::now();
    // The five examples on Gallium's serial channel, then the two that write
    // the most on the batched channel with group commit (combined write-back
    // cycles).
    let runs = [
        ("mazunat", false),
        ("lb", false),
        ("firewall", false),
        ("proxy", false),
        ("trojan", false),
        ("mazunat", true),
        ("lb", true),
    ];
    for (name, batched) in runs {
        let program = example(&format!("{name}.nf"));
        let mut args = vec![program.as_str(), "--seed", SEED, "--flows", FLOWS];
        if name == "firewall" {
            args.extend(["--set", rules.as_str()]);
        }
        if batched {
            args.extend(["--channel", "batched"]);
        }
        let tag = if batched { "-batched" } else { "" };
        let model_dir = dir.join(format!("{name}{tag}-model"));
        let bmv2_dir = dir.join(format!("{name}{tag}-{target}"));
        let (model, _) = run_ok(&model_dir, &args);
        args.extend(["--switch", target]);
        let (bmv2, stdout) = run_ok(&bmv2_dir, &args);

        for port in [0, 1] {
            let file = format!("port{port}.pcap");
            same_pcaps(&model_dir.join(&file), &bmv2_dir.join(&file), port, name);
        }
        assert_eq!(decisions(&model), decisions(&bmv2), "{name}\n{stdout}");
        // MazuNAT's miss punts are metered (1,000,000/s, burst 16,384) in both
        // programs; BMv2 refills its meter by its own clock, the model by
        // packet time, so they agree only while no packet is red: these
        // workloads' miss punts (replies racing their mapping) stay far
        // inside the burst.
        for v in [&model, &bmv2] {
            assert_eq!(v["partition"]["miss_punt_drops"], 0, "{name}\n{stdout}");
        }

        // The target really ran the data plane, and agreed with the model on
        // every packet (the shadow comparison).
        let b = &bmv2["partition"][target];
        let packets = b["packets"].as_u64().unwrap_or(0);
        let total_in: u64 = bmv2["packets_in"]
            .as_object()
            .map(|o| o.values().filter_map(serde_json::Value::as_u64).sum())
            .unwrap_or(0);
        assert!(
            total_in > 1_000 && packets >= total_in,
            "{name}: {packets} packets through {target}, {total_in} in\n{stdout}"
        );
        assert_eq!(b["divergences"], 0, "{name}: {b}");
        assert!(
            model["partition"][target].is_null(),
            "{name}: the model run has {target} counters"
        );
        // The workload is big enough that the server sees packets of every
        // example that punts and writes its replicated maps (the firewall and
        // the proxy have no punt point: `tandem compile` keeps every packet of
        // theirs on the switch).
        if matches!(name, "mazunat" | "lb" | "trojan") {
            assert!(
                model["partition"]["server_packets"].as_u64() > Some(0),
                "{name}: no packet visited the server"
            );
        }
        if matches!(name, "mazunat" | "lb" | "trojan") {
            assert!(
                model["partition"]["control_plane_ops"].as_u64() > Some(0),
                "{name}: no replicated-map update"
            );
        }
        if batched {
            assert!(
                model["partition"]["server"]["group_cycles"].as_u64() > Some(0)
                    && model["partition"]["server"]["gathered_packets"].as_u64() > Some(0),
                "{name}: no group commit on the batched channel"
            );
        }
        if name == "firewall" {
            let out: u64 = model["packets_out"]
                .as_object()
                .map(|o| o.values().filter_map(serde_json::Value::as_u64).sum())
                .unwrap_or(0);
            let dropped = model["dropped"].as_u64().unwrap_or(0);
            assert!(
                out > 0 && dropped > 0,
                "firewall: {out} out, {dropped} dropped"
            );
        }
    }
    println!(
        "{} runs on both switches in {:?}",
        runs.len(),
        started.elapsed()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_bmv2_the_error_names_the_tool_and_the_variable() {
    let dir = scratch("run-bmv2-missing");
    let empty = dir.join("no-tools");
    std::fs::create_dir_all(&empty).unwrap_or_else(|e| panic!("{e}"));
    // `tandem run --switch bmv2` with the tools looked up in these directories;
    // it must fail, and its stderr says why.
    let fails_with = |bmv2: &Path, p4c: &Path| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_tandem"))
            .args([
                "run",
                &example("mazunat.nf"),
                "--flows",
                "2",
                "--switch",
                "bmv2",
                "--output-dir",
                path_str(&dir.join("out")),
            ])
            .env("TANDEM_BMV2", bmv2)
            .env("TANDEM_P4C", p4c)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(!o.status.success());
        text(&o.stderr)
    };
    let err = fails_with(&empty, &empty);
    assert!(
        err.contains("TANDEM_P4C") && err.contains("p4c-bm2-ss"),
        "{err}"
    );
    // With p4c found, the missing simple_switch is named.
    if let Ok(p4c) = p4gen::p4c::P4c::find() {
        let p4c_dir = p4c.bm2.parent().map(Path::to_path_buf).unwrap_or_default();
        let err = fails_with(&empty, &p4c_dir);
        assert!(
            err.contains("TANDEM_BMV2") && err.contains("simple_switch"),
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
