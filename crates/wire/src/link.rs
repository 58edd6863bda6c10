//! What travels on the server link besides transfer frames.
//!
//! Punted packets and resumed packets cross the link as the switch program's
//! own transfer frames (EtherType 0x88B6, `wire::transfer`), exactly as they
//! leave and enter the switch's CPU port. Two kinds of packet have no
//! transfer header and need their switch port named beside them:
//!
//! - a frame the switch's parser refused (the program sends it to the CPU
//!   port whole; the server runs the whole program on it,
//!   `server::Runtime::slow_path`, and needs the port it entered on);
//! - a frame the server forwards itself (`server::Handled::Out`: the switch
//!   sends it out of the named port as it is, a packet-out with an egress
//!   port);
//! - PayloadPark's explicit drop notice (paper §6.2.4): the server dropped a
//!   packet whose payload the switch parked, and says so, so the switch frees
//!   the slot at once (`park::notice::drop_notice`; port 0).
//!
//! Both are wrapped in a link frame:
//!
//! ```text
//! dst 00:00:00:00:00:00 | src 00:00:00:00:00:00 | EtherType 0x88B5 |
//! version 1 (1 byte) | kind (1 byte: 0 = from port, 1 = out of port,
//! 2 = PayloadPark drop notice) |
//! port (2 bytes, big endian) | the frame
//! ```
//!
//! 0x88B5 is IEEE's Local Experimental EtherType 1 (the transfer header uses
//! Local Experimental 2). The switch daemon accepts link frames only on the
//! CPU interface.

/// EtherType of a link frame.
pub const ETHER_TYPE: u16 = 0x88B5;
/// Version of the link frame layout.
pub const VERSION: u8 = 1;
/// Bytes in front of the wrapped frame.
pub const HEADER_LEN: usize = 18;

/// Which way a wrapped frame goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Switch → server: the frame entered the switch on `port` and its
    /// parser refused it.
    FromPort,
    /// Server → switch: send the frame out of `port` as it is.
    OutOf,
    /// Server → switch: a PayloadPark drop notice for the switch's park
    /// switch (port unused).
    ParkDrop,
}

/// Why bytes are not a link frame.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    /// Too short for the header.
    #[error("link frame of {0} bytes is shorter than its {HEADER_LEN}-byte header")]
    Short(usize),
    /// Another EtherType.
    #[error("not a link frame (EtherType {0:#06x})")]
    NotLink(u16),
    /// Unknown version.
    #[error("link frame version {0} (this build speaks {VERSION})")]
    Version(u8),
    /// Unknown kind.
    #[error("link frame kind {0} is not 0 (from port), 1 (out of port) or 2 (drop notice)")]
    Kind(u8),
}

/// Whether `frame` carries the link EtherType.
pub fn is_link(frame: &[u8]) -> bool {
    frame.len() >= 14 && u16::from_be_bytes([frame[12], frame[13]]) == ETHER_TYPE
}

/// Wraps `frame` for the link.
pub fn wrap(kind: Kind, port: u16, frame: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + frame.len());
    out.extend_from_slice(&[0; 12]);
    out.extend_from_slice(&ETHER_TYPE.to_be_bytes());
    out.push(VERSION);
    out.push(match kind {
        Kind::FromPort => 0,
        Kind::OutOf => 1,
        Kind::ParkDrop => 2,
    });
    out.extend_from_slice(&port.to_be_bytes());
    out.extend_from_slice(frame);
    out
}

/// The packet a frame from the switch carries: the original frame inside a
/// transfer frame (its displaced EtherType back in place), or the frame a
/// link frame "from port" wraps. None for anything else.
pub fn inner_frame(frame: &[u8]) -> Option<Vec<u8>> {
    use crate::transfer;
    if is_link(frame) {
        return match unwrap(frame) {
            Ok((Kind::FromPort, _, inner)) => Some(inner.to_vec()),
            _ => None,
        };
    }
    let t = frame.get(14..)?;
    let view = transfer::Packet::new_checked(t).ok()?;
    let repr = transfer::Repr::parse(&view).ok()?;
    let mut out = Vec::with_capacity(frame.len());
    out.extend_from_slice(&frame[..12]);
    out.extend_from_slice(&repr.ether_type.to_be_bytes());
    out.extend_from_slice(frame.get(14 + repr.buffer_len()..)?);
    Some(out)
}

/// The kind, port and wrapped frame of a link frame.
pub fn unwrap(frame: &[u8]) -> Result<(Kind, u16, &[u8]), LinkError> {
    if frame.len() < HEADER_LEN {
        return Err(LinkError::Short(frame.len()));
    }
    let et = u16::from_be_bytes([frame[12], frame[13]]);
    if et != ETHER_TYPE {
        return Err(LinkError::NotLink(et));
    }
    if frame[14] != VERSION {
        return Err(LinkError::Version(frame[14]));
    }
    let kind = match frame[15] {
        0 => Kind::FromPort,
        1 => Kind::OutOf,
        2 => Kind::ParkDrop,
        k => return Err(LinkError::Kind(k)),
    };
    let port = u16::from_be_bytes([frame[16], frame[17]]);
    Ok((kind, port, &frame[HEADER_LEN..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrapped_frame_comes_back_and_bad_ones_are_named() {
        let f = [1u8, 2, 3, 4];
        let w = wrap(Kind::OutOf, 3, &f);
        assert!(is_link(&w));
        assert_eq!(unwrap(&w), Ok((Kind::OutOf, 3, &f[..])));
        let w = wrap(Kind::FromPort, 0x1ff, &[]);
        assert_eq!(unwrap(&w), Ok((Kind::FromPort, 0x1ff, &[][..])));
        assert_eq!(unwrap(&w[..5]), Err(LinkError::Short(5)));
        let mut bad = w.clone();
        bad[13] = 0xB6;
        assert_eq!(unwrap(&bad), Err(LinkError::NotLink(0x88B6)));
        let mut bad = w.clone();
        bad[14] = 9;
        assert_eq!(unwrap(&bad), Err(LinkError::Version(9)));
        let mut bad = w;
        bad[15] = 7;
        assert_eq!(unwrap(&bad), Err(LinkError::Kind(7)));
        let w = wrap(Kind::ParkDrop, 0, &f);
        assert_eq!(unwrap(&w), Ok((Kind::ParkDrop, 0, &f[..])));
    }
}
