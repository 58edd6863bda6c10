//! Resolution and application of control-plane operations on a [`Switch`].

use std::time::Duration;

use crate::exec::table::{Entry, EntryProblem, PackedKey, TableState, mask_of, pack_entry};
use crate::exec::{KeyMatch, Switch, TableEntry};
use crate::program::MatchKind;

use super::{
    APPLIED_LOG_LIMIT, Applied, AppliedLost, Completion, ControlError, ControlOp, IdleNotification,
    Latency, OpResult, Ticket,
};

/// A resolved operation waiting in the control channel.
#[derive(Debug, Clone)]
pub(crate) enum Pending {
    /// Insert into a main table.
    Insert(u16, Box<Entry>),
    /// Modify a main-table entry.
    Modify(u16, Box<Entry>),
    /// Delete from a main table.
    Delete(u16, PackedKey, PackedKey, u32),
    /// Write an entry (or a deletion marker) into a write-back table.
    WbPut(u16, Box<Entry>),
    /// Remove an entry from a write-back table.
    WbDel(u16, PackedKey, PackedKey, u32),
    /// Set the write-back visibility bit.
    SetVisible(bool),
    /// Read a register cell.
    RegRead(u16, u32),
    /// Write a register cell.
    RegWrite(u16, u32, u64),
    /// Inject a packet from the CPU port.
    PacketOut(Vec<u8>),
}

impl Switch {
    pub(crate) fn table_id(&self, table: &str) -> Result<u16, ControlError> {
        self.r
            .tables
            .iter()
            .position(|t| t.name == table)
            .map(|i| i as u16)
            .ok_or_else(|| ControlError::UnknownTable(table.to_string()))
    }

    fn object(&self, what: &'static str, name: &str, index: u32) -> Result<u16, ControlError> {
        let found = match what {
            "register" => self
                .r
                .registers
                .iter()
                .position(|r| r.name == name)
                .map(|i| (i, self.r.registers[i].size)),
            "meter" => self
                .r
                .meters
                .iter()
                .position(|m| m.name == name)
                .map(|i| (i, self.r.meters[i].size)),
            _ => self
                .r
                .counters
                .iter()
                .position(|c| c.name == name)
                .map(|i| (i, self.r.counters[i].size)),
        };
        let (i, size) = found.ok_or_else(|| ControlError::UnknownObject {
            what,
            name: name.to_string(),
        })?;
        if index >= size {
            return Err(ControlError::IndexOutOfRange {
                what,
                name: name.to_string(),
                index,
                size,
            });
        }
        Ok(i as u16)
    }

    /// Packs a key for table `t`: (value, mask, rank).
    pub(crate) fn key_of(
        &self,
        t: u16,
        key: &[KeyMatch],
        priority: u32,
    ) -> Result<(PackedKey, PackedKey, u32), ControlError> {
        let rt = &self.r.tables[usize::from(t)];
        let (v, m, prefix) = pack_entry(&rt.key, key).map_err(|p| problem(&rt.name, p, rt.size))?;
        let has_ternary = rt.key.iter().any(|k| k.kind == MatchKind::Ternary);
        Ok((v, m, if has_ternary { priority } else { prefix }))
    }

    /// Checks an entry against table `t` and builds its runtime form.
    pub(crate) fn entry_of(&self, t: u16, e: &TableEntry) -> Result<Entry, ControlError> {
        let rt = &self.r.tables[usize::from(t)];
        let (value, mask, rank) = self.key_of(t, &e.key, e.priority)?;
        let action = rt
            .actions
            .iter()
            .copied()
            .find(|&a| self.r.actions[usize::from(a)].name == e.action)
            .ok_or_else(|| ControlError::UnknownAction {
                table: rt.name.clone(),
                action: e.action.clone(),
            })?;
        let widths = &self.r.actions[usize::from(action)].param_widths;
        if widths.len() != e.args.len() {
            return Err(ControlError::BadEntry {
                table: rt.name.clone(),
                message: format!(
                    "action `{}` takes {} arguments, {} given",
                    e.action,
                    widths.len(),
                    e.args.len()
                ),
            });
        }
        if let Some((i, _)) = e
            .args
            .iter()
            .zip(widths)
            .enumerate()
            .find(|(_, (v, w))| **v & !mask_of(**w) != 0)
        {
            return Err(ControlError::BadEntry {
                table: rt.name.clone(),
                message: format!(
                    "argument {} of `{}` does not fit in {} bits",
                    i + 1,
                    e.action,
                    widths[i]
                ),
            });
        }
        Ok(Entry {
            spec: e.clone(),
            value,
            mask,
            rank,
            action,
            args: e.args.clone().into_boxed_slice(),
            last_hit: self.cp.now,
            idle_reported: false,
        })
    }

    pub(crate) fn resolve_op(&self, op: ControlOp) -> Result<(Pending, Duration), ControlError> {
        let l = self.cp.latency;
        Ok(match op {
            ControlOp::Insert { table, entry } => {
                let t = self.table_id(&table)?;
                (
                    Pending::Insert(t, Box::new(self.entry_of(t, &entry)?)),
                    l.table_op,
                )
            }
            ControlOp::Modify { table, entry } => {
                let t = self.table_id(&table)?;
                (
                    Pending::Modify(t, Box::new(self.entry_of(t, &entry)?)),
                    l.table_op,
                )
            }
            ControlOp::Delete {
                table,
                key,
                priority,
            } => {
                let t = self.table_id(&table)?;
                let (v, m, r) = self.key_of(t, &key, priority)?;
                (Pending::Delete(t, v, m, r), l.table_op)
            }
            ControlOp::RegisterRead { register, index } => (
                Pending::RegRead(self.object("register", &register, index)?, index),
                l.register_op,
            ),
            ControlOp::RegisterWrite {
                register,
                index,
                value,
            } => (
                Pending::RegWrite(self.object("register", &register, index)?, index, value),
                l.register_op,
            ),
            ControlOp::PacketOut(bytes) => (Pending::PacketOut(bytes), l.packet_out),
        })
    }

    /// Applies a resolved operation now.
    pub(crate) fn apply_pending(
        &mut self,
        at: Duration,
        op: Pending,
    ) -> Result<OpResult, ControlError> {
        if self.cp.applied.is_none() {
            return self.apply_one(at, op, &mut Vec::new());
        }
        let mut log = Vec::new();
        let r = self.apply_one(at, op, &mut log);
        if let Some(applied) = self.cp.applied.as_mut() {
            for a in log {
                if applied.len() < APPLIED_LOG_LIMIT {
                    applied.push(a);
                } else {
                    self.cp.applied_lost += 1;
                }
            }
        }
        r
    }

    /// Starts (or stops) logging every control-plane change as it takes
    /// effect, for [`Switch::take_applied`]; a mirror of the switch (BMv2)
    /// replays them. Setup calls log too (`insert`, `modify`, `delete`), but
    /// `write_register` does not: copy the state when mirroring starts.
    pub fn set_mirror_log(&mut self, on: bool) {
        self.cp.applied = on.then(Vec::new);
        self.cp.applied_lost = 0;
    }

    /// The control-plane changes that took effect since the last call, in
    /// order (empty when mirroring is off); an error if some were lost.
    pub fn take_applied(&mut self) -> Result<Vec<Applied>, AppliedLost> {
        if self.cp.applied_lost > 0 {
            let lost = std::mem::take(&mut self.cp.applied_lost);
            return Err(AppliedLost { lost });
        }
        Ok(self
            .cp
            .applied
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default())
    }

    /// The emitted P4's name of the write-back table of table `t`.
    fn wb_name(&self, t: u16) -> String {
        super::wb_table(&self.r.tables[usize::from(t)].name)
    }

    /// An entry as the emitted P4 holds it: a deletion marker is the
    /// `tandem_wb_delete_<table>` action.
    fn p4_spec(&self, t: u16, e: &Entry) -> TableEntry {
        let mut spec = e.spec.clone();
        if e.action == crate::exec::WB_DELETE {
            spec.action = super::wb_delete_action(&self.r.tables[usize::from(t)].name);
            spec.args = Vec::new();
        }
        spec
    }

    fn apply_one(
        &mut self,
        at: Duration,
        op: Pending,
        log: &mut Vec<Applied>,
    ) -> Result<OpResult, ControlError> {
        let logging = self.cp.applied.is_some();
        match op {
            Pending::Insert(t, e) => {
                // The idle timer starts when the insert was requested (the
                // entry carries that time), not when the channel got to it.
                let rt = &self.r.tables[usize::from(t)];
                let spec = logging.then(|| e.spec.clone());
                self.state.tables[usize::from(t)]
                    .insert(rt.ternary, rt.size, *e)
                    .map_err(|p| problem(&rt.name, p, rt.size))?;
                if let Some(entry) = spec {
                    log.push(Applied::Insert {
                        table: rt.name.clone(),
                        entry,
                    });
                }
            }
            Pending::Modify(t, e) => {
                let rt = &self.r.tables[usize::from(t)];
                let table = &mut self.state.tables[usize::from(t)];
                let id = table
                    .find(rt.ternary, &e.value, &e.mask, e.rank)
                    .ok_or_else(|| ControlError::EntryMissing(rt.name.clone()))?;
                if logging {
                    log.push(Applied::Modify {
                        table: rt.name.clone(),
                        entry: e.spec.clone(),
                    });
                }
                if let Some(old) = table.get_mut(id) {
                    old.action = e.action;
                    old.args = e.args;
                    old.spec = e.spec;
                    // Rewriting an entry counts as using it.
                    old.last_hit = old.last_hit.max(e.last_hit);
                    old.idle_reported = false;
                    table.touch(id);
                }
            }
            Pending::Delete(t, v, m, r) => {
                let rt = &self.r.tables[usize::from(t)];
                let table = &mut self.state.tables[usize::from(t)];
                let id = table
                    .find(rt.ternary, &v, &m, r)
                    .ok_or_else(|| ControlError::EntryMissing(rt.name.clone()))?;
                if let Some(old) = table.remove(id) {
                    if logging {
                        log.push(Applied::Delete {
                            table: rt.name.clone(),
                            entry: old.spec,
                        });
                    }
                }
            }
            Pending::WbPut(t, e) => {
                let rt = &self.r.tables[usize::from(t)];
                let size = rt.write_back.unwrap_or(0);
                let ternary = rt.ternary;
                if logging {
                    let table = self.wb_name(t);
                    let old = self.state.wb[usize::from(t)]
                        .as_ref()
                        .and_then(|wb| {
                            wb.find(ternary, &e.value, &e.mask, e.rank)
                                .and_then(|id| wb.get(id))
                        })
                        .map(|old| self.p4_spec(t, old));
                    if let Some(entry) = old {
                        log.push(Applied::Delete {
                            table: table.clone(),
                            entry,
                        });
                    }
                    log.push(Applied::Insert {
                        table,
                        entry: self.p4_spec(t, &e),
                    });
                }
                let rt = &self.r.tables[usize::from(t)];
                let wb = self.state.wb[usize::from(t)].get_or_insert_with(TableState::default);
                if let Some(id) = wb.find(ternary, &e.value, &e.mask, e.rank) {
                    wb.remove(id);
                }
                if let Err(p) = wb.insert(ternary, size, *e) {
                    // The insert did not happen: neither does its mirror.
                    if matches!(log.last(), Some(Applied::Insert { .. })) {
                        log.pop();
                    }
                    return Err(problem(&rt.name, p, size));
                }
            }
            Pending::WbDel(t, v, m, r) => {
                let ternary = self.r.tables[usize::from(t)].ternary;
                let mut used = None;
                if let Some(wb) = self.state.wb[usize::from(t)].as_mut() {
                    if let Some(id) = wb.find(ternary, &v, &m, r) {
                        used = wb.remove(id).map(|e| {
                            if logging {
                                let mut entry = e.spec.clone();
                                if e.action == crate::exec::WB_DELETE {
                                    entry.action = String::new();
                                }
                                log.push(Applied::Delete {
                                    table: String::new(),
                                    entry,
                                });
                            }
                            e.last_hit
                        });
                    }
                }
                if let Some(Applied::Delete { table, entry }) = log.last_mut() {
                    // Named here: the write-back table was borrowed above.
                    *table = super::wb_table(&self.r.tables[usize::from(t)].name);
                    if entry.action.is_empty() {
                        entry.action = super::wb_delete_action(&self.r.tables[usize::from(t)].name);
                        entry.args = Vec::new();
                    }
                }
                // Hits the write-back entry took while it shadowed the main
                // entry are the main entry's hits too.
                let table = &mut self.state.tables[usize::from(t)];
                if let (Some(used), Some(id)) = (used, table.find(ternary, &v, &m, r)) {
                    if let Some(e) = table.get_mut(id) {
                        if used > e.last_hit {
                            e.last_hit = used;
                            e.idle_reported = false;
                            table.touch(id);
                        }
                    }
                }
            }
            Pending::SetVisible(b) => {
                if logging {
                    log.push(Applied::Register {
                        register: super::WB_VISIBLE.to_string(),
                        index: 0,
                        value: u64::from(b),
                    });
                }
                self.state.wb_visible = b;
            }
            Pending::RegRead(g, i) => {
                return Ok(OpResult::Value(
                    self.state.registers[usize::from(g)][i as usize],
                ));
            }
            Pending::RegWrite(g, i, v) => {
                let w = self.r.registers[usize::from(g)].width;
                if logging {
                    log.push(Applied::Register {
                        register: self.r.registers[usize::from(g)].name.clone(),
                        index: i,
                        value: v & mask_of(w),
                    });
                }
                self.state.registers[usize::from(g)][i as usize] = v & mask_of(w);
            }
            Pending::PacketOut(bytes) => {
                let port = self.r.cpu_port;
                let out = self.process_now(at, port, &bytes);
                return Ok(OpResult::Packet(out));
            }
        }
        Ok(OpResult::Done)
    }

    /// Schedules an operation on the control channel. Its shape is checked now;
    /// state-dependent failures (key exists, table full) show in its [`Completion`].
    pub fn submit(
        &mut self,
        now: Duration,
        op: ControlOp,
    ) -> Result<(Ticket, Duration), ControlError> {
        self.advance(now);
        let (p, cost) = self.resolve_op(op)?;
        Ok(self.cp.enqueue(now, cost, p))
    }

    /// Applies every scheduled operation due by `now`, in order.
    pub fn advance(&mut self, now: Duration) {
        self.cp.now = self.cp.now.max(now);
        while let Some(q) = self.cp.pop_due(now) {
            let result = self.apply_pending(q.at, q.op);
            if !self.cp.follower && (q.report || result.is_err()) {
                self.cp.done.push(Completion {
                    ticket: q.ticket,
                    at: q.at,
                    result,
                });
            }
        }
    }

    /// Starts (or stops) logging every operation queued on the control
    /// channel, with the time it takes effect, for [`Switch::take_scheduled`]:
    /// this switch leads replicas of itself that run the same program on other
    /// threads (`tandem live --workers N`). Register reads and packet-outs are
    /// not logged (they act on the leader only).
    pub fn set_ship_log(&mut self, on: bool) {
        self.cp.shipped = on.then(Vec::new);
    }

    /// The operations queued since the last call (empty when the ship log is
    /// off), for [`Switch::follow`] on each replica.
    pub fn take_scheduled(&mut self) -> super::Scheduled {
        super::Scheduled(
            self.cp
                .shipped
                .as_mut()
                .map(std::mem::take)
                .unwrap_or_default(),
        )
    }

    /// Makes this switch a follower replica: it keeps no completions (its
    /// leader reports them) and takes its control-plane operations from
    /// [`Switch::follow`].
    pub fn set_follower(&mut self, on: bool) {
        self.cp.follower = on;
        if on {
            self.cp.done.clear();
            self.cp.shipped = None;
        }
    }

    /// Queues operations its leader scheduled, to take effect at the times the
    /// leader gave them. A replica that started as a copy of its leader
    /// (`Clone`) and follows every [`Scheduled`](super::Scheduled) in order
    /// holds, at any time `t`, the tables and registers the leader holds at
    /// `t`; what the data plane does (entry hits, registers and meters written
    /// by packets, counters) stays its own. The times must not be earlier than
    /// those already queued (the leader's channel gives them in order).
    pub fn follow(&mut self, ops: &super::Scheduled) {
        for (at, op) in &ops.0 {
            self.cp.push(*at, op.clone(), false);
        }
    }

    /// Takes in the entry hits `replica` saw by `now` (both are first brought
    /// to `now`), for the entries a [`Switch::poll_idle`] at `now` would visit
    /// (the others were hit here after their timeout's start): an entry
    /// whose last hit in `replica` is later than here takes that time (and
    /// may be reported idle again). A leader whose replicas carry the traffic
    /// calls this for each of them before [`Switch::poll_idle`] at the same
    /// `now`, so an entry is reported idle only when it is idle in every
    /// replica; like the poll, it costs the entries that may be idle, not
    /// the tables' sizes. Entries `replica` lacks are left alone.
    pub fn absorb_hits(&mut self, now: Duration, replica: &mut Switch) {
        self.advance(now);
        replica.advance(now);
        for (i, rt) in self.r.tables.iter().enumerate() {
            let Some(limit) = rt.idle_timeout.and_then(|t| now.checked_sub(t)) else {
                continue;
            };
            let (Some(mine), Some(theirs)) =
                (self.state.tables.get_mut(i), replica.state.tables.get(i))
            else {
                continue;
            };
            for id in mine.due_ids(limit) {
                let Some(e) = mine.get_mut(id) else { continue };
                let hit = theirs
                    .find(rt.ternary, &e.value, &e.mask, e.rank)
                    .and_then(|j| theirs.get(j))
                    .map(|o| o.last_hit);
                if let Some(hit) = hit
                    && hit > e.last_hit
                {
                    e.last_hit = hit;
                    e.idle_reported = false;
                    mine.touch(id);
                }
            }
        }
    }

    /// Completed scheduled operations since the last call, in completion order.
    pub fn take_completions(&mut self) -> Vec<Completion> {
        std::mem::take(&mut self.cp.done)
    }

    /// Scheduled operations not yet applied.
    pub fn pending_ops(&self) -> usize {
        self.cp.queue.len()
    }

    /// When the control channel becomes idle.
    pub fn busy_until(&self) -> Duration {
        self.cp.busy_until
    }

    /// The latest time this switch has been brought to (by a packet, a control
    /// call or [`Switch::advance`]): operations due by then have taken effect.
    /// A follower replica brought to its leader's time before post-processing a
    /// packet holds exactly the tables the leader holds (`tandem live --workers`).
    pub fn now(&self) -> Duration {
        self.cp.now
    }

    /// The control channel's latencies.
    pub fn latency(&self) -> Latency {
        self.cp.latency
    }

    /// Changes the control channel's latencies (for operations submitted later).
    pub fn set_latency(&mut self, latency: Latency) {
        self.cp.latency = latency;
    }

    /// Inserts an entry at once (setup; no latency).
    pub fn insert(&mut self, table: &str, entry: TableEntry) -> Result<(), ControlError> {
        let (p, _) = self.resolve_op(ControlOp::Insert {
            table: table.to_string(),
            entry,
        })?;
        self.apply_pending(self.cp.now, p).map(|_| ())
    }

    /// Modifies an entry at once.
    pub fn modify(&mut self, table: &str, entry: TableEntry) -> Result<(), ControlError> {
        let (p, _) = self.resolve_op(ControlOp::Modify {
            table: table.to_string(),
            entry,
        })?;
        self.apply_pending(self.cp.now, p).map(|_| ())
    }

    /// Deletes an entry at once.
    pub fn delete(
        &mut self,
        table: &str,
        key: &[KeyMatch],
        priority: u32,
    ) -> Result<(), ControlError> {
        let (p, _) = self.resolve_op(ControlOp::Delete {
            table: table.to_string(),
            key: key.to_vec(),
            priority,
        })?;
        self.apply_pending(self.cp.now, p).map(|_| ())
    }

    /// Reads a register cell at once.
    pub fn read_register(&self, register: &str, index: u32) -> Result<u64, ControlError> {
        let g = self.object("register", register, index)?;
        Ok(self.state.registers[usize::from(g)][index as usize])
    }

    /// All cells of a register array (what a control-plane bulk read returns, e.g.
    /// for scanning activity bits).
    pub fn register_cells(&self, register: &str) -> Result<&[u64], ControlError> {
        let g = self.object("register", register, 0)?;
        Ok(&self.state.registers[usize::from(g)])
    }

    /// Writes a register cell at once (truncated to its width).
    pub fn write_register(
        &mut self,
        register: &str,
        index: u32,
        value: u64,
    ) -> Result<(), ControlError> {
        let g = self.object("register", register, index)?;
        let w = self.r.registers[usize::from(g)].width;
        self.state.registers[usize::from(g)][index as usize] = value & mask_of(w);
        Ok(())
    }

    /// Reads a counter cell: (packets, bytes).
    pub fn read_counter(&self, counter: &str, index: u32) -> Result<(u64, u64), ControlError> {
        let c = self.object("counter", counter, index)?;
        let [p, b] = self.state.counters[usize::from(c)][index as usize];
        Ok((p, b))
    }

    /// Configures a meter cell at once (P4Runtime `MeterConfig`); both buckets
    /// start full. `None` unconfigures it (every packet green).
    pub fn set_meter(
        &mut self,
        meter: &str,
        index: u32,
        config: Option<crate::meter::MeterConfig>,
    ) -> Result<(), ControlError> {
        let m = self.object("meter", meter, index)?;
        if let Some(c) = &config {
            c.check().map_err(|message| ControlError::BadMeterConfig {
                meter: meter.to_string(),
                index,
                message,
            })?;
        }
        self.state.meters[usize::from(m)][index as usize] = crate::meter::MeterCell::new(config);
        Ok(())
    }

    /// A meter cell's configuration (`None`: unconfigured).
    pub fn meter_config(
        &self,
        meter: &str,
        index: u32,
    ) -> Result<Option<crate::meter::MeterConfig>, ControlError> {
        let m = self.object("meter", meter, index)?;
        Ok(self.state.meters[usize::from(m)][index as usize].config())
    }

    /// The entries of a table, in slot order.
    pub fn entries(&self, table: &str) -> Result<Vec<TableEntry>, ControlError> {
        let t = self.table_id(table)?;
        Ok(self.state.tables[usize::from(t)]
            .iter()
            .map(|(_, e)| e.spec.clone())
            .collect())
    }

    /// The entries of a table with the time each was last hit by a packet
    /// (an entry no packet has hit: the time it was written), in slot order.
    /// What a P4Runtime Read asking for `time_since_last_hit` reports.
    pub fn entries_with_hits(
        &self,
        table: &str,
    ) -> Result<Vec<(TableEntry, Duration)>, ControlError> {
        let t = self.table_id(table)?;
        Ok(self.state.tables[usize::from(t)]
            .iter()
            .map(|(_, e)| (e.spec.clone(), e.last_hit))
            .collect())
    }

    /// Entries the write-back table of `table` holds (None: it has none).
    pub fn write_back_size(&self, table: &str) -> Result<Option<u32>, ControlError> {
        Ok(self.r.tables[usize::from(self.table_id(table)?)].write_back)
    }

    /// Number of entries in a table.
    pub fn table_len(&self, table: &str) -> Result<usize, ControlError> {
        Ok(self.state.tables[usize::from(self.table_id(table)?)].len())
    }

    /// Entries idle for their table's timeout by `now`, each reported once
    /// until hit again; per table in slot order.
    ///
    /// A poll visits only the entries whose idle timeout may have passed
    /// (each table keeps its entries by a lower bound of their last hit), so
    /// it costs the entries it visits, not the tables' sizes: a table of a
    /// million idle-timed entries polled once a second is not scanned once a
    /// second. Times given to the switch are taken not to go backwards.
    pub fn poll_idle(&mut self, now: Duration) -> Vec<IdleNotification> {
        self.advance(now);
        let mut out = Vec::new();
        for (rt, table) in self.r.tables.iter().zip(self.state.tables.iter_mut()) {
            let Some(timeout) = rt.idle_timeout else {
                continue;
            };
            let Some(limit) = now.checked_sub(timeout) else {
                continue;
            };
            for id in table.take_due(limit) {
                let Some(e) = table.get_mut(id) else { continue };
                let bound = if e.idle_reported {
                    // Reported and not hit since: a hit after `now` makes it
                    // idle again no earlier than `now + timeout`.
                    now
                } else if e.last_hit <= limit {
                    e.idle_reported = true;
                    out.push(IdleNotification {
                        table: rt.name.clone(),
                        entry: e.spec.clone(),
                        last_hit: e.last_hit,
                    });
                    now
                } else {
                    e.last_hit
                };
                table.reschedule(id, bound);
            }
        }
        out
    }

    /// [`Switch::poll_idle`] by looking at every entry of every table with an
    /// idle timeout, as it was done before the schedule: the reference the
    /// schedule is tested against. Not for use: it costs the tables' sizes,
    /// and a switch polled with it is not to be polled with `poll_idle` (it
    /// leaves the schedule behind).
    #[doc(hidden)]
    pub fn poll_idle_by_scan(&mut self, now: Duration) -> Vec<IdleNotification> {
        self.advance(now);
        let mut out = Vec::new();
        for (rt, table) in self.r.tables.iter().zip(self.state.tables.iter_mut()) {
            let Some(timeout) = rt.idle_timeout else {
                continue;
            };
            let ids: Vec<u32> = table.iter().map(|(id, _)| id).collect();
            for id in ids {
                let Some(e) = table.get_mut(id) else { continue };
                if !e.idle_reported && now.saturating_sub(e.last_hit) >= timeout {
                    e.idle_reported = true;
                    out.push(IdleNotification {
                        table: rt.name.clone(),
                        entry: e.spec.clone(),
                        last_hit: e.last_hit,
                    });
                }
            }
        }
        out
    }

    /// Sends a packet into ingress from the CPU port at once (packet-out without latency).
    pub fn packet_out(&mut self, now: Duration, bytes: &[u8]) -> crate::exec::Output {
        self.process_now(now, self.r.cpu_port, bytes)
    }

    fn process_now(&mut self, now: Duration, port: u16, bytes: &[u8]) -> crate::exec::Output {
        // The CPU port is validated to be a 9-bit port, so this cannot fail.
        self.process(now, port, bytes)
            .unwrap_or(crate::exec::Output {
                verdict: crate::exec::Verdict::Drop(crate::exec::DropReason::NoEgressPort),
                bytes: Vec::new(),
            })
    }
}

fn problem(table: &str, p: EntryProblem, size: u32) -> ControlError {
    match p {
        EntryProblem::Shape(message) => ControlError::BadEntry {
            table: table.to_string(),
            message,
        },
        EntryProblem::Exists => ControlError::EntryExists(table.to_string()),
        EntryProblem::Full => ControlError::TableFull {
            table: table.to_string(),
            size,
        },
    }
}
