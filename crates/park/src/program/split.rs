//! Split (paper Alg. 1): one probe per packet into the slice's ring of slots.
//!
//! 1. `ring`: the slice's ring pointer advances (wrapping at the slice size); the
//!    packet probes the slot it pointed at.
//! 2. `lap`: the slice's lap counter, bumped by the packet that takes the last
//!    slot; the packet's generation is `laps completed + 1`.
//! 3. `probe` on `park_occ[slot]`: a free slot holds 0, an occupied one the
//!    generation it was allocated in. The slot is taken when its value is at most
//!    `generation − expiry`: free, or allocated `expiry` or more laps ago — this
//!    is the paper's per-slot expiry counter (set to EXP at split, decremented each
//!    time the pointer passes) expressed as a difference of laps, which needs one
//!    stateful ALU instead of two and makes generations unique per slot.
//! 4. Taken: the payload blocks go to the block arrays (4 per stage), `park_pl`
//!    is removed and the PayloadPark header inserted with the tag; otherwise (or
//!    for a short payload) the header goes in with the enable bit clear.

use pipe::builder::*;
use pipe::program::{BinOp, CmpOp, RegExpr, RegOut, Stmt};

use super::{LAP, OCC, OCCUPIED, RING, adjust_lengths, block_register, l4_parsed};
use crate::config::ParkConfig;

fn count(a: ActionBuilder, counter: &str) -> ActionBuilder {
    a.count(counter, f("meta.sid"))
}

fn leaf_out(o: pipe::program::Operand) -> RegOut {
    RegOut::Expr(RegExpr::Leaf(leaf(o)))
}

/// Inserts a disabled PayloadPark header (enable bit clear, zero tag).
fn bypass(name: &str, udp: bool, counter: &str) -> ActionBuilder {
    let a = action(name)
        .set_valid("park")
        .assign("park.enb", c(0))
        .assign("park.op", c(0))
        .assign("park.rsvd", c(0))
        .assign("park.magic", c(u64::from(wire::park::MAGIC)))
        .assign("park.check", c(0))
        .assign("park.slot", c(0))
        .assign("park.gen", c(0));
    count(
        adjust_lengths(a, udp, true, wire::park::HEADER_LEN as u64),
        counter,
    )
}

/// Declares split's register actions and actions; returns the statements run for
/// packets from a traffic port.
pub(crate) fn declare(b: &mut ProgramBuilder, cfg: &ParkConfig) -> Vec<Stmt> {
    let blocks = cfg.pass_blocks().0;
    let removed = u64::from(cfg.park_bytes) - wire::park::HEADER_LEN as u64;
    b.reg_action(
        reg_action("ring_next", RING)
            .when(mem(), CmpOp::Ge, leaf(f("meta.last")))
            .then(Some(RegExpr::Leaf(leaf(c(0)))), RegOut::Old)
            .otherwise(
                Some(RegExpr::Bin(BinOp::Add, mem(), leaf(c(1)))),
                RegOut::Old,
            ),
    );
    let next_gen = RegOut::Expr(RegExpr::Bin(BinOp::Add, mem(), leaf(c(1))));
    b.reg_action(reg_action("lap_bump", LAP).then(
        Some(RegExpr::Bin(BinOp::Add, mem(), leaf(c(1)))),
        next_gen.clone(),
    ));
    b.reg_action(reg_action("lap_read", LAP).then(None, next_gen));
    b.reg_action(
        reg_action("occ_probe", OCC)
            .when(mem(), CmpOp::Le, leaf(f("meta.thr")))
            .then(Some(RegExpr::Leaf(leaf(f("meta.gen")))), RegOut::Old)
            .otherwise(None, leaf_out(c(OCCUPIED))),
    );
    b.action(action("s_ring").reg_exec("ring_next", f("meta.sid"), Some("meta.idx")));
    b.action(action("s_lap_bump").reg_exec("lap_bump", f("meta.sid"), Some("meta.gen")));
    b.action(action("s_lap_read").reg_exec("lap_read", f("meta.sid"), Some("meta.gen")));
    b.action(
        action("s_compute")
            .set("meta.slot", bin(BinOp::Add, f("meta.base"), f("meta.idx")))
            .set(
                "meta.thr",
                bin(BinOp::SatSub, f("meta.gen"), c(u64::from(cfg.expiry))),
            ),
    );
    b.action(action("s_probe").reg_exec("occ_probe", f("meta.slot"), Some("meta.occ")));
    b.action(count(action("s_evict"), "park_evictions"));
    let mut stores = Vec::new();
    for (k, chunk) in (0..blocks).collect::<Vec<_>>().chunks(4).enumerate() {
        let mut a = action(&format!("s_store{k}"));
        for &i in chunk {
            let ra = format!("store{i}");
            b.reg_action(reg_action(&ra, &block_register(i)).then(
                Some(RegExpr::Leaf(leaf(f(&format!("park_pl.d{i}"))))),
                RegOut::None,
            ));
            a = a.reg_exec(&ra, f("meta.slot"), None);
        }
        b.action(a);
        stores.push(run(&format!("s_store{k}"), &[]));
    }
    for (name, udp) in [("s_park_udp", true), ("s_park_tcp", false)] {
        let a = action(name)
            .set_invalid("park_pl")
            .set_valid("park")
            .assign("park.enb", c(1))
            .assign("park.op", c(0))
            .assign("park.rsvd", c(0))
            .assign("park.magic", c(u64::from(wire::park::MAGIC)))
            .assign("park.slot", f("meta.slot"))
            .assign("park.gen", f("meta.gen"))
            .hash("park_tag_split", "park.check");
        let a = if cfg.recirculate {
            super::recirc::second_pass(a, 0)
        } else {
            a
        };
        b.action(count(adjust_lengths(a, udp, false, removed), "park_splits"));
    }
    b.action(bypass("s_short_udp", true, "park_bypass_short"));
    b.action(bypass("s_short_tcp", false, "park_bypass_short"));
    b.action(bypass("s_busy_udp", true, "park_bypass_occupied"));
    b.action(bypass("s_busy_tcp", false, "park_bypass_occupied"));
    let by_l4 = |udp: &str, tcp: &str| if_(valid("udp"), vec![run(udp, &[])], vec![run(tcp, &[])]);
    let mut taken = vec![if_(
        cmp(f("meta.occ"), CmpOp::Ne, c(0)),
        vec![run("s_evict", &[])],
        vec![],
    )];
    taken.extend(stores);
    taken.push(by_l4("s_park_udp", "s_park_tcp"));
    let parkable = vec![
        run("s_ring", &[]),
        if_(
            eq(f("meta.idx"), f("meta.last")),
            vec![run("s_lap_bump", &[])],
            vec![run("s_lap_read", &[])],
        ),
        run("s_compute", &[]),
        run("s_probe", &[]),
        if_(
            eq(f("meta.occ"), c(OCCUPIED)),
            vec![by_l4("s_busy_udp", "s_busy_tcp")],
            taken,
        ),
    ];
    vec![if_(
        l4_parsed(),
        vec![if_(
            valid("park_pl"),
            parkable,
            vec![by_l4("s_short_udp", "s_short_tcp")],
        )],
        vec![],
    )]
}
