//! Shared by the XDP target's tests.

#![allow(dead_code)]

/// Whether the test may use bpf(2); prints why it skips otherwise.
pub fn root() -> bool {
    testnet::root_or_skip("the XDP target's tests", "bpf(2)").is_some()
}

use pipe::{Program, Switch};

/// The lowered switch part of example `name` and a model with its initial
/// entries installed.
pub fn nf(name: &str) -> (Program, Switch) {
    let path = format!("{}/../../examples/nf/{name}.nf", env!("CARGO_MANIFEST_DIR"));
    let c = lang::compile_file(std::path::Path::new(&path), &lang::Overrides::new())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let comp = compiler::partition(&c.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let lowered = compiler::lower_switch::lower_switch(&comp).unwrap_or_else(|e| panic!("{e}"));
    assert!(lowered.control_lowered, "{name}: {:?}", lowered.warnings);
    let mut sw = Switch::new(lowered.program.clone()).unwrap_or_else(|e| panic!("{e}"));
    compiler::tables::install_initial(&comp, &mut sw).unwrap_or_else(|e| panic!("{e}"));
    (lowered.program, sw)
}

pub fn cofilter() -> (Program, Switch) {
    use filter::remote::{RemoteAgent, Write};
    let layout = filter::program::tofino1_layout();
    let cfg = filter::cofilter::Config::new(layout, filter::tracker::Policy::default());
    let mut agent = RemoteAgent::new(cfg);
    let program = agent.program().unwrap_or_else(|e| panic!("{e}"));
    let mut sw = Switch::new(program.clone()).unwrap_or_else(|e| panic!("{e}"));
    for w in agent.install_all() {
        match w {
            Write::Table(pipe::Update::Insert { table, entry }) => sw.insert(&table, entry),
            Write::Table(u) => panic!("unexpected {u:?}"),
            Write::Register(r) => sw.write_register(&r.register, r.index, r.value),
            Write::Meter {
                meter,
                index,
                config,
            } => sw.set_meter(&meter, index, config),
        }
        .unwrap_or_else(|e| panic!("{e}"));
    }
    (program, sw)
}

pub fn park() -> (Program, Switch) {
    let ps = park::ParkSwitch::new(park::ParkConfig::default()).unwrap_or_else(|e| panic!("{e}"));
    (ps.program().clone(), ps.switch().clone())
}
