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
    let mut delays = Vec::new();
    let mut legit_dropped = 0;
    feed_trace_with(
        &mut runner,
        trace,
        OUTSIDE,
        progress,
        &mut |conn, i, ts, d| {
            if conn.app == App::SpoofedSyn {
                return;
            }
            let c = conn.id as usize;
            if i == 0 {
                syn_at[c] = Some(ts);
            }
            match d.verdict {
                Verdict::Forward(_) => {
                    delays.push(d.leaves_at - ts);
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
    let establish: Vec<u64> = legit
        .iter()
        .filter_map(|&c| Some(established_at[c]? - syn_at[c]?))
        .collect();
    FloodResult {
        defence,
        spoofed_syns: (n - legit.len()) as u64,
        legit_connections: legit.len() as u64,
        legit_complete: legit.iter().filter(|&&c| !dropped[c]).count() as u64,
        legit_dropped,
        legit_delay: DelayStats::from_samples(delays),
        legit_establish: DelayStats::from_samples(establish),
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
}
