//! An in-memory port for tests and simulations: frames queued by a [`MemHandle`]
//! are received, frames sent are kept for the handle to take.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::{Port, PortError, PortStats, RxFrame};

#[derive(Debug, Default)]
struct Link {
    rx: VecDeque<(u64, Vec<u8>)>,
    tx: Vec<Vec<u8>>,
}

/// A port whose wire is a pair of queues in memory.
#[derive(Debug)]
pub struct MemPort {
    name: String,
    link: Arc<Mutex<Link>>,
    stats: PortStats,
    /// Largest frame `send` accepts (like an MTU plus the Ethernet header).
    max_frame: usize,
    /// When set, a frame arrives only once this clock has reached its timestamp.
    clock: Option<Arc<AtomicU64>>,
}

/// The other end of a [`MemPort`]: injects frames and takes what was sent.
#[derive(Debug, Clone)]
pub struct MemHandle {
    link: Arc<Mutex<Link>>,
}

impl MemPort {
    /// A port named `name` accepting frames up to `max_frame` bytes, and its handle.
    pub fn new(name: &str, max_frame: usize) -> (MemPort, MemHandle) {
        let link = Arc::new(Mutex::new(Link::default()));
        (
            MemPort {
                name: name.to_string(),
                link: Arc::clone(&link),
                stats: PortStats::default(),
                max_frame,
                clock: None,
            },
            MemHandle { link },
        )
    }

    /// Frames arrive only when `clock` (ns) has reached their timestamps, so a test
    /// driving the clock sees them at their times, as on a wire.
    pub fn with_clock(mut self, clock: Arc<AtomicU64>) -> MemPort {
        self.clock = Some(clock);
        self
    }
}

impl MemHandle {
    /// Queues a frame to be received, with its wire timestamp.
    pub fn inject(&self, ts_ns: u64, frame: Vec<u8>) {
        self.link
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .rx
            .push_back((ts_ns, frame));
    }

    /// Frames waiting to be received.
    pub fn pending(&self) -> usize {
        self.link
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .rx
            .len()
    }

    /// Takes every frame sent so far, in order.
    pub fn take_sent(&self) -> Vec<Vec<u8>> {
        std::mem::take(&mut self.link.lock().unwrap_or_else(PoisonError::into_inner).tx)
    }
}

impl Port for MemPort {
    fn name(&self) -> &str {
        &self.name
    }

    fn recv(
        &mut self,
        max: usize,
        _timeout: Duration,
        f: &mut dyn FnMut(RxFrame<'_>),
    ) -> Result<usize, PortError> {
        let batch: Vec<(u64, Vec<u8>)> = {
            let mut link = self.link.lock().unwrap_or_else(PoisonError::into_inner);
            let due = match &self.clock {
                Some(c) => {
                    let now = c.load(Ordering::Acquire);
                    link.rx.iter().take_while(|(ts, _)| *ts <= now).count()
                }
                None => link.rx.len(),
            };
            let n = max.min(due);
            link.rx.drain(..n).collect()
        };
        for (ts_ns, data) in &batch {
            self.stats.rx_frames += 1;
            self.stats.rx_bytes += data.len() as u64;
            f(RxFrame {
                data,
                wire_len: data.len() as u32,
                ts_ns: *ts_ns,
            });
        }
        Ok(batch.len())
    }

    fn send(&mut self, frame: &[u8]) -> Result<bool, PortError> {
        if frame.len() > self.max_frame {
            self.stats.tx_too_big += 1;
            return Ok(false);
        }
        if frame.len() < 14 {
            self.stats.tx_errors += 1;
            return Ok(false);
        }
        self.stats.tx_frames += 1;
        self.stats.tx_bytes += frame.len() as u64;
        self.link
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .tx
            .push(frame.to_vec());
        Ok(true)
    }

    fn stats(&mut self) -> PortStats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_go_through_in_order_and_limits_are_counted() {
        let (mut p, h) = MemPort::new("m0", 100);
        h.inject(5, vec![1; 20]);
        h.inject(6, vec![2; 30]);
        let mut got = Vec::new();
        let n = p
            .recv(1, Duration::ZERO, &mut |f| {
                got.push((f.ts_ns, f.data.to_vec()))
            })
            .expect("recv");
        assert_eq!((n, h.pending()), (1, 1));
        p.recv(8, Duration::ZERO, &mut |f| {
            got.push((f.ts_ns, f.data.to_vec()))
        })
        .expect("recv");
        assert_eq!(got, vec![(5, vec![1; 20]), (6, vec![2; 30])]);
        assert!(p.send(&[7; 60]).expect("send"));
        assert!(!p.send(&[7; 101]).expect("send"));
        assert!(!p.send(&[7; 4]).expect("send"));
        assert_eq!(h.take_sent(), vec![vec![7; 60]]);
        let st = p.stats();
        assert_eq!((st.tx_frames, st.tx_too_big, st.tx_errors), (1, 1, 1));
        assert_eq!(st.rx_frames, 2);
    }
}
