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

/// Replicated maps whose keys may be left to the server (deferred or
/// declined inserts, [`crate::Limits`]): every lookup of the map the switch
/// makes is a pre-processing one that can run before some punt point, so a
/// packet that misses a key the primary has reaches the server. A map the
/// switch also looks up where nothing punts afterwards (MazuNAT's `nat_in`
/// compiled with `drop_misses_on_switch`: an inbound miss is dropped on the
/// switch; by default it is a miss punt) or in post-processing is not
/// deferrable: leaving one of its keys to the server would make the switch
/// decide alone on a miss the reference would not see.
///
/// Approximation: a lookup counts as followed by a punt when some punt point
/// is reachable from it, whichever branch of the lookup leads there; a
/// program that punts on a hit but decides a miss itself at the same site
/// would be misjudged (none of the examples does).
pub fn deferrable_maps(c: &Compilation) -> std::collections::HashSet<String> {
    let placement = |s: StateId| c.states.get(s.0 as usize).map(|p| p.placement);
    let mut before_punt = std::collections::HashSet::new();
    for p in &c.punts {
        for at in pre_positions_before(c, p.at) {
            before_punt.insert((at.block, at.index));
        }
    }
    let mut ok: std::collections::HashMap<StateId, bool> = std::collections::HashMap::new();
    for o in &c.ops {
        let Some(Op::MapGet(m, _)) = op_at(c, o.at) else {
            continue;
        };
        if placement(*m) != Some(Placement::Replicated) {
            continue;
        }
        let on_switch = o.labels.contains(&Label::Pre) || o.labels.contains(&Label::Post);
        let safe = !on_switch
            || (!o.labels.contains(&Label::Post)
                && before_punt.contains(&(o.at.block, o.at.index)));
        let e = ok.entry(*m).or_insert(true);
        *e = *e && safe;
    }
    c.states
        .iter()
        .enumerate()
        .filter(|(_, s)| s.placement == Placement::Replicated)
        .filter(|(i, _)| {
            ok.get(&StateId(u32::try_from(*i).unwrap_or(u32::MAX)))
                .copied()
                .unwrap_or(true)
        })
        .map(|(_, s)| s.name.clone())
        .collect()
}

/// Positions of the pre-processing operations that can run before `at`.
fn pre_positions_before(c: &Compilation, at: InstRef) -> Vec<InstRef> {
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
        .map(|o| o.at)
        .collect()
}

/// The pre-processing operations that can run before `at` on the switch.
fn pre_ops_before(c: &Compilation, at: InstRef) -> Vec<&Op> {
    pre_positions_before(c, at)
        .into_iter()
        .filter_map(|p| op_at(c, p))
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
    fn only_maps_whose_misses_reach_the_server_are_deferrable() {
        let c = compile("mazunat.nf", &compiler::Options::default());
        let d = deferrable_maps(&c);
        // An outbound miss of nat_out punts (the counter is on the server);
        // an inbound miss of nat_in is a miss punt, carrying its key.
        assert!(d.contains("nat_out"), "{d:?}");
        assert!(d.contains("nat_in"), "{d:?}");
        let facts = punt_facts(&c);
        assert!(
            facts.iter().any(|f| f
                .lookups
                .as_ref()
                .is_some_and(|l| l.iter().any(|(m, _)| m == "nat_in"))),
            "{facts:?}"
        );
        // With Gallium's partition the switch drops an inbound miss itself,
        // so nat_in's keys must always be installed.
        let gallium = compiler::Options {
            drop_misses_on_switch: true,
            ..compiler::Options::default()
        };
        let d = deferrable_maps(&compile("mazunat.nf", &gallium));
        assert!(d.contains("nat_out"), "{d:?}");
        assert!(!d.contains("nat_in"), "{d:?}");
        let lb = compile("lb.nf", &compiler::Options::default());
        let replicated: Vec<&str> = lb
            .states
            .iter()
            .filter(|s| s.placement == Placement::Replicated)
            .map(|s| s.name.as_str())
            .collect();
        assert!(!replicated.is_empty());
        let d = deferrable_maps(&lb);
        assert!(
            replicated.iter().any(|m| d.contains(*m)),
            "{d:?} of {replicated:?}"
        );
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
