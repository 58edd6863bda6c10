//! `tandem filter` end to end: runs the built binary.

mod common;

use common::{path_str, scratch, tandem, text, trace_gen};

use std::path::Path;

fn packet_count(p: &Path) -> u64 {
    trace::pcap::PcapReader::open(p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .inspect(|r| {
            if let Err(e) = r {
                panic!("{}: {e}", p.display());
            }
        })
        .count() as u64
}

fn json(p: &Path) -> serde_json::Value {
    let s = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&s).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn run_a_workload_matches_the_baseline_and_writes_everything() {
    let dir = scratch("run");
    let summary = dir.join("s.json");
    let o = tandem(&[
        "filter",
        "run",
        "--workload",
        "websearch",
        "--flows",
        "40",
        "--max-flow-bytes",
        "200000",
        "--output-dir",
        path_str(&dir),
        "--summary",
        path_str(&summary),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let s = json(&summary);
    let run = &s["runs"][0];
    assert_eq!(run["name"], "websearch");
    for field in [
        "packets_in",
        "dropped",
        "cpu_packets",
        "switch_packets",
        "connections",
        "collisions",
        "fallback_entries",
        "false_accepts",
    ] {
        assert!(run[field].is_u64(), "{field} missing in {run}");
    }
    assert_eq!(run["mismatches"], 0);
    assert_eq!(run["connections"], 40);
    let forwarded = run["forwarded"].as_u64().unwrap_or(0);
    // Clients inside: port 1 gets client packets, port 0 server packets.
    let p0 = packet_count(&dir.join("websearch.port0.pcap"));
    let p1 = packet_count(&dir.join("websearch.port1.pcap"));
    assert_eq!(p0 + p1, forwarded);
    assert!(p0 > 0 && p1 > 0);
    for f in [
        "cofilter.v1model.p4",
        "cofilter.p4info.txtpb",
        "cofilter.p4info.bin",
        "cofilter.pipe.json",
        "cofilter.tna.p4",
        "cofilter.resources.txt",
    ] {
        assert!(dir.join(f).exists(), "{f}");
    }
    assert!(text(&o.stdout).contains("websearch:"));
}

#[test]
fn replaying_a_capture_with_nothing_allowed_inbound_drops_outside_connections() {
    let dir = scratch("replay");
    let pcap = dir.join("t.pcap");
    trace_gen(&pcap, &["--flows", "10"]);
    let total = packet_count(&pcap);
    // Every packet arrives on port 1 (outside): no connection may open.
    let spec = format!("1={}", path_str(&pcap));
    let o = tandem(&[
        "filter",
        "run",
        "--input",
        &spec,
        "--output-dir",
        path_str(&dir),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let s = json(&dir.join("summary.json"));
    assert_eq!(s["runs"][0]["packets_in"], total);
    assert_eq!(s["runs"][0]["forwarded"], 0);
    assert_eq!(s["runs"][0]["connections"], 0);
}

#[test]
fn bad_inputs_are_refused_with_a_reason() {
    let dir = scratch("bad");
    let o = tandem(&[
        "filter",
        "run",
        "--input",
        "7=x.pcap",
        "--output-dir",
        path_str(&dir),
    ]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("port must be 0 or 1"),
        "{}",
        text(&o.stderr)
    );
    let missing = dir.join("missing.pcap");
    let o = tandem(&[
        "filter",
        "run",
        "--input",
        path_str(&missing),
        "--output-dir",
        path_str(&dir),
    ]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("missing.pcap"),
        "{}",
        text(&o.stderr)
    );
    let o = tandem(&["filter", "run", "--output-dir", path_str(&dir)]);
    assert!(!o.status.success());
    let o = tandem(&[
        "filter",
        "run",
        "--workload",
        "nonsense",
        "--output-dir",
        path_str(&dir),
    ]);
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("nonsense"), "{}", text(&o.stderr));
    for (bad, says) in [("timewait=2", "time_wait"), ("close=soon", "soon")] {
        let o = tandem(&[
            "filter",
            "run",
            "--workload",
            "cache",
            "--timeout",
            bad,
            "--output-dir",
            path_str(&dir),
        ]);
        assert!(!o.status.success(), "{bad}");
        let e = text(&o.stderr);
        assert!(e.contains("--timeout") && e.contains(says), "{bad}: {e}");
    }
}

#[test]
fn capacity_reports_the_fields_of_a_small_budget() {
    let dir = scratch("cap");
    let svg = dir.join("c.svg");
    // Split cells by default: 12-bit fingerprint + activity bit, and (default
    // `--state-bits 2`) two state bits. (1 MiB - 64 exact entries of 128 bits)
    // / (2^16 cells of 15 bits per row) = 8.52: 8 rows; with `--state-bits 0`
    // 13 bits per cell: 9.84, 9 rows.
    for (state_bits, bits, rows) in [(None, 15, 8), (Some("0"), 13, 9)] {
        let mut args = vec![
            "filter",
            "capacity",
            "--sram-mib",
            "1",
            "--exact-entries",
            "64",
            "--points",
            "2",
            "--fine-points",
            "0",
            "--max-connections",
            "200000",
            "--probes",
            "20000",
            "--json",
            "--plot",
            path_str(&svg),
        ];
        if let Some(b) = state_bits {
            args.extend(["--state-bits", b]);
        }
        let o = tandem(&args);
        assert!(o.status.success(), "{}", text(&o.stderr));
        let v: serde_json::Value =
            serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(v["bits_per_entry"], bits);
        assert_eq!(v["register_bits"], bits);
        assert_eq!(v["layout"]["state_bits"], if bits == 15 { 2 } else { 0 });
        assert!(
            v["storage"]
                .as_str()
                .is_some_and(|s| s.starts_with("split"))
        );
        let cells = v["cells"].as_u64().unwrap_or(0);
        assert_eq!(cells, rows * 65_536);
        // 200,000 connections fill 38 % (34 %) of the cells: 4-way cuckoo
        // hashing holds them all (collision rate <= 1e-3 at both points).
        assert_eq!(v["max_connections"], 200_000);
        assert_eq!(v["curve"]["points"].as_array().map(Vec::len), Some(2));
        assert!(v["collision_rate"].as_f64().unwrap_or(1.0) <= 1e-3);
        assert!(v["false_accept_rate"].as_f64().unwrap_or(1.0) < 1e-3);
        assert!(v["per_stage"].as_array().is_some_and(|a| !a.is_empty()));
        assert_eq!(v["fits_one_tofino1_pipe"], true);
        assert!(std::fs::read_to_string(&svg).is_ok_and(|s| s.starts_with("<svg")));
    }
    // Only 0 and 2 are layouts.
    let o = tandem(&["filter", "capacity", "--sram-mib", "1", "--state-bits", "1"]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("--state-bits"),
        "{}",
        text(&o.stderr)
    );
}

/// `--cells tables`: refused with state bits (say why), refused where the
/// switch writes register cells (`filter live`, model or XDP), and `filter
/// p4` writes the program with `p4c-load.sh`, which (with p4c installed)
/// compiles it into the P4Info and BMv2 JSON the agent loads.
#[test]
fn table_cells_need_no_state_bits_a_p4runtime_switch_and_come_with_a_load_script() {
    let dir = scratch("cells");
    let o = tandem(&["filter", "p4", "--cells", "tables", "-o", path_str(&dir)]);
    assert!(!o.status.success());
    let e = text(&o.stderr);
    assert!(e.contains("--cells tables needs --state-bits 0"), "{e}");
    let o = tandem(&[
        "filter",
        "agent",
        "--switch",
        "127.0.0.1:1",
        "--link",
        "x",
        "--cells",
        "tables",
    ]);
    assert!(!o.status.success());
    let e = text(&o.stderr);
    assert!(e.contains("--cells tables needs --state-bits 0"), "{e}");
    let o = tandem(&["filter", "p4", "--cells", "maybe", "-o", path_str(&dir)]);
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("registers"), "{}", text(&o.stderr));
    for (switch, says) in [
        (
            "xdp",
            "the XDP target's agent writes the cells as registers",
        ),
        ("model", "runs register cells only"),
    ] {
        let o = tandem(&[
            "filter",
            "live",
            "-p",
            "0=none0",
            "-p",
            "1=none1",
            "--switch",
            switch,
            "--cells",
            "tables",
            "--state-bits",
            "0",
        ]);
        assert!(!o.status.success(), "{switch}");
        let e = text(&o.stderr);
        assert!(e.contains(says) && e.contains("tandem filter agent"), "{e}");
    }

    let o = tandem(&[
        "filter",
        "p4",
        "--cells",
        "tables",
        "--state-bits",
        "0",
        "--sram-mib",
        "1",
        "-o",
        path_str(&dir),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    for f in [
        "cofilter.v1model.p4",
        "cofilter.tna.p4",
        "cofilter.resources.txt",
        "cofilter.p4info.txtpb",
        "cofilter.pipe.json",
        "p4c-load.sh",
    ] {
        assert!(dir.join(f).is_file(), "{f} written");
    }
    let program: pipe::Program = serde_json::from_str(
        &std::fs::read_to_string(dir.join("cofilter.pipe.json")).expect("pipe.json"),
    )
    .expect("a pipe program");
    assert!(
        program.tables.iter().any(|t| t.name == "way0_cells"),
        "the program holds the cells in tables"
    );
    let script = std::fs::read_to_string(dir.join("p4c-load.sh")).expect("script");
    assert!(
        script.contains("--cells tables --state-bits 0 --fingerprint-bits 12 --sram-mib 1"),
        "{script}"
    );
    let Ok(p4c) = p4gen::p4c::find_tool("TANDEM_P4C", "p4c-bm2-ss") else {
        println!("p4c-load.sh not run: no p4c-bm2-ss");
        return;
    };
    let out = std::process::Command::new("sh")
        .arg(dir.join("p4c-load.sh"))
        .env("TANDEM_P4C", p4c.parent().expect("p4c's directory"))
        .output()
        .expect("run p4c-load.sh");
    assert!(out.status.success(), "p4c-load.sh: {out:?}");
    let said = text(&out.stdout);
    assert!(said.contains("tandem filter agent --switch"), "{said}");
    let info = p4rt::from_text(
        &std::fs::read_to_string(dir.join("p4c.p4info.txtpb")).expect("p4c's P4Info"),
    )
    .expect("a P4Info");
    p4rt::foreign::ForeignInfo::check(&info, &program).expect("p4c's P4Info fits the program");
    assert!(dir.join("switch.json").is_file());

    // The agent against simple_switch_grpc (refused before it opens its
    // link, so no root): an empty switch and no files is told what to load;
    // with the files it loads them, then refuses idle scans too rare for
    // BMv2's hit times.
    let Ok(ssg) = bmv2::grpc::GrpcSwitch::find() else {
        println!("the agent not run against BMv2: no simple_switch_grpc");
        return;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let addr = format!("127.0.0.1:{port}");
    let _bmv2 = bmv2::grpc::GrpcSwitch::start(&ssg, &dir.join("bmv2"), 1, &addr, None)
        .expect("simple_switch_grpc starts");
    let agent = |extra: &[&str]| {
        let mut args = vec![
            "filter",
            "agent",
            "--switch",
            &addr,
            "--link",
            "none0",
            "--cells",
            "tables",
            "--state-bits",
            "0",
            "--sram-mib",
            "1",
            "--connect-timeout",
            "5",
        ];
        args.extend_from_slice(extra);
        let o = tandem(&args);
        assert!(!o.status.success(), "{extra:?}");
        text(&o.stderr)
    };
    let e = agent(&[]);
    assert!(e.contains("give --p4info and --device-config"), "{e}");
    let (info, json) = (dir.join("p4c.p4info.txtpb"), dir.join("switch.json"));
    let e = agent(&[
        "--p4info",
        path_str(&info),
        "--device-config",
        path_str(&json),
        "--scan-every",
        "5",
    ]);
    assert!(
        e.contains("--scan-every 5") && e.contains("P4C_HIT_HORIZON"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
