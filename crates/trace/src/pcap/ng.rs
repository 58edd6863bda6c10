//! pcapng framing and per-interface timestamp handling
//! (draft-ietf-opsawg-pcapng §3.1 block layout, §4.2 `if_tsresol`/`if_tsoffset`).

use std::io::Read;

use pcap_file::pcapng::blocks::interface_description::{
    InterfaceDescriptionBlock, InterfaceDescriptionOption,
};

use super::input::{Input, MAX_RECORD};
use crate::error::{PcapError, Position};

/// Block type of the Section Header Block; a palindrome, so it reads the same in
/// either byte order.
pub(crate) const SHB_TYPE: u32 = 0x0a0d_0d0a;

/// Byte-order magic of a section header, as read big-endian.
const BOM_BIG: u32 = 0x1a2b_3c4d;
const BOM_LITTLE: u32 = 0x4d3c_2b1a;

/// Buffers the whole block starting at the input's current position and returns its
/// total length. `big` is the byte order of the current section; a Section Header
/// Block carries its own byte order, which wins.
pub(crate) fn frame_block<R: Read>(
    input: &mut Input<R>,
    at: Position,
    big: bool,
) -> Result<usize, PcapError> {
    let io = |source| PcapError::Io { at, source };
    let got = input.fill(12).map_err(io)?;
    if got < 12 {
        return Err(PcapError::Truncated {
            what: "pcapng block header",
            at,
            needed: 12,
            available: got as u64,
        });
    }
    let head = input.available();
    let word = |i: usize| <[u8; 4]>::try_from(&head[i..i + 4]).unwrap_or_default();
    let corrupt = |detail: String| PcapError::Corrupt {
        what: "pcapng block",
        at,
        detail,
    };
    let big = if u32::from_be_bytes(word(0)) == SHB_TYPE {
        match u32::from_be_bytes(word(8)) {
            BOM_BIG => true,
            BOM_LITTLE => false,
            other => {
                return Err(corrupt(format!(
                    "section header byte-order magic is 0x{other:08x}, expected 0x1a2b3c4d"
                )));
            }
        }
    } else {
        big
    };
    let len = if big {
        u32::from_be_bytes(word(4))
    } else {
        u32::from_le_bytes(word(4))
    } as usize;
    if len < 12 || len % 4 != 0 || len > MAX_RECORD {
        return Err(corrupt(format!(
            "block total length {len} is not a multiple of 4 between 12 and {MAX_RECORD}"
        )));
    }
    let got = input.fill(len).map_err(io)?;
    if got < len {
        return Err(PcapError::Truncated {
            what: "pcapng block",
            at,
            needed: len as u64,
            available: got as u64,
        });
    }
    Ok(len)
}

/// Timestamp resolution of one interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Resolution {
    /// Ticks are 10^-n seconds.
    Decimal(u8),
    /// Ticks are 2^-n seconds.
    Binary(u8),
}

/// What the reader keeps of an Interface Description Block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Interface {
    resolution: Resolution,
    offset_s: u64,
    snaplen: u32,
}

impl Interface {
    pub(crate) fn from_idb(idb: &InterfaceDescriptionBlock<'_>) -> Self {
        // Default resolution is microseconds (§4.2, if_tsresol absent).
        let mut iface = Interface {
            resolution: Resolution::Decimal(6),
            offset_s: 0,
            snaplen: idb.snaplen,
        };
        for opt in &idb.options {
            match opt {
                InterfaceDescriptionOption::IfTsResol(v) => {
                    iface.resolution = if v & 0x80 == 0 {
                        Resolution::Decimal(*v)
                    } else {
                        Resolution::Binary(v & 0x7f)
                    };
                }
                InterfaceDescriptionOption::IfTsOffset(s) => iface.offset_s = *s,
                _ => {}
            }
        }
        iface
    }

    /// Captured bytes are limited to the snap length; 0 means "no limit".
    pub(crate) fn snaplen_or_max(&self) -> usize {
        if self.snaplen == 0 {
            usize::MAX
        } else {
            self.snaplen as usize
        }
    }

    /// Converts a raw tick count to nanoseconds since the epoch.
    pub(crate) fn ticks_to_ns(&self, ticks: u64) -> Result<u64, String> {
        let ticks = u128::from(ticks);
        let ns = match self.resolution {
            Resolution::Decimal(n) if n <= 9 => ticks * 10u128.pow(u32::from(9 - n)),
            Resolution::Decimal(n) if n <= 38 => ticks / 10u128.pow(u32::from(n - 9)),
            Resolution::Decimal(_) => 0,
            Resolution::Binary(n) => (ticks * 1_000_000_000) >> n.min(127),
        };
        let ns = ns + u128::from(self.offset_s) * 1_000_000_000;
        u64::try_from(ns).map_err(|_| {
            format!("timestamp of {ticks} ticks is beyond the year 2554 in nanoseconds")
        })
    }
}

/// Looks up the interface a packet block refers to.
pub(crate) fn interface(interfaces: &[Interface], id: u32) -> Result<&Interface, String> {
    interfaces.get(id as usize).ok_or_else(|| {
        format!(
            "packet refers to interface {id} but the section has {} interface description block(s)",
            interfaces.len()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iface(resolution: Resolution, offset_s: u64) -> Interface {
        Interface {
            resolution,
            offset_s,
            snaplen: 0,
        }
    }

    #[test]
    fn resolutions_convert_to_nanoseconds() {
        assert_eq!(
            iface(Resolution::Decimal(6), 0).ticks_to_ns(1_500_000),
            Ok(1_500_000_000)
        );
        assert_eq!(iface(Resolution::Decimal(9), 0).ticks_to_ns(7), Ok(7));
        assert_eq!(
            iface(Resolution::Decimal(3), 0).ticks_to_ns(2),
            Ok(2_000_000)
        );
        assert_eq!(iface(Resolution::Decimal(12), 0).ticks_to_ns(5_000), Ok(5));
        // 2^-10 s ticks: 1024 ticks are one second.
        assert_eq!(
            iface(Resolution::Binary(10), 0).ticks_to_ns(1024),
            Ok(1_000_000_000)
        );
        assert_eq!(
            iface(Resolution::Decimal(6), 2).ticks_to_ns(1),
            Ok(2_000_001_000)
        );
    }

    #[test]
    fn overflowing_timestamp_is_an_error_not_a_wrap() {
        assert!(
            iface(Resolution::Decimal(0), 0)
                .ticks_to_ns(u64::MAX)
                .is_err()
        );
    }
}
