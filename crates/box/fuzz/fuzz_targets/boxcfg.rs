//! Fuzzes `tandem box --config`: any bytes, read as a box configuration, must
//! be accepted whole or refused with an error naming the box and the entry —
//! never a panic. A configuration that validates is built into a box (every
//! application a forwarding program) and runs, inline, packets aimed at each
//! of its filters in both directions; each lands on a queue of the
//! configuration or passes through.
#![no_main]

use std::sync::OnceLock;

use combox::{BoxEngine, BoxPlan, Catalogue, Classified, Execution};
use libfuzzer_sys::fuzz_target;
use plan::PlanError;
use plan::config::{BoxConfig, Filter};
use runner::Engine;
use wire::build::{L3, udp_frame};

fn forwarder() -> &'static ir::Program {
    static P: OnceLock<ir::Program> = OnceLock::new();
    P.get_or_init(|| {
        lang::compile(
            "fwd",
            "on packet { forward(in_port ^ 1); }",
            &lang::Overrides::new(),
            &lang::FsLoader { base: None },
        )
        .expect("the forwarding program compiles")
        .program
    })
}

fn frame(f: &Filter) -> Vec<u8> {
    let l3 = L3 {
        src_mac: wire::MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: wire::MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: f.src.addr.into(),
        dst: f.dst.addr.into(),
        ttl: 64,
        ident: 1,
    };
    let udp = wire::udp::Repr {
        src_port: f.src_ports.first().copied().unwrap_or(40000),
        dst_port: f.dst_ports.first().copied().unwrap_or(1000),
    };
    udp_frame(&l3, &udp, b"x")
}

fn exercise(cfg: BoxConfig) {
    if cfg.assignments.len() > 64 || cfg.queues.len() > 256 {
        return;
    }
    let _ = cfg.check_machine(2);
    let cat = Catalogue::from_programs(
        cfg.assignments
            .iter()
            .flat_map(|a| a.hyperapp.iter().cloned())
            .map(|n| (n, forwarder().clone())),
    );
    let cores: Vec<u32> = cfg.queues.iter().map(|q| q.core).collect();
    let frames: Vec<Vec<u8>> = cfg
        .assignments
        .iter()
        .flat_map(|a| a.forward.iter().chain(&a.reverse))
        .take(64)
        .map(frame)
        .collect();
    let plan = match BoxPlan::new(cfg, &cat) {
        Ok(p) => p,
        Err(e) => panic!("a validated configuration with every application present: {e}"),
    };
    for f in &frames {
        if let Classified::Queue { core, queue, .. } = plan.classifier.classify(f) {
            assert!(cores.contains(&core) && queue < cores.len());
        }
    }
    let Ok(mut engine) = BoxEngine::new(plan, Execution::Inline) else {
        return;
    };
    for (i, f) in frames.into_iter().enumerate() {
        let mut f = f;
        let _ = engine.process(&mut f, (i % 2) as u16, i as u64);
    }
    let _ = engine.summary();
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match plan::boxcfg::parse(&text, "fuzz.json") {
        Ok(cfg) => exercise(cfg),
        Err(PlanError::BoxConfig { entry, message }) => {
            assert!(!entry.is_empty() && !message.is_empty())
        }
        Err(other) => panic!("unexpected error kind reading a box configuration: {other}"),
    }
});
