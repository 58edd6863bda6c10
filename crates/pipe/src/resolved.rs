//! The resolved form of a program: every name replaced by an index, every width
//! known. Produced once by validation; the executor and resource checker run on it,
//! and so do code generators for other targets ([`crate::resolve`]).
//!
//! Indices: a *slot* is a value in the packet header vector (intrinsic fields
//! first, in [`crate::StdField::ALL`] order, then metadata, then header fields);
//! headers, actions, tables, registers, register actions, hash units, counters,
//! meters and checksum units are numbered in the program's declaration order.
//! A [`Val::Param`] is an action parameter by position.

use std::time::Duration;

use crate::program::{BinOp, CmpOp, CounterKind, HashAlgo, MatchKind, MeterKind};

/// Index of a value slot in the packet header vector (PHV).
pub type Slot = u16;

/// A value read by an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Val {
    Slot(Slot),
    Const(u64),
    Param(u8),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RExpr {
    Val(Val),
    Bin(BinOp, Val, Val),
    Not(Val),
    Select {
        lhs: Val,
        cmp: CmpOp,
        rhs: Val,
        then: Val,
        otherwise: Val,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ROp {
    Set {
        dst: Slot,
        width: u8,
        expr: RExpr,
    },
    SetValid(u16),
    SetInvalid(u16),
    Forward(Val),
    ToCpu,
    Recirculate,
    Drop,
    Hash {
        unit: u16,
        dst: Slot,
        width: u8,
    },
    RegExec {
        ra: u16,
        index: Val,
        dst: Option<(Slot, u8)>,
    },
    Count {
        counter: u16,
        index: Val,
    },
    Meter {
        meter: u16,
        index: Val,
        dst: (Slot, u8),
    },
}

#[derive(Debug, Clone)]
pub struct RAction {
    pub name: String,
    pub param_widths: Vec<u8>,
    pub ops: Vec<ROp>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyPart {
    pub slot: Slot,
    pub width: u8,
    pub kind: MatchKind,
}

#[derive(Debug, Clone)]
pub struct RTable {
    pub name: String,
    pub key: Vec<KeyPart>,
    pub actions: Vec<u16>,
    pub default_action: u16,
    pub default_args: Box<[u64]>,
    pub size: u32,
    pub idle_timeout: Option<Duration>,
    pub write_back: Option<u32>,
    pub ternary: bool,
}

#[derive(Debug, Clone)]
pub struct RRegister {
    pub name: String,
    pub width: u8,
    pub size: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RLeaf {
    Mem,
    Val(Val),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RRegExpr {
    Leaf(RLeaf),
    Bin(BinOp, RLeaf, RLeaf),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ROut {
    None,
    Old,
    New,
    Expr(RRegExpr),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RBranch {
    pub write: Option<RRegExpr>,
    pub output: ROut,
}

#[derive(Debug, Clone)]
pub struct RRegAction {
    pub register: u16,
    pub width: u8,
    pub cond: Option<(RLeaf, CmpOp, RLeaf)>,
    pub then: RBranch,
    pub otherwise: RBranch,
}

#[derive(Debug, Clone)]
pub struct RHash {
    pub algo: HashAlgo,
    pub inputs: Vec<(Slot, u8)>,
    pub width: u8,
}

#[derive(Debug, Clone)]
pub struct RCounter {
    pub name: String,
    pub size: u32,
    pub kind: CounterKind,
}

#[derive(Debug, Clone)]
pub struct RMeter {
    pub name: String,
    pub size: u32,
    pub kind: MeterKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RCond {
    Valid(u16),
    Cmp(Val, CmpOp, Val),
    And(Box<RCond>, Box<RCond>),
    Or(Box<RCond>, Box<RCond>),
    Not(Box<RCond>),
    /// A condition the executor tabulated when it loaded the program
    /// (`exec::cond`): bit `i` of the index is `atoms[i]` (each a `Valid` or
    /// a `Cmp`), and bit `index` of `truth` is the condition's value.
    Table {
        atoms: Box<[RCond]>,
        truth: u64,
    },
}

#[derive(Debug, Clone)]
pub enum RStmt {
    Apply {
        table: u16,
        on_hit: Vec<RStmt>,
        on_miss: Vec<RStmt>,
    },
    Run {
        action: u16,
        args: Box<[u64]>,
    },
    If {
        cond: RCond,
        then: Vec<RStmt>,
        otherwise: Vec<RStmt>,
    },
}

/// A header field's place in the packet and in the PHV.
#[derive(Debug, Clone, Copy)]
pub struct RField {
    pub slot: Slot,
    /// Bit offset from the start of the header.
    pub offset: u32,
    pub width: u8,
}

#[derive(Debug, Clone)]
pub struct RHeader {
    pub bytes: usize,
    pub fields: Vec<RField>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RNext {
    Accept,
    Reject,
    State(u16),
}

#[derive(Debug, Clone)]
pub enum RTrans {
    Next(RNext),
    Select {
        fields: Vec<(Slot, u8)>,
        cases: Vec<(u64, u64, RNext)>,
        default: RNext,
    },
}

#[derive(Debug, Clone)]
pub struct RState {
    pub name: String,
    pub extract: Vec<u16>,
    pub transition: RTrans,
}

/// A header field as a checksum unit sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CsumField {
    pub header: u16,
    pub slot: Slot,
    /// Bit offset within its header.
    pub offset: u32,
    pub width: u8,
}

/// A resolved checksum unit.
#[derive(Debug, Clone)]
pub struct RChecksum {
    pub target: CsumField,
    pub covered: Vec<CsumField>,
    pub zero_means_none: bool,
}

/// A validated program with names resolved.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub slot_widths: Vec<u8>,
    /// Per slot, the header it is a field of (`None` for metadata and intrinsic
    /// fields): writes to fields of an invalid header are discarded.
    pub slot_header: Vec<Option<u16>>,
    pub headers: Vec<RHeader>,
    pub states: Vec<RState>,
    pub start: RNext,
    pub deparse: Vec<u16>,
    pub actions: Vec<RAction>,
    pub tables: Vec<RTable>,
    pub registers: Vec<RRegister>,
    pub reg_actions: Vec<RRegAction>,
    pub hashes: Vec<RHash>,
    pub counters: Vec<RCounter>,
    pub meters: Vec<RMeter>,
    pub checksums: Vec<RChecksum>,
    pub ingress: Vec<RStmt>,
    pub egress: Vec<RStmt>,
    pub cpu_port: u16,
    pub recirc_port: u16,
    pub max_recirculations: u8,
}

/// Slots of the intrinsic fields, in [`crate::program::StdField::ALL`] order.
pub const SLOT_INGRESS_PORT: Slot = 0;
pub const SLOT_EGRESS_PORT: Slot = 1;
pub const SLOT_IS_RECIRC: Slot = 2;
pub const SLOT_TIMESTAMP: Slot = 3;
