//! The generator: one `pipe` program becomes one XDP program per ingress port
//! (the port is a constant of its code), or one test program that reads its
//! port and time from the metadata in front of the packet.
//!
//! ```text
//! prologue   scratch (per-CPU) → r9; port, time, visibility word; PHV reset
//! parser     one block per reachable (state, byte offset): bounds check, copy
//!            the header into scratch, extract its fields, select
//! ingress    the control tree: tables (hash lookups, scans), actions inline
//! egress     the same, drop only
//! deparser   checksum units, then the header stack written in place when its
//!            layout is the parsed one, else moved with bpf_xdp_adjust_head
//! epilogue   redirect to the chosen port (live) or the verdict into the
//!            metadata (test); the in-flight marker cleared on every exit
//! ```
//!
//! Registers: r6 the context, r9 scratch, r7 the table entry whose action
//! runs, r8 a cell pointer across helper calls; r0–r5 are temporaries.

mod bits;
mod deparse;
mod expr;
mod ops;
mod parse;
mod table;

use bpf::asm::{Asm, Assembled, Label};
use bpf::insn::{Alu, Atomic, FP, Helper, Jmp, R0, R1, R2, R3, R4, R5, R6, R7, R8, R9, Reg, Size};
use pipe::Program;
use pipe::resolved::{Resolved, SLOT_INGRESS_PORT, SLOT_IS_RECIRC, SLOT_TIMESTAMP};

use crate::layout::{Scratch, drop_reason, meta, ports, stats};
use crate::plan::{Plan, Refused};

/// Which program to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// For `BPF_PROG_TEST_RUN`: the ingress port and the time come in the
    /// metadata, the verdict goes back there (no redirect).
    Test,
    /// For an interface that is switch port `in_port`: the time is the
    /// kernel's monotonic clock, the packet is redirected to its port.
    Live {
        /// The port this program's interface is.
        in_port: u16,
        /// The port of the server (or CPU) link, where frames that name their
        /// port travel in a link frame (`wire::link`), as `tandem switch`
        /// has it: on that port's interface a link frame "out of port P"
        /// leaves on P unchanged, and a frame sent to it that is not a
        /// transfer frame (a packet the parser refused, a packet for the CPU)
        /// goes wrapped "from port" the port it came in on.
        link_port: Option<u16>,
    },
}

/// Link frame layout (`wire::link`): EtherType 0x88B5, version, kind, port.
mod link {
    pub const HEADER: i32 = 18;
    /// 0x88B5 as the first two bytes of a little-endian 16-bit load.
    pub const ETHER_TYPE_LE: i32 = 0xB588;
    pub const VERSION: i32 = 1;
    pub const FROM_PORT: i32 = 0;
    pub const OUT_OF: i32 = 1;
}

/// A record in the ring buffer: kind (0 in, 1 out), port, time, length,
/// captured length, then up to [`RECORD_CAPTURE`] bytes of the frame.
pub mod record {
    /// Bytes of a record's header.
    pub const HEADER: usize = 24;
    /// Most bytes of a frame a record keeps.
    pub const CAPTURE: usize = 1536;
    /// Kind of a frame received on a port.
    pub const IN: i32 = 0;
    /// Kind of a frame sent on a port.
    pub const OUT: i32 = 1;
}

/// Stack slots (below r10).
const STACK_KEY: i16 = -8;
const STACK_MARKER: i16 = -16;
const STACK_STATS: i16 = -24;
const STACK_IDX: i16 = -32;
const STACK_PASSES: i16 = -80;

/// XDP return codes.
const XDP_ABORTED: i32 = 0;
const XDP_DROP: i32 = 1;
const XDP_TX: i32 = 3;

/// A scratch or map-value offset as an instruction offset (plans keep every
/// offset below 32 KiB).
pub(crate) fn off16(o: usize) -> i16 {
    i16::try_from(o).unwrap_or(i16::MAX)
}

/// Pipeline stage an action runs in: ingress chooses the port and may drop,
/// egress may only drop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    Ingress,
    Egress,
}

/// The generator's state for one program.
pub(crate) struct Gen<'a> {
    a: Asm,
    r: &'a Resolved,
    p: &'a Program,
    plan: &'a Plan,
    s: &'a Scratch,
    mode: Mode,
    stage: Stage,
    /// Exit paths.
    emit: Label,
    drop: Label,
    /// Whether the deparser may write in place when the valid headers are the
    /// extracted ones (every parser path extracts in deparse order).
    in_place: bool,
    /// Slots some action (or checksum unit) writes.
    written: Vec<bool>,
    /// The furthest byte any parser path extracts up to.
    parsed_end: usize,
}

/// Generates the program for `mode`.
pub fn generate(p: &Program, r: &Resolved, plan: &Plan, mode: Mode) -> Result<Assembled, Refused> {
    if !deparse::stack_fits(r) {
        return Err(Refused::Other(
            "the deparsed headers take 2 KiB or more: more than the XDP target rebuilds".into(),
        ));
    }
    let mut a = Asm::new();
    let emit = a.label();
    let drop = a.label();
    let mut g = Gen {
        a,
        r,
        p,
        plan,
        s: &plan.scratch,
        mode,
        stage: Stage::Ingress,
        emit,
        drop,
        in_place: false,
        written: crate::analysis::written_slots(r),
        parsed_end: 0,
    };
    g.prologue();
    let pass = g.a.label();
    g.a.bind(pass);
    g.begin_pass();
    let ingress = g.a.label();
    g.parse(ingress)?;
    g.a.bind(ingress);
    g.pipeline(pass);
    g.epilogue();
    g.a.finish().map_err(|e| Refused::Other(e.to_string()))
}

impl Gen<'_> {
    /// `r1 = lookup(map, key u32 at fp+STACK_KEY)`-style per-CPU element 0;
    /// jumps to `null` when absent (never, for arrays).
    fn lookup_zero(&mut self, map: bpf::asm::MapRef, null: Label) {
        self.a.st(Size::W, FP, STACK_KEY, 0);
        self.a.ld_map(R1, map);
        self.a.mov(R2, FP);
        self.a.alu_imm(Alu::Add, R2, i32::from(STACK_KEY));
        self.a.call(Helper::MapLookupElem);
        self.a.jmp_imm(Jmp::Eq, R0, 0, null);
    }

    /// `r0 = &map[idx]` for an index in `idx` (a u32 register; clobbered with
    /// r1–r5); jumps to `null` when absent.
    fn lookup_index(&mut self, map: bpf::asm::MapRef, idx: Reg, null: Label) {
        self.a.stx(Size::W, FP, STACK_IDX, idx);
        self.a.ld_map(R1, map);
        self.a.mov(R2, FP);
        self.a.alu_imm(Alu::Add, R2, i32::from(STACK_IDX));
        self.a.call(Helper::MapLookupElem);
        self.a.jmp_imm(Jmp::Eq, R0, 0, null);
    }

    /// `stats[which] += 1` (per-CPU; the pointer was spilled by the prologue).
    fn count(&mut self, which: usize) {
        self.a.ldx(Size::DW, R1, FP, STACK_STATS);
        self.a.ldx(Size::DW, R2, R1, off16(8 * which));
        self.a.alu_imm(Alu::Add, R2, 1);
        self.a.stx(Size::DW, R1, off16(8 * which), R2);
    }

    /// Adds one to a per-port counter of the port in `port` (a register
    /// holding a 9-bit port; clobbers r0–r5).
    fn count_port(&mut self, port: Reg, field: usize) {
        let skip = self.a.label();
        self.a.mov(R3, port);
        self.lookup_index(self.plan.ports, R3, skip);
        self.a.ldx(Size::DW, R1, R0, off16(field));
        self.a.alu_imm(Alu::Add, R1, 1);
        self.a.stx(Size::DW, R0, off16(field), R1);
        self.a.bind(skip);
    }

    fn prologue(&mut self) {
        let abort = self.a.label();
        let s = self.s;
        self.a.mov(R6, R1);
        self.lookup_zero(self.plan.scratch_map, abort);
        self.a.mov(R9, R0);
        self.lookup_zero(self.plan.stats, abort);
        self.a.stx(Size::DW, FP, STACK_STATS, R0);
        self.count(stats::PACKETS);
        // Port and time.
        match self.mode {
            Mode::Test => {
                self.a.ldx(Size::W, R2, R6, 8); // data_meta
                self.a.ldx(Size::W, R3, R6, 0); // data
                self.a.mov(R4, R2);
                self.a.alu_imm(Alu::Add, R4, meta::SIZE as i32);
                self.a.jmp_reg(Jmp::Gt, R4, R3, abort);
                self.a.ldx(Size::W, R1, R2, 0);
                self.a.alu_imm(Alu::And, R1, 0x1ff);
                self.a.stx(Size::DW, R9, off16(s.in_port), R1);
                self.a.ldx(Size::DW, R1, R2, 8);
                self.a.stx(Size::DW, R9, off16(s.now), R1);
            }
            Mode::Live { in_port, link_port } => {
                self.a.mov_imm(R1, i32::from(in_port));
                self.a.stx(Size::DW, R9, off16(s.in_port), R1);
                if self.plan.uses_time {
                    self.a.call(Helper::KtimeGetNs);
                    self.a.stx(Size::DW, R9, off16(s.now), R0);
                }
                self.a.mov_imm(R1, i32::from(in_port));
                self.count_port(R1, ports::RX);
                if link_port == Some(in_port) {
                    self.link_frames(abort);
                } else if self.plan.record.is_some() {
                    self.a.mov_imm(R1, i32::from(in_port));
                    self.record(record::IN, R1);
                }
            }
        }
        self.a.mov_imm(R1, 0);
        self.a.stx(Size::DW, FP, STACK_PASSES, R1);
        self.epoch(abort);
        let start = self.a.label();
        self.a.ja(start);
        self.a.bind(abort);
        self.a.mov_imm(R0, XDP_ABORTED);
        self.a.exit();
        self.a.bind(start);
    }

    /// The start of every pass: the packet's state reset, its port, whether
    /// it is recirculated, its time and length.
    fn begin_pass(&mut self) {
        let s = self.s;
        bits::zero(&mut self.a, R9, s.vals, s.origin - s.vals);
        self.a
            .st(Size::H, R9, off16(s.port), crate::layout::NO_PORT);
        self.a.st(Size::B, R9, off16(s.drop), 0);
        self.a.st(Size::B, R9, off16(s.edrop), 0);
        self.a.ldx(Size::DW, R1, R9, off16(s.in_port));
        self.a
            .stx(Size::DW, R9, off16(s.val(SLOT_INGRESS_PORT)), R1);
        if self.plan.recirculates {
            self.a.ldx(Size::DW, R1, FP, STACK_PASSES);
            let first = self.a.label();
            self.a.jmp_imm(Jmp::Eq, R1, 0, first);
            self.a.mov_imm(R1, 1);
            self.a.bind(first);
            self.a.stx(Size::DW, R9, off16(s.val(SLOT_IS_RECIRC)), R1);
        }
        if self.plan.uses_time {
            self.a.ldx(Size::DW, R1, R9, off16(s.now));
            self.a.mov_u64(R2, (1u64 << 48) - 1);
            self.a.alu(Alu::And, R1, R2);
            self.a.stx(Size::DW, R9, off16(s.val(SLOT_TIMESTAMP)), R1);
        }
        self.a.ldx(Size::W, R2, R6, 0);
        self.a.ldx(Size::W, R3, R6, 4);
        self.a.alu(Alu::Sub, R3, R2);
        self.a.stx(Size::W, R9, off16(s.pkt_len), R3);
    }

    /// Takes the visibility word the packet runs with and announces it in
    /// this CPU's in-flight marker (`crate::control` waits for markers of
    /// older words to clear before it changes tables again): read the word,
    /// exchange the marker (a full barrier), read again; a word that moved in
    /// between is taken again, three times at most, then the packet is
    /// dropped and counted.
    fn epoch(&mut self, abort: Label) {
        let s = self.s;
        let Some(inflight) = self.plan.inflight else {
            self.a.st(Size::DW, R9, off16(s.vis), 0);
            return;
        };
        self.a.call(Helper::GetSmpProcessorId);
        self.lookup_index(inflight, R0, abort);
        self.a.stx(Size::DW, FP, STACK_MARKER, R0);
        let stable = self.a.label();
        for _ in 0..3 {
            self.a
                .ld_map_value(R1, self.plan.config, crate::layout::config::VIS as i32);
            self.a.ldx(Size::DW, R2, R1, 0);
            self.a.mov(R3, R2);
            self.a.alu_imm(Alu::Lsh, R3, 1);
            self.a.alu_imm(Alu::Or, R3, 1);
            self.a.ldx(Size::DW, R4, FP, STACK_MARKER);
            self.a.atomic(Size::DW, Atomic::Xchg, R4, 0, R3, true);
            self.a.ldx(Size::DW, R4, R1, 0);
            self.a.jmp_reg(Jmp::Eq, R4, R2, stable);
        }
        self.count(stats::EPOCH_RETRIES);
        self.a.mov_imm(R1, drop_reason::EPOCH);
        self.a.ja(self.drop);
        self.a.bind(stable);
        self.a.stx(Size::DW, R9, off16(s.vis), R2);
    }

    /// Clears the in-flight marker (with a full barrier: every table read of
    /// the packet is done before the control plane can see it finished).
    fn leave(&mut self) {
        if self.plan.inflight.is_some() {
            self.a.ldx(Size::DW, R1, FP, STACK_MARKER);
            self.a.mov_imm(R2, 0);
            self.a.atomic(Size::DW, Atomic::Xchg, R1, 0, R2, true);
        }
    }

    /// Ingress, the traffic manager's checks, egress, the deparser, and a
    /// recirculation back to `pass`.
    fn pipeline(&mut self, pass: Label) {
        let s = self.s;
        self.stage = Stage::Ingress;
        let ingress = self.r.ingress.clone();
        self.stmts(&ingress);
        self.a.ldx(Size::B, R1, R9, off16(s.drop));
        let kept = self.a.label();
        self.a.jmp_imm(Jmp::Eq, R1, 0, kept);
        self.a.mov_imm(R1, drop_reason::INGRESS);
        self.a.ja(self.drop);
        self.a.bind(kept);
        self.a.ldx(Size::H, R1, R9, off16(s.port));
        let chosen = self.a.label();
        self.a.jmp_imm(Jmp::Ne, R1, crate::layout::NO_PORT, chosen);
        self.a.mov_imm(R1, drop_reason::NO_EGRESS_PORT);
        self.a.ja(self.drop);
        self.a.bind(chosen);
        self.a.stx(
            Size::DW,
            R9,
            off16(s.val(pipe::resolved::SLOT_EGRESS_PORT)),
            R1,
        );
        self.stage = Stage::Egress;
        let egress = self.r.egress.clone();
        self.stmts(&egress);
        self.a.ldx(Size::B, R1, R9, off16(s.edrop));
        let kept = self.a.label();
        self.a.jmp_imm(Jmp::Eq, R1, 0, kept);
        self.a.mov_imm(R1, drop_reason::EGRESS);
        self.a.ja(self.drop);
        self.a.bind(kept);
        self.checksums();
        let deparsed = self.a.label();
        self.deparse(deparsed);
        self.a.bind(deparsed);
        // A packet for the recirculation port goes through the program again
        // (the deparsed packet is the next pass's input), up to the limit.
        self.a.ldx(Size::H, R1, R9, off16(s.port));
        self.a
            .jmp_imm(Jmp::Ne, R1, i32::from(self.r.recirc_port), self.emit);
        if self.plan.recirculates {
            let limit = self.a.label();
            self.a.ldx(Size::DW, R1, FP, STACK_PASSES);
            self.a
                .jmp_imm(Jmp::Ge, R1, i32::from(self.r.max_recirculations), limit);
            self.a.alu_imm(Alu::Add, R1, 1);
            self.a.stx(Size::DW, FP, STACK_PASSES, R1);
            self.a.mov_imm(R1, i32::from(self.r.recirc_port));
            self.a.stx(Size::DW, R9, off16(s.in_port), R1);
            self.count(stats::RECIRCULATIONS);
            self.a.ja(pass);
            self.a.bind(limit);
        }
        self.a.mov_imm(R1, drop_reason::RECIRCULATION);
        self.a.ja(self.drop);
    }

    fn epilogue(&mut self) {
        let s = self.s;
        // Emit: the port is in scratch.
        self.a.bind(self.emit);
        match self.mode {
            Mode::Test => {
                self.a.ldx(Size::H, R1, R9, off16(s.port));
                self.result(meta::EMIT as i32, R1);
                self.leave();
                self.a.mov_imm(R0, XDP_TX);
                self.a.exit();
            }
            Mode::Live { link_port, in_port } => {
                if let Some(l) = link_port.filter(|&l| l != in_port) {
                    self.wrap_for_link(l, in_port);
                }
                self.a.ldx(Size::H, R1, R9, off16(s.port));
                self.count_port(R1, ports::TX);
                if self.plan.record.is_some() {
                    let skip = self.a.label();
                    self.a.ldx(Size::H, R1, R9, off16(s.port));
                    if let Some(l) = link_port {
                        self.a.jmp_imm(Jmp::Eq, R1, i32::from(l), skip);
                    }
                    self.record(record::OUT, R1);
                    self.a.bind(skip);
                }
                self.leave();
                if let Some(l) = link_port.filter(|&l| l != in_port) {
                    self.punt_to_socket(l, in_port);
                }
                self.a.ldx(Size::H, R2, R9, off16(s.port));
                self.a.ld_map(R1, self.plan.devmap);
                self.a.mov_imm(R3, XDP_DROP);
                self.a.call(Helper::RedirectMap);
                let sent = self.a.label();
                self.a.jmp_imm(Jmp::Ne, R0, XDP_DROP, sent);
                // The port has no interface: `leave` already ran, so count
                // without touching scratch's marker again.
                self.a.mov(R7, R0);
                self.count(stats::UNBOUND_PORT);
                self.a.mov(R0, R7);
                self.a.bind(sent);
                self.a.exit();
            }
        }
        // Drop: the reason is in r1.
        self.a.bind(self.drop);
        match self.mode {
            Mode::Test => {
                self.result(meta::DROP as i32, R1);
            }
            Mode::Live { in_port, .. } => {
                self.a.mov_imm(R1, i32::from(in_port));
                self.count_port(R1, ports::DROP);
            }
        }
        self.leave();
        self.a.mov_imm(R0, XDP_DROP);
        self.a.exit();
    }

    /// On the server link's interface: a link frame "out of port P" leaves on
    /// P as it is (after its 18-byte header), other link frames are dropped;
    /// anything else runs through the program.
    fn link_frames(&mut self, abort: Label) {
        let (pipeline, other) = (self.a.label(), self.a.label());
        self.a.ldx(Size::W, R2, R6, 0);
        self.a.ldx(Size::W, R3, R6, 4);
        self.a.mov(R4, R2);
        self.a.alu_imm(Alu::Add, R4, link::HEADER);
        self.a.jmp_reg(Jmp::Gt, R4, R3, pipeline);
        self.a.ldx(Size::H, R1, R2, 12);
        self.a.jmp_imm(Jmp::Ne, R1, link::ETHER_TYPE_LE, pipeline);
        self.a.ldx(Size::B, R1, R2, 14);
        self.a.jmp_imm(Jmp::Ne, R1, link::VERSION, other);
        self.a.ldx(Size::B, R1, R2, 15);
        self.a.jmp_imm(Jmp::Ne, R1, link::OUT_OF, other);
        self.a.ldx(Size::H, R1, R2, 16);
        self.a.to_be(R1, 16);
        self.a.alu_imm(Alu::And, R1, 0x1ff);
        self.a.stx(Size::H, R9, off16(self.s.port), R1);
        self.a.mov(R1, R6);
        self.a.mov_imm(R2, link::HEADER);
        self.a.call(Helper::XdpAdjustHead);
        self.a.jmp_imm(Jmp::Ne, R0, 0, abort);
        self.a.ldx(Size::H, R1, R9, off16(self.s.port));
        self.count_port(R1, ports::TX);
        if self.plan.record.is_some() {
            self.a.ldx(Size::H, R1, R9, off16(self.s.port));
            self.record(record::OUT, R1);
        }
        self.a.ldx(Size::H, R2, R9, off16(self.s.port));
        self.a.ld_map(R1, self.plan.devmap);
        self.a.mov_imm(R3, XDP_DROP);
        self.a.call(Helper::RedirectMap);
        self.a.exit();
        self.a.bind(other);
        self.a.mov_imm(R0, XDP_DROP);
        self.a.exit();
        self.a.bind(pipeline);
    }

    /// A frame for the link port goes to the AF_XDP socket of the queue it
    /// came in on, when the server has one there (no veth in between: the
    /// socket's ring holds thousands of frames, a veth's 256); otherwise on
    /// through the device map to the link.
    fn punt_to_socket(&mut self, link: u16, in_port: u16) {
        let next = self.a.label();
        self.a.ldx(Size::H, R1, R9, off16(self.s.port));
        self.a.jmp_imm(Jmp::Ne, R1, i32::from(link), next);
        self.a.ldx(Size::W, R2, R6, 16); // rx_queue_index
        self.a
            .jmp_imm(Jmp::Ge, R2, crate::plan::PUNT_QUEUES as i32, next);
        self.a.alu_imm(
            Alu::Add,
            R2,
            i32::from(in_port) * crate::plan::PUNT_QUEUES as i32,
        );
        self.a.ld_map(R1, self.plan.xsks);
        self.a.mov_imm(R3, XDP_ABORTED);
        self.a.call(Helper::RedirectMap);
        self.a.jmp_imm(Jmp::Eq, R0, XDP_ABORTED, next);
        self.a.exit();
        self.a.bind(next);
    }

    /// A frame for the link port `link` that is not a transfer frame goes
    /// in a link frame "from port `in_port`".
    fn wrap_for_link(&mut self, link: u16, in_port: u16) {
        let (done, failed) = (self.a.label(), self.a.label());
        self.a.ldx(Size::H, R1, R9, off16(self.s.port));
        self.a.jmp_imm(Jmp::Ne, R1, i32::from(link), done);
        self.a.ldx(Size::W, R2, R6, 0);
        self.a.ldx(Size::W, R3, R6, 4);
        self.a.mov(R4, R2);
        self.a.alu_imm(Alu::Add, R4, 14);
        self.a.jmp_reg(Jmp::Gt, R4, R3, done);
        self.a.ldx(Size::H, R1, R2, 12);
        // 0x88B6 (the transfer header) as a little-endian 16-bit load.
        self.a.jmp_imm(Jmp::Eq, R1, 0xB688, done);
        self.wrap_from_port(in_port, failed);
        self.a.ja(done);
        self.a.bind(failed);
        self.count(stats::DEPARSE_ERRORS);
        self.a.mov_imm(R1, drop_reason::DEPARSE);
        self.a.ja(self.drop);
        self.a.bind(done);
    }

    /// Wraps the packet in a link frame "from port `in_port`" (18 bytes in
    /// front).
    fn wrap_from_port(&mut self, in_port: u16, failed: Label) {
        self.a.mov(R1, R6);
        self.a.mov_imm(R2, -link::HEADER);
        self.a.call(Helper::XdpAdjustHead);
        self.a.jmp_imm(Jmp::Ne, R0, 0, failed);
        self.a.ldx(Size::W, R2, R6, 0);
        self.a.ldx(Size::W, R3, R6, 4);
        self.a.mov(R4, R2);
        self.a.alu_imm(Alu::Add, R4, link::HEADER);
        self.a.jmp_reg(Jmp::Gt, R4, R3, failed);
        bits::zero(&mut self.a, R2, 0, 12);
        self.a.st(Size::H, R2, 12, link::ETHER_TYPE_LE);
        self.a.st(Size::B, R2, 14, link::VERSION);
        self.a.st(Size::B, R2, 15, link::FROM_PORT);
        self.a.st(Size::H, R2, 16, i32::from(in_port.swap_bytes()));
    }

    /// Writes a record of the packet as it is now (kind, the port in `port`)
    /// into the ring buffer; a full ring loses the record (counted).
    fn record(&mut self, kind: i32, port: Reg) {
        let Some(ring) = self.plan.record else { return };
        let (lost, done, cap) = (self.a.label(), self.a.label(), self.a.label());
        self.a.stx(Size::DW, FP, STACK_IDX, port);
        self.a.ld_map(R1, ring);
        self.a
            .mov_imm(R2, (record::HEADER + record::CAPTURE) as i32);
        self.a.mov_imm(R3, 0);
        self.a.call(Helper::RingbufReserve);
        self.a.jmp_imm(Jmp::Eq, R0, 0, lost);
        self.a.mov(R8, R0);
        self.a.st(Size::W, R8, 0, kind);
        self.a.ldx(Size::DW, R1, FP, STACK_IDX);
        self.a.stx(Size::W, R8, 4, R1);
        self.a.ldx(Size::DW, R1, R9, off16(self.s.now));
        self.a.stx(Size::DW, R8, 8, R1);
        self.a.ldx(Size::W, R2, R6, 0);
        self.a.ldx(Size::W, R4, R6, 4);
        self.a.alu(Alu::Sub, R4, R2);
        self.a.stx(Size::W, R8, 16, R4);
        self.a.jmp_imm(Jmp::Le, R4, record::CAPTURE as i32, cap);
        self.a.mov_imm(R4, record::CAPTURE as i32);
        self.a.bind(cap);
        self.a.stx(Size::W, R8, 20, R4);
        // The length is at least an Ethernet header and at most CAPTURE.
        self.a.alu_imm(Alu::And, R4, 0x7ff);
        let load = self.a.label();
        self.a.jmp_imm(Jmp::Ge, R4, 1, load);
        self.a.mov_imm(R4, 1);
        self.a.bind(load);
        self.a.mov(R1, R6);
        self.a.mov_imm(R2, 0);
        self.a.mov(R3, R8);
        self.a.alu_imm(Alu::Add, R3, record::HEADER as i32);
        self.a.call(Helper::XdpLoadBytes);
        self.a.mov(R1, R8);
        self.a.mov_imm(R2, 0);
        self.a.call(Helper::RingbufSubmit);
        self.a.ja(done);
        self.a.bind(lost);
        self.count(stats::RECORD_LOST);
        self.a.bind(done);
    }

    /// Test mode: writes `kind` and the value in `v` into the metadata.
    fn result(&mut self, kind: i32, v: Reg) {
        let out = self.a.label();
        self.a.mov(R5, v);
        self.a.ldx(Size::W, R2, R6, 8); // data_meta
        self.a.ldx(Size::W, R3, R6, 0); // data
        self.a.mov(R4, R2);
        self.a.alu_imm(Alu::Add, R4, meta::SIZE as i32);
        self.a.jmp_reg(Jmp::Gt, R4, R3, out);
        self.a.st(Size::W, R2, 0, kind);
        self.a.stx(Size::W, R2, 4, R5);
        self.a.bind(out);
    }

    /// The scratch offset of slot `s` as an instruction offset.
    fn val(&self, slot: u16) -> i16 {
        off16(self.s.val(slot))
    }

    /// r7 must not be clobbered between a table hit and its action.
    fn entry_reg() -> Reg {
        R7
    }
}
