//! The flow-setup experiment (`tandem eval flow-setup`): how fast new flows
//! are admitted, and what a SYN flood does to legitimate ones (issue #18,
//! item 5; docs/GALLIUM.md, "Flow setup at scale").
//!
//! For every NF (partitioned MazuNAT, the partitioned load balancer, CoFilter),
//! loop (open: the generated schedule as is, client side only for the
//! partitioned NFs; closed: later packets of a connection wait for held ones),
//! flood (off, or a share of the arrivals spoofed SYNs), offered rate of
//! legitimate new flows and control setting (Gallium's serial protocol;
//! Tandem's batched channel with group commit; that plus offload after the
//! handshake; direct inserts, with and without the handshake policy), one run
//! of the `syn-flood` workload. Reported per run ([`Row`]): the achieved
//! admission rate, the first-packet delay of legitimate flows (p50/p99/p99.9)
//! and of spoofed ones (p99), the share of packets the server/CPU handled, the
//! peak of packets held at once, packets dropped, control requests, and the
//! run's wall time and peak RSS.
//!
//! Everything is simulated time and deterministic given the [`Config`]
//! (the seed is in it), except the wall time and RSS, which come from the
//! caller's [`Meter`] (libraries never read the wall clock). Nothing here
//! prints: progress goes to the caller's callback, results to the caller's
//! writer or [`write_files`].
//!
//! ```no_run
//! use eval::flow_setup::{Config, Cost, Meter, Sweep};
//!
//! struct Unmetered;
//! impl Meter for Unmetered {
//!     fn start(&mut self) {}
//!     fn stop(&mut self) -> Cost {
//!         Cost::default()
//!     }
//! }
//!
//! let sweep = Sweep::new(&Config { quick: true, ..Config::default() })?;
//! let rows = sweep.run(&mut Unmetered, &mut |_progress| {})?;
//! eval::flow_setup::write_table(&mut std::io::stdout(), &rows)?;
//! # Ok::<(), anyhow::Error>(())
//! ```

mod config;
mod plot;
mod probe;
mod report;
mod result;
mod run;

pub use config::{ChannelCosts, Config, ConfigError, NfKind, QUICK_FLOWS, QUICK_RATES};
pub use plot::{PlotError, plot};
pub use report::{Written, write_files, write_table};
pub use result::{Loop, Row, Setting};

use run::Loaded;

/// What one run cost the machine, as the caller's [`Meter`] measured it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cost {
    /// Wall time of the run (ms).
    pub wall_ms: u64,
    /// Peak resident set of the process during the run (bytes), if known.
    pub peak_rss_bytes: Option<u64>,
}

/// Measures each run's [`Cost`]: [`Meter::start`] just before a run,
/// [`Meter::stop`] just after it.
pub trait Meter {
    /// A run starts (reset the peak RSS, note the time).
    fn start(&mut self);
    /// The run that started last has ended: what it cost.
    fn stop(&mut self) -> Cost;
}

/// One run of a sweep, as named in its [`Row`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Case {
    /// The NF.
    pub nf: NfKind,
    /// How the workload is fed.
    pub loop_: Loop,
    /// Whether spoofed SYNs are mixed in.
    pub flood: bool,
    /// How the switch is updated.
    pub setting: Setting,
    /// Offered legitimate new flows per second.
    pub offered_flows_per_s: f64,
}

/// Where a sweep is: reported before each run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Runs finished.
    pub done: u64,
    /// Runs in the sweep ([`Sweep::runs`]).
    pub total: u64,
    /// The run about to start.
    pub case: Case,
}

/// A checked [`Config`] with its NFs compiled, ready to run.
pub struct Sweep {
    nfs: Vec<Loaded>,
    rates: Vec<f64>,
    flows: u32,
    attack_share: f64,
    seed: u64,
    channel: pipe::Channel,
    agent_cores: u32,
}

impl Sweep {
    /// Checks `config` (the root cause of an error is then a
    /// [`ConfigError`]) and compiles its partitioned NFs.
    pub fn new(config: &Config) -> anyhow::Result<Sweep> {
        config.validate()?;
        let nfs = config
            .nfs
            .iter()
            .map(|&k| Loaded::load(k, &config.examples))
            .collect::<anyhow::Result<_>>()?;
        Ok(Sweep {
            nfs,
            rates: config.effective_rates().to_vec(),
            flows: config.effective_flows(),
            attack_share: config.attack_share,
            seed: config.seed,
            channel: config.channel.channel()?,
            agent_cores: config.agent_cores,
        })
    }

    /// How many runs [`Sweep::run`] makes.
    pub fn runs(&self) -> u64 {
        self.nfs
            .iter()
            .map(|nf| 2 * 2 * Setting::for_nf(nf.kind()).count() * self.rates.len())
            .sum::<usize>() as u64
    }

    /// Makes every run, in the order: NF, loop (open, closed), flood (off,
    /// on), rate, setting; calls `progress` before each and `meter` around
    /// each. One workload is generated per NF, flood and rate, and shared by
    /// the loops' and settings' runs.
    pub fn run(
        &self,
        meter: &mut dyn Meter,
        progress: &mut dyn FnMut(Progress),
    ) -> anyhow::Result<Vec<Row>> {
        let total = self.runs();
        let mut rows = Vec::new();
        for nf in &self.nfs {
            for loop_ in [Loop::Open, Loop::Closed] {
                for flood in [false, true] {
                    for &rate in &self.rates {
                        let share = if flood { self.attack_share } else { 0.0 };
                        let trace = nf.trace(self.flows, rate, share, self.seed)?;
                        for setting in Setting::for_nf(nf.kind()) {
                            let case = Case {
                                nf: nf.kind(),
                                loop_,
                                flood,
                                setting,
                                offered_flows_per_s: rate,
                            };
                            progress(Progress {
                                done: rows.len() as u64,
                                total,
                                case,
                            });
                            let costs = (self.channel, self.agent_cores);
                            rows.push(nf.run(&trace, case, costs, meter)?);
                        }
                    }
                }
            }
        }
        Ok(rows)
    }
}
