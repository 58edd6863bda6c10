//! IPv4 (RFC 791): header with options and fragment fields, checksum, incremental rewrites.

use crate::checksum;
use crate::options::{OptionBytes, next_tlv};
use crate::{Error, Result, get_u16, put_u16};
use core::fmt;
use std::net::Ipv4Addr;

/// IP protocol numbers the crate understands; others are kept as `Unknown`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum IpProtocol {
    /// 1.
    Icmp,
    /// 6.
    Tcp,
    /// 17.
    Udp,
    /// Any other value.
    Unknown(u8),
}

impl From<u8> for IpProtocol {
    fn from(v: u8) -> Self {
        match v {
            1 => IpProtocol::Icmp,
            6 => IpProtocol::Tcp,
            17 => IpProtocol::Udp,
            other => IpProtocol::Unknown(other),
        }
    }
}

impl From<IpProtocol> for u8 {
    fn from(v: IpProtocol) -> u8 {
        match v {
            IpProtocol::Icmp => 1,
            IpProtocol::Tcp => 6,
            IpProtocol::Udp => 17,
            IpProtocol::Unknown(other) => other,
        }
    }
}

impl fmt::Display for IpProtocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IpProtocol::Icmp => f.write_str("ICMP"),
            IpProtocol::Tcp => f.write_str("TCP"),
            IpProtocol::Udp => f.write_str("UDP"),
            IpProtocol::Unknown(v) => write!(f, "proto-{v}"),
        }
    }
}

mod field {
    pub const VER_IHL: usize = 0;
    pub const DSCP_ECN: usize = 1;
    pub const LENGTH: usize = 2;
    pub const IDENT: usize = 4;
    pub const FLG_OFF: usize = 6;
    pub const TTL: usize = 8;
    pub const PROTOCOL: usize = 9;
    pub const CHECKSUM: usize = 10;
    pub const SRC: usize = 12;
    pub const DST: usize = 16;
}

/// Length of the IPv4 header without options.
pub const HEADER_LEN: usize = 20;

const FLAG_DF: u16 = 0x4000;
const FLAG_MF: u16 = 0x2000;
const OFFSET_MASK: u16 = 0x1FFF;

/// A view of an IPv4 packet.
///
/// `check_len` guarantees `20 <= header_len <= total_len <= buffer length`; bytes past
/// `total_len` (e.g. Ethernet padding) are allowed and ignored by [`Packet::payload`].
#[derive(Debug, Clone)]
pub struct Packet<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> Packet<T> {
    /// Wraps a buffer without checks; accessors may panic on inconsistent buffers.
    pub const fn new_unchecked(buffer: T) -> Packet<T> {
        Packet { buffer }
    }
    /// Wraps a buffer after [`Packet::check_len`].
    pub fn new_checked(buffer: T) -> Result<Packet<T>> {
        let p = Self::new_unchecked(buffer);
        p.check_len()?;
        Ok(p)
    }
    /// Checks the length fields against the buffer; afterwards no accessor panics.
    ///
    /// [`Error::Truncated`] when the buffer is shorter than the header or total length,
    /// [`Error::Malformed`] when IHL < 5 or total length < header length.
    pub fn check_len(&self) -> Result<()> {
        let len = self.buffer.as_ref().len();
        if len < HEADER_LEN {
            return Err(Error::Truncated);
        }
        let hl = self.header_len();
        if hl < HEADER_LEN {
            return Err(Error::Malformed);
        }
        if hl > len {
            return Err(Error::Truncated);
        }
        let tl = usize::from(self.total_len());
        if tl < hl {
            return Err(Error::Malformed);
        }
        if tl > len {
            return Err(Error::Truncated);
        }
        Ok(())
    }
    /// Returns the underlying buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }
    /// Version field (4 for IPv4; checked by [`Repr::parse`], not by `check_len`).
    pub fn version(&self) -> u8 {
        self.buffer.as_ref()[field::VER_IHL] >> 4
    }
    /// Header length in bytes (IHL × 4).
    pub fn header_len(&self) -> usize {
        usize::from(self.buffer.as_ref()[field::VER_IHL] & 0x0F) * 4
    }
    /// Differentiated services code point (6 bits).
    pub fn dscp(&self) -> u8 {
        self.buffer.as_ref()[field::DSCP_ECN] >> 2
    }
    /// Explicit congestion notification (2 bits).
    pub fn ecn(&self) -> u8 {
        self.buffer.as_ref()[field::DSCP_ECN] & 0x03
    }
    /// Total length (header + payload) in bytes.
    pub fn total_len(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::LENGTH)
    }
    /// Identification.
    pub fn ident(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::IDENT)
    }
    /// Don't Fragment flag.
    pub fn dont_frag(&self) -> bool {
        get_u16(self.buffer.as_ref(), field::FLG_OFF) & FLAG_DF != 0
    }
    /// More Fragments flag.
    pub fn more_frags(&self) -> bool {
        get_u16(self.buffer.as_ref(), field::FLG_OFF) & FLAG_MF != 0
    }
    /// Fragment offset in 8-byte units.
    pub fn frag_offset(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::FLG_OFF) & OFFSET_MASK
    }
    /// True for any fragment (MF set or non-zero offset).
    pub fn is_fragment(&self) -> bool {
        self.more_frags() || self.frag_offset() != 0
    }
    /// Time to live.
    pub fn ttl(&self) -> u8 {
        self.buffer.as_ref()[field::TTL]
    }
    /// Protocol of the payload.
    pub fn protocol(&self) -> IpProtocol {
        self.buffer.as_ref()[field::PROTOCOL].into()
    }
    /// Header checksum as stored.
    pub fn checksum(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::CHECKSUM)
    }
    /// Source address.
    pub fn src_addr(&self) -> Ipv4Addr {
        let b = self.buffer.as_ref();
        Ipv4Addr::new(
            b[field::SRC],
            b[field::SRC + 1],
            b[field::SRC + 2],
            b[field::SRC + 3],
        )
    }
    /// Destination address.
    pub fn dst_addr(&self) -> Ipv4Addr {
        let b = self.buffer.as_ref();
        Ipv4Addr::new(
            b[field::DST],
            b[field::DST + 1],
            b[field::DST + 2],
            b[field::DST + 3],
        )
    }
    /// Raw option bytes (between the fixed header and the payload).
    pub fn options(&self) -> &[u8] {
        &self.buffer.as_ref()[HEADER_LEN..self.header_len()]
    }
    /// Iterates over the options.
    pub fn option_iter(&self) -> OptionIter<'_> {
        OptionIter {
            rest: self.options(),
        }
    }
    /// True when the header checksum verifies.
    pub fn verify_checksum(&self) -> bool {
        checksum::sum(&self.buffer.as_ref()[..self.header_len()]) == 0xFFFF
    }
    /// The payload: bytes from the end of the header to `total_len`.
    pub fn payload(&self) -> &[u8] {
        &self.buffer.as_ref()[self.header_len()..usize::from(self.total_len())]
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Packet<T> {
    /// Sets version and header length (bytes, a multiple of 4 in 20..=60).
    pub fn set_version_and_header_len(&mut self, version: u8, header_len: usize) {
        self.buffer.as_mut()[field::VER_IHL] = (version << 4) | ((header_len / 4) as u8 & 0x0F);
    }
    /// Sets DSCP (6 bits) and ECN (2 bits).
    pub fn set_dscp_ecn(&mut self, dscp: u8, ecn: u8) {
        self.buffer.as_mut()[field::DSCP_ECN] = (dscp << 2) | (ecn & 0x03);
    }
    /// Sets total length.
    pub fn set_total_len(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::LENGTH, v);
    }
    /// Sets identification.
    pub fn set_ident(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::IDENT, v);
    }
    /// Sets DF, MF and fragment offset (8-byte units, 13 bits); clears the reserved bit.
    pub fn set_frag(&mut self, dont_frag: bool, more_frags: bool, offset: u16) {
        let mut v = offset & OFFSET_MASK;
        if dont_frag {
            v |= FLAG_DF;
        }
        if more_frags {
            v |= FLAG_MF;
        }
        put_u16(self.buffer.as_mut(), field::FLG_OFF, v);
    }
    /// Sets time to live.
    pub fn set_ttl(&mut self, v: u8) {
        self.buffer.as_mut()[field::TTL] = v;
    }
    /// Sets protocol.
    pub fn set_protocol(&mut self, v: IpProtocol) {
        self.buffer.as_mut()[field::PROTOCOL] = v.into();
    }
    /// Sets the stored checksum.
    pub fn set_checksum(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::CHECKSUM, v);
    }
    /// Sets source address (checksum untouched).
    pub fn set_src_addr(&mut self, a: Ipv4Addr) {
        self.buffer.as_mut()[field::SRC..field::SRC + 4].copy_from_slice(&a.octets());
    }
    /// Sets destination address (checksum untouched).
    pub fn set_dst_addr(&mut self, a: Ipv4Addr) {
        self.buffer.as_mut()[field::DST..field::DST + 4].copy_from_slice(&a.octets());
    }
    /// Recomputes the header checksum from scratch.
    pub fn fill_checksum(&mut self) {
        self.set_checksum(0);
        let hl = self.header_len();
        let c = checksum::checksum(&self.buffer.as_ref()[..hl]);
        self.set_checksum(c);
    }
    /// Sets the source address and patches the header checksum (RFC 1624). The L4
    /// checksum also covers the address; see [`crate::rewrite`] to fix both.
    pub fn set_src_addr_incremental(&mut self, a: Ipv4Addr) {
        let c = checksum::update32(self.checksum(), self.src_addr().into(), a.into());
        self.set_src_addr(a);
        self.set_checksum(c);
    }
    /// Sets the destination address and patches the header checksum (RFC 1624).
    pub fn set_dst_addr_incremental(&mut self, a: Ipv4Addr) {
        let c = checksum::update32(self.checksum(), self.dst_addr().into(), a.into());
        self.set_dst_addr(a);
        self.set_checksum(c);
    }
    /// Sets the TTL and patches the header checksum (TTL shares a word with protocol).
    pub fn set_ttl_incremental(&mut self, ttl: u8) {
        let proto = u16::from(u8::from(self.protocol()));
        let old = (u16::from(self.ttl()) << 8) | proto;
        let new = (u16::from(ttl) << 8) | proto;
        let c = checksum::update16(self.checksum(), old, new);
        self.set_ttl(ttl);
        self.set_checksum(c);
    }
    /// Raw option bytes, mutably.
    pub fn options_mut(&mut self) -> &mut [u8] {
        let hl = self.header_len();
        &mut self.buffer.as_mut()[HEADER_LEN..hl]
    }
    /// The payload, mutably.
    pub fn payload_mut(&mut self) -> &mut [u8] {
        let (hl, tl) = (self.header_len(), usize::from(self.total_len()));
        &mut self.buffer.as_mut()[hl..tl]
    }
}

/// One IPv4 option (RFC 791 §3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ipv4Option<'a> {
    /// Kind 1.
    NoOperation,
    /// Kind 148, RFC 2113: the value field.
    RouterAlert(u16),
    /// Any other kind with its data (after kind and length).
    Other {
        /// Option type octet (copied flag, class and number).
        kind: u8,
        /// Option data.
        data: &'a [u8],
    },
}

/// Iterator over IPv4 options; stops at End of Option List and after the first malformed
/// option (yielded as `Err`).
#[derive(Debug, Clone)]
pub struct OptionIter<'a> {
    rest: &'a [u8],
}

impl<'a> OptionIter<'a> {
    /// Iterates over raw option bytes (e.g. from [`Repr::options`]).
    pub fn new(options: &'a [u8]) -> Self {
        OptionIter { rest: options }
    }
}

impl<'a> Iterator for OptionIter<'a> {
    type Item = Result<Ipv4Option<'a>>;
    fn next(&mut self) -> Option<Self::Item> {
        match next_tlv(self.rest)? {
            Err(e) => {
                self.rest = &[];
                Some(Err(e))
            }
            Ok((kind, data, rest)) => {
                self.rest = rest;
                Some(Ok(match (kind, data) {
                    (1, _) => Ipv4Option::NoOperation,
                    (148, &[a, b]) => Ipv4Option::RouterAlert(u16::from_be_bytes([a, b])),
                    _ => Ipv4Option::Other { kind, data },
                }))
            }
        }
    }
}

/// Parsed IPv4 header. The reserved flag bit is not kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Repr {
    /// Source address.
    pub src_addr: Ipv4Addr,
    /// Destination address.
    pub dst_addr: Ipv4Addr,
    /// Payload protocol.
    pub protocol: IpProtocol,
    /// Payload length in bytes (total length − header length).
    pub payload_len: usize,
    /// Time to live.
    pub ttl: u8,
    /// Identification.
    pub ident: u16,
    /// DSCP (6 bits).
    pub dscp: u8,
    /// ECN (2 bits).
    pub ecn: u8,
    /// Don't Fragment.
    pub dont_frag: bool,
    /// More Fragments.
    pub more_frags: bool,
    /// Fragment offset in 8-byte units (13 bits).
    pub frag_offset: u16,
    /// Raw options (padded to a multiple of 4 bytes).
    pub options: OptionBytes,
}

impl Repr {
    /// A plain unfragmented header with DF set and no options.
    pub fn new(
        src_addr: Ipv4Addr,
        dst_addr: Ipv4Addr,
        protocol: IpProtocol,
        payload_len: usize,
        ttl: u8,
    ) -> Repr {
        Repr {
            src_addr,
            dst_addr,
            protocol,
            payload_len,
            ttl,
            ident: 0,
            dscp: 0,
            ecn: 0,
            dont_frag: true,
            more_frags: false,
            frag_offset: 0,
            options: OptionBytes::EMPTY,
        }
    }

    /// Reads a header. Checks lengths and version; does not verify the checksum (see
    /// [`Packet::verify_checksum`]), so that captures with offloaded checksums still parse.
    pub fn parse<T: AsRef<[u8]>>(p: &Packet<T>) -> Result<Repr> {
        p.check_len()?;
        if p.version() != 4 {
            return Err(Error::Malformed);
        }
        Ok(Repr {
            src_addr: p.src_addr(),
            dst_addr: p.dst_addr(),
            protocol: p.protocol(),
            payload_len: usize::from(p.total_len()) - p.header_len(),
            ttl: p.ttl(),
            ident: p.ident(),
            dscp: p.dscp(),
            ecn: p.ecn(),
            dont_frag: p.dont_frag(),
            more_frags: p.more_frags(),
            frag_offset: p.frag_offset(),
            options: OptionBytes::from_slice(p.options())?,
        })
    }

    /// Header length in bytes (options included).
    pub fn buffer_len(&self) -> usize {
        HEADER_LEN + self.options.len()
    }

    /// Writes the header (with a correct checksum) into the first `buffer_len()` bytes.
    /// Total length saturates at 65535 if `payload_len` is too large for IPv4.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, p: &mut Packet<T>) {
        let hl = self.buffer_len();
        p.set_version_and_header_len(4, hl);
        p.set_dscp_ecn(self.dscp, self.ecn);
        p.set_total_len(u16::try_from(hl + self.payload_len).unwrap_or(u16::MAX));
        p.set_ident(self.ident);
        p.set_frag(self.dont_frag, self.more_frags, self.frag_offset);
        p.set_ttl(self.ttl);
        p.set_protocol(self.protocol);
        p.set_src_addr(self.src_addr);
        p.set_dst_addr(self.dst_addr);
        p.buffer.as_mut()[HEADER_LEN..hl].copy_from_slice(self.options.as_slice());
        p.set_checksum(0);
        let c = checksum::checksum(&p.buffer.as_ref()[..hl]);
        p.set_checksum(c);
    }
}

#[cfg(test)]
mod tests;
