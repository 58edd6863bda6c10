//! The streaming comparison of `tandem check` (`runner::diff`) per packet:
//! both runs' copy of each packet of a web-search capture (the partitioned
//! run's first, as the check feeds them), and the same with one packet in
//! fifty held by the partitioned run and let out 100 packets later (its
//! reference copy waits, and the packets between are matched across it).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use runner::diff::{Diff, Side};
use trace::workload::GenOptions;

fn frames() -> Vec<Vec<u8>> {
    let opts = GenOptions {
        workload: "websearch".parse().expect("workload"),
        flows: 200,
        seed: 1,
        max_flow_bytes: Some(200_000),
        ..GenOptions::default()
    };
    let trace = trace::workload::generate(&opts).expect("workload");
    let mut out = Vec::new();
    for (conn, i) in trace.packets() {
        let mut f = Vec::new();
        if conn.write_frame(i, &mut f) {
            out.push(f);
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let frames = frames();
    let n = frames.len() as u64;
    let mut g = c.benchmark_group("diff_websearch");
    g.throughput(Throughput::Elements(n));
    g.bench_function("in_step", |b| {
        b.iter(|| {
            let mut d = Diff::default();
            for (i, f) in frames.iter().enumerate() {
                let tag = i as u64;
                d.packet(Side::B, 1, f, tag, false).expect("fits");
                d.packet(Side::A, 1, f, tag, false).expect("fits");
            }
            let done = d.finish();
            assert!(done.agreed());
            done.stats.largest_window
        });
    });
    g.bench_function("one_in_50_held_for_100", |b| {
        b.iter(|| {
            let mut d = Diff::default();
            let mut held: std::collections::VecDeque<(usize, usize)> = Default::default();
            for (i, f) in frames.iter().enumerate() {
                let tag = i as u64;
                while held.front().is_some_and(|&(due, _)| due <= i) {
                    if let Some((_, j)) = held.pop_front() {
                        d.packet(Side::B, 1, &frames[j], j as u64, true)
                            .expect("fits");
                    }
                }
                if i % 50 == 0 {
                    held.push_back((i + 100, i));
                } else {
                    d.packet(Side::B, 1, f, tag, false).expect("fits");
                }
                d.packet(Side::A, 1, f, tag, false).expect("fits");
            }
            for (_, j) in held {
                d.packet(Side::B, 1, &frames[j], j as u64, true)
                    .expect("fits");
            }
            let done = d.finish();
            assert!(done.agreed(), "{:?}", done.mismatches.first());
            done.stats.largest_window
        });
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
