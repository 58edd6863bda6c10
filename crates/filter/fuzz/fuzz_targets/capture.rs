//! Fuzzes `tandem filter run --input`: any bytes as a capture are replayed through
//! CoFilter (switch data plane, CPU agent, SYN defence) and the all-on-CPU
//! baseline it is checked against, with small tables so that collisions and
//! relocations happen. Packets before a container fault are processed; any frame
//! — truncated, not IPv4, bad flags — gets a verdict; nothing panics.
//!
//! The first byte picks the port of the capture (bit 0), the SYN defence (bit 1)
//! and the fingerprint width (bits 2-3).
#![no_main]

use filter::cofilter::Config;
use filter::layout::{Layout, WAYS};
use filter::run::Runner;
use filter::tracker::Policy;
use libfuzzer_sys::fuzz_target;
use trace::pcap::PcapReader;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, capture)) = data.split_first() else {
        return;
    };
    let layout = Layout {
        fp_bits: 5 + ((pick >> 2) & 3),
        slot_bits: 8,
        rows: [1; WAYS],
        exact_entries: 64,
        state_bits: 0,
    };
    let mut cfg = Config::new(layout, Policy::default());
    cfg.syn_defence = pick & 2 != 0;
    let mut runner = Runner::new(cfg);
    let port = u16::from(pick & 1);
    let Ok(reader) = PcapReader::new(capture) else {
        return;
    };
    for p in reader {
        let Ok(p) = p else { break };
        let d = runner.step_decision(p.ts_ns, port, &p.data);
        let _ = (d.verdict, d.leaves_at);
    }
    let s = runner.summary();
    assert!(s.forwarded + s.dropped <= s.packets_in, "{s:?}");
});
