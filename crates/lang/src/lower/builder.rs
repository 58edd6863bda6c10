//! SSA construction: blocks with parameters, fresh values, and scoped variables
//! whose current SSA value changes on assignment.

use ir::{Block, Inst, Op, Target, Terminator, Type, ValueId};
use std::collections::HashMap;

/// A variable's current SSA value.
#[derive(Clone, Debug)]
pub(crate) struct Var {
    pub value: ValueId,
    pub ty: Type,
    pub mutable: bool,
}

/// A block under construction (terminator set when it is closed).
struct Open {
    params: Vec<(ValueId, Type)>,
    insts: Vec<Inst>,
    term: Option<Terminator>,
}

/// Builds the handler CFG.
pub(crate) struct Builder {
    blocks: Vec<Open>,
    /// The block receiving instructions; `None` after a verdict (dead code).
    pub cur: Option<usize>,
    next: u32,
    /// Variable scopes, innermost last.
    pub vars: Vec<HashMap<String, Var>>,
}

impl Builder {
    pub fn new() -> Self {
        let mut b = Builder {
            blocks: Vec::new(),
            cur: None,
            next: 0,
            vars: vec![HashMap::new()],
        };
        let entry = b.new_block(Vec::new()).0;
        b.cur = Some(entry);
        b
    }

    pub fn fresh(&mut self) -> ValueId {
        let v = ValueId(self.next);
        self.next += 1;
        v
    }

    /// A new block with parameters of the given types; returns it and the parameter values.
    pub fn new_block(&mut self, param_tys: Vec<Type>) -> (usize, Vec<ValueId>) {
        let params: Vec<(ValueId, Type)> =
            param_tys.into_iter().map(|t| (self.fresh(), t)).collect();
        let vals = params.iter().map(|p| p.0).collect();
        self.blocks.push(Open {
            params,
            insts: Vec::new(),
            term: None,
        });
        (self.blocks.len() - 1, vals)
    }

    /// Appends an instruction with the given result types to the current block.
    pub fn inst(&mut self, op: Op, result_tys: Vec<Type>) -> Vec<ValueId> {
        let results: Vec<(ValueId, Type)> =
            result_tys.into_iter().map(|t| (self.fresh(), t)).collect();
        let vals = results.iter().map(|r| r.0).collect();
        if let Some(b) = self.cur.and_then(|c| self.blocks.get_mut(c)) {
            b.insts.push(Inst { results, op });
        }
        vals
    }

    /// Appends an instruction with one result.
    pub fn value(&mut self, op: Op, ty: Type) -> ValueId {
        self.inst(op, vec![ty])
            .first()
            .copied()
            .unwrap_or(ValueId(u32::MAX))
    }

    /// Closes the current block.
    pub fn terminate(&mut self, t: Terminator) {
        if let Some(b) = self.cur.and_then(|c| self.blocks.get_mut(c)) {
            if b.term.is_none() {
                b.term = Some(t);
            }
        }
        self.cur = None;
    }

    pub fn jump(&mut self, block: usize, args: Vec<ValueId>) {
        self.terminate(Terminator::Jump(target(block, args)));
    }

    pub fn lookup(&self, name: &str) -> Option<&Var> {
        self.vars.iter().rev().find_map(|s| s.get(name))
    }

    pub fn bind(&mut self, name: &str, value: ValueId, ty: Type, mutable: bool) {
        if let Some(s) = self.vars.last_mut() {
            s.insert(name.to_string(), Var { value, ty, mutable });
        }
    }

    pub fn assign(&mut self, name: &str, value: ValueId) {
        if let Some(v) = self.vars.iter_mut().rev().find_map(|s| s.get_mut(name)) {
            v.value = value;
        }
    }

    /// Mutable variables in scope, as (scope index, name, type), in a fixed order.
    pub fn mutables(&self) -> Vec<(usize, String, Type)> {
        let mut out = Vec::new();
        for (i, s) in self.vars.iter().enumerate() {
            let mut names: Vec<(&String, &Var)> = s.iter().filter(|(_, v)| v.mutable).collect();
            names.sort_by(|a, b| a.0.cmp(b.0));
            out.extend(names.into_iter().map(|(n, v)| (i, n.clone(), v.ty.clone())));
        }
        out
    }

    pub fn get_at(&self, scope: usize, name: &str) -> Option<ValueId> {
        self.vars
            .get(scope)
            .and_then(|s| s.get(name))
            .map(|v| v.value)
    }

    pub fn set_at(&mut self, scope: usize, name: &str, value: ValueId) {
        if let Some(v) = self.vars.get_mut(scope).and_then(|s| s.get_mut(name)) {
            v.value = value;
        }
    }

    /// Merges control-flow paths that ended in `ends` (block, variable snapshot).
    /// Variables whose values differ become parameters of the join block.
    pub fn join(&mut self, ends: Vec<(usize, Vec<HashMap<String, Var>>)>) {
        if ends.is_empty() {
            self.cur = None;
            return;
        }
        let muts = {
            self.vars = ends[0].1.clone();
            self.mutables()
        };
        let differs: Vec<(usize, String, Type)> = muts
            .into_iter()
            .filter(|(s, n, _)| {
                let first = ends[0].1.get(*s).and_then(|m| m.get(n)).map(|v| v.value);
                ends.iter()
                    .any(|(_, vars)| vars.get(*s).and_then(|m| m.get(n)).map(|v| v.value) != first)
            })
            .collect();
        let (join, params) = self.new_block(differs.iter().map(|d| d.2.clone()).collect());
        for (block, vars) in &ends {
            let args = differs
                .iter()
                .map(|(s, n, _)| {
                    vars.get(*s)
                        .and_then(|m| m.get(n))
                        .map_or(ValueId(u32::MAX), |v| v.value)
                })
                .collect();
            self.cur = Some(*block);
            self.jump(join, args);
        }
        for ((s, n, _), p) in differs.iter().zip(params) {
            self.set_at(*s, n, p);
        }
        self.cur = Some(join);
    }

    /// Finishes the function. Any block left open (impossible after a successful
    /// check, which requires a verdict on every path) drops the packet.
    pub fn finish(self) -> ir::Function {
        let blocks = self
            .blocks
            .into_iter()
            .map(|b| Block {
                params: b.params,
                insts: b.insts,
                term: b.term.unwrap_or(Terminator::Drop),
            })
            .collect();
        ir::Function { blocks }
    }
}

pub(crate) fn target(block: usize, args: Vec<ValueId>) -> Target {
    Target {
        block: ir::BlockId(u32::try_from(block).unwrap_or(u32::MAX)),
        args,
    }
}
