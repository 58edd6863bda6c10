//! Hand-built frames (byte layouts from RFC 791/793/768, IEEE 802.3) and table updates for the tests.
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
    fill_checksums(&mut v);
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
    fill_checksums(&mut v);
    v
}

pub const fn ip(a: u8, b: u8, c: u8, d: u8) -> u32 {
    u32::from_be_bytes([a, b, c, d])
}

/// Offsets into the frames built above.
pub const IP_TTL: usize = 14 + 8;
pub const IP_SRC: usize = 14 + 12;
pub const TCP_SPORT: usize = 34;

/// RFC 1071 ones'-complement sum of big-endian 16-bit words (odd byte padded),
/// written here independently of the code under test.
pub fn ones_sum(data: &[u8]) -> u16 {
    let mut acc: u32 = 0;
    for c in data.chunks(2) {
        let w = if c.len() == 2 {
            u32::from(c[0]) << 8 | u32::from(c[1])
        } else {
            u32::from(c[0]) << 8
        };
        acc += w;
        acc = (acc & 0xffff) + (acc >> 16);
    }
    acc as u16
}

/// The L4 segment summed with its IPv4 pseudo-header (RFC 793 §3.1, RFC 768).
fn l4_sum(frame: &[u8]) -> u16 {
    let seg = &frame[34..];
    let mut pseudo = Vec::new();
    pseudo.extend_from_slice(&frame[26..34]);
    pseudo.extend_from_slice(&[0, frame[23]]);
    pseudo.extend_from_slice(&(seg.len() as u16).to_be_bytes());
    let a = ones_sum(&pseudo) as u32 + ones_sum(seg) as u32;
    ((a & 0xffff) + (a >> 16)) as u16
}

/// Writes correct IPv4 and TCP/UDP checksums into an Ethernet/IPv4 frame.
pub fn fill_checksums(v: &mut [u8]) {
    v[24] = 0;
    v[25] = 0;
    let c = !ones_sum(&v[14..34]);
    v[24..26].copy_from_slice(&c.to_be_bytes());
    let at = if v[23] == 6 { 34 + 16 } else { 34 + 6 };
    v[at] = 0;
    v[at + 1] = 0;
    let mut c = !l4_sum(v);
    if v[23] == 17 && c == 0 {
        c = 0xffff;
    }
    v[at..at + 2].copy_from_slice(&c.to_be_bytes());
}

/// True when the IPv4 header checksum of a frame verifies.
pub fn ipv4_ok(frame: &[u8]) -> bool {
    ones_sum(&frame[14..34]) == 0xffff
}

/// True when the TCP/UDP checksum (with pseudo-header) of a frame verifies.
pub fn l4_ok(frame: &[u8]) -> bool {
    l4_sum(frame) == 0xffff
}

/// A program whose action writes fields of header `tag` while it is invalid,
/// then makes it valid and writes one more field: a plain move
/// (`tag.a`), a hash (`tag.b`) and a register output (`tag.c`) are written
/// too early and must be discarded; `tag.d`, written after `set_valid`, is
/// kept. P4 targets (BMv2) emit `tag` as `0, 0, 0, 7`. The register still
/// counts the packet (the access happens, only its output is lost).
pub fn early_writes() -> pipe::Program {
    use pipe::builder::*;
    use pipe::program::{BinOp, HashAlgo, RegExpr, RegOut};
    let mut b = ProgramBuilder::new("early_writes");
    b.header("ethernet", &[("dst", 48), ("src", 48), ("ether_type", 16)]);
    b.header("tag", &[("a", 16), ("b", 8), ("c", 8), ("d", 8)]);
    b.deparser(&["ethernet", "tag"]);
    b.state(state("start").extract("ethernet").accept());
    b.register("seen", 8, 1);
    b.reg_action(reg_action("bump", "seen").then(
        Some(RegExpr::Bin(BinOp::Add, mem(), leaf(c(1)))),
        RegOut::New,
    ));
    b.hash("h", HashAlgo::Crc16, &["ethernet.src"], 8);
    b.action(
        action("tag_it")
            .assign("tag.a", f("ethernet.ether_type"))
            .hash("h", "tag.b")
            .reg_exec("bump", c(0), Some("tag.c"))
            .set_valid("tag")
            .assign("tag.d", c(7))
            .forward(c(1)),
    );
    b.ingress(vec![run("tag_it", &[])]);
    b.build().expect("early_writes is a valid program")
}

/// A change of key `k` of table `t` (action `set`, one argument `v`) in an
/// atomic update: `kind` 0 inserts, 1 modifies, anything else deletes.
pub fn update(kind: u8, k: u8, v: u8) -> pipe::Update {
    let entry = pipe::TableEntry::exact(&[u64::from(k)], "set", &[u64::from(v)]);
    match kind {
        0 => pipe::Update::Insert {
            table: "t".into(),
            entry,
        },
        1 => pipe::Update::Modify {
            table: "t".into(),
            entry,
        },
        _ => pipe::Update::Delete {
            table: "t".into(),
            key: entry.key,
            priority: 0,
        },
    }
}

/// A switch running `program` on Gallium's serial channel, or on the batched
/// one.
pub fn switch_on(program: pipe::Program, batched: bool) -> pipe::Switch {
    let mut sw = pipe::Switch::new(program).expect("valid test program");
    if batched {
        let mut l = sw.latency();
        l.channel = pipe::Channel::batched();
        sw.set_latency(l);
    }
    sw
}
