//! Regenerates `examples/plan/*.toml` without the CLI (same code as
//! `tandem plan export-spec`):
//!
//! ```text
//! cargo run --release -p plan --example export_specs -- [OUT_DIR] [DATA_DIR]
//! ```

use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = PathBuf::from(args.first().map_or("examples/plan", String::as_str));
    let data = PathBuf::from(args.get(1).map_or("../shared/data", String::as_str));
    std::fs::create_dir_all(&out)?;
    for (stem, setup) in plan::catalog::all_setups() {
        let file = out.join(format!("{stem}.toml"));
        std::fs::write(&file, plan::catalog::render(stem, &setup, &data, 1)?)?;
        println!("{}", file.display());
    }
    Ok(())
}
