//! pcap/pcapng reading and writing: round trips, files built byte by byte from the
//! format specifications, and faulty files (what and where, no panic, nothing lost).

mod common;

use proptest::prelude::*;
use trace::pcap::{Format, Packet, PcapReader, PcapWriter, Resolution};
use trace::stats::read_stats;
use trace::{PcapError, Position};

fn packets() -> Vec<Packet> {
    (0..5u8)
        .map(|i| Packet {
            ts_ns: 1_600_000_000_123_456_789 + u64::from(i) * 1_001,
            orig_len: 60 + u32::from(i),
            data: vec![i; 60 + usize::from(i)],
        })
        .collect()
}

fn write(resolution: Resolution, big: bool, ps: &[Packet]) -> Vec<u8> {
    let mut w =
        PcapWriter::with_byte_order(Vec::new(), resolution, big).unwrap_or_else(|e| panic!("{e}"));
    for p in ps {
        w.write(p.ts_ns, &p.data).unwrap_or_else(|e| panic!("{e}"));
    }
    w.into_inner()
}

/// Reads until the end or the first error; returns both.
fn read_until_error(bytes: &[u8]) -> (Vec<Packet>, Option<PcapError>) {
    let reader = match PcapReader::new(bytes) {
        Ok(r) => r,
        Err(e) => return (Vec::new(), Some(e)),
    };
    let mut out = Vec::new();
    for item in reader {
        match item {
            Ok(p) => out.push(p),
            Err(e) => return (out, Some(e)),
        }
    }
    (out, None)
}

#[test]
fn round_trip_nanosecond_is_exact_in_both_byte_orders() {
    for big in [false, true] {
        let bytes = write(Resolution::Nanosecond, big, &packets());
        let r = PcapReader::new(&bytes[..]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            r.format(),
            Format::Pcap {
                nanosecond: true,
                big_endian: big
            }
        );
        let back: Vec<Packet> = r.map(|p| p.unwrap_or_else(|e| panic!("{e}"))).collect();
        assert_eq!(back, packets());
    }
}

#[test]
fn round_trip_microsecond_truncates_to_microseconds() {
    let back = common::read_all(&write(Resolution::Microsecond, false, &packets()));
    for (a, b) in back.iter().zip(packets()) {
        assert_eq!(a.ts_ns, b.ts_ns / 1000 * 1000);
        assert_eq!(a.data, b.data);
    }
    assert_eq!(back.len(), 5);
}

/// A little-endian microsecond pcap written by hand per the libpcap format:
/// 24-byte header (magic, 2.4, thiszone, sigfigs, snaplen, linktype), then records
/// (ts_sec, ts_usec, incl_len, orig_len, data).
/// (ts_sec, ts_usec, incl_len, orig_len, data) of one record.
type Record<'a> = (u32, u32, u32, u32, &'a [u8]);

fn hand_pcap(linktype: u32, records: &[Record<'_>]) -> Vec<u8> {
    let mut b = Vec::new();
    b.extend(0xa1b2_c3d4u32.to_le_bytes());
    b.extend(2u16.to_le_bytes());
    b.extend(4u16.to_le_bytes());
    b.extend(0u32.to_le_bytes());
    b.extend(0u32.to_le_bytes());
    b.extend(65_535u32.to_le_bytes());
    b.extend(linktype.to_le_bytes());
    for (s, us, incl, orig, data) in records {
        for v in [s, us, incl, orig] {
            b.extend(v.to_le_bytes());
        }
        b.extend(*data);
    }
    b
}

#[test]
fn hand_built_pcap_reads_with_its_timestamps() {
    let bytes = hand_pcap(1, &[(10, 999_999, 3, 3, b"abc"), (11, 0, 2, 100, b"xy")]);
    let p = common::read_all(&bytes);
    assert_eq!(
        p[0],
        Packet {
            ts_ns: 10_999_999_000,
            orig_len: 3,
            data: b"abc".to_vec()
        }
    );
    // A capture cut at the snap length keeps orig_len > incl_len.
    assert_eq!(
        p[1],
        Packet {
            ts_ns: 11_000_000_000,
            orig_len: 100,
            data: b"xy".to_vec()
        }
    );
}

#[test]
fn empty_text_and_gzip_files_are_not_pcap() {
    for (bytes, needle) in [
        (&b""[..], "empty"),
        (&b"hello, world\n"[..], "0x68656c6c"),
        (&[0x1f, 0x8b, 8, 0, 0, 0, 0, 0][..], "gzip"),
        (&b"ab"[..], "2 bytes"),
    ] {
        match PcapReader::new(bytes) {
            Err(e @ PcapError::NotPcap { .. }) => assert!(e.to_string().contains(needle), "{e}"),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn truncated_header_is_reported_at_offset_zero() {
    let bytes = write(Resolution::Microsecond, false, &[]);
    match PcapReader::new(&bytes[..10]) {
        Err(PcapError::Truncated {
            what,
            at,
            needed,
            available,
        }) => {
            assert_eq!(
                (what, at.offset, needed, available),
                ("pcap file header", 0, 24, 10)
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn truncation_inside_packet_three_keeps_packets_one_and_two() {
    let bytes = write(Resolution::Nanosecond, false, &packets());
    // Records are 16 + 60 + i bytes: packet 3 starts at 24 + 76 + 77 = 177.
    let cut = &bytes[..177 + 30];
    let (got, err) = read_until_error(cut);
    assert_eq!(got, packets()[..2].to_vec());
    match err {
        Some(PcapError::Truncated {
            what,
            at,
            needed,
            available,
        }) => {
            assert_eq!(
                at,
                Position {
                    offset: 177,
                    packet: 3
                }
            );
            assert_eq!((what, needed, available), ("packet record", 16 + 62, 30));
        }
        other => panic!("{other:?}"),
    }
    let msg = read_until_error(cut)
        .1
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        msg.contains("byte offset 177") && msg.contains("packet 3"),
        "{msg}"
    );
}

#[test]
fn truncated_record_header_is_reported() {
    let bytes = write(Resolution::Nanosecond, false, &packets()[..1]);
    let mut cut = bytes.clone();
    cut.extend([0u8; 5]);
    let (got, err) = read_until_error(&cut);
    assert_eq!(got.len(), 1);
    assert!(
        matches!(
            err,
            Some(PcapError::Truncated {
                what: "packet record header",
                at: Position {
                    offset: 100,
                    packet: 2
                },
                needed: 16,
                available: 5
            })
        ),
        "{err:?}"
    );
}

#[test]
fn corrupt_records_name_the_field() {
    let cases: [(&[Record<'_>], &str); 3] = [
        (
            &[(1, 0, 1, 1, b"a"), (2, 0, 4, 2, b"abcd")],
            "exceeds original length",
        ),
        (
            &[(1, 0, 1, 1, b"a"), (2, 1_000_000, 1, 1, b"b")],
            "sub-second",
        ),
        (
            &[(1, 0, 1, 1, b"a"), (2, 0, 0xffff_fff0, 0xffff_fff0, b"")],
            "limit",
        ),
    ];
    for (records, needle) in cases {
        let (got, err) = read_until_error(&hand_pcap(1, records));
        assert_eq!(got.len(), 1);
        match err {
            Some(
                e @ PcapError::Corrupt {
                    at:
                        Position {
                            offset: 41,
                            packet: 2,
                        },
                    ..
                },
            ) => {
                assert!(e.to_string().contains(needle), "{e}")
            }
            other => panic!("{needle}: {other:?}"),
        }
    }
}

#[test]
fn unknown_link_type_is_rejected_with_its_number() {
    match PcapReader::new(&hand_pcap(101, &[])[..]) {
        Err(
            e @ PcapError::UnsupportedLinkType {
                linktype: 101,
                at: Position { offset: 20, .. },
            },
        ) => {
            assert!(e.to_string().contains("101"))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn stats_of_a_faulty_file_cover_what_was_read() {
    let t = common::gen_trace("websearch", 10, 3);
    let bytes = common::pcap_bytes(&t, Resolution::Microsecond);
    let full = read_stats(&bytes[..]);
    assert!(full.error.is_none());
    let cut = &bytes[..bytes.len() - 7];
    let partial = read_stats(cut);
    assert_eq!(partial.stats.packets, full.stats.packets - 1);
    let err = partial.error.as_ref().unwrap_or_else(|| panic!("no error"));
    assert_eq!(err.position().map(|p| p.packet), Some(full.stats.packets));
    let json = serde_json::to_value(&partial).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(json["stats"]["packets"], partial.stats.packets);
    assert!(json["error"]["offset"].as_u64().is_some_and(|o| o > 24));
}

// ---- pcapng, built per draft-ietf-opsawg-pcapng ----

struct Ng {
    big: bool,
    bytes: Vec<u8>,
}

impl Ng {
    fn u16(&self, v: u16) -> [u8; 2] {
        if self.big {
            v.to_be_bytes()
        } else {
            v.to_le_bytes()
        }
    }
    fn u32(&self, v: u32) -> [u8; 4] {
        if self.big {
            v.to_be_bytes()
        } else {
            v.to_le_bytes()
        }
    }
    /// Appends a block: type, total length, body (padded to 4), total length.
    fn block(&mut self, kind: u32, body: &[u8]) -> usize {
        let start = self.bytes.len();
        let mut body = body.to_vec();
        while body.len() % 4 != 0 {
            body.push(0);
        }
        let len = 12 + body.len() as u32;
        let (k, l) = (self.u32(kind), self.u32(len));
        self.bytes.extend(k);
        self.bytes.extend(l);
        self.bytes.extend(body);
        self.bytes.extend(l);
        start
    }
    fn shb(big: bool) -> Ng {
        let mut ng = Ng {
            big,
            bytes: Vec::new(),
        };
        let mut body = Vec::new();
        body.extend(ng.u32(0x1a2b_3c4d));
        body.extend(ng.u16(1));
        body.extend(ng.u16(0));
        body.extend([0xff; 8]); // section length unknown (-1)
        ng.block(0x0a0d_0d0a, &body);
        ng
    }
    fn idb(&mut self, linktype: u16, tsresol: Option<u8>) -> usize {
        let mut body = Vec::new();
        body.extend(self.u16(linktype));
        body.extend(self.u16(0));
        body.extend(self.u32(0)); // snaplen 0: unlimited
        if let Some(r) = tsresol {
            body.extend(self.u16(9)); // if_tsresol
            body.extend(self.u16(1));
            body.extend([r, 0, 0, 0]);
            body.extend(self.u16(0)); // opt_endofopt
            body.extend(self.u16(0));
        }
        self.block(1, &body)
    }
    fn epb(&mut self, iface: u32, ticks: u64, data: &[u8], orig: u32) -> usize {
        let mut body = Vec::new();
        body.extend(self.u32(iface));
        body.extend(self.u32((ticks >> 32) as u32));
        body.extend(self.u32(ticks as u32));
        body.extend(self.u32(data.len() as u32));
        body.extend(self.u32(orig));
        body.extend(data);
        self.block(6, &body)
    }
    fn spb(&mut self, data: &[u8]) -> usize {
        let mut body = self.u32(data.len() as u32).to_vec();
        body.extend(data);
        self.block(3, &body)
    }
}

#[test]
fn pcapng_blocks_interfaces_and_resolutions() {
    for big in [false, true] {
        let mut ng = Ng::shb(big);
        ng.idb(1, None); // interface 0: default microseconds
        ng.idb(1, Some(9)); // interface 1: nanoseconds
        ng.idb(1, Some(0x80 | 10)); // interface 2: 2^-10 s
        ng.epb(0, 1_500_000, b"hello", 5);
        ng.block(0x0000_0bad, &[1, 2, 3, 4]); // unknown block: skipped
        ng.epb(1, 2_000_000_123, b"abc", 60);
        ng.spb(b"spb-data");
        ng.epb(2, 3 * 1024, b"x", 1);
        let r = PcapReader::new(&ng.bytes[..]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.format(), Format::PcapNg { big_endian: big });
        let p: Vec<Packet> = r.map(|p| p.unwrap_or_else(|e| panic!("{e}"))).collect();
        let ts: Vec<u64> = p.iter().map(|p| p.ts_ns).collect();
        assert_eq!(
            ts,
            [1_500_000_000, 2_000_000_123, 2_000_000_123, 3_000_000_000]
        );
        assert_eq!(p[0].data, b"hello");
        assert_eq!((p[1].data.as_slice(), p[1].orig_len), (&b"abc"[..], 60));
        assert_eq!(p[2].data, b"spb-data");
        assert_eq!(p[3].data, b"x");
    }
}

#[test]
fn pcapng_faults_are_located() {
    // Packet on an interface that was never described.
    let mut ng = Ng::shb(false);
    ng.idb(1, None);
    ng.epb(0, 1, b"ok", 2);
    let at = ng.epb(1, 2, b"no", 2);
    let (got, err) = read_until_error(&ng.bytes);
    assert_eq!(got.len(), 1);
    match err {
        Some(e @ PcapError::Corrupt { .. }) => {
            assert_eq!(
                e.position(),
                Some(Position {
                    offset: at as u64,
                    packet: 2
                })
            );
            assert!(e.to_string().contains("interface 1"), "{e}");
        }
        other => panic!("{other:?}"),
    }

    // Non-Ethernet interface.
    let mut ng = Ng::shb(true);
    let at = ng.idb(113, None);
    let (_, err) = read_until_error(&ng.bytes);
    assert!(
        matches!(err, Some(PcapError::UnsupportedLinkType { linktype: 113, at: p }) if p.offset == at as u64),
        "{err:?}"
    );

    // Block length not a multiple of 4, and a truncated block.
    let mut ng = Ng::shb(false);
    ng.idb(1, None);
    let good = ng.bytes.len();
    ng.epb(0, 1, b"abcd", 4);
    let mut bad = ng.bytes.clone();
    bad[good + 4] = 0x1d;
    let (_, err) = read_until_error(&bad);
    assert!(
        matches!(err, Some(PcapError::Corrupt { at: Position { offset, .. }, .. }) if offset == good as u64),
        "{err:?}"
    );
    let (_, err) = read_until_error(&ng.bytes[..ng.bytes.len() - 3]);
    assert!(
        matches!(
            err,
            Some(PcapError::Truncated {
                what: "pcapng block",
                ..
            })
        ),
        "{err:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Arbitrary bytes, with or without a valid magic in front, never panic.
    #[test]
    fn arbitrary_bytes_never_panic(prefix in 0usize..4, body in proptest::collection::vec(any::<u8>(), 0..600)) {
        let magic: [&[u8]; 4] = [&[], &[0xd4, 0xc3, 0xb2, 0xa1], &[0x4d, 0x3c, 0xb2, 0xa1], &[0x0a, 0x0d, 0x0d, 0x0a]];
        let mut bytes = magic[prefix].to_vec();
        bytes.extend(body);
        let _ = read_until_error(&bytes);
        let _ = read_stats(&bytes[..]);
    }

    /// Cutting a valid file anywhere yields a prefix of its packets, and an error
    /// exactly when the cut is not at a record boundary.
    #[test]
    fn any_truncation_yields_a_prefix(cut in 0usize..500, ns in any::<bool>()) {
        let res = if ns { Resolution::Nanosecond } else { Resolution::Microsecond };
        let full = write(res, false, &packets());
        let cut = cut.min(full.len());
        let all = common::read_all(&full);
        let (got, err) = read_until_error(&full[..cut]);
        prop_assert!(got.len() <= all.len());
        prop_assert_eq!(&got[..], &all[..got.len()]);
        let mut boundaries = vec![24usize];
        for p in &all {
            let last = boundaries[boundaries.len() - 1];
            boundaries.push(last + 16 + p.data.len());
        }
        prop_assert_eq!(err.is_none(), boundaries.contains(&cut));
    }

    /// Flipping bytes of a valid pcap or pcapng never panics and never yields more
    /// packets than records exist.
    #[test]
    fn corrupted_files_never_panic(flips in proptest::collection::vec((0usize..400, any::<u8>()), 1..8), ng in any::<bool>()) {
        let mut bytes = if ng {
            let mut n = Ng::shb(false);
            n.idb(1, Some(9));
            for i in 0..5u8 { n.epb(0, u64::from(i), &[i; 17], 17); }
            n.spb(b"tail");
            n.bytes
        } else {
            write(Resolution::Microsecond, true, &packets())
        };
        for (at, v) in flips {
            let i = at % bytes.len();
            bytes[i] = v;
        }
        let (got, _) = read_until_error(&bytes);
        prop_assert!(got.len() <= 6);
    }
}
