//! The server daemon's checkpoint: a snapshot of the primary state and a
//! journal of the changes made since (`tandem server --checkpoint FILE`).
//!
//! - `FILE` is a snapshot (`interp::Snapshot` as JSON), replaced atomically
//!   (written to `FILE.tmp`, renamed).
//! - `FILE.journal` holds records appended after it, one per packet (or idle
//!   sweep) that changed the primary state, each written **before** the
//!   atomic update carrying the packet's changes leaves for the switch. A
//!   record is `length (u32 LE) | CRC-32 of the payload (u32 LE) | payload`,
//!   the payload a JSON [`Record`]: the map changes in order (key → value,
//!   or removed) and the new words of every register or array that changed.
//! - When the journal has grown past the snapshot (and at least
//!   [`COMPACT_FLOOR`] bytes), the whole state is written as a new snapshot
//!   and the journal starts over ([`Journal::compact`]).
//! - Restoring ([`read`]) is the snapshot with every whole record applied in
//!   order. A record cut short or whose checksum does not match — the
//!   process died in the middle of an append — ends the journal: it and
//!   anything after it are ignored and reported ([`Torn`]).
//!
//! Records are assignments (this key now has this value, this register now
//! holds these words), not differences, so replaying a journal on a snapshot
//! taken after some of its records gives the same state: a crash between
//! writing a new snapshot and emptying the journal loses nothing.
//!
//! Writes go to the operating system without `fsync`: the checkpoint
//! survives the server process dying, not the machine losing power.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::{Path, PathBuf};

use interp::{Snapshot, SnapshotObject};
use serde::{Deserialize, Serialize};

/// The journal is compacted once it holds more bytes than the snapshot and
/// at least this many.
pub const COMPACT_FLOOR: u64 = 64 * 1024;

/// Bytes in front of each record's payload.
const HEADER: usize = 8;

/// Largest payload a record may claim (anything larger is taken as a torn
/// or corrupt tail).
const MAX_RECORD: u32 = 64 << 20;

/// One change of a map, as words (the snapshot's layout).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapRecord {
    /// Map name.
    pub map: String,
    /// Key, flattened.
    pub key: Vec<u64>,
    /// Value from now on, flattened; None: removed.
    pub value: Option<Vec<u64>>,
}

/// What one journal record says happened to the primary state.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Map changes, in the order they were made.
    pub maps: Vec<MapRecord>,
    /// Registers and arrays whose words changed, with their new words.
    pub registers: Vec<(String, Vec<u64>)>,
}

impl Record {
    /// True when it changes nothing.
    pub fn is_empty(&self) -> bool {
        self.maps.is_empty() && self.registers.is_empty()
    }
}

/// Why a checkpoint could not be written or read.
#[derive(Debug, thiserror::Error)]
#[error("checkpoint {path}: {message}")]
pub struct CheckpointError {
    /// File.
    pub path: String,
    /// What went wrong.
    pub message: String,
}

fn err(path: &Path, message: impl std::fmt::Display) -> CheckpointError {
    CheckpointError {
        path: path.display().to_string(),
        message: message.to_string(),
    }
}

/// Where the journal of the snapshot `path` lives: `path` + `.journal`.
pub fn journal_path(path: &Path) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(".journal");
    PathBuf::from(p)
}

/// A journal whose tail was cut: where, and how much was ignored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Torn {
    /// Offset of the first record not taken.
    pub offset: u64,
    /// Bytes ignored from there on.
    pub ignored: u64,
    /// What was wrong with it.
    pub why: String,
}

impl std::fmt::Display for Torn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "torn tail at byte {}: {} ({} bytes ignored; the server died in the middle of an append)",
            self.offset, self.why, self.ignored
        )
    }
}

/// A checkpoint read back: the snapshot with the journal applied.
#[derive(Debug, Clone)]
pub struct Restored {
    /// The primary state to restore.
    pub snapshot: Snapshot,
    /// Journal records applied.
    pub records: usize,
    /// The journal's torn tail, if it had one.
    pub torn: Option<Torn>,
}

/// The whole records of a journal's bytes, and its torn tail if any.
pub fn parse(bytes: &[u8]) -> (Vec<Record>, Option<Torn>) {
    let mut out = Vec::new();
    let mut at = 0usize;
    while at < bytes.len() {
        let torn = |why: String| Torn {
            offset: at as u64,
            ignored: (bytes.len() - at) as u64,
            why,
        };
        let Some(h) = bytes.get(at..at + HEADER) else {
            return (out, Some(torn("a record header cut short".into())));
        };
        let len = u32::from_le_bytes([h[0], h[1], h[2], h[3]]);
        let crc = u32::from_le_bytes([h[4], h[5], h[6], h[7]]);
        if len > MAX_RECORD {
            return (out, Some(torn(format!("a record length of {len} bytes"))));
        }
        let start = at + HEADER;
        let Some(payload) = bytes.get(start..start + len as usize) else {
            return (
                out,
                Some(torn(format!(
                    "a record of {len} bytes with {} left",
                    bytes.len() - start
                ))),
            );
        };
        if wire::crc::crc32(payload) != crc {
            return (
                out,
                Some(torn("a record whose checksum does not match".into())),
            );
        }
        match serde_json::from_slice::<Record>(payload) {
            Ok(r) => out.push(r),
            Err(e) => {
                return (
                    out,
                    Some(torn(format!("a record that does not parse: {e}"))),
                );
            }
        }
        at = start + len as usize;
    }
    (out, None)
}

/// `record` framed for the journal.
pub fn frame(record: &Record) -> Vec<u8> {
    let payload = serde_json::to_vec(record).unwrap_or_default();
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.extend_from_slice(&wire::crc::crc32(&payload).to_le_bytes());
    out.extend_from_slice(&payload);
    out
}

/// `snapshot` with `records` applied in order. Maps come out with their
/// entries sorted by key.
pub fn replay(snapshot: &Snapshot, records: &[Record]) -> Result<Snapshot, String> {
    enum Obj {
        Map(HashMap<Vec<u64>, Vec<u64>>),
        Words(Vec<u64>, bool),
    }
    let mut objs: Vec<(String, Obj)> = snapshot
        .objects
        .iter()
        .map(|(n, o)| {
            let o = match o {
                SnapshotObject::Map(es) => Obj::Map(es.iter().cloned().collect()),
                SnapshotObject::Array(w) => Obj::Words(w.clone(), true),
                SnapshotObject::Register(w) => Obj::Words(w.clone(), false),
            };
            (n.clone(), o)
        })
        .collect();
    let index: HashMap<String, usize> = objs
        .iter()
        .enumerate()
        .map(|(i, (n, _))| (n.clone(), i))
        .collect();
    for (k, r) in records.iter().enumerate() {
        for m in &r.maps {
            let i = index
                .get(&m.map)
                .ok_or_else(|| format!("record {k}: no map `{}` in the snapshot", m.map))?;
            let Obj::Map(map) = &mut objs[*i].1 else {
                return Err(format!("record {k}: `{}` is not a map", m.map));
            };
            match &m.value {
                Some(v) => {
                    map.insert(m.key.clone(), v.clone());
                }
                None => {
                    map.remove(&m.key);
                }
            }
        }
        for (name, words) in &r.registers {
            let i = index
                .get(name)
                .ok_or_else(|| format!("record {k}: no register `{name}` in the snapshot"))?;
            match &mut objs[*i].1 {
                Obj::Words(w, _) if w.len() == words.len() => w.clone_from(words),
                _ => {
                    return Err(format!(
                        "record {k}: `{name}` is not a register of {} words",
                        words.len()
                    ));
                }
            }
        }
    }
    Ok(Snapshot {
        objects: objs
            .into_iter()
            .map(|(n, o)| {
                let o = match o {
                    Obj::Map(m) => {
                        let sorted: BTreeMap<Vec<u64>, Vec<u64>> = m.into_iter().collect();
                        SnapshotObject::Map(sorted.into_iter().collect())
                    }
                    Obj::Words(w, true) => SnapshotObject::Array(w),
                    Obj::Words(w, false) => SnapshotObject::Register(w),
                };
                (n, o)
            })
            .collect(),
    })
}

/// Reads the checkpoint at `path` (snapshot and journal); None when there
/// is no snapshot.
pub fn read(path: &Path) -> Result<Option<Restored>, CheckpointError> {
    let snapshot: Snapshot = match std::fs::read(path) {
        Ok(bytes) => serde_json::from_slice(&bytes)
            .map_err(|e| err(path, format!("not a server checkpoint: {e}")))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(err(path, e)),
    };
    let jpath = journal_path(path);
    let bytes = match std::fs::read(&jpath) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(err(&jpath, e)),
    };
    let (records, torn) = parse(&bytes);
    let snapshot = replay(&snapshot, &records).map_err(|e| err(&jpath, e))?;
    Ok(Some(Restored {
        snapshot,
        records: records.len(),
        torn,
    }))
}

/// What the journal did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct JournalStats {
    /// Snapshots written (the first included).
    pub snapshots: u64,
    /// Records appended.
    pub records: u64,
    /// Bytes appended.
    pub bytes: u64,
    /// Journal bytes now.
    pub journal_bytes: u64,
    /// Snapshot bytes now.
    pub snapshot_bytes: u64,
}

/// An open checkpoint: the snapshot file and the journal appended to.
pub struct Journal {
    path: PathBuf,
    file: std::fs::File,
    /// Registers and arrays, with the words last journaled.
    registers: Vec<(String, Vec<u64>)>,
    floor: u64,
    stats: JournalStats,
}

impl std::fmt::Debug for Journal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Journal")
            .field("path", &self.path)
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl Journal {
    /// Starts the checkpoint at `path` from `snapshot` (the state now):
    /// writes it as the snapshot and starts an empty journal.
    pub fn create(path: &Path, snapshot: &Snapshot) -> Result<Journal, CheckpointError> {
        let jpath = journal_path(path);
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&jpath)
            .map_err(|e| err(&jpath, e))?;
        let mut j = Journal {
            path: path.to_path_buf(),
            file,
            registers: Vec::new(),
            floor: COMPACT_FLOOR,
            stats: JournalStats::default(),
        };
        j.compact(snapshot)?;
        Ok(j)
    }

    /// Compacts once the journal holds more than the snapshot and at least
    /// `bytes` (default [`COMPACT_FLOOR`]).
    pub fn set_compact_floor(&mut self, bytes: u64) {
        self.floor = bytes;
    }

    /// Counters so far.
    pub fn stats(&self) -> &JournalStats {
        &self.stats
    }

    /// Whether the journal has outgrown the snapshot.
    pub fn due(&self) -> bool {
        self.stats.journal_bytes > self.stats.snapshot_bytes.max(self.floor)
    }

    /// Writes `snapshot` (the whole state now) as the new snapshot, then
    /// empties the journal.
    pub fn compact(&mut self, snapshot: &Snapshot) -> Result<(), CheckpointError> {
        let bytes = serde_json::to_vec(snapshot).map_err(|e| err(&self.path, e))?;
        let mut tmp = self.path.as_os_str().to_owned();
        tmp.push(".tmp");
        let tmp = PathBuf::from(tmp);
        std::fs::write(&tmp, &bytes).map_err(|e| err(&tmp, e))?;
        std::fs::rename(&tmp, &self.path).map_err(|e| err(&self.path, e))?;
        // A crash here leaves the new snapshot with the old journal, whose
        // records (assignments) replay to the same state.
        self.file
            .set_len(0)
            .map_err(|e| err(&journal_path(&self.path), e))?;
        self.registers = snapshot
            .objects
            .iter()
            .filter_map(|(n, o)| match o {
                SnapshotObject::Array(w) | SnapshotObject::Register(w) => {
                    Some((n.clone(), w.clone()))
                }
                SnapshotObject::Map(_) => None,
            })
            .collect();
        self.stats.snapshots += 1;
        self.stats.snapshot_bytes = bytes.len() as u64;
        self.stats.journal_bytes = 0;
        Ok(())
    }

    /// Appends what changed: `changes` (the runtime's map changes, in order)
    /// and every register or array of `state` whose words differ from what
    /// was journaled last. Nothing is written when nothing changed. True when
    /// a record was written.
    pub fn append(
        &mut self,
        changes: &[server::StateChange],
        state: &interp::State,
        now_ns: u64,
    ) -> Result<bool, CheckpointError> {
        let mut rec = Record::default();
        for c in changes {
            let mut key = Vec::new();
            ir::eval::flatten(&c.key, &mut key);
            let value = c.value.as_ref().map(|v| {
                let mut w = Vec::new();
                ir::eval::flatten(v, &mut w);
                w
            });
            rec.maps.push(MapRecord {
                map: c.map.clone(),
                key,
                value,
            });
        }
        if !self.registers.is_empty() {
            let names: Vec<&str> = self.registers.iter().map(|(n, _)| n.as_str()).collect();
            let now = state.snapshot(&names, now_ns);
            for (name, o) in now.objects {
                let (SnapshotObject::Array(w) | SnapshotObject::Register(w)) = o else {
                    continue;
                };
                if let Some((_, last)) = self.registers.iter_mut().find(|(n, _)| *n == name) {
                    if *last != w {
                        last.clone_from(&w);
                        rec.registers.push((name, w));
                    }
                }
            }
        }
        if rec.is_empty() {
            return Ok(false);
        }
        let bytes = frame(&rec);
        self.file
            .write_all(&bytes)
            .map_err(|e| err(&journal_path(&self.path), e))?;
        self.stats.records += 1;
        self.stats.bytes += bytes.len() as u64;
        self.stats.journal_bytes += bytes.len() as u64;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snap() -> Snapshot {
        Snapshot {
            objects: vec![
                (
                    "m".into(),
                    SnapshotObject::Map(vec![(vec![1], vec![10]), (vec![2], vec![20])]),
                ),
                ("r".into(), SnapshotObject::Register(vec![5])),
            ],
        }
    }

    fn rec(k: u64, v: Option<u64>, r: Option<u64>) -> Record {
        Record {
            maps: vec![MapRecord {
                map: "m".into(),
                key: vec![k],
                value: v.map(|v| vec![v]),
            }],
            registers: r.map(|r| ("r".to_string(), vec![r])).into_iter().collect(),
        }
    }

    #[test]
    fn a_torn_tail_is_found_and_ignored_and_the_whole_records_kept() {
        let records = [
            rec(3, Some(30), Some(6)),
            rec(1, None, None),
            rec(4, Some(40), Some(7)),
        ];
        let mut bytes = Vec::new();
        let mut ends = Vec::new();
        for r in &records {
            bytes.extend(frame(r));
            ends.push(bytes.len());
        }
        let (all, torn) = parse(&bytes);
        assert_eq!(all, records);
        assert_eq!(torn, None);
        // Cut anywhere inside the last record: the first two are kept, and
        // the cut is reported at the last record's start.
        let start = ends[1];
        for cut in start + 1..bytes.len() {
            let (got, torn) = parse(&bytes[..cut]);
            assert_eq!(got, records[..2], "cut at {cut}");
            let t = torn.unwrap_or_else(|| panic!("cut at {cut}: no torn tail"));
            assert_eq!(t.offset, start as u64, "cut at {cut}");
            assert_eq!(t.ignored, (cut - start) as u64, "cut at {cut}");
        }
        // A flipped byte in the last payload: its checksum fails.
        let mut bad = bytes.clone();
        let last = bad.len() - 2;
        bad[last] ^= 0x20;
        let (got, torn) = parse(&bad);
        assert_eq!(got, records[..2]);
        assert!(torn.expect("torn").why.contains("checksum"));
        // A length nobody wrote (zeros or garbage past the end).
        let mut junk = bytes.clone();
        junk.extend_from_slice(&[0xff; 12]);
        let (got, torn) = parse(&junk);
        assert_eq!(got, records);
        assert_eq!(torn.expect("torn").offset, bytes.len() as u64);
        // Replay: snapshot + the whole records.
        let s = replay(&snap(), &records[..2]).expect("replays");
        assert_eq!(
            s.objects,
            vec![
                (
                    "m".to_string(),
                    SnapshotObject::Map(vec![(vec![2], vec![20]), (vec![3], vec![30])])
                ),
                ("r".to_string(), SnapshotObject::Register(vec![6])),
            ]
        );
        // Records name what the snapshot has.
        assert!(
            replay(
                &snap(),
                &[Record {
                    maps: vec![MapRecord {
                        map: "x".into(),
                        key: vec![1],
                        value: None
                    }],
                    registers: vec![],
                }]
            )
            .is_err()
        );
    }

    #[test]
    fn read_takes_the_snapshot_and_the_journal_and_reports_a_torn_tail() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("state.json");
        assert!(read(&path).expect("no checkpoint yet").is_none());
        let j = Journal::create(&path, &snap()).expect("create");
        drop(j);
        let mut bytes = frame(&rec(3, Some(30), None));
        let whole = bytes.len();
        bytes.extend(&frame(&rec(2, None, Some(9)))[..5]);
        std::fs::write(journal_path(&path), &bytes).expect("write");
        let r = read(&path).expect("reads").expect("exists");
        assert_eq!(r.records, 1);
        let t = r.torn.expect("torn");
        assert_eq!((t.offset, t.ignored), (whole as u64, 5));
        assert!(t.to_string().contains("torn tail at byte"), "{t}");
        assert_eq!(
            r.snapshot,
            replay(&snap(), &[rec(3, Some(30), None)]).expect("replays")
        );
    }
}
