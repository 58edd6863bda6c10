//! Parse + flow-key throughput over a batch of realistic frames.
//!
//! The batch (4096 frames, fixed seed) mixes what a datacenter trace carries: TCP data and
//! ACK segments with the timestamp option (70 %), TCP SYNs with the full Linux option set
//! (5 %), UDP (20 %), ICMP echo (5 %); one frame in eight is 802.1Q-tagged; payload sizes
//! follow the bimodal datacenter mix (mostly under 200 B or near 1448 B). Throughput is
//! reported in frames (elements) per second.
//!
//! Run: `CARGO_TARGET_DIR=/work/targets/wire cargo bench -p wire --bench parse`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::net::Ipv4Addr;
use wire::build::{self, L3};
use wire::tcp::{TcpFlags, TcpOption};
use wire::{FlowKey, MacAddr, icmp, parse_frame, tcp, udp};

/// xorshift64*: a fixed, seeded stream so every run measures the same batch.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn payload_len(r: &mut Rng) -> usize {
    if r.below(100) < 55 {
        r.below(200) as usize
    } else {
        1200 + r.below(249) as usize
    }
}

fn batch(n: usize) -> Vec<Vec<u8>> {
    let mut r = Rng(0x7A4D_E11E);
    let payload = vec![0x5Au8; 1500];
    (0..n)
        .map(|i| {
            let l3 = L3 {
                src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
                dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
                vlan: (r.below(8) == 0).then_some(100),
                src: Ipv4Addr::from(0xC612_0000 | (r.below(4096) as u32)),
                dst: Ipv4Addr::from(0xC613_0000 | (r.below(256) as u32)),
                ttl: 64,
                ident: i as u16,
            };
            let kind = r.below(100);
            let (sp, dp) = (
                1024 + r.below(60000) as u16,
                [80, 443, 9000][r.below(3) as usize],
            );
            if kind < 75 {
                let syn = kind < 5;
                let opts: &[TcpOption<'_>] = if syn {
                    &[
                        TcpOption::MaxSegmentSize(1460),
                        TcpOption::SackPermitted,
                        TcpOption::Timestamps {
                            tsval: i as u32,
                            tsecr: 0,
                        },
                        TcpOption::NoOperation,
                        TcpOption::WindowScale(7),
                    ]
                } else {
                    &[
                        TcpOption::NoOperation,
                        TcpOption::NoOperation,
                        TcpOption::Timestamps {
                            tsval: i as u32,
                            tsecr: 1,
                        },
                    ]
                };
                let t = tcp::Repr {
                    src_port: sp,
                    dst_port: dp,
                    seq_number: r.next() as u32,
                    ack_number: r.next() as u32,
                    flags: if syn {
                        TcpFlags::SYN
                    } else {
                        TcpFlags::ACK | TcpFlags::PSH
                    },
                    window: 501,
                    urgent: 0,
                    options: TcpOption::encode(opts).unwrap_or_default(),
                };
                let len = if syn { 0 } else { payload_len(&mut r) };
                build::tcp_frame(&l3, &t, &payload[..len])
            } else if kind < 95 {
                build::udp_frame(
                    &l3,
                    &udp::Repr {
                        src_port: sp,
                        dst_port: dp,
                    },
                    &payload[..payload_len(&mut r)],
                )
            } else {
                build::icmp_frame(
                    &l3,
                    &icmp::Repr::EchoRequest {
                        ident: sp,
                        seq_no: i as u16,
                    },
                    &payload[..56],
                )
            }
        })
        .collect()
}

fn bench_parse(c: &mut Criterion) {
    let frames = batch(4096);
    let mut g = c.benchmark_group("wire");
    g.throughput(Throughput::Elements(frames.len() as u64));
    g.bench_function("parse_frame", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for f in &frames {
                // black_box the whole result so no part of the parse is optimised away.
                if let Ok(h) = black_box(parse_frame(black_box(f))) {
                    n += h.offsets.payload_len;
                }
            }
            n
        })
    });
    g.bench_function("parse_frame+flow_key+symmetric_hash", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for f in &frames {
                if let Ok(Some(k)) = FlowKey::from_frame(black_box(f)) {
                    acc ^= k.symmetric_hash();
                }
            }
            acc
        })
    });
    let keys: Vec<FlowKey> = frames
        .iter()
        .filter_map(|f| FlowKey::from_frame(f).ok().flatten())
        .collect();
    g.bench_function("symmetric_hash_only", |b| {
        b.iter(|| {
            keys.iter()
                .fold(0u32, |acc, k| acc ^ black_box(k).symmetric_hash())
        })
    });
    g.bench_function("parse_frame+verify_checksums", |b| {
        b.iter(|| {
            frames
                .iter()
                .filter(|f| parse_frame(black_box(f)).is_ok_and(|h| h.checksums().all_ok()))
                .count()
        })
    });
    g.finish();
}

criterion_group!(benches, bench_parse);
criterion_main!(benches);
