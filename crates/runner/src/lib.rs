//! Drives network functions over traffic: pcap inputs merged by time or
//! closed-loop generated workloads, per-port outputs, run summaries.
//!
//! The execution itself is behind the [`Engine`] trait, implemented here for the
//! reference interpreter ([`ReferenceEngine`]); other engines plug into the same
//! runner.

mod engine;

pub use engine::{Engine, EngineError, ReferenceEngine};
pub use interp::{Event, Verdict};

/// Placeholder for the run driver (inputs, closed loop, outputs, summary); it
/// takes any `&mut dyn Engine`.
pub struct Runner;
