//! Closed-loop replay of a generated workload.
//!
//! Every connection's client side enters port 0 exactly as generated. Its server
//! side answers what actually left port 1: a server packet is rebuilt with
//! source = the address/port the NF sent the connection to and destination = the
//! source address/port the NF gave it (taken from the latest client packet of that
//! connection that left port 1), and enters port 1. So a NAT sees replies to its
//! external port, a load balancer replies from the chosen backend, a proxy
//! replies from the proxy.
//!
//! With an engine that holds packets back (output commit), the loop is causal:
//! while a packet of a connection is held, the connection's later packets (both
//! sides) wait, and once it is released they go as generated, shifted by the
//! time it was held (the endpoints would only have reacted after it arrived).
//! A held client packet counts as reaching the server once it leaves port 1.
//! With an engine that holds nothing, packets go exactly as generated. The unit
//! that waits is a connection, or in the Trojan workload a client host (its
//! sessions follow one another, see [`causal_groups`]).
//!
//! The schedule is the generator's own (packets in time order), so nothing waits:
//! a server packet whose connection has not reached port 1 yet (the NF dropped
//! every client packet so far) is not sent and is counted; a reply the NF drops
//! is simply dropped. The loop always ends after the workload's last packet.

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap, HashMap};
use std::net::SocketAddrV4;

use trace::workload::{Side, Trace};

use crate::run::Runner;
use crate::sink::{Sink, SinkError};
use crate::summary::LoopStats;

/// Port the clients are on.
pub const CLIENT_PORT: u16 = 0;
/// Port the servers are on.
pub const SERVER_PORT: u16 = 1;

/// Replays `trace` through `runner` as described in the module docs.
/// `progress(done, total)` counts workload packets (sent or not).
pub fn replay<S: Sink>(
    runner: &mut Runner<'_, S>,
    trace: &Trace,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<LoopStats, SinkError> {
    let total = trace.packet_count();
    let mut l = Stepper::new(trace);
    let mut done = 0u64;
    for (conn, i) in trace.packets() {
        done += 1;
        if done % 4096 == 0 {
            progress(done, total);
        }
        l.packet(runner, conn.id as usize, i)?;
    }
    l.drain(runner)?;
    progress(total, total);
    Ok(l.stats())
}

/// The closed loop one generated packet at a time, so that two runs can go
/// side by side (`tandem check`): [`Stepper::packet`] for each packet of
/// `trace.packets()` in order, then [`Stepper::drain`]; [`replay`] is that.
pub struct Stepper<'t> {
    l: Loop<'t>,
}

impl<'t> Stepper<'t> {
    /// A loop over `trace` that has sent nothing yet.
    pub fn new(trace: &'t Trace) -> Stepper<'t> {
        let n = trace.connections.len();
        Stepper {
            l: Loop {
                trace,
                group: causal_groups(trace),
                seen: vec![None; n],
                stats: LoopStats {
                    connections: n as u64,
                    ..LoopStats::default()
                },
                frame: Vec::with_capacity(2048),
                held: HashMap::new(),
                shift: vec![0; n],
                blocked: vec![false; n],
                deferred: vec![BTreeSet::new(); n],
                due: BinaryHeap::new(),
                seq: 0,
            },
        }
    }

    /// The generated packet `i` of connection `c` is due: sends what is due
    /// by its time, then it (or defers it behind a held packet of its
    /// group).
    pub fn packet<S: Sink>(
        &mut self,
        runner: &mut Runner<'_, S>,
        c: usize,
        i: usize,
    ) -> Result<(), SinkError> {
        let l = &mut self.l;
        let Some(seg) = l.trace.connections.get(c).and_then(|k| k.packets.get(i)) else {
            return Ok(());
        };
        let ts = seg.ts_ns;
        let g = l.group.get(c).copied().unwrap_or(c);
        l.run_until(runner, ts)?;
        if l.blocked.get(g).copied().unwrap_or(false) {
            l.deferred[g].insert((ts, c, i));
        } else if l.shift.get(g).copied().unwrap_or(0) > 0 {
            l.schedule(c, i);
        } else {
            l.send(runner, c, i, ts)?;
        }
        Ok(())
    }

    /// After the last packet: lets everything still held or shifted out.
    pub fn drain<S: Sink>(&mut self, runner: &mut Runner<'_, S>) -> Result<(), SinkError> {
        let l = &mut self.l;
        while !l.due.is_empty() || !l.held.is_empty() {
            if l.due.is_empty() {
                let released = runner.advance(u64::MAX)?.to_vec();
                l.released(&released);
                if l.due.is_empty() {
                    break;
                }
            }
            l.run_until(runner, u64::MAX)?;
        }
        Ok(())
    }

    /// True when every packet given so far has been sent and let out:
    /// nothing is held, deferred or shifted to later.
    pub fn settled(&self) -> bool {
        self.l.held.is_empty() && self.l.due.is_empty()
    }

    /// The loop's counters so far.
    pub fn stats(&self) -> LoopStats {
        self.l.stats.clone()
    }
}

/// A packet scheduled later than generated: (time, sequence, connection, index).
type Due = Reverse<(u64, u64, usize, usize)>;

/// The loop's bookkeeping.
struct Loop<'t> {
    trace: &'t Trace,
    /// Per connection: its causal group (see [`causal_groups`]); shifts and
    /// holds apply to groups.
    group: Vec<usize>,
    /// Per connection: (client as the server sees it, server as the NF chose it).
    seen: Vec<Option<(SocketAddrV4, SocketAddrV4)>>,
    stats: LoopStats,
    frame: Vec<u8>,
    /// Held packets: engine input number -> (connection, time it went in).
    held: HashMap<u64, (usize, u64)>,
    /// Per group: how much later than generated its packets go now.
    shift: Vec<u64>,
    /// Per group: a packet of it is held.
    blocked: Vec<bool>,
    /// Per group: packets waiting for the held one, as (time, connection, index).
    deferred: Vec<BTreeSet<(u64, usize, usize)>>,
    due: BinaryHeap<Due>,
    seq: u64,
}

impl Loop<'_> {
    fn ts(&self, c: usize, i: usize) -> u64 {
        self.trace
            .connections
            .get(c)
            .and_then(|k| k.packets.get(i))
            .map_or(0, |s| s.ts_ns)
    }

    /// Schedules packet `i` of connection `c` at its generated time plus the
    /// connection's shift.
    fn g(&self, c: usize) -> usize {
        self.group.get(c).copied().unwrap_or(c)
    }

    fn schedule(&mut self, c: usize, i: usize) {
        let t = self.ts(c, i).saturating_add(self.shift[self.g(c)]);
        self.due.push(Reverse((t, self.seq, c, i)));
        self.seq += 1;
    }

    /// Sends every scheduled packet due by `t` (letting out held packets as
    /// their time comes).
    fn run_until<S: Sink>(&mut self, runner: &mut Runner<'_, S>, t: u64) -> Result<(), SinkError> {
        loop {
            if !self.held.is_empty() {
                let upto = self.due.peek().map_or(t, |Reverse((d, ..))| (*d).min(t));
                let released = runner.advance(upto)?.to_vec();
                self.released(&released);
            }
            let Some(Reverse((at, _, c, i))) = self.due.peek().copied() else {
                return Ok(());
            };
            if at > t {
                return Ok(());
            }
            self.due.pop();
            let g = self.g(c);
            if self.blocked[g] {
                let t = self.ts(c, i);
                self.deferred[g].insert((t, c, i));
                continue;
            }
            // The group may have been shifted again since this was scheduled.
            let now_due = self.ts(c, i).saturating_add(self.shift[g]);
            if now_due > at {
                self.due.push(Reverse((now_due, self.seq, c, i)));
                self.seq += 1;
                continue;
            }
            self.send(runner, c, i, at)?;
        }
    }

    /// Accounts for packets the engine let out.
    fn released(&mut self, rs: &[crate::engine::Released]) {
        for r in rs {
            let Some((c, t_in)) = self.held.remove(&r.input) else {
                continue;
            };
            if let (Some(SERVER_PORT), Some(ends)) = (r.port, endpoints(&r.frame)) {
                if self.seen[c].is_none() {
                    self.stats.connections_reached_server += 1;
                }
                self.seen[c] = Some(ends);
            }
            // The endpoints react only once it has arrived: the group's
            // later packets move by the time it was held.
            let g = self.g(c);
            self.shift[g] += r.ts_ns.saturating_sub(t_in);
            self.blocked[g] = false;
            for (_, c, i) in std::mem::take(&mut self.deferred[g]) {
                self.schedule(c, i);
            }
        }
    }

    /// Sends packet `i` of connection `c` at `t`.
    fn send<S: Sink>(
        &mut self,
        runner: &mut Runner<'_, S>,
        c: usize,
        i: usize,
        t: u64,
    ) -> Result<(), SinkError> {
        let Some(conn) = self.trace.connections.get(c) else {
            return Ok(());
        };
        let Some(seg) = conn.packets.get(i) else {
            return Ok(());
        };
        self.frame.clear();
        match seg.side {
            Side::Client => {
                conn.write_frame(i, &mut self.frame);
                let out = runner.packet(CLIENT_PORT, t, &self.frame)?;
                if let Some((SERVER_PORT, out)) = out {
                    if let Some(ends) = endpoints(out) {
                        if self.seen[c].is_none() {
                            self.stats.connections_reached_server += 1;
                        }
                        self.seen[c] = Some(ends);
                    }
                }
            }
            Side::Server => match self.seen[c] {
                Some((client, server)) => {
                    conn.write_frame_with(i, client, server, &mut self.frame);
                    runner.packet(SERVER_PORT, t, &self.frame)?;
                }
                None => {
                    self.stats.server_packets_not_sent += 1;
                    return Ok(());
                }
            },
        }
        if runner.was_held() {
            self.held.insert(runner.calls() - 1, (c, runner.now()));
            let g = self.g(c);
            self.blocked[g] = true;
            self.stats.held_packets += 1;
        }
        Ok(())
    }
}

/// Which connections are causally ordered: in the Trojan workload a client
/// host runs its sessions one after another (each starts after the previous
/// ended), so a host's connections form one group; elsewhere connections
/// arrive independently and each is its own group. Groups are numbered by
/// their first connection.
fn causal_groups(trace: &Trace) -> Vec<usize> {
    let by_host = matches!(trace.options.workload, trace::workload::Workload::Trojan);
    let mut first: HashMap<std::net::Ipv4Addr, usize> = HashMap::new();
    trace
        .connections
        .iter()
        .enumerate()
        .map(|(i, c)| {
            if by_host {
                *first.entry(*c.client.ip()).or_insert(i)
            } else {
                i
            }
        })
        .collect()
}

/// `(source, destination)` of a TCP/UDP frame, if it is one.
fn endpoints(frame: &[u8]) -> Option<(SocketAddrV4, SocketAddrV4)> {
    let key = wire::FlowKey::from_frame(frame).ok().flatten()?;
    let tcp_or_udp = matches!(
        key.protocol,
        wire::ipv4::IpProtocol::Tcp | wire::ipv4::IpProtocol::Udp
    );
    tcp_or_udp.then(|| {
        (
            SocketAddrV4::new(key.src_addr, key.src_port),
            SocketAddrV4::new(key.dst_addr, key.dst_port),
        )
    })
}
