//! The server daemon's checkpoint journal against the primary state it
//! records: after any sequence of packets (new flows, data, FINs that
//! remove entries, idle removals) run through the partitioned program, the
//! snapshot with the journal applied equals the runtime's primary state,
//! however often the journal was compacted on the way.

use std::time::Duration;

use procs::journal::{Journal, read};
use proptest::prelude::*;
use wire::build::{L3, tcp_frame};
use wire::{MacAddr, TcpFlags, tcp};

fn compile(name: &str, sets: &[(&str, &str)]) -> lang::Compiled {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/nf")
        .join(name);
    let mut o = lang::Overrides::new();
    for (k, v) in sets {
        o.set(*k, *v);
    }
    lang::compile_file(&path, &o).unwrap_or_else(|e| panic!("{e}"))
}

#[derive(Debug, Clone)]
enum Op {
    /// A flow's packet with these TCP flags.
    Packet { flow: u8, flags: u16 },
    /// Time goes on (seconds).
    Wait(u64),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0u8..8, prop::sample::select(vec![0x002u16, 0x018, 0x011, 0x010]))
            .prop_map(|(flow, flags)| Op::Packet { flow, flags }),
        1 => prop::sample::select(vec![1u64, 30, 400]).prop_map(Op::Wait),
    ]
}

fn frame(flow: u8, flags: u16, dst: [u8; 4]) -> Vec<u8> {
    let l = L3 {
        src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: [198, 18, 0, 2 + flow % 3].into(),
        dst: dst.into(),
        ttl: 64,
        ident: 1,
    };
    tcp_frame(
        &l,
        &tcp::Repr {
            src_port: 40_000 + u16::from(flow),
            dst_port: 8080,
            seq_number: 1,
            ack_number: 1,
            flags: TcpFlags(flags),
            window: 1000,
            urgent: 0,
            options: Default::default(),
        },
        b"x",
    )
}

/// Runs `ops` through the partitioned `c` (switch model in process), with
/// the journal kept as the server daemon keeps it; checks the checkpoint
/// against the primary state at the end. Returns the journal's counters.
fn run(c: &lang::Compiled, dst: [u8; 4], ops: &[Op]) -> procs::journal::JournalStats {
    let partition = compiler::partition(&c.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let lowered =
        compiler::lower_switch::lower_switch(&partition).unwrap_or_else(|e| panic!("{e}"));
    let mut sw = pipe::Switch::new(lowered.program).unwrap_or_else(|e| panic!("{e}"));
    compiler::tables::install_initial(&partition, &mut sw).unwrap_or_else(|e| panic!("{e}"));
    let mut rt = server::Runtime::new(partition).unwrap_or_else(|e| panic!("{e}"));
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("state.json");
    let mut now = Duration::from_secs(1);
    let mut j = Journal::create(&path, &rt.snapshot(now)).unwrap_or_else(|e| panic!("{e}"));
    j.set_compact_floor(400);
    rt.set_journal(true);
    let server = compiler::lower_switch::SERVER_PORT;
    let ns = |d: Duration| d.as_nanos() as u64;
    let journal = |rt: &mut server::Runtime, j: &mut Journal, now: Duration| {
        let changes = rt.take_journal();
        j.append(&changes, rt.state(), ns(now))
            .unwrap_or_else(|e| panic!("{e}"));
        if j.due() {
            j.compact(&rt.snapshot(now))
                .unwrap_or_else(|e| panic!("{e}"));
        }
    };
    for (tag, op) in ops.iter().enumerate() {
        match op {
            Op::Wait(s) => {
                now += Duration::from_secs(*s);
                rt.tick(&mut sw, now);
                rt.expire_idle(&mut sw, now);
                journal(&mut rt, &mut j, now);
            }
            Op::Packet { flow, flags } => {
                now += Duration::from_millis(1);
                rt.tick(&mut sw, now);
                let out = sw
                    .process(now, 0, &frame(*flow, *flags, dst))
                    .unwrap_or_else(|e| panic!("{e}"));
                if out.verdict == (pipe::Verdict::Emit { port: server }) {
                    let d = if server::frames::is_transfer(&out.bytes) {
                        rt.decide(&out.bytes, now)
                    } else {
                        rt.decide_whole(&out.bytes, 0, now)
                    };
                    let Ok(d) = d else { continue };
                    journal(&mut rt, &mut j, now);
                    rt.commit(&mut sw, d, now, tag as u64);
                    journal(&mut rt, &mut j, now);
                }
            }
        }
        // Held packets go back through the switch (their resumes change
        // nothing on the server).
        for r in rt.release(now) {
            if let server::Handled::ToSwitch(f) = r.what {
                let _ = sw.process(now, server, &f);
            }
        }
    }
    let restored = read(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .expect("a checkpoint");
    assert!(restored.torn.is_none());
    let want = procs::journal::replay(&rt.snapshot(now), &[]).expect("normalises");
    assert_eq!(
        restored.snapshot, want,
        "snapshot + journal = primary state"
    );
    // And a runtime restored from it holds the same state.
    let partition = compiler::partition(&c.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut back = server::Runtime::new(partition).unwrap_or_else(|e| panic!("{e}"));
    back.restore(&restored.snapshot, now)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        back.state().to_json(ns(now)),
        rt.state().to_json(ns(now)),
        "restored state"
    );
    *j.stats()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// The load balancer: connections set up, torn down by FINs and removed
    /// when idle (maps only).
    #[test]
    fn snapshot_and_journal_equal_the_primary_state_of_the_load_balancer(
        ops in prop::collection::vec(op(), 1..60),
    ) {
        let c = compile("lb.nf", &[("vip", "198.19.0.100"), ("backends", "198.19.0.2,198.19.0.3")]);
        run(&c, [198, 19, 0, 100], &ops);
    }

    /// MazuNAT: new flows take ports from the server's counter (a register).
    #[test]
    fn snapshot_and_journal_equal_the_primary_state_of_mazunat(
        ops in prop::collection::vec(op(), 1..60),
    ) {
        let c = compile("mazunat.nf", &[]);
        run(&c, [203, 0, 113, 9], &ops);
    }
}

/// A fixed run long enough to compact several times, with idle removals:
/// the property holds across compactions.
#[test]
fn the_journal_is_compacted_when_it_outgrows_the_snapshot() {
    let c = compile(
        "lb.nf",
        &[
            ("vip", "198.19.0.100"),
            ("backends", "198.19.0.2,198.19.0.3"),
        ],
    );
    let mut ops = Vec::new();
    for round in 0..6u8 {
        for flow in 0..8u8 {
            ops.push(Op::Packet { flow, flags: 0x002 });
        }
        if round % 2 == 1 {
            ops.push(Op::Wait(400));
        }
        for flow in 0..4u8 {
            ops.push(Op::Packet { flow, flags: 0x011 });
        }
    }
    let st = run(&c, [198, 19, 0, 100], &ops);
    assert!(st.snapshots >= 3, "{st:?}");
    assert!(st.records >= 20, "{st:?}");
}
