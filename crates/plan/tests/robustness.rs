//! Bad input keeps its promise: mutations (truncation, byte flips, insertions,
//! deletions, repeated lines) of every file format the planner reads — the spec
//! (TOML and JSON), GraphML, SNDlib XML and PoP-CSV topologies, traffic-matrix and
//! variability-histogram CSVs, MPS — either parse or give an error that names the
//! file; nothing panics. Whatever spec still validates is pushed through the whole
//! pipeline (workloads, load balancing, box configurations, provisioning) with the
//! pure-Rust solver, which must not panic either.
//!
//! The `spec`, `topology`, `traffic` and `mps` fuzz targets in `fuzz/` explore the
//! same readers with coverage guidance; these tests are their seeded, repeatable
//! counterpart that runs with `cargo test`.

use std::path::Path;

use plan::Strategy as Route;
use plan::config::{self, FilterMode};
use plan::provision::{self, ProvisionOptions};
use plan::{Instance, PlanError, Solver, Spec, Workload, balance, mps, topology, traffic};
use proptest::prelude::*;

const SPEC: &str = include_str!("../testdata/robust/spec.toml");
const GRAPHML: &str = include_str!("../testdata/robust/topology.graphml");
const SNDLIB: &str = include_str!("../testdata/robust/topology.xml");
const POPS: &str = include_str!("../testdata/robust/pops.csv");
const TM: &str = include_str!("../testdata/robust/tm.csv");
const HIST: &str = include_str!("../testdata/robust/hist.csv");

/// One edit of a byte string.
#[derive(Debug, Clone)]
enum Edit {
    Truncate(usize),
    Flip(usize, u8),
    Insert(usize, Vec<u8>),
    Delete(usize, usize),
    RepeatLine(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    // Bytes that matter to the formats: digits, signs, separators, quotes, brackets.
    let interesting = prop_oneof![
        any::<u8>(),
        proptest::sample::select(b"0123456789-+.eE,;:=\"'[]{}<>/#\n \tinfNa".to_vec()),
    ];
    prop_oneof![
        any::<usize>().prop_map(Edit::Truncate),
        (any::<usize>(), interesting.clone()).prop_map(|(i, b)| Edit::Flip(i, b)),
        (any::<usize>(), proptest::collection::vec(interesting, 1..6))
            .prop_map(|(i, b)| Edit::Insert(i, b)),
        (any::<usize>(), 1usize..40).prop_map(|(i, n)| Edit::Delete(i, n)),
        any::<usize>().prop_map(Edit::RepeatLine),
    ]
}

fn apply(seed: &str, edits: &[Edit]) -> String {
    let mut b = seed.as_bytes().to_vec();
    for e in edits {
        let n = b.len().max(1);
        match e {
            Edit::Truncate(i) => b.truncate(i % n),
            Edit::Flip(i, x) => {
                if !b.is_empty() {
                    b[i % n] = *x;
                }
            }
            Edit::Insert(i, xs) => {
                let at = i % (b.len() + 1);
                b.splice(at..at, xs.iter().copied());
            }
            Edit::Delete(i, k) => {
                let at = i % n;
                let end = (at + k).min(b.len());
                if at < end {
                    b.drain(at..end);
                }
            }
            Edit::RepeatLine(i) => {
                let text = String::from_utf8_lossy(&b).into_owned();
                let lines: Vec<&str> = text.split_inclusive('\n').collect();
                if !lines.is_empty() {
                    let k = i % lines.len();
                    let mut out = String::new();
                    for (j, l) in lines.iter().enumerate() {
                        out.push_str(l);
                        if j == k {
                            out.push_str(l);
                        }
                    }
                    b = out.into_bytes();
                }
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    proptest::collection::vec(edit(), 1..5)
}

/// Every stage after parsing, on the pure-Rust solver: nothing may panic.
fn exercise(inst: &Instance) {
    let vols: Vec<f64> = inst.classes.iter().map(|c| c.volume).collect();
    let capacity: Vec<Vec<f64>> = inst.nodes.iter().map(|n| n.capacity.clone()).collect();
    for strategy in [Route::Path, Route::Edge, Route::Ingress] {
        let _ = Workload::two_step(inst, strategy);
        let Ok(wl) = Workload::hyperapp(inst, strategy, true) else {
            continue;
        };
        if let Ok(bal) = balance::solve(&wl, &vols, &capacity, Solver::Microlp) {
            let _ = plan::overload::hotspot(inst, &bal);
            for mode in [FilterMode::Auto, FilterMode::Hash] {
                let _ = config::box_configs(inst, &wl, &bal, mode, Solver::Microlp);
            }
        }
        let opts = ProvisionOptions {
            solver: Solver::Microlp,
            ..ProvisionOptions::default()
        };
        let _ = provision::provision(&wl, std::slice::from_ref(&vols), opts);
    }
}

/// A spec error must say what is wrong and where: a syntax error names the file
/// (and the parser's line and column); a semantic error names the entry.
fn assert_spec_error(e: &PlanError, origin: &str) {
    let msg = e.to_string();
    match e {
        PlanError::SpecSyntax { .. } => assert!(msg.contains(origin), "{msg}"),
        PlanError::Invalid { entry, message } => {
            assert!(!entry.is_empty() && !message.is_empty(), "{msg}")
        }
        PlanError::OrderCycle { cycle } => assert!(!cycle.is_empty(), "{msg}"),
        other => panic!("unexpected error kind reading a spec: {other}"),
    }
}

fn check_spec(text: &str, origin: &str) {
    match Spec::parse(text, origin) {
        Err(e) => assert_spec_error(&e, origin),
        Ok(spec) => match Instance::from_spec(&spec) {
            Err(e) => assert_spec_error(&e, origin),
            Ok(inst) => exercise(&inst),
        },
    }
}

fn assert_data_error(r: Result<impl Sized, PlanError>, path: &str) {
    if let Err(e) = r {
        let msg = e.to_string();
        assert!(
            msg.starts_with(path) && msg.len() > path.len() + 2,
            "error does not name {path} and the problem: {msg}"
        );
    }
}

fn spec_json() -> String {
    let spec = Spec::from_toml(SPEC, "spec.toml").expect("seed spec parses");
    serde_json::to_string_pretty(&spec).expect("serialises")
}

#[test]
fn seeds_are_valid_and_solve() {
    let spec = Spec::from_toml(SPEC, "spec.toml").expect("seed spec parses");
    let inst = Instance::from_spec(&spec).expect("seed spec validates");
    assert_eq!(inst.nodes.len(), 3);
    assert_eq!(inst.classes.len(), 3);
    exercise(&inst);
    Spec::from_json(&spec_json(), "spec.json").expect("JSON seed parses");
    let t = topology::parse_graphml(GRAPHML, "g").expect("graphml seed parses");
    assert_eq!(t.nodes.len(), 5, "{:?}", t.nodes);
    let s = topology::parse_sndlib(SNDLIB, "s", Path::new("s.xml")).expect("sndlib seed");
    assert_eq!(s.nodes.len(), 4);
    let p = topology::parse_pop_csv(POPS, "p", Path::new("p.csv")).expect("pop seed");
    assert_eq!(p.links.len(), 4);
    let tm = traffic::parse_tm_csv(TM, Path::new("tm.csv"), &s.nodes, &[], 10, 1)
        .expect("tm seed parses");
    assert_eq!(tm.len(), 4);
    let h = traffic::Histogram::parse(HIST, Path::new("h.csv")).expect("hist seed parses");
    assert_eq!(h.bins.len(), 5);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn mutated_toml_specs_never_panic(e in edits()) {
        check_spec(&apply(SPEC, &e), "m.toml");
    }

    #[test]
    fn mutated_json_specs_never_panic(e in edits()) {
        check_spec(&apply(&spec_json(), &e), "m.json");
    }

    #[test]
    fn mutated_topologies_never_panic(e in edits()) {
        let g = apply(GRAPHML, &e);
        if let Ok(t) = topology::parse_graphml(&g, "g") {
            let _ = t.largest_component();
        }
        let x = apply(SNDLIB, &e);
        let r = topology::parse_sndlib(&x, "s", Path::new("s.xml"));
        if let Ok(mut t) = r {
            let _ = t.merge("ATLAM5", "ATLAng");
            let _ = t.largest_component();
        } else {
            assert_data_error(r, "s.xml");
        }
        let p = apply(POPS, &e);
        let r = topology::parse_pop_csv(&p, "p", Path::new("p.csv"));
        if let Ok(t) = r {
            let _ = t.largest_component();
        } else {
            assert_data_error(r, "p.csv");
        }
    }

    #[test]
    fn mutated_traffic_files_never_panic(e in edits(), epochs in 0usize..6, stride in 0usize..3) {
        let nodes: Vec<String> =
            ["ATLAng", "CHINng", "DNVRng"].iter().map(|s| s.to_string()).collect();
        let tm = apply(TM, &e);
        assert_data_error(
            traffic::parse_tm_csv(&tm, Path::new("tm.csv"), &nodes, &[("ATLAM5", "ATLAng")], epochs, stride),
            "tm.csv",
        );
        let h = apply(HIST, &e);
        let r = traffic::Histogram::parse(&h, Path::new("h.csv"));
        if let Ok(h) = &r {
            use rand::SeedableRng;
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
            let x = h.sample(&mut rng);
            prop_assert!(!x.is_nan(), "sample of {:?} is NaN", h.bins);
            let _ = h.mean();
        }
        assert_data_error(r, "h.csv");
    }

    #[test]
    fn mutated_mps_never_panics(e in edits()) {
        let spec = Spec::from_toml(SPEC, "spec.toml").expect("seed spec parses");
        let inst = Instance::from_spec(&spec).expect("validates");
        let wl = Workload::hyperapp(&inst, Route::Path, true).expect("workload");
        let vols: Vec<f64> = inst.classes.iter().map(|c| c.volume).collect();
        let cap: Vec<Vec<f64>> = inst.nodes.iter().map(|n| n.capacity.clone()).collect();
        let model = balance::build(&wl, &vols, &cap).expect("builds");
        let text = apply(&mps::write_mps(&model.lp), &e);
        if let Err(err) = mps::read_mps(&text) {
            prop_assert!(matches!(err, PlanError::Mps { line, .. } if line >= 1), "{err}");
        }
    }
}
