//! PayloadPark (Goswami et al., CoNEXT'20): the switch parks the first bytes of the
//! payload of packets bound for header-only NFs and re-attaches them when the
//! packets come back.
//!
//! - [`ParkConfig`]: bytes per packet, expiry, static slices of slots per NF server,
//!   recirculation mode (352 bytes in two passes).
//! - [`program::build`]: the Split/Merge `pipe` program (resource-checked, emitted
//!   as P4 like any other); [`ParkSwitch`] loads it and reads its [`Counters`].
//! - [`notice::drop_notice`]: what a server runtime returns when its NF drops a
//!   parked packet (explicit drop).
//! - [`refuse::check_parkable`]: refuses NFs that read payload bytes.
//! - [`nf`]: NF models (firewall, NAT, chains, a payload reader) used by tests and
//!   the goodput experiment.
//!
//! See `docs/PAYLOADPARK.md`.

pub mod config;
pub mod nf;
pub mod notice;
pub mod program;
pub mod refuse;
mod switch;

pub use config::{ConfigError, ParkConfig, Slice};
pub use switch::{Counters, ParkError, ParkSwitch};
