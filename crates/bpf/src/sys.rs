//! The `bpf(2)` system call on a zeroed attribute block (`union bpf_attr`).

use std::io;
use std::os::fd::{FromRawFd, OwnedFd};

use thiserror::Error;

/// Commands (`enum bpf_cmd`).
pub(crate) mod cmd {
    pub const MAP_CREATE: i64 = 0;
    pub const MAP_LOOKUP_ELEM: i64 = 1;
    pub const MAP_UPDATE_ELEM: i64 = 2;
    pub const MAP_DELETE_ELEM: i64 = 3;
    pub const MAP_GET_NEXT_KEY: i64 = 4;
    pub const PROG_LOAD: i64 = 5;
    pub const PROG_TEST_RUN: i64 = 10;
    pub const OBJ_GET_INFO_BY_FD: i64 = 15;
    pub const BTF_LOAD: i64 = 18;
    pub const MAP_LOOKUP_BATCH: i64 = 24;
    pub const MAP_UPDATE_BATCH: i64 = 26;
    pub const MAP_DELETE_BATCH: i64 = 27;
    pub const LINK_CREATE: i64 = 28;
}

/// A failed bpf call.
#[derive(Debug, Error)]
pub enum Error {
    /// The kernel refused a call.
    #[error("bpf({op}): {source}")]
    Sys {
        /// Which call.
        op: &'static str,
        /// errno.
        #[source]
        source: io::Error,
    },
    /// The verifier refused a program; its log says why.
    #[error("the kernel's verifier refused program `{name}` ({source}): {reason}")]
    Verifier {
        /// Program name.
        name: String,
        /// errno of `BPF_PROG_LOAD`.
        #[source]
        source: io::Error,
        /// The log's last lines, where the verifier states the problem.
        reason: String,
        /// The whole verifier log.
        log: String,
    },
    /// A key or value of the wrong size for the map.
    #[error("map `{map}`: {what} of {got} bytes, the map takes {want}")]
    Size {
        /// Map name.
        map: String,
        /// "key" or "value".
        what: &'static str,
        /// Bytes given.
        got: usize,
        /// Bytes the map takes.
        want: usize,
    },
}

impl Error {
    /// The errno, when the kernel refused the call.
    pub fn errno(&self) -> Option<i32> {
        match self {
            Error::Sys { source, .. } | Error::Verifier { source, .. } => source.raw_os_error(),
            Error::Size { .. } => None,
        }
    }
}

/// An attribute block: the kernel reads the fields it knows and requires the
/// rest to be zero.
pub(crate) struct Attr(pub [u8; 160]);

impl Attr {
    pub fn new() -> Attr {
        Attr([0; 160])
    }

    pub fn u32(&mut self, off: usize, v: u32) -> &mut Attr {
        self.0[off..off + 4].copy_from_slice(&v.to_ne_bytes());
        self
    }

    pub fn u64(&mut self, off: usize, v: u64) -> &mut Attr {
        self.0[off..off + 8].copy_from_slice(&v.to_ne_bytes());
        self
    }

    pub fn ptr<T: ?Sized>(&mut self, off: usize, p: *const T) -> &mut Attr {
        self.u64(off, p.cast::<u8>() as u64)
    }

    pub fn get_u32(&self, off: usize) -> u32 {
        let mut b = [0u8; 4];
        b.copy_from_slice(&self.0[off..off + 4]);
        u32::from_ne_bytes(b)
    }

    pub fn name(&mut self, off: usize, name: &str) -> &mut Attr {
        // Object names: 15 bytes of [A-Za-z0-9_.] and a NUL.
        let clean = name
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() || b == b'_' || b == b'.' {
                    b
                } else {
                    b'_'
                }
            })
            .take(15);
        for (i, b) in clean.enumerate() {
            self.0[off + i] = b;
        }
        self
    }
}

/// Runs `bpf(cmd, attr)`; the attribute block may be written by the kernel.
pub(crate) fn bpf(cmd: i64, attr: &mut Attr, op: &'static str) -> Result<i64, Error> {
    // SAFETY: `attr` is a writable 160-byte block whose unknown tail is zero;
    // every pointer stored in it refers to memory that outlives the call and
    // is as large as the length stored beside it.
    let rc = unsafe {
        libc::syscall(
            libc::SYS_bpf,
            cmd,
            attr.0.as_mut_ptr(),
            attr.0.len() as libc::c_uint,
        )
    };
    if rc < 0 {
        return Err(Error::Sys {
            op,
            source: io::Error::last_os_error(),
        });
    }
    Ok(rc)
}

/// [`bpf`] for a call that returns a new descriptor.
pub(crate) fn bpf_fd(cmd: i64, attr: &mut Attr, op: &'static str) -> Result<OwnedFd, Error> {
    let fd = bpf(cmd, attr, op)?;
    // SAFETY: a successful object-creating bpf() call returns a fresh
    // descriptor that nothing else owns.
    Ok(unsafe { OwnedFd::from_raw_fd(fd as libc::c_int) })
}

/// The kernel's monotonic clock in nanoseconds (`CLOCK_MONOTONIC`), the
/// clock `bpf_ktime_get_ns()` reads in programs.
pub fn ktime_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    (ts.tv_sec as u64) * 1_000_000_000 + ts.tv_nsec as u64
}

/// The index of interface `name` in the calling thread's network namespace.
pub fn ifindex(name: &str) -> io::Result<u32> {
    let c = std::ffi::CString::new(name).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("interface name {name:?} has a NUL byte"),
        )
    })?;
    // SAFETY: `c` is a NUL-terminated string that outlives the call.
    let i = unsafe { libc::if_nametoindex(c.as_ptr()) };
    if i == 0 {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("no interface {name}: {}", io::Error::last_os_error()),
        ));
    }
    Ok(i)
}

/// CPUs the kernel may run programs on (`/sys/devices/system/cpu/possible`),
/// which is how many values a per-CPU map holds for each key.
pub fn possible_cpus() -> io::Result<usize> {
    let s = std::fs::read_to_string("/sys/devices/system/cpu/possible")?;
    parse_cpu_list(s.trim()).ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("cannot read the CPU list `{}`", s.trim()),
        )
    })
}

/// The number of CPUs a list like `0-3,6` names (its highest number plus one).
fn parse_cpu_list(s: &str) -> Option<usize> {
    let mut max = None;
    for part in s.split(',') {
        let last = part.rsplit('-').next()?;
        let n: usize = last.trim().parse().ok()?;
        max = Some(max.map_or(n, |m: usize| m.max(n)));
    }
    max.map(|m| m + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_lists_count_up_to_the_highest() {
        assert_eq!(parse_cpu_list("0"), Some(1));
        assert_eq!(parse_cpu_list("0-1"), Some(2));
        assert_eq!(parse_cpu_list("0-3,6"), Some(7));
        assert_eq!(parse_cpu_list("x"), None);
    }

    #[test]
    fn object_names_are_cleaned_and_cut() {
        let mut a = Attr::new();
        a.name(0, "nat-table/with:odd chars_and_more");
        assert_eq!(&a.0[..16], b"nat_table_with_\0");
    }
}
