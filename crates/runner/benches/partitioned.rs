//! The partitioned engine (switch model + server runtime) as `tandem live` drives
//! it, frames in memory: the per-packet path of known flows and the per-new-flow
//! path, on MazuNAT (docs/PERFORMANCE.md, "The partitioned engine").
//!
//! The frames are `tandem loadgen`'s: 64-byte IPv4/UDP from 198.18.0.0/16 to
//! 198.19.0.2, either 64 flows that are already installed (`known_flows`) or every
//! frame a new flow (`new_flows`, 100,000 new flows per second of frame time). The
//! runner is driven as the live loop drives it: a frame at a time, and every 64
//! frames an `advance` that lets out the held packets due by then.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use runner::Runner;

mod common;
use common::{Count, Setting, drive, engine};

fn bench(c: &mut Criterion) {
    let program = common::mazunat();
    let known = common::known_flows(4096);
    let mut g = c.benchmark_group("partitioned_mazunat");
    g.throughput(Throughput::Elements(known.len() as u64));
    g.bench_function("known_flows", |b| {
        b.iter_batched_ref(
            || common::engine_with_known_flows(&program),
            |e| {
                let mut r = Runner::new(e, &program, Count(0));
                drive(&mut r, &known, 2_000_000_000, 2_000);
                assert_eq!(r.sink_mut().0, known.len() as u64, "every frame forwarded");
            },
            BatchSize::LargeInput,
        )
    });

    let flows = common::new_flows(4096);
    g.throughput(Throughput::Elements(flows.len() as u64));
    for (name, setting) in [
        ("new_flows_serial", Setting::Serial),
        ("new_flows_batched", Setting::Batched),
        ("new_flows_live", Setting::Live),
        ("new_flows_handshake", Setting::Handshake),
    ] {
        g.bench_function(name, |b| {
            b.iter_batched_ref(
                || engine(&program, setting),
                |e| {
                    let mut r = Runner::new(e, &program, Count(0));
                    // 100,000 new flows per second, then everything held let out.
                    drive(&mut r, &flows, 0, 10_000);
                    r.advance(u64::MAX).expect("sink");
                    assert_eq!(r.sink_mut().0, flows.len() as u64, "every flow forwarded");
                },
                BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
