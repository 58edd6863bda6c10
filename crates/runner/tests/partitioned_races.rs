//! Adversarial sequences for the partitioned execution: packets of a few flows
//! with gaps shorter than an atomic update (so a flow's second packet reaches
//! the switch while its first is still on the server or held by output
//! commit), SYN/FIN/RST races, and silences past the load balancer's idle
//! timeout long enough for the server's poll and delete to finish (the
//! reference expires an entry at its timeout exactly; the switch matches it
//! until that delete is visible, so a packet inside that window is not
//! generated: docs/GALLIUM.md, "Not done"). Capture-file semantics: packets go at their times whatever is held.
//! The runs must agree on packets per port, drops, events and final state.

mod common;

use common::compile;
use proptest::prelude::*;
use runner::check::compare;
use runner::{
    ControlOptions, Outcome, PacketLog, PartitionedEngine, ReferenceEngine, Runner, Source,
};
use wire::build::{L3, tcp_frame, udp_frame};
use wire::{MacAddr, TcpFlags, tcp, udp};

/// One generated packet: flow, TCP flags (None = UDP), port, gap before it.
#[derive(Debug, Clone)]
struct Pkt {
    flow: u8,
    flags: Option<u16>,
    port: u16,
    gap_ns: u64,
}

fn pkt(max_port: u16) -> impl Strategy<Value = Pkt> {
    (
        0u8..4,
        prop_oneof![
            Just(Some(0x002u16)),
            Just(Some(0x010)),
            Just(Some(0x011)),
            Just(Some(0x004)),
            Just(Some(0x018)),
            Just(None)
        ],
        0..=max_port,
        prop_oneof![
            8 => 0u64..800_000,
            1 => 2_000_000u64..20_000_000,
            // Past the load balancer's 5-minute idle timeout, with time for the
            // server's once-a-second poll and delete to finish.
            1 => 302_000_000_000u64..310_000_000_000,
        ],
    )
        .prop_map(|(flow, flags, port, gap_ns)| Pkt {
            flow,
            flags,
            port,
            gap_ns,
        })
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

/// The frame of `p`: clients 10.0.0.x talk to `server` from port 5000+flow;
/// packets on port 1 come back from the server (to NAT external ports
/// 1024.. or from a backend).
fn frame(p: &Pkt, server: [u8; 4]) -> Vec<u8> {
    let client = [10, 0, 0, 1 + p.flow % 2];
    // Services: SSH, HTTP, FTP, IRC (the Trojan detector's steps).
    let service = [22, 80, 21, 6667][usize::from(p.flow % 4)];
    let (l, sport, dport) = if p.port == 0 {
        (l3(client, server), 5000 + u16::from(p.flow), service)
    } else {
        (l3(server, [198, 51, 100, 1]), 80, 1024 + u16::from(p.flow))
    };
    match p.flags {
        Some(f) => tcp_frame(
            &l,
            &tcp::Repr {
                src_port: sport,
                dst_port: dport,
                seq_number: 1,
                ack_number: 0,
                flags: TcpFlags(f),
                window: 1000,
                urgent: 0,
                options: Default::default(),
            },
            b"GET /x.html HTTP/1.1",
        ),
        None => udp_frame(
            &l,
            &udp::Repr {
                src_port: sport,
                dst_port: dport,
            },
            b"data",
        ),
    }
}

fn run(
    engine: &mut dyn runner::Engine,
    program: &ir::Program,
    pkts: &[Pkt],
    server: [u8; 4],
) -> Outcome<PacketLog> {
    let mut r = Runner::new(engine, program, PacketLog::default());
    let mut t = 1_000_000_000u64;
    for p in pkts {
        t += p.gap_ns;
        r.packet(p.port, t, &frame(p, server))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let (summary, sink, closed) = r.finish(Source::Pcap { inputs: vec![] });
    Outcome {
        summary,
        sink,
        output_error: closed.err(),
    }
}

/// Quiet time: longer than any queue of atomic updates the sequences build.
const QUIET_NS: u64 = 50_000_000;

/// Applies the causality rules of the module docs.
fn causal(pkts: &[Pkt], per_host: bool) -> Vec<Pkt> {
    let mut closed = [false; 256];
    let mut last_flow_of_host: [Option<u8>; 2] = [None; 2];
    pkts.iter()
        .map(|p| {
            let mut q = p.clone();
            let f = usize::from(p.flow);
            let host = usize::from(p.flow % 2);
            let reopen = closed[f];
            let other_conn = per_host && last_flow_of_host[host].is_some_and(|l| l != p.flow);
            if reopen || other_conn {
                q.gap_ns = q.gap_ns.max(QUIET_NS);
            }
            closed[f] = matches!(p.flags, Some(fl) if fl & 0x05 != 0);
            last_flow_of_host[host] = Some(p.flow);
            q
        })
        .collect()
}

/// The control channels the races run on: Gallium's serial channel with
/// group commit, without it (the default), the batched channel with it, and
/// that with room for one unsettled write (most new keys left to the server)
/// or with keys installed only at a flow's second packet or once its
/// handshake is complete; and new keys written straight into the main
/// tables (direct inserts) on the batched channel, with and without the
/// handshake policy, and on the serial channel.
fn control(i: usize) -> ControlOptions {
    let batched = ControlOptions {
        channel: pipe::Channel::batched(),
        group_commit: true,
        ..ControlOptions::default()
    };
    let limits = |l: server::Limits| ControlOptions {
        limits: l,
        ..batched
    };
    match i % SETTINGS {
        8 => ControlOptions {
            direct_inserts: true,
            ..ControlOptions::default()
        },
        7 => ControlOptions {
            direct_inserts: true,
            ..limits(server::Limits {
                handshake: true,
                ..server::Limits::default()
            })
        },
        6 => ControlOptions {
            direct_inserts: true,
            ..batched
        },
        5 => limits(server::Limits {
            handshake: true,
            ..server::Limits::default()
        }),
        4 => limits(server::Limits {
            offload_after: 2,
            ..server::Limits::default()
        }),
        3 => limits(server::Limits {
            max_unsettled_writes: 1,
            ..server::Limits::default()
        }),
        0 => ControlOptions {
            group_commit: true,
            ..ControlOptions::default()
        },
        1 => ControlOptions::default(),
        _ => batched,
    }
}

/// The batched channel with the handshake policy: a flow's keys reach the
/// switch once a packet past its handshake uses them.
fn handshake_policy() -> ControlOptions {
    ControlOptions {
        limits: server::Limits {
            handshake: true,
            ..server::Limits::default()
        },
        ..control(2)
    }
}

/// How many settings [`control`] has.
const SETTINGS: usize = 9;

fn check(nf: &str, server: [u8; 4], pkts: &[Pkt], ch: usize) -> Result<(), TestCaseError> {
    check_program(nf, &compile(nf, &[]).program, server, pkts, ch)
}

fn check_program(
    nf: &str,
    program: &ir::Program,
    server: [u8; 4],
    pkts: &[Pkt],
    ch: usize,
) -> Result<(), TestCaseError> {
    check_control(nf, program, server, pkts, control(ch))
}

/// The partitioned engine with `control` after `pkts`, and what it sent: for
/// a test that looks at its counters (equivalence is `check_control`'s).
fn engine_after(
    program: &ir::Program,
    server: [u8; 4],
    pkts: &[Pkt],
    control: ControlOptions,
) -> (PartitionedEngine, Outcome<PacketLog>) {
    let mut pe = PartitionedEngine::new(program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    pe.set_control(control);
    let out = run(&mut pe, program, pkts, server);
    (pe, out)
}

fn check_control(
    nf: &str,
    program: &ir::Program,
    server: [u8; 4],
    pkts: &[Pkt],
    control: ControlOptions,
) -> Result<(), TestCaseError> {
    let pkts = &causal(pkts, nf == "trojan.nf");
    let mut re = ReferenceEngine::new(program).unwrap_or_else(|e| panic!("{e}"));
    let mut pe = PartitionedEngine::new(program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    pe.set_control(control);
    let r = run(&mut re, program, pkts, server);
    let p = run(&mut pe, program, pkts, server);
    let report = compare(&re, r, &pe, p);
    prop_assert!(
        report.equivalent(),
        "{nf} on {:?}: {:?}\n{}\n{}",
        control,
        report.divergences,
        report.reference,
        report.partitioned
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// MazuNAT, outbound: new flows race their own later packets.
    #[test]
    fn mazunat_outbound_races(pkts in prop::collection::vec(pkt(0), 1..30), ch in 0usize..SETTINGS) {
        check("mazunat.nf", [198, 19, 0, 1], &pkts, ch)?;
    }

    /// MazuNAT, both sides: replies race the installs of their flows'
    /// mappings (an inbound miss is a miss punt, re-decided on the primary
    /// when its `nat_in` key is in flight or left to the server).
    #[test]
    fn mazunat_both_sides_races(pkts in prop::collection::vec(pkt(1), 1..30), ch in 0usize..SETTINGS) {
        check("mazunat.nf", [198, 19, 0, 1], &pkts, ch)?;
    }

    /// MazuNAT with two external ports: the counter wraps at the third new
    /// flow, so new flows race each other's changes of `nat_in` keys the
    /// switch holds (and, with room for one unsettled write, their eviction
    /// to the server). Inbound packets come after a quiet time: one inside
    /// the window between a change and its visibility meets the old mapping
    /// on the switch, as one inside an expiry's window does (module docs).
    #[test]
    fn mazunat_port_wrap_races(pkts in prop::collection::vec(pkt(1), 1..30), ch in 0usize..SETTINGS) {
        let pkts: Vec<Pkt> = pkts
            .into_iter()
            .map(|p| Pkt { gap_ns: if p.port == 1 { p.gap_ns.max(QUIET_NS) } else { p.gap_ns }, ..p })
            .collect();
        check_program("mazunat.nf", &two_port_nat(), [198, 19, 0, 1], &pkts, ch)?;
    }

    /// Load balancer, both sides: SYN/data/FIN/RST races on the VIP, backend
    /// replies, connections idling out.
    #[test]
    fn lb_races(pkts in prop::collection::vec(pkt(1), 1..30), ch in 0usize..SETTINGS) {
        check("lb.nf", [10, 0, 0, 100], &pkts, ch)?;
    }

    /// Trojan detector: stage updates and payload checks on the server.
    #[test]
    fn trojan_races(pkts in prop::collection::vec(pkt(0), 1..30), ch in 0usize..SETTINGS) {
        check("trojan.nf", [198, 19, 0, 1], &pkts, ch)?;
    }

    /// Load balancer whose connection map holds 2 entries: inserts into a full
    /// map fail on the server's primary, so the switch table (of the same
    /// size) never receives them, and the packets are still balanced.
    #[test]
    fn lb_with_a_full_table(pkts in prop::collection::vec(pkt(1), 1..30), ch in 0usize..SETTINGS) {
        check_program("lb.nf", &small_lb(), [10, 0, 0, 100], &pkts, ch)?;
    }
}

/// `mazunat.nf` handing out external ports 1024 and 1025 only.
fn two_port_nat() -> ir::Program {
    compile("mazunat.nf", &["port_min=1024", "port_max=1025"]).program
}

/// `lb.nf` with its connection map cut to 2 entries.
fn small_lb() -> ir::Program {
    let mut p = compile("lb.nf", &[]).program;
    for s in &mut p.states {
        if let ir::StateKind::Map { capacity, .. } = &mut s.kind {
            *capacity = 2;
        }
    }
    p
}

#[test]
fn a_full_table_refuses_the_third_connection_on_both_sides() {
    let syn = |flow| Pkt {
        flow,
        flags: Some(0x002),
        port: 0,
        gap_ns: 5_000_000,
    };
    let pkts = [syn(0), syn(1), syn(2)];
    let program = small_lb();
    let mut pe = PartitionedEngine::new(&program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let out = run(&mut pe, &program, &pkts, [10, 0, 0, 100]);
    assert_eq!(out.summary.total_out(), 3, "every SYN is balanced");
    assert_eq!(out.summary.state_sizes.get("conns"), Some(&2));
    let stats = out.summary.partition.clone().unwrap_or_default();
    assert_eq!(stats.server.batches, 2, "the refused insert sends nothing");
    assert_eq!(stats.server.refused_batches, 0);
    check_program("lb.nf", &program, [10, 0, 0, 100], &pkts, 0).unwrap_or_else(|e| panic!("{e}"));
}

/// A TCP SYN of flow 0 and its ACK 10 µs later.
fn syn_then_ack() -> [Pkt; 2] {
    let syn = Pkt {
        flow: 0,
        flags: Some(0x002),
        port: 0,
        gap_ns: 0,
    };
    let ack = Pkt {
        gap_ns: 10_000,
        flags: Some(0x010),
        ..syn.clone()
    };
    [syn, ack]
}

/// `pkts` (as they are, not made causal) through the partitioned `nf`.
fn partitioned(nf: &str, pkts: &[Pkt]) -> Outcome<PacketLog> {
    partitioned_at(nf, pkts, [198, 19, 0, 1])
}

/// The same with the servers at `server`.
fn partitioned_at(nf: &str, pkts: &[Pkt], server: [u8; 4]) -> Outcome<PacketLog> {
    let c = compile(nf, &[]);
    let mut pe = PartitionedEngine::new(&c.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    run(&mut pe, &c.program, pkts, server)
}

/// The race the proptests are about, spelled out: a flow's second packet
/// arrives 10 µs after its first, while the first's mapping is still being
/// installed (3 × 130 µs per entry); the server re-decides it on its primary
/// copy, so it gets the same external port.
#[test]
fn a_second_packet_during_the_update_gets_the_same_mapping() {
    let [syn, ack] = syn_then_ack();
    let out = partitioned("mazunat.nf", &[syn.clone(), ack.clone()]);
    let stats = out.summary.partition.clone().unwrap_or_default();
    assert_eq!(stats.server_packets, 2, "both miss the switch's replica");
    assert_eq!(stats.server.stale_reruns, 1, "the second is re-decided");
    assert_eq!(
        stats.control_plane_ops, 8,
        "one batch of two inserts: 3*2+2"
    );
    let ports: Vec<u16> = out
        .sink
        .packets
        .iter()
        .map(|e| u16::from_be_bytes([e.frame[34], e.frame[35]]))
        .collect();
    assert_eq!(ports, vec![1024, 1024], "one mapping, used twice");
    check("mazunat.nf", [198, 19, 0, 1], &[syn, ack], 0).unwrap_or_else(|e| panic!("{e}"));
}

/// Direct inserts (docs/GALLIUM.md, "Fewer channel entries per flow"): the
/// same race with a flow's two new keys written straight into the main
/// tables costs one control operation per key (2 instead of 3 × 2 + 2), one
/// request on the batched channel, and the second packet is still
/// re-decided on the primary and gets the same external port; the SYN is
/// held until both entries are in: 260 µs on the serial channel, against
/// 390 µs to the flip (and 1,040 µs to the cycle's end) with write-back.
#[test]
fn direct_inserts_cost_one_operation_per_new_key() {
    let [syn, ack] = syn_then_ack();
    let program = compile("mazunat.nf", &[]).program;
    for (opts, requests) in [(control(8), 2), (control(6), 1)] {
        let mut pe = PartitionedEngine::new(&program, &compiler::Options::default())
            .unwrap_or_else(|e| panic!("{e}"));
        pe.set_control(opts);
        let out = run(
            &mut pe,
            &program,
            &[syn.clone(), ack.clone()],
            [198, 19, 0, 1],
        );
        let s = pe.stats();
        assert_eq!(s.control_plane_ops, 2, "{opts:?}: {s:?}");
        assert_eq!(s.server.control_requests, requests, "{opts:?}: {s:?}");
        assert_eq!(s.server.stale_reruns, 1, "{s:?}");
        let ports: Vec<u16> = out
            .sink
            .packets
            .iter()
            .map(|e| u16::from_be_bytes([e.frame[34], e.frame[35]]))
            .collect();
        assert_eq!(ports, vec![1024, 1024], "one mapping, used twice");
        if opts.channel == pipe::Channel::Serial {
            assert_eq!(s.held_delay.max_ns, 260_000, "{s:?}");
        }
        check_control(
            "mazunat.nf",
            &program,
            [198, 19, 0, 1],
            &[syn.clone(), ack.clone()],
            opts,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Output commit reorders, and the engine counts it: the Trojan detector
/// holds an SSH SYN until its stage update is visible, while the flow's next
/// packet is decided on the switch at once and leaves first.
#[test]
fn reordering_by_output_commit_is_counted() {
    let [syn, ack] = syn_then_ack();
    let out = partitioned("trojan.nf", &[syn.clone(), ack.clone()]);
    let stats = out.summary.partition.clone().unwrap_or_default();
    assert_eq!((stats.held_packets, stats.reordered_packets), (1, 1));
    let flags: Vec<u8> = out.sink.packets.iter().map(|e| e.frame[47]).collect();
    assert_eq!(flags, vec![0x10, 0x02], "the ACK left before the SYN");
    check("trojan.nf", [198, 19, 0, 1], &[syn, ack], 0).unwrap_or_else(|e| panic!("{e}"));
}

/// Frames the switch parser cannot take (a runt, truncated IPv4 and TCP
/// headers) go to the server whole; other EtherTypes stay on the switch; and a
/// forged transfer header ("resume point 0" with an external port in its
/// values) from a traffic port is just a non-IP frame, not a resume. Every
/// example treats them as the reference does.
#[test]
fn malformed_and_forged_frames_agree_with_the_reference() {
    let eth = [2u8, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1];
    let with = |et: [u8; 2], rest: &[u8]| [&eth[..], &et, rest].concat();
    let ip = [
        0x45, 0, 0, 40, 0, 1, 0, 0, 64, 6, 0, 0, 10, 0, 0, 1, 10, 0, 0, 100,
    ];
    let tcp = frame(
        &Pkt {
            flow: 0,
            flags: Some(0x002),
            port: 0,
            gap_ns: 0,
        },
        [10, 0, 0, 100],
    );
    // version 1, kind 1 (to switch), point 0, in_port 0, EtherType IPv4,
    // 2 bytes of values, then a real TCP packet.
    let forged = [
        &eth[..],
        &[0x88, 0xb6, 1, 1, 0, 0, 0, 0, 0x08, 0x00, 0, 2, 0x04, 0x00],
        &tcp[14..],
    ]
    .concat();
    let frames: Vec<Vec<u8>> = vec![
        vec![0; 10],
        with([0x08, 0x00], &ip[..4]),
        with([0x08, 0x00], &[&ip[..], &[0; 8]].concat()),
        with([0x08, 0x06], &[0; 28]),
        with([0x86, 0xdd], &[0; 40]),
        forged,
    ];
    for nf in [
        "mazunat.nf",
        "lb.nf",
        "firewall.nf",
        "proxy.nf",
        "trojan.nf",
    ] {
        let c = compile(nf, &[]);
        let mut re = ReferenceEngine::new(&c.program).unwrap_or_else(|e| panic!("{e}"));
        let mut pe = PartitionedEngine::new(&c.program, &compiler::Options::default())
            .unwrap_or_else(|e| panic!("{e}"));
        let feed = |e: &mut dyn runner::Engine| {
            let mut r = Runner::new(e, &c.program, PacketLog::default());
            for (i, f) in frames.iter().enumerate() {
                for port in [0, 1] {
                    let t = 1_000_000 * (2 * i as u64 + u64::from(port) + 1);
                    r.packet(port, t, f).unwrap_or_else(|e| panic!("{e}"));
                }
            }
            let (summary, sink, closed) = r.finish(Source::Pcap { inputs: vec![] });
            Outcome {
                summary,
                sink,
                output_error: closed.err(),
            }
        };
        let r = feed(&mut re);
        let p = feed(&mut pe);
        let slow = p
            .summary
            .partition
            .as_ref()
            .map_or(0, |s| s.server.slow_path_packets);
        let report = compare(&re, r, &pe, p);
        assert!(report.equivalent(), "{nf}: {:?}", report.divergences);
        assert_eq!(slow, 6, "{nf}: runt and truncated frames, both ports");
    }
}

/// Idle expiry, spelled out. Flow 0 opens at 0 s and comes back at 305 s: its
/// entry idled out at 300 s and the poll then removed it on both sides, so it
/// is balanced and recorded anew. Flow 1 opens at 305.2 s and flow 2 at
/// 605.5 s, when the run ends: flow 0 idled out again at 605 s (the poll at
/// 605 s), flow 1 at 605.2 s, after the last poll, so only the final poll at
/// the end of the run removes it, as the reference has expired it.
#[test]
fn idle_entries_are_removed_on_both_sides() {
    let p = |flow, gap_ns| Pkt {
        flow,
        flags: Some(0x002),
        port: 0,
        gap_ns,
    };
    let ms = 1_000_000u64;
    let pkts = [
        p(0, 0),
        p(0, 305_000 * ms),
        p(1, 200 * ms),
        p(2, 300_300 * ms),
    ];
    let out = partitioned_at("lb.nf", &pkts, [10, 0, 0, 100]);
    let stats = out.summary.partition.clone().unwrap_or_default();
    assert_eq!(
        stats.server.idle_removals, 3,
        "flow 0 at 300 s and 605 s, flow 1 at the end"
    );
    assert_eq!(stats.server_packets, 4, "every packet starts a connection");
    assert_eq!(
        out.summary.state_sizes.get("conns"),
        Some(&1),
        "flow 2 only"
    );
    check("lb.nf", [10, 0, 0, 100], &pkts, 0).unwrap_or_else(|e| panic!("{e}"));
}

/// Idle expiry of keys left to the server (the handshake policy keeps a
/// SYN-only flow's `conns` key off the switch): the idle poll removes each at
/// its own time, and a use pushes that time back. Flow 1 opens at 1 ms and
/// idles out at 300 s; flow 0 opens at 0 and is used again at 200 s and 400
/// s (resent SYNs), so it is still there at 400 s (removed at 300 s, it would
/// be inserted anew); flow 2 opens at 650 s. Same results as the reference,
/// which expires entries by itself.
#[test]
fn deferred_keys_idle_out_at_their_own_time() {
    let program = compile("lb.nf", &[]).program;
    let p = |flow, gap_ns| Pkt {
        flow,
        flags: Some(0x002),
        port: 0,
        gap_ns,
    };
    let ms = 1_000_000u64;
    let pkts = [
        p(0, 0),
        p(1, ms),
        p(0, 199_999 * ms),
        p(0, 200_000 * ms),
        p(2, 250_000 * ms),
    ];
    let handshake = handshake_policy();
    check_control("lb.nf", &program, [10, 0, 0, 100], &pkts, handshake)
        .unwrap_or_else(|e| panic!("{e}"));
    let (pe, out) = engine_after(&program, [10, 0, 0, 100], &pkts, handshake);
    let s = pe.stats();
    assert_eq!(s.server.deferred_inserts, 3, "one per flow: {s:?}");
    assert_eq!(s.server.idle_removals, 1, "flow 1: {s:?}");
    assert_eq!(pe.server().not_offloaded(), 2, "flows 0 and 2");
    assert_eq!(
        out.summary.state_sizes.get("conns"),
        Some(&2),
        "flows 0 and 2"
    );
    assert_eq!(s.control_plane_ops, 0, "nothing went to the switch: {s:?}");
}

/// A burst of new flows (4 flows, each SYN then data, 20 µs apart) arrives
/// while the first flow's write-back cycle is in flight: with group commit the
/// later flows' updates share the next cycle (fewer atomic updates than flows,
/// packets counted as waiting for it); without it every flow has its own.
/// Either way the run matches the reference.
#[test]
fn group_commit_gathers_the_flows_of_a_burst() {
    let program = compile("mazunat.nf", &[]).program;
    let pkts: Vec<Pkt> = (0..4u8)
        .flat_map(|flow| {
            [Some(0x002u16), Some(0x018)].map(|flags| Pkt {
                flow,
                flags,
                port: 0,
                gap_ns: 20_000,
            })
        })
        .collect();
    for ch in 0..3 {
        check_program("mazunat.nf", &program, [198, 19, 0, 1], &pkts, ch)
            .unwrap_or_else(|e| panic!("{e}"));
        let (pe, _) = engine_after(&program, [198, 19, 0, 1], &pkts, control(ch));
        let s = pe.stats().server;
        if control(ch).group_commit {
            assert!(s.gathered_packets > 0, "{:?}: {s:?}", control(ch));
            assert!(s.group_cycles > 0, "{:?}: {s:?}", control(ch));
            assert!(s.batches < 4, "{:?}: {s:?}", control(ch));
        } else {
            assert_eq!((s.gathered_packets, s.group_cycles), (0, 0));
            assert_eq!(s.batches, 4, "{s:?}");
        }
        assert!(s.peak_held >= 1, "{s:?}");
    }
}

/// A packet of `flow` into port 0 (from the inside) with TCP `flags`,
/// `gap_ns` after the one before.
fn out0(flow: u8, flags: u16, gap_ns: u64) -> Pkt {
    Pkt {
        flow,
        flags: Some(flags),
        port: 0,
        gap_ns,
    }
}

/// A re-decided packet waits for the updates of the keys it looked up, not
/// for every update in flight. With the handshake policy, flow 2's ACK
/// earns its keys a switch entry (an update in flight for about 0.5 ms);
/// flow 0's SYN and ACK follow 10 µs apart. Flow 0's keys are left to the
/// server, so its ACK misses on the switch and is re-decided on the primary:
/// it looks up only flow 0's keys, which nothing is updating, and leaves at
/// once (it used to wait for flow 2's update). Flow 2's data packet, sent
/// while its own keys are being installed, is re-decided too and still waits
/// for them. Both orders match the reference.
#[test]
fn a_re_decided_packet_waits_only_for_the_keys_it_read() {
    let program = compile("mazunat.nf", &[]).program;
    let cases = [
        // Flow 0 alone: nothing held.
        (
            vec![
                out0(2, 0x002, 0),
                out0(2, 0x010, 10_000),
                out0(0, 0x002, 10_000),
                out0(0, 0x010, 10_000),
            ],
            0,
        ),
        // Flow 2's data packet reads the keys being installed: held.
        (
            vec![
                out0(2, 0x002, 0),
                out0(2, 0x010, 10_000),
                out0(0, 0x002, 10_000),
                out0(0, 0x010, 10_000),
                out0(2, 0x018, 10_000),
            ],
            1,
        ),
    ];
    for (pkts, held) in cases {
        let handshake = handshake_policy();
        check_control("mazunat.nf", &program, [198, 19, 0, 1], &pkts, handshake)
            .unwrap_or_else(|e| panic!("{e}"));
        let (pe, out) = engine_after(&program, [198, 19, 0, 1], &pkts, handshake);
        assert_eq!(out.summary.total_out(), pkts.len() as u64);
        let s = pe.stats();
        assert_eq!(
            s.server.offloaded_later, 4,
            "flows 0 and 2, two keys each: {s:?}"
        );
        assert!(
            s.server.stale_reruns >= 2,
            "both ACKs are re-decided: {s:?}"
        );
        assert_eq!(s.held_packets, held, "{s:?}");
    }
}

/// 4 new MazuNAT flows: their SYNs 20 µs apart, then (after every update is
/// visible) two rounds of a data packet per flow.
fn burst() -> Vec<Pkt> {
    let mut v: Vec<Pkt> = (0..4u8).map(|f| out0(f, 0x002, 20_000)).collect();
    for round in 0..2 {
        for f in 0..4u8 {
            let gap = if round == 0 && f == 0 {
                50_000_000
            } else {
                20_000
            };
            v.push(out0(f, 0x018, gap));
        }
    }
    v
}

/// With room for 2 unsettled map writes, the flows beyond it are not installed
/// on the switch: their later packets miss there and the server serves them
/// from its primary state, with the same results as the reference; each of
/// the three control settings.
#[test]
fn flows_beyond_the_unsettled_limit_are_served_by_the_server() {
    let program = compile("mazunat.nf", &[]).program;
    let pkts = causal(&burst(), false);
    for ch in 0..3 {
        let tight = ControlOptions {
            limits: server::Limits {
                max_unsettled_writes: 2,
                ..server::Limits::default()
            },
            ..control(ch)
        };
        check_control("mazunat.nf", &program, [198, 19, 0, 1], &pkts, tight)
            .unwrap_or_else(|e| panic!("{e}"));
        let stats = |c: ControlOptions| {
            let (pe, _) = engine_after(&program, [198, 19, 0, 1], &pkts, c);
            (pe.stats(), pe.server().not_offloaded())
        };
        let (open, open_left) = stats(control(ch));
        let (limited, left) = stats(tight);
        assert_eq!((open.server.unadmitted_inserts, open_left), (0, 0));
        assert!(limited.server.unadmitted_inserts > 0, "{limited:?}");
        assert!(left > 0);
        assert!(
            limited.server.batches < open.server.batches
                || limited.control_plane_ops < open.control_plane_ops,
            "fewer updates reach the switch: {limited:?} vs {open:?}"
        );
        assert!(
            limited.server_packets > open.server_packets,
            "later packets of flows left to the server visit it: {} vs {}",
            limited.server_packets,
            open.server_packets
        );
    }
}

/// Once MazuNAT's port counter has wrapped, every new flow changes the
/// `nat_in` entry of a port the switch holds. Beyond the unsettled bound such
/// a change removes the key from the switch instead and leaves it to the
/// server, whose later changes of it then cost no channel entry: fewer
/// control-plane operations than sending every change, replies to the
/// evicted ports translated by the server, and the reference's results.
#[test]
fn changed_keys_beyond_the_unsettled_limit_are_evicted_to_the_server() {
    let program = two_port_nat();
    let p = |flow, port, gap_ns| Pkt {
        flow,
        flags: Some(if port == 0 { 0x002 } else { 0x012 }),
        port,
        gap_ns,
    };
    // Eight rounds of: four new outbound flows 20 µs apart (each takes port
    // 1024 or 1025 over from an older flow), then, once they are out (a
    // reply cannot come before the packet it answers), replies to ports
    // 1024 and 1025.
    // The first two flows come alone, so both ports are installed.
    let mut pkts = vec![p(0, 0, QUIET_NS), p(1, 0, QUIET_NS)];
    for round in 0..8u8 {
        for f in (4 * round..4 * round + 4).filter(|f| *f > 1) {
            pkts.push(p(f, 0, 20_000));
        }
        pkts.push(p(0, 1, QUIET_NS));
        pkts.push(p(1, 1, 20_000));
    }
    for ch in [0, 2, 6] {
        let tight = ControlOptions {
            limits: server::Limits {
                max_unsettled_writes: 2,
                ..server::Limits::default()
            },
            ..control(ch)
        };
        let stats = |c: ControlOptions| {
            check_control("mazunat.nf", &program, [198, 19, 0, 1], &pkts, c)
                .unwrap_or_else(|e| panic!("{e}"));
            let (pe, out) = engine_after(&program, [198, 19, 0, 1], &pkts, c);
            (
                pe.stats(),
                pe.server().not_offloaded(),
                out.sink.packets.len(),
            )
        };
        let (open, open_left, open_out) = stats(control(ch));
        let (limited, left, limited_out) = stats(tight);
        assert_eq!((open.server.evicted_keys, open_left), (0, 0), "{open:?}");
        assert!(limited.server.evicted_keys > 0, "{limited:?}");
        assert!(left > 0);
        assert!(
            limited.control_plane_ops < open.control_plane_ops,
            "evicted keys' later changes are not sent: {limited:?} vs {open:?}"
        );
        assert_eq!(limited_out, open_out);
    }
}

/// With room for one held packet, packets that would be held beyond it are
/// dropped and counted, and nothing else is lost.
#[test]
fn packets_beyond_the_held_limit_are_dropped_and_counted() {
    let program = compile("mazunat.nf", &[]).program;
    let pkts = causal(&burst(), false);
    let (pe, out) = engine_after(
        &program,
        [198, 19, 0, 1],
        &pkts,
        ControlOptions {
            limits: server::Limits {
                max_held: 1,
                ..server::Limits::default()
            },
            ..ControlOptions::default()
        },
    );
    let s = pe.stats();
    assert!(s.server.held_overflow_drops > 0, "{s:?}");
    assert_eq!(s.server.peak_held, 1);
    let sent = out.sink.packets.len();
    assert_eq!(
        sent as u64 + s.server.held_overflow_drops,
        pkts.len() as u64
    );
}

/// With `offload_after` 2, a flow's first packet leaves its keys to the
/// server; its second installs them (later packets then stay on the switch),
/// while single-packet flows never take a switch entry; same results as the
/// reference.
#[test]
fn keys_are_installed_at_the_second_packet_with_offload_after_two() {
    let program = compile("mazunat.nf", &[]).program;
    // Flows 0 and 1: SYN, then (after quiet) two data packets; flows 2, 3: a SYN only.
    let pkts = causal(
        &[
            out0(0, 0x002, 20_000),
            out0(1, 0x002, 20_000),
            out0(2, 0x002, 20_000),
            out0(3, 0x002, 20_000),
            out0(0, 0x018, 50_000_000),
            out0(1, 0x018, 20_000),
            out0(0, 0x018, 50_000_000),
            out0(1, 0x018, 20_000),
        ],
        false,
    );
    let opts = ControlOptions {
        limits: server::Limits {
            offload_after: 2,
            ..server::Limits::default()
        },
        ..control(2)
    };
    check_control("mazunat.nf", &program, [198, 19, 0, 1], &pkts, opts)
        .unwrap_or_else(|e| panic!("{e}"));
    let (pe, _) = engine_after(&program, [198, 19, 0, 1], &pkts, opts);
    let s = pe.stats();
    assert!(s.server.deferred_inserts >= 4, "{s:?}");
    // Flows 0 and 1 earned their outbound entries at their second packet,
    // and installed their inbound keys with them (deferred by the same SYN).
    assert_eq!(s.server.offloaded_later, 4, "{s:?}");
    // The single-SYN flows stay with the server.
    assert!(pe.server().not_offloaded() >= 2);
    // The last round of data packets is handled on the switch alone.
    assert!(s.switch_only_packets >= 2, "{s:?}");
}

/// Offload after the handshake: a flow's SYN (and a resent SYN, which
/// `offload_after` 2 would count) leaves its keys to the server; the
/// handshake-completing ACK installs them, so later packets stay on the
/// switch; flows that never send an ACK (spoofed SYNs, resent or not) never
/// take a switch entry or a control request; same results as the reference.
#[test]
fn keys_are_installed_once_the_handshake_completes() {
    let program = compile("mazunat.nf", &[]).program;
    // Flows 0 and 1: SYN, resent SYN, ACK, two data packets; flows 2 and 3:
    // SYN twice and nothing else.
    let pkts = causal(
        &[
            out0(0, 0x002, 20_000),
            out0(1, 0x002, 20_000),
            out0(2, 0x002, 20_000),
            out0(3, 0x002, 20_000),
            out0(0, 0x002, 20_000),
            out0(1, 0x002, 20_000),
            out0(2, 0x002, 20_000),
            out0(3, 0x002, 20_000),
            out0(0, 0x010, 50_000_000),
            out0(1, 0x010, 20_000),
            out0(0, 0x018, 50_000_000),
            out0(1, 0x018, 20_000),
        ],
        false,
    );
    let handshake = handshake_policy();
    check_control("mazunat.nf", &program, [198, 19, 0, 1], &pkts, handshake)
        .unwrap_or_else(|e| panic!("{e}"));
    let stats = |opts: ControlOptions| {
        let (pe, _) = engine_after(&program, [198, 19, 0, 1], &pkts, opts);
        (pe.stats(), pe.server().not_offloaded())
    };
    let (s, left) = stats(handshake);
    // Only the two flows that completed their handshakes earned entries, at
    // their ACK (not at their resent SYN): both keys of each.
    assert_eq!(s.server.offloaded_later, 4, "{s:?}");
    assert!(s.server.deferred_inserts >= 4, "{s:?}");
    assert!(left >= 2, "{left}");
    assert!(s.switch_only_packets >= 2, "{s:?}");
    // Counting packets instead installs the never-answered flows too at
    // their resent SYN.
    let (after2, _) = stats(ControlOptions {
        limits: server::Limits {
            offload_after: 2,
            ..server::Limits::default()
        },
        ..control(2)
    });
    assert_eq!(after2.server.offloaded_later, 8, "{after2:?}");
    assert!(
        after2.server.control_plane_ops > s.server.control_plane_ops,
        "{after2:?} {s:?}"
    );
}

/// With the handshake policy, neither of a flow's two MazuNAT keys takes a
/// switch entry before a packet past the handshake used one of them: the
/// SYN-ACK (inbound, `nat_in` not on the switch) is a miss punt that the
/// server translates from its primary; the client's ACK earns `nat_out` and
/// installs `nat_in` with it (the SYN deferred both: one group), so the
/// server's data packets already find `nat_in` on the switch. Flows that
/// never answer (spoofed SYNs) leave both keys to the server. Same packets
/// as the reference.
#[test]
fn replies_of_flows_left_to_the_server_are_translated_by_it() {
    let program = compile("mazunat.nf", &[]).program;
    let p = |flow, flags, port, gap_ns| Pkt {
        flow,
        flags: Some(flags),
        port,
        gap_ns,
    };
    // Flows 0 and 1 complete their handshakes and exchange data; flows 2
    // and 3 send a SYN and nothing else. External ports 1024 + flow.
    let pkts = causal(
        &[
            p(0, 0x002, 0, 20_000),
            p(1, 0x002, 0, 20_000),
            p(2, 0x002, 0, 20_000),
            p(3, 0x002, 0, 20_000),
            p(0, 0x012, 1, 1_000_000),
            p(1, 0x012, 1, 20_000),
            p(0, 0x010, 0, 1_000_000),
            p(1, 0x010, 0, 20_000),
            p(0, 0x018, 1, 1_000_000),
            p(1, 0x018, 1, 20_000),
            p(0, 0x018, 1, QUIET_NS),
            p(1, 0x018, 1, 20_000),
            p(0, 0x018, 0, 20_000),
            p(1, 0x018, 0, 20_000),
        ],
        false,
    );
    let handshake = handshake_policy();
    check_control("mazunat.nf", &program, [198, 19, 0, 1], &pkts, handshake)
        .unwrap_or_else(|e| panic!("{e}"));
    let (pe, out) = engine_after(&program, [198, 19, 0, 1], &pkts, handshake);
    let s = pe.stats();
    // Every packet left: eight inbound ones translated to the inside.
    assert_eq!(out.sink.packets.len(), pkts.len(), "{s:?}");
    assert_eq!(out.sink.packets.iter().filter(|e| e.port == 0).count(), 6);
    // Two keys per flow deferred; both keys of the two answered flows
    // installed later; the unanswered flows' four keys stay on the server.
    assert_eq!(s.server.deferred_inserts, 8, "{s:?}");
    assert_eq!(s.server.offloaded_later, 4, "{s:?}");
    assert_eq!(pe.server().not_offloaded(), 4);
    // On the server: 4 SYNs, 2 SYN-ACKs and 2 ACKs (installing both keys of
    // their flows); the three data packets of each answered flow stay on the
    // switch (before keys were installed together, the first inbound one
    // went to the server to install nat_in).
    assert_eq!(s.server.server_packets, 8, "{s:?}");
    assert_eq!(s.switch_only_packets, 6, "{s:?}");
    // Gallium's partition cannot leave nat_in to the server: every SYN
    // installs it, the spoofed ones included.
    let gallium = compiler::Options {
        drop_misses_on_switch: true,
        ..compiler::Options::default()
    };
    let mut g = PartitionedEngine::new(&program, &gallium).unwrap_or_else(|e| panic!("{e}"));
    g.set_control(handshake);
    let _ = run(&mut g, &program, &pkts, [198, 19, 0, 1]);
    let gs = g.stats();
    assert_eq!(gs.server.deferred_inserts, 4, "{gs:?}");
    assert!(
        gs.server.control_plane_ops > s.server.control_plane_ops,
        "{gs:?} {s:?}"
    );
}

/// Beyond `max_queued_writes`, a new flow whose keys the switch must hold
/// (MazuNAT's `nat_in` compiled with `drop_misses_on_switch`, Gallium's
/// partition: an inbound miss is dropped on the switch) is refused:
/// its first packet is dropped and counted, its keys are removed from the
/// primary, nothing else is lost, and the flow's next SYN, once the queue has
/// drained, is admitted and its reply translated. (The port counter is not
/// rolled back: a refused flow's external port is skipped, so the resent
/// SYNs get ports 1027 and 1028 — a difference from the reference, which
/// drops nothing; refusal is the counted degradation beyond the hard bound.)
#[test]
fn flows_beyond_the_queued_limit_are_refused_and_counted() {
    let program = compile("mazunat.nf", &[]).program;
    let p = |flow, flags, port, gap_ns| Pkt {
        flow,
        flags: Some(flags),
        port,
        gap_ns,
    };
    // Three SYNs 20 µs apart (the second and third find the first's writes
    // unsettled), then after quiet the refused flows' SYNs again and a reply
    // to each of the three flows (a reply of "flow" f goes to external port
    // 1024 + f: flow 0's port, then the resent SYNs' ports 1027 and 1028).
    let pkts = vec![
        p(0, 0x002, 0, 20_000),
        p(1, 0x002, 0, 20_000),
        p(2, 0x002, 0, 20_000),
        p(1, 0x002, 0, QUIET_NS),
        p(2, 0x002, 0, QUIET_NS),
        p(0, 0x012, 1, QUIET_NS),
        p(3, 0x012, 1, 20_000),
        p(4, 0x012, 1, 20_000),
    ];
    let gallium = compiler::Options {
        drop_misses_on_switch: true,
        ..compiler::Options::default()
    };
    let mut pe = PartitionedEngine::new(&program, &gallium).unwrap_or_else(|e| panic!("{e}"));
    pe.set_control(ControlOptions {
        limits: server::Limits {
            max_queued_writes: 2,
            ..server::Limits::default()
        },
        ..control(2)
    });
    let out = run(&mut pe, &program, &pkts, [198, 19, 0, 1]);
    let s = pe.stats();
    assert_eq!(s.server.refused_flows, 2, "{s:?}");
    // Every packet but the two refused SYNs left: the resent SYNs and all
    // three replies (the replies went through the switch's nat_in entries).
    assert_eq!(out.sink.packets.len(), pkts.len() - 2, "{s:?}");
    let to_inside = out.sink.packets.iter().filter(|e| e.port == 0).count();
    assert_eq!(to_inside, 3);
    // Without the bound nothing is refused (and the replies to ports 1027
    // and 1028 find no mapping: the resent SYNs kept ports 1025 and 1026).
    let mut open = PartitionedEngine::new(&program, &gallium).unwrap_or_else(|e| panic!("{e}"));
    open.set_control(control(2));
    let all = run(&mut open, &program, &pkts, [198, 19, 0, 1]);
    assert_eq!(open.stats().server.refused_flows, 0);
    assert_eq!(all.sink.packets.iter().filter(|e| e.port == 1).count(), 5);
    // With the default partition the inbound miss goes to the server, so
    // nat_in is deferrable too: beyond the bound the flows' keys are left to
    // the server instead of being refused, and nothing is dropped.
    let mut punting = PartitionedEngine::new(&program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    punting.set_control(ControlOptions {
        limits: server::Limits {
            max_queued_writes: 2,
            max_unsettled_writes: 2,
            ..server::Limits::default()
        },
        ..control(2)
    });
    let kept = run(&mut punting, &program, &pkts, [198, 19, 0, 1]);
    let s = punting.stats();
    assert_eq!(s.server.refused_flows, 0, "{s:?}");
    assert!(s.server.unadmitted_inserts > 0, "{s:?}");
    assert_eq!(kept.sink.packets.len(), all.sink.packets.len(), "{s:?}");
}
