//! One two-resource provisioning over 200 epochs (constraint generation, path
//! strategy, with reuse) on Internet2 with its real SNDlib Abilene series: the first
//! provisioning of `tandem plan eval` (Fig. 12).
//!
//! `HIGHS_DIR=/work/highs-prefix cargo bench -p plan --bench provision`
//! (needs `../shared/data` beside the workspace, or `COMB_DATA=DIR`).

use std::hint::black_box;
use std::io::Write as _;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use plan::eval::{self, EvalOptions};
use plan::provision::{self, ProvisionOptions};
use plan::{Solver, Strategy, Workload, balance};

fn data() -> PathBuf {
    std::env::var_os("COMB_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"),
        PathBuf::from,
    )
}

fn bench(c: &mut Criterion) {
    let opts = EvalOptions {
        data: data(),
        epochs: 200,
        seed: 1,
        solver: Solver::Highs,
        traffic: None,
        synthetic: false,
    };
    let setup = eval::paper_setups()
        .into_iter()
        .find(|s| s.name == "Internet2")
        .expect("Internet2 is a paper setup");
    let inp = eval::inputs(&setup, &opts).expect("Internet2 data (set COMB_DATA)");
    let (inst, epochs) = eval::provisioning_problem(&inp).expect("instance");
    let wl = Workload::hyperapp(&inst, Strategy::Path, true).expect("workload");
    let popts = ProvisionOptions::default();
    let once = provision::provision(&wl, &epochs, popts).expect("solves");
    let _ = writeln!(
        std::io::stderr(),
        "internet2 provisioning: cost {:.6}, {} rounds, {} active epochs, {} check LPs",
        once.cost,
        once.rounds,
        once.active.len(),
        once.checks
    );
    let mut g = c.benchmark_group("provision_highs");
    g.sample_size(10);
    g.bench_function("internet2_path_200_epochs", |b| {
        b.iter(|| provision::provision(black_box(&wl), &epochs, popts).expect("solves"))
    });
    g.finish();

    // Where the time goes: the checks of one round (every epoch under the final
    // capacity, i.e. the last round) as separate cold LPs (before) and as one LP
    // re-solved from the previous basis (after), and the restricted LP over the
    // final active set.
    let slack: Vec<Vec<f64>> = once
        .capacity
        .iter()
        .map(|c| c.iter().map(|x| x * (1.0 + 1e-6) + 1e-6).collect())
        .collect();
    let mut g = c.benchmark_group("provision_parts");
    g.sample_size(10);
    g.bench_function("checks_200_cold", |b| {
        b.iter(|| {
            for v in &epochs {
                let l = balance::solve(&wl, v, &slack, Solver::Highs).expect("solves");
                assert!(l.max_load <= 1.0, "{}", l.max_load);
            }
        })
    });
    g.bench_function("checks_200_warm", |b| {
        b.iter(|| {
            let mut checker =
                balance::Checker::new(&wl, &slack, &epochs[0], Solver::Highs).expect("builds");
            for v in &epochs {
                let l = checker.max_load(v).expect("solves");
                assert!(l <= 1.0, "{l}");
            }
        })
    });
    let sets: Vec<&[f64]> = once.active.iter().map(|&e| epochs[e].as_slice()).collect();
    g.bench_function("restricted_lp_final_active_set", |b| {
        b.iter(|| {
            provision::build(&wl, &sets)
                .solve(Solver::Highs)
                .expect("solves")
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
