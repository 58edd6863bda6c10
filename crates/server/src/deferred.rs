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

/// The deferred keys and their groups.
#[derive(Debug, Default)]
pub struct Deferred {
    /// Per key: (packets, group, its place in `due`).
    keys: HashMap<Key, (u32, u64, Due)>,
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
        let std::collections::hash_map::Entry::Vacant(slot) = self.keys.entry(key) else {
            return;
        };
        let key = slot.key();
        self.groups.entry(group).or_default().push(key.clone());
        let due = schedule(&mut self.due, &mut self.next_seq, key, due_ns);
        slot.insert((1, group, due));
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
        let Some(&(_, _, old)) = self.keys.get(key) else {
            return;
        };
        self.due.remove(&old);
        let due = schedule(&mut self.due, &mut self.next_seq, key, due_ns);
        if let Some(e) = self.keys.get_mut(key) {
            e.2 = due;
        }
    }

    /// Forgets `key` (installed, removed or expired); true if it was deferred.
    pub fn remove(&mut self, key: &Key) -> bool {
        let Some((_, group, due)) = self.keys.remove(key) else {
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
        self.keys.contains_key(key)
    }

    /// Counts one more packet that used `key`; its new count (None: not
    /// deferred).
    pub fn count(&mut self, key: &Key) -> Option<u32> {
        let (seen, _, _) = self.keys.get_mut(key)?;
        *seen = seen.saturating_add(1);
        Some(*seen)
    }

    /// The other deferred keys of `key`'s group.
    pub fn partners(&self, key: &Key) -> Vec<Key> {
        let Some((_, group, _)) = self.keys.get(key) else {
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
