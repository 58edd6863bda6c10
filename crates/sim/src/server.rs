//! A single-core packet-processing node: FIFO service with a per-packet cost and a
//! bounded receive ring.

use std::collections::VecDeque;

use serde::Serialize;

/// Counters of a [`Server`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ServerStats {
    /// Packets accepted into the ring.
    pub accepted: u64,
    /// Packets dropped because the ring was full.
    pub dropped: u64,
}

/// A core that serves packets in arrival order, `cost_ns` each, holding at most
/// `ring` packets (waiting or in service).
#[derive(Debug, Clone)]
pub struct Server {
    cost_ns: u64,
    ring: usize,
    busy_until: u64,
    pending: VecDeque<u64>,
    stats: ServerStats,
}

impl Server {
    /// A new idle server.
    pub fn new(cost_ns: u64, ring: usize) -> Server {
        Server {
            cost_ns,
            ring,
            busy_until: 0,
            pending: VecDeque::new(),
            stats: ServerStats::default(),
        }
    }

    /// Offers a packet at `now`; returns when its processing completes, or `None`
    /// when the ring is full.
    pub fn admit(&mut self, now: u64) -> Option<u64> {
        while self.pending.front().is_some_and(|&t| t <= now) {
            self.pending.pop_front();
        }
        if self.pending.len() >= self.ring {
            self.stats.dropped += 1;
            return None;
        }
        let done = self.busy_until.max(now) + self.cost_ns;
        self.busy_until = done;
        self.pending.push_back(done);
        self.stats.accepted += 1;
        Some(done)
    }

    /// Counters.
    pub fn stats(&self) -> ServerStats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packets_are_served_in_order_and_a_full_ring_drops() {
        let mut s = Server::new(100, 2);
        assert_eq!(s.admit(0), Some(100));
        assert_eq!(s.admit(10), Some(200));
        assert_eq!(s.admit(20), None);
        // At 100 the first is done, so there is room again.
        assert_eq!(s.admit(100), Some(300));
        assert_eq!(s.admit(500), Some(600));
        assert_eq!(
            s.stats(),
            ServerStats {
                accepted: 4,
                dropped: 1
            }
        );
    }
}
