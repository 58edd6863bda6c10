//! Control conditions tabulated at load time.
//!
//! The compiler's path conditions are long boolean trees over a handful of
//! distinct tests (`valid(tcp)`, `meta.v33 == 1`, ...), the same test often
//! appearing several times (`tcp || (!tcp && udp)`). Evaluating such a tree
//! visits every node on the way; a [`RCond::Table`] instead evaluates each
//! distinct test once and reads the answer from a truth table. Tests have no
//! effects and cannot fail, so evaluating all of them (rather than stopping
//! early, as `&&` and `||` do) gives the same answer.

use crate::resolved::{RCond, RStmt};

/// Conditions over at most this many distinct tests are tabulated (a 64-bit
/// truth table).
const MAX_ATOMS: usize = 6;

/// Replaces every `if` condition in `stmts` (recursively) that has more
/// nodes than distinct tests, and at most [`MAX_ATOMS`] of them, by its table.
pub(crate) fn tabulate(stmts: &mut [RStmt]) {
    for s in stmts {
        match s {
            RStmt::Apply {
                on_hit, on_miss, ..
            } => {
                tabulate(on_hit);
                tabulate(on_miss);
            }
            RStmt::Run { .. } => {}
            RStmt::If {
                cond,
                then,
                otherwise,
            } => {
                if let Some(t) = table(cond) {
                    *cond = t;
                }
                tabulate(then);
                tabulate(otherwise);
            }
        }
    }
}

/// The table of `c`, if it is worth one.
fn table(c: &RCond) -> Option<RCond> {
    let mut atoms = Vec::new();
    let nodes = collect(c, &mut atoms)?;
    if nodes <= atoms.len() {
        return None;
    }
    let mut truth = 0u64;
    for index in 0..1u32 << atoms.len() {
        if eval(c, &atoms, index) {
            truth |= 1 << index;
        }
    }
    Some(RCond::Table {
        atoms: atoms.into_boxed_slice(),
        truth,
    })
}

/// Adds `c`'s distinct tests to `atoms` and returns its node count; `None`
/// when there are more than [`MAX_ATOMS`] tests or `c` is already a table.
fn collect(c: &RCond, atoms: &mut Vec<RCond>) -> Option<usize> {
    match c {
        RCond::Valid(_) | RCond::Cmp(..) => {
            if !atoms.contains(c) {
                if atoms.len() == MAX_ATOMS {
                    return None;
                }
                atoms.push(c.clone());
            }
            Some(1)
        }
        RCond::And(a, b) | RCond::Or(a, b) => Some(collect(a, atoms)? + collect(b, atoms)? + 1),
        RCond::Not(a) => Some(collect(a, atoms)? + 1),
        RCond::Table { .. } => None,
    }
}

/// `c` when test `atoms[i]` is bit `i` of `index`.
fn eval(c: &RCond, atoms: &[RCond], index: u32) -> bool {
    match c {
        RCond::Valid(_) | RCond::Cmp(..) => {
            let i = atoms.iter().position(|a| a == c).unwrap_or(0);
            (index >> i) & 1 == 1
        }
        RCond::And(a, b) => eval(a, atoms, index) && eval(b, atoms, index),
        RCond::Or(a, b) => eval(a, atoms, index) || eval(b, atoms, index),
        RCond::Not(a) => !eval(a, atoms, index),
        RCond::Table { .. } => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::alu;
    use crate::program::CmpOp;
    use crate::resolved::Val;
    use proptest::prelude::*;

    /// A random condition over three headers and two comparisons.
    fn arb_cond() -> impl Strategy<Value = RCond> {
        let leaf = prop_oneof![
            (0u16..3).prop_map(RCond::Valid),
            (0u16..2, 0u64..3).prop_map(|(s, c)| RCond::Cmp(
                Val::Slot(s),
                CmpOp::Eq,
                Val::Const(c)
            )),
            (0u16..2, 0u64..3).prop_map(|(s, c)| RCond::Cmp(
                Val::Slot(s),
                CmpOp::Lt,
                Val::Const(c)
            )),
        ];
        leaf.prop_recursive(6, 64, 2, |inner| {
            prop_oneof![
                (inner.clone(), inner.clone())
                    .prop_map(|(a, b)| RCond::And(Box::new(a), Box::new(b))),
                (inner.clone(), inner.clone())
                    .prop_map(|(a, b)| RCond::Or(Box::new(a), Box::new(b))),
                inner.prop_map(|a| RCond::Not(Box::new(a))),
            ]
        })
    }

    proptest! {
        #[test]
        fn a_tabulated_condition_decides_as_the_tree(
            c in arb_cond(),
            vals in proptest::collection::vec(0u64..4, 2),
            valid in proptest::collection::vec(any::<bool>(), 3),
        ) {
            let mut stmts = vec![RStmt::If { cond: c.clone(), then: vec![], otherwise: vec![] }];
            tabulate(&mut stmts);
            let RStmt::If { cond: t, .. } = &stmts[0] else { unreachable!() };
            prop_assert_eq!(alu::cond(t, &vals, &valid), alu::cond(&c, &vals, &valid));
        }
    }

    #[test]
    fn repeated_tests_make_a_table_and_single_tests_do_not() {
        let tcp = RCond::Valid(0);
        let udp = RCond::Valid(1);
        // tcp || (!tcp && udp)
        let c = RCond::Or(
            Box::new(tcp.clone()),
            Box::new(RCond::And(
                Box::new(RCond::Not(Box::new(tcp.clone()))),
                Box::new(udp.clone()),
            )),
        );
        match table(&c) {
            Some(RCond::Table { atoms, truth }) => {
                assert_eq!(&atoms[..], &[tcp.clone(), udp][..]);
                // index = tcp | udp << 1: true unless both are invalid.
                assert_eq!(truth, 0b1110);
            }
            other => panic!("not tabulated: {other:?}"),
        }
        assert!(table(&tcp).is_none());
    }
}
