//! Deparser checksum units: RFC 1624 incremental updates of checksum fields for the
//! covered fields that changed since parsing (see [`crate::program::ChecksumUnit`]).

use wire::checksum::update16;

use crate::resolved::{RChecksum, Resolved};

use super::phv::{NOT_PARSED, Phv, read_bits};

/// Updates `hc` for a field of `width` bits at bit `offset` of its header changing
/// from `old` to `new`: one RFC 1624 eqn. 3 step per 16-bit word it touches (bits
/// of the word outside the field are unchanged and cancel out).
pub(crate) fn update_field(mut hc: u16, offset: u32, width: u8, old: u64, new: u64) -> u16 {
    let start = offset % 16;
    let total = start + u32::from(width);
    let words = total.div_ceil(16);
    let pad = words * 16 - total;
    let (o, n) = (u128::from(old) << pad, u128::from(new) << pad);
    for k in 0..words {
        let shift = 16 * (words - 1 - k);
        hc = update16(hc, (o >> shift) as u16, (n >> shift) as u16);
    }
    hc
}

fn unit(c: &RChecksum, phv: &mut Phv, data: &[u8]) {
    let th = usize::from(c.target.header);
    if !phv.valid[th] || phv.origin[th] == NOT_PARSED {
        return;
    }
    let mut hc = phv.vals[usize::from(c.target.slot)] as u16;
    if c.zero_means_none && hc == 0 {
        return;
    }
    for f in &c.covered {
        let h = usize::from(f.header);
        let old = match phv.origin[h] {
            NOT_PARSED => 0,
            at => read_bits(data, at as usize * 8 + f.offset as usize, f.width),
        };
        let new = if phv.valid[h] {
            phv.vals[usize::from(f.slot)]
        } else {
            0
        };
        if old != new {
            hc = update_field(hc, f.offset, f.width, old, new);
        }
    }
    if c.zero_means_none && hc == 0 {
        hc = 0xFFFF;
    }
    phv.vals[usize::from(c.target.slot)] = u64::from(hc);
}

/// Runs every checksum unit; `data` is this pass's input packet.
pub(crate) fn update_all(r: &Resolved, phv: &mut Phv, data: &[u8]) {
    for c in &r.checksums {
        unit(c, phv, data);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_fields_update_their_half_of_the_word() {
        // IPv4 header example (Wikipedia "IPv4 header checksum"): checksum 0xb861.
        // Changing TTL (high byte of word 4, bit offset 64) from 0x40 to 0x3f must give
        // what a full recomputation gives.
        let mut hdr = [
            0x45u8, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11, 0x00, 0x00, 0xc0, 0xa8,
            0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7,
        ];
        assert_eq!(wire::checksum::checksum(&hdr), 0xb861);
        let inc = update_field(0xb861, 64, 8, 0x40, 0x3f);
        hdr[8] = 0x3f;
        assert_eq!(inc, wire::checksum::checksum(&hdr));
        // The protocol byte (offset 72) is the low byte of the same word.
        let inc2 = update_field(inc, 72, 8, 0x11, 0x06);
        hdr[9] = 0x06;
        assert_eq!(inc2, wire::checksum::checksum(&hdr));
        // A 4-bit field spanning part of a word (IHL at offset 4).
        let inc3 = update_field(inc2, 4, 4, 5, 6);
        hdr[0] = 0x46;
        assert_eq!(inc3, wire::checksum::checksum(&hdr));
    }
}
