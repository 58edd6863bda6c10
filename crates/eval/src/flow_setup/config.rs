//! What a flow-setup sweep is asked to do: plain data, checked by
//! [`Config::validate`] before anything runs.

use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// Offered rates of the quick sweep (new legitimate flows per second).
pub const QUICK_RATES: [f64; 2] = [1_000.0, 100_000.0];

/// Legitimate flows per run of the quick sweep.
pub const QUICK_FLOWS: u32 = 100;

/// The NFs a sweep can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NfKind {
    /// The partitioned MazuNAT (`mazunat.nf` in the examples directory).
    #[serde(rename = "mazunat")]
    MazuNat,
    /// The partitioned load balancer (`lb.nf` in the examples directory).
    Lb,
    /// CoFilter: the stateful filter on the switch with its CPU agent.
    CoFilter,
}

impl NfKind {
    /// Every NF, in the sweep's default order.
    pub const ALL: [NfKind; 3] = [NfKind::MazuNat, NfKind::Lb, NfKind::CoFilter];

    /// The NF's name in options, results and file names.
    pub fn name(self) -> &'static str {
        match self {
            NfKind::MazuNat => "mazunat",
            NfKind::Lb => "lb",
            NfKind::CoFilter => "cofilter",
        }
    }
}

impl std::fmt::Display for NfKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.name())
    }
}

impl std::str::FromStr for NfKind {
    type Err = ConfigError;

    fn from_str(s: &str) -> Result<NfKind, ConfigError> {
        NfKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| ConfigError::UnknownNf(s.to_string()))
    }
}

/// Costs of Tandem's batched control channel (and of CoFilter's batched
/// agent channel); Gallium's serial setting ignores them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChannelCosts {
    /// Fixed cost of a round of requests, µs (docs/SWITCH.md: 128 assumed
    /// for a Tofino; measured over P4Runtime, BMv2 `simple_switch_grpc` 210
    /// and `tandem switch` 170: `pipe::Channel::bmv2()`, `tandem_switch()`).
    pub request_us: u64,
    /// Cost per entry, µs (2 assumed for a Tofino; measured, BMv2 11 and
    /// `tandem switch` 2.5).
    pub entry_us: f64,
    /// Entries per request (at least 1).
    pub max_batch: u32,
    /// Requests in flight at once (at least 1).
    pub window: u32,
}

impl Default for ChannelCosts {
    fn default() -> ChannelCosts {
        ChannelCosts {
            request_us: 128,
            entry_us: 2.0,
            max_batch: 1024,
            window: 4,
        }
    }
}

impl ChannelCosts {
    /// The batched channel these costs describe.
    pub fn channel(&self) -> Result<pipe::Channel, ConfigError> {
        if !(self.entry_us.is_finite() && self.entry_us >= 0.0) {
            return Err(ConfigError::EntryUs(self.entry_us));
        }
        if self.max_batch == 0 {
            return Err(ConfigError::MaxBatch);
        }
        if self.window == 0 {
            return Err(ConfigError::Window);
        }
        Ok(pipe::Channel::Batched {
            request: Duration::from_micros(self.request_us),
            per_entry: Duration::from_secs_f64(self.entry_us / 1e6),
            max_batch: self.max_batch,
            window: self.window,
        })
    }
}

/// A flow-setup sweep: every NF × loop (open, closed) × flood (off, on) ×
/// offered rate × control setting that applies to the NF.
///
/// The defaults are those of `tandem eval flow-setup`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Offered rates of legitimate new flows per second (each positive).
    pub rates: Vec<f64>,
    /// Legitimate flows per run (at least 1).
    pub flows: u32,
    /// The NFs, in the order their runs are made.
    pub nfs: Vec<NfKind>,
    /// Share of the arrivals that are spoofed SYNs in the flood runs (at
    /// least 0, below 1).
    pub attack_share: f64,
    /// Generator seed.
    pub seed: u64,
    /// Where the example NF programs (`mazunat.nf`, `lb.nf`) are.
    pub examples: PathBuf,
    /// The small sweep of the tests: [`QUICK_RATES`] and [`QUICK_FLOWS`] in
    /// place of `rates` and `flows`.
    pub quick: bool,
    /// The batched channel's costs.
    pub channel: ChannelCosts,
    /// CPU cores of CoFilter's agent (its SYN meter scales with them; 1 to
    /// 1024).
    pub agent_cores: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            rates: vec![100.0, 1_000.0, 10_000.0, 100_000.0, 1_000_000.0],
            flows: 2_000,
            nfs: NfKind::ALL.to_vec(),
            attack_share: 0.9,
            seed: 1,
            examples: PathBuf::from("examples/nf"),
            quick: false,
            channel: ChannelCosts::default(),
            agent_cores: 1,
        }
    }
}

impl Config {
    /// The offered rates the sweep runs (`quick` replaces `rates`).
    pub fn effective_rates(&self) -> &[f64] {
        if self.quick {
            &QUICK_RATES
        } else {
            &self.rates
        }
    }

    /// Legitimate flows per run (`quick` replaces `flows`).
    pub fn effective_flows(&self) -> u32 {
        if self.quick { QUICK_FLOWS } else { self.flows }
    }

    /// Checks the numbers, in the order: rates, flows, attack share, agent
    /// cores, channel.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if let Some(&r) = self
            .effective_rates()
            .iter()
            .find(|r| !(r.is_finite() && **r > 0.0))
        {
            return Err(ConfigError::Rate(r));
        }
        if self.effective_flows() == 0 {
            return Err(ConfigError::Flows);
        }
        if !(0.0..1.0).contains(&self.attack_share) {
            return Err(ConfigError::AttackShare(self.attack_share));
        }
        if !(1..=1024).contains(&self.agent_cores) {
            return Err(ConfigError::AgentCores(self.agent_cores));
        }
        self.channel.channel().map(|_| ())
    }
}

/// A [`Config`] that cannot be run.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ConfigError {
    /// An offered rate that is not a positive number.
    #[error("rates: {0} is not a positive number of flows per second")]
    Rate(f64),
    /// No flows per run.
    #[error("flows must be at least 1")]
    Flows,
    /// An attack share outside [0, 1).
    #[error("attack_share must be at least 0 and below 1, not {0}")]
    AttackShare(f64),
    /// Agent cores outside 1..=1024.
    #[error("agent_cores must be 1 to 1024, not {0}")]
    AgentCores(u32),
    /// A cost per entry that is not a non-negative number.
    #[error("channel.entry_us must be a non-negative number of µs, not {0}")]
    EntryUs(f64),
    /// No entries per request.
    #[error("channel.max_batch must be at least 1")]
    MaxBatch,
    /// No requests in flight.
    #[error("channel.window must be at least 1")]
    Window,
    /// An NF name that is none of [`NfKind::ALL`].
    #[error("unknown NF `{0}` (mazunat, lb, cofilter)")]
    UnknownNf(String),
}
