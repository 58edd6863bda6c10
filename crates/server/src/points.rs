//! What the runtime needs to know about each punt point, from the partition:
//! whether the switch did anything irreversible before it (then the server
//! cannot re-decide the packet from the entry), and which replicated-map
//! lookups the switch made on the way, with their keys among the values the
//! transfer header carries (then the server can tell exactly whether the
//! switch read an entry whose update was not visible yet).

use compiler::Compilation;
use compiler::cfg::InstRef;
use compiler::model::{Label, Placement};
use ir::{Op, StateId, ValueId};

/// Facts about one punt point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuntFacts {
    /// The switch wrote no header and touched no switch register before it.
    pub restartable: bool,
    /// Replicated-map lookups (map name, key value) the switch may have made
    /// before it; `None` if some key is not carried to the server.
    pub lookups: Option<Vec<(String, ValueId)>>,
}

/// The facts of every punt point, by point number.
pub fn punt_facts(c: &Compilation) -> Vec<PuntFacts> {
    let mut out = vec![
        PuntFacts {
            restartable: false,
            lookups: None,
        };
        c.punts
            .iter()
            .map(|p| usize::from(p.id) + 1)
            .max()
            .unwrap_or(0)
    ];
    for p in &c.punts {
        let before = pre_ops_before(c, p.at);
        let placement = |s: StateId| c.states.get(s.0 as usize).map(|p| p.placement);
        let restartable = before.iter().all(|op| {
            !matches!(op, Op::SetField(..))
                && !matches!(op,
                    Op::RegGet(s) | Op::RegSet(s, _) | Op::ArrayGet(s, _) | Op::ArraySet(s, ..)
                    if placement(*s) == Some(Placement::SwitchRegister))
        });
        let lookups = before
            .iter()
            .filter_map(|op| match op {
                Op::MapGet(m, k) if placement(*m) == Some(Placement::Replicated) => Some((*m, *k)),
                _ => None,
            })
            .map(|(m, k)| {
                p.values.contains(&k).then(|| {
                    let name = c.program.states.get(m.0 as usize).map(|s| s.name.clone());
                    (name.unwrap_or_default(), k)
                })
            })
            .collect::<Option<Vec<_>>>();
        if let Some(slot) = out.get_mut(usize::from(p.id)) {
            *slot = PuntFacts {
                restartable,
                lookups,
            };
        }
    }
    out
}

/// Whether the server part itself looks up a replicated map (then what it
/// reads may be an update not yet visible on the switch).
pub fn server_reads_replicated(c: &Compilation) -> bool {
    c.ops.iter().any(|o| {
        o.labels.contains(&Label::Server)
            && matches!(op_at(c, o.at), Some(Op::MapGet(m, _))
                if c.states.get(m.0 as usize).is_some_and(|p| p.placement == Placement::Replicated))
    })
}

fn op_at(c: &Compilation, at: InstRef) -> Option<&Op> {
    c.program
        .handler
        .blocks
        .get(at.block as usize)
        .and_then(|b| b.insts.get(at.index as usize))
        .map(|i| &i.op)
}

/// The pre-processing operations that can run before `at` on the switch.
fn pre_ops_before(c: &Compilation, at: InstRef) -> Vec<&Op> {
    // Blocks from which `at.block` is reachable (including itself).
    let mut reaches = vec![false; c.program.handler.blocks.len()];
    let mut work = vec![at.block as usize];
    while let Some(b) = work.pop() {
        if b >= reaches.len() || reaches[b] {
            continue;
        }
        reaches[b] = true;
        work.extend(c.cfg.pred.get(b).into_iter().flatten().copied());
    }
    c.ops
        .iter()
        .filter(|o| {
            reaches.get(o.at.block as usize).copied().unwrap_or(false)
                && o.labels.contains(&Label::Pre)
                && !(o.at.block == at.block && o.at.index >= at.index)
        })
        .filter_map(|o| op_at(c, o.at))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compile(name: &str, o: &compiler::Options) -> Compilation {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../examples/nf")
            .join(name);
        let p = lang::compile_file(&path, &lang::Overrides::new()).expect("compiles");
        compiler::partition(&p.program, o).expect("partitions")
    }

    #[test]
    fn the_examples_punt_points_are_restartable_and_carry_their_lookup_keys() {
        for nf in ["mazunat.nf", "lb.nf", "trojan.nf"] {
            let c = compile(nf, &compiler::Options::default());
            let facts = punt_facts(&c);
            assert_eq!(facts.len(), c.punts.len(), "{nf}");
            for f in &facts {
                assert!(f.restartable, "{nf}: {f:?}");
                let lookups = f.lookups.as_ref().unwrap_or_else(|| panic!("{nf}: {f:?}"));
                assert!(
                    !lookups.is_empty(),
                    "{nf}: a replicated lookup precedes every punt"
                );
            }
            assert!(!server_reads_replicated(&c), "{nf}");
        }
        let mz = compile("mazunat.nf", &compiler::Options::default());
        let f = &punt_facts(&mz)[0];
        assert_eq!(
            f.lookups
                .as_ref()
                .map(|l| l.iter().map(|(m, _)| m.as_str()).collect::<Vec<_>>()),
            Some(vec!["nat_out"])
        );
        // With the counter on the switch (the paper's placement) the punt is
        // no longer restartable: the switch advanced the counter before it.
        let paper = compiler::Options {
            offload_stale_registers: true,
            ..compiler::Options::default()
        };
        assert!(!punt_facts(&compile("mazunat.nf", &paper))[0].restartable);
    }
}
