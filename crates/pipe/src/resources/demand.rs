//! What each placement unit (an applied table, or an action run directly, which
//! becomes a keyless table) reads, writes and needs.

use crate::resolved::*;

use super::Profile;

/// One thing to place in a stage.
#[derive(Debug, Clone)]
pub(crate) struct Unit {
    pub name: String,
    pub gress: usize,
    /// Slots read to decide whether/what to match (keys, enclosing conditions).
    pub match_reads: Vec<u32>,
    /// Slots read by the actions.
    pub action_reads: Vec<u32>,
    /// Slots written by the actions (header validity as pseudo-slots).
    pub writes: Vec<u32>,
    /// Index of a unit whose hit/miss branch contains this one.
    pub successor_of: Option<usize>,
    /// Branch arms taken to reach the unit: (branch point, arm). Units on different
    /// arms of one branch point never both run, so they have no dependency.
    pub path: Vec<(u32, u32)>,
    /// Memory that may be spread over consecutive stages.
    pub sram: u32,
    pub tcam: u32,
    /// Register arrays and meters (each needs a stateful ALU and its SRAM in one
    /// stage); see [`stateful_id_of_meter`].
    pub registers: Vec<u16>,
    pub register_sram: u32,
    pub hash_bits: u32,
    pub logical_tables: u32,
}

fn div_ceil(a: u64, b: u64) -> u64 {
    a.div_ceil(b.max(1))
}

fn val_slots(v: Val, out: &mut Vec<u32>) {
    if let Val::Slot(s) = v {
        out.push(u32::from(s));
    }
}

fn cond_slots(c: &RCond, nslots: u32, out: &mut Vec<u32>) {
    match c {
        RCond::Valid(h) => out.push(nslots + u32::from(*h)),
        RCond::Cmp(a, _, b) => {
            val_slots(*a, out);
            val_slots(*b, out);
        }
        RCond::And(a, b) | RCond::Or(a, b) => {
            cond_slots(a, nslots, out);
            cond_slots(b, nslots, out);
        }
        RCond::Not(a) => cond_slots(a, nslots, out),
        RCond::Table { atoms, .. } => atoms.iter().for_each(|a| cond_slots(a, nslots, out)),
    }
}

/// Reads, writes and register arrays of one action.
fn action_rw(
    r: &Resolved,
    a: &RAction,
    reads: &mut Vec<u32>,
    writes: &mut Vec<u32>,
    regs: &mut Vec<u16>,
    hash_bits: &mut u32,
) {
    let nslots = r.slot_widths.len() as u32;
    for op in &a.ops {
        match op {
            ROp::Set { dst, expr, .. } => {
                match *expr {
                    RExpr::Val(v) | RExpr::Not(v) => val_slots(v, reads),
                    RExpr::Bin(_, x, y) => [x, y].into_iter().for_each(|v| val_slots(v, reads)),
                    RExpr::Select {
                        lhs,
                        rhs,
                        then,
                        otherwise,
                        ..
                    } => [lhs, rhs, then, otherwise]
                        .into_iter()
                        .for_each(|v| val_slots(v, reads)),
                }
                writes.push(u32::from(*dst));
            }
            ROp::SetValid(h) | ROp::SetInvalid(h) => writes.push(nslots + u32::from(*h)),
            ROp::Forward(v) => {
                val_slots(*v, reads);
                writes.push(u32::from(SLOT_EGRESS_PORT));
            }
            ROp::ToCpu | ROp::Recirculate | ROp::Drop => writes.push(u32::from(SLOT_EGRESS_PORT)),
            ROp::Hash { unit, dst, .. } => {
                let h = &r.hashes[usize::from(*unit)];
                reads.extend(h.inputs.iter().map(|(s, _)| u32::from(*s)));
                *hash_bits += u32::from(h.width);
                writes.push(u32::from(*dst));
            }
            ROp::RegExec { ra, index, dst } => {
                let ra = &r.reg_actions[usize::from(*ra)];
                val_slots(*index, reads);
                for l in [ra.cond.map(|c| c.0), ra.cond.map(|c| c.2)]
                    .into_iter()
                    .flatten()
                {
                    if let RLeaf::Val(v) = l {
                        val_slots(v, reads);
                    }
                }
                for e in [ra.then.write, ra.otherwise.write].into_iter().flatten() {
                    let leaves = match e {
                        RRegExpr::Leaf(l) => vec![l],
                        RRegExpr::Bin(_, a, b) => vec![a, b],
                    };
                    for l in leaves {
                        if let RLeaf::Val(v) = l {
                            val_slots(v, reads);
                        }
                    }
                }
                if !regs.contains(&ra.register) {
                    regs.push(ra.register);
                }
                if let Some((d, _)) = dst {
                    writes.push(u32::from(*d));
                }
            }
            ROp::Count { index, .. } => val_slots(*index, reads),
            ROp::Meter { meter, index, dst } => {
                val_slots(*index, reads);
                let g = stateful_id_of_meter(r, *meter);
                if !regs.contains(&g) {
                    regs.push(g);
                }
                writes.push(u32::from(dst.0));
            }
        }
    }
}

/// SRAM blocks of an exact table of `size` entries with `entry_bits` per entry:
/// entries are packed into words (several per word when narrow, several words per
/// entry when wide).
fn exact_blocks(p: &Profile, size: u32, entry_bits: u32) -> u32 {
    let word = p.sram_word_bits.max(1);
    let words = if entry_bits <= word {
        div_ceil(u64::from(size), u64::from(word / entry_bits.max(1)))
    } else {
        u64::from(size) * div_ceil(u64::from(entry_bits), u64::from(word))
    };
    div_ceil(words, u64::from(p.sram_words)) as u32
}

fn ceil_log2(n: u32) -> u32 {
    32 - n.max(1).saturating_sub(1).leading_zeros()
}

/// Builds the units of both controls in program order.
pub(crate) fn units(r: &Resolved, p: &Profile) -> Vec<Unit> {
    let mut out = Vec::new();
    for (gress, stmts) in [&r.ingress, &r.egress].into_iter().enumerate() {
        let mut w = Walk {
            r,
            p,
            gress,
            conds: Vec::new(),
            path: Vec::new(),
            next_id: 0,
        };
        w.walk(stmts, None, &mut out);
    }
    out
}

struct Walk<'a> {
    r: &'a Resolved,
    p: &'a Profile,
    gress: usize,
    conds: Vec<u32>,
    path: Vec<(u32, u32)>,
    next_id: u32,
}

impl Walk<'_> {
    fn unit(&self, name: String, parent: Option<usize>, logical_tables: u32) -> Unit {
        Unit {
            name,
            gress: self.gress,
            match_reads: self.conds.clone(),
            action_reads: Vec::new(),
            writes: Vec::new(),
            successor_of: parent,
            path: self.path.clone(),
            sram: 0,
            tcam: 0,
            registers: Vec::new(),
            register_sram: 0,
            hash_bits: 0,
            logical_tables,
        }
    }

    fn arm(
        &mut self,
        id: u32,
        arm: u32,
        stmts: &[RStmt],
        parent: Option<usize>,
        out: &mut Vec<Unit>,
    ) {
        self.path.push((id, arm));
        self.walk(stmts, parent, out);
        self.path.pop();
    }

    fn walk(&mut self, stmts: &[RStmt], parent: Option<usize>, out: &mut Vec<Unit>) {
        let (r, p) = (self.r, self.p);
        let nslots = r.slot_widths.len() as u32;
        for s in stmts {
            let id = self.next_id;
            self.next_id += 1;
            match s {
                RStmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    let before = self.conds.len();
                    cond_slots(cond, nslots, &mut self.conds);
                    self.arm(id, 0, then, parent, out);
                    self.arm(id, 1, otherwise, parent, out);
                    self.conds.truncate(before);
                }
                RStmt::Run { action, .. } => {
                    let a = &r.actions[usize::from(*action)];
                    let mut u = self.unit(format!("run_{}", a.name), parent, 1);
                    action_rw(
                        r,
                        a,
                        &mut u.action_reads,
                        &mut u.writes,
                        &mut u.registers,
                        &mut u.hash_bits,
                    );
                    u.register_sram = register_sram(r, p, &u.registers);
                    out.push(u);
                }
                RStmt::Apply {
                    table,
                    on_hit,
                    on_miss,
                } => {
                    let t = &r.tables[usize::from(*table)];
                    let mut u = self.unit(
                        t.name.clone(),
                        parent,
                        1 + u32::from(t.write_back.is_some()),
                    );
                    u.match_reads
                        .extend(t.key.iter().map(|k| u32::from(k.slot)));
                    for &a in &t.actions {
                        action_rw(
                            r,
                            &r.actions[usize::from(a)],
                            &mut u.action_reads,
                            &mut u.writes,
                            &mut u.registers,
                            &mut u.hash_bits,
                        );
                    }
                    u.register_sram = register_sram(r, p, &u.registers);
                    table_memory(r, p, t, &mut u);
                    let me = out.len();
                    out.push(u);
                    self.arm(id, 0, on_hit, Some(me), out);
                    self.arm(id, 1, on_miss, Some(me), out);
                }
            }
        }
    }
}

/// SRAM/TCAM of a table, its write-back table and idle-time state.
fn table_memory(r: &Resolved, p: &Profile, t: &RTable, u: &mut Unit) {
    let key_bits: u32 = t.key.iter().map(|k| u32::from(k.width)).sum();
    let data_bits = t
        .actions
        .iter()
        .map(|&a| {
            r.actions[usize::from(a)]
                .param_widths
                .iter()
                .map(|&w| u32::from(w))
                .sum::<u32>()
        })
        .max()
        .unwrap_or(0);
    let selector = ceil_log2(t.actions.len() as u32);
    for size in [Some(t.size), t.write_back].into_iter().flatten() {
        if !t.key.is_empty() && !t.ternary {
            let blocks = exact_blocks(
                p,
                size,
                key_bits + data_bits + selector + p.exact_entry_overhead_bits,
            );
            u.sram += blocks;
            u.hash_bits += 10 + ceil_log2(blocks);
        } else if t.ternary {
            u.tcam += (div_ceil(u64::from(key_bits), u64::from(p.tcam_width_bits))
                * div_ceil(u64::from(size), u64::from(p.tcam_entries)))
                as u32;
            if data_bits + selector > 0 {
                u.sram += div_ceil(
                    u64::from(size) * u64::from(data_bits + selector),
                    p.sram_block_bits(),
                ) as u32;
            }
        }
        if t.idle_timeout.is_some() && size == t.size {
            // Idle-time state: 8 bits per entry, counted as SRAM.
            u.sram += div_ceil(u64::from(size) * 8, p.sram_block_bits()) as u32;
        }
    }
}

/// Stateful objects (each needs a stateful ALU and its memory in one stage) are
/// numbered registers first, then meters: a Tofino stage's four stateful ALUs
/// also run its meters.
pub(crate) fn stateful_id_of_meter(r: &Resolved, meter: u16) -> u16 {
    (r.registers.len() + usize::from(meter)) as u16
}

/// Number of stateful objects (registers and meters).
pub(crate) fn stateful_objects(r: &Resolved) -> usize {
    r.registers.len() + r.meters.len()
}

/// Name of stateful object `g`.
pub(crate) fn stateful_name(r: &Resolved, g: u16) -> String {
    let g = usize::from(g);
    match r.registers.get(g) {
        Some(reg) => reg.name.clone(),
        None => r
            .meters
            .get(g - r.registers.len())
            .map(|m| m.name.clone())
            .unwrap_or_default(),
    }
}

/// What stateful object `g` is, as error messages name it.
pub(crate) fn stateful_kind(r: &Resolved, g: u16) -> &'static str {
    if usize::from(g) < r.registers.len() {
        "register array"
    } else {
        "meter"
    }
}

/// SRAM of stateful objects: a register's cells at their width; a meter's cells
/// one SRAM word each (two buckets with their rates and levels; assumed, not
/// taken from a data sheet).
fn register_sram(r: &Resolved, p: &Profile, regs: &[u16]) -> u32 {
    regs.iter()
        .map(|&g| {
            let bits = match r.registers.get(usize::from(g)) {
                Some(reg) => u64::from(reg.size) * u64::from(reg.width),
                None => r
                    .meters
                    .get(usize::from(g) - r.registers.len())
                    .map_or(0, |m| u64::from(m.size) * u64::from(p.sram_word_bits)),
            };
            div_ceil(bits, p.sram_block_bits()) as u32
        })
        .sum()
}
