//! `tandem filter run`: traffic through CoFilter and the baseline side by side.

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use filter::cofilter::Config;
use filter::run::{Runner, Summary};
use filter::tracker::{INSIDE, OUTSIDE};
use trace::pcap::PcapReader;
use trace::workload::{GenOptions, Workload, generate};

use super::ports::PortWriters;
use super::{layout_for, progress_bar, write_file, write_p4};

/// Options of `tandem filter run`.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// Destination ports open to connections from outside (port 1), e.g. 22,80.
    #[arg(long, value_delimiter = ',')]
    allow_inbound: Vec<u16>,
    /// A capture to replay, `PORT=FILE` (port 0 inside, 1 outside; default 0).
    /// All inputs are merged by time into one run (open loop).
    #[arg(long = "input")]
    inputs: Vec<String>,
    /// Generated workloads, one run each (closed loop): websearch, datamining,
    /// hadoop, cache, syn-flood, ...
    #[arg(long = "workload", num_args = 1..)]
    workloads: Vec<String>,
    /// Where pcaps, P4 and the summary go.
    #[arg(long)]
    output_dir: PathBuf,
    /// Also write the JSON summary here.
    #[arg(long)]
    summary: Option<PathBuf>,
    /// Flows per generated workload.
    #[arg(long, default_value_t = 500)]
    flows: u32,
    /// Seed of the generated workloads.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// New flows per second of the generated workloads.
    #[arg(long, default_value_t = 1000.0)]
    rate: f64,
    /// Fraction of generated flows that are UDP.
    #[arg(long, default_value_t = 0.0)]
    udp_share: f64,
    /// Cap on a generated flow's size in bytes.
    #[arg(long)]
    max_flow_bytes: Option<u64>,
    /// `syn-flood`: fraction of flows that are spoofed SYNs.
    #[arg(long, default_value_t = 0.9)]
    attack_share: f64,
    /// Port the generated clients are on (syn-flood: always outside).
    #[arg(long, default_value_t = INSIDE)]
    client_port: u16,
    /// Turn the SYN-flood defence off.
    #[arg(long)]
    no_syn_defence: bool,
    /// Control-channel operation latency in µs (130: Gallium Table 3's
    /// single-table mean on Tofino, the paper's figure).
    #[arg(long, default_value_t = 130)]
    op_latency_us: u64,
    /// The agent's control channel: serial (one request per operation, at
    /// --op-latency-us) or batched (operations gathered while a request is in
    /// flight; --request-us plus --entry-us per entry).
    #[arg(long, value_enum, default_value_t = crate::control::ChannelKind::Serial)]
    channel: crate::control::ChannelKind,
    /// Batched channel: fixed cost of a request, in µs.
    #[arg(long, value_name = "US", default_value_t = 128)]
    request_us: u64,
    /// Batched channel: cost per entry, in µs.
    #[arg(long, value_name = "US", default_value_t = 2)]
    entry_us: u64,
    /// Batched channel: entries per request.
    #[arg(long, value_name = "N", default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..))]
    max_batch: u32,
    /// Offload after the handshake: half-open connections never get a switch
    /// entry (spoofed SYNs never take switch memory or control bandwidth).
    #[arg(long)]
    offload_after_handshake: bool,
    /// CPU cores the agent runs on (packet-ins spread by connection, 2 µs of
    /// work each per packet).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    agent_cores: u32,
    /// Rate limit, in SYNs per second, of new connections' SYNs to the CPU
    /// (the switch's SYN meter: control-plane policing); SYNs beyond it are
    /// dropped on the switch and counted (`shed`). 0: no limit
    /// [default: a third of what the agent's cores take, 166,666 per core].
    #[arg(long, value_name = "PPS")]
    syn_rate: Option<u64>,
    /// The SYN meter's burst, in SYNs [default: 2 ms at its rate].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    syn_burst: Option<u64>,
    /// Switch SRAM for the tables in MiB (default: the layout that fits one
    /// Tofino-1 pipe).
    #[arg(long)]
    sram_mib: Option<u64>,
    /// Fingerprint bits: 12 (split 13-bit cells), 7 or 15 (8- or 16-bit cells).
    #[arg(long, default_value_t = 12)]
    fingerprint_bits: u8,
    /// Connection-state bits per cell: 2 (the switch follows an offloaded
    /// connection's teardown: FINs forwarded in the data plane, the ACK in
    /// LAST_ACK to the CPU) or 0 (presence only: every FIN to the CPU).
    #[arg(long, default_value_t = 2, value_parser = super::parse_state_bits)]
    state_bits: u8,
    /// Connection timeouts in seconds, `NAME=SECONDS` with the kernel's sysctl
    /// names (nf_conntrack_tcp_timeout_NAME, nf_conntrack_NAME_timeout): syn_sent,
    /// syn_recv, established, fin_wait, close_wait, last_ack, time_wait, close,
    /// syn_sent2, udp, udp_stream, icmp [default: the kernel's].
    #[arg(long = "timeout", value_delimiter = ',')]
    timeouts: Vec<String>,
    /// Most connections tracked at once, by CoFilter's agent and by the
    /// baseline (as `nf_conntrack_max`); a new connection beyond it evicts
    /// the oldest unassured one (early drop, counted), or is dropped if all
    /// are assured.
    #[arg(long, value_name = "N", default_value_t = filter::tracker::DEFAULT_MAX_CONNS as u32, value_parser = clap::value_parser!(u32).range(1..))]
    max_conns: u32,
}

/// One named run's summary.
#[derive(Debug, serde::Serialize)]
pub(crate) struct NamedRun {
    pub(crate) name: String,
    #[serde(flatten)]
    pub(crate) summary: Summary,
}

pub(crate) fn run(a: RunArgs) -> anyhow::Result<ExitCode> {
    if a.inputs.is_empty() && a.workloads.is_empty() {
        anyhow::bail!("nothing to run: give --input and/or --workload");
    }
    fs::create_dir_all(&a.output_dir)
        .with_context(|| format!("cannot create {}", a.output_dir.display()))?;
    let layout = layout_for(a.sram_mib, a.fingerprint_bits, a.state_bits)?;
    write_p4(&a.output_dir, layout, filter::layout::Cells::Registers, "")?;
    let policy = super::policy(&a.allow_inbound, &a.timeouts, a.max_conns)?;
    let mut cfg = Config::new(layout, policy).with_cores(a.agent_cores);
    match a.syn_rate {
        Some(0) => cfg.syn_meter = None,
        Some(rate) => {
            cfg.syn_meter = Some(filter::dataplane::MissMeter {
                rate_pps: rate,
                burst: a.syn_burst.unwrap_or((rate / 500).max(64)),
            });
        }
        None => {
            if let (Some(m), Some(b)) = (cfg.syn_meter.as_mut(), a.syn_burst) {
                m.burst = b;
            }
        }
    }
    cfg.syn_defence = !a.no_syn_defence;
    cfg.op_latency_ns = a.op_latency_us.saturating_mul(1000);
    cfg.handshake_only = a.offload_after_handshake;
    if a.channel == crate::control::ChannelKind::Batched {
        cfg.batched = Some(filter::cofilter::Batched {
            request_ns: a.request_us.saturating_mul(1000),
            per_entry_ns: a.entry_us.saturating_mul(1000),
            max_batch: a.max_batch,
        });
    }
    let mut runs = Vec::new();
    let mut failure = None;
    if !a.inputs.is_empty() {
        let mut runner = Runner::new(cfg.clone());
        let r = replay(&a, &mut runner);
        runs.push(NamedRun {
            name: "input".into(),
            summary: runner.summary(),
        });
        if let Err(e) = r {
            failure = Some(e);
        }
    }
    for w in &a.workloads {
        if failure.is_some() {
            break;
        }
        let workload: Workload = w
            .parse()
            .map_err(|e| anyhow::anyhow!("--workload {w}: {e}"))?;
        let opts = GenOptions {
            workload,
            flows: a.flows,
            seed: a.seed,
            rate: a.rate,
            udp_share: a.udp_share,
            max_flow_bytes: a.max_flow_bytes,
            attack_share: a.attack_share,
            ..GenOptions::default()
        };
        let t = generate(&opts).with_context(|| format!("--workload {w}"))?;
        let client_port = if workload == Workload::SynFlood {
            OUTSIDE
        } else {
            a.client_port
        };
        let mut runner = Runner::new(cfg.clone());
        let bar = progress_bar(t.packet_count());
        let mut out = PortWriters::create(&a.output_dir, w)?;
        let mut res = Ok(());
        filter::run::feed_trace_with(
            &mut runner,
            &t,
            client_port,
            &mut |done, _| bar.set_position(done),
            &mut |conn, i, _, d| {
                if res.is_ok() {
                    let mut frame = Vec::new();
                    conn.write_frame(i, &mut frame);
                    res = out.write(d.verdict, d.leaves_at, &frame);
                }
            },
        );
        bar.finish_and_clear();
        out.finish()?;
        res?;
        runs.push(NamedRun {
            name: w.clone(),
            summary: runner.summary(),
        });
    }
    let json = serde_json::to_string_pretty(&serde_json::json!({ "runs": runs }))?;
    write_file(&a.output_dir.join("summary.json"), json.as_bytes())?;
    if let Some(p) = &a.summary {
        write_file(p, json.as_bytes())?;
    }
    let mut stdout = std::io::stdout().lock();
    for r in &runs {
        print_summary(&mut stdout, r)?;
    }
    if let Some(e) = failure {
        return Err(e);
    }
    let mismatched = runs.iter().any(|r| r.summary.mismatches > 0);
    Ok(if mismatched {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// Replays all `--input` captures merged by time; what was processed before an
/// error stays in the runner's summary.
fn replay(a: &RunArgs, runner: &mut Runner) -> anyhow::Result<()> {
    let mut readers = Vec::new();
    for spec in &a.inputs {
        let (port, path) = match spec.split_once('=') {
            Some((p, f)) => (
                p.parse::<u16>()
                    .ok()
                    .filter(|p| *p <= 1)
                    .with_context(|| format!("--input {spec}: port must be 0 or 1"))?,
                PathBuf::from(f),
            ),
            None => (INSIDE, PathBuf::from(spec)),
        };
        let r =
            PcapReader::open(&path).with_context(|| format!("cannot read {}", path.display()))?;
        readers.push((port, path, r.peekable()));
    }
    let mut out = PortWriters::create(&a.output_dir, "input")?;
    loop {
        // The reader whose next packet is earliest (ties: in --input order).
        let mut best: Option<(usize, u64)> = None;
        for (i, (_, path, r)) in readers.iter_mut().enumerate() {
            match r.peek() {
                Some(Ok(p)) if best.is_none_or(|(_, t)| p.ts_ns < t) => best = Some((i, p.ts_ns)),
                Some(Err(_)) => {
                    if let Some(Err(e)) = r.next() {
                        out.finish()?;
                        return Err(e).with_context(|| format!("reading {}", path.display()));
                    }
                }
                _ => {}
            }
        }
        let Some((i, _)) = best else {
            break;
        };
        let port = readers[i].0;
        if let Some(Ok(p)) = readers[i].2.next() {
            let d = runner.step_decision(p.ts_ns, port, &p.data);
            out.write(d.verdict, d.leaves_at, &p.data)?;
        }
    }
    out.finish()
}

pub(crate) fn print_summary(out: &mut impl Write, r: &NamedRun) -> anyhow::Result<()> {
    let s = &r.summary;
    let pct = |x: u64| 100.0 * x as f64 / s.packets_in.max(1) as f64;
    writeln!(
        out,
        "{}: {} packets, {} connections",
        r.name, s.packets_in, s.connections
    )?;
    writeln!(
        out,
        "  forwarded {} dropped {}; switch {} ({:.1} %), CPU {} ({:.1} %; baseline 100 %)",
        s.forwarded,
        s.dropped,
        s.switch_packets,
        pct(s.switch_packets),
        s.cpu_packets,
        pct(s.cpu_packets)
    )?;
    writeln!(
        out,
        "  collisions {} (fallback {}), false accepts {}, control ops {}, verdict mismatches vs baseline {}",
        s.collisions, s.fallback_entries, s.false_accepts, s.counters.control_ops, s.mismatches
    )?;
    writeln!(
        out,
        "  meters: {} TCP misses dropped (miss meter), {} new SYNs shed (SYN meter, before the state machine); longest CPU queue {} ns",
        s.metered, s.shed, s.counters.max_cpu_queue_ns
    )?;
    writeln!(
        out,
        "  delay: switch p50 {} ns; CPU p50 {} ns p99 {} ns; output commit p50 {} ns p99 {} ns",
        s.switch_delay.p50_ns,
        s.cpu_delay.p50_ns,
        s.cpu_delay.p99_ns,
        s.commit_delay.p50_ns,
        s.commit_delay.p99_ns
    )?;
    Ok(())
}
