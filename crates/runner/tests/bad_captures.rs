//! Bad captures keep their promise: mutated capture files (truncated, bytes
//! overwritten, inserted or deleted — in the container and inside frames) replayed
//! through the example NFs on the reference interpreter, the partitioned engine and
//! PayloadPark, and through `tandem check` (both engines side by side), never
//! panic; a container fault ends the replay with a fault naming the file, and
//! every packet before it is processed. The seeded counterpart of the `capture`
//! fuzz target in `fuzz/`.

use runner::inputs::{self, OpenInput};
use runner::{
    Engine, InputSpec, PacketLog, ParkEngine, PartitionedEngine, PcapMemory, ReferenceEngine,
    Runner, Source,
};
use trace::pcap::PcapReader;

use proptest::prelude::*;

const CAPTURES: [&[u8]; 3] = [
    include_bytes!("../../trace/fuzz/seeds/pcap/websearch.pcap"),
    include_bytes!("../../trace/fuzz/seeds/pcap/syn.pcap"),
    include_bytes!("../../trace/fuzz/seeds/pcap/fixed-ns.pcap"),
];
const PROGRAMS: [(&str, &str); 3] = [
    ("mazunat", include_str!("../../../examples/nf/mazunat.nf")),
    ("firewall", include_str!("../../../examples/nf/firewall.nf")),
    ("proxy", include_str!("../../../examples/nf/proxy.nf")),
];
const RULES: &str = include_str!("../../../examples/nf/firewall.rules");

fn program(which: usize) -> ir::Program {
    let (name, src) = PROGRAMS[which];
    let loader = |_: &str| -> Result<String, String> { Ok(RULES.to_string()) };
    lang::compile(name, src, &lang::Overrides::new(), &loader)
        .unwrap_or_else(|d| panic!("{name}: {d:?}"))
        .program
}

fn engine(kind: usize, p: &ir::Program) -> Box<dyn Engine> {
    let partitioned = || {
        PartitionedEngine::new(p, &compiler::Options::default())
            .unwrap_or_else(|e| panic!("partitions: {e}"))
    };
    match kind {
        0 => Box::new(ReferenceEngine::new(p).unwrap_or_else(|e| panic!("{e}"))),
        1 => Box::new(partitioned()),
        _ => {
            let cfg = runner::park_engine::run_config(160, 64, 1);
            Box::new(
                ParkEngine::new(Box::new(partitioned()), p, cfg)
                    .unwrap_or_else(|e| panic!("park: {e}")),
            )
        }
    }
}

/// Replays `bytes` as `bad.pcap` on port 0; returns packets processed and the
/// faults' texts.
fn replay(engine: &mut dyn Engine, p: &ir::Program, bytes: &[u8]) -> (u64, Vec<String>) {
    let spec = InputSpec {
        port: 0,
        path: "bad.pcap".into(),
    };
    let reader = match PcapReader::new(bytes) {
        Ok(r) => r,
        Err(e) => return (0, vec![inputs::fault(&spec.path, &e).to_string()]),
    };
    let mut runner = Runner::new(engine, p, PcapMemory::new());
    let faults = match inputs::replay(&mut runner, vec![OpenInput::new(spec, reader)], &mut |_| {})
    {
        Ok(faults) => faults.iter().map(ToString::to_string).collect(),
        Err(e) => vec![output_fault(&e)],
    };
    let (summary, _, _) = runner.finish(Source::Pcap { inputs: Vec::new() });
    (summary.total_in(), faults)
}

/// The one way writing to memory may fail: outputs are pcap with 32-bit seconds, and
/// pcapng inputs may carry times after 2106. Anything else is a bug.
fn output_fault(e: &runner::SinkError) -> String {
    let text = e.to_string();
    assert!(text.contains("does not fit"), "memory sink: {text}");
    text
}

fn mutate(seed: &[u8], edits: &[(prop::sample::Index, u8, u8)]) -> Vec<u8> {
    let mut b = seed.to_vec();
    for (at, kind, byte) in edits {
        let i = at.index(b.len() + 1);
        match kind % 4 {
            0 => b.truncate(i),
            1 if i < b.len() => b[i] = *byte,
            2 => b.insert(i, *byte),
            _ if i < b.len() => {
                b.remove(i);
            }
            _ => {}
        }
    }
    b
}

#[test]
fn truncated_capture_keeps_the_packets_before_the_cut() {
    let p = program(0);
    let full = CAPTURES[0];
    let (all, faults) = replay(&mut *engine(1, &p), &p, full);
    assert!(faults.is_empty(), "{faults:?}");
    assert!(all > 10, "{all}");
    let (some, faults) = replay(&mut *engine(1, &p), &p, &full[..full.len() - 7]);
    assert_eq!(some, all - 1, "every packet but the cut one is processed");
    assert_eq!(faults.len(), 1);
    assert!(faults[0].starts_with("bad.pcap: packet"), "{}", faults[0]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn mutated_captures_never_panic(
        capture in 0usize..3,
        which in 0usize..3,
        kind in 0usize..3,
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), any::<u8>()), 1..8),
    ) {
        let p = program(which);
        let bytes = mutate(CAPTURES[capture], &edits);
        let (_, faults) = replay(&mut *engine(kind, &p), &p, &bytes);
        for f in faults {
            prop_assert!(f.starts_with("bad.pcap"), "{}", f);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// The same mutated captures through `tandem check` (both engines side by
    /// side, the streaming comparison): nothing panics, a container fault
    /// names the file, and a check that agrees compared every packet out.
    #[test]
    fn mutated_captures_through_the_check_never_panic(
        capture in 0usize..3,
        which in 0usize..3,
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), any::<u8>()), 1..8),
    ) {
        let p = program(which);
        let bytes = mutate(CAPTURES[capture], &edits);
        let dir = std::env::temp_dir().join(format!("tandem-bad-check-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let path = dir.join(format!("bad-{capture}-{which}-{}.pcap", edits.len()));
        std::fs::write(&path, &bytes).unwrap_or_else(|e| panic!("{e}"));
        let spec = InputSpec { port: 0, path: path.clone() };
        let r = runner::check::check_pcaps(&p, &compiler::Options::default(), &[spec], &mut |_, _| {})
            .unwrap_or_else(|e| panic!("{e}"));
        let _ = std::fs::remove_file(&path);
        for f in &r.reference.input_errors {
            prop_assert_eq!(&f.file, &path.display().to_string());
        }
        if r.equivalent() {
            let compared: u64 = r.compared.stats.packets.values().sum();
            prop_assert_eq!(compared, r.reference.total_out());
            prop_assert_eq!(compared, r.partitioned.total_out());
        }
    }
}

/// A pcapng capture can carry any nanosecond timestamp up to `u64::MAX - 1` (the
/// reader rejects only what overflows); every engine must take such times, and a
/// jump of centuries between packets, without overflowing or looping per tick.
/// (Writing such times into a pcap output is refused with an error naming the
/// packet, as pcap's seconds are 32 bits; the in-memory log takes them.)
#[test]
fn extreme_timestamps_are_taken_by_every_engine() {
    let frames: Vec<Vec<u8>> = {
        let reader = PcapReader::new(CAPTURES[0]).unwrap_or_else(|e| panic!("{e}"));
        reader
            .take(6)
            .map(|p| p.unwrap_or_else(|e| panic!("{e}")).data)
            .collect()
    };
    let times = [
        0,
        1,
        1 << 62,
        u64::MAX - 1_000_000,
        u64::MAX - 1,
        u64::MAX - 1,
    ];
    for which in 0..3 {
        let p = program(which);
        for kind in 0..3 {
            let mut e = engine(kind, &p);
            let mut runner = Runner::new(&mut *e, &p, PacketLog::default());
            for (f, t) in frames.iter().zip(times) {
                runner
                    .packet(0, t, f)
                    .unwrap_or_else(|e| panic!("sink: {e}"));
            }
            let (summary, _, _) = runner.finish(Source::Pcap { inputs: Vec::new() });
            assert_eq!(summary.total_in(), 6, "{which}/{kind}");
        }
    }
}

/// Found by the `capture` fuzz target: a pcapng packet stamped after 2106 cannot be
/// written to a pcap output. The run stops with an error saying so (never a panic),
/// and what came before it was processed.
#[test]
fn a_packet_stamped_after_2106_stops_the_run_with_a_clear_error() {
    // The fuzz artifact: a pick byte (program and engine), then the capture.
    let capture = &include_bytes!("data/timestamp-after-2106.bin")[1..];
    let mut stopped = 0;
    for which in 0..3 {
        let p = program(which);
        for kind in 0..3 {
            let mut e = engine(kind, &p);
            let (_, faults) = replay(&mut *e, &p, capture);
            stopped += faults.iter().filter(|f| f.contains("does not fit")).count();
        }
    }
    assert!(stopped > 0, "no run reached the late packet's output");
}
