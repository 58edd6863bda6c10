//! The NF intermediate representation: a typed SSA control-flow graph with explicit
//! read/write sets.
//!
//! A [`Program`] declares state objects (maps with capacity and idle timeout,
//! vectors, registers, register arrays) and event kinds, and has one per-packet
//! handler: a CFG of [`Block`]s with parameters (instead of phis), typed
//! [`Inst`]ructions and a [`Terminator`] each; the verdicts `forward`/`drop` end it.
//! [`Op::reads`] and [`Op::writes`] give each operation's read and write sets
//! ([`Location`]: header field, validity bit, payload, state object + key, events),
//! which is what the Gallium partitioner consumes.
//!
//! [`print`] and [`parse`] implement the text format (`docs/IR.md`), with
//! `parse(&print(p)) == Ok(p)`; [`verify`] checks types, SSA dominance, terminators
//! and declarations and must hold after every transformation.

pub mod eval;
mod fields;
mod id;
mod op;
mod parse;
pub mod passes;
mod print;
mod program;
mod types;
mod verify;

pub use op::{BinOp, Field, HashAlg, Header, Location, Op, SessionField, Target, Terminator, UnOp};
pub use parse::{ParseError, parse};
pub use print::print;
pub use program::{
    Block, BlockId, EventDecl, EventId, Function, Inst, Program, StateDecl, StateId, StateKind,
    ValueId,
};
pub use types::{MAX_BITS, Type, Value, mask};
pub use verify::{VerifyError, verify};
