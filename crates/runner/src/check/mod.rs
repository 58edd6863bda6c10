//! Differential check: the same traffic through the reference interpreter and
//! the partitioned execution (switch model + server), compared on what an
//! outside observer and the final state can tell apart: the packets leaving
//! each port (per flow in order; across flows in any order, since output
//! commit holds a flow's packets while others go on), the number dropped and
//! failed, the events raised (name and fields; their times move with held
//! packets) and the final state once the control plane is quiet.
//!
//! # Side by side, in bounded memory
//! Both engines run over the input together, packet by packet, the
//! partitioned one first: capture files are read once, through one merge
//! ([`crate::inputs::merge`]); a generated workload is stepped through two
//! closed loops ([`crate::closed_loop::Stepper`]), one generated packet at a
//! time, since the partitioned run shifts a connection's later packets by
//! output-commit holds (both see the same packets, causally ordered). What
//! each run sends goes at once into a streaming comparison
//! ([`crate::diff`]), which keeps only the packets not matched yet, at most
//! [`Settings::window`] of them; whenever the partitioned run holds no
//! packet, both runs have sent everything for the input so far, and
//! anything unmatched is a divergence. A window that would overflow stops
//! the check ([`CheckReport::stopped`]) with the packet that waited longest
//! and the input it came from, instead of growing. No run is kept whole:
//! memory depends on the window, not on the input's length.
//!
//! # Metered miss punts
//! The switch's miss-punt meter (`compiler::Options::miss_punt_meter`) drops
//! miss punts beyond its rate: a decision of the switch that the program, and
//! so the reference interpreter, does not have. A check treats such a drop as
//! the packet's loss on its way to the NF: the partitioned run goes first and
//! notes the packets its meter dropped, and the reference run loses the same
//! packets before they reach the program (over capture files by input
//! number, since both runs take every captured packet in the same order; in
//! the closed loops, which send their own packets, by port and bytes, first
//! come first lost). Both runs then count them as dropped, neither changes state for
//! them, and every other packet is compared as usual; the report says how
//! many there were (`metered`). A meter drop of a packet the program would
//! have forwarded (a reply of a flow whose key the switch does not hold yet,
//! beyond the rate) is therefore not a divergence: it is the degradation the
//! meter exists for, counted, not hidden. (In the closed loop the
//! partitioned run may send a packet later than the reference, after a hold
//! of its connection; a metered packet that late would show as a
//! divergence. Floods meet the meter, and their packets are not held.)

mod lossy;
mod report;
mod side;
#[cfg(test)]
mod tests;

use serde::Serialize;

use crate::Outcome;
use crate::engine::Engine;
use crate::partitioned::{ControlOptions, PartitionError};
use crate::sink::PacketLog;
use crate::summary::Summary;
use crate::{InputSpec, diff};

pub use report::InputRef;

/// Events of each run kept in full in the report's summaries (all are
/// compared).
pub const EVENTS_KEPT: usize = 1000;

/// How a check runs.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// The partitioned run's control channel.
    pub control: ControlOptions,
    /// Packets and events that may wait unmatched at once
    /// ([`crate::diff::DEFAULT_WINDOW`] by default).
    pub window: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            control: ControlOptions::default(),
            window: diff::DEFAULT_WINDOW,
        }
    }
}

/// A packet as one run sent it, in a divergence.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Sent {
    /// The frame (hex).
    pub frame: String,
    /// The input packet it came from, when known.
    pub input: Option<InputRef>,
}

/// One difference between the two runs.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Divergence {
    /// The runs sent different packets on a port: `why` is `differs` (at
    /// the same place of the flow), `only_in_reference`,
    /// `only_in_partitioned`, or `order` (both sent it, in another order
    /// within the flow, and the partitioned run did not hold it).
    Output {
        /// The port.
        port: u16,
        /// The flow (five-tuple, or EtherType).
        flow: String,
        /// What differs.
        why: &'static str,
        /// The reference run's packet, if it sent one.
        reference: Option<Sent>,
        /// The partitioned run's packet, if it sent one.
        partitioned: Option<Sent>,
    },
    /// A counter differs (`dropped`, `failed`).
    Count {
        /// Which.
        what: &'static str,
        /// Reference value.
        reference: u64,
        /// Partitioned value.
        partitioned: u64,
    },
    /// An event was raised in one run and not the other.
    Event {
        /// `reference` or `partitioned`.
        only_in: &'static str,
        /// The event (name and fields).
        event: serde_json::Value,
        /// The input packet being processed when it was raised, when known.
        input: Option<InputRef>,
    },
    /// A state object ends differently.
    State {
        /// Its name.
        object: String,
        /// Its reference value.
        reference: serde_json::Value,
        /// Its partitioned value.
        partitioned: serde_json::Value,
    },
}

/// What the comparison covered.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Compared {
    /// Packet pairs matched, by port; events matched; the largest window
    /// used; the reorderings allowed ([`diff::Stats`]).
    #[serde(flatten)]
    pub stats: diff::Stats,
    /// The window the check ran with.
    pub window: usize,
}

/// Why a check stopped before the end of its input: the window filled.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stopped {
    /// The window.
    pub window: usize,
    /// The run whose packet (or event) waited longest unmatched.
    pub run: &'static str,
    /// Its port (none for an event).
    pub port: Option<u16>,
    /// Its flow (none for an event).
    pub flow: Option<String>,
    /// Its bytes (hex; none for an event).
    pub frame: Option<String>,
    /// The event (none for a packet).
    pub event: Option<serde_json::Value>,
    /// The input packet it came from, when known.
    pub input: Option<InputRef>,
}

/// Result of a check.
#[derive(Debug, Clone, Serialize)]
pub struct CheckReport {
    /// Differences, most telling first (outputs, counts, events, state);
    /// of outputs and events the first [`diff::MISMATCHES_KEPT`].
    pub divergences: Vec<Divergence>,
    /// All divergences found, also those not kept.
    pub divergences_total: u64,
    /// What was compared.
    pub compared: Compared,
    /// Set when the window filled and the check stopped there (the counts
    /// and final state are then not compared).
    pub stopped: Option<Stopped>,
    /// The reference run.
    pub reference: Summary,
    /// The partitioned run.
    pub partitioned: Summary,
    /// Packets the partitioned run's miss-punt meter dropped, which the
    /// reference run lost before the program (module docs).
    pub metered: u64,
}

impl CheckReport {
    /// True when the runs agree on everything, all of it compared.
    pub fn equivalent(&self) -> bool {
        self.divergences_total == 0 && self.stopped.is_none()
    }
}

/// Checks `program` on a generated workload.
pub fn check_workload(
    program: &ir::Program,
    options: &compiler::Options,
    trace: &trace::workload::Trace,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<CheckReport, PartitionError> {
    check_workload_with(program, options, &Settings::default(), trace, progress)
}

/// [`check_workload`] with its settings. `progress(done, total)` counts
/// generated packets.
pub fn check_workload_with(
    program: &ir::Program,
    options: &compiler::Options,
    settings: &Settings,
    trace: &trace::workload::Trace,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<CheckReport, PartitionError> {
    side::Engines::new(program, options, settings.control)?.workload(
        program,
        settings.window,
        trace,
        progress,
    )
}

/// Checks `program` on capture files (read once, both runs side by side).
pub fn check_pcaps(
    program: &ir::Program,
    options: &compiler::Options,
    specs: &[InputSpec],
    progress: &mut dyn FnMut(u64, u64),
) -> Result<CheckReport, PartitionError> {
    check_pcaps_with(program, options, &Settings::default(), specs, progress)
}

/// [`check_pcaps`] with its settings. `progress(bytes_read, total_bytes)`.
pub fn check_pcaps_with(
    program: &ir::Program,
    options: &compiler::Options,
    settings: &Settings,
    specs: &[InputSpec],
    progress: &mut dyn FnMut(u64, u64),
) -> Result<CheckReport, PartitionError> {
    side::Engines::new(program, options, settings.control)?.pcaps(
        program,
        settings.window,
        specs,
        progress,
    )
}

/// Compares two finished runs kept whole (tests that drive the engines
/// themselves): the same comparison as a check, with no window and the
/// partitioned run's held packets ([`PacketLog::held`]) free to sit
/// elsewhere in their flow.
pub fn compare(
    ref_engine: &dyn Engine,
    r: Outcome<PacketLog>,
    part_engine: &dyn Engine,
    p: Outcome<PacketLog>,
) -> CheckReport {
    let mut d = diff::Diff::new(usize::MAX);
    report::feed_logs(&mut d, &r.sink, &p.sink);
    for (side, s) in [(diff::Side::A, &r.summary), (diff::Side::B, &p.summary)] {
        for e in &s.events {
            // An unbounded window never fills.
            let _ = d.event(side, &report::event_key(e), report::UNKNOWN);
        }
    }
    let at = |s: &Summary| s.last_ts_ns.unwrap_or(0);
    let states = (
        ref_engine.state_texts(at(&r.summary)),
        part_engine.state_texts(at(&r.summary).max(at(&p.summary))),
    );
    report::build(
        d.finish(),
        usize::MAX,
        &[],
        r.summary,
        p.summary,
        Some(states),
        0,
    )
}
