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
//! # Memory (second resource, [`Resources::CpuMemory`]; an assumption)
//!
//! The paper names CPU and memory as resources (§4.1) but publishes no memory
//! footprints. Per-session state, in KB: session reassembly 16, HTTP parser 4, NFS 2,
//! TFTP 1; flow monitor 0.5 (a flow record), IDS 8 (stream and detection state),
//! cache 64 (stored objects), load balancer 0.5 (a connection entry). Memory reuse is
//! therefore lower than CPU reuse (the cache dominates and shares nothing). The
//! objective `Σ_{n,r} Prov_{n,r}` adds resources, so memory is expressed in units
//! where a standalone deployment of the four applications on one HTTP session
//! needs as much memory as CPU ([`memory_scale`]).
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

/// Which resources the scenario models.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Resources {
    /// CPU only (the example specs and the unit-test fixtures).
    #[default]
    Cpu,
    /// CPU and memory (the evaluation).
    CpuMemory,
}

/// CPU per session of the modules (session, http, nfs, tftp) and the apps
/// (flowmon, ids, cache, lb), from Table 3's reusable shares (module docs).
const CPU_MODULES: [f64; 4] = [1.0, 1.35, 1.0, 0.125];
const CPU_APPS: [f64; 4] = [0.37, 2.85, 2.0, 0.32];
/// Memory per session in KB, same order (module docs).
const MEM_MODULES: [f64; 4] = [16.0, 4.0, 2.0, 1.0];
const MEM_APPS: [f64; 4] = [0.5, 8.0, 64.0, 0.5];

/// Factor from KB to the memory unit of the evaluation: standalone flowmon + IDS +
/// cache + LB on one HTTP session need as much memory as CPU.
pub fn memory_scale() -> f64 {
    // Each app pays for its own modules: flowmon and IDS use session; cache and LB
    // use session + http on HTTP.
    let standalone = |m: &[f64; 4], a: &[f64; 4]| {
        (a[0] + m[0]) + (a[1] + m[0]) + (a[2] + m[0] + m[1]) + (a[3] + m[0] + m[1])
    };
    standalone(&CPU_MODULES, &CPU_APPS) / standalone(&MEM_MODULES, &MEM_APPS)
}

fn amounts(res: Resources, cpu_x: f64, mem_kb: f64) -> crate::spec::Amounts {
    let mut a = cpu(cpu_x);
    if res == Resources::CpuMemory {
        a.insert("mem".to_string(), mem_kb * memory_scale());
    }
    a
}

fn strings(xs: &[&str]) -> Vec<String> {
    xs.iter().map(|s| s.to_string()).collect()
}

/// Modules, applications and policy order of the scenario. With `constrained`,
/// cache and load balancer may only run at the ingress (§7.3, Table 5).
pub fn paper_apps(constrained: bool) -> (Vec<ModuleSpec>, Vec<AppSpec>, Vec<[String; 2]>) {
    paper_apps_with(constrained, Resources::Cpu)
}

/// [`paper_apps`] with the given resources.
pub fn paper_apps_with(
    constrained: bool,
    res: Resources,
) -> (Vec<ModuleSpec>, Vec<AppSpec>, Vec<[String; 2]>) {
    let module = |k: usize, name: &str, pcs: &[&str]| ModuleSpec {
        name: name.into(),
        footprint: amounts(res, CPU_MODULES[k], MEM_MODULES[k]),
        port_classes: strings(pcs),
    };
    let modules = vec![
        module(0, "session", &[]),
        module(1, "http", &["http"]),
        module(2, "nfs", &["nfs"]),
        module(3, "tftp", &["tftp"]),
    ];
    let place = if constrained {
        Placement::Ingress
    } else {
        Placement::Anywhere
    };
    let app = |k: usize, name: &str, pcs: &[&str], mods: &[&str], placement| AppSpec {
        name: name.into(),
        port_classes: strings(pcs),
        modules: strings(mods),
        footprint: amounts(res, CPU_APPS[k], MEM_APPS[k]),
        placement,
        ..AppSpec::default()
    };
    let all = ["http", "nfs", "tftp", "other"];
    let apps = vec![
        app(0, "flowmon", &all, &["session"], Placement::Anywhere),
        app(1, "ids", &all, &["session"], Placement::Anywhere),
        app(
            2,
            "cache",
            &["http", "nfs", "tftp"],
            &["session", "http", "nfs", "tftp"],
            place,
        ),
        app(3, "lb", &["http"], &["session", "http"], place),
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
    paper_spec_with(topo, means, capacity, cores, constrained, Resources::Cpu)
}

/// [`paper_spec`] with the given resources; every node gets `capacity[n]` of each.
pub fn paper_spec_with(
    topo: &Topology,
    means: &[Vec<f64>],
    capacity: &[f64],
    cores: u32,
    constrained: bool,
    res: Resources,
) -> Spec {
    let (modules, apps, order) = paper_apps_with(constrained, res);
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
            capacity: {
                let c = capacity.get(i).copied().unwrap_or(0.0);
                amounts(res, c, c / memory_scale())
            },
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
    let mut resources = vec!["cpu".to_string()];
    if res == Resources::CpuMemory {
        resources.push("mem".into());
    }
    Spec {
        resources,
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
    class_epochs_with(spec, topo, od.len(), |e, i, j, pc| {
        od[e][i][j] * PORT_CLASSES[pc].3 * port_factor[e][pc]
    })
}

/// Per-epoch class volumes for a spec built by [`paper_spec`] from the same node
/// order: `volume(epoch, ingress, egress, port class index)`.
pub fn class_epochs_with(
    spec: &Spec,
    topo: &Topology,
    epochs: usize,
    volume: impl Fn(usize, usize, usize, usize) -> f64,
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
    (0..epochs)
        .map(|e| keys.iter().map(|&(i, j, pc)| volume(e, i, j, pc)).collect())
        .collect()
}
