//! Runs the CoMb evaluation without the CLI (same code path as `tandem plan eval`):
//!
//! ```text
//! cargo run --release -p plan --example comb_eval -- OUT_DIR [DATA_DIR] [EPOCHS] [NAME...]
//! cargo run --release -p plan --example comb_eval -- --merge OUT_DIR DIR...
//! COMB_STRAWMAN_MAX_POPS=0 cargo run ...   # skip the strawman (default: <= 23 PoPs)
//! COMB_SYNTHETIC=1 cargo run ...           # synthetic traffic also on Internet2 and Geant
//! COMB_SIGMA=0.5 cargo run ...             # override the fitted noise level σ
//! ```

use std::path::PathBuf;
use std::time::Instant;

use plan::eval::Clock;

struct Wall(Instant);

impl Clock for Wall {
    fn seconds(&self) -> f64 {
        self.0.elapsed().as_secs_f64()
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `comb_eval --merge OUT_DIR DIR...`: combine results.json files (later ones win).
    if args.first().map(String::as_str) == Some("--merge") {
        let out = PathBuf::from(args.get(1).ok_or("--merge needs OUT_DIR")?);
        let order: Vec<&str> = plan::eval::paper_setups().iter().map(|s| s.name).collect();
        let mut all: Vec<plan::eval::TopoResult> = Vec::new();
        for dir in &args[2..] {
            let text = std::fs::read_to_string(PathBuf::from(dir).join("results.json"))?;
            let rs: Vec<plan::eval::TopoResult> = serde_json::from_str(&text)?;
            for r in rs {
                all.retain(|o| o.name != r.name);
                all.push(r);
            }
        }
        all.sort_by_key(|r| order.iter().position(|n| *n == r.name));
        plan::report::write_all(
            &out,
            &all,
            all.iter().map(|r| r.epochs).max().unwrap_or(0),
            1,
        )?;
        return Ok(());
    }
    let out = PathBuf::from(
        args.first()
            .ok_or("usage: comb_eval OUT_DIR [DATA_DIR] [EPOCHS] [NAME...]")?,
    );
    let data = PathBuf::from(args.get(1).map_or("../shared/data", String::as_str));
    let epochs: usize = args.get(2).map_or(Ok(200), |s| s.parse())?;
    let only = &args[args.len().min(3)..];
    let setups: Vec<_> = plan::eval::paper_setups()
        .into_iter()
        .filter(|s| only.is_empty() || only.iter().any(|o| o.eq_ignore_ascii_case(s.name)))
        .collect();
    // Like `tandem plan eval --sigma`: override the fitted log-noise level.
    let traffic = match std::env::var("COMB_SIGMA") {
        Ok(s) => {
            let mut m = plan::eval::fit_abilene(&data)?;
            m.sigma = s.parse()?;
            Some(m)
        }
        Err(_) => None,
    };
    let opts = plan::eval::EvalOptions {
        data,
        epochs,
        seed: 1,
        solver: plan::Solver::default(),
        traffic,
        synthetic: std::env::var_os("COMB_SYNTHETIC").is_some(),
    };
    // Like `tandem plan eval --strawman-max-pops` (default 23).
    let strawman_max_pops: usize =
        std::env::var("COMB_STRAWMAN_MAX_POPS").map_or(Ok(23), |s| s.parse())?;
    let clock = Wall(Instant::now());
    // Results already in OUT_DIR for other topologies are kept (so large topologies
    // can be run separately, e.g. with fewer epochs); the paper's order is restored.
    let old: Vec<plan::eval::TopoResult> = std::fs::read_to_string(out.join("results.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let order: Vec<&str> = plan::eval::paper_setups().iter().map(|s| s.name).collect();
    plan::eval::run_all(&setups, &opts, strawman_max_pops, &clock, &mut |rs| {
        println!("{} done at {:.1} s", rs[rs.len() - 1].name, clock.seconds());
        let mut all: Vec<_> = old
            .iter()
            .filter(|o| !rs.iter().any(|r| r.name == o.name))
            .cloned()
            .collect();
        all.extend(rs.iter().cloned());
        all.sort_by_key(|r| order.iter().position(|n| *n == r.name));
        plan::report::write_all(&out, &all, epochs, 1)
    })?;
    Ok(())
}
