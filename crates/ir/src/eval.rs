//! The arithmetic of the IR, defined once: the interpreter and constant folding
//! both call these, so they cannot disagree.
//!
//! Values are `u64`s already within their type (`bool` 0/1, `bit<N>` below 2^N,
//! `ipv4` below 2^32). Arithmetic wraps modulo 2^N; `div`/`rem` by 0 give 0; shifts
//! by N or more give 0; comparisons give 0/1.

use crate::op::{BinOp, UnOp};
use crate::types::{Type, Value, mask};

/// A binary operator on scalars of `width` bits (1 for `bool`, 32 for `ipv4`).
#[inline]
pub fn binary(op: BinOp, a: u64, b: u64, width: u32) -> u64 {
    let m = mask(u16::try_from(width).unwrap_or(64));
    match op {
        BinOp::Add => a.wrapping_add(b) & m,
        BinOp::Sub => a.wrapping_sub(b) & m,
        BinOp::Mul => a.wrapping_mul(b) & m,
        BinOp::Div => a.checked_div(b).unwrap_or(0),
        BinOp::Rem => a.checked_rem(b).unwrap_or(0),
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Shl => {
            if b >= u64::from(width) {
                0
            } else {
                (a << b) & m
            }
        }
        BinOp::Shr => {
            if b >= u64::from(width) {
                0
            } else {
                a >> b
            }
        }
        BinOp::Eq => u64::from(a == b),
        BinOp::Ne => u64::from(a != b),
        BinOp::Lt => u64::from(a < b),
        BinOp::Le => u64::from(a <= b),
        BinOp::Gt => u64::from(a > b),
        BinOp::Ge => u64::from(a >= b),
    }
}

/// A unary operator on a scalar of `width` bits: `not` is logical on `bool`
/// (width 1) and bitwise otherwise; `neg` is two's complement.
#[inline]
pub fn unary(op: UnOp, a: u64, width: u32) -> u64 {
    let m = mask(u16::try_from(width).unwrap_or(64));
    match op {
        UnOp::Not => !a & m,
        UnOp::Neg => 0u64.wrapping_sub(a) & m,
    }
}

/// The scalar of a constant (`None` for tuples).
pub fn scalar(v: &Value) -> Option<u64> {
    match v {
        Value::Bool(b) => Some(u64::from(*b)),
        Value::Bits { value, .. } => Some(*value),
        Value::Ipv4(a) => Some(u64::from(*a)),
        Value::Tuple(_) => None,
    }
}

/// A constant of scalar type `t` holding `x` (truncated to the type).
pub fn from_scalar(t: &Type, x: u64) -> Option<Value> {
    match t {
        Type::Bool => Some(Value::Bool(x & 1 != 0)),
        Type::Bits(w) => Some(Value::bits(*w, x)),
        Type::Ipv4 => Some(Value::Ipv4(x as u32)),
        Type::Tuple(_) => None,
    }
}

/// Appends the scalars of a value, tuple elements in order (the layout every
/// flat representation uses: interpreter slots, switch keys and action data).
pub fn flatten(v: &Value, out: &mut Vec<u64>) {
    match v {
        Value::Tuple(xs) => xs.iter().for_each(|x| flatten(x, out)),
        other => out.extend(scalar(other)),
    }
}

/// The value of type `t` made of the scalars `xs[*at..]` ([`flatten`]'s
/// inverse); advances `at`. `None` if `xs` ends first.
pub fn unflatten(t: &Type, xs: &[u64], at: &mut usize) -> Option<Value> {
    match t {
        Type::Tuple(ts) => Some(Value::Tuple(
            ts.iter()
                .map(|e| unflatten(e, xs, at))
                .collect::<Option<_>>()?,
        )),
        scalar => {
            let x = *xs.get(*at)?;
            *at += 1;
            from_scalar(scalar, x)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flatten_and_unflatten_are_inverse() {
        let t = Type::Tuple(vec![
            Type::Bits(8),
            Type::Tuple(vec![Type::Ipv4, Type::Bool]),
        ]);
        let v = Value::Tuple(vec![
            Value::bits(8, 6),
            Value::Tuple(vec![Value::Ipv4(0x0a00_0001), Value::Bool(true)]),
        ]);
        let mut xs = Vec::new();
        flatten(&v, &mut xs);
        assert_eq!(xs, [6, 0x0a00_0001, 1]);
        let mut at = 0;
        assert_eq!(unflatten(&t, &xs, &mut at), Some(v));
        assert_eq!(at, 3);
        assert_eq!(unflatten(&t, &xs[..2], &mut 0), None, "too few scalars");
    }

    #[test]
    fn wrapping_and_edge_cases() {
        assert_eq!(binary(BinOp::Add, 250, 10, 8), 4);
        assert_eq!(binary(BinOp::Sub, 0, 1, 16), 0xffff);
        assert_eq!(binary(BinOp::Mul, u64::MAX, 2, 64), u64::MAX - 1);
        assert_eq!(binary(BinOp::Div, 7, 0, 16), 0);
        assert_eq!(binary(BinOp::Rem, 7, 0, 16), 0);
        assert_eq!(binary(BinOp::Shl, 1, 16, 16), 0);
        assert_eq!(binary(BinOp::Shl, 0x8001, 1, 16), 2);
        assert_eq!(binary(BinOp::Shr, 0x8000, 15, 16), 1);
        assert_eq!(binary(BinOp::Shr, 1, 64, 64), 0);
        assert_eq!(binary(BinOp::Lt, 3, 4, 8), 1);
        assert_eq!(unary(UnOp::Not, 1, 1), 0);
        assert_eq!(unary(UnOp::Not, 0x0f, 8), 0xf0);
        assert_eq!(unary(UnOp::Neg, 5, 16), 65531);
    }
}
