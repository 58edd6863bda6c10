//! Helpers shared by the end-to-end tests of the `tandem` binary. Each test file
//! uses a subset, so unused ones are expected.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the built `tandem` binary with `args`.
pub fn tandem(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tandem"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run tandem: {e}"))
}

/// `tandem certs -o DIR` (a CA, `switch.pem`, `server.pem`, `agent.pem` and
/// any `clients` named, keys beside them).
pub fn certs(dir: &Path, clients: &[&str]) {
    let mut args = vec!["certs", "-o", path_str(dir)];
    for c in clients {
        args.extend_from_slice(&["--client", c]);
    }
    let o = tandem(&args);
    assert!(o.status.success(), "tandem certs: {}", text(&o.stderr));
}

/// `tandem switch`'s TLS options for the files [`certs`] wrote into `pki`.
pub fn switch_tls_options(pki: &Path) -> Vec<String> {
    let file = |f: &str| pki.join(f).display().to_string();
    vec![
        "--tls-cert".into(),
        file("switch.pem"),
        "--tls-key".into(),
        file("switch.key"),
        "--tls-ca".into(),
        file("ca.pem"),
    ]
}

/// Lossy text of a process's output.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh, empty directory for one test; the process id keeps concurrent test
/// binaries apart, `name` the tests within one.
pub fn scratch(name: &str) -> PathBuf {
    static SWEEP: std::sync::Once = std::sync::Once::new();
    SWEEP.call_once(|| sweep_dead("tandem-cli-test-"));
    let dir = std::env::temp_dir().join(format!("tandem-cli-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

/// Removes the temporary directories `PREFIX<pid>-…` of test processes that
/// have ended. A test's scratch directory stays while its process runs (its
/// files are what a failing test leaves to look at) and goes with the next run,
/// so test runs do not pile up in the temporary directory.
pub fn sweep_dead(prefix: &str) {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(prefix)) else {
            continue;
        };
        let pid: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if pid.is_empty() || Path::new("/proc").join(&pid).exists() {
            continue;
        }
        let _ = std::fs::remove_dir_all(e.path());
    }
}

/// The path of an example NF program under `examples/nf/`.
pub fn example(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/nf")
        .join(name);
    path_str(&p).to_owned()
}

/// A path as `&str` (test paths are UTF-8).
pub fn path_str(p: &Path) -> &str {
    p.to_str()
        .unwrap_or_else(|| panic!("non-UTF-8 path {}", p.display()))
}

/// Runs `tandem run ARGS` into `dir`; returns the summary JSON and stdout.
pub fn run_ok(dir: &Path, args: &[&str]) -> (serde_json::Value, String) {
    let summary = dir.join("summary.json");
    let mut all = vec![
        "run",
        "--output-dir",
        path_str(dir),
        "--summary",
        path_str(&summary),
    ];
    all.extend_from_slice(args);
    let o = tandem(&all);
    assert!(
        o.status.success(),
        "{args:?}: {}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let json = std::fs::read(&summary).unwrap_or_else(|e| panic!("{e}"));
    let v = serde_json::from_slice(&json).unwrap_or_else(|e| panic!("{e}"));
    (v, text(&o.stdout))
}

/// Runs `tandem trace gen ARGS -o out` and checks it succeeded.
pub fn trace_gen(out: &Path, args: &[&str]) {
    let mut all = vec!["trace", "gen"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["-o", path_str(out)]);
    let g = tandem(&all);
    assert!(g.status.success(), "{}", text(&g.stderr));
}

pub mod capture;
pub mod live;
pub mod netns;
pub mod procs;
pub mod scenarios;
pub mod scrape;
