//! Packet builders and inspectors shared by the interpreter tests.
#![allow(dead_code)]

use std::net::Ipv4Addr;
use wire::build::{L3, tcp_frame, udp_frame};
use wire::{MacAddr, TcpFlags, tcp, udp};

pub const SYN: u16 = 0x002;
pub const ACK: u16 = 0x010;
pub const FIN_ACK: u16 = 0x011;
pub const RST: u16 = 0x004;

pub fn ip(s: &str) -> Ipv4Addr {
    s.parse().expect("address literal")
}

fn l3(src: &str, dst: &str) -> L3 {
    L3 {
        src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: ip(src),
        dst: ip(dst),
        ttl: 64,
        ident: 7,
    }
}

/// A checksummed TCP frame.
pub fn tcp(src: &str, sport: u16, dst: &str, dport: u16, flags: u16, payload: &[u8]) -> Vec<u8> {
    let t = tcp::Repr {
        src_port: sport,
        dst_port: dport,
        seq_number: 1000,
        ack_number: 0,
        flags: TcpFlags(flags),
        window: 65535,
        urgent: 0,
        options: Default::default(),
    };
    tcp_frame(&l3(src, dst), &t, payload)
}

/// A checksummed UDP frame.
pub fn udp(src: &str, sport: u16, dst: &str, dport: u16, payload: &[u8]) -> Vec<u8> {
    udp_frame(
        &l3(src, dst),
        &udp::Repr {
            src_port: sport,
            dst_port: dport,
        },
        payload,
    )
}

/// (src, sport, dst, dport) of a TCP or UDP frame, with a check that every checksum is right.
pub fn endpoints(frame: &[u8]) -> (Ipv4Addr, u16, Ipv4Addr, u16) {
    let h = wire::parse_frame(frame).expect("output frame parses");
    assert!(
        h.checksums().all_ok(),
        "bad checksum after rewrite: {:?}",
        h.checksums()
    );
    let ipp = h.ipv4().expect("ipv4");
    let (sp, dp) = match (h.tcp(), h.udp()) {
        (Some(t), _) => (t.src_port(), t.dst_port()),
        (_, Some(u)) => (u.src_port(), u.dst_port()),
        _ => panic!("not TCP/UDP"),
    };
    (ipp.src_addr(), sp, ipp.dst_addr(), dp)
}

/// Compiles an example program with overrides `NAME=VALUE`.
pub fn example(name: &str, sets: &[&str]) -> ir::Program {
    let mut o = lang::Overrides::new();
    for s in sets {
        o.set_assignment(s).expect("NAME=VALUE");
    }
    let path = format!("{}/../../examples/nf/{name}", env!("CARGO_MANIFEST_DIR"));
    match lang::compile_file(std::path::Path::new(&path), &o) {
        Ok(c) => c.program,
        Err(e) => panic!("{e}"),
    }
}

/// Compiles program text.
pub fn program(src: &str) -> ir::Program {
    let loader = |p: &str| -> Result<String, String> { Err(format!("no file {p}")) };
    match lang::compile("t", src, &lang::Overrides::new(), &loader) {
        Ok(c) => c.program,
        Err(d) => panic!("{}", d.render("t.nf", src)),
    }
}
