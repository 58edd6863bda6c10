//! Programs: loaded (with the verifier's log and statistics), test-run with
//! `BPF_PROG_TEST_RUN`, attached to interfaces by BPF links.

use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd};
use std::time::Duration;

use serde::Serialize;

use crate::insn::{Insn, encode};
use crate::sys::{Attr, Error, bpf, bpf_fd, cmd};

const PROG_TYPE_XDP: u32 = 6;
const ATTACH_XDP: u32 = 37;
const XDP_FLAGS_SKB_MODE: u32 = 1 << 1;
const XDP_FLAGS_DRV_MODE: u32 = 1 << 2;
/// `BPF_F_TEST_XDP_LIVE_FRAMES`: a test run's redirects really transmit.
const F_TEST_XDP_LIVE_FRAMES: u32 = 1 << 1;
/// Log levels: 1 the verifier's trace on failure, 4 its statistics.
const LOG_LEVEL_BRANCH: u32 = 1;
const LOG_LEVEL_STATS: u32 = 4;
/// The verifier's log buffer (it stops, with `ENOSPC`, when the log is longer).
const LOG_BYTES: usize = 1 << 24;

/// What the verifier reported about an accepted program (`BPF_LOG_STATS`,
/// `bpf_prog_info`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct VerifierStats {
    /// Instructions loaded.
    pub insns: usize,
    /// Instructions the verifier processed (over all paths; the limit is 1,000,000).
    pub processed: u64,
    /// Verifier states kept at most for one instruction.
    pub max_states_per_insn: u64,
    /// States kept in all.
    pub total_states: u64,
    /// Most states held at once.
    pub peak_states: u64,
    /// Time the verifier took, in microseconds.
    pub verification_us: u64,
    /// Bytes of the translated (kernel-rewritten) program.
    pub xlated_bytes: u32,
    /// Bytes of machine code the JIT produced.
    pub jited_bytes: u32,
}

/// A loaded program.
#[derive(Debug)]
pub struct Program {
    fd: OwnedFd,
    name: String,
    stats: VerifierStats,
}

/// How an XDP program runs on an interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum XdpMode {
    /// In the driver, before socket buffers exist (veth and most NICs).
    Native,
    /// On socket buffers after the driver (any interface; slower).
    Generic,
}

impl XdpMode {
    /// `"native"` or `"generic"`.
    pub fn name(self) -> &'static str {
        match self {
            XdpMode::Native => "native",
            XdpMode::Generic => "generic",
        }
    }
}

/// A program attached to an interface; dropping it detaches the program (so
/// does the process ending, however it ends).
#[derive(Debug)]
pub struct Link {
    _fd: OwnedFd,
    ifindex: u32,
    mode: XdpMode,
}

impl Link {
    /// The interface.
    pub fn ifindex(&self) -> u32 {
        self.ifindex
    }

    /// How it runs there.
    pub fn mode(&self) -> XdpMode {
        self.mode
    }
}

/// One `BPF_PROG_TEST_RUN`.
#[derive(Debug, Clone, Default)]
pub struct TestRun<'a> {
    /// The packet (with `meta` bytes of XDP metadata in front).
    pub data: &'a [u8],
    /// Bytes at the start of `data` that are metadata (`xdp_md.data_meta`), a
    /// multiple of 4.
    pub meta: u32,
    /// Times to run (the duration is the mean per run).
    pub repeat: u32,
    /// Redirects transmit for real (`BPF_F_TEST_XDP_LIVE_FRAMES`).
    pub live: bool,
    /// Interface the packet "arrived" on (`xdp_md.ingress_ifindex`; 0: loopback).
    pub ifindex: u32,
}

/// What a test run gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestResult {
    /// The program's return code (`XDP_DROP` 1, `XDP_PASS` 2, `XDP_TX` 3,
    /// `XDP_REDIRECT` 4).
    pub retval: u32,
    /// Metadata and packet as the program left them.
    pub data: Vec<u8>,
    /// Bytes of `data` that are metadata.
    pub meta: usize,
    /// Mean time per run.
    pub duration: Duration,
}

impl Program {
    /// Loads an XDP program; on refusal the error carries the verifier's log.
    pub fn load_xdp(name: &str, insns: &[Insn]) -> Result<Program, Error> {
        let code = encode(insns);
        let license = c"GPL";
        let mut log = vec![0u8; LOG_BYTES];
        let load = |level: u32, log: &mut Vec<u8>| {
            let mut a = Attr::new();
            a.u32(0, PROG_TYPE_XDP)
                .u32(4, insns.len() as u32)
                .ptr(8, code.as_ptr())
                .ptr(16, license.as_ptr())
                .u32(24, level)
                .u32(28, log.len() as u32)
                .ptr(32, log.as_mut_ptr())
                .name(48, name)
                .u32(68, ATTACH_XDP);
            bpf_fd(cmd::PROG_LOAD, &mut a, "BPF_PROG_LOAD")
        };
        let fd = match load(LOG_LEVEL_STATS, &mut log) {
            Ok(fd) => fd,
            Err(Error::Sys { source, .. }) => {
                // Again with the verifier's trace, which says where and why.
                log.iter_mut().for_each(|b| *b = 0);
                let _ = load(LOG_LEVEL_BRANCH, &mut log);
                let text = log_text(&log);
                let reason = text
                    .lines()
                    .rev()
                    .filter(|l| !l.trim().is_empty())
                    .take(6)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect::<Vec<_>>()
                    .join(" | ");
                return Err(Error::Verifier {
                    name: name.to_string(),
                    source,
                    reason,
                    log: text,
                });
            }
            Err(e) => return Err(e),
        };
        let mut stats = parse_stats(&log_text(&log));
        stats.insns = insns.len();
        let mut p = Program {
            fd,
            name: name.to_string(),
            stats,
        };
        let (xlated, jited) = p.sizes()?;
        p.stats.xlated_bytes = xlated;
        p.stats.jited_bytes = jited;
        Ok(p)
    }

    /// Another handle on the same loaded program (a duplicated descriptor).
    pub fn try_clone(&self) -> Result<Program, Error> {
        Ok(Program {
            fd: self.fd.try_clone().map_err(|source| Error::Sys {
                op: "dup (program descriptor)",
                source,
            })?,
            name: self.name.clone(),
            stats: self.stats.clone(),
        })
    }

    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What the verifier said of it.
    pub fn stats(&self) -> &VerifierStats {
        &self.stats
    }

    /// Its descriptor.
    pub fn fd(&self) -> BorrowedFd<'_> {
        self.fd.as_fd()
    }

    /// Translated and JIT-compiled sizes (`bpf_prog_info`).
    fn sizes(&self) -> Result<(u32, u32), Error> {
        let mut info = [0u8; 256];
        let mut a = Attr::new();
        a.u32(0, self.fd.as_raw_fd() as u32)
            .u32(4, info.len() as u32)
            .ptr(8, info.as_mut_ptr());
        bpf(cmd::OBJ_GET_INFO_BY_FD, &mut a, "BPF_OBJ_GET_INFO_BY_FD")?;
        let u32_at =
            |o: usize| u32::from_ne_bytes([info[o], info[o + 1], info[o + 2], info[o + 3]]);
        Ok((u32_at(20), u32_at(16)))
    }

    /// Runs the program on one packet without any interface.
    pub fn test_run(&self, run: &TestRun<'_>) -> Result<TestResult, Error> {
        // Room for the program to grow the packet by its whole headroom.
        let mut out = vec![0u8; run.data.len() + 512];
        // struct xdp_md { data, data_end, data_meta, ingress_ifindex, rx_queue_index, egress_ifindex }
        let mut ctx = [0u32; 6];
        ctx[0] = run.meta;
        ctx[1] = run.data.len() as u32;
        ctx[2] = 0;
        ctx[3] = run.ifindex;
        let mut ctx_out = [0u32; 6];
        let mut a = Attr::new();
        a.u32(0, self.fd.as_raw_fd() as u32)
            .u32(8, run.data.len() as u32)
            .u32(12, out.len() as u32)
            .ptr(16, run.data.as_ptr())
            .ptr(24, out.as_mut_ptr())
            .u32(32, run.repeat.max(1))
            .u32(40, size_of_val(&ctx) as u32)
            .u32(44, size_of_val(&ctx_out) as u32)
            .ptr(48, ctx.as_ptr())
            .ptr(56, ctx_out.as_mut_ptr())
            .u32(64, if run.live { F_TEST_XDP_LIVE_FRAMES } else { 0 });
        bpf(cmd::PROG_TEST_RUN, &mut a, "BPF_PROG_TEST_RUN")?;
        let retval = a.get_u32(4);
        let size = (a.get_u32(12) as usize).min(out.len());
        out.truncate(size);
        // `xdp_md.data` comes back as the offset of the packet after the
        // metadata, where the output begins.
        let meta = (ctx_out[0] as usize).min(size);
        Ok(TestResult {
            retval,
            data: out,
            meta,
            duration: Duration::from_nanos(u64::from(a.get_u32(36))),
        })
    }

    /// Attaches to interface `ifindex` by a BPF link: natively where the
    /// driver can, generically otherwise (or only as `only` says).
    pub fn attach_xdp(&self, ifindex: u32, only: Option<XdpMode>) -> Result<Link, Error> {
        let mut last = None;
        for (flags, mode) in [
            (XDP_FLAGS_DRV_MODE, XdpMode::Native),
            (XDP_FLAGS_SKB_MODE, XdpMode::Generic),
        ] {
            if only.is_some_and(|m| m != mode) {
                continue;
            }
            let mut a = Attr::new();
            a.u32(0, self.fd.as_raw_fd() as u32)
                .u32(4, ifindex)
                .u32(8, ATTACH_XDP)
                .u32(12, flags);
            match bpf_fd(cmd::LINK_CREATE, &mut a, "BPF_LINK_CREATE (xdp)") {
                Ok(fd) => {
                    return Ok(Link {
                        _fd: fd,
                        ifindex,
                        mode,
                    });
                }
                Err(e) => last = Some(e),
            }
        }
        Err(last.unwrap_or(Error::Sys {
            op: "BPF_LINK_CREATE (xdp)",
            source: std::io::Error::from_raw_os_error(libc::EINVAL),
        }))
    }
}

fn log_text(log: &[u8]) -> String {
    let end = log.iter().position(|&b| b == 0).unwrap_or(log.len());
    String::from_utf8_lossy(&log[..end]).into_owned()
}

/// Reads the verifier's statistics lines:
/// `processed 123 insns (limit 1000000) max_states_per_insn 2 total_states 10 peak_states 10 mark_read 3`
/// and `verification time 456 usec`.
fn parse_stats(log: &str) -> VerifierStats {
    let mut s = VerifierStats::default();
    let words: Vec<&str> = log.split_whitespace().collect();
    let after = |key: &str| -> u64 {
        words
            .windows(2)
            .find(|w| w[0] == key)
            .and_then(|w| w[1].parse().ok())
            .unwrap_or(0)
    };
    s.processed = after("processed");
    s.max_states_per_insn = after("max_states_per_insn");
    s.total_states = after("total_states");
    s.peak_states = after("peak_states");
    s.verification_us = words
        .windows(3)
        .find(|w| w[0] == "verification" && w[1] == "time")
        .and_then(|w| w[2].parse().ok())
        .unwrap_or(0);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verifier_statistics_are_read() {
        let log = "func#0 @0\nverification time 57 usec\nstack depth 8\n\
                   processed 31 insns (limit 1000000) max_states_per_insn 1 total_states 2 peak_states 2 mark_read 1\n";
        let s = parse_stats(log);
        assert_eq!(s.processed, 31);
        assert_eq!(s.max_states_per_insn, 1);
        assert_eq!(s.total_states, 2);
        assert_eq!(s.peak_states, 2);
        assert_eq!(s.verification_us, 57);
    }
}
