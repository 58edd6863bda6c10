//! Control plane: modelled latency, idle timeouts, packet-out, and Gallium's atomic
//! update, property-tested with packets between every step.

mod common;

use std::collections::BTreeMap;
use std::time::Duration;

use common::*;
use pipe::builder::*;
use pipe::{
    ControlError, ControlOp, KeyMatch, OpResult, Program, Switch, TableEntry, Update, Verdict,
};
use proptest::prelude::*;

const US: Duration = Duration::from_micros(1);

fn nat_key() -> [u64; 5] {
    [
        u64::from(ip(10, 0, 0, 1)),
        u64::from(ip(8, 8, 8, 8)),
        6,
        1234,
        80,
    ]
}

fn nat_pkt() -> Vec<u8> {
    tcp(ip(10, 0, 0, 1), ip(8, 8, 8, 8), 1234, 80, 64, b"")
}

#[test]
fn table_ops_take_effect_after_their_latency_in_order() {
    let mut sw = Switch::new(pipe::examples::nat()).unwrap();
    let e = TableEntry::exact(&nat_key(), "rewrite", &[1, 2, 3]);
    let (_, at) = sw
        .submit(
            Duration::ZERO,
            ControlOp::Insert {
                table: "nat".into(),
                entry: e.clone(),
            },
        )
        .unwrap();
    assert_eq!(at, 130 * US, "Gallium Table 3: about 130 µs per table op");
    let out = sw.process(129 * US, 0, &nat_pkt()).unwrap();
    assert_eq!(
        out.verdict,
        Verdict::Emit { port: 192 },
        "not yet installed: slow path"
    );
    let out = sw.process(130 * US, 0, &nat_pkt()).unwrap();
    assert_eq!(out.verdict, Verdict::Emit { port: 3 });
    // Two more ops submitted together are serialised: 260 µs, as Table 3's 2-table row.
    let (_, a) = sw
        .submit(
            200 * US,
            ControlOp::Modify {
                table: "nat".into(),
                entry: TableEntry::exact(&nat_key(), "rewrite", &[1, 2, 4]),
            },
        )
        .unwrap();
    let (_, b) = sw
        .submit(
            200 * US,
            ControlOp::RegisterRead {
                register: "next_port".into(),
                index: 0,
            },
        )
        .unwrap();
    assert_eq!((a, b), (330 * US, 460 * US));
    sw.advance(460 * US);
    let done = sw.take_completions();
    assert_eq!(done.len(), 3);
    assert!(done.iter().all(|c| c.result.is_ok()));
    assert_eq!(
        done[2].result,
        Ok(OpResult::Value(1)),
        "one miss incremented the counter"
    );
    // A duplicate insert is accepted for scheduling but fails when applied.
    sw.submit(
        500 * US,
        ControlOp::Insert {
            table: "nat".into(),
            entry: e,
        },
    )
    .unwrap();
    sw.advance(Duration::from_millis(1));
    assert_eq!(
        sw.take_completions()[0].result,
        Err(ControlError::EntryExists("nat".into()))
    );
    // Shape errors are refused at once.
    let bad = TableEntry::exact(&[1, 2], "rewrite", &[1, 2, 3]);
    assert!(matches!(
        sw.submit(
            Duration::from_millis(1),
            ControlOp::Insert {
                table: "nat".into(),
                entry: bad
            }
        ),
        Err(ControlError::BadEntry { .. })
    ));
    assert!(matches!(
        sw.submit(
            Duration::from_millis(1),
            ControlOp::Insert {
                table: "nope".into(),
                entry: TableEntry::exact(&[], "x", &[])
            }
        ),
        Err(ControlError::UnknownTable(_))
    ));
}

#[test]
fn latency_is_configurable() {
    let mut sw = Switch::new(pipe::examples::nat()).unwrap();
    sw.set_latency(pipe::Latency {
        table_op: 50 * US,
        ..Default::default()
    });
    let (_, at) = sw
        .submit(
            Duration::ZERO,
            ControlOp::Delete {
                table: "nat".into(),
                key: vec![KeyMatch::Exact(0); 5],
                priority: 0,
            },
        )
        .unwrap();
    assert_eq!(at, 50 * US);
}

#[test]
fn idle_entries_are_reported_once_until_hit_again() {
    let s = Duration::from_secs(1);
    let mut sw = Switch::new(pipe::examples::nat()).unwrap();
    sw.insert("nat", TableEntry::exact(&nat_key(), "rewrite", &[1, 2, 3]))
        .unwrap();
    sw.process(100 * s, 0, &nat_pkt()).unwrap();
    assert!(
        sw.poll_idle(350 * s).is_empty(),
        "250 s idle < 300 s timeout"
    );
    let n = sw.poll_idle(400 * s);
    assert_eq!(n.len(), 1);
    assert_eq!((n[0].table.as_str(), n[0].last_hit), ("nat", 100 * s));
    assert_eq!(
        n[0].entry.key,
        TableEntry::exact(&nat_key(), "rewrite", &[]).key
    );
    assert!(sw.poll_idle(401 * s).is_empty(), "reported once");
    sw.process(500 * s, 0, &nat_pkt()).unwrap();
    assert!(sw.poll_idle(799 * s).is_empty());
    assert_eq!(sw.poll_idle(800 * s).len(), 1);
}

#[test]
fn scheduled_packet_out_runs_at_its_completion_time() {
    let mut sw = Switch::new(pipe::examples::recirc_cpu()).unwrap();
    let frame = ethernet(MAC_B, MAC_A, 0x0806);
    let mut from_cpu = vec![0, 4, 0, 0];
    from_cpu.extend_from_slice(&frame);
    let (_, at) = sw
        .submit(Duration::ZERO, ControlOp::PacketOut(from_cpu))
        .unwrap();
    sw.advance(at);
    let done = sw.take_completions();
    match &done[0].result {
        Ok(OpResult::Packet(out)) => {
            assert_eq!(out.verdict, Verdict::Emit { port: 4 });
            assert_eq!(out.bytes, frame);
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn atomic_update_refuses_bad_batches_before_queuing_anything() {
    let mut sw = Switch::new(two_tables()).unwrap();
    let ins = |t: &str, k: u64| {
        let action = if t == "t2" { "set2" } else { "set" };
        Update::Insert {
            table: t.into(),
            entry: TableEntry::exact(&[k], action, &[1]),
        }
    };
    assert_eq!(
        sw.atomic_update(Duration::ZERO, &[ins("plain", 1)]),
        Err(ControlError::NoWriteBack("plain".into()))
    );
    let many: Vec<Update> = (0..5).map(|k| ins("t1", k)).collect();
    assert!(matches!(
        sw.atomic_update(Duration::ZERO, &many),
        Err(ControlError::WriteBackTooSmall {
            changes: 5,
            size: 4,
            ..
        })
    ));
    let del = Update::Delete {
        table: "t2".into(),
        key: vec![KeyMatch::Exact(9)],
        priority: 0,
    };
    assert_eq!(
        sw.atomic_update(Duration::ZERO, &[ins("t1", 1), del]),
        Err(ControlError::EntryMissing("t2".into()))
    );
    sw.insert("t1", TableEntry::exact(&[3], "set", &[1]))
        .unwrap();
    let twice = [
        Update::Modify {
            table: "t1".into(),
            entry: TableEntry::exact(&[3], "set", &[2]),
        },
        Update::Delete {
            table: "t1".into(),
            key: vec![KeyMatch::Exact(3)],
            priority: 0,
        },
    ];
    assert!(matches!(
        sw.atomic_update(Duration::ZERO, &twice),
        Err(ControlError::BadEntry { .. })
    ));
    assert_eq!(sw.pending_ops(), 0);
    let t = sw
        .atomic_update(Duration::ZERO, &[ins("t1", 1), ins("t2", 1)])
        .unwrap();
    assert_eq!(t.ops, 8);
    assert_eq!(t.visible_at, 3 * 130 * US);
    assert_eq!(t.done_at, 8 * 130 * US);
}

/// Updates submitted back to back are checked against the tables as the
/// queued operations will leave them: deleting a key a queued update inserts
/// is accepted, inserting it again is refused, and the second update runs after
/// the first on the serial channel.
#[test]
fn back_to_back_updates_see_the_queued_ones() {
    let mut sw = Switch::new(two_tables()).unwrap();
    let ins = Update::Insert {
        table: "t1".into(),
        entry: TableEntry::exact(&[2], "set", &[7]),
    };
    let del = Update::Delete {
        table: "t1".into(),
        key: vec![KeyMatch::Exact(2)],
        priority: 0,
    };
    let first = sw
        .atomic_update(Duration::ZERO, std::slice::from_ref(&ins))
        .unwrap();
    assert_eq!(
        sw.atomic_update(Duration::ZERO, std::slice::from_ref(&ins)),
        Err(ControlError::EntryExists("t1".into())),
        "the queued insert counts"
    );
    let second = sw.atomic_update(Duration::ZERO, &[del]).unwrap();
    // One write-back entry and the visibility bit after the first is done.
    assert_eq!(second.visible_at, first.done_at + 2 * 130 * US);
    // The key is visible between the two updates and gone after the second.
    assert_eq!(observe(&mut sw, first.visible_at)[2], (7, 0));
    assert_eq!(observe(&mut sw, second.visible_at)[2], (0, 0));
}

/// An atomically inserted entry's idle timer starts when the update was
/// submitted, and hits on its write-back copy (before the main table has it)
/// count as its hits: idleness is measured from the last use, as the
/// reference interpreter's maps do.
#[test]
fn idle_time_counts_from_submission_and_write_back_hits() {
    let us = |n: u64| Duration::from_micros(n);
    let mut b = ProgramBuilder::new("aging");
    b.header("h", &[("a", 8), ("o1", 8)]);
    b.state(state("start").extract("h").accept());
    b.action(action("set").param("v", 8).assign("h.o1", p("v")));
    b.action(action("none").assign("h.o1", c(0)));
    b.action(action("send").forward(c(1)));
    b.table(
        table("t")
            .exact("h.a")
            .action("set")
            .default_action("none", &[])
            .write_back(4)
            .idle_timeout(Duration::from_millis(1)),
    );
    b.ingress(vec![apply("t"), run("send", &[])]);
    let mut sw = Switch::new(b.build().expect("valid")).unwrap();
    let ins = Update::Insert {
        table: "t".into(),
        entry: TableEntry::exact(&[5], "set", &[9]),
    };
    let t = sw.atomic_update(us(0), &[ins]).unwrap();
    // Submitted at 0: idle from 1 ms on, although the main insert is later.
    assert_eq!(sw.poll_idle(t.done_at).len(), 0);
    let hit = sw.process(t.visible_at, 0, &[5, 0]).unwrap();
    assert_eq!(hit.bytes, vec![5, 9], "the write-back copy answers");
    // That hit (at visible_at, on the write-back copy) moves the timer.
    let _ = sw.poll_idle(t.done_at);
    assert!(
        sw.poll_idle(us(1000)).is_empty(),
        "hit at {:?}",
        t.visible_at
    );
    let n = sw.poll_idle(t.visible_at + us(1000));
    assert_eq!(n.len(), 1);
    assert_eq!(n[0].last_hit, t.visible_at);
    // A second update submitted at 1.5 ms: its entry reaches the main table
    // 390 µs later but has been idle since 1.5 ms.
    let ins6 = Update::Insert {
        table: "t".into(),
        entry: TableEntry::exact(&[6], "set", &[1]),
    };
    let t6 = sw.atomic_update(us(1500), &[ins6]).unwrap();
    assert!(t6.done_at < us(2500));
    let n = sw.poll_idle(us(2500));
    assert_eq!(n.len(), 1);
    assert_eq!(n[0].last_hit, us(1500), "from submission");
}

/// Tables `t1` (key `h.a`, sets `h.o1`) and `t2` (key `h.b`, sets `h.o2`), each with
/// a write-back table of 4 entries; `plain` has none.
fn two_tables() -> Program {
    let mut b = ProgramBuilder::new("two");
    b.header("h", &[("a", 8), ("b", 8), ("o1", 8), ("o2", 8)]);
    b.state(state("start").extract("h").accept());
    b.action(action("set").param("v", 8).assign("h.o1", p("v")));
    b.action(action("set2").param("v", 8).assign("h.o2", p("v")));
    b.action(action("none").assign("h.o1", c(0)));
    b.action(action("none2").assign("h.o2", c(0)));
    b.action(action("send").forward(c(1)));
    b.table(
        table("t1")
            .exact("h.a")
            .action("set")
            .default_action("none", &[])
            .write_back(4),
    );
    b.table(
        table("t2")
            .exact("h.b")
            .action("set2")
            .default_action("none2", &[])
            .write_back(4),
    );
    b.table(
        table("plain")
            .exact("h.a")
            .action("set")
            .default_action("send", &[]),
    );
    b.ingress(vec![apply("t1"), apply("t2"), run("send", &[])]);
    b.build().expect("valid test program")
}

type State = (BTreeMap<u8, u8>, BTreeMap<u8, u8>);

/// What every probe packet (a = b = k for each key k) sees at one instant.
fn observe(sw: &mut Switch, now: Duration) -> Vec<(u8, u8)> {
    (0..6u8)
        .map(|k| {
            let out = sw
                .process(now, 0, &[k, k, 0xee, 0xee])
                .expect("port in range");
            (out.bytes[2], out.bytes[3])
        })
        .collect()
}

fn expected(s: &State) -> Vec<(u8, u8)> {
    (0..6u8)
        .map(|k| {
            (
                s.0.get(&k).copied().unwrap_or(0),
                s.1.get(&k).copied().unwrap_or(0),
            )
        })
        .collect()
}

fn updates(
    old: &BTreeMap<u8, u8>,
    new: &BTreeMap<u8, u8>,
    table: &str,
    action: &str,
) -> Vec<Update> {
    let mut out = Vec::new();
    for k in 0..6u8 {
        let entry = |v: u8| TableEntry::exact(&[u64::from(k)], action, &[u64::from(v)]);
        match (old.get(&k), new.get(&k)) {
            (None, Some(&v)) => out.push(Update::Insert {
                table: table.into(),
                entry: entry(v),
            }),
            (Some(a), Some(&v)) if *a != v => out.push(Update::Modify {
                table: table.into(),
                entry: entry(v),
            }),
            (Some(_), None) => out.push(Update::Delete {
                table: table.into(),
                key: vec![KeyMatch::Exact(u64::from(k))],
                priority: 0,
            }),
            _ => {}
        }
    }
    out
}

fn table_state() -> impl Strategy<Value = BTreeMap<u8, u8>> {
    prop::collection::btree_map(0u8..6, 1u8..=255, 0..5)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Packets arriving at every step boundary (just before, at, just after each
    /// operation) and at random instants observe the old state of both tables before
    /// the visibility flip and the new state from it on: never a mix.
    #[test]
    fn no_packet_observes_a_partial_update(
        old1 in table_state(), old2 in table_state(),
        new1 in table_state(), new2 in table_state(),
        start_us in 0u64..1000,
        extra in prop::collection::vec(0u64..5_000_000, 0..20),
    ) {
        let mut batch = updates(&old1, &new1, "t1", "set");
        batch.extend(updates(&old2, &new2, "t2", "set2"));
        prop_assume!(!batch.is_empty() && batch.iter().filter(|u| matches!(u, Update::Insert{table,..}|Update::Modify{table,..}|Update::Delete{table,..} if table == "t1")).count() <= 4);
        prop_assume!(batch.len() - batch.iter().filter(|u| matches!(u, Update::Insert{table,..}|Update::Modify{table,..}|Update::Delete{table,..} if table == "t1")).count() <= 4);
        let mut sw = Switch::new(two_tables()).unwrap();
        for (&k, &v) in &old1 { sw.insert("t1", TableEntry::exact(&[u64::from(k)], "set", &[u64::from(v)])).unwrap(); }
        for (&k, &v) in &old2 { sw.insert("t2", TableEntry::exact(&[u64::from(k)], "set2", &[u64::from(v)])).unwrap(); }
        let (before, after) = (expected(&(old1, old2)), expected(&(new1, new2)));
        let start = Duration::from_micros(start_us);
        let t = sw.atomic_update(start, &batch).unwrap();
        prop_assert_eq!(t.ops, 3 * batch.len() + 2);
        let mut times: Vec<Duration> = Vec::new();
        for i in 0..=t.ops as u32 {
            let edge = start + 130 * US * i;
            times.extend([edge.saturating_sub(Duration::from_nanos(1)), edge, edge + Duration::from_nanos(1)]);
        }
        times.extend(extra.iter().map(|&ns| start + Duration::from_nanos(ns)));
        times.sort();
        for now in times {
            let seen = observe(&mut sw, now);
            if now < t.visible_at {
                prop_assert_eq!(&seen, &before, "before the flip at {:?} (now {:?})", t.visible_at, now);
            } else {
                prop_assert_eq!(&seen, &after, "after the flip at {:?} (now {:?})", t.visible_at, now);
            }
        }
        // Once finished, the main tables hold everything and write-back is empty.
        prop_assert_eq!(sw.pending_ops(), 0);
        prop_assert!(sw.take_completions().iter().all(|c| c.result.is_ok()));
        let mut again = Switch::new(two_tables()).unwrap();
        for e in sw.entries("t1").unwrap() { again.insert("t1", e).unwrap(); }
        for e in sw.entries("t2").unwrap() { again.insert("t2", e).unwrap(); }
        prop_assert_eq!(observe(&mut again, Duration::ZERO), after);
    }
}

/// Table `t` (key `h.a`, size 4, write-back 4) for the projection test.
fn small_table() -> Program {
    let mut b = ProgramBuilder::new("small");
    b.header("h", &[("a", 8), ("o1", 8)]);
    b.state(state("start").extract("h").accept());
    b.action(action("set").param("v", 8).assign("h.o1", p("v")));
    b.action(action("send").forward(c(1)));
    b.table(
        table("t")
            .exact("h.a")
            .action("set")
            .default_action("send", &[])
            .size(4)
            .write_back(4),
    );
    b.ingress(vec![apply("t"), run("send", &[])]);
    b.build().expect("valid test program")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// An atomic update is checked against the tables as the queue will leave
    /// them (kept incrementally as operations are queued and applied): across
    /// random inserts/deletes at random times, with and without a backlog, it is
    /// accepted exactly when a reference that applies every accepted update in
    /// order says so, and the drained table equals the reference.
    #[test]
    fn updates_are_checked_against_the_drained_queue(
        steps in prop::collection::vec((0u8..6, any::<bool>(), 0u64..2_000), 1..60),
    ) {
        let mut sw = Switch::new(small_table()).unwrap();
        let mut reference = std::collections::BTreeSet::new();
        let mut now = Duration::ZERO;
        for (k, insert, gap_us) in steps {
            now += Duration::from_micros(gap_us);
            let key = vec![KeyMatch::Exact(u64::from(k))];
            let u = if insert {
                Update::Insert { table: "t".into(), entry: TableEntry::exact(&[u64::from(k)], "set", &[1]) }
            } else {
                Update::Delete { table: "t".into(), key, priority: 0 }
            };
            let r = sw.atomic_update(now, &[u]);
            let ok = if insert { !reference.contains(&k) && reference.len() < 4 } else { reference.contains(&k) };
            prop_assert_eq!(r.is_ok(), ok, "key {} insert {} at {:?}: {:?}", k, insert, now, r);
            if ok {
                if insert { reference.insert(k); } else { reference.remove(&k); }
            } else if insert && reference.contains(&k) {
                prop_assert_eq!(r, Err(ControlError::EntryExists("t".into())));
            } else if insert {
                prop_assert_eq!(r, Err(ControlError::TableFull { table: "t".into(), size: 4 }));
            } else {
                prop_assert_eq!(r, Err(ControlError::EntryMissing("t".into())));
            }
        }
        sw.advance(now + Duration::from_secs(10));
        prop_assert_eq!(sw.pending_ops(), 0);
        prop_assert!(sw.take_completions().iter().all(|c| c.result.is_ok()));
        let drained: std::collections::BTreeSet<u8> = sw.entries("t").unwrap().iter().map(|e| match e.key[0] {
            KeyMatch::Exact(v) => v as u8,
            _ => 0xff,
        }).collect();
        prop_assert_eq!(drained, reference);
    }
}

#[test]
fn a_batched_channel_sends_one_round_per_phase() {
    let mut sw = Switch::new(two_tables()).unwrap();
    sw.set_latency(pipe::Latency {
        channel: pipe::Channel::batched(),
        ..Default::default()
    });
    let batch = vec![
        Update::Insert {
            table: "t1".into(),
            entry: TableEntry::exact(&[1], "set", &[7]),
        },
        Update::Insert {
            table: "t1".into(),
            entry: TableEntry::exact(&[2], "set", &[8]),
        },
        Update::Insert {
            table: "t2".into(),
            entry: TableEntry::exact(&[1], "set2", &[9]),
        },
    ];
    let t = sw.atomic_update(Duration::ZERO, &batch).unwrap();
    // Puts: 128 + 3 × 2 µs; flip: 128 + 2 µs.
    assert_eq!(t.visible_at, 264 * US);
    // Main writes 134, flip back 130, clean-up 134.
    assert_eq!(t.done_at, 662 * US);
    assert_eq!((t.ops, t.requests), (11, 5));
    let before = expected(&(BTreeMap::new(), BTreeMap::new()));
    let after = expected(&(BTreeMap::from([(1, 7), (2, 8)]), BTreeMap::from([(1, 9)])));
    for now in [0, 133, 134, 263] {
        assert_eq!(observe(&mut sw, now * US), before, "at {now} µs");
    }
    for now in [264, 265, 397, 398, 528, 661, 662, 5000] {
        assert_eq!(observe(&mut sw, now * US), after, "at {now} µs");
    }
    assert_eq!(sw.pending_ops(), 0);

    // Batch size 1 and window 1: one request per entry, one round each.
    let mut serial = Switch::new(two_tables()).unwrap();
    serial.set_latency(pipe::Latency {
        channel: pipe::Channel::Batched {
            request: 128 * US,
            per_entry: 2 * US,
            max_batch: 1,
            window: 1,
        },
        ..Default::default()
    });
    let t = serial.atomic_update(Duration::ZERO, &batch).unwrap();
    assert_eq!((t.ops, t.requests), (11, 11));
    assert_eq!(t.visible_at, 4 * 130 * US);
    assert_eq!(t.done_at, 11 * 130 * US);
    // Window 2: two one-entry requests per round.
    serial.set_latency(pipe::Latency {
        channel: pipe::Channel::Batched {
            request: 128 * US,
            per_entry: 2 * US,
            max_batch: 1,
            window: 2,
        },
        ..Default::default()
    });
    let del: Vec<Update> = [(1, "t1"), (2, "t1")]
        .iter()
        .map(|&(k, table)| Update::Delete {
            table: table.into(),
            key: vec![KeyMatch::Exact(k)],
            priority: 0,
        })
        .collect();
    let start = 2 * 11 * 130 * US;
    let t = serial.atomic_update(start, &del).unwrap();
    // Puts: one round of two requests (128 + 4); flip 130.
    assert_eq!(t.visible_at, start + 262 * US);
    assert_eq!(t.requests, 8);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Inserts of new keys written straight into the main tables (no
    /// write-back copy) next to changes that take the write-back path: a probe
    /// sees each direct key either missing or with its new value (there is no
    /// older one), never one of them before every change of the update is
    /// visible, all of them from `visible_at` on; an update of direct inserts
    /// alone is one phase of N operations.
    #[test]
    fn direct_inserts_never_show_before_the_changes_of_their_update(
        old1 in table_state(), old2 in table_state(),
        fresh in prop::collection::btree_map(0u8..6, 1u8..=255, 0..5),
        new2 in table_state(),
        batched in any::<bool>(),
        extra in prop::collection::vec(0u64..5_000_000, 0..20),
    ) {
        // Direct inserts into t1 of keys it does not hold; changes of t2.
        let fresh: BTreeMap<u8, u8> = fresh.into_iter().filter(|(k, _)| !old1.contains_key(k)).collect();
        let mut batch: Vec<Update> = fresh.iter().map(|(&k, &v)| Update::Insert {
            table: "t1".into(),
            entry: TableEntry::exact(&[u64::from(k)], "set", &[u64::from(v)]),
        }).collect();
        let direct = vec![true; batch.len()];
        batch.extend(updates(&old2, &new2, "t2", "set2"));
        prop_assume!(!batch.is_empty() && batch.len() - direct.len() <= 4);
        let mut sw = Switch::new(two_tables()).unwrap();
        if batched {
            sw.set_latency(pipe::Latency { channel: pipe::Channel::batched(), ..Default::default() });
        }
        for (&k, &v) in &old1 { sw.insert("t1", TableEntry::exact(&[u64::from(k)], "set", &[u64::from(v)])).unwrap(); }
        for (&k, &v) in &old2 { sw.insert("t2", TableEntry::exact(&[u64::from(k)], "set2", &[u64::from(v)])).unwrap(); }
        let mut new1 = old1.clone();
        new1.extend(fresh.iter().map(|(&k, &v)| (k, v)));
        let (before, after) = (expected(&(old1.clone(), old2.clone())), expected(&(new1, new2)));
        let start = Duration::from_micros(100);
        let t = sw.atomic_update_direct(start, &batch, &direct, &[]).unwrap();
        let changes = batch.len() - direct.len();
        if changes == 0 {
            prop_assert_eq!(t.ops, direct.len());
            prop_assert_eq!(t.visible_at, t.done_at);
            prop_assert_eq!(t.requests, if batched { 1 } else { direct.len() });
        } else {
            prop_assert_eq!(t.ops, 3 * changes + direct.len() + 2);
        }
        let mut times: Vec<Duration> = Vec::new();
        for i in 0..=t.ops as u32 {
            for step in [130 * US, 2 * US] {
                let edge = start + step * i;
                times.extend([edge.saturating_sub(Duration::from_nanos(1)), edge, edge + Duration::from_nanos(1)]);
            }
        }
        times.extend(extra.iter().map(|&ns| start + Duration::from_nanos(ns)));
        times.push(t.visible_at);
        times.sort();
        for now in times {
            let seen = observe(&mut sw, now);
            if now >= t.visible_at {
                prop_assert_eq!(&seen, &after, "at {:?}, visible from {:?}", now, t.visible_at);
                continue;
            }
            let mut any_direct = false;
            for k in 0..6usize {
                let key = k as u8;
                if let Some(&v) = fresh.get(&key) {
                    prop_assert!(seen[k].0 == 0 || seen[k].0 == v, "key {} at {:?}: {:?}", key, now, seen[k]);
                    any_direct |= seen[k].0 == v;
                } else {
                    prop_assert_eq!(seen[k].0, before[k].0, "t1 key {} unchanged", key);
                }
            }
            let t2_old: Vec<u8> = before.iter().map(|x| x.1).collect();
            let t2_new: Vec<u8> = after.iter().map(|x| x.1).collect();
            let t2_seen: Vec<u8> = seen.iter().map(|x| x.1).collect();
            prop_assert!(t2_seen == t2_old || t2_seen == t2_new, "t2 mixed at {:?}: {:?}", now, t2_seen);
            if any_direct {
                prop_assert_eq!(t2_seen, t2_new, "a direct insert showed before the flip at {:?}", now);
            }
        }
        prop_assert_eq!(sw.pending_ops(), 0);
        prop_assert!(sw.take_completions().iter().all(|c| c.result.is_ok()));
    }
}

#[test]
fn only_inserts_may_skip_the_write_back_table() {
    let mut sw = Switch::new(two_tables()).unwrap();
    sw.insert("t1", TableEntry::exact(&[1], "set", &[5]))
        .unwrap();
    let modify = Update::Modify {
        table: "t1".into(),
        entry: TableEntry::exact(&[1], "set", &[6]),
    };
    assert!(matches!(
        sw.atomic_update_direct(Duration::ZERO, &[modify], &[true], &[]),
        Err(ControlError::BadEntry { .. })
    ));
    // Direct inserts do not take write-back entries: more than the write-back
    // table holds go in one update.
    let many: Vec<Update> = (10..20)
        .map(|k| Update::Insert {
            table: "t1".into(),
            entry: TableEntry::exact(&[k], "set", &[1]),
        })
        .collect();
    let t = sw
        .atomic_update_direct(Duration::ZERO, &many, &[true; 10], &[])
        .unwrap();
    assert_eq!((t.ops, t.requests), (10, 10));
    assert_eq!(t.visible_at, 10 * 130 * US);
    let through_write_back: Vec<Update> = (30..40)
        .map(|k| Update::Insert {
            table: "t1".into(),
            entry: TableEntry::exact(&[k], "set", &[1]),
        })
        .collect();
    assert!(matches!(
        sw.atomic_update(Duration::ZERO, &through_write_back),
        Err(ControlError::WriteBackTooSmall { .. })
    ));
}

#[test]
fn the_measured_presets_cost_a_cycle_at_their_switches_figures() {
    // The default stays the paper's Tofino figure, serial.
    assert_eq!(pipe::Latency::default().channel, pipe::Channel::Serial);
    let batch = vec![
        Update::Insert {
            table: "t1".into(),
            entry: TableEntry::exact(&[1], "set", &[7]),
        },
        Update::Insert {
            table: "t1".into(),
            entry: TableEntry::exact(&[2], "set", &[8]),
        },
        Update::Insert {
            table: "t2".into(),
            entry: TableEntry::exact(&[1], "set2", &[9]),
        },
    ];
    // (channel, request, per entry) in ns: BMv2 210 µs + 11 µs, tandem
    // switch 170 µs + 2.5 µs, one Write in flight.
    for (channel, request, entry) in [
        (pipe::Channel::bmv2(), 210_000u64, 11_000u64),
        (pipe::Channel::tandem_switch(), 170_000, 2_500),
    ] {
        let mut sw = Switch::new(two_tables()).unwrap();
        sw.set_latency(pipe::Latency {
            channel,
            ..Default::default()
        });
        let t = sw.atomic_update(Duration::ZERO, &batch).unwrap();
        let round = |entries: u64| Duration::from_nanos(request + entries * entry);
        // Puts (3 entries), flip (1): visible; main writes, flip back, clean-up.
        assert_eq!(t.visible_at, round(3) + round(1), "{channel:?}");
        assert_eq!(
            t.done_at,
            round(3) + round(1) + round(3) + round(1) + round(3),
            "{channel:?}"
        );
        assert_eq!((t.ops, t.requests), (11, 5), "{channel:?}");
    }
}
