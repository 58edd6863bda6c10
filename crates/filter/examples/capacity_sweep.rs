//! One capacity curve with chosen parameters, for exploring the design space:
//! `cargo run --release -p filter --example capacity_sweep -- MIB FP_BITS EXACT SEARCH [SLOT_BITS] [PROBES] [POINTS]`.
//! Prints the points of the curve (connections, load, collision rate and its
//! parts, false-accept rate) and the settlement counters.

use filter::capacity::{CapacityOptions, run};
use filter::layout::Layout;

fn arg<T: std::str::FromStr>(v: &[String], i: usize, d: T) -> T {
    v.get(i).and_then(|s| s.parse().ok()).unwrap_or(d)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let v: Vec<String> = std::env::args().skip(1).collect();
    let mib: u64 = arg(&v, 0, 16);
    let fp: u8 = arg(&v, 1, 12);
    let exact: u32 = arg(&v, 2, 4096);
    let search: usize = arg(&v, 3, 512);
    let slot: u8 = arg(&v, 4, 16);
    let probes: u64 = arg(&v, 5, 200_000);
    let points: u32 = arg(&v, 6, 100);
    let layout = Layout::for_budget(mib << 20, fp, slot, exact, 0)?;
    let opts = CapacityOptions {
        layout,
        max_connections: layout.cells(),
        points,
        fine_points: points,
        probes,
        stop_above: 1e-2,
        seed: 1,
        search_limit: search,
    };
    println!(
        "{mib} MiB fp {fp} exact {exact} search {search}: {layout:?}, {} cells",
        layout.cells()
    );
    let curve = run(&opts, &mut |_, _| {});
    for p in &curve.points {
        println!(
            "{:>10} {:.4} coll {:.3e} fb {} unpl {} amb {} fa {:.3e}",
            p.connections,
            p.load,
            p.collision_rate,
            p.fallback,
            p.unplaced,
            p.ambiguous,
            p.false_accept
        );
    }
    println!("{:?}", curve.settle);
    Ok(())
}
