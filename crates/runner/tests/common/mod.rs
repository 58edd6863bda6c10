//! Shared helpers of the runner's integration tests: compile an example, run a
//! workload in the closed loop, look at what came out.

#![allow(dead_code)]

use std::net::{Ipv4Addr, SocketAddrV4};
use std::path::PathBuf;

use runner::{Emitted, PacketLog, ReferenceEngine, Summary};
use trace::workload::{GenOptions, Trace};

/// Path of an example program or file.
pub fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/nf")
        .join(name)
}

/// Compiles `examples/nf/<name>` with `--set` style overrides.
pub fn compile(name: &str, sets: &[&str]) -> lang::Compiled {
    let mut o = lang::Overrides::new();
    for s in sets {
        o.set_assignment(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    }
    lang::compile_file(&example(name), &o).unwrap_or_else(|e| panic!("{e}"))
}

/// Generates a workload.
pub fn generate(opts: &GenOptions) -> Trace {
    trace::workload::generate(opts).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `trace` through the reference engine in the closed loop.
pub fn run_loop(c: &lang::Compiled, trace: &Trace) -> (Summary, Vec<Emitted>) {
    let mut engine = ReferenceEngine::new(&c.program).unwrap_or_else(|e| panic!("{e}"));
    let o = runner::run_workload(
        &mut engine,
        &c.program,
        trace,
        PacketLog::default(),
        &mut |_, _| {},
    );
    assert!(o.output_error.is_none());
    assert!(o.summary.is_clean(), "{}", o.summary);
    (o.summary, o.sink.packets)
}

/// A packet's transport endpoints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ends {
    pub tcp: bool,
    pub src: SocketAddrV4,
    pub dst: SocketAddrV4,
}

/// Endpoints of a TCP/UDP frame; panics on anything else (the workloads only
/// make TCP and UDP).
pub fn ends(frame: &[u8]) -> Ends {
    let h = wire::parse_frame(frame).unwrap_or_else(|e| panic!("{e}"));
    let ip = h.ipv4().unwrap_or_else(|| panic!("not IPv4"));
    let (src, dst) = (ip.src_addr(), ip.dst_addr());
    if let Some(t) = h.tcp() {
        Ends {
            tcp: true,
            src: SocketAddrV4::new(src, t.src_port()),
            dst: SocketAddrV4::new(dst, t.dst_port()),
        }
    } else if let Some(u) = h.udp() {
        Ends {
            tcp: false,
            src: SocketAddrV4::new(src, u.src_port()),
            dst: SocketAddrV4::new(dst, u.dst_port()),
        }
    } else {
        panic!("neither TCP nor UDP")
    }
}

/// Every IPv4, TCP and UDP checksum of every output frame is valid.
pub fn assert_checksums(out: &[Emitted]) {
    for (i, e) in out.iter().enumerate() {
        let h = wire::parse_frame(&e.frame).unwrap_or_else(|err| panic!("output {i}: {err}"));
        let c = h.checksums();
        assert_eq!(
            (c.ipv4, c.l4),
            (Some(true), Some(true)),
            "output {i} (port {}): checksums must be present and valid",
            e.port
        );
    }
}

/// Packets of the trace sent by each side.
pub fn side_counts(trace: &Trace) -> (u64, u64) {
    let mut c = 0;
    let mut s = 0;
    for conn in &trace.connections {
        for p in &conn.packets {
            match p.side {
                trace::workload::Side::Client => c += 1,
                trace::workload::Side::Server => s += 1,
            }
        }
    }
    (c, s)
}

pub fn ip(s: &str) -> Ipv4Addr {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}
