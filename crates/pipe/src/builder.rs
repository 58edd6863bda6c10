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

use std::time::Duration;

use crate::error::ProgramError;
use crate::program::*;

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
                ingress: Vec::new(),
                egress: Vec::new(),
                cpu_port: 192,
                recirc_port: 68,
                max_recirculations: 4,
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

    /// Adds a counter array.
    pub fn counter(&mut self, name: &str, size: u32, kind: CounterKind) -> &mut Self {
        self.program.counters.push(Counter {
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

/// Starts a parser state.
pub fn state(name: &str) -> StateBuilder {
    StateBuilder {
        name: name.to_string(),
        extract: Vec::new(),
    }
}

/// Builds a [`ParserState`]; finish with a transition method.
#[derive(Debug, Clone)]
pub struct StateBuilder {
    name: String,
    extract: Vec<String>,
}

impl StateBuilder {
    /// Extracts a header.
    pub fn extract(mut self, header: &str) -> Self {
        self.extract.push(header.to_string());
        self
    }

    fn finish(self, transition: Transition) -> ParserState {
        ParserState {
            name: self.name,
            extract: self.extract,
            transition,
        }
    }

    /// Ends parsing.
    pub fn accept(self) -> ParserState {
        self.finish(Transition::Next(Next::Accept))
    }

    /// Rejects (drops) the packet.
    pub fn reject(self) -> ParserState {
        self.finish(Transition::Next(Next::Reject))
    }

    /// Continues in `state`.
    pub fn goto(self, state: &str) -> ParserState {
        self.finish(Transition::Next(Next::State(state.to_string())))
    }

    /// Branches on `fields` by exact values; anything else accepts.
    pub fn select(self, fields: &[&str], cases: &[(u64, &str)]) -> ParserState {
        let cases = cases
            .iter()
            .map(|&(value, next)| SelectCase {
                value,
                mask: u64::MAX,
                next: Next::State(next.to_string()),
            })
            .collect();
        self.select_cases(fields, cases, Next::Accept)
    }

    /// Branches on `fields` with explicit cases and default.
    pub fn select_cases(
        self,
        fields: &[&str],
        cases: Vec<SelectCase>,
        default: Next,
    ) -> ParserState {
        let fields = fields.iter().map(|s| field(s)).collect();
        self.finish(Transition::Select {
            fields,
            cases,
            default,
        })
    }
}

/// Starts an action.
pub fn action(name: &str) -> ActionBuilder {
    ActionBuilder(Action {
        name: name.to_string(),
        params: Vec::new(),
        ops: Vec::new(),
    })
}

/// Builds an [`Action`]; converts into one with `.into()`.
#[derive(Debug, Clone)]
pub struct ActionBuilder(Action);

impl From<ActionBuilder> for Action {
    fn from(b: ActionBuilder) -> Action {
        b.0
    }
}

impl ActionBuilder {
    /// Declares a parameter.
    pub fn param(mut self, name: &str, width: u8) -> Self {
        self.0.params.push(Field {
            name: name.to_string(),
            width,
        });
        self
    }

    /// Appends any operation.
    pub fn op(mut self, op: Op) -> Self {
        self.0.ops.push(op);
        self
    }

    /// `dst = expr`.
    pub fn set(self, dst: &str, expr: Expr) -> Self {
        self.op(Op::Set {
            dst: field(dst),
            expr,
        })
    }

    /// `dst = value`.
    pub fn assign(self, dst: &str, value: Operand) -> Self {
        self.set(dst, Expr::Value(value))
    }

    /// Sends the packet to `port`.
    pub fn forward(self, port: Operand) -> Self {
        self.op(Op::Forward(port))
    }

    /// Sends the packet to the CPU port.
    pub fn to_cpu(self) -> Self {
        self.op(Op::ToCpu)
    }

    /// Recirculates the packet.
    pub fn recirculate(self) -> Self {
        self.op(Op::Recirculate)
    }

    /// Drops the packet.
    pub fn drop(self) -> Self {
        self.op(Op::Drop)
    }

    /// Makes a header valid.
    pub fn set_valid(self, header: &str) -> Self {
        self.op(Op::SetValid(header.to_string()))
    }

    /// Makes a header invalid.
    pub fn set_invalid(self, header: &str) -> Self {
        self.op(Op::SetInvalid(header.to_string()))
    }

    /// `dst = hash unit`.
    pub fn hash(self, unit: &str, dst: &str) -> Self {
        self.op(Op::Hash {
            unit: unit.to_string(),
            dst: field(dst),
        })
    }

    /// Runs register action `ra` on cell `index`, output to `dst`.
    pub fn reg_exec(self, ra: &str, index: Operand, dst: Option<&str>) -> Self {
        self.op(Op::RegExec {
            action: ra.to_string(),
            index,
            dst: dst.map(field),
        })
    }

    /// Counts into `counter[index]`.
    pub fn count(self, counter: &str, index: Operand) -> Self {
        self.op(Op::Count {
            counter: counter.to_string(),
            index,
        })
    }
}

/// Starts a table (default: size 1024, default action must be set).
pub fn table(name: &str) -> TableBuilder {
    TableBuilder(Table {
        name: name.to_string(),
        keys: Vec::new(),
        actions: Vec::new(),
        default_action: ActionCall {
            action: String::new(),
            args: Vec::new(),
        },
        size: 1024,
        idle_timeout: None,
        write_back: None,
    })
}

/// Builds a [`Table`]; converts into one with `.into()`.
#[derive(Debug, Clone)]
pub struct TableBuilder(Table);

impl From<TableBuilder> for Table {
    fn from(b: TableBuilder) -> Table {
        b.0
    }
}

impl TableBuilder {
    fn key(mut self, path: &str, kind: MatchKind) -> Self {
        self.0.keys.push(Key {
            field: field(path),
            kind,
        });
        self
    }

    /// Adds an exact key field.
    pub fn exact(self, path: &str) -> Self {
        self.key(path, MatchKind::Exact)
    }

    /// Adds a ternary key field.
    pub fn ternary(self, path: &str) -> Self {
        self.key(path, MatchKind::Ternary)
    }

    /// Adds the LPM key field.
    pub fn lpm(self, path: &str) -> Self {
        self.key(path, MatchKind::Lpm)
    }

    /// Allows an action in entries.
    pub fn action(mut self, name: &str) -> Self {
        self.0.actions.push(name.to_string());
        self
    }

    /// Sets the default (miss) action; it is also allowed in entries.
    pub fn default_action(mut self, name: &str, args: &[u64]) -> Self {
        if !self.0.actions.iter().any(|a| a == name) {
            self.0.actions.push(name.to_string());
        }
        self.0.default_action = ActionCall {
            action: name.to_string(),
            args: args.to_vec(),
        };
        self
    }

    /// Sets the maximum number of entries.
    pub fn size(mut self, size: u32) -> Self {
        self.0.size = size;
        self
    }

    /// Enables idle-timeout notifications.
    pub fn idle_timeout(mut self, after: Duration) -> Self {
        self.0.idle_timeout = Some(after);
        self
    }

    /// Adds a Gallium write-back table of `size` entries for atomic updates.
    pub fn write_back(mut self, size: u32) -> Self {
        self.0.write_back = Some(size);
        self
    }
}

/// Starts a register action on `register`, unconditional by default.
pub fn reg_action(name: &str, register: &str) -> RegActionBuilder {
    let keep = RegBranch {
        write: None,
        output: RegOut::None,
    };
    RegActionBuilder(RegAction {
        name: name.to_string(),
        register: register.to_string(),
        cond: None,
        then: keep.clone(),
        otherwise: keep,
    })
}

/// Builds a [`RegAction`]; converts into one with `.into()`.
#[derive(Debug, Clone)]
pub struct RegActionBuilder(RegAction);

impl From<RegActionBuilder> for RegAction {
    fn from(b: RegActionBuilder) -> RegAction {
        b.0
    }
}

impl RegActionBuilder {
    /// Makes the action conditional: `then` runs when `lhs cmp rhs`, else `otherwise`.
    pub fn when(mut self, lhs: RegLeaf, cmp: CmpOp, rhs: RegLeaf) -> Self {
        self.0.cond = Some(RegCond { lhs, cmp, rhs });
        self
    }

    /// The (condition-true) branch.
    pub fn then(mut self, write: Option<RegExpr>, output: RegOut) -> Self {
        self.0.then = RegBranch { write, output };
        self
    }

    /// The condition-false branch.
    pub fn otherwise(mut self, write: Option<RegExpr>, output: RegOut) -> Self {
        self.0.otherwise = RegBranch { write, output };
        self
    }
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
