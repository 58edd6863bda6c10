//! Gallium's atomic update over ordinary P4Runtime Writes, for a switch that
//! runs the p4c-compiled switch part and knows nothing of Tandem (BMv2
//! `simple_switch_grpc`, a Tofino's P4Runtime server): the write-back cycle
//! as five `CONTINUE_ON_ERROR` Writes, each acknowledged before the next
//! is sent (docs/SWITCH.md, "Control channel: batching and group commit"):
//!
//! | phase | Write |
//! |---|---|
//! | 1 puts | every change of the cycle into the write-back tables |
//! | 2 flip | the visibility bit := 1 (`tandem_wb_flag`'s default action) |
//! | 3 main | the changes into the main tables (and the direct inserts) |
//! | 4 flip back | the bit := 0 |
//! | 5 clean-up | the write-back entries removed |
//!
//! Which entries each phase carries is the switch model's own protocol: a
//! **shadow** [`pipe::Switch`] with an instant channel runs every atomic
//! update, and its mirror log ([`pipe::Applied`], in the emitted P4's names)
//! is cut into the phases at the two flips. The shadow so also checks each
//! update before anything is sent (tables, keys, write-back room): a cycle
//! it refuses sends nothing.
//!
//! # Failures in the middle of a cycle
//! No packet sees a half-applied update:
//! - **Phase 1 or 2 refused** (some puts, or the flip): the bit is still 0,
//!   so nothing of the cycle is visible. Roll back: the puts are deleted;
//!   the update counts as refused and the switch is resynchronised.
//! - **Phase 3 partly refused**: the bit is 1 and every changed key hits its
//!   write-back entry, which holds the new value (the cycle is committed at
//!   the flip's acknowledgement). Roll forward: a refused `INSERT` is retried
//!   as `MODIFY` and the other way round; what still fails leaves the bit
//!   set and the write-back entries in place — still the new state — until
//!   the resynchronisation writes the main tables, flips back and cleans up.
//! - **Phase 4 or 5 refused**: the main tables hold the new state; a set bit
//!   or leftover write-back entries are only cleaned up by the resync.
//! - **While the bit is left set** (phase 3 or 4 refused), a new cycle's
//!   puts would be visible at once: every update is refused until the
//!   resync clears the bit. A roll-back deletes only the puts the switch
//!   accepted.
//!
//! # The commit point
//! With [`RemoteSwitch::set_defer_cycle_tail`] an update returns once its
//! flip is acknowledged (its packets may go: every changed key reads its
//! write-back entry) and phases 3–5 wait for [`RemoteSwitch::finish_cycle`],
//! which the next update, any Read and any other Write call first.
//! - **The connection lost** in any phase: on reconnection, if the flip may
//!   have been sent, the cycle's puts are written again and the bit set
//!   (roll forward: with the bit set, every key of the cycle reads its new
//!   value), the resync writes the main tables, and only then is the bit
//!   cleared and the write-back tables emptied. A bit found set by a process
//!   that died mid-cycle is handled the same way: a set bit only ever
//!   shadows a complete set of puts (phase 2 follows phase 1's
//!   acknowledgement), so the resync runs under it and clears it last.

use std::time::Duration;

use pipe::{Applied, AtomicTicket, ControlError, Update};

use crate::client::write_errors;
use crate::foreign::ForeignInfo;
use crate::proto::p4::v1 as p4;
use crate::remote::{RemoteError, RemoteSwitch, is_refusal, ticket_time};

/// Counters of the phased protocol.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct PhasedStats {
    /// Write-back cycles (with flips) completed.
    pub cycles: u64,
    /// Cycles of direct inserts only (phase 3 alone).
    pub direct_cycles: u64,
    /// Writes sent by cycles.
    pub writes: u64,
    /// Cycles rolled back before their flip (nothing visible).
    pub rolled_back: u64,
    /// Main-table writes retried after their flip (roll forward).
    pub rolled_forward: u64,
    /// Cycles left with the bit set for the resync to finish.
    pub left_to_resync: u64,
    /// Cycles finished at a reconnection (puts again, bit set).
    pub recovered: u64,
    /// Sum of the phases' round trips up to the commit point, ns.
    pub commit_ns: u64,
}

/// The phased protocol's state beside the connection.
pub(crate) struct Phased {
    pub(crate) info: ForeignInfo,
    shadow: pipe::Switch,
    shadow_now: Duration,
    /// Puts of a cycle whose flip may have reached the switch when the
    /// connection was lost: written again (and the bit set) on reconnection.
    interrupted: Option<Vec<p4::Update>>,
    /// Phases 3–5 of the last cycle, not yet sent: its flip is acknowledged
    /// (its packets may go), the rest follows ([`RemoteSwitch::finish_cycle`]).
    tail: Option<Tail>,
    /// Leave a committed cycle's phases 3–5 for [`RemoteSwitch::finish_cycle`]
    /// instead of sending them before the update returns.
    pub(crate) defer_tail: bool,
    /// A cycle's flip back did not happen (its main writes or the flip back
    /// were refused): the bit stays set over its new state until the resync.
    /// Another cycle's puts would be visible at once under it, so until
    /// then every atomic update is refused (and asks for the resync).
    bit_left_set: bool,
    pub(crate) stats: PhasedStats,
    /// A Write of the protocol can fail here, by phase (tests).
    fail_at: Option<(usize, FailKind)>,
}

/// How an injected failure ends a phase (tests of the failure handling).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailKind {
    /// The switch refuses every update of the phase's Write.
    Refuse,
    /// The phase's Write gets no answer (the connection is lost after it
    /// was applied).
    LoseAfter,
}

fn shadow_of(program: &pipe::Program) -> Result<pipe::Switch, RemoteError> {
    let mut s = pipe::Switch::new(program.clone())
        .map_err(|e| RemoteError::Entity(format!("the switch part: {e}")))?;
    s.set_latency(pipe::Latency {
        table_op: Duration::ZERO,
        register_op: Duration::ZERO,
        packet_out: Duration::ZERO,
        packet_in: Duration::ZERO,
        channel: pipe::Channel::Serial,
    });
    s.set_mirror_log(true);
    Ok(s)
}

impl Phased {
    pub(crate) fn new(info: ForeignInfo, program: &pipe::Program) -> Result<Phased, RemoteError> {
        Ok(Phased {
            info,
            shadow: shadow_of(program)?,
            shadow_now: Duration::ZERO,
            interrupted: None,
            tail: None,
            defer_tail: false,
            bit_left_set: false,
            stats: PhasedStats::default(),
            fail_at: None,
        })
    }

    fn encode(&self, c: &Applied) -> Result<p4::Update, String> {
        use p4::update::Type;
        let (kind, table, entry, key_only) = match c {
            Applied::Insert { table, entry } => (Type::Insert, table, entry, false),
            Applied::Modify { table, entry } => (Type::Modify, table, entry, false),
            Applied::Delete { table, entry } => (Type::Delete, table, entry, true),
            Applied::Register {
                register,
                index,
                value,
            } => {
                if register == pipe::WB_VISIBLE && *index == 0 {
                    return self
                        .info
                        .visibility_update(*value != 0)
                        .ok_or_else(|| "the program has no visibility bit".to_string());
                }
                let id = self
                    .info
                    .register_id(register)
                    .ok_or_else(|| format!("no register `{register}` on the switch"))?;
                return Ok(crate::client::register_update(
                    id,
                    Some(u64::from(*index)),
                    *value,
                ));
            }
        };
        let idle = self.info.idle_timeout_ns(table);
        let te = self.info.entry_to_p4(table, entry, key_only, idle)?;
        Ok(p4::Update {
            r#type: kind as i32,
            entity: Some(p4::Entity {
                entity: Some(p4::entity::Entity::TableEntry(te)),
            }),
        })
    }

    /// `pipe` updates of main tables as P4Runtime updates.
    pub(crate) fn encode_updates(&self, updates: &[Update]) -> Result<Vec<p4::Update>, String> {
        updates.iter().map(|u| self.info.update_to_p4(u)).collect()
    }

    /// Applies `updates` to the shadow at once (what the switch accepted of
    /// a non-atomic Write).
    pub(crate) fn shadow_apply(&mut self, updates: &[Update], ok: &[bool]) {
        for (u, ok) in updates.iter().zip(ok) {
            if !ok {
                continue;
            }
            let _ = match u {
                Update::Insert { table, entry } => self.shadow.insert(table, entry.clone()),
                Update::Modify { table, entry } => self.shadow.modify(table, entry.clone()),
                Update::Delete {
                    table,
                    key,
                    priority,
                } => self.shadow.delete(table, key, *priority),
            };
        }
        let _ = self.shadow.take_applied();
    }

    /// Injects a failure of phase `phase` (1–5) of the next cycle (tests).
    pub fn fail_next(&mut self, phase: usize, kind: FailKind) {
        self.fail_at = Some((phase, kind));
    }
}

/// A committed cycle's last three phases.
struct Tail {
    seq: u64,
    ticket: AtomicTicket,
    puts: Vec<p4::Update>,
    main: Vec<p4::Update>,
    flip_back: Vec<p4::Update>,
    clean_up: Vec<p4::Update>,
    flips: bool,
    entries: u64,
    start: std::time::Instant,
    commit: Duration,
}

/// How one phase's Write ended.
enum PhaseEnd {
    Done,
    /// These updates (indices) were refused.
    Refused(Vec<usize>),
    Lost(String),
}

/// The mirror log of one cycle cut at its flips: puts, flip, main, flip
/// back, clean-up (without flips: everything is phase 3).
fn phases(applied: Vec<Applied>) -> [Vec<Applied>; 5] {
    let mut out: [Vec<Applied>; 5] = Default::default();
    let flips = applied
        .iter()
        .filter(|c| matches!(c, Applied::Register { register, .. } if register == pipe::WB_VISIBLE))
        .count();
    let mut phase = if flips == 0 { 2 } else { 0 };
    for c in applied {
        let flip = matches!(&c, Applied::Register { register, .. } if register == pipe::WB_VISIBLE);
        if flip {
            phase = if phase == 0 { 1 } else { 3 };
            out[phase].push(c);
            phase += 1;
        } else {
            out[phase].push(c);
        }
    }
    out
}

impl RemoteSwitch {
    /// Sends one phase's Write and waits for its answer.
    fn send_phase(&mut self, phase: usize, updates: Vec<p4::Update>) -> PhaseEnd {
        if updates.is_empty() {
            return PhaseEnd::Done;
        }
        let n = updates.len();
        let fail = self.phased.as_mut().and_then(|p| {
            if p.fail_at.is_some_and(|(at, _)| at == phase) {
                p.fail_at.take().map(|(_, k)| k)
            } else {
                None
            }
        });
        if fail == Some(FailKind::Refuse) {
            return PhaseEnd::Refused((0..n).collect());
        }
        if let Some(p) = self.phased.as_mut() {
            p.stats.writes += 1;
        }
        let r = self.call("Write", async move |c| {
            c.write(updates, p4::write_request::Atomicity::ContinueOnError)
                .await
        });
        match r {
            Ok(()) if fail == Some(FailKind::LoseAfter) => {
                self.lost();
                PhaseEnd::Lost("injected: the answer was lost".into())
            }
            Ok(()) => PhaseEnd::Done,
            Err(RemoteError::Client(e)) if e.status().is_some_and(is_refusal) => {
                let errs = e.status().map(write_errors).unwrap_or_default();
                let refused: Vec<usize> = if errs.len() == n {
                    errs.iter()
                        .enumerate()
                        .filter(|(_, x)| x.canonical_code != tonic::Code::Ok as i32)
                        .map(|(i, _)| i)
                        .collect()
                } else {
                    (0..n).collect()
                };
                self.last_failure = Some(format!(
                    "phase {phase} of an atomic update: {}",
                    errs.iter()
                        .find(|x| x.canonical_code != tonic::Code::Ok as i32)
                        .map_or_else(|| e.to_string(), |x| x.message.clone())
                ));
                PhaseEnd::Refused(refused)
            }
            Err(e) => PhaseEnd::Lost(e.to_string()),
        }
    }

    /// One atomic update over the phased protocol, waiting for every phase.
    pub(crate) fn phased_update(
        &mut self,
        now: Duration,
        updates: &[Update],
        direct: &[bool],
        requested: &[Duration],
    ) -> Result<AtomicTicket, ControlError> {
        // The cycle before goes first (its clean-up may touch our keys).
        self.finish_cycle();
        let Some(ph) = self.phased.as_mut() else {
            return Err(ControlError::Channel("not a phased switch".into()));
        };
        if ph.bit_left_set {
            // Nothing is sent (and the shadow keeps the old state): the
            // update counts as refused, which makes the server resync.
            self.issued += 1;
            let seq = self.issued;
            let ticket = AtomicTicket {
                visible_at: ticket_time(seq),
                done_at: now,
                ops: 0,
                requests: 0,
            };
            self.last_failure = Some(
                "the visibility bit is still set by an unfinished cycle: resynchronise first"
                    .into(),
            );
            return Ok(self.refused(seq, ticket));
        }
        ph.shadow_now = ph.shadow_now.max(now);
        let at = ph.shadow_now;
        ph.shadow
            .atomic_update_direct(at, updates, direct, requested)?;
        ph.shadow.advance(at);
        let applied = ph
            .shadow
            .take_applied()
            .map_err(|e| ControlError::Channel(format!("the shadow's log: {e:?}")))?;
        let cut = phases(applied);
        let mut enc: Vec<Vec<p4::Update>> = Vec::with_capacity(5);
        for p in &cut {
            enc.push(
                p.iter()
                    .map(|c| ph.encode(c))
                    .collect::<Result<_, _>>()
                    .map_err(ControlError::Channel)?,
            );
        }
        let flips = !cut[1].is_empty();
        self.issued += 1;
        let seq = self.issued;
        let ticket = AtomicTicket {
            visible_at: ticket_time(seq),
            done_at: now,
            ops: enc.iter().map(Vec::len).sum(),
            requests: enc.iter().filter(|p| !p.is_empty()).count(),
        };
        if self.client.is_none() {
            self.stats.absorbed += 1;
            self.stats_stale();
            return Ok(ticket);
        }
        let start = std::time::Instant::now();
        let puts = enc[0].clone();
        // Phases 1 and 2: nothing visible until the flip is acknowledged.
        for phase in [1, 2] {
            match self.send_phase(phase, enc[phase - 1].clone()) {
                PhaseEnd::Done => {}
                PhaseEnd::Refused(idx) => {
                    // Phase 1: the puts the switch refused were not put
                    // (an INSERT may be refused because the entry is
                    // there: not ours to delete). Phase 2: all were put.
                    let refused: &[usize] = if phase == 1 { &idx } else { &[] };
                    self.roll_back(&puts, refused);
                    return Ok(self.refused(seq, ticket));
                }
                PhaseEnd::Lost(why) => {
                    if phase == 2 {
                        self.interrupt(puts);
                    }
                    return Ok(self.absorbed(seq, ticket, why));
                }
            }
        }
        let commit = start.elapsed();
        // The commit point: with flips every changed key reads its
        // write-back entry, the new value; without, phase 1 was empty and
        // the direct inserts are phase 3, which must be sent first.
        let tail = Tail {
            seq,
            ticket,
            puts,
            main: enc[2].clone(),
            flip_back: enc[3].clone(),
            clean_up: enc[4].clone(),
            flips,
            entries: updates.len() as u64,
            start,
            commit,
        };
        let defer = flips && self.phased.as_ref().is_some_and(|p| p.defer_tail);
        if let Some(p) = self.phased.as_mut() {
            p.tail = Some(tail);
        }
        if defer {
            // Packets waiting on this update may leave now.
            self.acked = self.acked.max(seq);
        } else {
            self.finish_cycle();
        }
        Ok(ticket)
    }

    /// Sends the last committed cycle's phases 3–5 (main tables, flip
    /// back, clean-up) if they are still to go, with the failure handling
    /// of the module docs. Before the next cycle, any Read or other Write,
    /// and a resynchronisation; with [`RemoteSwitch::set_defer_cycle_tail`]
    /// the caller runs it after letting out the packets the commit point
    /// released. A connection lost before it leaves the cycle to the
    /// reconnection, as a cycle interrupted after its flip.
    pub fn finish_cycle(&mut self) {
        let Some(t) = self.phased.as_mut().and_then(|p| p.tail.take()) else {
            return;
        };
        let (seq, ticket) = (t.seq, t.ticket);
        if self.client.is_none() {
            if t.flips {
                self.interrupt(t.puts);
            }
            let _ = self.absorbed(seq, ticket, "the connection was lost".into());
            return;
        }
        // Phase 3: committed (with flips) — roll forward.
        match self.send_phase(3, t.main.clone()) {
            PhaseEnd::Done => {}
            PhaseEnd::Refused(idx) => {
                let retry: Vec<p4::Update> = idx
                    .iter()
                    .filter_map(|&i| t.main.get(i).and_then(swap_insert_modify))
                    .collect();
                if let Some(p) = self.phased.as_mut() {
                    p.stats.rolled_forward += retry.len() as u64;
                }
                match self.send_phase(3, retry) {
                    PhaseEnd::Done => {}
                    PhaseEnd::Refused(_) => {
                        // The bit stays set over the new state: the resync
                        // finishes the cycle.
                        if let Some(p) = self.phased.as_mut() {
                            p.stats.left_to_resync += 1;
                            p.bit_left_set = t.flips;
                        }
                        let _ = self.refused(seq, ticket);
                        return;
                    }
                    PhaseEnd::Lost(why) => {
                        self.interrupt(t.puts);
                        let _ = self.absorbed(seq, ticket, why);
                        return;
                    }
                }
            }
            PhaseEnd::Lost(why) => {
                if t.flips {
                    self.interrupt(t.puts);
                }
                let _ = self.absorbed(seq, ticket, why);
                return;
            }
        }
        // Phases 4 and 5: the new state is in the main tables.
        for (phase, w) in [(4, t.flip_back), (5, t.clean_up)] {
            match self.send_phase(phase, w) {
                PhaseEnd::Done => {}
                PhaseEnd::Refused(_) => {
                    if phase == 4 {
                        if let Some(p) = self.phased.as_mut() {
                            p.bit_left_set = true;
                        }
                    }
                    let _ = self.refused(seq, ticket);
                    return;
                }
                PhaseEnd::Lost(why) => {
                    let _ = self.absorbed(seq, ticket, why);
                    return;
                }
            }
        }
        self.acked = self.acked.max(seq);
        self.stats.atomic_writes += 1;
        self.stats.atomic_entries += t.entries;
        let rtt = t.start.elapsed();
        if let Some(f) = &self.observer {
            f(rtt);
        }
        let ns = u64::try_from(rtt.as_nanos()).unwrap_or(u64::MAX);
        self.stats.atomic_write_ns += ns;
        self.stats.atomic_write_max_ns = self.stats.atomic_write_max_ns.max(ns);
        if let Some(p) = self.phased.as_mut() {
            if t.flips {
                p.stats.cycles += 1;
            } else {
                p.stats.direct_cycles += 1;
            }
            p.stats.commit_ns += u64::try_from(t.commit.as_nanos()).unwrap_or(u64::MAX);
        }
    }

    /// Lets a committed cycle's phases 3–5 wait for
    /// [`RemoteSwitch::finish_cycle`] (or the next call that needs them
    /// sent): the update returns at its commit point, the flip's
    /// acknowledgement, so the packets it holds can leave two Writes after
    /// it began instead of five. Off by default (every update returns with
    /// its cycle finished).
    pub fn set_defer_cycle_tail(&mut self, on: bool) {
        if let Some(p) = self.phased.as_mut() {
            p.defer_tail = on;
        }
    }

    fn roll_back(&mut self, puts: &[p4::Update], refused: &[usize]) {
        let dels: Vec<p4::Update> = puts
            .iter()
            .enumerate()
            .filter(|(i, u)| u.r#type == p4::update::Type::Insert as i32 && !refused.contains(i))
            .map(|(_, u)| u)
            .map(|u| {
                let mut d = u.clone();
                d.r#type = p4::update::Type::Delete as i32;
                d
            })
            .collect();
        if let Some(p) = self.phased.as_mut() {
            p.stats.rolled_back += 1;
        }
        // Refusals here are entries that were never put (invisible anyway).
        let _ = self.send_phase(0, dels);
    }

    fn interrupt(&mut self, puts: Vec<p4::Update>) {
        if let Some(p) = self.phased.as_mut() {
            p.interrupted = Some(puts);
        }
    }

    /// The shadow no longer equals the switch: the resync rebuilds it.
    fn stats_stale(&mut self) {
        self.refused_since = true;
    }

    fn refused(&mut self, seq: u64, t: AtomicTicket) -> AtomicTicket {
        self.acked = seq;
        self.stats.refused += 1;
        self.refused_since = true;
        t
    }

    fn absorbed(&mut self, seq: u64, t: AtomicTicket, why: String) -> AtomicTicket {
        let _ = seq;
        self.last_failure = Some(format!("an atomic update's Write was lost: {why}"));
        self.stats.absorbed += 1;
        if self.client.is_some() {
            self.lost();
        }
        t
    }

    /// Before a resynchronisation of a phased switch: finishes a cycle the
    /// lost connection interrupted (its puts again, the bit set) and makes
    /// the shadow equal to what the switch's main tables hold.
    pub(crate) fn phased_begin_resync(&mut self) -> Result<(), RemoteError> {
        self.finish_cycle();
        if let Some(puts) = self.phased.as_mut().and_then(|p| p.interrupted.take()) {
            if let PhaseEnd::Refused(idx) = self.send_phase(1, puts.clone()) {
                let retry: Vec<p4::Update> = idx
                    .iter()
                    .filter_map(|&i| puts.get(i).and_then(swap_insert_modify))
                    .collect();
                let _ = self.send_phase(1, retry);
            }
            let flip = self
                .phased
                .as_ref()
                .and_then(|p| p.info.visibility_update(true));
            if let Some(f) = flip {
                if let PhaseEnd::Lost(why) = self.send_phase(2, vec![f]) {
                    return Err(RemoteError::Entity(why));
                }
            }
            if let Some(p) = self.phased.as_mut() {
                p.stats.recovered += 1;
            }
        }
        let program = self.schema.program().clone();
        let mut shadow = shadow_of(&program)?;
        for t in &program.tables {
            for e in self.read_table(&t.name)? {
                let _ = shadow.insert(&t.name, e);
            }
        }
        let _ = shadow.take_applied();
        if let Some(p) = self.phased.as_mut() {
            p.shadow = shadow;
        }
        Ok(())
    }

    /// After the resync wrote the main tables: the bit cleared, then every
    /// write-back entry removed.
    pub(crate) fn phased_end_resync(&mut self) -> Result<(), RemoteError> {
        let Some(p) = self.phased.as_ref() else {
            return Ok(());
        };
        let flip = p.info.visibility_update(false);
        let wbs: Vec<(String, u32)> = self
            .schema
            .program()
            .tables
            .iter()
            .filter(|t| t.write_back.is_some())
            .filter_map(|t| {
                let n = pipe::wb_table(&t.name);
                p.info.table_id(&n).map(|id| (n, id))
            })
            .collect();
        if let Some(f) = flip {
            if let PhaseEnd::Lost(why) = self.send_phase(4, vec![f]) {
                return Err(RemoteError::Entity(why));
            }
        }
        if let Some(p) = self.phased.as_mut() {
            p.bit_left_set = false;
        }
        for (_, id) in wbs {
            let want = p4::Entity {
                entity: Some(p4::entity::Entity::TableEntry(p4::TableEntry {
                    table_id: id,
                    ..Default::default()
                })),
            };
            let have = self.call("Read", async move |c| c.read(vec![want]).await)?;
            let dels: Vec<p4::Update> = have
                .into_iter()
                .filter_map(|e| match e.entity {
                    Some(p4::entity::Entity::TableEntry(mut te)) => {
                        te.action = None;
                        Some(p4::Update {
                            r#type: p4::update::Type::Delete as i32,
                            entity: Some(p4::Entity {
                                entity: Some(p4::entity::Entity::TableEntry(te)),
                            }),
                        })
                    }
                    _ => None,
                })
                .collect();
            if let PhaseEnd::Lost(why) = self.send_phase(5, dels) {
                return Err(RemoteError::Entity(why));
            }
        }
        Ok(())
    }

    /// Counters of the phased protocol (None: the switch takes one
    /// `DATAPLANE_ATOMIC` Write per update).
    pub fn phased_stats(&self) -> Option<PhasedStats> {
        self.phased.as_ref().map(|p| p.stats)
    }

    /// Makes phase `phase` (1–5) of the next atomic update fail (tests of
    /// the failure handling). No effect on a `DATAPLANE_ATOMIC` switch.
    pub fn fail_next_phase(&mut self, phase: usize, kind: FailKind) {
        if let Some(p) = self.phased.as_mut() {
            p.fail_next(phase, kind);
        }
    }

    /// Whether atomic updates go as the five-Write protocol.
    pub fn is_phased(&self) -> bool {
        self.phased.is_some()
    }
}

/// The same entry with INSERT and MODIFY swapped (None for a delete).
fn swap_insert_modify(u: &p4::Update) -> Option<p4::Update> {
    use p4::update::Type;
    let t = match Type::try_from(u.r#type) {
        Ok(Type::Insert) => Type::Modify,
        Ok(Type::Modify) => Type::Insert,
        _ => return None,
    };
    let mut v = u.clone();
    v.r#type = t as i32;
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pipe::TableEntry;

    fn reg(v: u64) -> Applied {
        Applied::Register {
            register: pipe::WB_VISIBLE.into(),
            index: 0,
            value: v,
        }
    }

    fn ins(t: &str) -> Applied {
        Applied::Insert {
            table: t.into(),
            entry: TableEntry {
                key: vec![],
                action: "a".into(),
                args: vec![],
                priority: 0,
            },
        }
    }

    #[test]
    fn a_cycle_is_cut_at_its_two_flips() {
        let p = phases(vec![
            ins("t_wb"),
            ins("u_wb"),
            reg(1),
            ins("t"),
            ins("u"),
            reg(0),
            ins("t_wb"),
        ]);
        assert_eq!(
            p.iter().map(Vec::len).collect::<Vec<_>>(),
            vec![2, 1, 2, 1, 1]
        );
    }

    #[test]
    fn direct_inserts_alone_are_phase_three() {
        let p = phases(vec![ins("t"), ins("u")]);
        assert_eq!(
            p.iter().map(Vec::len).collect::<Vec<_>>(),
            vec![0, 0, 2, 0, 0]
        );
    }
}
