//! The CRCs a P4 switch offers as hash functions.
//!
//! * [`crc16`]: what P4 targets (BMv2 `HashAlgorithm.crc16`, Tofino `CRC16`) call CRC-16:
//!   polynomial 0x8005, reflected input and output, initial value 0, no final XOR
//!   (catalogued as CRC-16/ARC; check value 0xBB3D).
//! * [`crc32`]: the IEEE 802.3 CRC-32: polynomial 0x04C11DB7 reflected, initial value and
//!   final XOR 0xFFFFFFFF (CRC-32/ISO-HDLC; check value 0xCBF43926). BMv2 `crc32` and the
//!   Tofino `CRC32` hash compute this one.
//!
//! The table-driven engines come from the `crc` crate; this module fixes the parameters so
//! every crate hashes exactly as the modelled switch does. Multi-part inputs (a hash over a
//! list of header fields) go through [`Crc16Digest`] / [`Crc32Digest`], which give the same
//! value as hashing the concatenation.

use crc::{CRC_16_ARC, CRC_32_ISO_HDLC, Crc, Digest};

// `static`, not `const`: a const would copy the 256-entry table at every use.
static CRC16: Crc<u16> = Crc::<u16>::new(&CRC_16_ARC);
static CRC32: Crc<u32> = Crc::<u32>::new(&CRC_32_ISO_HDLC);

/// CRC-16 as P4 targets compute `crc16` (poly 0x8005 reflected, init 0, xorout 0).
pub fn crc16(data: &[u8]) -> u16 {
    CRC16.checksum(data)
}

/// IEEE CRC-32 (poly 0x04C11DB7 reflected, init and xorout 0xFFFFFFFF).
pub fn crc32(data: &[u8]) -> u32 {
    CRC32.checksum(data)
}

/// Incremental [`crc16`] over several byte slices (e.g. a P4 hash field list).
pub struct Crc16Digest(Digest<'static, u16>);

impl Crc16Digest {
    /// Starts an empty digest.
    pub fn new() -> Self {
        Self(CRC16.digest())
    }
    /// Feeds more bytes.
    pub fn update(&mut self, data: &[u8]) {
        self.0.update(data);
    }
    /// Returns the CRC of everything fed so far.
    pub fn finalize(self) -> u16 {
        self.0.finalize()
    }
}

impl Default for Crc16Digest {
    fn default() -> Self {
        Self::new()
    }
}

/// Incremental [`crc32`] over several byte slices.
pub struct Crc32Digest(Digest<'static, u32>);

impl Crc32Digest {
    /// Starts an empty digest.
    pub fn new() -> Self {
        Self(CRC32.digest())
    }
    /// Feeds more bytes.
    pub fn update(&mut self, data: &[u8]) {
        self.0.update(data);
    }
    /// Returns the CRC of everything fed so far.
    pub fn finalize(self) -> u32 {
        self.0.finalize()
    }
}

impl Default for Crc32Digest {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Check values from the Catalogue of parametrised CRC algorithms (reveng):
    // CRC-16/ARC check=0xbb3d, CRC-32/ISO-HDLC check=0xcbf43926.
    #[test]
    fn check_values() {
        assert_eq!(crc16(b"123456789"), 0xBB3D);
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn empty_input() {
        assert_eq!(crc16(b""), 0);
        assert_eq!(crc32(b""), 0);
    }

    /// Bit-by-bit reference implementations straight from the parameter definitions,
    /// independent of the `crc` crate's tables.
    fn crc16_bitwise(data: &[u8]) -> u16 {
        let mut c: u16 = 0;
        for &b in data {
            c ^= u16::from(b);
            for _ in 0..8 {
                c = if c & 1 != 0 {
                    (c >> 1) ^ 0xA001
                } else {
                    c >> 1
                };
            }
        }
        c
    }

    fn crc32_bitwise(data: &[u8]) -> u32 {
        let mut c: u32 = 0xFFFF_FFFF;
        for &b in data {
            c ^= u32::from(b);
            for _ in 0..8 {
                c = if c & 1 != 0 {
                    (c >> 1) ^ 0xEDB8_8320
                } else {
                    c >> 1
                };
            }
        }
        !c
    }

    proptest::proptest! {
        #[test]
        fn matches_bitwise(data in proptest::collection::vec(proptest::num::u8::ANY, 0..64)) {
            proptest::prop_assert_eq!(crc16(&data), crc16_bitwise(&data));
            proptest::prop_assert_eq!(crc32(&data), crc32_bitwise(&data));
        }

        #[test]
        fn digest_equals_concatenation(a in proptest::collection::vec(proptest::num::u8::ANY, 0..32),
                                       b in proptest::collection::vec(proptest::num::u8::ANY, 0..32)) {
            let mut d16 = Crc16Digest::new();
            let mut d32 = Crc32Digest::new();
            d16.update(&a); d16.update(&b);
            d32.update(&a); d32.update(&b);
            let cat = [a.as_slice(), b.as_slice()].concat();
            proptest::prop_assert_eq!(d16.finalize(), crc16(&cat));
            proptest::prop_assert_eq!(d32.finalize(), crc32(&cat));
        }
    }
}
