//! `tandem live --switch xdp`: the switch part in the kernel, the server part
//! here.
//!
//! ```text
//!  port 0 IF ─XDP─┐  (the switch part: tables in maps,   ┌─XDP─ port 1 IF
//!                 ├── redirects between ports)     ──────┤
//!                 └─ punts ─▶ server link (veth) ─▶ this process: server::Runtime
//!                    ◀─ resumed frames, "out of port" link frames ─┘   (updates the maps)
//! ```
//!
//! Frames of known flows never leave the kernel: the XDP program on each port
//! runs the partitioned program's switch part and redirects them to their
//! port. Punts go over a veth pair this run creates (the switch's CPU port):
//! its switch end runs the program as the server port, its other end is the
//! server link, read here; the server part decides, writes the maps by
//! Gallium's atomic update ([`xdp::control`]) and sends the packet back.
//! `--record` takes the frames from the programs' ring buffer.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use port::Port;
use serde::Serialize;
use server::{Handled, Runtime};
use xdp::live::{Attached, Binding, PortCounts};
use xdp::{XdpError, XdpSwitch};

use crate::live::{LiveError, Recording};
use crate::partitioned::{ControlOptions, PartitionError, PartitionStats};
use crate::sink::Sink;
use crate::summary::{LivePort, Source, Summary};

/// UMEM frames of each punt socket (half of them the receive ring).
const PUNT_FRAMES: u32 = 8192;

/// How long a stopped run goes on taking the punts already handed over.
const DRAIN_NS: u64 = 200_000_000;

/// How often idle entries are polled.
const IDLE_POLL: Duration = Duration::from_secs(1);

/// The live XDP run could not start.
#[derive(Debug, thiserror::Error)]
pub enum XdpLiveError {
    /// The program cannot be partitioned or lowered.
    #[error(transparent)]
    Partition(#[from] PartitionError),
    /// The XDP target refused or failed.
    #[error(transparent)]
    Xdp(#[from] XdpError),
    /// Creating or opening the server link failed.
    #[error("server link: {0}")]
    Link(String),
    /// A port could not be opened.
    #[error(transparent)]
    Port(#[from] port::PortError),
    /// The recording could not be created.
    #[error(transparent)]
    Record(#[from] crate::sink::SinkError),
}

/// The veth pair of the server link, deleted on drop.
#[derive(Debug)]
pub struct ServerLink {
    /// The switch's end (runs the program as the server port).
    pub switch_end: String,
    /// The server's end (read and written by this process).
    pub server_end: String,
}

fn ip(args: &[&str]) -> Result<(), String> {
    let out = Command::new("ip")
        .args(args)
        .output()
        .map_err(|e| format!("cannot run `ip` (iproute2): {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "`ip {}` failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(())
}

impl ServerLink {
    /// Creates the pair `tdm<id>s` / `tdm<id>h`, both up; a pair left by a
    /// crashed run of the same id is replaced. MTU 2000: a 1500-byte packet
    /// with its transfer header fits, and so does native XDP on veth (which
    /// takes frames within a page) and an AF_XDP chunk (2 KiB).
    pub fn create(id: u32) -> Result<ServerLink, String> {
        let switch_end = format!("tdm{id}s");
        let server_end = format!("tdm{id}h");
        let _ = ip(&["link", "del", &switch_end]);
        ip(&[
            "link",
            "add",
            &switch_end,
            "mtu",
            "2000",
            "type",
            "veth",
            "peer",
            "name",
            &server_end,
            "mtu",
            "2000",
        ])?;
        let link = ServerLink {
            switch_end,
            server_end,
        };
        ip(&["link", "set", &link.switch_end, "up"])?;
        ip(&["link", "set", &link.server_end, "up"])?;
        Ok(link)
    }
}

/// Opens the server's end of `link`: AF_XDP when its program runs natively
/// (veth does), so that redirects into the pair find NAPI on this end;
/// AF_PACKET otherwise.
pub fn open_link(link: &ServerLink) -> Result<Box<dyn Port>, String> {
    match port::AfXdp::open(&link.server_end, port::XdpConfig::default()) {
        Ok(p) => Ok(Box::new(p)),
        Err(_) => port::AfPacket::open(&link.server_end, port::RingConfig::default())
            .map(|p| Box::new(p) as Box<dyn Port>)
            .map_err(|e| e.to_string()),
    }
}

/// Moves `--record`'s ring buffer records into a recording's files:
/// `in/portN.pcap` what arrived on each switch port, `out/portN.pcap` what
/// left it, stamped with the time the program saw them on the caller's
/// clock (made increasing per file: CPUs stamp their packets apart).
pub struct RecordDrain {
    reader: bpf::ringbuf::RingReader,
    rec: Recording,
    base: u64,
    last_ts: BTreeMap<(u8, u16), u64>,
    records: u64,
}

impl RecordDrain {
    /// Drains `switch`'s ring buffer (it must have been loaded to record)
    /// into `dir` for `ports`; `ktime_base` is the kernel clock at the
    /// caller's time zero.
    pub fn new(
        switch: &XdpSwitch,
        dir: &Path,
        ports: &[u16],
        ktime_base: u64,
    ) -> Result<RecordDrain, XdpLiveError> {
        let reader = switch.record_reader()?.ok_or_else(|| {
            XdpLiveError::Link("the program was loaded without a record ring".into())
        })?;
        Ok(RecordDrain {
            reader,
            rec: Recording::create(dir, ports)?,
            base: ktime_base,
            last_ts: BTreeMap::new(),
            records: 0,
        })
    }

    /// Records read so far.
    pub fn records(&self) -> u64 {
        self.records
    }

    /// Writes out what the ring holds now.
    pub fn drain(&mut self) -> Result<(), crate::sink::SinkError> {
        let base = self.base;
        let mut err = None;
        let mut n = 0u64;
        let last_ts = &mut self.last_ts;
        let rec = &mut self.rec;
        self.reader.drain(&mut |r| {
            n += 1;
            if r.len() < 24 || err.is_some() {
                return;
            }
            let word = |o: usize| u32::from_ne_bytes([r[o], r[o + 1], r[o + 2], r[o + 3]]);
            let (kind, port) = (word(0) as u8, word(4) as u16);
            let ts = u64::from_ne_bytes(r[8..16].try_into().unwrap_or([0; 8])).saturating_sub(base);
            let caplen = (word(20) as usize).min(r.len() - 24);
            let last = last_ts.entry((kind, port)).or_insert(0);
            let ts = ts.max(*last + 1);
            *last = ts;
            let frame = &r[24..24 + caplen];
            let sink = if kind == 0 {
                &mut rec.inputs
            } else {
                &mut rec.outputs
            };
            if let Err(e) = sink.write(port, ts, frame) {
                err = Some(e);
            }
        });
        self.records += n;
        err.map_or(Ok(()), Err)
    }

    /// Drains the last records and closes the files.
    pub fn finish(&mut self) -> Result<(), crate::sink::SinkError> {
        self.drain()?;
        let a = self.rec.inputs.finish();
        let b = self.rec.outputs.finish();
        a.and(b)
    }
}

impl Drop for ServerLink {
    fn drop(&mut self) {
        let _ = ip(&["link", "del", &self.switch_end]);
    }
}

/// Counters of the server side of a live XDP run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct XdpServerStats {
    /// Frames read from the server link.
    pub frames_in: u64,
    /// Punts (transfer frames) handled.
    pub punts: u64,
    /// Frames the switch's parser refused, run whole here.
    pub slow_path: u64,
    /// Frames sent back to the switch.
    pub to_switch: u64,
    /// Packets the server part dropped.
    pub dropped: u64,
    /// Frames the server could not take.
    pub bad_frames: u64,
    /// Frames the link refused to send.
    pub tx_refused: u64,
    /// Records read from the program's ring buffer (`--record`).
    pub recorded: u64,
    /// AF_XDP sockets that punts reach straight from a port's receive queue.
    pub punt_sockets: u64,
    /// Frames the kernel dropped because a punt socket's or the link's
    /// receive ring was full.
    pub ring_drops: u64,
}

/// What the status callback sees once a second.
#[derive(Debug, Clone)]
pub struct XdpStatus {
    /// Clock now.
    pub now_ns: u64,
    /// Frames per port so far, as the programs counted them.
    pub ports: BTreeMap<u16, PortCounts>,
    /// The server side's counters.
    pub server: XdpServerStats,
}

/// A finished live XDP run.
#[derive(Debug)]
pub struct XdpOutcome {
    /// The run summary, as `tandem run` prints it.
    pub summary: Summary,
    /// Per port, what the programs counted.
    pub ports: BTreeMap<u16, PortCounts>,
    /// The server side.
    pub server: XdpServerStats,
    /// The XDP programs' own counters.
    pub xdp: xdp::XdpStats,
    /// How each port's program runs (native or generic XDP).
    pub modes: Vec<(u16, String, &'static str)>,
    /// Why the run stopped early, if it did (everything before is counted).
    pub error: Option<LiveError>,
}

/// Everything a live XDP run needs.
pub struct XdpLive {
    program_name: String,
    program: ir::Program,
    switch: XdpSwitch,
    runtime: Runtime,
    link: Box<dyn Port>,
    /// AF_XDP sockets on the switch ports' receive queues that punts go to.
    punts: Vec<Box<dyn Port>>,
    poller: port::Poller,
    _attached: Attached,
    _server_link: ServerLink,
    server_port: u16,
    ports: Vec<Binding>,
    modes: Vec<(u16, String, &'static str)>,
    recording: Option<RecordDrain>,
    stats: XdpServerStats,
    next_tag: u64,
    /// How long a round waits for a frame when none is ready (1 ms; zero
    /// spins, [`XdpLive::set_idle_wait`]).
    idle_wait: Duration,
    /// Frames for the switch, sent together at the end of a round (one
    /// TX kick for all of them instead of one per frame).
    out: Vec<Vec<u8>>,
}

impl XdpLive {
    /// Partitions `program`, loads its switch part into the kernel, creates
    /// the server link and attaches every port's program. `ktime_base` is the
    /// kernel's monotonic clock when the caller's clock read zero.
    pub fn start(
        program: &ir::Program,
        control: ControlOptions,
        ports: &[Binding],
        only: Option<bpf::XdpMode>,
        record: Option<&Path>,
        ktime_base: u64,
    ) -> Result<XdpLive, XdpLiveError> {
        let c = compiler::partition(program, &compiler::Options::default())
            .map_err(PartitionError::from)?;
        let lowered = compiler::lower_switch::lower_switch(&c).map_err(PartitionError::from)?;
        if !lowered.control_lowered {
            return Err(PartitionError::NotLowered {
                program: program.name.clone(),
                warnings: lowered.warnings,
            }
            .into());
        }
        // The entries the switch starts with, as the model installs them.
        let mut model = pipe::Switch::new(lowered.program.clone()).map_err(PartitionError::from)?;
        compiler::tables::install_initial(&c, &mut model).map_err(|m| {
            PartitionError::NotLowered {
                program: program.name.clone(),
                warnings: vec![m],
            }
        })?;
        let mut switch = XdpSwitch::load_with(&lowered.program, record.is_some())?;
        switch.set_clock_base(ktime_base);
        switch.copy_state(&model, Duration::ZERO)?;
        if lowered
            .program
            .meters
            .iter()
            .any(|m| m.name == compiler::lower_switch::MISS_PUNT_METER)
        {
            let cfg = control.miss_punt_meter.map(|m| m.config());
            switch.set_meter(compiler::lower_switch::MISS_PUNT_METER, 0, cfg)?;
        }
        let mut runtime = Runtime::new(c).map_err(PartitionError::from)?;
        runtime.set_group_commit(control.group_commit);
        runtime.set_limits(control.limits);
        runtime.set_direct_inserts(control.direct_inserts);

        let server_port = compiler::lower_switch::SERVER_PORT;
        let server_link = ServerLink::create(std::process::id()).map_err(XdpLiveError::Link)?;
        // The server's end: AF_XDP when it runs natively (veth does), so the
        // redirects into the pair find NAPI on this end.
        let link: Box<dyn Port> =
            match port::AfXdp::open(&server_link.server_end, port::XdpConfig::default()) {
                Ok(p) => Box::new(p),
                Err(_) => Box::new(port::AfPacket::open(
                    &server_link.server_end,
                    port::RingConfig::default(),
                )?),
            };
        let mut bindings = ports.to_vec();
        bindings.push(Binding {
            port: server_port,
            interface: server_link.switch_end.clone(),
        });
        let attached = switch.attach(&bindings, Some(server_port), only)?;
        // Punts go straight to a socket on the receive queue they arrived
        // on, where the port takes one (ports that do not, and queues past
        // those served, go through the server link's veth).
        let mut punts: Vec<Box<dyn Port>> = Vec::new();
        for b in ports {
            let queues = port::AfXdp::rx_queues(&b.interface).min(xdp::plan::PUNT_QUEUES);
            for q in 0..queues {
                if let Ok(p) = port::AfXdp::bind_only(&b.interface, q, PUNT_FRAMES) {
                    switch.add_punt_socket(b.port, q, p.socket_fd())?;
                    punts.push(Box::new(p));
                }
            }
        }
        let poller = port::Poller::new(std::iter::once(&*link).chain(punts.iter().map(|p| &**p)));
        let modes = attached
            .modes()
            .into_iter()
            .map(|(b, m)| (b.port, b.interface, m.name()))
            .collect();
        let numbers: Vec<u16> = ports.iter().map(|b| b.port).collect();
        let recording = match record {
            Some(dir) => Some(RecordDrain::new(&switch, dir, &numbers, ktime_base)?),
            None => None,
        };
        Ok(XdpLive {
            program_name: program.name.clone(),
            program: program.clone(),
            switch,
            runtime,
            link,
            punts,
            poller,
            idle_wait: Duration::from_millis(1),
            out: Vec::with_capacity(256),
            _attached: attached,
            _server_link: server_link,
            server_port,
            ports: ports.to_vec(),
            modes,
            recording,
            stats: XdpServerStats::default(),
            next_tag: 0,
        })
    }

    /// How each port's program runs.
    pub fn modes(&self) -> &[(u16, String, &'static str)] {
        &self.modes
    }

    /// The loaded switch (its maps, counters).
    pub fn switch(&self) -> &XdpSwitch {
        &self.switch
    }

    /// Queues what the server decided for the switch ([`XdpLive::flush_out`]
    /// sends it).
    fn send(&mut self, h: Handled) -> Result<(), port::PortError> {
        let frame = match h {
            Handled::ToSwitch(f) => f,
            Handled::Out { port, frame } => wire::link::wrap(wire::link::Kind::OutOf, port, &frame),
            Handled::Dropped => {
                self.stats.dropped += 1;
                return Ok(());
            }
            Handled::Held => return Ok(()),
        };
        self.out.push(frame);
        Ok(())
    }

    /// Sends the queued frames to the switch, in order, in one batch.
    fn flush_out(&mut self) -> Result<(), port::PortError> {
        if self.out.is_empty() {
            return Ok(());
        }
        let frames: Vec<&[u8]> = self.out.iter().map(Vec::as_slice).collect();
        let sent = self.link.send_batch(&frames);
        let n = frames.len() as u64;
        self.out.clear();
        let sent = sent? as u64;
        self.stats.to_switch += sent;
        self.stats.tx_refused += n - sent.min(n);
        Ok(())
    }

    fn handle(&mut self, frame: &[u8], now: Duration) -> Result<(), port::PortError> {
        self.stats.frames_in += 1;
        let tag = self.next_tag;
        self.next_tag += 1;
        let decided = if server::frames::is_transfer(frame) {
            self.stats.punts += 1;
            self.runtime.decide(frame, now)
        } else if let Ok((wire::link::Kind::FromPort, port, inner)) = wire::link::unwrap(frame) {
            self.stats.slow_path += 1;
            self.runtime.decide_whole(inner, port, now)
        } else {
            self.stats.bad_frames += 1;
            return Ok(());
        };
        match decided {
            Ok(d) => {
                let h = self.runtime.commit(&mut self.switch, d, now, tag);
                self.send(h)
            }
            Err(_) => {
                self.stats.bad_frames += 1;
                Ok(())
            }
        }
    }

    /// How long a round waits for a punt when none is ready (default 1 ms);
    /// zero spins on the sockets, as a poll-mode driver does: the lowest
    /// latency for punts, one core busy.
    pub fn set_idle_wait(&mut self, wait: Duration) {
        self.idle_wait = wait;
    }

    /// Frames from the punt sockets and the link; when none is ready, waits
    /// up to `idle_wait` for one.
    fn take_frames(&mut self, frames: &mut Vec<Vec<u8>>) -> Result<(), port::PortError> {
        for round in 0..2 {
            for p in std::iter::once(&mut self.link).chain(self.punts.iter_mut()) {
                p.recv(64, Duration::ZERO, &mut |f| frames.push(f.data.to_vec()))?;
            }
            if !frames.is_empty() || round == 1 {
                break;
            }
            self.poller.wait(self.idle_wait)?;
        }
        Ok(())
    }

    /// One round of the server loop: the frames ready (waiting up to a
    /// millisecond for one), each handled at the clock's `now`, then the
    /// runtime's due work and the packets it lets go. Returns how many frames
    /// there were and `now`, or why the sockets failed; a single frame's
    /// error goes to `error` and the round goes on.
    fn serve_round(
        &mut self,
        frames: &mut Vec<Vec<u8>>,
        clock: &mut dyn FnMut() -> u64,
        error: &mut Option<LiveError>,
    ) -> Result<(usize, Duration), LiveError> {
        frames.clear();
        self.take_frames(frames)?;
        let n = frames.len();
        let now = Duration::from_nanos(clock());
        // The round's punts share one update (with group commit on): an
        // update is synchronous here, so without the round each punt's
        // writes would take a write-back cycle of their own.
        self.runtime.open_round();
        for f in std::mem::take(frames) {
            if let Err(e) = self.handle(&f, now) {
                *error = Some(e.into());
            }
        }
        self.runtime.close_round(&mut self.switch, now);
        if let Err(e) = self.release(now) {
            *error = Some(e.into());
        }
        Ok((n, now))
    }

    fn release(&mut self, now: Duration) -> Result<(), port::PortError> {
        for r in self.runtime.release(now) {
            self.send(r.what)?;
        }
        self.flush_out()
    }

    fn drain_record(&mut self) -> Result<(), crate::sink::SinkError> {
        match self.recording.as_mut() {
            Some(r) => {
                r.drain()?;
                self.stats.recorded = r.records();
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// Serves the server link until `stop` (or `max_packets` frames arrived
    /// on the switch ports), calling `status` about once a second.
    pub fn run(
        mut self,
        clock: &mut dyn FnMut() -> u64,
        stop: &AtomicBool,
        max_packets: Option<u64>,
        status: &mut dyn FnMut(&XdpStatus),
    ) -> XdpOutcome {
        let mut error: Option<LiveError> = None;
        let mut next_status = 0u64;
        let mut next_idle = Duration::ZERO;
        let mut frames: Vec<Vec<u8>> = Vec::with_capacity(64);
        while !stop.load(Ordering::Relaxed) {
            let now = match self.serve_round(&mut frames, clock, &mut error) {
                Ok((_, now)) => now,
                Err(e) => {
                    error = Some(e);
                    break;
                }
            };
            if now >= next_idle {
                next_idle = now + IDLE_POLL;
                self.runtime.expire_idle(&mut self.switch, now);
                if let Err(e) = self.release(now) {
                    error = Some(e.into());
                }
            }
            if let Err(e) = self.drain_record() {
                error = Some(e.into());
            }
            if error.is_some() {
                break;
            }
            let now_ns = clock();
            if now_ns >= next_status || max_packets.is_some() {
                let ports = self.switch.port_counts().unwrap_or_default();
                if now_ns >= next_status {
                    next_status = now_ns + 1_000_000_000;
                    status(&XdpStatus {
                        now_ns,
                        ports: ports.clone(),
                        server: self.stats.clone(),
                    });
                }
                let received: u64 = self
                    .ports
                    .iter()
                    .filter_map(|b| ports.get(&b.port))
                    .map(|c| c.rx)
                    .sum();
                if max_packets.is_some_and(|m| received >= m) {
                    break;
                }
            }
        }
        // Punts the programs handed over before the stop are still in the
        // sockets' rings: they are the server's to finish (up to DRAIN, until
        // the rings stay empty), as a replay finishes every packet it read.
        let drain_until = clock() + DRAIN_NS;
        let mut quiet = 0;
        while error.is_none() && quiet < 3 && clock() < drain_until {
            match self.serve_round(&mut frames, clock, &mut error) {
                Ok((n, _)) => quiet = if n == 0 { quiet + 1 } else { 0 },
                Err(e) => {
                    error = Some(e);
                    break;
                }
            }
        }
        // Held packets leave at the end, as at the end of a replay.
        let end = Duration::from_nanos(clock());
        if let Err(e) = self.release(Duration::MAX) {
            error.get_or_insert(e.into());
        }
        // What the programs handled after the last poll, and the files closed.
        std::thread::sleep(Duration::from_millis(20));
        if let Some(r) = self.recording.as_mut() {
            if let Err(e) = r.finish() {
                error.get_or_insert(e.into());
            }
            self.stats.recorded = r.records();
        }
        self.summarise(end, error)
    }

    fn summarise(mut self, end: Duration, error: Option<LiveError>) -> XdpOutcome {
        let ports = self.switch.port_counts().unwrap_or_default();
        let xdp = self.switch.stats().unwrap_or_default();
        let nf: Vec<u16> = self.ports.iter().map(|b| b.port).collect();
        let pick = |f: fn(&PortCounts) -> u64| -> BTreeMap<u16, u64> {
            nf.iter().map(|p| (*p, ports.get(p).map_or(0, f))).collect()
        };
        let packets_in = pick(|c| c.rx);
        let packets_out = pick(|c| c.tx);
        let total_in: u64 = packets_in.values().sum();
        let rt = self.runtime.stats().clone();
        let mut partition = PartitionStats {
            server_packets: self.stats.punts + self.stats.slow_path,
            control_plane_ops: rt.control_plane_ops,
            held_packets: rt.held_packets,
            server: rt,
            ..PartitionStats::default()
        };
        partition.switch_only_packets = total_in.saturating_sub(partition.server_packets);
        let summary = Summary {
            program: self.program_name.clone(),
            engine: "partitioned (switch part on XDP)".into(),
            source: Source::Live {
                ports: self
                    .ports
                    .iter()
                    .map(|b| LivePort {
                        port: b.port,
                        interface: b.interface.clone(),
                    })
                    .collect(),
            },
            packets_in,
            packets_out,
            dropped: nf
                .iter()
                .map(|p| ports.get(p).map_or(0, |c| c.dropped))
                .sum::<u64>()
                + self.stats.dropped,
            failed: self.stats.bad_frames,
            engine_errors: Vec::new(),
            input_errors: Vec::new(),
            first_ts_ns: Some(0),
            last_ts_ns: Some(u64::try_from(end.as_nanos()).unwrap_or(u64::MAX)),
            events: self
                .runtime
                .take_events()
                .iter()
                .map(|e| e.to_json(&self.program))
                .collect(),
            state_sizes: self
                .runtime
                .state()
                .sizes(u64::try_from(end.as_nanos()).unwrap_or(u64::MAX))
                .into_iter()
                .collect(),
            closed_loop: None,
            park: None,
            partition: Some(partition),
        };
        let _ = self.server_port;
        self.stats.punt_sockets = self.punts.len() as u64;
        self.stats.ring_drops = std::iter::once(&mut self.link)
            .chain(self.punts.iter_mut())
            .map(|p| p.stats().rx_ring_drops)
            .sum();
        XdpOutcome {
            summary,
            ports,
            server: self.stats,
            xdp,
            modes: self.modes,
            error,
        }
    }
}
