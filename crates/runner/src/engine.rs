//! The execution-engine seam: everything `tandem run` does (input merging,
//! closed-loop replay, output writing, the summary) talks to a [`Engine`], so the
//! reference interpreter and the partitioned switch + server execution are
//! interchangeable.

use interp::{Event, Interpreter, Verdict};

/// A packet could not be processed by an engine.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The reference interpreter failed on this packet.
    #[error(transparent)]
    Reference(#[from] interp::ExecError),
    /// Any other engine's failure (e.g. the partitioned execution).
    #[error("{0}")]
    Other(Box<dyn std::error::Error + Send + Sync>),
}

/// A packet an engine held back in [`Engine::process`] and lets out later
/// (e.g. Gallium's output commit: held until replicated state is visible).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Released {
    /// Which [`Engine::process`] call took it in: the 0-based count of calls
    /// made on this engine before it.
    pub input: u64,
    /// Port it leaves on; `None` when the engine decided, once the hold was
    /// over, to drop it (the run counts it as dropped).
    pub port: Option<u16>,
    /// Time it leaves (not before the time it came in).
    pub ts_ns: u64,
    /// Its bytes as they leave.
    pub frame: Vec<u8>,
}

/// Something that executes one NF program packet by packet.
///
/// # Contract
/// * [`Engine::process`] takes one Ethernet frame arriving on `in_port` at
///   `now_ns` (non-decreasing across calls), may rewrite it in place (it may
///   also change its length, e.g. to strip a header it added), and says where
///   it goes. One packet in gives at most one packet out.
/// * Time is only what callers pass in; the same calls give the same results.
/// * Events raised while processing are kept by the engine until
///   [`Engine::take_events`] collects them, in the order raised.
/// * After an `Err`, the engine may hold the effects of that packet's partial
///   execution but must accept further packets.
/// * An engine may hold a packet back instead of deciding at once: it then
///   answers [`Engine::held`] with true right after that `process` call (the
///   verdict returned is ignored) and later hands the packet out through
///   [`Engine::release`]. Engines that never hold keep the default methods.
///
/// The runner ([`crate::Runner`]) owns inputs, outputs and the summary; an
/// engine only executes. A second engine (e.g. `--mode partitioned`) implements
/// this trait and is passed to the same runner as a `&mut dyn Engine`.
pub trait Engine {
    /// Short name for summaries and logs, e.g. `"reference"`.
    fn name(&self) -> &str;

    /// Processes one frame; see the trait's contract.
    fn process(
        &mut self,
        frame: &mut Vec<u8>,
        in_port: u16,
        now_ns: u64,
    ) -> Result<Verdict, EngineError>;

    /// Events raised since the last call, oldest first.
    fn take_events(&mut self) -> Vec<Event>;

    /// Live size of every state object (map entries, array lengths, 1 per
    /// register), by name, in declaration order, at `now_ns`.
    fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)>;

    /// The full state as JSON at `now_ns`, in the form of
    /// [`interp::State::to_json`] so engines can be compared.
    fn state_json(&self, now_ns: u64) -> serde_json::Value;

    /// [`Engine::state_json`] an object at a time, as compact JSON text, by
    /// name: what comparing two engines' final states needs, without a JSON
    /// tree of a whole state (maps at capacity). Default: from
    /// [`Engine::state_json`].
    fn state_texts(&self, now_ns: u64) -> Vec<(String, String)> {
        match self.state_json(now_ns) {
            serde_json::Value::Object(m) => {
                m.into_iter().map(|(k, v)| (k, v.to_string())).collect()
            }
            _ => Vec::new(),
        }
    }

    /// True if the packet of the latest [`Engine::process`] call was held back
    /// (it will come out of [`Engine::release`] or never). Default: never.
    fn held(&self) -> bool {
        false
    }

    /// Appends to `out` the held packets due at or before `now_ns`, in the order
    /// they leave; `u64::MAX` releases everything still held (end of a run).
    /// Default: nothing is ever held.
    fn release(&mut self, now_ns: u64, out: &mut Vec<Released>) {
        let _ = (now_ns, out);
    }

    /// Takes back released packets the caller has finished with (written and
    /// counted), so an engine can reuse their buffers; what it leaves in
    /// `released` is dropped. Default: nothing is kept.
    fn recycle(&mut self, released: &mut Vec<Released>) {
        let _ = released;
    }

    /// PayloadPark counters when the engine runs behind PayloadPark
    /// ([`crate::ParkEngine`]); they go into the run summary. Default: none.
    fn park_stats(&self) -> Option<crate::stats::ParkStats> {
        None
    }

    /// Switch/server counters when the engine is the partitioned execution
    /// ([`crate::PartitionedEngine`]); they go into the run summary. Default: none.
    fn partition_stats(&self) -> Option<crate::stats::PartitionStats> {
        None
    }

    /// The switch tables' entries and lookups, when the engine runs a
    /// switch model of its own (the partitioned execution on one thread);
    /// for metrics. Default: none.
    fn table_stats(&self) -> Vec<pipe::TableStats> {
        Vec::new()
    }
}

/// The reference interpreter as an [`Engine`]: defines what every NF means.
pub struct ReferenceEngine {
    interp: Interpreter,
}

impl ReferenceEngine {
    /// Loads (and verifies) a program.
    pub fn new(program: &ir::Program) -> Result<ReferenceEngine, interp::LoadError> {
        Ok(ReferenceEngine {
            interp: Interpreter::new(program)?,
        })
    }

    /// The underlying interpreter (e.g. to inspect one map).
    pub fn interpreter(&self) -> &Interpreter {
        &self.interp
    }
}

impl Engine for ReferenceEngine {
    fn name(&self) -> &str {
        "reference"
    }

    fn process(
        &mut self,
        frame: &mut Vec<u8>,
        in_port: u16,
        now_ns: u64,
    ) -> Result<Verdict, EngineError> {
        Ok(self.interp.process(frame, in_port, now_ns)?)
    }

    fn take_events(&mut self) -> Vec<Event> {
        self.interp.take_events()
    }

    fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        self.interp.state().sizes(now_ns)
    }

    fn state_json(&self, now_ns: u64) -> serde_json::Value {
        self.interp.state().to_json(now_ns)
    }

    fn state_texts(&self, now_ns: u64) -> Vec<(String, String)> {
        self.interp.state().to_json_texts(now_ns)
    }
}
