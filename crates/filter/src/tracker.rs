//! The connection table with the inbound policy: the all-on-CPU baseline filter
//! (netfilter-style: every packet runs the state machine), and the full-state half
//! of the CoFilter CPU agent.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use wire::FlowKey;

use crate::conntrack::{Dir, ProtoState, TcpClass, TcpOutcome, TcpState, Timeouts, tcp_transition};
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
/// `timeouts`: connection timeouts (the kernel's by default).
/// `max_conns`: the connection table's size ([`DEFAULT_MAX_CONNS`] by default,
/// `tandem filter run --max-conns`), as `nf_conntrack_max`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    /// Destination ports open to connections from outside.
    pub allow_inbound: BTreeSet<u16>,
    /// Connection timeouts.
    pub timeouts: Timeouts,
    /// Most connections tracked at once. A new connection that finds the
    /// table full evicts the oldest unassured one (early drop, counted in
    /// [`Tracker::early_drops`]); if every tracked connection is assured, the
    /// packet is dropped ([`DropReason::TableFull`]).
    pub max_conns: usize,
}

/// Default of [`Policy::max_conns`]: `nf_conntrack_max` of the kernel on the
/// machine of our measurements (Linux 6.x, 24 GB: 262,144, the hash table's
/// bucket count, as the kernel sizes it for machines of 4 GB and more).
pub const DEFAULT_MAX_CONNS: usize = 262_144;

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            allow_inbound: BTreeSet::new(),
            timeouts: Timeouts::default(),
            max_conns: DEFAULT_MAX_CONNS,
        }
    }
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
    /// Would open a connection while the table holds [`Policy::max_conns`]
    /// assured connections (the kernel's "table full, dropping packet").
    TableFull,
    /// Dropped by the switch's SYN meter before the state machine saw it
    /// (control-plane policing; CoFilter only).
    Shed,
}

/// A filter's decision for one packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Verdict {
    /// Send out of this port.
    Forward(u16),
    /// Drop.
    Drop(DropReason),
}

/// What the kernel remembers of a TCP connection beside its state and uses to
/// judge the next packets (`struct ip_ct_tcp`, without the sequence windows).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TcpMemo {
    /// Per direction (original, reply): this end sent the first FIN
    /// (`IP_CT_TCP_FLAG_CLOSE_INIT`).
    pub close_init: [bool; 2],
    /// Direction and class of the last packet that was accepted or ignored
    /// (`last_dir`, `last_index`).
    pub last: Option<(Dir, TcpClass)>,
    /// Simultaneous open seen (`IP_CT_TCP_SIMOPEN`).
    pub simopen: bool,
    /// An original SYN was ignored in LAST_ACK: the next reply ACK may be an
    /// RFC 5961 challenge ACK (`IP_CT_EXP_CHALLENGE_ACK`).
    pub challenge_ack: bool,
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
    /// A packet in the reply direction was accepted (`IPS_SEEN_REPLY`).
    pub seen_reply: bool,
    /// TCP details (default for other protocols).
    pub tcp: TcpMemo,
    /// The connection is assured (`IPS_ASSURED`): TCP once the handshake
    /// completed (an ACK moving SYN_RECV or ESTABLISHED to ESTABLISHED, as
    /// the kernel sets it), UDP once a reply was seen (the kernel waits for
    /// a packet 2 s after that; a simplification). ICMP never. Only
    /// unassured connections are evicted when the table is full.
    pub assured: bool,
}

impl Conn {
    /// True when the connection has timed out at `now` (ns) under `timeouts`.
    pub fn expired(&self, now: u64, timeouts: &Timeouts) -> bool {
        now.saturating_sub(self.last_seen) >= self.state.timeout_in(timeouts).as_nanos() as u64
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
/// At most [`Policy::max_conns`] connections; the keys of unassured ones
/// in creation order (the eviction candidates: entries that have since been
/// removed or assured are skipped when reached, and swept out when they
/// outnumber the table).
/// # Counters
/// `created`, `expired`, `early_drops`, `table_full_drops`.
#[derive(Debug, Clone, Default)]
pub struct Tracker {
    policy: Policy,
    conns: HashMap<FlowKey, Conn>,
    unassured: VecDeque<FlowKey>,
    evicted: Vec<FlowKey>,
    /// Connections created.
    pub created: u64,
    /// Connections found expired (lazily or by [`Tracker::expire`]).
    pub expired: u64,
    /// Unassured connections evicted to make room for a new one (the
    /// kernel's `early_drop`).
    pub early_drops: u64,
    /// Packets dropped because the table was full of assured connections.
    pub table_full_drops: u64,
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

    /// The most connections tracked at once.
    pub fn max_conns(&self) -> usize {
        self.policy.max_conns
    }

    /// The connection the last [`Tracker::process`] evicted (early drop), by
    /// canonical key, if any and not taken yet: a caller that placed it
    /// elsewhere (the agent's switch entries) removes it there too. Each
    /// call of `process` forgets what the previous one evicted, so a caller
    /// that never asks (the baseline) keeps nothing.
    pub fn take_evicted(&mut self) -> Vec<FlowKey> {
        std::mem::take(&mut self.evicted)
    }

    /// Makes room for one new connection other than `keep`: evicts the
    /// oldest unassured connection if the table is full. False if the table
    /// is full of assured connections.
    fn make_room(&mut self, keep: &FlowKey) -> bool {
        if self.conns.len() < self.policy.max_conns.max(1) {
            return true;
        }
        while let Some(k) = self.unassured.pop_front() {
            if k == *keep || self.conns.get(&k).is_none_or(|c| c.assured) {
                continue;
            }
            self.conns.remove(&k);
            self.early_drops += 1;
            self.evicted.push(k);
            return true;
        }
        self.table_full_drops += 1;
        false
    }

    /// Notes a new unassured connection as an eviction candidate; sweeps the
    /// candidates that are gone or assured when they outnumber twice the
    /// table (so the queue stays within a constant factor of the table,
    /// amortised O(1) per connection).
    fn note_unassured(&mut self, k: FlowKey) {
        self.unassured.push_back(k);
        if self.unassured.len() > 2 * self.conns.len().max(1024) {
            let mut seen = HashSet::new();
            let conns = &self.conns;
            self.unassured
                .retain(|k| conns.get(k).is_some_and(|c| !c.assured) && seen.insert(*k));
        }
    }

    /// Marks a connection as active at `now` (the agent's idle scan found its
    /// switch activity bit set).
    pub fn touch(&mut self, canonical: &FlowKey, now: u64) {
        if let Some(c) = self.conns.get_mut(canonical) {
            c.last_seen = c.last_seen.max(now);
        }
    }

    /// Brings an offloaded TCP connection's state up to the teardown the switch
    /// followed in its 2-bit state (`fins`: FINs the switch counted, 1 or 2;
    /// read from the cell when a packet of the connection reaches the CPU, and by
    /// idle scans). ESTABLISHED → FIN_WAIT after one FIN, → LAST_ACK after two;
    /// a state already as far (or further) is kept. The FINs' ends are unknown:
    /// the memo records the first as the original end's (only whether some end
    /// closed is ever read) and the last packet as a FIN, as the kernel's would
    /// be. The switch cannot tell FIN_WAIT from CLOSE_WAIT (only their timeouts
    /// differ: 120 s, 60 s); this keeps FIN_WAIT.
    pub fn follow_switch_teardown(&mut self, canonical: &FlowKey, fins: u8) {
        let Some(c) = self.conns.get_mut(canonical) else {
            return;
        };
        let ProtoState::Tcp(old) = c.state else {
            return;
        };
        let new = match (old, fins) {
            (TcpState::Established, 1) => TcpState::FinWait,
            (TcpState::Established | TcpState::FinWait | TcpState::CloseWait, 2) => {
                TcpState::LastAck
            }
            _ => return,
        };
        if old == TcpState::Established {
            c.tcp.close_init[Dir::Original as usize] = true;
        }
        c.tcp.last = Some((Dir::Original, TcpClass::Fin));
        c.state = ProtoState::Tcp(new);
    }

    /// Runs one packet received at `now` (ns) on `port` through the policy and the
    /// state machine. `lazy_expiry`: treat a timed-out connection as gone (the
    /// baseline; the agent expires offloaded connections by scans instead).
    pub fn process(&mut self, now: u64, port: u16, pkt: &Pkt, lazy_expiry: bool) -> Outcome {
        self.evicted.clear();
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
        let timeouts = self.policy.timeouts;
        if lazy_expiry
            && self
                .conns
                .get(&canon)
                .is_some_and(|c| c.expired(now, &timeouts))
        {
            self.conns.remove(&canon);
            self.expired += 1;
        }
        let out = 1 - port;
        if pkt.kind == Kind::IcmpError {
            // RELATED: an ICMP error quoting a packet of a tracked connection passes
            // and changes nothing; one quoting no connection is invalid.
            return match self.conns.get(&canon) {
                Some(c) => Outcome {
                    verdict: Verdict::Forward(out),
                    conn: Some(canon),
                    before: Some(c.state),
                    after: Some(c.state),
                },
                None => drop(DropReason::NoConnection),
            };
        }
        let Some(conn) = self.conns.get(&canon).copied() else {
            return self.open(now, port, key, pkt.kind);
        };
        let dir = if key == conn.orig {
            Dir::Original
        } else {
            Dir::Reply
        };
        let invalid = |conn: &Conn| Outcome {
            verdict: Verdict::Drop(DropReason::Invalid),
            conn: Some(canon),
            before: Some(conn.state),
            after: Some(conn.state),
        };
        let mut c = conn;
        match (conn.state, pkt.kind) {
            (ProtoState::Tcp(s), Kind::Tcp(class)) => match tcp_step(&mut c, s, class, dir) {
                TcpStep::Invalid => return invalid(&conn),
                TcpStep::Reopen => {
                    // A SYN reopening a finished connection starts a new one, which
                    // the policy judges afresh (the kernel destroys the old entry).
                    self.conns.remove(&canon);
                    return self.open(now, port, key, pkt.kind);
                }
                TcpStep::Ignore => {
                    // Accepted; the state and its timer are unchanged.
                    c.seen_reply |= dir == Dir::Reply;
                    self.conns.insert(canon, c);
                    return Outcome {
                        verdict: Verdict::Forward(out),
                        conn: Some(canon),
                        before: Some(conn.state),
                        after: Some(conn.state),
                    };
                }
                TcpStep::Kill => {
                    // An RST before any reply: the kernel deletes the entry at once.
                    self.conns.remove(&canon);
                    return Outcome {
                        verdict: Verdict::Forward(out),
                        conn: Some(canon),
                        before: Some(conn.state),
                        after: None,
                    };
                }
                TcpStep::Accept { refresh } => {
                    if refresh {
                        c.last_seen = now;
                    }
                    if matches!(s, TcpState::SynRecv | TcpState::Established)
                        && c.state == ProtoState::Tcp(TcpState::Established)
                    {
                        c.assured = true;
                    }
                }
            },
            (ProtoState::Udp { replied }, Kind::Udp) => {
                c.state = ProtoState::Udp {
                    replied: replied || dir == Dir::Reply,
                };
                c.assured |= dir == Dir::Reply;
                c.last_seen = now;
            }
            (ProtoState::IcmpEcho { replied }, Kind::EchoRequest | Kind::EchoReply) => {
                match (pkt.kind, dir) {
                    (Kind::EchoRequest, Dir::Original) => {}
                    (Kind::EchoReply, Dir::Reply) => {}
                    // A request against the direction of the tracked exchange is
                    // another exchange (the kernel's tuple holds the ICMP type),
                    // which the policy judges; a reply in the direction of the
                    // requests answers none.
                    (Kind::EchoRequest, Dir::Reply)
                        if !self.policy.allows(port, &key, pkt.kind) =>
                    {
                        return drop(DropReason::Policy);
                    }
                    (Kind::EchoRequest, Dir::Reply) => {
                        return Outcome {
                            verdict: Verdict::Forward(out),
                            conn: None,
                            before: None,
                            after: None,
                        };
                    }
                    _ => return invalid(&conn),
                }
                c.state = ProtoState::IcmpEcho {
                    replied: replied || pkt.kind == Kind::EchoReply,
                };
                c.last_seen = now;
            }
            // Same canonical key, other protocol class (cannot happen: the protocol
            // is part of the key), or an untracked kind: invalid.
            _ => return invalid(&conn),
        }
        c.seen_reply |= dir == Dir::Reply;
        self.conns.insert(canon, c);
        Outcome {
            verdict: Verdict::Forward(out),
            conn: Some(canon),
            before: Some(conn.state),
            after: Some(c.state),
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
            Kind::EchoReply | Kind::IcmpError | Kind::Untracked => None,
        };
        let verdict = match state {
            None => Verdict::Drop(DropReason::NoConnection),
            Some(_) if !self.policy.allows(port, &key, kind) => Verdict::Drop(DropReason::Policy),
            Some(_) if !self.make_room(&key.canonical()) => Verdict::Drop(DropReason::TableFull),
            Some(state) => {
                self.note_unassured(key.canonical());
                self.conns.insert(
                    key.canonical(),
                    Conn {
                        orig: key,
                        state,
                        last_seen: now,
                        seen_reply: false,
                        tcp: TcpMemo {
                            last: match kind {
                                Kind::Tcp(class) => Some((Dir::Original, class)),
                                _ => None,
                            },
                            ..TcpMemo::default()
                        },
                        assured: false,
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
            .filter(|(_, c)| c.expired(now, &self.policy.timeouts))
            .map(|(k, _)| *k)
            .collect();
        for k in &gone {
            self.conns.remove(k);
        }
        self.expired += gone.len() as u64;
        gone
    }
}

/// What the TCP tracker does with a segment of a tracked connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TcpStep {
    /// Accept; `conn` holds the new state; `refresh` the timer.
    Accept {
        /// Restart the connection's timer.
        refresh: bool,
    },
    /// Accept without changing the state or its timer (`sIG` and its kin).
    Ignore,
    /// Drop as invalid.
    Invalid,
    /// Accept and delete the connection.
    Kill,
    /// Delete the connection and judge the packet as a new one.
    Reopen,
}

/// nf_conntrack's TCP step without sequence windows (`nf_conntrack_tcp_packet`
/// with `nf_conntrack_tcp_be_liberal = 1`): the state table, then the cases the
/// table cannot express — reopening a finished connection, resynchronising on a
/// SYN-ACK that answers an ignored SYN, simultaneous open, RFC 5961 challenge
/// ACKs, and deleting a connection whose first answer is an RST. Writes the new
/// state and memo into `c`.
fn tcp_step(c: &mut Conn, old: TcpState, class: TcpClass, dir: Dir) -> TcpStep {
    let mut new = match tcp_transition(old, class, dir) {
        TcpOutcome::Invalid => return TcpStep::Invalid,
        TcpOutcome::Next(n) => Some(n),
        TcpOutcome::Ignore => None,
    };
    if new == Some(TcpState::SynSent) && matches!(old, TcpState::TimeWait | TcpState::Close) {
        // Reopen only a connection that was closed by a FIN, or aborted by an RST
        // from the same end as this SYN; otherwise the SYN is ignored.
        if c.tcp.close_init.iter().any(|&x| x) || c.tcp.last == Some((dir, TcpClass::Rst)) {
            return TcpStep::Reopen;
        }
        new = None;
    }
    let answers_ignored_syn =
        || class == TcpClass::SynAck && matches!(c.tcp.last, Some((l, TcpClass::Syn)) if l != dir);
    let mut new = match new {
        Some(n) => n,
        None if answers_ignored_syn() => {
            // A SYN-ACK answering a SYN that was ignored: the ends are in sync, the
            // tracker was not; it follows them into SYN_RECV and forgets how the
            // old connection ended.
            c.tcp.close_init = [false; 2];
            c.tcp.challenge_ack = false;
            TcpState::SynRecv
        }
        None => {
            if class == TcpClass::Syn && dir == Dir::Original {
                c.tcp.simopen = false;
                c.tcp.challenge_ack = old == TcpState::LastAck;
            }
            c.tcp.last = Some((dir, class));
            return TcpStep::Ignore;
        }
    };
    match new {
        TcpState::TimeWait
            if old == TcpState::LastAck
                && class == TcpClass::Ack
                && c.tcp.challenge_ack
                && matches!(c.tcp.last, Some((l, TcpClass::Syn)) if l != dir) =>
        {
            // The answer to a SYN in LAST_ACK is a challenge ACK, not the ACK of
            // the last FIN.
            c.tcp.challenge_ack = false;
            return TcpStep::Ignore;
        }
        TcpState::SynSent2 => c.tcp.simopen = true,
        TcpState::SynRecv if dir == Dir::Reply && class == TcpClass::Ack && c.tcp.simopen => {
            new = TcpState::Established;
        }
        _ => {}
    }
    c.tcp.last = Some((dir, class));
    c.state = ProtoState::Tcp(new);
    if old != new && new == TcpState::FinWait {
        c.tcp.close_init[dir as usize] = true;
    }
    // `seen_reply` still says whether a reply came *before* this packet: the
    // kernel sets it after the protocol handler ran.
    if !c.seen_reply {
        if class == TcpClass::Rst {
            return TcpStep::Kill;
        }
        if class == TcpClass::Syn && old == TcpState::SynSent {
            // A retransmitted SYN does not extend the entry's life.
            return TcpStep::Accept { refresh: false };
        }
    }
    TcpStep::Accept { refresh: true }
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
            plain: true,
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
            ..Policy::default()
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
            plain: true,
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
            plain: true,
        };
        assert!(matches!(
            t.process(0, OUTSIDE, &reply, true).verdict,
            Verdict::Drop(_)
        ));
        let req = Pkt {
            key: Some(k),
            kind: Kind::EchoRequest,
            plain: true,
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

    fn tcp_state(t: &Tracker, k: FlowKey) -> Option<TcpState> {
        t.get(&k.canonical()).map(|c| match c.state {
            ProtoState::Tcp(s) => s,
            other => panic!("not tcp: {other:?}"),
        })
    }

    #[test]
    fn rst_before_any_reply_deletes_the_connection() {
        let mut t = Tracker::new(Policy::default());
        let k = key(1001, 80, IpProtocol::Tcp);
        t.process(0, INSIDE, &tcp(k, TcpClass::Syn), true);
        // The server's RST answers the SYN: accepted, and the entry is gone, so a
        // later ACK belongs to nothing.
        let o = t.process(1, OUTSIDE, &tcp(k.reversed(), TcpClass::Rst), true);
        assert_eq!(o.verdict, Verdict::Forward(0));
        assert_eq!(o.after, None);
        assert!(t.get(&k.canonical()).is_none());
        assert_eq!(
            t.process(2, INSIDE, &tcp(k, TcpClass::Ack), true).verdict,
            Verdict::Drop(DropReason::NoConnection)
        );
        // After a reply the RST only closes: data still passes in CLOSE.
        let k = key(1002, 80, IpProtocol::Tcp);
        t.process(0, INSIDE, &tcp(k, TcpClass::Syn), true);
        t.process(1, OUTSIDE, &tcp(k.reversed(), TcpClass::SynAck), true);
        t.process(2, OUTSIDE, &tcp(k.reversed(), TcpClass::Rst), true);
        assert_eq!(tcp_state(&t, k), Some(TcpState::Close));
        assert_eq!(
            t.process(3, INSIDE, &tcp(k, TcpClass::Ack), true).verdict,
            Verdict::Forward(1)
        );
    }

    #[test]
    fn a_syn_reopens_close_only_after_its_own_rst_or_a_fin() {
        let open = |t: &mut Tracker, k: FlowKey| {
            t.process(0, INSIDE, &tcp(k, TcpClass::Syn), true);
            t.process(1, OUTSIDE, &tcp(k.reversed(), TcpClass::SynAck), true);
            t.process(2, INSIDE, &tcp(k, TcpClass::Ack), true);
        };
        let mut t = Tracker::new(Policy::default());
        // RST from the server, then a SYN from the client: ignored (accepted, the
        // state stays CLOSE) ...
        let k = key(2001, 80, IpProtocol::Tcp);
        open(&mut t, k);
        t.process(3, OUTSIDE, &tcp(k.reversed(), TcpClass::Rst), true);
        let o = t.process(4, INSIDE, &tcp(k, TcpClass::Syn), true);
        assert_eq!(o.verdict, Verdict::Forward(1));
        assert_eq!(tcp_state(&t, k), Some(TcpState::Close));
        // ... until the server's SYN-ACK answers it: then SYN_RECV.
        t.process(5, OUTSIDE, &tcp(k.reversed(), TcpClass::SynAck), true);
        assert_eq!(tcp_state(&t, k), Some(TcpState::SynRecv));
        // RST from the client, then its SYN: a new connection.
        let k = key(2002, 80, IpProtocol::Tcp);
        open(&mut t, k);
        t.process(3, INSIDE, &tcp(k, TcpClass::Rst), true);
        let created = t.created;
        t.process(4, INSIDE, &tcp(k, TcpClass::Syn), true);
        assert_eq!(tcp_state(&t, k), Some(TcpState::SynSent));
        assert_eq!(t.created, created + 1);
    }

    #[test]
    fn simultaneous_open_is_established_by_the_reply_ack() {
        let mut t = Tracker::new(Policy::default());
        let k = key(3001, 80, IpProtocol::Tcp);
        let r = k.reversed();
        t.process(0, INSIDE, &tcp(k, TcpClass::Syn), true);
        t.process(1, OUTSIDE, &tcp(r, TcpClass::Syn), true);
        assert_eq!(tcp_state(&t, k), Some(TcpState::SynSent2));
        t.process(2, INSIDE, &tcp(k, TcpClass::SynAck), true);
        assert_eq!(tcp_state(&t, k), Some(TcpState::SynRecv));
        t.process(3, OUTSIDE, &tcp(r, TcpClass::Ack), true);
        assert_eq!(tcp_state(&t, k), Some(TcpState::Established));
    }

    #[test]
    fn icmp_errors_pass_only_for_a_tracked_connection() {
        let mut t = Tracker::new(Policy::default());
        let k = key(4001, 53, IpProtocol::Udp);
        let err = |quoted: FlowKey| Pkt {
            key: Some(quoted),
            kind: Kind::IcmpError,
            plain: true,
        };
        assert_eq!(
            t.process(0, OUTSIDE, &err(k), true).verdict,
            Verdict::Drop(DropReason::NoConnection)
        );
        t.process(
            1,
            INSIDE,
            &Pkt {
                key: Some(k),
                kind: Kind::Udp,
                plain: true,
            },
            true,
        );
        let o = t.process(2, OUTSIDE, &err(k), true);
        assert_eq!(o.verdict, Verdict::Forward(0));
        assert_eq!(o.after, Some(ProtoState::Udp { replied: false }));
    }

    #[test]
    fn echo_requests_and_replies_keep_their_directions() {
        let mut t = Tracker::new(Policy::default());
        let k = key(9, 9, IpProtocol::Icmp);
        let p = |k, kind| Pkt {
            key: Some(k),
            kind,
            plain: true,
        };
        t.process(0, INSIDE, &p(k, Kind::EchoRequest), true);
        // A request from the other side is another exchange, from outside: refused.
        assert_eq!(
            t.process(1, OUTSIDE, &p(k.reversed(), Kind::EchoRequest), true)
                .verdict,
            Verdict::Drop(DropReason::Policy)
        );
        // A reply in the direction of the requests answers nothing.
        assert_eq!(
            t.process(2, INSIDE, &p(k, Kind::EchoReply), true).verdict,
            Verdict::Drop(DropReason::Invalid)
        );
        assert_eq!(
            t.process(3, OUTSIDE, &p(k.reversed(), Kind::EchoReply), true)
                .verdict,
            Verdict::Forward(0)
        );
    }

    #[test]
    fn timeouts_are_configurable_by_sysctl_name() {
        let mut to = Timeouts::default();
        to.set_from("time_wait=2").expect("time_wait");
        to.set_from("udp=3").expect("udp");
        assert_eq!(
            to.tcp(TcpState::TimeWait),
            std::time::Duration::from_secs(2)
        );
        assert_eq!(to.udp, std::time::Duration::from_secs(3));
        let e = to.set_from("timewait=2").expect_err("unknown name");
        assert!(e.contains("timewait") && e.contains("time_wait"), "{e}");
        assert!(to.set_from("close").is_err());
        assert!(to.set_from("close=soon").is_err());
        let mut t = Tracker::new(Policy {
            timeouts: to,
            ..Policy::default()
        });
        let k = key(5001, 80, IpProtocol::Tcp);
        for (i, (c, port, kk)) in [
            (TcpClass::Syn, INSIDE, k),
            (TcpClass::SynAck, OUTSIDE, k.reversed()),
            (TcpClass::Fin, INSIDE, k),
            (TcpClass::Fin, OUTSIDE, k.reversed()),
            (TcpClass::Ack, INSIDE, k),
        ]
        .into_iter()
        .enumerate()
        {
            t.process(i as u64, port, &tcp(kk, c), true);
        }
        assert_eq!(tcp_state(&t, k), Some(TcpState::TimeWait));
        let s = 1_000_000_000;
        assert_eq!(t.expire(4 + 2 * s - 1).len(), 0);
        assert_eq!(t.expire(4 + 2 * s).len(), 1);
    }

    fn capped(n: usize) -> Tracker {
        Tracker::new(Policy {
            max_conns: n,
            ..Policy::default()
        })
    }

    #[test]
    fn a_full_table_evicts_the_oldest_unassured_connection() {
        let mut t = capped(3);
        let ks: Vec<FlowKey> = (0..4).map(|i| key(1000 + i, 80, IpProtocol::Tcp)).collect();
        for (i, k) in ks.iter().take(3).enumerate() {
            let v = t.process(i as u64, INSIDE, &tcp(*k, TcpClass::Syn), true);
            assert_eq!(v.verdict, Verdict::Forward(1));
        }
        // Connection 1 completes its handshake: assured.
        t.process(10, OUTSIDE, &tcp(ks[1].reversed(), TcpClass::SynAck), true);
        t.process(11, INSIDE, &tcp(ks[1], TcpClass::Ack), true);
        assert!(t.get(&ks[1].canonical()).is_some_and(|c| c.assured));
        assert!(t.get(&ks[0].canonical()).is_some_and(|c| !c.assured));
        // A fourth SYN evicts the oldest unassured one (0), not the assured 1.
        let o = t.process(20, INSIDE, &tcp(ks[3], TcpClass::Syn), true);
        assert_eq!(o.verdict, Verdict::Forward(1));
        assert_eq!(t.len(), 3);
        assert_eq!(t.early_drops, 1);
        assert_eq!(t.take_evicted(), vec![ks[0].canonical()]);
        assert!(t.take_evicted().is_empty());
        assert!(t.get(&ks[0].canonical()).is_none());
        assert!(t.get(&ks[1].canonical()).is_some());
        // The evicted connection's SYN-ACK finds nothing.
        assert_eq!(
            t.process(21, OUTSIDE, &tcp(ks[0].reversed(), TcpClass::SynAck), true)
                .verdict,
            Verdict::Drop(DropReason::NoConnection)
        );
    }

    #[test]
    fn a_table_full_of_assured_connections_drops_new_ones() {
        let mut t = capped(2);
        let udp = |k| Pkt {
            key: Some(k),
            kind: Kind::Udp,
            plain: true,
        };
        for i in 0..2 {
            let k = key(2000 + i, 53, IpProtocol::Udp);
            t.process(0, INSIDE, &udp(k), true);
            t.process(1, OUTSIDE, &udp(k.reversed()), true);
        }
        let k = key(2100, 53, IpProtocol::Udp);
        assert_eq!(
            t.process(2, INSIDE, &udp(k), true).verdict,
            Verdict::Drop(DropReason::TableFull)
        );
        assert_eq!((t.table_full_drops, t.early_drops, t.len()), (1, 0, 2));
        // Once one expires (lazily, when its key is seen again) there is room.
        let late = 2 + 200 * 1_000_000_000;
        let old = key(2000, 53, IpProtocol::Udp);
        assert_eq!(
            t.process(late, INSIDE, &udp(old), true).verdict,
            Verdict::Forward(1),
            "reopened after expiry"
        );
    }

    #[test]
    fn a_flood_keeps_the_table_and_its_candidates_bounded() {
        let cap = 1000;
        let mut t = capped(cap);
        let mut ts = 0;
        for round in 0..50u16 {
            for i in 0..2000u16 {
                let mut k = key(i, 80, IpProtocol::Tcp);
                k.src_addr = Ipv4Addr::new(10, 1, (round % 250) as u8, 1);
                ts += 1_000;
                t.process(ts, INSIDE, &tcp(k, TcpClass::Syn), true);
            }
        }
        assert_eq!(t.len(), cap);
        assert_eq!(t.early_drops, 50 * 2000 - cap as u64);
        assert!(t.unassured.len() <= 2 * 1024 + 1, "{}", t.unassured.len());
        assert_eq!(t.take_evicted().len(), 1, "only the last call's eviction");
        assert!(t.take_evicted().is_empty());
    }
}
