//! Table entries as the maps hold them: checked against the program (the
//! same errors as the switch model gives) and encoded; the scanned tables'
//! entries kept in rank order, as the model keeps them.

use pipe::program::MatchKind;
use pipe::resolved::{RTable, Resolved};
use pipe::{ControlError, KeyMatch, TableEntry};

use crate::layout::{entry, scan};

fn mask_of(width: u8) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// An entry checked against its table: the action's index and arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Checked {
    pub action: u16,
    pub args: Vec<u64>,
}

/// Checks the action and arguments of `e` for table `t`.
pub(crate) fn check_action(
    r: &Resolved,
    t: &RTable,
    e: &TableEntry,
) -> Result<Checked, ControlError> {
    let action = t
        .actions
        .iter()
        .copied()
        .find(|&a| r.actions[usize::from(a)].name == e.action)
        .ok_or_else(|| ControlError::UnknownAction {
            table: t.name.clone(),
            action: e.action.clone(),
        })?;
    let widths = &r.actions[usize::from(action)].param_widths;
    if widths.len() != e.args.len() {
        return Err(ControlError::BadEntry {
            table: t.name.clone(),
            message: format!(
                "action `{}` takes {} arguments, {} given",
                e.action,
                widths.len(),
                e.args.len()
            ),
        });
    }
    if let Some(i) = e
        .args
        .iter()
        .zip(widths)
        .position(|(v, w)| v & !mask_of(*w) != 0)
    {
        return Err(ControlError::BadEntry {
            table: t.name.clone(),
            message: format!(
                "argument {} of `{}` does not fit in {} bits",
                i + 1,
                e.action,
                widths[i]
            ),
        });
    }
    Ok(Checked {
        action,
        args: e.args.clone(),
    })
}

/// The hash-map key of an exact-match entry: one little-endian `u64` per key field.
pub(crate) fn exact_key(t: &RTable, key: &[KeyMatch]) -> Result<Vec<u8>, ControlError> {
    if key.len() != t.key.len() {
        return Err(ControlError::BadEntry {
            table: t.name.clone(),
            message: format!("key has {} fields, table has {}", key.len(), t.key.len()),
        });
    }
    let mut out = Vec::with_capacity(8 * key.len());
    for (i, (part, m)) in t.key.iter().zip(key).enumerate() {
        let KeyMatch::Exact(v) = *m else {
            return Err(ControlError::BadEntry {
                table: t.name.clone(),
                message: format!("key field {} is Exact; {m:?} does not fit it", i + 1),
            });
        };
        if v & !mask_of(part.width) != 0 {
            return Err(ControlError::BadEntry {
                table: t.name.clone(),
                message: format!(
                    "key field {} value does not fit in {} bits",
                    i + 1,
                    part.width
                ),
            });
        }
        out.extend_from_slice(&v.to_ne_bytes());
    }
    Ok(out)
}

/// The hash-map value of an entry: action, flags, last hit, arguments.
pub(crate) fn exact_value(action: u32, args: &[u64], slots: usize, last_hit: u64) -> Vec<u8> {
    let mut v = vec![0u8; entry::size(slots)];
    v[entry::ACTION..entry::ACTION + 4].copy_from_slice(&action.to_ne_bytes());
    v[entry::LAST_HIT..entry::LAST_HIT + 8].copy_from_slice(&last_hit.to_ne_bytes());
    for (i, a) in args.iter().take(slots).enumerate() {
        let o = entry::ARGS + 8 * i;
        v[o..o + 8].copy_from_slice(&a.to_ne_bytes());
    }
    v
}

/// Bits of table `t`'s key, all fields together.
pub(crate) fn key_bits(t: &RTable) -> u32 {
    t.key.iter().map(|k| u32::from(k.width)).sum()
}

/// Where a table's key fields sit when the key is packed into one `u64`:
/// field `i` at bit `shifts[i]`, the first field highest. `None` when their
/// widths add up to more than 64 bits; a scanned table's slot then keeps a
/// (value, mask) pair per field.
pub(crate) fn packing(t: &RTable) -> Option<Vec<u32>> {
    let total = key_bits(t);
    if total > 64 {
        return None;
    }
    let mut at = total;
    Some(
        t.key
            .iter()
            .map(|k| {
                at -= u32::from(k.width);
                at
            })
            .collect(),
    )
}

/// (value, mask) pairs a slot of scanned table `t` holds: one when its key
/// packs ([`packing`]), else one per key field.
pub(crate) fn scan_fields(t: &RTable) -> usize {
    if packing(t).is_some() { 1 } else { t.key.len() }
}

/// The slot of a direct table (`TableMaps::Direct`) that the key whose
/// bytes are `key` ([`exact_key`]) names: its fields packed as
/// [`packing`] lays them out.
pub(crate) fn direct_index(t: &RTable, key: &[u8]) -> usize {
    let shifts = packing(t).unwrap_or_default();
    key.chunks(8).zip(shifts).fold(0u64, |a, (b, s)| {
        let mut w = [0u8; 8];
        w[..b.len()].copy_from_slice(b);
        a | (u64::from_ne_bytes(w) << s)
    }) as usize
}

/// One entry of a scanned table: per key field (value & mask, mask).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ScanEntry {
    pub value: Vec<u64>,
    pub mask: Vec<u64>,
    pub rank: u32,
    pub action: u16,
    pub args: Vec<u64>,
}

/// A scanned table's entries, best rank first, ties in insertion order
/// (`pipe`'s TCAM order), and which bank the program reads.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scanned {
    pub entries: Vec<ScanEntry>,
    pub bank: u32,
}

/// Value, mask and rank of a ternary/LPM key (as `pipe::exec::table::pack_entry`).
pub(crate) fn scan_key(
    t: &RTable,
    key: &[KeyMatch],
    priority: u32,
) -> Result<(Vec<u64>, Vec<u64>, u32), ControlError> {
    if key.len() != t.key.len() {
        return Err(ControlError::BadEntry {
            table: t.name.clone(),
            message: format!("key has {} fields, table has {}", key.len(), t.key.len()),
        });
    }
    let (mut values, mut masks, mut prefix) = (Vec::new(), Vec::new(), 0u32);
    for (i, (p, m)) in t.key.iter().zip(key).enumerate() {
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
                    full & !mask_of(p.width - prefix_len)
                };
                (value, mk)
            }
            (m, kind) => {
                return Err(ControlError::BadEntry {
                    table: t.name.clone(),
                    message: format!("key field {} is {kind:?}; {m:?} does not fit it", i + 1),
                });
            }
        };
        if v & !full != 0 || mk & !full != 0 {
            return Err(ControlError::BadEntry {
                table: t.name.clone(),
                message: format!("key field {} value does not fit in {} bits", i + 1, p.width),
            });
        }
        values.push(v & mk);
        masks.push(mk);
    }
    let ternary = t.key.iter().any(|k| k.kind == MatchKind::Ternary);
    Ok((values, masks, if ternary { priority } else { prefix }))
}

impl Scanned {
    /// Where an entry with this key is.
    pub fn find(&self, value: &[u64], mask: &[u64], rank: u32) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| e.value == value && e.mask == mask && e.rank == rank)
    }

    /// Adds an entry after every entry of its rank or better.
    pub fn insert(&mut self, e: ScanEntry) {
        let pos = self.entries.partition_point(|x| x.rank >= e.rank);
        self.entries.insert(pos, e);
    }

    /// A bank of table `t` (entries of `args` argument slots): its declared
    /// size of slots, unused ones zero, the key packed into one (value, mask)
    /// pair where it packs ([`packing`]).
    pub fn encode(&self, t: &RTable, args: usize) -> Vec<u8> {
        let packing = packing(t);
        let slot = scan::size(args, scan_fields(t));
        let mut out = vec![0u8; slot * t.size.max(1) as usize];
        for (i, e) in self.entries.iter().enumerate() {
            let b = &mut out[i * slot..(i + 1) * slot];
            b[scan::USED..scan::USED + 4].copy_from_slice(&1u32.to_ne_bytes());
            b[scan::ACTION..scan::ACTION + 4].copy_from_slice(&u32::from(e.action).to_ne_bytes());
            for (j, a) in e.args.iter().take(args).enumerate() {
                let o = scan::ARGS + 8 * j;
                b[o..o + 8].copy_from_slice(&a.to_ne_bytes());
            }
            let pairs: Vec<(u64, u64)> = match &packing {
                Some(shifts) => {
                    let pack = |xs: &[u64]| xs.iter().zip(shifts).fold(0, |a, (x, s)| a | (x << s));
                    vec![(pack(&e.value), pack(&e.mask))]
                }
                None => e
                    .value
                    .iter()
                    .copied()
                    .zip(e.mask.iter().copied())
                    .collect(),
            };
            for (j, (v, m)) in pairs.into_iter().enumerate() {
                let o = scan::key(args, j);
                b[o..o + 8].copy_from_slice(&v.to_ne_bytes());
                b[o + 8..o + 16].copy_from_slice(&m.to_ne_bytes());
            }
        }
        out
    }
}
