//! TCP (RFC 9293): header view with flags and options, `Repr`, checksum and incremental
//! port/address rewrites.
//!
//! A TCP view covers exactly one segment (header + payload), i.e. the IPv4 payload;
//! the checksum methods sum the whole buffer under the IPv4 pseudo-header.

use crate::options::{OptionBytes, next_tlv};
use crate::{Error, Result, checksum, get_u16, get_u32, put_u16, put_u32};
use core::fmt;
use std::net::Ipv4Addr;

mod field {
    pub const SRC_PORT: usize = 0;
    pub const DST_PORT: usize = 2;
    pub const SEQ: usize = 4;
    pub const ACK: usize = 8;
    pub const OFF_FLAGS: usize = 12;
    pub const WINDOW: usize = 14;
    pub const CHECKSUM: usize = 16;
    pub const URGENT: usize = 18;
}

/// Length of the TCP header without options.
pub const HEADER_LEN: usize = 20;
const PROTO: u8 = 6;

/// The nine TCP control bits (NS, CWR, ECE, URG, ACK, PSH, RST, SYN, FIN), laid out as
/// the low 9 bits of header bytes 12–13.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TcpFlags(pub u16);

impl TcpFlags {
    /// No more data from sender.
    pub const FIN: TcpFlags = TcpFlags(0x001);
    /// Synchronise sequence numbers.
    pub const SYN: TcpFlags = TcpFlags(0x002);
    /// Reset the connection.
    pub const RST: TcpFlags = TcpFlags(0x004);
    /// Push.
    pub const PSH: TcpFlags = TcpFlags(0x008);
    /// Acknowledgment field is significant.
    pub const ACK: TcpFlags = TcpFlags(0x010);
    /// Urgent pointer is significant.
    pub const URG: TcpFlags = TcpFlags(0x020);
    /// ECN echo (RFC 3168).
    pub const ECE: TcpFlags = TcpFlags(0x040);
    /// Congestion window reduced (RFC 3168).
    pub const CWR: TcpFlags = TcpFlags(0x080);
    /// ECN nonce (RFC 3540, historic).
    pub const NS: TcpFlags = TcpFlags(0x100);
    /// No flags.
    pub const NONE: TcpFlags = TcpFlags(0);

    /// True when every flag in `other` is set.
    pub const fn contains(self, other: TcpFlags) -> bool {
        self.0 & other.0 == other.0
    }
    /// True when any flag in `other` is set.
    pub const fn intersects(self, other: TcpFlags) -> bool {
        self.0 & other.0 != 0
    }
    /// The raw 9 bits.
    pub const fn bits(self) -> u16 {
        self.0
    }
}

impl core::ops::BitOr for TcpFlags {
    type Output = TcpFlags;
    fn bitor(self, rhs: TcpFlags) -> TcpFlags {
        TcpFlags(self.0 | rhs.0)
    }
}

impl core::ops::BitOrAssign for TcpFlags {
    fn bitor_assign(&mut self, rhs: TcpFlags) {
        self.0 |= rhs.0;
    }
}

impl core::ops::BitAnd for TcpFlags {
    type Output = TcpFlags;
    fn bitand(self, rhs: TcpFlags) -> TcpFlags {
        TcpFlags(self.0 & rhs.0)
    }
}

/// tcpdump's notation: `S` SYN, `F` FIN, `R` RST, `P` PSH, `.` ACK, `U` URG, `E` ECE,
/// `W` CWR, `N` NS; `none` when empty.
impl fmt::Display for TcpFlags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("none");
        }
        for (flag, c) in [
            (Self::SYN, 'S'),
            (Self::FIN, 'F'),
            (Self::RST, 'R'),
            (Self::PSH, 'P'),
            (Self::ACK, '.'),
            (Self::URG, 'U'),
            (Self::ECE, 'E'),
            (Self::CWR, 'W'),
            (Self::NS, 'N'),
        ] {
            if self.contains(flag) {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for TcpFlags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TcpFlags({self})")
    }
}

/// A view of a TCP segment.
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
    /// Checks `20 <= header_len <= buffer length`; afterwards no accessor panics.
    pub fn check_len(&self) -> Result<()> {
        let len = self.buffer.as_ref().len();
        if len < HEADER_LEN {
            return Err(Error::Truncated);
        }
        let hl = self.header_len();
        if hl < HEADER_LEN {
            Err(Error::Malformed)
        } else if hl > len {
            Err(Error::Truncated)
        } else {
            Ok(())
        }
    }
    /// Returns the underlying buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }
    /// Source port.
    pub fn src_port(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::SRC_PORT)
    }
    /// Destination port.
    pub fn dst_port(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::DST_PORT)
    }
    /// Sequence number.
    pub fn seq_number(&self) -> u32 {
        get_u32(self.buffer.as_ref(), field::SEQ)
    }
    /// Acknowledgment number.
    pub fn ack_number(&self) -> u32 {
        get_u32(self.buffer.as_ref(), field::ACK)
    }
    /// Header length in bytes (data offset × 4).
    pub fn header_len(&self) -> usize {
        usize::from(self.buffer.as_ref()[field::OFF_FLAGS] >> 4) * 4
    }
    /// Control bits.
    pub fn flags(&self) -> TcpFlags {
        TcpFlags(get_u16(self.buffer.as_ref(), field::OFF_FLAGS) & 0x01FF)
    }
    /// Receive window.
    pub fn window(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::WINDOW)
    }
    /// Checksum as stored.
    pub fn checksum(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::CHECKSUM)
    }
    /// Urgent pointer.
    pub fn urgent(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::URGENT)
    }
    /// Raw option bytes.
    pub fn options(&self) -> &[u8] {
        &self.buffer.as_ref()[HEADER_LEN..self.header_len()]
    }
    /// Iterates over the options.
    pub fn option_iter(&self) -> OptionIter<'_> {
        OptionIter::new(self.options())
    }
    /// Payload (everything after the header).
    pub fn payload(&self) -> &[u8] {
        &self.buffer.as_ref()[self.header_len()..]
    }
    /// True when the checksum over the whole buffer and the pseudo-header verifies.
    pub fn verify_checksum(&self, src: Ipv4Addr, dst: Ipv4Addr) -> bool {
        let b = self.buffer.as_ref();
        let len = u16::try_from(b.len()).unwrap_or(u16::MAX);
        checksum::add(
            checksum::pseudo_header_sum(src, dst, PROTO, len),
            checksum::sum(b),
        ) == 0xFFFF
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Packet<T> {
    /// Sets source port (checksum untouched).
    pub fn set_src_port(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::SRC_PORT, v);
    }
    /// Sets destination port (checksum untouched).
    pub fn set_dst_port(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::DST_PORT, v);
    }
    /// Sets sequence number.
    pub fn set_seq_number(&mut self, v: u32) {
        put_u32(self.buffer.as_mut(), field::SEQ, v);
    }
    /// Sets acknowledgment number.
    pub fn set_ack_number(&mut self, v: u32) {
        put_u32(self.buffer.as_mut(), field::ACK, v);
    }
    /// Sets header length (bytes, multiple of 4 in 20..=60) and flags; reserved bits zero.
    pub fn set_header_len_and_flags(&mut self, header_len: usize, flags: TcpFlags) {
        let v = ((((header_len / 4) as u16) & 0x0F) << 12) | (flags.0 & 0x01FF);
        put_u16(self.buffer.as_mut(), field::OFF_FLAGS, v);
    }
    /// Sets window.
    pub fn set_window(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::WINDOW, v);
    }
    /// Sets the stored checksum.
    pub fn set_checksum(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::CHECKSUM, v);
    }
    /// Sets urgent pointer.
    pub fn set_urgent(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::URGENT, v);
    }
    /// Raw option bytes, mutably.
    pub fn options_mut(&mut self) -> &mut [u8] {
        let hl = self.header_len();
        &mut self.buffer.as_mut()[HEADER_LEN..hl]
    }
    /// Payload, mutably.
    pub fn payload_mut(&mut self) -> &mut [u8] {
        let hl = self.header_len();
        &mut self.buffer.as_mut()[hl..]
    }
    /// Recomputes the checksum over the whole buffer under the pseudo-header.
    pub fn fill_checksum(&mut self, src: Ipv4Addr, dst: Ipv4Addr) {
        self.set_checksum(0);
        let c = checksum::l4_checksum(src, dst, PROTO, self.buffer.as_ref());
        self.set_checksum(c);
    }
    /// Sets the source port and patches the checksum (RFC 1624).
    pub fn set_src_port_incremental(&mut self, v: u16) {
        let c = checksum::update16(self.checksum(), self.src_port(), v);
        self.set_src_port(v);
        self.set_checksum(c);
    }
    /// Sets the destination port and patches the checksum (RFC 1624).
    pub fn set_dst_port_incremental(&mut self, v: u16) {
        let c = checksum::update16(self.checksum(), self.dst_port(), v);
        self.set_dst_port(v);
        self.set_checksum(c);
    }
    /// Patches the checksum for an IPv4 address change in the pseudo-header (call it
    /// alongside `ipv4::Packet::set_{src,dst}_addr_incremental`).
    pub fn update_checksum_for_addr(&mut self, old: Ipv4Addr, new: Ipv4Addr) {
        let c = checksum::update32(self.checksum(), old.into(), new.into());
        self.set_checksum(c);
    }
}

/// One TCP option (RFC 9293 §3.2, RFC 7323, RFC 2018).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TcpOption<'a> {
    /// Kind 1.
    NoOperation,
    /// Kind 2: maximum segment size.
    MaxSegmentSize(u16),
    /// Kind 3: window scale shift count.
    WindowScale(u8),
    /// Kind 4: SACK permitted.
    SackPermitted,
    /// Kind 5: SACK blocks, raw (a multiple of 8 bytes: left/right edge pairs).
    Sack(&'a [u8]),
    /// Kind 8: timestamps.
    Timestamps {
        /// TSval.
        tsval: u32,
        /// TSecr.
        tsecr: u32,
    },
    /// Any other kind with its data.
    Unknown {
        /// Option kind.
        kind: u8,
        /// Data after kind and length.
        data: &'a [u8],
    },
}

impl TcpOption<'_> {
    /// Bytes the option occupies on the wire.
    pub fn buffer_len(&self) -> usize {
        match self {
            TcpOption::NoOperation => 1,
            TcpOption::MaxSegmentSize(_) => 4,
            TcpOption::WindowScale(_) => 3,
            TcpOption::SackPermitted => 2,
            TcpOption::Sack(d) => 2 + d.len(),
            TcpOption::Timestamps { .. } => 10,
            TcpOption::Unknown { data, .. } => 2 + data.len(),
        }
    }

    fn write(&self, out: &mut [u8]) {
        let len = self.buffer_len() as u8;
        match *self {
            TcpOption::NoOperation => out[0] = 1,
            TcpOption::MaxSegmentSize(m) => {
                out[..2].copy_from_slice(&[2, 4]);
                put_u16(out, 2, m);
            }
            TcpOption::WindowScale(s) => out[..3].copy_from_slice(&[3, 3, s]),
            TcpOption::SackPermitted => out[..2].copy_from_slice(&[4, 2]),
            TcpOption::Sack(d) => {
                out[..2].copy_from_slice(&[5, len]);
                out[2..2 + d.len()].copy_from_slice(d);
            }
            TcpOption::Timestamps { tsval, tsecr } => {
                out[..2].copy_from_slice(&[8, 10]);
                put_u32(out, 2, tsval);
                put_u32(out, 6, tsecr);
            }
            TcpOption::Unknown { kind, data } => {
                out[..2].copy_from_slice(&[kind, len]);
                out[2..2 + data.len()].copy_from_slice(data);
            }
        }
    }

    /// Encodes a list of options, padded with End of Option List to a multiple of 4.
    /// [`Error::Malformed`] if they exceed 40 bytes or an option's data exceeds 253 bytes.
    pub fn encode(opts: &[TcpOption<'_>]) -> Result<OptionBytes> {
        let mut buf = [0u8; crate::options::MAX_OPTIONS_LEN];
        let mut at = 0;
        for o in opts {
            let n = o.buffer_len();
            if at + n > buf.len() {
                return Err(Error::Malformed);
            }
            o.write(&mut buf[at..at + n]);
            at += n;
        }
        OptionBytes::from_slice(&buf[..at])
    }
}

/// Iterator over TCP options; stops at End of Option List and after the first malformed
/// option (yielded as `Err`). Known kinds with a wrong length are malformed.
#[derive(Debug, Clone)]
pub struct OptionIter<'a> {
    rest: &'a [u8],
}

impl<'a> OptionIter<'a> {
    /// Iterates over raw option bytes (e.g. `Repr::options.as_slice()`).
    pub fn new(options: &'a [u8]) -> Self {
        OptionIter { rest: options }
    }
}

impl<'a> Iterator for OptionIter<'a> {
    type Item = Result<TcpOption<'a>>;
    fn next(&mut self) -> Option<Self::Item> {
        let item = match next_tlv(self.rest)? {
            Err(e) => Err(e),
            Ok((kind, data, rest)) => {
                self.rest = rest;
                match (kind, data) {
                    (1, _) => Ok(TcpOption::NoOperation),
                    (2, &[a, b]) => Ok(TcpOption::MaxSegmentSize(u16::from_be_bytes([a, b]))),
                    (3, &[s]) => Ok(TcpOption::WindowScale(s)),
                    (4, &[]) => Ok(TcpOption::SackPermitted),
                    (5, d) if !d.is_empty() && d.len() % 8 == 0 => Ok(TcpOption::Sack(d)),
                    (8, d) if d.len() == 8 => Ok(TcpOption::Timestamps {
                        tsval: get_u32(d, 0),
                        tsecr: get_u32(d, 4),
                    }),
                    (2..=5 | 8, _) => Err(Error::Malformed),
                    _ => Ok(TcpOption::Unknown { kind, data }),
                }
            }
        };
        if item.is_err() {
            self.rest = &[];
        }
        Some(item)
    }
}

/// Parsed TCP header (payload not included; it stays in the buffer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Repr {
    /// Source port.
    pub src_port: u16,
    /// Destination port.
    pub dst_port: u16,
    /// Sequence number.
    pub seq_number: u32,
    /// Acknowledgment number.
    pub ack_number: u32,
    /// Control bits.
    pub flags: TcpFlags,
    /// Receive window.
    pub window: u16,
    /// Urgent pointer.
    pub urgent: u16,
    /// Raw options, padded to a multiple of 4 bytes.
    pub options: OptionBytes,
}

impl Repr {
    /// Reads the header of a checked view. Does not verify the checksum.
    pub fn parse<T: AsRef<[u8]>>(p: &Packet<T>) -> Result<Repr> {
        p.check_len()?;
        Ok(Repr {
            src_port: p.src_port(),
            dst_port: p.dst_port(),
            seq_number: p.seq_number(),
            ack_number: p.ack_number(),
            flags: p.flags(),
            window: p.window(),
            urgent: p.urgent(),
            options: OptionBytes::from_slice(p.options())?,
        })
    }

    /// Header length in bytes (options included).
    pub fn header_len(&self) -> usize {
        HEADER_LEN + self.options.len()
    }

    /// Bytes needed for header plus `payload_len` payload bytes.
    pub fn buffer_len(&self, payload_len: usize) -> usize {
        self.header_len() + payload_len
    }

    /// Writes header and `payload` into the first `buffer_len(payload.len())` bytes of
    /// the view's buffer and fills the checksum for the given IPv4 endpoints.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(
        &self,
        p: &mut Packet<T>,
        payload: &[u8],
        src: Ipv4Addr,
        dst: Ipv4Addr,
    ) {
        let hl = self.header_len();
        let end = hl + payload.len();
        let b = &mut p.buffer.as_mut()[..end];
        let mut q = Packet::new_unchecked(b);
        q.set_src_port(self.src_port);
        q.set_dst_port(self.dst_port);
        q.set_seq_number(self.seq_number);
        q.set_ack_number(self.ack_number);
        q.set_header_len_and_flags(hl, self.flags);
        q.set_window(self.window);
        q.set_urgent(self.urgent);
        q.options_mut().copy_from_slice(self.options.as_slice());
        q.payload_mut().copy_from_slice(payload);
        q.fill_checksum(src, dst);
    }
}

#[cfg(test)]
mod tests;
