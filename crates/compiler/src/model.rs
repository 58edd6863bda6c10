//! What the passes compute: dependencies, state placement, operation labels,
//! punt and resume points, the transfer layout. All of it is serialisable; it is
//! what `partition.json` contains.

use crate::cfg::InstRef;
use ir::ValueId;
use serde::Serialize;

/// Where an operation runs (Gallium §4.2's three partitions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Label {
    /// Switch pre-processing (before the packet goes to the server, if it does).
    Pre,
    /// The middlebox server.
    Server,
    /// Switch post-processing (after the server hands the packet back).
    Post,
}

/// Kind of a dependency edge between two operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DepKind {
    /// `to` uses a value `from` defines (SSA def-use, jump arguments included).
    Data,
    /// Whether `to` runs depends on the branch ending `from`'s block.
    Control,
    /// Both touch the same header field, validity bit, payload, port or clock, one writes.
    Header,
    /// Both touch the same state object (or the event log), one writes.
    State,
}

/// One dependency edge; `to` must run after `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Dep {
    /// The earlier operation.
    pub from: InstRef,
    /// The later operation.
    pub to: InstRef,
    /// Why they are ordered.
    pub kind: DepKind,
}

/// Where a state object lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Placement {
    /// A read-only exact-match table on the switch (entries installed at start);
    /// the server keeps a copy for the packets it processes.
    SwitchTable,
    /// The server owns it; the switch holds a replica as an exact-match table with
    /// a write-back table (Gallium §4.3) that the server updates atomically.
    Replicated,
    /// A switch register (array); the switch packs its value into the transfer
    /// header when the server needs it.
    SwitchRegister,
    /// Only on the server.
    Server,
}

/// The plan for one state object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StatePlan {
    /// State name.
    pub name: String,
    /// `map`, `vector`, `register` or `regarray`.
    pub kind: &'static str,
    /// Where it lives.
    pub placement: Placement,
    /// Why it is not on the switch, if it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// One operation (instruction or terminator) with its labels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OpLabel {
    /// Position; a terminator has `index == insts.len()`.
    pub at: InstRef,
    /// The operation in IR text.
    pub text: String,
    /// Where it runs; more than one when paths differ (e.g. a rewrite reached both
    /// on the fast path and after the server).
    pub labels: Vec<Label>,
    /// Why the switch cannot run it, if it cannot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Where the switch stops and the server continues.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuntPoint {
    /// Number carried in the transfer header.
    pub id: u16,
    /// The first operation the server runs.
    pub at: InstRef,
    /// Values the server needs, in transfer-header order.
    pub values: Vec<ValueId>,
    /// A miss punt: the miss of a replicated map that the switch would
    /// decide alone, sent to the server so the primary decides it
    /// (metered when [`crate::Options::miss_punt_meter`] is set).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub miss: bool,
}

/// Where the server stops and the switch's post-processing continues.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResumePoint {
    /// Number carried in the transfer header.
    pub id: u16,
    /// The block post-processing starts at (its parameters are among `values`).
    pub block: u32,
    /// Values post-processing needs, in transfer-header order.
    pub values: Vec<ValueId>,
}

/// One scalar in the transfer header's values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Slot {
    /// The SSA value.
    pub value: ValueId,
    /// Element path inside a tuple value (empty for scalars).
    pub path: Vec<u32>,
    /// Scalar type (`bool`, `bit<N>`, `ipv4`).
    pub ty: String,
    /// Width in bits.
    pub bits: u32,
    /// Byte offset in the values.
    pub offset: u32,
    /// Bytes (width rounded up to whole bytes, big-endian).
    pub bytes: u32,
}

/// The values layout of one point.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PointLayout {
    /// `to_server` (a punt point) or `to_switch` (a resume point).
    pub direction: &'static str,
    /// The point's number.
    pub point: u16,
    /// Scalars in order.
    pub slots: Vec<Slot>,
    /// Total bytes of values.
    pub bytes: u32,
}

/// A warning: something that stays on the server, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Warning {
    /// What (a state object `@name` or an operation `bbN:i`).
    pub subject: String,
    /// Why.
    pub reason: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} stays on the server: {}", self.subject, self.reason)
    }
}
