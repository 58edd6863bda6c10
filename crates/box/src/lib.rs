//! CoMb's consolidated box (Sekar et al., NSDI'12, §5–§6): runs the per-box
//! configuration `tandem plan -o` writes.
//!
//! ```text
//!            ┌────────────── classifier (prefix filters / hash ranges) ─────────────┐
//! frame ──▶  │ class share → hyperapp → queue by flow hash → core                    │ ──▶ unmatched: through
//!            └──────┬──────────────────────────────┬───────────────────────────────┘
//!                core 0                          core 1          (one worker each, core-local state)
//!           pshim(h1): app → app → app      pshim(h1): …  pshim(h2): app
//! ```
//!
//! * [`plan::boxcfg`] reads and validates the configuration;
//! * [`Catalogue`] maps application names to Tandem NF programs;
//! * [`Classifier`] implements §5.1/§6.1 classification;
//! * [`Shim`] the policy shim of a hyperapp instance;
//! * [`CoreWorker`] the hyperapp-per-core worker of §5.2;
//! * [`BoxEngine`] puts them together as a [`runner::Engine`], inline or with
//!   one pinned thread per core.
//!
//! See docs/BOX.md.

pub mod boxplan;
pub mod catalog;
pub mod classify;
pub mod engine;
pub mod error;
pub mod eval;
pub mod shim;
pub mod summary;
pub mod traffic;
pub mod worker;

pub use boxplan::BoxPlan;
pub use catalog::Catalogue;
pub use classify::{Classified, Classifier, flow_hash};
pub use engine::{BoxEngine, Execution, Overflow};
pub use error::BoxError;
pub use shim::{SessionMemory, Shim, ShimVerdict};
pub use summary::BoxSummary;
pub use worker::CoreWorker;
