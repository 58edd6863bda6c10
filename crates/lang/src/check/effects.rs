//! Statements with effects: assignments (locals, header fields, registers,
//! register-array elements) and `emit`.

use super::stmt::field_ty;
use super::{Cx, Global};
use crate::ast::{Expr, Name, Place};
use crate::diag::{Diagnostic, Span};

impl Cx<'_, '_> {
    pub(super) fn emit(&mut self, event: &Name, fields: &[(Name, Expr)], span: Span) {
        let def = match self.globals.get(&event.text) {
            Some(Global::Event(i)) => self.out.events.get(*i).cloned(),
            _ => None,
        };
        let Some(def) = def else {
            self.err(
                Diagnostic::error(
                    "E0302",
                    format!("unknown event `{}`", event.text),
                    event.span,
                    "not declared",
                )
                .with_note("declare it with `event NAME { field: type, … }`"),
            );
            for (_, e) in fields {
                self.expr(e, None);
            }
            return;
        };
        let mut seen: Vec<&str> = Vec::new();
        for (n, e) in fields {
            match def.fields.iter().find(|(f, _)| *f == n.text) {
                Some((_, t)) => {
                    if seen.contains(&n.text.as_str()) {
                        self.err(Diagnostic::error(
                            "E0422",
                            format!("field `{}` given twice", n.text),
                            n.span,
                            "duplicate",
                        ));
                    }
                    seen.push(&n.text);
                    self.expect_ty(e, t);
                }
                None => {
                    self.err(Diagnostic::error(
                        "E0422",
                        format!("event `{}` has no field `{}`", def.name, n.text),
                        n.span,
                        "unknown field",
                    ));
                    self.expr(e, None);
                }
            }
        }
        let missing: Vec<&str> = def
            .fields
            .iter()
            .map(|(f, _)| f.as_str())
            .filter(|f| !seen.contains(f))
            .collect();
        if !missing.is_empty() {
            self.err(Diagnostic::error(
                "E0422",
                format!(
                    "missing field(s) {} of event `{}`",
                    missing.join(", "),
                    def.name
                ),
                span,
                "every field must be given",
            ));
        }
    }

    pub(super) fn assign(&mut self, place: &Place, value: &Expr) {
        match place {
            Place::Path(p) if p.len() == 1 => {
                let n = &p[0];
                if let Some(l) = self.lookup_local(&n.text).cloned() {
                    if !l.mutable {
                        self.err(
                            Diagnostic::error(
                                "E0423",
                                format!("cannot assign twice to immutable variable `{}`", n.text),
                                n.span,
                                "cannot assign",
                            )
                            .with_label(
                                l.span,
                                "declared here; write `let mut` to allow assignment",
                            ),
                        );
                    }
                    self.expect_ty(value, &l.ty);
                    return;
                }
                match self.globals.get(&n.text).cloned() {
                    Some(Global::State(i))
                        if matches!(
                            self.out.states.get(i).map(|s| &s.kind),
                            Some(ir::StateKind::Register { .. })
                        ) =>
                    {
                        let t = self.out.states[i].key.clone();
                        self.expect_ty(value, &t);
                    }
                    Some(_) => {
                        self.err(Diagnostic::error("E0424", format!("cannot assign to `{}`", n.text), n.span, "not a variable, register or header field")
                            .with_note("parameters and constants are fixed at compile time; maps change with insert/remove"));
                        self.expr(value, None);
                    }
                    None => {
                        self.unknown_name(n);
                        self.expr(value, None);
                    }
                }
            }
            Place::Path(p) => {
                let header = ir::Header::from_name(&p[0].text);
                let field = match (header, p.get(1)) {
                    (Some(h), Some(f)) if p.len() == 2 => ir::Field::lookup(h, &f.text),
                    _ => None,
                };
                match field {
                    Some(f) => {
                        let t = field_ty(f);
                        self.expect_ty(value, &t);
                    }
                    None => {
                        let span = p[0].span.to(p[p.len() - 1].span);
                        self.err(Diagnostic::error("E0424", "cannot assign to this path", span, "not a writable header field")
                            .with_note("writable fields are listed in docs/LANGUAGE.md; checksums are updated automatically"));
                        self.expr(value, None);
                    }
                }
            }
            Place::Index(n, idx) => match self.globals.get(&n.text).cloned() {
                Some(Global::State(i))
                    if matches!(
                        self.out.states.get(i).map(|s| &s.kind),
                        Some(ir::StateKind::RegArray { .. })
                    ) =>
                {
                    let t = self.out.states[i].key.clone();
                    self.index_ty(idx);
                    self.expect_ty(value, &t);
                }
                Some(Global::State(_)) => {
                    self.err(
                        Diagnostic::error(
                            "E0424",
                            format!("cannot assign to an element of `{}`", n.text),
                            n.span,
                            "not a register array",
                        )
                        .with_note("vectors are read-only; use `regarray` for writable arrays"),
                    );
                    self.expr(value, None);
                }
                _ => {
                    self.err(Diagnostic::error(
                        "E0424",
                        format!("`{}` is not a register array", n.text),
                        n.span,
                        "cannot index-assign",
                    ));
                    self.expr(value, None);
                }
            },
        }
    }
}
