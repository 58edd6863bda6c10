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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;
    use crate::instance::Instance;
    use crate::mps;
    use crate::workload::Strategy;
    use proptest::prelude::*;

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
