//! Switch model: RMT pipeline programs, executor, Tofino-class resource checker,
//! control plane, P4_16 emitters.
//!
//! - [`program`]: the program representation ([`Program`]) and [`builder`] to write one;
//!   [`Program::validate`] refuses what a switch could not run.
//! - [`Switch`]: loads a program and runs packets through parser → ingress → traffic
//!   manager → egress → deparser, with time passed in; its control plane
//!   ([`control`]) models per-operation latency and Gallium's atomic updates.

pub mod builder;
pub mod error;
pub mod examples;
pub mod program;
mod resolved;
pub mod resources;
mod validate;

pub use error::ProgramError;
pub use program::*;
pub use validate::MAX_KEY_BITS;
pub mod control;
mod exec;
pub mod p4;

pub use control::atomic::{AtomicTicket, Update};
pub use control::{
    Completion, ControlError, ControlOp, IdleNotification, Latency, OpResult, Ticket,
};
pub use exec::{DropReason, ExecError, KeyMatch, Output, Stats, Switch, TableEntry, Verdict};
