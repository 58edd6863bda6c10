//! Connection-tracking semantics equivalent to Linux `nf_conntrack`.
//!
//! TCP follows the state table of `net/netfilter/nf_conntrack_proto_tcp.c`
//! (`tcp_conntracks[dir][class][state]`): ten states, six packet classes, two
//! directions. UDP has *unreplied* and *replied* (the kernel's `IPS_SEEN_REPLY`,
//! after which the connection is assured and gets the stream timeout); ICMP echo is
//! tracked by identifier with a reply. Two deliberate differences from the kernel,
//! both shared by the baseline and by CoFilter (so they never make the two differ):
//!
//! * **No window tracking.** The kernel also checks sequence and ack numbers
//!   against the windows it tracks (`tcp_in_window`); a switch cannot, so neither
//!   do we. A packet is judged by its flags and the connection's state alone.
//! * **No mid-stream pickup.** `nf_conntrack_tcp_loose = 1` lets an ACK create an
//!   ESTABLISHED entry; a stateful *filter* must not, so ACK in NONE is invalid.

use std::time::Duration;

/// Direction of a packet relative to the connection's first packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Dir {
    /// Same direction as the packet that created the connection.
    Original,
    /// The opposite direction.
    Reply,
}

/// TCP connection states (`enum tcp_conntrack`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum TcpState {
    /// No connection (`sNO`).
    None,
    /// SYN seen (`sSS`).
    SynSent,
    /// SYN-ACK seen (`sSR`).
    SynRecv,
    /// Three-way handshake completed (`sES`).
    Established,
    /// FIN seen (`sFW`).
    FinWait,
    /// ACK of the FIN seen (`sCW`).
    CloseWait,
    /// FIN in the other direction seen (`sLA`).
    LastAck,
    /// Last ACK seen (`sTW`).
    TimeWait,
    /// Closed, e.g. by RST (`sCL`).
    Close,
    /// Simultaneous open: SYN in both directions (`sS2`).
    SynSent2,
}

/// The class of a TCP segment (`enum tcp_bit_set`), from its flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum TcpClass {
    /// SYN without ACK.
    Syn,
    /// SYN with ACK.
    SynAck,
    /// FIN (no RST).
    Fin,
    /// ACK alone (data segments are ACKs).
    Ack,
    /// RST.
    Rst,
    /// None of the above (e.g. a bare segment without ACK).
    None,
}

impl TcpClass {
    /// Classifies by flags in the kernel's precedence: RST, SYN(+ACK), FIN, ACK.
    pub fn from_flags(flags: wire::TcpFlags) -> TcpClass {
        use wire::TcpFlags as F;
        if flags.contains(F::RST) {
            TcpClass::Rst
        } else if flags.contains(F::SYN) {
            if flags.contains(F::ACK) {
                TcpClass::SynAck
            } else {
                TcpClass::Syn
            }
        } else if flags.contains(F::FIN) {
            TcpClass::Fin
        } else if flags.contains(F::ACK) {
            TcpClass::Ack
        } else {
            TcpClass::None
        }
    }
}

/// What the state table says about a packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum TcpOutcome {
    /// Accept the packet; the connection moves to (or stays in) this state.
    Next(TcpState),
    /// `sIG`: the packet is accepted but does not change the state.
    Ignore,
    /// `sIV`: the packet is invalid and dropped; the state is unchanged.
    Invalid,
}

/// The TCP state machine: one exhaustive function equivalent to
/// `tcp_conntracks[dir][class][state]` of nf_conntrack (Linux 6.x), with the
/// two differences listed in the module documentation.
pub fn tcp_transition(state: TcpState, class: TcpClass, dir: Dir) -> TcpOutcome {
    use Dir::{Original as O, Reply as R};
    use TcpClass as C;
    use TcpOutcome::{Ignore as IG, Invalid as IV, Next};
    use TcpState::*;
    match (class, dir, state) {
        // A new connection starts with a SYN; one that ended (TIME_WAIT, CLOSE) may
        // be reopened by one. SYN retransmissions keep SYN_SENT.
        (C::Syn, O, None | SynSent | TimeWait | Close) => Next(SynSent),
        (C::Syn, O, SynSent2) => Next(SynSent2),
        (C::Syn, O, SynRecv | Established | FinWait | CloseWait | LastAck) => IG,
        // Simultaneous open: the responder sends its own SYN.
        (C::Syn, R, SynSent | SynSent2) => Next(SynSent2),
        (C::Syn, R, TimeWait) => Next(SynSent),
        (C::Syn, R, None | SynRecv | Established | FinWait | CloseWait | LastAck | Close) => IV,

        (C::SynAck, O, SynRecv | SynSent2) => Next(SynRecv),
        (C::SynAck, O, _) => IV,
        (C::SynAck, R, SynSent | SynSent2) => Next(SynRecv),
        (C::SynAck, R, None) => IV,
        (
            C::SynAck,
            R,
            SynRecv | Established | FinWait | CloseWait | LastAck | TimeWait | Close,
        ) => IG,

        // FIN is symmetric.
        (C::Fin, _, SynRecv | Established) => Next(FinWait),
        (C::Fin, _, FinWait | CloseWait | LastAck) => Next(LastAck),
        (C::Fin, _, TimeWait) => Next(TimeWait),
        (C::Fin, _, Close) => Next(Close),
        (C::Fin, _, None | SynSent | SynSent2) => IV,

        // The ACK that completes the handshake is the client's (original) ACK in
        // SYN_RECV; the server's ACK there keeps SYN_RECV.
        (C::Ack, O, SynRecv | Established) => Next(Established),
        (C::Ack, O, None | SynSent | SynSent2) => IV,
        (C::Ack, R, SynRecv) => Next(SynRecv),
        (C::Ack, R, Established) => Next(Established),
        (C::Ack, R, None) => IV,
        (C::Ack, R, SynSent | SynSent2) => IG,
        (C::Ack, _, FinWait | CloseWait) => Next(CloseWait),
        (C::Ack, _, LastAck | TimeWait) => Next(TimeWait),
        (C::Ack, _, Close) => Next(Close),

        (C::Rst, _, None) => IV,
        (C::Rst, _, _) => Next(Close),

        (C::None, _, _) => IV,
    }
}

/// Default TCP timeouts of nf_conntrack (`tcp_timeouts[]`, sysctl
/// `nf_conntrack_tcp_timeout_*`).
pub fn tcp_timeout(state: TcpState) -> Duration {
    const MIN: u64 = 60;
    Duration::from_secs(match state {
        TcpState::None => 0,
        TcpState::SynSent => 2 * MIN,
        TcpState::SynRecv => 60,
        TcpState::Established => 5 * 24 * 60 * MIN,
        TcpState::FinWait => 2 * MIN,
        TcpState::CloseWait => 60,
        TcpState::LastAck => 30,
        TcpState::TimeWait => 2 * MIN,
        TcpState::Close => 10,
        TcpState::SynSent2 => 2 * MIN,
    })
}

/// `nf_conntrack_udp_timeout`: a UDP flow that has seen no reply.
pub const UDP_UNREPLIED_TIMEOUT: Duration = Duration::from_secs(30);
/// `nf_conntrack_udp_timeout_stream`: a replied (assured) UDP flow.
pub const UDP_REPLIED_TIMEOUT: Duration = Duration::from_secs(120);
/// `nf_conntrack_icmp_timeout`.
pub const ICMP_TIMEOUT: Duration = Duration::from_secs(30);

/// Protocol state of one tracked connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum ProtoState {
    /// TCP in this state.
    Tcp(TcpState),
    /// UDP; `replied` once a packet in the reply direction was seen.
    Udp {
        /// A reply was seen (kernel: `IPS_SEEN_REPLY`, then assured).
        replied: bool,
    },
    /// ICMP echo; `replied` once an echo reply was seen.
    IcmpEcho {
        /// An echo reply was seen.
        replied: bool,
    },
}

impl ProtoState {
    /// How long the connection lives without packets in this state.
    pub fn timeout(self) -> Duration {
        match self {
            ProtoState::Tcp(s) => tcp_timeout(s),
            ProtoState::Udp { replied: false } => UDP_UNREPLIED_TIMEOUT,
            ProtoState::Udp { replied: true } => UDP_REPLIED_TIMEOUT,
            ProtoState::IcmpEcho { .. } => ICMP_TIMEOUT,
        }
    }

    /// True when data packets of the connection may be decided by the switch alone:
    /// a TCP connection in ESTABLISHED (only plain ACK segments keep it there) or a
    /// replied UDP flow (every further packet keeps it replied).
    pub fn is_offloadable(self) -> bool {
        matches!(
            self,
            ProtoState::Tcp(TcpState::Established) | ProtoState::Udp { replied: true }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Dir::{Original as O, Reply as R};
    use TcpClass as C;
    use TcpOutcome::*;
    use TcpState::*;

    const ALL: [TcpState; 10] = [
        None,
        SynSent,
        SynRecv,
        Established,
        FinWait,
        CloseWait,
        LastAck,
        TimeWait,
        Close,
        SynSent2,
    ];

    fn run(steps: &[(C, Dir)]) -> TcpState {
        let mut s = None;
        for &(c, d) in steps {
            match tcp_transition(s, c, d) {
                Next(n) => s = n,
                other => panic!("{c:?} {d:?} in {s:?} gave {other:?}"),
            }
        }
        s
    }

    #[test]
    fn three_way_handshake_then_orderly_close() {
        // RFC 9293 §3.5 figure 13 as nf_conntrack sees it.
        assert_eq!(run(&[(C::Syn, O), (C::SynAck, R)]), SynRecv);
        assert_eq!(
            run(&[(C::Syn, O), (C::SynAck, R), (C::Ack, O)]),
            Established
        );
        let close = [
            (C::Syn, O),
            (C::SynAck, R),
            (C::Ack, O),
            (C::Fin, O),
            (C::Ack, R),
            (C::Fin, R),
            (C::Ack, O),
        ];
        assert_eq!(run(&close[..4]), FinWait);
        assert_eq!(run(&close[..5]), CloseWait);
        assert_eq!(run(&close[..6]), LastAck);
        assert_eq!(run(&close), TimeWait);
    }

    #[test]
    fn simultaneous_open_goes_through_syn_sent2() {
        assert_eq!(
            run(&[(C::Syn, O), (C::Syn, R), (C::SynAck, O), (C::Ack, O)]),
            Established
        );
    }

    #[test]
    fn rst_closes_every_tracked_state_and_is_invalid_without_one() {
        for s in ALL {
            let want = if s == None { Invalid } else { Next(Close) };
            assert_eq!(tcp_transition(s, C::Rst, O), want, "{s:?}");
            assert_eq!(tcp_transition(s, C::Rst, R), want, "{s:?}");
        }
    }

    #[test]
    fn only_a_syn_opens_a_connection() {
        for c in [C::SynAck, C::Fin, C::Ack, C::Rst, C::None] {
            for d in [O, R] {
                assert_eq!(tcp_transition(None, c, d), Invalid, "{c:?} {d:?}");
            }
        }
        assert_eq!(tcp_transition(None, C::Syn, O), Next(SynSent));
    }

    #[test]
    fn syn_reopens_time_wait_and_is_ignored_mid_connection() {
        assert_eq!(tcp_transition(TimeWait, C::Syn, O), Next(SynSent));
        assert_eq!(tcp_transition(Close, C::Syn, O), Next(SynSent));
        assert_eq!(tcp_transition(Established, C::Syn, O), Ignore);
        // A SYN-ACK retransmitted by the server after the handshake is ignored.
        assert_eq!(tcp_transition(Established, C::SynAck, R), Ignore);
        // The client never sends a SYN-ACK outside simultaneous open.
        assert_eq!(tcp_transition(SynSent, C::SynAck, O), Invalid);
    }

    #[test]
    fn data_in_established_keeps_it_and_needs_ack() {
        assert_eq!(tcp_transition(Established, C::Ack, O), Next(Established));
        assert_eq!(tcp_transition(Established, C::Ack, R), Next(Established));
        assert_eq!(tcp_transition(Established, C::None, O), Invalid);
    }

    #[test]
    fn flags_classify_in_kernel_precedence() {
        use wire::TcpFlags as F;
        let both = |a: F, b: F| F(a.0 | b.0);
        assert_eq!(TcpClass::from_flags(both(F::RST, F::SYN)), C::Rst);
        assert_eq!(TcpClass::from_flags(both(F::SYN, F::ACK)), C::SynAck);
        assert_eq!(TcpClass::from_flags(both(F::FIN, F::ACK)), C::Fin);
        assert_eq!(TcpClass::from_flags(both(F::PSH, F::ACK)), C::Ack);
        assert_eq!(TcpClass::from_flags(F::PSH), C::None);
    }

    #[test]
    fn default_timeouts_match_the_kernel_sysctls() {
        assert_eq!(tcp_timeout(Established), Duration::from_secs(432_000));
        assert_eq!(tcp_timeout(SynRecv), Duration::from_secs(60));
        assert_eq!(tcp_timeout(TimeWait), Duration::from_secs(120));
        assert_eq!(tcp_timeout(Close), Duration::from_secs(10));
        assert_eq!(
            ProtoState::Udp { replied: false }.timeout(),
            Duration::from_secs(30)
        );
        assert_eq!(
            ProtoState::Udp { replied: true }.timeout(),
            Duration::from_secs(120)
        );
    }
}
