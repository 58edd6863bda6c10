//! `tandem compile`: partition an NF program between the switch and the server
//! (Gallium) and write what each side runs (docs/GALLIUM.md).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;

/// Options of `tandem compile`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  tandem compile examples/nf/mazunat.nf -o out/mazunat
  tandem compile examples/nf/lb.nf --set backends=10.0.1.1,10.0.1.2 -o out/lb
  tandem compile examples/nf/mazunat.nf --target bmv2 -o out/mazunat")]
pub struct CompileArgs {
    /// The NF program (`.nf` source).
    program: PathBuf,
    #[command(flatten)]
    params: crate::params::ParamArgs,
    /// Output directory (created if missing): partition.json, server.ir,
    /// tables.json, summary.txt, the switch program as P4 (switch.v1model.p4,
    /// switch.tna.p4) and as Tandem runs it (switch.pipe.json, what `tandem
    /// switch --grpc` serves), its P4Info (switch.p4info.txtpb, .bin).
    #[arg(long, short = 'o', value_name = "DIR")]
    output: PathBuf,
    /// Keep registers that follow a lookup of a replicated map on the switch,
    /// as Gallium does with MazuNAT's port counter (by default they stay on the
    /// server; docs/GALLIUM.md, "Stale replicas").
    #[arg(long)]
    offload_stale_registers: bool,
    /// Let the switch decide a miss of a replicated map itself where the miss
    /// path needs no server (Gallium's partition: MazuNAT drops an inbound
    /// packet without a mapping on the switch). By default such a miss goes to
    /// the server, so the map's keys may be left to it (docs/GALLIUM.md,
    /// "Which keys may be left to the server").
    #[arg(long)]
    drop_misses_on_switch: bool,
    #[command(flatten)]
    meter: crate::control::MeterArgs,
    /// Also compile the switch program for a real target: `bmv2` runs p4c's
    /// `p4c-bm2-ss` (on PATH, or in the directory TANDEM_P4C names) on
    /// switch.v1model.p4 and writes switch.bmv2.json for BMv2's simple_switch.
    /// Without p4c installed this is a warning, not an error.
    #[arg(long, value_enum, value_name = "TARGET")]
    target: Option<Target>,
}

/// A target whose compiler `tandem compile --target` runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Target {
    /// BMv2 simple_switch (v1model), compiled by p4c-bm2-ss.
    Bmv2,
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
        drop_misses_on_switch: args.drop_misses_on_switch,
        miss_punt_meter: args.meter.meter(),
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
    let mut wrote = Vec::new();
    for (arch, file) in [
        (p4gen::Arch::V1model, "switch.v1model.p4"),
        (p4gen::Arch::Tna, "switch.tna.p4"),
    ] {
        let text = p4gen::emit(&lowered.program, arch)
            .with_context(|| format!("cannot emit {file} for {source}"))?;
        write(&args.output, file, &text)?;
        if arch == p4gen::Arch::V1model && args.target == Some(Target::Bmv2) {
            wrote.extend(bmv2_json(&text, &args.output, &source)?);
        }
    }
    // The real P4Info (P4Runtime's p4info.proto, text and binary) and the
    // program itself, which `tandem switch --grpc` serves and a P4Runtime
    // client sends as the device config.
    crate::switch_cmd::write_p4runtime_files(&args.output, "switch", &lowered.program)
        .with_context(|| format!("{source}: switch program files"))?;
    let then = [
        "simple_switch_grpc --device-id 1 -i 0@IF0 -i 1@IF1 -i 64@IF_SERVER --no-p4 -- --grpc-server-addr 127.0.0.1:9559".to_string(),
        format!("tandem server {source} --switch 127.0.0.1:9559 --link IF_LINK --p4info $PWD/p4c.p4info.txtpb --device-config $PWD/switch.json"),
    ];
    let script = load_script(
        &format!("tandem compile {source}"),
        "switch.v1model.p4",
        "switch.json",
        "tandem server",
        &then,
        "port 64 is the server port: punts leave there, resumed packets come back there; IF_LINK is the other end of IF_SERVER",
    );
    write(&args.output, "p4c-load.sh", &script)?;
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
        "  wrote partition.json, server.ir, tables.json, summary.txt, switch.v1model.p4, switch.tna.p4, switch.p4info.txtpb, switch.p4info.bin, switch.pipe.json, p4c-load.sh{} to {}",
        wrote.iter().map(|f| format!(", {f}")).collect::<String>(),
        args.output.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Runs p4c-bm2-ss on the v1model program and leaves `switch.bmv2.json` in `dir`
/// (p4c works on a copy in `dir/.p4c`, removed afterwards). Returns the files
/// written: none when p4c is not installed (a warning says so).
fn bmv2_json(v1model: &str, dir: &Path, source: &str) -> anyhow::Result<Option<&'static str>> {
    let p4c = match p4gen::p4c::P4c::find() {
        Ok(p) => p,
        Err(e) => {
            print_stderr(&format!(
                "{source}: warning: --target bmv2: switch.bmv2.json not written: {e}"
            ));
            return Ok(None);
        }
    };
    let work = dir.join(".p4c");
    let accepted = p4c
        .compile_bmv2(v1model, &work, "switch")
        .with_context(|| format!("p4c cannot compile the switch program of {source}"))?;
    for line in accepted.warnings.lines() {
        print_stderr(&format!("{source}: p4c-bm2-ss: {line}"));
    }
    let json = accepted.json.context("p4c-bm2-ss wrote no JSON")?;
    let dst = dir.join("switch.bmv2.json");
    std::fs::rename(&json, &dst)
        .with_context(|| format!("cannot move {} to {}", json.display(), dst.display()))?;
    let _ = std::fs::remove_dir_all(&work);
    Ok(Some("switch.bmv2.json"))
}

/// A script, written by `written_by`, that compiles `p4` (v1model) with p4c
/// for BMv2 into the P4Info (`p4c.p4info.txtpb`) and the device config
/// (`json`) a P4Runtime switch loads, and says how to run it: the commands
/// `then` (`$PWD` is the script's directory) with `client` driving the
/// switch, and `note`.
pub(crate) fn load_script(
    written_by: &str,
    p4: &str,
    json: &str,
    client: &str,
    then: &[String],
    note: &str,
) -> String {
    let mut s = format!(
        r#"#!/bin/sh
# Written by `{written_by}`. Compiles this directory's switch part
# with p4c for BMv2 (p4c-bm2-ss on PATH, or in the directory TANDEM_P4C names)
# into the P4Info and BMv2 JSON that a P4Runtime switch loads, then prints how
# to run it on simple_switch_grpc with `{client}` (docs/SWITCH.md,
# "P4Runtime switches Tandem did not write").
set -eu
cd "$(dirname "$0")"
p4c="${{TANDEM_P4C:+$TANDEM_P4C/}}p4c-bm2-ss"
"$p4c" --p4runtime-files p4c.p4info.txtpb -o {json} {p4}
echo "wrote $PWD/p4c.p4info.txtpb and $PWD/{json}; then, with your interfaces:"
"#
    );
    for line in then {
        s.push_str(&format!("echo \"  {line}\"\n"));
    }
    s.push_str(&format!("echo \"({note})\"\n"));
    s
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
