//! Interoperability with the outside P4Runtime client: p4runtime-shell (PyPI
//! 0.0.6) drives `tandem switch --grpc` (tests/data/p4runtime_shell_check.py
//! says what it checks).
//!
//! The shell lives in a Python virtual environment named by
//! `TANDEM_P4RUNTIME_SH` (the venv directory: `python3 -m venv V && V/bin/pip
//! install p4runtime-shell==0.0.6`; CI makes one). Without it the test is
//! skipped with a printed reason, unless TANDEM_REQUIRE_TOOLS=1.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{path_str, scratch, tandem};

/// Kills the switch and removes the scratch directory, also on failure.
struct Guard {
    child: Option<Child>,
    dir: PathBuf,
}

impl Drop for Guard {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn shell_python() -> Option<PathBuf> {
    let required = std::env::var("TANDEM_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
    let reason = match std::env::var_os("TANDEM_P4RUNTIME_SH") {
        None => "TANDEM_P4RUNTIME_SH is not set (a venv with p4runtime-shell 0.0.6)".to_string(),
        Some(v) => {
            let py = Path::new(&v).join("bin/python");
            let ok = Command::new(&py)
                .args(["-c", "import p4runtime_sh.shell"])
                .output()
                .is_ok_and(|o| o.status.success());
            if ok {
                return Some(py);
            }
            format!(
                "TANDEM_P4RUNTIME_SH={}: {} cannot import p4runtime_sh",
                Path::new(&v).display(),
                py.display()
            )
        }
    };
    assert!(!required, "TANDEM_REQUIRE_TOOLS=1 but {reason}");
    println!("skipped: {reason}");
    None
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free local port")
}

/// Waits until `addr` accepts connections (the switch is up).
fn wait_listening(addr: &str, child: &mut Child) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        if std::net::TcpStream::connect(addr).is_ok() {
            return;
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!("tandem switch exited early: {status}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("tandem switch did not listen on {addr} within 20 s");
}

#[test]
fn p4runtime_shell_drives_tandem_switch() {
    let Some(python) = shell_python() else { return };
    let dir = scratch("p4runtime-shell");
    let mut guard = Guard {
        child: None,
        dir: dir.clone(),
    };
    let program = pipe::examples::nat();
    let json = dir.join("nat.pipe.json");
    std::fs::write(&json, serde_json::to_vec(&program).unwrap()).unwrap();
    let info = dir.join("nat.p4info.txtpb");
    std::fs::write(
        &info,
        p4rt::to_text(&p4rt::p4info(&program).unwrap()).unwrap(),
    )
    .unwrap();

    let addr = format!("127.0.0.1:{}", free_port());
    // No program: the shell sets it with SetForwardingPipelineConfig.
    let child = Command::new(env!("CARGO_BIN_EXE_tandem"))
        .args(["switch", "--grpc", &addr])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tandem switch");
    let child = guard.child.insert(child);
    wait_listening(&addr, child);

    let script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/p4runtime_shell_check.py");
    let mut run = Command::new(&python)
        .arg(&script)
        .args([&addr, path_str(&info), path_str(&json)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start python");
    let deadline = Instant::now() + Duration::from_secs(60);
    while run.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    if run.try_wait().ok().flatten().is_none() {
        let _ = run.kill();
    }
    let out = run.wait_with_output().expect("python output");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("all checks passed"),
        "p4runtime-shell checks failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    for check in ["read back entries", "packet-in payload", "nat_hits[3]"] {
        assert!(
            stdout.contains(&format!("ok: {check}")),
            "{check} not run:\n{stdout}"
        );
    }
}

#[test]
fn switch_refuses_a_bad_address_and_a_bad_program() {
    let out = tandem(&["switch", "--grpc", "not-an-address"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--grpc not-an-address"), "{err}");
    let dir = scratch("switch-bad-program");
    let guard = Guard {
        child: None,
        dir: dir.clone(),
    };
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"name\": 1}").unwrap();
    let out = tandem(&["switch", "--grpc", "127.0.0.1:0", path_str(&bad)]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.json") && err.contains("not a pipe program"),
        "{err}"
    );
    drop(guard);
}
