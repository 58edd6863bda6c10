//! `tandem park`: PayloadPark (docs/PAYLOADPARK.md).
//!
//! * `eval -o DIR`: the goodput experiment — peak header goodput with and without
//!   parking, premature evictions against reserved memory and expiry, explicit
//!   drops — as Markdown tables, JSON and SVG figures.
//! * `p4 -o DIR`: the Split/Merge program as P4_16 (v1model and tna) with its
//!   resource report.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use park::ParkConfig;
use sim::goodput::{EvalOptions, NfKind, evaluate};

/// Subcommands of `tandem park`.
#[derive(Debug, clap::Subcommand)]
pub enum ParkCommand {
    /// Run the goodput experiment and write tables and plots.
    Eval(EvalArgs),
    /// Write the Split/Merge switch program as P4_16 with its resource report.
    P4(P4Args),
}

/// Options of `tandem park eval`.
#[derive(Debug, clap::Args)]
pub struct EvalArgs {
    /// Output directory.
    #[arg(short = 'o', long = "output-dir")]
    output_dir: PathBuf,
    /// Packets per simulated run.
    #[arg(long, default_value_t = 20_000)]
    packets: usize,
    /// Switch–NF link rates in Gbit/s.
    #[arg(long, value_delimiter = ',', default_values_t = [10u64, 40])]
    links: Vec<u64>,
    /// Fixed packet sizes in bytes (the datacenter mix is always added).
    #[arg(long, value_delimiter = ',', default_values_t = [256u16, 384, 512, 768, 1024, 1280, 1492])]
    sizes: Vec<u16>,
    /// NF chains: firewall, nat, firewall-nat.
    #[arg(long, value_delimiter = ',', default_values_t = ["firewall".to_string(), "nat".to_string(), "firewall-nat".to_string()])]
    nfs: Vec<String>,
    /// Slot counts of the premature-eviction sweep.
    #[arg(long, value_delimiter = ',', default_values_t = [64u32, 128, 256, 512, 1024, 2048, 4096, 8192])]
    sweep_slots: Vec<u32>,
    /// Expiry thresholds of the premature-eviction sweep.
    #[arg(long, value_delimiter = ',', default_values_t = [1u32, 2, 4])]
    sweep_expiry: Vec<u32>,
    /// Expiry thresholds of the explicit-drop comparison.
    #[arg(long, value_delimiter = ',', default_values_t = [1u32, 2, 4, 10])]
    drop_expiry: Vec<u32>,
}

/// Options of `tandem park p4`.
#[derive(Debug, clap::Args)]
pub struct P4Args {
    /// Output directory.
    #[arg(short = 'o', long = "output-dir")]
    output_dir: PathBuf,
    /// Payload bytes parked per packet (multiple of 8).
    #[arg(long, default_value_t = 160)]
    park_bytes: u16,
    /// Slots in the ring.
    #[arg(long, default_value_t = 8192)]
    park_slots: u32,
    /// Expiry threshold in ring laps.
    #[arg(long, default_value_t = 1)]
    park_expiry: u32,
}

/// Runs a `tandem park` subcommand.
pub fn run(cmd: ParkCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        ParkCommand::Eval(a) => eval(&a),
        ParkCommand::P4(a) => p4(&a),
    }
}

fn write(dir: &Path, name: &str, text: &str) -> anyhow::Result<()> {
    let path = dir.join(name);
    fs::write(&path, text).with_context(|| format!("writing {}", path.display()))
}

fn eval(a: &EvalArgs) -> anyhow::Result<ExitCode> {
    let mut nfs = Vec::new();
    for n in &a.nfs {
        match NfKind::parse(n) {
            Some(k) => nfs.push(k),
            None => bail!("--nfs: unknown NF `{n}` (expected firewall, nat or firewall-nat)"),
        }
    }
    if a.packets < 100 {
        bail!(
            "--packets {}: at least 100 packets per run are needed to measure 0.1 % loss",
            a.packets
        );
    }
    let opts = EvalOptions {
        packets: a.packets,
        links_gbps: a.links.clone(),
        sizes: a.sizes.clone(),
        sweep_slots: a.sweep_slots.clone(),
        sweep_expiry: a.sweep_expiry.clone(),
        nfs,
        drop_expiry: a.drop_expiry.clone(),
    };
    fs::create_dir_all(&a.output_dir)
        .with_context(|| format!("creating {}", a.output_dir.display()))?;
    let ev = evaluate(&opts).context("running the goodput experiment")?;
    let dir = &a.output_dir;
    write(dir, "goodput.md", &ev.goodput_markdown())?;
    write(dir, "evictions.md", &ev.evictions_markdown())?;
    write(dir, "eval.json", &serde_json::to_string_pretty(&ev)?)?;
    for &l in &a.links {
        write(dir, &format!("goodput_{l}g.svg"), &ev.goodput_svg(l)?)?;
    }
    write(dir, "evictions.svg", &ev.evictions_svg()?)?;
    print!("{}", ev.goodput_markdown());
    println!();
    print!("{}", ev.evictions_markdown());
    println!("\nwrote {}", dir.display());
    Ok(ExitCode::SUCCESS)
}

fn p4(a: &P4Args) -> anyhow::Result<ExitCode> {
    let mut cfg = ParkConfig::single(1, 2, 3, a.park_slots);
    cfg.park_bytes = a.park_bytes;
    cfg.expiry = a.park_expiry;
    cfg.validate().context("PayloadPark configuration")?;
    let prog = park::program::build(&cfg);
    let report = pipe::resources::check(&prog, &pipe::resources::Profile::tofino1())
        .context("the PayloadPark program does not fit Tofino-1")?;
    fs::create_dir_all(&a.output_dir)
        .with_context(|| format!("creating {}", a.output_dir.display()))?;
    for (arch, name) in [(p4gen::Arch::V1model, "v1model"), (p4gen::Arch::Tna, "tna")] {
        let text = p4gen::emit(&prog, arch)?;
        write(&a.output_dir, &format!("payload_park.{name}.p4"), &text)?;
    }
    write(&a.output_dir, "resources.txt", &report.to_string())?;
    crate::switch_cmd::write_p4runtime_files(&a.output_dir, "payload_park", &prog)?;
    print!("{report}");
    Ok(ExitCode::SUCCESS)
}
