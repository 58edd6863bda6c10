//! Topologies from the data sets in `../shared/data/topologies`: Topology Zoo
//! GraphML, SNDlib native XML and the derived Rocketfuel PoP-level edge lists.
//! Parallel links and self-loops are dropped; node order is file order, so every
//! derived artefact (routes, prefixes, traffic) is deterministic.

use std::collections::HashMap;
use std::path::Path;

use crate::error::{PlanError, Result};

/// An undirected graph of PoPs.
#[derive(Debug, Clone, PartialEq)]
pub struct Topology {
    /// Name (e.g. `Internet2`).
    pub name: String,
    /// Node names.
    pub nodes: Vec<String>,
    /// Links `(a, b, weight)` with `a < b`, unique.
    pub links: Vec<(usize, usize, f64)>,
}

impl Topology {
    /// Builds from names and named links (adding nodes on first mention).
    pub fn from_named(name: &str, nodes: Vec<String>, links: &[(String, String, f64)]) -> Topology {
        let mut t = Topology {
            name: name.to_string(),
            nodes,
            links: Vec::new(),
        };
        let mut idx: HashMap<String, usize> = t
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i))
            .collect();
        for (a, b, w) in links {
            let mut id = |x: &String| {
                *idx.entry(x.clone()).or_insert_with(|| {
                    t.nodes.push(x.clone());
                    t.nodes.len() - 1
                })
            };
            let (a, b) = (id(a), id(b));
            t.add_link(a, b, *w);
        }
        t
    }

    fn add_link(&mut self, a: usize, b: usize, w: f64) {
        if a == b {
            return;
        }
        let (a, b) = (a.min(b), a.max(b));
        match self.links.iter_mut().find(|l| l.0 == a && l.1 == b) {
            Some(l) => l.2 = l.2.min(w),
            None => self.links.push((a, b, w)),
        }
    }

    /// Merges node `from` into `into` (SNDlib Abilene's ATLAM5 hangs off ATLAng).
    pub fn merge(&mut self, from: &str, into: &str) -> Result<()> {
        let find = |n: &str| {
            self.nodes.iter().position(|x| x == n).ok_or_else(|| {
                PlanError::invalid(format!("topology {}", self.name), format!("no node {n:?}"))
            })
        };
        let (f, i) = (find(from)?, find(into)?);
        let old = std::mem::take(&mut self.links);
        let remap = |x: usize| {
            let x = if x == f { i } else { x };
            if x > f { x - 1 } else { x }
        };
        self.nodes.remove(f);
        for (a, b, w) in old {
            self.add_link(remap(a), remap(b), w);
        }
        Ok(())
    }

    /// Keeps only the largest connected component (ties: the one with the lowest node).
    pub fn largest_component(mut self) -> Topology {
        let n = self.nodes.len();
        let mut comp = vec![usize::MAX; n];
        let mut sizes = Vec::new();
        for s in 0..n {
            if comp[s] != usize::MAX {
                continue;
            }
            let id = sizes.len();
            let mut stack = vec![s];
            comp[s] = id;
            let mut size = 0;
            while let Some(v) = stack.pop() {
                size += 1;
                for &(a, b, _) in &self.links {
                    let w = if a == v {
                        b
                    } else if b == v {
                        a
                    } else {
                        continue;
                    };
                    if comp[w] == usize::MAX {
                        comp[w] = id;
                        stack.push(w);
                    }
                }
            }
            sizes.push(size);
        }
        let Some(best) = (0..sizes.len()).max_by(|&a, &b| sizes[a].cmp(&sizes[b]).then(b.cmp(&a)))
        else {
            return self;
        };
        let mut new_id = vec![usize::MAX; n];
        let mut nodes = Vec::new();
        for v in 0..n {
            if comp[v] == best {
                new_id[v] = nodes.len();
                nodes.push(self.nodes[v].clone());
            }
        }
        self.links = self
            .links
            .iter()
            .filter(|l| comp[l.0] == best)
            .map(|&(a, b, w)| (new_id[a], new_id[b], w))
            .collect();
        self.nodes = nodes;
        self
    }
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| PlanError::data(path, e.to_string()))
}

fn xml_err(path: &Path, e: roxmltree::Error) -> PlanError {
    PlanError::data(path, format!("XML: {e}"))
}

/// Reads a Topology Zoo GraphML file; node names are their `label` data (or ids).
pub fn read_graphml(path: &Path, name: &str) -> Result<Topology> {
    let text = read(path)?;
    parse_graphml(&text, name).map_err(|e| match e {
        PlanError::Data { message, .. } => PlanError::data(path, message),
        other => other,
    })
}

/// Parses GraphML text.
pub fn parse_graphml(text: &str, name: &str) -> Result<Topology> {
    let here = Path::new("<graphml>");
    let doc = roxmltree::Document::parse(text).map_err(|e| xml_err(here, e))?;
    let label_key = doc
        .descendants()
        .find(|n| {
            n.has_tag_name("key")
                && n.attribute("for") == Some("node")
                && n.attribute("attr.name") == Some("label")
        })
        .and_then(|n| n.attribute("id"));
    let mut ids = Vec::new();
    let mut names = Vec::new();
    for n in doc.descendants().filter(|n| n.has_tag_name("node")) {
        let id = n
            .attribute("id")
            .ok_or_else(|| PlanError::data(here, "node without id"))?;
        let label = n
            .children()
            .find(|d| {
                d.has_tag_name("data") && d.attribute("key") == label_key && label_key.is_some()
            })
            .and_then(|d| d.text())
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .unwrap_or(id);
        // Duplicate labels get the id appended so names stay unique.
        let label = if names.iter().any(|x: &String| x == label) {
            format!("{label}#{id}")
        } else {
            label.to_string()
        };
        ids.push(id.to_string());
        names.push(label);
    }
    let by_id: HashMap<&str, &String> = ids.iter().map(String::as_str).zip(&names).collect();
    let mut links = Vec::new();
    for e in doc.descendants().filter(|n| n.has_tag_name("edge")) {
        let end = |k: &str| {
            e.attribute(k)
                .and_then(|id| by_id.get(id).map(|s| (*s).clone()))
                .ok_or_else(|| {
                    PlanError::data(here, format!("edge with unknown {k} {:?}", e.attribute(k)))
                })
        };
        links.push((end("source")?, end("target")?, 1.0));
    }
    Ok(Topology::from_named(name, names, &links))
}

/// Reads an SNDlib native-format network (nodes and links).
pub fn read_sndlib(path: &Path, name: &str) -> Result<Topology> {
    parse_sndlib(&read(path)?, name, path)
}

/// Parses SNDlib native XML text; `path` names the source in errors.
pub fn parse_sndlib(text: &str, name: &str, path: &Path) -> Result<Topology> {
    let doc = roxmltree::Document::parse(text).map_err(|e| xml_err(path, e))?;
    let nodes: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("node") && n.parent().is_some_and(|p| p.has_tag_name("nodes")))
        .filter_map(|n| n.attribute("id").map(str::to_string))
        .collect();
    let mut links = Vec::new();
    for l in doc.descendants().filter(|n| n.has_tag_name("link")) {
        let child = |tag: &str| {
            l.children()
                .find(|c| c.has_tag_name(tag))
                .and_then(|c| c.text())
                .map(|s| s.trim().to_string())
                .ok_or_else(|| {
                    PlanError::data(
                        path,
                        format!("link {:?} without <{tag}>", l.attribute("id")),
                    )
                })
        };
        let (a, b) = (child("source")?, child("target")?);
        for x in [&a, &b] {
            if !nodes.contains(x) {
                return Err(PlanError::data(
                    path,
                    format!("link {:?} names unknown node {x:?}", l.attribute("id")),
                ));
            }
        }
        links.push((a, b, 1.0));
    }
    Ok(Topology::from_named(name, nodes, &links))
}

/// Reads a derived Rocketfuel PoP edge list (`pop_a,pop_b[,min_router_latency_ms]`);
/// the latency, when present, is the routing weight (else 1).
pub fn read_pop_csv(path: &Path, name: &str) -> Result<Topology> {
    parse_pop_csv(&read(path)?, name, path)
}

/// Parses a PoP edge list; `path` names the source in errors.
pub fn parse_pop_csv(text: &str, name: &str, path: &Path) -> Result<Topology> {
    let mut rdr = csv::Reader::from_reader(text.as_bytes());
    let mut links = Vec::new();
    for (i, rec) in rdr.records().enumerate() {
        let line = i + 2;
        let rec = rec.map_err(|e| PlanError::data(path, format!("line {line}: {e}")))?;
        let (Some(a), Some(b)) = (rec.get(0), rec.get(1)) else {
            return Err(PlanError::data(
                path,
                format!("line {line}: needs two PoP names"),
            ));
        };
        let w = match rec.get(2) {
            Some(s) => s
                .parse::<f64>()
                .ok()
                .filter(|w| w.is_finite() && *w >= 0.0)
                .map(|w| w.max(0.1))
                .ok_or_else(|| PlanError::data(path, format!("line {line}: bad latency {s:?}")))?,
            None => 1.0,
        };
        links.push((a.to_string(), b.to_string(), w));
    }
    Ok(Topology::from_named(name, Vec::new(), &links))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graphml_labels_and_dedup() {
        let g = r#"<graphml><key attr.name="label" for="node" id="d1"/>
            <graph><node id="n0"><data key="d1">A</data></node><node id="n1"><data key="d1">B</data></node>
            <node id="n2"/><edge source="n0" target="n1"/><edge source="n1" target="n0"/>
            <edge source="n1" target="n2"/><edge source="n2" target="n2"/></graph></graphml>"#;
        let t = parse_graphml(g, "t").expect("parses");
        assert_eq!(t.nodes, vec!["A", "B", "n2"]);
        assert_eq!(t.links, vec![(0, 1, 1.0), (1, 2, 1.0)]);
        assert!(parse_graphml("<graphml><edge source='x' target='y'/></graphml>", "t").is_err());
        assert!(parse_graphml("<graphml", "t").is_err());
    }

    #[test]
    fn merge_and_component() {
        let l = |a: &str, b: &str| (a.to_string(), b.to_string(), 1.0);
        let mut t = Topology::from_named(
            "t",
            vec![],
            &[l("A", "B"), l("B", "C"), l("A2", "A"), l("X", "Y")],
        );
        t.merge("A2", "A").expect("both exist");
        assert_eq!(t.nodes, vec!["A", "B", "C", "X", "Y"]);
        let t = t.largest_component();
        assert_eq!(t.nodes, vec!["A", "B", "C"]);
        assert_eq!(t.links, vec![(0, 1, 1.0), (1, 2, 1.0)]);
    }
}
