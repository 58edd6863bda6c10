//! `tandem filter agent --switch ADDR --link IF`: CoFilter's CPU agent as its
//! own process, driving a `tandem switch` that runs CoFilter's program over
//! P4Runtime (docs/LIVE.md, "CoFilter in two processes"), or a P4Runtime
//! switch running p4c's compilation of it (BMv2 `simple_switch_grpc`, with
//! `--cells tables`).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use anyhow::Context;
use filter::cofilter::Config;
use filter::layout::Cells;
use filter::remote::RemoteAgent;

use super::{check_cells, layout_for, policy};

/// Options of `tandem filter agent`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "The switch runs CoFilter's program for the same layout (the same
--sram-mib, --fingerprint-bits, --state-bits and --cells):
  tandem filter p4 --output-dir cof/
  tandem switch cof/cofilter.pipe.json --grpc 127.0.0.1:9559 -p 0=veth-in -p 1=veth-out --cpu-port veth-cpu
  tandem filter agent --switch 127.0.0.1:9559 --link veth-agent --allow-inbound 22,80

Port 0 is inside, port 1 outside. The agent becomes primary (--election-id),
sets the program if the switch has none (refuses a switch running another),
and on every (re)connection makes the switch hold its state: a switch that
kept this agent's state (only the connection was lost) is repaired in place
(state bits read, cells of failed writes rewritten, exact table made equal);
any other (restarted, or holding another agent's state) is started over:
the program committed again and the fixed entries, the miss meter, every
cell and every exact entry written. A switch without its agent keeps forwarding the established
connections in its cells and drops what it would send to the agent.
`tandem switch --record DIR` records what entered and left the ports;
`tandem filter run --input 0=DIR/in/port0.pcap --input 1=DIR/in/port1.pcap`
with the agent's policy options replays it.

Any other P4Runtime switch (BMv2 simple_switch_grpc) runs p4c's compilation
of the program with the cells in tables (its P4Runtime server cannot write or
read registers): --cells tables, which needs --state-bits 0. The agent reads
the P4Info the switch runs and checks it against the program by name, or
loads --p4info and --device-config when the switch runs nothing:
  tandem filter p4 --cells tables --state-bits 0 -o cof/
  sh cof/p4c-load.sh        # p4c-bm2-ss: cof/p4c.p4info.txtpb + cof/switch.json
  simple_switch_grpc --device-id 1 -i 0@veth-in -i 1@veth-out -i 192@veth-cpu --no-p4 -- --grpc-server-addr 127.0.0.1:9559
  tandem filter agent --switch 127.0.0.1:9559 --link veth-agent --cells tables --state-bits 0 \\
      --p4info cof/p4c.p4info.txtpb --device-config cof/switch.json
Such a switch cannot be marked as holding this agent's state (BMv2 refuses
RECONCILE_AND_COMMIT): every reconnection starts it over."
)]
pub struct AgentArgs {
    /// The switch daemon's P4Runtime address, e.g. 127.0.0.1:9559.
    #[arg(long, value_name = "ADDR")]
    switch: String,
    /// The interface of the CPU link (the other end of the switch's --cpu-port).
    #[arg(long, value_name = "IF")]
    link: String,
    /// Open the link in this network namespace (the switch address too is
    /// reached from there).
    #[arg(long, value_name = "NAME")]
    netns: Option<String>,
    /// Destination ports open to connections from outside (port 1), e.g. 22,80.
    #[arg(long, value_delimiter = ',')]
    allow_inbound: Vec<u16>,
    /// Turn the SYN-flood defence off.
    #[arg(long)]
    no_syn_defence: bool,
    /// Offload after the handshake: half-open connections never get a switch
    /// entry.
    #[arg(long)]
    offload_after_handshake: bool,
    /// Switch SRAM for the tables in MiB (default: one Tofino-1 pipe's layout).
    #[arg(long)]
    sram_mib: Option<u64>,
    /// Fingerprint bits: 12, 7 or 15.
    #[arg(long, default_value_t = 12)]
    fingerprint_bits: u8,
    /// Connection-state bits per cell: 2 (the switch follows teardowns) or 0.
    #[arg(long, default_value_t = 2, value_parser = super::parse_state_bits)]
    state_bits: u8,
    /// Where the switch holds the cells: `registers` (register arrays) or
    /// `tables` (one table entry per cell, for a P4Runtime switch that
    /// cannot write registers, such as BMv2's simple_switch_grpc; needs
    /// --state-bits 0).
    #[arg(long, default_value = "registers", value_parser = super::parse_cells)]
    cells: Cells,
    #[command(flatten)]
    pipeline: crate::server_cmd::PipelineFiles,
    /// Connection timeouts, `NAME=SECONDS` (as `tandem filter run --timeout`).
    #[arg(long = "timeout", value_delimiter = ',')]
    timeouts: Vec<String>,
    /// Most connections tracked at once (as `tandem filter run --max-conns`).
    #[arg(long, value_name = "N", default_value_t = filter::tracker::DEFAULT_MAX_CONNS as u32, value_parser = clap::value_parser!(u32).range(1..))]
    max_conns: u32,
    /// Interval of the idle scans (activity and state bits), in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 1.0)]
    scan_every: f64,
    /// P4Runtime device id.
    #[arg(long, default_value_t = 1)]
    device_id: u64,
    /// P4Runtime election id (the highest connected one is primary).
    #[arg(long, default_value_t = 1)]
    election_id: u64,
    /// Give up if the switch cannot be reached for this long at start.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    connect_timeout: f64,
    /// Print a JSON status line on stderr every SECS seconds.
    #[arg(long, value_name = "SECS")]
    status_every: Option<f64>,
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECS")]
    duration: Option<f64>,
    /// Also write the last status (JSON) to this file at the end.
    #[arg(long, value_name = "FILE.json")]
    summary: Option<PathBuf>,
    #[command(flatten)]
    metrics: crate::exporter::MetricsArgs,
    #[command(flatten)]
    tls: crate::tls::ClientTlsArgs,
}

pub(crate) fn run(a: AgentArgs) -> anyhow::Result<ExitCode> {
    for secs in [
        a.status_every,
        a.duration,
        Some(a.connect_timeout),
        Some(a.scan_every),
    ]
    .into_iter()
    .flatten()
    {
        anyhow::ensure!(
            secs.is_finite() && secs > 0.0,
            "--status-every, --duration, --connect-timeout and --scan-every take a positive number of seconds, not {secs}"
        );
    }
    let mut write_latency = None;
    let mut exporter = a.metrics.start("filter agent", |m| {
        write_latency = Some(crate::exporter::write_histogram(m));
    })?;
    check_cells(a.cells, a.state_bits)?;
    let layout = layout_for(a.sram_mib, a.fingerprint_bits, a.state_bits)?;
    let load = a.pipeline.load()?;
    let mut cfg = Config::new(layout, policy(&a.allow_inbound, &a.timeouts, a.max_conns)?);
    cfg.syn_defence = !a.no_syn_defence;
    cfg.handshake_only = a.offload_after_handshake;
    cfg.scan_interval_ns = (a.scan_every * 1e9) as u64;
    let agent = RemoteAgent::with_cells(cfg, a.cells);
    let program = agent
        .program()
        .context("the CoFilter program of this layout is not valid")?;
    if let Some(ns) = &a.netns {
        crate::live_cmd::enter_netns(ns)?;
    }
    let start = Instant::now();
    let clock: p4rt::server::Clock = Arc::new(move || start.elapsed());
    let target = a.tls.target(&a.switch)?;
    let addr = target.url();
    let deadline = Duration::from_secs_f64(a.connect_timeout);
    let mut switch = loop {
        match filterd::switch::P4rtSwitch::connect_with(
            target.clone(),
            a.device_id,
            u128::from(a.election_id),
            program.clone(),
            Duration::from_secs(5),
            load.clone(),
        ) {
            Ok(s) => break s,
            Err(e @ filterd::switch::SwitchError::OtherProgram { .. }) => {
                return Err(e).context("the switch must run CoFilter's program of this layout");
            }
            Err(e @ filterd::switch::SwitchError::Tls(_)) => {
                return Err(e).with_context(|| format!("cannot drive the switch at {addr}"));
            }
            Err(e) if start.elapsed() >= deadline => {
                return Err(e).with_context(|| format!("cannot drive the switch at {addr}"));
            }
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    };
    anyhow::ensure!(
        a.cells == Cells::Tables || !switch.runs_p4c(),
        "the switch at {addr} runs p4c's compilation of the program, and its P4Runtime server cannot write or read registers: run it and the agent with the cells in tables (`tandem filter p4 --cells tables --state-bits 0`, `tandem filter agent --cells tables --state-bits 0`)"
    );
    let horizon = filterd::switch::P4C_HIT_HORIZON;
    anyhow::ensure!(
        !switch.runs_p4c() || Duration::from_secs_f64(a.scan_every) < horizon,
        "--scan-every {}: the switch at {addr} runs p4c's program, whose P4Runtime server reports times since a cell's last hit only up to {horizon:?} (filterd::switch::P4C_HIT_HORIZON), so the idle scans must come more often",
        a.scan_every
    );
    if let Some(h) = write_latency {
        switch.set_write_observer(crate::exporter::observe_into(h));
    }
    let link = port::AfPacket::open(&a.link, port::RingConfig::default())
        .with_context(|| format!("cannot open the CPU link {}", a.link))?;
    // This process's epoch: a switch marked with it holds this agent's
    // state (a restarted agent has another and starts the switch over).
    let epoch = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64 ^ u64::from(std::process::id()));
    let mut daemon = filterd::daemon::AgentDaemon::new(agent, switch, Box::new(link), clock, epoch);
    let r = daemon
        .resync()
        .with_context(|| format!("cannot give the switch at {addr} its state"))?;
    // The handler before the announcement, as in `tandem server`.
    let stop = crate::live_cmd::stop_on_signal()?;
    println!(
        "tandem filter agent: primary for the switch at {addr} (election id {}); resync: {} ({} writes); Ctrl-C stops",
        a.election_id,
        if r.repaired {
            "repaired the state it kept"
        } else {
            "started it over with the agent's state"
        },
        r.writes
    );
    let every = a.status_every.map(Duration::from_secs_f64);
    let mut next = every.map(|e| Instant::now() + e);
    let duration = a.duration.map(Duration::from_secs_f64);
    while !stop.load(Ordering::Relaxed) && duration.is_none_or(|d| start.elapsed() < d) {
        daemon
            .poll(Duration::from_millis(1))
            .context("the CPU link")?;
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
    let status = daemon.status();
    if let Some(path) = &a.summary {
        super::write_file(path, serde_json::to_string_pretty(&status)?.as_bytes())?;
    }
    println!("{status}");
    Ok(ExitCode::SUCCESS)
}

/// The agent daemon's counters as metrics (docs/LIVE.md, "Metrics").
fn snapshot(d: &mut filterd::daemon::AgentDaemon) -> metrics::Snapshot {
    use crate::exporter as x;
    let mut s = metrics::Snapshot::new();
    x::port(&mut s, "link", &d.link_stats());
    let st = *d.stats();
    let p4 = *d.switch().stats();
    x::server_packets(&mut s, st.handled);
    x::control_ops(&mut s, p4.updates);
    x::control_writes(&mut s, p4.write_rpcs);
    x::connected(
        &mut s,
        "Whether the switch is connected and this agent primary (1) or not (0).",
        d.switch().is_connected(),
    );
    let agent = &d.agent().agent;
    x::cofilter_agent(&mut s, agent);
    let counters: [(&str, &str, u64); 8] = [
        (
            "tandem_link_frames_in",
            "Frames received on the CPU link.",
            st.frames_in,
        ),
        (
            "tandem_filter_forwarded",
            "Packets the agent sent back to go out of a port.",
            st.forwarded,
        ),
        (
            "tandem_filter_dropped",
            "Packets the agent dropped.",
            st.dropped,
        ),
        (
            "tandem_filter_recounts",
            "FINs sent back into the switch to be counted.",
            st.recounts,
        ),
        (
            "tandem_filter_dropped_disconnected",
            "Frames that arrived while the switch was not connected (dropped).",
            st.dropped_disconnected,
        ),
        (
            "tandem_filter_dropped_on_error",
            "Packets lost because a call to the switch failed.",
            st.dropped_on_error,
        ),
        (
            "tandem_control_refused",
            "Writes the switch refused.",
            st.refusals,
        ),
        (
            "tandem_resyncs",
            "Resynchronisations of the switch.",
            st.resyncs,
        ),
    ];
    for (name, help, n) in counters {
        s.counter(name, help, &[], n);
    }
    s.counter(
        "tandem_control_reads",
        "P4Runtime Read RPCs.",
        &[],
        p4.read_rpcs,
    );
    s
}
