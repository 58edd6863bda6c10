//! `tandem run` (placeholder until its work lands).

use std::process::ExitCode;

/// Options of `tandem run`.
#[derive(Debug, clap::Args)]
pub struct RunArgs {}

/// Runs `tandem run`.
pub fn run(_args: RunArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`tandem run` is not available in this build yet")
}
