//! The SYN-flood experiment: spoofed SYNs from outside at many times the rate of
//! legitimate connections to an allowed port, with and without the defence.
//!
//! What the flood attacks in this design is not the data path but the switch's
//! control plane: without the defence every spoofed SYN gets a pending exact
//! entry (one control operation of 130 µs, and an exact-table slot for the 120 s
//! SYN_SENT timeout), so the control channel backs up and legitimate connections
//! wait (output commit) or find the exact table full. With the defence the agent
//! stops giving half-open connections entries while the channel is backlogged or
//! the exact table is three-quarters full; their handshake-completing ACK comes
//! through the metered miss path instead.

use trace::workload::{App, Trace};

use crate::cofilter::Config;
use crate::run::{DelayStats, Runner, Summary, feed_trace_with};
use crate::tracker::{OUTSIDE, Verdict};
use trace::delay::Histogram;

/// Outcome for the legitimate connections of a flood trace.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct FloodResult {
    /// Defence on.
    pub defence: bool,
    /// Spoofed SYNs in the trace.
    pub spoofed_syns: u64,
    /// Legitimate connections.
    pub legit_connections: u64,
    /// Legitimate connections all of whose packets were forwarded.
    pub legit_complete: u64,
    /// Legitimate packets dropped.
    pub legit_dropped: u64,
    /// Delay of legitimate packets (arrival to departure).
    pub legit_delay: DelayStats,
    /// Delay of the spoofed SYNs that were forwarded (arrival to departure).
    pub spoofed_delay: DelayStats,
    /// Time from a legitimate SYN's arrival to the departure of the packet that
    /// established the connection.
    pub legit_establish: DelayStats,
    /// The run's summary.
    pub summary: Summary,
}

/// Runs a flood trace (clients outside, the attacked port allowed).
pub fn run(cfg: Config, trace: &Trace, progress: &mut dyn FnMut(u64, u64)) -> FloodResult {
    let defence = cfg.syn_defence;
    let mut runner = Runner::new(cfg);
    let n = trace.connections.len();
    let mut dropped = vec![false; n];
    let mut syn_at = vec![None; n];
    let mut established_at: Vec<Option<u64>> = vec![None; n];
    let mut delays = Histogram::new();
    let mut spoofed = Histogram::new();
    let mut legit_dropped = 0;
    feed_trace_with(
        &mut runner,
        trace,
        OUTSIDE,
        progress,
        &mut |conn, i, ts, d| {
            if conn.app == App::SpoofedSyn {
                if i == 0 && matches!(d.verdict, Verdict::Forward(_)) {
                    spoofed.record(d.leaves_at - ts);
                }
                return;
            }
            let c = conn.id as usize;
            if i == 0 {
                syn_at[c] = Some(ts);
            }
            match d.verdict {
                Verdict::Forward(_) => {
                    delays.record(d.leaves_at - ts);
                    // The third packet of the handshake establishes the connection.
                    if i == 2 {
                        established_at[c] = Some(d.leaves_at);
                    }
                }
                Verdict::Drop(_) => {
                    dropped[c] = true;
                    legit_dropped += 1;
                }
            }
        },
    );
    let legit: Vec<usize> = trace
        .connections
        .iter()
        .filter(|c| c.app != App::SpoofedSyn)
        .map(|c| c.id as usize)
        .collect();
    let mut establish = Histogram::new();
    for d in legit
        .iter()
        .filter_map(|&c| Some(established_at[c]? - syn_at[c]?))
    {
        establish.record(d);
    }
    FloodResult {
        defence,
        spoofed_syns: (n - legit.len()) as u64,
        legit_connections: legit.len() as u64,
        legit_complete: legit.iter().filter(|&&c| !dropped[c]).count() as u64,
        legit_dropped,
        legit_delay: DelayStats::of(&delays),
        spoofed_delay: DelayStats::of(&spoofed),
        legit_establish: DelayStats::of(&establish),
        summary: runner.summary(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{Layout, WAYS};
    use crate::tracker::Policy;
    use trace::workload::{GenOptions, Workload, generate};

    #[test]
    fn defence_keeps_legitimate_connections_fast_under_a_flood() {
        // Legitimate connections at 500/s, spoofed SYNs at 9,500/s: more than the
        // control channel's 7,700 operations per second.
        let (t, mut cfg) = flood_and_config();
        cfg.syn_defence = true;
        let on = run(cfg.clone(), &t, &mut |_, _| {});
        cfg.syn_defence = false;
        let off = run(cfg, &t, &mut |_, _| {});
        assert!(on.spoofed_syns > 2500, "{}", on.spoofed_syns);
        assert_eq!(
            on.summary.mismatches, 0,
            "{:#?}",
            on.summary.first_mismatches
        );
        assert_eq!(on.legit_complete, on.legit_connections, "{on:#?}");
        // Without the defence the backlog grows with every spoofed SYN and the
        // legitimate handshakes wait behind it.
        assert!(
            off.legit_establish.p99_ns > 10 * on.legit_establish.p99_ns,
            "on {:?} off {:?}",
            on.legit_establish,
            off.legit_establish
        );
        assert!(off.summary.counters.max_backlog_ns > 10 * on.summary.counters.max_backlog_ns);
    }

    /// The flood of these tests (3,000 flows at 10,000/s, 95 % spoofed), a
    /// small table and the SYN defence off.
    fn flood_and_config() -> (Trace, Config) {
        let t = generate(&GenOptions {
            workload: Workload::SynFlood,
            flows: 3000,
            rate: 10_000.0,
            attack_share: 0.95,
            seed: 9,
            ..GenOptions::default()
        })
        .expect("generate");
        let layout = Layout {
            fp_bits: 7,
            slot_bits: 10,
            rows: [1; WAYS],
            exact_entries: 4096,
            state_bits: 0,
        };
        let policy = Policy {
            allow_inbound: [80].into_iter().collect(),
            ..Policy::default()
        };
        let mut cfg = Config::new(layout, policy);
        cfg.syn_defence = false;
        (t, cfg)
    }

    #[test]
    fn offload_after_the_handshake_gives_spoofed_syns_no_switch_state() {
        let (t, cfg) = flood_and_config();
        let open = run(cfg.clone(), &t, &mut |_, _| {});
        let mut hs = cfg;
        hs.handshake_only = true;
        let hs = run(hs, &t, &mut |_, _| {});
        assert_eq!(
            hs.summary.mismatches, 0,
            "{:#?}",
            hs.summary.first_mismatches
        );
        assert_eq!(hs.legit_complete, hs.legit_connections, "{hs:#?}");
        // Without a policy every spoofed SYN takes a pending entry (and its
        // removal): at least one operation each.
        assert!(
            open.summary.counters.control_ops > open.spoofed_syns,
            "{open:#?}"
        );
        // With it only legitimate connections cost operations (a few each:
        // their cell, its removal at expiry, collisions).
        assert!(
            hs.summary.counters.control_ops < 8 * hs.legit_connections,
            "{:?} for {} legitimate connections",
            hs.summary.counters,
            hs.legit_connections
        );
        assert!(
            hs.legit_establish.p99_ns * 10 < open.legit_establish.p99_ns,
            "{hs:#?}"
        );
        // Spoofed SYNs are answered by the CPU without waiting for the switch.
        assert!(hs.spoofed_delay.count > 2500);
        assert!(hs.spoofed_delay.p99_ns < 100_000, "{:?}", hs.spoofed_delay);
    }

    /// 100,000 legitimate connections a second beside 900,000 spoofed SYNs
    /// (10,000 flows in 10 ms), offloaded after the handshake on the batched
    /// channel: every SYN and SYN-ACK is a packet-in, 2.2 million a second
    /// against the 500,000 one agent core takes at 2 µs each. Unmetered, the
    /// CPU queue grows with the flood and legitimate handshakes wait in it;
    /// the SYN meter keeps the queue short by shedding new SYNs beyond what
    /// the core takes — legitimate ones too, in proportion, since a SYN
    /// cannot tell — and with eight cores (the meter scaled to them)
    /// nothing is shed and every handshake completes within 5 ms. Verdicts
    /// equal the baseline's in all three (shed SYNs never reach either).
    #[test]
    fn the_syn_meter_bounds_the_cpu_queue_and_cores_carry_the_flood() {
        let t = generate(&GenOptions {
            workload: Workload::SynFlood,
            flows: 10_000,
            rate: 1_000_000.0,
            attack_share: 0.9,
            seed: 5,
            ..GenOptions::default()
        })
        .expect("generate");
        let policy = Policy {
            allow_inbound: [80].into_iter().collect(),
            ..Policy::default()
        };
        let mut cfg = Config::new(crate::program::tofino1_layout(), policy);
        cfg.handshake_only = true;
        cfg.batched = Some(crate::cofilter::Batched::default());
        let mut open = cfg.clone();
        open.syn_meter = None;
        let open = run(open, &t, &mut |_, _| {});
        let one = run(cfg.clone(), &t, &mut |_, _| {});
        let eight = run(cfg.with_cores(8), &t, &mut |_, _| {});
        for r in [&open, &one, &eight] {
            assert_eq!(r.summary.mismatches, 0, "{:#?}", r.summary.first_mismatches);
        }
        let ms = 1_000_000;
        assert!(
            open.summary.counters.max_cpu_queue_ns > 5 * ms,
            "{:?}",
            open.summary.counters
        );
        assert_eq!(open.summary.shed, 0);
        assert!(
            open.legit_establish.p99_ns > 5 * ms,
            "{:?}",
            open.legit_establish
        );
        // One core with the meter: a bounded queue, legitimate SYNs shed too.
        assert!(one.summary.shed > 0);
        assert!(
            one.summary.counters.max_cpu_queue_ns < open.summary.counters.max_cpu_queue_ns / 4,
            "{:?}",
            one.summary.counters
        );
        assert!(one.legit_complete < one.legit_connections, "{one:#?}");
        // Eight cores: nothing shed, every legitimate handshake within 5 ms.
        assert_eq!(eight.summary.shed, 0);
        assert_eq!(eight.legit_complete, eight.legit_connections, "{eight:#?}");
        assert!(
            eight.legit_establish.p99_ns <= 5 * ms,
            "{:?}",
            eight.legit_establish
        );
    }

    #[test]
    fn the_batched_channel_gathers_the_agents_operations() {
        let (t, mut cfg) = flood_and_config();
        let serial = run(cfg.clone(), &t, &mut |_, _| {});
        cfg.batched = Some(crate::cofilter::Batched::default());
        let batched = run(cfg, &t, &mut |_, _| {});
        assert_eq!(
            batched.summary.mismatches, 0,
            "{:#?}",
            batched.summary.first_mismatches
        );
        assert_eq!(batched.legit_complete, batched.legit_connections);
        let c = batched.summary.counters;
        assert_eq!(c.control_ops, serial.summary.counters.control_ops);
        assert_eq!(serial.summary.counters.control_requests, c.control_ops);
        assert!(c.control_requests * 3 < c.control_ops * 2, "{c:?}");
        // The backlog no longer grows with the flood.
        assert!(
            batched.legit_establish.p99_ns * 10 < serial.legit_establish.p99_ns,
            "batched {:?} serial {:?}",
            batched.legit_establish,
            serial.legit_establish
        );
    }
}
