//! The traffic options `tandem run` and `tandem check` share: capture files,
//! or a generated workload replayed in a closed loop.

use runner::{InputSpec, WorkloadRequest};

/// Where packets come from.
#[derive(Debug, clap::Args)]
pub struct TrafficArgs {
    /// A capture file whose packets enter port PORT (default 0); repeatable.
    /// Inputs are merged by timestamp (ties: in the order given).
    #[arg(long = "input", short = 'i', value_name = "[PORT=]FILE.pcap")]
    pub inputs: Vec<InputSpec>,
    /// Generated workload replayed in a closed loop: websearch, datamining,
    /// hadoop, cache, datacenter-sizes, fixed:<bytes>, trojan, syn-flood.
    #[arg(long, short = 'w', conflicts_with = "inputs")]
    pub workload: Option<String>,
    /// Number of connections of the workload [default: 200].
    #[arg(long, short = 'n', conflicts_with = "inputs")]
    pub flows: Option<u32>,
    /// Seed of the workload generator (same seed, same bytes).
    #[arg(long, short = 's', default_value_t = 1, conflicts_with = "inputs")]
    pub seed: u64,
    /// Cap on each generated flow's size in bytes [default: the distribution's
    /// tail, or 200000 for an automatically chosen workload].
    #[arg(long, conflicts_with = "inputs")]
    pub max_flow_bytes: Option<u64>,
}

impl TrafficArgs {
    /// The generated workload asked for (used when there are no inputs).
    pub fn request(&self) -> WorkloadRequest {
        WorkloadRequest {
            name: self.workload.clone(),
            flows: self.flows,
            seed: self.seed,
            max_flow_bytes: self.max_flow_bytes,
        }
    }

    /// The generated workload, suited to the program.
    pub fn trace(&self, compiled: &lang::Compiled) -> anyhow::Result<trace::workload::Trace> {
        let opts =
            runner::workload::options_for(&compiled.program, &compiled.params, &self.request())?;
        Ok(trace::workload::generate(&opts)?)
    }
}
