//! The Gallium transfer header (Tandem's design; the paper leaves it open, §4.3).
//!
//! It travels between the switch and the middlebox server, right after the
//! Ethernet header (EtherType [`ETHER_TYPE`]), and says where the program's
//! execution stopped and which SSA values the other side needs to continue.
//!
//! ```text
//!  0        1        2        3        4        5        6        7        8        9
//! +--------+--------+--------+--------+--------+--------+--------+--------+--------+--------+
//! | version|  kind  |      point      |     in_port     |   ether_type    |   values_len    |
//! +--------+--------+--------+--------+--------+--------+--------+--------+--------+--------+
//! | values (values_len bytes, big-endian, laid out per point by the compiler) ...
//! ```
//!
//! * `version` = [`VERSION`];
//! * `kind`: 0 = switch → server (execution stopped at punt point `point`),
//!   1 = server → switch (post-processing resumes at resume point `point`);
//! * `in_port`: the port the packet entered the switch on (the server program
//!   reads `in_port`, and the switch's post-processing needs it too);
//! * `ether_type`: the EtherType this header displaced (restored when it is removed);
//! * `values`: the live values, each scalar at the byte offset and width the
//!   compiler's transfer layout gives for `point` (`docs/GALLIUM.md`).

use crate::{Error, Result, get_u16, put_u16};

mod field {
    pub const VERSION: usize = 0;
    pub const KIND: usize = 1;
    pub const POINT: usize = 2;
    pub const IN_PORT: usize = 4;
    pub const ETHER_TYPE: usize = 6;
    pub const VALUES_LEN: usize = 8;
}

/// Length of the fixed part of the header.
pub const HEADER_LEN: usize = 10;
/// The header's version.
pub const VERSION: u8 = 1;
/// EtherType announcing a transfer header (IEEE 802 local experimental 2).
pub const ETHER_TYPE: u16 = 0x88B6;

/// Direction of a transfer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Switch pre-processing stopped; the server continues.
    ToServer,
    /// The server is done; switch post-processing continues.
    ToSwitch,
}

impl Kind {
    fn from_byte(b: u8) -> Option<Kind> {
        match b {
            0 => Some(Kind::ToServer),
            1 => Some(Kind::ToSwitch),
            _ => None,
        }
    }

    fn to_byte(self) -> u8 {
        match self {
            Kind::ToServer => 0,
            Kind::ToSwitch => 1,
        }
    }
}

/// A view of a transfer header.
#[derive(Debug, Clone)]
pub struct Packet<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> Packet<T> {
    /// Wraps a buffer without checking its length.
    pub fn new_unchecked(buffer: T) -> Packet<T> {
        Packet { buffer }
    }

    /// Wraps a buffer, checking that the fixed part and the values fit.
    pub fn new_checked(buffer: T) -> Result<Packet<T>> {
        let p = Packet::new_unchecked(buffer);
        p.check_len()?;
        Ok(p)
    }

    /// Checks that the buffer holds the fixed part and `values_len` bytes of values.
    pub fn check_len(&self) -> Result<()> {
        let len = self.buffer.as_ref().len();
        if len < HEADER_LEN || len < HEADER_LEN + usize::from(self.values_len()) {
            Err(Error::Truncated)
        } else {
            Ok(())
        }
    }

    /// Returns the underlying buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The version byte.
    pub fn version(&self) -> u8 {
        self.buffer.as_ref()[field::VERSION]
    }

    /// The raw kind byte.
    pub fn kind_byte(&self) -> u8 {
        self.buffer.as_ref()[field::KIND]
    }

    /// The punt or resume point.
    pub fn point(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::POINT)
    }

    /// The ingress port of the packet.
    pub fn in_port(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::IN_PORT)
    }

    /// The displaced EtherType.
    pub fn ether_type(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::ETHER_TYPE)
    }

    /// Length of the values in bytes.
    pub fn values_len(&self) -> u16 {
        let b = self.buffer.as_ref();
        if b.len() < HEADER_LEN {
            return 0;
        }
        get_u16(b, field::VALUES_LEN)
    }

    /// The values.
    pub fn values(&self) -> &[u8] {
        let end = HEADER_LEN + usize::from(self.values_len());
        &self.buffer.as_ref()[HEADER_LEN..end]
    }

    /// Header length including the values.
    pub fn header_len(&self) -> usize {
        HEADER_LEN + usize::from(self.values_len())
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Packet<T> {
    /// Sets the version byte.
    pub fn set_version(&mut self, v: u8) {
        self.buffer.as_mut()[field::VERSION] = v;
    }

    /// Sets the kind.
    pub fn set_kind(&mut self, k: Kind) {
        self.buffer.as_mut()[field::KIND] = k.to_byte();
    }

    /// Sets the point.
    pub fn set_point(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::POINT, v);
    }

    /// Sets the ingress port.
    pub fn set_in_port(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::IN_PORT, v);
    }

    /// Sets the displaced EtherType.
    pub fn set_ether_type(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::ETHER_TYPE, v);
    }

    /// Sets the values length (voids the length check until `check_len` runs again).
    pub fn set_values_len(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::VALUES_LEN, v);
    }

    /// The values, mutable.
    pub fn values_mut(&mut self) -> &mut [u8] {
        let end = HEADER_LEN + usize::from(self.values_len());
        &mut self.buffer.as_mut()[HEADER_LEN..end]
    }
}

/// A parsed transfer header.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Repr<'a> {
    /// Direction.
    pub kind: Kind,
    /// Punt point (to server) or resume point (to switch).
    pub point: u16,
    /// Ingress port of the packet.
    pub in_port: u16,
    /// The displaced EtherType.
    pub ether_type: u16,
    /// The live values, as laid out by the compiler for `point`.
    pub values: &'a [u8],
}

impl<'a> Repr<'a> {
    /// Parses a checked view; refuses unknown versions and kinds.
    pub fn parse<T: AsRef<[u8]> + ?Sized>(p: &'a Packet<&'a T>) -> Result<Repr<'a>> {
        p.check_len()?;
        if p.version() != VERSION {
            return Err(Error::Malformed);
        }
        let kind = Kind::from_byte(p.kind_byte()).ok_or(Error::Malformed)?;
        let buf: &'a [u8] = p.buffer.as_ref();
        let end = HEADER_LEN + usize::from(p.values_len());
        Ok(Repr {
            kind,
            point: p.point(),
            in_port: p.in_port(),
            ether_type: p.ether_type(),
            values: &buf[HEADER_LEN..end],
        })
    }

    /// Bytes `emit` writes. Values longer than 65535 bytes cannot be represented;
    /// [`Repr::emit`] refuses them.
    pub fn buffer_len(&self) -> usize {
        HEADER_LEN + self.values.len()
    }

    /// Writes the header; fails (writing nothing) if the buffer is shorter than
    /// `buffer_len()` or the values do not fit the 16-bit length.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, p: &mut Packet<T>) -> Result<()> {
        let len = u16::try_from(self.values.len()).map_err(|_| Error::Malformed)?;
        if p.buffer.as_ref().len() < self.buffer_len() {
            return Err(Error::Truncated);
        }
        p.set_version(VERSION);
        p.set_kind(self.kind);
        p.set_point(self.point);
        p.set_in_port(self.in_port);
        p.set_ether_type(self.ether_type);
        p.set_values_len(len);
        p.values_mut().copy_from_slice(self.values);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    // kind 0, point 3, in_port 1, EtherType IPv4, 6 bytes of values.
    static BYTES: [u8; 16] = [
        0x01, 0x00, 0x00, 0x03, 0x00, 0x01, 0x08, 0x00, 0x00, 0x06, 0x04, 0x00, 0xc6, 0x33, 0x64,
        0x01,
    ];
    static VALUES: [u8; 6] = [0x04, 0x00, 0xc6, 0x33, 0x64, 0x01];

    #[test]
    fn deconstruct() {
        let p = Packet::new_checked(&BYTES[..]).expect("long enough");
        assert_eq!(p.version(), 1);
        assert_eq!(p.kind_byte(), 0);
        assert_eq!(p.point(), 3);
        assert_eq!(p.in_port(), 1);
        assert_eq!(p.ether_type(), 0x0800);
        assert_eq!(p.values_len(), 6);
        assert_eq!(p.values(), &VALUES[..]);
        assert_eq!(p.header_len(), 16);
    }

    #[test]
    fn construct() {
        let mut buf = [0u8; 16];
        let mut p = Packet::new_unchecked(&mut buf[..]);
        p.set_version(1);
        p.set_kind(Kind::ToServer);
        p.set_point(3);
        p.set_in_port(1);
        p.set_ether_type(0x0800);
        p.set_values_len(6);
        p.values_mut().copy_from_slice(&VALUES);
        assert_eq!(buf, BYTES);
    }

    #[test]
    fn parse() {
        let p = Packet::new_unchecked(&BYTES[..]);
        let r = Repr::parse(&p).expect("valid");
        assert_eq!(
            r,
            Repr {
                kind: Kind::ToServer,
                point: 3,
                in_port: 1,
                ether_type: 0x0800,
                values: &VALUES,
            }
        );
    }

    #[test]
    fn emit() {
        let r = Repr {
            kind: Kind::ToServer,
            point: 3,
            in_port: 1,
            ether_type: 0x0800,
            values: &VALUES,
        };
        assert_eq!(r.buffer_len(), 16);
        let mut buf = [0u8; 16];
        r.emit(&mut Packet::new_unchecked(&mut buf[..]))
            .expect("fits");
        assert_eq!(buf, BYTES);
        let mut short = [0u8; 15];
        assert_eq!(
            r.emit(&mut Packet::new_unchecked(&mut short[..])),
            Err(Error::Truncated)
        );
    }

    #[test]
    fn refuses_truncated_values_and_unknown_kind() {
        assert_eq!(
            Packet::new_checked(&BYTES[..15]).err(),
            Some(Error::Truncated)
        );
        let mut bad = BYTES;
        bad[1] = 7;
        let p = Packet::new_unchecked(&bad[..]);
        assert_eq!(Repr::parse(&p), Err(Error::Malformed));
        bad[1] = 0;
        bad[0] = 2;
        let p = Packet::new_unchecked(&bad[..]);
        assert_eq!(Repr::parse(&p), Err(Error::Malformed));
    }

    proptest! {
        #[test]
        fn parse_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
            if let Ok(p) = Packet::new_checked(&bytes[..]) {
                let _ = p.values();
                let _ = Repr::parse(&p);
            }
        }

        #[test]
        fn round_trip(to_switch: bool, point: u16, in_port: u16, et: u16,
                      values in proptest::collection::vec(any::<u8>(), 0..40)) {
            let r = Repr {
                kind: if to_switch { Kind::ToSwitch } else { Kind::ToServer },
                point,
                in_port,
                ether_type: et,
                values: &values,
            };
            let mut buf = vec![0u8; r.buffer_len()];
            r.emit(&mut Packet::new_unchecked(&mut buf[..])).expect("fits");
            let p = Packet::new_checked(&buf[..]).expect("emitted");
            prop_assert_eq!(Repr::parse(&p).expect("parses"), r);
        }
    }
}
