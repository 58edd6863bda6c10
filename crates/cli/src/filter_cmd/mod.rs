//! `tandem filter`: the CoFilter stateful packet filter (docs/COFILTER.md).
//!
//! * `run`: traffic (pcaps and/or generated workloads) through CoFilter and the
//!   all-on-CPU baseline side by side; forwarded packets per output port as pcap,
//!   a JSON summary, the switch part as P4.
//! * `live`: CoFilter on Linux interfaces in one process.
//! * `agent`: CoFilter's CPU agent as its own process, driving a `tandem
//!   switch` that runs CoFilter's program over P4Runtime.
//! * `capacity`: the insertion experiment for an SRAM budget.
//! * `p4`: the switch part as P4_16 for v1model and tna, with its resource report.

mod agent;
mod capacity;
mod live;
mod p4;
mod ports;
mod run;

use std::fs;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use filter::layout::Layout;

pub use agent::AgentArgs;
pub use capacity::CapacityArgs;
pub use live::LiveArgs;
pub use p4::P4Args;
pub use run::RunArgs;

/// Subcommands of `tandem filter`.
#[derive(Debug, clap::Subcommand)]
pub enum FilterCommand {
    /// Run traffic through CoFilter and the all-on-CPU baseline, packet for packet.
    Run(RunArgs),
    /// Run CoFilter on Linux interfaces (port 0 inside, port 1 outside) until
    /// Ctrl-C, with the baseline beside it; record for `filter run` replays.
    Live(LiveArgs),
    /// CoFilter's CPU agent as its own process: a P4Runtime client of a
    /// `tandem switch` running CoFilter's program, on its CPU link (root).
    Agent(AgentArgs),
    /// Measure how many connections the compressed tables hold in an SRAM budget.
    Capacity(CapacityArgs),
    /// Write the switch part as P4_16 (v1model and tna) with its resource report.
    P4(P4Args),
}

/// Runs a `tandem filter` subcommand.
pub fn run(cmd: FilterCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        FilterCommand::Run(a) => run::run(a),
        FilterCommand::Live(a) => live::run(a),
        FilterCommand::Agent(a) => agent::run(a),
        FilterCommand::Capacity(a) => capacity::run(a),
        FilterCommand::P4(a) => p4::run(a),
    }
}

pub(crate) fn layout_for(
    sram_mib: Option<u64>,
    fp_bits: u8,
    state_bits: u8,
) -> anyhow::Result<Layout> {
    Ok(match sram_mib {
        None => Layout {
            fp_bits,
            ..filter::program::tofino1_layout_for(state_bits)
        },
        Some(m) => Layout::for_budget(m << 20, fp_bits, 16, 16_384, state_bits)
            .with_context(|| format!("--sram-mib {m}"))?,
    })
}

/// The inbound policy from `--allow-inbound`, `--timeout` and `--max-conns`.
pub(crate) fn policy(
    allow_inbound: &[u16],
    timeouts: &[String],
    max_conns: u32,
) -> anyhow::Result<filter::Policy> {
    let mut t = filter::conntrack::Timeouts::default();
    for spec in timeouts {
        t.set_from(spec)
            .map_err(|e| anyhow::anyhow!("--timeout: {e}"))?;
    }
    Ok(filter::Policy {
        allow_inbound: allow_inbound.iter().copied().collect(),
        timeouts: t,
        max_conns: max_conns as usize,
    })
}

/// `--state-bits`: 0 or 2.
pub(crate) fn parse_state_bits(s: &str) -> Result<u8, String> {
    match s {
        "0" => Ok(0),
        "2" => Ok(2),
        _ => Err(format!(
            "`{s}`: 2 (the switch follows teardowns, the default) or 0 (presence only)"
        )),
    }
}

pub(crate) fn write_p4(dir: &Path, layout: Layout) -> anyhow::Result<()> {
    let (v1model, tna, report) = filter::program::emit_p4(layout)
        .context("the switch part does not fit the resource model")?;
    write_file(&dir.join("cofilter.v1model.p4"), v1model.as_bytes())?;
    write_file(&dir.join("cofilter.tna.p4"), tna.as_bytes())?;
    write_file(&dir.join("cofilter.resources.txt"), report.as_bytes())?;
    let (placement, _) = filter::program::resources(layout)
        .context("the switch part does not fit the resource model")?;
    let program = filter::program::build(&placement)?;
    crate::switch_cmd::write_p4runtime_files(dir, "cofilter", &program)
}

pub(crate) fn write_file(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

/// A bar on stderr; indicatif hides it when stderr is not a terminal.
pub(crate) fn progress_bar(total: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(total),
        indicatif::ProgressDrawTarget::stderr(),
    );
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} ({per_sec}, eta {eta})")
    {
        bar.set_style(style);
    }
    bar
}
