//! Gallium's atomic multi-table update (SIGCOMM'20 §4, "Atomic update").
//!
//! Every table that the server updates has a small write-back table and the switch
//! has one visibility bit. While the bit is set, a lookup tries the write-back table
//! first and uses its entry on a hit (a deletion marker reads as a miss); otherwise it
//! uses the main table. An update of N entries runs as:
//!
//! 1. N writes into the write-back tables (invisible: the bit is clear);
//! 2. one operation sets the bit — the commit point: all N changes appear at once;
//! 3. N writes to the main tables (shadowed by the write-back entries);
//! 4. one operation clears the bit (the main tables now hold every change);
//! 5. N deletions empty the write-back tables (invisible again).
//!
//! Every step goes through the control channel ([`super::Channel`]: one
//! request per operation, or one batched request per step) with its modelled
//! latency, and a step starts only when the previous one is acknowledged, so
//! packets processed between any two steps see either the old or the new state of
//! all N entries, never a mix. `visible_at` is when a server may release a packet it
//! holds for output commit.
//!
//! Inserts of new keys may skip steps 1 and 5 ([`Switch::atomic_update_direct`]):
//! written in step 3 only, each appears when it is applied, so a packet may
//! see some of them and miss others (never an older value of a key: there is
//! none). An update of such inserts alone is step 3 alone: N operations
//! instead of 3N + 2.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::exec::{KeyMatch, Switch, TableEntry, WB_DELETE};

use super::{ControlError, Pending};

/// One change of an atomic update.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Update {
    /// Adds an entry.
    Insert {
        /// Table name.
        table: String,
        /// Entry.
        entry: TableEntry,
    },
    /// Changes the action/data of an existing entry.
    Modify {
        /// Table name.
        table: String,
        /// Entry (key identifies it).
        entry: TableEntry,
    },
    /// Removes an entry.
    Delete {
        /// Table name.
        table: String,
        /// Key.
        key: Vec<KeyMatch>,
        /// Priority (ternary tables).
        priority: u32,
    },
}

impl Update {
    /// The table the change is for.
    pub fn table(&self) -> &str {
        match self {
            Update::Insert { table, .. }
            | Update::Modify { table, .. }
            | Update::Delete { table, .. } => table,
        }
    }
}

/// Times of a scheduled atomic update.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AtomicTicket {
    /// When the visibility bit is set: all changes visible from here on.
    pub visible_at: Duration,
    /// When the last step (write-back cleanup) completes.
    pub done_at: Duration,
    /// Control operations used (3N + 2; a direct insert counts 1 instead of 3,
    /// and an update of direct inserts only has no flips).
    pub ops: usize,
    /// Control-channel requests used (one per operation on the serial
    /// channel; on a batched one at least one per phase: 5, or 1 for direct
    /// inserts only).
    pub requests: usize,
}

impl Switch {
    /// Schedules an atomic update of several entries across tables. Everything is
    /// checked before anything is queued: unknown tables/actions, bad keys, tables
    /// without a write-back table, batches larger than a write-back table, inserting
    /// a key that exists, changing one that does not, changing one key twice, and
    /// inserting into a table that would overflow.
    pub fn atomic_update(
        &mut self,
        now: Duration,
        updates: &[Update],
    ) -> Result<AtomicTicket, ControlError> {
        self.atomic_update_requested(now, updates, &[])
    }

    /// [`Switch::atomic_update`] for changes requested earlier than `now`
    /// (gathered for a later write-back cycle): `requested[i]` is when change
    /// `i` was requested, which is when an inserted or modified entry's idle
    /// timer starts (missing times: the switch's current time, as for
    /// [`Switch::atomic_update`]).
    pub fn atomic_update_requested(
        &mut self,
        now: Duration,
        updates: &[Update],
        requested: &[Duration],
    ) -> Result<AtomicTicket, ControlError> {
        self.atomic_update_direct(now, updates, &[], requested)
    }

    /// [`Switch::atomic_update_requested`] where the inserts marked in
    /// `direct` (`direct[i]` for update `i`; missing: false) skip the
    /// write-back tables: each is written into its main table in phase 3
    /// only, so it becomes visible when phase 3 is acknowledged, in any order
    /// with the other direct inserts. The other changes keep the write-back
    /// protocol and become visible together at the flip. An update with
    /// direct inserts only is one phase (N operations, no flips, no clean-up);
    /// its `visible_at` and `done_at` are that phase's end.
    ///
    /// Only sound for keys no packet could have read an older value of (new
    /// keys) and whose misses the switch does not decide alone: a packet
    /// between the flip and the end of phase 3 may hit some of the direct
    /// inserts and miss others, which a caller must send to whoever holds
    /// the primary copy (docs/GALLIUM.md, "Fewer channel entries per flow").
    /// A direct update that is not an insert is refused.
    pub fn atomic_update_direct(
        &mut self,
        now: Duration,
        updates: &[Update],
        direct: &[bool],
        requested: &[Duration],
    ) -> Result<AtomicTicket, ControlError> {
        self.advance(now);
        let mut wb_puts = Vec::new();
        let mut main = Vec::new();
        let mut cleanup = Vec::new();
        let mut per_table = vec![0usize; self.r.tables.len()];
        let mut occupancy: Vec<usize> = self
            .state
            .tables
            .iter()
            .enumerate()
            .map(|(i, t)| self.cp.projected_len(i as u16, t.len()))
            .collect();
        let mut seen = rustc_hash::FxHashSet::default();
        for (i, u) in updates.iter().enumerate() {
            let since = requested.get(i).copied();
            let is_direct = direct.get(i).copied().unwrap_or(false);
            let t = self.table_id(u.table())?;
            let rt = &self.r.tables[usize::from(t)];
            let size = rt
                .write_back
                .ok_or_else(|| ControlError::NoWriteBack(rt.name.clone()))?;
            if is_direct && !matches!(u, Update::Insert { .. }) {
                return Err(ControlError::BadEntry {
                    table: rt.name.clone(),
                    message: "only an insert may skip the write-back table".to_string(),
                });
            }
            per_table[usize::from(t)] += usize::from(!is_direct);
            if per_table[usize::from(t)] > size as usize {
                return Err(ControlError::WriteBackTooSmall {
                    table: rt.name.clone(),
                    changes: per_table[usize::from(t)],
                    size,
                });
            }
            let ternary = rt.ternary;
            let (entry, exists_needed) = match u {
                Update::Insert { entry, .. } => (self.entry_since(t, entry, since)?, false),
                Update::Modify { entry, .. } => (self.entry_since(t, entry, since)?, true),
                Update::Delete { key, priority, .. } => {
                    let (value, mask, rank) = self.key_of(t, key, *priority)?;
                    let spec = TableEntry {
                        key: key.clone(),
                        action: String::new(),
                        args: Vec::new(),
                        priority: *priority,
                    };
                    let e = crate::exec::table::Entry {
                        spec,
                        value,
                        mask,
                        rank,
                        action: WB_DELETE,
                        args: Box::new([]),
                        last_hit: now,
                        idle_reported: false,
                    };
                    (e, true)
                }
            };
            // Checked against the table as it will be once the operations
            // already queued (earlier batches) have completed.
            let exists = self.projected_exists(t, ternary, &entry.value, &entry.mask, entry.rank);
            if exists != exists_needed {
                return Err(if exists {
                    ControlError::EntryExists(rt.name.clone())
                } else {
                    ControlError::EntryMissing(rt.name.clone())
                });
            }
            let id = (t, entry.value, entry.mask, entry.rank);
            if !seen.insert(id) {
                return Err(ControlError::BadEntry {
                    table: rt.name.clone(),
                    message: "the same key is changed twice in one atomic update".to_string(),
                });
            }
            match u {
                Update::Insert { .. } => occupancy[usize::from(t)] += 1,
                Update::Delete { .. } => {
                    occupancy[usize::from(t)] = occupancy[usize::from(t)].saturating_sub(1)
                }
                Update::Modify { .. } => {}
            }
            if occupancy[usize::from(t)] > rt.size as usize {
                return Err(ControlError::TableFull {
                    table: rt.name.clone(),
                    size: rt.size,
                });
            }
            if is_direct {
                main.push(Pending::Insert(t, Box::new(entry)));
                continue;
            }
            cleanup.push(Pending::WbDel(t, entry.value, entry.mask, entry.rank));
            main.push(match u {
                Update::Insert { .. } => Pending::Insert(t, Box::new(entry.clone())),
                Update::Modify { .. } => Pending::Modify(t, Box::new(entry.clone())),
                Update::Delete { .. } => Pending::Delete(t, entry.value, entry.mask, entry.rank),
            });
            wb_puts.push(Pending::WbPut(t, Box::new(entry)));
        }
        if wb_puts.is_empty() && !main.is_empty() {
            // New keys only: one phase straight into the main tables.
            let ops = main.len();
            let (at, requests) = self.cp.enqueue_phase(now, main);
            return Ok(AtomicTicket {
                visible_at: at,
                done_at: at,
                ops,
                requests,
            });
        }
        let direct_inserts = main.len() - wb_puts.len();
        let ops = 3 * wb_puts.len() + direct_inserts + 2;
        let (_, r1) = self.cp.enqueue_phase(now, wb_puts);
        let (visible_at, r2) = self.cp.enqueue_phase(now, vec![Pending::SetVisible(true)]);
        let (main_at, r3) = self.cp.enqueue_phase(now, main);
        let (_, r4) = self.cp.enqueue_phase(now, vec![Pending::SetVisible(false)]);
        let (done_at, r5) = self.cp.enqueue_phase(now, cleanup);
        // Direct inserts are visible once the main writes are acknowledged.
        let visible_at = if direct_inserts > 0 {
            main_at
        } else {
            visible_at
        };
        Ok(AtomicTicket {
            visible_at,
            done_at,
            ops,
            requests: r1 + r2 + r3 + r4 + r5,
        })
    }

    /// Whether a main-table entry with this key exists once every queued
    /// operation has completed.
    fn projected_exists(
        &self,
        t: u16,
        ternary: bool,
        value: &crate::exec::table::PackedKey,
        mask: &crate::exec::table::PackedKey,
        rank: u32,
    ) -> bool {
        match self.cp.projected_key(&(t, *value, *mask, rank)) {
            Some(exists) => exists,
            None => self.state.tables[usize::from(t)]
                .find(ternary, value, mask, rank)
                .is_some(),
        }
    }

    fn entry_since(
        &self,
        t: u16,
        e: &TableEntry,
        since: Option<Duration>,
    ) -> Result<crate::exec::table::Entry, ControlError> {
        let mut entry = self.entry_of(t, e)?;
        if let Some(since) = since {
            entry.last_hit = entry.last_hit.min(since);
        }
        Ok(entry)
    }
}
