//! Workload names and generator options.

use std::fmt;
use std::net::Ipv4Addr;
use std::str::FromStr;

use crate::cdf::FlowSizes;
use crate::error::GenError;

/// A workload the generator can produce.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Workload {
    /// Request/response TCP (and optionally UDP) flows with sizes from a published
    /// datacenter flow-size distribution.
    FlowSizes(FlowSizes),
    /// UDP packets following the bimodal datacenter packet-size mix PayloadPark replays.
    DatacenterSizes,
    /// UDP packets of one frame size in bytes.
    Fixed(u16),
    /// Hosts doing SSH, HTTP, FTP and IRC; some in the Trojan order (Gallium §6.1).
    Trojan,
    /// Spoofed SYNs mixed with legitimate connections.
    SynFlood,
}

/// Smallest and largest frame accepted by `fixed:<bytes>` (Ethernet + IPv4 + UDP
/// headers are 42 bytes; 1514 is a full 1500-byte IP packet).
pub const FIXED_RANGE: std::ops::RangeInclusive<u16> = 42..=1514;

impl FromStr for Workload {
    type Err = GenError;

    fn from_str(s: &str) -> Result<Self, GenError> {
        Ok(match s {
            "websearch" => Workload::FlowSizes(FlowSizes::WebSearch),
            "datamining" => Workload::FlowSizes(FlowSizes::DataMining),
            "hadoop" => Workload::FlowSizes(FlowSizes::Hadoop),
            "cache" => Workload::FlowSizes(FlowSizes::Cache),
            "datacenter-sizes" => Workload::DatacenterSizes,
            "trojan" => Workload::Trojan,
            "syn-flood" => Workload::SynFlood,
            _ => match s.strip_prefix("fixed:") {
                Some(n) => {
                    let bytes = n.parse::<u16>().ok().filter(|b| FIXED_RANGE.contains(b));
                    Workload::Fixed(bytes.ok_or_else(|| GenError::InvalidOption {
                        option: "--workload",
                        detail: format!(
                            "`{s}`: the frame size must be a number from {} to {}",
                            FIXED_RANGE.start(),
                            FIXED_RANGE.end()
                        ),
                    })?)
                }
                None => return Err(GenError::UnknownWorkload(s.to_string())),
            },
        })
    }
}

impl fmt::Display for Workload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Workload::FlowSizes(FlowSizes::WebSearch) => f.write_str("websearch"),
            Workload::FlowSizes(FlowSizes::DataMining) => f.write_str("datamining"),
            Workload::FlowSizes(FlowSizes::Hadoop) => f.write_str("hadoop"),
            Workload::FlowSizes(FlowSizes::Cache) => f.write_str("cache"),
            Workload::DatacenterSizes => f.write_str("datacenter-sizes"),
            Workload::Fixed(n) => write!(f, "fixed:{n}"),
            Workload::Trojan => f.write_str("trojan"),
            Workload::SynFlood => f.write_str("syn-flood"),
        }
    }
}

/// Where servers live.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Servers {
    /// This many servers at 198.19.0.1, 198.19.0.2, ...
    Count(u32),
    /// Exactly these addresses (e.g. one load-balancer virtual IP).
    Addrs(Vec<Ipv4Addr>),
}

/// Everything that determines a generated trace. Same options, same bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct GenOptions {
    /// What to generate.
    pub workload: Workload,
    /// Number of connections (flows) to generate.
    pub flows: u32,
    /// Seed of the ChaCha8 random stream.
    pub seed: u64,
    /// Mean flow arrival rate (Poisson process), flows per simulated second.
    pub rate: f64,
    /// Fraction of flows that are UDP instead of TCP (flow-size workloads only).
    pub udp_share: f64,
    /// Number of client hosts (198.18.0.1 upwards, at most 65534).
    pub clients: u32,
    /// Server addresses.
    pub servers: Servers,
    /// Cap on a flow's size in bytes (`None`: the distribution's full tail).
    pub max_flow_bytes: Option<u64>,
    /// Packets per flow for `datacenter-sizes` and `fixed:<bytes>`.
    pub packets_per_flow: u32,
    /// Simulated time of the trace's start, in ns since the Unix epoch.
    pub start_ns: u64,
    /// Mean round-trip time; each flow draws its own uniformly in [0.5, 1.5] × this.
    pub rtt_ns: u64,
    /// Link rate for back-to-back transmission, bits per second.
    pub link_bps: u64,
    /// TCP maximum segment size.
    pub mss: u16,
    /// `trojan`: fraction of hosts that run the SSH → download → IRC sequence.
    pub trojan_share: f64,
    /// `syn-flood`: fraction of flows that are spoofed SYNs.
    pub attack_share: f64,
}

/// Latest flow start: the last second pcap's 32-bit timestamps can express
/// (2106-02-07). Flows starting later are clamped here.
pub(crate) const LAST_START_NS: u64 = u32::MAX as u64 * 1_000_000_000;

/// 2020-08-10 00:00:00 UTC (SIGCOMM'20), the default simulated start time.
pub const DEFAULT_START_NS: u64 = 1_597_017_600 * 1_000_000_000;

impl Default for GenOptions {
    fn default() -> Self {
        GenOptions {
            workload: Workload::FlowSizes(FlowSizes::WebSearch),
            flows: 100,
            seed: 1,
            rate: 1000.0,
            udp_share: 0.0,
            clients: 64,
            servers: Servers::Count(8),
            max_flow_bytes: None,
            packets_per_flow: 100,
            start_ns: DEFAULT_START_NS,
            rtt_ns: 100_000,
            link_bps: 10_000_000_000,
            mss: 1460,
            trojan_share: 0.2,
            attack_share: 0.5,
        }
    }
}

impl GenOptions {
    /// Checks every option's range; generation itself then cannot fail.
    pub fn validate(&self) -> Result<(), GenError> {
        let bad =
            |option: &'static str, detail: String| Err(GenError::InvalidOption { option, detail });
        if self.flows == 0 {
            return bad("--flows", "must be at least 1".into());
        }
        if !(self.rate.is_finite() && self.rate > 0.0) {
            return bad(
                "--rate",
                format!("{} is not a positive number of flows per second", self.rate),
            );
        }
        // The expected span of arrivals must stay well inside pcap's 32-bit seconds.
        let span_s = f64::from(self.flows) / self.rate;
        let room_s = (LAST_START_NS.saturating_sub(self.start_ns) / 1_000_000_000) as f64;
        if span_s > room_s / 2.0 {
            return bad(
                "--rate",
                format!(
                    "{} flows at {} flows/s would run past the year 2106 that pcap can timestamp",
                    self.flows, self.rate
                ),
            );
        }
        for (name, v) in [
            ("--udp-share", self.udp_share),
            ("--trojan-share", self.trojan_share),
            ("--attack-share", self.attack_share),
        ] {
            if !(0.0..=1.0).contains(&v) {
                return bad(name, format!("{v} is not a fraction between 0 and 1"));
            }
        }
        if !(1..=65_534).contains(&self.clients) {
            return bad(
                "--clients",
                format!("{} is not between 1 and 65534", self.clients),
            );
        }
        match &self.servers {
            Servers::Count(n) if !(1..=65_534).contains(n) => {
                return bad("--servers", format!("{n} is not between 1 and 65534"));
            }
            Servers::Addrs(a) if a.is_empty() => {
                return bad("--server-ip", "needs at least one address".into());
            }
            _ => {}
        }
        if self.max_flow_bytes == Some(0) {
            return bad("--max-flow-bytes", "must be at least 1".into());
        }
        if self.packets_per_flow == 0 {
            return bad("--packets-per-flow", "must be at least 1".into());
        }
        if !(64..=1460).contains(&self.mss) {
            return bad("--mss", format!("{} is not between 64 and 1460", self.mss));
        }
        if self.link_bps == 0 {
            return bad("link rate", "must be positive".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workload_names_round_trip() {
        for name in [
            "websearch",
            "datamining",
            "hadoop",
            "cache",
            "datacenter-sizes",
            "fixed:512",
            "trojan",
            "syn-flood",
        ] {
            let w: Result<Workload, _> = name.parse();
            assert_eq!(w.map(|w| w.to_string()).ok().as_deref(), Some(name));
        }
    }

    #[test]
    fn bad_workloads_are_rejected() {
        assert!(matches!(
            "enterprise".parse::<Workload>(),
            Err(GenError::UnknownWorkload(_))
        ));
        assert!("fixed:20".parse::<Workload>().is_err());
        assert!("fixed:1515".parse::<Workload>().is_err());
        assert!("fixed:x".parse::<Workload>().is_err());
    }

    #[test]
    fn validate_names_the_bad_option() {
        let o = GenOptions {
            udp_share: 1.5,
            ..GenOptions::default()
        };
        assert!(matches!(
            o.validate(),
            Err(GenError::InvalidOption {
                option: "--udp-share",
                ..
            })
        ));
        let o = GenOptions {
            servers: Servers::Addrs(vec![]),
            ..GenOptions::default()
        };
        assert!(matches!(
            o.validate(),
            Err(GenError::InvalidOption {
                option: "--server-ip",
                ..
            })
        ));
        assert!(GenOptions::default().validate().is_ok());
        let o = GenOptions {
            rate: 1e-9,
            ..GenOptions::default()
        };
        assert!(matches!(
            o.validate(),
            Err(GenError::InvalidOption {
                option: "--rate",
                ..
            })
        ));
    }
}
