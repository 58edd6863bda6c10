//! CoFilter: a switch-accelerated stateful packet filter. See `docs/COFILTER.md`.
//!
//! - [`conntrack`]: nf_conntrack-equivalent state machine (one exhaustive
//!   transition function) and default timeouts.
//! - [`tracker`]: connection table + inbound policy; alone it is the all-on-CPU
//!   baseline.

pub mod capacity;
pub mod conntrack;
pub mod layout;
pub mod packet;
pub mod program;
pub mod shadow;
pub mod tracker;

pub use packet::{Kind, Pkt};
pub use tracker::{DropReason, Policy, Tracker, Verdict};
