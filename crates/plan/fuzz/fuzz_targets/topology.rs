//! Fuzzes the topology readers of `tandem plan eval` / `export-spec`: any bytes as
//! Topology Zoo GraphML, SNDlib XML and a Rocketfuel PoP edge list must parse or
//! fail with an error naming the file; what parses survives the transformations
//! the evaluation applies (merging a node, taking the largest component).
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use plan::topology;

fn named(r: &Result<topology::Topology, plan::PlanError>, path: &str) {
    if let Err(e) = r {
        let msg = e.to_string();
        assert!(msg.starts_with(path) && msg.len() > path.len() + 2, "{msg}");
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let g = topology::parse_graphml(&text, "g");
    named(&g, "<graphml>");
    if let Ok(t) = g {
        let _ = t.largest_component();
    }
    let s = topology::parse_sndlib(&text, "s", Path::new("s.xml"));
    named(&s, "s.xml");
    if let Ok(mut t) = s {
        if let (Some(a), Some(b)) = (t.nodes.first().cloned(), t.nodes.last().cloned()) {
            let _ = t.merge(&b, &a);
        }
        let _ = t.largest_component();
    }
    let p = topology::parse_pop_csv(&text, "p", Path::new("p.csv"));
    named(&p, "p.csv");
    if let Ok(t) = p {
        let _ = t.largest_component();
    }
});
