//! Gallium's evaluation (SIGCOMM '20, §6.3), live, with real TCP between
//! kernel hosts in network namespaces: for each of the five NFs and each
//! system (all on the server, Tandem partitioned with the switch part in
//! userspace or on XDP, FastClick, the kernel, plain forwarding):
//!
//! - Fig. 7: iperf3 with ten parallel streams, the hosts' MTU set so TCP sends
//!   packets of 100, 500 and 1500 bytes; Gb/s and the NF's CPU.
//! - Table 2: a 1-byte TCP ping-pong (what NPtcp measures); half the round
//!   trip, mean and standard deviation.
//! - Fig. 8: the realistic workloads, client threads each running one
//!   connection at a time with flow sizes drawn from the data-mining (VL2) and,
//!   standing in for CONGA's enterprise workload, the web-search (DCTCP)
//!   distribution; throughput and the NF's CPU.
//! - Fig. 9: the mean flow completion time per flow-size bin of those runs.
//!
//! The NF runs pinned to one core, the hosts' tools to the other (the paper
//! restricts Gallium's server to one core). The experiment builds its
//! namespaces and deletes them, also on failure.

mod click;
mod measure;

pub use measure::process_seconds;
pub mod report;
mod setup;

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use trace::cdf::FlowSizes;

pub use measure::{CpuTime, Iperf, Probe, Reading, Samples, WorkloadRun};
pub use setup::{Nf, System, Tools};

use crate::tcpload::Stats;

/// One of the paper's realistic workloads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Workload {
    /// CONGA's enterprise workload; its CDF is not published, so DCTCP's web
    /// search stands in (../shared/data/README.md).
    Enterprise,
    /// CONGA's data-mining workload (VL2's).
    Datamining,
}

impl Workload {
    /// Both.
    pub const ALL: [Workload; 2] = [Workload::Enterprise, Workload::Datamining];

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Workload::Enterprise => "enterprise",
            Workload::Datamining => "datamining",
        }
    }

    /// By name.
    pub fn parse(s: &str) -> anyhow::Result<Workload> {
        Workload::ALL
            .into_iter()
            .find(|w| w.name() == s)
            .with_context(|| format!("unknown workload {s:?} (enterprise, datamining)"))
    }

    fn sizes(self) -> FlowSizes {
        match self {
            Workload::Enterprise => FlowSizes::WebSearch,
            Workload::Datamining => FlowSizes::DataMining,
        }
    }
}

/// What to run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Config {
    /// NFs.
    pub nfs: Vec<Nf>,
    /// Systems.
    pub systems: Vec<System>,
    /// Fig. 7's packet sizes (the hosts' MTU), bytes.
    pub sizes: Vec<u32>,
    /// iperf3's parallel streams (the paper: ten).
    pub streams: u32,
    /// Seconds per iperf3 run.
    pub iperf_secs: u32,
    /// iperf3 runs per NF, system and size (the paper: ten).
    pub rounds: u32,
    /// Round trips of the ping-pong.
    pub pings: usize,
    /// Realistic workloads.
    pub workloads: Vec<Workload>,
    /// Flows per workload run (the paper: 100,000).
    pub flows: usize,
    /// Client threads (the paper: 100).
    pub threads: usize,
    /// Flow sizes above this are cut to it (bytes); none: as drawn.
    pub max_flow_bytes: Option<u64>,
    /// No flow starts after this many seconds of a workload run.
    pub workload_secs: u64,
    /// Seed of the flow sizes.
    pub seed: u64,
    /// Tandem's loops spin instead of sleeping (`tandem live --busy-poll`),
    /// as the paper's DPDK servers do.
    #[serde(default)]
    pub busy_poll: bool,
}

impl Config {
    /// The full evaluation at this machine's scale.
    pub fn full() -> Config {
        Config {
            nfs: Nf::ALL.to_vec(),
            systems: System::ALL.to_vec(),
            sizes: vec![100, 500, 1500],
            streams: 10,
            iperf_secs: 3,
            rounds: 3,
            pings: 5_000,
            workloads: Workload::ALL.to_vec(),
            flows: 1_000,
            threads: 100,
            max_flow_bytes: Some(10_000_000),
            workload_secs: 30,
            seed: 1,
            busy_poll: false,
        }
    }

    /// A short run for CI: seconds per NF and system.
    pub fn quick() -> Config {
        Config {
            sizes: vec![500, 1500],
            iperf_secs: 1,
            rounds: 1,
            pings: 300,
            flows: 200,
            threads: 10,
            max_flow_bytes: Some(1_000_000),
            workload_secs: 20,
            ..Config::full()
        }
    }
}

/// Fig. 7: one NF, system and packet size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Throughput {
    pub nf: Nf,
    pub system: System,
    /// Packet size, bytes.
    pub size: u32,
    /// Gb/s of each round.
    pub gbps: Vec<f64>,
    /// Their mean and standard deviation.
    pub mean_gbps: f64,
    pub std_gbps: f64,
    /// The NF's CPU over the rounds, in cores (CPU seconds per second).
    pub nf_cores: f64,
    /// Of which BPF programs (XDP).
    pub bpf_cores: f64,
    /// Packets to the server part per frame the NF received (Tandem's
    /// `/metrics`; none for other systems).
    #[serde(default)]
    pub server_share: Option<f64>,
}

/// Table 2: one NF and system.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Latency {
    pub nf: Nf,
    pub system: System,
    /// Half the round trip of a 1-byte ping-pong, µs (NPtcp's convention).
    pub half_rtt_us: Stats,
}

/// Fig. 9: one flow-size bin.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FctBin {
    /// Sizes from (inclusive) ...
    pub from: u64,
    /// ... to (exclusive), bytes.
    pub to: u64,
    /// Flows completed in it.
    pub flows: usize,
    /// Their mean completion time, µs.
    pub mean_fct_us: f64,
}

/// Fig. 8 and 9: one NF, system and workload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WorkloadResult {
    pub nf: Nf,
    pub system: System,
    pub workload: Workload,
    /// Flows planned (the workload's draw), started within the time cap, and
    /// failed.
    #[serde(default)]
    pub planned: usize,
    pub flows: usize,
    pub failed: usize,
    /// The first failure, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_error: Option<String>,
    /// Throughput at the receiver's interface, Gb/s.
    pub gbps: f64,
    /// The NF's CPU, in cores.
    pub nf_cores: f64,
    pub bpf_cores: f64,
    /// Packets to the server part per frame received (Tandem only).
    #[serde(default)]
    pub server_share: Option<f64>,
    /// Mean FCT per size bin.
    pub bins: Vec<FctBin>,
    /// Goodput over time, Gb/s per second of the run: each completed flow's
    /// bytes spread evenly over its lifetime.
    pub timeline_gbps: Vec<f64>,
}

/// A row that has no measurement, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Skipped {
    pub nf: Nf,
    pub system: System,
    pub why: String,
}

/// Everything one evaluation measured.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Results {
    pub throughput: Vec<Throughput>,
    pub latency: Vec<Latency>,
    pub workloads: Vec<WorkloadResult>,
    pub skipped: Vec<Skipped>,
    /// `tandem live`'s summaries, by NF and system.
    pub summaries: BTreeMap<String, serde_json::Value>,
}

/// The edges of Fig. 9's flow-size bins, bytes.
pub const BIN_EDGES: [u64; 6] = [0, 10_000, 100_000, 1_000_000, 10_000_000, u64::MAX];

/// Runs the evaluation on namespaces it builds and deletes; `progress` hears
/// what is about to run. A system that fails to start or to carry traffic is
/// recorded as skipped with the reason, and the rest goes on.
pub fn run(
    root: testnet::Root,
    config: &Config,
    tools: &Tools,
    scratch: &Path,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<Results> {
    std::fs::create_dir_all(scratch).with_context(|| format!("create {}", scratch.display()))?;
    let net = setup::Setup::build(root)?;
    let _stats = measure::BpfStats::on();
    let mut results = Results::default();
    let sizes: Vec<(Workload, Vec<u64>)> = config
        .workloads
        .iter()
        .map(|&w| (w, flow_sizes(w, config)))
        .collect();
    for &nf in &config.nfs {
        for &system in &config.systems {
            let label = format!("{} on {}", nf.name(), system.name());
            if let Some(why) = system.lacks(nf) {
                results.skipped.push(Skipped {
                    nf,
                    system,
                    why: why.to_string(),
                });
                continue;
            }
            let dir = scratch.join(format!("{}-{}", nf.name(), system.name()));
            std::fs::create_dir_all(&dir)?;
            progress(&format!("{label}: starting"));
            let outcome = one_system(&net, nf, system, config, tools, &dir, &sizes, progress);
            match outcome {
                Ok((t, l, w, summary)) => {
                    results.throughput.extend(t);
                    results.latency.push(l);
                    results.workloads.extend(w);
                    if let Some(s) = summary {
                        results.summaries.insert(label, s);
                    }
                }
                Err(e) => {
                    progress(&format!("{label}: {e:#}"));
                    results.skipped.push(Skipped {
                        nf,
                        system,
                        why: format!("{e:#}"),
                    });
                }
            }
        }
    }
    Ok(results)
}

type SystemResults = (
    Vec<Throughput>,
    Latency,
    Vec<WorkloadResult>,
    Option<serde_json::Value>,
);

#[allow(clippy::too_many_arguments)]
fn one_system(
    net: &setup::Setup,
    nf: Nf,
    system: System,
    config: &Config,
    tools: &Tools,
    dir: &Path,
    sizes: &[(Workload, Vec<u64>)],
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<SystemResults> {
    let label = format!("{} on {}", nf.name(), system.name());
    let running = net.start(system, nf, tools, config.busy_poll, dir)?;
    let probe = running.probe();
    let core = tools.load_core;

    let mut throughput = Vec::new();
    for &size in &config.sizes {
        progress(&format!(
            "{label}: iperf3 -P {} at {size} B",
            config.streams
        ));
        net.host_mtu(size)?;
        let before = probe.read()?;
        let t0 = std::time::Instant::now();
        let mut gbps = Vec::new();
        let mut err = None;
        for _ in 0..config.rounds {
            match measure::iperf3(
                &net.client,
                &net.server,
                nf.endpoints(system, setup::IPERF_PORT),
                config.streams,
                config.iperf_secs,
                core,
            ) {
                Ok(r) => gbps.push(r.gbps),
                Err(e) => {
                    err = Some(e);
                    break;
                }
            }
        }
        let wall = t0.elapsed().as_secs_f64().max(1e-9);
        let seen = probe.read_after()?.since(&before);
        let cpu = seen.cpu;
        net.host_mtu(1500)?;
        if let Some(e) = err {
            return Err(e.context(format!("iperf3 at {size} B")));
        }
        let s = Stats::of(&gbps);
        throughput.push(Throughput {
            nf,
            system,
            size,
            mean_gbps: s.mean,
            std_gbps: s.std,
            gbps,
            nf_cores: cpu.total() / wall,
            bpf_cores: cpu.bpf_s / wall,
            server_share: seen.server_share(),
        });
    }

    progress(&format!("{label}: ping-pong x{}", config.pings));
    let rtts = measure::ping_pong(
        &net.client,
        &net.server,
        nf.endpoints(system, setup::LOAD_PORT),
        config.pings,
        core,
    )
    .context("the ping-pong")?;
    let half: Vec<f64> = rtts.iter().map(|&ns| ns as f64 / 2_000.0).collect();
    let latency = Latency {
        nf,
        system,
        half_rtt_us: Stats::of(&half),
    };

    let mut workloads = Vec::new();
    for (w, flow_sizes) in sizes {
        progress(&format!(
            "{label}: {} workload, {} flows over {} threads",
            w.name(),
            flow_sizes.len(),
            config.threads
        ));
        let before = probe.read()?;
        let run = measure::workload(
            &net.client,
            &net.server,
            nf.endpoints(system, setup::LOAD_PORT),
            flow_sizes.clone(),
            config.threads,
            Duration::from_secs(config.workload_secs),
            core,
        )?;
        let seen = probe.read_after()?.since(&before);
        write_flows(&dir.join(format!("flows-{}.jsonl", w.name())), &run)?;
        workloads.push(summarise(nf, system, *w, flow_sizes.len(), &run, seen));
    }
    let summary = running.stop(dir)?;
    Ok((throughput, latency, workloads, summary))
}

fn summarise(
    nf: Nf,
    system: System,
    w: Workload,
    planned: usize,
    run: &WorkloadRun,
    seen: Reading,
) -> WorkloadResult {
    let cpu = seen.cpu;
    let wall = run.seconds.max(1e-9);
    let failed: Vec<_> = run.flows.iter().filter(|f| f.fct_us.is_none()).collect();
    let bins = BIN_EDGES
        .windows(2)
        .map(|e| {
            let done: Vec<f64> = run
                .flows
                .iter()
                .filter(|f| f.size >= e[0] && f.size < e[1])
                .filter_map(|f| f.fct_us.map(|t| t as f64))
                .collect();
            FctBin {
                from: e[0],
                to: e[1],
                flows: done.len(),
                mean_fct_us: Stats::of(&done).mean,
            }
        })
        .collect();
    WorkloadResult {
        nf,
        system,
        workload: w,
        planned,
        flows: run.flows.len(),
        failed: failed.len(),
        first_error: failed.first().and_then(|f| f.error.clone()),
        gbps: run.rx_bytes as f64 * 8.0 / wall / 1e9,
        nf_cores: cpu.total() / wall,
        bpf_cores: cpu.bpf_s / wall,
        server_share: seen.server_share(),
        bins,
        timeline_gbps: timeline(&run.flows),
    }
}

/// Gb/s per one-second bin from the flows' starts and completion times.
fn timeline(flows: &[crate::tcpload::Flow]) -> Vec<f64> {
    let mut bits = Vec::<f64>::new();
    for f in flows {
        let Some(fct) = f.fct_us else { continue };
        let (from, to) = (
            f.start_us as f64 / 1e6,
            (f.start_us + fct.max(1)) as f64 / 1e6,
        );
        let rate = f.size as f64 * 8.0 / (to - from);
        let last = to.ceil() as usize;
        if bits.len() < last {
            bits.resize(last, 0.0);
        }
        for (k, b) in bits
            .iter_mut()
            .enumerate()
            .take(last)
            .skip(from.floor() as usize)
        {
            let overlap = (to.min(k as f64 + 1.0) - from.max(k as f64)).max(0.0);
            *b += rate * overlap;
        }
    }
    bits.into_iter().map(|b| b / 1e9).collect()
}

/// Every flow of a run, one JSON object per line (size, start, FCT, error).
fn write_flows(path: &Path, run: &WorkloadRun) -> anyhow::Result<()> {
    let mut text = String::new();
    for f in &run.flows {
        text.push_str(&serde_json::to_string(f)?);
        text.push('\n');
    }
    std::fs::write(path, text).with_context(|| format!("write {}", path.display()))
}

/// The flow sizes of a workload's run: `config.flows` draws from its
/// distribution (seeded), cut at `max_flow_bytes`.
pub fn flow_sizes(w: Workload, config: &Config) -> Vec<u64> {
    let cdf = w.sizes().cdf();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(config.seed ^ w as u64);
    (0..config.flows)
        .map(|_| {
            let s = cdf.sample(&mut rng).max(1);
            config.max_flow_bytes.map_or(s, |m| s.min(m))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flow_sizes_are_seeded_cut_and_differ_between_workloads() {
        let c = Config::quick();
        let a = flow_sizes(Workload::Datamining, &c);
        assert_eq!(a, flow_sizes(Workload::Datamining, &c));
        assert_eq!(a.len(), c.flows);
        assert!(a.iter().all(|&s| (1..=1_000_000).contains(&s)));
        assert_ne!(a, flow_sizes(Workload::Enterprise, &c));
        let other = Config {
            seed: 2,
            ..c.clone()
        };
        assert_ne!(a, flow_sizes(Workload::Datamining, &other));
    }

    #[test]
    fn bins_cover_every_size_once() {
        let run = WorkloadRun {
            flows: [5u64, 10_000, 99_999, 2_000_000, 50_000_000]
                .iter()
                .map(|&size| crate::tcpload::Flow {
                    size,
                    start_us: 0,
                    fct_us: Some(size / 10 + 1),
                    error: None,
                })
                .collect(),
            seconds: 2.0,
            rx_bytes: 1_000_000_000,
        };
        let r = summarise(
            Nf::Mazunat,
            System::Tandem,
            Workload::Datamining,
            5,
            &run,
            Reading::default(),
        );
        let counts: Vec<usize> = r.bins.iter().map(|b| b.flows).collect();
        assert_eq!(counts, [1, 2, 0, 1, 1]);
        assert!((r.gbps - 4.0).abs() < 1e-9);
        assert!((r.bins[1].mean_fct_us - (1_001.0 + 10_000.0) / 2.0).abs() < 1e-9);
        assert_eq!(r.failed, 0);
    }

    #[test]
    fn the_timeline_spreads_each_flow_over_its_lifetime() {
        let flow = |size, start_us, fct_us| crate::tcpload::Flow {
            size,
            start_us,
            fct_us: Some(fct_us),
            error: None,
        };
        // 1 Gbit over 0.5–2.5 s (0.5 Gb/s), and 0.25 Gbit within 1.0–1.5 s.
        let t = timeline(&[
            flow(125_000_000, 500_000, 2_000_000),
            flow(31_250_000, 1_000_000, 500_000),
        ]);
        let want = [0.25, 0.75, 0.25];
        assert_eq!(t.len(), 3);
        for (a, b) in t.iter().zip(want) {
            assert!((a - b).abs() < 1e-9, "{t:?}");
        }
    }

    #[test]
    fn the_goals_table_divides_xdp_by_the_reference() {
        let tput = |system, mean_gbps| Throughput {
            nf: Nf::Mazunat,
            system,
            size: 1500,
            gbps: vec![mean_gbps],
            mean_gbps,
            std_gbps: 0.0,
            nf_cores: 0.5,
            bpf_cores: 0.0,
            server_share: None,
        };
        let lat = |system, mean| Latency {
            nf: Nf::Mazunat,
            system,
            half_rtt_us: Stats {
                mean,
                ..Stats::of(&[])
            },
        };
        let work = |system, gbps, nf_cores, fct| WorkloadResult {
            nf: Nf::Mazunat,
            system,
            workload: Workload::Datamining,
            planned: 1,
            flows: 1,
            failed: 0,
            first_error: None,
            gbps,
            nf_cores,
            bpf_cores: 0.0,
            server_share: None,
            bins: vec![FctBin {
                from: 1_000_000,
                to: u64::MAX,
                flows: 1,
                mean_fct_us: fct,
            }],
            timeline_gbps: vec![],
        };
        let r = Results {
            throughput: vec![tput(System::Reference, 1.0), tput(System::TandemXdp, 3.0)],
            latency: vec![lat(System::Reference, 40.0), lat(System::TandemXdp, 10.0)],
            workloads: vec![
                work(System::Reference, 1.0, 0.8, 200.0),
                work(System::TandemXdp, 2.0, 0.4, 50.0),
            ],
            ..Results::default()
        };
        let t = report::ratios(&r);
        assert!(
            t.contains(
                "| mazunat | 1500 B 3.00 | 0.25 | datamining 0.25 | datamining ≥ 1 MB: 0.25 |"
            ),
            "{t}"
        );
        // Without the baseline there is nothing to divide by.
        let alone = Results {
            throughput: vec![tput(System::TandemXdp, 3.0)],
            ..Results::default()
        };
        assert_eq!(report::ratios(&alone), "");
    }
}
