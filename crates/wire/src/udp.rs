//! UDP (RFC 768): header view, `Repr`, checksum with the zero-means-none rule, incremental
//! port/address rewrites.

use crate::{Error, Result, checksum, get_u16, put_u16};
use std::net::Ipv4Addr;

mod field {
    pub const SRC_PORT: usize = 0;
    pub const DST_PORT: usize = 2;
    pub const LENGTH: usize = 4;
    pub const CHECKSUM: usize = 6;
}

/// Length of the UDP header.
pub const HEADER_LEN: usize = 8;
const PROTO: u8 = 17;

/// Maps a computed checksum to its wire form: 0 is sent as 0xFFFF, because a zero field
/// means "no checksum" (RFC 768).
fn wire_form(c: u16) -> u16 {
    if c == 0 { 0xFFFF } else { c }
}

/// A view of a UDP datagram. `check_len` guarantees `8 <= length <= buffer length`;
/// bytes past `length` are ignored by [`Packet::payload`] and the checksum.
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
    /// Checks the header and length field against the buffer.
    pub fn check_len(&self) -> Result<()> {
        let len = self.buffer.as_ref().len();
        if len < HEADER_LEN {
            return Err(Error::Truncated);
        }
        let l = usize::from(self.len());
        if l < HEADER_LEN {
            Err(Error::Malformed)
        } else if l > len {
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
    /// Length field (header + payload).
    pub fn len(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::LENGTH)
    }
    /// True when the length field says there is no payload.
    pub fn is_empty(&self) -> bool {
        usize::from(self.len()) <= HEADER_LEN
    }
    /// Checksum as stored (0 = none).
    pub fn checksum(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::CHECKSUM)
    }
    /// Payload: bytes 8..length.
    pub fn payload(&self) -> &[u8] {
        &self.buffer.as_ref()[HEADER_LEN..usize::from(self.len())]
    }
    /// True when the checksum is absent (0) or verifies under the pseudo-header.
    pub fn verify_checksum(&self, src: Ipv4Addr, dst: Ipv4Addr) -> bool {
        if self.checksum() == 0 {
            return true;
        }
        let l = self.len();
        let data = &self.buffer.as_ref()[..usize::from(l)];
        checksum::add(
            checksum::pseudo_header_sum(src, dst, PROTO, l),
            checksum::sum(data),
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
    /// Sets the length field.
    pub fn set_len(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::LENGTH, v);
    }
    /// Sets the stored checksum.
    pub fn set_checksum(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::CHECKSUM, v);
    }
    /// Payload, mutably.
    pub fn payload_mut(&mut self) -> &mut [u8] {
        let l = usize::from(self.len());
        &mut self.buffer.as_mut()[HEADER_LEN..l]
    }
    /// Computes the checksum over bytes `..length` under the pseudo-header.
    pub fn fill_checksum(&mut self, src: Ipv4Addr, dst: Ipv4Addr) {
        self.set_checksum(0);
        let l = usize::from(self.len());
        let c = checksum::l4_checksum(src, dst, PROTO, &self.buffer.as_ref()[..l]);
        self.set_checksum(wire_form(c));
    }
    /// Patches a present checksum for a 16-bit change; an absent one (0) stays absent.
    fn patch16(&mut self, old: u16, new: u16) {
        let c = self.checksum();
        if c != 0 {
            self.set_checksum(wire_form(checksum::update16(c, old, new)));
        }
    }
    /// Sets the source port and patches the checksum (RFC 1624).
    pub fn set_src_port_incremental(&mut self, v: u16) {
        self.patch16(self.src_port(), v);
        self.set_src_port(v);
    }
    /// Sets the destination port and patches the checksum (RFC 1624).
    pub fn set_dst_port_incremental(&mut self, v: u16) {
        self.patch16(self.dst_port(), v);
        self.set_dst_port(v);
    }
    /// Patches the checksum for an IPv4 address change in the pseudo-header.
    pub fn update_checksum_for_addr(&mut self, old: Ipv4Addr, new: Ipv4Addr) {
        let (o, n) = (u32::from(old), u32::from(new));
        self.patch16((o >> 16) as u16, (n >> 16) as u16);
        self.patch16(o as u16, n as u16);
    }
}

/// Parsed UDP header (the payload stays in the buffer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Repr {
    /// Source port.
    pub src_port: u16,
    /// Destination port.
    pub dst_port: u16,
}

impl Repr {
    /// Reads the header of a checked view. Does not verify the checksum.
    pub fn parse<T: AsRef<[u8]>>(p: &Packet<T>) -> Result<Repr> {
        p.check_len()?;
        Ok(Repr {
            src_port: p.src_port(),
            dst_port: p.dst_port(),
        })
    }
    /// Bytes needed for header plus `payload_len` payload bytes.
    pub const fn buffer_len(&self, payload_len: usize) -> usize {
        HEADER_LEN + payload_len
    }
    /// Writes header and payload into the first `buffer_len(payload.len())` bytes and fills
    /// the checksum. Payloads over 65527 bytes saturate the length field.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(
        &self,
        p: &mut Packet<T>,
        payload: &[u8],
        src: Ipv4Addr,
        dst: Ipv4Addr,
    ) {
        let total = HEADER_LEN + payload.len();
        let b = &mut p.buffer.as_mut()[..total];
        b[HEADER_LEN..].copy_from_slice(payload);
        let mut q = Packet::new_unchecked(b);
        q.set_src_port(self.src_port);
        q.set_dst_port(self.dst_port);
        q.set_len(u16::try_from(total).unwrap_or(u16::MAX));
        q.fill_checksum(src, dst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // 10.0.0.1:5353 → 10.0.0.2:53, payload "hello"; checksum 0x92e1 computed independently
    // (Python, RFC 1071 over pseudo-header and datagram).
    static DATAGRAM: [u8; 13] = [
        0x14, 0xe9, 0x00, 0x35, 0x00, 0x0d, 0x92, 0xe1, b'h', b'e', b'l', b'l', b'o',
    ];
    const SRC: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 1);
    const DST: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 2);

    #[test]
    fn deconstruct() {
        let p = Packet::new_checked(&DATAGRAM[..]).unwrap();
        assert_eq!(
            (p.src_port(), p.dst_port(), p.len(), p.checksum()),
            (5353, 53, 13, 0x92e1)
        );
        assert_eq!(p.payload(), b"hello");
        assert!(p.verify_checksum(SRC, DST));
        assert!(!p.verify_checksum(DST, DST));
    }

    #[test]
    fn construct() {
        let mut b = [0u8; 13];
        let mut p = Packet::new_unchecked(&mut b[..]);
        p.set_src_port(5353);
        p.set_dst_port(53);
        p.set_len(13);
        p.payload_mut().copy_from_slice(b"hello");
        p.fill_checksum(SRC, DST);
        assert_eq!(b, DATAGRAM);
    }

    #[test]
    fn parse() {
        let r = Repr::parse(&Packet::new_checked(&DATAGRAM[..]).unwrap()).unwrap();
        assert_eq!(
            r,
            Repr {
                src_port: 5353,
                dst_port: 53
            }
        );
    }

    #[test]
    fn emit() {
        let r = Repr {
            src_port: 5353,
            dst_port: 53,
        };
        let mut b = [0u8; 13];
        r.emit(&mut Packet::new_unchecked(&mut b[..]), b"hello", SRC, DST);
        assert_eq!(b, DATAGRAM);
    }

    #[test]
    fn zero_checksum_means_none() {
        let mut b = DATAGRAM;
        b[6] = 0;
        b[7] = 0;
        let mut p = Packet::new_checked(&mut b[..]).unwrap();
        assert!(p.verify_checksum(SRC, DST));
        p.set_src_port_incremental(1);
        assert_eq!(p.checksum(), 0);
    }

    #[test]
    fn bad_lengths() {
        assert_eq!(
            Packet::new_checked(&DATAGRAM[..7]).unwrap_err(),
            Error::Truncated
        );
        assert_eq!(
            Packet::new_checked(&DATAGRAM[..12]).unwrap_err(),
            Error::Truncated
        );
        let mut b = DATAGRAM;
        b[5] = 7;
        assert_eq!(Packet::new_checked(&b[..]).unwrap_err(), Error::Malformed);
    }

    proptest::proptest! {
        #[test]
        fn never_panics(data in proptest::collection::vec(proptest::num::u8::ANY, 0..40)) {
            if let Ok(mut p) = Packet::new_checked(data.clone()) {
                let _ = (p.payload().len(), p.verify_checksum(SRC, DST), p.is_empty());
                p.set_dst_port_incremental(7);
                p.update_checksum_for_addr(SRC, DST);
                p.payload_mut();
            }
        }

        /// Port and address rewrites: incremental == full recomputation (in wire form).
        #[test]
        fn incremental_equals_full(sp in proptest::num::u16::ANY, nsp in proptest::num::u16::ANY,
                                   ndp in proptest::num::u16::ANY, naddr in proptest::num::u32::ANY,
                                   payload in proptest::collection::vec(proptest::num::u8::ANY, 0..40)) {
            let r = Repr { src_port: sp, dst_port: 53 };
            let mut b = vec![0u8; r.buffer_len(payload.len())];
            let mut p = Packet::new_unchecked(&mut b[..]);
            r.emit(&mut p, &payload, SRC, DST);
            p.set_src_port_incremental(nsp);
            p.set_dst_port_incremental(ndp);
            p.update_checksum_for_addr(SRC, naddr.into());
            let inc = p.checksum();
            p.fill_checksum(naddr.into(), DST);
            proptest::prop_assert_eq!(inc, p.checksum());
        }
    }
}
