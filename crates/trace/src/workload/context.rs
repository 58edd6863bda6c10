//! State shared by all generators: the seeded random stream, the simulated clock of
//! flow arrivals, host addressing and 5-tuple allocation.

use std::collections::HashSet;
use std::net::{Ipv4Addr, SocketAddrV4};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::flow::Timing;
use super::model::{App, Connection, Segment, Transport};
use super::options::{GenOptions, LAST_START_NS, Servers};

/// First client address: 198.18.0.0/16 is the RFC 2544 benchmarking range.
pub const CLIENT_BASE: Ipv4Addr = Ipv4Addr::new(198, 18, 0, 1);
/// First server address (the upper half of the RFC 2544 /15).
pub const SERVER_BASE: Ipv4Addr = Ipv4Addr::new(198, 19, 0, 1);

/// Ephemeral port range used by Linux (`ip_local_port_range` default).
const EPHEMERAL: std::ops::RangeInclusive<u16> = 32_768..=60_999;

/// Address `base + i`.
pub(crate) fn nth(base: Ipv4Addr, i: u32) -> Ipv4Addr {
    Ipv4Addr::from(u32::from(base).wrapping_add(i))
}

/// Generator state.
pub(crate) struct Ctx<'a> {
    pub opts: &'a GenOptions,
    pub rng: ChaCha8Rng,
    servers: Vec<Ipv4Addr>,
    used: HashSet<(SocketAddrV4, SocketAddrV4, Transport)>,
    /// Arrival time of the latest flow.
    pub now: u64,
    pub conns: Vec<Connection>,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(opts: &'a GenOptions) -> Self {
        let servers = match &opts.servers {
            Servers::Count(n) => (0..*n).map(|j| nth(SERVER_BASE, j)).collect(),
            Servers::Addrs(a) => a.clone(),
        };
        Ctx {
            opts,
            rng: ChaCha8Rng::seed_from_u64(opts.seed),
            servers,
            used: HashSet::new(),
            now: opts.start_ns,
            conns: Vec::new(),
        }
    }

    /// Client host `i` (0-based).
    pub(crate) fn client(&self, i: u32) -> Ipv4Addr {
        nth(CLIENT_BASE, i % self.opts.clients.max(1))
    }

    pub(crate) fn random_client(&mut self) -> Ipv4Addr {
        let i = self.rng.random_range(0..self.opts.clients.max(1));
        self.client(i)
    }

    pub(crate) fn random_server(&mut self) -> Ipv4Addr {
        let j = self.rng.random_range(0..self.servers.len().max(1));
        self.servers.get(j).copied().unwrap_or(SERVER_BASE)
    }

    /// Advances the clock by an exponential inter-arrival gap (Poisson arrivals at
    /// `opts.rate` flows per second) and returns the new arrival time.
    pub(crate) fn next_arrival(&mut self) -> u64 {
        let u: f64 = self.rng.random();
        let gap_s = -(1.0 - u).ln() / self.opts.rate;
        // `as` saturates; the clamp keeps every later addition far from overflow
        // (validation already keeps the expected span well below it).
        self.now = self
            .now
            .saturating_add((gap_s * 1e9).round() as u64)
            .min(LAST_START_NS);
        self.now
    }

    /// Network timing of a new flow, with its round-trip time drawn in [0.5, 1.5] × mean.
    pub(crate) fn timing(&mut self) -> Timing {
        let f: f64 = self.rng.random_range(0.5..1.5);
        Timing {
            rtt_ns: ((self.opts.rtt_ns as f64) * f).round().max(2.0) as u64,
            link_bps: self.opts.link_bps,
            mss: self.opts.mss,
        }
    }

    /// A client socket whose 5-tuple towards `server` is not used yet in this trace,
    /// so every connection is a distinct flow.
    pub(crate) fn client_socket(
        &mut self,
        client: Ipv4Addr,
        server: SocketAddrV4,
        transport: Transport,
    ) -> SocketAddrV4 {
        for _ in 0..64 {
            let c = SocketAddrV4::new(client, self.rng.random_range(EPHEMERAL));
            if self.used.insert((c, server, transport)) {
                return c;
            }
        }
        // Nearly every port towards this server is taken: scan for a free one, and
        // if there is none, reuse (the trace then has two flows on one 5-tuple).
        for port in EPHEMERAL {
            let c = SocketAddrV4::new(client, port);
            if self.used.insert((c, server, transport)) {
                return c;
            }
        }
        SocketAddrV4::new(client, *EPHEMERAL.start())
    }

    /// Records a finished connection and returns its id.
    pub(crate) fn push(
        &mut self,
        transport: Transport,
        app: App,
        client: SocketAddrV4,
        server: SocketAddrV4,
        packets: Vec<Segment>,
    ) -> u32 {
        let id = self.conns.len() as u32;
        self.conns.push(Connection {
            id,
            transport,
            app,
            client,
            server,
            packets,
        });
        id
    }
}
