//! Merge (paper Alg. 2) and explicit drops (§6.2.4) for packets back from an NF
//! server.
//!
//! A packet with a PayloadPark header (right magic) is handled by its bits:
//! disabled → the header is removed (a disabled drop notice is just dropped);
//! enabled → the tag is validated (check value, slot inside the server's slice),
//! then `release` on `park_occ[slot]` frees the slot only if it still holds the
//! packet's generation. A mismatch means the payload was evicted (premature
//! eviction: the packet is dropped and counted). A drop notice stops there;
//! a merge reads the blocks back, removes the header and restores the lengths.
//! Packets without the header (NF-originated) leave unchanged.

use pipe::builder::*;
use pipe::program::{CmpOp, RegExpr, RegOut, Stmt};

use super::{OCC, adjust_lengths, block_register};
use crate::config::ParkConfig;

/// Declares merge's register actions and actions; returns the statements run for
/// packets from an NF port.
pub(crate) fn declare(b: &mut ProgramBuilder, cfg: &ParkConfig) -> Vec<Stmt> {
    let blocks = cfg.pass_blocks().0;
    let restored = u64::from(cfg.park_bytes) - wire::park::HEADER_LEN as u64;
    let hl = wire::park::HEADER_LEN as u64;
    b.reg_action(
        reg_action("occ_release", OCC)
            .when(mem(), CmpOp::Eq, leaf(f("park.gen")))
            .then(
                Some(RegExpr::Leaf(leaf(c(0)))),
                RegOut::Expr(RegExpr::Leaf(leaf(c(1)))),
            )
            .otherwise(None, RegOut::Expr(RegExpr::Leaf(leaf(c(0))))),
    );
    b.action(action("m_check").hash("park_tag_merge", "meta.chk").set(
        "meta.rel",
        bin(pipe::program::BinOp::Sub, f("park.slot"), f("meta.base")),
    ));
    b.action(action("m_release").reg_exec("occ_release", f("park.slot"), Some("meta.ok")));
    let drop_counting =
        |name: &str, counter: &str| action(name).count(counter, f("meta.sid")).drop();
    b.action(drop_counting("m_bad_tag", "park_bad_tags"));
    b.action(drop_counting("m_premature", "park_premature"));
    b.action(drop_counting("m_explicit_drop", "park_explicit_drops"));
    b.action(action("m_unparked_drop").drop());
    for (name, udp) in [("m_strip_udp", true), ("m_strip_tcp", false)] {
        let a = adjust_lengths(action(name).set_invalid("park"), udp, false, hl);
        b.action(a.count("park_unparked_returns", f("meta.sid")));
    }
    let mut loads = Vec::new();
    for (k, chunk) in (0..blocks).collect::<Vec<_>>().chunks(4).enumerate() {
        let mut a = action(&format!("m_load{k}"));
        if k == 0 {
            // Valid before the loads write its fields: P4 targets ignore writes
            // to fields of an invalid header (BMv2 does; found by the BMv2
            // differential test, crates/park/tests/bmv2.rs).
            a = a.set_valid("park_pl");
        }
        for &i in chunk {
            let ra = format!("load{i}");
            b.reg_action(reg_action(&ra, &block_register(i)).then(None, RegOut::Old));
            a = a.reg_exec(&ra, f("park.slot"), Some(&format!("park_pl.d{i}")));
        }
        b.action(a);
        loads.push(run(&format!("m_load{k}"), &[]));
    }
    for (name, udp) in [("m_merge_udp", true), ("m_merge_tcp", false)] {
        let a = action(name).set_valid("park_pl");
        // With recirculation the header stays for the second pass, which needs the
        // slot to load the remaining blocks and then removes it.
        let a = if cfg.recirculate {
            super::recirc::second_pass(a, 1)
        } else {
            a.set_invalid("park")
        };
        let a = adjust_lengths(a, udp, true, restored);
        b.action(a.count("park_merges", f("meta.sid")));
    }
    let by_l4 = |udp: &str, tcp: &str| if_(valid("udp"), vec![run(udp, &[])], vec![run(tcp, &[])]);
    let mut merge = loads;
    merge.push(by_l4("m_merge_udp", "m_merge_tcp"));
    let enabled = vec![
        run("m_check", &[]),
        if_(
            or(
                cmp(f("meta.chk"), CmpOp::Ne, f("park.check")),
                cmp(f("meta.rel"), CmpOp::Gt, f("meta.last")),
            ),
            vec![run("m_bad_tag", &[])],
            vec![
                run("m_release", &[]),
                if_(
                    eq(f("meta.ok"), c(0)),
                    vec![run("m_premature", &[])],
                    vec![if_(
                        eq(f("park.op"), c(1)),
                        vec![run("m_explicit_drop", &[])],
                        merge,
                    )],
                ),
            ],
        ),
    ];
    let disabled = vec![if_(
        eq(f("park.op"), c(1)),
        vec![run("m_unparked_drop", &[])],
        vec![by_l4("m_strip_udp", "m_strip_tcp")],
    )];
    vec![if_(
        and(
            valid("park"),
            eq(f("park.magic"), c(u64::from(wire::park::MAGIC))),
        ),
        vec![if_(eq(f("park.enb"), c(1)), enabled, disabled)],
        vec![],
    )]
}
