//! Keys the primary holds that the switch does not: inserts deferred by an
//! admission policy ([`crate::Limits::offload_after`],
//! [`crate::Limits::handshake`]) or declined by the unsettled-write bound.
//! The switch misses them and the server serves their packets until a later
//! packet earns them a switch entry.
//!
//! Keys one packet inserted form a *group* (MazuNAT's SYN inserts a flow's
//! `nat_out` and `nat_in` keys): when one key of a group earns its entry,
//! the others are installed with it, so a flow's keys reach the switch
//! together instead of each waiting for a packet that looks it up. That is
//! sound because installing a key left to the server with its primary value
//! is always sound (it is what offloading does); only the moment changes.
//!
//! # State
//! Per key: packets that used it since it was deferred, its group, and when
//! to look at it next for idleness (keys of maps without an idle timeout are
//! never looked at). Per group: its keys still deferred (a
//! group disappears with its last key, so memory follows the deferred keys).
//! The keys by that instant ([`Deferred::next_due`]) let the server's idle
//! poll visit only the keys that may have gone idle, not every deferred key:
//! a poll over tens of thousands of deferred keys stalled a live engine for
//! tens of milliseconds once a second.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap as HashMap;

/// A replicated map's key: (map name, key value).
pub type Key = (String, ir::Value);

/// Scalars a [`Packed`] key holds in place (the load balancer's 5-tuple).
const INLINE: usize = 6;

/// A key as the per-key map holds it: the map's number and the value's
/// scalars in place, so that comparing a found key with the one looked up
/// follows no pointer. A `(String, Value)` key dereferenced its name and its
/// tuple on the heap at every lookup, cache misses that were 5 % of a
/// 1M-packet SYN flood's run. The scalars are the value flattened in order;
/// all keys of one map have its key type, so equal scalars are equal keys.
/// Keys of more scalars are kept whole.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Packed {
    Inline {
        map: u16,
        len: u8,
        words: [u64; INLINE],
    },
    Whole(Key),
}

/// Flattens `v` into `words` from `*len` on, as [`ir::eval::flatten`] does
/// into a vector (this one allocates nothing: it runs per packet); false if
/// it does not fit.
fn flatten_into(v: &ir::Value, words: &mut [u64; INLINE], len: &mut usize) -> bool {
    match v {
        ir::Value::Tuple(xs) => xs.iter().all(|x| flatten_into(x, words, len)),
        scalar => {
            let (Some(w), Some(x)) = (words.get_mut(*len), ir::eval::scalar(scalar)) else {
                return false;
            };
            *w = x;
            *len += 1;
            true
        }
    }
}

/// `key` of map number `map` as the per-key map holds it.
fn pack(map: usize, key: &Key) -> Packed {
    let mut words = [0; INLINE];
    let mut len = 0;
    match u16::try_from(map) {
        Ok(map) if flatten_into(&key.1, &mut words, &mut len) => Packed::Inline {
            map,
            // At most INLINE.
            len: len as u8,
            words,
        },
        _ => Packed::Whole(key.clone()),
    }
}

/// The deferred keys and their groups.
#[derive(Debug, Default)]
pub struct Deferred {
    /// Per key: (packets, group, its place in `due`).
    keys: HashMap<Packed, (u32, u64, Due)>,
    /// Map names by their number in [`Packed`] keys.
    maps: Vec<String>,
    groups: HashMap<u64, Vec<Key>>,
    next_group: u64,
    /// Every deferred key once, by the instant (ns) from which it may be idle.
    due: BTreeMap<Due, Key>,
    next_seq: u64,
}

/// A place in [`Deferred`]'s idle schedule: (instant in ns, insertion number).
type Due = (u64, u64);

/// The place of a key that is never due (kept out of the schedule).
const NEVER: Due = (u64::MAX, 0);

/// Puts `key` in the idle schedule `due` at `due_ns`; returns its place.
fn schedule(due: &mut BTreeMap<Due, Key>, next_seq: &mut u64, key: &Key, due_ns: u64) -> Due {
    // Never due (a map without an idle timeout, MazuNAT's): not in the
    // schedule at all, so it costs no memory there.
    if due_ns == u64::MAX {
        return NEVER;
    }
    *next_seq += 1;
    let place = (due_ns, *next_seq);
    due.insert(place, key.clone());
    place
}

impl Deferred {
    /// Room for `keys` deferred keys (and as many groups) before any map
    /// grows: a growing hash map rehashes everything at once, a stall of
    /// milliseconds at tens of thousands of keys that the packets waiting
    /// behind it see (live, the first-packet p99 at 50,000 new flows/s went
    /// from about 10 ms to under 0.5 ms with the room made up front).
    pub fn with_room(keys: usize) -> Deferred {
        Deferred {
            keys: HashMap::with_capacity_and_hasher(keys, Default::default()),
            groups: HashMap::with_capacity_and_hasher(keys, Default::default()),
            ..Deferred::default()
        }
    }

    /// `key` as the per-key map holds it; None if its map has no number
    /// (then no key of it is deferred).
    fn packed(&self, key: &Key) -> Option<Packed> {
        let map = self.maps.iter().position(|m| *m == key.0)?;
        Some(pack(map, key))
    }

    /// `key` as the per-key map holds it, numbering its map if new.
    fn packed_or_number(&mut self, key: &Key) -> Packed {
        if let Some(p) = self.packed(key) {
            return p;
        }
        self.maps.push(key.0.clone());
        pack(self.maps.len() - 1, key)
    }

    /// A new group for the keys one packet defers.
    pub fn new_group(&mut self) -> u64 {
        self.next_group += 1;
        self.next_group
    }

    /// Defers `key` (seen by one packet so far) as a member of `group`, to
    /// be looked at for idleness from `due_ns` on ([`Deferred::next_due`];
    /// `u64::MAX`: never); a key already deferred keeps its count, group and
    /// instant.
    pub fn insert(&mut self, key: Key, group: u64, due_ns: u64) {
        // One hash of the key, and copies of it only where they are kept.
        let packed = self.packed_or_number(&key);
        let std::collections::hash_map::Entry::Vacant(slot) = self.keys.entry(packed) else {
            return;
        };
        let due = schedule(&mut self.due, &mut self.next_seq, &key, due_ns);
        slot.insert((1, group, due));
        self.groups.entry(group).or_default().push(key);
    }

    /// A deferred key due for an idleness check at `now_ns`, the earliest
    /// first; the caller removes it ([`Deferred::remove`]) or gives it its
    /// next instant ([`Deferred::reschedule`]), or the same key comes back.
    pub fn next_due(&self, now_ns: u64) -> Option<&Key> {
        let (&(at, _), key) = self.due.first_key_value()?;
        (at <= now_ns).then_some(key)
    }

    /// Looks at deferred `key` again from `due_ns` on (`u64::MAX`: never).
    pub fn reschedule(&mut self, key: &Key, due_ns: u64) {
        let Some(packed) = self.packed(key) else {
            return;
        };
        let Some(e) = self.keys.get_mut(&packed) else {
            return;
        };
        self.due.remove(&e.2);
        e.2 = schedule(&mut self.due, &mut self.next_seq, key, due_ns);
    }

    /// Forgets `key` (installed, removed or expired); true if it was deferred.
    pub fn remove(&mut self, key: &Key) -> bool {
        let Some((_, group, due)) = self.packed(key).and_then(|p| self.keys.remove(&p)) else {
            return false;
        };
        self.due.remove(&due);
        if let Some(members) = self.groups.get_mut(&group) {
            members.retain(|k| k != key);
            if members.is_empty() {
                self.groups.remove(&group);
            }
        }
        true
    }

    /// Whether `key` is deferred.
    pub fn contains(&self, key: &Key) -> bool {
        self.packed(key).is_some_and(|p| self.keys.contains_key(&p))
    }

    /// Counts one more packet that used `key`; its new count (None: not
    /// deferred).
    pub fn count(&mut self, key: &Key) -> Option<u32> {
        let packed = self.packed(key)?;
        let (seen, _, _) = self.keys.get_mut(&packed)?;
        *seen = seen.saturating_add(1);
        Some(*seen)
    }

    /// The other deferred keys of `key`'s group.
    pub fn partners(&self, key: &Key) -> Vec<Key> {
        let Some((_, group, _)) = self.packed(key).and_then(|p| self.keys.get(&p)) else {
            return Vec::new();
        };
        self.groups
            .get(group)
            .map(|m| m.iter().filter(|k| *k != key).cloned().collect())
            .unwrap_or_default()
    }

    /// Deferred keys.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True when no key is deferred.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(m: &str, v: u64) -> Key {
        (m.to_string(), ir::Value::bits(16, v))
    }

    #[test]
    fn groups_follow_their_keys() {
        let mut d = Deferred::default();
        let g = d.new_group();
        d.insert(key("out", 1), g, 10);
        d.insert(key("in", 1), g, 10);
        let h = d.new_group();
        d.insert(key("out", 2), h, 10);
        assert_eq!(d.partners(&key("out", 1)), vec![key("in", 1)]);
        assert!(d.partners(&key("out", 2)).is_empty());
        assert_eq!(d.count(&key("in", 1)), Some(2));
        assert_eq!(d.count(&key("nope", 1)), None);
        // A key deferred again keeps its group and count.
        d.insert(key("in", 1), h, 10);
        assert_eq!(d.count(&key("in", 1)), Some(3));
        assert!(d.remove(&key("out", 1)));
        assert!(!d.remove(&key("out", 1)));
        assert!(d.partners(&key("in", 1)).is_empty());
        assert!(d.remove(&key("in", 1)));
        assert!(d.remove(&key("out", 2)));
        assert!(
            d.is_empty() && d.groups.is_empty() && d.due.is_empty(),
            "no group or schedule entry outlives its keys"
        );
    }

    #[test]
    fn keys_are_told_apart_by_map_and_by_every_scalar_in_place_or_whole() {
        let tuple = |n: u64, last: u64| {
            ir::Value::Tuple(
                (0..n)
                    .map(|i| ir::Value::bits(16, if i + 1 == n { last } else { i }))
                    .collect(),
            )
        };
        let mut d = Deferred::default();
        let g = d.new_group();
        // Five scalars fit in place, seven do not: both kinds side by side.
        for n in [5, 7] {
            d.insert(("a".into(), tuple(n, 1)), g, u64::MAX);
            assert!(d.contains(&("a".into(), tuple(n, 1))));
            assert!(
                !d.contains(&("a".into(), tuple(n, 2))),
                "last scalar differs"
            );
            assert!(!d.contains(&("b".into(), tuple(n, 1))), "another map");
        }
        assert!(matches!(
            d.packed(&("a".into(), tuple(5, 1))),
            Some(Packed::Inline { .. })
        ));
        assert!(matches!(
            d.packed(&("a".into(), tuple(7, 1))),
            Some(Packed::Whole(_))
        ));
        d.insert(("b".into(), tuple(5, 1)), g, u64::MAX);
        assert_eq!(d.len(), 3);
        assert_eq!(d.partners(&("b".into(), tuple(5, 1))).len(), 2);
        assert!(d.remove(&("a".into(), tuple(7, 1))));
        assert!(d.remove(&("a".into(), tuple(5, 1))));
        assert!(d.contains(&("b".into(), tuple(5, 1))));
        assert_eq!(d.count(&("b".into(), tuple(5, 1))), Some(2));
    }

    #[test]
    fn keys_within_the_room_made_up_front_never_grow_the_maps() {
        let mut d = Deferred::with_room(5_000);
        let (keys, groups) = (d.keys.capacity(), d.groups.capacity());
        assert!(keys >= 5_000 && groups >= 5_000);
        for v in 0..5_000 {
            let g = d.new_group();
            d.insert(key("m", v), g, u64::MAX);
        }
        assert_eq!(d.len(), 5_000);
        assert_eq!((d.keys.capacity(), d.groups.capacity()), (keys, groups));
    }

    #[test]
    fn the_schedule_gives_due_keys_earliest_first_and_follows_removals() {
        let mut d = Deferred::default();
        let g = d.new_group();
        d.insert(key("m", 1), g, 300);
        d.insert(key("m", 2), g, 100);
        d.insert(key("m", 3), g, u64::MAX);
        // Deferring a key again keeps its instant.
        d.insert(key("m", 2), g, 50);
        assert_eq!(d.next_due(99), None);
        assert_eq!(d.next_due(100), Some(&key("m", 2)));
        d.reschedule(&key("m", 2), 400);
        assert_eq!(d.next_due(299), None);
        assert_eq!(d.next_due(1_000), Some(&key("m", 1)));
        assert!(d.remove(&key("m", 1)));
        assert_eq!(d.next_due(1_000), Some(&key("m", 2)));
        assert!(d.remove(&key("m", 2)));
        // u64::MAX: never due.
        assert_eq!(d.next_due(u64::MAX - 1), None);
        // Rescheduling a key that is not deferred does nothing.
        d.reschedule(&key("m", 9), 0);
        assert_eq!(d.next_due(u64::MAX - 1), None);
        assert_eq!(d.len(), 1, "key 3");
        assert!(d.due.is_empty(), "a key never due is not in the schedule");
    }
}
