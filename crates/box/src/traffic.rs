//! Generated traffic for one box: a Tandem workload whose connections are moved
//! into the box's classes, so a generated run exercises the configuration.
//!
//! Connection `i` goes to the `i`-th suitable assignment (round robin over the
//! assignments whose forward filter admits the connection's transport): its
//! client gets an address inside the filter's source prefix, its server one
//! inside the destination prefix and, if the filter lists destination ports,
//! the first of them. For hash-range filters the client port is stepped until
//! the session's flow hash falls in the range (at most [`MAX_PORT_TRIES`]
//! ports; a session that does not get there keeps its last port and is counted
//! by the classifier as unmatched). A session sent to a class without ports
//! (CoMb's `other` port class) keeps its server port unless another filter of
//! the box names that port, in which case it gets the first free port from
//! 5000 up, so the more specific class does not claim it. Client ports that a
//! filter names, and every client port of a class whose filter wants the
//! server's port below the client's (`server_lower`), are moved to the
//! ephemeral range (32768 and up, skipping named ports). Deterministic: no
//! randomness beyond the workload's own seed.

use std::net::{Ipv4Addr, SocketAddrV4};

use plan::config::{BoxConfig, Filter};
use trace::workload::{Trace, Transport};
use wire::FlowKey;

use crate::classify::flow_hash;

/// Client ports tried per session to land in a hash range.
pub const MAX_PORT_TRIES: u32 = 1 << 16;

fn admits(f: &Filter, t: Transport) -> bool {
    matches!(
        (f.protocol.as_str(), t),
        ("any", _) | ("tcp", Transport::Tcp) | ("udp", Transport::Udp)
    )
}

fn host_in(p: plan::prefix::Prefix, n: u32) -> Ipv4Addr {
    let size = p.size();
    let off = if size <= 2 {
        0
    } else {
        1 + u64::from(n) % (size - 2)
    };
    Ipv4Addr::from(p.addr.wrapping_add(off as u32))
}

/// Moves every connection of `trace` into a class of `cfg` (see the module
/// docs). Returns how many connections were placed (all but those whose
/// transport no class admits).
pub fn place(trace: &mut Trace, cfg: &BoxConfig) -> usize {
    let claimed: std::collections::BTreeSet<u16> = cfg
        .assignments
        .iter()
        .flat_map(|a| a.forward.iter().chain(&a.reverse))
        .flat_map(|f| {
            f.src_ports
                .iter()
                .chain(&f.dst_ports)
                .chain(&f.except_ports)
                .copied()
        })
        .collect();
    let free = (5000..=u16::MAX)
        .find(|p| !claimed.contains(p))
        .unwrap_or(5000);
    let mut next = 0usize;
    let mut placed = 0;
    let n = cfg.assignments.len();
    for conn in &mut trace.connections {
        let Some(idx) = (0..n).map(|k| (next + k) % n).find(|&i| {
            cfg.assignments[i]
                .forward
                .first()
                .is_some_and(|f| admits(f, conn.transport))
        }) else {
            continue;
        };
        next = (idx + 1) % n;
        let Some(f) = cfg.assignments[idx].forward.first() else {
            continue;
        };
        let id = conn.id;
        let client = host_in(f.src, id.wrapping_mul(2_654_435_761));
        let server = host_in(f.dst, id);
        let sport = match f.dst_ports.first() {
            Some(&p) => p,
            None if claimed.contains(&conn.server.port()) => free,
            None => conn.server.port(),
        };
        let sport = if f.server_lower.is_some() && sport >= 32768 {
            free
        } else {
            sport
        };
        let mut cport = conn.client.port();
        if f.server_lower.is_some() || claimed.contains(&cport) {
            // Filters of port classes without ports want the server's port
            // below the client's, and neither a service port: an ephemeral
            // client port no filter names.
            cport = (cport | 0x8000).max(32768);
            while claimed.contains(&cport) || cport <= sport {
                cport = cport.wrapping_add(1).max(32768);
            }
        }
        if let Some([lo, hi]) = f.hash {
            let proto = match conn.transport {
                Transport::Tcp => wire::ipv4::IpProtocol::Tcp,
                Transport::Udp => wire::ipv4::IpProtocol::Udp,
            };
            for _ in 0..MAX_PORT_TRIES {
                let k = FlowKey {
                    src_addr: client,
                    dst_addr: server,
                    src_port: cport,
                    dst_port: sport,
                    protocol: proto,
                };
                let h = u64::from(flow_hash(&k, cfg.flow_hash.seed));
                if lo <= h && h < hi {
                    break;
                }
                cport = cport.wrapping_add(1).max(32768);
                while claimed.contains(&cport) || cport <= sport {
                    cport = cport.wrapping_add(1).max(32768);
                }
            }
        }
        conn.client = SocketAddrV4::new(client, cport);
        conn.server = SocketAddrV4::new(server, sport);
        placed += 1;
    }
    placed
}
