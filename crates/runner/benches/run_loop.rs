//! The whole `tandem run` loop for MazuNAT: capture files held in memory →
//! merge → reference engine → per-port pcap out (in memory), and the same loop
//! without pcap decoding/encoding (frames already in memory, outputs counted).
//!
//! The inputs are what a closed-loop websearch run feeds MazuNAT (client packets on
//! port 0, the servers' replies to the NAT's external address on port 1),
//! recorded once by wrapping the engine.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use runner::inputs::{self, OpenInput};
use runner::{InputSpec, PcapMemory, Recorder, ReferenceEngine, Runner, Sink, SinkError};
use trace::pcap::{PcapReader, PcapWriter, Resolution};

/// Counts packets only.
struct Count(u64);

impl Sink for Count {
    fn write(&mut self, _: u16, _: u64, _: &[u8]) -> Result<(), SinkError> {
        self.0 += 1;
        Ok(())
    }
    fn finish(&mut self) -> Result<(), SinkError> {
        Ok(())
    }
}

fn bench(c: &mut Criterion) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/nf/mazunat.nf");
    let compiled =
        lang::compile_file(path.as_ref(), &lang::Overrides::new()).expect("mazunat compiles");
    let program = compiled.program;
    let opts = runner::workload::options_for(
        &program,
        &compiled.params,
        &runner::WorkloadRequest {
            flows: Some(200),
            seed: 1,
            ..Default::default()
        },
    )
    .expect("options");
    let trace = trace::workload::generate(&opts).expect("workload");
    let mut rec = Recorder::new(ReferenceEngine::new(&program).expect("loads"));
    let o = runner::run_workload(&mut rec, &program, &trace, Count(0), &mut |_, _| {});
    assert!(o.summary.is_clean());
    let packets = rec.seen;
    let mut files = [
        PcapWriter::new(Vec::new(), Resolution::Nanosecond).expect("w"),
        PcapWriter::new(Vec::new(), Resolution::Nanosecond).expect("w"),
    ];
    for (port, t, f) in &packets {
        files[usize::from(*port)].write(*t, f).expect("write");
    }
    let [p0, p1] = files.map(PcapWriter::into_inner);
    let n = packets.len() as u64;

    let mut g = c.benchmark_group("run_mazunat_websearch");
    g.throughput(Throughput::Elements(n));
    g.bench_function("pcap_in_memory_to_pcap_out", |b| {
        b.iter_batched(
            || ReferenceEngine::new(&program).expect("loads"),
            |mut engine| {
                let mut r = Runner::new(&mut engine, &program, PcapMemory::new());
                let ins = vec![
                    OpenInput::new(
                        InputSpec {
                            port: 0,
                            path: "p0".into(),
                        },
                        PcapReader::new(&p0[..]).expect("r"),
                    ),
                    OpenInput::new(
                        InputSpec {
                            port: 1,
                            path: "p1".into(),
                        },
                        PcapReader::new(&p1[..]).expect("r"),
                    ),
                ];
                let faults = inputs::replay(&mut r, ins, &mut |_| {}).expect("replay");
                assert!(faults.is_empty());
                r.finish(runner::Source::Pcap { inputs: vec![] })
            },
            BatchSize::LargeInput,
        )
    });
    g.bench_function("frames_in_memory_runner_only", |b| {
        b.iter_batched(
            || ReferenceEngine::new(&program).expect("loads"),
            |mut engine| {
                let mut r = Runner::new(&mut engine, &program, Count(0));
                for (port, t, f) in &packets {
                    r.packet(*port, *t, f).expect("sink");
                }
                r.finish(runner::Source::Pcap { inputs: vec![] })
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
