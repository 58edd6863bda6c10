//! IPv4 prefixes for traffic classes and the prefix filters of §6.1.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An IPv4 prefix `addr/len` with the host bits zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Prefix {
    /// Network address (host bits zero).
    pub addr: u32,
    /// Prefix length, 0..=32.
    pub len: u8,
}

impl Prefix {
    /// Builds a prefix, zeroing host bits. `len` is clamped to 32.
    pub fn new(addr: u32, len: u8) -> Prefix {
        let len = len.min(32);
        Prefix {
            addr: addr & Self::mask(len),
            len,
        }
    }

    fn mask(len: u8) -> u32 {
        if len == 0 {
            0
        } else {
            u32::MAX << (32 - u32::from(len))
        }
    }

    /// Number of addresses covered, as u64 (2^32 for /0).
    pub fn size(self) -> u64 {
        1u64 << (32 - u32::from(self.len))
    }

    /// Whether `other` lies inside `self`.
    pub fn contains(self, other: Prefix) -> bool {
        other.len >= self.len && other.addr & Self::mask(self.len) == self.addr
    }

    /// The minimal list of prefixes covering exactly the addresses
    /// `[self.addr + lo, self.addr + hi)` (offsets within this prefix).
    pub fn range_to_prefixes(self, lo: u64, hi: u64) -> Vec<Prefix> {
        let mut out = Vec::new();
        let base = u64::from(self.addr);
        let mut start = base + lo.min(self.size());
        let end = base + hi.min(self.size());
        while start < end {
            // Largest aligned block starting at `start` that fits before `end`.
            let align = if start == 0 {
                1u64 << 32
            } else {
                start & start.wrapping_neg()
            };
            let mut block = align.min(1u64 << 32);
            while block > end - start {
                block >>= 1;
            }
            let len = 32 - block.trailing_zeros() as u8;
            out.push(Prefix::new(start as u32, len));
            start += block;
        }
        out
    }
}

impl fmt::Display for Prefix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = self.addr.to_be_bytes();
        write!(f, "{}.{}.{}.{}/{}", a[0], a[1], a[2], a[3], self.len)
    }
}

impl Serialize for Prefix {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Prefix {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Prefix, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for Prefix {
    type Err = String;

    /// Parses `a.b.c.d/len` (host bits must be zero) or a bare address (`/32`).
    fn from_str(s: &str) -> Result<Prefix, String> {
        let (ip, len) = match s.split_once('/') {
            Some((ip, len)) => {
                let len: u8 = len
                    .parse()
                    .ok()
                    .filter(|l| *l <= 32)
                    .ok_or_else(|| format!("bad prefix length in {s:?}"))?;
                (ip, len)
            }
            None => (s, 32),
        };
        let ip: std::net::Ipv4Addr = ip
            .parse()
            .map_err(|_| format!("bad IPv4 address in {s:?}"))?;
        let p = Prefix::new(u32::from(ip), len);
        if p.addr != u32::from(ip) {
            return Err(format!("{s:?} has host bits set (did you mean {p}?)"));
        }
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parse_and_print() {
        let p: Prefix = "10.1.0.0/16".parse().expect("valid");
        assert_eq!(p.to_string(), "10.1.0.0/16");
        assert!("10.1.0.1/16".parse::<Prefix>().is_err());
        assert!("10.1.0.0/33".parse::<Prefix>().is_err());
        assert!("x/8".parse::<Prefix>().is_err());
    }

    #[test]
    fn paper_example_halves() {
        // §6.1: 10.1.0.0/16 split in halves gives 10.1.0.0/17 and 10.1.128.0/17.
        let p: Prefix = "10.1.0.0/16".parse().expect("valid");
        let half = p.size() / 2;
        assert_eq!(
            p.range_to_prefixes(0, half),
            vec!["10.1.0.0/17".parse().expect("ok")]
        );
        assert_eq!(
            p.range_to_prefixes(half, p.size()),
            vec!["10.1.128.0/17".parse().expect("ok")]
        );
    }

    proptest! {
        #[test]
        fn parser_never_panics(s in "\\PC{0,24}") {
            let _ = s.parse::<Prefix>();
        }

        /// The decomposition covers exactly the range, without overlap, in order.
        #[test]
        fn ranges_are_exact(addr in any::<u32>(), len in 8u8..=32, a in 0u64..=1 << 24, b in 0u64..=1 << 24) {
            let p = Prefix::new(addr, len);
            let (lo, hi) = (a.min(b).min(p.size()), a.max(b).min(p.size()));
            let parts = p.range_to_prefixes(lo, hi);
            let mut at = u64::from(p.addr) + lo;
            for q in &parts {
                prop_assert_eq!(u64::from(q.addr), at);
                prop_assert!(p.contains(*q));
                at += q.size();
            }
            prop_assert_eq!(at, u64::from(p.addr) + hi);
            prop_assert!(parts.len() <= 64);
        }
    }
}
