//! An assembler: instructions appended in order, jumps to labels resolved at the
//! end, map references left as relocations for the loader.
//!
//! ```
//! use bpf::asm::Asm;
//! use bpf::insn::*;
//!
//! let mut a = Asm::new();
//! let done = a.label();
//! a.mov_imm(R0, 1);
//! a.jmp_imm(Jmp::Eq, R1, 0, done);
//! a.mov_imm(R0, 2);
//! a.bind(done);
//! a.exit();
//! let program = a.finish().unwrap();
//! assert_eq!(program.insns.len(), 4);
//! assert_eq!(program.insns[1].off, 1);
//! ```

use thiserror::Error;

use crate::insn::{Alu, Atomic, Helper, Insn, Jmp, Pseudo, Reg, Size};

/// A jump target, bound to a place with [`Asm::bind`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Label(usize);

/// Which map an instruction pair refers to: an index into the program's map
/// list, turned into a descriptor when it is loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MapRef(pub usize);

/// A map reference to patch: the `ld_imm64` at `insn` takes map `map`'s descriptor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reloc {
    /// Index of the first word of the `ld_imm64`.
    pub insn: usize,
    /// The map.
    pub map: MapRef,
}

/// An assembled program: instructions with map references to patch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assembled {
    /// The instructions; map references hold the map's index until loaded.
    pub insns: Vec<Insn>,
    /// Where map references are.
    pub relocs: Vec<Reloc>,
}

impl Assembled {
    /// Instructions no path from the first reaches (the verifier refuses
    /// a program with any; a generator's test can name them).
    pub fn unreachable(&self) -> Vec<usize> {
        let n = self.insns.len();
        let mut seen = vec![false; n];
        let mut todo = vec![0usize];
        while let Some(pc) = todo.pop() {
            if pc >= n || seen[pc] {
                continue;
            }
            seen[pc] = true;
            let i = self.insns[pc];
            let wide = i.code == 0x18;
            if wide && pc + 1 < n {
                seen[pc + 1] = true;
            }
            let next = pc + if wide { 2 } else { 1 };
            let class = i.code & 0x07;
            let op = i.code & 0xf0;
            if class == 0x05 && op == 0x90 {
                continue; // exit
            }
            if i.is_jump() {
                let to = (pc as i64 + 1 + i64::from(i.off)) as usize;
                todo.push(to);
                if op == 0x00 {
                    continue; // ja
                }
            }
            todo.push(next);
        }
        (0..n).filter(|&i| !seen[i]).collect()
    }
}

/// Assembly failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AsmError {
    /// A label was jumped to but never bound.
    #[error("label {0} is used but never bound")]
    Unbound(usize),
    /// A jump spans more than the 16-bit offset allows.
    #[error("jump at instruction {at} to {to} is out of the 16-bit range")]
    TooFar {
        /// The jump.
        at: usize,
        /// Its target.
        to: usize,
    },
}

/// The assembler.
#[derive(Debug, Default)]
pub struct Asm {
    insns: Vec<Insn>,
    labels: Vec<Option<usize>>,
    fixups: Vec<(usize, Label)>,
    relocs: Vec<Reloc>,
}

impl Asm {
    /// An empty program.
    pub fn new() -> Asm {
        Asm::default()
    }

    /// Instructions so far (an `ld_imm64` counts two).
    pub fn len(&self) -> usize {
        self.insns.len()
    }

    /// True before the first instruction.
    pub fn is_empty(&self) -> bool {
        self.insns.is_empty()
    }

    /// A new, unbound label.
    pub fn label(&mut self) -> Label {
        self.labels.push(None);
        Label(self.labels.len() - 1)
    }

    /// Whether any jump so far goes to `label` (code only reachable through
    /// an unused label is dead, which the verifier refuses).
    pub fn used(&self, label: Label) -> bool {
        self.fixups.iter().any(|&(_, l)| l == label)
    }

    /// Binds `label` to the next instruction.
    pub fn bind(&mut self, label: Label) {
        self.labels[label.0] = Some(self.insns.len());
    }

    /// Appends one instruction.
    pub fn push(&mut self, insn: Insn) {
        self.insns.push(insn);
    }

    fn jump(&mut self, insn: Insn, to: Label) {
        self.fixups.push((self.insns.len(), to));
        self.insns.push(insn);
    }

    /// `dst = imm` (sign-extended to 64 bits).
    pub fn mov_imm(&mut self, dst: Reg, imm: i32) {
        self.push(Insn::alu64_imm(Alu::Mov, dst, imm));
    }

    /// `dst = v`, in one word when `v` fits a sign-extended 32-bit immediate.
    pub fn mov_u64(&mut self, dst: Reg, v: u64) {
        if let Ok(i) = i32::try_from(v as i64) {
            self.mov_imm(dst, i);
        } else {
            self.insns.extend(Insn::ld_imm64(dst, v));
        }
    }

    /// `dst = src`.
    pub fn mov(&mut self, dst: Reg, src: Reg) {
        self.push(Insn::alu64_reg(Alu::Mov, dst, src));
    }

    /// `dst op= imm` (64 bits).
    pub fn alu_imm(&mut self, op: Alu, dst: Reg, imm: i32) {
        self.push(Insn::alu64_imm(op, dst, imm));
    }

    /// `dst op= src` (64 bits).
    pub fn alu(&mut self, op: Alu, dst: Reg, src: Reg) {
        self.push(Insn::alu64_reg(op, dst, src));
    }

    /// `dst &= mask` for any 64-bit mask (through `scratch` when it does not
    /// fit an immediate).
    pub fn and_u64(&mut self, dst: Reg, mask: u64, scratch: Reg) {
        if mask == u64::MAX {
            return;
        }
        if mask == u64::from(u32::MAX) {
            // A 32-bit move zero-extends.
            self.push(Insn::alu32_reg(Alu::Mov, dst, dst));
        } else if let Ok(i) = i32::try_from(mask as i64) {
            self.alu_imm(Alu::And, dst, i);
        } else {
            self.mov_u64(scratch, mask);
            self.alu(Alu::And, dst, scratch);
        }
    }

    /// `dst = *(size *)(src + off)`.
    pub fn ldx(&mut self, size: Size, dst: Reg, src: Reg, off: i16) {
        self.push(Insn::ldx(size, dst, src, off));
    }

    /// `*(size *)(dst + off) = src`.
    pub fn stx(&mut self, size: Size, dst: Reg, off: i16, src: Reg) {
        self.push(Insn::stx(size, dst, off, src));
    }

    /// `*(size *)(dst + off) = imm`.
    pub fn st(&mut self, size: Size, dst: Reg, off: i16, imm: i32) {
        self.push(Insn::st(size, dst, off, imm));
    }

    /// An atomic operation on `*(size *)(dst + off)`.
    pub fn atomic(&mut self, size: Size, op: Atomic, dst: Reg, off: i16, src: Reg, fetch: bool) {
        self.push(Insn::atomic(size, op, dst, off, src, fetch));
    }

    /// `dst = htobe{bits}(dst)`.
    pub fn to_be(&mut self, dst: Reg, bits: i32) {
        self.push(Insn::to_be(dst, bits));
    }

    /// `dst = &map` (for helper calls).
    pub fn ld_map(&mut self, dst: Reg, map: MapRef) {
        self.relocs.push(Reloc {
            insn: self.insns.len(),
            map,
        });
        self.insns
            .extend(Insn::ld_map(dst, Pseudo::MapFd, map.0 as i32, 0));
    }

    /// `dst = &element_0_of(map) + off` (array maps: direct access, no lookup).
    pub fn ld_map_value(&mut self, dst: Reg, map: MapRef, off: i32) {
        self.relocs.push(Reloc {
            insn: self.insns.len(),
            map,
        });
        self.insns
            .extend(Insn::ld_map(dst, Pseudo::MapValue, map.0 as i32, off));
    }

    /// `goto to`.
    pub fn ja(&mut self, to: Label) {
        self.jump(Insn::ja(0), to);
    }

    /// `if dst op imm goto to`.
    pub fn jmp_imm(&mut self, op: Jmp, dst: Reg, imm: i32, to: Label) {
        self.jump(Insn::jmp_imm(op, dst, imm, 0), to);
    }

    /// `if dst op src goto to`.
    pub fn jmp_reg(&mut self, op: Jmp, dst: Reg, src: Reg, to: Label) {
        self.jump(Insn::jmp_reg(op, dst, src, 0), to);
    }

    /// Calls a helper.
    pub fn call(&mut self, helper: Helper) {
        self.push(Insn::call(helper));
    }

    /// Returns `r0`.
    pub fn exit(&mut self) {
        self.push(Insn::exit());
    }

    /// Resolves every jump.
    pub fn finish(mut self) -> Result<Assembled, AsmError> {
        for &(at, label) in &self.fixups {
            let to = self.labels[label.0].ok_or(AsmError::Unbound(label.0))?;
            let off = to as i64 - (at as i64 + 1);
            self.insns[at].off = i16::try_from(off).map_err(|_| AsmError::TooFar { at, to })?;
        }
        Ok(Assembled {
            insns: self.insns,
            relocs: self.relocs,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::insn::*;

    #[test]
    fn backward_and_forward_jumps_resolve() {
        let mut a = Asm::new();
        let top = a.label();
        let out = a.label();
        a.bind(top);
        a.alu_imm(Alu::Add, R1, 1);
        a.jmp_imm(Jmp::Gt, R1, 3, out);
        a.ja(top);
        a.bind(out);
        a.mov_u64(R0, 0x1_0000_0000);
        a.exit();
        let p = a.finish().unwrap();
        assert_eq!(p.insns[1].off, 1); // to `out`, over the `ja`
        assert_eq!(p.insns[2].off, -3); // back to `top`
        assert_eq!(p.insns.len(), 6); // the lddw takes two words
    }

    #[test]
    fn an_unbound_label_is_an_error() {
        let mut a = Asm::new();
        let l = a.label();
        a.ja(l);
        assert_eq!(a.finish(), Err(AsmError::Unbound(0)));
    }

    #[test]
    fn map_references_are_recorded_where_they_are() {
        let mut a = Asm::new();
        a.mov_imm(R0, 0);
        a.ld_map(R1, MapRef(3));
        a.ld_map_value(R2, MapRef(1), 16);
        let p = a.finish().unwrap();
        assert_eq!(
            p.relocs,
            [
                Reloc {
                    insn: 1,
                    map: MapRef(3)
                },
                Reloc {
                    insn: 3,
                    map: MapRef(1)
                }
            ]
        );
        assert_eq!(p.insns[4].imm, 16);
    }

    #[test]
    fn masks_pick_the_shortest_form() {
        let mut a = Asm::new();
        a.and_u64(R1, 0xff, R2);
        a.and_u64(R1, u64::from(u32::MAX), R2);
        a.and_u64(R1, 0xffff_ffff_ffff, R2);
        a.and_u64(R1, u64::MAX, R2);
        let p = a.finish().unwrap();
        // and imm; mov32; lddw (2) + and
        assert_eq!(p.insns.len(), 5);
    }
}
