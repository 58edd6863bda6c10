//! Types and constant values of the IR.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Widest fixed-width integer the IR supports (values are held in a `u64`).
pub const MAX_BITS: u16 = 64;

/// The type of an SSA value, a state object's key/value, or an event field.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Type {
    /// `bool`.
    Bool,
    /// `bit<N>`, an unsigned integer of `N` bits, `1 <= N <= 64`; arithmetic wraps modulo 2^N.
    Bits(u16),
    /// `ipv4`, a 32-bit IPv4 address; only comparable and castable to/from `bit<32>`.
    Ipv4,
    /// `(T1, T2, ...)`, a tuple of at least one element (structs lower to tuples).
    Tuple(Vec<Type>),
}

impl Type {
    /// Number of bits a value of this type occupies when packed (used by hashing and
    /// by the switch's PHV accounting).
    pub fn bit_width(&self) -> u32 {
        match self {
            Type::Bool => 1,
            Type::Bits(n) => u32::from(*n),
            Type::Ipv4 => 32,
            Type::Tuple(ts) => ts.iter().map(Type::bit_width).sum(),
        }
    }

    /// True for `bit<N>` with `1 <= N <= 64`.
    pub fn is_bits(&self) -> bool {
        matches!(self, Type::Bits(n) if (1..=MAX_BITS).contains(n))
    }

    /// The all-zero value of this type (initial content of registers and vectors).
    pub fn zero(&self) -> Value {
        match self {
            Type::Bool => Value::Bool(false),
            Type::Bits(w) => Value::Bits {
                width: *w,
                value: 0,
            },
            Type::Ipv4 => Value::Ipv4(0),
            Type::Tuple(ts) => Value::Tuple(ts.iter().map(Type::zero).collect()),
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Bool => write!(f, "bool"),
            Type::Bits(n) => write!(f, "bit<{n}>"),
            Type::Ipv4 => write!(f, "ipv4"),
            Type::Tuple(ts) => {
                write!(f, "(")?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{t}")?;
                }
                write!(f, ")")
            }
        }
    }
}

/// A constant value. Printed self-describing: `true`, `16w80`, `10.0.0.1`, `(16w1, true)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Value {
    /// A boolean.
    Bool(bool),
    /// A `bit<width>` integer; invariant: `value < 2^width`.
    Bits {
        /// Width in bits.
        width: u16,
        /// The value, already truncated to `width` bits.
        value: u64,
    },
    /// An IPv4 address, host byte order (`10.0.0.1` is `0x0a000001`).
    Ipv4(u32),
    /// A tuple.
    Tuple(Vec<Value>),
}

/// Mask with the low `width` bits set (`width` in 1..=64).
pub fn mask(width: u16) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

impl Value {
    /// A `bit<width>` value, truncating `value` to `width` bits.
    pub fn bits(width: u16, value: u64) -> Value {
        Value::Bits {
            width,
            value: value & mask(width),
        }
    }

    /// The type of this value.
    pub fn ty(&self) -> Type {
        match self {
            Value::Bool(_) => Type::Bool,
            Value::Bits { width, .. } => Type::Bits(*width),
            Value::Ipv4(_) => Type::Ipv4,
            Value::Tuple(vs) => Type::Tuple(vs.iter().map(Value::ty).collect()),
        }
    }

    /// True if the value fits its type (bits within width, width in range, tuples non-empty).
    pub fn is_well_formed(&self) -> bool {
        match self {
            Value::Bool(_) | Value::Ipv4(_) => true,
            Value::Bits { width, value } => {
                (1..=MAX_BITS).contains(width) && *value & !mask(*width) == 0
            }
            Value::Tuple(vs) => !vs.is_empty() && vs.iter().all(Value::is_well_formed),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bool(b) => write!(f, "{b}"),
            Value::Bits { width, value } => write!(f, "{width}w{value}"),
            Value::Ipv4(a) => write!(f, "{}", std::net::Ipv4Addr::from(*a)),
            Value::Tuple(vs) => {
                write!(f, "(")?;
                for (i, v) in vs.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{v}")?;
                }
                write!(f, ")")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_matches_text_format() {
        assert_eq!(
            Type::Tuple(vec![Type::Ipv4, Type::Bits(16)]).to_string(),
            "(ipv4, bit<16>)"
        );
        assert_eq!(Value::Ipv4(0x0a00_0001).to_string(), "10.0.0.1");
        assert_eq!(Value::bits(8, 0x1ff).to_string(), "8w255");
    }

    #[test]
    fn widths_and_wellformedness() {
        assert_eq!(
            Type::Tuple(vec![Type::Bits(8), Type::Ipv4, Type::Bool]).bit_width(),
            41
        );
        assert!(Value::bits(64, u64::MAX).is_well_formed());
        assert!(
            !Value::Bits {
                width: 4,
                value: 16
            }
            .is_well_formed()
        );
        assert!(!Value::Bits { width: 0, value: 0 }.is_well_formed());
        assert_eq!(mask(1), 1);
    }
}
