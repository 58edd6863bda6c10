//! `tandem trace`: generate workloads and inspect pcap files.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::net::Ipv4Addr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use trace::pcap::{Format, PcapWriter, Resolution};
use trace::stats::{StatsReport, TraceStats, read_stats};
use trace::workload::{GenOptions, Servers, Trace, Workload, generate};

/// Subcommands of `tandem trace`.
#[derive(Debug, clap::Subcommand)]
pub enum TraceCommand {
    /// Generate a seeded synthetic workload and write it as pcap.
    ///
    /// Same options and seed give byte-identical files. Timestamps are simulated
    /// (starting 2020-08-10 00:00:00 UTC), never the wall clock. Clients are
    /// 198.18.0.1 upwards, servers 198.19.0.1 upwards (RFC 2544 benchmarking range).
    /// See docs/TRACE.md for each workload's model and sources.
    Gen(GenArgs),
    /// Print statistics of a pcap or pcapng file.
    ///
    /// Packets, bytes, flows, TCP flows that complete a handshake, protocol mix,
    /// frame-size histogram and flow-size percentiles. On a truncated or corrupt
    /// file, prints the statistics of everything read before the fault, then the
    /// error (with byte offset and packet number), and exits with status 1.
    Stats(StatsArgs),
}

/// Options of `tandem trace gen`.
#[derive(Debug, clap::Args)]
pub struct GenArgs {
    /// Workload: websearch, datamining, hadoop, cache (TCP flows with sizes from
    /// published datacenter CDFs), datacenter-sizes (UDP, PayloadPark's bimodal
    /// packet sizes), fixed:<bytes> (UDP frames of one size, 42..=1514), trojan
    /// (SSH/HTTP/FTP/IRC sessions), syn-flood (spoofed SYNs + legitimate flows).
    #[arg(long, short = 'w', default_value = "websearch", value_parser = parse_workload)]
    workload: Workload,
    /// Number of flows (connections) to generate.
    #[arg(long, short = 'n', default_value_t = 100)]
    flows: u32,
    /// Seed of the random stream.
    #[arg(long, short = 's', default_value_t = 1)]
    seed: u64,
    /// Mean flow arrival rate (Poisson), flows per simulated second.
    #[arg(long, default_value_t = 1000.0)]
    rate: f64,
    /// Fraction of flows sent over UDP instead of TCP (flow-size workloads).
    #[arg(long, default_value_t = 0.0)]
    udp_share: f64,
    /// Number of client hosts (198.18.0.1 upwards).
    #[arg(long, default_value_t = 64)]
    clients: u32,
    /// Number of servers (198.19.0.1 upwards).
    #[arg(long, default_value_t = 8, conflicts_with = "server_ip")]
    servers: u32,
    /// Server addresses instead of --servers, comma-separated (e.g. a load
    /// balancer's virtual IP).
    #[arg(long, value_delimiter = ',')]
    server_ip: Vec<Ipv4Addr>,
    /// Cap on bytes per flow, so heavy-tailed distributions stay a manageable size;
    /// 0 keeps the full tail (data mining reaches 1 GB per flow).
    #[arg(long, default_value_t = 1_000_000)]
    max_flow_bytes: u64,
    /// Packets per flow for datacenter-sizes and fixed:<bytes>.
    #[arg(long, default_value_t = 100)]
    packets_per_flow: u32,
    /// trojan: fraction of hosts that do SSH, then a download, then IRC.
    #[arg(long, default_value_t = 0.2)]
    trojan_share: f64,
    /// syn-flood: fraction of flows that are spoofed SYNs.
    #[arg(long, default_value_t = 0.5)]
    attack_share: f64,
    /// Write client-sent and server-sent packets to two files, FILE.client.pcap and
    /// FILE.server.pcap (FILE is -o without its .pcap extension), instead of one.
    #[arg(long)]
    sides: bool,
    /// Nanosecond timestamps (pcap magic 0xa1b23c4d) instead of microseconds.
    #[arg(long)]
    nanosecond: bool,
    /// Output pcap file.
    #[arg(long, short = 'o')]
    output: PathBuf,
    /// Do not print the statistics of the written file(s).
    #[arg(long, short = 'q')]
    quiet: bool,
}

/// Options of `tandem trace stats`.
#[derive(Debug, clap::Args)]
pub struct StatsArgs {
    /// The capture to read (pcap in µs or ns, either byte order, or pcapng).
    file: PathBuf,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

fn parse_workload(s: &str) -> Result<Workload, String> {
    s.parse().map_err(|e: trace::GenError| e.to_string())
}

/// Runs a `tandem trace` subcommand.
pub fn run(cmd: TraceCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        TraceCommand::Gen(args) => run_gen(args),
        TraceCommand::Stats(args) => run_stats(args),
    }
}

fn run_gen(a: GenArgs) -> anyhow::Result<ExitCode> {
    let opts = GenOptions {
        workload: a.workload,
        flows: a.flows,
        seed: a.seed,
        rate: a.rate,
        udp_share: a.udp_share,
        clients: a.clients,
        servers: if a.server_ip.is_empty() {
            Servers::Count(a.servers)
        } else {
            Servers::Addrs(a.server_ip.clone())
        },
        max_flow_bytes: (a.max_flow_bytes > 0).then_some(a.max_flow_bytes),
        packets_per_flow: a.packets_per_flow,
        trojan_share: a.trojan_share,
        attack_share: a.attack_share,
        ..GenOptions::default()
    };
    let trace = generate(&opts)?;
    let resolution = if a.nanosecond {
        Resolution::Nanosecond
    } else {
        Resolution::Microsecond
    };
    let bar = progress_bar(trace.packet_count());
    let mut progress = |done: u64, _total: u64| bar.set_position(done);
    let mut out = std::io::stdout().lock();
    if a.sides {
        let (cpath, spath) = side_paths(&a.output);
        let mut c = writer(&cpath, resolution)?;
        let mut s = writer(&spath, resolution)?;
        let (nc, ns) = trace.write_sides(&mut c, &mut s, &mut progress)?;
        finish(c, &cpath)?;
        finish(s, &spath)?;
        bar.finish_and_clear();
        writeln!(out, "wrote {nc} client-sent packets to {}", cpath.display())?;
        writeln!(out, "wrote {ns} server-sent packets to {}", spath.display())?;
        summary(&mut out, &trace)?;
        if !a.quiet {
            print_written_stats(&mut out, &cpath)?;
            print_written_stats(&mut out, &spath)?;
        }
    } else {
        let mut w = writer(&a.output, resolution)?;
        let n = trace.write_pcap(&mut w, None, &mut progress)?;
        finish(w, &a.output)?;
        bar.finish_and_clear();
        writeln!(out, "wrote {n} packets to {}", a.output.display())?;
        summary(&mut out, &trace)?;
        if !a.quiet {
            print_written_stats(&mut out, &a.output)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads back what was written and prints its statistics, as `tandem trace stats` would:
/// the figures come from the file, not from the generator's own bookkeeping.
fn print_written_stats(out: &mut impl Write, path: &Path) -> anyhow::Result<()> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let report = read_stats(file);
    writeln!(out)?;
    print_table(out, path, &report)?;
    match report.error {
        None => Ok(()),
        Some(e) => Err(anyhow::Error::new(e).context(format!("reading back {}", path.display()))),
    }
}

fn summary(out: &mut impl Write, trace: &Trace) -> anyhow::Result<()> {
    let o = &trace.options;
    writeln!(
        out,
        "workload {} seed {}: {} connections, {} packets",
        o.workload,
        o.seed,
        trace.connections.len(),
        trace.packet_count()
    )?;
    if o.workload == Workload::Trojan {
        let hosts: Vec<String> = trace.trojan_hosts.iter().map(|h| h.to_string()).collect();
        writeln!(
            out,
            "hosts doing SSH -> download -> IRC: {}",
            if hosts.is_empty() {
                "none".into()
            } else {
                hosts.join(", ")
            }
        )?;
    }
    Ok(())
}

/// FILE.pcap -> (FILE.client.pcap, FILE.server.pcap); other names get the suffix appended.
fn side_paths(output: &Path) -> (PathBuf, PathBuf) {
    let stem = match output.extension() {
        Some(ext) if ext == "pcap" => output.with_extension(""),
        _ => output.to_path_buf(),
    };
    let with = |side: &str| {
        let mut s = stem.clone().into_os_string();
        s.push(format!(".{side}.pcap"));
        PathBuf::from(s)
    };
    (with("client"), with("server"))
}

fn writer(path: &Path, resolution: Resolution) -> anyhow::Result<PcapWriter<BufWriter<File>>> {
    let file = File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    PcapWriter::new(BufWriter::with_capacity(1 << 20, file), resolution)
        .with_context(|| format!("cannot write {}", path.display()))
}

fn finish(w: PcapWriter<BufWriter<File>>, path: &Path) -> anyhow::Result<()> {
    w.into_inner()
        .flush()
        .with_context(|| format!("cannot write {}", path.display()))
}

/// A bar on stderr; indicatif hides it when stderr is not a terminal.
fn progress_bar(total: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(total),
        indicatif::ProgressDrawTarget::stderr(),
    );
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{bar:40} {pos}/{len} packets ({per_sec}, eta {eta})",
    ) {
        bar.set_style(style);
    }
    bar
}

fn run_stats(a: StatsArgs) -> anyhow::Result<ExitCode> {
    let file = File::open(&a.file).with_context(|| format!("cannot open {}", a.file.display()))?;
    let report = read_stats(file);
    let mut out = std::io::stdout().lock();
    if a.json {
        serde_json::to_writer_pretty(&mut out, &report)?;
        writeln!(out)?;
    } else {
        print_table(&mut out, &a.file, &report)?;
    }
    out.flush()?;
    match report.error {
        None => Ok(ExitCode::SUCCESS),
        Some(e) => {
            let read = report.stats.packets;
            Err(anyhow::Error::new(e).context(format!(
                "{}: stopped after {read} packets",
                a.file.display()
            )))
        }
    }
}

fn format_name(f: Option<Format>) -> String {
    let order = |big: bool| if big { "big-endian" } else { "little-endian" };
    match f {
        Some(Format::Pcap {
            nanosecond,
            big_endian,
        }) => {
            format!(
                "pcap, {}, {}",
                if nanosecond {
                    "nanosecond"
                } else {
                    "microsecond"
                },
                order(big_endian)
            )
        }
        Some(Format::PcapNg { big_endian }) => format!("pcapng, {}", order(big_endian)),
        None => "unreadable".to_string(),
    }
}

fn print_table(out: &mut impl Write, path: &Path, r: &StatsReport) -> anyhow::Result<()> {
    let s: &TraceStats = &r.stats;
    writeln!(
        out,
        "file          {} ({})",
        path.display(),
        format_name(r.format)
    )?;
    writeln!(out, "packets       {}", s.packets)?;
    writeln!(
        out,
        "bytes         {} on the wire, {} captured",
        s.bytes, s.captured_bytes
    )?;
    if let (Some(a), Some(b)) = (s.first_ts_ns, s.last_ts_ns) {
        writeln!(
            out,
            "duration      {:.6} s",
            b.saturating_sub(a) as f64 / 1e9
        )?;
    }
    writeln!(
        out,
        "flows         {} (tcp {}, udp {})",
        s.flows, s.tcp_flows, s.udp_flows
    )?;
    writeln!(
        out,
        "handshakes    {} TCP flows completed SYN, SYN-ACK, ACK",
        s.tcp_handshakes
    )?;
    writeln!(
        out,
        "syn           {} SYN, {} SYN-ACK",
        s.syn_packets, s.syn_ack_packets
    )?;
    let p = &s.protocols;
    writeln!(
        out,
        "protocols     tcp {}, udp {}, icmp {}, other ipv4 {}, non-ipv4 {}, malformed {}",
        p.tcp, p.udp, p.icmp, p.other_ipv4, p.non_ipv4, p.malformed
    )?;
    writeln!(
        out,
        "checksums     {} packets with a bad IPv4/TCP/UDP/ICMP checksum",
        s.bad_checksums
    )?;
    if let Some((n, e)) = &s.first_malformed {
        writeln!(out, "malformed     first at packet {n}: {e}")?;
    }
    writeln!(out, "frame sizes")?;
    for b in &s.sizes {
        let range = match b.max {
            Some(max) => format!("{}-{}", b.min, max),
            None => format!("{}+", b.min),
        };
        let share = if s.packets == 0 {
            0.0
        } else {
            100.0 * b.packets as f64 / s.packets as f64
        };
        writeln!(out, "  {range:>10} B  {:>10}  {share:5.1} %", b.packets)?;
    }
    if let Some(f) = &s.flow_bytes {
        writeln!(
            out,
            "flow sizes    L4 payload bytes per flow, both directions"
        )?;
        writeln!(
            out,
            "  min {}  p50 {}  p90 {}  p99 {}  p99.9 {}  max {}  mean {:.1}",
            f.min, f.p50, f.p90, f.p99, f.p999, f.max, f.mean
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_paths_replace_the_pcap_extension() {
        let (c, s) = side_paths(Path::new("out/x.pcap"));
        assert_eq!(c, PathBuf::from("out/x.client.pcap"));
        assert_eq!(s, PathBuf::from("out/x.server.pcap"));
        let (c, _) = side_paths(Path::new("trace"));
        assert_eq!(c, PathBuf::from("trace.client.pcap"));
    }
}
