//! Hyperapp-per-core workers (CoMb §5.2–5.3): a core runs the shims of every
//! hyperapp instance the configuration assigns to it; each shim and its
//! applications' state belong to that core alone.

use serde::Serialize;

use crate::shim::{Shim, ShimVerdict};

/// Counters of one core.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct CoreStats {
    /// Core index.
    pub core: u32,
    /// Packets processed.
    pub packets: u64,
    /// Packets forwarded.
    pub forwarded: u64,
    /// Packets dropped by an application.
    pub dropped: u64,
    /// Packets an application failed on.
    pub failed: u64,
    /// CPU time of the worker (thread CPU time), nanoseconds.
    pub cpu_ns: u64,
    /// Packets that found this core's input queue full (dropped or waited, see
    /// the run's overflow policy).
    pub queue_full: u64,
    /// Whether the worker thread was pinned to the core (threaded runs only).
    pub pinned: bool,
}

/// One core: the shims of the hyperapp instances assigned to it.
pub struct CoreWorker {
    /// Box-local hyperapp index → this core's instance (if it has one).
    pub shims: Vec<Option<Shim>>,
    /// Counters.
    pub stats: CoreStats,
}

impl CoreWorker {
    /// Runs one packet of hyperapp `h` through this core's instance of it.
    /// `None` if the core has no instance of `h` (cannot happen for packets the
    /// classifier sent here).
    pub fn process(
        &mut self,
        h: usize,
        frame: &mut [u8],
        in_port: u16,
        now_ns: u64,
    ) -> Option<ShimVerdict> {
        let shim = self.shims.get_mut(h)?.as_mut()?;
        self.stats.packets += 1;
        let v = shim.process(frame, in_port, now_ns);
        match &v {
            ShimVerdict::Forward(_) => self.stats.forwarded += 1,
            ShimVerdict::Drop { .. } => self.stats.dropped += 1,
            ShimVerdict::Failed { .. } => self.stats.failed += 1,
        }
        Some(v)
    }

    /// Shims present on this core.
    pub fn shims(&self) -> impl Iterator<Item = &Shim> {
        self.shims.iter().flatten()
    }
}
