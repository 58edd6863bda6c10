//! One run: an NF over one workload, in one loop, with one control setting.

use std::collections::BinaryHeap;

use anyhow::Context;
use runner::{Engine, PartitionedEngine};
use trace::workload::{App, GenOptions, Side, Trace, Workload, generate};

use super::config::NfKind;
use super::probe::{Discard, FirstPackets, Probe};
use super::result::{Loop, Row, Setting};
use super::{Case, Cost, Meter};

/// An NF ready to run: the partitioned ones compiled.
pub(super) enum Loaded {
    /// MazuNAT or the load balancer, compiled from the examples directory.
    Partitioned {
        kind: NfKind,
        compiled: Box<lang::Compiled>,
    },
    /// CoFilter (nothing to compile).
    CoFilter,
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

impl Loaded {
    /// Compiles `kind` from `examples` if it is a partitioned NF.
    pub(super) fn load(kind: NfKind, examples: &std::path::Path) -> anyhow::Result<Loaded> {
        Ok(match kind {
            NfKind::MazuNat | NfKind::Lb => {
                let path = examples.join(format!("{}.nf", kind.name()));
                let c = lang::compile_file(&path, &lang::Overrides::new())
                    .with_context(|| format!("cannot compile {}", path.display()))?;
                Loaded::Partitioned {
                    kind,
                    compiled: Box::new(c),
                }
            }
            NfKind::CoFilter => Loaded::CoFilter,
        })
    }

    /// Which NF this is.
    pub(super) fn kind(&self) -> NfKind {
        match self {
            Loaded::Partitioned { kind, .. } => *kind,
            Loaded::CoFilter => NfKind::CoFilter,
        }
    }

    /// The workload: `flows` legitimate connections at `rate` per second,
    /// plus spoofed SYNs making up `share` of all arrivals.
    pub(super) fn trace(
        &self,
        flows: u32,
        rate: f64,
        share: f64,
        seed: u64,
    ) -> anyhow::Result<Trace> {
        let base = match self {
            Loaded::Partitioned { compiled, .. } => runner::workload::options_for(
                &compiled.program,
                &compiled.params,
                &runner::WorkloadRequest {
                    name: Some("syn-flood".into()),
                    flows: Some(flows),
                    seed,
                    max_flow_bytes: Some(20_000),
                },
            )?,
            Loaded::CoFilter => GenOptions {
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

    /// The run `case` over `trace` (generated for it), its cost measured by
    /// `meter`.
    pub(super) fn run(
        &self,
        trace: &Trace,
        case: Case,
        (channel, agent_cores): (pipe::Channel, u32),
        meter: &mut dyn Meter,
    ) -> anyhow::Result<Row> {
        let Case {
            loop_: lp, setting, ..
        } = case;
        meter.start();
        let mut probe = FirstPackets::new(trace);
        let m = match self {
            Loaded::Partitioned { compiled, .. } => {
                partitioned(compiled, trace, lp, setting.control(channel), &mut probe)?
            }
            Loaded::CoFilter => cofilter(trace, lp, setting, (channel, agent_cores), &mut probe),
        };
        let Cost {
            wall_ms,
            peak_rss_bytes,
        } = meter.stop();
        let legit = probe.legit.summary();
        Ok(Row {
            nf: self.kind(),
            loop_: lp,
            flood: case.flood,
            setting,
            offered_flows_per_s: case.offered_flows_per_s,
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
            peak_rss_bytes,
            wall_ms,
        })
    }
}

/// A partitioned NF over the trace, in the open or the closed loop.
fn partitioned(
    compiled: &lang::Compiled,
    trace: &Trace,
    lp: Loop,
    control: runner::ControlOptions,
    probe: &mut FirstPackets,
) -> anyhow::Result<Measured> {
    let program = &compiled.program;
    let mut pe = PartitionedEngine::new(program, &compiler::Options::default())?;
    pe.set_control(control);
    let (packets, legit_metered) = {
        let mut engine = Probe::new(&mut pe, probe);
        let packets = match lp {
            Loop::Closed => {
                let done =
                    runner::run_workload(&mut engine, program, trace, Discard, &mut |_, _| {});
                if let Some(e) = done.output_error {
                    return Err(e.into());
                }
                done.summary.packets_in.values().sum::<u64>()
            }
            Loop::Open => open_loop(&mut engine, trace)?,
        };
        (packets, engine.legit_metered())
    };
    let s = pe.stats();
    Ok(Measured {
        packets,
        server_share: s.server_packets as f64 / packets.max(1) as f64,
        peak_held: s.server.peak_held,
        overflow: s.server.held_overflow_drops,
        requests: s.server.control_requests,
        meter_drops: s.miss_punt_drops,
        legit_meter_drops: legit_metered,
    })
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
    lp: Loop,
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
    if lp == Loop::Closed {
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
