//! `tandem live`: run an NF program on Linux interfaces, on the wall clock, until
//! Ctrl-C / SIGTERM (or a duration or packet count), then summarise as `tandem run`
//! does (docs/LIVE.md).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use port::{AfPacket, AfXdp, Port, RingConfig, XdpConfig, XdpMode};
use runner::live::{
    LiveOptions, LiveStatus, Recording, run_live, run_live_sharded, run_live_workers,
};
use runner::{Engine, PartitionedEngine, ShardedEngine};

use crate::run_cmd::{Mode, ParkArgs, build_engine, write_json};

/// What runs the NF in a live run.
enum Exec {
    /// One engine: on the loop's thread (one worker) or on an engine thread
    /// fed by the workers.
    One(Box<dyn Engine>),
    /// The partitioned engine on every worker.
    Sharded(Box<ShardedEngine>),
}

/// The engine of a live run: with several workers, the partitioned engine
/// (the default) runs on every worker ([`ShardedEngine`]); the reference
/// interpreter, PayloadPark in front, or a switch part that cannot be
/// sharded run on one engine thread, with a note saying why.
fn live_engine(args: &LiveArgs, program: &ir::Program) -> anyhow::Result<Exec> {
    let control = args.control.options()?;
    if args.workers == 1 || args.park.park || args.mode == Some(Mode::Reference) {
        return Ok(Exec::One(build_engine(
            args.mode,
            &args.park,
            program,
            &args.program,
            control,
        )?));
    }
    let pe = match PartitionedEngine::new(program, &compiler::Options::default()) {
        Ok(mut e) => {
            e.set_control(control);
            e
        }
        Err(e) if args.mode.is_none() => {
            #[allow(clippy::print_stderr)]
            {
                eprintln!("note: running on the reference interpreter: {e}");
            }
            return Ok(Exec::One(Box::new(runner::ReferenceEngine::new(program)?)));
        }
        Err(e) => {
            return Err(e).context("cannot run the partitioned program (try --mode reference)");
        }
    };
    match ShardedEngine::new(pe, args.workers) {
        Ok(s) => Ok(Exec::Sharded(Box::new(s))),
        Err(e) => {
            #[allow(clippy::print_stderr)]
            {
                eprintln!("note: the NF runs on one engine thread beside the workers: {e}");
            }
            Ok(Exec::One(e.engine))
        }
    }
}

/// `PORT=INTERFACE`.
#[derive(Debug, Clone)]
pub struct PortBinding {
    pub(crate) port: u16,
    pub(crate) interface: String,
}

impl FromStr for PortBinding {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (port, interface) = s
            .split_once('=')
            .ok_or_else(|| format!("{s:?}: expected PORT=INTERFACE, e.g. 0=veth0"))?;
        let port = port
            .parse()
            .map_err(|_| format!("{s:?}: port {port:?} is not a number from 0 to 65535"))?;
        if interface.is_empty() || interface.len() > 15 || interface.contains('/') {
            return Err(format!(
                "{s:?}: {interface:?} is not an interface name (1 to 15 characters, no '/')"
            ));
        }
        Ok(PortBinding {
            port,
            interface: interface.to_string(),
        })
    }
}

/// Packet I/O of `tandem live`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Io {
    /// AF_PACKET with TPACKET_V3 rings (any interface; several workers).
    Afpacket,
    /// AF_XDP in copy mode on queue 0, with an XDP redirect program (one worker).
    Afxdp,
    /// AF_XDP with its program in generic (socket-buffer) XDP even where the
    /// driver could run it. On veth about 4 % more small frames per core than
    /// native XDP (docs/LIVE.md), but frames longer than an AF_XDP chunk
    /// (2 KiB: TCP's TSO/GRO/LRO aggregates) are dropped by the kernel: turn
    /// those offloads off on the peers first (`ethtool -K PEER tso off`).
    AfxdpGeneric,
    /// AF_XDP where its program attaches in the driver (native XDP, e.g. veth) and
    /// there is one worker; AF_PACKET otherwise.
    Auto,
}

/// Options of `tandem live`.
///
/// Frames arriving on each bound interface enter the NF on its port; what the NF
/// forwards leaves on the interface bound to the output port. The program runs
/// partitioned (switch model + server runtime in this process) unless --mode says
/// otherwise, exactly as in `tandem run`: a live run makes the decisions a replay of
/// its recorded inputs makes. Needs CAP_NET_RAW (root). Interfaces carrying TCP
/// from local stacks (veth) should have offloads off (`ethtool -K IF tso off gso
/// off gro off tx off`), or the NF sees aggregates larger than the MTU and partial
/// checksums.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  tandem live examples/nf/mazunat.nf --port 0=veth-in --port 1=veth-out
  tandem live examples/nf/firewall.nf -p 0=eth1 -p 1=eth2 --duration 60 --summary s.json
  tandem live examples/nf/mazunat.nf --netns tandem -p 0=c0 -p 1=s0 --record rec/
  (replay a recording: tandem run PROGRAM --input 0=rec/in/port0.pcap --input 1=rec/in/port1.pcap)")]
pub struct LiveArgs {
    /// The NF program (`.nf` source).
    pub(crate) program: PathBuf,
    #[command(flatten)]
    params: crate::params::ParamArgs,
    /// Bind switch port PORT to interface IF; repeat for every port (port 0 faces
    /// the clients / inside, port 1 the servers / outside).
    #[arg(long = "port", short = 'p', value_name = "PORT=IF", required = true)]
    pub(crate) ports: Vec<PortBinding>,
    /// Open the interfaces in this network namespace (a name from `ip netns`).
    #[arg(long, value_name = "NAME")]
    pub(crate) netns: Option<String>,
    /// Execution engine [default: partitioned, as in `tandem run`].
    #[arg(long, value_enum)]
    pub(crate) mode: Option<Mode>,
    #[command(flatten)]
    pub(crate) park: ParkArgs,
    #[command(flatten)]
    pub(crate) control: crate::control::ControlArgs,
    /// Record what entered each port (DIR/in/portN.pcap) and what left it
    /// (DIR/out/portN.pcap), with the times the NF saw, for `tandem run` replays.
    #[arg(long, value_name = "DIR")]
    pub(crate) record: Option<PathBuf>,
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECS")]
    pub(crate) duration: Option<f64>,
    /// Stop after this many received frames.
    #[arg(long, value_name = "N")]
    pub(crate) max_packets: Option<u64>,
    /// Also write the summary (with the ports' counters under "live") as JSON.
    #[arg(long, value_name = "FILE.json")]
    pub(crate) summary: Option<PathBuf>,
    /// Write the final state (every map entry, register, array) as JSON.
    #[arg(long, value_name = "FILE.json")]
    pub(crate) state_out: Option<PathBuf>,
    /// Worker threads (1 to 64). With more than one, each interface is opened
    /// once per worker in a PACKET_FANOUT hash group, so each flow (both
    /// directions of a 5-tuple) is received and sent by one worker, and the
    /// partitioned engine runs on every worker: each has its own replica of the
    /// switch, the server's state is shared and changed in the order of the
    /// packets' stamps, and the recording replays exactly (docs/LIVE.md, "All
    /// cores"). With --mode reference, --park, or a switch part whose data
    /// plane keeps its own state, one engine thread runs every packet instead.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub(crate) workers: usize,
    /// Packet I/O: afpacket (TPACKET_V3 rings), afxdp (AF_XDP, one worker),
    /// afxdp-generic (AF_XDP with generic XDP: small frames faster on veth,
    /// but only with TSO/GRO off on the peers), or auto (with one worker,
    /// AF_XDP where the driver runs XDP natively and the MTU fits its 2 KiB
    /// chunks, such as veth; else AF_PACKET).
    #[arg(long, value_enum, default_value = "auto")]
    pub(crate) io: Io,
    /// No status line on stderr.
    #[arg(long, short = 'q')]
    pub(crate) quiet: bool,
    /// Spin on the ports instead of sleeping when none has frames, as DPDK's
    /// poll-mode drivers do (and the paper's FastClick and Gallium servers):
    /// no wake-up latency, one core at 100 % for each loop. With `--switch
    /// xdp` the loop serving punts spins.
    #[arg(long)]
    pub(crate) busy_poll: bool,
    /// Where the switch part runs: `model` (the behavioural model in this
    /// process, every frame through userspace) or `xdp` (eBPF in the kernel's
    /// XDP hook on each interface: frames of known flows never leave the
    /// kernel, punts reach the server part here through AF_XDP sockets on
    /// the ports' receive queues, and go back over a veth pair this run
    /// creates; docs/XDP.md).
    #[arg(long, value_enum, default_value = "model")]
    pub(crate) switch: LiveSwitch,
    /// With `--switch xdp`: attach natively (in the driver) or generically
    /// (on socket buffers); default: native where the driver has it.
    #[arg(long, value_enum, value_name = "MODE")]
    pub(crate) xdp_mode: Option<XdpAttach>,
    #[command(flatten)]
    pub(crate) metrics: crate::exporter::MetricsArgs,
}

/// Where `tandem live` runs the switch part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LiveSwitch {
    /// The behavioural model, in this process.
    Model,
    /// The kernel's XDP hook.
    Xdp,
}

/// How `--switch xdp` attaches its programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum XdpAttach {
    /// In the driver.
    Native,
    /// On socket buffers (any interface).
    Generic,
}

/// How long the live loop sleeps when no port has frames: zero with
/// `--busy-poll` (it spins), else the library's default.
pub(crate) fn idle_wait(busy_poll: bool) -> Duration {
    if busy_poll {
        Duration::ZERO
    } else {
        LiveOptions::default().idle_wait
    }
}

/// Runs `tandem live`.
pub fn run(args: LiveArgs) -> anyhow::Result<ExitCode> {
    let mut seen = std::collections::BTreeSet::new();
    for b in &args.ports {
        anyhow::ensure!(seen.insert(b.port), "port {} is bound twice", b.port);
    }
    anyhow::ensure!(
        (1..=64).contains(&args.workers),
        "--workers must be from 1 to 64, not {}",
        args.workers
    );
    if let Some(d) = args.duration {
        anyhow::ensure!(
            d.is_finite() && d > 0.0,
            "--duration must be a positive number of seconds, not {d}"
        );
    }
    let exporter = args.metrics.start("live", |_| {})?;
    let compiled = args.params.compile(&args.program)?;
    let program = &compiled.program;
    if args.switch == LiveSwitch::Xdp {
        return crate::live_xdp::run(&args, program, exporter);
    }
    let mut exec = live_engine(&args, program)?;

    if let Some(ns) = &args.netns {
        enter_netns(ns)?;
    }
    // workers[i]: worker i's socket on every interface; an interface's sockets
    // share one fanout group when there are several workers.
    let mut workers: Vec<Vec<(u16, Box<dyn Port>)>> =
        (0..args.workers).map(|_| Vec::new()).collect();
    anyhow::ensure!(
        !(matches!(args.io, Io::Afxdp | Io::AfxdpGeneric) && args.workers > 1),
        "--io afxdp serves one queue per interface: use --workers 1 or --io afpacket"
    );
    let mut io_used = Vec::new();
    for b in &args.ports {
        if args.workers == 1 && args.io != Io::Afpacket {
            let (p, io) = open_port(b, args.io)?;
            io_used.push(io);
            workers[0].push((b.port, p));
            continue;
        }
        io_used.push(format!("port {}: afpacket", b.port));
        let mut group = None;
        for ports in &mut workers {
            let mut p = AfPacket::open(&b.interface, RingConfig::default())
                .with_context(|| format!("cannot bind port {} to {}", b.port, b.interface))?;
            if args.workers > 1 {
                group = Some(p.join_fanout(group).with_context(|| {
                    format!(
                        "cannot spread port {} ({}) over {} workers",
                        b.port, b.interface, args.workers
                    )
                })?);
            }
            ports.push((b.port, Box::new(p)));
        }
    }
    let numbers: Vec<u16> = args.ports.iter().map(|b| b.port).collect();
    let recording = match &args.record {
        Some(dir) => Some(Recording::create(dir, &numbers)?),
        None => None,
    };

    let stop = stop_on_signal()?;
    let clock = wall_clock(&stop, args.duration);
    let opts = LiveOptions {
        max_packets: args.max_packets,
        idle_wait: idle_wait(args.busy_poll),
        ..LiveOptions::default()
    };
    let quiet = args.quiet;
    let mut line = status_line(quiet);
    let mut status = |s: &LiveStatus| {
        line(s);
        if let Some(x) = &exporter {
            x.publish(live_snapshot(s));
        }
    };
    let outcome = match &mut exec {
        Exec::One(engine) if args.workers == 1 => {
            let mut ports = workers.pop().unwrap_or_default();
            run_live(
                &mut **engine,
                program,
                &mut ports,
                recording,
                &mut || clock(),
                &stop,
                &opts,
                &mut status,
            )
        }
        Exec::One(engine) => run_live_workers(
            &mut **engine,
            program,
            workers,
            recording,
            &mut || clock(),
            &stop,
            &opts,
            &mut status,
        ),
        Exec::Sharded(eng) => run_live_sharded(
            eng,
            program,
            workers,
            recording,
            &clock,
            &stop,
            &opts,
            &mut status,
        ),
    };
    if !quiet {
        #[allow(clippy::print_stderr)]
        {
            eprintln!();
        }
    }

    let s = &outcome.summary;
    let mut out = std::io::stdout().lock();
    write!(out, "{s}")?;
    for (port, st) in &outcome.live.ports {
        writeln!(
            out,
            "port {port}   rx {} frames ({} cut short, {} ring drops), tx {} frames ({} above the MTU, {} refused)",
            st.rx_frames,
            st.rx_truncated,
            st.rx_ring_drops,
            st.tx_frames,
            st.tx_too_big,
            st.tx_errors
        )?;
    }
    if outcome.live.unbound_port_drops + outcome.live.tx_queue_overflow > 0 {
        writeln!(
            out,
            "lost     {} to unbound ports, {} to a full send queue",
            outcome.live.unbound_port_drops, outcome.live.tx_queue_overflow
        )?;
    }
    writeln!(out, "io       {}", io_used.join(", "))?;
    match &exec {
        Exec::Sharded(eng) => {
            let st = eng.shard_stats();
            writeln!(
                out,
                "engine   on every worker ({} workers): {} server calls, {} timer runs",
                eng.workers(),
                st.server_calls,
                st.timer_runs
            )?;
        }
        Exec::One(_) if args.workers > 1 => {
            writeln!(
                out,
                "engine   one thread beside {} I/O workers",
                args.workers
            )?;
        }
        Exec::One(_) => {}
    }
    for (i, w) in outcome.live.workers.iter().enumerate() {
        writeln!(
            out,
            "worker {i} rx {} frames, tx {} frames",
            w.rx_frames, w.tx_frames
        )?;
    }
    if let Some(dir) = &args.record {
        writeln!(out, "recorded {}/{{in,out}}/portN.pcap", dir.display())?;
    }
    if let Some(path) = &args.summary {
        let mut v = serde_json::to_value(s)?;
        if let Some(obj) = v.as_object_mut() {
            let mut live = serde_json::to_value(&outcome.live)?;
            if let Some(l) = live.as_object_mut() {
                l.insert("io".to_string(), serde_json::to_value(&io_used)?);
                if let Exec::Sharded(eng) = &exec {
                    l.insert(
                        "sharded".to_string(),
                        serde_json::to_value(eng.shard_stats())?,
                    );
                }
            }
            obj.insert("live".to_string(), live);
        }
        write_json(path, &v)?;
        writeln!(out, "summary  {}", path.display())?;
    }
    if let Some(path) = &args.state_out {
        let now = s.last_ts_ns.unwrap_or(0);
        let state = match &exec {
            Exec::One(engine) => engine.state_json(now),
            Exec::Sharded(eng) => eng.state_json(now),
        };
        write_json(path, &state)?;
        writeln!(out, "state    {}", path.display())?;
    }
    out.flush()?;
    if let Some(e) = outcome.error {
        anyhow::bail!("the live run stopped early: {e} (everything before it is in the summary)");
    }
    if s.failed > 0 {
        anyhow::bail!("the engine failed on {} packets (see above)", s.failed);
    }
    Ok(ExitCode::SUCCESS)
}

/// A live run's status as metrics (docs/LIVE.md, "Metrics"): each port's
/// counters, the partitioned engine's, its switch tables.
fn live_snapshot(s: &LiveStatus) -> metrics::Snapshot {
    use crate::exporter as x;
    let mut out = metrics::Snapshot::new();
    for (port, st) in &s.ports {
        x::port(&mut out, &port.to_string(), st);
    }
    if let Some(p) = &s.partition {
        x::server_packets(&mut out, p.server_packets);
        out.counter(
            "tandem_switch_only_packets",
            "Packets handled entirely on the switch.",
            &[],
            p.switch_only_packets,
        );
        x::control_ops(&mut out, p.control_plane_ops);
        x::held(&mut out, p.held_packets, None);
        x::meter_drops(&mut out, "miss_punt", p.miss_punt_drops);
        out.counter(
            "tandem_reordered_packets",
            "Held packets a later packet of the same flow overtook.",
            &[],
            p.reordered_packets,
        );
    }
    for t in &s.tables {
        x::table(&mut out, t);
    }
    out
}

/// Opens one port for a single-threaded loop with `io`: AF_XDP when asked
/// (`auto`: where its program attaches natively and the interface's frames
/// fit its chunks), AF_PACKET otherwise; says which it took.
pub(crate) fn open_port(b: &PortBinding, io: Io) -> anyhow::Result<(Box<dyn Port>, String)> {
    if io != Io::Afpacket {
        let config = XdpConfig {
            mode: (io == Io::AfxdpGeneric).then_some(XdpMode::Generic),
            ..XdpConfig::default()
        };
        let asked = matches!(io, Io::Afxdp | Io::AfxdpGeneric);
        match AfXdp::open(&b.interface, config) {
            Ok(p) if asked || (p.mode() == XdpMode::Native && p.fits_mtu()) => {
                let used = format!("port {}: afxdp ({:?} XDP)", b.port, p.mode());
                return Ok((Box::new(p), used));
            }
            Ok(_) => {}
            Err(e) if asked => {
                return Err(e).with_context(|| {
                    format!("cannot bind port {} to {} with AF_XDP", b.port, b.interface)
                });
            }
            Err(_) => {}
        }
    }
    let p = AfPacket::open(&b.interface, RingConfig::default())
        .with_context(|| format!("cannot bind port {} to {}", b.port, b.interface))?;
    Ok((Box::new(p), format!("port {}: afpacket", b.port)))
}

/// Moves this thread into network namespace `ns`: the ports opened after it
/// belong to the namespace (threads started later inherit it).
pub(crate) fn enter_netns(ns: &str) -> anyhow::Result<()> {
    port::netns::enter(ns).with_context(|| {
        format!(
            "cannot enter network namespace {ns:?} ({})",
            port::netns::path(ns).display()
        )
    })
}

/// A flag that Ctrl-C / SIGTERM raises: a live run stops cleanly on it.
pub(crate) fn stop_on_signal() -> anyhow::Result<Arc<AtomicBool>> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed))
        .context("cannot install the Ctrl-C / SIGTERM handler")?;
    Ok(stop)
}

/// The clock of a live run: nanoseconds since now; raises `stop` once
/// `duration` seconds (if any) have passed.
pub(crate) fn wall_clock(stop: &AtomicBool, duration: Option<f64>) -> impl Fn() -> u64 + Sync + '_ {
    let start = Instant::now();
    let deadline = duration.map(Duration::from_secs_f64);
    move || {
        let e = start.elapsed();
        if deadline.is_some_and(|d| e >= d) {
            stop.store(true, Ordering::Relaxed);
        }
        u64::try_from(e.as_nanos()).unwrap_or(u64::MAX)
    }
}

/// The status callback of `run_live`: a line at most once a second unless
/// `quiet`.
pub(crate) fn status_line(quiet: bool) -> impl FnMut(&LiveStatus) {
    let mut last: Option<(u64, LiveStatus)> = None;
    move |s: &LiveStatus| {
        if !quiet {
            print_status(last.as_ref(), s);
        }
        last = Some((s.now_ns, s.clone()));
    }
}

pub(crate) fn print_status(prev: Option<&(u64, LiveStatus)>, s: &LiveStatus) {
    let secs = prev.map_or(s.now_ns, |(t, _)| s.now_ns - t) as f64 / 1e9;
    let mut line = format!("{:>6.1}s", s.now_ns as f64 / 1e9);
    for (port, st) in &s.ports {
        let before = prev
            .and_then(|(_, p)| p.ports.get(port))
            .copied()
            .unwrap_or_default();
        let rate = |now: u64, then: u64| (now - then.min(now)) as f64 / secs.max(1e-9);
        line.push_str(&format!(
            " | port {port} rx {:.0}/s tx {:.0}/s",
            rate(st.rx_frames, before.rx_frames),
            rate(st.tx_frames, before.tx_frames)
        ));
    }
    if let Some(p) = &s.partition {
        let total = p.switch_only_packets + p.server_packets;
        let share = if total == 0 {
            0.0
        } else {
            100.0 * p.server_packets as f64 / total as f64
        };
        line.push_str(&format!(
            " | server {share:.2} % | ctl ops {} | held so far {}",
            p.control_plane_ops, p.held_packets
        ));
    }
    #[allow(clippy::print_stderr)]
    {
        eprint!("\r{line}\x1b[K");
    }
}
