//! Deterministic discrete-event harness for experiments, and the PayloadPark
//! goodput experiment.
//!
//! - [`Scheduler`]: the clock and a time-ordered event queue (ties in insertion
//!   order, so runs are reproducible).
//! - [`Link`]: a one-way link with a rate, a propagation delay and a drop-tail
//!   queue; [`Server`]: a single-core node with a per-packet cost and a bounded
//!   receive ring.
//! - [`goodput`]: the PayloadPark experiment (paper §6): switch (the real
//!   Split/Merge program in the switch model) ⇄ NF server over a 10 or 40 Gbit/s
//!   link, peak goodput at < 0.1 % loss with and without parking, and premature
//!   evictions against reserved memory and expiry.
//! - [`plot`]: SVG figures.
//!
//! Time is nanoseconds (`u64`) and always an input; randomness comes from seeds.

mod event;
pub mod goodput;
mod link;
pub mod plot;
mod server;

pub use event::Scheduler;
pub use link::{Link, LinkStats};
pub use server::{Server, ServerStats};
