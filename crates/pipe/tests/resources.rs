//! Stage placement and the Tofino-1 profile: expected block counts are derived by
//! hand in the comments from the profile's geometry (1024 × 128-bit SRAM blocks,
//! 512 × 44-bit TCAM blocks).

use pipe::builder::*;
use pipe::resources::{Profile, Resource, ResourceError, check};
use pipe::{BinOp, RegExpr, RegOut, examples};

#[test]
fn nat_table_spans_two_stages() {
    let r = check(&examples::nat(), &Profile::tofino1()).unwrap();
    // nat: key 104 + data 57 + selector 1 + overhead 4 = 166 bits → 2 words/entry;
    // 65536 entries → 131072 words → 128 blocks; write-back 64 entries → 1 block;
    // idle state 65536 × 8 bits → 4 blocks; register next_port (16 × 1 bits) → 1.
    assert_eq!(r.sram_blocks, 134);
    assert_eq!(r.per_stage[0].sram_blocks, 80, "stage 0 filled first");
    assert_eq!(r.per_stage[1].sram_blocks, 54);
    let nat = r.tables.iter().find(|t| t.table == "nat").unwrap();
    assert_eq!((nat.first_stage, nat.last_stage), (0, 1));
    assert_eq!(r.salus, 1);
    assert_eq!(
        r.per_stage[0].salus, 1,
        "the register sits in the table's first stage"
    );
}

#[test]
fn forwarder_uses_tcam_for_lpm_and_colocates_exclusive_branches() {
    let r = check(&examples::l2l3_forwarder(), &Profile::tofino1()).unwrap();
    // ipv4_lpm: 32-bit key → 1 block wide × 1024/512 deep = 2 TCAM blocks;
    // action data 105 + 1 bits × 1024 → 1 SRAM block. dmac: 48+9+1+4 = 62 bits → 2
    // entries/word → 2048 words → 2 blocks.
    assert_eq!(r.tcam_blocks, 2);
    assert_eq!(r.sram_blocks, 3);
    // dmac is on the other arm of `if valid(ipv4)`: no dependency, same stage.
    assert!(r.tables.iter().all(|t| t.first_stage == 0), "{r}");
    let text = r.to_string();
    assert!(
        text.contains("ipv4_lpm") && text.contains("dmac") && text.contains("PHV"),
        "{text}"
    );
    let json = serde_json::to_string(&r).unwrap();
    let back: pipe::resources::Report = serde_json::from_str(&json).unwrap();
    assert_eq!(back, r);
}

#[test]
fn dependent_tables_go_to_later_stages() {
    let r = check(&examples::acl(), &Profile::tofino1()).unwrap();
    let stage = |n: &str| r.tables.iter().find(|t| t.table == n).unwrap().first_stage;
    // acl writes meta.permit, which the `if` guarding port_map reads.
    assert_eq!(stage("acl"), 0);
    assert_eq!(stage("port_map"), 1);
}

#[test]
fn oversized_table_is_refused_naming_resource_stage_and_table() {
    let mut b = ProgramBuilder::new("big");
    b.header("h", &[("k", 64), ("v", 64)]);
    b.state(state("start").extract("h").accept());
    b.action(action("set").param("v", 64).assign("h.v", p("v")));
    b.action(action("send").forward(c(1)));
    // 64 + 64 + 1 + 4 = 133 bits → 2 words per entry; 4M entries need 8192 blocks,
    // the chip has 12 × 80 = 960.
    b.table(
        table("huge")
            .exact("h.k")
            .action("set")
            .default_action("send", &[])
            .size(4 << 20),
    );
    b.ingress(vec![apply("huge")]);
    let e = check(&b.build().unwrap(), &Profile::tofino1()).unwrap_err();
    assert!(
        matches!(
            e,
            ResourceError::DoesNotFit {
                resource: Resource::Sram,
                stage: 0,
                ..
            }
        ),
        "{e}"
    );
    let msg = e.to_string();
    assert!(
        msg.contains("`huge`") && msg.contains("SRAM blocks") && msg.contains("stage 0"),
        "{msg}"
    );
    // A profile with more memory accepts it: the profile is a value.
    let mut big = Profile::tofino1();
    big.sram_blocks_per_stage = 1000;
    assert!(check(&b.build().unwrap(), &big).is_ok());
}

#[test]
fn dependency_chain_longer_than_the_pipeline_is_refused() {
    let mut b = ProgramBuilder::new("chain");
    b.header("h", &[("x", 32)]);
    b.state(state("start").extract("h").accept());
    let mut stmts = Vec::new();
    for i in 0..13 {
        let t = format!("t{i}");
        b.action(action(&format!("a{i}")).set("h.x", bin(BinOp::Add, f("h.x"), c(1))));
        b.table(
            table(&t)
                .exact("h.x")
                .default_action(&format!("a{i}"), &[])
                .size(16),
        );
        stmts.push(apply(&t));
    }
    b.action(action("send").forward(c(1)));
    stmts.push(run("send", &[]));
    b.ingress(stmts);
    let e = check(&b.build().unwrap(), &Profile::tofino1()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "table `t12` must go in stage 12 or later because of `t11`, but the pipeline has 12 stages"
    );
}

#[test]
fn stateful_alus_per_stage_are_limited() {
    let mut b = ProgramBuilder::new("salu");
    b.header("h", &[("x", 32)]);
    b.state(state("start").extract("h").accept());
    let mut a = action("five").forward(c(1));
    for i in 0..5 {
        b.register(&format!("r{i}"), 32, 1024);
        b.reg_action(reg_action(&format!("inc{i}"), &format!("r{i}")).then(
            Some(RegExpr::Bin(BinOp::Add, mem(), leaf(c(1)))),
            RegOut::None,
        ));
        a = a.reg_exec(&format!("inc{i}"), c(0), None);
    }
    b.action(a);
    b.ingress(vec![run("five", &[])]);
    let e = check(&b.build().unwrap(), &Profile::tofino1()).unwrap_err();
    assert!(
        matches!(
            e,
            ResourceError::DoesNotFit {
                resource: Resource::StatefulAlu,
                needed: 5,
                available: 4,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("`run_five`"));
}

#[test]
fn phv_budget_is_enforced() {
    let mut b = ProgramBuilder::new("phv");
    let names: Vec<String> = (0..70).map(|i| format!("f{i}")).collect();
    let fields: Vec<(&str, u8)> = names.iter().map(|n| (n.as_str(), 64)).collect();
    b.header("h", &fields);
    b.state(state("start").extract("h").accept());
    b.action(action("send").forward(c(1)));
    b.ingress(vec![run("send", &[])]);
    let e = check(&b.build().unwrap(), &Profile::tofino1()).unwrap_err();
    // 70 × 64 + intrinsic (16 + 16 + 8 + 64) = 4584 bits > 4096.
    assert_eq!(
        e,
        ResourceError::Phv {
            needed: 4584,
            available: 4096
        }
    );
}

#[test]
fn register_shared_by_units_in_different_stages_is_refused() {
    let mut b = ProgramBuilder::new("pinned");
    b.header("h", &[("x", 32), ("y", 32)]);
    b.state(state("start").extract("h").accept());
    b.register("r", 32, 16);
    b.reg_action(reg_action("get", "r").then(None, RegOut::Old));
    // `first` reads r into h.x on one arm; on the other arm `bump` writes h.x, and
    // `late` (which depends on h.x) also reads r, so r would have to be in stages 0 and 1.
    b.action(action("first").reg_exec("get", c(0), Some("h.x")));
    b.action(action("bump").set("h.x", bin(BinOp::Add, f("h.y"), c(1))));
    b.action(action("late").reg_exec("get", f("h.x"), Some("h.y")));
    b.action(action("send").forward(c(1)));
    b.ingress(vec![
        if_(
            eq(f("h.y"), c(0)),
            vec![run("first", &[])],
            vec![run("bump", &[]), run("late", &[])],
        ),
        run("send", &[]),
    ]);
    let e = check(&b.build().unwrap(), &Profile::tofino1()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "register array `r` sits in stage 0, but table `run_late`, which also uses it, cannot run before stage 1 because of its dependencies"
    );
}

/// Resource errors name a meter a meter, not a register array.
#[test]
fn a_meter_larger_than_a_stage_is_called_a_meter() {
    let mut b = ProgramBuilder::new("big_meter");
    b.header("h", &[("x", 32)]);
    b.metadata("color", 2);
    b.state(state("start").extract("h").accept());
    // 100,000 cells of one 128-bit word each: 98 blocks of 1024 words > 80.
    b.meter("m", 100_000, pipe::program::MeterKind::Packets);
    b.action(action("police").execute_meter("m", c(0), "meta.color"));
    b.action(action("send").forward(c(1)));
    b.ingress(vec![run("police", &[]), run("send", &[])]);
    let e = check(&b.build().unwrap(), &Profile::tofino1()).unwrap_err();
    let text = e.to_string();
    assert!(
        matches!(&e, ResourceError::RegisterTooLarge { kind: "meter", register, .. } if register == "m"),
        "{e:?}"
    );
    assert!(
        text.starts_with("meter `m` (used by table `run_police`) needs "),
        "{text}"
    );
    assert!(!text.contains("register"), "{text}");
}
