//! Whole-frame parsing: Ethernet → optional 802.1Q tag → IPv4 → TCP / UDP / ICMP.
//!
//! [`parse_frame`] never allocates and never panics. It returns checked, borrowed views
//! (so every getter is panic-free and nothing is copied) together with the byte offset of
//! each header and of the L4 payload. Frames that are not IPv4 (ARP, IPv6, LLDP, ...) are
//! not errors: they come back as [`Network::Other`]. Truncation or corruption is a
//! [`FrameError`] naming the header and the byte offset where it starts.

use crate::ethernet::{self, EtherType};
use crate::ipv4::{self, IpProtocol};
use crate::{Error, icmp, tcp, udp, vlan};
use core::fmt;

/// The header a [`FrameError`] refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layer {
    /// Ethernet II header.
    Ethernet,
    /// 802.1Q tag.
    Vlan,
    /// IPv4 header.
    Ipv4,
    /// TCP header.
    Tcp,
    /// UDP header.
    Udp,
    /// ICMP header.
    Icmp,
}

impl fmt::Display for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Layer::Ethernet => "Ethernet",
            Layer::Vlan => "802.1Q",
            Layer::Ipv4 => "IPv4",
            Layer::Tcp => "TCP",
            Layer::Udp => "UDP",
            Layer::Icmp => "ICMP",
        })
    }
}

/// A frame that could not be parsed: which header, where it starts, what is wrong, and how
/// many bytes were left from that offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{layer} header at byte {offset}: {kind} ({available} bytes available)")]
pub struct FrameError {
    /// The header that failed.
    pub layer: Layer,
    /// Byte offset of that header in the frame.
    pub offset: usize,
    /// Truncated or malformed.
    pub kind: Error,
    /// Bytes in the frame from `offset` on (for IPv4 payloads: up to the IPv4 total length).
    pub available: usize,
}

/// The network layer of a frame.
#[derive(Debug, Clone)]
pub enum Network<'a> {
    /// An IPv4 packet (checked view: bytes `offsets.l3 .. offsets.l3 + total_len`).
    Ipv4 {
        /// The IPv4 header view.
        ip: ipv4::Packet<&'a [u8]>,
        /// What the IPv4 packet carries.
        transport: Transport<'a>,
    },
    /// Any other EtherType; not parsed further.
    Other(EtherType),
}

/// The transport layer of an IPv4 packet. Views cover the IPv4 payload exactly (without
/// Ethernet padding).
#[derive(Debug, Clone)]
pub enum Transport<'a> {
    /// TCP segment.
    Tcp(tcp::Packet<&'a [u8]>),
    /// UDP datagram.
    Udp(udp::Packet<&'a [u8]>),
    /// ICMP message.
    Icmp(icmp::Packet<&'a [u8]>),
    /// An IPv4 fragment (MF set or non-zero offset): L4 is not interpreted, because only
    /// part of it, or none of its header, is here.
    Fragment,
    /// Another IP protocol, not parsed.
    Other(IpProtocol),
}

/// Byte offsets into the frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Offsets {
    /// Start of the 802.1Q tag, when present (always 12 + 2 = 14).
    pub vlan: Option<usize>,
    /// Start of the network header (14, or 18 when tagged).
    pub l3: usize,
    /// Start of the TCP/UDP/ICMP header, when parsed.
    pub l4: Option<usize>,
    /// Start of the innermost payload: L4 payload (ICMP: data after the 8-byte header),
    /// else the IPv4 payload, else the bytes after the L2 header(s).
    pub payload: usize,
    /// Length of that payload (IPv4 length fields exclude Ethernet padding).
    pub payload_len: usize,
}

/// A parsed frame. See [`parse_frame`].
#[derive(Debug, Clone)]
pub struct Headers<'a> {
    /// The Ethernet header.
    pub ethernet: ethernet::Repr,
    /// The 802.1Q tag, if any.
    pub vlan: Option<vlan::Repr>,
    /// Network layer.
    pub network: Network<'a>,
    /// Where everything starts.
    pub offsets: Offsets,
    frame: &'a [u8],
}

/// Which checksums of a frame verify; `None` where there is none to check (non-IPv4,
/// fragments, other protocols, UDP with checksum 0 counts as valid).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChecksumStatus {
    /// IPv4 header checksum.
    pub ipv4: Option<bool>,
    /// TCP/UDP (with pseudo-header) or ICMP checksum.
    pub l4: Option<bool>,
}

impl ChecksumStatus {
    /// True when no checked checksum failed.
    pub fn all_ok(&self) -> bool {
        self.ipv4 != Some(false) && self.l4 != Some(false)
    }
}

impl<'a> Headers<'a> {
    /// The frame the headers were parsed from.
    pub fn frame(&self) -> &'a [u8] {
        self.frame
    }
    /// The IPv4 view, if this is an IPv4 frame.
    pub fn ipv4(&self) -> Option<&ipv4::Packet<&'a [u8]>> {
        match &self.network {
            Network::Ipv4 { ip, .. } => Some(ip),
            Network::Other(_) => None,
        }
    }
    /// The transport layer, if this is an IPv4 frame.
    pub fn transport(&self) -> Option<&Transport<'a>> {
        match &self.network {
            Network::Ipv4 { transport, .. } => Some(transport),
            Network::Other(_) => None,
        }
    }
    /// The TCP view, if any.
    pub fn tcp(&self) -> Option<&tcp::Packet<&'a [u8]>> {
        match self.transport() {
            Some(Transport::Tcp(t)) => Some(t),
            _ => None,
        }
    }
    /// The UDP view, if any.
    pub fn udp(&self) -> Option<&udp::Packet<&'a [u8]>> {
        match self.transport() {
            Some(Transport::Udp(u)) => Some(u),
            _ => None,
        }
    }
    /// The ICMP view, if any.
    pub fn icmp(&self) -> Option<&icmp::Packet<&'a [u8]>> {
        match self.transport() {
            Some(Transport::Icmp(i)) => Some(i),
            _ => None,
        }
    }
    /// The innermost payload (see [`Offsets::payload`]).
    pub fn payload(&self) -> &'a [u8] {
        let o = self.offsets;
        self.frame
            .get(o.payload..o.payload + o.payload_len)
            .unwrap_or(&[])
    }
    /// Verifies the IPv4 header checksum and the L4 checksum.
    pub fn checksums(&self) -> ChecksumStatus {
        let Network::Ipv4 { ip, transport } = &self.network else {
            return ChecksumStatus {
                ipv4: None,
                l4: None,
            };
        };
        let (s, d) = (ip.src_addr(), ip.dst_addr());
        let l4 = match transport {
            Transport::Tcp(t) => Some(t.verify_checksum(s, d)),
            Transport::Udp(u) => Some(u.verify_checksum(s, d)),
            Transport::Icmp(i) => Some(i.verify_checksum()),
            Transport::Fragment | Transport::Other(_) => None,
        };
        ChecksumStatus {
            ipv4: Some(ip.verify_checksum()),
            l4,
        }
    }
}

fn err(layer: Layer, offset: usize, kind: Error, available: usize) -> FrameError {
    FrameError {
        layer,
        offset,
        kind,
        available,
    }
}

/// Parses a whole frame. Never panics, never allocates.
pub fn parse_frame(frame: &[u8]) -> Result<Headers<'_>, FrameError> {
    let eth =
        ethernet::Frame::new_checked(frame).map_err(|e| err(Layer::Ethernet, 0, e, frame.len()))?;
    let ethernet = ethernet::Repr {
        src_addr: eth.src_addr(),
        dst_addr: eth.dst_addr(),
        ethertype: eth.ethertype(),
    };
    let mut at = ethernet::HEADER_LEN;
    let mut ethertype = ethernet.ethertype;
    let mut offsets = Offsets::default();
    let mut vlan = None;
    if ethertype == EtherType::Vlan {
        let rest = &frame[at..];
        let tag =
            vlan::Packet::new_checked(rest).map_err(|e| err(Layer::Vlan, at, e, rest.len()))?;
        let repr = vlan::Repr {
            pcp: tag.pcp(),
            dei: tag.dei(),
            vid: tag.vid(),
            ethertype: tag.ethertype(),
        };
        offsets.vlan = Some(at);
        ethertype = repr.ethertype;
        vlan = Some(repr);
        at += vlan::HEADER_LEN;
    }
    offsets.l3 = at;
    let rest = &frame[at..];
    if ethertype != EtherType::Ipv4 {
        offsets.payload = at;
        offsets.payload_len = rest.len();
        return Ok(Headers {
            ethernet,
            vlan,
            network: Network::Other(ethertype),
            offsets,
            frame,
        });
    }
    let ip = ipv4::Packet::new_checked(rest).map_err(|e| err(Layer::Ipv4, at, e, rest.len()))?;
    if ip.version() != 4 {
        return Err(err(Layer::Ipv4, at, Error::Malformed, rest.len()));
    }
    let l4_at = at + ip.header_len();
    // check_len guarantees header_len <= total_len <= rest.len().
    let body = &rest[ip.header_len()..usize::from(ip.total_len())];
    offsets.payload = l4_at;
    offsets.payload_len = body.len();
    let transport = if ip.is_fragment() {
        Transport::Fragment
    } else {
        parse_transport(ip.protocol(), body, l4_at, &mut offsets)?
    };
    Ok(Headers {
        ethernet,
        vlan,
        network: Network::Ipv4 { ip, transport },
        offsets,
        frame,
    })
}

/// Parses the IPv4 payload `body` (starting at frame offset `l4_at`) of an unfragmented
/// packet; fills `o.l4`, and `o.payload`/`o.payload_len` for the protocols it knows.
fn parse_transport<'a>(
    protocol: IpProtocol,
    body: &'a [u8],
    l4_at: usize,
    o: &mut Offsets,
) -> Result<Transport<'a>, FrameError> {
    let transport = match protocol {
        IpProtocol::Tcp => {
            let t = tcp::Packet::new_checked(body)
                .map_err(|e| err(Layer::Tcp, l4_at, e, body.len()))?;
            o.payload = l4_at + t.header_len();
            o.payload_len = body.len() - t.header_len();
            Transport::Tcp(t)
        }
        IpProtocol::Udp => {
            let u = udp::Packet::new_checked(body)
                .map_err(|e| err(Layer::Udp, l4_at, e, body.len()))?;
            o.payload = l4_at + udp::HEADER_LEN;
            o.payload_len = usize::from(u.len()) - udp::HEADER_LEN;
            Transport::Udp(u)
        }
        IpProtocol::Icmp => {
            let i = icmp::Packet::new_checked(body)
                .map_err(|e| err(Layer::Icmp, l4_at, e, body.len()))?;
            o.payload = l4_at + icmp::HEADER_LEN;
            o.payload_len = body.len() - icmp::HEADER_LEN;
            Transport::Icmp(i)
        }
        IpProtocol::Unknown(_) => return Ok(Transport::Other(protocol)),
    };
    o.l4 = Some(l4_at);
    Ok(transport)
}

#[cfg(test)]
mod tests;
