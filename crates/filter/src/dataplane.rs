//! The switch's data-plane decision, as the `program` module's P4 computes it,
//! over the table contents the agent has installed.
//!
//! # State
//! Per way the register cells (`fp | active << fp_bits`, 0 empty) and, with a
//! 2-bit layout, each cell's connection-state bits ([`ConnBits`]); the
//! exact-match table (canonical 5-tuple → forward or CPU); the miss path's meter
//! cell.
//!
//! # The 2-bit connection state
//! Bit *p* "a FIN was seen", bit *q* "a second FIN was seen" (by count, not by
//! end: the kernel moves FIN_WAIT and CLOSE_WAIT to LAST_ACK on a FIN from
//! either end). ESTABLISHED = 00, FIN_WAIT or CLOSE_WAIT = 01 (*p*), LAST_ACK =
//! 11. A FIN+ACK segment of a connection matched in exactly one way (and by no
//! exact entry) sets *p*, and *q* if *p* was set, and is forwarded; an ACK is
//! forwarded unless *q* is set (the ACK in LAST_ACK moves the connection to
//! TIME_WAIT: the CPU's). SYN, RST and invalid flag combinations still go to
//! the CPU.
//! # Counters
//! In [`DataPlaneStats`].

use std::collections::HashMap;

use pipe::meter::{Color, MeterCell, MeterConfig};
use wire::FlowKey;

use crate::conntrack::TcpClass;
use crate::layout::{Cands, Layout, WAYS};
use crate::packet::{Kind, Pkt};
use crate::shadow::{CellState, CellWrite};

/// A cell's connection-state bits (2-bit layout): bit 0 *p* "a FIN was seen",
/// bit 1 *q* "a second FIN was seen".
pub type ConnBits = u8;
/// ESTABLISHED (or a layout without state bits).
pub const BITS_ESTABLISHED: ConnBits = 0;
/// FIN_WAIT or CLOSE_WAIT: one FIN seen.
pub const BITS_ONE_FIN: ConnBits = 1;
/// LAST_ACK: two FINs seen.
pub const BITS_LAST_ACK: ConnBits = 3;

/// What an exact-match entry does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum ExactAction {
    /// Forward (fallback for an established connection).
    Forward,
    /// Send to the CPU (a connection in transition).
    Cpu,
}

/// Why the switch sent a packet to the CPU.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum CpuReason {
    /// A TCP control segment.
    Control,
    /// Not TCP or UDP over IPv4, or not a plain IPv4 frame the pipeline
    /// parses in place (VLAN tag, IP options, fragment, not IP version 4).
    Other,
    /// The exact-match table says so.
    Exact,
    /// More than one way matched.
    Ambiguous,
    /// An ACK of a connection whose switch state says LAST_ACK (2-bit layout).
    LastAck,
    /// No entry matched a UDP datagram (it may open a connection) or, with the
    /// SYN-flood defence, a TCP segment (it may complete a handshake).
    Miss,
}

/// The switch's decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum SwitchDecision {
    /// Forwarded out of this port by the pipeline alone.
    Forward(u16),
    /// Sent to the CPU agent.
    Cpu(CpuReason),
    /// Dropped by the pipeline.
    Drop,
    /// A SYN of an unknown connection dropped by the SYN meter (control-plane
    /// policing of the CPU path): it never reaches the state machine.
    Shed,
}

/// Rate limit of the TCP miss path to the CPU: the program's packet meter
/// `miss_meter` (a `pipe` two-rate three-color meter with both rates equal, so
/// green or red), which this model runs with `pipe`'s own meter cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct MissMeter {
    /// Sustained packets per second.
    pub rate_pps: u64,
    /// Burst size in packets.
    pub burst: u64,
}

impl MissMeter {
    /// The meter cell's configuration for the switch's control plane.
    pub fn config(&self) -> MeterConfig {
        MeterConfig::single_rate(self.rate_pps, self.burst.max(1))
    }
}

/// Data-plane counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct DataPlaneStats {
    /// TCP misses dropped by the miss meter.
    pub metered: u64,
    /// SYNs of unknown connections dropped by the SYN meter.
    pub shed: u64,
}

/// The data-plane tables.
#[derive(Debug, Clone)]
pub struct DataPlane {
    layout: Layout,
    cells: Vec<Vec<u16>>,
    /// Per way the cells' state bits (empty vectors with a 0-bit layout).
    bits: Vec<Vec<ConnBits>>,
    exact: HashMap<FlowKey, (ExactAction, bool)>,
    /// `Some`: TCP misses go to the CPU through this meter (connections in
    /// TIME_WAIT, and half-open ones under the SYN-flood defence, have no switch
    /// entry); `None`: they are dropped.
    miss_meter: Option<MissMeter>,
    meter: MeterCell,
    /// `Some`: SYNs (without ACK) that match no entry reach the CPU through
    /// this meter (the program's `syn_meter`); `None`: all of them do.
    syn_meter: Option<MissMeter>,
    syn_cell: MeterCell,
    /// Counters.
    pub stats: DataPlaneStats,
}

impl DataPlane {
    /// Empty tables.
    pub fn new(layout: Layout, miss_meter: Option<MissMeter>) -> DataPlane {
        DataPlane {
            layout,
            cells: (0..WAYS)
                .map(|w| vec![0; layout.way_cells(w) as usize])
                .collect(),
            bits: (0..WAYS)
                .map(|w| {
                    let n = if layout.state_bits == 2 {
                        layout.way_cells(w) as usize
                    } else {
                        0
                    };
                    vec![BITS_ESTABLISHED; n]
                })
                .collect(),
            exact: HashMap::new(),
            meter: MeterCell::new(miss_meter.map(|m| m.config())),
            miss_meter,
            syn_meter: None,
            syn_cell: MeterCell::new(None),
            stats: DataPlaneStats::default(),
        }
    }

    /// Puts the SYN meter on the CPU path of new connections' SYNs (`None`:
    /// off, as the program's `syn_meter` unconfigured).
    pub fn set_syn_meter(&mut self, m: Option<MissMeter>) {
        self.syn_meter = m;
        self.syn_cell = MeterCell::new(m.map(|m| m.config()));
    }

    /// The SYN meter (`None`: off).
    pub fn syn_meter(&self) -> Option<MissMeter> {
        self.syn_meter
    }

    /// The miss path's meter (`None`: TCP misses are dropped).
    pub fn miss_meter(&self) -> Option<MissMeter> {
        self.miss_meter
    }

    /// Entries in the exact-match table.
    pub fn exact_len(&self) -> usize {
        self.exact.len()
    }

    /// Applies one cell write (clears the activity bit; with a 2-bit layout
    /// also writes the cell's state bits as `w.state` says).
    pub fn write_cell(&mut self, w: CellWrite) {
        let bits = match w.state {
            CellState::Zero => BITS_ESTABLISHED,
            CellState::Set(b) => b & 3,
            CellState::Copy { way, idx } => self.bits_at(way as usize, idx),
        };
        if let Some(c) = self
            .cells
            .get_mut(w.way as usize)
            .and_then(|v| v.get_mut(w.idx as usize))
        {
            *c = w.fp;
        }
        if let Some(b) = self
            .bits
            .get_mut(w.way as usize)
            .and_then(|v| v.get_mut(w.idx as usize))
        {
            *b = bits;
        }
    }

    /// The state bits of way `w`'s cell `idx` (0 with a 0-bit layout): what the
    /// packet-in header and the idle scan's register read carry.
    pub fn bits_at(&self, w: usize, idx: u32) -> ConnBits {
        self.bits
            .get(w)
            .and_then(|v| v.get(idx as usize))
            .copied()
            .unwrap_or(BITS_ESTABLISHED)
    }

    /// Advances way `w`'s cell `idx` to at least `bits` (the agent's
    /// read-modify-write after the CPU moved a hashed connection's teardown on;
    /// bits only ever grow while a connection stays in its cell).
    pub fn raise_bits(&mut self, w: usize, idx: u32, bits: ConnBits) {
        if let Some(b) = self.bits.get_mut(w).and_then(|v| v.get_mut(idx as usize)) {
            *b |= bits & 3;
        }
    }

    /// Inserts or changes an exact entry (key: canonical).
    pub fn exact_set(&mut self, canonical: FlowKey, a: ExactAction) {
        self.exact.insert(canonical, (a, false));
    }

    /// Reads and clears the hit mark of an exact entry (the table's idle-timeout
    /// hit bit, which the agent polls like the activity bits).
    pub fn take_exact_activity(&mut self, canonical: &FlowKey) -> bool {
        self.exact
            .get_mut(canonical)
            .is_some_and(|e| std::mem::replace(&mut e.1, false))
    }

    /// Deletes an exact entry.
    pub fn exact_delete(&mut self, canonical: &FlowKey) {
        self.exact.remove(canonical);
    }

    /// Reads and clears the activity bit of way `w`'s cell `idx` (the agent's scan).
    pub fn take_activity(&mut self, w: usize, idx: u32) -> bool {
        let top = 1u16 << self.layout.fp_bits;
        match self.cells.get_mut(w).and_then(|v| v.get_mut(idx as usize)) {
            Some(c) if *c & top != 0 => {
                *c &= !top;
                true
            }
            _ => false,
        }
    }

    /// The pipeline's decision for `pkt` arriving at `now` (ns) on `port`; marks
    /// activity in every way whose fingerprint matches, as the stateful ALUs do.
    pub fn process(&mut self, now: u64, port: u16, pkt: &Pkt) -> SwitchDecision {
        let stateful = self.layout.state_bits == 2;
        let is_fin = pkt.kind == Kind::Tcp(TcpClass::Fin);
        let (is_udp, control) = match pkt.kind {
            Kind::Tcp(TcpClass::Ack) => (false, false),
            Kind::Tcp(TcpClass::Fin) if stateful => (false, false),
            Kind::Tcp(_) => (false, true),
            Kind::Udp => (true, false),
            _ => return SwitchDecision::Cpu(CpuReason::Other),
        };
        let Some(key) = pkt.key else {
            return SwitchDecision::Cpu(CpuReason::Other);
        };
        // VLAN-tagged frames and IPv4 options: the program's parser would
        // read the wrong bytes as ports and flags; they go to the CPU whole.
        if !pkt.plain {
            return SwitchDecision::Cpu(CpuReason::Other);
        }
        let c = self.layout.cands(&key);
        // The lookups run for every TCP segment: a control segment marks
        // activity too before the decision sends it to the CPU.
        let (hits, sole) = self.mark(&c);
        if control {
            // A SYN of a connection the switch knows nothing of (no cell, no
            // exact entry) goes through the SYN meter.
            let new_syn = pkt.kind == Kind::Tcp(TcpClass::Syn)
                && hits == 0
                && !self.exact.contains_key(&key.canonical());
            if new_syn && self.syn_meter.is_some() && self.syn_cell.execute(now, 1) == Color::Red {
                self.stats.shed += 1;
                return SwitchDecision::Shed;
            }
            return SwitchDecision::Cpu(CpuReason::Control);
        }
        let out = port ^ 1;
        match self.exact.get_mut(&key.canonical()) {
            // An exact entry has no state bits: its FINs go to the CPU.
            Some(_) if is_fin => return SwitchDecision::Cpu(CpuReason::Control),
            Some((ExactAction::Forward, hit)) => {
                *hit = true;
                return SwitchDecision::Forward(out);
            }
            Some((ExactAction::Cpu, _)) => return SwitchDecision::Cpu(CpuReason::Exact),
            None => {}
        }
        if is_fin && hits != 1 {
            return SwitchDecision::Cpu(if hits == 0 {
                CpuReason::Control
            } else {
                CpuReason::Ambiguous
            });
        }
        match hits {
            1 if stateful => {
                let b = &mut self.bits[sole][c.idx[sole] as usize];
                let old = *b;
                if is_fin {
                    // p := 1; q := old p.
                    *b = old | BITS_ONE_FIN | ((old & 1) << 1);
                    SwitchDecision::Forward(out)
                } else if old & 2 != 0 && !is_udp {
                    SwitchDecision::Cpu(CpuReason::LastAck)
                } else {
                    SwitchDecision::Forward(out)
                }
            }
            1 => SwitchDecision::Forward(out),
            0 if is_udp => SwitchDecision::Cpu(CpuReason::Miss),
            0 if self.miss_meter.is_none() => SwitchDecision::Drop,
            0 => match self.meter.execute(now, 1) {
                Color::Red => {
                    self.stats.metered += 1;
                    SwitchDecision::Drop
                }
                Color::Green | Color::Yellow => SwitchDecision::Cpu(CpuReason::Miss),
            },
            _ => SwitchDecision::Cpu(CpuReason::Ambiguous),
        }
    }

    /// A FIN the CPU accepted, sent back through the pipeline to be counted in
    /// its connection's cell (2-bit layouts): counted as the data plane counts
    /// its own FINs (`p := 1`, `q := old p`) if exactly one way matches `key`
    /// (an exact entry beside the cell does not stop it: the connection is
    /// moving into or out of that cell); returns whether it was counted.
    pub fn count_fin(&mut self, key: &FlowKey) -> bool {
        if self.layout.state_bits != 2 {
            return false;
        }
        let c = self.layout.cands(key);
        let (hits, sole) = self.mark(&c);
        if hits != 1 {
            return false;
        }
        let b = &mut self.bits[sole][c.idx[sole] as usize];
        *b |= BITS_ONE_FIN | ((*b & 1) << 1);
        true
    }

    /// Marks activity in every matching way; returns the number of hits and
    /// the last matching way.
    fn mark(&mut self, c: &Cands) -> (u32, usize) {
        let top = 1u16 << self.layout.fp_bits;
        let mut hits = 0;
        let mut sole = 0;
        for w in 0..WAYS {
            if let Some(cell) = self.cells[w].get_mut(c.idx[w] as usize) {
                if *cell & !top == c.fp {
                    *cell |= top;
                    hits += 1;
                    sole = w;
                }
            }
        }
        (hits, sole)
    }
}
