//! `tandem run --park` end to end (issue 8, "Done when"): for every header-only
//! example NF, closed-loop generated workloads give byte-identical outputs with
//! and without PayloadPark, the PayloadPark counters in the summary add up, the
//! Trojan detector is refused with the reason, and bad --park-* values are
//! reported.

mod common;

use common::{example, path_str, run_ok, scratch, tandem, text, trace_gen};

use std::path::Path;

fn n(v: &serde_json::Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn sum(v: &serde_json::Value) -> u64 {
    v.as_object()
        .unwrap_or_else(|| panic!("not a per-port map: {v}"))
        .values()
        .map(n)
        .sum()
}

/// Runs `args` without and with `--park`, checks the outputs are byte-identical
/// and the counters consistent; returns the parked run's counters.
/// `park_args` are the --park-* options of the parked run.
fn same_with_park(name: &str, args: &[&str], park_args: &[&str]) -> serde_json::Value {
    let plain = scratch(&format!("{name}-plain"));
    let parked = scratch(&format!("{name}-park"));
    let (a, _) = run_ok(&plain, args);
    let mut with = args.to_vec();
    with.push("--park");
    with.extend_from_slice(park_args);
    let (b, stdout) = run_ok(&parked, &with);
    for port in ["port0.pcap", "port1.pcap"] {
        let (x, y) = (bytes(&plain.join(port)), bytes(&parked.join(port)));
        assert!(x.len() > 24, "{name}: {port} of the plain run has packets");
        assert!(x == y, "{name}: {port} differs with --park");
    }
    for k in [
        "packets_in",
        "packets_out",
        "dropped",
        "state_sizes",
        "events",
    ] {
        assert_eq!(a[k], b[k], "{name}: {k}");
    }
    assert!(a.get("park").is_none(), "no park counters without --park");
    // The default engine is the partitioned execution; PayloadPark sits in front.
    assert_eq!(a["engine"], "partitioned");
    assert_eq!(b["engine"], "partitioned+park");
    let c = b["park"].clone();
    let (total_in, total_out) = (sum(&b["packets_in"]), sum(&b["packets_out"]));
    // The NF answers at once in `tandem run`, so no slot is ever left behind:
    // every split payload is merged or freed by a drop notice.
    assert_eq!(n(&c["evictions"]), 0, "{name}: {c}");
    assert_eq!(n(&c["premature"]), 0, "{name}: {c}");
    assert_eq!(n(&c["bad_tags"]), 0, "{name}: {c}");
    assert_eq!(n(&c["bypass_occupied"]), 0, "{name}: {c}");
    assert_eq!(
        n(&c["splits"]),
        n(&c["merges"]) + n(&c["explicit_drops"]) + n(&c["evictions"]),
        "{name}: {c}"
    );
    // Every packet is parked, bypassed with the enable bit clear, or not taken
    // by the switch parser (SYNs with options), exactly one of these.
    assert_eq!(
        n(&c["splits"]) + n(&c["bypass_short"]) + n(&c["bypass_occupied"]) + n(&c["not_parsed"]),
        total_in,
        "{name}: {c}"
    );
    // Everything that left went through Merge, parked or not, or was never
    // taken by the switch.
    assert!(
        n(&c["merges"]) + n(&c["unparked_returns"]) <= total_out,
        "{name}: {c}"
    );
    assert!(
        n(&c["merges"]) + n(&c["unparked_returns"]) + n(&c["not_parsed"]) >= total_out,
        "{name}: {c}"
    );
    assert!(n(&c["explicit_drops"]) <= n(&b["dropped"]));
    assert!(n(&c["splits"]) > 0, "{name}: something was parked: {c}");
    assert!(stdout.contains(&format!(
        "park     {} splits, {} merges,",
        n(&c["splits"]),
        n(&c["merges"])
    )));
    assert!(stdout.contains("premature evictions"), "{stdout}");
    c
}

#[test]
fn mazunat_is_byte_identical_with_park() {
    same_with_park("nat", &[&example("mazunat.nf"), "--flows", "60"], &[]);
}

#[test]
fn lb_is_byte_identical_with_park() {
    same_with_park(
        "lb",
        &[
            &example("lb.nf"),
            "--set",
            "backends=10.0.1.1,10.0.1.2",
            "--flows",
            "60",
        ],
        &[],
    );
}

#[test]
fn proxy_is_byte_identical_with_park() {
    same_with_park("proxy", &[&example("proxy.nf"), "--flows", "60"], &[]);
}

#[test]
fn small_park_bytes_and_longer_expiry_are_byte_identical_too() {
    same_with_park(
        "nat-small",
        &[&example("mazunat.nf"), "--flows", "40", "--seed", "7"],
        &[
            "--park-bytes",
            "16",
            "--park-slots",
            "3",
            "--park-expiry",
            "2",
        ],
    );
}

/// The firewall lets every other connection of the workload through, so the NF
/// drops parked packets and the drop notices free their slots.
#[test]
fn firewall_with_drops_is_byte_identical_and_frees_slots_by_notice() {
    let dir = scratch("fw-rules");
    // The same workload `tandem run` generates for the firewall (websearch, cap
    // 200000 bytes), as a capture to read the connections' tuples from.
    let cap = dir.join("trace.pcap");
    trace_gen(&cap, &["--flows", "40", "--max-flow-bytes", "200000"]);
    let mut conns = Vec::new();
    for p in trace::pcap::PcapReader::open(&cap).unwrap_or_else(|e| panic!("{e}")) {
        let f = p.unwrap_or_else(|e| panic!("{e}")).data;
        let k = wire::FlowKey::from_frame(&f)
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap_or_else(|| panic!("no flow key"));
        let t = (k.src_addr, k.src_port, k.dst_addr, k.dst_port);
        let rev = (k.dst_addr, k.dst_port, k.src_addr, k.src_port);
        if !conns.contains(&t) && !conns.contains(&rev) {
            conns.push(t);
        }
    }
    assert!(conns.len() >= 10, "{} connections", conns.len());
    let rules: String = conns
        .iter()
        .step_by(2)
        .map(|(a, ap, b, bp)| format!("tcp {a} {ap} {b} {bp}\n"))
        .collect();
    let rules_file = dir.join("rules");
    std::fs::write(&rules_file, rules).unwrap_or_else(|e| panic!("{e}"));
    let set = format!("rules={}", path_str(&rules_file));
    let c = same_with_park(
        "fw",
        &[&example("firewall.nf"), "--set", &set, "--flows", "40"],
        &[],
    );
    assert!(
        n(&c["explicit_drops"]) > 0,
        "denied data packets were parked and freed by notice: {c}"
    );
}

#[test]
fn trojan_detector_is_refused_with_the_reason() {
    let dir = scratch("trojan");
    let o = tandem(&[
        "run",
        &example("trojan.nf"),
        "--park",
        "--output-dir",
        path_str(&dir),
    ]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains("`trojan` reads packet payload bytes (at IR block b"),
        "{err}"
    );
    assert!(
        err.contains("the NF would see the PayloadPark header"),
        "{err}"
    );
    assert!(err.contains("without --park"), "{err}");
    // Without --park it runs.
    run_ok(&dir, &[&example("trojan.nf"), "--flows", "10"]);
}

#[test]
fn bad_park_values_are_reported() {
    let dir = scratch("bad");
    let nat = example("mazunat.nf");
    let cases: [(&[&str], &str); 7] = [
        (&["--park", "--park-bytes", "7"], "park_bytes = 7"),
        (&["--park", "--park-bytes", "0"], "park_bytes = 0"),
        (&["--park", "--park-bytes", "8"], "must be at least 16"),
        (&["--park", "--park-bytes", "abc"], "invalid value 'abc'"),
        (
            &["--park", "--park-expiry", "0"],
            "expiry must be at least 1",
        ),
        (&["--park", "--park-slots", "70000"], "70000 slots in total"),
        (
            &["--park-slots", "16"],
            "required arguments were not provided",
        ),
    ];
    for (extra, want) in cases {
        let mut args = vec!["run", &nat, "--flows", "5", "--output-dir", path_str(&dir)];
        args.extend_from_slice(extra);
        let o = tandem(&args);
        assert!(!o.status.success(), "{extra:?} accepted");
        let err = text(&o.stderr);
        assert_eq!(err.matches(want).count(), 1, "{extra:?}: said once: {err}");
        assert!(!err.contains("panicked"), "{extra:?}: {err}");
    }
    let mut args = vec!["run", &nat, "--flows", "5", "--output-dir", path_str(&dir)];
    args.extend_from_slice(&["--park", "--park-slots", "0"]);
    let o = tandem(&args);
    assert!(!o.status.success(), "0 slots accepted");
    assert!(text(&o.stderr).contains("slice 0"), "{}", text(&o.stderr));
}
