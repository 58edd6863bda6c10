//! Which generated workload a program gets, and where its servers are.
//!
//! # Defaults (when `--workload` is not given)
//! * a program that declares an event named `trojan`, or a parameter `proxy_ip`,
//!   gets the `trojan` workload: hosts running SSH, HTTP, HTTPS, FTP and IRC
//!   sessions, the traffic a Trojan detector or a web-proxy redirector is about;
//! * every other program gets `websearch` with [`DEFAULT_FLOWS`] flows whose sizes
//!   are capped at [`DEFAULT_MAX_FLOW_BYTES`], so a first run takes a moment.
//!
//! # Servers
//! A program with an `ipv4` parameter `vip` (a load balancer's virtual IP) has its
//! clients talk to that address; otherwise the generator's servers
//! (198.19.0.1 upwards) are used. Clients are at 198.18.0.1 upwards.

use std::net::Ipv4Addr;

use trace::GenError;
use trace::workload::{GenOptions, Servers, Workload};

/// Connections generated when `--flows` is not given.
pub const DEFAULT_FLOWS: u32 = 200;
/// Flow-size cap of the automatically chosen workload, in bytes.
pub const DEFAULT_MAX_FLOW_BYTES: u64 = 200_000;

/// What the user asked for (`--workload`, `--flows`, `--seed`, `--max-flow-bytes`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WorkloadRequest {
    /// Workload name; `None` picks one suited to the program.
    pub name: Option<String>,
    /// Number of connections; `None` is [`DEFAULT_FLOWS`].
    pub flows: Option<u32>,
    /// Generator seed.
    pub seed: u64,
    /// Flow-size cap; `None` keeps the distribution's tail (or, for an
    /// automatically chosen workload, [`DEFAULT_MAX_FLOW_BYTES`]).
    pub max_flow_bytes: Option<u64>,
}

/// Generator options for running `program` (whose parameters have the values
/// `params`) under `req`. Errors on an unknown workload name or a bad option.
pub fn options_for(
    program: &ir::Program,
    params: &[lang::ParamInfo],
    req: &WorkloadRequest,
) -> Result<GenOptions, GenError> {
    let (workload, cap) = match &req.name {
        Some(n) => (n.parse::<Workload>()?, req.max_flow_bytes),
        None => (
            default_workload(program, params),
            req.max_flow_bytes.or(Some(DEFAULT_MAX_FLOW_BYTES)),
        ),
    };
    let servers = match param(params, "vip").and_then(|v| v.parse::<Ipv4Addr>().ok()) {
        Some(vip) => Servers::Addrs(vec![vip]),
        None => GenOptions::default().servers,
    };
    let opts = GenOptions {
        workload,
        flows: req.flows.unwrap_or(DEFAULT_FLOWS),
        seed: req.seed,
        servers,
        max_flow_bytes: cap,
        ..GenOptions::default()
    };
    opts.validate()?;
    Ok(opts)
}

/// The workload suited to `program` (see the module docs).
pub fn default_workload(program: &ir::Program, params: &[lang::ParamInfo]) -> Workload {
    let detects_trojans = program.events.iter().any(|e| e.name == "trojan");
    if detects_trojans || param(params, "proxy_ip").is_some() {
        Workload::Trojan
    } else {
        Workload::FlowSizes(trace::cdf::FlowSizes::WebSearch)
    }
}

/// The server addresses of `opts`, for the summary.
pub fn server_names(opts: &GenOptions) -> Vec<String> {
    match &opts.servers {
        Servers::Addrs(a) => a.iter().map(ToString::to_string).collect(),
        Servers::Count(n) => {
            let first = trace::workload::SERVER_BASE;
            let last = Ipv4Addr::from(u32::from(first).wrapping_add(n.saturating_sub(1)));
            vec![format!("{first}-{last}")]
        }
    }
}

fn param<'a>(params: &'a [lang::ParamInfo], name: &str) -> Option<&'a str> {
    params
        .iter()
        .find(|p| p.name == name)
        .map(|p| p.value.as_str())
}
