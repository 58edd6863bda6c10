//! What a P4Runtime Write costs on Tandem's switch over gRPC on the loopback:
//! the fixed cost of a request and the cost per entry, to hold against the
//! batched control channel's assumed figures (docs/SWITCH.md, `Channel::batched`:
//! 128 µs per round plus 2 µs per entry).
//!
//! Each iteration is a pair of Writes: N inserts into the NAT table, then the
//! same N deletes, so the table is empty again after every iteration (N = 1,
//! 64, 1,024), with CONTINUE_ON_ERROR and with DATAPLANE_ATOMIC (one Gallium
//! atomic update of N changes per Write; the bench's table has a write-back
//! table of 1,024 entries). ROLLBACK_ON_ERROR keeps a copy of the switch per
//! Write, so it is measured with 10,000 other entries in the table.
//!
//! `p4rt_pipelined`: atomic updates the way the server daemon sends them
//! (`RemoteSwitch` as `pipe::SwitchControl`, each update one DATAPLANE_ATOMIC
//! Write, up to a window in flight, answers taken in order). One iteration is
//! 32 updates of N inserts each, then the 32 updates deleting them, then a
//! wait for every answer: 64 Writes. Time per Write against the window says
//! how much of a Write's cost is the round trip (overlapped by the window)
//! and how much the switch's own work (not overlapped: one model lock).

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use p4rt::client::Client;
use p4rt::proto::p4::config::v1::p4_ids::Prefix;
use p4rt::proto::p4::v1 as p4;
use p4rt::proto::p4::v1::write_request::Atomicity;
use p4rt::server::{Device, serve};

fn exact(id: u32, v: Vec<u8>) -> p4::FieldMatch {
    p4::FieldMatch {
        field_id: id,
        field_match_type: Some(p4::field_match::FieldMatchType::Exact(
            p4::field_match::Exact { value: v },
        )),
    }
}

/// Entry `i` of the NAT table (distinct source ports and addresses).
fn entry(i: u32) -> p4::TableEntry {
    p4::TableEntry {
        table_id: p4rt::p4info::object_id(Prefix::Table, 0),
        r#match: vec![
            exact(1, (0x0a00_0000 + (i >> 16)).to_be_bytes().to_vec()),
            exact(2, vec![10, 0, 0, 2]),
            exact(3, vec![6]),
            exact(4, ((i & 0xffff) as u16).to_be_bytes().to_vec()),
            exact(5, vec![0, 80]),
        ],
        action: Some(p4::TableAction {
            r#type: Some(p4::table_action::Type::Action(p4::Action {
                action_id: p4rt::p4info::object_id(Prefix::Action, 0),
                params: vec![
                    p4::action::Param {
                        param_id: 1,
                        value: vec![198, 18, 0, 1],
                    },
                    p4::action::Param {
                        param_id: 2,
                        value: vec![1, 0],
                    },
                    p4::action::Param {
                        param_id: 3,
                        value: vec![3],
                    },
                ],
            })),
        }),
        ..Default::default()
    }
}

fn updates(kind: p4::update::Type, range: std::ops::Range<u32>) -> Vec<p4::Update> {
    range
        .map(|i| p4::Update {
            r#type: kind as i32,
            entity: Some(p4::Entity {
                entity: Some(p4::entity::Entity::TableEntry(entry(i))),
            }),
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let mut program = pipe::examples::nat();
    program.tables[0].write_back = Some(1024);
    program.tables[0].size = 1 << 20;
    let start = Instant::now();
    let device = Arc::new(Device::new(1, Arc::new(move || start.elapsed())));
    device.load(program).expect("bench program");
    let (addr, _stop) = rt.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("loopback port");
        let addr = format!("http://{}", listener.local_addr().expect("address"));
        let (stop, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(serve(
            device.clone(),
            listener,
            Duration::from_secs(1),
            async {
                let _ = rx.await;
            },
        ));
        (addr, stop)
    });
    let mut client = rt
        .block_on(Client::connect(&addr, 1, 1, Duration::from_secs(5)))
        .expect("client");

    let mut g = c.benchmark_group("p4rt_write_pair");
    for n in [1u32, 64, 1024] {
        for (name, atomicity) in [
            ("continue_on_error", Atomicity::ContinueOnError),
            ("dataplane_atomic", Atomicity::DataplaneAtomic),
        ] {
            let ins = updates(p4::update::Type::Insert, 0..n);
            let del = updates(p4::update::Type::Delete, 0..n);
            g.bench_function(format!("{name}/{n}"), |b| {
                b.iter(|| {
                    rt.block_on(async {
                        client.write(ins.clone(), atomicity).await.expect("insert");
                        client.write(del.clone(), atomicity).await.expect("delete");
                    })
                })
            });
        }
    }
    // ROLLBACK_ON_ERROR copies the switch per Write: with 10,000 other
    // entries installed, against CONTINUE_ON_ERROR on the same table.
    rt.block_on(async {
        for first in (100_000u32..110_000).step_by(1000) {
            client
                .write(
                    updates(p4::update::Type::Insert, first..first + 1000),
                    Atomicity::ContinueOnError,
                )
                .await
                .expect("fill");
        }
    });
    for (name, atomicity) in [
        (
            "continue_on_error_10k_installed",
            Atomicity::ContinueOnError,
        ),
        (
            "rollback_on_error_10k_installed",
            Atomicity::RollbackOnError,
        ),
    ] {
        let ins = updates(p4::update::Type::Insert, 0..64);
        let del = updates(p4::update::Type::Delete, 0..64);
        g.bench_function(format!("{name}/64"), |b| {
            b.iter(|| {
                rt.block_on(async {
                    client.write(ins.clone(), atomicity).await.expect("insert");
                    client.write(del.clone(), atomicity).await.expect("delete");
                })
            })
        });
    }
    g.finish();
}

fn pipelined(c: &mut Criterion) {
    use pipe::{KeyMatch, SwitchControl, TableEntry, Update};
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("runtime");
    let mut program = pipe::examples::nat();
    program.tables[0].write_back = Some(1024);
    program.tables[0].size = 1 << 20;
    let start = Instant::now();
    let clock: p4rt::server::Clock = Arc::new(move || start.elapsed());
    let device = Arc::new(Device::new(1, clock.clone()));
    device.load(program.clone()).expect("bench program");
    let (addr, _stop) = rt.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("loopback port");
        let addr = format!("http://{}", listener.local_addr().expect("address"));
        let (stop, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(serve(
            device.clone(),
            listener,
            Duration::from_secs(1),
            async {
                let _ = rx.await;
            },
        ));
        (addr, stop)
    });
    let mut remote = p4rt::remote::RemoteSwitch::connect(
        &addr,
        1,
        1,
        program,
        clock.clone(),
        Duration::from_secs(5),
    )
    .expect("remote");
    let key = |i: u32| {
        vec![
            KeyMatch::Exact(u64::from(0x0a00_0000 + (i >> 16))),
            KeyMatch::Exact(0x0a00_0002),
            KeyMatch::Exact(6),
            KeyMatch::Exact(u64::from(i & 0xffff)),
            KeyMatch::Exact(80),
        ]
    };
    let mut g = c.benchmark_group("p4rt_pipelined");
    for n in [1u32, 16] {
        let ins: Vec<Vec<Update>> = (0..32)
            .map(|w| {
                (0..n)
                    .map(|j| Update::Insert {
                        table: "nat".into(),
                        entry: TableEntry {
                            key: key(w * n + j),
                            action: "rewrite".into(),
                            args: vec![0xc612_0001, 256, 3],
                            priority: 0,
                        },
                    })
                    .collect()
            })
            .collect();
        let del: Vec<Vec<Update>> = (0..32)
            .map(|w| {
                (0..n)
                    .map(|j| Update::Delete {
                        table: "nat".into(),
                        key: key(w * n + j),
                        priority: 0,
                    })
                    .collect()
            })
            .collect();
        for window in [1usize, 4, 16] {
            remote.set_window(window);
            g.bench_function(format!("window_{window}/entries_{n}"), |b| {
                b.iter(|| {
                    for u in ins.iter().chain(&del) {
                        remote
                            .atomic_update_requested(clock(), u, &[])
                            .expect("sent");
                    }
                    remote.drain();
                    assert!(remote.is_connected() && !remote.take_refused());
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench, pipelined);
criterion_main!(benches);
