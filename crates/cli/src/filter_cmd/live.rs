//! `tandem filter live`: CoFilter on Linux interfaces (docs/LIVE.md, "CoFilter
//! live").
//!
//! Frames from the interface bound to port 0 (inside) and port 1 (outside) go
//! through CoFilter and, beside it, the all-on-CPU baseline, exactly as `tandem
//! filter run` feeds a capture: same `filter::run::Runner`, times on the wall
//! clock since start (strictly increasing across ports). A forwarded frame leaves
//! on its output port no earlier than the time CoFilter's model gives it
//! (`leaves_at`: the switch pipeline, or the control operation a held packet waits
//! for under output commit). `--record DIR` writes what entered each port
//! (`DIR/in/portN.pcap`) and what CoFilter forwarded (`DIR/out/portN.pcap`, in
//! decision order, stamped with `leaves_at`), which is what `tandem filter run
//! --input 0=DIR/in/port0.pcap --input 1=DIR/in/port1.pcap` writes as
//! `input.portN.pcap`.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Duration;

use anyhow::Context;
use filter::cofilter::Config;
use filter::run::Runner;
use filter::tracker::Verdict;
use port::{Poller, Port, PortStats};
use runner::{PcapDir, Sink};

use super::layout_for;
use super::run::{NamedRun, print_summary};
use crate::live_cmd::PortBinding;

/// Frames waiting for their departure time, at most; beyond it frames are
/// dropped and counted (`hold_overflow`).
const HOLD_LIMIT: usize = 16_384;
/// Forwarded frames by departure: (leaves_at, sequence, output port, frame).
type Departures = BinaryHeap<Reverse<(u64, u64, u16, Vec<u8>)>>;

/// Frames taken from one port before looking at the other.
const BATCH: usize = 64;

/// Options of `tandem filter live`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  tandem filter live -p 0=veth-in -p 1=veth-out --allow-inbound 22,80
  tandem filter live --netns fw -p 0=c1 -p 1=s1 --record rec/ --duration 30
  (replay: tandem filter run --input 0=rec/in/port0.pcap --input 1=rec/in/port1.pcap --output-dir out/)")]
pub struct LiveArgs {
    /// Bind port 0 (inside) and port 1 (outside) to interfaces: `-p 0=IF -p 1=IF`.
    #[arg(long = "port", short = 'p', value_name = "PORT=IF", required = true)]
    ports: Vec<PortBinding>,
    /// Open the interfaces in this network namespace (a name from `ip netns`).
    #[arg(long, value_name = "NAME")]
    netns: Option<String>,
    /// Destination ports open to connections from outside (port 1), e.g. 22,80.
    #[arg(long, value_delimiter = ',')]
    allow_inbound: Vec<u16>,
    /// Turn the SYN-flood defence off.
    #[arg(long)]
    no_syn_defence: bool,
    /// Control-channel operation latency in µs (how long a packet held for output
    /// commit waits).
    #[arg(long, default_value_t = 130)]
    op_latency_us: u64,
    /// Switch SRAM for the tables in MiB (default: one Tofino-1 pipe's layout).
    #[arg(long)]
    sram_mib: Option<u64>,
    /// Fingerprint bits: 12, 7 or 15.
    #[arg(long, default_value_t = 12)]
    fingerprint_bits: u8,
    /// Connection-state bits per cell: 2 (the switch follows teardowns) or 0
    /// (as `tandem filter run --state-bits`).
    #[arg(long, default_value_t = 2, value_parser = super::parse_state_bits)]
    state_bits: u8,
    /// Where the switch holds the cells: only `registers` here (the model
    /// and the XDP target write register cells; `tables` is for a P4Runtime
    /// switch that cannot, driven by `tandem filter agent --cells tables`).
    #[arg(long, default_value = "registers", value_parser = super::parse_cells)]
    cells: filter::layout::Cells,
    /// Connection timeouts, `NAME=SECONDS` (as `tandem filter run --timeout`).
    #[arg(long = "timeout", value_delimiter = ',')]
    timeouts: Vec<String>,
    /// Most connections tracked at once, by CoFilter's agent and by the
    /// baseline (as `nf_conntrack_max`); a new connection beyond it evicts
    /// the oldest unassured one (early drop, counted), or is dropped if all
    /// are assured.
    #[arg(long, value_name = "N", default_value_t = filter::tracker::DEFAULT_MAX_CONNS as u32, value_parser = clap::value_parser!(u32).range(1..))]
    max_conns: u32,
    /// Packet I/O: afpacket (TPACKET_V3 rings), afxdp (AF_XDP with an XDP
    /// redirect program), afxdp-generic (AF_XDP with generic XDP: only with
    /// TSO/GRO off on the peers), or auto (AF_XDP where the driver runs XDP natively
    /// and the MTU fits its 2 KiB chunks, such as veth; else AF_PACKET), as
    /// `tandem live --io`.
    #[arg(long, value_enum, default_value = "auto")]
    io: crate::live_cmd::Io,
    /// Record inputs (DIR/in/portN.pcap) and forwarded frames (DIR/out/portN.pcap).
    #[arg(long, value_name = "DIR")]
    record: Option<PathBuf>,
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECS")]
    duration: Option<f64>,
    /// Also write the summary (runs[0] as in `filter run`, plus "live") as JSON.
    #[arg(long, value_name = "FILE.json")]
    summary: Option<PathBuf>,
    /// No status line on stderr.
    #[arg(long, short = 'q')]
    quiet: bool,
    /// Where CoFilter's switch program runs: `model` (this process, with the
    /// all-on-CPU baseline beside it) or `xdp` (the kernel's XDP hook on both
    /// ports, the agent here on a veth pair that is the CPU port; docs/XDP.md).
    #[arg(long, value_enum, default_value = "model")]
    switch: crate::live_cmd::LiveSwitch,
    /// With `--switch xdp`: attach natively or generically (default: native
    /// where the driver has it).
    #[arg(long, value_enum, value_name = "MODE")]
    xdp_mode: Option<crate::live_cmd::XdpAttach>,
    #[command(flatten)]
    metrics: crate::exporter::MetricsArgs,
}

/// Counters of the live loop.
#[derive(Debug, Default, serde::Serialize)]
struct LiveCounters {
    /// Forwarded frames dropped because the departure queue was full.
    hold_overflow: u64,
    /// Each port's counters at the end.
    ports: std::collections::BTreeMap<u16, PortStats>,
}

pub(crate) fn run(a: LiveArgs) -> anyhow::Result<ExitCode> {
    let mut bound: [Option<String>; 2] = [None, None];
    for b in &a.ports {
        anyhow::ensure!(
            b.port <= 1,
            "port {} ({}): CoFilter has port 0 (inside) and port 1 (outside) only",
            b.port,
            b.interface
        );
        anyhow::ensure!(
            bound[usize::from(b.port)].is_none(),
            "port {} is bound twice",
            b.port
        );
        bound[usize::from(b.port)] = Some(b.interface.clone());
    }
    if let Some(d) = a.duration {
        anyhow::ensure!(
            d.is_finite() && d > 0.0,
            "--duration must be a positive number of seconds, not {d}"
        );
    }
    if a.cells == filter::layout::Cells::Tables {
        anyhow::bail!(
            "--cells tables: {}; cells in tables are for a P4Runtime switch that cannot write registers (BMv2's simple_switch_grpc), driven by `tandem filter agent --cells tables`",
            match a.switch {
                crate::live_cmd::LiveSwitch::Xdp => {
                    "the XDP target's agent writes the cells as registers (BPF map entries), so it runs register cells only"
                }
                crate::live_cmd::LiveSwitch::Model => {
                    "the switch model of `tandem filter live` runs register cells only"
                }
            }
        );
    }
    let exporter = a.metrics.start("filter live", |_| {})?;
    let layout = layout_for(a.sram_mib, a.fingerprint_bits, a.state_bits)?;
    let policy = super::policy(&a.allow_inbound, &a.timeouts, a.max_conns)?;
    let mut cfg = Config::new(layout, policy);
    cfg.syn_defence = !a.no_syn_defence;
    cfg.op_latency_ns = a.op_latency_us * 1000;
    if a.switch == crate::live_cmd::LiveSwitch::Xdp {
        return run_xdp(&a, cfg, exporter);
    }
    let mut runner = Runner::new(cfg);

    if let Some(ns) = &a.netns {
        crate::live_cmd::enter_netns(ns)?;
    }
    let mut ports: Vec<(u16, Box<dyn Port>)> = Vec::new();
    let mut io_used = Vec::new();
    for b in &a.ports {
        let (p, io) = crate::live_cmd::open_port(b, a.io)?;
        io_used.push(io);
        ports.push((b.port, p));
    }
    let numbers: Vec<u16> = ports.iter().map(|(n, _)| *n).collect();
    let mut rec = match &a.record {
        Some(dir) => Some((
            PcapDir::create(&dir.join("in"), &numbers)?,
            PcapDir::create(&dir.join("out"), &numbers)?,
        )),
        None => None,
    };

    let stop = crate::live_cmd::stop_on_signal()?;
    let clock = crate::live_cmd::wall_clock(&stop, a.duration);
    let mut poller = Poller::new(ports.iter().map(|(_, p)| &**p));
    let mut held = Departures::new();
    let mut seq = 0u64;
    let mut counters = LiveCounters::default();
    let mut last = 0u64;
    let mut next_status = 1_000_000_000u64;
    let mut failure: Option<anyhow::Error> = None;

    'run: loop {
        let now = clock();
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let mut got = 0;
        for (pnum, p) in ports.iter_mut() {
            let pnum = *pnum;
            let mut fault: Option<anyhow::Error> = None;
            let r = p.recv(BATCH, Duration::ZERO, &mut |f| {
                if fault.is_some() {
                    return;
                }
                let ts = clock().max(last + 1);
                last = ts;
                let d = runner.step_decision(ts, pnum, f.data);
                if let Some((rin, rout)) = &mut rec {
                    let r = rin.write(pnum, ts, f.data).and_then(|()| match d.verdict {
                        Verdict::Forward(out) => rout.write(out, d.leaves_at, f.data),
                        Verdict::Drop(_) => Ok(()),
                    });
                    if let Err(e) = r {
                        fault = Some(e.into());
                    }
                }
                if let Verdict::Forward(out) = d.verdict {
                    if held.len() >= HOLD_LIMIT {
                        counters.hold_overflow += 1;
                    } else {
                        held.push(Reverse((d.leaves_at, seq, out, f.data.to_vec())));
                        seq += 1;
                    }
                }
            });
            match r {
                Ok(n) => got += n,
                Err(e) => fault = fault.or(Some(e.into())),
            }
            if let Some(e) = fault {
                failure = Some(e);
                break 'run;
            }
        }
        if let Err(e) = send_due(&mut held, &mut ports, clock()) {
            failure = Some(e);
            break;
        }
        if now >= next_status {
            next_status = now + 1_000_000_000;
            if let Some(x) = &exporter {
                x.publish(snapshot(&runner, &mut ports, held.len(), &counters));
            }
            if !a.quiet {
                let s = runner.summary();
                #[allow(clippy::print_stderr)]
                {
                    eprint!(
                        "\r{:>6.1}s | in {} fwd {} drop {} | switch {} CPU {} | mismatches {}\x1b[K",
                        now as f64 / 1e9,
                        s.packets_in,
                        s.forwarded,
                        s.dropped,
                        s.switch_packets,
                        s.cpu_packets,
                        s.mismatches
                    );
                }
            }
        }
        // Nothing came: block briefly, or not at all while a frame is due soon.
        if got == 0 && held.is_empty() {
            poller.wait(Duration::from_millis(1))?;
        }
    }
    // Let out what is still waiting, as the end of a replay would.
    if failure.is_none()
        && let Err(e) = send_due(&mut held, &mut ports, u64::MAX)
    {
        failure = Some(e);
    }
    if let Some((mut rin, mut rout)) = rec {
        rin.finish()?;
        rout.finish()?;
    }
    if !a.quiet {
        #[allow(clippy::print_stderr)]
        {
            eprintln!();
        }
    }
    counters.ports = ports.iter_mut().map(|(n, p)| (*n, p.stats())).collect();
    let named = NamedRun {
        name: "live".into(),
        summary: runner.summary(),
    };
    let mut out = std::io::stdout().lock();
    print_summary(&mut out, &named)?;
    for (port, st) in &counters.ports {
        writeln!(
            out,
            "port {port}   rx {} frames ({} ring drops), tx {} frames ({} above the MTU, {} refused)",
            st.rx_frames, st.rx_ring_drops, st.tx_frames, st.tx_too_big, st.tx_errors
        )?;
    }
    writeln!(out, "io       {}", io_used.join(", "))?;
    if counters.hold_overflow > 0 {
        writeln!(
            out,
            "lost     {} to a full departure queue",
            counters.hold_overflow
        )?;
    }
    if let Some(path) = &a.summary {
        let json = serde_json::json!({ "runs": [named], "live": counters });
        super::write_file(path, serde_json::to_string_pretty(&json)?.as_bytes())?;
        writeln!(out, "summary  {}", path.display())?;
    }
    out.flush()?;
    if let Some(e) = failure {
        return Err(
            e.context("the live run stopped early (everything before it is in the summary)")
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// CoFilter's live counters as metrics (docs/LIVE.md, "Metrics"): ports,
/// the filter's packet and control counters, the frames waiting to leave.
fn snapshot(
    runner: &Runner,
    ports: &mut [(u16, Box<dyn Port>)],
    waiting: usize,
    counters: &LiveCounters,
) -> metrics::Snapshot {
    use crate::exporter as x;
    let mut s = metrics::Snapshot::new();
    for (n, p) in ports.iter_mut() {
        x::port(&mut s, &n.to_string(), &p.stats());
    }
    let f = &runner.filter;
    let c = f.counters;
    x::server_packets(&mut s, c.cpu_packets);
    s.counter(
        "tandem_switch_only_packets",
        "Packets handled entirely on the switch.",
        &[],
        c.switch_packets,
    );
    x::control_ops(&mut s, c.control_ops);
    x::held(&mut s, c.committed, Some(waiting as u64));
    let dp = f.dataplane_stats();
    x::meter_drops(&mut s, "miss", dp.metered);
    x::meter_drops(&mut s, "syn", dp.shed);
    let list: [(&str, &str, u64); 4] = [
        (
            "tandem_filter_packets_in",
            "Packets CoFilter processed.",
            c.packets_in,
        ),
        (
            "tandem_filter_forwarded",
            "Packets CoFilter forwarded.",
            c.forwarded,
        ),
        (
            "tandem_filter_dropped",
            "Packets CoFilter dropped.",
            c.dropped,
        ),
        (
            "tandem_filter_hold_overflow",
            "Forwarded frames dropped because the departure queue was full.",
            counters.hold_overflow,
        ),
    ];
    for (name, help, n) in list {
        s.counter(name, help, &[], n);
    }
    x::cofilter_agent(&mut s, &f.agent);
    s
}

/// Sends every held frame due by `now`: each port's in departure order, in one
/// [`Port::send_batch`] per port.
fn send_due(
    held: &mut Departures,
    ports: &mut [(u16, Box<dyn Port>)],
    now: u64,
) -> anyhow::Result<()> {
    let mut due: Vec<(u16, Vec<u8>)> = Vec::new();
    while held.peek().is_some_and(|Reverse(h)| h.0 <= now) {
        if let Some(Reverse((_, _, out, frame))) = held.pop() {
            due.push((out, frame));
        }
    }
    if due.is_empty() {
        return Ok(());
    }
    for (pnum, p) in ports.iter_mut() {
        let batch: Vec<&[u8]> = due
            .iter()
            .filter(|(out, _)| out == pnum)
            .map(|(_, f)| f.as_slice())
            .collect();
        if !batch.is_empty() {
            p.send_batch(&batch)?;
        }
    }
    Ok(())
}

/// `--switch xdp`: the switch program in the kernel, the agent here.
fn run_xdp(
    a: &LiveArgs,
    cfg: Config,
    exporter: Option<crate::exporter::Exporter>,
) -> anyhow::Result<ExitCode> {
    if let Some(ns) = &a.netns {
        crate::live_cmd::enter_netns(ns)?;
    }
    let bindings: Vec<xdp::live::Binding> = a
        .ports
        .iter()
        .map(|b| xdp::live::Binding {
            port: b.port,
            interface: b.interface.clone(),
        })
        .collect();
    let only = a.xdp_mode.map(|m| match m {
        crate::live_cmd::XdpAttach::Native => bpf::XdpMode::Native,
        crate::live_cmd::XdpAttach::Generic => bpf::XdpMode::Generic,
    });
    let stop = crate::live_cmd::stop_on_signal()?;
    let base = bpf::ktime_ns();
    let agent = filter::remote::RemoteAgent::new(cfg);
    let live = filterd::xdp::XdpAgent::start(agent, &bindings, only, a.record.as_deref(), base)
        .context("cannot run CoFilter's switch program on XDP")?;
    crate::live_xdp::announce_modes(live.modes(), a.quiet);
    let mut clock = crate::live_xdp::deadline_clock(base, a.duration, &stop);
    let quiet = a.quiet;
    let mut status = |now: u64, ports: &std::collections::BTreeMap<u16, xdp::live::PortCounts>| {
        if let Some(x) = &exporter {
            let mut s = metrics::Snapshot::new();
            crate::live_xdp::xdp_ports(&mut s, ports);
            x.publish(s);
        }
        if quiet {
            return;
        }
        let mut line = format!("{:>6.1}s", now as f64 / 1e9);
        for (p, c) in ports {
            line.push_str(&format!(
                " | port {p} rx {} tx {} drop {}",
                c.rx, c.tx, c.dropped
            ));
        }
        #[allow(clippy::print_stderr)]
        {
            eprint!("\r{line}\x1b[K");
        }
    };
    let outcome = live.run(&mut clock, &stop, &mut status);
    if !quiet {
        #[allow(clippy::print_stderr)]
        {
            eprintln!();
        }
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "cofilter on XDP: {} connections tracked",
        outcome.connections
    )?;
    crate::live_xdp::write_port_counts(&mut out, &outcome.ports)?;
    let d = &outcome.daemon;
    writeln!(
        out,
        "agent    {} packets from the CPU port: {} forwarded, {} dropped, {} recounted; {} writes in {} calls",
        d.handled,
        d.forwarded,
        d.dropped,
        d.recounts,
        outcome.agent.writes,
        outcome.agent.write_calls
    )?;
    crate::live_xdp::write_io_line(&mut out, &outcome.modes)?;
    if let Some(dir) = &a.record {
        writeln!(
            out,
            "recorded {}/{{in,out}}/portN.pcap ({} records)",
            dir.display(),
            outcome.recorded
        )?;
    }
    if let Some(path) = &a.summary {
        let mut v = serde_json::to_value(&outcome)?;
        if let Some(o) = v.as_object_mut() {
            o.insert("switch".into(), "xdp".into());
        }
        crate::run_cmd::write_json(path, &v)?;
        writeln!(out, "summary  {}", path.display())?;
    }
    out.flush()?;
    if let Some(e) = outcome.error {
        anyhow::bail!("the live run stopped early: {e}");
    }
    Ok(ExitCode::SUCCESS)
}
