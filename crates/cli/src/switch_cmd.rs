//! `tandem switch --grpc ADDR [PROGRAM]`: the switch model as a P4Runtime
//! server (docs/SWITCH.md, "On real targets — P4Runtime").

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use anyhow::Context;

/// Options of `tandem switch`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "PROGRAM is a switch program as Tandem runs it: the `switch.pipe.json`
that `tandem compile` writes (or its output directory), or any `pipe`
program as JSON. Without PROGRAM the switch waits for a client's
SetForwardingPipelineConfig, whose device config is such a JSON file.

Examples:
  tandem compile examples/nf/mazunat.nf -o out/mazunat
  tandem switch --grpc 127.0.0.1:9559 out/mazunat
  tandem switch --grpc 127.0.0.1:9559 examples/nf/mazunat.nf
  python -m p4runtime_sh --grpc-addr 127.0.0.1:9559 --device-id 1 --election-id 0,1"
)]
pub struct SwitchArgs {
    /// Serve P4Runtime (gRPC) on this address, e.g. 127.0.0.1:9559.
    #[arg(long, value_name = "ADDR")]
    grpc: String,
    /// The switch program (see below).
    program: Option<PathBuf>,
    #[command(flatten)]
    params: crate::params::ParamArgs,
    /// P4Runtime device id.
    #[arg(long, default_value_t = 1)]
    device_id: u64,
    /// How often idle timeouts are checked, in milliseconds.
    #[arg(long, default_value_t = 100, value_name = "MS")]
    idle_poll_ms: u64,
}

/// Reads a program file, a `tandem compile` directory, or compiles an NF.
fn load(path: &Path, params: &crate::params::ParamArgs) -> anyhow::Result<pipe::Program> {
    if path.extension().is_some_and(|e| e == "nf") {
        let source = path.display().to_string();
        let compiled =
            lang::compile_file(path, &params.overrides()?).map_err(|e| anyhow::anyhow!("{e}"))?;
        let c = compiler::partition(&compiled.program, &compiler::Options::default())
            .with_context(|| format!("cannot partition {source}"))?;
        let lowered = compiler::lower_switch::lower_switch(&c)
            .with_context(|| format!("cannot lower the switch side of {source}"))?;
        return Ok(lowered.program);
    }
    let file = if path.is_dir() {
        path.join("switch.pipe.json")
    } else {
        path.to_path_buf()
    };
    let bytes = std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
    p4rt::server::program_from_device_config(&bytes)
        .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))
}

/// Runs `tandem switch`.
pub fn run(args: SwitchArgs) -> anyhow::Result<ExitCode> {
    let addr: std::net::SocketAddr = args
        .grpc
        .parse()
        .with_context(|| format!("--grpc {}: not an address like 127.0.0.1:9559", args.grpc))?;
    let start = Instant::now();
    let device = Arc::new(p4rt::server::Device::new(
        args.device_id,
        Arc::new(move || start.elapsed()),
    ));
    let name = match &args.program {
        Some(path) => {
            let program = load(path, &args.params)?;
            let name = program.name.clone();
            device.load(program).map_err(|e| anyhow::anyhow!("{e}"))?;
            name
        }
        None => "none yet".to_string(),
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let stop_tx = std::sync::Mutex::new(Some(stop_tx));
    ctrlc::set_handler(move || {
        if let Some(tx) = stop_tx.lock().ok().and_then(|mut t| t.take()) {
            let _ = tx.send(());
        }
    })
    .context("cannot install the Ctrl-C / SIGTERM handler")?;
    let served = rt.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        println!(
            "tandem switch: P4Runtime {} for device {} on {} (program: {name}); Ctrl-C stops",
            p4rt::server::API_VERSION,
            args.device_id,
            listener.local_addr().unwrap_or(addr)
        );
        p4rt::server::serve(
            device.clone(),
            listener,
            Duration::from_millis(args.idle_poll_ms),
            async {
                let _ = stop_rx.await;
            },
        )
        .await
        .context("P4Runtime server failed")
    });
    let c = device.counters();
    println!(
        "tandem switch: stopped; packet-outs {}, packet-ins {}, emitted {}, dropped {}, idle notifications {}, lost stream messages {}",
        c.packet_outs.load(Ordering::Relaxed),
        c.packet_ins.load(Ordering::Relaxed),
        c.emitted.load(Ordering::Relaxed),
        c.dropped.load(Ordering::Relaxed),
        c.idle_notifications.load(Ordering::Relaxed),
        c.stream_overflow.load(Ordering::Relaxed),
    );
    served?;
    Ok(ExitCode::SUCCESS)
}

/// Writes `dir/STEM.p4info.txtpb`, `dir/STEM.p4info.bin` (P4Runtime's P4Info
/// of `program`) and `dir/STEM.pipe.json` (the program, which `tandem switch
/// --grpc` serves and a P4Runtime client sends as the device config).
pub(crate) fn write_p4runtime_files(
    dir: &Path,
    stem: &str,
    program: &pipe::Program,
) -> anyhow::Result<()> {
    let info = p4rt::p4info(program)
        .with_context(|| format!("cannot describe the switch program {}", program.name))?;
    let files = [
        (
            format!("{stem}.p4info.txtpb"),
            p4rt::to_text(&info)?.into_bytes(),
        ),
        (format!("{stem}.p4info.bin"), p4rt::to_bytes(&info)),
        (
            format!("{stem}.pipe.json"),
            (serde_json::to_string_pretty(program)? + "\n").into_bytes(),
        ),
    ];
    for (name, bytes) in files {
        let path = dir.join(name);
        std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}
