//! Gallium's atomic update on the XDP target under concurrent traffic: one
//! update changes the entries of two tables that every packet looks up; packets
//! run on every CPU (BPF_PROG_TEST_RUN from threads) while updates run, and
//! no packet may see one table's new entry with the other's old one. The same
//! traffic with the two changes written one after the other, outside the
//! protocol, does see such mixes: the test can fail. Needs root.

mod common;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use pipe::builder::*;
use pipe::{KeyMatch, SwitchControl, TableEntry, Update};
use xdp::XdpSwitch;

fn program() -> pipe::Program {
    let mut b = ProgramBuilder::new("two_tables");
    b.header("h", &[("k", 16), ("a", 32), ("b", 32), ("spin", 16)]);
    b.state(state("start").extract("h").accept());
    b.action(
        action("set_a")
            .param("v", 32)
            .set("h.a", pipe::Expr::Value(p("v"))),
    );
    b.action(
        action("set_b")
            .param("v", 32)
            .set("h.b", pipe::Expr::Value(p("v"))),
    );
    b.action(action("fwd1").forward(c(1)));
    // Work between the packet's start and each lookup (a few hundred
    // nanoseconds each), so that a packet is still running when the next
    // phase of an update lands, as packets of a loaded switch are.
    let mut busy = action("busy");
    for _ in 0..1500 {
        busy = busy.set(
            "h.spin",
            pipe::Expr::Bin(pipe::BinOp::Add, f("h.spin"), c(1)),
        );
    }
    b.action(busy);
    b.table(
        table("ta")
            .exact("h.k")
            .action("set_a")
            .default_action("set_a", &[0])
            .size(16)
            .write_back(4),
    );
    b.table(
        table("tb")
            .exact("h.k")
            .action("set_b")
            .default_action("set_b", &[0])
            .size(16)
            .write_back(4),
    );
    b.ingress(vec![
        run("busy", &[]),
        apply("ta"),
        run("busy", &[]),
        apply("tb"),
        run("fwd1", &[]),
    ]);
    b.build().unwrap_or_else(|e| panic!("{e}"))
}

/// One table whose action writes both fields from two parameters: a packet
/// sees the entry whole when they agree.
fn one_table() -> pipe::Program {
    one_table_as("tc", Some(4))
}

/// [`one_table`], its table named `name` and of write-back size
/// `write_back` (none: the target keeps it as an array indexed by the key).
fn one_table_as(name: &str, write_back: Option<u32>) -> pipe::Program {
    let mut b = ProgramBuilder::new("one_table");
    b.header("h", &[("k", 16), ("a", 32), ("b", 32), ("spin", 16)]);
    b.state(state("start").extract("h").accept());
    b.action(
        action("set_ab")
            .param("va", 32)
            .param("vb", 32)
            .set("h.a", pipe::Expr::Value(p("va")))
            .set("h.b", pipe::Expr::Value(p("vb"))),
    );
    b.action(action("fwd1").forward(c(1)));
    let mut t = table(name)
        .exact("h.k")
        .action("set_ab")
        .default_action("set_ab", &[0, 0])
        .size(16);
    if let Some(n) = write_back {
        t = t.write_back(n);
    }
    b.table(t);
    b.ingress(vec![apply(name), run("fwd1", &[])]);
    b.build().unwrap_or_else(|e| panic!("{e}"))
}

/// The tests race packets against updates on every CPU, one test at a time:
/// two at once would share the CPUs and each see fewer generations.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// As root: this test's turn on the CPUs, and how many there are (None, and
/// the test does nothing, when not root).
fn alone() -> Option<(std::sync::MutexGuard<'static, ()>, usize)> {
    if !common::root() {
        return None;
    }
    let turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    Some((
        turn,
        std::thread::available_parallelism().map_or(1, |n| n.get()),
    ))
}

fn entry(action: &str, v: u64) -> TableEntry {
    TableEntry::exact(&[1], action, &[v])
}

/// Runs packets on `threads` threads while `update(generation)` runs for
/// `generations` generations (or until `budget`); returns (packets, packets
/// that saw two generations at once, distinct generations seen).
fn race(
    x: &mut XdpSwitch,
    threads: usize,
    generations: u64,
    budget: Duration,
    update: &mut dyn FnMut(&mut XdpSwitch, u64),
) -> (u64, u64, u64) {
    let frame: Vec<u8> = [0u8, 1]
        .iter()
        .copied()
        .chain(std::iter::repeat_n(0, 40))
        .collect();
    let stop = AtomicBool::new(false);
    let (packets, torn, seen_max) = (AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0));
    let runners: Vec<_> = (0..threads)
        .map(|_| x.packet_runner().unwrap_or_else(|e| panic!("{e}")))
        .collect();
    let mut distinct = 0;
    std::thread::scope(|s| {
        for r in &runners {
            s.spawn(|| {
                let mut last = u64::MAX;
                let mut local = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    let out = r
                        .process(Duration::ZERO, 0, &frame)
                        .unwrap_or_else(|e| panic!("{e}"));
                    let a = u32::from_be_bytes([
                        out.bytes[2],
                        out.bytes[3],
                        out.bytes[4],
                        out.bytes[5],
                    ]);
                    let b = u32::from_be_bytes([
                        out.bytes[6],
                        out.bytes[7],
                        out.bytes[8],
                        out.bytes[9],
                    ]);
                    packets.fetch_add(1, Ordering::Relaxed);
                    if a != b {
                        torn.fetch_add(1, Ordering::Relaxed);
                    }
                    if u64::from(a) != last {
                        last = u64::from(a);
                        local += 1;
                    }
                }
                seen_max.fetch_max(local, Ordering::Relaxed);
            });
        }
        let started = Instant::now();
        for g in 1..=generations {
            update(x, g);
            distinct = g;
            if started.elapsed() > budget {
                break;
            }
        }
        stop.store(true, Ordering::Relaxed);
    });
    let _ = distinct;
    (
        packets.load(Ordering::Relaxed),
        torn.load(Ordering::Relaxed),
        seen_max.load(Ordering::Relaxed),
    )
}

#[test]
fn no_packet_sees_half_an_update_on_any_cpu() {
    let Some((_alone, cpus)) = alone() else {
        return;
    };
    let mut x = XdpSwitch::load(&program()).unwrap_or_else(|e| panic!("{e}"));
    x.insert("ta", &entry("set_a", 0), Duration::ZERO)
        .unwrap_or_else(|e| panic!("{e}"));
    x.insert("tb", &entry("set_b", 0), Duration::ZERO)
        .unwrap_or_else(|e| panic!("{e}"));
    let threads = cpus.max(2);
    let (packets, torn, seen) = race(
        &mut x,
        threads,
        4_000,
        Duration::from_secs(4),
        &mut |x, g| {
            let updates = [
                Update::Modify {
                    table: "ta".into(),
                    entry: entry("set_a", g),
                },
                Update::Modify {
                    table: "tb".into(),
                    entry: entry("set_b", g),
                },
            ];
            x.atomic_update_requested(Duration::ZERO, &updates, &[])
                .unwrap_or_else(|e| panic!("{e}"));
        },
    );
    println!(
        "atomic: {packets} packets on {threads} threads ({cpus} CPUs), {seen} generations seen by one thread, {torn} torn"
    );
    assert_eq!(
        torn, 0,
        "{torn} of {packets} packets saw one table's new entry and the other's old one"
    );
    assert!(
        seen > 100,
        "the packets saw only {seen} generations: they did not run during the updates"
    );
    let stats = x.stats().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(stats.packets, packets, "{stats:?}");
    assert!(x.quiesce(x.visibility_word()).is_ok());
    // Nothing left in the write-back tables, the main ones at the last generation.
    let out = x
        .process(
            Duration::ZERO,
            0,
            &[0u8, 1]
                .iter()
                .copied()
                .chain(std::iter::repeat_n(0, 40))
                .collect::<Vec<u8>>(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.bytes[2..6], out.bytes[6..10]);
    let _ = KeyMatch::Exact(1);

    // Outside the protocol: ta, then tb, each visible at once.
    if cpus < 2 {
        println!("one CPU: the unprotected run cannot overlap packets with writes, not run");
        return;
    }
    let (packets, torn, _) = race(
        &mut x,
        threads,
        200_000,
        Duration::from_secs(4),
        &mut |x, g| {
            x.modify("ta", &entry("set_a", g), Duration::ZERO)
                .unwrap_or_else(|e| panic!("{e}"));
            x.modify("tb", &entry("set_b", g), Duration::ZERO)
                .unwrap_or_else(|e| panic!("{e}"));
        },
    );
    println!("unprotected: {packets} packets, {torn} torn");
    assert!(
        torn > 0,
        "writing the two tables one after the other was never seen half done ({packets} packets): the test cannot tell"
    );
}

/// An update of one entry takes no write-back cycle (the map replaces the
/// entry's element in one step); packets on every CPU still see the entry
/// whole, before or after, while such updates follow one another.
#[test]
fn a_one_entry_update_is_seen_whole_on_any_cpu() {
    let Some((_alone, cpus)) = alone() else {
        return;
    };
    let mut x = XdpSwitch::load(&one_table()).unwrap_or_else(|e| panic!("{e}"));
    let ab = |v: u64| TableEntry::exact(&[1], "set_ab", &[v, v]);
    x.insert("tc", &ab(0), Duration::ZERO)
        .unwrap_or_else(|e| panic!("{e}"));
    let threads = cpus.max(2);
    let word = x.visibility_word();
    let counts = race(
        &mut x,
        threads,
        40_000,
        Duration::from_secs(3),
        &mut |x, g| {
            let ticket = x
                .atomic_update_requested(
                    Duration::ZERO,
                    &[Update::Modify {
                        table: "tc".into(),
                        entry: ab(g),
                    }],
                    &[],
                )
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(ticket.ops, 2, "one entry and one step of the word");
        },
    );
    assert_whole("one entry", threads, counts);
    // No write-back cycle ran: the word only stepped, its visibility bit clear.
    let now = x.visibility_word();
    assert!(now > word && (now - word) % 2 == 0, "{word} -> {now}");

    // An update that let packets see a state between old and new (here the
    // entry written in two steps) is caught.
    two_steps_are_caught(&mut x, "tc", "two steps", cpus);
}

/// A table kept as an array indexed by its key is written in place, through
/// a mapping: each slot's two copies and the wait after the switch between
/// them keep every packet's view of the entry whole.
#[test]
fn an_entry_of_a_direct_table_is_seen_whole_on_any_cpu() {
    let Some((_alone, cpus)) = alone() else {
        return;
    };
    let mut x = XdpSwitch::load(&one_table_as("td", None)).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        matches!(
            x.compiled().plan.tables[0],
            xdp::plan::TableMaps::Direct { .. }
        ),
        "a 16-bit exact key without a write-back table is kept as an array"
    );
    let ab = |v: u64| TableEntry::exact(&[1], "set_ab", &[v, v]);
    x.insert("td", &ab(0), Duration::ZERO)
        .unwrap_or_else(|e| panic!("{e}"));
    let threads = cpus.max(2);
    let counts = race(
        &mut x,
        threads,
        40_000,
        Duration::from_secs(3),
        &mut |x, g| {
            x.modify("td", &ab(g), Duration::ZERO)
                .unwrap_or_else(|e| panic!("{e}"));
        },
    );
    assert_whole("direct", threads, counts);
    two_steps_are_caught(&mut x, "td", "direct, two steps", cpus);
}

/// A race of one entry's updates (`race`'s counts): no packet saw the
/// entry's two fields disagree, and packets ran during the updates.
fn assert_whole(what: &str, threads: usize, (packets, torn, seen): (u64, u64, u64)) {
    println!(
        "{what}: {packets} packets on {threads} threads, {seen} generations seen by one thread, {torn} torn"
    );
    assert_eq!(
        torn, 0,
        "{torn} of {packets} packets saw an entry half written"
    );
    assert!(
        seen > 100,
        "the packets saw only {seen} generations: they did not run during the updates"
    );
}

/// The negative control of a one-entry race: `table`'s entry written in two
/// steps (its fields disagreeing in between) is seen half done, so the race
/// can tell a torn entry. Needs two CPUs.
fn two_steps_are_caught(x: &mut XdpSwitch, table: &str, what: &str, cpus: usize) {
    if cpus < 2 {
        println!("one CPU: the two-step run cannot overlap packets with writes, not run");
        return;
    }
    let ab = |v: u64| TableEntry::exact(&[1], "set_ab", &[v, v]);
    let (packets, torn, _) = race(
        x,
        cpus.max(2),
        200_000,
        Duration::from_secs(3),
        &mut |x, g| {
            let half = TableEntry::exact(&[1], "set_ab", &[g, g - 1]);
            x.modify(table, &half, Duration::ZERO)
                .unwrap_or_else(|e| panic!("{e}"));
            x.modify(table, &ab(g), Duration::ZERO)
                .unwrap_or_else(|e| panic!("{e}"));
        },
    );
    println!("{what}: {packets} packets, {torn} torn");
    assert!(
        torn > 0,
        "an entry written in two steps was never seen half done ({packets} packets): the test cannot tell"
    );
}
