//! The flow-setup sweep as a library: its options are checked, its runs come
//! in a fixed order, and the same config gives the same bytes.

use std::path::{Path, PathBuf};

use eval::flow_setup::{
    ChannelCosts, Config, ConfigError, Cost, Loop, Meter, NfKind, QUICK_FLOWS, QUICK_RATES, Row,
    Setting, Sweep, plot, write_files, write_table,
};

/// A meter that measures nothing, so that whole rows are deterministic.
struct Unmetered;

impl Meter for Unmetered {
    fn start(&mut self) {}

    fn stop(&mut self) -> Cost {
        Cost::default()
    }
}

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nf")
}

/// A sweep small enough for a debug build: one rate, few flows, MazuNAT and
/// CoFilter.
fn small() -> Config {
    Config {
        rates: vec![5_000.0],
        flows: 20,
        nfs: vec![NfKind::MazuNat, NfKind::CoFilter],
        examples: examples(),
        ..Config::default()
    }
}

fn sweep(config: &Config) -> (Vec<Row>, Vec<eval::flow_setup::Progress>) {
    let sweep = Sweep::new(config).expect("the config is good");
    let mut seen = Vec::new();
    let rows = sweep
        .run(&mut Unmetered, &mut |p| seen.push(p))
        .expect("the sweep runs");
    assert_eq!(rows.len() as u64, sweep.runs());
    (rows, seen)
}

#[test]
fn the_defaults_are_the_commands_and_validate() {
    let c = Config::default();
    assert_eq!(c.rates, [100.0, 1_000.0, 10_000.0, 100_000.0, 1_000_000.0]);
    assert_eq!((c.flows, c.seed, c.agent_cores), (2_000, 1, 1));
    assert_eq!(c.nfs, NfKind::ALL);
    assert_eq!(c.channel, ChannelCosts::default());
    assert_eq!(c.validate(), Ok(()));
    let quick = Config {
        quick: true,
        rates: vec![0.0],
        flows: 0,
        ..Config::default()
    };
    assert_eq!(quick.effective_rates(), QUICK_RATES);
    assert_eq!(quick.effective_flows(), QUICK_FLOWS);
    assert_eq!(quick.validate(), Ok(()));
}

#[test]
fn bad_configs_are_named() {
    let bad = |f: fn(&mut Config)| {
        let mut c = Config::default();
        f(&mut c);
        c.validate().unwrap_err()
    };
    assert_eq!(bad(|c| c.rates = vec![1.0, -2.0]), ConfigError::Rate(-2.0));
    assert!(matches!(
        bad(|c| c.rates = vec![f64::NAN]),
        ConfigError::Rate(_)
    ));
    assert_eq!(bad(|c| c.flows = 0), ConfigError::Flows);
    assert_eq!(bad(|c| c.attack_share = 1.0), ConfigError::AttackShare(1.0));
    assert_eq!(bad(|c| c.agent_cores = 0), ConfigError::AgentCores(0));
    assert_eq!(
        bad(|c| c.channel.entry_us = -1.0),
        ConfigError::EntryUs(-1.0)
    );
    assert_eq!(bad(|c| c.channel.max_batch = 0), ConfigError::MaxBatch);
    assert_eq!(bad(|c| c.channel.window = 0), ConfigError::Window);
    assert_eq!(
        "nope".parse::<NfKind>(),
        Err(ConfigError::UnknownNf("nope".into()))
    );
    for k in NfKind::ALL {
        assert_eq!(k.name().parse::<NfKind>(), Ok(k));
        assert_eq!(serde_json::to_value(k).unwrap(), k.name());
    }
    // A bad config is refused before anything compiles.
    let e = Sweep::new(&Config {
        flows: 0,
        examples: "/nonexistent".into(),
        ..Config::default()
    })
    .err()
    .unwrap();
    assert_eq!(e.downcast_ref(), Some(&ConfigError::Flows));
}

#[test]
fn configs_round_trip_and_refuse_unknown_fields() {
    let c = small();
    let json = serde_json::to_string(&c).unwrap();
    assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), c);
    let partial: Config = serde_json::from_str(r#"{"quick": true, "nfs": ["lb"]}"#).unwrap();
    assert_eq!(partial.nfs, [NfKind::Lb]);
    assert_eq!(partial.flows, Config::default().flows);
    assert!(serde_json::from_str::<Config>(r#"{"flow": 3}"#).is_err());
}

#[test]
fn runs_come_in_order_with_progress_before_each() {
    let (rows, seen) = sweep(&small());
    // MazuNAT: 2 loops × 2 floods × 5 settings; CoFilter: × 3 (no direct
    // inserts).
    assert_eq!(rows.len(), 4 * 5 + 4 * 3);
    assert_eq!(seen.len(), rows.len());
    for (i, (p, r)) in seen.iter().zip(&rows).enumerate() {
        assert_eq!((p.done, p.total), (i as u64, rows.len() as u64));
        assert_eq!(
            (p.case.nf, p.case.loop_, p.case.flood, p.case.setting),
            (r.nf, r.loop_, r.flood, r.setting)
        );
        assert_eq!(p.case.offered_flows_per_s, r.offered_flows_per_s);
        assert_eq!(r.legit_flows, 20, "{r:?}");
        assert!(r.spoofed_flows > 0 || !r.flood, "{r:?}");
        assert_eq!((r.wall_ms, r.peak_rss_bytes), (0, None));
    }
    let first = &rows[0];
    assert_eq!(
        (first.nf, first.loop_, first.flood, first.setting),
        (NfKind::MazuNat, Loop::Open, false, Setting::Serial)
    );
    let last = &rows[rows.len() - 1];
    assert_eq!(
        (last.nf, last.loop_, last.flood, last.setting),
        (
            NfKind::CoFilter,
            Loop::Closed,
            true,
            Setting::BatchedHandshake
        )
    );
}

#[test]
fn the_same_config_gives_the_same_bytes() {
    let (a, _) = sweep(&small());
    let (b, _) = sweep(&small());
    let json = serde_json::to_string_pretty(&a).unwrap();
    assert_eq!(json, serde_json::to_string_pretty(&b).unwrap());
    assert_eq!(plot(&a).unwrap(), plot(&b).unwrap());
    // The JSON names of the command's files, and rows read back as written.
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v[0]["nf"], "mazunat");
    assert_eq!(v[0]["loop"], "open");
    assert_eq!(v[2]["setting"], "batched+handshake");
    assert!(v[0]["peak_rss_bytes"].is_null());
    // (serde_json parses floats to within an ulp, so only the exact fields.)
    let back: Vec<Row> = serde_json::from_str(&json).unwrap();
    let exact = |r: &Row| (r.nf, r.loop_, r.flood, r.setting, r.packets, r.first_p99_ns);
    assert!(back.iter().map(exact).eq(a.iter().map(exact)));
}

#[test]
fn results_are_written_as_json_svg_and_a_table() {
    let (rows, _) = sweep(&Config {
        nfs: vec![NfKind::CoFilter],
        ..small()
    });
    let dir = std::env::temp_dir().join(format!("tandem-eval-flow-setup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let w = write_files(&dir, &rows);
    let read = |p: &Path| std::fs::read_to_string(p).unwrap();
    let files = w.as_ref().map(|w| (read(&w.json), read(&w.svg)));
    let _ = std::fs::remove_dir_all(&dir);
    let (json, svg) = files.unwrap();
    assert_eq!(json, serde_json::to_string_pretty(&rows).unwrap());
    assert!(svg.starts_with("<svg") && svg.contains("cofilter batched"));
    let mut table = Vec::new();
    write_table(&mut table, &rows).unwrap();
    let table = String::from_utf8(table).unwrap();
    assert_eq!(table.lines().count(), rows.len() + 1);
    assert!(
        table
            .lines()
            .next()
            .unwrap()
            .starts_with("nf       loop   flood")
    );
    assert!(table.contains("cofilter closed yes   batched+handshake"));
}
