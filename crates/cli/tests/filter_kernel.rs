//! `tandem filter run` against the Linux kernel's connection tracker, packet for
//! packet (docs/COFILTER.md §1, "Differential test against Linux").
//!
//! Three network namespaces: an inside host, a router and an outside host, joined
//! by two veth pairs. The router forwards under an nftables ruleset that states
//! the policy of `tandem filter run --allow-inbound 80`:
//!
//! ```text
//! ct state established,related accept
//! ct state invalid drop
//! new connections from inside; from outside TCP/UDP to port 80 only
//! ```
//!
//! with conntrack set to CoFilter's documented semantics (no window tracking:
//! `nf_conntrack_tcp_be_liberal = 1`; no mid-stream pickup:
//! `nf_conntrack_tcp_loose = 0`; fragments dropped before reassembly) and short
//! TIME_WAIT/CLOSE/UDP timeouts, which `tandem` gets too (`--timeout`).
//!
//! The hosts send hand-made packet sequences through raw IPv4 sockets (their
//! own stacks drop all input, so they never answer) and capture what arrives on
//! their veth with an AF_PACKET socket. Every packet carries a unique IP ID; a
//! packet was forwarded by Linux if the far host captured it. The same packets,
//! stamped with their send times, are then replayed through `tandem filter run`
//! (inside host's packets on port 0, outside host's on port 1), and its output
//! pcaps say what CoFilter forwarded. Every case uses its own ports, so cases
//! cannot affect each other (neither in the kernel's table nor in CoFilter's).
//!
//! Needs root (skipped with a message otherwise), `ip` and `nft` (missing tools
//! skip the test, or fail it with `TANDEM_REQUIRE_TOOLS=1`).

mod common;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fs::File;
use std::net::{Ipv4Addr, SocketAddrV4};
use std::os::fd::OwnedFd;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use common::{path_str, scratch, tandem, text};
use testnet::{Cidr, Net, Ns, Root};
use wire::build::{L3, icmp_frame, tcp_frame, udp_frame};
use wire::ethernet::MacAddr;
use wire::tcp::{Repr as TcpRepr, TcpFlags};

/// The inside and the outside host.
const IN_HOST: Ipv4Addr = Ipv4Addr::new(198, 18, 1, 2);
const OUT_HOST: Ipv4Addr = Ipv4Addr::new(198, 18, 2, 2);
/// The port open to connections from outside.
const ALLOWED: u16 = 80;
/// TIME_WAIT, CLOSE and unreplied-UDP timeouts on both sides, seconds.
const SHORT_TIMEOUT_S: u64 = 2;
/// Least gap between two packets in the replay through `tandem filter run`
/// (`run_tandem`): above CoFilter's delays on the CPU path (a CPU visit, the
/// handshake's two switch writes and a FIN's recount, under 1 ms).
const REPLAY_GAP_NS: u64 = 2_000_000;

// ---------------------------------------------------------------------------
// Cases: packet sequences built with consistent sequence numbers.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    In,
    Out,
}

impl Side {
    fn addr(self) -> Ipv4Addr {
        match self {
            Side::In => IN_HOST,
            Side::Out => OUT_HOST,
        }
    }
    fn other(self) -> Side {
        match self {
            Side::In => Side::Out,
            Side::Out => Side::In,
        }
    }
}

/// One packet of a case.
#[derive(Debug, Clone)]
struct Packet {
    side: Side,
    /// The Ethernet frame given to `tandem` (the kernel gets its IP part).
    frame: Vec<u8>,
    label: String,
}

#[derive(Debug, Clone)]
enum Step {
    Send(Packet),
    Sleep(Duration),
}

#[derive(Debug)]
struct Case {
    name: String,
    steps: Vec<Step>,
}

/// Allocates IP IDs (the per-packet marker) and ports.
struct Gen {
    next_id: u16,
    next_port: u16,
}

impl Gen {
    fn id(&mut self) -> u16 {
        self.next_id += 1;
        assert!(
            self.next_id < u16::MAX,
            "too many packets for 16-bit markers"
        );
        self.next_id
    }
    fn port(&mut self) -> u16 {
        self.next_port += 1;
        self.next_port
    }
    fn l3(&mut self, from: Side) -> L3 {
        L3 {
            src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
            dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
            vlan: None,
            src: from.addr(),
            dst: from.other().addr(),
            ttl: 64,
            ident: self.id(),
        }
    }
}

fn flags_text(f: u16) -> String {
    let names = [
        (TcpFlags::FIN, 'F'),
        (TcpFlags::SYN, 'S'),
        (TcpFlags::RST, 'R'),
        (TcpFlags::PSH, 'P'),
        (TcpFlags::ACK, 'A'),
        (TcpFlags::URG, 'U'),
    ];
    let s: String = names
        .iter()
        .filter(|(b, _)| f & b.0 != 0)
        .map(|(_, c)| *c)
        .collect();
    if s.is_empty() { "none".into() } else { s }
}

const F: u16 = TcpFlags::FIN.0;
const S: u16 = TcpFlags::SYN.0;
const R: u16 = TcpFlags::RST.0;
const P: u16 = TcpFlags::PSH.0;
const A: u16 = TcpFlags::ACK.0;
const U: u16 = TcpFlags::URG.0;

/// A TCP connection between the two hosts: the client on `client`, both
/// endpoints' next sequence numbers.
struct Conn {
    client: Side,
    cport: u16,
    sport: u16,
    nxt: [u32; 2],
}

impl Conn {
    fn new(g: &mut Gen, client: Side, sport: u16) -> Conn {
        let cport = g.port();
        Conn {
            client,
            cport,
            sport,
            nxt: [1_000_000 + u32::from(cport) * 7919, 3_000_000_000],
        }
    }
    /// A segment from the client (`from_client`) or the server with `flags` and
    /// `len` payload bytes, at the sender's next sequence number, acking all the
    /// peer sent; advances the sender.
    fn seg(&mut self, g: &mut Gen, from_client: bool, flags: u16, len: usize) -> Step {
        let i = usize::from(!from_client);
        let seq = self.nxt[i];
        let step = self.seg_at(g, from_client, flags, seq, len);
        let adv = len as u32 + u32::from(flags & S != 0) + u32::from(flags & F != 0);
        self.nxt[i] = seq.wrapping_add(adv);
        step
    }
    /// A segment at an explicit sequence number (retransmissions); does not
    /// advance the sender.
    fn seg_at(&self, g: &mut Gen, from_client: bool, flags: u16, seq: u32, len: usize) -> Step {
        let i = usize::from(!from_client);
        let side = if from_client {
            self.client
        } else {
            self.client.other()
        };
        let (sp, dp) = if from_client {
            (self.cport, self.sport)
        } else {
            (self.sport, self.cport)
        };
        let tcp = TcpRepr {
            src_port: sp,
            dst_port: dp,
            seq_number: seq,
            ack_number: if flags & A != 0 { self.nxt[1 - i] } else { 0 },
            flags: TcpFlags(flags),
            window: 64_240,
            urgent: if flags & U != 0 { 1 } else { 0 },
            options: wire::options::OptionBytes::EMPTY,
        };
        let payload = vec![0x61u8; len];
        let frame = tcp_frame(&g.l3(side), &tcp, &payload);
        let who = if from_client { "client" } else { "server" };
        Step::Send(Packet {
            side,
            frame,
            label: format!("{who} {} len {len}", flags_text(flags)),
        })
    }
    /// SYN, SYN-ACK, ACK.
    fn handshake(&mut self, g: &mut Gen) -> Vec<Step> {
        vec![
            self.seg(g, true, S, 0),
            self.seg(g, false, S | A, 0),
            self.seg(g, true, A, 0),
        ]
    }
    /// Data from the client and the server, each acknowledged.
    fn data_both(&mut self, g: &mut Gen) -> Vec<Step> {
        vec![
            self.seg(g, true, P | A, 10),
            self.seg(g, false, P | A, 20),
            self.seg(g, true, A, 0),
        ]
    }
}

fn udp(g: &mut Gen, from: Side, sp: u16, dp: u16, label: &str) -> Step {
    let frame = udp_frame(
        &g.l3(from),
        &wire::udp::Repr {
            src_port: sp,
            dst_port: dp,
        },
        b"datagram",
    );
    Step::Send(Packet {
        side: from,
        frame,
        label: label.into(),
    })
}

fn echo(g: &mut Gen, from: Side, request: bool, ident: u16, seq_no: u16, label: &str) -> Step {
    let repr = if request {
        wire::icmp::Repr::EchoRequest { ident, seq_no }
    } else {
        wire::icmp::Repr::EchoReply { ident, seq_no }
    };
    let frame = icmp_frame(&g.l3(from), &repr, b"ping-data");
    Step::Send(Packet {
        side: from,
        frame,
        label: label.into(),
    })
}

/// An ICMP error sent by `from` quoting the IP header and first 8 bytes of
/// `quoted` (a frame built above, e.g. one the other host sent).
fn icmp_error(g: &mut Gen, from: Side, msg: wire::icmp::Repr, quoted: &Step, label: &str) -> Step {
    let Step::Send(q) = quoted else {
        panic!("icmp_error quotes a packet");
    };
    let ip = &q.frame[14..];
    let quote = &ip[..(20 + 8).min(ip.len())];
    let frame = icmp_frame(&g.l3(from), &msg, quote);
    Step::Send(Packet {
        side: from,
        frame,
        label: label.into(),
    })
}

/// Splits a built UDP frame into two IPv4 fragments (first: UDP header + 8 bytes),
/// each with its own marker.
fn fragments(g: &mut Gen, step: &Step, label: &str) -> Vec<Step> {
    let Step::Send(p) = step else {
        panic!("fragments of a packet");
    };
    let ip = &p.frame[14..];
    let payload = &ip[20..];
    let cut = 16.min(payload.len());
    let mut out = Vec::new();
    for (i, (part, off, more)) in [
        (&payload[..cut], 0u16, true),
        (&payload[cut..], 2u16, false),
    ]
    .into_iter()
    .enumerate()
    {
        let mut f = p.frame[..14 + 20].to_vec();
        f.extend_from_slice(part);
        {
            let mut h = wire::ipv4::Packet::new_unchecked(&mut f[14..]);
            h.set_total_len((20 + part.len()) as u16);
            h.set_frag(false, more, off);
            h.set_ident(g.id());
            h.fill_checksum();
        }
        out.push(Step::Send(Packet {
            side: p.side,
            frame: f,
            label: format!("{label} fragment {i}"),
        }));
    }
    out
}

fn cases() -> Vec<Case> {
    let mut g = Gen {
        next_id: 0,
        next_port: 20_000,
    };
    let mut cases = Vec::new();
    let mut case = |name: String, steps: Vec<Step>| cases.push(Case { name, steps });

    // Every combination of FIN SYN RST PSH ACK URG ...
    for bits in 0u16..64 {
        let flags = [F, S, R, P, A, U]
            .iter()
            .enumerate()
            .filter(|(i, _)| bits & (1 << i) != 0)
            .fold(0, |acc, (_, f)| acc | f);
        let fl = flags_text(flags);
        // ... as the first packet of a connection, from inside and from outside to
        // the allowed port, followed by a SYN-ACK and an ACK (did it open one?).
        for client in [Side::In, Side::Out] {
            let mut c = Conn::new(&mut g, client, ALLOWED);
            let steps = vec![
                c.seg(&mut g, true, flags, 0),
                c.seg(&mut g, false, S | A, 0),
                c.seg(&mut g, true, A, 0),
            ];
            case(format!("new {client:?} {fl}"), steps);
        }
        // ... on an established connection from either end, followed by data both
        // ways.
        for from_client in [true, false] {
            let mut c = Conn::new(&mut g, Side::In, 5001);
            let mut steps = c.handshake(&mut g);
            steps.extend(c.data_both(&mut g));
            steps.push(c.seg(&mut g, from_client, flags, 0));
            steps.push(c.seg(&mut g, true, P | A, 10));
            steps.push(c.seg(&mut g, false, P | A, 10));
            let who = if from_client { "client" } else { "server" };
            case(format!("established {who} {fl}"), steps);
        }
    }

    // SYN-ACK without a SYN, from outside and from inside.
    for client in [Side::In, Side::Out] {
        let mut c = Conn::new(&mut g, client, ALLOWED);
        c.nxt[0] += 1; // as if the SYN had been sent
        let steps = vec![c.seg(&mut g, false, S | A, 0), c.seg(&mut g, true, A, 0)];
        case(
            format!("syn-ack without syn, server {:?}", client.other()),
            steps,
        );
    }

    // Retransmitted SYN (before and after the SYN-ACK), retransmitted SYN-ACK.
    {
        let mut c = Conn::new(&mut g, Side::In, 5001);
        let isn = c.nxt[0];
        let mut steps = vec![c.seg(&mut g, true, S, 0)];
        steps.push(c.seg_at(&mut g, true, S, isn, 0));
        steps.push(c.seg(&mut g, false, S | A, 0));
        steps.push(c.seg_at(&mut g, true, S, isn, 0));
        let sisn = c.nxt[1] - 1;
        steps.push(c.seg_at(&mut g, false, S | A, sisn, 0));
        steps.push(c.seg(&mut g, true, A, 0));
        steps.extend(c.data_both(&mut g));
        steps.push(c.seg_at(&mut g, false, S | A, sisn, 0));
        steps.push(c.seg_at(&mut g, true, S, isn, 0));
        case("retransmitted syn and syn-ack".into(), steps);
    }

    // Simultaneous open.
    {
        let mut c = Conn::new(&mut g, Side::In, 5001);
        let a = c.nxt[0];
        let b = c.nxt[1];
        let steps = vec![
            c.seg(&mut g, true, S, 0),
            c.seg(&mut g, false, S, 0),
            c.seg_at(&mut g, true, S | A, a, 0),
            c.seg_at(&mut g, false, S | A, b, 0),
            c.seg(&mut g, true, P | A, 10),
            c.seg(&mut g, false, P | A, 10),
            c.seg(&mut g, true, A, 0),
        ];
        case("simultaneous open".into(), steps);
    }

    // Half-close and full close, orderly and crossing FINs, then late segments.
    for client_first in [true, false] {
        let mut c = Conn::new(&mut g, Side::In, 5001);
        let mut steps = c.handshake(&mut g);
        steps.extend(c.data_both(&mut g));
        let (x, y) = (client_first, !client_first);
        steps.push(c.seg(&mut g, x, F | A, 0));
        steps.push(c.seg(&mut g, y, A, 0));
        steps.push(c.seg(&mut g, y, P | A, 30)); // half-closed: the other end still sends
        steps.push(c.seg(&mut g, x, A, 0));
        steps.push(c.seg(&mut g, y, F | A, 0));
        steps.push(c.seg(&mut g, x, A, 0));
        let fin_seq = c.nxt[usize::from(!y)] - 1;
        steps.push(c.seg_at(&mut g, y, F | A, fin_seq, 0)); // retransmitted FIN in TIME_WAIT
        steps.push(c.seg(&mut g, x, A, 0));
        let first = if client_first { "client" } else { "server" };
        case(format!("half-close then full close, {first} first"), steps);
    }
    {
        let mut c = Conn::new(&mut g, Side::In, 5001);
        let mut steps = c.handshake(&mut g);
        steps.extend(c.data_both(&mut g));
        let cf = c.nxt[0];
        let sf = c.nxt[1];
        steps.push(c.seg(&mut g, true, F | A, 0));
        steps.push(c.seg_at(&mut g, false, F | A, sf, 0)); // crossing FINs
        c.nxt[1] = sf + 1;
        steps.push(c.seg(&mut g, true, A, 0));
        steps.push(c.seg(&mut g, false, A, 0));
        let _ = cf;
        steps.push(c.seg(&mut g, true, P | A, 5)); // data after the close
        case("simultaneous close".into(), steps);
    }
    {
        let mut c = Conn::new(&mut g, Side::In, 5001);
        let mut steps = c.handshake(&mut g);
        steps.push(c.seg(&mut g, true, F | P | A, 40)); // FIN with data
        steps.push(c.seg(&mut g, false, F | A, 0));
        steps.push(c.seg(&mut g, true, A, 0));
        case("close with data on the fin".into(), steps);
    }

    // RST in each state (from either end), then data both ways and a new SYN.
    type Prefix = fn(&mut Conn, &mut Gen) -> Vec<Step>;
    let prefixes: [(&str, Prefix); 8] = [
        ("syn_sent", |c, g| vec![c.seg(g, true, S, 0)]),
        ("syn_recv", |c, g| {
            vec![c.seg(g, true, S, 0), c.seg(g, false, S | A, 0)]
        }),
        ("established", |c, g| {
            let mut v = c.handshake(g);
            v.extend(c.data_both(g));
            v
        }),
        ("fin_wait", |c, g| {
            let mut v = c.handshake(g);
            v.push(c.seg(g, true, F | A, 0));
            v
        }),
        ("close_wait", |c, g| {
            let mut v = c.handshake(g);
            v.push(c.seg(g, true, F | A, 0));
            v.push(c.seg(g, false, A, 0));
            v
        }),
        ("last_ack", |c, g| {
            let mut v = c.handshake(g);
            v.push(c.seg(g, true, F | A, 0));
            v.push(c.seg(g, false, A, 0));
            v.push(c.seg(g, false, F | A, 0));
            v
        }),
        ("time_wait", |c, g| {
            let mut v = c.handshake(g);
            v.push(c.seg(g, true, F | A, 0));
            v.push(c.seg(g, false, F | A, 0));
            v.push(c.seg(g, true, A, 0));
            v
        }),
        ("syn_sent2", |c, g| {
            vec![c.seg(g, true, S, 0), c.seg(g, false, S, 0)]
        }),
    ];
    for (state, prefix) in prefixes {
        for (from_client, rst) in [(true, R), (false, R), (true, R | A), (false, R | A)] {
            let mut c = Conn::new(&mut g, Side::In, 5001);
            let mut steps = prefix(&mut c, &mut g);
            steps.push(c.seg(&mut g, from_client, rst, 0));
            steps.push(c.seg(&mut g, true, P | A, 10));
            steps.push(c.seg(&mut g, false, P | A, 10));
            steps.push(c.seg(&mut g, !from_client, rst, 0));
            c.nxt[0] += 100_000;
            steps.push(c.seg(&mut g, true, S, 0));
            steps.push(c.seg(&mut g, false, S | A, 0));
            steps.push(c.seg(&mut g, true, A, 0));
            let who = if from_client { "client" } else { "server" };
            case(format!("{} from {who} in {state}", flags_text(rst)), steps);
        }
    }

    // A SYN from the server's end in TIME_WAIT reopens the connection in its
    // own direction, which the policy judges as new: refused from outside to the
    // client's port, allowed from inside. A SYN in LAST_ACK is ignored and the
    // peer's challenge ACK does not end LAST_ACK.
    for client in [Side::In, Side::Out] {
        let mut c = Conn::new(&mut g, client, ALLOWED);
        let mut steps = c.handshake(&mut g);
        steps.push(c.seg(&mut g, true, F | A, 0));
        steps.push(c.seg(&mut g, false, F | A, 0));
        steps.push(c.seg(&mut g, true, A, 0));
        c.nxt[1] += 100_000;
        steps.push(c.seg(&mut g, false, S, 0));
        steps.push(c.seg(&mut g, true, S | A, 0));
        steps.push(c.seg(&mut g, false, A, 0));
        case(
            format!("server's syn in time_wait, client {client:?}"),
            steps,
        );
    }
    {
        let mut c = Conn::new(&mut g, Side::In, 5001);
        let mut steps = c.handshake(&mut g);
        steps.push(c.seg(&mut g, false, F | A, 0));
        steps.push(c.seg(&mut g, true, F | A, 0));
        let isn = c.nxt[0] + 50_000;
        steps.push(c.seg_at(&mut g, true, S, isn, 0)); // ignored in LAST_ACK
        steps.push(c.seg(&mut g, false, A, 0)); // challenge ACK
        steps.push(c.seg(&mut g, true, A, 0)); // the last ACK
        steps.push(c.seg(&mut g, false, P | A, 10));
        case("syn and challenge ack in last_ack".into(), steps);
    }

    // UDP pseudo-connections.
    {
        let (cp, sp) = (g.port(), 53);
        let steps = vec![
            udp(&mut g, Side::In, cp, sp, "request"),
            udp(&mut g, Side::Out, sp, cp, "reply"),
            udp(&mut g, Side::In, cp, sp, "second request"),
            udp(&mut g, Side::Out, sp, cp, "second reply"),
            udp(&mut g, Side::Out, sp, cp + 1, "reply to another port"),
            udp(&mut g, Side::Out, sp + 1, cp, "reply from another port"),
        ];
        case("udp from inside".into(), steps);
        let cp = g.port();
        let steps = vec![
            udp(&mut g, Side::Out, cp, ALLOWED, "to the allowed port"),
            udp(&mut g, Side::In, ALLOWED, cp, "reply"),
            udp(&mut g, Side::Out, cp, ALLOWED + 1, "to a closed port"),
            udp(
                &mut g,
                Side::In,
                ALLOWED + 1,
                cp,
                "reply from the closed port",
            ),
            udp(&mut g, Side::Out, cp, ALLOWED, "again"),
        ];
        case("udp from outside".into(), steps);
        let cp = g.port();
        let steps = vec![udp(&mut g, Side::Out, 53, cp, "unsolicited")];
        case("udp unsolicited reply".into(), steps);
    }

    // ICMP errors related to a tracked connection, and to none.
    {
        let mut c = Conn::new(&mut g, Side::In, 5001);
        let mut steps = c.handshake(&mut g);
        let data = c.seg(&mut g, true, P | A, 10);
        steps.push(data.clone());
        let unreach = wire::icmp::Repr::DstUnreachable { code: 3, rest: 0 };
        steps.push(icmp_error(
            &mut g,
            Side::Out,
            unreach,
            &data,
            "port unreachable for a tcp segment",
        ));
        let back = c.seg(&mut g, false, P | A, 10);
        steps.push(back.clone());
        let ttl = wire::icmp::Repr::TimeExceeded { code: 0 };
        steps.push(icmp_error(
            &mut g,
            Side::In,
            ttl,
            &back,
            "time exceeded from inside",
        ));
        case("icmp errors for a tcp connection".into(), steps);

        let cp = g.port();
        let q = udp(&mut g, Side::In, cp, 53, "request");
        let mut steps = vec![q.clone()];
        steps.push(icmp_error(
            &mut g,
            Side::Out,
            unreach,
            &q,
            "port unreachable for udp",
        ));
        case("icmp error for a udp flow".into(), steps);

        let cp = g.port();
        let mut g2 = Gen {
            next_id: 60_000,
            next_port: 0,
        };
        let never = udp(&mut g2, Side::In, cp, 53, "never sent");
        let frag = wire::icmp::Repr::DstUnreachable {
            code: 4,
            rest: 1400,
        };
        let mut c = Conn::new(&mut g, Side::In, 5001);
        let never_tcp = c.seg(&mut g2, true, S, 0);
        let steps = vec![
            icmp_error(
                &mut g,
                Side::Out,
                unreach,
                &never,
                "unreachable for no flow",
            ),
            icmp_error(
                &mut g,
                Side::Out,
                frag,
                &never_tcp,
                "frag needed for no connection",
            ),
        ];
        case("icmp errors for no connection".into(), steps);
    }

    // Fragments: of an established UDP flow, of a new one, a lone later fragment.
    {
        let cp = g.port();
        let mut steps = vec![
            udp(&mut g, Side::In, cp, 53, "request"),
            udp(&mut g, Side::Out, 53, cp, "reply"),
        ];
        let big = udp(&mut g, Side::In, cp, 53, "big");
        steps.extend(fragments(&mut g, &big, "request"));
        let cp2 = g.port();
        let fresh = udp(&mut g, Side::In, cp2, 53, "fresh");
        let fr = fragments(&mut g, &fresh, "new flow");
        steps.extend(fr.into_iter().rev());
        case("fragments".into(), steps);
    }

    // ICMP echo.
    {
        let id = g.port();
        let steps = vec![
            echo(&mut g, Side::In, true, id, 1, "request from inside"),
            echo(&mut g, Side::Out, false, id, 1, "reply"),
            echo(&mut g, Side::In, true, id, 2, "second request"),
            echo(&mut g, Side::Out, false, id, 2, "second reply"),
            echo(
                &mut g,
                Side::Out,
                true,
                id,
                3,
                "request from outside, same id",
            ),
            echo(&mut g, Side::In, false, id, 3, "reply from inside, same id"),
        ];
        case("icmp echo from inside".into(), steps);
        let id = g.port();
        let steps = vec![
            echo(&mut g, Side::Out, true, id, 1, "request from outside"),
            echo(&mut g, Side::In, false, id, 1, "reply"),
        ];
        case("icmp echo from outside".into(), steps);
        let id = g.port();
        let steps = vec![echo(
            &mut g,
            Side::Out,
            false,
            id,
            1,
            "reply without request",
        )];
        case("icmp echo reply without request".into(), steps);
    }

    // Timeouts: connections left in TIME_WAIT, CLOSE (after RST), unreplied UDP
    // and ESTABLISHED; after the short timeouts, late packets.
    {
        let mut tw = Conn::new(&mut g, Side::In, 5001);
        let mut rst = Conn::new(&mut g, Side::In, 5001);
        let mut est = Conn::new(&mut g, Side::In, 5001);
        let up = g.port();
        let mut steps = tw.handshake(&mut g);
        steps.push(tw.seg(&mut g, true, F | A, 0));
        steps.push(tw.seg(&mut g, false, F | A, 0));
        steps.push(tw.seg(&mut g, true, A, 0));
        steps.extend(rst.handshake(&mut g));
        steps.push(rst.seg(&mut g, false, R | A, 0));
        steps.extend(est.handshake(&mut g));
        steps.push(udp(&mut g, Side::In, up, 53, "unreplied"));
        steps.push(Step::Sleep(Duration::from_millis(
            SHORT_TIMEOUT_S * 1000 + 1500,
        )));
        steps.push(tw.seg(&mut g, true, P | A, 10));
        steps.push(tw.seg(&mut g, false, P | A, 10));
        steps.push(rst.seg(&mut g, true, P | A, 10));
        steps.push(est.seg(&mut g, true, P | A, 10));
        steps.push(est.seg(&mut g, false, P | A, 10));
        steps.push(udp(&mut g, Side::Out, 53, up, "late reply"));
        case("data after the close timeouts".into(), steps);
    }
    cases
}

// ---------------------------------------------------------------------------
// The kernel side.

/// Three namespaces, the inside host, the router and the outside host;
/// deleted on drop.
struct Topology {
    /// The inside and the outside host.
    hosts: [Ns; 2],
    _net: Net,
}

const RULESET: &str = r#"
table ip tandem_diff {
    chain no_fragments {
        type filter hook prerouting priority -450; policy accept;
        ip frag-off & 0x3fff != 0 drop
    }
    chain stateful_policy {
        type filter hook forward priority 0; policy drop;
        ct state established,related accept
        ct state invalid drop
        iifname "rin" ct state new accept
        iifname "rout" meta l4proto { tcp, udp } th dport 80 ct state new accept
    }
}
"#;

const HOST_RULESET: &str = r#"
table inet tandem_host {
    chain input {
        type filter hook input priority 0; policy drop;
    }
}
"#;

impl Topology {
    fn create(root: Root) -> Topology {
        let mut b = Net::builder(root, "kdiff");
        let (inside, router, outside) = (b.netns("i"), b.netns("r"), b.netns("o"));
        for (host, ip, hname, rname, net) in [
            (&inside, IN_HOST, "vin", "rin", 1),
            (&outside, OUT_HOST, "vout", "rout", 2),
        ] {
            let (h, r) = b.veth((host, hname), (&router, rname));
            let gw = Ipv4Addr::new(198, 18, net, 1);
            b.mac(&h, [2, 0, 0, 0, net, 2])
                .mac(&r, [2, 0, 0, 0, net, 1])
                .addr(&h, Cidr::new(ip, 24))
                .addr(&r, Cidr::new(gw, 24))
                .default_route(&h, gw)
                .neigh(&h, gw, &r)
                .neigh(&r, ip, &h);
        }
        b.nft(&inside, HOST_RULESET)
            .nft(&outside, HOST_RULESET)
            .nft(&router, RULESET);
        let t_s = SHORT_TIMEOUT_S.to_string();
        for (k, v) in [
            ("net.ipv4.ip_forward", "1"),
            ("net.ipv4.conf.all.rp_filter", "0"),
            ("net.ipv4.conf.all.send_redirects", "0"),
            ("net.netfilter.nf_conntrack_tcp_loose", "0"),
            ("net.netfilter.nf_conntrack_tcp_be_liberal", "1"),
            ("net.netfilter.nf_conntrack_tcp_timeout_time_wait", &t_s),
            ("net.netfilter.nf_conntrack_tcp_timeout_close", &t_s),
            ("net.netfilter.nf_conntrack_udp_timeout", &t_s),
        ] {
            b.sysctl(&router, k, v);
        }
        Topology {
            hosts: [inside, outside],
            _net: b.build(),
        }
    }
}

/// Runs `f` on a thread inside network namespace `ns` (sockets it creates stay
/// in that namespace).
fn in_netns<T: Send + 'static>(
    ns: &Ns,
    f: impl FnOnce() -> std::io::Result<T> + Send + 'static,
) -> Result<T, String> {
    ns.run(f).map_err(|e| format!("in {ns}: {e}"))
}

/// A packet's marker: source address, IP ID, fragment field (offset and MF).
type Marker = (Ipv4Addr, u16, u16);

fn marker_of_ip(ip: &[u8]) -> Option<Marker> {
    if ip.len() < 20 || ip[0] >> 4 != 4 {
        return None;
    }
    Some((
        Ipv4Addr::new(ip[12], ip[13], ip[14], ip[15]),
        u16::from_be_bytes([ip[4], ip[5]]),
        u16::from_be_bytes([ip[6], ip[7]]) & 0x3fff,
    ))
}

/// Collects the markers of IPv4 frames a host's AF_PACKET socket sees, with
/// the time each was first seen.
struct Capture {
    seen: Arc<Mutex<HashMap<Marker, Instant>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Capture {
    fn start(fd: OwnedFd) -> Capture {
        let seen = Arc::new(Mutex::new(HashMap::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (s, st) = (seen.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            let mut buf = vec![0u8; 65_536];
            while !st.load(Ordering::Relaxed) {
                if let Ok((n, _)) =
                    rustix::net::recv(&fd, &mut buf[..], rustix::net::RecvFlags::empty())
                {
                    let f = &buf[..n.min(buf.len())];
                    if f.len() > 14 && f[12..14] == [0x08, 0x00] {
                        if let Some(m) = marker_of_ip(&f[14..]) {
                            s.lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .entry(m)
                                .or_insert_with(Instant::now);
                        }
                    }
                }
            }
        });
        Capture {
            seen,
            stop,
            thread: Some(thread),
        }
    }
    fn has(&self, m: &Marker) -> bool {
        self.seen_at(m).is_some()
    }
    fn seen_at(&self, m: &Marker) -> Option<Instant> {
        self.seen
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(m)
            .copied()
    }
}

impl Drop for Capture {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn raw_sender() -> std::io::Result<OwnedFd> {
    Ok(rustix::net::socket_with(
        rustix::net::AddressFamily::INET,
        rustix::net::SocketType::RAW,
        rustix::net::SocketFlags::CLOEXEC,
        Some(rustix::net::ipproto::RAW),
    )?)
}

fn packet_capture() -> std::io::Result<OwnedFd> {
    let fd = rustix::net::socket_with(
        rustix::net::AddressFamily::PACKET,
        rustix::net::SocketType::RAW,
        rustix::net::SocketFlags::CLOEXEC,
        Some(rustix::net::eth::ALL),
    )?;
    rustix::net::sockopt::set_socket_timeout(
        &fd,
        rustix::net::sockopt::Timeout::Recv,
        Some(Duration::from_millis(20)),
    )?;
    Ok(fd)
}

/// One sent packet: case, label, side, send time (ns from the start), frame.
struct Sent {
    case: usize,
    label: String,
    side: Side,
    ts_ns: u64,
    frame: Vec<u8>,
    marker: Marker,
}

/// What the kernel did with the packets.
struct KernelRun {
    sent: Vec<Sent>,
    /// Per packet: the far host received it.
    forwarded: Vec<bool>,
    /// Forwarded packets that arrived only after the next packet of their case
    /// was sent (the router may then have seen them out of order: the run is not
    /// reliable). Cases use disjoint flows, so across cases order does not matter.
    late: Vec<String>,
}

/// Sends every case through the kernel router, waiting up to `wait` after each
/// packet for it to arrive.
fn run_kernel(topo: &Topology, cases: &[Case], wait: Duration) -> Result<KernelRun, String> {
    let tx_in = in_netns(&topo.hosts[0], raw_sender)?;
    let tx_out = in_netns(&topo.hosts[1], raw_sender)?;
    let cap_in = Capture::start(in_netns(&topo.hosts[0], packet_capture)?);
    let cap_out = Capture::start(in_netns(&topo.hosts[1], packet_capture)?);
    std::thread::sleep(Duration::from_millis(50));
    let start = Instant::now();
    let mut sent = Vec::new();
    let mut sent_times = Vec::new();
    for (ci, case) in cases.iter().enumerate() {
        for step in &case.steps {
            let p = match step {
                Step::Sleep(d) => {
                    std::thread::sleep(*d);
                    continue;
                }
                Step::Send(p) => p,
            };
            let ip = &p.frame[14..];
            let marker = marker_of_ip(ip).ok_or("built a non-IPv4 frame")?;
            let (tx, far) = match p.side {
                Side::In => (&tx_in, &cap_out),
                Side::Out => (&tx_out, &cap_in),
            };
            let sent_at = Instant::now();
            let ts_ns = sent_at.duration_since(start).as_nanos() as u64;
            rustix::net::sendto(
                tx,
                ip,
                rustix::net::SendFlags::empty(),
                &SocketAddrV4::new(p.side.other().addr(), 0),
            )
            .map_err(|e| format!("{}: {}: sendto: {e}", case.name, p.label))?;
            // Wait until it arrived (or a few ms: dropped) so that the next packet
            // meets the state this one left.
            let until = Instant::now() + wait;
            while Instant::now() < until && !far.has(&marker) {
                std::thread::sleep(Duration::from_micros(100));
            }
            sent_times.push(sent_at);
            sent.push(Sent {
                case: ci,
                label: p.label.clone(),
                side: p.side,
                ts_ns,
                frame: p.frame.clone(),
                marker,
            });
        }
    }
    std::thread::sleep(Duration::from_millis(200));
    let arrived: Vec<Option<Instant>> = sent
        .iter()
        .map(|s| match s.side {
            Side::In => cap_out.seen_at(&s.marker),
            Side::Out => cap_in.seen_at(&s.marker),
        })
        .collect();
    let late = (0..sent.len().saturating_sub(1))
        .filter(|&i| {
            sent[i + 1].case == sent[i].case && arrived[i].is_some_and(|t| t > sent_times[i + 1])
        })
        .map(|i| format!("{}: {}", cases[sent[i].case].name, sent[i].label))
        .collect();
    Ok(KernelRun {
        forwarded: arrived.iter().map(Option::is_some).collect(),
        sent,
        late,
    })
}

// ---------------------------------------------------------------------------
// The CoFilter side: the same packets through `tandem filter run`.

fn run_tandem(dir: &Path, sent: &[Sent]) -> Vec<bool> {
    let mut w = [
        trace::pcap::PcapWriter::new(
            std::io::BufWriter::new(File::create(dir.join("in.pcap")).expect("create in.pcap")),
            trace::pcap::Resolution::Nanosecond,
        )
        .expect("pcap"),
        trace::pcap::PcapWriter::new(
            std::io::BufWriter::new(File::create(dir.join("out.pcap")).expect("create out.pcap")),
            trace::pcap::Resolution::Nanosecond,
        )
        .expect("pcap"),
    ];
    // Each packet at least REPLAY_GAP_NS after the one before: a host sent
    // the next packet once the kernel had delivered the previous one, often
    // within microseconds, which is before CoFilter's model (CPU and
    // control-channel delays) would have delivered it; at the capture's own
    // times a packet answering one could reach CoFilter before what it
    // answers (e.g. the last ACK of a close before the server's FIN had
    // passed), which no host could send. Longer gaps (the timeout cases'
    // sleeps) stay as they were.
    let (mut last, mut last_sent) = (0u64, 0u64);
    for s in sent {
        let gap = s.ts_ns.saturating_sub(last_sent).max(REPLAY_GAP_NS);
        let ts = last.saturating_add(gap);
        (last, last_sent) = (ts, s.ts_ns);
        w[usize::from(s.side == Side::Out)]
            .write(ts, &s.frame)
            .expect("write pcap");
    }
    for x in w {
        std::io::Write::flush(&mut x.into_inner()).expect("flush pcap");
    }
    let out = dir.join("tandem");
    let timeouts = format!("time_wait={t},close={t},udp={t}", t = SHORT_TIMEOUT_S);
    let o = tandem(&[
        "filter",
        "run",
        "--input",
        &format!("0={}", path_str(&dir.join("in.pcap"))),
        "--input",
        &format!("1={}", path_str(&dir.join("out.pcap"))),
        "--allow-inbound",
        "80",
        "--timeout",
        &timeouts,
        "--output-dir",
        path_str(&out),
    ]);
    assert!(
        o.status.success(),
        "tandem filter run: {}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let mut forwarded = HashSet::new();
    for port in 0..2 {
        let p = out.join(format!("input.port{port}.pcap"));
        for r in
            trace::pcap::PcapReader::open(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        {
            let r = r.unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            if let Some(m) = r.data.get(14..).and_then(marker_of_ip) {
                forwarded.insert(m);
            }
        }
    }
    sent.iter().map(|s| forwarded.contains(&s.marker)).collect()
}

#[test]
fn cofilter_forwards_what_the_linux_kernel_forwards() {
    let Some(root) = testnet::can_run("the kernel differential test", &["nft"]) else {
        return;
    };
    let dir = scratch("kernel-diff");
    let cases = cases();
    // A loaded machine may delay the router past our wait; then the run is
    // repeated in fresh namespaces with a longer wait.
    let mut attempt = 0;
    let (sent, kernel) = loop {
        let wait = Duration::from_millis(4 << attempt);
        let run = {
            let topo = Topology::create(root);
            run_kernel(&topo, &cases, wait).unwrap_or_else(|e| panic!("{e}"))
        };
        if run.late.is_empty() {
            break (run.sent, run.forwarded);
        }
        attempt += 1;
        eprintln!(
            "{} packets reached the far host only after the next was sent (first: {}); again with a longer wait",
            run.late.len(),
            run.late[0]
        );
        assert!(
            attempt < 4,
            "the router is too slow for an ordered replay even with {wait:?} per packet: {:?}",
            run.late
        );
    };
    let cofilter = run_tandem(&dir, &sent);
    let mut per_case: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let mut diffs = 0;
    for (i, s) in sent.iter().enumerate() {
        if kernel[i] != cofilter[i] {
            diffs += 1;
        }
        per_case.entry(s.case).or_default().push(format!(
            "{} {:?} {:<28} linux {:<9} cofilter {:<9}{}",
            if kernel[i] == cofilter[i] { " " } else { "!" },
            s.side,
            s.label,
            if kernel[i] { "forward" } else { "drop" },
            if cofilter[i] { "forward" } else { "drop" },
            if kernel[i] == cofilter[i] {
                ""
            } else {
                "  <- differs"
            },
        ));
    }
    let mut report = String::new();
    for (ci, lines) in &per_case {
        if lines.iter().any(|l| l.starts_with('!'))
            || std::env::var("TANDEM_KERNEL_DIFF_ALL").is_ok()
        {
            report.push_str(&format!("case {}\n", cases[*ci].name));
            for l in lines {
                report.push_str(&format!("    {l}\n"));
            }
        }
    }
    std::fs::write(dir.join("report.txt"), &report).expect("write report");
    let fwd = kernel.iter().filter(|&&k| k).count();
    eprintln!(
        "{} cases, {} packets: Linux forwarded {fwd}, dropped {}; {diffs} differences",
        cases.len(),
        sent.len(),
        sent.len() - fwd
    );
    // The harness itself works: the kernel forwards established traffic and drops
    // the rest, so both outcomes occur in numbers.
    assert!(
        fwd > 300 && sent.len() - fwd > 100,
        "kernel forwarded {fwd} of {}",
        sent.len()
    );
    assert_eq!(diffs, 0, "verdicts differ from Linux:\n{report}");
}
