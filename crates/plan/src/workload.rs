//! What the LPs distribute: for every traffic class, the nodes that may process it
//! and the per-session footprint there (`F_{h_c,r,n}`), plus any work pinned to a
//! node regardless of the solution (the first step of the two-step variant, §7.3).

use serde::{Deserialize, Serialize};

use crate::error::{PlanError, Result};
use crate::instance::Instance;
use crate::spec::Placement;

/// Where along its path a class may be processed (§7.3, Fig. 13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    /// Any node on the path.
    #[default]
    Path,
    /// The ingress or the egress.
    Edge,
    /// The ingress only.
    Ingress,
}

impl Strategy {
    /// Candidate nodes of a path under this strategy, ingress first, no repeats.
    pub fn nodes(self, path: &[usize]) -> Vec<usize> {
        match (self, path) {
            (_, []) => Vec::new(),
            (Strategy::Path, _) => path.to_vec(),
            (Strategy::Edge, [a, .., b]) if a != b => vec![*a, *b],
            (_, [a, ..]) => vec![*a],
        }
    }

    /// Name as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Path => "path",
            Strategy::Edge => "edge",
            Strategy::Ingress => "ingress",
        }
    }
}

/// One place a class may be processed.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// Node index.
    pub node: usize,
    /// Per-session footprint per resource there.
    pub footprint: Vec<f64>,
}

/// A class as the LPs see it.
#[derive(Debug, Clone, PartialEq)]
pub struct WorkClass {
    /// Index into [`Instance::classes`].
    pub class: usize,
    /// Nodes that may take a fraction `d_{c,n}` of it.
    pub candidates: Vec<Candidate>,
    /// Work that always lands on one node, per session (two-step first step).
    pub pinned: Option<Candidate>,
}

/// All classes that carry work.
#[derive(Debug, Clone, PartialEq)]
pub struct Workload {
    /// Number of nodes.
    pub nodes: usize,
    /// Number of resources.
    pub resources: usize,
    /// Classes with a hyperapp (classes no application wants are absent).
    pub classes: Vec<WorkClass>,
}

impl Workload {
    /// The hyperapp model of §4.3: each class's whole hyperapp runs on one node per
    /// session. A hyperapp containing an ingress-constrained application can only
    /// run at the ingress (all of a session's applications share a node).
    /// `reuse = false` prices every application with its own copy of its modules.
    pub fn hyperapp(inst: &Instance, strategy: Strategy, reuse: bool) -> Result<Workload> {
        let mut classes = Vec::new();
        for (ci, c) in inst.classes.iter().enumerate() {
            let Some(h) = c.hyperapp else { continue };
            let pinned = inst.hyperapps[h]
                .apps
                .iter()
                .any(|&a| inst.apps[a].placement == Placement::Ingress);
            let nodes = if pinned {
                vec![c.ingress]
            } else {
                strategy.nodes(&c.path)
            };
            let candidates = nodes
                .into_iter()
                .map(|n| Candidate {
                    node: n,
                    footprint: inst.hyperapp_footprint(h, n, c.port_class, reuse),
                })
                .filter(|k| k.footprint.iter().all(|f| f.is_finite()))
                .collect();
            classes.push(WorkClass {
                class: ci,
                candidates,
                pinned: None,
            });
        }
        Workload::checked(inst, classes)
    }

    /// The two-step variant (§7.3, Table 5): ingress-constrained applications are
    /// pinned to the ingress with their modules (step one); the other applications
    /// of the hyperapp are distributed as in §4.3, and at the ingress they only pay
    /// for modules the pinned applications do not already run (step two).
    pub fn two_step(inst: &Instance, strategy: Strategy) -> Result<Workload> {
        let mut classes = Vec::new();
        for (ci, c) in inst.classes.iter().enumerate() {
            let Some(h) = c.hyperapp else { continue };
            let hyp = &inst.hyperapps[h];
            let (fixed, free): (Vec<usize>, Vec<usize>) = hyp
                .apps
                .iter()
                .partition(|&&a| inst.apps[a].placement == Placement::Ingress);
            let mods_of = |apps: &[usize]| {
                let mut m: Vec<usize> = apps
                    .iter()
                    .flat_map(|&a| inst.app_modules(a, c.port_class))
                    .collect();
                m.sort_unstable();
                m.dedup();
                m
            };
            let fixed_mods = mods_of(&fixed);
            let free_mods = mods_of(&free);
            let r = inst.resources.len();
            let pinned = (!fixed.is_empty()).then(|| {
                let mut f = vec![0.0; r];
                for &a in &fixed {
                    add(&mut f, &inst.app_own(a, c.ingress));
                }
                for &m in &fixed_mods {
                    add(&mut f, &inst.modules[m].footprint);
                }
                Candidate {
                    node: c.ingress,
                    footprint: f,
                }
            });
            let candidates = if free.is_empty() {
                Vec::new()
            } else {
                strategy
                    .nodes(&c.path)
                    .into_iter()
                    .map(|n| {
                        let mut f = vec![0.0; r];
                        for &a in &free {
                            add(&mut f, &inst.app_own(a, n));
                        }
                        for &m in &free_mods {
                            if !(n == c.ingress && fixed_mods.contains(&m)) {
                                add(&mut f, &inst.modules[m].footprint);
                            }
                        }
                        Candidate {
                            node: n,
                            footprint: f,
                        }
                    })
                    .filter(|k| k.footprint.iter().all(|f| f.is_finite()))
                    .collect()
            };
            classes.push(WorkClass {
                class: ci,
                candidates,
                pinned,
            });
        }
        Workload::checked(inst, classes)
    }

    fn checked(inst: &Instance, classes: Vec<WorkClass>) -> Result<Workload> {
        for w in &classes {
            let c = &inst.classes[w.class];
            let distributable = w.pinned.is_none() || !w.candidates.is_empty();
            if w.candidates.is_empty() && distributable {
                return Err(PlanError::invalid(
                    format!(
                        "class[{}] ({}->{} {})",
                        w.class,
                        inst.nodes[c.ingress].name,
                        inst.nodes[c.egress].name,
                        inst.port_classes[c.port_class].name
                    ),
                    "no node on its path can run its hyperapp (missing required accelerator?)",
                ));
            }
            if let Some(p) = &w.pinned {
                if p.footprint.iter().any(|f| !f.is_finite()) {
                    return Err(PlanError::invalid(
                        format!("class[{}]", w.class),
                        "its ingress lacks an accelerator a pinned application requires",
                    ));
                }
            }
        }
        Ok(Workload {
            nodes: inst.nodes.len(),
            resources: inst.resources.len(),
            classes,
        })
    }

    /// Per-node, per-resource load (absolute units) of fractions `d` (indexed like
    /// the candidates) under per-class `volumes` (indexed like the instance's classes).
    pub fn loads(&self, volumes: &[f64], d: &[Vec<f64>]) -> Vec<Vec<f64>> {
        let mut load = vec![vec![0.0; self.resources]; self.nodes];
        for (w, dw) in self.classes.iter().zip(d) {
            let v = volumes[w.class];
            if let Some(p) = &w.pinned {
                for (l, f) in load[p.node].iter_mut().zip(&p.footprint) {
                    *l += v * f;
                }
            }
            for (k, x) in w.candidates.iter().zip(dw) {
                for (l, f) in load[k.node].iter_mut().zip(&k.footprint) {
                    *l += v * x * f;
                }
            }
        }
        load
    }
}

fn add(acc: &mut [f64], x: &[f64]) {
    for (a, b) in acc.iter_mut().zip(x) {
        *a += b;
    }
}
