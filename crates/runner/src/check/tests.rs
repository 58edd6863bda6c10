//! The check on captures: side by side, a partition that does not mean its
//! program is caught at its first packet, a window too small stops the
//! check and says where.

use std::path::{Path, PathBuf};

use super::side::Engines;
use super::*;
use trace::pcap::{PcapWriter, Resolution};
use trace::workload::{GenOptions, Workload};

/// A directory removed when the test ends, pass or fail.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("tandem-check-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn example(name: &str, sets: &[&str]) -> ir::Program {
    let mut o = lang::Overrides::new();
    for s in sets {
        o.set_assignment(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/nf")
        .join(name);
    lang::compile_file(&path, &o)
        .unwrap_or_else(|e| panic!("{e}"))
        .program
}

/// A web-search capture of `flows` connections, every packet into port 0
/// (as `tandem trace gen` writes it).
fn capture(dir: &Path, flows: u32, seed: u64) -> InputSpec {
    let opts = GenOptions {
        workload: "websearch"
            .parse::<Workload>()
            .unwrap_or_else(|e| panic!("{e}")),
        flows,
        seed,
        max_flow_bytes: Some(200_000),
        ..GenOptions::default()
    };
    let trace = trace::workload::generate(&opts).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.join(format!("ws-{flows}-{seed}.pcap"));
    let file = std::fs::File::create(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut w = PcapWriter::new(std::io::BufWriter::new(file), Resolution::Nanosecond)
        .unwrap_or_else(|e| panic!("{e}"));
    trace
        .write_pcap(&mut w, None, &mut |_, _| {})
        .unwrap_or_else(|e| panic!("{e}"));
    drop(w);
    InputSpec { port: 0, path }
}

fn check(
    reference: &ir::Program,
    partitioned: &ir::Program,
    spec: &InputSpec,
    window: usize,
) -> CheckReport {
    Engines::mismatched(reference, partitioned)
        .and_then(|e| {
            e.pcaps(
                reference,
                window,
                std::slice::from_ref(spec),
                &mut |_, _| {},
            )
        })
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_runs_agree_side_by_side_and_the_window_stays_small() {
    let dir = TempDir::new("agree");
    let nat = example("mazunat.nf", &[]);
    let spec = capture(&dir.0, 60, 1);
    let r = check(&nat, &nat, &spec, diff::DEFAULT_WINDOW);
    assert!(r.equivalent(), "{:?}", r.divergences.first());
    let packets: u64 = r.compared.stats.packets.values().sum();
    assert_eq!(packets, r.reference.total_out());
    assert_eq!(packets, r.partitioned.total_out());
    assert!(packets > 5_000, "{packets}");
    // Only the reference's copies of what output commit holds wait: never
    // more than the partitioned run held at once.
    let peak = r
        .partitioned
        .partition
        .as_ref()
        .map_or(0, |p| p.server.peak_held);
    let largest = r.compared.stats.largest_window as u64;
    assert!(
        largest > 0 && largest <= peak,
        "{largest} waited, {peak} held at once"
    );
}

#[test]
fn a_partition_that_does_not_mean_the_program_is_caught_at_its_first_packet() {
    let dir = TempDir::new("wrong");
    let spec = capture(&dir.0, 20, 2);
    // The partitioned run hands out external ports from 2048, the program
    // from 1024: the first packet the NAT sends out already differs.
    let (nat, wrong) = (
        example("mazunat.nf", &[]),
        example("mazunat.nf", &["port_min=2048"]),
    );
    let r = check(&nat, &wrong, &spec, diff::DEFAULT_WINDOW);
    assert!(!r.equivalent());
    assert!(r.stopped.is_none(), "found before the window filled");
    assert!(r.divergences_total > 1_000, "{}", r.divergences_total);
    match &r.divergences[0] {
        Divergence::Output {
            port: 1,
            flow,
            why: "only_in_reference",
            reference: Some(sent),
            partitioned: None,
        } => {
            assert!(flow.contains("198.51.100.1:1024 > "), "{flow}");
            let input = sent.input.as_ref().expect("the input packet is known");
            assert_eq!(input.packet, 1);
            assert_eq!(
                input.file.as_deref(),
                Some(&*spec.path.display().to_string())
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(
        r.divergences
            .iter()
            .any(|d| matches!(d, Divergence::State { object, .. } if object == "next_port")),
        "the final state differs too"
    );
}

#[test]
fn a_changed_packet_of_the_same_flow_is_shown_in_both_versions() {
    let dir = TempDir::new("ttl");
    let spec = capture(&dir.0, 5, 3);
    let nf = |body: &str| {
        let path = dir.0.join(format!("p{}.nf", body.len()));
        std::fs::write(
            &path,
            format!("on packet {{\n{body}\n    forward(in_port ^ 1);\n}}\n"),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        lang::compile_file(&path, &lang::Overrides::new())
            .unwrap_or_else(|e| panic!("{e}"))
            .program
    };
    let (plain, ttl) = (nf(""), nf("    if ipv4.valid { ipv4.ttl = 7; }"));
    let r = check(&plain, &ttl, &spec, diff::DEFAULT_WINDOW);
    let out = r.reference.total_out();
    assert_eq!(r.divergences_total, out, "every packet differs");
    match &r.divergences[0] {
        Divergence::Output {
            port: 1,
            why: "differs",
            reference: Some(a),
            partitioned: Some(b),
            ..
        } => {
            assert_ne!(a.frame, b.frame);
            assert_eq!(a.input, b.input, "the same input packet");
            assert_eq!(a.input.as_ref().map(|i| i.packet), Some(1));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_window_too_small_stops_the_check_and_names_the_packet() {
    let dir = TempDir::new("window");
    let nat = example("mazunat.nf", &[]);
    let spec = capture(&dir.0, 30, 4);
    let whole = check(&nat, &nat, &spec, diff::DEFAULT_WINDOW);
    assert!(whole.equivalent());
    let needed = whole.compared.stats.largest_window;
    assert!(needed > 1, "{needed}");
    let r = check(&nat, &nat, &spec, needed - 1);
    assert!(!r.equivalent());
    assert_eq!(
        r.divergences_total, 0,
        "nothing is judged that was not settled"
    );
    let s = r.stopped.as_ref().expect("the window filled");
    assert_eq!(s.window, needed - 1);
    assert_eq!(s.run, "reference", "its copies of held packets wait");
    assert!(
        s.port.is_some() && s.flow.is_some() && s.frame.is_some(),
        "{s:?}"
    );
    let input = s.input.as_ref().expect("its input packet is known");
    assert_eq!(
        input.file.as_deref(),
        Some(&*spec.path.display().to_string())
    );
    assert!(input.packet >= 1);
    // The check stopped there: not every packet was compared.
    let compared: u64 = r.compared.stats.packets.values().sum();
    assert!(compared < whole.reference.total_out(), "{compared}");
    // Exactly the room it needs is enough.
    assert!(check(&nat, &nat, &spec, needed).equivalent());
}

#[test]
fn final_states_compare_an_object_at_a_time_as_in_json() {
    let dir = TempDir::new("texts");
    let nat = example("mazunat.nf", &[]);
    let spec = capture(&dir.0, 10, 5);
    // The paper's placement keeps the port counter on the switch: its
    // value is read from there.
    let options = compiler::Options {
        offload_stale_registers: true,
        ..compiler::Options::default()
    };
    let mut part = crate::PartitionedEngine::new(&nat, &options).unwrap_or_else(|e| panic!("{e}"));
    let mut reference = crate::ReferenceEngine::new(&nat).unwrap_or_else(|e| panic!("{e}"));
    for e in [&mut part as &mut dyn Engine, &mut reference] {
        let done = crate::run_pcaps(
            e,
            &nat,
            std::slice::from_ref(&spec),
            PacketLog::default(),
            &mut |_, _| {},
        );
        let now = done.summary.last_ts_ns.unwrap_or(0);
        let whole = e.state_json(now);
        let texts = e.state_texts(now);
        assert_eq!(texts.len(), 3, "nat_out, nat_in, next_port");
        for (name, text) in texts {
            let v: serde_json::Value =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(v, whole[&name], "{name}");
        }
    }
    // The switch's counter moved (with this placement it may run ahead of
    // the reference's: the race the paper's placement has).
    let port = part.state_json(u64::MAX)["next_port"]["value"].clone();
    assert!(port.as_u64() > Some(1024), "{port}");
}
