//! Controller to boxes, end to end (`combox::eval`): a small planned network
//! passes the exactly-once and load checks, and broken plans fail them.

use std::path::Path;

use combox::Catalogue;
use combox::eval::{self, EvalOptions, EvalReport};
use plan::config::{BoxConfig, FilterMode};
use plan::topology::Topology;
use plan::{Instance, Solver, Strategy};

/// The paper's four applications on a line of four nodes, all pairs, with
/// capacities that make the LP spread classes over their paths.
fn instance() -> Instance {
    let names: Vec<String> = (0..4).map(|i| format!("N{i}")).collect();
    let links: Vec<(String, String, f64)> = (1..4)
        .map(|i| (names[i - 1].clone(), names[i].clone(), 1.0))
        .collect();
    let topo = Topology::from_named("line4", names, &links);
    let means: Vec<Vec<f64>> = (0..4)
        .map(|i| {
            (0..4)
                .map(|j| {
                    if i == j {
                        0.0
                    } else {
                        10.0 + (i * 4 + j) as f64
                    }
                })
                .collect()
        })
        .collect();
    let spec = plan::scenario::paper_spec(&topo, &means, &[120.0, 200.0, 160.0, 90.0], 2, false);
    Instance::from_spec(&spec).expect("valid spec")
}

fn catalogue() -> Catalogue {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/box/catalog.toml");
    Catalogue::read(&path).expect("the example catalogue loads")
}

fn opts() -> EvalOptions {
    EvalOptions {
        sessions: 400,
        ..EvalOptions::default()
    }
}

fn run(inst: &Instance, boxes: &[BoxConfig], o: &EvalOptions) -> EvalReport {
    let mut calls = 0u64;
    let mut last = (0, 0);
    let r = eval::run(inst, boxes, &catalogue(), o, &mut |d, t| {
        calls += 1;
        last = (d, t);
    })
    .expect("runs");
    assert!(calls > 0, "progress is reported");
    assert_eq!(last.0, last.1, "progress ends at the total");
    assert_eq!(last.0, r.coverage.packets);
    r
}

fn boxes(inst: &Instance, mode: FilterMode) -> Vec<BoxConfig> {
    eval::plan_boxes(inst, Strategy::Path, mode, Solver::Microlp).expect("plans")
}

#[test]
fn planned_network_processes_every_session_exactly_once() {
    let inst = instance();
    for mode in [FilterMode::Auto, FilterMode::Hash] {
        let b = boxes(&inst, mode);
        let r = run(&inst, &b, &opts());
        let c = &r.coverage;
        assert!(r.passed, "{mode:?}: {:#?}", r);
        assert_eq!(c.exactly_once, c.sessions, "{mode:?}");
        assert!(c.sessions >= 400, "{mode:?}: every class gets sessions");
        assert_eq!(r.boxes, 4);
        assert_eq!(r.loads_ok, 4);
        // The LP spread the load: more than one box processed sessions, and
        // the sessions landed add up to those with a hyperapp.
        let landed: u64 = r.loads.iter().map(|l| l.sessions).sum();
        assert_eq!(landed, c.with_hyperapp, "{mode:?}");
        assert!(r.loads.iter().filter(|l| l.sessions > 0).count() >= 3);
        for l in &r.loads {
            assert!(
                (l.measured[0] - l.predicted[0]).abs() <= l.tolerance[0],
                "{mode:?} {l:?}"
            );
            assert!(l.packets >= l.processed);
        }
        assert!(r.max_load_predicted > 0.0 && r.max_load_measured > 0.0);
        // `cache` (the proxy) redirects HTTP requests: those packets leave
        // their session and are counted, and the sessions still pass.
        assert!(c.rewritten > 0, "{mode:?}: {c:?}");
        assert!(c.box_arrivals > c.packets);
    }
}

#[test]
fn a_missing_share_is_a_gap() {
    let inst = instance();
    let mut b = boxes(&inst, FilterMode::Auto);
    let n = b
        .iter()
        .position(|x| !x.assignments.is_empty())
        .expect("a busy box");
    let gone = b[n].assignments.remove(0);
    let r = run(&inst, &b, &opts());
    assert!(!r.passed);
    assert!(r.coverage.gaps > 0, "{:?}", r.coverage);
    assert_eq!(r.coverage.doubles, 0);
    assert!(
        r.failures
            .iter()
            .any(|f| f.contains(&format!("class {}", gone.class))),
        "{:?}",
        r.failures
    );
}

#[test]
fn a_share_on_two_boxes_is_double_processing() {
    let inst = instance();
    let mut b = boxes(&inst, FilterMode::Auto);
    // A class processed wholly at one node of a path of two or more: copy its
    // share to another node of the path.
    let (n, a, other) = b
        .iter()
        .enumerate()
        .find_map(|(n, x)| {
            x.assignments.iter().find_map(|a| {
                let path = &inst.classes[a.class].path;
                let other = path.iter().copied().find(|&m| m != n)?;
                let free = !b[other].assignments.iter().any(|y| y.class == a.class);
                (a.fraction > 0.999 && free).then(|| (n, a.clone(), other))
            })
        })
        .expect("a class wholly on one box of a longer path");
    let _ = n;
    b[other].assignments.push(a.clone());
    b[other].queues = plan::boxcfg::queues(&b[other]);
    let r = run(&inst, &b, &opts());
    assert!(!r.passed);
    assert!(r.coverage.doubles > 0, "{:?}", r.coverage);
}

#[test]
fn a_load_the_boxes_do_not_see_fails_the_load_check() {
    let inst = instance();
    let mut b = boxes(&inst, FilterMode::Auto);
    b[1].load[0] += 0.5;
    let r = run(&inst, &b, &opts());
    assert_eq!(r.coverage.exactly_once, r.coverage.sessions);
    assert!(!r.passed);
    assert_eq!(r.loads_ok, 3);
    assert!(!r.loads[1].ok);
}

#[test]
fn seeded_and_reuse_does_not_change_coverage() {
    let inst = instance();
    let b = boxes(&inst, FilterMode::Auto);
    let one = run(&inst, &b, &opts());
    let again = run(&inst, &b, &opts());
    let strip = |r: &EvalReport| {
        let mut r = r.clone();
        for l in &mut r.loads {
            l.cpu_ns = 0;
        }
        r
    };
    assert_eq!(strip(&one), strip(&again));
    let no_reuse = run(
        &inst,
        &b,
        &EvalOptions {
            reuse: false,
            ..opts()
        },
    );
    assert_eq!(one.coverage, no_reuse.coverage);
    let other_seed = run(&inst, &b, &EvalOptions { seed: 7, ..opts() });
    assert!(other_seed.passed);
    assert_ne!(
        eval::sessions(&inst, &opts()),
        eval::sessions(&inst, &EvalOptions { seed: 7, ..opts() })
    );
}

#[test]
fn sessions_fall_in_their_class() {
    let inst = instance();
    let o = opts();
    let counts = eval::session_counts(&inst, &o);
    let s = eval::sessions(&inst, &o);
    assert_eq!(s.len(), counts.iter().sum::<usize>());
    assert!(counts.iter().all(|&n| n >= 1));
    for x in &s {
        let c = &inst.classes[x.class];
        let host = |a: std::net::Ipv4Addr| plan::prefix::Prefix::new(u32::from(a), 32);
        assert!(c.src.contains(host(*x.client.ip())), "{x:?}");
        assert!(c.dst.contains(host(*x.server.ip())), "{x:?}");
        let pc = &inst.port_classes[c.port_class];
        if pc.ports.is_empty() {
            assert!(x.server.port() < x.client.port());
        } else {
            assert!(pc.ports.contains(&x.server.port()), "{x:?}");
        }
        // Both directions' packets carry the session's addresses.
        for (rev, f) in eval::packets(x) {
            let h = wire::parse_frame(&f).expect("parses");
            let k = wire::FlowKey::from_headers(&h).expect("flow");
            let (src, dst) = if rev {
                (x.server, x.client)
            } else {
                (x.client, x.server)
            };
            assert_eq!((k.src_addr, k.src_port), (*src.ip(), src.port()));
            assert_eq!((k.dst_addr, k.dst_port), (*dst.ip(), dst.port()));
        }
    }
}
