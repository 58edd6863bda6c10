//! `tandem box`: run one CoMb box configuration (`tandem plan -o`) over pcaps or a
//! generated workload (docs/BOX.md).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use combox::{BoxEngine, BoxPlan, BoxSummary, Catalogue, Execution, Overflow};
use port::{AfPacket, Port, RingConfig};
use runner::live::{LiveOptions, LiveStats, Recording, run_live};
use runner::{PcapDir, Summary};

use crate::live_cmd::PortBinding;

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
  tandem box --config boxes/ATLAng.json -p 0=eth1 -p 1=eth2 --record rec/ --duration 60
  (replay: tandem box --config boxes/ATLAng.json -i 0=rec/in/port0.pcap -i 1=rec/in/port1.pcap)
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
    /// Live: bind box port PORT to interface IF (repeat; port 0 faces the
    /// clients, port 1 the servers). The box then runs on the interfaces, on
    /// the wall clock, through `tandem live`'s loop, until Ctrl-C / SIGTERM
    /// (or --duration, --max-packets). Needs CAP_NET_RAW (root).
    #[arg(
        long = "port",
        short = 'p',
        value_name = "PORT=IF",
        conflicts_with_all = ["inputs", "workload", "flows", "max_flow_bytes"]
    )]
    ports: Vec<PortBinding>,
    /// Live: open the interfaces in this network namespace (a name from `ip netns`).
    #[arg(long, value_name = "NAME", requires = "ports")]
    netns: Option<String>,
    /// Live: stop after this many seconds.
    #[arg(long, value_name = "SECS", requires = "ports")]
    duration: Option<f64>,
    /// Live: stop after this many received frames.
    #[arg(long, value_name = "N", requires = "ports")]
    max_packets: Option<u64>,
    /// Live: record what entered each port (DIR/in/portN.pcap) and what left it
    /// (DIR/out/portN.pcap), with the times the box saw, for `tandem box --input`
    /// replays.
    #[arg(long, value_name = "DIR", requires = "ports")]
    record: Option<PathBuf>,
    /// Live, threaded box: a partial burst is handed to its worker once its
    /// first packet has waited this many microseconds (a burst that fills
    /// leaves at once).
    #[arg(long, value_name = "US", default_value_t = 100, requires = "ports")]
    burst_wait_us: u64,
    /// Live: no status line on stderr.
    #[arg(long, short = 'q')]
    quiet: bool,
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
    let live = !args.ports.is_empty();
    if live {
        let mut seen = std::collections::BTreeSet::new();
        for b in &args.ports {
            anyhow::ensure!(seen.insert(b.port), "port {} is bound twice", b.port);
        }
        if let Some(d) = args.duration {
            anyhow::ensure!(
                d.is_finite() && d > 0.0,
                "--duration must be a positive number of seconds, not {d}"
            );
        }
    }
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
    if live {
        engine = engine.with_burst_wait(args.burst_wait_us.saturating_mul(1000));
        return run_on_interfaces(&args, engine, &program);
    }
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
    report(
        &args,
        &engine.summary(),
        &outcome.summary,
        &outcome.sink.paths(),
        None,
    )?;
    crate::run_cmd::bail_on_faults(outcome.output_error.as_ref(), &outcome.summary)?;
    bail_on_app_failures(&engine.summary())
}

fn bail_on_app_failures(b: &BoxSummary) -> anyhow::Result<ExitCode> {
    if b.failed > 0 {
        anyhow::bail!("applications failed on {} packets", b.failed);
    }
    Ok(ExitCode::SUCCESS)
}

/// The box on live interfaces: `tandem live`'s loop (`runner::live`) with the
/// box as its engine, so a live run means what a replay of its recording means.
fn run_on_interfaces(
    args: &BoxArgs,
    mut engine: BoxEngine,
    program: &ir::Program,
) -> anyhow::Result<ExitCode> {
    if let Some(ns) = &args.netns {
        // Only this thread moves (the workers need no interface).
        crate::live_cmd::enter_netns(ns)?;
    }
    let mut ports: Vec<(u16, Box<dyn Port>)> = Vec::new();
    for b in &args.ports {
        let p = AfPacket::open(&b.interface, RingConfig::default())
            .with_context(|| format!("cannot bind port {} to {}", b.port, b.interface))?;
        ports.push((b.port, Box::new(p)));
    }
    let numbers: Vec<u16> = args.ports.iter().map(|b| b.port).collect();
    let recording = match &args.record {
        Some(dir) => Some(Recording::create(dir, &numbers)?),
        None => None,
    };
    let stop = crate::live_cmd::stop_on_signal()?;
    let mut clock = crate::live_cmd::wall_clock(&stop, args.duration);
    let opts = LiveOptions {
        max_packets: args.max_packets,
        ..LiveOptions::default()
    };
    let quiet = args.quiet;
    let mut status = crate::live_cmd::status_line(quiet);
    let outcome = run_live(
        &mut engine,
        program,
        &mut ports,
        recording,
        &mut clock,
        &stop,
        &opts,
        &mut status,
    );
    if !quiet {
        #[allow(clippy::print_stderr)]
        {
            eprintln!();
        }
    }
    engine.finish();
    let b = engine.summary();
    let outputs: Vec<(u16, PathBuf)> = match &args.record {
        Some(dir) => numbers
            .iter()
            .map(|p| (*p, dir.join("out").join(format!("port{p}.pcap"))))
            .collect(),
        None => Vec::new(),
    };
    report(args, &b, &outcome.summary, &outputs, Some(&outcome.live))?;
    if let Some(e) = outcome.error {
        anyhow::bail!("the live run stopped early: {e} (everything before it is in the summary)");
    }
    bail_on_app_failures(&b)
}

fn sanitize(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

fn report(
    args: &BoxArgs,
    b: &BoxSummary,
    s: &Summary,
    outputs: &[(u16, PathBuf)],
    live: Option<&LiveStats>,
) -> anyhow::Result<()> {
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
    if let Some(l) = live {
        for (port, st) in &l.ports {
            writeln!(
                out,
                "port {port:<5} rx {} frames ({} cut short, {} ring drops), tx {} frames ({} above the MTU, {} refused)",
                st.rx_frames,
                st.rx_truncated,
                st.rx_ring_drops,
                st.tx_frames,
                st.tx_too_big,
                st.tx_errors
            )?;
        }
        if l.unbound_port_drops + l.tx_queue_overflow > 0 {
            writeln!(
                out,
                "lost       {} to unbound ports, {} to a full send queue",
                l.unbound_port_drops, l.tx_queue_overflow
            )?;
        }
    }
    for (port, path) in outputs {
        writeln!(out, "output     port {port} -> {}", path.display())?;
    }
    if let Some(path) = &args.summary {
        let mut v = serde_json::json!({ "box": b, "run": s });
        if let (Some(l), Some(obj)) = (live, v.as_object_mut()) {
            obj.insert("live".to_string(), serde_json::to_value(l)?);
        }
        crate::run_cmd::write_json(path, &v)?;
        writeln!(out, "summary    {}", path.display())?;
    }
    out.flush()?;
    Ok(())
}
