//! Cost of atomic updates against a backlog of queued control operations.
//!
//! A switch with two replicated exact tables (MazuNAT's shape: a flow's update
//! changes one entry in each, 8 operations on Gallium's serial channel) gets a
//! backlog of 10², 10⁴ or 10⁶ queued operations. Each iteration then submits
//! one flow's insert and an older flow's delete (16 operations) and moves time
//! on by the 16 operations' channel time, so as many operations complete as
//! are added and the backlog stays at its size throughout the measurement. The
//! checks an update makes (projected occupancy, "does this key exist once the
//! queue drains") are kept incrementally, so the cost must not grow with the
//! backlog; it includes applying the 16 operations that complete.
//!
//! `idle_poll`: one idle poll of a table of 10³, 10⁵ or 10⁶ entries with a
//! 300 s idle timeout, none of them idle yet (the once-a-second poll of a
//! busy NAT or load balancer), by the schedule `Switch::poll_idle` keeps and
//! by the scan of every entry it replaced (`poll_idle_by_scan`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use pipe::builder::*;
use pipe::{Switch, TableEntry, Update};

fn program() -> pipe::Program {
    let mut b = ProgramBuilder::new("flows");
    b.header("h", &[("a", 32), ("o", 16)]);
    b.state(state("start").extract("h").accept());
    b.action(action("set").param("v", 16).assign("h.o", p("v")));
    b.action(action("set2").param("v", 16).assign("h.o", p("v")));
    b.action(action("send").forward(c(1)));
    for (t, a) in [("fwd", "set"), ("rev", "set2")] {
        b.table(
            table(t)
                .exact("h.a")
                .action(a)
                .default_action("send", &[])
                .size(4_000_000)
                .write_back(64),
        );
    }
    b.ingress(vec![apply("fwd"), apply("rev"), run("send", &[])]);
    b.build().expect("valid bench program")
}

fn insert(k: u64) -> [Update; 2] {
    [
        Update::Insert {
            table: "fwd".into(),
            entry: TableEntry::exact(&[k], "set", &[k & 0xffff]),
        },
        Update::Insert {
            table: "rev".into(),
            entry: TableEntry::exact(&[k], "set2", &[k & 0xffff]),
        },
    ]
}

fn delete(k: u64) -> [Update; 2] {
    ["fwd", "rev"].map(|t| Update::Delete {
        table: t.into(),
        key: vec![pipe::KeyMatch::Exact(k)],
        priority: 0,
    })
}

/// A switch with at least `ops` operations queued at time 0; the number of
/// flows inserted.
fn with_backlog(ops: usize) -> (Switch, u64) {
    let mut sw = Switch::new(program()).expect("loads");
    let mut k = 0;
    while sw.pending_ops() < ops {
        sw.atomic_update(Duration::ZERO, &insert(k))
            .expect("accepted");
        k += 1;
    }
    (sw, k)
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("atomic_update_backlog");
    for backlog in [100usize, 10_000, 1_000_000] {
        let (mut sw, flows) = with_backlog(backlog);
        let step = 16 * sw.latency().table_op;
        let mut j = 0u64;
        g.bench_function(format!("{backlog}"), |b| {
            b.iter(|| {
                let now = step * u32::try_from(j).unwrap_or(u32::MAX);
                black_box(sw.atomic_update(now, &insert(flows + j)).expect("accepted"));
                black_box(sw.atomic_update(now, &delete(j)).expect("accepted"));
                j += 1;
            })
        });
        // The backlog did not drain or grow while measuring.
        assert!(
            sw.pending_ops() >= backlog && sw.pending_ops() <= backlog + 32,
            "backlog {backlog} became {}",
            sw.pending_ops()
        );
    }
    g.finish();
}

fn idle_program() -> pipe::Program {
    let mut b = ProgramBuilder::new("conns");
    b.header("h", &[("a", 32), ("o", 16)]);
    b.state(state("start").extract("h").accept());
    b.action(action("set").param("v", 16).assign("h.o", p("v")));
    b.action(action("send").forward(c(1)));
    b.table(
        table("conns")
            .exact("h.a")
            .action("set")
            .default_action("send", &[])
            .size(2_000_000)
            .idle_timeout(Duration::from_secs(300)),
    );
    b.ingress(vec![apply("conns"), run("send", &[])]);
    b.build().expect("valid bench program")
}

fn idle_poll(c: &mut Criterion) {
    let mut g = c.benchmark_group("idle_poll");
    g.sample_size(10);
    for entries in [1_000u64, 100_000, 1_000_000] {
        let mut sw = Switch::new(idle_program()).expect("loads");
        // Inserted (last hit) at 1,000 s.
        sw.advance(Duration::from_secs(1_000));
        for k in 0..entries {
            sw.insert("conns", TableEntry::exact(&[k], "set", &[k & 0xffff]))
                .expect("room");
        }
        for scan in [false, true] {
            let mut sw = sw.clone();
            // Polls 1 ns apart from 1,001 s on: never 300 s after the inserts.
            let mut now = Duration::from_secs(1_001);
            let name = if scan { "scan" } else { "schedule" };
            g.bench_function(format!("{name}/{entries}"), |b| {
                b.iter(|| {
                    now += Duration::from_nanos(1);
                    let idle = if scan {
                        sw.poll_idle_by_scan(now)
                    } else {
                        sw.poll_idle(now)
                    };
                    assert!(idle.is_empty(), "nothing is idle before 300 s");
                })
            });
            assert!(
                now < Duration::from_secs(1_300),
                "the polls stayed before the timeout"
            );
        }
    }
    g.finish();
}

criterion_group!(benches, bench, idle_poll);
criterion_main!(benches);
