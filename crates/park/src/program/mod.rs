//! The Split/Merge switch program (paper §4, Alg. 1 and 2) as a `pipe` program.
//!
//! Headers are parsed up to TCP/UDP; on traffic ports the first `park_bytes` of
//! the payload are parsed as `park_pl` (one 64-bit field per register block), on NF
//! ports the PayloadPark header `park` after the L4 header. Control:
//!
//! ```text
//! park_slice (ingress port → slice, NF port)      hit: split (split.rs)
//!   miss: park_return (NF port → slice, out port)  hit: merge (merge.rs)
//!     miss: drop (port not configured)
//! ```
//!
//! Checksum units keep the IPv4 header checksum and the TCP/UDP checksums correct
//! for what the switch changes (lengths, the header it inserts or removes, payload
//! blocks it removes or restores); the NF's own rewrites were already accounted for
//! by the NF, so after merge the checksum equals the one the NF would have produced
//! on the whole packet (RFC 1624 eqn. 3 is exact, see `wire::checksum`).

mod merge;
mod parser;
mod recirc;
mod split;

use pipe::Program;
use pipe::builder::*;
use pipe::program::CounterKind;

use crate::config::ParkConfig;

/// Stateful-ALU output meaning "the slot is occupied and not expired".
pub(crate) const OCCUPIED: u64 = 0xFFFF_FFFF;

/// Names of the per-slice event counters, in [`crate::Counters`] field order.
pub const COUNTERS: [&str; 9] = [
    "park_splits",
    "park_merges",
    "park_bypass_short",
    "park_bypass_occupied",
    "park_evictions",
    "park_premature",
    "park_explicit_drops",
    "park_unparked_returns",
    "park_bad_tags",
];

/// Register arrays: ring pointer and lap per slice, the occupancy/generation
/// table, and one payload block array per 8 parked bytes.
pub const RING: &str = "park_ring";
/// Lap counter per slice (the generation clock).
pub const LAP: &str = "park_lap";
/// Per slot: 0 when free, else the generation (lap) of the parked payload.
pub const OCC: &str = "park_occ";

/// Name of payload block register `i`.
pub fn block_register(i: usize) -> String {
    format!("park_blk{i}")
}

/// Builds the Split/Merge program for `cfg` (call `cfg.validate()` first).
pub fn build(cfg: &ParkConfig) -> Program {
    let mut b = ProgramBuilder::new("payload_park");
    let (first, second) = cfg.pass_blocks();
    declare_headers(&mut b, first, second);
    // `park` before `park_pl`: a packet whose slot was busy keeps its payload
    // blocks after the (disabled) header. `park_rc` carries a recirculated
    // packet's second-pass instructions in front of everything.
    let mut order = vec![
        "ethernet", "ipv4", "tcp", "tcp_opts", "udp", "park", "park_pl",
    ];
    if cfg.recirculate {
        order.insert(0, "park_rc");
        order.push("park_pl2");
        b.recirc_port(crate::config::RECIRC_PORT);
    }
    b.deparser(&order);
    parser::declare(&mut b, cfg);
    declare_checksums(&mut b, first, second);
    declare_state(&mut b, cfg);
    let split = split::declare(&mut b, cfg);
    let merge = merge::declare(&mut b, cfg);
    b.action(
        action("to_nf")
            .param("sid", 8)
            .param("base", 16)
            .param("last", 16)
            .param("nf_port", 9)
            .assign("meta.sid", p("sid"))
            .assign("meta.base", p("base"))
            .assign("meta.last", p("last"))
            .assign("meta.port", p("nf_port"))
            .forward(p("nf_port")),
    );
    b.action(
        action("from_nf")
            .param("sid", 8)
            .param("base", 16)
            .param("last", 16)
            .param("out_port", 9)
            .assign("meta.sid", p("sid"))
            .assign("meta.base", p("base"))
            .assign("meta.last", p("last"))
            .assign("meta.port", p("out_port"))
            .forward(p("out_port")),
    );
    b.action(action("unconfigured").drop());
    b.action(action("not_traffic"));
    b.table(
        table("park_slice")
            .exact("std.ingress_port")
            .action("to_nf")
            .default_action("not_traffic", &[])
            .size(64),
    );
    b.table(
        table("park_return")
            .exact("std.ingress_port")
            .action("from_nf")
            .default_action("unconfigured", &[])
            .size(64),
    );
    let main = apply_then(
        "park_slice",
        split,
        vec![apply_then("park_return", merge, vec![])],
    );
    if cfg.recirculate {
        // First-pass units first in program order, so they get the early stages.
        let second_pass = recirc::declare(&mut b, cfg);
        b.ingress(vec![if_(not(valid("park_rc")), vec![main], second_pass)]);
    } else {
        b.ingress(vec![main]);
    }
    b.build_unchecked()
}

fn declare_headers(b: &mut ProgramBuilder, blocks: usize, second: usize) {
    b.header("ethernet", &[("dst", 48), ("src", 48), ("ether_type", 16)]);
    b.header(
        "ipv4",
        &[
            ("version", 4),
            ("ihl", 4),
            ("tos", 8),
            ("total_len", 16),
            ("ident", 16),
            ("flags_frag", 16),
            ("ttl", 8),
            ("protocol", 8),
            ("checksum", 16),
            ("src", 32),
            ("dst", 32),
        ],
    );
    b.header(
        "tcp",
        &[
            ("src_port", 16),
            ("dst_port", 16),
            ("seq", 32),
            ("ack", 32),
            ("data_offset", 4),
            ("flags", 12),
            ("window", 16),
            ("checksum", 16),
            ("urgent", 16),
        ],
    );
    // The common 12-byte option block (NOP, NOP, timestamps) of data segments.
    b.header("tcp_opts", &[("o0", 64), ("o1", 32)]);
    b.header(
        "udp",
        &[
            ("src_port", 16),
            ("dst_port", 16),
            ("len", 16),
            ("checksum", 16),
        ],
    );
    let names: Vec<String> = (0..blocks).map(|i| format!("d{i}")).collect();
    let fields: Vec<(&str, u8)> = names.iter().map(|n| (n.as_str(), 64)).collect();
    b.header("park_pl", &fields);
    if second > 0 {
        let names: Vec<String> = (0..second).map(|i| format!("e{i}")).collect();
        let fields: Vec<(&str, u8)> = names.iter().map(|n| (n.as_str(), 64)).collect();
        b.header("park_pl2", &fields);
        // kind 0: store the second blocks; 1: load them. `port`: where to go then.
        b.header("park_rc", &[("kind", 8), ("port", 16), ("sid", 8)]);
    }
    b.header(
        "park",
        &[
            ("enb", 1),
            ("op", 1),
            ("rsvd", 6),
            ("magic", 8),
            ("check", 16),
            ("slot", 16),
            ("gen", 32),
        ],
    );
}

fn park_fields(blocks: usize, second: usize) -> Vec<String> {
    let mut v: Vec<String> = ["enb", "op", "rsvd", "magic", "check", "slot", "gen"]
        .iter()
        .map(|f| format!("park.{f}"))
        .collect();
    v.extend((0..blocks).map(|i| format!("park_pl.d{i}")));
    v.extend((0..second).map(|i| format!("park_pl2.e{i}")));
    v
}

fn declare_checksums(b: &mut ProgramBuilder, blocks: usize, second: usize) {
    let ip: Vec<String> = [
        "version",
        "ihl",
        "tos",
        "total_len",
        "ident",
        "flags_frag",
        "ttl",
        "protocol",
        "src",
        "dst",
    ]
    .iter()
    .map(|f| format!("ipv4.{f}"))
    .collect();
    let ip_refs: Vec<&str> = ip.iter().map(String::as_str).collect();
    b.checksum("ipv4_csum", "ipv4.checksum", &ip_refs, false);
    let parked = park_fields(blocks, second);
    // UDP: pseudo-header (addresses, protocol, length) + header (length again).
    let mut udp: Vec<String> = [
        "ipv4.src",
        "ipv4.dst",
        "ipv4.protocol",
        "udp.len",
        "udp.len",
    ]
    .iter()
    .chain(["udp.src_port", "udp.dst_port"].iter())
    .map(|s| s.to_string())
    .collect();
    udp.extend(parked.iter().cloned());
    let udp_refs: Vec<&str> = udp.iter().map(String::as_str).collect();
    b.checksum("udp_csum", "udp.checksum", &udp_refs, true);
    // TCP: the pseudo-header's TCP length is total_len minus a constant, so it
    // changes exactly as ipv4.total_len does (same 16-bit alignment).
    let mut tcp: Vec<String> = [
        "ipv4.src",
        "ipv4.dst",
        "ipv4.protocol",
        "ipv4.total_len",
        "tcp.src_port",
        "tcp.dst_port",
        "tcp.seq",
        "tcp.ack",
        "tcp.data_offset",
        "tcp.flags",
        "tcp.window",
        "tcp.urgent",
        "tcp_opts.o0",
        "tcp_opts.o1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    tcp.extend(parked);
    let tcp_refs: Vec<&str> = tcp.iter().map(String::as_str).collect();
    b.checksum("tcp_csum", "tcp.checksum", &tcp_refs, false);
}

fn declare_state(b: &mut ProgramBuilder, cfg: &ParkConfig) {
    let slices = u32::try_from(cfg.slices.len()).unwrap_or(u32::MAX);
    let slots = cfg.total_slots();
    b.register(RING, 16, slices);
    b.register(LAP, 32, slices);
    b.register(OCC, 32, slots);
    for i in 0..cfg.blocks() {
        b.register(&block_register(i), 64, slots);
    }
    for name in COUNTERS {
        b.counter(name, slices, CounterKind::Packets);
    }
    for (name, w) in [
        ("sid", 8),
        ("base", 16),
        ("last", 16),
        ("idx", 16),
        ("slot", 16),
        ("gen", 32),
        ("thr", 32),
        ("occ", 32),
        ("chk", 16),
        ("rel", 16),
        ("ok", 8),
        ("port", 16),
    ] {
        b.metadata(name, w);
    }
    b.hash(
        "park_tag_split",
        pipe::program::HashAlgo::Crc16,
        &["meta.slot", "meta.gen"],
        16,
    );
    b.hash(
        "park_tag_merge",
        pipe::program::HashAlgo::Crc16,
        &["park.slot", "park.gen"],
        16,
    );
}

/// Condition: an IPv4 packet whose TCP/UDP header (and TCP options) the parser
/// extracted, so a PayloadPark header can go right after it.
pub(crate) fn l4_parsed() -> pipe::program::Cond {
    or(
        valid("udp"),
        and(
            valid("tcp"),
            or(eq(f("tcp.data_offset"), c(5)), valid("tcp_opts")),
        ),
    )
}

/// Operations adding `delta` (two's complement, 16 bits) to the IPv4 total length
/// and, for UDP, to the UDP length.
pub(crate) fn adjust_lengths(a: ActionBuilder, udp: bool, add: bool, delta: u64) -> ActionBuilder {
    let op = if add {
        pipe::program::BinOp::Add
    } else {
        pipe::program::BinOp::Sub
    };
    let a = a.set("ipv4.total_len", bin(op, f("ipv4.total_len"), c(delta)));
    if udp {
        a.set("udp.len", bin(op, f("udp.len"), c(delta)))
    } else {
        a
    }
}
