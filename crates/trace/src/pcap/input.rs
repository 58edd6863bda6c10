//! A growable read buffer that knows the file offset of its first unconsumed byte.
//!
//! Record parsers ask for "at least n bytes" and get fewer only at end of file, so a
//! short answer is exactly a truncated record. Memory stays bounded by the largest
//! record plus one read chunk, whatever the file size.

use std::io::{self, Read};

/// Largest record accepted (pcap or pcapng); anything bigger is treated as a
/// corrupt length field rather than buffered (a 4 GiB length must not make us
/// allocate 4 GiB).
pub(crate) const MAX_RECORD: usize = 16 * 1024 * 1024;

/// Bytes requested from the source per read call.
const CHUNK: usize = 64 * 1024;

/// Buffered input with offset accounting.
#[derive(Debug)]
pub(crate) struct Input<R> {
    src: R,
    buf: Vec<u8>,
    start: usize,
    offset: u64,
    eof: bool,
}

impl<R: Read> Input<R> {
    pub(crate) fn new(src: R) -> Self {
        Input {
            src,
            buf: Vec::new(),
            start: 0,
            offset: 0,
            eof: false,
        }
    }

    /// File offset of the first unconsumed byte.
    pub(crate) fn offset(&self) -> u64 {
        self.offset
    }

    /// The buffered, unconsumed bytes.
    pub(crate) fn available(&self) -> &[u8] {
        &self.buf[self.start..]
    }

    /// Buffers at least `n` unconsumed bytes if the file has them; returns how many
    /// are buffered (fewer than `n` only at end of file).
    pub(crate) fn fill(&mut self, n: usize) -> io::Result<usize> {
        while self.buf.len() - self.start < n && !self.eof {
            if self.start > 0 {
                self.buf.drain(..self.start);
                self.start = 0;
            }
            let old = self.buf.len();
            let want = (n - old).max(CHUNK);
            self.buf.resize(old + want, 0);
            match self.src.read(&mut self.buf[old..]) {
                Ok(0) => {
                    self.buf.truncate(old);
                    self.eof = true;
                }
                Ok(k) => self.buf.truncate(old + k),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => self.buf.truncate(old),
                Err(e) => {
                    self.buf.truncate(old);
                    return Err(e);
                }
            }
        }
        Ok(self.buf.len() - self.start)
    }

    /// Marks `n` buffered bytes as read. `n` must not exceed `available().len()`.
    pub(crate) fn consume(&mut self, n: usize) {
        let n = n.min(self.buf.len() - self.start);
        self.start += n;
        self.offset += n as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out one byte per call, to exercise refilling.
    struct Trickle<'a>(&'a [u8]);
    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            match (self.0.split_first(), out.first_mut()) {
                (Some((b, rest)), Some(o)) => {
                    *o = *b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    #[test]
    fn fill_gathers_across_short_reads_and_tracks_offset() {
        let data: Vec<u8> = (0..10).collect();
        let mut input = Input::new(Trickle(&data));
        assert_eq!(input.fill(4).ok(), Some(4));
        assert_eq!(&input.available()[..4], &[0, 1, 2, 3]);
        input.consume(3);
        assert_eq!(input.offset(), 3);
        assert_eq!(input.fill(5).ok(), Some(5));
        assert_eq!(&input.available()[..5], &[3, 4, 5, 6, 7]);
        input.consume(5);
        // Only two bytes remain: fill reports the shortfall instead of blocking.
        assert_eq!(input.fill(4).ok(), Some(2));
        assert_eq!(input.offset(), 8);
    }
}
