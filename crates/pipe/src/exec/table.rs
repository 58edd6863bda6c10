//! Runtime state of one match-action table: its entries and lookup structures.
//!
//! Keys are packed into 256 bits ([`PackedKey`], most significant word first) by
//! concatenating the key fields. Exact tables use a hash map from the packed key;
//! tables with ternary/LPM fields keep entries ordered by priority and scan them
//! (a TCAM answers in one step; the scan is the model's cost, not the switch's).

use std::collections::BTreeSet;
use std::time::Duration;

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::program::MatchKind;
use crate::resolved::KeyPart;

/// A key packed into 256 bits, most significant word first.
pub(crate) type PackedKey = [u64; 4];

/// How an entry matches one key field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeyMatch {
    /// The field equals `value`.
    Exact(u64),
    /// `field & mask == value & mask` (ternary fields only).
    Ternary {
        /// Value.
        value: u64,
        /// Mask.
        mask: u64,
    },
    /// The top `prefix_len` bits of the field equal those of `value` (LPM fields only).
    Lpm {
        /// Value.
        value: u64,
        /// Prefix length in bits.
        prefix_len: u8,
    },
}

/// An entry as the control plane writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableEntry {
    /// One match per key field, in key order.
    pub key: Vec<KeyMatch>,
    /// Action name.
    pub action: String,
    /// Action data.
    pub args: Vec<u64>,
    /// Priority for tables with ternary fields (higher wins); ignored otherwise
    /// (LPM tables rank by prefix length).
    pub priority: u32,
}

impl TableEntry {
    /// An entry with exact key values.
    pub fn exact(key: &[u64], action: &str, args: &[u64]) -> TableEntry {
        TableEntry {
            key: key.iter().map(|&v| KeyMatch::Exact(v)).collect(),
            action: action.to_string(),
            args: args.to_vec(),
            priority: 0,
        }
    }
}

pub(crate) fn mask_of(width: u8) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// Shifts `acc` left by `width` bits and ors in `v`.
#[inline]
pub(crate) fn push_bits(acc: &mut PackedKey, v: u64, width: u8) {
    let w = u32::from(width);
    if w == 64 {
        acc[0] = acc[1];
        acc[1] = acc[2];
        acc[2] = acc[3];
        acc[3] = v;
        return;
    }
    for i in 0..3 {
        acc[i] = (acc[i] << w) | (acc[i + 1] >> (64 - w));
    }
    acc[3] = (acc[3] << w) | (v & mask_of(width));
}

/// Packs the current key field values.
#[inline]
pub(crate) fn pack(parts: &[KeyPart], vals: &[u64]) -> PackedKey {
    let mut k = [0u64; 4];
    for p in parts {
        push_bits(&mut k, vals[usize::from(p.slot)], p.width);
    }
    k
}

/// Why an entry was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum EntryProblem {
    Shape(String),
    Exists,
    Full,
}

/// Converts a control-plane key into (value, mask, implied priority).
pub(crate) fn pack_entry(
    parts: &[KeyPart],
    key: &[KeyMatch],
) -> Result<(PackedKey, PackedKey, u32), EntryProblem> {
    if key.len() != parts.len() {
        return Err(EntryProblem::Shape(format!(
            "key has {} fields, table has {}",
            key.len(),
            parts.len()
        )));
    }
    let mut value = [0u64; 4];
    let mut mask = [0u64; 4];
    let mut prefix = 0u32;
    for (i, (p, m)) in parts.iter().zip(key).enumerate() {
        let full = mask_of(p.width);
        let (v, mk) = match (*m, p.kind) {
            (KeyMatch::Exact(v), _) => {
                prefix += u32::from(p.width);
                (v, full)
            }
            (KeyMatch::Ternary { value, mask }, MatchKind::Ternary) => (value, mask),
            (KeyMatch::Lpm { value, prefix_len }, MatchKind::Lpm) if prefix_len <= p.width => {
                prefix += u32::from(prefix_len);
                let mk = if prefix_len == 0 {
                    0
                } else {
                    full & !(mask_of(p.width - prefix_len))
                };
                (value, mk)
            }
            (m, kind) => {
                return Err(EntryProblem::Shape(format!(
                    "key field {} is {kind:?}; {m:?} does not fit it",
                    i + 1
                )));
            }
        };
        if v & !full != 0 || mk & !full != 0 {
            return Err(EntryProblem::Shape(format!(
                "key field {} value does not fit in {} bits",
                i + 1,
                p.width
            )));
        }
        push_bits(&mut value, v & mk, p.width);
        push_bits(&mut mask, mk, p.width);
    }
    Ok((value, mask, prefix))
}

/// One installed entry.
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    pub spec: TableEntry,
    pub value: PackedKey,
    pub mask: PackedKey,
    pub rank: u32,
    pub action: u16,
    pub args: Box<[u64]>,
    pub last_hit: Duration,
    pub idle_reported: bool,
}

/// All entries of one table.
#[derive(Debug, Clone, Default)]
pub(crate) struct TableState {
    slots: Vec<Option<Entry>>,
    free: Vec<u32>,
    exact: FxHashMap<PackedKey, u32>,
    /// Masked entries, best rank first; ties keep insertion order.
    ordered: Vec<u32>,
    len: usize,
    /// For a table with an idle timeout: its entries by when they can first
    /// go idle ([`TableState::schedule_idle`]).
    idle: Option<IdleSchedule>,
}

/// A table's entries ordered by a lower bound of their last hit, so that an
/// idle poll visits the entries that may have gone idle and no others.
///
/// The bound is the entry's last hit when it was (re)scheduled. Hits move an
/// entry's last hit forward without touching the schedule (the data plane
/// stays as it is): a visit finds the entry hit since and schedules it again
/// at its real last hit. So an entry is visited about once per timeout,
/// however often it is polled, and a poll costs the entries it visits, not
/// the table's size. Control-plane writes that could move a last hit below
/// its bound call [`TableState::touch`].
#[derive(Debug, Clone, Default)]
struct IdleSchedule {
    /// (bound, slot).
    due: BTreeSet<(Duration, u32)>,
    /// The bound each slot is scheduled at.
    at: Vec<Option<Duration>>,
}

impl IdleSchedule {
    fn set(&mut self, id: u32, bound: Duration) {
        let i = id as usize;
        if self.at.len() <= i {
            self.at.resize(i + 1, None);
        }
        if let Some(old) = self.at[i].replace(bound) {
            self.due.remove(&(old, id));
        }
        self.due.insert((bound, id));
    }

    fn clear(&mut self, id: u32) {
        if let Some(old) = self.at.get_mut(id as usize).and_then(Option::take) {
            self.due.remove(&(old, id));
        }
    }
}

/// The most entries a table makes room for up front ([`TableState::with_room`]):
/// a table declared larger grows past it as entries come.
pub(crate) const TABLE_ROOM_MAX: u32 = 1 << 20;

impl TableState {
    /// An empty table with room for `size` entries (at most
    /// [`TABLE_ROOM_MAX`]) before anything grows. Growing a table copies
    /// every entry and rehashes every key at once; the tables of one program
    /// fill in step (a flow's keys go into several), so they all grow on the
    /// same packet, a stall of milliseconds at tens of thousands of entries
    /// that every packet queued behind it sees. The room is address space:
    /// pages are touched as entries arrive.
    pub fn with_room(size: u32, ternary: bool) -> TableState {
        let n = size.min(TABLE_ROOM_MAX) as usize;
        TableState {
            slots: Vec::with_capacity(n),
            free: Vec::new(),
            exact: if ternary {
                FxHashMap::default()
            } else {
                // A hash table holds 7/8 of its buckets: room for 7/8 of
                // the entries keeps the bucket count a growing table would end
                // with (a sparser one costs cache and page misses per insert),
                // and the last eighth of a full table grows it once.
                FxHashMap::with_capacity_and_hasher(n - n / 8, Default::default())
            },
            ordered: if ternary {
                Vec::with_capacity(n)
            } else {
                Vec::new()
            },
            len: 0,
            idle: None,
        }
    }

    /// Keeps the entries in an idle schedule from now on (a table with an
    /// idle timeout; call before the first insert).
    pub fn schedule_idle(&mut self) {
        self.idle.get_or_insert_with(IdleSchedule::default);
    }

    /// Slots scheduled at or below `limit`, by bound: the entries whose
    /// last hit may be at or before `limit`. Others were hit after it.
    pub fn due_ids(&self, limit: Duration) -> Vec<u32> {
        self.idle.as_ref().map_or_else(Vec::new, |s| {
            s.due
                .range(..=(limit, u32::MAX))
                .map(|&(_, id)| id)
                .collect()
        })
    }

    /// Takes the slots scheduled at or below `limit` out of the schedule (in
    /// slot order); the caller schedules each again with
    /// [`TableState::reschedule`].
    pub fn take_due(&mut self, limit: Duration) -> Vec<u32> {
        let Some(s) = &mut self.idle else {
            return Vec::new();
        };
        let mut ids = Vec::new();
        while let Some(&(bound, id)) = s.due.first() {
            if bound > limit {
                break;
            }
            s.due.pop_first();
            if let Some(at) = s.at.get_mut(id as usize) {
                *at = None;
            }
            ids.push(id);
        }
        ids.sort_unstable();
        ids
    }

    /// Schedules slot `id` at `bound` (at most its entry's last hit, or the
    /// time it was last reported idle).
    pub fn reschedule(&mut self, id: u32, bound: Duration) {
        if let Some(s) = &mut self.idle
            && self.slots.get(id as usize).is_some_and(Option::is_some)
        {
            s.set(id, bound);
        }
    }

    /// After a control-plane write set slot `id`'s last hit: schedules it
    /// earlier if the last hit is now below its bound.
    pub fn touch(&mut self, id: u32) {
        let Some(s) = &mut self.idle else { return };
        let Some(e) = self.slots.get(id as usize).and_then(Option::as_ref) else {
            return;
        };
        if s.at
            .get(id as usize)
            .copied()
            .flatten()
            .is_none_or(|b| e.last_hit < b)
        {
            s.set(id, e.last_hit);
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn get(&self, id: u32) -> Option<&Entry> {
        self.slots.get(id as usize).and_then(|e| e.as_ref())
    }

    pub fn get_mut(&mut self, id: u32) -> Option<&mut Entry> {
        self.slots.get_mut(id as usize).and_then(|e| e.as_mut())
    }

    /// Live entries.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &Entry)> {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.as_ref().map(|e| (i as u32, e)))
    }

    /// Finds the entry with exactly this key (and rank, for masked tables).
    pub fn find(
        &self,
        ternary: bool,
        value: &PackedKey,
        mask: &PackedKey,
        rank: u32,
    ) -> Option<u32> {
        if !ternary {
            return self.exact.get(value).copied();
        }
        self.ordered.iter().copied().find(|&id| {
            self.get(id)
                .is_some_and(|e| e.value == *value && e.mask == *mask && e.rank == rank)
        })
    }

    /// Looks a packet key up.
    #[inline]
    pub fn lookup(&self, ternary: bool, key: &PackedKey) -> Option<u32> {
        if !ternary {
            return self.exact.get(key).copied();
        }
        self.ordered.iter().copied().find(|&id| {
            let Some(e) = self.get(id) else { return false };
            (0..4).all(|i| key[i] & e.mask[i] == e.value[i])
        })
    }

    pub fn insert(
        &mut self,
        ternary: bool,
        capacity: u32,
        entry: Entry,
    ) -> Result<u32, EntryProblem> {
        if self
            .find(ternary, &entry.value, &entry.mask, entry.rank)
            .is_some()
        {
            return Err(EntryProblem::Exists);
        }
        if self.len >= capacity as usize {
            return Err(EntryProblem::Full);
        }
        let id = match self.free.pop() {
            Some(id) => id,
            None => {
                self.slots.push(None);
                (self.slots.len() - 1) as u32
            }
        };
        if ternary {
            let pos = self
                .ordered
                .partition_point(|&o| self.get(o).is_some_and(|e| e.rank >= entry.rank));
            self.ordered.insert(pos, id);
        } else {
            self.exact.insert(entry.value, id);
        }
        let hit = entry.last_hit;
        self.slots[id as usize] = Some(entry);
        self.len += 1;
        if let Some(s) = &mut self.idle {
            s.set(id, hit);
        }
        Ok(id)
    }

    pub fn remove(&mut self, id: u32) -> Option<Entry> {
        let e = self.slots.get_mut(id as usize)?.take()?;
        self.exact.remove(&e.value);
        self.ordered.retain(|&o| o != id);
        if let Some(s) = &mut self.idle {
            s.clear(id);
        }
        self.free.push(id);
        self.len -= 1;
        Some(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(slot: u16, width: u8, kind: MatchKind) -> KeyPart {
        KeyPart { slot, width, kind }
    }

    #[test]
    fn packing_concatenates_fields_msb_first() {
        let parts = [
            part(0, 8, MatchKind::Exact),
            part(1, 16, MatchKind::Exact),
            part(2, 64, MatchKind::Exact),
        ];
        let k = pack(&parts, &[0xab, 0x1234, 0xdead_beef_0000_0001]);
        // 88 bits: 0xab 0x1234 | 0xdeadbeef00000001
        assert_eq!(k, [0, 0, 0xab1234, 0xdead_beef_0000_0001]);
    }

    #[test]
    fn lpm_prefers_longer_prefix() {
        let parts = [part(0, 32, MatchKind::Lpm)];
        let mut t = TableState::default();
        for (v, len, a) in [(0x0a00_0000u64, 8u8, 1u16), (0x0a01_0000, 16, 2), (0, 0, 3)] {
            let key = [KeyMatch::Lpm {
                value: v,
                prefix_len: len,
            }];
            let (value, mask, rank) = pack_entry(&parts, &key).expect("shape");
            let spec = TableEntry {
                key: key.to_vec(),
                action: String::new(),
                args: vec![],
                priority: 0,
            };
            let e = Entry {
                spec,
                value,
                mask,
                rank,
                action: a,
                args: Box::new([]),
                last_hit: Duration::ZERO,
                idle_reported: false,
            };
            t.insert(true, 10, e).expect("insert");
        }
        let hit = |addr: u64| {
            t.get(t.lookup(true, &pack(&parts, &[addr])).expect("hit"))
                .map(|e| e.action)
        };
        assert_eq!(hit(0x0a01_0203), Some(2));
        assert_eq!(hit(0x0a02_0203), Some(1));
        assert_eq!(hit(0xc0a8_0001), Some(3));
    }

    fn exact_entry(parts: &[KeyPart], v: u64) -> Entry {
        let key = [KeyMatch::Exact(v)];
        let (value, mask, rank) = pack_entry(parts, &key).expect("shape");
        Entry {
            spec: TableEntry {
                key: key.to_vec(),
                action: String::new(),
                args: vec![],
                priority: 0,
            },
            value,
            mask,
            rank,
            action: 1,
            args: Box::new([]),
            last_hit: Duration::ZERO,
            idle_reported: false,
        }
    }

    #[test]
    fn a_table_with_room_does_not_grow_before_seven_eighths_full() {
        let parts = [part(0, 32, MatchKind::Exact)];
        let size = 4096u32;
        let mut t = TableState::with_room(size, false);
        let (slots, buckets) = (t.slots.capacity(), t.exact.capacity());
        assert!(
            slots >= size as usize && buckets >= 3584,
            "{slots} {buckets}"
        );
        for v in 0..u64::from(size - size / 8) {
            t.insert(false, size, exact_entry(&parts, v))
                .expect("insert");
        }
        assert_eq!(t.slots.capacity(), slots, "the entries grew");
        assert_eq!(t.exact.capacity(), buckets, "the key index rehashed");
        // The room is capped: a huge declared table does not reserve it all.
        assert!(TableState::with_room(u32::MAX, false).slots.capacity() <= TABLE_ROOM_MAX as usize);
        // Past the room the table still grows to its declared size.
        for v in u64::from(size - size / 8)..u64::from(size) {
            t.insert(false, size, exact_entry(&parts, v))
                .expect("insert");
        }
        assert_eq!(t.len(), size as usize);
        assert!(t.lookup(false, &pack(&parts, &[4095])).is_some());
    }

    #[test]
    fn bad_shapes_are_refused() {
        let parts = [part(0, 8, MatchKind::Exact)];
        assert!(matches!(
            pack_entry(&parts, &[KeyMatch::Exact(256)]),
            Err(EntryProblem::Shape(_))
        ));
        assert!(matches!(
            pack_entry(&parts, &[]),
            Err(EntryProblem::Shape(_))
        ));
        assert!(matches!(
            pack_entry(
                &parts,
                &[KeyMatch::Lpm {
                    value: 1,
                    prefix_len: 8
                }]
            ),
            Err(EntryProblem::Shape(_))
        ));
    }
}
