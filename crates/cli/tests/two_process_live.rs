//! More NFs with the switch and the CPU side as two processes on real
//! interfaces (docs/LIVE.md), as root (skipped with a printed reason
//! otherwise), hosts in their own namespaces with their kernel TCP stacks,
//! addresses in 198.18.0.0/15 only:
//!
//! - CoFilter: `tandem switch` runs CoFilter's program (`tandem filter p4`),
//!   `tandem filter agent` its CPU agent over P4Runtime. From inside,
//!   connections work; from outside only the allowed port; the switch's
//!   recording replays through `tandem filter run` to the same frames per
//!   flow. And while the agent is away (stopped: its stream ends when the
//!   switch's keepalive gives up), the established connection goes on
//!   through the switch and a new one gets nowhere; the agent comes back
//!   with its state and both work.
//! - The transparent proxy redirector (`examples/nf/proxy.nf`) and the
//!   trojan detector (`examples/nf/trojan.nf`) through `tandem switch` +
//!   `tandem server`, with what each program is for observed on the hosts,
//!   and the replay per flow.
//!
//! ```text
//!  client ns ── c1 [port 0] tandem switch [port 1] s1 ── server ns
//!                          [cpu] cpu0 ══ link0  tandem server | tandem filter agent
//!                          P4Runtime on the switch namespace's 127.0.0.1:9559
//! ```

mod common;

use std::io::Read;
use std::net::{SocketAddrV4, TcpStream};
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::live::*;
use common::netns::*;
use common::procs::*;
use common::scenarios::*;
use common::*;

const HTTP_PORT: u16 = 8080;

// ---------------------------------------------------------------- CoFilter

/// The layout of these runs (small: the switch model allocates its
/// registers, the agent writes its 16,384 selector entries at each start).
const SRAM_MIB: &str = "1";
const OPEN: u16 = 2222;
const CLOSED: u16 = 2223;

/// Writes CoFilter's program into `dir/cof` and starts `tandem switch` on
/// it (recording into `rec` if given) and `tandem filter agent`; returns
/// once the agent is primary and has given the switch its state.
fn start_cofilter(ns: &str, dir: &Path, rec: Option<&Path>) -> (Daemon, Daemon) {
    let cof = dir.join("cof");
    let o = tandem(&[
        "filter",
        "p4",
        "--output-dir",
        path_str(&cof),
        "--sram-mib",
        SRAM_MIB,
    ]);
    assert!(o.status.success(), "filter p4: {}", text(&o.stderr));
    let program = cof.join("cofilter.pipe.json");
    let switch = start_switch(&[path_str(&program)], ns, &dir.join("switch.log"), rec);
    let open = OPEN.to_string();
    let mut agent = Daemon::start(
        "filter agent",
        &[
            "filter",
            "agent",
            "--switch",
            GRPC,
            "--netns",
            ns,
            "--link",
            "link0",
            "--allow-inbound",
            &open,
            "--sram-mib",
            SRAM_MIB,
            "--status-every",
            "0.3",
            "--duration",
            "60",
        ],
        &dir.join("agent.log"),
    );
    let line = agent.wait_for("primary for the switch");
    println!("{line}");
    (switch, agent)
}

#[test]
fn cofilter_through_two_processes_filters_as_its_replay() {
    let Some(root) = can_run("two-process cofilter", &[]) else {
        return;
    };
    let topo = Topology::new(root, "p2cf", 1);
    topo.cpu_link();
    let dir = scratch("2p-cofilter");
    let rec = dir.join("rec");
    let (switch, agent) = start_cofilter(&topo.switch, &dir, Some(&rec));

    let server = SocketAddrV4::new(topo.server_ip(0), HTTP_PORT);
    let inside_open = SocketAddrV4::new(CLIENT_IP, OPEN);
    let inside_closed = SocketAddrV4::new(CLIENT_IP, CLOSED);
    let (stop, handles) = servers(&[
        (topo.servers[0].clone(), server),
        (topo.client.clone(), inside_open),
        (topo.client.clone(), inside_closed),
    ]);
    // From inside: connections out work, answers come back.
    topo.client.run(move || {
        download(server, 0, 300_000);
        download(server, 1, 1_000);
    });
    // From outside: only the allowed port.
    let limit = Duration::from_millis(1500);
    let took = topo.servers[0].run(move || {
        download(inside_open, 2, 50_000);
        let t = Instant::now();
        assert!(
            TcpStream::connect_timeout(&inside_closed.into(), limit).is_err(),
            "a connection from outside to {inside_closed} went through"
        );
        t.elapsed()
    });
    let served = stop_servers(stop, handles);
    topo.quiet();
    let a = agent.stop();
    let w = switch.stop();
    println!("blocked connect gave up after {took:?}\nagent: {a}\nswitch: {w}");
    assert_eq!(served[0].len(), 2, "the outside server: {:?}", served[0]);
    assert_eq!(served[1].len(), 1, "the open inside port: {:?}", served[1]);
    assert!(served[2].is_empty(), "the closed inside port was reached");
    // The agent decided the control packets and the blocked SYN (and its
    // retransmissions), the switch everything else.
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
    assert_eq!(n(&d["resyncs"]), 1, "{a}");
    let p = &w["data_path"];
    assert!(n(&p["frames_out"]) > n(&d["forwarded"]) + 100, "{w}");
    assert_eq!(n(&p["errors"]) + n(&p["punts_without_server"]), 0, "{w}");
    assert_eq!(n(&p["to_server"]), n(&d["frames_in"]), "{w} {a}");

    // The replay through the model decides alike: the same frames out of
    // each port, each flow's in the same order, except frames the replay
    // held for output commit (how long a hold lasts against the next
    // packets of its flow is timing: live, the agent's round trip; in the
    // model, a 130 µs operation).
    let out = dir.join("replay");
    let in0 = format!("0={}", path_str(&rec.join("in/port0.pcap")));
    let in1 = format!("1={}", path_str(&rec.join("in/port1.pcap")));
    let open = OPEN.to_string();
    let o = tandem(&[
        "filter",
        "run",
        "--allow-inbound",
        &open,
        "--sram-mib",
        SRAM_MIB,
        "--input",
        &in0,
        "--input",
        &in1,
        "--output-dir",
        path_str(&out),
    ]);
    assert!(
        o.status.success(),
        "filter run: {}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let arrivals: Vec<(u64, Vec<u8>)> = [0, 1]
        .iter()
        .flat_map(|p| stamped(&rec.join(format!("in/port{p}.pcap"))))
        .collect();
    for port in 0..2u16 {
        let live = stream(&rec.join(format!("out/port{port}.pcap")));
        let departures = stamped(&out.join(format!("input.port{port}.pcap")));
        let held = held(&arrivals, &departures);
        let sim = departures.into_iter().map(|x| x.1);
        let exact = assert_same_per_flow_but_held(port, live, sim, &held);
        println!(
            "port {port}: {} held in the replay; exact order too: {exact}",
            held.len()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn while_the_cofilter_agent_is_away_established_connections_go_on() {
    let Some(root) = can_run("two-process cofilter, agent away", &[]) else {
        return;
    };
    let topo = Topology::new(root, "p2ca", 1);
    topo.cpu_link();
    let dir = scratch("2p-cofilter-away");
    let (switch, agent) = start_cofilter(&topo.switch, &dir, None);
    let long_at = SocketAddrV4::new(topo.server_ip(0), HTTP_PORT);
    let short_at = SocketAddrV4::new(topo.server_ip(0), HTTP_PORT + 1);
    let (stop, handles) = servers(&[
        (topo.servers[0].clone(), long_at),
        (topo.servers[0].clone(), short_at),
    ]);
    const LONG: usize = 3_000_000;
    let (to_main, from_client) = mpsc::channel::<&'static str>();
    let (to_client, from_main) = mpsc::channel::<&'static str>();
    let client = topo.client.thread(move || {
        download(short_at, 1, 50_000);
        let mut long = TcpStream::connect_timeout(&long_at.into(), Duration::from_secs(5))
            .unwrap_or_else(|e| panic!("connect to {long_at}: {e}"));
        request(&mut long, 2, LONG);
        let mut got = vec![0u8; 200_000];
        long.read_exact(&mut got).expect("first part");
        to_main.send("mid-transfer").expect("main");
        assert_eq!(from_main.recv().expect("main"), "agent away");
        // No agent: a new connection's SYN is dropped by the switch.
        let refused = TcpStream::connect_timeout(&short_at.into(), Duration::from_secs(1));
        assert!(
            refused.is_err(),
            "a new connection went through without the agent"
        );
        // The established connection goes on through the switch alone.
        let mut more = vec![0u8; 1_000_000];
        long.read_exact(&mut more)
            .expect("middle part without the agent");
        got.extend_from_slice(&more);
        to_main.send("read while away").expect("main");
        assert_eq!(from_main.recv().expect("main"), "agent back");
        download(short_at, 3, 50_000);
        long.read_to_end(&mut got).expect("rest");
        assert_eq!(got.len(), LONG, "long download length");
        assert!(got == body(2, LONG), "long download content differs");
    });
    assert_eq!(
        from_client.recv_timeout(Duration::from_secs(30)),
        Ok("mid-transfer")
    );
    // The agent stops answering (SIGSTOP): the switch's HTTP/2 keepalive
    // gives up on it (about 4 s), its stream ends, it is no longer primary.
    agent.signal("STOP");
    let stopped = Instant::now();
    wait_in_log(&dir.join("switch.log"), "\"server_primary\":false");
    println!("the switch noticed after {:?}", stopped.elapsed());
    to_client.send("agent away").expect("client");
    assert_eq!(
        from_client.recv_timeout(Duration::from_secs(30)),
        Ok("read while away")
    );
    // It comes back: finds its stream gone, reconnects, resynchronises.
    agent.signal("CONT");
    wait_in_log(&dir.join("agent.log"), "\"resyncs\":2");
    to_client.send("agent back").expect("client");
    client.join().expect("client");
    let served = stop_servers(stop, handles);
    assert_eq!(served[0].len(), 1);
    assert_eq!(served[1].len(), 2, "the short server: before and after");
    topo.quiet();
    let a = agent.stop();
    let w = switch.stop();
    println!("agent: {a}\nswitch: {w}");
    assert!(n(&w["data_path"]["punts_without_server"]) >= 1, "{w}");
    assert_eq!(n(&w["data_path"]["errors"]), 0, "{w}");
    assert_eq!(a["connected"], true, "{a}");
    assert!(n(&a["daemon"]["resyncs"]) >= 2, "{a}");
    // The switch kept the agent's state: repaired in place, never started
    // over, so its tables never went empty under the traffic.
    assert!(n(&a["daemon"]["repairs"]) >= 1, "{a}");
    assert_eq!(n(&a["p4runtime"]["resets"]), 1, "only the first start: {a}");
    assert_eq!(n(&w["data_path"]["dropped"]), 0, "{w}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ------------------------------------------------- Gallium NFs: proxy, trojan

/// Replays what entered the switch's ports (`rec/in`) through `tandem run
/// PROGRAM` into `out` and requires, on ports 0 and 1, the frames the live
/// two-process run sent (`rec/out`), each flow's in the same order (a
/// punted packet comes back after a real round trip while other flows'
/// packets go on: docs/LIVE.md, "Two processes"). Returns the replay's
/// summary.
fn assert_replay_agrees(rec: &Path, out: &Path, program: &[&str]) -> serde_json::Value {
    let in0 = format!("0={}", path_str(&rec.join("in/port0.pcap")));
    let in1 = format!("1={}", path_str(&rec.join("in/port1.pcap")));
    let mut args = program.to_vec();
    args.extend_from_slice(&["--input", &in0, "--input", &in1]);
    let (v, _) = run_ok(out, &args);
    for port in 0..2u16 {
        let live = stream(&rec.join(format!("out/port{port}.pcap")));
        let sim = stream(&out.join(format!("port{port}.pcap")));
        let s = compare_port(port, live, sim, &|_| false);
        assert!(s.packets.get(&port) > Some(&0), "nothing left port {port}");
        let whole = s.reordered_across_flows == 0 && s.reordered_in_flows == 0;
        println!("port {port}: whole order equal to the replay too: {whole}");
    }
    v
}

/// Starts the recorded switch/server pair for `program`.
fn start_pair(program: &[&str], ns: &str, dir: &Path, rec: &Path) -> (Daemon, Daemon) {
    let switch = start_switch(program, ns, &dir.join("switch.log"), Some(rec));
    let (server, line) = start_server(program, ns, &dir.join("server.log"));
    println!("{line}");
    (switch, server)
}

#[test]
fn the_proxy_through_two_processes_redirects_web_connections_to_the_proxy() {
    let Some(root) = can_run("two-process proxy", &["nft"]) else {
        return;
    };
    let topo = Topology::new(root, "p2px", 1);
    topo.cpu_link();
    let dir = scratch("2p-proxy");
    let rec = dir.join("rec");
    let setup = Proxy::new(&topo, &example("proxy.nf"));
    let program: Vec<&str> = setup.program.iter().map(String::as_str).collect();
    let (switch, server) = start_pair(&program, &topo.switch, &dir, &rec);
    setup.run(&topo);
    topo.quiet();
    let s = server.stop();
    let w = switch.stop();
    println!("server: {s}\nswitch: {w}");
    assert_eq!(n(&w["data_path"]["errors"]), 0, "{w}");
    let v = assert_replay_agrees(&rec, &dir.join("replay"), &program);
    assert_eq!(v["failed"], 0, "{v}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_trojan_detector_through_two_processes_reports_the_host_that_did_all_three() {
    let Some(root) = can_run("two-process trojan", &[]) else {
        return;
    };
    let topo = Topology::new(root, "p2tj", 1);
    topo.cpu_link();
    let dir = scratch("2p-trojan");
    let rec = dir.join("rec");
    trojan_hosts(&topo);
    let nf = example("trojan.nf");
    let program = [nf.as_str()];
    let (switch, mut server) = start_pair(&program, &topo.switch, &dir, &rec);
    trojan_traffic(&topo);
    topo.quiet();
    let lines = server.lines_with("tandem server: event");
    let rest = server.stop_lines();
    let events: Vec<serde_json::Value> = lines
        .into_iter()
        .chain(
            rest.iter()
                .filter(|l| l.contains("tandem server: event"))
                .cloned(),
        )
        .map(|l| {
            let json = l.split_once("event ").expect("event line").1;
            serde_json::from_str(json).unwrap_or_else(|e| panic!("{l}: {e}"))
        })
        .collect();
    let status: serde_json::Value =
        serde_json::from_str(rest.last().expect("status")).expect("status JSON");
    let w = switch.stop();
    println!("events: {events:?}\nserver: {status}\nswitch: {w}");
    assert_trojan_event(&events);
    assert!(n(&status["daemon"]["punts"]) > 0, "{status}");
    // The replay raises the same event and sends the same frames per flow.
    let v = assert_replay_agrees(&rec, &dir.join("replay"), &program);
    let replayed: Vec<(serde_json::Value, serde_json::Value)> = v["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| (e["event"].clone(), e["fields"].clone()))
        .collect();
    assert_eq!(
        replayed,
        [(events[0]["event"].clone(), events[0]["fields"].clone())]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
