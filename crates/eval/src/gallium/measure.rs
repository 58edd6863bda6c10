//! The measurements: iperf3 with parallel streams, the TCP ping-pong, the
//! realistic workloads, and the NF's CPU time.

use std::net::SocketAddr;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};
use testnet::Ns;

use crate::tcpload::{self, Flow, FlowsOptions};

/// CPU time a process (all its threads) and the BPF programs it holds used.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct CpuTime {
    /// User and system time of the process, in seconds.
    pub process_s: f64,
    /// Run time of its BPF programs (`run_time_ns` in their fdinfo, counted
    /// while `kernel.bpf_stats_enabled` is 1), in seconds: XDP runs in the
    /// kernel's receive path, on whatever core the frame arrives, not in the
    /// process.
    pub bpf_s: f64,
}

impl CpuTime {
    /// Of process `pid` now (`None`: no process, all zero).
    pub fn of(pid: Option<u32>) -> CpuTime {
        let Some(pid) = pid else {
            return CpuTime::default();
        };
        CpuTime {
            process_s: process_seconds(pid).unwrap_or(0.0),
            bpf_s: bpf_seconds(pid) as f64 / 1e9,
        }
    }

    /// Both together.
    pub fn total(&self) -> f64 {
        self.process_s + self.bpf_s
    }

    /// What was used since `earlier`.
    pub fn since(&self, earlier: &CpuTime) -> CpuTime {
        CpuTime {
            process_s: (self.process_s - earlier.process_s).max(0.0),
            bpf_s: (self.bpf_s - earlier.bpf_s).max(0.0),
        }
    }
}

/// Where the figures of a running system are read. A Tandem process serves
/// them at `/metrics` (`tandem live --metrics`): its CPU time
/// (`process_cpu_seconds_total`, nanosecond resolution), the frames its ports
/// received and the packets it sent to the server part. Other processes
/// (FastClick) are read from `/proc`; BPF programs' run time from their
/// fdinfo, which no exporter of the process can see more cheaply.
#[derive(Clone)]
pub struct Probe {
    pid: Option<u32>,
    metrics: Option<(Ns, SocketAddr)>,
}

/// One reading of a [`Probe`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Reading {
    /// CPU time so far.
    pub cpu: CpuTime,
    /// Frames received on the NF's ports (Tandem only).
    pub rx_frames: Option<f64>,
    /// Packets sent to the server part (Tandem only).
    pub server_packets: Option<f64>,
}

impl Reading {
    /// What happened since `earlier`.
    pub fn since(&self, earlier: &Reading) -> Reading {
        let d = |a: Option<f64>, b: Option<f64>| Some((a? - b?).max(0.0));
        Reading {
            cpu: self.cpu.since(&earlier.cpu),
            rx_frames: d(self.rx_frames, earlier.rx_frames),
            server_packets: d(self.server_packets, earlier.server_packets),
        }
    }

    /// Packets to the server part per frame received.
    pub fn server_share(&self) -> Option<f64> {
        match (self.server_packets, self.rx_frames) {
            (Some(s), Some(r)) if r > 0.0 => Some(s / r),
            _ => None,
        }
    }
}

/// `tandem live` publishes its counters with its status, once a second; a
/// reading at the end of a measurement waits this long so it holds all of it.
const PUBLISH_LAG: Duration = Duration::from_millis(1_200);

impl Probe {
    /// Of process `pid`, with its `/metrics` at `addr` in `ns` if it has one.
    pub fn new(pid: Option<u32>, metrics: Option<(Ns, SocketAddr)>) -> Probe {
        Probe { pid, metrics }
    }

    /// Reads now. A `/metrics` that does not answer is an error: the figures
    /// would silently be zero.
    pub fn read(&self) -> anyhow::Result<Reading> {
        let Some((ns, addr)) = &self.metrics else {
            return Ok(Reading {
                cpu: CpuTime::of(self.pid),
                ..Reading::default()
            });
        };
        let addr = *addr;
        let mut m = Samples::parse(&ns.run(move || scrape(addr))?);
        for _ in 0..2 {
            if m.sum("tandem_port_rx_frames_total").is_some() {
                break;
            }
            // Not published yet: the exporter's first snapshot comes with
            // the loop's first status tick, a second after it started.
            std::thread::sleep(PUBLISH_LAG);
            m = Samples::parse(&ns.run(move || scrape(addr))?);
        }
        let mut cpu = CpuTime::of(self.pid);
        cpu.process_s = m
            .sum("process_cpu_seconds_total")
            .with_context(|| format!("no process_cpu_seconds_total at http://{addr}/metrics"))?;
        Ok(Reading {
            cpu,
            rx_frames: m.sum("tandem_port_rx_frames_total"),
            server_packets: m.sum("tandem_server_packets_total"),
        })
    }

    /// Reads at the end of a measurement: the CPU time now, the counters
    /// once the process has published what it counted until now (a loop
    /// that spins keeps using CPU meanwhile).
    pub fn read_after(&self) -> anyhow::Result<Reading> {
        let now = self.read()?;
        if self.metrics.is_none() {
            return Ok(now);
        }
        std::thread::sleep(PUBLISH_LAG);
        let later = self.read()?;
        Ok(Reading {
            cpu: now.cpu,
            ..later
        })
    }
}

/// `GET /metrics` from `addr`: the body.
fn scrape(addr: SocketAddr) -> anyhow::Result<String> {
    use std::io::{Read as _, Write as _};
    let mut s = std::net::TcpStream::connect_timeout(&addr, Duration::from_secs(2))
        .with_context(|| format!("connect to the metrics at {addr}"))?;
    s.set_read_timeout(Some(Duration::from_secs(5)))?;
    s.write_all(b"GET /metrics HTTP/1.0\r\nHost: tandem\r\n\r\n")?;
    let mut reply = String::new();
    s.read_to_string(&mut reply)
        .with_context(|| format!("read the metrics at {addr}"))?;
    let (head, body) = reply
        .split_once("\r\n\r\n")
        .with_context(|| format!("the metrics at {addr} answered no HTTP: {reply:.80}"))?;
    anyhow::ensure!(
        head.starts_with("HTTP/1.") && head.split_whitespace().nth(1) == Some("200"),
        "the metrics at {addr} answered {}",
        head.lines().next().unwrap_or("")
    );
    Ok(body.to_string())
}

/// Samples of Prometheus's text format: (metric name, labels, value).
pub struct Samples(Vec<(String, String, f64)>);

impl Samples {
    /// Parses the exposition; lines it cannot read are skipped.
    pub fn parse(text: &str) -> Samples {
        let mut v = Vec::new();
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (series, value) = match line.rsplit_once(char::is_whitespace) {
                Some(x) => x,
                None => continue,
            };
            let Ok(value) = value.parse::<f64>() else {
                continue;
            };
            let (name, labels) = match series.split_once('{') {
                Some((n, l)) => (n, l.trim_end_matches('}')),
                None => (series.trim(), ""),
            };
            v.push((name.trim().to_string(), labels.to_string(), value));
        }
        Samples(v)
    }

    /// The sum over every series of metric `name`; `None` if it has none.
    pub fn sum(&self, name: &str) -> Option<f64> {
        let mut it = self.0.iter().filter(|s| s.0 == name).peekable();
        it.peek()?;
        Some(it.map(|s| s.2).sum())
    }
}

/// utime + stime of `pid` (fields 14 and 15 of /proc/PID/stat, after the
/// command name in parentheses), in seconds.
pub fn process_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = after.split_whitespace().collect();
    // `after` starts at field 3 (state).
    let utime: f64 = f.get(11)?.parse().ok()?;
    let stime: f64 = f.get(12)?.parse().ok()?;
    Some((utime + stime) / clock_ticks())
}

fn clock_ticks() -> f64 {
    rustix::param::clock_ticks_per_second() as f64
}

/// Sum of `run_time_ns` over the BPF programs `pid` has open.
fn bpf_seconds(pid: u32) -> u64 {
    let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return 0;
    };
    let mut ns = 0;
    for fd in fds.flatten() {
        let is_prog = std::fs::read_link(fd.path())
            .is_ok_and(|l| l.to_string_lossy() == "anon_inode:bpf-prog");
        if !is_prog {
            continue;
        }
        let info = format!("/proc/{pid}/fdinfo/{}", fd.file_name().to_string_lossy());
        if let Ok(text) = std::fs::read_to_string(info) {
            ns += text
                .lines()
                .find_map(|l| l.strip_prefix("run_time_ns:"))
                .and_then(|v| v.trim().parse::<u64>().ok())
                .unwrap_or(0);
        }
    }
    ns
}

/// Turns the kernel's BPF run-time statistics on while it lives (they cost a
/// little per program run, so the kernel keeps them off by default).
pub struct BpfStats {
    before: Option<String>,
}

const BPF_STATS: &str = "/proc/sys/kernel/bpf_stats_enabled";

impl BpfStats {
    /// On (if the kernel has the switch).
    pub fn on() -> BpfStats {
        let before = std::fs::read_to_string(BPF_STATS).ok();
        if before.is_some() {
            let _ = std::fs::write(BPF_STATS, "1");
        }
        BpfStats { before }
    }
}

impl Drop for BpfStats {
    fn drop(&mut self) {
        if let Some(b) = &self.before {
            let _ = std::fs::write(BPF_STATS, b.trim());
        }
    }
}

/// One iperf3 run's result.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Iperf {
    /// What the receiver got, in Gb/s.
    pub gbps: f64,
    /// Retransmitted segments.
    pub retransmits: u64,
}

/// iperf3 with `streams` parallel TCP streams from the client to the server
/// for `secs` seconds, both pinned to `core`.
pub fn iperf3(
    client: &Ns,
    server: &Ns,
    (connect, listen): (SocketAddr, SocketAddr),
    streams: u32,
    secs: u32,
    core: usize,
) -> anyhow::Result<Iperf> {
    let core = core.to_string();
    let mut srv = server.command("taskset");
    srv.args(["-c", &core, "iperf3", "-s", "-1", "-p"])
        .arg(listen.port().to_string());
    if !listen.ip().is_unspecified() {
        srv.arg("-B").arg(listen.ip().to_string());
    }
    srv.stdout(Stdio::null()).stderr(Stdio::null());
    let srv = super::setup::spawn("iperf3 -s", &mut srv)?;
    // The server is up once it listens; try for a second.
    let t = Instant::now();
    let out = loop {
        let out = client
            .command("taskset")
            .args(["-c", &core, "iperf3", "-J", "-c"])
            .arg(connect.ip().to_string())
            .arg("-p")
            .arg(connect.port().to_string())
            .args(["-P", &streams.to_string(), "-t", &secs.to_string()])
            .output()
            .context("run iperf3 -c")?;
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let v: serde_json::Value = serde_json::from_str(&text)
            .with_context(|| format!("iperf3 -J printed no JSON: {text}"))?;
        match v.get("error").and_then(|e| e.as_str()) {
            Some(e) if e.contains("unable to connect") && t.elapsed() < Duration::from_secs(2) => {
                std::thread::sleep(Duration::from_millis(100));
            }
            Some(e) => bail!("iperf3 to {connect}: {e}"),
            None => break v,
        }
    };
    srv.kill();
    let end = &out["end"];
    let gbps = end["sum_received"]["bits_per_second"]
        .as_f64()
        .context("iperf3's JSON has no end.sum_received.bits_per_second")?
        / 1e9;
    let retransmits = end["sum_sent"]["retransmits"].as_u64().unwrap_or(0);
    Ok(Iperf { gbps, retransmits })
}

/// `count` 1-byte round trips from the client, in ns each.
pub fn ping_pong(
    client: &Ns,
    server: &Ns,
    (connect, listen): (SocketAddr, SocketAddr),
    count: usize,
    core: usize,
) -> anyhow::Result<Vec<u64>> {
    let srv = server.run(move || {
        pin(core);
        tcpload::Server::start(listen)
    })?;
    let r = client.run(move || {
        pin(core);
        tcpload::ping_pong(connect, count, Duration::from_secs(5))
    });
    srv.stop();
    r
}

/// A workload's run: its flows and what the client's interface received.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WorkloadRun {
    /// Every flow started.
    pub flows: Vec<Flow>,
    /// Wall time from the first flow's start to the last one's end, in s.
    pub seconds: f64,
    /// Bytes the client's interface received meanwhile (Gallium reads "the RX
    /// counter of the receiver side's NIC").
    pub rx_bytes: u64,
}

/// Runs `sizes` as flows from the server to the client (the client asks), over
/// `threads` client threads.
pub fn workload(
    client: &Ns,
    server: &Ns,
    (connect, listen): (SocketAddr, SocketAddr),
    sizes: Vec<u64>,
    threads: usize,
    deadline: Duration,
    core: usize,
) -> anyhow::Result<WorkloadRun> {
    let srv = server.run(move || {
        pin(core);
        tcpload::Server::start(listen)
    })?;
    let rx0 = rx_bytes(client, "c0")?;
    let t = Instant::now();
    let flows = client.run(move || {
        pin(core);
        tcpload::run_flows(
            &sizes,
            &FlowsOptions {
                target: connect,
                threads,
                flow_timeout: Duration::from_secs(60),
                deadline,
            },
        )
    });
    let seconds = t.elapsed().as_secs_f64();
    let rx = rx_bytes(client, "c0")?.saturating_sub(rx0);
    srv.stop();
    Ok(WorkloadRun {
        flows,
        seconds,
        rx_bytes: rx,
    })
}

/// `dev`'s received bytes in `ns` (sysfs as the namespace sees it).
fn rx_bytes(ns: &Ns, dev: &str) -> anyhow::Result<u64> {
    let out = ns
        .command("cat")
        .arg(
            Path::new("/sys/class/net")
                .join(dev)
                .join("statistics/rx_bytes"),
        )
        .output()
        .context("read rx_bytes")?;
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .with_context(|| format!("rx_bytes of {dev} in {}", ns.name()))
}

/// Pins the calling thread (and the threads it starts) to `core`; quietly
/// does nothing where the core does not exist.
fn pin(core: usize) {
    let mut set = rustix::thread::CpuSet::new();
    set.set(core);
    let _ = rustix::thread::sched_setaffinity(None, &set);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_uses_cpu_time_and_holds_no_bpf_program() {
        let pid = std::process::id();
        let a = CpuTime::of(Some(pid));
        let mut x = 0u64;
        let t = Instant::now();
        while t.elapsed() < Duration::from_millis(60) {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        }
        assert_ne!(x, 1);
        let b = CpuTime::of(Some(pid));
        let d = b.since(&a);
        assert!(d.process_s > 0.0, "{a:?} -> {b:?}");
        assert_eq!(d.bpf_s, 0.0);
        assert_eq!(CpuTime::of(None).total(), 0.0);
    }

    #[test]
    fn samples_sum_a_metric_over_its_labels() {
        let text = "# HELP tandem_port_rx_frames Frames.\n# TYPE tandem_port_rx_frames counter\n\
                    tandem_port_rx_frames_total{port=\"0\"} 10\n\
                    tandem_port_rx_frames_total{port=\"1\"} 32\n\
                    process_cpu_seconds_total 1.5\nnot a sample\n# EOF\n";
        let m = Samples::parse(text);
        assert_eq!(m.sum("tandem_port_rx_frames_total"), Some(42.0));
        assert_eq!(m.sum("process_cpu_seconds_total"), Some(1.5));
        assert_eq!(m.sum("tandem_server_packets_total"), None);
        let a = Reading {
            rx_frames: Some(100.0),
            server_packets: Some(1.0),
            ..Reading::default()
        };
        let b = Reading {
            rx_frames: Some(300.0),
            server_packets: Some(5.0),
            ..Reading::default()
        };
        assert_eq!(b.since(&a).server_share(), Some(0.02));
        assert_eq!(Reading::default().server_share(), None);
    }
}
