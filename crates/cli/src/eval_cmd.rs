//! `tandem eval flow-setup`: the options of the flow-setup sweep, its progress
//! bar and its table. The experiment itself (runs, measurements, JSON and SVG)
//! is [`eval::flow_setup`].

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use eval::flow_setup::{self, ChannelCosts, Config, ConfigError, Cost, NfKind, Sweep};

/// `tandem eval` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum EvalCommand {
    /// Sweep the offered new-flow rate with and without a SYN flood.
    FlowSetup(FlowSetupArgs),
    /// Gallium's evaluation live with real TCP: Fig. 7, Table 2, Fig. 8 and 9.
    Gallium(Box<crate::eval_gallium_cmd::GalliumArgs>),
}

/// Options of `tandem eval flow-setup`.
#[derive(Debug, clap::Args)]
pub struct FlowSetupArgs {
    /// Offered rates of legitimate new flows per second.
    #[arg(long, value_delimiter = ',', default_values_t = [100.0, 1_000.0, 10_000.0, 100_000.0, 1_000_000.0])]
    rates: Vec<f64>,
    /// Legitimate flows per run.
    #[arg(long, default_value_t = 2_000)]
    flows: u32,
    /// NFs: mazunat, lb, cofilter.
    #[arg(long, value_delimiter = ',', default_values_t = ["mazunat".to_string(), "lb".to_string(), "cofilter".to_string()])]
    nfs: Vec<String>,
    /// Share of the arrivals that are spoofed SYNs in the flood runs.
    #[arg(long, default_value_t = 0.9)]
    attack_share: f64,
    /// Generator seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where the example NF programs are.
    #[arg(long, default_value = "examples/nf")]
    examples: PathBuf,
    /// Where flow-setup.json and flow-setup.svg go.
    #[arg(long, default_value = "flow-setup")]
    output_dir: PathBuf,
    /// A small sweep for tests: rates 1,000 and 100,000, 100 flows.
    #[arg(long)]
    quick: bool,
    /// Whose costs the sweep's batched settings take (its serial setting is
    /// always Gallium's protocol at 130 µs an operation, Tofino's figure).
    #[arg(long, value_enum, default_value_t = CostsOf::Batched)]
    channel_costs: CostsOf,
    /// Batched channel (and CoFilter's batched agent channel): fixed cost of
    /// a round of requests, in µs [default: --channel-costs': 128 for batched,
    /// 210 for bmv2, 170 for tandem-switch].
    #[arg(long, value_name = "US")]
    request_us: Option<u64>,
    /// Batched channel: cost per entry, in µs [default: --channel-costs': 2
    /// for batched (assumed), 11 for bmv2, 2.5 for tandem-switch
    /// (measured)].
    #[arg(long, value_name = "US")]
    entry_us: Option<f64>,
    /// Batched channel: entries per request [default: 1,024].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_batch: Option<u32>,
    /// Batched channel: requests in flight at once [default: --channel-costs':
    /// 4 for batched, 1 for bmv2 and tandem-switch].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    window: Option<u32>,
    /// CoFilter: CPU cores of its agent (its SYN meter scales with them).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    agent_cores: u32,
}

/// Whose costs the batched settings of `tandem eval flow-setup` take
/// (`--channel-costs`; docs/SWITCH.md, "Control channel: batching and group
/// commit").
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum CostsOf {
    /// A Tofino's (`pipe::Channel::batched()`): Gallium Table 3's 130 µs for
    /// one entry, split as 128 µs a round + 2 µs an entry (assumed), 1,024
    /// entries a request, 4 in flight.
    Batched,
    /// BMv2 simple_switch_grpc's as measured over P4Runtime
    /// (`pipe::Channel::bmv2()`): 210 µs a Write + 11 µs an entry, one in
    /// flight.
    Bmv2,
    /// `tandem switch`'s as measured over P4Runtime on the loopback
    /// (`pipe::Channel::tandem_switch()`): 170 µs a Write + 2.5 µs an entry,
    /// one in flight.
    TandemSwitch,
}

impl CostsOf {
    /// The channel whose costs these are.
    fn channel(self) -> pipe::Channel {
        match self {
            CostsOf::Batched => crate::control::ChannelModel::Batched,
            CostsOf::Bmv2 => crate::control::ChannelModel::Bmv2,
            CostsOf::TandemSwitch => crate::control::ChannelModel::TandemSwitch,
        }
        .channel()
    }
}

impl FlowSetupArgs {
    /// The batched costs: `--channel-costs`' with the flags given in place
    /// of its own.
    fn costs(&self) -> ChannelCosts {
        let pipe::Channel::Batched {
            request,
            per_entry,
            max_batch,
            window,
        } = self.channel_costs.channel()
        else {
            unreachable!("every --channel-costs is a batched channel")
        };
        ChannelCosts {
            request_us: self
                .request_us
                .unwrap_or(u64::try_from(request.as_micros()).unwrap_or(u64::MAX)),
            entry_us: self
                .entry_us
                .unwrap_or(per_entry.as_nanos() as f64 / 1000.0),
            max_batch: self.max_batch.unwrap_or(max_batch),
            window: self.window.unwrap_or(window),
        }
    }

    /// The sweep the flags describe, its numbers checked (before the NF
    /// names, as ever) and its errors named by flag.
    fn config(&self) -> anyhow::Result<Config> {
        let config = Config {
            rates: self.rates.clone(),
            flows: self.flows,
            nfs: Vec::new(),
            attack_share: self.attack_share,
            seed: self.seed,
            examples: self.examples.clone(),
            quick: self.quick,
            channel: self.costs(),
            agent_cores: self.agent_cores,
        };
        config.validate().map_err(flag_error)?;
        let nfs = self
            .nfs
            .iter()
            .map(|n| n.parse::<NfKind>())
            .collect::<Result<_, _>>()
            .map_err(flag_error)?;
        Ok(Config { nfs, ..config })
    }
}

/// `e` in terms of the command's flags.
fn flag_error(e: ConfigError) -> anyhow::Error {
    match e {
        ConfigError::Rate(r) => {
            anyhow::anyhow!("--rates: {r} is not a positive number of flows per second")
        }
        ConfigError::Flows => anyhow::anyhow!("--flows must be at least 1"),
        ConfigError::AttackShare(s) => {
            anyhow::anyhow!("--attack-share must be at least 0 and below 1, not {s}")
        }
        ConfigError::EntryUs(us) => {
            anyhow::anyhow!("--entry-us must be a non-negative number of µs, not {us}")
        }
        ConfigError::UnknownNf(_) => anyhow::anyhow!("--nfs: {e}"),
        // clap's ranges keep these out.
        ConfigError::AgentCores(_) | ConfigError::MaxBatch | ConfigError::Window => e.into(),
    }
}

/// Each run's wall time and the process's peak resident set during it (Linux:
/// writing 5 to /proc/self/clear_refs resets VmHWM; elsewhere no RSS).
struct ProcessMeter {
    started: Instant,
}

impl flow_setup::Meter for ProcessMeter {
    fn start(&mut self) {
        let _ = std::fs::write("/proc/self/clear_refs", "5");
        self.started = Instant::now();
    }

    fn stop(&mut self) -> Cost {
        Cost {
            wall_ms: self.started.elapsed().as_millis() as u64,
            peak_rss_bytes: peak_rss(),
        }
    }
}

/// The process's peak resident set since the last reset, bytes.
fn peak_rss() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

pub(crate) fn run(cmd: EvalCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        EvalCommand::FlowSetup(a) => flow_setup(a),
        EvalCommand::Gallium(a) => crate::eval_gallium_cmd::run(*a),
    }
}

fn flow_setup(a: FlowSetupArgs) -> anyhow::Result<ExitCode> {
    let sweep = Sweep::new(&a.config()?)?;
    std::fs::create_dir_all(&a.output_dir)
        .with_context(|| format!("cannot create {}", a.output_dir.display()))?;
    let bar = crate::run_cmd::progress_bar(sweep.runs(), "runs");
    let mut meter = ProcessMeter {
        started: Instant::now(),
    };
    let rows = sweep.run(&mut meter, &mut |p| {
        bar.set_position(p.done);
        bar.set_message(format!("{} {}", p.case.nf, p.case.offered_flows_per_s));
    })?;
    bar.finish_and_clear();
    let written = flow_setup::write_files(&a.output_dir, &rows)?;
    let mut out = std::io::stdout().lock();
    flow_setup::write_table(&mut out, &rows)?;
    writeln!(
        out,
        "wrote {} and {}",
        written.json.display(),
        written.svg.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Cmd {
        #[command(flatten)]
        args: FlowSetupArgs,
    }

    fn costs(args: &[&str]) -> ChannelCosts {
        Cmd::try_parse_from(std::iter::once("flow-setup").chain(args.iter().copied()))
            .expect("parses")
            .args
            .config()
            .expect("valid sweep")
            .channel
    }

    #[test]
    fn channel_costs_take_the_presets_figures_and_the_flags_over_them() {
        assert_eq!(costs(&[]), ChannelCosts::default());
        for (name, channel) in [
            ("batched", pipe::Channel::batched()),
            ("bmv2", pipe::Channel::bmv2()),
            ("tandem-switch", pipe::Channel::tandem_switch()),
        ] {
            let c = costs(&["--channel-costs", name]);
            assert_eq!(c.channel(), Ok(channel), "--channel-costs {name}");
        }
        assert_eq!(
            costs(&["--channel-costs", "bmv2"]),
            ChannelCosts {
                request_us: 210,
                entry_us: 11.0,
                max_batch: 1024,
                window: 1,
            }
        );
        let c = costs(&["--channel-costs", "tandem-switch", "--window", "4"]);
        assert_eq!((c.request_us, c.entry_us, c.window), (170, 2.5, 4));
        assert!(Cmd::try_parse_from(["flow-setup", "--channel-costs", "serial"]).is_err());
    }
}
