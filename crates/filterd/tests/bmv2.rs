//! CoFilter's agent driving BMv2 `simple_switch_grpc` over P4Runtime
//! ([`filterd::switch::P4rtSwitch`] on a switch that runs p4c's compilation
//! of the program): the table-cell program (`--cells tables`) compiled by
//! p4c, loaded into a switch that runs nothing, the agent's state installed
//! and read back (fixed entries, meters, cell entries with their hit
//! times, exact entries), each beside the same agent over the program in
//! this process (`pipe::Switch`); then traffic through BMv2 (packets in
//! and out over nanomsg, `bmv2::grpc`, no interfaces), what it sends to
//! its CPU port through the agent, against the same agent and traffic over
//! the model: the same frames leave the same ports, packet for packet.
//!
//! Needs p4c and simple_switch_grpc (PATH, or the directories TANDEM_P4C /
//! TANDEM_BMV2 name); skipped with a printed reason when missing, unless
//! TANDEM_REQUIRE_TOOLS=1.

use std::collections::BTreeSet;
use std::net::Ipv4Addr;
use std::process::Command;
use std::time::{Duration, Instant};

use filter::cofilter::Config;
use filter::layout::{Cells, Layout, WAYS};
use filter::program::{EXACT_TABLE, MISS_METER, SYN_METER, cells_table_name};
use filter::remote::{RemoteAgent, SwitchIo};
use filter::tracker::{INSIDE, OUTSIDE, Policy};
use filterd::switch::{P4rtSwitch, SwitchError};
use p4rt::proto::p4::config::v1 as cfg;
use wire::build::{L3, write_tcp_frame};
use wire::options::OptionBytes;
use wire::{FlowKey, IpProtocol, MacAddr, TcpFlags, tcp};

fn tools() -> Option<(p4gen::p4c::P4c, std::path::PathBuf)> {
    let found =
        p4gen::p4c::P4c::find().and_then(|p| bmv2::grpc::GrpcSwitch::find().map(|s| (p, s)));
    match found {
        Ok(t) => Some(t),
        Err(e) => {
            let required = std::env::var("TANDEM_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
            assert!(!required, "TANDEM_REQUIRE_TOOLS=1 but {e}");
            println!("skipped: {e}");
            None
        }
    }
}

fn layout() -> Layout {
    Layout {
        fp_bits: 12,
        slot_bits: 6,
        rows: [2; WAYS],
        exact_entries: 256,
        state_bits: 0,
    }
}

fn config() -> Config {
    Config::new(layout(), Policy::default())
}

/// The tables-layout program's v1model P4 compiled by p4c in `dir`: its
/// P4Info and BMv2 JSON.
fn compile(p4c: &p4gen::p4c::P4c, dir: &std::path::Path) -> (cfg::P4Info, Vec<u8>) {
    let (v1model, _, _) =
        filter::program::emit_p4_with(layout(), Cells::Tables).expect("the tables program");
    let file = dir.join("cofilter.p4");
    std::fs::write(&file, v1model).expect("write P4");
    let (json, txt) = (dir.join("cofilter.json"), dir.join("cofilter.txtpb"));
    let out = Command::new(&p4c.bm2)
        .arg(&file)
        .arg("-o")
        .arg(&json)
        .arg("--p4runtime-files")
        .arg(&txt)
        .output()
        .expect("run p4c-bm2-ss");
    assert!(out.status.success(), "p4c: {out:?}");
    let info = p4rt::from_text(&std::fs::read_to_string(&txt).expect("P4Info")).expect("parse");
    (info, std::fs::read(&json).expect("JSON"))
}

/// A loopback address for switch `k` of this process.
fn grpc_addr(k: u16) -> String {
    format!(
        "127.0.0.1:{}",
        40_000 + (std::process::id() % 10_000) as u16 * 2 + k
    )
}

fn connect(
    addr: &str,
    program: &pipe::Program,
    load: Option<(cfg::P4Info, Vec<u8>)>,
) -> Result<P4rtSwitch, SwitchError> {
    let end = Instant::now() + Duration::from_secs(20);
    loop {
        match P4rtSwitch::connect_with(
            format!("http://{addr}"),
            1,
            1,
            program.clone(),
            Duration::from_secs(5),
            load.clone(),
        ) {
            Err(SwitchError::Channel(_)) if Instant::now() < end => {
                std::thread::sleep(Duration::from_millis(100));
            }
            r => return r,
        }
    }
}

fn frame(key: &FlowKey, flags: TcpFlags) -> Vec<u8> {
    let l3 = L3 {
        src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: key.src_addr,
        dst: key.dst_addr,
        ttl: 64,
        ident: 1,
    };
    let mut out = Vec::new();
    write_tcp_frame(
        &mut out,
        &l3,
        &tcp::Repr {
            src_port: key.src_port,
            dst_port: key.dst_port,
            seq_number: 1,
            ack_number: 1,
            flags,
            window: 1000,
            urgent: 0,
            options: OptionBytes::EMPTY,
        },
        &[],
    );
    out
}

/// Connection `k` from inside: 198.18.0.0/16 to 198.19.0.1:80.
fn conn(k: u32) -> FlowKey {
    FlowKey {
        src_addr: Ipv4Addr::from(0xc612_0000 + k),
        dst_addr: Ipv4Addr::new(198, 19, 0, 1),
        src_port: 1024 + (k % 50_000) as u16,
        dst_port: 80,
        protocol: IpProtocol::Tcp,
    }
}

/// A handshake's three packets through `agent` on `sw`, as the switch would
/// send them to the CPU, at `t` ns.
fn handshake<S: SwitchIo>(agent: &mut RemoteAgent, sw: &mut S, key: &FlowKey, t: u64)
where
    S::Error: std::fmt::Debug,
{
    let syn = TcpFlags::SYN;
    let ack = TcpFlags::ACK;
    for (port, k, flags) in [
        (INSIDE, *key, syn),
        (OUTSIDE, key.reversed(), syn | ack),
        (INSIDE, *key, ack),
    ] {
        agent.handle(sw, t, port, &frame(&k, flags)).expect("agent");
    }
}

/// A table's entries, sorted (as text: entries are not ordered).
fn entries<S: SwitchIo>(sw: &mut S, table: &str, now: u64) -> BTreeSet<String>
where
    S::Error: std::fmt::Debug,
{
    sw.read_hits(table, now)
        .expect("read_hits")
        .into_iter()
        .map(|(e, _)| format!("{e:?}"))
        .collect()
}

#[test]
fn the_agent_loads_and_installs_the_table_cell_program_on_bmv2() {
    let Some((p4c, ssg)) = tools() else {
        return;
    };
    let dir = tempfile::tempdir().expect("temporary directory");
    let load = compile(&p4c, dir.path());
    let bmv2 =
        bmv2::grpc::GrpcSwitch::start(&ssg, &dir.path().join("bmv2"), 1, &grpc_addr(0), None)
            .expect("simple_switch_grpc starts");
    let addr = bmv2.addr().to_string();
    let mut agent = RemoteAgent::with_cells(config(), Cells::Tables);
    let program = agent.program().expect("program");

    // A switch with no program and no files: told what to load.
    let e = connect(&addr, &program, None).expect_err("nothing to load");
    assert!(
        e.to_string().contains("give --p4info and --device-config"),
        "{e}"
    );
    // A P4Info that lacks an object of the program: refused by name before
    // anything is loaded.
    let mut short = load.clone();
    short.0.tables.retain(|t| {
        !t.preamble
            .as_ref()
            .is_some_and(|p| p.name.ends_with(".way2_cells"))
    });
    let e = connect(&addr, &program, Some(short)).expect_err("a table is missing");
    assert!(
        e.to_string().contains("table `way2_cells` is missing"),
        "{e}"
    );
    let mut sw = connect(&addr, &program, Some(load.clone())).expect("loads p4c's program");
    assert!(sw.runs_p4c());
    assert_eq!(sw.stats().resets, 1);

    // In this process, the same agent state over the same program.
    let mut twin = RemoteAgent::with_cells(config(), Cells::Tables);
    let mut model = pipe::Switch::new(program.clone()).expect("model");
    let n = agent.install(&mut sw).expect("install on BMv2");
    assert_eq!(twin.install(&mut model).expect("install"), n);
    for t in program.tables.iter().map(|t| t.name.as_str()) {
        if t.ends_with("_cells") || t == EXACT_TABLE {
            continue;
        }
        let got: BTreeSet<String> = sw
            .read_table(t)
            .expect("read")
            .iter()
            .map(|e| format!("{e:?}"))
            .collect();
        let want: BTreeSet<String> = model
            .entries(t)
            .expect("entries")
            .iter()
            .map(|e| format!("{e:?}"))
            .collect();
        assert_eq!(got, want, "table `{t}`");
    }
    for m in [MISS_METER, SYN_METER] {
        assert_eq!(
            sw.read_meter(m, 0).expect("read meter"),
            model.meter_config(m, 0).expect("model meter"),
            "meter `{m}`"
        );
    }

    // Connections through both agents: the cells and exact entries they
    // write are on BMv2 as in the model.
    let t0 = Instant::now();
    let now = || u64::try_from(t0.elapsed().as_nanos()).expect("ns");
    for k in 0..40 {
        let t = now();
        handshake(&mut agent, &mut sw, &conn(k), t);
        handshake(&mut twin, &mut model, &conn(k), t);
    }
    let mut cells = 0;
    for w in 0..WAYS {
        let t = cells_table_name(w);
        let got = entries(&mut sw, &t, now());
        assert_eq!(got, entries(&mut model, &t, now()), "table `{t}`");
        cells += got.len();
    }
    assert!(cells > 0, "connections were hashed into cells");
    let exact: BTreeSet<String> = sw
        .read_table(EXACT_TABLE)
        .expect("read")
        .iter()
        .map(|e| format!("{e:?}"))
        .collect();
    let want: BTreeSet<String> = model
        .entries(EXACT_TABLE)
        .expect("entries")
        .iter()
        .map(|e| format!("{e:?}"))
        .collect();
    assert_eq!(exact, want);
    println!("{cells} cell entries, {} exact entries", exact.len());
    // No packet hit them: each cell's last hit is about its write.
    let at = now();
    for w in 0..WAYS {
        for (_, hit) in sw.read_hits(&cells_table_name(w), at).expect("read_hits") {
            assert!(hit <= at && hit + 5_000_000_000 > at, "hit {hit} at {at}");
        }
    }
    // Not marked (BMv2 refuses RECONCILE_AND_COMMIT): a new connection
    // without the files reads the P4Info from the switch, finds the cookie
    // the pipeline was loaded with and the state kept; a reset (p4c's config
    // committed again) empties the tables.
    sw.mark(7).expect("mark");
    drop(sw);
    let mut sw = connect(&addr, &program, None).expect("reconnects without the files");
    assert!(sw.runs_p4c());
    assert_eq!(sw.cookie(), Some(0));
    assert_eq!(
        (0..WAYS)
            .map(|w| entries(&mut sw, &cells_table_name(w), now()).len())
            .sum::<usize>(),
        cells
    );
    sw.reset(0).expect("reset");
    assert_eq!(sw.cookie(), Some(0));
    assert!(entries(&mut sw, &cells_table_name(0), now()).is_empty());
    // The whole state again: the fixed entries and meters, and the cells.
    assert_eq!(agent.install(&mut sw).expect("install again"), n + cells);
    for w in 0..WAYS {
        let t = cells_table_name(w);
        assert_eq!(entries(&mut sw, &t, now()), entries(&mut model, &t, now()));
    }
    // Register cells do not exist on this switch.
    let e = sw
        .read_registers(&[("way0_p0".into(), 0)])
        .expect_err("no registers");
    assert!(e.to_string().contains("--cells tables"), "{e}");
}

/// A switch's data plane: what leaves which port for a frame entering
/// `port` at `now` (ns).
trait DataPlane {
    fn send(&mut self, now: u64, port: u16, frame: &[u8]) -> Vec<(u16, Vec<u8>)>;
}

impl DataPlane for pipe::Switch {
    fn send(&mut self, now: u64, port: u16, frame: &[u8]) -> Vec<(u16, Vec<u8>)> {
        let out = self
            .process(Duration::from_nanos(now), port, frame)
            .expect("the model runs");
        match out.verdict {
            pipe::Verdict::Emit { port } => vec![(port, out.bytes)],
            _ => Vec::new(),
        }
    }
}

/// BMv2: its data plane over nanomsg, its control plane over P4Runtime.
struct OnBmv2 {
    io: bmv2::grpc::GrpcSwitch,
    sw: P4rtSwitch,
}

impl DataPlane for OnBmv2 {
    fn send(&mut self, _now: u64, port: u16, frame: &[u8]) -> Vec<(u16, Vec<u8>)> {
        self.io.process(port, frame).expect("BMv2 runs the packet")
    }
}

impl SwitchIo for OnBmv2 {
    type Error = SwitchError;
    fn write(&mut self, writes: &[filter::remote::Write]) -> Result<(), SwitchError> {
        self.sw.write(writes)
    }
    fn read_registers(&mut self, cells: &[(String, u32)]) -> Result<Vec<u64>, SwitchError> {
        self.sw.read_registers(cells)
    }
    fn read_hits(
        &mut self,
        table: &str,
        now: u64,
    ) -> Result<Vec<(pipe::TableEntry, u64)>, SwitchError> {
        self.sw.read_hits(table, now)
    }
}

/// One packet through switch and agent as the two-process filter runs it:
/// the frames that leave the switch's ports in the end (what the switch
/// sends its CPU port goes through the agent: out of the port it names, or
/// nowhere; a FIN it counts goes back in on the CPU port first).
fn step<S: SwitchIo + DataPlane>(
    agent: &mut RemoteAgent,
    sw: &mut S,
    now: u64,
    port: u16,
    frame: &[u8],
) -> (Vec<(u16, Vec<u8>)>, u64)
where
    S::Error: std::fmt::Debug,
{
    let cpu = filter::program::CPU_PORT as u16;
    agent.tick(sw, now).expect("scan");
    let mut out = Vec::new();
    let mut to_agent = 0;
    for (p, f) in sw.send(now, port, frame) {
        if p != cpu {
            out.push((p, f));
            continue;
        }
        to_agent += 1;
        // The table-cell program frames what it sends the CPU "from port
        // N" (`Program::cpu_link`), as the daemon's link carries it.
        let (in_port, inner) = match wire::link::unwrap(&f) {
            Ok((wire::link::Kind::FromPort, p, inner)) => (p, inner.to_vec()),
            other => panic!("a CPU frame not framed from its port: {other:?}"),
        };
        assert_eq!(in_port, port, "the port the frame came in on");
        let h = agent.handle(sw, now, in_port, &inner).expect("agent");
        if h.recount {
            assert!(
                sw.send(now, cpu, &inner).is_empty(),
                "a counted FIN is dropped"
            );
        }
        if let filter::tracker::Verdict::Forward(o) = h.verdict {
            // The agent's forward goes back through the switch as the daemon
            // sends it: a link frame "out of port o" on the CPU port.
            let back = sw.send(
                now,
                cpu,
                &wire::link::wrap(wire::link::Kind::OutOf, o, &inner),
            );
            assert_eq!(
                back,
                vec![(o, inner)],
                "the switch sends the agent's forward out of {o}"
            );
            out.extend(back);
        }
    }
    (out, to_agent)
}

/// Connections from inside and a few from outside (refused by the
/// policy, which opens port 22 only), as (port, frame) in time order.
fn traffic() -> Vec<(u16, Vec<u8>)> {
    use trace::workload::{GenOptions, Side, Workload, generate};
    let mut out = Vec::new();
    for (client, flows, seed) in [(INSIDE, 40, 3), (OUTSIDE, 6, 4)] {
        let t = generate(&GenOptions {
            workload: "websearch".parse::<Workload>().expect("workload"),
            flows,
            seed,
            rate: 60.0,
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
    out.into_iter().map(|(_, p, f)| (p, f)).collect()
}

#[test]
fn the_agent_through_bmv2_forwards_what_it_forwards_through_the_model() {
    let Some((p4c, ssg)) = tools() else {
        return;
    };
    let dir = tempfile::tempdir().expect("temporary directory");
    let load = compile(&p4c, dir.path());
    let json = dir.path().join("cofilter.json");
    let io = bmv2::grpc::GrpcSwitch::start(
        &ssg,
        &dir.path().join("bmv2"),
        1,
        &grpc_addr(1),
        Some((&json, Duration::from_secs(10))),
    )
    .expect("simple_switch_grpc starts");
    let mut policy = Policy::default();
    policy.allow_inbound.insert(22);
    let mut cfg = Config::new(layout(), policy);
    cfg.scan_interval_ns = 100_000_000;
    let mut agent = RemoteAgent::with_cells(cfg.clone(), Cells::Tables);
    let program = agent.program().expect("program");
    let sw = connect(io.addr(), &program, Some(load)).expect("loads p4c's program");
    let mut bm = OnBmv2 { io, sw };
    agent.install(&mut bm).expect("install on BMv2");

    // Through BMv2 on the wall clock; the times each packet went in are
    // the model's.
    let pkts = traffic();
    let t0 = Instant::now();
    let mut times = Vec::with_capacity(pkts.len());
    let mut on_bmv2 = Vec::with_capacity(pkts.len());
    let mut to_agent = 0;
    // The packets the switch forwarded alone (hashed connections').
    let mut alone = Vec::new();
    for (i, (port, f)) in pkts.iter().enumerate() {
        let now = u64::try_from(t0.elapsed().as_nanos()).expect("ns");
        times.push(now);
        let (out, n) = step(&mut agent, &mut bm, now, *port, f);
        to_agent += n;
        if n == 0 && !out.is_empty() {
            alone.push(i);
        }
        on_bmv2.push(out);
    }
    let took = t0.elapsed();
    let now = || u64::try_from(t0.elapsed().as_nanos()).expect("ns");
    // Hit times: the last of those packets whose connection the switch
    // still forwards, sent again a while later, hits one cell; every other
    // cell was last hit (or written) before.
    std::thread::sleep(Duration::from_millis(300));
    let before = now();
    let cpu = filter::program::CPU_PORT as u16;
    let again = alone.iter().rev().find(|&&i| {
        let (port, f) = &pkts[i];
        bm.send(now(), *port, f).iter().any(|(p, _)| *p != cpu)
    });
    assert!(again.is_some(), "a connection the switch still forwards");
    let at = now();
    let hits: Vec<u64> = (0..WAYS)
        .flat_map(|w| {
            bm.read_hits(&cells_table_name(w), at)
                .expect("read_hits")
                .into_iter()
                .map(|(_, t)| t)
        })
        .collect();
    let later = hits.iter().filter(|t| **t >= before).count();
    assert_eq!(later, 1, "one cell hit after {before} ns: {hits:?}");
    assert!(hits.len() > 1, "{hits:?}");

    let mut twin = RemoteAgent::with_cells(cfg, Cells::Tables);
    let mut model = pipe::Switch::new(program).expect("model");
    twin.install(&mut model).expect("install");
    let mut mismatches = 0;
    let (mut forwarded, mut dropped) = (0, 0);
    for (i, ((port, f), now)) in pkts.iter().zip(&times).enumerate() {
        let (out, _) = step(&mut twin, &mut model, *now, *port, f);
        if out.is_empty() {
            dropped += 1;
        } else {
            forwarded += 1;
        }
        if out != on_bmv2[i] {
            if mismatches < 5 {
                println!(
                    "packet {i} on port {port}: BMv2 sent {:?}, the model {:?}",
                    on_bmv2[i]
                        .iter()
                        .map(|(p, f)| (p, f.len()))
                        .collect::<Vec<_>>(),
                    out.iter().map(|(p, f)| (p, f.len())).collect::<Vec<_>>()
                );
            }
            mismatches += 1;
        }
    }
    println!(
        "{} packets through BMv2 in {took:?}: {to_agent} to the agent, {forwarded} forwarded, {dropped} dropped; agent {:?}, twin {:?}",
        pkts.len(),
        agent.stats,
        twin.stats
    );
    assert_eq!(mismatches, 0);
    assert!(pkts.len() > 300, "{} packets", pkts.len());
    assert!(
        to_agent > 0 && (to_agent as usize) < pkts.len(),
        "the switch decided some, the agent the rest"
    );
    assert!(dropped > 0 && forwarded > 0);
    assert_eq!(agent.stats.cpu_packets, twin.stats.cpu_packets);
    assert!(
        agent.stats.scans > 0,
        "idle scans read the cells' hit times"
    );
    // The cells the agent wrote: on BMv2 as in the model.
    for w in 0..WAYS {
        let t = cells_table_name(w);
        assert_eq!(
            entries(&mut bm, &t, now()),
            entries(&mut model, &t, now()),
            "{t}"
        );
    }
}
