//! Classification (CoMb §5.1, §6.1–6.2): every packet to the queue of its
//! class's hyperapp on the core its flow hash selects, or through unprocessed.
//!
//! The filters of a configuration are tried most specific first (a TCAM's
//! priority order; [`plan::boxcfg`] guarantees that same-direction filters that
//! overlap are nested), forward before reverse when equally specific. A filter
//! may also carry a hash range (§6.1's hash-based configuration); the hash is the
//! configuration's direction-invariant flow hash, so both directions of a session
//! land on the same class share and the same queue, hence the same core.

use plan::boxcfg::{FLOW_HASH_FUNCTION, FlowHash};
use plan::config::{BoxConfig, Filter};
use wire::FlowKey;

/// The flow hash named by a configuration: `wire`'s symmetric CRC-32 of the
/// canonical 5-tuple, with a non-zero seed prepended (4 bytes, big-endian).
pub fn flow_hash(key: &FlowKey, seed: u32) -> u32 {
    if seed == 0 {
        return key.symmetric_hash();
    }
    let mut b = [0u8; 17];
    b[..4].copy_from_slice(&seed.to_be_bytes());
    b[4..].copy_from_slice(&key.canonical().to_bytes());
    wire::crc::crc32(&b)
}

/// Where a packet goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Classified {
    /// To a hyperapp queue.
    Queue {
        /// Assignment (class share) it matched.
        assignment: usize,
        /// True if it matched a reverse filter (the responding direction).
        reverse: bool,
        /// Box-local hyperapp index ([`Classifier::labels`]).
        hyperapp: usize,
        /// Queue index in [`BoxConfig::queues`].
        queue: usize,
        /// Core serving the queue.
        core: u32,
    },
    /// IPv4 with a flow key, but no class of this box: passes through.
    Unmatched,
    /// Not IPv4 with a flow key (other ethertypes, fragments, garbage): passes through.
    NotIp,
}

#[derive(Debug, Clone)]
struct Entry {
    filter: Filter,
    assignment: usize,
    reverse: bool,
    hyperapp: usize,
}

/// The classifier of one box.
#[derive(Debug, Clone)]
pub struct Classifier {
    entries: Vec<Entry>,
    /// Per hyperapp: `(lo, hi, queue, core)` sorted by `lo`.
    queues: Vec<Vec<(u64, u64, usize, u32)>>,
    labels: Vec<String>,
    seed: u32,
}

impl Classifier {
    /// Builds the classifier of a validated configuration.
    pub fn new(cfg: &BoxConfig) -> Classifier {
        let mut labels: Vec<String> = Vec::new();
        let mut entries = Vec::new();
        for (i, a) in cfg.assignments.iter().enumerate() {
            let h = match labels.iter().position(|l| *l == a.label) {
                Some(h) => h,
                None => {
                    labels.push(a.label.clone());
                    labels.len() - 1
                }
            };
            for (reverse, fs) in [(false, &a.forward), (true, &a.reverse)] {
                for f in fs {
                    entries.push(Entry {
                        filter: f.clone(),
                        assignment: i,
                        reverse,
                        hyperapp: h,
                    });
                }
            }
        }
        entries.sort_by(|x, y| {
            x.filter
                .log_size()
                .total_cmp(&y.filter.log_size())
                .then(x.reverse.cmp(&y.reverse))
        });
        let mut queues = vec![Vec::new(); labels.len()];
        for (q, queue) in cfg.queues.iter().enumerate() {
            if let Some(h) = labels.iter().position(|l| *l == queue.hyperapp) {
                queues[h].push((queue.hash[0], queue.hash[1], q, queue.core));
            }
        }
        for q in &mut queues {
            q.sort_unstable();
        }
        let FlowHash { function, seed } = &cfg.flow_hash;
        debug_assert_eq!(function, FLOW_HASH_FUNCTION, "validated by plan::boxcfg");
        Classifier {
            entries,
            queues,
            labels,
            seed: *seed,
        }
    }

    /// Hyperapp labels, by box-local index.
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// Classifies one Ethernet frame.
    pub fn classify(&self, frame: &[u8]) -> Classified {
        let Some(key) = wire::parse_frame(frame)
            .ok()
            .and_then(|h| FlowKey::from_headers(&h))
        else {
            return Classified::NotIp;
        };
        self.classify_key(&key)
    }

    /// Classifies a flow key.
    pub fn classify_key(&self, key: &FlowKey) -> Classified {
        let hash = flow_hash(key, self.seed);
        let (src, dst) = (u32::from(key.src_addr), u32::from(key.dst_addr));
        let proto: u8 = key.protocol.into();
        let Some(e) = self.entries.iter().find(|e| {
            e.filter
                .matches(src, dst, proto, key.src_port, key.dst_port, hash)
        }) else {
            return Classified::Unmatched;
        };
        let h = u64::from(hash);
        let Some(&(_, _, queue, core)) = self.queues[e.hyperapp]
            .iter()
            .find(|(lo, hi, _, _)| (*lo..*hi).contains(&h))
        else {
            // Validated configurations tile the hash space per hyperapp.
            return Classified::Unmatched;
        };
        Classified::Queue {
            assignment: e.assignment,
            reverse: e.reverse,
            hyperapp: e.hyperapp,
            queue,
            core,
        }
    }
}
