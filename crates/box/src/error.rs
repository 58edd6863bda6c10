//! Errors of the box. Each names the entry at fault.

/// A box could not be configured or started.
#[derive(Debug, thiserror::Error)]
pub enum BoxError {
    /// The configuration is invalid (from [`plan::boxcfg`]).
    #[error(transparent)]
    Config(#[from] plan::PlanError),
    /// The catalogue is unreadable, or a program in it does not compile.
    #[error("catalogue {entry}: {message}")]
    Catalogue {
        /// File and application.
        entry: String,
        /// What is wrong.
        message: String,
    },
    /// The configuration names an application the catalogue lacks.
    #[error(
        "box config {node}: assignment[{assignment}] (class {class}): application {app:?} is not in the catalogue (known: {known})"
    )]
    MissingApp {
        /// Box.
        node: String,
        /// Assignment index.
        assignment: usize,
        /// Class.
        class: usize,
        /// The application.
        app: String,
        /// Names the catalogue has.
        known: String,
    },
    /// An application's program could not be loaded by the interpreter.
    #[error("application {app:?}: {message}")]
    Load {
        /// The application.
        app: String,
        /// The interpreter's message.
        message: String,
    },
    /// A worker thread could not be started.
    #[error("core {core}: cannot start its worker: {message}")]
    Worker {
        /// Core.
        core: u32,
        /// Why.
        message: String,
    },
}
