//! PayloadPark's Split/Merge program on BMv2: the same traffic through the switch
//! model and through `simple_switch` (its v1model P4 compiled by p4c, slice
//! tables installed through BMv2's runtime interface) gives the same packets out of every
//! port, byte for byte and in order, and the same register contents (ring
//! pointer, generations, parked payload blocks) at the end.
//!
//! The traffic: seeded UDP and TCP frames of many sizes enter the traffic port;
//! what Split sends to the NF port comes back on it (unchanged, as an NF that
//! only forwards would send it) a seeded number of packets later, or never (the
//! NF dropped it, so its slot waits for eviction). The sequence is fixed before
//! either switch runs.
//!
//! Needs p4c and BMv2 (on PATH, or `TANDEM_P4C` / `TANDEM_BMV2`); without them it
//! prints why it skips, unless `TANDEM_REQUIRE_TOOLS=1` (CI), where it fails.

mod common;

use std::time::Duration;

use bmv2::{Bmv2, Run};
use p4gen::p4c::P4c;
use park::{ParkConfig, ParkSwitch};
use pipe::Verdict;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn tools() -> Option<(P4c, Bmv2)> {
    match P4c::find().and_then(|p| Ok((p, Bmv2::find()?))) {
        Ok(t) => Some(t),
        Err(e) => {
            let required = std::env::var("TANDEM_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
            assert!(!required, "TANDEM_REQUIRE_TOOLS=1 but {e}");
            println!("skipped: {e}");
            None
        }
    }
}

const PACKETS: usize = 10_000;

/// The input sequence: traffic on port 1, Split's output returned on port 2.
fn inputs(cfg: &ParkConfig, rng: &mut ChaCha8Rng) -> Vec<(u16, Vec<u8>)> {
    let mut sw = ParkSwitch::new(cfg.clone()).expect("valid config");
    let mut pending: Vec<(usize, Vec<u8>)> = Vec::new();
    let mut seq = Vec::new();
    let mut i = 0;
    while seq.len() < PACKETS {
        let due = pending.iter().position(|(at, _)| *at <= i);
        let (port, frame) = match due {
            Some(k) => (2, pending.remove(k).1),
            None => {
                let len = [0, 40, 150, 160, 200, 400, 1000][rng.random_range(0..7)];
                let seed = rng.random();
                let src = rng.random_range(1..20);
                let f = match rng.random_range(0..3) {
                    0 => common::udp(src, 1000 + u16::from(seed), len, seed),
                    1 => common::tcp(src, 2000 + u16::from(seed), len, seed, true),
                    _ => common::tcp(src, 3000, len, seed, false),
                };
                (1, f)
            }
        };
        let out = sw.process(Duration::ZERO, port, &frame).expect("port");
        if port == 1 && out.verdict == (Verdict::Emit { port: 2 }) && rng.random_range(0..20) != 0 {
            pending.push((i + rng.random_range(1..60), out.bytes));
        }
        seq.push((port, frame));
        i += 1;
    }
    seq
}

#[test]
fn payload_park_runs_the_same_on_bmv2_and_the_model() {
    let Some((p4c, bmv2)) = tools() else { return };
    differential(
        "payload_park",
        ParkConfig::single(1, 2, 3, 256),
        160,
        &p4c,
        &bmv2,
    );
}

/// Recirculation mode (352 bytes in two passes): the second passes store and
/// load the blocks after the first 160 bytes. Before the model discarded writes
/// to invalid headers, its second-pass merge restored blocks into `park_pl2`
/// before making it valid, and only BMv2 showed the zeros.
#[test]
fn payload_park_with_recirculation_runs_the_same_on_bmv2_and_the_model() {
    let Some((p4c, bmv2)) = tools() else { return };
    let mut cfg = ParkConfig::single(1, 2, 3, 256);
    cfg.park_bytes = 352;
    cfg.recirculate = true;
    differential("payload_park_recirc", cfg, 352, &p4c, &bmv2);
}

fn differential(name: &str, cfg: ParkConfig, seed: u64, p4c: &P4c, bmv2: &Bmv2) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let sw = ParkSwitch::new(cfg.clone()).expect("valid config");
    let program = sw.program().clone();
    let mut run = Run::default();
    for t in ["park_slice", "park_return"] {
        for e in sw.switch().entries(t).expect("table") {
            run.entries.push((t.to_string(), e));
        }
    }
    run.packets = inputs(&cfg, &mut rng);
    run.ports = vec![1, 2, 3, 192];
    let (want, recirculated) = bmv2::model(&program, &run).expect("model runs");
    let dir = TempDir(std::env::temp_dir().join(format!("tandem-{name}-{}", std::process::id())));
    let _ = std::fs::remove_dir_all(&dir.0);
    let thrift = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free local port");
    let got = bmv2
        .run(
            p4c,
            &program,
            &run,
            &dir.0,
            thrift,
            Duration::from_secs(120),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let diffs = bmv2::compare(&want, &recirculated, &got);
    assert!(diffs.is_empty(), "{name}: {}", diffs.join("\n"));
    let merged = want.out.get(&3).map_or(0, Vec::len);
    let split = want.out.get(&2).map_or(0, Vec::len);
    let passes: usize = recirculated.values().flatten().filter(|r| **r).count();
    println!(
        "{name}: {} packets in, {split} to the NF, {merged} merged, {passes} recirculated, \
         no difference",
        run.packets.len()
    );
    assert!(split > 1000 && merged > 1000, "{name}: {split} {merged}");
    if cfg.recirculate {
        assert!(passes > 1000, "{name}: only {passes} recirculated packets");
    }
}

/// Removes the run's directory (pcaps, JSON) also when the test fails.
struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
