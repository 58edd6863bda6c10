//! Per-packet cost of the all-on-CPU baseline and of CoFilter (switch model +
//! agent), and the agent's placement cost.
//! `cargo bench -p filter --bench filter -- --warm-up-time 1 --measurement-time 4`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use filter::capacity::random_key;
use filter::cofilter::{CoFilter, Config};
use filter::layout::Layout;
use filter::packet::Pkt;
use filter::program::tofino1_layout;
use filter::shadow::Shadow;
use filter::tracker::{INSIDE, Policy, Tracker};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use trace::workload::{GenOptions, Side, generate};

/// A websearch trace as (time, port, frame), clients inside.
fn packets() -> Vec<(u64, u16, Vec<u8>)> {
    let t = generate(&GenOptions {
        flows: 300,
        max_flow_bytes: Some(1_000_000),
        ..GenOptions::default()
    })
    .expect("generate");
    t.packets()
        .map(|(c, i)| {
            let mut f = Vec::new();
            c.write_frame(i, &mut f);
            let port = if c.packets[i].side == Side::Client {
                INSIDE
            } else {
                1
            };
            (c.packets[i].ts_ns, port, f)
        })
        .collect()
}

fn per_packet(c: &mut Criterion) {
    let pkts = packets();
    let mut g = c.benchmark_group("per_packet");
    g.throughput(Throughput::Elements(pkts.len() as u64));
    g.bench_function("baseline_conntrack", |b| {
        b.iter(|| {
            let mut t = Tracker::new(Policy::default());
            for (ts, port, f) in &pkts {
                black_box(t.process(*ts, *port, &Pkt::classify(f), true));
            }
        })
    });
    g.bench_function("cofilter_switch_and_agent", |b| {
        b.iter(|| {
            let mut cf = CoFilter::new(Config::new(
                Layout {
                    slot_bits: 10,
                    ..tofino1_layout()
                },
                Policy::default(),
            ));
            for (ts, port, f) in &pkts {
                black_box(cf.process(*ts, *port, f));
            }
        })
    });
    g.finish();
}

fn placement(c: &mut Criterion) {
    // 2^18 cells; time 100,000 insertions from empty to 38 % load.
    let layout = Layout::for_budget(512 << 10, 15, 16, 0, 0).expect("layout");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let keys: Vec<_> = (0..100_000)
        .map(|_| layout.cands(&random_key(&mut rng)))
        .collect();
    let mut g = c.benchmark_group("placement");
    g.throughput(Throughput::Elements(keys.len() as u64));
    g.sample_size(10);
    g.bench_function("shadow_insert_to_38pct", |b| {
        b.iter(|| {
            let mut s = Shadow::new(layout);
            for (i, k) in keys.iter().enumerate() {
                black_box(s.insert(i as u32, *k));
            }
        })
    });
    g.finish();

    // Split 13-bit cells near the load threshold: 2^18 cells filled to 97 %,
    // where long cuckoo paths are needed; the search budget is what it costs.
    let layout = Layout::for_budget(512 << 10, 12, 16, 0, 0).expect("layout");
    let n = layout.cells() * 97 / 100;
    let keys: Vec<_> = (0..n)
        .map(|_| layout.cands(&random_key(&mut rng)))
        .collect();
    let mut g = c.benchmark_group("placement_split");
    g.throughput(Throughput::Elements(keys.len() as u64));
    g.sample_size(10);
    for search in [512usize, 4096] {
        g.bench_function(format!("to_97pct_search_{search}"), |b| {
            b.iter(|| {
                let mut s = Shadow::new(layout);
                s.search_limit = search;
                for (i, k) in keys.iter().enumerate() {
                    black_box(s.insert(i as u32, *k));
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, per_packet, placement);
criterion_main!(benches);
