//! Hand-built frames for the tests (byte layouts from RFC 791/793/768, IEEE 802.3).
#![allow(dead_code)]

pub const MAC_A: u64 = 0x0200_0000_000a;
pub const MAC_B: u64 = 0x0200_0000_000b;

pub fn ethernet(dst: u64, src: u64, ether_type: u16) -> Vec<u8> {
    let mut v = Vec::new();
    v.extend_from_slice(&dst.to_be_bytes()[2..]);
    v.extend_from_slice(&src.to_be_bytes()[2..]);
    v.extend_from_slice(&ether_type.to_be_bytes());
    v
}

/// Ethernet + IPv4 (no options) + TCP (no options) + payload.
pub fn tcp(src: u32, dst: u32, sport: u16, dport: u16, ttl: u8, payload: &[u8]) -> Vec<u8> {
    let mut v = ethernet(MAC_B, MAC_A, 0x0800);
    let total = 20 + 20 + payload.len() as u16;
    v.extend_from_slice(&[
        0x45,
        0,
        (total >> 8) as u8,
        total as u8,
        0,
        1,
        0x40,
        0,
        ttl,
        6,
        0,
        0,
    ]);
    v.extend_from_slice(&src.to_be_bytes());
    v.extend_from_slice(&dst.to_be_bytes());
    v.extend_from_slice(&sport.to_be_bytes());
    v.extend_from_slice(&dport.to_be_bytes());
    v.extend_from_slice(&[0, 0, 0, 1, 0, 0, 0, 0, 0x50, 0x10, 0xff, 0xff, 0, 0, 0, 0]);
    v.extend_from_slice(payload);
    v
}

/// Ethernet + IPv4 + UDP + payload.
pub fn udp(src: u32, dst: u32, sport: u16, dport: u16, payload: &[u8]) -> Vec<u8> {
    let mut v = ethernet(MAC_B, MAC_A, 0x0800);
    let total = 20 + 8 + payload.len() as u16;
    v.extend_from_slice(&[
        0x45,
        0,
        (total >> 8) as u8,
        total as u8,
        0,
        1,
        0x40,
        0,
        64,
        17,
        0,
        0,
    ]);
    v.extend_from_slice(&src.to_be_bytes());
    v.extend_from_slice(&dst.to_be_bytes());
    v.extend_from_slice(&sport.to_be_bytes());
    v.extend_from_slice(&dport.to_be_bytes());
    let ulen = 8 + payload.len() as u16;
    v.extend_from_slice(&ulen.to_be_bytes());
    v.extend_from_slice(&[0, 0]);
    v.extend_from_slice(payload);
    v
}

pub const fn ip(a: u8, b: u8, c: u8, d: u8) -> u32 {
    u32::from_be_bytes([a, b, c, d])
}

/// Offsets into the frames built above.
pub const IP_TTL: usize = 14 + 8;
pub const IP_SRC: usize = 14 + 12;
pub const TCP_SPORT: usize = 34;
