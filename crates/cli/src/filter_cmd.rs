//! `tandem filter`: the CoFilter stateful packet filter (owned by the `filter` work).

use std::process::ExitCode;

/// Subcommands of `tandem filter`.
#[derive(Debug, clap::Subcommand)]
pub enum FilterCommand {
    /// Run the filter over traffic.
    Run,
}

/// Runs a `tandem filter` subcommand.
pub fn run(_cmd: FilterCommand) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`tandem filter` is not available in this build yet")
}
