//! `remove_unreachable_blocks`: deletes blocks no path from the entry reaches and
//! renumbers the rest in their original order (the entry stays `bb0`).

use super::eliminate_dead_values::targets_mut;
use crate::program::{BlockId, Program};

/// Runs the pass; true if any block was removed.
pub fn remove_unreachable_blocks(p: &mut Program) -> bool {
    let n = p.handler.blocks.len();
    if n == 0 {
        return false;
    }
    let mut seen = vec![false; n];
    let mut stack = vec![0usize];
    seen[0] = true;
    while let Some(b) = stack.pop() {
        for t in p.handler.blocks[b].term.targets() {
            let s = t.block.0 as usize;
            if s < n && !seen[s] {
                seen[s] = true;
                stack.push(s);
            }
        }
    }
    if seen.iter().all(|s| *s) {
        return false;
    }
    let mut new_id = vec![u32::MAX; n];
    let mut next = 0u32;
    for (i, s) in seen.iter().enumerate() {
        if *s {
            new_id[i] = next;
            next += 1;
        }
    }
    let old = std::mem::take(&mut p.handler.blocks);
    for (i, mut b) in old.into_iter().enumerate() {
        if !seen[i] {
            continue;
        }
        for t in targets_mut(&mut b.term) {
            t.block = BlockId(new_id.get(t.block.0 as usize).copied().unwrap_or(u32::MAX));
        }
        p.handler.blocks.push(b);
    }
    true
}
