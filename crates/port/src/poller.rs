//! Waiting on several ports at once.

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::time::Duration;

use crate::{Port, PortError};

/// Waits until any of a set of ports has frames (one `poll(2)` over all of them).
#[derive(Debug)]
pub struct Poller {
    fds: Vec<libc::pollfd>,
    /// Some port has no descriptor: never block, it may always have frames.
    always_ready: bool,
}

impl Poller {
    /// A poller over `ports` (their descriptors stay valid as long as the ports live;
    /// build a new poller if the set changes).
    pub fn new<'a>(ports: impl IntoIterator<Item = &'a dyn Port>) -> Poller {
        let mut fds = Vec::new();
        let mut always_ready = false;
        for p in ports {
            match p.readiness_fd() {
                Some(fd) => fds.push(libc::pollfd {
                    fd: fd.as_raw_fd(),
                    events: libc::POLLIN,
                    revents: 0,
                }),
                None => always_ready = true,
            }
        }
        Poller { fds, always_ready }
    }

    /// Also wakes [`Poller::wait`] when `waker` is woken (another thread has work
    /// for the waiting one). The waker must outlive the poller.
    pub fn add_waker(&mut self, waker: &Waker) {
        self.fds.push(libc::pollfd {
            fd: waker.fd.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        });
    }

    /// Blocks until a port is readable or `timeout` passed (interrupted waits return
    /// early, which callers treat like a timeout).
    pub fn wait(&mut self, timeout: Duration) -> Result<(), PortError> {
        if self.always_ready || self.fds.is_empty() {
            return Ok(());
        }
        let ms = timeout.as_millis().min(i32::MAX as u128) as libc::c_int;
        // SAFETY: `fds` is a valid array of pollfd of the length passed; the
        // descriptors belong to live ports (documented contract of `new`), and a
        // closed one only makes poll report POLLNVAL.
        let rc = unsafe { libc::poll(self.fds.as_mut_ptr(), self.fds.len() as libc::nfds_t, ms) };
        if rc < 0 {
            let err = io::Error::last_os_error();
            if err.kind() != io::ErrorKind::Interrupted {
                return Err(PortError::Io {
                    interface: "(poller)".to_string(),
                    op: "poll",
                    source: err,
                });
            }
        }
        Ok(())
    }
}

/// Wakes a thread blocked in [`Poller::wait`] from another thread (an `eventfd`).
#[derive(Debug)]
pub struct Waker {
    fd: OwnedFd,
}

impl Waker {
    /// A new waker, not yet woken.
    pub fn new() -> Result<Waker, PortError> {
        // SAFETY: plain system call; the result is checked.
        let raw = unsafe { libc::eventfd(0, libc::EFD_NONBLOCK | libc::EFD_CLOEXEC) };
        if raw < 0 {
            return Err(PortError::Io {
                interface: "(waker)".to_string(),
                op: "eventfd",
                source: io::Error::last_os_error(),
            });
        }
        // SAFETY: `raw` is a fresh descriptor we own.
        Ok(Waker {
            fd: unsafe { OwnedFd::from_raw_fd(raw) },
        })
    }

    /// Makes pollers holding this waker return (now or at their next wait) until
    /// [`Waker::clear`].
    pub fn wake(&self) {
        let one: u64 = 1;
        // SAFETY: writes 8 bytes from a live u64. A full counter (EAGAIN) means it is
        // already woken, which is all we want.
        unsafe {
            libc::write(self.fd.as_raw_fd(), (&one as *const u64).cast(), 8);
        }
    }

    /// Takes the wake-up back (called by the woken thread before looking for work).
    pub fn clear(&self) {
        let mut n: u64 = 0;
        // SAFETY: reads at most 8 bytes into a live u64; EAGAIN (not woken) is fine.
        unsafe {
            libc::read(self.fd.as_raw_fd(), (&mut n as *mut u64).cast(), 8);
        }
    }
}
