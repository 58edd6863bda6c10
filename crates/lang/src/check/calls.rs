//! Calls: builtins (`forward`, `drop`, `now`, hashes, `len`) and methods on maps,
//! sets and the payload.

use super::{CallRes, ConstVal, Cx, Global, Ty};
use crate::ast::{Expr, ExprKind, Name};
use crate::diag::Diagnostic;

impl Cx<'_, '_> {
    pub(super) fn call(
        &mut self,
        e: &Expr,
        p: &[Name],
        args: &[Expr],
        want: Option<&Ty>,
        stmt: bool,
    ) -> Ty {
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
