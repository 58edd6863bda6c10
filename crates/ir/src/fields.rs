//! Packet headers and their fields as the IR sees them.

use crate::types::Type;
use serde::{Deserialize, Serialize};

/// A packet header the IR can test for and access.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Header {
    /// Ethernet II.
    Eth,
    /// IPv4 (RFC 791).
    Ipv4,
    /// TCP (RFC 9293).
    Tcp,
    /// UDP (RFC 768).
    Udp,
}

impl Header {
    /// All headers, in parse order.
    pub const ALL: [Header; 4] = [Header::Eth, Header::Ipv4, Header::Tcp, Header::Udp];

    /// Name used in the IR text and in the language (`eth`, `ipv4`, `tcp`, `udp`).
    pub fn name(self) -> &'static str {
        match self {
            Header::Eth => "eth",
            Header::Ipv4 => "ipv4",
            Header::Tcp => "tcp",
            Header::Udp => "udp",
        }
    }

    /// Looks a header up by name.
    pub fn from_name(s: &str) -> Option<Header> {
        Header::ALL.into_iter().find(|h| h.name() == s)
    }
}

/// A readable and writable header field. Checksums (IPv4 header, TCP, UDP) are
/// deliberately absent: the runtime keeps them correct after every write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Field {
    EthDst,
    EthSrc,
    EthType,
    Ipv4Dscp,
    Ipv4Ecn,
    Ipv4TotalLen,
    Ipv4Ident,
    Ipv4Ttl,
    Ipv4Protocol,
    Ipv4Src,
    Ipv4Dst,
    TcpSrcPort,
    TcpDstPort,
    TcpSeq,
    TcpAck,
    TcpFlags,
    TcpWindow,
    UdpSrcPort,
    UdpDstPort,
    UdpLength,
}

impl Field {
    /// Every field, for enumeration by parsers and tests.
    pub const ALL: [Field; 20] = [
        Field::EthDst,
        Field::EthSrc,
        Field::EthType,
        Field::Ipv4Dscp,
        Field::Ipv4Ecn,
        Field::Ipv4TotalLen,
        Field::Ipv4Ident,
        Field::Ipv4Ttl,
        Field::Ipv4Protocol,
        Field::Ipv4Src,
        Field::Ipv4Dst,
        Field::TcpSrcPort,
        Field::TcpDstPort,
        Field::TcpSeq,
        Field::TcpAck,
        Field::TcpFlags,
        Field::TcpWindow,
        Field::UdpSrcPort,
        Field::UdpDstPort,
        Field::UdpLength,
    ];

    /// The header the field belongs to.
    pub fn header(self) -> Header {
        use Field::*;
        match self {
            EthDst | EthSrc | EthType => Header::Eth,
            Ipv4Dscp | Ipv4Ecn | Ipv4TotalLen | Ipv4Ident | Ipv4Ttl | Ipv4Protocol | Ipv4Src
            | Ipv4Dst => Header::Ipv4,
            TcpSrcPort | TcpDstPort | TcpSeq | TcpAck | TcpFlags | TcpWindow => Header::Tcp,
            UdpSrcPort | UdpDstPort | UdpLength => Header::Udp,
        }
    }

    /// Field name without the header (`src_port`).
    pub fn name(self) -> &'static str {
        use Field::*;
        match self {
            EthDst => "dst",
            EthSrc => "src",
            EthType => "ethertype",
            Ipv4Dscp => "dscp",
            Ipv4Ecn => "ecn",
            Ipv4TotalLen => "total_len",
            Ipv4Ident => "ident",
            Ipv4Ttl => "ttl",
            Ipv4Protocol => "protocol",
            Ipv4Src => "src",
            Ipv4Dst => "dst",
            TcpSrcPort | UdpSrcPort => "src_port",
            TcpDstPort | UdpDstPort => "dst_port",
            TcpSeq => "seq",
            TcpAck => "ack",
            TcpFlags => "flags",
            TcpWindow => "window",
            UdpLength => "length",
        }
    }

    /// The field's type: addresses are `ipv4`, MAC addresses `bit<48>`, the rest their wire width.
    pub fn ty(self) -> Type {
        use Field::*;
        match self {
            EthDst | EthSrc => Type::Bits(48),
            Ipv4Src | Ipv4Dst => Type::Ipv4,
            Ipv4Dscp => Type::Bits(6),
            Ipv4Ecn => Type::Bits(2),
            Ipv4Ttl | Ipv4Protocol | TcpFlags => Type::Bits(8),
            TcpSeq | TcpAck => Type::Bits(32),
            EthType | Ipv4TotalLen | Ipv4Ident | TcpSrcPort | TcpDstPort | TcpWindow
            | UdpSrcPort | UdpDstPort | UdpLength => Type::Bits(16),
        }
    }

    /// Looks a field up by header and name (`ipv4`, `src`).
    pub fn lookup(header: Header, name: &str) -> Option<Field> {
        Field::ALL
            .into_iter()
            .find(|f| f.header() == header && f.name() == name)
    }
}

/// A result of session reconstruction (CoMb's reusable session module, §6.3):
/// facts about the packet's bidirectional session that a program reads as
/// `session.NAME`. The runtime computes them before the program runs (or a
/// consolidated box computes them once for every application that declares the
/// module); programs cannot write them. docs/LANGUAGE.md gives the meaning of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SessionField {
    /// The packet is IPv4 TCP or UDP and its session is tracked (`bool`).
    Valid,
    /// The packet created the session's entry (`bool`).
    New,
    /// The packet travels from the responder to the initiator (`bool`).
    Reply,
    /// TCP state after the packet (`bit<8>`, see docs/LANGUAGE.md).
    State,
    /// Packets from the initiator, this one included (`bit<32>`).
    OrigPackets,
    /// Packets from the responder, this one included (`bit<32>`).
    ReplyPackets,
    /// Payload bytes from the initiator, this packet's included (`bit<64>`).
    OrigBytes,
    /// Payload bytes from the responder, this packet's included (`bit<64>`).
    ReplyBytes,
    /// Offset of the packet's payload in its direction's byte stream (`bit<32>`).
    Offset,
    /// The segment continues its direction's stream where the last in-order one ended (`bool`).
    InOrder,
}

impl SessionField {
    /// Every session field.
    pub const ALL: [SessionField; 10] = [
        SessionField::Valid,
        SessionField::New,
        SessionField::Reply,
        SessionField::State,
        SessionField::OrigPackets,
        SessionField::ReplyPackets,
        SessionField::OrigBytes,
        SessionField::ReplyBytes,
        SessionField::Offset,
        SessionField::InOrder,
    ];

    /// Name after `session.`.
    pub fn name(self) -> &'static str {
        use SessionField::*;
        match self {
            Valid => "valid",
            New => "new",
            Reply => "reply",
            State => "state",
            OrigPackets => "orig_packets",
            ReplyPackets => "reply_packets",
            OrigBytes => "orig_bytes",
            ReplyBytes => "reply_bytes",
            Offset => "offset",
            InOrder => "in_order",
        }
    }

    /// The field's type.
    pub fn ty(self) -> Type {
        use SessionField::*;
        match self {
            Valid | New | Reply | InOrder => Type::Bool,
            State => Type::Bits(8),
            OrigPackets | ReplyPackets | Offset => Type::Bits(32),
            OrigBytes | ReplyBytes => Type::Bits(64),
        }
    }

    /// Looks a field up by name.
    pub fn from_name(s: &str) -> Option<SessionField> {
        SessionField::ALL.into_iter().find(|f| f.name() == s)
    }
}
