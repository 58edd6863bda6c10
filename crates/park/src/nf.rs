//! Network-function models: a packet goes in, the NF forwards it (possibly
//! rewritten) or drops it. They stand in for NFs run by `tandem run` in tests and
//! in the goodput experiment; [`Nf::reads_payload`] is the fact PayloadPark's
//! refusal check needs.

use std::collections::{BTreeMap, BTreeSet};
use std::net::Ipv4Addr;

use wire::headers::{Network, Transport};
use wire::{FlowKey, IpProtocol, parse_frame, rewrite};

/// What an NF did with a packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NfVerdict {
    /// The (possibly rewritten) packet goes on.
    Forward,
    /// The packet is dropped.
    Drop,
}

/// A network function over whole frames.
pub trait Nf {
    /// Short name.
    fn name(&self) -> &str;
    /// True when the NF reads bytes past the TCP/UDP header.
    fn reads_payload(&self) -> bool;
    /// Processes one frame in place.
    fn process(&mut self, frame: &mut Vec<u8>) -> NfVerdict;
    /// CPU cost per packet in nanoseconds of the NF's own work (the NF framework's
    /// per-packet I/O cost comes on top), for the goodput simulation.
    fn cost_ns(&self) -> u64;
}

fn flow_key(frame: &[u8]) -> Option<FlowKey> {
    FlowKey::from_headers(&parse_frame(frame).ok()?)
}

/// Firewall: forwards TCP/UDP packets whose 5-tuple is whitelisted, drops other
/// TCP/UDP packets, forwards everything else.
#[derive(Debug, Clone, Default)]
pub struct Firewall {
    /// Allowed 5-tuples.
    pub allowed: BTreeSet<FlowKey>,
}

impl Nf for Firewall {
    fn name(&self) -> &str {
        "firewall"
    }
    fn reads_payload(&self) -> bool {
        false
    }
    fn process(&mut self, frame: &mut Vec<u8>) -> NfVerdict {
        match flow_key(frame) {
            Some(k) if matches!(k.protocol, IpProtocol::Tcp | IpProtocol::Udp) => {
                if self.allowed.contains(&k) {
                    NfVerdict::Forward
                } else {
                    NfVerdict::Drop
                }
            }
            _ => NfVerdict::Forward,
        }
    }
    fn cost_ns(&self) -> u64 {
        4
    }
}

/// Source NAT: each new (source address, source port, protocol) gets the public
/// address and the next free port from `first_port`; checksums are patched
/// incrementally (`wire::rewrite`).
#[derive(Debug, Clone)]
pub struct Nat {
    /// Public address.
    pub public: Ipv4Addr,
    next_port: u16,
    map: BTreeMap<(Ipv4Addr, u16, u8), u16>,
}

impl Nat {
    /// A NAT handing out ports from `first_port` upwards.
    pub fn new(public: Ipv4Addr, first_port: u16) -> Nat {
        Nat {
            public,
            next_port: first_port,
            map: BTreeMap::new(),
        }
    }
}

impl Nf for Nat {
    fn name(&self) -> &str {
        "nat"
    }
    fn reads_payload(&self) -> bool {
        false
    }
    fn process(&mut self, frame: &mut Vec<u8>) -> NfVerdict {
        let Some(k) = flow_key(frame) else {
            return NfVerdict::Forward;
        };
        if !matches!(k.protocol, IpProtocol::Tcp | IpProtocol::Udp) {
            return NfVerdict::Forward;
        }
        let id = (k.src_addr, k.src_port, u8::from(k.protocol));
        let port = match self.map.get(&id) {
            Some(&p) => p,
            None => {
                let p = self.next_port;
                self.next_port = self.next_port.wrapping_add(1).max(1024);
                self.map.insert(id, p);
                p
            }
        };
        let ok = rewrite::set_src_addr(frame, self.public).is_ok()
            && rewrite::set_src_port(frame, port).is_ok();
        if ok {
            NfVerdict::Forward
        } else {
            NfVerdict::Drop
        }
    }
    fn cost_ns(&self) -> u64 {
        6
    }
}

/// NFs in sequence; a drop stops the chain.
pub struct Chain(pub Vec<Box<dyn Nf>>);

impl Nf for Chain {
    fn name(&self) -> &str {
        "chain"
    }
    fn reads_payload(&self) -> bool {
        self.0.iter().any(|n| n.reads_payload())
    }
    fn process(&mut self, frame: &mut Vec<u8>) -> NfVerdict {
        for nf in &mut self.0 {
            if nf.process(frame) == NfVerdict::Drop {
                return NfVerdict::Drop;
            }
        }
        NfVerdict::Forward
    }
    fn cost_ns(&self) -> u64 {
        self.0.iter().map(|n| n.cost_ns()).sum()
    }
}

/// A payload-reading NF (a Trojan-style signature detector): drops TCP/UDP packets
/// whose payload contains `signature`. Cannot run behind PayloadPark.
#[derive(Debug, Clone)]
pub struct PayloadMatcher {
    /// Byte string looked for.
    pub signature: Vec<u8>,
}

impl Nf for PayloadMatcher {
    fn name(&self) -> &str {
        "payload_matcher"
    }
    fn reads_payload(&self) -> bool {
        true
    }
    fn process(&mut self, frame: &mut Vec<u8>) -> NfVerdict {
        let Ok(h) = parse_frame(frame) else {
            return NfVerdict::Forward;
        };
        let Network::Ipv4 { transport, .. } = &h.network else {
            return NfVerdict::Forward;
        };
        if !matches!(transport, Transport::Tcp(_) | Transport::Udp(_)) {
            return NfVerdict::Forward;
        }
        let o = &h.offsets;
        let payload = frame
            .get(o.payload..o.payload + o.payload_len)
            .unwrap_or(&[]);
        let hit = !self.signature.is_empty()
            && payload
                .windows(self.signature.len())
                .any(|w| w == self.signature);
        if hit {
            NfVerdict::Drop
        } else {
            NfVerdict::Forward
        }
    }
    fn cost_ns(&self) -> u64 {
        40
    }
}
