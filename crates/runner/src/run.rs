//! The run loop shared by every traffic source and every engine: one packet in,
//! counted, executed, written out.

use std::collections::BTreeMap;

use crate::engine::{Engine, Released};
use crate::sink::{Origin, Sink, SinkError};
use crate::summary::{Source, Summary};
use interp::Verdict;

/// Engine failures recorded in full in the summary; later ones are only counted.
pub const MAX_ERRORS_KEPT: usize = 20;

/// Drives an [`Engine`] and writes what it forwards to a [`Sink`].
///
/// A packet the engine fails on is counted as `failed`, dropped, and the run
/// goes on (the summary lists the first [`MAX_ERRORS_KEPT`] failures); only an
/// output that cannot be written stops a run.
pub struct Runner<'e, S: Sink> {
    engine: &'e mut dyn Engine,
    program: &'e ir::Program,
    sink: S,
    frame: Vec<u8>,
    packets_in: BTreeMap<u16, u64>,
    packets_out: BTreeMap<u16, u64>,
    dropped: u64,
    failed: u64,
    errors: Vec<String>,
    first_ts: Option<u64>,
    now: u64,
    /// `process` calls made so far (numbers [`Released::input`]).
    calls: u64,
    held_now: bool,
    /// Packets held and not let out yet.
    holding: u64,
    released: Vec<Released>,
}

impl<'e, S: Sink> Runner<'e, S> {
    /// A runner over `engine`, which executes `program` (used to name event fields).
    pub fn new(engine: &'e mut dyn Engine, program: &'e ir::Program, sink: S) -> Self {
        Runner {
            engine,
            program,
            sink,
            frame: Vec::with_capacity(2048),
            packets_in: BTreeMap::new(),
            packets_out: BTreeMap::new(),
            dropped: 0,
            failed: 0,
            errors: Vec::new(),
            first_ts: None,
            now: 0,
            calls: 0,
            held_now: false,
            holding: 0,
            released: Vec::new(),
        }
    }

    /// Lets out the packets the engine held that are due by `now_ns` (writing
    /// and counting them) and returns them. [`Runner::packet`] does this itself;
    /// callers that must see releases before deciding what to send next (the
    /// closed loop) call it first.
    pub fn advance(&mut self, now_ns: u64) -> Result<&[Released], SinkError> {
        self.engine.recycle(&mut self.released);
        self.released.clear();
        self.engine.release(now_ns, &mut self.released);
        self.holding = self.holding.saturating_sub(self.released.len() as u64);
        for r in &self.released {
            match r.port {
                Some(port) => {
                    *self.packets_out.entry(port).or_insert(0) += 1;
                    let from = Origin {
                        input: r.input,
                        held: true,
                    };
                    self.sink.write_from(port, r.ts_ns, &r.frame, from)?;
                }
                None => self.dropped += 1,
            }
        }
        Ok(&self.released)
    }

    /// True if the latest [`Runner::packet`] was held back by the engine; it
    /// will show up in a later [`Runner::advance`] with
    /// `input == self.calls() - 1`.
    pub fn was_held(&self) -> bool {
        self.held_now
    }

    /// Number of packets handed to the engine so far.
    pub fn calls(&self) -> u64 {
        self.calls
    }

    /// Packets the engine holds now (held and not let out yet).
    pub fn holding(&self) -> u64 {
        self.holding
    }

    /// The events the engine raised since the last call (or the start), as
    /// in the summary; what is taken here is not in the summary.
    pub fn take_events(&mut self) -> Vec<serde_json::Value> {
        let program = self.program;
        self.engine
            .take_events()
            .iter()
            .map(|e| e.to_json(program))
            .collect()
    }

    /// Runs one frame arriving on `port` at `ts_ns` (first letting out held
    /// packets due by then). Returns the port it left on and its bytes as they
    /// left, or `None` if it was dropped, held ([`Runner::was_held`]) or the
    /// engine failed on it. Times earlier than the previous packet's are raised to it,
    /// so engines always see a non-decreasing clock.
    pub fn packet(
        &mut self,
        port: u16,
        ts_ns: u64,
        frame: &[u8],
    ) -> Result<Option<(u16, &[u8])>, SinkError> {
        let now = ts_ns.max(self.now);
        self.now = now;
        self.advance(now)?;
        self.first_ts.get_or_insert(ts_ns);
        *self.packets_in.entry(port).or_insert(0) += 1;
        self.frame.clear();
        self.frame.extend_from_slice(frame);
        let verdict = self.engine.process(&mut self.frame, port, now);
        self.calls += 1;
        self.held_now = verdict.is_ok() && self.engine.held();
        if self.held_now {
            self.holding += 1;
            return Ok(None);
        }
        match verdict {
            Ok(Verdict::Forward(out)) => {
                *self.packets_out.entry(out).or_insert(0) += 1;
                let from = Origin {
                    input: self.calls - 1,
                    held: false,
                };
                self.sink.write_from(out, now, &self.frame, from)?;
                Ok(Some((out, &self.frame)))
            }
            Ok(Verdict::Drop) => {
                self.dropped += 1;
                Ok(None)
            }
            Err(e) => {
                self.failed += 1;
                if self.errors.len() < MAX_ERRORS_KEPT {
                    let n: u64 = self.packets_in.values().sum();
                    self.errors
                        .push(format!("packet {n} (port {port}, t={now} ns): {e}"));
                }
                Ok(None)
            }
        }
    }

    /// The outputs (a live run sends what the sink collected).
    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// Time of the latest packet (0 before the first).
    pub fn now(&self) -> u64 {
        self.now
    }

    /// The engine (e.g. to inspect its state mid-run).
    pub fn engine(&self) -> &dyn Engine {
        &*self.engine
    }

    /// Closes the outputs and summarises the run. The summary is returned even
    /// when closing fails (the error comes with it), so nothing is lost.
    pub fn finish(mut self, source: Source) -> (Summary, S, Result<(), SinkError>) {
        let released = self.advance(u64::MAX).map(|_| ());
        let closed = released.and(self.sink.finish());
        let events = self
            .engine
            .take_events()
            .iter()
            .map(|e| e.to_json(self.program))
            .collect();
        let summary = Summary {
            program: self.program.name.clone(),
            engine: self.engine.name().to_string(),
            source,
            packets_in: self.packets_in,
            packets_out: self.packets_out,
            dropped: self.dropped,
            failed: self.failed,
            engine_errors: self.errors,
            input_errors: Vec::new(),
            first_ts_ns: self.first_ts,
            last_ts_ns: self.first_ts.map(|_| self.now),
            events,
            state_sizes: self.engine.state_sizes(self.now).into_iter().collect(),
            closed_loop: None,
            park: self.engine.park_stats(),
            partition: self.engine.partition_stats(),
        };
        (summary, self.sink, closed)
    }
}
