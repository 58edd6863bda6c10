//! Tests for `tcp` (kept in their own file to keep `tcp.rs` readable).

use super::*;

// A Linux-style SYN 192.168.1.2:54321 → 93.184.216.34:80 with options MSS 1460,
// SACK-permitted, timestamps (TSval 123456, TSecr 0), NOP, window scale 7, and a 3-byte
// payload "GET". Checksum 0x9ad1 computed independently (Python, RFC 1071 over the
// pseudo-header and segment).
static SEGMENT: [u8; 43] = [
    0xd4, 0x31, 0x00, 0x50, 0x12, 0x34, 0x56, 0x78, 0x00, 0x00, 0x00, 0x00, 0xa0, 0x02, 0xfa, 0xf0,
    0x9a, 0xd1, 0x00, 0x00, 0x02, 0x04, 0x05, 0xb4, 0x04, 0x02, 0x08, 0x0a, 0x00, 0x01, 0xe2, 0x40,
    0x00, 0x00, 0x00, 0x00, 0x01, 0x03, 0x03, 0x07, 0x47, 0x45, 0x54,
];
const SRC: Ipv4Addr = Ipv4Addr::new(192, 168, 1, 2);
const DST: Ipv4Addr = Ipv4Addr::new(93, 184, 216, 34);

fn options() -> [TcpOption<'static>; 5] {
    [
        TcpOption::MaxSegmentSize(1460),
        TcpOption::SackPermitted,
        TcpOption::Timestamps {
            tsval: 123_456,
            tsecr: 0,
        },
        TcpOption::NoOperation,
        TcpOption::WindowScale(7),
    ]
}

fn repr() -> Repr {
    Repr {
        src_port: 54321,
        dst_port: 80,
        seq_number: 0x1234_5678,
        ack_number: 0,
        flags: TcpFlags::SYN,
        window: 64240,
        urgent: 0,
        options: TcpOption::encode(&options()).unwrap(),
    }
}

#[test]
fn deconstruct() {
    let p = Packet::new_checked(&SEGMENT[..]).unwrap();
    assert_eq!(p.src_port(), 54321);
    assert_eq!(p.dst_port(), 80);
    assert_eq!(p.seq_number(), 0x1234_5678);
    assert_eq!(p.ack_number(), 0);
    assert_eq!(p.header_len(), 40);
    assert_eq!(p.flags(), TcpFlags::SYN);
    assert_eq!(p.window(), 64240);
    assert_eq!(p.checksum(), 0x9ad1);
    assert!(p.verify_checksum(SRC, DST));
    assert!(!p.verify_checksum(SRC, Ipv4Addr::new(93, 184, 216, 35)));
    assert_eq!(p.payload(), b"GET");
    let opts: Vec<_> = p.option_iter().collect::<Result<_>>().unwrap();
    assert_eq!(opts, options());
}

#[test]
fn construct() {
    let mut b = [0u8; 43];
    let mut p = Packet::new_unchecked(&mut b[..]);
    p.set_src_port(54321);
    p.set_dst_port(80);
    p.set_seq_number(0x1234_5678);
    p.set_ack_number(0);
    p.set_header_len_and_flags(40, TcpFlags::SYN);
    p.set_window(64240);
    p.set_urgent(0);
    p.options_mut().copy_from_slice(&SEGMENT[20..40]);
    p.payload_mut().copy_from_slice(b"GET");
    p.fill_checksum(SRC, DST);
    assert_eq!(b, SEGMENT);
}

#[test]
fn parse() {
    let p = Packet::new_checked(&SEGMENT[..]).unwrap();
    assert_eq!(Repr::parse(&p).unwrap(), repr());
}

#[test]
fn emit() {
    let r = repr();
    let mut b = vec![0u8; r.buffer_len(3)];
    r.emit(&mut Packet::new_unchecked(&mut b[..]), b"GET", SRC, DST);
    assert_eq!(b, SEGMENT);
}

#[test]
fn flags_display_and_ops() {
    assert_eq!((TcpFlags::SYN | TcpFlags::ACK).to_string(), "S.");
    assert_eq!(
        (TcpFlags::FIN | TcpFlags::PSH | TcpFlags::ACK).to_string(),
        "FP."
    );
    assert_eq!(TcpFlags::NONE.to_string(), "none");
    let f = TcpFlags::SYN | TcpFlags::ACK;
    assert!(f.contains(TcpFlags::SYN) && !f.contains(TcpFlags::SYN | TcpFlags::FIN));
    assert!(f.intersects(TcpFlags::RST | TcpFlags::ACK));
    // All nine bits survive a round trip through the header.
    let mut b = [0u8; 20];
    let mut p = Packet::new_unchecked(&mut b[..]);
    p.set_header_len_and_flags(20, TcpFlags(0x1FF));
    assert_eq!(p.flags(), TcpFlags(0x1FF));
    assert_eq!(b[12], 0x51);
    assert_eq!(b[13], 0xFF);
}

#[test]
fn malformed_options_and_lengths() {
    let bad_mss = [2u8, 3, 5, 0];
    let got: Vec<_> = OptionIter::new(&bad_mss).collect();
    assert_eq!(got, vec![Err(Error::Malformed)]);
    let sack = [5u8, 10, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0];
    let got: Vec<_> = OptionIter::new(&sack).collect();
    assert_eq!(got, vec![Ok(TcpOption::Sack(&[0, 0, 0, 1, 0, 0, 0, 2]))]);
    assert_eq!(
        Packet::new_checked(&SEGMENT[..19]).unwrap_err(),
        Error::Truncated
    );
    assert_eq!(
        Packet::new_checked(&SEGMENT[..39]).unwrap_err(),
        Error::Truncated
    );
    let mut b = SEGMENT;
    b[12] = 0x40;
    assert_eq!(Packet::new_checked(&b[..]).unwrap_err(), Error::Malformed);
    let too_many = [TcpOption::Timestamps { tsval: 0, tsecr: 0 }; 5];
    assert_eq!(TcpOption::encode(&too_many).unwrap_err(), Error::Malformed);
}

#[test]
fn incremental_port_and_addr() {
    let mut b = SEGMENT;
    let mut p = Packet::new_checked(&mut b[..]).unwrap();
    let new_src = Ipv4Addr::new(198, 18, 0, 7);
    p.set_src_port_incremental(40000);
    p.set_dst_port_incremental(8080);
    p.update_checksum_for_addr(SRC, new_src);
    assert!(p.verify_checksum(new_src, DST));
}

proptest::proptest! {
    #[test]
    fn never_panics(data in proptest::collection::vec(proptest::num::u8::ANY, 0..80)) {
        if let Ok(mut p) = Packet::new_checked(data.clone()) {
            let _ = (p.seq_number(), p.ack_number(), p.flags(), p.window(), p.urgent());
            let _ = p.option_iter().count();
            let _ = p.verify_checksum(SRC, DST);
            p.set_src_port_incremental(1);
            p.payload_mut();
            if let Ok(r) = Repr::parse(&p) {
                let payload = p.payload().to_vec();
                let mut out = vec![0u8; r.buffer_len(payload.len())];
                r.emit(&mut Packet::new_unchecked(&mut out[..]), &payload, SRC, DST);
                let q = Packet::new_checked(&out[..]).unwrap();
                proptest::prop_assert_eq!(Repr::parse(&q).unwrap(), r);
                proptest::prop_assert!(q.verify_checksum(SRC, DST));
            }
        }
    }

    /// Port and pseudo-header address rewrites: incremental == full recomputation.
    #[test]
    fn incremental_equals_full(sp in proptest::num::u16::ANY, dp in proptest::num::u16::ANY,
                               nsp in proptest::num::u16::ANY, naddr in proptest::num::u32::ANY,
                               payload in proptest::collection::vec(proptest::num::u8::ANY, 0..40)) {
        let r = Repr { src_port: sp, dst_port: dp, ..repr() };
        let mut b = vec![0u8; r.buffer_len(payload.len())];
        let mut p = Packet::new_unchecked(&mut b[..]);
        r.emit(&mut p, &payload, SRC, DST);
        p.set_src_port_incremental(nsp);
        p.update_checksum_for_addr(DST, naddr.into());
        let inc = p.checksum();
        p.fill_checksum(SRC, naddr.into());
        proptest::prop_assert_eq!(inc, p.checksum());
    }
}
