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
//! The load balancer and the firewall run through the two processes with
//! `tandem switch --record`: right backend per connection, allowed vs
//! blocked connections, and the replay of the recorded inputs through `tandem
//! run` gives the same frames per port, each flow's in the same order.
//!
//! Over TLS with client certificates (`tandem certs`): a server whose
//! certificate another CA signed, and one without TLS, are refused at start
//! with an error that says why, and the switch goes on serving; the server
//! with a certificate the switch's CA signed drives it and the NAT works.
//!
//! The fault test kills the server process in the middle of a download: the
//! established connection goes on through the switch, a new connection gets
//! nowhere (its SYN is dropped and counted by the switch), and once the server
//! is restarted (from its checkpoint) new connections work again and get the
//! next external port.

mod common;

use std::io::Read;
use std::net::{Ipv4Addr, SocketAddrV4, TcpStream};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use common::live::*;
use common::netns::*;
use common::procs::{Daemon, n, spawn_server, start_switch_at, wait_in_log};
use common::*;

/// A P4Runtime address on the switch namespace's loopback, different for
/// each test of this process (`k`) and likely for concurrent runs.
fn grpc_addr(k: u32) -> String {
    format!(
        "127.0.0.1:{}",
        20_000 + (std::process::id() % 13_000) * 3 + k
    )
}

/// `tandem server PROGRAM` driving the switch at `grpc`, with its state in
/// `checkpoint` and `extra` options; returns at once.
fn start_server(
    program: &[&str],
    grpc: &str,
    ns: &str,
    checkpoint: &Path,
    log: &Path,
    extra: &[&str],
) -> Daemon {
    let mut options = vec!["--checkpoint", path_str(checkpoint)];
    options.extend_from_slice(extra);
    spawn_server(program, grpc, ns, log, &options)
}

/// Starts `tandem switch` (recording into `rec`) and `tandem server` for
/// `program` in namespace `ns` on gRPC port `grpc_addr(k)`, logs in `dir`, and
/// waits until the server is primary. The switch daemon installed the
/// program's initial tables itself, so the server's resync must find nothing
/// to change.
fn start_recorded_pair(
    program: &[&str],
    k: u32,
    ns: &str,
    dir: &Path,
    rec: &Path,
) -> (Daemon, Daemon) {
    let grpc = grpc_addr(k);
    let switch = start_switch_at(program, &grpc, ns, &dir.join("switch.log"), Some(rec), &[]);
    let mut server = start_server(
        program,
        &grpc,
        ns,
        &dir.join("server-state.json"),
        &dir.join("server.log"),
        &[],
    );
    let resync = server.wait_for("primary for the switch");
    assert!(
        resync.contains("0 inserted, 0 modified, 0 deleted, 0 refused"),
        "the switch daemon installed the program's initial tables: {resync}"
    );
    (switch, server)
}

#[test]
fn the_nat_survives_a_server_crash_between_two_processes() {
    let Some(root) = can_run("two-process mazunat", &[]) else {
        return;
    };
    let topo = Topology::new(root, "pr", 1);
    topo.cpu_link();
    let dir = scratch("procs-nat");
    let checkpoint = dir.join("nat-server.json");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let program = [nat.as_str(), "--set", &set_ext];
    let grpc = grpc_addr(0);
    // Both daemons on two threads: the switch's data path on two copies of
    // the switch, the server's link on two receive threads.
    let workers = ["--workers", "2"];
    let switch = start_switch_at(
        &program,
        &grpc,
        &topo.switch,
        &dir.join("switch.log"),
        None,
        &workers,
    );
    let mut server = start_server(
        &program,
        &grpc,
        &topo.switch,
        &checkpoint,
        &dir.join("server1.log"),
        &workers,
    );
    let first = server.wait_for("primary for the switch");
    println!("{first}");

    // Two servers behind the NAT: a long download on 8080, short ones on 8081.
    let server_ns = topo.servers[0].clone();
    let long_at = SocketAddrV4::new(topo.server_ip(0), 8080);
    let short_at = SocketAddrV4::new(topo.server_ip(0), 8081);
    let (stop, handles) = servers(&[(server_ns.clone(), long_at), (server_ns, short_at)]);

    // The client: a download, then a long one that the crash interrupts.
    const LONG: usize = 4_000_000;
    let (to_main, from_client) = mpsc::channel::<&'static str>();
    let (to_client, from_main) = mpsc::channel::<&'static str>();
    let client = topo.client.thread(move || {
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
    // As if the crash had cut an append short: the start of a record whose
    // bytes never came. The restarted server ignores it and says so.
    let journal = procs_journal(&checkpoint);
    let whole = std::fs::metadata(&journal).map_or(0, |m| m.len());
    {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(&journal)
            .unwrap_or_else(|e| panic!("{}: {e}", journal.display()));
        f.write_all(&[40, 0, 0, 0, 1, 2])
            .unwrap_or_else(|e| panic!("{}: {e}", journal.display()));
    }
    let mut server = start_server(
        &program,
        &grpc,
        &topo.switch,
        &checkpoint,
        &dir.join("server2.log"),
        &workers,
    );
    server.wait_for("primary state restored");
    let log = std::fs::read_to_string(dir.join("server2.log")).unwrap_or_default();
    assert!(
        log.contains(&format!("torn tail at byte {whole}")),
        "the torn tail is reported: {log}"
    );
    let resync = server.wait_for("primary for the switch");
    println!("{resync}");
    assert!(
        resync.contains("0 inserted, 0 modified, 0 deleted, 0 refused"),
        "the switch kept every entry the checkpoint holds: {resync}"
    );
    to_client.send("server back").expect("client");
    let (first, after) = client.join().expect("client");
    let [long_peers, short_peers]: [Vec<SocketAddrV4>; 2] =
        stop_servers(stop, handles).try_into().expect("two servers");

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
    let per_worker: Vec<u64> = w["workers"]
        .as_array()
        .expect("per-worker counters")
        .iter()
        .map(|x| n(&x["frames_in"]))
        .collect();
    assert_eq!(per_worker.len(), 2, "{w}");
    println!("frames into the switch per worker: {per_worker:?}");
    assert_eq!(n(&w["data_path"]["errors"]), 0, "{w}");
    assert_eq!(n(&w["table_entries"]["t_nat_out"]), 3, "{w}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The journal beside checkpoint `file` (`tandem server --checkpoint`).
fn procs_journal(file: &Path) -> std::path::PathBuf {
    let mut p = file.as_os_str().to_owned();
    p.push(".journal");
    p.into()
}

/// Replays what entered the switch's ports (`rec/in`) through `tandem run
/// PROGRAM` into `out` and requires, on ports 0 and 1, the frames the live
/// two-process run sent (`rec/out`): the same frames, each flow's in the
/// same order. The order across flows is not required: a punted packet
/// comes back after a real round trip to the server process, while later
/// packets of other flows go on through the switch (docs/LIVE.md, "Two
/// processes"). Returns, per port, whether the whole order agreed too.
fn assert_replay_agrees(rec: &Path, out: &Path, program: &[&str]) -> [bool; 2] {
    let in0 = format!("0={}", path_str(&rec.join("in/port0.pcap")));
    let in1 = format!("1={}", path_str(&rec.join("in/port1.pcap")));
    let mut args = program.to_vec();
    args.extend_from_slice(&["--input", &in0, "--input", &in1]);
    run_ok(out, &args);
    let mut same_order = [false; 2];
    for port in 0..2u16 {
        let live = stream(&rec.join(format!("out/port{port}.pcap")));
        let sim = stream(&out.join(format!("port{port}.pcap")));
        let s = compare_port(port, live, sim, &|_| false);
        assert!(s.packets.get(&port) > Some(&0), "nothing left port {port}");
        same_order[usize::from(port)] = s.reordered_across_flows == 0 && s.reordered_in_flows == 0;
    }
    same_order
}

#[test]
fn the_load_balancer_through_two_processes_picks_its_backends_and_matches_the_replay() {
    let Some(root) = can_run("two-process load balancer", &[]) else {
        return;
    };
    const BACKENDS: usize = 3;
    const CONNS: usize = 12;
    let topo = Topology::new(root, "plb", BACKENDS);
    topo.cpu_link();
    let dir = scratch("procs-lb");
    let rec = dir.join("rec");
    let lb = example("lb.nf");
    let vip = SocketAddrV4::new(Ipv4Addr::new(198, 19, 0, 100), 8080);
    let ips: Vec<Ipv4Addr> = (0..BACKENDS).map(|k| topo.server_ip(k)).collect();
    let set_vip = format!("vip={}", vip.ip());
    let set_backends = format!(
        "backends={}",
        ips.iter()
            .map(|ip| ip.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    let program = [lb.as_str(), "--set", &set_vip, "--set", &set_backends];
    // The switch daemon installed the backends vector from the .nf.
    let (switch, server) = start_recorded_pair(&program, 1, &topo.switch, &dir, &rec);

    let at: Vec<_> = (0..BACKENDS)
        .map(|k| (topo.servers[k].clone(), SocketAddrV4::new(ips[k], 8080)))
        .collect();
    let (stop, handles) = servers(&at);
    // All connections open at once (their punts overlap), then each asks
    // for its own response.
    let clients = concurrent_downloads(&topo.client, vip, CONNS, |i| 3_000 + 101 * i);
    let served = stop_servers(stop, handles);
    topo.quiet();
    let s = server.stop();
    let w = switch.stop();
    println!("server: {s}\nswitch: {w}");

    assert_lb_spread(&clients, &served, vip);
    // Every connection's first packet went to the server process.
    assert!(n(&s["daemon"]["punts"]) >= CONNS as u64, "{s}");
    assert_eq!(n(&s["daemon"]["bad_frames"]), 0, "{s}");
    assert_eq!(n(&w["data_path"]["errors"]), 0, "{w}");
    assert_eq!(n(&w["data_path"]["punts_without_server"]), 0, "{w}");
    assert_eq!(
        n(&w["table_entries"]["t_backend_ips"]),
        BACKENDS as u64,
        "{w}"
    );

    let same = assert_replay_agrees(&rec, &dir.join("replay"), &program);
    println!("whole per-port order equal to the replay (port 0, port 1): {same:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_firewall_through_two_processes_passes_the_whitelist_and_matches_the_replay() {
    let Some(root) = can_run("two-process firewall", &[]) else {
        return;
    };
    let topo = Topology::new(root, "pfw", 1);
    topo.cpu_link();
    let dir = scratch("procs-fw");
    let rec = dir.join("rec");
    let server_at = SocketAddrV4::new(topo.server_ip(0), 8080);
    let other = SocketAddrV4::new(topo.server_ip(0), 8081);
    let allowed = [40_010u16, 40_011];
    let rules = whitelist(&dir.join("fw.rules"), &allowed, server_at);
    let fw = example("firewall.nf");
    let set_rules = format!("rules={}", path_str(&rules));
    let program = [fw.as_str(), "--set", &set_rules];
    // The switch daemon installed the whitelist from the .nf.
    let (switch, server) = start_recorded_pair(&program, 2, &topo.switch, &dir, &rec);

    let ns = &topo.servers[0];
    let (stop, handles) = servers(&[(ns.clone(), server_at), (ns.clone(), other)]);
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
    let w = switch.stop();
    println!("blocked: {blocked:?}\nserver: {s}\nswitch: {w}");

    let ports: Vec<u16> = good.iter().map(|p| p.port()).collect();
    assert_eq!(
        ports, allowed,
        "the server saw exactly the allowed connections"
    );
    assert!(bad.is_empty(), "port {} was reached: {bad:?}", other.port());
    // Blocked SYNs (and their retransmissions) were dropped by the switch.
    assert!(
        n(&w["data_path"]["dropped"]) >= blocked_tries.len() as u64,
        "{w}"
    );
    assert_eq!(n(&w["data_path"]["errors"]), 0, "{w}");
    // The whitelist, in each table that holds a copy of it (one per lookup).
    let copies: Vec<u64> = w["table_entries"]
        .as_object()
        .expect("tables")
        .iter()
        .filter(|(t, _)| t.starts_with("t_whitelist"))
        .map(|(_, v)| n(v))
        .collect();
    assert!(!copies.is_empty(), "{w}");
    assert!(copies.iter().all(|&c| c == allowed.len() as u64), "{w}");

    let same = assert_replay_agrees(&rec, &dir.join("replay"), &program);
    println!("whole per-port order equal to the replay (port 0, port 1): {same:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// PayloadPark in the switch daemon (`tandem switch mazunat.nf --park`) with
/// an unchanged `tandem server`: downloads arrive intact, payloads were
/// parked and every one merged back, and the recorded inputs replayed
/// through `tandem run --park` give the same frames per port, each flow's
/// in the same order.
#[test]
fn payloadpark_in_the_switch_daemon_keeps_downloads_intact_and_matches_the_replay() {
    let Some(root) = can_run("two-process payloadpark", &[]) else {
        return;
    };
    let topo = Topology::new(root, "ppk", 1);
    topo.cpu_link();
    let dir = scratch("procs-park");
    let rec = dir.join("rec");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let program = [nat.as_str(), "--set", &set_ext];
    let grpc = grpc_addr(3);
    let switch = start_switch_at(
        &program,
        &grpc,
        &topo.switch,
        &dir.join("switch.log"),
        Some(&rec),
        &["--park"],
    );
    let mut server = start_server(
        &program,
        &grpc,
        &topo.switch,
        &dir.join("server-state.json"),
        &dir.join("server.log"),
        &[],
    );
    server.wait_for("primary for the switch");

    let at = SocketAddrV4::new(topo.server_ip(0), 8080);
    let (stop, handles) = servers(&[(topo.servers[0].clone(), at)]);
    topo.client
        .thread(move || {
            for (i, size) in [10_000usize, 1_000_000].into_iter().enumerate() {
                download(at, i as u32, size);
            }
        })
        .join()
        .expect("downloads intact");
    let peers = stop_servers(stop, handles).concat();
    assert_eq!(peers.len(), 2, "{peers:?}");
    topo.quiet();
    let s = server.stop();
    let w = switch.stop();
    println!("server: {s}\nswitch: {w}");

    let c = &w["park"];
    // Data segments were parked and every parked payload came back.
    assert!(n(&c["splits"]) > 300, "{c}");
    assert_eq!(
        n(&c["splits"]),
        n(&c["merges"]) + n(&c["explicit_drops"]),
        "{c}"
    );
    for k in ["evictions", "premature", "bad_tags"] {
        assert_eq!(n(&c[k]), 0, "{k}: {c}");
    }
    assert_eq!(n(&w["data_path"]["errors"]), 0, "{w}");
    assert!(n(&s["daemon"]["punts"]) >= 2, "{s}");

    let mut replay = program.to_vec();
    replay.push("--park");
    let same = assert_replay_agrees(&rec, &dir.join("replay"), &replay);
    println!("whole per-port order equal to the replay (port 0, port 1): {same:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn over_tls_only_a_server_with_a_certificate_the_switch_trusts_drives_it() {
    let Some(root) = can_run("two-process mazunat over TLS", &[]) else {
        return;
    };
    let topo = Topology::new(root, "prt", 1);
    topo.cpu_link();
    let dir = scratch("procs-tls");
    let (pki, other) = (dir.join("pki"), dir.join("other"));
    for d in [&pki, &other] {
        certs(d, &[]);
    }
    let file = |d: &Path, f: &str| d.join(f).display().to_string();
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let program = [nat.as_str(), "--set", &set_ext];
    let grpc = grpc_addr(2);
    let switch_tls = switch_tls_options(&pki);
    let switch_tls: Vec<&str> = switch_tls.iter().map(String::as_str).collect();
    let switch = start_switch_at(
        &program,
        &grpc,
        &topo.switch,
        &dir.join("switch.log"),
        None,
        &switch_tls,
    );
    let client_tls = |d: &Path| {
        vec![
            "--tls-ca".to_string(),
            file(&pki, "ca.pem"),
            "--tls-cert".into(),
            file(d, "server.pem"),
            "--tls-key".into(),
            file(d, "server.key"),
        ]
    };
    // Refused, each with its reason, at start.
    let cases = [
        (
            client_tls(&other),
            "does not accept this client's certificate",
        ),
        // Plain text is retried (a closed connection is also what a switch
        // starting up may give) until the connect timeout.
        (
            vec!["--connect-timeout".to_string(), "2".into()],
            "give --tls-ca",
        ),
    ];
    for (k, (options, says)) in cases.iter().enumerate() {
        let log = dir.join(format!("refused{k}.log"));
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        let status = spawn_server(&program, &grpc, &topo.switch, &log, &options)
            .wait_exit(Duration::from_secs(8));
        let err = std::fs::read_to_string(&log).unwrap_or_default();
        assert!(!status.success(), "a refused server exits with an error");
        assert!(err.contains(says), "the error should say {says:?}: {err}");
    }
    // The trusted server drives the switch: the NAT works.
    let options = client_tls(&pki);
    let options: Vec<&str> = options.iter().map(String::as_str).collect();
    let mut server = spawn_server(
        &program,
        &grpc,
        &topo.switch,
        &dir.join("server.log"),
        &options,
    );
    println!("{}", server.wait_for("primary for the switch"));
    let at = SocketAddrV4::new(topo.server_ip(0), 8080);
    let (stop, handles) = servers(&[(topo.servers[0].clone(), at)]);
    let local = topo
        .client
        .thread(move || download(at, 1, 200_000))
        .join()
        .expect("client");
    let peers = stop_servers(stop, handles);
    assert_eq!(peers[0].len(), 1, "one connection reached the server");
    assert_eq!(
        *peers[0][0].ip(),
        SERVER_GW,
        "the server sees the NAT's address, not the client's {local}"
    );
    let v = server.stop();
    assert!(
        n(&v["daemon"]["punts"]) >= 1,
        "the server set the flow up: {v}"
    );
    assert_eq!(v["connected"], true, "{v}");
    drop(switch);
}
