//! Immediate dominators (Cooper, Harvey, Kennedy: "A Simple, Fast Dominance
//! Algorithm", 2001) over the handler CFG, reporting unreachable blocks.

use super::{Verifier, bid};

impl Verifier<'_> {
    /// Immediate dominators (Cooper, Harvey, Kennedy 2001); reports unreachable blocks.
    pub(super) fn dominators(&mut self) -> Vec<Option<usize>> {
        let f = &self.p.handler;
        let n = f.blocks.len();
        let succ = |b: usize| -> Vec<usize> {
            f.blocks[b]
                .term
                .targets()
                .iter()
                .map(|t| t.block.0 as usize)
                .filter(|&s| s < n)
                .collect()
        };
        // Reverse postorder by iterative DFS.
        let mut order = Vec::new();
        let mut seen = vec![false; n];
        let mut stack = vec![(0usize, 0usize)];
        seen[0] = true;
        while let Some((b, i)) = stack.pop() {
            let s = succ(b);
            if let Some(&next) = s.get(i) {
                stack.push((b, i + 1));
                if !seen[next] {
                    seen[next] = true;
                    stack.push((next, 0));
                }
            } else {
                order.push(b);
            }
        }
        order.reverse();
        let mut rpo = vec![usize::MAX; n];
        for (i, &b) in order.iter().enumerate() {
            rpo[b] = i;
        }
        let mut preds = vec![Vec::new(); n];
        for &b in &order {
            for s in succ(b) {
                preds[s].push(b);
            }
        }
        let mut idom: Vec<Option<usize>> = vec![None; n];
        idom[0] = Some(0);
        let mut changed = true;
        while changed {
            changed = false;
            for &b in order.iter().skip(1) {
                let mut new: Option<usize> = None;
                for &p in &preds[b] {
                    if idom[p].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(mut a) => {
                            let mut c = p;
                            while a != c {
                                while rpo[a] > rpo[c] {
                                    a = idom[a].unwrap_or(0);
                                }
                                while rpo[c] > rpo[a] {
                                    c = idom[c].unwrap_or(0);
                                }
                            }
                            a
                        }
                    });
                }
                if new.is_some() && idom[b] != new {
                    idom[b] = new;
                    changed = true;
                }
            }
        }
        for (b, s) in seen.iter().enumerate() {
            if !s {
                self.err(
                    Some(bid(b)),
                    None,
                    "block is unreachable from the entry".into(),
                );
            }
        }
        idom
    }
}
