//! `tandem filter p4`: the switch part as P4_16 with its resource report.

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

use super::{layout_for, write_p4};

/// Options of `tandem filter p4`.
#[derive(Debug, clap::Args)]
pub struct P4Args {
    /// Where `cofilter.v1model.p4`, `cofilter.tna.p4` and `cofilter.resources.txt` go.
    #[arg(long)]
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
}

pub(crate) fn run(a: P4Args) -> anyhow::Result<ExitCode> {
    fs::create_dir_all(&a.output_dir)
        .with_context(|| format!("cannot create {}", a.output_dir.display()))?;
    write_p4(
        &a.output_dir,
        layout_for(a.sram_mib, a.fingerprint_bits, a.state_bits)?,
    )?;
    Ok(ExitCode::SUCCESS)
}
