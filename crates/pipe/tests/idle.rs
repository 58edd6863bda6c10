//! Idle polls by schedule (`Switch::poll_idle`) against the scan of every
//! entry they replaced (`Switch::poll_idle_by_scan`): two copies of a switch
//! given the same updates, packets and polls report the same entries idle,
//! in the same order, with the same last hits.

mod common;

use std::time::Duration;

use common::{switch_on, update};
use pipe::builder::*;
use pipe::{Program, Switch, TableEntry, Update};
use proptest::prelude::*;

const US: Duration = Duration::from_micros(1);

/// Two idle-timed tables (one behind a write-back table, so atomic updates
/// move hits from the write-back entry to the main one) and one without.
fn program() -> Program {
    let mut b = ProgramBuilder::new("idle");
    b.header("h", &[("a", 8), ("o", 8), ("p", 8)]);
    b.state(state("start").extract("h").accept());
    b.action(action("set").param("v", 8).assign("h.o", p("v")));
    b.action(action("mark").param("v", 8).assign("h.p", p("v")));
    b.action(action("none").assign("h.o", c(0)));
    b.action(action("send").forward(c(1)));
    b.table(
        table("t")
            .exact("h.a")
            .action("set")
            .default_action("none", &[])
            .idle_timeout(Duration::from_millis(3))
            .write_back(4),
    );
    b.table(
        table("u")
            .exact("h.a")
            .action("mark")
            .default_action("none", &[])
            .idle_timeout(Duration::from_millis(1)),
    );
    b.table(
        table("v")
            .exact("h.a")
            .action("mark")
            .default_action("none", &[]),
    );
    b.ingress(vec![apply("t"), apply("u"), apply("v"), run("send", &[])]);
    b.build().expect("valid test program")
}

#[derive(Debug, Clone)]
enum Step {
    /// An atomic update of table `t`: (kind, key, value) changes.
    Update(Vec<(u8, u8, u8)>),
    /// Inserts (or, if present, deletes) key `k` of table `u` or `v` at once.
    Direct(bool, u8),
    /// Modifies key `k` of table `u` to value `v` at once (refused if absent).
    Modify(u8, u8),
    /// A packet with key `k`.
    Packet(u8),
    /// Both copies poll.
    Poll,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        2 => prop::collection::vec((0u8..3, 0u8..8, 0u8..200), 1..4).prop_map(Step::Update),
        2 => (any::<bool>(), 0u8..8).prop_map(|(u, k)| Step::Direct(u, k)),
        1 => (0u8..8, any::<u8>()).prop_map(|(k, v)| Step::Modify(k, v)),
        5 => (0u8..8).prop_map(Step::Packet),
        2 => Just(Step::Poll),
    ]
}

fn direct(sw: &mut Switch, in_u: bool, k: u8) -> Result<(), pipe::ControlError> {
    let table = if in_u { "u" } else { "v" };
    let entry = TableEntry::exact(&[u64::from(k)], "mark", &[u64::from(k)]);
    if sw.entries(table)?.iter().any(|e| e.key == entry.key) {
        sw.delete(table, &entry.key, 0)
    } else {
        sw.insert(table, entry)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn polls_by_schedule_report_what_a_scan_of_every_entry_reports(
        steps in prop::collection::vec((step(), 1u64..2_500), 1..160),
        batched in any::<bool>(),
    ) {
        let mut scheduled = switch_on(program(), batched);
        scheduled.insert("t", TableEntry::exact(&[7], "set", &[77])).unwrap();
        let mut scanned = scheduled.clone();
        let mut now = Duration::ZERO;
        for (s, gap) in steps {
            now += US * u32::try_from(gap).unwrap();
            match s {
                Step::Update(changes) => {
                    let ups: Vec<Update> =
                        changes.iter().map(|&(k, key, v)| update(k, key, v)).collect();
                    prop_assert_eq!(
                        scheduled.atomic_update(now, &ups),
                        scanned.atomic_update(now, &ups)
                    );
                }
                Step::Direct(in_u, k) => {
                    scheduled.advance(now);
                    scanned.advance(now);
                    prop_assert_eq!(
                        direct(&mut scheduled, in_u, k),
                        direct(&mut scanned, in_u, k)
                    );
                }
                Step::Modify(k, v) => {
                    scheduled.advance(now);
                    scanned.advance(now);
                    let e = TableEntry::exact(&[u64::from(k)], "mark", &[u64::from(v)]);
                    prop_assert_eq!(scheduled.modify("u", e.clone()), scanned.modify("u", e));
                }
                Step::Packet(k) => {
                    let pkt = [k, 0xee, 0xee];
                    prop_assert_eq!(
                        scheduled.process(now, 0, &pkt).unwrap(),
                        scanned.process(now, 0, &pkt).unwrap()
                    );
                }
                Step::Poll => {
                    let a = scheduled.poll_idle(now);
                    let b = scanned.poll_idle_by_scan(now);
                    prop_assert_eq!(&a, &b, "poll at {:?}", now);
                }
            }
        }
        // A last poll long after everything: every entry left is idle.
        now += Duration::from_secs(1);
        prop_assert_eq!(scheduled.poll_idle(now), scanned.poll_idle_by_scan(now));
    }
}

/// An entry hit again after it was reported idle is reported again once idle
/// for the timeout from its new hit, not earlier and not twice.
#[test]
fn a_reported_entry_hit_again_is_reported_again_a_timeout_after_the_hit() {
    let ms = Duration::from_millis(1);
    let mut sw = Switch::new(program()).unwrap();
    sw.insert("u", TableEntry::exact(&[3], "mark", &[3]))
        .unwrap();
    sw.process(ms, 0, &[3, 0, 0]).unwrap();
    assert!(sw.poll_idle(ms + ms / 2).is_empty(), "hit 0.5 ms ago");
    let n = sw.poll_idle(2 * ms);
    assert_eq!(n.len(), 1, "1 ms idle: reported");
    assert_eq!(n[0].last_hit, ms);
    assert!(sw.poll_idle(5 * ms).is_empty(), "reported once");
    sw.process(6 * ms, 0, &[3, 0, 0]).unwrap();
    assert!(sw.poll_idle(6 * ms + ms / 2).is_empty());
    let n = sw.poll_idle(7 * ms);
    assert_eq!(n.len(), 1, "idle again 1 ms after the new hit");
    assert_eq!(n[0].last_hit, 6 * ms);
}
