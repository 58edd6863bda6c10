//! Bit fields in memory (packet bytes or a header's copy in scratch), most
//! significant bit first, as `pipe`'s parser and deparser read and write them.
//!
//! A field of `width` bits at bit `bit` of the bytes at `base + off`: byte-
//! aligned 8-, 16-, 32- and 64-bit fields are one load or store and a byte
//! swap; any other field is put together byte by byte (each byte's share
//! shifted into place, so no field ever needs more than 64 bits of register).

use bpf::asm::Asm;
use bpf::insn::{Alu, Reg, Size};

use super::off16;

fn mask(n: u32) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The bytes a field spans, and for each: its index, how far right the
/// field's share sits in the byte, how many bits it has, and where those bits
/// go in the value (shift left from the value's least significant bit).
fn shares(bit: usize, width: u8) -> Vec<(usize, u32, u32, u32)> {
    let w = usize::from(width);
    let (first, last) = (bit / 8, (bit + w - 1) / 8);
    (first..=last)
        .map(|k| {
            let lo = (8 * k).max(bit);
            let hi = (8 * k + 8).min(bit + w);
            let in_byte = (8 * k + 8 - hi) as u32;
            let n = (hi - lo) as u32;
            let in_value = (bit + w - hi) as u32;
            (k, in_byte, n, in_value)
        })
        .collect()
}

/// `dst = field` (zero-extended); `tmp` is clobbered.
pub fn read(a: &mut Asm, dst: Reg, base: Reg, off: usize, bit: usize, width: u8, tmp: Reg) {
    if bit % 8 == 0 {
        let at = off16(off + bit / 8);
        match width {
            8 => return a.ldx(Size::B, dst, base, at),
            16 | 32 | 64 => {
                let size = Size::of(usize::from(width) / 8).unwrap_or(Size::DW);
                a.ldx(size, dst, base, at);
                a.to_be(dst, i32::from(width));
                return;
            }
            _ => {}
        }
    }
    a.mov_imm(dst, 0);
    for (k, in_byte, n, in_value) in shares(bit, width) {
        a.ldx(Size::B, tmp, base, off16(off + k));
        if in_byte > 0 {
            a.alu_imm(Alu::Rsh, tmp, in_byte as i32);
        }
        if n < 8 {
            a.alu_imm(Alu::And, tmp, mask(n) as i32);
        }
        if in_value > 0 {
            a.alu_imm(Alu::Lsh, tmp, in_value as i32);
        }
        a.alu(Alu::Or, dst, tmp);
    }
}

/// Writes the low `width` bits of `src` into the field; `src` is kept,
/// `t1` and `t2` are clobbered.
#[allow(clippy::too_many_arguments)]
pub fn write(
    a: &mut Asm,
    base: Reg,
    off: usize,
    bit: usize,
    width: u8,
    src: Reg,
    t1: Reg,
    t2: Reg,
) {
    if bit % 8 == 0 {
        let at = off16(off + bit / 8);
        match width {
            8 => return a.stx(Size::B, base, at, src),
            16 | 32 | 64 => {
                let size = Size::of(usize::from(width) / 8).unwrap_or(Size::DW);
                a.mov(t1, src);
                a.to_be(t1, i32::from(width));
                a.stx(size, base, at, t1);
                return;
            }
            _ => {}
        }
    }
    for (k, in_byte, n, in_value) in shares(bit, width) {
        let at = off16(off + k);
        // t1 = the field's share of this byte, in place
        a.mov(t1, src);
        if in_value > 0 {
            a.alu_imm(Alu::Rsh, t1, in_value as i32);
        }
        a.alu_imm(Alu::And, t1, mask(n) as i32);
        if in_byte > 0 {
            a.alu_imm(Alu::Lsh, t1, in_byte as i32);
        }
        if n < 8 {
            // keep the byte's other bits
            a.ldx(Size::B, t2, base, at);
            a.alu_imm(Alu::And, t2, !(mask(n) << in_byte) as i32 & 0xff);
            a.alu(Alu::Or, t1, t2);
        }
        a.stx(Size::B, base, at, t1);
    }
}

/// Copies `n` bytes from `src + soff` to `dst + doff` in 8-, 4-, 2- and 1-byte
/// moves through `tmp`.
pub fn copy(a: &mut Asm, dst: Reg, doff: usize, src: Reg, soff: usize, n: usize, tmp: Reg) {
    let mut i = 0;
    for size in [Size::DW, Size::W, Size::H, Size::B] {
        while n - i >= size.bytes() {
            a.ldx(size, tmp, src, off16(soff + i));
            a.stx(size, dst, off16(doff + i), tmp);
            i += size.bytes();
        }
    }
}

/// Zeroes `n` bytes at `dst + off`.
pub fn zero(a: &mut Asm, dst: Reg, off: usize, n: usize) {
    let mut i = 0;
    for size in [Size::DW, Size::W, Size::H, Size::B] {
        while n - i >= size.bytes() {
            a.st(size, dst, off16(off + i), 0);
            i += size.bytes();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_cover_the_field_exactly() {
        // IPv4 version (4 bits at 0) and IHL (4 bits at 4): one byte each share.
        assert_eq!(shares(0, 4), [(0, 4, 4, 0)]);
        assert_eq!(shares(4, 4), [(0, 0, 4, 0)]);
        // 13-bit fragment offset at bit 51: byte 6's low 5 bits, then byte 7.
        assert_eq!(shares(51, 13), [(6, 0, 5, 8), (7, 0, 8, 0)]);
        // 64 bits at bit 4: nine bytes, 4 + 8*7 + 4 bits.
        let s = shares(4, 64);
        assert_eq!(s.len(), 9);
        assert_eq!(s.iter().map(|x| x.2).sum::<u32>(), 64);
        assert_eq!(s[0], (0, 0, 4, 60));
        assert_eq!(s[8], (8, 4, 4, 0));
    }
}
