//! MazuNAT over generated workloads in the closed loop (Gallium §6.1).

mod common;

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddrV4;

use common::*;
use runner::{PacketLog, ReferenceEngine, Runner};
use trace::workload::GenOptions;
use wire::build::{L3, udp_frame};

const EXT: &str = "203.0.113.7";
const PORT_MIN: u16 = 40_000;
const PORT_MAX: u16 = 40_999;

fn nat() -> lang::Compiled {
    compile(
        "mazunat.nf",
        &[
            &format!("external_ip={EXT}"),
            &format!("port_min={PORT_MIN}"),
            &format!("port_max={PORT_MAX}"),
        ],
    )
}

fn workload() -> trace::workload::Trace {
    generate(&GenOptions {
        flows: 150,
        seed: 7,
        udp_share: 0.3,
        max_flow_bytes: Some(50_000),
        ..GenOptions::default()
    })
}

#[test]
fn outbound_is_translated_to_the_external_address_and_range() {
    let trace = workload();
    let (summary, out) = run_loop(&nat(), &trace);
    assert_checksums(&out);
    // Internal sockets (protocol, address, port) in order of first use: MazuNAT
    // hands out port_min, port_min + 1, ... in that order (no wrap at this size).
    let mut allocated: HashMap<(bool, SocketAddrV4), u16> = HashMap::new();
    let mut next = PORT_MIN;
    // Which internal socket each client packet came from, in send order: the
    // closed loop sends client packets in time order, as `trace.packets()` yields.
    let client_sends: Vec<_> = trace
        .packets()
        .filter(|(c, i)| c.packets[*i].side == trace::workload::Side::Client)
        .map(|(c, _)| {
            (
                c.transport == trace::workload::Transport::Tcp,
                c.client,
                c.server,
            )
        })
        .collect();
    let leaving: Vec<_> = out.iter().filter(|e| e.port == 1).collect();
    assert_eq!(
        leaving.len(),
        client_sends.len(),
        "every outbound packet leaves port 1"
    );
    for (e, (tcp, client, server)) in leaving.iter().zip(&client_sends) {
        let x = ends(&e.frame);
        assert_eq!(x.tcp, *tcp);
        assert_eq!(x.src.ip(), &ip(EXT), "source address is external_ip");
        assert!((PORT_MIN..=PORT_MAX).contains(&x.src.port()));
        assert_eq!(x.dst, *server, "destination untouched");
        let port = *allocated.entry((*tcp, *client)).or_insert_with(|| {
            next += 1;
            next - 1
        });
        assert_eq!(
            x.src.port(),
            port,
            "ports allocated monotonically, reused per flow"
        );
    }
    let distinct = allocated.len();
    assert_eq!(summary.state_sizes.get("nat_out"), Some(&distinct));
    assert_eq!(summary.state_sizes.get("nat_in"), Some(&distinct));
}

#[test]
fn replies_are_translated_back_to_the_internal_host() {
    let trace = workload();
    let (summary, out) = run_loop(&nat(), &trace);
    let (client_pkts, server_pkts) = side_counts(&trace);
    let lp = summary.closed_loop.clone().unwrap_or_default();
    assert_eq!(lp.server_packets_not_sent, 0);
    assert_eq!(summary.packets_in.get(&0), Some(&client_pkts));
    assert_eq!(summary.packets_in.get(&1), Some(&server_pkts));
    assert_eq!(summary.packets_out.get(&0), Some(&server_pkts));
    assert_eq!(summary.dropped, 0);
    // Each reply reaches port 0 as the server's packet to the real client.
    let mut expected: BTreeMap<Ends, u64> = BTreeMap::new();
    for c in &trace.connections {
        let tcp = c.transport == trace::workload::Transport::Tcp;
        let n = c
            .packets
            .iter()
            .filter(|p| p.side == trace::workload::Side::Server)
            .count();
        *expected
            .entry(Ends {
                tcp,
                src: c.server,
                dst: c.client,
            })
            .or_insert(0) += n as u64;
    }
    let mut got: BTreeMap<Ends, u64> = BTreeMap::new();
    for e in out.iter().filter(|e| e.port == 0) {
        *got.entry(ends(&e.frame)).or_insert(0) += 1;
    }
    assert_eq!(got, expected);
}

#[test]
fn unsolicited_inbound_packets_are_dropped() {
    let c = nat();
    let trace = workload();
    let mut engine = ReferenceEngine::new(&c.program).unwrap_or_else(|e| panic!("{e}"));
    let mut runner = Runner::new(&mut engine, &c.program, PacketLog::default());
    runner::closed_loop::replay(&mut runner, &trace, &mut |_, _| {})
        .unwrap_or_else(|e| panic!("{e}"));
    let used = runner.engine().state_sizes(runner.now());
    let n_used = used.iter().find(|(n, _)| n == "nat_in").map_or(0, |x| x.1) as u16;
    let t = runner.now() + 1;
    let mut inbound = |dst_port: u16, t: u64| {
        let l3 = L3 {
            src_mac: wire::MacAddr([2, 0, 0, 0, 0, 9]),
            dst_mac: wire::MacAddr([2, 0, 0, 0, 0, 8]),
            vlan: None,
            src: ip("192.0.2.99"),
            dst: ip(EXT),
            ttl: 64,
            ident: 1,
        };
        let f = udp_frame(
            &l3,
            &wire::udp::Repr {
                src_port: 53,
                dst_port,
            },
            b"hello",
        );
        runner
            .packet(1, t, &f)
            .unwrap_or_else(|e| panic!("{e}"))
            .map(|(p, _)| p)
    };
    // Never-allocated ports, inside and outside the range, and below it.
    assert_eq!(inbound(PORT_MIN + n_used + 5, t), None);
    assert_eq!(inbound(PORT_MAX, t), None);
    assert_eq!(inbound(80, t), None);
    let (summary, _, _) = runner.finish(runner::Source::Pcap { inputs: vec![] });
    assert_eq!(summary.dropped, 3);
}
