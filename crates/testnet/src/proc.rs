//! Processes a test starts (inside a namespace or not) and `tcpdump` captures.

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Child, ChildStderr, Command, Output, Stdio};

use crate::cmd;
use crate::spec::Iface;

/// A process a test started; killed (and reaped) on drop if still running.
#[derive(Debug)]
pub struct Proc {
    what: String,
    child: Option<Child>,
}

impl Proc {
    /// Starts `cmd` (e.g. from [`Ns::command`](crate::Ns::command)); `what`
    /// names it in messages. Panics if it cannot start.
    pub fn spawn(what: &str, cmd: &mut Command) -> Proc {
        let child = cmd
            .spawn()
            .unwrap_or_else(|e| panic!("testnet: spawn {what}: {e}"));
        Proc {
            what: what.to_string(),
            child: Some(child),
        }
    }

    /// Its process id.
    pub fn id(&self) -> u32 {
        self.running_child().id()
    }

    /// The child, e.g. to take its stdout.
    pub fn child(&mut self) -> &mut Child {
        self.child
            .as_mut()
            .unwrap_or_else(|| panic!("testnet: {} has ended", self.what))
    }

    fn running_child(&self) -> &Child {
        self.child
            .as_ref()
            .unwrap_or_else(|| panic!("testnet: {} has ended", self.what))
    }

    /// Whether it is still running.
    pub fn running(&mut self) -> bool {
        self.child
            .as_mut()
            .is_some_and(|c| c.try_wait().ok().flatten().is_none())
    }

    /// Sends it signal `sig` by name (`TERM`, `INT`, `STOP`, `CONT`, ...).
    pub fn signal(&self, sig: &str) {
        cmd::signal(self.id(), sig)
            .unwrap_or_else(|e| panic!("testnet: signal {} {sig}: {e}", self.what));
    }

    /// Waits for it to end and collects what it wrote to piped stdout/stderr.
    pub fn wait_with_output(mut self) -> Output {
        let child = self.child.take();
        child
            .map(Child::wait_with_output)
            .unwrap_or_else(|| panic!("testnet: {} has ended", self.what))
            .unwrap_or_else(|e| panic!("testnet: wait for {}: {e}", self.what))
    }

    /// Signals it (`TERM` as Ctrl-C's sibling, `INT`) and waits for it to end.
    pub fn stop(self, sig: &str) -> Output {
        self.signal(sig);
        self.wait_with_output()
    }

    /// Kills it at once (SIGKILL), as a crash would.
    pub fn kill(mut self) {
        self.end();
    }

    fn end(&mut self) {
        if let Some(mut c) = self.child.take() {
            if c.try_wait().ok().flatten().is_some() {
                return; // reaped already: its pid may be another's by now
            }
            // A stopped process does not die of SIGKILL until continued.
            let _ = cmd::signal(c.id(), "CONT");
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        self.end();
    }
}

/// `tcpdump` on one interface, writing every frame whole with nanosecond
/// timestamps (a 64 MiB buffer, each frame written as it arrives); stopped and
/// flushed by [`Capture::stop`], killed on drop.
#[derive(Debug)]
pub struct Capture {
    proc: Proc,
    stderr: BufReader<ChildStderr>,
    path: PathBuf,
}

/// What a stopped [`Capture`] wrote, and how many frames the kernel dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Captured {
    pub path: PathBuf,
    pub kernel_drops: u64,
}

impl Capture {
    /// Starts capturing on `at` into the pcap file `path`; returns once tcpdump
    /// listens.
    pub fn start(at: &Iface, path: PathBuf) -> Capture {
        let file = path
            .to_str()
            .unwrap_or_else(|| panic!("testnet: non-UTF-8 path {}", path.display()));
        let args = [
            "tcpdump",
            "-i",
            at.name(),
            "-n",
            "-s",
            "0",
            "-B",
            "65536",
            "--immediate-mode",
            "-U",
            "--time-stamp-precision=nano",
            "-w",
            file,
        ];
        let line = cmd::inside(at.ns(), &args);
        let mut command = Command::new(line[0]);
        command
            .args(&line[1..])
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let mut proc = Proc::spawn(&format!("tcpdump on {at}"), &mut command);
        let mut stderr = BufReader::new(proc.child().stderr.take().expect("piped stderr"));
        let mut line = String::new();
        while !line.contains("listening on") {
            line.clear();
            let n = stderr
                .read_line(&mut line)
                .unwrap_or_else(|e| panic!("testnet: tcpdump on {at}: {e}"));
            assert!(n > 0, "testnet: tcpdump on {at} exited before listening");
        }
        Capture { proc, stderr, path }
    }

    /// Stops tcpdump as Ctrl-C would and returns its file and the kernel's drop
    /// count (its last words); panics if it failed or did not say.
    pub fn stop(mut self) -> Captured {
        self.proc.signal("INT");
        let mut rest = String::new();
        let _ = self.stderr.read_to_string(&mut rest);
        let status = self.proc.child().wait().expect("wait for tcpdump");
        assert!(status.success(), "testnet: tcpdump: {status}: {rest}");
        let kernel_drops = rest
            .lines()
            .find_map(|l| l.strip_suffix(" packets dropped by kernel"))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or_else(|| panic!("testnet: tcpdump reported no drop count: {rest}"));
        Captured {
            path: self.path.clone(),
            kernel_drops,
        }
    }
}
