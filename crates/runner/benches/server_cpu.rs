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
//! "partitioned_with_writes" adds [`server::Runtime::commit`], the server's
//! table writes into the switch and output commit; "xdp" and
//! "xdp_with_writes" are the same on the XDP target (the switch part run by
//! `BPF_PROG_TEST_RUN`, the writes `bpf(2)` map updates; root only).
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

/// A switch the partitioned replay runs on: the model, or the XDP target
/// through `BPF_PROG_TEST_RUN` (root only).
trait Target: pipe::SwitchControl {
    fn run(&mut self, now: Duration, port: u16, frame: &[u8]) -> Option<pipe::Output>;
}

impl Target for pipe::Switch {
    fn run(&mut self, now: Duration, port: u16, frame: &[u8]) -> Option<pipe::Output> {
        self.process(now, port, frame).ok()
    }
}

impl Target for xdp::XdpSwitch {
    fn run(&mut self, now: Duration, port: u16, frame: &[u8]) -> Option<pipe::Output> {
        self.process(now, port, frame).ok()
    }
}

/// Which switch a partitioned replay runs on.
#[derive(Clone, Copy)]
enum On {
    Model,
    Xdp,
}

/// What of the server's work a partitioned replay times.
#[derive(Clone, Copy, PartialEq)]
enum Timed {
    /// `Runtime::decide`: the punt taken apart, the server part run, the
    /// frame built back.
    Decide,
    /// That and `Runtime::commit`: the table writes into the switch (calls
    /// into the model, or `bpf(2)` map updates on XDP) and output commit.
    WithWrites,
}

/// The switch part of `program`, its initial entries installed, on `on`.
/// Fails where the XDP program cannot load (not root).
fn switch_for(comp: &compiler::Compilation, on: On) -> Result<Box<dyn Target>, xdp::XdpError> {
    let lowered = compiler::lower_switch::lower_switch(comp).unwrap_or_else(|e| panic!("{e}"));
    let mut sw = pipe::Switch::new(lowered.program).unwrap_or_else(|e| panic!("{e}"));
    compiler::tables::install_initial(comp, &mut sw).unwrap_or_else(|e| panic!("{e}"));
    Ok(match on {
        On::Model => Box::new(sw),
        On::Xdp => {
            let mut x = xdp::XdpSwitch::load(sw.program())?;
            x.copy_state(&sw, Duration::ZERO)?;
            Box::new(x)
        }
    })
}

/// Server time of one partitioned replay of `inputs` on `on`.
fn partitioned_server_time(
    program: &ir::Program,
    inputs: &[Input],
    on: On,
    timed: Timed,
) -> Duration {
    let comp = compiler::partition(program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut sw = switch_for(&comp, on).unwrap_or_else(|e| panic!("{e}"));
    let server_port = compiler::lower_switch::SERVER_PORT;
    let mut rt = Runtime::new(comp).unwrap_or_else(|e| panic!("{e}"));
    let mut total = Duration::ZERO;
    let mut punts = 0u64;
    for (i, (port, ts, frame)) in inputs.iter().enumerate() {
        let now = Duration::from_nanos(*ts);
        for r in rt.release(now) {
            if let Handled::ToSwitch(f) = r.what {
                let _ = sw.run(r.at, server_port, &f);
            }
        }
        let Some(out) = sw.run(now, *port, frame) else {
            continue;
        };
        if out.verdict == (pipe::Verdict::Emit { port: server_port }) {
            punts += 1;
            let t0 = Instant::now();
            let d = rt.decide(&out.bytes, now);
            total += t0.elapsed();
            let Ok(d) = d else { continue };
            let t0 = Instant::now();
            let h = rt.commit(&mut *sw, d, now, i as u64);
            if timed == Timed::WithWrites {
                total += t0.elapsed();
            }
            if let Handled::ToSwitch(f) = h {
                let _ = sw.run(now, server_port, &f);
            }
        }
    }
    if std::env::var_os("SERVER_CPU_DEBUG").is_some() {
        #[allow(clippy::print_stderr)]
        {
            eprintln!("{} inputs, {punts} punts: {:?}", inputs.len(), rt.stats());
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
        let comp = compiler::partition(&compiled.program, &compiler::Options::default())
            .unwrap_or_else(|e| panic!("{e}"));
        let xdp_ok = match switch_for(&comp, On::Xdp) {
            Ok(_) => true,
            Err(e) => {
                #[allow(clippy::print_stderr)]
                {
                    eprintln!("server_cpu/{nf}: no XDP rows: {e} (loading BPF needs root)");
                }
                false
            }
        };
        for (name, on, timed) in [
            ("partitioned", On::Model, Timed::Decide),
            ("partitioned_with_writes", On::Model, Timed::WithWrites),
            ("xdp", On::Xdp, Timed::Decide),
            ("xdp_with_writes", On::Xdp, Timed::WithWrites),
        ] {
            if matches!(on, On::Xdp) && !xdp_ok {
                continue;
            }
            g.bench_function(name, |b| {
                b.iter_custom(|iters| {
                    (0..iters)
                        .map(|_| partitioned_server_time(&compiled.program, &recorded, on, timed))
                        .sum()
                })
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
