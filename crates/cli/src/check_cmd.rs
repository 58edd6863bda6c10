//! `tandem check`: run a program in both modes (reference interpreter and
//! Gallium's partitioned switch + server execution) on the same traffic and
//! report every difference (docs/GALLIUM.md, "Equivalence").

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use runner::check::{CheckReport, Divergence};

/// Options of `tandem check`.
///
/// Exit status 0 when the runs agree, 3 when they diverge, 1 on errors. A generated
/// workload runs in the closed loop in both modes; the partitioned run delays
/// a connection's later packets by output-commit holds, so both see the same
/// packets in causal order. Capture files replay at their recorded times.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  tandem check examples/nf/mazunat.nf
  tandem check examples/nf/lb.nf --workload datamining --flows 2000 --seed 3 --json
  tandem check examples/nf/firewall.nf --input 0=inside.pcap --input 1=outside.pcap")]
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
    /// Print the report as JSON (`divergences`, `reference`, `partitioned`).
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
    let control = args.control.options()?;
    let report = if args.traffic.inputs.is_empty() {
        let trace = args.traffic.trace(&compiled)?;
        let bar = crate::run_cmd::progress_bar(2 * trace.packet_count(), "packets");
        let mut base = 0;
        let mut last = 0;
        let r =
            runner::check::check_workload_with(program, &options, control, &trace, &mut |d, t| {
                if d < last {
                    base += t;
                }
                last = d;
                bar.set_position(base + d);
            });
        bar.finish_and_clear();
        r?
    } else {
        runner::check::check_pcaps_with(
            program,
            &options,
            control,
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
    Ok(if report.equivalent() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(3)
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
    if r.equivalent() {
        writeln!(
            out,
            "result   equivalent: same packets on every port, same drops, events and final state"
        )?;
        return Ok(());
    }
    writeln!(
        out,
        "result   {} divergences; the first:",
        r.divergences.len()
    )?;
    if let Some(d) = r.divergences.first() {
        match d {
            Divergence::Output {
                port,
                only_in,
                count,
                frame,
            } => writeln!(
                out,
                "  {count} packet(s) left port {port} only in the {only_in} run: {frame}"
            )?,
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
                count,
                event,
            } => writeln!(out, "  {count} event(s) only in the {only_in} run: {event}")?,
            Divergence::State {
                object,
                reference,
                partitioned,
            } => writeln!(
                out,
                "  state {object}:\n    reference   {reference}\n    partitioned {partitioned}"
            )?,
        }
    }
    Ok(())
}
