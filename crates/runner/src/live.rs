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
//! ports ─recv batch─▶ Runner ─▶ Engine ─▶ TxQueue (bounded) ─send_batch─▶ ports
//!   └─ record DIR/in/portN.pcap        └─ record DIR/out/portN.pcap
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TryRecvError, TrySendError};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use port::{Poller, Port, PortStats, Waker};
use serde::Serialize;

use crate::engine::Engine;
use crate::partitioned::PartitionStats;
use crate::run::Runner;
use crate::sharded::ShardedEngine;
use crate::sink::{Emitted, PacketLog, PcapDir, Sink, SinkError};
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
/// - `max_packets`: stop after this many received frames (with workers, frames
///   already handed to the engine when the count is reached are processed too).
/// - `status_every`: how often `status` is called (default 1 s).
#[derive(Debug, Clone)]
pub struct LiveOptions {
    pub batch: usize,
    pub idle_wait: Duration,
    pub tx_queue: usize,
    pub max_packets: Option<u64>,
    pub status_every: Duration,
    /// With workers ([`run_live_workers`]): batches the workers may have waiting
    /// for the engine (default 64). A worker whose batch does not fit waits, and its
    /// receive rings fill (the kernel counts what they drop).
    pub dispatch_queue: usize,
}

impl Default for LiveOptions {
    fn default() -> Self {
        LiveOptions {
            batch: 64,
            idle_wait: Duration::from_millis(1),
            tx_queue: 4096,
            max_packets: None,
            status_every: Duration::from_secs(1),
            dispatch_queue: 64,
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
    /// Each port's counters at the end (summed over workers).
    pub ports: BTreeMap<u16, PortStats>,
    /// With workers ([`run_live_workers`]): what each one received and sent, in
    /// worker order; empty for the single-threaded loop.
    pub workers: Vec<WorkerStats>,
}

/// One worker's share of the traffic.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct WorkerStats {
    /// Frames it received (on all its ports) and handed to the engine.
    pub rx_frames: u64,
    /// Frames it sent for the engine (on all its ports).
    pub tx_frames: u64,
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
    /// The switch tables' entries and lookups, when the engine keeps one
    /// switch model ([`crate::Engine::table_stats`]; empty otherwise).
    pub tables: Vec<pipe::TableStats>,
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
    /// A worker thread's port failed (with workers).
    #[error("{0}")]
    Worker(String),
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
    pub(crate) inputs: PcapDir,
    pub(crate) outputs: PcapDir,
    dir: PathBuf,
    ports: Vec<u16>,
}

impl Recording {
    /// Creates `dir/in` and `dir/out` with a file per port.
    pub fn create(dir: &Path, ports: &[u16]) -> Result<Recording, SinkError> {
        Ok(Recording {
            inputs: PcapDir::create(&dir.join("in"), ports)?,
            outputs: PcapDir::create(&dir.join("out"), ports)?,
            dir: dir.to_path_buf(),
            ports: ports.to_vec(),
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
            // One clock reading per batch (the frames were all waiting in the
            // ring by then), each frame a nanosecond after the one before,
            // instead of a clock call per frame.
            let batch_at = clock();
            let n = port.recv(budget, Duration::ZERO, &mut |f| {
                if fault.is_some() {
                    return;
                }
                let now = batch_at.max(last + 1);
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
                tables: runner.engine().table_stats(),
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

/// Sends the frames the round queued and empties the queue: each port's frames
/// in the order the engine sent them, in one [`Port::send_batch`] per port (a
/// few system calls for the round instead of one per frame).
fn send_queued(
    q: &mut TxQueue,
    ports: &mut [(u16, Box<dyn Port>)],
    index: &BTreeMap<u16, usize>,
    live: &mut LiveStats,
) -> Result<(), LiveError> {
    let queued = &q.frames[..q.used];
    live.unbound_port_drops += queued
        .iter()
        .filter(|(port, _)| !index.contains_key(port))
        .count() as u64;
    let mut batch: Vec<&[u8]> = Vec::with_capacity(queued.len());
    for (pnum, port) in ports.iter_mut() {
        batch.clear();
        batch.extend(
            queued
                .iter()
                .filter(|(p, _)| p == pnum)
                .map(|(_, f)| f.as_slice()),
        );
        if !batch.is_empty() {
            port.send_batch(&batch)?;
        }
    }
    q.used = 0;
    Ok(())
}

/// Frames one worker received, in arrival order, for the engine.
struct RxBatch {
    worker: usize,
    frames: Vec<(u16, Vec<u8>)>,
}

/// Frames the engine decided to send, for one worker.
type TxBatch = Vec<(u16, Vec<u8>)>;

/// The live loop on several worker threads (`tandem live --workers N`).
///
/// `workers[i]` holds worker i's ports: one socket per interface, each interface's
/// sockets in one `PACKET_FANOUT` hash group, so every flow (both directions of a
/// 5-tuple) reaches one worker. Workers receive and send in parallel; the engine runs
/// on the calling thread, one batch at a time in the order batches arrive, so the
/// program's state (shared across flows: the NAT's port allocator, the server's
/// primary state, the switch model's tables) has one writer and needs no locks, and
/// the recording replays exactly as with [`run_live`]. What the engine sends in
/// answer to a batch goes back to the worker that received it (so a flow's frames
/// leave in the order they came); held packets released by time go to worker 0.
///
/// ```text
/// worker 0: fanout sockets ─batch─┐                 ┌─▶ worker 0 ─send─▶ ports
/// worker 1: fanout sockets ─batch─┼▶ engine (caller) ┤
///                    (bounded queue)    Runner        └─▶ worker 1 ─send─▶ ports
/// ```
///
/// Stopping (`stop`, `max_packets`, a worker's port failing): workers stop
/// receiving, the engine processes every batch already handed over, lets out what
/// is still held, the workers send it and exit.
#[allow(clippy::too_many_arguments)]
pub fn run_live_workers(
    engine: &mut dyn Engine,
    program: &ir::Program,
    workers: Vec<Vec<(u16, Box<dyn Port>)>>,
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
        ports: workers
            .first()
            .map(|ports| {
                ports
                    .iter()
                    .map(|(n, p)| LivePort {
                        port: *n,
                        interface: p.name().to_string(),
                    })
                    .collect()
            })
            .unwrap_or_default(),
    };
    let mut runner = Runner::new(engine, program, sink);
    let mut live = LiveStats::default();
    let mut error: Option<LiveError> = None;
    let n = workers.len();
    let mut wakers = Vec::with_capacity(n);
    for _ in 0..n {
        match Waker::new() {
            Ok(w) => wakers.push(w),
            Err(e) => {
                let (summary, _, _) = runner.finish(source);
                return LiveOutcome {
                    summary,
                    live,
                    error: Some(e.into()),
                };
            }
        }
    }
    let rx_stop = AtomicBool::new(false);
    let halt = AtomicBool::new(false);
    let published: Mutex<Vec<BTreeMap<u16, PortStats>>> = Mutex::new(vec![BTreeMap::new(); n]);
    let (to_engine, from_workers) =
        std::sync::mpsc::sync_channel::<RxBatch>(opts.dispatch_queue.max(1));
    let mut to_workers = Vec::with_capacity(n);
    let mut worker_rx = Vec::with_capacity(n);
    for _ in 0..n {
        // Bounded like the single loop's send queue: tx_queue frames in batches of
        // at most `batch` frames each.
        let (tx, rx) =
            std::sync::mpsc::sync_channel::<TxBatch>((opts.tx_queue / opts.batch.max(1)).max(4));
        to_workers.push(tx);
        worker_rx.push(rx);
    }
    let status_every = u64::try_from(opts.status_every.as_nanos()).unwrap_or(u64::MAX);

    let (summary, results) = std::thread::scope(|s| {
        let mut handles = Vec::with_capacity(n);
        for (id, (ports, from_engine)) in workers.into_iter().zip(worker_rx).enumerate() {
            let ctx = WorkerCtx {
                id,
                to_engine: to_engine.clone(),
                from_engine,
                waker: &wakers[id],
                rx_stop: &rx_stop,
                halt: &halt,
                published: &published,
                batch: opts.batch.max(1),
                idle_wait: opts.idle_wait,
            };
            handles.push(s.spawn(move || worker(ctx, ports)));
        }
        drop(to_engine);

        let mut last = 0u64;
        let mut received = 0u64;
        let mut next_status = status_every;
        let mut process = |b: RxBatch,
                           runner: &mut Runner<'_, TxQueue>,
                           last: &mut u64,
                           clock: &mut dyn FnMut() -> u64|
         -> Result<(), LiveError> {
            let batch_at = clock();
            for (pnum, data) in &b.frames {
                let now = batch_at.max(*last + 1);
                *last = now;
                if let Some(r) = &mut rec_in {
                    r.write(*pnum, now, data)?;
                }
                runner.packet(*pnum, now, data)?;
            }
            hand_out(runner.sink_mut(), &to_workers[b.worker], &wakers[b.worker]);
            Ok(())
        };
        while !stop.load(Ordering::Relaxed) && !halt.load(Ordering::Relaxed) {
            match from_workers.recv_timeout(opts.idle_wait) {
                Ok(b) => {
                    received += b.frames.len() as u64;
                    if let Err(e) = process(b, &mut runner, &mut last, clock) {
                        error = Some(e);
                        break;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            let now = clock().max(last);
            last = now;
            if let Err(e) = runner.advance(now) {
                error = Some(e.into());
                break;
            }
            hand_out(runner.sink_mut(), &to_workers[0], &wakers[0]);
            if now >= next_status {
                next_status = now.saturating_add(status_every);
                status(&LiveStatus {
                    now_ns: now,
                    ports: sum_ports(&published.lock().unwrap_or_else(PoisonError::into_inner)),
                    partition: runner.engine().partition_stats(),
                    tables: runner.engine().table_stats(),
                });
            }
            if opts.max_packets.is_some_and(|max| received >= max) {
                break;
            }
        }
        // Stop receiving; every batch already handed over is still processed (so
        // with `max_packets` a few more frames than asked may be processed).
        rx_stop.store(true, Ordering::Relaxed);
        while let Ok(b) = from_workers.recv() {
            if error.is_none()
                && let Err(e) = process(b, &mut runner, &mut last, clock)
            {
                error = Some(e);
            }
        }
        if let Some(r) = &mut rec_in
            && let Err(e) = r.finish()
        {
            error.get_or_insert(e.into());
        }
        let (summary, mut sink, closed) = runner.finish(source.clone());
        if let Err(e) = closed {
            error.get_or_insert(e.into());
        }
        // The last frames may be many (everything still held): wait for room.
        let out: TxBatch = sink.frames.drain(..sink.used).collect();
        sink.used = 0;
        let len = out.len() as u64;
        if !out.is_empty() {
            if to_workers[0].send(out).is_err() {
                sink.overflow += len;
            }
            wakers[0].wake();
        }
        live.tx_queue_overflow = sink.overflow;
        drop(to_workers);
        for w in &wakers {
            w.wake();
        }
        let results: Vec<WorkerResult> = handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| WorkerResult::panicked()))
            .collect();
        (summary, results)
    });

    for r in &results {
        live.unbound_port_drops += r.unbound_port_drops;
        live.workers.push(r.stats);
        if let Some(e) = &r.error {
            error.get_or_insert(LiveError::Worker(e.clone()));
        }
    }
    let finals: Vec<BTreeMap<u16, PortStats>> = results.into_iter().map(|r| r.ports).collect();
    live.ports = sum_ports(&finals);
    LiveOutcome {
        summary,
        live,
        error,
    }
}

/// Moves what the engine queued to a worker (counted as overflow if its queue is
/// full or it is gone) and wakes it.
fn hand_out(q: &mut TxQueue, to: &SyncSender<TxBatch>, waker: &Waker) {
    if q.used == 0 {
        return;
    }
    let out: TxBatch = q.frames.drain(..q.used).collect();
    q.used = 0;
    let len = out.len() as u64;
    match to.try_send(out) {
        Ok(()) => waker.wake(),
        Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => q.overflow += len,
    }
}

fn sum_ports(per_worker: &[BTreeMap<u16, PortStats>]) -> BTreeMap<u16, PortStats> {
    let mut sum: BTreeMap<u16, PortStats> = BTreeMap::new();
    for ports in per_worker {
        for (n, s) in ports {
            let t = sum.entry(*n).or_default();
            t.rx_frames += s.rx_frames;
            t.rx_bytes += s.rx_bytes;
            t.rx_truncated += s.rx_truncated;
            t.rx_ring_drops += s.rx_ring_drops;
            t.rx_malformed += s.rx_malformed;
            t.tx_frames += s.tx_frames;
            t.tx_bytes += s.tx_bytes;
            t.tx_too_big += s.tx_too_big;
            t.tx_errors += s.tx_errors;
        }
    }
    sum
}

struct WorkerCtx<'a> {
    id: usize,
    to_engine: SyncSender<RxBatch>,
    from_engine: Receiver<TxBatch>,
    waker: &'a Waker,
    rx_stop: &'a AtomicBool,
    halt: &'a AtomicBool,
    published: &'a Mutex<Vec<BTreeMap<u16, PortStats>>>,
    batch: usize,
    idle_wait: Duration,
}

struct WorkerResult {
    stats: WorkerStats,
    ports: BTreeMap<u16, PortStats>,
    unbound_port_drops: u64,
    error: Option<String>,
}

impl WorkerResult {
    fn panicked() -> WorkerResult {
        WorkerResult {
            stats: WorkerStats::default(),
            ports: BTreeMap::new(),
            unbound_port_drops: 0,
            error: Some("a worker thread panicked".to_string()),
        }
    }
}

/// One worker: receive batches for the engine, send what the engine returns.
fn worker(ctx: WorkerCtx<'_>, mut ports: Vec<(u16, Box<dyn Port>)>) -> WorkerResult {
    let index: BTreeMap<u16, usize> = ports
        .iter()
        .enumerate()
        .map(|(i, (n, _))| (*n, i))
        .collect();
    let mut poller = Poller::new(ports.iter().map(|(_, p)| &**p));
    poller.add_waker(ctx.waker);
    let mut to_engine = Some(ctx.to_engine);
    let mut stats = WorkerStats::default();
    let mut unbound = 0u64;
    let mut error: Option<String> = None;
    let mut rounds = 0u64;
    let publish = |ports: &mut Vec<(u16, Box<dyn Port>)>| {
        let now: BTreeMap<u16, PortStats> =
            ports.iter_mut().map(|(n, p)| (*n, p.stats())).collect();
        if let Some(slot) = ctx
            .published
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get_mut(ctx.id)
        {
            *slot = now.clone();
        }
        now
    };
    loop {
        ctx.waker.clear();
        let mut busy = false;
        if ctx.rx_stop.load(Ordering::Relaxed) || error.is_some() {
            to_engine = None;
        }
        if let Some(tx) = &to_engine {
            let mut frames: Vec<(u16, Vec<u8>)> = Vec::new();
            for (pnum, port) in ports.iter_mut() {
                let pnum = *pnum;
                if let Err(e) = port.recv(ctx.batch, Duration::ZERO, &mut |f| {
                    frames.push((pnum, f.data.to_vec()));
                }) {
                    error = Some(e.to_string());
                    ctx.halt.store(true, Ordering::Relaxed);
                }
            }
            if !frames.is_empty() {
                busy = true;
                stats.rx_frames += frames.len() as u64;
                // Blocks while the engine's queue is full: back-pressure into the
                // receive rings, whose drops the kernel counts.
                if tx
                    .send(RxBatch {
                        worker: ctx.id,
                        frames,
                    })
                    .is_err()
                {
                    to_engine = None;
                }
            }
        }
        let engine_gone = loop {
            match ctx.from_engine.try_recv() {
                Ok(out) => {
                    busy = true;
                    for (port, frame) in &out {
                        match index.get(port) {
                            Some(&i) => match ports[i].1.send(frame) {
                                Ok(sent) => stats.tx_frames += u64::from(sent),
                                Err(e) => {
                                    error.get_or_insert(e.to_string());
                                    ctx.halt.store(true, Ordering::Relaxed);
                                }
                            },
                            None => unbound += 1,
                        }
                    }
                }
                Err(TryRecvError::Empty) => break false,
                Err(TryRecvError::Disconnected) => break true,
            }
        };
        if engine_gone {
            break;
        }
        rounds += 1;
        if !busy || rounds % 64 == 0 {
            publish(&mut ports);
        }
        if !busy && let Err(e) = poller.wait(ctx.idle_wait) {
            error.get_or_insert(e.to_string());
            ctx.halt.store(true, Ordering::Relaxed);
        }
    }
    WorkerResult {
        stats,
        ports: publish(&mut ports),
        unbound_port_drops: unbound,
        error: error.map(|e| format!("worker {}: {e}", ctx.id)),
    }
}

/// What a worker of [`run_live_sharded`] hands back.
struct ShardResult {
    summary: Option<Summary>,
    ports: Vec<(u16, Box<dyn Port>)>,
    stats: WorkerStats,
    port_stats: BTreeMap<u16, PortStats>,
    unbound_port_drops: u64,
    tx_queue_overflow: u64,
    error: Option<String>,
}

/// Shared by the workers of [`run_live_sharded`].
struct ShardShared<'a> {
    eng: &'a ShardedEngine,
    program: &'a ir::Program,
    clock: &'a (dyn Fn() -> u64 + Sync),
    stop: &'a AtomicBool,
    halt: &'a AtomicBool,
    received: &'a AtomicU64,
    published: &'a Mutex<Vec<BTreeMap<u16, PortStats>>>,
    opts: &'a LiveOptions,
    source: &'a Source,
}

/// The live loop with the NF on every worker (`tandem live --workers N`,
/// partitioned engine): worker i receives on its sockets (one per interface,
/// each interface's sockets in one `PACKET_FANOUT` hash group, so a flow's
/// packets in one direction reach one worker), stamps each frame with the
/// shared clock, runs it through its own [`Runner`] over
/// [`ShardedEngine::worker`] — its replica of the switch, the server side
/// under its lock when the packet or a timer needs it — and sends what that
/// decides, including the held packets its timer runs let out. An idle
/// worker lets out what has come due (a timer-only stamp) and brings its
/// replica up to date.
///
/// The run equals the sequential engine over the recorded inputs in stamp
/// order (see [`crate::sharded`]); `recording` gets exactly that: each
/// worker records into `DIR/.workers/N/`, and at the end the files are
/// merged by time into `DIR/in/portN.pcap` and `DIR/out/portN.pcap` (what
/// the end of the run lets out last) and the worker files removed.
///
/// `clock` is read by every worker (nanoseconds since start; stamps are
/// `max(clock, latest + 1)`). Stopping (`stop`, `max_packets`, a port
/// failing): workers finish the frame in hand and stop; then the end of the
/// run lets out what is still held, sent on worker 0's ports.
#[allow(clippy::too_many_arguments)]
pub fn run_live_sharded(
    eng: &ShardedEngine,
    program: &ir::Program,
    workers: Vec<Vec<(u16, Box<dyn Port>)>>,
    recording: Option<Recording>,
    clock: &(dyn Fn() -> u64 + Sync),
    stop: &AtomicBool,
    opts: &LiveOptions,
    status: &mut dyn FnMut(&LiveStatus),
) -> LiveOutcome {
    let n = workers.len();
    let source = Source::Live {
        ports: workers
            .first()
            .map(|ports| {
                ports
                    .iter()
                    .map(|(n, p)| LivePort {
                        port: *n,
                        interface: p.name().to_string(),
                    })
                    .collect()
            })
            .unwrap_or_default(),
    };
    let mut live = LiveStats::default();
    let mut error: Option<LiveError> = None;
    // Each worker's own recording, merged at the end.
    let mut worker_recs: Vec<Option<(PcapDir, PcapDir)>> = Vec::with_capacity(n);
    for id in 0..n {
        match &recording {
            Some(r) => {
                let d = r.dir.join(".workers").join(id.to_string());
                match (
                    PcapDir::create(&d.join("in"), &r.ports),
                    PcapDir::create(&d.join("out"), &r.ports),
                ) {
                    (Ok(i), Ok(o)) => worker_recs.push(Some((i, o))),
                    (Err(e), _) | (_, Err(e)) => {
                        error = Some(e.into());
                        break;
                    }
                }
            }
            None => worker_recs.push(None),
        }
    }
    if let Some(e) = error {
        let fin = Runner::new(&mut eng.finisher(), program, PacketLog::default())
            .finish(source.clone())
            .0;
        return LiveOutcome {
            summary: eng.summary(program, source, Vec::new(), fin),
            live,
            error: Some(e),
        };
    }
    let halt = AtomicBool::new(false);
    let received = AtomicU64::new(0);
    let published: Mutex<Vec<BTreeMap<u16, PortStats>>> = Mutex::new(vec![BTreeMap::new(); n]);
    let shared = ShardShared {
        eng,
        program,
        clock,
        stop,
        halt: &halt,
        received: &received,
        published: &published,
        opts,
        source: &source,
    };
    let status_every = u64::try_from(opts.status_every.as_nanos()).unwrap_or(u64::MAX);
    let mut results: Vec<ShardResult> = std::thread::scope(|s| {
        let handles: Vec<_> = workers
            .into_iter()
            .zip(worker_recs)
            .enumerate()
            .map(|(id, (ports, rec))| {
                let shared = &shared;
                s.spawn(move || shard_worker(shared, id, ports, rec))
            })
            .collect();
        let mut next_status = status_every;
        while !handles.iter().all(|h| h.is_finished()) {
            std::thread::sleep(opts.idle_wait.max(Duration::from_millis(5)));
            let now = clock();
            if now >= next_status {
                next_status = now.saturating_add(status_every);
                status(&LiveStatus {
                    now_ns: now,
                    ports: sum_ports(&published.lock().unwrap_or_else(PoisonError::into_inner)),
                    partition: Some(eng.stats()),
                    tables: Vec::new(),
                });
            }
        }
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| ShardResult {
                    summary: None,
                    ports: Vec::new(),
                    stats: WorkerStats::default(),
                    port_stats: BTreeMap::new(),
                    unbound_port_drops: 0,
                    tx_queue_overflow: 0,
                    error: Some("a worker thread panicked".to_string()),
                })
            })
            .collect()
    });

    // The end of the run: what is still held is let out, as at the end of
    // a replay, and sent on worker 0's ports.
    let (end, end_log, _) =
        Runner::new(&mut eng.finisher(), program, PacketLog::default()).finish(source.clone());
    if let Some(first) = results.first_mut() {
        let index: BTreeMap<u16, usize> = first
            .ports
            .iter()
            .enumerate()
            .map(|(i, (n, _))| (*n, i))
            .collect();
        for e in &end_log.packets {
            match index.get(&e.port) {
                Some(&i) => match first.ports[i].1.send(&e.frame) {
                    Ok(sent) => first.stats.tx_frames += u64::from(sent),
                    Err(err) => {
                        error.get_or_insert(err.into());
                    }
                },
                None => live.unbound_port_drops += 1,
            }
        }
        first.port_stats = first
            .ports
            .iter_mut()
            .map(|(n, p)| (*n, p.stats()))
            .collect();
    }
    if let Some(rec) = recording
        && let Err(e) = merge_recording(rec, n, &end_log.packets)
    {
        error.get_or_insert(e.into());
    }
    let mut summaries = Vec::with_capacity(n);
    let mut finals = Vec::with_capacity(n);
    for r in results {
        live.unbound_port_drops += r.unbound_port_drops;
        live.tx_queue_overflow += r.tx_queue_overflow;
        live.workers.push(r.stats);
        finals.push(r.port_stats);
        if let Some(e) = r.error {
            error.get_or_insert(LiveError::Worker(e));
        }
        summaries.extend(r.summary);
    }
    live.ports = sum_ports(&finals);
    LiveOutcome {
        summary: eng.summary(program, source, summaries, end),
        live,
        error,
    }
}

/// One worker of [`run_live_sharded`].
fn shard_worker(
    sh: &ShardShared<'_>,
    id: usize,
    mut ports: Vec<(u16, Box<dyn Port>)>,
    rec: Option<(PcapDir, PcapDir)>,
) -> ShardResult {
    let eng = sh.eng;
    let opts = sh.opts;
    let (mut rec_in, rec_out) = match rec {
        Some((i, o)) => (Some(i), Some(o)),
        None => (None, None),
    };
    let index: BTreeMap<u16, usize> = ports
        .iter()
        .enumerate()
        .map(|(i, (n, _))| (*n, i))
        .collect();
    let mut stats = WorkerStats::default();
    let mut lstats = LiveStats::default();
    let mut error: Option<String> = None;
    let mut view = eng.worker(id);
    let sink = TxQueue {
        frames: Vec::new(),
        used: 0,
        limit: opts.tx_queue.max(1),
        overflow: 0,
        record: rec_out,
    };
    let mut runner = Runner::new(&mut view, sh.program, sink);
    let publish = |ports: &mut Vec<(u16, Box<dyn Port>)>| {
        let now: BTreeMap<u16, PortStats> =
            ports.iter_mut().map(|(n, p)| (*n, p.stats())).collect();
        if let Some(slot) = sh
            .published
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get_mut(id)
        {
            *slot = now.clone();
        }
        now
    };
    let mut rounds = 0u64;
    'run: while !sh.stop.load(Ordering::Relaxed) && !sh.halt.load(Ordering::Relaxed) {
        let mut got = 0usize;
        for (pnum, port) in ports.iter_mut() {
            let pnum = *pnum;
            let budget = match opts.max_packets {
                Some(max) => {
                    let left = max.saturating_sub(sh.received.load(Ordering::Relaxed));
                    opts.batch.min(usize::try_from(left).unwrap_or(usize::MAX))
                }
                None => opts.batch,
            };
            if budget == 0 {
                break 'run;
            }
            let mut fault: Option<String> = None;
            let r = port.recv(budget, Duration::ZERO, &mut |f| {
                if fault.is_some() {
                    return;
                }
                let t = eng.stamp(id, (sh.clock)());
                if let Some(r) = &mut rec_in
                    && let Err(e) = r.write(pnum, t, f.data)
                {
                    fault = Some(e.to_string());
                } else if let Err(e) = runner.packet(pnum, t, f.data) {
                    fault = Some(e.to_string());
                }
                eng.done(id);
            });
            match r {
                Ok(n) => {
                    got += n;
                    stats.rx_frames += n as u64;
                    sh.received.fetch_add(n as u64, Ordering::Relaxed);
                }
                Err(e) => fault = fault.or(Some(e.to_string())),
            }
            if let Some(e) = fault {
                error = Some(e);
                sh.halt.store(true, Ordering::Relaxed);
                break 'run;
            }
        }
        if let Err(e) = send_counted(
            runner.sink_mut(),
            &mut ports,
            &index,
            &mut lstats,
            &mut stats,
        ) {
            error = Some(e.to_string());
            sh.halt.store(true, Ordering::Relaxed);
            break;
        }
        rounds += 1;
        if got == 0 {
            // Idle: let out what has come due, keep the replica current.
            eng.drain(id);
            let now = (sh.clock)();
            if eng.due_by(now) {
                let t = eng.stamp(id, now);
                let advanced = runner.advance(t).map(|_| ());
                eng.done(id);
                if let Err(e) = advanced {
                    error = Some(e.to_string());
                    sh.halt.store(true, Ordering::Relaxed);
                    break;
                }
                if let Err(e) = send_counted(
                    runner.sink_mut(),
                    &mut ports,
                    &index,
                    &mut lstats,
                    &mut stats,
                ) {
                    error = Some(e.to_string());
                    sh.halt.store(true, Ordering::Relaxed);
                    break;
                }
            }
            publish(&mut ports);
            let mut poller = Poller::new(ports.iter().map(|(_, p)| &**p));
            if let Err(e) = poller.wait(opts.idle_wait) {
                error = Some(e.to_string());
                sh.halt.store(true, Ordering::Relaxed);
                break;
            }
        } else if rounds % 64 == 0 {
            publish(&mut ports);
        }
    }
    if let Some(r) = &mut rec_in
        && let Err(e) = r.finish()
    {
        error.get_or_insert(e.to_string());
    }
    let (summary, mut sink, closed) = runner.finish(sh.source.clone());
    if let Err(e) = closed {
        error.get_or_insert(e.to_string());
    }
    if let Err(e) = send_counted(&mut sink, &mut ports, &index, &mut lstats, &mut stats) {
        error.get_or_insert(e.to_string());
    }
    ShardResult {
        summary: Some(summary),
        port_stats: publish(&mut ports),
        ports,
        stats,
        unbound_port_drops: lstats.unbound_port_drops,
        tx_queue_overflow: sink.overflow,
        error: error.map(|e| format!("worker {id}: {e}")),
    }
}

/// Sends the frames queued, in order, counting what went out; empties the
/// queue.
fn send_counted(
    q: &mut TxQueue,
    ports: &mut [(u16, Box<dyn Port>)],
    index: &BTreeMap<u16, usize>,
    live: &mut LiveStats,
    stats: &mut WorkerStats,
) -> Result<(), port::PortError> {
    for (port, frame) in q.frames.iter().take(q.used) {
        match index.get(port) {
            Some(&i) => stats.tx_frames += u64::from(ports[i].1.send(frame)?),
            None => live.unbound_port_drops += 1,
        }
    }
    q.used = 0;
    Ok(())
}

/// Merges the workers' recordings (`DIR/.workers/N/{in,out}/portP.pcap`) by
/// time into the run's, then appends what the end of the run let out, and
/// removes the workers' files.
fn merge_recording(mut rec: Recording, workers: usize, end: &[Emitted]) -> Result<(), SinkError> {
    let base = rec.dir.join(".workers");
    for (kind, into) in [("in", &mut rec.inputs), ("out", &mut rec.outputs)] {
        for &port in &rec.ports {
            let mut readers = Vec::with_capacity(workers);
            for w in 0..workers {
                let path = base
                    .join(w.to_string())
                    .join(kind)
                    .join(format!("port{port}.pcap"));
                let r = trace::pcap::PcapReader::open(&path).map_err(|source| SinkError::Pcap {
                    path: path.clone(),
                    source,
                })?;
                readers.push((path, r.peekable()));
            }
            loop {
                let mut best: Option<(u64, usize)> = None;
                for (w, (path, r)) in readers.iter_mut().enumerate() {
                    match r.peek() {
                        Some(Ok(p)) if best.is_none_or(|(t, _)| p.ts_ns < t) => {
                            best = Some((p.ts_ns, w));
                        }
                        Some(Err(_)) => {
                            if let Some(Err(source)) = r.next() {
                                return Err(SinkError::Pcap {
                                    path: path.clone(),
                                    source,
                                });
                            }
                        }
                        _ => {}
                    }
                }
                let Some((_, w)) = best else { break };
                if let Some(Ok(p)) = readers[w].1.next() {
                    into.write(port, p.ts_ns, &p.data)?;
                }
            }
        }
    }
    for e in end {
        rec.outputs.write(e.port, e.ts_ns, &e.frame)?;
    }
    rec.inputs.finish()?;
    rec.outputs.finish()?;
    std::fs::remove_dir_all(&base).map_err(|source| SinkError::Io { path: base, source })
}
