//! [`Recorder`]: an engine wrapper that keeps every packet handed to the
//! engine, so the exact inputs a run saw (closed-loop replies and shifted
//! times included) can be replayed elsewhere, e.g. in benchmarks.

use interp::{Event, Verdict};

use crate::engine::{Engine, EngineError, Released};

/// A packet as the engine received it: (port, time in ns, frame).
pub type Input = (u16, u64, Vec<u8>);

/// Wraps an engine and records its inputs; behaves exactly like it.
pub struct Recorder<E: Engine> {
    /// The wrapped engine.
    pub inner: E,
    /// Every packet handed to [`Engine::process`], in order.
    pub seen: Vec<Input>,
}

impl<E: Engine> Recorder<E> {
    /// Records what `inner` receives.
    pub fn new(inner: E) -> Recorder<E> {
        Recorder {
            inner,
            seen: Vec::new(),
        }
    }
}

impl<E: Engine> Engine for Recorder<E> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn process(
        &mut self,
        frame: &mut Vec<u8>,
        in_port: u16,
        now_ns: u64,
    ) -> Result<Verdict, EngineError> {
        self.seen.push((in_port, now_ns, frame.clone()));
        self.inner.process(frame, in_port, now_ns)
    }

    fn take_events(&mut self) -> Vec<Event> {
        self.inner.take_events()
    }

    fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        self.inner.state_sizes(now_ns)
    }

    fn state_json(&self, now_ns: u64) -> serde_json::Value {
        self.inner.state_json(now_ns)
    }

    fn held(&self) -> bool {
        self.inner.held()
    }

    fn release(&mut self, now_ns: u64, out: &mut Vec<Released>) {
        self.inner.release(now_ns, out);
    }

    fn park_stats(&self) -> Option<crate::stats::ParkStats> {
        self.inner.park_stats()
    }

    fn partition_stats(&self) -> Option<crate::stats::PartitionStats> {
        self.inner.partition_stats()
    }

    fn table_stats(&self) -> Vec<pipe::TableStats> {
        self.inner.table_stats()
    }
}
