//! The differential corpus: the switch parts of the five Gallium examples,
//! CoFilter's program and PayloadPark's, each with the entries its control
//! plane installs first, through the switch model and through the generated
//! XDP program (`BPF_PROG_TEST_RUN`) on at least 10,000 generated frames —
//! every verdict and byte must agree. Frames the switch sends to the server
//! (or the CPU) come back on that port as the server would return them, so
//! the resume paths run too; some frames are cut short or carry an unknown
//! EtherType. Needs root (skipped otherwise).

mod common;

use std::time::Duration;

use common::{cofilter, nf, park};
use pipe::{Program, Switch, Verdict};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use trace::workload::{GenOptions, Side, Workload, generate};
use xdp::XdpSwitch;

/// Frames per program.
const FRAMES: usize = 10_000;

/// Generated frames: (port, frame). Clients send on port 0, servers on 1.
fn frames(workload: &str, seed: u64, ports: [u16; 2]) -> Vec<(u16, Vec<u8>)> {
    let opts = GenOptions {
        workload: workload
            .parse::<Workload>()
            .unwrap_or_else(|e| panic!("{e}")),
        flows: 400,
        seed,
        udp_share: 0.3,
        max_flow_bytes: Some(60_000),
        ..GenOptions::default()
    };
    let trace = generate(&opts).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for (conn, i) in trace.packets() {
        let mut f = Vec::new();
        if !conn.write_frame(i, &mut f) {
            continue;
        }
        let port = match conn.packets[i].side {
            Side::Client => ports[0],
            Side::Server => ports[1],
        };
        match rng.random_range(0..100) {
            0 => f.truncate(rng.random_range(14..f.len().max(15))),
            1 => {
                f[12] = 0x88;
                f[13] = 0xb5;
            }
            _ => {}
        }
        out.push((port, f));
        if out.len() >= FRAMES {
            break;
        }
    }
    out
}

/// Runs `frames` through both; frames for `back_port` (the server's or the
/// CPU's) are fed back on it. Returns (frames compared, of which fed back).
fn differential(
    name: &str,
    program: &Program,
    mut sw: Switch,
    frames: &[(u16, Vec<u8>)],
    back_port: u16,
) -> (usize, usize) {
    let mut x = XdpSwitch::load(program).unwrap_or_else(|e| panic!("{name}: {e}"));
    x.copy_state(&sw, Duration::ZERO)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let (mut compared, mut back) = (0, 0);
    let mut now = Duration::from_millis(1);
    for (i, (port, frame)) in frames.iter().enumerate() {
        let mut queue = vec![(*port, frame.clone())];
        while let Some((p, f)) = queue.pop() {
            now += Duration::from_micros(3);
            let want = sw
                .process(now, p, &f)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let got = x
                .process(now, p, &f)
                .unwrap_or_else(|e| panic!("{name} frame {i}: {e}"));
            assert_eq!(
                got, want,
                "{name}: frame {i} on port {p} differs\n in  {f:02x?}"
            );
            compared += 1;
            if p != back_port
                && want.verdict == (Verdict::Emit { port: back_port })
                && want.bytes.len() >= 14
            {
                queue.push((back_port, want.bytes));
                back += 1;
            }
        }
    }
    for g in &program.registers {
        for i in 0..g.size.min(64) {
            assert_eq!(
                x.read_register(&g.name, i).ok(),
                sw.read_register(&g.name, i).ok(),
                "{name}: register {}[{i}]",
                g.name
            );
        }
    }
    for c in &program.counters {
        for i in 0..c.size.min(64) {
            assert_eq!(
                x.read_counter(&c.name, i).ok(),
                sw.read_counter(&c.name, i).ok(),
                "{name}: counter {}[{i}]",
                c.name
            );
        }
    }
    (compared, back)
}

#[test]
fn the_corpus_means_the_same_on_xdp() {
    if !common::root() {
        return;
    }
    let server = compiler::lower_switch::SERVER_PORT;
    type Case = (
        &'static str,
        fn() -> (Program, Switch),
        &'static str,
        [u16; 2],
        u16,
    );
    let cases: [Case; 7] = [
        ("mazunat", || nf("mazunat"), "websearch", [0, 1], server),
        ("lb", || nf("lb"), "websearch", [0, 1], server),
        ("firewall", || nf("firewall"), "websearch", [0, 1], server),
        ("proxy", || nf("proxy"), "websearch", [0, 1], server),
        ("trojan", || nf("trojan"), "trojan", [0, 1], server),
        (
            "cofilter",
            cofilter,
            "websearch",
            [0, 1],
            filter::program::CPU_PORT as u16,
        ),
        ("park", park, "datacenter-sizes", [1, 1], 2),
    ];
    for (name, build, workload, ports, back) in cases {
        let (program, sw) = build();
        let frames = frames(workload, 7, ports);
        assert!(frames.len() >= FRAMES, "{name}: {} frames", frames.len());
        let (compared, fed_back) = differential(name, &program, sw, &frames, back);
        println!(
            "{name}: {compared} frames compared ({fed_back} fed back on port {back}), no difference"
        );
        assert!(compared >= FRAMES);
    }
}
