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
//! `--new-flows` makes every frame a new flow (unique source address and port, see
//! [`set_new_flow`]): the rate then measured is the flow setup rate, and each
//! latency is a first-packet delay.
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
    /// Every frame opens a new UDP flow (flow setup rate instead of forwarding rate):
    /// frame k comes from 198.18.A.B port P to 198.19.0.2 port D, all four derived
    /// from k + --flow-base, unique for 3e9 frames. --flows is then unused.
    #[arg(long)]
    new_flows: bool,
    /// With --new-flows: index of the first flow, so that runs against the same
    /// system under test do not reuse each other's flows.
    #[arg(long, default_value_t = 0, value_name = "K")]
    flow_base: u64,
    /// Before the warm-up, answer every flow once: its first frame goes out on
    /// --tx, then a reply (198.19.0.2:9 -> 198.18.0.2:port) is sent on --rx to
    /// this MAC (the system's port there). A stateful filter then holds every
    /// flow as replied, which is when conntrack calls a UDP flow established
    /// and CoFilter offloads it to the switch; without replies every datagram
    /// is a new flow's to such a filter. Not with --new-flows.
    #[arg(long, value_name = "MAC", value_parser = parse_mac, conflicts_with = "new_flows")]
    reply_mac: Option<[u8; 6]>,
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

/// The reply to a `template` frame of a flow: addresses and ports swapped (the
/// IPv4 checksum stays valid: its sum does not depend on the order), sent to
/// `dst_mac` from the generator's receiving side.
fn reply_of(frame: &[u8], dst_mac: [u8; 6]) -> Vec<u8> {
    let mut r = frame.to_vec();
    r[..6].copy_from_slice(&dst_mac);
    r[6..12].copy_from_slice(&[0x02, 0x00, 0x00, 0x00, 0x00, 0x02]);
    r[26..30].copy_from_slice(&frame[30..34]);
    r[30..34].copy_from_slice(&frame[26..30]);
    r[34..36].copy_from_slice(&frame[36..38]);
    r[36..38].copy_from_slice(&frame[34..36]);
    r
}

/// Source ports per source address in --new-flows mode.
const PORTS_PER_SOURCE: u64 = 60_000;
/// Source addresses (198.18.1.2 up, in 198.18.0.0/16) in --new-flows mode.
const SOURCES: u64 = 250 * 250;

/// Rewrites a `template` frame into new flow `k`: source 198.18.(1 + j mod 250).
/// (2 + j / 250 mod 250), source port 1024 + k mod 60,000, destination port
/// 10 + j mod 50,000, with j = k / 60,000. Source endpoints are unique per flow (a
/// NAT keyed on them sees a new flow each time) and so are (source port,
/// destination port) pairs, so a NAT that keeps source ports (the kernel's
/// masquerade) never has to pick another; both hold for k below 3e9.
fn set_new_flow(f: &mut [u8], k: u64) {
    let j = (k / PORTS_PER_SOURCE) % SOURCES;
    let src = [198, 18, 1 + (j % 250) as u8, 2 + (j / 250) as u8];
    f[26..30].copy_from_slice(&src);
    f[24..26].copy_from_slice(&[0, 0]);
    let c = checksum(&f[14..34]);
    f[24..26].copy_from_slice(&c.to_be_bytes());
    let sport = 1024 + (k % PORTS_PER_SOURCE) as u16;
    let dport = 10 + (j % 50_000) as u16;
    f[34..36].copy_from_slice(&sport.to_be_bytes());
    f[36..38].copy_from_slice(&dport.to_be_bytes());
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
    // Every flow's first frame, then its reply (marked as probes, not counted).
    if let Some(mac) = a.reply_mac {
        for f in &mut frames {
            f[42..46].copy_from_slice(&MAGIC.to_be_bytes());
            f[46..54].copy_from_slice(&u64::MAX.to_be_bytes());
            tx.send(f).with_context(|| format!("sending on {}", a.tx))?;
        }
        std::thread::sleep(Duration::from_millis(20));
        for f in &frames {
            rx.send(&reply_of(f, mac))
                .with_context(|| format!("sending a reply on {}", a.rx))?;
        }
        // The system under test settles the flows (CoFilter's agent writes
        // their cells) before anything is measured.
        std::thread::sleep(Duration::from_millis(100));
        while tx.recv(1024, Duration::ZERO, &mut |_| {})? > 0 {}
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
                let f = if a.new_flows {
                    let f = &mut frames[0];
                    set_new_flow(f, a.flow_base.wrapping_add(seq));
                    f
                } else {
                    &mut frames[(seq % u64::from(a.flows)) as usize]
                };
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
        "new_flows": a.new_flows,
        "flow_base": a.flow_base,
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn a_reply_swaps_addresses_and_ports_and_keeps_a_valid_header() {
        let f = template([2, 0, 0, 0, 0, 9], 7, 64);
        let r = reply_of(&f, [2, 0, 0, 0, 0, 3]);
        assert_eq!(&r[..6], &[2, 0, 0, 0, 0, 3]);
        assert_eq!((&r[26..30], &r[30..34]), (&f[30..34], &f[26..30]));
        assert_eq!(&r[34..36], &9u16.to_be_bytes());
        assert_eq!(&r[36..38], &10_007u16.to_be_bytes());
        assert_eq!(checksum(&r[14..34]), 0, "IPv4 header checksum");
        assert_eq!(r.len(), f.len());
    }

    #[test]
    fn new_flows_have_unique_sources_and_port_pairs_and_valid_headers() {
        let mut f = template([2, 0, 0, 0, 0, 2], 0, 64);
        let mut sources = HashSet::new();
        let mut pairs = HashSet::new();
        // Across the wraps of source ports and addresses, up to the last unique flow.
        let ks = (0..130_000).chain(50_000 * PORTS_PER_SOURCE - 10..50_000 * PORTS_PER_SOURCE);
        for k in ks {
            set_new_flow(&mut f, k);
            assert_eq!(checksum(&f[14..34]), 0, "IPv4 header checksum of flow {k}");
            assert_eq!(
                &f[26..28],
                &[198, 18],
                "source of flow {k} in 198.18.0.0/16"
            );
            assert_ne!(f[28], 0, "flow {k} clear of the probe's 198.18.0.2");
            assert!(
                sources.insert((f[26..30].to_vec(), f[34..36].to_vec())),
                "source endpoint of flow {k} repeats"
            );
            assert!(
                pairs.insert((f[34..36].to_vec(), f[36..38].to_vec())),
                "port pair of flow {k} repeats"
            );
        }
    }
}
