//! The XDP program's own cost per packet, with no generator or interface in
//! the way: each example NF's switch part and CoFilter's program run by
//! `BPF_PROG_TEST_RUN` with `repeat` (the kernel times the runs, as its BPF
//! selftests measure programs), beside the switch model
//! (`pipe::Switch::process`) on the same frames and state
//! (docs/PERFORMANCE.md, "The XDP program per packet").
//!
//! The state is what the NF's own control plane left after a generated
//! workload: the partitioned engine (switch part and server part) for the
//! five examples, CoFilter's agent for CoFilter; it is copied into the XDP
//! program's maps. The paths, each a frame chosen by what the model does with
//! it in that state: `known` (a frame of a flow the switch holds: the switch
//! alone sends it on), `punt` (the first frame of a flow it does not hold: to
//! the server or the CPU port), `drop` (dropped in the switch) where the NF
//! has one. Outputs of XDP and the model are checked equal before timing.
//! MazuNAT also keeps its earlier case (64-byte UDP of `tandem loadgen`).
//! Needs root (bpf(2)); without it the XDP cases are left out with a
//! printed reason.
//!
//! `cargo bench -p runner --bench xdp_per_packet` (as root)

use std::net::{Ipv4Addr, SocketAddrV4};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use pipe::{Switch, Verdict};
use runner::{ControlOptions, PartitionedEngine, Runner};
use trace::workload::{GenOptions, Side, Workload, generate};
use xdp::XdpSwitch;

// Shared with the `partitioned` bench, which uses all of it.
#[allow(dead_code)]
mod common;

/// The frames of a generated workload, as (port, frame): clients on port 0,
/// servers on 1; with `server`, every connection goes to that address (the
/// load balancer's virtual address, the proxy's web port).
fn workload(name: &str, seed: u64, server: Option<SocketAddrV4>) -> Vec<(u16, Vec<u8>)> {
    let opts = GenOptions {
        workload: name.parse::<Workload>().unwrap_or_else(|e| panic!("{e}")),
        flows: 200,
        seed,
        udp_share: 0.3,
        max_flow_bytes: Some(20_000),
        ..GenOptions::default()
    };
    let mut trace = generate(&opts).unwrap_or_else(|e| panic!("{e}"));
    if let Some(a) = server {
        for c in &mut trace.connections {
            c.server = a;
        }
    }
    let mut out = Vec::new();
    for (conn, i) in trace.packets() {
        let mut f = Vec::new();
        if conn.write_frame(i, &mut f) {
            let port = match conn.packets[i].side {
                Side::Client => 0,
                Side::Server => 1,
            };
            out.push((port, f));
        }
    }
    out
}

/// The 5-tuple rule (`PROTO SRC SPORT DST DPORT`) of an IPv4 TCP/UDP frame.
fn rule(f: &[u8]) -> Option<String> {
    let ip = f.get(14..34)?;
    let l4 = f.get(14 + usize::from(ip[0] & 0x0f) * 4..)?;
    let proto = match ip[9] {
        6 => "tcp",
        17 => "udp",
        _ => return None,
    };
    let port = |o: usize| l4.get(o..o + 2).map(|b| u16::from_be_bytes([b[0], b[1]]));
    let addr = |o: usize| Ipv4Addr::new(ip[o], ip[o + 1], ip[o + 2], ip[o + 3]);
    Some(format!(
        "{proto} {} {} {} {}",
        addr(12),
        port(0)?,
        addr(16),
        port(2)?
    ))
}

/// Example `name` compiled; the firewall with a whitelist of the flows of
/// `seen` (so that they pass in the switch), written to `dir`.
fn compile(name: &str, seen: &[(u16, Vec<u8>)], dir: &std::path::Path) -> ir::Program {
    if name == "mazunat" {
        return common::mazunat();
    }
    let mut o = lang::Overrides::new();
    if name == "firewall" {
        let rules: std::collections::BTreeSet<String> =
            seen.iter().filter_map(|(_, f)| rule(f)).collect();
        let file = dir.join("bench.rules");
        std::fs::write(&file, rules.into_iter().collect::<Vec<_>>().join("\n"))
            .expect("write the rules");
        o.set("rules", file.display().to_string());
    }
    let path = format!("{}/../../examples/nf/{name}.nf", env!("CARGO_MANIFEST_DIR"));
    lang::compile_file(path.as_ref(), &o)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .program
}

/// The switch after `name`'s partitioned engine ran `frames` (its server
/// part installing what it installs), and the time after.
fn nf_state(name: &str, frames: &[(u16, Vec<u8>)]) -> (Switch, Duration) {
    let dir = std::env::temp_dir().join(format!("tandem-xdp-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let program = compile(name, frames, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    let mut e = PartitionedEngine::new(&program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    e.set_control(ControlOptions::default());
    let mut t = 0u64;
    {
        let mut r = Runner::new(&mut e, &program, common::Count(0));
        for (i, (port, f)) in frames.iter().enumerate() {
            t += 10_000;
            r.packet(*port, t, f).expect("sink");
            if i % 64 == 63 {
                r.advance(t).expect("sink");
            }
        }
        t += 1_000_000_000;
        r.advance(t).expect("sink");
    }
    (e.switch().clone(), Duration::from_nanos(t))
}

/// CoFilter's program with what its agent wrote while the switch model ran
/// `frames` (every packet the switch sent to the CPU handled by the agent).
fn cofilter_state(frames: &[(u16, Vec<u8>)]) -> (Switch, Duration) {
    let layout = filter::program::tofino1_layout();
    let cfg = filter::cofilter::Config::new(layout, filter::tracker::Policy::default());
    let mut agent = filter::remote::RemoteAgent::new(cfg);
    let program = agent.program().expect("CoFilter's program");
    let mut sw = Switch::new(program).expect("loads");
    agent.install(&mut sw).expect("initial state");
    let cpu = filter::program::CPU_PORT as u16;
    let mut t = 0u64;
    for (port, f) in frames {
        t += 10_000;
        let now = Duration::from_nanos(t);
        let out = sw.process(now, *port, f).expect("a traffic port");
        if out.verdict == (Verdict::Emit { port: cpu }) {
            agent
                .handle(&mut sw, t, *port, f)
                .expect("the model takes writes");
        }
    }
    (sw, Duration::from_nanos(t + 1_000_000))
}

/// A frame of each path, by what the model does with it in `sw`'s state:
/// `known` and `drop` from the frames that set the state up (their flows are
/// set up), `punt` from frames of flows the switch has not seen. A path with
/// no frame is left out.
fn paths(
    sw: &Switch,
    now: Duration,
    seen: &[(u16, Vec<u8>)],
    fresh: &[(u16, Vec<u8>)],
    slow_port: u16,
) -> Vec<(&'static str, u16, Vec<u8>)> {
    let class = |port: u16, f: &[u8]| match sw.clone().process(now, port, f) {
        Ok(o) => match o.verdict {
            Verdict::Emit { port } if port == slow_port => Some("punt"),
            Verdict::Emit { .. } => Some("known"),
            Verdict::Drop(_) => Some("drop"),
        },
        Err(_) => None,
    };
    let mut out: Vec<(&'static str, u16, Vec<u8>)> = Vec::new();
    for (want, frames) in [("known", seen), ("drop", fresh), ("punt", fresh)] {
        // Full-size frames of the flow's data first: what most packets are.
        let mut order: Vec<&(u16, Vec<u8>)> = frames.iter().collect();
        order.sort_by_key(|(_, f)| std::cmp::Reverse(f.len()));
        if let Some((p, f)) = order.into_iter().find(|(p, f)| class(*p, f) == Some(want)) {
            out.push((want, *p, f.clone()));
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let server = compiler::lower_switch::SERVER_PORT;
    let cpu = filter::program::CPU_PORT as u16;
    type Case = (&'static str, &'static str, Option<SocketAddrV4>, u16);
    // The examples' defaults: the load balancer's virtual address, a web port
    // the proxy redirects.
    let vip = SocketAddrV4::new(Ipv4Addr::new(10, 0, 0, 100), 80);
    let web = SocketAddrV4::new(Ipv4Addr::new(10, 0, 2, 1), 80);
    let cases: [Case; 6] = [
        ("mazunat", "websearch", None, server),
        ("lb", "websearch", Some(vip), server),
        ("firewall", "websearch", None, server),
        ("proxy", "websearch", Some(web), server),
        ("trojan", "trojan", None, server),
        ("cofilter", "websearch", None, cpu),
    ];
    let mut g = c.benchmark_group("xdp_per_packet");
    for (name, load, to, slow) in cases {
        let (seen, fresh) = (workload(load, 1, to), workload(load, 2, to));
        let (model, now) = if name == "cofilter" {
            cofilter_state(&seen)
        } else {
            nf_state(name, &seen)
        };
        let mut frames = paths(&model, now, &seen, &fresh, slow);
        if name == "mazunat" {
            // The earlier case: 64-byte UDP of a flow the switch holds.
            let engine = common::engine_with_known_flows(&common::mazunat());
            let m = engine.switch().clone();
            let f = common::known_flows(1).remove(0);
            bench_one(
                &mut g,
                name,
                "known-udp64",
                &m,
                Duration::from_secs(2),
                0,
                &f,
            );
        }
        assert!(
            frames.iter().any(|(p, _, _)| *p == "known"),
            "{name}: no frame takes the switch alone"
        );
        for (path, port, f) in frames.drain(..) {
            bench_one(&mut g, name, path, &model, now, port, &f);
        }
    }
    g.finish();
}

fn bench_one(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    path: &str,
    model: &Switch,
    now: Duration,
    port: u16,
    frame: &[u8],
) {
    g.bench_function(format!("{name}/model/{path}"), |b| {
        let mut sw = model.clone();
        b.iter(|| sw.process(now, port, frame).expect("a port"))
    });
    match XdpSwitch::load(model.program()) {
        Err(e) => println!("{name}: XDP cases left out: cannot load the program ({e})"),
        Ok(mut x) => {
            x.copy_state(model, now).expect("copy the model's state");
            let want = model.clone().process(now, port, frame).expect("a port");
            let got = x.process(now, port, frame).expect("BPF_PROG_TEST_RUN");
            assert_eq!(
                got, want,
                "{name}/{path}: the XDP program differs from the model"
            );
            g.bench_function(format!("{name}/xdp/{path}"), |b| {
                b.iter_custom(|iters| {
                    let n = u32::try_from(iters).unwrap_or(u32::MAX).max(1);
                    x.time_per_packet(now, port, frame, n)
                        .expect("BPF_PROG_TEST_RUN")
                        * n
                })
            });
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
