//! `tandem filter`: the CoFilter stateful packet filter (docs/COFILTER.md).
//!
//! * `run`: traffic (pcaps and/or generated workloads) through CoFilter and the
//!   all-on-CPU baseline side by side; forwarded packets per output port as pcap,
//!   a JSON summary, the switch part as P4.
//! * `capacity`: the insertion experiment for an SRAM budget.
//! * `p4`: the switch part as P4_16 for v1model and tna, with its resource report.

use std::collections::BTreeSet;
use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use filter::capacity::{CapacityCurve, CapacityOptions};
use filter::cofilter::Config;
use filter::layout::Layout;
use filter::run::{Runner, Summary};
use filter::tracker::{INSIDE, OUTSIDE, Policy, Verdict};
use trace::pcap::{PcapReader, PcapWriter, Resolution};
use trace::workload::{GenOptions, Workload, generate};

/// Subcommands of `tandem filter`.
#[derive(Debug, clap::Subcommand)]
pub enum FilterCommand {
    /// Run traffic through CoFilter and the all-on-CPU baseline, packet for packet.
    Run(RunArgs),
    /// Measure how many connections the compressed tables hold in an SRAM budget.
    Capacity(CapacityArgs),
    /// Write the switch part as P4_16 (v1model and tna) with its resource report.
    P4(P4Args),
}

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
    /// Control-channel operation latency in µs.
    #[arg(long, default_value_t = 130)]
    op_latency_us: u64,
    /// Switch SRAM for the tables in MiB (default: the layout that fits one
    /// Tofino-1 pipe).
    #[arg(long)]
    sram_mib: Option<u64>,
    /// Fingerprint bits (15: 16-bit register cells; 7: 8-bit).
    #[arg(long, default_value_t = 15)]
    fingerprint_bits: u8,
}

/// Options of `tandem filter capacity`.
#[derive(Debug, clap::Args)]
pub struct CapacityArgs {
    /// SRAM for the tables in MiB.
    #[arg(long)]
    sram_mib: u64,
    /// Largest acceptable collision rate.
    #[arg(long, default_value_t = 1e-3)]
    target_collision: f64,
    /// Fingerprint bits; a cell is this plus the activity bit. Switch registers
    /// are 8, 16 or 32 bits wide, so 7 and 15 are the widths a switch stores
    /// without waste; other widths are reported as if cells could be packed.
    #[arg(long, default_value_t = 15)]
    fingerprint_bits: u8,
    /// Exact-match fallback entries (128 bits each, from the same budget).
    #[arg(long, default_value_t = 16_384)]
    exact_entries: u32,
    /// Insert up to this many connections (default: as many as there are cells).
    #[arg(long)]
    max_connections: Option<u64>,
    /// Measurement points along the curve.
    #[arg(long, default_value_t = 40)]
    points: u32,
    /// Unknown-connection probes per point.
    #[arg(long, default_value_t = 200_000)]
    probes: u64,
    /// Seed of the connection keys.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// Also draw the curve as SVG.
    #[arg(long)]
    plot: Option<PathBuf>,
}

/// Options of `tandem filter p4`.
#[derive(Debug, clap::Args)]
pub struct P4Args {
    /// Where `cofilter.v1model.p4`, `cofilter.tna.p4` and `cofilter.resources.txt` go.
    #[arg(long)]
    output_dir: PathBuf,
    /// SRAM for the tables in MiB (default: the layout that fits one Tofino-1 pipe).
    #[arg(long)]
    sram_mib: Option<u64>,
    /// Fingerprint bits (7 or 15).
    #[arg(long, default_value_t = 15)]
    fingerprint_bits: u8,
}

/// Runs a `tandem filter` subcommand.
pub fn run(cmd: FilterCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        FilterCommand::Run(a) => run_run(a),
        FilterCommand::Capacity(a) => run_capacity(a),
        FilterCommand::P4(a) => run_p4(a),
    }
}

fn layout_for(sram_mib: Option<u64>, fp_bits: u8) -> anyhow::Result<Layout> {
    Ok(match sram_mib {
        None => Layout {
            fp_bits,
            ..filter::program::tofino1_layout()
        },
        Some(m) => Layout::for_budget(m << 20, fp_bits, 16, 16_384)
            .with_context(|| format!("--sram-mib {m}"))?,
    })
}

fn write_p4(dir: &Path, layout: Layout) -> anyhow::Result<()> {
    let (v1model, tna, report) = filter::program::emit_p4(layout)
        .context("the switch part does not fit the resource model")?;
    write_file(&dir.join("cofilter.v1model.p4"), v1model.as_bytes())?;
    write_file(&dir.join("cofilter.tna.p4"), tna.as_bytes())?;
    write_file(&dir.join("cofilter.resources.txt"), report.as_bytes())?;
    Ok(())
}

fn write_file(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

fn run_p4(a: P4Args) -> anyhow::Result<ExitCode> {
    fs::create_dir_all(&a.output_dir)
        .with_context(|| format!("cannot create {}", a.output_dir.display()))?;
    write_p4(&a.output_dir, layout_for(a.sram_mib, a.fingerprint_bits)?)?;
    Ok(ExitCode::SUCCESS)
}

/// One named run's summary.
#[derive(Debug, serde::Serialize)]
struct NamedRun {
    name: String,
    #[serde(flatten)]
    summary: Summary,
}

fn run_run(a: RunArgs) -> anyhow::Result<ExitCode> {
    if a.inputs.is_empty() && a.workloads.is_empty() {
        anyhow::bail!("nothing to run: give --input and/or --workload");
    }
    fs::create_dir_all(&a.output_dir)
        .with_context(|| format!("cannot create {}", a.output_dir.display()))?;
    let layout = layout_for(a.sram_mib, a.fingerprint_bits)?;
    write_p4(&a.output_dir, layout)?;
    let policy = Policy {
        allow_inbound: a.allow_inbound.iter().copied().collect::<BTreeSet<u16>>(),
    };
    let mut cfg = Config::new(layout, policy);
    cfg.syn_defence = !a.no_syn_defence;
    cfg.op_latency_ns = a.op_latency_us * 1000;
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

/// Forwarded packets per output port (`NAME.port0.pcap`, `NAME.port1.pcap`),
/// stamped with their departure time, in arrival order.
struct PortWriters {
    w: [PcapWriter<BufWriter<File>>; 2],
    paths: [PathBuf; 2],
}

impl PortWriters {
    fn create(dir: &Path, name: &str) -> anyhow::Result<PortWriters> {
        let paths = [0, 1].map(|p| dir.join(format!("{name}.port{p}.pcap")));
        let open = |p: &Path| -> anyhow::Result<PcapWriter<BufWriter<File>>> {
            let f = File::create(p).with_context(|| format!("cannot create {}", p.display()))?;
            Ok(PcapWriter::new(BufWriter::new(f), Resolution::Nanosecond)?)
        };
        Ok(PortWriters {
            w: [open(&paths[0])?, open(&paths[1])?],
            paths,
        })
    }

    fn write(&mut self, v: Verdict, ts: u64, frame: &[u8]) -> anyhow::Result<()> {
        if let Verdict::Forward(p @ 0..=1) = v {
            self.w[p as usize]
                .write(ts, frame)
                .with_context(|| format!("writing {}", self.paths[p as usize].display()))?;
        }
        Ok(())
    }

    fn finish(self) -> anyhow::Result<()> {
        for (w, p) in self.w.into_iter().zip(self.paths.iter()) {
            w.into_inner()
                .flush()
                .with_context(|| format!("cannot write {}", p.display()))?;
        }
        Ok(())
    }
}

fn print_summary(out: &mut impl Write, r: &NamedRun) -> anyhow::Result<()> {
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
        "  delay: switch p50 {} ns; CPU p50 {} ns p99 {} ns; output commit p50 {} ns p99 {} ns",
        s.switch_delay.p50_ns,
        s.cpu_delay.p50_ns,
        s.cpu_delay.p99_ns,
        s.commit_delay.p50_ns,
        s.commit_delay.p99_ns
    )?;
    Ok(())
}

/// The capacity result as printed with `--json`.
#[derive(Debug, serde::Serialize)]
struct CapacityReport<'a> {
    sram_mib: u64,
    target_collision: f64,
    max_connections: u64,
    collision_rate: f64,
    false_accept_rate: f64,
    bits_per_entry: u64,
    register_bits: u32,
    layout: Layout,
    cells: u64,
    stages_needed: u32,
    fits_one_tofino1_pipe: bool,
    per_stage: Vec<StageUse>,
    curve: &'a CapacityCurve,
}

#[derive(Debug, serde::Serialize)]
struct StageUse {
    stage: u32,
    sram_blocks: u32,
    sram_pct: f64,
    salus: u32,
    tables: Vec<String>,
}

fn run_capacity(a: CapacityArgs) -> anyhow::Result<ExitCode> {
    let layout = Layout::for_budget(a.sram_mib << 20, a.fingerprint_bits, 16, a.exact_entries)
        .with_context(|| format!("--sram-mib {}", a.sram_mib))?;
    let opts = CapacityOptions {
        layout,
        max_connections: a.max_connections.unwrap_or(layout.cells()),
        points: a.points,
        probes: a.probes,
        stop_above: (a.target_collision * 20.0).min(1.0),
        seed: a.seed,
    };
    let bar = progress_bar(opts.max_connections);
    let curve = filter::capacity::run(&opts, &mut |done, _| bar.set_position(done));
    bar.finish_and_clear();
    let best = curve.max_at(a.target_collision);
    let register_bits = match layout.cell_bits() {
        0..=8 => 8,
        9..=16 => 16,
        _ => 32,
    };
    // Resources only for widths a switch register has.
    let (stages_needed, per_stage) = if u64::from(register_bits) == layout.cell_bits() {
        let (_, report) = filter::program::resources(layout)?;
        let per_stage = report
            .per_stage
            .iter()
            .filter(|s| !s.tables.is_empty())
            .map(|s| StageUse {
                stage: s.stage,
                sram_blocks: s.sram_blocks,
                sram_pct: s.sram_pct,
                salus: s.salus,
                tables: s.tables.clone(),
            })
            .collect();
        (report.stages_used, per_stage)
    } else {
        (0, Vec::new())
    };
    let report = CapacityReport {
        sram_mib: a.sram_mib,
        target_collision: a.target_collision,
        max_connections: best.map_or(0, |p| p.connections),
        collision_rate: best.map_or(f64::NAN, |p| p.collision_rate),
        false_accept_rate: best.map_or(f64::NAN, |p| p.false_accept),
        bits_per_entry: layout.cell_bits(),
        register_bits,
        layout,
        cells: layout.cells(),
        stages_needed,
        fits_one_tofino1_pipe: stages_needed > 0 && stages_needed <= 12,
        per_stage,
        curve: &curve,
    };
    if let Some(p) = &a.plot {
        let svg = filter::plot::capacity_svg(
            &[(
                format!("{} MiB, {}-bit cells", a.sram_mib, layout.cell_bits()),
                &curve,
            )],
            a.target_collision,
        )?;
        write_file(p, svg.as_bytes())?;
    }
    let mut out = std::io::stdout().lock();
    if a.json {
        serde_json::to_writer_pretty(&mut out, &report)?;
        writeln!(out)?;
    } else {
        print_capacity(&mut out, &report)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn print_capacity(out: &mut impl Write, r: &CapacityReport<'_>) -> anyhow::Result<()> {
    writeln!(
        out,
        "{} MiB, {}-bit cells ({} fingerprint bits + activity bit, {}-bit registers), {} cells in 4 ways, {} exact entries",
        r.sram_mib,
        r.bits_per_entry,
        r.layout.fp_bits,
        r.register_bits,
        r.cells,
        r.layout.exact_entries
    )?;
    writeln!(
        out,
        "max connections at collision rate <= {:e}: {} (collision rate {:.2e}, false-accept rate {:.2e})",
        r.target_collision, r.max_connections, r.collision_rate, r.false_accept_rate
    )?;
    if u64::from(r.register_bits) != r.bits_per_entry {
        writeln!(
            out,
            "note: {}-bit cells do not match a switch register width; in {}-bit registers this layout needs {:.1} MiB",
            r.bits_per_entry,
            r.register_bits,
            (r.cells * u64::from(r.register_bits)) as f64 / 8.0 / 1048576.0
        )?;
    } else {
        writeln!(
            out,
            "switch: {} stages{}",
            r.stages_needed,
            if r.fits_one_tofino1_pipe {
                " (fits one Tofino-1 pipe)"
            } else {
                " (more than one Tofino-1 pipe's 12)"
            }
        )?;
        for s in &r.per_stage {
            writeln!(
                out,
                "  stage {:>2}: SRAM {:>3} blocks ({:>5.1} %), SALUs {}",
                s.stage, s.sram_blocks, s.sram_pct, s.salus
            )?;
        }
    }
    writeln!(
        out,
        "{:>12} {:>6} {:>12} {:>9} {:>12}",
        "connections", "load", "collisions", "fallback", "false-accept"
    )?;
    for p in &r.curve.points {
        writeln!(
            out,
            "{:>12} {:>6.3} {:>12.2e} {:>9} {:>12.2e}",
            p.connections, p.load, p.collision_rate, p.fallback, p.false_accept
        )?;
    }
    Ok(())
}

/// A bar on stderr; indicatif hides it when stderr is not a terminal.
fn progress_bar(total: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(total),
        indicatif::ProgressDrawTarget::stderr(),
    );
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} ({per_sec}, eta {eta})")
    {
        bar.set_style(style);
    }
    bar
}
