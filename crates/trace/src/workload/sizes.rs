//! Packet-size workloads: `datacenter-sizes` and `fixed:<bytes>`.
//!
//! PayloadPark (CoNEXT'20 §6.1) replays UDP packets whose sizes reproduce the
//! enterprise-datacenter distribution of Benson et al. (IMC'10): bimodal, mean
//! 882 bytes, 30 % of packets with a payload under 160 bytes. No data file of that
//! distribution is public, so we use a three-part mix of frame sizes (Ethernet
//! header included, FCS excluded) that meets both published figures exactly:
//!
//! | share | frame bytes | mean | UDP payload |
//! |---|---|---|---|
//! | 30 % | uniform 64–200 | 132 | 22–158 (< 160) |
//! | 25 % | uniform 202–1292 | 747 | 160–1250 |
//! | 45 % | uniform 1400–1514 | 1457 | 1358–1472 |
//!
//! Mean: 0.30 × 132 + 0.25 × 747 + 0.45 × 1457 = 39.6 + 186.75 + 655.65 = 882.0.
//! The small and large modes are the two peaks Benson et al. report (near the
//! minimum and near the MTU); the middle part carries the rest of the mass.

use std::net::SocketAddrV4;

use rand::Rng;

use super::context::Ctx;
use super::model::{App, Payload, Segment, Side, Transport};

/// Ethernet + IPv4 + UDP header bytes.
pub const UDP_FRAME_OVERHEAD: u16 = 42;

/// Destination port of packet-size flows: the discard service (RFC 863), whose
/// payload is arbitrary by definition, so analysers do not misparse the filler.
pub const SINK_PORT: u16 = 9;

/// A distribution of frame sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeMix {
    /// The bimodal datacenter mix above.
    Datacenter,
    /// Every frame this many bytes.
    Fixed(u16),
}

/// (share, lowest, highest frame size) of the datacenter mix.
const DATACENTER_MIX: [(f64, u16, u16); 3] =
    [(0.30, 64, 200), (0.25, 202, 1292), (0.45, 1400, 1514)];

impl SizeMix {
    /// Draws a frame size in bytes (Ethernet header included, FCS excluded).
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> u16 {
        match *self {
            SizeMix::Fixed(n) => n,
            SizeMix::Datacenter => {
                let mut u: f64 = rng.random();
                for (share, lo, hi) in DATACENTER_MIX {
                    if u < share {
                        return rng.random_range(lo..=hi);
                    }
                    u -= share;
                }
                DATACENTER_MIX[2].2
            }
        }
    }
}

/// Generates `opts.flows` one-way UDP flows of `opts.packets_per_flow` packets,
/// each sent back to back at the link rate from a Poisson arrival time.
pub(crate) fn generate(ctx: &mut Ctx<'_>, mix: SizeMix) {
    for _ in 0..ctx.opts.flows {
        let start = ctx.next_arrival();
        let client_ip = ctx.random_client();
        let server = SocketAddrV4::new(ctx.random_server(), SINK_PORT);
        let client = ctx.client_socket(client_ip, server, Transport::Udp);
        let timing = ctx.timing();
        let mut t = start;
        let mut offset = 0u64;
        let mut packets = Vec::with_capacity(ctx.opts.packets_per_flow as usize);
        for _ in 0..ctx.opts.packets_per_flow {
            let frame = mix.sample(&mut ctx.rng);
            let len = frame.saturating_sub(UDP_FRAME_OVERHEAD);
            packets.push(Segment {
                ts_ns: t,
                side: Side::Client,
                tcp: None,
                payload: if len == 0 {
                    Payload::Empty
                } else {
                    Payload::Fill {
                        offset,
                        len: u32::from(len),
                    }
                },
            });
            offset += u64::from(len);
            t += timing.ser(u64::from(frame));
        }
        ctx.push(Transport::Udp, App::Datagrams, client, server, packets);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The two figures PayloadPark states for its workload (§6.1): mean packet size
    /// about 882 bytes, about 30 % of packets with a payload under 160 bytes.
    #[test]
    fn datacenter_mix_meets_payloadpark_targets() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let n = 20_000;
        let sizes: Vec<u16> = (0..n)
            .map(|_| SizeMix::Datacenter.sample(&mut rng))
            .collect();
        let mean = sizes.iter().map(|&s| f64::from(s)).sum::<f64>() / n as f64;
        let small = sizes
            .iter()
            .filter(|&&s| s - UDP_FRAME_OVERHEAD < 160)
            .count() as f64
            / n as f64;
        assert!((mean - 882.0).abs() < 882.0 * 0.015, "mean {mean}");
        assert!((small - 0.30).abs() < 0.015, "small share {small}");
        assert!(sizes.iter().all(|&s| (64..=1514).contains(&s)));
    }

    #[test]
    fn declared_mix_has_the_stated_exact_mean() {
        let shares: f64 = DATACENTER_MIX.iter().map(|m| m.0).sum();
        let mean: f64 = DATACENTER_MIX
            .iter()
            .map(|&(p, lo, hi)| p * (f64::from(lo) + f64::from(hi)) / 2.0)
            .sum();
        assert!((shares - 1.0).abs() < 1e-12);
        assert!((mean - 882.0).abs() < 1e-9, "{mean}");
    }

    #[test]
    fn fixed_mix_is_constant() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert!((0..100).all(|_| SizeMix::Fixed(512).sample(&mut rng) == 512));
    }
}
