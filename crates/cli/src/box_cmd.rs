//! `tandem box`: run one CoMb box configuration (`tandem plan -o`) over pcaps or a
//! generated workload (docs/BOX.md).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use combox::{BoxEngine, BoxPlan, BoxSummary, Catalogue, Execution, Overflow};
use runner::{Outcome, PcapDir};

/// Full-queue policy of the threaded box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OverflowArg {
    /// The classifier waits for room (nothing is lost; offline replay).
    Wait,
    /// The packet is dropped, as a NIC queue would.
    Drop,
}

/// Options of `tandem box`.
///
/// Loads one box configuration written by `tandem plan -o DIR` (validated in
/// full before any packet flows), resolves its applications in the catalogue,
/// and runs packets through classification, the per-hyperapp policy shims and
/// one worker per core. Port 0 faces the clients, port 1 the servers; traffic of
/// no class of this box passes through. Without --input, a generated workload
/// is moved into the box's classes (client and server addresses inside each
/// class's prefixes, ports and flow hashes to match) and replayed in a closed loop.
#[derive(Debug, clap::Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = "Examples:
  tandem plan --spec examples/plan/sndlib-abilene.toml -o boxes
  tandem box --config boxes/ATLAng.json --oversubscribe
  tandem box --config boxes/ATLAng.json --inline --flows 500 --summary box.json
  tandem box --config boxes/ATLAng.json --spec examples/plan/sndlib-abilene.toml -i 0=in.pcap
  tandem box eval --spec examples/plan/sndlib-abilene.toml"
)]
pub struct BoxArgs {
    #[command(subcommand)]
    command: Option<BoxCommand>,
    /// The box configuration (`tandem plan -o DIR` writes DIR/<node>.json).
    #[arg(long, value_name = "BOX.json", required = true)]
    config: Option<PathBuf>,
    /// Application catalogue: application name -> NF program and parameters.
    #[arg(
        long,
        value_name = "FILE.toml",
        default_value = "examples/box/catalog.toml"
    )]
    catalog: PathBuf,
    /// Also check that the configuration was planned from this spec (same
    /// topology, node, classes and hyperapps).
    #[arg(long, value_name = "SPEC")]
    spec: Option<PathBuf>,
    #[command(flatten)]
    traffic: crate::traffic::TrafficArgs,
    /// Directory for the outputs: packets leaving port N go to DIR/portN.pcap
    /// [default: out/box-<node>].
    #[arg(long, short = 'o', value_name = "DIR")]
    output_dir: Option<PathBuf>,
    /// Run every core's worker on this thread, one packet at a time
    /// (deterministic; the reference for the threaded box).
    #[arg(long)]
    inline: bool,
    /// Capacity of each core's input queue (threaded box).
    #[arg(long, value_name = "N", default_value_t = 1024)]
    queue_bound: usize,
    /// Packets handed to a core's worker at once (threaded box); a partial
    /// burst leaves when it fills or at the end of the traffic.
    #[arg(long, value_name = "N", default_value_t = 32)]
    burst: usize,
    /// What the classifier does when a core's queue is full.
    #[arg(long, value_enum, default_value_t = OverflowArg::Wait)]
    overflow: OverflowArg,
    /// Run even if the configuration names cores this machine lacks: their
    /// workers run as unpinned threads.
    #[arg(long)]
    oversubscribe: bool,
    /// Turn module reuse off: every application parses each packet itself
    /// instead of sharing the `parse` module of its hyperapp instance.
    #[arg(long)]
    no_reuse: bool,
    /// Also write the summary as JSON to this file.
    #[arg(long, value_name = "FILE.json")]
    summary: Option<PathBuf>,
}

/// Subcommands of `tandem box`.
#[derive(Debug, clap::Subcommand)]
enum BoxCommand {
    /// Controller to boxes, end to end: plan a topology, send every class's
    /// traffic through the boxes on its path, check exactly-once processing
    /// and each box's load against the LP.
    Eval(crate::box_eval::EvalArgs),
}

/// Runs `tandem box`.
pub fn run(args: BoxArgs) -> anyhow::Result<ExitCode> {
    if let Some(BoxCommand::Eval(a)) = args.command {
        return crate::box_eval::run(a);
    }
    let Some(config) = &args.config else {
        anyhow::bail!("`tandem box` needs --config BOX.json (or the subcommand eval)");
    };
    let cfg = plan::boxcfg::read(config)?;
    if let Some(spec) = &args.spec {
        let inst = crate::plan_cmd::read_instance(spec)?;
        cfg.check_instance(&inst)?;
    }
    if !args.inline && !args.oversubscribe {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        cfg.check_machine(cores)
            .context("use --oversubscribe to run extra cores as unpinned threads, or --inline")?;
    }
    if !args.catalog.exists() {
        anyhow::bail!(
            "no catalogue at {} (the default is relative to the repository root; pass --catalog FILE)",
            args.catalog.display()
        );
    }
    let catalogue = Catalogue::read(&args.catalog)?;
    let node = cfg.node.clone();
    let mut box_plan = BoxPlan::new(cfg, &catalogue)?;
    box_plan.reuse = !args.no_reuse;
    let exec = if args.inline {
        Execution::Inline
    } else {
        Execution::Threads {
            queue_bound: args.queue_bound,
            burst: args.burst,
            overflow: match args.overflow {
                OverflowArg::Wait => Overflow::Wait,
                OverflowArg::Drop => Overflow::Drop,
            },
        }
    };
    let mut engine = BoxEngine::new(box_plan, exec)?;
    let program = ir::Program {
        name: format!("box_{}", sanitize(&node)),
        ..ir::Program::default()
    };
    let out_dir = args
        .output_dir
        .clone()
        .unwrap_or_else(|| Path::new("out").join(format!("box-{}", sanitize(&node))));
    let sink = PcapDir::create(&out_dir, &[0, 1])?;
    let outcome = if args.traffic.inputs.is_empty() {
        let opts = runner::workload::options_for(&program, &[], &args.traffic.request())?;
        let mut trace = trace::workload::generate(&opts)?;
        combox::traffic::place(&mut trace, &engine.plan().config);
        let bar = crate::run_cmd::progress_bar(trace.packet_count(), "packets");
        let o = runner::run_workload(&mut engine, &program, &trace, sink, &mut |d, _| {
            bar.set_position(d)
        });
        bar.finish_and_clear();
        o
    } else {
        let bar = crate::run_cmd::progress_bar(0, "bytes");
        let o = runner::run_pcaps(
            &mut engine,
            &program,
            &args.traffic.inputs,
            sink,
            &mut |d, t| {
                bar.set_length(t);
                bar.set_position(d);
            },
        );
        bar.finish_and_clear();
        o
    };
    engine.finish();
    report(&args, &engine.summary(), &outcome)
}

fn sanitize(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

fn report(args: &BoxArgs, b: &BoxSummary, o: &Outcome<PcapDir>) -> anyhow::Result<ExitCode> {
    let s = &o.summary;
    let mut out = std::io::stdout().lock();
    writeln!(out, "box        {} ({})", b.node, b.execution)?;
    writeln!(
        out,
        "packets    {} in, {} out, {} dropped by applications, {} failed, {} dropped on full queues",
        s.total_in(),
        s.total_out(),
        b.dropped,
        b.failed,
        b.overflow_dropped
    )?;
    writeln!(
        out,
        "classes    {} packets classified, {} of no class passed through, {} not IPv4",
        b.packets - b.unmatched - b.not_ip,
        b.unmatched,
        b.not_ip
    )?;
    for h in &b.hyperapps {
        writeln!(
            out,
            "hyperapp   {:<44} {:>9} packets {:>7} dropped {:>9} parses saved  cores {:?}",
            h.hyperapp, h.packets, h.dropped, h.parses_saved, h.cores
        )?;
    }
    for a in &b.applications {
        writeln!(
            out,
            "app        {:<12} {:>9} packets {:>7} dropped {:>5} events  ({} instances)",
            a.application, a.stats.packets, a.stats.dropped, a.stats.events, a.instances
        )?;
    }
    for c in &b.cores {
        writeln!(
            out,
            "core {:<5} {:>9} packets {:>7} dropped  cpu {:.3} ms  queue full {}{}",
            c.core,
            c.packets,
            c.dropped,
            c.cpu_ns as f64 / 1e6,
            c.queue_full,
            if c.pinned { "  pinned" } else { "" }
        )?;
    }
    if let Some(l) = &s.closed_loop {
        writeln!(out, "workload   {} connections", l.connections)?;
    }
    for (port, path) in o.sink.paths() {
        writeln!(out, "output     port {port} -> {}", path.display())?;
    }
    if let Some(path) = &args.summary {
        crate::run_cmd::write_json(path, &serde_json::json!({ "box": b, "run": s }))?;
        writeln!(out, "summary    {}", path.display())?;
    }
    out.flush()?;
    crate::run_cmd::bail_on_faults(o.output_error.as_ref(), s)?;
    if b.failed > 0 {
        anyhow::bail!("applications failed on {} packets", b.failed);
    }
    Ok(ExitCode::SUCCESS)
}
