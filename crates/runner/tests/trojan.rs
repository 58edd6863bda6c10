//! The Trojan detector over the `trojan` workload in the closed loop.

mod common;

use std::collections::BTreeSet;

use common::*;

#[test]
fn events_name_exactly_the_hosts_that_did_the_full_sequence() {
    let c = compile("trojan.nf", &[]);
    for seed in [1, 2] {
        let req = runner::WorkloadRequest {
            flows: Some(300),
            seed,
            ..Default::default()
        };
        let opts = runner::workload::options_for(&c.program, &c.params, &req)
            .unwrap_or_else(|e| panic!("{e}"));
        let trace = generate(&opts);
        // The generator's own ground truth, computed from what it generated.
        let truth: BTreeSet<String> = trace.trojan_hosts.iter().map(ToString::to_string).collect();
        assert!(!truth.is_empty(), "seed {seed} has trojan hosts");
        let (summary, out) = run_loop(&c, &trace);
        assert_checksums(&out);
        let flagged: Vec<String> = summary
            .events
            .iter()
            .map(|e| {
                assert_eq!(e["event"], "trojan");
                e["fields"]["host"].as_str().unwrap_or("?").to_string()
            })
            .collect();
        let set: BTreeSet<String> = flagged.iter().cloned().collect();
        assert_eq!(set.len(), flagged.len(), "each host reported once");
        assert_eq!(set, truth, "seed {seed}");
        // All traffic passes.
        assert_eq!(summary.dropped, 0);
        assert_eq!(summary.packets_out.get(&1), summary.packets_in.get(&0));
        assert_eq!(summary.packets_out.get(&0), summary.packets_in.get(&1));
    }
}
