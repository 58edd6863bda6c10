//! Gallium Table 3 on the P4Runtime switches Tandem drives: the latency of one
//! server-side atomic update of 1, 2 or 4 tables (one entry each), insert,
//! modify and delete, from `RemoteSwitch`'s call until the switch has
//! acknowledged it (the commit point: held packets may leave).
//!
//! - `table3/tandem_switch`: Tandem's own switch (`p4rt::server` over the
//!   model, in this process, gRPC on the loopback): one `DATAPLANE_ATOMIC`
//!   Write, the daemon runs the write-back cycle.
//! - `table3/simple_switch_grpc`: BMv2 running the p4c-compiled program,
//!   the five `CONTINUE_ON_ERROR` Writes of the write-back cycle sent by the
//!   client (`p4rt::remote`, phased); the call returns after all five, so this
//!   is the whole cycle, an upper bound on the time to visibility. Needs p4c
//!   and simple_switch_grpc (PATH or TANDEM_P4C / TANDEM_BMV2); left out with
//!   a printed reason without them.
//!
//! The program and the updates are `pipe::examples::table3` (shared with the
//! XDP and in-process rows, `cargo bench -p xdp --bench table3`). Each
//! iteration is one update; what a modify or delete needs is inserted first
//! and an insert or modify is deleted after, untimed, so the tables end as
//! they began. After criterion's groups each case is timed again as
//! `TANDEM_TABLE3_N` (default 1,000) single updates, printed as a Markdown
//! table of mean ± standard deviation (median), µs.
//!
//! `cargo bench -p p4rt --bench table3`

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use p4rt::remote::RemoteSwitch;
use pipe::examples::{TABLE3_PAPER, Table3Op, mean_std_us, table3, table3_update};
use pipe::{SwitchControl, Update};

mod common;

/// Single updates timed one by one per case, for the mean and standard
/// deviation of one update (criterion's samples average many); override with
/// `TANDEM_TABLE3_N`.
fn singles() -> usize {
    std::env::var("TANDEM_TABLE3_N")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000)
}

/// Sends `u` and waits for the switch's answer (the call's return).
fn send(group: &str, remote: &mut RemoteSwitch, clock: &p4rt::server::Clock, u: &[Update]) {
    remote
        .atomic_update_requested(clock(), u, &[])
        .expect("update taken");
    remote.drain();
    assert!(
        remote.is_connected() && !remote.take_refused(),
        "{group}: update refused: {:?}",
        remote.last_failure()
    );
}

/// One update of row (`op`, `tables`), timed from the call until the switch
/// acknowledged it; what makes it possible and what undoes it are not timed.
fn one(
    group: &str,
    remote: &mut RemoteSwitch,
    clock: &p4rt::server::Clock,
    op: Table3Op,
    tables: usize,
) -> Duration {
    if let Some(setup) = op.setup() {
        send(group, remote, clock, &table3_update(setup, tables));
    }
    let u = table3_update(op, tables);
    let t = Instant::now();
    send(group, remote, clock, &u);
    let took = t.elapsed();
    if let Some(undo) = op.undo() {
        send(group, remote, clock, &table3_update(undo, tables));
    }
    took
}

/// Runs the nine cases on `remote`: criterion's group, then `singles()`
/// single updates per case, printed as a Markdown table (mean ± std
/// (median), µs).
fn cases(c: &mut Criterion, group: &str, remote: &mut RemoteSwitch, clock: &p4rt::server::Clock) {
    let mut g = c.benchmark_group(format!("table3/{group}"));
    g.sample_size(30);
    g.measurement_time(Duration::from_secs(3));
    for tables in [1usize, 2, 4] {
        for op in Table3Op::ALL {
            g.bench_function(format!("{tables}_tables/{}", op.name()), |b| {
                b.iter_custom(|iters| {
                    (0..iters)
                        .map(|_| one(group, remote, clock, op, tables))
                        .sum()
                })
            });
        }
    }
    g.finish();
    let n = singles();
    println!(
        "\ntable3/{group}: {n} single updates per case, call until acknowledged, µs: mean ± std (median)\n"
    );
    println!("| tables | op | paper (Tofino) | {group} |\n|---|---|---|---|");
    for (tables, op, pm, ps) in TABLE3_PAPER {
        let samples: Vec<Duration> = (0..n)
            .map(|_| one(group, remote, clock, op, tables))
            .collect();
        let (m, s, med) = mean_std_us(&samples);
        println!(
            "| {tables} | {} | {pm:.1} ± {ps:.1} | {m:.1} ± {s:.1} ({med:.1}) |",
            op.name()
        );
    }
}

fn tandem_switch(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    let program = table3();
    let switch = common::tandem_switch(&rt, &program);
    let clock = switch.clock.clone();
    let mut remote = RemoteSwitch::connect(
        &switch.addr,
        1,
        1,
        program,
        clock.clone(),
        Duration::from_secs(5),
    )
    .expect("connect to the in-process switch");
    cases(c, "tandem_switch", &mut remote, &clock);
}

fn simple_switch_grpc(c: &mut Criterion) {
    let program = table3();
    let bmv2 = match common::bmv2(&program) {
        Ok(b) => b,
        Err(e) => {
            println!("table3/simple_switch_grpc left out: {e}");
            return;
        }
    };
    let start = Instant::now();
    let clock: p4rt::server::Clock = Arc::new(move || start.elapsed());
    let load = (bmv2.info.clone(), bmv2.json.clone());
    let mut remote = common::retry("simple_switch_grpc", || {
        RemoteSwitch::connect_with(
            &bmv2.addr,
            1,
            1,
            program.clone(),
            clock.clone(),
            Duration::from_secs(5),
            Some(load.clone()),
        )
    });
    remote.begin_resync().expect("begin");
    remote.end_resync().expect("end");
    cases(c, "simple_switch_grpc", &mut remote, &clock);
}

criterion_group!(benches, tandem_switch, simple_switch_grpc);
criterion_main!(benches);
