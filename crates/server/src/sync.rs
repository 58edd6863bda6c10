//! State synchronisation: the server is the primary of every replicated map and
//! the switch's tables are its backup (Gallium §4.3). One server packet's writes
//! of replicated maps become one atomic batch ([`pipe::SwitchControl`]; on the
//! model [`pipe::Switch::atomic_update`]: write-back tables + visibility bit);
//! the batch's `visible_at` is when the packet may leave (output commit,
//! [`crate::commit`]).
//!
//! # Configuration
//! The switch objects of a partition (`compiler::tables::switch_objects`): table
//! names per IR map (one per lookup site) and their `hit_<table>` actions.
//!
//! # Counters
//! `batches`, `control_plane_ops` (3N + 2 per batch of N updates).

use ir::Value;
use pipe::{KeyMatch, TableEntry, Update};
use std::collections::BTreeMap;
use std::time::Duration;

/// The net effect on one key of a run of writes: map, key, final value (None:
/// removed), whether it existed before, time of the last write.
type NetWrite<'a> = (
    &'a str,
    &'a Value,
    Option<&'a Value>,
    bool,
    Option<Duration>,
);

/// Up to this many writes, the writes of one key are found by a linear scan
/// rather than through a hash index.
const SCAN_WRITES: usize = 16;

/// A write of a replicated map the server made while processing a packet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapWrite {
    /// Insert or overwrite `key → value`; `existed` says whether the key was
    /// already present in the primary (then the switch entry is modified).
    Put {
        /// IR state name.
        map: String,
        /// Key.
        key: Value,
        /// Value.
        value: Value,
        /// Whether the key was present before.
        existed: bool,
    },
    /// Delete `key` (present in the primary before).
    Remove {
        /// IR state name.
        map: String,
        /// Key.
        key: Value,
    },
}

/// Error of the synchroniser.
#[derive(Debug, thiserror::Error)]
pub enum SyncError {
    /// The map has no switch table (it is not replicated).
    #[error("map @{0} has no switch table")]
    NotReplicated(String),
    /// The switch refused the batch.
    #[error("control plane refused the update: {0}")]
    Control(#[from] pipe::ControlError),
}

/// Turns map writes into atomic switch updates.
#[derive(Clone, Debug, Default)]
pub struct StateSync {
    /// IR map name → switch table names (one per lookup site).
    tables: BTreeMap<String, Vec<String>>,
    /// IR map name → each table's hit action (`hit_<table>`), in `tables`' order.
    actions: BTreeMap<String, Vec<String>>,
    /// Atomic batches submitted.
    pub batches: u64,
    /// Control-plane operations those batches took.
    pub control_plane_ops: u64,
}

impl StateSync {
    /// Synchroniser for the replicated tables among `objects`.
    pub fn new(objects: &[compiler::tables::SwitchObject]) -> StateSync {
        let mut tables: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for o in objects {
            if o.written_by == "control_plane" {
                tables
                    .entry(o.state.clone())
                    .or_default()
                    .push(o.name.clone());
            }
        }
        let actions = tables
            .iter()
            .map(|(m, ts)| (m.clone(), ts.iter().map(|t| format!("hit_{t}")).collect()))
            .collect();
        StateSync {
            tables,
            actions,
            ..StateSync::default()
        }
    }

    /// The switch updates for `writes` (every copy of every table). Later writes
    /// of the same key in one packet replace earlier ones, since a batch may
    /// change a key only once.
    pub fn updates(&self, writes: &[MapWrite]) -> Result<Vec<Update>, SyncError> {
        Ok(self
            .updates_timed(writes, &[])?
            .into_iter()
            .map(|(u, _)| u)
            .collect())
    }

    /// [`StateSync::updates`] with, per update, the time of the write it
    /// comes from (`times[i]` is write `i`'s; the last write of a key counts).
    pub fn updates_timed(
        &self,
        writes: &[MapWrite],
        times: &[Duration],
    ) -> Result<Vec<(Update, Option<Duration>)>, SyncError> {
        // Last write per (map, key) wins; `existed` comes from the first write.
        // Writes of one key are found through an index (a scan for a few
        // writes), so a cycle gathering many packets' writes costs O(writes).
        let mut net: Vec<NetWrite<'_>> = Vec::with_capacity(writes.len());
        let mut index: rustc_hash::FxHashMap<(&str, &Value), usize> = Default::default();
        for (i, w) in writes.iter().enumerate() {
            let time = times.get(i).copied();
            let (map, key, value, existed) = match w {
                MapWrite::Put {
                    map,
                    key,
                    value,
                    existed,
                } => (map.as_str(), key, Some(value), *existed),
                MapWrite::Remove { map, key } => (map.as_str(), key, None, true),
            };
            let slot = if writes.len() <= SCAN_WRITES {
                net.iter().position(|n| n.0 == map && n.1 == key)
            } else {
                index.get(&(map, key)).copied()
            };
            match slot {
                Some(slot) => {
                    net[slot].2 = value;
                    net[slot].4 = time;
                }
                None => {
                    if writes.len() > SCAN_WRITES {
                        index.insert((map, key), net.len());
                    }
                    net.push((map, key, value, existed, time));
                }
            }
        }
        let mut out = Vec::with_capacity(net.len());
        for (map, key, value, existed, time) in net {
            let (Some(tables), Some(actions)) = (self.tables.get(map), self.actions.get(map))
            else {
                return Err(SyncError::NotReplicated(map.to_string()));
            };
            let k: Vec<KeyMatch> = scalars(key).into_iter().map(KeyMatch::Exact).collect();
            for (t, action) in tables.iter().zip(actions) {
                let entry = |v: &Value| TableEntry {
                    key: k.clone(),
                    action: action.clone(),
                    args: scalars(v),
                    priority: 0,
                };
                match (value, existed) {
                    (Some(v), false) => out.push((
                        Update::Insert {
                            table: t.clone(),
                            entry: entry(v),
                        },
                        time,
                    )),
                    (Some(v), true) => out.push((
                        Update::Modify {
                            table: t.clone(),
                            entry: entry(v),
                        },
                        time,
                    )),
                    (None, true) => out.push((
                        Update::Delete {
                            table: t.clone(),
                            key: k.clone(),
                            priority: 0,
                        },
                        time,
                    )),
                    // Inserted and removed within one packet: nothing reaches the switch.
                    (None, false) => {}
                }
            }
        }
        Ok(out)
    }

    /// Submits `writes` as one atomic batch at `now`; returns when they become
    /// visible and when the batch is done (None if there was nothing to write).
    /// `times` (empty, or one per write) are when the writes were made, for
    /// writes gathered for a later cycle (idle timers start then).
    pub fn apply<S: pipe::SwitchControl + ?Sized>(
        &mut self,
        switch: &mut S,
        now: Duration,
        writes: &[MapWrite],
        times: &[Duration],
    ) -> Result<Option<pipe::AtomicTicket>, SyncError> {
        self.apply_direct(switch, now, writes, times, &|_| false)
    }

    /// [`StateSync::apply`] where the inserts of new keys of the maps
    /// `direct` accepts skip the write-back tables
    /// ([`pipe::SwitchControl::atomic_update_direct`]; docs/GALLIUM.md,
    /// "Fewer channel entries per flow"): one channel entry per table copy
    /// instead of three, and no flips when the update has nothing else.
    pub fn apply_direct<S: pipe::SwitchControl + ?Sized>(
        &mut self,
        switch: &mut S,
        now: Duration,
        writes: &[MapWrite],
        times: &[Duration],
        direct: &dyn Fn(&str) -> bool,
    ) -> Result<Option<pipe::AtomicTicket>, SyncError> {
        let timed = self.updates_timed(writes, times)?;
        if timed.is_empty() {
            return Ok(None);
        }
        let requested: Vec<Duration> = timed.iter().map(|(_, t)| t.unwrap_or(now)).collect();
        let updates: Vec<Update> = timed.into_iter().map(|(u, _)| u).collect();
        let marks: Vec<bool> = updates
            .iter()
            .map(|u| {
                matches!(u, Update::Insert { table, .. }
                    if self.map_of(table).is_some_and(direct))
            })
            .collect();
        // No times given: every change is requested now (`atomic_update`).
        let requested: &[Duration] = if times.is_empty() { &[] } else { &requested };
        let ticket = if marks.contains(&true) {
            switch.atomic_update_direct(now, &updates, &marks, requested)?
        } else {
            switch.atomic_update_requested(now, &updates, requested)?
        };
        self.batches += 1;
        self.control_plane_ops += ticket.ops as u64;
        Ok(Some(ticket))
    }

    /// Switch tables of all replicated maps.
    pub fn tables(&self) -> impl Iterator<Item = &str> {
        self.tables.values().flatten().map(String::as_str)
    }

    /// The IR map a switch table replicates (for idle-timeout notifications).
    pub fn map_of(&self, table: &str) -> Option<&str> {
        self.tables
            .iter()
            .find(|(_, ts)| ts.iter().any(|t| t == table))
            .map(|(m, _)| m.as_str())
    }
}

/// The scalars of a value, tuples flattened in order (the switch key layout).
pub fn scalars(v: &Value) -> Vec<u64> {
    let mut out = Vec::new();
    ir::eval::flatten(v, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn nat() -> (compiler::Compilation, Vec<compiler::tables::SwitchObject>) {
        let text = "program nat

state @m: map<(bit<8>, ipv4), bit<16>> capacity 1024

handler {
bb0:
  %0: bit<8> = get ipv4.protocol
  %1: ipv4 = get ipv4.src
  %2: (bit<8>, ipv4) = tuple (%0, %1)
  %3: bool, %4: bit<16> = map.get @m, %2
  br %3, bb1, bb2
bb1:
  forward %4
bb2:
  %5: bit<16> = const 16w7
  map.insert @m, %2, %5
  forward %5
}
";
        let c = compiler::partition(
            &ir::parse(text).expect("parses"),
            &compiler::Options::default(),
        )
        .expect("partitions");
        let objs = compiler::tables::switch_objects(&c);
        (c, objs)
    }

    fn key(a: u32) -> Value {
        Value::Tuple(vec![Value::bits(8, 6), Value::Ipv4(a)])
    }

    #[test]
    fn a_batch_becomes_visible_atomically_and_counts_its_operations() {
        let (_, objs) = nat();
        let program =
            compiler::tables::state_program("nat_state", &objs).expect("state program builds");
        let mut sw = pipe::Switch::new(program).expect("loads");
        let mut sync = StateSync::new(&objs);
        let writes = vec![
            MapWrite::Put {
                map: "m".into(),
                key: key(0x0a00_0001),
                value: Value::bits(16, 1024),
                existed: false,
            },
            MapWrite::Put {
                map: "m".into(),
                key: key(0x0a00_0002),
                value: Value::bits(16, 1025),
                existed: false,
            },
        ];
        let visible = sync
            .apply(&mut sw, Duration::ZERO, &writes, &[])
            .expect("accepted")
            .expect("something to write")
            .visible_at;
        // Two writes into the write-back table, then the visibility bit: 3 ops
        // of 130 µs each (docs/SWITCH.md, Gallium Table 3).
        assert_eq!(visible, Duration::from_micros(3 * 130));
        assert_eq!(sync.control_plane_ops, 3 * 2 + 2);
        assert_eq!(sync.batches, 1);
        // Once everything completed the main table holds both entries.
        let _ = sw.atomic_update(Duration::from_secs(1), &[]);
        let entries = sw.entries("t_m").expect("table");
        assert_eq!(entries.len(), 2);
        assert!(entries.contains(&TableEntry::exact(&[6, 0x0a00_0001], "hit_t_m", &[1024])));
    }

    #[test]
    fn last_write_of_a_key_wins_and_insert_then_remove_cancels() {
        let (_, objs) = nat();
        let sync = StateSync::new(&objs);
        let put = |v: u64, existed| MapWrite::Put {
            map: "m".into(),
            key: key(1),
            value: Value::bits(16, v),
            existed,
        };
        let u = sync.updates(&[put(1, false), put(2, true)]).expect("ok");
        assert_eq!(
            u,
            vec![Update::Insert {
                table: "t_m".into(),
                entry: TableEntry::exact(&[6, 1], "hit_t_m", &[2]),
            }]
        );
        let gone = sync
            .updates(&[
                put(1, false),
                MapWrite::Remove {
                    map: "m".into(),
                    key: key(1),
                },
            ])
            .expect("ok");
        assert!(gone.is_empty());
        assert!(matches!(
            sync.updates(&[MapWrite::Remove {
                map: "other".into(),
                key: key(1)
            }]),
            Err(SyncError::NotReplicated(_))
        ));
        assert_eq!(sync.map_of("t_m"), Some("m"));
    }
}
