//! The Internet checksum (RFC 1071) and its incremental update (RFC 1624).
//!
//! Vocabulary used throughout the crate:
//!
//! * a **sum** is the 16-bit ones'-complement sum of data (end-around carry), not inverted;
//! * a **checksum** is the ones'-complement (bitwise NOT) of a sum, as stored in headers.
//!
//! A header whose checksum field is correct sums (checksum field included) to `0xFFFF`.
//!
//! Incremental update follows RFC 1624 eqn. 3, `HC' = ~(~HC + ~m + m')`, which (unlike the
//! RFC 1141 form) never produces a checksum a full recomputation could not produce: the two
//! are bit-identical whenever the covered data is not all zeros, which always holds for
//! IPv4 (version nibble) and TCP/UDP (protocol number in the pseudo-header). Property-tested
//! here and in `ipv4`, `tcp`, `udp` and `rewrite`.

use std::net::Ipv4Addr;

/// Ones'-complement addition of two 16-bit values (end-around carry).
#[inline]
pub fn add(a: u16, b: u16) -> u16 {
    let s = u32::from(a) + u32::from(b);
    // At most one carry out of bit 15, and adding it back cannot carry again.
    ((s & 0xFFFF) + (s >> 16)) as u16
}

/// Folds a wide accumulator of 16-bit words into a 16-bit ones'-complement sum.
#[inline]
fn fold(mut acc: u64) -> u16 {
    while acc > 0xFFFF {
        acc = (acc & 0xFFFF) + (acc >> 16);
    }
    acc as u16
}

/// The ones'-complement sum of `data` read as big-endian 16-bit words; an odd trailing byte
/// is padded with a zero byte (RFC 1071 §4.1).
pub fn sum(data: &[u8]) -> u16 {
    // Adding 32-bit big-endian words and folding gives the same result as adding 16-bit
    // words, because 2^16 ≡ 1 (mod 2^16 − 1) (RFC 1071 §2(B), "parallel summation");
    // a u64 accumulator cannot overflow for any slice shorter than 2^32 words.
    let mut acc: u64 = 0;
    let mut quads = data.chunks_exact(4);
    for q in &mut quads {
        acc += u64::from(u32::from_be_bytes([q[0], q[1], q[2], q[3]]));
    }
    let mut words = quads.remainder().chunks_exact(2);
    for w in &mut words {
        acc += u64::from(u16::from_be_bytes([w[0], w[1]]));
    }
    if let [last] = words.remainder() {
        acc += u64::from(u16::from_be_bytes([*last, 0]));
    }
    fold(acc)
}

/// The Internet checksum of `data`: `!sum(data)`.
pub fn checksum(data: &[u8]) -> u16 {
    !sum(data)
}

/// The ones'-complement sum of the IPv4 pseudo-header used by TCP and UDP (RFC 793 §3.1,
/// RFC 768): source, destination, zero byte + protocol, and the L4 length.
pub fn pseudo_header_sum(src: Ipv4Addr, dst: Ipv4Addr, protocol: u8, l4_len: u16) -> u16 {
    let s = src.octets();
    let d = dst.octets();
    let acc = u64::from(u16::from_be_bytes([s[0], s[1]]))
        + u64::from(u16::from_be_bytes([s[2], s[3]]))
        + u64::from(u16::from_be_bytes([d[0], d[1]]))
        + u64::from(u16::from_be_bytes([d[2], d[3]]))
        + u64::from(protocol)
        + u64::from(l4_len);
    fold(acc)
}

/// The TCP/UDP checksum of a whole segment (header with its checksum field zeroed, plus
/// payload) under the IPv4 pseudo-header. `segment.len()` must fit in `u16`; longer inputs
/// are summed with the length truncated, which no valid IPv4 packet can carry.
pub fn l4_checksum(src: Ipv4Addr, dst: Ipv4Addr, protocol: u8, segment: &[u8]) -> u16 {
    let len = u16::try_from(segment.len()).unwrap_or(u16::MAX);
    !add(pseudo_header_sum(src, dst, protocol, len), sum(segment))
}

/// RFC 1624 eqn. 3: the checksum after a 16-bit word covered by checksum `hc` changes
/// from `old` to `new`.
#[inline]
pub fn update16(hc: u16, old: u16, new: u16) -> u16 {
    !add(add(!hc, !old), new)
}

/// [`update16`] for a 32-bit field (e.g. an IPv4 address): two 16-bit word updates.
#[inline]
pub fn update32(hc: u16, old: u32, new: u32) -> u16 {
    let hc = update16(hc, (old >> 16) as u16, (new >> 16) as u16);
    update16(hc, old as u16, new as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    // RFC 1071 §3 numerical example: the words 0001 f203 f4f5 f6f7 sum to 0xddf2.
    #[test]
    fn rfc1071_example() {
        let data = [0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7];
        assert_eq!(sum(&data), 0xddf2);
        assert_eq!(checksum(&data), 0x220d);
    }

    // The IPv4 header example from Wikipedia "Internet checksum" / "IPv4 header checksum":
    // 4500 0073 0000 4000 4011 [b861] c0a8 0001 c0a8 00c7.
    #[test]
    fn ipv4_header_example() {
        let mut hdr = [
            0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11, 0x00, 0x00, 0xc0, 0xa8,
            0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7,
        ];
        assert_eq!(checksum(&hdr), 0xb861);
        hdr[10] = 0xb8;
        hdr[11] = 0x61;
        assert_eq!(sum(&hdr), 0xFFFF);
    }

    #[test]
    fn odd_length_pads_with_zero() {
        assert_eq!(sum(&[0x12, 0x34, 0x56]), 0x1234 + 0x5600);
    }

    // RFC 1624 §4 example: C = 0xCD7A (sum of other words), m = 0x5555 → m' = 0x3285.
    // HC = ~(C + m) = 0xDD2F; eqn. 3 gives HC' = 0x0000, as does full recomputation.
    #[test]
    fn rfc1624_example() {
        let hc = !add(0xCD7A, 0x5555);
        assert_eq!(hc, 0xDD2F);
        assert_eq!(update16(hc, 0x5555, 0x3285), 0x0000);
        assert_eq!(!add(0xCD7A, 0x3285), 0x0000);
    }

    #[test]
    fn add_end_around_carry() {
        assert_eq!(add(0xFFFF, 0x0001), 0x0001);
        assert_eq!(add(0x8000, 0x8000), 0x0001);
        assert_eq!(add(0xFFFF, 0x0000), 0xFFFF);
    }

    proptest::proptest! {
        /// Changing any 16-bit word incrementally gives the same checksum as recomputing.
        #[test]
        fn update16_equals_full(words in proptest::collection::vec(proptest::num::u16::ANY, 1..32),
                                idx in proptest::num::usize::ANY, new in proptest::num::u16::ANY) {
            let i = idx % words.len();
            let bytes = |w: &[u16]| w.iter().flat_map(|x| x.to_be_bytes()).collect::<Vec<u8>>();
            let hc = checksum(&bytes(&words));
            let mut changed = words.clone();
            changed[i] = new;
            // All-zero data is the one case where full (0xFFFF) and incremental (0x0000)
            // differ; no IPv4/TCP/UDP checksum ever covers all-zero data.
            proptest::prop_assume!(changed.iter().any(|&w| w != 0));
            proptest::prop_assert_eq!(update16(hc, words[i], new), checksum(&bytes(&changed)));
        }

        /// The 32-bit-word summation equals the plain 16-bit-word definition.
        #[test]
        fn sum_matches_16bit_definition(data in proptest::collection::vec(proptest::num::u8::ANY, 0..200)) {
            let mut acc: u32 = 0;
            for w in data.chunks(2) {
                let word = u16::from_be_bytes([w[0], *w.get(1).unwrap_or(&0)]);
                acc = u32::from(add(acc as u16, word));
            }
            proptest::prop_assert_eq!(sum(&data), acc as u16);
        }

        /// The pseudo-header sum equals summing its 12-byte wire form.
        #[test]
        fn pseudo_header_matches_bytes(s in proptest::num::u32::ANY, d in proptest::num::u32::ANY,
                                       p in proptest::num::u8::ANY, l in proptest::num::u16::ANY) {
            let mut b = Vec::new();
            b.extend_from_slice(&s.to_be_bytes());
            b.extend_from_slice(&d.to_be_bytes());
            b.push(0);
            b.push(p);
            b.extend_from_slice(&l.to_be_bytes());
            proptest::prop_assert_eq!(pseudo_header_sum(s.into(), d.into(), p, l), sum(&b));
        }
    }
}
