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

/// Aggregation of a workload's classes for the provisioning LP: classes with the
/// same candidate nodes and one footprint shape scaled per class share their
/// fraction columns in each epoch (exact, as in [`crate::balance`]'s module docs:
/// any per-class split maps to a shared one with the same per-node loads, and every
/// epoch's loads are all the provisioning LP constrains).
#[derive(Debug, Clone)]
struct Groups {
    /// Per group: `(node, footprint / α)` per candidate.
    members: Vec<Vec<(usize, Vec<f64>)>>,
    /// Per work class: `(group, α)`, or `None` when it has at most one candidate.
    of: Vec<Option<(usize, f64)>>,
}

impl Groups {
    fn new(wl: &Workload) -> Self {
        let mut keys: std::collections::HashMap<(Vec<usize>, Vec<u64>), usize> =
            std::collections::HashMap::new();
        let mut members = Vec::new();
        let mut of = Vec::with_capacity(wl.classes.len());
        for w in &wl.classes {
            if w.candidates.len() < 2 {
                of.push(None);
                continue;
            }
            let alpha: f64 = w.candidates[0].footprint.iter().sum();
            let alpha = if alpha > 0.0 && alpha.is_finite() {
                alpha
            } else {
                1.0
            };
            let nodes: Vec<usize> = w.candidates.iter().map(|k| k.node).collect();
            let shape: Vec<u64> = w
                .candidates
                .iter()
                .flat_map(|k| k.footprint.iter().map(|f| (f / alpha).to_bits()))
                .collect();
            let next = members.len();
            let g = *keys.entry((nodes, shape)).or_insert(next);
            if g == next {
                members.push(
                    w.candidates
                        .iter()
                        .map(|k| (k.node, k.footprint.iter().map(|f| f / alpha).collect()))
                        .collect(),
                );
            }
            of.push(Some((g, alpha)));
        }
        Groups { members, of }
    }
}

/// An empty provisioning LP: columns `0..nodes*resources` are `Prov_{n,r}`
/// (row-major), minimising their sum.
fn prov_model(wl: &Workload) -> LpModel {
    let mut lp = LpModel::new("comb_provision");
    for n in 0..wl.nodes {
        for r in 0..wl.resources {
            lp.add_column(format!("prov_n{n}_r{r}"), 0.0, f64::INFINITY, 1.0);
        }
    }
    lp
}

/// Appends epoch `e`'s copy of Eq. 6–8 (volumes `vols`) to a [`prov_model`].
fn add_epoch(lp: &mut LpModel, wl: &Workload, groups: &Groups, e: usize, vols: &[f64]) {
    let mut demand = vec![0.0; groups.members.len()];
    let mut fixed = vec![vec![0.0; wl.resources]; wl.nodes];
    for (w, of) in wl.classes.iter().zip(&groups.of) {
        let v = vols.get(w.class).copied().unwrap_or(0.0);
        if v == 0.0 {
            continue;
        }
        if let Some(p) = &w.pinned {
            for (r, f) in p.footprint.iter().enumerate() {
                fixed[p.node][r] += v * f;
            }
        }
        match of {
            Some((g, alpha)) => demand[*g] += v * alpha,
            None => {
                if let Some(k) = w.candidates.first() {
                    for (r, f) in k.footprint.iter().enumerate() {
                        fixed[k.node][r] += v * f;
                    }
                }
            }
        }
    }
    let mut terms: Vec<Vec<Vec<(usize, f64)>>> = vec![vec![Vec::new(); wl.resources]; wl.nodes];
    for (g, cands) in groups.members.iter().enumerate() {
        let vg = demand[g];
        if vg == 0.0 {
            continue;
        }
        let mut sum = Vec::with_capacity(cands.len());
        for (node, shape) in cands {
            let j = lp.add_column(format!("d_e{e}_g{g}_n{node}"), 0.0, 1.0, 0.0);
            sum.push((j, 1.0));
            for (r, f) in shape.iter().enumerate() {
                if *f > 0.0 {
                    terms[*node][r].push((j, vg * f));
                }
            }
        }
        lp.add_row(format!("assign_e{e}_g{g}"), 1.0, 1.0, sum);
    }
    for n in 0..wl.nodes {
        for r in 0..wl.resources {
            let mut t = std::mem::take(&mut terms[n][r]);
            if t.is_empty() && fixed[n][r] == 0.0 {
                continue;
            }
            t.push((n * wl.resources + r, -1.0));
            lp.add_row(
                format!("cap_e{e}_n{n}_r{r}"),
                f64::NEG_INFINITY,
                -fixed[n][r],
                t,
            );
        }
    }
}

/// The provisioning LP over the given epochs only (`epochs[e][c]` = volume of class
/// `c` in epoch `e`). Columns `0..nodes*resources` are `Prov_{n,r}` (row-major);
/// classes share fraction columns per epoch as [`crate::balance`] does.
pub fn build(wl: &Workload, epochs: &[&[f64]]) -> LpModel {
    let groups = Groups::new(wl);
    let mut lp = prov_model(wl);
    for (e, vols) in epochs.iter().enumerate() {
        add_epoch(&mut lp, wl, &groups, e, vols);
    }
    lp
}

/// The restricted LP of constraint generation, kept between rounds: new epochs
/// append columns and rows, and with HiGHS the loaded model grows with them and is
/// re-solved from the previous round's optimal basis.
struct Restricted {
    lp: LpModel,
    solver: Solver,
    /// Columns and rows of `lp` already in `highs`.
    #[cfg(feature = "highs")]
    highs: Option<(highs_c::Model, usize, usize)>,
}

impl Restricted {
    fn solve(&mut self) -> Result<Vec<f64>> {
        #[cfg(feature = "highs")]
        if self.solver == Solver::Highs {
            return self.solve_highs();
        }
        Ok(self.lp.solve(self.solver)?.values)
    }

    #[cfg(feature = "highs")]
    fn solve_highs(&mut self) -> Result<Vec<f64>> {
        let name = &self.lp.name;
        let err = |e: highs_c::Error| crate::error::PlanError::Solver {
            solver: "highs",
            message: format!("model {name}: {e}"),
        };
        let (cols, rows) = (self.lp.columns.len(), self.lp.rows.len());
        match &mut self.highs {
            None => {
                let mut lp = highs_c::RowLp::default();
                for c in &self.lp.columns {
                    lp.add_column(c.cost, c.lo, c.hi);
                }
                for r in &self.lp.rows {
                    lp.add_row(r.lo, r.hi, &r.coefs);
                }
                let model = lp.load(highs_c::Options { threads: 1 }).map_err(err)?;
                self.highs = Some((model, cols, rows));
            }
            Some((model, done_cols, done_rows)) => {
                let new = &self.lp.columns[*done_cols..];
                model
                    .add_columns(
                        &new.iter().map(|c| c.cost).collect::<Vec<_>>(),
                        &new.iter().map(|c| c.lo).collect::<Vec<_>>(),
                        &new.iter().map(|c| c.hi).collect::<Vec<_>>(),
                    )
                    .map_err(err)?;
                let mut add = highs_c::RowLp::default();
                for r in &self.lp.rows[*done_rows..] {
                    add.add_row(r.lo, r.hi, &r.coefs);
                }
                model.add_rows(&add).map_err(err)?;
                *done_cols = cols;
                *done_rows = rows;
            }
        }
        let (model, _, _) = self.highs.as_mut().expect("loaded above");
        model.minimise().map_err(err)
    }
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
    // Column scaling of the check LPs (mean volume per class; no effect on results).
    let classes = epochs.iter().map(Vec::len).max().unwrap_or(0);
    let mut typical = vec![0.0; classes];
    for e in epochs {
        for (t, v) in typical.iter_mut().zip(e) {
            *t += v / epochs.len() as f64;
        }
    }
    let mut active = if epochs.is_empty() {
        Vec::new()
    } else {
        vec![first]
    };
    let (mut rounds, mut checks) = (0, 0);
    let groups = Groups::new(wl);
    let mut restricted = Restricted {
        lp: prov_model(wl),
        solver: opts.solver,
        #[cfg(feature = "highs")]
        highs: None,
    };
    if let Some(b) = budget {
        min_largest(&mut restricted.lp, wl, b);
    }
    let mut added = 0;
    loop {
        rounds += 1;
        for &e in &active[added..] {
            add_epoch(&mut restricted.lp, wl, &groups, e, &epochs[e]);
        }
        added = active.len();
        let capacity = capacity_of(wl, &restricted.solve()?);
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
        // One check LP per round whose right-hand sides change per epoch, re-solved
        // from the previous epoch's basis ([`balance::Checker`]); built on first use.
        let mut checker: Option<balance::Checker<'_>> = None;
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
            let checker = match &mut checker {
                Some(c) => c,
                None => checker.insert(balance::Checker::new(wl, &slack, &typical, opts.solver)?),
            };
            let lam = match checker.max_load(&epochs[e]) {
                Ok(l) => l,
                Err(crate::error::PlanError::Invalid { .. }) => f64::INFINITY,
                Err(other) => return Err(other),
            };
            if lam > 1.0 {
                violated.push((lam, e));
            }
        }
        if violated.is_empty() {
            let cost = capacity.iter().flatten().sum();
            let lp = &restricted.lp;
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

    /// The provisioning LP with one set of fraction columns per class (no
    /// aggregation), as a reference for the aggregated one.
    fn per_class_lp(wl: &Workload, epochs: &[Vec<f64>]) -> LpModel {
        let mut lp = prov_model(wl);
        for (e, vols) in epochs.iter().enumerate() {
            let mut terms = vec![vec![Vec::new(); wl.resources]; wl.nodes];
            let mut fixed = vec![vec![0.0; wl.resources]; wl.nodes];
            for w in &wl.classes {
                let v = vols[w.class];
                if let Some(p) = &w.pinned {
                    for (r, f) in p.footprint.iter().enumerate() {
                        fixed[p.node][r] += v * f;
                    }
                }
                if w.candidates.len() == 1 {
                    for (r, f) in w.candidates[0].footprint.iter().enumerate() {
                        fixed[w.candidates[0].node][r] += v * f;
                    }
                    continue;
                }
                let mut sum = Vec::new();
                for k in &w.candidates {
                    let j = lp.add_column(format!("d{e}_{}_{}", w.class, k.node), 0.0, 1.0, 0.0);
                    sum.push((j, 1.0));
                    for (r, f) in k.footprint.iter().enumerate() {
                        terms[k.node][r].push((j, v * f));
                    }
                }
                if !sum.is_empty() {
                    lp.add_row(format!("a{e}_{}", w.class), 1.0, 1.0, sum);
                }
            }
            for n in 0..wl.nodes {
                for r in 0..wl.resources {
                    let mut t = std::mem::take(&mut terms[n][r]);
                    t.push((n * wl.resources + r, -1.0));
                    lp.add_row(format!("c{e}_{n}_{r}"), f64::NEG_INFINITY, -fixed[n][r], t);
                }
            }
        }
        lp
    }

    /// Two resources, hyperapp (every strategy, with and without reuse) and
    /// two-step workloads: constraint generation with the aggregated, warm-started
    /// restricted LP and warm-started checks (HiGHS) and rebuilt ones (microlp) both
    /// reach the optimum of the monolithic per-class LP.
    #[test]
    fn aggregated_warm_generation_matches_per_class_lp() {
        use crate::scenario::{self, Resources};
        let n = 5;
        let t = fixtures::line(n);
        let means: Vec<Vec<f64>> = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        if i == j {
                            0.0
                        } else {
                            ((i * 5 + j * 3) % 7 + 1) as f64
                        }
                    })
                    .collect()
            })
            .collect();
        let spec =
            scenario::paper_spec_with(&t, &means, &vec![1.0; n], 2, false, Resources::CpuMemory);
        let inst = Instance::from_spec(&spec).expect("valid");
        let cspec =
            scenario::paper_spec_with(&t, &means, &vec![1.0; n], 2, true, Resources::CpuMemory);
        let cinst = Instance::from_spec(&cspec).expect("valid");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let epochs: Vec<Vec<f64>> = (0..10)
            .map(|_| {
                inst.classes
                    .iter()
                    .map(|c| c.volume * rng.random_range(0.1..3.0))
                    .collect()
            })
            .collect();
        let mut wls: Vec<Workload> = [Strategy::Path, Strategy::Edge, Strategy::Ingress]
            .into_iter()
            .map(|s| Workload::hyperapp(&inst, s, true).expect("ok"))
            .collect();
        wls.push(Workload::hyperapp(&inst, Strategy::Path, false).expect("ok"));
        wls.push(Workload::two_step(&cinst, Strategy::Path).expect("ok"));
        for wl in &wls {
            let mono = per_class_lp(wl, &epochs)
                .solve(Solver::Highs)
                .expect("solves");
            for solver in [Solver::Highs, Solver::Microlp] {
                let o = ProvisionOptions {
                    solver,
                    ..ProvisionOptions::default()
                };
                let cg = provision(wl, &epochs, o).expect("solves");
                assert!(
                    (cg.cost - mono.objective).abs() <= 1e-6 * mono.objective,
                    "{solver:?}: {} vs {}",
                    cg.cost,
                    mono.objective
                );
                let mm =
                    provision_min_largest(wl, &epochs, cg.cost * (1.0 + 1e-7), o).expect("solves");
                assert!(
                    mm.cost <= cg.cost * (1.0 + 1e-6),
                    "{} vs {}",
                    mm.cost,
                    cg.cost
                );
            }
        }
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
