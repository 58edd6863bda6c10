//! How the ways' rows are split into register arrays (pieces) across stages.

use crate::layout::{Layout, WAYS};

/// How the ways' rows are split into register arrays (pieces) across stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Placement {
    /// The table geometry.
    pub layout: Layout,
    /// Pieces per way (consecutive stages).
    pub pieces: u32,
}

impl Placement {
    /// Rows of piece `j` of way `w` (rows are dealt out evenly, earlier pieces
    /// taking the remainder).
    pub fn piece_rows(&self, w: usize, j: u32) -> u32 {
        let r = self.layout.rows[w];
        r / self.pieces + u32::from(j < r % self.pieces)
    }

    /// First row of piece `j` of way `w`.
    pub fn piece_first_row(&self, w: usize, j: u32) -> u32 {
        (0..j).map(|i| self.piece_rows(w, i)).sum()
    }

    /// Piece and index within it of way `w`'s cell `idx`.
    pub fn locate(&self, w: usize, idx: u32) -> (u32, u32) {
        let row = idx >> self.layout.slot_bits;
        let mut first = 0;
        for j in 0..self.pieces {
            let n = self.piece_rows(w, j);
            if row < first + n {
                return (j, idx - (first << self.layout.slot_bits));
            }
            first += n;
        }
        (self.pieces, 0)
    }

    /// The fewest pieces per way such that one stage's four pieces fit in
    /// `blocks_per_stage` SRAM blocks of 128 Kibit.
    pub fn fitting(layout: Layout, blocks_per_stage: u32) -> Placement {
        let block_bits = 128 * 1024u64;
        let mut pieces = 1;
        loop {
            let p = Placement { layout, pieces };
            let worst: u64 = (0..WAYS)
                .map(|w| {
                    let bits = u64::from(p.piece_rows(w, 0)) * layout.row_bits();
                    bits.div_ceil(block_bits)
                })
                .sum();
            if worst <= u64::from(blocks_per_stage)
                || pieces >= layout.rows.iter().copied().max().unwrap_or(1)
            {
                return p;
            }
            pieces += 1;
        }
    }
}

/// Register array name of piece `j` of way `w`.
pub fn piece_name(w: usize, j: u32) -> String {
    format!("way{w}_p{j}")
}
