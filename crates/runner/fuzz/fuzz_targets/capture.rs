//! Fuzzes `tandem run PROGRAM --input FILE` (and `tandem check`, which replays the
//! same way): any bytes as a capture file are replayed through one of the example
//! NFs on the reference interpreter, the partitioned engine (switch model + server
//! runtime) or PayloadPark in front of it. A bad container must end the replay
//! with an input fault naming the file; any frame inside — truncated headers, bad
//! lengths, options, checksums — must be processed or counted as failed; nothing
//! panics.
//!
//! The first byte picks the program (low three bits) and the engine (next two).
#![no_main]

use std::io::Cursor;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use runner::inputs::{self, OpenInput};
use runner::{
    Engine, InputSpec, ParkEngine, PartitionedEngine, PcapMemory, ReferenceEngine, Runner,
};
use trace::pcap::PcapReader;

const SOURCES: [(&str, &str); 5] = [
    (
        "mazunat",
        include_str!("../../../../examples/nf/mazunat.nf"),
    ),
    ("lb", include_str!("../../../../examples/nf/lb.nf")),
    (
        "firewall",
        include_str!("../../../../examples/nf/firewall.nf"),
    ),
    ("proxy", include_str!("../../../../examples/nf/proxy.nf")),
    ("trojan", include_str!("../../../../examples/nf/trojan.nf")),
];
const RULES: &str = include_str!("../../../../examples/nf/firewall.rules");

fn programs() -> &'static [ir::Program] {
    static P: OnceLock<Vec<ir::Program>> = OnceLock::new();
    P.get_or_init(|| {
        let loader = |_: &str| -> Result<String, String> { Ok(RULES.to_string()) };
        SOURCES
            .iter()
            .map(|(name, src)| {
                lang::compile(name, src, &lang::Overrides::new(), &loader)
                    .unwrap_or_else(|_| panic!("example {name} compiles"))
                    .program
            })
            .collect()
    })
}

fn engine(kind: u8, program: &ir::Program) -> Option<Box<dyn Engine>> {
    let partitioned = || PartitionedEngine::new(program, &compiler::Options::default()).ok();
    Some(match kind % 3 {
        0 => Box::new(ReferenceEngine::new(program).ok()?),
        1 => Box::new(partitioned()?),
        _ => {
            let cfg = runner::park_engine::run_config(160, 64, 1);
            Box::new(ParkEngine::new(Box::new(partitioned()?), program, cfg).ok()?)
        }
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, capture)) = data.split_first() else {
        return;
    };
    let program = &programs()[usize::from(pick & 7) % SOURCES.len()];
    let Some(mut engine) = engine((pick >> 3) & 3, program) else {
        return;
    };
    let spec = InputSpec {
        port: u16::from(pick >> 5 & 1),
        path: "fuzz.pcap".into(),
    };
    let reader = match PcapReader::new(Cursor::new(capture)) {
        Ok(r) => r,
        Err(e) => {
            let f = inputs::fault(&spec.path, &e);
            assert!(f.to_string().contains("fuzz.pcap"), "{f}");
            return;
        }
    };
    let mut runner = Runner::new(&mut *engine, program, PcapMemory::new());
    let faults = match inputs::replay(&mut runner, vec![OpenInput::new(spec, reader)], &mut |_| {}) {
        Ok(faults) => faults,
        // Outputs are pcap with 32-bit seconds: a packet stamped after 2106 (pcapng
        // allows it) cannot be written, and the run stops saying so. Anything else
        // from the memory sink is a bug.
        Err(e) => {
            assert!(e.to_string().contains("does not fit"), "{e}");
            return;
        }
    };
    for f in &faults {
        assert!(f.to_string().contains("fuzz.pcap"), "{f}");
    }
    let _ = runner.finish(runner::Source::Pcap { inputs: Vec::new() });
});
