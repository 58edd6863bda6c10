//! The switch part of CoFilter as a `pipe` program.
//!
//! Stages (the resource checker places them; the numbers are the intended order):
//!
//! 0. **Classify and canonicalise.** IPv4 TCP/UDP only (everything else goes to
//!    the CPU agent, which drops what it does not track and tracks ICMP echo).
//!    The control-relevant TCP flags are kept in `meta.flags`.
//!    The 5-tuple is put in canonical order (lower `(addr, port)` first) in
//!    `meta.la/ha/lp/hp` by one of two actions chosen by a gateway condition.
//! 1. **Hash.** Four CRC-32 units over the canonical fields in different orders
//!    (one per way) and one CRC-16 for the fingerprint; the exact-match table on
//!    the canonical 5-tuple is looked up in parallel.
//! 2. **Split.** Slot bits and selector bits of each way's hash; the fingerprint
//!    `max(crc16 mod 2^fp_bits, 1)` (0 marks an empty cell).
//! 3. **Select rows.** Per way a 4096-entry exact table maps the selector bits to
//!    a piece (register array) and the row's base index in it; the fingerprint's
//!    active form `fp | 2^fp_bits` is computed alongside.
//! 4. **Look up.** Per way, `pieces` register arrays in consecutive stages (they
//!    write the same output, so the placer chains them); one stateful ALU per
//!    piece: if the cell holds `fp` (idle), set its activity bit (the cell's top
//!    bit) and output the bare activity bit, which no stored cell equals; else
//!    output the old cell. A way *hits* if the output is the bare bit or `fp`
//!    with the activity bit.
//! 5. **Decide.** A small ternary table on (flags, exact result, four hit bits,
//!    is-UDP): TCP control segments (SYN, FIN or RST set, or ACK clear) → CPU;
//!    exact forward entry or exactly one hit → forward out of the other port;
//!    exact CPU entry or several hits → CPU; no hit → drop (TCP) or CPU (UDP, which
//!    may open a connection).

use pipe::builder::*;
use pipe::program::{BinOp, CmpOp, HashAlgo, Program, RegExpr, RegLeaf, RegOut};
use pipe::{KeyMatch, TableEntry};

use crate::layout::{Layout, SELECTOR_BITS, WAY_FIELD_ORDER, WAYS};

/// Canonical fields in `(lo_addr, hi_addr, lo_port, hi_port, proto)` order.
const CANON: [&str; 5] = ["meta.la", "meta.ha", "meta.lp", "meta.hp", "ipv4.protocol"];

/// How the ways' rows are split into register arrays (pieces) across stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Placement {
    /// The table geometry.
    pub layout: Layout,
    /// Pieces per way (consecutive stages).
    pub pieces: u32,
}

impl Placement {
    /// Rows of piece `j` of way `w` (rows are dealt out evenly, earlier pieces
    /// taking the remainder).
    pub fn piece_rows(&self, w: usize, j: u32) -> u32 {
        let r = self.layout.rows[w];
        r / self.pieces + u32::from(j < r % self.pieces)
    }

    /// First row of piece `j` of way `w`.
    pub fn piece_first_row(&self, w: usize, j: u32) -> u32 {
        (0..j).map(|i| self.piece_rows(w, i)).sum()
    }

    /// Piece and index within it of way `w`'s cell `idx`.
    pub fn locate(&self, w: usize, idx: u32) -> (u32, u32) {
        let row = idx >> self.layout.slot_bits;
        let mut first = 0;
        for j in 0..self.pieces {
            let n = self.piece_rows(w, j);
            if row < first + n {
                return (j, idx - (first << self.layout.slot_bits));
            }
            first += n;
        }
        (self.pieces, 0)
    }

    /// The fewest pieces per way such that one stage's four pieces fit in
    /// `blocks_per_stage` SRAM blocks of 128 Kibit.
    pub fn fitting(layout: Layout, blocks_per_stage: u32) -> Placement {
        let block_bits = 128 * 1024u64;
        let mut pieces = 1;
        loop {
            let p = Placement { layout, pieces };
            let worst: u64 = (0..WAYS)
                .map(|w| {
                    let bits = u64::from(p.piece_rows(w, 0)) * layout.row_bits();
                    bits.div_ceil(block_bits)
                })
                .sum();
            if worst <= u64::from(blocks_per_stage) || pieces >= layout.rows.iter().copied().max().unwrap_or(1) {
                return p;
            }
            pieces += 1;
        }
    }
}

/// Register array name of piece `j` of way `w`.
pub fn piece_name(w: usize, j: u32) -> String {
    format!("way{w}_p{j}")
}

/// Builds the program (validated by `pipe`).
pub fn build(p: &Placement) -> Result<Program, pipe::ProgramError> {
    let l = p.layout;
    let mut b = ProgramBuilder::new("cofilter");
    pipe::examples::ethernet_ipv4_l4(&mut b);
    for (m, w) in [("la", 32), ("ha", 32), ("lp", 16), ("hp", 16), ("out", 9)] {
        b.metadata(m, w);
    }
    for (m, w) in [("fp", 16), ("fpm", 16), ("fpa", 16), ("is_udp", 1), ("ex", 2), ("flags", 8)] {
        b.metadata(m, w);
    }
    for w in 0..WAYS {
        b.metadata(&format!("h{w}"), 32);
        b.metadata(&format!("sel{w}"), SELECTOR_BITS as u8);
        b.metadata(&format!("slot{w}"), 32);
        b.metadata(&format!("idx{w}"), 32);
        b.metadata(&format!("piece{w}"), 8);
        b.metadata(&format!("o{w}"), 16);
        b.metadata(&format!("hit{w}"), 1);
        let fields: Vec<&str> = WAY_FIELD_ORDER[w].iter().map(|&i| CANON[i]).collect();
        b.hash(&format!("crc_way{w}"), HashAlgo::Crc32, &fields, 32);
    }
    b.hash("crc_fp", HashAlgo::Crc16, &CANON, l.fp_bits);

    b.action(action("to_cpu").to_cpu());
    b.action(action("drop").drop());
    b.action(action("forward").forward(f("meta.out")));
    for (name, sp, dp, udp) in [
        ("tcp", "tcp.src_port", "tcp.dst_port", 0),
        ("udp", "udp.src_port", "udp.dst_port", 1),
    ] {
        // The other port (0 ↔ 1), the canonical order, and the flags that make a
        // TCP segment a control packet (FIN 0x01, SYN 0x02, RST 0x04, ACK 0x10);
        // UDP counts as a plain ACK.
        let out = bin(BinOp::Xor, f("std.ingress_port"), c(1));
        let flags = if udp == 1 {
            pipe::program::Expr::Value(c(0x10))
        } else {
            bin(BinOp::And, f("tcp.flags"), c(0x17))
        };
        b.action(
            action(&format!("canon_{name}_fwd"))
                .set("meta.out", out.clone())
                .set("meta.flags", flags.clone())
                .assign("meta.is_udp", c(udp))
                .assign("meta.la", f("ipv4.src"))
                .assign("meta.ha", f("ipv4.dst"))
                .assign("meta.lp", f(sp))
                .assign("meta.hp", f(dp)),
        );
        b.action(
            action(&format!("canon_{name}_rev"))
                .set("meta.out", out)
                .set("meta.flags", flags)
                .assign("meta.is_udp", c(udp))
                .assign("meta.la", f("ipv4.dst"))
                .assign("meta.ha", f("ipv4.src"))
                .assign("meta.lp", f(dp))
                .assign("meta.hp", f(sp)),
        );
    }
    let mut hash_all = action("hash_all").hash("crc_fp", "meta.fp");
    for w in 0..WAYS {
        hash_all = hash_all.hash(&format!("crc_way{w}"), &format!("meta.h{w}"));
    }
    b.action(hash_all);
    let mut split = action("split").set("meta.fpm", bin(BinOp::Max, f("meta.fp"), c(1)));
    for w in 0..WAYS {
        split = split
            .set(
                &format!("meta.sel{w}"),
                bin(BinOp::Shr, f(&format!("meta.h{w}")), c(u64::from(l.slot_bits))),
            )
            .set(
                &format!("meta.slot{w}"),
                bin(BinOp::And, f(&format!("meta.h{w}")), c((1u64 << l.slot_bits) - 1)),
            );
    }
    b.action(split);
    let top = 1u64 << l.fp_bits;
    b.action(action("active_form").set("meta.fpa", bin(BinOp::Or, f("meta.fpm"), c(top))));
    b.action(action("exact_forward").assign("meta.ex", c(2)));
    b.action(action("exact_cpu").assign("meta.ex", c(1)));
    b.action(action("exact_miss").assign("meta.ex", c(0)));
    b.table(
        table("exact")
            .exact("meta.la")
            .exact("meta.ha")
            .exact("meta.lp")
            .exact("meta.hp")
            .exact("ipv4.protocol")
            .action("exact_forward")
            .action("exact_cpu")
            .default_action("exact_miss", &[])
            .size(l.exact_entries.max(1)),
    );

    let mut lookups = Vec::new();
    let mut hits = Vec::new();
    for w in 0..WAYS {
        b.action(
            action(&format!("row{w}"))
                .param("piece", 8)
                .param("base", 32)
                .assign(&format!("meta.piece{w}"), p_("piece"))
                .set(
                    &format!("meta.idx{w}"),
                    bin(BinOp::Or, f(&format!("meta.slot{w}")), p_("base")),
                ),
        );
        b.table(
            table(&format!("select{w}"))
                .exact(&format!("meta.sel{w}"))
                .action(&format!("row{w}"))
                .default_action("to_cpu", &[])
                .size(1 << SELECTOR_BITS),
        );
        lookups.push(apply(&format!("select{w}")));
        for j in 0..p.pieces {
            let reg = piece_name(w, j);
            let cells = p.piece_rows(w, j) << l.slot_bits;
            b.register(&reg, l.fp_bits + 1, cells.max(1));
            b.reg_action(
                reg_action(&format!("mark_{reg}"), &reg)
                    .when(RegLeaf::Mem, CmpOp::Eq, leaf(f("meta.fpm")))
                    .then(
                        Some(RegExpr::Bin(BinOp::Or, RegLeaf::Mem, leaf(c(top)))),
                        RegOut::Expr(RegExpr::Leaf(leaf(c(top)))),
                    )
                    .otherwise(None, RegOut::Old),
            );
            b.action(action(&format!("look_{reg}")).reg_exec(
                &format!("mark_{reg}"),
                f(&format!("meta.idx{w}")),
                Some(&format!("meta.o{w}")),
            ));
            lookups.push(if_(
                eq(f(&format!("meta.piece{w}")), c(u64::from(j))),
                vec![run(&format!("look_{reg}"), &[])],
                vec![],
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
    b.table(
        table("decide")
            .ternary("meta.flags")
            .ternary("meta.ex")
            .ternary("meta.hit0")
            .ternary("meta.hit1")
            .ternary("meta.hit2")
            .ternary("meta.hit3")
            .ternary("meta.is_udp")
            .action("forward")
            .action("to_cpu")
            .action("drop")
            .default_action("drop", &[])
            .size(64),
    );

    let canon = |name: &str, sp: &str, dp: &str| {
        let lower = or(
            cmp(f("ipv4.src"), CmpOp::Lt, f("ipv4.dst")),
            and(
                eq(f("ipv4.src"), f("ipv4.dst")),
                cmp(f(sp), CmpOp::Le, f(dp)),
            ),
        );
        if_(
            lower,
            vec![run(&format!("canon_{name}_fwd"), &[])],
            vec![run(&format!("canon_{name}_rev"), &[])],
        )
    };
    let mut main = vec![
        run("hash_all", &[]),
        apply("exact"),
        run("split", &[]),
        run("active_form", &[]),
    ];
    main.extend(lookups);
    main.extend(hits);
    main.push(apply("decide"));
    b.ingress(vec![
        if_(
            valid("tcp"),
            vec![canon("tcp", "tcp.src_port", "tcp.dst_port")],
            vec![if_(
                valid("udp"),
                vec![canon("udp", "udp.src_port", "udp.dst_port")],
                vec![run("to_cpu", &[])],
            )],
        ),
        if_(or(valid("tcp"), valid("udp")), main, vec![]),
    ]);
    b.build()
}

fn p_(name: &str) -> pipe::program::Operand {
    p(name)
}

/// Entries of the four selector tables: way `w`'s selector value `s` → piece and
/// the base index of its row in that piece.
pub fn selector_entries(p: &Placement) -> Vec<(String, TableEntry)> {
    let mut out = Vec::new();
    for w in 0..WAYS {
        for sel in 0..1u32 << SELECTOR_BITS {
            let row = p.layout.row_of(w, sel);
            let (piece, base) = p.locate(w, row << p.layout.slot_bits);
            out.push((
                format!("select{w}"),
                TableEntry::exact(&[u64::from(sel)], &format!("row{w}"), &[u64::from(piece), u64::from(base)]),
            ));
        }
    }
    out
}

/// Entries of the decision table (priority = order).
pub fn decide_entries() -> Vec<TableEntry> {
    let any = |_: ()| KeyMatch::Ternary { value: 0, mask: 0 };
    let exact = |v| KeyMatch::Ternary { value: v, mask: u64::MAX };
    let mut out = Vec::new();
    let mut push = |key: Vec<KeyMatch>, action: &str| {
        let priority = 1000 - out.len() as u32;
        out.push(TableEntry {
            key,
            action: action.to_string(),
            args: vec![],
            priority,
        });
    };
    let masked = |v, m| KeyMatch::Ternary { value: v, mask: m };
    // TCP control packets: FIN, SYN or RST set, or ACK clear.
    for (v, m) in [(0x01, 0x01), (0x02, 0x02), (0x04, 0x04), (0x00, 0x10)] {
        let mut k = vec![masked(v, m)];
        k.extend((0..6).map(|_| any(())));
        push(k, "to_cpu");
    }
    push(vec![any(()), exact(2), any(()), any(()), any(()), any(()), any(())], "forward");
    push(vec![any(()), exact(1), any(()), any(()), any(()), any(()), any(())], "to_cpu");
    for hits in 0u64..16 {
        let n = hits.count_ones();
        let bits: Vec<KeyMatch> = (0..4).map(|i| exact((hits >> i) & 1)).collect();
        match n {
            0 => {
                let mut k = vec![any(()), exact(0)];
                k.extend(bits.clone());
                k.push(exact(1));
                push(k, "to_cpu");
            }
            1 => {
                let mut k = vec![any(()), exact(0)];
                k.extend(bits);
                k.push(any(()));
                push(k, "forward");
            }
            _ => {
                let mut k = vec![any(()), exact(0)];
                k.extend(bits);
                k.push(any(()));
                push(k, "to_cpu");
            }
        }
    }
    out
}
