//! The in-memory model of a generated trace: connections, each a 5-tuple and its
//! packets with the side that sent them, their simulated time and TCP fields.
//!
//! Frames are built from this model on demand (via `wire::build`), so a consumer
//! can also rebuild a packet with *different* endpoints: a closed-loop replay sends
//! the client side unchanged and re-addresses the server side to wherever a NAT or
//! load balancer actually sent the connection.

use std::net::{Ipv4Addr, SocketAddrV4};
use std::sync::Arc;

use wire::build::{L3, write_tcp_frame, write_udp_frame};
use wire::options::OptionBytes;
use wire::{MacAddr, TcpFlags, tcp, udp};

/// Which end of a connection sent a packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Side {
    /// The host that opened the connection (in 198.18.0.0/16 by default).
    Client,
    /// The host that accepted it (in 198.19.0.0/16 by default).
    Server,
}

/// Transport protocol of a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Transport {
    /// TCP with a full lifecycle (or a lone SYN for spoofed flood sources).
    Tcp,
    /// UDP datagrams.
    Udp,
}

/// What a connection is, for ground truth in tests of network functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum App {
    /// A request/response flow whose size was drawn from a flow-size distribution.
    Bulk,
    /// A UDP flow of a packet-size mix (`datacenter-sizes`, `fixed:`).
    Datagrams,
    /// SSH (TCP 22).
    Ssh,
    /// HTTP GET (TCP 80).
    Http,
    /// HTTPS (TCP 443), benign filler.
    Https,
    /// FTP control connection (TCP 21) with a RETR.
    FtpControl,
    /// FTP passive-mode data connection.
    FtpData,
    /// IRC (TCP 6660–6669).
    Irc,
    /// A SYN from a spoofed source, answered by a SYN-ACK that is never acknowledged.
    SpoofedSyn,
}

/// TCP header fields of one segment (ports come from the connection).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TcpFields {
    /// Control bits.
    pub flags: TcpFlags,
    /// Sequence number.
    pub seq: u32,
    /// Acknowledgment number (meaningful when `flags` has ACK).
    pub ack: u32,
    /// Receive window.
    pub window: u16,
    /// Maximum segment size option to carry (SYN and SYN-ACK only).
    pub mss_option: Option<u16>,
}

/// Application bytes of a packet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Payload {
    /// No payload.
    Empty,
    /// `len` bytes of filler; byte `i` is `b'a' + (offset + i) % 26`, so content is
    /// reproducible from the stream offset without being stored.
    Fill {
        /// Offset of the first byte in the sender's byte stream.
        offset: u64,
        /// Number of bytes.
        len: u32,
    },
    /// Literal bytes (protocol messages such as `GET /a.html HTTP/1.1`).
    Bytes(Arc<[u8]>),
}

impl Payload {
    /// Payload length in bytes.
    pub fn len(&self) -> usize {
        match self {
            Payload::Empty => 0,
            Payload::Fill { len, .. } => *len as usize,
            Payload::Bytes(b) => b.len(),
        }
    }

    /// True when there is no payload.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends the payload bytes to `out`.
    pub fn write_to(&self, out: &mut Vec<u8>) {
        match self {
            Payload::Empty => {}
            Payload::Fill { offset, len } => {
                let mut at = (offset % 26) as usize;
                let mut left = *len as usize;
                while left > 0 {
                    let part = FILL.get(at..).unwrap_or_default();
                    let n = left.min(part.len());
                    out.extend_from_slice(&part[..n]);
                    left -= n;
                    at = 0;
                }
            }
            Payload::Bytes(b) => out.extend_from_slice(b),
        }
    }

    /// The payload as one slice, without copying when it fits the filler pattern
    /// (every segment the generators make does); `None` when it must be assembled.
    fn as_slice(&self) -> Option<&[u8]> {
        match self {
            Payload::Empty => Some(&[]),
            Payload::Bytes(b) => Some(b),
            Payload::Fill { offset, len } => {
                let at = (offset % 26) as usize;
                FILL.get(at..at + *len as usize)
            }
        }
    }
}

/// `abc...z` repeated: filler payloads are slices of it. 1586 = 61 × 26 covers a
/// jumbo-free segment (at most 1472 bytes) from any phase.
static FILL: [u8; 1586] = {
    let mut a = [0u8; 1586];
    let mut i = 0;
    while i < a.len() {
        a[i] = b'a' + (i % 26) as u8;
        i += 1;
    }
    a
};

/// One packet of a connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// Simulated time in nanoseconds since the Unix epoch.
    pub ts_ns: u64,
    /// The end that sent it.
    pub side: Side,
    /// TCP fields; `None` for UDP.
    pub tcp: Option<TcpFields>,
    /// Application bytes.
    pub payload: Payload,
}

/// One connection: a 5-tuple and its packets in time order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Connection {
    /// Index in [`Trace::connections`](super::Trace::connections).
    pub id: u32,
    /// TCP or UDP.
    pub transport: Transport,
    /// What kind of traffic this is.
    pub app: App,
    /// Client address and port.
    pub client: SocketAddrV4,
    /// Server address and port.
    pub server: SocketAddrV4,
    /// Packets, sorted by `ts_ns` (ties keep causal order).
    pub packets: Vec<Segment>,
}

/// Locally administered MAC address derived from an IPv4 address (02:00:a:b:c:d),
/// so every host has a stable, distinct MAC.
pub fn mac_for(ip: Ipv4Addr) -> MacAddr {
    let [a, b, c, d] = ip.octets();
    MacAddr([0x02, 0x00, a, b, c, d])
}

impl Connection {
    /// Appends packet `index` as an Ethernet frame with the connection's own endpoints.
    /// Returns false (appending nothing) if `index` is out of range.
    pub fn write_frame(&self, index: usize, out: &mut Vec<u8>) -> bool {
        self.write_frame_with(index, self.client, self.server, out)
    }

    /// Appends packet `index` with the given endpoints instead of the recorded ones:
    /// client-sent packets go `client → server`, server-sent packets `server → client`.
    /// Checksums are computed for the given addresses.
    pub fn write_frame_with(
        &self,
        index: usize,
        client: SocketAddrV4,
        server: SocketAddrV4,
        out: &mut Vec<u8>,
    ) -> bool {
        let Some(seg) = self.packets.get(index) else {
            return false;
        };
        let (src, dst) = match seg.side {
            Side::Client => (client, server),
            Side::Server => (server, client),
        };
        let l3 = L3 {
            src_mac: mac_for(*src.ip()),
            dst_mac: mac_for(*dst.ip()),
            vlan: None,
            src: *src.ip(),
            dst: *dst.ip(),
            ttl: 64,
            // Distinct per packet of a connection, reproducible from the model alone.
            ident: (self.id as u16)
                .wrapping_mul(0x9e37)
                .wrapping_add(index as u16),
        };
        let assembled;
        let payload = match seg.payload.as_slice() {
            Some(p) => p,
            None => {
                let mut v = Vec::with_capacity(seg.payload.len());
                seg.payload.write_to(&mut v);
                assembled = v;
                &assembled
            }
        };
        match seg.tcp {
            Some(t) => {
                let options = match t.mss_option {
                    Some(mss) => {
                        let [hi, lo] = mss.to_be_bytes();
                        // RFC 9293 §3.2: kind 2, length 4, then the MSS.
                        OptionBytes::from_slice(&[2, 4, hi, lo]).unwrap_or(OptionBytes::EMPTY)
                    }
                    None => OptionBytes::EMPTY,
                };
                let repr = tcp::Repr {
                    src_port: src.port(),
                    dst_port: dst.port(),
                    seq_number: t.seq,
                    ack_number: if t.flags.contains(TcpFlags::ACK) {
                        t.ack
                    } else {
                        0
                    },
                    flags: t.flags,
                    window: t.window,
                    urgent: 0,
                    options,
                };
                write_tcp_frame(out, &l3, &repr, payload);
            }
            None => {
                let repr = udp::Repr {
                    src_port: src.port(),
                    dst_port: dst.port(),
                };
                write_udp_frame(out, &l3, &repr, payload);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filler_is_the_alphabet_indexed_by_stream_offset() {
        for (offset, len) in [(0u64, 5u32), (24, 4), (1_000_003, 1472), (7, 4000)] {
            let mut out = Vec::new();
            Payload::Fill { offset, len }.write_to(&mut out);
            let expect: Vec<u8> = (0..u64::from(len))
                .map(|i| b'a' + ((offset + i) % 26) as u8)
                .collect();
            assert_eq!(out, expect);
            let fill = Payload::Fill { offset, len };
            let fast = fill.as_slice();
            assert!(
                fast.is_none_or(|f| f == expect),
                "slice differs at offset {offset}"
            );
        }
        assert!(
            Payload::Fill {
                offset: 25,
                len: 1472
            }
            .as_slice()
            .is_some()
        );
    }
}
