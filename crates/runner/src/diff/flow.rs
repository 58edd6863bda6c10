//! The flow a packet out belongs to, for [`crate::diff`]: the unit within
//! which the two runs must agree on order.

use core::fmt;

use wire::headers::{Network, Transport};
use wire::{FlowKey, IpProtocol, Ipv4Addr};

/// A packet's flow: its IPv4 five-tuple, or for anything else its
/// EtherType.
///
/// IPv4 fragments (no transport header to read) are keyed by addresses and
/// protocol with ports 0; frames that do not parse (a runt, a truncated
/// header) by the EtherType bytes they have, `None` when they are shorter
/// than an Ethernet header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Flow {
    /// An IPv4 packet's five-tuple (see [`FlowKey`]).
    Ip(FlowKey),
    /// Any other frame, by EtherType.
    Other(Option<u16>),
}

impl Flow {
    /// The flow of `frame` (never fails: what does not parse has a fallback key).
    pub fn of(frame: &[u8]) -> Flow {
        let Ok(h) = wire::parse_frame(frame) else {
            return Flow::Other(ethertype(frame));
        };
        if let Network::Ipv4 {
            ip,
            transport: Transport::Fragment,
        } = &h.network
        {
            return Flow::Ip(FlowKey {
                src_addr: ip.src_addr(),
                dst_addr: ip.dst_addr(),
                src_port: 0,
                dst_port: 0,
                protocol: ip.protocol(),
            });
        }
        match FlowKey::from_headers(&h) {
            Some(k) => Flow::Ip(k),
            None => Flow::Other(ethertype(frame)),
        }
    }

    /// For tests and benchmarks: a TCP flow.
    pub fn tcp(src: [u8; 4], sport: u16, dst: [u8; 4], dport: u16) -> Flow {
        Flow::Ip(FlowKey {
            src_addr: Ipv4Addr::from(src),
            dst_addr: Ipv4Addr::from(dst),
            src_port: sport,
            dst_port: dport,
            protocol: IpProtocol::Tcp,
        })
    }
}

/// The outer EtherType bytes, if the frame has them.
fn ethertype(frame: &[u8]) -> Option<u16> {
    match frame.get(12..14) {
        Some(&[a, b]) => Some(u16::from_be_bytes([a, b])),
        _ => None,
    }
}

impl fmt::Display for Flow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Flow::Ip(k) => write!(f, "{k}"),
            Flow::Other(Some(t)) => write!(f, "ethertype {t:#06x}"),
            Flow::Other(None) => write!(f, "runt"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wire::build::{L3, tcp_frame};
    use wire::{MacAddr, TcpFlags, tcp};

    fn syn(sport: u16) -> Vec<u8> {
        let l3 = L3 {
            src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
            dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
            vlan: None,
            src: [198, 18, 0, 1].into(),
            dst: [198, 19, 0, 1].into(),
            ttl: 64,
            ident: 1,
        };
        let t = tcp::Repr {
            src_port: sport,
            dst_port: 80,
            seq_number: 1,
            ack_number: 0,
            flags: TcpFlags(0x002),
            window: 1000,
            urgent: 0,
            options: Default::default(),
        };
        tcp_frame(&l3, &t, b"")
    }

    #[test]
    fn tcp_is_keyed_by_its_five_tuple() {
        let f = Flow::of(&syn(5000));
        assert_eq!(f, Flow::tcp([198, 18, 0, 1], 5000, [198, 19, 0, 1], 80));
        assert_ne!(f, Flow::of(&syn(5001)));
        assert_eq!(f.to_string(), "TCP 198.18.0.1:5000 > 198.19.0.1:80");
    }

    #[test]
    fn what_does_not_parse_has_a_fallback_key() {
        let mut arp = syn(1);
        arp[12..14].copy_from_slice(&[0x08, 0x06]);
        assert_eq!(Flow::of(&arp), Flow::Other(Some(0x0806)));
        assert_eq!(Flow::of(&arp).to_string(), "ethertype 0x0806");
        // A truncated TCP header: keyed by the IPv4 EtherType.
        let cut = &syn(1)[..40];
        assert_eq!(Flow::of(cut), Flow::Other(Some(0x0800)));
        assert_eq!(Flow::of(&[1, 2, 3]), Flow::Other(None));
        assert_eq!(Flow::of(&[]).to_string(), "runt");
    }

    #[test]
    fn fragments_are_keyed_without_ports() {
        let mut f = syn(7);
        // More fragments, offset 8 bytes: no TCP header to read.
        f[20] = 0x20;
        f[21] = 0x01;
        match Flow::of(&f) {
            Flow::Ip(k) => assert_eq!((k.src_port, k.dst_port), (0, 0)),
            other => panic!("{other:?}"),
        }
    }
}
