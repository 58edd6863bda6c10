//! Streaming reader for pcap (µs and ns, either byte order) and pcapng files.
//!
//! Framing (how many bytes a record needs, whether the file ends inside it) is done
//! here so that every fault carries a byte offset and a packet number; the record
//! contents are decoded by the `pcap-file` crate. Timestamps are converted to
//! nanoseconds since the Unix epoch, honouring pcapng's per-interface `if_tsresol`
//! and `if_tsoffset` (pcap-file 2 does not apply them itself).

use std::io::Read;
use std::path::Path;

use pcap_file::pcap::{PcapHeader, PcapParser};
use pcap_file::pcapng::{Block, PcapNgParser};
use pcap_file::{DataLink, Endianness, TsResolution};

use super::input::{Input, MAX_RECORD};
use super::ng::{self, Interface};
use crate::error::{PcapError, Position};

/// One captured packet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packet {
    /// Capture time in nanoseconds since the Unix epoch.
    pub ts_ns: u64,
    /// Length of the packet on the wire (may exceed `data.len()` if the capture was cut).
    pub orig_len: u32,
    /// The captured bytes, starting with the Ethernet header.
    pub data: Vec<u8>,
}

/// The container format of a capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Format {
    /// Classic libpcap format.
    Pcap {
        /// Nanosecond timestamps (magic 0xa1b23c4d) rather than microseconds.
        nanosecond: bool,
        /// The file was written big-endian.
        big_endian: bool,
    },
    /// pcapng (first section's byte order).
    PcapNg {
        /// The first section was written big-endian.
        big_endian: bool,
    },
}

enum Kind {
    Pcap(PcapParser),
    Ng {
        parser: PcapNgParser,
        interfaces: Vec<Interface>,
        last_ts: u64,
    },
}

impl std::fmt::Debug for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Kind::Pcap(p) => f.debug_tuple("Pcap").field(&p.header()).finish(),
            Kind::Ng { interfaces, .. } => f
                .debug_struct("Ng")
                .field("interfaces", interfaces)
                .finish(),
        }
    }
}

/// A streaming reader: an iterator of `Result<Packet, PcapError>`.
///
/// After the first error the iterator ends; every packet before the fault has
/// already been yielded, so nothing read is lost.
#[derive(Debug)]
pub struct PcapReader<R> {
    input: Input<R>,
    kind: Kind,
    format: Format,
    packets: u64,
    done: bool,
}

impl PcapReader<std::fs::File> {
    /// Opens a capture file and reads its file header.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, PcapError> {
        let file = std::fs::File::open(path).map_err(|source| PcapError::Io {
            at: Position {
                offset: 0,
                packet: 1,
            },
            source,
        })?;
        PcapReader::new(file)
    }
}

impl<R: Read> PcapReader<R> {
    /// Reads the file header (pcap global header or first pcapng section header).
    pub fn new(src: R) -> Result<Self, PcapError> {
        let mut input = Input::new(src);
        let head = input.fill(4).map_err(|e| io_err(0, 1, e))?;
        if head < 4 {
            return Err(PcapError::NotPcap {
                reason: if head == 0 {
                    "the file is empty".to_string()
                } else {
                    format!("the file has only {head} bytes")
                },
            });
        }
        let magic = <[u8; 4]>::try_from(&input.available()[..4]).unwrap_or_default();
        match u32::from_be_bytes(magic) {
            0xa1b2_c3d4 | 0xd4c3_b2a1 | 0xa1b2_3c4d | 0x4d3c_b2a1 => Self::new_pcap(input),
            ng::SHB_TYPE => Self::new_ng(input),
            m if m >> 16 == 0x1f8b => Err(PcapError::NotPcap {
                reason: "the file is gzip-compressed; decompress it first".to_string(),
            }),
            m => Err(PcapError::NotPcap {
                reason: format!("unknown magic number 0x{m:08x} at byte offset 0"),
            }),
        }
    }

    fn new_pcap(mut input: Input<R>) -> Result<Self, PcapError> {
        let got = input.fill(24).map_err(|e| io_err(0, 1, e))?;
        if got < 24 {
            return Err(PcapError::Truncated {
                what: "pcap file header",
                at: Position {
                    offset: 0,
                    packet: 1,
                },
                needed: 24,
                available: got as u64,
            });
        }
        let (_, parser) =
            PcapParser::new(&input.available()[..24]).map_err(|e| PcapError::Corrupt {
                what: "pcap file header",
                at: Position {
                    offset: 0,
                    packet: 1,
                },
                detail: e.to_string(),
            })?;
        let header: PcapHeader = parser.header();
        if header.datalink != DataLink::ETHERNET {
            return Err(PcapError::UnsupportedLinkType {
                linktype: u32::from(header.datalink),
                at: Position {
                    offset: 20,
                    packet: 1,
                },
            });
        }
        input.consume(24);
        Ok(PcapReader {
            input,
            kind: Kind::Pcap(parser),
            format: Format::Pcap {
                nanosecond: header.ts_resolution == TsResolution::NanoSecond,
                big_endian: header.endianness == Endianness::Big,
            },
            packets: 0,
            done: false,
        })
    }

    fn new_ng(mut input: Input<R>) -> Result<Self, PcapError> {
        let at = Position {
            offset: 0,
            packet: 1,
        };
        let len = ng::frame_block(&mut input, at, true)?;
        let (_, parser) =
            PcapNgParser::new(&input.available()[..len]).map_err(|e| PcapError::Corrupt {
                what: "pcapng section header block",
                at,
                detail: e.to_string(),
            })?;
        let big_endian = parser.section().endianness == Endianness::Big;
        input.consume(len);
        Ok(PcapReader {
            input,
            kind: Kind::Ng {
                parser,
                interfaces: Vec::new(),
                last_ts: 0,
            },
            format: Format::PcapNg { big_endian },
            packets: 0,
            done: false,
        })
    }

    /// The container format detected from the magic number.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Number of packets yielded so far.
    pub fn packets_read(&self) -> u64 {
        self.packets
    }

    /// Byte offset of the next unread record.
    pub fn offset(&self) -> u64 {
        self.input.offset()
    }

    fn here(&self) -> Position {
        Position {
            offset: self.input.offset(),
            packet: self.packets + 1,
        }
    }

    fn next_pcap(&mut self) -> Result<Option<Packet>, PcapError> {
        let at = self.here();
        let Kind::Pcap(parser) = &self.kind else {
            return Ok(None);
        };
        let big = parser.header().endianness == Endianness::Big;
        let nano = parser.header().ts_resolution == TsResolution::NanoSecond;
        let got = self.input.fill(16).map_err(|e| io_at(at, e))?;
        if got == 0 {
            return Ok(None);
        }
        if got < 16 {
            return Err(PcapError::Truncated {
                what: "packet record header",
                at,
                needed: 16,
                available: got as u64,
            });
        }
        let field = |i: usize| {
            let b = <[u8; 4]>::try_from(&self.input.available()[i..i + 4]).unwrap_or_default();
            if big {
                u32::from_be_bytes(b)
            } else {
                u32::from_le_bytes(b)
            }
        };
        let incl_len = field(8) as usize;
        if incl_len > MAX_RECORD {
            return Err(PcapError::Corrupt {
                what: "packet record",
                at,
                detail: format!("captured length {incl_len} exceeds the {MAX_RECORD}-byte limit"),
            });
        }
        let need = 16 + incl_len;
        let got = self.input.fill(need).map_err(|e| io_at(at, e))?;
        if got < need {
            return Err(PcapError::Truncated {
                what: "packet record",
                at,
                needed: need as u64,
                available: got as u64,
            });
        }
        let (_, raw) = parser
            .next_raw_packet(&self.input.available()[..need])
            .map_err(|e| PcapError::Corrupt {
                what: "packet record",
                at,
                detail: e.to_string(),
            })?;
        let frac_limit = if nano { 1_000_000_000 } else { 1_000_000 };
        let corrupt = |detail: String| PcapError::Corrupt {
            what: "packet record",
            at,
            detail,
        };
        if raw.ts_frac >= frac_limit {
            return Err(corrupt(format!(
                "sub-second timestamp {} is not below {frac_limit}",
                raw.ts_frac
            )));
        }
        if raw.incl_len > raw.orig_len {
            return Err(corrupt(format!(
                "captured length {} exceeds original length {}",
                raw.incl_len, raw.orig_len
            )));
        }
        let scale = if nano { 1 } else { 1000 };
        let packet = Packet {
            ts_ns: u64::from(raw.ts_sec) * 1_000_000_000 + u64::from(raw.ts_frac) * scale,
            orig_len: raw.orig_len,
            data: raw.data.into_owned(),
        };
        self.input.consume(need);
        Ok(Some(packet))
    }

    fn next_ng(&mut self) -> Result<Option<Packet>, PcapError> {
        loop {
            let at = self.here();
            let Kind::Ng {
                parser,
                interfaces,
                last_ts,
            } = &mut self.kind
            else {
                return Ok(None);
            };
            let got = self.input.fill(1).map_err(|e| io_at(at, e))?;
            if got == 0 {
                return Ok(None);
            }
            let big = parser.section().endianness == Endianness::Big;
            let len = ng::frame_block(&mut self.input, at, big)?;
            let corrupt = |detail: String| PcapError::Corrupt {
                what: "pcapng block",
                at,
                detail,
            };
            let (_, block) = parser
                .next_block(&self.input.available()[..len])
                .map_err(|e| corrupt(e.to_string()))?;
            let packet = match block {
                Block::SectionHeader(_) => {
                    interfaces.clear();
                    None
                }
                Block::InterfaceDescription(idb) => {
                    if idb.linktype != DataLink::ETHERNET {
                        return Err(PcapError::UnsupportedLinkType {
                            linktype: u32::from(idb.linktype),
                            at,
                        });
                    }
                    interfaces.push(Interface::from_idb(&idb));
                    None
                }
                Block::EnhancedPacket(epb) => {
                    let iface = ng::interface(interfaces, epb.interface_id).map_err(corrupt)?;
                    // pcap-file stores the raw 64-bit tick count in `timestamp` as if it
                    // were nanoseconds; undo that and apply the interface's resolution.
                    let ticks = u64::try_from(epb.timestamp.as_nanos()).unwrap_or(u64::MAX);
                    Some(Packet {
                        ts_ns: iface.ticks_to_ns(ticks).map_err(corrupt)?,
                        orig_len: epb.original_len,
                        data: epb.data.into_owned(),
                    })
                }
                Block::Packet(pb) => {
                    let iface =
                        ng::interface(interfaces, u32::from(pb.interface_id)).map_err(corrupt)?;
                    Some(Packet {
                        ts_ns: iface.ticks_to_ns(pb.timestamp).map_err(corrupt)?,
                        orig_len: pb.original_len,
                        data: pb.data.into_owned(),
                    })
                }
                Block::SimplePacket(spb) => {
                    // RFC draft §4.4: an SPB belongs to interface 0 and has no timestamp;
                    // we give it the previous packet's time so the stream stays ordered.
                    let iface = ng::interface(interfaces, 0).map_err(corrupt)?;
                    let cap = (spb.original_len as usize)
                        .min(spb.data.len())
                        .min(iface.snaplen_or_max());
                    Some(Packet {
                        ts_ns: *last_ts,
                        orig_len: spb.original_len,
                        data: spb.data[..cap].to_vec(),
                    })
                }
                _ => None,
            };
            self.input.consume(len);
            if let Some(p) = packet {
                if p.data.len() > p.orig_len as usize {
                    return Err(PcapError::Corrupt {
                        what: "pcapng block",
                        at,
                        detail: format!(
                            "captured length {} exceeds original length {}",
                            p.data.len(),
                            p.orig_len
                        ),
                    });
                }
                *last_ts = p.ts_ns;
                return Ok(Some(p));
            }
        }
    }
}

impl<R: Read> Iterator for PcapReader<R> {
    type Item = Result<Packet, PcapError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let result = match self.kind {
            Kind::Pcap(_) => self.next_pcap(),
            Kind::Ng { .. } => self.next_ng(),
        };
        match result {
            Ok(Some(p)) => {
                self.packets += 1;
                Some(Ok(p))
            }
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

fn io_err(offset: u64, packet: u64, source: std::io::Error) -> PcapError {
    PcapError::Io {
        at: Position { offset, packet },
        source,
    }
}

fn io_at(at: Position, source: std::io::Error) -> PcapError {
    PcapError::Io { at, source }
}
