//! Trace statistics: packets, bytes, flows, completed TCP handshakes, protocol mix,
//! frame-size histogram and flow-size percentiles.
//!
//! Built incrementally ([`StatsBuilder::add`]) so a faulty file still yields the
//! statistics of every packet read before the fault ([`read_stats`] returns both).
//! Frames are parsed with `wire::parse_frame`; a frame that does not parse is counted
//! as malformed, not fatal.

use std::collections::HashMap;
use std::io::Read;

use wire::flow::FlowKey;
use wire::headers::{Network, Transport, parse_frame};
use wire::{IpProtocol, TcpFlags};

use crate::error::PcapError;
use crate::pcap::{Format, Packet, PcapReader};

/// Upper bounds (exclusive) of the frame-size histogram buckets, in bytes without
/// FCS; the last bucket is everything from 1519 up (jumbo frames).
const BUCKETS: [u32; 6] = [64, 128, 256, 512, 1024, 1519];

/// Packets per transport protocol.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct ProtocolMix {
    /// IPv4/TCP packets.
    pub tcp: u64,
    /// IPv4/UDP packets.
    pub udp: u64,
    /// IPv4/ICMP packets.
    pub icmp: u64,
    /// Other IPv4 protocols and IPv4 fragments.
    pub other_ipv4: u64,
    /// Frames that are not IPv4 (ARP, IPv6, ...).
    pub non_ipv4: u64,
    /// Frames whose headers do not parse (truncated or malformed).
    pub malformed: u64,
}

/// One histogram bucket: frames of `min..=max` bytes (`max` absent: no upper bound).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SizeBucket {
    /// Smallest frame length in the bucket.
    pub min: u32,
    /// Largest frame length in the bucket, if bounded.
    pub max: Option<u32>,
    /// Number of frames.
    pub packets: u64,
}

/// Distribution of bytes per flow (L4 payload bytes, both directions).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct FlowSizePercentiles {
    /// Smallest flow.
    pub min: u64,
    /// Median (nearest-rank).
    pub p50: u64,
    /// 90th percentile.
    pub p90: u64,
    /// 99th percentile.
    pub p99: u64,
    /// 99.9th percentile.
    pub p999: u64,
    /// Largest flow.
    pub max: u64,
    /// Arithmetic mean.
    pub mean: f64,
}

/// Statistics of a trace.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct TraceStats {
    /// Packets read.
    pub packets: u64,
    /// Bytes on the wire (sum of original lengths, FCS excluded).
    pub bytes: u64,
    /// Bytes captured (sum of stored lengths).
    pub captured_bytes: u64,
    /// Timestamp of the first packet, ns since the epoch.
    pub first_ts_ns: Option<u64>,
    /// Timestamp of the last packet.
    pub last_ts_ns: Option<u64>,
    /// Packets per protocol.
    pub protocols: ProtocolMix,
    /// Distinct IPv4 flows (5-tuples, both directions counted as one).
    pub flows: u64,
    /// Of those, TCP flows.
    pub tcp_flows: u64,
    /// Of those, UDP flows.
    pub udp_flows: u64,
    /// TCP flows that complete a three-way handshake (SYN; SYN-ACK acknowledging it;
    /// ACK of the SYN-ACK from the SYN's sender).
    pub tcp_handshakes: u64,
    /// TCP packets with SYN set and ACK clear (connection attempts).
    pub syn_packets: u64,
    /// TCP packets with SYN and ACK set.
    pub syn_ack_packets: u64,
    /// IPv4 packets whose IPv4 or TCP/UDP/ICMP checksum does not verify.
    pub bad_checksums: u64,
    /// Frame-size histogram.
    pub sizes: Vec<SizeBucket>,
    /// Bytes per flow; `None` when there are no flows.
    pub flow_bytes: Option<FlowSizePercentiles>,
    /// First frame that did not parse: its packet number and the parser's message.
    pub first_malformed: Option<(u64, String)>,
}

/// Handshake progress of one TCP flow (RFC 9293 §3.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Handshake {
    None,
    /// SYN seen from the side whose key is canonical (`from_canonical`), with its ISN.
    Syn {
        from_canonical: bool,
        isn: u32,
    },
    /// SYN-ACK seen; waiting for the ACK of the server's ISN.
    SynAck {
        from_canonical: bool,
        server_isn: u32,
    },
    Done,
}

#[derive(Debug, Clone, Copy)]
struct FlowState {
    payload: u64,
    handshake: Handshake,
}

/// Accumulates [`TraceStats`] packet by packet.
#[derive(Debug, Default)]
pub struct StatsBuilder {
    stats: TraceStats,
    buckets: [u64; BUCKETS.len() + 1],
    flows: HashMap<FlowKey, FlowState>,
}

impl StatsBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Counts one packet.
    pub fn add(&mut self, p: &Packet) {
        let s = &mut self.stats;
        s.packets += 1;
        s.bytes += u64::from(p.orig_len);
        s.captured_bytes += p.data.len() as u64;
        s.first_ts_ns.get_or_insert(p.ts_ns);
        s.last_ts_ns = Some(p.ts_ns);
        let bucket = BUCKETS
            .iter()
            .position(|&b| p.orig_len < b)
            .unwrap_or(BUCKETS.len());
        self.buckets[bucket] += 1;

        let h = match parse_frame(&p.data) {
            Ok(h) => h,
            Err(e) => {
                s.protocols.malformed += 1;
                s.first_malformed.get_or_insert((s.packets, e.to_string()));
                return;
            }
        };
        let Network::Ipv4 { ip, transport } = &h.network else {
            s.protocols.non_ipv4 += 1;
            return;
        };
        if !h.checksums().all_ok() {
            s.bad_checksums += 1;
        }
        match transport {
            Transport::Tcp(_) => s.protocols.tcp += 1,
            Transport::Udp(_) => s.protocols.udp += 1,
            Transport::Icmp(_) => s.protocols.icmp += 1,
            Transport::Fragment | Transport::Other(_) => s.protocols.other_ipv4 += 1,
        }
        let Some(key) = FlowKey::from_headers(&h) else {
            return;
        };
        let canonical = key.canonical();
        let from_canonical = key == canonical;
        let payload = match transport {
            Transport::Tcp(_) | Transport::Udp(_) => h.payload().len() as u64,
            _ => u64::from(ip.total_len()).saturating_sub(ip.header_len() as u64),
        };
        let flow = self.flows.entry(canonical).or_insert(FlowState {
            payload: 0,
            handshake: Handshake::None,
        });
        flow.payload += payload;
        if let Transport::Tcp(t) = transport {
            let flags = t.flags();
            let (syn, ack) = (flags.contains(TcpFlags::SYN), flags.contains(TcpFlags::ACK));
            match (syn, ack) {
                (true, false) => s.syn_packets += 1,
                (true, true) => s.syn_ack_packets += 1,
                _ => {}
            }
            flow.handshake = step(
                flow.handshake,
                from_canonical,
                syn,
                ack,
                t.seq_number(),
                t.ack_number(),
            );
        }
    }

    /// The statistics so far.
    pub fn finish(&self) -> TraceStats {
        let mut s = self.stats.clone();
        s.sizes = self
            .buckets
            .iter()
            .enumerate()
            .map(|(i, &packets)| SizeBucket {
                min: if i == 0 { 0 } else { BUCKETS[i - 1] },
                max: BUCKETS.get(i).map(|b| b - 1),
                packets,
            })
            .collect();
        s.flows = self.flows.len() as u64;
        s.tcp_flows = self
            .flows
            .keys()
            .filter(|k| k.protocol == IpProtocol::Tcp)
            .count() as u64;
        s.udp_flows = self
            .flows
            .keys()
            .filter(|k| k.protocol == IpProtocol::Udp)
            .count() as u64;
        s.tcp_handshakes = self
            .flows
            .values()
            .filter(|f| f.handshake == Handshake::Done)
            .count() as u64;
        let mut sizes: Vec<u64> = self.flows.values().map(|f| f.payload).collect();
        s.flow_bytes = percentiles(&mut sizes);
        s
    }
}

/// Advances a flow's handshake state with one TCP segment.
fn step(
    h: Handshake,
    from_canonical: bool,
    syn: bool,
    ack: bool,
    seq: u32,
    ack_no: u32,
) -> Handshake {
    match (h, syn, ack) {
        (Handshake::Done, _, _) => Handshake::Done,
        (_, true, false) => Handshake::Syn {
            from_canonical,
            isn: seq,
        },
        (
            Handshake::Syn {
                from_canonical: c,
                isn,
            },
            true,
            true,
        ) if c != from_canonical && ack_no == isn.wrapping_add(1) => Handshake::SynAck {
            from_canonical: c,
            server_isn: seq,
        },
        (
            Handshake::SynAck {
                from_canonical: c,
                server_isn,
            },
            false,
            true,
        ) if c == from_canonical && ack_no == server_isn.wrapping_add(1) => Handshake::Done,
        (h, _, _) => h,
    }
}

/// Nearest-rank percentiles; sorts `v`.
fn percentiles(v: &mut [u64]) -> Option<FlowSizePercentiles> {
    v.sort_unstable();
    let n = v.len();
    let rank = |p: f64| -> u64 {
        let i = ((p / 100.0) * n as f64).ceil() as usize;
        v.get(i.clamp(1, n) - 1).copied().unwrap_or(0)
    };
    Some(FlowSizePercentiles {
        min: *v.first()?,
        p50: rank(50.0),
        p90: rank(90.0),
        p99: rank(99.0),
        p999: rank(99.9),
        max: *v.last()?,
        mean: v.iter().map(|&x| x as f64).sum::<f64>() / n as f64,
    })
}

/// Statistics of a whole file, or of everything before its fault.
#[derive(Debug, serde::Serialize)]
pub struct StatsReport {
    /// The container format, if the file header could be read.
    pub format: Option<Format>,
    /// Statistics of every packet read.
    pub stats: TraceStats,
    /// The fault that ended reading early, if any.
    #[serde(serialize_with = "error_as_text")]
    pub error: Option<PcapError>,
}

fn error_as_text<S: serde::Serializer>(e: &Option<PcapError>, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeStruct;
    match e {
        None => s.serialize_none(),
        Some(e) => {
            let at = e.position();
            let mut st = s.serialize_struct("Error", 3)?;
            st.serialize_field("message", &e.to_string())?;
            st.serialize_field("offset", &at.map(|a| a.offset))?;
            st.serialize_field("packet", &at.map(|a| a.packet))?;
            st.end()
        }
    }
}

/// Reads a capture to its end or its first fault and returns the statistics of
/// everything read, plus the fault.
pub fn read_stats<R: Read>(src: R) -> StatsReport {
    let mut reader = match PcapReader::new(src) {
        Ok(r) => r,
        Err(e) => {
            return StatsReport {
                format: None,
                stats: StatsBuilder::new().finish(),
                error: Some(e),
            };
        }
    };
    let format = Some(reader.format());
    let mut builder = StatsBuilder::new();
    let mut error = None;
    for item in &mut reader {
        match item {
            Ok(p) => builder.add(&p),
            Err(e) => error = Some(e),
        }
    }
    StatsReport {
        format,
        stats: builder.finish(),
        error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handshake_needs_matching_numbers_in_order() {
        let h = step(Handshake::None, true, true, false, 100, 0);
        // A SYN-ACK from the same side, or acknowledging the wrong number, does nothing.
        assert_eq!(step(h, true, true, true, 7, 101), h);
        assert_eq!(step(h, false, true, true, 7, 100), h);
        let h = step(h, false, true, true, 7, 101);
        assert_eq!(
            step(h, true, false, true, 101, 9),
            h,
            "ACK of the wrong number"
        );
        assert_eq!(step(h, true, false, true, 101, 8), Handshake::Done);
    }

    #[test]
    fn nearest_rank_percentiles() {
        let mut v: Vec<u64> = (1..=100).rev().collect();
        let p = percentiles(&mut v).unwrap_or_default();
        assert_eq!(
            (p.min, p.p50, p.p90, p.p99, p.p999, p.max),
            (1, 50, 90, 99, 100, 100)
        );
        assert!((p.mean - 50.5).abs() < 1e-12);
        assert!(percentiles(&mut []).is_none());
    }

    #[test]
    fn counts_protocols_and_malformed_frames() {
        let mut b = StatsBuilder::new();
        let l3 = wire::build::L3 {
            src_mac: wire::MacAddr([2, 0, 0, 0, 0, 1]),
            dst_mac: wire::MacAddr([2, 0, 0, 0, 0, 2]),
            vlan: None,
            src: wire::Ipv4Addr::new(10, 0, 0, 1),
            dst: wire::Ipv4Addr::new(10, 0, 0, 2),
            ttl: 64,
            ident: 1,
        };
        let udp = wire::build::udp_frame(
            &l3,
            &wire::udp::Repr {
                src_port: 1,
                dst_port: 2,
            },
            b"hello",
        );
        for data in [udp.clone(), udp[..20].to_vec()] {
            b.add(&Packet {
                ts_ns: 5,
                orig_len: data.len() as u32,
                data,
            });
        }
        let s = b.finish();
        assert_eq!(
            (s.packets, s.protocols.udp, s.protocols.malformed),
            (2, 1, 1)
        );
        assert_eq!(s.first_malformed.map(|m| m.0), Some(2));
        assert_eq!((s.flows, s.udp_flows), (1, 1));
        assert_eq!(s.flow_bytes.map(|f| f.max), Some(5));
        assert_eq!(s.sizes[0].packets, 2, "47 and 20 bytes are both under 64");
    }
}
