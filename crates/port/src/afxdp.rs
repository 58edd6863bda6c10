//! AF_XDP ports (copy mode), with the XDP program loaded by raw `bpf(2)` calls.
//!
//! No libbpf or libelf: the program is six BPF instructions written here
//! (`bpf_redirect_map(&xsks, rx_queue_index, XDP_PASS)`), loaded with
//! `BPF_PROG_LOAD` and attached with a BPF link (`BPF_LINK_CREATE`), which the
//! kernel detaches when the link's descriptor closes: a crashed process leaves no
//! program on the interface. Native (driver) XDP is tried first (veth has it),
//! generic (skb) XDP second.
//!
//! The socket shares a UMEM of `frames` chunks of 2,048 bytes with the kernel: half
//! of them sit in the fill ring for receiving, half are kept for sending. Four rings
//! (fill, completion, RX, TX) are single-producer single-consumer queues in shared
//! memory; producer and consumer indices are read with acquire and written with
//! release ordering. Only queue 0 of the interface is served (veth has one).

use std::ffi::CString;
use std::io;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use crate::{Port, PortError, PortStats, RxFrame};

const AF_XDP: libc::c_int = 44;
const XDP_RX_RING: libc::c_int = 2;
const XDP_TX_RING: libc::c_int = 3;
const XDP_UMEM_FILL_RING: libc::c_int = 5;
const XDP_UMEM_COMPLETION_RING: libc::c_int = 6;
const CHUNK: usize = 2048;

const BPF_MAP_CREATE: libc::c_long = 0;
const BPF_MAP_UPDATE_ELEM: libc::c_long = 2;
const BPF_PROG_LOAD: libc::c_long = 5;
const BPF_LINK_CREATE: libc::c_long = 28;
const BPF_MAP_TYPE_XSKMAP: u32 = 17;
const BPF_PROG_TYPE_XDP: u32 = 6;
const BPF_XDP: u32 = 37;
const XDP_FLAGS_SKB_MODE: u32 = 1 << 1;
const XDP_FLAGS_DRV_MODE: u32 = 1 << 2;

/// How the XDP program runs on the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XdpMode {
    /// In the driver (veth, most NICs).
    Native,
    /// On socket buffers, after the driver (any interface; slower).
    Generic,
}

fn io_err(interface: &str, op: &'static str) -> PortError {
    PortError::Io {
        interface: interface.to_string(),
        op,
        source: io::Error::last_os_error(),
    }
}

/// `bpf(cmd, attr, size)` on a zeroed 128-byte attribute block.
fn bpf(cmd: libc::c_long, attr: &[u8; 128]) -> libc::c_long {
    // SAFETY: `attr` is a readable 128-byte buffer; the kernel reads at most its
    // size and requires the bytes it does not know to be zero (they are).
    unsafe {
        libc::syscall(
            libc::SYS_bpf,
            cmd,
            attr.as_ptr(),
            attr.len() as libc::c_uint,
        )
    }
}

fn put_u32(a: &mut [u8; 128], off: usize, v: u32) {
    a[off..off + 4].copy_from_slice(&v.to_ne_bytes());
}

fn put_u64(a: &mut [u8; 128], off: usize, v: u64) {
    a[off..off + 8].copy_from_slice(&v.to_ne_bytes());
}

fn fd_from(rc: libc::c_long, interface: &str, op: &'static str) -> Result<OwnedFd, PortError> {
    if rc < 0 {
        return Err(io_err(interface, op));
    }
    // SAFETY: a successful bpf() call that creates an object returns a fresh fd.
    Ok(unsafe { OwnedFd::from_raw_fd(rc as libc::c_int) })
}

/// One BPF instruction: opcode, dst and src registers, offset, immediate.
fn insn(code: u8, dst: u8, src: u8, off: i16, imm: i32) -> [u8; 8] {
    let mut b = [0u8; 8];
    b[0] = code;
    b[1] = (src << 4) | (dst & 0x0f);
    b[2..4].copy_from_slice(&off.to_ne_bytes());
    b[4..8].copy_from_slice(&imm.to_ne_bytes());
    b
}

/// The XSKMAP, the program and its link on the interface.
struct XdpProgram {
    map: OwnedFd,
    _prog: OwnedFd,
    _link: OwnedFd,
    mode: XdpMode,
}

impl XdpProgram {
    fn attach(
        interface: &str,
        ifindex: u32,
        only: Option<XdpMode>,
    ) -> Result<XdpProgram, PortError> {
        let mut a = [0u8; 128];
        put_u32(&mut a, 0, BPF_MAP_TYPE_XSKMAP);
        put_u32(&mut a, 4, 4); // key: queue index
        put_u32(&mut a, 8, 4); // value: socket fd
        put_u32(&mut a, 12, 1); // queues
        let map = fd_from(
            bpf(BPF_MAP_CREATE, &a),
            interface,
            "bpf(BPF_MAP_CREATE, XSKMAP)",
        )?;

        let fd = map.as_raw_fd();
        let mut code = Vec::with_capacity(48);
        // r2 = ((struct xdp_md *)r1)->rx_queue_index
        code.extend(insn(0x61, 2, 1, 16, 0));
        // r1 = &xsks (ld_imm64 with a map fd)
        code.extend(insn(0x18, 1, 1, 0, fd));
        code.extend(insn(0, 0, 0, 0, 0));
        // r3 = XDP_PASS: what happens when no socket serves the queue
        code.extend(insn(0xb7, 3, 0, 0, 2));
        // call bpf_redirect_map
        code.extend(insn(0x85, 0, 0, 0, 51));
        code.extend(insn(0x95, 0, 0, 0, 0));
        let license = c"GPL";
        let mut a = [0u8; 128];
        put_u32(&mut a, 0, BPF_PROG_TYPE_XDP);
        put_u32(&mut a, 4, (code.len() / 8) as u32);
        put_u64(&mut a, 8, code.as_ptr() as u64);
        put_u64(&mut a, 16, license.as_ptr() as u64);
        // expected_attach_type (after prog_name[16] and prog_ifindex at 64..68)
        put_u32(&mut a, 68, BPF_XDP);
        let prog = fd_from(bpf(BPF_PROG_LOAD, &a), interface, "bpf(BPF_PROG_LOAD, xdp)")?;

        let mut last = None;
        for (flags, mode) in [
            (XDP_FLAGS_DRV_MODE, XdpMode::Native),
            (XDP_FLAGS_SKB_MODE, XdpMode::Generic),
        ] {
            if only.is_some_and(|m| m != mode) {
                continue;
            }
            let mut a = [0u8; 128];
            put_u32(&mut a, 0, prog.as_raw_fd() as u32);
            put_u32(&mut a, 4, ifindex);
            put_u32(&mut a, 8, BPF_XDP);
            put_u32(&mut a, 12, flags);
            match fd_from(
                bpf(BPF_LINK_CREATE, &a),
                interface,
                "bpf(BPF_LINK_CREATE, xdp)",
            ) {
                Ok(link) => {
                    return Ok(XdpProgram {
                        map,
                        _prog: prog,
                        _link: link,
                        mode,
                    });
                }
                Err(e) => last = Some(e),
            }
        }
        Err(last.unwrap_or_else(|| io_err(interface, "attach xdp")))
    }

    fn insert(&self, interface: &str, queue: u32, xsk: &OwnedFd) -> Result<(), PortError> {
        let key: u32 = queue;
        let value: u32 = xsk.as_raw_fd() as u32;
        let mut a = [0u8; 128];
        put_u32(&mut a, 0, self.map.as_raw_fd() as u32);
        put_u64(&mut a, 8, &key as *const u32 as u64);
        put_u64(&mut a, 16, &value as *const u32 as u64);
        if bpf(BPF_MAP_UPDATE_ELEM, &a) < 0 {
            return Err(io_err(interface, "bpf(BPF_MAP_UPDATE_ELEM, xsk)"));
        }
        Ok(())
    }
}

/// A mapping unmapped on drop.
struct Mapping {
    base: *mut u8,
    len: usize,
}

// SAFETY: the mapping is plain memory owned by this value; access goes through the
// port, which is used by one thread at a time (`&mut self`).
unsafe impl Send for Mapping {}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: exactly what mmap returned.
        unsafe {
            libc::munmap(self.base.cast(), self.len);
        }
    }
}

fn map(
    fd: Option<&OwnedFd>,
    len: usize,
    offset: i64,
    interface: &str,
    op: &'static str,
) -> Result<Mapping, PortError> {
    let (flags, raw) = match fd {
        Some(fd) => (libc::MAP_SHARED | libc::MAP_POPULATE, fd.as_raw_fd()),
        None => (libc::MAP_PRIVATE | libc::MAP_ANONYMOUS, -1),
    };
    // SAFETY: a fresh mapping; the result is checked.
    let base = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            len,
            libc::PROT_READ | libc::PROT_WRITE,
            flags,
            raw,
            offset as libc::off_t,
        )
    };
    if base == libc::MAP_FAILED {
        return Err(io_err(interface, op));
    }
    Ok(Mapping {
        base: base.cast(),
        len,
    })
}

/// One ring: producer and consumer indices and `size` entries of `entry` bytes.
struct Ring {
    mem: Mapping,
    producer: usize,
    consumer: usize,
    desc: usize,
    mask: u32,
    entry: usize,
}

impl Ring {
    fn index(&self, off: usize) -> &AtomicU32 {
        // SAFETY: the offsets come from XDP_MMAP_OFFSETS and lie inside the mapping;
        // the indices are 4-byte aligned u32s shared with the kernel, accessed
        // atomically on both sides.
        unsafe { &*(self.mem.base.add(off) as *const AtomicU32) }
    }

    fn producer(&self) -> &AtomicU32 {
        self.index(self.producer)
    }

    fn consumer(&self) -> &AtomicU32 {
        self.index(self.consumer)
    }

    fn slot(&self, i: u32) -> *mut u8 {
        // SAFETY: `(i & mask) < size`, and the mapping holds `size` entries after
        // `desc`.
        unsafe {
            self.mem
                .base
                .add(self.desc + (i & self.mask) as usize * self.entry)
        }
    }

    /// Writes a fill/completion entry (a UMEM address).
    fn put_addr(&self, i: u32, addr: u64) {
        // SAFETY: `slot` is inside the mapping; entries are 8-byte aligned.
        unsafe { std::ptr::write_volatile(self.slot(i) as *mut u64, addr) }
    }

    fn get_addr(&self, i: u32) -> u64 {
        // SAFETY: as in `put_addr`.
        unsafe { std::ptr::read_volatile(self.slot(i) as *const u64) }
    }

    /// Reads an RX descriptor: (address, length).
    fn get_desc(&self, i: u32) -> (u64, u32) {
        // SAFETY: `slot` is inside the mapping and 16-byte entries are aligned.
        unsafe {
            let p = self.slot(i);
            (
                std::ptr::read_volatile(p as *const u64),
                std::ptr::read_volatile(p.add(8) as *const u32),
            )
        }
    }

    /// Writes a TX descriptor.
    fn put_desc(&self, i: u32, addr: u64, len: u32) {
        // SAFETY: as in `get_desc`.
        unsafe {
            let p = self.slot(i);
            std::ptr::write_volatile(p as *mut u64, addr);
            std::ptr::write_volatile(p.add(8) as *mut u32, len);
            std::ptr::write_volatile(p.add(12) as *mut u32, 0);
        }
    }
}

/// Size of the UMEM and the rings.
///
/// # Configuration
/// - `frames`: UMEM chunks of 2,048 bytes, a power of two (default 4,096: 8 MiB);
///   half receive, half send. Each ring has `frames / 2` entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct XdpConfig {
    pub frames: u32,
    /// Where the redirect program runs: `None` tries the driver first, then
    /// generic (socket-buffer) XDP.
    pub mode: Option<XdpMode>,
}

impl Default for XdpConfig {
    fn default() -> Self {
        XdpConfig {
            frames: 4096,
            mode: None,
        }
    }
}

/// A switch port on a Linux interface through AF_XDP (queue 0, copy mode).
pub struct AfXdp {
    interface: String,
    mtu: usize,
    // Drop order: rings and socket before the UMEM, the program (link) last.
    rx: Ring,
    tx: Ring,
    fill: Ring,
    comp: Ring,
    fd: OwnedFd,
    umem: Mapping,
    /// The redirect program this port attached (none when it only binds a
    /// socket for another program to redirect into, [`AfXdp::bind_only`]).
    program: Option<XdpProgram>,
    /// UMEM addresses free for sending.
    free: Vec<u64>,
    stats: PortStats,
}

impl std::fmt::Debug for AfXdp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AfXdp")
            .field("interface", &self.interface)
            .field("mode", &self.program.as_ref().map(|p| p.mode))
            .field("stats", &self.stats)
            .finish()
    }
}

fn sockopt_u32(fd: &OwnedFd, name: libc::c_int, v: u32) -> libc::c_int {
    // SAFETY: `v` is a live u32 of the size passed.
    unsafe {
        libc::setsockopt(
            fd.as_raw_fd(),
            libc::SOL_XDP,
            name,
            (&v as *const u32).cast(),
            4,
        )
    }
}

/// The interface's MTU in the calling thread's network namespace (SIOCGIFMTU).
fn interface_mtu(interface: &str) -> Option<usize> {
    let name = interface.as_bytes();
    if name.len() >= 16 {
        return None;
    }
    // struct ifreq: the name (16 bytes), then the union whose int is the MTU.
    let mut req = [0u8; 40];
    req[..name.len()].copy_from_slice(name);
    // SAFETY: plain system call; checked.
    let raw = unsafe { libc::socket(libc::AF_INET, libc::SOCK_DGRAM | libc::SOCK_CLOEXEC, 0) };
    if raw < 0 {
        return None;
    }
    // SAFETY: fresh descriptor.
    let sock = unsafe { OwnedFd::from_raw_fd(raw) };
    // SAFETY: `req` is a 40-byte ifreq the kernel reads the name from and writes
    // the MTU into.
    let rc = unsafe { libc::ioctl(sock.as_raw_fd(), libc::SIOCGIFMTU, req.as_mut_ptr()) };
    if rc < 0 {
        return None;
    }
    let mtu = i32::from_ne_bytes([req[16], req[17], req[18], req[19]]);
    usize::try_from(mtu).ok()
}

impl AfXdp {
    /// Opens `interface` (in the calling thread's network namespace): loads and
    /// attaches the redirect program (native XDP if the driver has it, generic
    /// otherwise) and binds a socket to queue 0. Needs CAP_NET_ADMIN, CAP_BPF and
    /// CAP_NET_RAW (root).
    pub fn open(interface: &str, config: XdpConfig) -> Result<Self, PortError> {
        Self::open_socket(interface, 0, config.frames, Some(config.mode))
    }

    /// A socket bound to receive queue `queue` of `interface` with no program
    /// of its own: another XDP program on the interface (the XDP switch
    /// target) redirects frames into it through an XSKMAP
    /// ([`AfXdp::socket_fd`]).
    pub fn bind_only(interface: &str, queue: u32, frames: u32) -> Result<Self, PortError> {
        Self::open_socket(interface, queue, frames, None)
    }

    /// How many receive queues `interface` has (1 when sysfs does not say).
    pub fn rx_queues(interface: &str) -> u32 {
        std::fs::read_dir(format!("/sys/class/net/{interface}/queues"))
            .map(|d| {
                d.filter_map(Result::ok)
                    .filter(|e| e.file_name().to_string_lossy().starts_with("rx-"))
                    .count() as u32
            })
            .unwrap_or(1)
            .max(1)
    }

    /// The socket, to insert into an XSKMAP.
    pub fn socket_fd(&self) -> BorrowedFd<'_> {
        self.fd.as_fd()
    }

    fn open_socket(
        interface: &str,
        queue: u32,
        frames: u32,
        attach: Option<Option<XdpMode>>,
    ) -> Result<Self, PortError> {
        let n = frames;
        if !(64..=1 << 20).contains(&n) || !n.is_power_of_two() {
            return Err(PortError::Config {
                reason: format!("AF_XDP frames must be a power of two from 64 to 2^20, not {n}"),
            });
        }
        let ring_size = n / 2;
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
        let mtu = interface_mtu(interface).ok_or_else(|| io_err(interface, "ioctl(SIOCGIFMTU)"))?;

        // SAFETY: plain system call; checked.
        let raw = unsafe { libc::socket(AF_XDP, libc::SOCK_RAW | libc::SOCK_CLOEXEC, 0) };
        if raw < 0 {
            return Err(io_err(interface, "socket(AF_XDP)"));
        }
        // SAFETY: fresh descriptor.
        let fd = unsafe { OwnedFd::from_raw_fd(raw) };
        let umem = map(None, n as usize * CHUNK, 0, interface, "mmap(umem)")?;
        let reg = libc::xdp_umem_reg_v1 {
            addr: umem.base as u64,
            len: (n as usize * CHUNK) as u64,
            chunk_size: CHUNK as u32,
            headroom: 0,
        };
        // SAFETY: `reg` is a live xdp_umem_reg_v1 of the size passed.
        let rc = unsafe {
            libc::setsockopt(
                fd.as_raw_fd(),
                libc::SOL_XDP,
                libc::XDP_UMEM_REG,
                (&reg as *const libc::xdp_umem_reg_v1).cast(),
                size_of::<libc::xdp_umem_reg_v1>() as libc::socklen_t,
            )
        };
        if rc < 0 {
            return Err(io_err(interface, "setsockopt(XDP_UMEM_REG)"));
        }
        for (opt, op) in [
            (XDP_UMEM_FILL_RING, "setsockopt(XDP_UMEM_FILL_RING)"),
            (
                XDP_UMEM_COMPLETION_RING,
                "setsockopt(XDP_UMEM_COMPLETION_RING)",
            ),
            (XDP_RX_RING, "setsockopt(XDP_RX_RING)"),
            (XDP_TX_RING, "setsockopt(XDP_TX_RING)"),
        ] {
            if sockopt_u32(&fd, opt, ring_size) < 0 {
                return Err(io_err(interface, op));
            }
        }
        // SAFETY: an all-zero xdp_mmap_offsets is valid; filled by the kernel.
        let mut off: libc::xdp_mmap_offsets = unsafe { std::mem::zeroed() };
        let mut len = size_of::<libc::xdp_mmap_offsets>() as libc::socklen_t;
        // SAFETY: `off` is writable for `len` bytes.
        let rc = unsafe {
            libc::getsockopt(
                fd.as_raw_fd(),
                libc::SOL_XDP,
                libc::XDP_MMAP_OFFSETS,
                (&mut off as *mut libc::xdp_mmap_offsets).cast(),
                &mut len,
            )
        };
        if rc < 0 || len as usize != size_of::<libc::xdp_mmap_offsets>() {
            return Err(io_err(interface, "getsockopt(XDP_MMAP_OFFSETS)"));
        }
        let ring = |o: &libc::xdp_ring_offset,
                    entry: usize,
                    pgoff: i64,
                    op: &'static str|
         -> Result<Ring, PortError> {
            let len = o.desc as usize + ring_size as usize * entry;
            Ok(Ring {
                mem: map(Some(&fd), len, pgoff, interface, op)?,
                producer: o.producer as usize,
                consumer: o.consumer as usize,
                desc: o.desc as usize,
                mask: ring_size - 1,
                entry,
            })
        };
        let rx = ring(&off.rx, 16, libc::XDP_PGOFF_RX_RING, "mmap(rx ring)")?;
        let tx = ring(&off.tx, 16, libc::XDP_PGOFF_TX_RING, "mmap(tx ring)")?;
        let fill = ring(
            &off.fr,
            8,
            libc::XDP_UMEM_PGOFF_FILL_RING as i64,
            "mmap(fill ring)",
        )?;
        let comp = ring(
            &off.cr,
            8,
            libc::XDP_UMEM_PGOFF_COMPLETION_RING as i64,
            "mmap(completion ring)",
        )?;
        // The first half of the UMEM receives, the second half sends.
        for i in 0..ring_size {
            fill.put_addr(i, u64::from(i) * CHUNK as u64);
        }
        fill.producer().store(ring_size, Ordering::Release);
        let free: Vec<u64> = (ring_size..n)
            .map(|i| u64::from(i) * CHUNK as u64)
            .collect();

        let addr = libc::sockaddr_xdp {
            sxdp_family: AF_XDP as u16,
            sxdp_flags: libc::XDP_COPY,
            sxdp_ifindex: ifindex,
            sxdp_queue_id: queue,
            sxdp_shared_umem_fd: 0,
        };
        // SAFETY: `addr` is a valid sockaddr_xdp of the size passed.
        let rc = unsafe {
            libc::bind(
                fd.as_raw_fd(),
                (&addr as *const libc::sockaddr_xdp).cast(),
                size_of::<libc::sockaddr_xdp>() as libc::socklen_t,
            )
        };
        if rc < 0 {
            return Err(io_err(interface, "bind(AF_XDP)"));
        }
        let program = match attach {
            Some(mode) => {
                let program = XdpProgram::attach(interface, ifindex, mode)?;
                program.insert(interface, 0, &fd)?;
                Some(program)
            }
            None => None,
        };
        Ok(AfXdp {
            interface: interface.to_string(),
            mtu,
            rx,
            tx,
            fill,
            comp,
            fd,
            umem,
            program,
            free,
            stats: PortStats::default(),
        })
    }

    /// Whether the program runs in the driver or on socket buffers (a socket
    /// bound without a program of its own reports native).
    pub fn mode(&self) -> XdpMode {
        self.program.as_ref().map_or(XdpMode::Native, |p| p.mode)
    }

    /// Whether every frame the interface's MTU allows (with a VLAN tag) fits
    /// a UMEM chunk; larger ones would be dropped by the kernel unseen.
    pub fn fits_mtu(&self) -> bool {
        self.mtu + 18 <= CHUNK
    }

    fn wait(&self, timeout: Duration) -> Result<(), PortError> {
        let mut pfd = libc::pollfd {
            fd: self.fd.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = timeout.as_millis().min(i32::MAX as u128) as libc::c_int;
        // SAFETY: one valid pollfd.
        let rc = unsafe { libc::poll(&mut pfd, 1, ms) };
        if rc < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            return Err(io_err(&self.interface, "poll"));
        }
        Ok(())
    }

    /// Takes back the chunks the kernel finished sending.
    fn reap(&mut self) {
        let cons = self.comp.consumer().load(Ordering::Relaxed);
        let prod = self.comp.producer().load(Ordering::Acquire);
        let mut i = cons;
        while i != prod {
            self.free.push(self.comp.get_addr(i));
            i = i.wrapping_add(1);
        }
        self.comp.consumer().store(prod, Ordering::Release);
    }

    /// Copies a frame into a free chunk and puts it on the TX ring (sent at
    /// the next [`AfXdp::kick`]). `Ok(false)` when refused (counted).
    fn enqueue(&mut self, frame: &[u8]) -> Result<bool, PortError> {
        if frame.len() > self.mtu + 14 || frame.len() > CHUNK {
            self.stats.tx_too_big += 1;
            return Ok(false);
        }
        if frame.len() < 14 {
            self.stats.tx_errors += 1;
            return Ok(false);
        }
        if self.free.is_empty() {
            self.reap();
        }
        let Some(addr) = self.free.pop() else {
            self.stats.tx_errors += 1;
            return Ok(false);
        };
        // SAFETY: `addr` is a free chunk of the UMEM (off the rings), CHUNK bytes
        // long, and `frame` fits in it.
        unsafe {
            std::ptr::copy_nonoverlapping(
                frame.as_ptr(),
                self.umem.base.add(addr as usize),
                frame.len(),
            );
        }
        let prod = self.tx.producer().load(Ordering::Relaxed);
        self.tx.put_desc(prod, addr, frame.len() as u32);
        self.tx
            .producer()
            .store(prod.wrapping_add(1), Ordering::Release);
        self.stats.tx_frames += 1;
        self.stats.tx_bytes += frame.len() as u64;
        Ok(true)
    }

    /// Asks the kernel to send what is on the TX ring. In copy mode it sends
    /// synchronously, a bounded number of frames per call (and says EAGAIN
    /// when more are left), so this kicks until the ring is drained or the
    /// kernel stops taking frames.
    fn kick(&mut self) -> Result<(), PortError> {
        let mut idle = 0;
        loop {
            let before = self.tx.consumer().load(Ordering::Acquire);
            // SAFETY: a kick with no data, as the AF_XDP API defines it.
            let rc = unsafe {
                libc::sendto(
                    self.fd.as_raw_fd(),
                    std::ptr::null(),
                    0,
                    libc::MSG_DONTWAIT,
                    std::ptr::null(),
                    0,
                )
            };
            if rc < 0 {
                let err = io::Error::last_os_error();
                match err.raw_os_error() {
                    Some(libc::EAGAIN | libc::EBUSY | libc::ENOBUFS | libc::ENETDOWN) => {}
                    _ => {
                        return Err(PortError::Io {
                            interface: self.interface.clone(),
                            op: "sendto(AF_XDP kick)",
                            source: err,
                        });
                    }
                }
            }
            let after = self.tx.consumer().load(Ordering::Acquire);
            let left = self.tx.producer().load(Ordering::Relaxed) != after;
            if !left {
                return Ok(());
            }
            // No progress twice in a row: the kernel cannot send now (the
            // frames go with a later kick).
            idle = if after == before { idle + 1 } else { 0 };
            if idle >= 2 {
                return Ok(());
            }
        }
    }
}

/// Bytes `addr..addr + len` of the UMEM, if inside it.
fn umem_slice(umem: &Mapping, addr: u64, len: usize) -> Option<&[u8]> {
    let start = usize::try_from(addr).ok()?;
    let end = start.checked_add(len)?;
    if end > umem.len {
        return None;
    }
    // SAFETY: `start..end` lies inside the UMEM; the chunk belongs to us (it was on
    // the RX ring and goes back to the fill ring only after the callback).
    Some(unsafe { std::slice::from_raw_parts(umem.base.add(start), len) })
}

impl Port for AfXdp {
    fn name(&self) -> &str {
        &self.interface
    }

    fn recv(
        &mut self,
        max: usize,
        timeout: Duration,
        f: &mut dyn FnMut(RxFrame<'_>),
    ) -> Result<usize, PortError> {
        let mut cons = self.rx.consumer().load(Ordering::Relaxed);
        let mut prod = self.rx.producer().load(Ordering::Acquire);
        if cons == prod && !timeout.is_zero() {
            self.wait(timeout)?;
            prod = self.rx.producer().load(Ordering::Acquire);
        }
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let mut delivered = 0;
        let fill_prod = self.fill.producer().load(Ordering::Relaxed);
        let mut refill = fill_prod;
        while cons != prod && delivered < max {
            let (addr, len) = self.rx.get_desc(cons);
            match umem_slice(&self.umem, addr, len as usize) {
                Some(data) => {
                    self.stats.rx_frames += 1;
                    self.stats.rx_bytes += u64::from(len);
                    f(RxFrame {
                        data,
                        wire_len: len,
                        ts_ns: now,
                    });
                    delivered += 1;
                }
                None => self.stats.rx_malformed += 1,
            }
            // The chunk goes back to the fill ring (it always has room: it holds
            // at most the receive half of the UMEM).
            self.fill.put_addr(refill, addr - addr % CHUNK as u64);
            refill = refill.wrapping_add(1);
            cons = cons.wrapping_add(1);
        }
        self.rx.consumer().store(cons, Ordering::Release);
        self.fill.producer().store(refill, Ordering::Release);
        Ok(delivered)
    }

    fn send(&mut self, frame: &[u8]) -> Result<bool, PortError> {
        let queued = self.enqueue(frame)?;
        if queued {
            self.kick()?;
        }
        self.reap();
        Ok(queued)
    }

    /// All frames on the TX ring first, then kicks until the kernel has taken
    /// them (copy mode sends on the kick; a kick takes a few dozen frames),
    /// instead of one kick per frame.
    fn send_batch(&mut self, frames: &[&[u8]]) -> Result<usize, PortError> {
        let mut sent = 0;
        for f in frames {
            if self.free.is_empty() {
                // Every chunk is in flight: let the kernel send them and take
                // the finished ones back.
                self.kick()?;
                self.reap();
            }
            sent += usize::from(self.enqueue(f)?);
        }
        if sent > 0 {
            self.kick()?;
        }
        self.reap();
        Ok(sent)
    }

    fn stats(&mut self) -> PortStats {
        let mut st = libc::xdp_statistics {
            rx_dropped: 0,
            rx_invalid_descs: 0,
            tx_invalid_descs: 0,
            rx_ring_full: 0,
            rx_fill_ring_empty_descs: 0,
            tx_ring_empty_descs: 0,
        };
        let mut len = size_of::<libc::xdp_statistics>() as libc::socklen_t;
        // SAFETY: `st` is writable for `len` bytes. These counters are cumulative
        // in the kernel (not reset by reading).
        let rc = unsafe {
            libc::getsockopt(
                self.fd.as_raw_fd(),
                libc::SOL_XDP,
                libc::XDP_STATISTICS,
                (&mut st as *mut libc::xdp_statistics).cast(),
                &mut len,
            )
        };
        let mut s = self.stats;
        if rc == 0 {
            s.rx_ring_drops = st.rx_dropped + st.rx_ring_full;
            s.rx_malformed += st.rx_invalid_descs;
            s.tx_errors += st.tx_invalid_descs;
        }
        s
    }

    fn readiness_fd(&self) -> Option<BorrowedFd<'_>> {
        Some(self.fd.as_fd())
    }
}
