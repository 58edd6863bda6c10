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

use std::sync::Arc;
use std::time::Duration;

use p4rt::server::Device;
use port::{Poller, Port, PortError, PortStats};
use serde::Serialize;

use crate::link;

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

/// The data path of `tandem switch -p ... --cpu-port IF`.
pub struct SwitchDaemon {
    device: Arc<Device>,
    ports: Vec<(u16, Box<dyn Port>)>,
    cpu: Box<dyn Port>,
    cpu_port: u16,
    stats: SwitchStats,
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
            stats: SwitchStats::default(),
        }
    }

    /// Counters so far.
    pub fn stats(&self) -> &SwitchStats {
        &self.stats
    }

    /// One round: up to [`BATCH`] frames from every port and from the
    /// server link, each run and sent on; if none was ready, waits up to
    /// `timeout` for one. Returns the frames handled.
    pub fn poll(&mut self, timeout: Duration) -> Result<usize, PortError> {
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

    fn on_port_frame(&mut self, in_port: u16, frame: &[u8]) -> Result<(), PortError> {
        let (out, primary) = match self.device.process(in_port, frame) {
            Ok(x) => x,
            Err(_) => {
                self.stats.errors += 1;
                return Ok(());
            }
        };
        match out.verdict {
            pipe::Verdict::Emit { port } if port == self.cpu_port => {
                if !primary {
                    self.stats.punts_without_server += 1;
                    return Ok(());
                }
                self.stats.to_server += 1;
                if server::frames::is_transfer(&out.bytes) {
                    self.send_cpu(&out.bytes)
                } else {
                    // The parser refused it: the server runs it whole and
                    // needs the port it came in on.
                    let w = link::wrap(link::Kind::FromPort, in_port, &out.bytes);
                    self.send_cpu(&w)
                }
            }
            pipe::Verdict::Emit { port } => self.send_port(port, &out.bytes),
            pipe::Verdict::Drop(_) => {
                self.stats.dropped += 1;
                Ok(())
            }
        }
    }

    fn on_server_frame(&mut self, frame: &[u8]) -> Result<(), PortError> {
        if link::is_link(frame) {
            return match link::unwrap(frame) {
                Ok((link::Kind::OutOf, port, inner)) => {
                    let inner = inner.to_vec();
                    self.send_port(port, &inner)
                }
                _ => {
                    self.stats.bad_from_server += 1;
                    Ok(())
                }
            };
        }
        let out = match self.device.process(self.cpu_port, frame) {
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
            pipe::Verdict::Emit { port } => self.send_port(port, &out.bytes),
            pipe::Verdict::Drop(_) => {
                self.stats.dropped += 1;
                Ok(())
            }
        }
    }

    fn send_port(&mut self, port: u16, frame: &[u8]) -> Result<(), PortError> {
        let Some((_, p)) = self.ports.iter_mut().find(|(n, _)| *n == port) else {
            self.stats.unbound_port += 1;
            return Ok(());
        };
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
        let ports: serde_json::Map<String, serde_json::Value> = self
            .port_stats()
            .into_iter()
            .map(|(n, s)| (n, port_json(&s)))
            .collect();
        let (switch, tables) = self
            .device
            .with_switch(|sw| {
                let st = sw.stats();
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
                (
                    serde_json::json!({
                        "packets_in": st.packets_in,
                        "packets_out": st.packets_out,
                        "to_cpu": st.to_cpu,
                        "dropped": st.dropped,
                    }),
                    serde_json::Value::Object(tables),
                )
            })
            .unwrap_or((serde_json::Value::Null, serde_json::Value::Null));
        serde_json::json!({
            "data_path": self.stats,
            "server_primary": self.device.has_primary(),
            "ports": ports,
            "switch": switch,
            "table_entries": tables,
        })
    }
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
