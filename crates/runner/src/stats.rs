//! The counters an engine adds to a run's summary: PayloadPark's
//! ([`crate::ParkEngine`]) and the partitioned execution's
//! ([`crate::PartitionedEngine`], with BMv2's when it is the data plane). The
//! [`crate::Engine`] trait hands them out, the summary prints them.

use park::Counters;
use serde::Serialize;
use server::RuntimeStats;

use trace::delay::DelayQuantiles as HeldDelay;

/// What PayloadPark did in a run: the switch's counters, and the packets its
/// parser does not take (not IPv4 TCP/UDP, IP options, TCP options other than
/// the timestamp block, e.g. SYNs) which went to the NF as they were.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ParkStats {
    /// The switch's counters (splits, merges, bypasses, evictions, drops).
    #[serde(flatten)]
    pub counters: Counters,
    /// Packets the Split parser does not take; they bypassed the switch.
    pub not_parsed: u64,
}

/// Counters of a partitioned run (in the run summary as `partition`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct PartitionStats {
    /// Packets handled entirely on the switch.
    pub switch_only_packets: u64,
    /// Packets that visited the server.
    pub server_packets: u64,
    /// Control-plane operations (atomic updates: 3N + 2 per batch of N).
    pub control_plane_ops: u64,
    /// Packets held by output commit.
    pub held_packets: u64,
    /// Held packets that a later packet of the same flow (same 5-tuple and
    /// direction) overtook: the reordering output commit causes.
    pub reordered_packets: u64,
    /// How long held packets waited.
    pub held_delay: HeldDelay,
    /// Packets the switch's miss-punt meter dropped (miss punts beyond
    /// `compiler::Options::miss_punt_meter`; counted in
    /// `switch_only_packets` too).
    pub miss_punt_drops: u64,
    /// Details from the server runtime.
    pub server: RuntimeStats,
    /// With BMv2 as the data plane (`--switch bmv2`): its counters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bmv2: Option<Bmv2Stats>,
    /// With the XDP target as the data plane (`--switch xdp`): its counters
    /// (`out` counts the packets it emitted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xdp: Option<Bmv2Stats>,
}

/// Counters of another target (BMv2, XDP) as the data plane of a partitioned run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Bmv2Stats {
    /// Packets BMv2 processed (inputs and frames the server sent back).
    pub packets: u64,
    /// Packets it sent out (to a port or to the server).
    pub out: u64,
    /// Runtime-interface writes that mirrored the model's control plane.
    pub control_writes: u64,
    /// Packets whose verdict or bytes differed from the switch model's.
    pub divergences: u64,
    /// The first of them, described.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_divergence: Option<String>,
}
