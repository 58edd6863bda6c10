//! The web-proxy redirector over the application-mix workload in the closed loop.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::net::SocketAddrV4;

use common::*;
use trace::workload::{Side, Transport, Workload};

const PROXY: &str = "10.7.0.2";
const PROXY_PORT: u16 = 8888;

#[test]
fn only_configured_destination_ports_are_redirected() {
    // 80 (HTTP) and 22 (SSH) redirected; 443, 21, IRC and FTP data pass.
    let c = compile(
        "proxy.nf",
        &[
            "ports=80,22",
            &format!("proxy_ip={PROXY}"),
            &format!("proxy_port={PROXY_PORT}"),
        ],
    );
    let req = runner::WorkloadRequest {
        flows: Some(120),
        seed: 4,
        ..Default::default()
    };
    let opts = runner::workload::options_for(&c.program, &c.params, &req)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        opts.workload,
        Workload::Trojan,
        "the app mix is the proxy's default"
    );
    let trace = generate(&opts);
    let (summary, out) = run_loop(&c, &trace);
    assert_checksums(&out);
    let proxy = SocketAddrV4::new(ip(PROXY), PROXY_PORT);

    // Where each client socket's packets should go (a socket may talk to
    // several servers; any of its connections' expected destinations is fine),
    // and how many client packets are bound for redirected ports.
    let mut expect: BTreeMap<SocketAddrV4, BTreeSet<SocketAddrV4>> = BTreeMap::new();
    let mut redirected = 0u64;
    let mut kept = 0u64;
    for conn in &trace.connections {
        let to_proxy = conn.transport == Transport::Tcp && [80, 22].contains(&conn.server.port());
        let n = conn
            .packets
            .iter()
            .filter(|p| p.side == Side::Client)
            .count() as u64;
        if to_proxy {
            redirected += n;
        } else {
            kept += n;
        }
        expect
            .entry(conn.client)
            .or_default()
            .insert(if to_proxy { proxy } else { conn.server });
    }
    assert!(redirected > 0 && kept > 0, "the workload has both kinds");
    let mut to_proxy = 0u64;
    for e in out.iter().filter(|e| e.port == 1) {
        let x = ends(&e.frame);
        assert!(expect[&x.src].contains(&x.dst), "{x:?}");
        if x.dst == proxy {
            to_proxy += 1;
        }
    }
    assert_eq!(to_proxy, redirected);
    assert_eq!(
        summary.packets_out.get(&1).copied().unwrap_or(0),
        redirected + kept
    );
    // Replies (from the proxy for redirected connections) pass back unchanged.
    assert_eq!(summary.packets_out.get(&0), summary.packets_in.get(&1));
    assert_eq!(summary.dropped, 0);
}
