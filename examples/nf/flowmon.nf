// Flow monitor (CoMb §7.1's flow-monitoring application) on the session
// module: it keeps no per-session state of its own but reads the results of
// session reconstruction (`session.*`, docs/LANGUAGE.md), which a consolidated
// box computes once for every application of a hyperapp that declares the
// `session` module (docs/BOX.md). Standalone it keeps its own session table.
//
// Ports: 0 = inside, 1 = outside. All traffic is forwarded to the other port.
//
// Parameters:
//   elephant_bytes  bit<64>  payload bytes (both directions) at which a session
//                            is reported                       (default 100000)
//
// Per client host (a session's initiator) it counts the sessions it opened
// and the payload bytes of its sessions (both directions). A session whose
// payload reaches elephant_bytes raises `elephant { client, server,
// server_port, bytes }` once, on the packet that crosses the threshold.

param elephant_bytes: u64 = 100000;

// client -> sessions opened
map sessions: ipv4 -> u32 capacity 65536 idle_timeout 10min;
// client -> payload bytes of its sessions, both directions
map volume: ipv4 -> u64 capacity 65536 idle_timeout 10min;

event elephant { client: ipv4, server: ipv4, server_port: u16, bytes: u64 }

on packet {
    if !session.valid { forward(in_port ^ 1); }
    let mut client = ipv4.src;
    let mut server = ipv4.dst;
    let mut server_port: u16 = tcp.dst_port | udp.dst_port;
    if session.reply {
        client = ipv4.dst;
        server = ipv4.src;
        server_port = tcp.src_port | udp.src_port;
    }
    if session.new {
        let mut n: u32 = 0;
        match sessions.get(client) {
            Some(s) => { n = s; }
            None => {}
        }
        sessions.insert(client, n + 1);
    }
    let len = payload.len as u64;
    if len > 0 {
        let mut v: u64 = 0;
        match volume.get(client) {
            Some(b) => { v = b; }
            None => {}
        }
        volume.insert(client, v + len);
    }
    let total = session.orig_bytes + session.reply_bytes;
    if total >= elephant_bytes && total - len < elephant_bytes {
        emit elephant { client: client, server: server, server_port: server_port, bytes: total };
    }
    forward(in_port ^ 1);
}
