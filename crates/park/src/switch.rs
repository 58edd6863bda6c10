//! [`ParkSwitch`]: the Split/Merge program loaded into the switch model, its
//! table entries installed from the configuration, and its counters.

use std::time::Duration;

use pipe::{Output, Program, Switch, TableEntry};
use serde::{Deserialize, Serialize};

use crate::config::{ConfigError, ParkConfig};
use crate::program::{self, COUNTERS};

/// Why a [`ParkSwitch`] could not be built or used.
#[derive(Debug, thiserror::Error)]
pub enum ParkError {
    /// The configuration is invalid.
    #[error("PayloadPark configuration: {0}")]
    Config(#[from] ConfigError),
    /// The switch model refused the generated program (a bug in this crate).
    #[error("the switch refused the PayloadPark program: {0}")]
    Program(#[from] pipe::ProgramError),
    /// A control-plane operation failed.
    #[error("installing PayloadPark table entries: {0}")]
    Control(#[from] pipe::ControlError),
    /// A packet was offered on a port number that is not 9 bits.
    #[error(transparent)]
    Exec(#[from] pipe::ExecError),
}

/// PayloadPark event counters (paper §5 "eight counters", plus tag failures).
///
/// # Counters
/// * `splits`: payloads parked;
/// * `merges`: payloads re-attached;
/// * `bypass_short`: header inserted disabled because the payload is shorter
///   than `park_bytes`;
/// * `bypass_occupied`: disabled because the probed slot was occupied;
/// * `evictions`: expired payloads overwritten by a split;
/// * `premature`: packets back from the NF whose payload had been evicted
///   (dropped);
/// * `explicit_drops`: drop notices that freed a slot;
/// * `unparked_returns`: packets back with the enable bit clear;
/// * `bad_tags`: enabled headers whose check value or slot was wrong (dropped).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counters {
    /// Payloads parked.
    pub splits: u64,
    /// Payloads re-attached.
    pub merges: u64,
    /// Not parked: payload too short.
    pub bypass_short: u64,
    /// Not parked: slot occupied.
    pub bypass_occupied: u64,
    /// Expired payloads evicted.
    pub evictions: u64,
    /// Packets dropped because their payload had been evicted.
    pub premature: u64,
    /// Slots freed by drop notices.
    pub explicit_drops: u64,
    /// Packets returned with the enable bit clear.
    pub unparked_returns: u64,
    /// Headers with a bad check value or slot.
    pub bad_tags: u64,
}

impl Counters {
    fn from_array(v: [u64; 9]) -> Counters {
        Counters {
            splits: v[0],
            merges: v[1],
            bypass_short: v[2],
            bypass_occupied: v[3],
            evictions: v[4],
            premature: v[5],
            explicit_drops: v[6],
            unparked_returns: v[7],
            bad_tags: v[8],
        }
    }

    /// Payloads parked and not (yet) merged, dropped or evicted.
    pub fn outstanding(&self) -> i64 {
        let out = self.merges + self.explicit_drops + self.evictions;
        i64::try_from(self.splits).unwrap_or(i64::MAX) - i64::try_from(out).unwrap_or(i64::MAX)
    }
}

/// The Split/Merge program running in the switch model.
///
/// # Example
/// ```
/// use park::{ParkConfig, ParkSwitch};
/// let mut sw = ParkSwitch::new(ParkConfig::single(1, 2, 3, 1024))?;
/// assert_eq!(sw.counters().splits, 0);
/// # Ok::<(), park::ParkError>(())
/// ```
#[derive(Debug, Clone)]
pub struct ParkSwitch {
    sw: Switch,
    cfg: ParkConfig,
}

impl ParkSwitch {
    /// Validates `cfg`, builds and loads the program and installs the slice tables.
    pub fn new(cfg: ParkConfig) -> Result<ParkSwitch, ParkError> {
        cfg.validate()?;
        let mut sw = Switch::new(program::build(&cfg))?;
        for ((i, s), base) in cfg.slices.iter().enumerate().zip(cfg.bases()) {
            let last = u64::from(s.slots - 1);
            let (sid, base) = (i as u64, u64::from(base));
            for &tp in &s.traffic_ports {
                let args = [sid, base, last, u64::from(s.nf_port)];
                sw.insert(
                    "park_slice",
                    TableEntry::exact(&[u64::from(tp)], "to_nf", &args),
                )?;
            }
            let args = [sid, base, last, u64::from(s.out_port)];
            let key = [u64::from(s.nf_port)];
            sw.insert("park_return", TableEntry::exact(&key, "from_nf", &args))?;
        }
        Ok(ParkSwitch { sw, cfg })
    }

    /// The configuration.
    pub fn config(&self) -> &ParkConfig {
        &self.cfg
    }

    /// The loaded program (for resource checks and P4 emission).
    pub fn program(&self) -> &Program {
        self.sw.program()
    }

    /// The underlying switch model.
    pub fn switch(&self) -> &Switch {
        &self.sw
    }

    /// The underlying switch model, mutable: control-plane access to the registers
    /// (agents, tests that fast-forward the ring).
    pub fn switch_mut(&mut self) -> &mut Switch {
        &mut self.sw
    }

    /// Runs one packet arriving on `port` at `now`.
    pub fn process(&mut self, now: Duration, port: u16, bytes: &[u8]) -> Result<Output, ParkError> {
        Ok(self.sw.process(now, port, bytes)?)
    }

    /// Counters of slice `slice` (`None` if there is no such slice).
    pub fn slice_counters(&self, slice: usize) -> Option<Counters> {
        let idx = u32::try_from(slice).ok()?;
        let mut v = [0u64; 9];
        for (k, name) in COUNTERS.iter().enumerate() {
            v[k] = self.sw.read_counter(name, idx).ok()?.0;
        }
        Some(Counters::from_array(v))
    }

    /// Counters summed over all slices.
    pub fn counters(&self) -> Counters {
        let mut v = [0u64; 9];
        for i in 0..self.cfg.slices.len() {
            if let Some(c) = self.slice_counters(i) {
                let a = [
                    c.splits,
                    c.merges,
                    c.bypass_short,
                    c.bypass_occupied,
                    c.evictions,
                    c.premature,
                    c.explicit_drops,
                    c.unparked_returns,
                    c.bad_tags,
                ];
                for (t, x) in v.iter_mut().zip(a) {
                    *t += x;
                }
            }
        }
        Counters::from_array(v)
    }
}
