//! Typing rules of every operation: operand types, and the result types an
//! instruction must declare.

use super::Verifier;
use crate::op::{BinOp, Op, UnOp};
use crate::program::{StateKind, ValueId};
use crate::types::Type;

impl Verifier<'_> {
    fn ty(&self, v: ValueId) -> Result<&Type, String> {
        self.types
            .get(&v)
            .ok_or_else(|| format!("%{} is never defined", v.0))
    }

    fn state(&self, s: crate::program::StateId) -> Result<&StateKind, String> {
        self.p
            .state(s)
            .map(|d| &d.kind)
            .ok_or_else(|| format!("undeclared state #{}", s.0))
    }

    fn bits(&self, v: ValueId) -> Result<(), String> {
        let t = self.ty(v)?;
        if t.is_bits() {
            Ok(())
        } else {
            Err(format!("%{} has type {t}, expected bit<N>", v.0))
        }
    }

    fn same(&self, v: ValueId, want: &Type) -> Result<(), String> {
        let t = self.ty(v)?;
        if t == want {
            Ok(())
        } else {
            Err(format!("%{} has type {t}, expected {want}", v.0))
        }
    }

    /// Checks operand types and returns Ok if `results` are the op's result types.
    pub(super) fn type_op(&self, op: &Op, results: &[Type]) -> Result<(), String> {
        let want: Vec<Type> = match op {
            Op::Const(v) => {
                if !v.is_well_formed() {
                    return Err(format!("malformed constant {v}"));
                }
                vec![v.ty()]
            }
            Op::Unary(u, a) => {
                let t = self.ty(*a)?.clone();
                match (u, &t) {
                    (UnOp::Not, Type::Bool) => {}
                    _ => self.bits(*a)?,
                }
                vec![t]
            }
            Op::Binary(b, x, y) => {
                let t = self.ty(*x)?.clone();
                self.same(*y, &t)?;
                let bool_ok = matches!(
                    b,
                    BinOp::And | BinOp::Or | BinOp::Xor | BinOp::Eq | BinOp::Ne
                );
                let any_ok = matches!(b, BinOp::Eq | BinOp::Ne);
                if !(t.is_bits() || (bool_ok && t == Type::Bool) || any_ok) {
                    return Err(format!("`{}` does not apply to {t}", b.name()));
                }
                vec![if b.is_comparison() { Type::Bool } else { t }]
            }
            Op::Cast(to, a) => {
                let from = self.ty(*a)?;
                let ok = from == to
                    || (from.is_bits() && to.is_bits())
                    || (*from == Type::Ipv4 && *to == Type::Bits(32))
                    || (*from == Type::Bits(32) && *to == Type::Ipv4)
                    || (*from == Type::Bool && to.is_bits());
                if !ok {
                    return Err(format!("cannot cast {from} to {to}"));
                }
                vec![to.clone()]
            }
            Op::Select(c, a, b) => {
                self.same(*c, &Type::Bool)?;
                let t = self.ty(*a)?.clone();
                self.same(*b, &t)?;
                vec![t]
            }
            Op::Tuple(vs) => {
                if vs.is_empty() {
                    return Err("empty tuple".into());
                }
                let ts: Result<Vec<Type>, String> =
                    vs.iter().map(|v| self.ty(*v).cloned()).collect();
                vec![Type::Tuple(ts?)]
            }
            Op::Extract(a, i) => match self.ty(*a)? {
                Type::Tuple(ts) => match ts.get(*i as usize) {
                    Some(t) => vec![t.clone()],
                    None => return Err(format!("tuple has no element {i}")),
                },
                t => return Err(format!("cannot extract from {t}")),
            },
            Op::InPort | Op::PayloadLen => vec![Type::Bits(16)],
            Op::Now => vec![Type::Bits(64)],
            Op::Session(f) => vec![f.ty()],
            Op::IsValid(_) | Op::PayloadContains(_) | Op::PayloadStartsWith(_) => vec![Type::Bool],
            Op::GetField(f) => vec![f.ty()],
            Op::SetField(f, v) => {
                self.same(*v, &f.ty())?;
                vec![]
            }
            Op::PayloadByte(i) => {
                self.bits(*i)?;
                vec![Type::Bits(8)]
            }
            Op::Hash(alg, vs) => {
                if vs.is_empty() {
                    return Err("hash of nothing".into());
                }
                for v in vs {
                    self.ty(*v)?;
                }
                vec![alg.ty()]
            }
            Op::MapGet(s, k) | Op::MapRemove(s, k) | Op::MapInsert(s, k, _) => {
                let StateKind::Map { key, value, .. } = self.state(*s)? else {
                    return Err("map operation on a state object that is not a map".into());
                };
                self.same(*k, key)?;
                match op {
                    Op::MapGet(..) => vec![Type::Bool, value.clone()],
                    Op::MapInsert(_, _, v) => {
                        self.same(*v, value)?;
                        if results.is_empty() {
                            vec![]
                        } else {
                            vec![Type::Bool]
                        }
                    }
                    _ => vec![],
                }
            }
            Op::ArrayGet(s, i) => {
                let elem =
                    match self.state(*s)? {
                        StateKind::Vector { elem, .. } | StateKind::RegArray { elem, .. } => {
                            elem.clone()
                        }
                        _ => return Err(
                            "array read of a state object that is not a vector or register array"
                                .into(),
                        ),
                    };
                self.bits(*i)?;
                vec![elem]
            }
            Op::ArraySet(s, i, v) => {
                let StateKind::RegArray { elem, .. } = self.state(*s)? else {
                    return Err("array write to a state object that is not a register array".into());
                };
                self.bits(*i)?;
                self.same(*v, elem)?;
                vec![]
            }
            Op::RegGet(s) | Op::RegSet(s, _) => {
                let StateKind::Register { ty, .. } = self.state(*s)? else {
                    return Err(
                        "register operation on a state object that is not a register".into(),
                    );
                };
                if let Op::RegSet(_, v) = op {
                    self.same(*v, ty)?;
                    vec![]
                } else {
                    vec![ty.clone()]
                }
            }
            Op::Emit(e, vs) => {
                let ev = self
                    .p
                    .event(*e)
                    .ok_or_else(|| format!("undeclared event #{}", e.0))?;
                if ev.fields.len() != vs.len() {
                    return Err(format!(
                        "event !{} has {} fields, given {}",
                        ev.name,
                        ev.fields.len(),
                        vs.len()
                    ));
                }
                for (v, (_, t)) in vs.iter().zip(&ev.fields) {
                    self.same(*v, t)?;
                }
                vec![]
            }
        };
        if want.as_slice() == results {
            Ok(())
        } else {
            let show = |ts: &[Type]| {
                ts.iter()
                    .map(Type::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            Err(format!(
                "results [{}] do not match the operation's [{}]",
                show(results),
                show(&want)
            ))
        }
    }
}
