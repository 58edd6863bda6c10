//! `tandem live` with real hosts: network namespaces with their own kernel TCP
//! stacks talk through an NF running live on veth interfaces in a switch namespace
//! (`common::netns`). Each test checks what the NF must do to real connections and
//! then replays the run's recorded inputs through `tandem run`, requiring exactly
//! the packets the live run sent on every port (live and simulated agree).
//!
//! - MazuNAT: files of several sizes arrive byte for byte, the server sees the
//!   NAT's address and ports.
//! - Load balancer: 240 concurrent connections to the virtual IP reach three
//!   backend namespaces, each connection on the backend the LB's policy
//!   (CRC-32 of the 5-tuple mod 3) names, with intact data.
//! - Firewall: whitelisted connections go through, others time out within a bound.
//! - PayloadPark in front of MazuNAT (`--park`): transfers intact, payloads parked.
//! - Frame fuzz: random and malformed frames injected on the client link are
//!   counted, tandem keeps running, and a download still works afterwards.
//!
//! Needs root, `ip` and `ethtool`; skipped with a printed reason when not root,
//! and fails when the tools are missing under TANDEM_REQUIRE_TOOLS=1. Addresses are
//! in 198.18.0.0/15 only; namespaces are deleted whatever happens.

mod common;

use std::net::{Ipv4Addr, SocketAddrV4, TcpStream};
use std::thread;
use std::time::{Duration, Instant};

use common::live::*;
use common::netns::*;
use common::scenarios::*;
use common::*;

const HTTP_PORT: u16 = 8080;

/// Downloads one file of each of `sizes` from the first server, from the
/// client namespace, one after another; returns the peers the server saw.
fn downloads(topo: &Topology, sizes: &[usize]) -> Vec<SocketAddrV4> {
    let server = SocketAddrV4::new(topo.server_ip(0), HTTP_PORT);
    let (stop, handles) = servers(&[(topo.servers[0].clone(), server)]);
    let sizes = sizes.to_vec();
    topo.client.run(move || {
        for (i, &s) in sizes.iter().enumerate() {
            download(server, i as u32, s);
        }
    });
    stop_servers(stop, handles).concat()
}

fn n(v: &serde_json::Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

#[test]
fn downloads_through_live_mazunat_on_xdp_arrive_intact_and_match_the_replay() {
    let Some(root) = can_run("live mazunat on xdp", &[]) else {
        return;
    };
    let topo = Topology::new(root, "xnat", 1);
    topo.for_xdp();
    let dir = scratch("live-nat-xdp");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let live = LiveProcess::start_with_options(
        &dir,
        &topo.switch,
        &["--switch", "xdp"],
        &[&nat, "--set", &set_ext],
    );
    let sizes = [1_000usize, 100_000, 1_000_000, 3_000_000];
    let peers = downloads(&topo, &sizes);
    let rec = live.record.clone();
    let v = live.stop();
    assert_eq!(peers.len(), sizes.len());
    for (i, p) in peers.iter().enumerate() {
        assert_eq!(*p.ip(), SERVER_GW, "server saw {p}");
        assert_eq!(p.port(), 1024 + i as u16, "external ports in order");
    }
    assert_xdp_ran(&v, sizes.len() as u64);
    assert_replay_matches_per_flow(&rec, &dir.join("replay"), &[&nat, "--set", &set_ext]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A live run's summary shows the switch part on XDP: most frames decided in
/// the kernel, at least `punts` visiting the server, nothing failed.
fn assert_xdp_ran(v: &serde_json::Value, punts: u64) {
    assert_eq!(v["live"]["switch"], "xdp", "{v}");
    assert_eq!(v["failed"], 0, "{v}");
    let p = &v["partition"];
    assert!(n(&p["server_packets"]) >= punts, "{v}");
    assert!(
        n(&p["switch_only_packets"]) > n(&p["server_packets"]),
        "{v}"
    );
    let io = v["live"]["io"].to_string();
    assert!(io.contains("native XDP"), "veth runs XDP natively: {io}");
}

/// As `assert_replay_matches`, packet for packet within each flow: with the
/// switch part on every CPU, frames of different flows may leave in another
/// order than the replay's.
fn assert_replay_matches_per_flow(
    rec: &std::path::Path,
    out: &std::path::Path,
    program_args: &[&str],
) {
    let in0 = format!("0={}", path_str(&rec.join("in/port0.pcap")));
    let in1 = format!("1={}", path_str(&rec.join("in/port1.pcap")));
    let mut args = program_args.to_vec();
    args.extend_from_slice(&["--input", &in0, "--input", &in1]);
    let (_, _) = run_ok(out, &args);
    for port in 0..2 {
        let live_out = stream(&rec.join(format!("out/port{port}.pcap")));
        let sim_out = stream(&out.join(format!("port{port}.pcap")));
        // Panics on a difference; the order across flows may differ.
        let s = compare_port(port, live_out, sim_out, &|_| false);
        assert!(s.packets.get(&port) > Some(&0), "nothing left port {port}");
    }
}

#[test]
fn downloads_through_live_mazunat_arrive_intact_and_match_the_replay() {
    let Some(root) = can_run("live mazunat", &[]) else {
        return;
    };
    let topo = Topology::new(root, "nat", 1);
    let dir = scratch("live-nat");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    // Two workers: the NAT's port allocator is shared by every flow, so the ports
    // must still be handed out in order, one at a time.
    let live = LiveProcess::start_with_workers(&dir, &topo.switch, 2, &[&nat, "--set", &set_ext]);

    let sizes = [1_000usize, 100_000, 1_000_000, 3_000_000];
    let peers = downloads(&topo, &sizes);
    let rec = live.record.clone();
    let v = live.stop();

    // The server saw the NAT's address and ports handed out from port_min up.
    assert_eq!(peers.len(), sizes.len());
    for (i, p) in peers.iter().enumerate() {
        assert_eq!(*p.ip(), SERVER_GW, "server saw {p}");
        assert_eq!(p.port(), 1024 + i as u16, "external ports in order");
    }
    assert_eq!(v["failed"], 0, "{v}");
    assert!(n(&v["partition"]["server_packets"]) >= sizes.len() as u64);
    assert!(n(&v["live"]["ports"]["0"]["rx_frames"]) > 100, "{v}");
    assert_workers(&v, 2, false);
    assert_sharded(&v);

    assert_replay_matches(&rec, &dir.join("replay"), &[&nat, "--set", &set_ext]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn concurrent_connections_through_the_live_load_balancer_spread_by_its_policy() {
    let Some(root) = can_run("live load balancer", &[]) else {
        return;
    };
    load_balancer(root, false);
}

#[test]
fn concurrent_connections_through_the_load_balancer_on_xdp_spread_by_its_policy() {
    let Some(root) = can_run("live load balancer on xdp", &[]) else {
        return;
    };
    load_balancer(root, true);
}

/// 240 concurrent connections to the VIP, on two workers of the model or
/// with the switch part on XDP.
fn load_balancer(root: testnet::Root, xdp: bool) {
    const BACKENDS: usize = 3;
    const CONNS: usize = 240;
    let tag = if xdp { "xlb" } else { "lb" };
    let topo = Topology::new(root, tag, BACKENDS);
    if xdp {
        topo.for_xdp();
    }
    let dir = scratch(&format!("live-{tag}"));
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
    let live = if xdp {
        LiveProcess::start_with_options(&dir, &topo.switch, &["--switch", "xdp"], &program)
    } else {
        LiveProcess::start_with_workers(&dir, &topo.switch, 2, &program)
    };

    let at: Vec<(testnet::Ns, SocketAddrV4)> = (0..BACKENDS)
        .map(|k| {
            (
                topo.servers[k].clone(),
                SocketAddrV4::new(ips[k], HTTP_PORT),
            )
        })
        .collect();
    let (stop, handles) = servers(&at);
    // All connections open at once, then each asks for its own response.
    let started = Instant::now();
    let clients = concurrent_downloads(&topo.client, vip, CONNS, |i| 2_000 + 37 * i);
    println!(
        "{CONNS} connections completed in {:.2} s",
        started.elapsed().as_secs_f64()
    );
    let served = stop_servers(stop, handles);
    let rec = live.record.clone();
    let v = live.stop();

    // Each backend served exactly the connections the policy sends it, and saw
    // the client's own address (the LB rewrites only the destination).
    assert_lb_spread(&clients, &served, vip);
    assert_eq!(v["failed"], 0, "{v}");
    if xdp {
        assert_xdp_ran(&v, CONNS as u64);
        assert_replay_matches_per_flow(&rec, &dir.join("replay"), &program);
    } else {
        // 240 connections over two workers: both carried some.
        let rx = assert_workers(&v, 2, true);
        println!("frames per worker: {rx:?}");
        assert_sharded(&v);
        assert_replay_matches(&rec, &dir.join("replay"), &program);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_live_firewall_passes_whitelisted_connections_and_blocks_the_rest() {
    let Some(root) = can_run("live firewall", &[]) else {
        return;
    };
    firewall(root, false);
}

#[test]
fn the_firewall_on_xdp_passes_whitelisted_connections_and_blocks_the_rest() {
    let Some(root) = can_run("live firewall on xdp", &[]) else {
        return;
    };
    firewall(root, true);
}

/// Whitelisted connections through the firewall, and three that are not.
fn firewall(root: testnet::Root, xdp: bool) {
    let tag = if xdp { "xfw" } else { "fw" };
    let topo = Topology::new(root, tag, 1);
    if xdp {
        topo.for_xdp();
    }
    let dir = scratch(&format!("live-{tag}"));
    let server = SocketAddrV4::new(topo.server_ip(0), HTTP_PORT);
    let other = SocketAddrV4::new(topo.server_ip(0), HTTP_PORT + 1);
    let allowed = [40_000u16, 40_001];
    let rules = whitelist(&dir.join("live.rules"), &allowed, server);
    let fw = example("firewall.nf");
    let set_rules = format!("rules={}", path_str(&rules));
    let program = [fw.as_str(), "--set", &set_rules];
    let options: &[&str] = if xdp { &["--switch", "xdp"] } else { &[] };
    let live = LiveProcess::start_with_options(&dir, &topo.switch, options, &program);

    let (stop, handles) = servers(&[
        (topo.servers[0].clone(), server),
        (topo.servers[0].clone(), other),
    ]);
    let limit = Duration::from_millis(1500);
    let blocked_tries = [(40_002u16, server), (40_000, other), (allowed[1], other)];
    let blocked: Vec<(String, Duration)> = topo.client.run(move || {
        for (i, p) in allowed.iter().enumerate() {
            let mut c = connect_from(SocketAddrV4::new(CLIENT_IP, *p), server, limit)
                .unwrap_or_else(|e| panic!("allowed connection from port {p}: {e}"));
            request(&mut c, i as u32, 50_000);
            expect_body(&mut c, i as u32, 50_000);
        }
        // Concurrently (threads inherit this thread's namespace).
        let tries: Vec<_> = blocked_tries
            .iter()
            .map(|&(p, to)| {
                thread::spawn(move || {
                    let t = Instant::now();
                    let r = connect_from(SocketAddrV4::new(CLIENT_IP, p), to, limit);
                    match r {
                        Ok(_) => panic!("connection from port {p} to {to} went through"),
                        Err(e) => (format!("{p}->{to}: {e}"), t.elapsed()),
                    }
                })
            })
            .collect();
        tries
            .into_iter()
            .map(|t| t.join().expect("blocked try"))
            .collect()
    });
    let served = stop_servers(stop, handles);
    let rec = live.record.clone();
    let v = live.stop();

    for (what, took) in &blocked {
        println!("blocked {what} after {took:?}");
        assert!(
            *took < limit + Duration::from_secs(1),
            "{what}: took {took:?}"
        );
    }
    let ports: Vec<u16> = served[0].iter().map(|p| p.port()).collect();
    assert_eq!(
        ports, allowed,
        "the server saw exactly the allowed connections"
    );
    assert!(
        served[1].is_empty(),
        "port {} was reached: {:?}",
        other.port(),
        served[1]
    );
    // Every blocked SYN (and its kernel retransmissions) was dropped by the NF.
    assert!(n(&v["dropped"]) >= blocked_tries.len() as u64, "{v}");
    assert_eq!(v["failed"], 0, "{v}");

    if xdp {
        // The firewall has no punt point: every packet is decided in the kernel.
        assert_xdp_ran(&v, 0);
        assert_replay_matches_per_flow(&rec, &dir.join("replay"), &program);
    } else {
        assert_replay_matches(&rec, &dir.join("replay"), &program);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_proxy_on_xdp_redirects_web_connections_to_the_proxy() {
    let Some(root) = can_run("live proxy on xdp", &["nft"]) else {
        return;
    };
    let topo = Topology::new(root, "xpx", 1);
    topo.for_xdp();
    let dir = scratch("live-xpx");
    let setup = Proxy::new(&topo, &example("proxy.nf"));
    let program: Vec<&str> = setup.program.iter().map(String::as_str).collect();
    let live = LiveProcess::start_with_options(&dir, &topo.switch, &["--switch", "xdp"], &program);
    setup.run(&topo);
    let rec = live.record.clone();
    let v = live.stop();
    // The redirect is the switch part's alone: nothing goes to the server.
    assert_xdp_ran(&v, 0);
    assert_replay_matches_per_flow(&rec, &dir.join("replay"), &program);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_trojan_detector_on_xdp_reports_the_host_that_did_all_three() {
    let Some(root) = can_run("live trojan detector on xdp", &[]) else {
        return;
    };
    let topo = Topology::new(root, "xtj", 1);
    topo.for_xdp();
    let dir = scratch("live-xtj");
    trojan_hosts(&topo);
    let nf = example("trojan.nf");
    let program = [nf.as_str()];
    let live = LiveProcess::start_with_options(&dir, &topo.switch, &["--switch", "xdp"], &program);
    trojan_traffic(&topo);
    topo.quiet();
    let rec = live.record.clone();
    let v = live.stop();
    assert_trojan_event(v["events"].as_array().expect("events"));
    // Each host's connections pass the server part at their stages' turns.
    assert_xdp_ran(&v, 1);
    assert_replay_matches_per_flow(&rec, &dir.join("replay"), &program);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn payloadpark_in_front_of_live_mazunat_keeps_transfers_intact() {
    let Some(root) = can_run("live payloadpark", &[]) else {
        return;
    };
    let topo = Topology::new(root, "park", 1);
    let dir = scratch("live-park");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let program = [nat.as_str(), "--set", &set_ext, "--park"];
    let live = LiveProcess::start_with_workers(&dir, &topo.switch, 2, &program);

    let sizes = [10_000usize, 1_000_000];
    assert_eq!(downloads(&topo, &sizes).len(), sizes.len());
    let rec = live.record.clone();
    let v = live.stop();

    assert_eq!(v["engine"], "partitioned+park", "{v}");
    let c = &v["park"];
    // Data segments were parked and every parked payload came back (the NF
    // forwards all of them; nothing is evicted early or mis-tagged).
    assert!(n(&c["splits"]) > 500, "{c}");
    assert_eq!(
        n(&c["splits"]),
        n(&c["merges"]) + n(&c["explicit_drops"]),
        "{c}"
    );
    for k in ["evictions", "premature", "bad_tags"] {
        assert_eq!(n(&c[k]), 0, "{k}: {c}");
    }
    assert_eq!(v["failed"], 0, "{v}");
    assert_workers(&v, 2, false);
    // PayloadPark's switch writes its payload store per packet: one engine
    // thread runs every packet (docs/LIVE.md, "All cores").
    assert!(v["live"]["sharded"].is_null(), "{v}");

    assert_replay_matches(&rec, &dir.join("replay"), &program);
    let _ = std::fs::remove_dir_all(&dir);
}

/// With several workers the partitioned engine ran on every one of them
/// (`live.sharded` in the summary), and the server calls found no timer
/// left behind (the sharding protocol's own check).
fn assert_sharded(v: &serde_json::Value) {
    let s = &v["live"]["sharded"];
    assert!(n(&s["server_calls"]) > 0, "not sharded: {v}");
    assert_eq!(n(&s["order_violations"]), 0, "{s}");
}

/// A seeded xorshift generator: the fuzz frames are reproducible from the seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

/// Largest frame the fuzzer sends: the MTU it sets on the client link (a receive
/// ring block of `tandem live` holds up to 1 MiB; veth's own limit is lower).
const FUZZ_MTU: usize = 65_000;

/// One random or malformed frame of kind `kind`. IPv4 frames carry addresses in
/// 198.18.0.0/15 only.
fn fuzz_frame(rng: &mut Rng, kind: usize) -> Vec<u8> {
    let mut eth = vec![0u8; 14];
    eth[..12].copy_from_slice(&rng.bytes(12));
    // IPv4 and TCP headers with in-range addresses, lengths filled in below.
    let ipv4_tcp = |rng: &mut Rng, payload: usize| {
        let mut f = eth.clone();
        f[12..14].copy_from_slice(&0x0800u16.to_be_bytes());
        let total = (20 + 20 + payload).min(0xffff) as u16;
        let mut ip = vec![0x45, 0, 0, 0, 0, 0, 0x40, 0, 64, 6, 0, 0];
        ip[2..4].copy_from_slice(&total.to_be_bytes());
        ip.extend_from_slice(&[198, 18, 0, 2 + rng.below(3) as u8]);
        ip.extend_from_slice(&[198, 19, rng.below(4) as u8, rng.below(256) as u8]);
        f.extend_from_slice(&ip);
        let mut tcp = rng.bytes(20);
        tcp[12] = 0x50;
        f.extend_from_slice(&tcp);
        f.extend_from_slice(&rng.bytes(payload));
        f
    };
    match kind {
        // Runts: shorter than an Ethernet header.
        0 => {
            let n = rng.below(14);
            rng.bytes(n)
        }
        // Random bytes behind a random non-IP EtherType.
        1 => {
            let mut f = eth.clone();
            let types = [0x0806u16, 0x86dd, 0x8100, 0x88cc, 0x1234];
            f[12..14].copy_from_slice(&types[rng.below(types.len())].to_be_bytes());
            let n = rng.below(200);
            f.extend_from_slice(&rng.bytes(n));
            f
        }
        // IPv4 cut anywhere inside the IPv4 or TCP header.
        2 => {
            let mut f = ipv4_tcp(rng, 0);
            let cut = 14 + rng.below(40);
            f.truncate(cut);
            f
        }
        // Bad IPv4 lengths: IHL below 5 or beyond the frame, total length
        // shorter or longer than the frame.
        3 => {
            let payload = rng.below(100);
            let mut f = ipv4_tcp(rng, payload);
            match rng.below(3) {
                0 => f[14] = 0x40 | rng.below(5) as u8,
                1 => f[14] = 0x4f,
                _ => {
                    let bad = rng.next() as u16;
                    f[16..18].copy_from_slice(&bad.to_be_bytes());
                }
            }
            f
        }
        // Bad TCP data offsets (below 5 or beyond the packet).
        4 => {
            let payload = rng.below(20);
            let mut f = ipv4_tcp(rng, payload);
            f[14 + 20 + 12] = (rng.below(16) as u8) << 4;
            f
        }
        // Oversize: a consistent IPv4/TCP frame above the server link's MTU, up to
        // the fuzzed link's MTU.
        5 => {
            let payload = 1_500 + rng.below(FUZZ_MTU - 14 - 40 - 1_500);
            ipv4_tcp(rng, payload)
        }
        // Anything at all.
        _ => {
            let n = rng.below(2_000);
            rng.bytes(n)
        }
    }
}

#[test]
fn live_tandem_survives_and_counts_random_and_malformed_frames() {
    let Some(root) = can_run("live frame fuzz", &[]) else {
        return;
    };
    let topo = Topology::new(root, "fuzz", 1);
    let dir = scratch("live-fuzz");
    let mtu = FUZZ_MTU as u32;
    topo.net.extend(|b| {
        b.mtu(&topo.c0, mtu).mtu(&topo.port0, mtu);
    });
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let program = [nat.as_str(), "--set", &set_ext];
    // `--io auto`: port 0's MTU is too large for native XDP on veth, so it falls
    // back to AF_PACKET; port 1 runs on AF_XDP. Both paths see the fuzz.
    let mut live = LiveProcess::start_with_options(&dir, &topo.switch, &["--io", "auto"], &program);

    // Bounded in count and time: at most 3,000 frames or 3 s.
    let seed = 0x5eed_f00d_u64;
    let (sent, by_kind) = topo.client.run(move || {
        use port::Port;
        let mut tx = port::AfPacket::open(
            "c0",
            port::RingConfig {
                block_size: 1 << 17,
                blocks: 2,
                retire: Duration::from_millis(1),
            },
        )
        .expect("raw socket on c0");
        let mut rng = Rng(seed);
        let mut by_kind = [0u64; 7];
        let start = Instant::now();
        for i in 0..3_000 {
            if start.elapsed() > Duration::from_secs(3) {
                break;
            }
            let kind = i % 7;
            let frame = fuzz_frame(&mut rng, kind);
            if tx.send(&frame).expect("send") {
                by_kind[kind] += 1;
            }
            if i % 64 == 63 {
                // Let the ring drain: the point is the frame path, not overload.
                thread::sleep(Duration::from_millis(5));
            }
        }
        (tx.stats().tx_frames, by_kind)
    });
    println!("fuzz seed {seed:#x}: {sent} frames sent, by kind {by_kind:?}");
    assert!(sent >= 1_000, "only {sent} fuzz frames could be sent");
    for (kind, k) in by_kind.iter().enumerate().skip(1) {
        assert!(*k > 0, "no frame of kind {kind} went out");
    }
    thread::sleep(Duration::from_millis(100));
    assert!(live.running(), "tandem live exited under fuzzing");

    // Still carries TCP.
    let server = SocketAddrV4::new(topo.server_ip(0), HTTP_PORT);
    let (stop, handles) = servers(&[(topo.servers[0].clone(), server)]);
    topo.client.run(move || download(server, 7, 200_000));
    for peers in stop_servers(stop, handles) {
        assert_eq!(peers.len(), 1);
    }
    let rec = live.record.clone();
    let v = live.stop();
    let io = v["live"]["io"].to_string();
    assert!(
        io.contains("port 0: afpacket") && io.contains("port 1: afxdp (Native XDP)"),
        "--io auto chose {io}"
    );

    let p0 = &v["live"]["ports"]["0"];
    let p1 = &v["live"]["ports"]["1"];
    // Every fuzz frame that left c0 is accounted for: received whole and run by
    // the NF (next to the download's frames), or counted as dropped by a full
    // receive ring (on a loaded 2-core machine the debug build can fall behind:
    // most fuzz frames are new flows that visit the server).
    assert_eq!(n(&p0["rx_truncated"]), 0, "{v}");
    assert!(n(&p0["rx_frames"]) + n(&p0["rx_ring_drops"]) > sent, "{v}");
    assert!(n(&p0["rx_frames"]) > sent / 2, "{v}");
    assert_eq!(n(&v["packets_in"]["0"]), n(&p0["rx_frames"]), "{v}");
    // Oversize frames the NF forwarded could not leave on the 1500-byte link:
    // refused and counted.
    assert!(n(&p1["tx_too_big"]) > 0, "{v}");
    println!(
        "port 0 rx {} (ring drops {}), dropped {}, failed {}, port 1 tx too big {}",
        n(&p0["rx_frames"]),
        n(&p0["rx_ring_drops"]),
        n(&v["dropped"]),
        n(&v["failed"]),
        n(&p1["tx_too_big"])
    );

    assert_replay_matches(&rec, &dir.join("replay"), &program);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The README's live demo works as written: the script builds its namespaces,
/// downloads through `tandem live` MazuNAT with curl, checks the bytes, and
/// deletes what it made.
#[test]
fn the_live_nat_demo_script_works_as_written() {
    if can_run("live NAT demo", &["curl", "python3"]).is_none() {
        return;
    }
    let stdout = run_nat_demo("model");
    assert!(stdout.contains("--switch model in"), "{stdout}");
}

/// The same demo with its switch part in XDP (`SWITCH=xdp`).
#[test]
fn the_live_nat_demo_script_works_on_xdp() {
    if can_run("live NAT demo on XDP", &["curl", "python3"]).is_none() {
        return;
    }
    let stdout = run_nat_demo("xdp");
    assert!(stdout.contains("--switch xdp in"), "{stdout}");
    assert!(stdout.contains("(XDP counters)"), "{stdout}");
}

/// Runs examples/live/nat-demo.sh with `SWITCH=switch`, checks what every
/// run must show, and returns its output.
fn run_nat_demo(switch: &str) -> String {
    let script = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/live/nat-demo.sh");
    let mut child = std::process::Command::new("bash")
        .arg(&script)
        .env("TANDEM", env!("CARGO_BIN_EXE_tandem"))
        .env("SWITCH", switch)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run the demo");
    let pid = child.id();
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            for role in ["c", "w", "s"] {
                let _ = std::process::Command::new("ip")
                    .args(["netns", "del", &format!("tnd-demo-{role}-{pid}")])
                    .output();
            }
            panic!("the demo did not finish within 60 s");
        }
        thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().expect("demo output");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    println!("{stdout}{stderr}");
    assert!(out.status.success(), "the demo failed:\n{stdout}{stderr}");
    assert!(
        stdout.contains("download: 1000000 bytes, identical to the served file"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("the server saw: {SERVER_GW} ")),
        "{stdout}"
    );
    assert!(stdout.trim_end().ends_with("nat-demo: OK"), "{stdout}");
    // It deleted its namespaces.
    let left = std::process::Command::new("ip")
        .args(["netns", "list"])
        .output()
        .expect("ip netns list");
    assert!(
        !text(&left.stdout).contains(&format!("-{pid}")),
        "the demo left namespaces: {}",
        text(&left.stdout)
    );
    stdout
}

/// Timestamped frames of a pcap file.
fn stamped(path: &std::path::Path) -> Vec<(u64, Vec<u8>)> {
    trace::pcap::PcapReader::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .map(|p| {
            let p = p.unwrap_or_else(|e| panic!("{e}"));
            (p.ts_ns, p.data)
        })
        .collect()
}

#[test]
fn live_cofilter_passes_inside_and_allowed_inbound_connections_and_blocks_the_rest() {
    let Some(root) = can_run("live cofilter", &[]) else {
        return;
    };
    cofilter(root, false);
}

#[test]
fn cofilter_on_xdp_passes_inside_and_allowed_inbound_connections_and_blocks_the_rest() {
    let Some(root) = can_run("live cofilter on xdp", &[]) else {
        return;
    };
    cofilter(root, true);
}

fn cofilter(root: testnet::Root, xdp: bool) {
    let tag = if xdp { "xcof" } else { "cof" };
    let topo = Topology::new(root, tag, 1);
    if xdp {
        topo.for_xdp();
    }
    let dir = scratch(&format!("live-{tag}"));
    let (open_port, closed_port) = (2222u16, 2223u16);
    let allow = open_port.to_string();
    let mut args = vec!["--allow-inbound", allow.as_str()];
    if xdp {
        args.extend_from_slice(&["--switch", "xdp"]);
    }
    let live = LiveProcess::start_filter(&dir, &topo.switch, &args);

    let server = SocketAddrV4::new(topo.server_ip(0), HTTP_PORT);
    let inside_open = SocketAddrV4::new(CLIENT_IP, open_port);
    let inside_closed = SocketAddrV4::new(CLIENT_IP, closed_port);
    let (stop, handles) = servers(&[
        (topo.servers[0].clone(), server),
        (topo.client.clone(), inside_open),
        (topo.client.clone(), inside_closed),
    ]);
    // From inside: connections out are allowed, and their answers come back.
    topo.client.run(move || {
        download(server, 0, 300_000);
        download(server, 1, 1_000);
    });
    // From outside: only the port opened with --allow-inbound.
    let limit = Duration::from_millis(1500);
    let blocked = topo.servers[0].run(move || {
        download(inside_open, 2, 50_000);
        let t = Instant::now();
        match TcpStream::connect_timeout(&inside_closed.into(), limit) {
            Ok(_) => panic!("a connection from outside to {inside_closed} went through"),
            Err(e) => (e.to_string(), t.elapsed()),
        }
    });
    let served = stop_servers(stop, handles);
    let rec = live.record.clone();
    let v = live.stop();

    println!("blocked after {:?}: {}", blocked.1, blocked.0);
    assert!(blocked.1 < limit + Duration::from_secs(1), "{blocked:?}");
    assert_eq!(served[0].len(), 2, "the outside server: {:?}", served[0]);
    assert_eq!(served[1].len(), 1, "the open inside port: {:?}", served[1]);
    assert!(served[2].is_empty(), "the closed inside port was reached");
    if xdp {
        // The blocked SYN (a control packet) dropped by the agent, the bulk
        // of the traffic decided in the kernel, never at the CPU.
        assert!(
            n(&v["daemon"]["dropped"]) >= 1,
            "the blocked SYN was not dropped: {v}"
        );
        let rx: u64 = (0..2).map(|p| n(&v["ports"][p.to_string()]["rx"])).sum();
        let cpu = n(&v["daemon"]["handled"]);
        assert!(cpu >= 6 && cpu * 10 < rx, "{cpu} of {rx} at the CPU: {v}");
        assert!(n(&v["connections"]) >= 3, "{v}");
        assert_eq!(n(&v["xdp"]["deparse_errors"]), 0, "{v}");
    } else {
        let s = &v["runs"][0];
        assert_eq!(n(&s["mismatches"]), 0, "CoFilter vs its baseline: {s}");
        assert!(
            n(&s["dropped"]) >= 1,
            "the blocked SYN was not dropped: {s}"
        );
        assert!(n(&s["switch_packets"]) > 100, "{s}");
        assert!(n(&s["connections"]) >= 3, "{s}");
    }

    // Replaying the recorded inputs through `tandem filter run` forwards the same
    // frames, at the same times, out of the same ports.
    let replay = dir.join("replay");
    let in0 = format!("0={}", path_str(&rec.join("in/port0.pcap")));
    let in1 = format!("1={}", path_str(&rec.join("in/port1.pcap")));
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
        path_str(&replay),
    ]);
    assert!(o.status.success(), "filter run: {}", text(&o.stderr));
    for port in 0..2 {
        let live_out = stamped(&rec.join(format!("out/port{port}.pcap")));
        let sim_out = stamped(&replay.join(format!("input.port{port}.pcap")));
        assert!(!live_out.is_empty(), "nothing left port {port}");
        assert_eq!(live_out.len(), sim_out.len(), "port {port}: count");
        // On XDP a frame's time is when the kernel sent it (the replay stamps
        // an output with its input's time), and a frame the agent forwarded
        // may leave after frames the kernel passed meanwhile, of another flow
        // or of its own (the establishing ACK held for the agent's writes
        // while the request behind it is decided in the kernel): each flow's
        // frames must agree, in order but for those the replay held.
        if xdp {
            let arrivals: Vec<(u64, Vec<u8>)> = [0, 1]
                .iter()
                .flat_map(|p| stamped(&rec.join(format!("in/port{p}.pcap"))))
                .collect();
            let held = held(&arrivals, &sim_out);
            let bytes = |v: Vec<(u64, Vec<u8>)>| v.into_iter().map(|(_, f)| f);
            assert_same_per_flow_but_held(port as u16, bytes(live_out), bytes(sim_out), &held);
            continue;
        }
        if let Some(i) = (0..live_out.len()).find(|&i| live_out[i] != sim_out[i]) {
            panic!("port {port}: live and replay differ first at frame {i}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The benchmark harness (examples/live/bench.sh) runs end to end with tiny
/// counts: every system carries the generator's probe and both ways of
/// measuring run, and the table and plot are written. A smoke test of the harness, not a
/// measurement: nothing here depends on speed.
/// Runs `examples/live/bench.sh` into `dir` with the tandem under test and the
/// given knobs; requires success and returns the rows of `results.jsonl`.
fn run_bench(dir: &std::path::Path, knobs: &[(&str, &str)]) -> Vec<serde_json::Value> {
    let script =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/live/bench.sh");
    let out = std::process::Command::new("bash")
        .arg(&script)
        .env("TANDEM", env!("CARGO_BIN_EXE_tandem"))
        .env("OUT", dir)
        .envs(knobs.iter().copied())
        .output()
        .expect("run the benchmark");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    println!("{stdout}{stderr}");
    assert!(out.status.success(), "bench.sh failed:\n{stdout}{stderr}");
    // Its own namespaces are gone (named in its first line; another benchmark
    // may be running beside the test).
    let ours: Vec<&str> = stdout
        .lines()
        .find_map(|l| l.strip_prefix("== namespaces "))
        .map(|l| {
            l.split_whitespace()
                .filter(|w| w.starts_with("tnd-bench-"))
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(ours.len(), 2, "bench.sh names its two namespaces: {stdout}");
    let left = std::process::Command::new("ip")
        .args(["netns", "list"])
        .output()
        .expect("ip netns list");
    let left = text(&left.stdout);
    for ns in ours {
        assert!(
            !left
                .lines()
                .any(|l| l.split_whitespace().next() == Some(ns)),
            "the benchmark left namespace {ns}: {left}"
        );
    }
    std::fs::read_to_string(dir.join("results.jsonl"))
        .expect("results")
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect()
}

/// A forwarding run of bench.sh short enough for a test: one round of 0.3 s
/// per system and load, 8 flows, generator on CPU 0.
const SHORT_FORWARDING_RUN: &[(&str, &str)] = &[
    ("ROUNDS", "1"),
    ("DURATION", "0.3"),
    ("WARMUP", "0.1"),
    ("WINDOW", "16"),
    ("RATE", "1000"),
    ("FLOWS", "8"),
    ("CPUS", "0"),
];

#[test]
fn the_live_benchmark_harness_runs_every_system() {
    if can_run("live benchmark harness", &["nft", "taskset", "python3"]).is_none() {
        return;
    }
    let dir = scratch("live-bench");
    let rows = run_bench(&dir, SHORT_FORWARDING_RUN);
    let systems = [
        "kernel",
        "kernel-nat",
        "kernel-fw",
        "tandem-nat",
        "tandem-cofilter",
    ];
    assert_eq!(rows.len(), systems.len() * 2, "{rows:?}");
    // Every system carried the generator's probe (loadgen fails otherwise, and so
    // would the script). What falls into a 0.3 s measuring interval depends on the
    // scheduler of a loaded machine, so only the accounting is checked per run.
    let mut carried = 0;
    for sys in systems {
        for kind in ["window", "rate"] {
            let r = rows
                .iter()
                .find(|r| r["system"] == sys && r["kind"] == kind)
                .unwrap_or_else(|| panic!("no {kind} run of {sys}"));
            let (sent, got) = (n(&r["sent"]), n(&r["received"]));
            assert!(got <= sent, "{sys} {kind}: more received than sent: {r}");
            assert_eq!(got == 0, n(&r["lat_ns"]["p50"]) == 0, "{r}");
            carried += got;
        }
    }
    assert!(carried > 0, "no run carried anything: {rows:?}");
    // tandem's own summaries: MazuNAT translated what it carried.
    let nat: serde_json::Value = serde_json::from_slice(
        &std::fs::read(dir.join("tandem-nat.summary.json")).expect("tandem-nat summary"),
    )
    .expect("json");
    assert!(n(&nat["live"]["ports"]["1"]["tx_frames"]) > 0, "{nat}");
    let table = std::fs::read_to_string(dir.join("table.md")).expect("table");
    assert!(table.contains("| tandem-cofilter |"), "{table}");
    let svg = std::fs::read_to_string(dir.join("bench.svg")).expect("plot");
    assert!(
        svg.starts_with("<svg") && svg.contains("kernel-nat"),
        "{svg}"
    );
    let _ = std::fs::remove_dir_all(&dir);

    // MODE=flowsetup: every frame a new flow, 200 flows at 1,000/s per system.
    let rows = run_bench(
        &dir,
        &[
            ("MODE", "flowsetup"),
            ("ROUNDS", "1"),
            ("RATES", "1000"),
            ("NEW_FLOWS", "200"),
            ("CPUS", "0"),
        ],
    );
    for sys in ["kernel-nat", "tandem-nat-serial", "tandem-nat-batched"] {
        let r = rows
            .iter()
            .find(|r| r["system"] == sys && r["kind"] == "newflows")
            .unwrap_or_else(|| panic!("no flow-setup run of {sys}: {rows:?}"));
        assert_eq!(r["new_flows"], true, "{r}");
        let (sent, got) = (n(&r["sent"]), n(&r["received"]));
        assert!(
            (190..=200).contains(&sent),
            "{sys}: 200 new flows offered: {r}"
        );
        // Every flow's first packet, however late, within the 1 s grace.
        assert!(got > 0 && got <= sent, "{sys}: {r}");
    }
    // tandem saw every flow as new: one server visit (and switch entry) each.
    let nat: serde_json::Value = serde_json::from_slice(
        &std::fs::read(dir.join("tandem-nat-batched.summary.json"))
            .expect("tandem-nat-batched summary"),
    )
    .expect("json");
    let tandem_got = rows
        .iter()
        .find(|r| r["system"] == "tandem-nat-batched")
        .map_or(0, |r| n(&r["received"]));
    assert!(
        n(&nat["partition"]["server_packets"]) >= tandem_got,
        "{nat}"
    );
    let table = std::fs::read_to_string(dir.join("table.md")).expect("table");
    assert!(table.contains("offered new flows/s"), "{table}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_live_benchmark_gives_the_system_a_cpu_of_its_own_and_answers_every_flow() {
    if can_run(
        "live benchmark, NF on a CPU of its own",
        &["nft", "taskset", "python3"],
    )
    .is_none()
    {
        return;
    }
    if thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
        println!("skipped: NF_CPU needs two CPUs");
        return;
    }
    let dir = scratch("live-bench-nf-cpu");
    let knobs = [
        ("NF_CPU", "1"),
        ("SYSTEMS", "kernel-nat tandem-cofilter-kxdp"),
    ];
    let rows = run_bench(&dir, &[SHORT_FORWARDING_RUN, &knobs].concat());
    assert_eq!(rows.len(), 4, "{rows:?}");
    for r in &rows {
        assert_eq!(r["separate_cpus"], true, "{r}");
        for k in ["nf_cpu_busy", "gen_cpu_busy"] {
            let v = r[k].as_f64().unwrap_or(-1.0);
            assert!((0.0..=1.0).contains(&v), "{k} of {r}");
        }
    }
    // Every flow was answered before the measuring, so CoFilter holds them as
    // replied and its switch part forwards them: its agent saw the flows'
    // first frames, the replies and the probes, not the traffic.
    let cof: serde_json::Value = serde_json::from_slice(
        &std::fs::read(dir.join("tandem-cofilter-kxdp.summary.json")).expect("summary"),
    )
    .expect("json");
    let (cpu, rx) = (n(&cof["agent"]["cpu_packets"]), n(&cof["ports"]["0"]["rx"]));
    assert!(rx > 0 && cpu * 10 < rx, "agent {cpu} of {rx} frames: {cof}");
    let table = std::fs::read_to_string(dir.join("table.md")).expect("table");
    assert!(table.contains("frames/s per busy NF core"), "{table}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn downloads_through_live_mazunat_on_af_xdp_arrive_intact_and_match_the_replay() {
    let Some(root) = can_run("live mazunat on AF_XDP", &[]) else {
        return;
    };
    let topo = Topology::new(root, "xdp", 1);
    let dir = scratch("live-xdp");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let live = LiveProcess::start_with_options(
        &dir,
        &topo.switch,
        &["--io", "afxdp"],
        &[&nat, "--set", &set_ext],
    );
    let sizes = [1_000usize, 200_000, 1_000_000];
    let peers = downloads(&topo, &sizes);
    let rec = live.record.clone();
    let v = live.stop();

    let io = v["live"]["io"].to_string();
    assert!(
        io.contains("port 0: afxdp (Native XDP)") && io.contains("port 1: afxdp (Native XDP)"),
        "{io}"
    );
    assert_eq!(peers.len(), sizes.len());
    for (i, p) in peers.iter().enumerate() {
        assert_eq!(*p.ip(), SERVER_GW, "server saw {p}");
        assert_eq!(p.port(), 1024 + i as u16, "external ports in order");
    }
    assert_eq!(v["failed"], 0, "{v}");
    assert!(n(&v["live"]["ports"]["0"]["rx_frames"]) > 100, "{v}");
    assert_replay_matches(&rec, &dir.join("replay"), &[&nat, "--set", &set_ext]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// CPU seconds (user + system) process `pid` has used.
fn cpu_seconds(pid: u32) -> f64 {
    eval::gallium::process_seconds(pid).expect("/proc/PID/stat")
}

#[test]
fn live_mazunat_busy_polling_spins_when_idle_and_carries_downloads_intact() {
    let Some(root) = can_run("live mazunat --busy-poll", &[]) else {
        return;
    };
    let topo = Topology::new(root, "busy", 1);
    let dir = scratch("live-busy");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let live = LiveProcess::start_with_options(
        &dir,
        &topo.switch,
        &["--io", "afxdp", "--busy-poll"],
        &[&nat, "--set", &set_ext],
    );
    // With no traffic a sleeping loop uses almost no CPU; a spinning one a core.
    let (pid, t) = (live.pid(), Instant::now());
    let before = cpu_seconds(pid);
    thread::sleep(Duration::from_millis(1_500));
    let share = (cpu_seconds(pid) - before) / t.elapsed().as_secs_f64();
    assert!(
        share > 0.5,
        "idle with --busy-poll, the loop used {share:.2} of a core"
    );

    let sizes = [1_000usize, 1_000_000];
    let peers = downloads(&topo, &sizes);
    let rec = live.record.clone();
    let v = live.stop();
    assert_eq!(peers.len(), sizes.len());
    for p in &peers {
        assert_eq!(*p.ip(), SERVER_GW, "server saw {p}");
    }
    assert_eq!(v["failed"], 0, "{v}");
    assert_replay_matches(&rec, &dir.join("replay"), &[&nat, "--set", &set_ext]);
    let _ = std::fs::remove_dir_all(&dir);
}
