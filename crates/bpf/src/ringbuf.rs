//! Reading a `BPF_MAP_TYPE_RINGBUF` map: the kernel's single-consumer ring
//! (`Documentation/bpf/ringbuf.rst`), mapped into the process.
//!
//! Layout: one page with the consumer position (ours to write), then one
//! page with the producer position and the data area, mapped twice in a row
//! so that a record never wraps. Each record has an 8-byte header: its length
//! with a *busy* bit (not yet submitted) and a *discard* bit, and a page
//! offset; the data follows, and records are 8-byte aligned.

use std::os::fd::AsRawFd;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use crate::map::{Map, MapType};
use crate::mmap::{Mapping, map, page_size};
use crate::sys::Error;

const BUSY: u32 = 1 << 31;
const DISCARD: u32 = 1 << 30;
const HEADER: usize = 8;

/// The consumer side of a ring buffer map.
pub struct RingReader {
    consumer: Mapping,
    producer: Mapping,
    mask: u64,
    page: usize,
}

impl std::fmt::Debug for RingReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RingReader")
            .field("size", &(self.mask + 1))
            .finish()
    }
}

impl RingReader {
    /// Maps `ring` (a [`MapType::Ringbuf`] map).
    pub fn new(ring: &Map) -> Result<RingReader, Error> {
        if ring.spec().kind != MapType::Ringbuf {
            return Err(Error::Sys {
                op: "mmap (ring buffer): not a ring buffer map",
                source: std::io::Error::from_raw_os_error(libc::EINVAL),
            });
        }
        let page = page_size();
        let size = ring.spec().max_entries as usize;
        let fd = ring.fd().as_raw_fd();
        let consumer = map(
            fd,
            page,
            libc::PROT_READ | libc::PROT_WRITE,
            0,
            "mmap (ring buffer)",
        )?;
        let producer = map(
            fd,
            page + 2 * size,
            libc::PROT_READ,
            page,
            "mmap (ring buffer)",
        )?;
        Ok(RingReader {
            consumer,
            producer,
            mask: size as u64 - 1,
            page,
        })
    }

    fn consumer_pos(&self) -> &AtomicU64 {
        // SAFETY: the first word of the consumer page, 8-byte aligned,
        // shared with the kernel and accessed atomically.
        unsafe { &*(self.consumer.base as *const AtomicU64) }
    }

    fn producer_pos(&self) -> &AtomicU64 {
        // SAFETY: as above, the producer page's first word.
        unsafe { &*(self.producer.base as *const AtomicU64) }
    }

    /// Hands every submitted record to `f`, oldest first, and frees their
    /// room; stops at the first record still being written. Returns how
    /// many records were read.
    pub fn drain(&mut self, f: &mut dyn FnMut(&[u8])) -> usize {
        let mut cons = self.consumer_pos().load(Ordering::Acquire);
        let prod = self.producer_pos().load(Ordering::Acquire);
        let mut n = 0;
        while cons < prod {
            let at = self.page + (cons & self.mask) as usize;
            // SAFETY: `at` lies in the first copy of the data area; the
            // header is 8-byte aligned and its length word is written by the
            // kernel with release ordering.
            let len = unsafe { &*(self.producer.base.add(at) as *const AtomicU32) }
                .load(Ordering::Acquire);
            if len & BUSY != 0 {
                break;
            }
            let size = (len & !(BUSY | DISCARD)) as usize;
            if len & DISCARD == 0 {
                // SAFETY: the record's bytes follow its header; thanks to the
                // double mapping they are contiguous even across the end.
                let data = unsafe {
                    std::slice::from_raw_parts(self.producer.base.add(at + HEADER), size)
                };
                f(data);
                n += 1;
            }
            cons += ((HEADER + size).div_ceil(8) * 8) as u64;
            self.consumer_pos().store(cons, Ordering::Release);
        }
        n
    }
}
