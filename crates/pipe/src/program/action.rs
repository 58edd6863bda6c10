//! Operands, ALU expressions, primitive operations and actions.

use serde::{Deserialize, Serialize};

use super::{Field, FieldRef};

/// A value an operation reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Operand {
    /// A packet, metadata or intrinsic field.
    Field(FieldRef),
    /// A constant.
    Const(u64),
    /// An action parameter (action data from the table entry).
    Param(String),
}

/// Binary operations of a switch ALU. `Mul`, `Div` and `Mod` are accepted only with
/// a constant power-of-two right operand (they are shifts and masks in hardware).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BinOp {
    /// Wrapping addition.
    Add,
    /// Wrapping subtraction.
    Sub,
    /// Addition saturating at the destination's maximum (`|+|`).
    SatAdd,
    /// Subtraction saturating at zero (`|-|`).
    SatSub,
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Bitwise exclusive or.
    Xor,
    /// Left shift.
    Shl,
    /// Logical right shift.
    Shr,
    /// Minimum.
    Min,
    /// Maximum.
    Max,
    /// Multiplication by a constant power of two.
    Mul,
    /// Division by a constant power of two.
    Div,
    /// Remainder by a constant power of two.
    Mod,
}

/// Comparisons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<` (unsigned)
    Lt,
    /// `<=` (unsigned)
    Le,
    /// `>` (unsigned)
    Gt,
    /// `>=` (unsigned)
    Ge,
}

impl CmpOp {
    /// Applies the comparison.
    pub fn eval(self, a: u64, b: u64) -> bool {
        match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }

    /// The P4 spelling.
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

/// The right-hand side of an assignment. All arithmetic happens at the width of the
/// destination: operands are zero-extended or truncated to it first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Expr {
    /// A plain value.
    Value(Operand),
    /// `a op b`.
    Bin(BinOp, Operand, Operand),
    /// Bitwise complement.
    Not(Operand),
    /// Compare-select: `if lhs cmp rhs { then } else { otherwise }`.
    Select {
        /// Left side of the comparison.
        lhs: Operand,
        /// Comparison.
        cmp: CmpOp,
        /// Right side of the comparison.
        rhs: Operand,
        /// Value when the comparison holds.
        then: Operand,
        /// Value otherwise.
        otherwise: Operand,
    },
}

/// One primitive operation of an action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    /// `dst = expr`.
    Set {
        /// Destination (header or metadata field; intrinsic fields are read-only).
        dst: FieldRef,
        /// Value.
        expr: Expr,
    },
    /// Makes a header valid (it will be deparsed); its fields keep their values.
    SetValid(String),
    /// Makes a header invalid (it will not be deparsed).
    SetInvalid(String),
    /// Sends the packet to a port.
    Forward(Operand),
    /// Sends the packet to the CPU port.
    ToCpu,
    /// Sends the packet around the pipeline again after egress.
    Recirculate,
    /// Drops the packet (sticky: a later `Forward` does not undo it).
    Drop,
    /// `dst = hash(unit inputs)`, truncated to the width of `dst`.
    Hash {
        /// Hash unit name.
        unit: String,
        /// Destination field.
        dst: FieldRef,
    },
    /// Runs a register action on `register[index]`; its output goes to `dst`.
    RegExec {
        /// Register action name.
        action: String,
        /// Cell index (taken modulo nothing: out of range indexes are an error).
        index: Operand,
        /// Where the stateful ALU's output goes, if anywhere.
        dst: Option<FieldRef>,
    },
    /// Counts the packet in `counter[index]`.
    Count {
        /// Counter name.
        counter: String,
        /// Cell index.
        index: Operand,
    },
    /// Meters the packet in `meter[index]`; its colour (0 green, 1 yellow, 2 red)
    /// goes to `dst`, a field of at least 2 bits.
    ExecuteMeter {
        /// Meter name.
        meter: String,
        /// Cell index.
        index: Operand,
        /// Where the colour goes.
        dst: FieldRef,
    },
}

/// A named action with parameters (action data).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Action {
    /// Action name.
    pub name: String,
    /// Parameters, supplied by the table entry or the caller.
    pub params: Vec<Field>,
    /// Operations, executed in order.
    pub ops: Vec<Op>,
}
