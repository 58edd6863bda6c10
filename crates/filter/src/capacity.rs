//! The capacity experiment: insert random connections into the compressed tables
//! through the agent's real placement code and measure, as the tables fill, the
//! collision rate and the false-accept rate.
//!
//! * **Collision**: a connection the hashed tables do not hold unambiguously after
//!   settlement — it went to the exact-match fallback (phase 3), found that full
//!   too, or is still matched by more than one way after lazy settlement. Its
//!   packets are decided by the fallback or the CPU, still correctly.
//! * **False accept**: a packet of an *unknown* connection whose fingerprint
//!   matches exactly one way, so the switch would forward it. Measured with fresh
//!   random keys; the expectation is `Σ_w load_w / (2^fp_bits − 1)`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::net::Ipv4Addr;
use wire::{FlowKey, IpProtocol};

use crate::layout::{Layout, WAYS};
use crate::shadow::{Match, SettleStats, Shadow};

/// Experiment parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CapacityOptions {
    /// Table geometry.
    pub layout: Layout,
    /// Insert at most this many connections.
    pub max_connections: u64,
    /// Number of measurement points (evenly spaced).
    pub points: u32,
    /// Extra points evenly spaced over the last tenth of `max_connections`,
    /// where the collision rate turns (cuckoo hashing's load threshold).
    pub fine_points: u32,
    /// Unknown-connection probes per point for the false-accept rate.
    pub probes: u64,
    /// Stop once the collision rate exceeds this (the curve's interesting part is
    /// over).
    pub stop_above: f64,
    /// Seed of the key stream.
    pub seed: u64,
    /// Cells a cuckoo search may visit per placement ([`Shadow::search_limit`]).
    pub search_limit: usize,
}

/// One point of the capacity curve.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Point {
    /// Connections inserted so far.
    pub connections: u64,
    /// Connections per hashed cell.
    pub load: f64,
    /// Connections not held unambiguously by the hashed tables.
    pub collisions: u64,
    /// `collisions / connections`.
    pub collision_rate: f64,
    /// Of those, in the exact-match fallback.
    pub fallback: u64,
    /// Of those, with no switch entry at all (fallback full).
    pub unplaced: u64,
    /// Of those, still ambiguous after lazy settlement.
    pub ambiguous: u64,
    /// Measured false-accept rate of unknown connections.
    pub false_accept: f64,
    /// Expected false-accept rate from the occupancy.
    pub false_accept_expected: f64,
}

/// The experiment's result.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CapacityCurve {
    /// The geometry measured.
    pub layout: Layout,
    /// The curve.
    pub points: Vec<Point>,
    /// Placement counters over the whole run.
    pub settle: SettleStats,
}

impl CapacityCurve {
    /// The last point whose collision rate is at most `target` (points are in
    /// increasing order of connections).
    pub fn max_at(&self, target: f64) -> Option<&Point> {
        self.points
            .iter()
            .take_while(|p| p.collision_rate <= target)
            .last()
    }
}

/// A uniformly random TCP connection key.
pub fn random_key(rng: &mut ChaCha8Rng) -> FlowKey {
    FlowKey {
        src_addr: Ipv4Addr::from(rng.random::<u32>()),
        dst_addr: Ipv4Addr::from(rng.random::<u32>()),
        src_port: rng.random(),
        dst_port: rng.random(),
        protocol: IpProtocol::Tcp,
    }
}

/// The connection counts to measure at, increasing: `points` evenly spaced up
/// to `max_connections`, and `fine_points` more over its last tenth.
pub fn checkpoints(opts: &CapacityOptions) -> Vec<u64> {
    let max = opts.max_connections;
    let points = u64::from(opts.points.max(1));
    let fine = u64::from(opts.fine_points);
    let from = max - max / 10;
    let mut out: Vec<u64> = (1..=points)
        .map(|p| max * p / points)
        .chain((1..=fine).map(|q| from + (max - from) * q / fine))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Runs the experiment. `progress(done, total)` is called at every point.
pub fn run(opts: &CapacityOptions, progress: &mut dyn FnMut(u64, u64)) -> CapacityCurve {
    let layout = opts.layout;
    let mut shadow = Shadow::new(layout);
    shadow.search_limit = opts.search_limit;
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let mut probe_rng = ChaCha8Rng::seed_from_u64(opts.seed ^ 0x9e37_79b9_7f4a_7c15);
    let cells = layout.cells() as f64;
    let marks = checkpoints(opts);
    let mut fallback = 0u64;
    let mut unplaced = 0u64;
    let mut placed_ids: Vec<u32> = Vec::new();
    let mut out = Vec::new();
    let mut inserted = 0u64;
    for upto in marks {
        while inserted < upto {
            let id = inserted as u32;
            let c = layout.cands(&random_key(&mut rng));
            if shadow.insert(id, c).is_some() {
                placed_ids.push(id);
            } else if fallback < u64::from(layout.exact_entries) {
                fallback += 1;
            } else {
                unplaced += 1;
            }
            inserted += 1;
        }
        // Lazy settlement of connections aliased by later placements.
        let mut ambiguous = 0;
        for &id in &placed_ids {
            if shadow.is_ambiguous(id) {
                match shadow.settle(id) {
                    Some(Ok(_)) => {}
                    Some(Err(_)) if fallback < u64::from(layout.exact_entries) => fallback += 1,
                    Some(Err(_)) => unplaced += 1,
                    None => {}
                }
            }
        }
        placed_ids.retain(|&id| shadow.way_of(id).is_some());
        for &id in &placed_ids {
            ambiguous += u64::from(shadow.is_ambiguous(id));
        }
        let mut accepts = 0u64;
        for _ in 0..opts.probes {
            let c = layout.cands(&random_key(&mut probe_rng));
            accepts += u64::from(matches!(shadow.lookup(&c), Match::One(_)));
        }
        let occupied = placed_ids.len() as f64;
        let collisions = fallback + unplaced + ambiguous;
        let point = Point {
            connections: inserted,
            load: inserted as f64 / cells,
            collisions,
            collision_rate: collisions as f64 / inserted.max(1) as f64,
            fallback,
            unplaced,
            ambiguous,
            false_accept: accepts as f64 / opts.probes.max(1) as f64,
            false_accept_expected: occupied / cells * WAYS as f64
                / f64::from((1u32 << layout.fp_bits) - 1),
        };
        progress(inserted, opts.max_connections);
        out.push(point);
        if point.collision_rate > opts.stop_above {
            break;
        }
    }
    CapacityCurve {
        layout,
        points: out,
        settle: shadow.stats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small(fp_bits: u8) -> CapacityOptions {
        CapacityOptions {
            layout: Layout {
                fp_bits,
                slot_bits: 9,
                rows: [2; WAYS],
                exact_entries: 64,
                state_bits: 0,
            },
            max_connections: 4096,
            points: 4,
            fine_points: 0,
            probes: 40_000,
            stop_above: 1.0,
            seed: 3,
            search_limit: 4096,
        }
    }

    #[test]
    fn collisions_stay_rare_below_the_cuckoo_threshold() {
        // 4096 cells. 4-way cuckoo hashing with one cell per bucket holds loads
        // up to about 0.977 (Fountoulakis–Panagiotou); at 0.9 almost nothing falls
        // back.
        let mut o = small(11);
        o.max_connections = 3686; // 0.9 load
        o.probes = 0;
        let curve = run(&o, &mut |_, _| {});
        let last = curve.points.last().expect("points");
        assert_eq!(last.connections, 3686);
        assert!(last.collision_rate < 5e-3, "{last:?}");
        assert!(curve.settle.relocated > 200, "{:?}", curve.settle);
    }

    #[test]
    fn false_accepts_follow_the_fingerprint_width() {
        for fp_bits in [5u8, 8] {
            let mut o = small(fp_bits);
            o.max_connections = 3686;
            o.points = 1;
            let curve = run(&o, &mut |_, _| {});
            let p = curve.points.last().expect("points");
            // About 4 · 0.9 / (2^f − 1): f = 5 → 11.6 %, f = 8 → 1.4 %.
            let (m, e) = (p.false_accept, p.false_accept_expected);
            let want = 3.6 / f64::from((1u32 << fp_bits) - 1);
            // Fewer cells are occupied when short fingerprints force fallbacks.
            assert!(
                e <= want && e > 0.85 * want,
                "f={fp_bits}: expected {e} vs {want}"
            );
            assert!((m - e).abs() < 0.15 * e, "f={fp_bits}: measured {m} vs {e}");
        }
    }

    #[test]
    fn checkpoints_add_fine_points_in_the_last_tenth() {
        let mut o = small(11);
        o.max_connections = 1000;
        o.points = 4;
        o.fine_points = 5;
        assert_eq!(
            checkpoints(&o),
            vec![250, 500, 750, 920, 940, 960, 980, 1000]
        );
    }

    #[test]
    fn max_at_picks_the_last_point_under_the_target() {
        let pt = |connections, collision_rate| Point {
            connections,
            load: 0.0,
            collisions: 0,
            collision_rate,
            fallback: 0,
            unplaced: 0,
            ambiguous: 0,
            false_accept: 0.0,
            false_accept_expected: 0.0,
        };
        let curve = CapacityCurve {
            layout: small(11).layout,
            points: vec![pt(10, 0.0), pt(20, 1e-3), pt(30, 2e-3), pt(40, 5e-4)],
            settle: SettleStats::default(),
        };
        assert_eq!(curve.max_at(1e-3).map(|p| p.connections), Some(20));
        assert_eq!(curve.max_at(1e-9).map(|p| p.connections), Some(10));
        let none = CapacityCurve {
            points: vec![pt(10, 0.5)],
            ..curve
        };
        assert!(none.max_at(1e-3).is_none());
    }
}
