//! The pipeline program: what a switch is asked to run.
//!
//! A [`Program`] is plain data (serde-serialisable) naming everything by string.
//! [`Program::validate`](crate::Program::validate) checks it and resolves names to
//! indices once, so the executor never looks a name up per packet.
//!
//! The representation is deliberately the intersection of what P4_16 on `v1model`
//! and on `tna` can express and what an RMT ALU can do: there are no loops anywhere
//! (controls are trees of statements, the parser graph must be acyclic), and the only
//! multiplications, divisions and modulos are by powers of two.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// Name of the always-valid pseudo-header holding user metadata fields.
pub const META: &str = "meta";
/// Name of the pseudo-header holding the intrinsic (standard) metadata, see [`StdField`].
pub const STD: &str = "std";

/// A whole pipeline program: parser, ingress, traffic manager, egress, deparser.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Program {
    /// Program name, used as the P4 file's top-level name.
    pub name: String,
    /// Packet header instances, each with its own layout.
    pub headers: Vec<HeaderType>,
    /// User metadata fields (`meta.<name>`), zero at the start of each pass.
    pub metadata: Vec<Field>,
    /// The parser graph.
    pub parser: Parser,
    /// Headers in the order the deparser emits them (valid ones only).
    pub deparser: Vec<String>,
    /// Actions that tables and controls may run.
    pub actions: Vec<Action>,
    /// Match-action tables.
    pub tables: Vec<Table>,
    /// Register arrays (stateful memory).
    pub registers: Vec<Register>,
    /// Read-modify-write programs for the stateful ALUs.
    pub reg_actions: Vec<RegAction>,
    /// Hash units.
    pub hashes: Vec<HashUnit>,
    /// Indexed packet/byte counters.
    pub counters: Vec<Counter>,
    /// The ingress control.
    pub ingress: Vec<Stmt>,
    /// The egress control.
    pub egress: Vec<Stmt>,
    /// Port number of the switch CPU (packet-in / packet-out).
    pub cpu_port: u16,
    /// Port number that loops back into ingress (recirculation).
    pub recirc_port: u16,
    /// A packet recirculated more often than this is dropped.
    pub max_recirculations: u8,
}

/// A header instance and its layout, e.g. `ipv4` with `version:4, ihl:4, ...`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeaderType {
    /// Instance name (`hdr.<name>` in P4; type `<name>_t`).
    pub name: String,
    /// Fields in wire order, most significant bit first.
    pub fields: Vec<Field>,
}

impl HeaderType {
    /// Total width in bits.
    pub fn bits(&self) -> u32 {
        self.fields.iter().map(|f| u32::from(f.width)).sum()
    }
}

/// A named bit field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Field {
    /// Field name.
    pub name: String,
    /// Width in bits, 1..=64.
    pub width: u8,
}

/// Intrinsic metadata, readable as `std.<name>`; written only through the
/// forwarding operations ([`Op::Forward`], [`Op::ToCpu`], [`Op::Recirculate`], [`Op::Drop`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StdField {
    /// Port the packet arrived on (9 bits); the recirculation port after recirculation.
    IngressPort,
    /// Port chosen so far (9 bits); in egress, the port the packet leaves on.
    EgressPort,
    /// 1 when the packet is on a recirculated pass.
    IsRecirculated,
    /// Arrival time in nanoseconds, 48 bits (wraps).
    Timestamp,
}

impl StdField {
    /// All intrinsic fields, in slot order.
    pub const ALL: [StdField; 4] = [
        StdField::IngressPort,
        StdField::EgressPort,
        StdField::IsRecirculated,
        StdField::Timestamp,
    ];

    /// The field's name after `std.`.
    pub fn name(self) -> &'static str {
        match self {
            StdField::IngressPort => "ingress_port",
            StdField::EgressPort => "egress_port",
            StdField::IsRecirculated => "is_recirculated",
            StdField::Timestamp => "timestamp",
        }
    }

    /// Width in bits.
    pub fn width(self) -> u8 {
        match self {
            StdField::IngressPort | StdField::EgressPort => 9,
            StdField::IsRecirculated => 1,
            StdField::Timestamp => 48,
        }
    }

    /// Looks a field up by name.
    pub fn from_name(name: &str) -> Option<StdField> {
        StdField::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// A reference to a field: `header.field`, `meta.field` or `std.field`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FieldRef {
    /// Header instance name, [`META`] or [`STD`].
    pub header: String,
    /// Field name within it.
    pub field: String,
}

impl FieldRef {
    /// `header.field`.
    pub fn new(header: &str, field: &str) -> FieldRef {
        FieldRef {
            header: header.to_string(),
            field: field.to_string(),
        }
    }

    /// Parses `"header.field"`; `None` without a dot.
    pub fn parse(path: &str) -> Option<FieldRef> {
        let (h, f) = path.split_once('.')?;
        (!h.is_empty() && !f.is_empty()).then(|| FieldRef::new(h, f))
    }

    /// A user metadata field.
    pub fn meta(field: &str) -> FieldRef {
        FieldRef::new(META, field)
    }

    /// An intrinsic metadata field.
    pub fn std(field: StdField) -> FieldRef {
        FieldRef::new(STD, field.name())
    }
}

impl fmt::Display for FieldRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.header, self.field)
    }
}

/// The parser graph: states that extract headers and branch on their fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Parser {
    /// Name of the first state.
    pub start: String,
    /// All states; the graph they form must be acyclic.
    pub states: Vec<ParserState>,
}

/// One parser state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParserState {
    /// State name.
    pub name: String,
    /// Headers extracted in order.
    pub extract: Vec<String>,
    /// Where to go next.
    pub transition: Transition,
}

/// The end of a parser state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Transition {
    /// Go to a fixed next step.
    Next(Next),
    /// Branch on the concatenation of `fields` (at most 64 bits in total).
    Select {
        /// Fields compared, concatenated most significant first.
        fields: Vec<FieldRef>,
        /// Cases tried in order; the first whose `value & mask` matches wins.
        cases: Vec<SelectCase>,
        /// Taken when no case matches.
        default: Next,
    },
}

/// A select case over the concatenated select key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SelectCase {
    /// Value to compare (after masking).
    pub value: u64,
    /// Bits that take part in the comparison.
    pub mask: u64,
    /// Where to go on a match.
    pub next: Next,
}

/// A parser successor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Next {
    /// Parsing is complete; the rest of the packet is payload.
    Accept,
    /// Drop the packet.
    Reject,
    /// Continue in the named state.
    State(String),
}

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

/// How a key field is matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchKind {
    /// Exact match (SRAM hash table).
    Exact,
    /// Value/mask match with priorities (TCAM).
    Ternary,
    /// Longest prefix match (TCAM); at most one per table.
    Lpm,
}

/// One key field of a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Key {
    /// Field matched.
    pub field: FieldRef,
    /// How.
    pub kind: MatchKind,
}

/// An action with its arguments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionCall {
    /// Action name.
    pub action: String,
    /// Argument values, one per parameter.
    pub args: Vec<u64>,
}

/// A match-action table whose entries the control plane manages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// Table name (preserved in emitted P4).
    pub name: String,
    /// Key fields; an empty key makes a keyless table that always misses.
    pub keys: Vec<Key>,
    /// Actions entries may use.
    pub actions: Vec<String>,
    /// Action run on a miss.
    pub default_action: ActionCall,
    /// Maximum number of entries.
    pub size: u32,
    /// Entries not hit for this long are reported by the control plane.
    pub idle_timeout: Option<Duration>,
    /// Size of the Gallium write-back table (§4) shadowing this table, if any.
    pub write_back: Option<u32>,
}

impl Table {
    /// True when any key field is ternary or LPM (a TCAM table).
    pub fn is_ternary(&self) -> bool {
        self.keys.iter().any(|k| k.kind != MatchKind::Exact)
    }
}

/// A register array.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Register {
    /// Name (preserved in emitted P4).
    pub name: String,
    /// Cell width: 1, 8, 16, 32 or 64 bits.
    pub width: u8,
    /// Number of cells.
    pub size: u32,
}

/// A leaf of a stateful ALU expression.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RegLeaf {
    /// The cell's value before this packet.
    Mem,
    /// A field, constant or action parameter.
    Operand(Operand),
}

/// A stateful ALU expression (one ALU operation), computed at the register's width.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RegExpr {
    /// A leaf.
    Leaf(RegLeaf),
    /// `a op b`.
    Bin(BinOp, RegLeaf, RegLeaf),
}

/// What a stateful ALU branch outputs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RegOut {
    /// Nothing (the destination is left unchanged).
    None,
    /// The cell's value before the update.
    Old,
    /// The cell's value after the update.
    New,
    /// A computed value.
    Expr(RegExpr),
}

/// One branch of a register action: an optional write and an output.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegBranch {
    /// New cell value, if the cell is written.
    pub write: Option<RegExpr>,
    /// Output.
    pub output: RegOut,
}

/// A condition evaluated by a stateful ALU.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegCond {
    /// Left side.
    pub lhs: RegLeaf,
    /// Comparison.
    pub cmp: CmpOp,
    /// Right side.
    pub rhs: RegLeaf,
}

/// A read-modify-write program of a stateful ALU on one register array
/// (a Tofino `RegisterAction`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegAction {
    /// Name.
    pub name: String,
    /// Register array it works on.
    pub register: String,
    /// Optional condition choosing between `then` and `otherwise`.
    pub cond: Option<RegCond>,
    /// Branch taken when there is no condition or it holds.
    pub then: RegBranch,
    /// Branch taken when the condition fails.
    pub otherwise: RegBranch,
}

/// Hash algorithms, computed exactly as the targets do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HashAlgo {
    /// CRC-16/ARC (poly 0x8005, reflected, init 0): v1model `crc16`, tna `CRC16`.
    Crc16,
    /// CRC-32/ISO-HDLC (the Ethernet CRC): v1model `crc32`, tna `CRC32`.
    Crc32,
    /// The concatenated input itself.
    Identity,
}

/// A hash unit over a list of fields (concatenated, most significant first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HashUnit {
    /// Name.
    pub name: String,
    /// Algorithm.
    pub algo: HashAlgo,
    /// Input fields; for CRCs their total width must be a whole number of bytes.
    pub inputs: Vec<FieldRef>,
    /// Output width in bits (1..=32 for CRCs, 1..=64 for identity).
    pub width: u8,
}

/// What a counter counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CounterKind {
    /// Packets.
    Packets,
    /// Bytes.
    Bytes,
    /// Both.
    PacketsAndBytes,
}

/// An indexed counter array.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counter {
    /// Name.
    pub name: String,
    /// Number of cells.
    pub size: u32,
    /// What is counted.
    pub kind: CounterKind,
}

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
