//! The CPU agent: the full state machine over every connection, the shadow of the
//! switch tables, and the decisions about which connection lives where.
//!
//! A connection is in one of four places:
//!
//! | place | switch entry | its non-control packets |
//! |---|---|---|
//! | `Cpu` | none | miss → CPU (TCP through the miss meter) |
//! | `Pending` | exact entry → CPU | to the CPU, unmetered (handshake, teardown) |
//! | `Hashed` | fingerprint cell | forwarded by the switch |
//! | `Fallback` | exact entry → forward | forwarded by the switch (phase 3) |
//!
//! Established TCP connections and replied UDP flows are offloaded (`Hashed`, else
//! `Fallback`); TCP connections in TIME_WAIT and CLOSE are `Cpu`; in any other
//! state `Pending`, except half-open ones while the switch is under pressure and
//! the SYN-flood defence is on: then they cost no switch state, and their
//! handshake-completing ACK reaches the CPU through the metered miss path.

use std::collections::HashMap;

use wire::FlowKey;

use crate::conntrack::{ProtoState, TcpState};
use crate::dataplane::{BITS_ESTABLISHED, BITS_LAST_ACK, BITS_ONE_FIN, ConnBits, ExactAction};
use crate::layout::Layout;
use crate::packet::Pkt;
use crate::shadow::{CellState, CellWrite, Shadow};
use crate::tracker::{Outcome, Policy, Tracker};

/// Where a connection lives (see the module table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Place {
    /// No switch entry.
    Cpu,
    /// Exact entry sending its packets to the CPU.
    Pending,
    /// A fingerprint cell.
    Hashed,
    /// Exact entry forwarding (collision fallback).
    Fallback,
}

/// One control-plane operation on the switch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CtlOp {
    /// Register write of a fingerprint cell.
    Cell(CellWrite),
    /// Insert or modify an exact entry.
    ExactSet(FlowKey, ExactAction),
    /// Delete an exact entry.
    ExactDelete(FlowKey),
    /// Raise a cell's connection-state bits (2-bit layouts): a register
    /// read-modify-write after the CPU moved a hashed connection's teardown on.
    Bits {
        /// Way.
        way: u8,
        /// Cell index in the way.
        idx: u32,
        /// Bits to set.
        bits: ConnBits,
    },
}

/// The switch state bits that stand for `state` (2-bit layouts).
pub fn bits_of(state: Option<ProtoState>) -> ConnBits {
    match state {
        Some(ProtoState::Tcp(TcpState::FinWait | TcpState::CloseWait)) => BITS_ONE_FIN,
        Some(ProtoState::Tcp(TcpState::LastAck)) => BITS_LAST_ACK,
        _ => BITS_ESTABLISHED,
    }
}

/// Agent counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct AgentStats {
    /// Connections placed in the exact table after phase 3.
    pub fallback_entries: u64,
    /// Offloadable connections that found neither a cell nor an exact entry.
    pub unplaced: u64,
    /// Pending entries that did not fit in the exact table.
    pub pending_overflow: u64,
    /// Ambiguous connections re-placed when their packets reached the CPU.
    pub lazy_settled: u64,
    /// Connections expired by idle scans.
    pub expired: u64,
}

/// The agent.
#[derive(Debug, Clone)]
pub struct Agent {
    /// Full connection state.
    pub tracker: Tracker,
    /// Shadow of the hashed tables.
    pub shadow: Shadow,
    ids: HashMap<FlowKey, u32>,
    keys: Vec<Option<FlowKey>>,
    free: Vec<u32>,
    place: HashMap<FlowKey, Place>,
    exact_used: u32,
    exact_cap: u32,
    syn_defence: bool,
    handshake_only: bool,
    pressure: bool,
    /// Counters.
    pub stats: AgentStats,
}

impl Agent {
    /// An agent for tables of `layout`.
    pub fn new(layout: Layout, policy: Policy, syn_defence: bool) -> Agent {
        Agent {
            tracker: Tracker::new(policy),
            shadow: Shadow::new(layout),
            ids: HashMap::new(),
            keys: Vec::new(),
            free: Vec::new(),
            place: HashMap::new(),
            exact_used: 0,
            exact_cap: layout.exact_entries,
            syn_defence,
            handshake_only: false,
            pressure: false,
            stats: AgentStats::default(),
        }
    }

    /// Where connection `canonical` lives.
    pub fn place_of(&self, canonical: &FlowKey) -> Place {
        self.place.get(canonical).copied().unwrap_or(Place::Cpu)
    }

    /// Offloaded connections (hashed or fallback), for idle scans.
    pub fn offloaded(&self) -> impl Iterator<Item = (FlowKey, Place)> + '_ {
        self.place
            .iter()
            .filter(|(_, p)| matches!(p, Place::Hashed | Place::Fallback))
            .map(|(k, p)| (*k, *p))
    }

    /// Every connection with a switch entry and its place (for a switch that
    /// must be given the whole state again).
    pub fn places(&self) -> impl Iterator<Item = (FlowKey, Place)> + '_ {
        self.place.iter().map(|(k, p)| (*k, *p))
    }

    /// Exact entries in use.
    pub fn exact_used(&self) -> u32 {
        self.exact_used
    }

    /// The way and cell of a hashed connection.
    pub fn cell_of(&self, canonical: &FlowKey) -> Option<(usize, u32)> {
        let id = *self.ids.get(canonical)?;
        let w = self.shadow.way_of(id)? as usize;
        Some((w, self.shadow.layout().cands(canonical).idx[w]))
    }

    /// Offload after the handshake: half-open connections never get a switch
    /// entry, pressure or not (their handshake packets reach the CPU as
    /// control packets or through the metered miss path), so spoofed SYNs
    /// never take switch memory or control bandwidth.
    pub fn set_handshake_only(&mut self, on: bool) {
        self.handshake_only = on;
    }

    /// Tells the agent whether the switch is under pressure (control channel
    /// backlogged or exact table filling up); with the SYN-flood defence, new
    /// half-open connections then get no switch entry.
    pub fn set_pressure(&mut self, pressure: bool) {
        self.pressure = pressure;
    }

    /// With a 2-bit layout, whether the switch follows hashed connections'
    /// teardown.
    fn stateful(&self) -> bool {
        self.shadow.layout().state_bits == 2
    }

    /// Brings a hashed connection's tracked state up to the state bits its cell
    /// holds (read by the pipeline into the packet-in header, or by an idle
    /// scan); nothing for other connections or a 0-bit layout.
    pub fn follow_bits(&mut self, canonical: &FlowKey, bits: ConnBits) {
        if !self.stateful() || self.place_of(canonical) != Place::Hashed {
            return;
        }
        let fins = match bits {
            BITS_LAST_ACK => 2,
            BITS_ONE_FIN => 1,
            _ => return,
        };
        self.tracker.follow_switch_teardown(canonical, fins);
    }

    /// Handles a packet the switch sent to the CPU: runs the state machine and
    /// returns its outcome and the switch operations (in order) that bring the
    /// connection's place in line with its new state. `ambiguous`: the switch
    /// matched several ways (lazy settlement). `bits`: the state bits of the
    /// connection's own cell as the packet-in carries them (2-bit layouts; the
    /// caller has passed them to [`Agent::follow_bits`] first). A FIN the CPU
    /// accepts for a hashed connection is counted in its cell by the caller
    /// ([`crate::cofilter`]: the packet goes back through the pipeline).
    pub fn handle(
        &mut self,
        now: u64,
        port: u16,
        pkt: &Pkt,
        ambiguous: bool,
        ops: &mut Vec<CtlOp>,
    ) -> Outcome {
        let canon = pkt.key.map(|k| k.canonical());
        // Offloaded connections expire only by idle scans: their last packet time
        // is known from activity bits, not from the CPU.
        let lazy =
            canon.is_none_or(|c| !matches!(self.place_of(&c), Place::Hashed | Place::Fallback));
        let o = self.tracker.process(now, port, pkt, lazy);
        // A connection evicted to make room (early drop) loses its switch
        // entries too.
        for e in self.tracker.take_evicted() {
            self.move_to(e, Place::Cpu, ops);
        }
        if let Some(c) = canon {
            let state = self.tracker.get(&c).map(|x| x.state);
            let want_bits = bits_of(state);
            if ambiguous && self.place_of(&c) == Place::Hashed {
                self.settle(c, want_bits, ops);
            }
            let want = self.desired(state, self.place_of(&c));
            self.move_to(c, want, ops);
        }
        o
    }

    /// Removes an expired connection (idle scan) and its switch entries.
    pub fn expire(&mut self, canonical: FlowKey, ops: &mut Vec<CtlOp>) {
        self.tracker.remove(&canonical);
        self.move_to(canonical, Place::Cpu, ops);
        self.stats.expired += 1;
    }

    fn desired(&self, state: Option<ProtoState>, cur: Place) -> Place {
        match state {
            None => Place::Cpu,
            Some(s) if s.is_offloadable() => Place::Hashed,
            // With state bits a hashed connection stays in its cell through
            // FIN_WAIT, CLOSE_WAIT and LAST_ACK: the switch forwards its FINs
            // and data and sends the ACK in LAST_ACK to the CPU. An exact entry
            // has no bits: such a connection waits in a pending entry.
            Some(ProtoState::Tcp(TcpState::FinWait | TcpState::CloseWait | TcpState::LastAck))
                if self.stateful() && cur == Place::Hashed =>
            {
                Place::Hashed
            }
            Some(ProtoState::Tcp(TcpState::SynSent | TcpState::SynRecv | TcpState::SynSent2))
                if self.handshake_only || (self.syn_defence && self.pressure) =>
            {
                Place::Cpu
            }
            // TIME_WAIT and CLOSE keep no entry: their rare packets (a late ACK,
            // a retransmitted FIN) reach the CPU through the metered miss path,
            // and a reopening SYN is a control packet anyway. Otherwise every
            // closed connection would hold an exact entry for two minutes.
            Some(ProtoState::Tcp(TcpState::TimeWait | TcpState::Close)) => Place::Cpu,
            Some(ProtoState::Tcp(_)) => Place::Pending,
            Some(_) => Place::Cpu,
        }
    }

    fn id_of(&mut self, c: FlowKey) -> u32 {
        if let Some(&id) = self.ids.get(&c) {
            return id;
        }
        let id = self.free.pop().unwrap_or(self.keys.len() as u32);
        if id as usize == self.keys.len() {
            self.keys.push(None);
        }
        self.keys[id as usize] = Some(c);
        self.ids.insert(c, id);
        id
    }

    fn release_id(&mut self, c: &FlowKey) {
        if let Some(id) = self.ids.remove(c) {
            self.keys[id as usize] = None;
            self.free.push(id);
        }
    }

    /// Lazy settlement of ambiguous connection `c`; its re-placed cell gets
    /// state bits `bits` (the CPU knows them: it just handled the connection).
    fn settle(&mut self, c: FlowKey, bits: ConnBits, ops: &mut Vec<CtlOp>) {
        let Some(&id) = self.ids.get(&c) else {
            return;
        };
        let fp = self.shadow.layout().cands(&c).fp;
        match self.shadow.settle(id) {
            Some(Ok(w)) => {
                let at = self.shadow.way_of(id).map(|w| w as usize);
                let cands = self.shadow.layout().cands(&c);
                ops.extend(w.into_iter().map(|mut x| {
                    if at == Some(x.way as usize)
                        && x.idx == cands.idx[x.way as usize]
                        && x.fp == fp
                    {
                        x.state = CellState::Set(bits);
                    }
                    CtlOp::Cell(x)
                }));
                self.stats.lazy_settled += 1;
            }
            Some(Err(clear)) => {
                // Phase 3 for a connection aliased after it was placed.
                if self.exact_used < self.exact_cap && bits != BITS_ESTABLISHED {
                    // In teardown: an exact entry has no state bits, so the
                    // connection waits at the CPU (pending) instead.
                    self.exact_used += 1;
                    ops.push(CtlOp::ExactSet(c, ExactAction::Cpu));
                    self.place.insert(c, Place::Pending);
                } else if self.exact_used < self.exact_cap {
                    self.exact_used += 1;
                    ops.push(CtlOp::ExactSet(c, ExactAction::Forward));
                    self.place.insert(c, Place::Fallback);
                    self.stats.fallback_entries += 1;
                } else {
                    self.place.insert(c, Place::Cpu);
                    self.stats.unplaced += 1;
                }
                ops.push(CtlOp::Cell(clear));
            }
            None => {}
        }
    }

    /// Emits the operations that move connection `c` from its place to `want`.
    /// Order keeps every packet decided correctly meanwhile: a new entry that
    /// sends to the CPU is installed before a forwarding one is removed, and a
    /// forwarding entry is installed before a CPU entry is removed.
    fn move_to(&mut self, c: FlowKey, want: Place, ops: &mut Vec<CtlOp>) {
        let cur = self.place_of(&c);
        if cur == want || (want == Place::Hashed && cur == Place::Fallback) {
            return;
        }
        match (cur, want) {
            (_, Place::Hashed) => {
                let id = self.id_of(c);
                let cands = self.shadow.layout().cands(&c);
                let placed = match self.shadow.insert(id, cands) {
                    Some(w) => {
                        ops.extend(w.into_iter().map(CtlOp::Cell));
                        Place::Hashed
                    }
                    None if cur == Place::Pending || self.exact_used < self.exact_cap => {
                        if cur != Place::Pending {
                            self.exact_used += 1;
                        }
                        self.stats.fallback_entries += 1;
                        ops.push(CtlOp::ExactSet(c, ExactAction::Forward));
                        Place::Fallback
                    }
                    None => {
                        self.stats.unplaced += 1;
                        Place::Cpu
                    }
                };
                if cur == Place::Pending && placed == Place::Hashed {
                    ops.push(CtlOp::ExactDelete(c));
                    self.exact_used -= 1;
                }
                self.set_place(c, placed);
            }
            (_, Place::Pending) => {
                match cur {
                    Place::Fallback => ops.push(CtlOp::ExactSet(c, ExactAction::Cpu)),
                    _ if self.exact_used < self.exact_cap => {
                        self.exact_used += 1;
                        ops.push(CtlOp::ExactSet(c, ExactAction::Cpu));
                    }
                    _ => {
                        self.stats.pending_overflow += 1;
                        self.drop_hashed(c, ops);
                        self.set_place(c, Place::Cpu);
                        return;
                    }
                }
                self.drop_hashed(c, ops);
                self.set_place(c, Place::Pending);
            }
            (_, Place::Cpu | Place::Fallback) => {
                if matches!(cur, Place::Pending | Place::Fallback) {
                    ops.push(CtlOp::ExactDelete(c));
                    self.exact_used -= 1;
                }
                self.drop_hashed(c, ops);
                self.set_place(c, Place::Cpu);
            }
        }
    }

    fn drop_hashed(&mut self, c: FlowKey, ops: &mut Vec<CtlOp>) {
        if let Some(&id) = self.ids.get(&c) {
            if let Some(w) = self.shadow.remove(id) {
                ops.push(CtlOp::Cell(w));
            }
        }
    }

    fn set_place(&mut self, c: FlowKey, p: Place) {
        if p == Place::Cpu {
            // Not in the shadow any more (its cell was dropped before).
            self.place.remove(&c);
            self.release_id(&c);
        } else {
            self.place.insert(c, p);
        }
    }
}
