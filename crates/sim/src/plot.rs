//! SVG figures of the goodput experiment (plotters, SVG backend).

use plotters::prelude::*;

/// Why a figure could not be drawn.
#[derive(Debug, thiserror::Error)]
#[error("plot: {0}")]
pub struct PlotError(String);

fn err<E: std::fmt::Debug>(e: E) -> PlotError {
    PlotError(format!("{e:?}"))
}

/// A line chart: one polyline with markers per series over numeric x values.
pub fn lines_svg(
    title: &str,
    x_desc: &str,
    y_desc: &str,
    series: &[(String, Vec<(f64, f64)>)],
) -> Result<String, PlotError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (800, 480)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let pts = series.iter().flat_map(|(_, v)| v.iter());
        let (mut x0, mut x1, mut y1) = (f64::MAX, f64::MIN, 1e-9f64);
        for &(x, y) in pts {
            x0 = x0.min(x);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        if x0 >= x1 {
            (x0, x1) = (x0.min(0.0), x0.max(0.0) + 1.0);
        }
        let pad = (x1 - x0) * 0.03;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d((x0 - pad)..(x1 + pad), 0.0..y1 * 1.15)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc(x_desc)
            .y_desc(y_desc)
            .draw()
            .map_err(err)?;
        let colors = [RED, BLUE, GREEN, MAGENTA, CYAN, BLACK];
        for (i, (name, v)) in series.iter().enumerate() {
            let color = colors[i % colors.len()];
            chart
                .draw_series(LineSeries::new(v.clone(), color.stroke_width(2)))
                .map_err(err)?
                .label(name.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
                });
            chart
                .draw_series(v.iter().map(|&p| Circle::new(p, 3, color.filled())))
                .map_err(err)?;
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_an_svg_with_its_labels() {
        let svg = lines_svg(
            "goodput",
            "packet size (B)",
            "Gbit/s",
            &[("baseline".into(), vec![(256.0, 1.0), (512.0, 2.0)])],
        )
        .expect("draws");
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("packet size (B)") && svg.contains("baseline"));
    }
}
