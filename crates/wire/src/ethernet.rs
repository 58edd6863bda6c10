//! Ethernet II frames (IEEE 802.3 with an EtherType ≥ 0x0600). No FCS: captures and the
//! switch model carry frames without it.

use crate::{Error, Result, get_u16, put_u16};
use core::fmt;

/// A 48-bit MAC address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct MacAddr(pub [u8; 6]);

impl MacAddr {
    /// ff:ff:ff:ff:ff:ff.
    pub const BROADCAST: MacAddr = MacAddr([0xff; 6]);

    /// Builds an address from a byte slice of exactly 6 bytes.
    pub fn from_bytes(b: &[u8]) -> Option<MacAddr> {
        <[u8; 6]>::try_from(b).ok().map(MacAddr)
    }
    /// The six octets.
    pub const fn octets(&self) -> [u8; 6] {
        self.0
    }
    /// Group (multicast or broadcast) bit: least significant bit of the first octet.
    pub const fn is_multicast(&self) -> bool {
        self.0[0] & 1 != 0
    }
    /// Locally administered bit: second least significant bit of the first octet.
    pub const fn is_local(&self) -> bool {
        self.0[0] & 2 != 0
    }
}

impl fmt::Display for MacAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.0;
        write!(
            f,
            "{:02x}:{:02x}:{:02x}:{:02x}:{:02x}:{:02x}",
            b[0], b[1], b[2], b[3], b[4], b[5]
        )
    }
}

/// EtherType values the crate understands; everything else is kept as `Unknown`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EtherType {
    /// 0x0800.
    Ipv4,
    /// 0x0806.
    Arp,
    /// 0x8100, an IEEE 802.1Q tag follows.
    Vlan,
    /// 0x86DD (recognised, not parsed further by this crate).
    Ipv6,
    /// Any other value.
    Unknown(u16),
}

impl From<u16> for EtherType {
    fn from(v: u16) -> Self {
        match v {
            0x0800 => EtherType::Ipv4,
            0x0806 => EtherType::Arp,
            0x8100 => EtherType::Vlan,
            0x86DD => EtherType::Ipv6,
            other => EtherType::Unknown(other),
        }
    }
}

impl From<EtherType> for u16 {
    fn from(v: EtherType) -> u16 {
        match v {
            EtherType::Ipv4 => 0x0800,
            EtherType::Arp => 0x0806,
            EtherType::Vlan => 0x8100,
            EtherType::Ipv6 => 0x86DD,
            EtherType::Unknown(other) => other,
        }
    }
}

impl fmt::Display for EtherType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EtherType::Ipv4 => f.write_str("IPv4"),
            EtherType::Arp => f.write_str("ARP"),
            EtherType::Vlan => f.write_str("802.1Q"),
            EtherType::Ipv6 => f.write_str("IPv6"),
            EtherType::Unknown(v) => write!(f, "0x{v:04x}"),
        }
    }
}

mod field {
    use core::ops::{Range, RangeFrom};
    pub const DST: Range<usize> = 0..6;
    pub const SRC: Range<usize> = 6..12;
    pub const ETHERTYPE: usize = 12;
    pub const PAYLOAD: RangeFrom<usize> = 14..;
}

/// Length of the Ethernet II header.
pub const HEADER_LEN: usize = field::PAYLOAD.start;

/// A view of an Ethernet II frame.
#[derive(Debug, Clone)]
pub struct Frame<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> Frame<T> {
    /// Wraps a buffer without checking its length; accessors may panic on short buffers.
    pub const fn new_unchecked(buffer: T) -> Frame<T> {
        Frame { buffer }
    }
    /// Wraps a buffer, checking that it holds a whole header.
    pub fn new_checked(buffer: T) -> Result<Frame<T>> {
        let f = Self::new_unchecked(buffer);
        f.check_len()?;
        Ok(f)
    }
    /// Checks that the buffer holds a whole header; afterwards no accessor panics.
    pub fn check_len(&self) -> Result<()> {
        if self.buffer.as_ref().len() < HEADER_LEN {
            Err(Error::Truncated)
        } else {
            Ok(())
        }
    }
    /// Returns the underlying buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }
    /// Destination address.
    pub fn dst_addr(&self) -> MacAddr {
        let mut a = [0; 6];
        a.copy_from_slice(&self.buffer.as_ref()[field::DST]);
        MacAddr(a)
    }
    /// Source address.
    pub fn src_addr(&self) -> MacAddr {
        let mut a = [0; 6];
        a.copy_from_slice(&self.buffer.as_ref()[field::SRC]);
        MacAddr(a)
    }
    /// EtherType.
    pub fn ethertype(&self) -> EtherType {
        get_u16(self.buffer.as_ref(), field::ETHERTYPE).into()
    }
    /// The bytes after the header.
    pub fn payload(&self) -> &[u8] {
        &self.buffer.as_ref()[field::PAYLOAD]
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Frame<T> {
    /// Sets the destination address.
    pub fn set_dst_addr(&mut self, a: MacAddr) {
        self.buffer.as_mut()[field::DST].copy_from_slice(&a.0);
    }
    /// Sets the source address.
    pub fn set_src_addr(&mut self, a: MacAddr) {
        self.buffer.as_mut()[field::SRC].copy_from_slice(&a.0);
    }
    /// Sets the EtherType.
    pub fn set_ethertype(&mut self, t: EtherType) {
        put_u16(self.buffer.as_mut(), field::ETHERTYPE, t.into());
    }
    /// The bytes after the header, mutably.
    pub fn payload_mut(&mut self) -> &mut [u8] {
        &mut self.buffer.as_mut()[field::PAYLOAD]
    }
}

/// Parsed Ethernet II header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Repr {
    /// Source address.
    pub src_addr: MacAddr,
    /// Destination address.
    pub dst_addr: MacAddr,
    /// EtherType of what follows.
    pub ethertype: EtherType,
}

impl Repr {
    /// Reads the header from a checked frame.
    pub fn parse<T: AsRef<[u8]>>(frame: &Frame<T>) -> Result<Repr> {
        frame.check_len()?;
        Ok(Repr {
            src_addr: frame.src_addr(),
            dst_addr: frame.dst_addr(),
            ethertype: frame.ethertype(),
        })
    }
    /// Bytes the header occupies.
    pub const fn buffer_len(&self) -> usize {
        HEADER_LEN
    }
    /// Writes the header into the first [`HEADER_LEN`] bytes of `frame`.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, frame: &mut Frame<T>) {
        frame.set_dst_addr(self.dst_addr);
        frame.set_src_addr(self.src_addr);
        frame.set_ethertype(self.ethertype);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // dst 00:1b:21:3c:4d:5e, src 52:54:00:12:34:56, IPv4, then 4 payload bytes.
    static FRAME: [u8; 18] = [
        0x00, 0x1b, 0x21, 0x3c, 0x4d, 0x5e, 0x52, 0x54, 0x00, 0x12, 0x34, 0x56, 0x08, 0x00, 0xde,
        0xad, 0xbe, 0xef,
    ];
    const DST: MacAddr = MacAddr([0x00, 0x1b, 0x21, 0x3c, 0x4d, 0x5e]);
    const SRC: MacAddr = MacAddr([0x52, 0x54, 0x00, 0x12, 0x34, 0x56]);

    #[test]
    fn deconstruct() {
        let f = Frame::new_checked(&FRAME[..]).unwrap();
        assert_eq!(f.dst_addr(), DST);
        assert_eq!(f.src_addr(), SRC);
        assert_eq!(f.ethertype(), EtherType::Ipv4);
        assert_eq!(f.payload(), &[0xde, 0xad, 0xbe, 0xef]);
        assert_eq!(SRC.to_string(), "52:54:00:12:34:56");
    }

    #[test]
    fn construct() {
        let mut buf = [0u8; 18];
        let mut f = Frame::new_unchecked(&mut buf[..]);
        f.set_dst_addr(DST);
        f.set_src_addr(SRC);
        f.set_ethertype(EtherType::Ipv4);
        f.payload_mut().copy_from_slice(&[0xde, 0xad, 0xbe, 0xef]);
        assert_eq!(buf, FRAME);
    }

    #[test]
    fn parse() {
        let r = Repr::parse(&Frame::new_checked(&FRAME[..]).unwrap()).unwrap();
        assert_eq!(
            r,
            Repr {
                src_addr: SRC,
                dst_addr: DST,
                ethertype: EtherType::Ipv4
            }
        );
    }

    #[test]
    fn emit() {
        let r = Repr {
            src_addr: SRC,
            dst_addr: DST,
            ethertype: EtherType::Ipv4,
        };
        let mut buf = [0u8; 18];
        buf[14..].copy_from_slice(&[0xde, 0xad, 0xbe, 0xef]);
        r.emit(&mut Frame::new_unchecked(&mut buf[..]));
        assert_eq!(buf, FRAME);
    }

    #[test]
    fn short_and_ethertypes() {
        assert_eq!(
            Frame::new_checked(&FRAME[..13]).unwrap_err(),
            Error::Truncated
        );
        assert!(
            Frame::new_checked(&FRAME[..14])
                .unwrap()
                .payload()
                .is_empty()
        );
        for v in [0x0800u16, 0x0806, 0x8100, 0x86dd, 0x88cc] {
            assert_eq!(u16::from(EtherType::from(v)), v);
        }
    }

    proptest::proptest! {
        #[test]
        fn never_panics(data in proptest::collection::vec(proptest::num::u8::ANY, 0..32)) {
            if let Ok(f) = Frame::new_checked(&data[..]) {
                let r = Repr::parse(&f).unwrap();
                let mut out = vec![0u8; r.buffer_len()];
                r.emit(&mut Frame::new_unchecked(&mut out[..]));
                proptest::prop_assert_eq!(&out[..], &data[..HEADER_LEN]);
            }
        }
    }
}
