//! Shared mappings of map descriptors (ring buffers, mappable arrays).

use crate::sys::Error;

/// A mapping unmapped on drop.
pub(crate) struct Mapping {
    pub(crate) base: *mut u8,
    pub(crate) len: usize,
}

// SAFETY: plain shared memory owned by this value; whoever reads or writes it
// through `base` does so with atomics or holds `&mut` of its owner.
unsafe impl Send for Mapping {}
// SAFETY: as above: shared access goes through atomics only.
unsafe impl Sync for Mapping {}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: exactly what mmap returned.
        unsafe {
            libc::munmap(self.base.cast(), self.len);
        }
    }
}

/// Maps `len` bytes of descriptor `fd` from `offset`, shared; `op` names
/// the mapping in an error.
pub(crate) fn map(
    fd: i32,
    len: usize,
    prot: i32,
    offset: usize,
    op: &'static str,
) -> Result<Mapping, Error> {
    // SAFETY: a fresh shared mapping of the map's descriptor; checked below.
    let base = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            len,
            prot,
            libc::MAP_SHARED,
            fd,
            offset as libc::off_t,
        )
    };
    if base == libc::MAP_FAILED {
        return Err(Error::Sys {
            op,
            source: std::io::Error::last_os_error(),
        });
    }
    Ok(Mapping {
        base: base.cast(),
        len,
    })
}

/// The system's page size.
pub(crate) fn page_size() -> usize {
    // SAFETY: sysconf has no preconditions.
    unsafe { libc::sysconf(libc::_SC_PAGESIZE) as usize }
}
