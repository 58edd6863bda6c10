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

use rustc_hash::FxHashMap as HashMap;
use std::time::Duration;

use interp::{Event, Verdict};
use server::{Handled, Runtime};

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

pub use crate::stats::{Bmv2Stats, PartitionStats};

/// Another target running the switch part in lockstep with the run, the
/// model in the shadow: BMv2 (`simple_switch`) or the XDP target
/// (`BPF_PROG_TEST_RUN`).
struct Bmv2Plane {
    switch: Target,
    divergences: u64,
    first_divergence: Option<String>,
    /// XDP: packets run, packets emitted, changes mirrored.
    counts: (u64, u64, u64),
}

enum Target {
    Bmv2(Box<std::sync::Mutex<bmv2::lockstep::Lockstep>>),
    Xdp(Box<std::sync::Mutex<xdp::XdpSwitch>>),
}

impl Target {
    fn name(&self) -> &'static str {
        match self {
            Target::Bmv2(_) => "BMv2",
            Target::Xdp(_) => "XDP",
        }
    }
}

/// BMv2 could not be attached.
#[derive(Debug, thiserror::Error)]
pub enum Bmv2AttachError {
    /// p4c or simple_switch is missing or failed.
    #[error(transparent)]
    Bmv2(#[from] bmv2::Bmv2Error),
    /// A tool is missing.
    #[error(transparent)]
    Tool(#[from] p4gen::p4c::ToolError),
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

/// Held packets by flow (5-tuple and direction), each with whether a later
/// packet of its flow has left since: the reordering output commit causes.
#[derive(Debug, Default)]
pub(crate) struct Book {
    flows: HashMap<wire::FlowKey, Vec<(u64, bool)>>,
}

impl Book {
    /// True when no held packet is noted.
    pub(crate) fn is_empty(&self) -> bool {
        self.flows.is_empty()
    }

    /// Flows with held packets.
    pub(crate) fn len(&self) -> usize {
        self.flows.len()
    }

    /// Notes held packet `tag` of `flow`.
    pub(crate) fn hold(&mut self, flow: wire::FlowKey, tag: u64) {
        self.flows.entry(flow).or_default().push((tag, false));
    }

    /// Notes that a packet of `flow` left at once: it overtakes the flow's
    /// held packets.
    pub(crate) fn overtake(&mut self, flow: Option<wire::FlowKey>) {
        if let Some(held) = flow.and_then(|f| self.flows.get_mut(&f)) {
            held.iter_mut().for_each(|h| h.1 = true);
        }
    }

    /// Forgets held packet `tag` of `flow`; true if it was overtaken.
    pub(crate) fn overtaken(&mut self, flow: wire::FlowKey, tag: u64) -> bool {
        let Some(held) = self.flows.get_mut(&flow) else {
            return false;
        };
        let was = held.iter().any(|h| h.0 == tag && h.1);
        held.retain(|h| h.0 != tag);
        if held.is_empty() {
            self.flows.remove(&flow);
        }
        was
    }
}

/// Where the server side's calls on the switch go. In [`PartitionedEngine`]
/// one switch model takes them all; in the sharded engine
/// ([`crate::sharded`]) control calls go to the leader switch and frames the
/// server hands back run on the calling worker's replica.
pub(crate) trait Planes {
    /// The switch the server's control calls (atomic updates, idle polls) go to.
    fn control(&mut self) -> &mut pipe::Switch;
    /// Runs a frame the server hands back through the switch's data plane
    /// at `now` (post-processing).
    fn post_plane(
        &mut self,
        now: Duration,
        port: u16,
        frame: &[u8],
    ) -> Result<pipe::Output, EngineError>;
    /// Called before each idle poll at `at` (the sharded engine brings the
    /// replicas' entry hits to the leader here).
    fn before_poll(&mut self, at: Duration) {
        let _ = at;
    }
    /// Which [`Book`] the caller's held packets go into.
    fn book(&self) -> usize;
    /// Notes held packet `tag` of `flow` in the caller's book.
    fn hold_flow(&mut self, flow: wire::FlowKey, tag: u64);
    /// Forgets held packet `tag` of `flow` in book `book`; true if it was
    /// overtaken.
    fn overtaken(&mut self, book: usize, flow: wire::FlowKey, tag: u64) -> bool;
}

/// Everything a partitioned run keeps besides the data-plane switch: the
/// server runtime (primary state, output commit, group commit), the schedule
/// of idle polls, held-packet bookkeeping and counters. Shared by
/// [`PartitionedEngine`] and the sharded engine ([`crate::sharded`]), so both
/// run the very same server-side steps.
pub(crate) struct ServerSide {
    pub(crate) server: Runtime,
    pub(crate) server_port: u16,
    pub(crate) switch_registers: Vec<(String, String)>,
    pub(crate) stats: PartitionStats,
    /// Next time the server polls the switch's idle notifications (None
    /// before the first packet).
    next_idle_poll: Option<u64>,
    /// Whether an idle poll has run (the first packet fixes the schedule).
    polled: bool,
    /// Time of the latest packet (or release call).
    pub(crate) clock: u64,
    /// Book and flow of each held packet, by tag.
    held_keys: HashMap<u64, (usize, wire::FlowKey)>,
    /// Arrival time of each held packet, by tag.
    held_since: HashMap<u64, u64>,
    delays: Histogram,
}

impl ServerSide {
    /// Counters so far (the data plane's own come from the caller).
    pub(crate) fn stats(&self) -> PartitionStats {
        let mut s = self.stats.clone();
        s.server = self.server.stats().clone();
        s.control_plane_ops = s.server.control_plane_ops;
        s.held_packets = s.server.held_packets;
        s.server_packets = s.server.server_packets;
        s.held_delay = self.delays.summary();
        s
    }

    /// A packet arrives at `t`: the first one fixes the idle-poll schedule
    /// (one every [`IDLE_POLL_NS`] from it). Arrivals may be noted out of
    /// order until the first poll (the sharded engine's workers race to it);
    /// the earliest wins.
    pub(crate) fn note_first(&mut self, t: u64) {
        let first = t.saturating_add(IDLE_POLL_NS);
        match self.next_idle_poll {
            Some(n) if self.polled || n <= first => {}
            _ => self.next_idle_poll = Some(first),
        }
    }

    /// What [`PartitionedEngine::process`] does before the switch sees a
    /// packet at `now_ns`: polls and group-commit cycles due by then (no-ops
    /// when [`ServerSide::release`] ran at `now_ns` first, as the runner does).
    pub(crate) fn begin_packet<P: Planes>(&mut self, p: &mut P, now_ns: u64) {
        self.clock = self.clock.max(now_ns);
        self.note_first(now_ns);
        self.poll_idle_until(p, now_ns);
        self.server.tick(p.control(), Duration::from_nanos(now_ns));
    }

    /// Runs the server's idle polls due by `t`: one every [`IDLE_POLL_NS`]
    /// from the first packet on, whether packets arrive or not (at most the
    /// last 10,000 of a longer silence: entries idle before those were idle
    /// at the first of them too).
    fn poll_idle_until<P: Planes>(&mut self, p: &mut P, t: u64) {
        let Some(mut next) = self.next_idle_poll else {
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
            let at = Duration::from_nanos(next);
            // A write-back cycle due by the poll goes out before it, so the
            // switch only ever moves forward in time (its replicas on other
            // threads then follow it exactly).
            self.server.tick(p.control(), at);
            p.before_poll(at);
            self.server.expire_idle(p.control(), at);
            self.polled = true;
            next = next.saturating_add(IDLE_POLL_NS);
        }
        self.next_idle_poll = Some(next);
    }

    /// The earliest instant after the latest one the server side has seen at
    /// which it has something to do or may hold a packet until: the next idle
    /// poll, or [`Runtime::next_instant`]. `u64::MAX`: none.
    pub(crate) fn next_due(&self) -> u64 {
        let after = Duration::from_nanos(self.clock);
        let server = self.server.next_instant(after).map_or(u64::MAX, |d| {
            u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
        });
        self.next_idle_poll.unwrap_or(u64::MAX).min(server)
    }

    /// A frame the switch sent to the server port at `now_ns` (`to_server`;
    /// `frame` is the packet as it arrived on `in_port`): a transfer frame is
    /// a punt, anything else a packet the switch's parser could not take,
    /// which the server runs whole. Returns the verdict (`frame` rewritten
    /// when forwarded) and whether the packet is held (`tag` names it when
    /// it is released).
    pub(crate) fn server_call<P: Planes>(
        &mut self,
        p: &mut P,
        frame: &mut Vec<u8>,
        to_server: &[u8],
        in_port: u16,
        now_ns: u64,
        tag: u64,
    ) -> Result<(Verdict, bool), EngineError> {
        let now = Duration::from_nanos(now_ns);
        let h = if server::frames::is_transfer(to_server) {
            self.server.punt(p.control(), to_server, now, tag)
        } else {
            self.server
                .slow_path(p.control(), to_server, in_port, now, tag)
        }
        .map_err(|e| EngineError::Other(Box::new(e)))?;
        if h == Handled::Held {
            self.held_since.insert(tag, now_ns);
            if let Ok(Some(f)) = wire::FlowKey::from_frame(frame) {
                p.hold_flow(f, tag);
                self.held_keys.insert(tag, (p.book(), f));
            }
            return Ok((Verdict::Drop, true));
        }
        Ok(match self.post(p, now, h)? {
            Some((port, bytes)) => {
                *frame = bytes;
                (Verdict::Forward(port), false)
            }
            None => (Verdict::Drop, false),
        })
    }

    /// [`Engine::release`] of the partitioned execution.
    pub(crate) fn release<P: Planes>(&mut self, p: &mut P, now_ns: u64, out: &mut Vec<Released>) {
        let now = dur(now_ns);
        if now_ns == u64::MAX {
            // End of the run: the polls up to the last packet, then one at
            // its time, so what has idled out by then is gone on both sides.
            self.poll_idle_until(p, self.clock);
            let at = Duration::from_nanos(self.clock);
            self.server.tick(p.control(), at);
            p.before_poll(at);
            self.server.expire_idle(p.control(), at);
        } else {
            self.clock = self.clock.max(now_ns);
            self.poll_idle_until(p, now_ns);
        }
        self.server.tick(p.control(), now);
        for r in self.server.release(now) {
            let input = r.tag;
            if let Some(t0) = self.held_since.remove(&input) {
                let at = u64::try_from(r.at.as_nanos()).unwrap_or(u64::MAX);
                self.delays.record(at.saturating_sub(t0));
            }
            let posted = self.post(p, r.at, r.what);
            let overtaken = match self.held_keys.remove(&input) {
                Some((book, flow)) => p.overtaken(book, flow, input),
                None => false,
            };
            let ts_ns = u64::try_from(r.at.as_nanos()).unwrap_or(u64::MAX);
            match posted {
                Ok(Some((port, frame))) => {
                    if overtaken {
                        self.stats.reordered_packets += 1;
                    }
                    out.push(Released {
                        input,
                        port: Some(port),
                        ts_ns,
                        frame,
                    });
                }
                // Dropped after the hold, or post-processing failed: nothing
                // leaves, and the run counts it as dropped.
                Ok(None) | Err(_) => out.push(Released {
                    input,
                    port: None,
                    ts_ns,
                    frame: Vec::new(),
                }),
            }
        }
    }

    /// Runs a frame the server hands back through post-processing.
    fn post<P: Planes>(
        &mut self,
        p: &mut P,
        at: Duration,
        h: Handled,
    ) -> Result<Option<(u16, Vec<u8>)>, EngineError> {
        match h {
            Handled::ToSwitch(frame) => {
                let out = p.post_plane(at, self.server_port, &frame)?;
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

/// Switch model + server runtime as one [`Engine`].
pub struct PartitionedEngine {
    side: ServerSide,
    switch: pipe::Switch,
    /// Held packets by flow.
    book: Book,
    calls: u64,
    held_now: bool,
    /// BMv2 as the data plane (`None`: the switch model is).
    bmv2: Option<Bmv2Plane>,
    /// The switch's output buffer, kept between packets: a frame the switch
    /// forwards is swapped with the caller's, so the per-packet path allocates
    /// nothing.
    out: Vec<u8>,
    /// The program counts its miss-punt meter's drops
    /// (`compiler::lower_switch::MISS_PUNT_DROPPED`).
    has_meter: bool,
    /// The latest packet was dropped by the miss-punt meter.
    metered_now: bool,
    /// Frames the meter dropped, as they arrived (port, bytes), when kept
    /// ([`PartitionedEngine::keep_metered`]).
    metered_log: Option<Vec<(u16, Vec<u8>)>>,
}

/// The one switch of a [`PartitionedEngine`] as both planes.
struct Local<'a> {
    switch: &'a mut pipe::Switch,
    bmv2: &'a mut Option<Bmv2Plane>,
    book: &'a mut Book,
}

impl Planes for Local<'_> {
    fn control(&mut self) -> &mut pipe::Switch {
        self.switch
    }

    fn post_plane(
        &mut self,
        now: Duration,
        port: u16,
        frame: &[u8],
    ) -> Result<pipe::Output, EngineError> {
        data_plane(self.switch, self.bmv2, now, port, frame)
    }

    fn book(&self) -> usize {
        0
    }

    fn hold_flow(&mut self, flow: wire::FlowKey, tag: u64) {
        self.book.hold(flow, tag);
    }

    fn overtaken(&mut self, _book: usize, flow: wire::FlowKey, tag: u64) -> bool {
        self.book.overtaken(flow, tag)
    }
}

/// One packet through the switch's data plane: the model's, or BMv2's with
/// the model in the shadow.
fn data_plane(
    switch: &mut pipe::Switch,
    bmv2: &mut Option<Bmv2Plane>,
    now: Duration,
    port: u16,
    frame: &[u8],
) -> Result<pipe::Output, EngineError> {
    let mut bytes = Vec::with_capacity(frame.len() + 64);
    let verdict = data_plane_into(switch, bmv2, now, port, frame, &mut bytes)?;
    Ok(pipe::Output { verdict, bytes })
}

/// [`data_plane`] writing the frame that leaves into `out` (its contents do
/// not matter on a drop).
fn data_plane_into(
    switch: &mut pipe::Switch,
    bmv2: &mut Option<Bmv2Plane>,
    now: Duration,
    port: u16,
    frame: &[u8],
    out: &mut Vec<u8>,
) -> Result<pipe::Verdict, EngineError> {
    let other = |e: &dyn std::fmt::Display| EngineError::Other(e.to_string().into());
    let Some(b) = bmv2.as_mut() else {
        return switch
            .process_into(now, port, frame, out)
            .map_err(|e| EngineError::Other(Box::new(e)));
    };
    // Every control-plane write visible by `now` reaches the target first.
    switch.advance(now);
    let changes = switch.take_applied().map_err(|e| other(&e))?;
    let model = |switch: &mut pipe::Switch| {
        switch
            .process(now, port, frame)
            .map_err(|e| EngineError::Other(Box::new(e)))
    };
    let (model, got) = match &mut b.switch {
        Target::Bmv2(ls) => {
            let ls = ls.get_mut().map_err(|e| other(&e))?;
            ls.apply(&changes).map_err(|e| other(&e))?;
            let model = model(switch)?;
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
                        pipe::Verdict::Emit { .. } => {
                            pipe::Verdict::Drop(pipe::DropReason::Ingress)
                        }
                    },
                    bytes: Vec::new(),
                },
            };
            (model, got)
        }
        Target::Xdp(x) => {
            let x = x.get_mut().map_err(|e| other(&e))?;
            for c in &changes {
                x.apply(c, now)
                    .map_err(|e| other(&format!("mirroring {c:?} to XDP: {e}")))?;
            }
            b.counts.2 += changes.len() as u64;
            let model = model(switch)?;
            b.counts.0 += 1;
            let got = match x.process(now, port, frame) {
                Ok(o) => o,
                // What the target cannot run is a difference, described below.
                Err(e) => pipe::Output {
                    verdict: pipe::Verdict::Drop(pipe::DropReason::Ingress),
                    bytes: format!("{e}").into_bytes(),
                },
            };
            if matches!(got.verdict, pipe::Verdict::Emit { .. }) {
                b.counts.1 += 1;
            }
            (model, got)
        }
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
                "packet in on port {port} at {now:?}: model {:?} {:02x?}, {} {:?} {:02x?}",
                model.verdict,
                model.bytes,
                b.switch.name(),
                got.verdict,
                got.bytes
            ));
        }
    }
    out.clear();
    out.extend_from_slice(&got.bytes);
    Ok(got.verdict)
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
        let has_meter = lowered
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
            side: ServerSide {
                server: Runtime::new(c)?,
                server_port: compiler::lower_switch::SERVER_PORT,
                switch_registers,
                stats: PartitionStats::default(),
                next_idle_poll: None,
                polled: false,
                clock: 0,
                held_keys: HashMap::default(),
                held_since: HashMap::default(),
                delays: Histogram::new(),
            },
            switch,
            book: Book::default(),
            calls: 0,
            held_now: false,
            bmv2: None,
            out: Vec::new(),
            has_meter,
            metered_now: false,
            metered_log: None,
        })
    }

    /// The registers placed on the switch, by name, with their values
    /// there (they live on the switch, not in the primary; with another
    /// target as the data plane, in it).
    fn switch_register_values(&self) -> Vec<(&str, u64)> {
        let mut out = Vec::new();
        for (name, reg) in &self.side.switch_registers {
            let x = match self.bmv2.as_ref().map(|b| &b.switch) {
                Some(Target::Bmv2(l)) => l
                    .lock()
                    .ok()
                    .and_then(|mut l| l.read_register(reg).ok())
                    .and_then(|cells| cells.first().copied()),
                Some(Target::Xdp(x)) => x.lock().ok().and_then(|x| x.read_register(reg, 0).ok()),
                None => self.switch.read_register(reg, 0).ok(),
            };
            if let Some(x) = x {
                out.push((name.as_str(), x));
            }
        }
        out
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
        p4c: &p4gen::p4c::P4c,
        bmv2: &bmv2::Bmv2,
        dir: &std::path::Path,
        timeout: Duration,
    ) -> Result<(), Bmv2AttachError> {
        let port = bmv2::lockstep::free_port()?;
        let mut ls =
            bmv2::lockstep::Lockstep::start(bmv2, p4c, self.switch.program(), dir, port, timeout)?;
        ls.copy_state(&self.switch)?;
        self.switch.set_mirror_log(true);
        self.bmv2 = Some(Bmv2Plane {
            switch: Target::Bmv2(Box::new(std::sync::Mutex::new(ls))),
            divergences: 0,
            first_divergence: None,
            counts: (0, 0, 0),
        });
        Ok(())
    }

    /// Runs the switch part's data plane on the XDP target from now on
    /// (before the first packet): the program is compiled to eBPF, loaded,
    /// and every packet runs through it by `BPF_PROG_TEST_RUN` with the
    /// model in the shadow, as [`PartitionedEngine::attach_bmv2`] does for BMv2:
    /// the model keeps the control channel, every change is mirrored into the
    /// target's maps before the first packet that must see it, and packets
    /// where the two differ are counted. What leaves is the target's.
    pub fn attach_xdp(&mut self) -> Result<(), xdp::XdpError> {
        let mut x = xdp::XdpSwitch::load(self.switch.program())?;
        x.copy_state(&self.switch, Duration::ZERO)?;
        self.switch.set_mirror_log(true);
        self.bmv2 = Some(Bmv2Plane {
            switch: Target::Xdp(Box::new(std::sync::Mutex::new(x))),
            divergences: 0,
            first_divergence: None,
            counts: (0, 0, 0),
        });
        Ok(())
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
        self.side.server.set_group_commit(control.group_commit);
        self.side.server.set_limits(control.limits);
        self.side.server.set_direct_inserts(control.direct_inserts);
    }

    /// Counters so far.
    pub fn stats(&self) -> PartitionStats {
        let mut s = self.side.stats();
        if let Some(b) = &self.bmv2 {
            match &b.switch {
                Target::Bmv2(l) => {
                    let ls = l.lock().map(|l| l.stats()).unwrap_or_default();
                    s.bmv2 = Some(Bmv2Stats {
                        packets: ls.packets,
                        out: ls.out,
                        control_writes: ls.writes,
                        divergences: b.divergences,
                        first_divergence: b.first_divergence.clone(),
                    });
                }
                Target::Xdp(_) => {
                    s.xdp = Some(Bmv2Stats {
                        packets: b.counts.0,
                        out: b.counts.1,
                        control_writes: b.counts.2,
                        divergences: b.divergences,
                        first_divergence: b.first_divergence.clone(),
                    });
                }
            }
        }
        s
    }

    /// The switch model (e.g. to compare its tables with the primary).
    pub fn switch(&self) -> &pipe::Switch {
        &self.switch
    }

    /// The server runtime.
    pub fn server(&self) -> &Runtime {
        &self.side.server
    }

    /// Why the engine cannot be split into a server side and data-plane
    /// replicas (`None`: it can): the data plane keeps state of its own that
    /// replicas would each keep apart (registers, counters, meters), BMv2 runs
    /// it, or it has already run packets.
    pub(crate) fn unshardable(&self) -> Option<String> {
        let p = self.switch.program();
        if let Some(b) = &self.bmv2 {
            return Some(format!("its data plane runs on {}", b.switch.name()));
        }
        if self.calls > 0 {
            return Some("it has already run packets".into());
        }
        let mut state: Vec<String> = p.registers.iter().map(|r| r.name.clone()).collect();
        // The miss-punt meter and its drop counter are the exception: each
        // replica polices its own share of the rate (as each pipe of a
        // multi-pipe switch would), see `ShardedEngine::new`.
        let policing = [
            compiler::lower_switch::MISS_PUNT_METER,
            compiler::lower_switch::MISS_PUNT_DROPPED,
        ];
        state.extend(
            p.counters
                .iter()
                .map(|c| c.name.clone())
                .chain(p.meters.iter().map(|m| m.name.clone()))
                .filter(|n| !policing.contains(&n.as_str())),
        );
        (!state.is_empty()).then(|| {
            format!(
                "its switch part keeps state the data plane writes ({}), which replicas on several workers would each keep apart",
                state.join(", ")
            )
        })
    }

    /// The server side and the switch, for the sharded engine (see
    /// [`PartitionedEngine::unshardable`]).
    pub(crate) fn into_parts(self) -> (ServerSide, pipe::Switch) {
        (self.side, self.switch)
    }

    fn local(&mut self) -> (&mut ServerSide, Local<'_>) {
        (
            &mut self.side,
            Local {
                switch: &mut self.switch,
                bmv2: &mut self.bmv2,
                book: &mut self.book,
            },
        )
    }
}

/// The drops counted by the miss-punt meter of a switch part that has one.
pub(crate) fn meter_drops(switch: &pipe::Switch) -> u64 {
    switch
        .read_counter(compiler::lower_switch::MISS_PUNT_DROPPED, 0)
        .map_or(0, |(packets, _)| packets)
}

pub(crate) fn dur(ns: u64) -> Duration {
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
        let flow = if self.book.is_empty() {
            None
        } else {
            wire::FlowKey::from_frame(frame).ok().flatten()
        };
        let now = Duration::from_nanos(now_ns);
        let mut out = std::mem::take(&mut self.out);
        let side = &mut self.side;
        let mut planes = Local {
            switch: &mut self.switch,
            bmv2: &mut self.bmv2,
            book: &mut self.book,
        };
        // Polls and updates gathered while a write-back cycle was in flight
        // go out once it has finished, before the switch sees this packet.
        side.begin_packet(&mut planes, now_ns);
        let verdict =
            match data_plane_into(planes.switch, planes.bmv2, now, in_port, frame, &mut out) {
                Ok(v) => v,
                Err(e) => {
                    self.out = out;
                    return Err(e);
                }
            };
        let verdict = match verdict {
            pipe::Verdict::Emit { port } if port == side.server_port => {
                let called = side.server_call(&mut planes, frame, &out, in_port, now_ns, input);
                self.out = out;
                let (v, held) = called?;
                if held {
                    self.held_now = true;
                    return Ok(Verdict::Drop);
                }
                v
            }
            pipe::Verdict::Emit { port } => {
                side.stats.switch_only_packets += 1;
                // The caller's buffer becomes the next packet's output buffer.
                std::mem::swap(frame, &mut out);
                self.out = out;
                Verdict::Forward(port)
            }
            pipe::Verdict::Drop(_) => {
                side.stats.switch_only_packets += 1;
                self.out = out;
                if self.has_meter {
                    let drops = meter_drops(planes.switch);
                    if drops > side.stats.miss_punt_drops {
                        side.stats.miss_punt_drops = drops;
                        self.metered_now = true;
                        if let Some(log) = self.metered_log.as_mut() {
                            log.push((in_port, frame.clone()));
                        }
                    }
                }
                Verdict::Drop
            }
        };
        if matches!(verdict, Verdict::Forward(_)) {
            self.book.overtake(flow);
        }
        Ok(verdict)
    }

    fn take_events(&mut self) -> Vec<Event> {
        self.side.server.take_events()
    }

    fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        self.side.server.state().sizes(now_ns)
    }

    fn state_json(&self, now_ns: u64) -> serde_json::Value {
        let mut v = self.side.server.state().to_json(now_ns);
        for (name, x) in self.switch_register_values() {
            if let Some(obj) = v.get_mut(name) {
                obj["value"] = serde_json::Value::from(x);
            }
        }
        v
    }

    fn state_texts(&self, now_ns: u64) -> Vec<(String, String)> {
        let mut texts = self.side.server.state().to_json_texts(now_ns);
        for (name, x) in self.switch_register_values() {
            let Some((_, text)) = texts.iter_mut().find(|(n, _)| n == name) else {
                continue;
            };
            // A register is one small object.
            if let Ok(mut obj) = serde_json::from_str::<serde_json::Value>(text) {
                obj["value"] = serde_json::Value::from(x);
                *text = obj.to_string();
            }
        }
        texts
    }

    fn held(&self) -> bool {
        self.held_now
    }

    fn release(&mut self, now_ns: u64, out: &mut Vec<Released>) {
        let (side, mut planes) = self.local();
        side.release(&mut planes, now_ns, out);
    }

    fn partition_stats(&self) -> Option<PartitionStats> {
        Some(self.stats())
    }

    fn table_stats(&self) -> Vec<pipe::TableStats> {
        self.switch.table_stats()
    }
}
