//! Provisioning (§4.2 objective 1, §7.3): the least total capacity `Σ_{n,r} Prov_{n,r}`
//! under which every epoch of a time-varying workload can be served.
//!
//! # Constraint generation
//!
//! The monolithic LP has one copy of Eq. 6–8 per epoch (200 epochs × classes ×
//! path nodes variables). Instead we keep a small *active set* of epochs:
//!
//! 1. start with the epoch of largest total volume;
//! 2. solve the LP over the active epochs only; its optimum `Prov*` is a lower bound
//!    on the true optimum (fewer constraints);
//! 3. check every other epoch against `Prov*` with the load-balancing LP
//!    ([`crate::balance`]): epoch `e` is servable iff its optimal max load is ≤ 1.
//!    An epoch whose volumes are all ≤ those of an active epoch is servable without
//!    solving anything (the active epoch's split works for it).
//! 4. if no epoch is violated, `Prov*` is feasible for all epochs and hence optimal;
//!    otherwise add the first `batch` violated epochs found (epochs are scanned
//!    heaviest first, so a non-final round stops early) and go to 2.
//!
//! Each round adds at least one epoch, so it ends after at most `epochs` rounds; in
//! practice a handful of epochs bind. The result equals the monolithic LP's optimum
//! (a test checks this on small instances).

use crate::balance;
use crate::error::Result;
use crate::lp::{LpModel, Solver};
use crate::workload::Workload;

/// Options of [`provision`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ProvisionOptions {
    /// Solver for every LP.
    pub solver: Solver,
    /// Violated epochs added per round.
    pub batch: usize,
    /// Relative slack under which an epoch counts as servable.
    pub tolerance: f64,
}

impl Default for ProvisionOptions {
    fn default() -> Self {
        ProvisionOptions {
            solver: Solver::default(),
            batch: 4,
            tolerance: 1e-6,
        }
    }
}

/// Result of provisioning.
#[derive(Debug, Clone, PartialEq)]
pub struct Provision {
    /// `Prov_{n,r}`.
    pub capacity: Vec<Vec<f64>>,
    /// `Σ_{n,r} Prov_{n,r}`.
    pub cost: f64,
    /// Epochs in the final active set, in the order they were added.
    pub active: Vec<usize>,
    /// Rounds of constraint generation.
    pub rounds: usize,
    /// Load-balancing LPs solved to check epochs.
    pub checks: usize,
    /// Size of the last restricted LP: columns, rows, non-zeros.
    pub size: (usize, usize, usize),
}

/// The provisioning LP over the given epochs only (`epochs[e][c]` = volume of class
/// `c` in epoch `e`). Columns `0..nodes*resources` are `Prov_{n,r}` (row-major).
pub fn build(wl: &Workload, epochs: &[&[f64]]) -> LpModel {
    let mut lp = LpModel::new("comb_provision");
    let prov: Vec<Vec<usize>> = (0..wl.nodes)
        .map(|n| {
            (0..wl.resources)
                .map(|r| lp.add_column(format!("prov_n{n}_r{r}"), 0.0, f64::INFINITY, 1.0))
                .collect()
        })
        .collect();
    for (e, vols) in epochs.iter().enumerate() {
        let mut terms: Vec<Vec<Vec<(usize, f64)>>> = vec![vec![Vec::new(); wl.resources]; wl.nodes];
        let mut fixed = vec![vec![0.0; wl.resources]; wl.nodes];
        for w in &wl.classes {
            let v = vols.get(w.class).copied().unwrap_or(0.0);
            if v == 0.0 {
                continue;
            }
            if let Some(p) = &w.pinned {
                for (r, f) in p.footprint.iter().enumerate() {
                    fixed[p.node][r] += v * f;
                }
            }
            if w.candidates.len() == 1 {
                let k = &w.candidates[0];
                for (r, f) in k.footprint.iter().enumerate() {
                    fixed[k.node][r] += v * f;
                }
                continue;
            }
            let mut sum = Vec::new();
            for k in &w.candidates {
                let j = lp.add_column(format!("d_e{e}_c{}_n{}", w.class, k.node), 0.0, 1.0, 0.0);
                sum.push((j, 1.0));
                for (r, f) in k.footprint.iter().enumerate() {
                    if *f > 0.0 {
                        terms[k.node][r].push((j, v * f));
                    }
                }
            }
            if !sum.is_empty() {
                lp.add_row(format!("assign_e{e}_c{}", w.class), 1.0, 1.0, sum);
            }
        }
        for n in 0..wl.nodes {
            for r in 0..wl.resources {
                let mut t = std::mem::take(&mut terms[n][r]);
                if t.is_empty() && fixed[n][r] == 0.0 {
                    continue;
                }
                t.push((prov[n][r], -1.0));
                lp.add_row(
                    format!("cap_e{e}_n{n}_r{r}"),
                    f64::NEG_INFINITY,
                    -fixed[n][r],
                    t,
                );
            }
        }
    }
    lp
}

fn capacity_of(wl: &Workload, values: &[f64]) -> Vec<Vec<f64>> {
    (0..wl.nodes)
        .map(|n| {
            (0..wl.resources)
                .map(|r| values[n * wl.resources + r].max(0.0))
                .collect()
        })
        .collect()
}

fn dominated(v: &[f64], by: &[f64]) -> bool {
    v.iter().zip(by).all(|(a, b)| a <= b)
}

/// Provisions for all `epochs` by constraint generation (module docs).
pub fn provision(wl: &Workload, epochs: &[Vec<f64>], opts: ProvisionOptions) -> Result<Provision> {
    generate(wl, epochs, opts, None)
}

/// Among the provisionings for all `epochs` whose total `Σ_{n,r} Prov_{n,r}` is at
/// most `budget`, one whose largest box `max_n Σ_r Prov_{n,r}` is smallest (a second
/// stage after [`provision`], with `budget` its cost: the provisioning LP has many
/// optima, and which box is largest depends on the vertex a solver returns). Same
/// constraint generation; an infeasible budget is an error.
pub fn provision_min_largest(
    wl: &Workload,
    epochs: &[Vec<f64>],
    budget: f64,
    opts: ProvisionOptions,
) -> Result<Provision> {
    generate(wl, epochs, opts, Some(budget))
}

/// Turns a [`build`] model into the second stage of [`provision_min_largest`].
fn min_largest(lp: &mut LpModel, wl: &Workload, budget: f64) {
    let prov = wl.nodes * wl.resources;
    for c in &mut lp.columns[..prov] {
        c.cost = 0.0;
    }
    let largest = lp.add_column("largest_box", 0.0, f64::INFINITY, 1.0);
    for n in 0..wl.nodes {
        let mut t: Vec<(usize, f64)> = (0..wl.resources)
            .map(|r| (n * wl.resources + r, 1.0))
            .collect();
        t.push((largest, -1.0));
        lp.add_row(format!("box_n{n}"), f64::NEG_INFINITY, 0.0, t);
    }
    lp.add_row(
        "budget",
        f64::NEG_INFINITY,
        budget,
        (0..prov).map(|j| (j, 1.0)).collect(),
    );
}

fn generate(
    wl: &Workload,
    epochs: &[Vec<f64>],
    opts: ProvisionOptions,
    budget: Option<f64>,
) -> Result<Provision> {
    let total = |e: &Vec<f64>| e.iter().sum::<f64>();
    let first = (0..epochs.len())
        .max_by(|&a, &b| {
            total(&epochs[a])
                .total_cmp(&total(&epochs[b]))
                .then(b.cmp(&a))
        })
        .unwrap_or(0);
    let mut by_volume: Vec<usize> = (0..epochs.len()).collect();
    by_volume.sort_by(|&a, &b| {
        total(&epochs[b])
            .total_cmp(&total(&epochs[a]))
            .then(a.cmp(&b))
    });
    let mut active = if epochs.is_empty() {
        Vec::new()
    } else {
        vec![first]
    };
    let (mut rounds, mut checks) = (0, 0);
    loop {
        rounds += 1;
        let sets: Vec<&[f64]> = active.iter().map(|&e| epochs[e].as_slice()).collect();
        let mut lp = build(wl, &sets);
        if let Some(b) = budget {
            min_largest(&mut lp, wl, b);
        }
        let sol = lp.solve(opts.solver)?;
        let capacity = capacity_of(wl, &sol.values);
        // Scale up by the tolerance so solver round-off does not flag an active epoch.
        let slack: Vec<Vec<f64>> = capacity
            .iter()
            .map(|c| {
                c.iter()
                    .map(|x| x * (1.0 + opts.tolerance) + opts.tolerance)
                    .collect()
            })
            .collect();
        let mut violated: Vec<(f64, usize)> = Vec::new();
        // Heaviest epochs first, and stop at `batch` violators: only the last round
        // (which proves feasibility) has to look at every epoch.
        for &e in &by_volume {
            if violated.len() >= opts.batch.max(1) {
                break;
            }
            if active.contains(&e) || active.iter().any(|&a| dominated(&epochs[e], &epochs[a])) {
                continue;
            }
            checks += 1;
            let lam = match balance::solve(wl, &epochs[e], &slack, opts.solver) {
                Ok(b) => b.max_load,
                Err(crate::error::PlanError::Invalid { .. }) => f64::INFINITY,
                Err(other) => return Err(other),
            };
            if lam > 1.0 {
                violated.push((lam, e));
            }
        }
        if violated.is_empty() {
            let cost = capacity.iter().flatten().sum();
            return Ok(Provision {
                capacity,
                cost,
                active,
                rounds,
                checks,
                size: (lp.columns.len(), lp.rows.len(), lp.nonzeros()),
            });
        }
        violated.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        active.extend(violated.iter().take(opts.batch.max(1)).map(|&(_, e)| e));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;
    use crate::instance::Instance;
    use crate::workload::Strategy;
    use rand::{Rng, SeedableRng};

    fn opts() -> ProvisionOptions {
        ProvisionOptions {
            solver: Solver::Microlp,
            batch: 1,
            tolerance: 1e-7,
        }
    }

    #[test]
    fn fig3_distribution_saves_a_third() {
        // §3.3: each path peaks at 30 at a different time (others 15). Ingress
        // deployment needs 3 x 30 = 90; distributing over paths needs 60 (the
        // total volume at every instant, a lower bound, and feasible by hand).
        let inst = Instance::from_spec(&fixtures::fig3([1.0; 3])).expect("valid");
        let epochs = vec![
            vec![30.0, 15.0, 15.0],
            vec![15.0, 30.0, 15.0],
            vec![15.0, 15.0, 30.0],
        ];
        let ing = provision(
            &Workload::hyperapp(&inst, Strategy::Ingress, true).expect("ok"),
            &epochs,
            opts(),
        )
        .expect("solves");
        assert!((ing.cost - 90.0).abs() < 1e-6, "{}", ing.cost);
        let path = provision(
            &Workload::hyperapp(&inst, Strategy::Path, true).expect("ok"),
            &epochs,
            opts(),
        )
        .expect("solves");
        assert!((path.cost - 60.0).abs() < 1e-6, "{}", path.cost);
    }

    #[test]
    fn constraint_generation_matches_monolithic_lp() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let spec = fixtures::paper_line(4, 1.0, |i, j| ((i * 7 + j * 3) % 5 + 1) as f64);
        let inst = Instance::from_spec(&spec).expect("valid");
        let epochs: Vec<Vec<f64>> = (0..12)
            .map(|_| {
                inst.classes
                    .iter()
                    .map(|c| c.volume * rng.random_range(0.2..2.0))
                    .collect()
            })
            .collect();
        for strategy in [Strategy::Path, Strategy::Edge] {
            let wl = Workload::hyperapp(&inst, strategy, true).expect("ok");
            let cg = provision(&wl, &epochs, opts()).expect("solves");
            let all: Vec<&[f64]> = epochs.iter().map(Vec::as_slice).collect();
            let mono = build(&wl, &all).solve(Solver::Microlp).expect("solves");
            assert!(
                (cg.cost - mono.objective).abs() <= 1e-6 * mono.objective,
                "{} vs {}",
                cg.cost,
                mono.objective
            );
            assert!(cg.active.len() < epochs.len(), "some epoch never binds");
            // The second stage keeps the cost and never enlarges the largest box.
            let largest = |p: &Provision| {
                p.capacity
                    .iter()
                    .map(|c| c.iter().sum::<f64>())
                    .fold(0.0, f64::max)
            };
            let mm = provision_min_largest(&wl, &epochs, cg.cost * (1.0 + 1e-9), opts())
                .expect("solves");
            assert!(
                mm.cost <= cg.cost * (1.0 + 1e-6),
                "{} vs {}",
                mm.cost,
                cg.cost
            );
            assert!(largest(&mm) <= largest(&cg) * (1.0 + 1e-6));
            for e in &epochs {
                let slack: Vec<Vec<f64>> = mm
                    .capacity
                    .iter()
                    .map(|c| c.iter().map(|x| x * (1.0 + 1e-6) + 1e-6).collect())
                    .collect();
                let b = balance::solve(&wl, e, &slack, Solver::Microlp).expect("solves");
                assert!(b.max_load <= 1.0, "{}", b.max_load);
            }
        }
    }
}
