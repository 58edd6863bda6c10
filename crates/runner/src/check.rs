//! Differential check: the same traffic through the reference interpreter and
//! the partitioned execution (switch model + server), compared on what an
//! outside observer and the final state can tell apart: the packets leaving
//! each port (as multisets: output commit may reorder), the number dropped and
//! failed, the events raised (name and fields; their times move with held
//! packets) and the final state once the control plane is quiet.
//!
//! Generated workloads run in the closed loop on both sides ([`crate::closed_loop`]):
//! the partitioned run shifts a connection's later packets by output-commit
//! holds, so both see the same packets, causally ordered. Capture files cannot
//! react: their packets go at their recorded times.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::engine::Engine;
use crate::partitioned::{ControlOptions, PartitionError, PartitionedEngine};
use crate::sink::{Emitted, PacketLog};
use crate::summary::Summary;
use crate::{InputSpec, Outcome, ReferenceEngine};

/// One difference between the two runs.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Divergence {
    /// A packet left a port in one run more often than in the other.
    Output {
        /// The port.
        port: u16,
        /// `reference` or `partitioned`: the run with the extra copies.
        only_in: &'static str,
        /// How many extra copies.
        count: u64,
        /// The frame (hex).
        frame: String,
    },
    /// A counter differs (`dropped`, `failed`).
    Count {
        /// Which.
        what: &'static str,
        /// Reference value.
        reference: u64,
        /// Partitioned value.
        partitioned: u64,
    },
    /// An event was raised in one run more often than in the other.
    Event {
        /// `reference` or `partitioned`.
        only_in: &'static str,
        /// How many extra.
        count: u64,
        /// The event (name and fields).
        event: serde_json::Value,
    },
    /// A state object ends differently.
    State {
        /// Its name.
        object: String,
        /// Its reference value.
        reference: serde_json::Value,
        /// Its partitioned value.
        partitioned: serde_json::Value,
    },
}

/// Result of a check.
#[derive(Debug, Clone, Serialize)]
pub struct CheckReport {
    /// Differences, most telling first (outputs, counts, events, state).
    pub divergences: Vec<Divergence>,
    /// The reference run.
    pub reference: Summary,
    /// The partitioned run.
    pub partitioned: Summary,
}

impl CheckReport {
    /// True when the runs agree.
    pub fn equivalent(&self) -> bool {
        self.divergences.is_empty()
    }
}

/// Checks `program` on a generated workload.
pub fn check_workload(
    program: &ir::Program,
    options: &compiler::Options,
    trace: &trace::workload::Trace,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<CheckReport, PartitionError> {
    check_workload_with(program, options, ControlOptions::default(), trace, progress)
}

/// [`check_workload`] with the partitioned run's control channel set.
pub fn check_workload_with(
    program: &ir::Program,
    options: &compiler::Options,
    control: ControlOptions,
    trace: &trace::workload::Trace,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<CheckReport, PartitionError> {
    let mut reference = ReferenceEngine::new(program).map_err(server::RuntimeError::from)?;
    let mut partitioned = PartitionedEngine::new(program, options)?;
    partitioned.set_control(control);
    let r = crate::run_workload(
        &mut reference,
        program,
        trace,
        PacketLog::default(),
        progress,
    );
    let p = crate::run_workload(
        &mut partitioned,
        program,
        trace,
        PacketLog::default(),
        progress,
    );
    Ok(compare(&reference, r, &partitioned, p))
}

/// Checks `program` on capture files (both runs read the same files).
pub fn check_pcaps(
    program: &ir::Program,
    options: &compiler::Options,
    specs: &[InputSpec],
    progress: &mut dyn FnMut(u64, u64),
) -> Result<CheckReport, PartitionError> {
    check_pcaps_with(program, options, ControlOptions::default(), specs, progress)
}

/// [`check_pcaps`] with the partitioned run's control channel set.
pub fn check_pcaps_with(
    program: &ir::Program,
    options: &compiler::Options,
    control: ControlOptions,
    specs: &[InputSpec],
    progress: &mut dyn FnMut(u64, u64),
) -> Result<CheckReport, PartitionError> {
    let mut reference = ReferenceEngine::new(program).map_err(server::RuntimeError::from)?;
    let mut partitioned = PartitionedEngine::new(program, options)?;
    partitioned.set_control(control);
    let r = crate::run_pcaps(
        &mut reference,
        program,
        specs,
        PacketLog::default(),
        progress,
    );
    let p = crate::run_pcaps(
        &mut partitioned,
        program,
        specs,
        PacketLog::default(),
        progress,
    );
    Ok(compare(&reference, r, &partitioned, p))
}

/// Compares two finished runs.
pub fn compare(
    ref_engine: &dyn Engine,
    r: Outcome<PacketLog>,
    part_engine: &dyn Engine,
    p: Outcome<PacketLog>,
) -> CheckReport {
    let mut d = Vec::new();
    outputs(&r.sink.packets, &p.sink.packets, &mut d);
    for (what, a, b) in [
        ("dropped", r.summary.dropped, p.summary.dropped),
        ("failed", r.summary.failed, p.summary.failed),
    ] {
        if a != b {
            d.push(Divergence::Count {
                what,
                reference: a,
                partitioned: b,
            });
        }
    }
    events(&r.summary.events, &p.summary.events, &mut d);
    let at = |s: &Summary| s.last_ts_ns.unwrap_or(0);
    let (rs, ps) = (
        ref_engine.state_json(at(&r.summary)),
        part_engine.state_json(at(&r.summary).max(at(&p.summary))),
    );
    state(&rs, &ps, &mut d);
    CheckReport {
        divergences: d,
        reference: r.summary,
        partitioned: p.summary,
    }
}

/// Multiset difference of two lists, by key.
fn surplus<K: Ord + Clone>(a: &[K], b: &[K]) -> Vec<(K, i64)> {
    let mut m: BTreeMap<K, i64> = BTreeMap::new();
    for k in a {
        *m.entry(k.clone()).or_insert(0) += 1;
    }
    for k in b {
        *m.entry(k.clone()).or_insert(0) -= 1;
    }
    m.into_iter().filter(|(_, n)| *n != 0).collect()
}

fn outputs(r: &[Emitted], p: &[Emitted], d: &mut Vec<Divergence>) {
    let key = |e: &Emitted| (e.port, e.frame.clone());
    let (a, b): (Vec<_>, Vec<_>) = (r.iter().map(key).collect(), p.iter().map(key).collect());
    for ((port, frame), n) in surplus(&a, &b) {
        d.push(Divergence::Output {
            port,
            only_in: if n > 0 { "reference" } else { "partitioned" },
            count: n.unsigned_abs(),
            frame: frame.iter().map(|b| format!("{b:02x}")).collect(),
        });
    }
}

fn events(r: &[serde_json::Value], p: &[serde_json::Value], d: &mut Vec<Divergence>) {
    // Times move with held packets: compare name and fields.
    let key = |e: &serde_json::Value| {
        serde_json::json!({"event": e["event"], "fields": e["fields"]}).to_string()
    };
    let (a, b): (Vec<_>, Vec<_>) = (r.iter().map(key).collect(), p.iter().map(key).collect());
    for (e, n) in surplus(&a, &b) {
        d.push(Divergence::Event {
            only_in: if n > 0 { "reference" } else { "partitioned" },
            count: n.unsigned_abs(),
            event: serde_json::from_str(&e).unwrap_or(serde_json::Value::Null),
        });
    }
}

fn state(r: &serde_json::Value, p: &serde_json::Value, d: &mut Vec<Divergence>) {
    let empty = serde_json::Map::new();
    let (ro, po) = (
        r.as_object().unwrap_or(&empty),
        p.as_object().unwrap_or(&empty),
    );
    let names: std::collections::BTreeSet<&String> = ro.keys().chain(po.keys()).collect();
    for n in names {
        let (a, b) = (
            ro.get(n).cloned().unwrap_or(serde_json::Value::Null),
            po.get(n).cloned().unwrap_or(serde_json::Value::Null),
        );
        if a != b {
            d.push(Divergence::State {
                object: n.clone(),
                reference: a,
                partitioned: b,
            });
        }
    }
}
