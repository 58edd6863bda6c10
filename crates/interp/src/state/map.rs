//! Exact-match map store: entries in a slab of value slots, indexed by packed key;
//! capacity and idle-timeout semantics as documented in the parent module.

use crate::layout::{Leaf, leaves, slots};
use ir::Type;
use rustc_hash::FxHashMap;

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
    pub(super) key_ty: Type,
    pub(super) value_ty: Type,
    key_leaves: Vec<Leaf>,
    index: KeyIndex,
    value_slots: usize,
    pub(super) capacity: usize,
    pub(super) idle: Option<u64>,
    /// False when someone else decides expiry (a Gallium server whose switch
    /// tracks idleness): entries then live until removed.
    pub(super) expiry: bool,
    values: Vec<u64>,
    last_use: Vec<u64>,
    free: Vec<u32>,
}

/// Entries a map reserves room for when it is created (its capacity, up to
/// this many).
const RESERVE: usize = 1 << 16;

/// An empty index with room for `n` keys.
fn reserved<K, V>(n: usize) -> FxHashMap<K, V> {
    FxHashMap::with_capacity_and_hasher(n, Default::default())
}

impl MapStore {
    pub(crate) fn new(key: &Type, value: &Type, capacity: u32, idle: Option<u64>) -> Self {
        let key_leaves = leaves(key);
        let bits = key_leaves.iter().map(|l| l.bits()).sum::<u32>();
        // Room for the declared capacity (up to RESERVE) from the start: a
        // hash index that doubles rehashes every key at once, a stall of
        // milliseconds at tens of thousands of keys, which a live server
        // pays in the middle of a burst of new flows.
        let reserve = (capacity as usize).min(RESERVE);
        let index = if bits <= 64 {
            KeyIndex::Narrow(reserved(reserve))
        } else if bits <= 128 {
            KeyIndex::Packed(reserved(reserve))
        } else {
            KeyIndex::Wide(reserved(reserve))
        };
        MapStore {
            key_ty: key.clone(),
            value_ty: value.clone(),
            key_leaves,
            index,
            value_slots: slots(value),
            capacity: capacity as usize,
            idle,
            expiry: true,
            values: Vec::with_capacity(reserve * slots(value)),
            last_use: Vec::with_capacity(reserve),
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
        if !self.expiry {
            return false;
        }
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

    /// Slots per key.
    pub fn key_slots(&self) -> usize {
        slots(&self.key_ty)
    }

    /// Slots per value.
    pub fn value_slots(&self) -> usize {
        self.value_slots
    }

    /// When `key` was last used (inserted or looked up), if present.
    pub fn last_use_of(&self, key: &[u64]) -> Option<u64> {
        self.find(key)
            .and_then(|idx| self.last_use.get(idx as usize).copied())
    }

    /// The value of `key` if present and live at `now` (no refresh).
    pub fn peek(&self, key: &[u64], now: u64) -> Option<&[u64]> {
        let idx = self.find(key).filter(|&idx| !self.expired(idx, now))?;
        let at = idx as usize * self.value_slots;
        self.values.get(at..at + self.value_slots)
    }

    /// Whether `key` is present and live at `now` (no refresh).
    pub fn contains(&self, key: &[u64], now: u64) -> bool {
        self.find(key).is_some_and(|idx| !self.expired(idx, now))
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
        let Some(t) = self.idle.filter(|_| self.expiry) else {
            return;
        };
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
    pub(crate) fn entries(&self, now: u64) -> Vec<(Vec<u64>, Vec<u64>)> {
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
