//! `tandem live` with real hosts: two network namespaces with their own kernel TCP
//! stacks talk through MazuNAT running live on veth interfaces in a third. Files of
//! several sizes arrive byte for byte, the server sees the NAT's address, and
//! replaying the run's recorded inputs through `tandem run` gives exactly the packets
//! the live run sent (live and simulated agree).
//!
//! Needs root, `ip` and `ethtool`; skipped with a printed reason when not root,
//! and fails when the tools are missing under TANDEM_REQUIRE_TOOLS=1. Addresses are
//! in 198.18.0.0/15 only; namespaces are deleted whatever happens.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddrV4, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use common::*;

const CLIENT_IP: &str = "198.18.0.2";
const SERVER_IP: &str = "198.19.0.2";
const NAT_IP: &str = "198.19.0.1";
const HTTP_PORT: u16 = 8080;

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .and_then(|l| l.split_whitespace().nth(2).map(|euid| euid == "0"))
        })
        .unwrap_or(false)
}

fn can_run(test: &str) -> bool {
    if !is_root() {
        println!("skipping {test}: needs root for network namespaces and raw sockets");
        return false;
    }
    for (tool, flag) in [("ip", "-V"), ("ethtool", "--version")] {
        let found = Command::new(tool)
            .arg(flag)
            .output()
            .is_ok_and(|o| o.status.success());
        if !found {
            assert!(
                std::env::var_os("TANDEM_REQUIRE_TOOLS").is_none(),
                "{test}: `{tool}` is required but missing"
            );
            println!("skipping {test}: `{tool}` is not installed");
            return false;
        }
    }
    true
}

fn sh(args: &[&str]) {
    let out = Command::new(args[0])
        .args(&args[1..])
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", args[0]));
    assert!(
        out.status.success(),
        "{} failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn mac_of(ns: &str, dev: &str) -> String {
    let out = Command::new("ip")
        .args(["-n", ns, "-br", "link", "show", dev])
        .output()
        .expect("ip link show");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.split_whitespace()
        .nth(2)
        .unwrap_or_else(|| panic!("no MAC in {text:?}"))
        .to_string()
}

/// client ns (c0) <-veth-> switch ns (c1 | s1) <-veth-> server ns (s0); deleted on
/// drop.
struct Topology {
    client: String,
    switch: String,
    server: String,
}

impl Topology {
    fn new(tag: &str) -> Topology {
        let id = std::process::id();
        let t = Topology {
            client: format!("tnd-{tag}-c-{id}"),
            switch: format!("tnd-{tag}-w-{id}"),
            server: format!("tnd-{tag}-s-{id}"),
        };
        for ns in [&t.client, &t.switch, &t.server] {
            let _ = Command::new("ip").args(["netns", "del", ns]).output();
            sh(&["ip", "netns", "add", ns]);
            for key in ["all", "default"] {
                sh(&[
                    "ip",
                    "netns",
                    "exec",
                    ns,
                    "sysctl",
                    "-qw",
                    &format!("net.ipv6.conf.{key}.disable_ipv6=1"),
                ]);
            }
        }
        let (c, w, s) = (t.client.as_str(), t.switch.as_str(), t.server.as_str());
        sh(&[
            "ip", "-n", c, "link", "add", "name", "c0", "type", "veth", "peer", "name", "c1",
            "netns", w,
        ]);
        sh(&[
            "ip", "-n", s, "link", "add", "name", "s0", "type", "veth", "peer", "name", "s1",
            "netns", w,
        ]);
        for (ns, dev) in [(c, "c0"), (w, "c1"), (w, "s1"), (s, "s0")] {
            // No TSO/GSO aggregates and full checksums: the NF sees wire frames.
            sh(&[
                "ip", "netns", "exec", ns, "ethtool", "-K", dev, "tso", "off", "gso", "off", "gro",
                "off", "tx", "off",
            ]);
            sh(&["ip", "-n", ns, "link", "set", dev, "up"]);
        }
        sh(&[
            "ip",
            "-n",
            c,
            "addr",
            "add",
            &format!("{CLIENT_IP}/24"),
            "dev",
            "c0",
        ]);
        sh(&["ip", "-n", c, "route", "add", "198.19.0.0/24", "dev", "c0"]);
        sh(&[
            "ip",
            "-n",
            s,
            "addr",
            "add",
            &format!("{SERVER_IP}/24"),
            "dev",
            "s0",
        ]);
        // The NF forwards IPv4 only (no ARP): static neighbours across it.
        let (cmac, smac) = (mac_of(c, "c0"), mac_of(s, "s0"));
        sh(&[
            "ip",
            "-n",
            c,
            "neigh",
            "add",
            SERVER_IP,
            "lladdr",
            &smac,
            "dev",
            "c0",
            "nud",
            "permanent",
        ]);
        sh(&[
            "ip",
            "-n",
            s,
            "neigh",
            "add",
            NAT_IP,
            "lladdr",
            &cmac,
            "dev",
            "s0",
            "nud",
            "permanent",
        ]);
        t
    }
}

impl Drop for Topology {
    fn drop(&mut self) {
        for ns in [&self.client, &self.switch, &self.server] {
            let _ = Command::new("ip").args(["netns", "del", ns]).output();
        }
    }
}

/// Kills the live process if the test ends early.
struct LiveProcess(Option<Child>);

impl LiveProcess {
    /// Stops it as Ctrl-C would and returns its output.
    fn stop(mut self) -> std::process::Output {
        let child = self.0.take().expect("running");
        sh(&["kill", "-TERM", &child.id().to_string()]);
        child.wait_with_output().expect("wait")
    }
}

impl Drop for LiveProcess {
    fn drop(&mut self) {
        if let Some(mut c) = self.0.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// The bytes of a download of `size`: a pattern that catches reordering and loss.
fn body(size: usize) -> Vec<u8> {
    (0..size)
        .map(|i| (i as u32).wrapping_mul(2_654_435_761).rotate_left(7) as u8)
        .collect()
}

/// Serves `count` downloads ("SIZE\n" in, SIZE bytes out) in the server namespace;
/// sends each peer address back.
fn serve(ns: String, count: usize, peers: mpsc::Sender<SocketAddrV4>) -> thread::JoinHandle<()> {
    thread::spawn(move || {
        port::netns::enter(&ns).expect("enter server namespace");
        let listener = TcpListener::bind((SERVER_IP.parse::<Ipv4Addr>().expect("ip"), HTTP_PORT))
            .expect("bind");
        for _ in 0..count {
            let (mut conn, peer) = listener.accept().expect("accept");
            if let std::net::SocketAddr::V4(p) = peer {
                let _ = peers.send(p);
            }
            let mut line = String::new();
            BufReader::new(&conn).read_line(&mut line).expect("request");
            let size: usize = line.trim().parse().expect("size");
            conn.write_all(&body(size)).expect("send body");
        }
    })
}

fn download(size: usize) -> Vec<u8> {
    let addr = SocketAddrV4::new(SERVER_IP.parse().expect("ip"), HTTP_PORT);
    let mut conn =
        TcpStream::connect_timeout(&addr.into(), Duration::from_secs(5)).expect("connect");
    conn.set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    conn.write_all(format!("{size}\n").as_bytes())
        .expect("request");
    let mut got = Vec::new();
    conn.read_to_end(&mut got).expect("read body");
    got
}

fn frames(path: &Path) -> Vec<Vec<u8>> {
    trace::pcap::PcapReader::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .map(|p| p.unwrap_or_else(|e| panic!("{e}")).data)
        .collect()
}

#[test]
fn downloads_through_live_mazunat_arrive_intact_and_match_the_replay() {
    if !can_run("downloads_through_live_mazunat_arrive_intact_and_match_the_replay") {
        return;
    }
    let topo = Topology::new("nat");
    let dir = scratch("live-nat");
    let rec = dir.join("rec");
    let summary = dir.join("summary.json");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={NAT_IP}");
    let live = LiveProcess(Some(
        Command::new(env!("CARGO_BIN_EXE_tandem"))
            .args([
                "live",
                &nat,
                "--set",
                &set_ext,
                "--netns",
                &topo.switch,
                "-p",
                "0=c1",
                "-p",
                "1=s1",
                "--record",
                path_str(&rec),
                "--summary",
                path_str(&summary),
                "--duration",
                "60",
                "-q",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn tandem live"),
    ));
    // Ready once its ports are open (the recording is created right after).
    let start = Instant::now();
    while !rec.join("in/port1.pcap").exists() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "tandem live did not start"
        );
        thread::sleep(Duration::from_millis(20));
    }

    let sizes = [1_000usize, 100_000, 1_000_000, 3_000_000];
    let (tx, rx) = mpsc::channel();
    let server = serve(topo.server.clone(), sizes.len(), tx);
    let client_ns = topo.client.clone();
    let client = thread::spawn(move || {
        port::netns::enter(&client_ns).expect("enter client namespace");
        sizes.iter().map(|&s| (s, download(s))).collect::<Vec<_>>()
    });
    let got = client.join().expect("client");
    server.join().expect("server");
    let out = live.stop();
    assert!(
        out.status.success(),
        "tandem live failed: {}{}",
        text(&out.stdout),
        text(&out.stderr)
    );

    println!("tandem live:\n{}", text(&out.stdout));
    for (size, data) in &got {
        assert_eq!(data.len(), *size, "download of {size} bytes: length");
        assert!(
            *data == body(*size),
            "download of {size} bytes: content differs"
        );
    }
    // The server saw the NAT's address and ports handed out from port_min up.
    let peers: Vec<SocketAddrV4> = rx.try_iter().collect();
    assert_eq!(peers.len(), sizes.len());
    for (i, p) in peers.iter().enumerate() {
        assert_eq!(p.ip().to_string(), NAT_IP, "server saw {p}");
        assert_eq!(p.port(), 1024 + i as u16, "external ports in order");
    }

    let v: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&summary).expect("summary")).expect("json");
    assert_eq!(v["failed"], 0, "{v}");
    assert!(v["partition"]["server_packets"].as_u64().unwrap_or(0) >= sizes.len() as u64);
    assert!(
        v["live"]["ports"]["0"]["rx_frames"].as_u64().unwrap_or(0) > 100,
        "{v}"
    );

    // Replay the recorded inputs: the same packets leave each port, in order.
    let replay = dir.join("replay");
    let in0 = format!("0={}", path_str(&rec.join("in/port0.pcap")));
    let in1 = format!("1={}", path_str(&rec.join("in/port1.pcap")));
    let (_, _) = run_ok(
        &replay,
        &[&nat, "--set", &set_ext, "--input", &in0, "--input", &in1],
    );
    for port in 0..2 {
        let live_out = frames(&rec.join(format!("out/port{port}.pcap")));
        let sim_out = frames(&replay.join(format!("port{port}.pcap")));
        assert!(!live_out.is_empty(), "nothing left port {port}");
        assert_eq!(
            live_out.len(),
            sim_out.len(),
            "port {port}: packet count live vs replay"
        );
        assert!(
            live_out == sim_out,
            "port {port}: live and replayed packets differ"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
