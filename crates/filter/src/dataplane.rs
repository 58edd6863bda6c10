//! The switch's data-plane decision, as the `program` module's P4 computes it,
//! over the table contents the agent has installed.
//!
//! # State
//! Per way the register cells (`fp | active << fp_bits`, 0 empty); the exact-match
//! table (canonical 5-tuple → forward or CPU); the miss path's meter cell.
//! # Counters
//! In [`DataPlaneStats`].

use std::collections::HashMap;

use pipe::meter::{Color, MeterCell, MeterConfig};
use wire::FlowKey;

use crate::conntrack::TcpClass;
use crate::layout::{Cands, Layout, WAYS};
use crate::packet::{Kind, Pkt};
use crate::shadow::CellWrite;

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
    /// Not TCP or UDP over IPv4.
    Other,
    /// The exact-match table says so.
    Exact,
    /// More than one way matched.
    Ambiguous,
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
}

/// The data-plane tables.
#[derive(Debug, Clone)]
pub struct DataPlane {
    layout: Layout,
    cells: Vec<Vec<u16>>,
    exact: HashMap<FlowKey, (ExactAction, bool)>,
    /// `Some`: TCP misses go to the CPU through this meter (connections in
    /// TIME_WAIT, and half-open ones under the SYN-flood defence, have no switch
    /// entry); `None`: they are dropped.
    miss_meter: Option<MissMeter>,
    meter: MeterCell,
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
            exact: HashMap::new(),
            meter: MeterCell::new(miss_meter.map(|m| m.config())),
            miss_meter,
            stats: DataPlaneStats::default(),
        }
    }

    /// The miss path's meter (`None`: TCP misses are dropped).
    pub fn miss_meter(&self) -> Option<MissMeter> {
        self.miss_meter
    }

    /// Entries in the exact-match table.
    pub fn exact_len(&self) -> usize {
        self.exact.len()
    }

    /// Applies one cell write (clears the activity bit).
    pub fn write_cell(&mut self, w: CellWrite) {
        if let Some(c) = self
            .cells
            .get_mut(w.way as usize)
            .and_then(|v| v.get_mut(w.idx as usize))
        {
            *c = w.fp;
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
        let is_udp = match pkt.kind {
            Kind::Tcp(TcpClass::Ack) => false,
            Kind::Tcp(_) => return SwitchDecision::Cpu(CpuReason::Control),
            Kind::Udp => true,
            _ => return SwitchDecision::Cpu(CpuReason::Other),
        };
        let Some(key) = pkt.key else {
            return SwitchDecision::Cpu(CpuReason::Other);
        };
        let c = self.layout.cands(&key);
        let hits = self.mark(&c);
        let out = port ^ 1;
        match self.exact.get_mut(&key.canonical()) {
            Some((ExactAction::Forward, hit)) => {
                *hit = true;
                return SwitchDecision::Forward(out);
            }
            Some((ExactAction::Cpu, _)) => return SwitchDecision::Cpu(CpuReason::Exact),
            None => {}
        }
        match hits {
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

    fn mark(&mut self, c: &Cands) -> u32 {
        let top = 1u16 << self.layout.fp_bits;
        let mut hits = 0;
        for w in 0..WAYS {
            if let Some(cell) = self.cells[w].get_mut(c.idx[w] as usize) {
                if *cell & !top == c.fp {
                    *cell |= top;
                    hits += 1;
                }
            }
        }
        hits
    }
}
