//! Peak sustainable rate by bisection, the goodput table, and the eviction sweep.

use park::ParkConfig;
use serde::Serialize;

use super::HEADER_BYTES;
use super::run::{NfKind, RunResult, Setup, Sizes, run};

/// Loss below which a rate counts as sustainable (paper §6.1: 0.1 %).
pub const MAX_LOSS: f64 = 0.001;
/// Queueing growth (mean delay of the last tenth minus the first tenth of a run)
/// allowed, as a share of the run's duration: a queue that grows by more than
/// that means more than 0.1 % of the offered packets are waiting, not delivered,
/// at the end — the offered rate exceeds capacity even if no queue overflowed yet.
pub const MAX_DELAY_GROWTH: f64 = 0.001;
/// Absolute slack on the growth for workloads with random sizes, ns.
pub const DELAY_SLACK_NS: f64 = 2_000.0;

/// The highest sustainable rate found.
#[derive(Debug, Clone, Serialize)]
pub struct Peak {
    /// Offered packets per second.
    pub pps: f64,
    /// Header goodput, Gbit/s.
    pub goodput_gbps: f64,
    /// The run at that rate.
    pub run: RunResult,
}

fn sustainable(r: &RunResult) -> bool {
    let duration_ns = r.sent as f64 * 1e9 / r.offered_pps.max(1.0);
    r.loss() < MAX_LOSS && r.delay_growth_ns < MAX_DELAY_GROWTH * duration_ns + DELAY_SLACK_NS
}

/// Bisects (in log space, 12 steps) for the highest sustainable offered rate,
/// between 1/50 of the server's CPU limit and 5 % above it.
pub fn peak(s: &Setup) -> Result<Peak, park::ParkError> {
    let hi0 = 1.05e9 / chain_cost_ns(s.nf) as f64;
    let (mut lo, mut hi) = (hi0 / 50.0, hi0);
    let top = run(s, hi)?;
    if sustainable(&top) {
        return Ok(to_peak(top));
    }
    let mut best = run(s, lo)?;
    for _ in 0..12 {
        let mid = (lo * hi).sqrt();
        let r = run(s, mid)?;
        if sustainable(&r) {
            lo = mid;
            best = r;
        } else {
            hi = mid;
        }
    }
    Ok(to_peak(best))
}

/// Per-packet cost of the server for `nf`, ns (framework + NF models).
pub fn chain_cost_ns(nf: NfKind) -> u64 {
    super::run::FRAMEWORK_NS + nf_cost_ns(nf)
}

fn nf_cost_ns(nf: NfKind) -> u64 {
    use park::nf::Nf;
    let fw = || Box::new(park::nf::Firewall::default());
    let nat = || Box::new(park::nf::Nat::new(std::net::Ipv4Addr::UNSPECIFIED, 1));
    match nf {
        NfKind::Firewall => fw().cost_ns(),
        NfKind::Nat => nat().cost_ns(),
        NfKind::FirewallNat => park::nf::Chain(vec![fw(), nat()]).cost_ns(),
    }
}

fn to_peak(run: RunResult) -> Peak {
    let accepted = (run.sent - run.lost) as f64 / run.sent.max(1) as f64;
    let pps = run.offered_pps * accepted;
    Peak {
        pps: run.offered_pps,
        goodput_gbps: pps * (HEADER_BYTES * 8) as f64 / 1e9,
        run,
    }
}

/// One row of the goodput table: baseline and PayloadPark at one point.
#[derive(Debug, Clone, Serialize)]
pub struct PeakRow {
    /// Link rate, Gbit/s.
    pub link_gbps: f64,
    /// Workload.
    pub sizes: Sizes,
    /// NF chain.
    pub nf: NfKind,
    /// Without parking.
    pub baseline: Peak,
    /// With parking.
    pub parked: Peak,
}

impl PeakRow {
    /// Relative goodput gain of parking.
    pub fn gain(&self) -> f64 {
        self.parked.goodput_gbps / self.baseline.goodput_gbps.max(1e-12) - 1.0
    }
}

/// Peaks with and without parking for every combination.
pub fn peak_table(
    links_gbps: &[u64],
    sizes: &[Sizes],
    nfs: &[NfKind],
    cfg: &ParkConfig,
    packets: usize,
) -> Result<Vec<PeakRow>, park::ParkError> {
    let mut rows = Vec::new();
    for &l in links_gbps {
        for &sz in sizes {
            for &nf in nfs {
                let mut base = Setup::new(l * 1_000_000_000, sz, nf, None);
                base.packets = packets;
                let mut parked = base.clone();
                parked.park = Some(cfg.clone());
                rows.push(PeakRow {
                    link_gbps: l as f64,
                    sizes: sz,
                    nf,
                    baseline: peak(&base)?,
                    parked: peak(&parked)?,
                });
            }
        }
    }
    Ok(rows)
}

/// One point of the eviction sweep.
#[derive(Debug, Clone, Serialize)]
pub struct EvictionPoint {
    /// Slots reserved.
    pub slots: u32,
    /// Expiry threshold (laps).
    pub expiry: u32,
    /// Share of the pipe's SRAM the program takes (resource checker).
    pub sram_share: f64,
    /// Offered rate, packets/s.
    pub pps: f64,
    /// The run.
    pub run: RunResult,
}

impl EvictionPoint {
    /// Premature evictions per parked payload.
    pub fn premature_share(&self) -> f64 {
        self.run
            .counters
            .map_or(0.0, |c| c.premature as f64 / c.splits.max(1) as f64)
    }
}

/// Runs `base` (which must have parking on) at `pps` for every slots × expiry.
pub fn eviction_sweep(
    base: &Setup,
    pps: f64,
    slots: &[u32],
    expiries: &[u32],
) -> Result<Vec<EvictionPoint>, park::ParkError> {
    let profile = pipe::resources::Profile::tofino1();
    let mut out = Vec::new();
    for &n in slots {
        for &e in expiries {
            let mut s = base.clone();
            let mut cfg = s.park.clone().unwrap_or_default();
            cfg.slices.truncate(1);
            if let Some(sl) = cfg.slices.first_mut() {
                sl.slots = n;
            }
            cfg.expiry = e;
            cfg.validate()?;
            let report = pipe::resources::check(&park::program::build(&cfg), &profile).ok();
            let sram_share = report.map_or(f64::NAN, |r| {
                f64::from(r.sram_blocks)
                    / (f64::from(profile.stages) * f64::from(profile.sram_blocks_per_stage))
            });
            s.park = Some(cfg);
            out.push(EvictionPoint {
                slots: n,
                expiry: e,
                sram_share,
                pps,
                run: run(&s, pps)?,
            });
        }
    }
    Ok(out)
}
