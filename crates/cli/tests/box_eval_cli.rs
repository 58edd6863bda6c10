//! `tandem box eval`: an example topology end to end, planned in process and
//! from the configurations `tandem plan -o` writes.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A temporary directory removed on drop (also when a test fails).
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("tandem-box-eval-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tandem(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tandem"))
        .args(args)
        .current_dir(repo())
        .output()
        .expect("runs")
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf8")
}

fn read_json(p: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(p).expect("written")).expect("JSON")
}

#[test]
fn abilene_end_to_end_passes_from_plan_and_from_written_configs() {
    let tmp = TempDir::new("abilene");
    let spec = "examples/plan/sndlib-abilene.toml";
    let json = tmp.0.join("eval.json");
    let o = tandem(&[
        "box",
        "eval",
        "--spec",
        spec,
        "--sessions",
        "600",
        "--solver",
        "microlp",
        "--json",
        s(&json),
    ]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout.contains("result     PASS"), "{stdout}");
    assert!(stdout.contains("max load   LP"), "{stdout}");
    let v = read_json(&json);
    let r = &v[0]["report"];
    let cov = &r["coverage"];
    // 440 classes, at least one session each.
    assert!(cov["sessions"].as_u64().expect("n") >= 440, "{cov}");
    assert_eq!(cov["exactly_once"], cov["sessions"]);
    assert_eq!(cov["gaps"], 0);
    assert_eq!(cov["doubles"], 0);
    assert_eq!(r["boxes"], 11);
    assert_eq!(r["loads_ok"], 11);
    assert_eq!(r["passed"], true);

    // The same from what `tandem plan -o` wrote.
    let dir = tmp.0.join("boxes");
    let o = tandem(&["plan", "--spec", spec, "--solver", "microlp", "-o", s(&dir)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let json2 = tmp.0.join("eval2.json");
    let o = tandem(&[
        "box",
        "eval",
        "--spec",
        spec,
        "--configs",
        s(&dir),
        "--sessions",
        "600",
        "--json",
        s(&json2),
    ]);
    assert!(
        o.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    let v2 = read_json(&json2);
    assert_eq!(v2[0]["report"]["coverage"], *cov);
}

#[test]
fn a_broken_plan_fails_with_the_sessions_named() {
    let tmp = TempDir::new("broken");
    let spec = "examples/plan/sndlib-abilene.toml";
    let dir = tmp.0.join("boxes");
    let o = tandem(&["plan", "--spec", spec, "--solver", "microlp", "-o", s(&dir)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Take every share off one box: its sessions are processed nowhere.
    let file = dir.join("ATLAng.json");
    let mut cfg: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("config")).expect("JSON");
    cfg["assignments"] = serde_json::json!([]);
    cfg["cores"] = serde_json::json!([]);
    cfg["queues"] = serde_json::json!([]);
    std::fs::write(&file, cfg.to_string()).expect("write");
    let o = tandem(&[
        "box",
        "eval",
        "--spec",
        spec,
        "--configs",
        s(&dir),
        "--sessions",
        "300",
    ]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(!o.status.success(), "{stdout}");
    assert!(stdout.contains("result     FAIL"), "{stdout}");
    assert!(stdout.contains("FAIL       session"), "{stdout}");
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("end-to-end check failed"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn configs_need_exactly_one_spec() {
    let o = tandem(&[
        "box",
        "eval",
        "--spec",
        "examples/plan/sndlib-abilene.toml",
        "--spec",
        "examples/plan/topologyzoo-abilene.toml",
        "--configs",
        "nowhere",
    ]);
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("exactly one --spec"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
