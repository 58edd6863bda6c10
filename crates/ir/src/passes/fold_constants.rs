//! `fold_constants`: replaces operations whose operands are all constants by the
//! constant they compute (with `crate::eval`, the arithmetic the interpreter
//! uses). The constants they used become dead and `eliminate_dead_values`
//! removes them.
//!
//! ```text
//!   %17: bit<8> = const 8w2                 %17: bit<8> = const 8w2
//!   %18: bit<8> = const 8w16        ==>     %18: bit<8> = const 8w16
//!   %19: bit<8> = or %17, %18               %19: bit<8> = const 8w18
//! ```

use crate::eval::{binary, from_scalar, scalar, unary};
use crate::op::{BinOp, Op};
use crate::program::{Program, ValueId};
use crate::types::{Type, Value};
use std::collections::HashMap;

/// Runs the pass; true if any operation was folded.
pub fn fold_constants(p: &mut Program) -> bool {
    let mut known: HashMap<ValueId, Value> = HashMap::new();
    let mut changed = false;
    // Blocks are visited in order; a value defined in a later block is simply not
    // known yet, which only loses folding opportunities, never correctness.
    for b in &mut p.handler.blocks {
        for inst in &mut b.insts {
            let folded = match (&inst.op, inst.results.as_slice()) {
                (Op::Const(v), [(r, _)]) => {
                    known.insert(*r, v.clone());
                    continue;
                }
                (op, [(_, t)]) => fold(op, t, &known),
                _ => None,
            };
            if let (Some(v), [(r, _)]) = (folded, inst.results.as_slice()) {
                known.insert(*r, v.clone());
                inst.op = Op::Const(v);
                changed = true;
            }
        }
    }
    changed
}

fn fold(op: &Op, t: &Type, known: &HashMap<ValueId, Value>) -> Option<Value> {
    let k = |v: &ValueId| known.get(v);
    match op {
        Op::Unary(u, a) => from_scalar(t, unary(*u, scalar(k(a)?)?, t.bit_width())),
        Op::Binary(b, x, y) => {
            let (vx, vy) = (k(x)?, k(y)?);
            if matches!(vx, Value::Tuple(_)) {
                let eq = vx == vy;
                return match b {
                    BinOp::Eq => Some(Value::Bool(eq)),
                    BinOp::Ne => Some(Value::Bool(!eq)),
                    _ => None,
                };
            }
            let r = binary(*b, scalar(vx)?, scalar(vy)?, vx.ty().bit_width());
            from_scalar(t, r)
        }
        Op::Cast(to, a) => from_scalar(to, scalar(k(a)?)?),
        Op::Select(c, a, b) => Some(if scalar(k(c)?)? != 0 {
            k(a)?.clone()
        } else {
            k(b)?.clone()
        }),
        Op::Tuple(vs) => Some(Value::Tuple(
            vs.iter()
                .map(|v| k(v).cloned())
                .collect::<Option<Vec<_>>>()?,
        )),
        Op::Extract(a, i) => match k(a)? {
            Value::Tuple(vs) => vs.get(*i as usize).cloned(),
            _ => None,
        },
        _ => None,
    }
}
