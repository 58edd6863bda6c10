//! Output commit (Gallium §4.3): a packet whose processing changed replicated
//! state is held on the server until the switch has made the change visible,
//! then released (returned to the switch for post-processing) in release-time
//! order; packets held for the same instant leave in arrival order.
//!
//! # Counters
//! `held_packets` (packets that had to wait), `released`.

use std::collections::BTreeMap;
use std::time::Duration;

/// Packets waiting for their updates to become visible.
#[derive(Debug)]
pub struct OutputCommit<P> {
    /// (release time, arrival sequence) → packet.
    queue: BTreeMap<(Duration, u64), P>,
    seq: u64,
    /// Packets that were held.
    pub held_packets: u64,
    /// Packets released so far.
    pub released: u64,
}

impl<P> Default for OutputCommit<P> {
    fn default() -> Self {
        OutputCommit {
            queue: BTreeMap::new(),
            seq: 0,
            held_packets: 0,
            released: 0,
        }
    }
}

impl<P> OutputCommit<P> {
    /// An empty queue.
    pub fn new() -> Self {
        Self::default()
    }

    /// Holds `packet` until `visible_at`.
    pub fn hold(&mut self, packet: P, visible_at: Duration) {
        self.queue.insert((visible_at, self.seq), packet);
        self.seq += 1;
        self.held_packets += 1;
    }

    /// Packets whose updates are visible at `now`, oldest release first,
    /// each with its release time.
    pub fn release(&mut self, now: Duration) -> Vec<(Duration, P)> {
        // Called for every packet: nothing due is the common case, and
        // splitting the tree would allocate.
        if self.next_release().is_none_or(|t| t > now) {
            return Vec::new();
        }
        let later = self.queue.split_off(&(now, u64::MAX));
        let ready = std::mem::replace(&mut self.queue, later);
        self.released += ready.len() as u64;
        ready.into_iter().map(|((t, _), p)| (t, p)).collect()
    }

    /// When the next held packet can leave.
    pub fn next_release(&self) -> Option<Duration> {
        self.queue.keys().next().map(|(t, _)| *t)
    }

    /// Packets still held.
    pub fn len(&self) -> usize {
        self.queue.len()
    }

    /// True when nothing is held.
    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packets_leave_when_visible_in_order() {
        let mut q = OutputCommit::new();
        let us = Duration::from_micros;
        q.hold("b", us(390));
        q.hold("a", us(260));
        q.hold("c", us(390));
        assert_eq!(q.next_release(), Some(us(260)));
        assert!(q.release(us(259)).is_empty());
        assert_eq!(q.release(us(260)), vec![(us(260), "a")]);
        assert_eq!(q.release(us(1000)), vec![(us(390), "b"), (us(390), "c")]);
        assert!(q.is_empty());
        assert_eq!((q.held_packets, q.released), (3, 3));
    }
}
