//! Tandem daemons as processes for the two-process live tests: `tandem
//! switch` with its ports and CPU port in the switch namespace, the process
//! on the other end of the CPU link (`tandem server`, `tandem filter
//! agent`); the link between them is `Topology::cpu_link`.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use testnet::Proc;

use super::netns::{PORT0_IF, PORT1_IF};
use super::path_str;

/// The P4Runtime address: on the switch namespace's own loopback, so one
/// per test namespace is enough.
pub const GRPC: &str = "127.0.0.1:9559";

/// A tandem process whose stdout lines arrive on a channel; killed on drop.
pub struct Daemon {
    name: &'static str,
    proc: Option<Proc>,
    lines: mpsc::Receiver<String>,
}

impl Daemon {
    /// Starts `tandem ARGS`; its stderr (status lines) goes to `log`.
    pub fn start(name: &'static str, args: &[&str], log: &Path) -> Daemon {
        let err = std::fs::File::create(log).unwrap_or_else(|e| panic!("{}: {e}", log.display()));
        let mut proc = Proc::spawn(
            &format!("tandem {name}"),
            Command::new(env!("CARGO_BIN_EXE_tandem"))
                .args(args)
                .stdout(Stdio::piped())
                .stderr(err),
        );
        let out = proc.child().stdout.take().expect("stdout");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for l in BufReader::new(out).lines() {
                let Ok(l) = l else { return };
                if tx.send(l).is_err() {
                    return;
                }
            }
        });
        Daemon {
            name,
            proc: Some(proc),
            lines,
        }
    }

    /// The first stdout line containing `text` (within 20 s).
    pub fn wait_for(&mut self, text: &str) -> String {
        loop {
            match self.lines.recv_timeout(Duration::from_secs(20)) {
                Ok(l) if l.contains(text) => return l,
                Ok(_) => {}
                Err(_) => {
                    let out = self.proc.take().map(Proc::wait_with_output);
                    panic!("tandem {} did not print {text:?}: {out:?}", self.name);
                }
            }
        }
    }

    /// Every stdout line so far that contains `text`.
    pub fn lines_with(&mut self, text: &str) -> Vec<String> {
        let mut out = Vec::new();
        while let Ok(l) = self.lines.try_recv() {
            if l.contains(text) {
                out.push(l);
            }
        }
        out
    }

    /// Sends it a signal by name (`STOP`, `CONT`, ...).
    pub fn signal(&self, sig: &str) {
        self.proc.as_ref().expect("running").signal(sig);
    }

    /// Stops it as Ctrl-C would; returns the stdout lines not read yet
    /// (the last one is its status JSON).
    pub fn stop_lines(mut self) -> Vec<String> {
        let out = self.proc.take().expect("running").stop("TERM");
        assert!(out.status.success(), "tandem {} failed", self.name);
        let mut lines = Vec::new();
        while let Ok(l) = self.lines.recv_timeout(Duration::from_secs(5)) {
            lines.push(l);
        }
        lines
    }

    /// Stops it as Ctrl-C would and returns its last stdout line (its
    /// status JSON).
    pub fn stop(self) -> serde_json::Value {
        let name = self.name;
        let last = self.stop_lines().pop().unwrap_or_default();
        serde_json::from_str(&last).unwrap_or_else(|e| panic!("tandem {name} status {last:?}: {e}"))
    }

    /// Waits (at most `within`) for it to exit by itself; returns its exit
    /// status, or panics if it is still running.
    pub fn wait_exit(mut self, within: Duration) -> std::process::ExitStatus {
        let deadline = std::time::Instant::now() + within;
        let mut p = self.proc.take().expect("running");
        while p.running() {
            assert!(
                std::time::Instant::now() < deadline,
                "tandem {} still runs after {within:?}",
                self.name
            );
            thread::sleep(Duration::from_millis(50));
        }
        p.wait_with_output().status
    }

    /// Kills it at once (SIGKILL), as a crash would.
    pub fn kill(mut self) {
        if let Some(p) = self.proc.take() {
            p.kill();
        }
    }
}

/// Waits (at most 20 s) until the last line of `log` contains `text`.
pub fn wait_in_log(log: &Path, text: &str) {
    for _ in 0..400 {
        let all = std::fs::read_to_string(log).unwrap_or_default();
        if all.lines().last().is_some_and(|l| l.contains(text)) {
            return;
        }
        thread::sleep(Duration::from_millis(50));
    }
    panic!("{} never said {text}", log.display());
}

/// `tandem switch PROGRAM --grpc GRPC` with ports 0 and 1 and the CPU port
/// on `cpu0` in namespace `ns`, recording into `record` if given; returns
/// once its P4Runtime service listens.
pub fn start_switch(program: &[&str], ns: &str, log: &Path, record: Option<&Path>) -> Daemon {
    start_switch_at(program, GRPC, ns, log, record, &[])
}

/// As [`start_switch`], on P4Runtime address `grpc`, with `extra` options.
pub fn start_switch_at(
    program: &[&str],
    grpc: &str,
    ns: &str,
    log: &Path,
    record: Option<&Path>,
    extra: &[&str],
) -> Daemon {
    let p0 = format!("0={PORT0_IF}");
    let p1 = format!("1={PORT1_IF}");
    let mut args = vec!["switch"];
    args.extend_from_slice(program);
    args.extend_from_slice(&[
        "--grpc",
        grpc,
        "--netns",
        ns,
        "-p",
        &p0,
        "-p",
        &p1,
        "--cpu-port",
        "cpu0",
        "--duration",
        "60",
        "--status-every",
        "0.5",
    ]);
    if let Some(dir) = record {
        args.extend_from_slice(&["--record", path_str(dir)]);
    }
    args.extend_from_slice(extra);
    let mut d = Daemon::start("switch", &args, log);
    d.wait_for("P4Runtime");
    d
}

/// `tandem server PROGRAM` on `link0` in namespace `ns`, driving the switch
/// at [`GRPC`]; returns once it is primary (its resync line).
pub fn start_server(program: &[&str], ns: &str, log: &Path) -> (Daemon, String) {
    let mut d = spawn_server(program, GRPC, ns, log, &[]);
    let line = d.wait_for("primary for the switch");
    (d, line)
}

/// `tandem server PROGRAM` on `link0` in namespace `ns`, driving the switch
/// at `grpc`, with `extra` options; returns at once.
pub fn spawn_server(program: &[&str], grpc: &str, ns: &str, log: &Path, extra: &[&str]) -> Daemon {
    let mut args = vec!["server"];
    args.extend_from_slice(program);
    args.extend_from_slice(&[
        "--switch",
        grpc,
        "--netns",
        ns,
        "--link",
        "link0",
        "--duration",
        "60",
        "--status-every",
        "0.5",
    ]);
    args.extend_from_slice(extra);
    Daemon::start("server", &args, log)
}

/// The count in `v` (panics if it is not one).
pub fn n(v: &serde_json::Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}
