//! The comparison's rules, spelled out and as properties.

use super::*;
use proptest::prelude::*;

/// A frame of flow `flow` (its EtherType), packet `i` of it.
fn frame(flow: u8, i: u16) -> Vec<u8> {
    let mut f = vec![2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, 0x88, flow];
    f.extend_from_slice(&i.to_be_bytes());
    f
}

/// Feeds `(side, port, frame, loose)` in order; panics if the window fills.
fn feed(d: &mut Diff, steps: &[(Side, u16, Vec<u8>, bool)]) {
    for (n, (side, port, f, loose)) in steps.iter().enumerate() {
        d.packet(*side, *port, f, n as u64, *loose)
            .unwrap_or_else(|e| panic!("step {n}: {e}"));
    }
}

#[test]
fn the_same_packets_in_the_same_order_match_without_reordering() {
    let mut d = Diff::new(8);
    for i in 0..100 {
        let f = frame((i % 3) as u8, i);
        feed(
            &mut d,
            &[(Side::B, 1, f.clone(), false), (Side::A, 1, f, false)],
        );
    }
    assert_eq!(d.stats().largest_window, 1);
    let done = d.finish();
    assert!(done.agreed(), "{:?}", done.mismatches);
    assert_eq!(done.stats.packets, BTreeMap::from([(1, 100)]));
    assert_eq!(done.stats.reordered_across_flows, 0);
    assert_eq!(done.stats.reordered_in_flows, 0);
}

#[test]
fn a_swap_within_a_flow_is_reported_with_both_copies() {
    let (x1, x2) = (frame(1, 1), frame(1, 2));
    let mut d = Diff::new(8);
    feed(
        &mut d,
        &[
            (Side::A, 0, x1.clone(), false),
            (Side::B, 0, x2.clone(), false),
            (Side::A, 0, x2.clone(), false),
            (Side::B, 0, x1.clone(), false),
        ],
    );
    let done = d.finish();
    assert_eq!(done.stats.mismatches, 1);
    assert_eq!(
        done.mismatches,
        vec![Mismatch::Reordered {
            port: 0,
            flow: Flow::Other(Some(0x8801)),
            a: Packet {
                frame: x1.clone(),
                origin: 0
            },
            b: Packet {
                frame: x1,
                origin: 3
            },
        }]
    );
    assert_eq!(done.stats.packets[&0], 1);
}

#[test]
fn a_held_packet_may_be_overtaken_within_its_flow() {
    // The reference sends SYN, ACK; the partitioned run held the SYN and
    // let it out after the ACK.
    let (syn, ack) = (frame(1, 1), frame(1, 2));
    let mut d = Diff::new(8);
    feed(
        &mut d,
        &[
            (Side::A, 1, syn.clone(), false),
            (Side::B, 1, ack.clone(), false),
            (Side::A, 1, ack.clone(), false),
            (Side::B, 1, syn.clone(), true),
        ],
    );
    let done = d.finish();
    assert!(done.agreed(), "{:?}", done.mismatches);
    assert_eq!(done.stats.packets[&1], 2);
    assert_eq!(done.stats.reordered_in_flows, 1);
    // Without the hold the same order is a divergence.
    let mut d = Diff::new(8);
    feed(
        &mut d,
        &[
            (Side::A, 1, syn.clone(), false),
            (Side::B, 1, ack.clone(), false),
            (Side::A, 1, ack, false),
            (Side::B, 1, syn, false),
        ],
    );
    assert_eq!(d.finish().stats.mismatches, 1);
}

#[test]
fn changed_and_missing_packets_are_reported_when_settled() {
    let mut d = Diff::new(8);
    let mut changed = frame(2, 1);
    changed[15] ^= 0xff;
    feed(
        &mut d,
        &[
            (Side::A, 0, frame(2, 1), false),
            (Side::B, 0, changed.clone(), false),
            (Side::A, 1, frame(3, 1), false),
        ],
    );
    assert_eq!(d.unmatched(), 3);
    d.settle();
    assert_eq!(d.unmatched(), 0);
    // Settled: a later copy does not match what was reported.
    feed(&mut d, &[(Side::B, 1, frame(3, 1), false)]);
    let done = d.finish();
    assert_eq!(done.stats.mismatches, 3);
    assert_eq!(
        done.mismatches[0],
        Mismatch::Changed {
            port: 0,
            flow: Flow::Other(Some(0x8802)),
            a: Packet {
                frame: frame(2, 1),
                origin: 0
            },
            b: Packet {
                frame: changed,
                origin: 1
            },
        }
    );
    assert!(matches!(
        done.mismatches[1],
        Mismatch::Missing {
            port: 1,
            side: Side::A,
            ..
        }
    ));
    assert!(matches!(
        done.mismatches[2],
        Mismatch::Missing {
            port: 1,
            side: Side::B,
            ..
        }
    ));
}

#[test]
fn the_same_bytes_on_another_port_do_not_match() {
    let mut d = Diff::new(8);
    feed(
        &mut d,
        &[
            (Side::A, 0, frame(1, 1), false),
            (Side::B, 1, frame(1, 1), false),
        ],
    );
    assert_eq!(d.finish().stats.mismatches, 2);
}

#[test]
fn a_full_window_names_the_oldest_and_stops() {
    let mut d = Diff::new(2);
    d.packet(Side::B, 1, &frame(1, 1), 10, false)
        .expect("first waits");
    d.packet(Side::B, 0, &frame(2, 1), 11, false)
        .expect("second waits");
    let full = d
        .packet(Side::A, 1, &frame(3, 1), 12, false)
        .expect_err("third does not fit");
    assert_eq!(full.window, 2);
    assert_eq!((full.side, full.origin), (Side::B, 10));
    assert_eq!(
        full.oldest,
        Waiting::Packet {
            port: 1,
            flow: Flow::Other(Some(0x8801)),
            frame: frame(1, 1)
        }
    );
    // Stopped: even a packet that would match is refused.
    assert!(d.packet(Side::A, 1, &frame(1, 1), 13, false).is_err());
    let done = d.finish();
    assert_eq!(done.stopped, Some(full));
    assert_eq!(done.stats.mismatches, 0, "what waited is not judged");
    assert!(!done.agreed());
}

#[test]
fn a_window_of_zero_refuses_the_first_packet_that_would_wait() {
    let mut d = Diff::new(0);
    let full = d
        .packet(Side::A, 3, &frame(1, 1), 5, false)
        .expect_err("nothing may wait");
    assert_eq!((full.side, full.origin, full.window), (Side::A, 5, 0));
}

#[test]
fn events_match_as_a_multiset() {
    let mut d = Diff::new(8);
    for (side, e) in [
        (Side::A, "alert 1"),
        (Side::A, "alert 2"),
        (Side::B, "alert 2"),
        (Side::B, "alert 1"),
        (Side::B, "alert 3"),
    ] {
        d.event(side, e, 0).expect("fits");
    }
    let done = d.finish();
    assert_eq!(done.stats.events, 2);
    assert_eq!(
        done.mismatches,
        vec![Mismatch::Event {
            side: Side::B,
            event: "alert 3".into(),
            origin: 0
        }]
    );
}

/// Per-flow packet counts and ports, two interleavings of them (the flow
/// each next packet comes from), and the order the two runs are fed.
type Runs = (Vec<(u16, u16)>, Vec<u8>, Vec<u8>, Vec<bool>);

fn runs() -> impl Strategy<Value = Runs> {
    prop::collection::vec((1u16..12, 0u16..2), 1..6).prop_flat_map(|flows| {
        let schedule: Vec<u8> = flows
            .iter()
            .enumerate()
            .flat_map(|(f, (n, _))| std::iter::repeat_n(f as u8, usize::from(*n)))
            .collect();
        let total = schedule.len();
        (
            Just(flows),
            Just(schedule.clone()).prop_shuffle(),
            Just(schedule).prop_shuffle(),
            prop::collection::vec(any::<bool>(), 2 * total),
        )
    })
}

/// The frames of one run: each flow's packets in order, flows interleaved
/// as `schedule` says.
fn interleave(flows: &[(u16, u16)], schedule: &[u8]) -> Vec<(u16, Vec<u8>)> {
    let mut next = vec![0u16; flows.len()];
    schedule
        .iter()
        .map(|&f| {
            let i = next[usize::from(f)];
            next[usize::from(f)] += 1;
            (flows[usize::from(f)].1, frame(f, i))
        })
        .collect()
}

/// Feeds run A and run B, taking from A where `pick` says true (from the
/// other run once one is done).
fn feed_both(
    d: &mut Diff,
    a: &[(u16, Vec<u8>)],
    b: &[(u16, Vec<u8>)],
    pick: &[bool],
) -> Result<(), WindowFull> {
    let (mut i, mut j) = (0, 0);
    let mut k = 0;
    while i < a.len() || j < b.len() {
        let from_a = j >= b.len() || (i < a.len() && pick.get(k).copied().unwrap_or(true));
        k += 1;
        if from_a {
            d.packet(Side::A, a[i].0, &a[i].1, i as u64, false)?;
            i += 1;
        } else {
            d.packet(Side::B, b[j].0, &b[j].1, j as u64, false)?;
            j += 1;
        }
    }
    Ok(())
}

proptest! {
    /// Any two interleavings of the same flows, fed in any order, match
    /// completely; the window never holds more than both runs' packets.
    #[test]
    fn interleavings_across_flows_always_match((flows, sa, sb, pick) in runs()) {
        let (a, b) = (interleave(&flows, &sa), interleave(&flows, &sb));
        let mut d = Diff::new(a.len() + b.len());
        prop_assert!(feed_both(&mut d, &a, &b, &pick).is_ok());
        let done = d.finish();
        prop_assert!(done.agreed(), "{:?}", done.mismatches);
        prop_assert_eq!(done.stats.packets.values().sum::<u64>(), a.len() as u64);
        prop_assert_eq!(done.stats.reordered_in_flows, 0);
        if sa == sb && pick.iter().step_by(2).all(|&x| x) {
            // The same order and each A packet fed just before its B twin.
            prop_assert_eq!(done.stats.reordered_across_flows, 0);
        }
    }

    /// Swapping two packets of one flow in run B is caught, whatever the
    /// interleavings and the feeding order.
    #[test]
    fn a_swap_within_a_flow_is_always_caught(
        (flows, sa, sb, pick) in runs(),
        which in any::<prop::sample::Index>(),
    ) {
        let (a, mut b) = (interleave(&flows, &sa), interleave(&flows, &sb));
        let long: Vec<usize> = (0..flows.len()).filter(|&f| flows[f].0 >= 2).collect();
        prop_assume!(!long.is_empty());
        let f = long[which.index(long.len())] as u8;
        let at: Vec<usize> = (0..b.len()).filter(|&i| b[i].1[13] == f).collect();
        b.swap(at[0], at[1]);
        let mut d = Diff::new(a.len() + b.len());
        prop_assert!(feed_both(&mut d, &a, &b, &pick).is_ok());
        let done = d.finish();
        prop_assert!(done.stats.mismatches >= 1);
        let packets_only = done.mismatches.iter().all(|m| !matches!(m, Mismatch::Event { .. }));
        prop_assert!(packets_only, "{:?}", done.mismatches);
    }

    /// A packet of run B held and let out anywhere later in its flow still
    /// matches.
    #[test]
    fn a_held_packet_let_out_later_matches(
        (flows, sa, _sb, pick) in runs(),
        which in any::<prop::sample::Index>(),
        delay in 0usize..20,
    ) {
        let a = interleave(&flows, &sa);
        let mut b: Vec<(u16, Vec<u8>, bool)> =
            a.iter().map(|(p, f)| (*p, f.clone(), false)).collect();
        let i = which.index(b.len());
        let mut held = b.remove(i);
        held.2 = true;
        b.insert((i + delay).min(b.len()), held);
        let mut d = Diff::new(a.len() + b.len());
        let (mut x, mut y) = (0, 0);
        for k in 0.. {
            if x >= a.len() && y >= b.len() {
                break;
            }
            if y >= b.len() || (x < a.len() && pick.get(k % pick.len()).copied().unwrap_or(true)) {
                prop_assert!(d.packet(Side::A, a[x].0, &a[x].1, 0, false).is_ok());
                x += 1;
            } else {
                prop_assert!(d.packet(Side::B, b[y].0, &b[y].1, 0, b[y].2).is_ok());
                y += 1;
            }
        }
        let done = d.finish();
        prop_assert!(done.agreed(), "{:?}", done.mismatches);
    }

    /// Arbitrary bytes never panic and every packet is accounted for once:
    /// matched (two per pair), a mismatch, or still waiting at a stop.
    #[test]
    fn arbitrary_frames_are_accounted_for(
        steps in prop::collection::vec((any::<bool>(), 0u16..3, prop::collection::vec(any::<u8>(), 0..40), any::<bool>()), 0..60),
        window in 0usize..40,
    ) {
        let mut d = Diff::new(window);
        let mut fed = 0u64;
        for (a, port, f, loose) in &steps {
            let side = if *a { Side::A } else { Side::B };
            if d.packet(side, *port, f, 0, *loose).is_err() {
                break;
            }
            fed += 1;
        }
        let waiting = d.unmatched() as u64;
        let done = d.finish();
        let pairs: u64 = done.stats.packets.values().sum();
        let per_mismatch: u64 = done.mismatches.iter().map(|m| match m {
            Mismatch::Changed { .. } | Mismatch::Reordered { .. } => 2,
            _ => 1,
        }).sum();
        if done.stopped.is_some() {
            prop_assert_eq!(2 * pairs + per_mismatch + waiting, fed);
        } else {
            prop_assert_eq!(2 * pairs + per_mismatch, fed);
        }
    }
}
