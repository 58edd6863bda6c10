//! MazuNAT (examples/nf/mazunat.nf) on hand-built packets.

mod common;
use common::*;
use interp::{Interpreter, Verdict};

fn nat(sets: &[&str]) -> Interpreter {
    Interpreter::new(&example("mazunat.nf", sets)).expect("loads")
}

#[test]
fn outbound_allocates_ports_in_order_and_rewrites_with_valid_checksums() {
    let mut it = nat(&[]);
    let mut a = tcp("10.0.0.1", 5000, "192.0.2.10", 80, SYN, b"");
    assert_eq!(it.process(&mut a, 0, 1).expect("runs"), Verdict::Forward(1));
    assert_eq!(
        endpoints(&a),
        (ip("198.51.100.1"), 1024, ip("192.0.2.10"), 80)
    );
    // Same flow again: same port. A new flow: the next port.
    let mut again = tcp("10.0.0.1", 5000, "192.0.2.10", 80, ACK, b"hello");
    it.process(&mut again, 0, 2).expect("runs");
    assert_eq!(endpoints(&again).1, 1024);
    let mut b = udp("10.0.0.2", 53, "192.0.2.53", 53, b"query");
    assert_eq!(it.process(&mut b, 0, 3).expect("runs"), Verdict::Forward(1));
    assert_eq!(
        endpoints(&b),
        (ip("198.51.100.1"), 1025, ip("192.0.2.53"), 53)
    );
    assert_eq!(
        it.state().register("next_port"),
        Some(ir::Value::bits(16, 1026))
    );
    let out = it.state().map_entries("nat_out", 3).expect("map");
    assert_eq!(out.len(), 2);
}

#[test]
fn inbound_translates_known_mappings_and_drops_the_rest() {
    let mut it = nat(&["external_ip=203.0.113.7"]);
    let mut a = tcp("10.0.0.9", 4242, "192.0.2.10", 443, SYN, b"");
    it.process(&mut a, 0, 1).expect("runs");
    let mut reply = tcp("192.0.2.10", 443, "203.0.113.7", 1024, SYN | ACK, b"");
    assert_eq!(
        it.process(&mut reply, 1, 2).expect("runs"),
        Verdict::Forward(0)
    );
    assert_eq!(
        endpoints(&reply),
        (ip("192.0.2.10"), 443, ip("10.0.0.9"), 4242)
    );
    let mut stray = tcp("192.0.2.10", 443, "203.0.113.7", 1025, SYN | ACK, b"");
    assert_eq!(it.process(&mut stray, 1, 3).expect("runs"), Verdict::Drop);
    // The mapping is per protocol: a UDP packet to the TCP mapping's port is dropped.
    let mut wrong_proto = udp("192.0.2.10", 443, "203.0.113.7", 1024, b"x");
    assert_eq!(
        it.process(&mut wrong_proto, 1, 4).expect("runs"),
        Verdict::Drop
    );
}

#[test]
fn port_counter_wraps_within_the_configured_range() {
    let mut it = nat(&["port_min=100", "port_max=101"]);
    let mut ports = Vec::new();
    for i in 0..3u16 {
        let mut p = udp("10.0.0.1", 2000 + i, "192.0.2.1", 9, b"");
        it.process(&mut p, 0, u64::from(i)).expect("runs");
        ports.push(endpoints(&p).1);
    }
    assert_eq!(ports, vec![100, 101, 100]);
}

#[test]
fn udp_without_checksum_keeps_none_and_non_l4_is_dropped() {
    let mut it = nat(&[]);
    let mut p = udp("10.0.0.1", 7, "192.0.2.1", 7, b"abc");
    let csum_at = 14 + 20 + 6;
    p[csum_at] = 0;
    p[csum_at + 1] = 0;
    it.process(&mut p, 0, 1).expect("runs");
    assert_eq!(
        &p[csum_at..csum_at + 2],
        &[0, 0],
        "UDP 'no checksum' must stay 0"
    );
    let h = wire::parse_frame(&p).expect("parses");
    assert_eq!(h.checksums().ipv4, Some(true));
    let mut short = vec![0u8; 10];
    assert_eq!(it.process(&mut short, 0, 2).expect("runs"), Verdict::Drop);
}

#[test]
fn a_snapshot_restores_into_a_fresh_interpreter_and_bad_ones_are_refused() {
    let mut it = nat(&[]);
    let mut a = tcp("10.0.0.1", 5000, "192.0.2.10", 80, SYN, b"");
    it.process(&mut a, 0, 1).expect("runs");
    let mut b = udp("10.0.0.2", 53, "192.0.2.53", 53, b"query");
    it.process(&mut b, 0, 2).expect("runs");
    let snap = it.state().snapshot(&[], 3);
    // Through JSON, as a checkpoint file holds it.
    let text = serde_json::to_string(&snap).expect("serialises");
    let back: interp::Snapshot = serde_json::from_str(&text).expect("parses");
    let mut fresh = nat(&[]);
    fresh.state_mut().restore(&back, 3).expect("fits");
    assert_eq!(fresh.state().to_json(3), it.state().to_json(3));
    // The restored NAT goes on where the first stopped: the next port.
    let mut c = tcp("10.0.0.3", 7000, "192.0.2.10", 80, SYN, b"");
    fresh.process(&mut c, 0, 4).expect("runs");
    assert_eq!(endpoints(&c).1, 1026);

    // A snapshot that does not fit is refused whole, naming the object.
    let mut bad = back.clone();
    bad.objects
        .push(("nope".into(), interp::SnapshotObject::Register(vec![1])));
    let e = nat(&[])
        .state_mut()
        .restore(&bad, 0)
        .expect_err("unknown object");
    assert!(e.contains("`nope`"), "{e}");
    let mut wrong = back;
    for (name, o) in &mut wrong.objects {
        if name == "nat_out" {
            *o = interp::SnapshotObject::Map(vec![(vec![1], vec![2])]);
        }
    }
    let mut other = nat(&[]);
    let e = other
        .state_mut()
        .restore(&wrong, 0)
        .expect_err("wrong key shape");
    assert!(e.contains("`nat_out`"), "{e}");
    assert_eq!(
        other.state().register("next_port"),
        Some(ir::Value::bits(16, 1024))
    );
}
