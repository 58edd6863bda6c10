//! Frame builders shared by the park tests.
#![allow(dead_code)]

use std::net::Ipv4Addr;

use wire::build::{L3, tcp_frame, udp_frame};
use wire::{MacAddr, TcpFlags};

pub fn l3(src: u8, dst: u8) -> L3 {
    L3 {
        src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: Ipv4Addr::new(10, 0, 0, src),
        dst: Ipv4Addr::new(10, 1, 0, dst),
        ttl: 64,
        ident: 7,
    }
}

/// A UDP frame with `payload_len` payload bytes of a pattern seeded by `seed`.
pub fn udp(src: u8, sport: u16, payload_len: usize, seed: u8) -> Vec<u8> {
    let payload: Vec<u8> = (0..payload_len)
        .map(|i| (i as u8).wrapping_mul(31) ^ seed)
        .collect();
    udp_frame(
        &l3(src, 9),
        &wire::udp::Repr {
            src_port: sport,
            dst_port: 53,
        },
        &payload,
    )
}

/// A TCP data segment, with the 12-byte timestamp option block when `ts`.
pub fn tcp(src: u8, sport: u16, payload_len: usize, seed: u8, ts: bool) -> Vec<u8> {
    let payload: Vec<u8> = (0..payload_len)
        .map(|i| (i as u8).wrapping_mul(17) ^ seed)
        .collect();
    let mut options = wire::tcp::Repr {
        src_port: sport,
        dst_port: 443,
        seq_number: 1000 + u32::from(seed),
        ack_number: 5,
        flags: TcpFlags::ACK | TcpFlags::PSH,
        window: 512,
        urgent: 0,
        options: Default::default(),
    };
    if ts {
        // NOP, NOP, timestamps (kind 8, length 10): the usual data-segment options.
        let tsval = (u32::from(seed) * 3).to_be_bytes();
        let mut o = vec![1, 1, 8, 10];
        o.extend_from_slice(&tsval);
        o.extend_from_slice(&99u32.to_be_bytes());
        options.options = wire::options::OptionBytes::from_slice(&o).expect("12 bytes");
    }
    tcp_frame(&l3(src, 9), &options, &payload)
}
