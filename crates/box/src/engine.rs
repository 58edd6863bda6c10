//! The box put together (CoMb §5.3, Fig. 8): classifier → per-hyperapp queues →
//! per-core workers running the shims, as a [`runner::Engine`], so `tandem box`
//! gets Tandem's inputs (pcaps, closed-loop workloads), per-port outputs and run
//! summary unchanged.
//!
//! Two executions with the same per-core state and the same results per packet:
//!
//! * [`Execution::Inline`]: the calling thread runs the worker of the packet's
//!   core at once. Deterministic (bit-identical runs); the reference.
//! * [`Execution::Threads`]: one thread per core used, pinned to its core when
//!   the OS allows, fed by a bounded queue per core. The caller classifies (the
//!   NIC's job in the paper) and hands packets over in bursts (a partial burst
//!   leaves when it fills or when everything is released); the engine holds every
//!   packet and releases them in arrival order once processed, so the per-port
//!   outputs are the same as inline for pcap inputs. A full queue is counted and,
//!   by the [`Overflow`] policy, waited on (offline replay) or dropped (as a NIC
//!   would). In a closed loop the replies depend on when packets are released,
//!   so interleaving across connections may vary between runs.

use std::collections::{BTreeMap, VecDeque};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::thread::JoinHandle;

use interp::Verdict;
use runner::{Engine, EngineError, Released};

use crate::boxplan::BoxPlan;
use crate::classify::Classified;
use crate::error::BoxError;
use crate::shim::ShimVerdict;
use crate::summary::{BoxCounters, BoxSummary};
use crate::worker::CoreWorker;

/// What a threaded box does when a core's queue is full.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overflow {
    /// Wait until there is room (offline replay: nothing is lost); counted.
    Wait,
    /// Drop the packet (a NIC's behaviour); counted.
    Drop,
}

/// How the workers run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Execution {
    /// On the calling thread, deterministic.
    Inline,
    /// One pinned thread per core, bounded queues of `queue_bound` packets,
    /// handed over in bursts of up to `burst` packets.
    Threads {
        /// Capacity of each core's input queue, in packets (rounded up to whole bursts).
        queue_bound: usize,
        /// Full-queue policy.
        overflow: Overflow,
        /// Packets per hand-off (1: every packet on its own). A partial burst
        /// leaves when it fills or when everything is released
        /// (`release(u64::MAX)`, [`BoxEngine::finish`]).
        burst: usize,
    },
}

/// One packet handed to a worker; the worker fills in `verdict` and sends the
/// whole burst back in the same vector (no allocation per burst or packet).
struct Job {
    id: u64,
    hyperapp: usize,
    frame: Vec<u8>,
    in_port: u16,
    now_ns: u64,
    verdict: Option<ShimVerdict>,
}

/// Spare frame buffers kept for reuse, at most, and the largest buffer kept
/// (together at most 16 MiB held).
const SPARE_FRAMES: usize = 1024;
const SPARE_FRAME_MAX_BYTES: usize = 16 * 1024;

/// A processed packet waiting for its turn to leave.
enum Out {
    Forward {
        port: u16,
        ts_ns: u64,
        frame: Vec<u8>,
    },
    Gone,
}

struct Threads {
    txs: Vec<SyncSender<Vec<Job>>>,
    rx: Receiver<Vec<Job>>,
    /// Per worker position: the burst being filled.
    bursts: Vec<Vec<Job>>,
    burst: usize,
    /// Emptied burst vectors, reused for the next bursts (at most as many as
    /// can be in flight).
    spare_bursts: Vec<Vec<Job>>,
    spare_bursts_max: usize,
    handles: Vec<JoinHandle<CoreWorker>>,
    overflow: Overflow,
    pending: Reorder,
}

/// Reorder buffer: packets by call number from `base` on, `None` while in a
/// worker; they leave from the front, in arrival order.
#[derive(Default)]
struct Reorder {
    base: u64,
    slots: VecDeque<Option<Out>>,
    in_flight: usize,
}

impl Reorder {
    /// Records packet `id` (`None`: handed to a worker). Call numbers skipped
    /// (packets refused before reaching a worker) count as gone.
    fn set(&mut self, id: u64, v: Option<Out>) {
        let Some(i) = id
            .checked_sub(self.base)
            .and_then(|i| usize::try_from(i).ok())
        else {
            return;
        };
        if let Some(slot) = self.slots.get_mut(i) {
            if slot.is_none() && v.is_some() {
                self.in_flight -= 1;
            }
            *slot = v;
            return;
        }
        while self.slots.len() < i {
            self.slots.push_back(Some(Out::Gone));
        }
        if v.is_none() {
            self.in_flight += 1;
        }
        self.slots.push_back(v);
    }

    /// The next packet in arrival order, if it is back.
    fn pop_ready(&mut self) -> Option<(u64, Out)> {
        let out = self.slots.front_mut()?.take()?;
        self.slots.pop_front();
        self.base += 1;
        Some((self.base - 1, out))
    }

    /// Marks everything still in a worker as gone; returns how many.
    fn fail_in_flight(&mut self) -> u64 {
        let mut n = 0;
        for v in self.slots.iter_mut().filter(|v| v.is_none()) {
            *v = Some(Out::Gone);
            n += 1;
        }
        self.in_flight = 0;
        n
    }
}

/// CoMb's consolidated box as a [`runner::Engine`].
pub struct BoxEngine {
    plan: BoxPlan,
    /// Core index → position in `workers` / `txs`.
    core_pos: BTreeMap<u32, usize>,
    /// The workers (inline always; threaded once joined at the end of a run).
    workers: Vec<CoreWorker>,
    threads: Option<Threads>,
    counters: BoxCounters,
    calls: u64,
    last_failed: Option<String>,
    /// Inline: read the thread CPU clock around every packet (a system call each).
    cpu_time: bool,
    /// Threaded: frame buffers to hand back to the caller in place of the
    /// frames taken (fed by dropped packets and [`Engine::recycle`]).
    spare_frames: Vec<Vec<u8>>,
    /// Threaded: a partial burst whose first packet arrived this long before the
    /// time given to `release` is handed over then (`u64::MAX`: only when full
    /// or at the end).
    burst_wait_ns: u64,
}

fn worker_loop(
    mut w: CoreWorker,
    pin: Option<core_affinity::CoreId>,
    jobs: Receiver<Vec<Job>>,
    done: SyncSender<Vec<Job>>,
) -> CoreWorker {
    w.stats.pinned = pin.is_some_and(core_affinity::set_for_current);
    let start = cpu_time::ThreadTime::try_now().ok();
    for mut burst in jobs {
        for job in &mut burst {
            job.verdict = Some(
                w.process(job.hyperapp, &mut job.frame, job.in_port, job.now_ns)
                    .unwrap_or(ShimVerdict::Drop { by: usize::MAX }),
            );
        }
        if done.send(burst).is_err() {
            break;
        }
    }
    w.stats.cpu_ns = start.map_or(0, |s| s.elapsed().as_nanos() as u64);
    w
}

/// Keeps `frame`'s buffer (emptied) for reuse if the pool has room and it is not large.
fn keep_spare(pool: &mut Vec<Vec<u8>>, mut frame: Vec<u8>) {
    if pool.len() < SPARE_FRAMES && frame.capacity() <= SPARE_FRAME_MAX_BYTES {
        frame.clear();
        pool.push(frame);
    }
}

fn account(counters: &mut BoxCounters, last_failed: &mut Option<String>, v: &ShimVerdict) {
    match v {
        ShimVerdict::Forward(_) => {}
        ShimVerdict::Drop { .. } => counters.dropped += 1,
        ShimVerdict::Failed { error, .. } => {
            counters.failed += 1;
            *last_failed = Some(error.to_string());
        }
    }
}

impl BoxEngine {
    /// A box running `plan`; with [`Execution::Threads`] the workers start now.
    pub fn new(plan: BoxPlan, exec: Execution) -> Result<BoxEngine, BoxError> {
        let mut workers = plan.workers()?;
        let core_pos = workers
            .iter()
            .enumerate()
            .map(|(i, w)| (w.stats.core, i))
            .collect();
        let counters = BoxCounters::new(&plan);
        let threads = match exec {
            Execution::Inline => None,
            Execution::Threads {
                queue_bound,
                overflow,
                burst,
            } => {
                let ids = core_affinity::get_core_ids().unwrap_or_default();
                let burst = burst.max(1);
                let bound = queue_bound.max(1).div_ceil(burst);
                let (done_tx, rx) = sync_channel(bound * workers.len().max(1));
                let mut txs = Vec::new();
                let mut handles = Vec::new();
                for w in workers.drain(..) {
                    let core = w.stats.core;
                    let (tx, jobs) = sync_channel(bound);
                    let pin = ids.iter().copied().find(|c| c.id == core as usize);
                    let done = done_tx.clone();
                    let h = std::thread::Builder::new()
                        .name(format!("box-core{core}"))
                        .spawn(move || worker_loop(w, pin, jobs, done))
                        .map_err(|e| BoxError::Worker {
                            core,
                            message: e.to_string(),
                        })?;
                    txs.push(tx);
                    handles.push(h);
                }
                Some(Threads {
                    bursts: (0..txs.len()).map(|_| Vec::with_capacity(burst)).collect(),
                    burst,
                    spare_bursts: Vec::new(),
                    spare_bursts_max: (bound + 2) * txs.len() * 2,
                    txs,
                    rx,
                    handles,
                    overflow,
                    pending: Reorder::default(),
                })
            }
        };
        Ok(BoxEngine {
            plan,
            core_pos,
            workers,
            threads,
            counters,
            calls: 0,
            last_failed: None,
            cpu_time: true,
            burst_wait_ns: u64::MAX,
            spare_frames: Vec::new(),
        })
    }

    /// Threaded: hand a partial burst to its worker once its first packet has
    /// waited `ns` (by the times passed to `process` and `release`), so that a
    /// live run, where no more packets may come, does not hold a packet back
    /// for ever; a burst still leaves at once when it fills. Default: never
    /// (a partial burst leaves when everything is released).
    pub fn with_burst_wait(mut self, ns: u64) -> BoxEngine {
        self.burst_wait_ns = ns;
        self
    }

    /// Inline execution reads the thread CPU clock around every packet to
    /// attribute CPU time to cores, a system call per packet; benchmarks that
    /// compare per-packet cost turn it off (`cpu_ns` then stays 0). Threaded
    /// workers read it once per run and are not affected.
    pub fn with_cpu_time(mut self, on: bool) -> BoxEngine {
        self.cpu_time = on;
        self
    }

    /// The plan it runs.
    pub fn plan(&self) -> &BoxPlan {
        &self.plan
    }

    /// The summary (threaded: complete after [`BoxEngine::finish`], which
    /// brings the workers' counters back).
    pub fn summary(&self) -> BoxSummary {
        BoxSummary::new(
            &self.plan,
            &self.counters,
            &self.workers,
            self.threads.is_some(),
        )
    }

    fn account(&mut self, v: &ShimVerdict) {
        account(&mut self.counters, &mut self.last_failed, v);
    }

    /// A buffer to leave with the caller in place of a frame the box keeps.
    fn spare_frame(&mut self) -> Vec<u8> {
        self.spare_frames.pop().unwrap_or_default()
    }

    /// Collects finished packets into the reorder buffer; with `block`, waits
    /// for at least one burst (or for the workers to be gone). The emptied
    /// burst vectors and the frames of dropped packets are kept for reuse.
    fn drain(&mut self, block: bool) {
        let Some(t) = &mut self.threads else { return };
        let mut gone = false;
        let mut first = None;
        if block {
            match t.rx.recv() {
                Ok(b) => first = Some(b),
                Err(_) => gone = true,
            }
        }
        while let Some(mut burst) = first.take().or_else(|| t.rx.try_recv().ok()) {
            for job in burst.drain(..) {
                let verdict = job.verdict.unwrap_or(ShimVerdict::Drop { by: usize::MAX });
                account(&mut self.counters, &mut self.last_failed, &verdict);
                let out = match verdict {
                    ShimVerdict::Forward(port) => Out::Forward {
                        port,
                        ts_ns: job.now_ns,
                        frame: job.frame,
                    },
                    _ => {
                        keep_spare(&mut self.spare_frames, job.frame);
                        Out::Gone
                    }
                };
                t.pending.set(job.id, Some(out));
            }
            if t.spare_bursts.len() < t.spare_bursts_max {
                t.spare_bursts.push(burst);
            }
        }
        if gone {
            // Every worker has stopped (only if one panicked): what it still
            // held is lost, and counted.
            self.counters.failed += t.pending.fail_in_flight();
        }
    }

    /// Hands over every partial burst, then waits until every packet handed
    /// to a worker has come back.
    fn flush(&mut self) {
        let n = self.threads.as_ref().map_or(0, |t| t.bursts.len());
        for pos in 0..n {
            self.send_burst(pos);
        }
        while self
            .threads
            .as_ref()
            .is_some_and(|t| !t.handles.is_empty() && t.pending.in_flight > 0)
        {
            self.drain(true);
        }
    }

    /// Hands worker `pos` its burst, waiting for room or dropping the burst by
    /// the overflow policy (both counted, per packet).
    fn send_burst(&mut self, pos: usize) {
        let Some(t) = &mut self.threads else { return };
        let Some(b) = t.bursts.get_mut(pos) else {
            return;
        };
        if b.is_empty() {
            return;
        }
        let fresh = t
            .spare_bursts
            .pop()
            .unwrap_or_else(|| Vec::with_capacity(t.burst));
        let mut burst = std::mem::replace(b, fresh);
        while let Some(t) = &mut self.threads {
            let Some(tx) = t.txs.get(pos) else { return };
            match tx.try_send(burst) {
                Ok(()) => return,
                Err(TrySendError::Full(b)) => {
                    self.counters.queue_full[pos] += b.len() as u64;
                    if t.overflow == Overflow::Drop {
                        self.counters.overflow_dropped += b.len() as u64;
                        for j in &b {
                            t.pending.set(j.id, Some(Out::Gone));
                        }
                        return;
                    }
                    burst = b;
                    // The worker holds full bursts, so results will come: sleep
                    // until one does instead of spinning (a spinning
                    // dispatcher took the CPU the workers needed).
                    self.drain(true);
                }
                Err(TrySendError::Disconnected(b)) => {
                    self.counters.failed += b.len() as u64;
                    for j in &b {
                        t.pending.set(j.id, Some(Out::Gone));
                    }
                    return;
                }
            }
        }
    }

    /// Hands over the partial bursts whose first packet arrived at least
    /// `burst_wait_ns` before `now_ns`.
    fn send_waited_bursts(&mut self, now_ns: u64) {
        if self.burst_wait_ns == u64::MAX {
            return;
        }
        let wait = self.burst_wait_ns;
        let due: Vec<usize> = match &self.threads {
            Some(t) => t
                .bursts
                .iter()
                .enumerate()
                .filter(|(_, b)| {
                    b.first()
                        .is_some_and(|j| j.now_ns.saturating_add(wait) <= now_ns)
                })
                .map(|(pos, _)| pos)
                .collect(),
            None => return,
        };
        for pos in due {
            self.send_burst(pos);
        }
    }

    /// Ends a threaded run: waits for every packet, stops the workers and takes
    /// their state and counters back (for [`BoxEngine::summary`] and the state
    /// dumps). Packets processed after this are refused. Inline: nothing to do.
    pub fn finish(&mut self) {
        self.flush();
        let Some(t) = &mut self.threads else { return };
        t.txs.clear();
        for h in t.handles.drain(..) {
            if let Ok(w) = h.join() {
                self.workers.push(w);
            }
        }
        for w in &mut self.workers {
            if let Some(&pos) = self.core_pos.get(&w.stats.core) {
                w.stats.queue_full = self.counters.queue_full.get(pos).copied().unwrap_or(0);
            }
        }
    }
}

impl Engine for BoxEngine {
    fn name(&self) -> &str {
        if self.threads.is_some() {
            "box (threads)"
        } else {
            "box (inline)"
        }
    }

    fn process(
        &mut self,
        frame: &mut Vec<u8>,
        in_port: u16,
        now_ns: u64,
    ) -> Result<Verdict, EngineError> {
        let id = self.calls;
        self.calls += 1;
        let c = self.plan.classifier.classify(frame);
        self.counters.count(&c);
        let Classified::Queue { hyperapp, core, .. } = c else {
            // Not ours: passes through unprocessed.
            let port = in_port ^ 1;
            if self.threads.is_some() {
                let spare = self.spare_frame();
                let frame = std::mem::replace(frame, spare);
                if let Some(t) = &mut self.threads {
                    t.pending.set(
                        id,
                        Some(Out::Forward {
                            port,
                            ts_ns: now_ns,
                            frame,
                        }),
                    );
                }
            }
            return Ok(Verdict::Forward(port));
        };
        let pos = self.core_pos.get(&core).copied().unwrap_or(0);
        if self.threads.as_ref().is_some_and(|t| t.txs.len() <= pos) {
            return Err(EngineError::Other(
                "the box has finished: its workers are stopped".into(),
            ));
        }
        if self.threads.is_none() {
            let start = if self.cpu_time {
                cpu_time::ThreadTime::try_now().ok()
            } else {
                None
            };
            let w = &mut self.workers[pos];
            let v = w
                .process(hyperapp, frame, in_port, now_ns)
                .unwrap_or(ShimVerdict::Drop { by: usize::MAX });
            if let Some(s) = start {
                w.stats.cpu_ns += s.elapsed().as_nanos() as u64;
            }
            self.account(&v);
            return match v {
                ShimVerdict::Forward(p) => Ok(Verdict::Forward(p)),
                ShimVerdict::Drop { .. } => Ok(Verdict::Drop),
                ShimVerdict::Failed { by, error } => {
                    let app = self.plan.apps[hyperapp]
                        .get(by)
                        .map_or("?", |a| a.name.as_str());
                    Err(EngineError::Other(
                        format!("application {app:?} failed: {error}").into(),
                    ))
                }
            };
        }
        let spare = self.spare_frame();
        let job = Job {
            id,
            hyperapp,
            frame: std::mem::replace(frame, spare),
            in_port,
            now_ns,
            verdict: None,
        };
        let full = match &mut self.threads {
            Some(t) => {
                t.pending.set(id, None);
                t.bursts[pos].push(job);
                t.bursts[pos].len() >= t.burst
            }
            None => false,
        };
        if full {
            self.send_burst(pos);
        }
        Ok(Verdict::Drop)
    }

    fn held(&self) -> bool {
        self.threads.is_some()
    }

    fn release(&mut self, now_ns: u64, out: &mut Vec<Released>) {
        if self.threads.is_none() {
            return;
        }
        if now_ns == u64::MAX {
            self.flush();
        } else {
            self.send_waited_bursts(now_ns);
            self.drain(false);
        }
        let Some(t) = &mut self.threads else { return };
        while let Some((input, o)) = t.pending.pop_ready() {
            if let Out::Forward { port, ts_ns, frame } = o {
                out.push(Released {
                    input,
                    port: Some(port),
                    ts_ns,
                    frame,
                });
            }
        }
    }

    /// Keeps the buffers of released frames (the runner is done with them) for
    /// the next packets, so the caller's copy of a frame reuses one.
    fn recycle(&mut self, released: &mut Vec<Released>) {
        for r in released.drain(..) {
            keep_spare(&mut self.spare_frames, r.frame);
        }
    }

    fn take_events(&mut self) -> Vec<interp::Event> {
        // Events stay with their applications and go into the box summary.
        Vec::new()
    }

    /// Threaded: the workers' state is only visible after [`BoxEngine::finish`].
    fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        self.workers
            .iter()
            .flat_map(|w| {
                let core = w.stats.core;
                w.shims().flat_map(move |s| {
                    s.state_sizes(now_ns)
                        .into_iter()
                        .map(move |(n, v)| (format!("core{core}/{}/{n}", s.label), v))
                })
            })
            .collect()
    }

    fn state_json(&self, now_ns: u64) -> serde_json::Value {
        self.workers
            .iter()
            .map(|w| {
                let shims: serde_json::Map<String, serde_json::Value> = w
                    .shims()
                    .map(|s| (s.label.clone(), s.state_json(now_ns)))
                    .collect();
                (format!("core{}", w.stats.core), shims.into())
            })
            .collect::<serde_json::Map<_, _>>()
            .into()
    }
}
