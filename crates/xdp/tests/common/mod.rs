//! Shared by the XDP target's tests.

#![allow(dead_code)]

/// Whether the test may use bpf(2); prints why it skips otherwise.
pub fn root() -> bool {
    let root = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .and_then(|l| l.split_whitespace().nth(2).map(|euid| euid == "0"))
        })
        .unwrap_or(false);
    if !root {
        println!("skipped: the XDP target's tests need root (bpf(2))");
    }
    root
}
