//! Helpers shared by the integration tests (included with `mod common;`).
#![allow(dead_code)]

use trace::pcap::{Packet, PcapReader, PcapWriter, Resolution};
use trace::workload::{GenOptions, Trace, Workload, generate};

/// Generates a trace, panicking with the error on failure (tests only).
pub fn gen_trace(workload: &str, flows: u32, seed: u64) -> Trace {
    let opts = GenOptions {
        workload: workload
            .parse::<Workload>()
            .unwrap_or_else(|e| panic!("{e}")),
        flows,
        seed,
        max_flow_bytes: Some(200_000),
        packets_per_flow: 20,
        ..GenOptions::default()
    };
    generate(&opts).unwrap_or_else(|e| panic!("{e}"))
}

/// The whole trace as pcap bytes.
pub fn pcap_bytes(trace: &Trace, resolution: Resolution) -> Vec<u8> {
    let mut w = PcapWriter::new(Vec::new(), resolution).unwrap_or_else(|e| panic!("{e}"));
    trace
        .write_pcap(&mut w, None, &mut |_, _| {})
        .unwrap_or_else(|e| panic!("{e}"));
    w.into_inner()
}

/// Reads every packet, panicking on any error.
pub fn read_all(bytes: &[u8]) -> Vec<Packet> {
    PcapReader::new(bytes)
        .unwrap_or_else(|e| panic!("{e}"))
        .map(|p| p.unwrap_or_else(|e| panic!("{e}")))
        .collect()
}
