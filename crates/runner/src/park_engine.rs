//! [`ParkEngine`]: PayloadPark (docs/PAYLOADPARK.md) in front of any engine.
//!
//! Every packet entering a traffic port goes through the switch's Split on its
//! way to the NF server, the inner engine runs on what the server receives (the
//! header-only packet with the PayloadPark header after its L4 header), and what
//! the NF forwards goes back through Merge before it leaves on the port the NF
//! chose. When the NF drops a parked packet, the server runtime sends the
//! explicit drop notice ([`park::notice::drop_notice`]) so the slot is freed at
//! once (paper §6.2.4).
//!
//! ```text
//!  in port 0/1 ─▶ Split ─▶ NF (inner engine) ─forward p─▶ Merge ─▶ out port p
//!                                          └─drop──▶ drop notice ─▶ slot freed
//! ```
//!
//! The switch model sees one slice: traffic ports [`TRAFFIC_PORTS`], the NF
//! server on [`NF_PORT`], merged packets on [`MERGED_PORT`]; the engine maps
//! merged packets back to the NF's own output port, so outputs go where they go
//! without parking. Packets entering other ports bypass the switch.

use std::time::Duration;

use interp::{Event, Verdict};
use ir::Location;
use park::{ParkConfig, ParkError, ParkSwitch, Slice};

use crate::engine::{Engine, EngineError, Released};

/// Ports whose packets are split (the NF's client and server sides).
pub const TRAFFIC_PORTS: [u16; 2] = [0, 1];
/// The switch port the NF server sits on.
pub const NF_PORT: u16 = 500;
/// The switch port merged packets leave on (then mapped to the NF's port).
pub const MERGED_PORT: u16 = 501;

/// Why `--park` cannot run a program.
#[derive(Debug, thiserror::Error)]
pub enum ParkRunError {
    /// The NF reads payload bytes.
    #[error(transparent)]
    Refused(#[from] park::refuse::Refusal),
    /// The PayloadPark configuration is invalid. (Not a `source`: its message
    /// already says what is wrong, and error chains would repeat it.)
    #[error("{0}")]
    Park(ParkError),
}

impl From<ParkError> for ParkRunError {
    fn from(e: ParkError) -> ParkRunError {
        ParkRunError::Park(e)
    }
}

/// Where the program first reads payload bytes (its IR read sets, not its
/// name): `"block bN, instruction I"`, or `None` for header-only NFs.
pub fn payload_read(program: &ir::Program) -> Option<String> {
    program
        .handler
        .blocks
        .iter()
        .enumerate()
        .find_map(|(b, block)| {
            block.insts.iter().enumerate().find_map(|(i, inst)| {
                inst.op
                    .reads()
                    .contains(&Location::Payload)
                    .then(|| format!("IR block b{b}, instruction {i}"))
            })
        })
}

/// The PayloadPark configuration of `tandem run --park`: one slice fed from
/// [`TRAFFIC_PORTS`], NF server on [`NF_PORT`].
pub fn run_config(park_bytes: u16, slots: u32, expiry: u32) -> ParkConfig {
    ParkConfig {
        park_bytes,
        expiry,
        slices: vec![Slice {
            traffic_ports: TRAFFIC_PORTS.to_vec(),
            nf_port: NF_PORT,
            out_port: MERGED_PORT,
            slots,
        }],
        recirculate: false,
    }
}

pub use crate::stats::ParkStats;

/// An engine behind PayloadPark: Split, the inner engine as the NF server, Merge.
pub struct ParkEngine {
    inner: Box<dyn Engine>,
    sw: ParkSwitch,
    name: String,
    not_parsed: u64,
}

impl ParkEngine {
    /// Puts `inner` (running `program`) behind a switch configured by `cfg`
    /// (see [`run_config`]). Refuses programs that read payload bytes and
    /// invalid configurations.
    pub fn new(
        inner: Box<dyn Engine>,
        program: &ir::Program,
        cfg: ParkConfig,
    ) -> Result<ParkEngine, ParkRunError> {
        let at = payload_read(program);
        park::refuse::check_parkable(&park::refuse::NfFacts {
            name: &program.name,
            reads_payload: at.is_some(),
            where_: at.as_deref(),
        })?;
        let sw = ParkSwitch::new(cfg)?;
        let name = format!("{}+park", inner.name());
        Ok(ParkEngine {
            inner,
            sw,
            name,
            not_parsed: 0,
        })
    }

    /// PayloadPark counters so far.
    pub fn stats(&self) -> ParkStats {
        ParkStats {
            counters: self.sw.counters(),
            not_parsed: self.not_parsed,
        }
    }

    /// The switch (configuration, program, registers).
    pub fn switch(&self) -> &ParkSwitch {
        &self.sw
    }

    fn switch_err(e: ParkError) -> EngineError {
        EngineError::Other(Box::new(e))
    }

    /// Merge of what the NF forwarded; `None` when the switch dropped it
    /// (premature eviction, bad tag).
    fn merge(&mut self, frame: &[u8], now_ns: u64) -> Result<Option<Vec<u8>>, EngineError> {
        if park::notice::header_offset(frame).is_none() {
            // Never split (e.g. not TCP/UDP over IPv4): nothing to merge.
            return Ok(Some(frame.to_vec()));
        }
        let out = self
            .sw
            .process(Duration::from_nanos(now_ns), NF_PORT, frame)
            .map_err(Self::switch_err)?;
        Ok(match out.verdict {
            pipe::Verdict::Emit { port } if port == MERGED_PORT => Some(out.bytes),
            _ => None,
        })
    }
}

impl Engine for ParkEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn process(
        &mut self,
        frame: &mut Vec<u8>,
        in_port: u16,
        now_ns: u64,
    ) -> Result<Verdict, EngineError> {
        if !TRAFFIC_PORTS.contains(&in_port) {
            return self.inner.process(frame, in_port, now_ns);
        }
        let now = Duration::from_nanos(now_ns);
        let split = self
            .sw
            .process(now, in_port, frame)
            .map_err(Self::switch_err)?;
        if split.verdict == (pipe::Verdict::Emit { port: NF_PORT }) {
            *frame = split.bytes;
        }
        if park::notice::header_offset(frame).is_none() {
            // The switch's parser does not take it (e.g. a SYN with options): it
            // goes to the NF as it is, without a PayloadPark header.
            self.not_parsed += 1;
        }
        let verdict = self.inner.process(frame, in_port, now_ns)?;
        if self.inner.held() {
            return Ok(verdict);
        }
        match verdict {
            Verdict::Drop => {
                if let Some(n) = park::notice::drop_notice(frame) {
                    self.sw
                        .process(now, NF_PORT, &n)
                        .map_err(Self::switch_err)?;
                }
                Ok(Verdict::Drop)
            }
            Verdict::Forward(p) => match self.merge(frame, now_ns)? {
                Some(bytes) => {
                    *frame = bytes;
                    Ok(Verdict::Forward(p))
                }
                None => Ok(Verdict::Drop),
            },
        }
    }

    fn take_events(&mut self) -> Vec<Event> {
        self.inner.take_events()
    }

    fn state_sizes(&self, now_ns: u64) -> Vec<(String, usize)> {
        self.inner.state_sizes(now_ns)
    }

    fn state_json(&self, now_ns: u64) -> serde_json::Value {
        self.inner.state_json(now_ns)
    }

    fn held(&self) -> bool {
        self.inner.held()
    }

    /// Held packets are merged as they leave; ones whose payload is gone are
    /// not released.
    fn release(&mut self, now_ns: u64, out: &mut Vec<Released>) {
        let mut mine = Vec::new();
        self.inner.release(now_ns, &mut mine);
        for mut r in mine {
            if r.port.is_none() {
                out.push(r);
            } else if let Ok(Some(bytes)) = self.merge(&r.frame, r.ts_ns) {
                r.frame = bytes;
                out.push(r);
            }
        }
    }

    fn park_stats(&self) -> Option<ParkStats> {
        Some(self.stats())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ReferenceEngine;

    fn compile(name: &str) -> ir::Program {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../examples/nf")
            .join(name);
        lang::compile_file(&path, &lang::Overrides::new())
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .program
    }

    #[test]
    fn payload_readers_are_found_from_the_read_sets() {
        for nf in ["mazunat.nf", "lb.nf", "firewall.nf", "proxy.nf"] {
            assert_eq!(payload_read(&compile(nf)), None, "{nf}");
        }
        let at = payload_read(&compile("trojan.nf")).unwrap_or_default();
        assert!(at.starts_with("IR block b"), "{at}");
    }

    #[test]
    fn the_trojan_detector_is_refused_and_header_only_nfs_are_not() {
        let trojan = compile("trojan.nf");
        let inner = ReferenceEngine::new(&trojan).unwrap_or_else(|e| panic!("{e}"));
        let err = ParkEngine::new(Box::new(inner), &trojan, run_config(160, 64, 1))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(err.contains("`trojan` reads packet payload bytes"), "{err}");
        let nat = compile("mazunat.nf");
        let inner = ReferenceEngine::new(&nat).unwrap_or_else(|e| panic!("{e}"));
        let e = ParkEngine::new(Box::new(inner), &nat, run_config(160, 64, 1))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(e.name(), "reference+park");
        assert_eq!(e.stats(), ParkStats::default());
    }

    #[test]
    fn bad_configurations_are_errors() {
        let nat = compile("mazunat.nf");
        for (bytes, slots, expiry) in [(7, 64, 1), (8, 64, 1), (160, 0, 1), (160, 64, 0)] {
            let inner = ReferenceEngine::new(&nat).unwrap_or_else(|e| panic!("{e}"));
            let r = ParkEngine::new(Box::new(inner), &nat, run_config(bytes, slots, expiry));
            assert!(
                matches!(r, Err(ParkRunError::Park(_))),
                "{bytes} {slots} {expiry}"
            );
        }
    }
}
