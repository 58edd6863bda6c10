//! The run summary: JSON for scripts (`--summary FILE.json`), text for people.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

/// What traffic a run replayed.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Source {
    /// Capture files, each entering the given port.
    Pcap {
        /// `(port, path)` in the order given.
        inputs: Vec<PcapSource>,
    },
    /// A generated workload replayed in a closed loop.
    Workload {
        /// Workload name (as `tandem trace gen --workload` spells it).
        name: String,
        /// Connections generated.
        flows: u32,
        /// Generator seed.
        seed: u64,
        /// Server addresses the clients talk to.
        servers: Vec<String>,
    },
    /// Frames from Linux interfaces (`tandem live`), on the wall clock.
    Live {
        /// `(port, interface)` bindings.
        ports: Vec<LivePort>,
    },
}

/// One live port binding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LivePort {
    /// Switch port number.
    pub port: u16,
    /// The interface it is bound to.
    pub interface: String,
}

/// One capture-file input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PcapSource {
    /// Port its packets enter.
    pub port: u16,
    /// The file.
    pub path: String,
}

/// A fault in an input file; the packets before it were processed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InputFault {
    /// The file.
    pub file: String,
    /// 1-based number of the packet that could not be read.
    pub packet: Option<u64>,
    /// Byte offset of the faulty record.
    pub offset: Option<u64>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for InputFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let (Some(p), Some(o)) = (self.packet, self.offset) {
            write!(f, ": packet {p} at byte offset {o}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Closed-loop replay counts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct LoopStats {
    /// Connections in the workload.
    pub connections: u64,
    /// Connections of which at least one client packet left port 1 (so the
    /// server saw them and answered).
    pub connections_reached_server: u64,
    /// Server packets not sent because no client packet of their connection had
    /// left port 1 yet (the server never saw the connection).
    pub server_packets_not_sent: u64,
    /// Packets the engine held back; their connections' later packets were
    /// shifted by the hold.
    pub held_packets: u64,
}

/// Everything a run did.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// Program name.
    pub program: String,
    /// Engine that executed it (`reference`, ...).
    pub engine: String,
    /// The traffic.
    pub source: Source,
    /// Packets that entered, by port.
    pub packets_in: BTreeMap<u16, u64>,
    /// Packets that left, by port.
    pub packets_out: BTreeMap<u16, u64>,
    /// Packets the program dropped.
    pub dropped: u64,
    /// Packets the engine failed on (also not forwarded).
    pub failed: u64,
    /// The first engine failures, with packet number, port and time.
    pub engine_errors: Vec<String>,
    /// Faults in input files.
    pub input_errors: Vec<InputFault>,
    /// Time of the first packet, ns since the Unix epoch.
    pub first_ts_ns: Option<u64>,
    /// Time of the last packet (the time state sizes are taken at).
    pub last_ts_ns: Option<u64>,
    /// Raised events in order: `{"event", "time_ns", "fields": {..}}`.
    pub events: Vec<serde_json::Value>,
    /// Live size of each state object at the end, by name.
    pub state_sizes: BTreeMap<String, usize>,
    /// Present for closed-loop workload runs.
    pub closed_loop: Option<LoopStats>,
    /// PayloadPark counters, present when the run parked payloads (`--park`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub park: Option<crate::stats::ParkStats>,
    /// Switch/server counters, present for `--mode partitioned`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partition: Option<crate::stats::PartitionStats>,
}

impl Summary {
    /// Total packets in.
    pub fn total_in(&self) -> u64 {
        self.packets_in.values().sum()
    }

    /// Total packets out.
    pub fn total_out(&self) -> u64 {
        self.packets_out.values().sum()
    }

    /// True when no input fault and no engine failure happened.
    pub fn is_clean(&self) -> bool {
        self.input_errors.is_empty() && self.failed == 0
    }
}

fn ports(m: &BTreeMap<u16, u64>) -> String {
    if m.is_empty() {
        return "none".to_string();
    }
    m.iter()
        .map(|(p, n)| format!("port {p}: {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Events listed in the text form; the JSON has them all.
const EVENTS_SHOWN: usize = 10;

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "program  {} ({} engine)", self.program, self.engine)?;
        match &self.source {
            Source::Pcap { inputs } => {
                for i in inputs {
                    writeln!(f, "input    port {} <- {}", i.port, i.path)?;
                }
            }
            Source::Workload {
                name,
                flows,
                seed,
                servers,
            } => writeln!(
                f,
                "workload {name}, {flows} flows, seed {seed}, servers {}",
                servers.join(",")
            )?,
            Source::Live { ports } => {
                for p in ports {
                    writeln!(f, "live     port {} <-> {}", p.port, p.interface)?;
                }
            }
        }
        if let (Some(a), Some(b)) = (self.first_ts_ns, self.last_ts_ns) {
            let clock = match self.source {
                Source::Live { .. } => "live",
                _ => "simulated",
            };
            writeln!(f, "time     {:.6} s {clock}", (b - a) as f64 / 1e9)?;
        }
        writeln!(
            f,
            "in       {} ({})",
            self.total_in(),
            ports(&self.packets_in)
        )?;
        writeln!(
            f,
            "out      {} ({})",
            self.total_out(),
            ports(&self.packets_out)
        )?;
        writeln!(f, "dropped  {}", self.dropped)?;
        if self.failed > 0 {
            writeln!(f, "failed   {}", self.failed)?;
        }
        if let Some(l) = &self.closed_loop {
            writeln!(
                f,
                "loop     {} of {} connections reached a server; {} server packets not sent",
                l.connections_reached_server, l.connections, l.server_packets_not_sent
            )?;
        }
        if let Some(p) = &self.park {
            let c = &p.counters;
            writeln!(
                f,
                "park     {} splits, {} merges, {} too-short bypasses, {} occupied-slot bypasses, \
                 {} evictions, {} premature evictions, {} explicit drops",
                c.splits,
                c.merges,
                c.bypass_short,
                c.bypass_occupied,
                c.evictions,
                c.premature,
                c.explicit_drops
            )?;
            if p.not_parsed > 0 {
                writeln!(
                    f,
                    "         {} packets the switch parser does not take went unparked",
                    p.not_parsed
                )?;
            }
        }
        if let Some(p) = &self.partition {
            let total = p.switch_only_packets + p.server_packets;
            let pct = |n: u64| {
                if total == 0 {
                    0.0
                } else {
                    100.0 * n as f64 / total as f64
                }
            };
            writeln!(
                f,
                "switch   {} packets switch-only ({:.3} %), {} visited the server ({:.3} %)",
                p.switch_only_packets,
                pct(p.switch_only_packets),
                p.server_packets,
                pct(p.server_packets)
            )?;
            writeln!(
                f,
                "server   {} control-plane ops in {} atomic updates, {} held by output commit ({} reordered), {} stale re-runs",
                p.control_plane_ops,
                p.server.batches,
                p.held_packets,
                p.reordered_packets,
                p.server.stale_reruns
            )?;
            writeln!(
                f,
                "control  {} requests, {} group-commit cycles, {} packets waited for the next cycle, peak {} held at once, {} new keys left to the server ({} by the unsettled limit, {} installed later), {} installed keys evicted to the server, {} packets dropped (held limit), {} miss punts dropped by the switch's meter",
                p.server.control_requests,
                p.server.group_cycles,
                p.server.gathered_packets,
                p.server.peak_held,
                p.server.unadmitted_inserts + p.server.deferred_inserts,
                p.server.unadmitted_inserts,
                p.server.offloaded_later,
                p.server.evicted_keys,
                p.server.held_overflow_drops,
                p.miss_punt_drops
            )?;
            for (b, label) in [
                (&p.bmv2, "bmv2     data plane on simple_switch"),
                (
                    &p.xdp,
                    "xdp      data plane in the kernel (BPF_PROG_TEST_RUN)",
                ),
            ] {
                let Some(b) = b else { continue };
                writeln!(
                    f,
                    "{label}: {} packets in, {} out, {} control-plane writes mirrored, {} differed from the switch model",
                    b.packets, b.out, b.control_writes, b.divergences
                )?;
                if let Some(d) = &b.first_divergence {
                    writeln!(f, "         first difference: {d}")?;
                }
            }
            let d = &p.held_delay;
            let ms = |ns: u64| ns as f64 / 1e6;
            writeln!(
                f,
                "held     {} packets waited: p50 {:.3} ms, p99 {:.3} ms, p99.9 {:.3} ms, max {:.3} ms",
                d.count,
                ms(d.p50_ns),
                ms(d.p99_ns),
                ms(d.p999_ns),
                ms(d.max_ns)
            )?;
        }
        let sizes: Vec<String> = self
            .state_sizes
            .iter()
            .map(|(n, s)| format!("{n}={s}"))
            .collect();
        writeln!(
            f,
            "state    {}",
            if sizes.is_empty() {
                "none".to_string()
            } else {
                sizes.join(" ")
            }
        )?;
        writeln!(f, "events   {}", self.events.len())?;
        for e in self.events.iter().take(EVENTS_SHOWN) {
            writeln!(f, "  {}", event_line(e))?;
        }
        if self.events.len() > EVENTS_SHOWN {
            writeln!(
                f,
                "  ... {} more (see the JSON summary)",
                self.events.len() - EVENTS_SHOWN
            )?;
        }
        for e in &self.input_errors {
            writeln!(f, "input error: {e}")?;
        }
        for e in &self.engine_errors {
            writeln!(f, "engine error: {e}")?;
        }
        Ok(())
    }
}

/// `name field=value ...` of one event's JSON.
fn event_line(e: &serde_json::Value) -> String {
    let name = e.get("event").and_then(|v| v.as_str()).unwrap_or("?");
    let mut s = name.to_string();
    if let Some(fields) = e.get("fields").and_then(|v| v.as_object()) {
        for (k, v) in fields {
            match v.as_str() {
                Some(t) => s.push_str(&format!(" {k}={t}")),
                None => s.push_str(&format!(" {k}={v}")),
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sample() -> Summary {
        Summary {
            program: "nat".into(),
            engine: "reference".into(),
            source: Source::Workload {
                name: "websearch".into(),
                flows: 3,
                seed: 9,
                servers: vec!["198.19.0.1-198.19.0.8".into()],
            },
            packets_in: [(0, 5), (1, 4)].into_iter().collect(),
            packets_out: [(1, 5), (0, 3)].into_iter().collect(),
            dropped: 1,
            failed: 0,
            engine_errors: vec![],
            input_errors: vec![],
            first_ts_ns: Some(1_000_000_000),
            last_ts_ns: Some(1_500_000_000),
            events: vec![
                json!({"event": "trojan", "time_ns": 7, "fields": {"host": "198.18.0.4"}}),
            ],
            state_sizes: [("nat_out".to_string(), 3)].into_iter().collect(),
            closed_loop: Some(LoopStats {
                connections: 3,
                connections_reached_server: 3,
                server_packets_not_sent: 0,
                held_packets: 0,
            }),
            park: None,
            partition: None,
        }
    }

    #[test]
    fn park_counters_show_only_when_parking() {
        let plain = sample();
        let v = serde_json::to_value(&plain).unwrap_or_default();
        assert!(v.get("park").is_none());
        assert!(!plain.to_string().contains("park "));
        let mut parked = sample();
        let mut stats = crate::ParkStats::default();
        stats.counters.splits = 4;
        stats.counters.merges = 3;
        stats.counters.explicit_drops = 1;
        stats.counters.bypass_short = 5;
        stats.not_parsed = 2;
        parked.park = Some(stats);
        let v = serde_json::to_value(&parked).unwrap_or_default();
        assert_eq!(v["park"]["splits"], 4);
        assert_eq!(v["park"]["explicit_drops"], 1);
        assert_eq!(v["park"]["not_parsed"], 2);
        let text = parked.to_string();
        assert!(
            text.contains("park     4 splits, 3 merges, 5 too-short bypasses, 0 occupied-slot"),
            "{text}"
        );
        assert!(text.contains("1 explicit drops"), "{text}");
        assert!(
            text.contains("2 packets the switch parser does not take"),
            "{text}"
        );
    }

    #[test]
    fn json_has_the_documented_shape() {
        let v = serde_json::to_value(sample()).unwrap_or_default();
        assert_eq!(v["packets_in"], json!({"0": 5, "1": 4}));
        assert_eq!(v["packets_out"], json!({"0": 3, "1": 5}));
        assert_eq!(v["dropped"], 1);
        assert_eq!(v["events"][0]["fields"]["host"], "198.18.0.4");
        assert_eq!(v["state_sizes"]["nat_out"], 3);
        assert_eq!(v["source"]["kind"], "workload");
        assert_eq!(v["source"]["seed"], 9);
        assert_eq!(v["closed_loop"]["server_packets_not_sent"], 0);
    }

    #[test]
    fn text_form_is_readable() {
        let t = sample().to_string();
        assert!(t.contains("in       9 (port 0: 5, port 1: 4)"), "{t}");
        assert!(t.contains("out      8 (port 0: 3, port 1: 5)"), "{t}");
        assert!(t.contains("dropped  1"), "{t}");
        assert!(t.contains("time     0.500000 s simulated"), "{t}");
        assert!(t.contains("  trojan host=198.18.0.4"), "{t}");
        assert!(t.contains("state    nat_out=3"), "{t}");
    }
}
