//! The switch daemon's data path: traffic ports and the CPU (server) port
//! bound to interfaces, frames run through the switch of a
//! [`p4rt::server::Device`] — the same switch, under the same lock, that the
//! P4Runtime service writes, reads and polls for idle entries.
//!
//! ```text
//!  port 0 IF ─┐                         ┌─▶ port N IF            (switch only)
//!  port 1 IF ─┴▶ Device::process ───────┼─▶ CPU IF: punt (transfer frame) or link frame (parser refused)
//!  CPU IF ───▶ transfer frame ──────────┘   ▲ dropped and counted while no server is primary
//!          └─▶ link frame "out of port N" ─▶ port N IF (as it is)
//! ```
//!
//! While no P4Runtime client is primary, the switch keeps forwarding what its
//! tables decide (known flows) and drops what it would send to the server,
//! counted in [`SwitchStats::punts_without_server`]: nothing is mis-forwarded.
//!
//! **Several workers** (`tandem switch --workers N`): N data paths, each a
//! [`SwitchDaemon`] on its own thread with its own sockets on every
//! interface (one `PACKET_FANOUT` group per interface, by the symmetric flow
//! hash, so both directions of a flow reach one worker) and its own copy of
//! the switch (`p4rt::server::Device::with_workers`: every Write applied to
//! every copy before it is answered). Punts leave on the worker's own CPU
//! socket; what comes back on the CPU interface reaches whichever worker the
//! kernel picks, whose copy has the same tables. [`WorkerReport`]s make one
//! status line.
//!
//! **PayloadPark in front** (`tandem switch PROGRAM.nf --park`,
//! [`SwitchDaemon::set_park`]), as `tandem run --park` puts it in front of
//! the partitioned NF (`runner::park_engine`): a frame entering traffic port
//! 0 or 1 goes through PayloadPark's Split first (its first payload bytes
//! parked in the park switch's registers, a PayloadPark header after its L4
//! header), then through the Gallium switch part; whatever that sends out of
//! a port — at once, after the server (a resumed packet), or as the server's
//! own output (a link frame "out of port") — goes through Merge first, which
//! puts the payload back (or drops the packet if its payload was evicted,
//! counted). A packet the switch part drops, or would punt while no server
//! is primary, frees its slot at once (a drop notice). The server process is
//! unchanged: it sees header-only packets; what it drops frees its slot only
//! when the ring comes round (expiry). One worker only: parked payloads live
//! in one copy of the park switch.

use std::sync::Arc;
use std::time::Duration;

use p4rt::server::{Clock, Device};
use port::{Poller, Port, PortError, PortStats};
use runner::{PcapDir, Sink, SinkError};
use serde::Serialize;

use crate::link;

/// PayloadPark in front of the switch part (module docs).
struct Park {
    sw: park::ParkSwitch,
    /// Frames on traffic ports Split's parser does not take (no header).
    not_parsed: u64,
}

/// What PayloadPark did in the data path.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ParkReport {
    /// The park switch's counters (splits, merges, bypasses, evictions, drops).
    #[serde(flatten)]
    pub counters: park::Counters,
    /// Frames Split's parser does not take (they went on whole).
    pub not_parsed: u64,
}

/// Frames taken from one port per round.
pub const BATCH: usize = 64;

/// What the data path did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct SwitchStats {
    /// Frames received on traffic ports.
    pub frames_in: u64,
    /// Frames sent out of traffic ports.
    pub frames_out: u64,
    /// Frames sent to the server (punts and parser-refused frames).
    pub to_server: u64,
    /// Frames received from the server (resumed packets and link frames).
    pub from_server: u64,
    /// Frames the program dropped.
    pub dropped: u64,
    /// Frames the program would have sent to the server while no server was
    /// primary: dropped.
    pub punts_without_server: u64,
    /// Frames for a port no interface is bound to.
    pub unbound_port: u64,
    /// Frames from the server the daemon could not take (bad link frames,
    /// post-processing sending a packet back to the server).
    pub bad_from_server: u64,
    /// Frames the switch model could not process (error).
    pub errors: u64,
    /// Frames a port refused to send (too big, queue full).
    pub tx_refused: u64,
}

/// What entered each traffic port (`DIR/in/portN.pcap`) and what the
/// program sent out of it (`DIR/out/portN.pcap`), as `tandem live --record`
/// lays them out; times are nanoseconds on the daemon's clock, strictly
/// increasing over every frame recorded, so `tandem run --input` replays the
/// inputs in the order the switch took them.
pub struct SwitchRecording {
    inputs: PcapDir,
    outputs: PcapDir,
    clock: Clock,
    last_ns: u64,
}

impl SwitchRecording {
    /// Creates `dir/in` and `dir/out` with a file per port in `ports`;
    /// `clock` stamps the frames.
    pub fn create(dir: &std::path::Path, ports: &[u16], clock: Clock) -> Result<Self, SinkError> {
        Ok(SwitchRecording {
            inputs: PcapDir::create(&dir.join("in"), ports)?,
            outputs: PcapDir::create(&dir.join("out"), ports)?,
            clock,
            last_ns: 0,
        })
    }

    fn stamp(&mut self) -> u64 {
        let now = u64::try_from((self.clock)().as_nanos()).unwrap_or(u64::MAX);
        self.last_ns = now.max(self.last_ns + 1);
        self.last_ns
    }

    /// Flushes and closes both directories' files.
    pub fn finish(&mut self) -> Result<(), SinkError> {
        let a = self.inputs.finish();
        let b = self.outputs.finish();
        a.and(b)
    }
}

/// Why the data path stopped.
#[derive(Debug, thiserror::Error)]
pub enum DataPathError {
    /// A port failed.
    #[error(transparent)]
    Port(#[from] PortError),
    /// The recording could not be written.
    #[error("recording: {0}")]
    Record(#[from] SinkError),
}

/// The data path of `tandem switch -p ... --cpu-port IF`.
pub struct SwitchDaemon {
    device: Arc<Device>,
    ports: Vec<(u16, Box<dyn Port>)>,
    cpu: Box<dyn Port>,
    cpu_port: u16,
    recording: Option<SwitchRecording>,
    stats: SwitchStats,
    /// Which copy of the switch this data path runs on.
    worker: usize,
    park: Option<Park>,
}

/// What one data-path worker did, for a status line over all of them
/// ([`status`]).
#[derive(Debug, Clone, Default)]
pub struct WorkerReport {
    /// Its data-path counters.
    pub stats: SwitchStats,
    /// Its sockets' counters (traffic ports by number, then the CPU port).
    pub ports: Vec<(String, PortStats)>,
    /// PayloadPark's counters, when it runs in front.
    pub park: Option<ParkReport>,
}

impl SwitchStats {
    /// Adds `o`'s counts to these.
    pub fn add(&mut self, o: &SwitchStats) {
        self.frames_in += o.frames_in;
        self.frames_out += o.frames_out;
        self.to_server += o.to_server;
        self.from_server += o.from_server;
        self.dropped += o.dropped;
        self.punts_without_server += o.punts_without_server;
        self.unbound_port += o.unbound_port;
        self.bad_from_server += o.bad_from_server;
        self.errors += o.errors;
        self.tx_refused += o.tx_refused;
    }
}

impl SwitchDaemon {
    /// Traffic `ports` (switch port number, interface) and the server link
    /// `cpu` on the program's CPU port `cpu_port`.
    pub fn new(
        device: Arc<Device>,
        ports: Vec<(u16, Box<dyn Port>)>,
        cpu: Box<dyn Port>,
        cpu_port: u16,
    ) -> SwitchDaemon {
        SwitchDaemon {
            device,
            ports,
            cpu,
            cpu_port,
            recording: None,
            stats: SwitchStats::default(),
            worker: 0,
            park: None,
        }
    }

    /// Puts PayloadPark (`sw`, configured as `runner::park_engine::run_config`
    /// configures it: traffic ports 0 and 1, NF port and merged port its
    /// own) in front of the switch part (module docs).
    pub fn set_park(&mut self, sw: park::ParkSwitch) {
        self.park = Some(Park { sw, not_parsed: 0 });
    }

    /// PayloadPark's counters, when it runs.
    pub fn park_report(&self) -> Option<ParkReport> {
        self.park.as_ref().map(|p| ParkReport {
            counters: p.sw.counters(),
            not_parsed: p.not_parsed,
        })
    }

    /// Split of a frame entering traffic port `in_port` (the frame as it is
    /// when PayloadPark does not run or does not take it).
    fn split(&mut self, in_port: u16, frame: &[u8]) -> Vec<u8> {
        let now = self.device.now();
        let Some(p) = self.park.as_mut() else {
            return frame.to_vec();
        };
        if !runner::park_engine::TRAFFIC_PORTS.contains(&in_port) {
            return frame.to_vec();
        }
        let out = match p.sw.process(now, in_port, frame) {
            Ok(o)
                if o.verdict
                    == (pipe::Verdict::Emit {
                        port: runner::park_engine::NF_PORT,
                    }) =>
            {
                o.bytes
            }
            _ => frame.to_vec(),
        };
        if park::notice::header_offset(&out).is_none() {
            p.not_parsed += 1;
        }
        out
    }

    /// Frees the slot of a split frame that will not leave.
    fn drop_notice(&mut self, frame: &[u8]) {
        let now = self.device.now();
        if let Some(p) = self.park.as_mut() {
            if let Some(n) = park::notice::drop_notice(frame) {
                let _ = p.sw.process(now, runner::park_engine::NF_PORT, &n);
            }
        }
    }

    /// Merge of a frame leaving on a port: its payload back (None: evicted,
    /// the frame is dropped).
    fn merge(&mut self, frame: Vec<u8>) -> Option<Vec<u8>> {
        let now = self.device.now();
        let Some(p) = self.park.as_mut() else {
            return Some(frame);
        };
        if park::notice::header_offset(&frame).is_none() {
            return Some(frame);
        }
        match p.sw.process(now, runner::park_engine::NF_PORT, &frame) {
            Ok(o)
                if o.verdict
                    == (pipe::Verdict::Emit {
                        port: runner::park_engine::MERGED_PORT,
                    }) =>
            {
                Some(o.bytes)
            }
            _ => None,
        }
    }

    /// Runs this data path on data-path worker `worker`'s copy of the switch
    /// (`Device::process_on`); 0 by default.
    pub fn set_worker(&mut self, worker: usize) {
        self.worker = worker;
    }

    /// Its counters and its sockets', for [`status`].
    pub fn report(&mut self) -> WorkerReport {
        WorkerReport {
            stats: self.stats.clone(),
            ports: self.port_stats(),
            park: self.park_report(),
        }
    }

    /// Records what enters and leaves the traffic ports from now on.
    pub fn record(&mut self, recording: SwitchRecording) {
        self.recording = Some(recording);
    }

    /// Closes the recording (if any); call once at the end.
    pub fn finish(&mut self) -> Result<(), SinkError> {
        match &mut self.recording {
            Some(r) => r.finish(),
            None => Ok(()),
        }
    }

    /// Counters so far.
    pub fn stats(&self) -> &SwitchStats {
        &self.stats
    }

    /// One round: up to [`BATCH`] frames from every port and from the
    /// server link, each run and sent on; if none was ready, waits up to
    /// `timeout` for one. Returns the frames handled.
    pub fn poll(&mut self, timeout: Duration) -> Result<usize, DataPathError> {
        let mut handled = 0;
        let mut frames: Vec<(u16, Vec<u8>)> = Vec::new();
        for (n, p) in &mut self.ports {
            let n = *n;
            p.recv(BATCH, Duration::ZERO, &mut |f| {
                frames.push((n, f.data.to_vec()))
            })?;
        }
        for (n, f) in frames.drain(..) {
            self.stats.frames_in += 1;
            if let Some(r) = &mut self.recording {
                let ts = r.stamp();
                r.inputs.write(n, ts, &f)?;
            }
            self.on_port_frame(n, &f)?;
            handled += 1;
        }
        let mut back: Vec<Vec<u8>> = Vec::new();
        self.cpu
            .recv(BATCH, Duration::ZERO, &mut |f| back.push(f.data.to_vec()))?;
        for f in back {
            self.stats.from_server += 1;
            self.on_server_frame(&f)?;
            handled += 1;
        }
        if handled == 0 && !timeout.is_zero() {
            let mut poller = Poller::new(
                self.ports
                    .iter()
                    .map(|(_, p)| &**p)
                    .chain(std::iter::once(&*self.cpu)),
            );
            poller.wait(timeout)?;
        }
        Ok(handled)
    }

    fn on_port_frame(&mut self, in_port: u16, frame: &[u8]) -> Result<(), DataPathError> {
        let split = self.split(in_port, frame);
        let frame = &split[..];
        let (out, primary) = match self.device.process_on(self.worker, in_port, frame) {
            Ok(x) => x,
            Err(_) => {
                self.stats.errors += 1;
                self.drop_notice(frame);
                return Ok(());
            }
        };
        match out.verdict {
            pipe::Verdict::Emit { port } if port == self.cpu_port => {
                if !primary {
                    self.stats.punts_without_server += 1;
                    self.drop_notice(frame);
                    return Ok(());
                }
                self.stats.to_server += 1;
                // A program that frames its CPU link itself (a table-cell
                // CoFilter, `pipe::Program::cpu_link`) has wrapped it.
                let framed = || {
                    self.device
                        .with_switch_on(self.worker, |sw| sw.program().cpu_link)
                        .unwrap_or(false)
                };
                if server::frames::is_transfer(&out.bytes) || framed() {
                    Ok(self.send_cpu(&out.bytes)?)
                } else {
                    // The parser refused it: the server runs it whole and
                    // needs the port it came in on.
                    let w = link::wrap(link::Kind::FromPort, in_port, &out.bytes);
                    Ok(self.send_cpu(&w)?)
                }
            }
            pipe::Verdict::Emit { port } => self.send_merged(port, out.bytes),
            pipe::Verdict::Drop(_) => {
                self.stats.dropped += 1;
                self.drop_notice(frame);
                Ok(())
            }
        }
    }

    fn on_server_frame(&mut self, frame: &[u8]) -> Result<(), DataPathError> {
        if link::is_link(frame) {
            return match link::unwrap(frame) {
                Ok((link::Kind::OutOf, port, inner)) => {
                    let inner = inner.to_vec();
                    self.send_merged(port, inner)
                }
                Ok((link::Kind::ParkDrop, _, notice)) => {
                    // The server dropped a parked packet: free its slot.
                    let now = self.device.now();
                    if let Some(p) = self.park.as_mut() {
                        let _ = p.sw.process(now, runner::park_engine::NF_PORT, notice);
                    }
                    Ok(())
                }
                _ => {
                    self.stats.bad_from_server += 1;
                    Ok(())
                }
            };
        }
        let out = match self.device.process_on(self.worker, self.cpu_port, frame) {
            Ok((out, _)) => out,
            Err(_) => {
                self.stats.errors += 1;
                return Ok(());
            }
        };
        match out.verdict {
            pipe::Verdict::Emit { port } if port == self.cpu_port => {
                self.stats.bad_from_server += 1;
                Ok(())
            }
            pipe::Verdict::Emit { port } => self.send_merged(port, out.bytes),
            pipe::Verdict::Drop(_) => {
                self.stats.dropped += 1;
                self.drop_notice(frame);
                Ok(())
            }
        }
    }

    /// Sends `frame` out of `port` after Merge (when PayloadPark runs).
    fn send_merged(&mut self, port: u16, frame: Vec<u8>) -> Result<(), DataPathError> {
        match self.merge(frame) {
            Some(f) => self.send_port(port, &f),
            None => {
                self.stats.dropped += 1;
                Ok(())
            }
        }
    }

    fn send_port(&mut self, port: u16, frame: &[u8]) -> Result<(), DataPathError> {
        let Some((_, p)) = self.ports.iter_mut().find(|(n, _)| *n == port) else {
            self.stats.unbound_port += 1;
            return Ok(());
        };
        // Recorded as the program sent it, whether or not the port takes it
        // (as `tandem live` records).
        if let Some(r) = &mut self.recording {
            let ts = r.stamp();
            r.outputs.write(port, ts, frame)?;
        }
        if p.send(frame)? {
            self.stats.frames_out += 1;
        } else {
            self.stats.tx_refused += 1;
        }
        Ok(())
    }

    fn send_cpu(&mut self, frame: &[u8]) -> Result<(), PortError> {
        if !self.cpu.send(frame)? {
            self.stats.tx_refused += 1;
        }
        Ok(())
    }

    /// Each port's counters (traffic ports by number, then the CPU port).
    pub fn port_stats(&mut self) -> Vec<(String, PortStats)> {
        let mut out: Vec<(String, PortStats)> = self
            .ports
            .iter_mut()
            .map(|(n, p)| (format!("port{n}:{}", p.name()), p.stats()))
            .collect();
        out.push((format!("cpu:{}", self.cpu.name()), self.cpu.stats()));
        out
    }

    /// A status line: the data path's counters, each port's, the switch's
    /// and the number of entries of every table (JSON, one line).
    pub fn status(&mut self) -> serde_json::Value {
        let r = self.report();
        status(&self.device, &[r])
    }
}

/// A status line over data-path workers: their counters summed, each
/// socket's (per worker when there are several), the switch's packet
/// counters summed over the copies, the number of entries of every table.
pub fn status(device: &Device, workers: &[WorkerReport]) -> serde_json::Value {
    let mut total = SwitchStats::default();
    let mut ports = serde_json::Map::new();
    for (k, w) in workers.iter().enumerate() {
        total.add(&w.stats);
        for (n, s) in &w.ports {
            let name = if workers.len() > 1 {
                format!("w{k}:{n}")
            } else {
                n.clone()
            };
            ports.insert(name, port_json(s));
        }
    }
    let switch = device
        .data_plane_stats()
        .map_or(serde_json::Value::Null, |st| {
            serde_json::json!({
                "packets_in": st.packets_in,
                "packets_out": st.packets_out,
                "to_cpu": st.to_cpu,
                "dropped": st.dropped,
            })
        });
    let tables = device
        .with_switch(|sw| {
            let tables: serde_json::Map<String, serde_json::Value> = sw
                .program()
                .tables
                .iter()
                .map(|t| {
                    (
                        t.name.clone(),
                        serde_json::json!(sw.table_len(&t.name).unwrap_or(0)),
                    )
                })
                .collect();
            serde_json::Value::Object(tables)
        })
        .unwrap_or(serde_json::Value::Null);
    let mut v = serde_json::json!({
        "data_path": total,
        "server_primary": device.has_primary(),
        "ports": ports,
        "switch": switch,
        "table_entries": tables,
    });
    if let Some(p) = workers.iter().find_map(|w| w.park) {
        v["park"] = serde_json::to_value(p).unwrap_or_default();
    }
    if workers.len() > 1 {
        v["workers"] = serde_json::Value::Array(
            workers
                .iter()
                .map(|w| serde_json::to_value(&w.stats).unwrap_or_default())
                .collect(),
        );
    }
    v
}

fn port_json(s: &PortStats) -> serde_json::Value {
    serde_json::json!({
        "rx_frames": s.rx_frames,
        "rx_bytes": s.rx_bytes,
        "rx_ring_drops": s.rx_ring_drops,
        "tx_frames": s.tx_frames,
        "tx_bytes": s.tx_bytes,
        "tx_too_big": s.tx_too_big,
        "tx_errors": s.tx_errors,
    })
}
