//! IEEE 802.1Q VLAN tags. The view covers the 4 bytes after an Ethernet header whose
//! EtherType is 0x8100: tag control information (PCP, DEI, VID) and the inner EtherType.
//! Stacked tags (QinQ, 0x88A8) are not interpreted.

use crate::ethernet::EtherType;
use crate::{Error, Result, get_u16, put_u16};

mod field {
    pub const TCI: usize = 0;
    pub const ETHERTYPE: usize = 2;
}

/// Length of a VLAN tag (TCI + inner EtherType).
pub const HEADER_LEN: usize = 4;

/// A view of an 802.1Q tag.
#[derive(Debug, Clone)]
pub struct Packet<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> Packet<T> {
    /// Wraps a buffer without checks.
    pub const fn new_unchecked(buffer: T) -> Packet<T> {
        Packet { buffer }
    }
    /// Wraps a buffer after [`Packet::check_len`].
    pub fn new_checked(buffer: T) -> Result<Packet<T>> {
        let p = Self::new_unchecked(buffer);
        p.check_len()?;
        Ok(p)
    }
    /// Checks that the buffer holds the 4-byte tag.
    pub fn check_len(&self) -> Result<()> {
        if self.buffer.as_ref().len() < HEADER_LEN {
            Err(Error::Truncated)
        } else {
            Ok(())
        }
    }
    /// Priority code point (3 bits).
    pub fn pcp(&self) -> u8 {
        (get_u16(self.buffer.as_ref(), field::TCI) >> 13) as u8
    }
    /// Drop eligible indicator.
    pub fn dei(&self) -> bool {
        get_u16(self.buffer.as_ref(), field::TCI) & 0x1000 != 0
    }
    /// VLAN identifier (12 bits).
    pub fn vid(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::TCI) & 0x0FFF
    }
    /// EtherType of what follows the tag.
    pub fn ethertype(&self) -> EtherType {
        get_u16(self.buffer.as_ref(), field::ETHERTYPE).into()
    }
    /// Bytes after the tag.
    pub fn payload(&self) -> &[u8] {
        &self.buffer.as_ref()[HEADER_LEN..]
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Packet<T> {
    /// Sets PCP (3 bits), DEI and VID (12 bits).
    pub fn set_tci(&mut self, pcp: u8, dei: bool, vid: u16) {
        let v = (u16::from(pcp & 0x07) << 13) | (u16::from(dei) << 12) | (vid & 0x0FFF);
        put_u16(self.buffer.as_mut(), field::TCI, v);
    }
    /// Sets the inner EtherType.
    pub fn set_ethertype(&mut self, t: EtherType) {
        put_u16(self.buffer.as_mut(), field::ETHERTYPE, t.into());
    }
    /// Bytes after the tag, mutably.
    pub fn payload_mut(&mut self) -> &mut [u8] {
        &mut self.buffer.as_mut()[HEADER_LEN..]
    }
}

/// Parsed 802.1Q tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Repr {
    /// Priority code point (0–7).
    pub pcp: u8,
    /// Drop eligible indicator.
    pub dei: bool,
    /// VLAN identifier (0–4095).
    pub vid: u16,
    /// Inner EtherType.
    pub ethertype: EtherType,
}

impl Repr {
    /// Reads a checked tag.
    pub fn parse<T: AsRef<[u8]>>(p: &Packet<T>) -> Result<Repr> {
        p.check_len()?;
        Ok(Repr {
            pcp: p.pcp(),
            dei: p.dei(),
            vid: p.vid(),
            ethertype: p.ethertype(),
        })
    }
    /// Bytes the tag occupies.
    pub const fn buffer_len(&self) -> usize {
        HEADER_LEN
    }
    /// Writes the tag into the first 4 bytes. Out-of-range PCP/VID bits are masked off.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, p: &mut Packet<T>) {
        p.set_tci(self.pcp, self.dei, self.vid);
        p.set_ethertype(self.ethertype);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // PCP 5, DEI 0, VID 100 (0xa064), inner IPv4, then two payload bytes.
    static TAG: [u8; 6] = [0xa0, 0x64, 0x08, 0x00, 0x45, 0x00];

    fn repr() -> Repr {
        Repr {
            pcp: 5,
            dei: false,
            vid: 100,
            ethertype: EtherType::Ipv4,
        }
    }

    #[test]
    fn deconstruct() {
        let p = Packet::new_checked(&TAG[..]).unwrap();
        assert_eq!(
            (p.pcp(), p.dei(), p.vid(), p.ethertype()),
            (5, false, 100, EtherType::Ipv4)
        );
        assert_eq!(p.payload(), &[0x45, 0x00]);
    }

    #[test]
    fn construct() {
        let mut b = [0u8; 6];
        let mut p = Packet::new_unchecked(&mut b[..]);
        p.set_tci(5, false, 100);
        p.set_ethertype(EtherType::Ipv4);
        p.payload_mut().copy_from_slice(&[0x45, 0x00]);
        assert_eq!(b, TAG);
    }

    #[test]
    fn parse() {
        assert_eq!(
            Repr::parse(&Packet::new_checked(&TAG[..]).unwrap()).unwrap(),
            repr()
        );
    }

    #[test]
    fn emit() {
        let mut b = [0u8, 0, 0, 0, 0x45, 0x00];
        repr().emit(&mut Packet::new_unchecked(&mut b[..]));
        assert_eq!(b, TAG);
    }

    #[test]
    fn dei_and_short() {
        let p = Packet::new_checked(&[0x1f, 0xff, 0x86, 0xdd][..]).unwrap();
        assert_eq!(
            (p.pcp(), p.dei(), p.vid(), p.ethertype()),
            (0, true, 4095, EtherType::Ipv6)
        );
        assert_eq!(
            Packet::new_checked(&TAG[..3]).unwrap_err(),
            Error::Truncated
        );
    }

    proptest::proptest! {
        #[test]
        fn never_panics(data in proptest::collection::vec(proptest::num::u8::ANY, 0..8)) {
            if let Ok(p) = Packet::new_checked(&data[..]) {
                let r = Repr::parse(&p).unwrap();
                let mut out = vec![0u8; r.buffer_len()];
                r.emit(&mut Packet::new_unchecked(&mut out[..]));
                proptest::prop_assert_eq!(&out[..], &data[..HEADER_LEN]);
                proptest::prop_assert_eq!(p.payload().len(), data.len() - HEADER_LEN);
            }
        }
    }
}
