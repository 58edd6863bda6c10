//! The two daemons over P4Runtime on the loopback, with in-memory ports:
//! the switch daemon's data path ([`procs::switchd`]) on a served
//! `p4rt::server::Device`, the server daemon ([`procs::serverd`]) driving it
//! through `p4rt::remote::RemoteSwitch`. They must make the same decisions
//! as the in-process partitioned run (`tandem run --mode partitioned`) on
//! the same packets: the same frames out of the same ports in the same
//! order, the same primary state and the same switch tables.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use p4rt::remote::RemoteSwitch;
use p4rt::server::{Clock, Device};
use port::{MemHandle, MemPort, Port};
use procs::serverd::ServerDaemon;
use procs::switchd::SwitchDaemon;
use runner::{PacketLog, PartitionedEngine, Runner, Source};
use wire::build::{L3, tcp_frame, udp_frame};
use wire::{MacAddr, TcpFlags, tcp, udp};

fn mazunat() -> lang::Compiled {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nf/mazunat.nf");
    lang::compile_file(&path, &lang::Overrides::new()).unwrap_or_else(|e| panic!("{e}"))
}

fn l3(src: [u8; 4], dst: [u8; 4]) -> L3 {
    L3 {
        src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: src.into(),
        dst: dst.into(),
        ttl: 64,
        ident: 1,
    }
}

fn tcp_pkt(l: &L3, sport: u16, dport: u16, flags: u16, payload: &[u8]) -> Vec<u8> {
    tcp_frame(
        l,
        &tcp::Repr {
            src_port: sport,
            dst_port: dport,
            seq_number: 7,
            ack_number: 9,
            flags: TcpFlags(flags),
            window: 1000,
            urgent: 0,
            options: Default::default(),
        },
        payload,
    )
}

/// (port, frame): six TCP flows out and their answers back to the external
/// ports MazuNAT hands out in order (1024..), a UDP flow, answers to ports
/// nobody was given (dropped), a frame the switch's parser refuses (IPv4
/// cut inside its header: the server runs it whole) and ARP.
fn traffic() -> Vec<(u16, Vec<u8>)> {
    let server = [203, 0, 113, 9];
    let nat = [198, 51, 100, 1];
    let mut out = Vec::new();
    for round in 0..3u16 {
        for f in 0..6u16 {
            let client = [10, 0, 0, 1 + (f % 3) as u8];
            let sport = 40_000 + f;
            let flags = if round == 0 { 0x002 } else { 0x018 };
            out.push((
                0,
                tcp_pkt(&l3(client, server), sport, 80, flags, b"GET / HTTP/1.1"),
            ));
            out.push((
                1,
                tcp_pkt(&l3(server, nat), 80, 1024 + f, 0x012, b"HTTP/1.1 200 OK"),
            ));
        }
    }
    out.push((
        0,
        udp_frame(
            &l3([10, 0, 0, 7], server),
            &udp::Repr {
                src_port: 5353,
                dst_port: 53,
            },
            b"query",
        ),
    ));
    out.push((
        1,
        udp_frame(
            &l3(server, nat),
            &udp::Repr {
                src_port: 53,
                dst_port: 1030,
            },
            b"answer",
        ),
    ));
    // Nobody has external port 2000: dropped.
    out.push((1, tcp_pkt(&l3(server, nat), 80, 2000, 0x012, b"x")));
    // IPv4 cut inside its header.
    let mut cut = tcp_pkt(&l3([10, 0, 0, 1], server), 40_000, 80, 0x018, b"y");
    cut.truncate(14 + 12);
    out.push((0, cut));
    let mut arp = vec![0xff; 6];
    arp.extend_from_slice(&[2, 0, 0, 0, 0, 1, 0x08, 0x06]);
    arp.extend_from_slice(&[0; 28]);
    out.push((0, arp));
    out
}

/// Gap between packets: longer than any atomic update on the model's
/// serial channel, so the in-process run releases held packets before the
/// next one arrives, as the remote run (visible once acknowledged) does.
const GAP_NS: u64 = 10_000_000;

fn in_process(
    c: &lang::Compiled,
    pkts: &[(u16, Vec<u8>)],
) -> (Vec<(u16, Vec<u8>)>, PartitionedEngine) {
    let mut engine = PartitionedEngine::new(&c.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let log = {
        let mut r = Runner::new(&mut engine, &c.program, PacketLog::default());
        for (i, (port, f)) in pkts.iter().enumerate() {
            r.packet(*port, GAP_NS * (i as u64 + 1), f)
                .unwrap_or_else(|e| panic!("{e}"));
        }
        let (_, sink, closed) = r.finish(Source::Pcap { inputs: vec![] });
        closed.unwrap_or_else(|e| panic!("{e}"));
        sink
    };
    (
        log.packets.into_iter().map(|e| (e.port, e.frame)).collect(),
        engine,
    )
}

/// A further data-path worker of the switch daemon, with its own ports.
struct Worker {
    switch: SwitchDaemon,
    ports: Vec<(u16, MemHandle)>,
    cpu: MemHandle,
}

struct Remote {
    switch: SwitchDaemon,
    /// Data-path workers 1.. (their own copies of the switch).
    more: Vec<Worker>,
    /// None once the server has gone away.
    server: Option<ServerDaemon>,
    ports: Vec<(u16, MemHandle)>,
    cpu: MemHandle,
    link: MemHandle,
    /// With link receive threads: the other receivers' ends of the link
    /// (receiver 0's is `link`, which also carries what the server sends).
    more_links: Vec<MemHandle>,
    /// Frames handed to the server's link so far (with receive threads).
    injected: u64,
    device: Arc<Device>,
    now: Arc<AtomicU64>,
    addr: String,
    clock: Clock,
    _rt: tokio::runtime::Runtime,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Drop for Remote {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
    }
}

/// A server daemon for `c` connected to the switch at `addr` (restored
/// from `snap` when given), and its link's other end.
fn new_server(
    c: &lang::Compiled,
    addr: &str,
    clock: Clock,
    snap: Option<&interp::Snapshot>,
) -> (ServerDaemon, MemHandle) {
    let partition = compiler::partition(&c.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let lowered =
        compiler::lower_switch::lower_switch(&partition).unwrap_or_else(|e| panic!("{e}"));
    let remote = RemoteSwitch::connect(
        addr,
        1,
        1,
        lowered.program,
        clock.clone(),
        Duration::from_secs(5),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut runtime = server::Runtime::new(partition).unwrap_or_else(|e| panic!("{e}"));
    if let Some(s) = snap {
        runtime
            .restore(s, clock())
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let (link_port, link) = MemPort::new("link", 16_384);
    let server = ServerDaemon::new(
        runtime,
        remote,
        Box::new(link_port),
        clock,
        Duration::from_millis(100),
    );
    (server, link)
}

/// The switch daemon's data path on `device`, with in-memory ports 0 and 1
/// and CPU port, and their other ends.
fn data_path(device: Arc<Device>) -> (SwitchDaemon, Vec<(u16, MemHandle)>, MemHandle) {
    let mut ports: Vec<(u16, Box<dyn Port>)> = Vec::new();
    let mut handles = Vec::new();
    for n in 0..2u16 {
        let (p, h) = MemPort::new(&format!("p{n}"), 16_384);
        ports.push((n, Box::new(p)));
        handles.push((n, h));
    }
    let (cpu_port, cpu) = MemPort::new("cpu", 16_384);
    let switch = SwitchDaemon::new(
        device,
        ports,
        Box::new(cpu_port),
        compiler::lower_switch::SERVER_PORT,
    );
    (switch, handles, cpu)
}

fn remote(c: &lang::Compiled) -> Remote {
    remote_workers(c, 1)
}

/// As [`remote`], with `workers` data-path workers in the switch daemon.
fn remote_workers(c: &lang::Compiled, workers: usize) -> Remote {
    let now = Arc::new(AtomicU64::new(0));
    let clock: Clock = {
        let now = now.clone();
        Arc::new(move || Duration::from_nanos(now.load(Ordering::SeqCst)))
    };
    // The switch daemon's device: no program until the server sets it.
    let device = Arc::new(Device::with_workers(1, clock.clone(), workers));
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap_or_else(|e| panic!("{e}"));
    let listener = rt
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap_or_else(|e| panic!("{e}"));
    let addr = listener.local_addr().unwrap_or_else(|e| panic!("{e}"));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    rt.spawn(p4rt::server::serve(
        device.clone(),
        listener,
        Duration::from_millis(50),
        async {
            let _ = stopped.await;
        },
    ));
    let addr = format!("http://{addr}");
    let (server, link) = new_server(c, &addr, clock.clone(), None);
    let (switch, handles, cpu) = data_path(device.clone());
    let more: Vec<Worker> = (1..workers)
        .map(|k| {
            let (mut switch, ports, cpu) = data_path(device.clone());
            switch.set_worker(k);
            Worker { switch, ports, cpu }
        })
        .collect();
    Remote {
        switch,
        more,
        server: Some(server),
        ports: handles,
        cpu,
        link,
        more_links: Vec::new(),
        injected: 0,
        device,
        now,
        addr,
        clock,
        _rt: rt,
        stop: Some(stop),
    }
}

impl Remote {
    /// Waits until the switch has noticed that its primary's stream closed.
    fn wait_no_primary(&self) {
        assert!(
            (0..200).any(|_| {
                std::thread::sleep(Duration::from_millis(10));
                !self.device.has_primary()
            }),
            "the switch notices the closed stream"
        );
    }

    /// Runs both daemons, carrying the link both ways, until nothing moves
    /// and no Write is in flight.
    fn settle(&mut self) {
        for _ in 0..5000 {
            let mut a = self
                .switch
                .poll(Duration::ZERO)
                .unwrap_or_else(|e| panic!("{e}"));
            let mut punts = self.cpu.take_sent();
            for w in &mut self.more {
                a += w
                    .switch
                    .poll(Duration::ZERO)
                    .unwrap_or_else(|e| panic!("{e}"));
                punts.extend(w.cpu.take_sent());
            }
            // Spread over the link's receivers when there are several.
            for f in punts {
                let k = self.injected as usize % (1 + self.more_links.len());
                self.injected += 1;
                match k {
                    0 => self.link.inject(0, f),
                    k => self.more_links[k - 1].inject(0, f),
                }
            }
            let b = match self.server.as_mut() {
                Some(s) => s.poll(Duration::ZERO).unwrap_or_else(|e| panic!("{e}")),
                None => 0,
            };
            let back = self.link.take_sent();
            let c = back.len();
            // What comes back on the CPU interface reaches any worker.
            for (i, f) in back.into_iter().enumerate() {
                match (i + c) % (1 + self.more.len()) {
                    0 => self.cpu.inject(0, f),
                    k => self.more[k - 1].cpu.inject(0, f),
                }
            }
            if a + b + c == 0 {
                // Receive threads take frames on their own time: wait until
                // the server has handled everything handed to its link.
                let unread = !self.more_links.is_empty()
                    && self.server.as_ref().is_some_and(|s| {
                        s.stats().frames_in < self.injected || s.link_in_transit() > 0
                    });
                if !unread && self.server.as_ref().is_none_or(|s| s.in_flight() == 0) {
                    return;
                }
                std::thread::sleep(Duration::from_micros(200));
            }
        }
        panic!("the daemons did not settle in 5000 rounds");
    }

    fn run(&mut self, pkts: &[(u16, Vec<u8>)]) -> Vec<(u16, Vec<u8>)> {
        self.run_from(0, pkts)
    }

    /// Runs `pkts` as packets `first..` of a run (their times).
    fn run_from(&mut self, first: usize, pkts: &[(u16, Vec<u8>)]) -> Vec<(u16, Vec<u8>)> {
        let mut out = Vec::new();
        for (i, (port, f)) in pkts.iter().enumerate() {
            self.now
                .store(GAP_NS * ((first + i) as u64 + 1), Ordering::SeqCst);
            // Frames spread over the workers.
            let ports = match (first + i) % (1 + self.more.len()) {
                0 => &self.ports,
                k => &self.more[k - 1].ports,
            };
            let h = &ports.iter().find(|(n, _)| n == port).expect("port").1;
            h.inject(0, f.clone());
            self.settle();
            for ports in std::iter::once(&self.ports).chain(self.more.iter().map(|w| &w.ports)) {
                for (n, h) in ports {
                    out.extend(h.take_sent().into_iter().map(|f| (*n, f)));
                }
            }
        }
        out
    }
}

#[test]
fn the_two_daemons_over_p4runtime_decide_as_the_in_process_run() {
    let c = mazunat();
    let pkts = traffic();
    let (want, engine) = in_process(&c, &pkts);
    let mut r = remote(&c);
    let got = r.run(&pkts);

    // The run is not trivial: flows were translated both ways, the server
    // was visited, a packet was held and released, and some were dropped.
    let s = engine.stats();
    assert!(s.server.server_packets >= 7, "{:?}", s.server);
    assert!(s.server.slow_path_packets >= 1, "{:?}", s.server);
    assert!(want.iter().any(|(p, _)| *p == 0) && want.iter().any(|(p, _)| *p == 1));
    assert!(want.len() < pkts.len(), "some packets are dropped");

    assert_eq!(got.len(), want.len(), "frames out");
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "frame {i} out differs");
    }

    // Same primary state, same switch tables.
    let t = Duration::from_nanos(GAP_NS * (pkts.len() as u64 + 1));
    let ns = t.as_nanos() as u64;
    let server = r.server.as_ref().expect("server");
    assert_eq!(
        server.runtime().state().to_json(ns),
        engine.server().state().to_json(ns)
    );
    for table in engine.server().replica_tables() {
        let mut want = engine
            .switch()
            .entries(&table)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut got = r
            .device
            .with_switch(|sw| sw.entries(&table))
            .expect("loaded")
            .unwrap_or_else(|e| panic!("{e}"));
        want.sort_by_key(|e| format!("{:?}", e.key));
        got.sort_by_key(|e| format!("{:?}", e.key));
        assert!(!want.is_empty(), "table {table} holds the flows");
        assert_eq!(got, want, "table {table}");
    }

    // Counters agree with what happened: one atomic Write per new flow.
    let remote = server.remote().stats().clone();
    assert_eq!(remote.atomic_writes, s.server.batches, "{remote:?}");
    assert_eq!(
        server.stats().punts + server.stats().slow_path,
        s.server.server_packets
    );
    assert_eq!(r.switch.stats().punts_without_server, 0);
}

#[test]
fn without_a_primary_server_the_switch_forwards_known_flows_and_drops_punts() {
    let c = mazunat();
    let pkts = traffic();
    let mut r = remote(&c);
    // Install two flows with the server connected.
    let first: Vec<(u16, Vec<u8>)> = pkts[..4].to_vec();
    let out = r.run(&first);
    assert_eq!(out.len(), 4, "both flows translated both ways");
    // The server goes away: its daemon (and its P4Runtime stream) is dropped.
    r.server = None;
    r.wait_no_primary();
    // A known flow still goes through, a new one is dropped and counted.
    r.now.store(GAP_NS * 100, Ordering::SeqCst);
    let known = &pkts[12]; // flow 0 again, port 0
    let new = tcp_pkt(&l3([10, 0, 0, 9], [203, 0, 113, 9]), 50_000, 80, 0x002, b"");
    r.ports[0].1.inject(0, known.1.clone());
    r.ports[0].1.inject(0, new);
    r.switch
        .poll(Duration::ZERO)
        .unwrap_or_else(|e| panic!("{e}"));
    let sent = r.ports[1].1.take_sent();
    assert_eq!(sent.len(), 1, "the known flow is forwarded");
    assert_eq!(r.switch.stats().punts_without_server, 1);
    assert!(r.cpu.take_sent().is_empty(), "nothing went to the server");
}

#[test]
fn a_restarted_server_resynchronises_the_switch_from_its_checkpoint() {
    let c = mazunat();
    let pkts = traffic();
    let (want, _) = in_process(&c, &pkts);
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let file = dir.path().join("server.json");
    let mut r = remote(&c);
    r.server
        .as_mut()
        .expect("server")
        .set_checkpoint(file.clone())
        .unwrap_or_else(|e| panic!("{e}"));
    // Round 0: six flows set up both ways.
    let mut got = r.run(&pkts[..12]);
    r.server = None;
    r.wait_no_primary();

    // A server without the checkpoint has an empty primary: resynchronising
    // deletes every entry the switch holds (both maps, six flows each).
    let (mut empty, _) = new_server(&c, &r.addr, r.clock.clone(), None);
    let rs = empty.resync().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (rs.inserts, rs.modifies, rs.deletes, rs.failures),
        (0, 0, 12, 0)
    );
    drop(empty);
    r.wait_no_primary();

    // The restarted server reads its checkpoint and puts them back.
    let restored = procs::serverd::read_checkpoint(&file)
        .unwrap_or_else(|e| panic!("{e}"))
        .expect("the first server wrote a checkpoint");
    assert!(restored.torn.is_none());
    assert!(restored.records >= 6, "one record per new flow at least");
    let snap = restored.snapshot;
    let (mut back, link) = new_server(&c, &r.addr, r.clock.clone(), Some(&snap));
    let rs = back.resync().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (rs.inserts, rs.modifies, rs.deletes, rs.failures),
        (12, 0, 0, 0)
    );
    assert_eq!(
        back.resync().unwrap_or_else(|e| panic!("{e}")),
        Default::default()
    );
    r.server = Some(back);
    r.link = link;
    // The rest of the run decides as if nothing had happened.
    got.extend(r.run_from(12, &pkts[12..]));
    assert_eq!(got.len(), want.len(), "frames out");
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "frame {i} out differs");
    }
}

impl Remote {
    /// The switch daemon restarts: its process (here: the runtime serving
    /// it, with every connection) goes away, and a fresh one (no program,
    /// empty tables) comes up on the same address. Returns the new device.
    fn restart_switch(&mut self) -> Arc<Device> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap_or_else(|e| panic!("{e}"));
        std::mem::replace(&mut self._rt, rt).shutdown_background();
        let addr: std::net::SocketAddr = self
            .addr
            .trim_start_matches("http://")
            .parse()
            .unwrap_or_else(|e| panic!("{e}"));
        let device = Arc::new(Device::new(1, self.clock.clone()));
        let listener = (0..100)
            .find_map(|_| {
                std::thread::sleep(Duration::from_millis(20));
                self._rt.block_on(tokio::net::TcpListener::bind(addr)).ok()
            })
            .expect("the address is free again");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        self._rt.spawn(p4rt::server::serve(
            device.clone(),
            listener,
            Duration::from_millis(50),
            async {
                let _ = stopped.await;
            },
        ));
        self.stop = Some(stop);
        self.device = device.clone();
        device
    }
}

#[test]
fn a_server_that_lost_its_switch_reconnects_and_refills_a_restarted_one() {
    let c = mazunat();
    let pkts = traffic();
    let (want, _) = in_process(&c, &pkts);
    let mut r = remote(&c);
    let mut got = r.run(&pkts[..12]);
    let device = r.restart_switch();
    // The server notices on its next call and reconnects within a few rounds.
    let server = r.server.as_mut().expect("server");
    for _ in 0..100 {
        server
            .poll(Duration::from_millis(10))
            .unwrap_or_else(|e| panic!("{e}"));
        if server.remote().is_connected() && server.stats().resyncs >= 1 {
            break;
        }
    }
    let s = server.stats().clone();
    assert!(server.remote().is_connected(), "{s:?}");
    assert_eq!(s.resyncs, 1, "{s:?}");
    // The fresh switch got the program from the server and every entry of
    // the six flows (two maps) from its primary state.
    assert_eq!(
        (s.resync_inserts, s.resync_deletes, s.resync_failures),
        (12, 0, 0),
        "{s:?}"
    );
    let entries = |t: &str| {
        device
            .with_switch(|sw| sw.table_len(t))
            .expect("a program was set")
            .unwrap_or_else(|e| panic!("{e}"))
    };
    assert_eq!((entries("t_nat_out"), entries("t_nat_in")), (6, 6));
    // The data path now runs on the new device; the rest of the run decides
    // as if the switch had never gone.
    let (switch, ports, cpu) = data_path(device);
    (r.switch, r.ports, r.cpu) = (switch, ports, cpu);
    got.extend(r.run_from(12, &pkts[12..]));
    assert_eq!(got.len(), want.len(), "frames out");
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "frame {i} out differs");
    }
}

/// The load balancer with three backends (a read-only `backend_ips` table on
/// the switch) and connections to its VIP from eight client ports, SYN then
/// data, with the backends' answers.
fn lb() -> (lang::Compiled, Vec<(u16, Vec<u8>)>) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nf/lb.nf");
    let mut o = lang::Overrides::new();
    o.set("vip", "198.19.0.100");
    o.set("backends", "198.19.0.2,198.19.0.3,198.19.0.4");
    let c = lang::compile_file(&path, &o).unwrap_or_else(|e| panic!("{e}"));
    let vip = [198, 19, 0, 100];
    let mut pkts = Vec::new();
    for round in 0..2u16 {
        for f in 0..8u16 {
            let flags = if round == 0 { 0x002 } else { 0x018 };
            pkts.push((
                0,
                tcp_pkt(&l3([198, 18, 0, 2], vip), 41_000 + f, 8080, flags, b"GET"),
            ));
        }
    }
    pkts.push((
        1,
        tcp_pkt(
            &l3([198, 19, 0, 3], [198, 18, 0, 2]),
            8080,
            41_000,
            0x012,
            b"OK",
        ),
    ));
    (c, pkts)
}

#[test]
fn the_server_installs_read_only_tables_a_switch_came_up_without() {
    let (c, pkts) = lb();
    let (want, _) = in_process(&c, &pkts);
    // The server sets the pipeline on an empty device (`remote`): nobody
    // installed the backends vector on the switch.
    let mut r = remote(&c);
    let partition = compiler::partition(&c.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let init = compiler::tables::initial_state(&partition);
    assert_eq!(init.read_only_tables, ["t_backend_ips"]);
    let backends = |d: &Device| {
        d.with_switch(|sw| sw.table_len("t_backend_ips"))
            .expect("loaded")
            .unwrap_or_else(|e| panic!("{e}"))
    };
    assert_eq!(backends(&r.device), 0);
    let server = r.server.as_mut().expect("server");
    server.set_initial(&init);
    let rs = server.resync().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (rs.inserts, rs.modifies, rs.deletes, rs.failures),
        (3, 0, 0, 0)
    );
    assert_eq!(
        server.resync().unwrap_or_else(|e| panic!("{e}")),
        Default::default()
    );
    assert_eq!(backends(&r.device), 3);
    let got = r.run(&pkts);
    assert_eq!(got.len(), want.len(), "frames out");
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "frame {i} out differs");
    }
}

#[test]
fn the_switch_records_what_entered_and_left_its_ports() {
    let c = mazunat();
    let pkts = traffic();
    let mut r = remote(&c);
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let rec = procs::switchd::SwitchRecording::create(dir.path(), &[0, 1], r.clock.clone())
        .unwrap_or_else(|e| panic!("{e}"));
    r.switch.record(rec);
    let got = r.run(&pkts);
    r.switch.finish().unwrap_or_else(|e| panic!("{e}"));
    let read = |p: std::path::PathBuf| -> Vec<(u64, Vec<u8>)> {
        trace::pcap::PcapReader::open(&p)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
            .map(|x| {
                let x = x.unwrap_or_else(|e| panic!("{e}"));
                (x.ts_ns, x.data)
            })
            .collect()
    };
    let mut all_ts = Vec::new();
    for port in 0..2u16 {
        let ins = read(dir.path().join(format!("in/port{port}.pcap")));
        let sent: Vec<Vec<u8>> = pkts
            .iter()
            .filter(|(p, _)| *p == port)
            .map(|(_, f)| f.clone())
            .collect();
        assert_eq!(
            ins.iter().map(|(_, f)| f.clone()).collect::<Vec<_>>(),
            sent,
            "port {port}: inputs recorded"
        );
        let outs = read(dir.path().join(format!("out/port{port}.pcap")));
        let left: Vec<Vec<u8>> = got
            .iter()
            .filter(|(p, _)| *p == port)
            .map(|(_, f)| f.clone())
            .collect();
        assert_eq!(
            outs.iter().map(|(_, f)| f.clone()).collect::<Vec<_>>(),
            left,
            "port {port}: outputs recorded"
        );
        all_ts.extend(ins.iter().chain(&outs).map(|(t, _)| *t));
    }
    // Strictly increasing over everything recorded: no two frames share a time.
    let n = all_ts.len();
    all_ts.sort_unstable();
    all_ts.dedup();
    assert_eq!(all_ts.len(), n, "recorded times are distinct");
}

/// A burst of `n` new flows' SYNs (one frame each, at once), then each
/// flow's data packet and the server's answer to it.
/// Frames and the ports they enter on.
type Frames = Vec<(u16, Vec<u8>)>;

fn burst(n: u16) -> (Frames, Frames) {
    let server = [203, 0, 113, 9];
    let nat = [198, 51, 100, 1];
    let syns = (0..n)
        .map(|f| {
            let client = [10, 0, 1, 1 + (f % 5) as u8];
            (0, tcp_pkt(&l3(client, server), 42_000 + f, 80, 0x002, b""))
        })
        .collect();
    let mut rest = Vec::new();
    for f in 0..n {
        let client = [10, 0, 1, 1 + (f % 5) as u8];
        rest.push((
            0,
            tcp_pkt(&l3(client, server), 42_000 + f, 80, 0x018, b"GET"),
        ));
        rest.push((1, tcp_pkt(&l3(server, nat), 80, 1024 + f, 0x018, b"200 OK")));
    }
    (syns, rest)
}

/// The in-process run of `burst`: the SYNs 1 ns apart at the first gap,
/// the rest a gap apart, with `control`.
fn in_process_burst(
    c: &lang::Compiled,
    syns: &[(u16, Vec<u8>)],
    rest: &[(u16, Vec<u8>)],
    control: runner::ControlOptions,
) -> (Vec<(u16, Vec<u8>)>, PartitionedEngine) {
    let mut engine = PartitionedEngine::new(&c.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    engine.set_control(control);
    let log = {
        let mut r = Runner::new(&mut engine, &c.program, PacketLog::default());
        for (i, (port, f)) in syns.iter().enumerate() {
            r.packet(*port, GAP_NS + i as u64, f)
                .unwrap_or_else(|e| panic!("{e}"));
        }
        for (i, (port, f)) in rest.iter().enumerate() {
            r.packet(*port, GAP_NS * (i as u64 + 2), f)
                .unwrap_or_else(|e| panic!("{e}"));
        }
        let (_, sink, closed) = r.finish(Source::Pcap { inputs: vec![] });
        closed.unwrap_or_else(|e| panic!("{e}"));
        sink
    };
    (
        log.packets.into_iter().map(|e| (e.port, e.frame)).collect(),
        engine,
    )
}

impl Remote {
    /// Injects `pkts` into their ports at once (time: the next gap), then
    /// runs the daemons until they settle.
    fn run_burst(&mut self, pkts: &[(u16, Vec<u8>)]) -> Vec<(u16, Vec<u8>)> {
        self.now.store(GAP_NS, Ordering::SeqCst);
        for (port, f) in pkts {
            let h = &self.ports.iter().find(|(n, _)| n == port).expect("port").1;
            h.inject(0, f.clone());
        }
        self.settle();
        let mut out = Vec::new();
        for (n, h) in &self.ports {
            out.extend(h.take_sent().into_iter().map(|f| (*n, f)));
        }
        out
    }
}

/// Group commit through two processes: the SYNs of a burst of new flows
/// reach the server together; the first goes out as its own Write, the
/// others, ready while the window is full, are gathered into the next.
/// With a window of one Write the remote run makes the in-process run's
/// cycles (batched channel, group commit): the same Writes, the same frames
/// in the same order, the same state and tables. With a window of four the
/// first four go out at once and the rest are gathered; the decisions are
/// the same.
#[test]
fn group_commit_gathers_a_burst_of_new_flows_into_the_next_write() {
    let c = mazunat();
    let (syns, rest) = burst(8);
    let control = runner::ControlOptions {
        channel: pipe::Channel::batched(),
        group_commit: true,
        limits: server::Limits::default(),
        // The server daemon writes the whole atomic-update protocol; the
        // miss-punt meter plays no part in eight SYNs.
        direct_inserts: false,
        miss_punt_meter: None,
    };
    let (want, engine) = in_process_burst(&c, &syns, &rest, control);
    let s = engine.stats().server;
    assert_eq!(
        (s.batches, s.group_cycles, s.gathered_packets),
        (2, 1, 7),
        "in process: the first SYN's cycle, then the other seven's: {s:?}"
    );
    for (window, writes) in [(1usize, 2u64), (4, 5)] {
        let mut r = remote(&c);
        let server = r.server.as_mut().expect("server");
        server.runtime_mut().set_group_commit(true);
        server.remote_mut().set_window(window);
        let mut got = r.run_burst(&syns);
        got.extend(r.run_from(1, &rest));
        assert_eq!(got.len(), want.len(), "window {window}: frames out");
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g, w, "window {window}: frame {i} out differs");
        }
        let server = r.server.as_ref().expect("server");
        let remote = server.remote().stats().clone();
        assert_eq!(remote.atomic_writes, writes, "window {window}: {remote:?}");
        assert_eq!(remote.atomic_entries, 8 * 2, "window {window}: {remote:?}");
        assert_eq!(
            remote.peak_in_flight, window as u64,
            "window {window}: {remote:?}"
        );
        let rs = server.runtime().stats();
        assert_eq!(rs.gathered_packets, 8 - window as u64, "window {window}");
        assert_eq!(rs.held_packets, 8, "window {window}: every SYN was held");
        let t = Duration::from_nanos(GAP_NS * (rest.len() as u64 + 2));
        let ns = t.as_nanos() as u64;
        assert_eq!(
            server.runtime().state().to_json(ns),
            engine.server().state().to_json(ns),
            "window {window}: primary state"
        );
        for table in engine.server().replica_tables() {
            let mut want = engine
                .switch()
                .entries(&table)
                .unwrap_or_else(|e| panic!("{e}"));
            let mut got = r
                .device
                .with_switch(|sw| sw.entries(&table))
                .expect("loaded")
                .unwrap_or_else(|e| panic!("{e}"));
            want.sort_by_key(|e| format!("{:?}", e.key));
            got.sort_by_key(|e| format!("{:?}", e.key));
            assert_eq!(got.len(), 8, "window {window}: table {table}");
            assert_eq!(got, want, "window {window}: table {table}");
        }
    }
}

/// Output commit with Writes in flight: while the switch cannot apply the
/// atomic update (another thread holds its model), the server keeps the
/// punted SYN however often it polls; once the Write is applied and
/// acknowledged the SYN leaves, and the switch holds the flow's entries.
#[test]
fn a_held_packet_leaves_only_once_its_write_is_acknowledged() {
    let c = mazunat();
    let pkts = traffic();
    let mut r = remote(&c);
    r.now.store(GAP_NS, Ordering::SeqCst);
    r.ports[0].1.inject(0, pkts[0].1.clone());
    r.switch
        .poll(Duration::ZERO)
        .unwrap_or_else(|e| panic!("{e}"));
    let punts = r.cpu.take_sent();
    assert_eq!(punts.len(), 1, "the SYN is punted");
    // Hold the switch model so that no Write can be applied.
    let (held, holding) = std::sync::mpsc::channel();
    let (free, freed) = std::sync::mpsc::channel::<()>();
    let device = r.device.clone();
    let blocker = std::thread::spawn(move || {
        device.with_switch_mut(|_| {
            held.send(()).expect("test waits");
            freed.recv().expect("test frees");
        })
    });
    holding.recv().expect("the blocker holds the switch");
    for f in punts {
        r.link.inject(0, f);
    }
    let server = r.server.as_mut().expect("server");
    for _ in 0..50 {
        server
            .poll(Duration::from_millis(2))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            r.link.take_sent().is_empty(),
            "nothing leaves before the Write is acknowledged"
        );
        assert_eq!(server.in_flight(), 1, "the Write is in flight");
    }
    assert_eq!(server.runtime().held_now(), 1);
    free.send(()).expect("blocker waits");
    blocker.join().expect("blocker");
    let mut back = Vec::new();
    for _ in 0..500 {
        server
            .poll(Duration::from_millis(2))
            .unwrap_or_else(|e| panic!("{e}"));
        back.extend(r.link.take_sent());
        if !back.is_empty() {
            break;
        }
    }
    assert_eq!(back.len(), 1, "the SYN is released");
    assert_eq!(server.runtime().held_now(), 0);
    let entries = |t: &str| {
        r.device
            .with_switch(|sw| sw.table_len(t))
            .expect("loaded")
            .unwrap_or_else(|e| panic!("{e}"))
    };
    assert_eq!((entries("t_nat_out"), entries("t_nat_in")), (1, 1));
}

/// The switch daemon with two data-path workers, each with its own copy of
/// the switch: frames spread over both (and what comes back from the server
/// reaching either) decide as the in-process run, and both copies end with
/// the in-process switch's tables (every Write was applied to each before
/// it was acknowledged).
#[test]
fn two_switch_workers_with_their_own_copies_decide_as_the_in_process_run() {
    let c = mazunat();
    let pkts = traffic();
    let (want, engine) = in_process(&c, &pkts);
    let mut r = remote_workers(&c, 2);
    let got = r.run(&pkts);
    assert_eq!(got.len(), want.len(), "frames out");
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "frame {i} out differs");
    }
    let w0 = r.switch.stats().frames_in;
    let w1 = r.more[0].switch.stats().frames_in;
    assert!(w0 > 0 && w1 > 0, "both workers carried frames: {w0} / {w1}");
    assert_eq!(w0 + w1, pkts.len() as u64);
    let stats = r.device.data_plane_stats().expect("loaded");
    assert!(stats.packets_in >= pkts.len() as u64, "{stats:?}");
    for table in engine.server().replica_tables() {
        let mut want = engine
            .switch()
            .entries(&table)
            .unwrap_or_else(|e| panic!("{e}"));
        want.sort_by_key(|e| format!("{:?}", e.key));
        assert!(!want.is_empty(), "table {table} holds the flows");
        for worker in 0..2 {
            let mut got = r
                .device
                .with_switch_on(worker, |sw| sw.entries(&table))
                .expect("loaded")
                .unwrap_or_else(|e| panic!("{e}"));
            got.sort_by_key(|e| format!("{:?}", e.key));
            assert_eq!(got, want, "worker {worker}: table {table}");
        }
    }
}

/// The server daemon reading its link on two receive threads, each with its
/// own socket and inbox (punts spread over both), decides as the
/// in-process run; receiver 0 sends what the server sends; nothing
/// overflowed.
#[test]
fn two_link_receivers_feed_the_one_runtime_thread_as_the_in_process_run() {
    let c = mazunat();
    let pkts = traffic();
    let (want, engine) = in_process(&c, &pkts);
    let mut r = remote(&c);
    // Replace the server by one reading two link sockets on threads.
    r.server = None;
    r.wait_no_primary();
    let partition = compiler::partition(&c.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let lowered =
        compiler::lower_switch::lower_switch(&partition).unwrap_or_else(|e| panic!("{e}"));
    let remote = RemoteSwitch::connect(
        &r.addr,
        1,
        1,
        lowered.program,
        r.clock.clone(),
        Duration::from_secs(5),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let runtime = server::Runtime::new(partition).unwrap_or_else(|e| panic!("{e}"));
    let (p0, h0) = MemPort::new("link0", 16_384);
    let (p1, h1) = MemPort::new("link1", 16_384);
    let server = ServerDaemon::with_link_workers(
        runtime,
        remote,
        vec![Box::new(p0), Box::new(p1)],
        8,
        r.clock.clone(),
        Duration::from_millis(100),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    r.server = Some(server);
    r.link = h0;
    r.more_links = vec![h1];
    let got = r.run(&pkts);
    assert_eq!(got.len(), want.len(), "frames out");
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "frame {i} out differs");
    }
    let mut server = r.server.take().expect("server");
    let st = server.status();
    let receivers = st["link"]["receivers"].as_array().expect("receivers");
    assert_eq!(receivers.len(), 2, "{st}");
    let rx: Vec<u64> = receivers
        .iter()
        .map(|x| x["rx_frames"].as_u64().expect("count"))
        .collect();
    assert!(
        rx.iter().all(|&n| n > 0),
        "both receivers carried punts: {st}"
    );
    assert_eq!(rx.iter().sum::<u64>(), r.injected, "{st}");
    assert_eq!(st["link"]["inbox_overflow"], 0, "{st}");
    assert_eq!(
        receivers[0]["tx_frames"].as_u64(),
        Some(server.stats().to_switch),
        "{st}"
    );
    let t = Duration::from_nanos(GAP_NS * (pkts.len() as u64 + 1));
    let ns = t.as_nanos() as u64;
    assert_eq!(
        server.runtime().state().to_json(ns),
        engine.server().state().to_json(ns)
    );
}

/// MazuNAT traffic with payloads worth parking: four flows' SYNs, data of
/// 400 bytes out, answers of 300 bytes back, and an answer to a port nobody
/// was given (dropped by the switch part: its slot is freed at once).
fn park_traffic() -> Frames {
    let server = [203, 0, 113, 9];
    let nat = [198, 51, 100, 1];
    let mut out = Vec::new();
    for f in 0..4u16 {
        let client = [10, 0, 2, 1 + f as u8];
        out.push((0, tcp_pkt(&l3(client, server), 43_000 + f, 80, 0x002, b"")));
    }
    for f in 0..4u16 {
        let client = [10, 0, 2, 1 + f as u8];
        let data: Vec<u8> = (0..400u32).map(|i| (i * 7 + u32::from(f)) as u8).collect();
        out.push((
            0,
            tcp_pkt(&l3(client, server), 43_000 + f, 80, 0x018, &data),
        ));
        let back: Vec<u8> = (0..300u32).map(|i| (i * 13 + u32::from(f)) as u8).collect();
        out.push((1, tcp_pkt(&l3(server, nat), 80, 1024 + f, 0x018, &back)));
    }
    out.push((1, tcp_pkt(&l3(server, nat), 80, 3000, 0x018, &[9u8; 250])));
    out
}

/// `tandem switch PROGRAM.nf --park` with `tandem server`: PayloadPark's
/// Split and Merge around the switch part in the daemon, the server
/// unchanged. The frames out, the primary state and PayloadPark's counters
/// are those of `tandem run --park` (`runner::park_engine` in front of the
/// in-process partitioned run) on the same packets: payloads were parked and
/// every one came back, the dropped answer's slot was freed by its notice.
#[test]
fn payload_park_in_the_switch_daemon_runs_as_tandem_run_park() {
    let c = mazunat();
    let pkts = park_traffic();
    let cfg = || runner::park_engine::run_config(160, 64, 1);
    let inner = PartitionedEngine::new(&c.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut engine = runner::park_engine::ParkEngine::new(Box::new(inner), &c.program, cfg())
        .unwrap_or_else(|e| panic!("{e}"));
    let want: Frames = {
        let mut r = Runner::new(&mut engine, &c.program, PacketLog::default());
        for (i, (port, f)) in pkts.iter().enumerate() {
            r.packet(*port, GAP_NS * (i as u64 + 1), f)
                .unwrap_or_else(|e| panic!("{e}"));
        }
        let (_, sink, closed) = r.finish(Source::Pcap { inputs: vec![] });
        closed.unwrap_or_else(|e| panic!("{e}"));
        sink.packets
            .into_iter()
            .map(|e| (e.port, e.frame))
            .collect()
    };
    let want_park = engine.stats();
    assert!(want_park.counters.splits >= 8, "{want_park:?}");

    let mut r = remote(&c);
    r.switch
        .set_park(park::ParkSwitch::new(cfg()).unwrap_or_else(|e| panic!("{e}")));
    let got = r.run(&pkts);
    assert_eq!(got.len(), want.len(), "frames out");
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "frame {i} out differs");
    }
    // Payloads are back: the 400-byte data left whole.
    assert!(got.iter().any(|(p, f)| *p == 1 && f.len() > 400));
    let park = r.switch.park_report().expect("park runs");
    assert_eq!(park.counters, want_park.counters, "PayloadPark's counters");
    assert_eq!(
        park.counters.splits,
        park.counters.merges + park.counters.explicit_drops
    );
    assert!(park.counters.explicit_drops >= 1, "{park:?}");
    let server = r.server.as_ref().expect("server");
    let t = Duration::from_nanos(GAP_NS * (pkts.len() as u64 + 1));
    let ns = t.as_nanos() as u64;
    assert_eq!(
        server.runtime().state().to_json(ns),
        runner::Engine::state_json(&engine, ns),
        "primary state"
    );
}

/// The summary's switch counters come from the switch by Read: with a
/// tight miss-punt meter on the switch, inbound packets without a mapping
/// beyond its burst are dropped and counted there, and the server's status
/// reports the switch's count.
#[test]
fn the_server_status_reads_the_switch_counters() {
    let c = mazunat();
    let mut r = remote(&c);
    // Settle the connection first (the program is set, the server primary).
    r.run(&traffic()[..2]);
    let meter = compiler::lower_switch::MISS_PUNT_METER;
    let counter = compiler::lower_switch::MISS_PUNT_DROPPED;
    let tight = compiler::MissPuntMeter {
        rate_pps: 1,
        burst: 2,
    };
    r.device
        .with_switch_mut(|sw| sw.set_meter(meter, 0, Some(tight.config())))
        .expect("loaded")
        .expect("meter");
    let server = [203, 0, 113, 9];
    let nat = [198, 51, 100, 1];
    // Unknown external ports, all within the same instant.
    let misses: Vec<(u16, Vec<u8>)> = (0..6u16)
        .map(|k| (1, tcp_pkt(&l3(server, nat), 80, 3000 + k, 0x012, b"x")))
        .collect();
    r.now.store(GAP_NS * 50, Ordering::SeqCst);
    for (port, f) in &misses {
        let h = &r.ports.iter().find(|(n, _)| n == port).expect("port").1;
        h.inject(0, f.clone());
    }
    r.settle();
    let (dropped, _) = r
        .device
        .with_switch(|sw| sw.read_counter(counter, 0))
        .expect("loaded")
        .expect("counter");
    assert!(
        dropped >= 3,
        "the meter dropped what exceeded it: {dropped}"
    );
    let status = r.server.as_mut().expect("server").status();
    assert_eq!(
        status["switch_counters"][counter]["packets"],
        serde_json::json!(dropped),
        "{status}"
    );
}
