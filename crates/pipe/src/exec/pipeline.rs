//! One pass of a packet through parser → ingress → traffic manager → egress →
//! deparser. Recirculation loops around this in [`super::Switch`].

use std::time::Duration;

use crate::resolved::*;

use super::alu::{self, Fwd, Stateful};
use super::phv::{self, Phv};
use super::table::{TableState, pack};
use super::{DropReason, WB_DELETE};

/// Everything a pass may touch, borrowed separately so actions can run while
/// table entries (their action data) are borrowed.
pub(crate) struct Ctx<'a> {
    pub r: &'a Resolved,
    pub phv: &'a mut Phv,
    pub tables: &'a mut [TableState],
    pub wb: &'a mut [Option<TableState>],
    pub wb_visible: bool,
    /// Each table's hit and miss counts.
    pub lookups: &'a mut [super::TableLookups],
    pub st: Stateful<'a>,
    pub now: Duration,
}

/// Parses `data`; returns the byte offset where the payload starts.
fn parse(r: &Resolved, phv: &mut Phv, data: &[u8]) -> Result<usize, DropReason> {
    let mut offset = 0usize;
    let mut next = r.start;
    loop {
        let state = match next {
            RNext::Accept => return Ok(offset),
            RNext::Reject => return Err(DropReason::ParserReject),
            RNext::State(s) => &r.states[usize::from(s)],
        };
        for &h in &state.extract {
            let hdr = &r.headers[usize::from(h)];
            if offset + hdr.bytes > data.len() {
                return Err(DropReason::Truncated);
            }
            phv::extract(hdr, data, offset, &mut phv.vals, &mut phv.parsed);
            phv.valid[usize::from(h)] = true;
            phv.origin[usize::from(h)] = offset as u32;
            offset += hdr.bytes;
        }
        next = match &state.transition {
            RTrans::Next(n) => *n,
            RTrans::Select {
                fields,
                cases,
                default,
            } => {
                let mut key = 0u64;
                for &(slot, w) in fields {
                    key = if w >= 64 {
                        phv.vals[usize::from(slot)]
                    } else {
                        (key << w) | phv.vals[usize::from(slot)]
                    };
                }
                cases
                    .iter()
                    .find(|(v, m, _)| key & m == *v & m)
                    .map_or(*default, |c| c.2)
            }
        };
    }
}

impl Ctx<'_> {
    /// Applies a table: write-back table first while the visibility bit is set
    /// (Gallium §4), then the main table. Returns whether an entry hit,
    /// and counts it in the table's lookups.
    fn apply(&mut self, t: u16, fwd: &mut Fwd) -> bool {
        let hit = self.lookup_and_run(t, fwd);
        if let Some(l) = self.lookups.get_mut(usize::from(t)) {
            if hit {
                l.hits += 1;
            } else {
                l.misses += 1;
            }
        }
        hit
    }

    /// [`Ctx::apply`] without the counting.
    fn lookup_and_run(&mut self, t: u16, fwd: &mut Fwd) -> bool {
        let ti = usize::from(t);
        let rt = &self.r.tables[ti];
        let key = pack(&rt.key, &self.phv.vals);
        let now = self.now;
        if self.wb_visible {
            if let Some(wb) = self.wb[ti].as_mut() {
                if let Some(id) = wb.lookup(rt.ternary, &key) {
                    if let Some(e) = wb.get_mut(id) {
                        e.last_hit = now;
                    }
                    let e = wb.get(id);
                    let (action, args) =
                        e.map_or((WB_DELETE, &[][..]), |e| (e.action, &e.args[..]));
                    if action == WB_DELETE {
                        let a = &self.r.actions[usize::from(rt.default_action)];
                        alu::run_action(self.r, a, &rt.default_args, self.phv, fwd, &mut self.st);
                        return false;
                    }
                    let a = &self.r.actions[usize::from(action)];
                    alu::run_action(self.r, a, args, self.phv, fwd, &mut self.st);
                    return true;
                }
            }
        }
        let table = &mut self.tables[ti];
        if !rt.key.is_empty() {
            if let Some(id) = table.lookup(rt.ternary, &key) {
                if let Some(e) = table.get_mut(id) {
                    e.last_hit = now;
                    e.idle_reported = false;
                }
                if let Some(e) = table.get(id) {
                    let a = &self.r.actions[usize::from(e.action)];
                    alu::run_action(self.r, a, &e.args, self.phv, fwd, &mut self.st);
                    return true;
                }
            }
        }
        let a = &self.r.actions[usize::from(rt.default_action)];
        alu::run_action(self.r, a, &rt.default_args, self.phv, fwd, &mut self.st);
        false
    }

    fn control(&mut self, stmts: &[RStmt], fwd: &mut Fwd) {
        for s in stmts {
            match s {
                RStmt::Apply {
                    table,
                    on_hit,
                    on_miss,
                } => {
                    let hit = self.apply(*table, fwd);
                    self.control(if hit { on_hit } else { on_miss }, fwd);
                }
                RStmt::Run { action, args } => {
                    let a = &self.r.actions[usize::from(*action)];
                    alu::run_action(self.r, a, args, self.phv, fwd, &mut self.st);
                }
                RStmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    let taken = alu::cond(cond, &self.phv.vals, &self.phv.valid);
                    self.control(if taken { then } else { otherwise }, fwd);
                }
            }
        }
    }

    /// Runs one pass; on success `out` holds the deparsed packet and the port is returned.
    pub fn pass(
        &mut self,
        in_port: u16,
        recirculated: bool,
        data: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<u16, DropReason> {
        let r = self.r;
        self.phv.reset();
        let vals = &mut self.phv.vals;
        vals[usize::from(SLOT_INGRESS_PORT)] = u64::from(in_port);
        vals[usize::from(SLOT_IS_RECIRC)] = u64::from(recirculated);
        vals[usize::from(SLOT_TIMESTAMP)] = (self.now.as_nanos() as u64) & ((1u64 << 48) - 1);
        let payload = parse(r, self.phv, data)?;
        let mut fwd = Fwd::default();
        self.st.packet_len = data.len();
        self.control(&r.ingress, &mut fwd);
        if fwd.drop {
            return Err(DropReason::Ingress);
        }
        let port = fwd.port.ok_or(DropReason::NoEgressPort)?;
        self.phv.vals[usize::from(SLOT_EGRESS_PORT)] = u64::from(port);
        let mut efwd = Fwd {
            port: Some(port),
            drop: false,
        };
        self.control(&r.egress, &mut efwd);
        if efwd.drop {
            return Err(DropReason::Egress);
        }
        super::checksum::update_all(r, self.phv, data);
        out.clear();
        for &h in &r.deparse {
            if self.phv.valid[usize::from(h)] {
                let hdr = &r.headers[usize::from(h)];
                let origin = self.phv.origin[usize::from(h)] as usize;
                let original = data.get(origin..origin.saturating_add(hdr.bytes));
                phv::emit(hdr, &self.phv.vals, &self.phv.parsed, original, out);
            }
        }
        out.extend_from_slice(&data[payload..]);
        Ok(port)
    }
}
