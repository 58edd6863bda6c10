//! Classification in both directions (prefix filters and hash ranges), the
//! shim's order, per-core assignment, and inline vs threaded execution.

use std::net::Ipv4Addr;

use combox::{
    BoxEngine, BoxError, BoxPlan, Catalogue, Classified, Execution, Overflow, ShimVerdict,
    flow_hash,
};
use plan::boxcfg::{self, FlowHash, HASH_SPACE, TopologyStamp};
use plan::config::{Assignment, BoxConfig, CoreShare, Filter};
use runner::{Engine, PacketLog};
use wire::build::{self, L3};
use wire::{FlowKey, MacAddr};

fn compile(name: &str, src: &str) -> ir::Program {
    lang::compile(
        name,
        src,
        &lang::Overrides::new(),
        &lang::FsLoader { base: None },
    )
    .unwrap_or_else(|d| panic!("{name}: {d:?}"))
    .program
}

/// `rewrite` sets the destination to 10.9.9.9; `guard` drops what goes there;
/// `dropall` drops everything; `seen` remembers every (src, dst) it sees.
fn catalogue() -> Catalogue {
    Catalogue::from_programs([
        (
            "rewrite".to_string(),
            compile(
                "rewrite",
                "on packet { ipv4.dst = 10.9.9.9; forward(in_port ^ 1); }",
            ),
        ),
        (
            "guard".to_string(),
            compile(
                "guard",
                "on packet { if ipv4.dst == 10.9.9.9 { drop(); } forward(in_port ^ 1); }",
            ),
        ),
        (
            "seen2".to_string(),
            compile(
                "seen2",
                "map flows: (ipv4, u16) -> u8 capacity 4096;\n\
                 on packet { if udp.valid { flows.insert((ipv4.dst, udp.dst_port), 1); } forward(in_port ^ 1); }",
            ),
        ),
        (
            "dropall".to_string(),
            compile("dropall", "on packet { drop(); }"),
        ),
        (
            "totcp".to_string(),
            compile(
                "totcp",
                "on packet { if udp.valid { ipv4.protocol = 6; } forward(in_port ^ 1); }",
            ),
        ),
        (
            "tcpback".to_string(),
            compile(
                "tcpback",
                "on packet { if tcp.valid { forward(in_port); } forward(in_port ^ 1); }",
            ),
        ),
        (
            "seen".to_string(),
            compile(
                "seen",
                "map flows: (ipv4, ipv4) -> u8 capacity 4096;\n\
                 on packet { flows.insert((ipv4.src, ipv4.dst), 1); forward(in_port ^ 1); }",
            ),
        ),
    ])
}

fn filter(src: &str, dst: &str, proto: &str, dport: Option<u16>, hash: Option<[u64; 2]>) -> Filter {
    Filter {
        src: src.parse().expect("prefix"),
        dst: dst.parse().expect("prefix"),
        protocol: proto.into(),
        src_ports: vec![],
        dst_ports: dport.into_iter().collect(),
        hash,
        except_ports: vec![],
        server_lower: None,
    }
}

fn reverse(f: &Filter) -> Filter {
    Filter {
        src: f.dst,
        dst: f.src,
        protocol: f.protocol.clone(),
        src_ports: f.dst_ports.clone(),
        dst_ports: f.src_ports.clone(),
        hash: f.hash,
        except_ports: f.except_ports.clone(),
        server_lower: f
            .server_lower
            .as_deref()
            .map(|s| if s == "dst" { "src" } else { "dst" }.to_string()),
    }
}

fn assignment(class: usize, apps: &[&str], fwd: Vec<Filter>) -> Assignment {
    Assignment {
        class,
        hyperapp: apps.iter().map(|s| s.to_string()).collect(),
        label: format!("{} []", apps.join(">")),
        modules: vec![],
        fraction: 1.0,
        reverse: fwd.iter().map(reverse).collect(),
        forward: fwd,
    }
}

/// Class 0: UDP to port 53 from 10.1/16 to 10.2/16 → `chain`, split over cores
/// 0 and 1 by halves of the hash; class 1: anything else between those prefixes
/// → `seen` on core 1.
fn config(chain: &[&str], class0_hash: Option<[u64; 2]>) -> BoxConfig {
    let a0 = assignment(
        0,
        chain,
        vec![filter(
            "10.1.0.0/16",
            "10.2.0.0/16",
            "udp",
            Some(53),
            class0_hash,
        )],
    );
    let a1 = assignment(
        1,
        &["seen"],
        vec![filter("10.1.0.0/16", "10.2.0.0/16", "any", None, None)],
    );
    let (l0, l1) = (a0.label.clone(), a1.label.clone());
    let mut b = BoxConfig {
        node: "B".into(),
        topology: TopologyStamp {
            nodes: 1,
            classes: 2,
            fingerprint: "fnv1a64:test".into(),
        },
        flow_hash: FlowHash::default(),
        cores_total: 2,
        load: vec![0.5],
        assignments: vec![a0, a1],
        cores: vec![
            CoreShare {
                core: 0,
                hyperapp: l0.clone(),
                fraction: 0.5,
            },
            CoreShare {
                core: 1,
                hyperapp: l0,
                fraction: 0.5,
            },
            CoreShare {
                core: 1,
                hyperapp: l1,
                fraction: 1.0,
            },
        ],
        max_core_load: 0.5,
        queues: vec![],
    };
    b.queues = boxcfg::queues(&b);
    b
}

fn l3(src: [u8; 4], dst: [u8; 4]) -> L3 {
    L3 {
        src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: Ipv4Addr::from(src),
        dst: Ipv4Addr::from(dst),
        ttl: 64,
        ident: 1,
    }
}

fn udp(src: [u8; 4], sport: u16, dst: [u8; 4], dport: u16) -> Vec<u8> {
    build::udp_frame(
        &l3(src, dst),
        &wire::udp::Repr {
            src_port: sport,
            dst_port: dport,
        },
        b"payload",
    )
}

fn key(frame: &[u8]) -> FlowKey {
    FlowKey::from_headers(&wire::parse_frame(frame).expect("parses")).expect("key")
}

fn plan_for(cfg: BoxConfig) -> BoxPlan {
    BoxPlan::new(cfg, &catalogue()).expect("valid box")
}

#[test]
fn both_directions_of_a_session_reach_the_same_queue() {
    let plan = plan_for(config(&["seen"], None));
    let mut cores = std::collections::BTreeSet::new();
    for i in 0..64u16 {
        let fwd = udp([10, 1, 0, (i % 200) as u8], 1000 + i, [10, 2, 3, 4], 53);
        let rev = udp([10, 2, 3, 4], 53, [10, 1, 0, (i % 200) as u8], 1000 + i);
        let (a, b) = (
            plan.classifier.classify(&fwd),
            plan.classifier.classify(&rev),
        );
        let (
            Classified::Queue {
                assignment: a0,
                reverse: r0,
                queue: q0,
                core: c0,
                ..
            },
            Classified::Queue {
                assignment: a1,
                reverse: r1,
                queue: q1,
                ..
            },
        ) = (a, b)
        else {
            panic!("both directions are classified: {a:?} {b:?}");
        };
        assert_eq!((a0, a1), (0, 0), "the DNS class, not the catch-all");
        assert!(!r0 && r1, "forward filter, then reverse filter");
        assert_eq!(q0, q1, "same queue, hence same core");
        // The queue is the one whose hash range holds the session's hash.
        let h = u64::from(flow_hash(&key(&fwd), 0));
        let q = &plan.config.queues[q0];
        assert!(q.hash[0] <= h && h < q.hash[1]);
        cores.insert(c0);
    }
    assert_eq!(cores.len(), 2, "64 sessions spread over both cores");
    // Other traffic between the prefixes goes to the catch-all class.
    let ssh = udp([10, 1, 0, 1], 999, [10, 2, 0, 1], 22);
    assert!(matches!(
        plan.classifier.classify(&ssh),
        Classified::Queue { assignment: 1, .. }
    ));
    // Traffic of no class passes through; non-IP is recognised.
    let other = udp([10, 3, 0, 1], 1, [10, 2, 0, 1], 53);
    assert_eq!(plan.classifier.classify(&other), Classified::Unmatched);
    assert_eq!(plan.classifier.classify(&[0u8; 20]), Classified::NotIp);
}

#[test]
fn hash_range_filters_select_the_box_share_in_both_directions() {
    let half = [0, HASH_SPACE / 2];
    let plan = plan_for(config(&["seen"], Some(half)));
    let (mut mine, mut theirs) = (0, 0);
    for i in 0..200u16 {
        let fwd = udp([10, 1, 7, 1], 2000 + i, [10, 2, 0, 9], 53);
        let rev = udp([10, 2, 0, 9], 53, [10, 1, 7, 1], 2000 + i);
        let in_range = u64::from(flow_hash(&key(&fwd), 0)) < half[1];
        let (a, b) = (
            plan.classifier.classify(&fwd),
            plan.classifier.classify(&rev),
        );
        let class_of = |c: Classified| match c {
            Classified::Queue { assignment, .. } => Some(assignment),
            _ => None,
        };
        // Outside this box's hash share, the DNS session falls to the catch-all.
        let want = if in_range { Some(0) } else { Some(1) };
        assert_eq!(class_of(a), want, "forward, session {i}");
        assert_eq!(class_of(b), want, "reverse, session {i}");
        if in_range {
            mine += 1;
        } else {
            theirs += 1;
        }
    }
    assert!(mine > 50 && theirs > 50, "{mine} / {theirs}");
}

#[test]
fn seeded_hash_is_direction_invariant_and_differs_from_unseeded() {
    let f = key(&udp([10, 1, 0, 1], 1234, [10, 2, 0, 1], 53));
    assert_eq!(flow_hash(&f, 7), flow_hash(&f.reversed(), 7));
    assert_eq!(flow_hash(&f, 0), f.symmetric_hash());
    assert_ne!(flow_hash(&f, 7), flow_hash(&f, 0));
}

fn run_one(engine: &mut BoxEngine, frame: &[u8]) -> (Result<interp::Verdict, String>, Vec<u8>) {
    let mut f = frame.to_vec();
    let v = engine.process(&mut f, 0, 1).map_err(|e| e.to_string());
    (v, f)
}

#[test]
fn shim_runs_the_chain_in_order_and_a_rewrite_is_seen_by_the_next() {
    let dns = udp([10, 1, 0, 1], 1234, [10, 2, 0, 1], 53);
    // rewrite then guard: guard sees the new destination and drops.
    let mut e = BoxEngine::new(
        plan_for(config(&["rewrite", "guard"], None)),
        Execution::Inline,
    )
    .expect("starts");
    let (v, _) = run_one(&mut e, &dns);
    assert_eq!(v, Ok(interp::Verdict::Drop));
    let s = e.summary();
    let app = |n: &str| {
        s.applications
            .iter()
            .find(|a| a.application == n)
            .expect("app")
            .stats
            .clone()
    };
    assert_eq!((app("rewrite").packets, app("guard").dropped), (1, 1));
    // guard then rewrite: passes, and leaves rewritten on port 1.
    let mut e = BoxEngine::new(
        plan_for(config(&["guard", "rewrite"], None)),
        Execution::Inline,
    )
    .expect("starts");
    let (v, out) = run_one(&mut e, &dns);
    assert_eq!(v, Ok(interp::Verdict::Forward(1)));
    assert_eq!(key(&out).dst_addr, Ipv4Addr::new(10, 9, 9, 9));
    // A drop ends the chain: the application after it never sees the packet.
    let mut e = BoxEngine::new(
        plan_for(config(&["dropall", "seen"], None)),
        Execution::Inline,
    )
    .expect("starts");
    let (v, _) = run_one(&mut e, &dns);
    assert_eq!(v, Ok(interp::Verdict::Drop));
    let s = e.summary();
    let seen = s
        .applications
        .iter()
        .find(|a| a.application == "seen")
        .expect("seen runs in the catch-all hyperapp too");
    assert_eq!(seen.stats.packets, 0, "the chain ended at dropall");
    assert_eq!(s.dropped, 1);
}

#[test]
fn shim_verdicts_name_the_dropping_application() {
    let plan = plan_for(config(&["seen", "dropall"], None));
    let mut workers = plan.workers().expect("workers");
    let dns = udp([10, 1, 0, 1], 1234, [10, 2, 0, 1], 53);
    let Classified::Queue { hyperapp, core, .. } = plan.classifier.classify(&dns) else {
        panic!("classified");
    };
    let w = workers
        .iter_mut()
        .find(|w| w.stats.core == core)
        .expect("worker");
    let mut f = dns.clone();
    assert_eq!(
        w.process(hyperapp, &mut f, 0, 0),
        Some(ShimVerdict::Drop { by: 1 })
    );
}

/// Many sessions, both directions interleaved.
fn traffic() -> Vec<(u16, Vec<u8>)> {
    let mut out = Vec::new();
    for i in 0..300u16 {
        let c = [10, 1, (i / 200) as u8, (i % 200) as u8 + 1];
        let port = if i % 3 == 0 { 22 } else { 53 };
        out.push((0, udp(c, 3000 + i, [10, 2, 0, 5], port)));
        out.push((1, udp([10, 2, 0, 5], port, c, 3000 + i)));
        if i % 10 == 0 {
            out.push((0, udp([10, 7, 0, 1], i, [10, 8, 0, 1], 53)));
        }
    }
    out
}

fn run(exec: Execution) -> (PacketLog, combox::BoxSummary, serde_json::Value) {
    run_chain(&["seen", "rewrite"], exec, true)
}

fn run_chain(
    chain: &[&str],
    exec: Execution,
    reuse: bool,
) -> (PacketLog, combox::BoxSummary, serde_json::Value) {
    let mut plan = plan_for(config(chain, None));
    plan.reuse = reuse;
    let mut engine = BoxEngine::new(plan, exec).expect("starts");
    let program = ir::Program {
        name: "box_B".into(),
        ..ir::Program::default()
    };
    let mut r = runner::Runner::new(&mut engine, &program, PacketLog::default());
    for (i, (port, f)) in traffic().iter().enumerate() {
        r.packet(*port, i as u64 * 1000, f).expect("memory sink");
    }
    let (_, log, closed) = r.finish(runner::Source::Pcap { inputs: vec![] });
    closed.expect("closed");
    engine.finish();
    let state = engine.state_json(u64::MAX / 2);
    (log, engine.summary(), state)
}

#[test]
fn hyperapp_per_core_state_is_core_local_and_follows_the_queues() {
    let (_, s, state) = run(Execution::Inline);
    let n = traffic().len() as u64;
    assert_eq!(s.packets, n);
    assert_eq!(s.unmatched, 30);
    let on_cores: u64 = s.cores.iter().map(|c| c.packets).sum();
    assert_eq!(
        on_cores,
        n - 30,
        "every classified packet ran on exactly one core"
    );
    // The DNS hyperapp has an instance on both cores; each instance's `seen`
    // map holds exactly the sessions whose hash falls in its core's queue.
    let plan = plan_for(config(&["seen", "rewrite"], None));
    for q in plan
        .config
        .queues
        .iter()
        .filter(|q| q.hyperapp.starts_with("seen>rewrite"))
    {
        let flows = &state[format!("core{}", q.core)][&q.hyperapp]["seen"]["flows"];
        let entries = flows["entries"].as_array().map_or(0, Vec::len);
        let want = traffic()
            .iter()
            .filter(|(p, f)| {
                let k = key(f);
                let h = u64::from(flow_hash(&k, 0));
                *p == 0
                    && k.dst_port == 53
                    && k.src_addr.octets()[1] == 1
                    && q.hash[0] <= h
                    && h < q.hash[1]
            })
            .count();
        assert!(want > 0);
        // Forward packets insert (client, server); replies insert (server, client)
        // of the same session on the same core: two entries per session.
        assert_eq!(entries, 2 * want, "core {}: {flows}", q.core);
    }
}

#[test]
fn threads_give_the_same_outputs_as_inline() {
    let (inline, si, _) = run(Execution::Inline);
    for (overflow, burst) in [
        (Overflow::Wait, 1),
        (Overflow::Wait, 8),
        (Overflow::Drop, 1),
        (Overflow::Drop, 8),
    ] {
        let (threads, st, _) = run(Execution::Threads {
            queue_bound: 4,
            overflow,
            burst,
        });
        if overflow == Overflow::Wait {
            assert_eq!(threads, inline, "same packets, same order, same bytes");
            assert_eq!(st.overflow_dropped, 0);
        } else {
            // Dropped packets are counted; everything else is identical.
            assert_eq!(
                threads.packets.len() as u64 + st.overflow_dropped,
                inline.packets.len() as u64
            );
        }
        assert_eq!(st.execution, "threads");
        for (a, b) in si.cores.iter().zip(&st.cores) {
            assert_eq!(a.core, b.core);
            if overflow == Overflow::Wait {
                assert_eq!(a.packets, b.packets);
            }
        }
    }
}

/// Calls `release(now)` until something comes out or 10 s pass.
fn release_within(engine: &mut BoxEngine, now: u64) -> Vec<runner::Released> {
    let start = std::time::Instant::now();
    let mut out = Vec::new();
    while out.is_empty() && start.elapsed() < std::time::Duration::from_secs(10) {
        engine.release(now, &mut out);
        std::thread::yield_now();
    }
    out
}

#[test]
fn a_partial_burst_leaves_once_its_first_packet_has_waited() {
    let threads = Execution::Threads {
        queue_bound: 64,
        overflow: Overflow::Wait,
        burst: 32,
    };
    let frame = udp([10, 1, 0, 1], 3000, [10, 2, 0, 5], 53);
    // Without a wait, a lone packet stays in its burst until everything is released.
    let mut engine = BoxEngine::new(plan_for(config(&["seen"], None)), threads).expect("starts");
    let mut f = frame.clone();
    engine.process(&mut f, 0, 1_000).expect("taken");
    let mut out = Vec::new();
    engine.release(1_000_000_000, &mut out);
    std::thread::sleep(std::time::Duration::from_millis(50));
    engine.release(2_000_000_000, &mut out);
    assert!(out.is_empty(), "a partial burst left without a wait set");
    engine.release(u64::MAX, &mut out);
    assert_eq!(out.len(), 1);
    engine.finish();

    // With a wait of 5 µs: not before 1_000 + 5_000 ns, then without the end.
    let mut engine = BoxEngine::new(plan_for(config(&["seen"], None)), threads)
        .expect("starts")
        .with_burst_wait(5_000);
    let mut f = frame.clone();
    engine.process(&mut f, 0, 1_000).expect("taken");
    engine.release(5_999, &mut out);
    std::thread::sleep(std::time::Duration::from_millis(50));
    out.clear();
    engine.release(5_999, &mut out);
    assert!(out.is_empty(), "left before it waited 5 µs");
    let out = release_within(&mut engine, 6_000);
    assert_eq!(out.len(), 1, "the packet left once due");
    assert_eq!(out[0].input, 0);
    assert_eq!(out[0].port, Some(1));
    assert_eq!(out[0].frame, frame);
    engine.finish();
    assert_eq!(engine.summary().packets, 1);
}

#[test]
fn the_threaded_box_reuses_the_buffers_of_released_frames() {
    let threads = Execution::Threads {
        queue_bound: 64,
        overflow: Overflow::Wait,
        burst: 4,
    };
    let mut engine = BoxEngine::new(plan_for(config(&["seen"], None)), threads).expect("starts");
    let frame = udp([10, 1, 0, 1], 3000, [10, 2, 0, 5], 53);
    let mut f = frame.clone();
    engine.process(&mut f, 0, 1).expect("taken");
    assert_eq!(
        f.capacity(),
        0,
        "nothing to reuse yet: the box took the frame"
    );
    let mut out = Vec::new();
    engine.release(u64::MAX, &mut out);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].frame, frame);
    engine.recycle(&mut out);
    assert!(out.is_empty(), "the box took the released buffer back");
    let mut g = udp([10, 1, 0, 2], 3001, [10, 2, 0, 5], 53);
    let second = g.clone();
    engine.process(&mut g, 0, 2).expect("taken");
    assert!(
        g.is_empty() && g.capacity() >= frame.len(),
        "the caller got the recycled buffer back (capacity {})",
        g.capacity()
    );
    engine.release(u64::MAX, &mut out);
    assert_eq!(out.len(), 1);
    assert_eq!(
        out[0].frame, second,
        "the reused buffer did not leak into a frame"
    );
    engine.finish();
}

#[test]
fn missing_application_and_bad_cores_are_refused_before_starting() {
    let cfg = config(&["seen", "nosuch"], None);
    let e = BoxPlan::new(cfg, &catalogue()).expect_err("missing app");
    let m = e.to_string();
    assert!(matches!(e, BoxError::MissingApp { .. }));
    assert!(
        m.contains("\"nosuch\"") && m.contains("assignment[0]") && m.contains("B"),
        "{m}"
    );
    let mut cfg = config(&["seen"], None);
    cfg.queues[0].core = 5;
    let m = BoxPlan::new(cfg, &catalogue())
        .expect_err("core")
        .to_string();
    assert!(m.contains("queues[0]") && m.contains("core 5"), "{m}");
}

#[test]
fn shipped_catalogue_covers_the_paper_applications() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/box/catalog.toml");
    let c = Catalogue::read(&path).expect("the shipped catalogue compiles");
    for app in ["flowmon", "ids", "cache", "lb"] {
        let a = c.get(app).expect("paper application");
        assert!(!a.program.handler.blocks.is_empty(), "{app}");
    }
    let e = Catalogue::parse(
        "[app.x]\nprogram = \"nope.nf\"\n",
        std::path::Path::new("/nonexistent"),
        "cat.toml",
    )
    .expect_err("missing program");
    assert!(
        e.to_string().contains("app \"x\"") && e.to_string().contains("nope.nf"),
        "{e}"
    );
    let e = Catalogue::parse("[app.x]\nprog = 1\n", std::path::Path::new("."), "cat.toml")
        .expect_err("unknown key");
    assert!(e.to_string().contains("cat.toml"), "{e}");
}

#[test]
fn generated_traffic_is_placed_inside_the_box_classes_and_hash_ranges() {
    let mut cfg = config(&["seen"], Some([0, HASH_SPACE / 4]));
    for f in &mut cfg.assignments[0].forward {
        f.protocol = "tcp".into();
        f.dst_ports = vec![80];
    }
    for f in &mut cfg.assignments[0].reverse {
        f.protocol = "tcp".into();
        f.src_ports = vec![80];
    }
    let plan = plan_for(cfg);
    let opts = trace::workload::GenOptions {
        flows: 40,
        max_flow_bytes: Some(20_000),
        ..trace::workload::GenOptions::default()
    };
    let mut t = trace::workload::generate(&opts).expect("generates");
    let placed = combox::traffic::place(&mut t, &plan.config);
    assert_eq!(placed, 40);
    let mut frame = Vec::new();
    let mut per_assignment = [0u64; 2];
    for (conn, i) in t.packets() {
        frame.clear();
        assert!(conn.write_frame(i, &mut frame));
        let got = match plan.classifier.classify(&frame) {
            Classified::Queue { assignment, .. } => assignment,
            other => panic!("connection {} packet {i}: {other:?}", conn.id),
        };
        per_assignment[got] += 1;
        // Round robin: even connections go to the hash-range class, inside its
        // quarter of the hash space, in both directions.
        if conn.id % 2 == 0 {
            let h = u64::from(flow_hash(&key(&frame), 0));
            assert!(h < HASH_SPACE / 4, "connection {}", conn.id);
            assert_eq!(got, 0, "connection {}", conn.id);
        } else {
            // The catch-all class keeps its sessions: none moved onto port 80.
            assert_ne!(conn.server.port(), 80, "connection {}", conn.id);
            assert_eq!(got, 1, "connection {}", conn.id);
        }
    }
    assert!(
        per_assignment[0] > 0 && per_assignment[1] > 0,
        "{per_assignment:?}"
    );
}

#[test]
fn module_reuse_gives_the_same_outputs_and_saves_parses() {
    // (chain, whether any parse can be shared: not after `totcp`, which may
    // change the protocol field, so the shim parses again after it).
    for (chain, shares) in [
        (&["seen", "rewrite", "seen2"][..], true),
        (&["totcp", "tcpback"][..], false),
        (&["rewrite", "totcp", "seen2", "tcpback"][..], true),
    ] {
        let (own, so, state_own) = run_chain(chain, Execution::Inline, false);
        let (shared, ss, state_shared) = run_chain(chain, Execution::Inline, true);
        assert_eq!(own, shared, "{chain:?}: same packets out");
        assert_eq!(state_own, state_shared, "{chain:?}: same state");
        let saved =
            |s: &combox::BoxSummary| -> u64 { s.hyperapps.iter().map(|h| h.parses_saved).sum() };
        assert_eq!(saved(&so), 0);
        assert_eq!(saved(&ss) > 0, shares, "{chain:?}: {}", saved(&ss));
        assert!(ss.reuse && !so.reuse);
    }
    // A program that may change the protocol field makes the shim parse again
    // after it; one that only rewrites addresses does not.
    let c = catalogue();
    let load = |n: &str| interp::Interpreter::new(&c.get(n).expect("app").program).expect("loads");
    assert!(load("totcp").writes_layout_fields());
    assert!(!load("rewrite").writes_layout_fields());
}

/// A box holding only the B→A `other` share (B = 10.2/16, A = 10.1/16) while
/// the A→B classes live on other boxes: the A→B traffic that crosses it —
/// an `other` session's packets, an `http` session's request and reply — is
/// not taken for B→A traffic; B→A's own session is, in both directions.
#[test]
fn other_class_filters_tell_a_session_from_the_opposite_class() {
    let mut f = filter("10.2.0.0/16", "10.1.0.0/16", "any", None, None);
    f.except_ports = vec![80, 8080];
    f.server_lower = Some("dst".into());
    let mut cfg = config(&["seen"], None);
    cfg.assignments = vec![assignment(1, &["seen"], vec![f])];
    let label = cfg.assignments[0].label.clone();
    cfg.cores = vec![CoreShare {
        core: 0,
        hyperapp: label,
        fraction: 1.0,
    }];
    cfg.queues = boxcfg::queues(&cfg);
    assert_eq!(
        cfg.assignments[0].reverse[0].server_lower.as_deref(),
        Some("src")
    );
    let plan = plan_for(cfg);
    let at = |frame: &[u8]| match plan.classifier.classify(frame) {
        Classified::Queue {
            assignment,
            reverse,
            ..
        } => Some((assignment, reverse)),
        _ => None,
    };
    let (a, b) = ([10, 1, 0, 7], [10, 2, 0, 9]);
    // B→A `other` session: client B:40000, server A:5000.
    assert_eq!(at(&udp(b, 40000, a, 5000)), Some((0, false)));
    assert_eq!(at(&udp(a, 5000, b, 40000)), Some((0, true)));
    // A→B `other` session (client A:40001, server B:6000): neither direction.
    assert_eq!(at(&udp(a, 40001, b, 6000)), None);
    assert_eq!(at(&udp(b, 6000, a, 40001)), None);
    // A→B `http` session: request and reply pass through.
    assert_eq!(at(&udp(a, 40002, b, 80)), None);
    assert_eq!(at(&udp(b, 80, a, 40002)), None);
}

// ---- Session reconstruction as a reusable module (CoMb §6.3) ----

/// Programs reading `session.*`: `sdN` fold every session result of every
/// packet into a digest register (so equal state means they saw equal
/// results, in the same order); `sdrop` drops some of the initiator's packets
/// (later applications do not see them); `fm` is the shipped flow monitor with
/// a low threshold (events); `rewrite` (no session) changes the destination.
fn session_catalogue() -> Catalogue {
    let digest = "register digest: u32 = 0;\n\
        on packet {\n\
          digest = crc32(digest, session.valid as u8, session.new as u8, session.reply as u8,\n\
                         session.state, session.orig_packets, session.reply_packets,\n\
                         session.orig_bytes, session.reply_bytes, session.offset,\n\
                         session.in_order as u8);\n\
          forward(in_port ^ 1);\n\
        }";
    let fm_path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nf/flowmon.nf");
    let mut o = lang::Overrides::new();
    o.set("elephant_bytes".to_string(), "3000".to_string());
    let fm = lang::compile_file(&fm_path, &o)
        .expect("flowmon compiles")
        .program;
    let mut progs: Vec<(String, ir::Program)> = (1..=4)
        .map(|i| (format!("sd{i}"), compile(&format!("sd{i}"), digest)))
        .collect();
    progs.push((
        "sdrop".into(),
        compile(
            "sdrop",
            "on packet {\n\
               if session.valid && !session.reply && session.orig_packets % 3 == 0 { drop(); }\n\
               forward(in_port ^ 1);\n\
             }",
        ),
    ));
    progs.push(("fm".into(), fm));
    progs.push((
        "rewrite".into(),
        compile(
            "rewrite",
            "on packet { ipv4.dst = 10.9.9.9; forward(in_port ^ 1); }",
        ),
    ));
    Catalogue::from_programs(progs)
}

/// One class (anything from 10.1/16 to 10.2/16) served by `chain`, split over
/// cores 0 and 1 by flow hash.
fn single_class(chain: &[&str]) -> BoxConfig {
    let mut cfg = config(chain, None);
    cfg.assignments = vec![assignment(
        0,
        chain,
        vec![filter("10.1.0.0/16", "10.2.0.0/16", "any", None, None)],
    )];
    let label = cfg.assignments[0].label.clone();
    cfg.cores = (0..2)
        .map(|core| CoreShare {
            core,
            hyperapp: label.clone(),
            fraction: 0.5,
        })
        .collect();
    cfg.queues = boxcfg::queues(&cfg);
    cfg
}

/// Generated TCP and UDP sessions placed in the class: (port, time, frame),
/// client packets into port 0, server packets into port 1.
fn session_traffic(cfg: &BoxConfig, seed: u64) -> Vec<(u16, u64, Vec<u8>)> {
    let opts = trace::workload::GenOptions {
        flows: 24,
        seed,
        udp_share: 0.25,
        max_flow_bytes: Some(12_000),
        ..trace::workload::GenOptions::default()
    };
    let mut t = trace::workload::generate(&opts).expect("generates");
    assert_eq!(combox::traffic::place(&mut t, cfg), 24);
    t.packets()
        .map(|(conn, i)| {
            let mut f = Vec::new();
            assert!(conn.write_frame(i, &mut f));
            let seg = &conn.packets[i];
            let port = match seg.side {
                trace::workload::Side::Client => 0,
                trace::workload::Side::Server => 1,
            };
            (port, seg.ts_ns, f)
        })
        .collect()
}

type SessionRun = (PacketLog, combox::BoxSummary, serde_json::Value);

fn run_sessions(chain: &[&str], seed: u64, reuse: bool) -> SessionRun {
    let cfg = single_class(chain);
    let traffic = session_traffic(&cfg, seed);
    let mut plan = BoxPlan::new(cfg, &session_catalogue()).expect("plan");
    plan.reuse = reuse;
    let mut engine = BoxEngine::new(plan, Execution::Inline).expect("starts");
    let program = ir::Program {
        name: "box_B".into(),
        ..ir::Program::default()
    };
    let mut r = runner::Runner::new(&mut engine, &program, PacketLog::default());
    for (port, ts, f) in &traffic {
        r.packet(*port, *ts, f).expect("memory sink");
    }
    let (_, log, closed) = r.finish(runner::Source::Pcap { inputs: vec![] });
    closed.expect("closed");
    let end = traffic.iter().map(|t| t.1).max().unwrap_or(0);
    let state = engine.state_json(end);
    (log, engine.summary(), state)
}

/// Same packets out, same application state (digests, the flow monitor's
/// maps), same events and counters with and without reuse; reuse computes the
/// session once per packet instead of once per declaring application.
fn assert_same_with_and_without_reuse(chain: &[&str], seed: u64) {
    let (own, so, state_own) = run_sessions(chain, seed, false);
    let (shared, ss, state_shared) = run_sessions(chain, seed, true);
    assert_eq!(own, shared, "{chain:?} seed {seed}: same packets out");
    assert_eq!(state_own, state_shared, "{chain:?} seed {seed}: same state");
    let apps = |s: &combox::BoxSummary| serde_json::to_value(&s.applications).expect("json");
    assert_eq!(apps(&so), apps(&ss), "{chain:?} seed {seed}: same events");
    let declaring = chain.iter().filter(|a| **a != "rewrite").count() as u64;
    let packets: u64 = ss.hyperapps.iter().map(|h| h.packets).sum();
    let updates =
        |s: &combox::BoxSummary| -> u64 { s.hyperapps.iter().map(|h| h.session_updates).sum() };
    assert!(packets > 100, "{packets}");
    assert_eq!(
        updates(&ss),
        packets,
        "{chain:?}: once per packet with reuse"
    );
    assert_eq!(
        updates(&so),
        packets * declaring,
        "{chain:?}: once per declaring application without"
    );
    let tables = |s: &combox::BoxSummary| -> u64 {
        s.hyperapps.iter().map(|h| h.session_memory.tables).sum()
    };
    // One table per core's instance with reuse, one per declaring application without.
    assert_eq!(tables(&ss), 2);
    assert_eq!(tables(&so), 2 * declaring);
    let entries = |s: &combox::BoxSummary| -> u64 {
        s.hyperapps.iter().map(|h| h.session_memory.entries).sum()
    };
    assert_eq!(entries(&so), entries(&ss) * declaring);
}

#[test]
fn session_reuse_gives_the_same_outputs_with_drops_and_rewrites_in_the_chain() {
    for chain in [
        &["sd1"][..],
        &["sd1", "sd2", "sd3", "sd4"][..],
        // A drop ends the chain for later applications; a rewrite changes
        // the 5-tuple they see: both read the session of the packet as it
        // entered the hyperapp, shared or not.
        &["sdrop", "sd1", "rewrite", "sd2"][..],
        &["rewrite", "fm", "sdrop", "sd3"][..],
    ] {
        assert_same_with_and_without_reuse(chain, 1);
    }
    // The digests really see the sessions: two seeds differ.
    let (_, _, a) = run_sessions(&["sd1"], 1, true);
    let (_, _, b) = run_sessions(&["sd1"], 2, true);
    assert_ne!(a, b);
    // And the flow monitor raised its event for sessions past 3000 bytes.
    let (_, s, _) = run_sessions(&["fm"], 1, true);
    let fm = s
        .applications
        .iter()
        .find(|a| a.application == "fm")
        .expect("fm");
    assert!(fm.stats.events > 0, "{:?}", fm.stats);
    let (_, _, state) = run_sessions(&["fm"], 1, true);
    let held: u64 = ["core0", "core1"]
        .iter()
        .map(|c| {
            state[c]["fm []"]["fm"]["sessions"]["size"]
                .as_u64()
                .unwrap_or(0)
        })
        .sum();
    assert!(
        held > 0,
        "the flow monitor counted sessions per client: {state}"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(8))]
    /// Over generated traffic in both directions, any seed: reuse of the
    /// session module changes nothing but the work done.
    #[test]
    fn session_reuse_is_invisible_over_seeds(seed in 0u64..1_000_000) {
        assert_same_with_and_without_reuse(&["sd1", "sdrop", "fm", "sd2"], seed);
    }
}
