//! Generated workloads (`trace`): TCP flow lifecycles from the web-search flow-size
//! distribution (SYN, data segments with timestamps, FIN; both directions) and UDP
//! packets of the datacenter size mix, through the NAT with and without parking:
//! byte-identical, every packet back, no premature eviction.

use std::collections::VecDeque;
use std::net::Ipv4Addr;
use std::time::Duration;

use park::nf::{Nat, Nf, NfVerdict};
use park::{ParkConfig, ParkSwitch};
use pipe::Verdict;
use trace::workload::{GenOptions, Workload, generate};

fn frames(workload: Workload, flows: u32) -> Vec<Vec<u8>> {
    let opts = GenOptions {
        workload,
        flows,
        seed: 7,
        max_flow_bytes: Some(30_000),
        packets_per_flow: 40,
        ..Default::default()
    };
    let t = generate(&opts).expect("valid options");
    t.packets()
        .map(|(c, i)| {
            let mut f = Vec::new();
            assert!(c.write_frame(i, &mut f));
            f
        })
        .collect()
}

fn check(frames: &[Vec<u8>]) -> park::Counters {
    let mut direct = Nat::new(Ipv4Addr::new(192, 0, 2, 1), 30000);
    let mut behind = direct.clone();
    let mut sw = ParkSwitch::new(ParkConfig::single(1, 2, 3, 256)).expect("valid");
    let mut queue = VecDeque::new();
    let mut got = Vec::new();
    let mut serve = |sw: &mut ParkSwitch, mut f: Vec<u8>| {
        assert_eq!(behind.process(&mut f), NfVerdict::Forward);
        let o = sw.process(Duration::ZERO, 2, &f).expect("port");
        assert_eq!(o.verdict, Verdict::Emit { port: 3 });
        got.push(o.bytes);
    };
    for f in frames {
        let s = sw.process(Duration::ZERO, 1, f).expect("port");
        queue.push_back(s.bytes);
        if queue.len() > 32 {
            serve(&mut sw, queue.pop_front().expect("non-empty"));
        }
    }
    while let Some(f) = queue.pop_front() {
        serve(&mut sw, f);
    }
    let want: Vec<Vec<u8>> = frames
        .iter()
        .map(|f| {
            let mut f = f.clone();
            assert_eq!(direct.process(&mut f), NfVerdict::Forward);
            f
        })
        .collect();
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "packet {i}");
    }
    sw.counters()
}

#[test]
fn tcp_flow_lifecycles_are_transparent() {
    let f = frames(Workload::FlowSizes(trace::cdf::FlowSizes::WebSearch), 12);
    let c = check(&f);
    assert!(c.splits > 50, "full-size segments are parked: {c:?}");
    assert!(c.bypass_short > 10, "SYNs, ACKs and FINs are not: {c:?}");
    assert_eq!(c.premature, 0);
}

#[test]
fn datacenter_sizes_are_transparent() {
    let f = frames(Workload::DatacenterSizes, 10);
    let c = check(&f);
    assert_eq!(c.premature, 0);
    assert_eq!(
        c.splits + c.bypass_short + c.bypass_occupied,
        f.len() as u64
    );
}
