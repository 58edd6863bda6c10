//! Time to partition each example NF (all passes, from verified IR to the
//! transfer layouts), and to render partition.json (which runs the resource
//! checker on the offloaded state), and to lower the switch side to one `pipe`
//! program (validation and the resource checker included).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::PathBuf;

fn program(name: &str) -> ir::Program {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../../examples/nf/{name}.nf"));
    match lang::compile_file(&path, &lang::Overrides::default()) {
        Ok(c) => c.program,
        Err(e) => panic!("{name}: {e}"),
    }
}

fn bench(c: &mut Criterion) {
    let opts = compiler::Options::default();
    for name in ["mazunat", "lb", "firewall", "proxy", "trojan"] {
        let p = program(name);
        c.bench_function(&format!("partition/{name}"), |b| {
            b.iter(|| compiler::partition(black_box(&p), &opts).map(|c| c.ops.len()))
        });
        let done = match compiler::partition(&p, &opts) {
            Ok(c) => c,
            Err(e) => panic!("{name}: {e}"),
        };
        c.bench_function(&format!("partition_json/{name}"), |b| {
            b.iter(|| compiler::report::partition_json(black_box(&done)))
        });
        c.bench_function(&format!("lower_switch/{name}"), |b| {
            b.iter(|| {
                compiler::lower_switch::lower_switch(black_box(&done))
                    .map(|l| l.program.actions.len())
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
