//! The policy shim (CoMb §5.1): one per hyperapp instance, steering every packet
//! of its queue through the hyperapp's applications in policy order.
//!
//! Each application is a Tandem NF program run by the reference interpreter
//! with its own state. A box is a bump in the wire with two ports, and every
//! application in `examples/nf/` forwards a packet it lets through to the other
//! port (`in_port ^ 1`); the shim hands such a packet, as rewritten, to the next
//! application with the same `in_port`. A drop ends the chain (the packet is
//! dropped, counted to that application); so does a forward to any other port
//! (e.g. back out of `in_port`), and the packet leaves there. After the last
//! application the packet leaves on the port it chose.

use interp::{ExecError, Interpreter, Parsed, SessionTable, SessionView, Verdict};
use serde::Serialize;

use crate::catalog::App;
use crate::error::BoxError;

/// Most events kept per application instance (later ones are only counted).
pub const MAX_EVENTS_KEPT: usize = 64;

/// Counters of one application instance.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct AppStats {
    /// Packets it processed.
    pub packets: u64,
    /// Packets it dropped.
    pub dropped: u64,
    /// Packets it failed on (counted as dropped by the box, not here).
    pub failed: u64,
    /// Events it raised.
    pub events: u64,
}

/// One application inside a shim.
pub struct AppInstance {
    /// Application name.
    pub name: String,
    interp: Interpreter,
    /// It declares the `parse` module (reads the shim's shared parse).
    shares_parse: bool,
    /// It may write a field that moves headers (the shared parse is redone after it).
    writes_layout: bool,
    /// It declares the `session` module: it reads the session results the
    /// shim computes at the hyperapp's entry (shared, or its own table).
    shares_session: bool,
    /// Without reuse, a declaring application's own session table (fed at the
    /// hyperapp's entry like the shared one).
    own_session: Option<SessionTable>,
    /// Its own table's results for the current packet.
    own_view: SessionView,
    /// Counters.
    pub stats: AppStats,
    /// The first [`MAX_EVENTS_KEPT`] events raised, as JSON.
    pub events: Vec<serde_json::Value>,
}

/// What the shim decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShimVerdict {
    /// The packet leaves on this port.
    Forward(u16),
    /// Application `by` (index in the chain) dropped it.
    Drop {
        /// Chain index of the dropping application.
        by: usize,
    },
    /// Application `by` failed on it; the packet is dropped.
    Failed {
        /// Chain index of the failing application.
        by: usize,
        /// The interpreter's error.
        error: ExecError,
    },
}

/// Counters of one shim (one hyperapp instance on one core).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ShimStats {
    /// Packets in.
    pub packets: u64,
    /// Packets that left the chain forwarded.
    pub forwarded: u64,
    /// Packets dropped by an application (or failed).
    pub dropped: u64,
    /// Header parses the applications did not have to do themselves because
    /// the shim's shared `parse` module had done it (module reuse).
    pub parses_saved: u64,
    /// Session-module computations (one per packet with reuse, one per
    /// declaring application and packet without).
    pub session_updates: u64,
}

/// A hyperapp instance: its chain of applications with their state.
pub struct Shim {
    /// Hyperapp label.
    pub label: String,
    /// The chain, in policy order.
    pub apps: Vec<AppInstance>,
    /// Counters.
    pub stats: ShimStats,
    /// Whether applications declaring the same module share its instance.
    reuse: bool,
    /// With reuse and at least one application declaring `session`: the
    /// hyperapp instance's one session table.
    session: Option<SessionTable>,
}

/// Memory of a shim's session tables.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct SessionMemory {
    /// Tables (1 shared, or one per declaring application without reuse).
    pub tables: u64,
    /// Sessions held, summed over the tables.
    pub entries: u64,
    /// Heap bytes of the tables ([`SessionTable::heap_bytes`]).
    pub bytes: u64,
}

impl Shim {
    /// A shim with fresh state for each application of `apps`, in order. With
    /// `reuse`, the applications that declare the `parse` module share one parse
    /// of each packet (redone only after an application that may write a field
    /// of [`interp::LAYOUT_FIELDS`]); without, each parses the packet itself.
    /// The applications that declare the `session` module read session
    /// results computed from the packet as it entered the hyperapp: with
    /// `reuse` from one table per shim, without from a table of their own
    /// (the same computation once per declaring application).
    pub fn new(label: &str, apps: &[&App], reuse: bool) -> Result<Shim, BoxError> {
        let apps = apps
            .iter()
            .map(|a| {
                let interp = Interpreter::new(&a.program).map_err(|e| BoxError::Load {
                    app: a.name.clone(),
                    message: e.to_string(),
                })?;
                let shares_session = a.modules.iter().any(|m| m == "session");
                Ok(AppInstance {
                    name: a.name.clone(),
                    shares_session,
                    own_session: (shares_session && !reuse).then(SessionTable::default),
                    own_view: SessionView::default(),
                    shares_parse: a.modules.iter().any(|m| m == "parse"),
                    writes_layout: interp.writes_layout_fields(),
                    interp,
                    stats: AppStats::default(),
                    events: Vec::new(),
                })
            })
            .collect::<Result<Vec<_>, BoxError>>()?;
        let session = (reuse && apps.iter().any(|a| a.shares_session)).then(SessionTable::default);
        Ok(Shim {
            label: label.to_string(),
            apps,
            stats: ShimStats::default(),
            reuse,
            session,
        })
    }

    /// Steers one frame through the chain (rewritten in place).
    pub fn process(&mut self, frame: &mut [u8], in_port: u16, now_ns: u64) -> ShimVerdict {
        self.stats.packets += 1;
        let through = in_port ^ 1;
        let mut out = through;
        let mut parsed: Option<Parsed> = None;
        // Session reconstruction, on the packet as it enters the hyperapp.
        let mut shared_view = SessionView::default();
        if let Some(table) = &mut self.session {
            let p = *parsed.insert(Parsed::of(frame));
            shared_view = table.observe_parsed(frame, &p, now_ns);
            self.stats.session_updates += 1;
        }
        for app in &mut self.apps {
            if let Some(table) = &mut app.own_session {
                app.own_view = table.observe(frame, now_ns);
                self.stats.session_updates += 1;
            }
        }
        for (i, app) in self.apps.iter_mut().enumerate() {
            app.stats.packets += 1;
            let session = match (app.shares_session, self.reuse) {
                (false, _) => None,
                (true, true) => Some(&shared_view),
                (true, false) => Some(&app.own_view),
            };
            let v = if self.reuse && app.shares_parse {
                let p = match parsed {
                    Some(p) => {
                        self.stats.parses_saved += 1;
                        p
                    }
                    None => *parsed.insert(Parsed::of(frame)),
                };
                app.interp
                    .process_with(frame, Some(&p), session, in_port, now_ns)
            } else {
                app.interp
                    .process_with(frame, None, session, in_port, now_ns)
            };
            if app.writes_layout {
                parsed = None;
            }
            let raised = app.interp.take_events();
            app.stats.events += raised.len() as u64;
            for e in raised {
                if app.events.len() < MAX_EVENTS_KEPT {
                    app.events.push(e.to_json(app.interp.program()));
                }
            }
            match v {
                Ok(Verdict::Forward(p)) if p == through => out = p,
                Ok(Verdict::Forward(p)) => {
                    self.stats.forwarded += 1;
                    return ShimVerdict::Forward(p);
                }
                Ok(Verdict::Drop) => {
                    app.stats.dropped += 1;
                    self.stats.dropped += 1;
                    return ShimVerdict::Drop { by: i };
                }
                Err(error) => {
                    app.stats.failed += 1;
                    self.stats.dropped += 1;
                    return ShimVerdict::Failed { by: i, error };
                }
            }
        }
        self.stats.forwarded += 1;
        ShimVerdict::Forward(out)
    }

    /// Each application's state as JSON at `now_ns`, by application name.
    pub fn state_json(&self, now_ns: u64) -> serde_json::Value {
        self.apps
            .iter()
            .map(|a| (a.name.clone(), a.interp.state().to_json(now_ns)))
            .collect::<serde_json::Map<_, _>>()
            .into()
    }

    /// Memory of the session tables (shared, or the applications' own).
    pub fn session_memory(&self) -> SessionMemory {
        let tables = self
            .session
            .iter()
            .chain(self.apps.iter().filter_map(|a| a.own_session.as_ref()));
        let mut m = SessionMemory::default();
        for t in tables {
            m.tables += 1;
            m.entries += t.len() as u64;
            m.bytes += t.heap_bytes() as u64;
        }
        m
    }

    /// Live sizes of every state object, named `app/object`.
    pub fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        self.apps
            .iter()
            .flat_map(|a| {
                a.interp
                    .state()
                    .sizes(now_ns)
                    .into_iter()
                    .map(move |(n, s)| (format!("{}/{n}", a.name), s))
            })
            .collect()
    }
}
