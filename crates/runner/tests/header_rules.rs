//! The switch parser and the reference interpreter find the same headers in
//! every frame (docs/LANGUAGE.md, "The packet"): frames with IPv4 options,
//! fragments, other IP versions, odd IHL and TCP data offsets, length fields
//! that disagree with the frame, one 802.1Q tag, and truncation run through
//! every example partitioned and on the reference with no divergence.
//!
//! Regression: a UDP frame whose length field overran the frame, an IPv4 header
//! with options and a non-first fragment each diverged before the parse rules
//! were made the same on both sides.

mod common;

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use runner::InputSpec;
use runner::check::check_pcaps;

const EXAMPLES: [&str; 5] = [
    "mazunat.nf",
    "lb.nf",
    "firewall.nf",
    "proxy.nf",
    "trojan.nf",
];

/// A temporary directory removed when the test ends, pass or fail.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("tandem-header-rules-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn checksum(bytes: &[u8]) -> u16 {
    let mut sum = 0u32;
    for c in bytes.chunks(2) {
        let w = u16::from_be_bytes([c[0], c.get(1).copied().unwrap_or(0)]);
        sum += u32::from(w);
    }
    while sum >> 16 != 0 {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    !(sum as u16)
}

/// How one frame departs from a well-formed one.
#[derive(Debug, Clone)]
struct Mutation {
    version: Option<u8>,
    /// 32-bit words of IPv4 options inserted (the IHL grows with them).
    options: u8,
    /// IHL written regardless of the header's real length.
    ihl: Option<u8>,
    flags_offset: Option<u16>,
    protocol: Option<u8>,
    total_len: Option<u16>,
    data_offset: Option<u8>,
    udp_len: Option<u16>,
    vlan: bool,
    truncate: Option<usize>,
}

fn mutation() -> impl Strategy<Value = Mutation> {
    (
        (
            prop::option::weighted(0.2, 0u8..16),
            prop_oneof![4 => Just(0u8), 1 => 1u8..4],
            prop::option::weighted(0.15, 0u8..16),
            prop::option::weighted(
                0.3,
                prop_oneof![Just(0x2000u16), Just(0x4000), 1u16..0x2000, any::<u16>()],
            ),
            prop::option::weighted(0.1, prop_oneof![Just(1u8), any::<u8>()]),
        ),
        (
            prop::option::weighted(0.2, any::<u16>()),
            prop::option::weighted(0.2, 0u8..16),
            prop::option::weighted(0.2, any::<u16>()),
            prop::bool::weighted(0.1),
            prop::option::weighted(0.15, 0usize..80),
        ),
    )
        .prop_map(
            |(
                (version, options, ihl, flags_offset, protocol),
                (total_len, data_offset, udp_len, vlan, truncate),
            )| Mutation {
                version,
                options,
                ihl,
                flags_offset,
                protocol,
                total_len,
                data_offset,
                udp_len,
                vlan,
                truncate,
            },
        )
}

/// A well-formed TCP or UDP frame of flow `flow` in the direction of `port`,
/// with `m` applied; IPv4 checksum recomputed after the mutation (the L4
/// checksum is left as the mutation makes it: nothing here verifies it).
fn frame(flow: u8, port: u16, tcp: bool, seq: u32, m: &Mutation) -> Vec<u8> {
    let inside = [198, 18, 0, 10 + flow % 8];
    let outside = [198, 19, 0, 1 + flow % 3];
    let (src, dst, sport, dport) = if port == 0 {
        (inside, outside, 40_000 + u16::from(flow), 80)
    } else {
        (outside, inside, 80, 40_000 + u16::from(flow))
    };
    let payload = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n";
    let mut l4 = Vec::new();
    l4.extend_from_slice(&sport.to_be_bytes());
    l4.extend_from_slice(&dport.to_be_bytes());
    if tcp {
        l4.extend_from_slice(&seq.to_be_bytes());
        l4.extend_from_slice(&0u32.to_be_bytes());
        l4.push(m.data_offset.unwrap_or(5) << 4);
        l4.push(if seq == 0 { 0x02 } else { 0x18 });
        l4.extend_from_slice(&[0xff, 0xff, 0, 0, 0, 0]);
    } else {
        let len = m.udp_len.unwrap_or(8 + payload.len() as u16);
        l4.extend_from_slice(&len.to_be_bytes());
        l4.extend_from_slice(&[0, 0]);
    }
    l4.extend_from_slice(payload);
    let options = usize::from(m.options) * 4;
    let hl = 20 + options;
    let total = m.total_len.unwrap_or((hl + l4.len()) as u16);
    let mut ip = vec![
        (m.version.unwrap_or(4) << 4) | m.ihl.unwrap_or((hl / 4) as u8),
        0,
    ];
    ip.extend_from_slice(&total.to_be_bytes());
    ip.extend_from_slice(&[0, 1]);
    ip.extend_from_slice(&m.flags_offset.unwrap_or(0x4000).to_be_bytes());
    ip.push(64);
    ip.push(m.protocol.unwrap_or(if tcp { 6 } else { 17 }));
    ip.extend_from_slice(&[0, 0]);
    ip.extend_from_slice(&src);
    ip.extend_from_slice(&dst);
    ip.extend(std::iter::repeat_n(1u8, options));
    let c = checksum(&ip);
    ip[10..12].copy_from_slice(&c.to_be_bytes());
    let mut f = vec![2, 0, 198, 19, 0, 1, 2, 0, 198, 18, 0, 64];
    if m.vlan {
        f.extend_from_slice(&[0x81, 0x00, 0x00, 0x07]);
    }
    f.extend_from_slice(&[0x08, 0x00]);
    f.extend_from_slice(&ip);
    f.extend_from_slice(&l4);
    if let Some(n) = m.truncate {
        f.truncate(n);
    }
    f
}

/// Writes `frames` (1 µs apart) as a classic little-endian pcap.
fn write_pcap(path: &Path, frames: &[Vec<u8>]) {
    let mut out = Vec::new();
    out.extend_from_slice(&0xa1b2_c3d4u32.to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&4u16.to_le_bytes());
    out.extend_from_slice(&[0; 8]);
    out.extend_from_slice(&65_535u32.to_le_bytes());
    out.extend_from_slice(&1u32.to_le_bytes());
    for (i, f) in frames.iter().enumerate() {
        out.extend_from_slice(&1_700_000_000u32.to_le_bytes());
        out.extend_from_slice(&(i as u32).to_le_bytes());
        out.extend_from_slice(&(f.len() as u32).to_le_bytes());
        out.extend_from_slice(&(f.len() as u32).to_le_bytes());
        out.extend_from_slice(f);
    }
    std::fs::write(path, out).expect("write pcap");
}

/// One packet of the sequence: flow, direction, TCP or UDP, mutated or not.
fn packet() -> impl Strategy<Value = (u8, u16, bool, Option<Mutation>)> {
    (
        0u8..6,
        0u16..2,
        any::<bool>(),
        prop::option::weighted(0.5, mutation()),
    )
}

fn check_all(dir: &Path, pkts: &[(u8, u16, bool, Option<Mutation>)]) -> Result<(), String> {
    let clean = Mutation {
        version: None,
        options: 0,
        ihl: None,
        flags_offset: None,
        protocol: None,
        total_len: None,
        data_offset: None,
        udp_len: None,
        vlan: false,
        truncate: None,
    };
    let (mut port0, mut port1) = (Vec::new(), Vec::new());
    for (i, (flow, port, tcp, m)) in pkts.iter().enumerate() {
        let f = frame(*flow, *port, *tcp, i as u32, m.as_ref().unwrap_or(&clean));
        if *port == 0 { &mut port0 } else { &mut port1 }.push(f);
    }
    let (p0, p1) = (dir.join("port0.pcap"), dir.join("port1.pcap"));
    write_pcap(&p0, &port0);
    write_pcap(&p1, &port1);
    let specs = [
        InputSpec { port: 0, path: p0 },
        InputSpec { port: 1, path: p1 },
    ];
    for nf in EXAMPLES {
        let c = common::compile(nf, &[]);
        let r = check_pcaps(
            &c.program,
            &compiler::Options::default(),
            &specs,
            &mut |_, _| {},
        )
        .map_err(|e| format!("{nf}: {e}"))?;
        if !r.equivalent() {
            return Err(format!(
                "{nf}: {} divergences, first {:?}",
                r.divergences.len(),
                r.divergences.first()
            ));
        }
    }
    Ok(())
}

#[test]
fn options_fragments_vlan_and_bad_lengths_regressions() {
    let dir = TempDir::new("fixed");
    let base = Mutation {
        version: None,
        options: 0,
        ihl: None,
        flags_offset: None,
        protocol: None,
        total_len: None,
        data_offset: None,
        udp_len: None,
        vlan: false,
        truncate: None,
    };
    let cases = [
        Mutation {
            udp_len: Some(0x0900),
            ..base.clone()
        },
        Mutation {
            options: 1,
            ..base.clone()
        },
        Mutation {
            flags_offset: Some(10),
            ..base.clone()
        },
        Mutation {
            flags_offset: Some(0x2000),
            ..base.clone()
        },
        Mutation {
            vlan: true,
            ..base.clone()
        },
        Mutation {
            total_len: Some(400),
            ..base.clone()
        },
        Mutation {
            data_offset: Some(3),
            ..base.clone()
        },
        Mutation {
            version: Some(6),
            ..base.clone()
        },
    ];
    for (i, m) in cases.iter().enumerate() {
        for tcp in [false, true] {
            // A clean packet opens the flow from inside, the mutated one follows
            // in each direction, and a mutated one opens a flow of its own.
            let pkts = vec![
                (0, 0, tcp, None),
                (0, 0, tcp, Some(m.clone())),
                (0, 1, tcp, Some(m.clone())),
                (1, 0, tcp, Some(m.clone())),
                (1, 1, tcp, None),
            ];
            if let Err(e) = check_all(&dir.0, &pkts) {
                panic!("case {i} ({m:?}, tcp {tcp}): {e}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn switch_and_reference_find_the_same_headers(
        pkts in prop::collection::vec(packet(), 1..24),
    ) {
        let dir = TempDir::new("prop");
        check_all(&dir.0, &pkts).map_err(TestCaseError::fail)?;
    }
}
