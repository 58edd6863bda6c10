//! The sweep's figure: p99 first-packet delay against the offered rate.

use super::config::NfKind;
use super::result::{Loop, Row, Setting};

/// The figure could not be drawn (plotters' error, as text).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PlotError(String);

/// p99 first-packet delay of legitimate flows against the offered rate, closed
/// loop, without (left) and with (right) the flood, one line per NF and
/// setting: an SVG document.
pub fn plot(rows: &[Row]) -> Result<String, PlotError> {
    use plotters::prelude::*;
    let e = |x: &dyn std::fmt::Debug| PlotError(format!("{x:?}"));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (1200, 500)).into_drawing_area();
        root.fill(&WHITE).map_err(|x| e(&x))?;
        let (left, right) = root.split_horizontally(600);
        let xs: Vec<f64> = rows.iter().map(|r| r.offered_flows_per_s).collect();
        let xmin = xs.iter().copied().fold(f64::INFINITY, f64::min).max(1.0);
        let xmax = xs.iter().copied().fold(1.0, f64::max).max(xmin * 10.0);
        let ymax = rows
            .iter()
            .map(|r| r.first_p99_ns as f64 / 1e3)
            .fold(10.0, f64::max)
            * 2.0;
        let colors = [
            BLUE,
            RED,
            GREEN,
            MAGENTA,
            CYAN,
            BLACK,
            RGBColor(200, 120, 0),
        ];
        for (area, flood) in [(left, false), (right, true)] {
            let title = if flood {
                "closed loop, with SYN flood"
            } else {
                "closed loop, no flood"
            };
            let mut chart = ChartBuilder::on(&area)
                .caption(title, ("sans-serif", 18))
                .margin(12)
                .x_label_area_size(40)
                .y_label_area_size(60)
                .build_cartesian_2d((xmin..xmax).log_scale(), (0.1f64..ymax).log_scale())
                .map_err(|x| e(&x))?;
            chart
                .configure_mesh()
                .x_desc("offered new flows/s")
                .y_desc("p99 first-packet delay (µs)")
                .x_label_formatter(&|v| format!("{v:.0e}"))
                .draw()
                .map_err(|x| e(&x))?;
            let mut keys: Vec<(NfKind, Setting)> = Vec::new();
            for r in rows {
                if !keys.iter().any(|(n, s)| *n == r.nf && *s == r.setting) {
                    keys.push((r.nf, r.setting));
                }
            }
            for (k, (nf, setting)) in keys.iter().enumerate() {
                let color = colors[k % colors.len()];
                let pts: Vec<(f64, f64)> = rows
                    .iter()
                    .filter(|r| r.nf == *nf && r.setting == *setting && r.flood == flood)
                    .filter(|r| r.loop_ == Loop::Closed)
                    .map(|r| {
                        (
                            r.offered_flows_per_s,
                            (r.first_p99_ns as f64 / 1e3).max(0.1),
                        )
                    })
                    .collect();
                chart
                    .draw_series(LineSeries::new(pts, color.stroke_width(2)))
                    .map_err(|x| e(&x))?
                    .label(format!("{nf} {}", setting.name()))
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
                    });
            }
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .position(SeriesLabelPosition::UpperLeft)
                .draw()
                .map_err(|x| e(&x))?;
        }
        root.present().map_err(|x| e(&x))?;
    }
    Ok(svg)
}
