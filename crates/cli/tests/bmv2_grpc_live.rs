//! The server part driving a P4Runtime switch Tandem did not write: BMv2's
//! `simple_switch_grpc` runs the p4c-compiled switch part of MazuNAT, the
//! load balancer or the firewall, and `tandem server` keeps its tables over
//! standard P4Runtime Writes (Gallium's write-back cycle as five
//! CONTINUE_ON_ERROR Writes). As root with `tcpdump` (skipped with a printed
//! reason otherwise; fails under `TANDEM_REQUIRE_TOOLS=1` when p4c, BMv2 or
//! tcpdump is missing), hosts in their own namespaces with their kernel TCP
//! stacks, addresses in 198.18.0.0/15.
//!
//! ```text
//!  client ns ── c1 [port 0] simple_switch_grpc [port 1] s1 ── server ns
//!                          [64] cpu0 ══ link0  tandem server   (both in the switch ns;
//!                         P4Runtime on 127.0.0.1 ◀──── gRPC     gRPC on its loopback)
//! ```
//!
//! Downloads arrive byte for byte, the server host sees the NAT's address,
//! and the fault test kills `tandem server` in the middle of a download: the
//! established connection goes on through BMv2 alone, a new one gets nowhere,
//! and the restarted server — given nothing but the switch's address, it
//! reads the P4Info BMv2 runs — resynchronises by Read and new connections
//! work again with the next external port.
//!
//! Each NF's run is also a differential against the model, judged by an
//! outside observer as `live_tcpdump.rs` judges `tandem live`: tcpdump on
//! the hosts' interfaces facing BMv2's ports records what they sent and
//! received; what they sent is replayed through `tandem run PROGRAM` (the
//! whole NF in the model, tcpdump's stamps, one clock), and each port's
//! hosts must have received exactly the frames the replay sends them, each
//! flow's in the same order except the frames the replay held for output
//! commit; tcpdump must have lost nothing. For MazuNAT that is the part
//! before the crash, four downloads at once through the NAT; the load
//! balancer's twelve connections and the firewall's allowed and blocked
//! tries are observed whole.

mod common;

use std::io::Read;
use std::net::{SocketAddrV4, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use common::capture::{
    Observers, assert_hosts_got_the_replay_but_held, hosts, replay, replay_inputs,
};
use common::live::*;
use common::netns::*;
use common::procs::{Daemon, GRPC, n, spawn_server};
use common::*;
use testnet::{Ns, Proc};

/// `name` in the directory `var` names, or on PATH.
fn tool(var: &str, name: &str) -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(var).filter(|d| !d.is_empty()) {
        let p = Path::new(&dir).join(name);
        return p.is_file().then_some(p);
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// p4c and `simple_switch_grpc`, or None (skip) with the reason printed.
fn tools(test: &str) -> Option<(PathBuf, PathBuf)> {
    match (
        tool("TANDEM_P4C", "p4c-bm2-ss"),
        tool("TANDEM_BMV2", "simple_switch_grpc"),
    ) {
        (Some(p4c), Some(ssg)) => Some((p4c, ssg)),
        _ => {
            assert!(
                std::env::var_os("TANDEM_REQUIRE_TOOLS").is_none(),
                "{test}: p4c-bm2-ss and simple_switch_grpc are required but missing"
            );
            println!("skipping {test}: p4c-bm2-ss or simple_switch_grpc is not installed");
            None
        }
    }
}

/// `tandem compile` of `program` into `dir`, then the `p4c-load.sh` it
/// wrote (p4c's BMv2 JSON and P4Info of the switch part); returns (P4Info,
/// JSON, server port).
fn compile(p4c: &Path, program: &[&str], dir: &Path) -> (PathBuf, PathBuf, u16) {
    let mut args = vec!["compile"];
    args.extend_from_slice(program);
    args.extend_from_slice(&["-o", path_str(dir)]);
    let out = tandem(&args);
    assert!(out.status.success(), "tandem compile: {out:?}");
    let out = load_script(p4c, dir);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("tandem server"),
        "p4c-load.sh says how to run it: {out:?}"
    );
    // A Gallium switch part punts to the server port (64, as `tandem
    // switch --cpu-port` maps it for a `.nf` program).
    (dir.join("p4c.p4info.txtpb"), dir.join("switch.json"), 64)
}

/// Runs the `p4c-load.sh` that `tandem compile` or `tandem filter p4` wrote
/// into `dir` (p4c's BMv2 JSON and P4Info); returns its output.
fn load_script(p4c: &Path, dir: &Path) -> std::process::Output {
    let out = Command::new("sh")
        .arg(dir.join("p4c-load.sh"))
        .env("TANDEM_P4C", p4c.parent().expect("p4c's directory"))
        .output()
        .expect("run p4c-load.sh");
    assert!(
        out.status.success(),
        "p4c-load.sh: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `simple_switch_grpc` with no program on ports 0 and 1 and the CPU port
/// on `cpu0`, P4Runtime on [`GRPC`] in namespace `ns`; returns once it
/// listens. Killed on drop.
fn start_bmv2(ssg: &Path, ns: &Ns, cpu: u16, log: &Path) -> Proc {
    start_bmv2_with(ssg, ns, CpuPort::Link(cpu), log)
}

/// Where BMv2's CPU port goes.
enum CpuPort {
    /// Port N on the interface `cpu0` (the server link).
    Link(u16),
    /// Port N is the P4Runtime stream (`--cpu-port N`: packet-ins and
    /// packet-outs).
    Stream(u16),
}

fn start_bmv2_with(ssg: &Path, ns: &Ns, cpu: CpuPort, log: &Path) -> Proc {
    let err = std::fs::File::create(log).unwrap_or_else(|e| panic!("{}: {e}", log.display()));
    let log_base = path_str(&log.with_extension("events")).to_string();
    let mut cmd = ns.command(path_str(ssg));
    cmd.args([
        "--device-id",
        "1",
        "-i",
        &format!("0@{PORT0_IF}"),
        "-i",
        &format!("1@{PORT1_IF}"),
    ]);
    if let CpuPort::Link(n) = cpu {
        cmd.args(["-i", &format!("{n}@cpu0")]);
    }
    cmd.args([
        "--no-p4",
        "--log-file",
        &log_base,
        "--log-flush",
        "-L",
        "warn",
        "--",
        "--grpc-server-addr",
        GRPC,
    ]);
    if let CpuPort::Stream(n) = cpu {
        cmd.args(["--cpu-port", &n.to_string()]);
    }
    cmd.stdout(err.try_clone().expect("log file")).stderr(err);
    let b = Proc::spawn("simple_switch_grpc", &mut cmd);
    let listening = ns.run(|| {
        let end = Instant::now() + Duration::from_secs(20);
        while Instant::now() < end {
            if TcpStream::connect(GRPC).is_ok() {
                return true;
            }
            thread::sleep(Duration::from_millis(50));
        }
        false
    });
    assert!(listening, "simple_switch_grpc never listened on {GRPC}");
    b
}

fn start_server(program: &[&str], ns: &str, log: &Path, extra: &[&str]) -> Daemon {
    spawn_server(program, GRPC, ns, log, extra)
}

/// The differential: stops the observers (tcpdump on the hosts facing
/// BMv2's ports, which must have lost nothing), replays what the hosts sent
/// (their captures, one clock) through `tandem run PROGRAM` — the whole NF
/// in the model — into `dir/replay`, and requires that each port's hosts
/// received exactly the frames the replay sends them, each flow's in the
/// same order, except that a frame the replay held for output commit may
/// sit elsewhere in its flow: how long a hold lasts is the model's channel
/// in the replay and BMv2's five Writes per cycle, one cycle after the
/// other, live (a load-balancer FIN among twelve took 32 ms live, under
/// 1 ms in the replay, and the client's duplicate ACK 1.6 ms behind it
/// went through BMv2 on the entry the FIN was removing). Returns the frames
/// the hosts sent per port and the number the replay held.
fn assert_the_model_agrees(obs: Observers, dir: &Path, program: &[&str]) -> ([usize; 2], usize) {
    let (received, sent) = obs.stop(dir);
    println!("hosts sent {sent:?} frames on ports 0, 1");
    let departures = replay(dir, &replay_inputs(dir), program);
    let held = assert_hosts_got_the_replay_but_held(dir, received, departures);
    (sent, held)
}

/// Connections through the NAT in the first part of the MazuNAT test.
const DOWNLOADS: usize = 4;

/// The receive buffer of those connections. BMv2's egress queues hold 64
/// frames per port and drop what comes beyond (`simple_switch`'s
/// `egress_buffers`); the model has no queues. Downloads at full window
/// overflowed the queue towards the client now and then (10 of 356 server
/// frames lost in one run, each retransmitted: the downloads were whole,
/// but the client had not received what the replay sent it). With 8 KiB a
/// connection advertises 8,688 bytes (6 frames), so the four (each server
/// thread queues a whole response and goes on to the next connection) have
/// at most 24 frames on their way to the client (23 measured).
const RCVBUF: usize = 8 * 1024;

/// A connection to `to` with a [`RCVBUF`] receive buffer (set before the
/// handshake, so its window scale and window stay small).
fn connect_small_window(to: SocketAddrV4) -> std::io::Result<TcpStream> {
    use rustix::net::{connect, sockopt};
    let fd = tcp_socket()?;
    sockopt::set_socket_recv_buffer_size(&fd, RCVBUF)?;
    sockopt::set_socket_timeout(&fd, sockopt::Timeout::Send, Some(Duration::from_secs(5)))?;
    connect(&fd, &std::net::SocketAddr::V4(to))?;
    Ok(TcpStream::from(fd))
}

/// From the client's namespace: opens `conns` connections one after another,
/// connection i to `at[i % at.len()]` (one after another, so the NAT hands
/// out its external ports in that order), then downloads on all of them at
/// once, `size(i)` bytes on connection i, each checked. Returns the
/// connections' local addresses in order.
fn downloads_at_once(
    at: &[SocketAddrV4],
    conns: usize,
    size: fn(usize) -> usize,
) -> Vec<SocketAddrV4> {
    let open: Vec<TcpStream> = (0..conns)
        .map(|i| {
            let to = at[i % at.len()];
            connect_small_window(to).unwrap_or_else(|e| panic!("connection {i} to {to}: {e}"))
        })
        .collect();
    let locals = open
        .iter()
        .map(|c| match c.local_addr().expect("local") {
            std::net::SocketAddr::V4(a) => a,
            a => panic!("IPv6 {a}"),
        })
        .collect();
    let downloads: Vec<_> = open
        .into_iter()
        .enumerate()
        .map(|(i, mut c)| {
            thread::spawn(move || {
                request(&mut c, i as u32, size(i));
                expect_body(&mut c, i as u32, size(i));
            })
        })
        .collect();
    for d in downloads {
        d.join().expect("download");
    }
    locals
}

#[test]
fn mazunat_on_simple_switch_grpc_survives_a_server_crash() {
    const TEST: &str = "mazunat on simple_switch_grpc";
    let Some(root) = can_run(TEST, &["tcpdump"]) else {
        return;
    };
    let Some((p4c, ssg)) = tools(TEST) else {
        return;
    };
    let topo = Topology::new(root, "bg", 1);
    topo.cpu_link();
    let dir = scratch("bmv2-grpc-nat");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let program = [nat.as_str(), "--set", &set_ext];
    let (info, json, cpu) = compile(&p4c, &program, &dir.join("compiled"));
    let _bmv2 = start_bmv2(&ssg, &topo.switch, cpu, &dir.join("bmv2.log"));
    let checkpoint = dir.join("nat-server.json");
    let ckpt = path_str(&checkpoint).to_string();
    // The first server loads p4c's program into the empty switch.
    let mut server = start_server(
        &program,
        &topo.switch,
        &dir.join("server1.log"),
        &[
            "--p4info",
            path_str(&info),
            "--device-config",
            path_str(&json),
            "--checkpoint",
            &ckpt,
        ],
    );
    println!("{}", server.wait_for("primary for the switch"));

    let server_ns = topo.servers[0].clone();
    let long_at = SocketAddrV4::new(topo.server_ip(0), 8080);
    let short_at = SocketAddrV4::new(topo.server_ip(0), 8081);
    let (stop, handles) = servers(&[(server_ns.clone(), long_at), (server_ns, short_at)]);

    // The crash-free part, judged against the model: downloads at once from
    // both listeners, observed by tcpdump on the client and the server.
    let obs = Observers::start(&dir, hosts(&topo));
    let at = [long_at, short_at];
    let first = topo
        .client
        .run(move || downloads_at_once(&at, DOWNLOADS, |i| 60_000 + 40_000 * i));
    topo.quiet();
    let (sent, held) = assert_the_model_agrees(obs, &dir, &program);
    assert!(sent[0] > 50 && sent[1] > 300, "{sent:?}");
    assert_eq!(held, DOWNLOADS, "the replay held each connection's SYN");

    const LONG: usize = 2_000_000;
    let (to_main, from_client) = mpsc::channel::<&'static str>();
    let (to_client, from_main) = mpsc::channel::<&'static str>();
    let client = topo.client.thread(move || {
        let mut long = TcpStream::connect_timeout(&long_at.into(), Duration::from_secs(5))
            .unwrap_or_else(|e| panic!("connect to {long_at}: {e}"));
        request(&mut long, 2, LONG);
        let mut got = vec![0u8; 100_000];
        long.read_exact(&mut got).expect("first part");
        to_main.send("mid-transfer").expect("main");
        assert_eq!(from_main.recv().expect("main"), "server killed");
        // No server: a new connection gets nowhere (its SYN is punted to a
        // link nobody reads).
        let refused = TcpStream::connect_timeout(&short_at.into(), Duration::from_secs(1));
        assert!(
            refused.is_err(),
            "a new connection went through without a server"
        );
        // The established connection goes on through BMv2 alone.
        let mut more = vec![0u8; 500_000];
        long.read_exact(&mut more)
            .expect("middle part without a server");
        got.extend_from_slice(&more);
        to_main.send("read without server").expect("main");
        assert_eq!(from_main.recv().expect("main"), "server back");
        let after = download(short_at, 9, 100_000);
        long.read_to_end(&mut got).expect("rest");
        assert_eq!(got.len(), LONG, "long download length");
        assert!(got == body(2, LONG), "long download content differs");
        after
    });

    assert_eq!(
        from_client.recv_timeout(Duration::from_secs(60)),
        Ok("mid-transfer")
    );
    let before = server.stop();
    println!("server before the crash: {before}");
    let phased = &before["phased"];
    assert!(
        n(&phased["cycles"]) + n(&phased["direct_cycles"]) >= 2,
        "the flows' entries went as phased updates: {before}"
    );
    assert_eq!(n(&before["p4runtime"]["refused"]), 0, "{before}");
    // The switch part's counter, read from BMv2: nothing metered.
    assert_eq!(
        before["switch_counters"]["miss_punt_dropped"]["packets"], 0,
        "{before}"
    );
    to_client.send("server killed").expect("client");
    assert_eq!(
        from_client.recv_timeout(Duration::from_secs(60)),
        Ok("read without server")
    );
    // The restarted server is given nothing but the switch: it reads the
    // P4Info BMv2 runs and checks it against the program.
    let mut server = start_server(
        &program,
        &topo.switch,
        &dir.join("server2.log"),
        &["--checkpoint", &ckpt],
    );
    let resync = server.wait_for("primary for the switch");
    println!("{resync}");
    assert!(
        resync.contains("0 inserted, 0 modified, 0 deleted, 0 refused"),
        "BMv2 kept every entry the checkpoint holds: {resync}"
    );
    to_client.send("server back").expect("client");
    let after = client.join().expect("client");
    let [long_peers, short_peers]: [Vec<SocketAddrV4>; 2] =
        stop_servers(stop, handles).try_into().expect("two servers");
    let ext = |p: &SocketAddrV4| {
        assert_eq!(*p.ip(), SERVER_GW, "server saw {p}");
        p.port()
    };
    // Download i of the first part got external port 1024 + i (from
    // listener i % 2), the long download the next, the one after the
    // restart the one after that.
    let d = DOWNLOADS as u16;
    let from = |k: u16| (0..d).filter(move |i| i % 2 == k).map(|i| 1024 + i);
    assert_eq!(
        long_peers.iter().map(ext).collect::<Vec<_>>(),
        from(0).chain([1024 + d]).collect::<Vec<_>>()
    );
    assert_eq!(
        short_peers.iter().map(ext).collect::<Vec<_>>(),
        from(1).chain([1025 + d]).collect::<Vec<_>>()
    );
    assert!(!first.contains(&after), "{after} was used before");
    let s = server.stop();
    println!("server after: {s}");
    assert_eq!(s["connected"], true, "{s}");
    assert!(n(&s["daemon"]["punts"]) >= 1, "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_switch_running_another_program_is_refused_by_name() {
    const TEST: &str = "tandem server against the wrong program on simple_switch_grpc";
    let Some(root) = can_run(TEST, &[]) else {
        return;
    };
    let Some((p4c, ssg)) = tools(TEST) else {
        return;
    };
    let topo = Topology::new(root, "bw", 1);
    topo.cpu_link();
    let dir = scratch("bmv2-grpc-wrong");
    let lb = example("lb.nf");
    let (info, json, cpu) = compile(&p4c, &[lb.as_str()], &dir.join("lb"));
    let _bmv2 = start_bmv2(&ssg, &topo.switch, cpu, &dir.join("bmv2.log"));
    // The load balancer loaded; then a MazuNAT server comes.
    let mut first = start_server(
        &[lb.as_str()],
        &topo.switch,
        &dir.join("lb.log"),
        &[
            "--p4info",
            path_str(&info),
            "--device-config",
            path_str(&json),
        ],
    );
    first.wait_for("primary for the switch");
    first.stop();
    let nat = example("mazunat.nf");
    let out = tandem(&[
        "server",
        &nat,
        "--switch",
        GRPC,
        "--netns",
        &topo.switch,
        "--link",
        "link0",
        "--connect-timeout",
        "3",
        "--duration",
        "2",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "a NAT server drove the LB's switch");
    assert!(
        err.contains("P4Info does not fit") && err.contains("is missing"),
        "the error names what differs: {err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_load_balancer_on_simple_switch_grpc_spreads_connections_over_its_backends() {
    const TEST: &str = "load balancer on simple_switch_grpc";
    let Some(root) = can_run(TEST, &["tcpdump"]) else {
        return;
    };
    let Some((p4c, ssg)) = tools(TEST) else {
        return;
    };
    const BACKENDS: usize = 3;
    const CONNS: usize = 12;
    let topo = Topology::new(root, "bl", BACKENDS);
    topo.cpu_link();
    let dir = scratch("bmv2-grpc-lb");
    let lb = example("lb.nf");
    let vip = SocketAddrV4::new(std::net::Ipv4Addr::new(198, 19, 0, 100), 8080);
    let ips: Vec<std::net::Ipv4Addr> = (0..BACKENDS).map(|k| topo.server_ip(k)).collect();
    let set_vip = format!("vip={}", vip.ip());
    let set_backends = format!(
        "backends={}",
        ips.iter()
            .map(|ip| ip.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    let program = [lb.as_str(), "--set", &set_vip, "--set", &set_backends];
    let (info, json, cpu) = compile(&p4c, &program, &dir.join("compiled"));
    let _bmv2 = start_bmv2(&ssg, &topo.switch, cpu, &dir.join("bmv2.log"));
    // The server loads p4c's program; the backends stay with the server part
    // (the switch part never applies their table: p4c's program has none).
    let mut server = start_server(
        &program,
        &topo.switch,
        &dir.join("server.log"),
        &[
            "--p4info",
            path_str(&info),
            "--device-config",
            path_str(&json),
        ],
    );
    println!("{}", server.wait_for("primary for the switch"));
    let at: Vec<_> = (0..BACKENDS)
        .map(|k| (topo.servers[k].clone(), SocketAddrV4::new(ips[k], 8080)))
        .collect();
    let (stop, handles) = servers(&at);
    let obs = Observers::start(&dir, hosts(&topo));
    let clients = concurrent_downloads(&topo.client, vip, CONNS, |i| 3_000 + 101 * i);
    let served = stop_servers(stop, handles);
    topo.quiet();
    let s = server.stop();
    println!("server: {s}");
    assert_lb_spread(&clients, &served, vip);
    let (_, held) = assert_the_model_agrees(obs, &dir, &program);
    assert!(
        held >= 2 * CONNS,
        "the replay held each connection's SYN and FIN: {held}"
    );
    assert!(n(&s["daemon"]["punts"]) >= CONNS as u64, "{s}");
    assert_eq!(n(&s["daemon"]["bad_frames"]), 0, "{s}");
    assert_eq!(n(&s["p4runtime"]["refused"]), 0, "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_firewall_on_simple_switch_grpc_passes_exactly_its_whitelist() {
    const TEST: &str = "firewall on simple_switch_grpc";
    let Some(root) = can_run(TEST, &["tcpdump"]) else {
        return;
    };
    let Some((p4c, ssg)) = tools(TEST) else {
        return;
    };
    let topo = Topology::new(root, "bf", 1);
    topo.cpu_link();
    let dir = scratch("bmv2-grpc-fw");
    let server_at = SocketAddrV4::new(topo.server_ip(0), 8080);
    let other = SocketAddrV4::new(topo.server_ip(0), 8081);
    let allowed = [40_010u16, 40_011];
    let rules = whitelist(&dir.join("fw.rules"), &allowed, server_at);
    let fw = example("firewall.nf");
    let set_rules = format!("rules={}", path_str(&rules));
    let program = [fw.as_str(), "--set", &set_rules];
    let (info, json, cpu) = compile(&p4c, &program, &dir.join("compiled"));
    let _bmv2 = start_bmv2(&ssg, &topo.switch, cpu, &dir.join("bmv2.log"));
    // The whitelist tables are read-only: the server's resync writes their
    // entries into BMv2.
    let mut server = start_server(
        &program,
        &topo.switch,
        &dir.join("server.log"),
        &[
            "--p4info",
            path_str(&info),
            "--device-config",
            path_str(&json),
        ],
    );
    let resync = server.wait_for("primary for the switch");
    println!("{resync}");
    assert!(
        !resync.contains("resync: 0 inserted"),
        "the whitelist went into BMv2: {resync}"
    );
    let ns = &topo.servers[0];
    let (stop, handles) = servers(&[(ns.clone(), server_at), (ns.clone(), other)]);
    let obs = Observers::start(&dir, hosts(&topo));
    let limit = Duration::from_millis(1500);
    let blocked_tries = [(40_012u16, server_at), (40_010, other)];
    let blocked: Vec<String> = topo
        .client
        .thread(move || {
            for (i, p) in allowed.iter().enumerate() {
                let mut c = connect_from(SocketAddrV4::new(CLIENT_IP, *p), server_at, limit)
                    .unwrap_or_else(|e| panic!("allowed connection from port {p}: {e}"));
                request(&mut c, i as u32, 20_000);
                expect_body(&mut c, i as u32, 20_000);
            }
            blocked_tries
                .iter()
                .map(
                    |&(p, to)| match connect_from(SocketAddrV4::new(CLIENT_IP, p), to, limit) {
                        Ok(_) => panic!("connection from port {p} to {to} went through"),
                        Err(e) => format!("{p}->{to}: {e}"),
                    },
                )
                .collect()
        })
        .join()
        .expect("client");
    let [good, bad]: [Vec<SocketAddrV4>; 2] =
        stop_servers(stop, handles).try_into().expect("two servers");
    topo.quiet();
    let s = server.stop();
    println!("blocked: {blocked:?}\nserver: {s}");
    let ports: Vec<u16> = good.iter().map(|p| p.port()).collect();
    assert_eq!(
        ports, allowed,
        "the server saw exactly the allowed connections"
    );
    assert!(bad.is_empty(), "port {} was reached: {bad:?}", other.port());
    assert_eq!(n(&s["p4runtime"]["refused"]), 0, "{s}");
    let (_, held) = assert_the_model_agrees(obs, &dir, &program);
    assert_eq!(held, 0, "the firewall decides in the switch alone");
    let _ = std::fs::remove_dir_all(&dir);
}

/// CoFilter on BMv2: `simple_switch_grpc` runs the p4c-compiled CoFilter
/// program with its cells in tables (`--cells tables`: BMv2's P4Runtime
/// cannot reach registers) and `tandem filter agent` is its CPU agent over
/// standard P4Runtime, loading p4c's P4Info and BMv2 JSON itself. From
/// inside, connections work (downloads byte for byte); from outside only
/// the allowed port. The differential: what the hosts sent replays through
/// `tandem filter run` (the model, same layout) to exactly what they
/// received, each flow's in order but for frames the replay held.
#[test]
fn cofilter_on_simple_switch_grpc_filters_as_its_replay() {
    const TEST: &str = "cofilter on simple_switch_grpc";
    const OPEN: u16 = 2222;
    const CLOSED: u16 = 2223;
    let Some(root) = can_run(TEST, &["tcpdump"]) else {
        return;
    };
    let Some((p4c, ssg)) = tools(TEST) else {
        return;
    };
    let topo = Topology::new(root, "bc", 1);
    topo.cpu_link();
    let dir = scratch("bmv2-grpc-cof");
    let layout = ["--sram-mib", "1", "--state-bits", "0"];
    let cof = dir.join("cof");
    let mut args = vec![
        "filter",
        "p4",
        "--cells",
        "tables",
        "--output-dir",
        path_str(&cof),
    ];
    args.extend_from_slice(&layout);
    let o = tandem(&args);
    assert!(o.status.success(), "filter p4: {}", text(&o.stderr));
    load_script(&p4c, &cof);
    let (info, json) = (cof.join("p4c.p4info.txtpb"), cof.join("switch.json"));
    let cpu = filter::program::CPU_PORT as u16;
    let _bmv2 = start_bmv2(&ssg, &topo.switch, cpu, &dir.join("bmv2.log"));
    let open = OPEN.to_string();
    let mut args = vec![
        "filter",
        "agent",
        "--switch",
        GRPC,
        "--netns",
        &topo.switch,
        "--link",
        "link0",
        "--cells",
        "tables",
        "--p4info",
        path_str(&info),
        "--device-config",
        path_str(&json),
        "--allow-inbound",
        &open,
        "--status-every",
        "0.3",
        "--duration",
        "60",
    ];
    args.extend_from_slice(&layout);
    let mut agent = Daemon::start("filter agent", &args, &dir.join("agent.log"));
    println!("{}", agent.wait_for("primary for the switch"));

    let server = SocketAddrV4::new(topo.server_ip(0), 8080);
    let inside_open = SocketAddrV4::new(CLIENT_IP, OPEN);
    let inside_closed = SocketAddrV4::new(CLIENT_IP, CLOSED);
    let (stop, handles) = servers(&[
        (topo.servers[0].clone(), server),
        (topo.client.clone(), inside_open),
        (topo.client.clone(), inside_closed),
    ]);
    let obs = Observers::start(&dir, hosts(&topo));
    // From inside: downloads through the filter (small windows: BMv2's
    // egress queues hold 64 frames).
    topo.client
        .thread(move || downloads_at_once(&[server], 2, |i| [100_000, 1_000][i]))
        .join()
        .expect("client");
    // From outside: only the allowed port.
    let limit = Duration::from_millis(1500);
    topo.servers[0]
        .thread(move || {
            let mut c = connect_small_window(inside_open).expect("the open port");
            request(&mut c, 2, 20_000);
            expect_body(&mut c, 2, 20_000);
            assert!(
                TcpStream::connect_timeout(&inside_closed.into(), limit).is_err(),
                "a connection from outside to {inside_closed} went through"
            );
        })
        .join()
        .expect("outside");
    let served = stop_servers(stop, handles);
    topo.quiet();
    let a = agent.stop();
    println!("agent: {a}");
    assert_eq!(served[0].len(), 2, "the outside server: {:?}", served[0]);
    assert_eq!(served[1].len(), 1, "the open inside port: {:?}", served[1]);
    assert!(served[2].is_empty(), "the closed inside port was reached");
    let d = &a["daemon"];
    assert!(n(&d["forwarded"]) > 10 && n(&d["dropped"]) >= 1, "{a}");
    for k in [
        "bad_frames",
        "dropped_on_error",
        "dropped_disconnected",
        "refusals",
    ] {
        assert_eq!(n(&d[k]), 0, "{k}: {a}");
    }
    // The differential against the model.
    let (received, sent) = obs.stop(&dir);
    println!("hosts sent {sent:?} frames on ports 0, 1");
    let inputs = replay_inputs(&dir);
    let rep = dir.join("replay");
    let mut args = vec![
        "filter",
        "run",
        "--allow-inbound",
        &open,
        "--input",
        &inputs[0],
        "--input",
        &inputs[1],
        "--output-dir",
        path_str(&rep),
    ];
    args.extend_from_slice(&layout);
    let o = tandem(&args);
    assert!(
        o.status.success(),
        "filter run: {}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let departures = [0, 1].map(|p| stamped(&rep.join(format!("input.port{p}.pcap"))));
    let held = assert_hosts_got_the_replay_but_held(&dir, received, departures);
    println!("{held} frames held in the replay");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Group commit on the five-Write protocol: a cycle on BMv2 is one
/// synchronous exchange (five Writes, about 1.3 ms), so the SYNs of
/// connections opened at once queue on the server link meanwhile; the
/// server reads them together and gathers their updates into one cycle
/// (`Runtime::open_round`). With it on (the default), 24 connections opened
/// at once take fewer cycles than connections; with `--group-commit off`
/// each SYN has its own. Every connection works either way.
#[test]
fn a_burst_of_new_flows_through_simple_switch_grpc_shares_write_back_cycles() {
    const TEST: &str = "group commit on simple_switch_grpc";
    const FLOWS: usize = 24;
    let Some(root) = can_run(TEST, &[]) else {
        return;
    };
    let Some((p4c, ssg)) = tools(TEST) else {
        return;
    };
    let topo = Topology::new(root, "bgc", 1);
    topo.cpu_link();
    let dir = scratch("bmv2-grpc-group");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let program = [nat.as_str(), "--set", &set_ext];
    let (info, json, cpu) = compile(&p4c, &program, &dir.join("compiled"));
    let _bmv2 = start_bmv2(&ssg, &topo.switch, cpu, &dir.join("bmv2.log"));
    let at = SocketAddrV4::new(topo.server_ip(0), 8080);
    let (stop, handles) = servers(&[(topo.servers[0].clone(), at)]);
    let mut cycles = Vec::new();
    for (round, group) in ["on", "off"].iter().enumerate() {
        let mut server = start_server(
            &program,
            &topo.switch,
            &dir.join(format!("server-{group}.log")),
            &[
                "--p4info",
                path_str(&info),
                "--device-config",
                path_str(&json),
                "--group-commit",
                group,
            ],
        );
        println!("{}", server.wait_for("primary for the switch"));
        topo.client
            .thread(move || {
                let go = std::sync::Arc::new(std::sync::Barrier::new(FLOWS));
                let conns: Vec<_> = (0..FLOWS)
                    .map(|i| {
                        let go = go.clone();
                        thread::spawn(move || {
                            go.wait();
                            let id = (round * FLOWS + i) as u32;
                            let mut c =
                                TcpStream::connect_timeout(&at.into(), Duration::from_secs(5))
                                    .unwrap_or_else(|e| panic!("connection {id}: {e}"));
                            request(&mut c, id, 2_000);
                            expect_body(&mut c, id, 2_000);
                        })
                    })
                    .collect();
                for c in conns {
                    c.join().expect("connection");
                }
            })
            .join()
            .expect("client");
        topo.quiet();
        let s = server.stop();
        let (p, r) = (&s["phased"], &s["runtime"]);
        println!("group commit {group}: phased {p}, runtime {r}");
        assert_eq!(n(&s["p4runtime"]["refused"]), 0, "{s}");
        if *group == "on" {
            assert!(
                n(&r["group_cycles"]) > 0 && n(&r["gathered_packets"]) > 0,
                "{s}"
            );
        } else {
            assert_eq!(n(&r["group_cycles"]), 0, "{s}");
        }
        cycles.push(n(&p["cycles"]) + n(&p["direct_cycles"]));
    }
    let served = stop_servers(stop, handles);
    assert_eq!(served[0].len(), 2 * FLOWS, "every connection was served");
    println!(
        "cycles for {FLOWS} new flows: group commit on {}, off {}",
        cycles[0], cycles[1]
    );
    assert!(
        cycles[1] >= FLOWS as u64,
        "without group commit a cycle per SYN: {cycles:?}"
    );
    assert!(
        cycles[0] < cycles[1],
        "group commit shares cycles: {cycles:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The server link as the P4Runtime stream: BMv2's server port is its CPU
/// port (`--cpu-port 64`, no interface), and `tandem server --link
/// p4runtime` takes punts as packet-ins and sends resumed packets as
/// packet-outs. Connections through MazuNAT work, the server host sees the
/// NAT's address, and every punt crossed the stream.
#[test]
fn mazunat_on_simple_switch_grpc_punts_over_packet_in_and_packet_out() {
    const TEST: &str = "mazunat over packet-in/out on simple_switch_grpc";
    let Some(root) = can_run(TEST, &[]) else {
        return;
    };
    let Some((p4c, ssg)) = tools(TEST) else {
        return;
    };
    let topo = Topology::new(root, "bpio", 1);
    let dir = scratch("bmv2-grpc-pio");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let program = [nat.as_str(), "--set", &set_ext];
    let (info, json, cpu) = compile(&p4c, &program, &dir.join("compiled"));
    let _bmv2 = start_bmv2_with(
        &ssg,
        &topo.switch,
        CpuPort::Stream(cpu),
        &dir.join("bmv2.log"),
    );
    let mut args = vec!["server"];
    args.extend_from_slice(&program);
    let mut server = Daemon::start(
        "server",
        &[
            args.as_slice(),
            &[
                "--switch",
                GRPC,
                "--netns",
                &topo.switch,
                "--link",
                "p4runtime",
                "--duration",
                "60",
                "--p4info",
                path_str(&info),
                "--device-config",
                path_str(&json),
            ],
        ]
        .concat(),
        &dir.join("server.log"),
    );
    println!("{}", server.wait_for("primary for the switch"));
    let at = SocketAddrV4::new(topo.server_ip(0), 8080);
    let (stop, handles) = servers(&[(topo.servers[0].clone(), at)]);
    topo.client
        .thread(move || {
            for i in 0..3u32 {
                let mut c =
                    connect_small_window(at).unwrap_or_else(|e| panic!("connection {i}: {e}"));
                request(&mut c, i, 30_000);
                expect_body(&mut c, i, 30_000);
            }
        })
        .join()
        .expect("client");
    let served = stop_servers(stop, handles);
    topo.quiet();
    let s = server.stop();
    println!("server: {s}");
    let peers: Vec<u16> = served[0]
        .iter()
        .map(|p| {
            assert_eq!(*p.ip(), SERVER_GW, "server saw {p}");
            p.port()
        })
        .collect();
    assert_eq!(peers, [1024, 1025, 1026], "the NAT's external ports");
    let punts = n(&s["daemon"]["punts"]);
    assert!(punts >= 3, "each SYN was punted: {s}");
    assert_eq!(
        n(&s["p4runtime"]["packet_ins"]),
        n(&s["daemon"]["frames_in"]),
        "{s}"
    );
    assert!(
        n(&s["p4runtime"]["packet_outs"]) >= 3,
        "the SYNs went back as packet-outs: {s}"
    );
    assert_eq!(n(&s["p4runtime"]["packet_out_refused"]), 0, "{s}");
    assert_eq!(s["link"]["p4runtime_stream"], true, "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// How a crash test opens a connection from the client's namespace (`i`
/// numbers it).
type Opener = std::sync::Arc<dyn Fn(u32) -> std::io::Result<TcpStream> + Send + Sync>;

/// The fault test of the MazuNAT run, for another NF whose switch is BMv2:
/// `tandem server` (with a checkpoint) is stopped in the middle of a 2 MB
/// download; the established connection goes on through BMv2 alone; a new
/// one gets nowhere if the NF needs its server for it (`new_needs_server`)
/// and works anyway if the switch decides it alone; the restarted server,
/// given only the switch's address and its checkpoint, reads the P4Info from
/// BMv2 and resynchronises, and a new connection works again. Returns the
/// restarted server's summary.
fn crash_midway(
    topo: &Topology,
    dir: &Path,
    program: &[&str],
    (info, json): (&Path, &Path),
    open: Opener,
    new_needs_server: bool,
) -> serde_json::Value {
    const LONG: usize = 2_000_000;
    let checkpoint = dir.join("server.ckpt.json");
    let ckpt = path_str(&checkpoint).to_string();
    let mut server = start_server(
        program,
        &topo.switch,
        &dir.join("server1.log"),
        &[
            "--p4info",
            path_str(info),
            "--device-config",
            path_str(json),
            "--checkpoint",
            &ckpt,
        ],
    );
    println!("{}", server.wait_for("primary for the switch"));
    let (to_main, from_client) = mpsc::channel::<&'static str>();
    let (to_client, from_main) = mpsc::channel::<&'static str>();
    let client = topo.client.thread(move || {
        let mut long = open(100).unwrap_or_else(|e| panic!("the long connection: {e}"));
        request(&mut long, 100, LONG);
        let mut got = vec![0u8; 100_000];
        long.read_exact(&mut got).expect("first part");
        to_main.send("mid-transfer").expect("main");
        assert_eq!(from_main.recv().expect("main"), "server killed");
        match open(101) {
            Ok(mut c) if !new_needs_server => {
                request(&mut c, 101, 10_000);
                expect_body(&mut c, 101, 10_000);
            }
            Ok(_) => panic!("a new connection went through without a server"),
            Err(e) if new_needs_server => println!("without a server: {e}"),
            Err(e) => panic!("a connection the switch decides alone failed: {e}"),
        }
        let mut more = vec![0u8; 500_000];
        long.read_exact(&mut more)
            .expect("middle part without a server");
        got.extend_from_slice(&more);
        to_main.send("read without server").expect("main");
        assert_eq!(from_main.recv().expect("main"), "server back");
        // The rest first: the test's servers answer one connection at a
        // time, and a backend may be the long download's.
        long.read_to_end(&mut got).expect("rest");
        assert_eq!(got.len(), LONG, "long download length");
        assert!(got == body(100, LONG), "long download content differs");
        let mut after = open(102).expect("a new connection after the restart");
        request(&mut after, 102, 50_000);
        expect_body(&mut after, 102, 50_000);
    });
    assert_eq!(
        from_client.recv_timeout(Duration::from_secs(60)),
        Ok("mid-transfer")
    );
    let before = server.stop();
    assert_eq!(n(&before["p4runtime"]["refused"]), 0, "{before}");
    to_client.send("server killed").expect("client");
    assert_eq!(
        from_client.recv_timeout(Duration::from_secs(60)),
        Ok("read without server")
    );
    let mut server = start_server(
        program,
        &topo.switch,
        &dir.join("server2.log"),
        &["--checkpoint", &ckpt],
    );
    let resync = server.wait_for("primary for the switch");
    println!("{resync}");
    assert!(
        resync.contains("0 inserted, 0 modified, 0 deleted, 0 refused"),
        "BMv2 kept every entry the checkpoint holds: {resync}"
    );
    to_client.send("server back").expect("client");
    client.join().expect("client");
    topo.quiet();
    let s = server.stop();
    println!("server after: {s}");
    assert_eq!(s["connected"], true, "{s}");
    assert_eq!(n(&s["p4runtime"]["refused"]), 0, "{s}");
    s
}

/// The load balancer survives a server crash on BMv2: its connection to a
/// backend goes on without the server, a new one to the VIP waits for it
/// (its SYN is punted), and after the restart new connections are balanced
/// again.
#[test]
fn the_load_balancer_on_simple_switch_grpc_survives_a_server_crash() {
    const TEST: &str = "load balancer crash on simple_switch_grpc";
    let Some(root) = can_run(TEST, &[]) else {
        return;
    };
    let Some((p4c, ssg)) = tools(TEST) else {
        return;
    };
    let topo = Topology::new(root, "blc", 2);
    topo.cpu_link();
    let dir = scratch("bmv2-grpc-lb-crash");
    let lb = example("lb.nf");
    let vip = SocketAddrV4::new(std::net::Ipv4Addr::new(198, 19, 0, 100), 8080);
    let ips: Vec<std::net::Ipv4Addr> = (0..2).map(|k| topo.server_ip(k)).collect();
    let set_vip = format!("vip={}", vip.ip());
    let set_backends = format!("backends={},{}", ips[0], ips[1]);
    let program = [lb.as_str(), "--set", &set_vip, "--set", &set_backends];
    let (info, json, cpu) = compile(&p4c, &program, &dir.join("compiled"));
    let _bmv2 = start_bmv2(&ssg, &topo.switch, cpu, &dir.join("bmv2.log"));
    let at: Vec<_> = (0..2)
        .map(|k| (topo.servers[k].clone(), SocketAddrV4::new(ips[k], 8080)))
        .collect();
    let (stop, handles) = servers(&at);
    let open: Opener = std::sync::Arc::new(move |_| {
        TcpStream::connect_timeout(&vip.into(), Duration::from_secs(1))
    });
    let s = crash_midway(&topo, &dir, &program, (&info, &json), open, true);
    let served = stop_servers(stop, handles);
    assert_eq!(
        served.iter().map(Vec::len).sum::<usize>(),
        2,
        "the long connection and the one after the restart reached backends: {served:?}"
    );
    assert!(n(&s["daemon"]["punts"]) >= 1, "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The firewall survives a server crash on BMv2: it decides whitelisted
/// connections in the switch alone, so the established one goes on and a new
/// whitelisted one works even while the server is away; the restarted server
/// finds the whitelist in BMv2 as its checkpoint holds it.
#[test]
fn the_firewall_on_simple_switch_grpc_survives_a_server_crash() {
    const TEST: &str = "firewall crash on simple_switch_grpc";
    let Some(root) = can_run(TEST, &[]) else {
        return;
    };
    let Some((p4c, ssg)) = tools(TEST) else {
        return;
    };
    let topo = Topology::new(root, "bfc", 1);
    topo.cpu_link();
    let dir = scratch("bmv2-grpc-fw-crash");
    // The long download on one listener, the other connections on another
    // (the test's servers answer one connection at a time).
    let server_at = SocketAddrV4::new(topo.server_ip(0), 8080);
    let other_at = SocketAddrV4::new(topo.server_ip(0), 8081);
    let allowed = [40_100u16, 40_101, 40_102];
    let rules = dir.join("fw.rules");
    std::fs::write(
        &rules,
        allowed
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let to = if i == 0 { server_at } else { other_at };
                format!("tcp {CLIENT_IP} {p} {} {}\n", to.ip(), to.port())
            })
            .collect::<String>(),
    )
    .expect("rules");
    let fw = example("firewall.nf");
    let set_rules = format!("rules={}", path_str(&rules));
    let program = [fw.as_str(), "--set", &set_rules];
    let (info, json, cpu) = compile(&p4c, &program, &dir.join("compiled"));
    let _bmv2 = start_bmv2(&ssg, &topo.switch, cpu, &dir.join("bmv2.log"));
    let (stop, handles) = servers(&[
        (topo.servers[0].clone(), server_at),
        (topo.servers[0].clone(), other_at),
    ]);
    let open: Opener = std::sync::Arc::new(move |i| {
        let k = (i - 100) as usize;
        connect_from(
            SocketAddrV4::new(CLIENT_IP, allowed[k]),
            if k == 0 { server_at } else { other_at },
            Duration::from_secs(1),
        )
    });
    crash_midway(&topo, &dir, &program, (&info, &json), open, false);
    let served = stop_servers(stop, handles);
    let ports: Vec<Vec<u16>> = served
        .iter()
        .map(|s| s.iter().map(|p| p.port()).collect())
        .collect();
    assert_eq!(
        ports,
        [vec![allowed[0]], vec![allowed[1], allowed[2]]],
        "the three whitelisted connections"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
