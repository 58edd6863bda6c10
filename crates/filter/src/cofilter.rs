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

use wire::FlowKey;

use crate::agent::{Agent, AgentStats, CtlOp, Place, bits_of};
use crate::conntrack::TcpClass;
use crate::dataplane::{ConnBits, CpuReason, DataPlane, DataPlaneStats, MissMeter, SwitchDecision};
use crate::layout::Layout;
use crate::packet::Kind;
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
    /// Meter of the CPU path of SYNs that match no switch entry (control
    /// plane policing, §6 of docs/COFILTER.md); `None`: unmetered.
    pub syn_meter: Option<MissMeter>,
    /// CPU cores the agent runs on: packet-ins are spread over them by a
    /// hash of the connection (RSS over the CPU port's queues), each core
    /// serving its own in arrival order.
    pub cpu_cores: u32,
    /// With the defence: control-channel backlog above which the switch counts as
    /// under pressure (also when the exact table is three quarters full).
    pub pressure_backlog_ns: u64,
    /// Interval of the agent's activity scans.
    pub scan_interval_ns: u64,
    /// Latency of one control-channel operation (the serial channel).
    pub op_latency_ns: u64,
    /// `Some`: the agent's operations travel in batched requests instead of
    /// one request each (see [`Batched`]).
    pub batched: Option<Batched>,
    /// Offload after the handshake: half-open connections never get a switch
    /// entry ([`Agent::set_handshake_only`]).
    pub handshake_only: bool,
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
            syn_meter: Some(Config::syn_meter_for(1, 2_000)),
            cpu_cores: 1,
            pressure_backlog_ns: 2_000_000,
            scan_interval_ns: 1_000_000_000,
            op_latency_ns: 130_000,
            batched: None,
            handshake_only: false,
            pipeline_ns: 1_000,
            cpu_port_ns: 20_000,
            cpu_per_packet_ns: 2_000,
        }
    }
}

impl Config {
    /// The SYN meter for an agent of `cores` cores spending `cpu_per_packet_ns`
    /// per packet: a third of what it can take (each SYN it lets through costs
    /// the CPU the SYN and its SYN-ACK; the last third is for everything
    /// else), with a burst of 2 ms at that rate (at least 64), so that a
    /// burst adds at most about 1.3 ms to the CPU queue. One core at 2 µs:
    /// 166,666 SYNs/s, burst 333.
    pub fn syn_meter_for(cores: u32, cpu_per_packet_ns: u64) -> MissMeter {
        let capacity = u64::from(cores.max(1)) * 1_000_000_000 / cpu_per_packet_ns.max(1);
        let rate_pps = capacity / 3;
        MissMeter {
            rate_pps,
            burst: (rate_pps / 500).max(64),
        }
    }

    /// This configuration with the agent on `cores` cores and the SYN meter
    /// (if on) scaled to them.
    pub fn with_cores(mut self, cores: u32) -> Config {
        self.cpu_cores = cores.max(1);
        if self.syn_meter.is_some() {
            self.syn_meter = Some(Config::syn_meter_for(
                self.cpu_cores,
                self.cpu_per_packet_ns,
            ));
        }
        self
    }
}

/// The batched control channel of the agent (docs/SWITCH.md, "Control channel:
/// batching and group commit"): operations submitted while a request is in
/// flight are gathered into the next request, which goes when the one in
/// flight is acknowledged; a request costs `request_ns` once plus
/// `per_entry_ns` for each of its entries, applied one after another (an
/// entry takes effect `request_ns + k × per_entry_ns` after its request
/// started). One request in flight at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Batched {
    /// Fixed cost of a request (round trip and per-request work).
    pub request_ns: u64,
    /// Cost of each entry.
    pub per_entry_ns: u64,
    /// Most entries in one request.
    pub max_batch: u32,
}

impl Default for Batched {
    /// `pipe::Channel::batched()`'s figures: 128 µs + 2 µs per entry (a
    /// one-entry request costs Gallium Table 3's 130 µs), 1,024 entries.
    fn default() -> Batched {
        Batched {
            request_ns: 128_000,
            per_entry_ns: 2_000,
            max_batch: 1_024,
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
    /// The switch's SYN meter dropped it: it never reached the state machine.
    pub shed: bool,
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
    /// FINs the CPU accepted for hashed connections and sent back through the
    /// pipeline, which counted them in the connection's state bits (2-bit
    /// layouts).
    pub fins_recounted: u64,
    /// Such FINs the pipeline could not count (the cell not written yet, or
    /// several ways matching): the agent raised the bits by a register write.
    pub fins_written: u64,
    /// Re-injections refused because [`MAX_REINJECT`] were in flight (the bits
    /// were then raised by a register write at once).
    pub reinject_overflow: u64,
    /// Control-channel requests (one per operation on the serial channel).
    pub control_requests: u64,
}

/// Bound of the FINs in flight from the CPU back to the pipeline.
pub const MAX_REINJECT: usize = 4096;

/// How often the agent sends a FIN back whose cell is not written yet before
/// it raises the bits by a register write instead.
pub const REINJECT_TRIES: u8 = 8;

/// The filter.
#[derive(Debug, Clone)]
pub struct CoFilter {
    cfg: Config,
    /// The switch data plane.
    pub dp: DataPlane,
    /// The CPU agent.
    pub agent: Agent,
    queue: VecDeque<(u64, CtlOp)>,
    /// FINs on their way back from the CPU through the pipeline: when they
    /// arrive, the connection, the bits its cell must reach, tries so far (in
    /// time order).
    reinject: VecDeque<(u64, FlowKey, ConnBits, u8)>,
    channel_free: u64,
    /// Batched channel: the request not yet started (its start time and
    /// entries so far), which later operations join.
    open_request: Option<(u64, u32)>,
    /// Per agent core: when it is free.
    cpu_free: Vec<u64>,
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
            dp: {
                let mut dp = DataPlane::new(cfg.layout, Some(cfg.miss_meter));
                dp.set_syn_meter(cfg.syn_meter);
                dp
            },
            agent: {
                let mut a = Agent::new(cfg.layout, cfg.policy.clone(), cfg.syn_defence);
                a.set_handshake_only(cfg.handshake_only);
                a
            },
            queue: VecDeque::new(),
            reinject: VecDeque::new(),
            channel_free: 0,
            open_request: None,
            cpu_free: vec![0; cfg.cpu_cores.max(1) as usize],
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
                shed: false,
            },
            SwitchDecision::Drop => Decision {
                verdict: Verdict::Drop(crate::tracker::DropReason::NoConnection),
                path: Path::Switch,
                leaves_at: now.saturating_add(self.cfg.pipeline_ns),
                committed: false,
                shed: false,
            },
            SwitchDecision::Shed => Decision {
                verdict: Verdict::Drop(crate::tracker::DropReason::Shed),
                path: Path::Switch,
                leaves_at: now.saturating_add(self.cfg.pipeline_ns),
                committed: false,
                shed: true,
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

    /// The agent core a packet-in goes to: by its connection (both
    /// directions alike), so one connection's packets stay in order.
    fn core_of(&self, pkt: &Pkt) -> usize {
        let n = self.cpu_free.len();
        if n <= 1 {
            return 0;
        }
        pkt.key.map_or(0, |k| {
            let mut c = wire::crc::Crc32Digest::new();
            c.update(&k.canonical().to_bytes());
            (c.finalize() as usize) % n
        })
    }

    fn via_cpu(&mut self, now: u64, port: u16, pkt: &Pkt, reason: CpuReason) -> Decision {
        // Simulated times saturate at the end of time (a capture may carry any
        // timestamp up to u64::MAX - 1) rather than overflow.
        let arrive = now
            .saturating_add(self.cfg.pipeline_ns)
            .saturating_add(self.cfg.cpu_port_ns / 2);
        let core = self.core_of(pkt);
        let start = arrive.max(self.cpu_free[core]);
        self.counters.max_cpu_queue_ns = self.counters.max_cpu_queue_ns.max(start - arrive);
        let done = start.saturating_add(self.cfg.cpu_per_packet_ns);
        self.cpu_free[core] = done;
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
        let o = self
            .agent
            .handle(done, port, pkt, reason == CpuReason::Ambiguous, &mut ops);
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
        // A FIN the CPU accepted for a connection that keeps its cell goes back
        // through the pipeline, whose state ALUs count it as they count the
        // FINs they take themselves: counts commute, so FINs the switch took
        // meanwhile are not lost. (An ambiguous connection's re-placed cell was
        // written with its bits by the settlement instead.)
        if let Some(c) = canon.filter(|c| {
            self.cfg.layout.state_bits == 2
                && pkt.kind == Kind::Tcp(TcpClass::Fin)
                && matches!(o.verdict, Verdict::Forward(_))
                && reason != CpuReason::Ambiguous
                && self.agent.place_of(c) == Place::Hashed
        }) {
            let want = bits_of(self.agent.tracker.get(&c).map(|x| x.state));
            if self.reinject.len() < MAX_REINJECT {
                let pos = self.reinject.partition_point(|x| x.0 <= out);
                self.reinject.insert(pos, (out, c, want, 0));
            } else {
                self.counters.reinject_overflow += 1;
                self.write_bits(done, c, want);
            }
        }
        Decision {
            verdict: o.verdict,
            path: Path::Cpu,
            leaves_at: if committed { out.max(installed) } else { out },
            committed,
            shed: false,
        }
    }

    /// A re-injected FIN reaches the pipeline: counted there, or (no single
    /// cell to count it in yet) the agent raises the cell's bits by a register
    /// write through the control channel.
    fn recount(&mut self, at: u64, c: FlowKey, want: ConnBits, tries: u8) {
        if self.dp.count_fin(&c) {
            self.counters.fins_recounted += 1;
        } else if self.agent.place_of(&c) == Place::Hashed {
            if tries < REINJECT_TRIES && self.reinject.len() < MAX_REINJECT {
                // The cell is not written yet: the agent sends the FIN again
                // half an operation later, so that it is counted before the
                // handshake's pending entry (deleted one operation after the
                // cell is written) stops sending the connection's packets to
                // the CPU.
                let again = at.saturating_add(self.cfg.op_latency_ns / 2).max(at + 1);
                let pos = self.reinject.partition_point(|x| x.0 <= again);
                self.reinject.insert(pos, (again, c, want, tries + 1));
            } else {
                self.counters.fins_written += 1;
                self.write_bits(at, c, want);
            }
        }
    }

    fn write_bits(&mut self, at: u64, c: FlowKey, bits: ConnBits) {
        if let Some((w, idx)) = self.agent.cell_of(&c) {
            self.submit(
                at,
                &[CtlOp::Bits {
                    way: w as u8,
                    idx,
                    bits,
                }],
            );
        }
    }

    /// Queues operations; returns when the last takes effect.
    fn submit(&mut self, now: u64, ops: &[CtlOp]) -> u64 {
        if let Some(b) = self.cfg.batched {
            return self.submit_batched(now, ops, b);
        }
        let mut last = now;
        self.counters.control_requests += ops.len() as u64;
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

    /// [`CoFilter::submit`] on the batched channel: the operations join the
    /// request that has not started yet (if it has room), else open the next
    /// one, which starts when the channel is free. Effect times only grow
    /// along the queue, so operations keep their order.
    fn submit_batched(&mut self, now: u64, ops: &[CtlOp], b: Batched) -> u64 {
        let mut last = now;
        let max = b.max_batch.max(1);
        for &op in ops {
            let (start, k) = match self.open_request {
                Some((start, k)) if start >= now && k < max => (start, k + 1),
                _ => {
                    self.counters.control_requests += 1;
                    (now.max(self.channel_free), 1)
                }
            };
            self.open_request = Some((start, k));
            last = start
                .saturating_add(b.request_ns)
                .saturating_add(b.per_entry_ns.saturating_mul(u64::from(k)));
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
            let re_at = self.reinject.front().map(|x| x.0);
            match (op_at, re_at) {
                // Operations first at equal times.
                (_, Some(r)) if r <= now && r <= scan && op_at.is_none_or(|t| r < t) => {
                    if let Some((at, c, want, tries)) = self.reinject.pop_front() {
                        self.recount(at, c, want, tries);
                    }
                }
                (Some(t), _) if t <= now && t <= scan => {
                    if let Some((_, op)) = self.queue.pop_front() {
                        self.apply(op);
                    }
                }
                _ if scan <= now => {
                    let idle = self.queue.is_empty()
                        && self.reinject.is_empty()
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

#[cfg(test)]
mod state_bits_tests {
    use super::*;
    use crate::conntrack::{ProtoState, TcpState};
    use crate::layout::WAYS;
    use std::net::Ipv4Addr;
    use wire::build::{L3, write_tcp_frame};
    use wire::options::OptionBytes;
    use wire::{MacAddr, TcpFlags, tcp};

    fn seg(from_client: bool, flags: TcpFlags) -> Vec<u8> {
        seg_port(from_client, flags, 40_000)
    }

    /// A segment of the connection from client port `cp` to port 80.
    fn seg_port(from_client: bool, flags: TcpFlags, cp: u16) -> Vec<u8> {
        let (c, s) = (Ipv4Addr::new(198, 18, 0, 1), Ipv4Addr::new(198, 18, 1, 1));
        let (src, dst, sp, dp) = if from_client {
            (c, s, cp, 80)
        } else {
            (s, c, 80, cp)
        };
        let l3 = L3 {
            src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
            dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
            vlan: None,
            src,
            dst,
            ttl: 64,
            ident: 1,
        };
        let mut out = Vec::new();
        write_tcp_frame(
            &mut out,
            &l3,
            &tcp::Repr {
                src_port: sp,
                dst_port: dp,
                seq_number: 1,
                ack_number: 1,
                flags,
                window: 1000,
                urgent: 0,
                options: OptionBytes::EMPTY,
            },
            b"",
        );
        out
    }

    /// One row per way, 64 exact entries, `state_bits` per cell.
    fn layout(state_bits: u8) -> Layout {
        Layout {
            fp_bits: 12,
            slot_bits: 8,
            rows: [1; WAYS],
            exact_entries: 64,
            state_bits,
        }
    }

    fn filter(state_bits: u8) -> CoFilter {
        CoFilter::new(Config::new(layout(state_bits), Policy::default()))
    }

    /// Opens a connection from the inside (port 0) at t = 0 and runs `steps`
    /// (µs, from the client?, flags); returns the decisions.
    fn run(f: &mut CoFilter, steps: &[(u64, bool, TcpFlags)]) -> Vec<Decision> {
        let ack = TcpFlags::ACK;
        let syn_ack = TcpFlags(TcpFlags::SYN.0 | ack.0);
        let mut all = vec![
            (0, true, TcpFlags::SYN),
            (10, false, syn_ack),
            (20, true, ack),
        ];
        all.extend_from_slice(steps);
        all.iter()
            .map(|&(us, client, flags)| {
                f.process(us * 1000, u16::from(!client), &seg(client, flags))
            })
            .collect()
    }

    /// With the table capped (`nf_conntrack_max`), a new connection evicts
    /// the oldest unreplied one in the agent and in the baseline alike, and
    /// the agent removes the evicted connection's pending switch entry.
    #[test]
    fn a_capped_table_evicts_unreplied_connections_and_their_switch_entries() {
        let policy = Policy {
            max_conns: 4,
            ..Policy::default()
        };
        let mut r = crate::run::Runner::new(Config::new(layout(2), policy));
        let syn_ack = TcpFlags(TcpFlags::SYN.0 | TcpFlags::ACK.0);
        for i in 0..10u16 {
            let (c, b) = r.step(
                u64::from(i) * 1_000,
                0,
                &seg_port(true, TcpFlags::SYN, 40_000 + i),
            );
            assert_eq!((c, b), (Verdict::Forward(1), Verdict::Forward(1)));
        }
        // The first connection was evicted: its SYN-ACK is dropped by both.
        let (c, b) = r.step(20_000, 1, &seg_port(false, syn_ack, 40_000));
        assert!(
            matches!((c, b), (Verdict::Drop(_), Verdict::Drop(_))),
            "{c:?} {b:?}"
        );
        // The last one is still tracked.
        let (c, b) = r.step(21_000, 1, &seg_port(false, syn_ack, 40_009));
        assert_eq!((c, b), (Verdict::Forward(0), Verdict::Forward(0)));
        let s = r.summary();
        assert_eq!((s.early_drops, s.baseline_early_drops), (6, 6));
        assert_eq!(s.mismatches, 0, "{:?}", s.first_mismatches);
        assert_eq!(r.filter.agent.tracker.len(), 4);
        assert_eq!(r.baseline.len(), 4);
        // Once the control channel has caught up, at most the 4 tracked
        // connections hold exact entries.
        r.filter.advance(1_000_000_000);
        assert!(
            r.filter.agent.exact_used() <= 4,
            "{}",
            r.filter.agent.exact_used()
        );
    }

    fn state(f: &CoFilter) -> Option<ProtoState> {
        let key = Pkt::classify(&seg(true, TcpFlags::ACK)).key?;
        f.agent.tracker.get(&key.canonical()).map(|c| c.state)
    }

    /// A close long after the connection was offloaded: both FINs are forwarded
    /// by the switch, the last ACK goes to the CPU, which ends in TIME_WAIT.
    #[test]
    fn the_switch_takes_both_fins_and_sends_the_last_ack_to_the_cpu() {
        let fin = TcpFlags(TcpFlags::FIN.0 | TcpFlags::ACK.0);
        let steps = [
            (5_000, true, TcpFlags::ACK),
            (6_000, true, fin),
            (6_100, false, fin),
            (6_200, true, TcpFlags::ACK),
        ];
        let mut f = filter(2);
        let d = run(&mut f, &steps);
        let paths: Vec<Path> = d[3..].iter().map(|d| d.path).collect();
        assert_eq!(paths, [Path::Switch, Path::Switch, Path::Switch, Path::Cpu]);
        assert!(d.iter().all(|d| matches!(d.verdict, Verdict::Forward(_))));
        assert_eq!(state(&f), Some(ProtoState::Tcp(TcpState::TimeWait)));
        // Without state bits every FIN and the last ACK go to the CPU.
        let mut f = filter(0);
        let d = run(&mut f, &steps);
        let paths: Vec<Path> = d[3..].iter().map(|d| d.path).collect();
        assert_eq!(paths, [Path::Switch, Path::Cpu, Path::Cpu, Path::Cpu]);
        assert_eq!(state(&f), Some(ProtoState::Tcp(TcpState::TimeWait)));
    }

    /// Regression (kernel differential test): the first FIN came while the
    /// pending entry of the handshake was still being removed, so the CPU took
    /// it; the peer's FIN then went through the switch. Unless the CPU's FIN is
    /// counted in the cell too, the switch forwards the last ACK and the CPU
    /// never sees the connection reach TIME_WAIT.
    #[test]
    fn a_fin_the_cpu_took_is_counted_in_the_cell() {
        let fin = TcpFlags(TcpFlags::FIN.0 | TcpFlags::ACK.0);
        let mut f = filter(2);
        // The establishing ACK at 20 µs leaves at about 300 µs (a cell write,
        // then the pending entry's deletion, 130 µs each, after the SYN's
        // operations).
        let d = run(
            &mut f,
            &[
                (200, true, fin),
                (1_000, false, fin),
                (1_100, true, TcpFlags::ACK),
            ],
        );
        assert_eq!(d[3].path, Path::Cpu, "the first FIN met the pending entry");
        assert_eq!(d[4].path, Path::Switch, "{:?}", f.counters);
        assert_eq!(d[5].path, Path::Cpu, "the last ACK reaches the CPU");
        assert_eq!(state(&f), Some(ProtoState::Tcp(TcpState::TimeWait)));
        assert_eq!(f.counters.fins_recounted + f.counters.fins_written, 1);
    }

    /// Handshake at 0, 10, 20 µs; client FIN at `fin_us`, server FIN 190 µs
    /// later, client ACK 190 µs after that (the kernel test's spacing). The
    /// paths of the three closing packets, and whether the CPU ends in
    /// TIME_WAIT.
    fn close_at(fin_us: u64) -> (Vec<Path>, bool) {
        let mut f = filter(2);
        let fin = TcpFlags(TcpFlags::FIN.0 | TcpFlags::ACK.0);
        let steps = [
            (fin_us, true, fin),
            (fin_us + 190, false, fin),
            (fin_us + 380, true, TcpFlags::ACK),
        ];
        let paths = run(&mut f, &steps)
            .into_iter()
            .skip(3)
            .map(|d| d.path)
            .collect();
        let end = state(&f) == Some(ProtoState::Tcp(TcpState::TimeWait));
        (paths, end)
    }

    /// The kernel differential test's close-then-timeout case as its replay
    /// spaces it (a packet at least 2 ms after the one before, see
    /// `crates/cli/tests/filter_kernel.rs`): a close whose last ACK answers
    /// the server's FIN, then data 3.5 s later, past TIME_WAIT's 2 s: dropped
    /// by CoFilter as by the baseline. (In the capture's own timing the three
    /// closing packets came 15 and 9 µs apart, the ACK before CoFilter could
    /// have delivered the FIN it answers; then the switch, whose cell had
    /// not yet counted the FIN the CPU took, forwarded that ACK and the CPU
    /// never saw TIME_WAIT.)
    #[test]
    fn data_after_a_close_is_dropped_once_time_wait_is_over() {
        let mut timeouts = crate::conntrack::Timeouts::default();
        // TIME_WAIT and CLOSE, in the kernel's order of the states.
        for st in [TcpState::TimeWait, TcpState::Close] {
            timeouts.tcp[st as usize] = std::time::Duration::from_secs(2);
        }
        let policy = Policy {
            timeouts,
            ..Policy::default()
        };
        let mut r = crate::run::Runner::new(Config::new(layout(2), policy));
        let fin = TcpFlags(TcpFlags::FIN.0 | TcpFlags::ACK.0);
        let syn_ack = TcpFlags(TcpFlags::SYN.0 | TcpFlags::ACK.0);
        let psh = TcpFlags(TcpFlags::PSH.0 | TcpFlags::ACK.0);
        let steps = [
            (0, true, TcpFlags::SYN),
            (2_000, false, syn_ack),
            (4_000, true, TcpFlags::ACK),
            (6_000, true, fin),
            (8_000, false, fin),
            (10_000, true, TcpFlags::ACK),
            (3_510_000, true, psh),
            (3_512_000, false, psh),
        ];
        let mut verdicts = Vec::new();
        for (us, client, flags) in steps {
            verdicts.push(r.step(us * 1000, u16::from(!client), &seg(client, flags)));
        }
        let s = r.summary();
        assert_eq!(s.mismatches, 0, "{:?}", s.first_mismatches);
        assert!(
            verdicts[6..]
                .iter()
                .all(|(c, _)| matches!(c, Verdict::Drop(_))),
            "{verdicts:?}"
        );
        assert_eq!(state(&r.filter), None, "TIME_WAIT is over");
    }

    /// Whenever the first FIN reaches the CPU during the handshake's switch
    /// writes (before the cell is written, between cell and pending entry's
    /// deletion), the peer's FIN is taken by the switch later and the last ACK
    /// still reaches the CPU, which ends in TIME_WAIT.
    #[test]
    fn the_cpu_fin_is_counted_whatever_the_timing() {
        for first_fin_us in [25, 60, 100, 150, 200, 260, 320] {
            let (paths, end) = close_at(first_fin_us);
            assert_eq!(
                paths.last(),
                Some(&Path::Cpu),
                "FIN at {first_fin_us} µs: {paths:?}"
            );
            assert!(end, "FIN at {first_fin_us} µs: not in TIME_WAIT");
        }
    }
}
