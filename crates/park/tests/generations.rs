//! Alias-free generations. The published prototype draws the generation from a
//! 16-bit clock that advances with every split, so slot `s` gets clock
//! `(lap × M + s) mod 2^16` in a ring of `M` slots: when `M` shares factors with
//! 2^16, a slot sees the same generation again after `2^16 / gcd(M, 2^16)` laps, and
//! a packet that was away that long merges with someone else's payload. Here the
//! generation is the slot's allocation lap, which never repeats for a slot, so a
//! late packet is always recognised, however long it was away.

mod common;

use std::time::Duration;

use park::program::{LAP, RING};
use park::{ParkConfig, ParkSwitch};
use pipe::{DropReason, Verdict};
use proptest::prelude::*;

const T: Duration = Duration::ZERO;

/// The prototype's generation for slot `s` in lap `lap` of a ring of `m` slots.
fn prototype_generation(m: u64, lap: u64, s: u64) -> u64 {
    (lap * m + s) % (1 << 16)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Parks packet A in slot `s` during lap `l0`, lets `d` laps pass, parks B in the
/// same slot, then returns A (late) and B. Returns (A's verdict, B's output bytes,
/// B's original).
fn late_return(m: u32, s: u32, l0: u64, d: u64, expiry: u32) -> (Verdict, Vec<u8>, Vec<u8>) {
    let mut cfg = ParkConfig::single(1, 2, 3, m);
    cfg.expiry = expiry;
    let mut sw = ParkSwitch::new(cfg).expect("valid");
    let set = |sw: &mut ParkSwitch, lap: u64| {
        let c = sw.switch_mut();
        c.write_register(RING, 0, u64::from(s)).expect("ring");
        c.write_register(LAP, 0, lap).expect("lap");
    };
    set(&mut sw, l0);
    let a = common::udp(1, 1111, 300, 1);
    let a_hdr = sw.process(T, 1, &a).expect("port").bytes;
    set(&mut sw, l0 + d);
    let b = common::udp(2, 2222, 300, 2);
    let b_hdr = sw.process(T, 1, &b).expect("port").bytes;
    let pa = wire::park::Packet::new_checked(&a_hdr[42..52]).expect("A header");
    let pb = wire::park::Packet::new_checked(&b_hdr[42..52]).expect("B header");
    assert!(
        pa.enabled() && pb.enabled(),
        "both parked (d = {d} >= expiry)"
    );
    assert_eq!((pa.slot(), pb.slot()), (s as u16, s as u16));
    let late = sw.process(T, 2, &a_hdr).expect("port").verdict;
    let b_out = sw.process(T, 2, &b_hdr).expect("port").bytes;
    (late, b_out, b)
}

#[test]
fn the_prototype_clock_aliases_where_ours_does_not() {
    // 4096 slots: gcd with 2^16 is 4096, so the prototype's clock repeats every 16 laps.
    let (m, s, l0, d) = (4096u64, 17u64, 3u64, 16u64);
    assert_eq!(
        prototype_generation(m, l0, s),
        prototype_generation(m, l0 + d, s)
    );
    let (late, b_out, b) = late_return(m as u32, s as u32, l0, d, 1);
    assert_eq!(late, Verdict::Drop(DropReason::Ingress));
    assert_eq!(b_out, b);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn late_packets_are_always_detected(
        twos in 1u32..=12,
        odd in prop::sample::select(vec![1u32, 3, 5, 7]),
        slot_frac in 0.0f64..1.0,
        l0 in 0u64..1_000_000,
        periods in 1u64..4,
        extra in 0u64..3,
        expiry in 1u32..=3,
    ) {
        let m = (1u32 << twos) * odd;
        prop_assume!(m <= 1 << 16);
        let s = ((f64::from(m) - 1.0) * slot_frac) as u32;
        // Away for a whole number of the prototype's alias periods (plus a little),
        // and at least `expiry` laps so B may take the slot.
        let period = (1u64 << 16) / gcd(u64::from(m), 1 << 16);
        let d = (period * periods + extra).max(u64::from(expiry));
        let (late, b_out, b) = late_return(m, s, l0, d, expiry);
        prop_assert_eq!(late, Verdict::Drop(DropReason::Ingress));
        prop_assert_eq!(b_out, b);
    }

    #[test]
    fn with_real_traffic_every_late_packet_is_dropped_and_the_rest_merge(
        m in prop::sample::select(vec![2u32, 4, 6, 8, 12, 16]),
        laps in 1u32..12,
    ) {
        // A is parked in slot 0 and held back; `laps` laps of packets that return at
        // once follow; then A returns.
        let mut sw = ParkSwitch::new(ParkConfig::single(1, 2, 3, m)).expect("valid");
        let a = common::udp(1, 1111, 300, 1);
        let a_hdr = sw.process(T, 1, &a).expect("port").bytes;
        for i in 0..(laps * m) {
            let f = common::udp(2, 3000 + i as u16, 200 + (i as usize % 50), i as u8);
            let h = sw.process(T, 1, &f).expect("port").bytes;
            let out = sw.process(T, 2, &h).expect("port");
            prop_assert_eq!(out.bytes, f);
        }
        let late = sw.process(T, 2, &a_hdr).expect("port");
        prop_assert_eq!(late.verdict, Verdict::Drop(DropReason::Ingress));
        let c = sw.counters();
        prop_assert_eq!((c.premature, c.evictions), (1, 1));
    }
}
