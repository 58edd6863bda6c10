//! Live runs (`tandem live`): frames from [`Port`]s through an [`Engine`] and back
//! out of ports, with the same [`Runner`] (counts, held packets, summary) as `tandem
//! run`. The engine sees exactly what it sees from a pcap: a frame, its port and a
//! time, so a live run means what a replay of its recorded inputs means.
//!
//! Time comes from the caller's clock (nanoseconds since the run started); the loop
//! makes it strictly increasing across all ports, so recorded inputs replayed with
//! `tandem run --input` are processed in exactly the live order.
//!
//! ```text
//! ports ─recv batch─▶ Runner ─▶ Engine ─▶ TxQueue (bounded) ─send─▶ ports
//!   └─ record DIR/in/portN.pcap        └─ record DIR/out/portN.pcap
//! ```

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use port::{Poller, Port, PortStats};
use serde::Serialize;

use crate::engine::Engine;
use crate::partitioned::PartitionStats;
use crate::run::Runner;
use crate::sink::{PcapDir, Sink, SinkError};
use crate::summary::{LivePort, Source, Summary};

/// Settings of the live loop.
///
/// # Configuration
/// - `batch`: frames taken from one port before looking at the next (default 64).
/// - `idle_wait`: how long to block when no port has frames (default 1 ms; also the
///   granularity of releasing held packets and of idle polls when there is no
///   traffic).
/// - `tx_queue`: frames one round may queue for sending (default 4096); beyond it
///   frames are dropped and counted in [`LiveStats::tx_queue_overflow`].
/// - `max_packets`: stop after this many received frames.
/// - `status_every`: how often `status` is called (default 1 s).
#[derive(Debug, Clone)]
pub struct LiveOptions {
    pub batch: usize,
    pub idle_wait: Duration,
    pub tx_queue: usize,
    pub max_packets: Option<u64>,
    pub status_every: Duration,
}

impl Default for LiveOptions {
    fn default() -> Self {
        LiveOptions {
            batch: 64,
            idle_wait: Duration::from_millis(1),
            tx_queue: 4096,
            max_packets: None,
            status_every: Duration::from_secs(1),
        }
    }
}

/// Counters of the live loop itself, beside the run summary.
#[derive(Debug, Clone, Default, Serialize)]
pub struct LiveStats {
    /// Frames the engine sent while the round's send queue was full.
    pub tx_queue_overflow: u64,
    /// Frames the engine sent to a port no interface is bound to.
    pub unbound_port_drops: u64,
    /// Each port's counters at the end.
    pub ports: BTreeMap<u16, PortStats>,
}

/// What `status` sees once per `status_every`.
#[derive(Debug, Clone)]
pub struct LiveStatus {
    /// Clock at this report.
    pub now_ns: u64,
    /// Each port's counters now.
    pub ports: BTreeMap<u16, PortStats>,
    /// The partitioned engine's counters (server share, control ops, held packets).
    pub partition: Option<PartitionStats>,
}

/// A live run's result: the summary (as `tandem run` gives it) and the loop's own
/// counters. Nothing processed is lost: an output error stops the run, but the
/// summary covers everything before it.
#[derive(Debug)]
pub struct LiveOutcome {
    pub summary: Summary,
    pub live: LiveStats,
    pub error: Option<LiveError>,
}

/// Why a live run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum LiveError {
    #[error(transparent)]
    Port(#[from] port::PortError),
    #[error(transparent)]
    Record(#[from] SinkError),
}

/// Frames to send, collected during one round, plus the optional output recording.
struct TxQueue {
    frames: Vec<(u16, Vec<u8>)>,
    used: usize,
    limit: usize,
    overflow: u64,
    record: Option<PcapDir>,
}

impl Sink for TxQueue {
    fn write(&mut self, port: u16, ts_ns: u64, frame: &[u8]) -> Result<(), SinkError> {
        if let Some(r) = &mut self.record {
            r.write(port, ts_ns, frame)?;
        }
        if self.used >= self.limit {
            self.overflow += 1;
            return Ok(());
        }
        // Slots keep their buffers between rounds: no allocation once warm.
        if self.used == self.frames.len() {
            self.frames.push((port, Vec::with_capacity(frame.len())));
        }
        let slot = &mut self.frames[self.used];
        slot.0 = port;
        slot.1.clear();
        slot.1.extend_from_slice(frame);
        self.used += 1;
        Ok(())
    }

    fn finish(&mut self) -> Result<(), SinkError> {
        match &mut self.record {
            Some(r) => r.finish(),
            None => Ok(()),
        }
    }
}

/// Recording of a live run: what entered each port (`DIR/in/portN.pcap`) and what
/// left it (`DIR/out/portN.pcap`), with the times the engine saw.
pub struct Recording {
    inputs: PcapDir,
    outputs: PcapDir,
}

impl Recording {
    /// Creates `dir/in` and `dir/out` with a file per port.
    pub fn create(dir: &Path, ports: &[u16]) -> Result<Recording, SinkError> {
        Ok(Recording {
            inputs: PcapDir::create(&dir.join("in"), ports)?,
            outputs: PcapDir::create(&dir.join("out"), ports)?,
        })
    }
}

/// Runs `engine` on frames from `ports` until `stop` is set (or `max_packets`
/// frames arrived), sending what it forwards out of the bound ports.
#[allow(clippy::too_many_arguments)]
pub fn run_live(
    engine: &mut dyn Engine,
    program: &ir::Program,
    ports: &mut [(u16, Box<dyn Port>)],
    recording: Option<Recording>,
    clock: &mut dyn FnMut() -> u64,
    stop: &AtomicBool,
    opts: &LiveOptions,
    status: &mut dyn FnMut(&LiveStatus),
) -> LiveOutcome {
    let (mut rec_in, rec_out) = match recording {
        Some(r) => (Some(r.inputs), Some(r.outputs)),
        None => (None, None),
    };
    let sink = TxQueue {
        frames: Vec::new(),
        used: 0,
        limit: opts.tx_queue.max(1),
        overflow: 0,
        record: rec_out,
    };
    let source = Source::Live {
        ports: ports
            .iter()
            .map(|(n, p)| LivePort {
                port: *n,
                interface: p.name().to_string(),
            })
            .collect(),
    };
    let mut poller = Poller::new(ports.iter().map(|(_, p)| &**p));
    let index: BTreeMap<u16, usize> = ports
        .iter()
        .enumerate()
        .map(|(i, (n, _))| (*n, i))
        .collect();
    let mut runner = Runner::new(engine, program, sink);
    let mut live = LiveStats::default();
    let mut last = 0u64;
    let mut received = 0u64;
    let status_every = u64::try_from(opts.status_every.as_nanos()).unwrap_or(u64::MAX);
    let mut next_status = status_every;
    let mut error: Option<LiveError> = None;

    'run: while !stop.load(Ordering::Relaxed) {
        let mut got = 0usize;
        for (pnum, port) in ports.iter_mut() {
            let pnum = *pnum;
            let budget = match opts.max_packets {
                Some(max) => opts.batch.min((max - received.min(max)) as usize),
                None => opts.batch,
            };
            if budget == 0 {
                break 'run;
            }
            let mut fault: Option<LiveError> = None;
            let n = port.recv(budget, Duration::ZERO, &mut |f| {
                if fault.is_some() {
                    return;
                }
                let now = clock().max(last + 1);
                last = now;
                if let Some(r) = &mut rec_in
                    && let Err(e) = r.write(pnum, now, f.data)
                {
                    fault = Some(e.into());
                    return;
                }
                if let Err(e) = runner.packet(pnum, now, f.data) {
                    fault = Some(e.into());
                }
            });
            match n {
                Ok(n) => {
                    got += n;
                    received += n as u64;
                }
                Err(e) => fault = fault.or(Some(e.into())),
            }
            if let Some(e) = fault {
                error = Some(e);
                break 'run;
            }
        }
        let now = clock().max(last);
        last = now;
        if let Err(e) = runner.advance(now) {
            error = Some(e.into());
            break;
        }
        if let Err(e) = send_queued(runner.sink_mut(), ports, &index, &mut live) {
            error = Some(e);
            break;
        }
        if now >= next_status {
            next_status = now.saturating_add(status_every);
            status(&LiveStatus {
                now_ns: now,
                ports: ports.iter_mut().map(|(n, p)| (*n, p.stats())).collect(),
                partition: runner.engine().partition_stats(),
            });
        }
        if got == 0
            && let Err(e) = poller.wait(opts.idle_wait)
        {
            error = Some(e.into());
            break;
        }
    }

    if let Some(r) = &mut rec_in
        && let Err(e) = r.finish()
    {
        error.get_or_insert(e.into());
    }
    // End of the run: everything still held is let out (as at the end of a replay).
    let (summary, mut sink, closed) = runner.finish(source);
    if let Err(e) = closed {
        error.get_or_insert(e.into());
    }
    if let Err(e) = send_queued(&mut sink, ports, &index, &mut live) {
        error.get_or_insert(e);
    }
    live.tx_queue_overflow = sink.overflow;
    live.ports = ports.iter_mut().map(|(n, p)| (*n, p.stats())).collect();
    LiveOutcome {
        summary,
        live,
        error,
    }
}

/// Sends the frames the round queued, in order, and empties the queue.
fn send_queued(
    q: &mut TxQueue,
    ports: &mut [(u16, Box<dyn Port>)],
    index: &BTreeMap<u16, usize>,
    live: &mut LiveStats,
) -> Result<(), LiveError> {
    for (port, frame) in q.frames.iter().take(q.used) {
        match index.get(port) {
            Some(&i) => {
                ports[i].1.send(frame)?;
            }
            None => live.unbound_port_drops += 1,
        }
    }
    q.used = 0;
    Ok(())
}
