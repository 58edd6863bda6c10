//! Load balancer (examples/nf/lb.nf) on hand-built packets.

mod common;
use common::*;
use interp::{Interpreter, Verdict};

const BACKENDS: [&str; 4] = ["10.0.1.1", "10.0.1.2", "10.0.1.3", "10.0.1.4"];
const MIN: u64 = 60_000_000_000;

/// The backend the spec prescribes: CRC-32 (as the switch computes it) of the
/// 5-tuple's bytes (protocol, client address, client port, VIP, port) modulo 4.
fn expected_backend(proto: u8, src: &str, sport: u16, dst: &str, dport: u16) -> std::net::Ipv4Addr {
    let mut b = vec![proto];
    b.extend(ip(src).octets());
    b.extend(sport.to_be_bytes());
    b.extend(ip(dst).octets());
    b.extend(dport.to_be_bytes());
    ip(BACKENDS[(wire::crc::crc32(&b) % 4) as usize])
}

#[test]
fn connections_go_to_the_hashed_backend_and_stay_there() {
    let mut it = Interpreter::new(&example("lb.nf", &[])).expect("loads");
    let mut seen = std::collections::HashSet::new();
    for c in 0..40u16 {
        let client = format!("198.18.0.{}", c + 1);
        let mut syn = tcp(&client, 30000 + c, "10.0.0.100", 80, SYN, b"");
        assert_eq!(
            it.process(&mut syn, 0, 1).expect("runs"),
            Verdict::Forward(1)
        );
        let (_, _, backend, port) = endpoints(&syn);
        assert_eq!(
            backend,
            expected_backend(6, &client, 30000 + c, "10.0.0.100", 80)
        );
        assert_eq!(port, 80);
        seen.insert(backend);
        let mut data = tcp(
            &client,
            30000 + c,
            "10.0.0.100",
            80,
            ACK,
            b"GET / HTTP/1.1\r\n",
        );
        it.process(&mut data, 0, 2).expect("runs");
        assert_eq!(endpoints(&data).2, backend, "same connection, same backend");
    }
    assert_eq!(seen.len(), 4, "40 connections spread over all 4 backends");
    assert_eq!(it.state().map_entries("conns", 2).expect("map").len(), 40);
}

#[test]
fn fin_and_rst_remove_the_entry_and_idle_entries_expire_after_5_minutes() {
    let mut it = Interpreter::new(&example("lb.nf", &[])).expect("loads");
    let mut a = tcp("198.18.0.1", 1111, "10.0.0.100", 80, SYN, b"");
    let mut b = tcp("198.18.0.2", 2222, "10.0.0.100", 80, SYN, b"");
    let mut c = udp("198.18.0.3", 3333, "10.0.0.100", 53, b"q");
    it.process(&mut a, 0, 0).expect("runs");
    it.process(&mut b, 0, 0).expect("runs");
    it.process(&mut c, 0, 0).expect("runs");
    assert_eq!(it.state().map_entries("conns", 0).expect("map").len(), 3);
    let mut fin = tcp("198.18.0.1", 1111, "10.0.0.100", 80, FIN_ACK, b"");
    assert_eq!(
        it.process(&mut fin, 0, 1).expect("runs"),
        Verdict::Forward(1)
    );
    let mut rst = tcp("198.18.0.2", 2222, "10.0.0.100", 80, RST, b"");
    it.process(&mut rst, 0, 1).expect("runs");
    assert_eq!(it.state().map_entries("conns", 1).expect("map").len(), 1);
    // The UDP entry was last used at 0: live just before 5 min, gone at 5 min.
    assert_eq!(
        it.state()
            .map_entries("conns", 5 * MIN - 1)
            .expect("map")
            .len(),
        1
    );
    assert_eq!(
        it.state().map_entries("conns", 5 * MIN).expect("map").len(),
        0
    );
}

#[test]
fn backend_replies_get_the_vip_back_and_other_traffic_passes() {
    let mut it = Interpreter::new(&example(
        "lb.nf",
        &["vip=10.9.9.9", "backends=10.0.1.7,10.0.1.8"],
    ))
    .expect("loads");
    let mut reply = tcp("10.0.1.8", 80, "198.18.0.1", 1111, SYN | ACK, b"");
    assert_eq!(
        it.process(&mut reply, 1, 1).expect("runs"),
        Verdict::Forward(0)
    );
    assert_eq!(
        endpoints(&reply),
        (ip("10.9.9.9"), 80, ip("198.18.0.1"), 1111)
    );
    let mut other = tcp("198.18.0.1", 1111, "192.0.2.1", 80, SYN, b"");
    let orig = other.clone();
    assert_eq!(
        it.process(&mut other, 0, 1).expect("runs"),
        Verdict::Forward(1)
    );
    assert_eq!(other, orig, "not for the VIP: unchanged");
    let mut from_elsewhere = tcp("192.0.2.1", 80, "198.18.0.1", 1111, ACK, b"");
    let orig = from_elsewhere.clone();
    it.process(&mut from_elsewhere, 1, 1).expect("runs");
    assert_eq!(from_elsewhere, orig, "not from a backend: unchanged");
}
