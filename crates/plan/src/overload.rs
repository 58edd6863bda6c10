//! Whether a load-balancing optimum fits the provisioned boxes, and if not, where
//! it does not. The LP of Eq. 5–8 always has a solution: λ is the load of the most
//! loaded (node, resource) as a fraction of its capacity, and λ > 1 means the
//! demand does not fit even with the best split. Such a plan must not read as
//! feasible, so `tandem plan` reports it with the box and resource that binds.

use serde::Serialize;

use crate::balance::Balance;
use crate::instance::Instance;

/// How far above 1 λ may be before the plan counts as overloaded: LP solvers stop
/// within their feasibility tolerance, so a plan that exactly fills a box can come
/// back as `1 + 1e-10`.
pub const TOLERANCE: f64 = 1e-7;

/// The most loaded (node, resource) of a solution.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Hotspot {
    /// Node name.
    pub node: String,
    /// Resource name.
    pub resource: String,
    /// Load placed there, in the spec's units.
    pub load: f64,
    /// Capacity provisioned there (0 when work lands on a node without a box,
    /// which only happens when a class has no node that can host it).
    pub capacity: f64,
    /// `load / capacity` (infinite for load on zero capacity).
    pub utilisation: f64,
}

/// The (node, resource) with the highest utilisation (ties: first node, first
/// resource), or `None` when nothing is loaded.
pub fn hotspot(inst: &Instance, bal: &Balance) -> Option<Hotspot> {
    let mut best: Option<Hotspot> = None;
    for (node, loads) in inst.nodes.iter().zip(&bal.load) {
        for (r, (&load, resource)) in loads.iter().zip(&inst.resources).enumerate() {
            let capacity = node.capacity.get(r).copied().unwrap_or(0.0);
            let utilisation = if capacity > 0.0 {
                load / capacity
            } else if load > 0.0 {
                f64::INFINITY
            } else {
                continue;
            };
            if utilisation.is_nan() || load <= 0.0 {
                continue;
            }
            if best.as_ref().is_none_or(|b| utilisation > b.utilisation) {
                best = Some(Hotspot {
                    node: node.name.clone(),
                    resource: resource.clone(),
                    load,
                    capacity,
                    utilisation,
                });
            }
        }
    }
    best
}

/// Whether λ exceeds 1 beyond the solver tolerance.
pub fn is_overloaded(max_load: f64) -> bool {
    max_load > 1.0 + TOLERANCE || max_load.is_nan()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;
    use crate::lp::Solver;
    use crate::workload::{Strategy, Workload};
    use crate::{Instance, balance};

    fn solve(v: [f64; 3]) -> (Instance, Balance) {
        let inst = Instance::from_spec(&fixtures::fig3(v)).expect("valid");
        let wl = Workload::hyperapp(&inst, Strategy::Path, true).expect("workload");
        let vols: Vec<f64> = inst.classes.iter().map(|c| c.volume).collect();
        let cap: Vec<Vec<f64>> = inst.nodes.iter().map(|n| n.capacity.clone()).collect();
        let bal = balance::solve(&wl, &vols, &cap, Solver::Microlp).expect("solves");
        (inst, bal)
    }

    #[test]
    fn fitting_demand_is_not_overloaded() {
        // Fig. 3 with capacity 20 per node: 10 + 10 + 10 sessions fit (λ = 0.5).
        let (inst, bal) = solve([10.0, 10.0, 10.0]);
        assert!(!is_overloaded(bal.max_load), "λ = {}", bal.max_load);
        let h = hotspot(&inst, &bal).expect("some load");
        assert_eq!(h.resource, "cpu");
        assert!((h.utilisation - bal.max_load).abs() < 1e-9);
    }

    #[test]
    fn demand_beyond_capacity_is_overloaded_at_the_binding_box() {
        // 60 + 60 + 60 sessions of one unit on three boxes of 20: λ = 3 at best.
        let (inst, bal) = solve([60.0, 60.0, 60.0]);
        assert!(is_overloaded(bal.max_load), "λ = {}", bal.max_load);
        assert!((bal.max_load - 3.0).abs() < 1e-6, "λ = {}", bal.max_load);
        let h = hotspot(&inst, &bal).expect("some load");
        assert!((h.utilisation - bal.max_load).abs() < 1e-9);
        assert_eq!(h.capacity, 20.0);
        assert!(inst.nodes.iter().any(|n| n.name == h.node));
    }

    #[test]
    fn tolerance_absorbs_solver_noise_only() {
        assert!(!is_overloaded(1.0));
        assert!(!is_overloaded(1.0 + 1e-10));
        assert!(is_overloaded(1.001));
        assert!(is_overloaded(f64::INFINITY));
        assert!(is_overloaded(f64::NAN));
    }
}
