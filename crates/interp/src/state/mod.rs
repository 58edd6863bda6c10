//! State objects at run time: exact-match maps with capacity and idle timeout,
//! vectors, registers and register arrays, stored flat (no allocation per packet
//! for keys up to 128 bits).
//!
//! # Map semantics (the reference the partitioned execution must match)
//! * An entry is live at time `t` iff it has no idle timeout or
//!   `t - last_use < idle_timeout`, where `last_use` is the time of its insert or of
//!   the last lookup that found it. Expired entries behave exactly as absent.
//! * Insert of a new key into a map holding `capacity` live entries fails and
//!   changes nothing. Overwriting an existing key always succeeds.

use crate::layout::{flatten, slots, to_json, unflatten};
use ir::{StateKind, Type};
use serde_json::json;

mod map;

pub(crate) use map::MapStore;
/// One state object.
#[derive(Clone, Debug)]
pub(crate) enum Obj {
    Map(MapStore),
    /// Vector (read-only) or register array.
    Array {
        elem: Type,
        elem_slots: usize,
        len: usize,
        data: Vec<u64>,
        writable: bool,
    },
    Register {
        ty: Type,
        data: Vec<u64>,
    },
}

/// A copy of state objects as flat words, to keep across a restart
/// ([`State::snapshot`], [`State::restore`]): maps as (key, value) word
/// vectors, registers and arrays as their words.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Snapshot {
    /// Objects by name.
    pub objects: Vec<(String, SnapshotObject)>,
}

/// One object of a [`Snapshot`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SnapshotObject {
    /// Live map entries, flattened.
    Map(Vec<(Vec<u64>, Vec<u64>)>),
    /// A register array's (or vector's) words.
    Array(Vec<u64>),
    /// A register's words.
    Register(Vec<u64>),
}

/// When a map entry goes idle ([`State::idle_deadline`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdleDeadline {
    /// Never by itself: not a map, or a map without an idle timeout.
    Never,
    /// The key is not in the map (a later insert starts its clock).
    Absent,
    /// At this instant (ns), unless the entry is used before.
    At(u64),
}

/// All state of a program.
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) names: Vec<String>,
    pub(crate) objs: Vec<Obj>,
}

impl State {
    /// Initial state as declared.
    pub(crate) fn new(p: &ir::Program) -> State {
        let mut objs = Vec::new();
        for s in &p.states {
            objs.push(match &s.kind {
                StateKind::Map {
                    key,
                    value,
                    capacity,
                    idle_timeout_ns,
                    init,
                } => {
                    let mut m = MapStore::new(key, value, *capacity, *idle_timeout_ns);
                    for (k, v) in init {
                        let (mut ks, mut vs) = (Vec::new(), Vec::new());
                        flatten(k, &mut ks);
                        flatten(v, &mut vs);
                        m.insert(&ks, &vs, 0);
                    }
                    Obj::Map(m)
                }
                StateKind::Vector { elem, init } => {
                    let mut data = Vec::new();
                    init.iter().for_each(|v| flatten(v, &mut data));
                    Obj::Array {
                        elem: elem.clone(),
                        elem_slots: slots(elem),
                        len: init.len(),
                        data,
                        writable: false,
                    }
                }
                StateKind::RegArray { elem, len } => {
                    let n = slots(elem) * *len as usize;
                    Obj::Array {
                        elem: elem.clone(),
                        elem_slots: slots(elem),
                        len: *len as usize,
                        data: vec![0; n],
                        writable: true,
                    }
                }
                StateKind::Register { ty, init } => {
                    let mut data = Vec::new();
                    flatten(init, &mut data);
                    Obj::Register {
                        ty: ty.clone(),
                        data,
                    }
                }
            });
        }
        State {
            names: p.states.iter().map(|s| s.name.clone()).collect(),
            objs,
        }
    }

    /// Number of live entries (maps), elements (arrays) or 1 (registers), by object name.
    pub fn sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        self.names
            .iter()
            .zip(&self.objs)
            .map(|(n, o)| {
                let size = match o {
                    Obj::Map(m) => m.entries(now_ns).len(),
                    Obj::Array { len, .. } => *len,
                    Obj::Register { .. } => 1,
                };
                (n.clone(), size)
            })
            .collect()
    }

    /// Live entries of a map as values, sorted by key; `None` if `name` is not a map.
    pub fn map_entries(&self, name: &str, now_ns: u64) -> Option<Vec<(ir::Value, ir::Value)>> {
        let i = self.names.iter().position(|n| n == name)?;
        let Obj::Map(m) = &self.objs[i] else {
            return None;
        };
        Some(
            m.entries(now_ns)
                .into_iter()
                .map(|(k, v)| {
                    (
                        unflatten(&m.key_ty, &k, &mut 0),
                        unflatten(&m.value_ty, &v, &mut 0),
                    )
                })
                .collect(),
        )
    }

    /// Value of a scalar register; `None` if `name` is not a register.
    pub fn register(&self, name: &str) -> Option<ir::Value> {
        let i = self.names.iter().position(|n| n == name)?;
        match &self.objs[i] {
            Obj::Register { ty, data } => Some(unflatten(ty, data, &mut 0)),
            _ => None,
        }
    }

    /// Elements of a vector or register array; `None` otherwise.
    pub fn array(&self, name: &str) -> Option<Vec<ir::Value>> {
        let i = self.names.iter().position(|n| n == name)?;
        match &self.objs[i] {
            Obj::Array {
                elem,
                elem_slots,
                len,
                data,
                ..
            } => Some(
                (0..*len)
                    .map(|j| unflatten(elem, &data[j * elem_slots..(j + 1) * elem_slots], &mut 0))
                    .collect(),
            ),
            _ => None,
        }
    }

    /// The whole state as JSON (deterministic: maps sorted by key), as seen at `now_ns`.
    pub fn to_json(&self, now_ns: u64) -> serde_json::Value {
        let mut out = serde_json::Map::new();
        for (i, n) in self.names.iter().enumerate() {
            let v = match &self.objs[i] {
                Obj::Map(m) => {
                    let entries: Vec<serde_json::Value> = m
                        .entries(now_ns)
                        .into_iter()
                        .map(|(k, v)| map_entry(m, &k, &v))
                        .collect();
                    let mut head = map_head(m, entries.len());
                    head["entries"] = serde_json::Value::Array(entries);
                    head
                }
                _ => self.small_json(i),
            };
            out.insert(n.clone(), v);
        }
        serde_json::Value::Object(out)
    }

    /// Every object of [`State::to_json`] as compact JSON text, by name in
    /// declaration order: the same values, but a map is written an entry at
    /// a time, so comparing two states costs their text, not JSON trees
    /// (`tandem check` compares final states of maps at capacity this way).
    /// Parsing an object's text gives its value in [`State::to_json`].
    pub fn to_json_texts(&self, now_ns: u64) -> Vec<(String, String)> {
        self.names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let text = match &self.objs[i] {
                    Obj::Map(m) => {
                        let entries = m.entries(now_ns);
                        let head = map_head(m, entries.len()).to_string();
                        // `{...,"size":N}` → `{...,"size":N,"entries":[...]}`.
                        let mut t = head[..head.len() - 1].to_string();
                        t.push_str(",\"entries\":[");
                        for (j, (k, v)) in entries.iter().enumerate() {
                            if j > 0 {
                                t.push(',');
                            }
                            t.push_str(&map_entry(m, k, v).to_string());
                        }
                        t.push_str("]}");
                        t
                    }
                    _ => self.small_json(i).to_string(),
                };
                (n.clone(), text)
            })
            .collect()
    }

    /// An array or register of [`State::to_json`] (maps: `null`).
    fn small_json(&self, i: usize) -> serde_json::Value {
        match &self.objs[i] {
            Obj::Map(_) => serde_json::Value::Null,
            Obj::Array { writable, .. } => {
                let elems: Vec<serde_json::Value> = self
                    .array(&self.names[i])
                    .unwrap_or_default()
                    .iter()
                    .map(to_json)
                    .collect();
                json!({ "kind": if *writable { "regarray" } else { "vector" }, "size": elems.len(), "elements": elems })
            }
            Obj::Register { ty, data } => {
                json!({ "kind": "register", "value": to_json(&unflatten(ty, data, &mut 0)) })
            }
        }
    }

    /// A copy of the objects named in `names` (all when empty) as live at
    /// `now_ns`.
    pub fn snapshot(&self, names: &[&str], now_ns: u64) -> Snapshot {
        let objects = self
            .names
            .iter()
            .zip(&self.objs)
            .filter(|(n, _)| names.is_empty() || names.contains(&n.as_str()))
            .map(|(n, o)| {
                let v = match o {
                    Obj::Map(m) => SnapshotObject::Map(m.entries(now_ns)),
                    Obj::Array { data, .. } => SnapshotObject::Array(data.clone()),
                    Obj::Register { data, .. } => SnapshotObject::Register(data.clone()),
                };
                (n.clone(), v)
            })
            .collect();
        Snapshot { objects }
    }

    /// Replaces the objects a snapshot holds with its copies (map entries
    /// count as used at `now_ns`). Checks everything before changing
    /// anything: every object must exist with the same kind and shape.
    pub fn restore(&mut self, snap: &Snapshot, now_ns: u64) -> Result<(), String> {
        let mut at = Vec::new();
        for (name, v) in &snap.objects {
            let i = self.names.iter().position(|n| n == name).ok_or_else(|| {
                format!("snapshot object `{name}`: the program has no such state")
            })?;
            let ok = match (&self.objs[i], v) {
                (Obj::Map(m), SnapshotObject::Map(es)) => {
                    let (ks, vs) = (m.key_slots(), m.value_slots());
                    es.len() <= m.capacity && es.iter().all(|(k, v)| k.len() == ks && v.len() == vs)
                }
                (Obj::Array { data, .. }, SnapshotObject::Array(d))
                | (Obj::Register { data, .. }, SnapshotObject::Register(d)) => {
                    data.len() == d.len()
                }
                _ => false,
            };
            if !ok {
                return Err(format!(
                    "snapshot object `{name}` does not fit the program's declaration"
                ));
            }
            at.push(i);
        }
        for (i, (_, v)) in at.into_iter().zip(&snap.objects) {
            match (&mut self.objs[i], v) {
                (Obj::Map(m), SnapshotObject::Map(es)) => {
                    for (k, _) in m.entries(now_ns) {
                        m.remove(&k);
                    }
                    for (k, v) in es {
                        m.insert(k, v, now_ns);
                    }
                }
                (Obj::Array { data, .. }, SnapshotObject::Array(d))
                | (Obj::Register { data, .. }, SnapshotObject::Register(d)) => {
                    data.clone_from(d);
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Removes `key` from map `name`; true if it was there (live at `now_ns`).
    pub fn remove_entry(&mut self, name: &str, key: &ir::Value, now_ns: u64) -> bool {
        let at = self.names.iter().position(|n| n == name);
        let Some(Obj::Map(m)) = at.and_then(|i| self.objs.get_mut(i)) else {
            return false;
        };
        let mut k = Vec::new();
        flatten(key, &mut k);
        let was = m.contains(&k, now_ns);
        m.remove(&k);
        was
    }

    /// The value of `key` in map `name` at `now_ns`, without counting as a use.
    pub fn peek_entry(&self, name: &str, key: &ir::Value, now_ns: u64) -> Option<ir::Value> {
        let i = self.names.iter().position(|n| n == name)?;
        let Obj::Map(m) = &self.objs[i] else {
            return None;
        };
        let mut k = Vec::new();
        flatten(key, &mut k);
        m.peek(&k, now_ns)
            .map(|v| unflatten(&m.value_ty, v, &mut 0))
    }

    /// Whether entry `key` of map `name` has been idle for the map's idle
    /// timeout by `now_ns` (false for maps without one and absent keys); for
    /// maps whose expiry is suspended, whose idleness someone else tracks.
    pub fn idle_out(&self, name: &str, key: &ir::Value, now_ns: u64) -> bool {
        matches!(self.idle_deadline(name, key), IdleDeadline::At(d) if d <= now_ns)
    }

    /// When entry `key` of map `name` will have been idle for the map's idle
    /// timeout if nothing uses it before ([`State::idle_out`] holds from that
    /// instant on); a use only moves it later.
    pub fn idle_deadline(&self, name: &str, key: &ir::Value) -> IdleDeadline {
        let at = self.names.iter().position(|n| n == name);
        let Some(Obj::Map(m)) = at.and_then(|i| self.objs.get(i)) else {
            return IdleDeadline::Never;
        };
        let Some(t) = m.idle else {
            return IdleDeadline::Never;
        };
        let mut k = Vec::new();
        flatten(key, &mut k);
        match m.last_use_of(&k) {
            Some(last) => IdleDeadline::At(last.saturating_add(t)),
            None => IdleDeadline::Absent,
        }
    }

    /// Stops map `name` from expiring entries by itself (they live until
    /// removed); its declared idle timeout still shows in [`State::to_json`].
    /// Returns false if there is no such map.
    pub fn suspend_expiry(&mut self, name: &str) -> bool {
        let at = self.names.iter().position(|n| n == name);
        match at.and_then(|i| self.objs.get_mut(i)) {
            Some(Obj::Map(m)) => {
                m.expiry = false;
                true
            }
            _ => false,
        }
    }

    /// Removes expired map entries (they already behave as absent; this frees them).
    pub fn expire(&mut self, now_ns: u64) {
        for o in &mut self.objs {
            if let Obj::Map(m) = o {
                m.sweep(now_ns);
            }
        }
    }
}

/// A map's description in [`State::to_json`], without its entries.
fn map_head(m: &MapStore, size: usize) -> serde_json::Value {
    json!({ "kind": "map", "capacity": m.capacity, "idle_timeout_ns": m.idle, "size": size })
}

/// One map entry in [`State::to_json`].
fn map_entry(m: &MapStore, k: &[u64], v: &[u64]) -> serde_json::Value {
    json!({
        "key": to_json(&unflatten(&m.key_ty, k, &mut 0)),
        "value": to_json(&unflatten(&m.value_ty, v, &mut 0)),
    })
}
