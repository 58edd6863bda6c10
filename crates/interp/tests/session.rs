//! Session reconstruction (`interp::session`, `session.*` in the language):
//! directions, the TCP state machine, per-direction counts, stream offsets and
//! order, bounds and idle expiry; and programs reading it.

use std::net::Ipv4Addr;

use interp::session::{SessionTable, state};
use interp::{Interpreter, Verdict};
use wire::MacAddr;
use wire::build::{self, L3};

const FIN: u8 = 0x01;
const SYN: u8 = 0x02;
const RST: u8 = 0x04;
const ACK: u8 = 0x10;

fn l3(src: [u8; 4], dst: [u8; 4]) -> L3 {
    L3 {
        src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: Ipv4Addr::from(src),
        dst: Ipv4Addr::from(dst),
        ttl: 64,
        ident: 1,
    }
}

const C: ([u8; 4], u16) = ([10, 0, 0, 9], 40000);
const S: ([u8; 4], u16) = ([10, 0, 0, 1], 80);

/// A TCP segment; `reply`: server to client.
fn seg(reply: bool, seq: u32, flags: u8, payload: &[u8]) -> Vec<u8> {
    let (a, b) = if reply { (S, C) } else { (C, S) };
    let tcp = wire::tcp::Repr {
        src_port: a.1,
        dst_port: b.1,
        seq_number: seq,
        ack_number: 0,
        flags: wire::tcp::TcpFlags(u16::from(flags)),
        window: 1000,
        urgent: 0,
        options: wire::options::OptionBytes::EMPTY,
    };
    build::tcp_frame(&l3(a.0, b.0), &tcp, payload)
}

fn udp(src: ([u8; 4], u16), dst: ([u8; 4], u16), payload: &[u8]) -> Vec<u8> {
    build::udp_frame(
        &l3(src.0, dst.0),
        &wire::udp::Repr {
            src_port: src.1,
            dst_port: dst.1,
        },
        payload,
    )
}

#[test]
fn a_tcp_session_from_handshake_to_close() {
    let mut t = SessionTable::default();
    // The client (the higher address) initiates.
    let v = t.observe(&seg(false, 1000, SYN, b""), 1);
    assert!(v.valid && v.new && !v.reply);
    assert_eq!(
        (v.state, v.orig_packets, v.reply_packets),
        (state::SYN_SENT, 1, 0)
    );
    let v = t.observe(&seg(true, 5000, SYN | ACK, b""), 2);
    assert!(v.valid && !v.new && v.reply);
    assert_eq!(v.state, state::SYN_RECEIVED);
    let v = t.observe(&seg(false, 1001, ACK, b""), 3);
    assert_eq!(v.state, state::ESTABLISHED);
    let v = t.observe(&seg(false, 1001, ACK, b"GET / HTTP/1.1\r\n"), 4);
    assert_eq!((v.offset, v.in_order, v.orig_bytes), (0, true, 16));
    let v = t.observe(&seg(true, 5001, ACK, b"HTTP/1.1 200 OK\r\n"), 5);
    assert!(v.reply);
    assert_eq!(
        (v.offset, v.in_order, v.reply_bytes, v.orig_bytes),
        (0, true, 17, 16)
    );
    let v = t.observe(&seg(false, 1017, ACK, b"more"), 6);
    assert_eq!((v.offset, v.in_order), (16, true));
    // A retransmission of the first request: behind the stream, out of order.
    let v = t.observe(&seg(false, 1001, ACK, b"GET / HTTP/1.1\r\n"), 7);
    assert_eq!((v.offset, v.in_order), (0, false));
    assert_eq!((v.orig_packets, v.orig_bytes), (5, 36));
    // A segment after a gap is out of order; the stream resynchronises on it.
    let v = t.observe(&seg(false, 1031, ACK, b"x"), 8);
    assert_eq!((v.offset, v.in_order), (30, false));
    let v = t.observe(&seg(false, 1032, ACK | FIN, b""), 9);
    assert_eq!((v.in_order, v.state), (true, state::CLOSING));
    let v = t.observe(&seg(true, 5018, ACK | FIN, b""), 10);
    assert_eq!(v.state, state::CLOSED);
    assert_eq!((v.orig_packets, v.reply_packets), (7, 3));
    assert_eq!(t.len(), 1);
    // A new SYN on the closed 5-tuple starts a new session.
    let v = t.observe(&seg(false, 9000, SYN, b""), 11);
    assert!(v.new && !v.reply);
    assert_eq!(
        (v.state, v.orig_packets, v.orig_bytes),
        (state::SYN_SENT, 1, 0)
    );
    let v = t.observe(&seg(true, 7, RST | ACK, b""), 12);
    assert_eq!(v.state, state::CLOSED);
    assert_eq!(t.observed(), 12);
}

#[test]
fn the_first_packet_seen_decides_the_initiator_and_midstream_pickup_is_established() {
    let mut t = SessionTable::default();
    // First seen: the server's data (picked up mid-stream).
    let v = t.observe(&seg(true, 777, ACK, b"abc"), 1);
    assert!(
        v.new && !v.reply,
        "the sender of the first packet is the initiator"
    );
    assert_eq!(
        (v.state, v.offset, v.in_order),
        (state::ESTABLISHED, 0, true)
    );
    let v = t.observe(&seg(false, 50, ACK, b"de"), 2);
    assert!(v.reply);
    assert_eq!((v.orig_bytes, v.reply_bytes), (3, 2));
    let v = t.observe(&seg(true, 780, ACK, b"f"), 3);
    assert_eq!((v.offset, v.in_order), (3, true));
}

#[test]
fn udp_sessions_count_datagram_offsets_and_non_sessions_are_invalid() {
    let mut t = SessionTable::default();
    let a = ([10, 1, 0, 1], 5353);
    let b = ([10, 2, 0, 1], 53);
    let v = t.observe(&udp(a, b, b"query"), 1);
    assert!(v.valid && v.new && !v.reply);
    assert_eq!(v.state, state::NONE);
    let v = t.observe(&udp(b, a, b"answer!"), 2);
    assert!(v.reply);
    assert_eq!((v.reply_bytes, v.offset), (7, 0));
    let v = t.observe(&udp(a, b, b"q2"), 3);
    assert_eq!((v.offset, v.orig_bytes, v.in_order), (5, 7, true));
    // Not IPv4 TCP/UDP: no session.
    let icmp = build::icmp_frame(
        &l3(a.0, b.0),
        &wire::icmp::Repr::EchoRequest {
            ident: 1,
            seq_no: 1,
        },
        b"",
    );
    assert!(!t.observe(&icmp, 4).valid);
    assert!(!t.observe(&[0u8; 10], 5).valid);
    assert_eq!(t.len(), 1);
}

#[test]
fn the_table_is_bounded_idle_sessions_expire_and_overflow_is_counted() {
    let mut t = SessionTable::new(2, 1_000);
    let s = ([10, 2, 0, 1], 53);
    for port in [1, 2] {
        assert!(t.observe(&udp(([10, 1, 0, 1], port), s, b"x"), 0).valid);
    }
    // Full, nobody idle: the third session is not tracked, and counted.
    let v = t.observe(&udp(([10, 1, 0, 1], 3), s, b"x"), 500);
    assert!(!v.valid);
    assert_eq!((t.untracked(), t.len()), (1, 2));
    assert!(t.heap_bytes() > 0);
    // Known sessions go on.
    let v = t.observe(&udp(([10, 1, 0, 1], 1), s, b"x"), 600);
    assert_eq!((v.valid, v.orig_packets), (true, 2));
    // Port 2's session idled out (last seen 0, now 1_200): swept for the new one.
    let v = t.observe(&udp(([10, 1, 0, 1], 3), s, b"x"), 1_200);
    assert!(v.valid && v.new);
    assert_eq!(t.len(), 2);
    // An idle session that comes back is a new session.
    let v = t.observe(&udp(([10, 1, 0, 1], 1), s, b"x"), 5_000);
    assert!(v.new);
    assert_eq!(v.orig_packets, 1);
}

fn compile(src: &str) -> Result<ir::Program, String> {
    lang::compile(
        "t",
        src,
        &lang::Overrides::new(),
        &lang::FsLoader { base: None },
    )
    .map(|c| c.program)
    .map_err(|d| format!("{d:?}"))
}

#[test]
fn programs_read_session_results_through_their_own_table_or_given_ones() {
    let src = "event e { reply: bool, state: u8, orig: u32, bytes: u64, off: u32 }\n\
        on packet {\n\
          if !session.valid { drop(); }\n\
          emit e { reply: session.reply, state: session.state, orig: session.orig_packets,\n\
                   bytes: session.orig_bytes + session.reply_bytes, off: session.offset };\n\
          forward(in_port ^ 1);\n\
        }";
    let p = compile(src).expect("compiles");
    let mut i = Interpreter::new(&p).expect("loads");
    assert!(i.reads_session());
    let mut f = seg(false, 1, SYN, b"");
    assert_eq!(i.process(&mut f, 0, 1), Ok(Verdict::Forward(1)));
    let mut f = seg(true, 9, SYN | ACK, b"");
    assert_eq!(i.process(&mut f, 1, 2), Ok(Verdict::Forward(0)));
    let mut f = seg(false, 2, ACK, b"hello");
    i.process(&mut f, 0, 3).expect("runs");
    let ev: Vec<Vec<ir::Value>> = i.take_events().into_iter().map(|e| e.fields).collect();
    let b = |x: bool| ir::Value::Bool(x);
    let n = |w: u16, v: u64| ir::Value::Bits { width: w, value: v };
    assert_eq!(ev[0], vec![b(false), n(8, 1), n(32, 1), n(64, 0), n(32, 0)]);
    assert_eq!(ev[1], vec![b(true), n(8, 2), n(32, 1), n(64, 0), n(32, 0)]);
    assert_eq!(ev[2], vec![b(false), n(8, 3), n(32, 2), n(64, 5), n(32, 0)]);
    assert_eq!(i.session_table().map(|t| t.len()), Some(1));
    // Results given by the caller (a shared module) are read instead, and the
    // program's own table is left alone.
    let mut shared = SessionTable::default();
    let mut f = udp(([10, 1, 0, 1], 7), ([10, 2, 0, 1], 53), b"abc");
    let v = shared.observe(&f, 4);
    i.process_with(&mut f, None, Some(&v), 0, 4).expect("runs");
    let ev = i.take_events();
    assert_eq!(ev[0].fields[2], n(32, 1));
    assert_eq!(ev[0].fields[3], n(64, 3));
    assert_eq!(i.session_table().map(|t| t.len()), Some(1));
    // Not IPv4 TCP/UDP: session.valid is false.
    let mut junk = vec![0u8; 20];
    assert_eq!(i.process(&mut junk, 0, 5), Ok(Verdict::Drop));
    // A program without session.* keeps no table.
    let q = compile("on packet { forward(in_port ^ 1); }").expect("compiles");
    assert!(!Interpreter::new(&q).expect("loads").reads_session());
}

#[test]
fn session_fields_are_checked_and_read_only() {
    let e = compile("on packet { if session.nope { drop(); } forward(0); }").expect_err("unknown");
    assert!(
        e.contains("unknown session field") && e.contains("orig_bytes"),
        "{e}"
    );
    let e = compile("on packet { session.state = 1; forward(0); }").expect_err("read only");
    assert!(e.contains("cannot assign"), "{e}");
    let e =
        compile("on packet { let x: u16 = session.orig_bytes; forward(0); }").expect_err("type");
    assert!(e.contains("bit<64>") || e.contains("u64"), "{e}");
    // A program's own state named `session` keeps its meaning.
    compile("register session: u8 = 0;\non packet { session = session + 1; forward(0); }")
        .expect("own state named session");
    // The IR text format round-trips the operation.
    let p = compile("on packet { if session.reply { drop(); } forward(0); }").expect("compiles");
    let text = ir::print(&p);
    assert!(text.contains("session reply"), "{text}");
    assert_eq!(ir::parse(&text).expect("parses back"), p);
}
