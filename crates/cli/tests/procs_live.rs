//! Switch and server as two processes on real interfaces (docs/LIVE.md, "Two
//! processes"), as root (skipped with a printed reason otherwise): MazuNAT's
//! switch part in `tandem switch -p ... --cpu-port`, its server part in
//! `tandem server --switch ... --link`, hosts in their own namespaces with
//! their kernel TCP stacks, addresses in 198.18.0.0/15 only.
//!
//! ```text
//!  client ns ── c1 [port 0] tandem switch [port 1] s1 ── server ns
//!                         [cpu] cpu0 ══ link0  tandem server      (both in the switch ns;
//!                         P4Runtime on 127.0.0.1 ◀──── gRPC       gRPC on its loopback)
//! ```
//!
//! The fault test kills the server process in the middle of a download: the
//! established connection goes on through the switch, a new connection gets
//! nowhere (its SYN is dropped and counted by the switch), and once the server
//! is restarted (from its checkpoint) new connections work again and get the
//! next external port.

mod common;

use std::io::{BufRead, BufReader, Read};
use std::net::{SocketAddrV4, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::Duration;

use common::live::*;
use common::netns::*;
use common::*;

/// A tandem process whose stdout lines arrive on a channel; killed on drop.
struct Daemon {
    name: &'static str,
    child: Option<Child>,
    lines: mpsc::Receiver<String>,
}

impl Daemon {
    /// Starts `tandem ARGS`; its stderr (status lines) goes to `log`.
    fn start(name: &'static str, args: &[&str], log: &Path) -> Daemon {
        let err = std::fs::File::create(log).unwrap_or_else(|e| panic!("{}: {e}", log.display()));
        let mut child = Command::new(env!("CARGO_BIN_EXE_tandem"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(err)
            .spawn()
            .unwrap_or_else(|e| panic!("spawn tandem {name}: {e}"));
        let out = child.stdout.take().expect("stdout");
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
            child: Some(child),
            lines,
        }
    }

    /// The first stdout line containing `text` (within 20 s).
    fn wait_for(&mut self, text: &str) -> String {
        loop {
            match self.lines.recv_timeout(Duration::from_secs(20)) {
                Ok(l) if l.contains(text) => return l,
                Ok(_) => {}
                Err(_) => {
                    let out = self.child.take().map(|c| c.wait_with_output());
                    panic!("tandem {} did not print {text:?}: {out:?}", self.name);
                }
            }
        }
    }

    /// Stops it as Ctrl-C would and returns its last stdout line (its status JSON).
    fn stop(mut self) -> serde_json::Value {
        let child = self.child.take().expect("running");
        sh(&["kill", "-TERM", &child.id().to_string()]);
        let out = child.wait_with_output().expect("wait");
        assert!(out.status.success(), "tandem {} failed", self.name);
        let mut last = String::new();
        while let Ok(l) = self.lines.recv_timeout(Duration::from_secs(5)) {
            last = l;
        }
        serde_json::from_str(&last)
            .unwrap_or_else(|e| panic!("tandem {} status {last:?}: {e}", self.name))
    }

    /// Kills it at once (SIGKILL), as a crash would.
    fn kill(mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// The server link: a veth pair inside the switch namespace (cpu0 on the
/// switch's CPU port, link0 for the server process), large MTU for transfer
/// headers, no offloads. Deleted with the namespace.
fn server_link(ns: &str) {
    sh(&[
        "ip", "-n", ns, "link", "add", "name", "cpu0", "type", "veth", "peer", "name", "link0",
    ]);
    for dev in ["cpu0", "link0"] {
        sh(&["ip", "-n", ns, "link", "set", dev, "mtu", "9000"]);
        sh(&[
            "ip", "netns", "exec", ns, "ethtool", "-K", dev, "tso", "off", "gso", "off", "gro",
            "off", "tx", "off",
        ]);
        sh(&["ip", "-n", ns, "link", "set", dev, "up"]);
    }
}

/// Waits (at most 10 s) until the last line of `log` contains `text`.
fn wait_in_log(log: &Path, text: &str) {
    for _ in 0..200 {
        let all = std::fs::read_to_string(log).unwrap_or_default();
        if all.lines().last().is_some_and(|l| l.contains(text)) {
            return;
        }
        thread::sleep(Duration::from_millis(50));
    }
    panic!("{} never said {text}", log.display());
}

fn n(v: &serde_json::Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

fn start_server(program: &[&str], grpc: &str, ns: &str, checkpoint: &Path, log: &Path) -> Daemon {
    let mut args = vec!["server"];
    args.extend_from_slice(program);
    args.extend_from_slice(&[
        "--switch",
        grpc,
        "--netns",
        ns,
        "--link",
        "link0",
        "--checkpoint",
        path_str(checkpoint),
        "--duration",
        "60",
        "--status-every",
        "0.5",
    ]);
    Daemon::start("server", &args, log)
}

#[test]
fn the_nat_survives_a_server_crash_between_two_processes() {
    if !can_run("two-process mazunat", &[]) {
        return;
    }
    let topo = Topology::new("pr", 1);
    server_link(&topo.switch);
    let dir = scratch("procs-nat");
    let checkpoint = dir.join("nat-server.json");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let program = [nat.as_str(), "--set", &set_ext];
    let grpc = format!("127.0.0.1:{}", 20_000 + std::process::id() % 20_000);
    let p0 = format!("0={PORT0_IF}");
    let p1 = format!("1={PORT1_IF}");

    let mut switch_args = vec!["switch"];
    switch_args.extend_from_slice(&program);
    switch_args.extend_from_slice(&[
        "--grpc",
        &grpc,
        "--netns",
        &topo.switch,
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
    let mut switch = Daemon::start("switch", &switch_args, &dir.join("switch.log"));
    switch.wait_for("P4Runtime");
    let mut server = start_server(
        &program,
        &grpc,
        &topo.switch,
        &checkpoint,
        &dir.join("server1.log"),
    );
    let first = server.wait_for("primary for the switch");
    println!("{first}");

    // Two servers behind the NAT: a long download on 8080, short ones on 8081.
    let server_ns = topo.servers[0].clone();
    let long_at = SocketAddrV4::new(topo.server_ip(0), 8080);
    let short_at = SocketAddrV4::new(topo.server_ip(0), 8081);
    let stop = Arc::new(AtomicBool::new(false));
    let (ready_tx, ready) = mpsc::channel();
    let long_srv = serve(server_ns.clone(), long_at, stop.clone(), ready_tx.clone());
    let short_srv = serve(server_ns, short_at, stop.clone(), ready_tx);
    for _ in 0..2 {
        ready
            .recv_timeout(Duration::from_secs(10))
            .expect("servers listen");
    }

    // The client: a download, then a long one that the crash interrupts.
    const LONG: usize = 4_000_000;
    let (to_main, from_client) = mpsc::channel::<&'static str>();
    let (to_client, from_main) = mpsc::channel::<&'static str>();
    let client_ns = topo.client.clone();
    let client = thread::spawn(move || {
        port::netns::enter(&client_ns).expect("enter client namespace");
        let first = download(short_at, 1, 100_000);
        let mut long = TcpStream::connect_timeout(&long_at.into(), Duration::from_secs(5))
            .unwrap_or_else(|e| panic!("connect to {long_at}: {e}"));
        request(&mut long, 2, LONG);
        let mut got = vec![0u8; 200_000];
        long.read_exact(&mut got).expect("first part");
        to_main.send("mid-transfer").expect("main");
        assert_eq!(from_main.recv().expect("main"), "server killed");
        // No server: a new connection gets nowhere (its SYN is dropped).
        let refused = TcpStream::connect_timeout(&short_at.into(), Duration::from_secs(1));
        assert!(
            refused.is_err(),
            "a new connection went through without a server"
        );
        // The established connection goes on through the switch alone.
        let mut more = vec![0u8; 1_000_000];
        long.read_exact(&mut more)
            .expect("middle part without a server");
        got.extend_from_slice(&more);
        to_main.send("read without server").expect("main");
        assert_eq!(from_main.recv().expect("main"), "server back");
        let after = download(short_at, 3, 100_000);
        long.read_to_end(&mut got).expect("rest");
        assert_eq!(got.len(), LONG, "long download length");
        assert!(got == body(2, LONG), "long download content differs");
        (first, after)
    });

    assert_eq!(
        from_client.recv_timeout(Duration::from_secs(30)),
        Ok("mid-transfer")
    );
    server.kill();
    // The switch notices the closed stream (its status line says so) before
    // the client tries a new connection.
    wait_in_log(&dir.join("switch.log"), "\"server_primary\":false");
    to_client.send("server killed").expect("client");
    assert_eq!(
        from_client.recv_timeout(Duration::from_secs(30)),
        Ok("read without server")
    );
    let mut server = start_server(
        &program,
        &grpc,
        &topo.switch,
        &checkpoint,
        &dir.join("server2.log"),
    );
    server.wait_for("primary state restored");
    let resync = server.wait_for("primary for the switch");
    println!("{resync}");
    assert!(
        resync.contains("0 inserted, 0 modified, 0 deleted, 0 refused"),
        "the switch kept every entry the checkpoint holds: {resync}"
    );
    to_client.send("server back").expect("client");
    let (first, after) = client.join().expect("client");
    stop.store(true, Ordering::Relaxed);
    let long_peers = long_srv.join().expect("long server");
    let short_peers = short_srv.join().expect("short server");

    // External ports in order across the crash: the restarted server went on
    // from its checkpoint (without it, port 1024 would have been handed out
    // again and taken the first flow's way back).
    let ext = |p: &SocketAddrV4| {
        assert_eq!(*p.ip(), SERVER_GW, "server saw {p}");
        p.port()
    };
    assert_eq!(
        short_peers.iter().map(ext).collect::<Vec<_>>(),
        [1024, 1026]
    );
    assert_eq!(long_peers.iter().map(ext).collect::<Vec<_>>(), [1025]);
    assert_ne!(first, after);

    let s = server.stop();
    println!("server: {s}");
    assert!(n(&s["daemon"]["punts"]) >= 1, "{s}");
    assert_eq!(s["connected"], true, "{s}");
    let w = switch.stop();
    println!("switch: {w}");
    assert!(n(&w["data_path"]["punts_without_server"]) >= 1, "{w}");
    assert_eq!(n(&w["data_path"]["errors"]), 0, "{w}");
    assert_eq!(n(&w["table_entries"]["t_nat_out"]), 3, "{w}");
    let _ = std::fs::remove_dir_all(&dir);
}
