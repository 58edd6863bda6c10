//! `tandem eval gallium`, short, as root: MazuNAT and the firewall on every
//! system that runs them (all on the server, Tandem with the switch part in
//! userspace and on XDP, FastClick, the kernel), the load balancer on Tandem;
//! every row measured, the gaps named, the files written and the namespaces
//! gone afterwards.

mod common;

use std::path::Path;

use common::{path_str, scratch, tandem, text};

fn examples() -> String {
    path_str(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nf")).to_string()
}

fn click_conf() -> String {
    let conf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/tools/click/conf/mazunat.click");
    path_str(&conf).to_string()
}

fn rows<'a>(v: &'a serde_json::Value, key: &str) -> &'a [serde_json::Value] {
    v["results"][key].as_array().map_or(&[], Vec::as_slice)
}

#[test]
fn the_short_gallium_evaluation_measures_every_row_and_cleans_up() {
    let Some(_root) = testnet::can_run(
        "tandem eval gallium",
        &["iperf3", "nft", "ethtool", "click", "taskset"],
    ) else {
        return;
    };
    let dir = scratch("eval-gallium");
    let out = dir.join("out");
    let (ex, conf, o) = (examples(), click_conf(), path_str(&out));
    let run = |nfs: &str, systems: &str| {
        let r = tandem(&[
            "eval",
            "gallium",
            "--quick",
            "--nfs",
            nfs,
            "--systems",
            systems,
            "--sizes",
            "1500",
            "--workloads",
            "datamining",
            "--flows",
            "60",
            "--threads",
            "6",
            "--pings",
            "200",
            "--examples",
            &ex,
            "--click-conf",
            &conf,
            "-o",
            o,
            "-q",
        ]);
        assert!(r.status.success(), "{}{}", text(&r.stdout), text(&r.stderr));
        let v: serde_json::Value =
            serde_json::from_slice(&std::fs::read(out.join("gallium.json")).expect("gallium.json"))
                .expect("JSON");
        v
    };
    let v = run(
        "mazunat,firewall",
        "reference,tandem,tandem-xdp,fastclick,kernel",
    );

    // Every (NF, system) pair was measured (FastClick's firewall on Tandem's
    // own Click configuration).
    let skipped = rows(&v, "skipped");
    assert!(skipped.is_empty(), "{skipped:?}");
    let throughput = rows(&v, "throughput");
    assert_eq!(throughput.len(), 10, "{throughput:?}");
    for t in throughput {
        assert!(t["mean_gbps"].as_f64().unwrap_or(0.0) > 0.01, "{t}");
        let cores = t["nf_cores"].as_f64().unwrap_or(-1.0);
        if t["system"] == "kernel" {
            assert_eq!(cores, 0.0, "{t}");
        } else {
            // A process that carries (or punts) traffic uses CPU.
            assert!(cores > 0.0, "{t}");
        }
        if t["system"] == "tandem-xdp" {
            assert!(t["bpf_cores"].as_f64().unwrap_or(0.0) > 0.0, "{t}");
        }
    }
    for l in rows(&v, "latency") {
        assert_eq!(l["half_rtt_us"]["n"], 200, "{l}");
        assert!(
            l["half_rtt_us"]["mean"].as_f64().unwrap_or(0.0) > 0.0,
            "{l}"
        );
    }
    let workloads = rows(&v, "workloads");
    assert_eq!(workloads.len(), 10);
    for w in workloads {
        assert_eq!(w["flows"], 60, "{w}");
        assert_eq!(w["failed"], 0, "{w}");
        let binned: u64 = w["bins"]
            .as_array()
            .expect("bins")
            .iter()
            .map(|b| b["flows"].as_u64().unwrap_or(0))
            .sum();
        assert_eq!(binned, 60, "{w}");
    }
    // Tandem's summaries: MazuNAT punted the connections' first packets; the
    // firewall decided every packet in the switch part.
    let s = &v["results"]["summaries"];
    let punts = |k: &str| s[k]["partition"]["server_packets"].as_u64();
    assert!(punts("mazunat on tandem").unwrap_or(0) > 0, "{s}");
    assert_eq!(punts("firewall on tandem"), Some(0), "{s}");

    let md = std::fs::read_to_string(out.join("gallium.md")).expect("gallium.md");
    assert!(
        md.contains("| mazunat 1500 B |") && md.contains("23.16 ± 0.53"),
        "{md}"
    );
    for f in ["fig7.svg", "fig9.svg"] {
        let svg = std::fs::read_to_string(out.join(f)).expect(f);
        assert!(svg.starts_with("<svg"), "{f}");
    }

    // The load balancer spreads the streams over its backends, through Tandem
    // and through Click; the Trojan detector has no Click configuration.
    let v = run("lb,trojan", "tandem,fastclick");
    assert_eq!(rows(&v, "throughput").len(), 3, "{v}");
    for w in rows(&v, "workloads") {
        assert_eq!(w["failed"], 0, "{w}");
    }
    let skipped = rows(&v, "skipped");
    assert_eq!(skipped.len(), 1, "{skipped:?}");
    assert_eq!(
        (skipped[0]["nf"].as_str(), skipped[0]["system"].as_str()),
        (Some("trojan"), Some("fastclick"))
    );

    // Nothing of the runs is left.
    let left: Vec<String> = std::fs::read_dir("/run/netns")
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().to_string())
                .filter(|n| n.starts_with("tnd-eval-"))
                .collect()
        })
        .unwrap_or_default();
    assert!(left.is_empty(), "namespaces left: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
