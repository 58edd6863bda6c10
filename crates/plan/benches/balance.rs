//! Load-balancing LP (Eq. 5–8) build + solve on the shipped example specs.
//!
//! `CARGO_TARGET_DIR=/work/targets/plan cargo bench -p plan --bench balance`

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

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("balance_highs");
    g.sample_size(10);
    for name in [
        "sndlib-abilene.toml",
        "sndlib-geant.toml",
        "rocketfuel-as1221.toml",
        "rocketfuel-as3257.toml",
    ] {
        let (wl, vols, cap) = load(name);
        g.bench_function(name, |b| {
            b.iter(|| balance::solve(black_box(&wl), &vols, &cap, Solver::Highs).expect("solves"))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
