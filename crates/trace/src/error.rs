//! Errors of the trace crate: every reading error says what went wrong and where.

use std::fmt;

/// Where in a capture file a fault was found.
///
/// `packet` is 1-based, as in Wireshark and tcpdump: the packet that could not be
/// read is number `packets_read + 1`. `offset` is the byte offset from the start of
/// the file of the record (pcap packet header or pcapng block) that is faulty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Position {
    /// Byte offset of the faulty record from the start of the file.
    pub offset: u64,
    /// 1-based number of the packet being read when the fault was found.
    pub packet: u64,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte offset {} (packet {})", self.offset, self.packet)
    }
}

/// An error while reading or writing a capture file.
#[derive(Debug, thiserror::Error)]
pub enum PcapError {
    /// The underlying reader or writer failed.
    #[error("I/O error at {at}: {source}")]
    Io {
        /// Where the failing operation was.
        at: Position,
        /// The operating-system error.
        #[source]
        source: std::io::Error,
    },
    /// The file does not start with a pcap or pcapng magic number.
    #[error("not a pcap or pcapng file: {reason}")]
    NotPcap {
        /// What was found instead (e.g. the magic number, or "empty file").
        reason: String,
    },
    /// The file ends in the middle of a record.
    #[error(
        "truncated file: {what} at {at} needs {needed} bytes but the file ends after {available}"
    )]
    Truncated {
        /// The record that is cut short ("pcap file header", "packet record", "pcapng block").
        what: &'static str,
        /// Where the cut-short record starts.
        at: Position,
        /// How many bytes the record needs.
        needed: u64,
        /// How many bytes of it the file still has.
        available: u64,
    },
    /// A record has an impossible field value.
    #[error("corrupt {what} at {at}: {detail}")]
    Corrupt {
        /// The faulty record ("packet record", "pcapng block", ...).
        what: &'static str,
        /// Where the faulty record starts.
        at: Position,
        /// Which field is wrong and why.
        detail: String,
    },
    /// The capture's link type is not Ethernet.
    #[error(
        "unsupported link type {linktype} at {at}: only Ethernet (LINKTYPE_ETHERNET = 1) is supported"
    )]
    UnsupportedLinkType {
        /// The numeric LINKTYPE_* value found.
        linktype: u32,
        /// Where the header naming it starts.
        at: Position,
    },
    /// A packet cannot be written (e.g. a timestamp past the year 2106 in pcap).
    #[error("cannot write packet {packet}: {detail}")]
    Write {
        /// 1-based number of the packet being written.
        packet: u64,
        /// What is wrong.
        detail: String,
    },
}

impl PcapError {
    /// Where the fault is, if it has a position in the input file.
    pub fn position(&self) -> Option<Position> {
        match self {
            PcapError::Io { at, .. }
            | PcapError::Truncated { at, .. }
            | PcapError::Corrupt { at, .. }
            | PcapError::UnsupportedLinkType { at, .. } => Some(*at),
            PcapError::NotPcap { .. } => Some(Position {
                offset: 0,
                packet: 1,
            }),
            PcapError::Write { .. } => None,
        }
    }
}

/// An invalid generator option (caught before anything is generated).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenError {
    /// A workload name that is not known.
    #[error(
        "unknown workload `{0}`; expected one of websearch, datamining, hadoop, cache, \
         datacenter-sizes, fixed:<bytes>, trojan, syn-flood"
    )]
    UnknownWorkload(String),
    /// An option value out of its range.
    #[error("invalid option {option}: {detail}")]
    InvalidOption {
        /// The option's name as the CLI spells it (e.g. `--udp-share`).
        option: &'static str,
        /// What is wrong with the value.
        detail: String,
    },
}
