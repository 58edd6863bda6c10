//! Random programs through the switch model and through the generated XDP
//! program (`BPF_PROG_TEST_RUN`), with the same entries, register values,
//! meter rates and packets: every verdict and every byte out must agree, and
//! so must the registers and counters afterwards. The generator covers what
//! the target must express: every ALU operation, compare-selects, header
//! validity, hashes (CRC-16, CRC-32, identity; the same inputs at two
//! widths), register actions of every kind, counters, meters, exact, ternary
//! and LPM tables, write-back tables with the visibility bit, checksums, an
//! egress control and a parser-error port. Needs root (skipped otherwise).

mod common;

use std::time::Duration;

use pipe::builder::*;
use pipe::meter::MeterConfig;
use pipe::{
    BinOp, CmpOp, Expr, HashAlgo, KeyMatch, Op, Operand, Program, RegExpr, RegOut, Stmt, Switch,
    TableEntry,
};
use proptest::prelude::*;
use xdp::XdpSwitch;

const FIELDS: [&str; 8] = [
    "h.a",
    "h.b",
    "h.c",
    "g.x",
    "g.y",
    "meta.m",
    "meta.n",
    "std.ingress_port",
];
const OPS: [BinOp; 14] = [
    BinOp::Add,
    BinOp::Sub,
    BinOp::SatAdd,
    BinOp::SatSub,
    BinOp::And,
    BinOp::Or,
    BinOp::Xor,
    BinOp::Shl,
    BinOp::Shr,
    BinOp::Min,
    BinOp::Max,
    BinOp::Mul,
    BinOp::Div,
    BinOp::Mod,
];
const CMPS: [CmpOp; 6] = [
    CmpOp::Eq,
    CmpOp::Ne,
    CmpOp::Lt,
    CmpOp::Le,
    CmpOp::Gt,
    CmpOp::Ge,
];

fn operand() -> impl Strategy<Value = Operand> {
    prop_oneof![
        5 => (0..FIELDS.len()).prop_map(|i| f(FIELDS[i])),
        3 => (0u64..8).prop_map(c),
        2 => Just(p("v")),
    ]
}

/// An index into the 8-cell registers and counter, or the 4-cell meter.
fn index() -> impl Strategy<Value = Operand> {
    prop_oneof![
        2 => (0..FIELDS.len()).prop_map(|i| f(FIELDS[i])),
        2 => (0u64..4).prop_map(c),
        1 => Just(p("v")),
    ]
}

fn expr() -> impl Strategy<Value = Expr> {
    prop_oneof![
        4 => (0..OPS.len(), operand(), operand(), 0u64..9).prop_map(|(o, a, b, k)| {
            // Shifts, Mul, Div and Mod take constant amounts (powers of two
            // for the last three).
            match OPS[o] {
                BinOp::Mul | BinOp::Div | BinOp::Mod => bin(OPS[o], a, c(4)),
                BinOp::Shl | BinOp::Shr => bin(OPS[o], a, c(k)),
                op => bin(op, a, b),
            }
        }),
        1 => operand().prop_map(Expr::Value),
        1 => operand().prop_map(Expr::Not),
        1 => (operand(), 0..CMPS.len(), operand(), operand(), operand()).prop_map(
            |(lhs, k, rhs, then, otherwise)| Expr::Select { lhs, cmp: CMPS[k], rhs, then, otherwise }
        ),
    ]
}

/// Stateless operations (stateful ones have their own actions, each used once).
fn op() -> impl Strategy<Value = Op> {
    let dst = 0..7usize;
    prop_oneof![
        6 => (dst.clone(), expr()).prop_map(|(d, expr)| Op::Set { dst: field(FIELDS[d]), expr }),
        // A wide constant into the 64-bit metadata field.
        1 => (0..OPS.len(), any::<u64>()).prop_map(|(o, k)| Op::Set {
            dst: field("meta.n"),
            expr: match OPS[o] {
                BinOp::Mul | BinOp::Div | BinOp::Mod | BinOp::Shl | BinOp::Shr => Expr::Value(c(k)),
                op => bin(op, f("h.c"), c(k)),
            },
        }),
        1 => operand().prop_map(Op::Forward),
        1 => Just(Op::Drop),
        1 => Just(Op::ToCpu),
        1 => Just(Op::Recirculate),
        1 => Just(Op::SetValid("g".into())),
        1 => Just(Op::SetInvalid("g".into())),
        1 => Just(Op::SetValid("x".into())),
        1 => Just(Op::SetInvalid("h".into())),
        // h32n and h16n hash h32's and h16's inputs at fewer bits: after
        // those in one action, with no input written since, the target takes
        // the earlier value instead of hashing again.
        2 => (0..5usize, dst).prop_map(|(u, d)| Op::Hash {
            unit: ["h16", "h32", "hid", "h32n", "h16n"][u].into(),
            dst: field(FIELDS[d])
        }),
    ]
}

fn stmt(actions: usize) -> impl Strategy<Value = Stmt> {
    let leaf = (0..actions, 0u64..256).prop_map(|(a, v)| run(&format!("a{a}"), &[v]));
    leaf.prop_recursive(2, 10, 3, |inner| {
        (
            0..FIELDS.len(),
            0..CMPS.len(),
            0u64..32,
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
            any::<bool>(),
        )
            .prop_map(|(i, k, v, a, b, valid)| {
                if valid {
                    if_(pipe::Cond::Valid("g".into()), a, b)
                } else {
                    if_(cmp(f(FIELDS[i]), CMPS[k], c(v)), a, b)
                }
            })
    })
}

/// A random program and what to set it up with.
#[derive(Debug, Clone)]
struct Case {
    program: Program,
    entries: Vec<(String, TableEntry)>,
    registers: Vec<(u32, u64)>,
    meters: Vec<(u32, MeterConfig)>,
}

prop_compose! {
    fn case()(
        actions in prop::collection::vec(prop::collection::vec(op(), 0..5), 3),
        keys in prop::collection::vec(prop::collection::vec((0..FIELDS.len(), 0..3u8), 1..3), 4),
        body in prop::collection::vec(stmt(3), 0..4),
        applied in prop::collection::vec(any::<bool>(), 4),
        stateful in prop::collection::vec((index(), 0..7usize), 6),
        places in prop::collection::vec(0usize..3, 2),
        egress in prop::collection::vec((0..FIELDS.len(), any::<bool>()), 0..3),
        udp_like: bool,
        perr: bool,
        recirculations in 0u8..4,
        entries in prop::collection::vec((0..4usize, prop::collection::vec(0u64..6, 2), 0u64..7, 0..4usize, 0u64..256, 0u32..4), 0..12),
        registers in prop::collection::vec((0u32..8, any::<u64>()), 0..4),
        meters in prop::collection::vec((0u32..4, 0u64..3, 1u64..4, 0u64..3, 1u64..5), 0..3),
    ) -> Case {
        let mut b = ProgramBuilder::new("rnd");
        b.header("h", &[("a", 16), ("b", 8), ("c", 32)]);
        b.header("g", &[("x", 5), ("y", 11)]);
        b.header("x", &[("p", 12), ("q", 4)]);
        b.metadata("m", 12);
        b.metadata("n", 64);
        b.state(state("start").extract("h").select(&["h.b"], &[(1, "more"), (2, "bad")]));
        b.state(state("more").extract("g").accept());
        b.state(state("bad").reject());
        b.deparser(&["h", "x", "g"]);
        if perr {
            b.parser_error_port(5);
        }
        b.max_recirculations(recirculations);
        b.register("r", 16, 8);
        b.register("s", 32, 8);
        b.register("u", 8, 8);
        b.register("w", 64, 8);
        b.reg_action(reg_action("ra_dec", "r").when(mem(), CmpOp::Gt, leaf(f("h.a")))
            .then(Some(RegExpr::Bin(BinOp::Sub, mem(), leaf(c(1)))), RegOut::New)
            .otherwise(None, RegOut::Old));
        b.reg_action(reg_action("ra_xchg", "s").then(Some(RegExpr::Leaf(leaf(f("h.c")))), RegOut::Old));
        b.reg_action(reg_action("ra_read", "u").then(None, RegOut::Old));
        b.reg_action(reg_action("ra_put", "w").then(Some(RegExpr::Leaf(leaf(f("meta.n")))), RegOut::None));
        b.hash("h16", HashAlgo::Crc16, &["h.a", "h.c"], 16);
        b.hash("h32", HashAlgo::Crc32, &["h.b", "h.a", "g.y", "g.x"], 32);
        b.hash("hid", HashAlgo::Identity, &["h.b", "h.a"], 20);
        b.hash("h32n", HashAlgo::Crc32, &["h.b", "h.a", "g.y", "g.x"], 12);
        b.hash("h16n", HashAlgo::Crc16, &["h.a", "h.c"], 5);
        b.counter("cn", 8, pipe::CounterKind::PacketsAndBytes);
        b.meter("mt", 4, if udp_like { pipe::MeterKind::Bytes } else { pipe::MeterKind::Packets });
        // h.a is a 16-bit checksum over fields that change.
        b.checksum("ck", "h.a", &["h.c", "g.y", "g.x"], udp_like);
        let n = actions.len();
        for (i, ops) in actions.into_iter().enumerate() {
            let mut a = action(&format!("a{i}")).param("v", 8);
            for o in ops {
                a = a.op(o);
            }
            b.action(a);
        }
        // One stateful action per table (each its own register) and two run
        // directly (the counter and the meter), so that each stateful unit
        // is reached at most once per packet.
        let ras = ["ra_dec", "ra_xchg", "ra_read", "ra_put"];
        for (t, ra) in ras.iter().enumerate() {
            let (index, d) = stateful[t].clone();
            let dst = (*ra != "ra_put").then(|| field(FIELDS[d]));
            b.action(action(&format!("s{t}")).param("v", 8).op(Op::RegExec { action: (*ra).into(), index, dst }));
        }
        b.action(action("cnt").param("v", 8).op(Op::Count { counter: "cn".into(), index: stateful[4].0.clone() }));
        b.action(action("met").param("v", 8).op(Op::ExecuteMeter {
            meter: "mt".into(),
            index: stateful[5].0.clone(),
            dst: field(FIELDS[stateful[5].1]),
        }));
        let mut kinds = Vec::new();
        for (t, key) in keys.iter().enumerate() {
            let mut tb = table(&format!("t{t}"));
            let mut k_kinds = Vec::new();
            for (k, &(fi, kind)) in key.iter().enumerate() {
                let kind = if t == 0 { 0 } else { kind };
                tb = match kind {
                    0 => tb.exact(FIELDS[fi]),
                    2 if k == 0 => tb.lpm(FIELDS[fi]),
                    _ => tb.ternary(FIELDS[fi]),
                };
                k_kinds.push(if kind == 2 && k != 0 { 1 } else { kind });
            }
            kinds.push(k_kinds);
            for a in 0..n {
                tb = tb.action(&format!("a{a}"));
            }
            tb = tb.action(&format!("s{t}"));
            tb = tb.default_action("a0", &[1]).size(16);
            if t == 0 {
                tb = tb.write_back(4);
            }
            b.table(tb);
        }
        // The tables applied once each, in order, between the random
        // statements; the counter and the meter run at one place each.
        let mut ingress = Vec::new();
        let mut body = body.into_iter();
        for (t, on) in applied.iter().enumerate() {
            if *on {
                ingress.push(apply(&format!("t{t}")));
            }
            if let Some(s) = body.next() {
                ingress.push(s);
            }
            if places[0] == t {
                ingress.push(run("cnt", &[2]));
            }
            if places[1] == t {
                ingress.push(run("met", &[3]));
            }
        }
        ingress.extend(body);
        b.ingress(ingress);
        b.action(action("e0").count("cn", c(1)).drop());
        b.egress(
            egress
                .into_iter()
                .map(|(i, direct)| {
                    if direct { run("e0", &[]) } else { if_(cmp(f(FIELDS[i]), CmpOp::Eq, c(3)), vec![run("e0", &[])], vec![]) }
                })
                .collect(),
        );
        let program = b.build_unchecked();
        let entries = entries
            .into_iter()
            .map(|(t, vals, mask, a, arg, prio)| {
                let key = kinds[t]
                    .iter()
                    .enumerate()
                    .map(|(k, &kind)| {
                        let v = vals[k % vals.len()];
                        match kind {
                            0 => KeyMatch::Exact(v),
                            2 => KeyMatch::Lpm { value: v, prefix_len: (mask % 4) as u8 },
                            _ => KeyMatch::Ternary { value: v, mask },
                        }
                    })
                    .collect();
                let action = if a == 3 { format!("s{t}") } else { format!("a{a}") };
                (format!("t{t}"), TableEntry { key, action, args: vec![arg], priority: prio })
            })
            .collect();
        let meters = meters
            .into_iter()
            .map(|(i, cir, cb, extra, pb)| (i, MeterConfig { cir, cburst: cb, pir: cir + extra, pburst: pb }))
            .collect();
        Case { program, entries, registers, meters }
    }
}

/// Frames of 52 to 80 bytes, the select byte biased toward the parser's
/// cases. (XDP sees no frame shorter than an Ethernet header and cannot
/// send one: outputs keep at least 14 bytes when each of four passes drops
/// the 9 bytes of headers a program can remove.)
fn frames() -> impl Strategy<Value = Vec<(u16, u64, Vec<u8>)>> {
    prop::collection::vec(
        (
            0u16..4,
            0u64..3_000_000,
            0u8..4,
            prop::collection::vec(any::<u8>(), 52..80),
        )
            .prop_map(|(port, gap, sel, mut bytes)| {
                bytes[2] = sel;
                (port, gap, bytes)
            }),
        1..40,
    )
}

fn setup(case: &Case, sw: &mut Switch, x: &mut XdpSwitch) -> Result<(), TestCaseError> {
    for (t, e) in &case.entries {
        let m = sw.insert(t, e.clone());
        let y = x.insert(t, e, Duration::ZERO);
        prop_assert_eq!(
            m.is_ok(),
            y.is_ok(),
            "insert {:?} into {}: model {:?}, xdp {:?}",
            e,
            t,
            m,
            y
        );
    }
    for &(i, v) in &case.registers {
        for r in ["r", "s", "u", "w"] {
            sw.write_register(r, i, v)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            x.write_register(r, i, v)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }
    for &(i, m) in &case.meters {
        let a = sw.set_meter("mt", i, Some(m));
        let b = x.set_meter("mt", i, Some(m));
        prop_assert_eq!(a.is_ok(), b.is_ok());
    }
    Ok(())
}

/// Changes of t0 (whose key has one or two exact fields): inserts of new
/// keys, modifies and deletes of existing ones, some of which the model
/// refuses (then the whole update is refused on both sides).
fn t0_updates(case: &Case, raw: &[(u8, u64, usize, u64)]) -> Vec<pipe::Update> {
    let fields = case.program.tables[0].keys.len();
    raw.iter()
        .map(|&(kind, v, a, arg)| {
            let key: Vec<KeyMatch> = (0..fields).map(|_| KeyMatch::Exact(v)).collect();
            let entry = TableEntry {
                key: key.clone(),
                action: format!("a{a}"),
                args: vec![arg],
                priority: 0,
            };
            match kind {
                0 => pipe::Update::Insert {
                    table: "t0".into(),
                    entry,
                },
                1 => pipe::Update::Modify {
                    table: "t0".into(),
                    entry,
                },
                _ => pipe::Update::Delete {
                    table: "t0".into(),
                    key,
                    priority: 0,
                },
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn random_programs_mean_the_same_on_xdp(
        case in case(),
        frames in frames(),
        update_at in 0usize..20,
        updates in prop::collection::vec((0u8..3, 0u64..6, 0usize..3, 0u64..256), 0..4),
    ) {
        if !common::root() {
            return Ok(());
        }
        if let Err(e) = case.program.validate() {
            if std::env::var("XDP_DEBUG").is_ok() { println!("invalid: {e}"); }
            return Ok(());
        }
        if std::env::var("XDP_DEBUG").is_ok() { println!("valid"); }
        let mut sw = Switch::new(case.program.clone()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut x = XdpSwitch::load(&case.program).map_err(|e| TestCaseError::fail(e.to_string()))?;
        setup(&case, &mut sw, &mut x)?;
        let updates = t0_updates(&case, &updates);
        sw.set_mirror_log(true);
        let mut now = Duration::from_micros(1);
        for (i, (port, gap, frame)) in frames.iter().enumerate() {
            now += Duration::from_nanos(*gap);
            if i == update_at {
                // Gallium's atomic update of t0 through its write-back table,
                // its five phases taking effect between the packets.
                let _ = sw.atomic_update(now, &updates);
            }
            sw.advance(now);
            for change in sw.take_applied().map_err(|e| TestCaseError::fail(e.to_string()))? {
                x.apply(&change, now).map_err(|e| TestCaseError::fail(format!("{change:?}: {e}")))?;
            }
            let want = sw.process(now, *port, frame).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let got = x.process(now, *port, frame).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&got, &want, "packet {} ({:02x?}) on port {}", i, frame, port);
        }
        for r in ["r", "s", "u", "w"] {
            for i in 0..8 {
                prop_assert_eq!(x.read_register(r, i).ok(), sw.read_register(r, i).ok(), "register {}[{}]", r, i);
            }
        }
        for i in 0..8 {
            prop_assert_eq!(x.read_counter("cn", i).ok(), sw.read_counter("cn", i).ok(), "counter cn[{}]", i);
        }
    }
}

/// A hash the target takes from an earlier one of the same action (same
/// algorithm and inputs, at least as wide) is cut to its own width, and is
/// hashed afresh once an input was written in between: model and XDP agree
/// on the bytes out, which carry the second hash.
#[test]
fn a_hash_taken_from_an_earlier_one_keeps_its_width_and_its_inputs() {
    if !common::root() {
        println!("skipped: needs root");
        return;
    }
    let mut b = ProgramBuilder::new("cse");
    b.header("h", &[("a", 16), ("b", 8), ("c", 32)]);
    b.metadata("n", 64);
    b.metadata("k", 64);
    b.state(state("start").extract("h").accept());
    b.hash("wide", HashAlgo::Crc32, &["h.a", "h.c"], 32);
    b.hash("narrow", HashAlgo::Crc32, &["h.a", "h.c"], 12);
    b.hash("wide16", HashAlgo::Crc16, &["h.a", "h.c"], 16);
    b.hash("narrow16", HashAlgo::Crc16, &["h.a", "h.c"], 5);
    b.action(
        action("taken")
            .hash("wide", "meta.n")
            .hash("wide16", "meta.k")
            .hash("narrow", "meta.k")
            .set("h.c", bin(BinOp::Xor, f("meta.k"), f("meta.n")))
            .hash("narrow16", "meta.k")
            .assign("h.a", f("meta.k"))
            .forward(c(1)),
    );
    b.action(
        action("fresh")
            .hash("wide", "meta.n")
            .set("h.a", bin(BinOp::Add, f("h.a"), c(1)))
            .hash("narrow", "meta.k")
            .assign("h.c", f("meta.k"))
            .forward(c(1)),
    );
    b.ingress(vec![if_(
        cmp(f("h.b"), CmpOp::Eq, c(1)),
        vec![run("taken", &[])],
        vec![run("fresh", &[])],
    )]);
    let program = b.build().expect("valid program");
    let mut sw = Switch::new(program.clone()).expect("model");
    let mut x = XdpSwitch::load(&program).expect("loads");
    let mut seen = std::collections::BTreeSet::new();
    for i in 0u32..400 {
        let mut frame = vec![0u8; 60];
        for (k, byte) in frame.iter_mut().enumerate() {
            *byte = (i.wrapping_mul(2_654_435_761).rotate_left(k as u32 % 32) >> 7) as u8 ^ k as u8;
        }
        frame[2] = (i % 2) as u8;
        let now = Duration::from_micros(u64::from(i) + 1);
        let want = sw.process(now, 0, &frame).expect("model");
        let got = x.process(now, 0, &frame).expect("xdp");
        assert_eq!(got, want, "frame {i}: {frame:02x?}");
        seen.insert(want.bytes.get(3..7).map(<[u8]>::to_vec));
    }
    assert!(
        seen.len() > 300,
        "the outputs carry the hashes: {} distinct",
        seen.len()
    );
}
