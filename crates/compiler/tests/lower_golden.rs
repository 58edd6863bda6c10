//! The lowered switch program of the five examples: it passes `pipe`'s
//! validator, the resource checker's verdict is reported, and its P4 matches the goldens in `testdata/`
//! (regenerate with `TANDEM_BLESS=1 cargo test -p compiler --test lower_golden`).

use compiler::lower_switch::{Lowered, lower_switch};
use compiler::{Compilation, Options, partition};
use std::path::PathBuf;

const EXAMPLES: [&str; 5] = ["mazunat", "lb", "firewall", "proxy", "trojan"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn compile(name: &str) -> Compilation {
    let path = root().join(format!("examples/nf/{name}.nf"));
    let c = lang::compile_file(&path, &lang::Overrides::default())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    partition(&c.program, &Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn golden(file: &str, text: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("testdata/{file}"));
    if std::env::var_os("TANDEM_BLESS").is_some() {
        std::fs::write(&path, text).expect("write golden");
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with TANDEM_BLESS=1)", path.display()));
    assert_eq!(text, want, "{file} differs from the golden");
}

fn lowered(name: &str) -> (Compilation, Lowered) {
    let c = compile(name);
    let l = lower_switch(&c).unwrap_or_else(|e| panic!("{name}: {e}"));
    (c, l)
}

#[test]
fn five_examples_lower_validate_and_fit_tofino1() {
    for name in EXAMPLES {
        let (c, l) = lowered(name);
        l.program
            .validate()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let report = l
            .resources
            .as_ref()
            .unwrap_or_else(|e| panic!("{name} does not fit Tofino-1: {e}"));
        assert!(report.stages_used >= 1 || c.layouts.is_empty(), "{name}");
        // One table per offloaded lookup site, one register per offloaded register.
        let objects = compiler::tables::switch_objects(&c);
        for o in &objects {
            match o.kind {
                "exact_table" => assert!(l.program.tables.iter().any(|t| t.name == o.name)),
                _ => assert!(l.program.registers.iter().any(|r| r.name == o.name)),
            }
        }
        // One punt action per punt point and one resume action per resume point.
        for p in &c.punts {
            let a = format!("punt_{}", p.id);
            assert!(l.program.actions.iter().any(|x| x.name == a), "{name}: {a}");
        }
        for r in &c.resumes {
            let a = format!("resume_{}", r.id);
            assert!(l.program.actions.iter().any(|x| x.name == a), "{name}: {a}");
        }
    }
}

#[test]
fn golden_p4_and_p4info() {
    for name in EXAMPLES {
        let (_, l) = lowered(name);
        for (arch, tag) in [
            (pipe::p4::Arch::V1model, "v1model"),
            (pipe::p4::Arch::Tna, "tna"),
        ] {
            let text = pipe::p4::emit(&l.program, arch).unwrap_or_else(|e| panic!("{name}: {e}"));
            golden(&format!("{name}.switch.{tag}.p4"), &text);
        }
        let info = pipe::p4::p4info(&l.program).expect("p4info");
        assert!(!info.tables.is_empty() || name == "proxy", "{name}");
    }
}
