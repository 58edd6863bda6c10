//! The live loop over in-memory ports: what leaves the ports is what the engine
//! decided, the recording holds exactly that, and replaying the recorded inputs
//! through `run_pcaps` on a fresh engine gives the same packets out of every port.

mod common;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use common::*;
use port::{MemPort, Port};
use runner::PartitionedEngine;
use runner::live::{LiveOptions, Recording, run_live};
use trace::workload::{GenOptions, Side};

fn read_frames(path: &Path) -> Vec<Vec<u8>> {
    trace::pcap::PcapReader::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .map(|p| p.unwrap_or_else(|e| panic!("{e}")).data)
        .collect()
}

fn engine(c: &lang::Compiled) -> PartitionedEngine {
    PartitionedEngine::new(&c.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// MazuNAT, and the frames a closed-loop run of a seeded workload (`flows`
/// connections, 30 % UDP) hands it — servers answering what left port 1 — with
/// the ports they entered and their times (`Recorder::seen`), for injecting
/// into live ports.
fn nat_and_frames(
    flows: u32,
    seed: u64,
    max_flow_bytes: u64,
) -> (lang::Compiled, runner::Recorder<PartitionedEngine>) {
    let nat = compile("mazunat.nf", &["external_ip=198.19.0.1"]);
    let trace = generate(&GenOptions {
        flows,
        seed,
        udp_share: 0.3,
        max_flow_bytes: Some(max_flow_bytes),
        ..GenOptions::default()
    });
    let mut rec = runner::Recorder::new(engine(&nat));
    let _ = runner::run_workload(
        &mut rec,
        &nat.program,
        &trace,
        runner::PacketLog::default(),
        &mut |_, _| {},
    );
    (nat, rec)
}

#[test]
fn live_run_matches_the_replay_of_its_recording() {
    let (nat, rec) = nat_and_frames(40, 3, 20_000);
    // Frames arrive at their closed-loop times on the clock the loop reads, so
    // replies come after the packets they answer left, as on a real wire.
    let start = rec.seen.first().map_or(0, |s| s.1);
    let wire_clock = Arc::new(AtomicU64::new(start));
    let (p0, h0) = MemPort::new("mem0", 1514);
    let (p1, h1) = MemPort::new("mem1", 1514);
    let (p0, p1) = (
        p0.with_clock(Arc::clone(&wire_clock)),
        p1.with_clock(Arc::clone(&wire_clock)),
    );
    let injected = rec.seen.len() as u64;
    for (port, ts, frame) in rec.seen {
        match port {
            0 => h0.inject(ts, frame),
            _ => h1.inject(ts, frame),
        }
    }
    let mut ports: Vec<(u16, Box<dyn Port>)> = vec![(0, Box::new(p0)), (1, Box::new(p1))];

    let dir = std::env::temp_dir().join(format!("tandem-live-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let recording = Recording::create(&dir, &[0, 1]).expect("recording");
    let mut eng = engine(&nat);
    // A clock that moves 5 µs per reading and drives the wire.
    let mut clock = || wire_clock.fetch_add(5_000, Ordering::AcqRel) + 5_000;
    let stop = AtomicBool::new(false);
    let opts = LiveOptions {
        batch: 7,
        max_packets: Some(injected),
        ..LiveOptions::default()
    };
    let mut reports = 0;
    let out = run_live(
        &mut eng,
        &nat.program,
        &mut ports,
        Some(recording),
        &mut clock,
        &stop,
        &opts,
        &mut |_| reports += 1,
    );
    assert!(out.error.is_none(), "{:?}", out.error);
    assert_eq!(out.summary.total_in(), injected);
    assert_eq!(h0.pending() + h1.pending(), 0);
    let sent = [h0.take_sent(), h1.take_sent()];
    assert!(!sent[1].is_empty(), "nothing translated to port 1");
    assert!(
        !sent[0].is_empty(),
        "nothing translated back to port 0: {}",
        out.summary
    );
    assert_eq!(
        out.summary.packets_out.values().sum::<u64>(),
        (sent[0].len() + sent[1].len()) as u64
    );
    assert_eq!(out.live.tx_queue_overflow, 0);
    let part = out.summary.partition.as_ref().expect("partitioned stats");
    assert!(part.server_packets > 0 && part.held_packets > 0, "{part:?}");

    // The recording holds what was sent, port by port, in order.
    for (port, frames) in sent.iter().enumerate() {
        let rec = read_frames(&dir.join(format!("out/port{port}.pcap")));
        assert!(
            rec == *frames,
            "recorded output of port {port} differs from what was sent"
        );
    }

    // Replaying the recorded inputs on a fresh engine gives the same outputs.
    let specs: Vec<runner::InputSpec> = (0..2)
        .map(|p| {
            format!("{p}={}", dir.join(format!("in/port{p}.pcap")).display())
                .parse()
                .expect("input spec")
        })
        .collect();
    let mut fresh = engine(&nat);
    let replay = runner::run_pcaps(
        &mut fresh,
        &nat.program,
        &specs,
        runner::PacketLog::default(),
        &mut |_, _| {},
    );
    assert!(replay.summary.is_clean(), "{}", replay.summary);
    for (port, frames) in sent.iter().enumerate() {
        let replayed: Vec<&Vec<u8>> = replay
            .sink
            .packets
            .iter()
            .filter(|e| e.port == port as u16)
            .map(|e| &e.frame)
            .collect();
        assert_eq!(replayed.len(), frames.len(), "port {port}: packet count");
        assert!(
            replayed.iter().zip(frames).all(|(a, b)| *a == b),
            "port {port}: replay differs from the live run"
        );
    }
    assert_eq!(
        replay.summary.partition.as_ref().map(|p| p.server_packets),
        Some(part.server_packets)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn frames_for_unbound_ports_and_a_full_send_queue_are_counted() {
    let nat = compile("mazunat.nf", &[]);
    let trace = generate(&GenOptions {
        flows: 10,
        seed: 5,
        max_flow_bytes: Some(5_000),
        ..GenOptions::default()
    });
    // Only port 0 is bound: what the NAT sends to port 1 has nowhere to go.
    let (p0, h0) = MemPort::new("mem0", 1514);
    let mut n = 0;
    let mut frame = Vec::new();
    for (conn, i) in trace.packets() {
        if conn.packets[i].side == Side::Client {
            frame.clear();
            conn.write_frame(i, &mut frame);
            h0.inject(conn.packets[i].ts_ns, frame.clone());
            n += 1;
        }
    }
    let mut ports: Vec<(u16, Box<dyn Port>)> = vec![(0, Box::new(p0))];
    let mut eng = runner::ReferenceEngine::new(&nat.program).expect("engine");
    let mut t = 0u64;
    let stop = AtomicBool::new(false);
    let out = run_live(
        &mut eng,
        &nat.program,
        &mut ports,
        None,
        &mut || {
            t += 1_000;
            t
        },
        &stop,
        &LiveOptions {
            max_packets: Some(n),
            batch: 16,
            tx_queue: 3,
            ..LiveOptions::default()
        },
        &mut |_| {},
    );
    assert!(out.error.is_none());
    let forwarded = out.summary.packets_out.values().sum::<u64>();
    assert_eq!(forwarded, n, "the NAT forwards every outbound packet");
    // Each round queues at most 3; the rest of a 16-frame batch overflows.
    assert!(out.live.tx_queue_overflow > 0);
    assert_eq!(
        out.live.unbound_port_drops + out.live.tx_queue_overflow,
        forwarded
    );
    assert!(h0.take_sent().is_empty());
}

#[test]
fn live_run_on_two_workers_matches_the_replay_of_its_recording() {
    let (nat, rec) = nat_and_frames(30, 11, 10_000);
    let start = rec.seen.first().map_or(0, |s| s.1);
    let wire_clock = Arc::new(AtomicU64::new(start));
    // Two workers, each with its own pair of ports; frames alternate between them.
    let mut workers: Vec<Vec<(u16, Box<dyn Port>)>> = Vec::new();
    let mut handles = Vec::new();
    for w in 0..2 {
        let (p0, h0) = MemPort::new(&format!("w{w}mem0"), 1514);
        let (p1, h1) = MemPort::new(&format!("w{w}mem1"), 1514);
        workers.push(vec![
            (0, Box::new(p0.with_clock(Arc::clone(&wire_clock)))),
            (1, Box::new(p1.with_clock(Arc::clone(&wire_clock)))),
        ]);
        handles.push([h0, h1]);
    }
    let injected = rec.seen.len() as u64;
    for (i, (port, ts, frame)) in rec.seen.into_iter().enumerate() {
        handles[i % 2][usize::from(port.min(1))].inject(ts, frame);
    }
    let dir = std::env::temp_dir().join(format!("tandem-live-workers-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let recording = Recording::create(&dir, &[0, 1]).expect("recording");
    let mut eng = engine(&nat);
    // Coarse steps: an idle engine reads the clock about once a millisecond.
    let mut clock = || wire_clock.fetch_add(50_000, Ordering::AcqRel) + 50_000;
    let stop = AtomicBool::new(false);
    let opts = LiveOptions {
        batch: 5,
        max_packets: Some(injected),
        ..LiveOptions::default()
    };
    let out = runner::live::run_live_workers(
        &mut eng,
        &nat.program,
        workers,
        Some(recording),
        &mut clock,
        &stop,
        &opts,
        &mut |_| {},
    );
    assert!(out.error.is_none(), "{:?}", out.error);
    assert_eq!(out.summary.total_in(), injected);
    assert_eq!(out.live.workers.len(), 2);
    assert!(
        out.live.workers.iter().all(|w| w.rx_frames > 0),
        "{:?}",
        out.live.workers
    );
    assert_eq!(
        out.live.workers.iter().map(|w| w.rx_frames).sum::<u64>(),
        injected
    );
    let sent_total: u64 = out.live.workers.iter().map(|w| w.tx_frames).sum();
    assert_eq!(sent_total, out.summary.packets_out.values().sum::<u64>());
    assert_eq!(out.live.tx_queue_overflow, 0);

    // What left each port (over both workers) is what was recorded, as a
    // multiset (two workers send in parallel), and the replay of the recorded
    // inputs gives the recorded outputs in order.
    let specs: Vec<runner::InputSpec> = (0..2)
        .map(|p| {
            format!("{p}={}", dir.join(format!("in/port{p}.pcap")).display())
                .parse()
                .expect("input spec")
        })
        .collect();
    let mut fresh = engine(&nat);
    let replay = runner::run_pcaps(
        &mut fresh,
        &nat.program,
        &specs,
        runner::PacketLog::default(),
        &mut |_, _| {},
    );
    assert!(replay.summary.is_clean(), "{}", replay.summary);
    for port in 0..2usize {
        let recorded = read_frames(&dir.join(format!("out/port{port}.pcap")));
        let replayed: Vec<Vec<u8>> = replay
            .sink
            .packets
            .iter()
            .filter(|e| e.port == port as u16)
            .map(|e| e.frame.clone())
            .collect();
        assert!(!recorded.is_empty(), "nothing left port {port}");
        assert!(recorded == replayed, "port {port}: replay differs");
        let mut sent: Vec<Vec<u8>> = handles.iter().flat_map(|h| h[port].take_sent()).collect();
        let mut rec_sorted = recorded.clone();
        sent.sort();
        rec_sorted.sort();
        assert!(
            sent == rec_sorted,
            "port {port}: sent differs from recorded"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tandem live --workers 3` with the NF on every worker (the sharded
/// engine): each worker has its own ports and gets the frames of its flows
/// (by the symmetric flow hash, as PACKET_FANOUT spreads them); what leaves
/// is what was recorded, and the recorded inputs replay through `run_pcaps`
/// to exactly the recorded outputs, in order, with the same summary counts
/// and final state.
#[test]
fn sharded_live_run_matches_the_replay_of_its_recording() {
    let (nat, rec) = nat_and_frames(40, 17, 15_000);
    let start = rec.seen.first().map_or(0, |s| s.1);
    let wire_clock = Arc::new(AtomicU64::new(start));
    let workers_n = 3;
    let mut workers: Vec<Vec<(u16, Box<dyn Port>)>> = Vec::new();
    let mut handles = Vec::new();
    for w in 0..workers_n {
        let (p0, h0) = MemPort::new(&format!("s{w}mem0"), 1514);
        let (p1, h1) = MemPort::new(&format!("s{w}mem1"), 1514);
        workers.push(vec![
            (0, Box::new(p0.with_clock(Arc::clone(&wire_clock)))),
            (1, Box::new(p1.with_clock(Arc::clone(&wire_clock)))),
        ]);
        handles.push([h0, h1]);
    }
    let injected = rec.seen.len() as u64;
    for (port, ts, frame) in rec.seen {
        let w = wire::FlowKey::from_frame(&frame)
            .ok()
            .flatten()
            .map_or(0, |k| k.symmetric_hash() as usize % workers_n);
        handles[w][usize::from(port.min(1))].inject(ts, frame);
    }
    let dir = std::env::temp_dir().join(format!("tandem-live-sharded-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let recording = Recording::create(&dir, &[0, 1]).expect("recording");
    let eng = runner::ShardedEngine::new(engine(&nat), workers_n).expect("shardable");
    let clock = || wire_clock.fetch_add(20_000, Ordering::AcqRel) + 20_000;
    let stop = AtomicBool::new(false);
    let opts = LiveOptions {
        batch: 4,
        max_packets: Some(injected),
        ..LiveOptions::default()
    };
    let out = runner::live::run_live_sharded(
        &eng,
        &nat.program,
        workers,
        Some(recording),
        &clock,
        &stop,
        &opts,
        &mut |_| {},
    );
    assert!(out.error.is_none(), "{:?}", out.error);
    assert_eq!(out.summary.total_in(), injected);
    assert_eq!(out.live.workers.len(), workers_n);
    assert!(
        out.live.workers.iter().all(|w| w.rx_frames > 0),
        "{:?}",
        out.live.workers
    );
    let sent_total: u64 = out.live.workers.iter().map(|w| w.tx_frames).sum();
    assert_eq!(sent_total, out.summary.total_out());
    assert_eq!(out.live.tx_queue_overflow, 0);
    assert!(
        !dir.join(".workers").exists(),
        "the workers' recordings are merged and removed"
    );
    let part = out.summary.partition.clone().expect("partitioned stats");
    assert!(part.server_packets > 0 && part.held_packets > 0, "{part:?}");

    let specs: Vec<runner::InputSpec> = (0..2)
        .map(|p| {
            format!("{p}={}", dir.join(format!("in/port{p}.pcap")).display())
                .parse()
                .expect("input spec")
        })
        .collect();
    let mut fresh = engine(&nat);
    let replay = runner::run_pcaps(
        &mut fresh,
        &nat.program,
        &specs,
        runner::PacketLog::default(),
        &mut |_, _| {},
    );
    assert!(replay.summary.is_clean(), "{}", replay.summary);
    assert_eq!(replay.summary.packets_in, out.summary.packets_in);
    assert_eq!(replay.summary.packets_out, out.summary.packets_out);
    assert_eq!(replay.summary.dropped, out.summary.dropped);
    assert_eq!(
        replay.summary.partition.as_ref().map(|p| p.server.clone()),
        Some(part.server.clone())
    );
    for port in 0..2usize {
        let recorded = read_frames(&dir.join(format!("out/port{port}.pcap")));
        let replayed: Vec<Vec<u8>> = replay
            .sink
            .packets
            .iter()
            .filter(|e| e.port == port as u16)
            .map(|e| e.frame.clone())
            .collect();
        assert!(!recorded.is_empty(), "nothing left port {port}");
        assert!(recorded == replayed, "port {port}: replay differs");
        let mut sent: Vec<Vec<u8>> = handles.iter().flat_map(|h| h[port].take_sent()).collect();
        let mut rec_sorted = recorded.clone();
        sent.sort();
        rec_sorted.sort();
        assert!(
            sent == rec_sorted,
            "port {port}: sent differs from recorded"
        );
    }
    let last = out.summary.last_ts_ns.unwrap_or(0);
    assert_eq!(
        eng.state_json(last),
        runner::Engine::state_json(&fresh, last)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
