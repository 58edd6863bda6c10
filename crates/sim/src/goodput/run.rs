//! One simulated run at a fixed offered rate.

use std::net::Ipv4Addr;
use std::time::Duration;

use park::nf::{Chain, Firewall, Nat, Nf, NfVerdict};
use park::notice::drop_notice;
use park::{Counters, ParkConfig, ParkSwitch};
use pipe::Verdict;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use trace::workload::SizeMix;
use wire::MacAddr;
use wire::build::{L3, udp_frame};

use crate::{Link, Scheduler, Server};

/// Per-packet cost of the NF framework on the server (receive, transmit, hand-off
/// between cores), ns. Calibration, not measurement: with the NF models' own
/// costs it makes the server saturate at 15.6–17.2 Mpps, where the paper's 40 GbE
/// OpenNetVM setup saturated at 384-byte packets (see docs/PAYLOADPARK.md).
pub const FRAMEWORK_NS: u64 = 54;

/// Which NF chain the server runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum NfKind {
    /// 5-tuple whitelist firewall.
    Firewall,
    /// Source NAT.
    Nat,
    /// Firewall → NAT.
    FirewallNat,
}

impl NfKind {
    /// Parses `firewall`, `nat` or `firewall-nat`.
    pub fn parse(s: &str) -> Option<NfKind> {
        match s {
            "firewall" => Some(NfKind::Firewall),
            "nat" => Some(NfKind::Nat),
            "firewall-nat" => Some(NfKind::FirewallNat),
            _ => None,
        }
    }

    /// Short name for tables.
    pub fn name(self) -> &'static str {
        match self {
            NfKind::Firewall => "firewall",
            NfKind::Nat => "nat",
            NfKind::FirewallNat => "firewall→nat",
        }
    }
}

/// Frame sizes of the workload.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Sizes {
    /// Every frame this many bytes (FCS excluded).
    Fixed(u16),
    /// The bimodal datacenter mix (mean 882 B; `trace::workload::SizeMix`).
    Datacenter,
}

impl Sizes {
    /// Label for tables.
    pub fn label(self) -> String {
        match self {
            Sizes::Fixed(n) => format!("{n} B"),
            Sizes::Datacenter => "datacenter mix".into(),
        }
    }
}

/// An experiment configuration.
#[derive(Debug, Clone, Serialize)]
pub struct Setup {
    /// Rate of each direction of the switch–NF server link, bit/s.
    pub link_bps: u64,
    /// Workload sizes.
    pub sizes: Sizes,
    /// NF chain.
    pub nf: NfKind,
    /// PayloadPark configuration; `None` = baseline (L2 forwarding).
    pub park: Option<ParkConfig>,
    /// Packets per run.
    pub packets: usize,
    /// Distinct UDP flows.
    pub flows: u16,
    /// Share of flows the firewall blocks (0 = none).
    pub blocked_share: f64,
    /// Whether the server runtime sends explicit drop notices.
    pub notices: bool,
    /// Seed of the size draws.
    pub seed: u64,
    /// One-way propagation and NIC latency, ns.
    pub delay_ns: u64,
    /// Switch egress buffer towards the server, bytes.
    pub switch_buffer: u64,
    /// Server receive ring, packets.
    pub ring: usize,
}

impl Setup {
    /// Defaults: 20,000 packets, 64 flows, no blocked flows, 1 µs latency,
    /// 128 KiB switch buffer, 512-packet receive ring, seed 1.
    pub fn new(link_bps: u64, sizes: Sizes, nf: NfKind, park: Option<ParkConfig>) -> Setup {
        Setup {
            link_bps,
            sizes,
            nf,
            park,
            packets: 20_000,
            flows: 64,
            blocked_share: 0.0,
            notices: false,
            seed: 1,
            delay_ns: 1_000,
            switch_buffer: 128 * 1024,
            ring: 512,
        }
    }
}

/// What one run measured.
#[derive(Debug, Clone, Serialize)]
pub struct RunResult {
    /// Offered rate, packets/s.
    pub offered_pps: f64,
    /// Packets sent.
    pub sent: u64,
    /// Packets that left the switch towards the sink.
    pub delivered: u64,
    /// Packets the NF dropped on purpose.
    pub nf_dropped: u64,
    /// Packets lost (queues full, premature eviction, ...).
    pub lost: u64,
    /// Queueing growth: mean delay of the last tenth minus the first tenth, ns.
    pub delay_growth_ns: f64,
    /// Mean frame bytes on the switch → server link.
    pub mean_down_bytes: f64,
    /// PayloadPark counters (parking runs).
    pub counters: Option<Counters>,
}

impl RunResult {
    /// Lost share of the packets the NF did not drop on purpose.
    pub fn loss(&self) -> f64 {
        let expected = self.sent.saturating_sub(self.nf_dropped).max(1);
        self.lost as f64 / expected as f64
    }
}

fn frames(s: &Setup) -> Vec<Vec<u8>> {
    let mut rng = ChaCha8Rng::seed_from_u64(s.seed);
    let mix = match s.sizes {
        Sizes::Fixed(n) => SizeMix::Fixed(n),
        Sizes::Datacenter => SizeMix::Datacenter,
    };
    (0..s.packets)
        .map(|i| {
            let flow = (i % usize::from(s.flows.max(1))) as u16;
            let size = usize::from(mix.sample(&mut rng)).max(64);
            let l3 = L3 {
                src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
                dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
                vlan: None,
                src: Ipv4Addr::new(10, 0, (flow >> 8) as u8, flow as u8),
                dst: Ipv4Addr::new(10, 200, 0, 1),
                ttl: 64,
                ident: i as u16,
            };
            let udp = wire::udp::Repr {
                src_port: 10_000 + flow,
                dst_port: 9,
            };
            udp_frame(&l3, &udp, &vec![0x5A; size - 42])
        })
        .collect()
}

fn make_nf(s: &Setup, frames: &[Vec<u8>]) -> Box<dyn Nf> {
    let mut fw = Firewall::default();
    let blocked = (f64::from(s.flows) * s.blocked_share).round() as usize;
    for f in frames.iter().take(usize::from(s.flows)).skip(blocked) {
        if let Some(k) = wire::parse_frame(f)
            .ok()
            .and_then(|h| wire::FlowKey::from_headers(&h))
        {
            fw.allowed.insert(k);
        }
    }
    let nat = Nat::new(Ipv4Addr::new(192, 0, 2, 1), 20_000);
    match s.nf {
        NfKind::Firewall => Box::new(fw),
        NfKind::Nat => Box::new(nat),
        NfKind::FirewallNat => Box::new(Chain(vec![Box::new(fw), Box::new(nat)])),
    }
}

enum Ev {
    Gen(usize),
    AtNf(usize, Vec<u8>),
    NfDone(usize, Vec<u8>),
    AtSwitch(usize, Vec<u8>, bool),
}

/// Runs `s` at `offered_pps`. Errors only if the PayloadPark configuration is
/// invalid.
pub fn run(s: &Setup, offered_pps: f64) -> Result<RunResult, park::ParkError> {
    const TRAFFIC: u16 = 1;
    const NF_PORT: u16 = 2;
    let frames = frames(s);
    let mut nf = make_nf(s, &frames);
    let mut sw = match &s.park {
        Some(cfg) => Some(ParkSwitch::new(cfg.clone())?),
        None => None,
    };
    let mut down = Link::new(s.link_bps, s.delay_ns, s.switch_buffer);
    let mut up = Link::new(s.link_bps, s.delay_ns, u64::MAX / 4);
    let mut server = Server::new(FRAMEWORK_NS + nf.cost_ns(), s.ring);
    let gap = 1e9 / offered_pps.max(1.0);
    let mut q = Scheduler::new();
    let sent_at: Vec<u64> = (0..frames.len()).map(|i| (i as f64 * gap) as u64).collect();
    if !frames.is_empty() {
        q.schedule(0, Ev::Gen(0));
    }
    let mut delay = vec![None; frames.len()];
    let (mut delivered, mut nf_dropped, mut down_bytes) = (0u64, 0u64, 0u64);
    while let Some((now, ev)) = q.pop() {
        let t = Duration::from_nanos(now);
        match ev {
            Ev::Gen(i) => {
                if let Some(&at) = sent_at.get(i + 1) {
                    q.schedule(at, Ev::Gen(i + 1));
                }
                let bytes = match sw.as_mut() {
                    Some(sw) => match sw.process(t, TRAFFIC, &frames[i]) {
                        Ok(o) if o.verdict == (Verdict::Emit { port: NF_PORT }) => o.bytes,
                        _ => continue,
                    },
                    None => frames[i].clone(),
                };
                down_bytes += bytes.len() as u64;
                if let Some(at) = down.send(now, bytes.len()) {
                    q.schedule(at, Ev::AtNf(i, bytes));
                }
            }
            Ev::AtNf(i, bytes) => {
                if let Some(done) = server.admit(now) {
                    q.schedule(done, Ev::NfDone(i, bytes));
                }
            }
            Ev::NfDone(i, mut bytes) => match nf.process(&mut bytes) {
                NfVerdict::Drop => {
                    nf_dropped += 1;
                    let notice = drop_notice(&bytes).filter(|_| s.notices && sw.is_some());
                    if let Some(n) = notice {
                        if let Some(at) = up.send(now, n.len()) {
                            q.schedule(at, Ev::AtSwitch(i, n, true));
                        }
                    }
                }
                NfVerdict::Forward => {
                    if let Some(at) = up.send(now, bytes.len()) {
                        q.schedule(at, Ev::AtSwitch(i, bytes, false));
                    }
                }
            },
            Ev::AtSwitch(i, bytes, notice) => {
                let out = match sw.as_mut() {
                    Some(sw) => sw
                        .process(t, NF_PORT, &bytes)
                        .is_ok_and(|o| matches!(o.verdict, Verdict::Emit { .. })),
                    None => true,
                };
                if out && !notice {
                    delivered += 1;
                    delay[i] = Some(now - sent_at[i]);
                }
            }
        }
    }
    let sent = frames.len() as u64;
    Ok(RunResult {
        offered_pps,
        sent,
        delivered,
        nf_dropped,
        lost: sent - delivered - nf_dropped,
        delay_growth_ns: delay_growth(&delay),
        mean_down_bytes: down_bytes as f64 / sent.max(1) as f64,
        counters: sw.map(|s| s.counters()),
    })
}

fn delay_growth(delay: &[Option<u64>]) -> f64 {
    let tenth = (delay.len() / 10).max(1);
    let mean = |d: &[Option<u64>]| {
        let v: Vec<f64> = d.iter().flatten().map(|&x| x as f64).collect();
        if v.is_empty() {
            0.0
        } else {
            v.iter().sum::<f64>() / v.len() as f64
        }
    };
    let n = delay.len();
    mean(&delay[n.saturating_sub(tenth)..]) - mean(&delay[..tenth.min(n)])
}
