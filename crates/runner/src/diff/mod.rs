//! Streaming comparison of two runs' outputs (`tandem check`, the live
//! recordings' replays, the BMv2 and XDP differentials): fed the packets
//! each run sends as they are sent, it matches them per port and per flow
//! and keeps only what is not matched yet, in a window of bounded size, so
//! a comparison of runs of any length takes the same memory.
//!
//! # Rules
//! * Two packets match when they leave the same port with the same bytes.
//! * Within a flow ([`Flow`]: the five-tuple, or the EtherType) both runs
//!   must send the same packets in the same order. Across flows any order
//!   goes (the partitioned run holds a flow's packets for output commit
//!   while other flows go on); a match made while a packet of another flow
//!   that left the same port earlier in either run is still waiting counts
//!   as a cross-flow reordering ([`Stats::reordered_across_flows`]).
//! * A packet the caller marks *loose* (one its engine held and let out
//!   later: output commit lets a later packet of the flow overtake a held
//!   one) may match anywhere in its flow. When a strict packet matches, the
//!   strict packets of its flow it passes over, in either run, are
//!   *skipped*: only a loose packet can match them from then on, and a
//!   strict packet with a skipped one's bytes is reported out of order.
//!   Matches out of place within their flow are counted
//!   ([`Stats::reordered_in_flows`]).
//! * Events (name and fields as one string) match as a multiset, in the
//!   same window.
//! * [`Diff::settle`] tells the comparison that both runs have sent all
//!   they will for the input so far (`tandem check` calls it whenever the
//!   partitioned run holds no packet): whatever is unmatched then is a
//!   [`Mismatch`]. [`Diff::finish`] settles at the end.
//!
//! # Window
//! At most `window` entries (packets and events of both runs) wait; when
//! one more would have to, [`Diff::packet`] refuses with [`WindowFull`],
//! naming the oldest waiting entry, and refuses everything after: the
//! comparison stops there instead of growing. A waiting packet costs its
//! bytes and about 100 bytes of bookkeeping, so the default window
//! ([`DEFAULT_WINDOW`]) holds at most about 110 MB of 1,514-byte frames.
//!
//! # Example
//! ```
//! use runner::diff::{Diff, Side};
//! let mut d = Diff::new(4);
//! // Run B sends flow x's packet, then flow y's; run A the other way round.
//! let (x, y) = (b"\x02\0\0\0\0\x01\x02\0\0\0\0\x02\x88\xb5x", b"\x02\0\0\0\0\x01\x02\0\0\0\0\x02\x88\xb6y");
//! d.packet(Side::B, 1, x, 0, false)?;
//! d.packet(Side::A, 1, y, 0, false)?;
//! d.packet(Side::B, 1, y, 1, false)?;
//! d.packet(Side::A, 1, x, 1, false)?;
//! let done = d.finish();
//! assert!(done.mismatches.is_empty());
//! assert_eq!(done.stats.packets[&1], 2);
//! assert_eq!(done.stats.reordered_across_flows, 1);
//! # Ok::<(), runner::diff::WindowFull>(())
//! ```

mod flow;
mod found;
mod queue;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, VecDeque};

use rustc_hash::FxHashMap;

pub use flow::Flow;
pub use found::{Mismatch, Outcome, Packet, Side, Stats, Waiting, WindowFull};
use queue::{Entry, Found, Queues};

/// The window when none is given: packets and events waiting at once.
pub const DEFAULT_WINDOW: usize = 65_536;

/// Mismatches kept in full; later ones are only counted.
pub const MISMATCHES_KEPT: usize = 100;

/// Queues of finished flows kept for reuse.
const SPARE_QUEUES: usize = 1024;

/// Where an entry waits: a port's flow, or an event.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Key {
    Packet(u16, Flow),
    Event(Box<str>),
}

/// A streaming comparison of two runs (see the module docs).
#[derive(Debug)]
pub struct Diff {
    window: usize,
    flows: FxHashMap<Key, Queues>,
    /// Per run: waiting packets by (port, seq), with their flow (for the
    /// cross-flow reordering count).
    order: [BTreeMap<(u16, u64), Flow>; 2],
    seq: u64,
    unmatched: usize,
    stats: Stats,
    kept: Vec<Mismatch>,
    full: Option<WindowFull>,
    spare_frames: Vec<Vec<u8>>,
    spare_queues: Vec<Queues>,
}

impl Default for Diff {
    fn default() -> Diff {
        Diff::new(DEFAULT_WINDOW)
    }
}

impl Diff {
    /// A comparison that lets at most `window` entries wait.
    pub fn new(window: usize) -> Diff {
        Diff {
            window,
            flows: FxHashMap::default(),
            order: [BTreeMap::new(), BTreeMap::new()],
            seq: 0,
            unmatched: 0,
            stats: Stats::default(),
            kept: Vec::new(),
            full: None,
            spare_frames: Vec::new(),
            spare_queues: Vec::new(),
        }
    }

    /// Entries waiting now.
    pub fn unmatched(&self) -> usize {
        self.unmatched
    }

    /// Counters so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The mismatches kept so far.
    pub fn mismatches(&self) -> &[Mismatch] {
        &self.kept
    }

    /// Run `side` sent `frame` on `port`; `origin` is the caller's tag for
    /// it (reported with it), `loose` that its engine held it (see the
    /// rules). Refuses once the window has filled.
    pub fn packet(
        &mut self,
        side: Side,
        port: u16,
        frame: &[u8],
        origin: u64,
        loose: bool,
    ) -> Result<(), WindowFull> {
        if let Some(full) = &self.full {
            return Err(full.clone());
        }
        let flow = Flow::of(frame);
        let key = Key::Packet(port, flow);
        let (own, other) = (side.index(), 1 - side.index());
        let found = match self.flows.get_mut(&key) {
            None => None,
            Some(q) => match q.find(other, frame, loose) {
                Found::At(at) => q.take(other, at, loose).map(|(e, moved)| (e, moved, true)),
                Found::OutOfOrder(at) => q.q[other].remove(at).map(|e| (e, true, false)),
                Found::Nothing => None,
            },
        };
        let Some((e, moved, matched)) = found else {
            return self.push(own, key, frame, origin, loose);
        };
        self.unmatched -= 1;
        self.order[other].remove(&(port, e.seq));
        if matched {
            *self.stats.packets.entry(port).or_insert(0) += 1;
            let across = self.older_elsewhere(other, port, e.seq, flow)
                || self.older_elsewhere(own, port, u64::MAX, flow);
            self.stats.reordered_across_flows += u64::from(across);
            self.stats.reordered_in_flows += u64::from(moved);
        } else {
            let mine = Packet {
                frame: frame.to_vec(),
                origin,
            };
            let theirs = Packet {
                frame: e.frame.clone(),
                origin: e.origin,
            };
            let (a, b) = if own == 0 {
                (mine, theirs)
            } else {
                (theirs, mine)
            };
            self.mismatch(Mismatch::Reordered { port, flow, a, b });
        }
        self.recycle_frame(e.frame);
        self.retire_if_empty(&key);
        Ok(())
    }

    /// Run `side` raised `event` (name and fields, as one string).
    pub fn event(&mut self, side: Side, event: &str, origin: u64) -> Result<(), WindowFull> {
        if let Some(full) = &self.full {
            return Err(full.clone());
        }
        let key = Key::Event(event.into());
        let other = 1 - side.index();
        let hit = self
            .flows
            .get_mut(&key)
            .and_then(|q| q.q[other].pop_front());
        match hit {
            Some(_) => {
                self.unmatched -= 1;
                self.stats.events += 1;
                self.retire_if_empty(&key);
                Ok(())
            }
            None => self.push(side.index(), key, &[], origin, true),
        }
    }

    /// Both runs have sent everything they will for the input so far:
    /// whatever waits is a mismatch (flows in the order their oldest entry
    /// came; within a flow the runs' entries paired in order as changed,
    /// the rest missing).
    pub fn settle(&mut self) {
        if self.unmatched == 0 || self.full.is_some() {
            return;
        }
        let mut keys: Vec<(u64, Key)> = self
            .flows
            .iter()
            .map(|(k, q)| {
                let first = q.q.iter().filter_map(|d| d.front()).map(|e| e.seq).min();
                (first.unwrap_or(u64::MAX), k.clone())
            })
            .collect();
        keys.sort();
        for (_, key) in keys {
            if let Some(q) = self.flows.remove(&key) {
                self.leftovers(key, q);
            }
        }
        self.order = [BTreeMap::new(), BTreeMap::new()];
        self.unmatched = 0;
    }

    /// Settles (unless the window filled) and reports.
    pub fn finish(mut self) -> Outcome {
        self.settle();
        Outcome {
            stats: self.stats,
            mismatches: self.kept,
            stopped: self.full,
        }
    }

    /// One flow's unmatched entries, as mismatches.
    fn leftovers(&mut self, key: Key, q: Queues) {
        let [mut a, mut b] = q.q;
        let packet = |e: Entry| Packet {
            frame: e.frame,
            origin: e.origin,
        };
        match key {
            Key::Event(event) => {
                for (side, d) in [(Side::A, a), (Side::B, b)] {
                    for e in d {
                        self.mismatch(Mismatch::Event {
                            side,
                            event: event.to_string(),
                            origin: e.origin,
                        });
                    }
                }
            }
            Key::Packet(port, flow) => {
                let pairs = a.len().min(b.len());
                for (x, y) in a.drain(..pairs).zip(b.drain(..pairs)) {
                    let (a, b) = (packet(x), packet(y));
                    self.mismatch(Mismatch::Changed { port, flow, a, b });
                }
                let rest = |side, d: VecDeque<Entry>| d.into_iter().map(move |e| (side, e));
                for (side, e) in rest(Side::A, a).chain(rest(Side::B, b)) {
                    let packet = packet(e);
                    self.mismatch(Mismatch::Missing {
                        port,
                        flow,
                        side,
                        packet,
                    });
                }
            }
        }
    }

    fn mismatch(&mut self, m: Mismatch) {
        self.stats.mismatches += 1;
        if self.kept.len() < MISMATCHES_KEPT {
            self.kept.push(m);
        }
    }

    /// Whether run `side` has a packet waiting on `port` that came before
    /// `seq` and is of another flow than `flow` (looks at the few oldest:
    /// those of the same flow are few, they wait for a held one).
    fn older_elsewhere(&self, side: usize, port: u16, seq: u64, flow: Flow) -> bool {
        self.order[side]
            .range((port, 0)..(port, seq))
            .take(4)
            .any(|(_, f)| *f != flow)
    }

    /// Makes `frame` wait, or refuses when the window is full.
    fn push(
        &mut self,
        side: usize,
        key: Key,
        frame: &[u8],
        origin: u64,
        loose: bool,
    ) -> Result<(), WindowFull> {
        if self.unmatched >= self.window {
            let full = self.oldest().unwrap_or_else(|| WindowFull {
                // A window of 0: nothing waits, the arriving entry is refused.
                window: self.window,
                side: Side::of(side),
                oldest: match &key {
                    Key::Packet(port, flow) => Waiting::Packet {
                        port: *port,
                        flow: *flow,
                        frame: frame.to_vec(),
                    },
                    Key::Event(ev) => Waiting::Event(ev.to_string()),
                },
                origin,
            });
            self.full = Some(full.clone());
            return Err(full);
        }
        let seq = self.seq;
        self.seq += 1;
        let mut buf = self.spare_frames.pop().unwrap_or_default();
        buf.clear();
        buf.extend_from_slice(frame);
        if let Key::Packet(port, flow) = key {
            self.order[side].insert((port, seq), flow);
        }
        let spare = &mut self.spare_queues;
        let q = self
            .flows
            .entry(key)
            .or_insert_with(|| spare.pop().unwrap_or_default());
        q.q[side].push_back(Entry {
            seq,
            frame: buf,
            origin,
            loose,
            skipped: false,
        });
        self.unmatched += 1;
        self.stats.largest_window = self.stats.largest_window.max(self.unmatched);
        Ok(())
    }

    /// The entry waiting longest, for [`WindowFull`].
    fn oldest(&self) -> Option<WindowFull> {
        let mut best: Option<(u64, usize, &Key, &Entry)> = None;
        for (k, q) in &self.flows {
            for (side, d) in q.q.iter().enumerate() {
                if let Some(e) = d.front() {
                    if best.is_none_or(|b| e.seq < b.0) {
                        best = Some((e.seq, side, k, e));
                    }
                }
            }
        }
        let (side, oldest, origin) = match best? {
            (_, side, Key::Packet(port, flow), e) => (
                side,
                Waiting::Packet {
                    port: *port,
                    flow: *flow,
                    frame: e.frame.clone(),
                },
                e.origin,
            ),
            (_, side, Key::Event(ev), e) => (side, Waiting::Event(ev.to_string()), e.origin),
        };
        Some(WindowFull {
            window: self.window,
            side: Side::of(side),
            oldest,
            origin,
        })
    }

    fn recycle_frame(&mut self, frame: Vec<u8>) {
        if self.spare_frames.len() < self.window.min(SPARE_QUEUES) {
            self.spare_frames.push(frame);
        }
    }

    fn retire_if_empty(&mut self, key: &Key) {
        if self.flows.get(key).is_some_and(Queues::is_empty) {
            if let Some(q) = self.flows.remove(key) {
                if self.spare_queues.len() < SPARE_QUEUES {
                    self.spare_queues.push(q);
                }
            }
        }
    }
}
