//! The open-source P4 compiler accepts every P4 program Tandem emits, with no
//! error and no warning: `p4c-bm2-ss` for v1model (BMv2), `p4test
//! -D__TARGET_TOFINO__=1` against p4c's `tna.p4` for tna. The programs: the golden
//! files of `pipe` (including the policer's meters), `compiler` and `park`; what
//! `tandem compile --target bmv2` writes for the five examples (including the
//! BMv2 JSON it gets from p4c); CoFilter at each fingerprint width (with its
//! miss-path meter) and at 16 MiB; PayloadPark with and without
//! recirculation and as `tandem run --park` configures it.
//!
//! The tools are found on PATH or through `TANDEM_P4C` (`../shared/tools/p4/install`
//! puts them on PATH). Without them the test prints why it is skipped, unless
//! `TANDEM_REQUIRE_TOOLS=1` (set in CI), where it fails.

mod common;

use std::path::{Path, PathBuf};

use common::{path_str, scratch, tandem, text};
use p4gen::Arch;
use p4gen::p4c::P4c;

fn p4c_or_skip() -> Option<P4c> {
    match P4c::find() {
        Ok(p) => Some(p),
        Err(e) => {
            let required = std::env::var("TANDEM_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
            assert!(!required, "TANDEM_REQUIRE_TOOLS=1 but {e}");
            println!("skipped: {e}");
            None
        }
    }
}

/// One program to compile.
struct Job {
    name: String,
    arch: Arch,
    source: String,
}

fn job(name: impl Into<String>, arch: Arch, source: String) -> Job {
    Job {
        name: name.into(),
        arch,
        source,
    }
}

fn both(name: &str, program: &pipe::Program) -> Vec<Job> {
    [(Arch::V1model, "v1model"), (Arch::Tna, "tna")]
        .into_iter()
        .map(|(arch, a)| {
            let text = p4gen::emit(program, arch)
                .unwrap_or_else(|e| panic!("{name}: cannot emit {a}: {e}"));
            job(format!("{name}.{a}"), arch, text)
        })
        .collect()
}

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `*.p4` golden file of the emitting crates.
fn golden_files() -> Vec<Job> {
    let mut jobs = Vec::new();
    for krate in ["p4gen", "compiler", "park"] {
        let dir = workspace().join("crates").join(krate).join("testdata");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("directory entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "p4"))
            .collect();
        files.sort();
        for f in files {
            let name = f.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            let arch = if name.ends_with(".tna.p4") {
                Arch::Tna
            } else {
                assert!(
                    name.ends_with(".v1model.p4"),
                    "{name}: unknown architecture"
                );
                Arch::V1model
            };
            let source =
                std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            jobs.push(job(format!("{krate}/testdata/{name}"), arch, source));
        }
    }
    jobs
}

/// `tandem compile --target bmv2` on the five examples: their P4, and a check
/// that the BMv2 JSON p4c wrote is there.
fn compiled_examples(scratch_dir: &Path) -> Vec<Job> {
    let mut jobs = Vec::new();
    for name in ["mazunat", "lb", "firewall", "proxy", "trojan"] {
        let dir = scratch_dir.join(name);
        let src = common::example(&format!("{name}.nf"));
        let out = tandem(&["compile", &src, "--target", "bmv2", "-o", path_str(&dir)]);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let stderr = text(&out.stderr);
        assert!(
            !stderr.contains("p4c-bm2-ss:") && !stderr.contains("not written"),
            "{name}: p4c warned or was not run:\n{stderr}"
        );
        let json = dir.join("switch.bmv2.json");
        let bmv2: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(&json).unwrap_or_else(|e| panic!("{}: {e}", json.display())),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", json.display()));
        assert!(
            bmv2["pipelines"].as_array().is_some_and(|p| p.len() == 2),
            "{name}: BMv2 JSON without ingress and egress pipelines"
        );
        assert!(
            !dir.join(".p4c").exists(),
            "{name}: p4c's work copy left behind"
        );
        for (arch, a) in [(Arch::V1model, "v1model"), (Arch::Tna, "tna")] {
            let f = dir.join(format!("switch.{a}.p4"));
            let source =
                std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            jobs.push(job(format!("tandem compile {name} ({a})"), arch, source));
        }
    }
    jobs
}

fn cofilter() -> Vec<Job> {
    let mut jobs = Vec::new();
    for fp_bits in [7, 12, 15] {
        let layout = filter::layout::Layout {
            fp_bits,
            ..filter::program::tofino1_layout()
        };
        let (v1, tna, _) = filter::program::emit_p4(layout)
            .unwrap_or_else(|e| panic!("CoFilter {fp_bits}-bit: {e}"));
        // The SYN-flood meter of the miss path is in what p4c compiles.
        assert!(
            v1.contains("meter(32w1, MeterType.packets) miss_meter;")
                && tna.contains("miss_meter.execute(32w0)"),
            "CoFilter {fp_bits}-bit: no miss meter in the P4"
        );
        jobs.push(job(
            format!("cofilter fp{fp_bits}.v1model"),
            Arch::V1model,
            v1,
        ));
        jobs.push(job(format!("cofilter fp{fp_bits}.tna"), Arch::Tna, tna));
    }
    // The compact layout without state bits (`--state-bits 0`).
    let (v1, tna, _) = filter::program::emit_p4(filter::program::tofino1_layout_for(0))
        .unwrap_or_else(|e| panic!("CoFilter without state bits: {e}"));
    assert!(
        !v1.contains("way0_q"),
        "no state arrays with --state-bits 0"
    );
    jobs.push(job("cofilter state0.v1model", Arch::V1model, v1));
    jobs.push(job("cofilter state0.tna", Arch::Tna, tna));
    // The capacity claim's layout (16 MiB of split cells, 18 stages).
    let layout = filter::layout::Layout::for_budget(16 << 20, 12, 16, 2_048, 0)
        .unwrap_or_else(|e| panic!("CoFilter 16 MiB: {e}"));
    let (v1, tna, _) =
        filter::program::emit_p4(layout).unwrap_or_else(|e| panic!("CoFilter 16 MiB: {e}"));
    jobs.push(job("cofilter 16MiB.v1model", Arch::V1model, v1));
    jobs.push(job("cofilter 16MiB.tna", Arch::Tna, tna));
    // Table cells (`--cells tables`, for BMv2 over P4Runtime): the ways'
    // cells are exact tables that keep hit times.
    let (v1, tna, _) = filter::program::emit_p4_with(
        filter::program::tofino1_layout_for(0),
        filter::layout::Cells::Tables,
    )
    .unwrap_or_else(|e| panic!("CoFilter table cells: {e}"));
    assert!(
        v1.contains("way0_cells")
            && v1.contains("support_timeout = true")
            && !v1.contains("register<"),
        "table cells: cell tables with hit times, no registers"
    );
    jobs.push(job("cofilter tables.v1model", Arch::V1model, v1));
    jobs.push(job("cofilter tables.tna", Arch::Tna, tna));
    jobs
}

fn payload_park() -> Vec<Job> {
    let recirc = |bytes| park::ParkConfig {
        park_bytes: bytes,
        recirculate: true,
        ..park::ParkConfig::default()
    };
    let configs = [
        ("park default", park::ParkConfig::default()),
        ("park recirc 352", recirc(352)),
        ("park recirc 168", recirc(168)),
        (
            "run --park 160/8192/1",
            runner::park_engine::run_config(160, 8192, 1),
        ),
        (
            "run --park 16/1024/1",
            runner::park_engine::run_config(16, 1024, 1),
        ),
        (
            "run --park 512/65536/4",
            runner::park_engine::run_config(512, 65536, 4),
        ),
    ];
    configs
        .iter()
        .flat_map(|(name, cfg)| {
            cfg.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
            both(name, &park::program::build(cfg))
        })
        .collect()
}

/// Compiles every job on a few threads; returns the failures (refusals and
/// warnings), one message each.
fn compile_all(p4c: &P4c, jobs: &[Job], dir: &Path) -> Vec<String> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(j) = jobs.get(i) else { break };
                    let stem = format!("p{i}");
                    let result = match j.arch {
                        Arch::V1model => p4c.compile_bmv2(&j.source, dir, &stem),
                        Arch::Tna => p4c.check_tna(&j.source, dir, &stem),
                    };
                    let problem = match result {
                        Ok(a) if a.warnings.trim().is_empty() => None,
                        Ok(a) => Some(format!("{}: warnings:\n{}", j.name, a.warnings)),
                        Err(e) => Some(format!("{}: {e}", j.name)),
                    };
                    if let Some(p) = problem {
                        failures.lock().expect("no thread panicked").push(p);
                    }
                }
            });
        }
    });
    failures.into_inner().expect("no thread panicked")
}

#[test]
fn p4c_accepts_every_emitted_program_without_warnings() {
    let Some(p4c) = p4c_or_skip() else { return };
    let dir = scratch("p4c-all");
    let mut jobs = golden_files();
    jobs.extend(compiled_examples(&dir.join("compile")));
    jobs.extend(pipe_examples());
    jobs.extend(cofilter());
    jobs.extend(payload_park());
    // Identical sources (a golden and the output it guards) are compiled once.
    let mut seen = std::collections::HashSet::new();
    jobs.retain(|j| seen.insert(j.source.clone()));
    let v1 = jobs.iter().filter(|j| j.arch == Arch::V1model).count();
    let tna = jobs.len() - v1;
    assert!(
        v1 >= 15 && tna >= 15,
        "only {v1} v1model and {tna} tna programs"
    );
    let failures = compile_all(&p4c, &jobs, &dir.join("p4c"));
    assert!(
        failures.is_empty(),
        "p4c rejected or warned about {} of {} programs:\n\n{}",
        failures.len(),
        jobs.len(),
        failures.join("\n\n")
    );
    println!("p4c accepted {v1} v1model and {tna} tna programs without warnings");
    let _ = std::fs::remove_dir_all(&dir);
}

fn pipe_examples() -> Vec<Job> {
    [
        pipe::examples::l2l3_forwarder(),
        pipe::examples::nat(),
        pipe::examples::acl(),
        pipe::examples::recirc_cpu(),
    ]
    .iter()
    .flat_map(|p| both(&format!("pipe example {}", p.name), p))
    .collect()
}

/// The check above can fail: p4c's warnings and errors reach us.
#[test]
fn p4c_warnings_and_errors_are_reported() {
    let Some(p4c) = p4c_or_skip() else { return };
    let dir = scratch("p4c-negative");
    let mut text = p4gen::emit(&pipe::examples::acl(), Arch::V1model).expect("emits");
    // An unused local in ingress: a warning, not an error.
    text = text.replacen("apply {", "apply {\n        bit<8> unused_here;", 1);
    let jobs = [
        job("unused local", Arch::V1model, text.clone()),
        job(
            "syntax error",
            Arch::Tna,
            text.replacen("apply {", "apply {{", 1),
        ),
    ];
    let failures = compile_all(&p4c, &jobs, &dir);
    assert_eq!(failures.len(), 2, "{failures:?}");
    assert!(
        failures.iter().any(|f| f.contains("unused_here")),
        "{failures:?}"
    );
    assert!(
        failures.iter().any(|f| f.contains("refused")),
        "{failures:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--target bmv2` without p4c still writes the P4 and says why there is no JSON.
#[test]
fn compile_target_bmv2_without_p4c_warns() {
    let dir = scratch("p4c-missing");
    let empty = dir.join("no-tools");
    std::fs::create_dir_all(&empty).expect("mkdir");
    let out_dir = dir.join("out");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tandem"))
        .env("TANDEM_P4C", &empty)
        .args([
            "compile",
            &common::example("mazunat.nf"),
            "--target",
            "bmv2",
            "-o",
            path_str(&out_dir),
        ])
        .output()
        .expect("runs tandem");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("switch.bmv2.json not written") && stderr.contains("TANDEM_P4C="),
        "{stderr}"
    );
    assert!(out_dir.join("switch.v1model.p4").is_file());
    assert!(!out_dir.join("switch.bmv2.json").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
