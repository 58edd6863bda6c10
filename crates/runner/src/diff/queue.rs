//! One flow's unmatched packets of both runs, and the matching rule within
//! a flow (see the rules in [`crate::diff`]).

use std::collections::VecDeque;

/// An unmatched packet (or event).
#[derive(Debug)]
pub(super) struct Entry {
    /// When it came, over both runs (orders the window).
    pub seq: u64,
    /// Its bytes (for an event: nothing, the key says it all).
    pub frame: Vec<u8>,
    /// The caller's tag for where it came from.
    pub origin: u64,
    /// May sit anywhere in its flow (the run held it).
    pub loose: bool,
    /// A later packet of its flow was matched before it: only a loose
    /// packet of the other run may still match it.
    pub skipped: bool,
}

/// What the other run's queue holds for an arriving packet.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Found {
    /// Entry `at` matches.
    At(usize),
    /// Only entry `at` has the same bytes, and it was skipped: both runs
    /// have the packet, in another order within the flow.
    OutOfOrder(usize),
    /// Nothing matches.
    Nothing,
}

/// The unmatched entries of one flow, per run, oldest first.
#[derive(Debug, Default)]
pub(super) struct Queues {
    pub q: [VecDeque<Entry>; 2],
}

impl Queues {
    /// True when neither run has anything unmatched here.
    pub fn is_empty(&self) -> bool {
        self.q[0].is_empty() && self.q[1].is_empty()
    }

    /// Looks for `frame` (of the run other than `other`) among `other`'s
    /// entries: the first with the same bytes that is loose or not skipped;
    /// a loose arrival takes the first with the same bytes.
    pub fn find(&self, other: usize, frame: &[u8], loose: bool) -> Found {
        let mut skipped = None;
        for (i, e) in self.q[other].iter().enumerate() {
            if e.frame != frame {
                continue;
            }
            if loose || e.loose || !e.skipped {
                return Found::At(i);
            }
            skipped.get_or_insert(i);
        }
        skipped.map_or(Found::Nothing, Found::OutOfOrder)
    }

    /// Takes entry `at` of run `other` as matched by a packet of the other
    /// run. A match of two strict (not loose) packets fixes the order: the
    /// strict entries it passes over in `other`, and every strict entry the
    /// arriving run has waiting here (all older than the arrival), are
    /// skipped; a match with a loose packet says nothing of order. Returns
    /// the entry and whether the match is out of place in the flow
    /// (something of the flow was passed over).
    pub fn take(&mut self, other: usize, at: usize, loose: bool) -> Option<(Entry, bool)> {
        let own = 1 - other;
        let out_of_place = at > 0 || !self.q[own].is_empty();
        let strict = !loose && self.q[other].get(at).is_some_and(|e| !e.loose);
        if strict {
            for e in self.q[other].iter_mut().take(at) {
                e.skipped |= !e.loose;
            }
            for e in self.q[own].iter_mut() {
                e.skipped |= !e.loose;
            }
        }
        let e = self.q[other].remove(at)?;
        Some((e, out_of_place))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(seq: u64, frame: &[u8], loose: bool) -> Entry {
        Entry {
            seq,
            frame: frame.to_vec(),
            origin: seq,
            loose,
            skipped: false,
        }
    }

    #[test]
    fn a_strict_match_skips_what_it_passes() {
        let mut q = Queues::default();
        q.q[0].push_back(entry(0, b"syn", false));
        q.q[0].push_back(entry(1, b"ack", false));
        assert_eq!(q.find(0, b"ack", false), Found::At(1));
        let (e, moved) = q.take(0, 1, false).expect("entry 1");
        assert_eq!((e.seq, moved), (1, true));
        assert!(q.q[0][0].skipped);
        // The skipped one waits for a loose packet; a strict one with its
        // bytes is out of order.
        assert_eq!(q.find(0, b"syn", false), Found::OutOfOrder(0));
        assert_eq!(q.find(0, b"syn", true), Found::At(0));
        assert_eq!(q.find(0, b"fin", true), Found::Nothing);
    }

    #[test]
    fn loose_entries_are_never_skipped() {
        let mut q = Queues::default();
        q.q[1].push_back(entry(0, b"held", true));
        q.q[1].push_back(entry(1, b"next", false));
        q.q[0].push_back(entry(2, b"mine", false));
        let (_, moved) = q.take(1, 1, false).expect("entry 1");
        assert!(moved);
        assert!(!q.q[1][0].skipped, "loose");
        assert!(q.q[0][0].skipped, "older strict entry of the arriving run");
        assert_eq!(q.find(1, b"held", false), Found::At(0));
        // Matching a loose entry fixes no order: nothing more is skipped.
        q.q[0].push_back(entry(3, b"other", false));
        let (_, _) = q.take(1, 0, false).expect("entry 0");
        assert!(!q.q[0][1].skipped);
    }
}
