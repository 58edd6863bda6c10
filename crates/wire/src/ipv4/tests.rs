//! Tests for `ipv4` (kept in their own file to keep `ipv4.rs` readable).

use super::*;

// The Wikipedia "IPv4 header checksum" example: UDP, 115 bytes total, DF, TTL 64,
// 192.168.0.1 → 192.168.0.199, checksum 0xb861 (verified independently in
// checksum::tests::ipv4_header_example).
static HEADER: [u8; 20] = [
    0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11, 0xb8, 0x61, 0xc0, 0xa8, 0x00, 0x01,
    0xc0, 0xa8, 0x00, 0xc7,
];

fn packet_bytes() -> Vec<u8> {
    let mut v = HEADER.to_vec();
    v.extend(std::iter::repeat_n(0xAA, 0x73 - 20));
    v
}

fn repr() -> Repr {
    Repr {
        ident: 0,
        ..Repr::new(
            Ipv4Addr::new(192, 168, 0, 1),
            Ipv4Addr::new(192, 168, 0, 199),
            IpProtocol::Udp,
            95,
            64,
        )
    }
}

// IHL 6 with a Router Alert option, MF set and offset 1, UDP, 10.0.0.1 → 10.0.0.2,
// 4 payload bytes; checksum 0x9f95 computed independently (Python, RFC 1071 sum).
static WITH_OPTIONS: [u8; 28] = [
    0x46, 0x00, 0x00, 0x1c, 0x12, 0x34, 0x20, 0x01, 0x40, 0x11, 0x9f, 0x95, 10, 0, 0, 1, 10, 0, 0,
    2, 0x94, 0x04, 0x00, 0x00, 1, 2, 3, 4,
];

#[test]
fn deconstruct() {
    let bytes = packet_bytes();
    let p = Packet::new_checked(&bytes[..]).unwrap();
    assert_eq!(p.version(), 4);
    assert_eq!(p.header_len(), 20);
    assert_eq!(p.total_len(), 115);
    assert!(p.dont_frag() && !p.more_frags() && p.frag_offset() == 0);
    assert_eq!(p.ttl(), 64);
    assert_eq!(p.protocol(), IpProtocol::Udp);
    assert_eq!(p.checksum(), 0xb861);
    assert!(p.verify_checksum());
    assert_eq!(p.src_addr(), Ipv4Addr::new(192, 168, 0, 1));
    assert_eq!(p.dst_addr(), Ipv4Addr::new(192, 168, 0, 199));
    assert_eq!(p.payload().len(), 95);
    assert!(p.options().is_empty());
}

#[test]
fn construct() {
    let mut bytes = vec![0xAAu8; 115];
    let mut p = Packet::new_unchecked(&mut bytes[..]);
    p.set_version_and_header_len(4, 20);
    p.set_dscp_ecn(0, 0);
    p.set_total_len(115);
    p.set_ident(0);
    p.set_frag(true, false, 0);
    p.set_ttl(64);
    p.set_protocol(IpProtocol::Udp);
    p.set_src_addr(Ipv4Addr::new(192, 168, 0, 1));
    p.set_dst_addr(Ipv4Addr::new(192, 168, 0, 199));
    p.fill_checksum();
    assert_eq!(bytes, packet_bytes());
}

#[test]
fn parse() {
    let bytes = packet_bytes();
    assert_eq!(
        Repr::parse(&Packet::new_checked(&bytes[..]).unwrap()).unwrap(),
        repr()
    );
}

#[test]
fn emit() {
    let mut bytes = vec![0xAAu8; 115];
    repr().emit(&mut Packet::new_unchecked(&mut bytes[..]));
    assert_eq!(bytes, packet_bytes());
}

#[test]
fn options_and_fragments() {
    let p = Packet::new_checked(&WITH_OPTIONS[..]).unwrap();
    assert!(p.verify_checksum());
    assert_eq!(p.header_len(), 24);
    assert!(p.more_frags() && !p.dont_frag() && p.is_fragment());
    assert_eq!(p.frag_offset(), 1);
    assert_eq!(p.payload(), &[1, 2, 3, 4]);
    let opts: Vec<_> = p.option_iter().collect();
    assert_eq!(opts, vec![Ok(Ipv4Option::RouterAlert(0))]);
    let r = Repr::parse(&p).unwrap();
    assert_eq!(r.options.as_slice(), &[0x94, 4, 0, 0]);
    let mut out = [0u8; 28];
    out[24..].copy_from_slice(&[1, 2, 3, 4]);
    r.emit(&mut Packet::new_unchecked(&mut out[..]));
    assert_eq!(out, WITH_OPTIONS);
}

#[test]
fn bad_lengths() {
    let mut b = packet_bytes();
    assert_eq!(Packet::new_checked(&b[..19]).unwrap_err(), Error::Truncated);
    assert_eq!(
        Packet::new_checked(&b[..114]).unwrap_err(),
        Error::Truncated
    );
    b[0] = 0x44;
    assert_eq!(Packet::new_checked(&b[..]).unwrap_err(), Error::Malformed);
    b[0] = 0x45;
    b[3] = 19;
    assert_eq!(Packet::new_checked(&b[..]).unwrap_err(), Error::Malformed);
    b[3] = 0x73;
    b[0] = 0x65;
    let p = Packet::new_checked(&b[..]).unwrap();
    assert_eq!(Repr::parse(&p).unwrap_err(), Error::Malformed);
    // Trailing Ethernet padding is allowed and excluded from the payload.
    let mut padded = packet_bytes();
    padded.extend_from_slice(&[0; 6]);
    assert_eq!(
        Packet::new_checked(&padded[..]).unwrap().payload().len(),
        95
    );
}

#[test]
fn incremental_rfc_example() {
    // Rewriting 192.168.0.199 → 192.168.0.1 on the example: expected checksum
    // recomputed independently (Python): 0xb927.
    let mut b = packet_bytes();
    let mut p = Packet::new_checked(&mut b[..]).unwrap();
    p.set_dst_addr_incremental(Ipv4Addr::new(192, 168, 0, 1));
    assert_eq!(p.checksum(), 0xb927);
    assert!(p.verify_checksum());
}

proptest::proptest! {
    #[test]
    fn never_panics(data in proptest::collection::vec(proptest::num::u8::ANY, 0..80)) {
        if let Ok(mut p) = Packet::new_checked(data.clone()) {
            let _ = (p.dscp(), p.ecn(), p.ident(), p.frag_offset(), p.ttl(), p.verify_checksum());
            let _ = p.option_iter().count();
            let _ = p.payload().len();
            p.payload_mut();
            p.options_mut();
            p.set_src_addr_incremental(Ipv4Addr::new(1, 2, 3, 4));
            if let Ok(r) = Repr::parse(&p) {
                let mut out = vec![0u8; r.buffer_len() + r.payload_len];
                r.emit(&mut Packet::new_unchecked(&mut out[..]));
                let q = Packet::new_checked(&out[..]).unwrap();
                proptest::prop_assert_eq!(Repr::parse(&q).unwrap(), r);
                proptest::prop_assert!(q.verify_checksum());
            }
        }
    }

    /// Incremental address/TTL rewrites give exactly the fully recomputed checksum.
    #[test]
    fn incremental_equals_full(src in proptest::num::u32::ANY, dst in proptest::num::u32::ANY,
                               nsrc in proptest::num::u32::ANY, ndst in proptest::num::u32::ANY,
                               ttl in proptest::num::u8::ANY, nttl in proptest::num::u8::ANY,
                               ident in proptest::num::u16::ANY) {
        let r = Repr { ident, ..Repr::new(src.into(), dst.into(), IpProtocol::Tcp, 0, ttl) };
        let mut b = [0u8; 20];
        let mut p = Packet::new_unchecked(&mut b[..]);
        r.emit(&mut p);
        p.set_src_addr_incremental(nsrc.into());
        p.set_dst_addr_incremental(ndst.into());
        p.set_ttl_incremental(nttl);
        let inc = p.checksum();
        p.fill_checksum();
        proptest::prop_assert_eq!(inc, p.checksum());
    }
}
