//! CoFilter's CPU agent driving a real switch that runs the program of
//! [`crate::program`] (a `tandem switch` daemon over P4Runtime, or a
//! `pipe::Switch` in the same process): the agent logic of [`crate::agent`],
//! with the switch's state read and written through [`SwitchIo`] instead of
//! the timing model of [`crate::cofilter`].
//!
//! # What differs from the model
//! * **Writes are acknowledged before the packet goes on.** The operations a
//!   packet causes are translated into the program's register cells and
//!   table entries and sent as one write (applied as a unit with respect to
//!   packets by Tandem's switch); the caller lets the packet out only after
//!   that (output commit without a modelled channel).
//! * **The packet-in carries no state bits.** The agent reads the bits of the
//!   connection's own cell before it runs the state machine (2-bit layouts),
//!   and tells an ambiguous lookup (several ways match) from its shadow of
//!   the cells and its exact entries, which equal the switch's once writes
//!   are acknowledged.
//! * **A FIN the agent forwards for a hashed connection is counted by the
//!   pipeline**: the caller sends it back in on the switch's CPU port before
//!   it lets it out ([`Handled::recount`]), and the program counts it in the
//!   cell as it counts its own FINs (counts commute with FINs the switch
//!   took meanwhile). When no single way matches the connection, the agent
//!   raises the bits by a register write instead, as the model does.
//! * **Idle scans** read the activity and state bits of every hashed
//!   connection's cell and clear the activity bits that were set. Exact
//!   entries carry no hit bit the agent can read over P4Runtime: a
//!   connection in a fallback entry counts as active at every scan (it ends
//!   by its FIN or RST, whose packets reach the CPU).
//! * **Pressure** (SYN-flood defence): the exact table three-quarters full.
//!   The model's other signal, a control-channel backlog, has no counterpart:
//!   writes are synchronous, a backlog builds up as packets waiting on the
//!   CPU link.
//!
//! # A switch that was away
//! [`RemoteAgent::adopt`] brings the agent up to what the switch's data plane
//! did meanwhile (state bits of teardowns the switch followed, activity);
//! [`RemoteAgent::install_all`] is everything a switch with empty tables must
//! be given: the program's fixed entries (row selectors, nibble lanes,
//! decisions), the miss meter, every hashed connection's cell with its state
//! bits and every exact entry.

use std::collections::HashMap;

use pipe::{TableEntry, Update};
use wire::FlowKey;

use crate::agent::{Agent, AgentStats, CtlOp, Place, bits_of};
use crate::cofilter::Config;
use crate::conntrack::TcpClass;
use crate::dataplane::{ConnBits, ExactAction};
use crate::layout::{Cells, Storage};
use crate::packet::{Kind, Pkt};
use crate::program::{
    DECIDE_TABLE, EXACT_TABLE, MISS_METER, Placement, RegWrite, SYN_METER, activity_name,
    cell_entry, cell_writes, cells_table_name, decide_entries, exact_entry, lane_entries,
    piece_name, selector_entries, state_names, state_writes,
};
use crate::shadow::{CellState, Match, SettleStats};
use crate::tracker::Verdict;

/// One write to the switch.
#[derive(Debug, Clone, PartialEq)]
pub enum Write {
    /// A register cell.
    Register(RegWrite),
    /// A table entry.
    Table(Update),
    /// A meter cell's configuration (`None`: unconfigured).
    Meter {
        /// Meter.
        meter: String,
        /// Cell.
        index: u32,
        /// Rates and bursts.
        config: Option<pipe::meter::MeterConfig>,
    },
}

/// The switch as the agent reaches it.
pub trait SwitchIo {
    /// Why a call failed.
    type Error;
    /// Applies `writes` in order; Tandem's switch applies one call's writes
    /// as a unit with respect to packets (callers split large batches).
    fn write(&mut self, writes: &[Write]) -> Result<(), Self::Error>;
    /// Reads register cells `(register, index)`, in order.
    fn read_registers(&mut self, cells: &[(String, u32)]) -> Result<Vec<u64>, Self::Error>;
    /// Every entry of table `table` with the time a packet last hit it, ns
    /// on the caller's clock whose present is `now` (an entry no packet has
    /// hit: about when it was written). The cells of
    /// [`crate::layout::Storage::Table`] are read this way: over P4Runtime
    /// a Read asking for `time_since_last_hit`.
    fn read_hits(&mut self, table: &str, now: u64) -> Result<Vec<(TableEntry, u64)>, Self::Error>;
}

/// A switch in this process.
impl SwitchIo for pipe::Switch {
    type Error = pipe::ControlError;

    fn write(&mut self, writes: &[Write]) -> Result<(), pipe::ControlError> {
        for w in writes {
            match w {
                Write::Register(r) => self.write_register(&r.register, r.index, r.value)?,
                Write::Table(Update::Insert { table, entry }) => {
                    self.insert(table, entry.clone())?;
                }
                Write::Table(Update::Modify { table, entry }) => {
                    self.modify(table, entry.clone())?;
                }
                Write::Table(Update::Delete {
                    table,
                    key,
                    priority,
                }) => self.delete(table, key, *priority)?,
                Write::Meter {
                    meter,
                    index,
                    config,
                } => self.set_meter(meter, *index, *config)?,
            }
        }
        Ok(())
    }

    fn read_registers(&mut self, cells: &[(String, u32)]) -> Result<Vec<u64>, pipe::ControlError> {
        cells
            .iter()
            .map(|(r, i)| self.read_register(r, *i))
            .collect()
    }

    fn read_hits(
        &mut self,
        table: &str,
        _now: u64,
    ) -> Result<Vec<(TableEntry, u64)>, pipe::ControlError> {
        Ok(self
            .entries_with_hits(table)?
            .into_iter()
            .map(|(e, t)| (e, u64::try_from(t.as_nanos()).unwrap_or(u64::MAX)))
            .collect())
    }
}

/// What became of a packet the switch sent to the CPU.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Handled {
    /// Forward out of a port, or drop.
    pub verdict: Verdict,
    /// Send the packet back in on the switch's CPU port first, to be counted
    /// in its connection's cell (a FIN of a hashed connection).
    pub recount: bool,
}

/// Counters of the agent against its switch.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct RemoteStats {
    /// Packets the switch sent to the CPU.
    pub cpu_packets: u64,
    /// Of those, forwarded.
    pub forwarded: u64,
    /// Of those, dropped.
    pub dropped: u64,
    /// Agent operations (cell writes, exact entries, state bits).
    pub ops: u64,
    /// Writes sent (register cells, table entries, meters).
    pub writes: u64,
    /// Write calls (one per packet that changed entries, per scan, per
    /// resynchronisation batch).
    pub write_calls: u64,
    /// Register cells read.
    pub reads: u64,
    /// FINs sent back into the pipeline to be counted.
    pub fins_recounted: u64,
    /// FINs whose bits were raised by a register write instead.
    pub fins_written: u64,
    /// Idle scans run.
    pub scans: u64,
    /// Connections the agent followed into teardown from state bits the
    /// switch set.
    pub bits_followed: u64,
}

/// The agent and the switch's image it keeps.
#[derive(Debug, Clone)]
pub struct RemoteAgent {
    cfg: Config,
    /// The agent: full state, shadow of the cells, places.
    pub agent: Agent,
    placement: Placement,
    /// Exact entries on the switch, by canonical key.
    exact: HashMap<FlowKey, ExactAction>,
    next_scan: Option<u64>,
    ops: Vec<CtlOp>,
    /// Cells a failed write may have left different from the shadow.
    dirty_cells: std::collections::BTreeSet<(u8, u32)>,
    /// A failed write carried exact entries.
    dirty_exact: bool,
    /// Table cells ([`Storage::Table`]): the fingerprint of each cell entry
    /// on the switch, by (way, index).
    cell_entries: HashMap<(u8, u32), u16>,
    /// When the last idle scan read the switch: a table cell is active if a
    /// packet hit it after that.
    last_scan: Option<u64>,
    /// Counters.
    pub stats: RemoteStats,
}

/// Register cells per read call, table entries and cells per write call
/// when the whole state is installed.
pub const CHUNK: usize = 8192;

impl RemoteAgent {
    /// An agent with no connections for `cfg` (its layout, policy, defence,
    /// miss meter and scan interval; the timing fields are the model's and
    /// unused here).
    pub fn new(cfg: Config) -> RemoteAgent {
        RemoteAgent::with_cells(cfg, Cells::Registers)
    }

    /// [`RemoteAgent::new`] for a switch that holds the cells as `cells`
    /// say ([`Cells::Tables`]: a switch whose control plane cannot reach
    /// registers, such as BMv2 over P4Runtime; needs a 0-bit state layout).
    pub fn with_cells(cfg: Config, cells: Cells) -> RemoteAgent {
        let mut agent = Agent::new(cfg.layout, cfg.policy.clone(), cfg.syn_defence);
        agent.set_handshake_only(cfg.handshake_only);
        RemoteAgent {
            placement: Placement::with_cells(cfg.layout, cells, 80),
            agent,
            exact: HashMap::new(),
            next_scan: None,
            ops: Vec::new(),
            dirty_cells: Default::default(),
            dirty_exact: false,
            cell_entries: HashMap::new(),
            last_scan: None,
            stats: RemoteStats::default(),
            cfg,
        }
    }

    /// The switch program this agent drives (what `tandem filter p4` writes
    /// as `cofilter.pipe.json` for the same layout).
    pub fn program(&self) -> Result<pipe::Program, pipe::ProgramError> {
        crate::program::build(&self.placement)
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// Agent counters.
    pub fn agent_stats(&self) -> AgentStats {
        self.agent.stats
    }

    /// Settlement counters.
    pub fn settle_stats(&self) -> SettleStats {
        self.agent.shadow.stats
    }

    fn stateful(&self) -> bool {
        self.cfg.layout.state_bits == 2
    }

    /// Whether the switch matched several ways for `pkt` (it then sent the
    /// packet to the CPU as ambiguous): a packet the pipeline looks up and
    /// decides by its hits, no exact entry, and more than one way holding
    /// its fingerprint in the shadow, which is the switch's image.
    fn ambiguous(&self, pkt: &Pkt) -> bool {
        let looked_up = match pkt.kind {
            Kind::Tcp(TcpClass::Ack) | Kind::Udp => true,
            Kind::Tcp(TcpClass::Fin) => self.stateful(),
            _ => false,
        };
        let Some(key) = pkt.key.filter(|_| looked_up && pkt.plain) else {
            return false;
        };
        !self.exact.contains_key(&key.canonical())
            && self.agent.shadow.lookup(&self.cfg.layout.cands(&key)) == Match::Many
    }

    /// The register cells holding way `w`'s cell `idx`'s state bits.
    fn bit_cells(&self, w: usize, idx: u32) -> [(String, u32); 2] {
        let [p, q] = state_names(w);
        [(p, idx), (q, idx)]
    }

    /// A packet the switch sent to the CPU, which arrived on `port` at `now`
    /// (ns, the caller's clock): runs the agent and writes the switch
    /// entries its decision needs. On `Err` the switch may hold part of the
    /// writes: resynchronise it ([`RemoteAgent::install_all`]) before
    /// relying on it.
    pub fn handle<S: SwitchIo>(
        &mut self,
        sw: &mut S,
        now: u64,
        port: u16,
        frame: &[u8],
    ) -> Result<Handled, S::Error> {
        self.stats.cpu_packets += 1;
        let pkt = Pkt::classify(frame);
        let canon = pkt.key.map(|k| k.canonical());
        // The teardown the switch followed in the connection's own cell.
        if let Some((w, idx)) = canon
            .filter(|_| self.stateful())
            .and_then(|c| self.agent.cell_of(&c))
        {
            let v = sw.read_registers(&self.bit_cells(w, idx))?;
            self.stats.reads += 2;
            let bits = (v[0] & 1) as u8 | (((v[1] & 1) as u8) << 1);
            if let Some(c) = canon {
                self.follow(&c, bits);
            }
        }
        let exact_full =
            self.agent.exact_used() as u64 * 4 >= u64::from(self.cfg.layout.exact_entries) * 3;
        self.agent.set_pressure(exact_full);
        let ambiguous = self.ambiguous(&pkt);
        let mut ops = std::mem::take(&mut self.ops);
        ops.clear();
        let o = self.agent.handle(now, port, &pkt, ambiguous, &mut ops);
        let r = self.apply(sw, &ops);
        self.ops = ops;
        r?;
        let forward = matches!(o.verdict, Verdict::Forward(_));
        if forward {
            self.stats.forwarded += 1;
        } else {
            self.stats.dropped += 1;
        }
        let mut recount = false;
        if let Some(c) = canon.filter(|c| {
            self.stateful()
                && pkt.kind == Kind::Tcp(TcpClass::Fin)
                && forward
                && !ambiguous
                && self.agent.place_of(c) == Place::Hashed
        }) {
            if matches!(
                self.agent.shadow.lookup(&self.cfg.layout.cands(&c)),
                Match::One(_)
            ) {
                // The program counts a FIN from the CPU port in the cell
                // when exactly one way matches (exact entry or not).
                recount = true;
                self.stats.fins_recounted += 1;
            } else if let Some((w, idx)) = self.agent.cell_of(&c) {
                let want = bits_of(self.agent.tracker.get(&c).map(|x| x.state));
                self.stats.fins_written += 1;
                self.apply(
                    sw,
                    &[CtlOp::Bits {
                        way: w as u8,
                        idx,
                        bits: want,
                    }],
                )?;
            }
        }
        Ok(Handled {
            verdict: o.verdict,
            recount,
        })
    }

    fn follow(&mut self, c: &FlowKey, bits: ConnBits) {
        let before = self.agent.tracker.get(c).map(|x| x.state);
        self.agent.follow_bits(c, bits);
        if self.agent.tracker.get(c).map(|x| x.state) != before {
            self.stats.bits_followed += 1;
        }
    }

    /// Translates agent operations into the program's writes and sends them
    /// in one call. A copy-first move's state bits come from the old cell as
    /// the switch holds it (read first), or as an earlier write of the same
    /// batch leaves it.
    fn apply<S: SwitchIo>(&mut self, sw: &mut S, ops: &[CtlOp]) -> Result<(), S::Error> {
        if ops.is_empty() {
            return Ok(());
        }
        self.stats.ops += ops.len() as u64;
        let stateful = self.stateful();
        // Bits of cells written earlier in this batch.
        let mut written: HashMap<(u8, u32), ConnBits> = HashMap::new();
        let mut sources: Vec<(u8, u32)> = Vec::new();
        for op in ops {
            if let CtlOp::Cell(c) = op {
                if let CellState::Copy { way, idx } = c.state {
                    if stateful && !written.contains_key(&(way, idx)) {
                        sources.push((way, idx));
                    }
                }
                written.insert((c.way, c.idx), 0);
            }
        }
        let mut switch_bits: HashMap<(u8, u32), ConnBits> = HashMap::new();
        if !sources.is_empty() {
            let cells: Vec<(String, u32)> = sources
                .iter()
                .flat_map(|&(w, i)| self.bit_cells(usize::from(w), i))
                .collect();
            let v = sw.read_registers(&cells)?;
            self.stats.reads += cells.len() as u64;
            for (k, &(w, i)) in sources.iter().enumerate() {
                let bits = (v[2 * k] & 1) as u8 | (((v[2 * k + 1] & 1) as u8) << 1);
                switch_bits.insert((w, i), bits);
            }
        }
        written.clear();
        let mut out = Vec::new();
        for op in ops {
            match *op {
                CtlOp::Cell(c) => {
                    let w = usize::from(c.way);
                    let bits = match c.state {
                        CellState::Zero => 0,
                        CellState::Set(b) => b & 3,
                        CellState::Copy { way, idx } => written
                            .get(&(way, idx))
                            .or_else(|| switch_bits.get(&(way, idx)))
                            .copied()
                            .unwrap_or(0),
                    };
                    written.insert((c.way, c.idx), bits);
                    if self.placement.storage() == Storage::Table {
                        out.extend(cell_updates(&mut self.cell_entries, w, c.idx, c.fp));
                        continue;
                    }
                    let shadow = &self.agent.shadow;
                    out.extend(
                        cell_writes(&self.placement, w, c.idx, |i| {
                            if i == c.idx { c.fp } else { shadow.fp(w, i) }
                        })
                        .into_iter()
                        .chain(state_writes(&self.placement, w, c.idx, bits))
                        .map(Write::Register),
                    );
                }
                CtlOp::ExactSet(k, a) => {
                    let entry = exact_entry(&k, a);
                    let table = EXACT_TABLE.to_string();
                    out.push(Write::Table(match self.exact.insert(k, a) {
                        Some(_) => Update::Modify { table, entry },
                        None => Update::Insert { table, entry },
                    }));
                }
                CtlOp::ExactDelete(k) => {
                    if self.exact.remove(&k).is_some() {
                        out.push(Write::Table(Update::Delete {
                            table: EXACT_TABLE.to_string(),
                            key: exact_entry(&k, ExactAction::Cpu).key,
                            priority: 0,
                        }));
                    }
                }
                CtlOp::Bits { way, idx, bits } => {
                    // Raising bits: write 1 where `bits` has one; the
                    // other bit stays as the switch has it.
                    let [p, q] = state_names(usize::from(way));
                    for (k, register) in [(0, p), (1, q)] {
                        if bits >> k & 1 == 1 {
                            out.push(Write::Register(RegWrite {
                                register,
                                index: idx,
                                value: 1,
                            }));
                        }
                    }
                }
            }
        }
        let r = self.send(sw, &out);
        if r.is_err() {
            // Applied or not: the switch is unknown where this batch wrote.
            for op in ops {
                match *op {
                    CtlOp::Cell(c) => {
                        self.dirty_cells.insert((c.way, c.idx));
                    }
                    CtlOp::Bits { way, idx, .. } => {
                        self.dirty_cells.insert((way, idx));
                    }
                    CtlOp::ExactSet(..) | CtlOp::ExactDelete(_) => self.dirty_exact = true,
                }
            }
        }
        r
    }

    /// Whether a failed write left cells or exact entries that
    /// [`RemoteAgent::repair`] must put right.
    pub fn is_dirty(&self) -> bool {
        !self.dirty_cells.is_empty() || self.dirty_exact
    }

    /// Brings a switch that kept the agent's state (the connection was lost,
    /// the switch was not restarted) back in line without starting it over:
    /// rewrites every cell a failed write touched from the shadow (its
    /// fingerprint, and the state bits of the connection's state, which
    /// [`RemoteAgent::adopt`] brought up to the switch's first) and makes
    /// the exact table, `have` as read from the switch, hold exactly the
    /// agent's exact entries. Returns the writes sent.
    pub fn repair<S: SwitchIo>(
        &mut self,
        sw: &mut S,
        have: &[TableEntry],
    ) -> Result<usize, S::Error> {
        let mut out = Vec::new();
        if self.placement.storage() == Storage::Table {
            // Takes the dirty cells: the loop below is for registers.
            out = self.repair_table_cells(sw)?;
        }
        let owner: HashMap<(u8, u32), FlowKey> = self
            .agent
            .places()
            .filter(|(_, p)| *p == Place::Hashed)
            .filter_map(|(c, _)| self.agent.cell_of(&c).map(|(w, i)| ((w as u8, i), c)))
            .collect();
        for &(w, idx) in &self.dirty_cells {
            let bits = owner
                .get(&(w, idx))
                .map_or(0, |c| bits_of(self.agent.tracker.get(c).map(|x| x.state)));
            let shadow = &self.agent.shadow;
            let w = usize::from(w);
            out.extend(
                cell_writes(&self.placement, w, idx, |i| shadow.fp(w, i))
                    .into_iter()
                    .chain(state_writes(&self.placement, w, idx, bits))
                    .map(Write::Register),
            );
        }
        // The exact table: what the agent's places say, against the switch.
        self.exact = self
            .agent
            .places()
            .filter_map(|(c, p)| match p {
                Place::Pending => Some((c, ExactAction::Cpu)),
                Place::Fallback => Some((c, ExactAction::Forward)),
                _ => None,
            })
            .collect();
        let want: HashMap<Vec<pipe::KeyMatch>, TableEntry> = self
            .exact
            .iter()
            .map(|(k, a)| {
                let e = exact_entry(k, *a);
                (e.key.clone(), e)
            })
            .collect();
        let table = EXACT_TABLE.to_string();
        for e in have {
            match want.get(&e.key) {
                None => out.push(Write::Table(Update::Delete {
                    table: table.clone(),
                    key: e.key.clone(),
                    priority: 0,
                })),
                Some(w) if w != e => out.push(Write::Table(Update::Modify {
                    table: table.clone(),
                    entry: w.clone(),
                })),
                Some(_) => {}
            }
        }
        let on_switch: std::collections::HashSet<&Vec<pipe::KeyMatch>> =
            have.iter().map(|e| &e.key).collect();
        let mut inserts: Vec<&TableEntry> = want
            .iter()
            .filter(|(k, _)| !on_switch.contains(k))
            .map(|(_, e)| e)
            .collect();
        inserts.sort_by_key(|e| format!("{:?}", e.key));
        out.extend(inserts.into_iter().map(|e| {
            Write::Table(Update::Insert {
                table: table.clone(),
                entry: e.clone(),
            })
        }));
        for chunk in out.chunks(CHUNK) {
            self.send(sw, chunk)?;
        }
        self.dirty_cells.clear();
        self.dirty_exact = false;
        Ok(out.len())
    }

    /// The writes that make the ways' cell tables hold what the agent's image
    /// says, against what the switch holds (read): the image, with every
    /// cell a failed write touched taken from the shadow. Resets the image
    /// to that.
    fn repair_table_cells<S: SwitchIo>(&mut self, sw: &mut S) -> Result<Vec<Write>, S::Error> {
        let dirty = std::mem::take(&mut self.dirty_cells);
        for &(w, idx) in &dirty {
            let fp = self.agent.shadow.fp(usize::from(w), idx);
            if fp == 0 {
                self.cell_entries.remove(&(w, idx));
            } else {
                self.cell_entries.insert((w, idx), fp);
            }
        }
        let mut out = Vec::new();
        for w in 0..crate::layout::WAYS {
            let table = cells_table_name(w);
            let mut have = std::collections::HashSet::new();
            for (e, _) in sw.read_hits(&table, self.last_scan.unwrap_or(0))? {
                self.stats.reads += 1;
                let Some((idx, fp)) = cell_key(&e) else {
                    continue;
                };
                if self.cell_entries.get(&(w as u8, idx)) == Some(&fp) {
                    have.insert(idx);
                } else {
                    out.push(Write::Table(Update::Delete {
                        table: table.clone(),
                        key: e.key,
                        priority: 0,
                    }));
                }
            }
            let mut missing: Vec<(u32, u16)> = self
                .cell_entries
                .iter()
                .filter(|(k, _)| usize::from(k.0) == w && !have.contains(&k.1))
                .map(|(k, &fp)| (k.1, fp))
                .collect();
            missing.sort_unstable();
            out.extend(missing.into_iter().map(|(idx, fp)| {
                Write::Table(Update::Insert {
                    table: table.clone(),
                    entry: cell_entry(w, idx, fp),
                })
            }));
        }
        Ok(out)
    }

    fn send<S: SwitchIo>(&mut self, sw: &mut S, writes: &[Write]) -> Result<(), S::Error> {
        if writes.is_empty() {
            return Ok(());
        }
        self.stats.writes += writes.len() as u64;
        self.stats.write_calls += 1;
        sw.write(writes)
    }

    /// Runs the idle scan if one is due by `now`: reads the activity and
    /// state bits of every hashed connection's cell, clears the activity
    /// bits that were set, refreshes active connections, follows teardowns
    /// and removes connections idle past their timeout. Returns whether a
    /// scan ran.
    pub fn tick<S: SwitchIo>(&mut self, sw: &mut S, now: u64) -> Result<bool, S::Error> {
        let interval = self.cfg.scan_interval_ns.max(1);
        let due = *self.next_scan.get_or_insert(now.saturating_add(interval));
        if now < due {
            return Ok(false);
        }
        self.next_scan = Some(now.saturating_add(interval));
        self.scan(sw, now)?;
        Ok(true)
    }

    /// The idle scan now (see [`RemoteAgent::tick`]).
    pub fn scan<S: SwitchIo>(&mut self, sw: &mut S, now: u64) -> Result<(), S::Error> {
        self.stats.scans += 1;
        let mut hashed = Vec::new();
        for (c, place) in self.agent.offloaded().collect::<Vec<_>>() {
            match place {
                Place::Hashed => {
                    if let Some((w, idx)) = self.agent.cell_of(&c) {
                        hashed.push((c, w, idx));
                    }
                }
                // No hit bit to read over P4Runtime: counted as active.
                _ => self.agent.tracker.touch(&c, now),
            }
        }
        hashed.sort_by_key(|x| (x.1, x.2));
        let (activity, bits) = self.read_cells(sw, &hashed, now)?;
        let mut clear = Vec::new();
        for (k, &(c, w, idx)) in hashed.iter().enumerate() {
            self.follow(&c, bits[k]);
            if activity[k] {
                self.agent.tracker.touch(&c, now);
                clear.extend(self.activity_clear(w, idx));
            }
        }
        for chunk in clear.chunks(CHUNK) {
            self.send(sw, chunk)?;
        }
        let mut ops = std::mem::take(&mut self.ops);
        ops.clear();
        for c in self.agent.tracker.expire(now) {
            self.agent.expire(c, &mut ops);
        }
        let r = self.apply(sw, &ops);
        self.ops = ops;
        r
    }

    /// The activity bit and the state bits of the given cells, as the
    /// switch holds them.
    fn read_cells<S: SwitchIo>(
        &mut self,
        sw: &mut S,
        cells: &[(FlowKey, usize, u32)],
        now: u64,
    ) -> Result<(Vec<bool>, Vec<ConnBits>), S::Error> {
        if self.placement.storage() == Storage::Table {
            return self.read_table_cells(sw, cells, now);
        }
        let stateful = self.stateful();
        let per = if stateful { 3 } else { 1 };
        let mut want = Vec::with_capacity(cells.len() * per);
        for &(_, w, idx) in cells {
            want.push(self.activity_cell(w, idx));
            if stateful {
                want.extend(self.bit_cells(w, idx));
            }
        }
        let mut values = Vec::with_capacity(want.len());
        for chunk in want.chunks(CHUNK) {
            values.extend(sw.read_registers(chunk)?);
            self.stats.reads += chunk.len() as u64;
        }
        let top = 1u64 << self.cfg.layout.fp_bits;
        let split = self.placement.storage() == Storage::Split;
        let mut activity = Vec::with_capacity(cells.len());
        let mut bits = Vec::with_capacity(cells.len());
        for k in 0..cells.len() {
            let v = &values[k * per..(k + 1) * per];
            activity.push(if split {
                v[0] & 1 == 1
            } else {
                v[0] & top != 0
            });
            bits.push(if stateful {
                (v[1] & 1) as u8 | (((v[2] & 1) as u8) << 1)
            } else {
                0
            });
        }
        Ok((activity, bits))
    }

    /// [`RemoteAgent::read_cells`] for table cells: the ways' tables with
    /// their hit times; a cell is active if a packet hit its entry after the
    /// last scan (or, before the first, at all). No state bits. A cell whose
    /// entry the switch lacks reads as inactive. Sets the time of the last
    /// scan to `now`.
    fn read_table_cells<S: SwitchIo>(
        &mut self,
        sw: &mut S,
        cells: &[(FlowKey, usize, u32)],
        now: u64,
    ) -> Result<(Vec<bool>, Vec<ConnBits>), S::Error> {
        let since = self.last_scan;
        let mut hits: HashMap<(usize, u32, u16), u64> = HashMap::new();
        for w in 0..crate::layout::WAYS {
            if !cells.iter().any(|c| c.1 == w) {
                continue;
            }
            for (e, at) in sw.read_hits(&cells_table_name(w), now)? {
                self.stats.reads += 1;
                if let Some((idx, fp)) = cell_key(&e) {
                    hits.insert((w, idx, fp), at);
                }
            }
        }
        self.last_scan = Some(now);
        let activity = cells
            .iter()
            .map(|&(_, w, idx)| {
                let fp = self.agent.shadow.fp(w, idx);
                hits.get(&(w, idx, fp))
                    .is_some_and(|&at| since.is_none_or(|s| at > s))
            })
            .collect();
        Ok((activity, vec![0; cells.len()]))
    }

    /// The register cell holding way `w`'s cell `idx`'s activity bit.
    fn activity_cell(&self, w: usize, idx: u32) -> (String, u32) {
        match self.placement.storage() {
            Storage::Split | Storage::Table => (activity_name(w), idx),
            Storage::Word => {
                let (j, local) = self.placement.locate(w, idx);
                (piece_name(w, j), local)
            }
        }
    }

    /// The write that clears way `w`'s cell `idx`'s activity bit.
    fn activity_clear(&self, w: usize, idx: u32) -> Option<Write> {
        let (register, index) = self.activity_cell(w, idx);
        let value = match self.placement.storage() {
            // Table cells keep hit times: nothing to clear.
            Storage::Table => return None,
            Storage::Split => 0,
            Storage::Word => u64::from(self.agent.shadow.fp(w, idx)),
        };
        Some(Write::Register(RegWrite {
            register,
            index,
            value,
        }))
    }

    /// Before the agent gives a switch its whole state again: the state
    /// bits (teardowns the switch followed while the agent could not see
    /// it) and activity of every hashed connection's cell, as the switch
    /// holds them; the agent follows them. A switch that lost its state
    /// answers zeros, which change nothing.
    pub fn adopt<S: SwitchIo>(&mut self, sw: &mut S, now: u64) -> Result<(), S::Error> {
        let mut hashed: Vec<(FlowKey, usize, u32)> = self
            .agent
            .offloaded()
            .filter(|(_, p)| *p == Place::Hashed)
            .filter_map(|(c, _)| self.agent.cell_of(&c).map(|(w, i)| (c, w, i)))
            .collect();
        hashed.sort_by_key(|x| (x.1, x.2));
        let (activity, bits) = self.read_cells(sw, &hashed, now)?;
        for (k, (c, _, _)) in hashed.iter().enumerate() {
            self.follow(c, bits[k]);
            if activity[k] {
                self.agent.tracker.touch(c, now);
            }
        }
        Ok(())
    }

    /// Everything a switch with empty tables and zeroed registers must hold
    /// for the agent's state, in the order to write it: the row selectors,
    /// nibble lanes and decision entries, the miss meter, every hashed
    /// connection's cell (fingerprint, nibble word, cleared activity, state
    /// bits from the connection's state) and every exact entry. Also resets
    /// the agent's record of the switch's exact entries to these.
    pub fn install_all(&mut self) -> Vec<Write> {
        let p = &self.placement;
        let mut out: Vec<Write> = selector_entries(p)
            .into_iter()
            .chain(lane_entries(p))
            .chain(
                decide_entries(true, p.layout.state_bits)
                    .into_iter()
                    .map(|e| (DECIDE_TABLE.to_string(), e)),
            )
            .map(|(table, entry)| Write::Table(Update::Insert { table, entry }))
            .collect();
        out.push(Write::Meter {
            meter: MISS_METER.to_string(),
            index: 0,
            config: Some(self.cfg.miss_meter.config()),
        });
        // The SYN meter as the data plane runs it (`Config::syn_meter`;
        // none: unconfigured, every SYN passes).
        out.push(Write::Meter {
            meter: SYN_METER.to_string(),
            index: 0,
            config: self.cfg.syn_meter.map(|m| m.config()),
        });
        let mut places: Vec<(FlowKey, Place)> = self.agent.places().collect();
        places.sort_by_key(|(k, _)| k.to_bytes());
        self.exact.clear();
        self.dirty_cells.clear();
        self.dirty_exact = false;
        self.cell_entries.clear();
        let tables = p.storage() == Storage::Table;
        for (c, place) in places {
            match place {
                Place::Hashed => {
                    let Some((w, idx)) = self.agent.cell_of(&c) else {
                        continue;
                    };
                    if tables {
                        let fp = self.agent.shadow.fp(w, idx);
                        out.extend(cell_updates(&mut self.cell_entries, w, idx, fp));
                        continue;
                    }
                    let bits = bits_of(self.agent.tracker.get(&c).map(|x| x.state));
                    let shadow = &self.agent.shadow;
                    out.extend(
                        cell_writes(p, w, idx, |i| shadow.fp(w, i))
                            .into_iter()
                            .chain(state_writes(p, w, idx, bits))
                            .map(Write::Register),
                    );
                }
                Place::Pending | Place::Fallback => {
                    let a = if place == Place::Pending {
                        ExactAction::Cpu
                    } else {
                        ExactAction::Forward
                    };
                    self.exact.insert(c, a);
                    out.push(Write::Table(Update::Insert {
                        table: EXACT_TABLE.to_string(),
                        entry: exact_entry(&c, a),
                    }));
                }
                Place::Cpu => {}
            }
        }
        out
    }

    /// Sends [`RemoteAgent::install_all`] to a switch with empty tables, in
    /// calls of at most [`CHUNK`] writes.
    pub fn install<S: SwitchIo>(&mut self, sw: &mut S) -> Result<usize, S::Error> {
        let all = self.install_all();
        for chunk in all.chunks(CHUNK) {
            self.send(sw, chunk)?;
        }
        Ok(all.len())
    }

    /// The exact entries the agent has put on the switch.
    pub fn exact_entries(&self) -> impl Iterator<Item = (FlowKey, ExactAction)> + '_ {
        self.exact.iter().map(|(k, a)| (*k, *a))
    }

    /// The fixed entries of a table the agent installs (for checks).
    pub fn fixed_entries(&self, table: &str) -> Vec<TableEntry> {
        let p = &self.placement;
        if table == DECIDE_TABLE {
            return decide_entries(true, p.layout.state_bits);
        }
        selector_entries(p)
            .into_iter()
            .chain(lane_entries(p))
            .filter(|(t, _)| t == table)
            .map(|(_, e)| e)
            .collect()
    }
}

/// The writes that make way `w`'s cell `idx` hold fingerprint `fp` (0:
/// empty) as a table entry, given the entries on the switch (`on`, updated):
/// the old entry deleted first (its key holds the old fingerprint), then the
/// new one inserted. Between the two a packet of either connection misses
/// in this way, and goes to the CPU, which holds both connections' state.
fn cell_updates(on: &mut HashMap<(u8, u32), u16>, w: usize, idx: u32, fp: u16) -> Vec<Write> {
    let key = (w as u8, idx);
    let old = on.get(&key).copied();
    if old == Some(fp) || (old.is_none() && fp == 0) {
        return Vec::new();
    }
    let table = cells_table_name(w);
    let mut out = Vec::new();
    if let Some(old) = old {
        out.push(Write::Table(Update::Delete {
            table: table.clone(),
            key: cell_entry(w, idx, old).key,
            priority: 0,
        }));
        on.remove(&key);
    }
    if fp != 0 {
        out.push(Write::Table(Update::Insert {
            table,
            entry: cell_entry(w, idx, fp),
        }));
        on.insert(key, fp);
    }
    out
}

/// The (index, fingerprint) of a cell table's entry.
fn cell_key(e: &TableEntry) -> Option<(u32, u16)> {
    match e.key.as_slice() {
        [pipe::KeyMatch::Exact(i), pipe::KeyMatch::Exact(f)] => {
            Some((u32::try_from(*i).ok()?, u16::try_from(*f).ok()?))
        }
        _ => None,
    }
}
