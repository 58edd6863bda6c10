//! `tandem live --switch xdp`: the switch part in the kernel's XDP hook, the
//! server part in this process (`runner::xdp_live`, docs/XDP.md).

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Context;
use runner::xdp_live::{XdpLive, XdpStatus};
use xdp::live::Binding;

use crate::live_cmd::{LiveArgs, XdpAttach, enter_netns, stop_on_signal};
use crate::run_cmd::write_json;

/// Runs the live NF with its switch part on XDP.
pub fn run(
    args: &LiveArgs,
    program: &ir::Program,
    exporter: Option<crate::exporter::Exporter>,
) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        args.workers == 1,
        "--switch xdp runs the switch part on every CPU in the kernel: --workers does not apply"
    );
    anyhow::ensure!(
        !args.park.park,
        "--switch xdp does not run PayloadPark in front of the NF (use --switch model)"
    );
    anyhow::ensure!(
        args.mode
            .is_none_or(|m| m == crate::run_cmd::Mode::Partitioned),
        "--switch xdp runs the partitioned program: --mode reference needs --switch model"
    );
    let control = args.control.options()?;
    if let Some(ns) = &args.netns {
        enter_netns(ns)?;
    }
    let bindings: Vec<Binding> = args
        .ports
        .iter()
        .map(|b| Binding {
            port: b.port,
            interface: b.interface.clone(),
        })
        .collect();
    let only = args.xdp_mode.map(|m| match m {
        XdpAttach::Native => bpf::XdpMode::Native,
        XdpAttach::Generic => bpf::XdpMode::Generic,
    });
    let stop = stop_on_signal()?;
    let base = bpf::ktime_ns();
    let mut live = XdpLive::start(
        program,
        control,
        &bindings,
        only,
        args.record.as_deref(),
        base,
    )
    .with_context(|| {
        format!(
            "cannot run the switch part of `{}` on XDP",
            args.program.display()
        )
    })?;
    live.set_idle_wait(crate::live_cmd::idle_wait(args.busy_poll));
    announce_modes(live.modes(), args.quiet);
    let mut clock = deadline_clock(base, args.duration, &stop);
    let quiet = args.quiet;
    let mut last: Option<XdpStatus> = None;
    let mut status = |s: &XdpStatus| {
        if !quiet {
            print_status(last.as_ref(), s);
        }
        if let Some(x) = &exporter {
            x.publish(xdp_snapshot(s));
        }
        last = Some(s.clone());
    };
    let outcome = live.run(&mut clock, &stop, args.max_packets, &mut status);
    if !quiet {
        #[allow(clippy::print_stderr)]
        {
            eprintln!();
        }
    }
    let s = &outcome.summary;
    let mut out = std::io::stdout().lock();
    write!(out, "{s}")?;
    write_port_counts(&mut out, &outcome.ports)?;
    let x = &outcome.xdp;
    writeln!(
        out,
        "xdp      {} packets; {} recirculations, {} unbound port, {} deparse errors, {} index errors, {} epoch retries",
        x.packets,
        x.recirculations,
        x.unbound_port,
        x.deparse_errors,
        x.index_errors,
        x.epoch_retries
    )?;
    let v = &outcome.server;
    writeln!(
        out,
        "server   {} punts, {} run whole, {} back to the switch, {} dropped, {} bad; {} punt sockets, {} frames lost to full receive rings",
        v.punts, v.slow_path, v.to_switch, v.dropped, v.bad_frames, v.punt_sockets, v.ring_drops
    )?;
    write_io_line(&mut out, &outcome.modes)?;
    if let Some(dir) = &args.record {
        writeln!(
            out,
            "recorded {}/{{in,out}}/portN.pcap ({} records, {} lost to a full ring)",
            dir.display(),
            v.recorded,
            x.record_lost
        )?;
    }
    if let Some(path) = &args.summary {
        let mut j = serde_json::to_value(s)?;
        if let Some(obj) = j.as_object_mut() {
            let ports: serde_json::Map<String, serde_json::Value> = outcome
                .ports
                .iter()
                .map(|(p, c)| {
                    (
                        p.to_string(),
                        serde_json::json!({"rx_frames": c.rx, "tx_frames": c.tx, "dropped": c.dropped}),
                    )
                })
                .collect();
            obj.insert(
                "live".into(),
                serde_json::json!({
                    "switch": "xdp",
                    "ports": ports,
                    "xdp": outcome.xdp,
                    "server": outcome.server,
                    "io": mode_names(&outcome.modes),
                }),
            );
        }
        write_json(path, &j)?;
        writeln!(out, "summary  {}", path.display())?;
    }
    out.flush()?;
    if let Some(e) = outcome.error {
        anyhow::bail!("the live run stopped early: {e} (everything before it is in the summary)");
    }
    Ok(ExitCode::SUCCESS)
}

/// How each port's program attached, a line each on stderr (unless quiet).
pub(crate) fn announce_modes(modes: &[(u16, String, &'static str)], quiet: bool) {
    if quiet {
        return;
    }
    #[allow(clippy::print_stderr)]
    for (port, interface, mode) in modes {
        eprintln!("xdp      port {port} on {interface}: {mode} XDP");
    }
}

/// The run's clock: nanoseconds of the kernel's monotonic clock since `base`;
/// sets `stop` once `duration` seconds have passed.
pub(crate) fn deadline_clock(
    base: u64,
    duration: Option<f64>,
    stop: &AtomicBool,
) -> impl FnMut() -> u64 + '_ {
    let deadline = duration.map(Duration::from_secs_f64);
    move || {
        let now = bpf::ktime_ns().saturating_sub(base);
        if deadline.is_some_and(|d| Duration::from_nanos(now) >= d) {
            stop.store(true, Ordering::Relaxed);
        }
        now
    }
}

/// The summary's lines of the programs' per-port counters.
pub(crate) fn write_port_counts(
    out: &mut impl Write,
    ports: &std::collections::BTreeMap<u16, xdp::live::PortCounts>,
) -> std::io::Result<()> {
    for (port, c) in ports {
        writeln!(
            out,
            "port {port}   rx {} frames, tx {} frames, {} dropped (XDP counters)",
            c.rx, c.tx, c.dropped
        )?;
    }
    Ok(())
}

/// How each port's program runs, as the summary says it.
fn mode_names(modes: &[(u16, String, &'static str)]) -> Vec<String> {
    modes
        .iter()
        .map(|(p, i, m)| format!("port {p} ({i}): {m} XDP"))
        .collect()
}

/// The summary's line of how each port's program runs.
pub(crate) fn write_io_line(
    out: &mut impl Write,
    modes: &[(u16, String, &'static str)],
) -> std::io::Result<()> {
    writeln!(out, "io       {}", mode_names(modes).join(", "))
}

fn print_status(prev: Option<&XdpStatus>, s: &XdpStatus) {
    let secs = prev.map_or(s.now_ns, |p| s.now_ns - p.now_ns.min(s.now_ns)) as f64 / 1e9;
    let mut line = format!("{:>6.1}s", s.now_ns as f64 / 1e9);
    for (port, c) in &s.ports {
        let before = prev
            .and_then(|p| p.ports.get(port))
            .copied()
            .unwrap_or_default();
        let rate = |now: u64, then: u64| (now - then.min(now)) as f64 / secs.max(1e-9);
        line.push_str(&format!(
            " | port {port} rx {:.0}/s tx {:.0}/s",
            rate(c.rx, before.rx),
            rate(c.tx, before.tx)
        ));
    }
    line.push_str(&format!(" | punts {}", s.server.punts));
    #[allow(clippy::print_stderr)]
    {
        eprint!("\r{line}\x1b[K");
    }
}

/// A live XDP run's status as metrics: what the programs counted per port
/// and the server side's counters.
fn xdp_snapshot(s: &XdpStatus) -> metrics::Snapshot {
    let mut out = metrics::Snapshot::new();
    xdp_ports(&mut out, &s.ports);
    let v = &s.server;
    crate::exporter::server_packets(&mut out, v.punts + v.slow_path);
    out.counter(
        "tandem_port_drops",
        "Frames a port lost: ring (kernel receive ring full), truncated (received cut short), too_big (above the MTU), tx_error (refused by the kernel).",
        &[("port", "server"), ("reason", "ring")],
        v.ring_drops,
    );
    out
}

/// What the XDP programs counted per port.
pub(crate) fn xdp_ports(
    out: &mut metrics::Snapshot,
    ports: &std::collections::BTreeMap<u16, xdp::live::PortCounts>,
) {
    for (p, c) in ports {
        let p = p.to_string();
        let l = [("port", p.as_str())];
        out.counter(
            "tandem_port_rx_frames",
            "Frames received on a port.",
            &l,
            c.rx,
        );
        out.counter(
            "tandem_port_tx_frames",
            "Frames sent out of a port.",
            &l,
            c.tx,
        );
        out.counter(
            "tandem_xdp_dropped",
            "Frames that arrived on a port and that its XDP program dropped.",
            &l,
            c.dropped,
        );
    }
}
