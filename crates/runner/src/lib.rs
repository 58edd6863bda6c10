//! Drives network functions over traffic: pcap inputs merged by time or
//! closed-loop generated workloads, per-port outputs, run summaries.
//!
//! The execution itself is behind the [`Engine`] trait, implemented here for the
//! reference interpreter ([`ReferenceEngine`]); any other engine (the
//! partitioned switch + server execution) is passed the same way, as a
//! `&mut dyn Engine`, and gets the same input merging, closed loop, outputs and
//! summary.
//!
//! ```text
//! pcaps ─inputs::replay─┐                      ┌─▶ Sink (DIR/portN.pcap, memory)
//!                       ├─▶ Runner ─▶ Engine ──┤
//! Trace ─closed_loop────┘   (counts, events)   └─▶ Summary (JSON / text)
//! ```
//!
//! # Example
//! ```no_run
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let compiled = lang::compile_file("examples/nf/mazunat.nf".as_ref(), &lang::Overrides::new())?;
//! let mut engine = runner::ReferenceEngine::new(&compiled.program)?;
//! let req = runner::WorkloadRequest { seed: 1, ..Default::default() };
//! let opts = runner::workload::options_for(&compiled.program, &compiled.params, &req)?;
//! let trace = trace::workload::generate(&opts)?;
//! let sink = runner::PcapDir::create("out".as_ref(), &[0, 1])?;
//! let done = runner::run_workload(&mut engine, &compiled.program, &trace, sink, &mut |_, _| {});
//! println!("{}", done.summary);
//! # Ok(()) }
//! ```

pub mod check;
pub mod closed_loop;
pub mod diff;
mod engine;
pub mod inputs;
pub mod live;
pub mod park_engine;
pub mod partitioned;
mod recorder;
mod run;
pub mod sharded;
mod sink;
mod stats;
mod summary;
pub mod workload;
pub mod xdp_live;

pub use engine::{Engine, EngineError, ReferenceEngine, Released};
pub use inputs::InputSpec;
pub use interp::{Event, Verdict};
pub use park_engine::{ParkEngine, ParkRunError, ParkStats};
pub use partitioned::{
    Bmv2AttachError, Bmv2Stats, ControlOptions, PartitionError, PartitionStats, PartitionedEngine,
};
pub use recorder::{Input, Recorder};
pub use run::{MAX_ERRORS_KEPT, Runner};
pub use sharded::{NotShardable, ShardedEngine};
pub use sink::{Emitted, Origin, PacketLog, PcapDir, PcapMemory, Sink, SinkError};
pub use summary::{InputFault, LivePort, LoopStats, PcapSource, Source, Summary};
pub use workload::WorkloadRequest;

/// The result of a whole run: the summary and outputs are always there, even
/// when an output failed (`output_error`); `summary.is_clean()` says whether the
/// inputs and the engine had faults.
#[derive(Debug)]
pub struct Outcome<S> {
    /// What happened.
    pub summary: Summary,
    /// The outputs.
    pub sink: S,
    /// An output that could not be written or closed (the run stopped there).
    pub output_error: Option<SinkError>,
}

/// Replays capture files (merged by time, see [`inputs`]) through `engine`.
/// `progress(bytes_read, total_bytes)` is called now and then.
pub fn run_pcaps<S: Sink>(
    engine: &mut dyn Engine,
    program: &ir::Program,
    specs: &[InputSpec],
    sink: S,
    progress: &mut dyn FnMut(u64, u64),
) -> Outcome<S> {
    let total: u64 = specs
        .iter()
        .filter_map(|s| std::fs::metadata(&s.path).ok())
        .map(|m| m.len())
        .sum();
    let (open, mut faults) = inputs::open_files(specs);
    let mut runner = Runner::new(engine, program, sink);
    let replayed = inputs::replay(&mut runner, open, &mut |done| progress(done, total));
    let source = Source::Pcap {
        inputs: specs.iter().map(InputSpec::source).collect(),
    };
    let (mut summary, sink, closed) = runner.finish(source);
    let output_error = match replayed {
        Ok(f) => {
            faults.extend(f);
            closed.err()
        }
        Err(e) => Some(e),
    };
    summary.input_errors = faults;
    Outcome {
        summary,
        sink,
        output_error,
    }
}

/// Replays a generated workload in a closed loop (see [`closed_loop`]).
/// `progress(packets_done, packets_total)` is called now and then.
pub fn run_workload<S: Sink>(
    engine: &mut dyn Engine,
    program: &ir::Program,
    trace: &trace::workload::Trace,
    sink: S,
    progress: &mut dyn FnMut(u64, u64),
) -> Outcome<S> {
    let mut runner = Runner::new(engine, program, sink);
    let looped = closed_loop::replay(&mut runner, trace, progress);
    let opts = &trace.options;
    let source = Source::Workload {
        name: opts.workload.to_string(),
        flows: opts.flows,
        seed: opts.seed,
        servers: workload::server_names(opts),
    };
    let (mut summary, sink, closed) = runner.finish(source);
    let output_error = match looped {
        Ok(stats) => {
            summary.closed_loop = Some(stats);
            closed.err()
        }
        Err(e) => Some(e),
    };
    Outcome {
        summary,
        sink,
        output_error,
    }
}
