//! Empirical flow-size distributions: parsing, inverse-CDF sampling, and the four
//! published datacenter distributions embedded in the crate (see `data/README.md`).

use rand::Rng;

/// A flow-size distribution embedded in the crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum FlowSizes {
    /// DCTCP web search (also the stand-in for CONGA's non-public enterprise CDF).
    WebSearch,
    /// VL2 data mining.
    DataMining,
    /// Facebook Hadoop (as distributed with HPCC).
    Hadoop,
    /// Facebook cache-like key-value sizes.
    Cache,
}

impl FlowSizes {
    /// The distribution's data file, as embedded.
    pub fn source_text(self) -> &'static str {
        match self {
            FlowSizes::WebSearch => include_str!("../data/websearch_dctcp.txt"),
            FlowSizes::DataMining => include_str!("../data/datamining_vl2.txt"),
            FlowSizes::Hadoop => include_str!("../data/hadoop_fb.txt"),
            FlowSizes::Cache => include_str!("../data/cache_fb.txt"),
        }
    }

    /// The parsed distribution.
    pub fn cdf(self) -> Cdf {
        // The embedded files are checked by the tests below; a parse failure here
        // would be a build defect, so fall back to a one-point distribution
        // rather than panicking.
        Cdf::parse(self.source_text()).unwrap_or_else(|_| Cdf {
            points: vec![(1.0, 0.0), (1.0, 1.0)],
        })
    }
}

/// A syntax or consistency error in a CDF file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("CDF line {line}: {detail}")]
pub struct CdfError {
    /// 1-based line number (0 for whole-file faults).
    pub line: usize,
    /// What is wrong.
    pub detail: String,
}

/// A piecewise-linear cumulative distribution over sizes in bytes.
///
/// Invariants (checked by [`Cdf::parse`]): at least two points, sizes and
/// probabilities non-decreasing, probabilities in `[0, 1]`, the last one equal to 1.
#[derive(Debug, Clone, PartialEq)]
pub struct Cdf {
    points: Vec<(f64, f64)>,
}

impl Cdf {
    /// Parses lines of `size probability` (whitespace- or comma-separated; `#` starts
    /// a comment). Probabilities are fractions, or percentages if the last is 100.
    pub fn parse(text: &str) -> Result<Cdf, CdfError> {
        let mut points = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let err = |detail: String| CdfError {
                line: i + 1,
                detail,
            };
            let fields: Vec<&str> = line
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|f| !f.is_empty())
                .collect();
            let [size, prob] = fields[..] else {
                return Err(err(format!("expected two columns, found {}", fields.len())));
            };
            let num = |s: &str| {
                s.parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite() && *v >= 0.0)
                    .ok_or_else(|| err(format!("`{s}` is not a non-negative number")))
            };
            let (size, prob) = (num(size)?, num(prob)?);
            if let Some(&(ps, pp)) = points.last() {
                if size < ps || prob < pp {
                    return Err(err("sizes and probabilities must not decrease".to_string()));
                }
            }
            points.push((size, prob));
        }
        let last = points.last().map(|p| p.1).unwrap_or(0.0);
        let scale = if (last - 100.0).abs() < 1e-9 {
            100.0
        } else if (last - 1.0).abs() < 1e-9 {
            1.0
        } else {
            return Err(CdfError {
                line: 0,
                detail: format!("the last probability is {last}, expected 1 or 100"),
            });
        };
        if points.len() < 2 {
            return Err(CdfError {
                line: 0,
                detail: "need at least two points".to_string(),
            });
        }
        for p in &mut points {
            p.1 /= scale;
        }
        Ok(Cdf { points })
    }

    /// The size at cumulative probability `u` in `[0, 1]` (linear interpolation;
    /// below the first point's probability the first size is returned).
    pub fn quantile(&self, u: f64) -> f64 {
        let u = u.clamp(0.0, 1.0);
        let i = self.points.partition_point(|&(_, p)| p < u);
        match (
            i.checked_sub(1).and_then(|j| self.points.get(j)),
            self.points.get(i),
        ) {
            // Clamped to the segment: rounding must not carry a quantile past
            // its end (0 0.4 / 900 0.5 / 900 1 gave 900.0000000000001 at 0.5).
            (Some(&(s0, p0)), Some(&(s1, p1))) if p1 > p0 => {
                (s0 + (s1 - s0) * (u - p0) / (p1 - p0)).clamp(s0.min(s1), s0.max(s1))
            }
            (_, Some(&(s1, _))) => s1,
            (Some(&(s0, _)), None) => s0,
            (None, None) => 0.0,
        }
    }

    /// P(size <= x) under linear interpolation.
    pub fn probability(&self, x: f64) -> f64 {
        let i = self.points.partition_point(|&(s, _)| s <= x);
        match (
            i.checked_sub(1).and_then(|j| self.points.get(j)),
            self.points.get(i),
        ) {
            (Some(&(s0, p0)), Some(&(s1, p1))) if s1 > s0 => p0 + (p1 - p0) * (x - s0) / (s1 - s0),
            (Some(&(_, p0)), _) => p0,
            (None, _) => 0.0,
        }
    }

    /// Mean size in bytes (exact for the piecewise-linear CDF).
    pub fn mean(&self) -> f64 {
        let first = self.points.first().map_or(0.0, |p| p.0 * p.1);
        first
            + self
                .points
                .windows(2)
                // Halves first: `s0 + s1` can overflow where their mean does not.
                .map(|w| (w[1].1 - w[0].1) * (w[0].0 / 2.0 + w[1].0 / 2.0))
                .sum::<f64>()
    }

    /// Draws one size in whole bytes, at least 1 (a flow carries some data).
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> u64 {
        let u: f64 = rng.random();
        (self.quantile(u).round() as u64).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    const ALL: [FlowSizes; 4] = [
        FlowSizes::WebSearch,
        FlowSizes::DataMining,
        FlowSizes::Hadoop,
        FlowSizes::Cache,
    ];

    #[test]
    fn embedded_files_parse_and_end_at_one() {
        for d in ALL {
            let cdf = Cdf::parse(d.source_text());
            assert!(cdf.is_ok(), "{d:?}: {cdf:?}");
            let cdf = d.cdf();
            assert!((cdf.probability(f64::MAX) - 1.0).abs() < 1e-12, "{d:?}");
        }
    }

    /// Found by the `cdf` fuzz target: interpolation on the segment from
    /// (0, 0.4) to (900, 0.5) gave 900.0000000000001 at 0.5, past the support.
    #[test]
    fn quantiles_stay_inside_the_support() {
        let cdf = Cdf::parse("0 .4\n900 .5\n900 1").expect("parses");
        for u in [0.0, 0.4, 0.45, 0.5, 0.75, 1.0] {
            let q = cdf.quantile(u);
            assert!((0.0..=900.0).contains(&q), "quantile({u}) = {q}");
        }
        assert_eq!(cdf.quantile(0.5), 900.0);
    }

    #[test]
    fn quantile_interpolates_between_published_points() {
        // DCTCP web search: 40 % <= 50 kB and 53 % <= 80 kB, so the median is
        // 50 kB + 30 kB * (0.50 - 0.40) / 0.13.
        let ws = FlowSizes::WebSearch.cdf();
        let expect = 50_000.0 + 30_000.0 * 0.10 / 0.13;
        assert!((ws.quantile(0.5) - expect).abs() < 1e-6);
        // VL2: exactly 50 % of flows are at most 1100 bytes.
        assert!((FlowSizes::DataMining.cdf().quantile(0.5) - 1100.0).abs() < 1e-6);
        assert!((ws.probability(80_000.0) - 0.53).abs() < 1e-12);
    }

    /// Kolmogorov–Smirnov: the largest gap between the empirical CDF of 4000 draws
    /// and the source CDF. At alpha = 0.001 the critical value is 1.95/sqrt(n) = 0.031.
    #[test]
    fn samples_follow_the_source_distribution() {
        for (k, d) in ALL.into_iter().enumerate() {
            let cdf = d.cdf();
            let mut rng = ChaCha8Rng::seed_from_u64(17 + k as u64);
            let n = 4000;
            let mut xs: Vec<f64> = (0..n).map(|_| cdf.quantile(rng.random())).collect();
            xs.sort_by(f64::total_cmp);
            let d_max = xs
                .iter()
                .enumerate()
                .map(|(i, &x)| {
                    let f = cdf.probability(x);
                    (f - i as f64 / n as f64)
                        .abs()
                        .max((f - (i + 1) as f64 / n as f64).abs())
                })
                .fold(0.0, f64::max);
            assert!(
                d_max < 1.95 / (n as f64).sqrt(),
                "{d:?}: KS distance {d_max}"
            );
        }
    }

    #[test]
    fn mean_matches_hand_computed_trapezoids() {
        let cdf = Cdf::parse("0 0\n100 0.5\n300 1").unwrap_or_else(|e| panic!("{e}"));
        // Half uniform on [0,100] (mean 50), half on [100,300] (mean 200).
        assert!((cdf.mean() - 125.0).abs() < 1e-9);
    }

    /// Regression: sizes near `f64::MAX` overflowed the trapezoid's `s0 + s1` to
    /// infinity, and a flat segment (no probability) then gave `0 · ∞ = NaN`.
    #[test]
    fn mean_of_huge_sizes_is_not_nan() {
        let cdf = Cdf::parse("1e308 0\n1.7e308 0\n1.7e308 1").unwrap_or_else(|e| panic!("{e}"));
        let m = cdf.mean();
        assert!(!m.is_nan() && m <= 1.7e308, "{m}");
    }

    #[test]
    fn malformed_files_are_rejected_with_line_numbers() {
        assert_eq!(Cdf::parse("0 0\n10 0.5\n5 1").map_err(|e| e.line), Err(3));
        assert_eq!(Cdf::parse("0 0\nten 1").map_err(|e| e.line), Err(2));
        assert_eq!(Cdf::parse("0 0\n10 0.7").map_err(|e| e.line), Err(0));
        assert_eq!(Cdf::parse("0 0 0\n10 1").map_err(|e| e.line), Err(1));
        assert!(Cdf::parse("").is_err());
    }
}
