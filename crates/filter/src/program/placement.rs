//! How the ways' rows are split into register arrays (pieces) across stages, and
//! where a cell lives in those arrays.
//!
//! * [`Storage::Word`]: per way `pieces` arrays of `fp_bits + 1`-bit cells.
//! * [`Storage::Split`]: per way `pieces` 8-bit arrays (the fingerprint's high
//!   byte), `lo_pieces` 16-bit arrays of nibbles and one 1-bit activity array
//!   over the whole way. A 16-bit nibble word of a row holds the cells whose slots
//!   differ only in their top two bits: slot `s` is lane `s >> (slot_bits − 2)`
//!   of word `s mod 2^(slot_bits − 2)`. That way the data plane gets the word
//!   index from a hash unit (the CRC's low bits) and the lane with one constant
//!   shift, as a switch ALU can.

use pipe::{KeyMatch, TableEntry};

use crate::layout::{Cells, Layout, Storage, WAYS};

/// How the ways' rows are split into register arrays (pieces) across stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Placement {
    /// The table geometry.
    pub layout: Layout,
    /// Pieces per way of the cell (word) or high-byte (split) arrays, in
    /// consecutive stages.
    pub pieces: u32,
    /// Pieces per way of the nibble arrays (split storage; 0 for words).
    pub lo_pieces: u32,
    /// Where the cells are: registers (by the fingerprint's width) or table
    /// entries ([`Storage::Table`]; then `pieces` is 1, `lo_pieces` 0).
    pub cells: Cells,
}

/// Rows of piece `j` of `n` over `rows` rows (dealt out evenly, earlier pieces
/// taking the remainder).
fn share(rows: u32, n: u32, j: u32) -> u32 {
    let n = n.max(1);
    rows / n + u32::from(j < rows % n)
}

/// Piece and row within it of `row` when `rows` rows are dealt into `n` pieces.
fn find(rows: u32, n: u32, row: u32) -> (u32, u32) {
    let mut first = 0;
    for j in 0..n {
        let k = share(rows, n, j);
        if row < first + k {
            return (j, row - first);
        }
        first += k;
    }
    (n, 0)
}

/// SRAM blocks of 128 Kibit that `bits` take.
fn blocks(bits: u64) -> u64 {
    bits.div_ceil(128 * 1024)
}

/// The fewest pieces such that the four ways' largest pieces, at `bits_per_row`
/// each row, fit together in `blocks_per_stage`.
fn fewest(layout: &Layout, bits_per_row: u64, blocks_per_stage: u32) -> u32 {
    let max_rows = layout.rows.iter().copied().max().unwrap_or(1);
    (1..max_rows)
        .find(|&n| {
            let worst: u64 = (0..WAYS)
                .map(|w| blocks(u64::from(share(layout.rows[w], n, 0)) * bits_per_row))
                .sum();
            worst <= u64::from(blocks_per_stage)
        })
        .unwrap_or(max_rows)
}

impl Placement {
    /// The storage of the cells (word if the fingerprint width has none, which
    /// [`super::build`] refuses).
    pub fn storage(&self) -> Storage {
        match self.cells {
            Cells::Tables => Storage::Table,
            Cells::Registers => self.layout.storage().unwrap_or(Storage::Word),
        }
    }

    /// The placement of `layout`'s cells as `cells` say: registers as
    /// [`Placement::fitting`] places them, or one table per way.
    pub fn with_cells(layout: Layout, cells: Cells, blocks_per_stage: u32) -> Placement {
        match cells {
            Cells::Registers => Placement::fitting(layout, blocks_per_stage),
            Cells::Tables => Placement {
                layout,
                pieces: 1,
                lo_pieces: 0,
                cells,
            },
        }
    }

    /// Rows of piece `j` of way `w` (word or high-byte arrays).
    pub fn piece_rows(&self, w: usize, j: u32) -> u32 {
        share(self.layout.rows[w], self.pieces, j)
    }

    /// Rows of nibble piece `j` of way `w`.
    pub fn lo_piece_rows(&self, w: usize, j: u32) -> u32 {
        share(self.layout.rows[w], self.lo_pieces, j)
    }

    /// First row of piece `j` of way `w`.
    pub fn piece_first_row(&self, w: usize, j: u32) -> u32 {
        (0..j).map(|i| self.piece_rows(w, i)).sum()
    }

    /// Piece and index within it of way `w`'s cell `idx` (word or high-byte
    /// arrays).
    pub fn locate(&self, w: usize, idx: u32) -> (u32, u32) {
        let s = self.layout.slot_bits;
        let (j, row) = find(self.layout.rows[w], self.pieces, idx >> s);
        (j, (row << s) | (idx & ((1 << s) - 1)))
    }

    /// Nibble piece, word within it and lane (0–3) of way `w`'s cell `idx`.
    pub fn locate_lo(&self, w: usize, idx: u32) -> (u32, u32, u32) {
        let s = self.layout.slot_bits;
        let (j, row) = find(self.layout.rows[w], self.lo_pieces, idx >> s);
        let slot = idx & ((1 << s) - 1);
        let word_bits = s - 2;
        (
            j,
            (row << word_bits) | (slot & ((1 << word_bits) - 1)),
            slot >> word_bits,
        )
    }

    /// The four cells of way `w` whose nibbles share `idx`'s 16-bit word, by lane.
    pub fn word_cells(&self, idx: u32) -> [u32; 4] {
        let word_bits = self.layout.slot_bits - 2;
        let base = idx & !(3 << word_bits);
        [0, 1, 2, 3].map(|k| base | (k << word_bits))
    }

    /// The fewest pieces per way such that one stage's four pieces of each kind
    /// fit in `blocks_per_stage` SRAM blocks of 128 Kibit.
    pub fn fitting(layout: Layout, blocks_per_stage: u32) -> Placement {
        let cells_per_row = 1u64 << layout.slot_bits;
        match layout.storage() {
            Some(Storage::Split) => Placement {
                layout,
                pieces: fewest(&layout, cells_per_row * 8, blocks_per_stage),
                lo_pieces: fewest(&layout, cells_per_row * 4, blocks_per_stage),
                cells: Cells::Registers,
            },
            _ => Placement {
                layout,
                // The cell registers only: state bits live in arrays of their own.
                pieces: fewest(
                    &layout,
                    cells_per_row * (u64::from(layout.fp_bits) + 1),
                    blocks_per_stage,
                ),
                lo_pieces: 0,
                cells: Cells::Registers,
            },
        }
    }
}

/// The table of way `w`'s cells ([`Storage::Table`]).
pub fn cells_table_name(w: usize) -> String {
    format!("way{w}_cells")
}

/// Way `w`'s cell `idx` holding fingerprint `fp` as an entry of its table
/// ([`Storage::Table`]): key (index, fingerprint), action `hit{w}`.
pub fn cell_entry(w: usize, idx: u32, fp: u16) -> TableEntry {
    TableEntry {
        key: vec![
            KeyMatch::Exact(u64::from(idx)),
            KeyMatch::Exact(u64::from(fp)),
        ],
        action: format!("hit{w}"),
        args: Vec::new(),
        priority: 0,
    }
}

/// Register array name of piece `j` of way `w` (word cells, or the high bytes of
/// split cells).
pub fn piece_name(w: usize, j: u32) -> String {
    format!("way{w}_p{j}")
}

/// Register array name of nibble piece `j` of way `w` (split cells).
pub fn lo_piece_name(w: usize, j: u32) -> String {
    format!("way{w}_lo{j}")
}

/// Register array name of way `w`'s activity bits (split cells).
pub fn activity_name(w: usize) -> String {
    format!("way{w}_act")
}

/// Register array names of way `w`'s connection-state bits *p* ("a FIN was
/// seen") and *q* ("a second FIN was seen") of 2-bit layouts.
pub fn state_names(w: usize) -> [String; 2] {
    [format!("way{w}_p"), format!("way{w}_q")]
}

/// The register writes that set way `w`'s cell `idx`'s state bits to `bits`
/// (bit 0 *p*, bit 1 *q*; none with a 0-bit layout).
pub fn state_writes(p: &Placement, w: usize, idx: u32, bits: u8) -> Vec<RegWrite> {
    if p.layout.state_bits != 2 {
        return Vec::new();
    }
    state_names(w)
        .into_iter()
        .enumerate()
        .map(|(k, register)| RegWrite {
            register,
            index: idx,
            value: u64::from((bits >> k) & 1),
        })
        .collect()
}

/// One control-plane register write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegWrite {
    /// Register array.
    pub register: String,
    /// Index in it.
    pub index: u32,
    /// New value.
    pub value: u64,
}

/// The register writes that store way `w`'s cell `idx` as the agent's image
/// `fp_at` (fingerprint of any cell of way `w`, 0 empty, already updated) has
/// it, with the activity bit cleared. Split cells take three writes: the high
/// byte, the whole nibble word (the data plane never writes it, so the agent's
/// image of the other three lanes is current) and the activity bit. Table
/// cells take none: they are table entries ([`cell_entry`]).
pub fn cell_writes(p: &Placement, w: usize, idx: u32, fp_at: impl Fn(u32) -> u16) -> Vec<RegWrite> {
    let fp = fp_at(idx);
    let (j, local) = p.locate(w, idx);
    match p.storage() {
        Storage::Table => Vec::new(),
        Storage::Word => vec![RegWrite {
            register: piece_name(w, j),
            index: local,
            value: u64::from(fp),
        }],
        Storage::Split => {
            let (lj, word, _) = p.locate_lo(w, idx);
            let value = p
                .word_cells(idx)
                .iter()
                .enumerate()
                .map(|(k, &c)| u64::from(fp_at(c) & 0xf) << (4 * k))
                .sum();
            vec![
                RegWrite {
                    register: piece_name(w, j),
                    index: local,
                    value: u64::from(fp >> 4),
                },
                RegWrite {
                    register: lo_piece_name(w, lj),
                    index: word,
                    value,
                },
                RegWrite {
                    register: activity_name(w),
                    index: idx,
                    value: 0,
                },
            ]
        }
    }
}
