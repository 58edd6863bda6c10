//! The paper's network-wide scenario (§7.3): four applications from Table 3 —
//! flow monitoring, signature IDS, layer-7 load balancer and cache — over four
//! application port classes, on a topology with time-varying OD matrices.
//!
//! # Footprints (one resource, `cpu`, per session)
//!
//! Table 3 gives each application's share of work spent in reusable modules. We fix
//! module costs (session = 1, HTTP = 1.35, NFS = 1, TFTP = 0.125) and pick each
//! application's own cost so the shares come out as in Table 3: flowmon 0.37
//! (session 73 %), IDS 2.85 (26 %), load balancer 0.32 (HTTP+session 88 %), cache
//! 2.0 (HTTP 54 %, NFS 50 %, TFTP 36 %). The absolute scale cancels in every ratio
//! the evaluation reports.
//!
//! # Traffic mix (an assumption; the paper's per-port volumes are not published)
//!
//! HTTP 55 %, NFS 10 %, TFTP 5 %, other 30 % of every OD volume, each port class's
//! share varying per epoch by a draw from the same variability histogram.

use crate::spec::{
    AppSpec, ClassSpec, LinkSpec, ModuleSpec, NodeSpec, Placement, PortClassSpec, Spec,
};
use crate::topology::Topology;

/// Port classes and their share of OD volume.
pub const PORT_CLASSES: [(&str, &str, &[u16], f64); 4] = [
    ("http", "tcp", &[80, 8080], 0.55),
    ("nfs", "any", &[2049], 0.10),
    ("tftp", "udp", &[69], 0.05),
    ("other", "any", &[], 0.30),
];

fn cpu(x: f64) -> crate::spec::Amounts {
    [("cpu".to_string(), x)].into_iter().collect()
}

fn strings(xs: &[&str]) -> Vec<String> {
    xs.iter().map(|s| s.to_string()).collect()
}

/// Modules, applications and policy order of the scenario. With `constrained`,
/// cache and load balancer may only run at the ingress (§7.3, Table 5).
pub fn paper_apps(constrained: bool) -> (Vec<ModuleSpec>, Vec<AppSpec>, Vec<[String; 2]>) {
    let module = |name: &str, c: f64, pcs: &[&str]| ModuleSpec {
        name: name.into(),
        footprint: cpu(c),
        port_classes: strings(pcs),
    };
    let modules = vec![
        module("session", 1.0, &[]),
        module("http", 1.35, &["http"]),
        module("nfs", 1.0, &["nfs"]),
        module("tftp", 0.125, &["tftp"]),
    ];
    let place = if constrained {
        Placement::Ingress
    } else {
        Placement::Anywhere
    };
    let app = |name: &str, own: f64, pcs: &[&str], mods: &[&str], placement| AppSpec {
        name: name.into(),
        port_classes: strings(pcs),
        modules: strings(mods),
        footprint: cpu(own),
        placement,
        ..AppSpec::default()
    };
    let all = ["http", "nfs", "tftp", "other"];
    let apps = vec![
        app("flowmon", 0.37, &all, &["session"], Placement::Anywhere),
        app("ids", 2.85, &all, &["session"], Placement::Anywhere),
        app(
            "cache",
            2.0,
            &["http", "nfs", "tftp"],
            &["session", "http", "nfs", "tftp"],
            place,
        ),
        app("lb", 0.32, &["http"], &["session", "http"], place),
    ];
    let order = [["flowmon", "ids"], ["ids", "cache"], ["cache", "lb"]]
        .map(|[a, b]| [a.to_string(), b.to_string()])
        .to_vec();
    (modules, apps, order)
}

/// A spec for `topo` with one class per OD pair with positive mean volume and port
/// class; class volumes are `means[i][j]` times the port share. Node capacities are
/// `capacity[n]` (cpu) with `cores` cores each.
pub fn paper_spec(
    topo: &Topology,
    means: &[Vec<f64>],
    capacity: &[f64],
    cores: u32,
    constrained: bool,
) -> Spec {
    let (modules, apps, order) = paper_apps(constrained);
    let port_classes = PORT_CLASSES
        .iter()
        .map(|(n, p, ports, _)| PortClassSpec {
            name: n.to_string(),
            protocol: p.to_string(),
            ports: ports.to_vec(),
        })
        .collect();
    let nodes = topo
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| NodeSpec {
            name: n.clone(),
            capacity: cpu(capacity.get(i).copied().unwrap_or(0.0)),
            accelerators: Vec::new(),
            cores,
        })
        .collect();
    let links = topo
        .links
        .iter()
        .map(|&(a, b, w)| LinkSpec {
            a: topo.nodes[a].clone(),
            b: topo.nodes[b].clone(),
            weight: w,
        })
        .collect();
    let mut classes = Vec::new();
    for (i, row) in means.iter().enumerate() {
        for (j, &m) in row.iter().enumerate() {
            if i == j || m <= 0.0 {
                continue;
            }
            for (pc, _, _, share) in PORT_CLASSES {
                classes.push(ClassSpec {
                    ingress: topo.nodes[i].clone(),
                    egress: topo.nodes[j].clone(),
                    port_class: pc.to_string(),
                    volume: m * share,
                    src_prefix: None,
                    dst_prefix: None,
                });
            }
        }
    }
    Spec {
        resources: vec!["cpu".into()],
        modules,
        apps,
        order,
        port_classes,
        nodes,
        links,
        paths: Vec::new(),
        classes,
    }
}

/// Per-epoch class volumes for a spec built by [`paper_spec`] from the same node
/// order: `od[e][i][j] · share(pc) · port_factor[e][pc]`.
pub fn class_epochs(
    spec: &Spec,
    topo: &Topology,
    od: &[Vec<Vec<f64>>],
    port_factor: &[[f64; 4]],
) -> Vec<Vec<f64>> {
    let idx: std::collections::HashMap<&str, usize> = topo
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let keys: Vec<(usize, usize, usize)> = spec
        .classes
        .iter()
        .map(|c| {
            let pc = PORT_CLASSES
                .iter()
                .position(|p| p.0 == c.port_class)
                .unwrap_or(3);
            (
                idx.get(c.ingress.as_str()).copied().unwrap_or(0),
                idx.get(c.egress.as_str()).copied().unwrap_or(0),
                pc,
            )
        })
        .collect();
    od.iter()
        .zip(port_factor)
        .map(|(tm, pf)| {
            keys.iter()
                .map(|&(i, j, pc)| tm[i][j] * PORT_CLASSES[pc].3 * pf[pc])
                .collect()
        })
        .collect()
}
