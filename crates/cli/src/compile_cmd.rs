//! `tandem compile`: partition an NF program between the switch and the server
//! (Gallium) and write what each side runs (docs/GALLIUM.md).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;

/// Options of `tandem compile`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  tandem compile examples/nf/mazunat.nf -o out/mazunat
  tandem compile examples/nf/lb.nf --set backends=10.0.1.1,10.0.1.2 -o out/lb")]
pub struct CompileArgs {
    /// The NF program (`.nf` source).
    program: PathBuf,
    #[command(flatten)]
    params: crate::params::ParamArgs,
    /// Output directory (created if missing): partition.json, server.ir,
    /// tables.json, summary.txt.
    #[arg(long, short = 'o', value_name = "DIR")]
    output: PathBuf,
    /// Keep registers that follow a lookup of a replicated map on the switch,
    /// as Gallium does with MazuNAT's port counter (by default they stay on the
    /// server; docs/GALLIUM.md, "Stale replicas").
    #[arg(long)]
    offload_stale_registers: bool,
}

/// Runs `tandem compile`.
pub fn run(args: CompileArgs) -> anyhow::Result<ExitCode> {
    let overrides = args.params.overrides()?;
    let compiled =
        lang::compile_file(&args.program, &overrides).map_err(|e| anyhow::anyhow!("{e}"))?;
    let source = args.program.display().to_string();
    for w in &compiled.warnings.items {
        print_stderr(&format!("{source}: warning[{}]: {}", w.code, w.message));
    }
    let options = compiler::Options {
        offload_stale_registers: args.offload_stale_registers,
        ..compiler::Options::default()
    };
    let c = compiler::partition(&compiled.program, &options)
        .with_context(|| format!("cannot partition {source}"))?;

    std::fs::create_dir_all(&args.output)
        .with_context(|| format!("cannot create {}", args.output.display()))?;
    let mut partition = compiler::report::partition_json(&c);
    // The switch side lowered to one `pipe` program: its P4 and table
    // description, and its per-stage resources in partition.json.
    let lowered = compiler::lower_switch::lower_switch(&c)
        .with_context(|| format!("cannot lower the switch side of {source}"))?;
    partition["switch_program_resources"] = match &lowered.resources {
        Ok(r) => serde_json::json!({ "scope": "lowered switch program", "report": r }),
        Err(e) => serde_json::json!({ "scope": "lowered switch program", "error": e }),
    };
    for (arch, file) in [
        (pipe::p4::Arch::V1model, "switch.v1model.p4"),
        (pipe::p4::Arch::Tna, "switch.tna.p4"),
    ] {
        let text = pipe::p4::emit(&lowered.program, arch)
            .with_context(|| format!("cannot emit {file} for {source}"))?;
        write(&args.output, file, &text)?;
    }
    let info = pipe::p4::p4info(&lowered.program)
        .with_context(|| format!("cannot describe the switch program of {source}"))?;
    write(
        &args.output,
        "switch.p4info.json",
        &pretty(&serde_json::to_value(&info)?)?,
    )?;
    write(&args.output, "partition.json", &pretty(&partition)?)?;
    write(
        &args.output,
        "server.ir",
        &compiler::server::ServerProgram::of(&c).text(),
    )?;
    let tables = serde_json::json!({
        "program": c.program.name,
        "objects": compiler::tables::switch_objects(&c),
        "resources": partition["resources"],
    });
    write(&args.output, "tables.json", &pretty(&tables)?)?;
    let summary = compiler::report::summary(&c);
    write(&args.output, "summary.txt", &summary)?;
    for line in summary.lines() {
        if line.starts_with("warning:") {
            print_stderr(&format!("{source}: {line}"));
        } else {
            println!("{line}");
        }
    }
    for w in &lowered.warnings {
        print_stderr(&format!(
            "{source}: warning: switch code not lowered, P4 holds tables and transfer actions only: {w}"
        ));
    }
    if let Err(err) = &lowered.resources {
        print_stderr(&format!(
            "{source}: warning: the lowered switch program does not fit the switch: {err}"
        ));
    }
    if let Some(err) = partition["resources"]["error"].as_str() {
        print_stderr(&format!(
            "{source}: warning: the offloaded state does not fit the switch together: {err}"
        ));
    }
    println!(
        "  wrote partition.json, server.ir, tables.json, summary.txt, switch.v1model.p4, switch.tna.p4, switch.p4info.json to {}",
        args.output.display()
    );
    Ok(ExitCode::SUCCESS)
}

fn pretty(v: &serde_json::Value) -> anyhow::Result<String> {
    Ok(serde_json::to_string_pretty(v)? + "\n")
}

fn write(dir: &Path, name: &str, text: &str) -> anyhow::Result<()> {
    let path = dir.join(name);
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))
}

#[allow(clippy::print_stderr)]
fn print_stderr(line: &str) {
    eprintln!("{line}");
}
