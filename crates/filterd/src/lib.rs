//! CoFilter's CPU agent as its own process (docs/LIVE.md, "CoFilter in two
//! processes"): `tandem switch` runs CoFilter's switch program (what
//! `tandem filter p4` writes as `cofilter.pipe.json`) with its CPU port on
//! an interface, and `tandem filter agent --switch ADDR --link IF` runs the
//! agent on the other end of that link, as a P4Runtime client.
//!
//! - [`switch`]: the switch over P4Runtime as the agent reaches it (register
//!   cells, table entries, the miss meter, by name).
//! - [`daemon`]: the link loop: packets the switch sent to its CPU port
//!   through the agent, forwarded ones back, idle scans, reconnection and
//!   resynchronisation.

pub mod daemon;
pub mod switch;
pub mod xdp;
