//! Operations, packet header fields, and the locations an operation reads or writes.

pub use crate::fields::{Field, Header, SessionField};
use crate::id::{BlockId, EventId, StateId, ValueId};
use crate::types::{Type, Value};
use serde::{Deserialize, Serialize};

/// Binary operators. Arithmetic wraps modulo 2^N; `div`/`rem` by zero give 0;
/// shifts by at least the width give 0. Comparisons yield `bool`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl BinOp {
    /// All operators.
    pub const ALL: [BinOp; 16] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::Div,
        BinOp::Rem,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
        BinOp::Shl,
        BinOp::Shr,
        BinOp::Eq,
        BinOp::Ne,
        BinOp::Lt,
        BinOp::Le,
        BinOp::Gt,
        BinOp::Ge,
    ];

    /// Mnemonic in the text format.
    pub fn name(self) -> &'static str {
        use BinOp::*;
        match self {
            Add => "add",
            Sub => "sub",
            Mul => "mul",
            Div => "div",
            Rem => "rem",
            And => "and",
            Or => "or",
            Xor => "xor",
            Shl => "shl",
            Shr => "shr",
            Eq => "eq",
            Ne => "ne",
            Lt => "lt",
            Le => "le",
            Gt => "gt",
            Ge => "ge",
        }
    }

    /// True for operators yielding `bool` from two operands of equal type.
    pub fn is_comparison(self) -> bool {
        use BinOp::*;
        matches!(self, Eq | Ne | Lt | Le | Gt | Ge)
    }
}

/// Unary operators: `not` is logical on `bool` and bitwise on `bit<N>`; `neg` is two's complement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum UnOp {
    Not,
    Neg,
}

/// Hash functions as switch targets compute them (`wire::crc`): CRC-16/ARC
/// (the P4 `crc16`) and CRC-32/ISO-HDLC (the P4 `crc32`), over the big-endian
/// byte serialization of the arguments' scalars (tuples flattened in order, each
/// scalar padded to whole bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum HashAlg {
    Crc16,
    Crc32,
}

impl HashAlg {
    /// Mnemonic in the text format.
    pub fn name(self) -> &'static str {
        match self {
            HashAlg::Crc16 => "crc16",
            HashAlg::Crc32 => "crc32",
        }
    }

    /// Result type (`bit<16>` or `bit<32>`).
    pub fn ty(self) -> Type {
        match self {
            HashAlg::Crc16 => Type::Bits(16),
            HashAlg::Crc32 => Type::Bits(32),
        }
    }
}

/// One operation. Operations never trap: out-of-range payload indexes read 0,
/// lookups of absent keys report `found = false`, inserts into a full map do nothing
/// and report `false`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Op {
    /// A constant.
    Const(Value),
    /// Unary operator.
    Unary(UnOp, ValueId),
    /// Binary operator; operands have the same type.
    Binary(BinOp, ValueId, ValueId),
    /// Conversion: between `bit<N>` widths (truncate / zero-extend), `ipv4` <-> `bit<32>`,
    /// `bool` -> `bit<N>` (0/1).
    Cast(Type, ValueId),
    /// `cond ? a : b` without control flow (lets the switch use predication).
    Select(ValueId, ValueId, ValueId),
    /// Builds a tuple.
    Tuple(Vec<ValueId>),
    /// Projects element `index` of a tuple.
    Extract(ValueId, u32),
    /// The port the packet arrived on (`bit<16>`).
    InPort,
    /// Current time in nanoseconds (`bit<64>`), passed in by the caller.
    Now,
    /// A result of session reconstruction for this packet (type: [`SessionField::ty`]).
    Session(SessionField),
    /// Whether a header is present (`bool`).
    IsValid(Header),
    /// Reads a header field. Reading a field of an absent header yields 0.
    GetField(Field),
    /// Writes a header field. Writing a field of an absent header does nothing.
    SetField(Field, ValueId),
    /// Payload length in bytes (`bit<16>`); the payload is what follows the L4 header
    /// (or the IPv4 header for other protocols).
    PayloadLen,
    /// Payload byte at an index (`bit<8>`), 0 past the end.
    PayloadByte(ValueId),
    /// Whether the payload contains the byte string (`bool`).
    PayloadContains(Vec<u8>),
    /// Whether the payload starts with the byte string (`bool`).
    PayloadStartsWith(Vec<u8>),
    /// Hash of the arguments.
    Hash(HashAlg, Vec<ValueId>),
    /// Map lookup: results `found: bool` and `value` (zero when absent). A hit
    /// refreshes the entry's idle timer; like a switch table's hardware hit bit this
    /// is not counted as a write (it changes no value any operation can read).
    MapGet(StateId, ValueId),
    /// Map insert or overwrite: result `ok: bool` (false if the map is full).
    MapInsert(StateId, ValueId, ValueId),
    /// Map delete.
    MapRemove(StateId, ValueId),
    /// Element of a vector or register array; index taken modulo the length.
    ArrayGet(StateId, ValueId),
    /// Writes an element of a register array; index taken modulo the length.
    ArraySet(StateId, ValueId, ValueId),
    /// Reads a scalar register.
    RegGet(StateId),
    /// Writes a scalar register.
    RegSet(StateId, ValueId),
    /// Raises an event with its fields in declaration order.
    Emit(EventId, Vec<ValueId>),
}

/// Something an operation reads or writes. The Gallium partitioner orders
/// operations by these: two operations conflict if one writes a location the
/// other reads or writes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Location {
    /// A header field.
    Field(Field),
    /// The validity bit of a header.
    Valid(Header),
    /// The ingress port.
    InPort,
    /// The clock.
    Clock,
    /// The payload bytes.
    Payload,
    /// The session module's results for this packet.
    Session,
    /// A state object; `key` is the SSA value of the key or index, `None` for the whole
    /// object (scalar registers).
    State {
        /// The object.
        state: StateId,
        /// The key or index used.
        key: Option<ValueId>,
    },
    /// The event log.
    Events,
}

impl Op {
    /// Locations the operation reads.
    pub fn reads(&self) -> Vec<Location> {
        match self {
            Op::InPort => vec![Location::InPort],
            Op::Now => vec![Location::Clock],
            Op::Session(_) => vec![Location::Session],
            Op::IsValid(h) => vec![Location::Valid(*h)],
            Op::GetField(f) => vec![Location::Valid(f.header()), Location::Field(*f)],
            Op::SetField(f, _) => vec![Location::Valid(f.header())],
            Op::PayloadLen
            | Op::PayloadByte(_)
            | Op::PayloadContains(_)
            | Op::PayloadStartsWith(_) => vec![Location::Payload],
            Op::MapGet(s, k) | Op::ArrayGet(s, k) => vec![Location::State {
                state: *s,
                key: Some(*k),
            }],
            // Insert reads the occupancy of the whole map (it may be full).
            Op::MapInsert(s, _, _) => vec![Location::State {
                state: *s,
                key: None,
            }],
            Op::RegGet(s) => vec![Location::State {
                state: *s,
                key: None,
            }],
            _ => Vec::new(),
        }
    }

    /// Locations the operation writes.
    pub fn writes(&self) -> Vec<Location> {
        match self {
            Op::SetField(f, _) => vec![Location::Field(*f)],
            Op::MapInsert(s, k, _) | Op::MapRemove(s, k) | Op::ArraySet(s, k, _) => {
                vec![Location::State {
                    state: *s,
                    key: Some(*k),
                }]
            }
            Op::RegSet(s, _) => vec![Location::State {
                state: *s,
                key: None,
            }],
            Op::Emit(..) => vec![Location::Events],
            _ => Vec::new(),
        }
    }

    /// SSA values the operation uses, in operand order.
    pub fn operands(&self) -> Vec<ValueId> {
        match self {
            Op::Unary(_, a)
            | Op::Cast(_, a)
            | Op::Extract(a, _)
            | Op::SetField(_, a)
            | Op::PayloadByte(a)
            | Op::MapGet(_, a)
            | Op::MapRemove(_, a)
            | Op::ArrayGet(_, a)
            | Op::RegSet(_, a) => vec![*a],
            Op::Binary(_, a, b) | Op::MapInsert(_, a, b) | Op::ArraySet(_, a, b) => vec![*a, *b],
            Op::Select(c, a, b) => vec![*c, *a, *b],
            Op::Tuple(vs) | Op::Hash(_, vs) | Op::Emit(_, vs) => vs.clone(),
            _ => Vec::new(),
        }
    }

    /// True if the operation has an effect beyond its results (must not be removed
    /// even when its results are unused).
    pub fn has_side_effect(&self) -> bool {
        !self.writes().is_empty()
    }
}

/// A jump target: a block and the arguments bound to its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Target {
    /// Destination block.
    pub block: BlockId,
    /// Arguments, one per block parameter.
    pub args: Vec<ValueId>,
}

/// How a block ends. `Forward` and `Drop` are the packet's verdict and end the handler.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Terminator {
    /// Unconditional jump.
    Jump(Target),
    /// Two-way branch on a `bool`.
    Branch {
        /// Condition.
        cond: ValueId,
        /// Taken when true.
        then_: Target,
        /// Taken when false.
        else_: Target,
    },
    /// Sends the (possibly rewritten) packet out of a port (`bit<16>`).
    Forward(ValueId),
    /// Drops the packet.
    Drop,
}

impl Terminator {
    /// Successor targets.
    pub fn targets(&self) -> Vec<&Target> {
        match self {
            Terminator::Jump(t) => vec![t],
            Terminator::Branch { then_, else_, .. } => vec![then_, else_],
            _ => Vec::new(),
        }
    }

    /// SSA values used directly by the terminator (not counting jump arguments).
    pub fn operands(&self) -> Vec<ValueId> {
        match self {
            Terminator::Branch { cond, .. } => vec![*cond],
            Terminator::Forward(p) => vec![*p],
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_names_are_unique_per_header() {
        for f in Field::ALL {
            assert_eq!(Field::lookup(f.header(), f.name()), Some(f));
        }
    }

    #[test]
    fn map_insert_reads_occupancy_and_writes_key() {
        let op = Op::MapInsert(StateId(2), ValueId(5), ValueId(6));
        assert_eq!(
            op.reads(),
            vec![Location::State {
                state: StateId(2),
                key: None
            }]
        );
        assert_eq!(
            op.writes(),
            vec![Location::State {
                state: StateId(2),
                key: Some(ValueId(5))
            }]
        );
        assert!(op.has_side_effect());
        assert!(!Op::GetField(Field::Ipv4Src).has_side_effect());
    }
}
