//! Expressions: bidirectional typing. Integer literals (and `len(..)`) have no width
//! of their own and take it from context: an annotation, the other operand, the
//! parameter of a builtin. Where no context fixes it, that is an error.

use super::stmt::field_ty;
use super::{CallRes, ConstVal, Cx, Global, IndexRes, PathBase, PathRes, Ty};
use crate::ast::{BinOp, Expr, ExprKind, Name, UnOp};
use crate::diag::Diagnostic;

impl Cx<'_, '_> {
    /// Infers the type of `e`, using `want` to give integer literals a width. Does
    /// not report a mismatch with `want`; see [`Cx::expect_ty`].
    pub(crate) fn expr(&mut self, e: &Expr, want: Option<&Ty>) -> Ty {
        self.infer(e, want, false)
    }

    /// Checks an expression statement (where calls without a value are allowed).
    pub(crate) fn expr_stmt(&mut self, e: &Expr) -> Ty {
        self.infer(e, None, true)
    }

    /// Checks `e` against the type `want`, reporting a mismatch.
    pub(crate) fn expect_ty(&mut self, e: &Expr, want: &Ty) {
        let got = self.expr(e, Some(want));
        if got != *want && !got.is_err() && !want.is_err() {
            let msg = format!("expected {}, found {}", self.show(want), self.show(&got));
            let mut d = Diagnostic::error("E0402", "mismatched types", e.span, msg);
            if matches!((want, &got), (Ty::Bits(_), Ty::Bits(_))) {
                d = d.with_note(format!(
                    "help: convert explicitly with `as {}`",
                    self.show(want)
                ));
            }
            if matches!(
                (want, &got),
                (Ty::Ipv4, Ty::Bits(32)) | (Ty::Bits(32), Ty::Ipv4)
            ) {
                d = d
                    .with_note("help: addresses and bit<32> convert with `as ipv4` / `as bit<32>`");
            }
            self.err(d);
        }
    }

    /// Reports an integer whose width nothing determines.
    pub(crate) fn concrete(&mut self, e: &Expr, t: Ty) -> Ty {
        if t == Ty::Int {
            self.err(
                Diagnostic::error(
                    "E0430",
                    "cannot infer the width of this integer",
                    e.span,
                    "width unknown",
                )
                .with_note("help: give the type, e.g. `let x: u16 = …` or `5 as bit<12>`"),
            );
            return Ty::Error;
        }
        t
    }

    /// Checks an index expression (any `bit<N>`; a bare literal is `bit<32>`).
    pub(crate) fn index_ty(&mut self, idx: &Expr) {
        let t = self.expr(idx, None);
        let t = if t == Ty::Int {
            self.expr(idx, Some(&Ty::Bits(32)))
        } else {
            t
        };
        if !matches!(t, Ty::Bits(_) | Ty::Error) {
            let msg = format!("expected bit<N>, found {}", self.show(&t));
            self.err(Diagnostic::error(
                "E0402",
                "mismatched types",
                idx.span,
                msg,
            ));
        }
    }

    fn infer(&mut self, e: &Expr, want: Option<&Ty>, stmt: bool) -> Ty {
        let t = self.infer_kind(e, want, stmt);
        self.set_ty(e.id, t.clone());
        t
    }

    fn infer_kind(&mut self, e: &Expr, want: Option<&Ty>, stmt: bool) -> Ty {
        match &e.kind {
            ExprKind::Int(n) => self.int_literal(e, *n, want),
            ExprKind::Bool(_) => Ty::Bool,
            ExprKind::Ipv4(_) => Ty::Ipv4,
            ExprKind::Str(_) | ExprKind::List(_) | ExprKind::Duration(_) => {
                let what = match &e.kind {
                    ExprKind::Str(_) => "a string",
                    ExprKind::List(_) => "a list",
                    _ => "a duration",
                };
                self.err(Diagnostic::error("E0425", format!("{what} is not a packet-time value"), e.span, "not allowed here")
                    .with_note("strings are arguments of payload.contains/starts_with; lists are parameter or constant values; durations go in idle_timeout"));
                Ty::Error
            }
            ExprKind::Path(p) => self.path(e, p),
            ExprKind::Call(p, args) => self.call(e, p, args, want, stmt),
            ExprKind::Index(base, idx) => self.index(base, idx),
            ExprKind::Tuple(items) => {
                let hints: Vec<Option<&Ty>> = match want {
                    Some(Ty::Tuple(ts)) if ts.len() == items.len() => ts.iter().map(Some).collect(),
                    _ => vec![None; items.len()],
                };
                let ts = items.iter().zip(hints).map(|(i, h)| {
                    let t = self.expr(i, h);
                    self.concrete(i, t)
                });
                Ty::Tuple(ts.collect())
            }
            ExprKind::StructLit(name, fields) => self.struct_lit(name, fields),
            ExprKind::Unary(op, inner) => match op {
                UnOp::Not => {
                    self.expect_ty(inner, &Ty::Bool);
                    Ty::Bool
                }
                UnOp::BitNot | UnOp::Neg => {
                    let t = self.expr(inner, want);
                    if !matches!(t, Ty::Bits(_) | Ty::Int | Ty::Error) {
                        let msg = format!(
                            "`{}` applies to bit<N>, not {}",
                            if *op == UnOp::Neg { "-" } else { "~" },
                            self.show(&t)
                        );
                        self.err(Diagnostic::error(
                            "E0431",
                            "invalid operand",
                            inner.span,
                            msg,
                        ));
                        return Ty::Error;
                    }
                    t
                }
            },
            ExprKind::Binary(op, l, r) => self.binary(e, *op, l, r, want),
            ExprKind::In(l, r) => {
                let t = self.expr(l, None);
                let t = self.concrete(l, t);
                if t.is_err() {
                    return Ty::Bool;
                }
                if !matches!(t, Ty::Bits(_) | Ty::Ipv4 | Ty::Bool) {
                    let msg = format!(
                        "`in` tests bit<N>, ipv4 or bool values, not {}",
                        self.show(&t)
                    );
                    self.err(Diagnostic::error("E0431", "invalid operand", l.span, msg));
                    return Ty::Bool;
                }
                if let Some(ConstVal::List(vs)) = self.const_eval(r, &Ty::List(Box::new(t))) {
                    self.out.in_lists.insert(e.id, vs);
                }
                Ty::Bool
            }
            ExprKind::Cast(inner, ty) => {
                let to = self.resolve_ty(ty, false);
                let hint = matches!(to, Ty::Bits(_)).then_some(&to);
                let from = self.expr(inner, hint);
                let from = self.concrete(inner, from);
                let ok = from == to
                    || from.is_err()
                    || to.is_err()
                    || matches!(
                        (&from, &to),
                        (Ty::Bits(_), Ty::Bits(_))
                            | (Ty::Ipv4, Ty::Bits(32))
                            | (Ty::Bits(32), Ty::Ipv4)
                            | (Ty::Bool, Ty::Bits(_))
                    );
                if !ok {
                    let msg = format!("cannot cast {} to {}", self.show(&from), self.show(&to));
                    self.err(Diagnostic::error("E0432", "invalid cast", e.span, msg)
                        .with_note("casts convert between bit<N> widths, ipv4 and bit<32>, and bool to bit<N>"));
                }
                to
            }
            ExprKind::Field(base, name) => {
                let t = self.expr(base, None);
                let t = self.concrete(base, t);
                self.project(t, name).map_or(Ty::Error, |(_, t)| t)
            }
            ExprKind::Error => Ty::Error,
        }
    }

    fn int_literal(&mut self, e: &Expr, n: u128, want: Option<&Ty>) -> Ty {
        match want {
            Some(Ty::Bits(w)) => {
                if n > u128::from(ir::mask(*w)) {
                    self.err(Diagnostic::error(
                        "E0403",
                        format!("literal {n} does not fit in bit<{w}>"),
                        e.span,
                        format!("maximum is {}", ir::mask(*w)),
                    ));
                }
                Ty::Bits(*w)
            }
            _ => Ty::Int,
        }
    }

    fn binary(&mut self, e: &Expr, op: BinOp, l: &Expr, r: &Expr, want: Option<&Ty>) -> Ty {
        use BinOp::*;
        match op {
            And | Or => {
                self.expect_ty(l, &Ty::Bool);
                self.expect_ty(r, &Ty::Bool);
                Ty::Bool
            }
            Shl | Shr => {
                let lt = self.expr(l, want);
                let rt = self.expr(r, None);
                let rt = if rt == Ty::Int {
                    self.expr(r, Some(&Ty::Bits(8)))
                } else {
                    rt
                };
                for (side, t) in [(l, &lt), (r, &rt)] {
                    if !matches!(t, Ty::Bits(_) | Ty::Int | Ty::Error) {
                        let msg =
                            format!("`{}` applies to bit<N>, not {}", op.symbol(), self.show(t));
                        self.err(Diagnostic::error(
                            "E0431",
                            "invalid operand",
                            side.span,
                            msg,
                        ));
                    }
                }
                lt
            }
            _ => {
                let hint = if matches!(op, Eq | Ne | Lt | Le | Gt | Ge) {
                    None
                } else {
                    want
                };
                let (lt, rt) = self.unify(l, r, hint);
                if lt.is_err() || rt.is_err() {
                    return if matches!(op, Eq | Ne | Lt | Le | Gt | Ge) {
                        Ty::Bool
                    } else {
                        Ty::Error
                    };
                }
                if lt != rt {
                    let (ls, rs) = (self.show(&lt), self.show(&rt));
                    let msg = format!("expected {ls}, found {rs}");
                    let mut d = Diagnostic::error("E0402", "mismatched types", r.span, msg)
                        .with_label(
                            l.span,
                            format!(
                                "this is {ls}; `{}` needs operands of the same type",
                                op.symbol()
                            ),
                        );
                    if matches!((&lt, &rt), (Ty::Bits(_), Ty::Bits(_))) {
                        d = d.with_note(format!(
                            "help: convert one side explicitly, e.g. `… as {ls}`"
                        ));
                    }
                    if matches!((&lt, &rt), (Ty::Ipv4, Ty::Int) | (Ty::Int, Ty::Ipv4)) {
                        d = d.with_note("help: write addresses as dotted quads, e.g. `10.0.0.1`");
                    }
                    self.err(d);
                    return if matches!(op, Eq | Ne | Lt | Le | Gt | Ge) {
                        Ty::Bool
                    } else {
                        Ty::Error
                    };
                }
                let ok = match op {
                    Eq | Ne => lt != Ty::Int || self.concrete(l, lt.clone()) != Ty::Error,
                    Lt | Le | Gt | Ge => {
                        matches!(lt, Ty::Bits(_))
                            || (lt == Ty::Int && !self.concrete(l, Ty::Int).is_err())
                    }
                    BitAnd | BitOr | BitXor => matches!(lt, Ty::Bits(_) | Ty::Int | Ty::Bool),
                    _ => matches!(lt, Ty::Bits(_) | Ty::Int),
                };
                if !ok {
                    if lt != Ty::Int {
                        let msg = format!("`{}` does not apply to {}", op.symbol(), self.show(&lt));
                        self.err(Diagnostic::error("E0431", "invalid operands", e.span, msg));
                    }
                    return if matches!(op, Eq | Ne | Lt | Le | Gt | Ge) {
                        Ty::Bool
                    } else {
                        Ty::Error
                    };
                }
                if matches!(op, Eq | Ne | Lt | Le | Gt | Ge) {
                    Ty::Bool
                } else {
                    lt
                }
            }
        }
    }

    /// Types two operands that must agree, letting a literal side adopt the other's type.
    fn unify(&mut self, l: &Expr, r: &Expr, hint: Option<&Ty>) -> (Ty, Ty) {
        let lt = self.expr(l, hint);
        if lt == Ty::Int {
            let rt = self.expr(r, hint);
            if rt != Ty::Int && !rt.is_err() {
                let lt = self.expr(l, Some(&rt));
                return (lt, rt);
            }
            return (lt, rt);
        }
        let rt = self.expr(r, Some(&lt));
        (lt, rt)
    }

    fn record_path(&mut self, e: &Expr, base: PathBase, ty: Ty, rest: &[Name]) -> Ty {
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
    fn project(&mut self, t: Ty, n: &Name) -> Option<(u32, Ty)> {
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

    fn path(&mut self, e: &Expr, p: &[Name]) -> Ty {
        let head = &p[0];
        if let Some(l) = self.lookup_local(&head.text).cloned() {
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

    fn index(&mut self, base: &Expr, idx: &Expr) -> Ty {
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

    fn struct_lit(&mut self, name: &Name, fields: &[(Name, Expr)]) -> Ty {
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

    fn call(&mut self, e: &Expr, p: &[Name], args: &[Expr], want: Option<&Ty>, stmt: bool) -> Ty {
        let (res, ty) = match self.call_kind(e, p, args, want) {
            Some(x) => x,
            None => {
                for a in args {
                    if self
                        .out
                        .types
                        .get(a.id as usize)
                        .is_some_and(Option::is_none)
                    {
                        self.expr(a, None);
                    }
                }
                return Ty::Error;
            }
        };
        if ty == Ty::Unit && !stmt {
            let name = p
                .iter()
                .map(|n| n.text.as_str())
                .collect::<Vec<_>>()
                .join(".");
            self.err(
                Diagnostic::error(
                    "E0427",
                    format!("`{name}(..)` does not produce a value"),
                    e.span,
                    "used as a value here",
                )
                .with_note("verdicts and map updates are statements: end them with `;`"),
            );
            self.out.calls.insert(e.id, res);
            return Ty::Error;
        }
        self.out.calls.insert(e.id, res);
        ty
    }

    fn arity(&mut self, e: &Expr, name: &str, args: &[Expr], n: usize) -> Option<()> {
        if args.len() == n {
            return Some(());
        }
        let msg = format!(
            "`{name}` takes {n} argument{}, {} given",
            if n == 1 { "" } else { "s" },
            args.len()
        );
        self.err(Diagnostic::error(
            "E0428",
            "wrong number of arguments",
            e.span,
            msg,
        ));
        None
    }

    fn call_kind(
        &mut self,
        e: &Expr,
        p: &[Name],
        args: &[Expr],
        want: Option<&Ty>,
    ) -> Option<(CallRes, Ty)> {
        if p.len() == 1 {
            let name = p[0].text.as_str();
            return match name {
                "forward" => {
                    self.arity(e, name, args, 1)?;
                    self.expect_ty(&args[0], &Ty::Bits(16));
                    Some((CallRes::Forward, Ty::Unit))
                }
                "drop" => {
                    self.arity(e, name, args, 0)?;
                    Some((CallRes::Drop, Ty::Unit))
                }
                "now" => {
                    self.arity(e, name, args, 0)?;
                    Some((CallRes::Now, Ty::Bits(64)))
                }
                "crc16" | "crc32" | "hash" => {
                    if args.is_empty() {
                        self.err(Diagnostic::error(
                            "E0428",
                            "wrong number of arguments",
                            e.span,
                            format!("`{name}` hashes at least one value"),
                        ));
                        return None;
                    }
                    for a in args {
                        let t = self.expr(a, None);
                        self.concrete(a, t);
                    }
                    let alg = if name == "crc16" {
                        ir::HashAlg::Crc16
                    } else {
                        ir::HashAlg::Crc32
                    };
                    Some((CallRes::Hash(alg), alg_ty(alg)))
                }
                "len" => {
                    self.arity(e, name, args, 1)?;
                    let n = match &args[0].kind {
                        ExprKind::Path(q) if q.len() == 1 => match self.globals.get(&q[0].text) {
                            Some(
                                Global::Param(_, ConstVal::List(l))
                                | Global::Const(_, ConstVal::List(l)),
                            ) => Some(l.len()),
                            Some(Global::State(i)) => {
                                match self.out.states.get(*i).map(|s| &s.kind) {
                                    Some(ir::StateKind::Vector { init, .. }) => Some(init.len()),
                                    Some(ir::StateKind::RegArray { len, .. }) => {
                                        Some(*len as usize)
                                    }
                                    _ => None,
                                }
                            }
                            _ => None,
                        },
                        _ => None,
                    };
                    let Some(n) = n else {
                        self.err(Diagnostic::error(
                            "E0429",
                            "`len` needs a list, vector or register array",
                            args[0].span,
                            "no length",
                        ));
                        return None;
                    };
                    let ty = match want {
                        Some(Ty::Bits(w)) => {
                            if n as u128 > u128::from(ir::mask(*w)) {
                                self.err(Diagnostic::error(
                                    "E0403",
                                    format!("length {n} does not fit in bit<{w}>"),
                                    e.span,
                                    "too large",
                                ));
                            }
                            Ty::Bits(*w)
                        }
                        _ => Ty::Int,
                    };
                    Some((CallRes::Len(n as u64), ty))
                }
                _ => {
                    self.err(Diagnostic::error("E0303", format!("unknown function `{name}`"), p[0].span, "not a builtin")
                        .with_note("builtins: forward, drop, now, crc16, crc32, hash, len; methods: m.contains/insert/remove, payload.contains/starts_with"));
                    None
                }
            };
        }
        if p.len() != 2 {
            self.err(Diagnostic::error(
                "E0303",
                "unknown method",
                e.span,
                "not callable",
            ));
            return None;
        }
        let (recv, method) = (&p[0], p[1].text.as_str());
        if recv.text == "payload" {
            let res = match method {
                "contains" | "starts_with" => {
                    self.arity(e, method, args, 1)?;
                    let s = match &args[0].kind {
                        ExprKind::Str(s) => Some(s.clone()),
                        ExprKind::Path(q) if q.len() == 1 => match self.globals.get(&q[0].text) {
                            Some(
                                Global::Const(_, ConstVal::Str(s))
                                | Global::Param(_, ConstVal::Str(s)),
                            ) => Some(s.as_bytes().to_vec()),
                            _ => None,
                        },
                        _ => None,
                    };
                    let Some(s) = s else {
                        self.err(Diagnostic::error(
                            "E0429",
                            format!("`payload.{method}` needs a string literal"),
                            args[0].span,
                            "expected a string such as \"GET \"",
                        ));
                        return None;
                    };
                    self.set_ty(args[0].id, Ty::Str);
                    if method == "contains" {
                        CallRes::PayloadContains(s)
                    } else {
                        CallRes::PayloadStartsWith(s)
                    }
                }
                _ => {
                    self.err(Diagnostic::error("E0303", format!("payload has no method `{method}`"), p[1].span, "unknown method").with_note("payload methods: contains, starts_with; also payload.len and payload[i]"));
                    return None;
                }
            };
            return Some((res, Ty::Bool));
        }
        let st = match self.globals.get(&recv.text).cloned() {
            Some(Global::State(i)) => self.out.states.get(i).cloned().map(|s| (i, s)),
            _ => None,
        };
        let Some((i, st)) = st.filter(|(_, s)| matches!(s.kind, ir::StateKind::Map { .. })) else {
            if self.lookup_local(&recv.text).is_none() && !self.globals.contains_key(&recv.text) {
                self.unknown_name(recv);
            } else {
                self.err(Diagnostic::error(
                    "E0303",
                    format!("`{}` has no method `{method}`", recv.text),
                    e.span,
                    "methods exist on maps, sets and the payload",
                ));
            }
            return None;
        };
        let id = ir::StateId(u32::try_from(i).unwrap_or(u32::MAX));
        match method {
            "contains" => {
                self.arity(e, method, args, 1)?;
                self.expect_ty(&args[0], &st.key);
                Some((CallRes::Contains(id), Ty::Bool))
            }
            "insert" => {
                self.arity(e, method, args, if st.is_set { 1 } else { 2 })?;
                self.expect_ty(&args[0], &st.key);
                if !st.is_set {
                    self.expect_ty(&args[1], &st.value);
                }
                Some((CallRes::Insert(id), Ty::Unit))
            }
            "remove" => {
                self.arity(e, method, args, 1)?;
                self.expect_ty(&args[0], &st.key);
                Some((CallRes::Remove(id), Ty::Unit))
            }
            "get" => {
                self.err(
                    Diagnostic::error(
                        "E0429",
                        "`get` is used with `match`",
                        e.span,
                        "a lookup may miss",
                    )
                    .with_note(format!(
                        "write `match {}.get(key) {{ Some(v) => {{ … }} None => {{ … }} }}`",
                        recv.text
                    )),
                );
                None
            }
            _ => {
                self.err(
                    Diagnostic::error(
                        "E0303",
                        format!("maps have no method `{method}`"),
                        p[1].span,
                        "unknown method",
                    )
                    .with_note("map methods: get (in match), contains, insert, remove"),
                );
                None
            }
        }
    }
}

fn alg_ty(a: ir::HashAlg) -> Ty {
    match a {
        ir::HashAlg::Crc16 => Ty::Bits(16),
        ir::HashAlg::Crc32 => Ty::Bits(32),
    }
}
