//! Capture-file inputs: merge order across ports, located faults, nothing lost.

mod common;

use std::io::Write;

use runner::inputs::{self, OpenInput};
use runner::{InputSpec, PacketLog, ReferenceEngine, Runner};
use trace::pcap::{PcapReader, PcapWriter, Resolution};
use wire::build::{L3, udp_frame};

/// Forwards everything to the other port, unchanged.
const BRIDGE: &str = "on packet { forward(in_port ^ 1); }";

fn bridge() -> ir::Program {
    lang::compile(
        "bridge",
        BRIDGE,
        &lang::Overrides::new(),
        &lang::FsLoader { base: None },
    )
    .unwrap_or_else(|d| panic!("{d:?}"))
    .program
}

/// A UDP frame whose source port tags it.
fn frame(tag: u16) -> Vec<u8> {
    let l3 = L3 {
        src_mac: wire::MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: wire::MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: common::ip("10.0.0.1"),
        dst: common::ip("10.0.0.2"),
        ttl: 64,
        ident: tag,
    };
    udp_frame(
        &l3,
        &wire::udp::Repr {
            src_port: tag,
            dst_port: 9,
        },
        b"x",
    )
}

fn pcap(packets: &[(u64, u16)]) -> Vec<u8> {
    let mut w =
        PcapWriter::new(Vec::new(), Resolution::Nanosecond).unwrap_or_else(|e| panic!("{e}"));
    for &(t, tag) in packets {
        w.write(t, &frame(tag)).unwrap_or_else(|e| panic!("{e}"));
    }
    w.into_inner()
}

fn open<'a>(port: u16, name: &str, bytes: &'a [u8]) -> OpenInput<&'a [u8]> {
    let spec = InputSpec {
        port,
        path: name.into(),
    };
    OpenInput::new(
        spec,
        PcapReader::new(bytes).unwrap_or_else(|e| panic!("{e}")),
    )
}

fn tag(f: &[u8]) -> u16 {
    common::ends(f).src.port()
}

#[test]
fn inputs_merge_by_time_with_ties_in_argument_order() {
    let p = bridge();
    let a = pcap(&[(10, 1), (20, 2), (20, 3), (40, 4)]);
    let b = pcap(&[(5, 11), (20, 12), (30, 13)]);
    let mut e = ReferenceEngine::new(&p).unwrap_or_else(|e| panic!("{e}"));
    let mut r = Runner::new(&mut e, &p, PacketLog::default());
    let faults = inputs::replay(
        &mut r,
        vec![open(0, "a", &a), open(1, "b", &b)],
        &mut |_| {},
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(faults.is_empty());
    let (s, log, _) = r.finish(runner::Source::Pcap { inputs: vec![] });
    let order: Vec<(u16, u64, u16)> = log
        .packets
        .iter()
        .map(|e| (tag(&e.frame), e.ts_ns, e.port))
        .collect();
    assert_eq!(
        order,
        vec![
            (11, 5, 0),
            (1, 10, 1),
            (2, 20, 1),
            (3, 20, 1),
            (12, 20, 0),
            (13, 30, 0),
            (4, 40, 1)
        ]
    );
    assert_eq!(s.packets_in.get(&0), Some(&4));
    assert_eq!(s.packets_in.get(&1), Some(&3));
    assert_eq!(s.first_ts_ns, Some(5));
    assert_eq!(s.last_ts_ns, Some(40));
}

#[test]
fn a_truncated_input_keeps_what_came_before_and_names_the_place() {
    let p = bridge();
    let good = pcap(&[(1, 1), (2, 2), (3, 3)]);
    // Cut the third record in half: 24-byte header, records of 16 + frame bytes.
    let rec = 16 + frame(0).len();
    let cut = &good[..24 + 2 * rec + rec / 2];
    let other = pcap(&[(1, 20), (4, 21)]);
    let mut e = ReferenceEngine::new(&p).unwrap_or_else(|e| panic!("{e}"));
    let mut r = Runner::new(&mut e, &p, PacketLog::default());
    let faults = inputs::replay(
        &mut r,
        vec![open(0, "cut.pcap", cut), open(1, "other.pcap", &other)],
        &mut |_| {},
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(faults.len(), 1);
    let f = &faults[0];
    assert_eq!(f.file, "cut.pcap");
    assert_eq!(f.packet, Some(3));
    assert_eq!(f.offset, Some((24 + 2 * rec) as u64));
    let (_, log, _) = r.finish(runner::Source::Pcap { inputs: vec![] });
    let tags: Vec<u16> = log.packets.iter().map(|e| tag(&e.frame)).collect();
    assert_eq!(
        tags,
        vec![1, 20, 2, 21],
        "both good packets of the cut file and all of the other"
    );
}

#[test]
fn run_pcaps_reports_unreadable_files_and_writes_the_rest() {
    let p = bridge();
    let dir = std::env::temp_dir().join(format!("runner-pcaps-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let good = dir.join("good.pcap");
    std::fs::File::create(&good)
        .and_then(|mut f| f.write_all(&pcap(&[(7, 1), (8, 2)])))
        .unwrap_or_else(|e| panic!("{e}"));
    let missing = dir.join("missing.pcap");
    let specs = vec![
        InputSpec {
            port: 1,
            path: good.clone(),
        },
        InputSpec {
            port: 0,
            path: missing.clone(),
        },
    ];
    let mut e = ReferenceEngine::new(&p).unwrap_or_else(|e| panic!("{e}"));
    let out = dir.join("out");
    let sink = runner::PcapDir::create(&out, &[0, 1]).unwrap_or_else(|e| panic!("{e}"));
    let o = runner::run_pcaps(&mut e, &p, &specs, sink, &mut |_, _| {});
    assert!(o.output_error.is_none());
    assert!(!o.summary.is_clean());
    assert_eq!(o.summary.input_errors.len(), 1);
    assert_eq!(
        o.summary.input_errors[0].file,
        missing.display().to_string()
    );
    // Port 1's packets left on port 0; port 1's file exists and is empty.
    let count = |port: u16| {
        PcapReader::open(out.join(format!("port{port}.pcap")))
            .unwrap_or_else(|e| panic!("{e}"))
            .inspect(|p| assert!(p.is_ok(), "{p:?}"))
            .count()
    };
    assert_eq!((count(0), count(1)), (2, 0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Output files: a port named up front gets its file at once, another on its
/// first packet; each holds its packets in order; a write after the end is
/// refused with the port's file named.
#[test]
fn a_pcap_dir_writes_each_port_to_its_own_file_and_names_it_in_errors() {
    use runner::{PcapDir, Sink};
    let dir = std::env::temp_dir().join(format!("tandem-pcap-dir-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut sink = PcapDir::create(&dir, &[1]).unwrap_or_else(|e| panic!("{e}"));
    assert!(dir.join("port1.pcap").exists(), "named up front");
    assert!(!dir.join("port4.pcap").exists());
    for (port, t, tag) in [(1, 10, 7), (4, 20, 8), (1, 30, 9)] {
        sink.write(port, t, &frame(tag))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    sink.finish().unwrap_or_else(|e| panic!("{e}"));
    let read = |port: u16| -> Vec<(u64, Vec<u8>)> {
        PcapReader::open(dir.join(format!("port{port}.pcap")))
            .unwrap_or_else(|e| panic!("{e}"))
            .map(|p| p.map(|p| (p.ts_ns, p.data)))
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("{e}"))
    };
    assert_eq!(read(1), vec![(10, frame(7)), (30, frame(9))]);
    assert_eq!(read(4), vec![(20, frame(8))]);
    let late = sink.write(4, 40, &frame(10));
    let _ = std::fs::remove_dir_all(&dir);
    let err = late.expect_err("the outputs are closed").to_string();
    assert!(
        err.contains("port4.pcap") && err.contains("closed"),
        "{err}"
    );
}
