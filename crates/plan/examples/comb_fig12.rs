//! Fig. 12's first column only (standalone-at-ingress cost over CoMb's path
//! provisioning with reuse, and its bound), for topologies where the full
//! evaluation (`comb_eval`, ten provisionings) does not fit the time at hand.
//! Same inputs and library calls as `comb_eval` / `tandem plan eval`.
//!
//! ```text
//! cargo run --release -p plan --example comb_fig12 -- [DATA_DIR] [EPOCHS] NAME...
//! ```
//! Prints one JSON object per topology.

use std::path::PathBuf;
use std::time::Instant;

use plan::eval::{self, EvalOptions};
use plan::provision::{self, ProvisionOptions};
use plan::{Solver, Strategy, Workload};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let data = PathBuf::from(args.first().map_or("../shared/data", String::as_str));
    let epochs: usize = args.get(1).map_or(Ok(200), |s| s.parse())?;
    let opts = EvalOptions {
        data,
        epochs,
        seed: 1,
        solver: Solver::Highs,
        traffic: None,
        synthetic: false,
    };
    for name in &args[args.len().min(2)..] {
        let setup = eval::paper_setups()
            .into_iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("unknown topology {name}"))?;
        let inp = eval::inputs(&setup, &opts)?;
        let (inst, epochs) = eval::provisioning_problem(&inp)?;
        let (standalone, _) = eval::standalone_cost(&inst, &epochs);
        let wl = Workload::hyperapp(&inst, Strategy::Path, true)?;
        let t = Instant::now();
        let p = provision::provision(&wl, &epochs, ProvisionOptions::default())?;
        let secs = t.elapsed().as_secs_f64();
        let bound = eval::cost_bound(&wl, &epochs);
        println!(
            "{}",
            serde_json::json!({
                "name": setup.name,
                "pops": inst.nodes.len(),
                "classes": inst.classes.len(),
                "epochs": epochs.len(),
                "cost_standalone_ingress": standalone,
                "cost_path_reuse": p.cost,
                "fig12_reuse": standalone / p.cost,
                "fig12_bound": standalone / bound,
                "provision_seconds": secs,
                "rounds": p.rounds,
                "active_epochs": p.active.len(),
                "check_lps": p.checks,
            })
        );
    }
    Ok(())
}
