//! Control-flow facts the passes share: successors, predecessors, blocks on
//! cycles, a topological order of the acyclic part, and SSA liveness.

use ir::{BlockId, Function, ValueId};
use std::collections::BTreeSet;

/// Where an instruction sits: block and index in the block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct InstRef {
    /// The block.
    pub block: u32,
    /// Index of the instruction in the block.
    pub index: u32,
}

/// Successor blocks of every block, in terminator order.
pub fn successors(f: &Function) -> Vec<Vec<usize>> {
    f.blocks
        .iter()
        .map(|b| {
            b.term
                .targets()
                .iter()
                .map(|t| t.block.0 as usize)
                .collect()
        })
        .collect()
}

/// Predecessor blocks of every block.
pub fn predecessors(succ: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut pred = vec![Vec::new(); succ.len()];
    for (b, ss) in succ.iter().enumerate() {
        for &s in ss {
            if s < pred.len() && !pred[s].contains(&b) {
                pred[s].push(b);
            }
        }
    }
    pred
}

/// Blocks that lie on a cycle (a block that can reach itself). The switch has no
/// loops, so these always stay on the server.
pub fn blocks_on_cycles(succ: &[Vec<usize>]) -> Vec<bool> {
    let n = succ.len();
    (0..n)
        .map(|b| {
            let mut seen = vec![false; n];
            let mut stack: Vec<usize> = succ[b].clone();
            while let Some(x) = stack.pop() {
                if x == b {
                    return true;
                }
                if x < n && !seen[x] {
                    seen[x] = true;
                    stack.extend(succ[x].iter().copied());
                }
            }
            false
        })
        .collect()
}

/// Reverse postorder from the entry, ignoring back edges (a topological order
/// when the CFG is acyclic).
pub fn reverse_postorder(succ: &[Vec<usize>]) -> Vec<usize> {
    let n = succ.len();
    let mut state = vec![0u8; n]; // 0 new, 1 on stack, 2 done
    let mut post = Vec::with_capacity(n);
    if n == 0 {
        return post;
    }
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    state[0] = 1;
    while let Some((b, i)) = stack.pop() {
        if let Some(&s) = succ[b].get(i) {
            stack.push((b, i + 1));
            if s < n && state[s] == 0 {
                state[s] = 1;
                stack.push((s, 0));
            }
        } else {
            state[b] = 2;
            post.push(b);
        }
    }
    post.reverse();
    post
}

/// SSA liveness: the values live on entry to every block (block parameters
/// excluded; they are bound by the jump) computed by the usual backward fixed point.
pub struct Liveness {
    /// Live-in set of each block.
    pub live_in: Vec<BTreeSet<ValueId>>,
}

impl Liveness {
    /// Computes liveness of `f`.
    pub fn compute(f: &Function, succ: &[Vec<usize>]) -> Liveness {
        let n = f.blocks.len();
        let mut live_in = vec![BTreeSet::new(); n];
        let mut changed = true;
        while changed {
            changed = false;
            for b in (0..n).rev() {
                let set = Self::live_from(f, &live_in, succ, b, 0, true);
                if set != live_in[b] {
                    live_in[b] = set;
                    changed = true;
                }
            }
        }
        Liveness { live_in }
    }

    /// Values live just before instruction `index` of block `b`, the block's
    /// parameters included (what a side that stops there must hand over).
    pub fn live_at(
        &self,
        f: &Function,
        succ: &[Vec<usize>],
        b: usize,
        index: usize,
    ) -> BTreeSet<ValueId> {
        Self::live_from(f, &self.live_in, succ, b, index, false)
    }

    fn live_from(
        f: &Function,
        live_in: &[BTreeSet<ValueId>],
        succ: &[Vec<usize>],
        b: usize,
        index: usize,
        drop_params: bool,
    ) -> BTreeSet<ValueId> {
        let Some(block) = f.blocks.get(b) else {
            return BTreeSet::new();
        };
        let mut live: BTreeSet<ValueId> = BTreeSet::new();
        for &s in &succ[b] {
            live.extend(live_in.get(s).into_iter().flatten().copied());
        }
        for t in block.term.targets() {
            live.extend(t.args.iter().copied());
        }
        live.extend(block.term.operands());
        for inst in block.insts[index.min(block.insts.len())..].iter().rev() {
            for (r, _) in &inst.results {
                live.remove(r);
            }
            live.extend(inst.op.operands());
        }
        if drop_params {
            for (p, _) in &block.params {
                live.remove(p);
            }
        }
        live
    }
}

/// Converts a block index back to an id.
pub fn block_id(b: usize) -> BlockId {
    BlockId(u32::try_from(b).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn program(text: &str) -> ir::Program {
        ir::parse(text).expect("test IR parses")
    }

    const DIAMOND: &str = "program d

handler {
bb0:
  %0: bool = valid tcp
  %1: bit<16> = const 16w1
  br %0, bb1, bb2
bb1:
  %2: bit<16> = const 16w2
  jump bb3(%2)
bb2:
  jump bb3(%1)
bb3(%3: bit<16>):
  %4: bit<16> = add %3, %1
  forward %4
}
";

    #[test]
    fn liveness_of_a_diamond() {
        let p = program(DIAMOND);
        let succ = successors(&p.handler);
        let l = Liveness::compute(&p.handler, &succ);
        // %1 is used after the merge, so it is live into both arms and the merge.
        assert!(l.live_in[1].contains(&ValueId(1)));
        assert!(l.live_in[2].contains(&ValueId(1)));
        assert_eq!(l.live_in[3], BTreeSet::from([ValueId(1)]));
        assert!(l.live_in[0].is_empty());
        // Before `add`, the parameter %3 and %1 are live.
        assert_eq!(
            l.live_at(&p.handler, &succ, 3, 0),
            BTreeSet::from([ValueId(1), ValueId(3)])
        );
        assert_eq!(
            l.live_at(&p.handler, &succ, 0, 2),
            BTreeSet::from([ValueId(0), ValueId(1)])
        );
    }

    #[test]
    fn cycles_and_order() {
        let succ = vec![vec![1], vec![2, 3], vec![1], vec![]];
        assert_eq!(blocks_on_cycles(&succ), vec![false, true, true, false]);
        let rpo = reverse_postorder(&successors(&program(DIAMOND).handler));
        assert_eq!(rpo[0], 0);
        assert_eq!(rpo[3], 3);
    }
}
