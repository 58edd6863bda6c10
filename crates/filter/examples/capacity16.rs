//! The capacity experiment at a given budget and fingerprint width:
//! `cargo run --release -p filter --example capacity16 -- MIB FP_BITS MAX_CONNECTIONS`.
use filter::capacity::{CapacityOptions, run};
use filter::layout::Layout;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let (mib, fp, max) = match args[..] {
        [m, f, n] => (m, f as u8, n),
        _ => (16, 11, 0),
    };
    let layout = Layout::for_budget(mib << 20, fp, 16, 16_384)?;
    let opts = CapacityOptions {
        layout,
        max_connections: if max == 0 { layout.cells() } else { max },
        points: 10,
        probes: 1_000_000,
        stop_above: 1e-2,
        seed: 1,
    };
    let curve = run(&opts, &mut |_, _| {});
    println!("{}", serde_json::to_string_pretty(&curve)?);
    Ok(())
}
