//! What the CPU agent handles on the four workloads of docs/COFILTER.md §7, by
//! packet class and connection state: how many CPU packets are the teardown of
//! connections that were offloaded (FIN and ACK segments from ESTABLISHED to
//! LAST_ACK), i.e. what a per-cell connection state in the switch could keep off
//! the CPU (§2, "Teardown in the switch").
//!
//! `cargo run --release -p filter --example cpu_breakdown [FLOWS]`

use std::collections::BTreeMap;

use filter::cofilter::{Config, Path};
use filter::conntrack::{ProtoState, TcpClass, TcpState};
use filter::packet::{Kind, Pkt};
use filter::program::tofino1_layout;
use filter::run::{Runner, feed_trace_with};
use filter::tracker::{INSIDE, Policy, Tracker};
use trace::workload::{GenOptions, Workload, generate};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let flows = match std::env::args().nth(1) {
        Some(a) => a
            .parse::<u32>()
            .map_err(|_| format!("FLOWS must be a number, not {a:?}"))?,
        None => 2_000,
    };
    for w in ["websearch", "datamining", "hadoop", "cache"] {
        let t = generate(&GenOptions {
            workload: w.parse::<Workload>()?,
            flows,
            seed: 1,
            rate: 1_000.0,
            udp_share: 0.1,
            max_flow_bytes: Some(10_000_000),
            ..GenOptions::default()
        })?;
        let mut r = Runner::new(Config::new(tofino1_layout(), Policy::default()));
        // A second tracker beside the runner gives each packet's state before and
        // after (the agent's tracker decides the same; the differential tests
        // check that verdicts agree).
        let mut shadow = Tracker::new(Policy::default());
        let mut by: BTreeMap<String, u64> = BTreeMap::new();
        let mut teardown = 0u64;
        let mut frame = Vec::new();
        feed_trace_with(&mut r, &t, INSIDE, &mut |_, _| {}, &mut |conn, i, ts, d| {
            frame.clear();
            conn.write_frame(i, &mut frame);
            let port = match conn.packets[i].side {
                trace::workload::Side::Client => INSIDE,
                trace::workload::Side::Server => INSIDE ^ 1,
            };
            let pkt = Pkt::classify(&frame);
            let o = shadow.process(ts, port, &pkt, true);
            if d.path != Path::Cpu {
                return;
            }
            let before = match o.before {
                Some(ProtoState::Tcp(s)) => format!("{s:?}"),
                Some(ProtoState::Udp { .. }) => "udp".into(),
                Some(ProtoState::IcmpEcho { .. }) => "echo".into(),
                None => "new".into(),
            };
            let class = match pkt.kind {
                Kind::Tcp(c) => format!("{c:?}"),
                k => format!("{k:?}"),
            };
            *by.entry(format!("{class} in {before}")).or_default() += 1;
            // FIN and ACK of a connection past its handshake, up to (not
            // including) the ACK that ends LAST_ACK.
            if let (Kind::Tcp(c @ (TcpClass::Fin | TcpClass::Ack)), Some(ProtoState::Tcp(s))) =
                (pkt.kind, o.before)
            {
                let closing = matches!(
                    s,
                    TcpState::Established
                        | TcpState::FinWait
                        | TcpState::CloseWait
                        | TcpState::LastAck
                );
                let ends = s == TcpState::LastAck && c == TcpClass::Ack;
                if closing && !ends {
                    teardown += 1;
                }
            }
        });
        let s = r.summary();
        println!(
            "{w}: {} packets, {} to the CPU ({:.2} %); FIN/ACK teardown of offloaded connections {teardown}; without it {} ({:.2} %)",
            s.packets_in,
            s.cpu_packets,
            100.0 * s.cpu_packets as f64 / s.packets_in.max(1) as f64,
            s.cpu_packets - teardown,
            100.0 * (s.cpu_packets - teardown) as f64 / s.packets_in.max(1) as f64,
        );
        for (k, n) in &by {
            println!("    {n:>7}  {k}");
        }
    }
    Ok(())
}
