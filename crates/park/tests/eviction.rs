//! Eviction by expiry, premature-eviction detection by generation, explicit drop
//! notices, tag validation and static slicing.

mod common;

use std::time::Duration;

use park::notice::drop_notice;
use park::{ParkConfig, ParkSwitch, Slice};
use pipe::{DropReason, Verdict};

const T: Duration = Duration::ZERO;

fn sw(slots: u32, expiry: u32) -> ParkSwitch {
    let mut cfg = ParkConfig::single(1, 2, 3, slots);
    cfg.expiry = expiry;
    ParkSwitch::new(cfg).expect("valid config")
}

fn split(sw: &mut ParkSwitch, seed: u8) -> (Vec<u8>, Vec<u8>) {
    let orig = common::udp(1, 1000 + u16::from(seed), 300, seed);
    let out = sw.process(T, 1, &orig).expect("port");
    (orig, out.bytes)
}

fn slot_of(frame: &[u8]) -> (bool, u16, u32) {
    let p = wire::park::Packet::new_checked(&frame[42..52]).expect("header");
    assert!(p.is_valid(), "a PayloadPark header right after UDP");
    (p.enabled(), p.slot(), p.generation())
}

#[test]
fn expiry_one_evicts_on_the_next_lap_and_the_late_packet_is_dropped() {
    let mut sw = sw(4, 1);
    let first: Vec<_> = (0..4).map(|i| split(&mut sw, i)).collect();
    for (i, (_, h)) in first.iter().enumerate() {
        assert_eq!(slot_of(h), (true, i as u16, 1));
    }
    // Lap 2 finds slot 0 still held from lap 1: with EXP = 1 it is evicted.
    let (orig5, h5) = split(&mut sw, 9);
    assert_eq!(slot_of(&h5), (true, 0, 2));
    assert_eq!(sw.counters().evictions, 1);
    // The evicted packet comes back: its generation no longer matches.
    let late = sw.process(T, 2, &first[0].1).expect("port");
    assert_eq!(late.verdict, Verdict::Drop(DropReason::Ingress));
    assert_eq!(sw.counters().premature, 1);
    // The slot's new owner merges with its own payload.
    assert_eq!(sw.process(T, 2, &h5).expect("port").bytes, orig5);
    // Packet 2 was never evicted and still merges.
    assert_eq!(
        sw.process(T, 2, &first[1].1).expect("port").bytes,
        first[1].0
    );
}

#[test]
fn larger_expiry_bypasses_occupied_slots_until_it_runs_out() {
    let mut sw = sw(2, 3);
    split(&mut sw, 0);
    split(&mut sw, 1); // lap 1 fills both slots
    for lap in 2..=3 {
        for k in 0..2 {
            let (_, h) = split(&mut sw, 10 * lap + k);
            assert!(!slot_of(&h).0, "lap {lap}: slot still within its expiry");
        }
    }
    assert_eq!(sw.counters().bypass_occupied, 4);
    let (_, h) = split(&mut sw, 50); // lap 4: allocated 3 laps ago → evicted
    assert_eq!(slot_of(&h), (true, 0, 4));
    assert_eq!(sw.counters().evictions, 1);
}

#[test]
fn a_drop_notice_frees_the_slot_at_once() {
    let mut sw = sw(2, 5);
    let (_, h0) = split(&mut sw, 0);
    split(&mut sw, 1);
    let notice = drop_notice(&h0).expect("parked packet gets a notice");
    assert_eq!(notice.len(), 42 + wire::park::HEADER_LEN);
    let out = sw.process(T, 2, &notice).expect("port");
    assert_eq!(out.verdict, Verdict::Drop(DropReason::Ingress));
    assert_eq!(sw.counters().explicit_drops, 1);
    // Next lap: slot 0 is free (no eviction needed), slot 1 is still held.
    let (_, h) = split(&mut sw, 2);
    assert_eq!(slot_of(&h), (true, 0, 2));
    let (_, h) = split(&mut sw, 3);
    assert!(!slot_of(&h).0);
    let c = sw.counters();
    assert_eq!((c.evictions, c.bypass_occupied), (0, 1));
    // A second notice for the same packet frees nothing: the generation differs.
    sw.process(T, 2, &notice).expect("port");
    assert_eq!(sw.counters().premature, 1);
}

#[test]
fn a_damaged_tag_is_dropped_and_counted() {
    let mut sw = sw(8, 1);
    let (_, mut h) = split(&mut sw, 0);
    h[42 + 9] ^= 0x01; // generation byte
    let out = sw.process(T, 2, &h).expect("port");
    assert_eq!(out.verdict, Verdict::Drop(DropReason::Ingress));
    assert_eq!(sw.counters().bad_tags, 1);
}

#[test]
fn slices_are_isolated() {
    let cfg = ParkConfig {
        park_bytes: 160,
        expiry: 1,
        slices: vec![
            Slice {
                traffic_ports: vec![1],
                nf_port: 2,
                out_port: 3,
                slots: 2,
            },
            Slice {
                traffic_ports: vec![5],
                nf_port: 6,
                out_port: 7,
                slots: 2,
            },
        ],
        recirculate: false,
    };
    let mut sw = ParkSwitch::new(cfg).expect("valid");
    let b = common::udp(2, 7000, 300, 77);
    let to_b = sw.process(T, 5, &b).expect("port");
    assert_eq!(to_b.verdict, Verdict::Emit { port: 6 });
    assert_eq!(
        slot_of(&to_b.bytes),
        (true, 2, 1),
        "slice 1 starts at slot 2"
    );
    // Heavy traffic in slice 0 laps its own ring many times...
    for i in 0..20 {
        split(&mut sw, i);
    }
    assert!(sw.slice_counters(0).expect("slice 0").evictions > 0);
    // ...but slice 1's payload is untouched, and server 0 cannot free it.
    let stolen = sw.process(T, 2, &to_b.bytes).expect("port");
    assert_eq!(stolen.verdict, Verdict::Drop(DropReason::Ingress));
    assert_eq!(sw.slice_counters(0).expect("slice 0").bad_tags, 1);
    let back = sw.process(T, 6, &to_b.bytes).expect("port");
    assert_eq!(back.verdict, Verdict::Emit { port: 7 });
    assert_eq!(back.bytes, b);
    assert_eq!(sw.slice_counters(1).expect("slice 1").evictions, 0);
}
