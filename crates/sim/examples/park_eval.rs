//! `tandem park` built from the CLI's own source file, so the experiment can run
//! (and the command is type-checked) from this crate alone:
//! `cargo run --release -p sim --example park_eval -- eval -o docs/payloadpark`.

use std::process::ExitCode;

use clap::Parser;

#[path = "../../cli/src/park_cmd.rs"]
mod park_cmd;

#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    cmd: park_cmd::ParkCommand,
}

fn main() -> anyhow::Result<ExitCode> {
    park_cmd::run(Cli::parse().cmd)
}
