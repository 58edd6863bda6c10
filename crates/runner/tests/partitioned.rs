//! The central test of Gallium: for each example middlebox, the partitioned
//! execution (switch model + server runtime, with atomic updates and output
//! commit) is indistinguishable from the reference interpreter on generated
//! workloads: same packets out of each port (as multisets), same drops, same
//! events, same final state once the control plane is quiet.

mod common;

use common::*;
use runner::WorkloadRequest;
use runner::check::check_workload;

const EXAMPLES: [(&str, &str); 5] = [
    ("mazunat.nf", "websearch"),
    ("lb.nf", "datamining"),
    ("firewall.nf", "websearch"),
    ("proxy.nf", "trojan"),
    ("trojan.nf", "trojan"),
];

fn workload(c: &lang::Compiled, name: &str, flows: u32, seed: u64) -> trace::workload::Trace {
    let req = WorkloadRequest {
        name: Some(name.to_string()),
        flows: Some(flows),
        seed,
        max_flow_bytes: Some(1_000_000),
    };
    let o = runner::workload::options_for(&c.program, &c.params, &req)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    generate(&o)
}

#[test]
fn partitioned_equals_reference_on_workloads() {
    for (nf, w) in EXAMPLES {
        let c = compile(nf, &[]);
        let trace = workload(&c, w, 300, 7);
        let r = check_workload(
            &c.program,
            &compiler::Options::default(),
            &trace,
            &mut |_, _| {},
        )
        .unwrap_or_else(|e| panic!("{nf}: {e}"));
        if !r.equivalent() {
            eprintln!(
                "{}\n{}\n{:?}",
                r.reference, r.partitioned, r.partitioned.partition
            );
            for d in r.divergences.iter().take(5) {
                eprintln!("{d:?}");
            }
        }
        assert!(
            r.equivalent(),
            "{nf}: {} divergences, first {:?}",
            r.divergences.len(),
            r.divergences.first()
        );
        let p = r
            .partitioned
            .partition
            .clone()
            .unwrap_or_else(|| panic!("{nf}: no counters"));
        assert_eq!(
            p.switch_only_packets + p.server_packets,
            r.partitioned.total_in(),
            "{nf}: every packet is counted once"
        );
        assert!(r.reference.total_in() > 1000, "{nf}: traffic flowed");
        assert_eq!(
            r.reference.total_in(),
            r.partitioned.total_in(),
            "{nf}: same packets in"
        );
        eprintln!("{nf}: {:?}", p);
    }
}

/// A program reading session reconstruction is not split: the server may run
/// a packet more than once and its session table would count it each time.
/// The error names the program; the reference engine runs it.
#[test]
fn a_program_reading_session_is_refused_by_the_partitioned_engine() {
    let c = compile("flowmon.nf", &[]);
    let e = match runner::PartitionedEngine::new(&c.program, &compiler::Options::default()) {
        Ok(_) => panic!("flowmon.nf reads session.* and must not be split"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("`flowmon`") && e.contains("session"), "{e}");
    assert!(runner::ReferenceEngine::new(&c.program).is_ok());
}
