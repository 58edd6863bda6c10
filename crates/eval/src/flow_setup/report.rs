//! The sweep's results as a text table and as files (JSON and SVG).

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

use super::plot::plot;
use super::result::Row;

/// Where [`write_files`] put the results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The rows as a JSON array (`flow-setup.json`).
    pub json: PathBuf,
    /// The figure (`flow-setup.svg`).
    pub svg: PathBuf,
}

/// Writes `rows` to `dir` (which must exist) as `flow-setup.json` (pretty
/// printed) and `flow-setup.svg` (see [`plot`]), in that order.
pub fn write_files(dir: &Path, rows: &[Row]) -> anyhow::Result<Written> {
    let json = serde_json::to_string_pretty(rows)?;
    let jpath = dir.join("flow-setup.json");
    std::fs::write(&jpath, json).with_context(|| format!("cannot write {}", jpath.display()))?;
    let spath = dir.join("flow-setup.svg");
    let svg = plot(rows).map_err(|e| anyhow::anyhow!("plot: {e}"))?;
    std::fs::write(&spath, svg).with_context(|| format!("cannot write {}", spath.display()))?;
    Ok(Written {
        json: jpath,
        svg: spath,
    })
}

/// A delay for the table: µs below 1 ms, ms with one decimal below 10 ms.
fn us(ns: u64) -> String {
    if ns >= 10_000_000 {
        format!("{:.0} ms", ns as f64 / 1e6)
    } else if ns >= 1_000_000 {
        format!("{:.1} ms", ns as f64 / 1e6)
    } else {
        format!("{:.0} µs", ns as f64 / 1e3)
    }
}

/// Writes `rows` to `out` as a table, one line per run after a header.
pub fn write_table(out: &mut dyn Write, rows: &[Row]) -> std::io::Result<()> {
    writeln!(
        out,
        "{:<8} {:<6} {:<5} {:<24} {:>9} {:>10} {:>8} {:>8} {:>8} {:>9} {:>6} {:>7} {:>5} {:>13} {:>6}",
        "nf",
        "loop",
        "flood",
        "setting",
        "offered/s",
        "admitted/s",
        "p50",
        "p99",
        "p99.9",
        "spoof p99",
        "server",
        "held",
        "drops",
        "metered/legit",
        "RSS MB"
    )?;
    for r in rows {
        writeln!(
            out,
            "{:<8} {:<6} {:<5} {:<24} {:>9.0} {:>10.0} {:>8} {:>8} {:>8} {:>9} {:>5.1}% {:>7} {:>5} {:>13} {:>6}",
            r.nf,
            r.loop_.name(),
            if r.flood { "yes" } else { "no" },
            r.setting.name(),
            r.offered_flows_per_s,
            r.admitted_flows_per_s,
            us(r.first_p50_ns),
            us(r.first_p99_ns),
            us(r.first_p999_ns),
            us(r.spoofed_first_p99_ns),
            r.server_share * 100.0,
            r.peak_held,
            r.held_overflow_drops + r.first_packets_dropped,
            format!("{}/{}", r.meter_drops, r.legit_meter_drops),
            r.peak_rss_bytes
                .map_or_else(|| "-".to_string(), |b| format!("{:.0}", b as f64 / 1e6)),
        )?;
    }
    Ok(())
}
