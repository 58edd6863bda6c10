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
//!
//! # Metered miss punts
//! The switch's miss-punt meter (`compiler::Options::miss_punt_meter`) drops
//! miss punts beyond its rate: a decision of the switch that the program, and
//! so the reference interpreter, does not have. A check treats such a drop as
//! the packet's loss on its way to the NF: the partitioned run goes first and
//! keeps the frames its meter dropped, and the reference run loses the same
//! frames (in the same order of arrival) before they reach the program. Both
//! runs then count them as dropped, neither changes state for them, and every
//! other packet is compared as usual; the report says how many there were
//! (`metered`). A meter drop of a packet the program would have forwarded (a
//! reply of a flow whose key the switch does not hold yet, beyond the rate)
//! is therefore not a divergence: it is the degradation the meter exists
//! for, counted, not hidden.

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
    /// Packets the partitioned run's miss-punt meter dropped, which the
    /// reference run lost before the program (module docs).
    pub metered: u64,
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
    let mut partitioned = PartitionedEngine::new(program, options)?;
    partitioned.set_control(control);
    partitioned.keep_metered();
    let p = crate::run_workload(
        &mut partitioned,
        program,
        trace,
        PacketLog::default(),
        progress,
    );
    let mut reference = Lossy::new(program, partitioned.take_metered())?;
    let r = crate::run_workload(
        &mut reference,
        program,
        trace,
        PacketLog::default(),
        progress,
    );
    Ok(reference.compare(r, &partitioned, p))
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
    let mut partitioned = PartitionedEngine::new(program, options)?;
    partitioned.set_control(control);
    partitioned.keep_metered();
    let p = crate::run_pcaps(
        &mut partitioned,
        program,
        specs,
        PacketLog::default(),
        progress,
    );
    let mut reference = Lossy::new(program, partitioned.take_metered())?;
    let r = crate::run_pcaps(
        &mut reference,
        program,
        specs,
        PacketLog::default(),
        progress,
    );
    Ok(reference.compare(r, &partitioned, p))
}

/// The reference interpreter behind the partitioned run's meter drops: a
/// frame the meter dropped (by port and bytes, each drop once, first come
/// first lost) is dropped before it reaches the program.
struct Lossy {
    inner: ReferenceEngine,
    lost: std::collections::HashMap<(u16, Vec<u8>), u32>,
    metered: u64,
}

impl Lossy {
    fn new(program: &ir::Program, lost: Vec<(u16, Vec<u8>)>) -> Result<Lossy, PartitionError> {
        let mut m = std::collections::HashMap::new();
        let metered = lost.len() as u64;
        for k in lost {
            *m.entry(k).or_insert(0u32) += 1;
        }
        Ok(Lossy {
            inner: ReferenceEngine::new(program).map_err(server::RuntimeError::from)?,
            lost: m,
            metered,
        })
    }

    fn compare(
        &self,
        r: Outcome<PacketLog>,
        part: &dyn Engine,
        p: Outcome<PacketLog>,
    ) -> CheckReport {
        let mut report = compare(&self.inner, r, part, p);
        report.metered = self.metered;
        report
    }
}

impl Engine for Lossy {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn process(
        &mut self,
        frame: &mut Vec<u8>,
        in_port: u16,
        now_ns: u64,
    ) -> Result<interp::Verdict, crate::engine::EngineError> {
        if !self.lost.is_empty() {
            let key = (in_port, std::mem::take(frame));
            let hit = match self.lost.get_mut(&key) {
                Some(n) => {
                    *n -= 1;
                    if *n == 0 {
                        self.lost.remove(&key);
                    }
                    true
                }
                None => false,
            };
            *frame = key.1;
            if hit {
                return Ok(interp::Verdict::Drop);
            }
        }
        self.inner.process(frame, in_port, now_ns)
    }

    fn take_events(&mut self) -> Vec<interp::Event> {
        self.inner.take_events()
    }

    fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        self.inner.state_sizes(now_ns)
    }

    fn state_json(&self, now_ns: u64) -> serde_json::Value {
        self.inner.state_json(now_ns)
    }
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
        metered: 0,
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
