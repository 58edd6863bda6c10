//! `tandem check`: run a program in both modes (reference interpreter and
//! Gallium's partitioned switch + server execution) on the same traffic and
//! report every difference (docs/GALLIUM.md, "Equivalence").

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use runner::check::{CheckReport, Divergence};

/// Options of `tandem check` (what it does and its exit statuses: the
/// command's doc in `main.rs`, its `--help`).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  tandem check examples/nf/mazunat.nf
  tandem check examples/nf/lb.nf --workload datamining --flows 2000 --seed 3 --json
  tandem check examples/nf/firewall.nf --input 0=inside.pcap --input 1=outside.pcap
  tandem check examples/nf/mazunat.nf --input 0=day.pcap --compare-window 1000000")]
pub struct CheckArgs {
    /// The NF program (`.nf` source).
    program: PathBuf,
    #[command(flatten)]
    params: crate::params::ParamArgs,
    #[command(flatten)]
    traffic: crate::traffic::TrafficArgs,
    #[command(flatten)]
    control: crate::control::ControlArgs,
    /// Keep registers that follow a replicated lookup on the switch (Gallium's
    /// own placement); a flow's packet arriving while its first is on the
    /// server can then diverge.
    #[arg(long)]
    offload_stale_registers: bool,
    /// Let the switch decide a miss of a replicated map itself where the miss
    /// path needs no server (Gallium's partition: MazuNAT drops an inbound
    /// packet without a mapping on the switch). By default such a miss goes to
    /// the server, so the map's keys may be left to it (docs/GALLIUM.md,
    /// "Which keys may be left to the server").
    #[arg(long)]
    drop_misses_on_switch: bool,
    /// Packets (and events) of either run that may wait unmatched at once;
    /// each costs its bytes plus about 100 bytes, so the default holds at
    /// most about 110 MB of full-size frames. When one more would have to
    /// wait, the check stops (exit 4).
    #[arg(long, value_name = "N", default_value_t = runner::diff::DEFAULT_WINDOW as u64,
          value_parser = clap::value_parser!(u64).range(1..))]
    compare_window: u64,
    /// Print the report as JSON (`divergences`, `divergences_total`,
    /// `compared`, `stopped`, `metered`, `reference`, `partitioned`).
    #[arg(long)]
    json: bool,
}

/// Runs `tandem check`.
pub fn run(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let compiled = args.params.compile(&args.program)?;
    let program = &compiled.program;
    let options = compiler::Options {
        offload_stale_registers: args.offload_stale_registers,
        drop_misses_on_switch: args.drop_misses_on_switch,
        ..compiler::Options::default()
    };
    let settings = runner::check::Settings {
        control: args.control.options()?,
        window: usize::try_from(args.compare_window).unwrap_or(usize::MAX),
    };
    let report = if args.traffic.inputs.is_empty() {
        let trace = args.traffic.trace(&compiled)?;
        let bar = crate::run_cmd::progress_bar(trace.packet_count(), "packets");
        let r = runner::check::check_workload_with(
            program,
            &options,
            &settings,
            &trace,
            &mut |d, _| bar.set_position(d),
        );
        bar.finish_and_clear();
        r?
    } else {
        runner::check::check_pcaps_with(
            program,
            &options,
            &settings,
            &args.traffic.inputs,
            &mut |_, _| {},
        )?
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &report)?;
        writeln!(out)?;
    } else {
        text(&mut out, &report)?;
    }
    Ok(if report.divergences_total > 0 {
        ExitCode::from(3)
    } else if report.stopped.is_some() {
        ExitCode::from(4)
    } else {
        ExitCode::SUCCESS
    })
}

fn text(out: &mut impl Write, r: &CheckReport) -> anyhow::Result<()> {
    let p = r.partitioned.partition.clone().unwrap_or_default();
    writeln!(
        out,
        "program  {} ({} packets in, reference and partitioned)",
        r.reference.program,
        r.reference.total_in()
    )?;
    let total = (p.switch_only_packets + p.server_packets).max(1) as f64;
    writeln!(
        out,
        "switch   {} switch-only, {} visited the server ({:.3} %)",
        p.switch_only_packets,
        p.server_packets,
        100.0 * p.server_packets as f64 / total
    )?;
    writeln!(
        out,
        "server   {} control-plane ops, {} held by output commit, {} reordered by it, {} stale re-runs",
        p.control_plane_ops, p.held_packets, p.reordered_packets, p.server.stale_reruns
    )?;
    if r.metered > 0 {
        writeln!(
            out,
            "metered  {} miss punts dropped by the switch's meter: lost before the program in the reference run too (docs/GALLIUM.md, \"The miss-punt meter\")",
            r.metered
        )?;
    }
    compared(out, r)?;
    for e in &r.reference.input_errors {
        writeln!(out, "input error: {e} (both runs stopped reading it there)")?;
    }
    if let Some(st) = &r.stopped {
        stopped(out, st)?;
    }
    if r.equivalent() {
        writeln!(
            out,
            "result   equivalent: same packets on every port (each flow's in the same order), same drops, events and final state"
        )?;
        return Ok(());
    }
    if r.divergences_total == 0 {
        return Ok(());
    }
    writeln!(
        out,
        "result   {} divergences; the first:",
        r.divergences_total
    )?;
    if let Some(d) = r.divergences.first() {
        divergence(out, d)?;
    }
    Ok(())
}

/// The `compared` line: what the streaming comparison matched.
fn compared(out: &mut impl Write, r: &CheckReport) -> anyhow::Result<()> {
    let c = &r.compared;
    let ports: Vec<String> = c
        .stats
        .packets
        .iter()
        .map(|(p, n)| format!("port {p}: {n}"))
        .collect();
    let ports = if ports.is_empty() {
        "no".to_string()
    } else {
        ports.join(", ")
    };
    writeln!(
        out,
        "compared {ports} packets, {} events; largest window {} of {}; {} reordered across flows, {} held packets out of place in their flow",
        c.stats.events,
        c.stats.largest_window,
        c.window,
        c.stats.reordered_across_flows,
        c.stats.reordered_in_flows
    )?;
    Ok(())
}

fn at(input: &Option<runner::check::InputRef>) -> String {
    input
        .as_ref()
        .map_or_else(String::new, |i| format!(" ({i})"))
}

fn stopped(out: &mut impl Write, s: &runner::check::Stopped) -> anyhow::Result<()> {
    writeln!(
        out,
        "result   stopped: more than {} packets and events unmatched at once (--compare-window {}); the check ended there",
        s.window, s.window
    )?;
    match (&s.port, &s.flow, &s.frame, &s.event) {
        (Some(port), Some(flow), Some(frame), _) => writeln!(
            out,
            "  waiting longest: the {} run's packet on port {port}, flow {flow}{}:\n    {frame}",
            s.run,
            at(&s.input)
        )?,
        (_, _, _, Some(event)) => writeln!(
            out,
            "  waiting longest: the {} run's event {event}{}",
            s.run,
            at(&s.input)
        )?,
        _ => {}
    }
    writeln!(
        out,
        "  a packet that never matches keeps waiting: look at that flow, or give a larger --compare-window"
    )?;
    Ok(())
}

fn divergence(out: &mut impl Write, d: &Divergence) -> anyhow::Result<()> {
    match d {
        Divergence::Output {
            port,
            flow,
            why,
            reference,
            partitioned,
        } => {
            let what = match *why {
                "differs" => "the runs sent different packets here",
                "order" => "both runs sent this packet, in another order within the flow",
                "only_in_reference" => "only the reference run sent this packet",
                _ => "only the partitioned run sent this packet",
            };
            writeln!(out, "  port {port}, flow {flow}: {what}")?;
            for (run, sent) in [("reference  ", reference), ("partitioned", partitioned)] {
                if let Some(sent) = sent {
                    writeln!(out, "    {run}{} {}", at(&sent.input), sent.frame)?;
                }
            }
        }
        Divergence::Count {
            what,
            reference,
            partitioned,
        } => writeln!(
            out,
            "  {what}: reference {reference}, partitioned {partitioned}"
        )?,
        Divergence::Event {
            only_in,
            event,
            input,
        } => writeln!(
            out,
            "  an event only in the {only_in} run{}: {event}",
            at(input)
        )?,
        Divergence::State {
            object,
            reference,
            partitioned,
        } => writeln!(
            out,
            "  state {object}:\n    reference   {reference}\n    partitioned {partitioned}"
        )?,
    }
    Ok(())
}
