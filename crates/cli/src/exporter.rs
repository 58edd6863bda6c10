//! `--metrics ADDR` of the daemons (`live`, `switch`, `server`, `filter
//! live`, `filter agent`): the Prometheus endpoint (crate `metrics`) and the
//! metric families they share, so each name means one thing everywhere
//! (docs/LIVE.md, "Metrics").

use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use metrics::{Board, Metrics, Snapshot};
use port::PortStats;

/// How often a daemon publishes a snapshot (scrapes in between see the
/// last one).
pub(crate) const PUBLISH_EVERY: Duration = Duration::from_millis(500);

/// `--metrics ADDR`.
#[derive(Debug, Clone, clap::Args)]
pub struct MetricsArgs {
    /// Serve Prometheus metrics at http://ADDR/metrics (off without it).
    /// ADDR is PORT (on 127.0.0.1) or HOST:PORT; only an address given
    /// explicitly, such as 0.0.0.0:9100, opens it beyond this machine.
    /// Port 0 takes a free port; the address is printed on stderr at start.
    /// Bound before --netns: scraped from the namespace the command starts
    /// in.
    #[arg(long, value_name = "ADDR", value_parser = parse_addr)]
    pub(crate) metrics: Option<SocketAddr>,
}

/// `PORT` (loopback) or `HOST:PORT` (`localhost` is 127.0.0.1).
pub(crate) fn parse_addr(s: &str) -> Result<SocketAddr, String> {
    if let Ok(port) = s.parse::<u16>() {
        return Ok(SocketAddr::from((Ipv4Addr::LOCALHOST, port)));
    }
    if let Some(port) = s.strip_prefix("localhost:") {
        if let Ok(port) = port.parse::<u16>() {
            return Ok(SocketAddr::from((Ipv4Addr::LOCALHOST, port)));
        }
    }
    s.parse()
        .map_err(|_| format!("{s:?}: expected PORT or HOST:PORT, e.g. 9100 or 127.0.0.1:9100"))
}

/// A running endpoint and the board its daemon publishes to.
pub(crate) struct Exporter {
    board: Arc<Board>,
    _server: metrics::http::Server,
    next: Instant,
}

impl MetricsArgs {
    /// Starts the endpoint if `--metrics` was given, after `setup` has
    /// registered what the daemon observes itself (histograms); prints
    /// `tandem COMMAND: metrics on http://ADDR/metrics` on stderr.
    pub(crate) fn start(
        &self,
        command: &str,
        setup: impl FnOnce(&mut Metrics),
    ) -> anyhow::Result<Option<Exporter>> {
        let Some(addr) = self.metrics else {
            return Ok(None);
        };
        let mut m = Metrics::new();
        setup(&mut m);
        let board = m.board();
        let server = m.serve(addr).context("--metrics")?;
        let _ = writeln!(
            std::io::stderr().lock(),
            "tandem {command}: metrics on {}",
            server.url()
        );
        Ok(Some(Exporter {
            board,
            _server: server,
            next: Instant::now(),
        }))
    }
}

impl Exporter {
    /// Replaces what scrapes see.
    pub(crate) fn publish(&self, s: Snapshot) {
        self.board.publish(s);
    }

    /// Publishes `take()` if a snapshot is due ([`PUBLISH_EVERY`] after
    /// the last).
    pub(crate) fn tick(&mut self, take: impl FnOnce() -> Snapshot) {
        let now = Instant::now();
        if now >= self.next {
            self.next = now + PUBLISH_EVERY;
            self.publish(take());
        }
    }
}

/// The latency histogram of control operations (P4Runtime Writes), as
/// `setup` of [`MetricsArgs::start`] registers it.
pub(crate) fn write_histogram(m: &mut Metrics) -> metrics::Histogram {
    m.histogram(
        "tandem_control_write_seconds",
        "Round trip of a P4Runtime Write carrying control operations, from sending it to its answer.",
        metrics::latency_buckets(),
    )
}

/// The observer that puts each Write's round trip into `h`.
pub(crate) fn observe_into(h: metrics::Histogram) -> p4rt::remote::WriteObserver {
    Arc::new(move |d: Duration| h.observe(d.as_secs_f64()))
}

/// A port's counters, labelled `port`.
pub(crate) fn port(s: &mut Snapshot, port: &str, st: &PortStats) {
    let l = [("port", port)];
    s.counter(
        "tandem_port_rx_frames",
        "Frames received on a port.",
        &l,
        st.rx_frames,
    );
    s.counter(
        "tandem_port_rx_bytes",
        "Bytes received on a port.",
        &l,
        st.rx_bytes,
    );
    s.counter(
        "tandem_port_tx_frames",
        "Frames sent out of a port.",
        &l,
        st.tx_frames,
    );
    s.counter(
        "tandem_port_tx_bytes",
        "Bytes sent out of a port.",
        &l,
        st.tx_bytes,
    );
    let help = "Frames a port lost: ring (kernel receive ring full), truncated (received cut short), too_big (above the MTU), tx_error (refused by the kernel).";
    for (reason, n) in [
        ("ring", st.rx_ring_drops),
        ("truncated", st.rx_truncated),
        ("too_big", st.tx_too_big),
        ("tx_error", st.tx_errors),
    ] {
        s.counter(
            "tandem_port_drops",
            help,
            &[("port", port), ("reason", reason)],
            n,
        );
    }
}

/// A switch table's entries and lookups, labelled `table`.
pub(crate) fn table(s: &mut Snapshot, t: &pipe::TableStats) {
    let l = [("table", t.name.as_str())];
    s.gauge(
        "tandem_table_entries",
        "Entries installed in a switch table (occupancy).",
        &l,
        t.entries as f64,
    );
    s.counter(
        "tandem_table_hits",
        "Lookups in a switch table that found an entry.",
        &l,
        t.lookups.hits,
    );
    s.counter(
        "tandem_table_misses",
        "Lookups in a switch table that ran its default action.",
        &l,
        t.lookups.misses,
    );
}

/// Packets that went to the server (CPU) side.
pub(crate) fn server_packets(s: &mut Snapshot, n: u64) {
    s.counter(
        "tandem_server_packets",
        "Packets sent to the server (CoFilter: its CPU agent).",
        &[],
        n,
    );
}

/// Control operations (table and register updates) issued.
pub(crate) fn control_ops(s: &mut Snapshot, n: u64) {
    s.counter(
        "tandem_control_ops",
        "Control operations (table entries and registers written) issued to the switch.",
        &[],
        n,
    );
}

/// P4Runtime Write RPCs.
pub(crate) fn control_writes(s: &mut Snapshot, n: u64) {
    s.counter(
        "tandem_control_writes",
        "P4Runtime Write RPCs (each carries one or more control operations).",
        &[],
        n,
    );
}

/// Packets held for output commit: so far, and now.
pub(crate) fn held(s: &mut Snapshot, total: u64, now: Option<u64>) {
    s.counter(
        "tandem_held_packets",
        "Packets held until the control operations they depend on were visible (output commit).",
        &[],
        total,
    );
    if let Some(n) = now {
        s.gauge(
            "tandem_held_packets_now",
            "Packets held at this moment.",
            &[],
            n as f64,
        );
    }
}

/// Packets a meter dropped, labelled `meter`.
pub(crate) fn meter_drops(s: &mut Snapshot, meter: &str, n: u64) {
    s.counter(
        "tandem_meter_drops",
        "Packets a switch meter dropped: miss_punt (punts of table misses beyond the rate), miss and syn (CoFilter's).",
        &[("meter", meter)],
        n,
    );
}

/// Whether the daemon's P4Runtime peer is there (1) or not (0).
/// CoFilter's agent: the connections it tracks and where their switch
/// entries are (fingerprint cells or the exact-match table).
pub(crate) fn cofilter_agent(s: &mut Snapshot, agent: &filter::agent::Agent) {
    let (mut cells, mut exact) = (0u64, 0u64);
    for (_, place) in agent.offloaded() {
        match place {
            filter::agent::Place::Hashed => cells += 1,
            _ => exact += 1,
        }
    }
    let help = "Connections with a switch entry: cells (fingerprint cells) or exact (the exact-match table).";
    for (table, n) in [("cells", cells), ("exact", exact)] {
        s.gauge(
            "tandem_filter_offloaded",
            help,
            &[("table", table)],
            n as f64,
        );
    }
    s.gauge(
        "tandem_filter_connections",
        "Connections the agent tracks.",
        &[],
        agent.tracker.len() as f64,
    );
}

pub(crate) fn connected(s: &mut Snapshot, help: &str, yes: bool) {
    s.gauge("tandem_connected", help, &[], if yes { 1.0 } else { 0.0 });
}
