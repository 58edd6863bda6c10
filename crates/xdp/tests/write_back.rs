//! The write-back map every table of a program shares: while the write-back
//! entries are visible, each table finds its own entry (keyed by the table's
//! number and its key, zero-padded to the widest key), whatever a wider
//! table looked up before it left in the key buffer; entries of different
//! tables with equal key fields stay apart; a deletion marker reads as a
//! miss; and each table's declared write-back size holds. Needs root.

mod common;

use std::time::Duration;

use pipe::builder::*;
use pipe::{KeyMatch, TableEntry};
use xdp::XdpSwitch;

/// `wide` on (k, j) sets a; then `narrow` on k alone sets b and c, so its
/// entries are longer than wide's and its key shorter.
fn program() -> pipe::Program {
    let mut b = ProgramBuilder::new("shared_wb");
    b.header(
        "h",
        &[("k", 16), ("j", 16), ("a", 32), ("b", 32), ("c", 32)],
    );
    b.state(state("start").extract("h").accept());
    b.action(
        action("set_a")
            .param("v", 32)
            .set("h.a", pipe::Expr::Value(p("v"))),
    );
    b.action(
        action("set_bc")
            .param("v", 32)
            .param("w", 32)
            .set("h.b", pipe::Expr::Value(p("v")))
            .set("h.c", pipe::Expr::Value(p("w"))),
    );
    b.action(action("fwd1").forward(c(1)));
    b.table(
        table("wide")
            .exact("h.k")
            .exact("h.j")
            .action("set_a")
            .default_action("set_a", &[0])
            .size(16)
            .write_back(2),
    );
    b.table(
        table("narrow")
            .exact("h.k")
            .action("set_bc")
            .default_action("set_bc", &[0, 0])
            .size(16)
            .write_back(2),
    );
    b.ingress(vec![apply("wide"), apply("narrow"), run("fwd1", &[])]);
    b.build().unwrap_or_else(|e| panic!("{e}"))
}

/// (a, b, c) of the packet with key (k, j) after the program.
fn send(x: &mut XdpSwitch, k: u16, j: u16) -> (u32, u32, u32) {
    let mut frame = vec![0u8; 40];
    frame[..2].copy_from_slice(&k.to_be_bytes());
    frame[2..4].copy_from_slice(&j.to_be_bytes());
    let out = x
        .process(Duration::ZERO, 0, &frame)
        .unwrap_or_else(|e| panic!("{e}"));
    let word = |o: usize| {
        u32::from_be_bytes([
            out.bytes[o],
            out.bytes[o + 1],
            out.bytes[o + 2],
            out.bytes[o + 3],
        ])
    };
    (word(4), word(8), word(12))
}

fn ok<T>(r: Result<T, xdp::XdpError>) -> T {
    r.unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn each_table_finds_its_own_write_back_entry_in_the_shared_map() {
    if !common::root() {
        return;
    }
    let mut x = ok(XdpSwitch::load(&program()));
    let now = Duration::ZERO;
    ok(x.insert("wide", &TableEntry::exact(&[1, 7], "set_a", &[11]), now));
    ok(x.insert("narrow", &TableEntry::exact(&[1], "set_bc", &[21, 22]), now));
    assert_eq!(send(&mut x, 1, 7), (11, 21, 22), "the main tables");

    // Write-back entries, not yet visible.
    ok(x.write_back(
        "wide",
        &[KeyMatch::Exact(1), KeyMatch::Exact(7)],
        Some(&TableEntry::exact(&[1, 7], "set_a", &[12])),
        now,
    ));
    // The same key fields as narrow's entry below, for the other table.
    ok(x.write_back(
        "wide",
        &[KeyMatch::Exact(1), KeyMatch::Exact(0)],
        Some(&TableEntry::exact(&[1, 0], "set_a", &[99])),
        now,
    ));
    ok(x.write_back(
        "narrow",
        &[KeyMatch::Exact(1)],
        Some(&TableEntry::exact(&[1], "set_bc", &[31, 32])),
        now,
    ));
    assert_eq!(
        send(&mut x, 1, 7),
        (11, 21, 22),
        "write-back entries not visible"
    );

    ok(x.set_visible(true));
    // wide's lookup leaves j = 7 in the key buffer: narrow's key must not see it.
    assert_eq!(
        send(&mut x, 1, 7),
        (12, 31, 32),
        "each table's write-back entry wins"
    );
    // wide (1, 0) and narrow (1) have equal key bytes: the table's number keeps them apart.
    assert_eq!(
        send(&mut x, 1, 0),
        (99, 31, 32),
        "tables with equal key fields stay apart"
    );

    // A deletion marker reads as a miss (the default action), in that table only.
    ok(x.write_back("narrow", &[KeyMatch::Exact(1)], None, now));
    assert_eq!(
        send(&mut x, 1, 7),
        (12, 0, 0),
        "a deletion marker is a miss"
    );

    // narrow's write-back size is 2: a second key fits, a third does not,
    // though the shared map has room.
    ok(x.write_back(
        "narrow",
        &[KeyMatch::Exact(2)],
        Some(&TableEntry::exact(&[2], "set_bc", &[1, 1])),
        now,
    ));
    let third = x.write_back(
        "narrow",
        &[KeyMatch::Exact(3)],
        Some(&TableEntry::exact(&[3], "set_bc", &[1, 1])),
        now,
    );
    assert!(
        matches!(&third, Err(e) if e.to_string().contains("full")),
        "a third write-back entry of a table of write-back size 2: {third:?}"
    );
    // Clearing one makes room again.
    ok(x.clear_write_back("narrow", &[KeyMatch::Exact(2)]));
    ok(x.write_back(
        "narrow",
        &[KeyMatch::Exact(3)],
        Some(&TableEntry::exact(&[3], "set_bc", &[5, 6])),
        now,
    ));
    assert_eq!(
        send(&mut x, 3, 9),
        (0, 5, 6),
        "the entry written after the clear"
    );

    ok(x.set_visible(false));
    assert_eq!(send(&mut x, 1, 7), (11, 21, 22), "the main tables again");
}
