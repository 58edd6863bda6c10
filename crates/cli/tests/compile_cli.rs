//! `tandem compile` end to end: runs the built binary on the examples.

mod common;

use std::path::PathBuf;
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn tandem(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tandem"))
        .current_dir(root())
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run tandem: {e}"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    static SWEEP: std::sync::Once = std::sync::Once::new();
    SWEEP.call_once(|| common::sweep_dead("tandem-compile-cli-"));
    let dir =
        std::env::temp_dir().join(format!("tandem-compile-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn json(path: &PathBuf) -> serde_json::Value {
    let t = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&t).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn compiles_every_example_and_writes_its_outputs() {
    for name in ["mazunat", "lb", "firewall", "proxy", "trojan"] {
        let dir = scratch(name);
        let src = format!("examples/nf/{name}.nf");
        let dir_s = dir.to_string_lossy().into_owned();
        let out = tandem(&["compile", &src, "-o", &dir_s]);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        for f in [
            "partition.json",
            "server.ir",
            "tables.json",
            "summary.txt",
            "switch.v1model.p4",
            "switch.tna.p4",
            "switch.p4info.txtpb",
            "switch.p4info.bin",
            "switch.pipe.json",
            "p4c-load.sh",
        ] {
            assert!(dir.join(f).is_file(), "{name}: {f} missing");
        }
        // The P4 files are the lowered program's (the same as the goldens).
        for arch in ["v1model", "tna"] {
            let got =
                std::fs::read_to_string(dir.join(format!("switch.{arch}.p4"))).unwrap_or_default();
            let golden = std::fs::read_to_string(format!(
                "{}/../compiler/testdata/{name}.switch.{arch}.p4",
                env!("CARGO_MANIFEST_DIR")
            ))
            .unwrap_or_default();
            assert_eq!(got, golden, "{name}: switch.{arch}.p4");
            assert!(
                got.contains(&format!("#include <{arch}.p4>")),
                "{name}: {arch}"
            );
        }
        let p = json(&dir.join("partition.json"));
        // Tofino-1 has 12 stages; the lowered program fits in them.
        let stages = p["switch_program_resources"]["report"]["stages_used"].as_u64();
        assert!(stages.is_some_and(|s| s <= 12), "{name}: {stages:?}");
        let ops = p["operations"].as_array().map_or(0, Vec::len);
        assert_eq!(
            p["counts"]["operations"].as_u64(),
            Some(ops as u64),
            "{name}"
        );
        assert!(ops > 0);
        // The server program is valid IR.
        let server = std::fs::read_to_string(dir.join("server.ir")).unwrap_or_default();
        assert!(
            ir::parse(&server).is_ok(),
            "{name}: server.ir does not parse"
        );
        assert!(text(&out.stdout).contains(&format!("{name}: {ops} operations")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn warnings_name_what_stays_on_the_server() {
    let dir = scratch("trojan-warn");
    let dir_s = dir.to_string_lossy().into_owned();
    let out = tandem(&["compile", "examples/nf/trojan.nf", "-o", &dir_s]);
    assert!(out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("payload.starts_with"), "{err}");
    assert!(err.contains("stays on the server"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn parameters_change_the_partition_input() {
    // A non-power-of-two number of backends makes `hash % len` a real remainder,
    // which the switch ALU cannot do: that operation moves to the server.
    let dir = scratch("lb3");
    let dir_s = dir.to_string_lossy().into_owned();
    let out = tandem(&[
        "compile",
        "examples/nf/lb.nf",
        "--set",
        "backends=10.0.1.1,10.0.1.2,10.0.1.3",
        "-o",
        &dir_s,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("rem"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let dir = scratch("bad");
    let dir_s = dir.to_string_lossy().into_owned();
    let out = tandem(&["compile", "no/such/file.nf", "-o", &dir_s]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("cannot read"),
        "{}",
        text(&out.stderr)
    );
    let out = tandem(&[
        "compile",
        "examples/nf/mazunat.nf",
        "--set",
        "nope=1",
        "-o",
        &dir_s,
    ]);
    assert!(!out.status.success());
    assert!(!text(&out.stderr).contains("panicked"));
}
