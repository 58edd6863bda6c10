//! Live and simulated agree, judged by an outside observer: `tcpdump` on the
//! hosts' own interfaces records what the client and the server sent and what
//! they received while real TCP downloads run through `tandem live` MazuNAT.
//! What the hosts sent is replayed through `tandem run` (with tcpdump's
//! timestamps, one clock for both sides), and the replay must send each host
//! exactly the frames tcpdump saw it receive, each flow's in the same order.
//!
//! The other live tests compare with `tandem live --record`, which Tandem writes
//! itself; this one does not trust Tandem's view of its own ports.
//!
//! Needs root, `ip`, `ethtool` and `tcpdump`; skipped with a printed reason
//! otherwise (fails under TANDEM_REQUIRE_TOOLS=1 when a tool is missing).
//! Addresses are in 198.18.0.0/15 only; namespaces are deleted whatever happens.

mod common;

use std::io::{BufRead, BufReader, BufWriter};
use std::net::SocketAddrV4;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::Duration;

use common::live::*;
use common::netns::*;
use common::*;

const HTTP_PORT: u16 = 8080;

/// `tcpdump` on one host interface, writing every frame whole with nanosecond
/// timestamps; stopped (and flushed) by [`Capture::stop`], killed on drop.
struct Capture {
    child: Option<Child>,
    stderr: Option<BufReader<ChildStderr>>,
    path: PathBuf,
}

impl Capture {
    /// Starts capturing and returns once tcpdump listens.
    fn start(ns: &str, dev: &str, path: PathBuf) -> Capture {
        let mut child = Command::new("ip")
            .args(["netns", "exec", ns, "tcpdump", "-i", dev, "-n", "-s", "0"])
            .args(["-B", "65536", "--immediate-mode", "-U"])
            .args(["--time-stamp-precision=nano", "-w", path_str(&path)])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn tcpdump");
        let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
        let mut line = String::new();
        loop {
            line.clear();
            let n = stderr.read_line(&mut line).expect("tcpdump stderr");
            assert!(n > 0, "tcpdump on {ns}/{dev} exited before listening");
            if line.contains("listening on") {
                break;
            }
        }
        Capture {
            child: Some(child),
            stderr: Some(stderr),
            path,
        }
    }

    /// Stops tcpdump as Ctrl-C would and requires that the kernel dropped nothing.
    fn stop(mut self) -> PathBuf {
        let mut child = self.child.take().expect("running");
        sh(&["kill", "-INT", &child.id().to_string()]);
        let mut rest = String::new();
        if let Some(mut e) = self.stderr.take() {
            let _ = std::io::Read::read_to_string(&mut e, &mut rest);
        }
        let status = child.wait().expect("wait tcpdump");
        assert!(status.success(), "tcpdump: {status}: {rest}");
        let dropped = rest
            .lines()
            .find_map(|l| l.strip_suffix(" packets dropped by kernel"))
            .and_then(|n| n.trim().parse::<u64>().ok())
            .unwrap_or_else(|| panic!("tcpdump reported no drop count: {rest}"));
        assert_eq!(
            dropped, 0,
            "tcpdump lost frames, the comparison would be void"
        );
        self.path.clone()
    }
}

impl Drop for Capture {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// Frames with their capture timestamps (ns).
type Stamped = Vec<(u64, Vec<u8>)>;

/// Splits a host's capture by the Ethernet source: frames the host sent (its
/// MAC) and frames it received. Returns (sent with timestamps, received).
fn split(path: &Path, host_mac: [u8; 6]) -> (Stamped, Vec<Vec<u8>>) {
    let mut sent = Vec::new();
    let mut received = Vec::new();
    for p in trace::pcap::PcapReader::open(path).expect("capture") {
        let p = p.expect("capture packet");
        assert!(p.data.len() >= 14, "runt frame in the capture");
        if p.data[6..12] == host_mac {
            sent.push((p.ts_ns, p.data));
        } else {
            assert_eq!(p.data[0..6], host_mac, "a frame for someone else");
            received.push(p.data);
        }
    }
    (sent, received)
}

fn mac(ns: &str, dev: &str) -> [u8; 6] {
    let text = mac_of(ns, dev);
    let bytes: Vec<u8> = text
        .split(':')
        .map(|b| u8::from_str_radix(b, 16).expect("hex"))
        .collect();
    bytes.try_into().expect("six bytes")
}

fn write_pcap(path: &Path, frames: &[(u64, Vec<u8>)]) {
    let file = std::fs::File::create(path).expect("create pcap");
    let mut w =
        trace::pcap::PcapWriter::new(BufWriter::new(file), trace::pcap::Resolution::Nanosecond)
            .expect("pcap header");
    for (ts, data) in frames {
        w.write(*ts, data).expect("write frame");
    }
}

#[test]
fn what_the_hosts_saw_through_live_mazunat_replays_through_tandem_run() {
    if !can_run("live tcpdump comparison", &[("tcpdump", "--version")]) {
        return;
    }
    let topo = Topology::new("tcpd", 1);
    let dir = scratch("live-tcpdump");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let (client, server) = (topo.client.clone(), topo.servers[0].clone());
    let client_cap = Capture::start(&client, "c0", dir.join("client.pcap"));
    let server_cap = Capture::start(&server, "s0", dir.join("server.pcap"));
    let live = LiveProcess::start(&dir, &topo.switch, &[&nat, "--set", &set_ext]);

    // Sequential downloads of several sizes from the server, from the client.
    let addr = SocketAddrV4::new(topo.server_ip(0), HTTP_PORT);
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let served = serve(server.clone(), addr, stop.clone(), tx);
    rx.recv_timeout(Duration::from_secs(10))
        .expect("server listening");
    let sizes = [2_000usize, 150_000, 600_000];
    thread::spawn(move || {
        port::netns::enter(&client).expect("enter client namespace");
        for (i, &s) in sizes.iter().enumerate() {
            download(addr, i as u32, s);
        }
    })
    .join()
    .expect("downloads");
    stop.store(true, Ordering::Relaxed);
    let peers = served.join().expect("server thread");
    assert_eq!(
        peers.len(),
        sizes.len(),
        "every download reached the server"
    );
    // Let the last FIN/ACKs cross before the captures stop.
    thread::sleep(Duration::from_millis(300));
    let summary = live.stop();
    assert_eq!(summary["failed"], 0, "{summary}");
    let client_pcap = client_cap.stop();
    let server_pcap = server_cap.stop();

    let (client_sent, client_got) = split(&client_pcap, mac(&topo.client, "c0"));
    let (server_sent, server_got) = split(&server_pcap, mac(&topo.servers[0], "s0"));
    assert!(client_sent.len() > 50 && server_sent.len() > 100);
    write_pcap(&dir.join("in0.pcap"), &client_sent);
    write_pcap(&dir.join("in1.pcap"), &server_sent);

    let in0 = format!("0={}", path_str(&dir.join("in0.pcap")));
    let in1 = format!("1={}", path_str(&dir.join("in1.pcap")));
    let out = dir.join("replay");
    let (v, _) = run_ok(
        &out,
        &[&nat, "--set", &set_ext, "--input", &in0, "--input", &in1],
    );
    assert_eq!(v["failed"], 0, "{v}");
    // The same frames, each flow's in the same order. Across flows the order
    // may differ: tcpdump's stamps are not the engine's clock, so a packet that
    // met a pending update live (and went to the server part) may meet a
    // visible one in the replay, and leave at another moment beside another
    // flow's packets.
    for (port, seen) in [(0u16, client_got), (1, server_got)] {
        let replayed = frames(&out.join(format!("port{port}.pcap")));
        let whole = assert_same_per_flow(port, seen, replayed);
        println!("port {port}: whole order agreed too: {whole}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
