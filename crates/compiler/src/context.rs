//! The state the passes share: the input program, CFG facts, and every pass's
//! results, filled in pipeline order.

use crate::cfg::{self, InstRef, Liveness};
use crate::model::{Dep, OpLabel, PointLayout, PuntPoint, ResumePoint, StatePlan, Warning};
use pipe::resources::Profile;

/// Compiler options.
#[derive(Clone, Debug)]
pub struct Options {
    /// The switch whose resources bound what is offloaded.
    pub profile: Profile,
    /// Keep a register on the switch even when its accesses follow a lookup of
    /// a replicated map (Gallium's own placement of MazuNAT's port counter).
    /// Off by default: a packet that reaches the switch before the server's
    /// update of that map is visible takes the miss path with a stale replica
    /// and changes the register although the reference would not
    /// (`place_state`, `docs/GALLIUM.md`).
    pub offload_stale_registers: bool,
    /// Let the switch decide a miss of a replicated map itself when the miss
    /// path needs no server work (Gallium's partition: MazuNAT drops an
    /// inbound packet without a `nat_in` mapping on the switch). Off by
    /// default: such a miss is sent to the server (a *miss punt*,
    /// `label_operations`), which decides it from the primary copy, so the
    /// map's keys may be left to the server (`server::points::deferrable_maps`)
    /// and a flood's spoofed flows need not take switch entries.
    pub drop_misses_on_switch: bool,
    /// Rate limit of the miss punts in the lowered switch program (`None`:
    /// unmetered): a miss punt exists only so that the primary can decide a
    /// miss of a key it holds and the switch does not, but it also sends
    /// every unsolicited packet (a scan, a reply to an expired mapping) to
    /// the server, so the switch meters them and drops what exceeds the rate
    /// ([`MissPuntMeter`]).
    pub miss_punt_meter: Option<MissPuntMeter>,
}

/// The rate limit of miss punts: one packet meter cell shared by every miss
/// punt point, single-rate (green up to `rate_pps` with bursts of `burst`,
/// red above; red packets are dropped on the switch).
///
/// Default: 1,000,000 packets/s with bursts of 16,384: what one server core
/// takes at 1 µs per punt (a Gallium punt costs the server 1–3 µs,
/// docs/GALLIUM.md "Server CPU per input packet"). It must stay above the
/// miss punts of legitimate traffic, because the switch cannot tell a
/// scan from a reply to a key only the primary holds: every inbound packet
/// of a flow left to the server (beyond `--max-unsettled-writes`, or before
/// its handshake under `--offload-after-handshake`) is a miss punt too. At
/// 250,000/s (CoFilter's miss meter) flows left to the server at 100,000
/// new flows/s already lost replies (docs/GALLIUM.md, "The miss-punt
/// meter").
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MissPuntMeter {
    /// Packets per second let through on average.
    pub rate_pps: u64,
    /// Packets let through back to back (at least 1).
    pub burst: u64,
}

impl Default for MissPuntMeter {
    fn default() -> MissPuntMeter {
        MissPuntMeter {
            rate_pps: 1_000_000,
            burst: 16_384,
        }
    }
}

impl MissPuntMeter {
    /// The meter cell's configuration (both rates the rate, both bursts the
    /// burst: green or red, never yellow).
    pub fn config(&self) -> pipe::meter::MeterConfig {
        pipe::meter::MeterConfig::single_rate(self.rate_pps, self.burst.max(1))
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            profile: Profile::tofino1(),
            offload_stale_registers: false,
            drop_misses_on_switch: false,
            miss_punt_meter: Some(MissPuntMeter::default()),
        }
    }
}

/// Error of the compiler.
#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    /// The input IR does not verify.
    #[error("the input program does not verify: {0}")]
    Invalid(String),
    /// A pass found something it cannot handle.
    #[error("pass {pass}: {message}")]
    Pass {
        /// The pass.
        pass: &'static str,
        /// What went wrong.
        message: String,
    },
}

/// Control-flow facts of the handler.
#[derive(Clone, Debug)]
pub struct Cfg {
    /// Successors per block.
    pub succ: Vec<Vec<usize>>,
    /// Predecessors per block.
    pub pred: Vec<Vec<usize>>,
    /// Blocks on a cycle.
    pub on_cycle: Vec<bool>,
    /// Reverse postorder from the entry.
    pub rpo: Vec<usize>,
}

/// Everything the passes know about one program.
pub struct Compilation {
    /// The program being partitioned.
    pub program: ir::Program,
    /// Options.
    pub options: Options,
    /// CFG facts.
    pub cfg: Cfg,
    /// SSA liveness.
    pub liveness: Liveness,
    /// Text of every instruction and terminator, `[block][index]`.
    pub texts: Vec<Vec<String>>,
    /// `analyze_dependencies`: the dependency edges.
    pub deps: Vec<Dep>,
    /// `place_state`: where each state object lives.
    pub states: Vec<StatePlan>,
    /// `label_operations`: every operation with its labels.
    pub ops: Vec<OpLabel>,
    /// `label_operations`: blocks the switch's pre-processing enters.
    pub pre_blocks: Vec<bool>,
    /// `label_operations`: blocks the server may run (from index 0 or from a punt point).
    pub server_blocks: Vec<bool>,
    /// `label_operations`: blocks post-processing may run.
    pub post_blocks: Vec<bool>,
    /// `label_operations`: miss blocks the switch punts at their first
    /// instruction only so that the primary decides the miss (miss punts;
    /// none with [`Options::drop_misses_on_switch`]).
    pub miss_punt_blocks: Vec<bool>,
    /// `split_programs`: where the switch stops.
    pub punts: Vec<PuntPoint>,
    /// `split_programs`: where the switch continues.
    pub resumes: Vec<ResumePoint>,
    /// `lay_out_transfer`: the values layout per point.
    pub layouts: Vec<PointLayout>,
    /// Things that stay on the server, and why.
    pub warnings: Vec<Warning>,
}

impl Compilation {
    /// Verifies the program and computes CFG facts; no pass has run yet.
    pub fn new(program: ir::Program, options: Options) -> Result<Compilation, CompileError> {
        ir::verify(&program).map_err(|errs| {
            CompileError::Invalid(
                errs.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; "),
            )
        })?;
        let succ = cfg::successors(&program.handler);
        let pred = cfg::predecessors(&succ);
        let on_cycle = cfg::blocks_on_cycles(&succ);
        let rpo = cfg::reverse_postorder(&succ);
        let liveness = Liveness::compute(&program.handler, &succ);
        let texts = op_texts(&program);
        let n = program.handler.blocks.len();
        Ok(Compilation {
            program,
            options,
            cfg: Cfg {
                succ,
                pred,
                on_cycle,
                rpo,
            },
            liveness,
            texts,
            deps: Vec::new(),
            states: Vec::new(),
            ops: Vec::new(),
            pre_blocks: vec![false; n],
            server_blocks: vec![false; n],
            post_blocks: vec![false; n],
            miss_punt_blocks: vec![false; n],
            punts: Vec::new(),
            resumes: Vec::new(),
            layouts: Vec::new(),
            warnings: Vec::new(),
        })
    }

    /// Text of an operation.
    pub fn text(&self, at: InstRef) -> &str {
        self.texts
            .get(at.block as usize)
            .and_then(|b| b.get(at.index as usize))
            .map_or("", String::as_str)
    }

    /// All instruction positions (terminators excluded), in block order.
    pub fn inst_refs(&self) -> Vec<InstRef> {
        let mut v = Vec::new();
        for (b, block) in self.program.handler.blocks.iter().enumerate() {
            for i in 0..block.insts.len() {
                v.push(at(b, i));
            }
        }
        v
    }
}

/// An [`InstRef`] from indexes.
pub fn at(block: usize, index: usize) -> InstRef {
    InstRef {
        block: u32::try_from(block).unwrap_or(u32::MAX),
        index: u32::try_from(index).unwrap_or(u32::MAX),
    }
}

/// Operation texts taken from the IR printer (comments dropped), so partition.json
/// shows exactly what `ir::print` shows.
fn op_texts(p: &ir::Program) -> Vec<Vec<String>> {
    let printed = ir::print(p);
    let mut lines = printed
        .lines()
        .skip_while(|l| !l.starts_with("handler {"))
        .skip(1);
    let mut out = Vec::with_capacity(p.handler.blocks.len());
    for b in &p.handler.blocks {
        // Block label line.
        let _ = lines.next();
        let mut texts = Vec::with_capacity(b.insts.len() + 1);
        for _ in 0..=b.insts.len() {
            let line = lines.next().unwrap_or("");
            let code = line.split(" ;").next().unwrap_or("").trim();
            texts.push(code.to_string());
        }
        out.push(texts);
    }
    out
}
