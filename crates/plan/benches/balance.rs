//! Load-balancing LP (Eq. 5–8) build + solve on the shipped example specs.
//!
//! `CARGO_TARGET_DIR=/work/targets/plan cargo bench -p plan --bench balance`
//!
//! Two groups solve the same LPs: `balance_highs` (HiGHS) and `balance_microlp`
//! (the pure-Rust `microlp` simplex), so the two solvers can be compared.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use plan::{Instance, Solver, Spec, Strategy, Workload, balance};

fn load(name: &str) -> (Workload, Vec<f64>, Vec<Vec<f64>>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/plan")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("example spec exists");
    let inst = Instance::from_spec(&Spec::parse(&text, name).expect("parses")).expect("valid");
    let wl = Workload::hyperapp(&inst, Strategy::Path, true).expect("workload");
    let vols = inst.classes.iter().map(|c| c.volume).collect();
    let cap = inst.nodes.iter().map(|n| n.capacity.clone()).collect();
    (wl, vols, cap)
}

const SPECS: [&str; 5] = [
    "sndlib-abilene.toml",
    "sndlib-geant.toml",
    "rocketfuel-as1221.toml",
    "rocketfuel-as3257.toml",
    "rocketfuel-as1239.toml",
];

fn group(c: &mut Criterion, name: &str, solver: Solver) {
    let mut g = c.benchmark_group(name);
    g.sample_size(10);
    for spec in SPECS {
        let (wl, vols, cap) = load(spec);
        g.bench_function(spec, |b| {
            b.iter(|| balance::solve(black_box(&wl), &vols, &cap, solver).expect("solves"))
        });
    }
    g.finish();
}

fn bench(c: &mut Criterion) {
    group(c, "balance_highs", Solver::Highs);
    group(c, "balance_microlp", Solver::Microlp);
}

criterion_group!(benches, bench);
criterion_main!(benches);
