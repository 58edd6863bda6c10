//! [`ShardedEngine`]: the partitioned execution on several threads
//! (`tandem live --workers N`), equal to the sequential one.
//!
//! ```text
//!   worker 0 ─ replica 0 (switch data plane) ─┐                ┌─ leader switch (control calls only)
//!   worker 1 ─ replica 1 (switch data plane) ─┼─ server lock ──┤  server::Runtime (primary, output commit)
//!   worker N ─ replica N (switch data plane) ─┘  (stamp order) └─ idle polls, held bookkeeping, counters
//!       ▲                                                          │ operations it queues, with their times
//!       └──────────────── inbox per replica ◀─────────────────────┘
//! ```
//!
//! Every packet gets a **stamp** from one clock shared by all workers
//! (strictly increasing: `max(wall, last + 1)`). The claim: a sharded run
//! equals the sequential run ([`crate::PartitionedEngine`] driven by
//! [`crate::Runner`]) of the same packets in stamp order, with
//! [`crate::Runner::advance`] at the stamps of the timer-only runs (idle
//! workers letting held packets out) — the same frames out of each port in
//! the same order with the same times, the same final state and counters.
//! docs/LIVE.md ("All cores") gives the argument; in short:
//!
//! * The **server side** (runtime, leader switch, idle polls, held
//!   bookkeeping) runs behind one lock, in stamp order: before a server call
//!   or a timer run at stamp `t`, a worker waits until no other worker has a
//!   packet stamped below `t` in progress.
//! * Each worker's **replica** of the switch follows every operation the
//!   leader's control channel queues, at the time the leader gave it. A server
//!   call at `s` changes nothing a packet can see before `s + L_min`
//!   (`L_min` = [`pipe::Latency::min_effect_delay`]), so a worker may run a
//!   packet stamped `t` on its replica as soon as every packet stamped up to
//!   `t - L_min` is complete (the **horizon**): every operation taking effect
//!   by `t` is then in its inbox.
//! * **Timers** (idle polls, held packets due, group-commit cycles) run at
//!   the first stamp at or after their time, as [`crate::Runner::packet`]
//!   runs them before a packet. Every instant a server call could make a
//!   timer of is published in `next_due` at least `L_min` ahead, or was
//!   published earlier (the runtime's [`server::Runtime::next_instant`]: held
//!   packets, updates in flight, the cycle in flight), so a worker whose stamp
//!   reached `next_due` serialises before touching its replica.
//!
//! Not shardable (the caller keeps one engine then): a switch part whose data
//! plane writes state of its own (registers, counters, meters: replicas would
//! each keep their own), BMv2 as the data plane, PayloadPark in front.

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::{Relaxed, SeqCst};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use interp::{Event, Verdict};

use crate::engine::{Engine, EngineError, Released};
use crate::partitioned::{
    Book, IDLE_POLL_NS, PartitionStats, PartitionedEngine, Planes, ServerSide,
};
use crate::run::{MAX_ERRORS_KEPT, Runner};
use crate::sink::{Emitted, PacketLog};
use crate::summary::{Source, Summary};

/// Why a [`PartitionedEngine`] cannot be sharded; the engine comes back, so the
/// caller can run it on one thread instead.
pub struct NotShardable {
    /// The engine, unchanged.
    pub engine: Box<PartitionedEngine>,
    /// Why.
    pub reason: String,
}

impl std::fmt::Debug for NotShardable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NotShardable({})", self.reason)
    }
}

impl std::fmt::Display for NotShardable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the partitioned engine cannot be sharded: {}",
            self.reason
        )
    }
}

impl std::error::Error for NotShardable {}

/// An atomic on its own cache line (workers write their own often).
#[repr(align(64))]
#[derive(Default)]
struct Padded(AtomicU64);

/// The server side and the leader switch.
struct Leader {
    side: ServerSide,
    switch: pipe::Switch,
}

/// Counters of the sharding protocol itself.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct ShardStats {
    /// Timer runs (a worker serialised because its stamp reached `next_due`).
    pub timer_runs: u64,
    /// Server calls (punts, slow-path frames).
    pub server_calls: u64,
    /// Server calls that found a timer due at or before their stamp: the
    /// protocol's invariant broken (always 0; tests check it).
    pub order_violations: u64,
}

/// The partitioned engine shared by worker threads; see the module docs.
pub struct ShardedEngine {
    server: Mutex<Leader>,
    replicas: Vec<Mutex<pipe::Switch>>,
    /// Operations the leader queued, not yet followed by each replica.
    inboxes: Vec<Mutex<Vec<Arc<pipe::Scheduled>>>>,
    /// How many shipments each inbox holds (checked without its lock).
    inbox_len: Vec<Padded>,
    /// Held packets by flow, per worker (a flow's packets reach one worker).
    books: Vec<Mutex<Book>>,
    book_len: Vec<Padded>,
    /// Per worker: a lower bound of the stamp it is working on; `u64::MAX`
    /// when it is not working on one.
    slots: Vec<Padded>,
    /// The latest stamp given out.
    clock: Padded,
    /// The earliest instant at which the server side must run before a
    /// packet ([`ServerSide::next_due`]).
    next_due: Padded,
    /// The earliest packet stamp seen (fixes the idle-poll schedule).
    first_packet: Padded,
    switch_only: Vec<Padded>,
    timer_runs: AtomicU64,
    server_calls: AtomicU64,
    violations: AtomicU64,
    gate: Gate,
    server_port: u16,
    l_min: u64,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

/// Where workers wait for each other: a short spin, then asleep until a
/// worker finishes or takes a stamp (or 200 µs pass). Sleeping matters: a
/// waiter spinning on a busy machine takes the CPU from the very worker it
/// waits for.
#[derive(Default)]
struct Gate {
    waiters: AtomicU64,
    lock: Mutex<()>,
    cv: Condvar,
}

impl Gate {
    /// Returns once `ready()` holds.
    fn wait_until(&self, ready: impl Fn() -> bool) {
        // The worker waited for is usually a packet away (microseconds):
        // spin, then give the CPU away a few times (it may be waiting for
        // this one), then sleep.
        for i in 0..256 {
            if ready() {
                return;
            }
            if i < 192 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        self.waiters.fetch_add(1, SeqCst);
        while !ready() {
            let g = lock(&self.lock);
            if ready() {
                break;
            }
            // A wake-up between `ready()` and here takes the lock first, so
            // it is not lost; the timeout is a second guard.
            let _ = self
                .cv
                .wait_timeout(g, Duration::from_micros(200))
                .unwrap_or_else(PoisonError::into_inner);
        }
        self.waiters.fetch_sub(1, SeqCst);
    }

    /// Wakes the waiters (after a slot changed).
    fn wake(&self) {
        if self.waiters.load(SeqCst) > 0 {
            drop(lock(&self.lock));
            self.cv.notify_all();
        }
    }
}

impl ShardedEngine {
    /// Splits a loaded partitioned engine (before its first packet) into a
    /// server side with the leader switch and `workers` replicas of its data
    /// plane, each a copy of the switch as loaded.
    pub fn new(engine: PartitionedEngine, workers: usize) -> Result<ShardedEngine, NotShardable> {
        if workers == 0 {
            return Err(NotShardable {
                engine: Box::new(engine),
                reason: "no workers".into(),
            });
        }
        if let Some(reason) = engine.unshardable() {
            return Err(NotShardable {
                engine: Box::new(engine),
                reason,
            });
        }
        let (side, switch) = engine.into_parts();
        let l_min = nanos(switch.latency().min_effect_delay()).min(IDLE_POLL_NS);
        let mut leader = switch.clone();
        leader.set_ship_log(true);
        // The miss-punt meter, if configured, polices each replica's share:
        // together they let through what the one switch would (bursts split
        // too), so a flood spread over the workers meets the same limit.
        let meter = compiler::lower_switch::MISS_PUNT_METER;
        let shared = switch.meter_config(meter, 0).ok().flatten();
        let n = workers as u64;
        let share = shared.map(|c| pipe::meter::MeterConfig {
            cir: (c.cir / n).max(1),
            cburst: (c.cburst / n).max(1),
            pir: (c.pir / n).max(1),
            pburst: (c.pburst / n).max(1),
        });
        let replicas = (0..workers)
            .map(|_| {
                let mut r = switch.clone();
                r.set_follower(true);
                if share.is_some() {
                    // The program has the meter (it was configured).
                    let _ = r.set_meter(meter, 0, share);
                }
                Mutex::new(r)
            })
            .collect();
        let pad = |v: u64| Padded(AtomicU64::new(v));
        Ok(ShardedEngine {
            server_port: side.server_port,
            server: Mutex::new(Leader {
                side,
                switch: leader,
            }),
            replicas,
            inboxes: (0..workers).map(|_| Mutex::new(Vec::new())).collect(),
            inbox_len: (0..workers).map(|_| pad(0)).collect(),
            books: (0..workers).map(|_| Mutex::new(Book::default())).collect(),
            book_len: (0..workers).map(|_| pad(0)).collect(),
            slots: (0..workers).map(|_| pad(u64::MAX)).collect(),
            clock: pad(0),
            next_due: pad(u64::MAX),
            first_packet: pad(u64::MAX),
            switch_only: (0..workers).map(|_| pad(0)).collect(),
            timer_runs: AtomicU64::new(0),
            server_calls: AtomicU64::new(0),
            violations: AtomicU64::new(0),
            gate: Gate::default(),
            l_min,
        })
    }

    /// Number of workers (replicas).
    pub fn workers(&self) -> usize {
        self.replicas.len()
    }

    /// `L_min` in nanoseconds: the least time from a server call to anything
    /// of it a packet can see.
    pub fn min_delay_ns(&self) -> u64 {
        self.l_min
    }

    /// Gives worker `id` the next stamp: `max(wall, latest + 1)`. From here
    /// until [`ShardedEngine::done`] the worker holds that stamp in progress;
    /// it must hand it to [`Runner::packet`] or [`Runner::advance`] of its
    /// [`ShardedEngine::worker`] and then call `done`.
    pub fn stamp(&self, id: usize, wall: u64) -> u64 {
        let slot = &self.slots[id].0;
        // A lower bound first, so a worker reading the slots between the two
        // stores never misses this one (it may wait for it a moment).
        slot.store(self.clock.0.load(SeqCst), SeqCst);
        let mut last = self.clock.0.load(SeqCst);
        let t = loop {
            let t = wall.max(last.saturating_add(1)).min(u64::MAX - 1);
            match self.clock.0.compare_exchange_weak(last, t, SeqCst, SeqCst) {
                Ok(_) => break t,
                Err(now) => last = now,
            }
        };
        slot.store(t, SeqCst);
        self.gate.wake();
        t
    }

    /// Worker `id` has finished its stamp (everything it did for it is
    /// visible to the others).
    pub fn done(&self, id: usize) {
        self.slots[id].0.store(u64::MAX, SeqCst);
        self.gate.wake();
    }

    /// Whether the server side has something due at or before `t` (an idle
    /// worker then takes a stamp and runs [`Runner::advance`] with it).
    pub fn due_by(&self, t: u64) -> bool {
        t >= self.next_due.0.load(SeqCst)
    }

    /// The engine as worker `id` sees it, for its own [`Runner`].
    pub fn worker(&self, id: usize) -> ShardWorker<'_> {
        ShardWorker {
            eng: self,
            id,
            safe_until: 0,
            held_now: false,
        }
    }

    /// The engine that ends the run: once every worker has stopped, a
    /// [`Runner`] over it, finished, lets out what is still held (as
    /// [`crate::PartitionedEngine`] does at the end of a replay), on
    /// replica 0.
    pub fn finisher(&self) -> ShardFinish<'_> {
        ShardFinish { eng: self }
    }

    /// Brings replica `id` up to date with what the leader shipped (idle
    /// workers call it now and then, so inboxes stay short).
    pub fn drain(&self, id: usize) {
        if self.inbox_len[id].0.load(SeqCst) == 0 {
            return;
        }
        let mut r = lock(&self.replicas[id]);
        self.follow(id, &mut r);
    }

    fn follow(&self, id: usize, replica: &mut pipe::Switch) {
        if self.inbox_len[id].0.load(SeqCst) == 0 {
            return;
        }
        let items = {
            let mut inbox = lock(&self.inboxes[id]);
            self.inbox_len[id].0.store(0, SeqCst);
            std::mem::take(&mut *inbox)
        };
        for s in &items {
            replica.follow(s);
        }
    }

    /// Counters so far (switch-only packets summed over workers).
    pub fn stats(&self) -> PartitionStats {
        let mut s = lock(&self.server).side.stats();
        s.miss_punt_drops = self
            .replicas
            .iter()
            .map(|r| crate::partitioned::meter_drops(&lock(r)))
            .sum();
        s.switch_only_packets += self
            .switch_only
            .iter()
            .map(|c| c.0.load(SeqCst))
            .sum::<u64>();
        s
    }

    /// The protocol's own counters.
    pub fn shard_stats(&self) -> ShardStats {
        ShardStats {
            timer_runs: self.timer_runs.load(SeqCst),
            server_calls: self.server_calls.load(SeqCst),
            order_violations: self.violations.load(SeqCst),
        }
    }

    /// The full state as JSON at `now_ns` (the primary's: a shardable switch
    /// part keeps no state of its own).
    pub fn state_json(&self, now_ns: u64) -> serde_json::Value {
        lock(&self.server).side.server.state().to_json(now_ns)
    }

    /// Live size of every state object at `now_ns`.
    pub fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        lock(&self.server).side.server.state().sizes(now_ns)
    }

    /// The leader switch's entries of `table` at `at` (after every operation
    /// due by then; tests compare them with the replicas' and the sequential
    /// run's switch).
    pub fn leader_entries(&self, table: &str, at: Duration) -> Option<Vec<pipe::TableEntry>> {
        let mut leader = lock(&self.server);
        leader.switch.advance(at);
        leader.switch.entries(table).ok()
    }

    /// Replica `id`'s entries of `table` at `at`, after it followed
    /// everything shipped.
    pub fn replica_entries(
        &self,
        id: usize,
        table: &str,
        at: Duration,
    ) -> Option<Vec<pipe::TableEntry>> {
        let mut r = lock(&self.replicas[id]);
        self.follow(id, &mut r);
        r.advance(at);
        r.entries(table).ok()
    }

    /// The summary of the whole run from each worker's runner's summary
    /// and the finisher's: counts summed, times spanned, events, state and
    /// counters from the server side, as `tandem run` gives them. A worker's
    /// engine errors name packets by their number among that worker's.
    pub fn summary(
        &self,
        program: &ir::Program,
        source: Source,
        workers: Vec<Summary>,
        end: Summary,
    ) -> Summary {
        let mut s = Summary {
            program: program.name.clone(),
            engine: "partitioned".to_string(),
            source,
            packets_in: Default::default(),
            packets_out: Default::default(),
            dropped: 0,
            failed: 0,
            engine_errors: Vec::new(),
            input_errors: Vec::new(),
            first_ts_ns: None,
            last_ts_ns: None,
            events: end.events.clone(),
            state_sizes: Default::default(),
            closed_loop: None,
            park: None,
            partition: Some(self.stats()),
        };
        for w in workers.iter().chain(std::iter::once(&end)) {
            for (p, n) in &w.packets_in {
                *s.packets_in.entry(*p).or_insert(0) += n;
            }
            for (p, n) in &w.packets_out {
                *s.packets_out.entry(*p).or_insert(0) += n;
            }
            s.dropped += w.dropped;
            s.failed += w.failed;
            for e in &w.engine_errors {
                if s.engine_errors.len() < MAX_ERRORS_KEPT {
                    s.engine_errors.push(e.clone());
                }
            }
            s.first_ts_ns = match (s.first_ts_ns, w.first_ts_ns) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            s.last_ts_ns = s.last_ts_ns.max(w.last_ts_ns);
        }
        s.state_sizes = self
            .state_sizes(s.last_ts_ns.unwrap_or(0))
            .into_iter()
            .collect();
        s
    }

    /// Waits until no other worker than `id` has a stamp below `t` in
    /// progress.
    fn wait_smaller(&self, id: usize, t: u64) {
        self.gate.wait_until(|| {
            self.slots
                .iter()
                .enumerate()
                .all(|(k, s)| k == id || s.0.load(SeqCst) > t)
        });
    }

    /// A timer run at `t` on worker `id`: what [`Runner::advance`] does on the
    /// sequential engine, in stamp order.
    fn run_timers(&self, id: usize, t: u64, out: &mut Vec<Released>) {
        self.wait_smaller(id, t);
        let mut leader = lock(&self.server);
        let mut replica = lock(&self.replicas[id]);
        self.timer_runs.fetch_add(1, SeqCst);
        self.follow(id, &mut replica);
        let Leader { side, switch } = &mut *leader;
        let mut planes = ShardPlanes {
            eng: self,
            id,
            leader: switch,
            replica: &mut replica,
        };
        side.release(&mut planes, t, out);
        planes.ship();
        self.next_due.0.store(side.next_due(), SeqCst);
    }

    /// A frame worker `id`'s replica sent to the server port at `t`.
    fn server_call(
        &self,
        id: usize,
        frame: &mut Vec<u8>,
        to_server: &[u8],
        in_port: u16,
        t: u64,
    ) -> Result<(Verdict, bool), EngineError> {
        self.wait_smaller(id, t);
        let mut leader = lock(&self.server);
        let mut replica = lock(&self.replicas[id]);
        self.server_calls.fetch_add(1, SeqCst);
        let Leader { side, switch } = &mut *leader;
        if side.next_due() <= t {
            self.violations.fetch_add(1, SeqCst);
        }
        self.follow(id, &mut replica);
        let mut planes = ShardPlanes {
            eng: self,
            id,
            leader: switch,
            replica: &mut replica,
        };
        side.begin_packet(&mut planes, t);
        // The stamp names the packet (unique, unlike a worker's call count).
        let r = side.server_call(&mut planes, frame, to_server, in_port, t, t);
        planes.ship();
        self.next_due.0.store(side.next_due(), SeqCst);
        r
    }

    /// Notes a packet stamped `t`: the earliest fixes the idle-poll schedule.
    fn note_packet(&self, t: u64) {
        if t >= self.first_packet.0.load(SeqCst) {
            return;
        }
        if self.first_packet.0.fetch_min(t, SeqCst) > t {
            let mut leader = lock(&self.server);
            leader.side.note_first(t);
            self.next_due.0.store(leader.side.next_due(), SeqCst);
        }
    }
}

/// The leader and one worker's replica, as the server side sees them.
struct ShardPlanes<'a> {
    eng: &'a ShardedEngine,
    id: usize,
    leader: &'a mut pipe::Switch,
    replica: &'a mut pipe::Switch,
}

impl ShardPlanes<'_> {
    /// Hands what the leader queued to every replica's inbox.
    fn ship(&mut self) {
        let s = self.leader.take_scheduled();
        if s.is_empty() {
            return;
        }
        let s = Arc::new(s);
        for (inbox, len) in self.eng.inboxes.iter().zip(&self.eng.inbox_len) {
            let mut i = lock(inbox);
            i.push(Arc::clone(&s));
            len.0.store(i.len() as u64, SeqCst);
        }
    }
}

impl Planes for ShardPlanes<'_> {
    fn control(&mut self) -> &mut pipe::Switch {
        self.leader
    }

    fn post_plane(
        &mut self,
        now: Duration,
        port: u16,
        frame: &[u8],
    ) -> Result<pipe::Output, EngineError> {
        self.ship();
        self.eng.follow(self.id, self.replica);
        // The sequential engine's one switch has been brought to the
        // leader's time by the control calls before this frame.
        self.replica.advance(self.leader.now());
        self.replica
            .process(now, port, frame)
            .map_err(|e| EngineError::Other(Box::new(e)))
    }

    fn before_poll(&mut self, at: Duration) {
        self.ship();
        for k in 0..self.eng.replicas.len() {
            if k == self.id {
                self.eng.follow(k, self.replica);
                self.leader.absorb_hits(at, self.replica);
            } else {
                let mut r = lock(&self.eng.replicas[k]);
                self.eng.follow(k, &mut r);
                self.leader.absorb_hits(at, &mut r);
            }
        }
    }

    fn book(&self) -> usize {
        self.id
    }

    fn hold_flow(&mut self, flow: wire::FlowKey, tag: u64) {
        let mut b = lock(&self.eng.books[self.id]);
        b.hold(flow, tag);
        self.eng.book_len[self.id].0.store(b.len() as u64, SeqCst);
    }

    fn overtaken(&mut self, book: usize, flow: wire::FlowKey, tag: u64) -> bool {
        let Some(m) = self.eng.books.get(book) else {
            return false;
        };
        let mut b = lock(m);
        let was = b.overtaken(flow, tag);
        self.eng.book_len[book].0.store(b.len() as u64, SeqCst);
        was
    }
}

/// One worker's view of a [`ShardedEngine`]: an [`Engine`] for its own
/// [`Runner`], taking stamps from [`ShardedEngine::stamp`].
pub struct ShardWorker<'a> {
    eng: &'a ShardedEngine,
    id: usize,
    /// Stamps below this are within the horizon (see the module docs).
    safe_until: u64,
    held_now: bool,
}

impl ShardWorker<'_> {
    /// Waits until every packet stamped at or before `t - L_min` is
    /// complete.
    fn horizon(&mut self, t: u64) {
        if t < self.safe_until {
            return;
        }
        let (eng, id) = (self.eng, self.id);
        let safe = std::cell::Cell::new(0u64);
        eng.gate.wait_until(|| {
            // The clock first: a worker that takes a stamp after these reads
            // gets one above it.
            let c = eng.clock.0.load(SeqCst);
            let mut lo = c.saturating_add(1);
            for (k, s) in eng.slots.iter().enumerate() {
                if k != id {
                    lo = lo.min(s.0.load(SeqCst));
                }
            }
            safe.set(lo.saturating_add(eng.l_min));
            t < safe.get()
        });
        self.safe_until = safe.get();
    }
}

impl Engine for ShardWorker<'_> {
    fn name(&self) -> &str {
        "partitioned"
    }

    fn process(
        &mut self,
        frame: &mut Vec<u8>,
        in_port: u16,
        now_ns: u64,
    ) -> Result<Verdict, EngineError> {
        let eng = self.eng;
        let id = self.id;
        self.held_now = false;
        self.horizon(now_ns);
        eng.note_packet(now_ns);
        // The flow matters only while some packet of this worker is held.
        let flow = if eng.book_len[id].0.load(SeqCst) == 0 {
            None
        } else {
            wire::FlowKey::from_frame(frame).ok().flatten()
        };
        let out = {
            let mut replica = lock(&eng.replicas[id]);
            eng.follow(id, &mut replica);
            replica
                .process(Duration::from_nanos(now_ns), in_port, frame)
                .map_err(|e| EngineError::Other(Box::new(e)))?
        };
        let verdict = match out.verdict {
            pipe::Verdict::Emit { port } if port == eng.server_port => {
                let (v, held) = eng.server_call(id, frame, &out.bytes, in_port, now_ns)?;
                if held {
                    self.held_now = true;
                    return Ok(Verdict::Drop);
                }
                v
            }
            pipe::Verdict::Emit { port } => {
                eng.switch_only[id].0.fetch_add(1, Relaxed);
                // Into the caller's buffer: the output's buffer is freed by
                // this thread, which allocated it (the caller's may come from
                // another thread's arena).
                frame.clear();
                frame.extend_from_slice(&out.bytes);
                Verdict::Forward(port)
            }
            pipe::Verdict::Drop(_) => {
                eng.switch_only[id].0.fetch_add(1, Relaxed);
                Verdict::Drop
            }
        };
        if matches!(verdict, Verdict::Forward(_)) && flow.is_some() {
            lock(&eng.books[id]).overtake(flow);
        }
        Ok(verdict)
    }

    fn take_events(&mut self) -> Vec<Event> {
        // The server's events are the finisher's to take.
        Vec::new()
    }

    fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        self.eng.state_sizes(now_ns)
    }

    fn state_json(&self, now_ns: u64) -> serde_json::Value {
        self.eng.state_json(now_ns)
    }

    fn held(&self) -> bool {
        self.held_now
    }

    fn release(&mut self, now_ns: u64, out: &mut Vec<Released>) {
        // The end of the run is the finisher's.
        if now_ns == u64::MAX {
            return;
        }
        self.horizon(now_ns);
        if self.eng.due_by(now_ns) {
            self.eng.run_timers(self.id, now_ns, out);
        }
    }

    fn partition_stats(&self) -> Option<PartitionStats> {
        Some(self.eng.stats())
    }
}

/// The end of a sharded run ([`ShardedEngine::finisher`]): takes no packets;
/// `release(u64::MAX)` lets out everything still held, on replica 0, after the
/// idle polls up to the latest stamp, as the sequential engine does.
pub struct ShardFinish<'a> {
    eng: &'a ShardedEngine,
}

impl Engine for ShardFinish<'_> {
    fn name(&self) -> &str {
        "partitioned"
    }

    fn process(
        &mut self,
        _frame: &mut Vec<u8>,
        _in_port: u16,
        _now_ns: u64,
    ) -> Result<Verdict, EngineError> {
        Err(EngineError::Other(
            "the end of a sharded run takes no packets".into(),
        ))
    }

    fn take_events(&mut self) -> Vec<Event> {
        lock(&self.eng.server).side.server.take_events()
    }

    fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        self.eng.state_sizes(now_ns)
    }

    fn state_json(&self, now_ns: u64) -> serde_json::Value {
        self.eng.state_json(now_ns)
    }

    fn release(&mut self, now_ns: u64, out: &mut Vec<Released>) {
        if now_ns != u64::MAX {
            return;
        }
        let eng = self.eng;
        let mut leader = lock(&eng.server);
        let mut replica = lock(&eng.replicas[0]);
        eng.follow(0, &mut replica);
        let Leader { side, switch } = &mut *leader;
        // The sequential engine's clock: the latest time it was given.
        side.clock = side.clock.max(eng.clock.0.load(SeqCst));
        let mut planes = ShardPlanes {
            eng,
            id: 0,
            leader: switch,
            replica: &mut replica,
        };
        side.release(&mut planes, u64::MAX, out);
        planes.ship();
        eng.next_due.0.store(side.next_due(), SeqCst);
    }

    fn partition_stats(&self) -> Option<PartitionStats> {
        Some(self.eng.stats())
    }
}

/// One step of a worker in [`run_threads`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A frame arriving on a port at (at least) a time.
    Packet {
        /// Port.
        port: u16,
        /// Its time; the stamp is the next one from this on.
        ts_ns: u64,
        /// Its bytes.
        frame: Vec<u8>,
    },
    /// An idle moment at (at least) a time: the worker lets out what is due.
    Tick {
        /// Its time.
        ts_ns: u64,
    },
}

/// What [`run_threads`] did, in the order a sequential run does it.
#[derive(Debug)]
pub struct ThreadsRun {
    /// Every step with the stamp it got, in stamp order (ticks as
    /// [`Step::Tick`], packets as [`Step::Packet`]).
    pub steps: Vec<Step>,
    /// Every packet out, merged over workers by time (a packet released at
    /// `r` before one stamped `r`), then what the end let out.
    pub outputs: Vec<Emitted>,
    /// The run's summary.
    pub summary: Summary,
    /// The protocol's counters.
    pub shard: ShardStats,
}

/// Runs `steps[i]` on worker thread `i` (one [`Runner`] each, all at once),
/// then ends the run. Stamps come from each step's time (`max(time, latest +
/// 1)`), or from `clock` when given (as live: the steps' times are then
/// ignored). In memory: tests and benchmarks of the sharded engine.
pub fn run_threads(
    eng: &ShardedEngine,
    program: &ir::Program,
    steps: Vec<Vec<Step>>,
    clock: Option<&(dyn Fn() -> u64 + Sync)>,
) -> ThreadsRun {
    assert!(steps.len() <= eng.workers(), "more step lists than workers");
    type Out = (Summary, PacketLog, Vec<Step>);
    // All threads start together, so their steps really interleave.
    let start = std::sync::Barrier::new(steps.len());
    let start = &start;
    let results: Vec<Out> = std::thread::scope(|s| {
        let handles: Vec<_> = steps
            .into_iter()
            .enumerate()
            .map(|(id, list)| {
                s.spawn(move || {
                    start.wait();
                    let mut view = eng.worker(id);
                    let mut runner = Runner::new(&mut view, program, PacketLog::default());
                    let mut stamped = Vec::with_capacity(list.len());
                    for step in list {
                        match step {
                            Step::Packet { port, ts_ns, frame } => {
                                let t = eng.stamp(id, clock.map_or(ts_ns, |c| c()));
                                // Memory sinks cannot fail.
                                let _ = runner.packet(port, t, &frame);
                                eng.done(id);
                                stamped.push(Step::Packet {
                                    port,
                                    ts_ns: t,
                                    frame,
                                });
                            }
                            Step::Tick { ts_ns } => {
                                let t = eng.stamp(id, clock.map_or(ts_ns, |c| c()));
                                let _ = runner.advance(t);
                                eng.done(id);
                                stamped.push(Step::Tick { ts_ns: t });
                            }
                        }
                    }
                    let (summary, log, _) = runner.finish(Source::Live { ports: Vec::new() });
                    (summary, log, stamped)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    let mut fin = eng.finisher();
    let (end, end_log, _) = Runner::new(&mut fin, program, PacketLog::default())
        .finish(Source::Live { ports: Vec::new() });
    let mut keyed: Vec<(u64, usize, usize, Emitted)> = Vec::new();
    let mut all_steps = Vec::new();
    let mut summaries = Vec::new();
    for (w, (summary, log, stamped)) in results.into_iter().enumerate() {
        summaries.push(summary);
        all_steps.extend(stamped);
        for (i, e) in log.packets.into_iter().enumerate() {
            keyed.push((e.ts_ns, w, i, e));
        }
    }
    keyed.sort_by_key(|k| (k.0, k.1, k.2));
    let mut outputs: Vec<Emitted> = keyed.into_iter().map(|k| k.3).collect();
    outputs.extend(end_log.packets);
    all_steps.sort_by_key(|s| match s {
        Step::Packet { ts_ns, .. } | Step::Tick { ts_ns } => *ts_ns,
    });
    let summary = eng.summary(program, Source::Live { ports: Vec::new() }, summaries, end);
    ThreadsRun {
        steps: all_steps,
        outputs,
        summary,
        shard: eng.shard_stats(),
    }
}
