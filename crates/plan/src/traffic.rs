//! Traffic matrices: the real Abilene/GEANT series, seeded gravity-model means
//! (Roughan, CCR 2005) and the Abilene volume-variability histogram that CoMb §7.3
//! applies to them to make time-varying matrices.

use std::collections::HashMap;
use std::path::Path;

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

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

/// A synthetic traffic time series (§7.3): one base matrix, one diurnal shape for
/// the whole network and per-entry log-normal noise that is correlated from epoch
/// to epoch:
///
/// ```text
/// X_ij(t) = M_ij · s(t) · exp(σ z_ij(t) − σ²/2),   s(t) = 1 + A cos(2π t / P − φ)
/// z_ij(t) = ρ z_ij(t−1) + √(1−ρ²) ε,               ε ~ N(0, 1),  z_ij(0) ~ N(0, 1)
/// ```
///
/// so every entry's mean is `M_ij · s(t)`. [`SeriesModel::fit`] estimates `A`, `φ`,
/// `σ` and `ρ` from a real series (the SNDlib Abilene matrices).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SeriesModel {
    /// Epochs per day `P`.
    pub period: f64,
    /// Relative amplitude `A` of the diurnal sine (kept below 1 by [`SeriesModel::fit`]).
    pub amplitude: f64,
    /// Phase `φ` (radians) of the diurnal peak.
    pub phase: f64,
    /// Standard deviation `σ` of the log noise.
    pub sigma: f64,
    /// Lag-1 autocorrelation `ρ` of the log noise.
    pub rho: f64,
}

impl SeriesModel {
    /// The diurnal factor `s(t)`.
    pub fn diurnal(&self, t: usize) -> f64 {
        let w = std::f64::consts::TAU * t as f64 / self.period.max(1e-9);
        (1.0 + self.amplitude * (w - self.phase).cos()).max(0.0)
    }

    /// Fits the model to `series` whose epochs are `period` apart per day: `A` and
    /// `φ` from the first Fourier coefficient of the network total at the daily
    /// frequency; `σ` and `ρ` pooled over every OD pair from the log of each entry
    /// divided by its mean times `s(t)`, after removing each pair's mean log (zero
    /// entries are skipped). `None` when the series has fewer than two epochs or no
    /// traffic.
    pub fn fit(series: &Series, period: f64) -> Option<SeriesModel> {
        let t_len = series.len();
        if t_len < 2 || period <= 0.0 {
            return None;
        }
        let totals: Vec<f64> = series.iter().map(|m| m.iter().flatten().sum()).collect();
        let mean_total = totals.iter().sum::<f64>() / t_len as f64;
        if mean_total.is_nan() || mean_total <= 0.0 {
            return None;
        }
        let (mut a, mut b) = (0.0, 0.0);
        for (t, s) in totals.iter().enumerate() {
            let w = std::f64::consts::TAU * t as f64 / period;
            a += (s / mean_total - 1.0) * w.cos();
            b += (s / mean_total - 1.0) * w.sin();
        }
        a *= 2.0 / t_len as f64;
        b *= 2.0 / t_len as f64;
        let mut model = SeriesModel {
            period,
            amplitude: a.hypot(b).min(0.95),
            phase: b.atan2(a),
            sigma: 0.0,
            rho: 0.0,
        };
        let means = mean_matrix(series);
        let (mut ss, mut count, mut lag, mut lag_ss) = (0.0, 0usize, 0.0, 0.0);
        for (i, row) in means.iter().enumerate() {
            for (j, &m) in row.iter().enumerate() {
                if m <= 0.0 {
                    continue;
                }
                let logs: Vec<Option<f64>> = (0..t_len)
                    .map(|t| {
                        let x = series[t][i][j];
                        let s = model.diurnal(t);
                        (x > 0.0 && s > 0.0).then(|| (x / (m * s)).ln())
                    })
                    .collect();
                let present: Vec<f64> = logs.iter().flatten().copied().collect();
                if present.len() < 2 {
                    continue;
                }
                let mu = present.iter().sum::<f64>() / present.len() as f64;
                for (t, r) in logs.iter().enumerate() {
                    let Some(r) = r else { continue };
                    ss += (r - mu) * (r - mu);
                    count += 1;
                    if let Some(Some(prev)) = t.checked_sub(1).map(|p| logs[p]) {
                        lag += (r - mu) * (prev - mu);
                        lag_ss += (r - mu) * (r - mu);
                    }
                }
            }
        }
        if count < 2 || ss <= 0.0 {
            return Some(model);
        }
        model.sigma = (ss / count as f64).sqrt();
        model.rho = if lag_ss > 0.0 {
            (lag / lag_ss).clamp(0.0, 0.999)
        } else {
            0.0
        };
        Some(model)
    }

    /// `epochs` matrices around `base` (module docs of [`SeriesModel`]).
    pub fn generate(&self, base: &[Vec<f64>], epochs: usize, rng: &mut ChaCha8Rng) -> Series {
        let n = base.len();
        let mut z: Vec<Vec<f64>> = (0..n)
            .map(|_| (0..n).map(|_| normal(rng)).collect())
            .collect();
        let mut out = Vec::with_capacity(epochs);
        for t in 0..epochs {
            if t > 0 {
                self.step(z.iter_mut().flatten(), rng);
            }
            let s = self.diurnal(t);
            out.push(
                base.iter()
                    .zip(&z)
                    .map(|(row, zr)| {
                        row.iter()
                            .zip(zr)
                            .map(|(m, z)| m * s * self.noise(*z))
                            .collect()
                    })
                    .collect(),
            );
        }
        out
    }

    /// Time-varying shares of `K` parts (e.g. port classes) of every entry of an
    /// `n × n` matrix: `shares[t][i][j][k] ∝ base[k] · exp(σ z_ijk(t) − σ²/2)` with
    /// the AR(1) noise of the model (no diurnal term), normalised to sum to 1.
    pub fn shares<const K: usize>(
        &self,
        base: &[f64; K],
        n: usize,
        epochs: usize,
        rng: &mut ChaCha8Rng,
    ) -> Vec<Vec<Vec<[f64; K]>>> {
        let mut z: Vec<[f64; K]> = (0..n * n)
            .map(|_| std::array::from_fn(|_| normal(rng)))
            .collect();
        (0..epochs)
            .map(|t| {
                if t > 0 {
                    self.step(z.iter_mut().flatten(), rng);
                }
                z.chunks(n.max(1))
                    .map(|row| {
                        row.iter()
                            .map(|zs| {
                                let w: [f64; K] =
                                    std::array::from_fn(|k| base[k] * self.noise(zs[k]));
                                let sum: f64 = w.iter().sum();
                                if sum > 0.0 { w.map(|x| x / sum) } else { *base }
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect()
    }

    fn step<'a>(&self, zs: impl Iterator<Item = &'a mut f64>, rng: &mut ChaCha8Rng) {
        let keep = (1.0 - self.rho * self.rho).max(0.0).sqrt();
        for z in zs {
            *z = self.rho * *z + keep * normal(rng);
        }
    }

    fn noise(&self, z: f64) -> f64 {
        (self.sigma * z - self.sigma * self.sigma / 2.0).exp()
    }
}

/// A standard normal draw (Box–Muller).
fn normal(rng: &mut ChaCha8Rng) -> f64 {
    let u1: f64 = 1.0 - rng.random::<f64>();
    let u2: f64 = rng.random();
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
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

    #[test]
    fn series_model_fit_recovers_its_own_parameters() {
        let truth = SeriesModel {
            period: 12.0,
            amplitude: 0.3,
            phase: 1.0,
            sigma: 0.4,
            rho: 0.6,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let base = gravity_means(12, 1000.0, &mut rng);
        let series = truth.generate(&base, 240, &mut rng);
        let fit = SeriesModel::fit(&series, 12.0).expect("fits");
        assert!((fit.amplitude - 0.3).abs() < 0.05, "{fit:?}");
        assert!((fit.phase - 1.0).abs() < 0.2, "{fit:?}");
        assert!((fit.sigma - 0.4).abs() < 0.05, "{fit:?}");
        assert!((fit.rho - 0.6).abs() < 0.1, "{fit:?}");
        // Same seed, same series.
        let again = truth.generate(&base, 240, &mut ChaCha8Rng::seed_from_u64(5));
        let first = truth.generate(&base, 240, &mut ChaCha8Rng::seed_from_u64(5));
        assert_eq!(again, first);
        assert!(SeriesModel::fit(&series[..1].to_vec(), 12.0).is_none());
    }

    #[test]
    fn series_model_shares_sum_to_one_and_vary() {
        let m = SeriesModel {
            period: 12.0,
            amplitude: 0.0,
            phase: 0.0,
            sigma: 0.5,
            rho: 0.5,
        };
        let base = [0.6, 0.3, 0.1];
        let sh = m.shares(&base, 3, 2000, &mut ChaCha8Rng::seed_from_u64(9));
        assert_eq!((sh.len(), sh[0].len(), sh[0][0].len()), (2000, 3, 3));
        for x in sh.iter().flatten().flatten() {
            assert!((x.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
        // Each part's share varies over time and stays near its base on average
        // (normalisation pulls the mean towards 1/K a little).
        for k in 0..3 {
            let xs: Vec<f64> = sh.iter().map(|e| e[1][2][k]).collect();
            let mean = xs.iter().sum::<f64>() / xs.len() as f64;
            assert!((mean - base[k]).abs() < 0.08, "{k}: {mean}");
            let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = xs.iter().copied().fold(0.0, f64::max);
            assert!(hi > lo * 1.5, "{k}: {lo}..{hi}");
        }
    }
}
