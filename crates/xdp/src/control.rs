//! The control plane on the XDP target: Gallium's atomic update over map
//! writes while packets run on every CPU, and idle timeouts from the hit
//! times the data plane records.
//!
//! # What a packet on another CPU can observe
//!
//! A packet reads the visibility word once, when it starts, and announces it
//! in its CPU's in-flight marker (word × 2 + 1) by an atomic exchange, then
//! reads the word again and starts over if it moved (`codegen::epoch`); it
//! clears the marker, again by exchange, when it leaves. Both exchanges are
//! full barriers. After changing the word to `w`, the control plane waits
//! until every CPU's marker is 0 or announces a word of at least `w`
//! ([`XdpSwitch::quiesce`]). By the store-buffering argument (the writer's
//! store of the word before its read of a marker; the packet's store of the
//! marker before its second read of the word), a packet the wait does not see
//! has read the new word. So when the wait returns, every packet in flight
//! runs with `w`, and every earlier packet has finished all its lookups.
//!
//! The five phases of an update of N entries:
//!
//! 1. the write-back entries go in. No packet reads them: the word's
//!    visibility bit is clear, and the previous update's flip back was
//!    waited out (every packet in flight runs with the bit clear);
//! 2. the word flips to visible; wait. From here every packet looks in the
//!    write-back tables first, and they hold all N changes: the commit point;
//! 3. the main tables are written. Packets still see the write-back entries
//!    first, so none sees a main-table change before the others;
//! 4. the word flips back; wait. The main tables now hold all N changes;
//! 5. the write-back entries go (a packet still looking there finds the main
//!    table's new entry, or a deletion marker for a deleted key).
//!
//! So a packet sees either none or all of an update's changes. Inserts of new
//! keys may go straight into the main tables (`atomic_update_direct`): each
//! appears on its own, and no packet sees an older value, there being none.
//! An update is synchronous: it is visible when the call returns, so the
//! ticket's times are the caller's `now`. Ternary and LPM tables are rewritten
//! bank by bank: the other bank is written, the word steps (keeping its
//! visibility bit), and the wait runs before that bank can be written again.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::{Duration, Instant};

use pipe::{
    AtomicTicket, ControlError, IdleNotification, KeyMatch, SwitchControl, TableEntry, Update,
};

use crate::entries;
use crate::layout::{WB_DELETE, entry};
use crate::plan::TableMaps;
use crate::switch::{XdpError, XdpSwitch};

/// How long a CPU may take to finish the packets it had when the word
/// changed before an update gives up (a packet takes microseconds).
const QUIESCE_TIMEOUT: Duration = Duration::from_secs(1);

/// What the control plane keeps beside the maps: per table its entry count,
/// per idle-timed table the schedule of entries to look at.
#[derive(Debug, Clone, Default)]
pub struct ControlState {
    /// Entries in each main table.
    pub(crate) lens: Vec<usize>,
    /// Per idle-timed table: (when it may be idle, key bytes).
    idle: HashMap<usize, BTreeSet<(u64, Vec<u8>)>>,
    /// Keys reported idle, with the last hit they were reported at.
    reported: HashMap<(usize, Vec<u8>), u64>,
    /// The program clock (kernel monotonic ns) at the caller's time zero.
    pub(crate) base_ns: u64,
}

fn channel(e: XdpError) -> ControlError {
    match e {
        XdpError::Control(c) => c,
        other => ControlError::Channel(format!("XDP target: {other}")),
    }
}

impl XdpSwitch {
    /// Sets the caller's clock: the kernel's monotonic clock read `ktime_ns`
    /// when the caller's clock read zero (live runs; lockstep runs keep 0,
    /// the model's time being the program's).
    pub fn set_clock_base(&mut self, ktime_ns: u64) {
        self.ctl.base_ns = ktime_ns;
    }

    pub(crate) fn ktime(&self, now: Duration) -> u64 {
        self.ctl.base_ns + u64::try_from(now.as_nanos()).unwrap_or(u64::MAX)
    }

    /// Waits until no CPU runs a packet that read a visibility word older
    /// than `word` (see the module docs).
    pub fn quiesce(&self, word: u64) -> Result<(), XdpError> {
        let Some(inflight) = self.compiled().plan.inflight else {
            return Ok(());
        };
        let started = Instant::now();
        let mut spins = 0u32;
        loop {
            let markers = self
                .map(inflight)
                .lookup_percpu(&0u32.to_ne_bytes())?
                .unwrap_or_default();
            let busy = markers.iter().any(|m| {
                let v = u64::from_ne_bytes(m[..8].try_into().unwrap_or([0; 8]));
                v != 0 && (v >> 1) < word
            });
            if !busy {
                return Ok(());
            }
            spins += 1;
            if spins > 64 {
                std::thread::yield_now();
            }
            if started.elapsed() > QUIESCE_TIMEOUT {
                return Err(ControlError::Channel(
                    "XDP target: a CPU kept a packet in flight for over a second during an update"
                        .into(),
                )
                .into());
            }
        }
    }

    /// Flips the write-back visibility and waits for packets of the old word.
    fn flip(&mut self, on: bool) -> Result<(), XdpError> {
        self.set_visible(on)?;
        self.quiesce(self.visibility_word())
    }

    fn table_index(&self, name: &str) -> Result<usize, ControlError> {
        self.program()
            .tables
            .iter()
            .position(|t| t.name == name)
            .ok_or_else(|| ControlError::UnknownTable(name.to_string()))
    }

    /// Whether table `t` holds `key` now.
    fn exists(&self, t: usize, key: &[KeyMatch]) -> Result<bool, XdpError> {
        let rt = &self.compiled().resolved.tables[t];
        let TableMaps::Exact { main, args, .. } = self.compiled().plan.tables[t] else {
            return Ok(false);
        };
        let k = entries::exact_key(rt, key)?;
        let mut v = vec![0u8; entry::size(args)];
        Ok(self.map(main).lookup(&k, &mut v)?)
    }

    /// Everything an update must satisfy before any of it is written: the
    /// model's checks, in the model's words.
    fn check_update(&self, updates: &[Update], direct: &[bool]) -> Result<(), XdpError> {
        let mut per_table: HashMap<usize, usize> = HashMap::new();
        let mut occupancy: HashMap<usize, usize> = HashMap::new();
        let mut seen: HashSet<(usize, Vec<u8>)> = HashSet::new();
        for (i, u) in updates.iter().enumerate() {
            let is_direct = direct.get(i).copied().unwrap_or(false);
            let t = self.table_index(u.table())?;
            let rt = &self.compiled().resolved.tables[t];
            let size = rt
                .write_back
                .ok_or_else(|| ControlError::NoWriteBack(rt.name.clone()))?;
            if is_direct && !matches!(u, Update::Insert { .. }) {
                return Err(ControlError::BadEntry {
                    table: rt.name.clone(),
                    message: "only an insert may skip the write-back table".to_string(),
                }
                .into());
            }
            let n = per_table.entry(t).or_default();
            *n += usize::from(!is_direct);
            if *n > size as usize {
                return Err(ControlError::WriteBackTooSmall {
                    table: rt.name.clone(),
                    changes: *n,
                    size,
                }
                .into());
            }
            let key = match u {
                Update::Insert { entry, .. } | Update::Modify { entry, .. } => {
                    entries::check_action(&self.compiled().resolved, rt, entry)?;
                    &entry.key
                }
                Update::Delete { key, .. } => key,
            };
            let bytes = entries::exact_key(rt, key)?;
            let exists = self.exists(t, key)?;
            let needed = !matches!(u, Update::Insert { .. });
            if exists != needed {
                return Err(if exists {
                    ControlError::EntryExists(rt.name.clone())
                } else {
                    ControlError::EntryMissing(rt.name.clone())
                }
                .into());
            }
            if !seen.insert((t, bytes)) {
                return Err(ControlError::BadEntry {
                    table: rt.name.clone(),
                    message: "the same key is changed twice in one atomic update".to_string(),
                }
                .into());
            }
            let occ = occupancy
                .entry(t)
                .or_insert_with(|| self.ctl.lens.get(t).copied().unwrap_or(0));
            match u {
                Update::Insert { .. } => *occ += 1,
                Update::Delete { .. } => *occ = occ.saturating_sub(1),
                Update::Modify { .. } => {}
            }
            if *occ > rt.size as usize {
                return Err(ControlError::TableFull {
                    table: rt.name.clone(),
                    size: rt.size,
                }
                .into());
            }
        }
        Ok(())
    }

    /// Gallium's atomic update, synchronously (see the module docs).
    pub fn update_atomically(
        &mut self,
        now: Duration,
        updates: &[Update],
        direct: &[bool],
        requested: &[Duration],
    ) -> Result<AtomicTicket, XdpError> {
        self.check_update(updates, direct)?;
        let since = |i: usize| requested.get(i).copied().unwrap_or(now);
        let is_direct = |i: usize| direct.get(i).copied().unwrap_or(false);
        // Direct inserts first: they are visible on their own.
        let mut n = 0;
        for (i, u) in updates.iter().enumerate() {
            if let (true, Update::Insert { table, entry }) = (is_direct(i), u) {
                self.insert(table, entry, since(i))?;
            } else {
                n += 1;
            }
        }
        let direct_count = updates.len() - n;
        if n == 0 {
            return Ok(AtomicTicket {
                visible_at: now,
                done_at: now,
                ops: direct_count,
                requests: direct_count,
            });
        }
        let full = || {
            updates
                .iter()
                .enumerate()
                .filter(move |(i, _)| !is_direct(*i))
        };
        // 1. write-back entries
        for (i, u) in full() {
            match u {
                Update::Insert { table, entry } | Update::Modify { table, entry } => {
                    self.write_back(table, &entry.key, Some(entry), since(i))?;
                }
                Update::Delete { table, key, .. } => self.write_back(table, key, None, now)?,
            }
        }
        // 2. visible: the commit point
        self.flip(true)?;
        // 3. main tables
        for (i, u) in full() {
            match u {
                Update::Insert { table, entry } => self.insert(table, entry, since(i))?,
                Update::Modify { table, entry } => self.modify(table, entry, since(i))?,
                Update::Delete {
                    table,
                    key,
                    priority,
                } => self.delete(table, key, *priority)?,
            }
        }
        // 4. back to the main tables
        self.flip(false)?;
        // 5. clean up, keeping the hits the write-back entries took
        for (i, u) in full() {
            let (table, key, written) = match u {
                Update::Insert { table, entry } | Update::Modify { table, entry } => {
                    (table, &entry.key, Some(self.ktime(since(i))))
                }
                Update::Delete { table, key, .. } => (table, key, None),
            };
            self.retire_write_back(table, key, written)?;
        }
        Ok(AtomicTicket {
            visible_at: now,
            done_at: now,
            ops: 3 * n + direct_count + 2,
            requests: 3 * n + direct_count + 2,
        })
    }

    /// Notes a main-table write of table `t`'s `key` with last hit `since`
    /// (`added`: a new entry): its count, and its idle check.
    pub(crate) fn note_write(&mut self, t: usize, key: &[u8], since: u64, added: bool) {
        if self.ctl.lens.len() <= t {
            self.ctl.lens.resize(t + 1, 0);
        }
        if added {
            self.ctl.lens[t] += 1;
        }
        if let Some(timeout) = self.compiled().resolved.tables[t].idle_timeout {
            let due = since.saturating_add(u64::try_from(timeout.as_nanos()).unwrap_or(u64::MAX));
            self.ctl
                .idle
                .entry(t)
                .or_default()
                .insert((due, key.to_vec()));
            self.ctl.reported.remove(&(t, key.to_vec()));
        }
    }

    /// Notes a main-table delete of table `t`.
    pub(crate) fn note_delete(&mut self, t: usize) {
        if let Some(l) = self.ctl.lens.get_mut(t) {
            *l = l.saturating_sub(1);
        }
    }

    /// Removes a write-back entry; a hit it took later than the main entry's
    /// last hit moves that forward.
    ///
    /// `written`: the last hit steps 1 and 3 gave both entries (None for a
    /// delete, whose main entry is gone). The main entry is read only when
    /// a packet hit the write-back entry later than that: otherwise its own
    /// hit is at least the write-back one's.
    fn retire_write_back(
        &mut self,
        table: &str,
        key: &[KeyMatch],
        written: Option<u64>,
    ) -> Result<(), XdpError> {
        let t = self.table_index(table)?;
        let rt = &self.compiled().resolved.tables[t];
        let TableMaps::Exact {
            main,
            wb: Some(wb),
            args,
        } = self.compiled().plan.tables[t]
        else {
            return Ok(());
        };
        let k = entries::exact_key(rt, key)?;
        let mut w = vec![0u8; entry::size(args)];
        if self.map(wb).lookup(&k, &mut w)? {
            let wb_hit = u64::from_ne_bytes(
                w[entry::LAST_HIT..entry::LAST_HIT + 8]
                    .try_into()
                    .unwrap_or([0; 8]),
            );
            let later = written.is_some_and(|w| wb_hit > w);
            let mut m = vec![0u8; entry::size(args)];
            if later && self.map(main).lookup(&k, &mut m)? {
                let main_hit = u64::from_ne_bytes(
                    m[entry::LAST_HIT..entry::LAST_HIT + 8]
                        .try_into()
                        .unwrap_or([0; 8]),
                );
                if wb_hit > main_hit {
                    m[entry::LAST_HIT..entry::LAST_HIT + 8].copy_from_slice(&wb_hit.to_ne_bytes());
                    self.map(main).update(&k, &m, bpf::map::Update::Exist)?;
                }
            }
            self.map(wb).delete(&k)?;
        }
        Ok(())
    }

    /// Entries of idle-timed tables not hit for their timeout by `now`
    /// (each once until hit again), from the schedule: only entries whose
    /// last known hit is a timeout old are looked at.
    pub fn idle_entries(&mut self, now: Duration) -> Result<Vec<IdleNotification>, XdpError> {
        let now_k = self.ktime(now);
        let mut out = Vec::new();
        let tables: Vec<usize> = self.ctl.idle.keys().copied().collect();
        for t in tables {
            let rt = self.compiled().resolved.tables[t].clone();
            let Some(timeout) = rt.idle_timeout else {
                continue;
            };
            let timeout = u64::try_from(timeout.as_nanos()).unwrap_or(u64::MAX);
            let TableMaps::Exact { main, args, .. } = self.compiled().plan.tables[t] else {
                continue;
            };
            while let Some(first) = self.ctl.idle.get(&t).and_then(|s| s.first().cloned()) {
                if first.0 > now_k {
                    break;
                }
                let mut v = vec![0u8; entry::size(args)];
                // Looked up before it leaves the schedule: a failed read loses nothing.
                let present = self.map(main).lookup(&first.1, &mut v)?;
                if let Some(s) = self.ctl.idle.get_mut(&t) {
                    s.remove(&first);
                }
                let key = first.1;
                if !present {
                    continue; // deleted meanwhile
                }
                let last = u64::from_ne_bytes(
                    v[entry::LAST_HIT..entry::LAST_HIT + 8]
                        .try_into()
                        .unwrap_or([0; 8]),
                );
                let due = last.saturating_add(timeout);
                if due > now_k {
                    // Hit since: look again when it can first be idle.
                    if let Some(s) = self.ctl.idle.get_mut(&t) {
                        s.insert((due, key));
                    }
                    continue;
                }
                let rkey = (t, key.clone());
                if self.ctl.reported.get(&rkey) == Some(&last) {
                    // Reported already and not hit since: look again in a timeout.
                    if let Some(s) = self.ctl.idle.get_mut(&t) {
                        s.insert((now_k.saturating_add(timeout), key));
                    }
                    continue;
                }
                self.ctl.reported.insert(rkey, last);
                if let Some(s) = self.ctl.idle.get_mut(&t) {
                    s.insert((now_k.saturating_add(timeout), key.clone()));
                }
                out.push(IdleNotification {
                    table: rt.name.clone(),
                    entry: self.decode_entry(t, &key, &v),
                    last_hit: Duration::from_nanos(last.saturating_sub(self.ctl.base_ns)),
                });
            }
        }
        Ok(out)
    }

    /// The entry a key and value of table `t`'s map describe.
    fn decode_entry(&self, t: usize, key: &[u8], value: &[u8]) -> TableEntry {
        let r = &self.compiled().resolved;
        let word =
            |b: &[u8], o: usize| u64::from_ne_bytes(b[o..o + 8].try_into().unwrap_or([0; 8]));
        let keys = (0..r.tables[t].key.len())
            .map(|i| KeyMatch::Exact(word(key, 8 * i)))
            .collect();
        let action = u32::from_ne_bytes(value[..4].try_into().unwrap_or([0; 4]));
        let (name, params) = match r.actions.get(action as usize) {
            Some(a) if action != WB_DELETE => (a.name.clone(), a.param_widths.len()),
            _ => (String::new(), 0),
        };
        TableEntry {
            key: keys,
            action: name,
            args: (0..params)
                .map(|i| word(value, entry::ARGS + 8 * i))
                .collect(),
            priority: 0,
        }
    }
}

impl SwitchControl for XdpSwitch {
    fn atomic_update_requested(
        &mut self,
        now: Duration,
        updates: &[Update],
        requested: &[Duration],
    ) -> Result<AtomicTicket, ControlError> {
        self.update_atomically(now, updates, &[], requested)
            .map_err(channel)
    }

    fn atomic_update_direct(
        &mut self,
        now: Duration,
        updates: &[Update],
        direct: &[bool],
        requested: &[Duration],
    ) -> Result<AtomicTicket, ControlError> {
        self.update_atomically(now, updates, direct, requested)
            .map_err(channel)
    }

    fn write_back_size(&self, table: &str) -> Result<Option<u32>, ControlError> {
        let t = self.table_index(table)?;
        Ok(self.program().tables[t].write_back)
    }

    fn poll_idle(&mut self, now: Duration) -> Vec<IdleNotification> {
        // A failed map read loses nothing: the entry stays scheduled for
        // the next poll.
        self.idle_entries(now).unwrap_or_default()
    }
}
