//! Packet-level lifecycles: a list of application messages becomes TCP segments
//! (handshake, MSS segmentation, delayed ACKs, FIN or RST teardown) or UDP datagrams,
//! with simulated timestamps.
//!
//! Timing model (documented in docs/TRACE.md): times are as seen at a middlebox next
//! to the client. A reply to a packet appears one `rtt/2` later (the "delay"); a
//! sender transmits back to back at the link rate; the receiver ACKs every second
//! full segment and the last segment of each message (RFC 9293 §3.8.6.3 delayed ACK);
//! the next message starts when the previous one has arrived, plus 1 µs of processing.

use std::collections::VecDeque;
use std::sync::Arc;

use rand::Rng;
use wire::TcpFlags;

use super::model::{Payload, Segment, Side, TcpFields};

/// Receive window advertised by both ends (no window scaling).
const WINDOW: u16 = 64_240;
/// Application processing time between receiving a message and answering it.
const THINK_NS: u64 = 1_000;
/// Ethernet + IPv4 + TCP header bytes, for serialisation time.
const TCP_OVERHEAD: u64 = 54;
/// Ethernet + IPv4 + UDP header bytes.
const UDP_OVERHEAD: u64 = 42;

/// Network parameters of one flow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Timing {
    /// Round-trip time in nanoseconds.
    pub rtt_ns: u64,
    /// Link rate in bits per second.
    pub link_bps: u64,
    /// TCP maximum segment size (payload bytes per segment); also bounds UDP
    /// datagram payloads at `mss + 12` (same 1500-byte IP packet).
    pub mss: u16,
}

impl Timing {
    fn delay(&self) -> u64 {
        self.rtt_ns / 2
    }

    /// Nanoseconds to put `bytes` on the wire.
    pub(crate) fn ser(&self, bytes: u64) -> u64 {
        (bytes * 8 * 1_000_000_000).div_ceil(self.link_bps.max(1))
    }
}

/// Bytes a message carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Body {
    /// That many filler bytes.
    Fill(u64),
    /// Literal protocol text.
    Bytes(Vec<u8>),
}

/// One application message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Message {
    pub side: Side,
    pub body: Body,
    /// Extra idle time before the message is sent (e.g. an FTP transfer in between).
    pub gap_ns: u64,
}

impl Message {
    pub(crate) fn new(side: Side, body: Body) -> Self {
        Message {
            side,
            body,
            gap_ns: 0,
        }
    }

    pub(crate) fn text(side: Side, text: &str) -> Self {
        Self::new(side, Body::Bytes(text.as_bytes().to_vec()))
    }
}

/// How a TCP connection ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Teardown {
    /// FIN from `closer`, FIN from the peer, final ACK.
    Fin(Side),
    /// A single RST from `closer`.
    Rst(Side),
}

/// The packets of one flow, plus when each message started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Built {
    pub packets: Vec<Segment>,
    pub message_ns: Vec<u64>,
    pub end_ns: u64,
}

/// Splits a message body into payloads of at most `max` bytes; `stream` is the
/// sender's byte-stream offset (for reproducible filler).
fn chunks(body: &Body, max: usize, stream: u64) -> Vec<Payload> {
    let max = max.max(1);
    match body {
        Body::Fill(n) => {
            let mut out = Vec::new();
            let mut done = 0;
            while done < *n {
                let len = (*n - done).min(max as u64);
                out.push(Payload::Fill {
                    offset: stream + done,
                    len: len as u32,
                });
                done += len;
            }
            out
        }
        Body::Bytes(b) => b
            .chunks(max)
            .map(|c| Payload::Bytes(Arc::from(c)))
            .collect(),
    }
}

/// Sequence state of one TCP end.
#[derive(Debug, Clone, Copy)]
struct End {
    next: u32,
    sent: u64,
}

/// Builds a full TCP lifecycle starting at `start_ns`.
pub(crate) fn tcp_flow<R: Rng + ?Sized>(
    rng: &mut R,
    start_ns: u64,
    timing: Timing,
    messages: &[Message],
    teardown: Teardown,
) -> Built {
    let d = timing.delay();
    let mut ends = [
        End {
            next: rng.random(),
            sent: 0,
        },
        End {
            next: rng.random(),
            sent: 0,
        },
    ];
    let idx = |s: Side| match s {
        Side::Client => 0,
        Side::Server => 1,
    };
    let mut out = Vec::new();
    let seg = |ts, side, flags, seq, ack, mss, payload| Segment {
        ts_ns: ts,
        side,
        tcp: Some(TcpFields {
            flags,
            seq,
            ack,
            window: WINDOW,
            mss_option: mss,
        }),
        payload,
    };
    // RFC 9293 §3.5 three-way handshake; SYN and SYN-ACK each consume one sequence number.
    let (c, s) = (ends[0].next, ends[1].next);
    out.push(seg(
        start_ns,
        Side::Client,
        TcpFlags::SYN,
        c,
        0,
        Some(timing.mss),
        Payload::Empty,
    ));
    let syn_ack = TcpFlags(TcpFlags::SYN.0 | TcpFlags::ACK.0);
    out.push(seg(
        start_ns + d,
        Side::Server,
        syn_ack,
        s,
        c.wrapping_add(1),
        Some(timing.mss),
        Payload::Empty,
    ));
    ends[0].next = c.wrapping_add(1);
    ends[1].next = s.wrapping_add(1);
    let mut now = start_ns + 2 * d;
    out.push(seg(
        now,
        Side::Client,
        TcpFlags::ACK,
        ends[0].next,
        ends[1].next,
        None,
        Payload::Empty,
    ));
    now += THINK_NS;

    let psh_ack = TcpFlags(TcpFlags::PSH.0 | TcpFlags::ACK.0);
    let mut message_ns = Vec::with_capacity(messages.len());
    for m in messages {
        let (tx, rx) = (idx(m.side), 1 - idx(m.side));
        let receiver = if m.side == Side::Client {
            Side::Server
        } else {
            Side::Client
        };
        now += m.gap_ns;
        message_ns.push(now);
        let parts = chunks(&m.body, usize::from(timing.mss), ends[tx].sent);
        let n = parts.len();
        let mut t = now;
        // ACKs the sender has yet to see: (time, stream offset acknowledged). The
        // sender keeps at most WINDOW bytes unacknowledged (RFC 9293 §3.8.6).
        let mut pending: VecDeque<(u64, u64)> = VecDeque::new();
        let mut acked = ends[tx].sent;
        for (k, p) in parts.into_iter().enumerate() {
            let len = p.len() as u32;
            let last = k + 1 == n;
            let end = ends[tx].sent + u64::from(len);
            while end - acked >= u64::from(WINDOW) {
                let Some((at, off)) = pending.pop_front() else {
                    break;
                };
                t = t.max(at);
                acked = off;
            }
            let flags = if last { psh_ack } else { TcpFlags::ACK };
            out.push(seg(t, m.side, flags, ends[tx].next, ends[rx].next, None, p));
            ends[tx].next = ends[tx].next.wrapping_add(len);
            ends[tx].sent += u64::from(len);
            if k % 2 == 1 || last {
                out.push(seg(
                    t + d,
                    receiver,
                    TcpFlags::ACK,
                    ends[rx].next,
                    ends[tx].next,
                    None,
                    Payload::Empty,
                ));
                pending.push_back((t + d, ends[tx].sent));
            }
            if last {
                now = t + d + THINK_NS;
            } else {
                t += timing.ser(u64::from(len) + TCP_OVERHEAD);
            }
        }
    }

    let fin_ack = TcpFlags(TcpFlags::FIN.0 | TcpFlags::ACK.0);
    match teardown {
        Teardown::Fin(closer) => {
            let (a, b) = (idx(closer), 1 - idx(closer));
            let peer = if closer == Side::Client {
                Side::Server
            } else {
                Side::Client
            };
            out.push(seg(
                now,
                closer,
                fin_ack,
                ends[a].next,
                ends[b].next,
                None,
                Payload::Empty,
            ));
            ends[a].next = ends[a].next.wrapping_add(1);
            out.push(seg(
                now + d,
                peer,
                fin_ack,
                ends[b].next,
                ends[a].next,
                None,
                Payload::Empty,
            ));
            ends[b].next = ends[b].next.wrapping_add(1);
            now += 2 * d;
            out.push(seg(
                now,
                closer,
                TcpFlags::ACK,
                ends[a].next,
                ends[b].next,
                None,
                Payload::Empty,
            ));
        }
        Teardown::Rst(closer) => {
            let (a, b) = (idx(closer), 1 - idx(closer));
            let rst_ack = TcpFlags(TcpFlags::RST.0 | TcpFlags::ACK.0);
            out.push(seg(
                now,
                closer,
                rst_ack,
                ends[a].next,
                ends[b].next,
                None,
                Payload::Empty,
            ));
        }
    }
    out.sort_by_key(|p| p.ts_ns);
    Built {
        packets: out,
        message_ns,
        end_ns: now,
    }
}

/// Builds a UDP exchange: each message is sent as datagrams of at most `mss + 12`
/// payload bytes (a 1500-byte IP packet for the default MSS of 1460).
pub(crate) fn udp_flow(start_ns: u64, timing: Timing, messages: &[Message]) -> Built {
    let d = timing.delay();
    let max = usize::from(timing.mss) + 12;
    let mut out = Vec::new();
    let mut sent = [0u64; 2];
    let mut now = start_ns;
    let mut message_ns = Vec::with_capacity(messages.len());
    for m in messages {
        now += m.gap_ns;
        message_ns.push(now);
        let i = usize::from(m.side == Side::Server);
        let parts = chunks(&m.body, max, sent[i]);
        let mut t = now;
        for p in parts {
            let len = p.len() as u64;
            out.push(Segment {
                ts_ns: t,
                side: m.side,
                tcp: None,
                payload: p,
            });
            sent[i] += len;
            t += timing.ser(len + UDP_OVERHEAD);
        }
        now = t + d + THINK_NS;
    }
    Built {
        packets: out,
        message_ns,
        end_ns: now,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    const TIMING: Timing = Timing {
        rtt_ns: 100_000,
        link_bps: 10_000_000_000,
        mss: 1460,
    };

    fn flags(b: &Built) -> Vec<(Side, u16, usize)> {
        b.packets
            .iter()
            .map(|p| (p.side, p.tcp.map_or(0, |t| t.flags.0), p.payload.len()))
            .collect()
    }

    #[test]
    fn request_response_lifecycle_segments_and_acks() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let msgs = [
            Message::new(Side::Client, Body::Fill(100)),
            Message::new(Side::Server, Body::Fill(3000)),
        ];
        let b = tcp_flow(&mut rng, 1_000, TIMING, &msgs, Teardown::Fin(Side::Client));
        let (c, s) = (Side::Client, Side::Server);
        // SYN, SYN-ACK, ACK; request + its ACK; 1460, 1460 (ACK), 80 (ACK); FIN, FIN, ACK.
        assert_eq!(
            flags(&b),
            vec![
                (c, 0x02, 0),
                (s, 0x12, 0),
                (c, 0x10, 0),
                (c, 0x18, 100),
                (s, 0x10, 0),
                (s, 0x10, 1460),
                (s, 0x10, 1460),
                (s, 0x18, 80),
                (c, 0x10, 0),
                (c, 0x10, 0),
                (c, 0x11, 0),
                (s, 0x11, 0),
                (c, 0x10, 0),
            ]
        );
        let t: Vec<u64> = b.packets.iter().map(|p| p.ts_ns).collect();
        assert!(t.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(t[1] - t[0], 50_000, "SYN-ACK one RTT/2 after the SYN");
        // The client's FIN acknowledges all 3000 response bytes plus the SYN.
        let syn_ack = b.packets[1].tcp.map(|t| t.seq).unwrap_or_default();
        let fin = b.packets[10].tcp.map(|t| t.ack).unwrap_or_default();
        assert_eq!(fin, syn_ack.wrapping_add(1 + 3000));
    }

    #[test]
    fn sender_never_exceeds_the_receive_window() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let msgs = [Message::new(Side::Server, Body::Fill(500_000))];
        let b = tcp_flow(&mut rng, 0, TIMING, &msgs, Teardown::Rst(Side::Server));
        let mut highest_ack = None;
        for p in &b.packets {
            let Some(t) = p.tcp else { continue };
            match p.side {
                Side::Client if t.flags == TcpFlags::ACK => highest_ack = Some(t.ack),
                Side::Server if !p.payload.is_empty() => {
                    if let Some(a) = highest_ack {
                        let in_flight = t.seq.wrapping_add(p.payload.len() as u32).wrapping_sub(a);
                        assert!(in_flight < u32::from(WINDOW), "{in_flight} bytes in flight");
                    }
                }
                _ => {}
            }
        }
        assert!(
            flags(&b).last().is_some_and(|l| l.1 == 0x14),
            "ends with RST/ACK"
        );
    }

    #[test]
    fn udp_messages_become_datagrams_of_at_most_1472_bytes() {
        let msgs = [
            Message::text(Side::Client, "q"),
            Message::new(Side::Server, Body::Fill(3000)),
        ];
        let b = udp_flow(0, TIMING, &msgs);
        let lens: Vec<usize> = b.packets.iter().map(|p| p.payload.len()).collect();
        assert_eq!(lens, vec![1, 1472, 1472, 56]);
        assert!(b.packets.iter().all(|p| p.tcp.is_none()));
    }
}
