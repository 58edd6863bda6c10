//! Pass `analyze_dependencies`: the four kinds of ordering between operations
//! (Gallium §4.1): data (SSA def-use), control (branch → operations it decides),
//! header-field and state read/write conflicts.
//!
//! Before: the handler only. After: `Compilation::deps`, e.g. for
//!
//! ```text
//! bb0:
//!   %0: bit<16> = get tcp.dst_port        ; reads tcp.dst_port
//!   %1: bool = eq %0, %c
//!   br %1, bb1, bb2
//! bb1:
//!   set tcp.dst_port, %p                  ; writes tcp.dst_port
//! ```
//!
//! the edges `bb0:0 → bb0:1` (data), `bb0:2 → bb1:0` (control: the branch decides
//! whether the write runs) and `bb0:0 → bb1:0` (header: read before write).
//! Terminators are operations too, at `index == insts.len()`.

use crate::cfg::InstRef;
use crate::context::{Compilation, CompileError, at};
use crate::model::{Dep, DepKind};
use ir::{Location, ValueId};
use std::collections::{BTreeSet, HashMap};

/// Runs the pass.
pub fn analyze_dependencies(c: &mut Compilation) -> Result<(), CompileError> {
    let f = &c.program.handler;
    let n = f.blocks.len();
    let mut deps: BTreeSet<Dep> = BTreeSet::new();

    // Data: definition site of every value (block parameters are defined by the
    // jumps into the block: the jump terminators are the definers).
    let mut def: HashMap<ValueId, Vec<InstRef>> = HashMap::new();
    for (b, block) in f.blocks.iter().enumerate() {
        for (i, inst) in block.insts.iter().enumerate() {
            for (r, _) in &inst.results {
                def.entry(*r).or_default().push(at(b, i));
            }
        }
        for t in block.term.targets() {
            if let Some(tb) = f.blocks.get(t.block.0 as usize) {
                for (p, _) in &tb.params {
                    def.entry(*p).or_default().push(at(b, block.insts.len()));
                }
            }
        }
    }
    for (b, block) in f.blocks.iter().enumerate() {
        let mut uses: Vec<(usize, Vec<ValueId>)> = block
            .insts
            .iter()
            .enumerate()
            .map(|(i, inst)| (i, inst.op.operands()))
            .collect();
        let mut term_uses = block.term.operands();
        for t in block.term.targets() {
            term_uses.extend(t.args.iter().copied());
        }
        uses.push((block.insts.len(), term_uses));
        for (i, vs) in uses {
            for v in vs {
                for &d in def.get(&v).into_iter().flatten() {
                    if d != at(b, i) {
                        deps.insert(Dep {
                            from: d,
                            to: at(b, i),
                            kind: DepKind::Data,
                        });
                    }
                }
            }
        }
    }

    // Control: block y is control dependent on branch block x when y post-dominates
    // a successor of x but does not strictly post-dominate x.
    let pdom = post_dominators(&c.cfg.succ, n);
    for (x, ss) in c.cfg.succ.iter().enumerate() {
        if ss.len() < 2 {
            continue;
        }
        let branch = at(x, f.blocks[x].insts.len());
        for &s in ss {
            for y in 0..n {
                let strictly_pdom_x = y != x && pdom[x].contains(&y);
                if pdom[s].contains(&y) && !strictly_pdom_x {
                    for i in 0..=f.blocks[y].insts.len() {
                        deps.insert(Dep {
                            from: branch,
                            to: at(y, i),
                            kind: DepKind::Control,
                        });
                    }
                }
            }
        }
    }

    // Header and state conflicts between operations that can run in that order.
    let reach = reachability(&c.cfg.succ, n);
    let mut accesses: Vec<(InstRef, Vec<Location>, Vec<Location>)> = Vec::new();
    for (b, block) in f.blocks.iter().enumerate() {
        for (i, inst) in block.insts.iter().enumerate() {
            let (r, w) = (inst.op.reads(), inst.op.writes());
            if !r.is_empty() || !w.is_empty() {
                accesses.push((at(b, i), r, w));
            }
        }
    }
    for (a, ra, wa) in &accesses {
        for (z, rz, wz) in &accesses {
            let ordered = if a.block == z.block {
                a.index < z.index
                    || (a.index > z.index && reach[a.block as usize][a.block as usize])
            } else {
                reach[a.block as usize][z.block as usize]
            };
            if !ordered || a == z {
                continue;
            }
            let conflict = wa
                .iter()
                .find_map(|l| rz.iter().chain(wz.iter()).find_map(|m| conflicts(l, m)));
            let conflict = conflict.or_else(|| {
                ra.iter()
                    .find_map(|l| wz.iter().find_map(|m| conflicts(l, m)))
            });
            if let Some(kind) = conflict {
                deps.insert(Dep {
                    from: *a,
                    to: *z,
                    kind,
                });
            }
        }
    }
    c.deps = deps.into_iter().collect();
    Ok(())
}

/// The dependency kind two locations give if they may be the same place. State
/// keys are SSA values, which may be equal at run time even when they differ
/// syntactically, so any two accesses of one object conflict.
fn conflicts(a: &Location, b: &Location) -> Option<DepKind> {
    match (a, b) {
        (Location::State { state: x, .. }, Location::State { state: y, .. }) if x == y => {
            Some(DepKind::State)
        }
        (Location::Events, Location::Events) => Some(DepKind::State),
        (Location::State { .. } | Location::Events, _)
        | (_, Location::State { .. } | Location::Events) => None,
        _ if a == b => Some(DepKind::Header),
        _ => None,
    }
}

/// `reach[x][y]`: y is reachable from x by at least one edge.
fn reachability(succ: &[Vec<usize>], n: usize) -> Vec<Vec<bool>> {
    (0..n)
        .map(|x| {
            let mut seen = vec![false; n];
            let mut stack: Vec<usize> = succ[x].clone();
            while let Some(y) = stack.pop() {
                if y < n && !seen[y] {
                    seen[y] = true;
                    stack.extend(succ[y].iter().copied());
                }
            }
            seen
        })
        .collect()
}

/// Post-dominator sets (each block post-dominates itself), by the iterative
/// data-flow algorithm with a virtual exit after every block without successors.
fn post_dominators(succ: &[Vec<usize>], n: usize) -> Vec<BTreeSet<usize>> {
    let all: BTreeSet<usize> = (0..n).collect();
    let mut pdom: Vec<BTreeSet<usize>> = (0..n)
        .map(|b| {
            if succ[b].is_empty() {
                BTreeSet::from([b])
            } else {
                all.clone()
            }
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..n).rev() {
            if succ[b].is_empty() {
                continue;
            }
            let mut meet: Option<BTreeSet<usize>> = None;
            for &s in &succ[b] {
                let ps = pdom.get(s).cloned().unwrap_or_default();
                meet = Some(match meet {
                    None => ps,
                    Some(m) => m.intersection(&ps).copied().collect(),
                });
            }
            let mut new = meet.unwrap_or_default();
            new.insert(b);
            if new != pdom[b] {
                pdom[b] = new;
                changed = true;
            }
        }
    }
    pdom
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Options;

    const P: &str = "program p

handler {
bb0:
  %0: bit<16> = get tcp.dst_port
  %1: bit<16> = const 16w80
  %2: bool = eq %0, %1
  br %2, bb1, bb2
bb1:
  %3: bit<16> = const 16w8080
  set tcp.dst_port, %3
  jump bb2
bb2:
  %4: bit<16> = const 16w1
  forward %4
}
";

    fn deps() -> Vec<Dep> {
        let mut c =
            Compilation::new(ir::parse(P).expect("parses"), Options::default()).expect("verifies");
        analyze_dependencies(&mut c).expect("runs");
        c.deps
    }

    fn has(d: &[Dep], from: (usize, usize), to: (usize, usize), kind: DepKind) -> bool {
        d.contains(&Dep {
            from: at(from.0, from.1),
            to: at(to.0, to.1),
            kind,
        })
    }

    #[test]
    fn finds_each_kind() {
        let d = deps();
        assert!(has(&d, (0, 0), (0, 2), DepKind::Data));
        assert!(has(&d, (0, 3), (1, 1), DepKind::Control));
        assert!(has(&d, (0, 0), (1, 1), DepKind::Header));
        // bb2 post-dominates the branch: it runs either way.
        assert!(
            !d.iter()
                .any(|x| x.kind == DepKind::Control && x.to.block == 2)
        );
        // A write does not depend on a later read.
        assert!(!has(&d, (1, 1), (0, 0), DepKind::Header));
    }
}
