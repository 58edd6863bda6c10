//! CoFilter in two processes' worth of parts, on the loopback with
//! in-memory ports: the switch daemon's data path (`procs::switchd`) on a
//! P4Runtime `Device` running CoFilter's program, the agent daemon
//! ([`filterd::daemon`]) driving it over real gRPC, and the CPU link
//! between them carried by the test. They must forward exactly what the
//! in-process model (`tandem filter run`, `filter::run::Runner`) forwards,
//! frame for frame and in order; a switch that restarts empty gets the
//! agent's state back; while the agent is away the switch forwards the
//! established connections and drops the rest, and the agent comes back
//! with its state.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use filter::cofilter::Config;
use filter::layout::{Layout, WAYS};
use filter::remote::RemoteAgent;
use filter::tracker::{INSIDE, Policy, Verdict};
use filterd::daemon::AgentDaemon;
use filterd::switch::P4rtSwitch;
use p4rt::server::{Clock, Device};
use port::{MemHandle, MemPort, Port};
use procs::switchd::SwitchDaemon;
use trace::workload::{GenOptions, Side, Workload, generate};

const CPU: u16 = filter::program::CPU_PORT as u16;

fn config() -> Config {
    // 4 × 256 cells, 7-bit fingerprints, 2-bit connection state: small
    // enough for collisions, large enough to load fast.
    let layout = Layout {
        fp_bits: 7,
        slot_bits: 8,
        rows: [1; WAYS],
        exact_entries: 64,
        state_bits: 2,
    };
    let policy = Policy {
        allow_inbound: [80].into_iter().collect(),
        ..Policy::default()
    };
    Config::new(layout, policy)
}

/// (time, port, frame) of a workload from inside and a few connections
/// from outside (to port 80: allowed; others: refused), in time order.
fn packets(flows: u32, seed: u64) -> Vec<(u64, u16, Vec<u8>)> {
    let mut out = Vec::new();
    for (client, flows, seed) in [(INSIDE, flows, seed), (INSIDE ^ 1, 6, seed + 1)] {
        let t = generate(&GenOptions {
            workload: "cache".parse::<Workload>().expect("workload"),
            flows,
            seed,
            rate: 500.0,
            udp_share: 0.2,
            max_flow_bytes: Some(20_000),
            ..GenOptions::default()
        })
        .expect("generate");
        for c in &t.connections {
            for (i, s) in c.packets.iter().enumerate() {
                let mut f = Vec::new();
                if c.write_frame(i, &mut f) {
                    let port = match s.side {
                        Side::Client => client,
                        Side::Server => client ^ 1,
                    };
                    out.push((s.ts_ns, port, f));
                }
            }
        }
    }
    out.sort_by_key(|x| x.0);
    // Times from 1 s on (the generator's epoch is far off; the daemons'
    // clocks start at 0).
    let first = out.first().map_or(0, |x| x.0);
    for p in &mut out {
        p.0 = p.0 - first + 1_000_000_000;
    }
    out
}

/// What the model forwards, (port, frame) in decision order.
fn model(pkts: &[(u64, u16, Vec<u8>)]) -> Vec<(u16, Vec<u8>)> {
    let mut r = filter::run::Runner::new(config());
    let mut out = Vec::new();
    for (ts, port, f) in pkts {
        if let Verdict::Forward(p) = r.step_decision(*ts, *port, f).verdict {
            out.push((p, f.clone()));
        }
    }
    assert_eq!(r.summary().mismatches, 0);
    out
}

struct Parts {
    now: Arc<AtomicU64>,
    clock: Clock,
    rt: tokio::runtime::Runtime,
    addr: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    device: Arc<Device>,
    switch: SwitchDaemon,
    ports: Vec<MemHandle>,
    cpu: MemHandle,
    agent: Option<AgentDaemon>,
    link: MemHandle,
}

impl Drop for Parts {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
    }
}

/// A device serving P4Runtime on `addr` (loaded with `program` if given),
/// and the switch daemon's data path on it with in-memory ports.
fn switch_on(
    rt: &tokio::runtime::Runtime,
    addr: &str,
    clock: &Clock,
    program: Option<pipe::Program>,
) -> (
    Arc<Device>,
    tokio::sync::oneshot::Sender<()>,
    SwitchDaemon,
    Vec<MemHandle>,
    MemHandle,
) {
    let device = Arc::new(Device::new(1, clock.clone()));
    if let Some(p) = program {
        device.load(p).expect("program loads");
    }
    let listener = (0..100)
        .find_map(|_| {
            let l = rt.block_on(tokio::net::TcpListener::bind(addr)).ok();
            if l.is_none() {
                std::thread::sleep(Duration::from_millis(20));
            }
            l
        })
        .expect("the address is free");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    rt.spawn(p4rt::server::serve(
        device.clone(),
        listener,
        Duration::from_millis(50),
        async {
            let _ = stopped.await;
        },
    ));
    let mut ports: Vec<(u16, Box<dyn Port>)> = Vec::new();
    let mut handles = Vec::new();
    for n in 0..2u16 {
        let (p, h) = MemPort::new(&format!("p{n}"), 16_384);
        ports.push((n, Box::new(p)));
        handles.push(h);
    }
    let (cpu_port, cpu) = MemPort::new("cpu", 16_384);
    let switch = SwitchDaemon::new(device.clone(), ports, Box::new(cpu_port), CPU);
    (device, stop, switch, handles, cpu)
}

/// The agent's epoch in these tests (the same agent state throughout).
const EPOCH: u64 = 7;

fn agent_on(addr: &str, clock: &Clock, agent: RemoteAgent) -> (AgentDaemon, MemHandle) {
    let program = agent.program().expect("program");
    let sw = P4rtSwitch::connect(
        format!("http://{addr}"),
        1,
        1,
        program,
        Duration::from_secs(5),
    )
    .expect("connects");
    let (link_port, link) = MemPort::new("link", 16_384);
    let mut d = AgentDaemon::new(agent, sw, Box::new(link_port), clock.clone(), EPOCH);
    let r = d.resync().expect("resync");
    println!("{r:?}");
    (d, link)
}

fn parts(program_on_switch: bool) -> Parts {
    let now = Arc::new(AtomicU64::new(0));
    let clock: Clock = {
        let now = now.clone();
        Arc::new(move || Duration::from_nanos(now.load(Ordering::SeqCst)))
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("runtime");
    let free = rt
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("a port");
    let addr = free.local_addr().expect("address").to_string();
    drop(free);
    let agent = RemoteAgent::new(config());
    let program = program_on_switch.then(|| agent.program().expect("program"));
    let (device, stop, switch, ports, cpu) = switch_on(&rt, &addr, &clock, program);
    let (agent, link) = agent_on(&addr, &clock, agent);
    Parts {
        now,
        clock,
        rt,
        addr,
        stop: Some(stop),
        device,
        switch,
        ports,
        cpu,
        agent: Some(agent),
        link,
    }
}

impl Parts {
    /// Runs the switch and the agent, carrying the CPU link both ways,
    /// until nothing moves.
    fn settle(&mut self) {
        for _ in 0..200 {
            let a = self.switch.poll(Duration::ZERO).expect("switch");
            let up: Vec<Vec<u8>> = self.cpu.take_sent();
            let b = up.len();
            let c = match self.agent.as_mut() {
                Some(agent) => {
                    for f in up {
                        self.link.inject(0, f);
                    }
                    agent.poll(Duration::ZERO).expect("agent")
                }
                None => 0,
            };
            let down = self.link.take_sent();
            let d = down.len();
            for f in down {
                self.cpu.inject(0, f);
            }
            if a + b + c + d == 0 {
                return;
            }
        }
        panic!("the daemons did not settle");
    }

    /// Runs `pkts` one at a time; returns what left ports 0 and 1.
    fn run(&mut self, pkts: &[(u64, u16, Vec<u8>)]) -> Vec<(u16, Vec<u8>)> {
        let mut out = Vec::new();
        for (ts, port, f) in pkts {
            self.now.store(*ts, Ordering::SeqCst);
            self.ports[usize::from(*port)].inject(0, f.clone());
            self.settle();
            for (n, h) in self.ports.iter().enumerate() {
                out.extend(h.take_sent().into_iter().map(|f| (n as u16, f)));
            }
        }
        out
    }

    fn wait_no_primary(&self) {
        assert!(
            (0..300).any(|_| {
                std::thread::sleep(Duration::from_millis(10));
                !self.device.has_primary()
            }),
            "the switch notices the agent's closed stream"
        );
    }
}

/// Index of the first difference of two frame lists (or the shorter length).
fn first_difference(a: &[(u16, Vec<u8>)], b: &[(u16, Vec<u8>)]) -> Option<usize> {
    (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i))
}

#[test]
fn switch_and_agent_over_p4runtime_forward_what_the_model_forwards() {
    let pkts = packets(80, 3);
    let want = model(&pkts);
    // The switch came up without a program: the agent sets it.
    let mut p = parts(false);
    let got = p.run(&pkts);
    assert!(want.len() > 500, "{} frames forwarded", want.len());
    assert!(
        want.len() < pkts.len(),
        "some are dropped (refused from outside)"
    );
    assert_eq!(first_difference(&got, &want), None, "live vs model");
    let agent = p.agent.as_mut().expect("agent");
    let s = agent.stats();
    let st = agent.agent().stats;
    println!("{s:?}\n{st:?}\n{:?}", p.switch.stats());
    // The switch decided most packets itself; the agent saw the rest over
    // the link; nothing was lost on the way.
    let w = p.switch.stats();
    assert!(w.frames_out > s.forwarded, "{w:?} {s:?}");
    assert_eq!(s.handled, w.to_server);
    assert_eq!(
        s.bad_frames + s.dropped_on_error + s.dropped_disconnected,
        0
    );
    assert_eq!(w.punts_without_server + w.errors + w.bad_from_server, 0);
    assert!(st.writes > 0 && st.reads > 0, "{st:?}");
    // The switch's exact table is the agent's.
    let mut on_switch = p
        .device
        .with_switch(|sw| sw.entries(filter::program::EXACT_TABLE))
        .expect("loaded")
        .expect("entries");
    let mut agent_says: Vec<_> = agent
        .agent()
        .exact_entries()
        .map(|(k, a)| filter::program::exact_entry(&k, a))
        .collect();
    let key = |e: &pipe::TableEntry| format!("{:?}", e.key);
    on_switch.sort_by_key(key);
    agent_says.sort_by_key(key);
    assert_eq!(on_switch, agent_says);
}

#[test]
fn a_restarted_switch_gets_the_agents_state_and_the_run_goes_on_as_the_model() {
    let pkts = packets(60, 5);
    let want = model(&pkts);
    let mut p = parts(true);
    let half = pkts.len() / 2;
    let mut got = p.run(&pkts[..half]);
    let offloaded = p
        .agent
        .as_ref()
        .expect("agent")
        .agent()
        .agent
        .offloaded()
        .count();
    assert!(offloaded > 3, "connections live in the switch: {offloaded}");
    // The switch restarts: a fresh device (program loaded, empty tables) on
    // the same address, its data path on new ports.
    let old_rt = std::mem::replace(
        &mut p.rt,
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("runtime"),
    );
    old_rt.shutdown_background();
    let program = p
        .agent
        .as_ref()
        .expect("agent")
        .agent()
        .program()
        .expect("program");
    let (device, stop, switch, ports, cpu) = switch_on(&p.rt, &p.addr, &p.clock, Some(program));
    p.stop = Some(stop);
    p.device = device;
    p.switch = switch;
    p.ports = ports;
    p.cpu = cpu;
    // The agent notices on its next look, reconnects and resynchronises.
    let agent = p.agent.as_mut().expect("agent");
    for _ in 0..200 {
        p.now.fetch_add(50_000_000, Ordering::SeqCst);
        agent.poll(Duration::from_millis(5)).expect("poll");
        if agent.stats().resyncs >= 2 && agent.switch().is_connected() {
            break;
        }
    }
    assert!(agent.stats().resyncs >= 2, "{:?}", agent.stats());
    // A fresh switch holds nobody's state: started over, not repaired.
    assert_eq!(agent.stats().repairs, 0, "{:?}", agent.stats());
    let writes = agent.stats().resync_writes;
    assert!(writes > 4 * 256, "fixed entries and cells: {writes}");
    // The rest at its own times (the clock went on by up to 10 s: far
    // below every timeout).
    let shift = p.now.load(Ordering::SeqCst).saturating_sub(pkts[half].0);
    let rest: Vec<_> = pkts[half..]
        .iter()
        .map(|(t, port, f)| (t + shift, *port, f.clone()))
        .collect();
    got.extend(p.run(&rest));
    assert_eq!(first_difference(&got, &want), None, "live vs model");
    // Established connections went on through the fresh switch itself.
    assert!(p.switch.stats().frames_out > p.switch.stats().to_server);
}

#[test]
fn while_the_agent_is_away_the_switch_forwards_established_connections_and_it_comes_back() {
    let pkts = packets(40, 9);
    let mut p = parts(true);
    // Open and use the connections up to the middle.
    let half = pkts.len() / 2;
    p.run(&pkts[..half]);
    // The agent goes away (its process and stream end); the switch notices.
    let agent = p.agent.take().expect("agent").into_agent();
    p.wait_no_primary();
    let switch_before = p.switch.stats().clone();
    // What the switch forwards alone: data of connections in cells.
    let hashed: Vec<_> = agent
        .agent
        .offloaded()
        .filter(|(_, pl)| *pl == filter::agent::Place::Hashed)
        .map(|(k, _)| k)
        .collect();
    assert!(!hashed.is_empty());
    let rest = &pkts[half..];
    let known_data = rest
        .iter()
        .filter(|(_, _, f)| {
            let pkt = filter::packet::Pkt::classify(f);
            matches!(
                pkt.kind,
                filter::packet::Kind::Tcp(filter::conntrack::TcpClass::Ack)
            ) && pkt.key.is_some_and(|k| hashed.contains(&k.canonical()))
        })
        .count();
    assert!(known_data > 0, "established data after the middle");
    let away = p.run(rest);
    let w = p.switch.stats();
    assert!(
        away.len() >= known_data,
        "the switch forwarded the established connections' data alone: {} of {known_data}",
        away.len()
    );
    assert!(
        w.punts_without_server > switch_before.punts_without_server,
        "what needs the agent is dropped and counted: {w:?}"
    );
    assert!(p.cpu.take_sent().is_empty(), "nothing went to the link");
    // The agent comes back with its state: reconnects, resynchronises.
    let (back, link) = agent_on(&p.addr, &p.clock, agent);
    // The switch kept this agent's state (its epoch marks it): repaired in
    // place, not started over.
    assert_eq!(back.stats().repairs, 1, "{:?}", back.stats());
    assert_eq!(back.switch().stats().resets, 0);
    p.agent = Some(back);
    p.link = link;
    // The same traffic again (as the hosts would retransmit it): new
    // connections' SYNs from inside, dropped while the agent was away, now
    // go through; the known connections go on.
    let syns: Vec<&Vec<u8>> = rest
        .iter()
        .filter(|(_, port, f)| {
            *port == INSIDE
                && filter::packet::Pkt::classify(f).kind
                    == filter::packet::Kind::Tcp(filter::conntrack::TcpClass::Syn)
        })
        .map(|(_, _, f)| f)
        .collect();
    assert!(!syns.is_empty(), "new connections after the middle");
    let again = p.run(rest);
    let left = |out: &[(u16, Vec<u8>)], f: &Vec<u8>| out.iter().any(|(_, g)| g == f);
    assert!(
        syns.iter().all(|f| !left(&away, f)),
        "no SYN left without the agent"
    );
    assert!(
        syns.iter().all(|f| left(&again, f)),
        "every SYN leaves with it"
    );
    let s = p.agent.as_ref().expect("agent").stats();
    assert!(s.handled > 0 && s.forwarded > 0, "{s:?}");
    assert!(
        again.len() > away.len(),
        "{} vs {}",
        again.len(),
        away.len()
    );
}
