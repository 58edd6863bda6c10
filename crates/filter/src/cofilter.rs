//! CoFilter end to end: packets through the switch data plane; those it sends to
//! the CPU through the agent; the agent's table operations through a serial
//! control channel with modelled latency; idle scans; output commit.
//!
//! # Timing model
//! Time is the packets' own (ns). The control channel is `pipe`'s: one operation
//! at a time, `op_latency` each (130 µs, Gallium Table 3, see docs/SWITCH.md). The
//! CPU is one core serving packet-ins in arrival order, `cpu_per_packet` each.
//! Delays: a packet decided in the switch leaves after `pipeline`; one sent to the
//! CPU after `pipeline + packet_in + queueing + cpu_per_packet + packet_out +
//! pipeline`; a packet that changed its connection's switch entries — above all
//! the one that establishes it — is held (output commit) until the last of those
//! operations has taken effect, so that the packets after it find the entries.

use std::collections::VecDeque;

use crate::agent::{Agent, AgentStats, CtlOp, Place};
use crate::dataplane::{CpuReason, DataPlane, DataPlaneStats, MissMeter, SwitchDecision};
use crate::layout::Layout;
use crate::packet::Pkt;
use crate::shadow::SettleStats;
use crate::tracker::{Policy, Verdict};

/// Configuration.
///
/// # Configuration
/// `layout`, `policy`, `miss_meter` (TCP packets matching no entry reach the CPU
/// through it), `syn_defence` (under pressure half-open connections get no
/// switch entry), timing in ns.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Table geometry.
    pub layout: Layout,
    /// Inbound policy.
    pub policy: Policy,
    /// SYN-flood defence on.
    pub syn_defence: bool,
    /// Meter of the TCP miss path.
    pub miss_meter: MissMeter,
    /// With the defence: control-channel backlog above which the switch counts as
    /// under pressure (also when the exact table is three quarters full).
    pub pressure_backlog_ns: u64,
    /// Interval of the agent's activity scans.
    pub scan_interval_ns: u64,
    /// Latency of one control-channel operation.
    pub op_latency_ns: u64,
    /// Pipeline transit.
    pub pipeline_ns: u64,
    /// Packet-in plus packet-out over the CPU port (PCIe and driver).
    pub cpu_port_ns: u64,
    /// Agent work per packet.
    pub cpu_per_packet_ns: u64,
}

impl Config {
    /// Defaults: defence on (pressure above 2 ms of control backlog; miss meter
    /// 250 kpps, half the agent's capacity, burst 4096), 1 s scans, 130 µs operations, 1 µs pipeline, 20 µs
    /// for packet-in + packet-out (`pipe` models 10 µs per packet-out), 2 µs of
    /// agent work per packet.
    pub fn new(layout: Layout, policy: Policy) -> Config {
        Config {
            layout,
            policy,
            syn_defence: true,
            miss_meter: MissMeter {
                rate_pps: 250_000,
                burst: 4_096,
            },
            pressure_backlog_ns: 2_000_000,
            scan_interval_ns: 1_000_000_000,
            op_latency_ns: 130_000,
            pipeline_ns: 1_000,
            cpu_port_ns: 20_000,
            cpu_per_packet_ns: 2_000,
        }
    }
}

/// Which part decided a packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Path {
    /// The switch pipeline alone.
    Switch,
    /// The CPU agent.
    Cpu,
}

/// The fate of one packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Decision {
    /// Forward or drop.
    pub verdict: Verdict,
    /// Who decided.
    pub path: Path,
    /// When it leaves the switch (ns), for forwarded packets.
    pub leaves_at: u64,
    /// It was held for output commit.
    pub committed: bool,
}

/// Counters of a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct Counters {
    /// Packets processed.
    pub packets_in: u64,
    /// Forwarded.
    pub forwarded: u64,
    /// Dropped.
    pub dropped: u64,
    /// Decided by the switch alone.
    pub switch_packets: u64,
    /// Sent to the CPU agent.
    pub cpu_packets: u64,
    /// Packets held for output commit.
    pub committed: u64,
    /// Control-channel operations issued.
    pub control_ops: u64,
    /// Longest control-channel backlog seen, ns.
    pub max_backlog_ns: u64,
    /// Longest CPU queueing delay seen, ns.
    pub max_cpu_queue_ns: u64,
}

/// The filter.
#[derive(Debug, Clone)]
pub struct CoFilter {
    cfg: Config,
    /// The switch data plane.
    pub dp: DataPlane,
    /// The CPU agent.
    pub agent: Agent,
    queue: VecDeque<(u64, CtlOp)>,
    channel_free: u64,
    cpu_free: u64,
    next_scan: Option<u64>,
    /// Idle scans run (for tests: gaps with nothing to scan are skipped).
    scans: u64,
    ops: Vec<CtlOp>,
    /// Counters.
    pub counters: Counters,
}

impl CoFilter {
    /// A filter with empty tables.
    pub fn new(cfg: Config) -> CoFilter {
        CoFilter {
            dp: DataPlane::new(cfg.layout, Some(cfg.miss_meter)),
            agent: Agent::new(cfg.layout, cfg.policy.clone(), cfg.syn_defence),
            queue: VecDeque::new(),
            channel_free: 0,
            cpu_free: 0,
            next_scan: None,
            scans: 0,
            ops: Vec::new(),
            counters: Counters::default(),
            cfg,
        }
    }

    /// Processes one frame received at `now` (ns) on `port`.
    pub fn process(&mut self, now: u64, port: u16, frame: &[u8]) -> Decision {
        self.advance(now);
        let pkt = Pkt::classify(frame);
        self.counters.packets_in += 1;
        let d = match self.dp.process(now, port, &pkt) {
            SwitchDecision::Forward(out) => Decision {
                verdict: Verdict::Forward(out),
                path: Path::Switch,
                leaves_at: now.saturating_add(self.cfg.pipeline_ns),
                committed: false,
            },
            SwitchDecision::Drop => Decision {
                verdict: Verdict::Drop(crate::tracker::DropReason::NoConnection),
                path: Path::Switch,
                leaves_at: now.saturating_add(self.cfg.pipeline_ns),
                committed: false,
            },
            SwitchDecision::Cpu(reason) => self.via_cpu(now, port, &pkt, reason),
        };
        match d.path {
            Path::Switch => self.counters.switch_packets += 1,
            Path::Cpu => self.counters.cpu_packets += 1,
        }
        match d.verdict {
            Verdict::Forward(_) => self.counters.forwarded += 1,
            Verdict::Drop(_) => self.counters.dropped += 1,
        }
        self.counters.committed += u64::from(d.committed);
        d
    }

    fn via_cpu(&mut self, now: u64, port: u16, pkt: &Pkt, reason: CpuReason) -> Decision {
        // Simulated times saturate at the end of time (a capture may carry any
        // timestamp up to u64::MAX - 1) rather than overflow.
        let arrive = now
            .saturating_add(self.cfg.pipeline_ns)
            .saturating_add(self.cfg.cpu_port_ns / 2);
        let start = arrive.max(self.cpu_free);
        self.counters.max_cpu_queue_ns = self.counters.max_cpu_queue_ns.max(start - arrive);
        let done = start.saturating_add(self.cfg.cpu_per_packet_ns);
        self.cpu_free = done;
        let backlog = self.channel_free.saturating_sub(done);
        let exact_full =
            u64::from(self.agent.exact_used()) * 4 >= u64::from(self.cfg.layout.exact_entries) * 3;
        self.agent
            .set_pressure(backlog > self.cfg.pressure_backlog_ns || exact_full);
        // The state bits of the connection's own cell ride in the packet-in
        // header (2-bit layouts): the agent first catches up with the teardown
        // the switch followed.
        let canon = pkt.key.map(|k| k.canonical());
        let bits = canon
            .and_then(|c| self.agent.cell_of(&c))
            .map_or(0, |(w, i)| self.dp.bits_at(w, i));
        if let Some(c) = canon {
            self.agent.follow_bits(&c, bits);
        }
        let mut ops = std::mem::take(&mut self.ops);
        let o = self.agent.handle(
            done,
            port,
            pkt,
            reason == CpuReason::Ambiguous,
            bits,
            &mut ops,
        );
        let installed = self.submit(done, &ops);
        // Output commit: a packet that changed its connection's switch entries
        // leaves once they are in effect, so that the packets it provokes (the
        // peer's answer, the client's next segment) meet the new entries.
        let committed = !ops.is_empty() && matches!(o.verdict, Verdict::Forward(_));
        ops.clear();
        self.ops = ops;
        let out = done
            .saturating_add(self.cfg.cpu_port_ns / 2)
            .saturating_add(self.cfg.pipeline_ns);
        Decision {
            verdict: o.verdict,
            path: Path::Cpu,
            leaves_at: if committed { out.max(installed) } else { out },
            committed,
        }
    }

    /// Queues operations; returns when the last takes effect.
    fn submit(&mut self, now: u64, ops: &[CtlOp]) -> u64 {
        let mut last = now;
        for &op in ops {
            let start = now.max(self.channel_free);
            last = start.saturating_add(self.cfg.op_latency_ns);
            self.channel_free = last;
            self.queue.push_back((last, op));
            self.counters.control_ops += 1;
        }
        self.counters.max_backlog_ns = self
            .counters
            .max_backlog_ns
            .max(self.channel_free.saturating_sub(now));
        last
    }

    /// Applies operations that took effect by `now` and runs due idle scans.
    ///
    /// Scans due while nothing is tracked, offloaded or queued change nothing, so
    /// they are skipped in one step: a capture whose timestamps jump by years
    /// (merged days, a corrupt record) would otherwise run one scan per interval
    /// of the gap. Times near `u64::MAX` saturate instead of overflowing.
    fn advance(&mut self, now: u64) {
        let interval = self.cfg.scan_interval_ns.max(1);
        loop {
            let scan = *self.next_scan.get_or_insert(now.saturating_add(interval));
            let op_at = self.queue.front().map(|x| x.0);
            match op_at {
                Some(t) if t <= now && t <= scan => {
                    if let Some((_, op)) = self.queue.pop_front() {
                        self.apply(op);
                    }
                }
                _ if scan <= now => {
                    let idle = self.queue.is_empty()
                        && self.agent.tracker.is_empty()
                        && self.agent.offloaded().next().is_none();
                    let next = if idle {
                        // The first scan time after `now`, as the loop would reach.
                        let skipped = (now - scan) / interval + 1;
                        scan.saturating_add(skipped.saturating_mul(interval))
                    } else {
                        self.scan(scan);
                        scan.saturating_add(interval)
                    };
                    self.next_scan = Some(next);
                    if next <= now {
                        // Saturated at the end of time: nothing later to wait for.
                        break;
                    }
                }
                _ => break,
            }
        }
    }

    fn apply(&mut self, op: CtlOp) {
        match op {
            CtlOp::Cell(w) => self.dp.write_cell(w),
            CtlOp::ExactSet(k, a) => self.dp.exact_set(k, a),
            CtlOp::ExactDelete(k) => self.dp.exact_delete(&k),
            CtlOp::Bits { way, idx, bits } => self.dp.raise_bits(way as usize, idx, bits),
        }
    }

    /// The idle scan: activity bits refresh offloaded connections; connections
    /// idle past their conntrack timeout are removed.
    fn scan(&mut self, at: u64) {
        self.scans += 1;
        let offloaded: Vec<_> = self.agent.offloaded().collect();
        for (c, place) in offloaded {
            let active = match place {
                Place::Hashed => match self.agent.cell_of(&c) {
                    Some((w, i)) => {
                        // The scan reads the state bits too, so that a
                        // connection in teardown times out as FIN_WAIT or
                        // LAST_ACK, not as ESTABLISHED.
                        let bits = self.dp.bits_at(w, i);
                        self.agent.follow_bits(&c, bits);
                        self.dp.take_activity(w, i)
                    }
                    None => false,
                },
                _ => self.dp.take_exact_activity(&c),
            };
            if active {
                self.agent.tracker.touch(&c, at);
            }
        }
        let mut ops = std::mem::take(&mut self.ops);
        for c in self.agent.tracker.expire(at) {
            self.agent.expire(c, &mut ops);
        }
        self.submit(at, &ops);
        ops.clear();
        self.ops = ops;
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// Agent counters.
    pub fn agent_stats(&self) -> AgentStats {
        self.agent.stats
    }

    /// Settlement counters.
    pub fn settle_stats(&self) -> SettleStats {
        self.agent.shadow.stats
    }

    /// Data-plane counters.
    pub fn dataplane_stats(&self) -> DataPlaneStats {
        self.dp.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::WAYS;

    fn filter() -> CoFilter {
        let layout = Layout {
            fp_bits: 7,
            slot_bits: 8,
            rows: [1; WAYS],
            exact_entries: 64,
            state_bits: 0,
        };
        CoFilter::new(Config::new(layout, Policy::default()))
    }

    /// Regression (found by the `capture` fuzz target of `crates/filter/fuzz`, which
    /// slowed to a crawl): a timestamp jump ran one idle scan per second of the gap
    /// even with nothing to scan; ten years took 3e8 scans.
    #[test]
    fn a_gap_with_nothing_tracked_is_skipped_in_one_step() {
        let mut f = filter();
        let interval = f.cfg.scan_interval_ns;
        f.advance(0);
        f.advance(1000 * interval + 5);
        assert_eq!(f.scans, 0, "nothing tracked: no scan needed");
        assert_eq!(
            f.next_scan,
            Some(1001 * interval),
            "next scan as the loop would set it"
        );
        // The end of time: no overflow, no endless loop.
        f.advance(u64::MAX);
        assert_eq!(f.next_scan, Some(u64::MAX));
        f.advance(u64::MAX);
    }
}
