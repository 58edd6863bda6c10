//! `thread_jumps`: a block with no parameters and no instructions that only jumps
//! on is bypassed: its predecessors jump straight to its target, with its
//! arguments. (Those arguments are defined in strict dominators of the bypassed
//! block, which dominate all of its predecessors, so SSA stays valid.)
//!
//! Blocks left unreachable are then removed (the verifier rejects them), so the
//! pass leaves valid IR.
//!
//! ```text
//! bb3:                          bb3:
//!   jump bb5                      jump bb6(%7, %6)
//! bb5:                  ==>     (bb5 removed, later blocks renumbered)
//!   jump bb6(%7, %6)
//! ```

use super::eliminate_dead_values::targets_mut;
use super::remove_unreachable_blocks;
use crate::op::{Target, Terminator};
use crate::program::Program;

/// Runs the pass; true if any jump was redirected.
pub fn thread_jumps(p: &mut Program) -> bool {
    let forward: Vec<Option<Target>> = p
        .handler
        .blocks
        .iter()
        .enumerate()
        .map(|(i, b)| match &b.term {
            Terminator::Jump(t)
                if i != 0
                    && b.params.is_empty()
                    && b.insts.is_empty()
                    && t.block.0 as usize != i =>
            {
                Some(t.clone())
            }
            _ => None,
        })
        .collect();
    let mut changed = false;
    for b in &mut p.handler.blocks {
        for t in targets_mut(&mut b.term) {
            // Follow chains of trivial blocks, bounded by the block count (cycles of
            // trivial blocks are left alone).
            let mut hops = 0;
            while let Some(Some(next)) = forward.get(t.block.0 as usize) {
                if !t.args.is_empty() || hops > forward.len() {
                    break;
                }
                *t = next.clone();
                hops += 1;
                changed = true;
            }
        }
    }
    if changed {
        remove_unreachable_blocks(p);
    }
    changed
}
