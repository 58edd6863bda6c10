//! The transparency property (paper §3.1, §6.2.6): with parking on and no premature
//! eviction, the packets leaving the switch are byte-identical to those the same NF
//! emits without parking — including packets the NF drops (with and without drop
//! notices) and packets lost on the way back, whose slots must then be evicted.
//! With premature evictions, nothing is ever corrupted: each packet that leaves is
//! the baseline's packet, and exactly the counted ones are missing.

mod common;

use std::collections::VecDeque;
use std::net::Ipv4Addr;
use std::time::Duration;

use park::nf::{Chain, Firewall, Nat, Nf, NfVerdict};
use park::notice::drop_notice;
use park::{ParkConfig, ParkSwitch};
use pipe::Verdict;
use proptest::prelude::*;
use wire::FlowKey;

#[derive(Debug, Clone)]
struct Pkt {
    tcp: bool,
    ts: bool,
    flow: u8,
    len: usize,
    seed: u8,
    lost: bool,
}

fn frame(p: &Pkt) -> Vec<u8> {
    let sport = 1000 + u16::from(p.flow);
    if p.tcp {
        common::tcp(p.flow % 8 + 1, sport, p.len, p.seed, p.ts)
    } else {
        common::udp(p.flow % 8 + 1, sport, p.len, p.seed)
    }
}

fn pkt() -> impl Strategy<Value = Pkt> {
    (
        any::<bool>(),
        any::<bool>(),
        0u8..12,
        prop_oneof![0usize..200, 150usize..170, 340usize..360, 200usize..1400],
        any::<u8>(),
        prop::bool::weighted(0.1),
    )
        .prop_map(|(tcp, ts, flow, len, seed, lost)| Pkt {
            tcp,
            ts,
            flow,
            len,
            seed,
            lost,
        })
}

/// NF kinds: 0 firewall, 1 NAT, 2 firewall → NAT. The firewall allows flows 0..8.
fn make_nf(kind: u8, pkts: &[Pkt]) -> Box<dyn Nf> {
    let mut fw = Firewall::default();
    for p in pkts.iter().filter(|p| p.flow < 8) {
        let f = frame(p);
        let key = FlowKey::from_headers(&wire::parse_frame(&f).expect("parses")).expect("key");
        fw.allowed.insert(key);
    }
    let nat = Nat::new(Ipv4Addr::new(192, 0, 2, 1), 30000);
    match kind {
        0 => Box::new(fw),
        1 => Box::new(nat),
        _ => Box::new(Chain(vec![Box::new(fw), Box::new(nat)])),
    }
}

/// Without parking: NF, then the loss on the way back.
fn baseline(nf: &mut dyn Nf, pkts: &[Pkt]) -> Vec<Option<Vec<u8>>> {
    pkts.iter()
        .map(|p| {
            let mut f = frame(p);
            (nf.process(&mut f) == NfVerdict::Forward && !p.lost).then_some(f)
        })
        .collect()
}

/// With parking: split, a FIFO of `window` packets in flight at the NF server,
/// merge. Returns each packet's output and the switch.
fn parked(
    nf: &mut dyn Nf,
    pkts: &[Pkt],
    cfg: ParkConfig,
    window: usize,
    notices: bool,
) -> (Vec<Option<Vec<u8>>>, ParkSwitch) {
    let mut sw = ParkSwitch::new(cfg).expect("valid config");
    let mut out = vec![None; pkts.len()];
    let mut queue: VecDeque<(usize, Vec<u8>)> = VecDeque::new();
    let mut t = 0u64;
    let mut serve = |sw: &mut ParkSwitch, (i, mut f): (usize, Vec<u8>), t: u64| {
        let now = Duration::from_nanos(t);
        match nf.process(&mut f) {
            NfVerdict::Drop => {
                if let Some(n) = drop_notice(&f).filter(|_| notices) {
                    let r = sw.process(now, 2, &n).expect("port");
                    assert!(matches!(r.verdict, Verdict::Drop(_)));
                }
            }
            NfVerdict::Forward if pkts[i].lost => {}
            NfVerdict::Forward => {
                let r = sw.process(now, 2, &f).expect("port");
                if r.verdict == (Verdict::Emit { port: 3 }) {
                    out[i] = Some(r.bytes);
                }
            }
        }
    };
    for (i, p) in pkts.iter().enumerate() {
        t += 100;
        let s = sw
            .process(Duration::from_nanos(t), 1, &frame(p))
            .expect("port");
        assert_eq!(s.verdict, Verdict::Emit { port: 2 });
        queue.push_back((i, s.bytes));
        if queue.len() > window {
            let item = queue.pop_front().expect("non-empty");
            serve(&mut sw, item, t);
        }
    }
    while let Some(item) = queue.pop_front() {
        t += 100;
        serve(&mut sw, item, t);
    }
    (out, sw)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn parking_is_transparent_without_premature_eviction(
        pkts in prop::collection::vec(pkt(), 1..60),
        kind in 0u8..3,
        slots in 4u32..40,
        expiry in 1u32..4,
        window_frac in 0.0f64..1.0,
        notices in any::<bool>(),
        recirculate in any::<bool>(),
    ) {
        // A packet returns before the ring pointer can come back to its slot.
        let window = ((f64::from(slots) - 1.0) * window_frac) as usize;
        let mut cfg = ParkConfig::single(1, 2, 3, slots);
        cfg.expiry = expiry;
        if recirculate {
            cfg.recirculate = true;
            cfg.park_bytes = 352;
        }
        let min_len = usize::from(cfg.park_bytes);
        let want = baseline(make_nf(kind, &pkts).as_mut(), &pkts);
        let (got, sw) = parked(make_nf(kind, &pkts).as_mut(), &pkts, cfg, window, notices);
        let c = sw.counters();
        prop_assert_eq!(c.premature, 0);
        prop_assert_eq!(c.bad_tags, 0);
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            prop_assert_eq!(g, w, "packet {}", i);
        }
        // Every packet long enough was parked unless its slot was busy.
        let long = pkts.iter().filter(|p| p.len >= min_len).count() as u64;
        prop_assert_eq!(c.splits + c.bypass_occupied, long);
        prop_assert!(c.outstanding() >= 0);
    }

    #[test]
    fn premature_eviction_loses_packets_but_never_corrupts_them(
        pkts in prop::collection::vec(pkt(), 1..80),
        kind in 0u8..3,
        slots in 2u32..6,
        window in 4usize..30,
    ) {
        let cfg = ParkConfig::single(1, 2, 3, slots);
        let want = baseline(make_nf(kind, &pkts).as_mut(), &pkts);
        let (got, sw) = parked(make_nf(kind, &pkts).as_mut(), &pkts, cfg, window, false);
        let mut missing = 0u64;
        for (g, w) in got.iter().zip(&want) {
            match (g, w) {
                (Some(g), Some(w)) => prop_assert_eq!(g, w),
                (None, Some(_)) => missing += 1,
                (Some(_), None) => prop_assert!(false, "a packet the NF dropped came out"),
                (None, None) => {}
            }
        }
        prop_assert_eq!(missing, sw.counters().premature);
    }
}

#[test]
fn workloads_without_drops_come_out_complete_and_in_order() {
    // A deterministic mixed workload through the NAT: every packet comes back.
    let pkts: Vec<Pkt> = (0..200u32)
        .map(|i| Pkt {
            tcp: i % 3 == 0,
            ts: i % 2 == 0,
            flow: (i % 7) as u8,
            len: [64usize, 159, 160, 384, 1458][(i % 5) as usize],
            seed: i as u8,
            lost: false,
        })
        .collect();
    let want = baseline(make_nf(1, &pkts).as_mut(), &pkts);
    let (got, sw) = parked(
        make_nf(1, &pkts).as_mut(),
        &pkts,
        ParkConfig::single(1, 2, 3, 32),
        16,
        true,
    );
    assert!(want.iter().all(Option::is_some));
    assert_eq!(got, want);
    let c = sw.counters();
    // 160, 384 and 1458 byte payloads are parked: 3 of every 5 packets.
    assert_eq!(c.splits, 120);
    assert_eq!(c.merges, 120);
    assert_eq!(c.bypass_short, 80);
    assert_eq!(c.unparked_returns, 80);
}
