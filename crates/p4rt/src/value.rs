//! P4Runtime's byte strings for bit<W> values (spec §8.3): big-endian; a
//! server accepts any length whose value fits in W bits and answers in the
//! canonical form (the shortest string, `\x00` for zero).

/// Canonical encoding of `v` (`width` is only used to clamp it).
pub fn encode(v: u64, width: u8) -> Vec<u8> {
    let v = v & mask(width);
    let bytes = v.to_be_bytes();
    let skip = bytes.iter().take_while(|b| **b == 0).count().min(7);
    bytes[skip..].to_vec()
}

/// All ones in the low `width` bits.
pub fn mask(width: u8) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// Decodes a byte string that must fit in `width` bits; `what` names the
/// field in the error.
pub fn decode(bytes: &[u8], width: u8, what: &str) -> Result<u64, String> {
    if bytes.is_empty() {
        return Err(format!("{what}: empty byte string"));
    }
    let first = bytes.iter().position(|b| *b != 0).unwrap_or(bytes.len());
    let significant = &bytes[first..];
    if significant.len() > 8 {
        return Err(format!(
            "{what}: value of {} bytes does not fit in {width} bits",
            bytes.len()
        ));
    }
    let v = significant
        .iter()
        .fold(0u64, |acc, b| (acc << 8) | u64::from(*b));
    if v & !mask(width) != 0 {
        return Err(format!("{what}: value {v:#x} does not fit in {width} bits"));
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_round_trip() {
        assert_eq!(encode(0, 9), vec![0]);
        assert_eq!(encode(0x1ff, 9), vec![1, 0xff]);
        assert_eq!(encode(0x0a000001, 32), vec![10, 0, 0, 1]);
        assert_eq!(encode(u64::MAX, 64), vec![0xff; 8]);
        for (v, w) in [(0, 1), (1, 1), (300, 9), (u64::MAX, 64), (0x1234, 16)] {
            assert_eq!(decode(&encode(v, w), w, "x"), Ok(v));
        }
    }

    #[test]
    fn padded_accepted_too_wide_refused() {
        assert_eq!(decode(&[0, 0, 1, 2], 16, "f"), Ok(0x102));
        let e = decode(&[2, 0], 9, "param `port`").unwrap_err();
        assert!(e.contains("param `port`") && e.contains("9 bits"), "{e}");
        assert!(decode(&[], 8, "f").is_err());
        assert!(decode(&[1; 9], 64, "f").is_err());
    }
}
