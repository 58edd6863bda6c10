//! CoFilter's verdicts equal the all-on-CPU baseline's packet for packet on
//! generated workloads, with small tables so that collisions, relocations and
//! fallbacks actually happen.

use filter::cofilter::Config;
use filter::layout::{Layout, WAYS};
use filter::run::{Runner, feed_trace};
use filter::tracker::{INSIDE, OUTSIDE, Policy};
use trace::workload::{GenOptions, Workload, generate};

fn tight_layout() -> Layout {
    tight_layout_with(0)
}

fn tight_layout_with(state_bits: u8) -> Layout {
    // 4 × 256 cells with 7-bit fingerprints (8-bit registers): crowded enough for
    // aliases and cuckoo moves.
    Layout {
        fp_bits: 7,
        slot_bits: 8,
        rows: [1; WAYS],
        exact_entries: 256,
        state_bits,
    }
}

fn run(
    workload: &str,
    flows: u32,
    udp_share: f64,
    layout: Layout,
    defence: bool,
) -> filter::run::Summary {
    let opts = GenOptions {
        workload: workload.parse::<Workload>().expect("workload"),
        flows,
        seed: 42,
        rate: 1_000.0,
        udp_share,
        max_flow_bytes: Some(1_000_000),
        ..GenOptions::default()
    };
    let t = generate(&opts).expect("generate");
    let mut cfg = Config::new(layout, Policy::default());
    cfg.syn_defence = defence;
    let mut r = Runner::new(cfg);
    feed_trace(&mut r, &t, INSIDE, &mut |_, _| {});
    r.summary()
}

#[test]
fn verdicts_match_the_baseline_on_all_four_workloads() {
    for w in ["websearch", "datamining", "hadoop", "cache"] {
        let s = run(w, 200, 0.2, tight_layout(), true);
        assert_eq!(s.mismatches, 0, "{w}: {:#?}", s.first_mismatches);
        assert!(s.packets_in > 1000, "{w}: {}", s.packets_in);
        // The CPU sees a fraction of what the all-on-CPU baseline sees; with
        // flows of more than a few packets most go through the switch alone
        // (cache flows are mostly single request/response exchanges).
        assert!(s.cpu_packets < s.baseline_cpu_packets, "{w}: {s:#?}");
        if w != "cache" {
            assert!(s.switch_packets > s.cpu_packets, "{w}: {s:#?}");
        }
        assert_eq!(
            s.false_accepts, 0,
            "{w}: no unknown traffic in these traces"
        );
        assert!(s.connections >= 200, "{w}");
    }
}

#[test]
fn crowded_tables_settle_collisions_without_changing_verdicts() {
    // 2000 flows, many alive at once, into 1024 cells; with and without state
    // bits (moves then copy a connection's bits).
    for bits in [0, 2] {
        let s = run("cache", 2000, 0.3, tight_layout_with(bits), false);
        assert_eq!(s.mismatches, 0, "{bits} bits: {:#?}", s.first_mismatches);
        assert!(s.collisions > 0, "{s:#?}");
        assert!(s.settle.relocated > 0, "{:?}", s.settle);
    }
}

/// With the 2-bit state the switch takes the FINs of offloaded connections:
/// the verdicts stay the baseline's and fewer packets reach the CPU, on every
/// workload.
#[test]
fn state_bits_keep_verdicts_and_take_fins_off_the_cpu() {
    for w in ["websearch", "datamining", "hadoop", "cache"] {
        let without = run(w, 200, 0.2, tight_layout_with(0), true);
        let with = run(w, 200, 0.2, tight_layout_with(2), true);
        assert_eq!(with.mismatches, 0, "{w}: {:#?}", with.first_mismatches);
        assert_eq!(with.packets_in, without.packets_in, "{w}");
        assert_eq!(with.forwarded, without.forwarded, "{w}");
        // Two FINs per offloaded connection that closes (not by RST).
        assert!(
            with.cpu_packets + 100 < without.cpu_packets,
            "{w}: {} with state bits, {} without",
            with.cpu_packets,
            without.cpu_packets
        );
    }
}

#[test]
fn outside_connections_need_an_allowed_port() {
    let opts = GenOptions {
        flows: 50,
        seed: 5,
        max_flow_bytes: Some(10_000),
        ..GenOptions::default()
    };
    let t = generate(&opts).expect("generate");
    let server_port = t.connections[0].server.port();
    // Clients outside, nothing allowed: every packet dropped, none reaches the
    // switch tables.
    let mut r = Runner::new(Config::new(tight_layout(), Policy::default()));
    feed_trace(&mut r, &t, OUTSIDE, &mut |_, _| {});
    let s = r.summary();
    assert_eq!(s.mismatches, 0);
    assert_eq!(s.forwarded, 0);
    assert_eq!(s.connections, 0);
    // Allowed: everything of connections to that port passes.
    let policy = Policy {
        allow_inbound: [server_port].into_iter().collect(),
        ..Policy::default()
    };
    let mut r = Runner::new(Config::new(tight_layout(), policy));
    feed_trace(&mut r, &t, OUTSIDE, &mut |_, _| {});
    let s = r.summary();
    assert_eq!(s.mismatches, 0, "{:#?}", s.first_mismatches);
    let to_port = t
        .connections
        .iter()
        .filter(|c| c.server.port() == server_port)
        .count();
    assert_eq!(s.connections as usize, to_port);
    assert!(s.forwarded > 0);
}
