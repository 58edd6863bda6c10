//! Errors of the planner. Every variant names the entry (class, application, node,
//! file and line) that caused it, so a user can fix the input without guessing.

use std::path::PathBuf;

/// Everything that can go wrong while reading inputs, building or solving a model.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// The spec file is not valid TOML/JSON for the schema (this includes unknown fields).
    #[error("spec {path}: {message}")]
    SpecSyntax {
        /// File the spec came from (or `<memory>`).
        path: String,
        /// Parser message, which names the offending key and position.
        message: String,
    },
    /// The spec parsed but is inconsistent; `entry` names the offending item.
    #[error("spec: {entry}: {message}")]
    Invalid {
        /// The offending entry, e.g. `class[3] (A->B http)` or `app "ids"`.
        entry: String,
        /// What is wrong with it.
        message: String,
    },
    /// The policy order between applications contains a cycle.
    #[error("spec: order: applications {cycle:?} form a cycle")]
    OrderCycle {
        /// The applications on the cycle, in order.
        cycle: Vec<String>,
    },
    /// A topology or data file could not be read or parsed.
    #[error("{path}: {message}")]
    Data {
        /// The file.
        path: PathBuf,
        /// What is wrong (with a line number where the format has lines).
        message: String,
    },
    /// An MPS file could not be parsed.
    #[error("mps line {line}: {message}")]
    Mps {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The solver did not find an optimum.
    #[error("solver {solver}: {message}")]
    Solver {
        /// Which solver.
        solver: &'static str,
        /// Its status or error.
        message: String,
    },
    /// A box configuration (`tandem plan -o`) is unreadable or inconsistent;
    /// `entry` names the box and the offending item.
    #[error("box config {entry}: {message}")]
    BoxConfig {
        /// The box and the offending entry, e.g. `ATLAng: assignment[3] (class 4)`.
        entry: String,
        /// What is wrong with it.
        message: String,
    },
    /// Writing an output failed.
    #[error("writing {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}

impl PlanError {
    /// Shorthand for [`PlanError::Invalid`].
    pub fn invalid(entry: impl Into<String>, message: impl Into<String>) -> Self {
        PlanError::Invalid {
            entry: entry.into(),
            message: message.into(),
        }
    }

    /// Shorthand for [`PlanError::Data`].
    pub fn data(path: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        PlanError::Data {
            path: path.into(),
            message: message.into(),
        }
    }
}

/// Result alias of this crate.
pub type Result<T> = std::result::Result<T, PlanError>;
