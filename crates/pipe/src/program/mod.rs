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

use serde::{Deserialize, Serialize};

mod action;
mod control;
mod table;

pub use action::*;
pub use control::*;
pub use table::*;

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
    /// Indexed two-rate three-color meters.
    #[serde(default)]
    pub meters: Vec<Meter>,
    /// Checksums the deparser updates incrementally (RFC 1624).
    #[serde(default)]
    pub checksums: Vec<ChecksumUnit>,
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
    /// Where a packet the parser rejects, or that ends inside a header it
    /// extracts, goes instead of being dropped: out of this port, unchanged
    /// (P4: ingress checks the parser error and sets the egress port).
    #[serde(default)]
    pub parser_error_port: Option<u16>,
    /// The program frames its CPU port's traffic itself as `wire::link`
    /// frames: what it sends there is wrapped "from port N", what it takes
    /// from there "out of port N" it unwraps. A switch daemon that frames
    /// the CPU link for programs that do not (Tandem's) passes these
    /// through as they are.
    #[serde(default)]
    pub cpu_link: bool,
}

impl Program {
    /// The width of `header.field`: a field of a header instance, user metadata
    /// (`meta`) or a standard field (`std`); `None` when the program has none of
    /// that name.
    pub fn field_width(&self, header: &str, field: &str) -> Option<u8> {
        match header {
            META => self
                .metadata
                .iter()
                .find(|m| m.name == field)
                .map(|m| m.width),
            STD => StdField::from_name(field).map(StdField::width),
            _ => self
                .headers
                .iter()
                .find(|h| h.name == header)
                .and_then(|h| h.fields.iter().find(|f| f.name == field))
                .map(|f| f.width),
        }
    }
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
