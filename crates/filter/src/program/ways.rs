//! The four ways' lookups: row selectors, register pieces, hit tests (and, for
//! split cells, the nibble lanes and activity bits).
//!
//! Word cells: one stateful ALU per piece matches and marks: `if cell == fp
//! { cell |= 2^f; out = 2^f } else { out = cell }`; a way hits if the output is
//! the bare activity bit or `fp | 2^f`.
//!
//! Split cells (8 + 4 fingerprint bits and an activity bit): the data plane only
//! reads the fingerprint arrays. Per way: the nibble pieces (16-bit words) in the
//! first stages, then the high-byte pieces; meanwhile a 4-entry lane table
//! masks the word to the cell's nibble and shifts the packet's low fingerprint
//! bits to the same lane (constant shifts and masks only). A way hits if the
//! high byte and the masked word both equal the packet's; the hit action also
//! sets the cell's bit in the 1-bit activity array.

use pipe::builder::*;
use pipe::program::{BinOp, CmpOp, RegExpr, RegLeaf, RegOut, Stmt};

use super::{Placement, activity_name, cells_table_name, lo_piece_name, piece_name};
use crate::layout::{SELECTOR_BITS, WAYS};

/// Control statements of the lookups (after the selectors' inputs exist) and of
/// the hit tests (after every lookup).
pub(super) struct Ways {
    pub lookups: Vec<Stmt>,
    pub hits: Vec<Stmt>,
}

/// Bits of an index into a way (action data width of the selectors' bases).
pub(super) fn index_bits(p: &Placement) -> u8 {
    let cells = (0..WAYS).map(|w| p.layout.way_cells(w)).max().unwrap_or(1);
    (32 - cells.saturating_sub(1).leading_zeros()).max(1) as u8
}

/// The selector table of way `w` with action `row{w}`.
fn selector(b: &mut ProgramBuilder, w: usize) -> Stmt {
    // The selector covers all 4096 values; the default (no piece, hence a miss
    // in this way) writes only this way's fields so that the four selectors
    // share a stage.
    b.action(action(&format!("no_row{w}")).assign(&format!("meta.piece{w}"), c(255)));
    b.table(
        table(&format!("select{w}"))
            .exact(&format!("meta.sel{w}"))
            .action(&format!("row{w}"))
            .default_action(&format!("no_row{w}"), &[])
            .size(1 << SELECTOR_BITS),
    );
    apply(&format!("select{w}"))
}

/// A read-only register action: output the stored value.
fn read(b: &mut ProgramBuilder, reg: &str) -> String {
    let name = format!("read_{reg}");
    b.reg_action(reg_action(&name, reg).then(None, RegOut::Old));
    name
}

/// Piece `j` of `reg_of` looked up into `out` at `index` when `piece` says so.
fn piece_lookup(
    b: &mut ProgramBuilder,
    reg: &str,
    ra: &str,
    index: &str,
    out: &str,
    piece: &str,
    j: u32,
) -> Stmt {
    b.action(action(&format!("look_{reg}")).reg_exec(ra, f(index), Some(out)));
    if_(
        eq(f(piece), c(u64::from(j))),
        vec![run(&format!("look_{reg}"), &[])],
        vec![],
    )
}

/// Word cells of `fp_bits + 1` bits.
pub(super) fn word(b: &mut ProgramBuilder, p: &Placement) -> Ways {
    let l = p.layout;
    let top = 1u64 << l.fp_bits;
    b.metadata("fpa", 16);
    b.action(action("active_form").set("meta.fpa", bin(BinOp::Or, f("meta.fpm"), c(top))));
    let mut lookups = vec![run("active_form", &[])];
    let mut hits = Vec::new();
    for w in 0..WAYS {
        b.metadata(&format!("o{w}"), 16);
        let mut row = action(&format!("row{w}"))
            .param("piece", 8)
            .param("base", 32)
            .assign(&format!("meta.piece{w}"), p_("piece"))
            .set(
                &format!("meta.idx{w}"),
                bin(BinOp::Or, f(&format!("meta.slot{w}")), p_("base")),
            );
        if l.state_bits == 2 {
            // The cell's index in the whole way, for the state-bit arrays.
            b.metadata(&format!("gidx{w}"), 32);
            row = row.param("gbase", index_bits(p)).set(
                &format!("meta.gidx{w}"),
                bin(BinOp::Or, f(&format!("meta.slot{w}")), p_("gbase")),
            );
        }
        b.action(row);
        lookups.push(selector(b, w));
        for j in 0..p.pieces {
            let reg = piece_name(w, j);
            let cells = p.piece_rows(w, j) << l.slot_bits;
            b.register(&reg, l.fp_bits + 1, cells.max(1));
            let ra = format!("mark_{reg}");
            b.reg_action(
                reg_action(&ra, &reg)
                    .when(RegLeaf::Mem, CmpOp::Eq, leaf(f("meta.fpm")))
                    .then(
                        Some(RegExpr::Bin(BinOp::Or, RegLeaf::Mem, leaf(c(top)))),
                        RegOut::Expr(RegExpr::Leaf(leaf(c(top)))),
                    )
                    .otherwise(None, RegOut::Old),
            );
            lookups.push(piece_lookup(
                b,
                &reg,
                &ra,
                &format!("meta.idx{w}"),
                &format!("meta.o{w}"),
                &format!("meta.piece{w}"),
                j,
            ));
        }
        b.action(action(&format!("hit{w}")).assign(&format!("meta.hit{w}"), c(1)));
        let o = f(&format!("meta.o{w}"));
        hits.push(if_(
            or(eq(o.clone(), c(top)), eq(o, f("meta.fpa"))),
            vec![run(&format!("hit{w}"), &[])],
            vec![],
        ));
    }
    Ways { lookups, hits }
}

/// Split cells: 8-bit high bytes, 16-bit nibble words, 1-bit activity.
pub(super) fn split(b: &mut ProgramBuilder, p: &Placement) -> Ways {
    let l = p.layout;
    let ib = index_bits(p);
    let word_bits = l.slot_bits - 2;
    // The high byte in a 16-bit field: an ALU operand is cut to the
    // destination's width before it is shifted.
    for (m, w) in [("fph", 16), ("fpl", 4)] {
        b.metadata(m, w);
    }
    b.action(
        action("fp_parts")
            .set("meta.fph", bin(BinOp::Shr, f("meta.fpm"), c(4)))
            .assign("meta.fpl", f("meta.fpm")),
    );
    let mut selectors = vec![run("fp_parts", &[])];
    let mut lo = Vec::new();
    let mut hi = Vec::new();
    let mut lanes = Vec::new();
    let mut hits = Vec::new();
    for w in 0..WAYS {
        for (m, width) in [
            ("oh", 8),
            ("ol", 16),
            ("nm", 16),
            ("want", 16),
            ("lidx", 32),
            ("lpiece", 8),
            ("gidx", 32),
        ] {
            b.metadata(&format!("{m}{w}"), width);
        }
        // As wide as the slot: an ALU shifts by less than its width.
        b.metadata(&format!("lane{w}"), l.slot_bits);
        let slot = || f(&format!("meta.slot{w}"));
        b.action(
            action(&format!("row{w}"))
                .param("piece", 8)
                .param("base", ib)
                .param("lpiece", 8)
                .param("lbase", ib)
                .param("gbase", ib)
                .assign(&format!("meta.piece{w}"), p_("piece"))
                .set(&format!("meta.idx{w}"), bin(BinOp::Or, slot(), p_("base")))
                .assign(&format!("meta.lpiece{w}"), p_("lpiece"))
                .set(
                    &format!("meta.lidx{w}"),
                    bin(BinOp::Or, f(&format!("meta.word{w}")), p_("lbase")),
                )
                .set(
                    &format!("meta.gidx{w}"),
                    bin(BinOp::Or, slot(), p_("gbase")),
                )
                .set(
                    &format!("meta.lane{w}"),
                    bin(BinOp::Shr, slot(), c(u64::from(word_bits))),
                ),
        );
        selectors.push(selector(b, w));
        for j in 0..p.lo_pieces {
            let reg = lo_piece_name(w, j);
            let words = (p.lo_piece_rows(w, j) << word_bits).max(1);
            b.register(&reg, 16, words);
            let ra = read(b, &reg);
            lo.push(piece_lookup(
                b,
                &reg,
                &ra,
                &format!("meta.lidx{w}"),
                &format!("meta.ol{w}"),
                &format!("meta.lpiece{w}"),
                j,
            ));
        }
        for j in 0..p.pieces {
            let reg = piece_name(w, j);
            b.register(&reg, 8, (p.piece_rows(w, j) << l.slot_bits).max(1));
            let ra = read(b, &reg);
            hi.push(piece_lookup(
                b,
                &reg,
                &ra,
                &format!("meta.idx{w}"),
                &format!("meta.oh{w}"),
                &format!("meta.piece{w}"),
                j,
            ));
        }
        // Lane k: the word masked to nibble k, the packet's nibble shifted there.
        for k in 0..4u64 {
            b.action(
                action(&format!("lane{w}_{k}"))
                    .set(
                        &format!("meta.nm{w}"),
                        bin(BinOp::And, f(&format!("meta.ol{w}")), c(0xf << (4 * k))),
                    )
                    .set(
                        &format!("meta.want{w}"),
                        bin(BinOp::Shl, f("meta.fpl"), c(4 * k)),
                    ),
            );
        }
        let mut t = table(&format!("lanes{w}")).exact(&format!("meta.lane{w}"));
        for k in 0..4 {
            t = t.action(&format!("lane{w}_{k}"));
        }
        b.table(t.default_action(&format!("lane{w}_0"), &[]).size(4));
        lanes.push(apply(&format!("lanes{w}")));
        // The hit: mark activity in this way.
        let act = activity_name(w);
        b.register(&act, 1, l.way_cells(w).max(1));
        b.reg_action(
            reg_action(&format!("mark_{act}"), &act)
                .then(Some(RegExpr::Leaf(leaf(c(1)))), RegOut::None),
        );
        b.action(
            action(&format!("hit{w}"))
                .assign(&format!("meta.hit{w}"), c(1))
                .reg_exec(&format!("mark_{act}"), f(&format!("meta.gidx{w}")), None),
        );
        hits.push(if_(
            and(
                eq(f(&format!("meta.oh{w}")), f("meta.fph")),
                eq(f(&format!("meta.nm{w}")), f(&format!("meta.want{w}"))),
            ),
            vec![run(&format!("hit{w}"), &[])],
            vec![],
        ));
    }
    // Program order is placement order: nibble pieces first, so the lane
    // tables run alongside the high-byte pieces.
    let mut lookups = selectors;
    lookups.extend(lo);
    lookups.extend(lanes);
    lookups.extend(hi);
    Ways { lookups, hits }
}

/// Table cells ([`crate::layout::Storage::Table`]): per way the row
/// selector (the row's first index in the way), then the exact table
/// `way{w}_cells` on (index, fingerprint), whose entries the agent writes and
/// whose hit is the way's hit. The table keeps hit times (an idle timeout
/// declared, P4's `support_timeout`): the agent's idle scan reads them
/// instead of activity bits; the timeout itself is long ([`CELL_IDLE`]),
/// so a switch seldom notifies, and the agent ignores notifications.
pub(super) fn in_tables(b: &mut ProgramBuilder, p: &Placement) -> Ways {
    let l = p.layout;
    let ib = index_bits(p);
    let mut lookups = Vec::new();
    let mut hits = Vec::new();
    for w in 0..WAYS {
        b.action(
            action(&format!("row{w}"))
                .param("base", ib)
                .set(
                    &format!("meta.idx{w}"),
                    bin(BinOp::Or, f(&format!("meta.slot{w}")), p_("base")),
                )
                .assign(&format!("meta.piece{w}"), c(0)),
        );
        lookups.push(selector(b, w));
        b.action(action(&format!("hit{w}")).assign(&format!("meta.hit{w}"), c(1)));
        b.action(action(&format!("miss{w}")).assign(&format!("meta.hit{w}"), c(0)));
        b.table(
            table(&cells_table_name(w))
                .exact(&format!("meta.idx{w}"))
                .exact("meta.fpm")
                .action(&format!("hit{w}"))
                .default_action(&format!("miss{w}"), &[])
                .idle_timeout(CELL_IDLE)
                .size(l.way_cells(w).max(1)),
        );
        hits.push(if_(
            eq(f(&format!("meta.piece{w}")), c(0)),
            vec![apply(&cells_table_name(w))],
            vec![],
        ));
    }
    Ways { lookups, hits }
}

/// The idle timeout declared on table cells: long, since the agent reads
/// hit times at its own scans (the switch must keep them: P4's
/// `support_timeout`).
pub const CELL_IDLE: std::time::Duration = std::time::Duration::from_secs(3600);

/// The 2-bit connection state (`state_bits == 2`): per way two 1-bit arrays
/// over the way's cells, *p* ("a FIN was seen") and *q* ("a second FIN was
/// seen"), written only for a packet matched in exactly this way and by no
/// exact entry (`sole`). Two stages after the hit tests: a FIN sets *p* and
/// outputs the old *p*; then a FIN sets *q* if the old *p* was set, and an ACK
/// reads *q* into `meta.oq{w}` for the decision (an ACK in LAST_ACK goes to
/// the CPU). Statements in program order.
pub(super) fn state(b: &mut ProgramBuilder, p: &Placement) -> Vec<Stmt> {
    let l = p.layout;
    let mut first = Vec::new();
    let mut second = Vec::new();
    for w in 0..WAYS {
        let [pn, qn] = super::state_names(w);
        for (reg, m) in [(&pn, "op"), (&qn, "oq")] {
            b.register(reg, 1, l.way_cells(w).max(1));
            b.metadata(&format!("{m}{w}"), 1);
        }
        let gidx = || f(&format!("meta.gidx{w}"));
        b.reg_action(
            reg_action(&format!("set_{pn}"), &pn)
                .then(Some(RegExpr::Leaf(leaf(c(1)))), RegOut::Old),
        );
        b.reg_action(
            reg_action(&format!("set_{qn}"), &qn)
                .then(Some(RegExpr::Leaf(leaf(c(1)))), RegOut::None),
        );
        let read_q = read(b, &qn);
        b.action(action(&format!("fin_p{w}")).reg_exec(
            &format!("set_{pn}"),
            gidx(),
            Some(&format!("meta.op{w}")),
        ));
        b.action(action(&format!("fin_q{w}")).reg_exec(&format!("set_{qn}"), gidx(), None));
        b.action(action(&format!("ack_q{w}")).reg_exec(
            &read_q,
            gidx(),
            Some(&format!("meta.oq{w}")),
        ));
        // Exactly this way hit, and no exact entry (a FIN the CPU sends back
        // is counted even beside an exact entry: the cell is then the one a
        // connection is moving into or out of).
        let sole = || {
            let mut cond = or(eq(f("meta.ex"), c(0)), eq(f("meta.from_cpu"), c(1)));
            for v in 0..WAYS {
                cond = and(cond, eq(f(&format!("meta.hit{v}")), c(u64::from(v == w))));
            }
            cond
        };
        let fin = || eq(f("meta.flags"), c(0x11));
        first.push(if_(
            and(sole(), fin()),
            vec![run(&format!("fin_p{w}"), &[])],
            vec![],
        ));
        second.push(if_(
            and(sole(), fin()),
            vec![if_(
                eq(f(&format!("meta.op{w}")), c(1)),
                vec![run(&format!("fin_q{w}"), &[])],
                vec![],
            )],
            vec![if_(
                and(
                    sole(),
                    and(eq(f("meta.flags"), c(0x10)), eq(f("meta.is_udp"), c(0))),
                ),
                vec![run(&format!("ack_q{w}"), &[])],
                vec![],
            )],
        ));
    }
    first.extend(second);
    first
}

fn p_(name: &str) -> pipe::program::Operand {
    p(name)
}
