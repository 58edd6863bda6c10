//! The program itself: parser, metadata, hash units, actions, tables, registers
//! and the ingress control (stage order in the module documentation).

use pipe::builder::*;
use pipe::program::{BinOp, CmpOp, HashAlgo, MeterKind, Program};

use super::{Placement, ways};
use crate::layout::{Cells, FP_FIELD_ORDER, SELECTOR_BITS, Storage, WAY_FIELD_ORDER, WAYS};

/// Canonical fields in `(lo_addr, hi_addr, lo_port, hi_port, proto)` order.
const CANON: [&str; 5] = ["meta.la", "meta.ha", "meta.lp", "meta.hp", "ipv4.protocol"];

/// The meter of the TCP miss path.
pub const MISS_METER: &str = "miss_meter";
/// The meter of the CPU path of new connections' SYNs.
pub const SYN_METER: &str = "syn_meter";

/// The switch's CPU port (`pipe`'s default): with state bits, a FIN the CPU
/// accepted comes back in on it to be counted in its cell, then is dropped
/// (the CPU has sent the packet itself).
pub const CPU_PORT: u64 = 192;

/// `wire::link`'s kind byte of a frame to send out of a port.
const LINK_OUT_OF: u64 = 1;
/// `wire::link`'s kind byte of a frame that came in on a port.
const LINK_FROM_PORT: u64 = 0;

/// Builds the program (validated by `pipe`).
pub fn build(p: &Placement) -> Result<Program, pipe::ProgramError> {
    let l = p.layout;
    let storage = match p.cells {
        Cells::Tables => Some(Storage::Table),
        Cells::Registers => l.storage(),
    };
    let storage = storage.ok_or_else(|| pipe::ProgramError::Invalid {
        place: "cofilter".into(),
        message: format!(
            "{}-bit fingerprints fit no register layout (7 or 15: one 8- or 16-bit cell; 12: split 8 + 4 + 1 bits)",
            l.fp_bits
        ),
    })?;
    if storage == Storage::Split && l.slot_bits < 3 {
        return Err(pipe::ProgramError::Invalid {
            place: "cofilter".into(),
            message: "split cells need rows of at least 8 cells (slot bits >= 3)".into(),
        });
    }
    if storage == Storage::Table && l.state_bits != 0 {
        return Err(pipe::ProgramError::Invalid {
            place: "cofilter".into(),
            message: format!(
                "table cells hold no state bits ({} asked): the data plane cannot write a table entry; use --state-bits 0",
                l.state_bits
            ),
        });
    }
    let mut b = ProgramBuilder::new("cofilter");
    pipe::examples::ethernet_ipv4_l4_and(
        &mut b,
        &[(u64::from(wire::link::ETHER_TYPE), "parse_link")],
    );
    // The agent's forwards: a link frame (`wire::link`, kind "out of port")
    // on the CPU port leaves the named port as the frame it wraps. Tandem's
    // switch daemon unwraps them before the program; any other switch
    // (BMv2 over P4Runtime) runs this.
    b.header("link", &[("version", 8), ("kind", 8), ("port", 16)]);
    b.state(state("parse_link").extract("link").accept());
    // Table cells are for switches driven over standard P4Runtime, whose
    // CPU port is a plain port: the program frames what it sends there as
    // a link frame "from port N" itself (headers of their own, emitted
    // first), so the agent knows where each packet came in.
    let framed = storage == Storage::Table;
    if framed {
        b.header("cpu_eth", &[("dst", 48), ("src", 48), ("ether_type", 16)]);
        b.header("cpu_link", &[("version", 8), ("kind", 8), ("port", 16)]);
        b.deparser(&[
            "cpu_eth", "cpu_link", "ethernet", "link", "ipv4", "tcp", "udp",
        ]);
        b.cpu_link(true);
    }
    let to_cpu = |a: ActionBuilder| {
        let a = a.to_cpu();
        if !framed {
            return a;
        }
        a.set_valid("cpu_eth")
            .assign("cpu_eth.dst", c(0))
            .assign("cpu_eth.src", c(0))
            .assign("cpu_eth.ether_type", c(u64::from(wire::link::ETHER_TYPE)))
            .set_valid("cpu_link")
            .assign("cpu_link.version", c(u64::from(wire::link::VERSION)))
            .assign("cpu_link.kind", c(LINK_FROM_PORT))
            .assign("cpu_link.port", f("std.ingress_port"))
    };
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
        ("is_udp", 1),
        ("ex", 2),
        ("flags", 8),
        ("color", 2),
    ] {
        b.metadata(m, w);
    }
    for (w, order) in WAY_FIELD_ORDER.iter().enumerate() {
        b.metadata(&format!("sel{w}"), SELECTOR_BITS as u8);
        b.metadata(&format!("slot{w}"), l.slot_bits);
        b.metadata(&format!("idx{w}"), 32);
        b.metadata(&format!("piece{w}"), 8);
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
        if storage == Storage::Split {
            // The nibble word's index in its row: the slot's low bits.
            b.metadata(&format!("word{w}"), l.slot_bits - 2);
            b.hash(
                &format!("word_way{w}"),
                HashAlgo::Crc32,
                &fields,
                l.slot_bits - 2,
            );
        }
    }
    let fp_fields: Vec<&str> = FP_FIELD_ORDER.iter().map(|&i| CANON[i]).collect();
    b.hash("crc_fp", HashAlgo::Crc16, &fp_fields, l.fp_bits);

    b.action(to_cpu(action("to_cpu")));
    // The SYN-flood defence's rate limit of the TCP miss path: one packet meter
    // cell, configured with `MissMeter::config` (green or red only); a red
    // packet is dropped in egress, where the colour is known.
    b.meter(MISS_METER, 1, MeterKind::Packets);
    b.action(to_cpu(action("miss_metered").execute_meter(
        MISS_METER,
        c(0),
        "meta.color",
    )));
    // Control-plane policing of new connections' SYNs (one cell, configured
    // with `Config::syn_meter`; unconfigured it passes everything): a red SYN
    // is dropped in egress like a red miss.
    b.meter(SYN_METER, 1, MeterKind::Packets);
    b.action(to_cpu(action("syn_metered").execute_meter(
        SYN_METER,
        c(0),
        "meta.color",
    )));
    b.action(action("drop").drop());
    b.action(
        action("link_out")
            // The port first: a field of an invalid header is undefined.
            .forward(f("link.port"))
            .set_invalid("ethernet")
            .set_invalid("link"),
    );
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
        if storage == Storage::Split {
            hash_all = hash_all.hash(&format!("word_way{w}"), &format!("meta.word{w}"));
        }
    }
    b.action(hash_all);
    b.action(action("split").set("meta.fpm", bin(BinOp::Max, f("meta.fp"), c(1))));
    b.action(action("exact_forward").assign("meta.ex", c(2)));
    b.action(action("exact_cpu").assign("meta.ex", c(1)));
    b.action(action("exact_miss").assign("meta.ex", c(0)));
    b.table(
        table("exact_flows")
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

    let ways = match storage {
        Storage::Word => ways::word(&mut b, p),
        Storage::Split => ways::split(&mut b, p),
        Storage::Table => ways::in_tables(&mut b, p),
    };
    let state = if l.state_bits == 2 {
        ways::state(&mut b, p)
    } else {
        Vec::new()
    };
    let mut decide = table("decide")
        .ternary("meta.flags")
        .ternary("meta.ex")
        .ternary("meta.hit0")
        .ternary("meta.hit1")
        .ternary("meta.hit2")
        .ternary("meta.hit3")
        .ternary("meta.is_udp");
    if l.state_bits == 2 {
        for w in 0..WAYS {
            decide = decide.ternary(&format!("meta.oq{w}"));
        }
        decide = decide.ternary("meta.from_cpu");
    }
    b.table(
        decide
            .action("forward")
            .action("to_cpu")
            .action("miss_metered")
            .action("syn_metered")
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
        apply("exact_flows"),
        run("split", &[]),
    ];
    main.extend(ways.lookups);
    main.extend(ways.hits);
    main.extend(state);
    main.push(apply("decide"));
    let mut ingress = Vec::new();
    if l.state_bits == 2 {
        b.metadata("from_cpu", 1);
        b.action(action("mark_from_cpu").assign("meta.from_cpu", c(1)));
        ingress.push(if_(
            eq(f("std.ingress_port"), c(CPU_PORT)),
            vec![run("mark_from_cpu", &[])],
            vec![],
        ));
    }
    // Only plain IPv4 is looked up: version 4, no options (the parser takes
    // the TCP/UDP header right after a 20-byte IPv4 header), not a fragment
    // (a later fragment's first bytes are not a TCP header; deciding a first
    // fragment would let its followers pass unchecked), a TCP header of at
    // least 20 bytes. Everything else goes to the CPU agent, which parses it
    // whole (and drops fragments, as the model does).
    let plain = || {
        let mf_clear = (0..4).fold(eq(f("ipv4.flags"), c(0)), |acc, k| {
            or(acc, eq(f("ipv4.flags"), c(2 * k)))
        });
        and(
            and(eq(f("ipv4.version"), c(4)), eq(f("ipv4.ihl"), c(5))),
            and(mf_clear, eq(f("ipv4.frag_offset"), c(0))),
        )
    };
    let tcp_ok = || {
        and(
            valid("tcp"),
            and(plain(), cmp(f("tcp.data_offset"), CmpOp::Ge, c(5))),
        )
    };
    let udp_ok = || and(valid("udp"), plain());
    ingress.extend(vec![
        if_(
            tcp_ok(),
            vec![canon("tcp", "tcp.src_port", "tcp.dst_port")],
            vec![if_(
                udp_ok(),
                vec![canon("udp", "udp.src_port", "udp.dst_port")],
                vec![run("to_cpu", &[])],
            )],
        ),
        if_(or(tcp_ok(), udp_ok()), main, vec![]),
    ]);
    let out_of_port = and(
        valid("link"),
        and(
            eq(f("std.ingress_port"), c(CPU_PORT)),
            and(
                eq(f("link.version"), c(u64::from(wire::link::VERSION))),
                eq(f("link.kind"), c(LINK_OUT_OF)),
            ),
        ),
    );
    b.ingress(vec![if_(out_of_port, vec![run("link_out", &[])], ingress)]);
    b.egress(vec![if_(
        eq(f("meta.color"), c(2)),
        vec![run("drop", &[])],
        vec![],
    )]);
    b.build()
}
