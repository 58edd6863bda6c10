//! The packet as the handler sees it: header validity, field reads, field writes
//! that keep every checksum correct (RFC 1624 incremental updates via
//! `wire::checksum`), and the payload.

use ir::{Field, Header};
use wire::checksum::update16;

/// Where the headers of one frame are (offsets into the frame).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Layout {
    eth: bool,
    l3: Option<usize>,
    ihl: usize,
    tcp: Option<usize>,
    udp: Option<usize>,
    payload: usize,
    payload_len: usize,
}

impl Layout {
    /// Locates the headers by the language's header rules (docs/LANGUAGE.md),
    /// which are the switch parser's: a header is valid when its fixed bytes are
    /// in the frame and the fields that choose the parse path accept it.
    /// Length fields (IPv4 total length, UDP length) bound the payload but never
    /// make a header invalid: a P4 parser cannot compare them with the frame, so
    /// a switch that forwarded the packet and a reference that refused it would
    /// disagree.
    pub fn parse(frame: &[u8]) -> Layout {
        const ETH: usize = wire::ethernet::HEADER_LEN;
        let mut l = Layout {
            payload: frame.len(),
            ..Layout::default()
        };
        if frame.len() < ETH {
            return l;
        }
        l.eth = true;
        l.payload = ETH;
        l.payload_len = frame.len() - ETH;
        let mut l3 = ETH;
        let mut ethertype = be16(frame, 12);
        // One 802.1Q tag.
        if ethertype == 0x8100 {
            if frame.len() < ETH + 4 {
                return l;
            }
            ethertype = be16(frame, ETH + 2);
            l3 = ETH + 4;
            l.payload = l3;
            l.payload_len = frame.len() - l3;
        }
        let ip = &frame[l3..];
        if ethertype != 0x0800 || ip.len() < 20 || ip[0] >> 4 != 4 {
            return l;
        }
        let ihl = usize::from(ip[0] & 0x0f) * 4;
        if ihl < 20 || ihl > ip.len() {
            return l;
        }
        l.l3 = Some(l3);
        l.ihl = ihl;
        // The IP packet ends at its total length, or at the frame's end when
        // the capture or the sender cut it short.
        let ip_end = l3 + usize::from(be16(ip, 2)).max(ihl).min(ip.len());
        let l4 = l3 + ihl;
        l.payload = l4;
        l.payload_len = ip_end - l4;
        let fragment = be16(ip, 6) & 0x3fff != 0;
        if fragment {
            return l;
        }
        let body = frame.len() - l4;
        let (start, end) = match ip[9] {
            6 if body >= 20 && frame[l4 + 12] >> 4 >= 5 => {
                l.tcp = Some(l4);
                (l4 + usize::from(frame[l4 + 12] >> 4) * 4, ip_end)
            }
            17 if body >= 8 => {
                l.udp = Some(l4);
                let len = usize::from(be16(frame, l4 + 4));
                let end = if len >= 8 {
                    ip_end.min(l4 + len)
                } else {
                    ip_end
                };
                (l4 + 8, end)
            }
            _ => return l,
        };
        l.payload = start.min(frame.len());
        l.payload_len = end.saturating_sub(start);
        l
    }

    /// Offset of the IPv4 header, if valid.
    pub fn l3(&self) -> Option<usize> {
        self.l3
    }

    /// Offset of the TCP header, if valid.
    pub fn tcp(&self) -> Option<usize> {
        self.tcp
    }

    /// Offset of the UDP header, if valid.
    pub fn udp(&self) -> Option<usize> {
        self.udp
    }

    pub fn valid(&self, h: Header) -> bool {
        match h {
            Header::Eth => self.eth,
            Header::Ipv4 => self.l3.is_some(),
            Header::Tcp => self.tcp.is_some(),
            Header::Udp => self.udp.is_some(),
        }
    }

    pub fn payload<'a>(&self, frame: &'a [u8]) -> &'a [u8] {
        frame
            .get(self.payload..self.payload + self.payload_len)
            .unwrap_or(&[])
    }

    /// Absolute offset and byte length of a field, and the header start it is relative to.
    fn locate(&self, f: Field) -> Option<(usize, usize)> {
        use Field::*;
        let (base, rel, len) = match f {
            EthDst => (self.eth.then_some(0)?, 0, 6),
            EthSrc => (self.eth.then_some(0)?, 6, 6),
            EthType => (self.eth.then_some(0)?, 12, 2),
            Ipv4Dscp | Ipv4Ecn => (self.l3?, 1, 1),
            Ipv4TotalLen => (self.l3?, 2, 2),
            Ipv4Ident => (self.l3?, 4, 2),
            Ipv4Ttl => (self.l3?, 8, 1),
            Ipv4Protocol => (self.l3?, 9, 1),
            Ipv4Src => (self.l3?, 12, 4),
            Ipv4Dst => (self.l3?, 16, 4),
            TcpSrcPort => (self.tcp?, 0, 2),
            TcpDstPort => (self.tcp?, 2, 2),
            TcpSeq => (self.tcp?, 4, 4),
            TcpAck => (self.tcp?, 8, 4),
            TcpFlags => (self.tcp?, 13, 1),
            TcpWindow => (self.tcp?, 14, 2),
            UdpSrcPort => (self.udp?, 0, 2),
            UdpDstPort => (self.udp?, 2, 2),
            UdpLength => (self.udp?, 4, 2),
        };
        Some((base + rel, len))
    }

    /// Reads a field; 0 if its header is absent.
    #[inline]
    pub fn get(&self, frame: &[u8], f: Field) -> u64 {
        let Some((at, len)) = self.locate(f) else {
            return 0;
        };
        let raw = read_be(frame, at, len);
        match f {
            Field::Ipv4Dscp => raw >> 2,
            Field::Ipv4Ecn => raw & 3,
            _ => raw,
        }
    }

    /// Writes a field (value already within the field's width) and patches the
    /// IPv4 header checksum and the TCP/UDP checksum, including the pseudo-header
    /// for addresses, protocol and lengths. No-op if the header is absent.
    pub fn set(&self, frame: &mut [u8], f: Field, v: u64) {
        let Some((at, len)) = self.locate(f) else {
            return;
        };
        if frame.len() < at + len {
            return;
        }
        let old = read_be(frame, at, len);
        let new = match f {
            Field::Ipv4Dscp => (v << 2) | (old & 3),
            Field::Ipv4Ecn => (old & !3) | (v & 3),
            _ => v,
        };
        if old == new {
            return;
        }
        for (i, b) in frame[at..at + len].iter_mut().enumerate() {
            *b = (new >> (8 * (len - 1 - i))) as u8;
        }
        match f.header() {
            Header::Eth => {}
            Header::Ipv4 => {
                let Some(l3) = self.l3 else { return };
                for (o, n) in words(at - l3, len, old, new) {
                    patch(frame, l3 + 10, o, n, false);
                }
                // The TCP/UDP pseudo-header holds addresses, protocol and L4 length.
                match f {
                    Field::Ipv4Src | Field::Ipv4Dst | Field::Ipv4Protocol => {
                        for (o, n) in words(0, len.max(2), old, new) {
                            self.patch_l4(frame, o, n);
                        }
                    }
                    Field::Ipv4TotalLen => {
                        let ihl = self.ihl as u64;
                        self.patch_l4(
                            frame,
                            old.saturating_sub(ihl) as u16,
                            new.saturating_sub(ihl) as u16,
                        );
                    }
                    _ => {}
                }
            }
            Header::Tcp | Header::Udp => {
                let Some(l4) = self.tcp.or(self.udp) else {
                    return;
                };
                for (o, n) in words(at - l4, len, old, new) {
                    self.patch_l4(frame, o, n);
                }
                if f == Field::UdpLength {
                    // The UDP length is also the pseudo-header's length.
                    self.patch_l4(frame, old as u16, new as u16);
                }
            }
        }
    }

    fn patch_l4(&self, frame: &mut [u8], old: u16, new: u16) {
        if let Some(t) = self.tcp {
            patch(frame, t + 16, old, new, false);
        } else if let Some(u) = self.udp {
            patch(frame, u + 6, old, new, true);
        }
    }
}

/// The (old, new) 16-bit checksum words a field change amounts to. `rel` is the
/// field's offset from the start of the checksummed header (words are aligned to
/// it). A single byte at an even offset is the high byte of its word; the other
/// byte of that word is unchanged and cancels out of the RFC 1624 update.
#[inline]
fn words(rel: usize, len: usize, old: u64, new: u64) -> impl Iterator<Item = (u16, u16)> {
    let (shift, n) = if len == 1 {
        (if rel % 2 == 0 { 8 } else { 0 }, 1)
    } else {
        (0, len / 2)
    };
    (0..n).map(move |k| {
        let down = 16 * (n - 1 - k) as u32;
        let o = ((old >> down) as u16) << shift;
        let w = ((new >> down) as u16) << shift;
        (o, w)
    })
}

/// RFC 1624 update of the checksum at `at`; UDP's "no checksum" 0 stays 0 and a
/// computed 0 is sent as 0xFFFF (RFC 768).
#[inline]
fn patch(frame: &mut [u8], at: usize, old: u16, new: u16, udp: bool) {
    let Some(field) = frame.get_mut(at..at + 2) else {
        return;
    };
    let c = u16::from_be_bytes([field[0], field[1]]);
    if udp && c == 0 {
        return;
    }
    let mut n = update16(c, old, new);
    if udp && n == 0 {
        n = 0xFFFF;
    }
    field.copy_from_slice(&n.to_be_bytes());
}

/// Big-endian read of a 1, 2, 4 or 6 byte field; 0 if out of bounds.
#[inline]
fn read_be(frame: &[u8], at: usize, len: usize) -> u64 {
    match (len, frame.get(at..at + len)) {
        (1, Some(b)) => u64::from(b[0]),
        (2, Some(b)) => u64::from(u16::from_be_bytes([b[0], b[1]])),
        (4, Some(b)) => u64::from(u32::from_be_bytes([b[0], b[1], b[2], b[3]])),
        (_, Some(b)) => b.iter().fold(0u64, |a, &x| (a << 8) | u64::from(x)),
        (_, None) => 0,
    }
}

fn be16(b: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([b[at], b[at + 1]])
}
