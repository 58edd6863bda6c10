//! The switch part of CoFilter as a `pipe` program.
//!
//! Stages (the resource checker places them; the numbers are the intended order):
//!
//! 0. **Classify and canonicalise.** IPv4 TCP/UDP only (everything else goes to
//!    the CPU agent, which drops what it does not track and tracks ICMP echo).
//!    The control-relevant TCP flags are kept in `meta.flags`.
//!    The 5-tuple is put in canonical order (lower `(addr, port)` first) in
//!    `meta.la/ha/lp/hp` by one of two actions chosen by a gateway condition.
//! 1. **Hash.** Per way a CRC-32 (slot bits; for split cells also its low
//!    `slot_bits − 2` bits, the nibble word) and a CRC-16 (12 selector bits)
//!    over the canonical fields in the way's order, and a CRC-16 for the
//!    fingerprint; the exact-match table on the canonical 5-tuple is looked up in
//!    parallel.
//! 2. **Select rows.** Per way a 4096-entry exact table maps the selector bits to
//!    a piece (register array) and the row's base index in it (for split cells
//!    also the nibble piece and base, and the row's first cell for the activity
//!    array); alongside, the fingerprint `max(crc16 mod 2^fp_bits, 1)` (0 marks
//!    an empty cell).
//! 3. **Look up** (`ways.rs`): per way register pieces in consecutive stages
//!    (they write the same output, so the placer chains them). Word cells: one
//!    stateful ALU per piece matches the cell and sets its activity bit. Split
//!    cells: the nibble and high-byte pieces are read, a lane table masks the
//!    cell's nibble, and the hit sets the cell's bit in a 1-bit array.
//! 4. **Hit tests**, one gateway per way; then, with `state_bits == 2`, the
//!    **connection state** in two more stages (`ways::state`): the *p*
//!    arrays (a FIN+ACK matched in exactly one way and no exact entry sets *p*),
//!    then the *q* arrays (such a FIN sets *q* if the old *p* was set; a plain
//!    ACK reads *q*). A FIN that comes in on the CPU port (the agent's, to be
//!    counted) is dropped after being counted.
//! 5. **Decide.** A small ternary table on (flags, exact result, four hit bits,
//!    is-UDP; with state bits the four old *q* and "from the CPU port"): TCP
//!    control segments (SYN, FIN or RST set, or ACK clear; with state bits a
//!    FIN+ACK with exactly one hit and no exact entry is forwarded, and an ACK
//!    whose way says LAST_ACK goes to the CPU) → CPU;
//!    exact forward entry or exactly one hit → forward out of the other port;
//!    exact CPU entry, several hits or none → CPU (a miss may open a UDP flow or
//!    belong to a TCP connection without an entry). A TCP miss goes through the
//!    meter `miss_meter` (the SYN-flood defence's rate limit); egress drops it
//!    if the meter marked it red.

mod build;
mod entries;
mod placement;
#[cfg(test)]
mod tests;
mod ways;

pub use build::{CPU_PORT, MISS_METER, SYN_METER, build};
pub use entries::{
    DECIDE_TABLE, EXACT_TABLE, decide_entries, exact_entry, exact_key, lane_entries,
    selector_entries,
};
pub use placement::{
    Placement, RegWrite, activity_name, cell_entry, cell_writes, cells_table_name, lo_piece_name,
    piece_name, state_names, state_writes,
};

use crate::layout::{Cells, Layout};

/// The switch part's resources for `layout`: pieces chosen to fit Tofino-1's 80
/// SRAM blocks per stage, placed against the Tofino-1 profile with as many stages
/// as the tables need (more than 12 means it does not fit one Tofino-1 pipe).
pub fn resources(
    layout: Layout,
) -> Result<(Placement, pipe::resources::Report), FilterProgramError> {
    let mut profile = pipe::resources::Profile::tofino1();
    let p = Placement::fitting(layout, profile.sram_blocks_per_stage);
    // Canonicalise, hash, select (and split the fingerprint), the pieces, hit
    // tests, decide (and slack: the placer may push a piece on).
    profile.stages = profile
        .stages
        .max(p.pieces + p.lo_pieces + 8 + u32::from(layout.state_bits));
    let program = build(&p)?;
    let report = pipe::resources::check(&program, &profile)?;
    Ok((p, report))
}

/// The switch part for `layout` as P4_16: `(v1model, tna, resource report)`.
pub fn emit_p4(layout: Layout) -> Result<(String, String, String), FilterProgramError> {
    let (placement, report) = resources(layout)?;
    let program = build(&placement)?;
    let v1 = p4gen::emit(&program, p4gen::Arch::V1model)?;
    let tna = p4gen::emit(&program, p4gen::Arch::Tna)?;
    Ok((v1, tna, format!("{report}")))
}

/// [`emit_p4`] with the cells where `cells` say. Table cells
/// ([`crate::layout::Storage::Table`]) are for software switches driven over
/// P4Runtime (BMv2): they are not placed against Tofino-1, and the report
/// says so.
pub fn emit_p4_with(
    layout: Layout,
    cells: Cells,
) -> Result<(String, String, String), FilterProgramError> {
    if cells == Cells::Registers {
        return emit_p4(layout);
    }
    let program = build(&Placement::with_cells(layout, cells, 80))?;
    let v1 = p4gen::emit(&program, p4gen::Arch::V1model)?;
    let tna = p4gen::emit(&program, p4gen::Arch::Tna)?;
    Ok((
        v1,
        tna,
        "table cells: one exact-match entry per occupied cell, for a switch whose control plane reaches tables but not registers (BMv2 over P4Runtime); not placed against Tofino-1\n".to_string(),
    ))
}

/// Why the switch part could not be built or placed.
#[derive(Debug, thiserror::Error)]
pub enum FilterProgramError {
    /// `pipe` refused the program.
    #[error(transparent)]
    Program(#[from] pipe::ProgramError),
    /// The resource checker refused it.
    #[error(transparent)]
    Resources(#[from] pipe::resources::ResourceError),
}

/// The default switch tables: [`tofino1_layout_for`] with the 2-bit
/// connection state.
pub fn tofino1_layout() -> Layout {
    tofino1_layout_for(2)
}

/// The largest split-cell layout (12-bit fingerprints) with `state_bits` (0 or
/// 2) that fits one Tofino-1 pipe (12 stages), with a 16,384-entry exact table.
/// 0 bits (13 bits per cell): 20 rows of 2^16 cells per way (5.24 M cells,
/// 8.1 MiB) in 2 nibble and 4 high-byte pieces per way. 2 bits (15 bits per
/// cell): the state arrays and their two stages after the hit tests leave 3
/// high-byte stages, so 12 rows per way (3.15 M cells).
pub fn tofino1_layout_for(state_bits: u8) -> Layout {
    Layout {
        fp_bits: 12,
        slot_bits: 16,
        rows: [if state_bits == 2 { 12 } else { 20 }; 4],
        exact_entries: 16_384,
        state_bits,
    }
}
