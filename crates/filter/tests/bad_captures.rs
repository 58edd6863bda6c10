//! Bad captures keep their promise: mutated capture files (truncated, bytes
//! overwritten, inserted or deleted — in the container and inside frames) fed to
//! CoFilter as `tandem filter run --input` does never panic, and every packet read
//! gets exactly one verdict. The seeded counterpart of the `capture` fuzz target
//! in `fuzz/`.

use filter::cofilter::Config;
use filter::layout::{Layout, WAYS};
use filter::run::Runner;
use filter::tracker::Policy;
use proptest::prelude::*;
use trace::pcap::PcapReader;

const CAPTURES: [&[u8]; 3] = [
    include_bytes!("../../trace/fuzz/seeds/pcap/websearch.pcap"),
    include_bytes!("../../trace/fuzz/seeds/pcap/syn.pcap"),
    include_bytes!("../../trace/fuzz/seeds/pcap/trojan.pcap"),
];

fn runner(syn_defence: bool) -> Runner {
    // 4 × 256 cells with 6-bit fingerprints: small enough for collisions.
    let layout = Layout {
        fp_bits: 6,
        slot_bits: 8,
        rows: [1; WAYS],
        exact_entries: 64,
        state_bits: 0,
    };
    let mut cfg = Config::new(layout, Policy::default());
    cfg.syn_defence = syn_defence;
    Runner::new(cfg)
}

/// Feeds every packet read before the first fault; returns how many were read.
fn feed(r: &mut Runner, port: u16, bytes: &[u8]) -> u64 {
    let Ok(reader) = PcapReader::new(bytes) else {
        return 0;
    };
    let mut n = 0;
    for p in reader {
        let Ok(p) = p else { break };
        let _ = r.step_decision(p.ts_ns, port, &p.data);
        n += 1;
    }
    n
}

fn mutate(seed: &[u8], edits: &[(prop::sample::Index, u8, u8)]) -> Vec<u8> {
    let mut b = seed.to_vec();
    for (at, kind, byte) in edits {
        let i = at.index(b.len() + 1);
        match kind % 4 {
            0 => b.truncate(i),
            1 if i < b.len() => b[i] = *byte,
            2 => b.insert(i, *byte),
            _ if i < b.len() => {
                b.remove(i);
            }
            _ => {}
        }
    }
    b
}

#[test]
fn seeds_are_filtered_whole() {
    for c in CAPTURES {
        let mut r = runner(true);
        let n = feed(&mut r, 0, c);
        assert!(n > 0);
        let s = r.summary();
        assert_eq!(s.packets_in, n);
        assert_eq!(s.forwarded + s.dropped, n, "{s:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn mutated_captures_never_panic(
        capture in 0usize..3,
        port in 0u16..2,
        syn_defence: bool,
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), any::<u8>()), 1..8),
    ) {
        let mut r = runner(syn_defence);
        let n = feed(&mut r, port, &mutate(CAPTURES[capture], &edits));
        let s = r.summary();
        prop_assert_eq!(s.packets_in, n);
        prop_assert_eq!(s.forwarded + s.dropped, n, "{:?}", s);
    }
}

/// Any nanosecond timestamp a capture can carry (pcapng goes up to `u64::MAX - 1`),
/// and jumps of centuries between packets, are taken without overflow and without
/// one idle scan per second of the gap.
#[test]
fn extreme_timestamps_are_taken() {
    let frames: Vec<Vec<u8>> = PcapReader::new(CAPTURES[0])
        .unwrap_or_else(|e| panic!("{e}"))
        .take(8)
        .map(|p| p.unwrap_or_else(|e| panic!("{e}")).data)
        .collect();
    let times = [
        0,
        1,
        2,
        1 << 62,
        (1 << 62) + 5,
        u64::MAX - 1_000_000,
        u64::MAX - 1,
        u64::MAX - 1,
    ];
    for syn_defence in [false, true] {
        let mut r = runner(syn_defence);
        for (f, t) in frames.iter().zip(times) {
            let _ = r.step_decision(t, 0, f);
        }
        let s = r.summary();
        assert_eq!(s.packets_in, 8);
        assert_eq!(s.forwarded + s.dropped, 8, "{s:?}");
    }
}
