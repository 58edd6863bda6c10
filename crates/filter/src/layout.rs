//! The compressed connection tables: their geometry, memory and hash functions.
//!
//! Each of four *ways* is a virtual array of `rows × 2^slot_bits` cells; a cell is
//! a fingerprint of `fp_bits` bits (0 = empty) and one activity bit. A connection's
//! candidate cell in way `w` comes from two hashes: the low `slot_bits` bits of a
//! CRC-32 pick the slot in a row, and the low 12 bits of a CRC-16, through a
//! 4096-entry selector table (`row = sel · rows / 4096`), the row. The selector is how a switch without
//! multipliers addresses a non-power-of-two array (an exact table keyed on 12 hash
//! bits whose action writes the row), and rows are what is spread across stages.
//!
//! All hashes are computed over the connection's canonical (direction-independent)
//! key, so both directions find the same cells. Each way hashes the canonical
//! fields in its own order, the fingerprint in yet another. These are the hash
//! units a switch has (`pipe` offers CRC-16 and CRC-32 without seeds); different
//! field orders and polynomials give different linear maps of the key bits.

use wire::FlowKey;

/// Entries of the row-selector tables (12 hash bits).
pub const SELECTOR_BITS: u32 = 12;
/// Number of hash ways.
pub const WAYS: usize = 4;
/// SRAM bits one exact-match fallback entry takes: 104-bit 5-tuple, 1 action
/// selector bit and 4 overhead bits packed into one 128-bit word (pipe's model).
pub const EXACT_ENTRY_BITS: u64 = 128;

/// Geometry of the switch tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Layout {
    /// Fingerprint width (1–15); 0 marks an empty cell.
    pub fp_bits: u8,
    /// Cells per row: `2^slot_bits` (1–20).
    pub slot_bits: u8,
    /// Rows per way (1–4096).
    pub rows: [u32; WAYS],
    /// Entries of the exact-match table (fallback and connections in transition).
    pub exact_entries: u32,
    /// Connection-state bits per cell: 0 (presence means ESTABLISHED) or 2 (the
    /// switch follows an offloaded connection's teardown: FIN seen, second FIN
    /// seen; docs/COFILTER.md §2).
    pub state_bits: u8,
}

/// How a switch stores a cell in register arrays (Tofino's are 1, 8, 16 or 32
/// bits wide; one stateful-ALU access per array and packet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Storage {
    /// One register of `fp_bits + 1` bits (8 or 16) per cell: fingerprint and
    /// activity bit on top, matched and marked by one stateful ALU.
    Word,
    /// 13 bits per cell in three arrays: the fingerprint's high 8 bits (8-bit
    /// array), its low 4 bits as one nibble of a 16-bit cell shared by four
    /// consecutive cells, and the activity bit (1-bit array). The data plane only
    /// reads the fingerprint arrays and sets the activity bit of a matching way.
    Split,
    /// One exact-match table entry per occupied cell, keyed by the cell's
    /// index and fingerprint ([`Cells::Tables`]): for switches whose control
    /// plane reaches tables but not registers (BMv2 over P4Runtime). A hit is
    /// the table's hit; activity is the entry's last-hit time, which the
    /// switch keeps and a P4Runtime Read reports. No state bits (the data
    /// plane cannot write a table).
    Table,
}

/// Where the switch holds the hashed cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cells {
    /// Register arrays ([`Storage::Word`] or [`Storage::Split`] by the
    /// fingerprint's width): what a switch ASIC holds, written and read by
    /// the control plane as registers.
    #[default]
    Registers,
    /// Table entries ([`Storage::Table`]).
    Tables,
}

/// Fingerprint bits of [`Storage::Split`] cells.
pub const SPLIT_FP_BITS: u8 = 12;

/// Where a connection may live in the hashed tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cands {
    /// Candidate cell index per way.
    pub idx: [u32; WAYS],
    /// Fingerprint (never 0).
    pub fp: u16,
}

/// Why a layout is unusable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// A field is outside its range.
    #[error("layout: {0}")]
    Range(String),
    /// The budget does not hold even one row per way.
    #[error("{budget_bits} bits of SRAM hold no tables of this shape")]
    TooSmall {
        /// The budget.
        budget_bits: u64,
    },
}

impl Layout {
    /// The layout that fills `sram_bytes` with four equal ways (±1 row) after
    /// reserving the exact-match table.
    pub fn for_budget(
        sram_bytes: u64,
        fp_bits: u8,
        slot_bits: u8,
        exact_entries: u32,
        state_bits: u8,
    ) -> Result<Layout, LayoutError> {
        let budget_bits = sram_bytes.saturating_mul(8);
        let probe = Layout {
            fp_bits,
            slot_bits,
            rows: [1; WAYS],
            exact_entries,
            state_bits,
        };
        probe.validate()?;
        let left = budget_bits.saturating_sub(u64::from(exact_entries) * EXACT_ENTRY_BITS);
        let total_rows = left / probe.row_bits();
        if total_rows < WAYS as u64 {
            return Err(LayoutError::TooSmall { budget_bits });
        }
        let mut rows = [0u32; WAYS];
        for (w, r) in rows.iter_mut().enumerate() {
            let share = total_rows / WAYS as u64 + u64::from((w as u64) < total_rows % WAYS as u64);
            *r = share.min(1 << SELECTOR_BITS) as u32;
        }
        let l = Layout { rows, ..probe };
        l.validate()?;
        Ok(l)
    }

    /// Checks every field's range.
    pub fn validate(&self) -> Result<(), LayoutError> {
        let bad = |s: String| Err(LayoutError::Range(s));
        if !(1..=15).contains(&self.fp_bits) {
            return bad(format!("fingerprint of {} bits (1 to 15)", self.fp_bits));
        }
        if !(1..=20).contains(&self.slot_bits) {
            return bad(format!(
                "2^{} cells per row (slot bits 1 to 20)",
                self.slot_bits
            ));
        }
        if !matches!(self.state_bits, 0 | 2) {
            return bad(format!("{} state bits per cell (0 or 2)", self.state_bits));
        }
        for (w, &r) in self.rows.iter().enumerate() {
            if !(1..=1 << SELECTOR_BITS).contains(&r) {
                return bad(format!("way {w} has {r} rows (1 to 4096)"));
            }
        }
        Ok(())
    }

    /// How registers store these cells: `None` for fingerprint widths that only
    /// a packed (hypothetical) memory would hold without waste.
    pub fn storage(&self) -> Option<Storage> {
        match self.fp_bits {
            7 | 15 => Some(Storage::Word),
            SPLIT_FP_BITS => Some(Storage::Split),
            _ => None,
        }
    }

    /// Bits of one cell: fingerprint, activity bit and state bits.
    pub fn cell_bits(&self) -> u64 {
        u64::from(self.fp_bits) + 1 + u64::from(self.state_bits)
    }

    /// Bits of one row.
    pub fn row_bits(&self) -> u64 {
        (1u64 << self.slot_bits) * self.cell_bits()
    }

    /// Cells of way `w`.
    pub fn way_cells(&self, w: usize) -> u32 {
        self.rows[w] << self.slot_bits
    }

    /// Cells of all ways.
    pub fn cells(&self) -> u64 {
        (0..WAYS).map(|w| u64::from(self.way_cells(w))).sum()
    }

    /// Bits per connection slot, hashed and exact tables together, per hashed cell.
    pub fn sram_bits(&self) -> u64 {
        self.cells() * self.cell_bits() + u64::from(self.exact_entries) * EXACT_ENTRY_BITS
    }

    /// The row a selector value picks in way `w` (what the selector table holds).
    pub fn row_of(&self, w: usize, sel: u32) -> u32 {
        ((u64::from(sel) * u64::from(self.rows[w])) >> SELECTOR_BITS) as u32
    }

    /// The candidate cells and fingerprint of a connection (either direction's key).
    pub fn cands(&self, key: &FlowKey) -> Cands {
        let h = hashes(key);
        let mut idx = [0u32; WAYS];
        let slot_mask = (1u32 << self.slot_bits) - 1;
        for (w, i) in idx.iter_mut().enumerate() {
            let sel = u32::from(h.sels[w]) & ((1 << SELECTOR_BITS) - 1);
            *i = (self.row_of(w, sel) << self.slot_bits) | (h.ways[w] & slot_mask);
        }
        Cands {
            idx,
            fp: fingerprint(h.fp, self.fp_bits),
        }
    }
}

/// The raw hash values of a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hashes {
    /// CRC-32 per way (slot bits).
    pub ways: [u32; WAYS],
    /// CRC-16 per way (selector bits).
    pub sels: [u16; WAYS],
    /// CRC-16 for the fingerprint.
    pub fp: u16,
}

/// The canonical fields `(lo_addr, hi_addr, lo_port, hi_port, proto)` in the field
/// orders each way's hash unit uses (indices into that tuple).
pub const WAY_FIELD_ORDER: [[usize; 5]; WAYS] = [
    [0, 1, 2, 3, 4],
    [1, 0, 3, 2, 4],
    [2, 3, 0, 1, 4],
    [4, 3, 2, 1, 0],
];

/// The field order of the fingerprint's CRC-16 (unlike every way's).
pub const FP_FIELD_ORDER: [usize; 5] = [3, 2, 4, 1, 0];

/// The five hash values of a connection.
pub fn hashes(key: &FlowKey) -> Hashes {
    let b = key.canonical().to_bytes();
    let fields: [&[u8]; 5] = [&b[0..4], &b[4..8], &b[8..10], &b[10..12], &b[12..13]];
    let mut ways = [0u32; WAYS];
    let mut sels = [0u16; WAYS];
    for (w, order) in WAY_FIELD_ORDER.iter().enumerate() {
        let mut c = wire::crc::Crc32Digest::new();
        let mut c16 = wire::crc::Crc16Digest::new();
        for &f in order {
            c.update(fields[f]);
            c16.update(fields[f]);
        }
        ways[w] = c.finalize();
        sels[w] = c16.finalize();
    }
    let mut fp = wire::crc::Crc16Digest::new();
    for &f in &FP_FIELD_ORDER {
        fp.update(fields[f]);
    }
    Hashes {
        ways,
        sels,
        fp: fp.finalize(),
    }
}

/// The low `bits` bits of `h`, with 0 (the empty marker) mapped to 1 — in the
/// switch a `max(h, 1)`.
pub fn fingerprint(h: u16, bits: u8) -> u16 {
    (h & ((1u16 << bits) - 1)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;
    use wire::IpProtocol;

    fn key(i: u32) -> FlowKey {
        FlowKey {
            src_addr: Ipv4Addr::from(0x0a00_0000 + i),
            dst_addr: Ipv4Addr::new(192, 0, 2, 7),
            src_port: 1024 + (i % 5000) as u16,
            dst_port: 443,
            protocol: IpProtocol::Tcp,
        }
    }

    #[test]
    fn both_directions_get_the_same_cells() {
        let l = Layout::for_budget(1 << 20, 11, 10, 64, 0).expect("layout");
        for i in 0..200 {
            let k = key(i);
            assert_eq!(l.cands(&k), l.cands(&k.reversed()));
        }
    }

    #[test]
    fn budget_is_respected_and_mostly_used() {
        for mib in [1u64, 4, 16] {
            let bytes = mib << 20;
            let l = Layout::for_budget(bytes, 11, 16, 16_384, 0).expect("layout");
            assert!(l.sram_bits() <= bytes * 8, "{mib} MiB: {l:?}");
            // Less than one row per way is left unused.
            assert!(
                bytes * 8 - l.sram_bits() < 4 * l.row_bits(),
                "{mib} MiB: {l:?}"
            );
        }
        let l = Layout::for_budget(16 << 20, 11, 16, 16_384, 0).expect("layout");
        assert_eq!(l.cell_bits(), 12);
        // (16 MiB - 16384 * 128 bit) / (65536 * 12 bit) = 168 rows exactly.
        assert_eq!(l.rows, [42; WAYS]);
    }

    #[test]
    fn candidates_stay_inside_each_way_and_spread_evenly() {
        let l = Layout {
            fp_bits: 11,
            slot_bits: 8,
            rows: [3, 5, 7, 1],
            exact_entries: 0,
            state_bits: 0,
        };
        let mut per_row = [[0u32; 8]; WAYS];
        for i in 0..20_000 {
            let c = l.cands(&key(i));
            assert!((1..2048).contains(&c.fp));
            for w in 0..WAYS {
                assert!(c.idx[w] < l.way_cells(w));
                per_row[w][(c.idx[w] >> 8) as usize] += 1;
            }
        }
        // Way 1 has 5 rows: each should get a fifth of the keys (±10 %).
        for (r, &n) in per_row[1].iter().take(5).enumerate() {
            assert!((3600..=4400).contains(&n), "row {r}: {n}");
        }
    }

    #[test]
    fn ways_are_not_copies_of_each_other() {
        // Two keys colliding in way 0 should rarely collide in way 1.
        let l = Layout {
            fp_bits: 11,
            slot_bits: 10,
            rows: [1; WAYS],
            exact_entries: 0,
            state_bits: 0,
        };
        let c: Vec<Cands> = (0..3000).map(|i| l.cands(&key(i))).collect();
        let (mut both, mut first) = (0, 0);
        for a in 0..c.len() {
            for b in a + 1..c.len() {
                if c[a].idx[0] == c[b].idx[0] {
                    first += 1;
                    both += usize::from(c[a].idx[1] == c[b].idx[1]);
                }
            }
        }
        // Random cells would give ~4400 pairs sharing a way-0 cell (the linear CRC
        // spreads these sequential keys somewhat better); independent ways give
        // about one in 1024 of them sharing way 1 too.
        assert!(first > 2000, "{first}");
        assert!(both < 40, "{both} of {first}");
    }
}
