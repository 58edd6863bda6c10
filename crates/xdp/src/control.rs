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
//! full barriers. The word and the markers (one per CPU, each on its own
//! cache line) are array maps the control plane has mapped into its memory,
//! so it changes the word and reads the markers with atomics of its own, no
//! system call. After changing the word to `w` (a sequentially consistent
//! store), the control plane waits until every CPU's marker is 0 or
//! announces a word of at least `w` (sequentially consistent loads;
//! [`XdpSwitch::quiesce`]). By the store-buffering argument (the writer's
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
//! So a packet sees either none or all of an update's changes. Each phase
//! writes a map's entries in one `bpf(2)` call (a batch where it has more
//! than one), and the checks before phase 1 read the control plane's own key
//! sets, not the maps. Inserts of new keys may go straight into the main
//! tables (`atomic_update_direct`): each appears on its own, and no packet
//! sees an older value, there being none.
//!
//! An update with one change besides such inserts needs no write-back
//! cycle: the kernel writes a hash entry's new value into a fresh element
//! and swaps it into the bucket (or unlinks a deleted one), so a packet's
//! lookup finds the old element or the new one, each whole. The allocator
//! may hand the replaced element out again to the next write, though, while
//! a packet on another CPU still reads it; so the word steps (its
//! visibility bit kept) and the wait runs before the call returns. That is
//! one `bpf(2)` call; the cycle of an update of N entries in N tables takes
//! 3 × N.
//! An update is synchronous: it is visible when the call returns, so the
//! ticket's times are the caller's `now`. Ternary and LPM tables are rewritten
//! bank by bank: the other bank is written, the word steps (keeping its
//! visibility bit), and the wait runs before that bank can be written again.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::{Duration, Instant};

use pipe::{
    AtomicTicket, ControlError, IdleNotification, KeyMatch, SwitchControl, TableEntry, Update,
};

use bpf::asm::MapRef;

use crate::entries;
use crate::layout::{WB_DELETE, entry};
use crate::plan::TableMaps;
use crate::switch::{XdpError, XdpSwitch};

/// Keys per table the control plane's key sets reserve room for at load.
const KEYS_RESERVE: usize = 1 << 16;

/// How long a CPU may take to finish the packets it had when the word
/// changed before an update gives up (a packet takes microseconds).
const QUIESCE_TIMEOUT: Duration = Duration::from_secs(1);

/// What the control plane keeps beside the maps: per table the keys it
/// holds, per idle-timed table the schedule of entries to look at.
#[derive(Debug, Clone, Default)]
pub struct ControlState {
    /// The keys of each exact table's main map (only the control plane
    /// writes them, so an update's checks need no map reads).
    keys: Vec<HashSet<Vec<u8>>>,
    /// Per idle-timed table: (when it may be idle, key bytes).
    idle: HashMap<usize, BTreeSet<(u64, Vec<u8>)>>,
    /// Keys reported idle, with the last hit they were reported at.
    reported: HashMap<(usize, Vec<u8>), u64>,
    /// The program clock (kernel monotonic ns) at the caller's time zero.
    pub(crate) base_ns: u64,
    /// Per table, the keys of the write-back entries written one by one
    /// (`write_back`): the tables share one map, so each table's
    /// write-back size is checked here.
    pub(crate) wb_held: HashMap<usize, HashSet<Vec<u8>>>,
}

/// One change of an exact table, as its maps' bytes.
struct Change {
    t: usize,
    main: MapRef,
    wb: MapRef,
    key: Vec<u8>,
    /// The main entry's value; None: the key goes.
    value: Option<Vec<u8>>,
    /// The key in the shared write-back map (table number, key, padding).
    wb_key: Vec<u8>,
    /// The write-back entry's value: the main one's, or a deletion marker
    /// (padded to the shared map's value).
    wb_value: Vec<u8>,
    /// The last hit both entries start with.
    hit: u64,
    insert: bool,
}

/// One map write of an update: `value` None removes `key`.
struct MapWrite<'a> {
    map: MapRef,
    key: &'a [u8],
    value: Option<&'a [u8]>,
}

/// The writes of one map and kind, concatenated for one call.
struct Batch {
    map: MapRef,
    put: bool,
    keys: Vec<u8>,
    values: Vec<u8>,
    count: usize,
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
        let Some(markers) = self.markers.as_ref() else {
            return Ok(());
        };
        let started = Instant::now();
        let mut spins = 0u32;
        loop {
            let busy = (0..markers.len()).any(|cpu| {
                let v = markers
                    .u64_at(cpu, 0)
                    .map_or(0, |m| m.load(std::sync::atomic::Ordering::SeqCst));
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

    /// Whether table `t` holds the key whose bytes are `k` now.
    pub(crate) fn exists(&self, t: usize, k: &[u8]) -> bool {
        self.ctl.keys.get(t).is_some_and(|s| s.contains(k))
    }

    /// Entries table `t` holds now.
    pub(crate) fn held(&self, t: usize) -> usize {
        self.ctl.keys.get(t).map_or(0, HashSet::len)
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
            let exists = self.exists(t, &bytes);
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
                .or_insert_with(|| self.ctl.keys.get(t).map_or(0, HashSet::len));
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
        let mut direct_changes = Vec::new();
        let mut full = Vec::new();
        for (i, u) in updates.iter().enumerate() {
            let is_direct = direct.get(i).copied().unwrap_or(false);
            match (self.encode(u, self.ktime(since(i)))?, u) {
                (Some(c), _) if is_direct => direct_changes.push(c),
                (Some(c), _) => full.push(c),
                // A direct insert into a scanned table: its bank is rewritten.
                (None, Update::Insert { table, entry }) if is_direct => {
                    self.insert(table, entry, since(i))?;
                }
                (None, u) => return Err(ControlError::NoWriteBack(u.table().into()).into()),
            }
        }
        let direct_count = updates.len() - full.len();
        // Direct inserts first: they are visible on their own.
        self.write_main(&direct_changes)?;
        let ops = match full.len() {
            0 => direct_count,
            1 => {
                // One change: the map swaps the entry's element (or unlinks
                // it) in one step, so a packet sees all of it or none of it
                // without the write-back tables. The step and wait make sure
                // no packet still reads the element it replaced when the
                // allocator hands that element out again.
                self.write_main(&full)?;
                self.step_word()?;
                self.quiesce(self.visibility_word())?;
                direct_count + 2
            }
            n => {
                // 1. write-back entries
                let wb: Vec<_> = full
                    .iter()
                    .map(|c| MapWrite {
                        map: c.wb,
                        key: &c.wb_key,
                        value: Some(&c.wb_value),
                    })
                    .collect();
                self.write_maps(&wb)?;
                // 2. visible: the commit point
                self.flip(true)?;
                // 3. main tables
                self.write_main(&full)?;
                // 4. back to the main tables
                self.flip(false)?;
                // 5. clean up, keeping the hits the write-back entries took
                self.retire_write_backs(&full)?;
                3 * n + direct_count + 2
            }
        };
        Ok(AtomicTicket {
            visible_at: now,
            done_at: now,
            ops,
            requests: ops,
        })
    }

    /// An update of an exact table as its maps' bytes (None: the table is
    /// scanned, or has no key).
    fn encode(&self, u: &Update, hit: u64) -> Result<Option<Change>, XdpError> {
        let t = self.table_index(u.table())?;
        let rt = &self.compiled().resolved.tables[t];
        let TableMaps::Exact { main, wb, args } = self.compiled().plan.tables[t] else {
            return Ok(None);
        };
        let (wb, shared) = match (wb, self.compiled().plan.write_back) {
            (Some(wb), Some(shared)) => (wb, shared),
            _ => return Err(ControlError::NoWriteBack(rt.name.clone()).into()),
        };
        let (key, value) = match u {
            Update::Insert { entry, .. } | Update::Modify { entry, .. } => {
                let checked = entries::check_action(&self.compiled().resolved, rt, entry)?;
                let value =
                    entries::exact_value(u32::from(checked.action), &checked.args, args, hit);
                (entries::exact_key(rt, &entry.key)?, Some(value))
            }
            Update::Delete { key, .. } => (entries::exact_key(rt, key)?, None),
        };
        let wb_value = shared.value(value.as_deref().unwrap_or(&entries::exact_value(
            WB_DELETE,
            &[],
            args,
            0,
        )));
        let wb_key = shared.key(t, &key);
        Ok(Some(Change {
            t,
            main,
            wb,
            key,
            value,
            wb_key,
            wb_value,
            hit,
            insert: matches!(u, Update::Insert { .. }),
        }))
    }

    /// Writes `changes` into their main tables, one call per map.
    fn write_main(&mut self, changes: &[Change]) -> Result<(), XdpError> {
        let writes: Vec<_> = changes
            .iter()
            .map(|c| MapWrite {
                map: c.main,
                key: &c.key,
                value: c.value.as_deref(),
            })
            .collect();
        self.write_maps(&writes)?;
        for c in changes {
            match c.value {
                Some(_) => self.note_write(c.t, &c.key, c.hit, c.insert),
                None => self.note_delete(c.t, &c.key),
            }
        }
        Ok(())
    }

    /// Writes `writes`, one call per map and kind: `BPF_MAP_UPDATE_BATCH` /
    /// `BPF_MAP_DELETE_BATCH` where a map has more than one. The update's
    /// checks have run, so the writes need no flags (batches take none).
    fn write_maps(&self, writes: &[MapWrite<'_>]) -> Result<(), XdpError> {
        let mut groups: Vec<Batch> = Vec::new();
        for w in writes {
            let put = w.value.is_some();
            let at = match groups.iter().position(|g| g.map == w.map && g.put == put) {
                Some(at) => at,
                None => {
                    groups.push(Batch {
                        map: w.map,
                        put,
                        keys: Vec::new(),
                        values: Vec::new(),
                        count: 0,
                    });
                    groups.len() - 1
                }
            };
            let g = &mut groups[at];
            g.keys.extend_from_slice(w.key);
            g.values.extend_from_slice(w.value.unwrap_or_default());
            g.count += 1;
        }
        for g in groups {
            let m = self.map(g.map);
            match (g.put, g.count) {
                (true, 1) => m.update(&g.keys, &g.values, bpf::map::Update::Any)?,
                (true, _) => {
                    m.update_batch(&g.keys, &g.values, bpf::map::Update::Any)?;
                }
                (false, 1) => {
                    m.delete(&g.keys)?;
                }
                (false, _) => {
                    m.delete_batch(&g.keys)?;
                }
            }
        }
        Ok(())
    }

    /// Removes the write-back entries of `changes`. Of an idle-timed
    /// table's entry, a hit the write-back entry took later than the last
    /// hit steps 1 and 3 gave both entries moves the main entry's forward;
    /// the main entry is read only then (otherwise its own hit is at least
    /// the write-back one's). Other tables' hits are never read.
    fn retire_write_backs(&mut self, changes: &[Change]) -> Result<(), XdpError> {
        for c in changes.iter().filter(|c| c.value.is_some()) {
            if self.compiled().resolved.tables[c.t].idle_timeout.is_none() {
                continue;
            }
            let hit = |v: &[u8]| {
                u64::from_ne_bytes(
                    v[entry::LAST_HIT..entry::LAST_HIT + 8]
                        .try_into()
                        .unwrap_or([0; 8]),
                )
            };
            let mut w = vec![0u8; c.wb_value.len()];
            if !self.map(c.wb).lookup(&c.wb_key, &mut w)? || hit(&w) <= c.hit {
                continue;
            }
            let mut m = vec![0u8; c.value.as_ref().map_or(0, Vec::len)];
            if self.map(c.main).lookup(&c.key, &mut m)? && hit(&w) > hit(&m) {
                m[entry::LAST_HIT..entry::LAST_HIT + 8].copy_from_slice(&hit(&w).to_ne_bytes());
                self.map(c.main)
                    .update(&c.key, &m, bpf::map::Update::Exist)?;
            }
        }
        for c in changes {
            if let Some(held) = self.ctl.wb_held.get_mut(&c.t) {
                held.remove(&c.key);
            }
        }
        let gone: Vec<_> = changes
            .iter()
            .map(|c| MapWrite {
                map: c.wb,
                key: &c.wb_key,
                value: None,
            })
            .collect();
        self.write_maps(&gone)
    }

    /// Makes room in the key sets for every table's declared size (up to
    /// [`KEYS_RESERVE`]): a set that doubles rehashes all its keys at once,
    /// milliseconds at tens of thousands, paid in the middle of a burst of
    /// new flows.
    pub(crate) fn reserve_keys(&mut self) {
        let sizes: Vec<usize> = self
            .compiled()
            .resolved
            .tables
            .iter()
            .map(|t| (t.size as usize).min(KEYS_RESERVE))
            .collect();
        self.ctl.keys = sizes.into_iter().map(HashSet::with_capacity).collect();
    }

    /// Notes a main-table write of table `t`'s `key` with last hit `since`
    /// (`added`: a new entry): its count, and its idle check.
    pub(crate) fn note_write(&mut self, t: usize, key: &[u8], since: u64, added: bool) {
        if self.ctl.keys.len() <= t {
            self.ctl.keys.resize_with(t + 1, HashSet::new);
        }
        if added {
            self.ctl.keys[t].insert(key.to_vec());
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

    /// Notes a main-table delete of table `t`'s `key`.
    pub(crate) fn note_delete(&mut self, t: usize, key: &[u8]) {
        if let Some(s) = self.ctl.keys.get_mut(t) {
            s.remove(key);
        }
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
