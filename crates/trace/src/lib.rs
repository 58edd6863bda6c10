//! Packet traces: pcap/pcapng reading and writing, seeded workload generators and
//! trace statistics.
//!
//! - [`pcap`]: a streaming [`pcap::PcapReader`] (pcap in µs/ns and either byte order,
//!   pcapng) whose errors name the byte offset and packet number, and a
//!   [`pcap::PcapWriter`].
//! - [`cdf`]: the published datacenter flow-size distributions, embedded.
//! - [`workload`]: seeded workload generators producing an in-memory [`workload::Trace`].
//! - [`stats`]: packet/flow statistics of a trace, kept even when the file is faulty.

pub mod cdf;
pub mod delay;
pub mod error;
pub mod pcap;
pub mod stats;
pub mod workload;

pub use error::{GenError, PcapError, Position};
