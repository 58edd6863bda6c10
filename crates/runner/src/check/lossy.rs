//! The meter's drops on both sides: the partitioned engine notes the
//! packets its miss-punt meter dropped, and the reference interpreter loses
//! the same ones before the program (the module docs of [`super`]).

use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::ReferenceEngine;
use crate::engine::{Engine, EngineError, Released};
use crate::partitioned::PartitionedEngine;

/// The packets the partitioned run's meter dropped that the reference run
/// has not lost yet: over captures by input number (both runs take every
/// captured packet, in the same order), in the closed loops by (port,
/// bytes), first come first lost (each loop sends its own packets).
#[derive(Debug, Default)]
pub(super) struct Lost {
    pub(super) by_input: bool,
    inputs: FxHashSet<u64>,
    frames: FxHashMap<(u16, Vec<u8>), u32>,
    pub(super) total: u64,
}

/// The partitioned engine, noting each packet its meter drops in [`Lost`].
pub(super) struct Metering<'a> {
    pub(super) inner: &'a mut PartitionedEngine,
    pub(super) lost: Rc<RefCell<Lost>>,
    /// `process` calls so far.
    pub(super) calls: u64,
}

impl Engine for Metering<'_> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn process(
        &mut self,
        frame: &mut Vec<u8>,
        in_port: u16,
        now_ns: u64,
    ) -> Result<interp::Verdict, EngineError> {
        let v = self.inner.process(frame, in_port, now_ns);
        let call = self.calls;
        self.calls += 1;
        if self.inner.metered() {
            let mut lost = self.lost.borrow_mut();
            for k in self.inner.take_metered() {
                lost.total += 1;
                if lost.by_input {
                    lost.inputs.insert(call);
                } else {
                    *lost.frames.entry(k).or_insert(0) += 1;
                }
            }
        }
        v
    }

    fn take_events(&mut self) -> Vec<interp::Event> {
        self.inner.take_events()
    }

    fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        self.inner.state_sizes(now_ns)
    }

    fn state_json(&self, now_ns: u64) -> serde_json::Value {
        self.inner.state_json(now_ns)
    }

    fn state_texts(&self, now_ns: u64) -> Vec<(String, String)> {
        self.inner.state_texts(now_ns)
    }

    fn held(&self) -> bool {
        self.inner.held()
    }

    fn release(&mut self, now_ns: u64, out: &mut Vec<Released>) {
        self.inner.release(now_ns, out);
    }

    fn recycle(&mut self, released: &mut Vec<Released>) {
        self.inner.recycle(released);
    }

    fn park_stats(&self) -> Option<crate::stats::ParkStats> {
        self.inner.park_stats()
    }

    fn partition_stats(&self) -> Option<crate::stats::PartitionStats> {
        self.inner.partition_stats()
    }
}

/// The reference interpreter behind the partitioned run's meter drops: a
/// packet the meter dropped ([`Lost`]) is dropped before it reaches the
/// program.
pub(super) struct Lossy {
    pub(super) inner: ReferenceEngine,
    pub(super) lost: Rc<RefCell<Lost>>,
    /// `process` calls so far.
    pub(super) calls: u64,
}

impl Engine for Lossy {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn process(
        &mut self,
        frame: &mut Vec<u8>,
        in_port: u16,
        now_ns: u64,
    ) -> Result<interp::Verdict, EngineError> {
        let call = self.calls;
        self.calls += 1;
        let hit = {
            let mut lost = self.lost.borrow_mut();
            if lost.by_input {
                lost.inputs.remove(&call)
            } else if lost.frames.is_empty() {
                false
            } else {
                let key = (in_port, std::mem::take(frame));
                let hit = match lost.frames.get_mut(&key) {
                    Some(n) => {
                        *n -= 1;
                        if *n == 0 {
                            lost.frames.remove(&key);
                        }
                        true
                    }
                    None => false,
                };
                *frame = key.1;
                hit
            }
        };
        if hit {
            return Ok(interp::Verdict::Drop);
        }
        self.inner.process(frame, in_port, now_ns)
    }

    fn take_events(&mut self) -> Vec<interp::Event> {
        self.inner.take_events()
    }

    fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        self.inner.state_sizes(now_ns)
    }

    fn state_json(&self, now_ns: u64) -> serde_json::Value {
        self.inner.state_json(now_ns)
    }

    fn state_texts(&self, now_ns: u64) -> Vec<(String, String)> {
        self.inner.state_texts(now_ns)
    }
}
