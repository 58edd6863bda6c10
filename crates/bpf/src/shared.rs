//! An array map created with [`F_MMAPABLE`], mapped into the process: its
//! values read and written as atomic words, without a system call. A
//! program's stores and loads of the same words (`BPF_ATOMIC` or plain) and
//! the process's atomics order as any two CPUs' accesses to shared memory do.

use std::os::fd::AsRawFd;
use std::sync::atomic::{AtomicU32, AtomicU64};

use crate::map::{F_MMAPABLE, Map, MapType};
use crate::mmap::{Mapping, map, page_size};
use crate::sys::Error;

/// A mapped array map's values.
pub struct SharedArray {
    mem: Mapping,
    /// Bytes from one element to the next (the value rounded up to 8).
    stride: usize,
    value: usize,
    entries: usize,
}

impl std::fmt::Debug for SharedArray {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedArray")
            .field("entries", &self.entries)
            .field("value", &self.value)
            .finish()
    }
}

fn refused(why: &'static str) -> Error {
    Error::Sys {
        op: why,
        source: std::io::Error::from_raw_os_error(libc::EINVAL),
    }
}

impl SharedArray {
    /// Maps `array` (a [`MapType::Array`] created with [`F_MMAPABLE`]).
    pub fn new(array: &Map) -> Result<SharedArray, Error> {
        let spec = array.spec();
        if spec.kind != MapType::Array || spec.flags & F_MMAPABLE == 0 {
            return Err(refused("mmap (array): not an array created mappable"));
        }
        let stride = (spec.value_size as usize).div_ceil(8) * 8;
        let entries = spec.max_entries as usize;
        let page = page_size();
        let len = (stride * entries).div_ceil(page).max(1) * page;
        let mem = map(
            array.fd().as_raw_fd(),
            len,
            libc::PROT_READ | libc::PROT_WRITE,
            0,
            "mmap (array)",
        )?;
        Ok(SharedArray {
            mem,
            stride,
            value: spec.value_size as usize,
            entries,
        })
    }

    /// Elements.
    pub fn len(&self) -> usize {
        self.entries
    }

    /// Whether it has no elements.
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// The byte `off` of element `index`, when an `n`-byte word aligned to
    /// `n` fits there.
    fn at(&self, index: usize, off: usize, n: usize) -> Option<*mut u8> {
        (index < self.entries && off % n == 0 && off + n <= self.value)
            .then(|| self.mem.base.wrapping_add(index * self.stride + off))
    }

    /// The 64-bit word at byte `off` of element `index` (None: outside it,
    /// or not 8-aligned).
    pub fn u64_at(&self, index: usize, off: usize) -> Option<&AtomicU64> {
        // SAFETY: inside the mapping (checked), aligned (the mapping is
        // page-aligned, the stride and `off` multiples of 8), and shared
        // memory is only ever accessed through atomics here.
        self.at(index, off, 8)
            .map(|p| unsafe { &*(p as *const AtomicU64) })
    }

    /// The 32-bit word at byte `off` of element `index`.
    pub fn u32_at(&self, index: usize, off: usize) -> Option<&AtomicU32> {
        // SAFETY: as in `u64_at`, with 4-byte alignment.
        self.at(index, off, 4)
            .map(|p| unsafe { &*(p as *const AtomicU32) })
    }
}
