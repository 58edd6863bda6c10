//! Prometheus metrics of Tandem's daemons (`--metrics ADDR` on `tandem live`,
//! `switch`, `server`, `filter live` and `filter agent`; docs/LIVE.md,
//! "Metrics").
//!
//! ```text
//!  daemon loop ── status tick ──▶ Snapshot ──publish──▶ Board ─┐
//!  Write answers ──observe──▶ Histogram ───────────────────────┤ Registry ──▶ GET /metrics
//!  CLOCK_PROCESS_CPUTIME_ID (read at each scrape) ─────────────┘     (one connection at a time)
//! ```
//!
//! The daemons already keep their counters for their status lines; each
//! status tick turns them into a [`Snapshot`] (counters and gauges with
//! labels) and [`Board::publish`]es it, so nothing is added to a packet's
//! path. What is timed per operation (a P4Runtime Write's round trip) goes
//! into a [`Histogram`] the [`Metrics`] registry holds. The process's CPU
//! time is read when scraped. [`Metrics::serve`] answers `GET /metrics` on
//! a std `TcpListener` ([`http`]).

pub mod http;
pub mod process;
pub mod snapshot;

use std::net::{SocketAddr, TcpListener};
use std::sync::{Arc, Mutex, PoisonError};

use prometheus_client::collector::Collector;
use prometheus_client::encoding::DescriptorEncoder;
pub use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

pub use snapshot::Snapshot;

/// Why the metrics endpoint could not start.
#[derive(Debug, thiserror::Error)]
pub enum MetricsError {
    /// The address could not be bound.
    #[error("cannot serve metrics on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// What the system said.
        source: std::io::Error,
    },
    /// The serving thread could not start.
    #[error("cannot start the metrics thread: {0}")]
    Thread(std::io::Error),
}

/// The latest [`Snapshot`] a daemon published, encoded at each scrape.
#[derive(Debug, Default)]
pub struct Board {
    latest: Mutex<Snapshot>,
}

impl Board {
    /// Replaces what scrapes see with `s`.
    pub fn publish(&self, s: Snapshot) {
        *self.latest.lock().unwrap_or_else(PoisonError::into_inner) = s;
    }
}

impl Collector for Board {
    fn encode(&self, encoder: DescriptorEncoder<'_>) -> Result<(), std::fmt::Error> {
        self.latest
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .encode(encoder)
    }
}

/// A daemon's metrics: the registry (its board of published counters, the
/// process's CPU time, histograms), until [`Metrics::serve`] hands it to
/// the endpoint.
pub struct Metrics {
    registry: Registry,
    board: Arc<Board>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// A registry with an empty board and `process_cpu_seconds_total`.
    pub fn new() -> Metrics {
        let board = Arc::new(Board::default());
        let mut registry = Registry::default();
        registry.register_collector(Box::new(board.clone()));
        registry.register_collector(Box::new(process::ProcessCollector));
        Metrics { registry, board }
    }

    /// Where the daemon publishes its snapshots.
    pub fn board(&self) -> Arc<Board> {
        self.board.clone()
    }

    /// A histogram named `name` (`_bucket`, `_sum` and `_count` follow)
    /// with upper bounds `buckets`; the handle observes, the registry
    /// encodes.
    pub fn histogram(
        &mut self,
        name: &str,
        help: &str,
        buckets: impl IntoIterator<Item = f64>,
    ) -> Histogram {
        let h = Histogram::new(buckets);
        self.registry.register(name, help, h.clone());
        h
    }

    /// Everything as the OpenMetrics text format (what a scrape asking for
    /// it gets).
    pub fn encode(&self) -> String {
        http::encode(&self.registry, http::Format::OpenMetrics)
    }

    /// Binds `addr` and serves `GET /metrics` from a thread of its own
    /// ([`http`]) for as long as the process runs.
    pub fn serve(self, addr: SocketAddr) -> Result<http::Server, MetricsError> {
        let listener =
            TcpListener::bind(addr).map_err(|source| MetricsError::Bind { addr, source })?;
        http::Server::start(listener, Arc::new(self.registry))
    }
}

/// Upper bounds, in seconds, of the control-operation latency histograms:
/// 50 µs to about 1.6 s, doubling (a Write to Tandem's switch on loopback
/// takes some 100 µs; one queued behind a resync, up to seconds).
pub fn latency_buckets() -> impl Iterator<Item = f64> {
    prometheus_client::metrics::histogram::exponential_buckets(50e-6, 2.0, 16)
}

#[cfg(test)]
mod tests;
