//! `tandem`: run network functions on a programmable switch and commodity servers together.

mod box_cmd;
mod box_eval;
mod certs_cmd;
mod check_cmd;
mod compile_cmd;
mod control;
mod eval_cmd;
mod eval_gallium_cmd;
mod exporter;
mod filter_cmd;
mod live_cmd;
mod live_xdp;
mod loadgen_cmd;
mod params;
mod park_cmd;
mod plan_cmd;
mod run_cmd;
mod server_cmd;
mod switch_cmd;
mod tls;
mod trace_cmd;
mod traffic;

use clap::{Parser, Subcommand};

/// The process allocator: see the `mimalloc` line of Cargo.toml.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Run network functions (NAT, load balancer, firewall, proxy, intrusion detection)
/// on a programmable switch and commodity servers together.
#[derive(Debug, Parser)]
#[command(name = "tandem", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run an NF program over traffic and write what leaves each port.
    Run(run_cmd::RunArgs),
    /// Compile an NF program into switch and server parts (Gallium).
    Compile(compile_cmd::CompileArgs),
    /// Run an NF program on Linux interfaces, live, until Ctrl-C (needs root).
    Live(live_cmd::LiveArgs),
    /// Offer UDP load on one interface and measure what comes back on another
    /// (the live benchmark's generator; needs root).
    Loadgen(loadgen_cmd::LoadgenArgs),
    /// Serve the switch model over P4Runtime (gRPC); with -p/--cpu-port also
    /// run its data path on interfaces (needs root).
    Switch(switch_cmd::SwitchArgs),
    /// Run the server part of an NF as its own process, driving a `tandem
    /// switch` over P4Runtime (needs root).
    Server(server_cmd::ServerArgs),
    /// Make a CA and the certificates for P4Runtime over TLS (the switch's
    /// and its clients').
    Certs(certs_cmd::CertsArgs),
    /// Run a program in both modes on the same traffic and report differences (Gallium).
    ///
    /// Both runs go side by side over the traffic, the partitioned one first on
    /// each packet, and what they send is compared as it is sent: per port and
    /// per flow, each flow's packets in the same order, flows in any order
    /// (output commit holds a flow's packets while others go on). Only packets
    /// not matched yet are kept, at most --compare-window of them, so memory
    /// does not grow with the input. A generated workload runs in the closed
    /// loop in both modes; capture files are read once and replay at their
    /// recorded times.
    ///
    /// Exit status 0 when the runs agree, 3 when they diverge, 4 when the
    /// window filled before a divergence was found (the check stops there and
    /// names the packet that waited longest and the input packet it came
    /// from; a larger --compare-window may get further), 1 on errors.
    Check(check_cmd::CheckArgs),
    /// Generate workload traces and inspect pcap files.
    #[command(subcommand)]
    Trace(trace_cmd::TraceCommand),
    /// Assign NF work across a network by linear programming (CoMb).
    Plan(plan_cmd::PlanArgs),
    /// Run one CoMb box configuration written by `tandem plan -o` (CoMb's consolidated box).
    Box(box_cmd::BoxArgs),
    /// Stateful packet filter with data packets decided in the switch (CoFilter).
    #[command(subcommand)]
    Filter(filter_cmd::FilterCommand),
    /// Park payloads in the switch for header-only NFs (PayloadPark).
    #[command(subcommand)]
    Park(park_cmd::ParkCommand),
    /// Experiments: sweeps that produce the tables and plots of the docs.
    #[command(subcommand)]
    Eval(eval_cmd::EvalCommand),
}

fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("TANDEM_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run(args) => run_cmd::run(args),
        Command::Compile(args) => compile_cmd::run(args),
        Command::Check(args) => check_cmd::run(args),
        Command::Live(args) => live_cmd::run(args),
        Command::Loadgen(args) => loadgen_cmd::run(args),
        Command::Switch(args) => switch_cmd::run(args),
        Command::Server(args) => server_cmd::run(args),
        Command::Certs(args) => certs_cmd::run(args),
        Command::Trace(cmd) => trace_cmd::run(cmd),
        Command::Plan(args) => plan_cmd::run(args),
        Command::Box(args) => box_cmd::run(args),
        Command::Filter(cmd) => filter_cmd::run(cmd),
        Command::Park(cmd) => park_cmd::run(cmd),
        Command::Eval(cmd) => eval_cmd::run(cmd),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            #[allow(clippy::print_stderr)]
            {
                eprintln!("error: {err:#}");
            }
            std::process::ExitCode::FAILURE
        }
    }
}
