//! `tandem switch --grpc ADDR [PROGRAM]`: the switch model as a P4Runtime
//! server (docs/SWITCH.md, "On real targets — P4Runtime"); with `-p PORT=IF`
//! and `--cpu-port IF` also its data path on interfaces, with the server
//! runtime in another process (`tandem server`, docs/LIVE.md, "Two
//! processes").

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use anyhow::Context;

/// Options of `tandem switch`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "PROGRAM is a switch program as Tandem runs it: the `switch.pipe.json`
that `tandem compile` writes (or its output directory), or any `pipe`
program as JSON. Without PROGRAM the switch waits for a client's
SetForwardingPipelineConfig, whose device config is such a JSON file.

Examples:
  tandem compile examples/nf/mazunat.nf -o out/mazunat
  tandem switch --grpc 127.0.0.1:9559 out/mazunat
  tandem switch --grpc 127.0.0.1:9559 examples/nf/mazunat.nf
  python -m p4runtime_sh --grpc-addr 127.0.0.1:9559 --device-id 1 --election-id 0,1

Beyond loopback, over TLS with client certificates (docs/SWITCH.md, \"TLS\"):
  tandem switch --grpc 198.18.0.1:9559 out/mazunat --tls-cert switch.pem --tls-key switch.key --tls-ca ca.pem
  tandem server examples/nf/mazunat.nf --switch 198.18.0.1:9559 --link veth-srv \\
      --tls-ca ca.pem --tls-cert server.pem --tls-key server.key

Live, with the server runtime in another process (docs/LIVE.md, \"Two processes\"):
  tandem switch examples/nf/mazunat.nf --grpc 127.0.0.1:9559 -p 0=veth-in -p 1=veth-out --cpu-port veth-cpu
  tandem server examples/nf/mazunat.nf --switch 127.0.0.1:9559 --link veth-srv

CoFilter, with its CPU agent in another process:
  tandem filter p4 --output-dir cof/
  tandem switch cof/cofilter.pipe.json --grpc 127.0.0.1:9559 -p 0=veth-in -p 1=veth-out --cpu-port veth-cpu
  tandem filter agent --switch 127.0.0.1:9559 --link veth-agent --allow-inbound 22,80"
)]
pub struct SwitchArgs {
    /// Serve P4Runtime (gRPC) on this address, e.g. 127.0.0.1:9559. An
    /// address beyond loopback needs TLS (--tls-cert, --tls-key, --tls-ca)
    /// or --insecure.
    #[arg(long, value_name = "ADDR")]
    grpc: String,
    /// The switch program (see below).
    program: Option<PathBuf>,
    #[command(flatten)]
    params: crate::params::ParamArgs,
    /// P4Runtime device id.
    #[arg(long, default_value_t = 1)]
    device_id: u64,
    /// How often idle timeouts are checked, in milliseconds.
    #[arg(long, default_value_t = 100, value_name = "MS")]
    idle_poll_ms: u64,
    /// Run the data path live: bind switch port PORT to interface IF (repeat
    /// for every port). Needs PROGRAM, --cpu-port and root.
    #[arg(
        long = "port",
        short = 'p',
        value_name = "PORT=IF",
        requires = "cpu_port"
    )]
    ports: Vec<crate::live_cmd::PortBinding>,
    /// The interface of the CPU (server) port: punted packets leave on it with
    /// their transfer header, resumed packets come back on it.
    #[arg(long, value_name = "IF", requires = "ports")]
    cpu_port: Option<String>,
    /// The switch port number the CPU interface stands for [default: 64, the
    /// server port, for an `.nf`; the program's CPU port otherwise].
    #[arg(long, value_name = "N", requires = "cpu_port")]
    server_port_number: Option<u16>,
    /// With ports: record what enters each traffic port (DIR/in/portN.pcap)
    /// and what the program sends out of it (DIR/out/portN.pcap), as
    /// `tandem live --record` does; the inputs replay through `tandem run
    /// PROGRAM --input 0=DIR/in/port0.pcap ...` (docs/LIVE.md, "Two
    /// processes": what a replay must match).
    #[arg(long, value_name = "DIR", requires = "ports")]
    record: Option<PathBuf>,
    /// Open the interfaces and the gRPC listener in this network namespace.
    #[arg(long, value_name = "NAME")]
    netns: Option<String>,
    /// With ports: print a JSON status line (data path, ports, switch, table
    /// sizes) on stderr every SECS seconds.
    #[arg(long, value_name = "SECS")]
    status_every: Option<f64>,
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECS")]
    duration: Option<f64>,
    /// With ports: run the data path on N threads, each with its own sockets
    /// on every interface (a PACKET_FANOUT group per interface: both
    /// directions of a flow reach one thread) and its own copy of the
    /// switch; every P4Runtime Write is applied to every copy before it is
    /// answered. Refused for programs whose packets write registers (each
    /// copy would keep its own) and with --record; a meter polices each
    /// copy's packets apart (N copies pass up to N times its rate).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    workers: u32,
    /// With ports and an `.nf`: PayloadPark in front of the switch part, as
    /// `tandem run --park` combines them (traffic ports 0 and 1 are split
    /// and merged; the server process is unchanged). One worker only.
    #[command(flatten)]
    park: crate::run_cmd::ParkArgs,
    #[command(flatten)]
    metrics: crate::exporter::MetricsArgs,
    #[command(flatten)]
    tls: crate::tls::SwitchTlsArgs,
}

/// Reads a program file, a `tandem compile` directory, or compiles an NF
/// (then also its compilation, for the initial state).
fn load(
    path: &Path,
    params: &crate::params::ParamArgs,
) -> anyhow::Result<(pipe::Program, Option<compiler::Compilation>)> {
    if path.extension().is_some_and(|e| e == "nf") {
        let source = path.display().to_string();
        let compiled =
            lang::compile_file(path, &params.overrides()?).map_err(|e| anyhow::anyhow!("{e}"))?;
        let c = compiler::partition(&compiled.program, &compiler::Options::default())
            .with_context(|| format!("cannot partition {source}"))?;
        let lowered = compiler::lower_switch::lower_switch(&c)
            .with_context(|| format!("cannot lower the switch side of {source}"))?;
        return Ok((lowered.program, Some(c)));
    }
    let file = if path.is_dir() {
        path.join("switch.pipe.json")
    } else {
        path.to_path_buf()
    };
    let bytes = std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
    let program = p4rt::server::program_from_device_config(&bytes)
        .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    Ok((program, None))
}

/// Runs `tandem switch`.
pub fn run(args: SwitchArgs) -> anyhow::Result<ExitCode> {
    let addr: std::net::SocketAddr = args
        .grpc
        .parse()
        .with_context(|| format!("--grpc {}: not an address like 127.0.0.1:9559", args.grpc))?;
    let tls = args.tls.server_config(addr)?;
    for secs in [args.status_every, args.duration].into_iter().flatten() {
        anyhow::ensure!(
            secs.is_finite() && secs > 0.0,
            "--status-every and --duration take a positive number of seconds, not {secs}"
        );
    }
    let mut seen = std::collections::BTreeSet::new();
    for b in &args.ports {
        anyhow::ensure!(seen.insert(b.port), "port {} is bound twice", b.port);
    }
    let exporter = args.metrics.start("switch", |_| {})?;
    if let Some(ns) = &args.netns {
        crate::live_cmd::enter_netns(ns)?;
    }
    let workers = args.workers as usize;
    anyhow::ensure!(
        workers == 1 || !args.ports.is_empty(),
        "--workers {workers}: the data path runs on workers only with ports (-p, --cpu-port)"
    );
    anyhow::ensure!(
        workers == 1 || args.record.is_none(),
        "--record takes one worker: with several, what each worker records has no one order to replay (use --workers 1)"
    );
    let start = Instant::now();
    let device = Arc::new(p4rt::server::Device::with_workers(
        args.device_id,
        Arc::new(move || start.elapsed()),
        workers,
    ));
    let mut cpu_port = None;
    let mut park_switch = None;
    let name = match &args.program {
        Some(path) => {
            let (program, compilation) = load(path, &args.params)?;
            let name = program.name.clone();
            // A Gallium switch part sends punts to the server port (64); other
            // programs to their CPU port.
            cpu_port = Some(args.server_port_number.unwrap_or(
                if path.extension().is_some_and(|e| e == "nf") {
                    compiler::lower_switch::SERVER_PORT
                } else {
                    program.cpu_port
                },
            ));
            if workers > 1 {
                if let Some(state) = p4rt::server::packet_state(&program) {
                    anyhow::bail!(
                        "--workers {workers}: the packets of {} write {state}, which each worker's copy of the switch would keep for itself (as the pipes of a multi-pipe switch do); run it with --workers 1",
                        path.display()
                    );
                }
            }
            device.load(program).map_err(|e| anyhow::anyhow!("{e}"))?;
            // An NF's read-only tables (vectors, constant sets and maps),
            // map initial entries and register initial values, as `tandem
            // run` installs them, before any traffic or client.
            if let Some(c) = &compilation {
                device
                    .with_switch_mut(|sw| compiler::tables::install_initial(c, sw))
                    .context("the program was just loaded")?
                    .map_err(|e| anyhow::anyhow!("{}: initial state: {e}", path.display()))?;
            }
            if args.park.park {
                park_switch = Some(park_switch_for(&args, path, compilation.as_ref())?);
            }
            name
        }
        None => "none yet".to_string(),
    };
    let stop = crate::live_cmd::stop_on_signal()?;
    // The data path, on its own threads, over the same device.
    let data_path = match &args.cpu_port {
        Some(cpu_if) => {
            let cpu_port = cpu_port.context(
                "a live data path (-p, --cpu-port) needs PROGRAM: the switch must know its CPU port",
            )?;
            // Worker k's sockets on every interface; an interface's sockets
            // share one fanout group when there are several workers.
            let mut ports: Vec<Vec<(u16, Box<dyn port::Port>)>> =
                (0..workers).map(|_| Vec::new()).collect();
            let mut cpus: Vec<Box<dyn port::Port>> = Vec::new();
            let open = |interface: &str, group: &mut Option<u16>, what: &str| {
                let mut p = port::AfPacket::open(interface, port::RingConfig::default())
                    .with_context(|| format!("cannot bind {what} to {interface}"))?;
                if workers > 1 {
                    *group = Some(p.join_fanout(*group).with_context(|| {
                        format!("cannot spread {what} ({interface}) over {workers} workers")
                    })?);
                }
                anyhow::Ok(p)
            };
            for b in &args.ports {
                let mut group = None;
                for w in &mut ports {
                    let p = open(&b.interface, &mut group, &format!("port {}", b.port))?;
                    w.push((b.port, Box::new(p)));
                }
            }
            let mut group = None;
            for _ in 0..workers {
                cpus.push(Box::new(open(cpu_if, &mut group, "the CPU port")?));
            }
            let numbers: Vec<u16> = args.ports.iter().map(|b| b.port).collect();
            let mut daemons = Vec::new();
            for (k, (ports, cpu)) in ports.into_iter().zip(cpus).enumerate() {
                let mut d = procs::switchd::SwitchDaemon::new(device.clone(), ports, cpu, cpu_port);
                d.set_worker(k);
                if let Some(sw) = park_switch.take() {
                    d.set_park(sw);
                }
                daemons.push(d);
            }
            if let Some(dir) = &args.record {
                let rec = procs::switchd::SwitchRecording::create(
                    dir,
                    &numbers,
                    Arc::new(move || start.elapsed()),
                )
                .with_context(|| format!("cannot record into {}", dir.display()))?;
                daemons[0].record(rec);
            }
            let every = args.status_every.map(Duration::from_secs_f64);
            let reports = Arc::new(std::sync::Mutex::new(vec![
                procs::switchd::WorkerReport::default();
                workers
            ]));
            let threads: Vec<_> = daemons
                .into_iter()
                .enumerate()
                .map(|(k, daemon)| {
                    let stop = stop.clone();
                    let reports = reports.clone();
                    let device = device.clone();
                    std::thread::Builder::new()
                        .name(format!("switch-w{k}"))
                        .spawn(move || {
                            data_path(
                                daemon,
                                k,
                                &stop,
                                every.filter(|_| k == 0),
                                &reports,
                                &device,
                            )
                        })
                        .context("cannot start a data-path thread")
                })
                .collect::<anyhow::Result<_>>()?;
            Some((threads, reports))
        }
        None => None,
    };
    if let Some(x) = exporter {
        let reports = data_path.as_ref().map(|(_, r)| r.clone());
        let (device, stop) = (device.clone(), stop.clone());
        std::thread::Builder::new()
            .name("metrics-tick".into())
            .spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    x.publish(snapshot(&device, reports.as_deref()));
                    std::thread::sleep(crate::exporter::PUBLISH_EVERY);
                }
            })
            .context("cannot start the metrics thread")?;
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let duration = args.duration.map(Duration::from_secs_f64);
    let served = rt.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        println!(
            "tandem switch: P4Runtime {} for device {} on {}{} (program: {name}); Ctrl-C stops",
            p4rt::server::API_VERSION,
            args.device_id,
            listener.local_addr().unwrap_or(addr),
            if args.tls.on() {
                " over TLS, clients need a certificate --tls-ca signed"
            } else {
                ""
            }
        );
        let stop = stop.clone();
        p4rt::server::serve_tls(
            device.clone(),
            listener,
            Duration::from_millis(args.idle_poll_ms),
            tls,
            async move {
                while !stop.load(Ordering::Relaxed) && duration.is_none_or(|d| start.elapsed() < d)
                {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                stop.store(true, Ordering::Relaxed);
            },
        )
        .await
        .context("P4Runtime server failed")
    });
    stop.store(true, Ordering::Relaxed);
    let status = match data_path {
        Some((threads, reports)) => {
            for h in threads {
                h.join()
                    .map_err(|_| anyhow::anyhow!("a data path thread panicked"))??;
            }
            let reports = reports
                .lock()
                .map(|r| r.clone())
                .unwrap_or_else(|p| p.into_inner().clone());
            Some(procs::switchd::status(&device, &reports))
        }
        None => None,
    };
    let c = device.counters();
    println!(
        "tandem switch: stopped; packet-outs {}, packet-ins {}, emitted {}, dropped {}, idle notifications {}, lost stream messages {}",
        c.packet_outs.load(Ordering::Relaxed),
        c.packet_ins.load(Ordering::Relaxed),
        c.emitted.load(Ordering::Relaxed),
        c.dropped.load(Ordering::Relaxed),
        c.idle_notifications.load(Ordering::Relaxed),
        c.stream_overflow.load(Ordering::Relaxed),
    );
    if let Some(s) = status {
        println!("{s}");
    }
    served?;
    Ok(ExitCode::SUCCESS)
}

/// PayloadPark's switch for `--park` in front of the switch part of the NF at
/// `path` (refused for NFs that read payload bytes, programs given without
/// their NF source, several workers, or no data path).
fn park_switch_for(
    args: &SwitchArgs,
    path: &Path,
    compilation: Option<&compiler::Compilation>,
) -> anyhow::Result<park::ParkSwitch> {
    let c = compilation.with_context(|| {
        format!(
            "--park needs the NF's source (`.nf`), to check that it reads no payload bytes; {} is a switch program",
            path.display()
        )
    })?;
    anyhow::ensure!(
        !args.ports.is_empty(),
        "--park runs in the data path: give ports (-p, --cpu-port)"
    );
    anyhow::ensure!(
        args.workers == 1,
        "--park keeps parked payloads in one copy of its switch: use --workers 1"
    );
    let at = runner::park_engine::payload_read(&c.program);
    park::refuse::check_parkable(&park::refuse::NfFacts {
        name: &c.program.name,
        reads_payload: at.is_some(),
        where_: at.as_deref(),
    })?;
    let p = &args.park;
    let cfg = runner::park_engine::run_config(p.park_bytes, p.park_slots, p.park_expiry);
    park::ParkSwitch::new(cfg).map_err(|e| {
        anyhow::anyhow!(
            "cannot run {} with --park (--park-bytes {}, --park-slots {}, --park-expiry {}): {e}",
            path.display(),
            p.park_bytes,
            p.park_slots,
            p.park_expiry
        )
    })
}

/// Data-path worker `k`'s loop until `stop`: publishes its counters in
/// `reports` (at least every 100 ms) and, with `every`, prints a status line
/// over all workers on stderr.
fn data_path(
    mut daemon: procs::switchd::SwitchDaemon,
    k: usize,
    stop: &std::sync::atomic::AtomicBool,
    every: Option<Duration>,
    reports: &std::sync::Mutex<Vec<procs::switchd::WorkerReport>>,
    device: &p4rt::server::Device,
) -> anyhow::Result<()> {
    let publish = |daemon: &mut procs::switchd::SwitchDaemon| {
        let r = daemon.report();
        let mut all = reports.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(slot) = all.get_mut(k) {
            *slot = r;
        }
    };
    let mut next = every.map(|e| Instant::now() + e);
    let mut next_report = Instant::now();
    while !stop.load(Ordering::Relaxed) {
        if let Err(e) = daemon.poll(Duration::from_millis(1)) {
            // Keep what was recorded up to the fault.
            let _ = daemon.finish();
            publish(&mut daemon);
            return Err(e).context("switch data path");
        }
        let now = Instant::now();
        if now >= next_report {
            next_report = now + Duration::from_millis(100);
            publish(&mut daemon);
        }
        if let (Some(at), Some(e)) = (next, every) {
            if now >= at {
                next = Some(at + e);
                publish(&mut daemon);
                let all = reports.lock().map(|r| r.clone()).unwrap_or_default();
                use std::io::Write;
                let _ = writeln!(
                    std::io::stderr().lock(),
                    "{}",
                    procs::switchd::status(device, &all)
                );
            }
        }
    }
    daemon.finish().context("switch recording")?;
    publish(&mut daemon);
    Ok(())
}

/// The switch daemon's counters as metrics (docs/LIVE.md, "Metrics"): the
/// data path's (summed over its workers), the device's, every table's.
fn snapshot(
    device: &p4rt::server::Device,
    reports: Option<&std::sync::Mutex<Vec<procs::switchd::WorkerReport>>>,
) -> metrics::Snapshot {
    use crate::exporter as x;
    let mut s = metrics::Snapshot::new();
    if let Some(reports) = reports {
        let all = reports.lock().map(|r| r.clone()).unwrap_or_default();
        let mut ports: std::collections::BTreeMap<String, port::PortStats> = Default::default();
        let mut dp = procs::switchd::SwitchStats::default();
        for w in &all {
            dp.add(&w.stats);
            for (name, st) in &w.ports {
                // "port0:IF" or "cpu:IF"
                let label = name.split(':').next().unwrap_or(name);
                let label = label.strip_prefix("port").unwrap_or(label).to_string();
                let sum = ports.entry(label).or_default();
                sum.rx_frames += st.rx_frames;
                sum.rx_bytes += st.rx_bytes;
                sum.rx_ring_drops += st.rx_ring_drops;
                sum.rx_truncated += st.rx_truncated;
                sum.tx_frames += st.tx_frames;
                sum.tx_bytes += st.tx_bytes;
                sum.tx_too_big += st.tx_too_big;
                sum.tx_errors += st.tx_errors;
            }
        }
        for (label, st) in &ports {
            x::port(&mut s, label, st);
        }
        x::server_packets(&mut s, dp.to_server);
        let counters: [(&str, &str, u64); 6] = [
            (
                "tandem_switch_frames_in",
                "Frames received on traffic ports.",
                dp.frames_in,
            ),
            (
                "tandem_switch_frames_out",
                "Frames sent out of traffic ports.",
                dp.frames_out,
            ),
            (
                "tandem_switch_from_server",
                "Frames received from the server (resumed packets and link frames).",
                dp.from_server,
            ),
            (
                "tandem_switch_dropped",
                "Frames the program dropped.",
                dp.dropped,
            ),
            (
                "tandem_switch_punts_without_server",
                "Frames the program would have sent to the server while none was primary (dropped).",
                dp.punts_without_server,
            ),
            (
                "tandem_switch_unbound_port",
                "Frames for a port no interface is bound to.",
                dp.unbound_port,
            ),
        ];
        for (name, help, n) in counters {
            s.counter(name, help, &[], n);
        }
    }
    let c = device.counters();
    let load = |a: &std::sync::atomic::AtomicU64| a.load(Ordering::Relaxed);
    x::control_ops(&mut s, load(&c.write_updates));
    x::control_writes(&mut s, load(&c.writes));
    let counters: [(&str, &str, u64); 4] = [
        (
            "tandem_control_write_failures",
            "P4Runtime Writes refused in whole or in part.",
            load(&c.write_failures),
        ),
        (
            "tandem_switch_packet_ins",
            "Packet-ins sent to the primary client.",
            load(&c.packet_ins),
        ),
        (
            "tandem_switch_packet_outs",
            "Packet-outs injected.",
            load(&c.packet_outs),
        ),
        (
            "tandem_switch_idle_notifications",
            "Idle-timeout notifications sent.",
            load(&c.idle_notifications),
        ),
    ];
    for (name, help, n) in counters {
        s.counter(name, help, &[], n);
    }
    x::connected(
        &mut s,
        "Whether a P4Runtime client (the server) is primary (1) or not (0).",
        device.has_primary(),
    );
    for t in device.table_stats().unwrap_or_default() {
        x::table(&mut s, &t);
    }
    let meter = compiler::lower_switch::MISS_PUNT_DROPPED;
    let drops: Option<u64> = (0..device.workers())
        .filter_map(|k| device.with_switch_on(k, |sw| sw.read_counter(meter, 0).ok()))
        .flatten()
        .map(|(packets, _)| packets)
        .reduce(|a, b| a + b);
    if let Some(n) = drops {
        x::meter_drops(&mut s, "miss_punt", n);
    }
    s
}

/// Writes `dir/STEM.p4info.txtpb`, `dir/STEM.p4info.bin` (P4Runtime's P4Info
/// of `program`) and `dir/STEM.pipe.json` (the program, which `tandem switch
/// --grpc` serves and a P4Runtime client sends as the device config).
pub(crate) fn write_p4runtime_files(
    dir: &Path,
    stem: &str,
    program: &pipe::Program,
) -> anyhow::Result<()> {
    let info = p4rt::p4info(program)
        .with_context(|| format!("cannot describe the switch program {}", program.name))?;
    let files = [
        (
            format!("{stem}.p4info.txtpb"),
            p4rt::to_text(&info)?.into_bytes(),
        ),
        (format!("{stem}.p4info.bin"), p4rt::to_bytes(&info)),
        (
            format!("{stem}.pipe.json"),
            (serde_json::to_string_pretty(program)? + "\n").into_bytes(),
        ),
    ];
    for (name, bytes) in files {
        let path = dir.join(name);
        std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}
