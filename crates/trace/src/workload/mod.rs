//! Seeded workload generators.
//!
//! [`generate`] turns [`GenOptions`] into a [`Trace`]: an in-memory model of every
//! connection (5-tuple, packets with side, time and TCP fields). Frames are built
//! from the model when written ([`Trace::write_pcap`], [`Trace::write_sides`]) or on
//! demand ([`Connection::write_frame_with`]) for closed-loop replay. Same options,
//! same model, same bytes: the only randomness is a `ChaCha8Rng` seeded from
//! `GenOptions::seed`, and time is simulated from `GenOptions::start_ns`.

mod apps;
mod context;
mod datacenter;
mod flood;
mod flow;
mod model;
mod options;
mod order;
mod sizes;
mod trojan;

use std::net::Ipv4Addr;

pub use context::{CLIENT_BASE, SERVER_BASE};
pub use model::{App, Connection, Payload, Segment, Side, TcpFields, Transport, mac_for};
pub use options::{DEFAULT_START_NS, FIXED_RANGE, GenOptions, Servers, Workload};
pub use order::PacketOrder;
pub use sizes::{SizeMix, UDP_FRAME_OVERHEAD};

use crate::error::GenError;

/// A generated trace.
#[derive(Debug, Clone, PartialEq)]
pub struct Trace {
    /// The options it was generated from.
    pub options: GenOptions,
    /// Every connection, in order of arrival.
    pub connections: Vec<Connection>,
    /// `trojan` only: the client hosts whose sessions contain SSH, then a download
    /// (HTML over HTTP, .zip/.exe over FTP), then IRC — what a correct detector flags.
    pub trojan_hosts: Vec<Ipv4Addr>,
}

/// Generates the workload described by `opts`.
pub fn generate(opts: &GenOptions) -> Result<Trace, GenError> {
    opts.validate()?;
    let mut ctx = context::Ctx::new(opts);
    let mut trojan_hosts = Vec::new();
    match opts.workload {
        Workload::FlowSizes(d) => datacenter::generate(&mut ctx, d),
        Workload::DatacenterSizes => sizes::generate(&mut ctx, SizeMix::Datacenter),
        Workload::Fixed(n) => sizes::generate(&mut ctx, SizeMix::Fixed(n)),
        Workload::Trojan => trojan_hosts = trojan::generate(&mut ctx),
        Workload::SynFlood => flood::generate(&mut ctx),
    }
    Ok(Trace {
        options: opts.clone(),
        connections: ctx.conns,
        trojan_hosts,
    })
}

impl Trace {
    /// Total number of packets.
    pub fn packet_count(&self) -> u64 {
        self.connections
            .iter()
            .map(|c| c.packets.len() as u64)
            .sum()
    }

    /// All packets in time order, as `(connection, packet index)`.
    pub fn packets(&self) -> PacketOrder<'_> {
        PacketOrder::new(&self.connections)
    }
}
