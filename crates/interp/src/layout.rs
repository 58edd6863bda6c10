//! Flat value layout: every SSA value occupies consecutive `u64` slots, one per
//! scalar leaf of its type (tuples are flattened depth-first). `bool` is 0/1,
//! `ipv4` the address as a number, `bit<N>` the value (always `< 2^N`).

use ir::{Type, Value};

/// A scalar leaf type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Leaf {
    Bool,
    Bits(u16),
    Ipv4,
}

impl Leaf {
    /// Width in bits.
    pub fn bits(self) -> u32 {
        match self {
            Leaf::Bool => 1,
            Leaf::Bits(w) => u32::from(w),
            Leaf::Ipv4 => 32,
        }
    }

    /// Bytes in the hash serialization (whole bytes, big-endian).
    pub fn bytes(self) -> usize {
        self.bits().div_ceil(8) as usize
    }
}

/// The scalar leaves of a type, in slot order.
pub(crate) fn leaves(t: &Type) -> Vec<Leaf> {
    let mut out = Vec::new();
    push_leaves(t, &mut out);
    out
}

fn push_leaves(t: &Type, out: &mut Vec<Leaf>) {
    match t {
        Type::Bool => out.push(Leaf::Bool),
        Type::Bits(w) => out.push(Leaf::Bits(*w)),
        Type::Ipv4 => out.push(Leaf::Ipv4),
        Type::Tuple(ts) => ts.iter().for_each(|t| push_leaves(t, out)),
    }
}

/// Number of slots a type occupies.
pub(crate) fn slots(t: &Type) -> usize {
    match t {
        Type::Tuple(ts) => ts.iter().map(slots).sum(),
        _ => 1,
    }
}

/// Flattens a constant into slots.
pub(crate) fn flatten(v: &Value, out: &mut Vec<u64>) {
    ir::eval::flatten(v, out);
}

/// Rebuilds a value of type `t` from slots (for dumps and events).
pub(crate) fn unflatten(t: &Type, slots: &[u64], at: &mut usize) -> Value {
    let s = slots.get(*at).copied().unwrap_or(0);
    match t {
        Type::Bool => {
            *at += 1;
            Value::Bool(s != 0)
        }
        Type::Bits(w) => {
            *at += 1;
            Value::bits(*w, s)
        }
        Type::Ipv4 => {
            *at += 1;
            Value::Ipv4(s as u32)
        }
        Type::Tuple(ts) => Value::Tuple(ts.iter().map(|t| unflatten(t, slots, at)).collect()),
    }
}

/// Renders a value for JSON: addresses dotted, numbers as numbers, tuples as arrays.
pub(crate) fn to_json(v: &Value) -> serde_json::Value {
    match v {
        Value::Bool(b) => serde_json::Value::Bool(*b),
        Value::Bits { value, .. } => serde_json::Value::from(*value),
        Value::Ipv4(a) => serde_json::Value::String(std::net::Ipv4Addr::from(*a).to_string()),
        Value::Tuple(vs) => serde_json::Value::Array(vs.iter().map(to_json).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flatten_round_trips_nested_tuples() {
        let t = Type::Tuple(vec![
            Type::Bits(8),
            Type::Tuple(vec![Type::Ipv4, Type::Bool]),
        ]);
        let v = Value::Tuple(vec![
            Value::bits(8, 6),
            Value::Tuple(vec![Value::Ipv4(0x0a00_0001), Value::Bool(true)]),
        ]);
        let mut s = Vec::new();
        flatten(&v, &mut s);
        assert_eq!(s, vec![6, 0x0a00_0001, 1]);
        assert_eq!(slots(&t), 3);
        assert_eq!(unflatten(&t, &s, &mut 0), v);
        assert_eq!(leaves(&t).iter().map(|l| l.bytes()).sum::<usize>(), 6);
    }
}
