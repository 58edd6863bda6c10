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

/// TCP connection states (`enum tcp_conntrack`), in the kernel's order.
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
    /// An invalid flag combination (e.g. SYN+FIN, FIN without ACK, no flags):
    /// dropped in every state (`tcp_error`).
    None,
}

impl TcpClass {
    /// Classifies by flags as the kernel does: first the validity check of
    /// `tcp_error` (`tcp_valid_flags`: with PSH, ECE and CWR ignored, only SYN,
    /// SYN+URG, SYN+ACK, RST, RST+ACK, FIN+ACK, FIN+ACK+URG, ACK and ACK+URG are
    /// valid; every other combination is [`TcpClass::None`], invalid in every
    /// state), then the precedence RST, SYN(+ACK), FIN, ACK.
    pub fn from_flags(flags: wire::TcpFlags) -> TcpClass {
        use wire::TcpFlags as F;
        const FIN: u16 = F::FIN.0;
        const SYN: u16 = F::SYN.0;
        const RST: u16 = F::RST.0;
        const ACK: u16 = F::ACK.0;
        const URG: u16 = F::URG.0;
        const RST_ACK: u16 = RST | ACK;
        const SYN_URG: u16 = SYN | URG;
        const SYN_ACK: u16 = SYN | ACK;
        const FIN_ACK: u16 = FIN | ACK;
        const FIN_ACK_URG: u16 = FIN | ACK | URG;
        const ACK_URG: u16 = ACK | URG;
        match flags.0 & (FIN | SYN | RST | ACK | URG) {
            RST | RST_ACK => TcpClass::Rst,
            SYN | SYN_URG => TcpClass::Syn,
            SYN_ACK => TcpClass::SynAck,
            FIN_ACK | FIN_ACK_URG => TcpClass::Fin,
            ACK | ACK_URG => TcpClass::Ack,
            _ => TcpClass::None,
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

/// Connection timeouts, named after the kernel's sysctls
/// (`net.netfilter.nf_conntrack_tcp_timeout_*`, `nf_conntrack_udp_timeout`,
/// `nf_conntrack_udp_timeout_stream`, `nf_conntrack_icmp_timeout`); the default is
/// the kernel's.
///
/// # Configuration
/// `tandem filter run --timeout NAME=SECONDS,...` with the names of
/// [`Timeouts::NAMES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Timeouts {
    /// Per TCP state, in the order of [`TcpState::ALL`].
    pub tcp: [Duration; 10],
    /// UDP without a reply (`nf_conntrack_udp_timeout`).
    pub udp: Duration,
    /// UDP with a reply (`nf_conntrack_udp_timeout_stream`).
    pub udp_stream: Duration,
    /// ICMP echo (`nf_conntrack_icmp_timeout`).
    pub icmp: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        const MIN: u64 = 60;
        let s = Duration::from_secs;
        Timeouts {
            // NONE, SYN_SENT, SYN_RECV, ESTABLISHED, FIN_WAIT, CLOSE_WAIT, LAST_ACK,
            // TIME_WAIT, CLOSE, SYN_SENT2
            tcp: [
                s(0),
                s(2 * MIN),
                s(60),
                s(5 * 24 * 60 * MIN),
                s(2 * MIN),
                s(60),
                s(30),
                s(2 * MIN),
                s(10),
                s(2 * MIN),
            ],
            udp: s(30),
            udp_stream: s(120),
            icmp: s(30),
        }
    }
}

impl Timeouts {
    /// The names [`Timeouts::set`] accepts (the sysctl suffixes).
    pub const NAMES: [&'static str; 12] = [
        "syn_sent",
        "syn_recv",
        "established",
        "fin_wait",
        "close_wait",
        "last_ack",
        "time_wait",
        "close",
        "syn_sent2",
        "udp",
        "udp_stream",
        "icmp",
    ];

    /// The timeout of a TCP state.
    pub fn tcp(&self, state: TcpState) -> Duration {
        self.tcp[state as usize]
    }

    /// Sets one timeout by name; an unknown name is an error naming the known ones.
    pub fn set(&mut self, name: &str, value: Duration) -> Result<(), String> {
        let slot = match name {
            "udp" => &mut self.udp,
            "udp_stream" => &mut self.udp_stream,
            "icmp" => &mut self.icmp,
            _ => {
                let i = Self::NAMES[..9]
                    .iter()
                    .position(|n| *n == name)
                    .ok_or_else(|| {
                        format!(
                            "unknown timeout {name:?}; known: {}",
                            Self::NAMES.join(", ")
                        )
                    })?;
                &mut self.tcp[i + 1]
            }
        };
        *slot = value;
        Ok(())
    }

    /// Parses `NAME=SECONDS` and sets it.
    pub fn set_from(&mut self, spec: &str) -> Result<(), String> {
        let (name, secs) = spec
            .split_once('=')
            .ok_or_else(|| format!("timeout {spec:?}: expected NAME=SECONDS"))?;
        let secs: u64 = secs
            .trim()
            .parse()
            .map_err(|_| format!("timeout {spec:?}: {secs:?} is not a whole number of seconds"))?;
        self.set(name.trim(), Duration::from_secs(secs))
    }
}

/// Default TCP timeouts of nf_conntrack (`tcp_timeouts[]`, sysctl
/// `nf_conntrack_tcp_timeout_*`).
pub fn tcp_timeout(state: TcpState) -> Duration {
    Timeouts::default().tcp(state)
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
    /// How long the connection lives without packets in this state, with the
    /// kernel's default timeouts.
    pub fn timeout(self) -> Duration {
        self.timeout_in(&Timeouts::default())
    }

    /// How long the connection lives without packets in this state.
    pub fn timeout_in(self, t: &Timeouts) -> Duration {
        match self {
            ProtoState::Tcp(s) => t.tcp(s),
            ProtoState::Udp { replied: false } => t.udp,
            ProtoState::Udp { replied: true } => t.udp_stream,
            ProtoState::IcmpEcho { .. } => t.icmp,
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
        assert_eq!(TcpClass::from_flags(both(F::RST, F::SYN)), C::None);
        assert_eq!(TcpClass::from_flags(both(F::RST, F::ACK)), C::Rst);
        assert_eq!(TcpClass::from_flags(both(F::SYN, F::FIN)), C::None);
        assert_eq!(TcpClass::from_flags(F::FIN), C::None);
        assert_eq!(TcpClass::from_flags(both(F::SYN, F::URG)), C::Syn);
        assert_eq!(
            TcpClass::from_flags(F(F::SYN.0 | F::ACK.0 | F::URG.0)),
            C::None
        );
        assert_eq!(
            TcpClass::from_flags(F(F::FIN.0 | F::ACK.0 | F::URG.0)),
            C::Fin
        );
        assert_eq!(
            TcpClass::from_flags(F(F::ACK.0 | F::ECE.0 | F::CWR.0)),
            C::Ack
        );
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
