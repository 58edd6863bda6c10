//! The connection table with the inbound policy: the all-on-CPU baseline filter
//! (netfilter-style: every packet runs the state machine), and the full-state half
//! of the CoFilter CPU agent.

use std::collections::{BTreeSet, HashMap};
use wire::FlowKey;

use crate::conntrack::{Dir, ProtoState, TcpOutcome, TcpState, tcp_transition};
use crate::packet::{Kind, Pkt};

/// Switch port facing the protected hosts (connections opened here are allowed).
pub const INSIDE: u16 = 0;
/// Switch port facing the outside.
pub const OUTSIDE: u16 = 1;

/// The inbound policy.
///
/// # Configuration
/// `allow_inbound`: destination ports to which connections from [`OUTSIDE`] may be
/// opened (TCP and UDP). Connections opened from [`INSIDE`] are always allowed;
/// everything that belongs to no allowed connection is dropped.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Policy {
    /// Destination ports open to connections from outside.
    pub allow_inbound: BTreeSet<u16>,
}

impl Policy {
    /// May a connection whose first packet is `key`, received on `port`, open?
    pub fn allows(&self, port: u16, key: &FlowKey, kind: Kind) -> bool {
        port == INSIDE
            || (matches!(kind, Kind::Tcp(_) | Kind::Udp)
                && self.allow_inbound.contains(&key.dst_port))
    }
}

/// Why a packet was dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum DropReason {
    /// Not IPv4 TCP/UDP/ICMP echo.
    Untracked,
    /// Would open a connection the policy forbids.
    Policy,
    /// Belongs to no connection and cannot open one.
    NoConnection,
    /// The state machine says invalid (`sIV`).
    Invalid,
    /// Arrived on a port that is neither inside nor outside.
    BadPort,
}

/// A filter's decision for one packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Verdict {
    /// Send out of this port.
    Forward(u16),
    /// Drop.
    Drop(DropReason),
}

/// One tracked connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Conn {
    /// The key of its first packet (the original direction).
    pub orig: FlowKey,
    /// Protocol state.
    pub state: ProtoState,
    /// Time of the last packet that refreshed its timeout, ns.
    pub last_seen: u64,
}

impl Conn {
    /// True when the connection has timed out at `now` (ns).
    pub fn expired(&self, now: u64) -> bool {
        now.saturating_sub(self.last_seen) >= self.state.timeout().as_nanos() as u64
    }
}

/// What a call to [`Tracker::process`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The verdict.
    pub verdict: Verdict,
    /// The connection's canonical key, when the packet belongs to one (after the call).
    pub conn: Option<FlowKey>,
    /// The state before the packet (`None`: no live connection).
    pub before: Option<ProtoState>,
    /// The state after the packet (`None`: no connection).
    pub after: Option<ProtoState>,
}

/// A connection table with the policy.
///
/// # State
/// Connections by canonical key (both directions map to one entry).
/// # Counters
/// `created`, `expired`.
#[derive(Debug, Clone, Default)]
pub struct Tracker {
    policy: Policy,
    conns: HashMap<FlowKey, Conn>,
    /// Connections created.
    pub created: u64,
    /// Connections found expired (lazily or by [`Tracker::expire`]).
    pub expired: u64,
}

impl Tracker {
    /// An empty table under `policy`.
    pub fn new(policy: Policy) -> Tracker {
        Tracker {
            policy,
            ..Tracker::default()
        }
    }

    /// The connection with this canonical key, if tracked.
    pub fn get(&self, canonical: &FlowKey) -> Option<&Conn> {
        self.conns.get(canonical)
    }

    /// Number of tracked connections.
    pub fn len(&self) -> usize {
        self.conns.len()
    }

    /// True when no connection is tracked.
    pub fn is_empty(&self) -> bool {
        self.conns.is_empty()
    }

    /// Removes a connection (e.g. expired by an idle scan); returns it.
    pub fn remove(&mut self, canonical: &FlowKey) -> Option<Conn> {
        self.conns.remove(canonical)
    }

    /// Marks a connection as active at `now` (the agent's idle scan found its
    /// switch activity bit set).
    pub fn touch(&mut self, canonical: &FlowKey, now: u64) {
        if let Some(c) = self.conns.get_mut(canonical) {
            c.last_seen = c.last_seen.max(now);
        }
    }

    /// Runs one packet received at `now` (ns) on `port` through the policy and the
    /// state machine. `lazy_expiry`: treat a timed-out connection as gone (the
    /// baseline; the agent expires offloaded connections by scans instead).
    pub fn process(&mut self, now: u64, port: u16, pkt: &Pkt, lazy_expiry: bool) -> Outcome {
        let drop = |r| Outcome {
            verdict: Verdict::Drop(r),
            conn: None,
            before: None,
            after: None,
        };
        if port != INSIDE && port != OUTSIDE {
            return drop(DropReason::BadPort);
        }
        let Some(key) = pkt.key.filter(|_| pkt.kind != Kind::Untracked) else {
            return drop(DropReason::Untracked);
        };
        let canon = key.canonical();
        if lazy_expiry && self.conns.get(&canon).is_some_and(|c| c.expired(now)) {
            self.conns.remove(&canon);
            self.expired += 1;
        }
        let out = 1 - port;
        let Some(conn) = self.conns.get(&canon).copied() else {
            return self.open(now, port, key, pkt.kind);
        };
        let dir = if key == conn.orig {
            Dir::Original
        } else {
            Dir::Reply
        };
        let next = match (conn.state, pkt.kind) {
            (ProtoState::Tcp(s), Kind::Tcp(class)) => match tcp_transition(s, class, dir) {
                TcpOutcome::Next(TcpState::SynSent)
                    if matches!(s, TcpState::TimeWait | TcpState::Close) =>
                {
                    // A SYN reopening a finished connection starts a new one, which
                    // the policy judges afresh (the kernel destroys the old entry).
                    self.conns.remove(&canon);
                    return self.open(now, port, key, pkt.kind);
                }
                TcpOutcome::Next(n) => Some(ProtoState::Tcp(n)),
                TcpOutcome::Ignore => None,
                TcpOutcome::Invalid => {
                    let mut o = drop(DropReason::Invalid);
                    o.conn = Some(canon);
                    o.before = Some(conn.state);
                    o.after = Some(conn.state);
                    return o;
                }
            },
            (ProtoState::Udp { replied }, Kind::Udp) => Some(ProtoState::Udp {
                replied: replied || dir == Dir::Reply,
            }),
            (ProtoState::IcmpEcho { replied }, Kind::EchoRequest | Kind::EchoReply) => {
                Some(ProtoState::IcmpEcho {
                    replied: replied || (dir == Dir::Reply && pkt.kind == Kind::EchoReply),
                })
            }
            // Same canonical key, other protocol class (cannot happen: the protocol
            // is part of the key), or an untracked kind: invalid.
            _ => {
                let mut o = drop(DropReason::Invalid);
                o.conn = Some(canon);
                o.before = Some(conn.state);
                o.after = Some(conn.state);
                return o;
            }
        };
        let after = match next {
            Some(state) => {
                let c = self.conns.entry(canon).or_insert(conn);
                c.state = state;
                c.last_seen = now;
                state
            }
            None => conn.state,
        };
        Outcome {
            verdict: Verdict::Forward(out),
            conn: Some(canon),
            before: Some(conn.state),
            after: Some(after),
        }
    }

    /// A packet of no live connection: opens one if its class can and the policy
    /// allows.
    fn open(&mut self, now: u64, port: u16, key: FlowKey, kind: Kind) -> Outcome {
        let state = match kind {
            Kind::Tcp(class) => match tcp_transition(TcpState::None, class, Dir::Original) {
                TcpOutcome::Next(s) => Some(ProtoState::Tcp(s)),
                _ => None,
            },
            Kind::Udp => Some(ProtoState::Udp { replied: false }),
            Kind::EchoRequest => Some(ProtoState::IcmpEcho { replied: false }),
            Kind::EchoReply | Kind::Untracked => None,
        };
        let verdict = match state {
            None => Verdict::Drop(DropReason::NoConnection),
            Some(_) if !self.policy.allows(port, &key, kind) => Verdict::Drop(DropReason::Policy),
            Some(state) => {
                self.conns.insert(
                    key.canonical(),
                    Conn {
                        orig: key,
                        state,
                        last_seen: now,
                    },
                );
                self.created += 1;
                return Outcome {
                    verdict: Verdict::Forward(1 - port),
                    conn: Some(key.canonical()),
                    before: None,
                    after: Some(state),
                };
            }
        };
        Outcome {
            verdict,
            conn: None,
            before: None,
            after: None,
        }
    }

    /// Removes every connection timed out at `now`; returns their keys.
    pub fn expire(&mut self, now: u64) -> Vec<FlowKey> {
        let gone: Vec<FlowKey> = self
            .conns
            .iter()
            .filter(|(_, c)| c.expired(now))
            .map(|(k, _)| *k)
            .collect();
        for k in &gone {
            self.conns.remove(k);
        }
        self.expired += gone.len() as u64;
        gone
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conntrack::TcpClass;
    use std::net::Ipv4Addr;
    use wire::IpProtocol;

    fn key(sp: u16, dp: u16, proto: IpProtocol) -> FlowKey {
        FlowKey {
            src_addr: Ipv4Addr::new(10, 0, 0, 1),
            dst_addr: Ipv4Addr::new(192, 0, 2, 1),
            src_port: sp,
            dst_port: dp,
            protocol: proto,
        }
    }
    fn tcp(k: FlowKey, c: TcpClass) -> Pkt {
        Pkt {
            key: Some(k),
            kind: Kind::Tcp(c),
        }
    }

    #[test]
    fn inside_connection_passes_both_ways_and_strangers_do_not() {
        let mut t = Tracker::new(Policy::default());
        let k = key(40000, 443, IpProtocol::Tcp);
        let r = k.reversed();
        assert_eq!(
            t.process(0, INSIDE, &tcp(k, TcpClass::Syn), true).verdict,
            Verdict::Forward(1)
        );
        assert_eq!(
            t.process(1, OUTSIDE, &tcp(r, TcpClass::SynAck), true)
                .verdict,
            Verdict::Forward(0)
        );
        let o = t.process(2, INSIDE, &tcp(k, TcpClass::Ack), true);
        assert_eq!(o.after, Some(ProtoState::Tcp(TcpState::Established)));
        assert_eq!(
            t.process(3, OUTSIDE, &tcp(r, TcpClass::Ack), true).verdict,
            Verdict::Forward(0)
        );
        // An outside ACK of an unknown connection, and an outside SYN to a closed port.
        let s = key(1, 2, IpProtocol::Tcp).reversed();
        assert_eq!(
            t.process(4, OUTSIDE, &tcp(s, TcpClass::Ack), true).verdict,
            Verdict::Drop(DropReason::NoConnection)
        );
        assert_eq!(
            t.process(5, OUTSIDE, &tcp(s, TcpClass::Syn), true).verdict,
            Verdict::Drop(DropReason::Policy)
        );
    }

    #[test]
    fn inbound_needs_an_allowed_port() {
        let policy = Policy {
            allow_inbound: [22].into_iter().collect(),
        };
        let mut t = Tracker::new(policy);
        let ssh = key(5555, 22, IpProtocol::Tcp);
        let web = key(5555, 80, IpProtocol::Tcp);
        assert_eq!(
            t.process(0, OUTSIDE, &tcp(ssh, TcpClass::Syn), true)
                .verdict,
            Verdict::Forward(0)
        );
        assert!(matches!(
            t.process(0, OUTSIDE, &tcp(web, TcpClass::Syn), true)
                .verdict,
            Verdict::Drop(_)
        ));
    }

    #[test]
    fn udp_is_replied_by_a_reply_and_times_out_per_conntrack() {
        let mut t = Tracker::new(Policy::default());
        let k = key(5353, 53, IpProtocol::Udp);
        let udp = |k| Pkt {
            key: Some(k),
            kind: Kind::Udp,
        };
        let o = t.process(0, INSIDE, &udp(k), true);
        assert_eq!(o.after, Some(ProtoState::Udp { replied: false }));
        let o = t.process(1_000, OUTSIDE, &udp(k.reversed()), true);
        assert_eq!(o.after, Some(ProtoState::Udp { replied: true }));
        // 119 s idle: still there; 120 s after the last packet: gone (a reply from
        // outside then opens nothing).
        let s = 1_000_000_000u64;
        assert_eq!(
            t.process(1_000 + 119 * s, OUTSIDE, &udp(k.reversed()), true)
                .verdict,
            Verdict::Forward(0)
        );
        let late = 1_000 + 239 * s + 1;
        assert!(matches!(
            t.process(late, OUTSIDE, &udp(k.reversed()), true).verdict,
            Verdict::Drop(_)
        ));
    }

    #[test]
    fn echo_reply_needs_a_request() {
        let mut t = Tracker::new(Policy::default());
        let k = key(7, 7, IpProtocol::Icmp);
        let reply = Pkt {
            key: Some(k.reversed()),
            kind: Kind::EchoReply,
        };
        assert!(matches!(
            t.process(0, OUTSIDE, &reply, true).verdict,
            Verdict::Drop(_)
        ));
        let req = Pkt {
            key: Some(k),
            kind: Kind::EchoRequest,
        };
        assert_eq!(
            t.process(1, INSIDE, &req, true).verdict,
            Verdict::Forward(1)
        );
        let o = t.process(2, OUTSIDE, &reply, true);
        assert_eq!(o.after, Some(ProtoState::IcmpEcho { replied: true }));
    }

    #[test]
    fn syn_sent_expires_after_two_minutes() {
        let mut t = Tracker::new(Policy::default());
        let k = key(1000, 80, IpProtocol::Tcp);
        t.process(0, INSIDE, &tcp(k, TcpClass::Syn), true);
        let two_min = 120_000_000_000u64;
        assert_eq!(t.expire(two_min - 1).len(), 0);
        assert_eq!(t.expire(two_min), vec![k.canonical()]);
    }
}
