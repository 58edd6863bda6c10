//! Delay distributions in fixed memory: a log-linear histogram (16 buckets per
//! power of two, 1,040 counters) whose quantiles are within 1/16 of the exact
//! ones, however many delays are recorded. Used wherever a long or live run
//! reports delay quantiles (`runner`'s held packets, `filter`'s delays), so no
//! run keeps one sample per packet.

/// Count, quantiles and maximum of recorded delays.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct DelayQuantiles {
    /// Delays recorded.
    pub count: u64,
    /// Median, ns (each quantile is a bucket's upper edge: within 1/16).
    pub p50_ns: u64,
    /// 99th percentile, ns.
    pub p99_ns: u64,
    /// 99.9th percentile, ns.
    pub p999_ns: u64,
    /// Longest, ns (exact).
    pub max_ns: u64,
}

/// A log-linear histogram of delays (ns).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Histogram {
    counts: Vec<u64>,
    n: u64,
    max: u64,
    sum: u128,
}

impl Default for Histogram {
    fn default() -> Histogram {
        Histogram::new()
    }
}

impl Histogram {
    const SUB: u32 = 16;

    /// An empty histogram.
    pub fn new() -> Histogram {
        Histogram {
            counts: vec![0; 65 * Self::SUB as usize],
            n: 0,
            max: 0,
            sum: 0,
        }
    }

    fn bucket(v: u64) -> usize {
        if v < u64::from(Self::SUB) {
            return v as usize;
        }
        let exp = 63 - v.leading_zeros();
        let mant = (v >> (exp - 4)) & u64::from(Self::SUB - 1);
        ((exp - 3) * Self::SUB) as usize + mant as usize
    }

    /// The largest value of bucket `b`.
    fn upper(b: usize) -> u64 {
        let b = b as u64;
        let sub = u64::from(Self::SUB);
        if b < sub {
            return b;
        }
        let exp = b / sub + 3;
        let mant = b % sub;
        let low = (sub + mant) << (exp - 4);
        low.saturating_add((1u64 << (exp - 4)) - 1)
    }

    /// Records one delay (ns).
    pub fn record(&mut self, v: u64) {
        self.counts[Self::bucket(v)] += 1;
        self.n += 1;
        self.max = self.max.max(v);
        self.sum += u128::from(v);
    }

    /// Delays recorded.
    pub fn count(&self) -> u64 {
        self.n
    }

    /// Mean delay (exact; 0 when empty).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum as f64 / self.n as f64
        }
    }

    /// The `q` quantile (0 ≤ q ≤ 1): the upper edge of the bucket holding
    /// the ⌈q·n⌉-th smallest delay, at most the maximum; 0 when empty.
    pub fn quantile(&self, q: f64) -> u64 {
        if self.n == 0 {
            return 0;
        }
        let rank = ((q * self.n as f64).ceil() as u64).clamp(1, self.n);
        let mut seen = 0;
        for (b, &c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= rank {
                return Self::upper(b).min(self.max);
            }
        }
        self.max
    }

    /// Count, quantiles and maximum so far.
    pub fn summary(&self) -> DelayQuantiles {
        DelayQuantiles {
            count: self.n,
            p50_ns: self.quantile(0.5),
            p99_ns: self.quantile(0.99),
            p999_ns: self.quantile(0.999),
            max_ns: self.max,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Histogram;

    #[test]
    fn histogram_quantiles_are_within_a_sixteenth() {
        let mut h = Histogram::new();
        for v in 1..=10_000u64 {
            h.record(v * 1000);
        }
        for (q, exact) in [(0.5, 5_000_000u64), (0.99, 9_900_000), (0.999, 9_990_000)] {
            let got = h.quantile(q);
            assert!(
                got >= exact && got <= exact + exact / 16,
                "q {q}: {got} vs {exact}"
            );
        }
        assert_eq!(h.quantile(1.0), 10_000_000);
        assert_eq!(h.count(), 10_000);
        assert!((h.mean() - 5_000_500.0).abs() < 1e-6, "{}", h.mean());
        for v in [0u64, 1, 15, 16, 17, 31, 32, 1 << 20, u64::MAX / 2, u64::MAX] {
            let b = Histogram::bucket(v);
            assert!(Histogram::upper(b) >= v, "{v}");
            assert!(b == 0 || Histogram::upper(b - 1) < v, "{v}");
        }
        assert_eq!(Histogram::new().quantile(0.5), 0);
        assert_eq!(Histogram::new().mean(), 0.0);
    }

    #[test]
    fn memory_does_not_grow_with_the_samples() {
        let mut h = Histogram::new();
        let before = h.counts.len();
        for v in 0..1_000_000u64 {
            h.record(v.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20);
        }
        assert_eq!(h.counts.len(), before);
        assert_eq!(h.count(), 1_000_000);
    }
}
