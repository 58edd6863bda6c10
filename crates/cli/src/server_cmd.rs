//! `tandem server PROGRAM.nf --switch ADDR --link IF`: the server runtime of
//! a partitioned NF as its own process, driving a `tandem switch` daemon over
//! P4Runtime (docs/LIVE.md, "Two processes").

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use anyhow::Context;

/// `--link p4runtime`: the server link is the P4Runtime stream.
const STREAM_LINK: &str = "p4runtime";

/// Options of `tandem server`.
#[derive(Debug, clap::Args)]
#[command(after_help = "The switch daemon runs the same program's switch part:
  tandem switch examples/nf/mazunat.nf --grpc 127.0.0.1:9559 -p 0=veth-in -p 1=veth-out --cpu-port veth-cpu
  tandem server examples/nf/mazunat.nf --switch 127.0.0.1:9559 --link veth-srv --checkpoint /var/lib/tandem/nat.json

The server becomes primary (--election-id), sets the pipeline if the switch
has none (refuses a switch running another program), and on every
(re)connection makes the switch's replica tables equal to its primary state
(Read, compare, Write). With --checkpoint it keeps its primary state in FILE
and starts from it: a restarted server carries on where it stopped.

On Tandem's own switch each atomic update is one DATAPLANE_ATOMIC Write; up
to --window of them are in flight at once, and a packet is held until its own
Write (and every one before it) is acknowledged. With --group-commit on, the
updates that become ready while the window is full go out together as the
next Write.

Any other P4Runtime switch (BMv2 simple_switch_grpc, a Tofino's server) runs
the p4c-compiled switch part that `tandem compile` writes (switch.v1model.p4;
its p4c-load.sh compiles it and shows how to load it). The server reads the
P4Info the switch runs and checks it against the program (by name: tables,
match fields, actions, parameters, widths), or loads --p4info and
--device-config when the switch runs nothing. Atomic updates then go as
Gallium's write-back cycle: five CONTINUE_ON_ERROR Writes, each acknowledged
before the next (docs/SWITCH.md, \"P4Runtime switches Tandem did not write\").
  simple_switch_grpc --device-id 1 -i 0@veth-in -i 1@veth-out -i 2@veth-cpu --no-p4 -- --grpc-server-addr 127.0.0.1:9559
  tandem server examples/nf/mazunat.nf --switch 127.0.0.1:9559 --link veth-srv \\
      --p4info out/mazunat/p4c.p4info.txtpb --device-config out/mazunat/switch.json

Where the switch's server port is no interface this host reaches, --link
p4runtime carries punts as P4Runtime packet-ins and resumed packets as
packet-outs into the switch's CPU port (the transfer header travels in-band,
as on a link, so the program needs no @controller_header):
  simple_switch_grpc --device-id 1 -i 0@veth-in -i 1@veth-out --no-p4 -- --grpc-server-addr 127.0.0.1:9559 --cpu-port 64
  tandem server examples/nf/mazunat.nf --switch 127.0.0.1:9559 --link p4runtime \
      --p4info out/mazunat/p4c.p4info.txtpb --device-config out/mazunat/switch.json")]
pub struct ServerArgs {
    /// The NF program (`.nf` source).
    program: PathBuf,
    #[command(flatten)]
    params: crate::params::ParamArgs,
    /// The switch daemon's P4Runtime address, e.g. 127.0.0.1:9559.
    #[arg(long, value_name = "ADDR")]
    switch: String,
    /// The interface of the server link (the other end of the switch's
    /// --cpu-port), or `p4runtime`: no link, punts arrive as P4Runtime
    /// packet-ins and resumed packets leave as packet-outs on the stream
    /// (for a switch whose server port is not an interface this host
    /// reaches; BMv2: simple_switch_grpc ... -- --cpu-port 64).
    #[arg(long, value_name = "IF|p4runtime")]
    link: String,
    /// Open the link in this network namespace (the switch address too is
    /// reached from there).
    #[arg(long, value_name = "NAME")]
    netns: Option<String>,
    #[command(flatten)]
    pipeline: PipelineFiles,
    /// P4Runtime device id.
    #[arg(long, default_value_t = 1)]
    device_id: u64,
    /// P4Runtime election id (the highest connected one is primary).
    #[arg(long, default_value_t = 1)]
    election_id: u64,
    /// Keep the primary state in FILE (a JSON snapshot) and FILE.journal (the
    /// changes since, appended before each update leaves; compacted into a
    /// new snapshot when it outgrows FILE), and start from them if FILE
    /// exists.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Give up if the switch cannot be reached for this long at start.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    connect_timeout: f64,
    /// Print a JSON status line on stderr every SECS seconds.
    #[arg(long, value_name = "SECS")]
    status_every: Option<f64>,
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECS")]
    duration: Option<f64>,
    /// Atomic-update Writes in flight at once (1: wait for each answer
    /// before sending the next).
    #[arg(long, value_name = "N", default_value_t = p4rt::remote::DEFAULT_WINDOW as u32, value_parser = clap::value_parser!(u32).range(1..))]
    window: u32,
    /// Group commit: gather the updates that become ready while the window
    /// is full into the next Write.
    #[arg(long, value_name = "ON|OFF", default_value = "on", action = clap::ArgAction::Set, value_parser = clap::builder::BoolishValueParser::new())]
    group_commit: bool,
    #[command(flatten)]
    limits: LimitArgs,
    /// Read the link on N receive threads (a PACKET_FANOUT group on the link
    /// interface), each handing batches to its own bounded inbox; one thread
    /// runs the server part and owns the primary state.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    workers: u32,
    /// With --workers: batches of up to 64 frames each receive thread's
    /// inbox holds; a batch that does not fit is dropped (counted as
    /// inbox_overflow).
    #[arg(long, value_name = "N", default_value_t = procs::linkio::INBOX_BATCHES as u32, value_parser = clap::value_parser!(u32).range(1..))]
    inbox: u32,
    #[command(flatten)]
    metrics: crate::exporter::MetricsArgs,
    #[command(flatten)]
    tls: crate::tls::ClientTlsArgs,
}

/// The server runtime's bounds on unsettled updates and held packets, and
/// which new flows get a switch entry (as `tandem run` takes them).
#[derive(Debug, clap::Args)]
struct LimitArgs {
    /// Most map writes submitted or gathered but not yet acknowledged; beyond
    /// it new flows are served by the server instead of installed on the
    /// switch.
    #[arg(long, value_name = "N", default_value_t = server::Limits::default().max_unsettled_writes)]
    max_unsettled_writes: usize,
    /// Most packets held at once; beyond it a packet that would be held is
    /// dropped (counted).
    #[arg(long, value_name = "N", default_value_t = server::Limits::default().max_held)]
    max_held: usize,
    /// Give a new flow's key a switch entry only once this many of its
    /// packets have been seen.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    offload_after: u32,
    /// Give a new TCP flow's key a switch entry only once a packet past the
    /// handshake has used it (other flows: max(--offload-after, 2) packets).
    #[arg(long)]
    offload_after_handshake: bool,
    /// Most map writes queued for the switch; beyond it a new flow whose
    /// keys the switch must hold is refused (its first packet dropped,
    /// counted).
    #[arg(long, value_name = "N", default_value_t = server::Limits::default().max_queued_writes)]
    max_queued_writes: usize,
}

impl LimitArgs {
    fn limits(&self) -> server::Limits {
        server::Limits {
            max_unsettled_writes: self.max_unsettled_writes,
            max_held: self.max_held,
            offload_after: self.offload_after,
            handshake: self.offload_after_handshake,
            max_queued_writes: self.max_queued_writes,
        }
    }
}

/// Runs `tandem server`.
pub fn run(args: ServerArgs) -> anyhow::Result<ExitCode> {
    for secs in [args.status_every, args.duration, Some(args.connect_timeout)]
        .into_iter()
        .flatten()
    {
        anyhow::ensure!(
            secs.is_finite() && secs > 0.0,
            "--status-every, --duration and --connect-timeout take a positive number of seconds, not {secs}"
        );
    }
    let mut write_latency = None;
    let mut exporter = args.metrics.start("server", |m| {
        write_latency = Some(crate::exporter::write_histogram(m));
    })?;
    let compiled = args.params.compile(&args.program)?;
    let source = args.program.display().to_string();
    let c = compiler::partition(&compiled.program, &compiler::Options::default())
        .with_context(|| format!("cannot partition {source}"))?;
    let lowered = compiler::lower_switch::lower_switch(&c)
        .with_context(|| format!("cannot lower the switch side of {source}"))?;
    let initial = compiler::tables::initial_state(&c);
    let mut runtime = server::Runtime::new(c).map_err(|e| anyhow::anyhow!("{e}"))?;
    runtime.set_group_commit(args.group_commit);
    runtime.set_limits(args.limits.limits());
    let start = Instant::now();
    let clock: p4rt::server::Clock = Arc::new(move || start.elapsed());
    if let Some(file) = &args.checkpoint {
        if let Some(r) = procs::serverd::read_checkpoint(file)? {
            if let Some(t) = &r.torn {
                let _ = writeln!(
                    std::io::stderr().lock(),
                    "tandem server: {}: {t}",
                    procs::journal::journal_path(file).display()
                );
            }
            runtime
                .restore(&r.snapshot, clock())
                .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
            println!(
                "tandem server: primary state restored from {} and {} journal records",
                file.display(),
                r.records
            );
        }
    }
    if let Some(ns) = &args.netns {
        crate::live_cmd::enter_netns(ns)?;
    }
    let target = args.tls.target(&args.switch)?;
    let addr = target.url();
    let load = args.pipeline.load()?;
    let deadline = Duration::from_secs_f64(args.connect_timeout);
    let mut remote = loop {
        match p4rt::remote::RemoteSwitch::connect_with(
            target.clone(),
            args.device_id,
            u128::from(args.election_id),
            lowered.program.clone(),
            clock.clone(),
            Duration::from_secs(5),
            load.clone(),
        ) {
            Ok(r) => break r,
            // The switch answered and does not fit: retrying cannot help.
            Err(e @ p4rt::remote::RemoteError::OtherProgram { .. }) => {
                return Err(e).with_context(|| format!("cannot drive the switch at {addr}"));
            }
            Err(p4rt::remote::RemoteError::Client(e)) if e.is_tls_refusal() => {
                return Err(e).with_context(|| format!("cannot drive the switch at {addr}"));
            }
            Err(e) if start.elapsed() >= deadline => {
                return Err(e).with_context(|| format!("cannot drive the switch at {addr}"));
            }
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    };
    remote.set_window(args.window as usize);
    if let Some(h) = write_latency {
        remote.set_write_observer(crate::exporter::observe_into(h));
    }
    let stream = args.link == STREAM_LINK;
    if stream && args.workers > 1 {
        anyhow::bail!(
            "--link {STREAM_LINK} carries punts on the P4Runtime stream: there is no interface for --workers {} receive threads",
            args.workers
        );
    }
    let mut links: Vec<Box<dyn port::Port>> = Vec::new();
    let mut group = None;
    for _ in 0..args.workers.min(u32::from(!stream)) {
        let mut p = port::AfPacket::open(&args.link, port::RingConfig::default())
            .with_context(|| format!("cannot open the server link {}", args.link))?;
        if args.workers > 1 {
            group = Some(p.join_fanout(group).with_context(|| {
                format!(
                    "cannot spread the server link {} over {} receive threads",
                    args.link, args.workers
                )
            })?);
        }
        links.push(Box::new(p));
    }

    let idle_poll = Duration::from_millis(100);
    let mut daemon = if stream {
        procs::serverd::ServerDaemon::over_stream(runtime, remote, clock, idle_poll)
    } else if args.workers == 1 {
        let link = links.pop().context("one link socket")?;
        procs::serverd::ServerDaemon::new(runtime, remote, link, clock, idle_poll)
    } else {
        procs::serverd::ServerDaemon::with_link_workers(
            runtime,
            remote,
            links,
            args.inbox as usize,
            clock,
            idle_poll,
        )
        .context("cannot start the link's receive threads")?
    };
    daemon.set_initial(&initial);
    if let Some(file) = &args.checkpoint {
        daemon.set_checkpoint(file.clone())?;
    }
    let r = daemon
        .resync()
        .with_context(|| format!("cannot resynchronise the switch at {addr}"))?;
    // The handler before the announcement: whoever waits for it may send
    // SIGTERM at once, which must stop the daemon cleanly, not kill it.
    let stop = crate::live_cmd::stop_on_signal()?;
    println!(
        "tandem server: primary for the switch at {addr} (election id {}); resync: {} inserted, {} modified, {} deleted, {} refused; {} registers initialised; Ctrl-C stops",
        args.election_id, r.inserts, r.modifies, r.deletes, r.failures, r.registers
    );
    let every = args.status_every.map(Duration::from_secs_f64);
    let mut next = every.map(|e| Instant::now() + e);
    let duration = args.duration.map(Duration::from_secs_f64);
    while !stop.load(Ordering::Relaxed) && duration.is_none_or(|d| start.elapsed() < d) {
        daemon
            .poll(Duration::from_millis(1))
            .context("server link")?;
        // Events the server part raised (as `tandem run` lists them in its
        // summary), one line each.
        for e in daemon.take_events() {
            println!("tandem server: event {}", e.to_json(&compiled.program));
        }
        if let (Some(at), Some(e)) = (next, every) {
            if Instant::now() >= at {
                next = Some(at + e);
                let _ = writeln!(std::io::stderr().lock(), "{}", daemon.status());
            }
        }
        if let Some(x) = &mut exporter {
            x.tick(|| snapshot(&mut daemon));
        }
    }
    println!("{}", daemon.status());
    Ok(ExitCode::SUCCESS)
}

/// The server daemon's counters as metrics (docs/LIVE.md, "Metrics").
fn snapshot(d: &mut procs::serverd::ServerDaemon) -> metrics::Snapshot {
    use crate::exporter as x;
    let mut s = metrics::Snapshot::new();
    x::port(&mut s, "link", &d.link_stats());
    let st = d.stats();
    let rt = d.runtime().stats();
    let p4 = d.remote().stats();
    x::server_packets(&mut s, st.punts + st.slow_path);
    x::control_ops(&mut s, rt.control_plane_ops);
    x::control_writes(&mut s, p4.atomic_writes + p4.refused);
    x::held(&mut s, rt.held_packets, Some(d.runtime().held_now() as u64));
    x::connected(
        &mut s,
        "Whether the switch is connected and this server primary (1) or not (0).",
        d.remote().is_connected(),
    );
    let counters: [(&str, &str, u64); 8] = [
        (
            "tandem_link_frames_in",
            "Frames received on the server link.",
            st.frames_in,
        ),
        (
            "tandem_link_frames_out",
            "Frames sent back to the switch (resumed, or out of a port).",
            st.to_switch,
        ),
        (
            "tandem_server_dropped",
            "Packets the server part dropped.",
            st.dropped,
        ),
        (
            "tandem_server_dropped_disconnected",
            "Frames that arrived while the switch was not connected (dropped).",
            st.dropped_disconnected,
        ),
        (
            "tandem_server_held_overflow_drops",
            "Packets dropped because the most packets were held (--max-held).",
            rt.held_overflow_drops,
        ),
        (
            "tandem_control_refused",
            "Atomic updates the switch refused.",
            p4.refused,
        ),
        (
            "tandem_resyncs",
            "Resynchronisations of the switch's replica tables.",
            st.resyncs,
        ),
        (
            "tandem_server_released",
            "Held packets released after their Writes were acknowledged.",
            st.released,
        ),
    ];
    for (name, help, n) in counters {
        s.counter(name, help, &[], n);
    }
    s.gauge(
        "tandem_control_writes_in_flight",
        "Atomic-update Writes sent and not yet answered.",
        &[],
        d.in_flight() as f64,
    );
    s
}

/// `--p4info FILE --device-config FILE`: the pipeline of a P4Runtime switch
/// that runs p4c's compilation of the program (`tandem server`, `tandem
/// filter agent`).
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct PipelineFiles {
    /// The switch's P4Info for the program (text or binary; e.g. the one
    /// `p4c-bm2-ss --p4runtime-files` writes): loaded with --device-config
    /// when the switch runs no program, else held against the P4Info the
    /// switch runs. Without it the P4Info is read from the switch.
    #[arg(long, value_name = "FILE", requires = "device_config")]
    p4info: Option<PathBuf>,
    /// The target's device config for --p4info (BMv2: the JSON p4c wrote).
    #[arg(long, value_name = "FILE", requires = "p4info")]
    device_config: Option<PathBuf>,
}

impl PipelineFiles {
    /// The files read, if given.
    pub(crate) fn load(
        &self,
    ) -> anyhow::Result<Option<(p4rt::proto::p4::config::v1::P4Info, Vec<u8>)>> {
        match (&self.p4info, &self.device_config) {
            (Some(i), Some(d)) => Ok(Some(read_pipeline(i, d)?)),
            _ => Ok(None),
        }
    }
}

/// A P4Info (text or binary protobuf) and a device config from files.
fn read_pipeline(
    p4info: &std::path::Path,
    device_config: &std::path::Path,
) -> anyhow::Result<(p4rt::proto::p4::config::v1::P4Info, Vec<u8>)> {
    let bytes =
        std::fs::read(p4info).with_context(|| format!("cannot read {}", p4info.display()))?;
    let info = match std::str::from_utf8(&bytes) {
        Ok(text) => p4rt::from_text(text),
        Err(_) => p4rt::from_bytes(&bytes),
    }
    .map_err(|e| anyhow::anyhow!("{}: not a P4Info: {e}", p4info.display()))?;
    let config = std::fs::read(device_config)
        .with_context(|| format!("cannot read {}", device_config.display()))?;
    Ok((info, config))
}
