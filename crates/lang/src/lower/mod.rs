//! Lowering a checked module to the IR. Runs only after checking succeeded, so it
//! never reports errors; the result is verified with `ir::verify` by the caller.
//!
//! Control flow: `if`/`match` branch to fresh blocks and join in a block whose
//! parameters are the mutable variables the branches changed; `for` loops become a
//! header block with the counter and all mutable variables as parameters and a back
//! edge; verdicts terminate the current block.

mod builder;
mod expr;

use crate::ast::{Block, Place, Stmt, StmtKind};
use crate::check::{CallRes, Checked};
use builder::Builder;
use ir::{BinOp, Op, Terminator, Type, Value};

/// Lowers a successfully checked module to an IR program named `name`.
pub fn lower(checked: &Checked<'_>, name: &str) -> ir::Program {
    let mut lw = Lower {
        c: checked,
        b: Builder::new(),
    };
    if let Some(body) = checked.handler {
        lw.block(body);
    }
    lw.b.terminate(Terminator::Drop);
    ir::Program {
        name: name.to_string(),
        states: checked
            .states
            .iter()
            .map(|s| ir::StateDecl {
                name: s.name.clone(),
                kind: s.kind.clone(),
            })
            .collect(),
        events: checked
            .events
            .iter()
            .map(|e| ir::EventDecl {
                name: e.name.clone(),
                fields: e
                    .fields
                    .iter()
                    .map(|(n, t)| (n.clone(), checked.ir_type(t)))
                    .collect(),
            })
            .collect(),
        handler: lw.b.finish(),
    }
}

pub(crate) struct Lower<'a, 'm> {
    pub c: &'a Checked<'m>,
    pub b: Builder,
}

impl Lower<'_, '_> {
    fn block(&mut self, blk: &Block) {
        self.b.vars.push(Default::default());
        for s in &blk.stmts {
            if self.b.cur.is_none() {
                break;
            }
            self.stmt(s);
        }
        self.b.vars.pop();
    }

    /// Lowers `blk` starting in block `start`; returns the open end, if any, with
    /// the variables at that point.
    fn branch(
        &mut self,
        start: usize,
        blk: &Block,
        before: &[std::collections::HashMap<String, builder::Var>],
        bind: Option<(&str, ir::ValueId, Type)>,
    ) -> Option<(usize, Vec<std::collections::HashMap<String, builder::Var>>)> {
        self.b.vars = before.to_vec();
        self.b.cur = Some(start);
        self.b.vars.push(Default::default());
        if let Some((n, v, t)) = bind {
            self.b.bind(n, v, t, false);
        }
        self.block(blk);
        self.b.vars.pop();
        self.b.cur.map(|c| (c, self.b.vars.clone()))
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Let {
                name,
                mutable,
                value,
                ..
            } => {
                let v = self.expr(value);
                let t = self.c.ir_type(&self.c.ty(value.id));
                self.b.bind(&name.text, v, t, *mutable);
            }
            StmtKind::Assign(place, value) => self.assign(place, value),
            StmtKind::If { cond, then_, else_ } => {
                let c = self.expr(cond);
                let before = self.b.vars.clone();
                let (tb, _) = self.b.new_block(Vec::new());
                let (eb, _) = self.b.new_block(Vec::new());
                self.b.terminate(Terminator::Branch {
                    cond: c,
                    then_: builder::target(tb, vec![]),
                    else_: builder::target(eb, vec![]),
                });
                let mut ends = Vec::new();
                ends.extend(self.branch(tb, then_, &before, None));
                let empty = Block {
                    stmts: Vec::new(),
                    span: s.span,
                };
                ends.extend(self.branch(eb, else_.as_ref().unwrap_or(&empty), &before, None));
                self.b.vars = before;
                self.b.join(ends);
            }
            StmtKind::Match {
                map,
                key,
                binding,
                some,
                none,
            } => {
                let Some(state) = self.state_id(&map.text) else {
                    return;
                };
                let k = self.expr(key);
                let vt = match self.c.states.get(state.0 as usize).map(|s| &s.kind) {
                    Some(ir::StateKind::Map { value, .. }) => value.clone(),
                    _ => Type::Bool,
                };
                let r = self
                    .b
                    .inst(Op::MapGet(state, k), vec![Type::Bool, vt.clone()]);
                let before = self.b.vars.clone();
                let (sb, _) = self.b.new_block(Vec::new());
                let (nb, _) = self.b.new_block(Vec::new());
                self.b.terminate(Terminator::Branch {
                    cond: r[0],
                    then_: builder::target(sb, vec![]),
                    else_: builder::target(nb, vec![]),
                });
                let mut ends = Vec::new();
                let bind = binding.as_ref().map(|n| (n.text.as_str(), r[1], vt));
                ends.extend(self.branch(sb, some, &before, bind));
                ends.extend(self.branch(nb, none, &before, None));
                self.b.vars = before;
                self.b.join(ends);
            }
            StmtKind::For {
                var, lo, hi, body, ..
            } => self.for_loop(&var.text, lo, hi, body),
            StmtKind::Emit { event, fields } => {
                let Some(ei) = self.c.events.iter().position(|e| e.name == event.text) else {
                    return;
                };
                let mut args = Vec::new();
                for (fname, _) in &self.c.events[ei].fields {
                    if let Some((_, e)) = fields.iter().find(|(n, _)| n.text == *fname) {
                        args.push(self.expr(e));
                    }
                }
                self.b.inst(Op::Emit(ir::EventId(ei as u32), args), vec![]);
            }
            StmtKind::Expr(e) => self.expr_stmt(e),
            StmtKind::Block(b) => {
                self.block(b);
            }
        }
    }

    fn state_id(&self, name: &str) -> Option<ir::StateId> {
        self.c
            .states
            .iter()
            .position(|s| s.name == name)
            .map(|i| ir::StateId(i as u32))
    }

    fn expr_stmt(&mut self, e: &crate::ast::Expr) {
        let crate::ast::ExprKind::Call(_, args) = &e.kind else {
            // A discarded pure expression (warned about by the checker) has no effect.
            return;
        };
        match self.c.calls.get(&e.id).cloned() {
            Some(CallRes::Forward) => {
                let p = self.expr(&args[0]);
                self.b.terminate(Terminator::Forward(p));
            }
            Some(CallRes::Drop) => self.b.terminate(Terminator::Drop),
            Some(CallRes::Insert(s)) => {
                let k = self.expr(&args[0]);
                let v = match args.get(1) {
                    Some(a) => self.expr(a),
                    None => self.b.value(Op::Const(Value::Bool(true)), Type::Bool),
                };
                self.b.inst(Op::MapInsert(s, k, v), vec![]);
            }
            Some(CallRes::Remove(s)) => {
                let k = self.expr(&args[0]);
                self.b.inst(Op::MapRemove(s, k), vec![]);
            }
            _ => {}
        }
    }

    fn assign(&mut self, place: &Place, value: &crate::ast::Expr) {
        let v = self.expr(value);
        match place {
            Place::Path(p) if p.len() == 1 => {
                if self.b.lookup(&p[0].text).is_some() {
                    self.b.assign(&p[0].text, v);
                } else if let Some(s) = self.state_id(&p[0].text) {
                    self.b.inst(Op::RegSet(s, v), vec![]);
                }
            }
            Place::Path(p) => {
                if let (Some(h), Some(f)) = (ir::Header::from_name(&p[0].text), p.get(1)) {
                    if let Some(field) = ir::Field::lookup(h, &f.text) {
                        self.b.inst(Op::SetField(field, v), vec![]);
                    }
                }
            }
            Place::Index(n, idx) => {
                if let Some(s) = self.state_id(&n.text) {
                    let i = self.expr(idx);
                    self.b.inst(Op::ArraySet(s, i, v), vec![]);
                }
            }
        }
    }

    /// `for i in lo..hi { body }`: header(i, mutables) → body → header(i+1, …); exit when `i >= hi`.
    fn for_loop(&mut self, var: &str, lo: &crate::ast::Expr, hi: &crate::ast::Expr, body: &Block) {
        let t = self.c.ir_type(&self.c.ty(lo.id));
        let w = match t {
            Type::Bits(w) => w,
            _ => 16,
        };
        let lo_v = self.c.bounds.get(&lo.id).copied().unwrap_or(0) as u64;
        let hi_v = self.c.bounds.get(&hi.id).copied().unwrap_or(0) as u64;
        let start = self.b.value(Op::Const(Value::bits(w, lo_v)), t.clone());
        let muts = self.b.mutables();
        let mut tys = vec![t.clone()];
        tys.extend(muts.iter().map(|m| m.2.clone()));
        let (header, params) = self.b.new_block(tys);
        let mut args = vec![start];
        args.extend(
            muts.iter()
                .map(|(s, n, _)| self.b.get_at(*s, n).unwrap_or(ir::ValueId(u32::MAX))),
        );
        self.b.jump(header, args);
        self.b.cur = Some(header);
        for ((s, n, _), p) in muts.iter().zip(&params[1..]) {
            self.b.set_at(*s, n, *p);
        }
        let hi_c = self.b.value(Op::Const(Value::bits(w, hi_v)), t.clone());
        let cond = self
            .b
            .value(Op::Binary(BinOp::Lt, params[0], hi_c), Type::Bool);
        let (bb, _) = self.b.new_block(Vec::new());
        let (exit, _) = self.b.new_block(Vec::new());
        self.b.terminate(Terminator::Branch {
            cond,
            then_: builder::target(bb, vec![]),
            else_: builder::target(exit, vec![]),
        });
        let at_header = self.b.vars.clone();
        self.b.cur = Some(bb);
        self.b.vars.push(Default::default());
        self.b.bind(var, params[0], t.clone(), false);
        self.block(body);
        self.b.vars.pop();
        if self.b.cur.is_some() {
            let one = self.b.value(Op::Const(Value::bits(w, 1)), t.clone());
            let next = self.b.value(Op::Binary(BinOp::Add, params[0], one), t);
            let mut args = vec![next];
            args.extend(
                muts.iter()
                    .map(|(s, n, _)| self.b.get_at(*s, n).unwrap_or(ir::ValueId(u32::MAX))),
            );
            self.b.jump(header, args);
        }
        self.b.vars = at_header;
        self.b.cur = Some(exit);
    }
}
