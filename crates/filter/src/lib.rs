//! CoFilter: a switch-accelerated stateful packet filter. See `docs/COFILTER.md`.
//!
//! - [`conntrack`]: nf_conntrack-equivalent state machine (one exhaustive
//!   transition function) and default timeouts.
//! - [`tracker`]: connection table + inbound policy; alone it is the all-on-CPU
//!   baseline.

pub mod agent;
pub mod capacity;
pub mod cofilter;
pub mod conntrack;
pub mod dataplane;
pub mod layout;
pub mod packet;
pub mod plot;
pub mod program;
pub mod remote;
pub mod run;
pub mod shadow;
pub mod synflood;
pub mod tracker;

pub use packet::{Kind, Pkt};
pub use tracker::{DropReason, Policy, Tracker, Verdict};
