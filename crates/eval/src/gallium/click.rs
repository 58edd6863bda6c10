//! FastClick configurations for the NFs other than MazuNAT (whose configuration
//! ships with FastClick in `../shared/tools/click/conf/`).
//!
//! Each is the MazuNAT configuration's frame — the same devices (AF_PACKET,
//! bursts of 32, one thread), the same ARP machinery answering for the
//! gateways and resolving the hosts — around the NF's own elements:
//!
//! - load balancer: `IPRewriter` with a `RoundRobinIPMapper` over the three
//!   backends for TCP/UDP to the VIP; the reverse mapping gives replies the VIP
//!   back. Click's mapper picks backends round-robin where the NF hashes the
//!   5-tuple: both keep a connection on one backend, which is what the
//!   measurement needs.
//! - firewall: `IPFilter` accepting the whitelist's tuples in either direction,
//!   everything else dropped. Click has no exact-match set; the evaluation's
//!   4,000 tuples are one client address and port range to two services, so
//!   the filter states them as ranges (a few comparisons per packet where the
//!   NF does two hash lookups).
//! - proxy: `IPRewriter` sending TCP to port 80 to the proxy's address and
//!   port; everything else passes unchanged. Click's rewriter keeps a mapping
//!   per connection where the NF rewrites statelessly.
//! - Trojan detector: none. It needs per-host state advanced in order by SYNs
//!   to one port, payload prefixes and file suffixes on two others, and
//!   traffic to a third; Click's elements classify and rewrite packets but
//!   keep no such per-host sequence.

use std::fmt::Write as _;

use super::setup::{
    BACKENDS, C1_MAC, CLIENT_IP, CLIENT_PORTS, GW_CLIENT, GW_SERVER, IPERF_PORT, LOAD_PORT, Nf,
    PROXIED_PORT, PROXY, S1_MAC, SERVER_IP, VIP,
};

/// Why `nf` has no Click configuration here, if it has none.
pub fn lacks(nf: Nf) -> Option<&'static str> {
    match nf {
        Nf::Trojan => Some(
            "Click has no elements for the Trojan detector's ordered per-host stages (SSH, then a download, then IRC)",
        ),
        _ => None,
    }
}

/// The configuration for `nf`; `None` for MazuNAT (FastClick's own file) and
/// for the NFs [`lacks`] names.
pub fn config(nf: Nf) -> Option<String> {
    let body = match nf {
        Nf::Mazunat | Nf::Trojan => return None,
        Nf::Lb => lb(),
        Nf::Firewall => firewall(),
        Nf::Proxy => proxy(),
    };
    Some(format!("{}{}", frame(nf), body))
}

fn mac(m: [u8; 6]) -> String {
    testnet::mac_text(m)
}

/// Devices, addresses and ARP: `ip_from_intern` / `ip_from_extern` carry the IP
/// packets received (Ethernet header stripped, header checked); `ip_to_extern`
/// / `ip_to_intern` take IP packets to send (resolved by ARP).
fn frame(nf: Nf) -> String {
    format!(
        "// {title} for tandem eval gallium, written by Tandem (crates/eval/src/gallium/click.rs),\n\
         // FastClick userlevel, one thread, in the frame of ../shared/tools/click/conf/mazunat.click.\n\
         AddressInfo(\n  intern {GW_CLIENT} 198.18.0.0/24 {c1},\n  extern {GW_SERVER} 198.19.0.0/24 {s1},\n);\n\n\
         elementclass GatewayDevice {{\n  $device |\n  \
         from :: FromDevice($device, METHOD LINUX, SNIFFER true, PROMISC false, BURST 32) -> output;\n  \
         input -> q :: Queue(1024) -> to :: ToDevice($device, METHOD LINUX, BURST 32);\n  \
         ScheduleInfo(from .1, to 1);\n}}\n\n\
         extern_dev :: GatewayDevice(s1);\nintern_dev :: GatewayDevice(c1);\n\n\
         extern_arp_class, intern_arp_class\n  :: Classifier(12/0806 20/0001, 12/0806 20/0002, 12/0800, -);\n\
         intern_arpq :: ARPQuerier(intern);\nextern_arpq :: ARPQuerier(extern);\n\n\
         extern_dev -> extern_arp_class;\n\
         extern_arp_class[0] -> ARPResponder(extern) -> extern_dev;\n\
         extern_arp_class[1] -> [1]extern_arpq;\n\
         extern_arp_class[3] -> Discard;\n\
         intern_dev -> intern_arp_class;\n\
         intern_arp_class[0] -> ARPResponder(intern) -> intern_dev;\n\
         intern_arp_class[1] -> [1]intern_arpq;\n\
         intern_arp_class[3] -> Discard;\n\n\
         ip_to_extern :: GetIPAddress(16) -> CheckIPHeader -> [0]extern_arpq -> extern_dev;\n\
         ip_to_intern :: GetIPAddress(16) -> CheckIPHeader -> [0]intern_arpq -> intern_dev;\n\
         extern_arp_class[2] -> Strip(14) -> CheckIPHeader -> ip_from_extern :: Null;\n\
         intern_arp_class[2] -> Strip(14) -> CheckIPHeader -> ip_from_intern :: Null;\n\n",
        title = nf.title(),
        c1 = mac(C1_MAC),
        s1 = mac(S1_MAC),
    )
}

fn lb() -> String {
    let mut patterns = Vec::new();
    for b in BACKENDS {
        patterns.push(format!("- - {b} - 0 1"));
    }
    format!(
        "// A connection to the VIP gets a backend; replies get the VIP back.\n\
         backends :: RoundRobinIPMapper({});\n\
         rw :: IPRewriter(backends, pass 1);\n\
         ip_from_intern -> to_vip :: IPClassifier(dst host {VIP} and (tcp or udp), -);\n\
         to_vip[0] -> [0]rw;\n\
         to_vip[1] -> ip_to_extern;\n\
         ip_from_extern -> [1]rw;\n\
         rw[0] -> ip_to_extern;\n\
         rw[1] -> ip_to_intern;\n",
        patterns.join(", ")
    )
}

fn firewall() -> String {
    let (lo, hi) = (CLIENT_PORTS.start(), CLIENT_PORTS.end());
    let services = format!("(dst port {IPERF_PORT} || dst port {LOAD_PORT})");
    let reverse_services = format!("(src port {IPERF_PORT} || src port {LOAD_PORT})");
    let mut rules = String::new();
    let _ = write!(
        rules,
        "allow tcp && src host {CLIENT_IP} && dst host {SERVER_IP} && {services} && src port >= {lo} && src port <= {hi}, \
         allow tcp && src host {SERVER_IP} && dst host {CLIENT_IP} && {reverse_services} && dst port >= {lo} && dst port <= {hi}, \
         drop all"
    );
    format!(
        "// The whitelist, either direction (the tuple or its reverse); everything else dropped.\n\
         elementclass Whitelist {{ input -> IPFilter({rules}) -> output }}\n\
         ip_from_intern -> Whitelist -> ip_to_extern;\n\
         ip_from_extern -> Whitelist -> ip_to_intern;\n"
    )
}

fn proxy() -> String {
    format!(
        "// TCP to port {PROXIED_PORT} goes to the proxy; everything else passes unchanged.\n\
         rw :: IPRewriter(pattern - - {ip} {port} 0 1, pass 1);\n\
         ip_from_intern -> web :: IPClassifier(tcp dst port {PROXIED_PORT}, -);\n\
         web[0] -> [0]rw;\n\
         web[1] -> ip_to_extern;\n\
         ip_from_extern -> [1]rw;\n\
         rw[0] -> ip_to_extern;\n\
         rw[1] -> ip_to_intern;\n",
        ip = PROXY.ip(),
        port = PROXY.port(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_nf_has_a_configuration_or_a_reason() {
        for nf in Nf::ALL {
            let conf = config(nf);
            match nf {
                Nf::Mazunat => assert!(conf.is_none() && lacks(nf).is_none()),
                Nf::Trojan => assert!(conf.is_none() && lacks(nf).is_some()),
                _ => {
                    let conf = conf.unwrap();
                    assert!(lacks(nf).is_none());
                    // Both directions are wired, the devices are the NF namespace's.
                    for needle in [
                        "GatewayDevice(s1)",
                        "GatewayDevice(c1)",
                        "ip_from_intern ->",
                        "ip_from_extern ->",
                    ] {
                        assert!(conf.contains(needle), "{nf:?}: no {needle:?} in\n{conf}");
                    }
                }
            }
        }
        let lb = config(Nf::Lb).unwrap();
        for b in BACKENDS {
            assert!(lb.contains(&format!("- - {b} - 0 1")));
        }
        assert!(lb.contains(&format!("dst host {VIP}")));
        let fw = config(Nf::Firewall).unwrap();
        assert!(
            fw.contains("src port >= 40000 && src port <= 41999"),
            "{fw}"
        );
        assert!(config(Nf::Proxy).unwrap().contains("198.19.0.200 3128"));
    }
}
