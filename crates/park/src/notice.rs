//! Explicit drop notices (paper §6.2.4): when an NF drops a packet that carries an
//! enabled PayloadPark header, the server runtime sends back only the headers up
//! to and including the PayloadPark header, with the opcode set to drop, so the
//! switch frees the slot at once instead of waiting for eviction.

use wire::headers::{Network, Transport};
use wire::park::{HEADER_LEN, Opcode, Packet};

/// Offset of the PayloadPark header in `frame`, if the frame is IPv4 TCP/UDP and a
/// valid header (right magic and check value) follows the L4 header.
pub fn header_offset(frame: &[u8]) -> Option<usize> {
    let h = wire::parse_frame(frame).ok()?;
    let Network::Ipv4 { transport, .. } = &h.network else {
        return None;
    };
    if !matches!(transport, Transport::Tcp(_) | Transport::Udp(_)) {
        return None;
    }
    let at = h.offsets.payload;
    let p = Packet::new_checked(frame.get(at..at + HEADER_LEN)?).ok()?;
    p.is_valid().then_some(at)
}

/// The drop notice for a frame the NF dropped: the frame cut after its PayloadPark
/// header, with the opcode bit set. `None` when the frame has no valid header or
/// its payload was not parked (nothing to free: the switch needs no notice).
/// Length fields and checksums are left as they were: the switch consumes the
/// notice and never forwards it.
pub fn drop_notice(frame: &[u8]) -> Option<Vec<u8>> {
    let at = header_offset(frame)?;
    let mut out = frame.get(..at + HEADER_LEN)?.to_vec();
    let mut p = Packet::new_unchecked(&mut out[at..]);
    if !p.enabled() {
        return None;
    }
    p.set_opcode(Opcode::Drop);
    Some(out)
}
