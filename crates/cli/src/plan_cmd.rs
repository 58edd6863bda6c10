//! `tandem plan`: the CoMb network-wide controller (owned by the `plan` work).
//!
//! `tandem plan --spec FILE` solves one spec; `tandem plan eval` reproduces the
//! paper's network-wide evaluation; `tandem plan export-spec` regenerates the
//! example specs under `examples/plan/`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use plan::config::{self, FilterMode};
use plan::provision::{self, ProvisionOptions};
use plan::{Instance, Solver, Spec, Strategy, Workload, balance, mps, overload};

/// Options of `tandem plan`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct PlanArgs {
    #[command(subcommand)]
    command: Option<PlanCommand>,
    #[command(flatten)]
    solve: SolveArgs,
}

/// Subcommands of `tandem plan`.
#[derive(Debug, clap::Subcommand)]
enum PlanCommand {
    /// Reproduce the paper's network-wide evaluation (Fig. 12-14, Tables 5-7).
    Eval(EvalArgs),
    /// Write a ready spec for every topology in the data directory.
    ExportSpec(ExportArgs),
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Objective {
    /// Minimise the maximum load over nodes and resources (Eq. 5-8).
    Load,
    /// Minimise total provisioned capacity for the spec's volumes.
    Provision,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum StrategyArg {
    Path,
    Edge,
    Ingress,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum SolverArg {
    Highs,
    Microlp,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum FiltersArg {
    /// Prefix filters where the class prefix allows, else hash ranges.
    Auto,
    /// Hash ranges only.
    Hash,
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    /// Spec file (TOML, or JSON if it ends in .json); see docs/COMB.md.
    #[arg(long)]
    spec: Option<PathBuf>,
    /// What to optimise.
    #[arg(long, value_enum, default_value = "load")]
    objective: Objective,
    /// Where on its path a class may be processed.
    #[arg(long, value_enum, default_value = "path")]
    strategy: StrategyArg,
    /// LP solver.
    #[arg(long, value_enum, default_value = "highs")]
    solver: SolverArg,
    /// How shares become classifier entries.
    #[arg(long, value_enum, default_value = "auto")]
    filters: FiltersArg,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
    /// Write the LP as free-format MPS to this file.
    #[arg(long, value_name = "FILE")]
    export_mps: Option<PathBuf>,
    /// Write per-box configurations (one JSON file per node) to this directory.
    #[arg(short = 'o', long = "out", value_name = "DIR")]
    out: Option<PathBuf>,
}

/// Runs `tandem plan`.
pub fn run(args: PlanArgs) -> anyhow::Result<ExitCode> {
    match args.command {
        Some(PlanCommand::Eval(a)) => run_eval(a),
        Some(PlanCommand::ExportSpec(a)) => run_export(a),
        None => solve(args.solve),
    }
}

fn solver_of(s: SolverArg) -> Solver {
    match s {
        SolverArg::Highs => Solver::Highs,
        SolverArg::Microlp => Solver::Microlp,
    }
}

fn strategy_of(s: StrategyArg) -> Strategy {
    match s {
        StrategyArg::Path => Strategy::Path,
        StrategyArg::Edge => Strategy::Edge,
        StrategyArg::Ingress => Strategy::Ingress,
    }
}

pub(crate) fn read_instance(path: &Path) -> anyhow::Result<Instance> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let spec = Spec::parse(&text, &path.display().to_string())?;
    Ok(Instance::from_spec(&spec)?)
}

fn write(path: &Path, text: &str) -> anyhow::Result<()> {
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

fn solve(a: SolveArgs) -> anyhow::Result<ExitCode> {
    let Some(spec_path) = a.spec.as_deref() else {
        bail!("`tandem plan` needs --spec FILE (or a subcommand: eval, export-spec)");
    };
    let inst = read_instance(spec_path)?;
    let solver = solver_of(a.solver);
    let strategy = strategy_of(a.strategy);
    let wl = Workload::hyperapp(&inst, strategy, true)?;
    let vols: Vec<f64> = inst.classes.iter().map(|c| c.volume).collect();
    let capacity: Vec<Vec<f64>> = inst.nodes.iter().map(|n| n.capacity.clone()).collect();
    let mut summary = serde_json::json!({
        "spec": spec_path.display().to_string(),
        "strategy": strategy.name(),
        "solver": solver.name(),
        "nodes": inst.nodes.len(),
        "classes": inst.classes.len(),
        "hyperapps": (0..inst.hyperapps.len()).map(|h| inst.hyperapp_label(h)).collect::<Vec<_>>(),
    });
    match a.objective {
        Objective::Load => {
            let model = balance::build(&wl, &vols, &capacity)?;
            if let Some(p) = &a.export_mps {
                write(p, &mps::write_mps(&model.lp))?;
            }
            let t = Instant::now();
            let bal = balance::solve(&wl, &vols, &capacity, solver)?;
            let secs = t.elapsed().as_secs_f64();
            let per_res: serde_json::Map<String, serde_json::Value> = inst
                .resources
                .iter()
                .enumerate()
                .map(|(r, name)| {
                    let m = bal
                        .load
                        .iter()
                        .zip(&capacity)
                        .filter(|(_, c)| c[r] > 0.0)
                        .map(|(l, c)| l[r] / c[r])
                        .fold(0.0, f64::max);
                    (name.clone(), m.into())
                })
                .collect();
            summary["objective_kind"] = "load".into();
            summary["objective"] = bal.max_load.into();
            summary["max_load"] = per_res.into();
            // λ > 1: even the best split does not fit the provisioned boxes. Say so
            // (and where) rather than print a plan that reads as feasible.
            let overloaded = overload::is_overloaded(bal.max_load);
            let hot = overload::hotspot(&inst, &bal);
            summary["overloaded"] = overloaded.into();
            summary["most_loaded"] = serde_json::to_value(&hot)?;
            if overloaded {
                warn_overloaded(bal.max_load, hot.as_ref());
            }
            summary["solve_seconds"] = secs.into();
            summary["variables"] = bal.size.0.into();
            summary["constraints"] = bal.size.1.into();
            summary["nonzeros"] = bal.size.2.into();
            if let Some(dir) = &a.out {
                let mode = match a.filters {
                    FiltersArg::Auto => FilterMode::Auto,
                    FiltersArg::Hash => FilterMode::Hash,
                };
                let boxes = config::box_configs(&inst, &wl, &bal, mode, solver)?;
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("creating {}", dir.display()))?;
                for b in &boxes {
                    let file = dir.join(format!("{}.json", sanitize(&b.node)));
                    write(&file, &serde_json::to_string_pretty(b)?)?;
                }
                summary["configs"] = dir.display().to_string().into();
            }
        }
        Objective::Provision => {
            let lp = provision::build(&wl, &[vols.as_slice()]);
            if let Some(p) = &a.export_mps {
                write(p, &mps::write_mps(&lp))?;
            }
            let t = Instant::now();
            let opts = ProvisionOptions {
                solver,
                ..ProvisionOptions::default()
            };
            let prov = provision::provision(&wl, std::slice::from_ref(&vols), opts)?;
            let secs = t.elapsed().as_secs_f64();
            summary["objective_kind"] = "provision".into();
            summary["objective"] = prov.cost.into();
            summary["solve_seconds"] = secs.into();
            summary["variables"] = prov.size.0.into();
            summary["constraints"] = prov.size.1.into();
            summary["nonzeros"] = prov.size.2.into();
            summary["capacity"] = inst
                .nodes
                .iter()
                .zip(&prov.capacity)
                .map(|(n, c)| (n.name.clone(), serde_json::json!(c)))
                .collect::<serde_json::Map<_, _>>()
                .into();
        }
    }
    if a.json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print_summary(&summary);
    }
    Ok(ExitCode::SUCCESS)
}

/// The stderr warning for a plan whose optimum load exceeds 1.
fn warn_overloaded(max_load: f64, hot: Option<&overload::Hotspot>) {
    let at = match hot {
        Some(h) => format!(
            "; most loaded: node {} resource {} ({:.6} of {:.6} provisioned)",
            h.node, h.resource, h.load, h.capacity
        ),
        None => String::new(),
    };
    #[allow(clippy::print_stderr)]
    {
        eprintln!(
            "warning: overloaded: the demand does not fit the provisioned capacity even with \
             the best split (max load {max_load:.6} > 1){at}"
        );
    }
}

fn sanitize(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn print_summary(s: &serde_json::Value) {
    let g = |k: &str| s.get(k).cloned().unwrap_or_default();
    println!("spec       {}", g("spec").as_str().unwrap_or(""));
    println!(
        "instance   {} nodes, {} classes, {} hyperapps",
        g("nodes"),
        g("classes"),
        g("hyperapps").as_array().map_or(0, Vec::len)
    );
    println!(
        "strategy   {} (solver {})",
        g("strategy").as_str().unwrap_or(""),
        g("solver").as_str().unwrap_or("")
    );
    match g("objective_kind").as_str() {
        Some("load") => {
            println!(
                "objective  max load {:.6}",
                g("objective").as_f64().unwrap_or(f64::NAN)
            );
            if let Some(m) = g("max_load").as_object() {
                for (r, v) in m {
                    println!("  {r:<8} {:.6}", v.as_f64().unwrap_or(f64::NAN));
                }
            }
            let hot = g("most_loaded");
            let at = match (hot["node"].as_str(), hot["resource"].as_str()) {
                (Some(n), Some(r)) => format!(" (most loaded: node {n}, {r})"),
                _ => String::new(),
            };
            if g("overloaded").as_bool() == Some(true) {
                println!(
                    "fits       NO: overloaded, the demand exceeds the provisioned capacity{at}"
                );
            } else {
                println!("fits       yes{at}");
            }
        }
        _ => println!(
            "objective  total capacity {:.6}",
            g("objective").as_f64().unwrap_or(f64::NAN)
        ),
    }
    println!(
        "model      {} variables, {} constraints, {} non-zeros",
        g("variables"),
        g("constraints"),
        g("nonzeros")
    );
    println!(
        "solved in  {:.4} s",
        g("solve_seconds").as_f64().unwrap_or(f64::NAN)
    );
    if let Some(dir) = g("configs").as_str() {
        println!("configs    {dir}/<node>.json");
    }
}

/// Options of `tandem plan eval`.
#[derive(Debug, clap::Args)]
struct EvalArgs {
    /// Output directory for results.json, tables.md and fig12-14.svg.
    #[arg(short = 'o', long = "out", value_name = "DIR")]
    out: PathBuf,
    /// Data directory (topologies, traffic matrices).
    #[arg(long, default_value = "../shared/data")]
    data: PathBuf,
    /// Epochs of time-varying traffic.
    #[arg(long, default_value_t = 200)]
    epochs: usize,
    /// Seed of the synthetic traffic.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// LP solver.
    #[arg(long, value_enum, default_value = "highs")]
    solver: SolverArg,
    /// Only these topologies (Internet2, Geant, Enterprise, AS1221, AS3257, AS1239).
    #[arg(long = "only", value_name = "NAME")]
    only: Vec<String>,
    /// Solve the relaxed strawman on topologies with at most this many PoPs.
    #[arg(long, default_value_t = 23)]
    strawman_max_pops: usize,
    /// Solve nothing but the provisioning optimality gap (strawman vs hyperapp on the
    /// heaviest epochs) and add it to the results.json already in DIR.
    #[arg(long)]
    gap_only: bool,
    /// Override the fitted time-series model: log-noise standard deviation σ.
    #[arg(long)]
    sigma: Option<f64>,
    /// Override the fitted time-series model: lag-1 noise autocorrelation ρ.
    #[arg(long)]
    rho: Option<f64>,
    /// Override the fitted time-series model: relative diurnal amplitude.
    #[arg(long)]
    amplitude: Option<f64>,
    /// Synthetic (gravity + time-series) traffic also on Internet2 and Geant.
    #[arg(long)]
    synthetic: bool,
}

/// The traffic model of `plan eval`: fitted to the Abilene matrices (in the
/// library) unless a parameter is overridden, in which case it is fitted here and
/// patched.
fn traffic_model(a: &EvalArgs) -> anyhow::Result<Option<plan::traffic::SeriesModel>> {
    if a.sigma.is_none() && a.rho.is_none() && a.amplitude.is_none() {
        return Ok(None);
    }
    for (name, v) in [
        ("sigma", a.sigma),
        ("rho", a.rho),
        ("amplitude", a.amplitude),
    ] {
        if let Some(v) = v {
            let ok = v.is_finite() && v >= 0.0 && (name == "sigma" || v < 1.0);
            if !ok {
                bail!("--{name} {v}: must be >= 0 (and < 1 for rho and amplitude)");
            }
        }
    }
    let mut m = plan::eval::fit_abilene(&a.data).context("fitting the Abilene series")?;
    m.sigma = a.sigma.unwrap_or(m.sigma);
    m.rho = a.rho.unwrap_or(m.rho);
    m.amplitude = a.amplitude.unwrap_or(m.amplitude);
    Ok(Some(m))
}

/// Options of `tandem plan export-spec`.
#[derive(Debug, clap::Args)]
struct ExportArgs {
    /// Output directory (the repository keeps them in examples/plan).
    #[arg(
        short = 'o',
        long = "out",
        value_name = "DIR",
        default_value = "examples/plan"
    )]
    out: PathBuf,
    /// Data directory.
    #[arg(long, default_value = "../shared/data")]
    data: PathBuf,
    /// Seed of gravity-model traffic.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

struct WallClock(Instant);

impl plan::eval::Clock for WallClock {
    fn seconds(&self) -> f64 {
        self.0.elapsed().as_secs_f64()
    }
}

fn run_eval(a: EvalArgs) -> anyhow::Result<ExitCode> {
    let setups: Vec<_> = plan::eval::paper_setups()
        .into_iter()
        .filter(|s| a.only.is_empty() || a.only.iter().any(|o| o.eq_ignore_ascii_case(s.name)))
        .collect();
    if setups.is_empty() {
        bail!("--only matches no topology (Internet2, Geant, Enterprise, AS1221, AS3257, AS1239)");
    }
    let clock = WallClock(Instant::now());
    if a.gap_only {
        return add_gaps(&a, &setups, &clock);
    }
    let bar = indicatif::ProgressBar::new(setups.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut results = Vec::new();
    let traffic = traffic_model(&a)?;
    for s in &setups {
        bar.set_message(s.name);
        let opts = plan::eval::EvalOptions {
            data: a.data.clone(),
            epochs: a.epochs,
            seed: a.seed,
            solver: solver_of(a.solver),
            traffic,
            synthetic: a.synthetic,
        };
        let inp = plan::eval::inputs(s, &opts).with_context(|| format!("topology {}", s.name))?;
        let mut r = plan::eval::evaluate(s, &inp, &opts, &clock)
            .with_context(|| format!("topology {}", s.name))?;
        if r.pops <= a.strawman_max_pops {
            plan::eval::add_strawman_on(&inp, &opts, &clock, &mut r)
                .with_context(|| format!("strawman on {}", s.name))?;
        }
        results.push(r);
        // Write after every topology so nothing already computed is lost.
        plan::report::write_all(&a.out, &results, a.epochs, a.seed)?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    println!(
        "wrote {}/{{results.json,tables.md,fig12.svg,fig13.svg,fig14.svg}}",
        a.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// `plan eval --gap-only`: adds the provisioning gap to the saved results of the
/// selected topologies with at most `--strawman-max-pops` PoPs, leaving every other
/// number as it was.
fn add_gaps(
    a: &EvalArgs,
    setups: &[plan::eval::Setup],
    clock: &WallClock,
) -> anyhow::Result<ExitCode> {
    let file = a.out.join("results.json");
    let text =
        std::fs::read_to_string(&file).with_context(|| format!("reading {}", file.display()))?;
    let mut results: Vec<plan::eval::TopoResult> =
        serde_json::from_str(&text).with_context(|| format!("parsing {}", file.display()))?;
    let epochs = results.first().map_or(a.epochs, |r| r.epochs);
    if results.iter().any(|r| r.epochs != epochs) {
        bail!(
            "{}: topologies were run with different epoch counts",
            file.display()
        );
    }
    let opts = plan::eval::EvalOptions {
        data: a.data.clone(),
        epochs,
        seed: a.seed,
        solver: solver_of(a.solver),
        traffic: traffic_model(a)?,
        synthetic: a.synthetic,
    };
    for s in setups {
        let Some(r) = results.iter_mut().find(|r| r.name == s.name) else {
            continue;
        };
        if r.pops > a.strawman_max_pops {
            continue;
        }
        plan::eval::add_provision_gap(s, &opts, clock, r)
            .with_context(|| format!("provisioning gap on {}", s.name))?;
        println!(
            "{}: provisioning gap {:.4} %",
            s.name,
            100.0 * r.provision_gap.unwrap_or(f64::NAN)
        );
        plan::report::write_all(&a.out, &results, epochs, a.seed)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn run_export(a: ExportArgs) -> anyhow::Result<ExitCode> {
    std::fs::create_dir_all(&a.out).with_context(|| format!("creating {}", a.out.display()))?;
    for (stem, setup) in plan::catalog::all_setups() {
        let text = plan::catalog::render(stem, &setup, &a.data, a.seed)
            .with_context(|| format!("topology {stem}"))?;
        let file = a.out.join(format!("{stem}.toml"));
        write(&file, &text)?;
        println!("{}", file.display());
    }
    Ok(ExitCode::SUCCESS)
}
