//! The L4 load balancer over generated workloads in the closed loop.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::net::Ipv4Addr;

use common::*;
use trace::workload::{GenOptions, Servers, Side, Transport, Workload};

const VIP: &str = "10.9.0.1";
const BACKENDS: [&str; 3] = ["10.9.1.1", "10.9.1.2", "10.9.1.3"];

fn lb() -> lang::Compiled {
    compile(
        "lb.nf",
        &[
            &format!("vip={VIP}"),
            &format!("backends={}", BACKENDS.join(",")),
        ],
    )
}

#[test]
fn every_connection_sticks_to_one_backend_and_replies_come_from_the_vip() {
    let c = lb();
    // The runner's own choice for a program with a `vip`: clients talk to it.
    let req = runner::WorkloadRequest {
        name: Some("websearch".into()),
        flows: Some(200),
        seed: 3,
        max_flow_bytes: Some(30_000),
    };
    let mut opts = runner::workload::options_for(&c.program, &c.params, &req)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(opts.servers, Servers::Addrs(vec![ip(VIP)]));
    opts.udp_share = 0.25;
    assert!(matches!(opts.workload, Workload::FlowSizes(_)));
    let trace = generate(&opts);
    let (summary, out) = run_loop(&c, &trace);
    assert_checksums(&out);
    let backends: BTreeSet<Ipv4Addr> = BACKENDS.iter().map(|b| ip(b)).collect();

    // Client socket (+ protocol) -> backends its packets were sent to.
    let mut chosen: BTreeMap<(bool, std::net::SocketAddrV4), BTreeSet<Ipv4Addr>> = BTreeMap::new();
    for e in out.iter().filter(|e| e.port == 1) {
        let x = ends(&e.frame);
        assert!(backends.contains(x.dst.ip()), "{x:?} goes to a backend");
        chosen
            .entry((x.tcp, x.src))
            .or_default()
            .insert(*x.dst.ip());
    }
    for (conn, set) in &chosen {
        assert_eq!(set.len(), 1, "{conn:?} moved between backends {set:?}");
    }
    let used: BTreeSet<Ipv4Addr> = chosen.values().flatten().copied().collect();
    assert_eq!(
        used, backends,
        "200 connections hash onto all three backends"
    );

    // Replies: source is the VIP (and the service port), destination the client.
    let clients: BTreeSet<_> = trace
        .connections
        .iter()
        .map(|c| (c.transport == Transport::Tcp, c.client))
        .collect();
    let replies: Vec<_> = out.iter().filter(|e| e.port == 0).collect();
    let (client_pkts, server_pkts) = side_counts(&trace);
    assert_eq!(replies.len() as u64, server_pkts);
    for e in replies {
        let x = ends(&e.frame);
        assert_eq!(x.src.ip(), &ip(VIP));
        assert_eq!(x.src.port(), 80, "websearch's service port");
        assert!(clients.contains(&(x.tcp, x.dst)));
    }
    assert_eq!(summary.packets_out.get(&1), Some(&client_pkts));
    assert_eq!(summary.dropped, 0);
    // Every TCP connection ended with FIN or RST from the client or server;
    // UDP entries stay (idle timeout 5 min is far beyond the trace).
    let udp_conns = trace
        .connections
        .iter()
        .filter(|c| c.transport == Transport::Udp)
        .count();
    let conns = summary
        .state_sizes
        .get("conns")
        .copied()
        .unwrap_or(usize::MAX);
    assert!(
        conns >= udp_conns && conns < trace.connections.len(),
        "{conns}"
    );
}

#[test]
fn connection_entries_expire_after_five_idle_minutes() {
    let c = lb();
    let trace = generate(&GenOptions {
        flows: 20,
        seed: 5,
        udp_share: 1.0,
        servers: Servers::Addrs(vec![ip(VIP)]),
        ..GenOptions::default()
    });
    let mut engine = runner::ReferenceEngine::new(&c.program).unwrap_or_else(|e| panic!("{e}"));
    let mut r = runner::Runner::new(&mut engine, &c.program, runner::PacketLog::default());
    runner::closed_loop::replay(&mut r, &trace, &mut |_, _| {}).unwrap_or_else(|e| panic!("{e}"));
    let size = |r: &runner::Runner<'_, runner::PacketLog>, t: u64| {
        r.engine()
            .state_sizes(t)
            .into_iter()
            .find(|(n, _)| n == "conns")
            .map_or(0, |x| x.1)
    };
    let last = trace
        .connections
        .iter()
        .filter_map(|c| {
            c.packets
                .iter()
                .filter(|p| p.side == Side::Client)
                .map(|p| p.ts_ns)
                .max()
        })
        .min()
        .unwrap_or(0);
    assert_eq!(size(&r, r.now()), 20, "all UDP flows mapped");
    assert!(
        size(&r, last + 300_000_000_000) < 20,
        "the earliest flow is idle for 5 min"
    );
    assert_eq!(size(&r, r.now() + 300_000_000_000), 0);
}
