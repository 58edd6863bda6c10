//! Switch and server as separate processes (docs/LIVE.md, "Two processes").
//!
//! - [`switchd`]: the switch daemon's data path — traffic ports and the CPU
//!   port bound to interfaces, frames run through the switch that
//!   `p4rt::server` serves over P4Runtime (`tandem switch --grpc ADDR -p
//!   0=IF --cpu-port IF`).
//! - [`serverd`]: the server daemon — `server::Runtime` on the server link,
//!   driving the switch over P4Runtime with `p4rt::remote::RemoteSwitch`
//!   (`tandem server PROGRAM --switch ADDR --link IF`); reconnection and
//!   resynchronisation.
//! - [`link`]: what crosses the server link besides transfer frames
//!   (`wire::link`, re-exported).
//! - [`linkio`]: the server daemon's receive threads on the link.
//! - [`journal`]: the server daemon's checkpoint, a snapshot and a journal.

pub mod journal;
pub use wire::link;
pub mod linkio;
pub mod serverd;
pub mod switchd;
