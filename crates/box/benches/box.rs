//! The box beside CoMb's §7.1–7.2 benchmarks (docs/BOX.md, docs/PERFORMANCE.md).
//!
//! * `shim`: an application standalone (the interpreter alone) vs inside the box
//!   (classifier + policy shim, inline), with prefix filters (`shim-simple`) and
//!   with a hash-range check (`shim-hash`): CoMb's Table 4.
//! * `chain`: a hyperapp of k instances of one application on 2 cores,
//!   hyperapp-per-core (the box, threaded, each core runs the whole chain on
//!   half of the flows) vs application-per-core (a pipeline of k threads, one
//!   application each, bounded queues between them): CoMb's Table 2. Both hand
//!   packets over in bursts of 32.
//! * `cores`: the threaded box with the hyperapp on 1 vs 2 cores.
//! * `apps`: the inline box with k = 1..6 IDS instances per packet: CoMb's
//!   Fig. 11 (throughput as more applications run on each packet).
//! * `reuse`: a hyperapp of 4 applications with and without sharing the `parse`
//!   module.
//! * `session`: hyperapps of k = 1..4 applications that read session
//!   reconstruction (`session.*`), with the module shared per hyperapp vs one
//!   table per application (`--no-reuse`), A and B alternating per k: the flow
//!   monitor (`examples/nf/flowmon.nf`) and a minimal reader that only looks
//!   at `session.reply`. Prints the session tables' memory for each case.
//!
//! `cargo bench -p combox --bench box`

use std::net::Ipv4Addr;
use std::path::Path;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};

use combox::{BoxEngine, BoxPlan, Catalogue, Execution, Overflow};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use interp::Interpreter;
use plan::boxcfg::{self, FlowHash, HASH_SPACE, TopologyStamp};
use plan::config::{Assignment, BoxConfig, CoreShare, Filter};
use runner::{Engine, Released};
use wire::MacAddr;
use wire::build::{self, L3};

const BATCH: usize = 4096;
const FLOWS: u16 = 256;

fn example(name: &str) -> ir::Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/nf")
        .join(name);
    lang::compile_file(&path, &lang::Overrides::new())
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .program
}

fn loopback() -> ir::Program {
    lang::compile(
        "loopback",
        "on packet { forward(in_port ^ 1); }",
        &lang::Overrides::new(),
        &lang::FsLoader { base: None },
    )
    .expect("compiles")
    .program
}

/// TCP packets of `FLOWS` client flows 10.1.0.x:port -> 10.2.0.1:80 with a
/// small payload, round robin over the flows.
fn batch() -> Vec<Vec<u8>> {
    (0..BATCH)
        .map(|i| {
            let f = (i % usize::from(FLOWS)) as u16;
            let l3 = L3 {
                src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
                dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
                vlan: None,
                src: Ipv4Addr::new(10, 1, (f >> 8) as u8, f as u8),
                dst: Ipv4Addr::new(10, 2, 0, 1),
                ttl: 64,
                ident: i as u16,
            };
            let tcp = wire::tcp::Repr {
                src_port: 20_000 + f,
                dst_port: 80,
                seq_number: i as u32,
                ack_number: 1,
                flags: wire::TcpFlags::ACK,
                window: 65535,
                urgent: 0,
                options: Default::default(),
            };
            build::tcp_frame(&l3, &tcp, b"GET /index.html HTTP/1.1\r\n\r\n")
        })
        .collect()
}

/// One class (10.1/16 -> 10.2/16, TCP port 80) with hyperapp `apps`, split
/// evenly over `cores`; `hash` adds a (full) hash range to the filters.
fn config(apps: &[String], cores: u32, hash: bool) -> BoxConfig {
    let h = hash.then_some([0, HASH_SPACE]);
    let fwd = Filter {
        src: "10.1.0.0/16".parse().expect("prefix"),
        dst: "10.2.0.0/16".parse().expect("prefix"),
        protocol: "tcp".into(),
        src_ports: vec![],
        dst_ports: vec![80],
        hash: h,
        except_ports: vec![],
        server_lower: None,
    };
    let rev = Filter {
        src: fwd.dst,
        dst: fwd.src,
        protocol: "tcp".into(),
        src_ports: vec![80],
        dst_ports: vec![],
        hash: h,
        except_ports: vec![],
        server_lower: None,
    };
    let label = format!("{} []", apps.join(">"));
    let mut b = BoxConfig {
        node: "bench".into(),
        topology: TopologyStamp {
            nodes: 1,
            classes: 1,
            fingerprint: "fnv1a64:bench".into(),
        },
        flow_hash: FlowHash::default(),
        cores_total: cores,
        load: vec![1.0],
        assignments: vec![Assignment {
            class: 0,
            hyperapp: apps.to_vec(),
            label: label.clone(),
            modules: vec![],
            fraction: 1.0,
            forward: vec![fwd],
            reverse: vec![rev],
        }],
        cores: (0..cores)
            .map(|core| CoreShare {
                core,
                hyperapp: label.clone(),
                fraction: 1.0 / f64::from(cores),
            })
            .collect(),
        max_core_load: 1.0,
        queues: vec![],
    };
    b.queues = boxcfg::queues(&b);
    b
}

/// `k` distinct application names all running `program`.
fn chain_catalogue(program: &ir::Program, k: usize) -> (Vec<String>, Catalogue) {
    let names: Vec<String> = (1..=k).map(|i| format!("app{i}")).collect();
    let cat = Catalogue::from_programs(names.iter().map(|n| (n.clone(), program.clone())));
    (names, cat)
}

/// Runs the batch through an engine (process, then release everything),
/// handing released frames back as `runner::Runner` does.
fn run_engine(e: &mut BoxEngine, frames: &[Vec<u8>], out: &mut Vec<Released>) -> usize {
    let mut buf = Vec::with_capacity(2048);
    let mut n = 0;
    for (i, f) in frames.iter().enumerate() {
        buf.clear();
        buf.extend_from_slice(f);
        if let Ok(interp::Verdict::Forward(_)) = e.process(&mut buf, 0, i as u64) {
            n += 1;
        }
        if i % 64 == 0 {
            e.release(i as u64, out);
            n += out.len();
            e.recycle(out);
            out.clear();
        }
    }
    e.release(u64::MAX, out);
    n += out.len();
    e.recycle(out);
    out.clear();
    n
}

fn shim(c: &mut Criterion) {
    let frames = batch();
    let mut g = c.benchmark_group("shim");
    g.throughput(Throughput::Elements(BATCH as u64));
    for (app, file) in [("ids", "trojan.nf"), ("cache", "proxy.nf"), ("lb", "lb.nf")] {
        let program = example(file);
        let mut interp = Interpreter::new(&program).expect("loads");
        let mut buf = Vec::with_capacity(2048);
        g.bench_function(format!("{app}/standalone"), |b| {
            b.iter(|| {
                let mut n = 0;
                for (i, f) in frames.iter().enumerate() {
                    buf.clear();
                    buf.extend_from_slice(f);
                    if let Ok(interp::Verdict::Forward(_)) = interp.process(&mut buf, 0, i as u64) {
                        n += 1;
                    }
                }
                n
            })
        });
        let cat = Catalogue::from_programs([(app.to_string(), program.clone())]);
        // The pshim alone, packets already classified (the paper's hardware
        // classification): the worker of the packet's core, called directly.
        let plan = BoxPlan::new(config(&[app.to_string()], 1, false), &cat).expect("plan");
        let mut workers = plan.workers().expect("workers");
        g.bench_function(format!("{app}/pshim-only"), |b| {
            b.iter(|| {
                let mut n = 0;
                for (i, f) in frames.iter().enumerate() {
                    buf.clear();
                    buf.extend_from_slice(f);
                    if let Some(combox::ShimVerdict::Forward(_)) =
                        workers[0].process(0, &mut buf, 0, i as u64)
                    {
                        n += 1;
                    }
                }
                n
            })
        });
        for (mode, hash) in [("shim-simple", false), ("shim-hash", true)] {
            let plan = BoxPlan::new(config(&[app.to_string()], 1, hash), &cat).expect("plan");
            let mut e = BoxEngine::new(plan, Execution::Inline)
                .expect("box")
                .with_cpu_time(false);
            let mut out = Vec::new();
            g.bench_function(format!("{app}/{mode}"), |b| {
                b.iter(|| run_engine(&mut e, &frames, &mut out))
            });
        }
    }
    g.finish();
}

/// Application-per-core: a pipeline of one thread per application.
struct Pipeline {
    tx: SyncSender<Vec<Vec<u8>>>,
    rx: Receiver<Vec<Vec<u8>>>,
}

/// Packets per hand-off, in the box and in the pipeline.
const BURST: usize = 32;

impl Pipeline {
    fn new(program: &ir::Program, k: usize, bound: usize) -> Pipeline {
        let (tx, mut rx) = sync_channel::<Vec<Vec<u8>>>(bound / BURST);
        for _ in 0..k {
            let (next_tx, next_rx) = sync_channel::<Vec<Vec<u8>>>(bound / BURST);
            let mut interp = Interpreter::new(program).expect("loads");
            let input = rx;
            std::thread::spawn(move || {
                for mut burst in input {
                    burst.retain_mut(|f| {
                        matches!(interp.process(f, 0, 0), Ok(interp::Verdict::Forward(_)))
                    });
                    if next_tx.send(burst).is_err() {
                        break;
                    }
                }
            });
            rx = next_rx;
        }
        Pipeline { tx, rx }
    }

    fn run(&self, classifier: &combox::Classifier, frames: &[Vec<u8>]) -> usize {
        let mut done = 0;
        for chunk in frames.chunks(BURST) {
            let mut job: Vec<Vec<u8>> = chunk
                .iter()
                .map(|f| {
                    let _ = classifier.classify(f);
                    f.clone()
                })
                .collect();
            loop {
                match self.tx.try_send(job) {
                    Ok(()) => break,
                    Err(TrySendError::Full(j)) => {
                        job = j;
                        while let Ok(b) = self.rx.try_recv() {
                            done += b.len();
                        }
                        std::thread::yield_now();
                    }
                    Err(TrySendError::Disconnected(_)) => return done,
                }
            }
        }
        while done < frames.len() {
            match self.rx.recv() {
                Ok(b) => done += b.len(),
                Err(_) => break,
            }
        }
        done
    }
}

fn chain(c: &mut Criterion) {
    let frames = batch();
    let mut g = c.benchmark_group("chain");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.sample_size(10);
    for (name, program) in [("loopback", loopback()), ("ids", example("trojan.nf"))] {
        for k in [2usize, 4, 6] {
            let (names, cat) = chain_catalogue(&program, k);
            let plan = BoxPlan::new(config(&names, 2, false), &cat).expect("plan");
            let classifier = plan.classifier.clone();
            let mut e = BoxEngine::new(
                plan,
                Execution::Threads {
                    queue_bound: 256,
                    overflow: Overflow::Wait,
                    burst: 32,
                },
            )
            .expect("box");
            let mut out = Vec::new();
            g.bench_function(format!("{name}/k{k}/hyperapp-per-core"), |b| {
                b.iter(|| run_engine(&mut e, &frames, &mut out))
            });
            let p = Pipeline::new(&program, k, 256);
            g.bench_function(format!("{name}/k{k}/app-per-core"), |b| {
                b.iter(|| p.run(&classifier, &frames))
            });
        }
    }
    g.finish();
}

fn cores(c: &mut Criterion) {
    let frames = batch();
    let mut g = c.benchmark_group("cores");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.sample_size(10);
    let (names, cat) = chain_catalogue(&example("trojan.nf"), 4);
    for n in [1u32, 2] {
        let plan = BoxPlan::new(config(&names, n, false), &cat).expect("plan");
        let mut e = BoxEngine::new(
            plan,
            Execution::Threads {
                queue_bound: 256,
                overflow: Overflow::Wait,
                burst: 32,
            },
        )
        .expect("box");
        let mut out = Vec::new();
        g.bench_function(format!("ids-x4/{n}-cores"), |b| {
            b.iter(|| run_engine(&mut e, &frames, &mut out))
        });
    }
    let plan = BoxPlan::new(config(&names, 1, false), &cat).expect("plan");
    let mut e = BoxEngine::new(plan, Execution::Inline)
        .expect("box")
        .with_cpu_time(false);
    let mut out = Vec::new();
    g.bench_function("ids-x4/inline", |b| {
        b.iter(|| run_engine(&mut e, &frames, &mut out))
    });
    g.finish();
}

/// CoMb Fig. 11: the same box (inline, prefix filters: `shim-simple`) with
/// k = 1..6 instances of the IDS per packet; the docs normalise k·T(k)/T(1).
fn apps(c: &mut Criterion) {
    let frames = batch();
    let mut g = c.benchmark_group("apps");
    g.throughput(Throughput::Elements(BATCH as u64));
    let program = example("trojan.nf");
    for k in 1..=6usize {
        let (names, cat) = chain_catalogue(&program, k);
        let plan = BoxPlan::new(config(&names, 1, false), &cat).expect("plan");
        let mut e = BoxEngine::new(plan, Execution::Inline)
            .expect("box")
            .with_cpu_time(false);
        let mut out = Vec::new();
        g.bench_function(format!("ids/k{k}"), |b| {
            b.iter(|| run_engine(&mut e, &frames, &mut out))
        });
    }
    g.finish();
}

fn reuse(c: &mut Criterion) {
    let frames = batch();
    let mut g = c.benchmark_group("reuse");
    g.throughput(Throughput::Elements(BATCH as u64));
    for (name, program) in [("loopback", loopback()), ("ids", example("trojan.nf"))] {
        let (names, cat) = chain_catalogue(&program, 4);
        for on in [false, true] {
            let mut plan = BoxPlan::new(config(&names, 1, false), &cat).expect("plan");
            plan.reuse = on;
            let mut e = BoxEngine::new(plan, Execution::Inline)
                .expect("box")
                .with_cpu_time(false);
            let mut out = Vec::new();
            let label = if on { "shared-parse" } else { "own-parse" };
            g.bench_function(format!("{name}-x4/{label}"), |b| {
                b.iter(|| run_engine(&mut e, &frames, &mut out))
            });
        }
    }
    g.finish();
}

/// Session reconstruction shared (one table per hyperapp instance, computed
/// once per packet) vs not (one per application, computed k times).
fn session(c: &mut Criterion) {
    let frames = batch();
    let mut g = c.benchmark_group("session");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.measurement_time(std::time::Duration::from_secs(3));
    g.warm_up_time(std::time::Duration::from_secs(1));
    let reader = lang::compile(
        "reader",
        "on packet { if session.reply { forward(in_port); } forward(in_port ^ 1); }",
        &lang::Overrides::new(),
        &lang::FsLoader { base: None },
    )
    .expect("compiles")
    .program;
    // CoMb Table 3's question: what share of an application's per-packet
    // work is the reusable module? The module alone, and the flow monitor
    // standalone (the interpreter with its own session table).
    let mut table = interp::SessionTable::default();
    g.bench_function("module-alone", |b| {
        b.iter(|| {
            let mut n = 0u64;
            for (i, f) in frames.iter().enumerate() {
                n += u64::from(table.observe(f, i as u64).orig_packets);
            }
            n
        })
    });
    let mut fm = Interpreter::new(&example("flowmon.nf")).expect("loads");
    let mut buf = Vec::with_capacity(2048);
    g.bench_function("flowmon/standalone", |b| {
        b.iter(|| {
            let mut n = 0;
            for (i, f) in frames.iter().enumerate() {
                buf.clear();
                buf.extend_from_slice(f);
                if let Ok(interp::Verdict::Forward(_)) = fm.process(&mut buf, 0, i as u64) {
                    n += 1;
                }
            }
            n
        })
    });
    // A and B interleaved: each timed iteration of one runs an untimed batch
    // of the other first, so both see the same load on a shared machine.
    for (name, program) in [("flowmon", example("flowmon.nf")), ("reader", reader)] {
        for k in 1..=4usize {
            let (names, cat) = chain_catalogue(&program, k);
            let engine = |on: bool| {
                let mut plan = BoxPlan::new(config(&names, 1, false), &cat).expect("plan");
                plan.reuse = on;
                BoxEngine::new(plan, Execution::Inline)
                    .expect("box")
                    .with_cpu_time(false)
            };
            let mut boxes = [engine(false), engine(true)];
            let mut out = Vec::new();
            for (timed, label) in [(0usize, "own"), (1, "shared")] {
                g.bench_function(format!("{name}-x{k}/{label}"), |b| {
                    b.iter_custom(|iters| {
                        let mut total = std::time::Duration::ZERO;
                        for _ in 0..iters {
                            run_engine(&mut boxes[1 - timed], &frames, &mut out);
                            let start = std::time::Instant::now();
                            std::hint::black_box(run_engine(&mut boxes[timed], &frames, &mut out));
                            total += start.elapsed();
                        }
                        total
                    })
                });
            }
            for (e, label) in boxes.iter().zip(["own", "shared"]) {
                let m: Vec<_> = e
                    .summary()
                    .hyperapps
                    .iter()
                    .map(|h| h.session_memory)
                    .collect();
                println!("session memory {name}-x{k}/{label}: {m:?}");
            }
        }
    }
    g.finish();
}

criterion_group!(benches, shim, chain, cores, apps, reuse, session);
criterion_main!(benches);
