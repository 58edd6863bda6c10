//! The two runs side by side: one input, the partitioned engine first on
//! each packet, what each run sends streamed into one [`Diff`].

use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::lossy::{Lossy, Lost, Metering};
use super::report::{self, UNKNOWN};
use super::{CheckReport, EVENTS_KEPT};
use crate::closed_loop::Stepper;
use crate::diff::{Diff, Side, WindowFull};
use crate::engine::Engine;
use crate::partitioned::{ControlOptions, PartitionError, PartitionedEngine};
use crate::run::Runner;
use crate::sink::{Origin, Sink, SinkError};
use crate::summary::{Source, Summary};
use crate::{InputSpec, ReferenceEngine, inputs, workload};

/// The two engines of a check.
pub(super) struct Engines {
    part: PartitionedEngine,
    reference: Lossy,
    lost: Rc<RefCell<Lost>>,
}

/// Why a side-by-side run stopped early.
enum Stop {
    Window,
    Sink,
}

impl From<WindowFull> for Stop {
    fn from(_: WindowFull) -> Stop {
        // The comparison keeps what filled it.
        Stop::Window
    }
}

impl From<SinkError> for Stop {
    fn from(_: SinkError) -> Stop {
        // A tap cannot fail; were it to, the run ends there.
        Stop::Sink
    }
}

impl Engines {
    pub(super) fn new(
        program: &ir::Program,
        options: &compiler::Options,
        control: ControlOptions,
    ) -> Result<Engines, PartitionError> {
        let mut part = PartitionedEngine::new(program, options)?;
        part.set_control(control);
        part.keep_metered();
        let lost = Rc::new(RefCell::new(Lost::default()));
        let reference = Lossy {
            inner: ReferenceEngine::new(program).map_err(server::RuntimeError::from)?,
            lost: Rc::clone(&lost),
            calls: 0,
        };
        Ok(Engines {
            part,
            reference,
            lost,
        })
    }

    /// A partitioned run of one program checked against the reference run
    /// of another: a partition that does not mean its program, for tests.
    #[cfg(test)]
    pub(super) fn mismatched(
        reference: &ir::Program,
        partitioned: &ir::Program,
    ) -> Result<Engines, PartitionError> {
        let mut e = Engines::new(
            partitioned,
            &compiler::Options::default(),
            ControlOptions::default(),
        )?;
        e.reference.inner = ReferenceEngine::new(reference).map_err(server::RuntimeError::from)?;
        Ok(e)
    }

    /// Both runs over capture files, read once.
    pub(super) fn pcaps(
        mut self,
        program: &ir::Program,
        window: usize,
        specs: &[InputSpec],
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<CheckReport, PartitionError> {
        let total: u64 = specs
            .iter()
            .filter_map(|s| std::fs::metadata(&s.path).ok())
            .map(|m| m.len())
            .sum();
        let (open, mut faults) = inputs::open_files(specs);
        self.lost.borrow_mut().by_input = true;
        let mut metering = Metering {
            inner: &mut self.part,
            lost: Rc::clone(&self.lost),
            calls: 0,
        };
        let mut pair = Pair::new(&mut metering, &mut self.reference, program, window);
        let merged = inputs::merge(open, &mut |done| progress(done, total), &mut |m| {
            let tag = report::capture_tag(m.input, m.number);
            pair.step(m.port, m.packet.ts_ns, &m.packet.data, tag)
        });
        if let Ok(f) = merged {
            faults.extend(f);
            let _ = pair.end(Some(UNKNOWN));
        }
        let source = Source::Pcap {
            inputs: specs.iter().map(InputSpec::source).collect(),
        };
        let (out, mut rs, mut ps) = pair.finish(source);
        rs.input_errors.clone_from(&faults);
        ps.input_errors = faults;
        Ok(self.report(out, window, specs, rs, ps))
    }

    /// Both runs over a generated workload, each in its closed loop,
    /// stepped one generated packet at a time.
    pub(super) fn workload(
        mut self,
        program: &ir::Program,
        window: usize,
        trace: &trace::workload::Trace,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<CheckReport, PartitionError> {
        let mut metering = Metering {
            inner: &mut self.part,
            lost: Rc::clone(&self.lost),
            calls: 0,
        };
        let mut pair = Pair::new(&mut metering, &mut self.reference, program, window);
        let mut loops = [Stepper::new(trace), Stepper::new(trace)];
        if pair.looped(&mut loops, trace, progress).is_ok() {
            let _ = pair.end(None);
        }
        let opts = &trace.options;
        let source = Source::Workload {
            name: opts.workload.to_string(),
            flows: opts.flows,
            seed: opts.seed,
            servers: workload::server_names(opts),
        };
        let (out, mut rs, mut ps) = pair.finish(source);
        let [p, r] = loops.map(|l| l.stats());
        rs.closed_loop = Some(r);
        ps.closed_loop = Some(p);
        Ok(self.report(out, window, &[], rs, ps))
    }

    fn report(
        &self,
        out: crate::diff::Outcome,
        window: usize,
        specs: &[InputSpec],
        rs: Summary,
        ps: Summary,
    ) -> CheckReport {
        let at = |s: &Summary| s.last_ts_ns.unwrap_or(0);
        let states = (
            self.reference.inner.state_texts(at(&rs)),
            self.part.state_texts(at(&rs).max(at(&ps))),
        );
        let metered = self.lost.borrow().total;
        report::build(out, window, specs, rs, ps, Some(states), metered)
    }
}

/// The two runners and the comparison between them.
struct Pair<'e> {
    part: Runner<'e, Tap>,
    refr: Runner<'e, Tap>,
    diff: Diff,
    /// Tags of the partitioned run's held packets, by engine input.
    held_tags: FxHashMap<u64, u64>,
    /// The first events of each run (reference, partitioned), for the
    /// summaries.
    events: [Vec<serde_json::Value>; 2],
}

impl<'e> Pair<'e> {
    fn new(
        part: &'e mut dyn Engine,
        refr: &'e mut dyn Engine,
        program: &'e ir::Program,
        window: usize,
    ) -> Pair<'e> {
        Pair {
            part: Runner::new(part, program, Tap::default()),
            refr: Runner::new(refr, program, Tap::default()),
            diff: Diff::new(window),
            held_tags: FxHashMap::default(),
            events: [Vec::new(), Vec::new()],
        }
    }

    /// One captured packet through both runs, then what they sent into the
    /// comparison; settled when the partitioned run holds nothing.
    fn step(&mut self, port: u16, ts_ns: u64, frame: &[u8], tag: u64) -> Result<(), Stop> {
        self.part.packet(port, ts_ns, frame)?;
        if self.part.was_held() {
            self.held_tags.insert(self.part.calls() - 1, tag);
        }
        self.refr.packet(port, ts_ns, frame)?;
        self.feed(Some(tag))?;
        if self.part.holding() == 0 {
            self.diff.settle();
            // Held packets the engine dropped in the end left their tags.
            self.held_tags.clear();
        }
        Ok(())
    }

    /// The generated packets through both closed loops (partitioned,
    /// reference), one at a time.
    fn looped(
        &mut self,
        loops: &mut [Stepper<'_>; 2],
        trace: &trace::workload::Trace,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<(), Stop> {
        let total = trace.packet_count();
        let mut done = 0u64;
        for (conn, i) in trace.packets() {
            let c = conn.id as usize;
            loops[0].packet(&mut self.part, c, i)?;
            loops[1].packet(&mut self.refr, c, i)?;
            self.feed(None)?;
            if loops[0].settled() && self.part.holding() == 0 {
                self.diff.settle();
            }
            done += 1;
            if done % 4096 == 0 {
                progress(done, total);
            }
        }
        loops[0].drain(&mut self.part)?;
        loops[1].drain(&mut self.refr)?;
        progress(total, total);
        self.feed(None)?;
        Ok(())
    }

    /// The end of the input: everything still held is let out and compared.
    fn end(&mut self, now: Option<u64>) -> Result<(), Stop> {
        self.part.advance(u64::MAX)?;
        self.refr.advance(u64::MAX)?;
        self.feed(now)?;
        Ok(())
    }

    /// Feeds what both runs sent since the last call, the partitioned run
    /// first. `now` is the tag of the captured packet just processed
    /// (`None` for a workload: each run's packets are tagged by their own
    /// input number).
    fn feed(&mut self, now: Option<u64>) -> Result<(), WindowFull> {
        let [events_r, events_p] = &mut self.events;
        feed_run(
            Side::B,
            &mut self.part,
            &mut self.diff,
            &mut self.held_tags,
            now,
            events_p,
        )?;
        feed_run(
            Side::A,
            &mut self.refr,
            &mut self.diff,
            &mut self.held_tags,
            now,
            events_r,
        )
    }

    /// Ends both runs: the comparison's outcome and the two summaries
    /// (reference, partitioned).
    fn finish(self, source: Source) -> (crate::diff::Outcome, Summary, Summary) {
        let mut diff = self.diff;
        let (mut ps, _, _) = self.part.finish(source.clone());
        let (mut rs, _, _) = self.refr.finish(source);
        let [kept_r, kept_p] = self.events;
        for (side, s, kept) in [(Side::A, &mut rs, kept_r), (Side::B, &mut ps, kept_p)] {
            // Raised while the run ended (taken by `finish`).
            for e in &s.events {
                let _ = diff.event(side, &report::event_key(e), UNKNOWN);
            }
            let late = std::mem::take(&mut s.events);
            s.events = kept;
            s.events.extend(late);
            s.events.truncate(EVENTS_KEPT);
        }
        (diff.finish(), rs, ps)
    }
}

/// Feeds what one run sent (and the events it raised) into the comparison.
fn feed_run(
    side: Side,
    runner: &mut Runner<'_, Tap>,
    diff: &mut Diff,
    held_tags: &mut FxHashMap<u64, u64>,
    now: Option<u64>,
    kept: &mut Vec<serde_json::Value>,
) -> Result<(), WindowFull> {
    let Tap { out, spare } = runner.sink_mut();
    let mut fed = Ok(());
    for (port, from, frame) in out.drain(..) {
        if fed.is_ok() {
            let tag = match now {
                Some(_) if from.held => held_tags.remove(&from.input).unwrap_or(UNKNOWN),
                Some(t) => t,
                None => report::generated_tag(from.input),
            };
            fed = diff.packet(side, port, &frame, tag, from.held);
        }
        spare.push(frame);
    }
    fed?;
    let last = report::generated_tag(runner.calls().saturating_sub(1));
    for e in runner.take_events() {
        diff.event(side, &report::event_key(&e), now.unwrap_or(last))?;
        if kept.len() < EVENTS_KEPT {
            kept.push(e);
        }
    }
    Ok(())
}

/// A sink that keeps what a run sent until the check feeds it on, reusing
/// the buffers.
#[derive(Debug, Default)]
struct Tap {
    out: Vec<(u16, Origin, Vec<u8>)>,
    spare: Vec<Vec<u8>>,
}

impl Sink for Tap {
    fn write(&mut self, port: u16, ts_ns: u64, frame: &[u8]) -> Result<(), SinkError> {
        let unknown = Origin {
            input: u64::MAX,
            held: false,
        };
        self.write_from(port, ts_ns, frame, unknown)
    }

    fn write_from(
        &mut self,
        port: u16,
        _ts_ns: u64,
        frame: &[u8],
        from: Origin,
    ) -> Result<(), SinkError> {
        let mut buf = self.spare.pop().unwrap_or_default();
        buf.clear();
        buf.extend_from_slice(frame);
        self.out.push((port, from, buf));
        Ok(())
    }

    fn finish(&mut self) -> Result<(), SinkError> {
        Ok(())
    }
}
