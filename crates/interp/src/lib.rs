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
pub mod session;
mod state;

pub use session::{SessionTable, SessionView};
pub use state::{IdleDeadline, Snapshot, SnapshotObject, State};

/// Where the headers of a frame are, found once by `wire`'s parser and handed to
/// several programs that run on the same frame one after another (CoMb's reuse of
/// a protocol-parsing module: [`Interpreter::process_parsed`]).
///
/// Header writes keep the offsets valid, except writes to the fields of
/// [`LAYOUT_FIELDS`], which can change what parses; after a program that may
/// write them ([`Interpreter::writes_layout_fields`]) the frame must be parsed again.
#[derive(Clone, Copy, Debug)]
pub struct Parsed(packet::Layout);

impl Parsed {
    /// Parses a frame (the same parse [`Interpreter::process`] does itself).
    pub fn of(frame: &[u8]) -> Parsed {
        Parsed(packet::Layout::parse(frame))
    }
}

/// Fields whose writes can change where headers are or whether they parse.
pub const LAYOUT_FIELDS: [ir::Field; 4] = [
    ir::Field::EthType,
    ir::Field::Ipv4Protocol,
    ir::Field::Ipv4TotalLen,
    ir::Field::UdpLength,
];

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
    /// The run reached a block it was loaded to stop at ([`Interpreter::with_exits`])
    /// where only a verdict was expected.
    #[error("execution reached exit block bb{0}")]
    Exited(u32),
    /// [`Interpreter::run_at`] was given a place that is not in the handler.
    #[error("no operation bb{0}:{1} to start at")]
    NoSuchPoint(u32, u32),
    /// [`Interpreter::run_at`] was given a value the handler does not define.
    #[error("no SSA value %{0} in the handler")]
    NoSuchValue(u32),
    /// An operation named a state object of the wrong kind (cannot happen for verified IR).
    #[error("state object #{0} has the wrong kind")]
    BadState(u32),
}

/// How a run that may stop at an exit block ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The handler reached a verdict.
    Verdict(Verdict),
    /// Control entered exit block `bbN` (its live values are readable with
    /// [`Interpreter::value`] until the next run).
    Exit(u32),
}

/// A map insert or remove, as recorded with [`Interpreter::set_journal`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapChange {
    /// The map.
    pub state: ir::StateId,
    /// The key.
    pub key: ir::Value,
    /// The value written, or `None` for a remove.
    pub value: Option<ir::Value>,
    /// Whether the key was present (and live) before.
    pub existed: bool,
}

/// A journal record in slots (converted to [`MapChange`] when taken).
#[derive(Clone, Debug)]
pub(crate) struct MapWrite {
    pub state: u32,
    pub key: Vec<u64>,
    pub value: Option<Vec<u64>>,
    pub existed: bool,
}

/// Shared modules' results a caller hands to a run.
#[derive(Default)]
struct Given<'a> {
    /// Header offsets (a shared parse).
    layout: Option<packet::Layout>,
    /// Session results (a shared session module).
    session: Option<&'a SessionView>,
}

/// Runs one program over packets.
pub struct Interpreter {
    program: ir::Program,
    code: code::Code,
    state: State,
    scratch: exec::Scratch,
    events: Vec<Event>,
    event_names: Vec<String>,
    journaling: bool,
    journal: Vec<MapWrite>,
    /// Lookups recorded with [`Interpreter::set_read_log`]: (map, key slots).
    reading: bool,
    reads: Vec<(u32, Vec<u64>)>,
    /// Key and value types per state object (maps only), for the journal.
    map_types: Vec<Option<(ir::Type, ir::Type)>>,
    /// The program's own session module, if it reads `session.*`.
    session: Option<SessionTable>,
}

impl Interpreter {
    /// Verifies and loads a program, with its state as declared.
    pub fn new(program: &ir::Program) -> Result<Interpreter, LoadError> {
        Self::with_exits(program, &[])
    }

    /// Like [`Interpreter::new`], but entering any block of `exits` ends a run
    /// with [`Outcome::Exit`] (a Gallium server stops where the switch resumes).
    pub fn with_exits(program: &ir::Program, exits: &[u32]) -> Result<Interpreter, LoadError> {
        ir::verify(program).map_err(LoadError::Invalid)?;
        let code = code::load(program, exits);
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
        let reads_session = code
            .insts
            .iter()
            .any(|i| matches!(i, code::Inst::Session { .. }));
        Ok(Interpreter {
            session: reads_session.then(SessionTable::default),
            program: program.clone(),
            state: State::new(program),
            code,
            scratch,
            events: Vec::new(),
            event_names: program.events.iter().map(|e| e.name.clone()).collect(),
            journaling: false,
            journal: Vec::new(),
            reading: false,
            reads: Vec::new(),
            map_types: program
                .states
                .iter()
                .map(|s| match &s.kind {
                    ir::StateKind::Map { key, value, .. } => Some((key.clone(), value.clone())),
                    _ => None,
                })
                .collect(),
        })
    }

    /// Records every map insert and remove from now on (or stops recording).
    pub fn set_journal(&mut self, on: bool) {
        self.journaling = on;
    }

    /// The map changes recorded since the last call, oldest first.
    pub fn take_changes(&mut self) -> Vec<MapChange> {
        let types = &self.map_types;
        std::mem::take(&mut self.journal)
            .into_iter()
            .filter_map(|w| {
                let (kt, vt) = types.get(w.state as usize)?.as_ref()?;
                Some(MapChange {
                    state: ir::StateId(w.state),
                    key: layout::unflatten(kt, &w.key, &mut 0),
                    value: w.value.map(|v| layout::unflatten(vt, &v, &mut 0)),
                    existed: w.existed,
                })
            })
            .collect()
    }

    /// Records every map lookup from now on (or stops recording): what a
    /// run's verdict may depend on (a Gallium server holds a re-decided
    /// packet until the updates of the keys it looked up are visible).
    pub fn set_read_log(&mut self, on: bool) {
        self.reading = on;
    }

    /// The map lookups recorded since the last call, oldest first (a key
    /// looked up twice is there twice): (map, key).
    pub fn take_reads(&mut self) -> Vec<(ir::StateId, ir::Value)> {
        let types = &self.map_types;
        std::mem::take(&mut self.reads)
            .into_iter()
            .filter_map(|(state, key)| {
                let (kt, _) = types.get(state as usize)?.as_ref()?;
                Some((ir::StateId(state), layout::unflatten(kt, &key, &mut 0)))
            })
            .collect()
    }

    /// Runs from the entry like [`Interpreter::process`], but reports an exit
    /// block instead of failing on it.
    pub fn process_to_exit(
        &mut self,
        frame: &mut [u8],
        in_port: u16,
        now_ns: u64,
    ) -> Result<Outcome, ExecError> {
        self.run_pc(0, frame, in_port, now_ns, true)
    }

    /// Runs the whole handler from the entry to its verdict, through exit
    /// blocks (the whole program, e.g. for a packet the switch cannot parse).
    pub fn process_whole(
        &mut self,
        frame: &mut [u8],
        in_port: u16,
        now_ns: u64,
    ) -> Result<Verdict, ExecError> {
        match self.run_pc(0, frame, in_port, now_ns, false)? {
            Outcome::Verdict(v) => Ok(v),
            Outcome::Exit(b) => Err(ExecError::Exited(b)),
        }
    }

    /// Runs from operation `index` of block `block` (index = the block's
    /// operation count for its terminator), with `values` the SSA values live
    /// there, to a verdict or an exit block.
    pub fn run_at(
        &mut self,
        block: u32,
        index: u32,
        values: &[(ir::ValueId, ir::Value)],
        frame: &mut [u8],
        in_port: u16,
        now_ns: u64,
    ) -> Result<Outcome, ExecError> {
        let pc = *self
            .code
            .op_pc
            .get(&(block, index))
            .ok_or(ExecError::NoSuchPoint(block, index))?;
        let mut flat = Vec::new();
        for (v, x) in values {
            let (at, _, _) = self
                .code
                .value_slots
                .get(v)
                .ok_or(ExecError::NoSuchValue(v.0))?;
            flat.clear();
            layout::flatten(x, &mut flat);
            for (k, y) in flat.iter().enumerate() {
                if let Some(slot) = self.scratch.slots.get_mut(*at as usize + k) {
                    *slot = *y;
                }
            }
        }
        self.run_pc(pc as usize, frame, in_port, now_ns, true)
    }

    /// The current value of SSA value `v` (meaningful right after a run that
    /// defined it, e.g. the live values at an [`Outcome::Exit`]).
    pub fn value(&self, v: ir::ValueId) -> Option<ir::Value> {
        let (at, _, t) = self.code.value_slots.get(&v)?;
        Some(layout::unflatten(
            t,
            &self.scratch.slots,
            &mut (*at as usize),
        ))
    }

    fn run_pc(
        &mut self,
        pc: usize,
        frame: &mut [u8],
        in_port: u16,
        now_ns: u64,
        stop_at_exits: bool,
    ) -> Result<Outcome, ExecError> {
        self.run_pc_with(pc, frame, in_port, now_ns, stop_at_exits, Given::default())
    }

    fn run_pc_with(
        &mut self,
        pc: usize,
        frame: &mut [u8],
        in_port: u16,
        now_ns: u64,
        stop_at_exits: bool,
        given: Given<'_>,
    ) -> Result<Outcome, ExecError> {
        let Given { layout, session } = given;
        // The program's own session module observes the packet as it arrives,
        // unless the caller computed the results (a shared module).
        let (layout, session) = match (session, &mut self.session) {
            (Some(v), _) => (layout, *v),
            (None, Some(table)) => {
                let l = layout.unwrap_or_else(|| packet::Layout::parse(frame));
                (Some(l), table.observe_layout(frame, &l, now_ns))
            }
            (None, None) => (layout, SessionView::default()),
        };
        let mut cx = exec::Ctx {
            session,
            code: &self.code,
            state: &mut self.state,
            scratch: &mut self.scratch,
            events: &mut self.events,
            event_names: &self.event_names,
            journal: self.journaling.then_some(&mut self.journal),
            reads: self.reading.then_some(&mut self.reads),
            stop_at_exits,
            layout,
        };
        Ok(match cx.run_at(pc, frame, in_port, now_ns)? {
            exec::End::Verdict(v) => Outcome::Verdict(v),
            exec::End::Exit(b) => Outcome::Exit(b),
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
        match self.run_pc(0, frame, in_port, now_ns, true)? {
            Outcome::Verdict(v) => Ok(v),
            Outcome::Exit(b) => Err(ExecError::Exited(b)),
        }
    }

    /// [`Interpreter::process`] with the headers already located by `parsed`,
    /// which must be [`Parsed::of`] this frame as it is now (see [`Parsed`]).
    pub fn process_parsed(
        &mut self,
        frame: &mut [u8],
        parsed: &Parsed,
        in_port: u16,
        now_ns: u64,
    ) -> Result<Verdict, ExecError> {
        self.process_with(frame, Some(parsed), None, in_port, now_ns)
    }

    /// [`Interpreter::process`] with shared modules' results: the headers
    /// located by `parsed` (as [`Interpreter::process_parsed`]) and, with
    /// `session`, the session module's results for this packet, which the
    /// program then reads instead of its own table's (which is left untouched).
    pub fn process_with(
        &mut self,
        frame: &mut [u8],
        parsed: Option<&Parsed>,
        session: Option<&SessionView>,
        in_port: u16,
        now_ns: u64,
    ) -> Result<Verdict, ExecError> {
        let given = Given {
            layout: parsed.map(|p| p.0),
            session,
        };
        match self.run_pc_with(0, frame, in_port, now_ns, true, given)? {
            Outcome::Verdict(v) => Ok(v),
            Outcome::Exit(b) => Err(ExecError::Exited(b)),
        }
    }

    /// Whether the program reads `session.*` (and so keeps a session table
    /// unless given the results).
    pub fn reads_session(&self) -> bool {
        self.session.is_some()
    }

    /// The program's own session table, if it reads `session.*`.
    pub fn session_table(&self) -> Option<&SessionTable> {
        self.session.as_ref()
    }

    /// Whether the program may write a field of [`LAYOUT_FIELDS`] (so a
    /// [`Parsed`] of the frame is stale after it ran).
    pub fn writes_layout_fields(&self) -> bool {
        self.code
            .insts
            .iter()
            .any(|i| matches!(i, code::Inst::Set { f, .. } if LAYOUT_FIELDS.contains(f)))
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
