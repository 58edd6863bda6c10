//! The switch part of CoFilter as a `pipe` program.
//!
//! Stages (the resource checker places them; the numbers are the intended order):
//!
//! 0. **Classify and canonicalise.** IPv4 TCP/UDP only (everything else goes to
//!    the CPU agent, which drops what it does not track and tracks ICMP echo).
//!    The control-relevant TCP flags are kept in `meta.flags`.
//!    The 5-tuple is put in canonical order (lower `(addr, port)` first) in
//!    `meta.la/ha/lp/hp` by one of two actions chosen by a gateway condition.
//! 1. **Hash.** Per way a CRC-32 (slot bits) and a CRC-16 (12 selector bits)
//!    over the canonical fields in the way's order, and a CRC-16 for the
//!    fingerprint; the exact-match table on the canonical 5-tuple is looked up in
//!    parallel.
//! 2. **Select rows.** Per way a 4096-entry exact table maps the selector bits to
//!    a piece (register array) and the row's base index in it; alongside, the
//!    fingerprint `max(crc16 mod 2^fp_bits, 1)` (0 marks an empty cell).
//! 3. The fingerprint's active form `fp | 2^fp_bits`.
//! 4. **Look up.** Per way, `pieces` register arrays in consecutive stages (they
//!    write the same output, so the placer chains them); one stateful ALU per
//!    piece: if the cell holds `fp` (idle), set its activity bit (the cell's top
//!    bit) and output the bare activity bit, which no stored cell equals; else
//!    output the old cell. A way *hits* if the output is the bare bit or `fp`
//!    with the activity bit.
//! 5. **Decide.** A small ternary table on (flags, exact result, four hit bits,
//!    is-UDP): TCP control segments (SYN, FIN or RST set, or ACK clear) → CPU;
//!    exact forward entry or exactly one hit → forward out of the other port;
//!    exact CPU entry, several hits or none → CPU (a miss may open a UDP flow or
//!    belong to a TCP connection without an entry; the model meters TCP misses).

use pipe::builder::*;
use pipe::program::{BinOp, CmpOp, HashAlgo, Program, RegExpr, RegLeaf, RegOut};
use pipe::{KeyMatch, TableEntry};

use crate::layout::{FP_FIELD_ORDER, Layout, SELECTOR_BITS, WAY_FIELD_ORDER, WAYS};

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
            if worst <= u64::from(blocks_per_stage)
                || pieces >= layout.rows.iter().copied().max().unwrap_or(1)
            {
                return p;
            }
            pieces += 1;
        }
    }
}

/// The switch part's resources for `layout`: pieces chosen to fit Tofino-1's 80
/// SRAM blocks per stage, placed against the Tofino-1 profile with as many stages
/// as the tables need (more than 12 means it does not fit one Tofino-1 pipe).
pub fn resources(
    layout: Layout,
) -> Result<(Placement, pipe::resources::Report), FilterProgramError> {
    let mut profile = pipe::resources::Profile::tofino1();
    let p = Placement::fitting(layout, profile.sram_blocks_per_stage);
    // Canonicalise, hash, select, the pieces, hit tests, decide.
    profile.stages = profile.stages.max(p.pieces + 5);
    let program = build(&p)?;
    let report = pipe::resources::check(&program, &profile)?;
    Ok((p, report))
}

/// The switch part for `layout` as P4_16: `(v1model, tna, resource report)`.
pub fn emit_p4(layout: Layout) -> Result<(String, String, String), FilterProgramError> {
    let (placement, report) = resources(layout)?;
    let program = build(&placement)?;
    let v1 = pipe::p4::emit(&program, pipe::p4::Arch::V1model)?;
    let tna = pipe::p4::emit(&program, pipe::p4::Arch::Tna)?;
    Ok((v1, tna, format!("{report}")))
}

/// Why the switch part could not be built or placed.
#[derive(Debug, thiserror::Error)]
pub enum FilterProgramError {
    /// `pipe` refused the program.
    #[error(transparent)]
    Program(#[from] pipe::ProgramError),
    /// The resource checker refused it.
    #[error(transparent)]
    Resources(#[from] pipe::resources::ResourceError),
}

/// The default switch tables: the largest 16-bit-cell layout that fits one
/// Tofino-1 pipe (7 pieces per way of 3, 3, 2 and 2 rows of 2^16 cells: 4.6 M
/// cells, 8.75 MiB) and a 16,384-entry exact table.
pub fn tofino1_layout() -> Layout {
    Layout {
        fp_bits: 15,
        slot_bits: 16,
        rows: [21, 21, 14, 14],
        exact_entries: 16_384,
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
    for (m, w) in [
        ("la", 32),
        ("ha", 32),
        ("lp", 16),
        ("hp", 16),
        ("egress", 9),
    ] {
        b.metadata(m, w);
    }
    for (m, w) in [
        ("fp", 16),
        ("fpm", 16),
        ("fpa", 16),
        ("is_udp", 1),
        ("ex", 2),
        ("flags", 8),
    ] {
        b.metadata(m, w);
    }
    for (w, order) in WAY_FIELD_ORDER.iter().enumerate() {
        b.metadata(&format!("sel{w}"), SELECTOR_BITS as u8);
        b.metadata(&format!("slot{w}"), l.slot_bits);
        b.metadata(&format!("idx{w}"), 32);
        b.metadata(&format!("piece{w}"), 8);
        b.metadata(&format!("o{w}"), 16);
        b.metadata(&format!("hit{w}"), 1);
        let fields: Vec<&str> = order.iter().map(|&i| CANON[i]).collect();
        b.hash(
            &format!("slot_way{w}"),
            HashAlgo::Crc32,
            &fields,
            l.slot_bits,
        );
        b.hash(
            &format!("sel_way{w}"),
            HashAlgo::Crc16,
            &fields,
            SELECTOR_BITS as u8,
        );
    }
    let fp_fields: Vec<&str> = FP_FIELD_ORDER.iter().map(|&i| CANON[i]).collect();
    b.hash("crc_fp", HashAlgo::Crc16, &fp_fields, l.fp_bits);

    b.action(action("to_cpu").to_cpu());
    b.action(action("drop").drop());
    b.action(action("forward").forward(f("meta.egress")));
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
                .set("meta.egress", out.clone())
                .set("meta.flags", flags.clone())
                .assign("meta.is_udp", c(udp))
                .assign("meta.la", f("ipv4.src"))
                .assign("meta.ha", f("ipv4.dst"))
                .assign("meta.lp", f(sp))
                .assign("meta.hp", f(dp)),
        );
        b.action(
            action(&format!("canon_{name}_rev"))
                .set("meta.egress", out)
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
        hash_all = hash_all
            .hash(&format!("slot_way{w}"), &format!("meta.slot{w}"))
            .hash(&format!("sel_way{w}"), &format!("meta.sel{w}"));
    }
    b.action(hash_all);
    b.action(action("split").set("meta.fpm", bin(BinOp::Max, f("meta.fp"), c(1))));
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
        // The selector covers all 4096 values; the default (no piece, hence a
        // miss in this way) writes only this way's fields so that the four
        // selectors share a stage.
        b.action(action(&format!("no_row{w}")).assign(&format!("meta.piece{w}"), c(255)));
        b.table(
            table(&format!("select{w}"))
                .exact(&format!("meta.sel{w}"))
                .action(&format!("row{w}"))
                .default_action(&format!("no_row{w}"), &[])
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
                TableEntry::exact(
                    &[u64::from(sel)],
                    &format!("row{w}"),
                    &[u64::from(piece), u64::from(base)],
                ),
            ));
        }
    }
    out
}

/// Entries of the decision table (priority = order).
pub fn decide_entries() -> Vec<TableEntry> {
    let any = |_: ()| KeyMatch::Ternary { value: 0, mask: 0 };
    let ex = |v| KeyMatch::Ternary { value: v, mask: 3 };
    let bit = |v| KeyMatch::Ternary { value: v, mask: 1 };
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
    push(
        vec![any(()), ex(2), any(()), any(()), any(()), any(()), any(())],
        "forward",
    );
    push(
        vec![any(()), ex(1), any(()), any(()), any(()), any(()), any(())],
        "to_cpu",
    );
    for hits in 0u64..16 {
        let n = hits.count_ones();
        let bits: Vec<KeyMatch> = (0..4).map(|i| bit((hits >> i) & 1)).collect();
        match n {
            // A miss goes to the CPU: UDP may open a connection, TCP may belong
            // to one without an entry (half-open, TIME_WAIT). The model meters
            // the TCP miss path; pipe has no meters yet, so the P4 does not.
            0 => {
                let mut k = vec![any(()), ex(0)];
                k.extend(bits.clone());
                k.push(any(()));
                push(k, "to_cpu");
            }
            1 => {
                let mut k = vec![any(()), ex(0)];
                k.extend(bits);
                k.push(any(()));
                push(k, "forward");
            }
            _ => {
                let mut k = vec![any(()), ex(0)];
                k.extend(bits);
                k.push(any(()));
                push(k, "to_cpu");
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conntrack::TcpClass;
    use crate::dataplane::{DataPlane, ExactAction, SwitchDecision};
    use crate::packet::Pkt;
    use crate::shadow::CellWrite;
    use pipe::resources::{Profile, check};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::net::Ipv4Addr;
    use std::time::Duration;
    use wire::build::{L3, write_tcp_frame, write_udp_frame};
    use wire::options::OptionBytes;
    use wire::{FlowKey, IpProtocol, MacAddr, TcpFlags, tcp, udp};

    fn small() -> Placement {
        Placement {
            layout: Layout {
                fp_bits: 7,
                slot_bits: 4,
                rows: [3, 2, 4, 1],
                exact_entries: 64,
            },
            pieces: 2,
        }
    }

    #[test]
    fn one_tofino_pipe_holds_seven_pieces_per_way() {
        // 12 stages: canonicalise; hash and exact table; selectors; active form
        // and the first pieces; 6 more lookup stages; hit tests; decide. A row of
        // 2^16 16-bit cells is 8 blocks; pieces of 3, 3, 2 and 2 rows per stage
        // take all 80 blocks.
        let layout = Layout {
            fp_bits: 15,
            slot_bits: 16,
            rows: [21, 21, 14, 14],
            exact_entries: 16_384,
        };
        let p = Placement::fitting(layout, 80);
        assert_eq!(p.pieces, 7);
        let program = build(&p).expect("valid program");
        let report = check(&program, &Profile::tofino1()).expect("fits Tofino-1");
        assert_eq!(report.stages_used, 12, "{report}");
        for arch in [pipe::p4::Arch::V1model, pipe::p4::Arch::Tna] {
            let p4 = pipe::p4::emit(&program, arch).expect("emits");
            assert!(p4.contains("way3_p6"));
        }
        assert_eq!(report.per_stage[5].sram_blocks, 80, "{report}");
        // One more piece per way needs a 13th stage.
        let more = Placement { layout, pieces: 8 };
        let err = check(&build(&more).expect("valid"), &Profile::tofino1());
        assert!(err.is_err());
    }

    #[test]
    fn locate_and_selector_cover_every_row() {
        let p = small();
        for w in 0..WAYS {
            let mut seen = vec![false; p.layout.rows[w] as usize];
            for row in 0..p.layout.rows[w] {
                let (j, local) = p.locate(w, row << p.layout.slot_bits);
                assert!(j < p.pieces);
                assert!(local >> p.layout.slot_bits < p.piece_rows(w, j));
                seen[(p.piece_first_row(w, j) + (local >> p.layout.slot_bits)) as usize] = true;
            }
            assert!(seen.iter().all(|&s| s), "way {w}");
        }
        assert_eq!(selector_entries(&p).len(), 4 * 4096);
    }

    fn frame(key: &FlowKey, flags: Option<TcpFlags>) -> Vec<u8> {
        let l3 = L3 {
            src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
            dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
            vlan: None,
            src: key.src_addr,
            dst: key.dst_addr,
            ttl: 64,
            ident: 1,
        };
        let mut out = Vec::new();
        match flags {
            Some(flags) => write_tcp_frame(
                &mut out,
                &l3,
                &tcp::Repr {
                    src_port: key.src_port,
                    dst_port: key.dst_port,
                    seq_number: 1,
                    ack_number: 1,
                    flags,
                    window: 1000,
                    urgent: 0,
                    options: OptionBytes::EMPTY,
                },
                b"data",
            ),
            None => write_udp_frame(
                &mut out,
                &l3,
                &udp::Repr {
                    src_port: key.src_port,
                    dst_port: key.dst_port,
                },
                b"data",
            ),
        }
        out
    }

    /// The pipe executor running the generated program and the Rust data-plane
    /// model decide every packet alike, over random table contents with many
    /// fingerprint collisions (5-bit fingerprints, tiny tables).
    #[test]
    fn executor_agrees_with_the_data_plane_model() {
        let p = small();
        let l = p.layout;
        let program = build(&p).expect("valid");
        let mut sw = pipe::Switch::new(program).expect("loads");
        for (t, e) in selector_entries(&p) {
            sw.insert(&t, e).expect("selector entry");
        }
        for e in decide_entries() {
            sw.insert("decide", e).expect("decide entry");
        }
        let meter = crate::dataplane::MissMeter {
            rate_pps: 1 << 40,
            burst: 1 << 20,
        };
        let mut dp = DataPlane::new(l, Some(meter));
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let host = |rng: &mut ChaCha8Rng| Ipv4Addr::new(10, 0, 0, rng.random_range(1..6));
        let mut keys = Vec::new();
        for _ in 0..60 {
            keys.push(FlowKey {
                src_addr: host(&mut rng),
                dst_addr: host(&mut rng),
                src_port: rng.random_range(1000..1004),
                dst_port: rng.random_range(80..83),
                protocol: if rng.random_bool(0.8) {
                    IpProtocol::Tcp
                } else {
                    IpProtocol::Udp
                },
            });
        }
        // Install: some keys in hashed cells (their own fingerprint at a random
        // candidate way), some exact entries.
        for k in keys.iter().take(30) {
            let c = l.cands(k);
            let w = rng.random_range(0..WAYS);
            let write = CellWrite {
                way: w as u8,
                idx: c.idx[w],
                fp: c.fp,
            };
            dp.write_cell(write);
            let (j, local) = p.locate(w, c.idx[w]);
            sw.write_register(&piece_name(w, j), local, u64::from(c.fp))
                .expect("cell");
        }
        for k in keys.iter().skip(30).take(8) {
            let c = k.canonical();
            let b = c.to_bytes();
            let a = if rng.random_bool(0.5) {
                ExactAction::Forward
            } else {
                ExactAction::Cpu
            };
            dp.exact_set(c, a);
            let key = [
                u64::from(u32::from_be_bytes([b[0], b[1], b[2], b[3]])),
                u64::from(u32::from_be_bytes([b[4], b[5], b[6], b[7]])),
                u64::from(u16::from_be_bytes([b[8], b[9]])),
                u64::from(u16::from_be_bytes([b[10], b[11]])),
                u64::from(b[12]),
            ];
            let name = match a {
                ExactAction::Forward => "exact_forward",
                ExactAction::Cpu => "exact_cpu",
            };
            sw.insert("exact", TableEntry::exact(&key, name, &[]))
                .expect("exact");
        }
        let flag_sets = [
            TcpFlags::ACK,
            TcpFlags(TcpFlags::ACK.0 | TcpFlags::PSH.0),
            TcpFlags::SYN,
            TcpFlags(TcpFlags::SYN.0 | TcpFlags::ACK.0),
            TcpFlags(TcpFlags::FIN.0 | TcpFlags::ACK.0),
            TcpFlags::RST,
            TcpFlags::NONE,
        ];
        let (mut fwd, mut cpu, mut drop) = (0, 0, 0);
        for i in 0..600 {
            let k = keys[rng.random_range(0..keys.len())];
            let k = if rng.random_bool(0.5) {
                k
            } else {
                k.reversed()
            };
            let flags = (k.protocol == IpProtocol::Tcp)
                .then(|| flag_sets[rng.random_range(0..flag_sets.len())]);
            let bytes = frame(&k, flags);
            let port = rng.random_range(0..2u16);
            let now = Duration::from_micros(i);
            let got = sw.process(now, port, &bytes).expect("runs").verdict;
            let want = dp.process(i * 1000, port, &Pkt::classify(&bytes));
            match (want, got) {
                (SwitchDecision::Forward(a), pipe::Verdict::Emit { port: b }) if a == b => fwd += 1,
                (SwitchDecision::Cpu(_), pipe::Verdict::Emit { port: 192 }) => cpu += 1,
                (SwitchDecision::Drop, pipe::Verdict::Drop(_)) => drop += 1,
                (w, g) => {
                    panic!("packet {i} {k:?} {flags:?} port {port}: model {w:?}, switch {g:?}")
                }
            }
        }
        // Every outcome occurred.
        // The decide table's default drops nothing here: misses go to the CPU.
        assert!(fwd > 20 && cpu > 100, "{fwd} {cpu} {drop}");
        assert_eq!(drop, 0);
        // Activity bits agree too.
        for w in 0..WAYS {
            for idx in 0..l.way_cells(w) {
                let (j, local) = p.locate(w, idx);
                let cell = sw.read_register(&piece_name(w, j), local).expect("read");
                let active = cell >> l.fp_bits != 0;
                assert_eq!(dp.take_activity(w, idx), active, "way {w} cell {idx}");
            }
        }
        let _ = TcpClass::Ack;
    }
}
