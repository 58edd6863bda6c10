//! `tandem box` on live interfaces: a client and a server namespace with their
//! own kernel TCP stacks talk through a CoMb box running live on veth
//! interfaces in a switch namespace (`common::netns`). The box's configuration
//! has one class (TCP from the client's /24 to the server's /24, port 8080)
//! served by the hyperapp `flowmon > ids`, split over cores 0 and 1 by flow
//! hash. The test checks that
//!
//! - downloads on the class's port and on a port of no class arrive intact;
//! - every packet of the class (counted from the recorded inputs) is counted
//!   to the class, in its direction, and processed by every application of
//!   the hyperapp, and by nothing else;
//! - every packet of no class passes through unprocessed and is counted as
//!   such;
//! - replaying the recording through `tandem box --input` gives the same
//!   packets on every port and the same counts.
//!
//! Needs root, `ip` and `ethtool`; skipped with a printed reason when not root,
//! and fails when the tools are missing under TANDEM_REQUIRE_TOOLS=1. Addresses
//! are in 198.18.0.0/15 only; namespaces are deleted whatever happens.

mod common;

use std::net::SocketAddrV4;
use std::path::{Path, PathBuf};

use common::live::*;
use common::netns::*;
use common::*;

const CLASS_PORT: u16 = 8080;
const OTHER_PORT: u16 = 8081;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One class, `flowmon > ids`, on cores 0 and 1 (half the flow hash each).
fn config() -> serde_json::Value {
    let label = "flowmon>ids []";
    serde_json::json!({
        "node": "LIVE",
        "topology": { "nodes": 2, "classes": 1, "fingerprint": "fnv1a64:live-test" },
        "flow_hash": { "function": "crc32-canonical-5tuple", "seed": 0 },
        "cores_total": 2,
        "load": [0.5],
        "assignments": [{
            "class": 0,
            "hyperapp": ["flowmon", "ids"],
            "label": label,
            "modules": [],
            "fraction": 1.0,
            "forward": [{
                "src": "198.18.0.0/24", "dst": "198.19.0.0/24",
                "protocol": "tcp", "dst_ports": [CLASS_PORT]
            }],
            "reverse": [{
                "src": "198.19.0.0/24", "dst": "198.18.0.0/24",
                "protocol": "tcp", "src_ports": [CLASS_PORT]
            }]
        }],
        "cores": [
            { "core": 0, "hyperapp": label, "fraction": 0.5 },
            { "core": 1, "hyperapp": label, "fraction": 0.5 }
        ],
        "max_core_load": 0.25,
        "queues": [
            { "queue": 0, "core": 0, "hyperapp": label, "hash": [0u64, 2_147_483_648u64] },
            { "queue": 1, "core": 1, "hyperapp": label, "hash": [2_147_483_648u64, 4_294_967_296u64] }
        ]
    })
}

/// What the classifier should make of the recorded inputs: (class forward,
/// class reverse, IPv4 of no class, not IPv4).
fn expected_counts(rec: &Path) -> [u64; 4] {
    let mut c = [0u64; 4];
    for port in 0..2 {
        for f in frames(&rec.join(format!("in/port{port}.pcap"))) {
            let ipv4 = f.len() >= 34 && f[12..14] == [0x08, 0x00] && f[14] >> 4 == 4;
            if !ipv4 {
                c[3] += 1;
                continue;
            }
            let ihl = usize::from(f[14] & 0x0f) * 4;
            let fragment = u16::from_be_bytes([f[20], f[21]]) & 0x3fff != 0;
            let l4 = 14 + ihl;
            if fragment {
                c[3] += 1;
            } else if f[23] == 6 && f.len() >= l4 + 4 {
                let sport = u16::from_be_bytes([f[l4], f[l4 + 1]]);
                let dport = u16::from_be_bytes([f[l4 + 2], f[l4 + 3]]);
                let (src, dst) = (&f[26..30], &f[30..34]);
                let fwd = src[..3] == [198, 18, 0] && dst[..3] == [198, 19, 0];
                let rev = src[..3] == [198, 19, 0] && dst[..3] == [198, 18, 0];
                if fwd && dport == CLASS_PORT {
                    c[0] += 1;
                } else if rev && sport == CLASS_PORT {
                    c[1] += 1;
                } else {
                    c[2] += 1;
                }
            } else {
                c[2] += 1;
            }
        }
    }
    c
}

fn n(v: &serde_json::Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

/// The counts both runs must agree on.
fn counts(b: &serde_json::Value) -> serde_json::Value {
    serde_json::json!({
        "packets": b["packets"],
        "unmatched": b["unmatched"],
        "not_ip": b["not_ip"],
        "dropped": b["dropped"],
        "classes": b["classes"],
        "hyperapps": b["hyperapps"],
        "applications": b["applications"].as_array().map(|a| a.iter().map(|x| {
            serde_json::json!([x["application"], x["packets"], x["dropped"], x["events"]])
        }).collect::<Vec<_>>()),
        "core_packets": b["cores"].as_array().map(|a| a.iter().map(|x| {
            serde_json::json!([x["core"], x["packets"]])
        }).collect::<Vec<_>>()),
    })
}

#[test]
fn the_live_box_processes_its_class_passes_the_rest_and_matches_the_replay() {
    let Some(root) = can_run("live box", &[]) else {
        return;
    };
    let topo = Topology::new(root, "box", 1);
    let dir = scratch("live-box");
    let cfg = dir.join("LIVE.json");
    std::fs::write(&cfg, config().to_string()).expect("config");
    let catalog = repo().join("examples/box/catalog.toml");
    let box_args = [
        "--config",
        path_str(&cfg),
        "--catalog",
        path_str(&catalog),
        "--oversubscribe",
    ];
    let live = LiveProcess::start_command(&dir, &topo.switch, "box", &box_args);

    let server = SocketAddrV4::new(topo.server_ip(0), CLASS_PORT);
    let other = SocketAddrV4::new(topo.server_ip(0), OTHER_PORT);
    let ns = &topo.servers[0];
    let (stop, handles) = servers(&[(ns.clone(), server), (ns.clone(), other)]);
    let class_sizes = [1_000usize, 20_000, 150_000, 400_000, 3_000, 60_000];
    let other_sizes = [5_000usize, 80_000];
    topo.client
        .thread(move || {
            for (i, &s) in class_sizes.iter().enumerate() {
                download(server, i as u32, s);
            }
            for (i, &s) in other_sizes.iter().enumerate() {
                download(other, 100 + i as u32, s);
            }
        })
        .join()
        .expect("downloads");
    let served = stop_servers(stop, handles);
    assert_eq!(served[0].len(), class_sizes.len());
    assert_eq!(served[1].len(), other_sizes.len());
    let rec = live.record.clone();
    let v = live.stop();
    let b = &v["box"];
    println!(
        "box summary: {}",
        serde_json::to_string_pretty(&counts(b)).unwrap_or_default()
    );

    // The classifier's counts are exactly what the recorded inputs hold.
    let [fwd, rev, unmatched, not_ip] = expected_counts(&rec);
    assert!(fwd > 50 && rev > 50, "class traffic {fwd}/{rev}");
    assert!(unmatched >= 10, "traffic of no class: {unmatched}");
    assert_eq!(n(&b["packets"]), fwd + rev + unmatched + not_ip, "{b}");
    assert_eq!(n(&b["classes"][0]["forward"]), fwd, "{b}");
    assert_eq!(n(&b["classes"][0]["reverse"]), rev, "{b}");
    assert_eq!(n(&b["unmatched"]), unmatched, "{b}");
    assert_eq!(n(&b["not_ip"]), not_ip, "{b}");
    // Every packet of the class went through both applications, and no other.
    assert_eq!(n(&b["hyperapps"][0]["packets"]), fwd + rev, "{b}");
    for a in b["applications"].as_array().expect("applications") {
        assert_eq!(n(&a["packets"]), fwd + rev, "{a}");
        assert_eq!(n(&a["dropped"]), 0, "{a}");
    }
    let per_core: u64 = b["cores"]
        .as_array()
        .expect("cores")
        .iter()
        .map(|c| n(&c["packets"]))
        .sum();
    assert_eq!(per_core, fwd + rev, "{b}");
    assert_eq!(n(&b["failed"]), 0, "{b}");
    assert_eq!(n(&v["run"]["failed"]), 0, "{v}");
    assert_eq!(b["execution"], "threads", "{b}");
    // What came in went out, the other way.
    let ins: u64 = (0..2)
        .map(|p| frames(&rec.join(format!("in/port{p}.pcap"))).len() as u64)
        .sum();
    let outs: u64 = (0..2)
        .map(|p| frames(&rec.join(format!("out/port{p}.pcap"))).len() as u64)
        .sum();
    assert_eq!(ins, outs, "every frame forwarded");

    // The recording through the same box, offline: same packets, same counts.
    let replay = dir.join("replay");
    let replay_summary = dir.join("replay.json");
    let in0 = format!("0={}", path_str(&rec.join("in/port0.pcap")));
    let in1 = format!("1={}", path_str(&rec.join("in/port1.pcap")));
    let mut args = vec!["box"];
    args.extend_from_slice(&box_args);
    args.extend_from_slice(&[
        "-i",
        &in0,
        "-i",
        &in1,
        "-o",
        path_str(&replay),
        "--summary",
        path_str(&replay_summary),
    ]);
    let o = tandem(&args);
    assert!(
        o.status.success(),
        "replay: {}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    for port in 0..2 {
        let live_out = frames(&rec.join(format!("out/port{port}.pcap")));
        let replay_out = frames(&replay.join(format!("port{port}.pcap")));
        assert_eq!(live_out.len(), replay_out.len(), "port {port}: packets");
        if let Some(i) = (0..live_out.len()).find(|&i| live_out[i] != replay_out[i]) {
            panic!("port {port}: live and replayed packets differ first at packet {i}");
        }
    }
    let r: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&replay_summary).expect("replay summary"))
            .expect("replay json");
    assert_eq!(counts(&r["box"]), counts(b), "live vs replay counts");
    let _ = std::fs::remove_dir_all(&dir);
}
