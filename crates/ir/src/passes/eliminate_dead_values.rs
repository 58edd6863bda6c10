//! `eliminate_dead_values`: removes instructions whose results nobody uses and
//! that have no effect, and block parameters nobody uses (with the matching jump
//! arguments), to a fixpoint.
//!
//! ```text
//! bb0:                                   bb0:
//!   %0: bit<16> = const 16w0               %2: bool = valid tcp
//!   %2: bool = valid tcp          ==>      br %2, bb1, bb2
//!   br %2, bb1(%0), bb2                  bb1:
//! bb1(%5: bit<16>):                        drop
//!   drop
//! ```
//!
//! Map lookups are kept even when unused: a hit refreshes the entry's idle timer.

use crate::op::Op;
use crate::program::{Program, ValueId};
use std::collections::HashMap;

/// True for operations that may be deleted when their results are unused.
pub fn removable(op: &Op) -> bool {
    op.writes().is_empty() && !matches!(op, Op::MapGet(..))
}

fn use_counts(p: &Program) -> HashMap<ValueId, usize> {
    let mut n = HashMap::new();
    for b in &p.handler.blocks {
        let uses = b.insts.iter().flat_map(|i| i.op.operands());
        let term = b
            .term
            .operands()
            .into_iter()
            .chain(b.term.targets().into_iter().flat_map(|t| t.args.clone()));
        for v in uses.chain(term) {
            *n.entry(v).or_insert(0) += 1;
        }
    }
    n
}

/// Runs the pass; true if anything was removed.
pub fn eliminate_dead_values(p: &mut Program) -> bool {
    let mut changed = false;
    loop {
        let uses = use_counts(p);
        let used = |v: &ValueId| uses.get(v).copied().unwrap_or(0) > 0;
        let mut round = false;
        for b in &mut p.handler.blocks {
            let before = b.insts.len();
            b.insts
                .retain(|i| !removable(&i.op) || i.results.iter().any(|(v, _)| used(v)));
            round |= b.insts.len() != before;
        }
        // Unused parameters of non-entry blocks, and their arguments in every jump.
        let dead: Vec<(usize, usize)> = p
            .handler
            .blocks
            .iter()
            .enumerate()
            .skip(1)
            .flat_map(|(bi, b)| {
                b.params
                    .iter()
                    .enumerate()
                    .filter(|(_, (v, _))| !used(v))
                    .map(move |(k, _)| (bi, k))
                    .collect::<Vec<_>>()
            })
            .collect();
        for &(bi, k) in dead.iter().rev() {
            p.handler.blocks[bi].params.remove(k);
            for b in &mut p.handler.blocks {
                for t in targets_mut(&mut b.term) {
                    if t.block.0 as usize == bi && k < t.args.len() {
                        t.args.remove(k);
                    }
                }
            }
            round = true;
        }
        if !round {
            return changed;
        }
        changed = true;
    }
}

/// Mutable jump targets of a terminator.
pub(crate) fn targets_mut(t: &mut crate::op::Terminator) -> Vec<&mut crate::op::Target> {
    match t {
        crate::op::Terminator::Jump(t) => vec![t],
        crate::op::Terminator::Branch { then_, else_, .. } => vec![then_, else_],
        _ => Vec::new(),
    }
}
