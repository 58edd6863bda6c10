//! Fuzzes the traffic readers of `tandem plan eval`: any bytes as a
//! `timestamp,SRC->DST,...` matrix series and as a variability histogram must
//! parse or fail with an error naming the file; a histogram that parses must
//! sample finite-or-infinite, never NaN, ratios.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use plan::traffic;
use rand::SeedableRng;

fuzz_target!(|data: &[u8]| {
    let (knobs, body) = data.split_at(data.len().min(2));
    let epochs = knobs.first().map_or(4, |&b| usize::from(b % 8));
    let stride = knobs.get(1).map_or(1, |&b| usize::from(b % 4));
    let text = String::from_utf8_lossy(body);
    let nodes: Vec<String> = ["ATLAng", "CHINng", "DNVRng"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let merge = [("ATLAM5", "ATLAng")];
    if let Err(e) =
        traffic::parse_tm_csv(&text, Path::new("tm.csv"), &nodes, &merge, epochs, stride)
    {
        assert!(e.to_string().starts_with("tm.csv: "), "{e}");
    }
    match traffic::Histogram::parse(&text, Path::new("h.csv")) {
        Err(e) => assert!(e.to_string().starts_with("h.csv: "), "{e}"),
        Ok(h) => {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
            for _ in 0..4 {
                let x = h.sample(&mut rng);
                assert!(!x.is_nan(), "NaN sample from {:?}", h.bins);
            }
            let _ = traffic::perturb(&[vec![0.0, 2.0], vec![1.0, 0.0]], &h, 2, &mut rng);
        }
    }
});
