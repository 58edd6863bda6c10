//! `tandem plan`: the CoMb network-wide controller (owned by the `plan` work).

use std::process::ExitCode;

/// Options of `tandem plan`.
#[derive(Debug, clap::Args)]
pub struct PlanArgs {}

/// Runs `tandem plan`.
pub fn run(_args: PlanArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`tandem plan` is not available in this build yet")
}
