//! `tandem box eval`: CoMb controller to boxes, end to end (docs/BOX.md,
//! "End to end"; the library is `combox::eval`).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use combox::Catalogue;
use combox::eval::{self, EvalOptions, EvalReport};
use plan::config::FilterMode;
use plan::{Solver, Strategy};

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum FiltersArg {
    /// Prefix filters where the class prefix allows, else hash ranges.
    Auto,
    /// Hash ranges only.
    Hash,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum SolverArg {
    Highs,
    Microlp,
}

/// Options of `tandem box eval`.
///
/// For every spec: plans it as `tandem plan -o` does (or reads the boxes from
/// --configs), generates every class's sessions (addresses in the class's
/// prefixes, ports of its port class, counts by volume, seeded), sends each
/// packet through the box of every node on its path (replies in reverse path
/// order) and checks that every application of each session's hyperapp ran
/// exactly once in the network, both directions on one box and one core, and
/// that each box's load matches the LP's within the stated tolerance. Fails
/// (exit 1) if any check fails.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  tandem box eval --spec examples/plan/sndlib-abilene.toml
  tandem box eval --spec examples/plan/sndlib-abilene.toml --configs boxes --json eval.json
  tandem box eval $(for s in examples/plan/*.toml; do echo --spec $s; done) --sessions 5000")]
pub struct EvalArgs {
    /// Spec(s) to plan and evaluate (repeatable).
    #[arg(long, value_name = "SPEC", required = true)]
    spec: Vec<PathBuf>,
    /// Evaluate the configurations `tandem plan -o DIR` wrote instead of
    /// planning again (one --spec only: the spec they came from).
    #[arg(long, value_name = "DIR")]
    configs: Option<PathBuf>,
    /// Application catalogue.
    #[arg(
        long,
        value_name = "FILE.toml",
        default_value = "examples/box/catalog.toml"
    )]
    catalog: PathBuf,
    /// Sessions over all classes, shared by volume.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    sessions: usize,
    /// Sessions every class gets at least.
    #[arg(long, value_name = "N", default_value_t = 1)]
    min_per_class: usize,
    /// Seed of the traffic.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Load tolerance: standard deviations of the sampling error.
    #[arg(long, default_value_t = 5.0)]
    sigmas: f64,
    /// Load tolerance: absolute slack (fraction of capacity).
    #[arg(long, default_value_t = 0.005)]
    slack: f64,
    /// How shares become classifier entries (when planning).
    #[arg(long, value_enum, default_value = "auto")]
    filters: FiltersArg,
    /// LP solver (when planning).
    #[arg(long, value_enum, default_value = "highs")]
    solver: SolverArg,
    /// Turn module reuse off in the boxes.
    #[arg(long)]
    no_reuse: bool,
    /// Write the reports as JSON to this file.
    #[arg(long, value_name = "FILE.json")]
    json: Option<PathBuf>,
}

/// Runs `tandem box eval`.
pub fn run(a: EvalArgs) -> anyhow::Result<ExitCode> {
    if a.configs.is_some() && a.spec.len() != 1 {
        anyhow::bail!(
            "--configs DIR takes exactly one --spec (the spec the boxes were planned from)"
        );
    }
    if !a.catalog.exists() {
        anyhow::bail!(
            "no catalogue at {} (the default is relative to the repository root; pass --catalog FILE)",
            a.catalog.display()
        );
    }
    let catalogue = Catalogue::read(&a.catalog)?;
    let opts = EvalOptions {
        sessions: a.sessions,
        min_per_class: a.min_per_class,
        seed: a.seed,
        reuse: !a.no_reuse,
        sigmas: a.sigmas,
        slack: a.slack,
    };
    let solver = match a.solver {
        SolverArg::Highs => Solver::Highs,
        SolverArg::Microlp => Solver::Microlp,
    };
    let mode = match a.filters {
        FiltersArg::Auto => FilterMode::Auto,
        FiltersArg::Hash => FilterMode::Hash,
    };
    let mut reports = Vec::new();
    let mut all_passed = true;
    for spec in &a.spec {
        let inst = crate::plan_cmd::read_instance(spec)?;
        let boxes = match &a.configs {
            Some(dir) => plan::boxcfg::read_dir(dir)?,
            None => eval::plan_boxes(&inst, Strategy::Path, mode, solver)
                .with_context(|| format!("planning {}", spec.display()))?,
        };
        let bar = crate::run_cmd::progress_bar(0, "packets");
        let report = eval::run(&inst, &boxes, &catalogue, &opts, &mut |d, t| {
            bar.set_length(t);
            bar.set_position(d);
        })
        .with_context(|| format!("evaluating {}", spec.display()))?;
        bar.finish_and_clear();
        print_report(&spec.display().to_string(), &report)?;
        all_passed &= report.passed;
        reports.push(serde_json::json!({ "spec": spec.display().to_string(), "report": report }));
    }
    if let Some(path) = &a.json {
        crate::run_cmd::write_json(path, &serde_json::Value::Array(reports))?;
    }
    if !all_passed {
        anyhow::bail!("the end-to-end check failed (see above)");
    }
    Ok(ExitCode::SUCCESS)
}

fn print_report(spec: &str, r: &EvalReport) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    let c = &r.coverage;
    writeln!(
        out,
        "spec       {spec}: {} nodes, {} classes, {} boxes, seed {}, reuse {}",
        r.nodes, r.classes, r.boxes, r.seed, r.reuse
    )?;
    writeln!(
        out,
        "sessions   {} ({} with a hyperapp): {} exactly once | {} gaps, {} double, {} split directions, {} one direction, {} split cores, {} foreign | {} dropped by an application",
        c.sessions,
        c.with_hyperapp,
        c.exactly_once,
        c.gaps,
        c.doubles,
        c.split_directions,
        c.one_direction,
        c.split_cores,
        c.foreign,
        c.dropped
    )?;
    writeln!(
        out,
        "packets    {} sent, {} arrivals at boxes, {} rewritten to another flow by an application (not followed)",
        c.packets, c.box_arrivals, c.rewritten
    )?;
    for f in &r.failures {
        writeln!(out, "FAIL       {f}")?;
    }
    let res = r.resources.first().map_or("load", String::as_str);
    writeln!(
        out,
        "{:<16} {:>9} {:>9} {:>9} {:>4} {:>9} {:>9} {:>9} {:>10} {:>9}",
        "box",
        format!("LP {res}"),
        "measured",
        "tolerance",
        "ok",
        "LP core",
        "meas core",
        "sessions",
        "packets",
        "cpu ms"
    )?;
    for l in &r.loads {
        writeln!(
            out,
            "{:<16} {:>9.4} {:>9.4} {:>9.4} {:>4} {:>9.4} {:>9.4} {:>9} {:>10} {:>9.2}",
            l.node,
            l.predicted.first().copied().unwrap_or(0.0),
            l.measured.first().copied().unwrap_or(0.0),
            l.tolerance.first().copied().unwrap_or(0.0),
            if l.ok { "yes" } else { "NO" },
            l.predicted_core,
            l.measured_core,
            l.sessions,
            l.packets,
            l.cpu_ns as f64 / 1e6
        )?;
    }
    writeln!(
        out,
        "max load   LP {:.4}, measured {:.4}; max core load LP {:.4}, measured {:.4}; {} of {} boxes within tolerance ({} sigmas + {})",
        r.max_load_predicted,
        r.max_load_measured,
        r.max_core_predicted,
        r.max_core_measured,
        r.loads_ok,
        r.boxes,
        r.sigmas,
        r.slack
    )?;
    writeln!(out, "result     {}", if r.passed { "PASS" } else { "FAIL" })?;
    out.flush()?;
    Ok(())
}
