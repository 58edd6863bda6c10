//! Gallium Table 3 on the P4Runtime switches Tandem drives: the latency of one
//! server-side atomic update of 1, 2 or 4 tables (one entry each), insert,
//! modify and delete, from `RemoteSwitch`'s call until the switch has
//! acknowledged it (the commit point: held packets may leave).
//!
//! - `table3/tandem_switch`: Tandem's own switch (`p4rt::server` over the
//!   model, in this process, gRPC on the loopback): one `DATAPLANE_ATOMIC`
//!   Write, the daemon runs the write-back cycle.
//! - `table3/simple_switch_grpc`: BMv2 running the p4c-compiled program,
//!   the five `CONTINUE_ON_ERROR` Writes of the write-back cycle sent by the
//!   client (`p4rt::remote`, phased); the call returns after all five, so this
//!   is the whole cycle, an upper bound on the time to visibility. Needs p4c
//!   and simple_switch_grpc (PATH or TANDEM_P4C / TANDEM_BMV2); left out with
//!   a printed reason without them.
//!
//! Each iteration is one update; insert, modify and delete follow each other
//! on the same keys so that the tables end as they began.
//!
//! `cargo bench -p p4rt --bench table3`

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use p4rt::remote::RemoteSwitch;
use p4rt::server::{Device, serve};
use pipe::builder::*;
use pipe::{KeyMatch, SwitchControl, TableEntry, Update};

/// A program with `TABLES` exact tables on the TCP 5-tuple, each with a
/// write-back table, all applied to every TCP packet.
const TABLES: usize = 4;

fn program() -> pipe::Program {
    let mut b = ProgramBuilder::new("table3");
    pipe::examples::ethernet_ipv4_l4(&mut b);
    b.action(
        action("rewrite")
            .param("src", 32)
            .param("sport", 16)
            .assign("ipv4.src", p("src"))
            .assign("tcp.src_port", p("sport")),
    );
    b.action(action("pass"));
    for t in 0..TABLES {
        b.table(
            table(&format!("t{t}"))
                .exact("ipv4.src")
                .exact("ipv4.dst")
                .exact("ipv4.protocol")
                .exact("tcp.src_port")
                .exact("tcp.dst_port")
                .action("rewrite")
                .default_action("pass", &[])
                .size(1024)
                .write_back(64),
        );
    }
    b.ingress(vec![if_(
        valid("tcp"),
        (0..TABLES).map(|t| apply(&format!("t{t}"))).collect(),
        vec![],
    )]);
    b.build().expect("the bench program is valid")
}

fn entry(sport: u64) -> TableEntry {
    TableEntry {
        key: vec![
            KeyMatch::Exact(0xc612_0001),
            KeyMatch::Exact(0xc613_0001),
            KeyMatch::Exact(6),
            KeyMatch::Exact(1000),
            KeyMatch::Exact(80),
        ],
        action: "rewrite".into(),
        args: vec![0xc613_0000, sport],
        priority: 0,
    }
}

/// The update of `kind` on tables `t0..tables`.
fn update(kind: &str, tables: usize) -> Vec<Update> {
    (0..tables)
        .map(|t| {
            let table = format!("t{t}");
            match kind {
                "insert" => Update::Insert {
                    table,
                    entry: entry(1),
                },
                "modify" => Update::Modify {
                    table,
                    entry: entry(2),
                },
                _ => Update::Delete {
                    table,
                    key: entry(0).key,
                    priority: 0,
                },
            }
        })
        .collect()
}

/// Runs the nine cases on `remote`: each measured case is preceded (not
/// timed) by what makes it possible and followed by what undoes it.
fn cases(c: &mut Criterion, group: &str, remote: &mut RemoteSwitch, clock: &p4rt::server::Clock) {
    let mut g = c.benchmark_group(format!("table3/{group}"));
    g.sample_size(30);
    g.measurement_time(Duration::from_secs(3));
    for tables in [1usize, 2, 4] {
        for kind in ["insert", "modify", "delete"] {
            let (ins, m, del) = (
                update("insert", tables),
                update("modify", tables),
                update("delete", tables),
            );
            let send = |u: &[Update], remote: &mut RemoteSwitch| {
                remote
                    .atomic_update_requested(clock(), u, &[])
                    .expect("update taken");
                remote.drain();
                assert!(
                    remote.is_connected() && !remote.take_refused(),
                    "{group}: update refused: {:?}",
                    remote.last_failure()
                );
            };
            g.bench_function(format!("{tables}_tables/{kind}"), |b| {
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        if kind != "insert" {
                            send(&ins, remote);
                        }
                        let (u, undo) = match kind {
                            "insert" => (&ins, Some(&del)),
                            "modify" => (&m, Some(&del)),
                            _ => (&del, None),
                        };
                        let t = Instant::now();
                        send(u, remote);
                        total += t.elapsed();
                        if let Some(undo) = undo {
                            send(undo, remote);
                        }
                    }
                    total
                })
            });
        }
    }
    g.finish();
}

fn tandem_switch(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    let program = program();
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
    let mut remote =
        RemoteSwitch::connect(&addr, 1, 1, program, clock.clone(), Duration::from_secs(5))
            .expect("connect to the in-process switch");
    cases(c, "tandem_switch", &mut remote, &clock);
}

struct Bmv2(Child);

impl Drop for Bmv2 {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn simple_switch_grpc(c: &mut Criterion) {
    let tools = p4gen::p4c::P4c::find()
        .and_then(|p| p4gen::p4c::find_tool("TANDEM_BMV2", "simple_switch_grpc").map(|s| (p, s)));
    let (p4c, ssg) = match tools {
        Ok(t) => t,
        Err(e) => {
            println!("table3/simple_switch_grpc left out: {e}");
            return;
        }
    };
    let program = program();
    let dir = tempfile::tempdir().expect("temporary directory");
    let src = p4gen::emit(&program, p4gen::Arch::V1model).expect("emits");
    let file = dir.path().join("table3.p4");
    std::fs::write(&file, src).expect("write P4");
    let (json, txt) = (dir.path().join("t.json"), dir.path().join("t.txtpb"));
    let out = Command::new(&p4c.bm2)
        .arg(&file)
        .arg("-o")
        .arg(&json)
        .arg("--p4runtime-files")
        .arg(&txt)
        .output()
        .expect("run p4c-bm2-ss");
    assert!(out.status.success(), "p4c: {out:?}");
    let info = p4rt::from_text(&std::fs::read_to_string(&txt).expect("P4Info")).expect("parse");
    let load = (info, std::fs::read(&json).expect("JSON"));
    let port = 40_000 + (std::process::id() % 20_000) as u16;
    let addr = format!("127.0.0.1:{port}");
    let _bmv2 = Bmv2(
        Command::new(&ssg)
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
    let start = Instant::now();
    let clock: p4rt::server::Clock = Arc::new(move || start.elapsed());
    let url = format!("http://{addr}");
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut remote = loop {
        match RemoteSwitch::connect_with(
            &url,
            1,
            1,
            program.clone(),
            clock.clone(),
            Duration::from_secs(5),
            Some(load.clone()),
        ) {
            Ok(r) => break r,
            Err(e) if Instant::now() > deadline => panic!("simple_switch_grpc: {e}"),
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    };
    remote.begin_resync().expect("begin");
    remote.end_resync().expect("end");
    cases(c, "simple_switch_grpc", &mut remote, &clock);
}

criterion_group!(benches, tandem_switch, simple_switch_grpc);
criterion_main!(benches);
