//! End-to-end checks of `tandem plan` on small specs.

mod common;

use std::path::PathBuf;
use std::process::Command;

const SPEC: &str = r#"
resources = ["cpu"]
[[module]]
name = "session"
footprint = { cpu = 1.0 }
[[app]]
name = "ids"
port_classes = ["web"]
modules = ["session"]
footprint = { cpu = 1.0 }
[[port_class]]
name = "web"
protocol = "tcp"
ports = [80]
[[node]]
name = "A"
capacity = { cpu = 100.0 }
[[node]]
name = "B"
capacity = { cpu = 100.0 }
[[link]]
a = "A"
b = "B"
[[class]]
ingress = "A"
egress = "B"
port_class = "web"
volume = 60.0
[[class]]
ingress = "B"
egress = "A"
port_class = "web"
volume = 20.0
"#;

fn tmp(name: &str) -> PathBuf {
    static SWEEP: std::sync::Once = std::sync::Once::new();
    SWEEP.call_once(|| common::sweep_dead("tandem-plan-cli-"));
    let dir = std::env::temp_dir().join(format!("tandem-plan-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

fn tandem(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tandem"))
        .args(args)
        .output()
        .expect("runs")
}

#[test]
fn solves_and_exports_configs_and_mps() {
    let spec = tmp("two.toml");
    std::fs::write(&spec, SPEC).expect("write");
    let mps = tmp("two.mps");
    let out = tmp("boxes");
    let o = tandem(&[
        "plan",
        "--spec",
        spec.to_str().expect("utf8"),
        "--json",
        "--solver",
        "microlp",
        "--export-mps",
        mps.to_str().expect("utf8"),
        "-o",
        out.to_str().expect("utf8"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    // 80 sessions x 2 units over 200 units of capacity, perfectly balanced: 0.8.
    let obj = v["objective"].as_f64().expect("objective");
    assert!((obj - 0.8).abs() < 1e-6, "{obj}");
    assert_eq!(v["overloaded"], false);
    assert!(!String::from_utf8_lossy(&o.stderr).contains("overloaded"));
    for key in ["solve_seconds", "variables", "constraints"] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    // The MPS file read back and solved again gives the same optimum.
    let model = plan::mps::read_mps(&std::fs::read_to_string(&mps).expect("mps")).expect("parses");
    let again = model.solve(plan::Solver::Microlp).expect("solves");
    assert!((again.objective - obj).abs() < 1e-7);
    // Each box got its share as filters, both directions.
    let a: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("A.json")).expect("A.json"))
            .expect("json");
    let first = &a["assignments"][0];
    assert!(first["forward"].as_array().is_some_and(|f| !f.is_empty()));
    assert_eq!(first["forward"][0]["src"], first["reverse"][0]["dst"]);
}

#[test]
fn overloaded_plan_says_so_and_where() {
    // 160 units of work on boxes of 12 and 8: the best split still loads both to
    // 8x their capacity (λ = 8), and the report names one of them.
    let spec = tmp("overloaded.toml");
    let text = SPEC
        .replacen("capacity = { cpu = 100.0 }", "capacity = { cpu = 12.0 }", 1)
        .replacen("capacity = { cpu = 100.0 }", "capacity = { cpu = 8.0 }", 1);
    std::fs::write(&spec, text).expect("write");
    let path = spec.to_str().expect("utf8");
    let o = tandem(&["plan", "--spec", path, "--json", "--solver", "microlp"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    let obj = v["objective"].as_f64().expect("objective");
    assert!((obj - 8.0).abs() < 1e-6, "{obj}");
    assert_eq!(v["overloaded"], true);
    let hot = &v["most_loaded"];
    assert_eq!(hot["resource"], "cpu");
    assert!(
        (hot["utilisation"].as_f64().expect("utilisation") - obj).abs() < 1e-6,
        "{hot}"
    );
    let node = hot["node"].as_str().expect("node");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("overloaded") && err.contains(&format!("node {node} resource cpu")),
        "{err}"
    );
    // The human summary says it too, on stdout with the numbers.
    let o = tandem(&["plan", "--spec", path, "--solver", "microlp"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("fits       NO: overloaded"), "{out}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("overloaded"));
}

#[test]
fn bad_spec_names_the_entry() {
    let spec = tmp("bad.toml");
    std::fs::write(&spec, SPEC.replace("volume = 20.0", "volume = -20.0")).expect("write");
    let o = tandem(&["plan", "--spec", spec.to_str().expect("utf8")]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("class[1] (B->A web)") && err.contains("volume"),
        "{err}"
    );

    std::fs::write(
        &spec,
        SPEC.replace(
            "[[class]]\ningress = \"A\"",
            "[[class]]\ncolour = 1\ningress = \"A\"",
        ),
    )
    .expect("write");
    let o = tandem(&["plan", "--spec", spec.to_str().expect("utf8")]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("colour"), "{err}");
}

#[test]
fn gap_only_needs_saved_results() {
    // `plan eval --gap-only` adds to an earlier run: without its results.json it
    // must refuse, naming the file, and write nothing.
    let dir = tmp("no-results");
    std::fs::create_dir_all(&dir).expect("dir");
    let o = tandem(&[
        "plan",
        "eval",
        "--gap-only",
        "--only",
        "Internet2",
        "-o",
        dir.to_str().expect("utf8"),
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("results.json"), "{err}");
    assert!(!dir.join("tables.md").exists());
}

#[test]
fn eval_rejects_bad_traffic_parameters() {
    // A bad override is refused before any data is read, naming the option.
    let dir = tmp("bad-rho");
    let o = tandem(&[
        "plan",
        "eval",
        "--rho",
        "1.5",
        "--data",
        "/nonexistent",
        "-o",
        dir.to_str().expect("utf8"),
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--rho 1.5"), "{err}");
    assert!(!dir.join("results.json").exists());
}
