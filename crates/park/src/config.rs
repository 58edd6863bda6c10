//! Configuration of a PayloadPark deployment: bytes parked per packet, expiry
//! threshold, and the static slicing of slots among NF servers (paper §6.2.3).

use serde::{Deserialize, Serialize};

/// Largest number of slots in all slices together: the slot index is 16 bits.
pub const MAX_SLOTS: u32 = 1 << 16;

/// One NF server and the slots reserved for it.
///
/// Packets arriving on any of `traffic_ports` are split and sent to `nf_port`;
/// packets coming back on `nf_port` are merged and leave on `out_port`. A server
/// can only ever free slots of its own slice, so heavy traffic of one tenant cannot
/// evict another's payloads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Slice {
    /// Ports whose packets go to this NF server.
    pub traffic_ports: Vec<u16>,
    /// The switch port the NF server is attached to.
    pub nf_port: u16,
    /// Where merged packets leave.
    pub out_port: u16,
    /// Slots of the ring reserved for this server.
    pub slots: u32,
}

/// A PayloadPark deployment.
///
/// # Configuration
/// * `park_bytes`: payload bytes parked per packet, a multiple of 8 (one 64-bit
///   register cell per 8 bytes); 160 by default, as the paper's single-pipe
///   prototype. Packets with fewer payload bytes are not parked.
/// * `expiry`: a parked payload is evicted when the ring pointer comes back to its
///   slot for the `expiry`-th time (paper's EXP; ≥ 1).
/// * `slices`: the NF servers (at least one).
/// * `recirculate`: park more than one pass can store (paper §6.2.5): the first
///   [`FIRST_PASS_BYTES`] in the first pass, the rest (up to 192 more, 352 in all)
///   after one recirculation; merge likewise. Port [`RECIRC_PORT`] is then taken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParkConfig {
    /// Payload bytes parked per packet.
    pub park_bytes: u16,
    /// Expiry threshold in ring laps.
    pub expiry: u32,
    /// NF servers and their slot slices.
    pub slices: Vec<Slice>,
    /// Two passes per split and per merge, to park up to 352 bytes.
    #[serde(default)]
    pub recirculate: bool,
}

/// Bytes the first pass parks in recirculation mode (20 blocks in stages 5–9).
pub const FIRST_PASS_BYTES: u16 = 160;
/// Most bytes parked with recirculation, as in the paper.
pub const MAX_RECIRC_BYTES: u16 = 352;
/// The switch model's recirculation port.
pub const RECIRC_PORT: u16 = 68;

impl ParkConfig {
    /// One NF server on `nf_port` fed from `traffic_port`, merged packets out on
    /// `out_port`, 160 bytes, `slots` slots, expiry 1.
    pub fn single(traffic_port: u16, nf_port: u16, out_port: u16, slots: u32) -> ParkConfig {
        ParkConfig {
            park_bytes: 160,
            expiry: 1,
            slices: vec![Slice {
                traffic_ports: vec![traffic_port],
                nf_port,
                out_port,
                slots,
            }],
            recirculate: false,
        }
    }

    /// Blocks parked in the first pass and after recirculation.
    pub fn pass_blocks(&self) -> (usize, usize) {
        let first = usize::from(FIRST_PASS_BYTES / 8);
        if self.recirculate {
            (first, self.blocks().saturating_sub(first))
        } else {
            (self.blocks(), 0)
        }
    }

    /// Number of 64-bit payload blocks per packet.
    pub fn blocks(&self) -> usize {
        usize::from(self.park_bytes / 8)
    }

    /// Total slots over all slices.
    pub fn total_slots(&self) -> u32 {
        self.slices.iter().map(|s| s.slots).sum()
    }

    /// First slot of each slice.
    pub fn bases(&self) -> Vec<u32> {
        let mut base = 0;
        self.slices
            .iter()
            .map(|s| {
                let b = base;
                base += s.slots;
                b
            })
            .collect()
    }

    /// Checks the configuration.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.park_bytes == 0 || self.park_bytes % 8 != 0 || self.park_bytes > 512 {
            return Err(ConfigError::ParkBytes(self.park_bytes));
        }
        // Split replaces the parked bytes by the PayloadPark header: it must fit.
        if usize::from(self.park_bytes) < wire::park::HEADER_LEN {
            return Err(ConfigError::ParkBytesBelowHeader(self.park_bytes));
        }
        if self.recirculate
            && (self.park_bytes <= FIRST_PASS_BYTES || self.park_bytes > MAX_RECIRC_BYTES)
        {
            return Err(ConfigError::RecircBytes(self.park_bytes));
        }
        if self.expiry == 0 {
            return Err(ConfigError::Expiry);
        }
        if self.slices.is_empty() {
            return Err(ConfigError::NoSlices);
        }
        let mut seen = std::collections::BTreeSet::new();
        for (i, s) in self.slices.iter().enumerate() {
            if s.slots == 0 {
                return Err(ConfigError::EmptySlice(i));
            }
            let ports = s.traffic_ports.iter().chain([&s.nf_port]);
            for &p in ports.chain([&s.out_port]) {
                if p >= 512 {
                    return Err(ConfigError::Port(p));
                }
            }
            for &p in s.traffic_ports.iter().chain([&s.nf_port]) {
                if self.recirculate && p == RECIRC_PORT {
                    return Err(ConfigError::PortReused(p));
                }
                if !seen.insert(p) {
                    return Err(ConfigError::PortReused(p));
                }
            }
        }
        let total: u64 = self.slices.iter().map(|s| u64::from(s.slots)).sum();
        if total > u64::from(MAX_SLOTS) {
            return Err(ConfigError::TooManySlots(total));
        }
        Ok(())
    }
}

impl Default for ParkConfig {
    fn default() -> ParkConfig {
        ParkConfig::single(1, 2, 3, 8192)
    }
}

/// Why a configuration was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// Bytes per packet not a positive multiple of 8 up to 512.
    #[error("park_bytes = {0}: must be a positive multiple of 8, at most 512")]
    ParkBytes(u16),
    /// Fewer bytes than the PayloadPark header that replaces them.
    #[error(
        "park_bytes = {0}: must be at least 16 (the parked bytes make room for the \
         10-byte PayloadPark header)"
    )]
    ParkBytesBelowHeader(u16),
    /// Recirculation mode needs more than one pass's bytes and at most 352.
    #[error("park_bytes = {0} with recirculation: must be above 160 and at most 352")]
    RecircBytes(u16),
    /// Expiry 0 would evict at once.
    #[error("expiry must be at least 1 ring lap")]
    Expiry,
    /// Nothing to park for.
    #[error("at least one NF server slice is needed")]
    NoSlices,
    /// A slice with no slots.
    #[error("slice {0} has no slots")]
    EmptySlice(usize),
    /// Ports are 9 bits.
    #[error("port {0} is not a 9-bit port number")]
    Port(u16),
    /// A traffic or NF port appears twice.
    #[error("port {0} is used by more than one slice or role")]
    PortReused(u16),
    /// Slot indexes are 16 bits.
    #[error("{0} slots in total; the slot index is 16 bits, so at most 65536")]
    TooManySlots(u64),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_valid_and_paper_sized() {
        let c = ParkConfig::default();
        assert_eq!(c.validate(), Ok(()));
        assert_eq!(c.park_bytes, 160);
        assert_eq!(c.blocks(), 20);
    }

    #[test]
    fn bad_configurations_are_refused() {
        let c = ParkConfig {
            park_bytes: 100,
            ..Default::default()
        };
        assert_eq!(c.validate(), Err(ConfigError::ParkBytes(100)));
        let c = ParkConfig {
            expiry: 0,
            ..Default::default()
        };
        assert_eq!(c.validate(), Err(ConfigError::Expiry));
        let mut c = ParkConfig::default();
        c.slices[0].slots = 70_000;
        assert_eq!(c.validate(), Err(ConfigError::TooManySlots(70_000)));
        let mut c = ParkConfig::default();
        c.slices[0].nf_port = 1;
        assert_eq!(c.validate(), Err(ConfigError::PortReused(1)));
    }

    #[test]
    fn slices_get_consecutive_bases() {
        let mut c = ParkConfig::default();
        c.slices.push(Slice {
            traffic_ports: vec![5],
            nf_port: 6,
            out_port: 7,
            slots: 100,
        });
        assert_eq!(c.bases(), vec![0, 8192]);
        assert_eq!(c.total_slots(), 8292);
    }
}
