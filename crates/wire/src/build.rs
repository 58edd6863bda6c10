//! Whole-frame builders: Ethernet (optionally 802.1Q-tagged) + IPv4 + TCP/UDP/ICMP with
//! every checksum filled, for trace generators and tests.
//!
//! The `write_*` forms append to a caller's buffer (reuse it across packets to avoid
//! allocation); the `*_frame` forms return a fresh `Vec<u8>`.

use crate::ethernet::{self, EtherType, MacAddr};
use crate::ipv4::{self, IpProtocol};
use crate::{icmp, tcp, udp, vlan};
use std::net::Ipv4Addr;

/// Link and network fields shared by the builders: one unfragmented IPv4 packet with DF
/// set, no IP options, DSCP/ECN 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct L3 {
    /// Ethernet source.
    pub src_mac: MacAddr,
    /// Ethernet destination.
    pub dst_mac: MacAddr,
    /// 802.1Q VLAN ID (PCP 0, DEI 0) when the frame is tagged.
    pub vlan: Option<u16>,
    /// IPv4 source.
    pub src: Ipv4Addr,
    /// IPv4 destination.
    pub dst: Ipv4Addr,
    /// Time to live.
    pub ttl: u8,
    /// IPv4 identification.
    pub ident: u16,
}

impl L3 {
    /// The same fields with source and destination swapped (MACs and addresses): the
    /// header a reply would carry.
    pub fn reversed(&self) -> L3 {
        L3 {
            src_mac: self.dst_mac,
            dst_mac: self.src_mac,
            src: self.dst,
            dst: self.src,
            ..*self
        }
    }

    /// Bytes of Ethernet (+ VLAN) + IPv4 headers.
    pub fn header_len(&self) -> usize {
        ethernet::HEADER_LEN
            + if self.vlan.is_some() {
                vlan::HEADER_LEN
            } else {
                0
            }
            + ipv4::HEADER_LEN
    }

    /// Appends L2 and L3 headers for an L4 message of `l4_len` bytes plus `l4_len` zero
    /// bytes, and returns the offset where the L4 message starts.
    fn write_headers(&self, out: &mut Vec<u8>, protocol: IpProtocol, l4_len: usize) -> usize {
        let start = out.len();
        let l4_at = start + self.header_len();
        out.resize(l4_at + l4_len, 0);
        let mut eth = ethernet::Frame::new_unchecked(&mut out[start..]);
        let ethertype = if self.vlan.is_some() {
            EtherType::Vlan
        } else {
            EtherType::Ipv4
        };
        ethernet::Repr {
            src_addr: self.src_mac,
            dst_addr: self.dst_mac,
            ethertype,
        }
        .emit(&mut eth);
        let mut at = start + ethernet::HEADER_LEN;
        if let Some(vid) = self.vlan {
            let tag = vlan::Repr {
                pcp: 0,
                dei: false,
                vid,
                ethertype: EtherType::Ipv4,
            };
            tag.emit(&mut vlan::Packet::new_unchecked(&mut out[at..]));
            at += vlan::HEADER_LEN;
        }
        let ip = ipv4::Repr {
            ident: self.ident,
            ..ipv4::Repr::new(self.src, self.dst, protocol, l4_len, self.ttl)
        };
        ip.emit(&mut ipv4::Packet::new_unchecked(&mut out[at..]));
        l4_at
    }
}

/// Appends a checksummed Ethernet/IPv4/TCP frame to `out`.
pub fn write_tcp_frame(out: &mut Vec<u8>, l3: &L3, tcp: &tcp::Repr, payload: &[u8]) {
    let at = l3.write_headers(out, IpProtocol::Tcp, tcp.buffer_len(payload.len()));
    tcp.emit(
        &mut tcp::Packet::new_unchecked(&mut out[at..]),
        payload,
        l3.src,
        l3.dst,
    );
}

/// Appends a checksummed Ethernet/IPv4/UDP frame to `out`.
pub fn write_udp_frame(out: &mut Vec<u8>, l3: &L3, udp: &udp::Repr, payload: &[u8]) {
    let at = l3.write_headers(out, IpProtocol::Udp, udp.buffer_len(payload.len()));
    udp.emit(
        &mut udp::Packet::new_unchecked(&mut out[at..]),
        payload,
        l3.src,
        l3.dst,
    );
}

/// Appends a checksummed Ethernet/IPv4/ICMP frame to `out`.
pub fn write_icmp_frame(out: &mut Vec<u8>, l3: &L3, icmp: &icmp::Repr, data: &[u8]) {
    let at = l3.write_headers(out, IpProtocol::Icmp, icmp.buffer_len(data.len()));
    icmp.emit(&mut icmp::Packet::new_unchecked(&mut out[at..]), data);
}

/// A checksummed Ethernet/IPv4/TCP frame.
pub fn tcp_frame(l3: &L3, tcp: &tcp::Repr, payload: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(l3.header_len() + tcp.buffer_len(payload.len()));
    write_tcp_frame(&mut v, l3, tcp, payload);
    v
}

/// A checksummed Ethernet/IPv4/UDP frame.
pub fn udp_frame(l3: &L3, udp: &udp::Repr, payload: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(l3.header_len() + udp.buffer_len(payload.len()));
    write_udp_frame(&mut v, l3, udp, payload);
    v
}

/// A checksummed Ethernet/IPv4/ICMP frame.
pub fn icmp_frame(l3: &L3, icmp: &icmp::Repr, data: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(l3.header_len() + icmp.buffer_len(data.len()));
    write_icmp_frame(&mut v, l3, icmp, data);
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::OptionBytes;
    use crate::tcp::TcpFlags;

    fn l3(vlan: Option<u16>) -> L3 {
        L3 {
            src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
            dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
            vlan,
            src: Ipv4Addr::new(10, 0, 0, 1),
            dst: Ipv4Addr::new(10, 0, 0, 2),
            ttl: 64,
            ident: 1,
        }
    }

    // An independently computed frame: Ethernet 02:..:01 → 02:..:02, IPv4 10.0.0.1 →
    // 10.0.0.2 ident 1 DF TTL 64 UDP (IP checksum 0x26c9), UDP 5353 → 53 "hello"
    // (checksum 0x92e1). Checksums from Python's RFC 1071 implementation.
    static UDP_FRAME: [u8; 47] = [
        2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, 0x08, 0x00, //
        0x45, 0x00, 0x00, 0x21, 0x00, 0x01, 0x40, 0x00, 0x40, 0x11, 0x26, 0xc9, 10, 0, 0, 1, 10, 0,
        0, 2, 0x14, 0xe9, 0x00, 0x35, 0x00, 0x0d, 0x92, 0xe1, b'h', b'e', b'l', b'l', b'o',
    ];

    #[test]
    fn udp_frame_matches_reference_bytes() {
        let f = udp_frame(
            &l3(None),
            &udp::Repr {
                src_port: 5353,
                dst_port: 53,
            },
            b"hello",
        );
        assert_eq!(f, UDP_FRAME);
    }

    #[test]
    fn tcp_frame_with_vlan_is_consistent() {
        let t = tcp::Repr {
            src_port: 1000,
            dst_port: 80,
            seq_number: 7,
            ack_number: 0,
            flags: TcpFlags::SYN,
            window: 1024,
            urgent: 0,
            options: OptionBytes::EMPTY,
        };
        let f = tcp_frame(&l3(Some(42)), &t, b"xyz");
        assert_eq!(f.len(), 14 + 4 + 20 + 20 + 3);
        assert_eq!(&f[12..14], &[0x81, 0x00]);
        assert_eq!(&f[14..18], &[0x00, 42, 0x08, 0x00]);
        let ip = ipv4::Packet::new_checked(&f[18..]).unwrap();
        assert!(ip.verify_checksum());
        assert_eq!(ip.protocol(), IpProtocol::Tcp);
        let seg = tcp::Packet::new_checked(ip.payload()).unwrap();
        assert!(seg.verify_checksum(ip.src_addr(), ip.dst_addr()));
        assert_eq!(tcp::Repr::parse(&seg).unwrap(), t);
        assert_eq!(seg.payload(), b"xyz");
    }

    #[test]
    fn icmp_frame_and_append() {
        let mut buf = vec![0xEE];
        write_icmp_frame(
            &mut buf,
            &l3(None).reversed(),
            &icmp::Repr::EchoReply {
                ident: 9,
                seq_no: 2,
            },
            b"ping",
        );
        let f = &buf[1..];
        let ip = ipv4::Packet::new_checked(&f[14..]).unwrap();
        assert_eq!(ip.src_addr(), Ipv4Addr::new(10, 0, 0, 2));
        let m = icmp::Packet::new_checked(ip.payload()).unwrap();
        assert!(m.verify_checksum());
        assert_eq!(
            icmp::Repr::parse(&m).unwrap(),
            icmp::Repr::EchoReply {
                ident: 9,
                seq_no: 2
            }
        );
    }
}
