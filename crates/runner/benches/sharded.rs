//! The sharded partitioned engine (`tandem live --workers N`) in memory:
//! MazuNAT over frames already in memory, on the sequential engine and on 1
//! and 2 worker threads (`runner::sharded::run_threads`: frames spread by the
//! symmetric flow hash). Every variant stamps packets with the wall clock as
//! it takes them, as `tandem live` does (the frames' own times are ignored:
//! threads racing through recorded times would squeeze one thread's packets
//! into the other's time). What it shows is the engine's own scaling and the
//! protocol's cost (stamps, horizon, the server lock), without packet I/O.
//! Timed is the processing: from the first frame to the last frame's stamp
//! (the sequential engine's: to its last frame), not building the engines,
//! spreading the frames, nor merging the workers' logs and summaries after
//! the run (which `tandem live` does not do per frame either).
//!
//! The engine runs with `tandem live`'s default control options (batched
//! channel, group commit, direct inserts).
//!
//! Two inputs: 64 UDP flows of 1,000 frames each (the live benchmark's
//! traffic: after each flow's first packets the switch decides everything),
//! and the frames of a closed-loop websearch run of 200 connections (at
//! processing speed, a storm of new flows: most packets meet an update in
//! flight and go to the server).
//!
//! `cargo bench -p runner --bench sharded`

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use runner::sharded::{Step, run_threads};
use runner::{Input, PacketLog, PartitionedEngine, Recorder, Runner, ShardedEngine, Source};
use wire::build::{L3, udp_frame};
use wire::{MacAddr, udp};

fn nat() -> lang::Compiled {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/nf/mazunat.nf");
    let mut o = lang::Overrides::new();
    o.set_assignment("external_ip=198.19.0.1").expect("param");
    lang::compile_file(path.as_ref(), &o).expect("mazunat compiles")
}

/// MazuNAT's partitioned engine with `tandem live`'s default control
/// options: the batched channel, group commit and direct inserts (on
/// Gallium's serial channel the 64 flows' installs alone take 66 ms, so
/// most of a short run would be flows waiting for their entries on the
/// server).
fn engine(c: &lang::Compiled) -> PartitionedEngine {
    let mut e =
        PartitionedEngine::new(&c.program, &compiler::Options::default()).expect("partitions");
    e.set_control(runner::ControlOptions {
        channel: pipe::Channel::batched(),
        group_commit: true,
        direct_inserts: true,
        ..runner::ControlOptions::default()
    });
    e
}

/// 64 UDP flows from 198.18.0.2, `per_flow` frames each, round robin, 1 µs apart.
fn udp_flows(per_flow: u32) -> Vec<Input> {
    let l3 = L3 {
        src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: [198, 18, 0, 2].into(),
        dst: [198, 19, 0, 2].into(),
        ttl: 64,
        ident: 1,
    };
    let mut out = Vec::new();
    let mut t = 1_000_000_000u64;
    for _ in 0..per_flow {
        for f in 0..64u16 {
            let frame = udp_frame(
                &l3,
                &udp::Repr {
                    src_port: 10_000 + f,
                    dst_port: 9,
                },
                &[0u8; 18],
            );
            out.push((0, t, frame));
            t += 1_000;
        }
    }
    out
}

fn websearch(c: &lang::Compiled) -> Vec<Input> {
    let req = runner::WorkloadRequest {
        flows: Some(200),
        seed: 1,
        ..Default::default()
    };
    let opts = runner::workload::options_for(&c.program, &c.params, &req).expect("options");
    let trace = trace::workload::generate(&opts).expect("workload");
    let mut rec = Recorder::new(engine(c));
    let _ = runner::run_workload(
        &mut rec,
        &c.program,
        &trace,
        PacketLog::default(),
        &mut |_, _| {},
    );
    rec.seen
}

fn spread(inputs: &[Input], workers: usize) -> Vec<Vec<Step>> {
    let mut lists = vec![Vec::new(); workers];
    for (port, ts, frame) in inputs {
        let w = wire::FlowKey::from_frame(frame)
            .ok()
            .flatten()
            .map_or(0, |k| k.symmetric_hash() as usize % workers);
        lists[w].push(Step::Packet {
            port: *port,
            ts_ns: *ts,
            frame: frame.clone(),
        });
    }
    lists
}

fn bench(c: &mut Criterion) {
    let nat = nat();
    let program = &nat.program;
    for (name, inputs) in [
        ("udp_64_flows", udp_flows(1_000)),
        ("websearch_200", websearch(&nat)),
    ] {
        let mut g = c.benchmark_group(format!("sharded_mazunat_{name}"));
        g.throughput(Throughput::Elements(inputs.len() as u64));
        g.sample_size(10);
        // Timed: from the first frame to the last frame's stamp (the
        // processing; not the set-up, nor merging the workers' logs after).
        g.bench_function("sequential", |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let mut e = engine(&nat);
                    let start = std::time::Instant::now();
                    let mut r = Runner::new(&mut e, program, PacketLog::default());
                    let mut last = 0;
                    for (port, _, f) in &inputs {
                        last = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
                        r.packet(*port, last, f).expect("memory sink");
                    }
                    total += start.elapsed();
                    std::hint::black_box(last);
                    drop(r.finish(Source::Live { ports: Vec::new() }));
                }
                total
            })
        });
        if std::env::var_os("SHARDED_DEBUG").is_some() {
            for workers in [1usize, 2] {
                let eng = ShardedEngine::new(engine(&nat), workers).expect("shardable");
                let start = std::time::Instant::now();
                let clock = || u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
                let run = run_threads(&eng, program, spread(&inputs, workers), Some(&clock));
                #[allow(clippy::print_stderr)]
                {
                    eprintln!(
                        "{name} on {workers}: {} packets in {:?}, {:?}, {:?}",
                        inputs.len(),
                        start.elapsed(),
                        run.shard,
                        run.summary
                            .partition
                            .map(|p| (p.server_packets, p.switch_only_packets))
                    );
                }
            }
        }
        for workers in [1usize, 2] {
            g.bench_function(format!("{workers}_workers"), |b| {
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        let eng = ShardedEngine::new(engine(&nat), workers).expect("shardable");
                        let steps = spread(&inputs, workers);
                        let start = std::time::Instant::now();
                        let clock =
                            || u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
                        let run = run_threads(&eng, program, steps, Some(&clock));
                        // Stamps are the clock's: the last one is when the
                        // last frame was taken, on whichever worker.
                        let last = run.steps.iter().map(|s| match s {
                            Step::Packet { ts_ns, .. } | Step::Tick { ts_ns } => *ts_ns,
                        });
                        total += Duration::from_nanos(last.max().unwrap_or(0));
                    }
                    total
                })
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
