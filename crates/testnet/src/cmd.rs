//! The commands a network is made with (`ip`, `ethtool`, `nft`, `kill`).

use std::io::Write;
use std::process::{Command, Stdio};

use crate::spec::Ns;

/// Runs `args` with `input` on stdin; returns stdout, or what failed with stderr.
pub(crate) fn output(args: &[&str], input: Option<&str>) -> Result<String, String> {
    let mut cmd = Command::new(args[0]);
    cmd.args(&args[1..])
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().map_err(|e| format!("{}: {e}", args[0]))?;
    if let (Some(text), Some(mut stdin)) = (input, child.stdin.take()) {
        stdin
            .write_all(text.as_bytes())
            .map_err(|e| format!("{}: stdin: {e}", args.join(" ")))?;
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("{}: {e}", args[0]))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(format!(
            "`{}` failed ({}): {}",
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

/// Runs `args`; panics with its stderr if it fails. Returns stdout.
pub(crate) fn run(args: &[&str]) -> String {
    output(args, None).unwrap_or_else(|e| panic!("testnet: {e}"))
}

/// `ip ARGS` in namespace `ns` (the root namespace for `None`).
pub(crate) fn ip(ns: Option<&Ns>, args: &[&str]) -> String {
    run(&with_ip(ns, args))
}

/// `ip [-n NS] ARGS` as a command line.
pub(crate) fn with_ip<'a>(ns: Option<&'a Ns>, args: &[&'a str]) -> Vec<&'a str> {
    let mut all = vec!["ip"];
    if let Some(ns) = ns {
        all.extend_from_slice(&["-n", ns.name()]);
    }
    all.extend_from_slice(args);
    all
}

/// `PROGRAM ARGS` run inside `ns` (`ip netns exec`), or as it is in the root
/// namespace.
pub(crate) fn inside<'a>(ns: Option<&'a Ns>, args: &[&'a str]) -> Vec<&'a str> {
    let mut all = Vec::new();
    if let Some(ns) = ns {
        all.extend_from_slice(&["ip", "netns", "exec", ns.name()]);
    }
    all.extend_from_slice(args);
    all
}

/// Sends signal `sig` (a name: `TERM`, `INT`, `STOP`, ...) to process `pid`.
pub(crate) fn signal(pid: u32, sig: &str) -> Result<(), String> {
    output(&["kill", &format!("-{sig}"), &pid.to_string()], None).map(drop)
}
