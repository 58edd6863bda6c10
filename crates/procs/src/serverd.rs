//! The server daemon: the server runtime (`server::Runtime`, the same logic
//! as in `tandem run`) on its own link to the switch, driving the switch's
//! tables over P4Runtime ([`p4rt::remote::RemoteSwitch`]).
//!
//! Per frame from the link: a punt (transfer frame) runs the server part
//! (`Runtime::punt`), a link frame "from port" runs the whole program
//! (`Runtime::slow_path`); what comes back goes to the switch at once
//! (resume frame, or a link frame "out of port") or is held until its atomic
//! update's Write is acknowledged (output commit), then released. Idle
//! notifications from the switch remove entries on both sides
//! (`Runtime::expire_idle`), polled every `idle_poll`.
//!
//! **Pipelined Writes.** An atomic update's Write is sent without waiting
//! for its answer (up to the remote's window in flight); the daemon goes on
//! with the next frames, takes the answers as they arrive (a Write's answer
//! wakes the daemon's wait on the link), tells the runtime how far they
//! have come (`Runtime::acknowledge`) and releases the packets whose own
//! Writes, and every Write before them, are acknowledged. With group commit
//! (`Runtime::set_group_commit`) the updates that become ready while the
//! window is full are gathered and go out together as the next Write when
//! an answer frees a place. On a switch driven by the five-Write protocol
//! (no `DATAPLANE_ATOMIC`) a cycle is synchronous, so nothing is in flight
//! to gather behind; there the frames read together in one round gather
//! their updates into one cycle (`Runtime::open_round`), held until it is
//! visible. A cycle returns at its commit point (the flip's
//! acknowledgement: every changed key reads its new value from the
//! write-back tables), the daemon lets out the packets it held, and only
//! then sends the cycle's last three Writes (`RemoteSwitch::finish_cycle`),
//! which the next cycle, Read or Write waits for.
//!
//! **Lost connection.** When the switch's stream ends or a call fails on the
//! channel, punts arriving meanwhile are dropped and counted (the switch
//! itself drops what it would punt while no server is primary); the daemon
//! reconnects every [`RECONNECT_EVERY`], becomes primary again and
//! resynchronises the switch's replica tables from its primary state
//! ([`ServerDaemon::resync`]: Read, diff, Write).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use p4rt::remote::RemoteSwitch;
use p4rt::server::Clock;
use pipe::{TableEntry, Update};
use port::{Poller, Port, PortError, Waker};
use serde::Serialize;
use server::{Handled, Runtime};

use crate::link;

/// How often a lost switch is tried again.
pub const RECONNECT_EVERY: Duration = Duration::from_millis(200);

/// What the server daemon did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ServerStats {
    /// Frames received on the link.
    pub frames_in: u64,
    /// Punts handled.
    pub punts: u64,
    /// Parser-refused frames run whole.
    pub slow_path: u64,
    /// Frames sent back to the switch (resumed, or out of a port).
    pub to_switch: u64,
    /// Packets the server part dropped.
    pub dropped: u64,
    /// Frames the server could not take (not a transfer or link frame,
    /// runtime errors).
    pub bad_frames: u64,
    /// Frames that arrived while the switch was not connected: dropped.
    pub dropped_disconnected: u64,
    /// Frames the link refused to send.
    pub tx_refused: u64,
    /// Resynchronisations done.
    pub resyncs: u64,
    /// Entries the resynchronisations inserted, modified and deleted.
    pub resync_inserts: u64,
    /// See `resync_inserts`.
    pub resync_modifies: u64,
    /// See `resync_inserts`.
    pub resync_deletes: u64,
    /// Resync writes the switch refused.
    pub resync_failures: u64,
    /// Failed reconnection attempts.
    pub reconnect_failures: u64,
    /// Checkpoint journal records written (and snapshots: see the status's
    /// `journal`).
    pub checkpoints: u64,
    /// Resynchronisations after the switch refused an atomic update.
    pub refusal_resyncs: u64,
    /// PayloadPark drop notices sent (a dropped packet's payload was
    /// parked in the switch).
    pub park_notices: u64,
    /// Held packets released (after their Writes were acknowledged).
    pub released: u64,
}

/// What one resynchronisation changed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Resync {
    /// Entries the switch lacked.
    pub inserts: usize,
    /// Entries whose action data differed.
    pub modifies: usize,
    /// Entries the primary does not have.
    pub deletes: usize,
    /// Of those, refused by the switch.
    pub failures: usize,
    /// Registers set to their initial values (after the connection set
    /// the pipeline: a fresh switch).
    pub registers: usize,
}

/// The updates that make `have` (a table's entries on the switch) equal to
/// `want` (what the primary says), for table `table`: deletes first, then
/// modifies, then inserts, each in key order.
pub fn diff(table: &str, have: &[TableEntry], want: &[TableEntry]) -> Vec<Update> {
    let key = |e: &TableEntry| (e.key.clone(), e.priority);
    let have_by: HashMap<_, &TableEntry> = have.iter().map(|e| (key(e), e)).collect();
    let want_by: HashMap<_, &TableEntry> = want.iter().map(|e| (key(e), e)).collect();
    let mut deletes: Vec<&TableEntry> = have
        .iter()
        .filter(|e| !want_by.contains_key(&key(e)))
        .collect();
    let mut modifies: Vec<&TableEntry> = want
        .iter()
        .filter(|e| have_by.get(&key(e)).is_some_and(|h| **h != **e))
        .collect();
    let mut inserts: Vec<&TableEntry> = want
        .iter()
        .filter(|e| !have_by.contains_key(&key(e)))
        .collect();
    let order =
        |a: &&TableEntry, b: &&TableEntry| format!("{:?}", key(a)).cmp(&format!("{:?}", key(b)));
    deletes.sort_by(order);
    modifies.sort_by(order);
    inserts.sort_by(order);
    let t = table.to_string();
    deletes
        .into_iter()
        .map(|e| Update::Delete {
            table: t.clone(),
            key: e.key.clone(),
            priority: e.priority,
        })
        .chain(modifies.into_iter().map(|e| Update::Modify {
            table: t.clone(),
            entry: e.clone(),
        }))
        .chain(inserts.into_iter().map(|e| Update::Insert {
            table: t.clone(),
            entry: e.clone(),
        }))
        .collect()
}

/// `tandem server PROGRAM --switch ADDR --link IF`.
pub struct ServerDaemon {
    runtime: Runtime,
    remote: RemoteSwitch,
    link: Link,
    clock: Clock,
    next_tag: u64,
    idle_poll: Duration,
    next_idle: Duration,
    next_reconnect: Duration,
    checkpoint: Option<crate::journal::Journal>,
    read_only: Vec<(String, Vec<TableEntry>)>,
    /// Switch registers and their initial values.
    registers: Vec<(String, u64)>,
    /// Woken when a pipelined Write is answered.
    waker: Option<Arc<Waker>>,
    /// PayloadPark drop notices of held packets, by tag: sent if the packet
    /// is released as dropped.
    notices: HashMap<u64, Vec<u8>>,
    stats: ServerStats,
}

/// The server link as the daemon reads and writes it.
enum Link {
    /// One socket, read and written by the daemon's own thread.
    Direct(Box<dyn Port>),
    /// Receive threads with their own sockets and inboxes
    /// ([`crate::linkio`]).
    Workers(crate::linkio::LinkWorkers),
    /// No link: the switch's CPU port is the P4Runtime stream (packet-ins
    /// and packet-outs carrying the same frames a link would, transfer
    /// header in-band), for a switch whose server port cannot be an
    /// interface the server reaches.
    Stream { rx: u64, tx: u64 },
}

pub use crate::journal::CheckpointError;

/// Reads a checkpoint ([`ServerDaemon::set_checkpoint`]): the snapshot with
/// its journal applied (and the journal's torn tail, if the server died in
/// the middle of an append); None when the file does not exist.
pub fn read_checkpoint(
    path: &std::path::Path,
) -> Result<Option<crate::journal::Restored>, CheckpointError> {
    crate::journal::read(path)
}

impl ServerDaemon {
    /// A daemon over a connected `remote` switch and the server `link`.
    /// `clock` must be the one `remote` stamps visibility with.
    pub fn new(
        runtime: Runtime,
        remote: RemoteSwitch,
        link: Box<dyn Port>,
        clock: Clock,
        idle_poll: Duration,
    ) -> ServerDaemon {
        // Without an eventfd the daemon still takes answers every round.
        let waker = Waker::new().ok().map(Arc::new);
        ServerDaemon::build(runtime, remote, Link::Direct(link), waker, clock, idle_poll)
    }

    fn build(
        runtime: Runtime,
        mut remote: RemoteSwitch,
        link: Link,
        waker: Option<Arc<Waker>>,
        clock: Clock,
        idle_poll: Duration,
    ) -> ServerDaemon {
        if let Some(w) = &waker {
            let w = w.clone();
            remote.set_notify(Arc::new(move || w.wake()));
        }
        // A five-Write cycle returns at its commit point; the daemon lets
        // its packets out, then sends the rest ([`ServerDaemon::poll`]).
        remote.set_defer_cycle_tail(true);
        ServerDaemon {
            runtime,
            remote,
            link,
            clock,
            next_tag: 0,
            idle_poll,
            next_idle: Duration::ZERO,
            next_reconnect: Duration::ZERO,
            checkpoint: None,
            read_only: Vec::new(),
            registers: Vec::new(),
            notices: HashMap::new(),
            waker,
            stats: ServerStats::default(),
        }
    }

    /// A daemon whose server link is the P4Runtime stream itself: punts
    /// arrive as packet-ins, resumed packets leave as packet-outs into the
    /// switch's CPU port (BMv2: `--cpu-port`).
    pub fn over_stream(
        runtime: Runtime,
        remote: RemoteSwitch,
        clock: Clock,
        idle_poll: Duration,
    ) -> ServerDaemon {
        ServerDaemon::build(
            runtime,
            remote,
            Link::Stream { rx: 0, tx: 0 },
            None,
            clock,
            idle_poll,
        )
    }

    /// A daemon that reads the link on receive threads: one per socket in
    /// `ports` (a fanout group on the link interface), each with an inbox of
    /// `inbox` batches (module [`crate::linkio`]). The daemon's thread stays
    /// the one writer of the primary state.
    pub fn with_link_workers(
        runtime: Runtime,
        remote: RemoteSwitch,
        ports: Vec<Box<dyn Port>>,
        inbox: usize,
        clock: Clock,
        idle_poll: Duration,
    ) -> Result<ServerDaemon, PortError> {
        let waker = Arc::new(Waker::new()?);
        let workers = crate::linkio::LinkWorkers::start(ports, inbox, waker.clone())?;
        Ok(ServerDaemon::build(
            runtime,
            remote,
            Link::Workers(workers),
            Some(waker),
            clock,
            idle_poll,
        ))
    }

    /// Keeps the primary state in `path` as a snapshot and a journal
    /// ([`crate::journal`]): the state now becomes the snapshot; from then
    /// on every packet's changes are appended after the server part has run
    /// and before its update is sent to the switch, so the checkpoint holds
    /// at least what the switch holds and everything a released packet
    /// depended on; the journal is compacted into a new snapshot when it
    /// outgrows the last. A restarted server reads it back
    /// ([`read_checkpoint`], `Runtime::restore`) and resynchronises the
    /// switch from it.
    pub fn set_checkpoint(&mut self, path: std::path::PathBuf) -> Result<(), CheckpointError> {
        let now = (self.clock)();
        let j = crate::journal::Journal::create(&path, &self.runtime.snapshot(now))?;
        self.runtime.set_journal(true);
        self.checkpoint = Some(j);
        Ok(())
    }

    /// The checkpoint's journal (its counters), if there is one.
    pub fn journal(&self) -> Option<&crate::journal::Journal> {
        self.checkpoint.as_ref()
    }

    /// The program's read-only switch tables and their entries
    /// (`compiler::tables::initial_state`): every resynchronisation makes
    /// the switch hold exactly these too, so a switch that came up without
    /// them (started from a `switch.pipe.json`, or a pipeline the server
    /// set) gets them before it needs them. Registers are the switch data
    /// plane's own state: their initial values are written when the
    /// connection set the pipeline (the switch had none, its registers are
    /// zero), never over a running switch's values (the switch daemon
    /// installs them itself when it loads the `.nf`).
    pub fn set_initial(&mut self, init: &compiler::tables::InitialState) {
        self.registers = init.registers.clone();
        self.read_only = init
            .read_only_tables
            .iter()
            .map(|t| {
                let entries = init
                    .entries
                    .iter()
                    .filter(|(n, _)| n == t)
                    .map(|(_, e)| e.clone())
                    .collect();
                (t.clone(), entries)
            })
            .collect();
    }

    /// Appends what the primary state's last changes were to the journal
    /// (compacting it when it has outgrown the snapshot).
    fn write_checkpoint(&mut self, now: Duration) -> Result<(), PortError> {
        let Some(j) = self.checkpoint.as_mut() else {
            return Ok(());
        };
        let io = |e: CheckpointError| PortError::Io {
            interface: e.path.clone(),
            op: "checkpoint",
            source: std::io::Error::other(e.message),
        };
        let ns = u64::try_from(now.as_nanos()).unwrap_or(u64::MAX);
        let changes = self.runtime.take_journal();
        if j.append(&changes, self.runtime.state(), ns).map_err(io)? {
            self.stats.checkpoints += 1;
        }
        if j.due() {
            j.compact(&self.runtime.snapshot(now)).map_err(io)?;
        }
        Ok(())
    }

    /// Counters so far.
    pub fn stats(&self) -> &ServerStats {
        &self.stats
    }

    /// The runtime (primary state, its counters).
    pub fn runtime(&self) -> &Runtime {
        &self.runtime
    }

    /// Events the server part raised since the last call, in order.
    pub fn take_events(&mut self) -> Vec<interp::Event> {
        self.runtime.take_events()
    }

    /// The switch connection (its counters).
    pub fn remote(&self) -> &RemoteSwitch {
        &self.remote
    }

    /// The switch connection, e.g. to set its window.
    pub fn remote_mut(&mut self) -> &mut RemoteSwitch {
        &mut self.remote
    }

    /// The runtime, e.g. to turn group commit on or set its limits.
    pub fn runtime_mut(&mut self) -> &mut Runtime {
        &mut self.runtime
    }

    /// Frames on their way between the link's receive threads and this
    /// daemon (0 without receive threads).
    pub fn link_in_transit(&self) -> u64 {
        match &self.link {
            Link::Direct(_) | Link::Stream { .. } => 0,
            Link::Workers(w) => w.in_transit(),
        }
    }

    /// Atomic-update Writes in flight (their packets are held).
    pub fn in_flight(&self) -> usize {
        self.remote.in_flight()
    }

    /// Takes the Writes' answers that have arrived and tells the runtime.
    fn take_acks(&mut self) {
        let through = self.remote.poll_acks();
        self.runtime.acknowledge(through);
    }

    /// Makes the switch's replica tables hold exactly what the primary
    /// says (and its read-only tables their initial entries,
    /// [`ServerDaemon::set_initial`]): Read every such table, compare, Write the difference (one
    /// `CONTINUE_ON_ERROR` Write per table; a failed entry is counted and
    /// the others go on).
    pub fn resync(&mut self) -> Result<Resync, p4rt::remote::RemoteError> {
        // Gathered updates go out first (they are in the primary state the
        // resync writes: sent after it, their inserts would be refused); the
        // Reads below wait for every Write in flight.
        self.take_acks();
        // A switch driven by the five-Write protocol: an interrupted cycle
        // finished first, the protocol's view taken from the switch.
        self.remote.begin_resync()?;
        self.runtime.tick(&mut self.remote, Duration::MAX);
        let now = (self.clock)();
        let mut want: HashMap<String, Vec<TableEntry>> = HashMap::new();
        for t in self.runtime.replica_tables() {
            want.entry(t).or_default();
        }
        for (t, e) in self.runtime.replica_entries(now) {
            want.entry(t).or_default().push(e);
        }
        for (t, entries) in &self.read_only {
            want.insert(t.clone(), entries.clone());
        }
        let mut tables: Vec<String> = want.keys().cloned().collect();
        tables.sort();
        let mut r = Resync::default();
        if self.remote.fresh_pipeline() {
            let cells: Vec<(String, u32, u64)> = self
                .registers
                .iter()
                .map(|(name, v)| (name.clone(), 0, *v))
                .collect();
            r.failures += self.remote.write_registers(&cells)?;
            r.registers = cells.len();
            self.remote.take_fresh_pipeline();
        }
        for t in tables {
            let have = self.remote.read_table(&t)?;
            let updates = diff(&t, &have, &want[&t]);
            for u in &updates {
                match u {
                    Update::Insert { .. } => r.inserts += 1,
                    Update::Modify { .. } => r.modifies += 1,
                    Update::Delete { .. } => r.deletes += 1,
                }
            }
            r.failures += self.remote.write(&updates, false)?;
        }
        // The main tables hold the primary state: the visibility bit and
        // the write-back tables can be cleared.
        self.remote.end_resync()?;
        // Every update submitted so far is in the state just written.
        self.remote.resynced();
        self.take_acks();
        self.stats.resyncs += 1;
        self.stats.resync_inserts += r.inserts as u64;
        self.stats.resync_modifies += r.modifies as u64;
        self.stats.resync_deletes += r.deletes as u64;
        self.stats.resync_failures += r.failures as u64;
        Ok(r)
    }

    /// One round: reconnect if the switch was lost (then resync), take up
    /// to 64 frames from the link (waiting up to `timeout`, or until a
    /// Write is answered, when none is ready), handle them, take the
    /// Writes' answers, let out released packets, poll idle entries when
    /// due. Returns the frames handled plus the packets released.
    pub fn poll(&mut self, timeout: Duration) -> Result<usize, PortError> {
        let now = (self.clock)();
        if !self.remote.is_connected() && now >= self.next_reconnect {
            self.next_reconnect = now + RECONNECT_EVERY;
            match self.remote.reconnect() {
                Ok(()) => {
                    if self.resync().is_err() {
                        self.stats.reconnect_failures += 1;
                    }
                }
                Err(_) => self.stats.reconnect_failures += 1,
            }
        }
        if self.remote.is_connected() && self.remote.take_refused() {
            // The switch lacks what a refused update carried: make it equal
            // to the primary again.
            self.stats.refusal_resyncs += 1;
            let _ = self.resync();
        }
        let frames = self.take_frames(timeout)?;
        // Answers are taken once per round, before the round's frames: a
        // burst of frames read together meets the same Writes in flight
        // (what group commit gathers does not depend on how fast the
        // loopback answers in the middle of a batch).
        self.take_acks();
        let n = frames.len();
        if n == 0 {
            // Quiet: look at the stream (a closed one means the switch is
            // gone; idle notifications are kept for the next idle poll).
            self.remote.check();
        }
        // On a switch driven by the five-Write protocol a cycle is one
        // synchronous exchange, so nothing is in flight for group commit to
        // gather behind: the round's frames gather their updates into one
        // cycle instead.
        let round = n > 1 && self.remote.phased_stats().is_some();
        if round {
            self.runtime.open_round();
        }
        for f in frames {
            self.stats.frames_in += 1;
            self.handle(&f)?;
        }
        let now = (self.clock)();
        if round {
            self.runtime.close_round(&mut self.remote, now);
        }
        self.take_acks();
        self.runtime.tick(&mut self.remote, now);
        let mut released = self.release(now)?;
        // The packets the last cycle's commit point released are out: its
        // main-table writes, flip back and clean-up follow.
        self.remote.finish_cycle();
        if now >= self.next_idle {
            self.next_idle = now + self.idle_poll;
            if self.remote.is_connected() {
                let before = self.runtime.stats().idle_removals;
                self.runtime.expire_idle(&mut self.remote, now);
                if self.runtime.stats().idle_removals != before {
                    self.write_checkpoint(now)?;
                }
                released += self.release(now)?;
            }
        }
        Ok(n + released)
    }

    /// The frames that have arrived on the link; when none has, waits up to
    /// `timeout` for one (or for an answer to a Write in flight).
    fn take_frames(&mut self, timeout: Duration) -> Result<Vec<Vec<u8>>, PortError> {
        let mut frames: Vec<Vec<u8>> = Vec::new();
        let waker = self.waker.clone();
        match &mut self.link {
            Link::Direct(link) => {
                link.recv(64, Duration::ZERO, &mut |f| frames.push(f.data.to_vec()))?;
                if !frames.is_empty() || timeout.is_zero() {
                    return Ok(frames);
                }
                match &waker {
                    Some(w) if self.remote.in_flight() > 0 => {
                        w.clear();
                        let before = self.remote.acknowledged();
                        if self.remote.poll_acks() == before && self.remote.in_flight() > 0 {
                            let mut poller = Poller::new(std::iter::once(&**link));
                            poller.add_waker(w);
                            poller.wait(timeout)?;
                        }
                        link.recv(64, Duration::ZERO, &mut |f| frames.push(f.data.to_vec()))?;
                    }
                    _ => {
                        link.recv(64, timeout, &mut |f| frames.push(f.data.to_vec()))?;
                    }
                }
            }
            Link::Stream { rx, .. } => {
                // With Writes in flight, wait briefly: their answers are
                // taken between rounds.
                let wait = if self.remote.in_flight() > 0 {
                    timeout.min(Duration::from_millis(1))
                } else {
                    timeout
                };
                frames = self.remote.take_packets(64, wait);
                *rx += frames.len() as u64;
            }
            Link::Workers(w) => {
                frames = w.take()?;
                if !frames.is_empty() || timeout.is_zero() {
                    return Ok(frames);
                }
                if let Some(wk) = &waker {
                    wk.clear();
                    frames = w.take()?;
                    let before = self.remote.acknowledged();
                    if frames.is_empty() && self.remote.poll_acks() == before {
                        let mut poller = Poller::new(std::iter::empty());
                        poller.add_waker(wk);
                        poller.wait(timeout)?;
                        frames = w.take()?;
                    }
                }
            }
        }
        Ok(frames)
    }

    fn handle(&mut self, frame: &[u8]) -> Result<(), PortError> {
        if !self.remote.is_connected() {
            self.stats.dropped_disconnected += 1;
            return Ok(());
        }
        let now = (self.clock)();
        let tag = self.next_tag;
        self.next_tag += 1;
        let h = if server::frames::is_transfer(frame) {
            self.stats.punts += 1;
            self.runtime.decide(frame, now)
        } else {
            match link::unwrap(frame) {
                Ok((link::Kind::FromPort, port, inner)) => {
                    self.stats.slow_path += 1;
                    self.runtime.decide_whole(inner, port, now)
                }
                _ => {
                    self.stats.bad_frames += 1;
                    return Ok(());
                }
            }
        };
        let h = match h {
            Ok(d) => {
                // Journaled before the update leaves (server-only state
                // may have changed too).
                self.write_checkpoint(now)?;
                let h = self.runtime.commit(&mut self.remote, d, now, tag);
                // A refused new flow's keys were taken back.
                self.write_checkpoint(now)?;
                Ok(h)
            }
            Err(e) => Err(e),
        };
        match h {
            Ok(Handled::Dropped) => {
                self.stats.dropped += 1;
                self.park_notice(link::inner_frame(frame))
            }
            Ok(Handled::Held) => {
                // Its notice, should it be released as dropped.
                if let Some(n) =
                    link::inner_frame(frame).and_then(|f| park::notice::drop_notice(&f))
                {
                    self.notices.insert(tag, n);
                }
                Ok(())
            }
            Ok(h) => self.send(h),
            Err(_) => {
                self.stats.bad_frames += 1;
                Ok(())
            }
        }
    }

    /// PayloadPark's explicit drop notice for a dropped packet (paper
    /// §6.2.4), when its payload was parked in the switch: the switch frees
    /// the slot at once.
    fn park_notice(&mut self, inner: Option<Vec<u8>>) -> Result<(), PortError> {
        let Some(n) = inner.and_then(|f| park::notice::drop_notice(&f)) else {
            return Ok(());
        };
        self.send_notice(n)
    }

    fn send_notice(&mut self, notice: Vec<u8>) -> Result<(), PortError> {
        let frame = link::wrap(link::Kind::ParkDrop, 0, &notice);
        self.stats.park_notices += 1;
        let sent = match &mut self.link {
            Link::Direct(link) => link.send(&frame)?,
            Link::Workers(w) => w.send(frame)?,
            Link::Stream { tx, .. } => {
                *tx += 1;
                self.remote.packet_out(frame)
            }
        };
        if !sent {
            self.stats.tx_refused += 1;
        }
        Ok(())
    }

    fn release(&mut self, now: Duration) -> Result<usize, PortError> {
        let out = self.runtime.release(now);
        let n = out.len();
        self.stats.released += n as u64;
        for r in out {
            let notice = self.notices.remove(&r.tag);
            match (r.what, notice) {
                (Handled::Dropped, Some(n)) => {
                    self.stats.dropped += 1;
                    self.send_notice(n)?;
                }
                (what, _) => self.send(what)?,
            }
        }
        Ok(n)
    }

    fn send(&mut self, h: Handled) -> Result<(), PortError> {
        let frame = match h {
            Handled::ToSwitch(f) => f,
            Handled::Out { port, frame } => link::wrap(link::Kind::OutOf, port, &frame),
            Handled::Dropped => {
                self.stats.dropped += 1;
                return Ok(());
            }
            Handled::Held => return Ok(()),
        };
        let sent = match &mut self.link {
            Link::Direct(link) => link.send(&frame)?,
            Link::Workers(w) => w.send(frame)?,
            Link::Stream { tx, .. } => {
                *tx += 1;
                self.remote.packet_out(frame)
            }
        };
        if sent {
            self.stats.to_switch += 1;
        } else {
            self.stats.tx_refused += 1;
        }
        Ok(())
    }

    /// The switch program's counters by Read: `{name: {packets, bytes}}`.
    fn switch_counters(&mut self) -> Option<serde_json::Value> {
        if !self.remote.is_connected() {
            return None;
        }
        let read = self.remote.read_counters().ok()?;
        Some(serde_json::Value::Object(
            read.into_iter()
                .map(|(name, packets, bytes)| {
                    (
                        name,
                        serde_json::json!({"packets": packets, "bytes": bytes}),
                    )
                })
                .collect(),
        ))
    }

    /// A status line: the daemon's counters, the runtime's and the
    /// P4Runtime client's (JSON, one line).
    pub fn status(&mut self) -> serde_json::Value {
        serde_json::json!({
            "daemon": self.stats,
            "connected": self.remote.is_connected(),
            "in_flight": self.remote.in_flight(),
            "runtime": self.runtime.stats(),
            "held_now": self.runtime.held_now(),
            "journal": self.checkpoint.as_ref().map(|j| *j.stats()),
            "p4runtime": self.remote.stats(),
            // Atomic updates as the five-Write protocol (a switch Tandem did
            // not write); null on Tandem's own switch.
            "phased": self.remote.phased_stats(),
            // What the switch part counted, read from the switch (null
            // while it is not connected).
            "switch_counters": self.switch_counters(),
            "link": self.link_status(),
        })
    }

    /// The server link's counters, summed over its receive threads (their
    /// inbox overflows counted as ring drops: frames lost before the
    /// runtime saw them).
    pub fn link_stats(&mut self) -> port::PortStats {
        match &mut self.link {
            Link::Direct(link) => link.stats(),
            Link::Stream { rx, tx } => port::PortStats {
                rx_frames: *rx,
                tx_frames: *tx,
                rx_ring_drops: self.remote.stats().packet_in_overflow,
                tx_errors: self.remote.stats().packet_out_refused,
                ..Default::default()
            },
            Link::Workers(w) => {
                let mut s = port::PortStats::default();
                for r in w.stats() {
                    s.rx_frames += r.rx_frames;
                    s.tx_frames += r.tx_frames;
                    s.rx_ring_drops += r.rx_ring_drops + r.inbox_overflow;
                    s.tx_errors += r.tx_refused;
                }
                s
            }
        }
    }

    fn link_status(&mut self) -> serde_json::Value {
        match &mut self.link {
            Link::Stream { rx, tx } => serde_json::json!({
                "p4runtime_stream": true,
                "rx_frames": *rx,
                "tx_frames": *tx,
                "rx_ring_drops": self.remote.stats().packet_in_overflow,
            }),
            Link::Direct(link) => {
                let s = link.stats();
                serde_json::json!({
                    "rx_frames": s.rx_frames,
                    "tx_frames": s.tx_frames,
                    "rx_ring_drops": s.rx_ring_drops,
                })
            }
            Link::Workers(w) => {
                let per = w.stats();
                let sum = |f: fn(&crate::linkio::ReceiverStats) -> u64| -> u64 {
                    per.iter().map(f).sum()
                };
                serde_json::json!({
                    "rx_frames": sum(|r| r.rx_frames),
                    "tx_frames": sum(|r| r.tx_frames),
                    "rx_ring_drops": sum(|r| r.rx_ring_drops),
                    "inbox_overflow": sum(|r| r.inbox_overflow),
                    "receivers": per,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_deletes_extra_modifies_changed_and_inserts_missing() {
        let e = |k: u64, v: u64| TableEntry::exact(&[k], "hit_t", &[v]);
        let have = vec![e(1, 10), e(2, 20), e(3, 30)];
        let want = vec![e(2, 20), e(3, 31), e(4, 40)];
        let u = diff("t", &have, &want);
        assert_eq!(
            u,
            vec![
                Update::Delete {
                    table: "t".into(),
                    key: e(1, 10).key,
                    priority: 0
                },
                Update::Modify {
                    table: "t".into(),
                    entry: e(3, 31)
                },
                Update::Insert {
                    table: "t".into(),
                    entry: e(4, 40)
                },
            ]
        );
        assert!(diff("t", &want, &want).is_empty());
    }
}
