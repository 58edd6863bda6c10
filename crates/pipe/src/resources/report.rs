//! The per-stage usage report.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::resolved::Resolved;

use super::Profile;
use super::demand::Unit;
use super::place::Placed;

/// Usage of one stage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StageUsage {
    /// Stage number (0-based).
    pub stage: u32,
    /// Tables (and `run_<action>` units) with memory or logic here.
    pub tables: Vec<String>,
    /// SRAM blocks used.
    pub sram_blocks: u32,
    /// SRAM used, percent of the stage.
    pub sram_pct: f64,
    /// TCAM blocks used.
    pub tcam_blocks: u32,
    /// TCAM used, percent of the stage.
    pub tcam_pct: f64,
    /// Stateful ALUs used.
    pub salus: u32,
    /// Hash bits used.
    pub hash_bits: u32,
}

/// Where one table went.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TablePlacement {
    /// Table name.
    pub table: String,
    /// `ingress` or `egress`.
    pub gress: String,
    /// First stage.
    pub first_stage: u32,
    /// Last stage (differs when memory spans stages).
    pub last_stage: u32,
}

/// A program's placement against a profile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Profile name.
    pub profile: String,
    /// Stages used (highest stage + 1).
    pub stages_used: u32,
    /// Stages available.
    pub stages: u32,
    /// Per-stage usage (all stages).
    pub per_stage: Vec<StageUsage>,
    /// Table placements in program order.
    pub tables: Vec<TablePlacement>,
    /// Total SRAM blocks.
    pub sram_blocks: u32,
    /// Total TCAM blocks.
    pub tcam_blocks: u32,
    /// Total stateful ALUs.
    pub salus: u32,
    /// PHV bits used.
    pub phv_bits: u32,
    /// PHV bits available.
    pub phv_bits_available: u32,
}

/// PHV bits: every field rounded up to an 8, 16 or 32-bit container (wider fields
/// take 32-bit containers), plus the intrinsic metadata.
pub(crate) fn phv_bits(r: &Resolved) -> u32 {
    r.slot_widths
        .iter()
        .map(|&w| match w {
            0..=8 => 8,
            9..=16 => 16,
            _ => u32::from(w).div_ceil(32) * 32,
        })
        .sum()
}

fn pct(used: u32, of: u32) -> f64 {
    if of == 0 {
        0.0
    } else {
        (f64::from(used) * 1000.0 / f64::from(of)).round() / 10.0
    }
}

pub(crate) fn build(p: &Profile, units: &[Unit], placed: &[Placed], phv: u32) -> Report {
    let mut per_stage: Vec<StageUsage> = (0..p.stages)
        .map(|stage| StageUsage {
            stage,
            tables: Vec::new(),
            sram_blocks: 0,
            sram_pct: 0.0,
            tcam_blocks: 0,
            tcam_pct: 0.0,
            salus: 0,
            hash_bits: 0,
        })
        .collect();
    let mut reg_seen: Vec<u16> = Vec::new();
    for (u, pl) in units.iter().zip(placed) {
        for s in pl.first..=pl.last {
            per_stage[s as usize].tables.push(u.name.clone());
        }
        for &(s, n) in &pl.sram {
            per_stage[s as usize].sram_blocks += n;
        }
        for &(s, n) in &pl.tcam {
            per_stage[s as usize].tcam_blocks += n;
        }
        let first = &mut per_stage[pl.first as usize];
        first.hash_bits += u.hash_bits;
        let new: Vec<u16> = u
            .registers
            .iter()
            .copied()
            .filter(|g| !reg_seen.contains(g))
            .collect();
        if new.len() == u.registers.len() {
            first.sram_blocks += u.register_sram;
        }
        first.salus += new.len() as u32;
        reg_seen.extend(new);
    }
    for s in &mut per_stage {
        s.sram_pct = pct(s.sram_blocks, p.sram_blocks_per_stage);
        s.tcam_pct = pct(s.tcam_blocks, p.tcam_blocks_per_stage);
    }
    Report {
        profile: p.name.clone(),
        stages_used: placed.iter().map(|pl| pl.last + 1).max().unwrap_or(0),
        stages: p.stages,
        sram_blocks: per_stage.iter().map(|s| s.sram_blocks).sum(),
        tcam_blocks: per_stage.iter().map(|s| s.tcam_blocks).sum(),
        salus: per_stage.iter().map(|s| s.salus).sum(),
        per_stage,
        tables: units
            .iter()
            .zip(placed)
            .map(|(u, pl)| TablePlacement {
                table: u.name.clone(),
                gress: if u.gress == 0 { "ingress" } else { "egress" }.to_string(),
                first_stage: pl.first,
                last_stage: pl.last,
            })
            .collect(),
        phv_bits: phv,
        phv_bits_available: p.phv_bits,
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "profile {}: {} of {} stages used",
            self.profile, self.stages_used, self.stages
        )?;
        writeln!(
            f,
            "{:>5}  {:>6} {:>6}  {:>6} {:>6}  {:>5}  {:>5}  tables",
            "stage", "SRAM", "SRAM%", "TCAM", "TCAM%", "SALU", "hash"
        )?;
        for s in self.per_stage.iter().filter(|s| !s.tables.is_empty()) {
            writeln!(
                f,
                "{:>5}  {:>6} {:>5.1}%  {:>6} {:>5.1}%  {:>5}  {:>5}  {}",
                s.stage,
                s.sram_blocks,
                s.sram_pct,
                s.tcam_blocks,
                s.tcam_pct,
                s.salus,
                s.hash_bits,
                s.tables.join(", ")
            )?;
        }
        write!(
            f,
            "total  {:>6}         {:>6}         {:>5}         PHV {}/{} bits",
            self.sram_blocks, self.tcam_blocks, self.salus, self.phv_bits, self.phv_bits_available
        )
    }
}
