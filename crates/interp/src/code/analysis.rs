//! Value analyses the loader uses: liveness (to skip dead instructions) and use
//! counts (to fuse a test with the branch that consumes it).

use ir::{Op, Program, ValueId};
use std::collections::HashMap;

/// Operations that may be skipped when their results are unused. Map lookups are
/// kept: a hit refreshes the entry's idle timer.
pub(super) fn removable(op: &Op) -> bool {
    !matches!(
        op,
        Op::SetField(..)
            | Op::MapGet(..)
            | Op::MapInsert(..)
            | Op::MapRemove(..)
            | Op::ArraySet(..)
            | Op::RegSet(..)
            | Op::Emit(..)
    )
}

/// How often each value is used (operands, terminators, jump arguments).
pub(super) fn use_counts(p: &Program) -> HashMap<ValueId, usize> {
    let mut n = HashMap::new();
    for b in &p.handler.blocks {
        let term_uses = b.term.operands().into_iter().chain(
            b.term
                .targets()
                .into_iter()
                .flat_map(|t| t.args.iter().copied()),
        );
        for v in b
            .insts
            .iter()
            .flat_map(|i| i.op.operands())
            .chain(term_uses)
        {
            *n.entry(v).or_insert(0) += 1;
        }
    }
    n
}

/// Values used by a kept instruction, a terminator, or a jump argument (to a fixpoint).
pub(super) fn live_values(p: &Program) -> std::collections::HashSet<ValueId> {
    let mut live = std::collections::HashSet::new();
    loop {
        let before = live.len();
        for b in &p.handler.blocks {
            for inst in &b.insts {
                if !removable(&inst.op) || inst.results.iter().any(|(v, _)| live.contains(v)) {
                    live.extend(inst.op.operands());
                }
            }
            live.extend(b.term.operands());
            for t in b.term.targets() {
                live.extend(t.args.iter().copied());
            }
        }
        if live.len() == before {
            return live;
        }
    }
}
