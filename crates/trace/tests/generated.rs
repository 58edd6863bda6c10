//! Properties of generated traces, checked on the written pcap bytes with `wire`'s
//! parser (independently of the generator's model and of `trace::stats`).

mod common;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::net::Ipv4Addr;

use common::{gen_trace, pcap_bytes, read_all};
use trace::cdf::FlowSizes;
use trace::pcap::{PcapWriter, Resolution};
use trace::workload::{App, GenOptions, Servers, Side, Workload, generate};
use wire::flow::FlowKey;
use wire::headers::{Network, Transport, parse_frame};
use wire::{IpProtocol, TcpFlags};

const ALL: [&str; 8] = [
    "websearch",
    "datamining",
    "hadoop",
    "cache",
    "datacenter-sizes",
    "fixed:300",
    "trojan",
    "syn-flood",
];

/// One parsed TCP segment: (from the canonical side?, flags, seq, ack).
type Seg = (bool, TcpFlags, u32, u32);

fn tcp_flows(bytes: &[u8]) -> BTreeMap<String, Vec<Seg>> {
    let mut flows: BTreeMap<String, Vec<Seg>> = BTreeMap::new();
    for p in read_all(bytes) {
        let h = parse_frame(&p.data).unwrap_or_else(|e| panic!("{e}"));
        if let Some(Transport::Tcp(t)) = h.transport() {
            let key = FlowKey::from_headers(&h).unwrap_or_else(|| panic!("no key"));
            let c = key.canonical();
            flows.entry(format!("{c:?}")).or_default().push((
                key == c,
                t.flags(),
                t.seq_number(),
                t.ack_number(),
            ));
        }
    }
    flows
}

#[test]
fn every_checksum_verifies_and_timestamps_never_go_back() {
    for w in ALL {
        let t = gen_trace(w, 30, 11);
        let bytes = pcap_bytes(&t, Resolution::Nanosecond);
        let packets = read_all(&bytes);
        assert_eq!(packets.len() as u64, t.packet_count(), "{w}");
        let mut last = 0;
        for (i, p) in packets.iter().enumerate() {
            let h = parse_frame(&p.data).unwrap_or_else(|e| panic!("{w} packet {i}: {e}"));
            let c = h.checksums();
            assert_eq!(c.ipv4, Some(true), "{w} packet {i}: IPv4 checksum");
            assert_eq!(c.l4, Some(true), "{w} packet {i}: L4 checksum");
            assert!(p.ts_ns >= last, "{w} packet {i} goes back in time");
            last = p.ts_ns;
        }
    }
}

#[test]
fn every_tcp_flow_starts_with_a_handshake() {
    for w in [
        "websearch",
        "datamining",
        "hadoop",
        "cache",
        "trojan",
        "syn-flood",
    ] {
        let t = gen_trace(w, 40, 5);
        let spoofed = t
            .connections
            .iter()
            .filter(|c| c.app == App::SpoofedSyn)
            .count();
        let flows = tcp_flows(&pcap_bytes(&t, Resolution::Microsecond));
        let mut half_open = 0;
        for (key, segs) in &flows {
            let (dir, f0, isn, _) = segs[0];
            assert!(
                f0.contains(TcpFlags::SYN) && !f0.contains(TcpFlags::ACK),
                "{w} {key}: first is not a SYN"
            );
            let (d1, f1, s_isn, a1) = segs[1];
            assert!(
                d1 != dir && f1.contains(TcpFlags(0x12)),
                "{w} {key}: second is not a SYN-ACK"
            );
            assert_eq!(
                a1,
                isn.wrapping_add(1),
                "{w} {key}: SYN-ACK does not acknowledge the SYN"
            );
            match segs.get(2) {
                None => half_open += 1,
                Some(&(d2, f2, _, a2)) => {
                    assert!(
                        d2 == dir && f2 == TcpFlags::ACK,
                        "{w} {key}: third is not the ACK"
                    );
                    assert_eq!(
                        a2,
                        s_isn.wrapping_add(1),
                        "{w} {key}: ACK does not acknowledge the SYN-ACK"
                    );
                    let fin_or_rst = segs.iter().any(|s| s.1.intersects(TcpFlags(0x05)));
                    assert!(fin_or_rst, "{w} {key}: no FIN or RST teardown");
                }
            }
        }
        assert_eq!(half_open, spoofed, "{w}: only spoofed SYNs stay half-open");
    }
}

#[test]
fn same_seed_same_bytes_different_seed_different_bytes() {
    for w in ["websearch", "trojan", "datacenter-sizes", "syn-flood"] {
        let a = pcap_bytes(&gen_trace(w, 25, 42), Resolution::Microsecond);
        let b = pcap_bytes(&gen_trace(w, 25, 42), Resolution::Microsecond);
        let c = pcap_bytes(&gen_trace(w, 25, 43), Resolution::Microsecond);
        assert!(a == b, "{w}: same seed gave different bytes");
        assert!(a != c, "{w}: different seeds gave the same bytes");
    }
}

#[test]
fn sides_split_by_sender_and_addresses_follow_the_ranges() {
    let t = gen_trace("websearch", 30, 9);
    let mut c =
        PcapWriter::new(Vec::new(), Resolution::Nanosecond).unwrap_or_else(|e| panic!("{e}"));
    let mut s =
        PcapWriter::new(Vec::new(), Resolution::Nanosecond).unwrap_or_else(|e| panic!("{e}"));
    let (nc, ns) = t
        .write_sides(&mut c, &mut s, &mut |_, _| {})
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(nc + ns, t.packet_count());
    let in_net = |ip: Ipv4Addr, b: u8| ip.octets()[..2] == [198, b];
    for (bytes, src_net, dst_net) in [(c.into_inner(), 18, 19), (s.into_inner(), 19, 18)] {
        let packets = read_all(&bytes);
        assert!(!packets.is_empty());
        for p in packets {
            let h = parse_frame(&p.data).unwrap_or_else(|e| panic!("{e}"));
            let ip = h.ipv4().unwrap_or_else(|| panic!("not IPv4"));
            assert!(in_net(ip.src_addr(), src_net) && in_net(ip.dst_addr(), dst_net));
        }
    }
}

#[test]
fn server_addresses_can_be_one_virtual_ip() {
    let vip = Ipv4Addr::new(203, 0, 113, 10);
    let opts = GenOptions {
        flows: 20,
        servers: Servers::Addrs(vec![vip]),
        max_flow_bytes: Some(10_000),
        ..GenOptions::default()
    };
    let t = generate(&opts).unwrap_or_else(|e| panic!("{e}"));
    for p in read_all(&pcap_bytes(&t, Resolution::Microsecond)) {
        let h = parse_frame(&p.data).unwrap_or_else(|e| panic!("{e}"));
        let ip = h.ipv4().unwrap_or_else(|| panic!("not IPv4"));
        assert!(ip.src_addr() == vip || ip.dst_addr() == vip);
    }
}

/// The detector's rule applied to packets: per client host, a SYN to port 22,
/// then `GET /x.html|.htm` to port 80 or `RETR x.zip|.exe` to port 21, then any
/// packet to ports 6660-6669.
#[test]
fn trojan_ground_truth_matches_the_packets() {
    let t = gen_trace("trojan", 120, 21);
    let mut stage: HashMap<Ipv4Addr, u8> = HashMap::new();
    let mut flagged = BTreeSet::new();
    for p in read_all(&pcap_bytes(&t, Resolution::Microsecond)) {
        let h = parse_frame(&p.data).unwrap_or_else(|e| panic!("{e}"));
        let (Some(ip), Some(tcp)) = (h.ipv4(), h.tcp()) else {
            continue;
        };
        let host = ip.src_addr();
        let st = stage.entry(host).or_insert(0);
        let text = String::from_utf8_lossy(h.payload()).to_string();
        let path_ok = |prefix: &str, exts: &[&str]| {
            text.lines()
                .next()
                .and_then(|l| l.strip_prefix(prefix))
                .is_some_and(|rest| {
                    let path = rest.split_whitespace().next().unwrap_or("");
                    exts.iter().any(|e| path.ends_with(e))
                })
        };
        let dport = tcp.dst_port();
        let syn = tcp.flags().contains(TcpFlags::SYN) && !tcp.flags().contains(TcpFlags::ACK);
        if *st == 0 && dport == 22 && syn {
            *st = 1;
        } else if *st == 1
            && ((dport == 80 && path_ok("GET ", &[".html", ".htm"]))
                || (dport == 21 && path_ok("RETR ", &[".zip", ".exe"])))
        {
            *st = 2;
        } else if *st == 2 && (6660..=6669).contains(&dport) {
            *st = 3;
            flagged.insert(host);
        }
    }
    let truth: BTreeSet<Ipv4Addr> = t.trojan_hosts.iter().copied().collect();
    assert!(!truth.is_empty(), "no trojan hosts in 120 flows");
    assert_eq!(flagged, truth);
    let hosts: BTreeSet<_> = t.connections.iter().map(|c| *c.client.ip()).collect();
    assert!(
        hosts.len() > truth.len() + 3,
        "too few benign hosts: {} of {}",
        truth.len(),
        hosts.len()
    );
    for app in [
        App::Ssh,
        App::Http,
        App::FtpControl,
        App::FtpData,
        App::Irc,
        App::Https,
    ] {
        assert!(
            t.connections.iter().any(|c| c.app == app),
            "no {app:?} session"
        );
    }
}

#[test]
fn syn_flood_mixes_spoofed_and_legitimate_connections() {
    let opts = GenOptions {
        workload: Workload::SynFlood,
        flows: 400,
        attack_share: 0.7,
        ..GenOptions::default()
    };
    let t = generate(&opts).unwrap_or_else(|e| panic!("{e}"));
    let flows = tcp_flows(&pcap_bytes(&t, Resolution::Microsecond));
    let half_open = flows.values().filter(|s| s.len() == 2).count() as f64;
    assert!(
        (half_open / 400.0 - 0.7).abs() < 0.07,
        "half-open share {}",
        half_open / 400.0
    );
    let sources: BTreeSet<_> = t
        .connections
        .iter()
        .filter(|c| c.app == App::SpoofedSyn)
        .map(|c| *c.client.ip())
        .collect();
    assert!(
        sources.len() > 200,
        "spoofed sources should be many distinct addresses"
    );
}

/// Server-sent payload bytes per connection follow the source CDF (KS test on the
/// discretised distribution: sizes are rounded and at least 1 byte), the UDP share
/// holds, and arrivals are Poisson with the requested mean gap.
#[test]
fn flow_sizes_udp_share_and_arrival_rate_follow_the_options() {
    let opts = GenOptions {
        workload: Workload::FlowSizes(FlowSizes::Cache),
        flows: 3000,
        udp_share: 0.3,
        rate: 5000.0,
        seed: 77,
        ..GenOptions::default()
    };
    let t = generate(&opts).unwrap_or_else(|e| panic!("{e}"));
    let mut sizes: Vec<u64> = t
        .connections
        .iter()
        .map(|c| {
            c.packets
                .iter()
                .filter(|p| p.side == Side::Server)
                .map(|p| p.payload.len() as u64)
                .sum()
        })
        .collect();
    sizes.sort_unstable();
    let cdf = FlowSizes::Cache.cdf();
    let n = sizes.len() as f64;
    let mut d_max: f64 = 0.0;
    for (i, &x) in sizes.iter().enumerate() {
        if sizes.get(i + 1) == Some(&x) {
            continue;
        }
        let f = cdf.probability(x as f64 + 0.5);
        d_max = d_max.max((f - (i + 1) as f64 / n).abs());
    }
    assert!(d_max < 1.95 / n.sqrt(), "KS distance {d_max}");

    let udp = t
        .connections
        .iter()
        .filter(|c| c.packets[0].tcp.is_none())
        .count() as f64;
    assert!((udp / n - 0.3).abs() < 0.035, "UDP share {}", udp / n);

    let first: Vec<u64> = t.connections.iter().map(|c| c.packets[0].ts_ns).collect();
    let mean_gap = (first[first.len() - 1] - opts.start_ns) as f64 / n;
    assert!(
        (mean_gap - 200_000.0).abs() < 200_000.0 * 0.1,
        "mean gap {mean_gap} ns"
    );
}

#[test]
fn datacenter_sizes_trace_meets_payloadpark_targets() {
    let opts = GenOptions {
        workload: Workload::DatacenterSizes,
        flows: 100,
        packets_per_flow: 100,
        ..GenOptions::default()
    };
    let t = generate(&opts).unwrap_or_else(|e| panic!("{e}"));
    let packets = read_all(&pcap_bytes(&t, Resolution::Microsecond));
    let n = packets.len() as f64;
    let mean = packets.iter().map(|p| p.data.len() as f64).sum::<f64>() / n;
    let small = packets
        .iter()
        .filter(|p| {
            let h = parse_frame(&p.data).unwrap_or_else(|e| panic!("{e}"));
            assert!(matches!(&h.network, Network::Ipv4 { .. }));
            assert_eq!(h.ipv4().map(|i| i.protocol()), Some(IpProtocol::Udp));
            h.payload().len() < 160
        })
        .count() as f64;
    assert_eq!(n, 10_000.0);
    assert!((mean - 882.0).abs() < 882.0 * 0.02, "mean frame {mean}");
    assert!(
        (small / n - 0.30).abs() < 0.02,
        "share under 160 B {}",
        small / n
    );
}

#[test]
fn fixed_sizes_are_exact() {
    for size in [42u16, 64, 1514] {
        let t = gen_trace(&format!("fixed:{size}"), 3, 1);
        assert!(
            read_all(&pcap_bytes(&t, Resolution::Microsecond))
                .iter()
                .all(|p| p.data.len() == usize::from(size))
        );
    }
}

#[test]
fn progress_reaches_the_total() {
    let t = gen_trace("websearch", 20, 2);
    let mut w =
        PcapWriter::new(Vec::new(), Resolution::Microsecond).unwrap_or_else(|e| panic!("{e}"));
    let mut calls = Vec::new();
    t.write_pcap(&mut w, None, &mut |d, total| calls.push((d, total)))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(calls.last(), Some(&(t.packet_count(), t.packet_count())));
    assert!(calls.windows(2).all(|w| w[0].0 <= w[1].0));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(10))]

    /// Any workload, seed and option mix: the written trace reads back with as many
    /// packets as the model has, every checksum verifies, and it is reproducible.
    #[test]
    fn any_options_give_a_valid_reproducible_trace(
        w in 0usize..8,
        seed in proptest::prelude::any::<u64>(),
        flows in 1u32..12,
        udp_share in 0.0f64..=1.0,
        clients in 1u32..5,
        servers in 1u32..3,
    ) {
        let opts = GenOptions {
            workload: ALL[w].parse::<Workload>().unwrap_or_else(|e| panic!("{e}")),
            flows,
            seed,
            udp_share,
            clients,
            servers: Servers::Count(servers),
            max_flow_bytes: Some(50_000),
            packets_per_flow: 5,
            ..GenOptions::default()
        };
        let t = generate(&opts).unwrap_or_else(|e| panic!("{e}"));
        let bytes = pcap_bytes(&t, Resolution::Nanosecond);
        proptest::prop_assert_eq!(&bytes, &pcap_bytes(&generate(&opts).unwrap_or_else(|e| panic!("{e}")), Resolution::Nanosecond));
        let packets = read_all(&bytes);
        proptest::prop_assert_eq!(packets.len() as u64, t.packet_count());
        for p in &packets {
            let h = parse_frame(&p.data).unwrap_or_else(|e| panic!("{e}"));
            proptest::prop_assert!(h.checksums().all_ok());
        }
    }
}
