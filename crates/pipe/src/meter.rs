//! Two-rate three-color meters (RFC 2698, colour-blind), as P4's `meter`
//! (v1model) and `Meter` (tna) externs and P4Runtime's `MeterConfig` describe them.
//!
//! A meter cell has two token buckets: *P* (peak: rate `pir`, depth `pbs`) and
//! *C* (committed: `cir`, `cbs`), both full when the cell is configured. A packet
//! of size `B` (1 for packet meters, its length for byte meters) is
//!
//! * **red** if P holds fewer than `B` tokens (nothing is taken),
//! * else **yellow** if C holds fewer than `B` (`B` taken from P),
//! * else **green** (`B` taken from both).
//!
//! Buckets refill continuously at their rates between packets, up to their
//! depths. Time is the packet's arrival time, passed in: the meter is
//! deterministic. Token counts are kept exactly, in units of 10^-9 tokens
//! (a rate in units per second times nanoseconds), so no rounding accumulates.
//! An unconfigured cell marks every packet green, as BMv2 and P4Runtime do.
//!
//! The output colour is 0 green, 1 yellow, 2 red (v1model's encoding; the tna
//! emitter converts `MeterColor_t`'s red, 3, to 2).

use serde::{Deserialize, Serialize};

/// A meter's colour for one packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Color {
    /// Within the committed rate.
    Green,
    /// Above the committed, within the peak rate.
    Yellow,
    /// Above the peak rate.
    Red,
}

impl Color {
    /// The value a meter execution writes into its destination field.
    pub fn value(self) -> u64 {
        match self {
            Color::Green => 0,
            Color::Yellow => 1,
            Color::Red => 2,
        }
    }
}

/// Rates and burst sizes of one meter cell (P4Runtime's `MeterConfig`): rates in
/// units (packets or bytes) per second, bursts in units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeterConfig {
    /// Committed information rate.
    pub cir: u64,
    /// Committed burst size.
    pub cburst: u64,
    /// Peak information rate (at least `cir`).
    pub pir: u64,
    /// Peak burst size.
    pub pburst: u64,
}

impl MeterConfig {
    /// A single-rate limit: green up to `rate` per second with bursts of `burst`,
    /// red above (never yellow: both buckets are the same).
    pub fn single_rate(rate: u64, burst: u64) -> MeterConfig {
        MeterConfig {
            cir: rate,
            cburst: burst,
            pir: rate,
            pburst: burst,
        }
    }

    /// Why this configuration is not one a target accepts, if it is not.
    pub fn check(&self) -> Result<(), String> {
        if self.pir < self.cir {
            return Err(format!(
                "peak rate {} is below committed rate {}",
                self.pir, self.cir
            ));
        }
        if self.cburst == 0 || self.pburst == 0 {
            return Err("burst sizes must be at least 1".to_string());
        }
        Ok(())
    }
}

const NANO: u128 = 1_000_000_000;

/// The state of one meter cell.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MeterCell {
    config: Option<MeterConfig>,
    /// Tokens in 10^-9 units.
    p: u128,
    c: u128,
    last_ns: Option<u64>,
}

impl MeterCell {
    /// A cell with `config`, both buckets full (`None`: unconfigured, always green).
    pub fn new(config: Option<MeterConfig>) -> MeterCell {
        MeterCell {
            config,
            p: config.map_or(0, |m| u128::from(m.pburst) * NANO),
            c: config.map_or(0, |m| u128::from(m.cburst) * NANO),
            last_ns: None,
        }
    }

    /// The configuration, if any.
    pub fn config(&self) -> Option<MeterConfig> {
        self.config
    }

    /// Meters `amount` units arriving at `now_ns`. Time that goes backwards adds
    /// no tokens.
    pub fn execute(&mut self, now_ns: u64, amount: u64) -> Color {
        let Some(m) = self.config else {
            return Color::Green;
        };
        let dt = self.last_ns.map_or(0, |t| now_ns.saturating_sub(t));
        self.last_ns = Some(self.last_ns.map_or(now_ns, |t| t.max(now_ns)));
        let dt = u128::from(dt);
        self.p = (self.p + u128::from(m.pir) * dt).min(u128::from(m.pburst) * NANO);
        self.c = (self.c + u128::from(m.cir) * dt).min(u128::from(m.cburst) * NANO);
        let need = u128::from(amount) * NANO;
        if self.p < need {
            Color::Red
        } else if self.c < need {
            self.p -= need;
            Color::Yellow
        } else {
            self.p -= need;
            self.c -= need;
            Color::Green
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unconfigured_cells_are_green() {
        let mut m = MeterCell::new(None);
        assert!((0..100).all(|i| m.execute(i, 1500) == Color::Green));
    }

    #[test]
    fn a_burst_beyond_the_buckets_turns_yellow_then_red() {
        // C: 2 packets, P: 4 packets, both refilled at 1000/s and 2000/s.
        let mut m = MeterCell::new(Some(MeterConfig {
            cir: 1_000,
            cburst: 2,
            pir: 2_000,
            pburst: 4,
        }));
        let colors: Vec<Color> = (0..6).map(|_| m.execute(0, 1)).collect();
        use Color::*;
        assert_eq!(colors, [Green, Green, Yellow, Yellow, Red, Red]);
        // 1 ms later: P regained 2 tokens, C 1.
        let after: Vec<Color> = (0..3).map(|_| m.execute(1_000_000, 1)).collect();
        assert_eq!(after, [Green, Yellow, Red]);
        // Refill stops at the depths: after 10 s the burst is 2 green, 2 yellow.
        let later: Vec<Color> = (0..5).map(|_| m.execute(10_000_000_000, 1)).collect();
        assert_eq!(later, [Green, Green, Yellow, Yellow, Red]);
    }

    #[test]
    fn refill_is_exact_over_many_small_intervals() {
        // 3 packets/s: one token per 333,333,333.33 ns. 3,000 packets at the
        // first nanosecond each token is whole, after the bucket (depth 2, so
        // the fraction is never cut off) is drained, all pass.
        let mut m = MeterCell::new(Some(MeterConfig::single_rate(3, 2)));
        assert_eq!(m.execute(0, 1), Color::Green);
        assert_eq!(m.execute(0, 1), Color::Green);
        assert_eq!(m.execute(0, 1), Color::Red);
        let mut red = 0;
        for k in 1..=3_000u64 {
            let t = k * 1_000_000_000 / 3 + u64::from(k % 3 != 0);
            if m.execute(t, 1) == Color::Red {
                red += 1;
            }
        }
        assert_eq!(red, 0);
        // One more at the same instant has no token.
        assert_eq!(m.execute(1_000_000_000_000, 1), Color::Red);
    }

    #[test]
    fn byte_amounts_and_backwards_time() {
        let mut m = MeterCell::new(Some(MeterConfig::single_rate(1_000, 1_500)));
        assert_eq!(m.execute(5_000, 1_000), Color::Green);
        assert_eq!(m.execute(5_000, 1_000), Color::Red);
        // Earlier than the last packet: no refill, still red.
        assert_eq!(m.execute(0, 600), Color::Red);
        assert_eq!(m.execute(5_000, 500), Color::Green);
    }

    proptest::proptest! {
        /// Over any arrival sequence, what a cell lets through (not red) stays
        /// within the peak bucket's depth plus its rate times the elapsed time,
        /// and what it marks green within the committed bucket's.
        #[test]
        fn a_cell_never_passes_more_than_its_buckets_allow(
            cir in 0u64..5_000,
            extra in 0u64..5_000,
            cburst in 1u64..50,
            pburst in 1u64..50,
            arrivals in proptest::collection::vec((0u64..2_000_000, 1u64..20), 1..300),
        ) {
            let cfg = MeterConfig { cir, cburst, pir: cir + extra, pburst };
            let mut m = MeterCell::new(Some(cfg));
            let (mut t, mut passed, mut green) = (0u64, 0u128, 0u128);
            for (gap, amount) in arrivals {
                t += gap;
                match m.execute(t, amount) {
                    Color::Green => {
                        green += u128::from(amount);
                        passed += u128::from(amount);
                    }
                    Color::Yellow => passed += u128::from(amount),
                    Color::Red => {}
                }
            }
            let t = u128::from(t);
            proptest::prop_assert!(passed * NANO <= u128::from(pburst) * NANO + u128::from(cfg.pir) * t);
            proptest::prop_assert!(green * NANO <= u128::from(cburst) * NANO + u128::from(cir) * t);
        }
    }

    #[test]
    fn configurations_are_checked() {
        assert!(MeterConfig::single_rate(10, 1).check().is_ok());
        let bad = MeterConfig {
            cir: 10,
            cburst: 1,
            pir: 5,
            pburst: 1,
        };
        assert!(bad.check().unwrap_err().contains("peak rate 5"));
        assert!(MeterConfig::single_rate(10, 0).check().is_err());
    }
}
