//! Switch model: RMT pipeline programs, executor, Tofino-class resource checker,
//! control plane. See `docs/SWITCH.md` for the design. The targets a program also
//! runs on are crates of their own: `p4gen` writes it as P4_16 (and runs p4c on
//! it), `bmv2` runs it on BMv2's `simple_switch`.
//!
//! - [`program`]: the program representation ([`Program`]); [`builder`] writes one;
//!   [`Program::validate`] refuses what a switch could not run.
//! - [`Switch`]: loads a program and runs packets through parser → ingress →
//!   traffic manager → egress → deparser, with time passed in.
//! - [`control`]: table/register operations with modelled latency, idle timeouts,
//!   packet-out and Gallium's atomic update ([`Switch::atomic_update`]).
//! - [`resources`]: stage placement against a [`resources::Profile`] (Tofino-1 by
//!   default) and a per-stage [`resources::Report`].
//! - [`meter`]: two-rate three-color meters, as the executor runs them.
//! - [`examples`]: representative programs.
//!
//! # Example
//! ```
//! use std::time::Duration;
//! use pipe::builder::*;
//! use pipe::{Switch, TableEntry, Verdict};
//!
//! let mut b = ProgramBuilder::new("l2");
//! b.header("ethernet", &[("dst", 48), ("src", 48), ("ether_type", 16)]);
//! b.state(state("start").extract("ethernet").accept());
//! b.action(action("fwd").param("port", 9).forward(p("port")));
//! b.action(action("drop").drop());
//! b.table(table("dmac").exact("ethernet.dst").action("fwd").default_action("drop", &[]));
//! b.ingress(vec![apply("dmac")]);
//! let program = b.build()?;
//!
//! let report = pipe::resources::check(&program, &pipe::resources::Profile::tofino1())?;
//! assert_eq!(report.stages_used, 1);
//!
//! let mut sw = Switch::new(program)?;
//! sw.insert("dmac", TableEntry::exact(&[0x0200_0000_0001], "fwd", &[7]))?;
//! let frame = [2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2, 0x88, 0xb5, 0xde, 0xad];
//! let out = sw.process(Duration::ZERO, 1, &frame)?;
//! assert_eq!(out.verdict, Verdict::Emit { port: 7 });
//! assert_eq!(out.bytes, frame);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod builder;
pub mod control;
pub mod error;
pub mod examples;
mod exec;
pub mod meter;
pub mod program;
pub mod resolved;
pub mod resources;
mod validate;

pub use control::atomic::{AtomicTicket, Update};
pub use control::{
    APPLIED_LOG_LIMIT, Applied, AppliedLost, Channel, Completion, ControlError, ControlOp,
    IdleNotification, Latency, OpResult, Scheduled, SwitchControl, Ticket, WB_FLAG_ACTION,
    WB_FLAG_TABLE, WB_VISIBLE, wb_delete_action, wb_table,
};
pub use error::ProgramError;
pub use exec::{
    DropReason, ExecError, KeyMatch, Output, Stats, Switch, TableEntry, TableLookups, TableStats,
    Verdict,
};
pub use program::*;
pub use validate::MAX_KEY_BITS;

/// Validates `program` and resolves it as the executor runs it, for code
/// generators of other targets (the XDP backend): names become indices,
/// header fields nobody reads or writes are left out of the headers (a
/// parsed header's original bytes carry them), and checksum units drop the
/// covered fields that can never change. Conditions stay trees (the executor's
/// truth tables are its own optimisation).
pub fn resolve(program: &Program) -> Result<resolved::Resolved, ProgramError> {
    exec::resolve_pruned(program)
}
