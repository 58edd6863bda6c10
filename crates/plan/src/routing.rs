//! Routes of traffic classes: explicit `[[path]]` entries, otherwise shortest paths
//! by link weight (Dijkstra; ties go to the route found first, which depends only on
//! the spec's node and link order, so routes are deterministic).

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap, HashMap, HashSet};

use crate::error::{PlanError, Result};
use crate::spec::Spec;

/// Routes for every (ingress, egress) pair some class uses.
pub fn shortest_paths(
    spec: &Spec,
    nodes: &HashMap<String, usize>,
) -> Result<HashMap<(usize, usize), Vec<usize>>> {
    let n = spec.nodes.len();
    let mut adj: Vec<Vec<(usize, f64)>> = vec![Vec::new(); n];
    let mut linked: HashSet<(usize, usize)> = HashSet::new();
    for (i, l) in spec.links.iter().enumerate() {
        let e = format!("link[{i}] ({}-{})", l.a, l.b);
        let a = *nodes
            .get(&l.a)
            .ok_or_else(|| PlanError::invalid(&e, format!("unknown node {:?}", l.a)))?;
        let b = *nodes
            .get(&l.b)
            .ok_or_else(|| PlanError::invalid(&e, format!("unknown node {:?}", l.b)))?;
        if !(l.weight.is_finite() && l.weight > 0.0) {
            return Err(PlanError::invalid(
                e,
                format!("weight {} must be finite and > 0", l.weight),
            ));
        }
        adj[a].push((b, l.weight));
        adj[b].push((a, l.weight));
        linked.insert((a, b));
        linked.insert((b, a));
    }
    let mut routes = HashMap::new();
    for (i, p) in spec.paths.iter().enumerate() {
        let e = format!("path[{i}] ({}->{})", p.ingress, p.egress);
        let hops = p
            .nodes
            .iter()
            .map(|x| {
                nodes
                    .get(x)
                    .copied()
                    .ok_or_else(|| PlanError::invalid(&e, format!("unknown node {x:?}")))
            })
            .collect::<Result<Vec<_>>>()?;
        if p.nodes.first() != Some(&p.ingress) || p.nodes.last() != Some(&p.egress) {
            return Err(PlanError::invalid(
                e,
                "nodes must start at the ingress and end at the egress",
            ));
        }
        if hops.iter().collect::<HashSet<_>>().len() != hops.len() {
            return Err(PlanError::invalid(e, "visits a node twice"));
        }
        if let Some(w) = hops.windows(2).find(|w| !linked.contains(&(w[0], w[1]))) {
            return Err(PlanError::invalid(
                e,
                format!(
                    "no link between {} and {}",
                    spec.nodes[w[0]].name, spec.nodes[w[1]].name
                ),
            ));
        }
        if routes
            .insert((hops[0], hops[hops.len() - 1]), hops)
            .is_some()
        {
            return Err(PlanError::invalid(
                e,
                "a route for this pair is given twice",
            ));
        }
    }
    let sources: BTreeSet<usize> = spec
        .classes
        .iter()
        .filter_map(|c| nodes.get(&c.ingress).copied())
        .collect();
    for s in sources {
        let prev = dijkstra(&adj, s);
        for t in 0..n {
            if routes.contains_key(&(s, t)) {
                continue;
            }
            if let Some(path) = walk_back(&prev, s, t) {
                routes.insert((s, t), path);
            }
        }
    }
    Ok(routes)
}

/// Predecessor of every node on a shortest path tree from `s` (`usize::MAX`: unreached).
pub fn dijkstra(adj: &[Vec<(usize, f64)>], s: usize) -> Vec<usize> {
    let mut dist = vec![f64::INFINITY; adj.len()];
    let mut prev = vec![usize::MAX; adj.len()];
    let mut done = vec![false; adj.len()];
    dist[s] = 0.0;
    prev[s] = s;
    // Distances are finite positive sums, so their bit patterns order like the values.
    let mut heap = BinaryHeap::from([Reverse((0u64, s))]);
    while let Some(Reverse((_, v))) = heap.pop() {
        if std::mem::replace(&mut done[v], true) {
            continue;
        }
        for &(w, len) in &adj[v] {
            let d = dist[v] + len;
            if d < dist[w] {
                dist[w] = d;
                prev[w] = v;
                heap.push(Reverse((d.to_bits(), w)));
            }
        }
    }
    prev
}

fn walk_back(prev: &[usize], s: usize, t: usize) -> Option<Vec<usize>> {
    if prev[t] == usize::MAX {
        return None;
    }
    let mut path = vec![t];
    let mut v = t;
    while v != s {
        v = prev[v];
        path.push(v);
    }
    path.reverse();
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefers_lighter_route() {
        // A square A-B-C plus a heavy diagonal A-C: A->C goes via B (2 < 5).
        let adj = vec![
            vec![(1, 1.0), (2, 5.0)],
            vec![(0, 1.0), (2, 1.0)],
            vec![(1, 1.0), (0, 5.0)],
        ];
        let prev = dijkstra(&adj, 0);
        assert_eq!(walk_back(&prev, 0, 2), Some(vec![0, 1, 2]));
        assert_eq!(walk_back(&prev, 0, 0), Some(vec![0]));
    }

    #[test]
    fn unreachable_has_no_path() {
        let adj = vec![vec![], vec![]];
        assert_eq!(walk_back(&dijkstra(&adj, 0), 0, 1), None);
    }
}
