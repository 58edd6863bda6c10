//! The network-wide evaluation of CoMb §7.3–7.4 (Fig. 12–14, Tables 5–7) on the
//! topologies and traffic matrices in `../shared/data`.
//!
//! Everything is deterministic given the seed, except the solve times, which come
//! from the caller's [`Clock`] (libraries never read the wall clock).

use std::path::{Path, PathBuf};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::balance;
use crate::error::Result;
use crate::instance::Instance;
use crate::lp::Solver;
use crate::provision::{self, ProvisionOptions};
use crate::scenario::{self, PORT_CLASSES};
use crate::strawman;
use crate::topology::{self, Topology};
use crate::traffic::{self, Histogram, Series};
use crate::workload::{Strategy, Workload};

/// Monotonic time source supplied by the caller.
pub trait Clock {
    /// Seconds since an arbitrary origin.
    fn seconds(&self) -> f64;
}

/// Where a topology and its traffic come from.
#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    /// SNDlib network plus a real matrix series (`stride`: take every n-th matrix).
    Sndlib {
        xml: &'static str,
        tm: &'static str,
        merge: &'static [(&'static str, &'static str)],
        stride: usize,
    },
    /// Topology Zoo GraphML with gravity-model traffic.
    Graphml { file: &'static str },
    /// Derived Rocketfuel PoP edge list (largest component) with gravity-model traffic.
    PopCsv { file: &'static str },
}

/// One topology of the evaluation.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    /// Name as in the paper's tables.
    pub name: &'static str,
    /// PoP count the paper reports.
    pub paper_pops: usize,
    /// Data source.
    pub source: Source,
    /// Note for the report (substitutions, PoP count differences).
    pub note: &'static str,
}

/// The six topologies of §7.3, in the paper's order.
pub fn paper_setups() -> Vec<Setup> {
    vec![
        Setup {
            name: "Internet2",
            paper_pops: 11,
            source: Source::Sndlib {
                xml: "topologies/sndlib/abilene.xml",
                tm: "traffic_matrices/abilene_sndlib_tm.csv",
                merge: &[("ATLAM5", "ATLAng")],
                stride: 24,
            },
            note: "SNDlib Abilene (ATLAM5 merged into ATLAng); real 5-min matrices, every 24th (2 h apart)",
        },
        Setup {
            name: "Geant",
            paper_pops: 22,
            source: Source::Sndlib {
                xml: "topologies/sndlib/geant.xml",
                tm: "traffic_matrices/geant_sndlib_tm.csv",
                merge: &[],
                stride: 1,
            },
            note: "SNDlib GEANT; real 15-min matrices (the first 200)",
        },
        Setup {
            name: "Enterprise",
            paper_pops: 23,
            source: Source::PopCsv {
                file: "topologies/rocketfuel/derived_pop_level/AS1755_pop_from_weights.csv",
            },
            note: "SUBSTITUTE: the enterprise network is private; Rocketfuel AS1755 (23 PoPs) with gravity traffic stands in",
        },
        Setup {
            name: "AS1221",
            paper_pops: 44,
            source: Source::PopCsv {
                file: "topologies/rocketfuel/derived_pop_level/AS1221_pop_from_r0cch.csv",
            },
            note: "r0.cch @loc PoPs, largest component",
        },
        Setup {
            name: "AS3257",
            paper_pops: 41,
            source: Source::PopCsv {
                file: "topologies/rocketfuel/derived_pop_level/AS3257_pop_from_r0cch.csv",
            },
            note: "r0.cch @loc PoPs, largest component (paper: 41)",
        },
        Setup {
            name: "AS1239",
            paper_pops: 52,
            source: Source::PopCsv {
                file: "topologies/rocketfuel/derived_pop_level/AS1239_pop_from_r0cch.csv",
            },
            note: "r0.cch @loc PoPs, largest component (paper: 52)",
        },
    ]
}

/// Options of [`run_topology`].
#[derive(Debug, Clone, PartialEq)]
pub struct EvalOptions {
    /// The `shared/data` directory.
    pub data: PathBuf,
    /// Epochs of time-varying traffic.
    pub epochs: usize,
    /// Seed of all synthetic traffic.
    pub seed: u64,
    /// LP solver.
    pub solver: Solver,
}

/// Results for one topology (all costs in footprint units; ratios as in the paper).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TopoResult {
    /// Epochs this topology was run with.
    pub epochs: usize,
    /// Topology name.
    pub name: String,
    /// PoPs here / in the paper.
    pub pops: usize,
    /// PoPs in the paper.
    pub paper_pops: usize,
    /// Traffic classes.
    pub classes: usize,
    /// Note on data and substitutions.
    pub note: String,
    /// Σ provisioned capacity, standalone apps at the ingress (Fig. 12 baseline).
    pub cost_standalone_ingress: f64,
    /// CoMb, path strategy, with / without reuse (Fig. 12).
    pub cost_path_reuse: f64,
    /// CoMb without module reuse, path strategy.
    pub cost_path_noreuse: f64,
    /// CoMb with reuse, edge strategy (Fig. 13).
    pub cost_edge: f64,
    /// CoMb with reuse, ingress only (Fig. 13).
    pub cost_ingress: f64,
    /// Cache and LB pinned to the ingress: two-step (Table 5).
    pub cost_two_step: f64,
    /// Cache and LB pinned: everything at the ingress with reuse (Table 5).
    pub cost_constrained_ingress: f64,
    /// Largest standalone box / largest CoMb box for path, edge, ingress (Table 6).
    pub largest_box_ratio: [f64; 3],
    /// Per-epoch MaxLoad_standalone / MaxLoad_CoMb, uniform provisioning (Fig. 14);
    /// epochs without traffic are left out.
    pub load_ratio_uniform: Vec<f64>,
    /// Same with volume-proportional provisioning.
    pub load_ratio_volume: Vec<f64>,
    /// Load-balancing LP (heaviest epoch, uniform capacity, path): seconds.
    pub lb_seconds: f64,
    /// LB LP size (columns, rows, non-zeros).
    pub lb_size: (usize, usize, usize),
    /// Relaxed strawman seconds and size, when run.
    pub strawman_seconds: Option<f64>,
    /// Strawman LP size.
    pub strawman_size: Option<(usize, usize, usize)>,
    /// (hyperapp λ − strawman λ) / strawman λ, when run.
    pub gap: Option<f64>,
    /// Provisioning gap (hyperapp cost − strawman cost) / strawman cost, path
    /// strategy with reuse, over the [`GAP_EPOCHS`] heaviest epochs, when run.
    #[serde(default)]
    pub provision_gap: Option<f64>,
    /// Strawman provisioning LP seconds, when run.
    #[serde(default)]
    pub provision_strawman_seconds: Option<f64>,
    /// Strawman provisioning LP size (columns, rows, non-zeros), when run.
    #[serde(default)]
    pub provision_strawman_size: Option<(usize, usize, usize)>,
    /// Provisioning (path, reuse): seconds, rounds, active epochs, check LPs.
    pub provision_seconds: f64,
    /// Constraint-generation rounds.
    pub provision_rounds: usize,
    /// Epochs in the final active set.
    pub provision_active: usize,
    /// Load-balancing LPs solved to check epochs.
    pub provision_checks: usize,
}

/// Loads a setup's topology and `epochs` OD matrices.
pub fn load(
    setup: &Setup,
    data: &Path,
    epochs: usize,
    rng: &mut ChaCha8Rng,
) -> Result<(Topology, Series)> {
    let hist = Histogram::read(&data.join("traffic_matrices/abilene_variability_hist.csv"))?;
    let gravity = |t: &Topology, rng: &mut ChaCha8Rng| {
        let means = traffic::gravity_means(t.nodes.len(), 1000.0, rng);
        traffic::perturb(&means, &hist, epochs, rng)
    };
    Ok(match &setup.source {
        Source::Sndlib {
            xml,
            tm,
            merge,
            stride,
        } => {
            let mut t = topology::read_sndlib(&data.join(xml), setup.name)?;
            for (from, into) in *merge {
                t.merge(from, into)?;
            }
            let series = traffic::read_tm_csv(&data.join(tm), &t.nodes, merge, epochs, *stride)?;
            (t, series)
        }
        Source::Graphml { file } => {
            let t = topology::read_graphml(&data.join(file), setup.name)?.largest_component();
            let s = gravity(&t, rng);
            (t, s)
        }
        Source::PopCsv { file } => {
            let t = topology::read_pop_csv(&data.join(file), setup.name)?.largest_component();
            let s = gravity(&t, rng);
            (t, s)
        }
    })
}

/// Per-epoch port-class factors drawn from the variability histogram.
pub fn port_factors(hist: &Histogram, epochs: usize, rng: &mut ChaCha8Rng) -> Vec<[f64; 4]> {
    (0..epochs)
        .map(|_| std::array::from_fn(|_| hist.sample(rng)))
        .collect()
}

/// Standalone per-(node, app) workload of one epoch: every application at the
/// ingress, each paying for its own modules (today's deployment).
fn standalone_work(inst: &Instance, vols: &[f64]) -> Vec<Vec<f64>> {
    let mut w = vec![vec![0.0; inst.apps.len()]; inst.nodes.len()];
    for (c, v) in inst.classes.iter().zip(vols) {
        let Some(h) = c.hyperapp else { continue };
        for &a in &inst.hyperapps[h].apps {
            w[c.ingress][a] += v * inst.standalone_footprint(a, c.ingress, c.port_class)[0];
        }
    }
    w
}

fn max_box(p: &provision::Provision) -> f64 {
    p.capacity.iter().map(|c| c[0]).fold(0.0, f64::max)
}

/// A topology's provisioning instance and class epochs, drawn from
/// `opts.seed` ([`run_topology`] and [`add_provision_gap`] see the same ones).
struct Provisioning {
    topo: Topology,
    /// The OD matrices, one per epoch.
    od: Series,
    /// Mean OD matrix.
    means: Vec<Vec<f64>>,
    inst: Instance,
    epochs: Vec<Vec<f64>>,
}

fn provisioning(setup: &Setup, opts: &EvalOptions) -> Result<Provisioning> {
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let (topo, od) = load(setup, &opts.data, opts.epochs, &mut rng)?;
    let hist = Histogram::read(
        &opts
            .data
            .join("traffic_matrices/abilene_variability_hist.csv"),
    )?;
    let pf = port_factors(&hist, od.len(), &mut rng);
    let means = traffic::mean_matrix(&od);
    let n = topo.nodes.len();
    let spec = scenario::paper_spec(&topo, &means, &vec![1.0; n], 8, false);
    let inst = Instance::from_spec(&spec)?;
    let epochs = scenario::class_epochs(&spec, &topo, &od, &pf);
    Ok(Provisioning {
        topo,
        od,
        means,
        inst,
        epochs,
    })
}

/// Runs every experiment on one topology.
pub fn run_topology(setup: &Setup, opts: &EvalOptions, clock: &dyn Clock) -> Result<TopoResult> {
    let Provisioning {
        topo,
        od,
        means,
        inst,
        epochs,
    } = provisioning(setup, opts)?;
    let n = topo.nodes.len();
    let popts = ProvisionOptions {
        solver: opts.solver,
        ..ProvisionOptions::default()
    };

    // Standalone ingress baseline: each app is its own device, sized for its peak.
    let works: Vec<Vec<Vec<f64>>> = epochs.iter().map(|v| standalone_work(&inst, v)).collect();
    let peak = |nd: usize, a: usize| works.iter().map(|w| w[nd][a]).fold(0.0, f64::max);
    let mut cost_standalone = 0.0;
    let mut largest_standalone: f64 = 0.0;
    for nd in 0..n {
        for a in 0..inst.apps.len() {
            cost_standalone += peak(nd, a);
            largest_standalone = largest_standalone.max(peak(nd, a));
        }
    }

    let t0 = clock.seconds();
    let wl_path = Workload::hyperapp(&inst, Strategy::Path, true)?;
    let p_path = provision::provision(&wl_path, &epochs, popts)?;
    let provision_seconds = clock.seconds() - t0;
    let p_noreuse = provision::provision(
        &Workload::hyperapp(&inst, Strategy::Path, false)?,
        &epochs,
        popts,
    )?;
    let p_edge = provision::provision(
        &Workload::hyperapp(&inst, Strategy::Edge, true)?,
        &epochs,
        popts,
    )?;
    let p_ingress = provision::provision(
        &Workload::hyperapp(&inst, Strategy::Ingress, true)?,
        &epochs,
        popts,
    )?;

    let cspec = scenario::paper_spec(&topo, &means, &vec![1.0; n], 8, true);
    let cinst = Instance::from_spec(&cspec)?;
    let p_two = provision::provision(&Workload::two_step(&cinst, Strategy::Path)?, &epochs, popts)?;
    let p_cing = provision::provision(
        &Workload::hyperapp(&cinst, Strategy::Ingress, true)?,
        &epochs,
        popts,
    )?;

    // Fig. 14: fixed provisioning, per-epoch max load.
    let avg_work: Vec<Vec<f64>> = (0..n)
        .map(|nd| {
            (0..inst.apps.len())
                .map(|a| works.iter().map(|w| w[nd][a]).sum::<f64>() / works.len().max(1) as f64)
                .collect()
        })
        .collect();
    let mut through = vec![0.0; n];
    for c in &inst.classes {
        for &x in &c.path {
            through[x] += c.volume;
        }
    }
    let uniform = vec![1.0; n];
    let timed = heaviest(&epochs);
    let mut ratios = [Vec::new(), Vec::new()];
    let mut lb_seconds = 0.0;
    let mut lb_size = (0, 0, 0);
    for (k, prov) in [&uniform, &through].into_iter().enumerate() {
        let cap: Vec<Vec<f64>> = prov.iter().map(|&p| vec![p]).collect();
        for (e, vols) in epochs.iter().enumerate() {
            let mut sa: f64 = 0.0;
            for nd in 0..n {
                let tot: f64 = avg_work[nd].iter().sum();
                for a in 0..inst.apps.len() {
                    if works[e][nd][a] > 0.0 {
                        sa = sa.max(works[e][nd][a] / (prov[nd] * avg_work[nd][a] / tot));
                    }
                }
            }
            let t = clock.seconds();
            let b = balance::solve(&wl_path, vols, &cap, opts.solver)?;
            if k == 0 && e == timed {
                lb_seconds = clock.seconds() - t;
                lb_size = b.size;
            }
            // Epochs without traffic (gaps in the real GEANT series) have no ratio.
            if b.max_load > 0.0 && sa.is_finite() {
                ratios[k].push(sa / b.max_load);
            }
        }
    }

    let lc = |p: &provision::Provision| largest_standalone / max_box(p);
    Ok(TopoResult {
        epochs: od.len(),
        name: setup.name.to_string(),
        pops: n,
        paper_pops: setup.paper_pops,
        classes: inst.classes.len(),
        note: setup.note.to_string(),
        cost_standalone_ingress: cost_standalone,
        cost_path_reuse: p_path.cost,
        cost_path_noreuse: p_noreuse.cost,
        cost_edge: p_edge.cost,
        cost_ingress: p_ingress.cost,
        cost_two_step: p_two.cost,
        cost_constrained_ingress: p_cing.cost,
        largest_box_ratio: [lc(&p_path), lc(&p_edge), lc(&p_ingress)],
        load_ratio_uniform: std::mem::take(&mut ratios[0]),
        load_ratio_volume: std::mem::take(&mut ratios[1]),
        lb_seconds,
        lb_size,
        strawman_seconds: None,
        strawman_size: None,
        gap: None,
        provision_gap: None,
        provision_strawman_seconds: None,
        provision_strawman_size: None,
        provision_seconds,
        provision_rounds: p_path.rounds,
        provision_active: p_path.active.len(),
        provision_checks: p_path.checks,
    })
}

/// Index of the epoch with the largest total volume (timings and the strawman use
/// it: the real GEANT series has empty matrices).
fn heaviest(epochs: &[Vec<f64>]) -> usize {
    let total = |e: &Vec<f64>| e.iter().sum::<f64>();
    (0..epochs.len())
        .max_by(|&a, &b| {
            total(&epochs[a])
                .total_cmp(&total(&epochs[b]))
                .then(b.cmp(&a))
        })
        .unwrap_or(0)
}

fn heaviest_od(od: &Series) -> usize {
    let flat: Vec<Vec<f64>> = od
        .iter()
        .map(|m| m.iter().flatten().copied().collect())
        .collect();
    heaviest(&flat)
}

/// Solves the relaxed strawman (§4.2) and the hyperapp LP on the heaviest epoch under
/// uniform capacity, recording the strawman's time and size and the gap in `r`.
pub fn add_strawman(
    setup: &Setup,
    opts: &EvalOptions,
    clock: &dyn Clock,
    r: &mut TopoResult,
) -> Result<()> {
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let (topo, od) = load(setup, &opts.data, opts.epochs.max(1), &mut rng)?;
    let n = topo.nodes.len();
    let spec = scenario::paper_spec(
        &topo,
        &od.get(heaviest_od(&od)).cloned().unwrap_or_default(),
        &vec![1.0; n],
        8,
        false,
    );
    let inst = Instance::from_spec(&spec)?;
    let t = clock.seconds();
    let sm = strawman::solve(&inst, Strategy::Path, 1, opts.solver)?;
    r.strawman_seconds = Some(clock.seconds() - t);
    r.strawman_size = Some(sm.size);
    let vols: Vec<f64> = inst.classes.iter().map(|c| c.volume).collect();
    let hb = balance::solve(
        &Workload::hyperapp(&inst, Strategy::Path, true)?,
        &vols,
        &vec![vec![1.0]; n],
        opts.solver,
    )?;
    r.gap = Some((hb.max_load - sm.max_load) / sm.max_load);
    add_provision_gap(setup, opts, clock, r)
}

/// Epochs the provisioning strawman is run over: the monolithic strawman LP grows
/// with every epoch, so only the heaviest few (those that bind in practice) are used.
pub const GAP_EPOCHS: usize = 4;

/// Provisioning optimality gap (§7.4): the relaxed strawman ([`strawman::solve_provision`])
/// and the hyperapp provisioning LP (path strategy, reuse) on the same instance and the
/// [`GAP_EPOCHS`] heaviest of the epochs [`run_topology`] uses.
pub fn add_provision_gap(
    setup: &Setup,
    opts: &EvalOptions,
    clock: &dyn Clock,
    r: &mut TopoResult,
) -> Result<()> {
    // The same instance and epochs as run_topology.
    let Provisioning {
        inst, mut epochs, ..
    } = provisioning(setup, opts)?;
    let total = |e: &Vec<f64>| e.iter().sum::<f64>();
    epochs.sort_by(|a, b| total(b).total_cmp(&total(a)));
    epochs.truncate(GAP_EPOCHS);
    let t = clock.seconds();
    let sm = strawman::solve_provision(&inst, Strategy::Path, &epochs, opts.solver)?;
    r.provision_strawman_seconds = Some(clock.seconds() - t);
    r.provision_strawman_size = Some(sm.size);
    let popts = ProvisionOptions {
        solver: opts.solver,
        ..ProvisionOptions::default()
    };
    let h = provision::provision(
        &Workload::hyperapp(&inst, Strategy::Path, true)?,
        &epochs,
        popts,
    )?;
    r.provision_gap = Some((h.cost - sm.cost) / sm.cost);
    Ok(())
}

/// Share of each port class (for reports).
pub fn port_mix() -> Vec<(&'static str, f64)> {
    PORT_CLASSES.iter().map(|p| (p.0, p.3)).collect()
}

/// Runs `setups` in order (with the strawman on topologies of at most
/// `strawman_max_pops` PoPs), calling `done` after each one with the results so
/// far, so a caller can save them as they come.
pub fn run_all(
    setups: &[Setup],
    opts: &EvalOptions,
    strawman_max_pops: usize,
    clock: &dyn Clock,
    done: &mut dyn FnMut(&[TopoResult]) -> Result<()>,
) -> Result<Vec<TopoResult>> {
    let mut results = Vec::new();
    for s in setups {
        let mut r = run_topology(s, opts, clock)?;
        if r.pops <= strawman_max_pops {
            add_strawman(s, opts, clock, &mut r)?;
        }
        results.push(r);
        done(&results)?;
    }
    Ok(results)
}
