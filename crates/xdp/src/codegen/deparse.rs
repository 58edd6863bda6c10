//! Checksum units and the deparser.
//!
//! Checksums are updated incrementally (RFC 1624 eqn. 3), field by changed
//! field, exactly as `pipe` does: a covered field of a header that is not
//! valid counts as 0, before or after.
//!
//! The deparser has two paths. When the headers valid now are the ones the
//! parser extracted (and every parser path extracts in deparse order), the
//! packet keeps its layout and only fields some action writes are written
//! back, in place. Otherwise the header stack is rebuilt: the packet's head
//! moves by the difference in length (`bpf_xdp_adjust_head`), and each valid
//! header is written from its copy in scratch (or zeros, if it was not
//! parsed) with its fields over it; the payload stays where it is.

use bpf::insn::{Alu, Helper, Jmp, R0, R1, R2, R3, R4, R5, R6, R8, R9, Size};

use super::{Gen, bits, off16};
use crate::layout::{drop_reason, stats};

/// Largest header stack the rebuilding path writes (its cursor is kept
/// below this, which also keeps the verifier's view of it simple).
const MAX_STACK: usize = 2048;

/// Bound of a parsed header's offset as the in-place path reads it.
const ORIGIN_MASK: i32 = 0x1fff;

impl Gen<'_> {
    /// Updates every checksum unit's target field in scratch.
    pub(crate) fn checksums(&mut self) {
        let r = self.r;
        let s = self.s;
        for c in &r.checksums {
            let skip = self.a.label();
            let th = usize::from(c.target.header);
            self.a.ldx(Size::B, R1, R9, off16(s.valid + th));
            self.a.jmp_imm(Jmp::Eq, R1, 0, skip);
            self.a.ldx(Size::B, R1, R9, off16(s.extracted + th));
            self.a.jmp_imm(Jmp::Eq, R1, 0, skip);
            self.a.ldx(Size::DW, R8, R9, self.val(c.target.slot));
            if c.zero_means_none {
                self.a.jmp_imm(Jmp::Eq, R8, 0, skip);
            }
            for f in &c.covered {
                let h = usize::from(f.header);
                let (have_old, have_new, same) = (self.a.label(), self.a.label(), self.a.label());
                self.a.mov_imm(R0, 0);
                self.a.ldx(Size::B, R1, R9, off16(s.extracted + h));
                self.a.jmp_imm(Jmp::Eq, R1, 0, have_old);
                bits::read(
                    &mut self.a,
                    R0,
                    R9,
                    s.hdr[h],
                    f.offset as usize,
                    f.width,
                    R1,
                );
                self.a.bind(have_old);
                self.a.mov_imm(R2, 0);
                self.a.ldx(Size::B, R1, R9, off16(s.valid + h));
                self.a.jmp_imm(Jmp::Eq, R1, 0, have_new);
                self.a.ldx(Size::DW, R2, R9, self.val(f.slot));
                self.a.bind(have_new);
                self.a.jmp_reg(Jmp::Eq, R0, R2, same);
                self.update_field(f.offset, f.width);
                self.a.bind(same);
            }
            if c.zero_means_none {
                let nonzero = self.a.label();
                self.a.jmp_imm(Jmp::Ne, R8, 0, nonzero);
                self.a.mov_imm(R8, 0xffff);
                self.a.bind(nonzero);
            }
            self.a.stx(Size::DW, R9, self.val(c.target.slot), R8);
            self.a.bind(skip);
        }
    }

    /// `r1 = 16-bit word `shift` bits up in (x << pad)` for x in `src`, as
    /// `pipe::exec::checksum::update_field` takes it from a u128.
    fn word(&mut self, src: bpf::insn::Reg, pad: u32, shift: u32) {
        self.a.mov(R1, src);
        if pad >= shift {
            if pad > shift {
                self.a.alu_imm(Alu::Lsh, R1, (pad - shift) as i32);
            }
        } else if shift - pad >= 64 {
            self.a.mov_imm(R1, 0);
        } else {
            self.a.alu_imm(Alu::Rsh, R1, (shift - pad) as i32);
        }
        self.a.alu_imm(Alu::And, R1, 0xffff);
    }

    /// r3 = r3 +' r1 (ones'-complement 16-bit addition; r4 clobbered).
    fn add16(&mut self) {
        self.a.alu(Alu::Add, R3, R1);
        self.a.mov(R4, R3);
        self.a.alu_imm(Alu::Rsh, R4, 16);
        self.a.alu_imm(Alu::And, R3, 0xffff);
        self.a.alu(Alu::Add, R3, R4);
    }

    /// Updates the checksum in r8 for a field of `width` bits at bit `offset`
    /// of its header changing from r0 to r2: `HC' = ~(~HC + ~m + m')` for each
    /// 16-bit word the field touches.
    fn update_field(&mut self, offset: u32, width: u8) {
        let start = offset % 16;
        let total = start + u32::from(width);
        let words = total.div_ceil(16);
        let pad = words * 16 - total;
        for k in 0..words {
            let shift = 16 * (words - 1 - k);
            // r3 = ~hc
            self.a.mov(R3, R8);
            self.a.alu_imm(Alu::Xor, R3, 0xffff);
            // + ~m
            self.word(R0, pad, shift);
            self.a.alu_imm(Alu::Xor, R1, 0xffff);
            self.add16();
            // + m'
            self.word(R2, pad, shift);
            self.add16();
            // hc = ~sum
            self.a.mov(R8, R3);
            self.a.alu_imm(Alu::Xor, R8, 0xffff);
            self.a.alu_imm(Alu::And, R8, 0xffff);
        }
    }

    /// The deparser; continues at `done` (or drops when the packet buffer
    /// cannot take the new layout).
    pub(crate) fn deparse(&mut self, done: bpf::asm::Label) {
        let r = self.r;
        let s = self.s;
        let failed = self.a.label();
        let rebuild = self.a.label();
        // The verifier marks a packet pointer checked against the end only
        // while its offset is provably small: origins are masked to
        // ORIGIN_MASK, which holds every offset the parser reaches.
        if self.in_place && self.parsed_end <= ORIGIN_MASK as usize {
            // Same layout iff valid == extracted for every header.
            self.a.mov_imm(R1, 0);
            for h in 0..r.headers.len() {
                self.a.ldx(Size::B, R2, R9, off16(s.valid + h));
                self.a.ldx(Size::B, R3, R9, off16(s.extracted + h));
                self.a.alu(Alu::Xor, R2, R3);
                self.a.alu(Alu::Or, R1, R2);
            }
            self.a.jmp_imm(Jmp::Ne, R1, 0, rebuild);
            self.a.ldx(Size::W, R2, R6, 0);
            self.a.ldx(Size::W, R3, R6, 4);
            for &h in &r.deparse {
                let hdr = &r.headers[usize::from(h)];
                let fields: Vec<_> = hdr
                    .fields
                    .iter()
                    .filter(|f| self.written[usize::from(f.slot)])
                    .copied()
                    .collect();
                if fields.is_empty() {
                    continue;
                }
                let h = usize::from(h);
                let next = self.a.label();
                self.a.ldx(Size::B, R1, R9, off16(s.valid + h));
                self.a.jmp_imm(Jmp::Eq, R1, 0, next);
                self.a.ldx(Size::H, R4, R9, off16(s.origin + 2 * h));
                self.a.alu_imm(Alu::And, R4, ORIGIN_MASK);
                self.a.alu(Alu::Add, R4, R2);
                self.a.mov(R5, R4);
                self.a.alu_imm(Alu::Add, R5, hdr.bytes as i32);
                self.a.jmp_reg(Jmp::Gt, R5, R3, failed);
                for f in fields {
                    self.a.ldx(Size::DW, R0, R9, self.val(f.slot));
                    bits::write(&mut self.a, R4, 0, f.offset as usize, f.width, R0, R1, R5);
                }
                self.a.bind(next);
            }
            self.a.ja(done);
        }
        self.a.bind(rebuild);
        // New stack length in r1, old (the payload offset) in r2.
        self.a.mov_imm(R1, 0);
        for &h in &r.deparse {
            let bytes = r.headers[usize::from(h)].bytes;
            let skip = self.a.label();
            self.a.ldx(Size::B, R2, R9, off16(s.valid + usize::from(h)));
            self.a.jmp_imm(Jmp::Eq, R2, 0, skip);
            self.a.alu_imm(Alu::Add, R1, bytes as i32);
            self.a.bind(skip);
        }
        self.a.ldx(Size::W, R2, R9, off16(s.payload));
        let same = self.a.label();
        self.a.alu(Alu::Sub, R2, R1);
        self.a.jmp_imm(Jmp::Eq, R2, 0, same);
        self.a.mov(R1, R6);
        self.a.call(Helper::XdpAdjustHead);
        self.a.jmp_imm(Jmp::Ne, R0, 0, failed);
        self.a.bind(same);
        self.a.ldx(Size::W, R2, R6, 0);
        self.a.ldx(Size::W, R3, R6, 4);
        self.a.mov_imm(R8, 0); // cursor
        for &h in &r.deparse {
            let hdr = &r.headers[usize::from(h)];
            let h = usize::from(h);
            let (next, fresh, fill) = (self.a.label(), self.a.label(), self.a.label());
            self.a.ldx(Size::B, R1, R9, off16(s.valid + h));
            self.a.jmp_imm(Jmp::Eq, R1, 0, next);
            self.a.mov(R4, R8);
            self.a.alu_imm(Alu::And, R4, (MAX_STACK - 1) as i32);
            self.a.alu(Alu::Add, R4, R2);
            self.a.mov(R5, R4);
            self.a.alu_imm(Alu::Add, R5, hdr.bytes as i32);
            self.a.jmp_reg(Jmp::Gt, R5, R3, failed);
            self.a.ldx(Size::B, R1, R9, off16(s.extracted + h));
            self.a.jmp_imm(Jmp::Eq, R1, 0, fresh);
            bits::copy(&mut self.a, R4, 0, R9, s.hdr[h], hdr.bytes, R0);
            self.a.ja(fill);
            self.a.bind(fresh);
            bits::zero(&mut self.a, R4, 0, hdr.bytes);
            self.a.bind(fill);
            for f in &hdr.fields {
                self.a.ldx(Size::DW, R0, R9, self.val(f.slot));
                bits::write(&mut self.a, R4, 0, f.offset as usize, f.width, R0, R1, R5);
            }
            self.a.alu_imm(Alu::Add, R8, hdr.bytes as i32);
            self.a.bind(next);
        }
        self.a.ja(done);
        self.a.bind(failed);
        self.count(stats::DEPARSE_ERRORS);
        self.a.mov_imm(R1, drop_reason::DEPARSE);
        self.a.ja(self.drop);
    }
}

/// The rebuilt header stack must fit the cursor's bound.
pub(crate) fn stack_fits(r: &pipe::resolved::Resolved) -> bool {
    r.deparse
        .iter()
        .map(|&h| r.headers[usize::from(h)].bytes)
        .sum::<usize>()
        < MAX_STACK
}
