//! Builders for the parts of a program: parser states, actions, tables and
//! register actions.

use std::time::Duration;

use crate::program::*;

use super::field;

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

    /// Meters the packet in `meter[index]`, colour to `dst` (0 green, 1 yellow, 2 red).
    pub fn execute_meter(self, meter: &str, index: Operand, dst: &str) -> Self {
        self.op(Op::ExecuteMeter {
            meter: meter.to_string(),
            index,
            dst: field(dst),
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

/// Select cases matching `lo..=hi` of a `width`-bit key, as the minimal set of
/// value/mask pairs (prefix expansion), all going to `next`. Use for parser
/// decisions on lengths, e.g. "parse the payload only if `udp.len >= 168`".
pub fn range_cases(width: u8, lo: u64, hi: u64, next: Next) -> Vec<SelectCase> {
    let full = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let hi = hi.min(full);
    let mut out = Vec::new();
    let mut v = lo;
    while v <= hi {
        // Largest aligned block starting at v that stays within hi.
        let mut size_log = if v == 0 {
            u32::from(width).min(63)
        } else {
            v.trailing_zeros().min(63)
        };
        while size_log > 0
            && v.checked_add((1u64 << size_log) - 1)
                .is_none_or(|end| end > hi)
        {
            size_log -= 1;
        }
        let block = 1u64 << size_log;
        out.push(SelectCase {
            value: v,
            mask: full & !(block - 1),
            next: next.clone(),
        });
        match v.checked_add(block) {
            Some(n) => v = n,
            None => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn covers(cases: &[SelectCase], x: u64) -> bool {
        cases.iter().any(|c| x & c.mask == c.value & c.mask)
    }

    #[test]
    fn range_cases_match_exactly_the_range() {
        for (lo, hi) in [(168u64, 0xffff), (0, 9), (5, 5), (1, 0xfffe), (100, 1500)] {
            let cases = range_cases(16, lo, hi, Next::Accept);
            for x in 0..=0xffffu64 {
                assert_eq!(
                    covers(&cases, x),
                    (lo..=hi).contains(&x),
                    "{lo}..={hi} at {x}"
                );
            }
        }
        // 168..=65535 = blocks starting at 168 (8), 176 (16), 192 (64), then the powers
        // of two 256, 512, ..., 32768: 3 + 8 = 11 cases.
        assert_eq!(range_cases(16, 168, 0xffff, Next::Accept).len(), 11);
        assert!(range_cases(16, 10, 9, Next::Accept).is_empty());
    }
}
