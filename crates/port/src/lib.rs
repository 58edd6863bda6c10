//! Frames in and out of Linux interfaces.
//!
//! A [`Port`] receives frames in batches and sends them one by one or in batches
//! ([`Port::send_batch`]: one system call for many frames where the port can);
//! [`AfPacket`] is the Linux implementation (AF_PACKET with a TPACKET_V3
//! memory-mapped receive ring and `sendmmsg(2)`, see its module), [`AfXdp`] the
//! AF_XDP one. Runners and daemons talk to the trait only, so where frames come
//! from does not matter to them. [`netns::enter`] moves the calling thread into a
//! named network namespace, so one process can drive ports in several namespaces.
//!
//! Nothing here parses frames: a port delivers bytes as the wire had them, cut short
//! frames are counted ([`PortStats::rx_truncated`]) and handed on, and frames the
//! kernel refuses to send (too big for the MTU, queue full) are counted, not fatal.

mod afpacket;
mod afxdp;
mod mem;
pub mod netns;
mod poller;

use std::os::fd::BorrowedFd;
use std::time::Duration;

pub use afpacket::{AfPacket, RingConfig};
pub use afxdp::{AfXdp, XdpConfig, XdpMode};
pub use mem::{MemHandle, MemPort};
pub use poller::{Poller, Waker};

/// A received frame, borrowed from the port until the callback returns.
#[derive(Debug, Clone, Copy)]
pub struct RxFrame<'a> {
    /// The bytes received, from the Ethernet header on.
    pub data: &'a [u8],
    /// The frame's length on the wire (larger than `data.len()` when cut short).
    pub wire_len: u32,
    /// Kernel receive time, nanoseconds since the Unix epoch.
    pub ts_ns: u64,
}

/// Counters of a port; all monotonic.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct PortStats {
    pub rx_frames: u64,
    pub rx_bytes: u64,
    /// Frames delivered shorter than they were on the wire.
    pub rx_truncated: u64,
    /// Frames the kernel dropped because the receive ring was full.
    pub rx_ring_drops: u64,
    /// Ring entries skipped because their header was not sane.
    pub rx_malformed: u64,
    pub tx_frames: u64,
    pub tx_bytes: u64,
    /// Frames refused because they exceed the interface's MTU.
    pub tx_too_big: u64,
    /// Frames refused for other reasons (queue full, interface down, too short).
    pub tx_errors: u64,
}

/// Why a port could not be opened or used.
#[derive(Debug, thiserror::Error)]
pub enum PortError {
    #[error("no interface named {interface:?} in this network namespace")]
    NoSuchInterface { interface: String },
    #[error("bad port configuration: {reason}")]
    Config { reason: String },
    #[error("{interface}: {op} failed: {source}")]
    Io {
        interface: String,
        op: &'static str,
        source: std::io::Error,
    },
}

/// A source and sink of Ethernet frames.
pub trait Port: Send {
    /// The interface (or file) this port is bound to.
    fn name(&self) -> &str;

    /// Waits up to `timeout` for frames if none are ready, then hands at most `max`
    /// of those ready to `f`, in arrival order. Returns how many were handed over
    /// (0 after a timeout).
    fn recv(
        &mut self,
        max: usize,
        timeout: Duration,
        f: &mut dyn FnMut(RxFrame<'_>),
    ) -> Result<usize, PortError>;

    /// Sends one frame. `Ok(false)` when the kernel refused this frame (counted in
    /// [`PortStats`]); `Err` only when the port itself is broken.
    fn send(&mut self, frame: &[u8]) -> Result<bool, PortError>;

    /// Sends frames in order; returns how many went out. Each frame is counted
    /// as by [`Port::send`] (a refused one does not stop the rest); ports
    /// override this to hand the kernel many frames per system call. Loops that
    /// send several frames at once should call this rather than `send` per
    /// frame.
    fn send_batch(&mut self, frames: &[&[u8]]) -> Result<usize, PortError> {
        let mut sent = 0;
        for frame in frames {
            sent += usize::from(self.send(frame)?);
        }
        Ok(sent)
    }

    /// The port's counters so far.
    fn stats(&mut self) -> PortStats;

    /// A descriptor that polls readable when frames are ready, for [`Poller`];
    /// `None` for ports that are always ready (files, memory).
    fn readiness_fd(&self) -> Option<BorrowedFd<'_>> {
        None
    }
}
