//! Control statements and table applications.
//!
//! An exact-match table is a hash map keyed by its key fields (one `u64`
//! each). While the packet's visibility word has its write-back bit set, the
//! write-back map (one for all tables, keyed by table number and key) is
//! looked up first and its entry wins (a deletion marker reads as a miss), as
//! Gallium's §4 protocol has it. A ternary or LPM table
//! is an array of entries in rank order, scanned until the first match or
//! the first unused slot, in the bank the configuration names (one lookup for
//! the bank, then plain loads).

use bpf::asm::Label;
use bpf::insn::{Alu, Helper, Jmp, R0, R1, R2, R3, R4, R5, R7, R9, Size};
use pipe::resolved::RStmt;

use super::expr::Args;
use super::{Gen, off16};
use crate::entries;
use crate::layout::{self, direct, entry, scan};
use crate::plan::TableMaps;

/// Hits closer together than this do not rewrite an entry's last hit (the
/// idle timeout's resolution; it spares the cache line a write per packet).
const HIT_GRANULARITY_NS: i32 = 1_000_000;

impl Gen<'_> {
    /// Generates a statement list.
    pub(crate) fn stmts(&mut self, ss: &[RStmt]) {
        for st in ss {
            match st {
                RStmt::Apply {
                    table,
                    on_hit,
                    on_miss,
                } => {
                    let (hit, miss, end) = (self.a.label(), self.a.label(), self.a.label());
                    self.apply(*table, hit, miss);
                    // A keyless table never hits: its on-hit code would be dead.
                    if self.a.used(hit) {
                        self.a.bind(hit);
                        self.stmts(on_hit);
                        self.a.ja(end);
                    }
                    self.a.bind(miss);
                    self.stmts(on_miss);
                    self.a.bind(end);
                }
                RStmt::Run { action, args } => self.action(*action, Args::Const(args)),
                RStmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    let (t, f, end) = (self.a.label(), self.a.label(), self.a.label());
                    self.cond(cond, t, f);
                    self.a.bind(t);
                    self.stmts(then);
                    self.a.ja(end);
                    self.a.bind(f);
                    self.stmts(otherwise);
                    self.a.bind(end);
                }
            }
        }
    }

    /// Runs the action of the entry r7 points at (its action index at
    /// `action`, its arguments from `args`) and jumps to `hit`; an index that
    /// is none of the table's actions (a deletion marker) goes to `default`.
    fn dispatch(&mut self, t: u16, action: usize, args: usize, hit: Label, default: Label) {
        let actions = self.r.tables[usize::from(t)].actions.clone();
        self.a.ldx(Size::W, R1, R7, off16(action));
        for a in actions {
            let next = self.a.label();
            self.a.jmp_imm(Jmp::Ne, R1, i32::from(a), next);
            self.action(
                a,
                Args::Entry {
                    reg: Self::entry_reg(),
                    base: args,
                },
            );
            self.a.ja(hit);
            self.a.bind(next);
        }
        self.a.ja(default);
    }

    fn default_action(&mut self, t: u16, miss: Label) {
        let rt = &self.r.tables[usize::from(t)];
        let (a, args) = (rt.default_action, rt.default_args.clone());
        self.action(a, Args::Const(&args));
        self.a.ja(miss);
    }

    /// Applies table `t`: jumps to `hit` or `miss` after its action ran.
    fn apply(&mut self, t: u16, hit: Label, miss: Label) {
        let s = self.s;
        let rt = &self.r.tables[usize::from(t)];
        let key = rt.key.clone();
        let (idle, size) = (rt.idle_timeout.is_some(), rt.size);
        let default = self.a.label();
        match self.plan.tables[usize::from(t)] {
            TableMaps::Keyless => {
                self.default_action(t, miss);
                return;
            }
            TableMaps::Exact { main, wb, .. } => {
                for (i, part) in key.iter().enumerate() {
                    self.a.ldx(Size::DW, R1, R9, self.val(part.slot));
                    self.a.stx(Size::DW, R9, off16(s.key + 8 * i), R1);
                }
                let (have, look_main) = (self.a.label(), self.a.label());
                if let (Some(wb), Some(shared)) = (wb, self.plan.write_back) {
                    self.a.ldx(Size::DW, R1, R9, off16(s.vis));
                    self.a.alu_imm(Alu::And, R1, 1);
                    self.a.jmp_imm(Jmp::Eq, R1, 0, look_main);
                    // The shared write-back map's key: the table's number,
                    // then its key fields, zero up to the widest key.
                    self.a.st(Size::DW, R9, off16(s.key_tag), i32::from(t));
                    for i in key.len()..shared.parts {
                        self.a.st(Size::DW, R9, off16(s.key + 8 * i), 0);
                    }
                    self.lookup_at(wb, s.key_tag);
                    self.a.jmp_imm(Jmp::Eq, R0, 0, look_main);
                    self.a.mov(R7, R0);
                    self.a.ja(have);
                }
                self.a.bind(look_main);
                self.lookup_key(main);
                self.a.jmp_imm(Jmp::Eq, R0, 0, default);
                self.a.mov(R7, R0);
                self.a.bind(have);
                if idle {
                    let fresh = self.a.label();
                    self.a.ldx(Size::DW, R1, R9, off16(s.now));
                    self.a.ldx(Size::DW, R2, R7, off16(entry::LAST_HIT));
                    self.a.mov(R3, R1);
                    self.a.alu(Alu::Sub, R3, R2);
                    self.a.jmp_imm(Jmp::Lt, R3, HIT_GRANULARITY_NS, fresh);
                    self.a.stx(Size::DW, R7, off16(entry::LAST_HIT), R1);
                    self.a.bind(fresh);
                }
                self.dispatch(t, entry::ACTION, entry::ARGS, hit, default);
            }
            TableMaps::Direct { array, args } => {
                // The slot the packed key names, then its current copy.
                let shifts = entries::packing(&self.r.tables[usize::from(t)]).unwrap_or_default();
                self.pack(&key, &shifts, R4);
                self.lookup_index(array, R4, default);
                self.a.ldx(Size::W, R1, R0, off16(direct::CURRENT));
                self.a.alu_imm(Alu::And, R1, 1);
                self.a.alu_imm(Alu::Mul, R1, entry::size(args) as i32);
                self.a.alu(Alu::Add, R0, R1);
                self.a.mov(R7, R0);
                self.a.alu_imm(Alu::Add, R7, direct::copy(args, 0) as i32);
                self.a.ldx(Size::W, R1, R7, off16(direct::USED));
                self.a.jmp_imm(Jmp::Eq, R1, 0, default);
                self.dispatch(t, entry::ACTION, entry::ARGS, hit, default);
            }
            TableMaps::Scanned { array, bank, args } => {
                // The bank the configuration names, looked up once: r5 = its
                // first slot. Nothing below calls a helper until a slot
                // matches, so r1-r5 hold across the scan.
                self.a
                    .ld_map_value(R1, self.plan.config, layout::config::bank(bank) as i32);
                self.a.ldx(Size::W, R1, R1, 0);
                self.a.alu_imm(Alu::And, R1, 1);
                self.lookup_index(array, R1, default);
                self.a.mov(R5, R0);
                let packed = entries::packing(&self.r.tables[usize::from(t)]);
                let slot = scan::size(args, entries::scan_fields(&self.r.tables[usize::from(t)]));
                if let Some(shifts) = &packed {
                    // r4 = the key fields packed as the control plane packs
                    // an entry's value and mask.
                    self.pack(&key, shifts, R4);
                }
                let found = self.a.label();
                for i in 0..size.max(1) {
                    let next = self.a.label();
                    self.a.mov(R7, R5);
                    self.a.alu_imm(Alu::Add, R7, (i as usize * slot) as i32);
                    self.a.ldx(Size::W, R1, R7, off16(scan::USED));
                    self.a.jmp_imm(Jmp::Eq, R1, 0, default);
                    if packed.is_some() {
                        self.a.mov(R1, R4);
                        self.a.ldx(Size::DW, R2, R7, off16(scan::key(args, 0) + 8));
                        self.a.alu(Alu::And, R1, R2);
                        self.a.ldx(Size::DW, R2, R7, off16(scan::key(args, 0)));
                        self.a.jmp_reg(Jmp::Ne, R1, R2, next);
                    } else {
                        for (j, part) in key.iter().enumerate() {
                            self.a.ldx(Size::DW, R1, R9, self.val(part.slot));
                            self.a.ldx(Size::DW, R2, R7, off16(scan::key(args, j) + 8));
                            self.a.alu(Alu::And, R1, R2);
                            self.a.ldx(Size::DW, R2, R7, off16(scan::key(args, j)));
                            self.a.jmp_reg(Jmp::Ne, R1, R2, next);
                        }
                    }
                    self.a.ja(found);
                    self.a.bind(next);
                }
                self.a.ja(default);
                self.a.bind(found);
                self.dispatch(t, scan::ACTION, scan::ARGS, hit, default);
            }
        }
        self.a.bind(default);
        self.default_action(t, miss);
    }

    /// `dst` = the key fields packed, field `i` at bit `shifts[i]` (each cut
    /// to its width), as `entries::packing` lays them out; clobbers r1.
    fn pack(&mut self, key: &[pipe::resolved::KeyPart], shifts: &[u32], dst: bpf::insn::Reg) {
        self.a.mov_imm(dst, 0);
        for (part, &shift) in key.iter().zip(shifts) {
            let w = i32::from(part.width);
            self.a.ldx(Size::DW, R1, R9, self.val(part.slot));
            self.a.alu_imm(Alu::Lsh, R1, 64 - w);
            self.a.alu_imm(Alu::Rsh, R1, 64 - w - shift as i32);
            self.a.alu(Alu::Or, dst, R1);
        }
    }

    /// r0 = lookup of the key in scratch in `map`.
    fn lookup_key(&mut self, map: bpf::asm::MapRef) {
        self.lookup_at(map, self.s.key);
    }

    /// r0 = lookup in `map` of the key at scratch offset `at`.
    fn lookup_at(&mut self, map: bpf::asm::MapRef, at: usize) {
        self.a.ld_map(R1, map);
        self.a.mov(R2, R9);
        self.a.alu_imm(Alu::Add, R2, at as i32);
        self.a.call(Helper::MapLookupElem);
    }
}
