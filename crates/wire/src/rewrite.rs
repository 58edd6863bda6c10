//! In-place address and port rewrites on whole frames (NAT, load balancer VIP → DIP) with
//! every affected checksum patched incrementally (RFC 1624) instead of recomputed.
//!
//! * an address change patches the IPv4 header checksum and the TCP/UDP checksum (the
//!   pseudo-header covers both addresses); ICMP has no pseudo-header;
//! * a port change patches the TCP/UDP checksum; on ICMP echo the identifier plays the
//!   port (both `set_src_port` and `set_dst_port` rewrite it, as NAPT does);
//! * UDP checksum 0 ("none") stays 0;
//! * on a first fragment (offset 0, MF set) the L4 checksum field is patched when present,
//!   so the reassembled datagram stays valid; later fragments carry no L4 header.
//!
//! Property tests check that the result is byte-identical to building the frame afresh
//! with the new values (full recomputation).

use crate::headers::{FrameError, Network, parse_frame};
use crate::ipv4::{self, IpProtocol};
use crate::{checksum, icmp, tcp, udp};
use std::net::Ipv4Addr;

/// Why a rewrite could not be applied. The frame is unchanged in every error case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RewriteError {
    /// The frame does not parse.
    #[error(transparent)]
    Parse(#[from] FrameError),
    /// The frame is not IPv4.
    #[error("not an IPv4 frame")]
    NotIpv4,
    /// The packet has no ports to rewrite (not TCP/UDP/ICMP echo, or a non-first fragment).
    #[error("no ports in this packet ({0})")]
    NoPorts(IpProtocol),
}

/// Where the rewritable fields of a frame are.
struct Loc {
    l3: usize,
    /// End of the IPv4 packet (excludes Ethernet padding).
    end: usize,
    protocol: IpProtocol,
    /// Start of the L4 header, when this packet carries one (unfragmented or first fragment).
    l4: Option<usize>,
}

fn locate(frame: &[u8]) -> Result<Loc, RewriteError> {
    let h = parse_frame(frame)?;
    let Network::Ipv4 { ip, .. } = &h.network else {
        return Err(RewriteError::NotIpv4);
    };
    let l3 = h.offsets.l3;
    let l4 = (ip.frag_offset() == 0).then_some(l3 + ip.header_len());
    Ok(Loc {
        l3,
        end: l3 + usize::from(ip.total_len()),
        protocol: ip.protocol(),
        l4,
    })
}

/// Offset of the L4 checksum field within the L4 header, and the L4 header bytes needed.
fn l4_checksum_field(p: IpProtocol) -> Option<usize> {
    match p {
        IpProtocol::Tcp => Some(16),
        IpProtocol::Udp => Some(6),
        _ => None,
    }
}

/// Patches the TCP/UDP checksum (if present in the buffer) for a 32-bit pseudo-header change.
fn patch_l4_for_addr(frame: &mut [u8], loc: &Loc, old: Ipv4Addr, new: Ipv4Addr) {
    let (Some(l4), Some(at)) = (loc.l4, l4_checksum_field(loc.protocol)) else {
        return;
    };
    let Some(field) = frame.get_mut(l4 + at..(l4 + at + 2).min(loc.end)) else {
        return;
    };
    let Ok(bytes) = <&mut [u8; 2]>::try_from(field) else {
        return;
    };
    let c = u16::from_be_bytes(*bytes);
    if loc.protocol == IpProtocol::Udp && c == 0 {
        return;
    }
    let mut n = checksum::update32(c, old.into(), new.into());
    if loc.protocol == IpProtocol::Udp && n == 0 {
        n = 0xFFFF;
    }
    *bytes = n.to_be_bytes();
}

/// Rewrites the IPv4 source address, patching IPv4 and TCP/UDP checksums.
pub fn set_src_addr(frame: &mut [u8], addr: Ipv4Addr) -> Result<(), RewriteError> {
    let loc = locate(frame)?;
    let mut ip = ipv4::Packet::new_checked(&mut frame[loc.l3..loc.end])
        .map_err(|_| RewriteError::NotIpv4)?;
    let old = ip.src_addr();
    ip.set_src_addr_incremental(addr);
    patch_l4_for_addr(frame, &loc, old, addr);
    Ok(())
}

/// Rewrites the IPv4 destination address, patching IPv4 and TCP/UDP checksums.
pub fn set_dst_addr(frame: &mut [u8], addr: Ipv4Addr) -> Result<(), RewriteError> {
    let loc = locate(frame)?;
    let mut ip = ipv4::Packet::new_checked(&mut frame[loc.l3..loc.end])
        .map_err(|_| RewriteError::NotIpv4)?;
    let old = ip.dst_addr();
    ip.set_dst_addr_incremental(addr);
    patch_l4_for_addr(frame, &loc, old, addr);
    Ok(())
}

#[derive(Clone, Copy)]
enum Side {
    Src,
    Dst,
}

fn set_port(frame: &mut [u8], port: u16, side: Side) -> Result<(), RewriteError> {
    let loc = locate(frame)?;
    let no_ports = RewriteError::NoPorts(loc.protocol);
    let l4 = loc.l4.ok_or(no_ports)?;
    let seg = &mut frame[l4..loc.end];
    match loc.protocol {
        // Views over whole segments: parse_frame checked them (a first fragment's TCP
        // header may be cut, so re-check rather than assume).
        IpProtocol::Tcp => {
            let mut t = tcp::Packet::new_checked(seg).map_err(|_| no_ports)?;
            match side {
                Side::Src => t.set_src_port_incremental(port),
                Side::Dst => t.set_dst_port_incremental(port),
            }
        }
        IpProtocol::Udp => {
            // A first fragment's UDP length covers the whole datagram; patch only the
            // header words, which the fragment does carry.
            if seg.len() < udp::HEADER_LEN {
                return Err(no_ports);
            }
            let mut u = udp::Packet::new_unchecked(seg);
            match side {
                Side::Src => u.set_src_port_incremental(port),
                Side::Dst => u.set_dst_port_incremental(port),
            }
        }
        IpProtocol::Icmp => {
            let mut i = icmp::Packet::new_checked(seg).map_err(|_| no_ports)?;
            if !matches!(
                i.msg_type(),
                icmp::TYPE_ECHO_REQUEST | icmp::TYPE_ECHO_REPLY
            ) {
                return Err(no_ports);
            }
            i.set_echo_ident_incremental(port);
        }
        IpProtocol::Unknown(_) => return Err(no_ports),
    }
    Ok(())
}

/// Rewrites the source port (ICMP echo: identifier), patching the L4 checksum.
pub fn set_src_port(frame: &mut [u8], port: u16) -> Result<(), RewriteError> {
    set_port(frame, port, Side::Src)
}

/// Rewrites the destination port (ICMP echo: identifier), patching the L4 checksum.
pub fn set_dst_port(frame: &mut [u8], port: u16) -> Result<(), RewriteError> {
    set_port(frame, port, Side::Dst)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flow::FlowKey;
    use crate::testkit::{self, FrameSpec, L4Spec};
    use proptest::prelude::*;

    /// The spec with new endpoints, as the rewrite should leave it.
    fn respec(s: &FrameSpec, src: Ipv4Addr, dst: Ipv4Addr, sp: u16, dp: u16) -> FrameSpec {
        let mut n = s.clone();
        n.l3.src = src;
        n.l3.dst = dst;
        match &mut n.l4 {
            L4Spec::Tcp(t) => (t.src_port, t.dst_port) = (sp, dp),
            L4Spec::Udp(u) => (u.src_port, u.dst_port) = (sp, dp),
            L4Spec::Icmp(
                icmp::Repr::EchoRequest { ident, .. } | icmp::Repr::EchoReply { ident, .. },
            ) => *ident = dp,
            L4Spec::Icmp(_) => {}
        }
        n
    }

    proptest! {
        /// Incremental rewrites of both addresses and both ports give exactly the bytes of
        /// a frame built from scratch with the new values.
        #[test]
        fn incremental_equals_full(spec in testkit::frame_spec(64), src in testkit::ipv4_addr(),
                                   dst in testkit::ipv4_addr(), sp in any::<u16>(), dp in any::<u16>()) {
            let mut f = spec.to_bytes();
            set_src_addr(&mut f, src).unwrap();
            set_dst_addr(&mut f, dst).unwrap();
            let ports = match &spec.l4 {
                L4Spec::Tcp(_) | L4Spec::Udp(_) => Some((sp, dp)),
                L4Spec::Icmp(icmp::Repr::EchoRequest { .. } | icmp::Repr::EchoReply { .. }) => Some((dp, dp)),
                L4Spec::Icmp(_) => None,
            };
            let (nsp, ndp) = match ports {
                Some((a, b)) => {
                    set_src_port(&mut f, a).unwrap();
                    set_dst_port(&mut f, b).unwrap();
                    (a, b)
                }
                None => {
                    prop_assert_eq!(set_src_port(&mut f, sp), Err(RewriteError::NoPorts(IpProtocol::Icmp)));
                    (0, 0)
                }
            };
            prop_assert_eq!(&f, &respec(&spec, src, dst, nsp, ndp).to_bytes());
            let k = FlowKey::from_frame(&f).unwrap().unwrap();
            prop_assert_eq!((k.src_addr, k.dst_addr), (src, dst));
        }
    }

    #[test]
    fn zero_udp_checksum_stays_zero_and_errors_leave_frame() {
        let spec = FrameSpec {
            l3: crate::build::L3 {
                src_mac: Default::default(),
                dst_mac: Default::default(),
                vlan: None,
                src: Ipv4Addr::new(10, 0, 0, 1),
                dst: Ipv4Addr::new(10, 0, 0, 2),
                ttl: 9,
                ident: 0,
            },
            l4: L4Spec::Udp(udp::Repr {
                src_port: 1,
                dst_port: 2,
            }),
            payload: b"abc".to_vec(),
        };
        let mut f = spec.to_bytes();
        f[14 + 20 + 6] = 0;
        f[14 + 20 + 7] = 0;
        set_src_addr(&mut f, Ipv4Addr::new(1, 1, 1, 1)).unwrap();
        set_src_port(&mut f, 99).unwrap();
        assert_eq!(&f[40..42], &[0, 0]);
        assert!(parse_frame(&f).unwrap().checksums().all_ok());
        let mut short = f[..20].to_vec();
        let before = short.clone();
        assert!(matches!(
            set_dst_addr(&mut short, Ipv4Addr::new(2, 2, 2, 2)),
            Err(RewriteError::Parse(_))
        ));
        assert_eq!(short, before);
        let mut arp = [0u8; 60];
        arp[12..14].copy_from_slice(&[0x08, 0x06]);
        assert_eq!(set_src_port(&mut arp, 1), Err(RewriteError::NotIpv4));
    }

    #[test]
    fn first_fragment_l4_checksum_is_patched() {
        // A UDP datagram split so that the first fragment carries the UDP header: after
        // rewriting the address in the fragment, the checksum over the reassembled
        // datagram (original payload) must verify under the new pseudo-header.
        let spec = FrameSpec {
            l3: crate::build::L3 {
                src_mac: Default::default(),
                dst_mac: Default::default(),
                vlan: None,
                src: Ipv4Addr::new(10, 0, 0, 1),
                dst: Ipv4Addr::new(10, 0, 0, 2),
                ttl: 9,
                ident: 5,
            },
            l4: L4Spec::Udp(udp::Repr {
                src_port: 1,
                dst_port: 2,
            }),
            payload: vec![7u8; 40],
        };
        let whole = spec.to_bytes();
        let datagram = whole[34..].to_vec();
        // First fragment: 16 bytes of L4 (header + 8 payload bytes), MF set.
        let mut frag = whole[..34 + 16].to_vec();
        let mut ip = ipv4::Packet::new_unchecked(&mut frag[14..]);
        ip.set_total_len(36);
        ip.set_frag(false, true, 0);
        ip.fill_checksum();
        let new_dst = Ipv4Addr::new(192, 0, 2, 9);
        set_dst_addr(&mut frag, new_dst).unwrap();
        let mut reassembled = frag[34..].to_vec();
        reassembled.extend_from_slice(&datagram[16..]);
        let u = udp::Packet::new_checked(&reassembled[..]).unwrap();
        assert!(u.verify_checksum(Ipv4Addr::new(10, 0, 0, 1), new_dst));
        assert!(
            ipv4::Packet::new_checked(&frag[14..])
                .unwrap()
                .verify_checksum()
        );
    }
}
