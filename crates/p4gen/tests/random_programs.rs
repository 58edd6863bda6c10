//! Random programs (valid and invalid) never make validation, the executor, the
//! resource checker or the emitters panic; valid ones load, run, place or refuse
//! with an error, and emit.

use std::time::Duration;

use p4gen::{Arch, emit, p4info};
use pipe::builder::*;
use pipe::resources::{Profile, check};
use pipe::{BinOp, CmpOp, HashAlgo, Op, Operand, Program, RegExpr, RegOut, Stmt, Switch};
use proptest::prelude::*;

const FIELDS: [&str; 8] = [
    "h.a",
    "h.b",
    "h.c",
    "g.x",
    "g.y",
    "meta.m",
    "std.ingress_port",
    "h.zz",
];
const OPS: [BinOp; 11] = [
    BinOp::Add,
    BinOp::Sub,
    BinOp::SatAdd,
    BinOp::And,
    BinOp::Xor,
    BinOp::Shl,
    BinOp::Shr,
    BinOp::Max,
    BinOp::Mul,
    BinOp::Div,
    BinOp::Mod,
];

fn operand() -> impl Strategy<Value = Operand> {
    // Mostly well-formed operands, sometimes an unknown field or a wide constant.
    prop_oneof![
        5 => (0..FIELDS.len() - 1).prop_map(|i| f(FIELDS[i])),
        // Rare, so that most programs are valid.
        1 => (0..30u8).prop_map(|i| if i == 0 { f("h.zz") } else { c(u64::from(i % 4)) }),
        4 => (0u64..8).prop_map(c),
        1 => (0u64..300).prop_map(c),
        2 => Just(p("v")),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (0..6usize, 0..OPS.len(), operand(), operand()).prop_map(|(d, o, a, b)| Op::Set {
            dst: field(FIELDS[d]),
            expr: bin(OPS[o], a, b)
        }),
        operand().prop_map(Op::Forward),
        Just(Op::Drop),
        Just(Op::ToCpu),
        Just(Op::Recirculate),
        Just(Op::SetValid("g".into())),
        Just(Op::SetInvalid("g".into())),
        (0..6usize).prop_map(|d| Op::Hash {
            unit: "hs".into(),
            dst: field(FIELDS[d])
        }),
        (operand(), 0..6usize).prop_map(|(i, d)| Op::RegExec {
            action: "ra".into(),
            index: i,
            dst: Some(field(FIELDS[d]))
        }),
        operand().prop_map(|i| Op::Count {
            counter: "cn".into(),
            index: i
        }),
    ]
}

fn stmt(actions: usize) -> impl Strategy<Value = Stmt> {
    let leaf = prop_oneof![
        4 => (0..actions).prop_map(|a| run(&format!("a{a}"), &[1])),
        1 => (0..3usize).prop_map(|t| apply(&format!("t{t}"))),
    ];
    leaf.prop_recursive(2, 8, 3, |inner| {
        (
            0..FIELDS.len() - 1,
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(i, a, b)| if_(cmp(f(FIELDS[i]), CmpOp::Lt, c(100)), a, b))
    })
}

prop_compose! {
    fn program()(
        actions in prop::collection::vec(prop::collection::vec(op(), 0..4), 3),
        keys in prop::collection::vec(prop::collection::vec((0..FIELDS.len() - 1, 0..3u8), 0..3), 3),
        sizes in prop::collection::vec(1u32..5000, 3),
        body in prop::collection::vec(stmt(3), 0..5),
        egress in prop::collection::vec((0..FIELDS.len() - 1, any::<bool>()), 0..3),
        wb: bool,
    ) -> Program {
        let mut b = ProgramBuilder::new("rnd");
        b.header("h", &[("a", 16), ("b", 8), ("c", 32)]);
        b.header("g", &[("x", 8), ("y", 24)]);
        b.metadata("m", 12);
        b.state(state("start").extract("h").select(&["h.b"], &[(1, "more")]));
        b.state(state("more").extract("g").accept());
        b.register("r", 32, 64);
        b.reg_action(reg_action("ra", "r").when(mem(), CmpOp::Gt, leaf(f("h.a")))
            .then(Some(RegExpr::Bin(BinOp::Sub, mem(), leaf(c(1)))), RegOut::New)
            .otherwise(None, RegOut::Old));
        b.hash("hs", HashAlgo::Crc16, &["h.a", "h.c"], 16);
        b.counter("cn", 8, pipe::CounterKind::PacketsAndBytes);
        // h.a is 16 bits at offset 0: a valid checksum target over fields that change.
        b.checksum("ck", "h.a", &["h.c", "g.y", "g.x"], wb);
        let n = actions.len();
        for (i, ops) in actions.into_iter().enumerate() {
            let mut a = action(&format!("a{i}")).param("v", 8);
            for o in ops {
                a = a.op(o);
            }
            b.action(a);
        }
        for (t, key) in keys.iter().enumerate() {
            let mut tb = table(&format!("t{t}"));
            for (k, &(fi, kind)) in key.iter().enumerate() {
                tb = match kind {
                    0 => tb.exact(FIELDS[fi]),
                    2 if k == 0 => tb.lpm(FIELDS[fi]),
                    _ => tb.ternary(FIELDS[fi]),
                };
            }
            for a in 0..n {
                tb = tb.action(&format!("a{a}"));
            }
            tb = tb.default_action("a0", &[1]).size(sizes[t]);
            if wb && t == 0 {
                tb = tb.write_back(4);
            }
            b.table(tb);
        }
        b.ingress(body);
        b.action(action("e0").count("cn", c(1)).drop());
        b.egress(
            egress
                .into_iter()
                .map(|(i, direct)| {
                    if direct { run("e0", &[]) } else { if_(cmp(f(FIELDS[i]), CmpOp::Eq, c(3)), vec![run("e0", &[])], vec![]) }
                })
                .collect(),
        );
        b.build_unchecked()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_programs_never_panic(p in program(), data in prop::collection::vec(any::<u8>(), 0..24)) {
        let valid = p.validate();
        prop_assert_eq!(valid.is_ok(), Switch::new(p.clone()).is_ok());
        prop_assert_eq!(valid.is_ok(), emit(&p, Arch::V1model).is_ok());
        prop_assert_eq!(valid.is_ok(), p4info(&p).is_ok());
        let placed = check(&p, &Profile::tofino1());
        if valid.is_err() {
            prop_assert!(placed.is_err());
            return Ok(());
        }
        let tna = emit(&p, Arch::Tna).unwrap();
        prop_assert!(tna.contains("Switch(pipe) main;"));
        let mut sw = Switch::new(p).unwrap();
        sw.process(Duration::from_micros(5), 3, &data).unwrap();
        if let Ok(report) = placed {
            prop_assert!(report.stages_used <= report.stages);
            prop_assert!(report.per_stage.iter().all(|s| s.sram_blocks <= 80 && s.tcam_blocks <= 24 && s.salus <= 4));
        }
    }
}
