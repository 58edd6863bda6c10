//! The first packets of a run's connections: which are spoofed, when each
//! arrived and when it left, and an engine wrapper that times them.

use std::collections::{HashMap, HashSet};
use std::net::SocketAddrV4;

use runner::partitioned::Histogram;
use runner::{Engine, EngineError, PartitionedEngine, Released, Sink, SinkError};
use trace::workload::{App, Trace};

/// First packets of the trace's connections and how long each took.
pub(super) struct FirstPackets {
    /// Client endpoints of spoofed connections.
    spoofed_clients: HashSet<SocketAddrV4>,
    /// Clients whose first packet was seen.
    seen: HashSet<SocketAddrV4>,
    /// First-packet delays of legitimate connections (ns).
    pub(super) legit: Histogram,
    /// First-packet delays of spoofed connections (ns).
    pub(super) spoofed: Histogram,
    /// Legitimate connections in the trace.
    pub(super) legit_flows: u64,
    /// Spoofed connections in the trace.
    pub(super) spoofed_flows: u64,
    /// When the first legitimate first packet arrived (ns).
    pub(super) first_arrival: Option<u64>,
    /// When the last legitimate first packet left (ns).
    pub(super) last_departure: u64,
}

impl FirstPackets {
    /// The connections of `trace`, none of whose first packets was seen yet.
    pub(super) fn new(trace: &Trace) -> FirstPackets {
        let spoofed_clients: HashSet<SocketAddrV4> = trace
            .connections
            .iter()
            .filter(|c| c.app == App::SpoofedSyn)
            .map(|c| c.client)
            .collect();
        let spoofed_flows = spoofed_clients.len() as u64;
        FirstPackets {
            legit_flows: trace.connections.len() as u64 - spoofed_flows,
            spoofed_flows,
            spoofed_clients,
            seen: HashSet::new(),
            legit: Histogram::new(),
            spoofed: Histogram::new(),
            first_arrival: None,
            last_departure: 0,
        }
    }

    /// If `frame` (arriving at `ts`) is a connection's first client packet:
    /// whether that connection is spoofed.
    pub(super) fn classify(&mut self, frame: &[u8], ts: u64) -> Option<bool> {
        let h = wire::headers::parse_frame(frame).ok()?;
        let t = h.tcp()?;
        let f = t.flags();
        if !f.contains(wire::TcpFlags::SYN) || f.contains(wire::TcpFlags::ACK) {
            return None;
        }
        let src = h.ipv4()?.src_addr();
        let client = SocketAddrV4::new(src, t.src_port());
        if !self.seen.insert(client) {
            return None;
        }
        let spoofed = self.spoofed_clients.contains(&client);
        if !spoofed && self.first_arrival.is_none() {
            self.first_arrival = Some(ts);
        }
        Some(spoofed)
    }

    /// A first packet that arrived at `arrived` left at `left` (ns).
    pub(super) fn left(&mut self, spoofed: bool, arrived: u64, left: u64) {
        if spoofed {
            self.spoofed.record(left.saturating_sub(arrived));
        } else {
            self.legit.record(left.saturating_sub(arrived));
            self.last_departure = self.last_departure.max(left);
        }
    }

    /// Legitimate flows admitted per second, from the first legitimate
    /// arrival to the last departure (0 before any left).
    pub(super) fn admission_rate(&self) -> f64 {
        let n = self.legit.summary().count;
        match self.first_arrival {
            Some(a) if self.last_departure > a => {
                n as f64 / ((self.last_departure - a) as f64 / 1e9)
            }
            _ => 0.0,
        }
    }
}

/// An engine wrapper that times the first packets.
pub(super) struct Probe<'a> {
    inner: &'a mut PartitionedEngine,
    first: &'a mut FirstPackets,
    calls: u64,
    /// Held first packets by input number: (spoofed, arrival).
    pending: HashMap<u64, (bool, u64)>,
    /// Held client packets by input number: their client endpoint.
    held_clients: HashMap<u64, SocketAddrV4>,
    /// Where each client's packets went out (the NAT's external endpoint,
    /// or the client itself): whether the client is spoofed.
    outside: HashMap<SocketAddrV4, bool>,
    /// Packets to legitimate clients the miss-punt meter dropped.
    legit_metered: u64,
}

/// Source and destination endpoints of a TCP/UDP frame.
fn endpoints(frame: &[u8]) -> Option<(SocketAddrV4, SocketAddrV4)> {
    let h = wire::headers::parse_frame(frame).ok()?;
    let ip = h.ipv4()?;
    let (sp, dp) = match (h.tcp(), h.udp()) {
        (Some(t), _) => (t.src_port(), t.dst_port()),
        (None, Some(u)) => (u.src_port(), u.dst_port()),
        _ => return None,
    };
    Some((
        SocketAddrV4::new(ip.src_addr(), sp),
        SocketAddrV4::new(ip.dst_addr(), dp),
    ))
}

impl<'a> Probe<'a> {
    /// Wraps `inner`, timing the first packets of `first`'s trace.
    pub(super) fn new(inner: &'a mut PartitionedEngine, first: &'a mut FirstPackets) -> Probe<'a> {
        Probe {
            inner,
            first,
            calls: 0,
            pending: HashMap::new(),
            held_clients: HashMap::new(),
            outside: HashMap::new(),
            legit_metered: 0,
        }
    }

    /// Packets to legitimate clients the miss-punt meter dropped so far.
    pub(super) fn legit_metered(&self) -> u64 {
        self.legit_metered
    }

    /// A client's packet left as `frame`: remember where its replies go.
    fn went_out(&mut self, client: SocketAddrV4, frame: &[u8]) {
        if let Some((src, _)) = endpoints(frame) {
            let spoofed = self.first.spoofed_clients.contains(&client);
            self.outside.insert(src, spoofed);
        }
    }
}

impl Engine for Probe<'_> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn process(
        &mut self,
        frame: &mut Vec<u8>,
        in_port: u16,
        now_ns: u64,
    ) -> Result<runner::Verdict, EngineError> {
        let input = self.calls;
        self.calls += 1;
        let from_client = in_port == runner::closed_loop::CLIENT_PORT;
        let first = if from_client {
            self.first.classify(frame, now_ns)
        } else {
            None
        };
        let ends = endpoints(frame);
        let v = self.inner.process(frame, in_port, now_ns)?;
        if let Some(spoofed) = first {
            if self.inner.held() {
                self.pending.insert(input, (spoofed, now_ns));
            } else if matches!(v, runner::Verdict::Forward(_)) {
                self.first.left(spoofed, now_ns, now_ns);
            }
        }
        match ends {
            Some((client, _)) if from_client && self.inner.held() => {
                self.held_clients.insert(input, client);
            }
            Some((client, _)) if from_client && matches!(v, runner::Verdict::Forward(_)) => {
                self.went_out(client, frame);
            }
            Some((_, to))
                if !from_client
                    && self.inner.metered()
                    && self.outside.get(&to) == Some(&false) =>
            {
                self.legit_metered += 1;
            }
            _ => {}
        }
        Ok(v)
    }

    fn take_events(&mut self) -> Vec<runner::Event> {
        self.inner.take_events()
    }

    fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        self.inner.state_sizes(now_ns)
    }

    fn state_json(&self, now_ns: u64) -> serde_json::Value {
        self.inner.state_json(now_ns)
    }

    fn held(&self) -> bool {
        self.inner.held()
    }

    fn release(&mut self, now_ns: u64, out: &mut Vec<Released>) {
        let from = out.len();
        self.inner.release(now_ns, out);
        for r in &out[from..] {
            if let Some((spoofed, at)) = self.pending.remove(&r.input) {
                self.first.left(spoofed, at, r.ts_ns);
            }
            if let Some(client) = self.held_clients.remove(&r.input)
                && r.port.is_some()
            {
                self.went_out(client, &r.frame);
            }
        }
    }

    fn partition_stats(&self) -> Option<runner::PartitionStats> {
        self.inner.partition_stats()
    }
}

/// Forwarded packets go nowhere.
pub(super) struct Discard;

impl Sink for Discard {
    fn write(&mut self, _port: u16, _ts_ns: u64, _frame: &[u8]) -> Result<(), SinkError> {
        Ok(())
    }

    fn finish(&mut self) -> Result<(), SinkError> {
        Ok(())
    }
}
