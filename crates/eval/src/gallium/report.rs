//! Tables (Markdown) and plots (SVG) of a Gallium evaluation, beside the
//! paper's figures.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context;
use plotters::prelude::*;

use super::{Nf, Results, System, Workload};

/// Table 2 of the paper: (FastClick, Gallium) latency in µs, mean and standard
/// deviation, per NF.
pub fn paper_latency(nf: Nf) -> ((f64, f64), (f64, f64)) {
    match nf {
        Nf::Mazunat => ((23.16, 0.53), (15.98, 0.21)),
        Nf::Lb => ((23.09, 0.31), (15.96, 0.20)),
        Nf::Firewall => ((22.45, 0.27), (15.96, 0.20)),
        Nf::Proxy => ((22.72, 0.87), (15.64, 0.85)),
        Nf::Trojan => ((22.58, 0.74), (14.80, 0.43)),
    }
}

fn systems_in(r: &Results) -> Vec<System> {
    let mut s: Vec<System> = r
        .throughput
        .iter()
        .map(|t| t.system)
        .chain(r.latency.iter().map(|l| l.system))
        .collect();
    s.sort();
    s.dedup();
    s
}

fn nfs_in(r: &Results) -> Vec<Nf> {
    let mut s: Vec<Nf> = r
        .throughput
        .iter()
        .map(|t| t.nf)
        .chain(r.latency.iter().map(|l| l.nf))
        .chain(r.skipped.iter().map(|l| l.nf))
        .collect();
    s.sort();
    s.dedup();
    s
}

/// The tables, as Markdown.
pub fn markdown(r: &Results) -> String {
    let systems = systems_in(r);
    let nfs = nfs_in(r);
    let head = |first: &str| {
        let mut s = format!("| {first} |");
        for sys in &systems {
            let _ = write!(s, " {} |", sys.name());
        }
        s.push_str("\n|---|");
        s.push_str(&"---|".repeat(systems.len()));
        s.push('\n');
        s
    };
    let mut out = String::new();

    out.push_str(
        "Fig. 7: throughput, iperf3 with parallel streams (Gb/s, mean ± std; NF CPU in cores)\n\n",
    );
    out.push_str(&head("NF, packet size"));
    let mut sizes: Vec<u32> = r.throughput.iter().map(|t| t.size).collect();
    sizes.sort_unstable();
    sizes.dedup();
    for nf in &nfs {
        for size in &sizes {
            let _ = write!(out, "| {} {size} B |", nf.name());
            for sys in &systems {
                match r
                    .throughput
                    .iter()
                    .find(|t| t.nf == *nf && t.system == *sys && t.size == *size)
                {
                    Some(t) => {
                        let _ = write!(
                            out,
                            " {:.2} ± {:.2} ({:.2}) |",
                            t.mean_gbps, t.std_gbps, t.nf_cores
                        );
                    }
                    None => out.push_str(" – |"),
                }
            }
            out.push('\n');
        }
    }

    out.push_str("\nTable 2: latency, 1-byte TCP ping-pong (half round trip, µs, mean ± std; the paper: FastClick / Gallium)\n\n");
    let mut h = head("NF");
    h = h.replacen(" |\n|---|", " | paper |\n|---|---|", 1);
    out.push_str(&h);
    for nf in &nfs {
        let _ = write!(out, "| {} |", nf.name());
        for sys in &systems {
            match r.latency.iter().find(|l| l.nf == *nf && l.system == *sys) {
                Some(l) => {
                    let _ = write!(
                        out,
                        " {:.1} ± {:.1} |",
                        l.half_rtt_us.mean, l.half_rtt_us.std
                    );
                }
                None => out.push_str(" – |"),
            }
        }
        let ((fm, fs), (gm, gs)) = paper_latency(*nf);
        let _ = writeln!(out, " {fm} ± {fs} / {gm} ± {gs} |");
    }

    let mut workloads: Vec<Workload> = r.workloads.iter().map(|w| w.workload).collect();
    workloads.sort();
    workloads.dedup();
    if !workloads.is_empty() {
        out.push_str(
            "\nFig. 8: realistic workloads (receiver's Gb/s; NF CPU in cores; flows started within the time cap when not all; failed flows)\n\n",
        );
        out.push_str(&head("NF, workload"));
        let measured =
            |nf: Nf, w: Workload| r.workloads.iter().any(|x| x.nf == nf && x.workload == w);
        for nf in &nfs {
            for w in workloads.iter().filter(|w| measured(*nf, **w)) {
                let _ = write!(out, "| {} {} |", nf.name(), w.name());
                for sys in &systems {
                    match r
                        .workloads
                        .iter()
                        .find(|x| x.nf == *nf && x.system == *sys && x.workload == *w)
                    {
                        Some(x) => {
                            let _ = write!(out, " {:.2} ({:.2})", x.gbps, x.nf_cores);
                            if x.flows < x.planned {
                                let _ = write!(out, " {} of {} in time", x.flows, x.planned);
                            }
                            if x.failed > 0 {
                                let _ = write!(out, " {} failed", x.failed);
                            }
                            out.push_str(" |");
                        }
                        None => out.push_str(" – |"),
                    }
                }
                out.push('\n');
            }
        }
        out.push_str("\nFig. 9: mean flow completion time per flow size (ms)\n\n");
        out.push_str(&head("NF, workload, size"));
        let bins = &r.workloads[0].bins;
        for nf in &nfs {
            for w in workloads.iter().filter(|w| measured(*nf, **w)) {
                for (k, b) in bins.iter().enumerate() {
                    let _ = write!(
                        out,
                        "| {} {} {} |",
                        nf.name(),
                        w.name(),
                        bin_label(b.from, b.to)
                    );
                    for sys in &systems {
                        let cell = r
                            .workloads
                            .iter()
                            .find(|x| x.nf == *nf && x.system == *sys && x.workload == *w)
                            .and_then(|x| x.bins.get(k))
                            .filter(|b| b.flows > 0);
                        match cell {
                            Some(b) => {
                                let _ = write!(out, " {:.2} ({}) |", b.mean_fct_us / 1e3, b.flows);
                            }
                            None => out.push_str(" – |"),
                        }
                    }
                    out.push('\n');
                }
            }
        }
    }
    out.push_str(&server_shares(r));
    out.push_str(&ratios(r));
    if !r.skipped.is_empty() {
        out.push_str("\nNot measured\n\n");
        for s in &r.skipped {
            let _ = writeln!(out, "- {} on {}: {}", s.nf.name(), s.system.name(), s.why);
        }
    }
    out
}

/// The share of packets that went through the server part, per NF and
/// Tandem system (from `/metrics`): iperf3 per packet size, then each workload.
pub fn server_shares(r: &Results) -> String {
    let pct = |x: f64| {
        if x > 0.0 && x < 0.001 {
            "< 0.1 %".to_string()
        } else {
            format!("{:.1} %", x * 100.0)
        }
    };
    let mut rows = String::new();
    for nf in nfs_in(r) {
        for sys in systems_in(r) {
            let mut cells = Vec::new();
            let mut t: Vec<&super::Throughput> = r
                .throughput
                .iter()
                .filter(|t| t.nf == nf && t.system == sys)
                .collect();
            t.sort_by_key(|t| t.size);
            for t in t {
                if let Some(x) = t.server_share {
                    cells.push(format!("{} B {}", t.size, pct(x)));
                }
            }
            for w in r.workloads.iter().filter(|w| w.nf == nf && w.system == sys) {
                if let Some(x) = w.server_share {
                    cells.push(format!("{} {}", w.workload.name(), pct(x)));
                }
            }
            if !cells.is_empty() {
                let _ = writeln!(
                    rows,
                    "| {} | {} | {} |",
                    nf.name(),
                    sys.name(),
                    cells.join(", ")
                );
            }
        }
    }
    if rows.is_empty() {
        return String::new();
    }
    format!(
        "\nPackets through the server part (tandem_server_packets per frame received, from /metrics)\n\n\
         | NF | system | iperf3 per packet size; workloads |\n|---|---|---|\n{rows}"
    )
}

/// The goals per NF: Tandem with the switch part on XDP against the
/// all-on-server baseline on the same core (throughput per packet size; the
/// latency's mean; NF CPU per Gb/s and the largest bin's FCT per workload).
/// Empty when either system is missing.
pub fn ratios(r: &Results) -> String {
    let (base, xdp) = (System::Reference, System::TandemXdp);
    let mut rows = String::new();
    let ratio = |a: f64, b: f64| {
        if b > 0.0 && a.is_finite() {
            format!("{:.2}", a / b)
        } else {
            "–".to_string()
        }
    };
    for nf in nfs_in(r) {
        let tput = |sys: System| {
            let mut v: Vec<(u32, f64)> = r
                .throughput
                .iter()
                .filter(|t| t.nf == nf && t.system == sys)
                .map(|t| (t.size, t.mean_gbps))
                .collect();
            v.sort_by_key(|x| x.0);
            v
        };
        let (tb, tx) = (tput(base), tput(xdp));
        let lat = |sys: System| {
            r.latency
                .iter()
                .find(|l| l.nf == nf && l.system == sys)
                .map(|l| l.half_rtt_us.mean)
        };
        let work = |sys: System, w: Workload| {
            r.workloads
                .iter()
                .find(|x| x.nf == nf && x.system == sys && x.workload == w)
        };
        let mut cells = Vec::new();
        for ((size, b), (_, x)) in tb.iter().zip(&tx) {
            cells.push(format!("{size} B {}", ratio(*x, *b)));
        }
        let tput_cell = if cells.is_empty() {
            "–".to_string()
        } else {
            cells.join(", ")
        };
        let lat_cell = match (lat(base), lat(xdp)) {
            (Some(b), Some(x)) => ratio(x, b),
            _ => "–".to_string(),
        };
        let mut cpu = Vec::new();
        let mut fct = Vec::new();
        for w in Workload::ALL {
            if let (Some(b), Some(x)) = (work(base, w), work(xdp, w)) {
                let per = |y: &super::WorkloadResult| {
                    if y.gbps > 0.0 {
                        y.nf_cores / y.gbps
                    } else {
                        f64::NAN
                    }
                };
                cpu.push(format!("{} {}", w.name(), ratio(per(x), per(b))));
                let last = |y: &super::WorkloadResult| {
                    y.bins
                        .iter()
                        .rev()
                        .find(|b| b.flows > 0)
                        .map(|b| (b.from, b.mean_fct_us))
                };
                if let (Some((from, fb)), Some((_, fx))) = (last(b), last(x)) {
                    fct.push(format!(
                        "{} {}: {}",
                        w.name(),
                        bin_label(from, u64::MAX),
                        ratio(fx, fb)
                    ));
                }
            }
        }
        if tb.is_empty() && lat_cell == "–" && cpu.is_empty() {
            continue;
        }
        let or_dash = |v: Vec<String>| {
            if v.is_empty() {
                "–".to_string()
            } else {
                v.join(", ")
            }
        };
        let _ = writeln!(
            rows,
            "| {} | {tput_cell} | {lat_cell} | {} | {} |",
            nf.name(),
            or_dash(cpu),
            or_dash(fct)
        );
    }
    if rows.is_empty() {
        return String::new();
    }
    format!(
        "\nGoals: tandem-xdp against reference, as ratios (the paper: throughput 1.20–2.87×, latency 0.69×, CPU saved 3–81 %, long flows faster)\n\n\
         | NF | throughput | latency | NF CPU per Gb/s | FCT, largest flows |\n|---|---|---|---|---|\n{rows}"
    )
}

/// A size bin's label.
pub fn bin_label(from: u64, to: u64) -> String {
    let h = |b: u64| match b {
        0 => "0".to_string(),
        b if b >= 1_000_000 => format!("{} MB", b / 1_000_000),
        b => format!("{} kB", b / 1_000),
    };
    if to == u64::MAX {
        format!("≥ {}", h(from))
    } else {
        format!("{}–{}", h(from), h(to))
    }
}

const COLOURS: [RGBColor; 6] = [
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x7f, 0x7f, 0x7f),
];

fn colour(s: System) -> RGBColor {
    COLOURS[System::ALL.iter().position(|x| *x == s).unwrap_or(0) % COLOURS.len()]
}

/// The systems' names in a box at the panel's upper left.
fn legend<'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, CT>,
) -> anyhow::Result<()> {
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperLeft)
        .draw()
        .context("plot")?;
    Ok(())
}

/// Fig. 7 as an SVG: Gb/s by packet size, one panel per NF, a line per system.
pub fn plot_throughput(r: &Results, path: &Path) -> anyhow::Result<()> {
    let nfs = nfs_in(r);
    let systems = systems_in(r);
    let mut sizes: Vec<u32> = r.throughput.iter().map(|t| t.size).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let ymax = r
        .throughput
        .iter()
        .map(|t| t.mean_gbps + t.std_gbps)
        .fold(0.1, f64::max)
        * 1.1;
    let width = 300 * nfs.len().max(1) as u32;
    let root = SVGBackend::new(path, (width, 320)).into_drawing_area();
    root.fill(&WHITE).context("plot")?;
    let panels = root.split_evenly((1, nfs.len().max(1)));
    for (nf, area) in nfs.iter().zip(panels.iter()) {
        let mut chart = ChartBuilder::on(area)
            .caption(nf.title(), ("sans-serif", 16))
            .margin(8)
            .x_label_area_size(30)
            .y_label_area_size(40)
            .build_cartesian_2d(0f64..(sizes.len().max(1) as f64 - 1.0).max(1.0), 0f64..ymax)
            .context("plot")?;
        chart
            .configure_mesh()
            .x_labels(sizes.len().max(2))
            .x_label_formatter(&|x| {
                sizes
                    .get(x.round() as usize)
                    .map(|s| format!("{s} B"))
                    .unwrap_or_default()
            })
            .y_desc("Gb/s")
            .draw()
            .context("plot")?;
        for sys in &systems {
            let pts: Vec<(f64, f64)> = sizes
                .iter()
                .enumerate()
                .filter_map(|(k, s)| {
                    r.throughput
                        .iter()
                        .find(|t| t.nf == *nf && t.system == *sys && t.size == *s)
                        .map(|t| (k as f64, t.mean_gbps))
                })
                .collect();
            if pts.is_empty() {
                continue;
            }
            let c = colour(*sys);
            chart
                .draw_series(LineSeries::new(pts.clone(), c.stroke_width(2)))
                .context("plot")?
                .label(sys.name())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], c));
            chart
                .draw_series(pts.iter().map(|&p| Circle::new(p, 3, c.filled())))
                .context("plot")?;
        }
        legend(&mut chart)?;
    }
    root.present().context("write the plot")?;
    Ok(())
}

/// Fig. 9 as an SVG: mean FCT by flow-size bin (log scale), one panel per NF
/// and workload, a line per system.
pub fn plot_fct(r: &Results, path: &Path) -> anyhow::Result<()> {
    let mut cells: Vec<(Nf, Workload)> = r.workloads.iter().map(|w| (w.nf, w.workload)).collect();
    cells.sort();
    cells.dedup();
    if cells.is_empty() {
        return Ok(());
    }
    let systems = systems_in(r);
    let bins = r.workloads[0].bins.len();
    let (lo, hi) = r
        .workloads
        .iter()
        .flat_map(|w| w.bins.iter())
        .filter(|b| b.flows > 0)
        .fold((f64::MAX, 0.0f64), |(lo, hi), b| {
            (lo.min(b.mean_fct_us / 1e3), hi.max(b.mean_fct_us / 1e3))
        });
    let (lo, hi) = if hi > 0.0 {
        (lo * 0.5, hi * 2.0)
    } else {
        (0.01, 1.0)
    };
    let cols = Workload::ALL.len();
    let rows = cells.len().div_ceil(cols);
    let root = SVGBackend::new(path, (330 * cols as u32, 260 * rows as u32)).into_drawing_area();
    root.fill(&WHITE).context("plot")?;
    let panels = root.split_evenly((rows, cols));
    let labels: Vec<String> = r.workloads[0]
        .bins
        .iter()
        .map(|b| bin_label(b.from, b.to))
        .collect();
    for ((nf, w), area) in cells.iter().zip(panels.iter()) {
        let mut chart = ChartBuilder::on(area)
            .caption(format!("{} / {}", nf.title(), w.name()), ("sans-serif", 14))
            .margin(8)
            .x_label_area_size(30)
            .y_label_area_size(50)
            .build_cartesian_2d(0f64..(bins as f64 - 1.0).max(1.0), (lo..hi).log_scale())
            .context("plot")?;
        chart
            .configure_mesh()
            .x_labels(bins)
            .x_label_formatter(&|x| labels.get(x.round() as usize).cloned().unwrap_or_default())
            .y_desc("mean FCT (ms)")
            .draw()
            .context("plot")?;
        for sys in &systems {
            let Some(x) = r
                .workloads
                .iter()
                .find(|x| x.nf == *nf && x.system == *sys && x.workload == *w)
            else {
                continue;
            };
            let pts: Vec<(f64, f64)> = x
                .bins
                .iter()
                .enumerate()
                .filter(|(_, b)| b.flows > 0)
                .map(|(k, b)| (k as f64, b.mean_fct_us / 1e3))
                .collect();
            let c = colour(*sys);
            chart
                .draw_series(LineSeries::new(pts, c.stroke_width(2)))
                .context("plot")?
                .label(sys.name())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], c));
        }
        legend(&mut chart)?;
    }
    root.present().context("write the plot")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gallium::{Latency, Skipped, Throughput};
    use crate::tcpload::Stats;

    fn results() -> Results {
        Results {
            throughput: vec![Throughput {
                nf: Nf::Mazunat,
                system: System::Tandem,
                size: 1500,
                gbps: vec![1.0, 3.0],
                mean_gbps: 2.0,
                std_gbps: 1.0,
                nf_cores: 0.5,
                bpf_cores: 0.0,
                server_share: Some(0.0004),
            }],
            latency: vec![Latency {
                nf: Nf::Mazunat,
                system: System::Tandem,
                half_rtt_us: Stats::of(&[10.0, 12.0]),
            }],
            workloads: vec![],
            skipped: vec![Skipped {
                nf: Nf::Lb,
                system: System::Kernel,
                why: "the kernel has no equivalent NF".into(),
            }],
            summaries: Default::default(),
        }
    }

    #[test]
    fn tables_hold_the_measurements_the_paper_and_the_gaps() {
        let md = markdown(&results());
        assert!(
            md.contains("| mazunat 1500 B | 2.00 ± 1.00 (0.50) |"),
            "{md}"
        );
        assert!(
            md.contains("| mazunat | 11.0 ± 1.0 | 23.16 ± 0.53 / 15.98 ± 0.21 |"),
            "{md}"
        );
        assert!(
            md.contains("- lb on kernel: the kernel has no equivalent NF"),
            "{md}"
        );
        assert!(md.contains("| mazunat | tandem | 1500 B < 0.1 % |"), "{md}");
    }

    #[test]
    fn a_workload_cut_short_by_the_time_cap_says_how_many_flows_ran() {
        let mut r = results();
        r.workloads.push(crate::gallium::WorkloadResult {
            nf: Nf::Mazunat,
            system: System::Tandem,
            workload: Workload::Enterprise,
            planned: 1_000,
            flows: 926,
            failed: 2,
            first_error: None,
            gbps: 0.29,
            nf_cores: 0.58,
            bpf_cores: 0.0,
            server_share: None,
            bins: vec![crate::gallium::FctBin {
                from: 0,
                to: 10_000,
                flows: 924,
                mean_fct_us: 4_000.0,
            }],
            timeline_gbps: vec![],
        });
        let md = markdown(&r);
        assert!(
            md.contains("| mazunat enterprise | 0.29 (0.58) 926 of 1000 in time 2 failed |"),
            "{md}"
        );
    }

    #[test]
    fn plots_are_written() {
        let dir = std::env::temp_dir().join(format!("tandem-eval-plot-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let p = dir.join("fig7.svg");
        plot_throughput(&results(), &p).expect("plot");
        let svg = std::fs::read_to_string(&p).expect("svg");
        assert!(svg.contains("<svg") && svg.contains("MazuNAT"), "{svg}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn bins_are_labelled() {
        assert_eq!(bin_label(0, 10_000), "0–10 kB");
        assert_eq!(bin_label(10_000_000, u64::MAX), "≥ 10 MB");
    }
}
