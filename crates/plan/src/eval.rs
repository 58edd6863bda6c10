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
use crate::scenario::{self, PORT_CLASSES, Resources};
use crate::strawman;
use crate::topology::{self, Topology};
use crate::traffic::{self, Histogram, Series, SeriesModel};
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
    /// Time-series model of the synthetic (gravity) traffic and of the port-class
    /// factors; `None`: fitted to the SNDlib Abilene matrices ([`fit_abilene`]).
    pub traffic: Option<SeriesModel>,
    /// Gravity-model synthetic traffic on every topology, also where real matrices
    /// exist (the paper's §7.3 does this for all but Internet2 and the enterprise).
    pub synthetic: bool,
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
    /// The time-series model behind the synthetic traffic and port factors.
    #[serde(default)]
    pub traffic: Option<SeriesModel>,
    /// Whether the OD matrices are real (SNDlib) rather than synthetic.
    #[serde(default)]
    pub real_matrices: bool,
    /// Resources modelled (names).
    #[serde(default)]
    pub resources: Vec<String>,
    /// `Σ_r max_t Σ_n W_{n,r}(t)` of CoMb with reuse: the peak network-wide work per
    /// resource; no placement can provision for less (footprints are the same on
    /// every node), so standalone / this bounds every CoMb saving from above.
    #[serde(default)]
    pub cost_lower_bound: f64,
    /// Cache and LB pinned: the least cost any two-step placement could reach,
    /// `Σ_r max_t (Σ_n W_{n,r}(t))` with the pinned work added per node: pinned work
    /// cannot move, so this is `Σ_r max_t Σ_n` of all work as well, but the pinned
    /// part's per-node peaks count separately (see [`two_step_bound`]).
    #[serde(default)]
    pub cost_two_step_bound: f64,
    /// Largest CoMb box when the total is fixed at its optimum and the largest box
    /// (Σ_r Prov_{n,r}) is minimised: path, edge, ingress.
    #[serde(default)]
    pub largest_box_ratio_minmax: Option<[f64; 3]>,
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

/// Epochs per day of the evaluation's time series: the SNDlib Abilene matrices are
/// 5 minutes apart and every 24th is used, so one epoch is 2 hours.
pub const EPOCHS_PER_DAY: f64 = 12.0;

/// Fits the [`SeriesModel`] (diurnal shape, noise level and autocorrelation) to the
/// real SNDlib Abilene matrices at the evaluation's epoch spacing (every 24th
/// 5-minute matrix, all of them).
pub fn fit_abilene(data: &Path) -> Result<SeriesModel> {
    let merge: &[(&str, &str)] = &[("ATLAM5", "ATLAng")];
    let mut t = topology::read_sndlib(&data.join("topologies/sndlib/abilene.xml"), "Internet2")?;
    for (from, into) in merge {
        t.merge(from, into)?;
    }
    let file = data.join("traffic_matrices/abilene_sndlib_tm.csv");
    let series = traffic::read_tm_csv(&file, &t.nodes, merge, usize::MAX, 24)?;
    SeriesModel::fit(&series, EPOCHS_PER_DAY).ok_or_else(|| {
        crate::error::PlanError::data(&file, "too few matrices to fit a time-series model")
    })
}

/// What one topology's evaluation runs on.
#[derive(Debug, Clone, PartialEq)]
pub struct Inputs {
    /// The topology.
    pub topo: Topology,
    /// The OD matrices, one per epoch.
    pub od: Series,
    /// `port[t][i][j][k]`: share of port class `k` ([`PORT_CLASSES`] order) in the
    /// OD volume `od[t][i][j]`; each sums to 1 over `k`.
    pub port: Vec<Vec<Vec<[f64; 4]>>>,
    /// The time-series model of the synthetic parts.
    pub model: SeriesModel,
    /// Whether `od` is real data.
    pub real: bool,
}

/// Port-class shares around [`PORT_CLASSES`]' means, varying per OD pair and
/// epoch with `model`'s noise ([`SeriesModel::shares`]).
fn port_shares(
    model: &SeriesModel,
    n: usize,
    epochs: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<Vec<Vec<[f64; 4]>>> {
    model.shares(&PORT_CLASSES.map(|p| p.3), n, epochs, rng)
}

/// Gravity-model base matrix (total 1000, exponential masses) around which `model`
/// generates `epochs` matrices, plus port-class shares; all from `seed`.
pub fn synthetic_inputs(topo: Topology, model: SeriesModel, epochs: usize, seed: u64) -> Inputs {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = topo.nodes.len();
    let base = traffic::gravity_means(n, 1000.0, &mut rng);
    let od = model.generate(&base, epochs, &mut rng);
    let port = port_shares(&model, n, epochs, &mut rng);
    Inputs {
        topo,
        od,
        port,
        model,
        real: false,
    }
}

/// Loads a setup's topology and draws (or reads) its traffic from `opts.seed`.
pub fn inputs(setup: &Setup, opts: &EvalOptions) -> Result<Inputs> {
    let model = match opts.traffic {
        Some(m) => m,
        None => fit_abilene(&opts.data)?,
    };
    let data = &opts.data;
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
            if opts.synthetic {
                return Ok(synthetic_inputs(t, model, opts.epochs, opts.seed));
            }
            let od = traffic::read_tm_csv(&data.join(tm), &t.nodes, merge, opts.epochs, *stride)?;
            let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
            let port = port_shares(&model, t.nodes.len(), od.len(), &mut rng);
            Inputs {
                topo: t,
                od,
                port,
                model,
                real: true,
            }
        }
        Source::Graphml { file } => {
            let t = topology::read_graphml(&data.join(file), setup.name)?.largest_component();
            synthetic_inputs(t, model, opts.epochs, opts.seed)
        }
        Source::PopCsv { file } => {
            let t = topology::read_pop_csv(&data.join(file), setup.name)?.largest_component();
            synthetic_inputs(t, model, opts.epochs, opts.seed)
        }
    })
}

/// Standalone per-(node, app, resource) workload of one epoch: every application
/// at the ingress, each paying for its own modules (today's deployment).
fn standalone_work(inst: &Instance, vols: &[f64]) -> Vec<Vec<Vec<f64>>> {
    let r = inst.resources.len();
    let mut w = vec![vec![vec![0.0; r]; inst.apps.len()]; inst.nodes.len()];
    for (c, v) in inst.classes.iter().zip(vols) {
        let Some(h) = c.hyperapp else { continue };
        for &a in &inst.hyperapps[h].apps {
            let f = inst.standalone_footprint(a, c.ingress, c.port_class);
            for (x, f) in w[c.ingress][a].iter_mut().zip(f) {
                *x += v * f;
            }
        }
    }
    w
}

/// Size of a box: its capacity summed over resources (the cost it adds).
fn box_size(cap: &[f64]) -> f64 {
    cap.iter().sum()
}

fn max_box(p: &provision::Provision) -> f64 {
    p.capacity.iter().map(|c| box_size(c)).fold(0.0, f64::max)
}

/// A lower bound on the provisioning cost of `wl` over `epochs`: per resource, the
/// larger of the peak network-wide work (each class at its cheapest candidate, plus
/// pinned work) and the sum of the per-node peaks of the pinned work alone.
pub fn cost_bound(wl: &Workload, epochs: &[Vec<f64>]) -> f64 {
    let r = wl.resources;
    let mut peak_total = vec![0.0_f64; r];
    let mut peak_pinned = vec![vec![0.0_f64; r]; wl.nodes];
    for vols in epochs {
        let mut total = vec![0.0; r];
        let mut pinned = vec![vec![0.0; r]; wl.nodes];
        for w in &wl.classes {
            let v = vols.get(w.class).copied().unwrap_or(0.0);
            if let Some(p) = &w.pinned {
                for k in 0..r {
                    pinned[p.node][k] += v * p.footprint[k];
                    total[k] += v * p.footprint[k];
                }
            }
            for (k, t) in total.iter_mut().enumerate() {
                let cheapest = w
                    .candidates
                    .iter()
                    .map(|c| c.footprint[k])
                    .fold(f64::INFINITY, f64::min);
                if cheapest.is_finite() {
                    *t += v * cheapest;
                }
            }
        }
        for k in 0..r {
            peak_total[k] = peak_total[k].max(total[k]);
            for n in 0..wl.nodes {
                peak_pinned[n][k] = peak_pinned[n][k].max(pinned[n][k]);
            }
        }
    }
    (0..r)
        .map(|k| peak_total[k].max(peak_pinned.iter().map(|p| p[k]).sum()))
        .sum()
}

/// Standalone-at-ingress baseline from per-epoch [`standalone_work`]: total cost
/// (each app its own device per node, sized per resource for its own peak) and
/// the largest device.
fn standalone_sizes(works: &[Vec<Vec<Vec<f64>>>], n: usize, apps: usize, res: usize) -> (f64, f64) {
    let peak =
        |nd: usize, a: usize, r: usize| works.iter().map(|w| w[nd][a][r]).fold(0.0, f64::max);
    let mut cost = 0.0;
    let mut largest: f64 = 0.0;
    for nd in 0..n {
        for a in 0..apps {
            let size: f64 = (0..res).map(|r| peak(nd, a, r)).sum();
            cost += size;
            largest = largest.max(size);
        }
    }
    (cost, largest)
}

/// The standalone-at-ingress cost and largest device of [`evaluate`] (Fig. 12's
/// baseline) for an instance and its epochs.
pub fn standalone_cost(inst: &Instance, epochs: &[Vec<f64>]) -> (f64, f64) {
    let works: Vec<Vec<Vec<Vec<f64>>>> = epochs.iter().map(|v| standalone_work(inst, v)).collect();
    standalone_sizes(
        &works,
        inst.nodes.len(),
        inst.apps.len(),
        inst.resources.len(),
    )
}

/// A topology's provisioning instance and class epochs ([`run_topology`] and
/// [`add_provision_gap`] see the same ones).
struct Provisioning {
    topo: Topology,
    /// Mean OD matrix.
    means: Vec<Vec<f64>>,
    inst: Instance,
    epochs: Vec<Vec<f64>>,
}

fn provisioning(inp: &Inputs) -> Result<Provisioning> {
    let means = traffic::mean_matrix(&inp.od);
    let n = inp.topo.nodes.len();
    let spec = scenario::paper_spec_with(
        &inp.topo,
        &means,
        &vec![1.0; n],
        8,
        false,
        Resources::CpuMemory,
    );
    let inst = Instance::from_spec(&spec)?;
    let epochs = scenario::class_epochs_with(&spec, &inp.topo, inp.od.len(), |e, i, j, k| {
        inp.od[e][i][j] * inp.port[e][i][j][k]
    });
    Ok(Provisioning {
        topo: inp.topo.clone(),
        means,
        inst,
        epochs,
    })
}

/// The path-strategy provisioning problem [`evaluate`] solves first (Fig. 12, with
/// reuse): its instance and per-epoch class volumes (for benchmarks and profiling).
pub fn provisioning_problem(inp: &Inputs) -> Result<(Instance, Vec<Vec<f64>>)> {
    let p = provisioning(inp)?;
    Ok((p.inst, p.epochs))
}

/// Runs every experiment on one topology.
pub fn run_topology(setup: &Setup, opts: &EvalOptions, clock: &dyn Clock) -> Result<TopoResult> {
    evaluate(setup, &inputs(setup, opts)?, opts, clock)
}

/// Runs every experiment on given inputs (`setup` only names and annotates).
pub fn evaluate(
    setup: &Setup,
    inp: &Inputs,
    opts: &EvalOptions,
    clock: &dyn Clock,
) -> Result<TopoResult> {
    let Provisioning {
        topo,
        means,
        inst,
        epochs,
    } = provisioning(inp)?;
    let n = topo.nodes.len();
    let res = inst.resources.len();
    let apps = inst.apps.len();
    let popts = ProvisionOptions {
        solver: opts.solver,
        ..ProvisionOptions::default()
    };

    // Standalone ingress baseline: each app is its own device, sized per resource
    // for its own peak.
    let works: Vec<Vec<Vec<Vec<f64>>>> = epochs.iter().map(|v| standalone_work(&inst, v)).collect();
    let (cost_standalone, largest_standalone) = standalone_sizes(&works, n, apps, res);

    let t0 = clock.seconds();
    let wl_path = Workload::hyperapp(&inst, Strategy::Path, true)?;
    let p_path = provision::provision(&wl_path, &epochs, popts)?;
    let provision_seconds = clock.seconds() - t0;
    let p_noreuse = provision::provision(
        &Workload::hyperapp(&inst, Strategy::Path, false)?,
        &epochs,
        popts,
    )?;
    let wl_edge = Workload::hyperapp(&inst, Strategy::Edge, true)?;
    let p_edge = provision::provision(&wl_edge, &epochs, popts)?;
    let wl_ingress = Workload::hyperapp(&inst, Strategy::Ingress, true)?;
    let p_ingress = provision::provision(&wl_ingress, &epochs, popts)?;

    let cspec =
        scenario::paper_spec_with(&topo, &means, &vec![1.0; n], 8, true, Resources::CpuMemory);
    let cinst = Instance::from_spec(&cspec)?;
    let wl_two = Workload::two_step(&cinst, Strategy::Path)?;
    let p_two = provision::provision(&wl_two, &epochs, popts)?;
    let p_cing = provision::provision(
        &Workload::hyperapp(&cinst, Strategy::Ingress, true)?,
        &epochs,
        popts,
    )?;

    // Table 6, second stage: the smallest largest box at the optimal cost.
    let budget = |p: &provision::Provision| p.cost * (1.0 + 1e-7);
    let mm = [
        provision::provision_min_largest(&wl_path, &epochs, budget(&p_path), popts)?,
        provision::provision_min_largest(&wl_edge, &epochs, budget(&p_edge), popts)?,
        provision::provision_min_largest(&wl_ingress, &epochs, budget(&p_ingress), popts)?,
    ];

    // Fig. 14: fixed provisioning, per-epoch max load. Capacity per resource is the
    // network's average work on it, spread uniformly or by volume through the node.
    let avg_work: Vec<Vec<Vec<f64>>> = (0..n)
        .map(|nd| {
            (0..apps)
                .map(|a| {
                    (0..res)
                        .map(|r| {
                            works.iter().map(|w| w[nd][a][r]).sum::<f64>()
                                / works.len().max(1) as f64
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    let net_avg: Vec<f64> = (0..res)
        .map(|r| {
            (0..n)
                .map(|nd| (0..apps).map(|a| avg_work[nd][a][r]).sum::<f64>())
                .sum()
        })
        .collect();
    let mut through = vec![0.0; n];
    for c in &inst.classes {
        for &x in &c.path {
            through[x] += c.volume;
        }
    }
    let through_total: f64 = through.iter().sum::<f64>().max(f64::MIN_POSITIVE);
    let uniform: Vec<Vec<f64>> = (0..n)
        .map(|_| net_avg.iter().map(|w| w / n as f64).collect())
        .collect();
    let volume: Vec<Vec<f64>> = through
        .iter()
        .map(|t| net_avg.iter().map(|w| w * t / through_total).collect())
        .collect();
    let timed = heaviest(&epochs);
    let mut ratios = [Vec::new(), Vec::new()];
    let mut lb_seconds = 0.0;
    let mut lb_size = (0, 0, 0);
    for (k, cap) in [&uniform, &volume].into_iter().enumerate() {
        for (e, vols) in epochs.iter().enumerate() {
            let mut sa: f64 = 0.0;
            for nd in 0..n {
                for r in 0..res {
                    let tot: f64 = (0..apps).map(|a| avg_work[nd][a][r]).sum();
                    for a in 0..apps {
                        if works[e][nd][a][r] > 0.0 {
                            let share = cap[nd][r] * avg_work[nd][a][r] / tot;
                            sa = sa.max(works[e][nd][a][r] / share);
                        }
                    }
                }
            }
            let t = clock.seconds();
            let b = balance::solve(&wl_path, vols, cap, opts.solver)?;
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
        epochs: inp.od.len(),
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
        largest_box_ratio_minmax: Some([lc(&mm[0]), lc(&mm[1]), lc(&mm[2])]),
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
        traffic: Some(inp.model),
        real_matrices: inp.real,
        resources: inst.resources.clone(),
        cost_lower_bound: cost_bound(&wl_path, &epochs),
        cost_two_step_bound: cost_bound(&wl_two, &epochs),
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

/// Solves the relaxed strawman (§4.2) and the hyperapp LP on the heaviest epoch under
/// uniform capacity, recording the strawman's time and size and the gap in `r`.
pub fn add_strawman(
    setup: &Setup,
    opts: &EvalOptions,
    clock: &dyn Clock,
    r: &mut TopoResult,
) -> Result<()> {
    add_strawman_on(&inputs(setup, opts)?, opts, clock, r)
}

/// [`add_strawman`] on given inputs.
pub fn add_strawman_on(
    inp: &Inputs,
    opts: &EvalOptions,
    clock: &dyn Clock,
    r: &mut TopoResult,
) -> Result<()> {
    let Provisioning {
        topo,
        inst: full,
        epochs,
        ..
    } = provisioning(inp)?;
    let n = topo.nodes.len();
    // The heaviest epoch's class volumes as the instance's volumes.
    let mut inst = full;
    let e = heaviest(&epochs);
    for (c, v) in inst
        .classes
        .iter_mut()
        .zip(epochs.get(e).into_iter().flatten())
    {
        c.volume = *v;
    }
    // paper_spec_with gives every node capacity 1 of each resource.
    let cap = vec![vec![1.0; inst.resources.len()]; n];
    let t = clock.seconds();
    let sm = strawman::solve(&inst, Strategy::Path, 1, opts.solver)?;
    r.strawman_seconds = Some(clock.seconds() - t);
    r.strawman_size = Some(sm.size);
    let vols: Vec<f64> = inst.classes.iter().map(|c| c.volume).collect();
    let hb = balance::solve(
        &Workload::hyperapp(&inst, Strategy::Path, true)?,
        &vols,
        &cap,
        opts.solver,
    )?;
    r.gap = Some((hb.max_load - sm.max_load) / sm.max_load);
    add_provision_gap_on(inp, opts, clock, r)
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
    add_provision_gap_on(&inputs(setup, opts)?, opts, clock, r)
}

/// [`add_provision_gap`] on given inputs.
pub fn add_provision_gap_on(
    inp: &Inputs,
    opts: &EvalOptions,
    clock: &dyn Clock,
    r: &mut TopoResult,
) -> Result<()> {
    // The same instance and epochs as run_topology.
    let Provisioning {
        inst, mut epochs, ..
    } = provisioning(inp)?;
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
        let inp = inputs(s, opts)?;
        let mut r = evaluate(s, &inp, opts, clock)?;
        if r.pops <= strawman_max_pops {
            add_strawman_on(&inp, opts, clock, &mut r)?;
        }
        results.push(r);
        done(&results)?;
    }
    Ok(results)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Still;

    impl Clock for Still {
        fn seconds(&self) -> f64 {
            0.0
        }
    }

    /// A ring of 7 PoPs with one chord, so paths have 1–4 nodes.
    fn ring() -> Topology {
        let names: Vec<String> = (0..7).map(|i| format!("P{i}")).collect();
        let mut links: Vec<(String, String, f64)> = (0..7)
            .map(|i| (names[i].clone(), names[(i + 1) % 7].clone(), 1.0))
            .collect();
        links.push((names[0].clone(), names[3].clone(), 1.0));
        Topology::from_named("ring", names, &links)
    }

    fn model() -> SeriesModel {
        SeriesModel {
            period: 12.0,
            amplitude: 0.3,
            phase: 0.5,
            sigma: 0.6,
            rho: 0.7,
        }
    }

    fn setup() -> Setup {
        Setup {
            name: "ring",
            paper_pops: 7,
            source: Source::Graphml { file: "unused" },
            note: "test",
        }
    }

    fn opts(seed: u64) -> EvalOptions {
        EvalOptions {
            data: PathBuf::new(),
            epochs: 24,
            seed,
            solver: Solver::default(),
            traffic: Some(model()),
            synthetic: false,
        }
    }

    fn run(seed: u64) -> TopoResult {
        let inp = synthetic_inputs(ring(), model(), 24, seed);
        evaluate(&setup(), &inp, &opts(seed), &Still).expect("evaluates")
    }

    #[test]
    fn evaluation_shapes_hold() {
        let r = run(3);
        let le = |a: f64, b: f64| a <= b * (1.0 + 1e-6) + 1e-9;
        assert_eq!(r.resources, ["cpu", "mem"]);
        // More candidate nodes never cost more; reuse never costs more.
        assert!(le(r.cost_path_reuse, r.cost_edge), "{r:?}");
        assert!(le(r.cost_edge, r.cost_ingress), "{r:?}");
        assert!(le(r.cost_path_reuse, r.cost_path_noreuse), "{r:?}");
        assert!(le(r.cost_ingress, r.cost_standalone_ingress), "{r:?}");
        // Two-step provisioning is never worse than pinning everything at the ingress.
        assert!(le(r.cost_two_step, r.cost_constrained_ingress), "{r:?}");
        // The bounds are bounds.
        assert!(le(r.cost_lower_bound, r.cost_path_reuse), "{r:?}");
        assert!(le(r.cost_two_step_bound, r.cost_two_step), "{r:?}");
        // With time-varying traffic distribution helps here (peaks at different
        // PoPs at different times), and reuse saves.
        assert!(r.cost_path_reuse < r.cost_ingress * 0.999, "{r:?}");
        assert!(r.cost_standalone_ingress / r.cost_ingress > 1.2, "{r:?}");
        // The second stage never enlarges the largest box.
        let mm = r.largest_box_ratio_minmax.expect("computed");
        for (m, s) in mm.iter().zip(r.largest_box_ratio) {
            assert!(*m >= s * (1.0 - 1e-6), "{r:?}");
        }
        // CoMb's max load is never above the standalone one (all at the ingress with
        // pooled capacity and reuse is feasible), on every epoch.
        assert_eq!(r.load_ratio_uniform.len(), 24);
        for x in r.load_ratio_uniform.iter().chain(&r.load_ratio_volume) {
            assert!(x.is_finite() && *x >= 1.0 - 1e-6, "{x}");
        }
    }

    #[test]
    fn same_seed_same_result_other_seed_other_traffic() {
        let a = run(11);
        assert_eq!(a, run(11));
        let b = run(12);
        assert_ne!(a.cost_standalone_ingress, b.cost_standalone_ingress);
    }

    #[test]
    fn optimality_gaps_are_not_negative() {
        let inp = synthetic_inputs(ring(), model(), 24, 5);
        let mut r = evaluate(&setup(), &inp, &opts(5), &Still).expect("evaluates");
        add_strawman_on(&inp, &opts(5), &Still, &mut r).expect("strawman solves");
        let lb = r.gap.expect("load-balancing gap");
        let pv = r.provision_gap.expect("provisioning gap");
        // The strawman relaxes the hyperapp model, so its optimum is never worse.
        assert!(lb >= -1e-6, "{lb}");
        assert!(pv >= -1e-6, "{pv}");
    }
}
