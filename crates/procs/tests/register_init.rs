//! Register initial values over P4Runtime: a server whose connection set
//! the switch's pipeline (the switch had none, its registers are zero)
//! writes the program's switch registers at their initial values in its
//! resynchronisation; a later server, reconnecting to a switch that has
//! run since, leaves the data plane's values alone.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use p4rt::remote::RemoteSwitch;
use p4rt::server::{Clock, Device};
use port::MemPort;
use procs::serverd::ServerDaemon;

/// A register on the switch, starting at 7.
const SRC: &str = "register seen: u32 = 7;
on packet {
    seen = seen + 1;
    forward(in_port ^ 1);
}
";

fn server(ir: &ir::Program, program: &pipe::Program, addr: &str, clock: &Clock) -> ServerDaemon {
    let c =
        compiler::partition(ir, &compiler::Options::default()).unwrap_or_else(|e| panic!("{e}"));
    let init = compiler::tables::initial_state(&c);
    let remote = RemoteSwitch::connect(
        addr,
        1,
        1,
        program.clone(),
        clock.clone(),
        Duration::from_secs(5),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let runtime = server::Runtime::new(c).unwrap_or_else(|e| panic!("{e}"));
    let (link, _) = MemPort::new("link", 16_384);
    let mut s = ServerDaemon::new(
        runtime,
        remote,
        Box::new(link),
        clock.clone(),
        Duration::from_millis(100),
    );
    s.set_initial(&init);
    s
}

#[test]
fn a_fresh_switch_gets_register_initial_values_and_a_running_one_keeps_its_own() {
    let compiled = lang::compile("seen", SRC, &lang::Overrides::new(), &|_: &str| -> Result<
        String,
        String,
    > {
        Err("no files".into())
    })
    .unwrap_or_else(|e| panic!("{e:?}"));
    let c = compiler::partition(&compiled.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let init = compiler::tables::initial_state(&c);
    assert_eq!(init.registers.len(), 1, "the counter lives on the switch");
    let (reg, value) = init.registers[0].clone();
    assert_eq!(value, 7);
    let program = compiler::lower_switch::lower_switch(&c)
        .unwrap_or_else(|e| panic!("{e}"))
        .program;

    let now = Arc::new(AtomicU64::new(0));
    let clock: Clock = {
        let now = now.clone();
        Arc::new(move || Duration::from_nanos(now.load(Ordering::SeqCst)))
    };
    // A switch daemon with no program yet.
    let device = Arc::new(Device::new(1, clock.clone()));
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap_or_else(|e| panic!("{e}"));
    let listener = rt
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap_or_else(|e| panic!("{e}"));
    let addr = format!(
        "http://{}",
        listener.local_addr().unwrap_or_else(|e| panic!("{e}"))
    );
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    rt.spawn(p4rt::server::serve(
        device.clone(),
        listener,
        Duration::from_millis(50),
        async {
            let _ = stopped.await;
        },
    ));
    let read = || {
        device
            .with_switch(|sw| sw.read_register(&reg, 0))
            .expect("loaded")
            .unwrap_or_else(|e| panic!("{e}"))
    };

    // The first server sets the pipeline: the register is zero until its
    // resynchronisation writes the initial value.
    let mut first = server(&compiled.program, &program, &addr, &clock);
    assert_eq!(read(), 0, "a fresh pipeline's register");
    let r = first.resync().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((r.registers, r.failures), (1, 0));
    assert_eq!(read(), 7);
    // Only once per fresh pipeline.
    assert_eq!(
        first.resync().unwrap_or_else(|e| panic!("{e}")).registers,
        0
    );

    // The switch has run since: its data plane moved the register on.
    let counted = 42;
    device
        .with_switch_mut(|sw| sw.write_register(&reg, 0, counted))
        .expect("loaded")
        .unwrap_or_else(|e| panic!("{e}"));

    // A new server (the first one went away) finds the pipeline set and
    // the data plane's value kept.
    drop(first);
    assert!(
        (0..300).any(|_| {
            std::thread::sleep(Duration::from_millis(10));
            !device.has_primary()
        }),
        "the switch notices the closed stream"
    );
    let mut second = server(&compiled.program, &program, &addr, &clock);
    let r = second.resync().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.registers, 0);
    assert_eq!(read(), counted, "a running switch keeps its register");
    let _ = stop.send(());
}
