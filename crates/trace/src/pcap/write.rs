//! pcap writer (Ethernet link type), microsecond or nanosecond timestamps.

use std::borrow::Cow;
use std::io::Write;
use std::time::Duration;

use pcap_file::pcap::{PcapHeader, PcapPacket};
use pcap_file::{DataLink, Endianness, TsResolution};

use crate::error::{PcapError, Position};

/// Snap length written to the file header: the whole of any Ethernet frame we emit.
pub const SNAPLEN: u32 = 65_535;

/// Timestamp resolution of a written pcap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Resolution {
    /// Magic 0xa1b2c3d4, understood by every tool.
    #[default]
    Microsecond,
    /// Magic 0xa1b23c4d.
    Nanosecond,
}

/// Writes packets to a pcap stream. Wrap files in a `BufWriter`.
#[derive(Debug)]
pub struct PcapWriter<W: Write> {
    inner: pcap_file::pcap::PcapWriter<W>,
    resolution: Resolution,
    packets: u64,
    offset: u64,
}

impl<W: Write> PcapWriter<W> {
    /// Writes a little-endian file header.
    pub fn new(out: W, resolution: Resolution) -> Result<Self, PcapError> {
        Self::with_byte_order(out, resolution, false)
    }

    /// Writes a file header in the given byte order (readers must accept both).
    pub fn with_byte_order(
        out: W,
        resolution: Resolution,
        big_endian: bool,
    ) -> Result<Self, PcapError> {
        let header = PcapHeader {
            snaplen: SNAPLEN,
            datalink: DataLink::ETHERNET,
            ts_resolution: match resolution {
                Resolution::Microsecond => TsResolution::MicroSecond,
                Resolution::Nanosecond => TsResolution::NanoSecond,
            },
            endianness: if big_endian {
                Endianness::Big
            } else {
                Endianness::Little
            },
            ..PcapHeader::default()
        };
        let inner =
            pcap_file::pcap::PcapWriter::with_header(out, header).map_err(|e| convert(e, 0, 1))?;
        Ok(PcapWriter {
            inner,
            resolution,
            packets: 0,
            offset: 24,
        })
    }

    /// Appends one packet captured whole (`orig_len = data.len()`).
    /// With microsecond resolution the timestamp is truncated to whole microseconds.
    pub fn write(&mut self, ts_ns: u64, data: &[u8]) -> Result<(), PcapError> {
        let number = self.packets + 1;
        let len = u32::try_from(data.len())
            .ok()
            .filter(|l| *l <= SNAPLEN)
            .ok_or_else(|| PcapError::Write {
                packet: number,
                detail: format!("{} bytes exceed the snap length {SNAPLEN}", data.len()),
            })?;
        if ts_ns / 1_000_000_000 > u64::from(u32::MAX) {
            return Err(PcapError::Write {
                packet: number,
                detail: format!("timestamp {ts_ns} ns does not fit pcap's 32-bit seconds"),
            });
        }
        let packet = PcapPacket {
            timestamp: Duration::from_nanos(ts_ns),
            orig_len: len,
            data: Cow::Borrowed(data),
        };
        let written = self
            .inner
            .write_packet(&packet)
            .map_err(|e| convert(e, self.offset, number))?;
        self.offset += written as u64;
        self.packets += 1;
        Ok(())
    }

    /// The resolution this writer was created with.
    pub fn resolution(&self) -> Resolution {
        self.resolution
    }

    /// Number of packets written.
    pub fn packets_written(&self) -> u64 {
        self.packets
    }

    /// Returns the underlying writer (flush it if buffered).
    pub fn into_inner(self) -> W {
        self.inner.into_writer()
    }
}

fn convert(e: pcap_file::PcapError, offset: u64, packet: u64) -> PcapError {
    match e {
        pcap_file::PcapError::IoError(source) => PcapError::Io {
            at: Position { offset, packet },
            source,
        },
        other => PcapError::Write {
            packet,
            detail: other.to_string(),
        },
    }
}
