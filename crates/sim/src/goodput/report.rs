//! The whole evaluation (`tandem park eval`): goodput table, eviction sweep and
//! explicit-drop comparison, as Markdown tables, JSON and SVG figures.

use std::fmt::Write as _;

use park::ParkConfig;
use serde::Serialize;

use super::run::{NfKind, Setup, Sizes};
use super::search::{EvictionPoint, PeakRow, eviction_sweep, peak, peak_table};
use crate::plot::{PlotError, lines_svg};

/// How much to run.
#[derive(Debug, Clone, Serialize)]
pub struct EvalOptions {
    /// Packets per simulated run.
    pub packets: usize,
    /// Link rates, Gbit/s.
    pub links_gbps: Vec<u64>,
    /// Fixed packet sizes (bytes, FCS excluded); the datacenter mix is added.
    pub sizes: Vec<u16>,
    /// Slots for the eviction sweep.
    pub sweep_slots: Vec<u32>,
    /// Expiry thresholds for the eviction sweep.
    pub sweep_expiry: Vec<u32>,
    /// NF chains of the goodput table.
    pub nfs: Vec<NfKind>,
    /// Expiry thresholds of the explicit-drop comparison.
    pub drop_expiry: Vec<u32>,
}

impl Default for EvalOptions {
    fn default() -> Self {
        EvalOptions {
            packets: 20_000,
            links_gbps: vec![10, 40],
            sizes: vec![256, 384, 512, 768, 1024, 1280, 1492],
            sweep_slots: vec![64, 128, 256, 512, 1024, 2048, 4096, 8192],
            sweep_expiry: vec![1, 2, 4],
            nfs: vec![NfKind::Firewall, NfKind::Nat, NfKind::FirewallNat],
            drop_expiry: vec![1, 2, 4, 10],
        }
    }
}

/// One point of the explicit-drop comparison (paper Fig. 12).
#[derive(Debug, Clone, Serialize)]
pub struct DropPoint {
    /// Expiry threshold.
    pub expiry: u32,
    /// Drop notices sent.
    pub notices: bool,
    /// Peak header goodput, Gbit/s.
    pub goodput_gbps: f64,
    /// Packets not parked because the slot was occupied, per packet sent.
    pub occupied_share: f64,
}

/// Everything `tandem park eval` measures.
#[derive(Debug, Clone, Serialize)]
pub struct Evaluation {
    /// Options used.
    pub options: EvalOptions,
    /// Parking configuration of the goodput table.
    pub park: ParkConfig,
    /// Goodput table.
    pub rows: Vec<PeakRow>,
    /// Recirculation mode (352 bytes) against the baseline, firewall → NAT.
    pub recirc_rows: Vec<PeakRow>,
    /// Premature evictions vs slots and expiry (40 Gbit/s, 384 B, firewall → NAT).
    pub sweep: Vec<EvictionPoint>,
    /// Explicit drops vs expiry with 25 % of flows blocked (40 Gbit/s, datacenter mix,
    /// firewall → NAT).
    pub drops: Vec<DropPoint>,
}

/// Runs the evaluation.
pub fn evaluate(opts: &EvalOptions) -> Result<Evaluation, park::ParkError> {
    let park = ParkConfig::default();
    let mut sizes: Vec<Sizes> = opts.sizes.iter().map(|&n| Sizes::Fixed(n)).collect();
    sizes.push(Sizes::Datacenter);
    let rows = peak_table(&opts.links_gbps, &sizes, &opts.nfs, &park, opts.packets)?;
    let recirc = ParkConfig {
        park_bytes: 352,
        recirculate: true,
        ..ParkConfig::default()
    };
    let mut recirc_sizes: Vec<Sizes> = opts
        .sizes
        .iter()
        .filter(|&&n| n >= 394)
        .map(|&n| Sizes::Fixed(n))
        .collect();
    recirc_sizes.push(Sizes::Datacenter);
    let recirc_rows = peak_table(
        &opts.links_gbps,
        &recirc_sizes,
        &[NfKind::FirewallNat],
        &recirc,
        opts.packets,
    )?;
    let mut base = Setup::new(
        40_000_000_000,
        Sizes::Fixed(384),
        NfKind::FirewallNat,
        Some(park.clone()),
    );
    base.packets = opts.packets;
    let pps = peak(&base)?.pps;
    let sweep = eviction_sweep(&base, pps, &opts.sweep_slots, &opts.sweep_expiry)?;
    let mut drops = Vec::new();
    for &expiry in &opts.drop_expiry {
        for notices in [false, true] {
            let mut s = base.clone();
            s.sizes = Sizes::Datacenter;
            s.blocked_share = 0.25;
            s.notices = notices;
            let mut cfg = park.clone();
            cfg.expiry = expiry;
            cfg.slices[0].slots = 1024;
            s.park = Some(cfg);
            let p = peak(&s)?;
            let occ = p.run.counters.map_or(0, |c| c.bypass_occupied);
            drops.push(DropPoint {
                expiry,
                notices,
                goodput_gbps: p.goodput_gbps,
                occupied_share: occ as f64 / p.run.sent.max(1) as f64,
            });
        }
    }
    Ok(Evaluation {
        options: opts.clone(),
        park,
        rows,
        recirc_rows,
        sweep,
        drops,
    })
}

impl Evaluation {
    /// The goodput table in Markdown, then the recirculation table.
    pub fn goodput_markdown(&self) -> String {
        let mut s = rows_markdown(&self.rows);
        s.push_str("\nRecirculation mode (352 bytes parked in two passes):\n\n");
        s.push_str(&rows_markdown(&self.recirc_rows));
        s
    }
}

fn rows_markdown(rows: &[PeakRow]) -> String {
    let mut s = String::from(
        "| link | packets | NF | baseline Mpps | baseline goodput (Gbit/s) | PayloadPark Mpps | PayloadPark goodput (Gbit/s) | gain | premature |\n|---|---|---|---|---|---|---|---|---|\n",
    );
    for r in rows {
        let prem = r.parked.run.counters.map_or(0, |c| c.premature);
        let _ = writeln!(
            s,
            "| {} G | {} | {} | {:.2} | {:.3} | {:.2} | {:.3} | {:+.1} % | {} |",
            r.link_gbps,
            r.sizes.label(),
            r.nf.name(),
            r.baseline.pps / 1e6,
            r.baseline.goodput_gbps,
            r.parked.pps / 1e6,
            r.parked.goodput_gbps,
            r.gain() * 100.0,
            prem
        );
    }
    s
}

impl Evaluation {
    /// The eviction sweep and the drop comparison in Markdown.
    pub fn evictions_markdown(&self) -> String {
        let mut s = String::from(
            "| slots | SRAM of the pipe | expiry | offered Mpps | splits | evictions | premature | premature share | occupied bypasses | loss |\n|---|---|---|---|---|---|---|---|---|---|\n",
        );
        for p in &self.sweep {
            let c = p.run.counters.unwrap_or_default();
            let _ = writeln!(
                s,
                "| {} | {:.1} % | {} | {:.2} | {} | {} | {} | {:.3} % | {} | {:.3} % |",
                p.slots,
                p.sram_share * 100.0,
                p.expiry,
                p.pps / 1e6,
                c.splits,
                c.evictions,
                c.premature,
                p.premature_share() * 100.0,
                c.bypass_occupied,
                p.run.loss() * 100.0
            );
        }
        s.push_str(
            "\n| expiry | drop notices | peak goodput (Gbit/s) | occupied-slot bypasses per packet |\n|---|---|---|---|\n",
        );
        for d in &self.drops {
            let _ = writeln!(
                s,
                "| {} | {} | {:.3} | {:.3} |",
                d.expiry,
                if d.notices { "yes" } else { "no" },
                d.goodput_gbps,
                d.occupied_share
            );
        }
        s
    }

    /// Goodput against packet size at `link` Gbit/s, baseline and parked per NF.
    pub fn goodput_svg(&self, link: u64) -> Result<String, PlotError> {
        let mut series = Vec::new();
        for nf in [NfKind::Firewall, NfKind::Nat, NfKind::FirewallNat] {
            for parked in [false, true] {
                let pts: Vec<(f64, f64)> = self
                    .rows
                    .iter()
                    .filter(|r| r.nf == nf && r.link_gbps == link as f64)
                    .filter_map(|r| match r.sizes {
                        Sizes::Fixed(n) => Some((
                            f64::from(n),
                            if parked { &r.parked } else { &r.baseline }.goodput_gbps,
                        )),
                        Sizes::Datacenter => None,
                    })
                    .collect();
                let label = format!(
                    "{} {}",
                    nf.name(),
                    if parked { "parked" } else { "baseline" }
                );
                series.push((label, pts));
            }
        }
        lines_svg(
            &format!("Header goodput at < 0.1 % loss, {link} Gbit/s switch–NF link"),
            "packet size (bytes)",
            "goodput (Gbit/s)",
            &series,
        )
    }

    /// Premature-eviction share against slots, one line per expiry.
    pub fn evictions_svg(&self) -> Result<String, PlotError> {
        let mut expiries: Vec<u32> = self.sweep.iter().map(|p| p.expiry).collect();
        expiries.dedup();
        expiries.sort_unstable();
        expiries.dedup();
        let series: Vec<(String, Vec<(f64, f64)>)> = expiries
            .iter()
            .map(|&e| {
                let pts = self
                    .sweep
                    .iter()
                    .filter(|p| p.expiry == e)
                    .map(|p| (f64::from(p.slots).log2(), p.premature_share() * 100.0))
                    .collect();
                (format!("expiry {e}"), pts)
            })
            .collect();
        lines_svg(
            "Premature evictions (40 Gbit/s, 384 B, firewall→NAT at peak rate)",
            "log2(slots)",
            "premature evictions (% of splits)",
            &series,
        )
    }
}
