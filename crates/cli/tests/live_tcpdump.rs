//! Live and simulated agree, judged by an outside observer: `tcpdump` on the
//! interfaces of the hosts facing the switch records what they sent and
//! what they received while real TCP connections run through a live NF.
//! What the hosts sent is replayed through `tandem run` (or `tandem filter
//! run` for CoFilter) with tcpdump's timestamps, one clock for all hosts,
//! and the replay must send each port's hosts exactly the frames tcpdump
//! saw them receive, each flow's in the same order; tcpdump must have lost
//! nothing (its kernel drop count is 0).
//!
//! The other live tests compare with `--record`, which Tandem writes
//! itself; these do not trust Tandem's view of its own ports. NFs: MazuNAT,
//! the load balancer (three backends behind a router: the host facing port
//! 1 is the router, whose b0 tcpdump watches), the firewall, PayloadPark in
//! front of MazuNAT (`tandem live --park`) and CoFilter (`tandem filter
//! live`).
//!
//! Needs root, `ip`, `ethtool` and `tcpdump`; skipped with a printed reason
//! otherwise (fails under TANDEM_REQUIRE_TOOLS=1 when a tool is missing).
//! Addresses are in 198.18.0.0/15 only; namespaces are deleted whatever
//! happens.

mod common;

use std::net::{Ipv4Addr, SocketAddrV4, TcpStream};
use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

use common::capture::*;
use common::live::*;
use common::netns::*;
use common::*;

const HTTP_PORT: u16 = 8080;

fn can_capture(test: &str) -> Option<testnet::Root> {
    can_run(test, &["tcpdump"])
}

/// Requires that tandem's recording holds what the hosts' captures show them
/// sending (`dir/in{0,1}.pcap`), replays the recording (tandem's own order
/// and stamps) through `tandem run PROGRAM` into `dir/replay`; returns the
/// frames it sent out of ports 0 and 1.
fn replay_run(dir: &Path, program: &[&str]) -> [Vec<Vec<u8>>; 2] {
    assert_recording_is_what_the_hosts_sent(dir);
    let inputs = [0, 1].map(|p| {
        format!(
            "{p}={}",
            path_str(&dir.join(format!("rec/in/port{p}.pcap")))
        )
    });
    replay(dir, &inputs, program).map(|s| s.into_iter().map(|x| x.1).collect())
}

#[test]
fn what_the_hosts_saw_through_live_mazunat_replays_through_tandem_run() {
    let Some(root) = can_capture("live tcpdump comparison") else {
        return;
    };
    let topo = Topology::new(root, "tcpd", 1);
    let dir = scratch("live-tcpdump");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let program = [nat.as_str(), "--set", &set_ext];
    let obs = Observers::start(&dir, hosts(&topo));
    let live = LiveProcess::start(&dir, &topo.switch, &program);

    let addr = SocketAddrV4::new(topo.server_ip(0), HTTP_PORT);
    let (stop, handles) = servers(&[(topo.servers[0].clone(), addr)]);
    let sizes = [2_000usize, 150_000, 600_000];
    topo.client.run(move || {
        for (i, &s) in sizes.iter().enumerate() {
            download(addr, i as u32, s);
        }
    });
    let served = stop_servers(stop, handles);
    assert_eq!(
        served[0].len(),
        sizes.len(),
        "every download reached the server"
    );
    topo.quiet();
    let summary = live.stop();
    assert_eq!(summary["failed"], 0, "{summary}");
    let (received, sent) = obs.stop(&dir);
    assert!(sent[0] > 50 && sent[1] > 100, "{sent:?}");
    assert_hosts_got_the_replay(received, replay_run(&dir, &program));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_the_hosts_saw_through_the_live_load_balancer_replays_through_tandem_run() {
    let Some(root) = can_capture("live tcpdump load balancer") else {
        return;
    };
    const BACKENDS: usize = 3;
    const CONNS: usize = 30;
    let topo = Topology::new(root, "tclb", BACKENDS);
    let dir = scratch("live-tcpdump-lb");
    let lb = example("lb.nf");
    let vip = SocketAddrV4::new(Ipv4Addr::new(198, 19, 0, 100), HTTP_PORT);
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
    let obs = Observers::start(&dir, hosts(&topo));
    let live = LiveProcess::start(&dir, &topo.switch, &program);
    let at: Vec<(testnet::Ns, SocketAddrV4)> = (0..BACKENDS)
        .map(|k| {
            (
                topo.servers[k].clone(),
                SocketAddrV4::new(ips[k], HTTP_PORT),
            )
        })
        .collect();
    let (stop, handles) = servers(&at);
    let clients = concurrent_downloads(&topo.client, vip, CONNS, |i| 3_000 + 211 * i);
    let served = stop_servers(stop, handles);
    assert_lb_spread(&clients, &served, vip);
    topo.quiet();
    let v = live.stop();
    assert_eq!(v["failed"], 0, "{v}");
    let (received, _) = obs.stop(&dir);
    assert_hosts_got_the_replay(received, replay_run(&dir, &program));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_the_hosts_saw_through_the_live_firewall_replays_through_tandem_run() {
    let Some(root) = can_capture("live tcpdump firewall") else {
        return;
    };
    let topo = Topology::new(root, "tcfw", 1);
    let dir = scratch("live-tcpdump-fw");
    let server = SocketAddrV4::new(topo.server_ip(0), HTTP_PORT);
    let other = SocketAddrV4::new(topo.server_ip(0), HTTP_PORT + 1);
    let allowed = [40_020u16, 40_021];
    let rules = whitelist(&dir.join("fw.rules"), &allowed, server);
    let fw = example("firewall.nf");
    let set_rules = format!("rules={}", path_str(&rules));
    let program = [fw.as_str(), "--set", &set_rules];
    let obs = Observers::start(&dir, hosts(&topo));
    let live = LiveProcess::start(&dir, &topo.switch, &program);
    let (stop, handles) = servers(&[
        (topo.servers[0].clone(), server),
        (topo.servers[0].clone(), other),
    ]);
    let limit = Duration::from_millis(1000);
    let blocked = [(40_022u16, server), (40_020, other)];
    topo.client.run(move || {
        for (i, p) in allowed.iter().enumerate() {
            let mut c = connect_from(SocketAddrV4::new(CLIENT_IP, *p), server, limit)
                .unwrap_or_else(|e| panic!("allowed connection from port {p}: {e}"));
            request(&mut c, i as u32, 30_000);
            expect_body(&mut c, i as u32, 30_000);
        }
        let tries: Vec<_> = blocked
            .iter()
            .map(|&(p, to)| {
                thread::spawn(move || connect_from(SocketAddrV4::new(CLIENT_IP, p), to, limit))
            })
            .collect();
        for t in tries {
            assert!(
                t.join().expect("try").is_err(),
                "a blocked connection went through"
            );
        }
    });
    let served = stop_servers(stop, handles);
    assert_eq!(
        served[0].iter().map(|p| p.port()).collect::<Vec<_>>(),
        allowed
    );
    assert!(served[1].is_empty());
    topo.quiet();
    let v = live.stop();
    assert!(v["dropped"].as_u64().unwrap_or(0) >= 2, "{v}");
    let (received, _) = obs.stop(&dir);
    assert_hosts_got_the_replay(received, replay_run(&dir, &program));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_the_hosts_saw_through_live_payloadpark_replays_through_tandem_run() {
    let Some(root) = can_capture("live tcpdump payloadpark") else {
        return;
    };
    let topo = Topology::new(root, "tcpk", 1);
    let dir = scratch("live-tcpdump-park");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let program = [nat.as_str(), "--set", &set_ext, "--park"];
    let obs = Observers::start(&dir, hosts(&topo));
    let live = LiveProcess::start(&dir, &topo.switch, &program);
    let addr = SocketAddrV4::new(topo.server_ip(0), HTTP_PORT);
    let (stop, handles) = servers(&[(topo.servers[0].clone(), addr)]);
    let sizes = [10_000usize, 300_000];
    topo.client.run(move || {
        for (i, &s) in sizes.iter().enumerate() {
            download(addr, i as u32, s);
        }
    });
    stop_servers(stop, handles);
    topo.quiet();
    let v = live.stop();
    assert_eq!(v["failed"], 0, "{v}");
    let park = &v["park"];
    assert!(park["splits"].as_u64().unwrap_or(0) > 100, "{park}");
    let (received, _) = obs.stop(&dir);
    assert_hosts_got_the_replay(received, replay_run(&dir, &program));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_the_hosts_saw_through_live_cofilter_replays_through_tandem_filter_run() {
    let Some(root) = can_capture("live tcpdump cofilter") else {
        return;
    };
    let topo = Topology::new(root, "tccf", 1);
    let dir = scratch("live-tcpdump-cofilter");
    let (open_port, closed_port) = (2222u16, 2223u16);
    let allow = open_port.to_string();
    let obs = Observers::start(&dir, hosts(&topo));
    let live = LiveProcess::start_filter(&dir, &topo.switch, &["--allow-inbound", &allow]);
    let server = SocketAddrV4::new(topo.server_ip(0), HTTP_PORT);
    let inside_open = SocketAddrV4::new(CLIENT_IP, open_port);
    let inside_closed = SocketAddrV4::new(CLIENT_IP, closed_port);
    let (stop, handles) = servers(&[
        (topo.servers[0].clone(), server),
        (topo.client.clone(), inside_open),
        (topo.client.clone(), inside_closed),
    ]);
    topo.client.run(move || {
        download(server, 0, 200_000);
        download(server, 1, 1_000);
    });
    let limit = Duration::from_millis(1000);
    let took = topo.servers[0].run(move || {
        download(inside_open, 2, 30_000);
        let t = Instant::now();
        assert!(
            TcpStream::connect_timeout(&inside_closed.into(), limit).is_err(),
            "a connection from outside to {inside_closed} went through"
        );
        t.elapsed()
    });
    let served = stop_servers(stop, handles);
    assert_eq!(
        (served[0].len(), served[1].len(), served[2].len()),
        (2, 1, 0)
    );
    println!("blocked connect gave up after {took:?}");
    topo.quiet();
    let v = live.stop();
    assert_eq!(v["runs"][0]["mismatches"], 0, "{v}");
    let (received, _) = obs.stop(&dir);
    let [in0, in1] = replay_inputs(&dir);
    let out = dir.join("replay");
    let o = tandem(&[
        "filter",
        "run",
        "--allow-inbound",
        &allow,
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
    let departures = [0, 1].map(|p| stamped(&out.join(format!("input.port{p}.pcap"))));
    let holds = assert_hosts_got_the_replay_but_held(&dir, received, departures);
    assert!(
        holds > 0,
        "establishing packets were held for output commit"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
