//! `tandem trace`: generate workloads and inspect pcap files.

use std::process::ExitCode;

/// Subcommands of `tandem trace`.
#[derive(Debug, clap::Subcommand)]
pub enum TraceCommand {
    /// Print statistics of a pcap or pcapng file.
    Stats {
        /// The capture to read.
        file: std::path::PathBuf,
    },
}

/// Runs a `tandem trace` subcommand.
pub fn run(cmd: TraceCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        TraceCommand::Stats { file } => {
            anyhow::bail!("cannot read {}: not built yet", file.display())
        }
    }
}
