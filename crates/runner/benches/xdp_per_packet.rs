//! The XDP program's own cost per packet, with no generator or interface in
//! the way: MazuNAT's switch part run by `BPF_PROG_TEST_RUN` with `repeat`
//! (the kernel times the runs, as its BPF selftests measure programs), beside
//! the switch model (`pipe::Switch::process`) on the same frames and state
//! (docs/PERFORMANCE.md, "The XDP program per packet").
//!
//! Two paths: a frame of a flow whose mapping the switch holds (`known`: the
//! NAT rewrites and forwards it), and the first frame of a flow it does not
//! (`punt`: the miss sends it to the server with the transfer header). The
//! state is what MazuNAT's partitioned engine left after installing 64 flows,
//! copied into the XDP program's maps. Needs root (bpf(2)); without it the XDP
//! cases are left out with a printed reason.
//!
//! `cargo bench -p runner --bench xdp_per_packet` (as root)

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use pipe::Verdict;
use xdp::XdpSwitch;

// Shared with the `partitioned` bench, which uses all of it.
#[allow(dead_code)]
mod common;

fn bench(c: &mut Criterion) {
    let program = common::mazunat();
    let engine = common::engine_with_known_flows(&program);
    let model = engine.switch().clone();
    let known = common::known_flows(1).remove(0);
    let punt = common::new_flows(1).remove(0);
    let now = Duration::from_secs(2);

    // What each path does, checked on the model before it is timed.
    let mut check = model.clone();
    let k = check.process(now, 0, &known).expect("port 0");
    assert!(
        matches!(k.verdict, Verdict::Emit { port: 1 }),
        "known flow: {k:?}"
    );
    let p = check.process(now, 0, &punt).expect("port 0");
    assert!(
        !matches!(p.verdict, Verdict::Emit { port: 1 } | Verdict::Drop(_)),
        "new flow not punted: {p:?}"
    );

    let mut g = c.benchmark_group("mazunat_switch_part");
    for (name, frame) in [("known", &known), ("punt", &punt)] {
        g.bench_function(format!("model/{name}"), |b| {
            let mut sw = model.clone();
            b.iter(|| sw.process(now, 0, frame).expect("port 0"))
        });
    }
    match XdpSwitch::load(model.program()) {
        Err(e) => println!("XDP cases left out: cannot load the program ({e})"),
        Ok(mut x) => {
            x.copy_state(&model, now).expect("copy the model's state");
            for (name, frame) in [("known", &known), ("punt", &punt)] {
                let want = model.clone().process(now, 0, frame).expect("port 0");
                let got = x.process(now, 0, frame).expect("BPF_PROG_TEST_RUN");
                assert_eq!(got, want, "{name}: the XDP program differs from the model");
                g.bench_function(format!("xdp/{name}"), |b| {
                    b.iter_custom(|iters| {
                        let n = u32::try_from(iters).unwrap_or(u32::MAX).max(1);
                        x.time_per_packet(now, 0, frame, n)
                            .expect("BPF_PROG_TEST_RUN")
                            * n
                    })
                });
            }
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
