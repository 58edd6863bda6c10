//! `tandem trace` end to end: runs the built binary.

mod common;

use common::{path_str, scratch, tandem, text};

use std::path::Path;

fn packet_count(p: &Path) -> u64 {
    let mut n = 0;
    for r in trace::pcap::PcapReader::open(p).unwrap_or_else(|e| panic!("{e}")) {
        r.unwrap_or_else(|e| panic!("{e}"));
        n += 1;
    }
    n
}

#[test]
fn gen_with_defaults_then_stats() {
    let dir = scratch("defaults");
    let out = dir.join("x.pcap");
    let g = tandem(&["trace", "gen", "-o", path_str(&out)]);
    assert!(g.status.success(), "{}", text(&g.stderr));
    let n = packet_count(&out);
    assert!(n > 100);
    assert!(
        text(&g.stdout).contains(&format!("wrote {n} packets")),
        "{}",
        text(&g.stdout)
    );

    let s = tandem(&["trace", "stats", path_str(&out)]);
    assert!(s.status.success(), "{}", text(&s.stderr));
    let table = text(&s.stdout);
    assert!(table.contains(&format!("packets       {n}")), "{table}");
    assert!(table.contains("handshakes    100 TCP flows"), "{table}");

    let j = tandem(&["trace", "stats", "--json", path_str(&out)]);
    assert!(j.status.success());
    let v: serde_json::Value = serde_json::from_slice(&j.stdout).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v["stats"]["packets"], n);
    assert_eq!(v["stats"]["flows"], 100);
    assert!(v["error"].is_null());
}

#[test]
fn same_seed_same_file() {
    let dir = scratch("seed");
    let run = |name: &str, seed: &str| {
        let p = dir.join(name);
        let args = [
            "trace",
            "gen",
            "-w",
            "trojan",
            "--flows",
            "30",
            "--seed",
            seed,
            "--nanosecond",
            "-o",
            path_str(&p),
        ];
        assert!(tandem(&args).status.success());
        std::fs::read(&p).unwrap_or_else(|e| panic!("{e}"))
    };
    let (a, b, c) = (run("a.pcap", "5"), run("b.pcap", "5"), run("c.pcap", "6"));
    assert!(a == b && a != c);
    // Nanosecond magic, little-endian.
    assert_eq!(&a[..4], &[0x4d, 0x3c, 0xb2, 0xa1]);
}

#[test]
fn sides_writes_two_files_that_add_up() {
    let dir = scratch("sides");
    let whole = dir.join("w.pcap");
    let split = dir.join("s.pcap");
    let common = [
        "trace",
        "gen",
        "-w",
        "cache",
        "--flows",
        "20",
        "--server-ip",
        "10.0.0.1",
    ];
    let mut a = common.to_vec();
    a.extend(["-o", path_str(&whole)]);
    assert!(tandem(&a).status.success());
    let mut b = common.to_vec();
    b.extend(["--sides", "-o", path_str(&split)]);
    let out = tandem(&b);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (c, s) = (dir.join("s.client.pcap"), dir.join("s.server.pcap"));
    assert_eq!(packet_count(&c) + packet_count(&s), packet_count(&whole));
    assert!(!split.exists(), "--sides writes only the two side files");
    for r in trace::pcap::PcapReader::open(&s).unwrap_or_else(|e| panic!("{e}")) {
        let p = r.unwrap_or_else(|e| panic!("{e}"));
        let h = wire::headers::parse_frame(&p.data).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            h.ipv4().map(|ip| ip.src_addr()),
            Some(std::net::Ipv4Addr::new(10, 0, 0, 1))
        );
    }
}

#[test]
fn stats_of_a_truncated_file_prints_what_was_read_then_fails() {
    let dir = scratch("trunc");
    let out = dir.join("t.pcap");
    assert!(
        tandem(&[
            "trace",
            "gen",
            "-w",
            "fixed:100",
            "--flows",
            "2",
            "--packets-per-flow",
            "5",
            "-o",
            path_str(&out)
        ])
        .status
        .success()
    );
    let bytes = std::fs::read(&out).unwrap_or_else(|e| panic!("{e}"));
    // 10 records of 16 + 100 bytes after the 24-byte header; cut inside the 8th.
    assert_eq!(bytes.len(), 24 + 10 * 116);
    let cut = dir.join("cut.pcap");
    std::fs::write(&cut, &bytes[..24 + 7 * 116 + 50]).unwrap_or_else(|e| panic!("{e}"));
    let s = tandem(&["trace", "stats", path_str(&cut)]);
    assert!(!s.status.success());
    assert!(
        text(&s.stdout).contains("packets       7"),
        "{}",
        text(&s.stdout)
    );
    let err = text(&s.stderr);
    assert!(
        err.contains("byte offset 836") && err.contains("packet 8") && err.contains("truncated"),
        "{err}"
    );

    let j = tandem(&["trace", "stats", "--json", path_str(&cut)]);
    assert!(!j.status.success());
    let v: serde_json::Value = serde_json::from_slice(&j.stdout).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v["stats"]["packets"], 7);
    assert_eq!(v["error"]["offset"], 836);
    assert_eq!(v["error"]["packet"], 8);
}

#[test]
fn stats_rejects_non_pcap_and_missing_files() {
    let dir = scratch("bad");
    let f = dir.join("notes.txt");
    std::fs::write(&f, "just some text\n").unwrap_or_else(|e| panic!("{e}"));
    let s = tandem(&["trace", "stats", path_str(&f)]);
    assert!(!s.status.success());
    assert!(
        text(&s.stderr).contains("not a pcap or pcapng file"),
        "{}",
        text(&s.stderr)
    );
    let s = tandem(&["trace", "stats", path_str(&dir.join("missing.pcap"))]);
    assert!(!s.status.success());
    assert!(
        text(&s.stderr).contains("cannot open"),
        "{}",
        text(&s.stderr)
    );
}

#[test]
fn bad_options_are_explained() {
    let s = tandem(&["trace", "gen", "-w", "enterprise", "-o", "/dev/null"]);
    assert!(!s.status.success());
    assert!(text(&s.stderr).contains("websearch"), "{}", text(&s.stderr));
    let s = tandem(&["trace", "gen", "--udp-share", "2", "-o", "/dev/null"]);
    assert!(!s.status.success());
    assert!(
        text(&s.stderr).contains("--udp-share"),
        "{}",
        text(&s.stderr)
    );
}

#[test]
fn help_documents_every_option() {
    let h = tandem(&["trace", "gen", "--help"]);
    assert!(h.status.success());
    let help = text(&h.stdout);
    for opt in [
        "--workload",
        "--flows",
        "--seed",
        "--rate",
        "--udp-share",
        "--clients",
        "--servers",
        "--server-ip",
        "--max-flow-bytes",
        "--packets-per-flow",
        "--trojan-share",
        "--attack-share",
        "--sides",
        "--nanosecond",
        "--output",
        "[default: websearch]",
        "[default: 100]",
    ] {
        assert!(help.contains(opt), "gen --help lacks {opt}:\n{help}");
    }
    let h = tandem(&["trace", "stats", "--help"]);
    assert!(text(&h.stdout).contains("--json"));
    let h = tandem(&["trace", "--help"]);
    assert!(text(&h.stdout).contains("gen") && text(&h.stdout).contains("stats"));
}
