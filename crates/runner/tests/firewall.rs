//! The 5-tuple whitelist firewall over a generated workload in the closed loop.

mod common;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use common::*;
use trace::workload::{Connection, GenOptions, Side, Transport};

/// `PROTO SRC_IP SRC_PORT DST_IP DST_PORT` as the rules file spells it.
fn rule(c: &Connection, reverse: bool) -> String {
    let proto = if c.transport == Transport::Tcp {
        "tcp"
    } else {
        "udp"
    };
    let (a, b) = if reverse {
        (c.server, c.client)
    } else {
        (c.client, c.server)
    };
    format!("{proto} {} {} {} {}", a.ip(), a.port(), b.ip(), b.port())
}

#[test]
fn only_listed_five_tuples_pass_in_either_direction() {
    let trace = generate(&GenOptions {
        flows: 60,
        seed: 11,
        udp_share: 0.3,
        max_flow_bytes: Some(20_000),
        ..GenOptions::default()
    });
    // Every third connection listed client->server, every third server->client
    // (the reverse rule must let it through too), the rest not listed.
    let mut rules = String::from("# generated for the test\n");
    let mut listed = BTreeMap::new();
    for (i, c) in trace.connections.iter().enumerate() {
        match i % 3 {
            0 => writeln!(rules, "{}", rule(c, false)),
            1 => writeln!(rules, "{}  # reversed", rule(c, true)),
            _ => Ok(()),
        }
        .unwrap_or_else(|e| panic!("{e}"));
        listed.insert(c.id, i % 3 != 2);
    }
    let dir = std::env::temp_dir().join(format!("runner-fw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let rules_path = dir.join("rules.txt");
    std::fs::write(&rules_path, rules).unwrap_or_else(|e| panic!("{e}"));
    let fw = compile("firewall.nf", &[&format!("rules={}", rules_path.display())]);

    let (summary, out) = run_loop(&fw, &trace);
    assert_checksums(&out);
    let (mut pass_c, mut pass_s, mut drop_c, mut drop_s) = (0u64, 0u64, 0u64, 0u64);
    let mut allowed = std::collections::BTreeSet::new();
    for c in &trace.connections {
        let tcp = c.transport == Transport::Tcp;
        for p in &c.packets {
            match (listed[&c.id], p.side) {
                (true, Side::Client) => pass_c += 1,
                (true, Side::Server) => pass_s += 1,
                (false, Side::Client) => drop_c += 1,
                (false, Side::Server) => drop_s += 1,
            }
        }
        if listed[&c.id] {
            allowed.insert(Ends {
                tcp,
                src: c.client,
                dst: c.server,
            });
            allowed.insert(Ends {
                tcp,
                src: c.server,
                dst: c.client,
            });
        }
    }
    assert!(pass_c > 0 && drop_c > 0);
    assert_eq!(summary.packets_out.get(&1).copied().unwrap_or(0), pass_c);
    assert_eq!(summary.packets_out.get(&0).copied().unwrap_or(0), pass_s);
    assert_eq!(
        summary.dropped, drop_c,
        "unlisted client packets are dropped"
    );
    let lp = summary.closed_loop.clone().unwrap_or_default();
    assert_eq!(
        lp.server_packets_not_sent, drop_s,
        "their servers never saw them"
    );
    assert_eq!(
        lp.connections_reached_server,
        listed.values().filter(|l| **l).count() as u64
    );
    let clients: std::collections::BTreeSet<_> =
        trace.connections.iter().map(|c| c.client).collect();
    for e in &out {
        let x = ends(&e.frame);
        assert!(allowed.contains(&x), "{x:?} is not listed");
        let from_client = clients.contains(&x.src);
        assert_eq!(
            e.port,
            if from_client { 1 } else { 0 },
            "{x:?} leaves the other side"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
