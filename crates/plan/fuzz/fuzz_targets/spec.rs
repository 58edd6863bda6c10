//! Fuzzes `tandem plan --spec`: any bytes, read as a TOML and as a JSON spec, must
//! parse and validate or fail with an error naming the file or the entry; a spec
//! that validates goes through workloads, load balancing (with the overload
//! report), box configurations and provisioning on the pure-Rust solver — never a
//! panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plan::config::{self, FilterMode};
use plan::provision::{self, ProvisionOptions};
use plan::{Instance, PlanError, Solver, Spec, Strategy, Workload, balance, overload};

fn check_error(e: &PlanError, origin: &str) {
    let msg = e.to_string();
    match e {
        PlanError::SpecSyntax { .. } => assert!(msg.contains(origin), "{msg}"),
        PlanError::Invalid { entry, message } => {
            assert!(!entry.is_empty() && !message.is_empty(), "{msg}")
        }
        PlanError::OrderCycle { cycle } => assert!(!cycle.is_empty(), "{msg}"),
        other => panic!("unexpected error kind reading a spec: {other}"),
    }
}

fn exercise(inst: &Instance) {
    // Keep executions fast: the solver on a large fuzzed instance tells us nothing
    // the small ones do not.
    if inst.classes.len() > 40 || inst.nodes.len() > 16 {
        return;
    }
    let vols: Vec<f64> = inst.classes.iter().map(|c| c.volume).collect();
    let capacity: Vec<Vec<f64>> = inst.nodes.iter().map(|n| n.capacity.clone()).collect();
    for strategy in [Strategy::Path, Strategy::Edge, Strategy::Ingress] {
        let _ = Workload::two_step(inst, strategy);
        let Ok(wl) = Workload::hyperapp(inst, strategy, true) else {
            continue;
        };
        if let Ok(bal) = balance::solve(&wl, &vols, &capacity, Solver::Microlp) {
            let _ = overload::hotspot(inst, &bal);
            for mode in [FilterMode::Auto, FilterMode::Hash] {
                let _ = config::box_configs(inst, &wl, &bal, mode, Solver::Microlp);
            }
        }
        let opts = ProvisionOptions {
            solver: Solver::Microlp,
            ..ProvisionOptions::default()
        };
        let _ = provision::provision(&wl, std::slice::from_ref(&vols), opts);
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for origin in ["fuzz.toml", "fuzz.json"] {
        match Spec::parse(&text, origin) {
            Err(e) => check_error(&e, origin),
            Ok(spec) => match Instance::from_spec(&spec) {
                Err(e) => check_error(&e, origin),
                Ok(inst) => exercise(&inst),
            },
        }
    }
});
