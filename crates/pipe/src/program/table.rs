//! Tables, register arrays and their stateful-ALU programs, hash units, counters,
//! meters.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{BinOp, CmpOp, FieldRef, Operand};

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

/// What a meter measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeterKind {
    /// Packets (each packet is one unit).
    Packets,
    /// Bytes (a packet's length as received).
    Bytes,
}

/// An indexed array of two-rate three-color meters (v1model `meter`, tna
/// `Meter`); semantics in [`crate::meter`]. Rates are set by the control plane
/// ([`crate::Switch::set_meter`]); an unconfigured cell marks packets green.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meter {
    /// Name.
    pub name: String,
    /// Number of cells.
    pub size: u32,
    /// What is metered.
    pub kind: MeterKind,
}

/// A checksum the deparser keeps correct by incremental update (RFC 1624 eqn. 3),
/// as Tofino's deparser checksum engines and Tandem's reference interpreter do.
///
/// When the target's header was parsed and is still valid, every covered field
/// whose value changed (a field of a header that is not valid counts as 0, before
/// or after) updates the target: `HC' = ~(~HC + ~m + m')` for each 16-bit word it
/// touches. A field's alignment within 16-bit words is its offset in its own
/// header, which matches the IPv4 pseudo-header for `ipv4.src`, `ipv4.dst`,
/// `ipv4.protocol` and `ipv4.total_len`/`udp.len`. List a field twice when it
/// occurs twice in the checksummed data (UDP's length).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChecksumUnit {
    /// Name.
    pub name: String,
    /// The 16-bit, 16-bit-aligned checksum field.
    pub target: FieldRef,
    /// Header fields the checksum covers (besides the target).
    pub covered: Vec<FieldRef>,
    /// UDP: a zero checksum means "none" and stays zero; a computed zero is sent as
    /// 0xFFFF (RFC 768).
    pub zero_means_none: bool,
}
