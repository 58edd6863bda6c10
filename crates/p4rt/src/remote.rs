//! A switch driven over P4Runtime, as the server runtime sees it:
//! [`RemoteSwitch`] implements [`pipe::SwitchControl`], so `server::Runtime`
//! runs the same logic against a `tandem switch --grpc` daemon in another
//! process as against the model in its own.
//!
//! - An atomic update is **one `Write` with `DATAPLANE_ATOMIC`**: the daemon
//!   runs Gallium's write-back cycle (the five phases of docs/SWITCH.md,
//!   "Control channel: batching and group commit") on its switch as one unit
//!   and acknowledges when it has finished; the acknowledgement is the commit
//!   point.
//! - **Writes are pipelined**: up to a window of them are in flight at once
//!   ([`RemoteSwitch::set_window`]); the caller does not wait for the answer.
//!   Their acknowledgements are taken in submission order
//!   ([`RemoteSwitch::poll_acks`]): update *n* counts as visible once it and
//!   every update before it were acknowledged. Its ticket cannot carry a
//!   clock time (the answer has not come yet): it carries
//!   [`ACK_EPOCH`]` + n` ns, a time past any clock reading, and the caller
//!   learns how far the acknowledgements have come from
//!   [`RemoteSwitch::acknowledged`] (`server::Runtime::acknowledge`). Two
//!   Writes in flight together may be applied in either order (P4Runtime
//!   orders nothing across RPCs), so an update that touches an entry a Write
//!   in flight touches waits for that Write's answer before it is sent.
//! - Idle-timeout notifications arrive on the stream channel; [`poll_idle`]
//!   hands out those that have arrived.
//! - The write-back tables' sizes come from the program (the same one the
//!   daemon runs: [`RemoteSwitch::connect`] checks or sets the pipeline).
//!
//! The other calls block the caller (a small tokio runtime of one worker
//! thread drives gRPC underneath), each bounded by a timeout. A lost
//! connection (the stream ended, a call's transport failed, a Write got no
//! answer in time) turns Reads and immediate writes into errors until
//! [`RemoteSwitch::reconnect`]; atomic updates submitted while it is lost,
//! and those whose Writes were in flight when it was lost, are not sent:
//! the resynchronisation after the reconnection writes the primary state
//! they are part of, and [`RemoteSwitch::resynced`] then acknowledges them.
//!
//! [`poll_idle`]: pipe::SwitchControl::poll_idle

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use pipe::{AtomicTicket, ControlError, IdleNotification, KeyMatch, Program, TableEntry, Update};

use crate::attach::{AttachError, Pipeline};
use crate::client::{Client, ClientError, Writer, write_errors};
use crate::proto::p4::v1 as p4;
use crate::schema::Schema;

/// Most cells of a counter [`RemoteSwitch::read_counters`] reads.
pub const SUMMARY_COUNTER_CELLS: u32 = 64;
use crate::server::Clock;

/// Why the remote switch could not be set up or asked.
#[derive(Debug, thiserror::Error)]
pub enum RemoteError {
    /// A P4Runtime call failed.
    #[error(transparent)]
    Client(#[from] ClientError),
    /// Another client with a higher election id is primary.
    #[error("the switch at {addr} made another client primary (our election id {election_id})")]
    NotPrimary {
        /// Address.
        addr: String,
        /// Our election id.
        election_id: u128,
    },
    /// The switch runs another program.
    #[error("the switch at {addr} runs another program: {message}")]
    OtherProgram {
        /// Address.
        addr: String,
        /// What differs.
        message: String,
    },
    /// The switch answered with an entity this program does not have.
    #[error("reading the switch: {0}")]
    Entity(String),
    /// No connection (lost and not re-established).
    #[error("not connected to the switch at {0}")]
    NotConnected(String),
    /// The tokio runtime could not start.
    #[error("cannot start the gRPC runtime: {0}")]
    Runtime(std::io::Error),
    /// A call got no answer in time.
    #[error("{call}: no answer within {timeout:?}")]
    Timeout {
        /// Call.
        call: &'static str,
        /// Bound.
        timeout: Duration,
    },
}

/// Ticket times of pipelined atomic updates: update *n* (from 1) becomes
/// visible at `ACK_EPOCH + n` ns "on the acknowledgement clock"
/// ([`RemoteSwitch::acknowledged`]). 2^40 s is past any clock reading of a
/// process (34,000 years) and far below `Duration::MAX`.
pub const ACK_EPOCH: Duration = Duration::from_secs(1 << 40);

/// Default number of Writes in flight ([`RemoteSwitch::set_window`]).
pub const DEFAULT_WINDOW: usize = 4;

#[path = "phased.rs"]
mod phased;
pub use phased::{FailKind, PhasedStats};

pub(crate) fn ticket_time(seq: u64) -> Duration {
    ACK_EPOCH + Duration::from_nanos(seq)
}

/// Called when a pipelined Write got its answer (from the gRPC runtime's
/// thread), e.g. to wake the thread that polls acknowledgements.
pub type Notify = Arc<dyn Fn() + Send + Sync>;

/// Called with the round trip of every acknowledged atomic update (one
/// `DATAPLANE_ATOMIC` Write, or a whole five-Write cycle on a foreign
/// switch), on the thread that takes the answer: e.g. a latency histogram.
pub type WriteObserver = Arc<dyn Fn(Duration) + Send + Sync>;

/// An entry as two Writes could both touch it: table, key, priority.
type EntryId = (usize, Vec<KeyMatch>, u32);

/// How a pipelined Write ended.
enum WriteEnd {
    /// Acknowledged after this round trip.
    Acked(Duration),
    /// The switch refused it (nothing of it applied): the first reason.
    Refused(String),
    /// No answer: transport failure or timeout.
    Lost(String),
}

struct InFlight {
    seq: u64,
    entries: usize,
    keys: Vec<EntryId>,
    task: tokio::task::JoinHandle<WriteEnd>,
}

/// What the remote switch was asked and answered.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct RemoteStats {
    /// `DATAPLANE_ATOMIC` Writes acknowledged (atomic updates made visible).
    pub atomic_writes: u64,
    /// Table entries those Writes carried.
    pub atomic_entries: u64,
    /// Atomic updates the switch refused (nothing of them applied).
    pub refused: u64,
    /// Calls that failed on the channel (no connection, timeout, transport).
    pub channel_errors: u64,
    /// Idle-timeout notifications received (entries).
    pub idle_notifications: u64,
    /// Times the connection was found lost.
    pub disconnects: u64,
    /// Successful (re)connections.
    pub connects: u64,
    /// Sum of the atomic Writes' round trips, ns.
    pub atomic_write_ns: u64,
    /// Longest round trip of an atomic Write, ns.
    pub atomic_write_max_ns: u64,
    /// Most Writes in flight at once.
    pub peak_in_flight: u64,
    /// Times an atomic update waited for room in the window.
    pub window_waits: u64,
    /// Times an atomic update waited for a Write in flight that touches one
    /// of its entries.
    pub conflict_waits: u64,
    /// Atomic updates not sent because the connection was lost (submitted
    /// while it was, or in flight when it was): the resynchronisation after
    /// the reconnection carries them ([`RemoteSwitch::resynced`]).
    pub absorbed: u64,
    /// Packet-ins received (frames the switch sent its CPU port, when the
    /// server link is the P4Runtime stream).
    pub packet_ins: u64,
    /// Packet-ins dropped because [`PACKET_IN_QUEUE`] were waiting.
    pub packet_in_overflow: u64,
    /// Packet-outs sent.
    pub packet_outs: u64,
    /// Packet-outs the stream's queue refused (dropped).
    pub packet_out_refused: u64,
}

/// Most packet-ins kept for [`RemoteSwitch::take_packets`]; beyond, they are
/// dropped and counted (a bounded queue, as the server link's ring).
pub const PACKET_IN_QUEUE: usize = 8192;

/// A `tandem switch --grpc` daemon (or any P4Runtime server that serves
/// Tandem's P4Info and `DATAPLANE_ATOMIC`) as the server runtime's switch.
pub struct RemoteSwitch {
    rt: tokio::runtime::Runtime,
    target: crate::client::Target,
    device_id: u64,
    election_id: u128,
    client: Option<Client>,
    schema: Schema,
    device_config: Vec<u8>,
    clock: Clock,
    timeout: Duration,
    idle: Vec<IdleNotification>,
    /// Packet-ins not yet taken.
    packet_ins: VecDeque<Vec<u8>>,
    stats: RemoteStats,
    /// The last (re)connection set the pipeline (the switch had none): its
    /// registers are zero, not at the program's initial values.
    fresh_pipeline: bool,
    /// Writes allowed in flight.
    window: usize,
    /// Atomic updates numbered so far (the last one's number).
    issued: u64,
    /// Every update up to this number is acknowledged (or absorbed by a
    /// resynchronisation).
    acked: u64,
    /// Writes in flight, oldest first.
    inflight: VecDeque<InFlight>,
    /// Entries the Writes in flight touch: the last Write touching each.
    busy: HashMap<EntryId, u64>,
    /// A Write was refused since the last [`RemoteSwitch::take_refused`].
    refused_since: bool,
    /// Why the last pipelined Write was refused or lost.
    last_failure: Option<String>,
    notify: Option<Notify>,
    /// Told every acknowledged atomic update's round trip.
    pub(crate) observer: Option<WriteObserver>,
    /// Atomic updates as five CONTINUE_ON_ERROR Writes ([`phased`]): the
    /// switch runs the p4c-compiled program, not Tandem's daemon.
    phased: Option<Box<phased::Phased>>,
    /// A pipeline to load when the switch has none (P4Info, device config).
    load: Option<(crate::proto::p4::config::v1::P4Info, Vec<u8>)>,
}

impl std::fmt::Debug for RemoteSwitch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RemoteSwitch")
            .field("addr", &self.target.addr)
            .field("election_id", &self.election_id)
            .field("connected", &self.client.is_some())
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl RemoteSwitch {
    /// Connects to `addr` (`http://host:port`) as a client of device
    /// `device_id` with `election_id`, requires to become primary, and makes
    /// sure the switch runs `program` (sets it when the switch has none;
    /// refuses when it runs another). `clock` gives the times of visibility
    /// (the caller's clock, the one it passes as `now`); every call waits at
    /// most `timeout`.
    pub fn connect(
        addr: impl Into<crate::client::Target>,
        device_id: u64,
        election_id: u128,
        program: Program,
        clock: Clock,
        timeout: Duration,
    ) -> Result<RemoteSwitch, RemoteError> {
        Self::connect_with(addr, device_id, election_id, program, clock, timeout, None)
    }

    /// [`RemoteSwitch::connect`], with a pipeline of the switch's own kind
    /// (`load`: its P4Info and device config, e.g. p4c's P4Info and BMv2
    /// JSON) to set when the switch runs none, or to hold what it runs
    /// against. A switch that runs a P4Info (not Tandem's `pipe` program)
    /// gets atomic updates as the five-Write protocol ([`phased`]).
    pub fn connect_with(
        addr: impl Into<crate::client::Target>,
        device_id: u64,
        election_id: u128,
        program: Program,
        clock: Clock,
        timeout: Duration,
        load: Option<(crate::proto::p4::config::v1::P4Info, Vec<u8>)>,
    ) -> Result<RemoteSwitch, RemoteError> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("p4rt-client")
            .enable_all()
            .build()
            .map_err(RemoteError::Runtime)?;
        let device_config =
            serde_json::to_vec(&program).map_err(|e| RemoteError::Entity(e.to_string()))?;
        let mut r = RemoteSwitch {
            rt,
            target: addr.into(),
            device_id,
            election_id,
            client: None,
            schema: Schema::new(program),
            device_config,
            clock,
            timeout,
            idle: Vec::new(),
            packet_ins: VecDeque::new(),
            stats: RemoteStats::default(),
            fresh_pipeline: false,
            window: DEFAULT_WINDOW,
            issued: 0,
            acked: 0,
            inflight: VecDeque::new(),
            busy: HashMap::new(),
            refused_since: false,
            last_failure: None,
            notify: None,
            observer: None,
            phased: None,
            load,
        };
        r.reconnect()?;
        Ok(r)
    }

    /// Connects again (after [`RemoteSwitch::is_connected`] turned false):
    /// opens a new stream, becomes primary and checks the program. The
    /// switch's tables are as the previous connection left them (plus what
    /// another primary wrote meanwhile): resynchronise them after this.
    pub fn reconnect(&mut self) -> Result<(), RemoteError> {
        if self.client.is_some() {
            self.lost();
        }
        // Writes still in flight on the old connection are left to the
        // resynchronisation that follows.
        self.abandon_in_flight();
        let timeout = self.timeout;
        let target = self.target.clone();
        let addr = target.url();
        let mut c = self.block(
            "connect",
            Client::connect_to(&target, self.device_id, self.election_id, timeout),
        )??;
        if !c.is_primary() {
            return Err(RemoteError::NotPrimary {
                addr,
                election_id: self.election_id,
            });
        }
        let other = |message: String| RemoteError::OtherProgram {
            addr: addr.clone(),
            message,
        };
        let attached = self
            .rt
            .block_on(crate::attach::attach(
                &mut c,
                self.schema.program(),
                &self.device_config,
                self.load.as_ref(),
                1,
                timeout,
            ))
            .map_err(|e| match e {
                AttachError::Client(e) => RemoteError::Client(e),
                AttachError::Timeout { call, timeout } => RemoteError::Timeout { call, timeout },
                AttachError::OtherPipe(theirs) => other(format!(
                    "it runs `{theirs}`, this server's switch part is `{}` (or they differ in detail)",
                    self.schema.program().name
                )),
                AttachError::Foreign(m) => other(m),
            })?;
        match attached.pipeline {
            // Tandem's own switch: one DATAPLANE_ATOMIC Write per update.
            Pipeline::Tandem => self.phased = None,
            // Another switch: the five-Write protocol (kept across
            // reconnections to the same P4Info).
            Pipeline::Foreign(f) => {
                if self.phased.is_none() {
                    let p = phased::Phased::new(f.info, self.schema.program()).map_err(
                        |e| match e {
                            RemoteError::Entity(m) => other(m),
                            e => e,
                        },
                    )?;
                    self.phased = Some(Box::new(p));
                }
            }
        }
        if attached.loaded {
            self.fresh_pipeline = true;
        }
        self.client = Some(c);
        self.stats.connects += 1;
        Ok(())
    }

    /// Whether a (re)connection set the pipeline (the switch had none, so
    /// its registers are zero) and [`RemoteSwitch::take_fresh_pipeline`]
    /// has not been called since.
    pub fn fresh_pipeline(&self) -> bool {
        self.fresh_pipeline
    }

    /// [`RemoteSwitch::fresh_pipeline`], and clears it until the next
    /// connection that sets the pipeline.
    pub fn take_fresh_pipeline(&mut self) -> bool {
        std::mem::take(&mut self.fresh_pipeline)
    }

    /// Writes register cells `(register, index, value)` in one Write
    /// (`CONTINUE_ON_ERROR`); returns how many the switch refused.
    pub fn write_registers(&mut self, cells: &[(String, u32, u64)]) -> Result<usize, RemoteError> {
        if cells.is_empty() {
            return Ok(0);
        }
        let updates = cells
            .iter()
            .map(|(r, i, v)| {
                self.register_id(r)
                    .map(|id| crate::client::register_update(id, Some(u64::from(*i)), *v))
                    .ok_or_else(|| RemoteError::Entity(format!("no register `{r}` in the program")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let n = updates.len();
        match self.call("Write", async move |c| {
            c.write(updates, p4::write_request::Atomicity::ContinueOnError)
                .await
        }) {
            Ok(()) => Ok(0),
            Err(RemoteError::Client(e)) if e.status().is_some_and(is_refusal) => {
                Ok(e.status().map_or(n, |s| {
                    write_errors(s)
                        .iter()
                        .filter(|x| x.canonical_code != tonic::Code::Ok as i32)
                        .count()
                }))
            }
            Err(e) => Err(e),
        }
    }

    /// Reads register cells `(register, index)`, in order.
    pub fn read_registers(&mut self, cells: &[(String, u32)]) -> Result<Vec<u64>, RemoteError> {
        let wanted = cells
            .iter()
            .map(|(r, i)| {
                self.register_id(r)
                    .map(|id| (id, Some(u64::from(*i))))
                    .ok_or_else(|| RemoteError::Entity(format!("no register `{r}` in the program")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let got = self.call("Read", async move |c| c.read_registers(&wanted).await)?;
        Ok(got.into_iter().map(|c| c.value).collect())
    }

    /// The program's counters as the switch counts them, every cell summed:
    /// `(name, packets, bytes)` for each counter the switch holds (a
    /// switch's P4Info may leave out a counter its program never updates).
    /// For the summary: what the switch part counted (e.g. the miss-punt
    /// meter's drops) on a switch whose state this process cannot see.
    /// Counters of more than [`SUMMARY_COUNTER_CELLS`] cells are left out
    /// (a Read per cell: not what a status line should cost).
    pub fn read_counters(&mut self) -> Result<Vec<(String, u64, u64)>, RemoteError> {
        let counters: Vec<(String, u32, u32)> = self
            .schema
            .program()
            .counters
            .iter()
            .filter(|c| c.size <= SUMMARY_COUNTER_CELLS)
            .filter_map(|c| {
                let id = match &self.phased {
                    Some(p) => p.info.counter_id(&c.name),
                    None => self.schema.counter_id(&c.name),
                }?;
                Some((c.name.clone(), id, c.size))
            })
            .collect();
        let mut out = Vec::with_capacity(counters.len());
        for (name, id, size) in counters {
            let (mut packets, mut bytes) = (0, 0);
            for i in 0..size {
                let (p, b) = self.call("Read", async move |c| {
                    c.read_counter(id, u64::from(i)).await
                })?;
                packets += p;
                bytes += b;
            }
            out.push((name, packets, bytes));
        }
        Ok(out)
    }

    /// Whether the connection is up (as far as the last call saw).
    pub fn is_connected(&self) -> bool {
        self.client.is_some()
    }

    /// Looks at the stream channel without waiting: keeps the idle-timeout
    /// notifications that arrived, notices a lost connection. True while
    /// connected.
    pub fn check(&mut self) -> bool {
        let Some(mut c) = self.client.take() else {
            return false;
        };
        let drained = self.block("StreamChannel", c.drain());
        let (msgs, alive) = match drained {
            Ok(Ok(m)) => (m, c.is_primary()),
            Ok(Err(_)) | Err(_) => (Vec::new(), false),
        };
        let now = (self.clock)();
        for m in msgs {
            if let Some(p4::stream_message_response::Update::Packet(p)) = m.update {
                self.keep_packet_in(p.payload);
                continue;
            }
            if let Some(p4::stream_message_response::Update::IdleTimeoutNotification(n)) = m.update
            {
                for te in &n.table_entry {
                    let Ok((table, entry)) = self.decode_entry(te) else {
                        continue;
                    };
                    let elapsed = te
                        .time_since_last_hit
                        .as_ref()
                        .map_or(0, |t| u64::try_from(t.elapsed_ns).unwrap_or(0));
                    self.stats.idle_notifications += 1;
                    self.idle.push(IdleNotification {
                        table,
                        entry,
                        last_hit: now.saturating_sub(Duration::from_nanos(elapsed)),
                    });
                }
            }
        }
        if alive {
            self.client = Some(c);
        } else {
            self.stats.disconnects += 1;
            self.abandon_in_flight();
        }
        alive
    }

    fn keep_packet_in(&mut self, payload: Vec<u8>) {
        self.stats.packet_ins += 1;
        if self.packet_ins.len() >= PACKET_IN_QUEUE {
            self.stats.packet_in_overflow += 1;
        } else {
            self.packet_ins.push_back(payload);
        }
    }

    /// The server link as the P4Runtime stream: up to `max` frames the
    /// switch sent its CPU port (packet-ins, whole frames: the transfer
    /// header travels in-band, as on a link), waiting up to `timeout` for
    /// the first when none has arrived. Other stream messages are kept as
    /// [`RemoteSwitch::check`] keeps them.
    pub fn take_packets(&mut self, max: usize, timeout: Duration) -> Vec<Vec<u8>> {
        if self.packet_ins.is_empty() {
            self.check();
        }
        if self.packet_ins.is_empty() && !timeout.is_zero() {
            if let Some(mut c) = self.client.take() {
                let got = self.block("StreamChannel", c.packet_in(timeout));
                self.client = Some(c);
                if let Ok(Ok(p)) = got {
                    self.keep_packet_in(p.payload);
                }
                // A closed stream shows at the next check.
                self.check();
            }
        }
        let n = self.packet_ins.len().min(max);
        self.packet_ins.drain(..n).collect()
    }

    /// Sends `frame` into the switch's CPU port as a packet-out (the server
    /// link as the P4Runtime stream). False if it was not sent (no
    /// connection, or the stream's queue is full).
    pub fn packet_out(&mut self, frame: Vec<u8>) -> bool {
        let sent = self
            .client
            .as_ref()
            .is_some_and(|c| c.packet_out(frame, None).is_ok());
        if sent {
            self.stats.packet_outs += 1;
        } else {
            self.stats.packet_out_refused += 1;
        }
        sent
    }

    /// Counters so far.
    pub fn stats(&self) -> &RemoteStats {
        &self.stats
    }

    /// Allows `n` (at least 1) atomic-update Writes in flight at once
    /// ([`DEFAULT_WINDOW`]); 1 waits for each answer before the next Write.
    pub fn set_window(&mut self, n: usize) {
        self.window = n.max(1);
    }

    /// Writes allowed in flight.
    pub fn window(&self) -> usize {
        self.window
    }

    /// Calls `f` whenever a pipelined Write gets its answer (on the gRPC
    /// runtime's thread): a caller that sleeps while Writes are in flight
    /// wakes up to take the acknowledgement ([`RemoteSwitch::poll_acks`]).
    pub fn set_notify(&mut self, f: Notify) {
        self.notify = Some(f);
    }

    /// Calls `f` with the round trip of every atomic update acknowledged
    /// from now on ([`WriteObserver`]).
    pub fn set_write_observer(&mut self, f: WriteObserver) {
        self.observer = Some(f);
    }

    /// Writes in flight now.
    pub fn in_flight(&self) -> usize {
        self.inflight.len()
    }

    /// How far the acknowledgements have come: every atomic update whose
    /// ticket time is at most this is visible on the switch (zero before
    /// the first). For `server::Runtime::acknowledge`.
    pub fn acknowledged(&self) -> Duration {
        if self.acked == 0 {
            Duration::ZERO
        } else {
            ticket_time(self.acked)
        }
    }

    /// Takes the answers that have arrived, in submission order, without
    /// waiting; returns [`RemoteSwitch::acknowledged`]. A refused Write
    /// counts as answered (nothing of it was applied: [`RemoteSwitch::take_refused`]
    /// says so); a Write that got no answer means the connection is lost.
    pub fn poll_acks(&mut self) -> Duration {
        while self.inflight.front().is_some_and(|f| f.task.is_finished()) {
            self.settle_front();
        }
        self.acknowledged()
    }

    /// Waits until every Write in flight has its answer (or the connection
    /// is found lost).
    pub fn drain(&mut self) -> Duration {
        while !self.inflight.is_empty() {
            self.settle_front();
        }
        self.finish_cycle();
        self.acknowledged()
    }

    /// Why the last pipelined Write was refused or lost (None: none was).
    pub fn last_failure(&self) -> Option<&str> {
        self.last_failure.as_deref()
    }

    /// Whether a Write was refused since the last call (the switch then
    /// lacks changes the primary has: resynchronise it).
    pub fn take_refused(&mut self) -> bool {
        std::mem::take(&mut self.refused_since)
    }

    /// Says that the switch was just resynchronised from the primary state
    /// (after [`RemoteSwitch::reconnect`]): every atomic update submitted
    /// so far is part of that state, so all count as acknowledged.
    pub fn resynced(&mut self) {
        if self.inflight.is_empty() {
            self.acked = self.issued;
        }
    }

    /// Waits for (or takes) the oldest Write's answer.
    fn settle_front(&mut self) {
        let Some(mut f) = self.inflight.pop_front() else {
            return;
        };
        let timeout = self.timeout + Duration::from_secs(1);
        let end = self
            .rt
            .block_on(async { tokio::time::timeout(timeout, &mut f.task).await });
        let end = match end {
            Ok(Ok(end)) => end,
            Ok(Err(e)) => WriteEnd::Lost(format!("the Write task ended: {e}")),
            Err(_) => {
                f.task.abort();
                WriteEnd::Lost(format!("no answer within {timeout:?}"))
            }
        };
        for k in &f.keys {
            if self.busy.get(k) == Some(&f.seq) {
                self.busy.remove(k);
            }
        }
        match end {
            WriteEnd::Acked(rtt) => {
                self.acked = f.seq;
                self.stats.atomic_writes += 1;
                self.stats.atomic_entries += f.entries as u64;
                let ns = u64::try_from(rtt.as_nanos()).unwrap_or(u64::MAX);
                self.stats.atomic_write_ns += ns;
                self.stats.atomic_write_max_ns = self.stats.atomic_write_max_ns.max(ns);
                if let Some(f) = &self.observer {
                    f(rtt);
                }
            }
            WriteEnd::Refused(why) => {
                self.last_failure = Some(format!("the switch refused an atomic update: {why}"));
                self.acked = f.seq;
                self.stats.refused += 1;
                self.refused_since = true;
            }
            WriteEnd::Lost(why) => {
                self.last_failure = Some(format!("an atomic update's Write was lost: {why}"));
                // It and every Write behind it: the resync carries them.
                self.stats.absorbed += 1;
                self.lost();
            }
        }
    }

    /// The program the switch runs.
    pub fn program(&self) -> &Program {
        self.schema.program()
    }

    /// Every entry of table `table` on the switch (a P4Runtime Read).
    pub fn read_table(&mut self, table: &str) -> Result<Vec<TableEntry>, RemoteError> {
        let t = self
            .schema
            .table_index(table)
            .ok_or_else(|| RemoteError::Entity(format!("no table `{table}` in the program")))?;
        if self
            .phased
            .as_ref()
            .is_some_and(|p| !p.info.on_switch(table))
        {
            return Ok(Vec::new());
        }
        let table_id = match &self.phased {
            Some(p) => p
                .info
                .table_id(table)
                .ok_or_else(|| RemoteError::Entity(format!("no table `{table}` on the switch")))?,
            None => {
                crate::p4info::object_id(crate::proto::p4::config::v1::p4_ids::Prefix::Table, t)
            }
        };
        let want = p4::Entity {
            entity: Some(p4::entity::Entity::TableEntry(p4::TableEntry {
                table_id,
                ..Default::default()
            })),
        };
        // What the switch holds once the Writes in flight are applied.
        self.drain();
        let entities = self.call("Read", async move |c| c.read(vec![want]).await)?;
        entities
            .into_iter()
            .map(|e| match e.entity {
                Some(p4::entity::Entity::TableEntry(te)) => self
                    .decode_entry(&te)
                    .map(|(_, entry)| entry)
                    .map_err(RemoteError::Entity),
                _ => Err(RemoteError::Entity(format!(
                    "a Read of table `{table}` answered another kind of entity"
                ))),
            })
            .collect()
    }

    /// Applies `updates` as one Write: `atomic` as one atomic update
    /// (`DATAPLANE_ATOMIC`), else each on its own (`CONTINUE_ON_ERROR`).
    /// Returns the number of updates that failed (with CONTINUE_ON_ERROR the
    /// others are applied).
    pub fn write(&mut self, updates: &[Update], atomic: bool) -> Result<usize, RemoteError> {
        // Tables the switch does not hold (never applied) take nothing.
        let kept: Vec<Update>;
        let updates = match &self.phased {
            Some(p) if updates.iter().any(|u| !p.info.on_switch(u.table())) => {
                kept = updates
                    .iter()
                    .filter(|u| p.info.on_switch(u.table()))
                    .cloned()
                    .collect();
                &kept[..]
            }
            _ => updates,
        };
        if updates.is_empty() {
            return Ok(0);
        }
        let msg = self.to_p4(updates).map_err(RemoteError::Entity)?;
        // After every Write in flight (they may touch the same entries).
        self.drain();
        let atomicity = if atomic {
            p4::write_request::Atomicity::DataplaneAtomic
        } else {
            p4::write_request::Atomicity::ContinueOnError
        };
        let r = self.call("Write", async move |c| c.write(msg, atomicity).await);
        let ok: Vec<bool> = match &r {
            Ok(()) => vec![true; updates.len()],
            Err(RemoteError::Client(e)) if e.status().is_some_and(is_refusal) => {
                let errs = e.status().map(write_errors).unwrap_or_default();
                if errs.len() == updates.len() {
                    errs.iter()
                        .map(|x| x.canonical_code == tonic::Code::Ok as i32)
                        .collect()
                } else {
                    vec![false; updates.len()]
                }
            }
            Err(_) => vec![false; updates.len()],
        };
        if let Some(p) = self.phased.as_mut() {
            p.shadow_apply(updates, &ok);
        }
        match r {
            Ok(()) => Ok(0),
            Err(RemoteError::Client(e)) if e.status().is_some_and(is_refusal) => {
                Ok(ok.iter().filter(|x| !**x).count())
            }
            Err(e) => Err(e),
        }
    }

    /// Before the resynchronisation after a (re)connection or a refusal: on
    /// a switch driven by the five-Write protocol, finishes a cycle the lost
    /// connection interrupted and takes the switch's main tables as what
    /// the protocol builds on (no effect on Tandem's switch).
    pub fn begin_resync(&mut self) -> Result<(), RemoteError> {
        if self.phased.is_some() {
            self.phased_begin_resync()
        } else {
            Ok(())
        }
    }

    /// After the resynchronisation wrote the main tables: on a switch
    /// driven by the five-Write protocol, clears the visibility bit and
    /// empties the write-back tables (no effect on Tandem's switch).
    pub fn end_resync(&mut self) -> Result<(), RemoteError> {
        self.phased_end_resync()
    }

    fn register_id(&self, name: &str) -> Option<u32> {
        match &self.phased {
            Some(p) => p.info.register_id(name),
            None => self.schema.register_id(name),
        }
    }

    fn decode_entry(&self, te: &p4::TableEntry) -> Result<(String, TableEntry), String> {
        match &self.phased {
            Some(p) => p.info.entry_from_p4(te),
            None => self.schema.entry_from_p4(te, false).map_err(|r| r.message),
        }
    }

    fn to_p4(&self, updates: &[Update]) -> Result<Vec<p4::Update>, String> {
        if let Some(p) = &self.phased {
            return p.encode_updates(updates);
        }
        updates
            .iter()
            .map(|u| self.schema.update_to_p4(u))
            .collect()
    }

    /// Runs `f` on the runtime, bounded by the timeout.
    fn block<T>(&self, call: &'static str, f: impl Future<Output = T>) -> Result<T, RemoteError> {
        let timeout = self.timeout;
        self.rt
            .block_on(async { tokio::time::timeout(timeout, f).await })
            .map_err(|_| RemoteError::Timeout { call, timeout })
    }

    /// Runs one client call; a failure that is not the switch refusing the
    /// request marks the connection lost.
    fn call<T>(
        &mut self,
        name: &'static str,
        f: impl AsyncFnOnce(&mut Client) -> Result<T, ClientError>,
    ) -> Result<T, RemoteError> {
        let Some(mut c) = self.client.take() else {
            self.stats.channel_errors += 1;
            return Err(RemoteError::NotConnected(self.target.url()));
        };
        let timeout = self.timeout;
        let r = self
            .rt
            .block_on(async { tokio::time::timeout(timeout, f(&mut c)).await });
        match r {
            Ok(Ok(v)) => {
                self.client = Some(c);
                Ok(v)
            }
            Ok(Err(e)) => {
                if e.status().is_some_and(is_refusal) {
                    self.client = Some(c);
                } else {
                    self.lost();
                }
                Err(e.into())
            }
            Err(_) => {
                self.lost();
                Err(RemoteError::Timeout {
                    call: name,
                    timeout,
                })
            }
        }
    }

    fn lost(&mut self) {
        self.stats.channel_errors += 1;
        self.stats.disconnects += 1;
        self.client = None;
        self.abandon_in_flight();
    }

    /// Whatever is in flight may or may not have been applied: the
    /// resynchronisation after the reconnection decides (and
    /// [`RemoteSwitch::resynced`] acknowledges it).
    fn abandon_in_flight(&mut self) {
        for f in self.inflight.drain(..) {
            f.task.abort();
            self.stats.absorbed += 1;
        }
        self.busy.clear();
    }

    /// The entry an update touches.
    fn entry_id(&self, u: &Update) -> EntryId {
        let t = self.schema.table_index(u.table()).unwrap_or(usize::MAX);
        match u {
            Update::Insert { entry, .. } | Update::Modify { entry, .. } => {
                (t, entry.key.clone(), entry.priority)
            }
            Update::Delete { key, priority, .. } => (t, key.clone(), *priority),
        }
    }

    /// Sends one atomic update as a Write without waiting for the answer
    /// (after the Writes in flight that touch its entries, and once the
    /// window has room). Returns its number.
    fn send_atomic(&mut self, msg: Vec<p4::Update>, keys: Vec<EntryId>) -> u64 {
        self.issued += 1;
        let seq = self.issued;
        // Answers are taken when the caller asks (`poll_acks`) or when this
        // has to wait for one: what the window holds does not depend on how
        // fast answers happen to arrive between two calls.
        // A Write in flight touching one of our entries is applied first.
        while let Some(&last) = keys.iter().filter_map(|k| self.busy.get(k)).max() {
            self.stats.conflict_waits += 1;
            while self.inflight.front().is_some_and(|f| f.seq <= last) {
                self.settle_front();
            }
        }
        while self.inflight.len() >= self.window {
            self.stats.window_waits += 1;
            self.settle_front();
        }
        let Some(c) = self.client.as_ref() else {
            // Lost: the resynchronisation after the reconnection carries it.
            self.stats.absorbed += 1;
            return seq;
        };
        let mut writer: Writer = c.writer();
        let timeout = self.timeout;
        let notify = self.notify.clone();
        let task = self.rt.spawn(async move {
            let start = Instant::now();
            let r = tokio::time::timeout(
                timeout,
                writer.write(msg, p4::write_request::Atomicity::DataplaneAtomic),
            )
            .await;
            let end = match r {
                Ok(Ok(())) => WriteEnd::Acked(start.elapsed()),
                Ok(Err(e)) if e.status().is_some_and(is_refusal) => {
                    WriteEnd::Refused(refusal_reason(&e))
                }
                Ok(Err(e)) => WriteEnd::Lost(e.to_string()),
                Err(_) => WriteEnd::Lost(format!("Write: no answer within {timeout:?}")),
            };
            if let Some(n) = notify {
                n();
            }
            end
        });
        for k in &keys {
            self.busy.insert(k.clone(), seq);
        }
        self.inflight.push_back(InFlight {
            seq,
            entries: keys.len(),
            keys,
            task,
        });
        self.stats.peak_in_flight = self.stats.peak_in_flight.max(self.inflight.len() as u64);
        seq
    }
}

/// Whether a status is the switch refusing a request (the connection is
/// fine and we are primary), not the channel failing or another client
/// having become primary.
pub(crate) fn is_refusal(s: &tonic::Status) -> bool {
    match s.code() {
        tonic::Code::Unavailable
        | tonic::Code::Cancelled
        | tonic::Code::DeadlineExceeded
        | tonic::Code::PermissionDenied => false,
        // A Write's per-update errors travel as UNKNOWN with details; UNKNOWN
        // without them is the transport's.
        tonic::Code::Unknown => !s.details().is_empty(),
        _ => true,
    }
}

impl pipe::SwitchControl for RemoteSwitch {
    fn atomic_update_requested(
        &mut self,
        now: Duration,
        updates: &[Update],
        _requested: &[Duration],
    ) -> Result<AtomicTicket, ControlError> {
        if self.phased.is_some() {
            return self.phased_update(now, updates, &[], _requested);
        }
        // Idle timers of the written entries start when the switch applies
        // them (its own clock): the request times are not carried.
        let msg = self.to_p4(updates).map_err(ControlError::Channel)?;
        let keys = updates.iter().map(|u| self.entry_id(u)).collect();
        let seq = self.send_atomic(msg, keys);
        // The channel takes the next Write at once while the window has
        // room, else when the oldest in flight is answered.
        let done_at = match self.inflight.front() {
            Some(f) if self.inflight.len() >= self.window => ticket_time(f.seq),
            _ => now,
        };
        Ok(AtomicTicket {
            visible_at: ticket_time(seq),
            done_at,
            ops: 3 * updates.len() + 2,
            requests: 1,
        })
    }

    fn atomic_update_direct(
        &mut self,
        now: Duration,
        updates: &[Update],
        direct: &[bool],
        requested: &[Duration],
    ) -> Result<AtomicTicket, ControlError> {
        if self.phased.is_some() {
            self.phased_update(now, updates, direct, requested)
        } else {
            self.atomic_update_requested(now, updates, requested)
        }
    }

    fn write_back_size(&self, table: &str) -> Result<Option<u32>, ControlError> {
        self.schema
            .program()
            .tables
            .iter()
            .find(|t| t.name == table)
            .map(|t| t.write_back)
            .ok_or_else(|| ControlError::UnknownTable(table.to_string()))
    }

    fn poll_idle(&mut self, _now: Duration) -> Vec<IdleNotification> {
        self.check();
        std::mem::take(&mut self.idle)
    }
}

/// The first per-update reason of a refused Write (or its status).
fn refusal_reason(e: &ClientError) -> String {
    e.status()
        .map(write_errors)
        .unwrap_or_default()
        .into_iter()
        .find(|x| {
            x.canonical_code != tonic::Code::Ok as i32
                && x.canonical_code != tonic::Code::Aborted as i32
        })
        .map(|x| x.message)
        .unwrap_or_else(|| e.to_string())
}
