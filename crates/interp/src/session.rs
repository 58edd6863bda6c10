//! Session reconstruction: CoMb's reusable session module (NSDI'12 §6.3).
//!
//! One table of bidirectional sessions (IPv4 TCP or UDP, keyed by the
//! direction-invariant 5-tuple) that, for every packet it observes, finds the
//! packet's session, tells its direction (the sender of the first packet seen
//! is the initiator), advances a simplified TCP state machine, keeps per
//! direction packet and payload-byte counts and the sequence bookkeeping of
//! each byte stream, and returns the result as a [`SessionView`]. Programs read
//! it as `session.NAME` (docs/LANGUAGE.md). An [`crate::Interpreter`] whose
//! program reads it keeps its own table; a consolidated box computes one view
//! per packet and hands it to every application that declares the module
//! ([`crate::Interpreter::process_with`]).
//!
//! Bounded: at most `capacity` sessions; when full, idle sessions are swept and,
//! if there is still no room, the packet is left untracked (`session.valid` is
//! false) and counted ([`SessionTable::untracked`]). Time is passed in.

use rustc_hash::FxHashMap;

use crate::packet::Layout;
use ir::SessionField;

/// TCP states of `session.state` (UDP sessions stay [`state::NONE`]).
pub mod state {
    /// Not TCP (or no session).
    pub const NONE: u8 = 0;
    /// The initiator's SYN was seen.
    pub const SYN_SENT: u8 = 1;
    /// The responder's SYN-ACK was seen.
    pub const SYN_RECEIVED: u8 = 2;
    /// Handshake completed, or the session was picked up mid-stream.
    pub const ESTABLISHED: u8 = 3;
    /// A FIN was seen in one direction.
    pub const CLOSING: u8 = 4;
    /// FINs in both directions, or a RST.
    pub const CLOSED: u8 = 5;
}

/// Default bound on tracked sessions.
pub const DEFAULT_CAPACITY: usize = 65_536;
/// Default idle timeout: a session silent this long is forgotten.
pub const DEFAULT_IDLE_NS: u64 = 300_000_000_000;

const FIN: u8 = 0x01;
const SYN: u8 = 0x02;
const RST: u8 = 0x04;
const ACK: u8 = 0x10;

/// The session module's results for one packet (all zero / false when the
/// packet has no tracked session).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SessionView {
    /// IPv4 TCP/UDP with a tracked session.
    pub valid: bool,
    /// This packet created the session's entry.
    pub new: bool,
    /// Responder → initiator.
    pub reply: bool,
    /// TCP state after the packet ([`state`]).
    pub state: u8,
    /// Packets from the initiator (this one included).
    pub orig_packets: u32,
    /// Packets from the responder (this one included).
    pub reply_packets: u32,
    /// Payload bytes from the initiator (this packet's included).
    pub orig_bytes: u64,
    /// Payload bytes from the responder (this packet's included).
    pub reply_bytes: u64,
    /// Offset of this packet's payload in its direction's stream.
    pub offset: u32,
    /// The segment continues its stream in order (always true for UDP).
    pub in_order: bool,
}

impl SessionView {
    /// One result as the interpreter's slot value.
    pub fn get(&self, f: SessionField) -> u64 {
        match f {
            SessionField::Valid => u64::from(self.valid),
            SessionField::New => u64::from(self.new),
            SessionField::Reply => u64::from(self.reply),
            SessionField::State => u64::from(self.state),
            SessionField::OrigPackets => u64::from(self.orig_packets),
            SessionField::ReplyPackets => u64::from(self.reply_packets),
            SessionField::OrigBytes => self.orig_bytes,
            SessionField::ReplyBytes => self.reply_bytes,
            SessionField::Offset => u64::from(self.offset),
            SessionField::InOrder => u64::from(self.in_order),
        }
    }
}

/// Direction-invariant key: protocol, then the lower (address, port) end, then the higher.
type Key = (u8, u32, u16, u32, u16);

/// One direction's stream bookkeeping.
#[derive(Clone, Copy, Debug, Default)]
struct Stream {
    packets: u32,
    bytes: u64,
    /// Sequence number of stream offset 0 (TCP: ISN + 1).
    base: Option<u32>,
    /// Next expected sequence number (TCP) once known.
    next: Option<u32>,
    fin: bool,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The initiator is the lower end of the key.
    initiator_low: bool,
    state: u8,
    last_ns: u64,
    /// Initiator's stream, responder's stream.
    dirs: [Stream; 2],
}

/// A bounded table of sessions.
#[derive(Clone, Debug)]
pub struct SessionTable {
    map: FxHashMap<Key, Entry>,
    capacity: usize,
    idle_ns: u64,
    untracked: u64,
    observed: u64,
}

impl Default for SessionTable {
    fn default() -> Self {
        SessionTable::new(DEFAULT_CAPACITY, DEFAULT_IDLE_NS)
    }
}

fn be16(f: &[u8], at: usize) -> u16 {
    f.get(at..at + 2)
        .map_or(0, |b| u16::from_be_bytes([b[0], b[1]]))
}

fn be32(f: &[u8], at: usize) -> u32 {
    f.get(at..at + 4)
        .map_or(0, |b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
}

/// Whether `a` is after `b` in sequence space.
fn seq_after(a: u32, b: u32) -> bool {
    (a.wrapping_sub(b) as i32) > 0
}

impl SessionTable {
    /// A table of at most `capacity` sessions (at least 1) that forgets a
    /// session idle for `idle_ns`.
    pub fn new(capacity: usize, idle_ns: u64) -> SessionTable {
        SessionTable {
            map: FxHashMap::default(),
            capacity: capacity.max(1),
            idle_ns,
            untracked: 0,
            observed: 0,
        }
    }

    /// Sessions held (idle ones included until swept).
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether no session is held.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Packets that had a session but found the table full (left untracked).
    pub fn untracked(&self) -> u64 {
        self.untracked
    }

    /// Packets observed.
    pub fn observed(&self) -> u64 {
        self.observed
    }

    /// Heap bytes the table holds: its buckets (key and entry) plus one control
    /// byte each, as the standard hash table lays them out.
    pub fn heap_bytes(&self) -> usize {
        self.map.capacity() * (size_of::<(Key, Entry)>() + 1)
    }

    /// Observes one frame at `now_ns` and returns the session's results.
    pub fn observe(&mut self, frame: &[u8], now_ns: u64) -> SessionView {
        self.observe_layout(frame, &Layout::parse(frame), now_ns)
    }

    /// [`SessionTable::observe`] with the headers already located (`parsed`
    /// must be [`crate::Parsed::of`] this frame as it is now).
    pub fn observe_parsed(
        &mut self,
        frame: &[u8],
        parsed: &crate::Parsed,
        now_ns: u64,
    ) -> SessionView {
        self.observe_layout(frame, &parsed.0, now_ns)
    }

    pub(crate) fn observe_layout(
        &mut self,
        frame: &[u8],
        layout: &Layout,
        now_ns: u64,
    ) -> SessionView {
        self.observed += 1;
        let Some(l3) = layout.l3() else {
            return SessionView::default();
        };
        let (l4, tcp) = match (layout.tcp(), layout.udp()) {
            (Some(t), _) => (t, true),
            (None, Some(u)) => (u, false),
            _ => return SessionView::default(),
        };
        let proto = if tcp { 6 } else { 17 };
        let src = (be32(frame, l3 + 12), be16(frame, l4));
        let dst = (be32(frame, l3 + 16), be16(frame, l4 + 2));
        let src_low = src <= dst;
        let (lo, hi) = if src_low { (src, dst) } else { (dst, src) };
        let key = (proto, lo.0, lo.1, hi.0, hi.1);
        let flags = if tcp {
            frame.get(l4 + 13).copied().unwrap_or(0)
        } else {
            0
        };
        let seq = if tcp { be32(frame, l4 + 4) } else { 0 };
        let len = layout.payload(frame).len();
        let syn_only = flags & (SYN | ACK) == SYN;

        let idle = self.idle_ns;
        let live = |e: &Entry| now_ns.saturating_sub(e.last_ns) < idle;
        let stale = match self.map.get(&key) {
            None => true,
            Some(e) => !live(e) || (tcp && syn_only && e.state == state::CLOSED),
        };
        let mut new = false;
        if stale {
            if !self.map.contains_key(&key) && self.map.len() >= self.capacity {
                self.map.retain(|_, e| live(e));
                if self.map.len() >= self.capacity {
                    self.untracked += 1;
                    return SessionView::default();
                }
            }
            let state = match (tcp, syn_only) {
                (false, _) => state::NONE,
                (true, true) => state::SYN_SENT,
                (true, false) => state::ESTABLISHED,
            };
            self.map.insert(
                key,
                Entry {
                    initiator_low: src_low,
                    state,
                    last_ns: now_ns,
                    dirs: [Stream::default(); 2],
                },
            );
            new = true;
        }
        let Some(e) = self.map.get_mut(&key) else {
            return SessionView::default();
        };
        e.last_ns = now_ns;
        let reply = src_low != e.initiator_low;
        let d = usize::from(reply);

        // TCP state.
        if tcp && !new {
            let s = e.state;
            e.state = if flags & RST != 0 {
                state::CLOSED
            } else if s == state::SYN_SENT && reply && flags & (SYN | ACK) == SYN | ACK {
                state::SYN_RECEIVED
            } else if s == state::SYN_RECEIVED && !reply && flags & (SYN | ACK) == ACK {
                state::ESTABLISHED
            } else {
                s
            };
        }
        if tcp && flags & FIN != 0 && e.state != state::CLOSED {
            e.dirs[d].fin = true;
            e.state = if e.dirs[0].fin && e.dirs[1].fin {
                state::CLOSED
            } else {
                state::CLOSING
            };
        }

        // Stream bookkeeping.
        let st = &mut e.dirs[d];
        st.packets = st.packets.wrapping_add(1);
        st.bytes = st.bytes.wrapping_add(len as u64);
        let (offset, in_order) = if tcp {
            let syn = flags & SYN != 0;
            if syn && st.base.is_none() {
                st.base = Some(seq.wrapping_add(1));
                st.next = Some(seq.wrapping_add(1));
            }
            // Picked up mid-stream: this segment starts the stream.
            let base = *st.base.get_or_insert(seq);
            let next = *st.next.get_or_insert(seq);
            let data_seq = if syn { seq.wrapping_add(1) } else { seq };
            let end = data_seq
                .wrapping_add(len as u32)
                .wrapping_add(u32::from(flags & FIN != 0));
            let in_order = data_seq == next;
            if in_order || seq_after(data_seq, next) {
                // In order, or after a gap (resynchronise on it).
                st.next = Some(end);
            }
            (data_seq.wrapping_sub(base), in_order)
        } else {
            ((st.bytes - len as u64) as u32, true)
        };
        let [o, r] = e.dirs;
        SessionView {
            valid: true,
            new,
            reply,
            state: e.state,
            orig_packets: o.packets,
            reply_packets: r.packets,
            orig_bytes: o.bytes,
            reply_bytes: r.bytes,
            offset,
            in_order,
        }
    }

    /// The table as JSON at `now_ns` (live sessions, sorted by key).
    pub fn to_json(&self, now_ns: u64) -> serde_json::Value {
        let mut rows: Vec<(&Key, &Entry)> = self
            .map
            .iter()
            .filter(|(_, e)| now_ns.saturating_sub(e.last_ns) < self.idle_ns)
            .collect();
        rows.sort_by_key(|(k, _)| **k);
        let ip = |a: u32| std::net::Ipv4Addr::from(a).to_string();
        serde_json::Value::Array(
            rows.into_iter()
                .map(|(k, e)| {
                    let (init, resp) = if e.initiator_low {
                        ((k.1, k.2), (k.3, k.4))
                    } else {
                        ((k.3, k.4), (k.1, k.2))
                    };
                    serde_json::json!({
                        "protocol": k.0,
                        "initiator": format!("{}:{}", ip(init.0), init.1),
                        "responder": format!("{}:{}", ip(resp.0), resp.1),
                        "state": e.state,
                        "orig_packets": e.dirs[0].packets,
                        "reply_packets": e.dirs[1].packets,
                        "orig_bytes": e.dirs[0].bytes,
                        "reply_bytes": e.dirs[1].bytes,
                    })
                })
                .collect(),
        )
    }
}
