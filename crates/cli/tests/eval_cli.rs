//! `tandem eval flow-setup --quick` end to end: the sweep's JSON, table and
//! plot, and what they must show (Gallium's serial channel admits under a
//! thousand new flows per second; the batched one far more; offloading after
//! the handshake keeps spoofed SYNs off the control channel).

mod common;

use std::path::{Path, PathBuf};

use common::{path_str, scratch, tandem, text};

/// Removes the test's directory however the test ends.
struct Cleanup(PathBuf);

impl Drop for Cleanup {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nf")
}

fn row<'a>(
    rows: &'a [serde_json::Value],
    nf: &str,
    lp: &str,
    flood: bool,
    setting: &str,
    rate: f64,
) -> &'a serde_json::Value {
    rows.iter()
        .find(|r| {
            r["nf"] == nf
                && r["loop"] == lp
                && r["flood"] == flood
                && r["setting"] == setting
                && r["offered_flows_per_s"].as_f64() == Some(rate)
        })
        .unwrap_or_else(|| panic!("no row {nf} {lp} {flood} {setting} {rate}"))
}

fn f(v: &serde_json::Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[test]
fn the_quick_sweep_writes_json_table_and_plot() {
    let dir = scratch("eval-flow-setup");
    let _guard = Cleanup(dir.clone());
    let ex = examples();
    let out = tandem(&[
        "eval",
        "flow-setup",
        "--quick",
        "--nfs",
        "mazunat,lb,cofilter",
        "--examples",
        path_str(&ex),
        "--output-dir",
        path_str(&dir),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("admitted/s"), "{stdout}");
    let svg = std::fs::read_to_string(dir.join("flow-setup.svg")).expect("svg");
    assert!(svg.contains("<svg") && svg.contains("p99 first-packet delay"));
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("flow-setup.json")).expect("json"))
            .expect("parse");
    let rows = json.as_array().expect("array");
    // Open/closed × flood or not × 2 rates × (5 settings for MazuNAT and
    // the LB, 3 for CoFilter: direct inserts are the partitioned NFs').
    assert_eq!(rows.len(), 8 * (5 + 5 + 3));
    for r in rows {
        let share = f(&r["server_share"]);
        assert!((0.0..=1.0).contains(&share), "{r}");
        assert!(r["legit_flows"].as_u64() > Some(0), "{r}");
        // A legitimate first packet is lost only to CoFilter's SYN meter
        // (under the flood at 100,000 legitimate SYNs a second, one agent
        // core sheds some); the partitioned NFs' first packets (outbound
        // SYNs) are never metered.
        let lost = r["first_packets_dropped"].as_u64().unwrap_or(u64::MAX);
        if r["nf"] == "cofilter" {
            assert!(lost <= r["legit_meter_drops"].as_u64().unwrap_or(0), "{r}");
        } else {
            assert_eq!(lost, 0, "{r}");
        }
    }
    let shed = row(
        rows,
        "cofilter",
        "closed",
        true,
        "batched+handshake",
        100_000.0,
    );
    assert!(shed["meter_drops"].as_u64() > Some(0), "{shed}");
    // Gallium's serial channel: 8 operations of 130 µs per MazuNAT flow, so
    // under 1,000 new flows per second whatever is offered.
    let serial = row(rows, "mazunat", "closed", false, "serial", 100_000.0);
    assert!(f(&serial["admitted_flows_per_s"]) < 1_000.0, "{serial}");
    let batched = row(rows, "mazunat", "closed", false, "batched", 100_000.0);
    assert!(
        f(&batched["admitted_flows_per_s"]) > 10.0 * f(&serial["admitted_flows_per_s"]),
        "{batched}"
    );
    assert!(f(&batched["first_p99_ns"]) < f(&serial["first_p99_ns"]) / 10.0);
    // Direct inserts: one channel entry per key and no flips, so the SYNs
    // wait less than with the write-back protocol, and no more packets visit
    // the server.
    let direct = row(
        rows,
        "mazunat",
        "closed",
        false,
        "batched+direct",
        100_000.0,
    );
    assert!(
        f(&direct["first_p99_ns"]) < f(&batched["first_p99_ns"]),
        "{direct} vs {batched}"
    );
    assert!(f(&direct["server_share"]) <= f(&batched["server_share"]));
    assert!(rows.iter().all(|r| r["meter_drops"].as_u64().is_some()));
    // Under the flood the handshake policy spends control requests only on
    // legitimate flows, and spoofed SYNs wait for nothing...
    for nf in ["lb", "cofilter"] {
        let b = row(rows, nf, "closed", true, "batched", 1_000.0);
        let h = row(rows, nf, "closed", true, "batched+handshake", 1_000.0);
        assert!(
            h["control_requests"].as_u64() < b["control_requests"].as_u64(),
            "{nf}: {h} vs {b}"
        );
        assert!(
            f(&h["spoofed_first_p99_ns"]) < f(&b["spoofed_first_p99_ns"]),
            "{nf}"
        );
        assert!(f(&h["first_p99_ns"]) <= f(&b["first_p99_ns"]), "{nf}");
    }
    // ...and in MazuNAT too, since its inbound misses go to the server (so
    // nat_in keys wait for the handshake like nat_out's): no SYN is held.
    // (At this rate the batched channel's requests are phase rounds, as many
    // with the policy as without.)
    let b = row(rows, "mazunat", "closed", true, "batched", 1_000.0);
    let h = row(
        rows,
        "mazunat",
        "closed",
        true,
        "batched+handshake",
        1_000.0,
    );
    assert!(f(&b["spoofed_first_p99_ns"]) > 0.0, "{b}");
    assert_eq!(f(&h["spoofed_first_p99_ns"]), 0.0, "{h}");
    assert_eq!(f(&h["first_p99_ns"]), 0.0, "{h}");
    assert!(
        h["control_requests"].as_u64() <= b["control_requests"].as_u64(),
        "{h} vs {b}"
    );
    assert!(rows.iter().any(|r| r["peak_held"].as_u64() > Some(0)));
}

#[test]
fn bad_sweep_options_are_named() {
    let dir = scratch("eval-bad");
    let _guard = Cleanup(dir.clone());
    for (args, says) in [
        (vec!["--rates", "0"], "--rates"),
        (vec!["--nfs", "nope"], "unknown NF `nope`"),
        (vec!["--attack-share", "1"], "--attack-share"),
        (vec!["--flows", "0"], "--flows"),
    ] {
        let mut all = vec!["eval", "flow-setup", "--output-dir", path_str(&dir)];
        all.extend(args.iter().copied());
        let out = tandem(&all);
        assert!(!out.status.success(), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
