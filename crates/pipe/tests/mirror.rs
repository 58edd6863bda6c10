//! The mirror log of control-plane changes (`Switch::set_mirror_log`,
//! `take_applied`): what a second target (BMv2 in `tandem run --switch bmv2`)
//! replays to hold the model's control-plane state at every instant.

use std::time::Duration;

use pipe::builder::*;
use pipe::{Applied, ControlOp, KeyMatch, Program, Switch, TableEntry, Update};

const US: Duration = Duration::from_micros(1);

fn program() -> Program {
    let mut b = ProgramBuilder::new("mirror");
    b.header("h", &[("a", 8), ("o", 8)]);
    b.state(state("start").extract("h").accept());
    b.action(action("set").param("v", 8).assign("h.o", p("v")));
    b.action(action("none").assign("h.o", c(0)));
    b.action(action("send").forward(c(1)));
    b.register("r", 16, 4);
    b.table(
        table("t")
            .exact("h.a")
            .action("set")
            .default_action("none", &[])
            .write_back(4),
    );
    b.ingress(vec![apply("t"), run("send", &[])]);
    b.build().expect("valid test program")
}

fn ins(table: &str, k: u64, v: u64) -> Applied {
    Applied::Insert {
        table: table.into(),
        entry: TableEntry::exact(&[k], "set", &[v]),
    }
}

fn visible(v: u64) -> Applied {
    Applied::Register {
        register: "tandem_wb_visible".into(),
        index: 0,
        value: v,
    }
}

#[test]
fn an_atomic_update_is_logged_step_by_step_as_each_takes_effect() {
    let mut sw = Switch::new(program()).unwrap();
    sw.insert("t", TableEntry::exact(&[1], "set", &[10]))
        .unwrap();
    // Off by default: nothing logged.
    assert_eq!(sw.take_applied(), Ok(vec![]));
    sw.set_mirror_log(true);
    let t = sw
        .atomic_update(
            Duration::ZERO,
            &[
                Update::Insert {
                    table: "t".into(),
                    entry: TableEntry::exact(&[2], "set", &[20]),
                },
                Update::Modify {
                    table: "t".into(),
                    entry: TableEntry::exact(&[1], "set", &[11]),
                },
            ],
        )
        .unwrap();
    // Nothing has taken effect before the first operation's latency.
    sw.advance(129 * US);
    assert_eq!(sw.take_applied(), Ok(vec![]));
    // Up to the commit point: the write-back puts, then the visibility bit.
    sw.advance(t.visible_at);
    assert_eq!(
        sw.take_applied(),
        Ok(vec![ins("t_wb", 2, 20), ins("t_wb", 1, 11), visible(1)])
    );
    sw.advance(t.done_at);
    let modified = Applied::Modify {
        table: "t".into(),
        entry: TableEntry::exact(&[1], "set", &[11]),
    };
    let wb_del = |k: u64, v: u64| Applied::Delete {
        table: "t_wb".into(),
        entry: TableEntry::exact(&[k], "set", &[v]),
    };
    assert_eq!(
        sw.take_applied(),
        Ok(vec![
            ins("t", 2, 20),
            modified,
            visible(0),
            wb_del(2, 20),
            wb_del(1, 11),
        ])
    );
    // A deletion goes through the write-back table as a marker entry.
    let d = sw
        .atomic_update(
            t.done_at,
            &[Update::Delete {
                table: "t".into(),
                key: vec![KeyMatch::Exact(2)],
                priority: 0,
            }],
        )
        .unwrap();
    sw.advance(d.done_at);
    let marker = TableEntry {
        key: vec![KeyMatch::Exact(2)],
        action: "tandem_wb_delete_t".into(),
        args: vec![],
        priority: 0,
    };
    let log = sw.take_applied().unwrap();
    assert_eq!(
        log,
        vec![
            Applied::Insert {
                table: "t_wb".into(),
                entry: marker.clone(),
            },
            visible(1),
            Applied::Delete {
                table: "t".into(),
                entry: TableEntry::exact(&[2], "set", &[20]),
            },
            visible(0),
            Applied::Delete {
                table: "t_wb".into(),
                entry: marker,
            },
        ]
    );
    // Scheduled register writes are logged with their value cut to width.
    sw.submit(
        d.done_at,
        ControlOp::RegisterWrite {
            register: "r".into(),
            index: 3,
            value: 0x1_2345,
        },
    )
    .unwrap();
    sw.advance(d.done_at + 200 * US);
    assert_eq!(
        sw.take_applied(),
        Ok(vec![Applied::Register {
            register: "r".into(),
            index: 3,
            value: 0x2345,
        }])
    );
}

#[test]
fn a_refused_insert_is_not_logged() {
    let mut sw = Switch::new(program()).unwrap();
    sw.set_mirror_log(true);
    sw.insert("t", TableEntry::exact(&[1], "set", &[1]))
        .unwrap();
    assert!(
        sw.insert("t", TableEntry::exact(&[1], "set", &[2]))
            .is_err()
    );
    assert_eq!(sw.take_applied(), Ok(vec![ins("t", 1, 1)]));
}
