//! The P4Runtime server over the switch model, driven by the crate's client
//! through real gRPC on the loopback: arbitration, pipeline config, Write with
//! each atomicity, Read, packet-out/in, idle-timeout notifications.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use p4rt::client::{Client, write_errors};
use p4rt::proto::p4::config::v1::p4_ids::Prefix;
use p4rt::proto::p4::v1 as p4;
use p4rt::proto::p4::v1::write_request::Atomicity;
use p4rt::server::{Device, serve};

const T: Duration = Duration::from_secs(5);

struct Harness {
    addr: String,
    device: Arc<Device>,
    /// Model time in nanoseconds, moved by the test.
    now: Arc<AtomicU64>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Drop for Harness {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
    }
}

async fn start(program: Option<pipe::Program>) -> Harness {
    start_workers(program, 1).await
}

/// A served device whose data path has `workers` copies of the switch.
async fn start_workers(program: Option<pipe::Program>, workers: usize) -> Harness {
    let now = Arc::new(AtomicU64::new(0));
    let clock = {
        let now = now.clone();
        Arc::new(move || Duration::from_nanos(now.load(Ordering::SeqCst)))
    };
    let device = Arc::new(Device::with_workers(1, clock, workers));
    if let Some(p) = program {
        device.load(p).expect("program loads");
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a loopback port");
    let addr = format!("http://{}", listener.local_addr().expect("bound address"));
    let (stop, rx) = tokio::sync::oneshot::channel();
    tokio::spawn(serve(
        device.clone(),
        listener,
        Duration::from_millis(5),
        async {
            let _ = rx.await;
        },
    ));
    Harness {
        addr,
        device,
        now,
        stop: Some(stop),
    }
}

fn table_id(i: usize) -> u32 {
    p4rt::p4info::object_id(Prefix::Table, i)
}
fn action_id(i: usize) -> u32 {
    p4rt::p4info::object_id(Prefix::Action, i)
}

fn exact(id: u32, v: &[u8]) -> p4::FieldMatch {
    p4::FieldMatch {
        field_id: id,
        field_match_type: Some(p4::field_match::FieldMatchType::Exact(
            p4::field_match::Exact { value: v.to_vec() },
        )),
    }
}

/// A `nat` entry for 10.0.0.1:sport -> 10.0.0.2:80 rewriting to 198.18.0.1:`nsport` out of port 3.
fn nat_entry(sport: u16, nsport: u16) -> p4::TableEntry {
    p4::TableEntry {
        table_id: table_id(0),
        r#match: vec![
            exact(1, &[10, 0, 0, 1]),
            exact(2, &[10, 0, 0, 2]),
            exact(3, &[6]),
            exact(4, &sport.to_be_bytes()),
            exact(5, &80u16.to_be_bytes()),
        ],
        action: Some(p4::TableAction {
            r#type: Some(p4::table_action::Type::Action(p4::Action {
                action_id: action_id(0),
                params: vec![
                    p4::action::Param {
                        param_id: 1,
                        value: vec![198, 18, 0, 1],
                    },
                    p4::action::Param {
                        param_id: 2,
                        value: nsport.to_be_bytes().to_vec(),
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

fn update(kind: p4::update::Type, e: p4::TableEntry) -> p4::Update {
    p4::Update {
        r#type: kind as i32,
        entity: Some(p4::Entity {
            entity: Some(p4::entity::Entity::TableEntry(e)),
        }),
    }
}

fn all_entries() -> Vec<p4::Entity> {
    vec![p4::Entity {
        entity: Some(p4::entity::Entity::TableEntry(p4::TableEntry::default())),
    }]
}

fn tcp_frame(sport: u16) -> Vec<u8> {
    let mut f = vec![2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, 0x08, 0x00];
    f.extend_from_slice(&[0x45, 0, 0, 40, 0, 1, 0x40, 0, 64, 6, 0, 0]);
    f.extend_from_slice(&[10, 0, 0, 1, 10, 0, 0, 2]);
    f.extend_from_slice(&sport.to_be_bytes());
    f.extend_from_slice(&80u16.to_be_bytes());
    f.extend_from_slice(&[0, 0, 0, 1, 0, 0, 0, 0, 0x50, 0x02, 0x20, 0, 0, 0, 0, 0]);
    f
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arbitration_picks_the_highest_election_id_and_only_it_writes() {
    let h = start(Some(pipe::examples::nat())).await;
    let mut low = Client::connect(&h.addr, 1, 5, T).await.unwrap();
    assert!(low.is_primary());
    let mut high = Client::connect(&h.addr, 1, 9, T).await.unwrap();
    assert!(high.is_primary());
    // The former primary is told it is a backup now.
    low.wait_for(T, |m| {
        matches!(&m.update, Some(p4::stream_message_response::Update::Arbitration(a))
            if a.status.as_ref().is_some_and(|s| s.code == tonic::Code::AlreadyExists as i32))
    })
    .await
    .unwrap();
    assert!(!low.is_primary());
    let e = low
        .write(
            vec![update(p4::update::Type::Insert, nat_entry(1000, 2000))],
            Atomicity::ContinueOnError,
        )
        .await
        .unwrap_err();
    assert_eq!(
        e.status().unwrap().code(),
        tonic::Code::PermissionDenied,
        "{e}"
    );
    high.write(
        vec![update(p4::update::Type::Insert, nat_entry(1000, 2000))],
        Atomicity::ContinueOnError,
    )
    .await
    .unwrap();
    // The same election id twice is refused and ends that stream.
    let dup = Client::connect(&h.addr, 1, 9, T).await;
    assert!(
        dup.is_err(),
        "a second client with election id 9 was accepted"
    );
    // A wrong device id likewise.
    assert!(Client::connect(&h.addr, 7, 20, T).await.is_err());
    // When the primary leaves, the backup becomes primary.
    drop(high);
    low.wait_for(T, |m| {
        matches!(&m.update, Some(p4::stream_message_response::Update::Arbitration(a))
            if a.status.as_ref().is_some_and(|s| s.code == 0))
    })
    .await
    .unwrap();
    assert!(low.is_primary());
    assert_eq!(low.read(all_entries()).await.unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pipeline_config_is_set_checked_and_read_back() {
    let h = start(None).await;
    let mut c = Client::connect(&h.addr, 1, 1, T).await.unwrap();
    assert_eq!(c.capabilities().await.unwrap(), "1.4.1");
    let e = c.read(all_entries()).await.unwrap_err();
    assert_eq!(e.status().unwrap().code(), tonic::Code::FailedPrecondition);
    let program = pipe::examples::nat();
    let info = p4rt::p4info(&program).unwrap();
    let json = serde_json::to_vec(&program).unwrap();
    // A P4Info of another program is refused, naming what differs.
    let other = p4rt::p4info(&pipe::examples::acl()).unwrap();
    let e = c.set_pipeline(other, json.clone(), 1).await.unwrap_err();
    let s = e.status().unwrap();
    assert_eq!(s.code(), tonic::Code::InvalidArgument);
    assert!(s.message().contains("tables"), "{}", s.message());
    let e = c
        .set_pipeline(info.clone(), b"{".to_vec(), 1)
        .await
        .unwrap_err();
    assert!(
        e.status().unwrap().message().contains("p4_device_config"),
        "{e}"
    );
    c.set_pipeline(info.clone(), json.clone(), 42)
        .await
        .unwrap();
    let got = c.get_pipeline().await.unwrap();
    assert_eq!(got.p4info.as_ref(), Some(&info));
    assert_eq!(got.p4_device_config, json);
    assert_eq!(got.cookie.map(|c| c.cookie), Some(42));
    assert!(c.read(all_entries()).await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn write_atomicity_options() {
    let h = start(Some(pipe::examples::nat())).await;
    let mut c = Client::connect(&h.addr, 1, 1, T).await.unwrap();
    // CONTINUE_ON_ERROR: the good update stays, the bad one is reported by position.
    let e = c
        .write(
            vec![
                update(p4::update::Type::Insert, nat_entry(1, 11)),
                update(p4::update::Type::Insert, nat_entry(1, 12)),
                update(p4::update::Type::Insert, nat_entry(2, 22)),
            ],
            Atomicity::ContinueOnError,
        )
        .await
        .unwrap_err();
    let status = e.status().unwrap();
    assert_eq!(status.code(), tonic::Code::Unknown);
    let codes: Vec<i32> = write_errors(status)
        .iter()
        .map(|e| e.canonical_code)
        .collect();
    assert_eq!(
        codes,
        vec![0, tonic::Code::AlreadyExists as i32, 0],
        "{status:?}"
    );
    assert_eq!(c.read(all_entries()).await.unwrap().len(), 2);

    // ROLLBACK_ON_ERROR: nothing of a failing batch remains.
    let e = c
        .write(
            vec![
                update(p4::update::Type::Insert, nat_entry(3, 33)),
                update(p4::update::Type::Delete, nat_entry(99, 0)),
            ],
            Atomicity::RollbackOnError,
        )
        .await
        .unwrap_err();
    let codes: Vec<i32> = write_errors(e.status().unwrap())
        .iter()
        .map(|e| e.canonical_code)
        .collect();
    assert_eq!(
        codes,
        vec![tonic::Code::Aborted as i32, tonic::Code::NotFound as i32]
    );
    assert_eq!(c.read(all_entries()).await.unwrap().len(), 2);
    // A single failing update reports its own code, not ABORTED.
    let e = c
        .write(
            vec![update(p4::update::Type::Delete, nat_entry(98, 0))],
            Atomicity::RollbackOnError,
        )
        .await
        .unwrap_err();
    let codes: Vec<i32> = write_errors(e.status().unwrap())
        .iter()
        .map(|e| e.canonical_code)
        .collect();
    assert_eq!(codes, vec![tonic::Code::NotFound as i32]);

    // DATAPLANE_ATOMIC: one Gallium atomic update; a bad entry fails all of it.
    c.write(
        vec![
            update(p4::update::Type::Insert, nat_entry(3, 33)),
            update(p4::update::Type::Modify, nat_entry(1, 111)),
            update(p4::update::Type::Delete, nat_entry(2, 0)),
        ],
        Atomicity::DataplaneAtomic,
    )
    .await
    .unwrap();
    let mut got: Vec<p4::TableEntry> = c
        .read(all_entries())
        .await
        .unwrap()
        .into_iter()
        .filter_map(|e| match e.entity {
            Some(p4::entity::Entity::TableEntry(t)) => Some(t),
            _ => None,
        })
        .collect();
    got.sort_by_key(|t| match &t.r#match[3].field_match_type {
        Some(p4::field_match::FieldMatchType::Exact(x)) => x.value.clone(),
        _ => Vec::new(),
    });
    let mut want1 = nat_entry(1, 111);
    let mut want3 = nat_entry(3, 33);
    for w in [&mut want1, &mut want3] {
        // Canonical byte strings and the table's idle timeout come back.
        let canon = |v: &mut Vec<u8>| {
            *v = p4rt::value::encode(p4rt::value::decode(v, 64, "k").unwrap(), 64);
        };
        for m in &mut w.r#match {
            if let Some(p4::field_match::FieldMatchType::Exact(x)) = &mut m.field_match_type {
                canon(&mut x.value);
            }
        }
        if let Some(p4::TableAction {
            r#type: Some(p4::table_action::Type::Action(a)),
        }) = &mut w.action
        {
            for p in &mut a.params {
                canon(&mut p.value);
            }
        }
        w.idle_timeout_ns = 300_000_000_000;
    }
    assert_eq!(got, vec![want1, want3]);
    let e = c
        .write(
            vec![
                update(p4::update::Type::Insert, nat_entry(4, 44)),
                update(p4::update::Type::Insert, nat_entry(3, 34)),
            ],
            Atomicity::DataplaneAtomic,
        )
        .await
        .unwrap_err();
    let codes: Vec<i32> = write_errors(e.status().unwrap())
        .iter()
        .map(|e| e.canonical_code)
        .collect();
    assert_eq!(codes, vec![tonic::Code::AlreadyExists as i32; 2]);
    assert_eq!(c.read(all_entries()).await.unwrap().len(), 2);

    // Bad input is refused with the field named, never a panic.
    let mut bad = nat_entry(5, 55);
    bad.r#match[2] = exact(3, &[1, 0]);
    let e = c
        .write(
            vec![update(p4::update::Type::Insert, bad)],
            Atomicity::ContinueOnError,
        )
        .await
        .unwrap_err();
    let errs = write_errors(e.status().unwrap());
    assert_eq!(errs[0].canonical_code, tonic::Code::InvalidArgument as i32);
    assert!(
        errs[0].message.contains("ipv4.protocol"),
        "{}",
        errs[0].message
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn packet_out_in_registers_counters_and_idle_timeouts() {
    let h = start(Some(pipe::examples::nat())).await;
    let mut c = Client::connect(&h.addr, 1, 1, T).await.unwrap();
    // A flow the table does not know goes to the CPU port: packet-in, with
    // the port it entered on.
    c.packet_out(tcp_frame(7), Some(1)).unwrap();
    let pin = c.packet_in(T).await.unwrap();
    assert_eq!(pin.payload, tcp_frame(7));
    assert_eq!(pin.metadata[0].value, vec![1]);
    // The miss incremented next_port[0]; write it and read it back.
    let reg = p4::Entity {
        entity: Some(p4::entity::Entity::RegisterEntry(p4::RegisterEntry {
            register_id: p4rt::p4info::object_id(Prefix::Register, 0),
            index: Some(p4::Index { index: 0 }),
            data: None,
        })),
    };
    let read_reg = |r: Vec<p4::Entity>| match &r[0].entity {
        Some(p4::entity::Entity::RegisterEntry(e)) => match e.data.as_ref().unwrap().data {
            Some(p4::p4_data::Data::Bitstring(ref b)) => b.clone(),
            _ => panic!("not a bitstring"),
        },
        _ => panic!("not a register"),
    };
    assert_eq!(read_reg(c.read(vec![reg.clone()]).await.unwrap()), vec![1]);
    let mut w = reg.clone();
    if let Some(p4::entity::Entity::RegisterEntry(e)) = &mut w.entity {
        e.data = Some(p4::P4Data {
            data: Some(p4::p4_data::Data::Bitstring(vec![0x12, 0x34])),
        });
    }
    c.write(
        vec![p4::Update {
            r#type: p4::update::Type::Modify as i32,
            entity: Some(w),
        }],
        Atomicity::ContinueOnError,
    )
    .await
    .unwrap();
    assert_eq!(read_reg(c.read(vec![reg]).await.unwrap()), vec![0x12, 0x34]);

    // With the flow installed the packet is rewritten and leaves on port 3,
    // counted in nat_hits[3].
    c.write(
        vec![update(p4::update::Type::Insert, nat_entry(7, 7000))],
        Atomicity::ContinueOnError,
    )
    .await
    .unwrap();
    h.now.store(1_000_000_000, Ordering::SeqCst);
    c.packet_out(tcp_frame(7), Some(1)).unwrap();
    let counter = p4::Entity {
        entity: Some(p4::entity::Entity::CounterEntry(p4::CounterEntry {
            counter_id: p4rt::p4info::object_id(Prefix::Counter, 0),
            index: Some(p4::Index { index: 3 }),
            data: None,
        })),
    };
    let mut packets = 0;
    for _ in 0..200 {
        let r = c.read(vec![counter.clone()]).await.unwrap();
        if let Some(p4::entity::Entity::CounterEntry(e)) = &r[0].entity {
            packets = e.data.as_ref().unwrap().packet_count;
            if packets > 0 {
                assert_eq!(e.data.as_ref().unwrap().byte_count, 54);
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(packets, 1);
    assert_eq!(h.device.counters().emitted.load(Ordering::SeqCst), 1);

    // Idle for the table's 300 s after its last hit at 1 s: notified once.
    h.now.store(200_000_000_000, Ordering::SeqCst);
    assert!(c.idle_timeout(Duration::from_millis(100)).await.is_err());
    h.now.store(301_000_000_000, Ordering::SeqCst);
    let n = c.idle_timeout(T).await.unwrap();
    assert_eq!(n.table_entry.len(), 1);
    assert_eq!(n.table_entry[0].r#match[3], exact(4, &[7]));
    assert_eq!(
        n.table_entry[0].time_since_last_hit.unwrap().elapsed_ns,
        300_000_000_000
    );
    assert!(c.idle_timeout(Duration::from_millis(100)).await.is_err());
}

/// A device with two data-path workers: every Write reaches both copies of
/// the switch before it is answered, a Write that changes nothing is not
/// repeated, counters are summed over the copies, and an entry is idle only
/// when it is idle in both. The NAT's packets write a register, which
/// `packet_state` names (a daemon refuses several workers for it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_write_reaches_every_copy_counters_sum_and_idle_needs_both() {
    let h = start_workers(Some(pipe::examples::nat()), 2).await;
    assert_eq!(h.device.workers(), 2);
    let mut c = Client::connect(&h.addr, 1, 1, T).await.unwrap();
    c.write(
        vec![update(p4::update::Type::Insert, nat_entry(7, 7000))],
        Atomicity::ContinueOnError,
    )
    .await
    .unwrap();
    // A refused Write (the entry exists) changes neither copy.
    let e = c
        .write(
            vec![
                update(p4::update::Type::Insert, nat_entry(8, 8000)),
                update(p4::update::Type::Insert, nat_entry(7, 7001)),
            ],
            Atomicity::RollbackOnError,
        )
        .await
        .unwrap_err();
    assert_eq!(write_errors(e.status().unwrap()).len(), 2);
    h.now.store(1_000_000_000, Ordering::SeqCst);
    for worker in 0..2 {
        let (out, primary) = h.device.process_on(worker, 1, &tcp_frame(7)).unwrap();
        assert!(primary, "the client is primary");
        assert_eq!(
            out.verdict,
            pipe::Verdict::Emit { port: 3 },
            "worker {worker}"
        );
        // Source port rewritten to 7000 in both copies.
        assert_eq!(
            &out.bytes[34..36],
            &7000u16.to_be_bytes(),
            "worker {worker}"
        );
        let (miss, _) = h.device.process_on(worker, 1, &tcp_frame(8)).unwrap();
        assert_ne!(
            miss.verdict,
            pipe::Verdict::Emit { port: 3 },
            "worker {worker}"
        );
    }
    assert!(
        h.device.process_on(2, 1, &tcp_frame(7)).is_err(),
        "no worker 2"
    );
    // nat_hits[3]: one packet in each copy, read as two.
    let counter = p4::Entity {
        entity: Some(p4::entity::Entity::CounterEntry(p4::CounterEntry {
            counter_id: p4rt::p4info::object_id(Prefix::Counter, 0),
            index: Some(p4::Index { index: 3 }),
            data: None,
        })),
    };
    let r = c.read(vec![counter]).await.unwrap();
    let Some(p4::entity::Entity::CounterEntry(ce)) = &r[0].entity else {
        panic!("not a counter");
    };
    assert_eq!(ce.data.as_ref().unwrap().packet_count, 2);
    assert_eq!(h.device.data_plane_stats().unwrap().packets_in, 4);
    // Hit again in worker 1's copy only, at 200 s: at 301 s the entry is idle
    // in worker 0's copy but not in worker 1's, so not idle.
    h.now.store(200_000_000_000, Ordering::SeqCst);
    h.device.process_on(1, 1, &tcp_frame(7)).unwrap();
    h.now.store(301_000_000_000, Ordering::SeqCst);
    assert!(c.idle_timeout(Duration::from_millis(100)).await.is_err());
    h.now.store(501_000_000_000, Ordering::SeqCst);
    let n = c.idle_timeout(T).await.unwrap();
    assert_eq!(n.table_entry.len(), 1);
    assert_eq!(
        n.table_entry[0].time_since_last_hit.unwrap().elapsed_ns,
        301_000_000_000
    );
    // Packet-written state is named; a program without any is not.
    assert_eq!(
        p4rt::server::packet_state(&pipe::examples::nat()).as_deref(),
        Some("register `next_port`")
    );
    assert_eq!(p4rt::server::packet_state(&pipe::examples::acl()), None);
}

/// A Read asking for `time_since_last_hit` reports each entry's time since
/// a packet last hit it, in any copy of the switch, on the clock of the idle
/// notifications; an entry no packet hit counts from when it was written. A
/// Read without the field reports none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_reports_the_time_since_each_entry_was_last_hit() {
    let h = start_workers(Some(pipe::examples::nat()), 2).await;
    let mut c = Client::connect(&h.addr, 1, 1, T).await.unwrap();
    c.write(
        vec![
            update(p4::update::Type::Insert, nat_entry(7, 7000)),
            update(p4::update::Type::Insert, nat_entry(8, 8000)),
        ],
        Atomicity::ContinueOnError,
    )
    .await
    .unwrap();
    // Entry 7 hit at 1 s in worker 1's copy, at 2 s in worker 0's; entry 8
    // never.
    h.now.store(1_000_000_000, Ordering::SeqCst);
    h.device.process_on(1, 1, &tcp_frame(7)).unwrap();
    h.now.store(2_000_000_000, Ordering::SeqCst);
    h.device.process_on(0, 1, &tcp_frame(7)).unwrap();
    h.now.store(5_000_000_000, Ordering::SeqCst);
    let read = |with_hits: bool| p4::Entity {
        entity: Some(p4::entity::Entity::TableEntry(p4::TableEntry {
            table_id: table_id(0),
            time_since_last_hit: with_hits
                .then_some(p4::table_entry::IdleTimeout { elapsed_ns: 0 }),
            ..Default::default()
        })),
    };
    let elapsed = |r: Vec<p4::Entity>| -> Vec<(Vec<u8>, Option<i64>)> {
        let mut v: Vec<_> = r
            .iter()
            .map(|e| match &e.entity {
                Some(p4::entity::Entity::TableEntry(te)) => {
                    let Some(p4::field_match::FieldMatchType::Exact(x)) =
                        &te.r#match[3].field_match_type
                    else {
                        panic!("sport is exact")
                    };
                    (
                        x.value.clone(),
                        te.time_since_last_hit.map(|t| t.elapsed_ns),
                    )
                }
                _ => panic!("not a table entry"),
            })
            .collect();
        v.sort();
        v
    };
    let got = elapsed(c.read(vec![read(true)]).await.unwrap());
    assert_eq!(got.len(), 2);
    assert_eq!(got[0], (vec![7], Some(3_000_000_000)), "hit last at 2 s");
    let unhit = got[1].1.expect("entry 8 reports an elapsed time");
    assert_eq!(got[1].0, vec![8]);
    assert!(unhit > 3_000_000_000 && unhit <= 5_000_000_000, "{unhit}");
    // The copy that saw the later hit decides: worker 1 again at 4 s.
    h.now.store(4_000_000_000, Ordering::SeqCst);
    h.device.process_on(1, 1, &tcp_frame(7)).unwrap();
    h.now.store(5_000_000_000, Ordering::SeqCst);
    let got = elapsed(c.read(vec![read(true)]).await.unwrap());
    assert_eq!(got[0], (vec![7], Some(1_000_000_000)));
    // Without the field: no times.
    let got = elapsed(c.read(vec![read(false)]).await.unwrap());
    assert_eq!(got.len(), 2);
    assert!(got.iter().all(|(_, t)| t.is_none()), "{got:?}");
}
