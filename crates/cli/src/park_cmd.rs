//! `tandem park`: PayloadPark experiments (owned by the `park` work).

use std::process::ExitCode;

/// Subcommands of `tandem park`.
#[derive(Debug, clap::Subcommand)]
pub enum ParkCommand {
    /// Run the goodput experiment.
    Eval,
}

/// Runs a `tandem park` subcommand.
pub fn run(_cmd: ParkCommand) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`tandem park` is not available in this build yet")
}
