//! Recirculation mode (paper §6.2.5): the second pass of a split stores the
//! blocks after the first 160 bytes; the second pass of a merge loads them. The
//! first pass adds `park_rc` (what to do, where to go) and recirculates; the
//! second pass finds the slot in the PayloadPark header. The first pass has
//! already validated the tag and adjusted lengths; each pass's checksum units
//! account for the blocks it removes or restores.
//!
//! The second-pass block arrays use the stateful ALUs the first pass leaves free
//! (stages 0–4 and 10–11), one array per action so the placer can fill single
//! free ALUs.

use pipe::builder::*;
use pipe::program::{RegExpr, RegOut, Stmt};

use super::block_register;
use crate::config::ParkConfig;

/// Adds to a first-pass action: `park_rc` with `kind` (0 split, 1 merge), the
/// port chosen in the first pass, and the recirculation.
pub(crate) fn second_pass(a: ActionBuilder, kind: u64) -> ActionBuilder {
    a.set_valid("park_rc")
        .assign("park_rc.kind", c(kind))
        .assign("park_rc.port", f("meta.port"))
        .assign("park_rc.sid", f("meta.sid"))
        .recirculate()
}

/// Declares the second-pass actions; returns the statements run for packets
/// carrying `park_rc`.
pub(crate) fn declare(b: &mut ProgramBuilder, cfg: &ParkConfig) -> Vec<Stmt> {
    let (first, second) = cfg.pass_blocks();
    let mut stores = Vec::new();
    let mut loads = Vec::new();
    for j in 0..second {
        let reg = block_register(first + j);
        let (st, ld) = (format!("store2_{j}"), format!("load2_{j}"));
        b.reg_action(reg_action(&st, &reg).then(
            Some(RegExpr::Leaf(leaf(f(&format!("park_pl2.e{j}"))))),
            RegOut::None,
        ));
        b.reg_action(reg_action(&ld, &reg).then(None, RegOut::Old));
        b.action(action(&format!("r_{st}")).reg_exec(&st, f("park.slot"), None));
        // Valid before the first load writes its fields: writes to fields of
        // an invalid header are discarded (P4 targets and the model alike).
        let load = action(&format!("r_{ld}"));
        let load = if j == 0 {
            load.set_valid("park_pl2")
        } else {
            load
        };
        b.action(load.reg_exec(&ld, f("park.slot"), Some(&format!("park_pl2.e{j}"))));
        stores.push(run(&format!("r_{st}"), &[]));
        loads.push(run(&format!("r_{ld}"), &[]));
    }
    b.action(
        action("r_split_done")
            .forward(f("park_rc.port"))
            .set_invalid("park_pl2")
            .set_invalid("park_rc"),
    );
    b.action(
        action("r_merge_done")
            .forward(f("park_rc.port"))
            .set_invalid("park")
            .set_invalid("park_rc"),
    );
    stores.push(run("r_split_done", &[]));
    loads.push(run("r_merge_done", &[]));
    // The parser takes a merge's second pass (kind 1) to `park` + `park_pl` and
    // a split's to `park` + `park_pl2`. Branching on the kind rather than on
    // `park_pl2`'s validity matters: the first load makes `park_pl2` valid, and
    // a test of that validity around the later loads would have to be placed
    // after it, away from the stages of their arrays.
    vec![if_(
        eq(f("park_rc.kind"), c(1)),
        vec![if_(and(valid("park"), valid("park_pl")), loads, vec![])],
        vec![if_(and(valid("park"), valid("park_pl2")), stores, vec![])],
    )]
}
