//! `tandem loadgen`: a UDP load generator and sink on two interfaces, for the live benchmark
//! (`examples/live/bench.sh`, docs/LIVE.md "Benchmark against the kernel").
//!
//! Sends IPv4/UDP frames of `--flows` flows (source ports 10000 up) out of `--tx`
//! and receives them on `--rx` after the system under test forwarded (and maybe
//! translated) them. Each frame carries a magic number, a sequence number and its
//! send time (CLOCK_REALTIME ns); a frame's latency is the kernel's receive stamp
//! on the sink socket minus that send time, so the sink's own ring does not add to
//! it.
//!
//! Two ways to offer load:
//! - `--rate PPS`: open loop, paced in ticks of at most 100 µs.
//! - `--window W` (default): closed loop, at most W frames in flight; what has
//!   not come back 20 ms after the last arrival is written off as lost. This
//!   measures how many frames per second the path carries without overloading it.
//!
//! It first sends a probe every 10 ms until one comes back (at most 10 s: the
//! system under test may still be starting). Only frames sent after `--warmup`
//! seconds count (flows are set up during it).
//! Output: one JSON object on stdout.
//!
//! ```text
//! tandem loadgen --netns NS --tx g0 --rx g1 --dst-mac 02:..:01 --duration 5 --window 256
//! ```

use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::Context;
use port::{AfPacket, Port, RingConfig};

const MAGIC: u32 = 0x7a4d_6c01;
const SRC: [u8; 4] = [198, 18, 0, 2];
const DST: [u8; 4] = [198, 19, 0, 2];

/// Options of `tandem loadgen`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Example (as root; examples/live/bench.sh runs it):
  tandem loadgen --netns gen --tx g0 --rx g1 --dst-mac 02:00:00:00:00:01 --duration 5 --window 256")]
pub struct LoadgenArgs {
    /// Open the interfaces in this network namespace.
    #[arg(long, value_name = "NAME")]
    netns: Option<String>,
    /// Interface the frames are sent on.
    #[arg(long, value_name = "IF")]
    tx: String,
    /// Interface the forwarded frames come back on.
    #[arg(long, value_name = "IF")]
    rx: String,
    /// Destination MAC address of the frames (the next hop's).
    #[arg(long, value_name = "MAC", value_parser = parse_mac, default_value = "ff:ff:ff:ff:ff:ff")]
    dst_mac: [u8; 6],
    /// UDP flows (source ports 10000 up, 198.18.0.2 -> 198.19.0.2:9).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u16).range(1..=50_000))]
    flows: u16,
    /// Seconds measured (after the warm-up).
    #[arg(long, default_value_t = 5.0)]
    duration: f64,
    /// Seconds of warm-up, not measured.
    #[arg(long, default_value_t = 1.0)]
    warmup: f64,
    /// Open loop at this many frames per second (otherwise closed loop, --window).
    #[arg(long, value_name = "PPS")]
    rate: Option<f64>,
    /// Closed loop: frames in flight at most.
    #[arg(long, default_value_t = 256)]
    window: u64,
    /// Frame size in bytes (64 to 1500).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u16).range(64..=1500))]
    size: u16,
}

fn parse_mac(s: &str) -> Result<[u8; 6], String> {
    let parts: Vec<&str> = s.split(':').collect();
    if parts.len() != 6 {
        return Err(format!("{s:?}: expected six hex bytes a:b:c:d:e:f"));
    }
    let mut m = [0u8; 6];
    for (i, p) in parts.iter().enumerate() {
        m[i] = u8::from_str_radix(p, 16).map_err(|_| format!("{s:?}: bad byte {p:?}"))?;
    }
    Ok(m)
}

fn checksum(h: &[u8]) -> u16 {
    let mut s: u32 = h
        .chunks(2)
        .map(|c| u32::from(u16::from_be_bytes([c[0], *c.get(1).unwrap_or(&0)])))
        .sum();
    while s > 0xffff {
        s = (s & 0xffff) + (s >> 16);
    }
    !(s as u16)
}

/// Frame of flow `flow` (ethernet + IPv4 + UDP to port 9), payload zero-filled
/// to `size` bytes; the payload's first 20 bytes are filled per send.
fn template(dst_mac: [u8; 6], flow: u16, size: usize) -> Vec<u8> {
    let mut f = vec![0u8; size.max(14 + 20 + 8 + 20)];
    f[..6].copy_from_slice(&dst_mac);
    f[6..12].copy_from_slice(&[0x02, 0x00, 0x00, 0x00, 0x00, 0x01]);
    f[12..14].copy_from_slice(&[0x08, 0x00]);
    let ip_len = (f.len() - 14) as u16;
    {
        let ip = &mut f[14..34];
        ip[0] = 0x45;
        ip[2..4].copy_from_slice(&ip_len.to_be_bytes());
        ip[8] = 64;
        ip[9] = 17;
        ip[12..16].copy_from_slice(&SRC);
        ip[16..20].copy_from_slice(&DST);
        let c = checksum(ip);
        ip[10..12].copy_from_slice(&c.to_be_bytes());
    }
    let udp_len = ip_len - 20;
    f[34..36].copy_from_slice(&(10_000 + flow).to_be_bytes());
    f[36..38].copy_from_slice(&9u16.to_be_bytes());
    f[38..40].copy_from_slice(&udp_len.to_be_bytes());
    f
}

fn realtime_ns() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Runs `tandem loadgen`.
pub fn run(a: LoadgenArgs) -> anyhow::Result<ExitCode> {
    for (name, v) in [("--duration", a.duration), ("--warmup", a.warmup)] {
        anyhow::ensure!(
            v.is_finite() && v >= 0.0,
            "{name} must be a number of seconds, not {v}"
        );
    }
    anyhow::ensure!(a.duration > 0.0, "--duration must be positive");
    if let Some(r) = a.rate {
        anyhow::ensure!(
            r.is_finite() && r >= 1.0,
            "--rate must be at least 1 frame per second, not {r}"
        );
    }
    anyhow::ensure!(a.window >= 1, "--window must be at least 1");
    if let Some(ns) = &a.netns {
        crate::live_cmd::enter_netns(ns)?;
    }
    // Small blocks on the sink: a block is handed over when full, so in closed
    // loop the frames in flight always fill some.
    let sink_ring = RingConfig {
        block_size: 1 << 14,
        blocks: 256,
        retire: Duration::from_millis(1),
    };
    let mut tx = AfPacket::open(&a.tx, RingConfig::default())
        .with_context(|| format!("cannot open {}", a.tx))?;
    let mut rx =
        AfPacket::open(&a.rx, sink_ring).with_context(|| format!("cannot open {}", a.rx))?;
    let mut frames: Vec<Vec<u8>> = (0..a.flows)
        .map(|f| template(a.dst_mac, f, usize::from(a.size)))
        .collect();

    // Wait until the path carries a frame (the system under test may still be
    // starting): a probe every 10 ms, for at most 10 s.
    let probing = Instant::now();
    let mut ready = false;
    while !ready {
        anyhow::ensure!(
            probing.elapsed() < Duration::from_secs(10),
            "nothing came back on {} within 10 s: is the system under test forwarding from {}?",
            a.rx,
            a.tx
        );
        let f = &mut frames[0];
        f[42..46].copy_from_slice(&MAGIC.to_be_bytes());
        f[46..54].copy_from_slice(&u64::MAX.to_be_bytes());
        f[54..62].copy_from_slice(&realtime_ns().to_be_bytes());
        tx.send(f).with_context(|| format!("sending on {}", a.tx))?;
        rx.recv(1024, Duration::from_millis(10), &mut |f| {
            ready |= f.data.len() >= 62 && f.data[42..46] == MAGIC.to_be_bytes();
        })
        .with_context(|| format!("receiving on {}", a.rx))?;
    }
    // Late probes are not counted.
    std::thread::sleep(Duration::from_millis(20));
    while rx.recv(1024, Duration::ZERO, &mut |_| {})? > 0 {}

    let start = Instant::now();
    let warm = Duration::from_secs_f64(a.warmup);
    let end = warm + Duration::from_secs_f64(a.duration);
    // After the last send: wait for what is still in flight, at most 1 s (a slow
    // or descheduled system under test still gets its frames counted).
    let grace = end + Duration::from_secs(1);
    let mut seq: u64 = 0;
    let mut received_all: u64 = 0;
    let mut written_off: u64 = 0;
    let mut last_arrival = Instant::now();
    let mut sent_measured: u64 = 0;
    let mut first_measured: Option<u64> = None;
    // Fixed memory however long the run (quantiles within 1/16).
    let mut lat = trace::delay::Histogram::new();
    let mut send_refused: u64 = 0;
    loop {
        let el = start.elapsed();
        if el >= grace || (el >= end && received_all + written_off >= seq) {
            break;
        }
        let mut sent_now = 0;
        if el < end {
            let allowed = match a.rate {
                Some(r) => ((r * el.as_secs_f64()) as u64).saturating_sub(seq).min(256),
                None => (a.window + received_all + written_off)
                    .saturating_sub(seq)
                    .min(256),
            };
            for _ in 0..allowed {
                let f = &mut frames[(seq % u64::from(a.flows)) as usize];
                f[42..46].copy_from_slice(&MAGIC.to_be_bytes());
                f[46..54].copy_from_slice(&seq.to_be_bytes());
                f[54..62].copy_from_slice(&realtime_ns().to_be_bytes());
                match tx.send(f) {
                    Ok(true) => {}
                    _ => send_refused += 1,
                }
                if el >= warm {
                    sent_measured += 1;
                    first_measured.get_or_insert(seq);
                }
                seq += 1;
                sent_now += 1;
            }
        }
        let wait = if sent_now == 0 && a.rate.is_none() {
            Duration::from_millis(1)
        } else {
            Duration::ZERO
        };
        let got = rx
            .recv(1024, wait, &mut |f| {
                let d = f.data;
                if d.len() >= 62 && d[12..14] == [0x08, 0x00] && d[42..46] == MAGIC.to_be_bytes() {
                    let s = u64::from_be_bytes(d[46..54].try_into().unwrap_or_default());
                    let t = u64::from_be_bytes(d[54..62].try_into().unwrap_or_default());
                    received_all += 1;
                    if first_measured.is_some_and(|m| s >= m) && s < seq {
                        lat.record(f.ts_ns.saturating_sub(t));
                    }
                }
            })
            .with_context(|| format!("receiving on {}", a.rx))?;
        if got > 0 {
            last_arrival = Instant::now();
        } else if a.rate.is_none() && last_arrival.elapsed() > Duration::from_millis(20) {
            // Nothing came back for 20 ms: what is in flight is lost.
            written_off = seq - received_all;
            last_arrival = Instant::now();
        } else if a.rate.is_some() && sent_now == 0 {
            std::thread::sleep(Duration::from_micros(50));
        }
    }
    let got = lat.count();
    let st = rx.stats();
    let v = serde_json::json!({
        "mode": if a.rate.is_some() { "rate" } else { "window" },
        "offered_pps": a.rate.unwrap_or(0.0),
        "window": a.window,
        "flows": a.flows,
        "size": a.size,
        "duration_s": a.duration,
        "sent": sent_measured,
        "received": got,
        "pps": (got as f64 / a.duration).round(),
        "loss": 1.0 - got as f64 / sent_measured.max(1) as f64,
        "send_refused": send_refused,
        "sink_ring_drops": st.rx_ring_drops,
        "lat_ns": {
            "p50": lat.quantile(0.5),
            "p90": lat.quantile(0.9),
            "p99": lat.quantile(0.99),
            "p999": lat.quantile(0.999),
            "max": lat.quantile(1.0),
        },
    });
    println!("{v}");
    Ok(ExitCode::SUCCESS)
}
