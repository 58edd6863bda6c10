//! The executor: a loaded program plus its runtime state.
//!
//! [`Switch::process`] runs one packet through the pipeline. Names were resolved to
//! indices when the program was loaded; a pass allocates nothing except when the
//! output buffer must grow ([`Switch::process_into`] lets the caller reuse one).
//! Time is an input; the same program, entries and packets give the same bytes out.

mod alu;
mod checksum;
mod cond;
mod phv;
mod pipeline;
pub(crate) mod table;
mod used;

use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::control::ControlPlane;
use crate::error::ProgramError;
use crate::program::Program;
use crate::resolved::Resolved;
use crate::validate::resolve;

pub(crate) use alu::Stateful;
use table::TableState;
pub use table::{KeyMatch, TableEntry};

/// Marks a write-back entry that deletes the key (Gallium §4: "a special value
/// indicates table entry deletion").
pub(crate) const WB_DELETE: u16 = u16::MAX;

/// Why a packet did not leave the switch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DropReason {
    /// The parser reached `reject`.
    ParserReject,
    /// The packet ended inside a header the parser extracts.
    Truncated,
    /// An ingress action dropped it.
    Ingress,
    /// An egress action dropped it.
    Egress,
    /// Ingress chose no port.
    NoEgressPort,
    /// It recirculated more than the program's limit.
    RecirculationLimit,
}

/// What happened to a packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The packet left on `port` (the CPU port means packet-in).
    Emit {
        /// Output port.
        port: u16,
    },
    /// The packet was dropped.
    Drop(DropReason),
}

/// A packet that left the switch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// What happened.
    pub verdict: Verdict,
    /// Deparsed bytes (empty when dropped).
    pub bytes: Vec<u8>,
}

/// Misuse of the executor API (not packet contents: bad packets are drops).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ExecError {
    /// Ports are 9 bits.
    #[error("port {0} is not a 9-bit port number")]
    BadPort(u16),
}

/// Packet counters of the whole switch.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Packets offered to [`Switch::process`].
    pub packets_in: u64,
    /// Packets emitted on a port (including the CPU port).
    pub packets_out: u64,
    /// Packets emitted to the CPU port (packet-in).
    pub to_cpu: u64,
    /// Packets dropped, any reason.
    pub dropped: u64,
    /// Extra passes through the pipeline.
    pub recirculations: u64,
    /// Register, counter or meter accesses with an index outside the array
    /// (skipped; a meter then writes green).
    pub index_errors: u64,
}

/// How often a table's lookups found an entry, counted per switch copy in
/// the executor (plain integers, no atomics: a copy is one data path's).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableLookups {
    /// Lookups that hit an entry (of the main table or, while it is
    /// visible, of the write-back table).
    pub hits: u64,
    /// Lookups that ran the default action: no entry matched, a write-back
    /// delete marker matched, or the table has no key.
    pub misses: u64,
}

/// One table of a loaded program: its entries and lookups
/// ([`Switch::table_stats`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableStats {
    /// The table's name.
    pub name: String,
    /// Entries installed (in the main table).
    pub entries: usize,
    /// Its lookups so far.
    pub lookups: TableLookups,
}

/// Runtime state of a loaded program.
#[derive(Debug, Clone)]
pub(crate) struct State {
    pub tables: Vec<TableState>,
    pub wb: Vec<Option<TableState>>,
    pub wb_visible: bool,
    pub registers: Vec<Vec<u64>>,
    pub counters: Vec<Vec<[u64; 2]>>,
    pub meters: Vec<Vec<crate::meter::MeterCell>>,
}

/// A switch running one program: executor, state and control plane.
#[derive(Debug, Clone)]
pub struct Switch {
    pub(crate) program: Program,
    pub(crate) r: Resolved,
    pub(crate) state: State,
    phv: phv::Phv,
    scratch: Vec<u8>,
    pub(crate) stats: Stats,
    /// Per table (in the resolved program's order): its lookups.
    pub(crate) lookups: Vec<TableLookups>,
    pub(crate) cp: ControlPlane,
}

/// The program resolved and pruned as the executor runs it (before its
/// conditions become truth tables): see [`crate::resolve`].
pub(crate) fn resolve_pruned(program: &Program) -> Result<Resolved, ProgramError> {
    let mut r = resolve(program)?;
    // Fields nobody reads or writes are carried as original bytes (see `used`).
    used::prune_checksums(&mut r);
    let used = used::used_slots(&r);
    for h in &mut r.headers {
        h.fields.retain(|f| used[usize::from(f.slot)]);
    }
    Ok(r)
}

impl Switch {
    /// Validates and loads a program with empty tables and zeroed registers.
    pub fn new(program: Program) -> Result<Switch, ProgramError> {
        let mut r = resolve_pruned(&program)?;
        // Long path conditions become truth tables over their distinct tests.
        cond::tabulate(&mut r.ingress);
        cond::tabulate(&mut r.egress);
        let state = State {
            tables: r
                .tables
                .iter()
                .map(|t| {
                    let mut s = TableState::with_room(t.size, t.ternary);
                    if t.idle_timeout.is_some() {
                        s.schedule_idle();
                    }
                    s
                })
                .collect(),
            wb: r
                .tables
                .iter()
                .map(|t| t.write_back.map(|_| TableState::default()))
                .collect(),
            wb_visible: false,
            registers: r
                .registers
                .iter()
                .map(|g| vec![0; g.size as usize])
                .collect(),
            counters: r
                .counters
                .iter()
                .map(|c| vec![[0, 0]; c.size as usize])
                .collect(),
            meters: r
                .meters
                .iter()
                .map(|m| vec![crate::meter::MeterCell::default(); m.size as usize])
                .collect(),
        };
        Ok(Switch {
            lookups: vec![TableLookups::default(); r.tables.len()],
            phv: phv::Phv::new(&r),
            program,
            r,
            state,
            scratch: Vec::new(),
            stats: Stats::default(),
            cp: ControlPlane::default(),
        })
    }

    /// The loaded program.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// Packet counters so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Every table's lookups so far, by name, in the program's order.
    pub fn table_lookups(&self) -> Vec<(&str, TableLookups)> {
        self.r
            .tables
            .iter()
            .zip(&self.lookups)
            .map(|(t, l)| (t.name.as_str(), *l))
            .collect()
    }

    /// Every table's entries and lookups, in the program's order.
    pub fn table_stats(&self) -> Vec<TableStats> {
        self.r
            .tables
            .iter()
            .zip(&self.state.tables)
            .zip(&self.lookups)
            .map(|((t, st), l)| TableStats {
                name: t.name.clone(),
                entries: st.len(),
                lookups: *l,
            })
            .collect()
    }

    /// Runs one packet arriving on `port` at time `now`.
    pub fn process(&mut self, now: Duration, port: u16, data: &[u8]) -> Result<Output, ExecError> {
        let mut bytes = Vec::with_capacity(data.len() + 64);
        let verdict = self.process_into(now, port, data, &mut bytes)?;
        if matches!(verdict, Verdict::Drop(_)) {
            bytes.clear();
        }
        Ok(Output { verdict, bytes })
    }

    /// Like [`Switch::process`], writing the output into `out` (cleared first).
    /// Control-plane operations due by `now` take effect before the packet is seen.
    pub fn process_into(
        &mut self,
        now: Duration,
        port: u16,
        data: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<Verdict, ExecError> {
        if port > 511 {
            return Err(ExecError::BadPort(port));
        }
        self.advance(now);
        self.stats.packets_in += 1;
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut in_port = port;
        let mut passes = 0u32;
        let verdict = loop {
            let input: &[u8] = if passes == 0 { data } else { &scratch };
            let mut ctx = pipeline::Ctx {
                r: &self.r,
                phv: &mut self.phv,
                tables: &mut self.state.tables,
                wb: &mut self.state.wb,
                wb_visible: self.state.wb_visible,
                lookups: &mut self.lookups,
                st: Stateful {
                    registers: &mut self.state.registers,
                    counters: &mut self.state.counters,
                    meters: &mut self.state.meters,
                    now_ns: u64::try_from(now.as_nanos()).unwrap_or(u64::MAX),
                    index_errors: &mut self.stats.index_errors,
                    packet_len: 0,
                },
                now,
            };
            match ctx.pass(in_port, passes > 0, input, out) {
                Err(DropReason::ParserReject | DropReason::Truncated)
                    if self.program.parser_error_port.is_some() =>
                {
                    // Unparseable: out of the parser-error port as it came.
                    out.clear();
                    out.extend_from_slice(input);
                    break Verdict::Emit {
                        port: self.program.parser_error_port.unwrap_or_default(),
                    };
                }
                Err(reason) => break Verdict::Drop(reason),
                Ok(p) if p == self.r.recirc_port => {
                    if passes >= u32::from(self.r.max_recirculations) {
                        break Verdict::Drop(DropReason::RecirculationLimit);
                    }
                    passes += 1;
                    self.stats.recirculations += 1;
                    std::mem::swap(out, &mut scratch);
                    in_port = self.r.recirc_port;
                }
                Ok(p) => break Verdict::Emit { port: p },
            }
        };
        self.scratch = scratch;
        match verdict {
            Verdict::Emit { port } => {
                self.stats.packets_out += 1;
                if port == self.r.cpu_port {
                    self.stats.to_cpu += 1;
                }
            }
            Verdict::Drop(_) => {
                self.stats.dropped += 1;
                out.clear();
            }
        }
        Ok(verdict)
    }
}
