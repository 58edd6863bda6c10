//! Representative programs: an L2/L3 forwarder, a NAT-like exact table with a
//! register counter, a ternary ACL, a program using recirculation and the CPU
//! port, and a per-port policer with meters. They exercise every feature of the model, are used by the tests, the
//! benchmark and the golden P4 files, and show how to write programs.

mod acl;
mod forwarder;
mod nat;
mod policer;
mod recirc;
mod table3;

pub use acl::acl;
pub use forwarder::l2l3_forwarder;
pub use nat::nat;
pub use policer::policer;
pub use recirc::recirc_cpu;
pub use table3::{
    TABLE3_PAPER, TABLE3_TABLES, Table3Op, mean_std_us, table3, table3_marks, table3_packet,
    table3_update, table3_visible,
};

use crate::builder::{ProgramBuilder, state};

/// Declares Ethernet, IPv4, TCP and UDP headers and a parser for them
/// (EtherType 0x0800 → IPv4; protocol 6 → TCP, 17 → UDP).
pub fn ethernet_ipv4_l4(b: &mut ProgramBuilder) {
    ethernet_ipv4_l4_and(b, &[]);
}

/// [`ethernet_ipv4_l4`] whose start state also branches on the EtherTypes
/// `more` name to the caller's own states.
pub fn ethernet_ipv4_l4_and(b: &mut ProgramBuilder, more: &[(u64, &str)]) {
    b.header("ethernet", &[("dst", 48), ("src", 48), ("ether_type", 16)]);
    b.header(
        "ipv4",
        &[
            ("version", 4),
            ("ihl", 4),
            ("dscp", 8),
            ("total_len", 16),
            ("id", 16),
            ("flags", 3),
            ("frag_offset", 13),
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
            ("reserved", 4),
            ("flags", 8),
            ("window", 16),
            ("checksum", 16),
            ("urgent", 16),
        ],
    );
    b.header(
        "udp",
        &[
            ("src_port", 16),
            ("dst_port", 16),
            ("len", 16),
            ("checksum", 16),
        ],
    );
    b.state(state("start").extract("ethernet").select(
        &["ethernet.ether_type"],
        &[&[(0x0800, "parse_ipv4")], more].concat(),
    ));
    b.state(
        state("parse_ipv4")
            .extract("ipv4")
            .select(&["ipv4.protocol"], &[(6, "parse_tcp"), (17, "parse_udp")]),
    );
    b.state(state("parse_tcp").extract("tcp").accept());
    b.state(state("parse_udp").extract("udp").accept());
}

/// Declares the IPv4 header checksum and the TCP and UDP checksums (with the
/// pseudo-header: addresses, protocol, and the length — `ipv4.total_len` stands for
/// the TCP length, which it changes with as long as the IHL does not; `udp.len`
/// occurs twice in the UDP checksum) as incremental checksum units.
pub fn l3l4_checksums(b: &mut ProgramBuilder) {
    b.checksum(
        "ipv4_csum",
        "ipv4.checksum",
        &[
            "ipv4.version",
            "ipv4.ihl",
            "ipv4.dscp",
            "ipv4.total_len",
            "ipv4.id",
            "ipv4.flags",
            "ipv4.frag_offset",
            "ipv4.ttl",
            "ipv4.protocol",
            "ipv4.src",
            "ipv4.dst",
        ],
        false,
    );
    b.checksum(
        "tcp_csum",
        "tcp.checksum",
        &[
            "ipv4.src",
            "ipv4.dst",
            "ipv4.protocol",
            "ipv4.total_len",
            "tcp.src_port",
            "tcp.dst_port",
            "tcp.seq",
            "tcp.ack",
            "tcp.data_offset",
            "tcp.reserved",
            "tcp.flags",
            "tcp.window",
            "tcp.urgent",
        ],
        false,
    );
    b.checksum(
        "udp_csum",
        "udp.checksum",
        &[
            "ipv4.src",
            "ipv4.dst",
            "ipv4.protocol",
            "udp.src_port",
            "udp.dst_port",
            "udp.len",
            "udp.len",
        ],
        true,
    );
}
