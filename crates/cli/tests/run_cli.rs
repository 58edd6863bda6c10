//! `tandem run` end to end: runs the built binary on the five examples and
//! checks what leaves each port (read back with the trace crate, checksums with
//! wire, and with tcpdump when installed) against the NFs' described behaviour.

mod common;

use common::{example, path_str, run_ok, scratch, tandem, text, trace_gen};

use std::collections::BTreeSet;
use std::net::{Ipv4Addr, SocketAddrV4};
use std::path::Path;
use std::process::Command;

/// Frames of `DIR/portN.pcap`, each checked to have valid IPv4 and TCP/UDP checksums.
fn port(dir: &Path, n: u16) -> Vec<Vec<u8>> {
    let path = dir.join(format!("port{n}.pcap"));
    let frames: Vec<Vec<u8>> = trace::pcap::PcapReader::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .map(|p| p.unwrap_or_else(|e| panic!("{}: {e}", path.display())).data)
        .collect();
    for (i, f) in frames.iter().enumerate() {
        let c = wire::parse_frame(f)
            .unwrap_or_else(|e| panic!("{e}"))
            .checksums();
        assert_eq!(
            (c.ipv4, c.l4),
            (Some(true), Some(true)),
            "{} #{i}",
            path.display()
        );
    }
    tcpdump_reads(&path, frames.len());
    frames
}

/// tcpdump reads the file cleanly and sees every packet. Skips (saying so) when
/// tcpdump is missing, unless TANDEM_REQUIRE_TOOLS=1.
fn tcpdump_reads(path: &Path, packets: usize) {
    let Some(tcpdump) = [
        "/usr/bin/tcpdump",
        "/usr/sbin/tcpdump",
        "/usr/local/bin/tcpdump",
    ]
    .iter()
    .map(Path::new)
    .find(|p| p.is_file()) else {
        let required = std::env::var("TANDEM_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "tcpdump is not installed but TANDEM_REQUIRE_TOOLS=1"
        );
        println!("skipping the tcpdump check: tcpdump not found");
        return;
    };
    let o = Command::new(tcpdump)
        .args(["-n", "-r", path_str(path)])
        .output()
        .unwrap_or_else(|e| panic!("tcpdump: {e}"));
    let err = text(&o.stderr);
    assert!(o.status.success(), "tcpdump -r {}: {err}", path.display());
    let noise: Vec<&str> = err
        .lines()
        .filter(|l| {
            !l.is_empty() && !l.contains("reading from file") && !l.contains("Running as user")
        })
        .collect();
    assert!(noise.is_empty(), "tcpdump warned: {noise:?}");
    assert_eq!(
        text(&o.stdout).lines().count(),
        packets,
        "tcpdump's count of {}",
        path.display()
    );
}

/// (source, destination) of a TCP/UDP frame.
fn ends(f: &[u8]) -> (SocketAddrV4, SocketAddrV4) {
    let key = wire::FlowKey::from_frame(f)
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("no flow key"));
    (
        SocketAddrV4::new(key.src_addr, key.src_port),
        SocketAddrV4::new(key.dst_addr, key.dst_port),
    )
}

fn n(v: &serde_json::Value) -> u64 {
    v.as_u64().unwrap_or(0)
}

#[test]
fn mazunat_translates_out_and_back() {
    let dir = scratch("nat");
    let v = run_ok(
        &dir,
        &[
            &example("mazunat.nf"),
            "--set",
            "external_ip=203.0.113.9",
            "--set",
            "port_min=5000",
            "--set",
            "port_max=5999",
            "--flows",
            "40",
        ],
    )
    .0;
    let out1 = port(&dir, 1);
    assert!(!out1.is_empty());
    for f in &out1 {
        let (src, _) = ends(f);
        assert_eq!(*src.ip(), Ipv4Addr::new(203, 0, 113, 9));
        assert!((5000..=5999).contains(&src.port()));
    }
    // Replies reach the internal clients (198.18.0.0/16), never the NAT address.
    let out0 = port(&dir, 0);
    for f in &out0 {
        assert_eq!(ends(f).1.ip().octets()[..2], [198, 18]);
    }
    assert_eq!(n(&v["packets_out"]["0"]), out0.len() as u64);
    assert_eq!(
        n(&v["packets_out"]["0"]),
        n(&v["packets_in"]["1"]),
        "every reply translated"
    );
    assert_eq!(n(&v["packets_out"]["1"]), n(&v["packets_in"]["0"]));
    assert_eq!(n(&v["dropped"]), 0);
    assert_eq!(v["source"]["name"], "websearch", "the default workload");
    assert!(n(&v["state_sizes"]["nat_out"]) > 0);
}

#[test]
fn lb_uses_the_backends_and_answers_from_the_vip() {
    let dir = scratch("lb");
    let v = run_ok(
        &dir,
        &[
            &example("lb.nf"),
            "--set",
            "vip=10.1.0.1",
            "--set",
            "backends=10.1.1.1,10.1.1.2",
            "--flows",
            "40",
            "--seed",
            "3",
        ],
    )
    .0;
    let backends = [Ipv4Addr::new(10, 1, 1, 1), Ipv4Addr::new(10, 1, 1, 2)];
    let used: BTreeSet<Ipv4Addr> = port(&dir, 1).iter().map(|f| *ends(f).1.ip()).collect();
    assert_eq!(used, backends.into_iter().collect());
    for f in port(&dir, 0) {
        assert_eq!(*ends(&f).0.ip(), Ipv4Addr::new(10, 1, 0, 1));
    }
    assert_eq!(
        v["source"]["servers"][0], "10.1.0.1",
        "clients talk to the VIP"
    );
    assert_eq!(n(&v["dropped"]), 0);
}

#[test]
fn firewall_passes_only_the_listed_tuple() {
    let dir = scratch("fw");
    // A capture from the generator, then a rule for its first connection only.
    let cap = dir.join("in.pcap");
    trace_gen(&cap, &["--flows", "10", "--max-flow-bytes", "5000"]);
    let frames: Vec<Vec<u8>> = trace::pcap::PcapReader::open(&cap)
        .unwrap_or_else(|e| panic!("{e}"))
        .map(|p| p.unwrap_or_else(|e| panic!("{e}")).data)
        .collect();
    let (a, b) = ends(&frames[0]);
    let rules = dir.join("rules");
    std::fs::write(
        &rules,
        format!("tcp {} {} {} {}\n", a.ip(), a.port(), b.ip(), b.port()),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let listed = |f: &Vec<u8>| {
        let e = ends(f);
        e == (a, b) || e == (b, a)
    };
    let expected = frames.iter().filter(|f| listed(f)).count() as u64;
    let v = run_ok(
        &dir,
        &[
            &example("firewall.nf"),
            "--set",
            &format!("rules={}", path_str(&rules)),
            "--input",
            path_str(&cap),
        ],
    )
    .0;
    let out = port(&dir, 1);
    assert!(out.iter().all(listed));
    assert_eq!(out.len() as u64, expected);
    assert!(port(&dir, 0).is_empty(), "all input entered port 0");
    assert_eq!(n(&v["dropped"]), frames.len() as u64 - expected);
    assert_eq!(v["source"]["kind"], "pcap");
}

#[test]
fn proxy_redirects_web_traffic_only() {
    let dir = scratch("proxy");
    let v = run_ok(&dir, &[&example("proxy.nf"), "--flows", "60"]).0;
    assert_eq!(
        v["source"]["name"], "trojan",
        "the app-mix default workload"
    );
    let proxy = SocketAddrV4::new(Ipv4Addr::new(10, 0, 0, 200), 3128);
    let (mut redirected, mut other) = (0, 0);
    for f in port(&dir, 1) {
        let dst = ends(&f).1;
        assert!(
            ![80, 8080].contains(&dst.port()),
            "{dst} should have gone to the proxy"
        );
        if dst == proxy {
            redirected += 1
        } else {
            other += 1
        }
    }
    assert!(redirected > 0 && other > 0, "{redirected} {other}");
}

#[test]
fn trojan_reports_the_generators_trojan_hosts() {
    let dir = scratch("trojan");
    let v = run_ok(
        &dir,
        &[&example("trojan.nf"), "--flows", "200", "--seed", "5"],
    )
    .0;
    // Ground truth from the trace crate for the same workload options.
    let c = lang::compile_file(Path::new(&example("trojan.nf")), &lang::Overrides::new())
        .unwrap_or_else(|e| panic!("{e}"));
    let req = runner::WorkloadRequest {
        flows: Some(200),
        seed: 5,
        ..Default::default()
    };
    let opts = runner::workload::options_for(&c.program, &c.params, &req)
        .unwrap_or_else(|e| panic!("{e}"));
    let truth: BTreeSet<String> = trace::workload::generate(&opts)
        .unwrap_or_else(|e| panic!("{e}"))
        .trojan_hosts
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(!truth.is_empty());
    let hosts: BTreeSet<String> = v["events"]
        .as_array()
        .unwrap_or_else(|| panic!("events"))
        .iter()
        .map(|e| e["fields"]["host"].as_str().unwrap_or("?").to_string())
        .collect();
    assert_eq!(hosts, truth);
    port(&dir, 0);
    port(&dir, 1);
}

#[test]
fn same_seed_same_bytes_and_state_out() {
    let (a, b) = (scratch("det-a"), scratch("det-b"));
    for d in [&a, &b] {
        run_ok(
            d,
            &[
                &example("mazunat.nf"),
                "--flows",
                "20",
                "--seed",
                "9",
                "--state-out",
                path_str(&d.join("state.json")),
            ],
        );
    }
    for f in ["port0.pcap", "port1.pcap", "state.json"] {
        let x = std::fs::read(a.join(f)).unwrap_or_else(|e| panic!("{e}"));
        let y = std::fs::read(b.join(f)).unwrap_or_else(|e| panic!("{e}"));
        assert!(x == y, "{f} differs between identical runs");
    }
    let st: serde_json::Value =
        serde_json::from_slice(&std::fs::read(a.join("state.json")).unwrap_or_default())
            .unwrap_or_default();
    assert_eq!(st["nat_out"]["kind"], "map");
    assert!(n(&st["nat_out"]["size"]) > 0);
}

#[test]
fn config_file_and_set_override_parameters() {
    let dir = scratch("config");
    let cfg = dir.join("nat.toml");
    std::fs::write(
        &cfg,
        "[params]\nexternal_ip = \"192.0.2.77\"\nport_min = 7000\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    run_ok(
        &dir,
        &[
            &example("mazunat.nf"),
            "--config",
            path_str(&cfg),
            "--set",
            "port_min=8000",
            "--flows",
            "5",
        ],
    );
    let first = ends(&port(&dir, 1)[0]).0;
    assert_eq!(
        first,
        SocketAddrV4::new(Ipv4Addr::new(192, 0, 2, 77), 8000),
        "--set wins over the file"
    );
}

#[test]
fn bad_parameters_get_the_front_ends_diagnostics() {
    let dir = scratch("badparam");
    let o = tandem(&[
        "run",
        &example("mazunat.nf"),
        "--output-dir",
        path_str(&dir),
        "--set",
        "port_mni=5",
    ]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(err.contains("E0503") && err.contains("port_mni"), "{err}");
    let o = tandem(&[
        "run",
        &example("mazunat.nf"),
        "--output-dir",
        path_str(&dir),
        "--set",
        "port_min=70000",
    ]);
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("E0502"), "{}", text(&o.stderr));
    let o = tandem(&[
        "run",
        &example("mazunat.nf"),
        "--output-dir",
        path_str(&dir),
        "--set",
        "nonsense",
    ]);
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("nonsense"), "{}", text(&o.stderr));
}

#[test]
fn truncated_input_keeps_earlier_packets_and_says_where() {
    let dir = scratch("trunc");
    let cap = dir.join("in.pcap");
    trace_gen(&cap, &["--flows", "3", "--max-flow-bytes", "3000"]);
    let bytes = std::fs::read(&cap).unwrap_or_else(|e| panic!("{e}"));
    let total = trace::pcap::PcapReader::new(&bytes[..])
        .unwrap_or_else(|e| panic!("{e}"))
        .count();
    std::fs::write(&cap, &bytes[..bytes.len() - 10]).unwrap_or_else(|e| panic!("{e}"));
    let summary = dir.join("s.json");
    let o = tandem(&[
        "run",
        &example("proxy.nf"),
        "--input",
        path_str(&cap),
        "--output-dir",
        path_str(&dir),
        "--summary",
        path_str(&summary),
    ]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains("in.pcap")
            && err.contains(&format!("packet {total}"))
            && err.contains("offset"),
        "{err}"
    );
    // Everything before the cut went through the proxy NF to port 1.
    assert_eq!(port(&dir, 1).len(), total - 1);
    let v: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&summary).unwrap_or_default()).unwrap_or_default();
    assert_eq!(n(&v["input_errors"][0]["packet"]), total as u64);
}

#[test]
fn inputs_on_two_ports_are_merged() {
    let dir = scratch("merge");
    let base = dir.join("t.pcap");
    trace_gen(
        &base,
        &["--flows", "4", "--max-flow-bytes", "4000", "--sides"],
    );
    let (c, sv) = (dir.join("t.client.pcap"), dir.join("t.server.pcap"));
    let v = run_ok(
        &dir,
        &[
            &example("trojan.nf"),
            "--input",
            path_str(&c),
            "--input",
            &format!("1={}", path_str(&sv)),
        ],
    )
    .0;
    let count = |p: &Path| {
        trace::pcap::PcapReader::open(p)
            .unwrap_or_else(|e| panic!("{e}"))
            .count() as u64
    };
    assert_eq!(n(&v["packets_in"]["0"]), count(&c));
    assert_eq!(n(&v["packets_in"]["1"]), count(&sv));
    // Merged by time: each output file is in time order.
    for p in [0, 1] {
        let ts: Vec<u64> = trace::pcap::PcapReader::open(dir.join(format!("port{p}.pcap")))
            .unwrap_or_else(|e| panic!("{e}"))
            .map(|x| x.map(|x| x.ts_ns).unwrap_or(0))
            .collect();
        assert!(ts.windows(2).all(|w| w[0] <= w[1]));
    }
}

#[test]
fn help_explains_the_options() {
    let o = tandem(&["run", "--help"]);
    assert!(o.status.success());
    let h = text(&o.stdout);
    for opt in [
        "--set",
        "--config",
        "--input",
        "--workload",
        "--flows",
        "--seed",
        "--output-dir",
        "--mode",
        "--summary",
        "--state-out",
        "closed loop",
        "reference",
    ] {
        assert!(h.contains(opt), "--help lacks {opt}:\n{h}");
    }
}

/// `--channel bmv2` and `--channel tandem-switch` reach the switch model with
/// their measured costs: a new flow's first packet is held until its cycle's
/// one request (direct inserts: the new keys only) is acknowledged, which
/// takes the preset's request plus its per-entry cost at least, so the held
/// packets' median orders the channels as their costs do.
#[test]
fn channel_presets_set_the_models_costs() {
    let held = |channel: &str| {
        let dir = scratch(&format!("channel-{channel}"));
        let v = run_ok(
            &dir,
            &[
                &example("mazunat.nf"),
                "--flows",
                "20",
                "--channel",
                channel,
            ],
        )
        .0;
        let p = &v["partition"];
        assert!(n(&p["held_packets"]) > 0, "--channel {channel}: {p}");
        n(&p["held_delay"]["p50_ns"])
    };
    let (batched, bmv2, tandem_switch) = (held("batched"), held("bmv2"), held("tandem-switch"));
    // One round of one entry: 128 + 2, 210 + 11, 170 + 2.5 µs.
    assert!(batched >= 130_000, "batched: {batched} ns");
    assert!(bmv2 >= 221_000, "bmv2: {bmv2} ns");
    assert!(
        tandem_switch >= 172_500,
        "tandem-switch: {tandem_switch} ns"
    );
    assert!(
        batched < tandem_switch && tandem_switch < bmv2,
        "{batched} < {tandem_switch} < {bmv2} ns"
    );
    let bad = tandem(&["run", &example("mazunat.nf"), "--channel", "tofino"]);
    assert_eq!(
        bad.status.code(),
        Some(2),
        "clap refuses an unknown channel"
    );
}
