//! Fixed-capacity storage for IPv4 and TCP options, so that `Repr`s stay `Copy` and parsing
//! never allocates. Both protocols cap options at 40 bytes (a 4-bit header length in
//! 32-bit words, minus the 20-byte fixed header).

use crate::{Error, Result};
use core::fmt;

/// Maximum option bytes in an IPv4 or TCP header.
pub const MAX_OPTIONS_LEN: usize = 40;

/// Raw option bytes (at most 40, a multiple of 4 once emitted).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct OptionBytes {
    len: u8,
    buf: [u8; MAX_OPTIONS_LEN],
}

impl OptionBytes {
    /// No options.
    pub const EMPTY: OptionBytes = OptionBytes {
        len: 0,
        buf: [0; MAX_OPTIONS_LEN],
    };

    /// Copies `bytes`, padding with zero bytes (End of Option List) to a multiple of 4.
    /// Fails with [`Error::Malformed`] if the padded length exceeds 40 bytes.
    pub fn from_slice(bytes: &[u8]) -> Result<OptionBytes> {
        let padded = bytes.len().div_ceil(4) * 4;
        if padded > MAX_OPTIONS_LEN {
            return Err(Error::Malformed);
        }
        let mut o = OptionBytes::EMPTY;
        o.buf[..bytes.len()].copy_from_slice(bytes);
        o.len = padded as u8;
        Ok(o)
    }

    /// The option bytes, padding included.
    pub fn as_slice(&self) -> &[u8] {
        &self.buf[..usize::from(self.len)]
    }

    /// Number of option bytes (a multiple of 4).
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// True when there are no options.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Default for OptionBytes {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl fmt::Debug for OptionBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OptionBytes({:02x?})", self.as_slice())
    }
}

/// One option split off: (kind, data, remaining bytes).
pub(crate) type Tlv<'a> = (u8, &'a [u8], &'a [u8]);

/// Splits the next type-length-value option off `rest` for protocols where kinds 0 (end of
/// list) and 1 (no-op) are single bytes and every other kind has a length byte counting
/// kind and length themselves (RFC 791 §3.1, RFC 9293 §3.1).
///
/// Returns `None` at the end (no bytes left, or kind 0), else the kind, the option's data
/// and the remainder. A length below 2 or beyond the buffer is [`Error::Malformed`].
pub(crate) fn next_tlv(rest: &[u8]) -> Option<Result<Tlv<'_>>> {
    let (&kind, tail) = rest.split_first()?;
    match kind {
        0 => None,
        1 => Some(Ok((1, &[], tail))),
        _ => {
            let Some(&len) = tail.first() else {
                return Some(Err(Error::Malformed));
            };
            let len = usize::from(len);
            if len < 2 || len > rest.len() {
                return Some(Err(Error::Malformed));
            }
            Some(Ok((kind, &rest[2..len], &rest[len..])))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_to_word() {
        let o = OptionBytes::from_slice(&[1, 3, 3, 7, 1]).unwrap();
        assert_eq!(o.as_slice(), &[1, 3, 3, 7, 1, 0, 0, 0]);
        assert_eq!(
            OptionBytes::from_slice(&[1; 41]).unwrap_err(),
            Error::Malformed
        );
        assert!(OptionBytes::from_slice(&[]).unwrap().is_empty());
    }

    #[test]
    fn tlv_walk() {
        let b = [1u8, 2, 4, 5, 0xb4, 0, 9];
        let (k, d, rest) = next_tlv(&b).unwrap().unwrap();
        assert_eq!((k, d), (1, &[][..]));
        let (k, d, rest) = next_tlv(rest).unwrap().unwrap();
        assert_eq!((k, d), (2, &[5, 0xb4][..]));
        assert!(next_tlv(rest).is_none());
        assert_eq!(
            next_tlv(&[8, 10, 0]).unwrap().unwrap_err(),
            Error::Malformed
        );
        assert_eq!(next_tlv(&[8]).unwrap().unwrap_err(), Error::Malformed);
        assert_eq!(next_tlv(&[8, 1]).unwrap().unwrap_err(), Error::Malformed);
    }
}
