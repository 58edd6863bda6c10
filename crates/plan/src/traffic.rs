//! Traffic matrices: the real Abilene/GEANT series, seeded gravity-model means
//! (Roughan, CCR 2005) and the Abilene volume-variability histogram that CoMb §7.3
//! applies to them to make time-varying matrices.

use std::collections::HashMap;
use std::path::Path;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::error::{PlanError, Result};

/// A series of origin-destination matrices: `tm[epoch][src][dst]`.
pub type Series = Vec<Vec<Vec<f64>>>;

/// Empirical distribution of volume / per-OD mean, in bins.
#[derive(Debug, Clone, PartialEq)]
pub struct Histogram {
    /// `(lo, hi, probability)` per bin.
    pub bins: Vec<(f64, f64, f64)>,
}

impl Histogram {
    /// Reads `ratio_lo,ratio_hi,probability` CSV.
    pub fn read(path: &Path) -> Result<Histogram> {
        let text =
            std::fs::read_to_string(path).map_err(|e| PlanError::data(path, e.to_string()))?;
        Histogram::parse(&text, path)
    }

    /// Parses `ratio_lo,ratio_hi,probability` CSV text; `path` names the source in errors.
    pub fn parse(text: &str, path: &Path) -> Result<Histogram> {
        let mut rdr = csv::Reader::from_reader(text.as_bytes());
        let mut bins = Vec::new();
        for (i, rec) in rdr.records().enumerate() {
            let rec = rec.map_err(|e| PlanError::data(path, format!("line {}: {e}", i + 2)))?;
            let num = |k: usize| {
                rec.get(k)
                    .and_then(|s| s.trim().parse::<f64>().ok())
                    .filter(|x| !x.is_nan() && *x >= 0.0 && (k == 1 || x.is_finite()))
                    .ok_or_else(|| {
                        PlanError::data(
                            path,
                            format!("line {}: column {} is not a number >= 0", i + 2, k + 1),
                        )
                    })
            };
            bins.push((num(0)?, num(1)?, num(2)?));
        }
        Histogram::new(bins).map_err(|m| PlanError::data(path, m))
    }

    /// Builds from bins; probabilities must sum to a positive number (normalised).
    /// An open last bin (`hi = inf`, the data set's "5.0 and above") becomes a point
    /// mass at its lower edge: the conservative choice, as the tail is unknown.
    pub fn new(mut bins: Vec<(f64, f64, f64)>) -> std::result::Result<Histogram, String> {
        for b in &mut bins {
            if b.1.is_infinite() {
                b.1 = b.0;
            }
        }
        let total: f64 = bins.iter().map(|b| b.2).sum();
        if total.is_nan() || total <= 0.0 || bins.iter().any(|b| b.1 < b.0) {
            return Err("histogram needs bins with lo <= hi and positive total probability".into());
        }
        for b in &mut bins {
            b.2 /= total;
        }
        Ok(Histogram { bins })
    }

    /// Mean of the distribution (bin midpoints).
    pub fn mean(&self) -> f64 {
        self.bins
            .iter()
            .map(|(lo, hi, p)| p * (lo + hi) / 2.0)
            .sum()
    }

    /// Draws a ratio: a bin by probability, then uniformly inside it.
    pub fn sample(&self, rng: &mut ChaCha8Rng) -> f64 {
        let mut u: f64 = rng.random();
        for &(lo, hi, p) in &self.bins {
            if u < p {
                return lo + (hi - lo) * rng.random::<f64>();
            }
            u -= p;
        }
        let (lo, hi, _) = self.bins[self.bins.len() - 1];
        lo + (hi - lo) * rng.random::<f64>()
    }
}

/// Gravity-model mean matrix with `total` volume: node masses are i.i.d.
/// exponential (Roughan 2005), `T_ij ∝ out_i · in_j`, no self-traffic.
pub fn gravity_means(n: usize, total: f64, rng: &mut ChaCha8Rng) -> Vec<Vec<f64>> {
    let mut exp = || -(1.0 - rng.random::<f64>()).ln();
    let out: Vec<f64> = (0..n).map(|_| exp()).collect();
    let inn: Vec<f64> = (0..n).map(|_| exp()).collect();
    let mut sum = 0.0;
    let mut tm = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..n {
            if i != j {
                tm[i][j] = out[i] * inn[j];
                sum += tm[i][j];
            }
        }
    }
    for row in &mut tm {
        for x in row.iter_mut() {
            *x *= total / sum;
        }
    }
    tm
}

/// `epochs` matrices: every OD entry is its mean times an independent draw from `hist`.
pub fn perturb(
    means: &[Vec<f64>],
    hist: &Histogram,
    epochs: usize,
    rng: &mut ChaCha8Rng,
) -> Series {
    (0..epochs)
        .map(|_| {
            means
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|m| if *m > 0.0 { m * hist.sample(rng) } else { 0.0 })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// Per-entry mean of a series.
pub fn mean_matrix(series: &Series) -> Vec<Vec<f64>> {
    let Some(first) = series.first() else {
        return Vec::new();
    };
    let mut m = vec![vec![0.0; first.len()]; first.len()];
    for tm in series {
        for (row, r) in m.iter_mut().zip(tm) {
            for (x, y) in row.iter_mut().zip(r) {
                *x += y / series.len() as f64;
            }
        }
    }
    m
}

/// Reads a `timestamp,SRC->DST,...` CSV of matrices onto `nodes`; column names
/// listed in `merge` as `(from, into)` count as `into`; self-traffic is dropped.
/// Takes every `stride`-th row, at most `epochs` of them.
pub fn read_tm_csv(
    path: &Path,
    nodes: &[String],
    merge: &[(&str, &str)],
    epochs: usize,
    stride: usize,
) -> Result<Series> {
    let text = std::fs::read_to_string(path).map_err(|e| PlanError::data(path, e.to_string()))?;
    parse_tm_csv(&text, path, nodes, merge, epochs, stride)
}

/// Parses matrices CSV text as [`read_tm_csv`] does; `path` names the source in errors.
pub fn parse_tm_csv(
    text: &str,
    path: &Path,
    nodes: &[String],
    merge: &[(&str, &str)],
    epochs: usize,
    stride: usize,
) -> Result<Series> {
    let mut rdr = csv::Reader::from_reader(text.as_bytes());
    let idx: HashMap<&str, usize> = nodes
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let alias: HashMap<&str, &str> = merge.iter().copied().collect();
    let resolve = |s: &str| idx.get(alias.get(s).copied().unwrap_or(s)).copied();
    let headers = rdr
        .headers()
        .map_err(|e| PlanError::data(path, e.to_string()))?
        .clone();
    let mut cols = Vec::new();
    for (k, h) in headers.iter().enumerate().skip(1) {
        let (a, b) = h
            .split_once("->")
            .ok_or_else(|| PlanError::data(path, format!("column {h:?} is not SRC->DST")))?;
        let (Some(a), Some(b)) = (resolve(a), resolve(b)) else {
            return Err(PlanError::data(
                path,
                format!("column {h:?} names a node not in the topology"),
            ));
        };
        cols.push((k, a, b));
    }
    let mut series = Vec::new();
    for (i, rec) in rdr.records().enumerate() {
        if series.len() >= epochs {
            break;
        }
        let rec = rec.map_err(|e| PlanError::data(path, format!("line {}: {e}", i + 2)))?;
        if i % stride.max(1) != 0 {
            continue;
        }
        let mut tm = vec![vec![0.0; nodes.len()]; nodes.len()];
        for &(k, a, b) in &cols {
            let v: f64 = rec
                .get(k)
                .and_then(|s| s.parse().ok())
                .filter(|v: &f64| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| {
                    PlanError::data(
                        path,
                        format!("line {}: column {} is not a volume", i + 2, k + 1),
                    )
                })?;
            if a != b {
                tm[a][b] += v;
            }
        }
        series.push(tm);
    }
    Ok(series)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn gravity_sums_to_total_and_has_no_diagonal() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let tm = gravity_means(5, 100.0, &mut rng);
        let sum: f64 = tm.iter().flatten().sum();
        assert!((sum - 100.0).abs() < 1e-9);
        assert!((0..5).all(|i| tm[i][i] == 0.0));
    }

    #[test]
    fn histogram_samples_stay_in_bins_and_match_mean() {
        let h = Histogram::new(vec![(0.0, 1.0, 1.0), (1.0, 3.0, 1.0)]).expect("valid");
        assert!((h.mean() - 1.25).abs() < 1e-12);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let xs: Vec<f64> = (0..20000).map(|_| h.sample(&mut rng)).collect();
        assert!(xs.iter().all(|x| (0.0..=3.0).contains(x)));
        let mean = xs.iter().sum::<f64>() / xs.len() as f64;
        assert!((mean - 1.25).abs() < 0.03, "{mean}");
        assert!(Histogram::new(vec![(0.0, 1.0, 0.0)]).is_err());
    }
}
