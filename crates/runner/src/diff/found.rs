//! What a comparison finds and reports: the two runs, the mismatches, the
//! full window, the counters.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Flow;

/// One of the two runs compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Side {
    /// The first run (`tandem check`: the reference interpreter).
    A,
    /// The second run (`tandem check`: the partitioned execution).
    B,
}

impl Side {
    pub(super) fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }

    pub(super) fn of(index: usize) -> Side {
        if index == 0 { Side::A } else { Side::B }
    }
}

/// A packet as one run sent it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packet {
    /// Its bytes.
    pub frame: Vec<u8>,
    /// The tag the caller gave it (where it came from).
    pub origin: u64,
}

/// Something the two runs did not do alike.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mismatch {
    /// At the same place of a flow the runs sent different packets.
    Changed {
        /// The port.
        port: u16,
        /// The flow.
        flow: Flow,
        /// Run A's packet.
        a: Packet,
        /// Run B's packet.
        b: Packet,
    },
    /// A packet of one run that the other did not send.
    Missing {
        /// The port.
        port: u16,
        /// The flow.
        flow: Flow,
        /// The run that sent it.
        side: Side,
        /// The packet.
        packet: Packet,
    },
    /// Both runs sent the packet, in another order within its flow (and
    /// neither held it).
    Reordered {
        /// The port.
        port: u16,
        /// The flow.
        flow: Flow,
        /// Run A's copy.
        a: Packet,
        /// Run B's copy.
        b: Packet,
    },
    /// An event raised in one run more often than in the other.
    Event {
        /// The run with the extra one.
        side: Side,
        /// The event as the caller gave it.
        event: String,
        /// The caller's tag.
        origin: u64,
    },
}

/// What was waiting first when the window filled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Waiting {
    /// A packet.
    Packet {
        /// The port it left.
        port: u16,
        /// Its flow.
        flow: Flow,
        /// Its bytes.
        frame: Vec<u8>,
    },
    /// An event.
    Event(String),
}

/// The comparison stopped: `window` entries were waiting and one more
/// would have had to.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("more than {window} packets and events unmatched; the oldest is run {side:?}'s")]
pub struct WindowFull {
    /// The window.
    pub window: usize,
    /// The run whose entry has waited longest.
    pub side: Side,
    /// That entry.
    pub oldest: Waiting,
    /// Its tag.
    pub origin: u64,
}

/// What the comparison saw.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Packets matched (one per pair), by port.
    pub packets: BTreeMap<u16, u64>,
    /// Events matched.
    pub events: u64,
    /// The most entries waiting at once.
    pub largest_window: usize,
    /// Matches made while a packet of another flow that left the same port
    /// before it was still waiting (order across flows differed).
    pub reordered_across_flows: u64,
    /// Matches out of place within their flow, allowed because a loose
    /// (held) packet was involved.
    pub reordered_in_flows: u64,
    /// Mismatches found (the first [`MISMATCHES_KEPT`](super::MISMATCHES_KEPT) are kept).
    pub mismatches: u64,
}

/// The end of a comparison.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// Counters.
    pub stats: Stats,
    /// The first [`MISMATCHES_KEPT`](super::MISMATCHES_KEPT) mismatches, in the order found.
    pub mismatches: Vec<Mismatch>,
    /// Set when the window filled (nothing after it was compared, and what
    /// was waiting is not counted as mismatches).
    pub stopped: Option<WindowFull>,
}

impl Outcome {
    /// True when the runs agreed on everything compared and nothing stopped
    /// the comparison.
    pub fn agreed(&self) -> bool {
        self.stats.mismatches == 0 && self.stopped.is_none()
    }
}
