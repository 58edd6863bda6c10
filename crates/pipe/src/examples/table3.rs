//! Gallium Table 3's workload (SIGCOMM'20 §6.4): one server-side atomic update
//! of one entry in each of 1, 2 or 4 tables, an insert, a modify or a delete.
//! The benches of every switch Tandem drives (`p4rt`'s over P4Runtime, `xdp`'s
//! on the XDP target and in-process on the model) run this program and these
//! updates, so their figures compare.
//!
//! Four exact tables `t0`..`t3` on the TCP 5-tuple, each with a write-back
//! table, all applied to every TCP packet; every packet then leaves on port 1.
//! Table `tN` hits with action `markN`, which writes its argument into a field
//! of its own (`ipv4.id`, `tcp.window`, `tcp.urgent`, `tcp.ack`, none of them a
//! key), so one probe packet ([`table3_packet`]) shows which tables' entries it
//! saw ([`table3_marks`]).

use std::time::Duration;

use crate::builder::*;
use crate::exec::{KeyMatch, TableEntry};
use crate::program::Program;
use crate::{Output, Update, Verdict};

/// Tables in [`table3`].
pub const TABLE3_TABLES: usize = 4;

/// The field each table's action writes, its width, and where its bytes are
/// in [`table3_packet`] (offset, length).
const MARKS: [(&str, u8, usize, usize); TABLE3_TABLES] = [
    ("ipv4.id", 16, 18, 2),
    ("tcp.window", 16, 48, 2),
    ("tcp.urgent", 16, 52, 2),
    ("tcp.ack", 32, 42, 4),
];

/// The marks [`table3_packet`] carries when no table hits.
const UNMARKED: [u64; TABLE3_TABLES] = [0x0001, 0xffff, 0, 0];

/// The kind of change in one Table 3 row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Table3Op {
    /// A new entry (mark 1) in each table.
    Insert,
    /// The entry's argument changes to 2.
    Modify,
    /// The entry goes: the default action, no mark.
    Delete,
}

impl Table3Op {
    /// Table 3's rows, in its order.
    pub const ALL: [Table3Op; 3] = [Table3Op::Insert, Table3Op::Modify, Table3Op::Delete];

    /// The row's name: `insert`, `modify`, `delete`.
    pub fn name(self) -> &'static str {
        match self {
            Table3Op::Insert => "insert",
            Table3Op::Modify => "modify",
            Table3Op::Delete => "delete",
        }
    }

    /// What the update needs first (untimed): the entries a modify or delete
    /// changes; `None` for an insert.
    pub fn setup(self) -> Option<Table3Op> {
        (self != Table3Op::Insert).then_some(Table3Op::Insert)
    }

    /// What undoes the update (untimed), so the tables end as they began.
    pub fn undo(self) -> Option<Table3Op> {
        (self != Table3Op::Delete).then_some(Table3Op::Delete)
    }

    /// The marks [`table3_packet`] must carry once this update of `tables`
    /// tables is visible.
    pub fn marks(self, tables: usize) -> [u64; TABLE3_TABLES] {
        let mut m = UNMARKED;
        let v = match self {
            Table3Op::Insert => 1,
            Table3Op::Modify => 2,
            Table3Op::Delete => return m,
        };
        for x in m.iter_mut().take(tables) {
            *x = v;
        }
        m
    }
}

/// Gallium Table 3's paper figures on Tofino: (tables, op, mean µs, std µs).
pub const TABLE3_PAPER: [(usize, Table3Op, f64, f64); 9] = [
    (1, Table3Op::Insert, 135.2, 22.0),
    (1, Table3Op::Modify, 128.6, 23.6),
    (1, Table3Op::Delete, 131.3, 18.8),
    (2, Table3Op::Insert, 270.1, 33.0),
    (2, Table3Op::Modify, 258.3, 34.9),
    (2, Table3Op::Delete, 262.7, 29.8),
    (4, Table3Op::Insert, 371.0, 39.2),
    (4, Table3Op::Modify, 363.0, 37.3),
    (4, Table3Op::Delete, 366.1, 37.7),
];

/// The Table 3 program (see the module docs).
pub fn table3() -> Program {
    let mut b = ProgramBuilder::new("table3");
    super::ethernet_ipv4_l4(&mut b);
    for (t, (field, width, _, _)) in MARKS.iter().enumerate() {
        b.action(
            action(&format!("mark{t}"))
                .param("v", *width)
                .assign(field, p("v")),
        );
    }
    b.action(action("pass"));
    b.action(action("send").forward(c(1)));
    for t in 0..TABLE3_TABLES {
        b.table(
            table(&format!("t{t}"))
                .exact("ipv4.src")
                .exact("ipv4.dst")
                .exact("ipv4.protocol")
                .exact("tcp.src_port")
                .exact("tcp.dst_port")
                .action(&format!("mark{t}"))
                .default_action("pass", &[])
                .size(1024)
                .write_back(64),
        );
    }
    b.ingress(vec![
        if_(
            valid("tcp"),
            (0..TABLE3_TABLES)
                .map(|t| apply(&format!("t{t}")))
                .collect(),
            vec![],
        ),
        run("send", &[]),
    ]);
    // The builder's checks hold for this fixed program; `build` failing
    // here would be a bug in the builder.
    b.build()
        .unwrap_or_else(|e| panic!("the Table 3 program: {e}"))
}

/// The key every update changes, in each table: 198.18.0.1:1000 →
/// 198.19.0.1:80 over TCP.
fn key() -> Vec<KeyMatch> {
    [0xc612_0001, 0xc613_0001, 6, 1000, 80]
        .map(KeyMatch::Exact)
        .to_vec()
}

/// The update of Table 3's row (`op`, `tables`): one entry in each of
/// `t0`..`t{tables-1}`.
pub fn table3_update(op: Table3Op, tables: usize) -> Vec<Update> {
    (0..tables.min(TABLE3_TABLES))
        .map(|t| {
            let table = format!("t{t}");
            let entry = |v| TableEntry {
                key: key(),
                action: format!("mark{t}"),
                args: vec![v],
                priority: 0,
            };
            match op {
                Table3Op::Insert => Update::Insert {
                    table,
                    entry: entry(1),
                },
                Table3Op::Modify => Update::Modify {
                    table,
                    entry: entry(2),
                },
                Table3Op::Delete => Update::Delete {
                    table,
                    key: key(),
                    priority: 0,
                },
            }
        })
        .collect()
}

/// The probe: an Ethernet + IPv4 + TCP frame of the updated flow, unmarked.
pub fn table3_packet() -> Vec<u8> {
    let mut v = vec![0x02, 0, 0, 0, 0, 0x0b, 0x02, 0, 0, 0, 0, 0x0a, 0x08, 0x00];
    v.extend_from_slice(&[0x45, 0, 0, 40, 0, 1, 0x40, 0, 64, 6, 0, 0]);
    v.extend_from_slice(&[198, 18, 0, 1, 198, 19, 0, 1]);
    v.extend_from_slice(&1000u16.to_be_bytes());
    v.extend_from_slice(&80u16.to_be_bytes());
    v.extend_from_slice(&[0, 0, 0, 1, 0, 0, 0, 0, 0x50, 0x10, 0xff, 0xff, 0, 0, 0, 0]);
    v.extend_from_slice(&[0u8; 6]);
    v
}

/// The marks of a probe that left the switch (`frame`: its bytes), or `None`
/// if it is too short to carry them.
pub fn table3_marks(frame: &[u8]) -> Option<[u64; TABLE3_TABLES]> {
    let mut m = [0u64; TABLE3_TABLES];
    for (x, (_, _, at, len)) in m.iter_mut().zip(MARKS) {
        let bytes = frame.get(at..at + len)?;
        *x = bytes.iter().fold(0, |a, b| a << 8 | u64::from(*b));
    }
    Some(m)
}

/// Whether a probe's outcome shows row (`op`, `tables`) applied: it left on
/// port 1 carrying the marks of [`Table3Op::marks`].
pub fn table3_visible(out: &Output, op: Table3Op, tables: usize) -> bool {
    out.verdict == Verdict::Emit { port: 1 } && table3_marks(&out.bytes) == Some(op.marks(tables))
}

/// Mean, standard deviation (sample, n − 1) and median of `samples`, in µs.
pub fn mean_std_us(samples: &[Duration]) -> (f64, f64, f64) {
    if samples.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    let n = samples.len() as f64;
    let mut us: Vec<f64> = samples.iter().map(|d| d.as_secs_f64() * 1e6).collect();
    let mean = us.iter().sum::<f64>() / n;
    let var = us.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    us.sort_by(f64::total_cmp);
    (mean, var.sqrt(), us[us.len() / 2])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Switch;

    #[test]
    fn every_row_is_visible_to_the_probe_once_applied() {
        let mut sw = Switch::new(table3()).expect("valid");
        let probe = table3_packet();
        let out = sw.process(Duration::ZERO, 0, &probe).expect("port");
        assert!(table3_visible(&out, Table3Op::Delete, TABLE3_TABLES));
        let mut now = Duration::ZERO;
        for tables in [1, 2, 4] {
            for op in Table3Op::ALL {
                for step in [op.setup(), Some(op), op.undo()].into_iter().flatten() {
                    let t = sw
                        .atomic_update(now, &table3_update(step, tables))
                        .expect("taken");
                    if step == op {
                        let out = sw.process(t.visible_at, 0, &probe).expect("port");
                        assert!(table3_visible(&out, op, tables), "{tables} tables, {op:?}");
                    }
                    now = t.done_at;
                }
            }
        }
    }
}
