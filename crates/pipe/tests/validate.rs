//! Programs a switch could not run are refused with errors that say what and where;
//! hash units compute the published CRC check values.

mod common;

use std::time::Duration;

use pipe::builder::*;
use pipe::{BinOp, HashAlgo, ProgramError, RegExpr, RegOut, Switch, Verdict};

fn base() -> ProgramBuilder {
    let mut b = ProgramBuilder::new("t");
    b.header("h", &[("a", 16), ("b", 16), ("c", 32)]);
    b.metadata("m", 16);
    b.state(state("start").extract("h").accept());
    b.action(action("send").forward(c(1)));
    b
}

fn err(b: &ProgramBuilder) -> ProgramError {
    b.build().expect_err("program must be refused")
}

#[test]
fn multiply_by_non_power_of_two_is_refused() {
    let mut b = base();
    b.action(action("mul3").set("h.a", bin(BinOp::Mul, f("h.b"), c(3))));
    let e = err(&b);
    assert!(matches!(e, ProgramError::NotAluLegal { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "action `mul3` op 1: multiplication by 3, which is not a power of two; a switch ALU cannot do this"
    );
    let mut b = base();
    b.action(action("modv").set("h.a", bin(BinOp::Mod, f("h.b"), f("h.a"))));
    assert!(matches!(err(&b), ProgramError::NotAluLegal { .. }));
}

#[test]
fn power_of_two_arithmetic_is_lowered_to_shifts_and_masks() {
    let mut b = base();
    b.action(
        action("arith")
            .set("h.a", bin(BinOp::Mul, f("h.a"), c(4)))
            .set("h.b", bin(BinOp::Div, f("h.b"), c(8)))
            .set("h.c", bin(BinOp::Mod, f("h.c"), c(16)))
            .forward(c(2)),
    );
    b.ingress(vec![run("arith", &[])]);
    let mut sw = Switch::new(b.build().unwrap()).unwrap();
    let out = sw
        .process(
            Duration::ZERO,
            0,
            &[0x40, 0x01, 0x01, 0x00, 0, 0, 0x12, 0x34],
        )
        .unwrap();
    assert_eq!(out.verdict, Verdict::Emit { port: 2 });
    // 0x4001 * 4 = 0x10004 → 0x0004 at 16 bits; 0x0100 / 8 = 0x20; 0x1234 % 16 = 4.
    assert_eq!(out.bytes, vec![0x00, 0x04, 0x00, 0x20, 0, 0, 0, 4]);
}

#[test]
fn parser_loops_are_refused() {
    let mut b = ProgramBuilder::new("t");
    b.header("h", &[("a", 8)]);
    b.state(state("start").extract("h").goto("again"));
    b.state(state("again").goto("start"));
    assert!(matches!(err(&b), ProgramError::ParserLoop { .. }));
}

#[test]
fn second_register_access_on_one_path_is_refused() {
    let mut b = base();
    b.register("r", 32, 16);
    b.reg_action(reg_action("inc", "r").then(
        Some(RegExpr::Bin(BinOp::Add, mem(), leaf(c(1)))),
        RegOut::New,
    ));
    b.action(action("x").reg_exec("inc", c(0), Some("meta.m")));
    b.action(action("y").reg_exec("inc", c(1), None));
    b.ingress(vec![run("x", &[]), run("y", &[])]);
    let e = err(&b);
    assert!(matches!(e, ProgramError::RegisterTwice { .. }), "{e}");
    assert!(
        e.to_string().contains("`r`")
            && e.to_string().contains("run `x`")
            && e.to_string().contains("run `y`")
    );
    // A destination needs an output on every branch.
    let mut b2 = base();
    b2.register("r", 32, 16);
    b2.reg_action(
        reg_action("maybe", "r")
            .when(mem(), pipe::CmpOp::Eq, leaf(c(0)))
            .then(None, RegOut::Old),
    );
    b2.action(action("z").reg_exec("maybe", c(0), Some("meta.m")));
    assert!(err(&b2).to_string().contains("branch without output"));
    // On exclusive branches it is fine.
    b.ingress(vec![if_(
        valid("h"),
        vec![run("x", &[])],
        vec![run("y", &[])],
    )]);
    b.build().expect("exclusive accesses are allowed");
}

#[test]
fn precise_errors_for_names_widths_and_arity() {
    let mut b = base();
    b.action(action("bad").assign("h.zz", c(1)));
    assert_eq!(
        err(&b).to_string(),
        "action `bad` op 1: unknown field `h.zz`"
    );

    let mut b = base();
    b.action(action("wide").assign("h.a", c(0x1_0000)));
    assert!(matches!(
        err(&b),
        ProgramError::ConstTooWide { width: 16, .. }
    ));

    let mut b = base();
    b.header("odd", &[("x", 3)]);
    assert!(matches!(err(&b), ProgramError::BadWidth { width: 3, .. }));

    let mut b = base();
    b.action(action("p").param("v", 8).assign("h.a", p("v")));
    b.ingress(vec![run("p", &[])]);
    assert!(matches!(
        err(&b),
        ProgramError::Arity {
            expected: 1,
            given: 0,
            ..
        }
    ));

    let mut b = base();
    b.action(action("ro").assign("std.ingress_port", c(1)));
    assert!(err(&b).to_string().contains("read-only"));

    let mut b = base();
    b.table(table("t").exact("h.a").default_action("send", &[]));
    b.ingress(vec![apply("t"), apply("t")]);
    assert!(err(&b).to_string().contains("applied more than once"));

    let mut b = base();
    b.table(table("send").exact("h.a").default_action("send", &[]));
    assert!(
        err(&b).to_string().contains("one scope"),
        "table and action named alike"
    );

    let mut b = base();
    b.egress(vec![run("send", &[])]);
    assert!(err(&b).to_string().contains("egress may only drop"));
}

#[test]
fn crc_hash_units_compute_the_catalogue_check_values() {
    // "123456789" as a 9-byte header; CRC-32/ISO-HDLC check 0xCBF43926, CRC-16/ARC 0xBB3D.
    let mut b = ProgramBuilder::new("h");
    b.header("d", &[("x", 32), ("y", 32), ("z", 8)]);
    b.header("res", &[("crc32", 32), ("crc16", 16), ("id", 16)]);
    b.state(state("start").extract("d").accept());
    b.hash("h32", HashAlgo::Crc32, &["d.x", "d.y", "d.z"], 32);
    b.hash("h16", HashAlgo::Crc16, &["d.x", "d.y", "d.z"], 16);
    b.hash("hid", HashAlgo::Identity, &["d.y"], 16);
    b.action(
        action("go")
            .set_valid("res")
            .hash("h32", "res.crc32")
            .hash("h16", "res.crc16")
            .hash("hid", "res.id")
            .forward(c(1)),
    );
    b.ingress(vec![run("go", &[])]);
    let mut sw = Switch::new(b.build().unwrap()).unwrap();
    let out = sw.process(Duration::ZERO, 0, b"123456789").unwrap();
    assert_eq!(&out.bytes[9..13], &0xCBF4_3926u32.to_be_bytes());
    assert_eq!(&out.bytes[13..15], &0xBB3Du16.to_be_bytes());
    // Identity: low 16 bits of "5678".
    assert_eq!(&out.bytes[15..17], b"78");
}

#[test]
fn program_round_trips_through_json() {
    for p in [pipe::examples::nat(), pipe::examples::recirc_cpu()] {
        let json = serde_json::to_string(&p).unwrap();
        let back: pipe::Program = serde_json::from_str(&json).unwrap();
        assert_eq!(back, p);
    }
}
