//! Reference interpreter: the meaning of every NF program, one packet at a time,
//! time passed in.
//!
//! [`Interpreter::new`] verifies and loads an [`ir::Program`] into flat code over
//! numbered `u64` slots; [`Interpreter::process`] runs the handler on one frame
//! (rewritten in place, with IPv4/TCP/UDP checksums patched incrementally after
//! every header write) and returns its [`Verdict`]. Events raised go to an
//! internal log ([`Interpreter::take_events`]); state is inspectable
//! ([`Interpreter::state`]) and dumpable as JSON ([`State::to_json`]).
//!
//! Per-packet work allocates nothing (scratch buffers are reused) except when an
//! event is raised or a map key is wider than 128 bits.
//!
//! # Semantics
//! Those of `docs/IR.md`, plus: the packet's headers are located with
//! `wire::parse_frame`; a header is valid iff `wire` parsed it (TCP/UDP only on
//! unfragmented packets; a frame `wire` rejects has only Ethernet valid); map idle timeouts as described in
//! [`State`]'s module (`last_use` = insert or hit; expired entries are absent).

mod code;
mod exec;
mod layout;
mod packet;
mod state;

pub use state::State;

use serde_json::json;

/// What happens to the packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Sent out of this port.
    Forward(u16),
    /// Dropped.
    Drop,
}

/// A raised event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Time of the packet that raised it.
    pub time_ns: u64,
    /// Which event kind.
    pub event: ir::EventId,
    /// Its name.
    pub name: String,
    /// Field values in declaration order.
    pub fields: Vec<ir::Value>,
}

impl Event {
    /// JSON form: `{"event": name, "time_ns": t, "fields": {name: value}}`, addresses dotted.
    pub fn to_json(&self, program: &ir::Program) -> serde_json::Value {
        let names = program
            .event(self.event)
            .map(|e| e.fields.iter().map(|f| f.0.clone()).collect::<Vec<_>>())
            .unwrap_or_default();
        let mut fields = serde_json::Map::new();
        for (n, v) in names.iter().zip(&self.fields) {
            fields.insert(n.clone(), layout::to_json(v));
        }
        json!({ "event": self.name, "time_ns": self.time_ns, "fields": fields })
    }
}

/// The program could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// It does not verify; the interpreter only runs verified IR.
    #[error("program does not verify: {}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Invalid(Vec<ir::VerifyError>),
}

/// A packet could not be processed (the state may hold the effects of the
/// instructions executed before the error).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExecError {
    /// The handler took more jumps than allowed (a runaway loop).
    #[error("handler exceeded {0} jumps")]
    StepLimit(u64),
    /// Control left the code without a verdict (cannot happen for verified IR).
    #[error("control fell off the end of the code")]
    FellOff,
    /// An operation named a state object of the wrong kind (cannot happen for verified IR).
    #[error("state object #{0} has the wrong kind")]
    BadState(u32),
}

/// Runs one program over packets.
pub struct Interpreter {
    program: ir::Program,
    code: code::Code,
    state: State,
    scratch: exec::Scratch,
    events: Vec<Event>,
    event_names: Vec<String>,
}

impl Interpreter {
    /// Verifies and loads a program, with its state as declared.
    pub fn new(program: &ir::Program) -> Result<Interpreter, LoadError> {
        ir::verify(program).map_err(LoadError::Invalid)?;
        let code = code::load(program);
        let mut slots = vec![0; code.n_slots];
        for &(at, v) in &code.const_slots {
            slots[at as usize] = v;
        }
        let scratch = exec::Scratch {
            slots,
            copy: Vec::with_capacity(64),
            bytes: Vec::with_capacity(64),
            value: Vec::with_capacity(16),
        };
        Ok(Interpreter {
            program: program.clone(),
            state: State::new(program),
            code,
            scratch,
            events: Vec::new(),
            event_names: program.events.iter().map(|e| e.name.clone()).collect(),
        })
    }

    /// Processes one frame arriving on `in_port` at time `now_ns`; the frame is
    /// rewritten in place.
    pub fn process(
        &mut self,
        frame: &mut [u8],
        in_port: u16,
        now_ns: u64,
    ) -> Result<Verdict, ExecError> {
        let mut cx = exec::Ctx {
            code: &self.code,
            state: &mut self.state,
            scratch: &mut self.scratch,
            events: &mut self.events,
            event_names: &self.event_names,
        };
        cx.run(frame, in_port, now_ns)
    }

    /// The program being run.
    pub fn program(&self) -> &ir::Program {
        &self.program
    }

    /// Current state.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Mutable state (e.g. to expire idle entries).
    pub fn state_mut(&mut self) -> &mut State {
        &mut self.state
    }

    /// Events raised so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Takes the events raised so far, leaving the log empty.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }
}
