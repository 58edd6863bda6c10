//! Lowering expressions to straight-line instructions.

use super::Lower;
use crate::ast::{BinOp as A, Expr, ExprKind, UnOp as U};
use crate::check::{CallRes, IndexRes, PathBase, Ty};
use ir::{BinOp, Op, Type, UnOp, Value, ValueId};

impl Lower<'_, '_> {
    fn ty_of(&self, e: &Expr) -> Type {
        self.c.ir_type(&self.c.ty(e.id))
    }

    fn konst(&mut self, v: Value) -> ValueId {
        let t = v.ty();
        self.b.value(Op::Const(v), t)
    }

    pub(super) fn expr(&mut self, e: &Expr) -> ValueId {
        let ty = self.ty_of(e);
        match &e.kind {
            ExprKind::Int(n) => {
                let w = if let Type::Bits(w) = ty { w } else { 64 };
                self.konst(Value::bits(w, *n as u64))
            }
            ExprKind::Bool(b) => self.konst(Value::Bool(*b)),
            ExprKind::Ipv4(a) => self.konst(Value::Ipv4(*a)),
            ExprKind::Path(_) => self.path(e),
            ExprKind::Call(_, args) => self.call(e, args, ty),
            ExprKind::Index(base, idx) => {
                let i = self.expr(idx);
                match self.c.indexes.get(&base.id) {
                    Some(IndexRes::Array(s)) => self.b.value(Op::ArrayGet(*s, i), ty),
                    _ => self.b.value(Op::PayloadByte(i), Type::Bits(8)),
                }
            }
            ExprKind::Tuple(items) => {
                let vs = items.iter().map(|i| self.expr(i)).collect();
                self.b.value(Op::Tuple(vs), ty)
            }
            ExprKind::StructLit(_, fields) => {
                let Ty::Struct(si) = self.c.ty(e.id) else {
                    return self.konst(Value::Bool(false));
                };
                let order: Vec<String> = self
                    .c
                    .structs
                    .get(si)
                    .map(|s| s.fields.iter().map(|f| f.0.clone()).collect())
                    .unwrap_or_default();
                let mut vs = Vec::new();
                for f in order {
                    if let Some((_, fe)) = fields.iter().find(|(n, _)| n.text == f) {
                        vs.push(self.expr(fe));
                    }
                }
                self.b.value(Op::Tuple(vs), ty)
            }
            ExprKind::Unary(op, inner) => {
                let v = self.expr(inner);
                let op = if *op == U::Neg { UnOp::Neg } else { UnOp::Not };
                self.b.value(Op::Unary(op, v), ty)
            }
            ExprKind::Binary(op, l, r) => self.binary(*op, l, r, ty),
            ExprKind::In(l, _) => {
                let v = self.expr(l);
                let list = self.c.in_lists.get(&e.id).cloned().unwrap_or_default();
                let mut acc = self.konst(Value::Bool(false));
                for item in list {
                    let c = self.konst(item);
                    let eq = self.b.value(Op::Binary(BinOp::Eq, v, c), Type::Bool);
                    acc = self.b.value(Op::Binary(BinOp::Or, acc, eq), Type::Bool);
                }
                acc
            }
            ExprKind::Cast(inner, _) => {
                let v = self.expr(inner);
                if self.ty_of(inner) == ty {
                    v
                } else {
                    self.b.value(Op::Cast(ty.clone(), v), ty)
                }
            }
            ExprKind::Field(base, name) => {
                let v = self.expr(base);
                let idx = match self.c.ty(base.id) {
                    Ty::Struct(si) => self
                        .c
                        .structs
                        .get(si)
                        .and_then(|s| s.fields.iter().position(|f| f.0 == name.text))
                        .unwrap_or(0),
                    _ => name.text.parse().unwrap_or(0),
                };
                self.b.value(Op::Extract(v, idx as u32), ty)
            }
            ExprKind::Str(_) | ExprKind::List(_) | ExprKind::Duration(_) | ExprKind::Error => {
                self.konst(Value::Bool(false))
            }
        }
    }

    fn path(&mut self, e: &Expr) -> ValueId {
        let Some(res) = self.c.paths.get(&e.id).cloned() else {
            return self.konst(Value::Bool(false));
        };
        let (mut v, mut t) = match res.base {
            PathBase::Local(n) => match self.b.lookup(&n) {
                Some(var) => (var.value, var.ty.clone()),
                None => return self.konst(Value::Bool(false)),
            },
            PathBase::Const(c) => {
                let t = c.ty();
                (self.konst(c), t)
            }
            PathBase::Register(s) => {
                let t = match self.c.states.get(s.0 as usize).map(|s| &s.kind) {
                    Some(ir::StateKind::Register { ty, .. }) => ty.clone(),
                    _ => Type::Bool,
                };
                (self.b.value(Op::RegGet(s), t.clone()), t)
            }
            PathBase::Field(f) => (self.b.value(Op::GetField(f), f.ty()), f.ty()),
            PathBase::Valid(h) => (self.b.value(Op::IsValid(h), Type::Bool), Type::Bool),
            PathBase::PayloadLen => (self.b.value(Op::PayloadLen, Type::Bits(16)), Type::Bits(16)),
            PathBase::InPort => (self.b.value(Op::InPort, Type::Bits(16)), Type::Bits(16)),
            PathBase::Session(f) => (self.b.value(Op::Session(f), f.ty()), f.ty()),
        };
        for i in res.proj {
            let Type::Tuple(ts) = &t else { break };
            let nt = ts.get(i as usize).cloned().unwrap_or(Type::Bool);
            v = self.b.value(Op::Extract(v, i), nt.clone());
            t = nt;
        }
        v
    }

    fn call(&mut self, e: &Expr, args: &[Expr], ty: Type) -> ValueId {
        match self.c.calls.get(&e.id).cloned() {
            Some(CallRes::Now) => self.b.value(Op::Now, Type::Bits(64)),
            Some(CallRes::Hash(alg)) => {
                let vs = args.iter().map(|a| self.expr(a)).collect();
                self.b.value(Op::Hash(alg, vs), alg.ty())
            }
            Some(CallRes::Len(n)) => {
                let w = if let Type::Bits(w) = ty { w } else { 64 };
                self.konst(Value::bits(w, n))
            }
            Some(CallRes::Contains(s)) => {
                let k = self.expr(&args[0]);
                let vt = match self.c.states.get(s.0 as usize).map(|s| &s.kind) {
                    Some(ir::StateKind::Map { value, .. }) => value.clone(),
                    _ => Type::Bool,
                };
                self.b.inst(Op::MapGet(s, k), vec![Type::Bool, vt])[0]
            }
            Some(CallRes::PayloadContains(s)) => self.b.value(Op::PayloadContains(s), Type::Bool),
            Some(CallRes::PayloadStartsWith(s)) => {
                self.b.value(Op::PayloadStartsWith(s), Type::Bool)
            }
            // Statement-only calls never reach here after a successful check.
            _ => self.konst(Value::Bool(false)),
        }
    }

    fn binary(&mut self, op: A, l: &Expr, r: &Expr, ty: Type) -> ValueId {
        let lv = self.expr(l);
        let mut rv = self.expr(r);
        let lt = self.ty_of(l);
        if matches!(op, A::Shl | A::Shr) && self.ty_of(r) != lt {
            rv = self.b.value(Op::Cast(lt.clone(), rv), lt);
        }
        let bop = match op {
            A::Or | A::BitOr => BinOp::Or,
            A::And | A::BitAnd => BinOp::And,
            A::BitXor => BinOp::Xor,
            A::Eq => BinOp::Eq,
            A::Ne => BinOp::Ne,
            A::Lt => BinOp::Lt,
            A::Le => BinOp::Le,
            A::Gt => BinOp::Gt,
            A::Ge => BinOp::Ge,
            A::Shl => BinOp::Shl,
            A::Shr => BinOp::Shr,
            A::Add => BinOp::Add,
            A::Sub => BinOp::Sub,
            A::Mul => BinOp::Mul,
            A::Div => BinOp::Div,
            A::Rem => BinOp::Rem,
        };
        self.b.value(Op::Binary(bop, lv, rv), ty)
    }
}
