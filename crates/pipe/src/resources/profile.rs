//! Target resource profiles. Figures and their sources are in `docs/SWITCH.md`.

use serde::{Deserialize, Serialize};

/// Resources of one pipeline of a switch chip. A plain value: callers may load one
/// from JSON or tweak [`Profile::tofino1`] for what-if studies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// Profile name for reports.
    pub name: String,
    /// Match-action stages per pipeline (shared by ingress and egress).
    pub stages: u32,
    /// SRAM blocks per stage.
    pub sram_blocks_per_stage: u32,
    /// Width of an SRAM block word in bits.
    pub sram_word_bits: u32,
    /// Words per SRAM block.
    pub sram_words: u32,
    /// TCAM blocks per stage.
    pub tcam_blocks_per_stage: u32,
    /// Key width of a TCAM block in bits.
    pub tcam_width_bits: u32,
    /// Entries per TCAM block.
    pub tcam_entries: u32,
    /// Stateful ALUs (register arrays) per stage.
    pub salus_per_stage: u32,
    /// Logical tables per stage.
    pub tables_per_stage: u32,
    /// Hash output bits per stage.
    pub hash_bits_per_stage: u32,
    /// Packet header vector bits (after rounding fields to 8/16/32-bit containers).
    pub phv_bits: u32,
    /// Per-entry overhead of exact-match entries in SRAM (valid/version bits).
    pub exact_entry_overhead_bits: u32,
}

impl Profile {
    /// A Tofino-1-class pipeline: 12 stages; per stage 80 SRAM blocks of 1024 × 128
    /// bits, 24 TCAM blocks of 512 × 44 bits, 4 stateful ALUs, 16 logical tables,
    /// 416 hash bits; 4096 PHV bits.
    pub fn tofino1() -> Profile {
        Profile {
            name: "tofino1".to_string(),
            stages: 12,
            sram_blocks_per_stage: 80,
            sram_word_bits: 128,
            sram_words: 1024,
            tcam_blocks_per_stage: 24,
            tcam_width_bits: 44,
            tcam_entries: 512,
            salus_per_stage: 4,
            tables_per_stage: 16,
            hash_bits_per_stage: 416,
            phv_bits: 4096,
            exact_entry_overhead_bits: 4,
        }
    }

    /// Bits in one SRAM block.
    pub fn sram_block_bits(&self) -> u64 {
        u64::from(self.sram_word_bits) * u64::from(self.sram_words)
    }
}

impl Default for Profile {
    fn default() -> Profile {
        Profile::tofino1()
    }
}
