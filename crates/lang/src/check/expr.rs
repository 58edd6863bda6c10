//! Expressions: bidirectional typing. Integer literals (and `len(..)`) have no width
//! of their own and take it from context: an annotation, the other operand, the
//! parameter of a builtin. Where no context fixes it, that is an error.

use super::{ConstVal, Cx, Ty};
use crate::ast::{BinOp, Expr, ExprKind, UnOp};
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
                // A literal shift amount takes the shifted value's type (it is
                // converted to it anyway); while that is unknown it stays open.
                let rt = match (&rt, &lt) {
                    (Ty::Int, Ty::Bits(_)) => self.expr(r, Some(&lt)),
                    _ => rt,
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
}
