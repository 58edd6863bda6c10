//! SVG figures for docs/COFILTER.md (plotters, SVG backend).

use plotters::prelude::*;

use crate::capacity::CapacityCurve;

/// Why a figure could not be drawn.
#[derive(Debug, thiserror::Error)]
#[error("plot: {0}")]
pub struct PlotError(String);

fn err<E: std::fmt::Debug>(e: E) -> PlotError {
    PlotError(format!("{e:?}"))
}

/// The capacity curve: collision rate and false-accept rate (log scale) against
/// connections (millions), one line pair per curve, with the target as a
/// horizontal line.
pub fn capacity_svg(curves: &[(String, &CapacityCurve)], target: f64) -> Result<String, PlotError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (800, 500)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let max_x = curves
            .iter()
            .flat_map(|(_, c)| c.points.iter().map(|p| p.connections as f64 / 1e6))
            .fold(1.0, f64::max);
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "CoFilter capacity: rates vs connections",
                ("sans-serif", 20),
            )
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0.0..max_x * 1.02, (1e-7f64..1e-1f64).log_scale())
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("connections (millions)")
            .y_desc("rate")
            .y_label_formatter(&|v| format!("{v:.0e}"))
            .draw()
            .map_err(err)?;
        let colors = [BLUE, RED, GREEN, MAGENTA, CYAN, BLACK];
        for (i, (name, c)) in curves.iter().enumerate() {
            let color = colors[i % colors.len()];
            let pts = |f: &dyn Fn(&crate::capacity::Point) -> f64| -> Vec<(f64, f64)> {
                c.points
                    .iter()
                    .map(|p| (p.connections as f64 / 1e6, f(p).max(1e-7)))
                    .collect()
            };
            chart
                .draw_series(LineSeries::new(
                    pts(&|p| p.collision_rate),
                    color.stroke_width(2),
                ))
                .map_err(err)?
                .label(format!("{name}: collision rate"))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
                });
            chart
                .draw_series(LineSeries::new(
                    pts(&|p| p.false_accept),
                    color.stroke_width(1),
                ))
                .map_err(err)?
                .label(format!("{name}: false-accept rate"))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(1))
                });
        }
        chart
            .draw_series(LineSeries::new(
                vec![(0.0, target), (max_x * 1.02, target)],
                BLACK.mix(0.5),
            ))
            .map_err(err)?
            .label(format!("target {target:e}"))
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLACK.mix(0.5)));
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// A grouped bar-like line chart of one value per workload for two systems
/// (e.g. CPU packets per input packet): drawn as two polylines over the workloads.
pub fn per_workload_svg(
    title: &str,
    y_desc: &str,
    workloads: &[String],
    series: &[(String, Vec<f64>)],
) -> Result<String, PlotError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (800, 450)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let max_y = series
            .iter()
            .flat_map(|(_, v)| v.iter().copied())
            .fold(1e-9, f64::max);
        let n = workloads.len().max(1);
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0.0..max_y * 1.1)
            .map_err(err)?;
        let names = workloads.to_vec();
        chart
            .configure_mesh()
            .x_labels(n)
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 1e-6 && i >= 0.0 {
                    names.get(i as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .y_desc(y_desc)
            .draw()
            .map_err(err)?;
        let colors = [RED, BLUE, GREEN, MAGENTA];
        for (i, (name, v)) in series.iter().enumerate() {
            let color = colors[i % colors.len()];
            let pts: Vec<(f64, f64)> = v.iter().enumerate().map(|(x, &y)| (x as f64, y)).collect();
            chart
                .draw_series(LineSeries::new(pts.clone(), color.stroke_width(2)))
                .map_err(err)?
                .label(name.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
                });
            chart
                .draw_series(pts.into_iter().map(|p| Circle::new(p, 4, color.filled())))
                .map_err(err)?;
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capacity::Point;
    use crate::layout::{Layout, WAYS};
    use crate::shadow::SettleStats;

    #[test]
    fn capacity_figure_is_an_svg_with_the_labels() {
        let pt = |n: u64, r: f64| Point {
            connections: n,
            load: 0.0,
            collisions: 0,
            collision_rate: r,
            fallback: 0,
            unplaced: 0,
            ambiguous: 0,
            false_accept: r / 2.0,
            false_accept_expected: r / 2.0,
        };
        let curve = CapacityCurve {
            layout: Layout {
                fp_bits: 15,
                slot_bits: 16,
                rows: [1; WAYS],
                exact_entries: 0,
                state_bits: 0,
            },
            points: vec![pt(1_000_000, 1e-5), pt(2_000_000, 1e-3)],
            settle: SettleStats::default(),
        };
        let svg = capacity_svg(&[("16 MiB".into(), &curve)], 1e-3).expect("draws");
        assert!(svg.starts_with("<svg"), "{}", &svg[..40.min(svg.len())]);
        assert!(svg.contains("connections (millions)"));
        assert!(svg.contains("16 MiB: collision rate"));
        let bars = per_workload_svg(
            "CPU packets",
            "per input packet",
            &["websearch".into(), "cache".into()],
            &[
                ("baseline".into(), vec![1.0, 1.0]),
                ("CoFilter".into(), vec![0.1, 0.4]),
            ],
        )
        .expect("draws");
        assert!(bars.contains("websearch"));
    }
}
