//! Control-plane entries of the program's fixed tables: row selectors, nibble
//! lanes (split cells) and the decision table.

use pipe::{KeyMatch, TableEntry};

use super::Placement;
use crate::layout::{SELECTOR_BITS, Storage, WAYS};

/// Entries of the four selector tables: way `w`'s selector value `s` → piece and
/// the base index of its row in that piece; for split cells also the nibble
/// piece and the base of the row's words in it, and the row's first index in
/// the way (the activity array's base).
pub fn selector_entries(p: &Placement) -> Vec<(String, TableEntry)> {
    let mut out = Vec::new();
    for w in 0..WAYS {
        for sel in 0..1u32 << SELECTOR_BITS {
            let row = p.layout.row_of(w, sel);
            let first = row << p.layout.slot_bits;
            let (piece, base) = p.locate(w, first);
            let mut args = vec![u64::from(piece), u64::from(base)];
            if p.storage() == Storage::Split {
                let (lpiece, lbase, _) = p.locate_lo(w, first);
                args.extend([u64::from(lpiece), u64::from(lbase), u64::from(first)]);
            }
            out.push((
                format!("select{w}"),
                TableEntry::exact(&[u64::from(sel)], &format!("row{w}"), &args),
            ));
        }
    }
    out
}

/// Entries of the four lane tables of split cells (none for word cells): lane
/// `k` → action `lane{w}_{k}`.
pub fn lane_entries(p: &Placement) -> Vec<(String, TableEntry)> {
    if p.storage() != Storage::Split {
        return Vec::new();
    }
    (0..WAYS)
        .flat_map(|w| {
            (0..4u64).map(move |k| {
                (
                    format!("lanes{w}"),
                    TableEntry::exact(&[k], &format!("lane{w}_{k}"), &[]),
                )
            })
        })
        .collect()
}

/// Entries of the decision table (priority = order). `metered`: a TCP segment
/// matching no entry goes to the CPU through the miss meter (configure it with
/// [`crate::dataplane::MissMeter::config`]); otherwise it is dropped.
pub fn decide_entries(metered: bool) -> Vec<TableEntry> {
    let any = |_: ()| KeyMatch::Ternary { value: 0, mask: 0 };
    let ex = |v| KeyMatch::Ternary { value: v, mask: 3 };
    let bit = |v| KeyMatch::Ternary { value: v, mask: 1 };
    let mut out = Vec::new();
    let mut push = |key: Vec<KeyMatch>, action: &str| {
        let priority = 1000 - out.len() as u32;
        out.push(TableEntry {
            key,
            action: action.to_string(),
            args: vec![],
            priority,
        });
    };
    let masked = |v, m| KeyMatch::Ternary { value: v, mask: m };
    // TCP control packets: FIN, SYN or RST set, or ACK clear.
    for (v, m) in [(0x01, 0x01), (0x02, 0x02), (0x04, 0x04), (0x00, 0x10)] {
        let mut k = vec![masked(v, m)];
        k.extend((0..6).map(|_| any(())));
        push(k, "to_cpu");
    }
    push(
        vec![any(()), ex(2), any(()), any(()), any(()), any(()), any(())],
        "forward",
    );
    push(
        vec![any(()), ex(1), any(()), any(()), any(()), any(()), any(())],
        "to_cpu",
    );
    for hits in 0u64..16 {
        let n = hits.count_ones();
        let bits: Vec<KeyMatch> = (0..4).map(|i| bit((hits >> i) & 1)).collect();
        match n {
            // A miss goes to the CPU: UDP may open a connection, TCP may belong
            // to one without an entry (half-open, TIME_WAIT), through the meter.
            0 => {
                for (udp, action) in [
                    (1, "to_cpu"),
                    (0, if metered { "miss_metered" } else { "drop" }),
                ] {
                    let mut k = vec![any(()), ex(0)];
                    k.extend(bits.clone());
                    k.push(bit(udp));
                    push(k, action);
                }
            }
            1 => {
                let mut k = vec![any(()), ex(0)];
                k.extend(bits);
                k.push(any(()));
                push(k, "forward");
            }
            _ => {
                let mut k = vec![any(()), ex(0)];
                k.extend(bits);
                k.push(any(()));
                push(k, "to_cpu");
            }
        }
    }
    out
}
