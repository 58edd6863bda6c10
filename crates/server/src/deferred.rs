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
//! Per key: packets that used it since it was deferred, and its group. Per
//! group: its keys still deferred (a group disappears with its last key, so
//! memory follows the deferred keys).

use rustc_hash::FxHashMap as HashMap;

/// A replicated map's key: (map name, key value).
pub type Key = (String, ir::Value);

/// The deferred keys and their groups.
#[derive(Debug, Default)]
pub struct Deferred {
    keys: HashMap<Key, (u32, u64)>,
    groups: HashMap<u64, Vec<Key>>,
    next_group: u64,
}

impl Deferred {
    /// A new group for the keys one packet defers.
    pub fn new_group(&mut self) -> u64 {
        self.next_group += 1;
        self.next_group
    }

    /// Defers `key` (seen by one packet so far) as a member of `group`;
    /// a key already deferred keeps its count and group.
    pub fn insert(&mut self, key: Key, group: u64) {
        if self.keys.contains_key(&key) {
            return;
        }
        self.groups.entry(group).or_default().push(key.clone());
        self.keys.insert(key, (1, group));
    }

    /// Forgets `key` (installed, removed or expired); true if it was deferred.
    pub fn remove(&mut self, key: &Key) -> bool {
        let Some((_, group)) = self.keys.remove(key) else {
            return false;
        };
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
        let (seen, _) = self.keys.get_mut(key)?;
        *seen = seen.saturating_add(1);
        Some(*seen)
    }

    /// The other deferred keys of `key`'s group.
    pub fn partners(&self, key: &Key) -> Vec<Key> {
        let Some((_, group)) = self.keys.get(key) else {
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

    /// The deferred keys, in no particular order.
    pub fn keys(&self) -> impl Iterator<Item = &Key> {
        self.keys.keys()
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
        d.insert(key("out", 1), g);
        d.insert(key("in", 1), g);
        let h = d.new_group();
        d.insert(key("out", 2), h);
        assert_eq!(d.partners(&key("out", 1)), vec![key("in", 1)]);
        assert!(d.partners(&key("out", 2)).is_empty());
        assert_eq!(d.count(&key("in", 1)), Some(2));
        assert_eq!(d.count(&key("nope", 1)), None);
        // A key deferred again keeps its group and count.
        d.insert(key("in", 1), h);
        assert_eq!(d.count(&key("in", 1)), Some(3));
        assert!(d.remove(&key("out", 1)));
        assert!(!d.remove(&key("out", 1)));
        assert!(d.partners(&key("in", 1)).is_empty());
        assert!(d.remove(&key("in", 1)));
        assert!(d.remove(&key("out", 2)));
        assert!(
            d.is_empty() && d.groups.is_empty(),
            "no group outlives its keys"
        );
    }
}
