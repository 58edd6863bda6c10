//! Small hand-checkable instances shared by the unit tests.

use crate::scenario;
use crate::spec::{ClassSpec, LinkSpec, NodeSpec, Spec};
use crate::topology::Topology;

/// A line of `n` nodes `N0 - N1 - ... ` with unit links.
pub fn line(n: usize) -> Topology {
    let names: Vec<String> = (0..n).map(|i| format!("N{i}")).collect();
    let links: Vec<(String, String, f64)> = (1..n)
        .map(|i| (names[i - 1].clone(), names[i].clone(), 1.0))
        .collect();
    Topology::from_named("line", names, &links)
}

/// The paper's four applications on a line of `n` nodes, all-pairs gravity-free
/// traffic `vol(i, j)`, capacity `cap` everywhere.
pub fn paper_line(n: usize, cap: f64, vol: impl Fn(usize, usize) -> f64) -> Spec {
    let t = line(n);
    let means: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| if i == j { 0.0 } else { vol(i, j) })
                .collect()
        })
        .collect();
    scenario::paper_spec(&t, &means, &vec![cap; n], 2, false)
}

/// §3.3 / Fig. 3: three nodes, one IDS, paths P1 = N1→N2, P2 = N2→N3 and
/// P3 = N3→N2→N1 (each ingress is a different node); class volumes given.
pub fn fig3(v: [f64; 3]) -> Spec {
    let toml = r#"
resources = ["cpu"]
[[app]]
name = "ids"
port_classes = ["all"]
footprint = { cpu = 1.0 }
[[port_class]]
name = "all"
"#;
    let mut s = Spec::from_toml(toml, "fig3").expect("fixture parses");
    for i in 1..=3 {
        s.nodes.push(NodeSpec {
            name: format!("N{i}"),
            capacity: [("cpu".to_string(), 20.0)].into_iter().collect(),
            accelerators: vec![],
            cores: 1,
        });
    }
    s.links = vec![
        LinkSpec {
            a: "N1".into(),
            b: "N2".into(),
            weight: 1.0,
        },
        LinkSpec {
            a: "N2".into(),
            b: "N3".into(),
            weight: 1.0,
        },
    ];
    for (k, (i, e)) in [("N1", "N2"), ("N2", "N3"), ("N3", "N1")]
        .into_iter()
        .enumerate()
    {
        s.classes.push(ClassSpec {
            ingress: i.into(),
            egress: e.into(),
            port_class: "all".into(),
            volume: v[k],
            src_prefix: None,
            dst_prefix: None,
        });
    }
    s
}
