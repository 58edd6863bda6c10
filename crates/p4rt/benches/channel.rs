//! The control channel's cost model (`pipe::Channel::Batched`: a round of
//! requests costs `request` plus `per_entry` for every entry in it) measured
//! on the P4Runtime switches Tandem drives.
//!
//! One sample is a round of `w` P4Runtime Writes sent at once (w = 1, 4; HTTP/2
//! carries each on its own stream, `Client::writer`), each carrying `n`
//! `CONTINUE_ON_ERROR` inserts into table `t0` of `pipe::examples::table3`
//! (its size raised to 8,192), timed from the first send until every Write is
//! answered (n = 1, 4, 16, 64, 256, 1,024). The same entries are deleted again
//! after each sample, untimed, so every sample starts from an empty table.
//!
//! - `channel/tandem_switch`: Tandem's own switch (`p4rt::server` over the
//!   model, in this process, gRPC on the loopback; server and client share
//!   one tokio runtime of 2 workers).
//! - `channel/simple_switch_grpc`: BMv2 running the p4c-compiled program.
//!   Needs p4c and simple_switch_grpc (PATH or TANDEM_P4C / TANDEM_BMV2); left
//!   out with a printed reason without them.
//!
//! After criterion's groups every case is sampled again `TANDEM_CHANNEL_N`
//! times (default 200) and printed as a Markdown table per switch: n, median,
//! mean ± standard deviation, µs, and the least-squares fit of
//! `request + entries × per_entry` over the medians, `entries` being the
//! round's w × n (for w = 1 the one Write's n).
//!
//! `TANDEM_CHANNEL_ONLY=tandem_switch` (or `simple_switch_grpc`) runs one
//! switch only.
//!
//! `cargo bench -p p4rt --bench channel`

use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use p4rt::client::{Client, Writer};
use p4rt::proto::p4::v1 as p4;
use p4rt::proto::p4::v1::write_request::Atomicity;
use pipe::examples::{mean_std_us, table3};
use pipe::{KeyMatch, Program, TableEntry, Update};

// Shared with the `table3` bench, which also uses the switch's clock.
#[allow(dead_code)]
mod common;

/// Entries per Write.
const SIZES: [usize; 6] = [1, 4, 16, 64, 256, 1024];
/// Writes in flight at once.
const WINDOWS: [usize; 2] = [1, 4];
/// The table written.
const TABLE: &str = "t0";

/// Samples per case for the printed table; override with `TANDEM_CHANNEL_N`.
fn samples() -> usize {
    std::env::var("TANDEM_CHANNEL_N")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200)
}

/// Whether switch `name` is measured (`TANDEM_CHANNEL_ONLY` unset or `name`).
fn wanted(name: &str) -> bool {
    std::env::var("TANDEM_CHANNEL_ONLY").map_or(true, |only| only == name)
}

/// Table 3's program with room in `t0` for a round of 4 × 1,024 entries.
fn program() -> Program {
    let mut p = table3();
    let t = p
        .tables
        .iter_mut()
        .find(|t| t.name == TABLE)
        .expect("table t0");
    t.size = 8192;
    p
}

/// Entry `i` of `t0`: a distinct TCP 5-tuple per `i`.
fn entry(i: usize) -> TableEntry {
    let i = i as u64;
    TableEntry {
        key: [
            0x0a00_0000 + (i >> 8),
            0x0b00_0000,
            6,
            1000 + (i & 0xff),
            80,
        ]
        .map(KeyMatch::Exact)
        .to_vec(),
        action: "mark0".into(),
        args: vec![1],
        priority: 0,
    }
}

/// A switch under test: writers on one primary client's connection, and how
/// a `pipe` update is written to it.
struct Target {
    name: &'static str,
    rt: tokio::runtime::Runtime,
    /// Keeps the stream channel (and so the primary role) open.
    _client: Client,
    writers: Vec<Writer>,
    /// For each writer slot (up to the largest window), each size: the
    /// inserts and the deletes of that slot's own keys.
    updates: Vec<Vec<(Vec<p4::Update>, Vec<p4::Update>)>>,
}

impl Target {
    fn new(
        name: &'static str,
        rt: tokio::runtime::Runtime,
        client: Client,
        encode: impl Fn(&Update) -> Result<p4::Update, String>,
    ) -> Target {
        assert!(client.is_primary(), "{name}: not primary");
        let w_max = WINDOWS.into_iter().max().unwrap_or(1);
        let n_max = SIZES.into_iter().max().unwrap_or(1);
        let updates = (0..w_max)
            .map(|slot| {
                SIZES
                    .iter()
                    .map(|&n| {
                        let keys = slot * n_max..slot * n_max + n;
                        let ins = keys
                            .clone()
                            .map(|i| {
                                encode(&Update::Insert {
                                    table: TABLE.into(),
                                    entry: entry(i),
                                })
                                .expect("insert encodes")
                            })
                            .collect();
                        let del = keys
                            .map(|i| {
                                encode(&Update::Delete {
                                    table: TABLE.into(),
                                    key: entry(i).key,
                                    priority: 0,
                                })
                                .expect("delete encodes")
                            })
                            .collect();
                        (ins, del)
                    })
                    .collect()
            })
            .collect();
        let writers = (0..w_max).map(|_| client.writer()).collect();
        Target {
            name,
            rt,
            _client: client,
            writers,
            updates,
        }
    }

    /// Sends `batches` at once, one Write each, and waits for every answer.
    fn send(&mut self, batches: Vec<Vec<p4::Update>>) {
        let name = self.name;
        self.rt.block_on(async {
            let writes = self
                .writers
                .iter_mut()
                .zip(batches)
                .map(|(w, u)| w.write(u, Atomicity::ContinueOnError));
            for r in futures_util::future::join_all(writes).await {
                r.unwrap_or_else(|e| panic!("{name}: Write refused: {e}"));
            }
        });
    }

    /// One sample of case (`w`, `SIZES[s]`): the inserts timed, the deletes
    /// after them not.
    fn sample(&mut self, w: usize, s: usize) -> Duration {
        let pick = |del: bool, t: &Target| -> Vec<Vec<p4::Update>> {
            t.updates[..w]
                .iter()
                .map(|slot| {
                    let (ins, dels) = &slot[s];
                    if del { dels.clone() } else { ins.clone() }
                })
                .collect()
        };
        let ins = pick(false, self);
        let del = pick(true, self);
        let t = Instant::now();
        self.send(ins);
        let took = t.elapsed();
        self.send(del);
        took
    }
}

/// Least squares `y = a + b·x`: (a, b, R²).
fn fit(points: &[(f64, f64)]) -> (f64, f64, f64) {
    let n = points.len() as f64;
    let mx = points.iter().map(|p| p.0).sum::<f64>() / n;
    let my = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let b = if sxx > 0.0 { sxy / sxx } else { 0.0 };
    let a = my - b * mx;
    let ss_res: f64 = points.iter().map(|p| (p.1 - a - b * p.0).powi(2)).sum();
    let ss_tot: f64 = points.iter().map(|p| (p.1 - my).powi(2)).sum();
    let r2 = if ss_tot > 0.0 {
        1.0 - ss_res / ss_tot
    } else {
        1.0
    };
    (a, b, r2)
}

/// Criterion's group for `t`, then the printed table.
fn cases(c: &mut Criterion, t: &mut Target) {
    let mut g = c.benchmark_group(format!("channel/{}", t.name));
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(3));
    // BMv2's rounds of 4 × 1,024 entries take ≈ 50 ms: ten of criterion's
    // linearly growing samples would not fit.
    g.sampling_mode(SamplingMode::Flat);
    for w in WINDOWS {
        for (s, n) in SIZES.into_iter().enumerate() {
            g.bench_function(format!("w{w}/n{n}"), |b| {
                b.iter_custom(|iters| (0..iters).map(|_| t.sample(w, s)).sum())
            });
        }
    }
    g.finish();
    let k = samples();
    println!(
        "\nchannel/{}: one round of w Writes of n CONTINUE_ON_ERROR inserts each, sent at once, until every answer; {k} samples per case, µs; fit: least squares of request + entries × per_entry over the medians, entries = w × n\n",
        t.name
    );
    for w in WINDOWS {
        let rows: Vec<(usize, f64, f64, f64)> = SIZES
            .into_iter()
            .enumerate()
            .map(|(s, n)| {
                let v: Vec<Duration> = (0..k).map(|_| t.sample(w, s)).collect();
                let (mean, sd, median) = mean_std_us(&v);
                (n, median, mean, sd)
            })
            .collect();
        let points: Vec<(f64, f64)> = rows
            .iter()
            .map(|&(n, median, ..)| ((w * n) as f64, median))
            .collect();
        let (a, b, r2) = fit(&points);
        println!(
            "{} w = {w}: request {a:.1} µs + {b:.2} µs per entry (R² {r2:.4})\n",
            t.name
        );
        println!("| n | median | mean ± sd | fit |\n|---|---|---|---|");
        for (n, median, mean, sd) in rows {
            println!(
                "| {n} | {median:.1} | {mean:.1} ± {sd:.1} | {:.1} |",
                a + b * (w * n) as f64
            );
        }
        println!();
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime")
}

fn tandem_switch(c: &mut Criterion) {
    if !wanted("tandem_switch") {
        return;
    }
    let rt = runtime();
    let program = program();
    let switch = common::tandem_switch(&rt, &program);
    let client = rt
        .block_on(Client::connect(&switch.addr, 1, 1, Duration::from_secs(5)))
        .expect("connect to the in-process switch");
    let schema = p4rt::schema::Schema::new(program);
    let mut t = Target::new("tandem_switch", rt, client, |u| schema.update_to_p4(u));
    cases(c, &mut t);
}

fn simple_switch_grpc(c: &mut Criterion) {
    if !wanted("simple_switch_grpc") {
        return;
    }
    let program = program();
    let bmv2 = match common::bmv2(&program) {
        Ok(b) => b,
        Err(e) => {
            println!("channel/simple_switch_grpc left out: {e}");
            return;
        }
    };
    let rt = runtime();
    let mut client = common::retry("simple_switch_grpc", || {
        rt.block_on(Client::connect(&bmv2.addr, 1, 1, Duration::from_secs(5)))
    });
    rt.block_on(client.set_pipeline(bmv2.info.clone(), bmv2.json.clone(), 1))
        .expect("load the program");
    let info = p4rt::foreign::ForeignInfo::check(&bmv2.info, &program).expect("p4c's P4Info");
    let mut t = Target::new("simple_switch_grpc", rt, client, |u| info.update_to_p4(u));
    cases(c, &mut t);
}

criterion_group!(benches, tandem_switch, simple_switch_grpc);
criterion_main!(benches);
