//! Closed-loop replay of a generated workload.
//!
//! Every connection's client side enters port 0 exactly as generated. Its server
//! side answers what actually left port 1: a server packet is rebuilt with
//! source = the address/port the NF sent the connection to and destination = the
//! source address/port the NF gave it (taken from the latest client packet of that
//! connection that left port 1), and enters port 1. So a NAT sees replies to its
//! external port, a load balancer replies from the chosen backend, a proxy
//! replies from the proxy.
//!
//! With an engine that holds packets back (output commit), a held client packet
//! counts once it is released on port 1; server packets due before that are not
//! sent, as the server has not seen the connection yet.
//!
//! The schedule is the generator's own (packets in time order), so nothing waits:
//! a server packet whose connection has not reached port 1 yet (the NF dropped
//! every client packet so far) is not sent and is counted; a reply the NF drops
//! is simply dropped. The loop always ends after the workload's last packet.

use std::collections::HashMap;
use std::net::SocketAddrV4;

use trace::workload::{Side, Trace};

use crate::run::Runner;
use crate::sink::{Sink, SinkError};
use crate::summary::LoopStats;

/// Port the clients are on.
pub const CLIENT_PORT: u16 = 0;
/// Port the servers are on.
pub const SERVER_PORT: u16 = 1;

/// Replays `trace` through `runner` as described in the module docs.
/// `progress(done, total)` counts workload packets (sent or not).
pub fn replay<S: Sink>(
    runner: &mut Runner<'_, S>,
    trace: &Trace,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<LoopStats, SinkError> {
    let total = trace.packet_count();
    // Per connection: (client as the server sees it, server as the NF chose it).
    let mut seen: Vec<Option<(SocketAddrV4, SocketAddrV4)>> = vec![None; trace.connections.len()];
    let mut stats = LoopStats {
        connections: trace.connections.len() as u64,
        ..LoopStats::default()
    };
    let mut frame = Vec::with_capacity(2048);
    let mut done = 0u64;
    // Held client packets: engine input number -> connection.
    let mut held: HashMap<u64, usize> = HashMap::new();
    for (conn, i) in trace.packets() {
        done += 1;
        if done % 4096 == 0 {
            progress(done, total);
        }
        let Some(seg) = conn.packets.get(i) else {
            continue;
        };
        if !held.is_empty() {
            for r in runner.advance(seg.ts_ns)? {
                let Some(c) = held.remove(&r.input) else {
                    continue;
                };
                if let (SERVER_PORT, Some(ends), Some(slot)) =
                    (r.port, endpoints(&r.frame), seen.get_mut(c))
                {
                    if slot.is_none() {
                        stats.connections_reached_server += 1;
                    }
                    *slot = Some(ends);
                }
            }
        }
        let Some(slot) = seen.get_mut(conn.id as usize) else {
            continue;
        };
        frame.clear();
        match seg.side {
            Side::Client => {
                conn.write_frame(i, &mut frame);
                let out = runner.packet(CLIENT_PORT, seg.ts_ns, &frame)?;
                if let Some((SERVER_PORT, out)) = out {
                    if let Some(ends) = endpoints(out) {
                        if slot.is_none() {
                            stats.connections_reached_server += 1;
                        }
                        *slot = Some(ends);
                    }
                } else if runner.was_held() {
                    held.insert(runner.calls() - 1, conn.id as usize);
                }
            }
            Side::Server => match *slot {
                Some((client, server)) => {
                    conn.write_frame_with(i, client, server, &mut frame);
                    runner.packet(SERVER_PORT, seg.ts_ns, &frame)?;
                }
                None => stats.server_packets_not_sent += 1,
            },
        }
    }
    progress(total, total);
    Ok(stats)
}

/// `(source, destination)` of a TCP/UDP frame, if it is one.
fn endpoints(frame: &[u8]) -> Option<(SocketAddrV4, SocketAddrV4)> {
    let key = wire::FlowKey::from_frame(frame).ok().flatten()?;
    let tcp_or_udp = matches!(
        key.protocol,
        wire::ipv4::IpProtocol::Tcp | wire::ipv4::IpProtocol::Udp
    );
    tcp_or_udp.then(|| {
        (
            SocketAddrV4::new(key.src_addr, key.src_port),
            SocketAddrV4::new(key.dst_addr, key.dst_port),
        )
    })
}
