//! Packet formats: zero-copy header views, parse/emit representations, checksums and flow keys.
//!
//! The layout follows smoltcp: one protocol per module, each with
//!
//! * a view `Packet<T: AsRef<[u8]>>` (or `Frame` for Ethernet) over a byte buffer, with
//!   `new_unchecked`, `new_checked` and `check_len`, getters on `AsRef<[u8]>` and setters on
//!   `AsMut<[u8]>`;
//! * a `Repr`, a plain value with `parse` (view → value), `buffer_len` and `emit`
//!   (value → bytes).
//!
//! # No-panic contract
//!
//! Once `new_checked` (or `check_len`) has succeeded on a view, no getter or setter of that
//! view panics, whatever the bytes are — except that a setter which changes a length field
//! (IPv4 header or total length, TCP data offset, UDP length) voids the check until
//! `check_len` runs again. `Repr::emit` never panics on a buffer of at least
//! `Repr::buffer_len()` bytes. `new_unchecked` views make no such promise. The whole-frame
//! parser [`headers::parse_frame`] never panics on any input. Property tests over random
//! bytes and the cargo-fuzz target `crates/wire/fuzz` check this.
//!
//! # Example
//!
//! ```
//! use wire::build::{self, L3};
//! use wire::{FlowKey, MacAddr, TcpFlags, parse_frame, rewrite, tcp};
//! use std::net::Ipv4Addr;
//!
//! let l3 = L3 {
//!     src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
//!     dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
//!     vlan: None,
//!     src: Ipv4Addr::new(198, 18, 0, 1),
//!     dst: Ipv4Addr::new(198, 19, 0, 1),
//!     ttl: 64,
//!     ident: 1,
//! };
//! let syn = tcp::Repr {
//!     src_port: 40000,
//!     dst_port: 80,
//!     seq_number: 1,
//!     ack_number: 0,
//!     flags: TcpFlags::SYN,
//!     window: 65535,
//!     urgent: 0,
//!     options: Default::default(),
//! };
//! let mut frame = build::tcp_frame(&l3, &syn, b"");
//!
//! let h = parse_frame(&frame)?;
//! assert_eq!(h.offsets.l4, Some(34));
//! assert!(h.checksums().all_ok());
//! let key = FlowKey::from_headers(&h).expect("TCP has a flow key");
//! assert_eq!(key.symmetric_hash(), key.reversed().symmetric_hash());
//!
//! // A load balancer rewrites the destination; checksums are patched incrementally.
//! rewrite::set_dst_addr(&mut frame, Ipv4Addr::new(10, 0, 0, 7))?;
//! assert!(parse_frame(&frame)?.checksums().all_ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! See `docs/WIRE.md` for design choices and the list of what is and is not supported.

pub mod build;
pub mod checksum;
pub mod crc;
pub mod ethernet;
pub mod flow;
pub mod headers;
pub mod icmp;
pub mod ipv4;
pub mod link;
pub mod options;
pub mod park;
pub mod rewrite;
pub mod tcp;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
pub mod transfer;
pub mod udp;
pub mod vlan;

pub use ethernet::{EtherType, MacAddr};
pub use flow::FlowKey;
pub use headers::{FrameError, Headers, parse_frame};
pub use ipv4::IpProtocol;
pub use std::net::Ipv4Addr;
pub use tcp::TcpFlags;

/// Error of the per-header layer: small and `Copy`, as in smoltcp.
///
/// The whole-frame parser wraps it in [`FrameError`], which adds the header and byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Error {
    /// The buffer is shorter than the header (or than a length field inside it claims).
    #[error("truncated")]
    Truncated,
    /// A field holds a value the format forbids (e.g. IPv4 version ≠ 4, IHL < 5).
    #[error("malformed")]
    Malformed,
}

/// Result type of the per-header layer.
pub type Result<T> = core::result::Result<T, Error>;

/// Reads a big-endian `u16` at `at`. Callers guarantee `at + 2 <= buf.len()` (checked views).
#[inline]
pub(crate) fn get_u16(buf: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([buf[at], buf[at + 1]])
}

/// Reads a big-endian `u32` at `at`. Callers guarantee `at + 4 <= buf.len()` (checked views).
#[inline]
pub(crate) fn get_u32(buf: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([buf[at], buf[at + 1], buf[at + 2], buf[at + 3]])
}

/// Writes a big-endian `u16` at `at`.
#[inline]
pub(crate) fn put_u16(buf: &mut [u8], at: usize, v: u16) {
    buf[at..at + 2].copy_from_slice(&v.to_be_bytes());
}

/// Writes a big-endian `u32` at `at`.
#[inline]
pub(crate) fn put_u32(buf: &mut [u8], at: usize, v: u32) {
    buf[at..at + 4].copy_from_slice(&v.to_be_bytes());
}
