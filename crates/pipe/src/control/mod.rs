//! The control plane: table and register operations with modelled latency,
//! idle-timeout notifications, packet-out, and Gallium's atomic updates ([`atomic`]).
//!
//! Two ways in:
//! - immediate operations ([`crate::Switch::insert`], [`crate::Switch::write_register`], ...) take
//!   effect at once, for setting a switch up before traffic;
//! - scheduled operations ([`crate::Switch::submit`]) go through one serial channel, as a
//!   server driving the switch's driver does: an operation submitted at `now` starts
//!   when the channel is free and takes effect [`Latency`] later. Packets processed at
//!   or after that time see it. Results are collected with [`crate::Switch::take_completions`].
//!
//! Default latency: 130 µs per table operation, the mean of Gallium Table 3's
//! single-table insert/modify/delete (135.2, 128.6, 131.3 µs): the paper's
//! Tofino figure, not one measured on a switch Tandem drives (those are in
//! docs/SWITCH.md, "Table 3 on every switch Tandem drives"; which figure each
//! default comes from is in its "Control channel" section). Table 3's 2- and
//! 4-table rows grow about linearly, which serialising operations reproduces.

pub mod atomic;
mod ops;

use std::collections::VecDeque;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use rustc_hash::FxHashMap;

use crate::exec::table::PackedKey;
use crate::exec::{KeyMatch, Output, TableEntry};

pub(crate) use ops::Pending;

/// Per-operation latencies of the control channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Latency {
    /// Table insert, modify or delete (also write-back table writes).
    /// Default 130 µs: the paper's Tofino figure (Gallium Table 3's
    /// single-table mean).
    pub table_op: Duration,
    /// Register read or write (also the visibility bit flip). Default 130 µs:
    /// the same Tofino figure (Table 3 has no register row).
    pub register_op: Duration,
    /// Injecting a packet on the CPU port. Default 10 µs: an assumption, no
    /// switch measured.
    pub packet_out: Duration,
    /// From a packet leaving on the CPU port to the CPU having it (packet-in).
    /// The executor returns packet-ins at once; callers deliver them this much later.
    /// Default 10 µs: an assumption, no switch measured.
    pub packet_in: Duration,
    /// How atomic updates travel ([`Channel`]); scheduled single operations
    /// ([`crate::Switch::submit`]) always go one at a time.
    #[serde(default)]
    pub channel: Channel,
}

/// How the control channel carries an atomic update (docs/SWITCH.md, "Control
/// channel: batching and group commit").
///
/// An atomic update has five phases (write-back puts, flip, main writes, flip
/// back, clean-up); each phase may start only when the previous one is
/// acknowledged, and the channel carries one update after another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Channel {
    /// Gallium's protocol: every operation is its own request, one at a time
    /// (batch size 1, window 1), each taking [`Latency::table_op`] or
    /// [`Latency::register_op`] (130 µs, Gallium Table 3's Tofino figure).
    #[default]
    Serial,
    /// A phase is sent as requests of up to `max_batch` entries, `window` of
    /// them in flight at once (P4Runtime `Write` requests from a pipelining
    /// client). A round of requests sent together takes `request` (round trip
    /// and per-request work, overlapped across the round) plus `per_entry` for
    /// every entry in it (the switch's driver applies entries one after
    /// another); all entries of a round take effect when the round is
    /// acknowledged.
    Batched {
        /// Fixed cost of a round of requests.
        request: Duration,
        /// Cost of one entry.
        per_entry: Duration,
        /// Entries per request (at least 1).
        max_batch: u32,
        /// Requests in flight at once (at least 1).
        window: u32,
    },
}

impl Channel {
    /// The batched channel with Tandem's default figures, which stand in for
    /// a Tofino: 128 µs per round plus 2 µs per entry, so a one-entry request
    /// takes Gallium Table 3's 130 µs (the paper's Tofino figure); 1,024
    /// entries per request, 4 requests in flight. No Tofino is measured
    /// here, so the split of the 130 µs, the batch and the window stay
    /// assumptions. The two software switches measured per request and per
    /// entry ([`Channel::tandem_switch`], [`Channel::bmv2`]) pay 2.5 and 11
    /// µs per entry, 1.3 and 5.5 times the 2 µs assumed, and 170 and 210 µs
    /// per request (medians of five runs); BMv2 gains nothing from Writes in
    /// flight, `tandem switch` a little (docs/SWITCH.md, "Control channel:
    /// batching and group commit").
    pub fn batched() -> Channel {
        Channel::Batched {
            request: Duration::from_micros(128),
            per_entry: Duration::from_micros(2),
            max_batch: 1024,
            window: 4,
        }
    }

    /// The batched channel with BMv2 `simple_switch_grpc`'s costs as
    /// measured over P4Runtime from a client on the same host: 210 µs per
    /// Write plus 11 µs per entry, 1,024 entries per Write, one Write in
    /// flight.
    ///
    /// Measured by `cargo bench -p p4rt --bench channel` at commit 5fe2f30
    /// (2-vCPU machine, bench at `nice -n -15` beside other builds): one
    /// `CONTINUE_ON_ERROR` Write of n inserts (n = 1 … 1,024), the
    /// least-squares fit of `request + n × per_entry` over the medians gave
    /// 171–261 µs + 10.4–11.8 µs per entry over five runs (median 212 µs +
    /// 10.9 µs). With 4 Writes in flight a round cost 506–717 µs + 9.7–11.1
    /// µs per entry, 2.2–3.7 times one Write for one entry each and as much
    /// as the four one after another for 1,024: BMv2 applies Writes one at a
    /// time, so the window is 1. This is the protocol
    /// `p4rt::remote` drives BMv2 with (five Writes a write-back cycle).
    pub fn bmv2() -> Channel {
        Channel::Batched {
            request: Duration::from_micros(210),
            per_entry: Duration::from_micros(11),
            max_batch: 1024,
            window: 1,
        }
    }

    /// The batched channel with `tandem switch`'s costs (Tandem's P4Runtime
    /// server over the model, gRPC on the loopback) as measured: 170 µs per
    /// Write plus 2.5 µs per entry, 1,024 entries per Write, one Write in
    /// flight.
    ///
    /// Measured by `cargo bench -p p4rt --bench channel` at commit 5fe2f30,
    /// as [`Channel::bmv2`]: 54–208 µs + 2.4–2.7 µs per entry over five runs
    /// (median 168 µs + 2.5 µs; the fixed cost is mostly the round trip
    /// through the machine's scheduler, which other builds on its 2 vCPUs
    /// moved by a factor of four, while the per-entry cost held). With 4
    /// Writes in flight a round cost 110–446 µs + 1.6–2.7 µs per entry (the
    /// server decodes Writes on both cores; four one-entry Writes took 0.7–3.2
    /// times one): the preset keeps one Write per phase and a window of 1,
    /// exact for phases of up to 1,024 entries, the window mattering only
    /// beyond. The
    /// model sends a write-back cycle as five rounds; `tandem server` sends
    /// `tandem switch` a cycle as one `DATAPLANE_ATOMIC` Write (≈ one request,
    /// docs/SWITCH.md, "Table 3 on every switch Tandem drives"), which no
    /// [`Channel`] models: this preset is the switch driven phase by phase.
    pub fn tandem_switch() -> Channel {
        Channel::Batched {
            request: Duration::from_micros(170),
            per_entry: Duration::from_nanos(2500),
            max_batch: 1024,
            window: 1,
        }
    }
}

impl Latency {
    /// The least time from a request to the moment any table or register
    /// change it queues takes effect: every such operation takes effect at
    /// least this long after it was submitted, whatever is already queued. Serial channel: the
    /// cheaper of a table and a register operation; batched: one round of one
    /// entry. A caller that knows no request was made before `t − min_effect_delay()`
    /// knows nothing changes the tables at or before `t` that it has not seen
    /// queued (the horizon of `tandem live --workers`).
    pub fn min_effect_delay(&self) -> Duration {
        match self.channel {
            Channel::Serial => self.table_op.min(self.register_op),
            Channel::Batched {
                request, per_entry, ..
            } => request + per_entry,
        }
    }
}

impl Default for Latency {
    fn default() -> Latency {
        Latency {
            table_op: Duration::from_micros(130),
            register_op: Duration::from_micros(130),
            packet_out: Duration::from_micros(10),
            packet_in: Duration::from_micros(10),
            channel: Channel::Serial,
        }
    }
}

/// A control-plane operation for [`crate::Switch::submit`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ControlOp {
    /// Adds an entry.
    Insert {
        /// Table name.
        table: String,
        /// The entry.
        entry: TableEntry,
    },
    /// Replaces the action and data of the entry with the same key (and priority).
    Modify {
        /// Table name.
        table: String,
        /// The entry.
        entry: TableEntry,
    },
    /// Removes the entry with this key (and priority).
    Delete {
        /// Table name.
        table: String,
        /// Key.
        key: Vec<KeyMatch>,
        /// Priority (ternary tables).
        priority: u32,
    },
    /// Reads one register cell.
    RegisterRead {
        /// Register name.
        register: String,
        /// Cell index.
        index: u32,
    },
    /// Writes one register cell.
    RegisterWrite {
        /// Register name.
        register: String,
        /// Cell index.
        index: u32,
        /// Value (truncated to the register width).
        value: u64,
    },
    /// Injects a packet into ingress from the CPU port (packet-out).
    PacketOut(Vec<u8>),
}

/// Identifies a submitted operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Ticket(pub u64);

/// What a completed operation returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpResult {
    /// The operation took effect.
    Done,
    /// A register read's value.
    Value(u64),
    /// What became of a packet-out.
    Packet(Output),
}

/// A finished scheduled operation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    /// Which operation.
    pub ticket: Ticket,
    /// When it took effect.
    pub at: Duration,
    /// Its result.
    pub result: Result<OpResult, ControlError>,
}

/// An entry that has not been hit for its table's idle timeout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IdleNotification {
    /// Table name.
    pub table: String,
    /// The idle entry.
    pub entry: TableEntry,
    /// Time of its last hit (or insertion).
    pub last_hit: Duration,
}

/// The control calls a server runtime makes on the switch that holds the
/// backup copies of its replicated maps (`server::Runtime`, Gallium §4.3):
/// atomic updates, the write-back tables' sizes and idle-timeout
/// notifications. The seam between the runtime's logic and where the switch
/// runs:
///
/// - [`crate::Switch`] (the model in the same process, as `tandem run` and
///   `tandem live` use it): the calls are the model's own, and times come from
///   its simulated control channel ([`Latency`]).
/// - `p4rt::remote::RemoteSwitch`: a switch daemon (`tandem switch --grpc`)
///   driven over P4Runtime; an update is one `DATAPLANE_ATOMIC` Write and is
///   visible when that Write is acknowledged (docs/LIVE.md, "Two processes").
///
/// Another target (e.g. BMv2 through its runtime interface) plugs in by
/// implementing these three calls. Times are the caller's clock: `now` is when
/// the runtime asks; the returned [`AtomicTicket`]'s `visible_at` is when the
/// change may be relied on (held packets may leave) and `done_at` when the next
/// update may start.
pub trait SwitchControl {
    /// Gallium's atomic update of `updates` across tables, requested at `now`
    /// ([`crate::Switch::atomic_update_requested`]): all of it becomes visible at
    /// once, or (on error) none of it. `requested[i]`, when given, is when change
    /// `i` was requested (its idle timer starts then); empty: `now`.
    fn atomic_update_requested(
        &mut self,
        now: Duration,
        updates: &[crate::Update],
        requested: &[Duration],
    ) -> Result<crate::AtomicTicket, ControlError>;

    /// [`SwitchControl::atomic_update_requested`] where the inserts marked in
    /// `direct` may skip the write-back tables
    /// ([`crate::Switch::atomic_update_direct`]: written straight into the
    /// main tables, visible in any order among themselves). A target without
    /// that path runs the whole update through the write-back protocol,
    /// which is always correct (the default).
    fn atomic_update_direct(
        &mut self,
        now: Duration,
        updates: &[crate::Update],
        direct: &[bool],
        requested: &[Duration],
    ) -> Result<crate::AtomicTicket, ControlError> {
        let _ = direct;
        self.atomic_update_requested(now, updates, requested)
    }

    /// Entries the write-back table of `table` holds (None: it has none), which
    /// bounds the changes of one update per table.
    fn write_back_size(&self, table: &str) -> Result<Option<u32>, ControlError>;

    /// Entries idle for their table's timeout by `now`, each reported once
    /// until hit again.
    fn poll_idle(&mut self, now: Duration) -> Vec<IdleNotification>;
}

impl SwitchControl for crate::Switch {
    fn atomic_update_requested(
        &mut self,
        now: Duration,
        updates: &[crate::Update],
        requested: &[Duration],
    ) -> Result<crate::AtomicTicket, ControlError> {
        crate::Switch::atomic_update_requested(self, now, updates, requested)
    }

    fn atomic_update_direct(
        &mut self,
        now: Duration,
        updates: &[crate::Update],
        direct: &[bool],
        requested: &[Duration],
    ) -> Result<crate::AtomicTicket, ControlError> {
        crate::Switch::atomic_update_direct(self, now, updates, direct, requested)
    }

    fn write_back_size(&self, table: &str) -> Result<Option<u32>, ControlError> {
        crate::Switch::write_back_size(self, table)
    }

    fn poll_idle(&mut self, now: Duration) -> Vec<IdleNotification> {
        crate::Switch::poll_idle(self, now)
    }
}

/// Why a control-plane operation was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ControlError {
    /// No such table.
    #[error("unknown table `{0}`")]
    UnknownTable(String),
    /// No such register array, counter or meter.
    #[error("unknown {what} `{name}`")]
    UnknownObject {
        /// "register", "counter" or "meter".
        what: &'static str,
        /// Name.
        name: String,
    },
    /// The action is not one of the table's.
    #[error("table `{table}`: action `{action}` is not one of its actions")]
    UnknownAction {
        /// Table.
        table: String,
        /// Action.
        action: String,
    },
    /// Wrong number of action arguments or an argument too wide.
    #[error("table `{table}`: {message}")]
    BadEntry {
        /// Table.
        table: String,
        /// What is wrong.
        message: String,
    },
    /// An entry with that key already exists.
    #[error("table `{0}`: an entry with this key already exists")]
    EntryExists(String),
    /// No entry with that key.
    #[error("table `{0}`: no entry with this key")]
    EntryMissing(String),
    /// The table holds its declared size already.
    #[error("table `{table}` is full ({size} entries)")]
    TableFull {
        /// Table.
        table: String,
        /// Its size.
        size: u32,
    },
    /// A meter configuration a target would refuse.
    #[error("meter `{meter}` cell {index}: {message}")]
    BadMeterConfig {
        /// Meter.
        meter: String,
        /// Cell.
        index: u32,
        /// What is wrong.
        message: String,
    },
    /// A register, counter or meter index past the end.
    #[error("{what} `{name}`: index {index} is outside its {size} cells")]
    IndexOutOfRange {
        /// "register", "counter" or "meter".
        what: &'static str,
        /// Name.
        name: String,
        /// Index asked.
        index: u32,
        /// Cells.
        size: u32,
    },
    /// An atomic update touches a table without a write-back table.
    #[error("table `{0}` has no write-back table; declare one to update it atomically")]
    NoWriteBack(String),
    /// The control channel to a remote switch failed (connection lost, no
    /// answer, not primary) or the remote switch refused the request; the
    /// message says which.
    #[error("control channel: {0}")]
    Channel(String),
    /// An atomic update has more changes for a table than its write-back table holds.
    #[error("table `{table}`: {changes} changes exceed its write-back table of {size} entries")]
    WriteBackTooSmall {
        /// Table.
        table: String,
        /// Changes requested.
        changes: usize,
        /// Write-back size.
        size: u32,
    },
}

/// A main-table key as the control channel tracks it: (table, value, mask, rank).
pub(crate) type KeyId = (u16, PackedKey, PackedKey, u32);

/// The queued main-table inserts and deletes of one key.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeyPending {
    /// Queued inserts and deletes of the key.
    pub count: u32,
    /// Whether the latest of them is an insert (the key exists once they drain).
    pub exists: bool,
}

/// The serial operation channel.
///
/// Besides the queue it keeps, incrementally, what the queue will do to the main
/// tables once it drains: per table the queued inserts and deletes, and per key
/// the queued inserts/deletes with the latest one's kind. An atomic update checks
/// against that projection in time proportional to its own size, whatever the
/// backlog (the benchmark `pipe/benches/control.rs` measures it flat from 10² to
/// 10⁶ queued operations).
#[derive(Debug, Clone, Default)]
pub(crate) struct ControlPlane {
    pub latency: Latency,
    pub busy_until: Duration,
    pub now: Duration,
    pub next_ticket: u64,
    pub queue: VecDeque<Queued>,
    pub done: Vec<Completion>,
    /// Completions of atomic-update phases that succeeded are not kept (nobody
    /// asks for them, and a long run would keep eight per new flow); failures
    /// are, like every completion of [`crate::Switch::submit`].
    /// A follower replica ([`crate::Switch::set_follower`]) keeps none.
    pub follower: bool,
    /// Operations queued since the last [`crate::Switch::take_scheduled`],
    /// when shipping is on (`None`: off).
    pub shipped: Option<Vec<(Duration, Pending)>>,
    /// Per table: queued main-table inserts and deletes.
    pub queued_inserts: Vec<usize>,
    pub queued_deletes: Vec<usize>,
    /// Per key with a queued main-table insert or delete.
    pub keys: FxHashMap<KeyId, KeyPending>,
    /// Changes applied to the tables and registers since the last
    /// [`Switch::take_applied`], when mirroring is on (`None`: off).
    pub applied: Option<Vec<Applied>>,
    /// Changes not logged because the log was full.
    pub applied_lost: u64,
}

/// The register cell (index 0) that holds the write-back visibility bit, as
/// [`Applied::Register`] names it.
pub const WB_VISIBLE: &str = "tandem_wb_visible";
/// Where the emitted v1model program holds the visibility bit instead of a
/// register: the default action of this keyless, one-entry table, which any
/// P4Runtime client can write ([`WB_FLAG_ACTION`] with the bit as its one
/// 8-bit parameter).
pub const WB_FLAG_TABLE: &str = "tandem_wb_flag";
/// The action of [`WB_FLAG_TABLE`].
pub const WB_FLAG_ACTION: &str = "tandem_wb_flag_set";

/// The write-back table of `table` in the emitted P4.
pub fn wb_table(table: &str) -> String {
    format!("{table}_wb")
}

/// The action of a deletion marker in `table`'s write-back table.
pub fn wb_delete_action(table: &str) -> String {
    format!("tandem_wb_delete_{table}")
}

/// Most changes the mirror log holds between two [`Switch::take_applied`]
/// calls; beyond it they are counted as lost and `take_applied` fails.
pub const APPLIED_LOG_LIMIT: usize = 1 << 20;

/// One control-plane change as it took effect in the switch, in the names the
/// emitted P4 uses: a write-back table is `<table>_wb`, a deletion marker is the
/// action `tandem_wb_delete_<table>`, the visibility bit is cell 0 of the
/// register `tandem_wb_visible`. Another target (BMv2) replays these to hold
/// the same control-plane state as the model at every instant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Applied {
    /// An entry was added.
    Insert {
        /// Table (P4 name).
        table: String,
        /// The entry.
        entry: TableEntry,
    },
    /// An entry's action or arguments changed (same key).
    Modify {
        /// Table (P4 name).
        table: String,
        /// The entry as it is now.
        entry: TableEntry,
    },
    /// An entry was removed.
    Delete {
        /// Table (P4 name).
        table: String,
        /// The entry as it was.
        entry: TableEntry,
    },
    /// A register cell was written.
    Register {
        /// Register (P4 name).
        register: String,
        /// Cell.
        index: u32,
        /// Value written.
        value: u64,
    },
}

/// The mirror log lost changes (more than [`APPLIED_LOG_LIMIT`] between two
/// reads).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the mirror log of control-plane changes overflowed: {lost} changes lost")]
pub struct AppliedLost {
    /// Changes not logged.
    pub lost: u64,
}

/// An operation waiting in the control channel.
#[derive(Debug, Clone)]
pub(crate) struct Queued {
    pub ticket: Ticket,
    /// When it takes effect.
    pub at: Duration,
    pub op: Pending,
    /// Whether a successful completion is kept for
    /// [`crate::Switch::take_completions`] (failures always are).
    pub report: bool,
}

/// Control-plane operations a leader switch queued, with the times they take
/// effect, for its follower replicas ([`crate::Switch::take_scheduled`],
/// [`crate::Switch::follow`]).
#[derive(Debug, Clone, Default)]
pub struct Scheduled(pub(crate) Vec<(Duration, Pending)>);

impl Scheduled {
    /// Operations held.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when it holds none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// When the earliest of them takes effect.
    pub fn first_at(&self) -> Option<Duration> {
        self.0.iter().map(|(at, _)| *at).min()
    }
}

impl ControlPlane {
    /// Puts an operation at the back of the queue (taking effect at `at`).
    pub fn push(&mut self, at: Duration, op: Pending, report: bool) -> Ticket {
        let ticket = Ticket(self.next_ticket);
        self.next_ticket += 1;
        self.track(&op);
        if let Some(log) = self.shipped.as_mut() {
            // Reads and packet-outs act on the leader only; a replica takes
            // every change of state.
            if !matches!(op, Pending::RegRead(..) | Pending::PacketOut(_)) {
                log.push((at, op.clone()));
            }
        }
        self.queue.push_back(Queued {
            ticket,
            at,
            op,
            report,
        });
        ticket
    }

    /// Queues a resolved operation; returns its ticket and completion time.
    pub fn enqueue(&mut self, now: Duration, cost: Duration, op: Pending) -> (Ticket, Duration) {
        self.enqueue_reported(now, cost, op, true)
    }

    fn enqueue_reported(
        &mut self,
        now: Duration,
        cost: Duration,
        op: Pending,
        report: bool,
    ) -> (Ticket, Duration) {
        let start = self.busy_until.max(now);
        let at = start + cost;
        self.busy_until = at;
        (self.push(at, op, report), at)
    }

    /// Queues one phase of an atomic update on a batched channel: rounds of
    /// up to `max_batch × window` entries, each taking `request` plus
    /// `per_entry` per entry, its entries taking effect at its end. Returns
    /// when the phase is acknowledged and the number of requests it used.
    pub fn enqueue_phase(&mut self, now: Duration, ops: Vec<Pending>) -> (Duration, usize) {
        let Channel::Batched {
            request,
            per_entry,
            max_batch,
            window,
        } = self.latency.channel
        else {
            let mut at = self.busy_until.max(now);
            let n = ops.len();
            for op in ops {
                let cost = match op {
                    Pending::SetVisible(_) | Pending::RegRead(..) | Pending::RegWrite(..) => {
                        self.latency.register_op
                    }
                    _ => self.latency.table_op,
                };
                at = self.enqueue_reported(now, cost, op, false).1;
            }
            return (at, n);
        };
        let batch = max_batch.max(1) as usize;
        let round = batch.saturating_mul(window.max(1) as usize);
        let mut start = self.busy_until.max(now);
        let mut requests = 0;
        let mut ops = ops.into_iter().peekable();
        while ops.peek().is_some() {
            let chunk: Vec<Pending> = ops.by_ref().take(round).collect();
            requests += chunk.len().div_ceil(batch);
            let at = start + request + per_entry * u32::try_from(chunk.len()).unwrap_or(u32::MAX);
            for op in chunk {
                self.push(at, op, false);
            }
            start = at;
        }
        self.busy_until = start;
        (start, requests)
    }

    /// Takes the oldest operation due by `now` off the queue.
    pub fn pop_due(&mut self, now: Duration) -> Option<Queued> {
        if self.queue.front().is_none_or(|q| q.at > now) {
            return None;
        }
        let item = self.queue.pop_front()?;
        self.untrack(&item.op);
        Some(item)
    }

    fn counters(&mut self, t: u16) -> (&mut usize, &mut usize) {
        let i = usize::from(t);
        if self.queued_inserts.len() <= i {
            self.queued_inserts.resize(i + 1, 0);
            self.queued_deletes.resize(i + 1, 0);
        }
        (&mut self.queued_inserts[i], &mut self.queued_deletes[i])
    }

    fn track(&mut self, op: &Pending) {
        let (id, insert) = match op {
            Pending::Insert(t, e) => ((*t, e.value, e.mask, e.rank), true),
            Pending::Delete(t, v, m, r) => ((*t, *v, *m, *r), false),
            _ => return,
        };
        let (ins, del) = self.counters(id.0);
        if insert {
            *ins += 1;
        } else {
            *del += 1;
        }
        let k = self.keys.entry(id).or_insert(KeyPending {
            count: 0,
            exists: insert,
        });
        k.count += 1;
        k.exists = insert;
    }

    fn untrack(&mut self, op: &Pending) {
        let (id, insert) = match op {
            Pending::Insert(t, e) => ((*t, e.value, e.mask, e.rank), true),
            Pending::Delete(t, v, m, r) => ((*t, *v, *m, *r), false),
            _ => return,
        };
        let (ins, del) = self.counters(id.0);
        if insert {
            *ins = ins.saturating_sub(1);
        } else {
            *del = del.saturating_sub(1);
        }
        if let Some(k) = self.keys.get_mut(&id) {
            k.count -= 1;
            if k.count == 0 {
                self.keys.remove(&id);
            }
        }
    }

    /// Main-table entries of table `t` once the queue drains, from `len` now.
    pub fn projected_len(&self, t: u16, len: usize) -> usize {
        let i = usize::from(t);
        let ins = self.queued_inserts.get(i).copied().unwrap_or(0);
        let del = self.queued_deletes.get(i).copied().unwrap_or(0);
        (len + ins).saturating_sub(del)
    }

    /// Whether the queue's latest insert/delete of `id` is an insert (None:
    /// none queued).
    pub fn projected_key(&self, id: &KeyId) -> Option<bool> {
        self.keys.get(id).map(|k| k.exists)
    }
}
