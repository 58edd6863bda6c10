//! Tests for `headers::parse_frame`.

use super::*;
use crate::build::{self, L3};
use crate::ethernet::MacAddr;
use crate::tcp::{TcpFlags, TcpOption};
use std::net::Ipv4Addr;

// Ethernet 02:..:01 → 02:..:02, IPv4 10.0.0.1 → 10.0.0.2 (checksum 0x26c9), UDP
// 5353 → 53 "hello" (checksum 0x92e1); both checksums computed independently (Python).
static UDP_FRAME: [u8; 47] = [
    2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, 0x08, 0x00, //
    0x45, 0x00, 0x00, 0x21, 0x00, 0x01, 0x40, 0x00, 0x40, 0x11, 0x26, 0xc9, 10, 0, 0, 1, 10, 0, 0,
    2, //
    0x14, 0xe9, 0x00, 0x35, 0x00, 0x0d, 0x92, 0xe1, b'h', b'e', b'l', b'l', b'o',
];

fn l3(vlan: Option<u16>) -> L3 {
    L3 {
        src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
        vlan,
        src: Ipv4Addr::new(198, 18, 0, 1),
        dst: Ipv4Addr::new(198, 19, 0, 1),
        ttl: 64,
        ident: 7,
    }
}

fn syn() -> tcp::Repr {
    tcp::Repr {
        src_port: 40000,
        dst_port: 443,
        seq_number: 1,
        ack_number: 0,
        flags: TcpFlags::SYN,
        window: 65535,
        urgent: 0,
        options: TcpOption::encode(&[TcpOption::MaxSegmentSize(1460)]).unwrap(),
    }
}

#[test]
fn udp_reference_frame() {
    let h = parse_frame(&UDP_FRAME).unwrap();
    assert_eq!(h.ethernet.ethertype, EtherType::Ipv4);
    assert!(h.vlan.is_none());
    assert_eq!(
        h.offsets,
        Offsets {
            vlan: None,
            l3: 14,
            l4: Some(34),
            payload: 42,
            payload_len: 5
        }
    );
    assert_eq!(h.payload(), b"hello");
    let u = h.udp().unwrap();
    assert_eq!((u.src_port(), u.dst_port()), (5353, 53));
    assert_eq!(
        h.checksums(),
        ChecksumStatus {
            ipv4: Some(true),
            l4: Some(true)
        }
    );
}

#[test]
fn tagged_tcp_offsets() {
    let f = build::tcp_frame(&l3(Some(10)), &syn(), b"hi");
    let h = parse_frame(&f).unwrap();
    assert_eq!(h.vlan.unwrap().vid, 10);
    // 14 Ethernet + 4 tag + 20 IPv4 + 24 TCP (4 bytes of MSS option).
    assert_eq!(
        h.offsets,
        Offsets {
            vlan: Some(14),
            l3: 18,
            l4: Some(38),
            payload: 62,
            payload_len: 2
        }
    );
    assert_eq!(h.payload(), b"hi");
    assert_eq!(h.tcp().unwrap().flags(), TcpFlags::SYN);
    assert!(h.checksums().all_ok());
}

#[test]
fn ethernet_padding_is_not_payload() {
    let mut f = UDP_FRAME.to_vec();
    f.resize(60, 0);
    let h = parse_frame(&f).unwrap();
    assert_eq!(h.payload(), b"hello");
    assert!(h.checksums().all_ok());
}

#[test]
fn non_ipv4_is_not_an_error() {
    let mut arp = vec![0xff; 6];
    arp.extend_from_slice(&[2, 0, 0, 0, 0, 1, 0x08, 0x06]);
    arp.extend_from_slice(&[0; 28]);
    let h = parse_frame(&arp).unwrap();
    assert!(matches!(h.network, Network::Other(EtherType::Arp)));
    assert_eq!(h.payload().len(), 28);
    assert_eq!(
        h.checksums(),
        ChecksumStatus {
            ipv4: None,
            l4: None
        }
    );
}

#[test]
fn errors_name_header_and_offset() {
    let e = parse_frame(&UDP_FRAME[..10]).unwrap_err();
    assert_eq!(
        (e.layer, e.offset, e.kind),
        (Layer::Ethernet, 0, Error::Truncated)
    );
    let e = parse_frame(&UDP_FRAME[..30]).unwrap_err();
    assert_eq!(
        e,
        FrameError {
            layer: Layer::Ipv4,
            offset: 14,
            kind: Error::Truncated,
            available: 16
        }
    );
    assert_eq!(
        e.to_string(),
        "IPv4 header at byte 14: truncated (16 bytes available)"
    );
    let mut f = UDP_FRAME;
    f[39] = 4; // UDP length 4 < 8
    let e = parse_frame(&f).unwrap_err();
    assert_eq!(
        (e.layer, e.offset, e.kind),
        (Layer::Udp, 34, Error::Malformed)
    );
    let mut f = UDP_FRAME;
    f[14] = 0x65; // IP version 6 under EtherType IPv4
    assert_eq!(parse_frame(&f).unwrap_err().layer, Layer::Ipv4);
    let t = build::tcp_frame(&l3(Some(3)), &syn(), b"");
    let e = parse_frame(&t[..16]).unwrap_err();
    assert_eq!((e.layer, e.offset), (Layer::Vlan, 14));
    let mut bad = t.clone();
    bad[18 + 20 + 12] = 0x30; // TCP data offset 3 words
    let e = parse_frame(&bad).unwrap_err();
    assert_eq!(
        (e.layer, e.offset, e.kind),
        (Layer::Tcp, 38, Error::Malformed)
    );
}

#[test]
fn fragments_are_not_interpreted() {
    let mut f = UDP_FRAME;
    f[20] = 0x20; // MF, offset 0 (checksum now stale, which parsing does not check)
    let h = parse_frame(&f).unwrap();
    assert!(matches!(h.transport(), Some(Transport::Fragment)));
    assert_eq!(h.offsets.l4, None);
    assert_eq!(h.payload().len(), 13);
    assert_eq!(
        h.checksums(),
        ChecksumStatus {
            ipv4: Some(false),
            l4: None
        }
    );
}

#[test]
fn corrupt_payload_fails_checksum() {
    let mut f = UDP_FRAME;
    f[44] ^= 0x01;
    let c = parse_frame(&f).unwrap().checksums();
    assert_eq!(
        c,
        ChecksumStatus {
            ipv4: Some(true),
            l4: Some(false)
        }
    );
    assert!(!c.all_ok());
}

proptest::proptest! {
    #[test]
    fn never_panics_on_random_bytes(data in proptest::collection::vec(proptest::num::u8::ANY, 0..128)) {
        check_any(&data);
    }

    /// Valid frames with a few bytes overwritten and a random cut: reaches deep layers.
    #[test]
    fn never_panics_on_mutated_frames(edits in proptest::collection::vec((0usize..80, proptest::num::u8::ANY), 0..4),
                                      cut in 0usize..80, tagged in proptest::bool::ANY) {
        let mut f = build::tcp_frame(&l3(tagged.then_some(5)), &syn(), b"payload");
        for (i, b) in edits {
            if let Some(x) = f.get_mut(i) { *x = b; }
        }
        f.truncate(cut.max(1));
        check_any(&f);
    }
}

/// Parses, and when it succeeds exercises every accessor; offsets must lie in the frame.
fn check_any(data: &[u8]) {
    match parse_frame(data) {
        Ok(h) => {
            let o = h.offsets;
            assert!(o.payload + o.payload_len <= data.len());
            assert!(o.l4.is_none_or(|l4| l4 <= o.payload));
            let _ = (
                h.payload(),
                h.checksums(),
                h.ipv4().map(|i| i.options().len()),
            );
            if let Some(t) = h.tcp() {
                let _ = t.option_iter().count();
            }
            if let Some(i) = h.icmp() {
                let _ = i.quoted();
            }
        }
        Err(e) => assert!(e.offset <= data.len()),
    }
}

/// The fuzz seeds were written by an independent Python encoder (RFC 1071 checksums);
/// they must parse to the layers they were built as, with every checksum valid.
#[test]
fn fuzz_seeds_parse_with_valid_checksums() {
    let udp = parse_frame(include_bytes!("../../fuzz/seeds/parse_frame/udp.bin")).unwrap();
    assert_eq!(udp.payload(), b"hello");
    assert_eq!(
        udp.checksums(),
        ChecksumStatus {
            ipv4: Some(true),
            l4: Some(true)
        }
    );
    let tcp = parse_frame(include_bytes!("../../fuzz/seeds/parse_frame/vlan_tcp.bin")).unwrap();
    assert_eq!(tcp.vlan.map(|v| (v.pcp, v.vid)), Some((5, 100)));
    assert_eq!(tcp.ipv4().unwrap().options(), &[0x94, 4, 0, 0]);
    assert_eq!(
        tcp.offsets,
        Offsets {
            vlan: Some(14),
            l3: 18,
            l4: Some(42),
            payload: 82,
            payload_len: 3
        }
    );
    assert_eq!(
        tcp.checksums(),
        ChecksumStatus {
            ipv4: Some(true),
            l4: Some(true)
        }
    );
    let icmp = parse_frame(include_bytes!(
        "../../fuzz/seeds/parse_frame/icmp_unreach.bin"
    ))
    .unwrap();
    assert_eq!(
        icmp.checksums(),
        ChecksumStatus {
            ipv4: Some(true),
            l4: Some(true)
        }
    );
    assert_eq!(
        icmp.icmp().unwrap().quoted().unwrap().ports,
        Some((5353, 53))
    );
    let arp = parse_frame(include_bytes!("../../fuzz/seeds/parse_frame/arp.bin")).unwrap();
    assert!(matches!(arp.network, Network::Other(EtherType::Arp)));
}
