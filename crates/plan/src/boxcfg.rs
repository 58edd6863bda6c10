//! Reading back and validating the per-box configurations that [`crate::config`]
//! writes (`tandem plan -o DIR`), shared by the controller and the box (`box` crate).
//!
//! A configuration is accepted only whole: [`parse`] checks the JSON schema
//! strictly (unknown fields are errors) and then [`BoxConfig::validate`] checks
//! its meaning, so a box never starts half-configured. Every error names the
//! entry, e.g. `box config ATLAng: assignment[3] (class 4): ...`.
//!
//! What is checked (issue #15, item 5):
//! * every assignment names a non-empty hyperapp, and the union of the hyperapps'
//!   application orders has no cycle (`a` before `b` in one and `b` before `a` in
//!   another, or an application twice in one);
//! * filters are well formed (protocol `tcp`/`udp`/`any`, hash ranges `lo < hi <= 2^32`)
//!   and unambiguous: two filters of the same direction (forward or reverse) of
//!   different assignments that share a packet must be nested, the smaller one
//!   being more specific (a TCAM's longest match: the `other` port class covers
//!   everything `http` does not); equal filters, or overlapping ones where neither
//!   contains the other, are errors;
//! * every hyperapp in use has queues, and its queues' hash ranges tile `[0, 2^32)`
//!   (the core split of Eq. 9–12 as ranges of the flow hash);
//! * core indices are below the box's `cores_total`; [`BoxConfig::check_machine`]
//!   also checks them against the cores the machine has;
//! * the flow hash is one this code knows ([`FLOW_HASH_FUNCTION`]);
//! * [`BoxConfig::check_instance`] checks that a configuration belongs to a
//!   planned [`Instance`] (same topology fingerprint, known node and classes), and
//!   [`check_network`] that a set of boxes come from one plan and that each class's
//!   hash ranges tile `[0, 2^32)` across the boxes.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::boxfile::{BoxConfig, Filter};
pub use crate::boxfile::{FLOW_HASH_FUNCTION, FlowHash, HASH_SPACE, Queue, TopologyStamp, queues};
use crate::error::{PlanError, Result};
use crate::instance::Instance;

/// Parses a configuration (strict schema) and validates it; `origin` names the
/// source in errors (a file name).
pub fn parse(text: &str, origin: &str) -> Result<BoxConfig> {
    let b: BoxConfig = serde_json::from_str(text).map_err(|e| PlanError::BoxConfig {
        entry: origin.to_string(),
        message: format!("not a box configuration: {e}"),
    })?;
    b.validate()?;
    Ok(b)
}

/// Reads and validates one configuration file.
pub fn read(path: &Path) -> Result<BoxConfig> {
    let text = std::fs::read_to_string(path).map_err(|e| PlanError::BoxConfig {
        entry: path.display().to_string(),
        message: format!("cannot read: {e}"),
    })?;
    parse(&text, &path.display().to_string())
}

/// Reads every `*.json` of a directory written by `tandem plan -o`, in name
/// order, validates each and checks them together with [`check_network`].
pub fn read_dir(dir: &Path) -> Result<Vec<BoxConfig>> {
    let entries = std::fs::read_dir(dir).map_err(|e| PlanError::BoxConfig {
        entry: dir.display().to_string(),
        message: format!("cannot list: {e}"),
    })?;
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let boxes = files.iter().map(|f| read(f)).collect::<Result<Vec<_>>>()?;
    check_network(&boxes)?;
    Ok(boxes)
}

/// Classifier view of a filter's protocol: `None` for `any`.
fn protocol_number(p: &str) -> Option<Option<u8>> {
    match p {
        "tcp" => Some(Some(6)),
        "udp" => Some(Some(17)),
        "any" => Some(None),
        _ => None,
    }
}

fn ports_contain(outer: &[u16], inner: &[u16]) -> bool {
    outer.is_empty() || (!inner.is_empty() && inner.iter().all(|p| outer.contains(p)))
}

fn ports_meet(a: &[u16], b: &[u16]) -> bool {
    a.is_empty() || b.is_empty() || a.iter().any(|p| b.contains(p))
}

impl Filter {
    /// Hash range, `[0, 2^32)` when the filter has none.
    pub fn hash_range(&self) -> [u64; 2] {
        self.hash.unwrap_or([0, HASH_SPACE])
    }

    /// Whether a packet with these header fields and flow hash matches.
    pub fn matches(
        &self,
        src: u32,
        dst: u32,
        protocol: u8,
        src_port: u16,
        dst_port: u16,
        hash: u32,
    ) -> bool {
        let proto_ok = match self.protocol.as_str() {
            "tcp" => protocol == 6,
            "udp" => protocol == 17,
            _ => true,
        };
        let [lo, hi] = self.hash_range();
        let order_ok = match self.server_lower.as_deref() {
            Some("dst") => dst_port < src_port,
            Some("src") => src_port < dst_port,
            _ => true,
        };
        proto_ok
            && order_ok
            && !self.except_ports.contains(&src_port)
            && !self.except_ports.contains(&dst_port)
            && self.src.contains(crate::prefix::Prefix::new(src, 32))
            && self.dst.contains(crate::prefix::Prefix::new(dst, 32))
            && (self.src_ports.is_empty() || self.src_ports.contains(&src_port))
            && (self.dst_ports.is_empty() || self.dst_ports.contains(&dst_port))
            && (lo..hi).contains(&u64::from(hash))
    }

    /// Whether every packet `other` matches, `self` matches too.
    pub fn contains(&self, other: &Filter) -> bool {
        let (p, q) = (
            protocol_number(&self.protocol),
            protocol_number(&other.protocol),
        );
        let proto = p == Some(None) || p == q;
        let ([a, b], [c, d]) = (self.hash_range(), other.hash_range());
        // Every port `self` excludes, `other` excludes too or never uses.
        let excluded = self.except_ports.iter().all(|p| {
            other.except_ports.contains(p)
                || (!other.src_ports.is_empty()
                    && !other.dst_ports.is_empty()
                    && !other.src_ports.contains(p)
                    && !other.dst_ports.contains(p))
        });
        let order = self.server_lower.is_none() || self.server_lower == other.server_lower;
        proto
            && excluded
            && order
            && self.src.contains(other.src)
            && self.dst.contains(other.dst)
            && ports_contain(&self.src_ports, &other.src_ports)
            && ports_contain(&self.dst_ports, &other.dst_ports)
            && a <= c
            && d <= b
    }

    /// Whether some packet matches both.
    pub fn meets(&self, other: &Filter) -> bool {
        let (p, q) = (
            protocol_number(&self.protocol),
            protocol_number(&other.protocol),
        );
        let proto = p == Some(None) || q == Some(None) || p == q;
        let ([a, b], [c, d]) = (self.hash_range(), other.hash_range());
        // One excludes every port the other allows at one end: disjoint.
        let shut = |x: &Filter, y: &Filter| {
            let all_in = |ports: &[u16]| {
                !ports.is_empty() && ports.iter().all(|p| x.except_ports.contains(p))
            };
            all_in(&y.src_ports) || all_in(&y.dst_ports)
        };
        // (The port orders are not used here: treating them as overlapping is
        // the cautious side.)
        proto
            && !shut(self, other)
            && !shut(other, self)
            && (self.src.contains(other.src) || other.src.contains(self.src))
            && (self.dst.contains(other.dst) || other.dst.contains(self.dst))
            && ports_meet(&self.src_ports, &other.src_ports)
            && ports_meet(&self.dst_ports, &other.dst_ports)
            && a.max(c) < b.min(d)
    }

    /// log2 of the number of (src, dst, protocol, sport, dport, hash) points it
    /// matches: a filter strictly inside another has a strictly smaller size, so
    /// ordering by it puts the most specific match first.
    pub fn log_size(&self) -> f64 {
        let ports = |p: &[u16]| {
            if p.is_empty() {
                16.0
            } else {
                (p.len() as f64).log2()
            }
        };
        let [lo, hi] = self.hash_range();
        f64::from(32 - u32::from(self.src.len))
            + f64::from(32 - u32::from(self.dst.len))
            + if self.protocol == "any" { 8.0 } else { 0.0 }
            + ports(&self.src_ports)
            + ports(&self.dst_ports)
            + ((hi - lo) as f64).log2()
    }
}

impl BoxConfig {
    fn err(&self, entry: impl AsRef<str>, message: impl Into<String>) -> PlanError {
        PlanError::BoxConfig {
            entry: format!("{}: {}", self.node, entry.as_ref()),
            message: message.into(),
        }
    }

    /// Checks the configuration's meaning; see the module documentation.
    pub fn validate(&self) -> Result<()> {
        if self.flow_hash.function != FLOW_HASH_FUNCTION {
            return Err(self.err(
                "flow_hash",
                format!(
                    "unknown function {:?} (known: {FLOW_HASH_FUNCTION:?})",
                    self.flow_hash.function
                ),
            ));
        }
        if self.cores_total == 0 {
            return Err(self.err("cores_total", "a box needs at least one core"));
        }
        let mut labels: BTreeMap<&str, &[String]> = BTreeMap::new();
        let mut classes = BTreeSet::new();
        for (i, a) in self.assignments.iter().enumerate() {
            let entry = format!("assignment[{i}] (class {})", a.class);
            if !classes.insert(a.class) {
                return Err(self.err(entry, "the class has a second assignment on this box"));
            }
            if a.hyperapp.is_empty() {
                return Err(self.err(entry, "empty hyperapp"));
            }
            if !(a.fraction.is_finite() && a.fraction > 0.0 && a.fraction <= 1.0 + 1e-9) {
                return Err(self.err(entry, format!("fraction {} not in (0, 1]", a.fraction)));
            }
            if a.forward.is_empty() || a.reverse.is_empty() {
                return Err(self.err(entry, "needs forward and reverse filters"));
            }
            match labels.insert(&a.label, &a.hyperapp) {
                Some(prev) if prev != a.hyperapp.as_slice() => {
                    return Err(self.err(
                        entry,
                        format!(
                            "hyperapp label {:?} already stands for {:?}, not {:?}",
                            a.label, prev, a.hyperapp
                        ),
                    ));
                }
                _ => {}
            }
            for (dir, fs) in [("forward", &a.forward), ("reverse", &a.reverse)] {
                for (k, f) in fs.iter().enumerate() {
                    let fe = format!("{entry} {dir}[{k}]");
                    if protocol_number(&f.protocol).is_none() {
                        return Err(self.err(
                            fe,
                            format!("protocol {:?} is not tcp, udp or any", f.protocol),
                        ));
                    }
                    if let Some(side) = &f.server_lower
                        && side != "src"
                        && side != "dst"
                    {
                        return Err(self.err(
                            fe,
                            format!("server_lower {side:?} is not \"src\" or \"dst\""),
                        ));
                    }
                    if let Some([lo, hi]) = f.hash
                        && !(lo < hi && hi <= HASH_SPACE)
                    {
                        return Err(self.err(
                            fe,
                            format!("hash range [{lo}, {hi}) is empty or beyond 2^32"),
                        ));
                    }
                }
            }
        }
        self.check_order()?;
        self.check_overlaps()?;
        self.check_queues(&labels)?;
        for (i, s) in self.cores.iter().enumerate() {
            if s.core >= self.cores_total {
                return Err(self.err(
                    format!("cores[{i}] ({})", s.hyperapp),
                    format!("core {} but the box has {} cores", s.core, self.cores_total),
                ));
            }
        }
        Ok(())
    }

    /// The union of the hyperapps' orders must be acyclic.
    fn check_order(&self) -> Result<()> {
        let mut succ: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        for a in &self.assignments {
            for (i, x) in a.hyperapp.iter().enumerate() {
                succ.entry(x).or_default();
                for y in &a.hyperapp[i + 1..] {
                    if x == y {
                        return Err(self.err(
                            format!("hyperapp {:?}", a.label),
                            format!("application {x:?} appears twice, a cycle"),
                        ));
                    }
                    succ.entry(x).or_default().insert(y);
                }
            }
        }
        // Depth-first search with colours; a grey successor closes a cycle.
        let mut colour: BTreeMap<&str, u8> = succ.keys().map(|k| (*k, 0)).collect();
        for &start in succ.keys() {
            if colour[start] != 0 {
                continue;
            }
            let mut stack: Vec<(&str, Vec<&str>)> =
                vec![(start, succ[start].iter().copied().collect())];
            colour.insert(start, 1);
            while let Some((node, rest)) = stack.last_mut() {
                let node = *node;
                let Some(next) = rest.pop() else {
                    colour.insert(node, 2);
                    stack.pop();
                    continue;
                };
                match colour[next] {
                    0 => {
                        colour.insert(next, 1);
                        stack.push((next, succ[next].iter().copied().collect()));
                    }
                    1 => {
                        let at = stack.iter().position(|(n, _)| *n == next).unwrap_or(0);
                        let mut cycle: Vec<&str> = stack[at..].iter().map(|(n, _)| *n).collect();
                        cycle.push(next);
                        return Err(self.err(
                            "hyperapps",
                            format!("application orders form a cycle: {}", cycle.join(" < ")),
                        ));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Same-direction filters of different assignments must be disjoint or nested.
    fn check_overlaps(&self) -> Result<()> {
        for dir in ["forward", "reverse"] {
            let all: Vec<(usize, usize, &Filter)> = self
                .assignments
                .iter()
                .enumerate()
                .flat_map(|(i, a)| {
                    let fs = if dir == "forward" {
                        &a.forward
                    } else {
                        &a.reverse
                    };
                    fs.iter().enumerate().map(move |(k, f)| (i, k, f))
                })
                .collect();
            for (x, &(i, k, f)) in all.iter().enumerate() {
                for &(j, l, g) in &all[x + 1..] {
                    if i == j || !f.meets(g) {
                        continue;
                    }
                    let nested = (f.contains(g) || g.contains(f)) && f != g;
                    if !nested {
                        return Err(self.err(
                            format!(
                                "assignment[{i}] (class {}) {dir}[{k}]",
                                self.assignments[i].class
                            ),
                            format!(
                                "overlaps assignment[{j}] (class {}) {dir}[{l}] and neither contains the other",
                                self.assignments[j].class
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Every hyperapp in use has queues on existing cores whose ranges tile `[0, 2^32)`.
    fn check_queues(&self, labels: &BTreeMap<&str, &[String]>) -> Result<()> {
        let mut ranges: BTreeMap<&str, Vec<[u64; 2]>> = BTreeMap::new();
        for (i, q) in self.queues.iter().enumerate() {
            let entry = format!("queues[{i}] ({})", q.hyperapp);
            if q.queue as usize != i {
                return Err(self.err(entry, format!("numbered {} at position {i}", q.queue)));
            }
            if q.core >= self.cores_total {
                return Err(self.err(
                    entry,
                    format!("core {} but the box has {} cores", q.core, self.cores_total),
                ));
            }
            if !labels.contains_key(q.hyperapp.as_str()) {
                return Err(self.err(entry, "no assignment uses this hyperapp"));
            }
            ranges.entry(&q.hyperapp).or_default().push(q.hash);
        }
        for label in labels.keys() {
            let mut r = ranges.remove(label).unwrap_or_default();
            r.sort_unstable();
            let mut at = 0;
            for [lo, hi] in &r {
                if *lo != at || hi <= lo {
                    return Err(self.err(
                        format!("queues of hyperapp {label:?}"),
                        format!("hash ranges {r:?} do not tile [0, 2^32): gap or overlap at {at}"),
                    ));
                }
                at = *hi;
            }
            if at != HASH_SPACE {
                return Err(self.err(
                    format!("queues of hyperapp {label:?}"),
                    format!(
                        "hash ranges {r:?} do not cover [0, 2^32): they end at {at}{}",
                        if r.is_empty() { " (no queue)" } else { "" }
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Checks the configuration against the machine: every core it names exists.
    pub fn check_machine(&self, machine_cores: usize) -> Result<()> {
        if let Some(q) = self
            .queues
            .iter()
            .find(|q| q.core as usize >= machine_cores)
        {
            return Err(self.err(
                format!("queues[{}] ({})", q.queue, q.hyperapp),
                format!(
                    "core {} but this machine has {machine_cores} cores (cores 0..{})",
                    q.core,
                    machine_cores.saturating_sub(1)
                ),
            ));
        }
        Ok(())
    }

    /// Checks that the configuration was planned for `inst`.
    pub fn check_instance(&self, inst: &Instance) -> Result<()> {
        let stamp = TopologyStamp::of(inst);
        if self.topology != stamp {
            return Err(self.err(
                "topology",
                format!(
                    "planned for another topology ({} nodes, {} classes, {}), not this one ({} nodes, {} classes, {})",
                    self.topology.nodes,
                    self.topology.classes,
                    self.topology.fingerprint,
                    stamp.nodes,
                    stamp.classes,
                    stamp.fingerprint
                ),
            ));
        }
        let Some(n) = inst.nodes.iter().position(|n| n.name == self.node) else {
            return Err(self.err("node", "no such node in the topology"));
        };
        for (i, a) in self.assignments.iter().enumerate() {
            let entry = format!("assignment[{i}] (class {})", a.class);
            let Some(c) = inst.classes.get(a.class) else {
                return Err(self.err(entry, "no such class"));
            };
            if !c.path.contains(&n) {
                return Err(self.err(entry, "the class's path does not cross this node"));
            }
            let want = c.hyperapp.map(|h| inst.hyperapp_label(h));
            if want.as_deref() != Some(a.label.as_str()) {
                return Err(self.err(
                    entry,
                    format!("hyperapp {:?}, but the plan gives {want:?}", a.label),
                ));
            }
        }
        Ok(())
    }
}

/// Checks a set of boxes together: one topology stamp and flow hash for all,
/// distinct nodes, and for every class, the forward filters' hash ranges (for
/// hash-mode classes) tile `[0, 2^32)` across the boxes.
pub fn check_network(boxes: &[BoxConfig]) -> Result<()> {
    let Some(first) = boxes.first() else {
        return Ok(());
    };
    let mut nodes = BTreeSet::new();
    let mut ranges: BTreeMap<usize, Vec<([u64; 2], &str)>> = BTreeMap::new();
    for b in boxes {
        if b.topology != first.topology {
            return Err(b.err(
                "topology",
                format!(
                    "{} is from another plan than box {} ({})",
                    b.topology.fingerprint, first.node, first.topology.fingerprint
                ),
            ));
        }
        if b.flow_hash != first.flow_hash {
            return Err(b.err(
                "flow_hash",
                format!(
                    "{:?} differs from box {}'s {:?}: the boxes would disagree on who owns a session",
                    b.flow_hash, first.node, first.flow_hash
                ),
            ));
        }
        if !nodes.insert(b.node.as_str()) {
            return Err(b.err("node", "two configurations for the same node"));
        }
        for a in &b.assignments {
            if let Some(h) = a.forward.first().and_then(|f| f.hash) {
                ranges.entry(a.class).or_default().push((h, &b.node));
            }
        }
    }
    for (class, mut r) in ranges {
        r.sort_unstable();
        let mut at = 0;
        for ([lo, hi], node) in &r {
            if *lo != at {
                return Err(PlanError::BoxConfig {
                    entry: format!("class {class}"),
                    message: format!(
                        "hash ranges across boxes do not tile [0, 2^32): {} at {node} starts at {lo}, expected {at}",
                        if *lo > at { "gap" } else { "overlap" }
                    ),
                });
            }
            at = *hi;
        }
        if at != HASH_SPACE {
            return Err(PlanError::BoxConfig {
                entry: format!("class {class}"),
                message: format!(
                    "hash ranges across boxes do not cover [0, 2^32): they end at {at}"
                ),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::balance;
    use crate::config::{FilterMode, box_configs};
    use crate::fixtures;
    use crate::lp::Solver;
    use crate::workload::{Strategy, Workload};
    use proptest::prelude::{prop_assert, proptest};
    use proptest::strategy::Strategy as _;

    /// Configurations of the paper scenario on a line of 4 nodes (4 port classes,
    /// the four applications, several cores per box).
    fn planned(mode: FilterMode) -> (Instance, Vec<BoxConfig>) {
        let spec = fixtures::paper_line(4, 200.0, |i, j| 1.0 + (i * 4 + j) as f64);
        let inst = Instance::from_spec(&spec).expect("valid");
        let wl = Workload::hyperapp(&inst, Strategy::Path, true).expect("ok");
        let vols: Vec<f64> = inst.classes.iter().map(|c| c.volume).collect();
        let cap: Vec<Vec<f64>> = inst.nodes.iter().map(|n| n.capacity.clone()).collect();
        let bal = balance::solve(&wl, &vols, &cap, Solver::Microlp).expect("solves");
        let boxes = box_configs(&inst, &wl, &bal, mode, Solver::Microlp).expect("configs");
        (inst, boxes)
    }

    fn busiest(boxes: &[BoxConfig]) -> BoxConfig {
        boxes
            .iter()
            .max_by_key(|b| b.assignments.len())
            .cloned()
            .expect("boxes")
    }

    fn message(r: Result<()>) -> String {
        match r {
            Ok(()) => String::from("<accepted>"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn reads_back_exactly_what_plan_writes() {
        for mode in [FilterMode::Auto, FilterMode::Hash] {
            let (inst, boxes) = planned(mode);
            assert!(boxes.iter().any(|b| b.queues.len() > 1));
            for b in &boxes {
                let text = serde_json::to_string_pretty(b).expect("serialises");
                let back = parse(&text, "mem").expect("valid");
                assert_eq!(&back, b);
                back.check_instance(&inst).expect("same plan");
            }
            check_network(&boxes).expect("one plan");
        }
    }

    #[test]
    fn read_dir_reads_a_plan_directory() {
        let (_, boxes) = planned(FilterMode::Hash);
        let dir = std::env::temp_dir().join(format!("boxcfg-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("tmp");
        for b in &boxes {
            let f = dir.join(format!("{}.json", b.node));
            std::fs::write(f, serde_json::to_string(b).expect("json")).expect("write");
        }
        let read = read_dir(&dir);
        // A missing box leaves a gap in the classes it shared.
        std::fs::remove_file(dir.join(format!("{}.json", boxes[1].node))).expect("rm");
        let gap = read_dir(&dir);
        std::fs::remove_dir_all(&dir).expect("cleanup");
        assert_eq!(read.expect("reads").len(), boxes.len());
        let e = gap.expect_err("gap").to_string();
        assert!(e.contains("class") && e.contains("[0, 2^32)"), "{e}");
    }

    #[test]
    fn unknown_fields_and_hash_functions_are_refused() {
        let (_, boxes) = planned(FilterMode::Auto);
        let mut v = serde_json::to_value(&boxes[0]).expect("json");
        v["colour"] = "blue".into();
        let e = parse(&v.to_string(), "x.json").expect_err("unknown field");
        assert!(e.to_string().contains("x.json") && e.to_string().contains("colour"));
        let mut b = boxes[0].clone();
        b.flow_hash.function = "toeplitz".into();
        assert!(message(b.validate()).contains("flow_hash: unknown function \"toeplitz\""));
    }

    #[test]
    fn hyperapp_cycle_is_named() {
        let mut b = busiest(&planned(FilterMode::Auto).1);
        let a = &mut b.assignments[0];
        let first = a.hyperapp[0].clone();
        let second = a.hyperapp[1].clone();
        a.hyperapp.swap(0, 1);
        a.label = format!("{} [swapped]", a.hyperapp.join(">"));
        let m = message(b.validate());
        assert!(m.contains("cycle"), "{m}");
        assert!(m.contains(&first) && m.contains(&second), "{m}");
        // An application twice in one chain is a cycle too.
        let mut b = busiest(&planned(FilterMode::Auto).1);
        let x = b.assignments[0].hyperapp[0].clone();
        b.assignments[0].hyperapp.push(x.clone());
        b.assignments[0].label = "twice".into();
        assert!(message(b.validate()).contains(&format!("{x:?} appears twice")));
    }

    #[test]
    fn overlapping_filters_are_named_but_nesting_is_allowed() {
        let (_, boxes) = planned(FilterMode::Auto);
        let b = busiest(&boxes);
        // The plan's own output nests `other` (any protocol, any port) around
        // `http` and is accepted.
        b.validate().expect("nested filters are fine");
        let mut bad = b.clone();
        let copy = bad.assignments[0].forward[0].clone();
        bad.assignments[1].forward.push(copy);
        let m = message(bad.validate());
        assert!(m.contains("overlaps") && m.contains("assignment[0]"), "{m}");
    }

    #[test]
    fn queues_must_tile_the_hash_space() {
        let (_, boxes) = planned(FilterMode::Auto);
        let mut b = busiest(&boxes);
        let last = b.queues.len() - 1;
        b.queues[last].hash[1] -= 1;
        let m = message(b.validate());
        assert!(m.contains("do not cover [0, 2^32)"), "{m}");
        let mut b = busiest(&boxes);
        b.queues.retain(|q| q.hyperapp != b.assignments[0].label);
        for (i, q) in b.queues.iter_mut().enumerate() {
            q.queue = i as u32;
        }
        assert!(message(b.validate()).contains("(no queue)"));
    }

    #[test]
    fn core_indices_are_checked_against_box_and_machine() {
        let (_, boxes) = planned(FilterMode::Auto);
        let mut b = busiest(&boxes);
        b.queues[0].core = b.cores_total;
        let m = message(b.validate());
        assert!(m.contains("queues[0]") && m.contains("cores"), "{m}");
        let b = busiest(&boxes);
        let top = b.queues.iter().map(|q| q.core).max().expect("queues");
        assert!(top >= 1, "fixture uses more than one core");
        b.check_machine(top as usize + 1).expect("enough cores");
        let m = message(b.check_machine(top as usize));
        assert!(
            m.contains(&format!("core {top} but this machine has {top} cores")),
            "{m}"
        );
    }

    #[test]
    fn config_from_another_topology_is_refused() {
        let (_, boxes) = planned(FilterMode::Auto);
        let spec = fixtures::paper_line(5, 200.0, |_, _| 1.0);
        let other = Instance::from_spec(&spec).expect("valid");
        let m = message(boxes[0].check_instance(&other));
        assert!(m.contains("another topology"), "{m}");
        let mut mixed = boxes.clone();
        mixed[1].topology.fingerprint = "fnv1a64:0".into();
        let m = message(check_network(&mixed));
        assert!(m.contains("another plan"), "{m}");
    }

    #[test]
    fn filter_algebra() {
        let f = |src: &str, proto: &str, dports: Vec<u16>, hash: Option<[u64; 2]>| Filter {
            src: src.parse().expect("prefix"),
            dst: "10.2.0.0/16".parse().expect("prefix"),
            protocol: proto.into(),
            src_ports: vec![],
            dst_ports: dports,
            hash,
            except_ports: vec![],
            server_lower: None,
        };
        let other = f("10.1.0.0/16", "any", vec![], None);
        let http = f("10.1.0.0/16", "tcp", vec![80], None);
        let half = f("10.1.128.0/17", "tcp", vec![80], Some([0, 1 << 31]));
        let udp = f("10.1.0.0/16", "udp", vec![80], None);
        assert!(other.contains(&http) && !http.contains(&other));
        assert!(http.contains(&half) && other.contains(&half));
        assert!(!http.meets(&udp) && other.meets(&udp));
        assert!(half.log_size() < http.log_size() && http.log_size() < other.log_size());
        let (src, dst) = (0x0a01_8001, 0x0a02_0001);
        assert!(half.matches(src, dst, 6, 1234, 80, 5));
        assert!(!half.matches(src, dst, 6, 1234, 80, 1 << 31));
        assert!(!half.matches(src, dst, 17, 1234, 80, 5));
        assert!(!half.matches(0x0a01_0001, dst, 6, 1234, 80, 5));
        assert!(other.matches(src, dst, 1, 0, 0, u32::MAX));
    }

    #[test]
    fn other_filters_leave_services_and_their_replies_alone() {
        // The plan writes port classes without ports with the service ports
        // excluded and the server's port below the client's.
        let (_, boxes) = planned(FilterMode::Auto);
        let other = boxes
            .iter()
            .flat_map(|b| &b.assignments)
            .flat_map(|a| &a.forward)
            .find(|f| f.src_ports.is_empty() && f.dst_ports.is_empty())
            .expect("an `other` class");
        assert_eq!(other.server_lower.as_deref(), Some("dst"));
        assert!(other.except_ports.contains(&80), "{other:?}");
        let (src, dst) = (other.src.addr + 1, other.dst.addr + 1);
        // A session of the class: client port above the server's.
        assert!(other.matches(src, dst, 6, 40000, 5000, 0));
        // A service's request, or a reply coming from port 5000: not this class.
        assert!(!other.matches(src, dst, 6, 40000, 80, 0));
        assert!(!other.matches(src, dst, 6, 80, 40000, 0));
        assert!(!other.matches(src, dst, 6, 5000, 40000, 0));
        let b = busiest(&boxes);
        let mut bad = b.clone();
        let at = bad
            .assignments
            .iter()
            .position(|a| a.forward.iter().any(|f| f.server_lower.is_some()))
            .expect("an `other` class here");
        bad.assignments[at].forward[0].server_lower = Some("client".into());
        let m = message(bad.validate());
        assert!(
            m.contains(&format!("assignment[{at}]"))
                && m.contains("forward[0]")
                && m.contains("server_lower"),
            "{m}"
        );
    }

    fn arb_filter() -> impl proptest::strategy::Strategy<Value = Filter> {
        let prefixes = [
            "10.0.0.0/8",
            "10.1.0.0/16",
            "10.1.128.0/17",
            "10.2.0.0/16",
            "10.1.0.0/24",
        ];
        let pfx =
            proptest::sample::select(prefixes.to_vec()).prop_map(|p| p.parse().expect("prefix"));
        let ports = proptest::sample::subsequence(vec![69u16, 80, 8080, 40000], 0..=2);
        let bounds = [0u64, 1 << 30, 1 << 31, 3 << 30, 1 << 32];
        let hash = proptest::option::of((0..4usize, 1..5usize))
            .prop_map(move |h| h.map(|(a, b)| [bounds[a.min(b - 1)], bounds[b.max(a + 1).min(4)]]));
        (
            pfx.clone(),
            pfx,
            proptest::sample::select(vec!["tcp", "udp", "any"]),
            ports.clone(),
            ports.clone(),
            hash,
            ports,
            proptest::sample::select(vec![None, Some("src"), Some("dst")]),
        )
            .prop_map(|(src, dst, proto, sp, dp, hash, except, lower)| Filter {
                src,
                dst,
                protocol: proto.to_string(),
                src_ports: sp,
                dst_ports: dp,
                hash,
                except_ports: except,
                server_lower: lower.map(str::to_string),
            })
    }

    type Packet = (u32, u32, u8, u16, u16, u32);

    /// The busiest box of [`planned`] as JSON, planned once.
    fn busiest_json() -> &'static str {
        static JSON: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        JSON.get_or_init(|| {
            let (_, boxes) = planned(FilterMode::Auto);
            serde_json::to_string(&busiest(&boxes)).expect("json")
        })
    }

    fn arb_packet() -> impl proptest::strategy::Strategy<Value = Packet> {
        let addrs = vec![
            0x0a01_0001u32,
            0x0a01_8001,
            0x0a02_0001,
            0x0a01_00c8,
            0x0b00_0001,
        ];
        let ports = vec![69u16, 80, 1000, 8080, 40000];
        (
            proptest::sample::select(addrs.clone()),
            proptest::sample::select(addrs),
            proptest::sample::select(vec![6u8, 17]),
            proptest::sample::select(ports.clone()),
            proptest::sample::select(ports),
            proptest::sample::select(vec![0u32, 1 << 30, (1 << 31) + 5, u32::MAX]),
        )
    }

    proptest! {
        /// `contains` and `meets` (what validation and the classifier's order
        /// rely on) agree with `matches` on packets.
        #[test]
        fn filter_algebra_agrees_with_matching(
            a in arb_filter(),
            b in arb_filter(),
            pkts in proptest::collection::vec(arb_packet(), 64),
        ) {
            for (s, d, p, sp, dp, h) in pkts {
                let (ma, mb) = (a.matches(s, d, p, sp, dp, h), b.matches(s, d, p, sp, dp, h));
                if a.contains(&b) && mb {
                    prop_assert!(ma, "a contains b but misses a packet of b");
                }
                if ma && mb {
                    prop_assert!(a.meets(&b) && b.meets(&a), "disjoint filters share a packet");
                }
            }
            prop_assert!(a.contains(&a));
        }

        /// Any edit of a valid configuration is read back whole or refused
        /// with an error naming an entry, never a panic.
        #[test]
        fn edited_configurations_are_accepted_or_named(
            edits in proptest::collection::vec((0usize..4096, 0u8..128, 0u8..3), 1..6),
        ) {
            let mut bytes = busiest_json().as_bytes().to_vec();
            for (at, byte, kind) in edits {
                let at = at % bytes.len().max(1);
                match kind {
                    0 => bytes[at] = byte,
                    1 => { bytes.remove(at); }
                    _ => bytes.insert(at, byte),
                }
            }
            let text = String::from_utf8_lossy(&bytes);
            match parse(&text, "edited.json") {
                Ok(b) => prop_assert!(b.validate().is_ok()),
                Err(PlanError::BoxConfig { entry, message }) => {
                    prop_assert!(!entry.is_empty() && !message.is_empty());
                }
                Err(e) => prop_assert!(false, "unexpected error kind: {}", e),
            }
        }
    }
}
