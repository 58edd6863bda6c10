//! Capture files: a streaming pcap/pcapng reader and a pcap writer.

mod input;
mod ng;
mod read;
mod write;

pub use read::{Format, Packet, PcapReader};
pub use write::{PcapWriter, Resolution};
