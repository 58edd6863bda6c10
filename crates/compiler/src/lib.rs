//! Gallium compiler: passes over the NF IR that partition a program into switch
//! pre-processing, server and switch post-processing (Gallium, SIGCOMM'20, §4).
//!
//! [`partition`] runs the pass list of [`pipeline`] and returns a [`Compilation`]
//! holding every pass's results: dependencies, state placement, each operation's
//! labels, punt/resume points and the transfer-header layout. [`report`] renders
//! them as `partition.json`. The design is in `docs/GALLIUM.md`.
//!
//! # Example
//! ```
//! let ir = ir::parse("program p\n\nhandler {\nbb0:\n  %0: bit<16> = in_port\n  forward %0\n}\n")?;
//! let c = compiler::partition(&ir, &compiler::Options::default())?;
//! assert!(c.punts.is_empty()); // everything runs on the switch
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod cfg;
mod context;
mod lower_control;
pub mod lower_switch;
pub mod model;
pub mod passes;
pub mod pipeline;
pub mod report;
pub mod server;
pub mod tables;

pub use context::{Cfg, Compilation, CompileError, MissPuntMeter, Options, at};
pub use pipeline::partition;
