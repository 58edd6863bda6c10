//! Golden P4_16 files for the representative programs (both architectures) and
//! their P4Info descriptions. `TANDEM_BLESS=1 cargo test -p p4gen --test p4`
//! rewrites them. p4c compiles these files (and every other program Tandem emits)
//! in `crates/cli/tests/p4c.rs`.

use std::path::{Path, PathBuf};

use p4gen::{Arch, emit, p4info};
use pipe::examples;

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata")
}

fn programs() -> Vec<pipe::Program> {
    vec![
        examples::l2l3_forwarder(),
        examples::nat(),
        examples::acl(),
        examples::recirc_cpu(),
        examples::policer(),
    ]
}

fn golden(name: &str, text: &str) {
    let path = testdata().join(name);
    if std::env::var_os("TANDEM_BLESS").is_some() {
        std::fs::create_dir_all(testdata()).expect("create testdata");
        std::fs::write(&path, text).expect("write golden file");
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with TANDEM_BLESS=1)", path.display()));
    assert!(
        want == text,
        "{} differs from the emitter's output; rerun with TANDEM_BLESS=1 if intended",
        path.display()
    );
}

#[test]
fn emitted_p4_matches_golden_files() {
    for p in programs() {
        golden(
            &format!("{}.v1model.p4", p.name),
            &emit(&p, Arch::V1model).unwrap(),
        );
        golden(&format!("{}.tna.p4", p.name), &emit(&p, Arch::Tna).unwrap());
        let info = serde_json::to_string_pretty(&p4info(&p).unwrap()).unwrap() + "\n";
        golden(&format!("{}.p4info.json", p.name), &info);
    }
}

#[test]
fn names_are_preserved() {
    for p in programs() {
        for arch in [Arch::V1model, Arch::Tna] {
            let text = emit(&p, arch).unwrap();
            for t in &p.tables {
                assert!(
                    text.contains(&format!("table {} {{", t.name)),
                    "{} {arch:?}: table {}",
                    p.name,
                    t.name
                );
            }
            for r in &p.registers {
                assert!(
                    text.contains(&format!(") {};", r.name)),
                    "{} {arch:?}: register {}",
                    p.name,
                    r.name
                );
            }
        }
    }
    let nat = emit(&examples::nat(), Arch::Tna).unwrap();
    assert!(nat.contains("table nat_wb {"), "write-back table emitted");
    assert!(nat.contains("idle_timeout = true;"));
    let info = p4info(&examples::nat()).unwrap();
    assert_eq!(info.tables[0].name, "nat");
    assert_eq!(
        info.tables[0].id, 0x0200_0001,
        "P4Runtime table prefix 0x02"
    );
    assert_eq!(info.tables[0].match_fields.len(), 5);
    assert_eq!(info.tables[0].match_fields[0].name, "ipv4.src");
    assert_eq!(info.tables[0].match_fields[0].bitwidth, 32);
    assert!(info.registers.iter().any(|r| r.name == "tandem_wb_visible"));
}
