//! The agent's shadow of the hashed switch tables and CPU-assisted three-phase
//! collision settlement.
//!
//! The switch looks a packet's connection up in all four ways at once and uses an
//! entry only when **exactly one** way holds the packet's fingerprint at its
//! candidate cell; two or more matches send the packet to the CPU. A known
//! connection is therefore never confused with another: it is either matched by its
//! own entry alone or decided by the agent, which holds every full key.
//!
//! Placing connection `k` (fingerprint `f`, candidate cells `c_0..c_3`):
//!
//! 1. **Detect.** Ways whose cell `c_w` holds another connection with fingerprint
//!    `f` would make `k` ambiguous (*aliases*); ways whose cell is empty are free.
//! 2. **Relocate.** Each aliasing occupant is moved to one of its own other
//!    candidate cells (the CPU knows its key); if no way is free, a breadth-first
//!    cuckoo search moves occupants along a path to an empty cell. Every moved
//!    connection must itself stay unambiguous, and moves are emitted copy-first
//!    (new cell, then the old one overwritten) so that a moving connection is
//!    matched once or twice (to the CPU), never zero times.
//! 3. **Fall back.** If that fails everything is rolled back and the caller puts
//!    the connection in the exact-match table (or keeps it on the CPU).
//!
//! A later placement can alias an existing connection from one of its *other*
//! candidate cells (the agent does not index those). Its packets then reach the
//! CPU marked ambiguous and [`Shadow::settle`] re-places it: settlement is lazy.

use std::collections::VecDeque;

use crate::layout::{Cands, Layout, WAYS};

/// One write into a hashed table (fingerprint 0 clears the cell).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellWrite {
    /// Way.
    pub way: u8,
    /// Cell index in the way.
    pub idx: u32,
    /// New fingerprint (the activity bit is cleared by a write).
    pub fp: u16,
    /// The cell's connection-state bits after the write (2-bit layouts).
    pub state: CellState,
}

/// What a cell write does to the cell's connection-state bits (2-bit layouts;
/// ignored otherwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellState {
    /// Clear them (an emptied cell, a newly placed ESTABLISHED connection).
    Zero,
    /// Set them (the agent re-places a connection whose bits it knows).
    Set(u8),
    /// Copy them, when the write takes effect, from this cell of the same
    /// connection (a copy-first move: the old cell is cleared after).
    Copy {
        /// Way of the old cell.
        way: u8,
        /// Index of the old cell.
        idx: u32,
    },
}

/// What a lookup of a fingerprint finds in the hashed tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Match {
    /// No way matches.
    None,
    /// Exactly this way matches.
    One(u8),
    /// Several ways match: the switch sends the packet to the CPU.
    Many,
}

/// Settlement counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct SettleStats {
    /// Placed in phase 1 (a free, unaliased cell).
    pub direct: u64,
    /// Placed after phase-2 relocations.
    pub relocated: u64,
    /// Connections moved by relocations.
    pub moves: u64,
    /// Gave up (phase 3).
    pub failed: u64,
}

const EMPTY: u32 = u32::MAX;
const NOWHERE: u8 = u8::MAX;

#[derive(Debug, Clone, Copy)]
struct Entry {
    cands: Cands,
    way: u8,
}

/// The agent's image of the hashed tables: fingerprints and who owns each cell.
#[derive(Debug, Clone)]
pub struct Shadow {
    layout: Layout,
    fps: Vec<Vec<u16>>,
    owner: Vec<Vec<u32>>,
    entries: Vec<Entry>,
    undo: Vec<(u8, u32, u16, u32)>,
    /// Cells a cuckoo search may visit (default 4096: at 16 MiB this holds the
    /// collision rate near 10^-5 up to 97 % load, where 512 gives 3·10^-4;
    /// docs/COFILTER.md §7).
    pub search_limit: usize,
    /// Counters.
    pub stats: SettleStats,
}

impl Shadow {
    /// Empty tables of `layout`.
    pub fn new(layout: Layout) -> Shadow {
        let fps = (0..WAYS)
            .map(|w| vec![0; layout.way_cells(w) as usize])
            .collect();
        let owner = (0..WAYS)
            .map(|w| vec![EMPTY; layout.way_cells(w) as usize])
            .collect();
        Shadow {
            layout,
            fps,
            owner,
            entries: Vec::new(),
            undo: Vec::new(),
            search_limit: 4096,
            stats: SettleStats::default(),
        }
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The fingerprint in way `w`'s cell `idx` (0: empty, or no such cell).
    pub fn fp(&self, w: usize, idx: u32) -> u16 {
        self.fps
            .get(w)
            .and_then(|v| v.get(idx as usize))
            .copied()
            .unwrap_or(0)
    }

    /// Which ways hold fingerprint `c.fp` at the candidate cells.
    pub fn lookup(&self, c: &Cands) -> Match {
        let mut m = Match::None;
        for w in 0..WAYS {
            if self.fps[w][c.idx[w] as usize] == c.fp {
                m = match m {
                    Match::None => Match::One(w as u8),
                    _ => Match::Many,
                };
            }
        }
        m
    }

    /// The way connection `id` is placed in, if any.
    pub fn way_of(&self, id: u32) -> Option<u8> {
        self.entries
            .get(id as usize)
            .map(|e| e.way)
            .filter(|&w| w != NOWHERE)
    }

    /// Is placed connection `id` matched by other ways too (its packets go to the
    /// CPU)?
    pub fn is_ambiguous(&self, id: u32) -> bool {
        self.entries
            .get(id as usize)
            .is_some_and(|e| e.way != NOWHERE && self.lookup(&e.cands) == Match::Many)
    }

    /// Places connection `id` (ids are small integers chosen by the caller). Returns
    /// the cell writes to send to the switch, in order, or `None` after rolling
    /// back (phase 3: the caller falls back).
    pub fn insert(&mut self, id: u32, cands: Cands) -> Option<Vec<CellWrite>> {
        if self.entries.len() <= id as usize {
            self.entries.resize(
                id as usize + 1,
                Entry {
                    cands,
                    way: NOWHERE,
                },
            );
        }
        self.entries[id as usize] = Entry {
            cands,
            way: NOWHERE,
        };
        self.undo.clear();
        let mut writes = Vec::new();
        let mut moved: Vec<u32> = Vec::new();
        // Phase 1: ways whose candidate cell already holds this fingerprint.
        let aliases: Vec<usize> = (0..WAYS)
            .filter(|&w| self.fps[w][cands.idx[w] as usize] == cands.fp)
            .collect();
        // Phase 2a: move aliasing occupants away.
        for w in aliases {
            let m = self.owner[w][cands.idx[w] as usize];
            if m == EMPTY {
                return self.fail(id);
            }
            if !self.move_elsewhere(m, &mut writes) {
                // No free cell of its own: a cuckoo path frees one.
                let e = self.entries[m as usize];
                let roots: Vec<usize> = (0..WAYS)
                    .filter(|&v| v != e.way as usize && self.clean_at(m, v))
                    .collect();
                let Some((v, _)) = self.cuckoo(&e.cands, &roots, &mut writes, &mut moved) else {
                    return self.fail(id);
                };
                if !self.clean_at(m, v) || self.owner[v][e.cands.idx[v] as usize] != EMPTY {
                    return self.fail(id);
                }
                self.relocate(m, v, &mut writes);
            }
            moved.push(m);
        }
        // A free way where `id` and everything moved end up matched once.
        for w in 0..WAYS {
            if self.fps[w][cands.idx[w] as usize] == 0 {
                let mark = self.undo.len();
                self.set(w, cands.idx[w], cands.fp, id);
                self.entries[id as usize].way = w as u8;
                if self.all_clean(id, &moved) {
                    return Some(self.placed(w, cands, writes, moved.len() as u64));
                }
                self.rewind(mark);
                self.entries[id as usize].way = NOWHERE;
            }
        }
        // Phase 2b: a cuckoo path to an empty cell.
        let all: Vec<usize> = (0..WAYS).collect();
        let Some((w, _)) = self.cuckoo(&cands, &all, &mut writes, &mut moved) else {
            return self.fail(id);
        };
        self.set(w, cands.idx[w], cands.fp, id);
        self.entries[id as usize].way = w as u8;
        if !self.all_clean(id, &moved) {
            return self.fail(id);
        }
        Some(self.placed(w, cands, writes, moved.len() as u64))
    }

    fn placed(
        &mut self,
        w: usize,
        c: Cands,
        mut writes: Vec<CellWrite>,
        moves: u64,
    ) -> Vec<CellWrite> {
        writes.push(CellWrite {
            way: w as u8,
            idx: c.idx[w],
            fp: c.fp,
            state: CellState::Zero,
        });
        if moves == 0 {
            self.stats.direct += 1;
        } else {
            self.stats.relocated += 1;
            self.stats.moves += moves;
        }
        writes
    }

    fn all_clean(&self, id: u32, moved: &[u32]) -> bool {
        std::iter::once(&id)
            .chain(moved)
            .all(|&m| matches!(self.lookup(&self.entries[m as usize].cands), Match::One(_)))
    }

    /// Removes connection `id`; returns the write that clears its cell.
    pub fn remove(&mut self, id: u32) -> Option<CellWrite> {
        let e = self.entries.get_mut(id as usize)?;
        if e.way == NOWHERE {
            return None;
        }
        let (w, i) = (e.way as usize, e.cands.idx[e.way as usize]);
        e.way = NOWHERE;
        self.fps[w][i as usize] = 0;
        self.owner[w][i as usize] = EMPTY;
        Some(CellWrite {
            way: w as u8,
            idx: i,
            fp: 0,
            state: CellState::Zero,
        })
    }

    /// Re-places an ambiguous placed connection (lazy phases 1–3 for aliases
    /// created after it was placed): `Ok(writes)`, or `Err(clear)` when it could
    /// not be re-placed and has left the hashed tables (`clear` empties its old
    /// cell; the caller falls back). `None` if `id` is not placed.
    pub fn settle(&mut self, id: u32) -> Option<Result<Vec<CellWrite>, CellWrite>> {
        let cands = self.entries.get(id as usize)?.cands;
        let clear = self.remove(id)?;
        let Some(mut w) = self.insert(id, cands) else {
            return Some(Err(clear));
        };
        // The new cell is written first, then the old one cleared unless reused.
        if !w.iter().any(|x| x.way == clear.way && x.idx == clear.idx) {
            w.push(clear);
        }
        Some(Ok(w))
    }

    fn rewind(&mut self, mark: usize) {
        while self.undo.len() > mark {
            let Some((w, i, fp, o)) = self.undo.pop() else {
                break;
            };
            self.fps[w as usize][i as usize] = fp;
            self.owner[w as usize][i as usize] = o;
            if o != EMPTY {
                self.entries[o as usize].way = w;
            }
        }
    }

    fn fail(&mut self, id: u32) -> Option<Vec<CellWrite>> {
        self.rewind(0);
        self.entries[id as usize].way = NOWHERE;
        self.stats.failed += 1;
        None
    }

    fn set(&mut self, w: usize, i: u32, fp: u16, owner: u32) {
        let (ofp, oo) = (self.fps[w][i as usize], self.owner[w][i as usize]);
        self.undo.push((w as u8, i, ofp, oo));
        self.fps[w][i as usize] = fp;
        self.owner[w][i as usize] = owner;
    }

    /// Would connection `m`, if it lived in way `to` (and nowhere else), be matched
    /// only there?
    fn clean_at(&self, m: u32, to: usize) -> bool {
        let e = self.entries[m as usize];
        (0..WAYS).all(|v| {
            v == to || v == e.way as usize || self.fps[v][e.cands.idx[v] as usize] != e.cands.fp
        })
    }

    /// Moves placed connection `m` to an empty, clean cell of another way.
    fn move_elsewhere(&mut self, m: u32, writes: &mut Vec<CellWrite>) -> bool {
        let e = self.entries[m as usize];
        let Some(to) = (0..WAYS).find(|&v| {
            v != e.way as usize && self.fps[v][e.cands.idx[v] as usize] == 0 && self.clean_at(m, v)
        }) else {
            return false;
        };
        self.relocate(m, to, writes);
        true
    }

    /// Copy-first move of `m` into way `to`, clearing its old cell only if nobody
    /// has taken it meanwhile.
    fn relocate(&mut self, m: u32, to: usize, writes: &mut Vec<CellWrite>) {
        let e = self.entries[m as usize];
        let (from, fi) = (e.way as usize, e.cands.idx[e.way as usize]);
        self.set(to, e.cands.idx[to], e.cands.fp, m);
        writes.push(CellWrite {
            way: to as u8,
            idx: e.cands.idx[to],
            fp: e.cands.fp,
            state: CellState::Copy {
                way: from as u8,
                idx: fi,
            },
        });
        self.entries[m as usize].way = to as u8;
        if self.owner[from][fi as usize] == m {
            self.set(from, fi, 0, EMPTY);
            writes.push(CellWrite {
                way: from as u8,
                idx: fi,
                fp: 0,
                state: CellState::Zero,
            });
        }
    }

    /// Breadth-first search from the candidate cells of `start` in ways `roots`
    /// for a chain of moves ending in an empty cell (at most `search_limit`
    /// cells visited); applies it (last move first) and returns the way whose
    /// cell it freed and the number of moves.
    fn cuckoo(
        &mut self,
        start: &Cands,
        roots: &[usize],
        writes: &mut Vec<CellWrite>,
        moved: &mut Vec<u32>,
    ) -> Option<(usize, u64)> {
        // Node: (way, idx, parent node); each node's cell is occupied.
        let mut nodes: Vec<(usize, u32, usize)> = Vec::new();
        let mut queue = VecDeque::new();
        for &w in roots {
            nodes.push((w, start.idx[w], usize::MAX));
            queue.push_back(nodes.len() - 1);
        }
        while let Some(n) = queue.pop_front() {
            let (w, i, _) = nodes[n];
            let m = self.owner[w][i as usize];
            if m == EMPTY {
                continue;
            }
            let e = self.entries[m as usize];
            for v in (0..WAYS).filter(|&v| v != w) {
                let vi = e.cands.idx[v];
                if self.fps[v][vi as usize] == 0 && self.clean_at(m, v) {
                    // Apply the chain: the occupant of node n goes to (v, vi), then
                    // each parent's occupant into its child's cell.
                    let mut count = 0u64;
                    let mut node = n;
                    let mut target = v;
                    loop {
                        let (nw, ni, parent) = nodes[node];
                        let occ = self.owner[nw][ni as usize];
                        self.relocate(occ, target, writes);
                        moved.push(occ);
                        count += 1;
                        if parent == usize::MAX {
                            return Some((nw, count));
                        }
                        target = nw;
                        node = parent;
                    }
                }
                if nodes.len() < self.search_limit && self.clean_at(m, v) {
                    nodes.push((v, vi, n));
                    queue.push_back(nodes.len() - 1);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn small() -> Layout {
        Layout {
            fp_bits: 11,
            slot_bits: 8,
            rows: [1; WAYS],
            exact_entries: 0,
            state_bits: 0,
        }
    }

    fn random_cands(rng: &mut ChaCha8Rng, l: &Layout) -> Cands {
        let mut idx = [0; WAYS];
        for (w, i) in idx.iter_mut().enumerate() {
            *i = rng.random_range(0..l.way_cells(w));
        }
        Cands {
            idx,
            fp: rng.random_range(1..1u16 << l.fp_bits),
        }
    }

    /// Replays writes on a plain image, as the switch would.
    fn apply(img: &mut [Vec<u16>], writes: &[CellWrite]) {
        for w in writes {
            img[w.way as usize][w.idx as usize] = w.fp;
        }
    }

    #[test]
    fn every_placed_connection_is_matched_by_its_own_way_only() {
        let l = small();
        let mut s = Shadow::new(l);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut img = vec![vec![0u16; 256]; WAYS];
        let mut all = Vec::new();
        // Fill to 90 % of 1024 cells: 4-way cuckoo holds this almost always.
        for id in 0..922u32 {
            let c = random_cands(&mut rng, &l);
            all.push(c);
            if let Some(w) = s.insert(id, c) {
                apply(&mut img, &w);
            }
        }
        assert!(s.stats.failed <= 5, "{:?}", s.stats);
        assert!(s.stats.relocated > 50, "{:?}", s.stats);
        // The writes reproduce the shadow exactly.
        assert_eq!(img, s.fps);
        let mut ambiguous = 0;
        for (id, c) in all.iter().enumerate() {
            // Unplaced ones (phase 3) are the caller's fallback table's.
            if let Some(w) = s.way_of(id as u32) {
                match s.lookup(c) {
                    Match::One(x) => assert_eq!(x, w),
                    Match::Many => ambiguous += 1,
                    Match::None => panic!("{id} placed in {w} but not found"),
                }
            }
        }
        // Lazy settlement repairs later aliases.
        let mut settled = 0;
        for id in 0..all.len() as u32 {
            if s.is_ambiguous(id) {
                match s.settle(id).expect("placed") {
                    Ok(w) => {
                        apply(&mut img, &w);
                        settled += 1;
                    }
                    Err(clear) => {
                        apply(&mut img, &[clear]);
                        assert_eq!(s.way_of(id), None);
                    }
                }
            }
        }
        let left = (0..all.len() as u32).filter(|&i| s.is_ambiguous(i)).count();
        assert!(
            left < ambiguous.max(1),
            "{left} left of {ambiguous}, {settled} settled"
        );
        assert_eq!(img, s.fps);
    }

    #[test]
    fn alias_in_another_way_is_moved_away() {
        let l = small();
        let mut s = Shadow::new(l);
        let a = Cands {
            idx: [1, 2, 3, 4],
            fp: 9,
        };
        // b shares a's fingerprint and way-0 cell: a must leave way 0.
        let b = Cands {
            idx: [1, 20, 30, 40],
            fp: 9,
        };
        assert!(s.insert(0, a).is_some());
        assert_eq!(s.way_of(0), Some(0));
        let w = s.insert(1, b).expect("placed");
        assert_ne!(s.way_of(0), Some(0));
        assert_eq!(s.lookup(&a), Match::One(s.way_of(0).expect("a placed")));
        assert_eq!(s.lookup(&b), Match::One(s.way_of(1).expect("b placed")));
        // a was copied before its old cell was given up.
        assert!(w.len() >= 2);
    }

    #[test]
    fn identical_fingerprints_and_cells_fall_back() {
        let mut s = Shadow::new(small());
        let a = Cands {
            idx: [5, 6, 7, 8],
            fp: 3,
        };
        assert!(s.insert(0, a).is_some());
        let before = s.fps.clone();
        // A second connection hashing identically can never be told apart.
        assert!(s.insert(1, a).is_none());
        assert_eq!(s.fps, before, "rolled back");
        assert_eq!(s.stats.failed, 1);
        assert_eq!(s.lookup(&a), Match::One(0));
    }
}
