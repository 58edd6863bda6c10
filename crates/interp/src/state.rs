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

use crate::layout::{Leaf, flatten, leaves, slots, to_json, unflatten};
use ir::{StateKind, Type};
use rustc_hash::FxHashMap;
use serde_json::json;

/// Key → entry index. Keys are packed into one integer when their leaves fit in
/// 64 or 128 bits (no allocation, cheap hashing); wider keys are kept as slot vectors.
#[derive(Clone, Debug)]
enum KeyIndex {
    Narrow(FxHashMap<u64, u32>),
    Packed(FxHashMap<u128, u32>),
    Wide(FxHashMap<Vec<u64>, u32>),
}

/// Runtime store of one map.
#[derive(Clone, Debug)]
pub(crate) struct MapStore {
    key_ty: Type,
    value_ty: Type,
    key_leaves: Vec<Leaf>,
    index: KeyIndex,
    value_slots: usize,
    capacity: usize,
    idle: Option<u64>,
    values: Vec<u64>,
    last_use: Vec<u64>,
    free: Vec<u32>,
}

impl MapStore {
    fn new(key: &Type, value: &Type, capacity: u32, idle: Option<u64>) -> Self {
        let key_leaves = leaves(key);
        let bits = key_leaves.iter().map(|l| l.bits()).sum::<u32>();
        let index = if bits <= 64 {
            KeyIndex::Narrow(FxHashMap::default())
        } else if bits <= 128 {
            KeyIndex::Packed(FxHashMap::default())
        } else {
            KeyIndex::Wide(FxHashMap::default())
        };
        MapStore {
            key_ty: key.clone(),
            value_ty: value.clone(),
            key_leaves,
            index,
            value_slots: slots(value),
            capacity: capacity as usize,
            idle,
            values: Vec::new(),
            last_use: Vec::new(),
            free: Vec::new(),
        }
    }

    #[inline]
    fn pack(&self, key: &[u64]) -> u128 {
        let mut acc = 0u128;
        for (l, v) in self.key_leaves.iter().zip(key) {
            acc = (acc << l.bits()) | u128::from(*v);
        }
        acc
    }

    /// Splits a packed key back into its leaves.
    fn unpack(&self, mut k: u128) -> Vec<u64> {
        let mut key = vec![0; self.key_leaves.len()];
        for (slot, l) in key.iter_mut().zip(&self.key_leaves).rev() {
            let mask = if l.bits() >= 128 {
                u128::MAX
            } else {
                (1u128 << l.bits()) - 1
            };
            *slot = (k & mask) as u64;
            k >>= l.bits();
        }
        key
    }

    #[inline]
    fn find(&self, key: &[u64]) -> Option<u32> {
        match &self.index {
            KeyIndex::Narrow(m) => m.get(&(self.pack(key) as u64)).copied(),
            KeyIndex::Packed(m) => m.get(&self.pack(key)).copied(),
            KeyIndex::Wide(m) => m.get(key).copied(),
        }
    }

    fn link(&mut self, key: &[u64], idx: u32) {
        let k = self.pack(key);
        match &mut self.index {
            KeyIndex::Narrow(m) => {
                m.insert(k as u64, idx);
            }
            KeyIndex::Packed(m) => {
                m.insert(k, idx);
            }
            KeyIndex::Wide(m) => {
                m.insert(key.to_vec(), idx);
            }
        }
    }

    fn expired(&self, idx: u32, now: u64) -> bool {
        match (self.idle, self.last_use.get(idx as usize)) {
            (Some(t), Some(&last)) => now.saturating_sub(last) >= t,
            _ => false,
        }
    }

    fn unlink(&mut self, key: &[u64]) -> Option<u32> {
        let k = self.pack(key);
        let idx = match &mut self.index {
            KeyIndex::Narrow(m) => m.remove(&(k as u64)),
            KeyIndex::Packed(m) => m.remove(&k),
            KeyIndex::Wide(m) => m.remove(key),
        };
        if let Some(i) = idx {
            self.free.push(i);
        }
        idx
    }

    /// Slots per value.
    pub fn value_slots(&self) -> usize {
        self.value_slots
    }

    /// Looks `key` up; on a live hit refreshes it and copies the value into `out`.
    pub fn get(&mut self, key: &[u64], now: u64, out: &mut [u64]) -> bool {
        let Some(idx) = self.find(key) else {
            return false;
        };
        if self.expired(idx, now) {
            self.unlink(key);
            return false;
        }
        self.last_use[idx as usize] = now;
        let at = idx as usize * self.value_slots;
        out.copy_from_slice(&self.values[at..at + self.value_slots]);
        true
    }

    /// Inserts or overwrites; false if the map is full of live entries.
    pub fn insert(&mut self, key: &[u64], value: &[u64], now: u64) -> bool {
        if let Some(idx) = self.find(key) {
            if self.expired(idx, now) {
                self.unlink(key);
            } else {
                self.write(idx, value, now);
                return true;
            }
        }
        if self.len_raw() >= self.capacity {
            self.sweep(now);
            if self.len_raw() >= self.capacity {
                return false;
            }
        }
        let idx = match self.free.pop() {
            Some(i) => i,
            None => {
                let i = self.last_use.len() as u32;
                self.last_use.push(0);
                self.values.resize(self.values.len() + self.value_slots, 0);
                i
            }
        };
        self.write(idx, value, now);
        self.link(key, idx);
        true
    }

    fn write(&mut self, idx: u32, value: &[u64], now: u64) {
        let at = idx as usize * self.value_slots;
        self.values[at..at + self.value_slots].copy_from_slice(value);
        self.last_use[idx as usize] = now;
    }

    pub fn remove(&mut self, key: &[u64]) {
        self.unlink(key);
    }

    fn len_raw(&self) -> usize {
        match &self.index {
            KeyIndex::Narrow(m) => m.len(),
            KeyIndex::Packed(m) => m.len(),
            KeyIndex::Wide(m) => m.len(),
        }
    }

    /// Removes every expired entry.
    pub fn sweep(&mut self, now: u64) {
        let Some(t) = self.idle else { return };
        let last = &self.last_use;
        let mut freed = Vec::new();
        let mut keep = |i: &mut u32| {
            let live = now.saturating_sub(last[*i as usize]) < t;
            if !live {
                freed.push(*i);
            }
            live
        };
        match &mut self.index {
            KeyIndex::Narrow(m) => m.retain(|_, i| keep(i)),
            KeyIndex::Packed(m) => m.retain(|_, i| keep(i)),
            KeyIndex::Wide(m) => m.retain(|_, i| keep(i)),
        }
        self.free.extend(freed);
    }

    /// Live entries as (key slots, value slots), sorted by key.
    fn entries(&self, now: u64) -> Vec<(Vec<u64>, Vec<u64>)> {
        let mut out = Vec::new();
        let value_of = |i: u32| {
            self.values[i as usize * self.value_slots..(i as usize + 1) * self.value_slots].to_vec()
        };
        let ids: Vec<(Vec<u64>, u32)> = match &self.index {
            KeyIndex::Narrow(m) => m
                .iter()
                .map(|(k, &i)| (self.unpack(u128::from(*k)), i))
                .collect(),
            KeyIndex::Packed(m) => m.iter().map(|(k, &i)| (self.unpack(*k), i)).collect(),
            KeyIndex::Wide(m) => m.iter().map(|(k, &i)| (k.clone(), i)).collect(),
        };
        for (k, i) in ids {
            if !self.expired(i, now) {
                out.push((k, value_of(i)));
            }
        }
        out.sort();
        out
    }
}

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
        for (n, o) in self.names.iter().zip(&self.objs) {
            let v = match o {
                Obj::Map(m) => {
                    let entries: Vec<serde_json::Value> = m
                        .entries(now_ns)
                        .into_iter()
                        .map(|(k, v)| {
                            json!({
                                "key": to_json(&unflatten(&m.key_ty, &k, &mut 0)),
                                "value": to_json(&unflatten(&m.value_ty, &v, &mut 0)),
                            })
                        })
                        .collect();
                    json!({ "kind": "map", "capacity": m.capacity, "idle_timeout_ns": m.idle, "size": entries.len(), "entries": entries })
                }
                Obj::Array { writable, .. } => {
                    let elems: Vec<serde_json::Value> = self
                        .array(n)
                        .unwrap_or_default()
                        .iter()
                        .map(to_json)
                        .collect();
                    json!({ "kind": if *writable { "regarray" } else { "vector" }, "size": elems.len(), "elements": elems })
                }
                Obj::Register { ty, data } => {
                    json!({ "kind": "register", "value": to_json(&unflatten(ty, data, &mut 0)) })
                }
            };
            out.insert(n.clone(), v);
        }
        serde_json::Value::Object(out)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn map(cap: u32, idle: Option<u64>) -> MapStore {
        MapStore::new(
            &Type::Tuple(vec![Type::Bits(8), Type::Ipv4]),
            &Type::Bits(16),
            cap,
            idle,
        )
    }

    #[test]
    fn capacity_is_enforced_and_overwrite_always_succeeds() {
        let mut m = map(2, None);
        let mut out = [0u64];
        assert!(m.insert(&[6, 1], &[10], 0));
        assert!(m.insert(&[6, 2], &[20], 0));
        assert!(!m.insert(&[6, 3], &[30], 0), "full");
        assert!(m.insert(&[6, 1], &[11], 0), "overwrite");
        assert!(m.get(&[6, 1], 0, &mut out) && out[0] == 11);
        m.remove(&[6, 2]);
        assert!(m.insert(&[6, 3], &[30], 0), "space after remove");
        assert_eq!(
            m.entries(0),
            vec![(vec![6, 1], vec![11]), (vec![6, 3], vec![30])]
        );
    }

    #[test]
    fn idle_timeout_counts_from_last_hit() {
        let mut m = map(1, Some(100));
        let mut out = [0u64];
        assert!(m.insert(&[17, 9], &[1], 0));
        assert!(m.get(&[17, 9], 99, &mut out), "live at 99");
        assert!(
            m.get(&[17, 9], 198, &mut out),
            "refreshed at 99, live at 198"
        );
        assert!(
            !m.get(&[17, 9], 298, &mut out),
            "expired at 298 = 198 + 100"
        );
        // An expired entry does not count against capacity.
        assert!(m.insert(&[6, 1], &[2], 300));
        assert!(!m.insert(&[6, 2], &[3], 350));
        assert!(m.insert(&[6, 2], &[3], 400));
    }

    #[test]
    fn packed_128_bit_keys_round_trip_through_dumps() {
        let kt = Type::Tuple(vec![Type::Ipv4, Type::Ipv4, Type::Bits(16), Type::Bool]);
        let mut m = MapStore::new(&kt, &Type::Bits(8), 4, None);
        assert!(matches!(m.index, KeyIndex::Packed(_)));
        let mut out = [0u64];
        assert!(m.insert(&[0xffff_ffff, 1, 0xffff, 1], &[9], 0));
        assert!(m.get(&[0xffff_ffff, 1, 0xffff, 1], 0, &mut out) && out[0] == 9);
        assert!(!m.get(&[0xffff_ffff, 1, 0xffff, 0], 0, &mut out));
        assert_eq!(
            m.entries(0),
            vec![(vec![0xffff_ffff, 1, 0xffff, 1], vec![9])]
        );
    }

    #[test]
    fn wide_keys_work_like_packed_ones() {
        let kt = Type::Tuple(vec![Type::Bits(64), Type::Bits(64), Type::Bits(8)]);
        let mut m = MapStore::new(&kt, &Type::Bool, 4, None);
        assert!(matches!(m.index, KeyIndex::Wide(_)));
        let mut out = [0u64];
        assert!(m.insert(&[u64::MAX, 5, 1], &[1], 0));
        assert!(m.get(&[u64::MAX, 5, 1], 0, &mut out));
        assert!(!m.get(&[u64::MAX, 5, 2], 0, &mut out));
        assert_eq!(m.entries(0), vec![(vec![u64::MAX, 5, 1], vec![1])]);
    }
}
