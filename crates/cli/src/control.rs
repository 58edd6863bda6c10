//! The options of commands that run the partitioned program which choose how
//! the server updates the switch (docs/SWITCH.md, "Control channel: batching
//! and group commit").

use std::time::Duration;

/// The control channel's protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ChannelKind {
    /// Gallium's: every operation its own request, one at a time, 130 µs each.
    Serial,
    /// One batched request per phase of a write-back cycle, pipelined.
    Batched,
}

/// The switch's miss-punt meter (docs/GALLIUM.md, "The miss-punt meter").
#[derive(Debug, clap::Args)]
pub struct MeterArgs {
    /// Rate limit, in packets per second, of the misses the switch sends to
    /// the server only so that the server decides them (miss punts:
    /// MazuNAT's inbound packets without a mapping on the switch); what
    /// exceeds it is dropped on the switch and counted. 0: no limit.
    #[arg(long, value_name = "PPS", default_value_t = compiler::MissPuntMeter::default().rate_pps)]
    miss_punt_rate: u64,
    /// The miss-punt meter's burst, in packets (at least 1).
    #[arg(long, value_name = "N", default_value_t = compiler::MissPuntMeter::default().burst, value_parser = clap::value_parser!(u64).range(1..))]
    miss_punt_burst: u64,
}

impl MeterArgs {
    /// The meter (`None`: no limit).
    pub fn meter(&self) -> Option<compiler::MissPuntMeter> {
        (self.miss_punt_rate > 0).then_some(compiler::MissPuntMeter {
            rate_pps: self.miss_punt_rate,
            burst: self.miss_punt_burst,
        })
    }
}

/// Control-channel options.
#[derive(Debug, clap::Args)]
pub struct ControlArgs {
    #[command(flatten)]
    meter: MeterArgs,
    /// How atomic updates travel to the switch: batched (one request per
    /// phase of a write-back cycle, several in flight; a single entry costs
    /// Gallium's 130 µs) or serial (Gallium's protocol: one operation at a
    /// time, 130 µs each, about 960 new MazuNAT flows/s).
    #[arg(long, value_enum, default_value_t = ChannelKind::Batched)]
    channel: ChannelKind,
    /// Batched channel: fixed cost of a round of requests, in µs (128: with
    /// --entry-us, Gallium Table 3's 130 µs on Tofino for one entry;
    /// docs/SWITCH.md, "Which figure each default comes from").
    #[arg(long, value_name = "US", default_value_t = 128)]
    request_us: u64,
    /// Batched channel: cost per entry, in µs (fractions allowed; 2 is an
    /// assumption, no switch measured).
    #[arg(long, value_name = "US", default_value_t = 2.0)]
    entry_us: f64,
    /// Batched channel: entries per request.
    #[arg(long, value_name = "N", default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..))]
    max_batch: u32,
    /// Batched channel: requests in flight at once.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..))]
    window: u32,
    /// Group commit: gather the updates that become ready while a write-back
    /// cycle is in flight into the next cycle [default: on with the batched
    /// channel, off with the serial one].
    #[arg(long, value_name = "ON|OFF", value_parser = clap::builder::BoolishValueParser::new())]
    group_commit: Option<bool>,
    /// Direct inserts: write new keys of maps whose misses reach the server
    /// straight into the switch's main tables (one channel entry per key
    /// instead of three, no flips for an update of new keys only) instead of
    /// through the write-back tables [default: on with the batched channel,
    /// off with the serial one].
    #[arg(long, value_name = "ON|OFF", value_parser = clap::builder::BoolishValueParser::new())]
    direct_inserts: Option<bool>,
    /// Most map writes submitted or gathered but not yet visible; beyond it
    /// new flows are served by the server instead of installed on the switch.
    #[arg(long, value_name = "N", default_value_t = server::Limits::default().max_unsettled_writes)]
    max_unsettled_writes: usize,
    /// Most packets held at once; beyond it a packet that would be held is
    /// dropped (counted).
    #[arg(long, value_name = "N", default_value_t = server::Limits::default().max_held)]
    max_held: usize,
    /// Give a new flow's key a switch entry only once this many of its packets
    /// have been seen (2: single-packet flows such as spoofed SYNs never take
    /// switch memory or control bandwidth).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    offload_after: u32,
    /// Give a new TCP flow's key a switch entry only once a packet past the
    /// handshake (ACK without SYN or RST) has used it, so spoofed SYNs never
    /// take switch memory or control bandwidth; other flows wait for
    /// max(--offload-after, 2) packets.
    #[arg(long)]
    offload_after_handshake: bool,
    /// Most map writes queued for the switch; beyond it a new flow whose keys
    /// the switch must hold is refused (its first packet dropped, counted).
    #[arg(long, value_name = "N", default_value_t = server::Limits::default().max_queued_writes)]
    max_queued_writes: usize,
}

impl ControlArgs {
    /// The runner's options.
    pub fn options(&self) -> anyhow::Result<runner::ControlOptions> {
        if !(self.entry_us.is_finite() && self.entry_us >= 0.0) {
            anyhow::bail!(
                "--entry-us must be a non-negative number of µs, not {}",
                self.entry_us
            );
        }
        let channel = match self.channel {
            ChannelKind::Serial => pipe::Channel::Serial,
            ChannelKind::Batched => pipe::Channel::Batched {
                request: Duration::from_micros(self.request_us),
                per_entry: Duration::from_secs_f64(self.entry_us / 1e6),
                max_batch: self.max_batch,
                window: self.window,
            },
        };
        Ok(runner::ControlOptions {
            channel,
            group_commit: self
                .group_commit
                .unwrap_or(self.channel == ChannelKind::Batched),
            direct_inserts: self
                .direct_inserts
                .unwrap_or(self.channel == ChannelKind::Batched),
            miss_punt_meter: self.meter.meter(),
            limits: server::Limits {
                max_unsettled_writes: self.max_unsettled_writes,
                max_held: self.max_held,
                offload_after: self.offload_after,
                handshake: self.offload_after_handshake,
                max_queued_writes: self.max_queued_writes,
            },
        })
    }
}
