//! The two P4Runtime switches the `table3` and `channel` benches drive:
//! Tandem's own (`p4rt::server` over the model, in this process, gRPC on the
//! loopback) and BMv2 `simple_switch_grpc` running the p4c-compiled program.

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use p4rt::proto::p4::config::v1 as cfg;
use p4rt::server::{Clock, Device, serve};
use pipe::Program;

/// Tandem's switch serving `program` on a loopback port of `rt`; it stops
/// when this is dropped.
pub struct TandemSwitch {
    /// `http://127.0.0.1:PORT`.
    pub addr: String,
    /// The switch's clock (time since it started).
    pub clock: Clock,
    _stop: tokio::sync::oneshot::Sender<()>,
}

/// Starts Tandem's switch (device id 1) with `program` loaded, its server a
/// task of `rt`.
pub fn tandem_switch(rt: &tokio::runtime::Runtime, program: &Program) -> TandemSwitch {
    let start = Instant::now();
    let clock: Clock = Arc::new(move || start.elapsed());
    let device = Arc::new(Device::new(1, clock.clone()));
    device.load(program.clone()).expect("bench program");
    let (addr, stop) = rt.block_on(async {
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
    TandemSwitch {
        addr,
        clock,
        _stop: stop,
    }
}

/// A running `simple_switch_grpc` (device id 1, no program loaded yet) and
/// what p4c made of the program; the process is killed when this is dropped.
pub struct Bmv2 {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub addr: String,
    /// p4c's P4Info of the program.
    pub info: cfg::P4Info,
    /// p4c's BMv2 JSON of the program (the device config to load).
    pub json: Vec<u8>,
    _dir: tempfile::TempDir,
}

impl Drop for Bmv2 {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Emits `program` as v1model P4, compiles it with `p4c-bm2-ss` and starts
/// `simple_switch_grpc` on a free loopback port. Err: why not (p4c or
/// simple_switch_grpc not found: neither on PATH nor in TANDEM_P4C /
/// TANDEM_BMV2), for the bench to print and leave BMv2 out.
pub fn bmv2(program: &Program) -> Result<Bmv2, String> {
    let p4c = p4gen::p4c::P4c::find().map_err(|e| e.to_string())?;
    let ssg =
        p4gen::p4c::find_tool("TANDEM_BMV2", "simple_switch_grpc").map_err(|e| e.to_string())?;
    let dir = tempfile::tempdir().expect("temporary directory");
    let src = p4gen::emit(program, p4gen::Arch::V1model).expect("emits");
    let file = dir.path().join("bench.p4");
    std::fs::write(&file, src).expect("write P4");
    let (json, txt) = (
        dir.path().join("bench.json"),
        dir.path().join("bench.txtpb"),
    );
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
    let json = std::fs::read(&json).expect("JSON");
    // A port free a moment ago; simple_switch_grpc binds it right after.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free loopback port")
        .port();
    let grpc = format!("127.0.0.1:{port}");
    let child = Command::new(&ssg)
        .args([
            "--device-id",
            "1",
            "--no-p4",
            "--",
            "--grpc-server-addr",
            &grpc,
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start simple_switch_grpc");
    Ok(Bmv2 {
        child,
        addr: format!("http://{grpc}"),
        info,
        json,
        _dir: dir,
    })
}

/// Calls `connect` until it succeeds or 20 s have passed (a starting
/// `simple_switch_grpc` listens within a fraction of a second).
pub fn retry<T, E: std::fmt::Display>(what: &str, mut connect: impl FnMut() -> Result<T, E>) -> T {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        match connect() {
            Ok(r) => return r,
            Err(e) if Instant::now() > deadline => panic!("{what}: {e}"),
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}
