//! End-to-end checks of `tandem box` on the configurations `tandem plan` writes.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tandem-box-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    CREATED.with(|c| c.borrow_mut().push(path.clone()));
    path
}

thread_local! {
    /// Paths handed out by `tmp` on this test's thread.
    static CREATED: std::cell::RefCell<Vec<PathBuf>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Deletes every path `tmp` handed out on this thread (each test runs on its
/// own thread) when the test ends, also when it fails; then the per-process
/// directory once the last test has emptied it.
struct Cleanup;

impl Drop for Cleanup {
    fn drop(&mut self) {
        let paths = CREATED.with(|c| std::mem::take(&mut *c.borrow_mut()));
        for p in &paths {
            let _ = std::fs::remove_dir_all(p).or_else(|_| std::fs::remove_file(p));
        }
        if let Some(dir) = paths.first().and_then(|p| p.parent()) {
            let _ = std::fs::remove_dir(dir);
        }
    }
}

fn tandem(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tandem"))
        .args(args)
        .output()
        .expect("runs")
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf8")
}

/// Plans `spec` (an example) into a fresh directory.
fn plan(spec: &str, name: &str) -> PathBuf {
    plan_with(spec, name, &[])
}

fn plan_with(spec: &str, name: &str, extra: &[&str]) -> PathBuf {
    let dir = tmp(name);
    let spec = repo().join("examples/plan").join(spec);
    let mut args = vec!["plan", "--spec", s(&spec), "-o", s(&dir)];
    args.extend_from_slice(extra);
    let o = tandem(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    dir
}

fn catalog() -> PathBuf {
    repo().join("examples/box/catalog.toml")
}

#[test]
fn every_box_of_a_plan_runs_over_generated_traffic() {
    let _cleanup = Cleanup;
    let dir = plan("sndlib-abilene.toml", "abilene");
    let boxes = plan::boxcfg::read_dir(&dir).expect("the plan's boxes read back and agree");
    assert_eq!(boxes.len(), 11);
    let spec = repo().join("examples/plan/sndlib-abilene.toml");
    for b in &boxes {
        let cfg = dir.join(format!("{}.json", b.node));
        let summary = tmp(&format!("{}-summary.json", b.node));
        let out = tmp(&format!("{}-out", b.node));
        let o = tandem(&[
            "box",
            "--config",
            s(&cfg),
            "--catalog",
            s(&catalog()),
            "--spec",
            s(&spec),
            "--inline",
            "--flows",
            "20",
            "-o",
            s(&out),
            "--summary",
            s(&summary),
        ]);
        assert!(
            o.status.success(),
            "{}: {}",
            b.node,
            String::from_utf8_lossy(&o.stderr)
        );
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&summary).expect("summary"))
                .expect("json");
        let bx = &v["box"];
        let n = |x: &serde_json::Value| x.as_u64().expect("count");
        let packets = n(&bx["packets"]);
        let classified = packets - n(&bx["unmatched"]) - n(&bx["not_ip"]);
        assert!(
            classified > 0,
            "{}: traffic lands in the box's classes",
            b.node
        );
        let on_cores: u64 = bx["cores"]
            .as_array()
            .expect("cores")
            .iter()
            .map(|c| n(&c["packets"]))
            .sum();
        assert_eq!(on_cores, classified, "{}", b.node);
        let per_class: u64 = bx["classes"]
            .as_array()
            .expect("classes")
            .iter()
            .map(|c| n(&c["forward"]) + n(&c["reverse"]))
            .sum();
        assert_eq!(per_class, classified, "{}", b.node);
        assert_eq!(
            packets,
            n(&v["run"]["packets_in"]["0"]) + v["run"]["packets_in"]["1"].as_u64().unwrap_or(0)
        );
        assert!(out.join("port0.pcap").exists() && out.join("port1.pcap").exists());
        // Module reuse (the shared parse and session reconstruction) changes
        // nothing a box emits: the same pcaps, per-application counts and events.
        let own_summary = tmp(&format!("{}-own-summary.json", b.node));
        let own_out = tmp(&format!("{}-own-out", b.node));
        let o = tandem(&[
            "box",
            "--config",
            s(&cfg),
            "--catalog",
            s(&catalog()),
            "--inline",
            "--flows",
            "20",
            "--no-reuse",
            "-o",
            s(&own_out),
            "--summary",
            s(&own_summary),
        ]);
        assert!(
            o.status.success(),
            "{}: {}",
            b.node,
            String::from_utf8_lossy(&o.stderr)
        );
        for port in ["port0.pcap", "port1.pcap"] {
            assert_eq!(
                std::fs::read(out.join(port)).expect("pcap"),
                std::fs::read(own_out.join(port)).expect("pcap"),
                "{}: {port} with and without reuse",
                b.node
            );
        }
        let own: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&own_summary).expect("summary"))
                .expect("json");
        assert_eq!(own["box"]["applications"], bx["applications"], "{}", b.node);
        assert_eq!(own["box"]["reuse"], false);
        // With reuse the session module runs once per packet of a hyperapp
        // with the flow monitor; without, once per declaring application.
        for (h, oh) in bx["hyperapps"]
            .as_array()
            .expect("hyperapps")
            .iter()
            .zip(own["box"]["hyperapps"].as_array().expect("hyperapps"))
        {
            let label = h["hyperapp"].as_str().unwrap_or("");
            let fm = u64::from(label.contains("flowmon"));
            assert_eq!(n(&h["session_updates"]), fm * n(&h["packets"]), "{label}");
            assert_eq!(n(&oh["session_updates"]), fm * n(&oh["packets"]), "{label}");
        }
    }
}

#[test]
fn threads_and_inline_write_the_same_pcaps() {
    let _cleanup = Cleanup;
    let dir = plan("sndlib-abilene.toml", "abilene-thr");
    let cfg = dir.join("ATLAng.json");
    let gen_out = tmp("gen");
    let o = tandem(&[
        "box",
        "--config",
        s(&cfg),
        "--catalog",
        s(&catalog()),
        "--inline",
        "--flows",
        "40",
        "-o",
        s(&gen_out),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Replay what came out (both directions) through both executions.
    let in0 = format!("0={}", s(&gen_out.join("port1.pcap")));
    let in1 = format!("1={}", s(&gen_out.join("port0.pcap")));
    let (a, b) = (tmp("inline"), tmp("threads"));
    for (dir, extra) in [(&a, "--inline"), (&b, "--oversubscribe")] {
        let o = tandem(&[
            "box",
            "--config",
            s(&cfg),
            "--catalog",
            s(&catalog()),
            extra,
            "--queue-bound",
            "2",
            "-i",
            &in0,
            "-i",
            &in1,
            "-o",
            s(dir),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    for port in ["port0.pcap", "port1.pcap"] {
        let x = std::fs::read(a.join(port)).expect("inline output");
        let y = std::fs::read(b.join(port)).expect("threaded output");
        assert!(x.len() > 100, "{port} has packets");
        assert_eq!(x, y, "{port}");
    }
}

#[test]
fn bad_configurations_are_refused_with_the_entry_named() {
    let _cleanup = Cleanup;
    let dir = plan("sndlib-abilene.toml", "abilene-bad");
    let cfg = dir.join("ATLAng.json");
    let text = std::fs::read_to_string(&cfg).expect("config");
    let cat_path = catalog();
    let run = |path: &Path, extra: &[&str]| {
        let mut args = vec![
            "box",
            "--config",
            s(path),
            "--catalog",
            s(&cat_path),
            "--inline",
            "--flows",
            "5",
        ];
        args.extend_from_slice(extra);
        let o = tandem(&args);
        assert!(!o.status.success(), "{args:?} should fail");
        String::from_utf8_lossy(&o.stderr).to_string()
    };
    // A configuration of another topology.
    let other = repo().join("examples/plan/sndlib-geant.toml");
    let e = run(&cfg, &["--spec", s(&other)]);
    assert!(
        e.contains("ATLAng: topology") && e.contains("another topology"),
        "{e}"
    );
    // An application the catalogue lacks.
    let cat = tmp("cat.toml");
    let full = std::fs::read_to_string(catalog()).expect("catalogue");
    let nf = repo().join("examples/nf");
    let without_lb = full
        .replace(
            "[app.lb]\nprogram = \"../nf/lb.nf\"\nmodules = [\"parse\"]",
            "",
        )
        .replace("../nf/", &format!("{}/", s(&nf)));
    std::fs::write(&cat, without_lb).expect("write");
    let o = tandem(&[
        "box",
        "--config",
        s(&cfg),
        "--catalog",
        s(&cat),
        "--inline",
        "--flows",
        "5",
    ]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success() && e.contains("application \"lb\" is not in the catalogue"),
        "{e}"
    );
    // A core the box does not have.
    let mut v: serde_json::Value = serde_json::from_str(&text).expect("json");
    v["queues"][0]["core"] = 4095.into();
    let bad = tmp("core.json");
    std::fs::write(&bad, v.to_string()).expect("write");
    let e = run(&bad, &[]);
    assert!(
        e.contains("queues[0]") && e.contains("core 4095 but the box has"),
        "{e}"
    );
    // A core the machine does not have (threaded run).
    let mut v: serde_json::Value = serde_json::from_str(&text).expect("json");
    v["cores_total"] = 1_000_000.into();
    v["queues"][0]["core"] = 999_999.into();
    std::fs::write(&bad, v.to_string()).expect("write");
    let o = tandem(&[
        "box",
        "--config",
        s(&bad),
        "--catalog",
        s(&catalog()),
        "--flows",
        "5",
    ]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success() && e.contains("core 999999 but this machine has"),
        "{e}"
    );
    // Hash ranges of a hyperapp's queues that leave a gap.
    let mut v: serde_json::Value = serde_json::from_str(&text).expect("json");
    v["queues"][0]["hash"][1] = 7.into();
    std::fs::write(&bad, v.to_string()).expect("write");
    let e = run(&bad, &[]);
    assert!(e.contains("do not tile [0, 2^32)"), "{e}");
}

#[test]
fn hash_range_configurations_tile_and_run() {
    let _cleanup = Cleanup;
    let dir = plan_with(
        "sndlib-abilene.toml",
        "abilene-hash",
        &["--filters", "hash"],
    );
    let boxes = plan::boxcfg::read_dir(&dir).expect("hash ranges tile [0, 2^32) per class");
    assert!(
        boxes
            .iter()
            .flat_map(|b| &b.assignments)
            .all(|a| a.forward.iter().all(|f| f.hash.is_some()))
    );
    let b = boxes
        .iter()
        .max_by_key(|b| b.assignments.len())
        .expect("boxes");
    let summary = tmp("hash-summary.json");
    let o = tandem(&[
        "box",
        "--config",
        s(&dir.join(format!("{}.json", b.node))),
        "--catalog",
        s(&catalog()),
        "--oversubscribe",
        "--flows",
        "30",
        "-o",
        s(&tmp("hash-out")),
        "--summary",
        s(&summary),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&summary).expect("summary")).expect("json");
    let classes = v["box"]["classes"].as_array().expect("classes");
    let fwd: u64 = classes.iter().filter_map(|c| c["forward"].as_u64()).sum();
    let rev: u64 = classes.iter().filter_map(|c| c["reverse"].as_u64()).sum();
    // Generated sessions were steered into the box's hash ranges; both directions
    // of them reach the box's classes.
    assert!(fwd > 0 && rev > 0, "{fwd} forward, {rev} reverse");
    assert_eq!(v["box"]["execution"], "threads");
}

#[test]
fn bad_live_options_are_refused_before_any_interface_is_opened() {
    let _cleanup = Cleanup;
    let dir = plan("sndlib-abilene.toml", "abilene-live-bad");
    let cfg = dir.join("ATLAng.json");
    let cat = catalog();
    let run = |extra: &[&str]| {
        let mut args = vec!["box", "--config", s(&cfg), "--catalog", s(&cat), "--inline"];
        args.extend_from_slice(extra);
        let o = tandem(&args);
        assert!(!o.status.success(), "{args:?} should fail");
        String::from_utf8_lossy(&o.stderr).to_string()
    };
    let e = run(&["-p", "0=lo", "-p", "0=lo"]);
    assert!(e.contains("port 0 is bound twice"), "{e}");
    let e = run(&["-p", "0=lo", "--duration=-1"]);
    assert!(e.contains("--duration must be a positive number"), "{e}");
    let e = run(&["-p", "0=no/such"]);
    assert!(e.contains("is not an interface name"), "{e}");
    // Live-only options need ports; live and file inputs exclude each other.
    let e = run(&["--record", "rec"]);
    assert!(e.contains("--port"), "{e}");
    let e = run(&["-p", "0=lo", "-i", "0=x.pcap"]);
    assert!(e.contains("cannot be used with"), "{e}");
    // An interface that does not exist is named.
    let e = run(&["-p", "0=tndnosuch0", "--duration", "1"]);
    assert!(e.contains("cannot bind port 0 to tndnosuch0"), "{e}");
}
