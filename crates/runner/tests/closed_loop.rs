//! The closed loop itself, with tiny programs whose behaviour is obvious.

mod common;

use common::*;
use runner::{PacketLog, ReferenceEngine};
use trace::workload::GenOptions;

fn program(src: &str) -> ir::Program {
    lang::compile(
        "p",
        src,
        &lang::Overrides::new(),
        &lang::FsLoader { base: None },
    )
    .unwrap_or_else(|d| panic!("{d:?}"))
    .program
}

fn run(src: &str, trace: &trace::workload::Trace) -> (runner::Summary, Vec<runner::Emitted>) {
    let p = program(src);
    let mut e = ReferenceEngine::new(&p).unwrap_or_else(|e| panic!("{e}"));
    let o = runner::run_workload(&mut e, &p, trace, PacketLog::default(), &mut |_, _| {});
    assert!(o.output_error.is_none());
    (o.summary, o.sink.packets)
}

fn small() -> trace::workload::Trace {
    generate(&GenOptions {
        flows: 30,
        seed: 2,
        udp_share: 0.5,
        max_flow_bytes: Some(10_000),
        ..GenOptions::default()
    })
}

#[test]
fn nothing_reaches_the_servers_when_clients_are_dropped() {
    let trace = small();
    let (s, out) = run("on packet { drop(); }", &trace);
    let (c, sv) = side_counts(&trace);
    assert!(out.is_empty());
    assert_eq!(s.packets_in.get(&0), Some(&c));
    assert_eq!(s.packets_in.get(&1), None, "no server packet was sent");
    let lp = s.closed_loop.unwrap_or_default();
    assert_eq!(lp.server_packets_not_sent, sv);
    assert_eq!(lp.connections_reached_server, 0);
}

#[test]
fn dropped_replies_do_not_stop_the_loop() {
    let trace = small();
    let (s, out) = run(
        "on packet { if in_port == 0 { forward(1); } drop(); }",
        &trace,
    );
    let (c, sv) = side_counts(&trace);
    assert_eq!(
        s.packets_in.get(&0),
        Some(&c),
        "every client packet was sent"
    );
    assert_eq!(
        s.packets_in.get(&1),
        Some(&sv),
        "every server packet was sent"
    );
    assert_eq!(s.dropped, sv);
    assert!(out.iter().all(|e| e.port == 1));
}

#[test]
fn a_bridge_sees_the_trace_unchanged() {
    // With an NF that rewrites nothing, the loop's replies are the generator's
    // own server packets, byte for byte.
    let trace = small();
    let (_, out) = run("on packet { forward(in_port ^ 1); }", &trace);
    let mut expected = Vec::new();
    for (conn, i) in trace.packets() {
        let mut f = Vec::new();
        conn.write_frame(i, &mut f);
        expected.push(f);
    }
    let got: Vec<Vec<u8>> = out.into_iter().map(|e| e.frame).collect();
    assert_eq!(got.len(), expected.len());
    assert!(got == expected, "frames differ from the generated trace");
}

#[test]
fn replies_follow_a_rewritten_destination() {
    // Every client packet is sent to 192.0.2.1:7 instead: servers answer from there.
    let trace = small();
    let (_, out) = run(
        "on packet {
            if in_port == 0 {
                ipv4.dst = 192.0.2.1;
                if tcp.valid { tcp.dst_port = 7; } else if udp.valid { udp.dst_port = 7; }
                forward(1);
            }
            forward(0);
        }",
        &trace,
    );
    assert_checksums(&out);
    let back: Vec<_> = out.iter().filter(|e| e.port == 0).collect();
    assert_eq!(back.len() as u64, side_counts(&trace).1);
    for e in back {
        let x = ends(&e.frame);
        assert_eq!(
            x.src,
            "192.0.2.1:7".parse().unwrap_or_else(|e| panic!("{e}"))
        );
    }
}
