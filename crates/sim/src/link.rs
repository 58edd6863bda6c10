//! A one-way link: serialisation at a rate, propagation delay, drop-tail queue.

use serde::Serialize;

/// Ethernet bytes on the wire besides the frame (FCS excluded from frame sizes):
/// FCS 4, preamble and start delimiter 8, inter-frame gap 12.
pub const WIRE_OVERHEAD: u64 = 24;

/// Counters of a [`Link`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct LinkStats {
    /// Frames accepted.
    pub sent: u64,
    /// Frame bytes accepted.
    pub bytes: u64,
    /// Frames dropped because the queue was full.
    pub dropped: u64,
}

/// A link of `rate_bps` with `delay_ns` propagation delay and a queue holding at
/// most `queue_bytes` of frames waiting for the wire (drop-tail).
///
/// Frames are serialised one after another; a frame accepted at `now` starts when
/// the wire is free and arrives `delay_ns` after its last bit left.
#[derive(Debug, Clone)]
pub struct Link {
    rate_bps: u64,
    delay_ns: u64,
    queue_bytes: u64,
    busy_until: u64,
    stats: LinkStats,
}

impl Link {
    /// A new idle link. A zero rate is treated as 1 bit/s.
    pub fn new(rate_bps: u64, delay_ns: u64, queue_bytes: u64) -> Link {
        Link {
            rate_bps: rate_bps.max(1),
            delay_ns,
            queue_bytes,
            busy_until: 0,
            stats: LinkStats::default(),
        }
    }

    /// Wire time of a frame of `len` bytes, in ns (rounded up).
    pub fn tx_time(&self, len: usize) -> u64 {
        let bits = (len as u64 + WIRE_OVERHEAD) * 8;
        (u128::from(bits) * 1_000_000_000).div_ceil(u128::from(self.rate_bps)) as u64
    }

    /// Offers a frame of `len` bytes at `now`; returns its arrival time at the far
    /// end, or `None` if the queue is full.
    pub fn send(&mut self, now: u64, len: usize) -> Option<u64> {
        let waiting_ns = self.busy_until.saturating_sub(now);
        let waiting_bytes =
            (u128::from(waiting_ns) * u128::from(self.rate_bps) / 8_000_000_000) as u64;
        if waiting_bytes + len as u64 > self.queue_bytes {
            self.stats.dropped += 1;
            return None;
        }
        let start = self.busy_until.max(now);
        self.busy_until = start + self.tx_time(len);
        self.stats.sent += 1;
        self.stats.bytes += len as u64;
        Some(self.busy_until + self.delay_ns)
    }

    /// Counters.
    pub fn stats(&self) -> LinkStats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_1500_byte_frame_takes_1219_ns_at_10g() {
        let l = Link::new(10_000_000_000, 0, 1 << 20);
        // (1500 + 24) × 8 = 12192 bits at 10 Gbit/s = 1219.2 ns.
        assert_eq!(l.tx_time(1500), 1220);
    }

    #[test]
    fn frames_queue_behind_each_other_and_overflow_drops() {
        let mut l = Link::new(8_000_000_000, 100, 2000); // 1 byte per ns
        assert_eq!(l.send(0, 976), Some(1000 + 100));
        assert_eq!(l.send(0, 976), Some(2000 + 100));
        // 2000 ns (2000 bytes) are waiting: a third frame does not fit.
        assert_eq!(l.send(0, 976), None);
        assert_eq!(l.send(1500, 976), Some(3000 + 100));
        let s = l.stats();
        assert_eq!((s.sent, s.dropped, s.bytes), (3, 1, 2928));
    }
}
