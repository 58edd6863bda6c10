//! The options of commands that run the partitioned program which choose how
//! the server updates the switch (docs/SWITCH.md, "Control channel: batching
//! and group commit").

use std::time::Duration;

/// The protocol of CoFilter's agent channel (`tandem filter run --channel`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ChannelKind {
    /// Gallium's: every operation its own request, one at a time, 130 µs each.
    Serial,
    /// One batched request per phase of a write-back cycle, pipelined.
    Batched,
}

/// The control channel a partitioned run models (`tandem run`, `tandem
/// check`, `tandem live --channel`): the protocol and which switch's costs
/// (docs/SWITCH.md, "Control channel: batching and group commit").
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ChannelModel {
    /// Gallium's protocol on a Tofino: every operation its own request, one
    /// at a time, 130 µs each (Gallium Table 3).
    Serial,
    /// A Tofino's channel batched (`pipe::Channel::batched()`): one request
    /// per phase of a write-back cycle, 128 µs a round + 2 µs an entry (Gallium
    /// Table 3's 130 µs for one entry; the split assumed), 1,024 entries a
    /// request, 4 in flight.
    Batched,
    /// BMv2 simple_switch_grpc as measured over P4Runtime
    /// (`pipe::Channel::bmv2()`): 210 µs a Write + 11 µs an entry, 1,024
    /// entries a Write, one in flight.
    Bmv2,
    /// Tandem's own switch daemon (`tandem switch --grpc`) as measured over
    /// P4Runtime on the loopback (`pipe::Channel::tandem_switch()`): 170 µs a
    /// Write + 2.5 µs an entry, 1,024 entries a Write, one in flight, five
    /// Writes a cycle (`tandem server` sends it one Write a cycle instead).
    TandemSwitch,
}

impl ChannelModel {
    /// The channel with the figures of what it stands for.
    pub fn channel(self) -> pipe::Channel {
        match self {
            ChannelModel::Serial => pipe::Channel::Serial,
            ChannelModel::Batched => pipe::Channel::batched(),
            ChannelModel::Bmv2 => pipe::Channel::bmv2(),
            ChannelModel::TandemSwitch => pipe::Channel::tandem_switch(),
        }
    }

    /// Whether updates travel batched (every model but `serial`).
    pub fn is_batched(self) -> bool {
        self != ChannelModel::Serial
    }
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
    /// How atomic updates travel to the switch, and whose costs the model
    /// takes: batched (one request per phase of a write-back cycle, several in
    /// flight; a single entry costs Gallium's 130 µs on a Tofino), serial
    /// (Gallium's protocol: one operation at a time, 130 µs each, about 960
    /// new MazuNAT flows/s), bmv2 or tandem-switch (batched, with the costs
    /// measured on BMv2 simple_switch_grpc or on `tandem switch`).
    #[arg(long, value_enum, default_value_t = ChannelModel::Batched)]
    channel: ChannelModel,
    /// Batched channels: fixed cost of a round of requests, in µs [default:
    /// the --channel's: 128 for batched (with --entry-us, Gallium Table 3's
    /// 130 µs on Tofino for one entry; docs/SWITCH.md, "Which figure each
    /// default comes from"), 210 for bmv2, 170 for tandem-switch].
    #[arg(long, value_name = "US")]
    request_us: Option<u64>,
    /// Batched channels: cost per entry, in µs, fractions allowed [default:
    /// the --channel's: 2 for batched (assumed for a Tofino), 11 for bmv2,
    /// 2.5 for tandem-switch (both measured)].
    #[arg(long, value_name = "US")]
    entry_us: Option<f64>,
    /// Batched channels: entries per request [default: 1,024].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_batch: Option<u32>,
    /// Batched channels: requests in flight at once [default: the
    /// --channel's: 4 for batched, 1 for bmv2 and tandem-switch].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    window: Option<u32>,
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
        let channel = batched_with(
            self.channel.channel(),
            self.request_us,
            self.entry_us,
            self.max_batch,
            self.window,
        )?;
        Ok(runner::ControlOptions {
            channel,
            group_commit: self.group_commit.unwrap_or(self.channel.is_batched()),
            direct_inserts: self.direct_inserts.unwrap_or(self.channel.is_batched()),
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

/// `channel` with the figures given in place of its own (a serial channel
/// has none: it is returned as it is).
pub fn batched_with(
    channel: pipe::Channel,
    request_us: Option<u64>,
    entry_us: Option<f64>,
    max_batch: Option<u32>,
    window: Option<u32>,
) -> anyhow::Result<pipe::Channel> {
    if let Some(us) = entry_us.filter(|us| !(us.is_finite() && *us >= 0.0)) {
        anyhow::bail!("--entry-us must be a non-negative number of µs, not {us}");
    }
    Ok(match channel {
        pipe::Channel::Serial => pipe::Channel::Serial,
        pipe::Channel::Batched {
            request,
            per_entry,
            max_batch: batch,
            window: w,
        } => pipe::Channel::Batched {
            request: request_us.map_or(request, Duration::from_micros),
            per_entry: entry_us.map_or(per_entry, |us| Duration::from_secs_f64(us / 1e6)),
            max_batch: max_batch.unwrap_or(batch),
            window: window.unwrap_or(w),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Cmd {
        #[command(flatten)]
        control: ControlArgs,
    }

    fn options(args: &[&str]) -> runner::ControlOptions {
        let cmd = Cmd::try_parse_from(std::iter::once("tandem").chain(args.iter().copied()))
            .expect("parses");
        cmd.control.options().expect("valid options")
    }

    #[test]
    fn every_channel_reaches_the_runner_with_its_figures() {
        let default = options(&[]);
        assert_eq!(default.channel, pipe::Channel::batched());
        assert!(default.group_commit && default.direct_inserts);
        let serial = options(&["--channel", "serial"]);
        assert_eq!(serial.channel, pipe::Channel::Serial);
        assert!(!serial.group_commit && !serial.direct_inserts);
        for (name, channel) in [
            ("batched", pipe::Channel::batched()),
            ("bmv2", pipe::Channel::bmv2()),
            ("tandem-switch", pipe::Channel::tandem_switch()),
        ] {
            let o = options(&["--channel", name]);
            assert_eq!(o.channel, channel, "--channel {name}");
            assert!(o.group_commit && o.direct_inserts, "--channel {name}");
        }
        assert_ne!(pipe::Channel::bmv2(), pipe::Channel::batched());
        assert_ne!(pipe::Channel::tandem_switch(), pipe::Channel::bmv2());
    }

    #[test]
    fn flags_override_the_presets_figures() {
        let o = options(&["--channel", "bmv2", "--window", "4", "--entry-us", "0.5"]);
        let pipe::Channel::Batched {
            request,
            per_entry,
            max_batch,
            window,
        } = o.channel
        else {
            panic!("bmv2 is batched: {:?}", o.channel);
        };
        let pipe::Channel::Batched {
            request: preset_request,
            max_batch: preset_batch,
            ..
        } = pipe::Channel::bmv2()
        else {
            panic!("bmv2 is batched");
        };
        assert_eq!(
            (request, per_entry, max_batch, window),
            (preset_request, Duration::from_nanos(500), preset_batch, 4)
        );
        // A serial channel has no figures to override.
        let s = options(&["--channel", "serial", "--request-us", "5"]);
        assert_eq!(s.channel, pipe::Channel::Serial);
    }

    #[test]
    fn unknown_channels_and_bad_costs_are_refused() {
        assert!(Cmd::try_parse_from(["tandem", "--channel", "tofino"]).is_err());
        let cmd = Cmd::try_parse_from(["tandem", "--entry-us=-1"]).expect("parses");
        assert!(cmd.control.options().is_err());
    }
}
