//! What the CPU agent handles on the four workloads of docs/COFILTER.md §7, by
//! packet class and connection state, for both layouts of the default switch
//! tables: `--state-bits 0` (every FIN to the CPU) and `--state-bits 2` (the
//! switch follows offloaded connections' teardown; §2), run one after the other
//! on the same traces, then a table of both.
//!
//! `cargo run --release -p filter --example cpu_breakdown [FLOWS]`

use std::collections::BTreeMap;

use filter::cofilter::{Config, Path};
use filter::conntrack::{ProtoState, TcpClass, TcpState};
use filter::packet::{Kind, Pkt};
use filter::program::tofino1_layout_for;
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
    let mut table = Vec::new();
    for w in ["websearch", "datamining", "hadoop", "cache"] {
        let mut row = Vec::new();
        for bits in [0u8, 2] {
            let t = generate(&GenOptions {
                workload: w.parse::<Workload>()?,
                flows,
                seed: 1,
                rate: 1_000.0,
                udp_share: 0.1,
                max_flow_bytes: Some(10_000_000),
                ..GenOptions::default()
            })?;
            let mut r = Runner::new(Config::new(tofino1_layout_for(bits), Policy::default()));
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
                "{w}, {bits} state bits: {} packets, {} to the CPU ({:.2} %), {} verdicts differ from the all-on-CPU baseline; FIN/ACK from ESTABLISHED to LAST_ACK at the CPU: {teardown}",
                s.packets_in,
                s.cpu_packets,
                100.0 * s.cpu_packets as f64 / s.packets_in.max(1) as f64,
                s.mismatches,
            );
            for (k, n) in &by {
                println!("    {n:>7}  {k}");
            }
            row.push((s.packets_in, s.cpu_packets, s.mismatches));
        }
        table.push((w, row));
    }
    println!(
        "\nworkload | packets | CPU packets, 0 state bits | CPU packets, 2 state bits | ratio | mismatches (0 / 2)"
    );
    for (w, row) in table {
        let (n, c0, m0) = row[0];
        let (_, c2, m2) = row[1];
        println!(
            "{w} | {n} | {c0} ({:.2} %) | {c2} ({:.2} %) | {:.3} | {m0} / {m2}",
            100.0 * c0 as f64 / n.max(1) as f64,
            100.0 * c2 as f64 / n.max(1) as f64,
            c2 as f64 / c0.max(1) as f64,
        );
    }
    Ok(())
}
