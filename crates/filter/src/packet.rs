//! What the filter needs to know about a frame: its flow key and its class.

use wire::FlowKey;
use wire::headers::{Network, Transport};

use crate::conntrack::TcpClass;

/// The protocol-level class of a packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Kind {
    /// A TCP segment of this class.
    Tcp(TcpClass),
    /// A UDP datagram.
    Udp,
    /// ICMP echo request (ping).
    EchoRequest,
    /// ICMP echo reply.
    EchoReply,
    /// An ICMP error (destination unreachable, source quench, redirect, time
    /// exceeded, parameter problem); the packet's key is that of the packet it
    /// quotes, so it belongs to that packet's connection (RELATED) if any.
    IcmpError,
    /// Anything else the filter does not track (non-IPv4, fragments, other
    /// protocols, other ICMP messages): dropped by policy.
    Untracked,
}

/// A classified packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pkt {
    /// The flow key in the packet's own direction (`None` for untracked frames).
    pub key: Option<FlowKey>,
    /// Its class.
    pub kind: Kind,
    /// The switch pipeline reads its layer-4 header where it is: an untagged
    /// IPv4 frame without IP options (the program's parser takes a fixed
    /// 20-byte IPv4 header right after Ethernet). Other packets are decided
    /// by the CPU agent, which parses them whole.
    pub plain: bool,
}

impl Pkt {
    /// Parses and classifies a frame. Malformed frames are [`Kind::Untracked`]; this
    /// never fails and never panics.
    pub fn classify(frame: &[u8]) -> Pkt {
        let untracked = Pkt {
            key: None,
            kind: Kind::Untracked,
            plain: false,
        };
        let Ok(h) = wire::parse_frame(frame) else {
            return untracked;
        };
        let Some(mut key) = FlowKey::from_headers(&h) else {
            return untracked;
        };
        let Network::Ipv4 { transport, ip } = &h.network else {
            return untracked;
        };
        let plain = h.vlan.is_none() && ip.header_len() == 20;
        let kind = match transport {
            Transport::Tcp(t) => Kind::Tcp(TcpClass::from_flags(t.flags())),
            Transport::Udp(_) => Kind::Udp,
            Transport::Icmp(i) => match i.msg_type() {
                wire::icmp::TYPE_ECHO_REQUEST => Kind::EchoRequest,
                wire::icmp::TYPE_ECHO_REPLY => Kind::EchoReply,
                // The ICMP errors the wire parser quotes (destination unreachable,
                // time exceeded) with a TCP/UDP header in the quote.
                wire::icmp::TYPE_DST_UNREACHABLE | wire::icmp::TYPE_TIME_EXCEEDED => {
                    match i.quoted() {
                        Ok(q) if q.ports.is_some() => {
                            key = FlowKey::from_icmp_quote(&q);
                            Kind::IcmpError
                        }
                        _ => return untracked,
                    }
                }
                _ => return untracked,
            },
            _ => return untracked,
        };
        Pkt {
            key: Some(key),
            kind,
            plain,
        }
    }

    /// True for the packets the switch always sends to the CPU agent: TCP segments
    /// that can change a connection's state by their flags alone (SYN, SYN-ACK, FIN,
    /// RST, and segments without ACK, which the state machine must judge).
    pub fn is_tcp_control(&self) -> bool {
        matches!(self.kind, Kind::Tcp(c) if c != TcpClass::Ack)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{Ipv4Addr, SocketAddrV4};
    use trace::workload::{GenOptions, generate};

    #[test]
    fn garbage_is_untracked_not_a_panic() {
        for len in 0..80 {
            let frame = vec![0x45u8; len];
            assert_eq!(Pkt::classify(&frame).kind, Kind::Untracked);
        }
    }

    #[test]
    fn generated_tcp_connection_starts_with_syn_and_synack() {
        let t = generate(&GenOptions {
            flows: 1,
            ..GenOptions::default()
        })
        .expect("generate");
        let c = &t.connections[0];
        let mut f = Vec::new();
        assert!(c.write_frame(0, &mut f));
        let p = Pkt::classify(&f);
        assert_eq!(p.kind, Kind::Tcp(TcpClass::Syn));
        let k = p.key.expect("key");
        assert_eq!(SocketAddrV4::new(k.src_addr, k.src_port), c.client);
        f.clear();
        assert!(c.write_frame(1, &mut f));
        assert_eq!(Pkt::classify(&f).kind, Kind::Tcp(TcpClass::SynAck));
        assert!(Pkt::classify(&f).is_tcp_control());
        let _ = Ipv4Addr::UNSPECIFIED;
    }
}
