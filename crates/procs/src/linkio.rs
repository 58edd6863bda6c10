//! The server daemon's side of the server link on several threads
//! (`tandem server --workers N`).
//!
//! ```text
//!            fanout group on the link interface
//!  link ─┬─▶ receiver 0: socket ─batch─▶ inbox 0 (bounded) ─┐
//!        └─▶ receiver 1: socket ─batch─▶ inbox 1 (bounded) ─┴─▶ runtime thread (single writer:
//!                 ▲                                              primary state, output commit)
//!                 └──────────── outbox (bounded) ◀── frames to send ─┘
//! ```
//!
//! Each receiver owns one socket of the link's `PACKET_FANOUT` group and
//! hands what it reads, a batch at a time, to its own bounded inbox; a batch
//! that does not fit is dropped and counted (`inbox_overflow`), never waited
//! for, so a slow runtime thread costs frames, not memory. Receiver 0 also
//! sends what the runtime thread puts in the outbox (bounded too: a frame
//! that does not fit is counted as refused). The runtime thread is the one
//! writer of the primary state, as with one thread: it takes the inboxes in
//! turn and sleeps on one eventfd that receivers (and the P4Runtime client,
//! when a Write is answered) wake.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use port::{Poller, Port, PortError, PortStats, Waker};
use serde::Serialize;

/// Batches an inbox holds by default.
pub const INBOX_BATCHES: usize = 64;
/// Frames the outbox holds.
pub const OUTBOX_FRAMES: usize = 16_384;
/// Frames a receiver reads per batch.
pub const BATCH: usize = 64;

/// What one receiver did.
#[derive(Debug, Default)]
struct Counters {
    rx_frames: AtomicU64,
    inbox_overflow: AtomicU64,
    tx_frames: AtomicU64,
    tx_refused: AtomicU64,
    port: Mutex<PortStats>,
}

/// What one receiver did, as counted so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ReceiverStats {
    /// Frames handed to the runtime thread.
    pub rx_frames: u64,
    /// Frames dropped because the inbox was full.
    pub inbox_overflow: u64,
    /// Frames sent for the runtime thread (receiver 0 only).
    pub tx_frames: u64,
    /// Frames the socket refused to send.
    pub tx_refused: u64,
    /// Frames the kernel dropped from the socket's full ring.
    pub rx_ring_drops: u64,
}

/// Receive threads on the link and their inboxes.
pub struct LinkWorkers {
    inboxes: Vec<Receiver<Vec<Vec<u8>>>>,
    outbox: SyncSender<Vec<u8>>,
    /// Wakes receiver 0 when the outbox has frames.
    out_waker: Arc<Waker>,
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<Result<(), PortError>>>,
    counters: Vec<Arc<Counters>>,
    /// The inbox taken first next round (turns, so none starves).
    next: usize,
    /// Frames the outbox could not take.
    outbox_full: u64,
    /// Frames the outbox took.
    handed: u64,
    /// Frames taken out of the inboxes.
    taken: u64,
}

impl LinkWorkers {
    /// One receiver thread per port in `ports` (sockets of one fanout group
    /// on the link), each with an inbox of `inbox` batches; `wake` is woken
    /// whenever a batch arrives.
    pub fn start(
        ports: Vec<Box<dyn Port>>,
        inbox: usize,
        wake: Arc<Waker>,
    ) -> Result<LinkWorkers, PortError> {
        let stop = Arc::new(AtomicBool::new(false));
        let out_waker = Arc::new(Waker::new()?);
        let (outbox, out_rx) = sync_channel::<Vec<u8>>(OUTBOX_FRAMES);
        let mut out_rx = Some(out_rx);
        let mut inboxes = Vec::new();
        let mut threads = Vec::new();
        let mut counters = Vec::new();
        for (k, port) in ports.into_iter().enumerate() {
            let (tx, rx) = sync_channel::<Vec<Vec<u8>>>(inbox.max(1));
            inboxes.push(rx);
            let c = Arc::new(Counters::default());
            counters.push(c.clone());
            let ctx = Ctx {
                tx,
                wake: wake.clone(),
                stop: stop.clone(),
                counters: c,
                // Receiver 0 sends.
                out: if k == 0 {
                    out_rx.take().map(|rx| (rx, out_waker.clone()))
                } else {
                    None
                },
            };
            let t = std::thread::Builder::new()
                .name(format!("link-rx{k}"))
                .spawn(move || receive(port, ctx))
                .map_err(|e| PortError::Io {
                    interface: "(link)".into(),
                    op: "spawn a receiver thread",
                    source: e,
                })?;
            threads.push(t);
        }
        Ok(LinkWorkers {
            inboxes,
            outbox,
            out_waker,
            stop,
            threads,
            counters,
            next: 0,
            outbox_full: 0,
            handed: 0,
            taken: 0,
        })
    }

    /// Receivers.
    pub fn len(&self) -> usize {
        self.inboxes.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.inboxes.is_empty()
    }

    /// The frames that have arrived: one batch from each inbox that has
    /// one, inboxes taken in turn. An error when a receiver failed.
    pub fn take(&mut self) -> Result<Vec<Vec<u8>>, PortError> {
        self.check()?;
        let n = self.inboxes.len();
        let mut out = Vec::new();
        for i in 0..n {
            let k = (self.next + i) % n;
            match self.inboxes[k].try_recv() {
                Ok(mut b) => out.append(&mut b),
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => return Err(self.failure(k)),
            }
        }
        self.next = (self.next + 1) % n.max(1);
        self.taken += out.len() as u64;
        Ok(out)
    }

    /// Hands `frame` to receiver 0 to send; false when the outbox is full
    /// (counted).
    pub fn send(&mut self, frame: Vec<u8>) -> Result<bool, PortError> {
        match self.outbox.try_send(frame) {
            Ok(()) => {
                self.handed += 1;
                self.out_waker.wake();
                Ok(true)
            }
            Err(TrySendError::Full(_)) => {
                self.outbox_full += 1;
                Ok(false)
            }
            Err(TrySendError::Disconnected(_)) => Err(self.failure(0)),
        }
    }

    /// Frames between the receivers and the runtime thread: received and
    /// not yet taken, or handed to the outbox and not yet sent.
    pub fn in_transit(&self) -> u64 {
        let received: u64 = self
            .counters
            .iter()
            .map(|c| c.rx_frames.load(Ordering::Relaxed))
            .sum();
        let sent = self.counters.first().map_or(0, |c| {
            c.tx_frames.load(Ordering::Relaxed) + c.tx_refused.load(Ordering::Relaxed)
        });
        received.saturating_sub(self.taken) + self.handed.saturating_sub(sent)
    }

    /// Each receiver's counters.
    pub fn stats(&self) -> Vec<ReceiverStats> {
        self.counters
            .iter()
            .enumerate()
            .map(|(k, c)| ReceiverStats {
                rx_frames: c.rx_frames.load(Ordering::Relaxed),
                inbox_overflow: c.inbox_overflow.load(Ordering::Relaxed),
                tx_frames: c.tx_frames.load(Ordering::Relaxed),
                tx_refused: c.tx_refused.load(Ordering::Relaxed)
                    + if k == 0 { self.outbox_full } else { 0 },
                rx_ring_drops: c.port.lock().map(|p| p.rx_ring_drops).unwrap_or_default(),
            })
            .collect()
    }

    /// Fails if a receiver thread has ended.
    fn check(&mut self) -> Result<(), PortError> {
        match self.threads.iter().position(|t| t.is_finished()) {
            Some(k) => Err(self.failure(k)),
            None => Ok(()),
        }
    }

    /// Why receiver `k` stopped.
    fn failure(&mut self, k: usize) -> PortError {
        let ended = |why: &str| PortError::Io {
            interface: format!("(link receiver {k})"),
            op: "receive",
            source: std::io::Error::other(why.to_string()),
        };
        if self.threads.get(k).is_some_and(|t| t.is_finished()) {
            let t = self.threads.remove(k);
            return match t.join() {
                Ok(Err(e)) => e,
                Ok(Ok(())) => ended("the receiver stopped"),
                Err(_) => ended("the receiver panicked"),
            };
        }
        ended("the receiver is gone")
    }
}

impl Drop for LinkWorkers {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.out_waker.wake();
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// What a receiver thread works with.
struct Ctx {
    tx: SyncSender<Vec<Vec<u8>>>,
    wake: Arc<Waker>,
    stop: Arc<AtomicBool>,
    counters: Arc<Counters>,
    /// Receiver 0: the outbox and the waker that says it has frames.
    out: Option<(Receiver<Vec<u8>>, Arc<Waker>)>,
}

fn receive(mut port: Box<dyn Port>, ctx: Ctx) -> Result<(), PortError> {
    let mut poller = Poller::new(std::iter::once(&*port));
    if let Some((_, w)) = &ctx.out {
        poller.add_waker(w);
    }
    let mut rounds = 0u32;
    while !ctx.stop.load(Ordering::Relaxed) {
        let mut batch = Vec::new();
        port.recv(BATCH, Duration::ZERO, &mut |f| batch.push(f.data.to_vec()))?;
        let got = !batch.is_empty();
        if got {
            let n = batch.len() as u64;
            match ctx.tx.try_send(batch) {
                Ok(()) => {
                    ctx.counters.rx_frames.fetch_add(n, Ordering::Relaxed);
                    ctx.wake.wake();
                }
                Err(TrySendError::Full(_)) => {
                    ctx.counters.inbox_overflow.fetch_add(n, Ordering::Relaxed);
                    ctx.wake.wake();
                }
                // The runtime thread is gone: stop.
                Err(TrySendError::Disconnected(_)) => return Ok(()),
            }
        }
        let mut sent = false;
        if let Some((rx, w)) = &ctx.out {
            w.clear();
            while let Ok(f) = rx.try_recv() {
                sent = true;
                if port.send(&f)? {
                    ctx.counters.tx_frames.fetch_add(1, Ordering::Relaxed);
                } else {
                    ctx.counters.tx_refused.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        rounds = rounds.wrapping_add(1);
        if rounds % 64 == 0 || (!got && !sent) {
            if let Ok(mut p) = ctx.counters.port.lock() {
                *p = port.stats();
            }
        }
        if !got && !sent {
            poller.wait(Duration::from_millis(1))?;
        }
    }
    Ok(())
}
