//! The sharded engine (`tandem live --workers N`) against the sequential one:
//! frames spread over real threads by the symmetric flow hash (as
//! PACKET_FANOUT spreads them), the threads racing, then the recorded steps
//! replayed in stamp order through `PartitionedEngine` + `Runner`. Every run
//! must give the same frames out of each port in the same order with the
//! same times, the same summary (counts, events, counters), the same final
//! state and the same switch tables, on MazuNAT, the load balancer and the
//! firewall; on Gallium's serial channel and the batched one with group
//! commit; under SYN floods, idle expiry and idle workers' timer runs.

mod common;

use common::*;
use runner::sharded::{Step, ThreadsRun, run_threads};
use runner::{ControlOptions, PacketLog, PartitionedEngine, Runner, ShardedEngine, Source};
use trace::workload::GenOptions;
use wire::build::{L3, tcp_frame, udp_frame};
use wire::{MacAddr, TcpFlags, tcp, udp};

/// A frame entering a port at a time.
type Input = (u16, u64, Vec<u8>);

/// A small deterministic generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

struct Case {
    name: String,
    compiled: lang::Compiled,
    control: ControlOptions,
    inputs: Vec<Input>,
    /// Replicated tables to compare.
    tables: &'static [&'static str],
}

fn engine(c: &Case) -> PartitionedEngine {
    let mut e = PartitionedEngine::new(&c.compiled.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{}: {e}", c.name));
    e.set_control(c.control);
    e
}

fn batched_group() -> ControlOptions {
    ControlOptions {
        channel: pipe::Channel::batched(),
        group_commit: true,
        ..ControlOptions::default()
    }
}

/// A batched channel with a 2 µs round: `L_min` is 3 µs, so workers run
/// within a few microseconds of each other and the horizon is tight.
fn fast_batched() -> ControlOptions {
    ControlOptions {
        channel: pipe::Channel::Batched {
            request: std::time::Duration::from_micros(2),
            per_entry: std::time::Duration::from_micros(1),
            max_batch: 8,
            window: 1,
        },
        group_commit: true,
        ..ControlOptions::default()
    }
}

/// The inputs a closed-loop run of a seeded workload hands `compiled` (the
/// servers answer what left port 1), with their times, squeezed `squeeze`
/// times closer together (more packets meet updates in flight).
fn workload_inputs(compiled: &lang::Compiled, flows: u32, seed: u64, squeeze: u64) -> Vec<Input> {
    let trace = generate(&GenOptions {
        flows,
        seed,
        udp_share: 0.3,
        max_flow_bytes: Some(12_000),
        ..GenOptions::default()
    });
    let pe = PartitionedEngine::new(&compiled.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut rec = runner::Recorder::new(pe);
    let _ = runner::run_workload(
        &mut rec,
        &compiled.program,
        &trace,
        PacketLog::default(),
        &mut |_, _| {},
    );
    let t0 = rec.seen.first().map_or(0, |s| s.1);
    rec.seen
        .into_iter()
        .map(|(p, t, f)| (p, t0 + (t - t0) / squeeze.max(1), f))
        .collect()
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

fn tcp_pkt(src: [u8; 4], sport: u16, dst: [u8; 4], dport: u16, flags: u16) -> Vec<u8> {
    tcp_frame(
        &l3(src, dst),
        &tcp::Repr {
            src_port: sport,
            dst_port: dport,
            seq_number: 1,
            ack_number: 0,
            flags: TcpFlags(flags),
            window: 1000,
            urgent: 0,
            options: Default::default(),
        },
        b"GET / HTTP/1.1",
    )
}

/// A SYN flood (a new flow per SYN, `gap_ns` apart, from many sources) into
/// port 0, mixed with the traffic of a few established connections both
/// ways and some UDP. `server` is where clients connect; `back` is the
/// address answers come from and `ext` the port they go to for client `i`.
fn flood(
    rng: &mut Rng,
    n: usize,
    gap_ns: u64,
    server: [u8; 4],
    back: impl Fn(usize) -> ([u8; 4], u16),
) -> Vec<Input> {
    let mut t = 1_000_000_000u64;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        t += 1 + rng.below(2 * gap_ns);
        let src = [10, 1, (i / 250) as u8, 1 + (i % 250) as u8];
        let frame = match rng.below(10) {
            // An established connection's data both ways.
            0..=2 => {
                let c = rng.below(4) as usize;
                if rng.below(2) == 0 {
                    out.push((
                        0,
                        t,
                        tcp_pkt([10, 0, 0, 1 + c as u8], 5000 + c as u16, server, 80, 0x018),
                    ));
                    continue;
                }
                let (from, port) = back(c);
                out.push((1, t, tcp_pkt(from, 80, server, port, 0x018)));
                continue;
            }
            3 => udp_frame(
                &l3(src, server),
                &udp::Repr {
                    src_port: 4000 + (i % 7) as u16,
                    dst_port: 53,
                },
                b"q",
            ),
            _ => tcp_pkt(src, 1024 + (i % 60_000) as u16, server, 80, 0x002),
        };
        out.push((0, t, frame));
    }
    out
}

/// Spreads `inputs` over `workers` lists by the symmetric flow hash, with
/// idle workers' timer runs (`ticks` per mille of steps) at random times.
fn spread(inputs: &[Input], workers: usize, rng: &mut Rng, ticks: u64) -> Vec<Vec<Step>> {
    let mut lists: Vec<Vec<Step>> = vec![Vec::new(); workers];
    for (port, ts, frame) in inputs {
        let w = wire::FlowKey::from_frame(frame)
            .ok()
            .flatten()
            .map_or(0, |k| k.symmetric_hash() as usize % workers);
        if rng.below(1000) < ticks {
            let idle = rng.below(workers as u64) as usize;
            lists[idle].push(Step::Tick {
                ts_ns: ts.saturating_sub(rng.below(300_000)),
            });
        }
        lists[w].push(Step::Packet {
            port: *port,
            ts_ns: *ts,
            frame: frame.clone(),
        });
    }
    lists
}

/// Runs `case` sharded over `workers` threads and sequentially over the
/// recorded steps, and requires the same everything.
fn same_as_sequential(case: &Case, workers: usize, seed: u64, ticks: u64) -> ThreadsRun {
    let mut rng = Rng(seed);
    let program = &case.compiled.program;
    let eng = ShardedEngine::new(engine(case), workers).unwrap_or_else(|e| panic!("{e}"));
    let run = run_threads(
        &eng,
        program,
        spread(&case.inputs, workers, &mut rng, ticks),
        None,
    );
    let label = format!("{} on {workers} workers (seed {seed})", case.name);
    assert_eq!(run.shard.order_violations, 0, "{label}: {:?}", run.shard);

    let mut seq = engine(case);
    let mut r = Runner::new(&mut seq, program, PacketLog::default());
    for s in &run.steps {
        match s {
            Step::Packet { port, ts_ns, frame } => {
                r.packet(*port, *ts_ns, frame)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            Step::Tick { ts_ns } => {
                r.advance(*ts_ns).unwrap_or_else(|e| panic!("{e}"));
            }
        }
    }
    let (summary, log, _) = r.finish(Source::Live { ports: Vec::new() });

    if let Some(i) = (0..log.packets.len().max(run.outputs.len()))
        .find(|&i| log.packets.get(i) != run.outputs.get(i))
    {
        panic!(
            "{label}: outputs differ first at {i} of {} / {}: sequential {:?}, sharded {:?}",
            log.packets.len(),
            run.outputs.len(),
            log.packets.get(i).map(|e| (e.port, e.ts_ns)),
            run.outputs.get(i).map(|e| (e.port, e.ts_ns)),
        );
    }
    let json = |s: &runner::Summary| serde_json::to_value(s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(json(&run.summary), json(&summary), "{label}: summaries");
    let last = summary.last_ts_ns.unwrap_or(0);
    assert_eq!(
        eng.state_json(last),
        runner::Engine::state_json(&seq, last),
        "{label}: final state"
    );
    // The tables as the sequential switch holds them at its latest time.
    let at = seq.switch().now();
    for table in case.tables {
        let want = seq.switch().entries(table).ok();
        let short = |e: &Option<Vec<pipe::TableEntry>>| e.as_ref().map(Vec::len);
        let leader = eng.leader_entries(table, at);
        assert!(
            leader == want,
            "{label}: leader's {table}: {:?} entries, sequential {:?}",
            short(&leader),
            short(&want)
        );
        for w in 0..workers {
            let r = eng.replica_entries(w, table, at);
            assert!(
                r == want,
                "{label}: replica {w}'s {table}: {:?} entries, sequential {:?}",
                short(&r),
                short(&want)
            );
        }
    }
    run
}

fn nat() -> lang::Compiled {
    compile("mazunat.nf", &["external_ip=198.19.0.1"])
}

fn lb() -> lang::Compiled {
    compile(
        "lb.nf",
        &[
            "vip=198.19.0.100",
            "backends=198.19.1.1,198.19.1.2,198.19.1.3",
        ],
    )
}

#[test]
fn mazunat_workloads_run_sharded_as_in_sequence() {
    let c = nat();
    for (i, control) in [ControlOptions::default(), batched_group(), fast_batched()]
        .into_iter()
        .enumerate()
    {
        for (workers, squeeze) in [(2usize, 1u64), (3, 20)] {
            let seed = 10 + i as u64 * 7 + squeeze;
            let case = Case {
                name: format!("mazunat {control:?} squeeze {squeeze}"),
                inputs: workload_inputs(&c, 40, seed, squeeze),
                compiled: c.clone(),
                control,
                tables: &["t_nat_out", "t_nat_in"],
            };
            let run = same_as_sequential(&case, workers, seed, 20);
            let p = run.summary.partition.clone().unwrap_or_default();
            assert!(p.server_packets > 0, "{p:?}");
            // Squeezed 20 times on Gallium's 130 µs channel, every packet
            // meets an update in flight and is re-run on the server.
            assert!(squeeze > 1 || p.switch_only_packets > 0, "{p:?}");
            assert!(run.shard.timer_runs > 0, "{:?}", run.shard);
        }
    }
}

#[test]
fn load_balancer_and_firewall_run_sharded_as_in_sequence() {
    let c = lb();
    for control in [ControlOptions::default(), fast_batched()] {
        let case = Case {
            name: format!("lb {control:?}"),
            inputs: workload_inputs(&c, 40, 5, 10),
            compiled: c.clone(),
            control,
            tables: &["t_conns"],
        };
        same_as_sequential(&case, 3, 77, 10);
    }
    // The firewall decides everything on the switch, from its initial tables.
    let trace = generate(&GenOptions {
        flows: 30,
        seed: 4,
        max_flow_bytes: Some(8_000),
        ..GenOptions::default()
    });
    let mut rules = String::new();
    for (i, conn) in trace
        .connections
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
    {
        let _ = i;
        rules.push_str(&format!(
            "tcp {} {} {} {}\nudp {} {} {} {}\n",
            conn.client.ip(),
            conn.client.port(),
            conn.server.ip(),
            conn.server.port(),
            conn.client.ip(),
            conn.client.port(),
            conn.server.ip(),
            conn.server.port()
        ));
    }
    let dir = std::env::temp_dir().join(format!("runner-sharded-fw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.join("rules.txt");
    std::fs::write(&path, rules).unwrap_or_else(|e| panic!("{e}"));
    let fw = compile("firewall.nf", &[&format!("rules={}", path.display())]);
    let case = Case {
        name: "firewall".into(),
        inputs: workload_inputs(&fw, 30, 4, 1),
        compiled: fw,
        control: ControlOptions::default(),
        tables: &[],
    };
    let run = same_as_sequential(&case, 2, 3, 0);
    let p = run.summary.partition.clone().unwrap_or_default();
    assert_eq!(p.server_packets, 0, "{p:?}");
    assert!(run.summary.dropped > 0 && run.summary.total_out() > 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn syn_floods_run_sharded_as_in_sequence() {
    let c = nat();
    for (i, control) in [ControlOptions::default(), batched_group(), fast_batched()]
        .into_iter()
        .enumerate()
    {
        let mut rng = Rng(100 + i as u64);
        // Answers from the server to the NAT's ports 1024.. (the first four
        // flows get the first ports when they open first).
        let inputs = flood(&mut rng, 1_500, 3_000, [198, 19, 0, 2], |c| {
            ([198, 19, 0, 2], 1024 + c as u16)
        });
        let case = Case {
            name: format!("mazunat flood {control:?}"),
            compiled: c.clone(),
            control,
            inputs,
            tables: &["t_nat_out", "t_nat_in"],
        };
        let run = same_as_sequential(&case, 2 + i % 2, 200 + i as u64, 30);
        let p = run.summary.partition.clone().unwrap_or_default();
        assert!(p.server_packets > 1_000, "{p:?}");
        assert!(p.held_packets > 1_000, "{p:?}");
    }
    let c = lb();
    let mut rng = Rng(9);
    let inputs = flood(&mut rng, 1_200, 2_000, [198, 19, 0, 100], |c| {
        ([198, 19, 1, 1 + (c % 3) as u8], 5000 + c as u16)
    });
    let case = Case {
        name: "lb flood".into(),
        compiled: c,
        control: fast_batched(),
        inputs,
        tables: &["t_conns"],
    };
    same_as_sequential(&case, 3, 11, 30);
}

/// Connections of the load balancer with a 2 s idle timeout: the server's
/// once-a-second polls see each replica's hits (`absorb_hits`), so an entry
/// is removed when it is idle on every worker, at the same poll as in
/// sequence, while workers race.
#[test]
fn idle_expiry_runs_sharded_as_in_sequence() {
    let text = std::fs::read_to_string(example("lb.nf")).unwrap_or_else(|e| panic!("{e}"));
    let text = text.replace("idle_timeout 5min", "idle_timeout 2s");
    assert!(text.contains("idle_timeout 2s"));
    let mut o = lang::Overrides::new();
    for s in [
        "vip=198.19.0.100",
        "backends=198.19.1.1,198.19.1.2,198.19.1.3",
    ] {
        o.set_assignment(s).unwrap_or_else(|e| panic!("{e}"));
    }
    let c = lang::compile("lb-idle.nf", &text, &o, &lang::FsLoader { base: None })
        .unwrap_or_else(|e| panic!("{e:?}"));
    for (seed, control) in [(1u64, ControlOptions::default()), (2, fast_batched())] {
        let mut rng = Rng(seed);
        // 24 connections, each a burst now and then over 12 s: some come
        // back after their entry idled out, some within the timeout.
        let mut inputs = Vec::new();
        for conn in 0..24u16 {
            let mut t = 1_000_000_000u64 + rng.below(500_000_000);
            let client = [10, 2, 0, 1 + conn as u8];
            for _ in 0..4 {
                for k in 0..3 {
                    let flags = if k == 0 { 0x002 } else { 0x010 };
                    inputs.push((
                        0,
                        t,
                        tcp_pkt(client, 7000 + conn, [198, 19, 0, 100], 80, flags),
                    ));
                    let backend = [198, 19, 1, 1 + (conn % 3) as u8];
                    inputs.push((
                        1,
                        t + 40_000,
                        tcp_pkt(backend, 80, client, 7000 + conn, 0x010),
                    ));
                    t += 100_000 + rng.below(400_000);
                }
                t += 500_000_000 + rng.below(3_000_000_000);
            }
        }
        inputs.sort_by_key(|i| i.1);
        let case = Case {
            name: format!("lb idle {control:?}"),
            compiled: c.clone(),
            control,
            inputs,
            tables: &["t_conns"],
        };
        let run = same_as_sequential(&case, 3, seed, 50);
        let p = run.summary.partition.clone().unwrap_or_default();
        assert!(p.server.idle_removals > 0, "{p:?}");
    }
}

/// Many short runs with few flows and gaps of a few microseconds, on a
/// channel whose `L_min` is 3 µs: the interleavings the protocol must
/// order (a flow's next packet on one worker while its first is on the
/// server from another, timer runs racing server calls).
#[test]
fn many_tight_races_run_sharded_as_in_sequence() {
    let cases = [(nat(), [198u8, 19, 0, 2]), (lb(), [198, 19, 0, 100])];
    for iter in 0..24u64 {
        let (compiled, server) = &cases[(iter % 2) as usize];
        let mut rng = Rng(1_000 + iter);
        let mut t = 1_000_000_000u64;
        let mut inputs = Vec::new();
        for _ in 0..120 {
            t += 1 + rng.below(6_000);
            let flow = rng.below(6) as u16;
            let client = [10, 3, 0, 1 + (flow % 3) as u8];
            let flags = [0x002u16, 0x010, 0x018, 0x011, 0x004][rng.below(5) as usize];
            if rng.below(3) == 0 {
                let from = if iter % 2 == 0 {
                    *server
                } else {
                    [198, 19, 1, 1 + (flow % 3) as u8]
                };
                let to_port = if iter % 2 == 0 {
                    1024 + flow
                } else {
                    6000 + flow
                };
                inputs.push((1, t, tcp_pkt(from, 80, client, to_port, flags)));
            } else {
                inputs.push((0, t, tcp_pkt(client, 6000 + flow, *server, 80, flags)));
            }
        }
        let case = Case {
            name: format!("tight races {iter}"),
            compiled: compiled.clone(),
            control: if iter % 3 == 0 {
                ControlOptions::default()
            } else {
                fast_batched()
            },
            inputs,
            tables: if iter % 2 == 0 {
                &["t_nat_out", "t_nat_in"]
            } else {
                &["t_conns"]
            },
        };
        same_as_sequential(&case, 2 + (iter % 3) as usize, iter, 100);
    }
}

#[test]
fn a_switch_part_with_data_plane_state_is_not_sharded() {
    // With stale registers offloaded, MazuNAT's port counter is a switch
    // register written per packet: replicas would each count on their own.
    let c = nat();
    let options = compiler::Options {
        offload_stale_registers: true,
        ..compiler::Options::default()
    };
    let pe = PartitionedEngine::new(&c.program, &options).unwrap_or_else(|e| panic!("{e}"));
    let err = ShardedEngine::new(pe, 2).err().expect("refused");
    assert!(err.reason.contains("r_next_port"), "{}", err.reason);
}
