//! Paths (locals, header fields, parameters, registers, projections), indexing
//! and struct literals.

use super::stmt::field_ty;
use super::{ConstVal, Cx, Global, IndexRes, PathBase, PathRes, Ty};
use crate::ast::{Expr, ExprKind, Name};
use crate::diag::Diagnostic;

impl Cx<'_, '_> {
    pub(super) fn record_path(&mut self, e: &Expr, base: PathBase, ty: Ty, rest: &[Name]) -> Ty {
        let mut proj = Vec::new();
        let mut t = ty;
        for n in rest {
            match self.project(t, n) {
                Some((i, nt)) => {
                    proj.push(i);
                    t = nt;
                }
                None => return Ty::Error,
            }
        }
        self.out.paths.insert(e.id, PathRes { base, proj });
        t
    }

    /// Projects a tuple element (`.0`) or struct field (`.name`).
    pub(super) fn project(&mut self, t: Ty, n: &Name) -> Option<(u32, Ty)> {
        let found = match &t {
            Ty::Tuple(ts) => n
                .text
                .parse::<usize>()
                .ok()
                .and_then(|i| ts.get(i).map(|t| (i, t.clone()))),
            Ty::Struct(s) => self.out.structs.get(*s).and_then(|s| {
                s.fields
                    .iter()
                    .position(|(f, _)| *f == n.text)
                    .map(|i| (i, s.fields[i].1.clone()))
            }),
            Ty::Error => return None,
            _ => None,
        };
        match found {
            Some((i, t)) => Some((u32::try_from(i).unwrap_or(u32::MAX), t)),
            None => {
                let msg = format!("no field `{}` on type {}", n.text, self.show(&t));
                self.err(Diagnostic::error("E0426", msg, n.span, "unknown field"));
                None
            }
        }
    }

    pub(super) fn path(&mut self, e: &Expr, p: &[Name]) -> Ty {
        let head = &p[0];
        if let Some(l) = self.lookup_local(&head.text).cloned() {
            self.mark_used(&head.text);
            return self.record_path(e, PathBase::Local(head.text.clone()), l.ty, &p[1..]);
        }
        if let Some(h) = ir::Header::from_name(&head.text) {
            let Some(f) = p.get(1) else {
                self.err(Diagnostic::error(
                    "E0433",
                    format!("`{}` is a header, not a value", head.text),
                    head.span,
                    "use one of its fields or `.valid`",
                ));
                return Ty::Error;
            };
            let (base, ty) = if f.text == "valid" {
                (PathBase::Valid(h), Ty::Bool)
            } else if let Some(field) = ir::Field::lookup(h, &f.text) {
                (PathBase::Field(field), field_ty(field))
            } else {
                let names: Vec<&str> = ir::Field::ALL
                    .iter()
                    .filter(|x| x.header() == h)
                    .map(|x| x.name())
                    .collect();
                self.err(
                    Diagnostic::error(
                        "E0426",
                        format!("header `{}` has no field `{}`", head.text, f.text),
                        f.span,
                        "unknown field",
                    )
                    .with_note(format!(
                        "fields of {}: valid, {}",
                        head.text,
                        names.join(", ")
                    )),
                );
                return Ty::Error;
            };
            return self.record_path(e, base, ty, &p[2..]);
        }
        match head.text.as_str() {
            "payload" => {
                if p.len() == 2 && (p[1].text == "len" || p[1].text == "length") {
                    return self.record_path(e, PathBase::PayloadLen, Ty::Bits(16), &[]);
                }
                self.err(Diagnostic::error("E0433", "invalid use of `payload`", e.span, "expected `payload.len`, `payload[i]`, `payload.contains(\"..\")` or `payload.starts_with(\"..\")`"));
                return Ty::Error;
            }
            "in_port" => return self.record_path(e, PathBase::InPort, Ty::Bits(16), &p[1..]),
            // A program's own state named `session` keeps its name.
            "session" if !self.globals.contains_key("session") => {
                let field = p.get(1).and_then(|f| ir::SessionField::from_name(&f.text));
                let Some(field) = field else {
                    let names: Vec<&str> = ir::SessionField::ALL.iter().map(|f| f.name()).collect();
                    self.err(
                        Diagnostic::error(
                            "E0426",
                            "`session` is read as `session.NAME`",
                            p.get(1).map_or(head.span, |f| f.span),
                            "unknown session field",
                        )
                        .with_note(format!("fields of session: {}", names.join(", "))),
                    );
                    return Ty::Error;
                };
                let ty = match field.ty() {
                    ir::Type::Bool => Ty::Bool,
                    ir::Type::Bits(n) => Ty::Bits(n),
                    _ => Ty::Error,
                };
                return self.record_path(e, PathBase::Session(field), ty, &p[2..]);
            }
            _ => {}
        }
        match self.globals.get(&head.text).cloned() {
            Some(Global::Param(t, ConstVal::Value(v)) | Global::Const(t, ConstVal::Value(v))) => {
                self.record_path(e, PathBase::Const(v), t, &p[1..])
            }
            Some(Global::Param(..) | Global::Const(..)) => {
                self.err(
                    Diagnostic::error(
                        "E0433",
                        format!(
                            "`{}` is a list or string and has no run-time value",
                            head.text
                        ),
                        head.span,
                        "not usable here",
                    )
                    .with_note(
                        "use lists with `x in LIST`, `len(LIST)`, or as the contents of a `vector`",
                    ),
                );
                Ty::Error
            }
            Some(Global::State(i)) => {
                let st = self.out.states.get(i).cloned();
                match st {
                    Some(s) if matches!(s.kind, ir::StateKind::Register { .. }) => {
                        let id = ir::StateId(u32::try_from(i).unwrap_or(u32::MAX));
                        self.record_path(e, PathBase::Register(id), s.key, &p[1..])
                    }
                    _ => {
                        self.err(Diagnostic::error("E0433", format!("`{}` is a table, not a value", head.text), head.span, "not a value")
                            .with_note("read maps with `match m.get(k) { … }` or `m.contains(k)`, vectors and register arrays with `v[i]`"));
                        Ty::Error
                    }
                }
            }
            Some(Global::Event(_) | Global::Struct(_)) => {
                self.err(Diagnostic::error(
                    "E0433",
                    format!("`{}` is a type, not a value", head.text),
                    head.span,
                    "not a value",
                ));
                Ty::Error
            }
            None => {
                self.unknown_name(head);
                Ty::Error
            }
        }
    }

    pub(super) fn index(&mut self, base: &Expr, idx: &Expr) -> Ty {
        let name = match &base.kind {
            ExprKind::Path(p) if p.len() == 1 => p[0].clone(),
            _ => {
                self.err(Diagnostic::error(
                    "E0434",
                    "only vectors, register arrays and the payload can be indexed",
                    base.span,
                    "not indexable",
                ));
                self.expr(idx, None);
                return Ty::Error;
            }
        };
        self.index_ty(idx);
        if name.text == "payload" {
            self.out.indexes.insert(base.id, IndexRes::Payload);
            return Ty::Bits(8);
        }
        match self.globals.get(&name.text).cloned() {
            Some(Global::State(i)) => match self.out.states.get(i).cloned() {
                Some(s)
                    if matches!(
                        s.kind,
                        ir::StateKind::Vector { .. } | ir::StateKind::RegArray { .. }
                    ) =>
                {
                    let id = ir::StateId(u32::try_from(i).unwrap_or(u32::MAX));
                    self.out.indexes.insert(base.id, IndexRes::Array(id));
                    s.key
                }
                _ => {
                    self.err(
                        Diagnostic::error(
                            "E0434",
                            format!("`{}` cannot be indexed", name.text),
                            name.span,
                            "not a vector or register array",
                        )
                        .with_note("look maps up with `match m.get(key) { … }`"),
                    );
                    Ty::Error
                }
            },
            None if self.lookup_local(&name.text).is_none() => {
                self.unknown_name(&name);
                Ty::Error
            }
            _ => {
                self.err(Diagnostic::error(
                    "E0434",
                    format!("`{}` cannot be indexed", name.text),
                    name.span,
                    "not a vector or register array",
                ));
                Ty::Error
            }
        }
    }

    pub(super) fn struct_lit(&mut self, name: &Name, fields: &[(Name, Expr)]) -> Ty {
        let Some(Global::Struct(si)) = self.globals.get(&name.text).cloned() else {
            self.err(Diagnostic::error(
                "E0301",
                format!("unknown struct `{}`", name.text),
                name.span,
                "not a struct",
            ));
            for (_, e) in fields {
                self.expr(e, None);
            }
            return Ty::Error;
        };
        let def = self
            .out
            .structs
            .get(si)
            .cloned()
            .map(|s| s.fields)
            .unwrap_or_default();
        let mut seen: Vec<&str> = Vec::new();
        for (n, e) in fields {
            match def.iter().find(|(f, _)| *f == n.text) {
                Some((_, t)) if !seen.contains(&n.text.as_str()) => {
                    seen.push(&n.text);
                    self.expect_ty(e, t);
                }
                _ => {
                    self.err(Diagnostic::error(
                        "E0426",
                        format!(
                            "struct `{}` has no field `{}` (or it is given twice)",
                            name.text, n.text
                        ),
                        n.span,
                        "unexpected field",
                    ));
                    self.expr(e, None);
                }
            }
        }
        let missing: Vec<&str> = def
            .iter()
            .map(|(f, _)| f.as_str())
            .filter(|f| !seen.contains(f))
            .collect();
        if !missing.is_empty() {
            self.err(Diagnostic::error(
                "E0426",
                format!("missing field(s) {} in `{}`", missing.join(", "), name.text),
                name.span,
                "every field must be given",
            ));
        }
        Ty::Struct(si)
    }
}
