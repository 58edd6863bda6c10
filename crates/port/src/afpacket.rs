//! AF_PACKET ports with a TPACKET_V3 receive ring.
//!
//! The kernel writes received frames into a ring of blocks shared with us by `mmap`;
//! a block goes to user space whole (when full, or after `retire_ms` without filling),
//! so one `poll` wakes us for a batch of frames and reading them copies nothing. We
//! hand each frame to the caller as a slice into the ring and give the block back to
//! the kernel once every frame in it has been handed out.
//!
//! Sending uses the same socket: [`Port::send_batch`] hands up to
//! [`SEND_BATCH`] frames to the kernel in one `sendmmsg(2)` call, [`Port::send`]
//! one frame per `send(2)`. [`AfPacket::set_qdisc_bypass`] skips the interface's
//! queueing discipline (`PACKET_QDISC_BYPASS`).
//!
//! The socket is opened with protocol 0 and only then bound to the interface with
//! `ETH_P_ALL`, so it never sees a frame of another interface; `PACKET_IGNORE_OUTGOING`
//! keeps our own transmissions (and the host stack's) out of the receive ring, and the
//! interface is put in promiscuous mode, as a switch port must see every frame.
//!
//! # Memory layout read from the ring (linux/if_packet.h)
//! A block starts with `tpacket_block_desc`: `version` u32, `offset_to_priv` u32, then
//! `tpacket_hdr_v1`: `block_status` u32 (offset 8), `num_pkts` u32 (12),
//! `offset_to_first_pkt` u32 (16), `blk_len` u32 (20), ... Each frame starts with
//! `tpacket3_hdr`: `tp_next_offset` u32 (0), `tp_sec` u32 (4), `tp_nsec` u32 (8),
//! `tp_snaplen` u32 (12), `tp_len` u32 (16), `tp_status` u32 (20), `tp_mac` u16 (24).

use std::ffi::CString;
use std::io;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use crate::{Port, PortError, PortStats, RxFrame};

const SOL_PACKET: libc::c_int = 263;
const PACKET_ADD_MEMBERSHIP: libc::c_int = 1;
const PACKET_RX_RING: libc::c_int = 5;
const PACKET_STATISTICS: libc::c_int = 6;
const PACKET_VERSION: libc::c_int = 10;
const PACKET_FANOUT: libc::c_int = 18;
const PACKET_QDISC_BYPASS: libc::c_int = 20;
const PACKET_IGNORE_OUTGOING: libc::c_int = 23;
/// Fanout mode: by the kernel's symmetric flow hash (`__skb_get_hash_symmetric`),
/// so both directions of a 5-tuple land on the same member.
const PACKET_FANOUT_HASH: u32 = 0;
/// Fanout flag: the kernel picks an unused group id (read back with getsockopt).
const PACKET_FANOUT_FLAG_UNIQUEID: u32 = 0x2000;
const TPACKET_V3: libc::c_int = 2;
const PACKET_MR_PROMISC: libc::c_ushort = 1;
const TP_STATUS_KERNEL: u32 = 0;
const TP_STATUS_USER: u32 = 1;
const ETH_P_ALL: u16 = 0x0003;

const BLOCK_STATUS: usize = 8;
const BLOCK_NUM_PKTS: usize = 12;
const BLOCK_FIRST_PKT: usize = 16;
const PKT_NEXT: usize = 0;
const PKT_SEC: usize = 4;
const PKT_NSEC: usize = 8;
const PKT_SNAPLEN: usize = 12;
const PKT_LEN: usize = 16;
const PKT_MAC: usize = 24;
/// `sizeof(struct tpacket3_hdr)`: a frame's header must fit before its data.
const PKT_HDR_LEN: usize = 48;

/// Frames one `sendmmsg(2)` call of [`Port::send_batch`] hands to the kernel.
const SEND_BATCH: usize = 64;

#[repr(C)]
struct TpacketReq3 {
    tp_block_size: libc::c_uint,
    tp_block_nr: libc::c_uint,
    tp_frame_size: libc::c_uint,
    tp_frame_nr: libc::c_uint,
    tp_retire_blk_tov: libc::c_uint,
    tp_sizeof_priv: libc::c_uint,
    tp_feature_req_word: libc::c_uint,
}

#[repr(C)]
#[derive(Default)]
struct TpacketStatsV3 {
    tp_packets: libc::c_uint,
    tp_drops: libc::c_uint,
    tp_freeze_q_cnt: libc::c_uint,
}

#[repr(C)]
struct PacketMreq {
    mr_ifindex: libc::c_int,
    mr_type: libc::c_ushort,
    mr_alen: libc::c_ushort,
    mr_address: [libc::c_uchar; 8],
}

/// Size of the receive ring.
///
/// # Configuration
/// - `block_size`: bytes per block, a power of two and a multiple of the page size;
///   also the largest frame the ring can hold (default 1 MiB, room for a 64 KiB
///   GRO/TSO aggregate).
/// - `blocks`: number of blocks (default 8, so 8 MiB per port).
/// - `retire`: how long a partly filled block waits before the kernel hands it over
///   (default 1 ms): the latency added to a frame at low rates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RingConfig {
    pub block_size: usize,
    pub blocks: usize,
    pub retire: Duration,
}

impl Default for RingConfig {
    fn default() -> Self {
        RingConfig {
            block_size: 1 << 20,
            blocks: 8,
            retire: Duration::from_millis(1),
        }
    }
}

/// The memory-mapped ring, unmapped on drop.
struct Ring {
    base: *mut u8,
    block_size: usize,
    blocks: usize,
}

// SAFETY: the ring is plain shared memory owned by this value; all access goes through
// `&mut AfPacket`, so moving it to another thread is sound.
unsafe impl Send for Ring {}

impl Ring {
    fn block(&self, i: usize) -> *mut u8 {
        // SAFETY: `i < blocks`, so the offset stays inside the mapping.
        unsafe { self.base.add(i * self.block_size) }
    }

    fn status(&self, i: usize) -> &AtomicU32 {
        // SAFETY: the block start is page-aligned, so `block_status` at offset 8 is
        // 4-byte aligned and inside the mapping; the kernel and we only access it
        // atomically (the kernel with a release barrier after filling the block).
        unsafe { &*(self.block(i).add(BLOCK_STATUS) as *const AtomicU32) }
    }

    fn read_u32(&self, i: usize, offset: usize) -> u32 {
        debug_assert!(offset + 4 <= self.block_size);
        // SAFETY: callers keep `offset + 4 <= block_size`; the block is ours (status
        // USER, observed with acquire ordering) until we hand it back.
        unsafe { std::ptr::read_unaligned(self.block(i).add(offset) as *const u32) }
    }

    fn read_u16(&self, i: usize, offset: usize) -> u16 {
        debug_assert!(offset + 2 <= self.block_size);
        // SAFETY: as in `read_u32`.
        unsafe { std::ptr::read_unaligned(self.block(i).add(offset) as *const u16) }
    }

    fn bytes(&self, i: usize, offset: usize, len: usize) -> &[u8] {
        debug_assert!(offset + len <= self.block_size);
        // SAFETY: callers check `offset + len <= block_size`; the block is ours until
        // handed back, which needs `&mut self` on the port, so the slice cannot
        // outlive our ownership.
        unsafe { std::slice::from_raw_parts(self.block(i).add(offset), len) }
    }
}

impl Drop for Ring {
    fn drop(&mut self) {
        // SAFETY: `base` and the length are exactly what `mmap` returned and took.
        unsafe {
            libc::munmap(self.base.cast(), self.block_size * self.blocks);
        }
    }
}

/// Where the reader stands in the ring.
#[derive(Debug, Clone, Copy, Default)]
struct Cursor {
    block: usize,
    /// Frames of the current block already handed out.
    taken: u32,
    /// Offset of the next frame in the current block.
    offset: usize,
}

/// A switch port on a Linux interface, through AF_PACKET.
///
/// # Counters
/// See [`PortStats`]: frames and bytes each way, frames cut short by the ring,
/// frames the kernel dropped because the ring was full, frames too big to send,
/// send errors, and malformed ring entries skipped.
pub struct AfPacket {
    interface: String,
    // Field order matters: the ring is unmapped before the socket closes.
    ring: Ring,
    fd: OwnedFd,
    cursor: Cursor,
    stats: PortStats,
}

impl std::fmt::Debug for AfPacket {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AfPacket")
            .field("interface", &self.interface)
            .field("fd", &self.fd.as_raw_fd())
            .field("stats", &self.stats)
            .finish()
    }
}

fn last_error(interface: &str, op: &'static str) -> PortError {
    PortError::Io {
        interface: interface.to_string(),
        op,
        source: io::Error::last_os_error(),
    }
}

fn setsockopt<T>(fd: &OwnedFd, name: libc::c_int, value: &T) -> libc::c_int {
    // SAFETY: `value` points to a live `T` of the size passed.
    unsafe {
        libc::setsockopt(
            fd.as_raw_fd(),
            SOL_PACKET,
            name,
            (value as *const T).cast(),
            size_of::<T>() as libc::socklen_t,
        )
    }
}

impl AfPacket {
    /// Opens `interface` (in the calling thread's network namespace) with the given
    /// ring. Needs CAP_NET_RAW.
    pub fn open(interface: &str, config: RingConfig) -> Result<Self, PortError> {
        let page = 4096;
        if config.block_size < page
            || !config.block_size.is_power_of_two()
            || config.blocks == 0
            || config.block_size.checked_mul(config.blocks).is_none()
        {
            return Err(PortError::Config {
                reason: format!(
                    "ring blocks must be a power of two of at least {page} bytes, and at least one: got {} x {}",
                    config.blocks, config.block_size
                ),
            });
        }
        let name = CString::new(interface).map_err(|_| PortError::NoSuchInterface {
            interface: interface.to_string(),
        })?;
        // SAFETY: `name` is NUL-terminated.
        let ifindex = unsafe { libc::if_nametoindex(name.as_ptr()) };
        if ifindex == 0 {
            return Err(PortError::NoSuchInterface {
                interface: interface.to_string(),
            });
        }

        // Protocol 0: no frames are queued until `bind` names the interface.
        // SAFETY: plain system call; the result is checked.
        let raw = unsafe { libc::socket(libc::AF_PACKET, libc::SOCK_RAW | libc::SOCK_CLOEXEC, 0) };
        if raw < 0 {
            return Err(last_error(interface, "socket(AF_PACKET)"));
        }
        // SAFETY: `raw` is a fresh descriptor we own.
        let fd = unsafe { OwnedFd::from_raw_fd(raw) };

        if setsockopt(&fd, PACKET_VERSION, &TPACKET_V3) < 0 {
            return Err(last_error(
                interface,
                "setsockopt(PACKET_VERSION, TPACKET_V3)",
            ));
        }
        let one: libc::c_int = 1;
        if setsockopt(&fd, PACKET_IGNORE_OUTGOING, &one) < 0 {
            return Err(last_error(interface, "setsockopt(PACKET_IGNORE_OUTGOING)"));
        }
        let frame_size = 2048;
        let req = TpacketReq3 {
            tp_block_size: config.block_size as libc::c_uint,
            tp_block_nr: config.blocks as libc::c_uint,
            tp_frame_size: frame_size,
            tp_frame_nr: (config.block_size / frame_size as usize * config.blocks) as libc::c_uint,
            tp_retire_blk_tov: config.retire.as_millis().clamp(1, u32::MAX.into()) as libc::c_uint,
            tp_sizeof_priv: 0,
            tp_feature_req_word: 0,
        };
        if setsockopt(&fd, PACKET_RX_RING, &req) < 0 {
            return Err(last_error(interface, "setsockopt(PACKET_RX_RING)"));
        }
        let len = config.block_size * config.blocks;
        // SAFETY: maps the ring the kernel just allocated for this socket; checked.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                fd.as_raw_fd(),
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return Err(last_error(interface, "mmap(rx ring)"));
        }
        let ring = Ring {
            base: base.cast(),
            block_size: config.block_size,
            blocks: config.blocks,
        };

        // SAFETY: an all-zero sockaddr_ll is valid; the fields we need are set below.
        let mut addr: libc::sockaddr_ll = unsafe { std::mem::zeroed() };
        addr.sll_family = libc::AF_PACKET as libc::c_ushort;
        addr.sll_protocol = ETH_P_ALL.to_be();
        addr.sll_ifindex = ifindex as libc::c_int;
        // SAFETY: `addr` is a valid sockaddr_ll of the size passed.
        let rc = unsafe {
            libc::bind(
                fd.as_raw_fd(),
                (&addr as *const libc::sockaddr_ll).cast(),
                size_of::<libc::sockaddr_ll>() as libc::socklen_t,
            )
        };
        if rc < 0 {
            return Err(last_error(interface, "bind"));
        }
        let mreq = PacketMreq {
            mr_ifindex: ifindex as libc::c_int,
            mr_type: PACKET_MR_PROMISC,
            mr_alen: 0,
            mr_address: [0; 8],
        };
        if setsockopt(&fd, PACKET_ADD_MEMBERSHIP, &mreq) < 0 {
            return Err(last_error(
                interface,
                "setsockopt(PACKET_ADD_MEMBERSHIP, promisc)",
            ));
        }
        Ok(AfPacket {
            interface: interface.to_string(),
            ring,
            fd,
            cursor: Cursor::default(),
            stats: PortStats::default(),
        })
    }

    /// Joins a `PACKET_FANOUT` group in hash mode: the kernel spreads the
    /// interface's received frames over the group's sockets by the symmetric flow
    /// hash, so each flow (both directions of a 5-tuple) reaches one socket only.
    /// `None` creates a new group with an id the kernel picks; pass the returned id
    /// to the other sockets of the same interface. Frames that arrived before
    /// joining stay in this socket's ring.
    pub fn join_fanout(&mut self, group: Option<u16>) -> Result<u16, PortError> {
        let arg: u32 = match group {
            Some(id) => u32::from(id) | (PACKET_FANOUT_HASH << 16),
            None => (PACKET_FANOUT_HASH | PACKET_FANOUT_FLAG_UNIQUEID) << 16,
        };
        if setsockopt(&self.fd, PACKET_FANOUT, &arg) < 0 {
            return Err(last_error(&self.interface, "setsockopt(PACKET_FANOUT)"));
        }
        let mut got: u32 = 0;
        let mut len = size_of::<u32>() as libc::socklen_t;
        // SAFETY: `got` is a writable u32 of `len` bytes.
        let rc = unsafe {
            libc::getsockopt(
                self.fd.as_raw_fd(),
                SOL_PACKET,
                PACKET_FANOUT,
                (&mut got as *mut u32).cast(),
                &mut len,
            )
        };
        if rc < 0 {
            return Err(last_error(&self.interface, "getsockopt(PACKET_FANOUT)"));
        }
        Ok((got & 0xffff) as u16)
    }

    /// Sends straight to the interface's driver, past its queueing discipline
    /// (`PACKET_QDISC_BYPASS`): cheaper per frame, but frames are not queued
    /// when the driver is busy (a refusal is counted in `tx_errors`), traffic
    /// control on the interface does not apply to them, and packet sockets on
    /// the same interface (tcpdump there) do not see them.
    pub fn set_qdisc_bypass(&mut self, on: bool) -> Result<(), PortError> {
        let v: libc::c_int = on.into();
        if setsockopt(&self.fd, PACKET_QDISC_BYPASS, &v) < 0 {
            return Err(last_error(
                &self.interface,
                "setsockopt(PACKET_QDISC_BYPASS)",
            ));
        }
        Ok(())
    }

    /// Counts a refused frame by the error the kernel gave for it; `Err` if
    /// the error says the port itself is broken.
    fn refused(&mut self, err: io::Error, op: &'static str) -> Result<(), PortError> {
        match err.raw_os_error() {
            Some(libc::EMSGSIZE) => self.stats.tx_too_big += 1,
            Some(libc::ENOBUFS | libc::EAGAIN | libc::EINVAL | libc::ENETDOWN | libc::ENXIO) => {
                self.stats.tx_errors += 1
            }
            _ => {
                return Err(PortError::Io {
                    interface: self.interface.clone(),
                    op,
                    source: err,
                });
            }
        }
        Ok(())
    }

    fn ready(&self, block: usize) -> bool {
        self.ring.status(block).load(Ordering::Acquire) & TP_STATUS_USER != 0
    }

    fn release_block(&mut self) {
        let b = self.cursor.block;
        self.ring
            .status(b)
            .store(TP_STATUS_KERNEL, Ordering::Release);
        self.cursor = Cursor {
            block: (b + 1) % self.ring.blocks,
            taken: 0,
            offset: 0,
        };
    }

    fn wait(&self, timeout: Duration) -> Result<(), PortError> {
        let mut pfd = libc::pollfd {
            fd: self.fd.as_raw_fd(),
            events: libc::POLLIN | libc::POLLERR,
            revents: 0,
        };
        let ms = timeout.as_millis().min(i32::MAX as u128) as libc::c_int;
        // SAFETY: one valid pollfd.
        let rc = unsafe { libc::poll(&mut pfd, 1, ms) };
        if rc < 0 {
            let err = io::Error::last_os_error();
            if err.kind() != io::ErrorKind::Interrupted {
                return Err(PortError::Io {
                    interface: self.interface.clone(),
                    op: "poll",
                    source: err,
                });
            }
        }
        Ok(())
    }

    fn poll_kernel_stats(&mut self) {
        let mut st = TpacketStatsV3::default();
        let mut len = size_of::<TpacketStatsV3>() as libc::socklen_t;
        // SAFETY: `st` is a writable tpacket_stats_v3 of `len` bytes. Reading the
        // statistics resets them in the kernel, so they are accumulated here.
        let rc = unsafe {
            libc::getsockopt(
                self.fd.as_raw_fd(),
                SOL_PACKET,
                PACKET_STATISTICS,
                (&mut st as *mut TpacketStatsV3).cast(),
                &mut len,
            )
        };
        if rc == 0 {
            self.stats.rx_ring_drops += u64::from(st.tp_drops);
        }
    }
}

impl Port for AfPacket {
    fn name(&self) -> &str {
        &self.interface
    }

    fn recv(
        &mut self,
        max: usize,
        timeout: Duration,
        f: &mut dyn FnMut(RxFrame<'_>),
    ) -> Result<usize, PortError> {
        if !self.ready(self.cursor.block) {
            self.wait(timeout)?;
        }
        let mut delivered = 0;
        let block_size = self.ring.block_size;
        while delivered < max && self.ready(self.cursor.block) {
            let b = self.cursor.block;
            let num = self.ring.read_u32(b, BLOCK_NUM_PKTS);
            if self.cursor.taken == 0 {
                self.cursor.offset = self.ring.read_u32(b, BLOCK_FIRST_PKT) as usize;
            }
            if self.cursor.taken >= num {
                self.release_block();
                continue;
            }
            let off = self.cursor.offset;
            if off
                .checked_add(PKT_HDR_LEN)
                .is_none_or(|end| end > block_size)
            {
                // A header outside the block: never seen from a sane kernel, but the
                // rest of this block cannot be trusted; skip it, count it.
                self.stats.rx_malformed += u64::from(num - self.cursor.taken);
                self.release_block();
                continue;
            }
            let snap = self.ring.read_u32(b, off + PKT_SNAPLEN) as usize;
            let wire_len = self.ring.read_u32(b, off + PKT_LEN);
            let mac = usize::from(self.ring.read_u16(b, off + PKT_MAC));
            let next = self.ring.read_u32(b, off + PKT_NEXT) as usize;
            let sec = u64::from(self.ring.read_u32(b, off + PKT_SEC));
            let nsec = u64::from(self.ring.read_u32(b, off + PKT_NSEC));
            let start = off + mac;
            if start.checked_add(snap).is_none_or(|end| end > block_size) {
                self.stats.rx_malformed += u64::from(num - self.cursor.taken);
                self.release_block();
                continue;
            }
            if (snap as u64) < u64::from(wire_len) {
                self.stats.rx_truncated += 1;
            }
            self.stats.rx_frames += 1;
            self.stats.rx_bytes += snap as u64;
            f(RxFrame {
                data: self.ring.bytes(b, start, snap),
                wire_len,
                ts_ns: sec * 1_000_000_000 + nsec,
            });
            delivered += 1;
            self.cursor.taken += 1;
            self.cursor.offset = off + next;
            if self.cursor.taken >= num {
                self.release_block();
            }
        }
        Ok(delivered)
    }

    fn send(&mut self, frame: &[u8]) -> Result<bool, PortError> {
        // SAFETY: `frame` is a valid buffer of its length; the socket is bound.
        let rc = unsafe { libc::send(self.fd.as_raw_fd(), frame.as_ptr().cast(), frame.len(), 0) };
        if rc >= 0 {
            self.stats.tx_frames += 1;
            self.stats.tx_bytes += frame.len() as u64;
            return Ok(true);
        }
        self.refused(io::Error::last_os_error(), "send")?;
        Ok(false)
    }

    /// Up to [`SEND_BATCH`] frames per `sendmmsg(2)`. The kernel stops a call
    /// at the first frame it refuses (and forgets why if some went out before
    /// it); that frame is sent again on its own with `send(2)`, which counts
    /// it as [`Port::send`] does, and the batch goes on after it.
    fn send_batch(&mut self, frames: &[&[u8]]) -> Result<usize, PortError> {
        let mut sent = 0;
        let mut rest = frames;
        while !rest.is_empty() {
            let n = rest.len().min(SEND_BATCH);
            // SAFETY: all-zero iovecs and mmsghdrs are valid (null pointers,
            // zero lengths); the ones passed are filled below.
            let mut iov: [libc::iovec; SEND_BATCH] = unsafe { std::mem::zeroed() };
            let mut msgs: [libc::mmsghdr; SEND_BATCH] = unsafe { std::mem::zeroed() };
            for (i, f) in rest[..n].iter().enumerate() {
                iov[i].iov_base = f.as_ptr() as *mut libc::c_void;
                iov[i].iov_len = f.len();
                msgs[i].msg_hdr.msg_iov = &mut iov[i];
                msgs[i].msg_hdr.msg_iovlen = 1;
            }
            // SAFETY: `msgs[..n]` point at `iov[..n]`, which point at the
            // frames; all outlive the call, and the kernel only reads them
            // (and writes `msg_len`). The socket is bound, so no address.
            let rc = unsafe { libc::sendmmsg(self.fd.as_raw_fd(), msgs.as_mut_ptr(), n as u32, 0) };
            let went = if rc < 0 {
                let err = io::Error::last_os_error();
                if err.kind() == io::ErrorKind::Interrupted {
                    continue;
                }
                self.refused(err, "sendmmsg")?;
                // The first frame was refused; the rest go in the next call.
                rest = &rest[1..];
                continue;
            } else {
                rc as usize
            };
            for f in &rest[..went] {
                self.stats.tx_frames += 1;
                self.stats.tx_bytes += f.len() as u64;
            }
            sent += went;
            rest = &rest[went..];
            if went < n {
                // Stopped at a frame the kernel would not take: find out why.
                sent += usize::from(self.send(rest[0])?);
                rest = &rest[1..];
            }
        }
        Ok(sent)
    }

    fn stats(&mut self) -> PortStats {
        self.poll_kernel_stats();
        self.stats
    }

    fn readiness_fd(&self) -> Option<BorrowedFd<'_>> {
        Some(self.fd.as_fd())
    }
}
