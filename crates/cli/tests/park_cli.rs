//! `tandem park` end to end: a tiny goodput evaluation and the P4 output.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tandem(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tandem"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run tandem: {e}"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tandem-park-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn eval_writes_tables_json_and_svg() {
    let dir = scratch("eval");
    let d = dir.to_str().expect("utf-8 temp dir");
    let out = tandem(&[
        "park",
        "eval",
        "-o",
        d,
        "--packets",
        "1000",
        "--links",
        "40",
        "--sizes",
        "1492",
        "--nfs",
        "firewall",
        "--sweep-slots",
        "64",
        "--sweep-expiry",
        "1",
        "--drop-expiry",
        "1",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = read(&dir.join("goodput.md"));
    assert!(table.contains("| 40 G | 1492 B | firewall |"), "{table}");
    assert!(
        table.contains("| 40 G | datacenter mix | firewall |"),
        "{table}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&read(&dir.join("eval.json"))).expect("JSON");
    assert_eq!(json["rows"].as_array().map(Vec::len), Some(2));
    assert!(read(&dir.join("goodput_40g.svg")).starts_with("<svg"));
    assert!(read(&dir.join("evictions.svg")).starts_with("<svg"));
    assert!(read(&dir.join("evictions.md")).contains("| 64 |"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_options_are_refused_with_a_reason() {
    let dir = scratch("bad");
    let d = dir.to_str().expect("utf-8 temp dir");
    let out = tandem(&["park", "eval", "-o", d, "--nfs", "ids"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown NF `ids`"));
    let out = tandem(&["park", "p4", "-o", d, "--park-bytes", "100"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("multiple of 8"));
}

#[test]
fn p4_writes_both_architectures_and_the_resource_report() {
    let dir = scratch("p4");
    let d = dir.to_str().expect("utf-8 temp dir");
    let out = tandem(&["park", "p4", "-o", d]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("../park/testdata");
    for f in ["payload_park.v1model.p4", "payload_park.tna.p4"] {
        assert_eq!(read(&dir.join(f)), read(&golden.join(f)), "{f}");
    }
    assert!(read(&dir.join("resources.txt")).contains("stages used"));
    // The P4Runtime files describe the program written beside them.
    let program: pipe::Program =
        serde_json::from_str(&read(&dir.join("payload_park.pipe.json"))).unwrap();
    let info = p4rt::p4info(&program).unwrap();
    assert_eq!(
        p4rt::from_text(&read(&dir.join("payload_park.p4info.txtpb"))).unwrap(),
        info
    );
    assert_eq!(
        std::fs::read(dir.join("payload_park.p4info.bin")).unwrap(),
        p4rt::to_bytes(&info)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
