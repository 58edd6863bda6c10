//! The per-box configuration `tandem plan -o DIR` writes, as data: the box's
//! classifier entries, class shares, core shares and queues, the flow hash they
//! name and the stamp of the plan they belong to. [`crate::config`] computes it
//! from an LP solution; [`crate::boxcfg`] reads it back and validates it.

use serde::{Deserialize, Serialize};

use crate::instance::Instance;
use crate::prefix::Prefix;

/// One classifier entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    /// Source prefix.
    pub src: Prefix,
    /// Destination prefix.
    pub dst: Prefix,
    /// `tcp`, `udp` or `any`.
    pub protocol: String,
    /// Source ports (empty: any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub src_ports: Vec<u16>,
    /// Destination ports (empty: any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dst_ports: Vec<u16>,
    /// Hash range `[lo, hi)` over `0..2^32`, if hash-based.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<[u64; 2]>,
    /// Ports neither end of a matching packet may use. A port class without
    /// ports (CoMb's `other`) gets the ports of every other port class, so a
    /// service's packets and its replies are never taken for `other` traffic.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub except_ports: Vec<u16>,
    /// For port classes without ports: the end that is the server, `"dst"`
    /// (initiating direction) or `"src"` (replies). A packet matches only if
    /// that end's port is lower than the other end's (the service/ephemeral
    /// convention), which tells an `other` session of A→B from the reply of
    /// one of B→A without connection state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_lower: Option<String>,
}

/// One class's share on a box.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Assignment {
    /// Class index in the spec.
    pub class: usize,
    /// Applications to run, in policy order (the pshim's chain).
    pub hyperapp: Vec<String>,
    /// Hyperapp label (applications and reusable modules), as in [`CoreShare::hyperapp`].
    pub label: String,
    /// Reusable modules the hyperapp's applications share (§4.3, §6.3).
    pub modules: Vec<String>,
    /// `d_{c,n}`.
    pub fraction: f64,
    /// Filters for the initiating direction.
    pub forward: Vec<Filter>,
    /// Filters for the reverse direction.
    pub reverse: Vec<Filter>,
}

/// One core's share of one hyperapp (`g_{h,j}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoreShare {
    /// Core index.
    pub core: u32,
    /// Hyperapp label, e.g. `flowmon>ids`.
    pub hyperapp: String,
    /// Fraction of the hyperapp's work on this box.
    pub fraction: f64,
}

/// Configuration of one box; written by [`crate::config`], read back and
/// validated by [`crate::boxcfg`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoxConfig {
    /// Node name.
    pub node: String,
    /// The plan's topology, so a box refuses another topology's configuration.
    pub topology: TopologyStamp,
    /// The direction-invariant flow hash of hash ranges and of the core split.
    pub flow_hash: FlowHash,
    /// Cores of the box (the spec's node `cores`).
    pub cores_total: u32,
    /// Load per resource as a fraction of capacity.
    pub load: Vec<f64>,
    /// Class shares.
    pub assignments: Vec<Assignment>,
    /// Hyperapp-to-core split.
    pub cores: Vec<CoreShare>,
    /// Most loaded core's CPU load (fraction of one core's capacity).
    pub max_core_load: f64,
    /// Classifier queues: per hyperapp, one per core share, by flow-hash range.
    pub queues: Vec<Queue>,
}

/// Cuts `[0, 1)` by cumulative fractions into `units` integer slices; the last
/// boundary is exactly `units`, so shares never overlap and always cover.
pub fn boundaries(fractions: &[f64], units: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::with_capacity(fractions.len());
    let (mut cum, mut lo) = (0.0, 0u64);
    for (i, f) in fractions.iter().enumerate() {
        cum += f.max(0.0);
        let hi = if i + 1 == fractions.len() {
            units
        } else {
            ((cum * units as f64).round() as u64).clamp(lo, units)
        };
        out.push((lo, hi));
        lo = hi;
    }
    out
}

/// The flow hash every configuration written here names: IEEE CRC-32 over the
/// 13-byte canonical 5-tuple (lower `(address, port)` endpoint first, then the
/// higher one, then the protocol), so both directions of a session hash alike.
/// With seed 0 it is exactly `wire::FlowKey::symmetric_hash`; a non-zero seed is
/// prepended to the bytes hashed (4 bytes, big-endian).
pub const FLOW_HASH_FUNCTION: &str = "crc32-canonical-5tuple";

/// One past the largest hash value: hash ranges are `[lo, hi)` within `0..2^32`.
pub const HASH_SPACE: u64 = 1 << 32;

/// The flow hash a box computes for hash-range filters and its core split.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlowHash {
    /// Function name; only [`FLOW_HASH_FUNCTION`] is known.
    pub function: String,
    /// Seed (0: the plain canonical CRC-32).
    pub seed: u32,
}

impl Default for FlowHash {
    fn default() -> Self {
        FlowHash {
            function: FLOW_HASH_FUNCTION.to_string(),
            seed: 0,
        }
    }
}

/// Identifies the plan a configuration came from, so a box (or a set of boxes)
/// refuses a configuration of another topology.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TopologyStamp {
    /// Number of nodes of the planned network.
    pub nodes: usize,
    /// Number of traffic classes.
    pub classes: usize,
    /// `fnv1a64:<hex>` over node names, and every class's ingress, egress,
    /// port class, prefixes and path.
    pub fingerprint: String,
}

impl TopologyStamp {
    /// The stamp of an instance.
    pub fn of(inst: &Instance) -> TopologyStamp {
        let mut h = Fnv::new();
        for n in &inst.nodes {
            h.str(&n.name);
        }
        for c in &inst.classes {
            h.u64(c.ingress as u64);
            h.u64(c.egress as u64);
            h.str(&inst.port_classes[c.port_class].name);
            h.u64(u64::from(c.src.addr) << 8 | u64::from(c.src.len));
            h.u64(u64::from(c.dst.addr) << 8 | u64::from(c.dst.len));
            h.u64(c.path.len() as u64);
            for &p in &c.path {
                h.u64(p as u64);
            }
        }
        TopologyStamp {
            nodes: inst.nodes.len(),
            classes: inst.classes.len(),
            fingerprint: format!("fnv1a64:{:016x}", h.0),
        }
    }
}

/// FNV-1a, 64 bit: stable across runs and platforms (std's hashers are not).
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 ^= u64::from(x);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }
    fn str(&mut self, s: &str) {
        self.u64(s.len() as u64);
        self.bytes(s.as_bytes());
    }
}

/// One classifier output queue: the packets of `hyperapp` whose flow hash is in
/// `hash` go to this queue, served by the worker of `core` (CoMb §5.3: each
/// hyperapp instance has its own queue and pshim on one core).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Queue {
    /// Queue number (index in [`BoxConfig::queues`]).
    pub queue: u32,
    /// Core whose worker serves it.
    pub core: u32,
    /// Hyperapp label, as in [`Assignment::label`].
    pub hyperapp: String,
    /// Flow-hash range `[lo, hi)` within `0..2^32`.
    pub hash: [u64; 2],
}

/// The queues of a box: each hyperapp used by an assignment gets one queue per
/// core share, with consecutive hash ranges sized by the shares (`g_{h,j}`); a
/// hyperapp without core shares (no CPU work, e.g. zero volume) runs on core 0.
pub fn queues(b: &BoxConfig) -> Vec<Queue> {
    let mut labels: Vec<&str> = Vec::new();
    for a in &b.assignments {
        if !labels.contains(&a.label.as_str()) {
            labels.push(&a.label);
        }
    }
    let mut out = Vec::new();
    for label in labels {
        let shares: Vec<_> = b.cores.iter().filter(|s| s.hyperapp == label).collect();
        if shares.is_empty() {
            out.push(Queue {
                queue: out.len() as u32,
                core: 0,
                hyperapp: label.to_string(),
                hash: [0, HASH_SPACE],
            });
            continue;
        }
        let total: f64 = shares.iter().map(|s| s.fraction).sum();
        let fr: Vec<f64> = shares.iter().map(|s| s.fraction / total).collect();
        for (s, (lo, hi)) in shares.iter().zip(boundaries(&fr, HASH_SPACE)) {
            if hi > lo {
                out.push(Queue {
                    queue: out.len() as u32,
                    core: s.core,
                    hyperapp: label.to_string(),
                    hash: [lo, hi],
                });
            }
        }
    }
    out
}
