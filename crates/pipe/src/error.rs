//! Errors of program validation and execution.

use thiserror::Error;

/// Why a program was refused by [`Program::validate`](crate::Program::validate).
/// Each variant says what is wrong and where (`place`: e.g. "table `nat` key 2").
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProgramError {
    /// A name used somewhere is not declared.
    #[error("{place}: unknown {what} `{name}`")]
    Unknown {
        /// Where it was used.
        place: String,
        /// Kind of thing (header, field, table, ...).
        what: &'static str,
        /// The name.
        name: String,
    },
    /// Two declarations share a name.
    #[error("{what} `{name}` is declared more than once")]
    Duplicate {
        /// Kind of thing.
        what: &'static str,
        /// The name.
        name: String,
    },
    /// A width outside what the model supports.
    #[error("{place}: width {width} is not allowed ({allowed})")]
    BadWidth {
        /// Where.
        place: String,
        /// The width given.
        width: u32,
        /// What is allowed.
        allowed: &'static str,
    },
    /// An operation a switch ALU cannot perform.
    #[error("{place}: {what}; a switch ALU cannot do this")]
    NotAluLegal {
        /// Where.
        place: String,
        /// What was asked.
        what: String,
    },
    /// The parser graph has a cycle.
    #[error("parser: state `{state}` can reach itself; parser loops are not supported")]
    ParserLoop {
        /// A state on the cycle.
        state: String,
    },
    /// A constant wider than its destination.
    #[error("{place}: constant {value:#x} does not fit in {width} bits")]
    ConstTooWide {
        /// Where.
        place: String,
        /// The constant.
        value: u64,
        /// The available width.
        width: u8,
    },
    /// Wrong number of action arguments.
    #[error("{place}: action `{action}` takes {expected} arguments, {given} given")]
    Arity {
        /// Where.
        place: String,
        /// The action.
        action: String,
        /// Parameters declared.
        expected: usize,
        /// Arguments given.
        given: usize,
    },
    /// A register array accessed more than once by one packet.
    #[error(
        "register array `{register}` may be accessed twice by one packet (at {first} and at {second}); a stateful ALU allows one access per packet"
    )]
    RegisterTwice {
        /// The register array.
        register: String,
        /// First access.
        first: String,
        /// Second access.
        second: String,
    },
    /// Anything else that makes a program ill-formed.
    #[error("{place}: {message}")]
    Invalid {
        /// Where.
        place: String,
        /// What is wrong.
        message: String,
    },
}

impl ProgramError {
    pub(crate) fn invalid(place: impl Into<String>, message: impl Into<String>) -> ProgramError {
        ProgramError::Invalid {
            place: place.into(),
            message: message.into(),
        }
    }

    pub(crate) fn unknown(
        place: impl Into<String>,
        what: &'static str,
        name: &str,
    ) -> ProgramError {
        ProgramError::Unknown {
            place: place.into(),
            what,
            name: name.to_string(),
        }
    }
}
