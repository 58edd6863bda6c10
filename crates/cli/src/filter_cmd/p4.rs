//! `tandem filter p4`: the switch part as P4_16 with its resource report.

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use filter::layout::Cells;

use super::{check_cells, layout_for, write_p4};

/// Options of `tandem filter p4`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "With --cells tables (and --state-bits 0) the program holds the cells as
table entries, which any P4Runtime switch can write (BMv2's simple_switch_grpc
cannot write or read registers), and DIR also gets p4c-load.sh: it compiles
cofilter.v1model.p4 with p4c for BMv2 and prints how to run it under
simple_switch_grpc with `tandem filter agent --cells tables`:
  tandem filter p4 --cells tables --state-bits 0 -o cof/
  sh cof/p4c-load.sh"
)]
pub struct P4Args {
    /// Where `cofilter.v1model.p4`, `cofilter.tna.p4`, `cofilter.resources.txt`,
    /// the P4Runtime files (`cofilter.p4info.txtpb`, `.bin`,
    /// `cofilter.pipe.json`) and, with table cells, `p4c-load.sh` go.
    #[arg(long, short = 'o', value_name = "DIR")]
    output_dir: PathBuf,
    /// SRAM for the tables in MiB (default: the layout that fits one Tofino-1 pipe).
    #[arg(long)]
    sram_mib: Option<u64>,
    /// Fingerprint bits: 12 (split 13-bit cells), 7 or 15 (8- or 16-bit cells).
    #[arg(long, default_value_t = 12)]
    fingerprint_bits: u8,
    /// Connection-state bits per cell: 2 (the switch follows an offloaded
    /// connection's teardown: FINs forwarded in the data plane, the ACK in
    /// LAST_ACK to the CPU) or 0 (presence only: every FIN to the CPU).
    #[arg(long, default_value_t = 2, value_parser = super::parse_state_bits)]
    state_bits: u8,
    /// Where the switch holds the cells: `registers` (register arrays, what
    /// a switch ASIC's control plane writes) or `tables` (one exact-match
    /// entry per occupied cell, for a P4Runtime switch that cannot reach
    /// registers, such as BMv2's simple_switch_grpc; needs --state-bits 0).
    #[arg(long, default_value = "registers", value_parser = super::parse_cells)]
    cells: Cells,
}

pub(crate) fn run(a: P4Args) -> anyhow::Result<ExitCode> {
    check_cells(a.cells, a.state_bits)?;
    fs::create_dir_all(&a.output_dir)
        .with_context(|| format!("cannot create {}", a.output_dir.display()))?;
    let mut agent_options = format!(
        "--cells tables --state-bits {} --fingerprint-bits {}",
        a.state_bits, a.fingerprint_bits
    );
    if let Some(m) = a.sram_mib {
        agent_options.push_str(&format!(" --sram-mib {m}"));
    }
    write_p4(
        &a.output_dir,
        layout_for(a.sram_mib, a.fingerprint_bits, a.state_bits)?,
        a.cells,
        &agent_options,
    )?;
    Ok(ExitCode::SUCCESS)
}
