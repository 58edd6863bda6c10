//! ICMPv4 (RFC 792): echo request/reply, destination unreachable and time exceeded with
//! the quoted IPv4 header, other types kept raw. The view covers the whole ICMP message
//! (the IPv4 payload); the checksum covers all of it, without a pseudo-header.

use crate::ipv4::IpProtocol;
use crate::{Error, Result, checksum, get_u16, get_u32, put_u16, put_u32};
use std::net::Ipv4Addr;

mod field {
    pub const TYPE: usize = 0;
    pub const CODE: usize = 1;
    pub const CHECKSUM: usize = 2;
    pub const REST: usize = 4;
    pub const IDENT: usize = 4;
    pub const SEQ: usize = 6;
}

/// Length of the ICMP header (type, code, checksum, rest-of-header).
pub const HEADER_LEN: usize = 8;

/// Echo reply.
pub const TYPE_ECHO_REPLY: u8 = 0;
/// Destination unreachable.
pub const TYPE_DST_UNREACHABLE: u8 = 3;
/// Echo request.
pub const TYPE_ECHO_REQUEST: u8 = 8;
/// Time exceeded.
pub const TYPE_TIME_EXCEEDED: u8 = 11;

/// A view of an ICMP message.
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
    /// Checks that the 8-byte header is present.
    pub fn check_len(&self) -> Result<()> {
        if self.buffer.as_ref().len() < HEADER_LEN {
            Err(Error::Truncated)
        } else {
            Ok(())
        }
    }
    /// Message type.
    pub fn msg_type(&self) -> u8 {
        self.buffer.as_ref()[field::TYPE]
    }
    /// Message code.
    pub fn code(&self) -> u8 {
        self.buffer.as_ref()[field::CODE]
    }
    /// Checksum as stored.
    pub fn checksum(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::CHECKSUM)
    }
    /// The 4 type-specific header bytes as one word.
    pub fn rest_of_header(&self) -> u32 {
        get_u32(self.buffer.as_ref(), field::REST)
    }
    /// Echo identifier (meaningful for echo request/reply).
    pub fn echo_ident(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::IDENT)
    }
    /// Echo sequence number (meaningful for echo request/reply).
    pub fn echo_seq_no(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::SEQ)
    }
    /// Data after the 8-byte header.
    pub fn data(&self) -> &[u8] {
        &self.buffer.as_ref()[HEADER_LEN..]
    }
    /// True when the checksum over the whole message verifies.
    pub fn verify_checksum(&self) -> bool {
        checksum::sum(self.buffer.as_ref()) == 0xFFFF
    }
    /// For error messages (destination unreachable, time exceeded): the quoted packet's
    /// addresses, protocol and, for TCP/UDP when present, ports. [`Error::Malformed`] for
    /// other types or a quoted header that is not IPv4; [`Error::Truncated`] when the quote
    /// is shorter than its header.
    pub fn quoted(&self) -> Result<Quoted> {
        if !matches!(self.msg_type(), TYPE_DST_UNREACHABLE | TYPE_TIME_EXCEEDED) {
            return Err(Error::Malformed);
        }
        Quoted::parse(self.data())
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Packet<T> {
    /// Sets the type.
    pub fn set_msg_type(&mut self, v: u8) {
        self.buffer.as_mut()[field::TYPE] = v;
    }
    /// Sets the code.
    pub fn set_code(&mut self, v: u8) {
        self.buffer.as_mut()[field::CODE] = v;
    }
    /// Sets the stored checksum.
    pub fn set_checksum(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::CHECKSUM, v);
    }
    /// Sets the rest-of-header word.
    pub fn set_rest_of_header(&mut self, v: u32) {
        put_u32(self.buffer.as_mut(), field::REST, v);
    }
    /// Sets the echo identifier and patches the checksum (RFC 1624).
    pub fn set_echo_ident_incremental(&mut self, v: u16) {
        let c = checksum::update16(self.checksum(), self.echo_ident(), v);
        put_u16(self.buffer.as_mut(), field::IDENT, v);
        self.set_checksum(c);
    }
    /// Data after the header, mutably.
    pub fn data_mut(&mut self) -> &mut [u8] {
        &mut self.buffer.as_mut()[HEADER_LEN..]
    }
    /// Recomputes the checksum over the whole buffer.
    pub fn fill_checksum(&mut self) {
        self.set_checksum(0);
        let c = checksum::checksum(self.buffer.as_ref());
        self.set_checksum(c);
    }
}

/// What an ICMP error quotes of the packet that caused it (RFC 792: IP header + 64 bits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Quoted {
    /// Source of the quoted packet (the host that receives the error).
    pub src_addr: Ipv4Addr,
    /// Destination of the quoted packet.
    pub dst_addr: Ipv4Addr,
    /// Protocol of the quoted packet.
    pub protocol: IpProtocol,
    /// (source, destination) ports when the quote holds a TCP/UDP header start.
    pub ports: Option<(u16, u16)>,
}

impl Quoted {
    fn parse(d: &[u8]) -> Result<Quoted> {
        if d.len() < crate::ipv4::HEADER_LEN {
            return Err(Error::Truncated);
        }
        let hl = usize::from(d[0] & 0x0F) * 4;
        if d[0] >> 4 != 4 || hl < crate::ipv4::HEADER_LEN {
            return Err(Error::Malformed);
        }
        if hl > d.len() {
            return Err(Error::Truncated);
        }
        let protocol = IpProtocol::from(d[9]);
        let ports = match (protocol, d.get(hl..hl + 4)) {
            (IpProtocol::Tcp | IpProtocol::Udp, Some(p)) => Some((get_u16(p, 0), get_u16(p, 2))),
            _ => None,
        };
        Ok(Quoted {
            src_addr: Ipv4Addr::new(d[12], d[13], d[14], d[15]),
            dst_addr: Ipv4Addr::new(d[16], d[17], d[18], d[19]),
            protocol,
            ports,
        })
    }
}

/// Parsed ICMP header (data stays in the buffer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Repr {
    /// Type 8.
    EchoRequest {
        /// Identifier.
        ident: u16,
        /// Sequence number.
        seq_no: u16,
    },
    /// Type 0.
    EchoReply {
        /// Identifier.
        ident: u16,
        /// Sequence number.
        seq_no: u16,
    },
    /// Type 3; the data is the quoted IPv4 header plus at least 8 bytes.
    DstUnreachable {
        /// Code (3 = port unreachable, 4 = fragmentation needed, ...).
        code: u8,
        /// Rest-of-header word (next-hop MTU for code 4, otherwise unused).
        rest: u32,
    },
    /// Type 11; data as for `DstUnreachable`.
    TimeExceeded {
        /// Code (0 = TTL exceeded in transit).
        code: u8,
    },
    /// Any other type, kept raw.
    Other {
        /// Type.
        msg_type: u8,
        /// Code.
        code: u8,
        /// Rest-of-header word.
        rest: u32,
    },
}

impl Repr {
    /// Reads the header of a checked view. Does not verify the checksum.
    pub fn parse<T: AsRef<[u8]>>(p: &Packet<T>) -> Result<Repr> {
        p.check_len()?;
        Ok(match (p.msg_type(), p.code()) {
            (TYPE_ECHO_REQUEST, 0) => Repr::EchoRequest {
                ident: p.echo_ident(),
                seq_no: p.echo_seq_no(),
            },
            (TYPE_ECHO_REPLY, 0) => Repr::EchoReply {
                ident: p.echo_ident(),
                seq_no: p.echo_seq_no(),
            },
            (TYPE_DST_UNREACHABLE, code) => Repr::DstUnreachable {
                code,
                rest: p.rest_of_header(),
            },
            (TYPE_TIME_EXCEEDED, code) if p.rest_of_header() == 0 => Repr::TimeExceeded { code },
            (msg_type, code) => Repr::Other {
                msg_type,
                code,
                rest: p.rest_of_header(),
            },
        })
    }

    /// (type, code, rest-of-header) on the wire.
    fn fields(&self) -> (u8, u8, u32) {
        let echo = |i: &u16, s: &u16| (u32::from(*i) << 16) | u32::from(*s);
        match self {
            Repr::EchoRequest { ident, seq_no } => (TYPE_ECHO_REQUEST, 0, echo(ident, seq_no)),
            Repr::EchoReply { ident, seq_no } => (TYPE_ECHO_REPLY, 0, echo(ident, seq_no)),
            Repr::DstUnreachable { code, rest } => (TYPE_DST_UNREACHABLE, *code, *rest),
            Repr::TimeExceeded { code } => (TYPE_TIME_EXCEEDED, *code, 0),
            Repr::Other {
                msg_type,
                code,
                rest,
            } => (*msg_type, *code, *rest),
        }
    }

    /// Bytes needed for header plus `data_len` data bytes.
    pub const fn buffer_len(&self, data_len: usize) -> usize {
        HEADER_LEN + data_len
    }

    /// Writes header and `data` into the first `buffer_len(data.len())` bytes and fills
    /// the checksum.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, p: &mut Packet<T>, data: &[u8]) {
        let b = &mut p.buffer.as_mut()[..HEADER_LEN + data.len()];
        let mut q = Packet::new_unchecked(b);
        let (t, c, rest) = self.fields();
        q.set_msg_type(t);
        q.set_code(c);
        q.set_rest_of_header(rest);
        q.data_mut().copy_from_slice(data);
        q.fill_checksum();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Echo request, ident 0x1234, seq 1, data "abcd"; checksum 0x2104 computed
    // independently (Python, RFC 1071).
    static ECHO: [u8; 12] = [
        0x08, 0x00, 0x21, 0x04, 0x12, 0x34, 0x00, 0x01, b'a', b'b', b'c', b'd',
    ];

    // Port unreachable quoting 10.0.0.1:5353 → 10.0.0.2:53 UDP (IP checksum 0x66c9,
    // ICMP checksum 0x54f0, both computed independently with Python).
    static UNREACH: [u8; 36] = [
        0x03, 0x03, 0x54, 0xf0, 0x00, 0x00, 0x00, 0x00, 0x45, 0x00, 0x00, 0x21, 0x00, 0x01, 0x00,
        0x00, 0x40, 0x11, 0x66, 0xc9, 0x0a, 0x00, 0x00, 0x01, 0x0a, 0x00, 0x00, 0x02, 0x14, 0xe9,
        0x00, 0x35, 0x00, 0x0d, 0x92, 0xe1,
    ];

    #[test]
    fn deconstruct() {
        let p = Packet::new_checked(&ECHO[..]).unwrap();
        assert_eq!((p.msg_type(), p.code(), p.checksum()), (8, 0, 0x2104));
        assert_eq!((p.echo_ident(), p.echo_seq_no()), (0x1234, 1));
        assert_eq!(p.data(), b"abcd");
        assert!(p.verify_checksum());
        assert_eq!(p.quoted().unwrap_err(), Error::Malformed);
    }

    #[test]
    fn construct() {
        let mut b = [0u8; 12];
        let mut p = Packet::new_unchecked(&mut b[..]);
        p.set_msg_type(8);
        p.set_code(0);
        p.set_rest_of_header(0x1234_0001);
        p.data_mut().copy_from_slice(b"abcd");
        p.fill_checksum();
        assert_eq!(b, ECHO);
    }

    #[test]
    fn parse() {
        let p = Packet::new_checked(&ECHO[..]).unwrap();
        assert_eq!(
            Repr::parse(&p).unwrap(),
            Repr::EchoRequest {
                ident: 0x1234,
                seq_no: 1
            }
        );
        let u = Packet::new_checked(&UNREACH[..]).unwrap();
        assert_eq!(
            Repr::parse(&u).unwrap(),
            Repr::DstUnreachable { code: 3, rest: 0 }
        );
    }

    #[test]
    fn emit() {
        let mut b = [0u8; 12];
        Repr::EchoRequest {
            ident: 0x1234,
            seq_no: 1,
        }
        .emit(&mut Packet::new_unchecked(&mut b[..]), b"abcd");
        assert_eq!(b, ECHO);
        let mut u = [0u8; 36];
        Repr::DstUnreachable { code: 3, rest: 0 }
            .emit(&mut Packet::new_unchecked(&mut u[..]), &UNREACH[8..]);
        assert_eq!(u, UNREACH);
    }

    #[test]
    fn quoted_header() {
        let u = Packet::new_checked(&UNREACH[..]).unwrap();
        assert!(u.verify_checksum());
        let q = u.quoted().unwrap();
        assert_eq!(q.src_addr, Ipv4Addr::new(10, 0, 0, 1));
        assert_eq!(q.dst_addr, Ipv4Addr::new(10, 0, 0, 2));
        assert_eq!(q.protocol, IpProtocol::Udp);
        assert_eq!(q.ports, Some((5353, 53)));
        // A quote cut inside the ports still yields the addresses.
        let cut = Packet::new_checked(&UNREACH[..30]).unwrap();
        assert_eq!(cut.quoted().unwrap().ports, None);
        let short = Packet::new_checked(&UNREACH[..20]).unwrap();
        assert_eq!(short.quoted().unwrap_err(), Error::Truncated);
    }

    #[test]
    fn incremental_ident() {
        let mut b = ECHO;
        let mut p = Packet::new_checked(&mut b[..]).unwrap();
        p.set_echo_ident_incremental(0xBEEF);
        assert!(p.verify_checksum());
        assert_eq!(
            Packet::new_checked(&ECHO[..7]).unwrap_err(),
            Error::Truncated
        );
    }

    proptest::proptest! {
        #[test]
        fn never_panics(data in proptest::collection::vec(proptest::num::u8::ANY, 0..64)) {
            if let Ok(p) = Packet::new_checked(&data[..]) {
                let _ = (p.quoted(), p.verify_checksum(), p.rest_of_header());
                let r = Repr::parse(&p).unwrap();
                let mut out = vec![0u8; r.buffer_len(p.data().len())];
                r.emit(&mut Packet::new_unchecked(&mut out[..]), p.data());
                let q = Packet::new_checked(&out[..]).unwrap();
                proptest::prop_assert_eq!(Repr::parse(&q).unwrap(), r);
                proptest::prop_assert!(q.verify_checksum());
            }
        }
    }
}
