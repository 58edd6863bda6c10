//! A builder API for writing programs by hand or from a generator.
//!
//! Field paths are written `"header.field"` (`"meta.x"`, `"std.ingress_port"`); a
//! malformed path is not a panic but a validation error naming where it was used.
//!
//! # Example
//! ```
//! use pipe::builder::*;
//! let mut b = ProgramBuilder::new("l2");
//! b.header("ethernet", &[("dst", 48), ("src", 48), ("ether_type", 16)]);
//! b.state(state("start").extract("ethernet").accept());
//! b.action(action("fwd").param("port", 9).forward(p("port")));
//! b.action(action("drop").drop());
//! b.table(table("dmac").exact("ethernet.dst").action("fwd").default_action("drop", &[]).size(1024));
//! b.ingress(vec![apply("dmac")]);
//! let program = b.build().expect("valid program");
//! assert_eq!(program.tables.len(), 1);
//! ```

use crate::error::ProgramError;
use crate::program::*;

mod parts;

pub use parts::*;

/// Accumulates the parts of a [`Program`]; [`ProgramBuilder::build`] validates it.
#[derive(Debug, Clone)]
pub struct ProgramBuilder {
    program: Program,
}

impl ProgramBuilder {
    /// An empty program: CPU port 192, recirculation port 68 (Tofino-1 pipe 0
    /// conventions), at most 4 recirculations.
    pub fn new(name: &str) -> ProgramBuilder {
        ProgramBuilder {
            program: Program {
                name: name.to_string(),
                headers: Vec::new(),
                metadata: Vec::new(),
                parser: Parser {
                    start: "start".to_string(),
                    states: Vec::new(),
                },
                deparser: Vec::new(),
                actions: Vec::new(),
                tables: Vec::new(),
                registers: Vec::new(),
                reg_actions: Vec::new(),
                hashes: Vec::new(),
                counters: Vec::new(),
                meters: Vec::new(),
                checksums: Vec::new(),
                ingress: Vec::new(),
                egress: Vec::new(),
                cpu_port: 192,
                recirc_port: 68,
                max_recirculations: 4,
                parser_error_port: None,
                cpu_link: false,
            },
        }
    }

    /// Declares a header instance; it is also appended to the deparser order.
    pub fn header(&mut self, name: &str, fields: &[(&str, u8)]) -> &mut Self {
        self.program.headers.push(HeaderType {
            name: name.to_string(),
            fields: fields
                .iter()
                .map(|&(n, w)| Field {
                    name: n.to_string(),
                    width: w,
                })
                .collect(),
        });
        self.program.deparser.push(name.to_string());
        self
    }

    /// Declares a user metadata field `meta.<name>`.
    pub fn metadata(&mut self, name: &str, width: u8) -> &mut Self {
        self.program.metadata.push(Field {
            name: name.to_string(),
            width,
        });
        self
    }

    /// Adds a parser state; the first state is `start` unless [`Self::start`] says otherwise.
    pub fn state(&mut self, state: ParserState) -> &mut Self {
        self.program.parser.states.push(state);
        self
    }

    /// Replaces the parser state of the same name (e.g. one that a shared
    /// helper such as [`crate::examples::ethernet_ipv4_l4`] declared), or adds it.
    pub fn replace_state(&mut self, state: ParserState) -> &mut Self {
        let states = &mut self.program.parser.states;
        match states.iter_mut().find(|s| s.name == state.name) {
            Some(s) => *s = state,
            None => states.push(state),
        }
        self
    }

    /// Names the parser's start state.
    pub fn start(&mut self, name: &str) -> &mut Self {
        self.program.parser.start = name.to_string();
        self
    }

    /// Replaces the deparser order (default: header declaration order).
    pub fn deparser(&mut self, order: &[&str]) -> &mut Self {
        self.program.deparser = order.iter().map(|s| s.to_string()).collect();
        self
    }

    /// Adds an action.
    pub fn action(&mut self, action: impl Into<Action>) -> &mut Self {
        self.program.actions.push(action.into());
        self
    }

    /// Adds a table.
    pub fn table(&mut self, table: impl Into<Table>) -> &mut Self {
        self.program.tables.push(table.into());
        self
    }

    /// Adds a register array of `size` cells of `width` bits.
    pub fn register(&mut self, name: &str, width: u8, size: u32) -> &mut Self {
        self.program.registers.push(Register {
            name: name.to_string(),
            width,
            size,
        });
        self
    }

    /// Adds a register action.
    pub fn reg_action(&mut self, ra: impl Into<RegAction>) -> &mut Self {
        self.program.reg_actions.push(ra.into());
        self
    }

    /// Adds a hash unit over `inputs` (field paths).
    pub fn hash(&mut self, name: &str, algo: HashAlgo, inputs: &[&str], width: u8) -> &mut Self {
        self.program.hashes.push(HashUnit {
            name: name.to_string(),
            algo,
            inputs: inputs.iter().map(|s| field(s)).collect(),
            width,
        });
        self
    }

    /// Adds an incremental checksum update (see [`ChecksumUnit`]) of `target` over
    /// `covered` fields.
    pub fn checksum(
        &mut self,
        name: &str,
        target: &str,
        covered: &[&str],
        zero_means_none: bool,
    ) -> &mut Self {
        self.program.checksums.push(ChecksumUnit {
            name: name.to_string(),
            target: field(target),
            covered: covered.iter().map(|s| field(s)).collect(),
            zero_means_none,
        });
        self
    }

    /// Adds a counter array.
    pub fn counter(&mut self, name: &str, size: u32, kind: CounterKind) -> &mut Self {
        self.program.counters.push(Counter {
            name: name.to_string(),
            size,
            kind,
        });
        self
    }

    /// Adds a meter array (two-rate three-color; rates set by the control plane).
    pub fn meter(&mut self, name: &str, size: u32, kind: MeterKind) -> &mut Self {
        self.program.meters.push(Meter {
            name: name.to_string(),
            size,
            kind,
        });
        self
    }

    /// Sets the ingress control.
    pub fn ingress(&mut self, stmts: Vec<Stmt>) -> &mut Self {
        self.program.ingress = stmts;
        self
    }

    /// Sets the egress control.
    pub fn egress(&mut self, stmts: Vec<Stmt>) -> &mut Self {
        self.program.egress = stmts;
        self
    }

    /// Sets the CPU port number.
    pub fn cpu_port(&mut self, port: u16) -> &mut Self {
        self.program.cpu_port = port;
        self
    }

    /// Sets the recirculation port number.
    pub fn recirc_port(&mut self, port: u16) -> &mut Self {
        self.program.recirc_port = port;
        self
    }

    /// Sets how many recirculations a packet may make before it is dropped.
    pub fn max_recirculations(&mut self, n: u8) -> &mut Self {
        self.program.max_recirculations = n;
        self
    }

    /// Marks the program as framing its CPU port's traffic itself (see
    /// [`Program::cpu_link`]).
    pub fn cpu_link(&mut self, on: bool) -> &mut Self {
        self.program.cpu_link = on;
        self
    }

    /// Sends packets the parser cannot take out of `port`, unchanged, instead
    /// of dropping them (e.g. to a server that handles them in software).
    pub fn parser_error_port(&mut self, port: u16) -> &mut Self {
        self.program.parser_error_port = Some(port);
        self
    }

    /// Validates and returns the program.
    pub fn build(&self) -> Result<Program, ProgramError> {
        self.program.validate()?;
        Ok(self.program.clone())
    }

    /// Returns the program without validating it (for tests of the validator).
    pub fn build_unchecked(&self) -> Program {
        self.program.clone()
    }
}

/// Parses a field path; a path without a dot becomes a reference to header `""`,
/// which validation rejects with the place it was used.
pub fn field(path: &str) -> FieldRef {
    FieldRef::parse(path).unwrap_or_else(|| FieldRef::new("", path))
}

/// A field operand.
pub fn f(path: &str) -> Operand {
    Operand::Field(field(path))
}

/// A constant operand.
pub fn c(value: u64) -> Operand {
    Operand::Const(value)
}

/// An action-parameter operand.
pub fn p(name: &str) -> Operand {
    Operand::Param(name.to_string())
}

/// `a op b`.
pub fn bin(op: BinOp, a: Operand, b: Operand) -> Expr {
    Expr::Bin(op, a, b)
}

/// A register leaf for the cell's old value.
pub fn mem() -> RegLeaf {
    RegLeaf::Mem
}

/// A register leaf for an operand.
pub fn leaf(o: Operand) -> RegLeaf {
    RegLeaf::Operand(o)
}

/// Applies a table.
pub fn apply(table: &str) -> Stmt {
    apply_then(table, Vec::new(), Vec::new())
}

/// Applies a table and branches on hit/miss.
pub fn apply_then(table: &str, on_hit: Vec<Stmt>, on_miss: Vec<Stmt>) -> Stmt {
    Stmt::Apply {
        table: table.to_string(),
        on_hit,
        on_miss,
    }
}

/// Runs an action directly.
pub fn run(action: &str, args: &[u64]) -> Stmt {
    Stmt::Run(ActionCall {
        action: action.to_string(),
        args: args.to_vec(),
    })
}

/// `if cond { then } else { otherwise }`.
pub fn if_(cond: Cond, then: Vec<Stmt>, otherwise: Vec<Stmt>) -> Stmt {
    Stmt::If {
        cond,
        then,
        otherwise,
    }
}

/// The header is valid.
pub fn valid(header: &str) -> Cond {
    Cond::Valid(header.to_string())
}

/// `a cmp b`.
pub fn cmp(a: Operand, op: CmpOp, b: Operand) -> Cond {
    Cond::Cmp(a, op, b)
}

/// `a == b`.
pub fn eq(a: Operand, b: Operand) -> Cond {
    Cond::Cmp(a, CmpOp::Eq, b)
}

/// `!c`.
pub fn not(c: Cond) -> Cond {
    Cond::Not(Box::new(c))
}

/// `a && b`.
pub fn and(a: Cond, b: Cond) -> Cond {
    Cond::And(Box::new(a), Box::new(b))
}

/// `a || b`.
pub fn or(a: Cond, b: Cond) -> Cond {
    Cond::Or(Box::new(a), Box::new(b))
}
