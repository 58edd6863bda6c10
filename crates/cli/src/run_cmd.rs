//! `tandem run`: run an NF program over capture files or a closed-loop generated
//! workload, write what leaves each port and summarise the run (docs/RUN.md).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use runner::{Engine, Outcome, PartitionedEngine, PcapDir, ReferenceEngine};

/// How the program is executed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Gallium's partition: switch pre/post-processing on the switch model,
    /// the rest on the server runtime, state kept consistent by atomic updates
    /// and output commit (docs/GALLIUM.md).
    Partitioned,
    /// The reference interpreter: what every NF means.
    Reference,
}

/// Where the switch part of a partitioned run executes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SwitchTarget {
    /// Tandem's switch model.
    Model,
    /// BMv2 `simple_switch` (on PATH or in TANDEM_BMV2; p4c on PATH or in
    /// TANDEM_P4C), one packet at a time in lockstep with the server runtime;
    /// the switch model keeps the control-plane bookkeeping (docs/SWITCH.md).
    Bmv2,
    /// The XDP target: the switch part compiled to eBPF and run by the kernel
    /// (`BPF_PROG_TEST_RUN`, root) one packet at a time, the switch model in
    /// the shadow keeping the control channel (docs/XDP.md).
    Xdp,
}

/// Options of `tandem run`.
///
/// With no --input, a generated workload is replayed in a closed loop: each
/// connection's client side enters port 0, and its server side answers what
/// actually left port 1 (to the address and port the NF gave the connection), so
/// NATs, load balancers and proxies see real return traffic. Without --workload,
/// one suited to the program is chosen (trojan for the Trojan detector and the
/// proxy, websearch otherwise). Port 0 faces the clients, port 1 the servers.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  tandem run examples/nf/mazunat.nf
  tandem run examples/nf/lb.nf --set backends=10.0.1.1,10.0.1.2 --workload websearch --flows 500
  tandem run examples/nf/firewall.nf --input 0=inside.pcap --input 1=outside.pcap --output-dir out
  tandem run examples/nf/trojan.nf --summary summary.json --state-out state.json
  tandem run examples/nf/mazunat.nf --park --park-bytes 160 --park-slots 8192")]
pub struct RunArgs {
    /// The NF program (`.nf` source).
    program: PathBuf,
    #[command(flatten)]
    params: crate::params::ParamArgs,
    #[command(flatten)]
    traffic: crate::traffic::TrafficArgs,
    #[command(flatten)]
    control: crate::control::ControlArgs,
    /// Directory for the outputs: packets leaving port N go to DIR/portN.pcap
    /// [default: out/<program name>].
    #[arg(long, short = 'o', value_name = "DIR")]
    output_dir: Option<PathBuf>,
    /// Execution engine.
    /// [default: partitioned; a program whose switch part cannot be lowered
    /// then runs on the reference interpreter, with a note saying why]
    #[arg(long, value_enum)]
    mode: Option<Mode>,
    #[command(flatten)]
    park: ParkArgs,
    /// Where the switch part runs (partitioned mode): the switch model, or
    /// BMv2 simple_switch in lockstep (its files go to DIR/bmv2).
    #[arg(long, value_enum, default_value_t = SwitchTarget::Model)]
    switch: SwitchTarget,
    /// Also write the summary as JSON to this file.
    #[arg(long, value_name = "FILE.json")]
    summary: Option<PathBuf>,
    /// Write the final state (every map entry, register, array) as JSON to this file.
    #[arg(long, value_name = "FILE.json")]
    state_out: Option<PathBuf>,
}

/// PayloadPark in front of the NF (`--park` and its settings), shared by `run` and
/// `live`.
#[derive(Debug, clap::Args)]
pub(crate) struct ParkArgs {
    /// Put PayloadPark in front of the NF (docs/PAYLOADPARK.md): the switch parks
    /// the first payload bytes of each packet and re-attaches them when the NF
    /// forwards it. Refused for NFs that read payload bytes.
    #[arg(long)]
    pub park: bool,
    /// Payload bytes parked per packet: a positive multiple of 8, at most 512.
    #[arg(long, value_name = "N", default_value_t = 160, requires = "park")]
    pub park_bytes: u16,
    /// Slots of the ring of parked payloads (at most 65536).
    #[arg(long, value_name = "N", default_value_t = 8192, requires = "park")]
    pub park_slots: u32,
    /// Expiry threshold: a parked payload is evicted when the ring pointer comes
    /// back to its slot for the E-th time (at least 1).
    #[arg(long, value_name = "E", default_value_t = 1, requires = "park")]
    pub park_expiry: u32,
}

/// The engine a run executes `program` on: `mode` (see [`engine_for`]) with the
/// control-channel settings, behind PayloadPark when `park.park` is set. `path`
/// names the program in errors.
pub(crate) fn build_engine(
    mode: Option<Mode>,
    park: &ParkArgs,
    program: &ir::Program,
    path: &Path,
    control: runner::ControlOptions,
) -> anyhow::Result<Box<dyn Engine>> {
    let engine = engine_for(mode, program, control)?;
    if !park.park {
        return Ok(engine);
    }
    let cfg = runner::park_engine::run_config(park.park_bytes, park.park_slots, park.park_expiry);
    Ok(Box::new(
        runner::ParkEngine::new(engine, program, cfg).with_context(|| {
            format!(
                "cannot run {} with --park (--park-bytes {}, --park-slots {}, --park-expiry {})",
                path.display(),
                park.park_bytes,
                park.park_slots,
                park.park_expiry
            )
        })?,
    ))
}

/// Runs `tandem run`.
pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    let compiled = args.params.compile(&args.program)?;
    let program = &compiled.program;
    let out_dir = args
        .output_dir
        .clone()
        .unwrap_or_else(|| Path::new("out").join(&program.name));
    let mut engine = match args.switch {
        SwitchTarget::Model => build_engine(
            args.mode,
            &args.park,
            program,
            &args.program,
            args.control.options()?,
        )?,
        SwitchTarget::Bmv2 => Box::new(bmv2_engine(&args, program, &out_dir)?),
        SwitchTarget::Xdp => Box::new(xdp_engine(&args, program)?),
    };
    let sink = PcapDir::create(&out_dir, &[0, 1])?;

    let outcome = if args.traffic.inputs.is_empty() {
        let trace = args.traffic.trace(&compiled)?;
        let bar = progress_bar(trace.packet_count(), "packets");
        let o = runner::run_workload(&mut *engine, program, &trace, sink, &mut |d, _| {
            bar.set_position(d)
        });
        bar.finish_and_clear();
        o
    } else {
        let bar = progress_bar(0, "bytes");
        let o = runner::run_pcaps(
            &mut *engine,
            program,
            &args.traffic.inputs,
            sink,
            &mut |d, t| {
                bar.set_length(t);
                bar.set_position(d);
            },
        );
        bar.finish_and_clear();
        o
    };
    report(&args, &*engine, &outcome)
}

/// How long BMv2 may take for one packet before the run fails.
const BMV2_PACKET_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// The partitioned engine with BMv2 `simple_switch` as its data plane
/// (`--switch bmv2`); BMv2's files go to `out_dir/bmv2`.
fn bmv2_engine(
    args: &RunArgs,
    program: &ir::Program,
    out_dir: &Path,
) -> anyhow::Result<PartitionedEngine> {
    if args.mode == Some(Mode::Reference) {
        anyhow::bail!(
            "--switch bmv2 runs the switch part of the partitioned program; --mode reference has none"
        );
    }
    if args.park.park {
        anyhow::bail!("--switch bmv2 does not run PayloadPark (--park) yet");
    }
    let p4c = p4gen::p4c::P4c::find().context("--switch bmv2 needs p4c's p4c-bm2-ss")?;
    let bmv2 = bmv2::Bmv2::find().context("--switch bmv2 needs BMv2's simple_switch")?;
    let mut engine = PartitionedEngine::new(program, &compiler::Options::default())
        .context("cannot run the partitioned program, so there is no switch part for BMv2")?;
    engine.set_control(args.control.options()?);
    let dir = out_dir.join("bmv2");
    engine
        .attach_bmv2(&p4c, &bmv2, &dir, BMV2_PACKET_TIMEOUT)
        .with_context(|| {
            format!(
                "cannot start BMv2 on the switch part (its files are in {})",
                dir.display()
            )
        })?;
    Ok(engine)
}

/// The partitioned engine with its switch part's data plane on the XDP target.
fn xdp_engine(args: &RunArgs, program: &ir::Program) -> anyhow::Result<PartitionedEngine> {
    if args.mode == Some(Mode::Reference) {
        anyhow::bail!(
            "--switch xdp runs the switch part of the partitioned program; --mode reference has none"
        );
    }
    if args.park.park {
        anyhow::bail!("--switch xdp does not run PayloadPark (--park)");
    }
    let mut engine = PartitionedEngine::new(program, &compiler::Options::default())
        .context("cannot run the partitioned program, so there is no switch part for XDP")?;
    engine.set_control(args.control.options()?);
    engine
        .attach_xdp()
        .context("cannot load the switch part into the kernel's XDP target (needs root)")?;
    Ok(engine)
}

/// The engine for `mode` (`None`: partitioned if the program can run so).
fn engine_for(
    mode: Option<Mode>,
    program: &ir::Program,
    control: runner::ControlOptions,
) -> anyhow::Result<Box<dyn Engine>> {
    let partitioned = || {
        PartitionedEngine::new(program, &compiler::Options::default()).map(|mut e| {
            e.set_control(control);
            e
        })
    };
    Ok(match mode {
        Some(Mode::Reference) => Box::new(ReferenceEngine::new(program)?),
        Some(Mode::Partitioned) => Box::new(
            partitioned().context("cannot run the partitioned program (try --mode reference)")?,
        ),
        None => match partitioned() {
            Ok(e) => Box::new(e),
            Err(e) => {
                #[allow(clippy::print_stderr)]
                {
                    eprintln!("note: running on the reference interpreter: {e}");
                }
                Box::new(ReferenceEngine::new(program)?)
            }
        },
    })
}

/// Prints the summary, writes the JSON files, and turns faults into an error
/// (after everything processed has been written).
fn report(args: &RunArgs, engine: &dyn Engine, o: &Outcome<PcapDir>) -> anyhow::Result<ExitCode> {
    let s = &o.summary;
    let mut out = std::io::stdout().lock();
    write!(out, "{s}")?;
    for (port, path) in o.sink.paths() {
        writeln!(out, "output   port {port} -> {}", path.display())?;
    }
    if let Some(path) = &args.summary {
        write_json(path, &serde_json::to_value(s)?)?;
        writeln!(out, "summary  {}", path.display())?;
    }
    if let Some(path) = &args.state_out {
        write_json(path, &engine.state_json(s.last_ts_ns.unwrap_or(0)))?;
        writeln!(out, "state    {}", path.display())?;
    }
    out.flush()?;
    bail_on_faults(o.output_error.as_ref(), s)?;
    if s.failed > 0 {
        anyhow::bail!("the engine failed on {} packets (see above)", s.failed);
    }
    Ok(ExitCode::SUCCESS)
}

/// Turns an output error or an input fault of a finished run into an error that
/// says how much was processed before it (everything before it has been written).
pub(crate) fn bail_on_faults(
    output_error: Option<&runner::SinkError>,
    s: &runner::Summary,
) -> anyhow::Result<()> {
    if let Some(e) = output_error {
        anyhow::bail!("{e}");
    }
    if let Some(f) = s.input_errors.first() {
        anyhow::bail!(
            "input fault: {f} ({} packets before it were processed and written)",
            s.total_in()
        );
    }
    Ok(())
}

pub(crate) fn write_json(path: &Path, v: &serde_json::Value) -> anyhow::Result<()> {
    let mut text = serde_json::to_string_pretty(v)?;
    text.push('\n');
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// A bar on stderr; indicatif hides it when stderr is not a terminal.
pub(crate) fn progress_bar(total: u64, unit: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(total),
        indicatif::ProgressDrawTarget::stderr(),
    );
    if let Ok(style) = indicatif::ProgressStyle::with_template(&format!(
        "{{bar:40}} {{pos}}/{{len}} {unit} ({{per_sec}}, eta {{eta}})"
    )) {
        bar.set_style(style);
    }
    bar
}
