//! Split and merge of single packets: what the NF receives is a valid packet
//! (lengths and checksums of what it gets), merge restores the original exactly,
//! also after the NF rewrote addresses and ports.

mod common;

use std::time::Duration;

use park::nf::{Nat, Nf, NfVerdict};
use park::{ParkConfig, ParkSwitch};
use pipe::Verdict;
use wire::park::{HEADER_LEN, Packet};

const T: Duration = Duration::ZERO;

fn sw() -> ParkSwitch {
    ParkSwitch::new(ParkConfig::single(1, 2, 3, 64)).expect("valid config")
}

fn split(sw: &mut ParkSwitch, frame: &[u8]) -> Vec<u8> {
    let out = sw.process(T, 1, frame).expect("port");
    assert_eq!(out.verdict, Verdict::Emit { port: 2 });
    out.bytes
}

fn merge(sw: &mut ParkSwitch, frame: &[u8]) -> pipe::Output {
    sw.process(T, 2, frame).expect("port")
}

fn assert_valid(frame: &[u8]) {
    let h = wire::parse_frame(frame).expect("parses");
    assert!(h.checksums().all_ok(), "checksums of {frame:02x?}");
}

#[test]
fn udp_payload_is_parked_and_restored() {
    let mut sw = sw();
    let orig = common::udp(1, 1000, 400, 3);
    let to_nf = split(&mut sw, &orig);
    // 160 payload bytes parked, 10 header bytes added.
    assert_eq!(to_nf.len(), orig.len() - 160 + HEADER_LEN);
    assert_valid(&to_nf);
    let pp = Packet::new_checked(&to_nf[42..52]).expect("header after UDP");
    assert!(pp.enabled() && pp.is_valid());
    assert_eq!(pp.slot(), 0);
    assert_eq!(pp.generation(), 1);
    // The rest of the payload follows the header unchanged.
    assert_eq!(&to_nf[52..], &orig[42 + 160..]);
    let back = merge(&mut sw, &to_nf);
    assert_eq!(back.verdict, Verdict::Emit { port: 3 });
    assert_eq!(back.bytes, orig);
    let c = sw.counters();
    assert_eq!((c.splits, c.merges, c.premature), (1, 1, 0));
}

#[test]
fn short_payloads_get_a_disabled_header_and_come_back_unchanged() {
    let mut sw = sw();
    let orig = common::udp(1, 1000, 100, 3);
    let to_nf = split(&mut sw, &orig);
    assert_eq!(to_nf.len(), orig.len() + HEADER_LEN);
    assert_valid(&to_nf);
    assert!(
        !Packet::new_checked(&to_nf[42..52])
            .expect("header")
            .enabled()
    );
    assert_eq!(merge(&mut sw, &to_nf).bytes, orig);
    let c = sw.counters();
    assert_eq!((c.bypass_short, c.unparked_returns, c.splits), (1, 1, 0));
}

#[test]
fn tcp_with_and_without_options_survives_a_nat() {
    for ts in [false, true] {
        let mut sw = sw();
        let mut nat_direct = Nat::new(std::net::Ipv4Addr::new(192, 0, 2, 1), 20000);
        let mut nat_parked = nat_direct.clone();
        let orig = common::tcp(4, 5555, 700, 9, ts);
        assert_valid(&orig);
        let mut expect = orig.clone();
        assert_eq!(nat_direct.process(&mut expect), NfVerdict::Forward);
        let mut to_nf = split(&mut sw, &orig);
        assert_valid(&to_nf);
        assert_eq!(to_nf.len(), orig.len() - 150);
        assert_eq!(nat_parked.process(&mut to_nf), NfVerdict::Forward);
        let back = merge(&mut sw, &to_nf);
        assert_eq!(back.bytes, expect, "timestamps option: {ts}");
        assert_valid(&back.bytes);
        assert_eq!(sw.counters().merges, 1);
    }
}

#[test]
fn non_ip_frames_pass_untouched_both_ways() {
    let mut sw = sw();
    let arp = {
        let mut f = vec![0xff; 12];
        f.extend_from_slice(&[0x08, 0x06]);
        f.extend_from_slice(&[0u8; 46]);
        f
    };
    assert_eq!(split(&mut sw, &arp), arp);
    assert_eq!(merge(&mut sw, &arp).bytes, arp);
}
