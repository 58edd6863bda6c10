//! Operands, ALU expressions and control conditions, computed exactly as
//! `pipe`'s executor computes them: at the destination's width, operands
//! masked first, shifts past the width giving zero, saturation at the width.

use bpf::asm::Label;
use bpf::insn::{Alu, Jmp, R0, R1, R2, R3, R4, R5, R9, Reg, Size};
use pipe::program::{BinOp, CmpOp};
use pipe::resolved::{RCond, RExpr, Val};

use super::{Gen, off16};

/// Where an action's parameters come from.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Args<'x> {
    /// A table entry's data: `reg` points at the entry, parameter `i` at
    /// `reg + base + 8 i`.
    Entry {
        /// The entry pointer.
        reg: Reg,
        /// Offset of the first argument.
        base: usize,
    },
    /// Constants (a default action, a direct call).
    Const(&'x [u64]),
}

pub(crate) fn mask(width: u8) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

pub(crate) fn jmp(op: CmpOp) -> Jmp {
    match op {
        CmpOp::Eq => Jmp::Eq,
        CmpOp::Ne => Jmp::Ne,
        CmpOp::Lt => Jmp::Lt,
        CmpOp::Le => Jmp::Le,
        CmpOp::Gt => Jmp::Gt,
        CmpOp::Ge => Jmp::Ge,
    }
}

impl Gen<'_> {
    /// `dst = v`.
    pub(crate) fn load(&mut self, dst: Reg, v: Val, args: Args<'_>) {
        match v {
            Val::Slot(s) => self.a.ldx(Size::DW, dst, R9, self.val(s)),
            Val::Const(c) => self.a.mov_u64(dst, c),
            Val::Param(i) => match args {
                Args::Entry { reg, base } => {
                    self.a
                        .ldx(Size::DW, dst, reg, off16(base + 8 * usize::from(i)));
                }
                Args::Const(list) => self
                    .a
                    .mov_u64(dst, list.get(usize::from(i)).copied().unwrap_or(0)),
            },
        }
    }

    /// `reg &= mask(width)` through `tmp`.
    pub(crate) fn mask_to(&mut self, reg: Reg, width: u8, tmp: Reg) {
        self.a.and_u64(reg, mask(width), tmp);
    }

    /// `a op b` at `width` bits on r1 (a) and r2 (b), result in r1; r3–r5 may
    /// be clobbered.
    pub(crate) fn bin(&mut self, op: BinOp, width: u8) {
        self.mask_to(R1, width, R3);
        self.mask_to(R2, width, R3);
        let done = self.a.label();
        match op {
            BinOp::Add => self.a.alu(Alu::Add, R1, R2),
            BinOp::Sub => self.a.alu(Alu::Sub, R1, R2),
            BinOp::And => self.a.alu(Alu::And, R1, R2),
            BinOp::Or => self.a.alu(Alu::Or, R1, R2),
            BinOp::Xor => self.a.alu(Alu::Xor, R1, R2),
            BinOp::Mul => self.a.alu(Alu::Mul, R1, R2),
            BinOp::Div => self.a.alu(Alu::Div, R1, R2), // by zero: 0, as the model
            BinOp::Mod => {
                // The model gives 0 for a zero divisor; BPF keeps the dividend.
                let nonzero = self.a.label();
                self.a.jmp_imm(Jmp::Ne, R2, 0, nonzero);
                self.a.mov_imm(R1, 0);
                self.a.ja(done);
                self.a.bind(nonzero);
                self.a.alu(Alu::Mod, R1, R2);
            }
            BinOp::Shl | BinOp::Shr => {
                // `checked_shl(b as u32)`: the amount is b's low 32 bits, and
                // 64 or more gives 0 (BPF would take it modulo 64).
                self.a.push(bpf::insn::Insn::alu32_reg(Alu::Mov, R2, R2));
                let small = self.a.label();
                self.a.jmp_imm(Jmp::Lt, R2, 64, small);
                self.a.mov_imm(R1, 0);
                self.a.ja(done);
                self.a.bind(small);
                let alu = if op == BinOp::Shl { Alu::Lsh } else { Alu::Rsh };
                self.a.alu(alu, R1, R2);
            }
            BinOp::Min => {
                self.a.jmp_reg(Jmp::Le, R1, R2, done);
                self.a.mov(R1, R2);
            }
            BinOp::Max => {
                self.a.jmp_reg(Jmp::Ge, R1, R2, done);
                self.a.mov(R1, R2);
            }
            BinOp::SatAdd => {
                // a + b, or the width's maximum when it passes it (for 64
                // bits: when the sum wrapped).
                self.a.mov(R4, R1);
                self.a.alu(Alu::Add, R1, R2);
                if width >= 64 {
                    self.a.jmp_reg(Jmp::Ge, R1, R4, done);
                    self.a.mov_u64(R1, u64::MAX);
                } else {
                    self.a.mov_u64(R5, mask(width));
                    self.a.jmp_reg(Jmp::Le, R1, R5, done);
                    self.a.mov(R1, R5);
                }
            }
            BinOp::SatSub => {
                let under = self.a.label();
                self.a.jmp_reg(Jmp::Lt, R1, R2, under);
                self.a.alu(Alu::Sub, R1, R2);
                self.a.ja(done);
                self.a.bind(under);
                self.a.mov_imm(R1, 0);
            }
        }
        self.a.bind(done);
        self.mask_to(R1, width, R3);
    }

    /// r1 = `e` at `width` bits; r2–r5 clobbered.
    pub(crate) fn expr(&mut self, e: &RExpr, width: u8, args: Args<'_>) {
        match *e {
            RExpr::Val(v) => {
                self.load(R1, v, args);
                self.mask_to(R1, width, R3);
            }
            RExpr::Bin(op, a, b) => {
                self.load(R1, a, args);
                self.load(R2, b, args);
                self.bin(op, width);
            }
            RExpr::Not(v) => {
                self.load(R1, v, args);
                self.a.alu_imm(Alu::Xor, R1, -1);
                self.mask_to(R1, width, R3);
            }
            RExpr::Select {
                lhs,
                cmp,
                rhs,
                then,
                otherwise,
            } => {
                let (yes, done) = (self.a.label(), self.a.label());
                self.load(R1, lhs, args);
                self.load(R2, rhs, args);
                self.a.jmp_reg(jmp(cmp), R1, R2, yes);
                self.load(R1, otherwise, args);
                self.a.ja(done);
                self.a.bind(yes);
                self.load(R1, then, args);
                self.a.bind(done);
                self.mask_to(R1, width, R3);
            }
        }
    }

    /// Jumps to `t` when `c` holds, to `f` otherwise (r0–r2 clobbered).
    pub(crate) fn cond(&mut self, c: &RCond, t: Label, f: Label) {
        match c {
            RCond::Valid(h) => {
                self.a
                    .ldx(Size::B, R1, R9, off16(self.s.valid + usize::from(*h)));
                self.a.jmp_imm(Jmp::Ne, R1, 0, t);
                self.a.ja(f);
            }
            RCond::Cmp(a, op, b) => {
                self.load(R1, *a, Args::Const(&[]));
                self.load(R2, *b, Args::Const(&[]));
                self.a.jmp_reg(jmp(*op), R1, R2, t);
                self.a.ja(f);
            }
            RCond::And(a, b) => {
                let mid = self.a.label();
                self.cond(a, mid, f);
                self.a.bind(mid);
                self.cond(b, t, f);
            }
            RCond::Or(a, b) => {
                let mid = self.a.label();
                self.cond(a, t, mid);
                self.a.bind(mid);
                self.cond(b, t, f);
            }
            RCond::Not(a) => self.cond(a, f, t),
            RCond::Table { atoms, truth } => {
                // r0 = the atoms' values as bits, then bit r0 of `truth`.
                self.a.mov_imm(R0, 0);
                for (i, atom) in atoms.iter().enumerate() {
                    let (yes, next) = (self.a.label(), self.a.label());
                    self.cond(atom, yes, next);
                    self.a.bind(yes);
                    self.a.alu_imm(Alu::Or, R0, 1 << i);
                    self.a.bind(next);
                }
                self.a.mov_u64(R1, *truth);
                self.a.alu(Alu::Rsh, R1, R0);
                self.a.alu_imm(Alu::And, R1, 1);
                self.a.jmp_imm(Jmp::Ne, R1, 0, t);
                self.a.ja(f);
            }
        }
    }
}
