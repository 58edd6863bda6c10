//! Control-plane entries of the program's fixed tables: row selectors, nibble
//! lanes (split cells) and the decision table.

use pipe::{KeyMatch, TableEntry};

use super::Placement;
use crate::dataplane::ExactAction;
use crate::layout::{SELECTOR_BITS, Storage, WAYS};

/// The exact-match table on the canonical 5-tuple.
pub const EXACT_TABLE: &str = "exact_flows";
/// The decision table.
pub const DECIDE_TABLE: &str = "decide";

/// The key of connection `canonical` in [`EXACT_TABLE`]: lower address,
/// higher address, lower port, higher port, protocol.
pub fn exact_key(canonical: &wire::FlowKey) -> Vec<u64> {
    let b = canonical.to_bytes();
    vec![
        u64::from(u32::from_be_bytes([b[0], b[1], b[2], b[3]])),
        u64::from(u32::from_be_bytes([b[4], b[5], b[6], b[7]])),
        u64::from(u16::from_be_bytes([b[8], b[9]])),
        u64::from(u16::from_be_bytes([b[10], b[11]])),
        u64::from(b[12]),
    ]
}

/// The [`EXACT_TABLE`] entry of connection `canonical` doing `action`.
pub fn exact_entry(canonical: &wire::FlowKey, action: ExactAction) -> TableEntry {
    let name = match action {
        ExactAction::Forward => "exact_forward",
        ExactAction::Cpu => "exact_cpu",
    };
    TableEntry::exact(&exact_key(canonical), name, &[])
}

/// Entries of the four selector tables: way `w`'s selector value `s` → piece and
/// the base index of its row in that piece; for split cells also the nibble
/// piece and the base of the row's words in it, and the row's first index in
/// the way (the activity array's base). Table cells: the row's first index
/// in the way only.
pub fn selector_entries(p: &Placement) -> Vec<(String, TableEntry)> {
    let mut out = Vec::new();
    for w in 0..WAYS {
        for sel in 0..1u32 << SELECTOR_BITS {
            let row = p.layout.row_of(w, sel);
            let first = row << p.layout.slot_bits;
            if p.storage() == Storage::Table {
                // The row's first index in the way: the cell table's key.
                out.push((
                    format!("select{w}"),
                    TableEntry::exact(&[u64::from(sel)], &format!("row{w}"), &[u64::from(first)]),
                ));
                continue;
            }
            let (piece, base) = p.locate(w, first);
            let mut args = vec![u64::from(piece), u64::from(base)];
            if p.storage() == Storage::Split {
                let (lpiece, lbase, _) = p.locate_lo(w, first);
                args.extend([u64::from(lpiece), u64::from(lbase), u64::from(first)]);
            } else if p.layout.state_bits == 2 {
                // The row's first index in the way (the state arrays' base).
                args.push(u64::from(first));
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
/// [`crate::dataplane::MissMeter::config`]), and a SYN (ACK clear) matching no
/// entry through the SYN meter (unconfigured, it lets every packet through);
/// otherwise the former is dropped and the latter goes to the CPU.
/// `state_bits`: the layout's (2: the table also keys on the four ways' old *q*
/// bits, FIN+ACK segments matched in exactly one way are forwarded, and an ACK
/// whose way says LAST_ACK goes to the CPU).
pub fn decide_entries(metered: bool, state_bits: u8) -> Vec<TableEntry> {
    let stateful = state_bits == 2;
    let width = if stateful { 12 } else { 7 };
    let any = KeyMatch::Ternary { value: 0, mask: 0 };
    let masked = |v, m| KeyMatch::Ternary { value: v, mask: m };
    let bit = |v| masked(v, 1);
    // A key: flags, ex, hit0..3, is_udp, [oq0..3, from_cpu]; unnamed fields
    // match anything.
    let key = |flags: KeyMatch,
               ex: Option<u64>,
               hits: Option<u64>,
               udp: Option<u64>,
               oq: Option<usize>| {
        let mut k = vec![any; width];
        k[0] = flags;
        if let Some(e) = ex {
            k[1] = masked(e, 3);
        }
        if let Some(h) = hits {
            for i in 0..4 {
                k[2 + i] = bit((h >> i) & 1);
            }
        }
        if let Some(u) = udp {
            k[6] = bit(u);
        }
        if let Some(w) = oq {
            k[7 + w] = bit(1);
        }
        k
    };
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
    if stateful {
        // A FIN the CPU accepted, back to be counted (the state arrays did):
        // the CPU has sent it already.
        let mut k = vec![any; width];
        k[11] = bit(1);
        push(k, "drop");
    }
    if metered {
        // A SYN (the kernel's SYN class: of FIN, SYN, RST and ACK only SYN
        // set) of a connection the switch knows nothing of goes through the
        // SYN meter: control-plane policing of the CPU path.
        push(
            key(masked(0x02, 0x17), Some(0), Some(0), Some(0), None),
            "syn_metered",
        );
    }
    if stateful {
        // Control packets the switch does not take: SYN or RST set, ACK clear.
        for (v, m) in [(0x02, 0x02), (0x04, 0x04), (0x00, 0x10)] {
            push(key(masked(v, m), None, None, None, None), "to_cpu");
        }
        // FIN+ACK: forwarded when exactly one way matched and no exact entry
        // (the state arrays counted it); otherwise to the CPU.
        for w in 0..4 {
            push(
                key(masked(0x01, 0x01), Some(0), Some(1 << w), None, None),
                "forward",
            );
        }
        push(key(masked(0x01, 0x01), None, None, None, None), "to_cpu");
    } else {
        // TCP control packets: FIN, SYN or RST set, or ACK clear.
        for (v, m) in [(0x01, 0x01), (0x02, 0x02), (0x04, 0x04), (0x00, 0x10)] {
            push(key(masked(v, m), None, None, None, None), "to_cpu");
        }
    }
    push(key(any, Some(2), None, None, None), "forward");
    push(key(any, Some(1), None, None, None), "to_cpu");
    if stateful {
        // An ACK in LAST_ACK (its way's old q) goes to the CPU: TIME_WAIT is
        // the CPU's.
        for w in 0..4 {
            push(key(any, Some(0), None, None, Some(w)), "to_cpu");
        }
    }
    for hits in 0u64..16 {
        match hits.count_ones() {
            // A miss goes to the CPU: UDP may open a connection, TCP may belong
            // to one without an entry (half-open, TIME_WAIT), through the meter.
            0 => {
                for (udp, action) in [
                    (1, "to_cpu"),
                    (0, if metered { "miss_metered" } else { "drop" }),
                ] {
                    push(key(any, Some(0), Some(hits), Some(udp), None), action);
                }
            }
            1 => push(key(any, Some(0), Some(hits), None, None), "forward"),
            _ => push(key(any, Some(0), Some(hits), None, None), "to_cpu"),
        }
    }
    out
}
