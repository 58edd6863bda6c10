//! Trace generation throughput, in packets per second:
//! `model` builds the in-memory connection model only, `pcap` also builds every
//! frame (wire::build, checksums) and writes it to an in-memory pcap writer, and
//! `end_to_end` is both (what `tandem trace gen` does, minus the file system).
//!
//! Run: `cargo bench -p trace --bench generate`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use trace::pcap::{PcapWriter, Resolution};
use trace::workload::{GenOptions, Workload, generate};

fn options(workload: &str) -> GenOptions {
    GenOptions {
        workload: workload
            .parse::<Workload>()
            .unwrap_or_else(|e| panic!("{e}")),
        flows: 200,
        seed: 1,
        max_flow_bytes: Some(1_000_000),
        packets_per_flow: 100,
        ..GenOptions::default()
    }
}

fn bench(c: &mut Criterion) {
    for w in ["websearch", "trojan", "datacenter-sizes"] {
        let opts = options(w);
        let trace = generate(&opts).unwrap_or_else(|e| panic!("{e}"));
        let packets = trace.packet_count();
        let bytes: u64 = {
            let mut out = PcapWriter::new(Vec::new(), Resolution::Nanosecond)
                .unwrap_or_else(|e| panic!("{e}"));
            trace
                .write_pcap(&mut out, None, &mut |_, _| {})
                .unwrap_or_else(|e| panic!("{e}"));
            out.into_inner().len() as u64
        };
        let mut g = c.benchmark_group(format!("generate/{w}"));
        g.throughput(Throughput::Elements(packets));
        g.sample_size(20);
        g.bench_function("model", |b| b.iter(|| generate(black_box(&opts))));
        g.bench_function("pcap", |b| {
            b.iter(|| {
                let mut out =
                    PcapWriter::new(Vec::with_capacity(bytes as usize), Resolution::Nanosecond)
                        .unwrap_or_else(|e| panic!("{e}"));
                trace
                    .write_pcap(&mut out, None, &mut |_, _| {})
                    .unwrap_or_else(|e| panic!("{e}"));
                out.into_inner()
            })
        });
        g.bench_function("end_to_end", |b| {
            b.iter(|| {
                let t = generate(black_box(&opts)).unwrap_or_else(|e| panic!("{e}"));
                let mut out =
                    PcapWriter::new(Vec::with_capacity(bytes as usize), Resolution::Nanosecond)
                        .unwrap_or_else(|e| panic!("{e}"));
                t.write_pcap(&mut out, None, &mut |_, _| {})
                    .unwrap_or_else(|e| panic!("{e}"));
                out.into_inner()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
