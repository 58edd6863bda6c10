//! `tandem compile` (placeholder until its work lands).

use std::process::ExitCode;

/// Options of `tandem compile`.
#[derive(Debug, clap::Args)]
pub struct CompileArgs {}

/// Runs `tandem compile`.
pub fn run(_args: CompileArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`tandem compile` is not available in this build yet")
}
