//! From LP solution to box configuration (CoMb §6.1, §5.2).
//!
//! Every node's share `d_{c,n}` of a class becomes non-overlapping traffic filters.
//! The class's source prefix is cut into `2^k` equal slices (`k = min(16, 32 - len)`)
//! and the path's candidates get consecutive runs of slices in path order, each run
//! written as the fewest covering prefixes. When the source prefix is too long for
//! 1/256 granularity (`k < 8`), or hash mode is requested, nodes instead get ranges
//! `[lo, hi)` of a direction-invariant 32-bit hash of the 5-tuple (the box hashes
//! the unordered pair of endpoints, so both directions of a session agree). Each
//! forward filter has a reverse twin (addresses and ports swapped), because the box
//! must see both directions of a session (§4.1, §6.1).
//!
//! Per box, the hyperapp-to-core LP (Eq. 9–12) splits each hyperapp's work over
//! the box's cores, minimising the most loaded core; the first resource is taken as
//! the CPU.

use crate::balance::Balance;
use crate::boxcfg;
pub use crate::boxfile::{Assignment, BoxConfig, CoreShare, Filter, boundaries};
use crate::boxfile::{FlowHash, TopologyStamp};
use crate::error::Result;
use crate::instance::Instance;
use crate::lp::{LpModel, Solver};
use crate::prefix::Prefix;
use crate::workload::Workload;

/// How fractions become filters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FilterMode {
    /// Prefix filters where the source prefix allows 1/256 granularity, else hashes.
    #[default]
    Auto,
    /// Always hash ranges.
    Hash,
}

fn filters(
    inst: &Instance,
    class: usize,
    lo: u64,
    hi: u64,
    hash: bool,
) -> (Vec<Filter>, Vec<Filter>) {
    let c = &inst.classes[class];
    let pc = &inst.port_classes[c.port_class];
    let make = |src: Prefix, dst: Prefix, h: Option<[u64; 2]>, fwd: bool| Filter {
        src: if fwd { src } else { dst },
        dst: if fwd { dst } else { src },
        protocol: pc.protocol.clone(),
        src_ports: if fwd { Vec::new() } else { pc.ports.clone() },
        dst_ports: if fwd { pc.ports.clone() } else { Vec::new() },
        hash: h,
        except_ports: if pc.ports.is_empty() {
            service_ports(inst)
        } else {
            Vec::new()
        },
        server_lower: pc
            .ports
            .is_empty()
            .then(|| if fwd { "dst" } else { "src" }.to_string()),
    };
    if lo >= hi {
        return (Vec::new(), Vec::new());
    }
    if hash {
        return (
            vec![make(c.src, c.dst, Some([lo, hi]), true)],
            vec![make(c.src, c.dst, Some([lo, hi]), false)],
        );
    }
    let shift = 32 - u32::from(c.src.len) - slice_bits(c.src);
    let parts = c.src.range_to_prefixes(lo << shift, hi << shift);
    let fwd = parts.iter().map(|&p| make(p, c.dst, None, true)).collect();
    let rev = parts.iter().map(|&p| make(p, c.dst, None, false)).collect();
    (fwd, rev)
}

/// Every port a port class names, ascending.
fn service_ports(inst: &Instance) -> Vec<u16> {
    let mut v: Vec<u16> = inst
        .port_classes
        .iter()
        .flat_map(|p| p.ports.iter().copied())
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

fn slice_bits(p: Prefix) -> u32 {
    (32 - u32::from(p.len)).min(16)
}

/// Per-box configurations from a load-balancing solution.
pub fn box_configs(
    inst: &Instance,
    wl: &Workload,
    bal: &Balance,
    mode: FilterMode,
    solver: Solver,
) -> Result<Vec<BoxConfig>> {
    let stamp = TopologyStamp::of(inst);
    let mut boxes: Vec<BoxConfig> = inst
        .nodes
        .iter()
        .enumerate()
        .map(|(n, node)| BoxConfig {
            node: node.name.clone(),
            topology: stamp.clone(),
            flow_hash: FlowHash::default(),
            cores_total: node.cores,
            load: bal.load[n]
                .iter()
                .zip(&node.capacity)
                .map(|(l, c)| if *c > 0.0 { l / c } else { 0.0 })
                .collect(),
            assignments: Vec::new(),
            cores: Vec::new(),
            max_core_load: 0.0,
            queues: Vec::new(),
        })
        .collect();
    // work[n][h] = CPU work of hyperapp h at node n.
    let mut work = vec![vec![0.0; inst.hyperapps.len()]; inst.nodes.len()];
    for (w, d) in wl.classes.iter().zip(&bal.d) {
        let c = &inst.classes[w.class];
        let Some(h) = c.hyperapp else { continue };
        let hash = mode == FilterMode::Hash || slice_bits(c.src) < 8;
        let units = if hash {
            1u64 << 32
        } else {
            1u64 << slice_bits(c.src)
        };
        let names: Vec<String> = inst.hyperapps[h]
            .apps
            .iter()
            .map(|&a| inst.apps[a].name.clone())
            .collect();
        let label = inst.hyperapp_label(h);
        let modules: Vec<String> = inst.hyperapps[h]
            .modules
            .iter()
            .map(|&m| inst.modules[m].name.clone())
            .collect();
        for ((k, &(lo, hi)), &frac) in w.candidates.iter().zip(&boundaries(d, units)).zip(d) {
            if hi <= lo {
                continue;
            }
            work[k.node][h] += c.volume * frac * k.footprint.first().copied().unwrap_or(0.0);
            let (forward, reverse) = filters(inst, w.class, lo, hi, hash);
            boxes[k.node].assignments.push(Assignment {
                class: w.class,
                hyperapp: names.clone(),
                label: label.clone(),
                modules: modules.clone(),
                fraction: frac,
                forward,
                reverse,
            });
        }
    }
    for (n, b) in boxes.iter_mut().enumerate() {
        let node = &inst.nodes[n];
        let cap = node.capacity.first().copied().unwrap_or(0.0);
        if cap <= 0.0 || work[n].iter().all(|w| *w == 0.0) {
            continue;
        }
        let split = cores_lp(&work[n], node.cores, cap / f64::from(node.cores), solver)?;
        b.max_core_load = split.max_load;
        b.cores = split
            .shares
            .into_iter()
            .map(|(h, j, g)| CoreShare {
                core: j,
                hyperapp: inst.hyperapp_label(h),
                fraction: g,
            })
            .collect();
    }
    for b in &mut boxes {
        b.queues = boxcfg::queues(b);
    }
    Ok(boxes)
}

/// Solution of the hyperapp-to-core LP.
#[derive(Debug, Clone, PartialEq)]
pub struct CoreSplit {
    /// `(hyperapp, core, g_{h,j})` for the non-zero shares.
    pub shares: Vec<(usize, u32, f64)>,
    /// Optimal max core load (fraction of one core).
    pub max_load: f64,
}

/// The hyperapp-to-core LP (Eq. 9–12) for one box: `work[h]` is `|T_{h,n}| F_{h,CPU,n}`,
/// each of `cores` cores has capacity `proc`. Returns `(h, core, g_{h,j})` for
/// non-zero shares and the optimal max core load.
pub fn cores_lp(work: &[f64], cores: u32, proc: f64, solver: Solver) -> Result<CoreSplit> {
    let mut lp = LpModel::new("comb_cores");
    let mu = lp.add_column("mu", 0.0, f64::INFINITY, 1.0);
    let hs: Vec<usize> = (0..work.len()).filter(|&h| work[h] > 0.0).collect();
    let mut g = Vec::new();
    let mut per_core: Vec<Vec<(usize, f64)>> = vec![Vec::new(); cores as usize];
    for &h in &hs {
        let cols: Vec<usize> = (0..cores)
            .map(|j| lp.add_column(format!("g_h{h}_j{j}"), 0.0, 1.0, 0.0))
            .collect();
        for (j, &col) in cols.iter().enumerate() {
            per_core[j].push((col, work[h] / proc));
        }
        lp.add_row(
            format!("assign_h{h}"),
            1.0,
            1.0,
            cols.iter().map(|&c| (c, 1.0)).collect(),
        );
        g.push((h, cols));
    }
    for (j, mut t) in per_core.into_iter().enumerate() {
        t.push((mu, -1.0));
        lp.add_row(format!("core{j}"), f64::NEG_INFINITY, 0.0, t);
    }
    let sol = lp.solve(solver)?;
    let mut out = Vec::new();
    for (h, cols) in g {
        for (j, &c) in cols.iter().enumerate() {
            if sol.values[c] > 1e-9 {
                out.push((h, j as u32, sol.values[c]));
            }
        }
    }
    Ok(CoreSplit {
        shares: out,
        max_load: sol.values[mu],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::balance;
    use crate::fixtures;
    use crate::workload::Strategy;

    #[test]
    fn boundaries_cover_without_overlap() {
        assert_eq!(boundaries(&[0.5, 0.5], 256), vec![(0, 128), (128, 256)]);
        assert_eq!(
            boundaries(&[0.3, 0.0, 0.7], 10),
            vec![(0, 3), (3, 3), (3, 10)]
        );
        // Rounding never overshoots and the last share closes the range.
        assert_eq!(boundaries(&[0.999_9, 0.000_1], 4), vec![(0, 4), (4, 4)]);
    }

    #[test]
    fn paper_example_filters_and_reverse() {
        // §6.1: 10.1.0.0/16 -> 10.2.0.0/16 split 0.5 / 0.5 gives /17 halves.
        let mut spec = fixtures::fig3([10.0, 10.0, 10.0]);
        spec.classes[0].src_prefix = Some("10.1.0.0/16".into());
        spec.classes[0].dst_prefix = Some("10.2.0.0/16".into());
        spec.port_classes[0].protocol = "tcp".into();
        spec.port_classes[0].ports = vec![80];
        let inst = Instance::from_spec(&spec).expect("valid");
        let (fwd, rev) = filters(&inst, 0, 0, 1 << 15, false);
        assert_eq!(fwd.len(), 1);
        assert_eq!(fwd[0].src.to_string(), "10.1.0.0/17");
        assert_eq!(fwd[0].dst.to_string(), "10.2.0.0/16");
        assert_eq!(fwd[0].dst_ports, vec![80]);
        assert_eq!(rev[0].src.to_string(), "10.2.0.0/16");
        assert_eq!(rev[0].dst.to_string(), "10.1.0.0/17");
        assert_eq!(rev[0].src_ports, vec![80]);
        let (fwd, _) = filters(&inst, 0, 1 << 15, 1 << 16, false);
        assert_eq!(fwd[0].src.to_string(), "10.1.128.0/17");
    }

    #[test]
    fn host_prefixes_fall_back_to_hash_ranges() {
        let mut spec = fixtures::fig3([10.0, 10.0, 10.0]);
        for c in &mut spec.classes {
            c.src_prefix = Some("192.0.2.1/32".into());
        }
        let inst = Instance::from_spec(&spec).expect("valid");
        let wl = Workload::hyperapp(&inst, Strategy::Path, true).expect("ok");
        let vols: Vec<f64> = inst.classes.iter().map(|c| c.volume).collect();
        let cap = vec![vec![20.0]; 3];
        let bal = balance::solve(&wl, &vols, &cap, Solver::Microlp).expect("solves");
        let boxes =
            box_configs(&inst, &wl, &bal, FilterMode::Auto, Solver::Microlp).expect("configs");
        // Every class's hash ranges tile [0, 2^32) exactly across the boxes.
        for c in 0..3 {
            let mut ranges: Vec<[u64; 2]> = boxes
                .iter()
                .flat_map(|b| b.assignments.iter().filter(move |a| a.class == c))
                .map(|a| a.forward[0].hash.expect("hash mode"))
                .collect();
            ranges.sort_unstable();
            assert_eq!(ranges.first().map(|r| r[0]), Some(0));
            assert_eq!(ranges.last().map(|r| r[1]), Some(1 << 32));
            assert!(ranges.windows(2).all(|w| w[0][1] == w[1][0]));
        }
    }

    #[test]
    fn cores_lp_balances_hyperapps() {
        // Work 3 and 1 on two cores of capacity 2: 4 units over 4 of capacity, each
        // core exactly full; the big hyperapp is split across both cores.
        let split = cores_lp(&[3.0, 1.0], 2, 2.0, Solver::Microlp).expect("solves");
        assert!((split.max_load - 1.0).abs() < 1e-9);
        let on: Vec<u32> = split
            .shares
            .iter()
            .filter(|s| s.0 == 0)
            .map(|s| s.1)
            .collect();
        assert_eq!(on.len(), 2, "{:?}", split.shares);
        for h in 0..2 {
            let sum: f64 = split.shares.iter().filter(|s| s.0 == h).map(|s| s.2).sum();
            assert!((sum - 1.0).abs() < 1e-9);
        }
    }
}
