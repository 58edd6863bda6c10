//! Named network namespaces (`ip netns add NAME`, bound under /run/netns).

use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;
use std::path::PathBuf;

/// Where `ip netns` keeps the namespace called `name`.
pub fn path(name: &str) -> PathBuf {
    PathBuf::from("/run/netns").join(name)
}

/// Moves the calling thread (only it) into the network namespace `name`. Sockets it
/// opens afterwards, and interface names it looks up, belong to that namespace; a
/// socket keeps its namespace for life, whatever thread later uses it.
pub fn enter(name: &str) -> io::Result<()> {
    if name.is_empty() || name.contains('/') {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{name:?} is not a network namespace name"),
        ));
    }
    let file = File::open(path(name))?;
    // SAFETY: `file` is an open namespace descriptor; setns only changes this
    // thread's namespace and reports failure through its result.
    let rc = unsafe { libc::setns(file.as_raw_fd(), libc::CLONE_NEWNET) };
    if rc < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}
