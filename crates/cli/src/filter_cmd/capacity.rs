//! `tandem filter capacity`: the insertion experiment for an SRAM budget.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use filter::capacity::{CapacityCurve, CapacityOptions};
use filter::layout::{Layout, Storage};

use super::{progress_bar, write_file};

/// Options of `tandem filter capacity`.
#[derive(Debug, clap::Args)]
pub struct CapacityArgs {
    /// SRAM for the tables in MiB.
    #[arg(long)]
    sram_mib: u64,
    /// Largest acceptable collision rate.
    #[arg(long, default_value_t = 1e-3)]
    target_collision: f64,
    /// Fingerprint bits; a cell is this plus the activity bit. 12: split cells
    /// (8-bit high byte, a nibble of a 16-bit word, 1-bit activity: 13 bits);
    /// 7 and 15: one 8- or 16-bit register per cell; other widths are reported
    /// as if cells could be packed.
    #[arg(long, default_value_t = 12)]
    fingerprint_bits: u8,
    /// Connection-state bits per cell: 2 (the switch follows an offloaded
    /// connection's teardown; two 1-bit arrays) or 0 (presence only).
    #[arg(long, default_value_t = 2, value_parser = super::parse_state_bits)]
    state_bits: u8,
    /// Exact-match fallback entries (128 bits each, from the same budget).
    #[arg(long, default_value_t = 2_048)]
    exact_entries: u32,
    /// Cells a cuckoo search may visit per placement.
    #[arg(long, default_value_t = 4_096)]
    search_limit: usize,
    /// Insert up to this many connections (default: as many as there are cells).
    #[arg(long)]
    max_connections: Option<u64>,
    /// Measurement points along the curve.
    #[arg(long, default_value_t = 40)]
    points: u32,
    /// Extra points over the last tenth of the curve (the load threshold).
    #[arg(long, default_value_t = 40)]
    fine_points: u32,
    /// Unknown-connection probes per point.
    #[arg(long, default_value_t = 1_000_000)]
    probes: u64,
    /// Seed of the connection keys.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// Also draw the curve as SVG.
    #[arg(long)]
    plot: Option<PathBuf>,
}

/// The capacity result as printed with `--json`.
#[derive(Debug, serde::Serialize)]
struct CapacityReport<'a> {
    sram_mib: u64,
    target_collision: f64,
    max_connections: u64,
    collision_rate: f64,
    false_accept_rate: f64,
    bits_per_entry: u64,
    register_bits: u64,
    storage: &'static str,
    layout: Layout,
    cells: u64,
    stages_needed: u32,
    fits_one_tofino1_pipe: bool,
    per_stage: Vec<StageUse>,
    curve: &'a CapacityCurve,
}

#[derive(Debug, serde::Serialize)]
struct StageUse {
    stage: u32,
    sram_blocks: u32,
    sram_pct: f64,
    salus: u32,
    tables: Vec<String>,
}

pub(crate) fn run(a: CapacityArgs) -> anyhow::Result<ExitCode> {
    let layout = Layout::for_budget(
        a.sram_mib << 20,
        a.fingerprint_bits,
        16,
        a.exact_entries,
        a.state_bits,
    )
    .with_context(|| format!("--sram-mib {}", a.sram_mib))?;
    let opts = CapacityOptions {
        layout,
        max_connections: a.max_connections.unwrap_or(layout.cells()),
        points: a.points,
        fine_points: a.fine_points,
        probes: a.probes,
        stop_above: (a.target_collision * 20.0).min(1.0),
        seed: a.seed,
        search_limit: a.search_limit,
    };
    let bar = progress_bar(opts.max_connections);
    let curve = filter::capacity::run(&opts, &mut |done, _| bar.set_position(done));
    bar.finish_and_clear();
    let best = curve.max_at(a.target_collision);
    // Register bits a cell takes as stored: a packed width is rounded up to a
    // register's.
    let (register_bits, storage) = match layout.storage() {
        Some(Storage::Word) => (layout.cell_bits(), "one register per cell"),
        Some(Storage::Split) => (layout.cell_bits(), "split: 8 + 4 (16-bit words) + 1 bits"),
        // A fingerprint width alone never picks table cells (--cells does).
        Some(Storage::Table) => (layout.cell_bits(), "table entries"),
        None => (
            match layout.cell_bits() - u64::from(layout.state_bits) {
                0..=8 => 8,
                9..=16 => 16,
                _ => 32,
            } + u64::from(layout.state_bits),
            "packed (no register layout)",
        ),
    };
    let storage = match (layout.state_bits, storage) {
        (2, "one register per cell") => "one register per cell + 2 state bits (1-bit arrays)",
        (2, "split: 8 + 4 (16-bit words) + 1 bits") => {
            "split: 8 + 4 (16-bit words) + 1 + 2 state bits (1-bit arrays)"
        }
        (2, _) => "packed (no register layout) + 2 state bits",
        (_, s) => s,
    };
    // Resources only for widths a switch stores.
    let (stages_needed, per_stage) = if layout.storage().is_some() {
        let (_, report) = filter::program::resources(layout)?;
        let per_stage = report
            .per_stage
            .iter()
            .filter(|s| !s.tables.is_empty())
            .map(|s| StageUse {
                stage: s.stage,
                sram_blocks: s.sram_blocks,
                sram_pct: s.sram_pct,
                salus: s.salus,
                tables: s.tables.clone(),
            })
            .collect();
        (report.stages_used, per_stage)
    } else {
        (0, Vec::new())
    };
    let report = CapacityReport {
        sram_mib: a.sram_mib,
        target_collision: a.target_collision,
        max_connections: best.map_or(0, |p| p.connections),
        collision_rate: best.map_or(f64::NAN, |p| p.collision_rate),
        false_accept_rate: best.map_or(f64::NAN, |p| p.false_accept),
        bits_per_entry: layout.cell_bits(),
        register_bits,
        storage,
        layout,
        cells: layout.cells(),
        stages_needed,
        fits_one_tofino1_pipe: stages_needed > 0 && stages_needed <= 12,
        per_stage,
        curve: &curve,
    };
    if let Some(p) = &a.plot {
        let svg = filter::plot::capacity_svg(
            &[(
                format!("{} MiB, {}-bit cells", a.sram_mib, layout.cell_bits()),
                &curve,
            )],
            a.target_collision,
        )?;
        write_file(p, svg.as_bytes())?;
    }
    let mut out = std::io::stdout().lock();
    if a.json {
        serde_json::to_writer_pretty(&mut out, &report)?;
        writeln!(out)?;
    } else {
        print_capacity(&mut out, &report)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn print_capacity(out: &mut impl Write, r: &CapacityReport<'_>) -> anyhow::Result<()> {
    writeln!(
        out,
        "{} MiB, {}-bit cells ({} fingerprint bits + activity bit; {}), {} cells in 4 ways, {} exact entries",
        r.sram_mib, r.bits_per_entry, r.layout.fp_bits, r.storage, r.cells, r.layout.exact_entries
    )?;
    writeln!(
        out,
        "max connections at collision rate <= {:e}: {} (collision rate {:.2e}, false-accept rate {:.2e})",
        r.target_collision, r.max_connections, r.collision_rate, r.false_accept_rate
    )?;
    if r.register_bits != r.bits_per_entry {
        writeln!(
            out,
            "note: {}-bit cells do not match a switch register width; in {}-bit registers this layout needs {:.1} MiB",
            r.bits_per_entry,
            r.register_bits,
            (r.cells * r.register_bits) as f64 / 8.0 / 1048576.0
        )?;
    } else {
        writeln!(
            out,
            "switch: {} stages{}",
            r.stages_needed,
            if r.fits_one_tofino1_pipe {
                " (fits one Tofino-1 pipe)"
            } else {
                " (more than one Tofino-1 pipe's 12)"
            }
        )?;
        for s in &r.per_stage {
            writeln!(
                out,
                "  stage {:>2}: SRAM {:>3} blocks ({:>5.1} %), SALUs {}",
                s.stage, s.sram_blocks, s.sram_pct, s.salus
            )?;
        }
    }
    writeln!(
        out,
        "{:>12} {:>6} {:>12} {:>9} {:>12}",
        "connections", "load", "collisions", "fallback", "false-accept"
    )?;
    for p in &r.curve.points {
        writeln!(
            out,
            "{:>12} {:>6.3} {:>12.2e} {:>9} {:>12.2e}",
            p.connections, p.load, p.collision_rate, p.fallback, p.false_accept
        )?;
    }
    Ok(())
}
