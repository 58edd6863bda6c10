//! Random Writes and Reads from a client never make the server panic: every
//! malformed id, field, width, byte string or kind is answered with a gRPC
//! status, and the switch keeps serving. Seeded, so a failure reproduces.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use p4rt::client::{Client, write_errors};
use p4rt::proto::p4::v1 as p4;
use p4rt::proto::p4::v1::write_request::Atomicity;
use p4rt::server::{Device, serve};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

static PANICKED: AtomicBool = AtomicBool::new(false);

fn bytes(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let n = rng.random_range(0..11);
    (0..n).map(|_| rng.random()).collect()
}

/// An id that is often valid, sometimes of the right kind but out of range,
/// sometimes anything.
fn id(rng: &mut ChaCha8Rng, prefix: u32) -> u32 {
    match rng.random_range(0..4) {
        0 => rng.random(),
        1 => (prefix << 24) | rng.random_range(0..6),
        _ => (prefix << 24) | 1,
    }
}

fn field_match(rng: &mut ChaCha8Rng) -> p4::FieldMatch {
    use p4::field_match::*;
    let t = match rng.random_range(0..6) {
        0 => FieldMatchType::Ternary(Ternary {
            value: bytes(rng),
            mask: bytes(rng),
        }),
        1 => FieldMatchType::Lpm(Lpm {
            value: bytes(rng),
            prefix_len: rng.random_range(-2..70),
        }),
        2 => FieldMatchType::Range(Range {
            low: bytes(rng),
            high: bytes(rng),
        }),
        _ => FieldMatchType::Exact(Exact { value: bytes(rng) }),
    };
    p4::FieldMatch {
        field_id: rng.random_range(0..8),
        field_match_type: (rng.random_range(0..10) > 0).then_some(t),
    }
}

fn entity(rng: &mut ChaCha8Rng) -> p4::Entity {
    use p4::entity::Entity as E;
    let e = match rng.random_range(0..10) {
        0 => E::RegisterEntry(p4::RegisterEntry {
            register_id: id(rng, 0x16),
            index: (rng.random_range(0..3) > 0).then(|| p4::Index {
                index: rng.random_range(-2..4),
            }),
            data: Some(p4::P4Data {
                data: Some(p4::p4_data::Data::Bitstring(bytes(rng))),
            }),
        }),
        1 => E::CounterEntry(p4::CounterEntry {
            counter_id: id(rng, 0x12),
            index: Some(p4::Index {
                index: rng.random_range(-2..600),
            }),
            data: None,
        }),
        2 => E::MeterEntry(p4::MeterEntry::default()),
        _ => E::TableEntry(p4::TableEntry {
            table_id: id(rng, 0x02),
            r#match: (0..rng.random_range(0..7))
                .map(|_| field_match(rng))
                .collect(),
            action: (rng.random_range(0..8) > 0).then(|| p4::TableAction {
                r#type: Some(p4::table_action::Type::Action(p4::Action {
                    action_id: id(rng, 0x01),
                    params: (0..rng.random_range(0..5))
                        .map(|_| p4::action::Param {
                            param_id: rng.random_range(0..5),
                            value: bytes(rng),
                        })
                        .collect(),
                })),
            }),
            priority: rng.random_range(-1..3),
            is_default_action: rng.random_range(0..20) == 0,
            idle_timeout_ns: [0, 0, 0, 300_000_000_000, 5][rng.random_range(0..5)],
            ..Default::default()
        }),
    };
    p4::Entity { entity: Some(e) }
}

/// A well-formed insert into the NAT table with a random key.
fn valid_nat_insert(rng: &mut ChaCha8Rng) -> p4::Update {
    use p4::field_match::{Exact, FieldMatchType};
    let exact = |id: u32, v: u64, w: u8| p4::FieldMatch {
        field_id: id,
        field_match_type: Some(FieldMatchType::Exact(Exact {
            value: p4rt::value::encode(v, w),
        })),
    };
    let param = |id: u32, v: u64, w: u8| p4::action::Param {
        param_id: id,
        value: p4rt::value::encode(v, w),
    };
    let e = p4::TableEntry {
        table_id: 0x0200_0001,
        r#match: vec![
            exact(1, rng.random::<u32>().into(), 32),
            exact(2, rng.random::<u32>().into(), 32),
            exact(3, 6, 8),
            exact(4, rng.random::<u16>().into(), 16),
            exact(5, 80, 16),
        ],
        action: Some(p4::TableAction {
            r#type: Some(p4::table_action::Type::Action(p4::Action {
                action_id: 0x0100_0001,
                params: vec![
                    param(1, rng.random::<u32>().into(), 32),
                    param(2, rng.random::<u16>().into(), 16),
                    param(3, rng.random_range(0..512), 9),
                ],
            })),
        }),
        ..Default::default()
    };
    p4::Update {
        r#type: p4::update::Type::Insert as i32,
        entity: Some(p4::Entity {
            entity: Some(p4::entity::Entity::TableEntry(e)),
        }),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_writes_and_reads_are_answered_never_panic() {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        PANICKED.store(true, Ordering::SeqCst);
        hook(info);
    }));
    let now = Arc::new(AtomicU64::new(0));
    let clock = {
        let now = now.clone();
        Arc::new(move || Duration::from_nanos(now.load(Ordering::SeqCst)))
    };
    let device = Arc::new(Device::new(1, clock));
    // The ACL has ternary and LPM fields; the NAT exact ones, registers and counters.
    let acl = pipe::examples::acl();
    device.load(pipe::examples::nat()).expect("nat loads");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("loopback port");
    let addr = format!("http://{}", listener.local_addr().expect("address"));
    let (_stop, rx) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(serve(
        device.clone(),
        listener,
        Duration::from_millis(5),
        async {
            let _ = rx.await;
        },
    ));
    let mut c = Client::connect(&addr, 1, 1, Duration::from_secs(5))
        .await
        .expect("connect");
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let mut refused = 0;
    let mut applied = 0;
    for round in 0..600 {
        if round == 300 {
            // Half the rounds against a program with ternary and LPM keys.
            let info = p4rt::p4info(&acl).expect("acl P4Info");
            c.set_pipeline(info, serde_json::to_vec(&acl).expect("json"), 2)
                .await
                .expect("acl loads");
        }
        let n = rng.random_range(1..5);
        let updates = (0..n)
            .map(|_| {
                if round < 300 && rng.random_range(0..3) == 0 {
                    valid_nat_insert(&mut rng)
                } else {
                    p4::Update {
                        r#type: rng.random_range(0..5),
                        entity: Some(entity(&mut rng)),
                    }
                }
            })
            .collect();
        let atomicity = [
            Atomicity::ContinueOnError,
            Atomicity::RollbackOnError,
            Atomicity::DataplaneAtomic,
        ][rng.random_range(0..3)];
        match c.write(updates, atomicity).await {
            Ok(()) => applied += 1,
            Err(e) => {
                let status = e.status().expect("a gRPC status, not a broken connection");
                if status.code() == tonic::Code::Unknown {
                    assert_eq!(write_errors(status).len(), n, "one error per update");
                }
                refused += 1;
            }
        }
        let _ = c.read(vec![entity(&mut rng)]).await;
        now.fetch_add(1_000_000_000, Ordering::SeqCst);
        assert!(
            !PANICKED.load(Ordering::SeqCst),
            "the server panicked in round {round}"
        );
    }
    // Still serving.
    assert_eq!(c.capabilities().await.expect("capabilities"), "1.4.1");
    assert!(refused > 0, "no random Write was refused");
    assert!(applied > 0, "no random Write was applied");
}
