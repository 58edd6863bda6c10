//! Executor throughput on the NAT-like program: 10,000 installed translations,
//! packets cycling over them (hits: exact lookup, rewrite, counter) and a miss
//! stream (register read-modify-write, CRC32 flow hash, to CPU).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pipe::{Switch, TableEntry, examples};

const FLOWS: u32 = 10_000;

fn frame(src: u32, sport: u16) -> Vec<u8> {
    let mut v = vec![0x02, 0, 0, 0, 0, 0x0b, 0x02, 0, 0, 0, 0, 0x0a, 0x08, 0x00];
    v.extend_from_slice(&[0x45, 0, 0, 40, 0, 1, 0x40, 0, 64, 6, 0, 0]);
    v.extend_from_slice(&src.to_be_bytes());
    v.extend_from_slice(&[8, 8, 8, 8]);
    v.extend_from_slice(&sport.to_be_bytes());
    v.extend_from_slice(&443u16.to_be_bytes());
    v.extend_from_slice(&[0, 0, 0, 1, 0, 0, 0, 0, 0x50, 0x10, 0xff, 0xff, 0, 0, 0, 0]);
    v.extend_from_slice(&[0u8; 22]);
    v
}

fn bench(c: &mut Criterion) {
    let mut sw = Switch::new(examples::nat()).expect("example is valid");
    let mut hits = Vec::new();
    for i in 0..FLOWS {
        let src = 0x0a00_0000 | i;
        let sport = 1024 + (i % 50_000) as u16;
        let key = [u64::from(src), 0x0808_0808, 6, u64::from(sport), 443];
        sw.insert(
            "nat",
            TableEntry::exact(
                &key,
                "rewrite",
                &[0xc633_6401, u64::from(sport), u64::from(i % 8)],
            ),
        )
        .expect("insert");
        hits.push(frame(src, sport));
    }
    let misses: Vec<Vec<u8>> = (0..1024u32).map(|i| frame(0x0b00_0000 | i, 7)).collect();
    let mut g = c.benchmark_group("nat");
    g.throughput(Throughput::Elements(hits.len() as u64));
    let mut out = Vec::with_capacity(2048);
    g.bench_function("hit_10k_flows", |b| {
        b.iter(|| {
            for p in &hits {
                black_box(
                    sw.process_into(Duration::ZERO, 0, p, &mut out)
                        .expect("port"),
                );
            }
        })
    });
    g.throughput(Throughput::Elements(misses.len() as u64));
    g.bench_function("miss_to_cpu", |b| {
        b.iter(|| {
            for p in &misses {
                black_box(
                    sw.process_into(Duration::ZERO, 0, p, &mut out)
                        .expect("port"),
                );
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
