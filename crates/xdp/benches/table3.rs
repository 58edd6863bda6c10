//! Gallium Table 3 on the XDP target and in-process: the latency of one
//! server-side atomic update of 1, 2 or 4 tables (one entry each), insert,
//! modify and delete, through `pipe::SwitchControl::atomic_update_requested`,
//! the entry point the server's runtime (`server::sync`) and the P4Runtime
//! bench (`cargo bench -p p4rt --bench table3`) use.
//!
//! - `table3/xdp`: `xdp::XdpSwitch`, the program's maps in the kernel. The
//!   update is synchronous (all five phases of the write-back cycle, each
//!   flip waited out, before the call returns), so the call's return is an
//!   upper bound on the time until packets see it. Needs root (bpf(2)); left
//!   out with a printed reason without it.
//! - `table3/in_process`: `pipe::Switch`, the behavioural model, on its
//!   default channel (`pipe::Latency::default()`, serial, 130 µs an
//!   operation). The call queues the cycle's operations; the model's clock,
//!   not the wall clock, says when packets see them (`visible_at`), and the
//!   probe runs at that instant, which applies the phases due by then.
//!
//! criterion times the call alone. Afterwards each case runs again as
//! `TANDEM_TABLE3_N` (default 1,000) single updates, each timed twice from
//! the call: until it returns, and until a probe packet (`BPF_PROG_TEST_RUN`
//! on XDP, `Switch::process` in-process) run right after has shown every
//! table's change applied; printed as a Markdown table of mean ± standard
//! deviation, µs, beside the paper's Tofino figures and, in-process, the
//! model's own `visible_at − now` on its serial and batched channels.
//!
//! The program and the updates are `pipe::examples::table3`. What a modify
//! or delete needs is inserted first and an insert or modify is deleted
//! after, untimed, so the tables end as they began.
//!
//! `cargo bench -p xdp --bench table3` (as root)

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use pipe::examples::{
    TABLE3_PAPER, Table3Op, mean_std_us, table3, table3_packet, table3_update, table3_visible,
};
use pipe::{AtomicTicket, Channel, Latency, Output, Switch, SwitchControl};
use xdp::XdpSwitch;

/// Single updates timed one by one per case (`TANDEM_TABLE3_N`).
fn singles() -> usize {
    std::env::var("TANDEM_TABLE3_N")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000)
}

/// A switch under test: its control plane, and one packet through its data
/// plane.
trait Target: SwitchControl {
    /// Runs `frame` arriving on port 0 at `now`.
    fn probe(&mut self, now: Duration, frame: &[u8]) -> Output;
}

impl Target for XdpSwitch {
    fn probe(&mut self, now: Duration, frame: &[u8]) -> Output {
        self.process(now, 0, frame).expect("BPF_PROG_TEST_RUN")
    }
}

impl Target for Switch {
    fn probe(&mut self, now: Duration, frame: &[u8]) -> Output {
        self.process(now, 0, frame).expect("port 0")
    }
}

/// A target, its clock (moved on to each update's end, so updates do not
/// queue behind each other in the model) and the probe.
struct Bench<S> {
    sw: S,
    now: Duration,
    frame: Vec<u8>,
}

/// One timed update: until the call returned, until the probe showed it, and
/// the target's own `visible_at − now`.
struct Timed {
    call: Duration,
    seen: Duration,
    modelled: Duration,
}

impl<S: Target> Bench<S> {
    /// An untimed update of `op` on `tables` tables.
    fn step(&mut self, op: Table3Op, tables: usize) -> AtomicTicket {
        let t = self
            .sw
            .atomic_update_requested(self.now, &table3_update(op, tables), &[])
            .expect("update taken");
        self.now = t.done_at;
        t
    }

    /// One update of row (`op`, `tables`) with what it needs and what undoes it.
    fn one(&mut self, op: Table3Op, tables: usize) -> Timed {
        if let Some(setup) = op.setup() {
            self.step(setup, tables);
        }
        let u = table3_update(op, tables);
        let requested = self.now;
        let start = Instant::now();
        let t = self
            .sw
            .atomic_update_requested(self.now, &u, &[])
            .expect("update taken");
        let call = start.elapsed();
        let out = self.sw.probe(t.visible_at, &self.frame);
        let seen = start.elapsed();
        assert!(
            table3_visible(&out, op, tables),
            "{tables} tables, {op:?}: the probe did not see the update: {out:?}"
        );
        self.now = t.done_at;
        if let Some(undo) = op.undo() {
            self.step(undo, tables);
        }
        Timed {
            call,
            seen,
            modelled: t.visible_at.saturating_sub(requested),
        }
    }
}

/// criterion's group for `sw`: the call alone.
fn group<S: Target>(c: &mut Criterion, name: &str, b: &mut Bench<S>) {
    let mut g = c.benchmark_group(format!("table3/{name}"));
    g.sample_size(30);
    g.measurement_time(Duration::from_secs(2));
    for tables in [1usize, 2, 4] {
        for op in Table3Op::ALL {
            g.bench_function(format!("{tables}_tables/{}", op.name()), |bch| {
                bch.iter_custom(|iters| (0..iters).map(|_| b.one(op, tables).call).sum())
            });
        }
    }
    g.finish();
}

/// The single updates of every case, each column "mean ± std (median)" in
/// µs: the call, and call + probe.
fn singles_of<S: Target>(b: &mut Bench<S>) -> Vec<(String, String)> {
    let n = singles();
    TABLE3_PAPER
        .iter()
        .map(|&(tables, op, _, _)| {
            let runs: Vec<Timed> = (0..n).map(|_| b.one(op, tables)).collect();
            let call: Vec<Duration> = runs.iter().map(|r| r.call).collect();
            let seen: Vec<Duration> = runs.iter().map(|r| r.seen).collect();
            (cell(&call), cell(&seen))
        })
        .collect()
}

/// "mean ± std (median)" of `samples`, µs.
fn cell(samples: &[Duration]) -> String {
    let (m, s, med) = mean_std_us(samples);
    format!("{m:.1} ± {s:.1} ({med:.1})")
}

fn xdp(c: &mut Criterion) {
    if testnet::root_or_skip("table3/xdp", "bpf(2)").is_none() {
        return;
    }
    let sw = XdpSwitch::load(&table3()).expect("the XDP target loads the Table 3 program");
    let mut b = Bench {
        sw,
        now: Duration::ZERO,
        frame: table3_packet(),
    };
    group(c, "xdp", &mut b);
    let rows = singles_of(&mut b);
    println!(
        "\ntable3/xdp: {} single updates per case, µs: until the call returned (all five phases), \
         and until a BPF_PROG_TEST_RUN probe run after it showed the change; mean ± std (median)\n",
        singles()
    );
    println!(
        "| tables | op | paper (Tofino) | XDP, call | XDP, call + probe |\n|---|---|---|---|---|"
    );
    for ((tables, op, pm, ps), (call, seen)) in TABLE3_PAPER.iter().zip(rows) {
        println!(
            "| {tables} | {} | {pm:.1} ± {ps:.1} | {call} | {seen} |",
            op.name()
        );
    }
}

/// A model switch on `channel`.
fn model(channel: Channel) -> Switch {
    let mut sw = Switch::new(table3()).expect("the Table 3 program is valid");
    sw.set_latency(Latency {
        channel,
        ..Latency::default()
    });
    sw
}

fn in_process(c: &mut Criterion) {
    let mut b = Bench {
        sw: model(Channel::Serial),
        now: Duration::ZERO,
        frame: table3_packet(),
    };
    group(c, "in_process", &mut b);
    let rows = singles_of(&mut b);
    let mut batched = Bench {
        sw: model(Channel::batched()),
        now: Duration::ZERO,
        frame: table3_packet(),
    };
    println!(
        "\ntable3/in_process: {} single updates per case, µs of wall clock: until the call \
         returned, and until a probe at the ticket's visible_at showed the change; then the \
         model's visible_at − now on the serial and the batched channel; mean ± std (median)\n",
        singles()
    );
    println!(
        "| tables | op | paper (Tofino) | in-process, call | in-process, call + probe | model serial | model batched |\n|---|---|---|---|---|---|---|"
    );
    for ((tables, op, pm, ps), (call, seen)) in TABLE3_PAPER.iter().zip(rows) {
        let serial = b.one(*op, *tables).modelled;
        let batch = batched.one(*op, *tables).modelled;
        println!(
            "| {tables} | {} | {pm:.1} ± {ps:.1} | {call} | {seen} | {} | {} |",
            op.name(),
            serial.as_micros(),
            batch.as_micros()
        );
    }
}

criterion_group!(benches, xdp, in_process);
criterion_main!(benches);
