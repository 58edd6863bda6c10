//! Server CPU time per input packet, Gallium's partition against running the
//! whole program on the server (paper §6: 21–79 % fewer cycles).
//!
//! The inputs are what a closed-loop run of the partitioned program sees
//! (recorded once by wrapping the engine). "all_on_server" times the
//! reference interpreter on every input; "partitioned" replays the inputs
//! through the switch model and the server runtime and times only what the
//! server CPU does for punted packets ([`server::Runtime::decide`]: take the
//! transfer frame apart, run the server part, or the whole handler for a
//! stale punt, on the primary, build the frame back). The switch model, the
//! modelled control plane and output-commit bookkeeping are not timed.
//! Criterion's throughput is per input packet.
//!
//! `cargo bench -p runner --bench server_cpu`

use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use runner::{Input, PacketLog, PartitionedEngine, Recorder, WorkloadRequest};
use server::{Handled, Runtime};

fn compile(nf: &str) -> lang::Compiled {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/nf")
        .join(nf);
    lang::compile_file(&path, &lang::Overrides::new()).unwrap_or_else(|e| panic!("{e}"))
}

fn inputs(c: &lang::Compiled, workload: &str, flows: u32) -> Vec<Input> {
    let req = WorkloadRequest {
        name: Some(workload.into()),
        flows: Some(flows),
        seed: 1,
        max_flow_bytes: Some(1_000_000),
    };
    let opts = runner::workload::options_for(&c.program, &c.params, &req)
        .unwrap_or_else(|e| panic!("{e}"));
    let trace = trace::workload::generate(&opts).unwrap_or_else(|e| panic!("{e}"));
    let inner = PartitionedEngine::new(&c.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut rec = Recorder::new(inner);
    let o = runner::run_workload(
        &mut rec,
        &c.program,
        &trace,
        PacketLog::default(),
        &mut |_, _| {},
    );
    if std::env::var_os("SERVER_CPU_DEBUG").is_some() {
        #[allow(clippy::print_stderr)]
        {
            eprintln!("recorded run: {}", o.summary);
        }
    }
    rec.seen
}

/// Server time of one partitioned replay of `inputs`.
fn partitioned_server_time(program: &ir::Program, inputs: &[Input]) -> Duration {
    let comp = compiler::partition(program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let lowered = compiler::lower_switch::lower_switch(&comp).unwrap_or_else(|e| panic!("{e}"));
    let mut sw = pipe::Switch::new(lowered.program).unwrap_or_else(|e| panic!("{e}"));
    compiler::tables::install_initial(&comp, &mut sw).unwrap_or_else(|e| panic!("{e}"));
    let server_port = compiler::lower_switch::SERVER_PORT;
    let mut rt = Runtime::new(comp).unwrap_or_else(|e| panic!("{e}"));
    let mut total = Duration::ZERO;
    for (i, (port, ts, frame)) in inputs.iter().enumerate() {
        let now = Duration::from_nanos(*ts);
        for r in rt.release(now) {
            if let Handled::ToSwitch(f) = r.what {
                let _ = sw.process(r.at, server_port, &f);
            }
        }
        let Ok(out) = sw.process(now, *port, frame) else {
            continue;
        };
        if out.verdict == (pipe::Verdict::Emit { port: server_port }) {
            let t0 = Instant::now();
            let d = rt.decide(&out.bytes, now);
            total += t0.elapsed();
            let Ok(d) = d else { continue };
            if let Handled::ToSwitch(f) = rt.commit(&mut sw, d, now, i as u64) {
                let _ = sw.process(now, server_port, &f);
            }
        }
    }
    if std::env::var_os("SERVER_CPU_DEBUG").is_some() {
        #[allow(clippy::print_stderr)]
        {
            eprintln!("{} inputs: {:?}", inputs.len(), rt.stats());
        }
    }
    total
}

/// Interpreter time of running every input on the server.
fn all_on_server_time(program: &ir::Program, inputs: &[Input]) -> Duration {
    let mut it = interp::Interpreter::new(program).unwrap_or_else(|e| panic!("{e}"));
    let mut frame = Vec::with_capacity(2048);
    let t0 = Instant::now();
    for (port, ts, f) in inputs {
        frame.clear();
        frame.extend_from_slice(f);
        let _ = it.process(&mut frame, *port, *ts);
    }
    t0.elapsed()
}

fn bench(c: &mut Criterion) {
    for (nf, workload, flows) in [
        ("mazunat.nf", "websearch", 200),
        ("lb.nf", "datamining", 400),
        ("trojan.nf", "trojan", 200),
    ] {
        let compiled = compile(nf);
        let recorded = inputs(&compiled, workload, flows);
        let mut g = c.benchmark_group(format!("server_cpu/{nf}/{workload}"));
        g.throughput(Throughput::Elements(recorded.len() as u64));
        g.sample_size(10);
        g.bench_function("all_on_server", |b| {
            b.iter_custom(|iters| {
                (0..iters)
                    .map(|_| all_on_server_time(&compiled.program, &recorded))
                    .sum()
            })
        });
        g.bench_function("partitioned", |b| {
            b.iter_custom(|iters| {
                (0..iters)
                    .map(|_| partitioned_server_time(&compiled.program, &recorded))
                    .sum()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
