//! The agent daemon: CoFilter's CPU agent ([`filter::remote::RemoteAgent`])
//! on the switch's CPU link, driving the switch over P4Runtime
//! ([`crate::switch::P4rtSwitch`]).
//!
//! Per frame from the link: a link frame "from port N" (what the switch's
//! program sent to its CPU port, wrapped by the switch daemon with the port
//! it came in on, `procs::link`) runs through the agent, which writes the
//! switch entries its decision needs and waits for the acknowledgement;
//! then the frame goes back as a link frame "out of port M" (forwarded), or
//! not at all (dropped). A FIN the pipeline must count in its connection's
//! cell goes back first, raw, into the switch's CPU port. Idle scans run on
//! the daemon's clock.
//!
//! **Lost connection.** Frames that arrive while the switch is not
//! connected are dropped and counted (the switch itself drops what it would
//! send to the CPU while no agent is primary, and keeps forwarding what its
//! tables decide). The daemon reconnects every [`RECONNECT_EVERY`] and
//! resynchronises ([`AgentDaemon::resync`]). The pipeline config's cookie
//! says whose state the switch holds: the daemon's *epoch*, set once a
//! whole install is done. A switch marked with this daemon's epoch kept its
//! state (only the connection was lost): the agent reads the state bits and
//! activity of its connections' cells (teardowns the switch followed
//! meanwhile), rewrites the cells a failed write touched and makes the
//! exact table its own, without disturbing traffic. Any other switch
//! (restarted, or given another agent's state) starts over: the program is
//! committed again (empty tables) and the agent's whole state written; the
//! switch drops what its empty tables cannot decide until the fixed entries
//! are in. A write the switch refuses triggers the same resynchronisation.

use std::time::Duration;

use filter::remote::RemoteAgent;
use filter::tracker::Verdict;
use p4rt::server::Clock;
use port::{Port, PortError};
use procs::link;
use serde::Serialize;

use crate::switch::{P4rtSwitch, SwitchError};

/// How often a lost switch is tried again.
pub const RECONNECT_EVERY: Duration = Duration::from_millis(200);

/// What the agent daemon did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct DaemonStats {
    /// Frames received on the link.
    pub frames_in: u64,
    /// Packets handled by the agent.
    pub handled: u64,
    /// Of those, sent back to go out of a port.
    pub forwarded: u64,
    /// Of those, dropped.
    pub dropped: u64,
    /// FINs sent back into the switch's CPU port to be counted.
    pub recounts: u64,
    /// Frames the daemon could not take (not a link frame from a port).
    pub bad_frames: u64,
    /// Frames that arrived while the switch was not connected: dropped.
    pub dropped_disconnected: u64,
    /// Packets lost because a call to the switch failed while handling them.
    pub dropped_on_error: u64,
    /// Writes the switch refused (each triggers a resynchronisation).
    pub refusals: u64,
    /// Frames the link refused to send.
    pub tx_refused: u64,
    /// Resynchronisations done.
    pub resyncs: u64,
    /// Of those, repairs of a switch that kept this agent's state.
    pub repairs: u64,
    /// Writes they sent.
    pub resync_writes: u64,
    /// Failed reconnection or resynchronisation attempts.
    pub reconnect_failures: u64,
}

/// What one resynchronisation did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Resync {
    /// The switch kept this agent's state and was repaired in place
    /// (otherwise it was started over and given the whole state).
    pub repaired: bool,
    /// Connections whose cells were read first (hashed ones).
    pub hashed: usize,
    /// Teardowns followed from the switch's state bits (total so far).
    pub bits_followed: u64,
    /// Writes that gave the switch the agent's whole state.
    pub writes: usize,
}

/// `tandem filter agent --switch ADDR --link IF`.
pub struct AgentDaemon {
    agent: RemoteAgent,
    switch: P4rtSwitch,
    link: Box<dyn Port>,
    clock: Clock,
    epoch: u64,
    next_reconnect: Duration,
    need_resync: bool,
    stats: DaemonStats,
}

impl AgentDaemon {
    /// A daemon over a connected `switch` and the CPU `link`; `epoch`
    /// (not 0) marks a switch that holds this agent's state (the same
    /// agent state must come with the same epoch, a new or restarted one
    /// with another). Call [`AgentDaemon::resync`] before the first
    /// [`AgentDaemon::poll`].
    pub fn new(
        agent: RemoteAgent,
        switch: P4rtSwitch,
        link: Box<dyn Port>,
        clock: Clock,
        epoch: u64,
    ) -> AgentDaemon {
        AgentDaemon {
            agent,
            switch,
            link,
            clock,
            epoch: epoch.max(1),
            next_reconnect: Duration::ZERO,
            need_resync: false,
            stats: DaemonStats::default(),
        }
    }

    fn now_ns(&self) -> u64 {
        u64::try_from((self.clock)().as_nanos()).unwrap_or(u64::MAX)
    }

    /// Makes the switch hold the agent's state (module documentation): a
    /// switch marked with this daemon's epoch is repaired in place; any
    /// other is started over (the program committed again) and given the
    /// whole state, then marked.
    pub fn resync(&mut self) -> Result<Resync, SwitchError> {
        let now = self.now_ns();
        let hashed = self
            .agent
            .agent
            .offloaded()
            .filter(|(_, p)| *p == filter::agent::Place::Hashed)
            .count();
        let repaired = self.switch.cookie() == Some(self.epoch);
        let writes = if repaired {
            self.agent.adopt(&mut self.switch, now)?;
            let have = self.switch.read_table(filter::program::EXACT_TABLE)?;
            self.agent.repair(&mut self.switch, &have)?
        } else {
            // Not marked until the whole state is in: an install cut short
            // starts over next time.
            self.switch.reset(0)?;
            let n = self.agent.install(&mut self.switch)?;
            self.switch.mark(self.epoch)?;
            n
        };
        self.stats.resyncs += 1;
        self.stats.repairs += u64::from(repaired);
        self.stats.resync_writes += writes as u64;
        self.need_resync = false;
        Ok(Resync {
            repaired,
            hashed,
            bits_followed: self.agent.stats.bits_followed,
            writes,
        })
    }

    /// One round: reconnect and resynchronise if needed, take up to 64
    /// frames from the link (waiting up to `timeout` when none is ready),
    /// handle them, run the idle scan when due. Returns the frames handled.
    pub fn poll(&mut self, timeout: Duration) -> Result<usize, PortError> {
        let now = (self.clock)();
        if (!self.switch.is_connected() || self.need_resync) && now >= self.next_reconnect {
            self.next_reconnect = now + RECONNECT_EVERY;
            let r = if self.switch.is_connected() {
                Ok(())
            } else {
                self.switch.reconnect()
            };
            if r.and_then(|()| self.resync().map(|_| ())).is_err() {
                self.stats.reconnect_failures += 1;
            }
        }
        let mut frames: Vec<Vec<u8>> = Vec::new();
        self.link
            .recv(64, timeout, &mut |f| frames.push(f.data.to_vec()))?;
        let n = frames.len();
        if n == 0 {
            // Quiet: look at the stream (a closed one means the switch is
            // gone or another client became primary).
            self.switch.check();
        }
        for f in frames {
            self.stats.frames_in += 1;
            self.handle(&f)?;
        }
        if self.switch.is_connected() && !self.need_resync {
            let now = self.now_ns();
            if let Err(e) = self.agent.tick(&mut self.switch, now) {
                self.failed(&e);
            }
        }
        Ok(n)
    }

    fn failed(&mut self, e: &SwitchError) {
        if matches!(e, SwitchError::Refused(_)) {
            self.stats.refusals += 1;
            self.need_resync = true;
        }
    }

    fn handle(&mut self, frame: &[u8]) -> Result<(), PortError> {
        if !self.switch.is_connected() || self.need_resync {
            self.stats.dropped_disconnected += 1;
            return Ok(());
        }
        let Ok((link::Kind::FromPort, port, inner)) = link::unwrap(frame) else {
            self.stats.bad_frames += 1;
            return Ok(());
        };
        let now = self.now_ns();
        let h = match self.agent.handle(&mut self.switch, now, port, inner) {
            Ok(h) => h,
            Err(e) => {
                self.stats.dropped_on_error += 1;
                self.failed(&e);
                return Ok(());
            }
        };
        carry_out(&mut self.stats, &mut *self.link, h, inner)
    }

    /// Counters so far.
    pub fn stats(&self) -> &DaemonStats {
        &self.stats
    }

    /// The agent (its state and counters).
    pub fn agent(&self) -> &RemoteAgent {
        &self.agent
    }

    /// Ends the daemon (its P4Runtime stream closes) and hands back the
    /// agent with its state, e.g. for a daemon on a new connection.
    pub fn into_agent(self) -> RemoteAgent {
        self.agent
    }

    /// The CPU link's counters.
    pub fn link_stats(&mut self) -> port::PortStats {
        self.link.stats()
    }

    /// The switch connection.
    pub fn switch(&self) -> &P4rtSwitch {
        &self.switch
    }

    /// A status line: the daemon's counters, the agent's and the P4Runtime
    /// side's (JSON, one line).
    pub fn status(&mut self) -> serde_json::Value {
        let a = &self.agent;
        let offloaded = a.agent.offloaded().count();
        serde_json::json!({
            "daemon": self.stats,
            "connected": self.switch.is_connected(),
            "connections": a.agent.tracker.len(),
            "offloaded": offloaded,
            "exact_entries": a.exact_entries().count(),
            "agent": a.stats,
            "agent_counters": a.agent_stats(),
            "settle": a.settle_stats(),
            "p4runtime": self.switch.stats(),
            "link": {
                "rx_frames": self.link.stats().rx_frames,
                "tx_frames": self.link.stats().tx_frames,
                "rx_ring_drops": self.link.stats().rx_ring_drops,
            },
        })
    }
}

/// Carries out the agent's decision `h` on a packet `inner` from the switch's
/// CPU port over the CPU link (the P4Runtime daemon's and the XDP agent's
/// loops alike): the recount first, then the packet out of its port or
/// dropped.
pub(crate) fn carry_out(
    stats: &mut DaemonStats,
    link: &mut dyn Port,
    h: filter::remote::Handled,
    inner: &[u8],
) -> Result<(), PortError> {
    stats.handled += 1;
    if h.recount {
        stats.recounts += 1;
        send_counted(stats, link, inner)?;
    }
    match h.verdict {
        Verdict::Forward(out) => {
            stats.forwarded += 1;
            send_counted(stats, link, &link::wrap(link::Kind::OutOf, out, inner))
        }
        Verdict::Drop(_) => {
            stats.dropped += 1;
            Ok(())
        }
    }
}

/// Sends `frame` on the CPU link, counting a refusal.
pub(crate) fn send_counted(
    stats: &mut DaemonStats,
    link: &mut dyn Port,
    frame: &[u8],
) -> Result<(), PortError> {
    if !link.send(frame)? {
        stats.tx_refused += 1;
    }
    Ok(())
}
