//! Gallium's atomic update over ordinary P4Runtime Writes (`p4rt::remote`'s
//! five-Write protocol) against BMv2's `simple_switch_grpc` running the
//! p4c-compiled program, with a Write failing at every phase of a cycle —
//! refused, or applied with its answer lost — and the switch then read back.
//!
//! What a packet would see of a key is computed from what the switch holds:
//! its write-back entry while the visibility bit (the default action of
//! `tandem_wb_flag`) is set, else its main-table entry. After each failure
//! the keys of the update read all old or all new, never a mix; after the
//! recovery (reconnection, resync of the main tables) all new, with the bit
//! clear and the write-back table empty.
//!
//! Needs p4c and simple_switch_grpc (PATH, or the directories TANDEM_P4C / TANDEM_BMV2 name);
//! skipped with a printed reason when missing, unless TANDEM_REQUIRE_TOOLS=1.

use std::collections::HashMap;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use p4rt::client::Client;
use p4rt::proto::p4::v1 as p4;
use p4rt::remote::{FailKind, RemoteSwitch};
use pipe::{KeyMatch, SwitchControl, TableEntry, Update};

struct Bmv2(Child);

impl Drop for Bmv2 {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn tools() -> Option<(p4gen::p4c::P4c, std::path::PathBuf)> {
    let found = p4gen::p4c::P4c::find()
        .and_then(|p| p4gen::p4c::find_tool("TANDEM_BMV2", "simple_switch_grpc").map(|s| (p, s)));
    match found {
        Ok(t) => Some(t),
        Err(e) => {
            let required = std::env::var("TANDEM_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
            assert!(!required, "TANDEM_REQUIRE_TOOLS=1 but {e}");
            println!("skipped: {e}");
            None
        }
    }
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

/// A key of `nat` (5 exact fields) for flow `k`.
fn key(k: u64) -> Vec<KeyMatch> {
    vec![
        KeyMatch::Exact(0xc612_0000 + k),
        KeyMatch::Exact(0xc613_0001),
        KeyMatch::Exact(6),
        KeyMatch::Exact(1000 + k),
        KeyMatch::Exact(80),
    ]
}

fn rewrite(k: u64, sport: u64) -> TableEntry {
    TableEntry {
        key: key(k),
        action: "rewrite".into(),
        args: vec![0xc613_0000, sport, 1],
        priority: 0,
    }
}

/// What the switch holds: (bit set, main entries, write-back entries), by
/// the key's source port, as `(action, args)`.
type View = (
    bool,
    HashMap<u64, (String, Vec<u64>)>,
    HashMap<u64, (String, Vec<u64>)>,
);

fn read_view(
    rt: &tokio::runtime::Runtime,
    c: &mut Client,
    info: &p4rt::foreign::ForeignInfo,
) -> View {
    let table = |name: &str, default: bool| p4::Entity {
        entity: Some(p4::entity::Entity::TableEntry(p4::TableEntry {
            table_id: info.table_id(name).expect("table on the switch"),
            is_default_action: default,
            ..Default::default()
        })),
    };
    let flag = rt
        .block_on(c.read(vec![table(pipe::WB_FLAG_TABLE, true)]))
        .expect("read the flag's default entry");
    let bit = flag.iter().any(|e| match &e.entity {
        Some(p4::entity::Entity::TableEntry(te)) => info
            .entry_from_p4(te)
            .is_ok_and(|(_, e)| e.args.first() == Some(&1)),
        _ => false,
    });
    let mut entries = |name: &str| -> HashMap<u64, (String, Vec<u64>)> {
        rt.block_on(c.read(vec![table(name, false)]))
            .expect("read a table")
            .iter()
            .filter_map(|e| match &e.entity {
                Some(p4::entity::Entity::TableEntry(te)) => info.entry_from_p4(te).ok(),
                _ => None,
            })
            .map(|(_, e)| {
                let KeyMatch::Exact(sport) = e.key[3] else {
                    panic!("exact key")
                };
                (sport - 1000, (e.action, e.args))
            })
            .collect()
    };
    let main = entries("nat");
    let wb = entries("nat_wb");
    (bit, main, wb)
}

/// What a packet of flow `k` would meet: `Some(sport)` of its rewrite, None
/// for a miss (or a deletion marker).
fn seen(v: &View, k: u64) -> Option<u64> {
    let (bit, main, wb) = v;
    let e = if *bit && wb.contains_key(&k) {
        wb.get(&k)
    } else {
        main.get(&k)
    };
    e.filter(|(a, _)| a == "rewrite").map(|(_, args)| args[1])
}

fn connect(
    addr: &str,
    election: u128,
    load: &(p4rt::proto::p4::config::v1::P4Info, Vec<u8>),
) -> RemoteSwitch {
    connect_program(addr, election, load, pipe::examples::nat())
}

fn connect_program(
    addr: &str,
    election: u128,
    load: &(p4rt::proto::p4::config::v1::P4Info, Vec<u8>),
    program: pipe::Program,
) -> RemoteSwitch {
    let start = Instant::now();
    let clock: p4rt::server::Clock = Arc::new(move || start.elapsed());
    let end = Instant::now() + Duration::from_secs(20);
    loop {
        match RemoteSwitch::connect_with(
            addr,
            1,
            election,
            program.clone(),
            clock.clone(),
            Duration::from_secs(5),
            Some(load.clone()),
        ) {
            Ok(r) => return r,
            Err(e) if Instant::now() > end => panic!("connect to simple_switch_grpc: {e}"),
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

/// The resync a server makes after (re)connecting: main tables to `want`.
fn resync(r: &mut RemoteSwitch, want: &[TableEntry]) {
    r.begin_resync().expect("begin resync");
    let have = r.read_table("nat").expect("read nat");
    let mut ups = Vec::new();
    for w in want {
        match have.iter().find(|h| h.key == w.key) {
            Some(h) if h == w => {}
            Some(_) => ups.push(Update::Modify {
                table: "nat".into(),
                entry: w.clone(),
            }),
            None => ups.push(Update::Insert {
                table: "nat".into(),
                entry: w.clone(),
            }),
        }
    }
    for h in &have {
        if !want.iter().any(|w| w.key == h.key) {
            ups.push(Update::Delete {
                table: "nat".into(),
                key: h.key.clone(),
                priority: 0,
            });
        }
    }
    assert_eq!(r.write(&ups, false).expect("resync writes"), 0);
    r.end_resync().expect("end resync");
    r.resynced();
}

/// `program` emitted as v1model P4 and compiled by p4c, and a
/// `simple_switch_grpc` with no program on a port of its own (`k` tells
/// this process's tests apart): (the directory, the pipeline to load, the
/// P4Info held against the program, the switch, its address).
fn start(
    p4c: &p4gen::p4c::P4c,
    ssg: &std::path::Path,
    program: &pipe::Program,
    k: u16,
) -> (
    tempfile::TempDir,
    (p4rt::proto::p4::config::v1::P4Info, Vec<u8>),
    p4rt::foreign::ForeignInfo,
    Bmv2,
    String,
) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let src = p4gen::emit(program, p4gen::Arch::V1model).expect("emits");
    let file = dir.path().join("nat.p4");
    std::fs::write(&file, src).expect("write P4");
    let (json, txt) = (dir.path().join("nat.json"), dir.path().join("nat.txtpb"));
    let out = Command::new(&p4c.bm2)
        .arg(&file)
        .arg("-o")
        .arg(&json)
        .arg("--p4runtime-files")
        .arg(&txt)
        .output()
        .expect("run p4c-bm2-ss");
    assert!(out.status.success(), "p4c: {out:?}");
    let info_msg = p4rt::from_text(&std::fs::read_to_string(&txt).expect("P4Info")).expect("parse");
    let load = (info_msg.clone(), std::fs::read(&json).expect("JSON"));
    let info = p4rt::foreign::ForeignInfo::check(&info_msg, program).expect("P4Info fits");

    let port = 30_000 + (std::process::id() % 10_000) as u16 * 2 + k;
    let addr = format!("127.0.0.1:{port}");
    let bmv2 = Bmv2(
        Command::new(ssg)
            .args([
                "--device-id",
                "1",
                "--no-p4",
                "--",
                "--grpc-server-addr",
                &addr,
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start simple_switch_grpc"),
    );
    (dir, load, info, bmv2, addr)
}

#[test]
fn a_write_failing_at_any_phase_never_shows_half_an_update() {
    let Some((p4c, ssg)) = tools() else {
        return;
    };
    let program = pipe::examples::nat();
    let (_dir, load, info, _bmv2, addr) = start(&p4c, &ssg, &program, 0);
    let url = format!("http://{addr}");
    let rt = rt();
    let mut election = 10u128;
    // The first connection loads the program; the observer reads beside
    // the primary (a lower election id may Read).
    drop(connect(&url, election, &load));
    let mut observer = rt
        .block_on(Client::connect(&url, 1, 1, Duration::from_secs(5)))
        .expect("observer connects");
    let mut flow = 0u64;
    for phase in 1..=5 {
        for kind in [FailKind::Refuse, FailKind::LoseAfter] {
            election += 1;
            let mut r = connect(&url, election, &load);
            assert!(r.is_phased(), "BMv2 takes the five-Write protocol");
            resync(&mut r, &[]);
            // Two flows with old entries, then one update that changes both.
            let (a, b) = (flow, flow + 1);
            flow += 2;
            assert_eq!(
                r.write(
                    &[
                        Update::Insert {
                            table: "nat".into(),
                            entry: rewrite(a, 1),
                        },
                        Update::Insert {
                            table: "nat".into(),
                            entry: rewrite(b, 1),
                        },
                    ],
                    false,
                )
                .expect("setup"),
                0
            );
            r.fail_next_phase(phase, kind);
            let changes = [
                Update::Modify {
                    table: "nat".into(),
                    entry: rewrite(a, 2),
                },
                Update::Modify {
                    table: "nat".into(),
                    entry: rewrite(b, 2),
                },
            ];
            r.atomic_update_requested(Duration::from_millis(1), &changes, &[])
                .expect("the update is taken");
            let v = read_view(&rt, &mut observer, &info);
            let (sa, sb) = (seen(&v, a), seen(&v, b));
            println!(
                "phase {phase} {kind:?}: flows see {sa:?} {sb:?} (bit {})",
                v.0
            );
            assert_eq!(
                sa, sb,
                "phase {phase} {kind:?}: half an update is visible: {v:?}"
            );
            assert!(matches!(sa, Some(1 | 2)), "phase {phase} {kind:?}: {v:?}");
            // Recovery: the server's primary state holds the new entries.
            if !r.is_connected() {
                drop(r);
                election += 1;
                r = connect(&url, election, &load);
            }
            resync(&mut r, &[rewrite(a, 2), rewrite(b, 2)]);
            let v = read_view(&rt, &mut observer, &info);
            assert_eq!((seen(&v, a), seen(&v, b)), (Some(2), Some(2)), "{v:?}");
            assert!(!v.0, "the bit is clear after the resync: {v:?}");
            assert!(v.2.is_empty(), "the write-back table is empty: {v:?}");
            // A clean cycle goes through afterwards.
            r.atomic_update_requested(
                Duration::from_millis(2),
                &[Update::Modify {
                    table: "nat".into(),
                    entry: rewrite(a, 3),
                }],
                &[],
            )
            .expect("next update");
            let v = read_view(&rt, &mut observer, &info);
            assert_eq!(seen(&v, a), Some(3), "{v:?}");
            assert!(!v.0 && v.2.is_empty(), "{v:?}");
            // Leave nothing for the next round.
            resync(&mut r, &[]);
        }
    }
}

/// Idle timeouts on a switch Tandem did not write: an entry the server runtime
/// inserted with the table's timeout (here 1 s) and that no packet hits comes
/// back from BMv2 as an `IdleTimeoutNotification`, decoded by p4c's names
/// into the program's table and entry, after the timeout and not before;
/// an entry inserted later is not reported with it.
#[test]
fn an_idle_entry_on_bmv2_comes_back_as_an_idle_notification() {
    use pipe::SwitchControl;
    let Some((p4c, ssg)) = tools() else {
        return;
    };
    let ttl = Duration::from_secs(1);
    let mut program = pipe::examples::nat();
    program
        .tables
        .iter_mut()
        .find(|t| t.name == "nat")
        .expect("the nat table")
        .idle_timeout = Some(ttl);
    let (_dir, load, _info, _bmv2, addr) = start(&p4c, &ssg, &program, 1);
    let url = format!("http://{addr}");
    let mut r = connect_program(&url, 10, &load, program);
    assert!(r.is_phased());
    resync(&mut r, &[]);
    let inserted = Instant::now();
    let insert = |k| Update::Insert {
        table: "nat".into(),
        entry: rewrite(k, 7),
    };
    assert_eq!(r.write(&[insert(1)], false).expect("insert"), 0);
    let mut second = None;
    let mut got = Vec::new();
    while got.is_empty() && inserted.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
        // After one and a half timeouts, a second entry: younger than the
        // timeout when the first is reported (BMv2 sweeps about every
        // second, so that is near two seconds).
        if second.is_none() && inserted.elapsed() >= ttl * 3 / 2 {
            assert_eq!(r.write(&[insert(2)], false).expect("insert"), 0);
            second = Some(Instant::now());
        }
        got = r.poll_idle(Duration::ZERO);
    }
    let after = inserted.elapsed();
    println!("idle notification after {after:?}: {got:?}");
    assert!(!got.is_empty(), "no idle notification within 10 s");
    assert!(after >= ttl, "reported after {after:?}, before its {ttl:?}");
    assert!(
        got.iter().all(|n| n.table == "nat"),
        "notifications name the program's table: {got:?}"
    );
    assert!(
        got.iter().any(|n| n.entry.key == key(1)),
        "the idle entry is reported: {got:?}"
    );
    if let Some(second) = second.filter(|t| t.elapsed() < ttl) {
        println!("the second entry was {:?} old", second.elapsed());
        assert!(
            got.iter().all(|n| n.entry.key != key(2)),
            "an entry younger than its timeout is reported: {got:?}"
        );
    }
    assert!(r.stats().idle_notifications >= 1);
}

/// A cycle that returns at its commit point: with the tail deferred, the
/// update comes back acknowledged once the flip is (the keys read their new
/// values from the write-back table, the bit set); `finish_cycle` then sends
/// the main writes, the flip back and the clean-up (the same values from the
/// main table, the bit clear, the write-back table empty). The next update
/// sends a pending tail first, and a failure in the tail leaves the keys new.
#[test]
fn a_cycle_releases_at_its_commit_point_and_finishes_after() {
    let Some((p4c, ssg)) = tools() else {
        return;
    };
    let program = pipe::examples::nat();
    let (_dir, load, info, _bmv2, addr) = start(&p4c, &ssg, &program, 2);
    let url = format!("http://{addr}");
    let rt = rt();
    let mut r = connect(&url, 10, &load);
    let mut observer = rt
        .block_on(Client::connect(&url, 1, 1, Duration::from_secs(5)))
        .expect("observer connects");
    resync(&mut r, &[]);
    r.set_defer_cycle_tail(true);
    let put = |k: u64, sport: u64, insert: bool| {
        let entry = rewrite(k, sport);
        let table = "nat".to_string();
        if insert {
            Update::Insert { table, entry }
        } else {
            Update::Modify { table, entry }
        }
    };
    let t = r
        .atomic_update_requested(
            Duration::from_millis(1),
            &[put(0, 1, true), put(1, 1, true)],
            &[],
        )
        .expect("taken");
    assert!(
        r.acknowledged() >= t.visible_at,
        "acknowledged at the commit point"
    );
    let v = read_view(&rt, &mut observer, &info);
    assert!(v.0, "the bit is still set: {v:?}");
    assert!(
        v.1.is_empty() && v.2.len() == 2,
        "the new entries are write-back entries: {v:?}"
    );
    assert_eq!((seen(&v, 0), seen(&v, 1)), (Some(1), Some(1)));
    assert_eq!(
        r.phased_stats().expect("phased").cycles,
        0,
        "not finished yet"
    );
    r.finish_cycle();
    let v = read_view(&rt, &mut observer, &info);
    assert!(!v.0 && v.2.is_empty() && v.1.len() == 2, "finished: {v:?}");
    assert_eq!((seen(&v, 0), seen(&v, 1)), (Some(1), Some(1)));
    assert_eq!(r.phased_stats().expect("phased").cycles, 1);
    // Two updates in a row: the second sends the first one's tail first.
    for sport in [2, 3] {
        r.atomic_update_requested(
            Duration::from_millis(1 + sport),
            &[put(0, sport, false), put(1, sport, false)],
            &[],
        )
        .expect("taken");
    }
    assert_eq!(r.phased_stats().expect("phased").cycles, 2);
    let v = read_view(&rt, &mut observer, &info);
    assert_eq!((seen(&v, 0), seen(&v, 1)), (Some(3), Some(3)), "{v:?}");
    // A tail that fails: the keys stay new; the refusal asks for a resync.
    r.finish_cycle();
    for phase in [3, 4, 5] {
        let sport = 10 + phase as u64;
        r.fail_next_phase(phase, FailKind::Refuse);
        r.atomic_update_requested(
            Duration::from_millis(sport),
            &[put(0, sport, false), put(1, sport, false)],
            &[],
        )
        .expect("taken");
        r.finish_cycle();
        let v = read_view(&rt, &mut observer, &info);
        assert_eq!(
            (seen(&v, 0), seen(&v, 1)),
            (Some(sport), Some(sport)),
            "phase {phase}: {v:?}"
        );
        assert!(
            r.take_refused(),
            "phase {phase}: a refusal to resynchronise"
        );
        if phase < 5 {
            // The bit is left set over the new state: until the resync no
            // other cycle may put (its puts would show at once).
            let before = r.phased_stats().expect("phased").writes;
            r.atomic_update_requested(Duration::from_millis(sport), &[put(0, 99, false)], &[])
                .expect("taken");
            assert_eq!(
                r.phased_stats().expect("phased").writes,
                before,
                "phase {phase}: nothing sent"
            );
            assert!(r.take_refused(), "phase {phase}: refused until the resync");
            let v = read_view(&rt, &mut observer, &info);
            assert_eq!(seen(&v, 0), Some(sport), "phase {phase}: {v:?}");
        }
        resync(&mut r, &[rewrite(0, sport), rewrite(1, sport)]);
        let v = read_view(&rt, &mut observer, &info);
        assert!(
            !v.0 && v.2.is_empty(),
            "phase {phase}: resynchronised: {v:?}"
        );
    }
}
