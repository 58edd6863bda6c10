//! MazuNAT's partitioned engine over `tandem loadgen`'s frames, frames in
//! memory, for a fixed amount of work: for measuring CPU per packet and per new
//! flow with `perf stat`, `perf record` or `valgrind --tool=callgrind` on a
//! shared machine, where the `partitioned` bench's wall-clock figures swing
//! with the load (docs/PERFORMANCE.md, "The partitioned engine"):
//!
//! ```text
//! cargo build --release -p runner --example partitioned_flows
//! perf stat -e task-clock target/release/examples/partitioned_flows known 10000000
//! perf stat -e task-clock target/release/examples/partitioned_flows new 40000 batched
//! ```
//!
//! `known N`: N frames of 64 installed flows. `new N [SETTING]`: N new flows (at
//! most 60,000: MazuNAT's maps hold 65,536) at 100,000 per second of frame time,
//! then everything held let out; SETTING is `serial` (the default), `batched`
//! (group commit), `live` (that plus direct inserts: `tandem live`'s default) or
//! `handshake` (that plus `--offload-after-handshake`).

use std::time::Instant;

use runner::Runner;

#[path = "../benches/common/mod.rs"]
mod common;
use common::{Count, Setting, drive};

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_else(|| "known".into());
    let n: u64 = args
        .next()
        .map_or(Ok(1_000_000), |n| n.parse())
        .map_err(|e| format!("count: {e}"))?;
    let setting = match args.next().as_deref() {
        None | Some("serial") => Setting::Serial,
        Some("batched") => Setting::Batched,
        Some("live") => Setting::Live,
        Some("handshake") => Setting::Handshake,
        Some(other) => {
            return Err(format!(
                "setting is serial, batched, live or handshake, not {other:?}"
            ));
        }
    };
    let program = common::mazunat();
    let (packets, took) = match what.as_str() {
        "known" => {
            let mut e = common::engine_with_known_flows(&program);
            let frames = common::known_flows(4096);
            let mut r = Runner::new(&mut e, &program, Count(0));
            let start = Instant::now();
            let mut t = 2_000_000_000;
            let mut left = n;
            while left > 0 {
                let k = left.min(frames.len() as u64) as usize;
                t = drive(&mut r, &frames[..k], t, 2_000);
                left -= k as u64;
            }
            let took = start.elapsed();
            if r.sink_mut().0 != n {
                return Err(format!("{} of {n} frames forwarded", r.sink_mut().0));
            }
            (n, took)
        }
        "new" => {
            if n > 60_000 {
                return Err("at most 60,000 new flows (MazuNAT's maps hold 65,536)".into());
            }
            let frames = common::new_flows(n);
            let mut e = common::engine(&program, setting);
            let mut r = Runner::new(&mut e, &program, Count(0));
            let start = Instant::now();
            drive(&mut r, &frames, 0, 10_000);
            r.advance(u64::MAX).map_err(|e| e.to_string())?;
            let took = start.elapsed();
            if r.sink_mut().0 != n {
                return Err(format!("{} of {n} flows forwarded", r.sink_mut().0));
            }
            (n, took)
        }
        other => return Err(format!("known or new, not {other:?}")),
    };
    println!(
        "{what}: {packets} packets in {:.3} s wall clock, {:.0} ns each",
        took.as_secs_f64(),
        took.as_nanos() as f64 / packets as f64
    );
    Ok(())
}
