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
use filter::layout::{Cells, Layout};

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

/// `--cells`: registers or tables.
pub(crate) fn parse_cells(s: &str) -> Result<Cells, String> {
    match s {
        "registers" => Ok(Cells::Registers),
        "tables" => Ok(Cells::Tables),
        _ => Err(format!(
            "`{s}`: registers (register arrays, the default) or tables (one table entry per cell, for a P4Runtime switch that cannot reach registers, such as BMv2; needs --state-bits 0)"
        )),
    }
}

/// Refuses table cells with state bits: the data plane cannot write a
/// table, so it cannot keep a connection's state bits there.
pub(crate) fn check_cells(cells: Cells, state_bits: u8) -> anyhow::Result<()> {
    anyhow::ensure!(
        cells == Cells::Registers || state_bits == 0,
        "--cells tables needs --state-bits 0: the data plane cannot write a table entry, so cells in tables hold no connection state (every FIN goes to the agent)"
    );
    Ok(())
}

/// The switch part as P4 (v1model, tna), its resource report and P4Runtime
/// files in `dir`; with table cells also `p4c-load.sh`, which compiles it for
/// BMv2 and says how to run it with `tandem filter agent` (`agent_options`:
/// the layout options the agent must be given).
pub(crate) fn write_p4(
    dir: &Path,
    layout: Layout,
    cells: Cells,
    agent_options: &str,
) -> anyhow::Result<()> {
    let (v1model, tna, report) = filter::program::emit_p4_with(layout, cells)
        .context("the switch part does not fit the resource model")?;
    write_file(&dir.join("cofilter.v1model.p4"), v1model.as_bytes())?;
    write_file(&dir.join("cofilter.tna.p4"), tna.as_bytes())?;
    write_file(&dir.join("cofilter.resources.txt"), report.as_bytes())?;
    let placement = match cells {
        Cells::Registers => {
            filter::program::resources(layout)
                .context("the switch part does not fit the resource model")?
                .0
        }
        Cells::Tables => filter::program::Placement::with_cells(layout, cells, 80),
    };
    let program = filter::program::build(&placement)?;
    crate::switch_cmd::write_p4runtime_files(dir, "cofilter", &program)?;
    if cells == Cells::Tables {
        let then = [
            "simple_switch_grpc --device-id 1 -i 0@IF_IN -i 1@IF_OUT -i 192@IF_CPU --no-p4 -- --grpc-server-addr 127.0.0.1:9559".to_string(),
            format!(
                "tandem filter agent --switch 127.0.0.1:9559 --link IF_LINK {agent_options} --p4info $PWD/p4c.p4info.txtpb --device-config $PWD/switch.json"
            ),
        ];
        write_file(
            &dir.join("p4c-load.sh"),
            crate::compile_cmd::load_script(
                "tandem filter p4 --cells tables",
                "cofilter.v1model.p4",
                "switch.json",
                "tandem filter agent",
                &then,
                "port 0 is inside, port 1 outside, port 192 the CPU port (what the switch sends its agent leaves there); IF_LINK is the other end of IF_CPU",
            )
            .as_bytes(),
        )?;
    }
    Ok(())
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
