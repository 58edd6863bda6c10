//! The Gallium server runtime: takes punted frames from the switch's server
//! port, runs the server part of the program on the primary copy of the state,
//! makes replicated-map changes visible on the switch with atomic updates
//! ([`crate::sync`]), holds each packet until its changes are visible (output
//! commit, [`crate::commit`]) and hands it back to switch post-processing.
//!
//! # Stale replicas
//! The switch's tables lag the primary by the atomic update's latency. A packet
//! the switch processed while an update was not yet visible may have taken a
//! path the primary would not (a flow's second packet misses a mapping its first
//! packet is still installing). The runtime remembers, per replicated key, when
//! its latest update becomes visible; a punted packet whose switch-side lookups
//! (their keys travel in the transfer header, [`crate::points`]) hit such a key
//! is *stale*. (Where a key does not travel, any update in flight makes the
//! packet stale.) A stale packet is re-decided: the whole handler runs from the
//! entry on the primary (the reference semantics), and the result is held until
//! the updates in flight are visible. That is only sound when the switch did
//! nothing irreversible before the punt (no header write, no switch-register
//! access): such punt points are *restartable*; a stale packet at another point
//! is counted as `unsafe_stale_punts` and run from its punt point.
//!
//! # Idle timeouts
//! The switch tracks idleness of replicated tables ([`pipe::Switch::poll_idle`]);
//! the primary copies of those maps do not expire by themselves. An idle
//! notification removes the key from the primary and, through an atomic
//! update, from the switch.
//!
//! # The switch
//! Every call that touches the switch takes it as a [`pipe::SwitchControl`]:
//! the model in the same process ([`pipe::Switch`], whose simulated control
//! channel gives the visibility times) or a remote switch driven over
//! P4Runtime (`p4rt::remote::RemoteSwitch`, visibility = the Write's
//! acknowledgement). The runtime's logic is the same for both.
//!
//! # Counters
//! [`RuntimeStats`].

use std::time::Duration;

use rustc_hash::FxHashMap;

use compiler::model::{Placement, PointLayout};
use interp::{Interpreter, Outcome, Verdict};
use ir::{Type, ValueId};
use serde::Serialize;
use wire::transfer::Kind;

use crate::commit::OutputCommit;
use crate::deferred::Deferred;
use crate::frames::{self, FrameError};
use crate::points::{self, PuntFacts};
use crate::sync::{MapWrite, StateSync, SyncError};

/// Smallest size of the per-key map of unsettled updates that is swept.
const PRUNE_MIN: usize = 4096;

/// Per replicated key (map name, key): when its latest submitted update
/// becomes visible, and how many gathered updates write it. Keyed by map, then
/// by key, so that looking a key up clones nothing (this is on the path of
/// every write of every new flow).
#[derive(Debug, Default)]
struct Pending {
    maps: Vec<(String, KeyTimes)>,
}

/// One map's keys: (visible at, gathered updates).
type KeyTimes = FxHashMap<ir::Value, (Duration, u32)>;

impl Pending {
    fn get(&self, map: &str, key: &ir::Value) -> Option<&(Duration, u32)> {
        self.maps
            .iter()
            .find(|(m, _)| m == map)
            .and_then(|(_, keys)| keys.get(key))
    }

    fn get_mut(&mut self, map: &str, key: &ir::Value) -> Option<&mut (Duration, u32)> {
        self.maps
            .iter_mut()
            .find(|(m, _)| m == map)
            .and_then(|(_, keys)| keys.get_mut(key))
    }

    /// Applies `f` to the key's entry, created as (zero, 0) if absent.
    fn update(&mut self, map: &str, key: &ir::Value, f: impl FnOnce(&mut (Duration, u32))) {
        let i = match self.maps.iter().position(|(m, _)| m == map) {
            Some(i) => i,
            None => {
                self.maps.push((map.to_string(), FxHashMap::default()));
                self.maps.len() - 1
            }
        };
        let keys = &mut self.maps[i].1;
        match keys.get_mut(key) {
            Some(v) => f(v),
            None => {
                let mut v = (Duration::ZERO, 0);
                f(&mut v);
                keys.insert(key.clone(), v);
            }
        }
    }

    fn len(&self) -> usize {
        self.maps.iter().map(|(_, keys)| keys.len()).sum()
    }

    fn retain(&mut self, mut keep: impl FnMut(&(Duration, u32)) -> bool) {
        for (_, keys) in &mut self.maps {
            keys.retain(|_, v| keep(v));
        }
    }
}

/// What the server does with a punted packet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Handled {
    /// Back to the switch for post-processing now: inject on the server port.
    ToSwitch(Vec<u8>),
    /// The server reached `forward(port)` itself: out of `port` now (packet-out).
    Out {
        /// Output port.
        port: u16,
        /// The frame.
        frame: Vec<u8>,
    },
    /// The server reached `drop`.
    Dropped,
    /// Held by output commit; it comes out of [`Runtime::release`].
    Held,
}

/// A packet released by output commit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Release {
    /// The tag given to [`Runtime::punt`].
    pub tag: u64,
    /// When it leaves the server.
    pub at: Duration,
    /// What to do with it ([`Handled::ToSwitch`], [`Handled::Out`] or [`Handled::Dropped`]).
    pub what: Handled,
}

/// The server failed on a packet (the packet is lost; the runtime goes on).
#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    /// The interpreter could not load the program.
    #[error("server program: {0}")]
    Load(#[from] interp::LoadError),
    /// The frame from the switch is not a valid transfer frame.
    #[error(transparent)]
    Frame(#[from] FrameError),
    /// The server part failed.
    #[error("server execution: {0}")]
    Exec(#[from] interp::ExecError),
    /// The control plane refused a state update.
    #[error(transparent)]
    Sync(#[from] SyncError),
    /// The server stopped at a block that is no resume point.
    #[error("server stopped at bb{0}, which is no resume point")]
    NoResume(u32),
}

/// Counters of the server runtime.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct RuntimeStats {
    /// Punted packets received.
    pub server_packets: u64,
    /// Packets held until their (or an earlier packet's) updates were visible.
    pub held_packets: u64,
    /// Atomic update batches.
    pub batches: u64,
    /// Control-plane operations of those batches.
    pub control_plane_ops: u64,
    /// Punted packets that arrived while an update was in flight and were
    /// re-decided from the entry on the primary.
    pub stale_reruns: u64,
    /// Such packets at a punt point that cannot be re-run (run from the punt
    /// point; their outcome may differ from the reference).
    pub unsafe_stale_punts: u64,
    /// Entries removed after the switch reported them idle.
    pub idle_removals: u64,
    /// Batches the switch's control plane refused (its replica then lags).
    pub refused_batches: u64,
    /// Packets the switch's parser could not take, run whole on the server.
    pub slow_path_packets: u64,
    /// Control-channel requests of the atomic updates (one per operation on
    /// Gallium's serial channel, one per phase round on a batched one).
    pub control_requests: u64,
    /// Write-back cycles that carried gathered updates (group commit).
    pub group_cycles: u64,
    /// Packets that waited for the cycle after the one in flight.
    pub gathered_packets: u64,
    /// Most packets held at once (output commit and gathered).
    pub peak_held: u64,
    /// New keys not installed on the switch because too many writes were
    /// unsettled ([`Limits::max_unsettled_writes`]); the server serves them.
    pub unadmitted_inserts: u64,
    /// Installed keys removed from the switch and left to the server because
    /// a change of theirs found [`Limits::max_unsettled_writes`] writes
    /// unsettled (one removal instead of this and every later change).
    pub evicted_keys: u64,
    /// Packets dropped because [`Limits::max_held`] packets were held.
    pub held_overflow_drops: u64,
    /// New keys not installed at once because of [`Limits::offload_after`].
    pub deferred_inserts: u64,
    /// Keys left to the server that were installed later.
    pub offloaded_later: u64,
    /// New flows refused at their first packet (the packet dropped, its new
    /// keys removed from the primary): a key of a map the switch must hold
    /// ([`points::deferrable_maps`]) found [`Limits::max_queued_writes`]
    /// writes unsettled.
    pub refused_flows: u64,
}

struct Waiting {
    tag: u64,
    what: Handled,
}

/// One gathered update: a packet's (or an idle expiry's) writes and the
/// packet waiting for them (a packet that only read gathered state has no
/// writes).
struct Member {
    writes: Vec<MapWrite>,
    packet: Option<Waiting>,
    /// When the writes were made.
    at: Duration,
}

/// Bounds that keep a flood from growing the server's memory without end
/// (docs/GALLIUM.md, "Bounded memory under floods").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// Map writes submitted or gathered but not yet visible. Beyond it, new
    /// keys are not installed on the switch (the primary has them; the
    /// switch misses and punts their packets, which the server serves), and
    /// a change of an installed key of a map whose misses reach the server
    /// removes the key from the switch instead (it is left to the server);
    /// other changes and removals of installed keys always go.
    pub max_unsettled_writes: usize,
    /// Packets held at once (output commit and gathered). Beyond it a packet
    /// that would be held is dropped, counted in `held_overflow_drops`.
    pub max_held: usize,
    /// A new key gets a switch entry only once this many packets have used it
    /// (the one that inserted it included): 1 installs at once (Gallium);
    /// 2 leaves single-packet flows, such as spoofed SYNs, to the server.
    pub offload_after: u32,
    /// Offload after the handshake: a new key of a TCP flow gets a switch
    /// entry only once a packet past the handshake (ACK set, SYN and RST
    /// clear: the handshake's third packet or any later one) has used it, so
    /// spoofed SYNs — whose SYN-ACK is never acknowledged — never take
    /// switch memory or control bandwidth however often they are resent.
    /// Keys of other flows wait for `offload_after.max(2)` packets.
    pub handshake: bool,
    /// Map writes submitted or gathered but not yet visible beyond which even
    /// inserts the switch must hold (keys of maps that are not deferrable,
    /// [`points::deferrable_maps`]) are not admitted: the new flow is refused
    /// (its packet dropped, its keys removed from the primary, counted in
    /// `refused_flows`). The hard bound on the control backlog.
    pub max_queued_writes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_unsettled_writes: 4_096,
            max_held: 65_536,
            offload_after: 1,
            handshake: false,
            max_queued_writes: 65_536,
        }
    }
}

impl Limits {
    /// Whether an insert by a packet of class `class` is deferred (the key
    /// stays on the primary until a later packet earns it a switch entry).
    fn defers(&self, class: PacketClass) -> bool {
        if self.handshake {
            class != PacketClass::TcpPastHandshake
        } else {
            self.offload_after > 1
        }
    }

    /// Whether a key used by `seen` packets, the latest of class `class`,
    /// has earned a switch entry.
    fn earns(&self, seen: u32, class: PacketClass) -> bool {
        match (self.handshake, class) {
            (false, _) => seen >= self.offload_after,
            (true, PacketClass::TcpPastHandshake) => true,
            (true, PacketClass::TcpHandshake) => false,
            (true, PacketClass::Other) => seen >= self.offload_after.max(2),
        }
    }
}

/// What a packet says about its flow's handshake ([`Limits::handshake`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PacketClass {
    /// TCP with SYN or RST set, or without ACK: the handshake is not (known
    /// to be) complete.
    TcpHandshake,
    /// TCP with ACK set and SYN and RST clear: the sender has seen the
    /// peer's answer, so its address is not spoofed.
    TcpPastHandshake,
    /// Not TCP (or not parseable as such).
    Other,
}

impl PacketClass {
    /// The class of an Ethernet frame.
    pub fn of(frame: &[u8]) -> PacketClass {
        use wire::tcp::TcpFlags;
        let Ok(h) = wire::headers::parse_frame(frame) else {
            return PacketClass::Other;
        };
        let Some(t) = h.tcp() else {
            return PacketClass::Other;
        };
        let f = t.flags();
        if f.contains(TcpFlags::ACK) && !f.intersects(TcpFlags::SYN | TcpFlags::RST) {
            PacketClass::TcpPastHandshake
        } else {
            PacketClass::TcpHandshake
        }
    }
}

/// "Visible with the next write-back cycle": the time of state that has been
/// gathered but not yet submitted.
const NEXT_CYCLE: Duration = Duration::MAX;

/// What the server decided for one punted packet (before synchronisation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// What goes back to the switch (never [`Handled::Held`]).
    pub what: Handled,
    /// Changes of replicated maps to make visible on the switch.
    pub writes: Vec<MapWrite>,
    /// Whether it was re-decided from the entry (the switch's view was stale).
    pub rerun: bool,
    /// Keys left to the server that this packet made worth a switch entry
    /// ([`Limits::offload_after`]), with their primary values.
    pub offloads: Vec<MapWrite>,
    /// It read state whose update is visible only from then on: hold it
    /// until then (output commit for reads).
    pub wait_until: Option<Duration>,
    /// What the packet says about its flow's handshake (for
    /// [`Limits::handshake`]).
    pub class: PacketClass,
}

/// The server of one partitioned program, attached to one switch.
pub struct Runtime {
    interp: Interpreter,
    compilation: compiler::Compilation,
    layouts: FxHashMap<(Kind, u16), PointLayout>,
    types: FxHashMap<ValueId, Type>,
    points: Vec<PuntFacts>,
    server_reads_replicated: bool,
    /// Per replicated key: when its latest submitted update becomes visible,
    /// and how many gathered updates (not yet submitted) write it.
    pending: Pending,
    /// Size of `pending` at which settled keys are swept out next (doubles
    /// with what survives a sweep, so sweeping is amortised O(1) per update
    /// however large the backlog of unsettled keys).
    prune_at: usize,
    resume_of_block: FxHashMap<u32, u16>,
    map_names: Vec<String>,
    sync: StateSync,
    /// When every update submitted so far is visible (the control plane is
    /// serial, so this only grows).
    submitted_visible: Duration,
    /// Group commit: gather the updates that become ready while a write-back
    /// cycle is in flight and submit them together as the next cycle.
    group_commit: bool,
    /// Updates (with the packets waiting on them) for the next cycle, in
    /// arrival order.
    gathering: std::collections::VecDeque<Member>,
    /// A round is open ([`Runtime::open_round`]): updates are gathered as
    /// if a cycle were in flight, until the round is closed.
    round_open: bool,
    /// Packets among `gathering`.
    gathered_held: usize,
    /// When the cycle in flight is finished (its clean-up acknowledged).
    cycle_done: Duration,
    /// The latest time the switch has been told about ([`Runtime::tick`]).
    last_tick: Duration,
    /// Ticket times a switch that acknowledges updates after they were
    /// submitted has acknowledged ([`Runtime::acknowledge`]); zero for the
    /// model, whose tickets are times on the runtime's clock.
    acknowledged: Duration,
    /// Most map writes one cycle carries (the smallest write-back table).
    group_limit: Option<usize>,
    /// Bounds on unsettled updates and held packets.
    limits: Limits,
    /// Submitted cycles not yet visible: (visible at, map writes).
    inflight: std::collections::VecDeque<(Duration, usize)>,
    /// Map writes in `inflight`.
    inflight_writes: usize,
    /// Map writes in `gathering`.
    gathered_writes: usize,
    /// Keys the primary holds whose insert was not admitted to the switch:
    /// the switch misses them and the server serves their packets
    /// ([`crate::deferred`]: with the packets seen since, for
    /// [`Limits::offload_after`], and the keys deferred with them).
    not_offloaded: Deferred,
    /// Inserts of new keys of deferrable maps skip the write-back tables
    /// ([`Runtime::set_direct_inserts`]).
    direct_inserts: bool,
    /// Maps whose new keys may be left to the server
    /// ([`points::deferrable_maps`]); inserts into the others always go.
    deferrable: rustc_hash::FxHashSet<String>,
    /// Held packets (output commit).
    waiting: OutputCommit<Waiting>,
    /// Map changes kept for a journal ([`Runtime::set_journal`]).
    journal: Option<Vec<StateChange>>,
    stats: RuntimeStats,
}

/// A change of one map of the primary state ([`Runtime::take_journal`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateChange {
    /// The map.
    pub map: String,
    /// The key.
    pub key: ir::Value,
    /// Its value from now on (None: removed).
    pub value: Option<ir::Value>,
}

/// Most deferred keys [`Runtime::new`] makes room for up front (beyond it the
/// maps grow as needed): 2^20 keys, a few tens of MB of address space, most of
/// it untouched until used.
const DEFERRED_ROOM_MAX: usize = 1 << 20;

impl Runtime {
    /// The runtime of a compilation (its state as declared).
    pub fn new(c: compiler::Compilation) -> Result<Runtime, RuntimeError> {
        let exits: Vec<u32> = c.resumes.iter().map(|r| r.block).collect();
        let mut interp = Interpreter::with_exits(&c.program, &exits)?;
        interp.set_journal(true);
        let objects = compiler::tables::switch_objects(&c);
        for s in &c.states {
            if s.placement == Placement::Replicated {
                interp.state_mut().suspend_expiry(&s.name);
            }
        }
        let deferrable: rustc_hash::FxHashSet<String> =
            points::deferrable_maps(&c).into_iter().collect();
        // Every deferred key is a key of a deferrable map, so their capacities
        // bound how many there can be: room for that many from the start, so
        // the deferred-key maps never grow (and rehash) while packets wait.
        let deferred_room = c
            .program
            .states
            .iter()
            .filter(|s| deferrable.contains(&s.name))
            .map(|s| match &s.kind {
                ir::StateKind::Map { capacity, .. } => usize::try_from(*capacity).unwrap_or(0),
                _ => 0,
            })
            .sum::<usize>()
            .min(DEFERRED_ROOM_MAX);
        Ok(Runtime {
            layouts: frames::layouts_of(&c),
            types: frames::value_types(&c.program.handler),
            points: points::punt_facts(&c),
            server_reads_replicated: points::server_reads_replicated(&c),
            deferrable,
            pending: Pending::default(),
            prune_at: PRUNE_MIN,
            resume_of_block: c.resumes.iter().map(|r| (r.block, r.id)).collect(),
            map_names: c.program.states.iter().map(|s| s.name.clone()).collect(),
            sync: StateSync::new(&objects),
            interp,
            compilation: c,
            submitted_visible: Duration::ZERO,
            group_commit: false,
            gathering: std::collections::VecDeque::new(),
            round_open: false,
            gathered_held: 0,
            cycle_done: Duration::ZERO,
            last_tick: Duration::ZERO,
            acknowledged: Duration::ZERO,
            group_limit: None,
            limits: Limits::default(),
            inflight: std::collections::VecDeque::new(),
            inflight_writes: 0,
            gathered_writes: 0,
            not_offloaded: Deferred::with_room(deferred_room),
            direct_inserts: false,
            waiting: OutputCommit::new(),
            journal: None,
            stats: RuntimeStats::default(),
        })
    }

    /// Counters so far.
    pub fn stats(&self) -> &RuntimeStats {
        &self.stats
    }

    /// The primary copy of the state (switch registers excepted).
    pub fn state(&self) -> &interp::State {
        self.interp.state()
    }

    /// Starts (or stops) keeping every change of a map of the primary state
    /// — replicated or not, by packets, idle removals and refused flows —
    /// for [`Runtime::take_journal`]: what a journal of the primary state
    /// needs besides registers (which a caller compares itself).
    pub fn set_journal(&mut self, on: bool) {
        self.journal = on.then(Vec::new);
    }

    /// The map changes made since the last call, in order (empty when the
    /// journal is off).
    pub fn take_journal(&mut self) -> Vec<StateChange> {
        self.journal
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    fn journal_changes(&mut self, changes: &[interp::MapChange]) {
        let Some(j) = self.journal.as_mut() else {
            return;
        };
        for c in changes {
            j.push(StateChange {
                map: self
                    .map_names
                    .get(c.state.0 as usize)
                    .cloned()
                    .unwrap_or_default(),
                key: c.key.clone(),
                value: c.value.clone(),
            });
        }
    }

    fn journal_removal(&mut self, map: &str, key: &ir::Value) {
        if let Some(j) = self.journal.as_mut() {
            j.push(StateChange {
                map: map.to_string(),
                key: key.clone(),
                value: None,
            });
        }
    }

    /// Events raised on the server since the last call.
    pub fn take_events(&mut self) -> Vec<interp::Event> {
        self.interp.take_events()
    }

    /// Whether punt point `id` can be re-run from the entry.
    pub fn is_restartable(&self, id: u16) -> bool {
        self.points
            .get(usize::from(id))
            .is_some_and(|f| f.restartable)
    }

    /// Sets the bounds on unsettled updates and held packets.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The switch tables that hold replicas of the primary's maps.
    pub fn replica_tables(&self) -> Vec<String> {
        self.sync.tables().map(str::to_string).collect()
    }

    /// The entries the replica tables should hold according to the primary
    /// at `now`: every key of every replicated map (keys left to the server
    /// excepted), in each of its map's tables, as the runtime's updates
    /// write them. To resynchronise a switch that lost updates (a daemon
    /// compares them with what the switch holds).
    pub fn replica_entries(&self, now: Duration) -> Vec<(String, pipe::TableEntry)> {
        let ns = nanos(now);
        let mut writes = Vec::new();
        for s in &self.compilation.states {
            if s.placement != Placement::Replicated {
                continue;
            }
            for (key, value) in self
                .interp
                .state()
                .map_entries(&s.name, ns)
                .unwrap_or_default()
            {
                if self.not_offloaded.contains(&(s.name.clone(), key.clone())) {
                    continue;
                }
                writes.push(MapWrite::Put {
                    map: s.name.clone(),
                    key,
                    value,
                    existed: false,
                });
            }
        }
        self.sync
            .updates(&writes)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|u| match u {
                pipe::Update::Insert { table, entry } => Some((table, entry)),
                _ => None,
            })
            .collect()
    }

    /// A copy of the whole primary state at `now`, to keep across a restart
    /// of the server (with [`Runtime::restore`]).
    pub fn snapshot(&self, now: Duration) -> interp::Snapshot {
        self.interp.state().snapshot(&[], nanos(now))
    }

    /// Replaces the primary state with a [`Runtime::snapshot`] (before any
    /// packet). Keys left to the server are not known after it: the copy's
    /// keys are all expected on the switch ([`Runtime::replica_entries`]).
    pub fn restore(&mut self, snap: &interp::Snapshot, now: Duration) -> Result<(), String> {
        self.interp.state_mut().restore(snap, nanos(now))
    }

    /// Keys whose insert was not admitted to the switch (served by the server).
    pub fn not_offloaded(&self) -> usize {
        self.not_offloaded.len()
    }

    /// Drops the writes of keys the switch does not hold, and declines new
    /// keys while too many writes are unsettled at `now` (they stay on the
    /// primary only). Changes and removals of keys the switch holds always
    /// reach the switch (it must not keep deciding on a stale entry); beyond
    /// the bound a change of a deferrable map's key becomes its removal.
    fn admit(&mut self, writes: Vec<MapWrite>, now: Duration, offload: bool) -> Vec<MapWrite> {
        self.settle_inflight(now);
        let group = self.not_offloaded.new_group();
        let mut out = Vec::with_capacity(writes.len());
        for w in writes {
            let (MapWrite::Put { map, .. } | MapWrite::Remove { map, .. }) = &w;
            // A key of a map whose misses the switch decides itself must be
            // on the switch: it always goes (beyond the bound too). With
            // nothing deferred and within the bound, every arm below lets a
            // write through as well: the key is copied only when it may be
            // kept.
            let deferrable = self.deferrable.contains(map.as_str());
            let through = match &w {
                MapWrite::Put { existed: false, .. } if !deferrable => true,
                _ => {
                    offload
                        && self.not_offloaded.is_empty()
                        && (!deferrable
                            || self.unsettled_writes() + out.len()
                                < self.limits.max_unsettled_writes)
                }
            };
            if through {
                out.push(w);
                continue;
            }
            let id = match &w {
                MapWrite::Put { map, key, .. } | MapWrite::Remove { map, key } => {
                    (map.clone(), key.clone())
                }
            };
            match &w {
                MapWrite::Put { existed: false, .. } if !deferrable => {}
                MapWrite::Put { existed: false, .. } => {
                    if !offload {
                        self.stats.deferred_inserts += 1;
                        let due = self.idle_due(&id);
                        self.not_offloaded.insert(id, group, due);
                        continue;
                    }
                    if self.unsettled_writes() + out.len() >= self.limits.max_unsettled_writes {
                        self.stats.unadmitted_inserts += 1;
                        let due = self.idle_due(&id);
                        self.not_offloaded.insert(id, group, due);
                        continue;
                    }
                    self.not_offloaded.remove(&id);
                }
                MapWrite::Put { existed: true, .. } if self.not_offloaded.contains(&id) => {
                    continue;
                }
                // A change of an installed key of a deferrable map beyond
                // the bound: the key is removed from the switch and left to
                // the server, so its later changes cost no channel entry
                // (MazuNAT's `nat_in` after the port counter wraps under a
                // flood: otherwise every spoofed SYN rewrites a switch entry).
                MapWrite::Put { existed: true, .. }
                    if self.deferrable.contains(&id.0)
                        && self.unsettled_writes() + out.len()
                            >= self.limits.max_unsettled_writes =>
                {
                    self.stats.evicted_keys += 1;
                    let (map, key) = id.clone();
                    let due = self.idle_due(&id);
                    self.not_offloaded.insert(id, group, due);
                    out.push(MapWrite::Remove { map, key });
                    continue;
                }
                MapWrite::Remove { .. } if self.not_offloaded.remove(&id) => continue,
                _ => {}
            }
            out.push(w);
        }
        out
    }

    /// Map writes submitted and not yet visible, or gathered for the next
    /// cycle (as of the last [`Runtime::settle_inflight`]).
    fn unsettled_writes(&self) -> usize {
        self.inflight_writes + self.gathered_writes
    }

    /// Forgets the submitted cycles visible by `now`.
    fn settle_inflight(&mut self, now: Duration) {
        let now = self.seen(now);
        while self.inflight.front().is_some_and(|(v, _)| *v <= now) {
            if let Some((_, n)) = self.inflight.pop_front() {
                self.inflight_writes -= n;
            }
        }
    }

    /// Whether `writes` insert keys the switch must hold (their maps are not
    /// deferrable) while too many writes are unsettled to admit them.
    fn must_refuse(&mut self, writes: &[MapWrite], now: Duration) -> bool {
        let needed = writes
            .iter()
            .filter(|w| {
                matches!(w, MapWrite::Put { map, existed: false, .. }
                    if !self.deferrable.contains(map))
            })
            .count();
        if needed == 0 {
            return false;
        }
        self.settle_inflight(now);
        self.unsettled_writes() + needed > self.limits.max_queued_writes
    }

    /// Refuses a new flow: its packet is dropped and the keys it inserted are
    /// removed from the primary (neither side holds them, as if the packet
    /// had never arrived); its changes of existing keys still go.
    fn refuse<S: pipe::SwitchControl + ?Sized>(
        &mut self,
        switch: &mut S,
        writes: Vec<MapWrite>,
        now: Duration,
    ) {
        self.stats.refused_flows += 1;
        let mut rest = Vec::new();
        for w in writes {
            match &w {
                MapWrite::Put {
                    map,
                    key,
                    existed: false,
                    ..
                } => {
                    self.interp.state_mut().remove_entry(map, key, nanos(now));
                    self.journal_removal(map, key);
                    self.not_offloaded.remove(&(map.clone(), key.clone()));
                }
                _ => rest.push(w),
            }
        }
        let rest = self.admit(rest, now, true);
        if rest.is_empty() {
            return;
        }
        if self.group_commit && self.gathers(now) {
            self.gather(rest, None, now);
        } else {
            self.submit(switch, now, &rest, &[]);
        }
    }

    /// Lets inserts of new keys of deferrable maps
    /// ([`points::deferrable_maps`]) skip the write-back tables: written
    /// straight into the main tables, one channel entry per table copy, and
    /// an update of such inserts alone needs no flips (off by default:
    /// Gallium's protocol). Sound because every switch miss of such a map
    /// reaches the server with its key, which re-decides a packet that
    /// missed a key still in flight from the primary and holds it until the
    /// update is visible, and a hit can only return the primary's value (the
    /// key is new); docs/GALLIUM.md, "Fewer channel entries per flow".
    pub fn set_direct_inserts(&mut self, on: bool) {
        self.direct_inserts = on;
    }

    /// Turns group commit on or off (off by default: Gallium's behaviour).
    /// Off, every packet's writes are submitted at once as an atomic update of
    /// their own.
    pub fn set_group_commit(&mut self, on: bool) {
        self.group_commit = on;
    }

    /// When every update so far is visible ([`NEXT_CYCLE`] while some are
    /// gathered and not yet submitted).
    fn latest_visible(&self) -> Duration {
        if self.gathering.is_empty() {
            self.submitted_visible
        } else {
            NEXT_CYCLE
        }
    }

    /// Says that every atomic update whose ticket time is at most `through`
    /// is visible. For a switch that acknowledges updates after it was handed
    /// them (`p4rt::remote::RemoteSwitch` with Writes in flight): its tickets
    /// carry times past any clock reading, in submission order, so nothing
    /// that waits for them — held packets, stale keys, the cycle in flight of
    /// group commit, the bounds on unsettled writes — moves until this says
    /// so. From then on a time is reached when the clock or the
    /// acknowledgements have reached it. The model's tickets are clock times:
    /// it never needs this.
    pub fn acknowledge(&mut self, through: Duration) {
        self.acknowledged = self.acknowledged.max(through);
    }

    /// How far `now` and the acknowledgements have come.
    fn seen(&self, now: Duration) -> Duration {
        now.max(self.acknowledged)
    }

    /// True while an update is not yet visible at `now`.
    pub fn unsettled(&self, now: Duration) -> bool {
        self.latest_visible() > self.seen(now)
    }

    /// Moves the runtime's clock to `now` before the switch processes a packet
    /// at `now` (and before releasing held packets): if the write-back cycle in
    /// flight has finished, the gathered updates go out as the next cycle, at
    /// the instant the channel became free (never before an instant the switch
    /// has already processed packets at). `Duration::MAX` submits everything
    /// gathered.
    pub fn tick<S: pipe::SwitchControl + ?Sized>(&mut self, switch: &mut S, now: Duration) {
        let prev = self.last_tick;
        if now != Duration::MAX {
            self.last_tick = self.last_tick.max(now);
        }
        while !self.round_open && !self.gathering.is_empty() && self.cycle_done <= self.seen(now) {
            let at = self.cycle_done.max(prev);
            self.flush(switch, at);
        }
    }

    /// The earliest instant after `after` at which something the runtime
    /// knows of happens: a held packet is due, a submitted update becomes
    /// visible, or (with group commit) the cycle in flight finishes. A packet
    /// punted later may be held until any of these (it may read state an
    /// update in flight makes visible), so a caller running packets on several
    /// threads treats each of them as a point where it must be in step with
    /// the server (`runner::sharded`). None: nothing pending.
    pub fn next_instant(&self, after: Duration) -> Option<Duration> {
        let visible = self.inflight.partition_point(|(v, _)| *v <= after);
        let visible = self.inflight.get(visible).map(|(v, _)| *v);
        let cycle = (self.group_commit && self.cycle_done > after).then_some(self.cycle_done);
        [self.waiting.next_release(), visible, cycle]
            .into_iter()
            .flatten()
            .min()
    }

    /// Whether an update ready at `now` joins the next cycle instead of
    /// going out at once: a cycle is in flight, updates are gathered
    /// already, or a round is open.
    fn gathers(&self, now: Duration) -> bool {
        self.cycle_done > self.seen(now) || !self.gathering.is_empty() || self.round_open
    }

    /// Opens a round of packets (with group commit on; else nothing): until
    /// [`Runtime::close_round`] their updates are gathered into one cycle,
    /// as if a cycle were in flight. For a switch whose cycle is one
    /// synchronous exchange (the five-Write protocol on a P4Runtime switch
    /// without `DATAPLANE_ATOMIC`: nothing is ever in flight between two
    /// packets), a burst of new flows read together then costs one cycle
    /// instead of one per flow. Each packet is held until the cycle that
    /// carries its update is visible, as with any group commit.
    pub fn open_round(&mut self) {
        self.round_open = self.group_commit;
    }

    /// Closes the round and submits what it gathered ([`Runtime::tick`] at
    /// `now`).
    pub fn close_round<S: pipe::SwitchControl + ?Sized>(&mut self, switch: &mut S, now: Duration) {
        self.round_open = false;
        self.tick(switch, now);
    }

    /// Packets held (by output commit or waiting for the next cycle).
    pub fn held_now(&self) -> usize {
        self.waiting.len() + self.gathered_held
    }

    /// Handles one frame the switch sent to the server port at `now` (`tag`
    /// names it in a later [`Release`]).
    pub fn punt<S: pipe::SwitchControl + ?Sized>(
        &mut self,
        switch: &mut S,
        frame: &[u8],
        now: Duration,
        tag: u64,
    ) -> Result<Handled, RuntimeError> {
        let d = self.decide(frame, now)?;
        Ok(self.commit(switch, d, now, tag))
    }

    /// Synchronisation and output commit of a [`Runtime::decide`]d packet:
    /// its writes become an atomic update and the packet is held until they,
    /// or the updates it may have read, are visible.
    pub fn commit<S: pipe::SwitchControl + ?Sized>(
        &mut self,
        switch: &mut S,
        d: Decision,
        now: Duration,
        tag: u64,
    ) -> Handled {
        self.tick(switch, now);
        let mut d = d;
        if self.must_refuse(&d.writes, now) {
            self.refuse(switch, std::mem::take(&mut d.writes), now);
            return Handled::Dropped;
        }
        let defer = self.limits.defers(d.class);
        d.writes = self.admit(std::mem::take(&mut d.writes), now, !defer);
        let offloads = self.admit(std::mem::take(&mut d.offloads), now, true);
        let handled = self.commit_packet(switch, d, now, tag);
        // Keys that earned a switch entry: installed after the packet's own
        // writes; nothing waits for them (the primary had them all along).
        if !offloads.is_empty() {
            self.stats.offloaded_later += offloads.len() as u64;
            if self.group_commit && self.gathers(now) {
                self.gather(offloads, None, now);
            } else {
                self.submit(switch, now, &offloads, &[]);
            }
        }
        handled
    }

    fn commit_packet<S: pipe::SwitchControl + ?Sized>(
        &mut self,
        switch: &mut S,
        d: Decision,
        now: Duration,
        tag: u64,
    ) -> Handled {
        let full = self.held_now() >= self.limits.max_held;
        let waiting = Waiting { tag, what: d.what };
        // While a cycle is in flight (or updates are gathered already) the
        // writes join the next cycle, and so does a packet that read state
        // only that cycle makes visible.
        let in_flight = self.gathers(now);
        if (!d.writes.is_empty() && self.group_commit && in_flight)
            || d.wait_until == Some(NEXT_CYCLE)
        {
            if full {
                self.gather(d.writes, None, now);
                self.stats.held_overflow_drops += 1;
                return Handled::Dropped;
            }
            self.gather(d.writes, Some(waiting), now);
            self.stats.gathered_packets += 1;
            self.note_peak();
            return Handled::Held;
        }
        // Our own update comes after every earlier one on the serial channel,
        // so waiting for it covers what we read.
        let until = if d.writes.is_empty() {
            d.wait_until
        } else {
            self.submit(switch, now, &d.writes, &[]).or(d.wait_until)
        };
        match until {
            Some(_) if full => {
                self.stats.held_overflow_drops += 1;
                Handled::Dropped
            }
            Some(at) => {
                self.hold(waiting, at);
                Handled::Held
            }
            None => waiting.what,
        }
    }

    fn hold(&mut self, w: Waiting, at: Duration) {
        self.waiting.hold(w, at);
        self.stats.held_packets = self.waiting.held_packets;
        self.note_peak();
    }

    fn note_peak(&mut self) {
        let held = self.held_now() as u64;
        self.stats.peak_held = self.stats.peak_held.max(held);
    }

    /// Adds an update (and the packet waiting on it) to the next cycle.
    fn gather(&mut self, writes: Vec<MapWrite>, packet: Option<Waiting>, at: Duration) {
        for w in &writes {
            let (MapWrite::Put { map, key, .. } | MapWrite::Remove { map, key }) = w;
            self.pending.update(map, key, |p| p.1 += 1);
        }
        self.gathered_held += usize::from(packet.is_some());
        self.gathered_writes += writes.len();
        self.gathering.push_back(Member { writes, packet, at });
    }

    /// Submits the gathered updates at `at` as one write-back cycle (as many
    /// as the write-back tables hold; the rest wait for the cycle after) and
    /// holds their packets until it is visible. If the switch refuses the
    /// combined update, each update is submitted on its own, as without group
    /// commit, so one refused update does not hold back the others.
    fn flush<S: pipe::SwitchControl + ?Sized>(&mut self, switch: &mut S, at: Duration) {
        let limit = self.group_limit(switch);
        let mut n = 0;
        let mut count = 0;
        while let Some(m) = self.gathering.get(n) {
            if n > 0 && count + m.writes.len() > limit {
                break;
            }
            count += m.writes.len();
            n += 1;
        }
        // The members' writes, moved into one list; each member keeps the
        // range of its own (for the one-at-a-time fallback below).
        let mut writes: Vec<MapWrite> = Vec::with_capacity(count);
        let mut times: Vec<Duration> = Vec::with_capacity(count);
        let mut members = Vec::with_capacity(n);
        for m in self.gathering.drain(..n) {
            let start = writes.len();
            times.extend(std::iter::repeat_n(m.at, m.writes.len()));
            writes.extend(m.writes);
            members.push((start..writes.len(), m.at, m.packet));
        }
        self.gathered_held -= members.iter().filter(|m| m.2.is_some()).count();
        self.gathered_writes -= writes.len();
        for w in &writes {
            let (MapWrite::Put { map, key, .. } | MapWrite::Remove { map, key }) = w;
            if let Some(p) = self.pending.get_mut(map, key) {
                p.1 = p.1.saturating_sub(1);
            }
        }
        self.stats.group_cycles += 1;
        if let Some(v) = self.submit(switch, at, &writes, &times) {
            for p in members.into_iter().filter_map(|m| m.2) {
                self.hold(p, v);
            }
            return;
        }
        // Refused (or nothing to write): one update at a time. A packet
        // waits for its own update, or for the updates before it if it has
        // none (or its own was refused).
        let mut last = at.max(self.submitted_visible);
        for (range, m_at, packet) in members {
            let times = vec![m_at; range.len()];
            if let Some(v) = self.submit(switch, at, &writes[range], &times) {
                last = last.max(v);
            }
            if let Some(p) = packet {
                self.hold(p, last);
            }
        }
    }

    /// Most map writes one cycle carries: the smallest write-back table of
    /// the replicated maps (a write changes one entry in each of its map's
    /// tables).
    fn group_limit<S: pipe::SwitchControl + ?Sized>(&mut self, switch: &S) -> usize {
        if let Some(l) = self.group_limit {
            return l;
        }
        let l = self
            .sync
            .tables()
            .filter_map(|t| switch.write_back_size(t).ok().flatten())
            .min()
            .map_or(1, |n| n as usize)
            .max(1);
        self.group_limit = Some(l);
        l
    }

    /// A packet the switch's parser could not take (truncated headers, a
    /// runt): the switch hands it to the server as it arrived, and the server
    /// runs the whole program on it (the reference semantics on the primary),
    /// with synchronisation and output commit as for a punt.
    pub fn slow_path<S: pipe::SwitchControl + ?Sized>(
        &mut self,
        switch: &mut S,
        frame: &[u8],
        in_port: u16,
        now: Duration,
        tag: u64,
    ) -> Result<Handled, RuntimeError> {
        let d = self.decide_whole(frame, in_port, now)?;
        Ok(self.commit(switch, d, now, tag))
    }

    /// The server's own work on a frame the switch's parser could not take
    /// (the whole program on the primary); synchronisation and output
    /// commit are [`Runtime::commit`]'s, as for [`Runtime::decide`].
    pub fn decide_whole(
        &mut self,
        frame: &[u8],
        in_port: u16,
        now: Duration,
    ) -> Result<Decision, RuntimeError> {
        // The whole program may read anything: wait for every update in flight.
        let wait_until = self.unsettled(now).then_some(self.latest_visible());
        self.stats.server_packets += 1;
        self.stats.slow_path_packets += 1;
        let mut pkt = frame.to_vec();
        let verdict = self.interp.process_whole(&mut pkt, in_port, nanos(now));
        let changes = self.interp.take_changes();
        self.journal_changes(&changes);
        let what = match verdict? {
            Verdict::Forward(port) => Handled::Out { port, frame: pkt },
            Verdict::Drop => Handled::Dropped,
        };
        let writes = self.replicated_writes(changes);
        Ok(Decision {
            what,
            writes,
            rerun: false,
            offloads: Vec::new(),
            wait_until,
            class: PacketClass::of(frame),
        })
    }

    /// The server's own work on one punted frame: take it apart, run the
    /// server part (or, when `stale` and the punt point allows it, the whole
    /// handler from the entry) on the primary state, build what goes back.
    /// Synchronisation and output commit are [`Runtime::punt`]'s.
    pub fn decide(&mut self, frame: &[u8], now: Duration) -> Result<Decision, RuntimeError> {
        self.stats.server_packets += 1;
        let p = frames::take_apart(frame, &self.layouts, &self.types)?;
        let class = PacketClass::of(&p.frame);
        let mut pkt = p.frame;
        let ns = nanos(now);
        let at = self
            .compilation
            .punts
            .iter()
            .find(|x| x.id == p.point)
            .map(|x| x.at)
            .ok_or(FrameError::UnknownPoint {
                kind: "punt",
                point: p.point,
            })?;
        let read = self.stale_until(p.point, &p.values, now);
        let stale = read.is_some();
        let rerun = stale && self.is_restartable(p.point);
        let mut wait_until = if rerun {
            None
        } else {
            read.filter(|t| *t > self.seen(now))
        };
        let outcome = if rerun {
            self.stats.stale_reruns += 1;
            // A re-run may take any path: it waits for the updates of the
            // keys it looked up (output commit for what it read), found by
            // recording its lookups, not for every update in flight.
            let unsettled = self.unsettled(now);
            self.interp.set_read_log(unsettled);
            let outcome = self.interp.process_to_exit(&mut pkt, p.in_port, ns);
            if unsettled {
                self.interp.set_read_log(false);
                let reads = self.interp.take_reads();
                wait_until = self.read_until(&reads, now);
            }
            outcome
        } else {
            if stale {
                self.stats.unsafe_stale_punts += 1;
            }
            self.interp
                .run_at(at.block, at.index, &p.values, &mut pkt, p.in_port, ns)
        };
        let changes = self.interp.take_changes();
        self.journal_changes(&changes);
        let what = self.finish(outcome?, &pkt, p.in_port)?;
        let writes = self.replicated_writes(changes);
        let offloads = self.earned(p.point, &p.values, now, class);
        Ok(Decision {
            what,
            writes,
            rerun,
            offloads,
            wait_until,
            class,
        })
    }

    /// Counts a packet against every key left to the server that its switch
    /// lookups used; those that earned a switch entry ([`Limits::offload_after`],
    /// [`Limits::handshake`]) come back as inserts of their primary values.
    fn earned(
        &mut self,
        point: u16,
        values: &[(ValueId, ir::Value)],
        now: Duration,
        class: PacketClass,
    ) -> Vec<MapWrite> {
        if self.not_offloaded.is_empty() || !self.limits.defers(PacketClass::Other) {
            return Vec::new();
        }
        let Some(lookups) = self
            .points
            .get(usize::from(point))
            .and_then(|f| f.lookups.clone())
        else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (map, key) in lookups {
            let Some((_, v)) = values.iter().find(|(id, _)| *id == key) else {
                continue;
            };
            let id = (map, v.clone());
            let Some(seen) = self.not_offloaded.count(&id) else {
                continue;
            };
            if self.limits.earns(seen, class) {
                // The keys the same packet deferred with it go along (a
                // MazuNAT flow's `nat_in` with its `nat_out`).
                let partners = self.not_offloaded.partners(&id);
                for k in std::iter::once(id).chain(partners) {
                    self.offload_write(&k, now, &mut out);
                }
            }
        }
        out
    }

    /// Adds the insert of deferred key `k` with its primary value to `out`
    /// (once).
    fn offload_write(&self, k: &crate::deferred::Key, now: Duration, out: &mut Vec<MapWrite>) {
        let Some(value) = self.interp.state().peek_entry(&k.0, &k.1, nanos(now)) else {
            return;
        };
        if out
            .iter()
            .any(|w| matches!(w, MapWrite::Put { map, key, .. } if *map == k.0 && *key == k.1))
        {
            return;
        }
        out.push(MapWrite::Put {
            map: k.0.clone(),
            key: k.1.clone(),
            value,
            existed: false,
        });
    }

    /// If the switch may have read, or the server part may read, state whose
    /// update is not visible at `now`: until when.
    fn stale_until(
        &self,
        point: u16,
        values: &[(ValueId, ir::Value)],
        now: Duration,
    ) -> Option<Duration> {
        // Keys left to the server are never on the switch: a packet that
        // looked one up saw a miss the primary would not (stale, with
        // nothing to wait for: `now`).
        let dark = !self.not_offloaded.is_empty();
        if !self.unsettled(now) && !dark {
            return None;
        }
        let coarse = Some(self.latest_visible().max(now));
        if self.server_reads_replicated {
            return coarse;
        }
        let Some(lookups) = self
            .points
            .get(usize::from(point))
            .and_then(|f| f.lookups.as_ref())
        else {
            return coarse;
        };
        let mut until = None;
        for (map, key) in lookups {
            let Some((_, v)) = values.iter().find(|(id, _)| id == key) else {
                return coarse;
            };
            let id = (map.clone(), v.clone());
            if dark && self.not_offloaded.contains(&id) {
                until = until.max(Some(now));
            }
            match self.pending.get(&id.0, &id.1) {
                Some(&(_, gathered)) if gathered > 0 => return Some(NEXT_CYCLE),
                Some(&(t, _)) if t > self.seen(now) => until = until.max(Some(t)),
                _ => {}
            }
        }
        until
    }

    /// Until when the replicated keys in `reads` (a re-run's lookups) may
    /// have an update that is not yet visible at `now` (None: all visible).
    fn read_until(&self, reads: &[(ir::StateId, ir::Value)], now: Duration) -> Option<Duration> {
        let mut until = None;
        for (state, key) in reads {
            let Some(s) = self.compilation.states.get(state.0 as usize) else {
                continue;
            };
            if s.placement != Placement::Replicated {
                continue;
            }
            match self.pending.get(&s.name, key) {
                Some(&(_, gathered)) if gathered > 0 => return Some(NEXT_CYCLE),
                Some(&(t, _)) if t > self.seen(now) => until = until.max(Some(t)),
                _ => {}
            }
        }
        until
    }

    /// The held packets whose updates are visible by `now`, in release order
    /// (`Duration::MAX`: all of them).
    pub fn release(&mut self, now: Duration) -> Vec<Release> {
        self.waiting
            .release(self.seen(now))
            .into_iter()
            .map(|(at, w)| Release {
                tag: w.tag,
                at,
                what: w.what,
            })
            .collect()
    }

    /// Makes `writes` one atomic update at `now`; returns when it is visible
    /// (None if there was nothing to write or the switch refused it).
    fn submit<S: pipe::SwitchControl + ?Sized>(
        &mut self,
        switch: &mut S,
        now: Duration,
        writes: &[MapWrite],
        times: &[Duration],
    ) -> Option<Duration> {
        let r = if self.direct_inserts {
            let deferrable = &self.deferrable;
            self.sync
                .apply_direct(switch, now, writes, times, &|m| deferrable.contains(m))
        } else {
            self.sync.apply(switch, now, writes, times)
        };
        self.stats.batches = self.sync.batches;
        self.stats.control_plane_ops = self.sync.control_plane_ops;
        match r {
            Ok(Some(t)) => {
                self.submitted_visible = self.submitted_visible.max(t.visible_at);
                self.cycle_done = self.cycle_done.max(t.done_at);
                self.stats.control_requests += t.requests as u64;
                self.inflight.push_back((t.visible_at, writes.len()));
                self.inflight_writes += writes.len();
                if self.pending.len() > self.prune_at {
                    let seen = self.seen(now);
                    self.pending.retain(|&(v, g)| g > 0 || v > seen);
                    self.prune_at = PRUNE_MIN.max(2 * self.pending.len());
                }
                for w in writes {
                    let (MapWrite::Put { map, key, .. } | MapWrite::Remove { map, key }) = w;
                    self.pending
                        .update(map, key, |p| p.0 = p.0.max(t.visible_at));
                }
                Some(t.visible_at)
            }
            Ok(None) => None,
            // Refused (e.g. a switch table full while the primary is not):
            // the switch keeps its old entries; counted.
            Err(_) => {
                self.stats.refused_batches += 1;
                None
            }
        }
    }

    /// Removes the entries the switch reports idle at `now`, on both sides,
    /// and the idle entries of keys left to the server (the switch does not
    /// hold them, so only the primary's last use tells).
    pub fn expire_idle<S: pipe::SwitchControl + ?Sized>(&mut self, switch: &mut S, now: Duration) {
        let ns = nanos(now);
        // Only the deferred keys whose instant has come: a key's instant is
        // never later than the moment it goes idle (a use only moves that
        // later), so this removes exactly the deferred keys idle at `now`.
        while let Some(id) = self.not_offloaded.next_due(ns).cloned() {
            let (map, key) = &id;
            match self.interp.state().idle_deadline(map, key) {
                interp::IdleDeadline::At(d) if d <= ns => {
                    if self.interp.state_mut().remove_entry(map, key, ns) {
                        self.stats.idle_removals += 1;
                        self.journal_removal(map, key);
                    }
                    self.not_offloaded.remove(&id);
                }
                interp::IdleDeadline::At(d) => self.not_offloaded.reschedule(&id, d),
                // Not in the primary (yet): look again at the next poll.
                interp::IdleDeadline::Absent => {
                    self.not_offloaded.reschedule(&id, ns.saturating_add(1));
                }
                interp::IdleDeadline::Never => self.not_offloaded.reschedule(&id, u64::MAX),
            }
        }
        let mut writes = Vec::new();
        for n in switch.poll_idle(now) {
            let Some(map) = self.sync.map_of(&n.table).map(str::to_string) else {
                continue;
            };
            let Some(key) = self.key_value(&map, &n.entry.key) else {
                continue;
            };
            if self.interp.state_mut().remove_entry(&map, &key, ns) {
                self.stats.idle_removals += 1;
                self.journal_removal(&map, &key);
                writes.push(MapWrite::Remove { map, key });
            }
        }
        self.tick(switch, now);
        let writes = self.admit(writes, now, false);
        if writes.is_empty() {
            return;
        }
        if self.group_commit && self.gathers(now) {
            self.gather(writes, None, now);
        } else {
            self.submit(switch, now, &writes, &[]);
        }
    }

    /// When deferred key `id` is first worth an idleness check
    /// ([`Deferred::next_due`]).
    fn idle_due(&self, id: &crate::deferred::Key) -> u64 {
        match self.interp.state().idle_deadline(&id.0, &id.1) {
            interp::IdleDeadline::At(d) => d,
            interp::IdleDeadline::Absent => 0,
            interp::IdleDeadline::Never => u64::MAX,
        }
    }

    fn key_value(&self, map: &str, key: &[pipe::KeyMatch]) -> Option<ir::Value> {
        let decl = self
            .compilation
            .program
            .states
            .iter()
            .find(|s| s.name == map)?;
        let ir::StateKind::Map { key: kt, .. } = &decl.kind else {
            return None;
        };
        let scalars: Vec<u64> = key
            .iter()
            .map(|k| match k {
                pipe::KeyMatch::Exact(v) => Some(*v),
                _ => None,
            })
            .collect::<Option<_>>()?;
        let mut at = 0;
        let v = ir::eval::unflatten(kt, &scalars, &mut at)?;
        (at == scalars.len()).then_some(v)
    }

    /// The changes of replicated maps among `changes`, as switch writes.
    fn replicated_writes(&self, changes: Vec<interp::MapChange>) -> Vec<MapWrite> {
        changes
            .into_iter()
            .filter(|c| {
                self.compilation
                    .states
                    .get(c.state.0 as usize)
                    .is_some_and(|s| s.placement == Placement::Replicated)
            })
            .map(|c| {
                let map = self
                    .map_names
                    .get(c.state.0 as usize)
                    .cloned()
                    .unwrap_or_default();
                match c.value {
                    Some(value) => MapWrite::Put {
                        map,
                        key: c.key,
                        value,
                        existed: c.existed,
                    },
                    None => MapWrite::Remove { map, key: c.key },
                }
            })
            .collect()
    }

    /// What to send back for an outcome.
    fn finish(&self, o: Outcome, pkt: &[u8], in_port: u16) -> Result<Handled, RuntimeError> {
        Ok(match o {
            Outcome::Verdict(Verdict::Forward(port)) => Handled::Out {
                port,
                frame: pkt.to_vec(),
            },
            Outcome::Verdict(Verdict::Drop) => Handled::Dropped,
            Outcome::Exit(block) => {
                let id = *self
                    .resume_of_block
                    .get(&block)
                    .ok_or(RuntimeError::NoResume(block))?;
                let r = self
                    .compilation
                    .resumes
                    .iter()
                    .find(|r| r.id == id)
                    .ok_or(RuntimeError::NoResume(block))?;
                let values: Vec<(ValueId, ir::Value)> = r
                    .values
                    .iter()
                    .filter_map(|v| self.interp.value(*v).map(|x| (*v, x)))
                    .collect();
                let layout =
                    self.layouts
                        .get(&(Kind::ToSwitch, id))
                        .ok_or(FrameError::UnknownPoint {
                            kind: "resume",
                            point: id,
                        })?;
                Handled::ToSwitch(frames::resume_frame(pkt, id, in_port, &values, layout)?)
            }
        })
    }
}

fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}
