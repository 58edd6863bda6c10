//! Statements, scopes, and the rule that every path through the handler ends in a
//! verdict (`forward(..)` or `drop()`).

use super::{CallRes, Cx, Global, Local, Ty};
use crate::ast::{Block, Item, Module, Name, Stmt, StmtKind};
use crate::diag::{Diagnostic, Span};
use std::collections::HashMap;

impl<'m> Cx<'m, '_> {
    pub(super) fn handler(&mut self, module: &'m Module) {
        let mut first: Option<Span> = None;
        for item in &module.items {
            if let Item::Handler { body, span } = item {
                if let Some(f) = first {
                    self.err(
                        Diagnostic::error(
                            "E0308",
                            "more than one `on packet` handler",
                            *span,
                            "second handler",
                        )
                        .with_label(f, "first handler"),
                    );
                    continue;
                }
                first = Some(*span);
                self.out.handler = Some(body);
                self.scopes.push(HashMap::new());
                let ends = self.block(body);
                self.pop_scope();
                if !ends {
                    let close = Span {
                        start: body.span.end.saturating_sub(1),
                        end: body.span.end,
                    };
                    self.err(
                        Diagnostic::error(
                            "E0420",
                            "the handler can finish without a verdict",
                            close,
                            "control can reach the end of the handler here",
                        )
                        .with_label(*span, "in this handler")
                        .with_note("every path must end in `forward(port);` or `drop();`"),
                    );
                }
            }
        }
        if first.is_none() && !self.diags.has_errors() {
            self.err(Diagnostic::error_spanless(
                "E0309",
                "the program has no `on packet { … }` handler",
            ));
        }
    }

    /// Checks a block in a new scope; returns true if every path through it ends in a verdict.
    fn block(&mut self, b: &Block) -> bool {
        self.scopes.push(HashMap::new());
        let mut ends = false;
        for s in &b.stmts {
            if ends {
                self.err(Diagnostic::warning(
                    "W0001",
                    "unreachable statement",
                    s.span,
                    "the packet already has its verdict here",
                ));
                break;
            }
            ends = self.stmt(s);
        }
        self.pop_scope();
        ends
    }

    fn bind(&mut self, name: &Name, ty: Ty, mutable: bool) {
        if super::decls::RESERVED.contains(&name.text.as_str()) {
            self.err(Diagnostic::error(
                "E0306",
                format!("`{}` is a reserved name", name.text),
                name.span,
                "choose another name",
            ));
        }
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(
                name.text.clone(),
                Local {
                    ty,
                    mutable,
                    span: name.span,
                    used: false,
                },
            );
        }
    }

    /// Checks one statement; returns true if it always ends in a verdict.
    fn stmt(&mut self, s: &Stmt) -> bool {
        match &s.kind {
            StmtKind::Let {
                name,
                mutable,
                ty,
                value,
            } => {
                let t = match ty {
                    Some(t) => {
                        let want = self.resolve_ty(t, false);
                        self.expect_ty(value, &want);
                        want
                    }
                    None => {
                        let got = self.expr(value, None);
                        self.concrete(value, got)
                    }
                };
                self.bind(name, t, *mutable);
                false
            }
            StmtKind::Assign(place, value) => {
                self.assign(place, value);
                false
            }
            StmtKind::If { cond, then_, else_ } => {
                self.expect_ty(cond, &Ty::Bool);
                let a = self.block(then_);
                let b = else_.as_ref().is_some_and(|e| self.block(e));
                a && b
            }
            StmtKind::Match {
                map,
                key,
                binding,
                some,
                none,
            } => {
                let value = match self.globals.get(&map.text).cloned() {
                    Some(Global::State(i))
                        if self.out.states.get(i).is_some_and(|s| {
                            matches!(s.kind, ir::StateKind::Map { .. }) && !s.is_set
                        }) =>
                    {
                        let st = &self.out.states[i];
                        let (k, v) = (st.key.clone(), st.value.clone());
                        self.expect_ty(key, &k);
                        v
                    }
                    Some(g) => {
                        self.err(
                            Diagnostic::error(
                                "E0421",
                                format!("`{}` is not a map", map.text),
                                map.span,
                                "`match … .get(key)` needs a map",
                            )
                            .with_note("use `s.contains(key)` for sets"),
                        );
                        match g {
                            Global::State(i) => {
                                let k = self.out.states.get(i).map_or(Ty::Error, |s| s.key.clone());
                                self.expect_ty(key, &k);
                            }
                            _ => {
                                self.expr(key, None);
                            }
                        }
                        Ty::Error
                    }
                    None => {
                        self.unknown_name(map);
                        self.expr(key, None);
                        Ty::Error
                    }
                };
                self.scopes.push(HashMap::new());
                if let Some(b) = binding {
                    self.bind(b, value, false);
                }
                let a = self.block(some);
                self.pop_scope();
                let b = self.block(none);
                a && b
            }
            StmtKind::For {
                var,
                ty,
                lo,
                hi,
                body,
            } => {
                let t = ty
                    .as_ref()
                    .map_or(Ty::Bits(16), |t| self.resolve_ty(t, false));
                for e in [lo, hi] {
                    if let Some(n) = self.const_int(e) {
                        self.out.bounds.insert(e.id, n);
                        if let Ty::Bits(w) = t {
                            if n > u128::from(ir::mask(w)) {
                                self.err(Diagnostic::error("E0403", format!("loop bound {n} does not fit the loop variable's type bit<{w}>"), e.span, "too large"));
                            }
                        }
                    }
                    self.set_ty(e.id, t.clone());
                }
                if !matches!(t, Ty::Bits(_) | Ty::Error) {
                    self.err(Diagnostic::error(
                        "E0402",
                        "mismatched types",
                        var.span,
                        "loop variables are bit<N>",
                    ));
                }
                self.scopes.push(HashMap::new());
                self.bind(var, t, false);
                // A loop may run zero times, so it never guarantees a verdict.
                self.block(body);
                self.pop_scope();
                false
            }
            StmtKind::Emit { event, fields } => {
                self.emit(event, fields, s.span);
                false
            }
            StmtKind::Expr(e) => {
                let t = self.expr_stmt(e);
                if !matches!(t, Ty::Unit | Ty::Error) {
                    self.err(Diagnostic::warning(
                        "W0002",
                        "unused value",
                        e.span,
                        format!("this {} is computed and discarded", self.show(&t)),
                    ));
                }
                matches!(
                    self.out.calls.get(&e.id),
                    Some(CallRes::Forward | CallRes::Drop)
                )
            }
            StmtKind::Block(b) => self.block(b),
        }
    }

    pub(crate) fn unknown_name(&mut self, n: &Name) {
        let mut d = Diagnostic::error(
            "E0302",
            format!("cannot find `{}` in this scope", n.text),
            n.span,
            "not found",
        );
        if let Some(s) = self.suggest(&n.text) {
            d = d.with_note(format!(
                "help: a name with a similar spelling exists: `{s}`"
            ));
        }
        self.err(d);
    }

    /// The closest declared or local name (edit distance ≤ 2), for "did you mean".
    fn suggest(&self, name: &str) -> Option<String> {
        let candidates = self
            .globals
            .keys()
            .cloned()
            .chain(self.scopes.iter().flat_map(|s| s.keys().cloned()));
        candidates
            .map(|c| (edit_distance(&c, name), c))
            .filter(|(d, _)| *d <= 2)
            .min()
            .map(|(_, c)| c)
    }
}

/// The checker type of a header field.
pub(crate) fn field_ty(f: ir::Field) -> Ty {
    match f.ty() {
        ir::Type::Ipv4 => Ty::Ipv4,
        ir::Type::Bits(w) => Ty::Bits(w),
        _ => Ty::Error,
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}
