//! [`PartitionedEngine`]: a program compiled by Gallium's partitioner, run on
//! the switch model (`pipe`, the lowered pre/post program) and the server
//! runtime (`server::Runtime`, the server part on the primary state).
//!
//! ```text
//!  in port ─▶ switch pre ─┬─ verdict ──────────────────────────────▶ out port   (switch only)
//!                         └─ transfer frame ─▶ server ─┬─ resume frame ─▶ switch post ─▶ out port
//!                            (server port 64)          ├─ forward p (packet-out) ──────▶ out port
//!                                                      └─ held until its update is visible (output commit)
//! ```
//!
//! The server answers at once (its processing time is not modelled); a
//! packet that changed replicated state is held until the switch's atomic
//! update makes the change visible, then post-processed and released.
//! Switch idle notifications are polled every [`IDLE_POLL_NS`].

use std::collections::HashMap;
use std::time::Duration;

use interp::{Event, Verdict};
use serde::Serialize;
use server::{Handled, Runtime, RuntimeStats};

use crate::engine::{Engine, EngineError, Released};

/// Interval between polls of the switch's idle-timeout notifications.
pub const IDLE_POLL_NS: u64 = 1_000_000_000;

/// The partitioned program could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum PartitionError {
    /// The partitioner failed.
    #[error(transparent)]
    Compile(#[from] compiler::CompileError),
    /// Lowering the switch part failed.
    #[error(transparent)]
    Lower(#[from] compiler::lower_switch::LowerError),
    /// The switch part could not be lowered completely (the warnings say why).
    #[error("the switch part of `{program}` cannot run on the switch model: {}", warnings.join("; "))]
    NotLowered {
        /// Program name.
        program: String,
        /// Why.
        warnings: Vec<String>,
    },
    /// The program reads `session.*`: the server may run a packet more than
    /// once (stale re-runs, output commit), and its session table would count
    /// it each time, so the program is not split.
    #[error(
        "`{0}` reads session.* (session reconstruction), which Gallium's split does not support: the server's re-runs would count packets twice"
    )]
    Session(String),
    /// The switch model refused the lowered program.
    #[error("switch model: {0}")]
    Switch(#[from] pipe::ProgramError),
    /// The server runtime could not load the program.
    #[error(transparent)]
    Server(#[from] server::RuntimeError),
}

/// Quantiles of how long held packets waited (arrival to release).
pub use trace::delay::DelayQuantiles as HeldDelay;
/// The fixed-size histogram of those waits (`trace::delay`).
pub use trace::delay::Histogram;

/// Counters of a partitioned run (in the run summary as `partition`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct PartitionStats {
    /// Packets handled entirely on the switch.
    pub switch_only_packets: u64,
    /// Packets that visited the server.
    pub server_packets: u64,
    /// Control-plane operations (atomic updates: 3N + 2 per batch of N).
    pub control_plane_ops: u64,
    /// Packets held by output commit.
    pub held_packets: u64,
    /// Held packets that a later packet of the same flow (same 5-tuple and
    /// direction) overtook: the reordering output commit causes.
    pub reordered_packets: u64,
    /// How long held packets waited.
    pub held_delay: HeldDelay,
    /// Packets the switch's miss-punt meter dropped (miss punts beyond
    /// `compiler::Options::miss_punt_meter`; counted in
    /// `switch_only_packets` too).
    pub miss_punt_drops: u64,
    /// Details from the server runtime.
    pub server: RuntimeStats,
    /// With BMv2 as the data plane (`--switch bmv2`): its counters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bmv2: Option<Bmv2Stats>,
}

/// Counters of BMv2 as the data plane of a partitioned run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Bmv2Stats {
    /// Packets BMv2 processed (inputs and frames the server sent back).
    pub packets: u64,
    /// Packets it sent out (to a port or to the server).
    pub out: u64,
    /// Runtime-interface writes that mirrored the model's control plane.
    pub control_writes: u64,
    /// Packets whose verdict or bytes differed from the switch model's.
    pub divergences: u64,
    /// The first of them, described.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_divergence: Option<String>,
}

/// BMv2 running the switch part in lockstep with the run.
struct Bmv2Plane {
    switch: std::sync::Mutex<pipe::bmv2::lockstep::Lockstep>,
    divergences: u64,
    first_divergence: Option<String>,
}

/// BMv2 could not be attached.
#[derive(Debug, thiserror::Error)]
pub enum Bmv2AttachError {
    /// p4c or simple_switch is missing or failed.
    #[error(transparent)]
    Bmv2(#[from] pipe::bmv2::Bmv2Error),
    /// A tool is missing.
    #[error(transparent)]
    Tool(#[from] pipe::p4c::ToolError),
}

/// How the server updates the switch (docs/SWITCH.md, "Control channel:
/// batching and group commit").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ControlOptions {
    /// How the control channel carries atomic updates.
    pub channel: pipe::Channel,
    /// Gather the updates that become ready while a write-back cycle is in
    /// flight into the next cycle.
    pub group_commit: bool,
    /// Bounds on unsettled updates and held packets.
    pub limits: server::Limits,
    /// Inserts of new keys of deferrable maps skip the write-back tables
    /// (`server::Runtime::set_direct_inserts`).
    pub direct_inserts: bool,
    /// The rate of the switch's miss-punt meter, when the program has one
    /// (`compiler::Options::miss_punt_meter`); `None` leaves the meter
    /// unconfigured, which lets every packet through.
    pub miss_punt_meter: Option<compiler::MissPuntMeter>,
}

impl Default for ControlOptions {
    /// Gallium's serial channel (Table 3 calibration), one update per packet.
    fn default() -> ControlOptions {
        ControlOptions {
            channel: pipe::Channel::Serial,
            group_commit: false,
            limits: server::Limits::default(),
            direct_inserts: false,
            miss_punt_meter: Some(compiler::MissPuntMeter::default()),
        }
    }
}

/// Switch model + server runtime as one [`Engine`].
pub struct PartitionedEngine {
    switch: pipe::Switch,
    server: Runtime,
    server_port: u16,
    switch_registers: Vec<(String, String)>,
    stats: PartitionStats,
    calls: u64,
    held_now: bool,
    /// Next time the server polls the switch's idle notifications (None
    /// before the first packet).
    next_idle_poll: Option<u64>,
    /// Time of the latest packet.
    clock: u64,
    /// Held packets by flow, with whether a later packet of the flow has left.
    held_flows: HashMap<wire::FlowKey, Vec<(u64, bool)>>,
    /// Flow of each held packet, by input number.
    held_keys: HashMap<u64, wire::FlowKey>,
    /// Arrival time of each held packet, by input number.
    held_since: HashMap<u64, u64>,
    delays: Histogram,
    /// BMv2 as the data plane (`None`: the switch model is).
    bmv2: Option<Bmv2Plane>,
    /// The program counts its miss-punt meter's drops
    /// (`compiler::lower_switch::MISS_PUNT_DROPPED`).
    has_meter: bool,
    /// The latest packet was dropped by the miss-punt meter.
    metered_now: bool,
    /// Frames the meter dropped, as they arrived (port, bytes), when kept
    /// ([`PartitionedEngine::keep_metered`]).
    metered_log: Option<Vec<(u16, Vec<u8>)>>,
}

impl PartitionedEngine {
    /// Partitions `program` with `options`, lowers its switch part and loads
    /// both sides.
    pub fn new(
        program: &ir::Program,
        options: &compiler::Options,
    ) -> Result<PartitionedEngine, PartitionError> {
        let session = program
            .handler
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .any(|i| matches!(i.op, ir::Op::Session(_)));
        if session {
            return Err(PartitionError::Session(program.name.clone()));
        }
        let c = compiler::partition(program, options)?;
        let lowered = compiler::lower_switch::lower_switch(&c)?;
        if !lowered.control_lowered {
            return Err(PartitionError::NotLowered {
                program: program.name.clone(),
                warnings: lowered.warnings,
            });
        }
        let switch_registers = c
            .states
            .iter()
            .filter(|s| s.placement == compiler::model::Placement::SwitchRegister)
            .map(|s| (s.name.clone(), format!("r_{}", s.name)))
            .collect();
        let metered = lowered
            .program
            .counters
            .iter()
            .any(|x| x.name == compiler::lower_switch::MISS_PUNT_DROPPED);
        let mut switch = pipe::Switch::new(lowered.program)?;
        // Read-only tables (vectors, constant maps), map initial entries and
        // register initial values, installed before traffic.
        compiler::tables::install_initial(&c, &mut switch).map_err(|m| {
            PartitionError::NotLowered {
                program: program.name.clone(),
                warnings: vec![m],
            }
        })?;
        Ok(PartitionedEngine {
            switch,
            server: Runtime::new(c)?,
            server_port: compiler::lower_switch::SERVER_PORT,
            switch_registers,
            stats: PartitionStats::default(),
            calls: 0,
            held_now: false,
            next_idle_poll: None,
            clock: 0,
            held_flows: HashMap::new(),
            held_keys: HashMap::new(),
            held_since: HashMap::new(),
            delays: Histogram::new(),
            bmv2: None,
            has_meter: metered,
            metered_now: false,
            metered_log: None,
        })
    }

    /// Keeps every frame the miss-punt meter drops from now on, for
    /// [`PartitionedEngine::take_metered`] (`tandem check` removes them from
    /// the reference run's input: a meter drop is a loss on the switch that
    /// the reference interpreter has no notion of).
    pub fn keep_metered(&mut self) {
        self.metered_log.get_or_insert_with(Vec::new);
    }

    /// The frames the miss-punt meter dropped since
    /// [`PartitionedEngine::keep_metered`], as (in port, bytes as they arrived).
    pub fn take_metered(&mut self) -> Vec<(u16, Vec<u8>)> {
        self.metered_log
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// Whether the latest packet was dropped by the miss-punt meter.
    pub fn metered(&self) -> bool {
        self.metered_now
    }

    /// The miss-punt meter's drops so far (the switch program's counter).
    fn meter_drops(&self) -> u64 {
        if !self.has_meter {
            return 0;
        }
        self.switch
            .read_counter(compiler::lower_switch::MISS_PUNT_DROPPED, 0)
            .map_or(0, |(packets, _)| packets)
    }

    /// Runs the switch part's data plane on BMv2 `simple_switch` from now on
    /// (before the first packet): the program is compiled with p4c into
    /// `dir` and the model's control-plane state copied in. The switch model
    /// stays the control-plane bookkeeper: its channel decides when each
    /// write becomes visible, and every write is mirrored to BMv2 before the
    /// first packet that must see it; it also processes each packet in the
    /// shadow (entry hit times for idle timeouts), and packets where it and
    /// BMv2 differ are counted. What leaves, and what the server gets, is
    /// BMv2's. Each packet may take at most `timeout`.
    pub fn attach_bmv2(
        &mut self,
        p4c: &pipe::p4c::P4c,
        bmv2: &pipe::bmv2::Bmv2,
        dir: &std::path::Path,
        timeout: Duration,
    ) -> Result<(), Bmv2AttachError> {
        let port = pipe::bmv2::lockstep::free_port()?;
        let mut ls = pipe::bmv2::lockstep::Lockstep::start(
            bmv2,
            p4c,
            self.switch.program(),
            dir,
            port,
            timeout,
        )?;
        ls.copy_state(&self.switch)?;
        self.switch.set_mirror_log(true);
        self.bmv2 = Some(Bmv2Plane {
            switch: std::sync::Mutex::new(ls),
            divergences: 0,
            first_divergence: None,
        });
        Ok(())
    }

    /// One packet through the switch's data plane: the model's, or BMv2's
    /// with the model in the shadow.
    fn data_plane(
        &mut self,
        now: Duration,
        port: u16,
        frame: &[u8],
    ) -> Result<pipe::Output, EngineError> {
        let other = |e: &dyn std::fmt::Display| EngineError::Other(e.to_string().into());
        let Some(b) = self.bmv2.as_mut() else {
            return self
                .switch
                .process(now, port, frame)
                .map_err(|e| EngineError::Other(Box::new(e)));
        };
        // Every control-plane write visible by `now` reaches BMv2 first.
        self.switch.advance(now);
        let changes = self.switch.take_applied().map_err(|e| other(&e))?;
        let ls = b.switch.get_mut().map_err(|e| other(&e))?;
        ls.apply(&changes).map_err(|e| other(&e))?;
        let model = self
            .switch
            .process(now, port, frame)
            .map_err(|e| EngineError::Other(Box::new(e)))?;
        let mut outs = ls.process(port, frame).map_err(|e| other(&e))?;
        if outs.len() > 1 {
            return Err(other(&format!(
                "BMv2 sent {} packets for one packet in on port {port}",
                outs.len()
            )));
        }
        let got = match outs.pop() {
            Some((p, bytes)) => pipe::Output {
                verdict: pipe::Verdict::Emit { port: p },
                bytes,
            },
            None => pipe::Output {
                verdict: match model.verdict {
                    pipe::Verdict::Drop(r) => pipe::Verdict::Drop(r),
                    pipe::Verdict::Emit { .. } => pipe::Verdict::Drop(pipe::DropReason::Ingress),
                },
                bytes: Vec::new(),
            },
        };
        let same = match (model.verdict, got.verdict) {
            (pipe::Verdict::Emit { port: a }, pipe::Verdict::Emit { port: b }) => {
                a == b && model.bytes == got.bytes
            }
            (pipe::Verdict::Drop(_), pipe::Verdict::Drop(_)) => true,
            _ => false,
        };
        if !same {
            b.divergences += 1;
            if b.first_divergence.is_none() {
                b.first_divergence = Some(format!(
                    "packet in on port {port} at {now:?}: model {:?} {:02x?}, BMv2 {:?} {:02x?}",
                    model.verdict, model.bytes, got.verdict, got.bytes
                ));
            }
        }
        Ok(got)
    }

    /// Sets how the server updates the switch and the miss-punt meter's
    /// rate (before the first packet).
    pub fn set_control(&mut self, control: ControlOptions) {
        if self.has_meter {
            let config = control.miss_punt_meter.map(|m| m.config());
            // The program has the meter (`metered`), so this cannot fail.
            let _ = self
                .switch
                .set_meter(compiler::lower_switch::MISS_PUNT_METER, 0, config);
        }
        let mut l = self.switch.latency();
        l.channel = control.channel;
        self.switch.set_latency(l);
        self.server.set_group_commit(control.group_commit);
        self.server.set_limits(control.limits);
        self.server.set_direct_inserts(control.direct_inserts);
    }

    /// Counters so far.
    pub fn stats(&self) -> PartitionStats {
        let mut s = self.stats.clone();
        s.server = self.server.stats().clone();
        s.control_plane_ops = s.server.control_plane_ops;
        s.held_packets = s.server.held_packets;
        s.server_packets = s.server.server_packets;
        s.held_delay = self.delays.summary();
        if let Some(b) = &self.bmv2 {
            let ls = b.switch.lock().map(|l| l.stats()).unwrap_or_default();
            s.bmv2 = Some(Bmv2Stats {
                packets: ls.packets,
                out: ls.out,
                control_writes: ls.writes,
                divergences: b.divergences,
                first_divergence: b.first_divergence.clone(),
            });
        }
        s
    }

    /// The switch model (e.g. to compare its tables with the primary).
    pub fn switch(&self) -> &pipe::Switch {
        &self.switch
    }

    /// The server runtime.
    pub fn server(&self) -> &Runtime {
        &self.server
    }

    /// Runs the server's idle polls due by `t`: one every [`IDLE_POLL_NS`]
    /// from the first packet on, whether packets arrive or not (at most the
    /// last 10,000 of a longer silence: entries idle before those were idle
    /// at the first of them too).
    fn poll_idle_until(&mut self, t: u64) {
        let Some(mut next) = self.next_idle_poll else {
            self.next_idle_poll = Some(t.saturating_add(IDLE_POLL_NS));
            return;
        };
        if next > t {
            return;
        }
        let skip = (t - next) / IDLE_POLL_NS;
        if skip > 10_000 {
            next += (skip - 10_000) * IDLE_POLL_NS;
        }
        while next <= t {
            self.server
                .expire_idle(&mut self.switch, Duration::from_nanos(next));
            next = next.saturating_add(IDLE_POLL_NS);
        }
        self.next_idle_poll = Some(next);
    }

    /// Notes that a packet of `flow` left at once: it overtakes the flow's
    /// held packets.
    fn overtake(&mut self, flow: Option<wire::FlowKey>) {
        if let Some(held) = flow.and_then(|f| self.held_flows.get_mut(&f)) {
            held.iter_mut().for_each(|h| h.1 = true);
        }
    }

    /// Forgets held packet `input` of `flow`; true if it was overtaken.
    fn overtaken(&mut self, flow: Option<wire::FlowKey>, input: u64) -> bool {
        let Some(f) = flow else { return false };
        let Some(held) = self.held_flows.get_mut(&f) else {
            return false;
        };
        let was = held.iter().any(|h| h.0 == input && h.1);
        held.retain(|h| h.0 != input);
        if held.is_empty() {
            self.held_flows.remove(&f);
        }
        was
    }

    /// Runs a frame the server hands back through post-processing.
    fn post(&mut self, at: Duration, h: Handled) -> Result<Option<(u16, Vec<u8>)>, EngineError> {
        match h {
            Handled::ToSwitch(frame) => {
                let out = self.data_plane(at, self.server_port, &frame)?;
                Ok(match out.verdict {
                    pipe::Verdict::Emit { port } if port != self.server_port => {
                        Some((port, out.bytes))
                    }
                    pipe::Verdict::Emit { .. } => {
                        return Err(EngineError::Other(
                            "post-processing sent the packet back to the server".into(),
                        ));
                    }
                    pipe::Verdict::Drop(_) => None,
                })
            }
            Handled::Out { port, frame } => Ok(Some((port, frame))),
            Handled::Dropped | Handled::Held => Ok(None),
        }
    }
}

fn dur(ns: u64) -> Duration {
    if ns == u64::MAX {
        Duration::MAX
    } else {
        Duration::from_nanos(ns)
    }
}

impl Engine for PartitionedEngine {
    fn name(&self) -> &str {
        "partitioned"
    }

    fn process(
        &mut self,
        frame: &mut Vec<u8>,
        in_port: u16,
        now_ns: u64,
    ) -> Result<Verdict, EngineError> {
        let input = self.calls;
        self.calls += 1;
        self.held_now = false;
        self.metered_now = false;
        // The flow matters only while some packet is held.
        let flow = if self.held_flows.is_empty() {
            None
        } else {
            wire::FlowKey::from_frame(frame).ok().flatten()
        };
        let now = Duration::from_nanos(now_ns);
        self.clock = self.clock.max(now_ns);
        self.poll_idle_until(now_ns);
        // Updates gathered while a write-back cycle was in flight go out
        // once it has finished, before the switch sees this packet.
        self.server.tick(&mut self.switch, now);
        let out = self.data_plane(now, in_port, frame)?;
        let verdict = match out.verdict {
            pipe::Verdict::Emit { port } if port == self.server_port => {
                // A transfer frame is a punt; anything else is a packet the
                // switch parser could not take, sent on as it came.
                let h = if server::frames::is_transfer(&out.bytes) {
                    self.server.punt(&mut self.switch, &out.bytes, now, input)
                } else {
                    self.server
                        .slow_path(&mut self.switch, &out.bytes, in_port, now, input)
                }
                .map_err(|e| EngineError::Other(Box::new(e)))?;
                if h == Handled::Held {
                    self.held_now = true;
                    self.held_since.insert(input, now_ns);
                    if let Ok(Some(f)) = wire::FlowKey::from_frame(frame) {
                        self.held_flows.entry(f).or_default().push((input, false));
                        self.held_keys.insert(input, f);
                    }
                    return Ok(Verdict::Drop);
                }
                match self.post(now, h)? {
                    Some((port, bytes)) => {
                        *frame = bytes;
                        Verdict::Forward(port)
                    }
                    None => Verdict::Drop,
                }
            }
            pipe::Verdict::Emit { port } => {
                self.stats.switch_only_packets += 1;
                *frame = out.bytes;
                Verdict::Forward(port)
            }
            pipe::Verdict::Drop(_) => {
                self.stats.switch_only_packets += 1;
                let drops = self.meter_drops();
                if drops > self.stats.miss_punt_drops {
                    self.stats.miss_punt_drops = drops;
                    self.metered_now = true;
                    if let Some(log) = self.metered_log.as_mut() {
                        log.push((in_port, frame.clone()));
                    }
                }
                Verdict::Drop
            }
        };
        if matches!(verdict, Verdict::Forward(_)) {
            self.overtake(flow);
        }
        Ok(verdict)
    }

    fn take_events(&mut self) -> Vec<Event> {
        self.server.take_events()
    }

    fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        self.server.state().sizes(now_ns)
    }

    fn state_json(&self, now_ns: u64) -> serde_json::Value {
        let mut v = self.server.state().to_json(now_ns);
        // Registers placed on the switch live there, not in the primary.
        for (name, reg) in &self.switch_registers {
            let x = match &self.bmv2 {
                // With BMv2 as the data plane they live in BMv2.
                Some(b) => b
                    .switch
                    .lock()
                    .ok()
                    .and_then(|mut l| l.read_register(reg).ok())
                    .and_then(|cells| cells.first().copied()),
                None => self.switch.read_register(reg, 0).ok(),
            };
            if let (Some(obj), Some(x)) = (v.get_mut(name), x) {
                obj["value"] = serde_json::Value::from(x);
            }
        }
        v
    }

    fn held(&self) -> bool {
        self.held_now
    }

    fn release(&mut self, now_ns: u64, out: &mut Vec<Released>) {
        let now = dur(now_ns);
        if now_ns == u64::MAX {
            // End of the run: the polls up to the last packet, then one at
            // its time, so what has idled out by then is gone on both sides.
            self.poll_idle_until(self.clock);
            self.server
                .expire_idle(&mut self.switch, Duration::from_nanos(self.clock));
        } else {
            self.clock = self.clock.max(now_ns);
            self.poll_idle_until(now_ns);
        }
        self.server.tick(&mut self.switch, now);
        for r in self.server.release(now) {
            let input = r.tag;
            if let Some(t0) = self.held_since.remove(&input) {
                let at = u64::try_from(r.at.as_nanos()).unwrap_or(u64::MAX);
                self.delays.record(at.saturating_sub(t0));
            }
            match self.post(r.at, r.what) {
                Ok(Some((port, frame))) => {
                    let flow = self.held_keys.remove(&input);
                    if self.overtaken(flow, input) {
                        self.stats.reordered_packets += 1;
                    }
                    out.push(Released {
                        input,
                        port: Some(port),
                        ts_ns: u64::try_from(r.at.as_nanos()).unwrap_or(u64::MAX),
                        frame,
                    });
                }
                // Dropped after the hold, or post-processing failed: nothing
                // leaves, and the run counts it as dropped.
                Ok(None) | Err(_) => {
                    let flow = self.held_keys.remove(&input);
                    self.overtaken(flow, input);
                    out.push(Released {
                        input,
                        port: None,
                        ts_ns: u64::try_from(r.at.as_nanos()).unwrap_or(u64::MAX),
                        frame: Vec::new(),
                    });
                }
            }
        }
    }

    fn partition_stats(&self) -> Option<PartitionStats> {
        Some(self.stats())
    }
}
