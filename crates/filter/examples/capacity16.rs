//! The 16 MiB capacity experiment (`cargo run --release -p filter --example capacity16`).
use filter::capacity::{CapacityOptions, run};
use filter::layout::Layout;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let layout = Layout::for_budget(16 << 20, 11, 16, 16_384)?;
    let opts = CapacityOptions {
        layout,
        max_connections: layout.cells(),
        points: 20,
        probes: 1_000_000,
        stop_above: 1e-2,
        seed: 1,
    };
    let curve = run(&opts, &mut |_, _| {});
    println!("{}", serde_json::to_string_pretty(&curve)?);
    Ok(())
}
