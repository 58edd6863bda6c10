//! The packet header vector: one `u64` per field slot plus header validity bits,
//! and the bit-level extract/emit the parser and deparser use.

use crate::resolved::{RHeader, Resolved};

/// Per-packet values. Allocated once per switch and reset per pass.
#[derive(Debug, Clone)]
pub(crate) struct Phv {
    pub vals: Vec<u64>,
    pub valid: Vec<bool>,
    /// Byte offset in this pass's input where each header was extracted
    /// ([`NOT_PARSED`] for headers the parser did not extract).
    pub origin: Vec<u32>,
    /// Each field's value as the parser extracted it (meaningful for the
    /// fields of headers extracted in this pass): the deparser rewrites only
    /// fields whose value changed since.
    pub parsed: Vec<u64>,
}

/// [`Phv::origin`] of a header that was not extracted.
pub(crate) const NOT_PARSED: u32 = u32::MAX;

impl Phv {
    pub fn new(r: &Resolved) -> Phv {
        Phv {
            vals: vec![0; r.slot_widths.len()],
            valid: vec![false; r.headers.len()],
            origin: vec![NOT_PARSED; r.headers.len()],
            parsed: vec![0; r.slot_widths.len()],
        }
    }

    pub fn reset(&mut self) {
        self.vals.iter_mut().for_each(|v| *v = 0);
        self.valid.iter_mut().for_each(|v| *v = false);
        self.origin.iter_mut().for_each(|v| *v = NOT_PARSED);
    }
}

/// Reads `width` bits starting `bit` bits into `data` (big-endian bit order).
/// The caller guarantees the range lies inside `data`.
#[inline]
pub(crate) fn read_bits(data: &[u8], bit: usize, width: u8) -> u64 {
    if bit % 8 == 0 && width % 8 == 0 {
        // Byte-aligned fast path (most protocol fields).
        let first = bit / 8;
        let n = usize::from(width / 8);
        if let Some(word) = data.get(first..first + 8) {
            let mut buf = [0u8; 8];
            buf.copy_from_slice(word);
            let v = u64::from_be_bytes(buf);
            return if n == 8 { v } else { v >> (64 - 8 * n) };
        }
        let mut acc = 0u64;
        for &b in &data[first..first + n] {
            acc = (acc << 8) | u64::from(b);
        }
        return acc;
    }
    let first = bit / 8;
    let last = (bit + usize::from(width) - 1) / 8;
    let mut acc: u128 = 0;
    for &b in &data[first..=last] {
        acc = (acc << 8) | u128::from(b);
    }
    let trailing = (last + 1) * 8 - (bit + usize::from(width));
    let m = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    ((acc >> trailing) as u64) & m
}

/// Writes the low `width` bits of `v` at bit offset `bit` of `data`.
#[inline]
pub(crate) fn write_bits(data: &mut [u8], bit: usize, width: u8, v: u64) {
    if bit % 8 == 0 && width % 8 == 0 {
        let first = bit / 8;
        let n = usize::from(width / 8);
        let mut v = v;
        for b in data[first..first + n].iter_mut().rev() {
            *b = v as u8;
            v >>= 8;
        }
        return;
    }
    let first = bit / 8;
    let last = (bit + usize::from(width) - 1) / 8;
    let trailing = (last + 1) * 8 - (bit + usize::from(width));
    let m: u128 = if width >= 64 {
        u128::from(u64::MAX)
    } else {
        (1u128 << width) - 1
    };
    let mut acc: u128 = 0;
    for &b in &data[first..=last] {
        acc = (acc << 8) | u128::from(b);
    }
    acc = (acc & !(m << trailing)) | ((u128::from(v) & m) << trailing);
    for i in (first..=last).rev() {
        data[i] = acc as u8;
        acc >>= 8;
    }
}

/// Extracts a header from `data` at byte `offset` into the PHV (`vals`, and
/// `parsed` as the values extracted).
#[inline]
pub(crate) fn extract(
    h: &RHeader,
    data: &[u8],
    offset: usize,
    vals: &mut [u64],
    parsed: &mut [u64],
) {
    let base = offset * 8;
    for f in &h.fields {
        let v = read_bits(data, base + f.offset as usize, f.width);
        vals[usize::from(f.slot)] = v;
        parsed[usize::from(f.slot)] = v;
    }
}

/// Appends a header to `out`: its original bytes when it was parsed (`original`),
/// zeros otherwise, with the PHV values of its (used) fields written over them.
/// A field of a parsed header whose value is still the one extracted
/// (`parsed`) already stands in the original bytes and is not rewritten.
#[inline]
pub(crate) fn emit(
    h: &RHeader,
    vals: &[u64],
    parsed: &[u64],
    original: Option<&[u8]>,
    out: &mut Vec<u8>,
) {
    let start = out.len();
    let unchanged = |slot: usize| original.is_some() && vals[slot] == parsed[slot];
    match original {
        Some(bytes) => out.extend_from_slice(bytes),
        None => out.resize(start + h.bytes, 0),
    }
    let buf = &mut out[start..];
    for f in &h.fields {
        let slot = usize::from(f.slot);
        if !unchanged(slot) {
            write_bits(buf, f.offset as usize, f.width, vals[slot]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reads_unaligned_fields() {
        // IPv4 first byte 0x45: version 4, ihl 5.
        let d = [0x45u8, 0x00, 0xff, 0x01];
        assert_eq!(read_bits(&d, 0, 4), 4);
        assert_eq!(read_bits(&d, 4, 4), 5);
        assert_eq!(read_bits(&d, 16, 9), 0x1fe);
        assert_eq!(read_bits(&d, 0, 32), 0x4500_ff01);
    }

    proptest! {
        #[test]
        fn write_then_read_roundtrips(bit in 0usize..64, width in 1u8..=64, v: u64, fill: u8) {
            let mut d = vec![fill; 17];
            write_bits(&mut d, bit, width, v);
            let m = if width == 64 { u64::MAX } else { (1u64 << width) - 1 };
            prop_assert_eq!(read_bits(&d, bit, width), v & m);
            // Bits outside the field are untouched.
            if bit >= 8 {
                prop_assert_eq!(d[0], fill);
            }
            let end = bit + usize::from(width);
            if end <= 128 {
                prop_assert_eq!(d[16], fill);
            }
        }
    }
}
