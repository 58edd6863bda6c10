//! The box's run summary: per-class, per-hyperapp, per-application and per-core
//! packet counts, drops and CPU time, as JSON.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::boxplan::BoxPlan;
use crate::classify::Classified;
use crate::shim::{AppStats, SessionMemory};
use crate::worker::{CoreStats, CoreWorker};

/// Counters kept by the dispatcher (classifier side).
#[derive(Debug, Clone, Default)]
pub struct BoxCounters {
    /// Per assignment: `[forward, reverse]` packets.
    pub per_assignment: Vec<[u64; 2]>,
    /// Per queue: packets.
    pub per_queue: Vec<u64>,
    /// IPv4 packets of no class of this box (passed through).
    pub unmatched: u64,
    /// Non-IPv4 or fragments (passed through).
    pub not_ip: u64,
    /// Packets dropped by an application.
    pub dropped: u64,
    /// Packets an application failed on.
    pub failed: u64,
    /// Per worker position: times its queue was full.
    pub queue_full: Vec<u64>,
    /// Packets dropped because a queue was full ([`crate::Overflow::Drop`]).
    pub overflow_dropped: u64,
}

impl BoxCounters {
    /// Zeroed counters for a plan.
    pub fn new(plan: &BoxPlan) -> BoxCounters {
        BoxCounters {
            per_assignment: vec![[0; 2]; plan.config.assignments.len()],
            per_queue: vec![0; plan.config.queues.len()],
            queue_full: vec![0; plan.cores().len()],
            ..BoxCounters::default()
        }
    }

    /// Counts one classification.
    pub fn count(&mut self, c: &Classified) {
        match *c {
            Classified::Queue {
                assignment,
                reverse,
                queue,
                ..
            } => {
                if let Some(a) = self.per_assignment.get_mut(assignment) {
                    a[usize::from(reverse)] += 1;
                }
                if let Some(q) = self.per_queue.get_mut(queue) {
                    *q += 1;
                }
            }
            Classified::Unmatched => self.unmatched += 1,
            Classified::NotIp => self.not_ip += 1,
        }
    }
}

/// One class share's packets.
#[derive(Debug, Clone, Serialize)]
pub struct ClassCount {
    /// Class index in the plan.
    pub class: usize,
    /// Hyperapp label.
    pub hyperapp: String,
    /// Packets of the initiating direction.
    pub forward: u64,
    /// Packets of the responding direction.
    pub reverse: u64,
}

/// One hyperapp, over all its instances.
#[derive(Debug, Clone, Serialize)]
pub struct HyperappCount {
    /// Label.
    pub hyperapp: String,
    /// Cores running an instance.
    pub cores: Vec<u32>,
    /// Packets in.
    pub packets: u64,
    /// Packets forwarded.
    pub forwarded: u64,
    /// Packets dropped (or failed on).
    pub dropped: u64,
    /// Header parses saved by sharing the `parse` module.
    pub parses_saved: u64,
    /// Session-module computations (once per packet with reuse, once per
    /// declaring application and packet without).
    pub session_updates: u64,
    /// Memory of the session tables, over every instance.
    pub session_memory: SessionMemory,
}

/// One application, summed over every hyperapp and core it runs in.
#[derive(Debug, Clone, Serialize)]
pub struct AppCount {
    /// Name.
    pub application: String,
    /// Instances (hyperapp × core).
    pub instances: usize,
    /// Counters.
    #[serde(flatten)]
    pub stats: AppStats,
    /// The first events raised (up to [`crate::shim::MAX_EVENTS_KEPT`] per instance).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub events_kept: Vec<serde_json::Value>,
}

/// One queue.
#[derive(Debug, Clone, Serialize)]
pub struct QueueCount {
    /// Queue index.
    pub queue: u32,
    /// Core.
    pub core: u32,
    /// Hyperapp.
    pub hyperapp: String,
    /// Packets.
    pub packets: u64,
}

/// Everything a box run reports.
#[derive(Debug, Clone, Serialize)]
pub struct BoxSummary {
    /// Node.
    pub node: String,
    /// `inline` or `threads`.
    pub execution: &'static str,
    /// Packets classified.
    pub packets: u64,
    /// IPv4 packets of no class of this box, passed through.
    pub unmatched: u64,
    /// Non-IPv4 packets and fragments, passed through.
    pub not_ip: u64,
    /// Packets dropped by an application.
    pub dropped: u64,
    /// Packets an application failed on (dropped).
    pub failed: u64,
    /// Packets dropped because a queue was full.
    pub overflow_dropped: u64,
    /// Whether module reuse was on.
    pub reuse: bool,
    /// Per class share.
    pub classes: Vec<ClassCount>,
    /// Per hyperapp.
    pub hyperapps: Vec<HyperappCount>,
    /// Per application.
    pub applications: Vec<AppCount>,
    /// Per core.
    pub cores: Vec<CoreStats>,
    /// Per queue.
    pub queues: Vec<QueueCount>,
}

impl BoxSummary {
    /// Puts the counters and the workers' statistics together.
    pub fn new(
        plan: &BoxPlan,
        c: &BoxCounters,
        workers: &[CoreWorker],
        threaded: bool,
    ) -> BoxSummary {
        let cfg = &plan.config;
        let classes = cfg
            .assignments
            .iter()
            .zip(&c.per_assignment)
            .map(|(a, n)| ClassCount {
                class: a.class,
                hyperapp: a.label.clone(),
                forward: n[0],
                reverse: n[1],
            })
            .collect();
        let mut hyper: BTreeMap<&str, HyperappCount> = BTreeMap::new();
        let mut apps: BTreeMap<&str, AppCount> = BTreeMap::new();
        for w in workers {
            for s in w.shims() {
                let h = hyper.entry(&s.label).or_insert_with(|| HyperappCount {
                    hyperapp: s.label.clone(),
                    cores: Vec::new(),
                    packets: 0,
                    forwarded: 0,
                    dropped: 0,
                    parses_saved: 0,
                    session_updates: 0,
                    session_memory: SessionMemory::default(),
                });
                h.cores.push(w.stats.core);
                h.packets += s.stats.packets;
                h.forwarded += s.stats.forwarded;
                h.dropped += s.stats.dropped;
                h.parses_saved += s.stats.parses_saved;
                h.session_updates += s.stats.session_updates;
                let m = s.session_memory();
                h.session_memory.tables += m.tables;
                h.session_memory.entries += m.entries;
                h.session_memory.bytes += m.bytes;
                for a in &s.apps {
                    let e = apps.entry(&a.name).or_insert_with(|| AppCount {
                        application: a.name.clone(),
                        instances: 0,
                        stats: AppStats::default(),
                        events_kept: Vec::new(),
                    });
                    e.instances += 1;
                    e.stats.packets += a.stats.packets;
                    e.stats.dropped += a.stats.dropped;
                    e.stats.failed += a.stats.failed;
                    e.stats.events += a.stats.events;
                    e.events_kept.extend(a.events.iter().cloned());
                }
            }
        }
        let queues = cfg
            .queues
            .iter()
            .zip(&c.per_queue)
            .map(|(q, n)| QueueCount {
                queue: q.queue,
                core: q.core,
                hyperapp: q.hyperapp.clone(),
                packets: *n,
            })
            .collect();
        let classified: u64 = c.per_queue.iter().sum();
        BoxSummary {
            node: cfg.node.clone(),
            execution: if threaded { "threads" } else { "inline" },
            packets: classified + c.unmatched + c.not_ip,
            unmatched: c.unmatched,
            not_ip: c.not_ip,
            dropped: c.dropped,
            failed: c.failed,
            overflow_dropped: c.overflow_dropped,
            reuse: plan.reuse,
            classes,
            hyperapps: hyper.into_values().collect(),
            applications: apps.into_values().collect(),
            cores: workers.iter().map(|w| w.stats.clone()).collect(),
            queues,
        }
    }
}
