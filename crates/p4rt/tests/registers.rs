//! Register cells and meter configurations over P4Runtime: the crate's
//! client against the server over the switch model, through real gRPC on
//! the loopback. What a Write puts in is what the model holds and what a
//! Read gives back; refusals name the problem and change nothing; a meter
//! configured over P4Runtime meters the switch's packets.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use p4rt::client::{Client, RegisterCell, meter_update, register_update, write_errors};
use p4rt::proto::p4::v1 as p4;
use p4rt::proto::p4::v1::write_request::Atomicity;
use p4rt::schema::Schema;
use p4rt::server::{Device, serve};

const T: Duration = Duration::from_secs(5);

struct Harness {
    addr: String,
    device: Arc<Device>,
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

async fn start(program: pipe::Program) -> Harness {
    let now = Arc::new(AtomicU64::new(0));
    let clock = {
        let now = now.clone();
        Arc::new(move || Duration::from_nanos(now.load(Ordering::SeqCst)))
    };
    let device = Arc::new(Device::new(1, clock));
    device.load(program).expect("program loads");
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

/// CoFilter's switch program on tiny tables: registers of 1, 8 and 16 bits
/// (activity, high bytes, nibble words, state bits) and the miss meter.
fn cofilter() -> pipe::Program {
    let layout = filter::layout::Layout {
        fp_bits: 12,
        slot_bits: 4,
        rows: [3, 2, 4, 1],
        exact_entries: 64,
        state_bits: 2,
    };
    let p = filter::program::Placement::fitting(layout, 80);
    filter::program::build(&p).expect("valid program")
}

fn model(h: &Harness, register: &str, index: u32) -> u64 {
    h.device
        .with_switch(|sw| sw.read_register(register, index))
        .expect("loaded")
        .expect("register cell")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn register_cells_written_over_p4runtime_are_the_models_and_read_back() {
    let program = cofilter();
    let schema = Schema::new(program.clone());
    let h = start(program).await;
    let mut c = Client::connect(&h.addr, 1, 1, T).await.expect("connects");
    assert!(c.is_primary());
    let id = |name: &str| schema.register_id(name).expect("register");
    let (hi, lo, act, q) = (id("way0_p0"), id("way1_lo0"), id("way2_act"), id("way3_q"));

    // One Write of cells in four arrays of three widths.
    let writes = [
        (hi, 5, 0xab),
        (hi, 17, 0xff),
        (lo, 3, 0xbeef),
        (act, 40, 1),
        (q, 9, 1),
    ];
    let updates = writes
        .iter()
        .map(|&(r, i, v)| register_update(r, Some(i), v))
        .collect();
    c.write(updates, Atomicity::ContinueOnError)
        .await
        .expect("register writes");
    for (name, i, v) in [
        ("way0_p0", 5, 0xab),
        ("way0_p0", 17, 0xff),
        ("way1_lo0", 3, 0xbeef),
        ("way2_act", 40, 1),
        ("way3_q", 9, 1),
    ] {
        assert_eq!(model(&h, name, i), v, "{name}[{i}] in the model");
    }
    // Read back: single cells in the order asked, then a whole array.
    let got = c
        .read_registers(&[(lo, Some(3)), (hi, Some(5)), (hi, Some(6)), (q, Some(9))])
        .await
        .expect("read");
    let want = [(lo, 3, 0xbeef), (hi, 5, 0xab), (hi, 6, 0), (q, 9, 1)].map(
        |(register_id, index, value)| RegisterCell {
            register_id,
            index,
            value,
        },
    );
    assert_eq!(got, want);
    let whole = c.read_registers(&[(hi, None)]).await.expect("read all");
    let cells = h
        .device
        .with_switch(|sw| sw.register_cells("way0_p0").map(<[u64]>::to_vec))
        .expect("loaded")
        .expect("cells");
    assert_eq!(whole.len(), cells.len());
    assert!(
        whole
            .iter()
            .enumerate()
            .all(|(i, x)| x.index == i as u64 && x.value == cells[i] && x.register_id == hi)
    );
    assert_eq!(whole.iter().filter(|x| x.value != 0).count(), 2);

    // A whole array at once (no index): every cell.
    c.write(
        vec![register_update(act, None, 1)],
        Atomicity::ContinueOnError,
    )
    .await
    .expect("fill");
    let all = c.read_registers(&[(act, None)]).await.expect("read");
    assert!(!all.is_empty() && all.iter().all(|x| x.value == 1));

    // Refusals, each naming its problem; the batch's good update still lands
    // (CONTINUE_ON_ERROR), the bad ones change nothing.
    let bad = vec![
        register_update(hi, Some(10_000), 1),
        register_update(hi, Some(7), 0x1ff),
        p4::Update {
            r#type: p4::update::Type::Insert as i32,
            ..register_update(hi, Some(8), 1)
        },
        register_update(0x0300_00ff, Some(0), 1),
        register_update(hi, Some(9), 0x42),
    ];
    let e = c
        .write(bad, Atomicity::ContinueOnError)
        .await
        .expect_err("refused");
    let errors = write_errors(e.status().expect("a status"));
    let codes: Vec<i32> = errors.iter().map(|x| x.canonical_code).collect();
    use tonic::Code;
    assert_eq!(
        codes,
        [
            Code::OutOfRange,
            Code::InvalidArgument,
            Code::InvalidArgument,
            Code::NotFound,
            Code::Ok
        ]
        .map(|c| c as i32)
    );
    assert!(
        errors[0].message.contains("way0_p0"),
        "{}",
        errors[0].message
    );
    assert!(
        errors[1].message.contains("does not fit"),
        "{}",
        errors[1].message
    );
    assert_eq!(model(&h, "way0_p0", 7), 0);
    assert_eq!(model(&h, "way0_p0", 8), 0);
    assert_eq!(model(&h, "way0_p0", 9), 0x42);
    let e = c
        .read_registers(&[(hi, Some(10_000))])
        .await
        .expect_err("outside the array");
    assert_eq!(e.status().map(tonic::Status::code), Some(Code::OutOfRange));

    // Only the primary writes.
    let mut backup = Client::connect(&h.addr, 1, 0, T).await.expect("connects");
    assert!(!backup.is_primary());
    let e = backup
        .write(
            vec![register_update(hi, Some(1), 1)],
            Atomicity::ContinueOnError,
        )
        .await
        .expect_err("not primary");
    assert_eq!(
        e.status().map(tonic::Status::code),
        Some(Code::PermissionDenied)
    );
    assert_eq!(model(&h, "way0_p0", 1), 0);
}

/// An IPv4/UDP frame into the policer.
fn frame() -> Vec<u8> {
    let mut f = vec![2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, 0x08, 0x00];
    f.extend_from_slice(&[0x45, 0, 0, 28, 0, 1, 0, 0, 64, 17, 0, 0]);
    f.extend_from_slice(&[198, 18, 0, 1, 198, 19, 0, 1]);
    f.extend_from_slice(&[0x30, 0x39, 0, 53, 0, 8, 0, 0]);
    f
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_meter_configured_over_p4runtime_meters_the_switchs_packets() {
    let program = pipe::examples::policer();
    let schema = Schema::new(program.clone());
    let h = start(program).await;
    h.device
        .with_switch_mut(|sw| sw.insert("port_map", pipe::TableEntry::exact(&[3], "fwd", &[4])))
        .expect("loaded")
        .expect("port entry");
    let mut c = Client::connect(&h.addr, 1, 1, T).await.expect("connects");
    let meter = schema.meter_id("port_meter").expect("meter");
    // Unconfigured: every packet green, read as no config.
    assert_eq!(c.read_meter(meter, 3).await.expect("read"), None);
    let config = p4::MeterConfig {
        cir: 1000,
        cburst: 2,
        pir: 1000,
        pburst: 2,
        eburst: 0,
    };
    c.write(
        vec![meter_update(meter, Some(3), Some(config))],
        Atomicity::ContinueOnError,
    )
    .await
    .expect("configure");
    assert_eq!(c.read_meter(meter, 3).await.expect("read"), Some(config));
    assert_eq!(c.read_meter(meter, 4).await.expect("read"), None);
    // Five packets in one microsecond on port 3: a burst of two passes, the
    // rest is red and dropped; 5 ms later (5 tokens at 1,000/s, capped at 2)
    // two more pass.
    let run = |n: usize| {
        (0..n)
            .filter(|_| {
                h.now.fetch_add(100, Ordering::SeqCst);
                matches!(
                    h.device.process(3, &frame()).expect("runs").0.verdict,
                    pipe::Verdict::Emit { port: 4 }
                )
            })
            .count()
    };
    assert_eq!(run(5), 2);
    h.now.fetch_add(5_000_000, Ordering::SeqCst);
    assert_eq!(run(5), 2);
    // Unconfigured again: everything passes.
    c.write(
        vec![meter_update(meter, Some(3), None)],
        Atomicity::ContinueOnError,
    )
    .await
    .expect("unconfigure");
    assert_eq!(run(5), 5);
    // Refusals: a negative rate, a peak below the committed rate, an index
    // outside the array, an unknown meter.
    for (u, code) in [
        (
            meter_update(meter, Some(3), Some(p4::MeterConfig { cir: -1, ..config })),
            tonic::Code::InvalidArgument,
        ),
        (
            meter_update(meter, Some(3), Some(p4::MeterConfig { pir: 10, ..config })),
            tonic::Code::InvalidArgument,
        ),
        (
            meter_update(meter, Some(512), Some(config)),
            tonic::Code::OutOfRange,
        ),
        (
            meter_update(meter + 1, Some(0), Some(config)),
            tonic::Code::NotFound,
        ),
    ] {
        let e = c
            .write(vec![u], Atomicity::ContinueOnError)
            .await
            .expect_err("refused");
        let errors = write_errors(e.status().expect("status"));
        assert_eq!(errors.len(), 1);
        assert_eq!(
            errors[0].canonical_code, code as i32,
            "{}",
            errors[0].message
        );
    }
    assert_eq!(c.read_meter(meter, 3).await.expect("read"), None);
}
