//! CoMb controller (Sekar et al., NSDI'12 / UCB TR 2011-110): specs, hyperapps,
//! LP models (HiGHS or pure-Rust `microlp`), strawman, prefix filters and hash
//! ranges, topologies and traffic matrices, and the paper's network-wide evaluation.
//!
//! Flow: [`Spec`] (file) → [`Instance`] (validated, routed, hyperapps) →
//! [`Workload`] (per strategy) → [`balance`] / [`provision`] LPs → [`config`]
//! (per-box filters and core assignment).

pub mod balance;
pub mod boxcfg;
pub mod boxfile;
pub mod catalog;
pub mod config;
pub mod error;
pub mod eval;
#[cfg(test)]
mod fixtures;
pub mod instance;
pub mod lp;
pub mod mps;
pub mod overload;
pub mod prefix;
pub mod provision;
pub mod report;
pub mod routing;
pub mod scenario;
pub mod spec;
pub mod strawman;
pub mod topology;
pub mod traffic;
pub mod workload;

pub use error::{PlanError, Result};
pub use instance::Instance;
pub use lp::{LpModel, LpSolution, Solver};
pub use spec::Spec;
pub use workload::{Strategy, Workload};
