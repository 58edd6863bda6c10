//! Differential test against BMv2: the same program (its v1model P4 compiled by
//! p4c), the same table entries and register values, the same seeded traffic
//! through the switch model and through `simple_switch` with pcap-file ports;
//! the packets out of every port (byte for byte, in order) and the final
//! register contents must be equal.
//!
//! Needs p4c and BMv2 (on PATH, or `TANDEM_P4C` / `TANDEM_BMV2`); without them it
//! prints why it skips, unless `TANDEM_REQUIRE_TOOLS=1` (CI), where it fails.

// The packet builders and programs of the model's own tests, so that both sides
// of the comparison are fed alike.
#[path = "../../pipe/tests/common/mod.rs"]
mod common;

use std::time::Duration;

use bmv2::{Bmv2, Run};
use common::*;
use p4gen::p4c::P4c;
use pipe::{KeyMatch, Program, TableEntry, examples};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Packets per program.
const PACKETS: usize = 10_000;

fn tools() -> Option<(P4c, Bmv2)> {
    match P4c::find().and_then(|p| Ok((p, Bmv2::find()?))) {
        Ok(t) => Some(t),
        Err(e) => {
            let required = std::env::var("TANDEM_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
            assert!(!required, "TANDEM_REQUIRE_TOOLS=1 but {e}");
            println!("skipped: {e}");
            None
        }
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free local port")
}

/// Runs both and compares; returns the number of packets that came out.
fn differential(name: &str, program: &Program, run: &Run, p4c: &P4c, bmv2: &Bmv2) -> usize {
    let diffs = differences(name, program, run, run, p4c, bmv2);
    assert!(diffs.is_empty(), "{name}: {}", diffs.join("\n"));
    let (want, _) = bmv2::model(program, run).expect("the model runs");
    want.out.values().map(Vec::len).sum()
}

/// The differences between the model running `run` and BMv2 running `on_bmv2`.
fn differences(
    name: &str,
    program: &Program,
    run: &Run,
    on_bmv2: &Run,
    p4c: &P4c,
    bmv2: &Bmv2,
) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("tandem-bmv2-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (want, recirculated) = bmv2::model(program, run).expect("the model runs");
    let got = bmv2
        .run(
            p4c,
            program,
            on_bmv2,
            &dir,
            free_port(),
            Duration::from_secs(120),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let diffs = bmv2::compare(&want, &recirculated, &got);
    let _ = std::fs::remove_dir_all(&dir);
    diffs
}

const IPS: [u32; 6] = [
    0x0a00_0001,
    0x0a00_0042,
    0x0a01_0203,
    0xc612_0001,
    0xc613_0101,
    0x0808_0808,
];

/// Seeded frames: TCP and UDP between a small address pool (so tables hit),
/// ARP-like and unknown EtherTypes, truncated frames; some with TTL 1.
fn traffic(rng: &mut ChaCha8Rng, in_ports: &[u16], n: usize) -> Vec<(u16, Vec<u8>)> {
    (0..n)
        .map(|_| {
            let port = in_ports[rng.random_range(0..in_ports.len())];
            let (s, d) = (
                IPS[rng.random_range(0..IPS.len())],
                IPS[rng.random_range(0..IPS.len())],
            );
            let sport = [1000, 5555, 40000][rng.random_range(0..3)];
            let dport = [80, 81, 443][rng.random_range(0..3)];
            let payload: Vec<u8> = (0..rng.random_range(0..40)).map(|_| rng.random()).collect();
            let mut f = match rng.random_range(0..10) {
                0..=4 => tcp(
                    s,
                    d,
                    sport,
                    dport,
                    [1, 64][rng.random_range(0..2)],
                    &payload,
                ),
                5..=6 => udp(s, d, sport, dport, &payload),
                7 => {
                    let mut f = ethernet([MAC_A, MAC_B][rng.random_range(0..2)], MAC_A, 0x0806);
                    f.extend_from_slice(&payload);
                    f
                }
                8 => {
                    let mut f = ethernet(MAC_B, MAC_A, 0x88b5);
                    f.extend_from_slice(&[0, 3, 0, 0]);
                    f.extend_from_slice(&payload);
                    f
                }
                _ => tcp(s, d, sport, dport, 64, &payload),
            };
            if f.len() > 16 && rng.random_range(0..50) == 0 {
                let cut = rng.random_range(15..f.len());
                f.truncate(cut);
            }
            (port, f)
        })
        .collect()
}

fn forwarder(rng: &mut ChaCha8Rng) -> (Program, Run) {
    let lpm = |v: u32, len: u8, port: u64| {
        (
            "ipv4_lpm".to_string(),
            TableEntry {
                key: vec![KeyMatch::Lpm {
                    value: u64::from(v),
                    prefix_len: len,
                }],
                action: "set_nhop".into(),
                args: vec![0x0200_0000_00c0 + port, 0x0200_0000_0001, port],
                priority: 0,
            },
        )
    };
    let run = Run {
        entries: vec![
            (
                "dmac".into(),
                TableEntry::exact(&[MAC_A], "l2_forward", &[2]),
            ),
            (
                "dmac".into(),
                TableEntry::exact(&[MAC_B], "l2_forward", &[3]),
            ),
            lpm(0x0a00_0000, 8, 1),
            lpm(0x0a01_0000, 16, 2),
            lpm(0xc612_0000, 15, 3),
        ],
        registers: vec![],
        meters: vec![],
        packets: traffic(rng, &[0, 1, 2, 3], PACKETS),
        ports: vec![192],
    };
    (examples::l2l3_forwarder(), run)
}

fn nat(rng: &mut ChaCha8Rng) -> (Program, Run) {
    let mut entries = Vec::new();
    for (i, &s) in IPS.iter().take(3).enumerate() {
        for &d in &IPS[3..] {
            let key = [u64::from(s), u64::from(d), 6, 5555, 443];
            entries.push((
                "nat".to_string(),
                TableEntry::exact(&key, "rewrite", &[0xc612_00ff, 40000 + i as u64, 7]),
            ));
        }
    }
    let run = Run {
        entries,
        registers: vec![("next_port".into(), 0, 65530)],
        meters: vec![],
        packets: traffic(rng, &[0, 1], PACKETS),
        ports: vec![7, 192],
    };
    (examples::nat(), run)
}

fn acl(rng: &mut ChaCha8Rng) -> (Program, Run) {
    let t = |v: u64, m: u64| KeyMatch::Ternary { value: v, mask: m };
    let any = t(0, 0);
    let mut entries: Vec<(String, TableEntry)> = (0..4u64)
        .map(|p| {
            (
                "port_map".to_string(),
                TableEntry::exact(&[p], "fwd", &[p + 10]),
            )
        })
        .collect();
    for (key, action, priority) in [
        (
            vec![t(0x0a00_0000, 0xff00_0000), any, any, t(80, 0xffff)],
            "permit",
            10,
        ),
        (vec![t(0x0a00_0042, 0xffff_ffff), any, any, any], "deny", 20),
        (
            vec![any, t(0xc613_0000, 0xffff_0000), any, any],
            "permit",
            5,
        ),
        (vec![any, any, t(17, 0xff), any], "permit", 7),
    ] {
        entries.push((
            "acl".into(),
            TableEntry {
                key,
                action: action.into(),
                args: vec![],
                priority,
            },
        ));
    }
    let run = Run {
        entries,
        registers: vec![],
        meters: vec![],
        packets: traffic(rng, &[0, 1, 2, 3], PACKETS),
        ports: vec![10, 11, 12, 13],
    };
    (examples::acl(), run)
}

fn recirc(rng: &mut ChaCha8Rng) -> (Program, Run) {
    let run = Run {
        entries: vec![(
            "punt".into(),
            TableEntry::exact(&[0x0806], "punt_to_cpu", &[5]),
        )],
        registers: vec![],
        meters: vec![],
        packets: traffic(rng, &[0, 9], PACKETS),
        ports: vec![1, 192],
    };
    (examples::recirc_cpu(), run)
}

#[test]
fn bmv2_matches_the_model_on_the_pipe_examples() {
    let Some((p4c, bmv2)) = tools() else { return };
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    type Case = fn(&mut ChaCha8Rng) -> (Program, Run);
    let cases: [(&str, Case); 4] = [
        ("l2l3_forwarder", forwarder),
        ("nat", nat),
        ("acl", acl),
        ("recirc_cpu", recirc),
    ];
    for (name, case) in cases {
        let (program, run) = case(&mut rng);
        let out = differential(name, &program, &run, &p4c, &bmv2);
        println!(
            "{name}: {} packets in, {out} out, no difference",
            run.packets.len()
        );
        assert!(
            out > 0,
            "{name}: nothing came out; the comparison says little"
        );
    }
}

/// The comparison can fail: BMv2 given one other action parameter and one other
/// register value is caught on all counts (packets, table contents, registers).
#[test]
fn a_different_entry_or_register_is_a_difference() {
    let Some((p4c, bmv2)) = tools() else { return };
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (program, mut run) = nat(&mut rng);
    run.packets.truncate(500);
    let mut other = run.clone();
    other.entries[0].1.args[2] = 8;
    other.registers[0].2 = 1;
    other.ports.push(8);
    let diffs = differences("nat-negative", &program, &run, &other, &p4c, &bmv2);
    assert!(diffs.iter().any(|d| d.contains("port 8")), "{diffs:?}");
    assert!(
        diffs.iter().any(|d| d.starts_with("table `nat`")),
        "{diffs:?}"
    );
    assert!(
        diffs.iter().any(|d| d.starts_with("registers")),
        "{diffs:?}"
    );
}

/// Meters: the policer with a trTCM cell on each of two ports (rates of a few
/// packets per second, so BMv2's wall-clock refill during the replay adds no
/// whole token) colours a burst alike in both: green, yellow (remarked), red
/// (dropped) in RFC 2698 order, per cell, and an unconfigured cell green.
#[test]
fn bmv2_meters_colour_a_burst_like_the_model() {
    let Some((p4c, bmv2)) = tools() else { return };
    let cfg = |c: u64, p: u64| pipe::meter::MeterConfig {
        cir: 1,
        cburst: c,
        pir: 2,
        pburst: p,
    };
    let mut packets = Vec::new();
    for i in 0..40u16 {
        let port = [1, 3, 5][usize::from(i % 3)];
        packets.push((
            port,
            tcp(0x0a00_0001, 0x0a00_0002, 1000 + i, 80, 64, b"meter"),
        ));
    }
    let run = Run {
        entries: [(1, 11), (3, 13), (5, 15)]
            .into_iter()
            .map(|(i, o)| ("port_map".to_string(), TableEntry::exact(&[i], "fwd", &[o])))
            .collect(),
        registers: vec![],
        meters: vec![
            ("port_meter".into(), 1, cfg(3, 5)),
            ("port_meter".into(), 3, cfg(1, 4)),
        ],
        packets,
        ports: vec![11, 13, 15],
    };
    let program = examples::policer();
    let (want, _) = bmv2::model(&program, &run).expect("the model runs");
    // The model's colours: port 1 has 3 green, 2 yellow; port 3 1 green, 3
    // yellow; port 5 (unconfigured) all 13 green; the rest red.
    let dscp = |p: u16| -> Vec<u8> {
        want.out
            .get(&p)
            .map_or(vec![], |v| v.iter().map(|f| f[15]).collect())
    };
    assert_eq!(dscp(11), [0, 0, 0, 0x0a, 0x0a]);
    assert_eq!(dscp(13), [0, 0x0a, 0x0a, 0x0a]);
    assert_eq!(dscp(15), vec![0; 13]);
    let diffs = differences("policer", &program, &run, &run, &p4c, &bmv2);
    assert!(diffs.is_empty(), "policer: {}", diffs.join("\n"));
    // And a different depth is a difference.
    let mut other = run.clone();
    other.meters[0].2 = cfg(2, 5);
    let diffs = differences("policer-negative", &program, &run, &other, &p4c, &bmv2);
    assert!(diffs.iter().any(|d| d.contains("port 11")), "{diffs:?}");
}

/// Regression for the model bug BMv2 found in PayloadPark: fields written while
/// their header is invalid (by a move, a hash and a register output) come out
/// as BMv2 emits them, and the register counts every packet on both.
#[test]
fn writes_to_an_invalid_header_match_bmv2() {
    let Some((p4c, bmv2)) = tools() else { return };
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let run = Run {
        entries: vec![],
        registers: vec![("seen".into(), 0, 5)],
        meters: vec![],
        packets: traffic(&mut rng, &[0, 2], PACKETS),
        ports: vec![1],
    };
    let out = differential("early_writes", &early_writes(), &run, &p4c, &bmv2);
    println!("early_writes: {PACKETS} packets in, {out} out, no difference");
    assert!(out >= PACKETS * 9 / 10, "{out} packets out");
}
