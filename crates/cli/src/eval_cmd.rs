//! `tandem eval flow-setup`: how fast new flows are admitted, and what a SYN
//! flood does to legitimate ones (issue #18, item 5; docs/GALLIUM.md,
//! "Flow setup at scale").
//!
//! For every NF (partitioned MazuNAT, the partitioned load balancer, CoFilter),
//! loop (open: the generated schedule as is, client side only for the
//! partitioned NFs; closed: later packets of a connection wait for held ones),
//! flood (off, or a share of the arrivals spoofed SYNs), control setting
//! (Gallium's serial protocol; Tandem's batched channel with group commit;
//! that plus offload after the handshake) and offered rate of legitimate new
//! flows, one run of the `syn-flood` workload. Reported per run: the achieved
//! admission rate, the first-packet delay of legitimate flows (p50/p99/p99.9)
//! and of spoofed ones (p99), the share of packets the server/CPU handled, the
//! peak of packets held at once, packets dropped, control requests, and the
//! peak RSS of the run.

use std::collections::{BinaryHeap, HashMap, HashSet};
use std::io::Write;
use std::net::SocketAddrV4;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use runner::partitioned::Histogram;
use runner::{ControlOptions, Engine, EngineError, PartitionedEngine, Released, Sink, SinkError};
use trace::workload::{App, GenOptions, Side, Trace, Workload, generate};

/// `tandem eval` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum EvalCommand {
    /// Sweep the offered new-flow rate with and without a SYN flood.
    FlowSetup(FlowSetupArgs),
    /// Gallium's evaluation live with real TCP: Fig. 7, Table 2, Fig. 8 and 9.
    Gallium(crate::eval_gallium_cmd::GalliumArgs),
}

/// Options of `tandem eval flow-setup`.
#[derive(Debug, clap::Args)]
pub struct FlowSetupArgs {
    /// Offered rates of legitimate new flows per second.
    #[arg(long, value_delimiter = ',', default_values_t = [100.0, 1_000.0, 10_000.0, 100_000.0, 1_000_000.0])]
    rates: Vec<f64>,
    /// Legitimate flows per run.
    #[arg(long, default_value_t = 2_000)]
    flows: u32,
    /// NFs: mazunat, lb, cofilter.
    #[arg(long, value_delimiter = ',', default_values_t = ["mazunat".to_string(), "lb".to_string(), "cofilter".to_string()])]
    nfs: Vec<String>,
    /// Share of the arrivals that are spoofed SYNs in the flood runs.
    #[arg(long, default_value_t = 0.9)]
    attack_share: f64,
    /// Generator seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where the example NF programs are.
    #[arg(long, default_value = "examples/nf")]
    examples: PathBuf,
    /// Where flow-setup.json and flow-setup.svg go.
    #[arg(long, default_value = "flow-setup")]
    output_dir: PathBuf,
    /// A small sweep for tests: rates 1,000 and 100,000, 100 flows.
    #[arg(long)]
    quick: bool,
    /// Batched channel (and CoFilter's batched agent channel): fixed cost of
    /// a round of requests, in µs (docs/SWITCH.md: 128 assumed; BMv2 ≈ 40;
    /// Tandem's P4Runtime switch ≈ 72).
    #[arg(long, value_name = "US", default_value_t = 128)]
    request_us: u64,
    /// Batched channel: cost per entry, in µs (2 assumed; BMv2 ≤ 30; Tandem's
    /// P4Runtime switch ≈ 3.9).
    #[arg(long, value_name = "US", default_value_t = 2.0)]
    entry_us: f64,
    /// Batched channel: entries per request.
    #[arg(long, value_name = "N", default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..))]
    max_batch: u32,
    /// Batched channel: requests in flight at once.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..))]
    window: u32,
    /// CoFilter: CPU cores of its agent (its SYN meter scales with them).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    agent_cores: u32,
}

impl FlowSetupArgs {
    /// The batched channel the flags describe.
    fn channel(&self) -> anyhow::Result<pipe::Channel> {
        if !(self.entry_us.is_finite() && self.entry_us >= 0.0) {
            anyhow::bail!(
                "--entry-us must be a non-negative number of µs, not {}",
                self.entry_us
            );
        }
        Ok(pipe::Channel::Batched {
            request: std::time::Duration::from_micros(self.request_us),
            per_entry: std::time::Duration::from_secs_f64(self.entry_us / 1e6),
            max_batch: self.max_batch,
            window: self.window,
        })
    }
}

/// How the switch is updated in one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
enum Setting {
    /// Gallium: every operation its own request, one at a time, one update
    /// per packet, every new flow installed at its first packet.
    Serial,
    /// Tandem: one batched request per phase, group commit.
    Batched,
    /// Batched, and new flows installed only once their handshake completed.
    #[serde(rename = "batched+handshake")]
    BatchedHandshake,
    /// Batched with direct inserts: new keys written straight into the main
    /// tables (one entry per key, no flips).
    #[serde(rename = "batched+direct")]
    Direct,
    /// Direct inserts and the handshake policy.
    #[serde(rename = "batched+direct+handshake")]
    DirectHandshake,
}

impl Setting {
    const ALL: [Setting; 5] = [
        Setting::Serial,
        Setting::Batched,
        Setting::BatchedHandshake,
        Setting::Direct,
        Setting::DirectHandshake,
    ];

    fn name(self) -> &'static str {
        match self {
            Setting::Serial => "serial",
            Setting::Batched => "batched",
            Setting::BatchedHandshake => "batched+handshake",
            Setting::Direct => "batched+direct",
            Setting::DirectHandshake => "batched+direct+handshake",
        }
    }

    fn handshake(self) -> bool {
        matches!(self, Setting::BatchedHandshake | Setting::DirectHandshake)
    }

    fn direct(self) -> bool {
        matches!(self, Setting::Direct | Setting::DirectHandshake)
    }

    /// Whether the setting means anything for `nf` (CoFilter's agent has no
    /// write-back tables, so no direct inserts).
    fn applies_to(self, nf: &Nf) -> bool {
        !(self.direct() && matches!(nf, Nf::CoFilter))
    }

    fn control(self, channel: pipe::Channel) -> ControlOptions {
        match self {
            Setting::Serial => ControlOptions::default(),
            _ => ControlOptions {
                channel,
                group_commit: true,
                limits: server::Limits {
                    handshake: self.handshake(),
                    ..server::Limits::default()
                },
                direct_inserts: self.direct(),
                ..ControlOptions::default()
            },
        }
    }
}

/// One run of the sweep.
#[derive(Debug, Clone, serde::Serialize)]
struct Row {
    nf: String,
    #[serde(rename = "loop")]
    loop_: &'static str,
    flood: bool,
    setting: Setting,
    /// Offered legitimate new flows per second.
    offered_flows_per_s: f64,
    legit_flows: u64,
    spoofed_flows: u64,
    packets: u64,
    /// Legitimate flows whose first packet left, per second from the first
    /// legitimate arrival to the last such departure.
    admitted_flows_per_s: f64,
    /// Legitimate first packets that never left (dropped).
    first_packets_dropped: u64,
    first_p50_ns: u64,
    first_p99_ns: u64,
    first_p999_ns: u64,
    spoofed_first_p99_ns: u64,
    /// Share of packets handled by the server (CPU).
    server_share: f64,
    peak_held: u64,
    /// Packets dropped because too many were held.
    held_overflow_drops: u64,
    control_requests: u64,
    /// Packets the switch's meters dropped (the partitioned NFs' miss-punt
    /// meter; CoFilter's miss and SYN meters).
    meter_drops: u64,
    /// Of those, packets of legitimate connections.
    legit_meter_drops: u64,
    /// Peak resident set of the process during the run (bytes; `None` where
    /// /proc is not readable).
    peak_rss_bytes: Option<u64>,
    wall_ms: u64,
}

pub(crate) fn run(cmd: EvalCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        EvalCommand::FlowSetup(a) => flow_setup(a),
        EvalCommand::Gallium(a) => crate::eval_gallium_cmd::run(a),
    }
}

fn flow_setup(a: FlowSetupArgs) -> anyhow::Result<ExitCode> {
    let (rates, flows) = if a.quick {
        (vec![1_000.0, 100_000.0], 100)
    } else {
        (a.rates.clone(), a.flows)
    };
    if let Some(r) = rates.iter().find(|r| !(r.is_finite() && **r > 0.0)) {
        anyhow::bail!("--rates: {r} is not a positive number of flows per second");
    }
    if flows == 0 {
        anyhow::bail!("--flows must be at least 1");
    }
    if !(0.0..1.0).contains(&a.attack_share) {
        anyhow::bail!(
            "--attack-share must be at least 0 and below 1, not {}",
            a.attack_share
        );
    }
    let mut nfs = Vec::new();
    for n in &a.nfs {
        nfs.push(match n.as_str() {
            "mazunat" | "lb" => {
                let path = a.examples.join(format!("{n}.nf"));
                let c = lang::compile_file(&path, &lang::Overrides::new())
                    .with_context(|| format!("cannot compile {}", path.display()))?;
                Nf::Partitioned {
                    name: n.clone(),
                    compiled: Box::new(c),
                }
            }
            "cofilter" => Nf::CoFilter,
            other => anyhow::bail!("--nfs: unknown NF `{other}` (mazunat, lb, cofilter)"),
        });
    }
    std::fs::create_dir_all(&a.output_dir)
        .with_context(|| format!("cannot create {}", a.output_dir.display()))?;
    let channel = a.channel()?;
    let settings = |nf: &Nf| -> Vec<Setting> {
        Setting::ALL
            .into_iter()
            .filter(|s| s.applies_to(nf))
            .collect()
    };
    let total = nfs
        .iter()
        .map(|nf| 2 * 2 * settings(nf).len() * rates.len())
        .sum::<usize>() as u64;
    let bar = crate::run_cmd::progress_bar(total, "runs");
    let mut rows = Vec::new();
    for nf in &nfs {
        for closed in [false, true] {
            for flood in [false, true] {
                for &rate in &rates {
                    let share = if flood { a.attack_share } else { 0.0 };
                    let trace = nf.trace(flows, rate, share, a.seed)?;
                    for setting in settings(nf) {
                        bar.set_message(format!("{} {rate}", nf.name()));
                        let row = nf.run(
                            &trace,
                            closed,
                            flood,
                            setting,
                            rate,
                            (channel, a.agent_cores),
                        )?;
                        rows.push(row);
                        bar.inc(1);
                    }
                }
            }
        }
    }
    bar.finish_and_clear();
    let json = serde_json::to_string_pretty(&rows)?;
    let jpath = a.output_dir.join("flow-setup.json");
    std::fs::write(&jpath, json).with_context(|| format!("cannot write {}", jpath.display()))?;
    let spath = a.output_dir.join("flow-setup.svg");
    let svg = plot(&rows).map_err(|e| anyhow::anyhow!("plot: {e}"))?;
    std::fs::write(&spath, svg).with_context(|| format!("cannot write {}", spath.display()))?;
    let mut out = std::io::stdout().lock();
    print_table(&mut out, &rows)?;
    writeln!(out, "wrote {} and {}", jpath.display(), spath.display())?;
    Ok(ExitCode::SUCCESS)
}

enum Nf {
    Partitioned {
        name: String,
        compiled: Box<lang::Compiled>,
    },
    CoFilter,
}

impl Nf {
    fn name(&self) -> &str {
        match self {
            Nf::Partitioned { name, .. } => name,
            Nf::CoFilter => "cofilter",
        }
    }

    /// The workload: `flows` legitimate connections at `rate` per second,
    /// plus spoofed SYNs making up `share` of all arrivals.
    fn trace(&self, flows: u32, rate: f64, share: f64, seed: u64) -> anyhow::Result<Trace> {
        let base = match self {
            Nf::Partitioned { compiled, .. } => runner::workload::options_for(
                &compiled.program,
                &compiled.params,
                &runner::WorkloadRequest {
                    name: Some("syn-flood".into()),
                    flows: Some(flows),
                    seed,
                    max_flow_bytes: Some(20_000),
                },
            )?,
            Nf::CoFilter => GenOptions {
                workload: Workload::SynFlood,
                seed,
                max_flow_bytes: Some(20_000),
                ..GenOptions::default()
            },
        };
        let all = (f64::from(flows) / (1.0 - share)).round() as u32;
        let opts = GenOptions {
            flows: all.max(flows),
            rate: rate / (1.0 - share),
            attack_share: share,
            ..base
        };
        Ok(generate(&opts)?)
    }

    fn run(
        &self,
        trace: &Trace,
        closed: bool,
        flood: bool,
        setting: Setting,
        rate: f64,
        (channel, agent_cores): (pipe::Channel, u32),
    ) -> anyhow::Result<Row> {
        reset_peak_rss();
        let started = std::time::Instant::now();
        let mut probe = FirstPackets::new(trace);
        let m = match self {
            Nf::Partitioned { compiled, .. } => {
                let program = &compiled.program;
                let mut pe = PartitionedEngine::new(program, &compiler::Options::default())?;
                pe.set_control(setting.control(channel));
                let (packets, legit_metered) = {
                    let mut engine = Probe {
                        inner: &mut pe,
                        first: &mut probe,
                        calls: 0,
                        pending: HashMap::new(),
                        held_clients: HashMap::new(),
                        outside: HashMap::new(),
                        legit_metered: 0,
                    };
                    let packets = if closed {
                        let done = runner::run_workload(
                            &mut engine,
                            program,
                            trace,
                            Discard,
                            &mut |_, _| {},
                        );
                        if let Some(e) = done.output_error {
                            return Err(e.into());
                        }
                        done.summary.packets_in.values().sum::<u64>()
                    } else {
                        open_loop(&mut engine, trace)?
                    };
                    (packets, engine.legit_metered)
                };
                let s = pe.stats();
                Measured {
                    packets,
                    server_share: s.server_packets as f64 / packets.max(1) as f64,
                    peak_held: s.server.peak_held,
                    overflow: s.server.held_overflow_drops,
                    requests: s.server.control_requests,
                    meter_drops: s.miss_punt_drops,
                    legit_meter_drops: legit_metered,
                }
            }
            Nf::CoFilter => cofilter(trace, closed, setting, (channel, agent_cores), &mut probe),
        };
        let wall_ms = started.elapsed().as_millis() as u64;
        let legit = probe.legit.summary();
        Ok(Row {
            nf: self.name().to_string(),
            loop_: if closed { "closed" } else { "open" },
            flood,
            setting,
            offered_flows_per_s: rate,
            legit_flows: probe.legit_flows,
            spoofed_flows: probe.spoofed_flows,
            packets: m.packets,
            admitted_flows_per_s: probe.admission_rate(),
            first_packets_dropped: probe.legit_flows.saturating_sub(legit.count),
            first_p50_ns: legit.p50_ns,
            first_p99_ns: legit.p99_ns,
            first_p999_ns: legit.p999_ns,
            spoofed_first_p99_ns: probe.spoofed.summary().p99_ns,
            server_share: m.server_share,
            peak_held: m.peak_held,
            held_overflow_drops: m.overflow,
            control_requests: m.requests,
            meter_drops: m.meter_drops,
            legit_meter_drops: m.legit_meter_drops,
            peak_rss_bytes: peak_rss(),
            wall_ms,
        })
    }
}

/// What one run measured besides the first packets.
struct Measured {
    packets: u64,
    /// Share of packets handled by the server (CPU).
    server_share: f64,
    peak_held: u64,
    overflow: u64,
    requests: u64,
    meter_drops: u64,
    legit_meter_drops: u64,
}

/// First packets of the trace's connections and how long each took.
struct FirstPackets {
    /// Client endpoints of spoofed connections.
    spoofed_clients: HashSet<SocketAddrV4>,
    /// Clients whose first packet was seen.
    seen: HashSet<SocketAddrV4>,
    legit: Histogram,
    spoofed: Histogram,
    legit_flows: u64,
    spoofed_flows: u64,
    first_arrival: Option<u64>,
    last_departure: u64,
}

impl FirstPackets {
    fn new(trace: &Trace) -> FirstPackets {
        let spoofed_clients: HashSet<SocketAddrV4> = trace
            .connections
            .iter()
            .filter(|c| c.app == App::SpoofedSyn)
            .map(|c| c.client)
            .collect();
        let spoofed_flows = spoofed_clients.len() as u64;
        FirstPackets {
            legit_flows: trace.connections.len() as u64 - spoofed_flows,
            spoofed_flows,
            spoofed_clients,
            seen: HashSet::new(),
            legit: Histogram::new(),
            spoofed: Histogram::new(),
            first_arrival: None,
            last_departure: 0,
        }
    }

    /// If `frame` (arriving at `ts`) is a connection's first client packet:
    /// whether that connection is spoofed.
    fn classify(&mut self, frame: &[u8], ts: u64) -> Option<bool> {
        let h = wire::headers::parse_frame(frame).ok()?;
        let t = h.tcp()?;
        let f = t.flags();
        if !f.contains(wire::TcpFlags::SYN) || f.contains(wire::TcpFlags::ACK) {
            return None;
        }
        let src = h.ipv4()?.src_addr();
        let client = SocketAddrV4::new(src, t.src_port());
        if !self.seen.insert(client) {
            return None;
        }
        let spoofed = self.spoofed_clients.contains(&client);
        if !spoofed && self.first_arrival.is_none() {
            self.first_arrival = Some(ts);
        }
        Some(spoofed)
    }

    fn left(&mut self, spoofed: bool, arrived: u64, left: u64) {
        if spoofed {
            self.spoofed.record(left.saturating_sub(arrived));
        } else {
            self.legit.record(left.saturating_sub(arrived));
            self.last_departure = self.last_departure.max(left);
        }
    }

    fn admission_rate(&self) -> f64 {
        let n = self.legit.summary().count;
        match self.first_arrival {
            Some(a) if self.last_departure > a => {
                n as f64 / ((self.last_departure - a) as f64 / 1e9)
            }
            _ => 0.0,
        }
    }
}

/// An engine wrapper that times the first packets.
struct Probe<'a> {
    inner: &'a mut PartitionedEngine,
    first: &'a mut FirstPackets,
    calls: u64,
    /// Held first packets by input number: (spoofed, arrival).
    pending: HashMap<u64, (bool, u64)>,
    /// Held client packets by input number: their client endpoint.
    held_clients: HashMap<u64, SocketAddrV4>,
    /// Where each client's packets went out (the NAT's external endpoint,
    /// or the client itself): whether the client is spoofed.
    outside: HashMap<SocketAddrV4, bool>,
    /// Packets to legitimate clients the miss-punt meter dropped.
    legit_metered: u64,
}

/// Source and destination endpoints of a TCP/UDP frame.
fn endpoints(frame: &[u8]) -> Option<(SocketAddrV4, SocketAddrV4)> {
    let h = wire::headers::parse_frame(frame).ok()?;
    let ip = h.ipv4()?;
    let (sp, dp) = match (h.tcp(), h.udp()) {
        (Some(t), _) => (t.src_port(), t.dst_port()),
        (None, Some(u)) => (u.src_port(), u.dst_port()),
        _ => return None,
    };
    Some((
        SocketAddrV4::new(ip.src_addr(), sp),
        SocketAddrV4::new(ip.dst_addr(), dp),
    ))
}

impl Probe<'_> {
    /// A client's packet left as `frame`: remember where its replies go.
    fn went_out(&mut self, client: SocketAddrV4, frame: &[u8]) {
        if let Some((src, _)) = endpoints(frame) {
            let spoofed = self.first.spoofed_clients.contains(&client);
            self.outside.insert(src, spoofed);
        }
    }
}

impl Engine for Probe<'_> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn process(
        &mut self,
        frame: &mut Vec<u8>,
        in_port: u16,
        now_ns: u64,
    ) -> Result<runner::Verdict, EngineError> {
        let input = self.calls;
        self.calls += 1;
        let from_client = in_port == runner::closed_loop::CLIENT_PORT;
        let first = if from_client {
            self.first.classify(frame, now_ns)
        } else {
            None
        };
        let ends = endpoints(frame);
        let v = self.inner.process(frame, in_port, now_ns)?;
        if let Some(spoofed) = first {
            if self.inner.held() {
                self.pending.insert(input, (spoofed, now_ns));
            } else if matches!(v, runner::Verdict::Forward(_)) {
                self.first.left(spoofed, now_ns, now_ns);
            }
        }
        match ends {
            Some((client, _)) if from_client && self.inner.held() => {
                self.held_clients.insert(input, client);
            }
            Some((client, _)) if from_client && matches!(v, runner::Verdict::Forward(_)) => {
                self.went_out(client, frame);
            }
            Some((_, to))
                if !from_client
                    && self.inner.metered()
                    && self.outside.get(&to) == Some(&false) =>
            {
                self.legit_metered += 1;
            }
            _ => {}
        }
        Ok(v)
    }

    fn take_events(&mut self) -> Vec<runner::Event> {
        self.inner.take_events()
    }

    fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        self.inner.state_sizes(now_ns)
    }

    fn state_json(&self, now_ns: u64) -> serde_json::Value {
        self.inner.state_json(now_ns)
    }

    fn held(&self) -> bool {
        self.inner.held()
    }

    fn release(&mut self, now_ns: u64, out: &mut Vec<Released>) {
        let from = out.len();
        self.inner.release(now_ns, out);
        for r in &out[from..] {
            if let Some((spoofed, at)) = self.pending.remove(&r.input) {
                self.first.left(spoofed, at, r.ts_ns);
            }
            if let Some(client) = self.held_clients.remove(&r.input)
                && r.port.is_some()
            {
                self.went_out(client, &r.frame);
            }
        }
    }

    fn partition_stats(&self) -> Option<runner::PartitionStats> {
        self.inner.partition_stats()
    }
}

/// Forwarded packets go nowhere.
struct Discard;

impl Sink for Discard {
    fn write(&mut self, _port: u16, _ts_ns: u64, _frame: &[u8]) -> Result<(), SinkError> {
        Ok(())
    }

    fn finish(&mut self) -> Result<(), SinkError> {
        Ok(())
    }
}

/// The client side of the trace at its generated times (a NAT's or a load
/// balancer's replies cannot be addressed without a loop); returns packets in.
fn open_loop(engine: &mut Probe<'_>, trace: &Trace) -> anyhow::Result<u64> {
    let mut frame = Vec::with_capacity(2048);
    let mut out = Vec::new();
    let mut n = 0;
    for (conn, i) in trace.packets() {
        let Some(seg) = conn.packets.get(i) else {
            continue;
        };
        if seg.side != Side::Client {
            continue;
        }
        engine.release(seg.ts_ns, &mut out);
        out.clear();
        frame.clear();
        if conn.write_frame(i, &mut frame) {
            engine
                .process(&mut frame, runner::closed_loop::CLIENT_PORT, seg.ts_ns)
                .with_context(|| format!("packet {i} of connection {}", conn.id))?;
            n += 1;
        }
    }
    engine.release(u64::MAX, &mut out);
    Ok(n)
}

/// CoFilter over the trace (clients outside, port 80 open): packets in,
/// CPU share, peak held, held-overflow drops (none: CoFilter holds by time
/// only), control requests.
fn cofilter(
    trace: &Trace,
    closed: bool,
    setting: Setting,
    (channel, agent_cores): (pipe::Channel, u32),
    probe: &mut FirstPackets,
) -> Measured {
    use filter::cofilter::{Batched, Config};
    use filter::tracker::{OUTSIDE, Policy};
    let policy = Policy {
        allow_inbound: [80].into_iter().collect(),
        ..Policy::default()
    };
    let mut cfg = Config::new(filter::program::tofino1_layout(), policy).with_cores(agent_cores);
    if let (
        true,
        pipe::Channel::Batched {
            request,
            per_entry,
            max_batch,
            ..
        },
    ) = (setting != Setting::Serial, channel)
    {
        cfg.batched = Some(Batched {
            request_ns: u64::try_from(request.as_nanos()).unwrap_or(u64::MAX),
            per_entry_ns: u64::try_from(per_entry.as_nanos()).unwrap_or(u64::MAX),
            max_batch,
        });
    }
    cfg.handshake_only = setting.handshake();
    let mut r = filter::run::Runner::new(cfg);
    let mut held = BinaryHeap::new();
    let mut peak = 0u64;
    let mut legit_metered = 0u64;
    let mut note =
        |conn: &trace::workload::Connection, i: usize, ts: u64, d: &filter::cofilter::Decision| {
            while held.peek().is_some_and(|std::cmp::Reverse(t)| *t <= ts) {
                held.pop();
            }
            if d.committed {
                held.push(std::cmp::Reverse(d.leaves_at));
                peak = peak.max(held.len() as u64);
            }
            // A legitimate packet the switch drops can only be a meter's red.
            if conn.app != App::SpoofedSyn
                && d.path == filter::cofilter::Path::Switch
                && matches!(d.verdict, filter::tracker::Verdict::Drop(_))
            {
                legit_metered += 1;
            }
            if i == 0 && matches!(d.verdict, filter::tracker::Verdict::Forward(_)) {
                let spoofed = conn.app == App::SpoofedSyn;
                if !spoofed && probe.first_arrival.is_none() {
                    probe.first_arrival = Some(ts);
                }
                probe.left(spoofed, ts, d.leaves_at);
            }
        };
    if closed {
        filter::run::feed_trace_with(&mut r, trace, OUTSIDE, &mut |_, _| {}, &mut note);
    } else {
        let mut frame = Vec::with_capacity(2048);
        for (conn, i) in trace.packets() {
            let Some(seg) = conn.packets.get(i) else {
                continue;
            };
            frame.clear();
            if conn.write_frame(i, &mut frame) {
                let port = match seg.side {
                    Side::Client => OUTSIDE,
                    Side::Server => OUTSIDE ^ 1,
                };
                let d = r.step_decision(seg.ts_ns, port, &frame);
                note(conn, i, seg.ts_ns, &d);
            }
        }
    }
    let s = r.summary();
    Measured {
        packets: s.packets_in,
        server_share: s.cpu_packets as f64 / s.packets_in.max(1) as f64,
        peak_held: peak,
        overflow: 0,
        requests: s.counters.control_requests,
        meter_drops: s.metered + s.shed,
        legit_meter_drops: legit_metered,
    }
}

/// Starts a new peak-RSS measurement (Linux: writing 5 to clear_refs resets
/// the process's VmHWM); a no-op elsewhere.
fn reset_peak_rss() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The process's peak resident set since the last reset, bytes.
fn peak_rss() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn us(ns: u64) -> String {
    if ns >= 10_000_000 {
        format!("{:.0} ms", ns as f64 / 1e6)
    } else if ns >= 1_000_000 {
        format!("{:.1} ms", ns as f64 / 1e6)
    } else {
        format!("{:.0} µs", ns as f64 / 1e3)
    }
}

fn print_table(out: &mut dyn Write, rows: &[Row]) -> std::io::Result<()> {
    writeln!(
        out,
        "{:<8} {:<6} {:<5} {:<24} {:>9} {:>10} {:>8} {:>8} {:>8} {:>9} {:>6} {:>7} {:>5} {:>13} {:>6}",
        "nf",
        "loop",
        "flood",
        "setting",
        "offered/s",
        "admitted/s",
        "p50",
        "p99",
        "p99.9",
        "spoof p99",
        "server",
        "held",
        "drops",
        "metered/legit",
        "RSS MB"
    )?;
    for r in rows {
        writeln!(
            out,
            "{:<8} {:<6} {:<5} {:<24} {:>9.0} {:>10.0} {:>8} {:>8} {:>8} {:>9} {:>5.1}% {:>7} {:>5} {:>13} {:>6}",
            r.nf,
            r.loop_,
            if r.flood { "yes" } else { "no" },
            r.setting.name(),
            r.offered_flows_per_s,
            r.admitted_flows_per_s,
            us(r.first_p50_ns),
            us(r.first_p99_ns),
            us(r.first_p999_ns),
            us(r.spoofed_first_p99_ns),
            r.server_share * 100.0,
            r.peak_held,
            r.held_overflow_drops + r.first_packets_dropped,
            format!("{}/{}", r.meter_drops, r.legit_meter_drops),
            r.peak_rss_bytes
                .map_or_else(|| "-".to_string(), |b| format!("{:.0}", b as f64 / 1e6)),
        )?;
    }
    Ok(())
}

/// p99 first-packet delay of legitimate flows against the offered rate, closed
/// loop, without (left) and with (right) the flood, one line per NF and
/// setting.
fn plot(rows: &[Row]) -> Result<String, String> {
    use plotters::prelude::*;
    let e = |x: &dyn std::fmt::Debug| format!("{x:?}");
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (1200, 500)).into_drawing_area();
        root.fill(&WHITE).map_err(|x| e(&x))?;
        let (left, right) = root.split_horizontally(600);
        let xs: Vec<f64> = rows.iter().map(|r| r.offered_flows_per_s).collect();
        let xmin = xs.iter().copied().fold(f64::INFINITY, f64::min).max(1.0);
        let xmax = xs.iter().copied().fold(1.0, f64::max).max(xmin * 10.0);
        let ymax = rows
            .iter()
            .map(|r| r.first_p99_ns as f64 / 1e3)
            .fold(10.0, f64::max)
            * 2.0;
        let colors = [
            BLUE,
            RED,
            GREEN,
            MAGENTA,
            CYAN,
            BLACK,
            RGBColor(200, 120, 0),
        ];
        for (area, flood) in [(left, false), (right, true)] {
            let title = if flood {
                "closed loop, with SYN flood"
            } else {
                "closed loop, no flood"
            };
            let mut chart = ChartBuilder::on(&area)
                .caption(title, ("sans-serif", 18))
                .margin(12)
                .x_label_area_size(40)
                .y_label_area_size(60)
                .build_cartesian_2d((xmin..xmax).log_scale(), (0.1f64..ymax).log_scale())
                .map_err(|x| e(&x))?;
            chart
                .configure_mesh()
                .x_desc("offered new flows/s")
                .y_desc("p99 first-packet delay (µs)")
                .x_label_formatter(&|v| format!("{v:.0e}"))
                .draw()
                .map_err(|x| e(&x))?;
            let mut keys: Vec<(String, Setting)> = Vec::new();
            for r in rows {
                if !keys.iter().any(|(n, s)| *n == r.nf && *s == r.setting) {
                    keys.push((r.nf.clone(), r.setting));
                }
            }
            for (k, (nf, setting)) in keys.iter().enumerate() {
                let color = colors[k % colors.len()];
                let pts: Vec<(f64, f64)> = rows
                    .iter()
                    .filter(|r| r.nf == *nf && r.setting == *setting && r.flood == flood)
                    .filter(|r| r.loop_ == "closed")
                    .map(|r| {
                        (
                            r.offered_flows_per_s,
                            (r.first_p99_ns as f64 / 1e3).max(0.1),
                        )
                    })
                    .collect();
                chart
                    .draw_series(LineSeries::new(pts, color.stroke_width(2)))
                    .map_err(|x| e(&x))?
                    .label(format!("{nf} {}", setting.name()))
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
                    });
            }
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .position(SeriesLabelPosition::UpperLeft)
                .draw()
                .map_err(|x| e(&x))?;
        }
        root.present().map_err(|x| e(&x))?;
    }
    Ok(svg)
}
