//! What a sweep reports: one [`Row`] per run.

use serde::{Deserialize, Serialize};

use super::config::NfKind;

/// How the switch is updated in one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Setting {
    /// Gallium: every operation its own request, one at a time, one update
    /// per packet, every new flow installed at its first packet.
    Serial,
    /// Tandem: one batched request per phase, group commit.
    Batched,
    /// Batched, and new flows installed only once their handshake completed.
    #[serde(rename = "batched+handshake")]
    BatchedHandshake,
    /// Batched with direct inserts: new keys written straight into the main
    /// tables (one entry per key, no flips).
    #[serde(rename = "batched+direct")]
    Direct,
    /// Direct inserts and the handshake policy.
    #[serde(rename = "batched+direct+handshake")]
    DirectHandshake,
}

impl Setting {
    /// Every setting, in the order of a sweep's runs.
    pub const ALL: [Setting; 5] = [
        Setting::Serial,
        Setting::Batched,
        Setting::BatchedHandshake,
        Setting::Direct,
        Setting::DirectHandshake,
    ];

    /// The setting's name in results (as serialised).
    pub fn name(self) -> &'static str {
        match self {
            Setting::Serial => "serial",
            Setting::Batched => "batched",
            Setting::BatchedHandshake => "batched+handshake",
            Setting::Direct => "batched+direct",
            Setting::DirectHandshake => "batched+direct+handshake",
        }
    }

    /// Whether new flows are installed only after their handshake.
    pub fn handshake(self) -> bool {
        matches!(self, Setting::BatchedHandshake | Setting::DirectHandshake)
    }

    /// Whether new keys go straight into the main tables.
    pub fn direct(self) -> bool {
        matches!(self, Setting::Direct | Setting::DirectHandshake)
    }

    /// Whether the setting means anything for `nf` (CoFilter's agent has no
    /// write-back tables, so no direct inserts).
    pub fn applies_to(self, nf: NfKind) -> bool {
        !(self.direct() && nf == NfKind::CoFilter)
    }

    /// The settings that apply to `nf`, in order.
    pub fn for_nf(nf: NfKind) -> impl Iterator<Item = Setting> {
        Setting::ALL.into_iter().filter(move |s| s.applies_to(nf))
    }

    /// The partitioned engine's control options for this setting.
    pub(crate) fn control(self, channel: pipe::Channel) -> runner::ControlOptions {
        match self {
            Setting::Serial => runner::ControlOptions::default(),
            _ => runner::ControlOptions {
                channel,
                group_commit: true,
                limits: server::Limits {
                    handshake: self.handshake(),
                    ..server::Limits::default()
                },
                direct_inserts: self.direct(),
                ..runner::ControlOptions::default()
            },
        }
    }
}

/// How the workload is fed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Loop {
    /// The generated schedule as is (client side only for the partitioned
    /// NFs: their replies cannot be addressed without a loop).
    Open,
    /// Later packets of a connection wait for held ones.
    Closed,
}

impl Loop {
    /// The loop's name in results (as serialised).
    pub fn name(self) -> &'static str {
        match self {
            Loop::Open => "open",
            Loop::Closed => "closed",
        }
    }
}

/// One run of the sweep.
///
/// Every field but `peak_rss_bytes` and `wall_ms` (the caller's
/// [`Meter`](super::Meter)) is a function of the [`Config`](super::Config).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The NF.
    pub nf: NfKind,
    /// How the workload was fed.
    #[serde(rename = "loop")]
    pub loop_: Loop,
    /// Whether spoofed SYNs were mixed in.
    pub flood: bool,
    /// How the switch was updated.
    pub setting: Setting,
    /// Offered legitimate new flows per second.
    pub offered_flows_per_s: f64,
    /// Legitimate connections in the workload.
    pub legit_flows: u64,
    /// Spoofed connections in the workload.
    pub spoofed_flows: u64,
    /// Packets fed to the NF.
    pub packets: u64,
    /// Legitimate flows whose first packet left, per second from the first
    /// legitimate arrival to the last such departure.
    pub admitted_flows_per_s: f64,
    /// Legitimate first packets that never left (dropped).
    pub first_packets_dropped: u64,
    /// First-packet delay of legitimate flows, median (ns).
    pub first_p50_ns: u64,
    /// First-packet delay of legitimate flows, 99th percentile (ns).
    pub first_p99_ns: u64,
    /// First-packet delay of legitimate flows, 99.9th percentile (ns).
    pub first_p999_ns: u64,
    /// First-packet delay of spoofed flows, 99th percentile (ns).
    pub spoofed_first_p99_ns: u64,
    /// Share of packets handled by the server (CPU).
    pub server_share: f64,
    /// Most packets held at once.
    pub peak_held: u64,
    /// Packets dropped because too many were held.
    pub held_overflow_drops: u64,
    /// Requests on the control channel.
    pub control_requests: u64,
    /// Packets the switch's meters dropped (the partitioned NFs' miss-punt
    /// meter; CoFilter's miss and SYN meters).
    pub meter_drops: u64,
    /// Of those, packets of legitimate connections.
    pub legit_meter_drops: u64,
    /// Peak resident set of the process during the run (bytes; `None` where
    /// the meter cannot tell).
    pub peak_rss_bytes: Option<u64>,
    /// Wall time of the run (ms).
    pub wall_ms: u64,
}
