//! `tandem eval gallium`: Gallium's evaluation live (issue #32; the experiment
//! is `eval::gallium`, this file parses options and prints).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use eval::gallium::{self, Config, Nf, System, Workload};

/// Options of `tandem eval gallium`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Needs root (network namespaces), iperf3, ip, ethtool and nft; FastClick's \
`click` for the fastclick rows. Builds three namespaces (tnd-eval-{c,w,s}-PID), \
runs every NF on every system in turn, pinned to core 1 (the hosts' tools on \
core 0), and deletes them. Writes gallium.json, gallium.md, fig7.svg and fig9.svg \
to --output-dir. A system that fails to start is reported as not measured, with \
the reason; the rest goes on.

Examples:
  sudo tandem eval gallium --quick
  sudo tandem eval gallium --nfs mazunat,firewall --systems reference,tandem,kernel")]
pub struct GalliumArgs {
    /// NFs: mazunat, lb, firewall, proxy, trojan.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "mazunat,lb,firewall,proxy,trojan"
    )]
    nfs: Vec<String>,
    /// Systems: reference (all on the server), tandem (switch part in
    /// userspace), tandem-xdp (switch part on XDP), fastclick, kernel, forward
    /// (plain forwarding, the ceiling).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "reference,tandem,tandem-xdp,fastclick,kernel,forward"
    )]
    systems: Vec<String>,
    /// Fig. 7: packet sizes in bytes (the hosts' MTU), from 68 to 1500.
    #[arg(long, value_delimiter = ',')]
    sizes: Option<Vec<u32>>,
    /// Fig. 7: iperf3's parallel streams.
    #[arg(long)]
    streams: Option<u32>,
    /// Fig. 7: seconds per iperf3 run.
    #[arg(long)]
    iperf_secs: Option<u32>,
    /// Fig. 7: iperf3 runs per NF, system and size.
    #[arg(long)]
    rounds: Option<u32>,
    /// Table 2: round trips of the ping-pong.
    #[arg(long)]
    pings: Option<usize>,
    /// Fig. 8/9: workloads (enterprise = DCTCP web search standing in for
    /// CONGA's unpublished CDF; datamining = VL2); `none` skips them.
    #[arg(long, value_delimiter = ',')]
    workloads: Option<Vec<String>>,
    /// Fig. 8/9: flows per workload run.
    #[arg(long)]
    flows: Option<usize>,
    /// Fig. 8/9: client threads, each one connection at a time.
    #[arg(long)]
    threads: Option<usize>,
    /// Fig. 8/9: flow sizes above this many bytes are cut to it (0: not cut).
    #[arg(long)]
    max_flow_bytes: Option<u64>,
    /// Fig. 8/9: no flow starts after this many seconds of a run.
    #[arg(long)]
    workload_secs: Option<u64>,
    /// Seed of the flow sizes.
    #[arg(long)]
    seed: Option<u64>,
    /// Tandem's loops spin on their ports instead of sleeping (`tandem live
    /// --busy-poll`), as the paper's DPDK servers do: no wake-up latency, the
    /// NF's core at 100 % whatever the load (so its CPU figures then say
    /// nothing).
    #[arg(long)]
    busy_poll: bool,
    /// A short run (two packet sizes, one second per iperf3 run, 200 flows
    /// over 10 threads); the options above override it.
    #[arg(long)]
    quick: bool,
    /// Where the example NF programs are.
    #[arg(long, default_value = "examples/nf")]
    examples: PathBuf,
    /// FastClick's MazuNAT configuration (the load balancer's, firewall's and
    /// proxy's are Tandem's own, written into the run's directory).
    #[arg(long, default_value = "../shared/tools/click/conf/mazunat.click")]
    click_conf: PathBuf,
    /// FastClick's binary.
    #[arg(long, default_value = "click")]
    click: PathBuf,
    /// The `tandem` binary the NFs run on (default: this one).
    #[arg(long)]
    tandem: Option<PathBuf>,
    /// The core the NF runs on; the hosts' tools run on --load-core.
    #[arg(long, default_value_t = 1)]
    nf_core: usize,
    /// The core of the hosts' tools.
    #[arg(long, default_value_t = 0)]
    load_core: usize,
    /// Where the results go.
    #[arg(long, short = 'o', default_value = "gallium")]
    output_dir: PathBuf,
    /// Print only the file names, not the tables.
    #[arg(long, short = 'q')]
    quiet: bool,
}

fn config(a: &GalliumArgs) -> anyhow::Result<Config> {
    let mut c = if a.quick {
        Config::quick()
    } else {
        Config::full()
    };
    c.nfs = a
        .nfs
        .iter()
        .map(|s| Nf::parse(s))
        .collect::<Result<_, _>>()?;
    c.systems = a
        .systems
        .iter()
        .map(|s| System::parse(s))
        .collect::<Result<_, _>>()?;
    if let Some(s) = &a.sizes {
        if let Some(bad) = s.iter().find(|s| !(68..=1500).contains(*s)) {
            anyhow::bail!("--sizes: {bad} is not from 68 to 1500 bytes");
        }
        c.sizes.clone_from(s);
    }
    if let Some(w) = &a.workloads {
        c.workloads = if w.iter().any(|w| w == "none") {
            Vec::new()
        } else {
            w.iter()
                .map(|s| Workload::parse(s))
                .collect::<Result<_, _>>()?
        };
    }
    let positive = |what: &str, v: usize| {
        anyhow::ensure!(v > 0, "{what} must be at least 1");
        Ok(())
    };
    if let Some(v) = a.streams {
        positive("--streams", v as usize)?;
        c.streams = v;
    }
    if let Some(v) = a.iperf_secs {
        positive("--iperf-secs", v as usize)?;
        c.iperf_secs = v;
    }
    if let Some(v) = a.rounds {
        positive("--rounds", v as usize)?;
        c.rounds = v;
    }
    if let Some(v) = a.pings {
        positive("--pings", v)?;
        c.pings = v;
    }
    if let Some(v) = a.flows {
        positive("--flows", v)?;
        c.flows = v;
    }
    if let Some(v) = a.threads {
        positive("--threads", v)?;
        c.threads = v;
    }
    if let Some(v) = a.max_flow_bytes {
        c.max_flow_bytes = (v > 0).then_some(v);
    }
    if let Some(v) = a.workload_secs {
        positive("--workload-secs", v as usize)?;
        c.workload_secs = v;
    }
    if let Some(v) = a.seed {
        c.seed = v;
    }
    c.busy_poll = a.busy_poll;
    Ok(c)
}

pub(crate) fn run(a: GalliumArgs) -> anyhow::Result<ExitCode> {
    let config = config(&a)?;
    let Some(root) = testnet::root() else {
        anyhow::bail!("tandem eval gallium needs root: it builds network namespaces");
    };
    let tandem = match &a.tandem {
        Some(t) => t.clone(),
        None => std::env::current_exe().context("the path of this tandem binary")?,
    };
    let abs = |p: &PathBuf| std::path::absolute(p).unwrap_or_else(|_| p.clone());
    let tools = gallium::Tools {
        tandem: abs(&tandem),
        examples: abs(&a.examples),
        click: a.click.clone(),
        click_conf: abs(&a.click_conf),
        nf_core: a.nf_core,
        load_core: a.load_core,
    };
    // Ctrl-C or SIGTERM mid-run: what the NFs' processes and the namespaces
    // hold goes with them (drop does not run when a signal ends the process).
    ctrlc::set_handler(|| {
        remove_namespaces();
        std::process::exit(130);
    })
    .context("cannot install the Ctrl-C handler")?;
    std::fs::create_dir_all(&a.output_dir)
        .with_context(|| format!("cannot create {}", a.output_dir.display()))?;
    let scratch = abs(&a.output_dir).join("runs");
    let bar =
        indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    if let Ok(s) = indicatif::ProgressStyle::with_template("{elapsed_precise} {spinner} {msg}") {
        bar.set_style(s);
    }
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    let results = gallium::run(root, &config, &tools, &scratch, &mut |m| {
        bar.set_message(m.to_string());
        if bar.is_hidden() {
            // Not a terminal (a log, CI): one line per step.
            #[allow(clippy::print_stderr)]
            {
                eprintln!("{m}");
            }
        } else {
            bar.println(m);
        }
    })?;
    bar.finish_and_clear();

    let json = serde_json::json!({ "config": config, "results": results });
    let out = &a.output_dir;
    crate::run_cmd::write_json(&out.join("gallium.json"), &json)?;
    let mut md = gallium::report::markdown(&results);
    if config.busy_poll {
        md.insert_str(
            0,
            "Tandem's loops busy-polled (--busy-poll): their NF CPU is a whole core whatever the load.\n\n",
        );
    }
    std::fs::write(out.join("gallium.md"), &md)
        .with_context(|| format!("cannot write {}", out.join("gallium.md").display()))?;
    gallium::report::plot_throughput(&results, &out.join("fig7.svg"))?;
    gallium::report::plot_fct(&results, &out.join("fig9.svg"))?;
    if !a.quiet {
        println!("{md}");
    }
    for f in ["gallium.json", "gallium.md", "fig7.svg", "fig9.svg"] {
        println!("wrote {}", out.join(f).display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Kills what runs in this process's namespaces (`tnd-eval-*-PID`) and
/// deletes them.
fn remove_namespaces() {
    let suffix = format!("-{}", std::process::id());
    let Ok(dir) = std::fs::read_dir("/run/netns") else {
        return;
    };
    for e in dir.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        if !(name.starts_with("tnd-eval-") && name.ends_with(&suffix)) {
            continue;
        }
        let ip = |args: &[&str]| std::process::Command::new("ip").args(args).output();
        if let Ok(out) = ip(&["netns", "pids", &name]) {
            for pid in String::from_utf8_lossy(&out.stdout).split_whitespace() {
                let _ = std::process::Command::new("kill")
                    .args(["-KILL", pid])
                    .status();
            }
        }
        let _ = ip(&["netns", "del", &name]);
    }
}
