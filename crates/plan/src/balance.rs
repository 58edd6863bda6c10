//! The load-balancing LP of CoMb §4.3 (Eq. 5–8):
//!
//! ```text
//! minimise  λ
//! s.t.      Σ_c d_{c,n} |T_c| F_{h_c,r,n} / Prov_{n,r} + pinned_{n,r}/Prov_{n,r} <= λ   ∀ n, r   (5, 6)
//!           Σ_{n ∈ path(c)} d_{c,n} = 1                                               ∀ c      (7)
//!           0 <= d_{c,n} <= 1                                                         (8)
//! ```
//!
//! A candidate needing a resource its node has none of is dropped; a class with a
//! single candidate (or no volume) gets no variable (its `d` is 1 at the first
//! candidate), which keeps ingress-only models tiny without changing the optimum.
//!
//! **Exact aggregation.** Classes with the same candidate nodes whose footprint
//! vectors there are one shape scaled per class (`F_{c,n,·} = α_c G_{n,·}`, e.g. all
//! classes of an OD pair without accelerators and one resource) share one set of
//! fraction columns `x_n`: their load is `(Σ_c |T_c| α_c) Σ_n x_n G_n`, and any
//! per-class solution maps to `x_n = Σ_c |T_c| α_c d_{c,n} / Σ_c |T_c| α_c` with the
//! same loads, so the optimum is unchanged while the LP shrinks by the group size.

use std::collections::{BTreeMap, HashMap};

use crate::error::{PlanError, Result};
use crate::lp::{LpModel, Solver};
use crate::workload::Workload;

/// Where each `d_{c,n}` lives in the LP (`None`: fixed, see module docs).
#[derive(Debug, Clone)]
pub struct BalanceModel {
    /// The LP; column 0 is λ.
    pub lp: LpModel,
    /// Per work class, per candidate: column index, or `None` when fixed.
    pub columns: Vec<Vec<Option<usize>>>,
    /// Per work class, per candidate: whether the node can host it at all.
    pub usable: Vec<Vec<bool>>,
}

/// Solution of the load-balancing LP.
#[derive(Debug, Clone, PartialEq)]
pub struct Balance {
    /// The optimum `λ = max_{n,r} load_{n,r}` (fraction of capacity; > 1 = overloaded).
    pub max_load: f64,
    /// `d_{c,n}` per work class, per candidate.
    pub d: Vec<Vec<f64>>,
    /// Absolute load per node, per resource.
    pub load: Vec<Vec<f64>>,
    /// LP size: columns, rows, non-zeros.
    pub size: (usize, usize, usize),
}

fn usable(f: &[f64], cap: &[f64]) -> bool {
    f.iter().zip(cap).all(|(f, c)| *f <= 0.0 || *c > 0.0)
}

/// Builds the LP for one epoch's `volumes` (indexed like the instance's classes)
/// under `capacity[n][r]`.
pub fn build(wl: &Workload, volumes: &[f64], capacity: &[Vec<f64>]) -> Result<BalanceModel> {
    let mut lp = LpModel::new("comb_load_balance");
    let lambda = lp.add_column("lambda", 0.0, f64::INFINITY, 1.0);
    let mut row_terms: Vec<Vec<BTreeMap<usize, f64>>> =
        vec![vec![BTreeMap::new(); wl.resources]; wl.nodes];
    // (live nodes, footprint shape bits) -> the group's columns, one per live node.
    let mut groups: HashMap<(Vec<usize>, Vec<u64>), Vec<usize>> = HashMap::new();
    let mut fixed = vec![vec![0.0; wl.resources]; wl.nodes];
    let mut columns = Vec::with_capacity(wl.classes.len());
    let mut usable_all = Vec::with_capacity(wl.classes.len());
    for w in &wl.classes {
        let v = volumes.get(w.class).copied().unwrap_or(0.0);
        if let Some(p) = &w.pinned {
            for (r, f) in p.footprint.iter().enumerate() {
                fixed[p.node][r] += v * f;
            }
        }
        let ok: Vec<bool> = w
            .candidates
            .iter()
            .map(|k| usable(&k.footprint, &capacity[k.node]))
            .collect();
        let live: Vec<usize> = (0..ok.len()).filter(|&i| ok[i]).collect();
        if live.is_empty() && !w.candidates.is_empty() && v > 0.0 {
            return Err(PlanError::invalid(
                format!("class[{}]", w.class),
                "no node on its path has a box with the resources its hyperapp needs",
            ));
        }
        let mut cols = vec![None; w.candidates.len()];
        if live.len() == 1 || (v == 0.0 && !live.is_empty()) {
            let k = &w.candidates[live[0]];
            for (r, f) in k.footprint.iter().enumerate() {
                fixed[k.node][r] += v * f;
            }
        } else if live.len() > 1 {
            let alpha: f64 = w.candidates[live[0]].footprint.iter().sum();
            let alpha = if alpha > 0.0 { alpha } else { 1.0 };
            let nodes: Vec<usize> = live.iter().map(|&i| w.candidates[i].node).collect();
            let shape: Vec<u64> = live
                .iter()
                .flat_map(|&i| {
                    w.candidates[i]
                        .footprint
                        .iter()
                        .map(move |f| (f / alpha).to_bits())
                })
                .collect();
            let group = groups.entry((nodes, shape)).or_insert_with(|| {
                let js: Vec<usize> = live
                    .iter()
                    .map(|&i| {
                        lp.add_column(
                            format!("d_c{}_n{}", w.class, w.candidates[i].node),
                            0.0,
                            1.0,
                            0.0,
                        )
                    })
                    .collect();
                lp.add_row(
                    format!("assign_c{}", w.class),
                    1.0,
                    1.0,
                    js.iter().map(|&j| (j, 1.0)).collect(),
                );
                js
            });
            for (&i, &j) in live.iter().zip(group.iter()) {
                cols[i] = Some(j);
                let k = &w.candidates[i];
                for (r, f) in k.footprint.iter().enumerate() {
                    if *f > 0.0 {
                        *row_terms[k.node][r].entry(j).or_insert(0.0) +=
                            v * f / capacity[k.node][r];
                    }
                }
            }
        }
        columns.push(cols);
        usable_all.push(ok);
    }
    for (n, per_r) in row_terms.into_iter().enumerate() {
        for (r, terms) in per_r.into_iter().enumerate() {
            let mut terms: Vec<(usize, f64)> = terms.into_iter().collect();
            let cap = capacity[n][r];
            if cap <= 0.0 || (terms.is_empty() && fixed[n][r] == 0.0) {
                continue;
            }
            terms.push((lambda, -1.0));
            lp.add_row(
                format!("load_n{n}_r{r}"),
                f64::NEG_INFINITY,
                -fixed[n][r] / cap,
                terms,
            );
        }
    }
    Ok(BalanceModel {
        lp,
        columns,
        usable: usable_all,
    })
}

/// Solves the load-balancing LP.
pub fn solve(
    wl: &Workload,
    volumes: &[f64],
    capacity: &[Vec<f64>],
    solver: Solver,
) -> Result<Balance> {
    let m = build(wl, volumes, capacity)?;
    let sol = m.lp.solve(solver)?;
    let d: Vec<Vec<f64>> = m
        .columns
        .iter()
        .zip(&m.usable)
        .map(|(cols, ok)| {
            let first = ok.iter().position(|&u| u);
            cols.iter()
                .enumerate()
                .map(|(i, c)| match c {
                    Some(j) => sol.values[*j].clamp(0.0, 1.0),
                    None if cols.iter().all(Option::is_none) && Some(i) == first => 1.0,
                    None => 0.0,
                })
                .collect()
        })
        .collect();
    let load = wl.loads(volumes, &d);
    // λ from the loads themselves (exact even when every d was fixed).
    let mut max_load: f64 = 0.0;
    for (l, cap) in load.iter().zip(capacity) {
        for (x, c) in l.iter().zip(cap) {
            if *c > 0.0 {
                max_load = max_load.max(x / c);
            } else if *x > 0.0 {
                max_load = f64::INFINITY;
            }
        }
    }
    Ok(Balance {
        max_load,
        d,
        load,
        size: (m.lp.columns.len(), m.lp.rows.len(), m.lp.nonzeros()),
    })
}

/// What one work class contributes to a [`Checker`]'s LP.
#[derive(Debug, Clone, Copy)]
enum Role {
    /// No candidate at all: only its pinned part (if any) counts.
    Absent,
    /// Candidates, but none usable under the capacity: infeasible if it has volume.
    Dead,
    /// One usable candidate (index into `candidates`): fixed load.
    Fixed(usize),
    /// Shares group `g`'s columns with weight `alpha` (module docs).
    Group { g: usize, alpha: f64 },
}

/// The optimal max load λ of many epochs under one capacity, as [`solve`] computes
/// it, without rebuilding the LP per epoch (the checks of constraint generation in
/// [`crate::provision`]).
///
/// The LP is [`build`]'s in absolute volumes: per aggregation group `g` one column
/// `y_{g,n}` per usable candidate node, the volume-weighted work sent there, scaled by
/// a fixed `s_g` (`y = s_g z`) so that its values are of order one. Then
///
/// ```text
/// minimise λ  s.t.  Σ_n z_{g,n} = V_g(e) / s_g                               ∀ g
///                   Σ_{g,n} s_g G_{g,n,r} z_{g,n} / Prov_{n,r} − λ ≤ −fixed_{n,r}(e) / Prov_{n,r}   ∀ n, r
/// ```
///
/// where `V_g(e) = Σ_{c∈g} |T_c(e)| α_c`. The matrix does not depend on the epoch:
/// only the right-hand sides do. With HiGHS the model stays loaded and each epoch
/// only changes row bounds, so the dual simplex restarts from the previous epoch's
/// optimal basis (still dual feasible) instead of solving from scratch. The optimum
/// is [`solve`]'s: substituting `y_{g,n} = V_g d_{g,n}` maps one LP onto the other.
pub struct Checker<'a> {
    wl: &'a Workload,
    capacity: Vec<Vec<f64>>,
    roles: Vec<Role>,
    scale: Vec<f64>,
    /// `(n, r)` of each load row; row `groups + i` is `load_rows[i]`.
    load_rows: Vec<(usize, usize)>,
    lp: LpModel,
    solver: Solver,
    #[cfg(feature = "highs")]
    highs: Option<highs_c::Model>,
    /// LPs solved so far.
    pub solves: usize,
}

impl std::fmt::Debug for Checker<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checker")
            .field("columns", &self.lp.columns.len())
            .field("rows", &self.lp.rows.len())
            .field("solves", &self.solves)
            .finish()
    }
}

impl<'a> Checker<'a> {
    /// The LP for `wl` under `capacity[n][r]`; `typical[c]` (e.g. the mean volumes)
    /// sets the column scaling only, not the results.
    pub fn new(
        wl: &'a Workload,
        capacity: &[Vec<f64>],
        typical: &[f64],
        solver: Solver,
    ) -> Result<Self> {
        let mut lp = LpModel::new("comb_load_balance_rhs");
        let lambda = lp.add_column("lambda", 0.0, f64::INFINITY, 1.0);
        let mut groups: HashMap<(Vec<usize>, Vec<u64>), usize> = HashMap::new();
        // Per group: (node, shape per resource) of each usable candidate.
        let mut members: Vec<Vec<(usize, Vec<f64>)>> = Vec::new();
        let mut scale: Vec<f64> = Vec::new();
        let mut may_load = vec![vec![false; wl.resources]; wl.nodes];
        let mut roles = Vec::with_capacity(wl.classes.len());
        for w in &wl.classes {
            if let Some(p) = &w.pinned {
                for (r, f) in p.footprint.iter().enumerate() {
                    may_load[p.node][r] |= *f != 0.0;
                }
            }
            let live: Vec<usize> = (0..w.candidates.len())
                .filter(|&i| usable(&w.candidates[i].footprint, &capacity[w.candidates[i].node]))
                .collect();
            let role = match live.len() {
                0 if w.candidates.is_empty() => Role::Absent,
                0 => Role::Dead,
                1 => {
                    let k = &w.candidates[live[0]];
                    for (r, f) in k.footprint.iter().enumerate() {
                        may_load[k.node][r] |= *f != 0.0;
                    }
                    Role::Fixed(live[0])
                }
                _ => {
                    let alpha: f64 = w.candidates[live[0]].footprint.iter().sum();
                    let alpha = if alpha > 0.0 { alpha } else { 1.0 };
                    let nodes: Vec<usize> = live.iter().map(|&i| w.candidates[i].node).collect();
                    let shape: Vec<u64> = live
                        .iter()
                        .flat_map(|&i| {
                            w.candidates[i]
                                .footprint
                                .iter()
                                .map(move |f| (f / alpha).to_bits())
                        })
                        .collect();
                    let next = members.len();
                    let g = *groups.entry((nodes, shape)).or_insert(next);
                    if g == next {
                        members.push(
                            live.iter()
                                .map(|&i| {
                                    let k = &w.candidates[i];
                                    (k.node, k.footprint.iter().map(|f| f / alpha).collect())
                                })
                                .collect(),
                        );
                        scale.push(0.0);
                    }
                    scale[g] += typical.get(w.class).copied().unwrap_or(0.0) * alpha;
                    Role::Group { g, alpha }
                }
            };
            roles.push(role);
        }
        for s in &mut scale {
            if !(*s > 0.0 && s.is_finite()) {
                *s = 1.0;
            }
        }
        let mut row_terms: Vec<Vec<BTreeMap<usize, f64>>> =
            vec![vec![BTreeMap::new(); wl.resources]; wl.nodes];
        for (g, cands) in members.iter().enumerate() {
            let mut sum = Vec::with_capacity(cands.len());
            for (node, shape) in cands {
                let j = lp.add_column(format!("z_g{g}_n{node}"), 0.0, f64::INFINITY, 0.0);
                sum.push((j, 1.0));
                for (r, f) in shape.iter().enumerate() {
                    if *f > 0.0 {
                        *row_terms[*node][r].entry(j).or_insert(0.0) +=
                            scale[g] * f / capacity[*node][r];
                    }
                }
            }
            lp.add_row(format!("assign_g{g}"), 0.0, 0.0, sum);
        }
        let mut load_rows = Vec::new();
        for (n, per_r) in row_terms.into_iter().enumerate() {
            for (r, terms) in per_r.into_iter().enumerate() {
                let cap = capacity[n][r];
                if cap <= 0.0 || (terms.is_empty() && !may_load[n][r]) {
                    continue;
                }
                let mut terms: Vec<(usize, f64)> = terms.into_iter().collect();
                terms.push((lambda, -1.0));
                lp.add_row(format!("load_n{n}_r{r}"), f64::NEG_INFINITY, 0.0, terms);
                load_rows.push((n, r));
            }
        }
        Ok(Checker {
            wl,
            capacity: capacity.to_vec(),
            roles,
            scale,
            load_rows,
            lp,
            solver,
            #[cfg(feature = "highs")]
            highs: None,
            solves: 0,
        })
    }

    /// The optimal max load λ for `volumes` (indexed like the instance's classes);
    /// the same error as [`solve`] when a class with volume has no usable node.
    pub fn max_load(&mut self, volumes: &[f64]) -> Result<f64> {
        let wl = self.wl;
        let mut demand = vec![0.0; self.scale.len()];
        let mut fixed = vec![vec![0.0; wl.resources]; wl.nodes];
        for (w, role) in wl.classes.iter().zip(&self.roles) {
            let v = volumes.get(w.class).copied().unwrap_or(0.0);
            if let Some(p) = &w.pinned {
                for (r, f) in p.footprint.iter().enumerate() {
                    fixed[p.node][r] += v * f;
                }
            }
            match *role {
                Role::Absent => {}
                Role::Dead if v > 0.0 => {
                    return Err(PlanError::invalid(
                        format!("class[{}]", w.class),
                        "no node on its path has a box with the resources its hyperapp needs",
                    ));
                }
                Role::Dead => {}
                Role::Fixed(i) => {
                    let k = &w.candidates[i];
                    for (r, f) in k.footprint.iter().enumerate() {
                        fixed[k.node][r] += v * f;
                    }
                }
                Role::Group { g, alpha } => demand[g] += v * alpha,
            }
        }
        // Work on a resource a node has none of: unservable, as in `solve`.
        for (f, cap) in fixed.iter().zip(&self.capacity) {
            if f.iter().zip(cap).any(|(f, c)| *c <= 0.0 && *f > 0.0) {
                return Ok(f64::INFINITY);
            }
        }
        if self.lp.rows.is_empty() {
            return Ok(0.0);
        }
        let groups = self.scale.len();
        let rows = self.lp.rows.len();
        let mut lower = vec![f64::NEG_INFINITY; rows];
        let mut upper = vec![0.0; rows];
        for g in 0..groups {
            let b = demand[g] / self.scale[g];
            lower[g] = b;
            upper[g] = b;
        }
        for (i, &(n, r)) in self.load_rows.iter().enumerate() {
            upper[groups + i] = -fixed[n][r] / self.capacity[n][r];
        }
        self.solves += 1;
        match self.solver {
            #[cfg(feature = "highs")]
            Solver::Highs => self.solve_highs(&lower, &upper),
            _ => {
                for (row, (lo, hi)) in self.lp.rows.iter_mut().zip(lower.iter().zip(&upper)) {
                    row.lo = *lo;
                    row.hi = *hi;
                }
                Ok(self.lp.solve(self.solver)?.objective)
            }
        }
    }

    #[cfg(feature = "highs")]
    fn solve_highs(&mut self, lower: &[f64], upper: &[f64]) -> Result<f64> {
        let name = &self.lp.name;
        let err = |e: highs_c::Error| PlanError::Solver {
            solver: "highs",
            message: format!("model {name}: {e}"),
        };
        let model = match &mut self.highs {
            Some(m) => m,
            None => {
                let mut lp = highs_c::RowLp::default();
                for c in &self.lp.columns {
                    lp.add_column(c.cost, c.lo, c.hi);
                }
                for r in &self.lp.rows {
                    lp.add_row(r.lo, r.hi, &r.coefs);
                }
                self.highs
                    .insert(lp.load(highs_c::Options { threads: 1 }).map_err(err)?)
            }
        };
        model.set_row_bounds(lower, upper).map_err(err)?;
        let values = model.minimise().map_err(err)?;
        Ok(values[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;
    use crate::instance::Instance;
    use crate::mps;
    use crate::workload::Strategy;
    use proptest::prelude::*;
    use rand::SeedableRng;

    fn check(
        wl: &Workload,
        vols: &[f64],
        cap: &[Vec<f64>],
        b: &Balance,
    ) -> std::result::Result<(), TestCaseError> {
        for (w, d) in wl.classes.iter().zip(&b.d) {
            prop_assert_eq!(d.len(), w.candidates.len());
            prop_assert!(d.iter().all(|x| (-1e-9..=1.0 + 1e-9).contains(x)));
            let sum: f64 = d.iter().sum();
            prop_assert!(
                (sum - 1.0).abs() < 1e-6,
                "class {} sums to {}",
                w.class,
                sum
            );
        }
        let load = wl.loads(vols, &b.d);
        for (l, c) in load.iter().zip(cap) {
            prop_assert!(
                l[0] <= b.max_load * c[0] + 1e-6,
                "{} > {} x {}",
                l[0],
                b.max_load,
                c[0]
            );
            if b.max_load <= 1.0 {
                prop_assert!(l[0] <= c[0] + 1e-6, "capacity exceeded");
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Every solution assigns each class fully and respects (scaled) capacities.
        #[test]
        fn solutions_assign_fully_and_fit(n in 2usize..5, seed in 0u64..1000, caps in proptest::collection::vec(5.0f64..60.0, 4), strat in 0usize..3) {
            let spec = fixtures::paper_line(n, 1.0, |i, j| ((seed as usize + i * 3 + j * 7) % 6) as f64);
            let inst = Instance::from_spec(&spec).expect("valid");
            let strategy = [Strategy::Path, Strategy::Edge, Strategy::Ingress][strat];
            let wl = Workload::hyperapp(&inst, strategy, true).expect("ok");
            let vols: Vec<f64> = inst.classes.iter().map(|c| c.volume).collect();
            let cap: Vec<Vec<f64>> = (0..n).map(|i| vec![caps[i]]).collect();
            let b = solve(&wl, &vols, &cap, Solver::Microlp).expect("solves");
            check(&wl, &vols, &cap, &b)?;
        }
    }

    /// The two-resource paper scenario on a line, hyperapp (path, edge, ingress,
    /// with and without reuse) and two-step workloads.
    fn two_resource_workloads(n: usize, seed: u64) -> (Instance, Vec<Workload>) {
        use crate::scenario::{self, Resources};
        let t = fixtures::line(n);
        let means: Vec<Vec<f64>> = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        if i == j {
                            0.0
                        } else {
                            ((seed as usize + i * 5 + j * 3) % 7 + 1) as f64
                        }
                    })
                    .collect()
            })
            .collect();
        let cap = vec![1.0; n];
        let mut wls = Vec::new();
        let spec = scenario::paper_spec_with(&t, &means, &cap, 2, false, Resources::CpuMemory);
        let inst = Instance::from_spec(&spec).expect("valid");
        for s in [Strategy::Path, Strategy::Edge, Strategy::Ingress] {
            wls.push(Workload::hyperapp(&inst, s, true).expect("ok"));
        }
        wls.push(Workload::hyperapp(&inst, Strategy::Path, false).expect("ok"));
        let cspec = scenario::paper_spec_with(&t, &means, &cap, 2, true, Resources::CpuMemory);
        let cinst = Instance::from_spec(&cspec).expect("valid");
        wls.push(Workload::two_step(&cinst, Strategy::Path).expect("ok"));
        (inst, wls)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(16))]
        /// The checker's λ, re-solved from the previous basis epoch after epoch, is
        /// `solve`'s λ, including infinite (work on a resource a node lacks).
        #[test]
        fn checker_matches_solve(n in 2usize..6, seed in 0u64..1000, caps in proptest::collection::vec(0.0f64..400.0, 12), zero in 0usize..12) {
            let (inst, wls) = two_resource_workloads(n, seed);
            let mut rng = <rand_chacha::ChaCha8Rng as SeedableRng>::seed_from_u64(seed);
            let epochs: Vec<Vec<f64>> = (0..6)
                .map(|e| {
                    inst.classes
                        .iter()
                        .enumerate()
                        .map(|(i, c)| {
                            // Some classes idle in some epochs.
                            if e % 3 == 1 && i % 4 == 0 {
                                0.0
                            } else {
                                c.volume * rng.random_range(0.1..3.0)
                            }
                        })
                        .collect()
                })
                .collect();
            let mut cap: Vec<Vec<f64>> = (0..n).map(|i| vec![caps[2 * i] + 1.0, caps[2 * i + 1] + 1.0]).collect();
            if seed % 3 == 0 {
                // No memory on one node: classes avoid it, or nothing can serve them.
                cap[zero % n][1] = 0.0;
            }
            for wl in &wls {
                let mut checker = Checker::new(wl, &cap, &epochs[0], Solver::Highs).expect("builds");
                let mut slow = Checker::new(wl, &cap, &epochs[0], Solver::Microlp).expect("builds");
                for v in &epochs {
                    let want = solve(wl, v, &cap, Solver::Highs).map(|b| b.max_load);
                    let got = checker.max_load(v);
                    let got_microlp = slow.max_load(v);
                    match (want, got, got_microlp) {
                        (Ok(a), Ok(b), Ok(c)) => {
                            let tol = 1e-6 * a.max(1.0);
                            prop_assert!(a == b || (a - b).abs() <= tol, "highs {} vs {}", a, b);
                            prop_assert!(a == c || (a - c).abs() <= tol, "microlp {} vs {}", a, c);
                        }
                        (Err(a), Err(b), Err(c)) => {
                            prop_assert_eq!(a.to_string(), b.to_string());
                            prop_assert_eq!(a.to_string(), c.to_string());
                        }
                        (a, b, c) => prop_assert!(false, "{:?} vs {:?} vs {:?}", a, b, c),
                    }
                }
            }
        }
    }

    #[test]
    fn path_never_worse_than_edge_never_worse_than_ingress() {
        let spec = fixtures::paper_line(5, 1.0, |i, j| ((i * 3 + j) % 4 + 1) as f64);
        let inst = Instance::from_spec(&spec).expect("valid");
        let vols: Vec<f64> = inst.classes.iter().map(|c| c.volume).collect();
        let cap = vec![vec![50.0]; 5];
        let lam = |s| {
            solve(
                &Workload::hyperapp(&inst, s, true).expect("ok"),
                &vols,
                &cap,
                Solver::Microlp,
            )
            .expect("solves")
            .max_load
        };
        let (p, e, i) = (
            lam(Strategy::Path),
            lam(Strategy::Edge),
            lam(Strategy::Ingress),
        );
        assert!(p <= e + 1e-9 && e <= i + 1e-9, "{p} {e} {i}");
        assert!(p < i, "distribution must help on a line");
    }

    /// The exported MPS, read back and solved by the other solver, gives the same optimum.
    #[test]
    fn mps_export_gives_same_objective() {
        let spec = fixtures::paper_line(4, 1.0, |i, j| ((i + 2 * j) % 3 + 1) as f64);
        let inst = Instance::from_spec(&spec).expect("valid");
        let wl = Workload::hyperapp(&inst, Strategy::Path, true).expect("ok");
        let vols: Vec<f64> = inst.classes.iter().map(|c| c.volume).collect();
        let cap = vec![vec![40.0], vec![20.0], vec![30.0], vec![10.0]];
        let m = build(&wl, &vols, &cap).expect("builds");
        let direct = m.lp.solve(Solver::default()).expect("solves");
        let back = mps::read_mps(&mps::write_mps(&m.lp)).expect("reads");
        let other = back.solve(Solver::Microlp).expect("solves");
        assert!(
            (direct.objective - other.objective).abs() < 1e-7,
            "{} vs {}",
            direct.objective,
            other.objective
        );
    }
}
