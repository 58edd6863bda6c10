//! Five-tuple flow keys and a direction-symmetric flow hash.
//!
//! # Symmetric hash construction
//!
//! [`FlowKey::symmetric_hash`] is the IEEE CRC-32 ([`crate::crc::crc32`]) over the 13-byte
//! string `lo_addr ‖ hi_addr ‖ lo_port ‖ hi_port ‖ protocol`, where `(lo, hi)` are the two
//! endpoints `(addr, port)` ordered by address, then port. Both directions of a connection
//! order to the same string, hence hash to the same value.
//!
//! Why this and not the alternatives:
//!
//! * XOR-folding (`crc(src ^ dst, sport ^ dport)`) is symmetric but maps every pair of
//!   endpoints with the same XOR to one value, e.g. all flows between `a` and `a ^ m` for
//!   any `m`, which clusters real address plans;
//! * `min(h(a, b), h(b, a))` is symmetric but skews the output towards small values, which
//!   breaks hash-range load splitting (CoMb assigns work by hash ranges);
//! * canonical ordering keeps CRC-32's uniform output and its collision behaviour equals
//!   that of the plain five-tuple hash.
//!
//! A switch computes it: in one stage a gateway (or a ternary table on the sign bit of
//! `src_addr - dst_addr` computed by the action ALU a stage earlier, with a second compare
//! of the ports for equal addresses) decides the order; the hash unit is configured with
//! the two field lists `(src, dst, sport, dport, proto)` and `(dst, src, dport, sport,
//! proto)`, and the chosen action reads the matching one. Both are standard CRC-32 hash
//! field lists on Tofino and BMv2 (`hash(..., HashAlgorithm.crc32, ...)`), so the value the
//! switch computes is bit-identical to this function.

use crate::crc::{crc16, crc32};
use crate::headers::{FrameError, Headers, Network, Transport, parse_frame};
use crate::icmp;
use crate::ipv4::IpProtocol;
use core::fmt;
use std::net::Ipv4Addr;

/// A transport five-tuple. For ICMP echo request/reply the identifier stands in for both
/// ports, so a request and its reply have reversed-equal keys; other ICMP messages and other
/// IP protocols have ports 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FlowKey {
    /// Source address.
    pub src_addr: Ipv4Addr,
    /// Destination address.
    pub dst_addr: Ipv4Addr,
    /// Source port (ICMP echo: identifier).
    pub src_port: u16,
    /// Destination port (ICMP echo: identifier).
    pub dst_port: u16,
    /// IP protocol.
    pub protocol: IpProtocol,
}

impl FlowKey {
    /// The key of the opposite direction.
    pub fn reversed(&self) -> FlowKey {
        FlowKey {
            src_addr: self.dst_addr,
            dst_addr: self.src_addr,
            src_port: self.dst_port,
            dst_port: self.src_port,
            protocol: self.protocol,
        }
    }

    /// The key with endpoints in canonical order (lower `(addr, port)` first); equal for
    /// both directions of a connection.
    pub fn canonical(&self) -> FlowKey {
        if (self.src_addr, self.src_port) <= (self.dst_addr, self.dst_port) {
            *self
        } else {
            self.reversed()
        }
    }

    /// True when this key is already in canonical order (the "client side" is lower).
    pub fn is_canonical(&self) -> bool {
        (self.src_addr, self.src_port) <= (self.dst_addr, self.dst_port)
    }

    /// The 13-byte wire form `src ‖ dst ‖ sport ‖ dport ‖ proto` (network byte order): the
    /// field list a P4 program hashes.
    pub fn to_bytes(&self) -> [u8; 13] {
        let mut b = [0u8; 13];
        b[0..4].copy_from_slice(&self.src_addr.octets());
        b[4..8].copy_from_slice(&self.dst_addr.octets());
        b[8..10].copy_from_slice(&self.src_port.to_be_bytes());
        b[10..12].copy_from_slice(&self.dst_port.to_be_bytes());
        b[12] = self.protocol.into();
        b
    }

    /// CRC-32 of [`FlowKey::to_bytes`]: direction-sensitive.
    pub fn hash(&self) -> u32 {
        crc32(&self.to_bytes())
    }

    /// CRC-32 over the canonically ordered key: the same for both directions. See the
    /// module documentation for the construction.
    pub fn symmetric_hash(&self) -> u32 {
        crc32(&self.canonical().to_bytes())
    }

    /// CRC-16 (P4 `crc16`) over the canonically ordered key, for 16-bit register indices.
    pub fn symmetric_hash16(&self) -> u16 {
        crc16(&self.canonical().to_bytes())
    }

    /// Extracts the key from parsed headers. `None` for non-IPv4 frames and IPv4
    /// fragments (whose L4 header is absent or incomplete).
    pub fn from_headers(h: &Headers<'_>) -> Option<FlowKey> {
        let Network::Ipv4 { ip, transport } = &h.network else {
            return None;
        };
        let (src_port, dst_port) = match transport {
            Transport::Tcp(t) => (t.src_port(), t.dst_port()),
            Transport::Udp(u) => (u.src_port(), u.dst_port()),
            Transport::Icmp(i) => match i.msg_type() {
                icmp::TYPE_ECHO_REQUEST | icmp::TYPE_ECHO_REPLY => (i.echo_ident(), i.echo_ident()),
                _ => (0, 0),
            },
            Transport::Fragment => return None,
            Transport::Other(_) => (0, 0),
        };
        Some(FlowKey {
            src_addr: ip.src_addr(),
            dst_addr: ip.dst_addr(),
            src_port,
            dst_port,
            protocol: ip.protocol(),
        })
    }

    /// The key of the packet an ICMP error quotes, i.e. the flow the error belongs to (as
    /// a connection tracker needs it). Ports are 0 when the quote holds none.
    pub fn from_icmp_quote(q: &icmp::Quoted) -> FlowKey {
        let (src_port, dst_port) = q.ports.unwrap_or((0, 0));
        FlowKey {
            src_addr: q.src_addr,
            dst_addr: q.dst_addr,
            src_port,
            dst_port,
            protocol: q.protocol,
        }
    }

    /// Parses `frame` and extracts its key (see [`FlowKey::from_headers`]).
    pub fn from_frame(frame: &[u8]) -> Result<Option<FlowKey>, FrameError> {
        Ok(Self::from_headers(&parse_frame(frame)?))
    }
}

impl fmt::Display for FlowKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}:{} > {}:{}",
            self.protocol, self.src_addr, self.src_port, self.dst_addr, self.dst_port
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::{self, L3};
    use crate::ethernet::MacAddr;
    use crate::{tcp, udp};

    fn key() -> FlowKey {
        FlowKey {
            src_addr: Ipv4Addr::new(198, 18, 0, 5),
            dst_addr: Ipv4Addr::new(198, 19, 0, 1),
            src_port: 40000,
            dst_port: 80,
            protocol: IpProtocol::Tcp,
        }
    }

    fn l3() -> L3 {
        L3 {
            src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
            dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
            vlan: None,
            src: Ipv4Addr::new(198, 18, 0, 5),
            dst: Ipv4Addr::new(198, 19, 0, 1),
            ttl: 64,
            ident: 0,
        }
    }

    #[test]
    fn wire_form_and_hash() {
        let b = key().to_bytes();
        assert_eq!(b, [198, 18, 0, 5, 198, 19, 0, 1, 0x9c, 0x40, 0x00, 0x50, 6]);
        assert_eq!(key().hash(), crc32(&b));
        assert_eq!(key().symmetric_hash(), crc32(&b), "already canonical");
        let r = key().reversed();
        assert_eq!(r.src_addr, Ipv4Addr::new(198, 19, 0, 1));
        assert_eq!((r.src_port, r.dst_port), (80, 40000));
        assert_ne!(r.hash(), key().hash());
        assert_eq!(r.symmetric_hash(), key().symmetric_hash());
        assert_eq!(r.symmetric_hash16(), crc16(&b));
        assert_eq!(key().to_string(), "TCP 198.18.0.5:40000 > 198.19.0.1:80");
    }

    #[test]
    fn same_address_orders_by_port() {
        let k = FlowKey {
            dst_addr: Ipv4Addr::new(198, 18, 0, 5),
            ..key()
        };
        assert_eq!(k.canonical().src_port, 80);
        assert_eq!(k.symmetric_hash(), k.reversed().symmetric_hash());
    }

    #[test]
    fn from_frames() {
        let t = tcp::Repr {
            src_port: 40000,
            dst_port: 80,
            seq_number: 0,
            ack_number: 0,
            flags: tcp::TcpFlags::SYN,
            window: 1,
            urgent: 0,
            options: Default::default(),
        };
        assert_eq!(
            FlowKey::from_frame(&build::tcp_frame(&l3(), &t, b"")).unwrap(),
            Some(key())
        );
        let u = build::udp_frame(
            &l3(),
            &udp::Repr {
                src_port: 1,
                dst_port: 2,
            },
            b"",
        );
        let k = FlowKey::from_frame(&u).unwrap().unwrap();
        assert_eq!(
            (k.protocol, k.src_port, k.dst_port),
            (IpProtocol::Udp, 1, 2)
        );
        let req = build::icmp_frame(
            &l3(),
            &icmp::Repr::EchoRequest {
                ident: 77,
                seq_no: 1,
            },
            b"",
        );
        let rep = build::icmp_frame(
            &l3().reversed(),
            &icmp::Repr::EchoReply {
                ident: 77,
                seq_no: 1,
            },
            b"",
        );
        let kq = FlowKey::from_frame(&req).unwrap().unwrap();
        let kp = FlowKey::from_frame(&rep).unwrap().unwrap();
        assert_eq!((kq.src_port, kq.dst_port), (77, 77));
        assert_eq!(kq.reversed(), kp);
        assert!(FlowKey::from_frame(&[0u8; 5]).is_err());
        let mut arp = vec![0xff; 12];
        arp.extend_from_slice(&[0x08, 0x06]);
        assert_eq!(FlowKey::from_frame(&arp).unwrap(), None);
    }

    #[test]
    fn icmp_error_belongs_to_quoted_flow() {
        let f = include_bytes!("../fuzz/seeds/parse_frame/icmp_unreach.bin");
        let h = parse_frame(f).unwrap();
        let q = h.icmp().unwrap().quoted().unwrap();
        let k = FlowKey::from_icmp_quote(&q);
        // The seed quotes a UDP datagram 10.0.0.2:5353 → 10.0.0.1:53 sent the other way.
        let expected = FlowKey {
            src_addr: Ipv4Addr::new(10, 0, 0, 2),
            dst_addr: Ipv4Addr::new(10, 0, 0, 1),
            src_port: 5353,
            dst_port: 53,
            protocol: IpProtocol::Udp,
        };
        assert_eq!(k, expected);
        let outer = FlowKey::from_headers(&h).unwrap();
        assert_eq!(
            (outer.src_port, outer.dst_port, outer.protocol),
            (0, 0, IpProtocol::Icmp)
        );
    }

    proptest::proptest! {
        #[test]
        fn symmetric(s in proptest::num::u32::ANY, d in proptest::num::u32::ANY,
                     sp in proptest::num::u16::ANY, dp in proptest::num::u16::ANY, p in proptest::num::u8::ANY) {
            let k = FlowKey { src_addr: s.into(), dst_addr: d.into(), src_port: sp, dst_port: dp, protocol: p.into() };
            proptest::prop_assert_eq!(k.symmetric_hash(), k.reversed().symmetric_hash());
            proptest::prop_assert_eq!(k.symmetric_hash16(), k.reversed().symmetric_hash16());
            proptest::prop_assert_eq!(k.reversed().reversed(), k);
            proptest::prop_assert!(k.canonical().is_canonical());
        }
    }
}
