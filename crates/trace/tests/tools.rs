//! Generated files must open in tcpdump and tshark without warnings, and their
//! packet and SYN counts must agree with `trace::stats` (an independent count).
//! Without the tools the test prints why it is skipped, unless
//! `TANDEM_REQUIRE_TOOLS=1` (set in CI), where a missing tool fails it.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use trace::pcap::Resolution;
use trace::stats::read_stats;

/// Lines the tools always print on stderr that are not about the file.
const BENIGN_STDERR: [&str; 2] = ["reading from file", "Running as user \"root\""];

fn tool(name: &str) -> Option<PathBuf> {
    let found = ["/usr/bin", "/usr/sbin", "/usr/local/bin"]
        .iter()
        .map(|d| Path::new(d).join(name))
        .find(|p| p.is_file());
    if found.is_none() {
        let required = std::env::var("TANDEM_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "{name} is not installed but TANDEM_REQUIRE_TOOLS=1"
        );
        println!("skipping: {name} not found in /usr/bin, /usr/sbin or /usr/local/bin");
    }
    found
}

/// Runs a tool, asserts success and a clean stderr, returns the stdout line count.
fn count_lines(cmd: &Path, args: &[&str]) -> u64 {
    let out = Command::new(cmd)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", cmd.display()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let noise: Vec<&str> = stderr
        .lines()
        .filter(|l| !l.trim().is_empty() && !BENIGN_STDERR.iter().any(|b| l.contains(b)))
        .collect();
    assert!(
        out.status.success(),
        "{} {args:?} failed: {stderr}",
        cmd.display()
    );
    assert!(
        noise.is_empty(),
        "{} {args:?} warned: {noise:?}",
        cmd.display()
    );
    String::from_utf8_lossy(&out.stdout).lines().count() as u64
}

#[test]
fn tcpdump_and_tshark_read_generated_files_and_agree_with_stats() {
    let (Some(tcpdump), Some(tshark)) = (tool("tcpdump"), tool("tshark")) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("tandem-trace-tools-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let cases = [
        ("websearch", Resolution::Microsecond),
        ("trojan", Resolution::Nanosecond),
        ("syn-flood", Resolution::Microsecond),
        ("datacenter-sizes", Resolution::Nanosecond),
    ];
    for (w, res) in cases {
        let t = common::gen_trace(w, 40, 8);
        let bytes = common::pcap_bytes(&t, res);
        let path = dir.join(format!("{w}.pcap"));
        std::fs::write(&path, &bytes).unwrap_or_else(|e| panic!("{e}"));
        let file = path.to_string_lossy().to_string();
        let stats = read_stats(&bytes[..]);
        assert!(stats.error.is_none());
        let s = stats.stats;

        assert_eq!(
            count_lines(&tcpdump, &["-nn", "-r", &file]),
            s.packets,
            "{w}: tcpdump packets"
        );
        let syn_filter = "tcp[tcpflags] & (tcp-syn|tcp-ack) == tcp-syn";
        assert_eq!(
            count_lines(&tcpdump, &["-nn", "-r", &file, syn_filter]),
            s.syn_packets,
            "{w}: tcpdump SYNs"
        );

        assert_eq!(
            count_lines(&tshark, &["-n", "-r", &file]),
            s.packets,
            "{w}: tshark packets"
        );
        let syn = "tcp.flags.syn == 1 && tcp.flags.ack == 0";
        assert_eq!(
            count_lines(&tshark, &["-n", "-r", &file, "-Y", syn]),
            s.syn_packets,
            "{w}: tshark SYNs"
        );
        // Wireshark's own checksum verification finds no bad checksum.
        let bad = "ip.checksum.status == \"Bad\" || tcp.checksum.status == \"Bad\" || udp.checksum.status == \"Bad\"";
        let check = [
            "-n",
            "-r",
            &file,
            "-o",
            "ip.check_checksum:TRUE",
            "-o",
            "tcp.check_checksum:TRUE",
            "-o",
            "udp.check_checksum:TRUE",
            "-Y",
            bad,
        ];
        assert_eq!(
            count_lines(&tshark, &check),
            0,
            "{w}: tshark found bad checksums"
        );
        if s.syn_packets > 0 {
            assert!(s.tcp_handshakes > 0);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
