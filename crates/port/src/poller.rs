//! Waiting on several ports at once.

use std::io;
use std::os::fd::AsRawFd;
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
