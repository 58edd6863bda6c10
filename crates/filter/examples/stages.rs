//! How many match-action stages each table layout of the capacity claim needs,
//! placed by `pipe`'s resource checker against its Tofino-1 profile (12 stages,
//! 80 SRAM blocks of 16 KiB and 4 stateful ALUs per stage), and whether it fits
//! one Tofino-1 pipeline (docs/COFILTER.md §7, "Stages per layout").
//!
//! `cargo run -p filter --example stages [--per-stage]`

use filter::layout::Layout;
use filter::program::{resources, tofino1_layout, tofino1_layout_for};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let per_stage = std::env::args().any(|a| a == "--per-stage");
    let mib16 = 16u64 << 20;
    let layouts = [
        (
            "default: split cells + 2 state bits, largest in one pipe",
            tofino1_layout(),
        ),
        (
            "--state-bits 0: 13-bit split cells, largest in one pipe",
            tofino1_layout_for(0),
        ),
        (
            "16 MiB, split cells + 2 state bits (15 bits), 2,048 exact",
            Layout::for_budget(mib16, 12, 16, 2_048, 2)?,
        ),
        (
            "16 MiB, 13-bit split cells (12-bit fp), 2,048 exact",
            Layout::for_budget(mib16, 12, 16, 2_048, 0)?,
        ),
        (
            "16 MiB, 16-bit word cells + 2 state bits, 2,048 exact",
            Layout::for_budget(mib16, 15, 16, 2_048, 2)?,
        ),
        (
            "16 MiB, 16-bit word cells (15-bit fp), 2,048 exact",
            Layout::for_budget(mib16, 15, 16, 2_048, 0)?,
        ),
    ];
    println!("layout | cells | stages | SRAM blocks | SALUs | fits one Tofino-1 pipe (12)");
    for (name, l) in layouts {
        let (_, report) = resources(l)?;
        let cells: u64 = (0..4).map(|w| u64::from(l.way_cells(w))).sum();
        println!(
            "{name} | {:.2} M | {} | {} | {} | {}",
            cells as f64 / 1e6,
            report.stages_used,
            report.sram_blocks,
            report.salus,
            if report.stages_used <= 12 {
                "yes"
            } else {
                "no"
            },
        );
        if per_stage {
            println!("{report}");
        }
    }
    Ok(())
}
