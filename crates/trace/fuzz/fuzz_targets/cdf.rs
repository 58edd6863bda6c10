//! Fuzzes the flow-size CDF parser (the format of the embedded distributions in
//! `crates/trace/data`): any text parses into a distribution whose quantiles stay
//! inside its support and whose samples are finite, or fails with an error
//! naming the line — never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rand::SeedableRng;
use trace::cdf::Cdf;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match Cdf::parse(&text) {
        Err(e) => assert!(e.line <= text.lines().count(), "{e}"),
        Ok(cdf) => {
            let lo = cdf.quantile(0.0);
            let hi = cdf.quantile(1.0);
            assert!(lo <= hi, "{lo} > {hi}");
            for u in [0.0, 0.25, 0.5, 0.999, 1.0] {
                let q = cdf.quantile(u);
                assert!(
                    (lo..=hi).contains(&q),
                    "quantile({u}) = {q} outside [{lo}, {hi}]"
                );
                let p = cdf.probability(q);
                assert!((0.0..=1.0).contains(&p), "probability({q}) = {p}");
            }
            let m = cdf.mean();
            assert!(!m.is_nan());
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
            for _ in 0..8 {
                let _ = cdf.sample(&mut rng);
            }
        }
    }
});
