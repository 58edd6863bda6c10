//! proptest strategies producing valid frames, for tests in this and other crates
//! (enable the `testkit` feature: `wire = { workspace = true, features = ["testkit"] }`
//! under `[dev-dependencies]`).
//!
//! Every generated frame parses with [`crate::parse_frame`], and every checksum in it
//! verifies. Fields are drawn over their whole range except where validity needs less
//! (TTL ≥ 1, window-scale shift ≤ 14, payloads up to a caller-chosen length).

use crate::build::{self, L3};
use crate::ethernet::MacAddr;
use crate::options::OptionBytes;
use crate::tcp::{TcpFlags, TcpOption};
use crate::{icmp, tcp, udp};
use proptest::prelude::*;
use std::net::Ipv4Addr;

/// Any MAC address.
pub fn mac() -> impl Strategy<Value = MacAddr> {
    any::<[u8; 6]>().prop_map(MacAddr)
}

/// Any IPv4 address.
pub fn ipv4_addr() -> impl Strategy<Value = Ipv4Addr> {
    any::<u32>().prop_map(Ipv4Addr::from)
}

/// Link and network fields: random MACs and addresses, untagged or tagged with any VID.
pub fn l3() -> impl Strategy<Value = L3> {
    (
        mac(),
        mac(),
        proptest::option::of(0u16..4096),
        ipv4_addr(),
        ipv4_addr(),
        1u8..=255,
        any::<u16>(),
    )
        .prop_map(|(src_mac, dst_mac, vlan, src, dst, ttl, ident)| L3 {
            src_mac,
            dst_mac,
            vlan,
            src,
            dst,
            ttl,
            ident,
        })
}

/// Any subset of MSS, window scale, SACK-permitted, timestamps and a NOP, in that order.
pub fn tcp_options() -> impl Strategy<Value = OptionBytes> {
    (
        proptest::option::of(any::<u16>()),
        proptest::option::of(0u8..=14),
        any::<bool>(),
        proptest::option::of((any::<u32>(), any::<u32>())),
        any::<bool>(),
    )
        .prop_map(|(mss, ws, sack, ts, nop)| {
            let mut v = Vec::new();
            v.extend(mss.map(TcpOption::MaxSegmentSize));
            v.extend(ws.map(TcpOption::WindowScale));
            if sack {
                v.push(TcpOption::SackPermitted);
            }
            v.extend(ts.map(|(tsval, tsecr)| TcpOption::Timestamps { tsval, tsecr }));
            if nop {
                v.push(TcpOption::NoOperation);
            }
            // At most 4 + 3 + 2 + 10 + 1 = 20 bytes, well under the 40-byte limit.
            TcpOption::encode(&v).unwrap_or_default()
        })
}

/// A TCP header with random ports, numbers, flags (all 9 bits), window and options.
pub fn tcp_repr() -> impl Strategy<Value = tcp::Repr> {
    (
        any::<(u16, u16, u32, u32)>(),
        0u16..0x200,
        any::<(u16, u16)>(),
        tcp_options(),
    )
        .prop_map(
            |((src_port, dst_port, seq_number, ack_number), flags, (window, urgent), options)| {
                tcp::Repr {
                    src_port,
                    dst_port,
                    seq_number,
                    ack_number,
                    flags: TcpFlags(flags),
                    window,
                    urgent,
                    options,
                }
            },
        )
}

/// A UDP header with random ports.
pub fn udp_repr() -> impl Strategy<Value = udp::Repr> {
    any::<(u16, u16)>().prop_map(|(src_port, dst_port)| udp::Repr { src_port, dst_port })
}

/// An ICMP echo request or reply.
pub fn icmp_echo_repr() -> impl Strategy<Value = icmp::Repr> {
    (any::<bool>(), any::<u16>(), any::<u16>()).prop_map(|(req, ident, seq_no)| {
        if req {
            icmp::Repr::EchoRequest { ident, seq_no }
        } else {
            icmp::Repr::EchoReply { ident, seq_no }
        }
    })
}

/// Random payload bytes, up to `max_len` long.
pub fn payload(max_len: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..=max_len)
}

/// What a generated frame carries above IPv4.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum L4Spec {
    /// TCP header.
    Tcp(tcp::Repr),
    /// UDP header.
    Udp(udp::Repr),
    /// ICMP header (the payload is the ICMP data).
    Icmp(icmp::Repr),
}

/// A generated frame, kept as its parts so tests can compare against them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameSpec {
    /// L2/L3 fields.
    pub l3: L3,
    /// L4 header.
    pub l4: L4Spec,
    /// L4 payload (ICMP data).
    pub payload: Vec<u8>,
}

impl FrameSpec {
    /// The checksummed frame bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        match &self.l4 {
            L4Spec::Tcp(t) => build::tcp_frame(&self.l3, t, &self.payload),
            L4Spec::Udp(u) => build::udp_frame(&self.l3, u, &self.payload),
            L4Spec::Icmp(i) => build::icmp_frame(&self.l3, i, &self.payload),
        }
    }
}

/// An ICMP destination-unreachable (port unreachable) message quoting a UDP datagram
/// sent in the opposite direction, as a router or host would send it.
fn icmp_unreachable_spec(max_payload: usize) -> impl Strategy<Value = FrameSpec> {
    (l3(), udp_repr(), payload(max_payload)).prop_map(|(l3, u, data)| {
        let offending = build::udp_frame(&l3.reversed(), &u, &data);
        let ip_at = l3.header_len() - crate::ipv4::HEADER_LEN;
        // RFC 792: the IP header plus the first 8 bytes of its payload.
        let end = (ip_at + crate::ipv4::HEADER_LEN + 8).min(offending.len());
        let quoted = offending[ip_at..end].to_vec();
        FrameSpec {
            l3,
            l4: L4Spec::Icmp(icmp::Repr::DstUnreachable { code: 3, rest: 0 }),
            payload: quoted,
        }
    })
}

/// A TCP, UDP or ICMP frame (echo or unreachable) with a payload up to `max_payload`.
pub fn frame_spec(max_payload: usize) -> impl Strategy<Value = FrameSpec> {
    prop_oneof![
        4 => (l3(), tcp_repr(), payload(max_payload)).prop_map(|(l3, t, payload)| FrameSpec { l3, l4: L4Spec::Tcp(t), payload }),
        3 => (l3(), udp_repr(), payload(max_payload)).prop_map(|(l3, u, payload)| FrameSpec { l3, l4: L4Spec::Udp(u), payload }),
        1 => (l3(), icmp_echo_repr(), payload(max_payload)).prop_map(|(l3, i, payload)| FrameSpec { l3, l4: L4Spec::Icmp(i), payload }),
        1 => icmp_unreachable_spec(max_payload),
    ]
}

/// Valid frame bytes (see [`frame_spec`]) with payloads up to 256 bytes.
pub fn frame() -> impl Strategy<Value = Vec<u8>> {
    frame_spec(256).prop_map(|s| s.to_bytes())
}

/// Valid TCP frame bytes.
pub fn tcp_frame() -> impl Strategy<Value = Vec<u8>> {
    (l3(), tcp_repr(), payload(256)).prop_map(|(l3, t, p)| build::tcp_frame(&l3, &t, &p))
}

/// Valid UDP frame bytes.
pub fn udp_frame() -> impl Strategy<Value = Vec<u8>> {
    (l3(), udp_repr(), payload(256)).prop_map(|(l3, u, p)| build::udp_frame(&l3, &u, &p))
}

/// Valid ICMP echo frame bytes.
pub fn icmp_frame() -> impl Strategy<Value = Vec<u8>> {
    (l3(), icmp_echo_repr(), payload(64)).prop_map(|(l3, i, p)| build::icmp_frame(&l3, &i, &p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::headers::{Transport, parse_frame};

    proptest! {
        /// Generated frames parse back to exactly the fields they were built from, with
        /// every checksum valid.
        #[test]
        fn frames_round_trip(spec in frame_spec(64)) {
            let bytes = spec.to_bytes();
            let h = parse_frame(&bytes).unwrap();
            prop_assert!(h.checksums().all_ok());
            prop_assert_eq!(h.checksums().l4, Some(true));
            prop_assert_eq!(h.vlan.map(|v| v.vid), spec.l3.vlan);
            prop_assert_eq!(h.ethernet.src_addr, spec.l3.src_mac);
            let ip = h.ipv4().unwrap();
            prop_assert_eq!((ip.src_addr(), ip.dst_addr(), ip.ttl(), ip.ident()),
                            (spec.l3.src, spec.l3.dst, spec.l3.ttl, spec.l3.ident));
            prop_assert_eq!(h.payload(), &spec.payload[..]);
            match (h.transport().unwrap(), &spec.l4) {
                (Transport::Tcp(t), L4Spec::Tcp(r)) => prop_assert_eq!(&tcp::Repr::parse(t).unwrap(), r),
                (Transport::Udp(u), L4Spec::Udp(r)) => prop_assert_eq!(&udp::Repr::parse(u).unwrap(), r),
                (Transport::Icmp(i), L4Spec::Icmp(r)) => {
                    prop_assert_eq!(&icmp::Repr::parse(i).unwrap(), r);
                    if let icmp::Repr::DstUnreachable { .. } = r {
                        let q = i.quoted().unwrap();
                        prop_assert_eq!((q.src_addr, q.dst_addr), (spec.l3.dst, spec.l3.src));
                    }
                }
                (t, r) => prop_assert!(false, "parsed {t:?} from {r:?}"),
            }
        }
    }
}
