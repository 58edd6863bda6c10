//! `tandem filter live --switch xdp`: CoFilter's switch program in the
//! kernel's XDP hook on both ports, its CPU agent ([`RemoteAgent`]) in this
//! process on a veth pair that is the switch's CPU port.
//!
//! Data packets of known connections are decided in the kernel. What the
//! program sends to the CPU port reaches the agent wrapped "from port N" (the
//! XDP program wraps it, as `tandem switch` does); the agent writes the cells
//! and entries its decision needs into the maps (registers plain or
//! exchanged, the exact table a hash map; writes land one by one, as on a
//! P4Runtime switch without atomic batches) and sends the packet back "out of
//! port M", or drops it; a FIN to be counted goes back raw into the CPU port.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use filter::remote::{RemoteAgent, SwitchIo, Write};
use port::Port;
use procs::link;
use runner::xdp_live::ServerLink;
use serde::Serialize;
use xdp::XdpSwitch;
use xdp::live::{Attached, Binding, PortCounts};

use crate::daemon::DaemonStats;

/// The XDP switch as the agent reaches it.
struct Io<'a>(&'a mut XdpSwitch, Duration);

impl SwitchIo for Io<'_> {
    type Error = xdp::XdpError;

    fn write(&mut self, writes: &[Write]) -> Result<(), xdp::XdpError> {
        let now = self.1;
        for w in writes {
            match w {
                Write::Register(r) => self.0.write_register(&r.register, r.index, r.value)?,
                Write::Table(pipe::Update::Insert { table, entry }) => {
                    self.0.insert(table, entry, now)?
                }
                Write::Table(pipe::Update::Modify { table, entry }) => {
                    self.0.modify(table, entry, now)?
                }
                Write::Table(pipe::Update::Delete {
                    table,
                    key,
                    priority,
                }) => self.0.delete(table, key, *priority)?,
                Write::Meter {
                    meter,
                    index,
                    config,
                } => self.0.set_meter(meter, *index, *config)?,
            }
        }
        Ok(())
    }

    fn read_registers(&mut self, cells: &[(String, u32)]) -> Result<Vec<u64>, xdp::XdpError> {
        cells
            .iter()
            .map(|(r, i)| self.0.read_register(r, *i))
            .collect()
    }

    /// The XDP target writes registers from the control plane, so it runs
    /// the register cells; table cells are for switches that cannot.
    fn read_hits(
        &mut self,
        table: &str,
        _now: u64,
    ) -> Result<Vec<(pipe::TableEntry, u64)>, xdp::XdpError> {
        Err(xdp::XdpError::Refused(xdp::plan::Refused::Invalid(
            format!(
                "table `{table}`: the XDP target keeps no hit times for the agent to read; run CoFilter's register cells on it (--cells registers)"
            ),
        )))
    }
}

/// Why the run could not start.
#[derive(Debug, thiserror::Error)]
pub enum XdpAgentError {
    /// The program or the target failed.
    #[error(transparent)]
    Xdp(#[from] xdp::XdpError),
    /// CoFilter's program could not be built.
    #[error(transparent)]
    Program(#[from] pipe::ProgramError),
    /// The CPU link could not be made or opened.
    #[error("CPU link: {0}")]
    Link(String),
    /// A port failed.
    #[error(transparent)]
    Port(#[from] port::PortError),
    /// The recording could not be written.
    #[error(transparent)]
    Record(#[from] runner::SinkError),
}

/// A finished run.
#[derive(Debug, Serialize)]
pub struct XdpAgentOutcome {
    /// Frames per port as the programs counted them.
    pub ports: BTreeMap<u16, PortCounts>,
    /// The agent loop's counters.
    pub daemon: DaemonStats,
    /// The agent's counters.
    pub agent: filter::remote::RemoteStats,
    /// Connections tracked at the end.
    pub connections: usize,
    /// The XDP programs' own counters.
    pub xdp: xdp::XdpStats,
    /// How each port's program runs.
    pub modes: Vec<(u16, String, &'static str)>,
    /// Records read from the ring buffer (`--record`).
    pub recorded: u64,
    /// Why the run stopped early, if it did.
    #[serde(skip)]
    pub error: Option<String>,
}

/// CoFilter on XDP with its agent here.
pub struct XdpAgent {
    agent: RemoteAgent,
    switch: XdpSwitch,
    link: Box<dyn Port>,
    _attached: Attached,
    _cpu_link: ServerLink,
    modes: Vec<(u16, String, &'static str)>,
    recorder: Option<runner::xdp_live::RecordDrain>,
    stats: DaemonStats,
}

impl XdpAgent {
    /// Loads CoFilter's program for `agent` into the kernel, installs the
    /// agent's state, creates the CPU link and attaches the programs to the
    /// two ports. `ktime_base`: the kernel's monotonic clock when the
    /// caller's clock read zero.
    pub fn start(
        mut agent: RemoteAgent,
        ports: &[Binding],
        only: Option<bpf::XdpMode>,
        record: Option<&Path>,
        ktime_base: u64,
    ) -> Result<XdpAgent, XdpAgentError> {
        let program = agent.program()?;
        let mut switch = XdpSwitch::load_with(&program, record.is_some())?;
        switch.set_clock_base(ktime_base);
        agent.install(&mut Io(&mut switch, Duration::ZERO))?;
        let cpu = filter::program::CPU_PORT as u16;
        let cpu_link = ServerLink::create(std::process::id()).map_err(XdpAgentError::Link)?;
        let link = runner::xdp_live::open_link(&cpu_link).map_err(XdpAgentError::Link)?;
        let mut bindings = ports.to_vec();
        bindings.push(Binding {
            port: cpu,
            interface: cpu_link.switch_end.clone(),
        });
        let attached = switch.attach(&bindings, Some(cpu), only)?;
        let modes = attached
            .modes()
            .into_iter()
            .map(|(b, m)| (b.port, b.interface, m.name()))
            .collect();
        let numbers: Vec<u16> = ports.iter().map(|b| b.port).collect();
        let recorder = match record {
            Some(dir) => Some(
                runner::xdp_live::RecordDrain::new(&switch, dir, &numbers, ktime_base)
                    .map_err(|e| XdpAgentError::Link(e.to_string()))?,
            ),
            None => None,
        };
        Ok(XdpAgent {
            agent,
            switch,
            link,
            _attached: attached,
            _cpu_link: cpu_link,
            modes,
            recorder,
            stats: DaemonStats::default(),
        })
    }

    /// How each port's program runs.
    pub fn modes(&self) -> &[(u16, String, &'static str)] {
        &self.modes
    }

    fn handle(&mut self, frame: &[u8], now_ns: u64) -> Result<(), port::PortError> {
        self.stats.frames_in += 1;
        let Ok((link::Kind::FromPort, port, inner)) = link::unwrap(frame) else {
            self.stats.bad_frames += 1;
            return Ok(());
        };
        let now = Duration::from_nanos(now_ns);
        let h = match self
            .agent
            .handle(&mut Io(&mut self.switch, now), now_ns, port, inner)
        {
            Ok(h) => h,
            Err(_) => {
                self.stats.dropped_on_error += 1;
                return Ok(());
            }
        };
        crate::daemon::carry_out(&mut self.stats, &mut *self.link, h, inner)
    }

    /// Serves the CPU link until `stop`, calling `status` about once a second
    /// with the ports' counters.
    pub fn run(
        mut self,
        clock: &mut dyn FnMut() -> u64,
        stop: &AtomicBool,
        status: &mut dyn FnMut(u64, &BTreeMap<u16, PortCounts>),
    ) -> XdpAgentOutcome {
        let mut error = None;
        let mut next_status = 0;
        let mut frames: Vec<Vec<u8>> = Vec::with_capacity(64);
        while !stop.load(Ordering::Relaxed) {
            frames.clear();
            if let Err(e) = self.link.recv(64, Duration::from_millis(1), &mut |f| {
                frames.push(f.data.to_vec())
            }) {
                error = Some(e.to_string());
                break;
            }
            let now = clock();
            for f in std::mem::take(&mut frames) {
                if let Err(e) = self.handle(&f, now) {
                    error = Some(e.to_string());
                }
            }
            if self
                .agent
                .tick(&mut Io(&mut self.switch, Duration::from_nanos(now)), now)
                .is_err()
            {
                self.stats.dropped_on_error += 1;
            }
            if let Some(r) = self.recorder.as_mut() {
                if let Err(e) = r.drain() {
                    error = Some(e.to_string());
                }
            }
            if error.is_some() {
                break;
            }
            if now >= next_status {
                next_status = now + 1_000_000_000;
                status(now, &self.switch.port_counts().unwrap_or_default());
            }
        }
        std::thread::sleep(Duration::from_millis(20));
        let mut recorded = 0;
        if let Some(mut r) = self.recorder.take() {
            if let Err(e) = r.finish() {
                error.get_or_insert(e.to_string());
            }
            recorded = r.records();
        }
        XdpAgentOutcome {
            ports: self.switch.port_counts().unwrap_or_default(),
            daemon: self.stats,
            agent: self.agent.stats,
            connections: self.agent.agent.tracker.len(),
            xdp: self.switch.stats().unwrap_or_default(),
            modes: self.modes,
            recorded,
            error,
        }
    }
}
