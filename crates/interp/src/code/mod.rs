//! Loading: translates a verified IR program into flat code over numbered `u64`
//! slots, so executing a packet is one loop over a `Vec` with no allocation.

mod analysis;
mod inst;

pub(crate) use inst::Inst;

use crate::layout::{Leaf, flatten, leaves, slots};
use analysis::{live_values, removable, use_counts};
use ir::{BinOp, Op, Program, Terminator, Type, UnOp, ValueId};
use memchr::memmem::Finder;
use std::collections::HashMap;

/// A copy range in [`Code::copies`]: (start, len).
pub(crate) type Copies = (u32, u32);

/// Loaded program.
pub(crate) struct Code {
    pub insts: Vec<Inst>,
    pub n_slots: usize,
    /// (src slot, dst slot) pairs of jump argument copies.
    pub copies: Vec<(u32, u32)>,
    pub patterns: Vec<(Vec<u8>, Finder<'static>)>,
    /// Hash argument lists: (slot, leaf) per scalar.
    pub hash_args: Vec<Vec<(u32, Leaf)>>,
    /// Emit argument lists: (slot, type) per field.
    pub emit_args: Vec<Vec<(u32, Type)>>,
    /// Key slot count per state object (maps).
    pub key_slots: Vec<u32>,
    /// Constant slots, written once at load: SSA slots have exactly one definition,
    /// so a constant's slot keeps its value across packets and needs no instruction.
    pub const_slots: Vec<(u32, u64)>,
    /// First pc of each operation, by (block, index); the terminator is at
    /// index `insts.len()` of its block. For starting mid-handler.
    pub op_pc: HashMap<(u32, u32), u32>,
    /// Slot range and type of every SSA value.
    pub value_slots: HashMap<ValueId, (u32, u32, Type)>,
}

/// Marker for "no slot" (an unused optional result).
pub(crate) const NONE: u32 = u32::MAX;

struct Loader<'p> {
    p: &'p Program,
    slot: HashMap<ValueId, (u32, u32, Type)>,
    code: Code,
    block_pc: Vec<u32>,
    /// Jumps to patch: (inst index, which target, block).
    fixups: Vec<(usize, u8, usize)>,
}

/// Loads a program (which must verify). Entering a block of `exits` passes an
/// [`Inst::Exit`], which ends runs that honour exits.
pub(crate) fn load(p: &Program, exits: &[u32]) -> Code {
    let mut l = Loader {
        p,
        slot: HashMap::new(),
        code: Code {
            insts: Vec::new(),
            n_slots: 0,
            copies: Vec::new(),
            patterns: Vec::new(),
            hash_args: Vec::new(),
            emit_args: Vec::new(),
            const_slots: Vec::new(),
            op_pc: HashMap::new(),
            value_slots: HashMap::new(),
            key_slots: p
                .states
                .iter()
                .map(|s| match &s.kind {
                    ir::StateKind::Map { key, .. } => slots(key) as u32,
                    _ => 0,
                })
                .collect(),
        },
        block_pc: Vec::new(),
        fixups: Vec::new(),
    };
    let mut next = 0u32;
    for b in &p.handler.blocks {
        for (v, t) in b
            .params
            .iter()
            .chain(b.insts.iter().flat_map(|i| i.results.iter()))
        {
            let n = slots(t) as u32;
            l.slot.insert(*v, (next, n, t.clone()));
            next += n;
        }
    }
    l.code.n_slots = next as usize;
    let live = live_values(p);
    let uses = use_counts(p);
    for (bi, b) in p.handler.blocks.iter().enumerate() {
        l.block_pc.push(l.code.insts.len() as u32);
        let bid = bi as u32;
        if exits.contains(&bid) {
            // Ends the run when exits are honoured; otherwise the block follows.
            l.push(Inst::Exit { block: bid });
        }
        // A branch on a validity test or scalar comparison computed just before it,
        // and used nowhere else, becomes one fused instruction.
        let fuse = match (&b.term, b.insts.last()) {
            (Terminator::Branch { cond, .. }, Some(last))
                if last.results.len() == 1
                    && last.results[0].0 == *cond
                    && uses.get(cond) == Some(&1) =>
            {
                match &last.op {
                    Op::IsValid(_) => true,
                    Op::Binary(op, a, _) => {
                        op.is_comparison() && !matches!(l.ty(*a), Type::Tuple(_))
                    }
                    _ => false,
                }
            }
            _ => false,
        };
        let body = if fuse {
            &b.insts[..b.insts.len() - 1]
        } else {
            &b.insts[..]
        };
        for (k, inst) in body.iter().enumerate() {
            l.mark(bid, k);
            if removable(&inst.op) && inst.results.iter().all(|(v, _)| !live.contains(v)) {
                continue;
            }
            l.inst(inst);
        }
        if fuse {
            l.mark(bid, b.insts.len() - 1);
        }
        l.mark(bid, b.insts.len());
        if fuse {
            if let (Terminator::Branch { then_, else_, .. }, Some(last)) = (&b.term, b.insts.last())
            {
                l.fused_branch(&last.op, then_, else_);
                continue;
            }
        }
        // A jump without arguments to the next block falls through (into its
        // `Exit` when it is an exit).
        if let Terminator::Jump(t) = &b.term {
            if t.block.0 as usize == bi + 1 && t.args.is_empty() {
                continue;
            }
        }
        l.term(&b.term);
    }
    for (at, which, block) in std::mem::take(&mut l.fixups) {
        let pc = l.block_pc.get(block).copied().unwrap_or(0);
        match (&mut l.code.insts[at], which) {
            (Inst::Jump { to, .. }, _) => *to = pc,
            (
                Inst::Branch { t, .. } | Inst::BranchValid { t, .. } | Inst::BranchCmp { t, .. },
                0,
            ) => *t = pc,
            (
                Inst::Branch { e, .. } | Inst::BranchValid { e, .. } | Inst::BranchCmp { e, .. },
                _,
            ) => *e = pc,
            _ => {}
        }
    }
    l.code.value_slots = std::mem::take(&mut l.slot);
    l.code
}

impl Loader<'_> {
    /// Records where operation `k` of block `b` starts.
    fn mark(&mut self, b: u32, k: usize) {
        let pc = self.code.insts.len() as u32;
        self.code.op_pc.insert((b, k as u32), pc);
    }

    fn s(&self, v: ValueId) -> u32 {
        self.slot.get(&v).map_or(0, |x| x.0)
    }

    fn n(&self, v: ValueId) -> u32 {
        self.slot.get(&v).map_or(1, |x| x.1)
    }

    fn ty(&self, v: ValueId) -> Type {
        self.slot.get(&v).map_or(Type::Bool, |x| x.2.clone())
    }

    fn push(&mut self, i: Inst) {
        self.code.insts.push(i);
    }

    fn inst(&mut self, inst: &ir::Inst) {
        let r = |k: usize| inst.results.get(k).map(|(v, _)| *v);
        let dst = r(0).map_or(NONE, |v| self.s(v));
        match &inst.op {
            Op::Const(v) => {
                let mut flat = Vec::new();
                flatten(v, &mut flat);
                for (k, x) in flat.into_iter().enumerate() {
                    self.code.const_slots.push((dst + k as u32, x));
                }
            }
            Op::Unary(u, a) => {
                let width = self.ty(*a).bit_width();
                let a = self.s(*a);
                self.push(match u {
                    UnOp::Not => Inst::Not { dst, a, width },
                    UnOp::Neg => Inst::Neg { dst, a, width },
                });
            }
            Op::Binary(op, a, b) => {
                let t = self.ty(*a);
                if matches!(t, Type::Tuple(_)) {
                    let ne = *op == BinOp::Ne;
                    let (a, b, n) = (self.s(*a), self.s(*b), self.n(*a));
                    self.push(Inst::EqN { dst, a, b, n, ne });
                } else {
                    let width = t.bit_width();
                    let (a, b) = (self.s(*a), self.s(*b));
                    self.push(Inst::Bin {
                        op: *op,
                        dst,
                        a,
                        b,
                        width,
                    });
                }
            }
            Op::Cast(to, a) => {
                let mask = match to {
                    Type::Bits(w) => ir::mask(*w),
                    _ => u64::MAX,
                };
                let a = self.s(*a);
                self.push(Inst::Mask { dst, a, mask });
            }
            Op::Select(c, a, b) => {
                let (c, n, a, b) = (self.s(*c), self.n(*a), self.s(*a), self.s(*b));
                self.push(Inst::Select { dst, c, a, b, n });
            }
            Op::Tuple(vs) => {
                let start = self.code.copies.len() as u32;
                let mut at = dst;
                for v in vs {
                    let (src, n) = (self.s(*v), self.n(*v));
                    for k in 0..n {
                        self.code.copies.push((src + k, at + k));
                    }
                    at += n;
                }
                let len = self.code.copies.len() as u32 - start;
                self.push(Inst::Gather {
                    copies: (start, len),
                });
            }
            Op::Extract(t, i) => {
                let mut off = 0u32;
                if let Type::Tuple(ts) = self.ty(*t) {
                    for e in ts.iter().take(*i as usize) {
                        off += slots(e) as u32;
                    }
                }
                let n = r(0).map_or(1, |v| self.n(v));
                let src = self.s(*t) + off;
                self.push(Inst::Copy { dst, src, n });
            }
            Op::InPort => self.push(Inst::InPort { dst }),
            Op::Now => self.push(Inst::Now { dst }),
            Op::Session(f) => self.push(Inst::Session { dst, f: *f }),
            Op::IsValid(h) => self.push(Inst::Valid { dst, h: *h }),
            Op::GetField(f) => self.push(Inst::Get { dst, f: *f }),
            Op::SetField(f, v) => {
                let src = self.s(*v);
                self.push(Inst::Set { f: *f, src });
            }
            Op::PayloadLen => self.push(Inst::PayloadLen { dst }),
            Op::PayloadByte(i) => {
                let idx = self.s(*i);
                self.push(Inst::PayloadByte { dst, idx });
            }
            Op::PayloadContains(s) | Op::PayloadStartsWith(s) => {
                let pat = self.code.patterns.len() as u32;
                self.code
                    .patterns
                    .push((s.clone(), Finder::new(s).into_owned()));
                self.push(if matches!(inst.op, Op::PayloadContains(_)) {
                    Inst::PayloadContains { dst, pat }
                } else {
                    Inst::PayloadStarts { dst, pat }
                });
            }
            Op::Hash(alg, vs) => {
                let mut list = Vec::new();
                for v in vs {
                    let base = self.s(*v);
                    for (k, leaf) in leaves(&self.ty(*v)).into_iter().enumerate() {
                        list.push((base + k as u32, leaf));
                    }
                }
                let args = self.code.hash_args.len() as u32;
                self.code.hash_args.push(list);
                self.push(Inst::Hash {
                    dst,
                    alg: *alg,
                    args,
                });
            }
            Op::MapGet(m, k) => {
                let (key, found) = (self.s(*k), dst);
                let dst = r(1).map_or(NONE, |v| self.s(v));
                self.push(Inst::MapGet {
                    map: m.0,
                    key,
                    found,
                    dst,
                });
            }
            Op::MapInsert(m, k, v) => {
                let (key, val) = (self.s(*k), self.s(*v));
                self.push(Inst::MapInsert {
                    map: m.0,
                    key,
                    val,
                    ok: dst,
                });
            }
            Op::MapRemove(m, k) => {
                let key = self.s(*k);
                self.push(Inst::MapRemove { map: m.0, key });
            }
            Op::ArrayGet(o, i) => {
                let idx = self.s(*i);
                self.push(Inst::ArrayGet { obj: o.0, idx, dst });
            }
            Op::ArraySet(o, i, v) => {
                let (idx, src) = (self.s(*i), self.s(*v));
                self.push(Inst::ArraySet { obj: o.0, idx, src });
            }
            Op::RegGet(o) => {
                let n = r(0).map_or(1, |v| self.n(v));
                self.push(Inst::RegGet { obj: o.0, dst, n });
            }
            Op::RegSet(o, v) => {
                let (src, n) = (self.s(*v), self.n(*v));
                self.push(Inst::RegSet { obj: o.0, src, n });
            }
            Op::Emit(e, vs) => {
                let list = vs.iter().map(|v| (self.s(*v), self.ty(*v))).collect();
                let args = self.code.emit_args.len() as u32;
                self.code.emit_args.push(list);
                self.push(Inst::Emit { ev: e.0, args });
            }
        }
    }

    fn copies(&mut self, t: &ir::Target) -> Copies {
        let start = self.code.copies.len() as u32;
        let params = self
            .p
            .handler
            .block(t.block)
            .map(|b| b.params.clone())
            .unwrap_or_default();
        for (a, (p, _)) in t.args.iter().zip(&params) {
            let (src, dst, n) = (self.s(*a), self.s(*p), self.n(*a));
            for k in 0..n {
                self.code.copies.push((src + k, dst + k));
            }
        }
        (start, self.code.copies.len() as u32 - start)
    }

    fn fused_branch(&mut self, op: &Op, then_: &ir::Target, else_: &ir::Target) {
        let at = self.code.insts.len();
        let (tc, ec) = (self.copies(then_), self.copies(else_));
        self.fixups.push((at, 0, then_.block.0 as usize));
        self.fixups.push((at, 1, else_.block.0 as usize));
        let inst = match op {
            Op::IsValid(h) => Inst::BranchValid {
                h: *h,
                t: 0,
                tc,
                e: 0,
                ec,
            },
            Op::Binary(b, x, y) => Inst::BranchCmp {
                op: *b,
                a: self.s(*x),
                b: self.s(*y),
                t: 0,
                tc,
                e: 0,
                ec,
            },
            _ => return,
        };
        self.push(inst);
    }

    fn term(&mut self, t: &Terminator) {
        let at = self.code.insts.len();
        match t {
            Terminator::Jump(tg) => {
                let copies = self.copies(tg);
                self.fixups.push((at, 0, tg.block.0 as usize));
                self.push(Inst::Jump { to: 0, copies });
            }
            Terminator::Branch { cond, then_, else_ } => {
                let (tc, ec) = (self.copies(then_), self.copies(else_));
                self.fixups.push((at, 0, then_.block.0 as usize));
                self.fixups.push((at, 1, else_.block.0 as usize));
                let c = self.s(*cond);
                self.push(Inst::Branch {
                    c,
                    t: 0,
                    tc,
                    e: 0,
                    ec,
                });
            }
            Terminator::Forward(p) => {
                let port = self.s(*p);
                self.push(Inst::Forward { port });
            }
            Terminator::Drop => self.push(Inst::Drop),
        }
    }
}
