//! Leader and follower replicas (`Switch::set_ship_log`, `take_scheduled`,
//! `follow`, `absorb_hits`): a leader that only takes control-plane calls and
//! replicas that carry the packets, each flow on one replica, must behave as
//! one switch that does both — the same output for every packet, the same
//! refusals and times for every update, the same idle notifications.

mod common;

use std::collections::BTreeSet;
use std::time::Duration;

use common::{switch_on, update};
use pipe::builder::*;
use pipe::{Program, Switch, TableEntry, Update};
use proptest::prelude::*;

const US: Duration = Duration::from_micros(1);

fn program() -> Program {
    let mut b = ProgramBuilder::new("replica");
    b.header("h", &[("a", 8), ("o", 8)]);
    b.state(state("start").extract("h").accept());
    b.action(action("set").param("v", 8).assign("h.o", p("v")));
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
    b.ingress(vec![apply("t"), run("send", &[])]);
    b.build().expect("valid test program")
}

#[derive(Debug, Clone)]
enum Step {
    /// Some changes of keys 0..8, then this much later the next step.
    Update(Vec<(u8, u8, u8)>),
    /// A packet with key `k` (on replica `k % 2`).
    Packet(u8),
    /// The leader polls idle entries.
    Poll,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        2 => prop::collection::vec((0u8..3, 0u8..8, 0u8..200), 1..4).prop_map(Step::Update),
        6 => (0u8..8).prop_map(Step::Packet),
        1 => Just(Step::Poll),
    ]
}

fn notes(n: Vec<pipe::IdleNotification>) -> BTreeSet<String> {
    n.into_iter()
        .map(|n| format!("{} {:?} {:?}", n.table, n.entry, n.last_hit))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_leader_with_replicas_behaves_as_one_switch(
        steps in prop::collection::vec((step(), 1u64..800), 1..120),
        batched in any::<bool>(),
    ) {
        let mut solo = switch_on(program(), batched);
        // Something installed before traffic, copied by the clones.
        solo.insert("t", TableEntry::exact(&[7], "set", &[77])).unwrap();
        let mut leader = solo.clone();
        leader.set_ship_log(true);
        let mut replicas = [solo.clone(), solo.clone()];
        for r in &mut replicas {
            r.set_follower(true);
        }
        let mut now = Duration::ZERO;
        for (s, gap) in steps {
            now += US * u32::try_from(gap).unwrap();
            match s {
                Step::Update(changes) => {
                    let ups: Vec<Update> =
                        changes.iter().map(|&(k, key, v)| update(k, key, v)).collect();
                    let a = solo.atomic_update(now, &ups);
                    let b = leader.atomic_update(now, &ups);
                    prop_assert_eq!(&a, &b);
                    let shipped = leader.take_scheduled();
                    if a.is_err() {
                        prop_assert!(shipped.is_empty(), "a refused update ships nothing");
                    }
                    for r in &mut replicas {
                        r.follow(&shipped);
                    }
                }
                Step::Packet(k) => {
                    let pkt = [k, 0xee];
                    let a = solo.process(now, 0, &pkt).unwrap();
                    let b = replicas[usize::from(k % 2)].process(now, 0, &pkt).unwrap();
                    prop_assert_eq!(a, b, "packet with key {} at {:?}", k, now);
                }
                Step::Poll => {
                    for r in &mut replicas {
                        leader.absorb_hits(now, r);
                    }
                    // The solo switch polls by looking at every entry (the reference);
                    // the leader by its schedule, after taking in only the due
                    // entries' hits.
                    prop_assert_eq!(notes(solo.poll_idle_by_scan(now)), notes(leader.poll_idle(now)));
                }
            }
        }
        for r in &mut replicas {
            r.advance(now);
            prop_assert_eq!(r.entries("t").unwrap(), solo.entries("t").unwrap());
            prop_assert!(r.take_completions().is_empty(), "a follower keeps no completions");
        }
        leader.advance(now);
        prop_assert_eq!(leader.entries("t").unwrap(), solo.entries("t").unwrap());
    }
}

/// Successful atomic-update phases leave no completions behind: a run that
/// installs a flow per packet would otherwise keep eight per flow for ever.
#[test]
fn successful_atomic_phases_keep_no_completions() {
    let mut sw = Switch::new(program()).unwrap();
    for k in 0..100u64 {
        let t = sw
            .atomic_update(
                US * u32::try_from(k * 1000).unwrap(),
                &[update(0, u8::try_from(k).unwrap(), 1)],
            )
            .unwrap();
        sw.advance(t.done_at);
    }
    assert_eq!(sw.entries("t").unwrap().len(), 100);
    assert!(sw.take_completions().is_empty());
}
