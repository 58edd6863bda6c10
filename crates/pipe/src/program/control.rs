//! Control statements and conditions.

use serde::{Deserialize, Serialize};

use super::{ActionCall, CmpOp, Operand};

/// A control statement. Controls are trees: there are no loops by construction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stmt {
    /// Applies a table, then runs `on_hit` or `on_miss`.
    Apply {
        /// Table name.
        table: String,
        /// Statements run when an entry matched.
        on_hit: Vec<Stmt>,
        /// Statements run when the default action ran.
        on_miss: Vec<Stmt>,
    },
    /// Runs an action directly with fixed arguments.
    Run(ActionCall),
    /// Branches on metadata, header fields or header validity.
    If {
        /// Condition.
        cond: Cond,
        /// Statements when it holds.
        then: Vec<Stmt>,
        /// Statements otherwise.
        otherwise: Vec<Stmt>,
    },
}

/// A condition in a control.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cond {
    /// The header is valid.
    Valid(String),
    /// A comparison of two fields or constants.
    Cmp(Operand, CmpOp, Operand),
    /// Both hold.
    And(Box<Cond>, Box<Cond>),
    /// Either holds.
    Or(Box<Cond>, Box<Cond>),
    /// Negation.
    Not(Box<Cond>),
}
