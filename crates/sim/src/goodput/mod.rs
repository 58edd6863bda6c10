//! The PayloadPark goodput experiment (paper §6.1–6.3, issue item 7).
//!
//! ```text
//! generator ──▶ switch ──link (R)──▶ NF server ──link (R)──▶ switch ──▶ sink
//!               split                 one core,               merge
//!                                     cost per packet
//! ```
//!
//! The generator sends UDP frames at a constant rate (sizes fixed or the
//! datacenter mix of `trace`). The switch runs the real Split/Merge program
//! ([`park::ParkSwitch`]) or, for the baseline, plain forwarding. The NF server has
//! one receive ring and a per-packet cost (the NF model's `cost_ns`) and runs the
//! NF model on the bytes it receives. Goodput, as in the paper (§6.1), is header
//! bits (42 bytes: Ethernet, IPv4, UDP) per second at the highest offered rate
//! that is sustainable: under 0.1 % loss and no growing queue.

mod report;
mod run;
mod search;

pub use report::{DropPoint, EvalOptions, Evaluation, evaluate};
pub use run::{FRAMEWORK_NS, NfKind, RunResult, Setup, Sizes, run};
pub use search::{
    DELAY_SLACK_NS, EvictionPoint, MAX_DELAY_GROWTH, MAX_LOSS, Peak, PeakRow, chain_cost_ns,
    eviction_sweep, peak, peak_table,
};

/// Header bytes counted as goodput per packet (Ethernet + IPv4 + UDP).
pub const HEADER_BYTES: u64 = 42;
