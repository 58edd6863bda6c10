//! Actions: the primitive operations, inline where the action runs.
//!
//! Register actions on cells they read and write in one step run under the
//! cell's spin lock (one stateful ALU per packet on a switch; several CPUs
//! here); a write of a value that does not depend on the cell, returning the
//! old one, is one atomic exchange; plain reads and writes are single 8-byte
//! accesses. Counters are per-CPU (summed when read); meters are shared
//! token buckets under their cell's lock.

use bpf::asm::Label;
use bpf::insn::{Alu, Atomic, FP, Helper, Jmp, R0, R1, R2, R3, R4, R5, R8, R9, Size};
use pipe::program::{CounterKind, HashAlgo, MeterKind};
use pipe::resolved::{RLeaf, ROp, ROut, RRegAction, RRegExpr, Slot, Val};

use super::expr::{Args, jmp};
use super::{Gen, Stage, bits, off16};
use crate::layout::{self, stats};

const STACK_OUT: i16 = -40;
const STACK_MEM: i16 = -48;
const STACK_NEW: i16 = -56;
const STACK_FLAG: i16 = -64;

/// Nanoseconds per second: meter tokens are kept in 10⁻⁹ units.
const NANO: i32 = 1_000_000_000;

impl Gen<'_> {
    /// Runs action `a` with `args`.
    pub(crate) fn action(&mut self, a: u16, args: Args<'_>) {
        let r = self.r;
        let ops = &r.actions[usize::from(a)].ops;
        for (i, op) in ops.iter().enumerate() {
            if let (ROp::Hash { dst, .. }, Some((src, width))) = (op, self.earlier_hash(ops, i)) {
                let skip = self.writable(*dst);
                self.a.ldx(Size::DW, R1, R9, self.val(src));
                self.mask_to(R1, width, R3);
                self.a.stx(Size::DW, R9, self.val(*dst), R1);
                self.bind_opt(skip);
            } else {
                self.op(op, args);
            }
        }
    }

    /// Where the hash of `ops[i]` is already at hand: an earlier hash of the
    /// same action by the same algorithm over the same inputs, at least as
    /// wide, stored in a metadata slot (always written) that nothing since
    /// has overwritten, with no input written since. Returns that slot and
    /// the width to mask it to (CoFilter's word and slot indices of a way
    /// are the same CRC-32 at two widths: one CRC instead of two).
    fn earlier_hash(&self, ops: &[ROp], i: usize) -> Option<(Slot, u8)> {
        let r = self.r;
        let ROp::Hash { unit, width, .. } = ops[i] else {
            return None;
        };
        let h = &r.hashes[usize::from(unit)];
        if h.algo == HashAlgo::Identity {
            return None;
        }
        let want = h.width.min(width);
        let written = |op: &ROp| match op {
            ROp::Set { dst, .. } | ROp::Hash { dst, .. } | ROp::Meter { dst: (dst, _), .. } => {
                Some(*dst)
            }
            ROp::RegExec { dst, .. } => dst.map(|(d, _)| d),
            _ => None,
        };
        let is_input = |s: Slot| h.inputs.iter().any(|&(x, _)| x == s);
        for j in (0..i).rev() {
            if let ROp::Hash {
                unit: u,
                dst,
                width: w,
            } = ops[j]
            {
                let g = &r.hashes[usize::from(u)];
                if g.algo == h.algo
                    && g.inputs == h.inputs
                    && want <= g.width.min(w)
                    && r.slot_header[usize::from(dst)].is_none()
                    && !is_input(dst)
                    && !ops[j + 1..i].iter().filter_map(written).any(|s| s == dst)
                {
                    return Some((dst, want));
                }
            }
            if written(&ops[j]).is_some_and(is_input) {
                return None;
            }
        }
        None
    }

    /// A write to a field of an invalid header has no effect: jumps over the
    /// write when `slot`'s header is not valid (r1 clobbered).
    fn writable(&mut self, slot: Slot) -> Option<Label> {
        let h = self.r.slot_header[usize::from(slot)]?;
        let skip = self.a.label();
        self.a
            .ldx(Size::B, R1, R9, off16(self.s.valid + usize::from(h)));
        self.a.jmp_imm(Jmp::Eq, R1, 0, skip);
        Some(skip)
    }

    fn bind_opt(&mut self, l: Option<Label>) {
        if let Some(l) = l {
            self.a.bind(l);
        }
    }

    fn op(&mut self, op: &ROp, args: Args<'_>) {
        let s = self.s;
        match op {
            ROp::Set { dst, width, expr } => {
                let skip = self.writable(*dst);
                self.expr(expr, *width, args);
                self.a.stx(Size::DW, R9, self.val(*dst), R1);
                self.bind_opt(skip);
            }
            ROp::SetValid(h) => self.a.st(Size::B, R9, off16(s.valid + usize::from(*h)), 1),
            ROp::SetInvalid(h) => self.a.st(Size::B, R9, off16(s.valid + usize::from(*h)), 0),
            ROp::Forward(v) => {
                if self.stage == Stage::Ingress {
                    self.load(R1, *v, args);
                    self.a.alu_imm(Alu::And, R1, 0x1ff);
                    self.a.stx(Size::H, R9, off16(s.port), R1);
                }
            }
            ROp::ToCpu => {
                if self.stage == Stage::Ingress {
                    self.a
                        .st(Size::H, R9, off16(s.port), i32::from(self.r.cpu_port));
                }
            }
            ROp::Recirculate => {
                if self.stage == Stage::Ingress {
                    self.a
                        .st(Size::H, R9, off16(s.port), i32::from(self.r.recirc_port));
                }
            }
            ROp::Drop => {
                let at = if self.stage == Stage::Ingress {
                    s.drop
                } else {
                    s.edrop
                };
                self.a.st(Size::B, R9, off16(at), 1);
            }
            ROp::Hash { unit, dst, width } => {
                let skip = self.writable(*dst);
                self.hash(*unit);
                self.mask_to(R1, *width, R3);
                self.a.stx(Size::DW, R9, self.val(*dst), R1);
                self.bind_opt(skip);
            }
            ROp::RegExec { ra, index, dst } => self.reg_exec(*ra, *index, *dst, args),
            ROp::Count { counter, index } => self.counter(*counter, *index, args),
            ROp::Meter { meter, index, dst } => self.meter(*meter, *index, *dst, args),
        }
    }

    /// r1 = hash unit `u` over the current field values.
    fn hash(&mut self, u: u16) {
        let h = &self.r.hashes[usize::from(u)];
        let s = self.s;
        if h.algo == HashAlgo::Identity {
            self.a.mov_imm(R1, 0);
            for &(slot, w) in &h.inputs {
                self.a.ldx(Size::DW, R2, R9, self.val(slot));
                if w >= 64 {
                    self.a.mov(R1, R2);
                } else {
                    self.a.alu_imm(Alu::Lsh, R1, i32::from(w));
                    self.a.alu(Alu::Or, R1, R2);
                }
            }
            self.mask_to(R1, h.width, R3);
            return;
        }
        let total: usize = h.inputs.iter().map(|&(_, w)| usize::from(w)).sum();
        let bytes = total / 8;
        bits::zero(&mut self.a, R9, s.hashbuf, bytes);
        let mut bit = 0;
        for &(slot, w) in &h.inputs {
            self.a.ldx(Size::DW, R0, R9, self.val(slot));
            bits::write(&mut self.a, R9, s.hashbuf, bit, w, R0, R1, R2);
            bit += usize::from(w);
        }
        // Reflected table-driven CRC: crc = (crc >> 8) ^ T[(crc ^ byte) & 0xff].
        let (map, init, xorout) = match h.algo {
            HashAlgo::Crc16 => (self.plan.crc16, 0u64, 0u64),
            _ => (self.plan.crc32, 0xffff_ffff, 0xffff_ffff),
        };
        let Some(map) = map else { return };
        self.a.ld_map_value(R4, map, 0);
        self.a.mov_u64(R1, init);
        for k in 0..bytes {
            self.a.ldx(Size::B, R2, R9, off16(s.hashbuf + k));
            self.a.alu(Alu::Xor, R2, R1);
            self.a.alu_imm(Alu::And, R2, 0xff);
            self.a.alu_imm(Alu::Lsh, R2, 2);
            self.a.mov(R3, R4);
            self.a.alu(Alu::Add, R3, R2);
            self.a.ldx(Size::W, R3, R3, 0);
            self.a.alu_imm(Alu::Rsh, R1, 8);
            self.a.alu(Alu::Xor, R1, R3);
        }
        if xorout != 0 {
            self.a.mov_u64(R2, xorout);
            self.a.alu(Alu::Xor, R1, R2);
        }
        self.mask_to(R1, h.width, R3);
    }

    /// `dst = leaf` of a register action (the cell's old value is at STACK_MEM).
    fn leaf(&mut self, l: RLeaf, dst: bpf::insn::Reg) {
        match l {
            RLeaf::Mem => self.a.ldx(Size::DW, dst, FP, STACK_MEM),
            // Register-action operands see no action data (the model passes none).
            RLeaf::Val(v) => self.load(dst, v, Args::Const(&[])),
        }
    }

    /// r1 = a register action's expression at its register's width.
    fn reg_expr(&mut self, e: RRegExpr, width: u8) {
        match e {
            RRegExpr::Leaf(l) => {
                self.leaf(l, R1);
                self.mask_to(R1, width, R3);
            }
            RRegExpr::Bin(op, a, b) => {
                self.leaf(a, R1);
                self.leaf(b, R2);
                self.bin(op, width);
            }
        }
    }

    fn reg_exec(&mut self, ra: u16, index: Val, dst: Option<(Slot, u8)>, args: Args<'_>) {
        let r = self.r;
        let act: &RRegAction = &r.reg_actions[usize::from(ra)];
        let reg = self.plan.registers[usize::from(act.register)];
        let size = r.registers[usize::from(act.register)].size;
        let (done, oob, tail) = (self.a.label(), self.a.label(), self.a.label());
        self.load(R1, index, args);
        self.a.mov_u64(R2, u64::from(size));
        self.a.jmp_reg(Jmp::Ge, R1, R2, oob);
        self.a.mov(R3, R1);
        self.lookup_index(reg.map, R3, oob);
        self.a.mov(R8, R0);
        let base = if reg.locked {
            self.a.mov(R1, R8);
            self.a.call(Helper::SpinLock);
            layout::locked::VALUE
        } else {
            0
        };
        let base = off16(base);
        if !reg.locked && crate::plan::exchange(act) {
            // One exchange: the new value in, the old one out.
            if let Some(w) = act.then.write {
                self.reg_expr(w, act.width);
            }
            self.a.atomic(Size::DW, Atomic::Xchg, R8, base, R1, true);
            self.a.stx(Size::DW, FP, STACK_OUT, R1);
            let flag = i32::from(act.then.output == ROut::Old);
            self.a.st(Size::DW, FP, STACK_FLAG, flag);
        } else {
            self.a.ldx(Size::DW, R1, R8, base);
            self.a.stx(Size::DW, FP, STACK_MEM, R1);
            let (then, otherwise, joined) = (self.a.label(), self.a.label(), self.a.label());
            match act.cond {
                None => self.a.ja(then),
                Some((l, cmp, rr)) => {
                    self.leaf(l, R1);
                    self.leaf(rr, R2);
                    self.a.jmp_reg(jmp(cmp), R1, R2, then);
                    self.a.ja(otherwise);
                }
            }
            let branches = if act.cond.is_some() {
                vec![(then, act.then), (otherwise, act.otherwise)]
            } else {
                vec![(then, act.then)]
            };
            for (label, br) in branches {
                self.a.bind(label);
                match br.write {
                    Some(w) => {
                        self.reg_expr(w, act.width);
                        self.a.stx(Size::DW, R8, base, R1);
                    }
                    None => self.a.ldx(Size::DW, R1, FP, STACK_MEM),
                }
                self.a.stx(Size::DW, FP, STACK_NEW, R1);
                let flag = match br.output {
                    ROut::None => 0,
                    ROut::Old => {
                        self.a.ldx(Size::DW, R1, FP, STACK_MEM);
                        1
                    }
                    ROut::New => {
                        self.a.ldx(Size::DW, R1, FP, STACK_NEW);
                        1
                    }
                    ROut::Expr(e) => {
                        self.reg_expr(e, act.width);
                        1
                    }
                };
                self.a.stx(Size::DW, FP, STACK_OUT, R1);
                self.a.st(Size::DW, FP, STACK_FLAG, flag);
                self.a.ja(joined);
            }
            self.a.bind(joined);
        }
        if reg.locked {
            self.a.mov(R1, R8);
            self.a.call(Helper::SpinUnlock);
        }
        self.a.ja(tail);
        // Out of range: no access, and the output is 0 (written even when the
        // action outputs nothing, as the model does).
        self.a.bind(oob);
        self.count(stats::INDEX_ERRORS);
        self.a.st(Size::DW, FP, STACK_OUT, 0);
        self.a.st(Size::DW, FP, STACK_FLAG, 1);
        self.a.bind(tail);
        if let Some((slot, w)) = dst {
            self.a.ldx(Size::DW, R1, FP, STACK_FLAG);
            self.a.jmp_imm(Jmp::Eq, R1, 0, done);
            let skip = self.writable(slot);
            self.a.ldx(Size::DW, R1, FP, STACK_OUT);
            self.mask_to(R1, w, R3);
            self.a.stx(Size::DW, R9, self.val(slot), R1);
            self.bind_opt(skip);
        }
        self.a.bind(done);
    }

    fn counter(&mut self, c: u16, index: Val, args: Args<'_>) {
        let rc = &self.r.counters[usize::from(c)];
        let (size, kind) = (rc.size, rc.kind);
        let map = self.plan.counters[usize::from(c)];
        let (done, oob) = (self.a.label(), self.a.label());
        self.load(R1, index, args);
        self.a.mov_u64(R2, u64::from(size));
        self.a.jmp_reg(Jmp::Ge, R1, R2, oob);
        self.a.mov(R3, R1);
        self.lookup_index(map, R3, done);
        if kind != CounterKind::Bytes {
            self.a.ldx(Size::DW, R1, R0, 0);
            self.a.alu_imm(Alu::Add, R1, 1);
            self.a.stx(Size::DW, R0, 0, R1);
        }
        if kind != CounterKind::Packets {
            self.a.ldx(Size::DW, R1, R0, 8);
            self.a.ldx(Size::W, R2, R9, off16(self.s.pkt_len));
            self.a.alu(Alu::Add, R1, R2);
            self.a.stx(Size::DW, R0, 8, R1);
        }
        self.a.ja(done);
        self.a.bind(oob);
        self.count(stats::INDEX_ERRORS);
        self.a.bind(done);
    }

    /// `x = min(x + rate * dt, cap)` for the bucket at `x` of the cell in r8,
    /// without overflow: the bucket fills when `dt` exceeds `(cap - x) / rate`.
    fn refill(&mut self, x: usize, rate: usize, cap: usize) {
        let (skip, full, store) = (self.a.label(), self.a.label(), self.a.label());
        self.a.ldx(Size::DW, R1, R8, off16(x));
        self.a.ldx(Size::DW, R2, R8, off16(rate));
        self.a.jmp_imm(Jmp::Eq, R2, 0, skip);
        self.a.ldx(Size::DW, R3, R8, off16(cap));
        self.a.mov(R4, R3);
        self.a.alu(Alu::Sub, R4, R1);
        self.a.alu(Alu::Div, R4, R2);
        self.a.ldx(Size::DW, R5, FP, STACK_MEM);
        self.a.jmp_reg(Jmp::Gt, R5, R4, full);
        self.a.alu(Alu::Mul, R5, R2);
        self.a.alu(Alu::Add, R1, R5);
        self.a.ja(store);
        self.a.bind(full);
        self.a.mov(R1, R3);
        self.a.bind(store);
        self.a.stx(Size::DW, R8, off16(x), R1);
        self.a.bind(skip);
    }

    fn meter(&mut self, m: u16, index: Val, dst: (Slot, u8), args: Args<'_>) {
        use crate::layout::meter as mc;
        let rm = &self.r.meters[usize::from(m)];
        let (size, kind) = (rm.size, rm.kind);
        let map = self.plan.meters[usize::from(m)];
        let s = self.s;
        let (store, oob, green, colored) = (
            self.a.label(),
            self.a.label(),
            self.a.label(),
            self.a.label(),
        );
        self.load(R1, index, args);
        self.a.mov_u64(R2, u64::from(size));
        self.a.jmp_reg(Jmp::Ge, R1, R2, oob);
        self.a.mov(R3, R1);
        self.lookup_index(map, R3, oob);
        self.a.mov(R8, R0);
        self.a.mov(R1, R8);
        self.a.call(Helper::SpinLock);
        self.a.st(Size::DW, FP, STACK_OUT, 0);
        self.a.ldx(Size::W, R1, R8, off16(mc::CONFIGURED));
        self.a.jmp_imm(Jmp::Eq, R1, 0, green);
        // dt since the last packet (0 for the first), the last time moved forward only.
        let (first, have_dt) = (self.a.label(), self.a.label());
        self.a.ldx(Size::DW, R1, R9, off16(s.now));
        self.a.ldx(Size::DW, R2, R8, off16(mc::HAVE_LAST));
        self.a.jmp_imm(Jmp::Eq, R2, 0, first);
        self.a.ldx(Size::DW, R3, R8, off16(mc::LAST));
        self.a.st(Size::DW, FP, STACK_MEM, 0);
        self.a.jmp_reg(Jmp::Le, R1, R3, have_dt);
        self.a.stx(Size::DW, R8, off16(mc::LAST), R1);
        self.a.alu(Alu::Sub, R1, R3);
        self.a.stx(Size::DW, FP, STACK_MEM, R1);
        self.a.ja(have_dt);
        self.a.bind(first);
        self.a.stx(Size::DW, R8, off16(mc::LAST), R1);
        self.a.st(Size::DW, R8, off16(mc::HAVE_LAST), 1);
        self.a.st(Size::DW, FP, STACK_MEM, 0);
        self.a.bind(have_dt);
        self.refill(mc::P, mc::PIR, mc::PCAP);
        self.refill(mc::C, mc::CIR, mc::CCAP);
        // need = amount × 10⁹
        match kind {
            MeterKind::Packets => self.a.mov_imm(R4, 1),
            MeterKind::Bytes => self.a.ldx(Size::W, R4, R9, off16(s.pkt_len)),
        }
        self.a.alu_imm(Alu::Mul, R4, NANO);
        let yellow = self.a.label();
        self.a.ldx(Size::DW, R1, R8, off16(mc::P));
        self.a.ldx(Size::DW, R2, R8, off16(mc::C));
        let not_red = self.a.label();
        self.a.jmp_reg(Jmp::Ge, R1, R4, not_red);
        self.a.st(Size::DW, FP, STACK_OUT, 2);
        self.a.ja(colored);
        self.a.bind(not_red);
        self.a.alu(Alu::Sub, R1, R4);
        self.a.stx(Size::DW, R8, off16(mc::P), R1);
        self.a.jmp_reg(Jmp::Lt, R2, R4, yellow);
        self.a.alu(Alu::Sub, R2, R4);
        self.a.stx(Size::DW, R8, off16(mc::C), R2);
        self.a.ja(green);
        self.a.bind(yellow);
        self.a.st(Size::DW, FP, STACK_OUT, 1);
        self.a.ja(colored);
        self.a.bind(green);
        self.a.st(Size::DW, FP, STACK_OUT, 0);
        self.a.bind(colored);
        self.a.mov(R1, R8);
        self.a.call(Helper::SpinUnlock);
        self.a.ja(store);
        // Out of range: no access, green.
        self.a.bind(oob);
        self.count(stats::INDEX_ERRORS);
        self.a.st(Size::DW, FP, STACK_OUT, 0);
        self.a.bind(store);
        // The colour is written whatever the header's validity (as the model).
        self.a.ldx(Size::DW, R1, FP, STACK_OUT);
        self.mask_to(R1, dst.1, R3);
        self.a.stx(Size::DW, R9, self.val(dst.0), R1);
    }
}
