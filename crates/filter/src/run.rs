//! Running traffic through CoFilter and, beside it, the all-on-CPU baseline
//! (every packet through the same state machine, lazy expiry, as netfilter does):
//! verdicts compared packet for packet, delays collected, a JSON-ready summary.

use wire::FlowKey;

use crate::cofilter::{CoFilter, Config, Counters, Decision, Path};
use crate::packet::Pkt;
use crate::tracker::{Tracker, Verdict};
use trace::delay::Histogram;

/// Delay distribution of one packet class, ns (from a fixed-size
/// log-linear histogram, `trace::delay`: quantiles within 1/16, mean and
/// maximum exact; memory does not grow with the packets).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct DelayStats {
    /// Packets.
    pub count: u64,
    /// Mean.
    pub mean_ns: f64,
    /// Median.
    pub p50_ns: u64,
    /// 99th percentile.
    pub p99_ns: u64,
    /// 99.9th percentile.
    pub p999_ns: u64,
    /// Maximum.
    pub max_ns: u64,
}

impl DelayStats {
    /// Statistics of the delays recorded in `h`.
    pub fn of(h: &Histogram) -> DelayStats {
        let q = h.summary();
        DelayStats {
            count: q.count,
            mean_ns: h.mean(),
            p50_ns: q.p50_ns,
            p99_ns: q.p99_ns,
            p999_ns: q.p999_ns,
            max_ns: q.max_ns,
        }
    }
}

/// A verdict difference between CoFilter and the baseline.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Mismatch {
    /// Packet number (from 0).
    pub index: u64,
    /// Arrival time, ns.
    pub ts_ns: u64,
    /// Port.
    pub port: u16,
    /// The packet's flow, `src:sport > dst:dport/proto`.
    pub flow: String,
    /// CoFilter's verdict.
    pub cofilter: Verdict,
    /// The baseline's verdict.
    pub baseline: Verdict,
}

/// Summary of a run.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Summary {
    /// Packets in.
    pub packets_in: u64,
    /// Forwarded.
    pub forwarded: u64,
    /// Dropped.
    pub dropped: u64,
    /// Packets the CPU agent handled.
    pub cpu_packets: u64,
    /// Packets the switch decided alone.
    pub switch_packets: u64,
    /// Connections created.
    pub connections: u64,
    /// Fingerprint collisions the agent settled or fell back on: phase-2
    /// relocations, lazy settlements and phase-3 fallbacks.
    pub collisions: u64,
    /// Phase-3 fallbacks into the exact-match table.
    pub fallback_entries: u64,
    /// Packets the switch forwarded on a fingerprint match that the baseline
    /// drops (unknown connections; included in `mismatches`).
    pub false_accepts: u64,
    /// Counters of the filter.
    pub counters: Counters,
    /// Agent counters.
    pub agent: crate::agent::AgentStats,
    /// Settlement counters.
    pub settle: crate::shadow::SettleStats,
    /// TCP misses dropped by the miss meter.
    pub metered: u64,
    /// SYNs of unknown connections dropped by the SYN meter (lost before
    /// the state machine, in the baseline too).
    pub shed: u64,
    /// Packets the baseline sends through its CPU (all of them).
    pub baseline_cpu_packets: u64,
    /// Connections CoFilter's agent evicted because its table was full
    /// ([`crate::tracker::Policy::max_conns`], early drop of unassured ones).
    pub early_drops: u64,
    /// The same for the baseline.
    pub baseline_early_drops: u64,
    /// New connections CoFilter's agent dropped because its table was full
    /// of assured connections.
    pub table_full_drops: u64,
    /// Packets whose verdicts differ from the baseline.
    pub mismatches: u64,
    /// The first differences.
    pub first_mismatches: Vec<Mismatch>,
    /// Delay of packets decided in the switch.
    pub switch_delay: DelayStats,
    /// Delay of packets decided by the CPU (not held).
    pub cpu_delay: DelayStats,
    /// Delay of packets held for output commit.
    pub commit_delay: DelayStats,
}

/// CoFilter and the baseline side by side.
#[derive(Debug, Clone)]
pub struct Runner {
    /// The filter.
    pub filter: CoFilter,
    /// The all-on-CPU baseline.
    pub baseline: Tracker,
    mismatches: u64,
    false_accepts: u64,
    last_baseline: Verdict,
    first: Vec<Mismatch>,
    /// Delays of forwarded packets by class (switch, CPU, held).
    delays: [Histogram; 3],
}

/// Differences kept in [`Summary::first_mismatches`].
pub const KEEP_MISMATCHES: usize = 20;

impl Runner {
    /// A runner for `cfg`.
    pub fn new(cfg: Config) -> Runner {
        Runner {
            baseline: Tracker::new(cfg.policy.clone()),
            filter: CoFilter::new(cfg),
            mismatches: 0,
            false_accepts: 0,
            last_baseline: Verdict::Drop(crate::tracker::DropReason::Untracked),
            first: Vec::new(),
            delays: [Histogram::new(), Histogram::new(), Histogram::new()],
        }
    }

    /// One packet through both. Packets must come in time order.
    pub fn step(&mut self, ts_ns: u64, port: u16, frame: &[u8]) -> (Verdict, Verdict) {
        let d = self.step_decision(ts_ns, port, frame);
        let b = self.last_baseline;
        (d.verdict, b)
    }

    /// Like [`Runner::step`], returning CoFilter's full decision.
    pub fn step_decision(&mut self, ts_ns: u64, port: u16, frame: &[u8]) -> Decision {
        let d = self.filter.process(ts_ns, port, frame);
        let pkt = Pkt::classify(frame);
        // A SYN the switch's meter shed never reached the filter: the
        // baseline (all on one host, behind the same switch) does not see it
        // either.
        let b = if d.shed {
            d.verdict
        } else {
            self.baseline.process(ts_ns, port, &pkt, true).verdict
        };
        if matches!(d.verdict, Verdict::Forward(_)) {
            let class = match (d.path, d.committed) {
                (Path::Switch, _) => 0,
                (Path::Cpu, false) => 1,
                (Path::Cpu, true) => 2,
            };
            self.delays[class].record(d.leaves_at - ts_ns);
        }
        let same = matches!(
            (d.verdict, b),
            (Verdict::Forward(x), Verdict::Forward(y)) if x == y
        ) || matches!((d.verdict, b), (Verdict::Drop(_), Verdict::Drop(_)));
        if d.path == Path::Switch
            && matches!(d.verdict, Verdict::Forward(_))
            && !matches!(b, Verdict::Forward(_))
        {
            // The switch forwarded a packet the state machine would drop: a
            // fingerprint match of a connection it does not know.
            self.false_accepts += 1;
        }
        if !same {
            if self.first.len() < KEEP_MISMATCHES {
                self.first.push(Mismatch {
                    index: self.filter.counters.packets_in - 1,
                    ts_ns,
                    port,
                    flow: pkt.key.map_or_else(|| "-".into(), |k| flow_text(&k)),
                    cofilter: d.verdict,
                    baseline: b,
                });
            }
            self.mismatches += 1;
        }
        self.last_baseline = b;
        d
    }

    /// The summary so far.
    pub fn summary(&self) -> Summary {
        let c = self.filter.counters;
        let a = self.filter.agent_stats();
        let s = self.filter.settle_stats();
        Summary {
            packets_in: c.packets_in,
            forwarded: c.forwarded,
            dropped: c.dropped,
            cpu_packets: c.cpu_packets,
            switch_packets: c.switch_packets,
            connections: self.filter.agent.tracker.created,
            collisions: s.relocated + a.lazy_settled + a.fallback_entries,
            fallback_entries: a.fallback_entries,
            false_accepts: self.false_accepts,
            counters: c,
            agent: a,
            settle: s,
            metered: self.filter.dataplane_stats().metered,
            shed: self.filter.dataplane_stats().shed,
            baseline_cpu_packets: c.packets_in,
            early_drops: self.filter.agent.tracker.early_drops,
            baseline_early_drops: self.baseline.early_drops,
            table_full_drops: self.filter.agent.tracker.table_full_drops,
            mismatches: self.mismatches,
            first_mismatches: self.first.clone(),
            switch_delay: DelayStats::of(&self.delays[0]),
            cpu_delay: DelayStats::of(&self.delays[1]),
            commit_delay: DelayStats::of(&self.delays[2]),
        }
    }
}

/// `src:sport > dst:dport/proto`.
pub fn flow_text(k: &FlowKey) -> String {
    format!(
        "{}:{} > {}:{}/{}",
        k.src_addr,
        k.src_port,
        k.dst_addr,
        k.dst_port,
        u8::from(k.protocol)
    )
}

/// Feeds every packet of a generated trace, client packets on `client_port` and
/// server packets on the other port, **closed loop**: when CoFilter holds a
/// packet (output commit), every later packet of that connection is shifted by
/// the hold, as the endpoints would only react to it after it arrived. (A pcap is
/// replayed open loop: it cannot react.)
pub fn feed_trace(
    runner: &mut Runner,
    trace: &trace::workload::Trace,
    client_port: u16,
    progress: &mut dyn FnMut(u64, u64),
) {
    feed_trace_with(runner, trace, client_port, progress, &mut |_, _, _, _| {});
}

/// [`feed_trace`] with a callback per packet: connection, packet index, arrival
/// time (shifted), CoFilter's decision. A connection whose first packet the
/// switch's SYN meter shed gets no answer from its server until one of its
/// client's packets has been forwarded (the server never saw the SYN).
pub fn feed_trace_with(
    runner: &mut Runner,
    trace: &trace::workload::Trace,
    client_port: u16,
    progress: &mut dyn FnMut(u64, u64),
    on_packet: &mut dyn FnMut(&trace::workload::Connection, usize, u64, &Decision),
) {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let conns = &trace.connections;
    let total = trace.packet_count();
    let mut shift = vec![0u64; conns.len()];
    let mut heap: BinaryHeap<Reverse<(u64, usize, usize)>> = conns
        .iter()
        .enumerate()
        .filter_map(|(c, conn)| conn.packets.first().map(|p| Reverse((p.ts_ns, c, 0))))
        .collect();
    let mut frame = Vec::with_capacity(2048);
    let mut n = 0u64;
    // Per connection: the switch shed its first packet (a SYN) and has
    // forwarded none of its client's packets since, so the server never
    // heard of it and does not answer.
    let mut unheard = vec![false; conns.len()];
    while let Some(Reverse((ts, c, i))) = heap.pop() {
        let conn = &conns[c];
        frame.clear();
        let side = conn.packets[i].side;
        let skip = side == trace::workload::Side::Server && unheard[c];
        if !skip && conn.write_frame(i, &mut frame) {
            let port = match side {
                trace::workload::Side::Client => client_port,
                trace::workload::Side::Server => client_port ^ 1,
            };
            let d = runner.step_decision(ts, port, &frame);
            on_packet(conn, i, ts, &d);
            if side == trace::workload::Side::Client {
                if i == 0 {
                    unheard[c] = d.shed;
                } else if matches!(d.verdict, Verdict::Forward(_)) {
                    unheard[c] = false;
                }
            }
            if d.committed {
                let fast = ts + runner.filter.config().pipeline_ns;
                shift[c] += d.leaves_at.saturating_sub(fast);
            }
        }
        if let Some(next) = conn.packets.get(i + 1) {
            heap.push(Reverse((next.ts_ns + shift[c], c, i + 1)));
        }
        n += 1;
        if n % 65_536 == 0 {
            progress(n, total);
        }
    }
    progress(total, total);
}
