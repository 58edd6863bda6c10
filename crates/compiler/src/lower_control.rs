//! Lowering of the pre- and post-processing code (the IR blocks labelled `pre`
//! or `post`) to `pipe` control statements, for [`crate::lower_switch`].
//!
//! Every SSA scalar lives in metadata `v<id>[_<path>]`; each IR operation becomes
//! one small action (or a table apply, or an `if` for comparisons and validity).
//! Control flow: a block with one predecessor is lowered inside that
//! predecessor's branch; a merge block is lowered once, in reverse postorder,
//! guarded by the OR of the path conditions of the jumps into it (jump
//! arguments are copied into its parameters on each path), so every table is
//! applied at one place only and no extra stage waits for a "reached" bit.
//! A punt point ends its block with the punt action; post-processing starts at
//! a resume point's block, its live values already loaded by the resume action.
//!
//! What the switch cannot do is reported, not lowered: the caller then keeps
//! the skeleton program and warns (e.g. a multiply, a hash, payload access).

use crate::context::Compilation;
use crate::model::Label;
use ir::{BinOp, Field, Header, Op, Terminator, Type, UnOp, Value, ValueId};
use pipe::builder::{
    ProgramBuilder, action, and, apply, bin, c, cmp, eq, f, if_, leaf, not, or, reg_action, run,
    valid,
};
use pipe::program::{CmpOp, Cond, Expr, Operand, Stmt};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Metadata fields (`meta.x`) one lookup site's table reads and writes.
pub(crate) struct SiteIo {
    /// Key fields, in key order.
    pub keys: Vec<String>,
    /// Set to 1 on a hit, 0 on a miss (maps only).
    pub found: Option<String>,
    /// The value's scalars, written from the action data on a hit.
    pub vals: Vec<String>,
}

/// Where the region being lowered starts, which blocks it holds, where it stops.
struct Scope<'s> {
    entry: usize,
    in_region: &'s dyn Fn(usize) -> bool,
    stop: &'s dyn Fn(usize, usize) -> Option<String>,
}

/// Builds the control statements; collects the metadata it needs and what it
/// could not lower.
pub(crate) struct ControlLowering<'a> {
    c: &'a Compilation,
    types: HashMap<ValueId, Type>,
    /// Table name per lookup site.
    sites: HashMap<(u32, u32), String>,
    /// Metadata fields declared so far, with widths.
    pub metas: BTreeMap<String, u8>,
    /// Where `in_port` is read: the switch's ingress port in pre-processing;
    /// in post-processing the packet entered from the server, so the resume
    /// action copies the original port from the transfer header
    /// ([`RESUME_IN_PORT`]).
    pub in_port: &'static str,
    /// What could not be lowered, with where.
    pub problems: Vec<String>,
    /// Statements that follow a punt action (by action name): the miss-punt
    /// meter's drop.
    pub after_punt: HashMap<String, Vec<Stmt>>,
    next_action: usize,
    /// Scalar constants, used as immediates.
    consts: HashMap<ValueId, u64>,
    /// Values that are a header field or the ingress port read directly
    /// (fields nothing writes), used as operands in place of a copy.
    aliases: HashMap<ValueId, Operand>,
    /// Booleans as match conditions (validity, comparisons, and/or/not).
    conds: HashMap<ValueId, Cond>,
    /// Values some operation reads as data (not only as a condition).
    data_uses: HashSet<ValueId>,
    /// Header fields the handler writes.
    written: HashSet<Field>,
    /// Defining operation of each instruction result.
    defs: HashMap<ValueId, Op>,
    /// Every scalar constant of the handler.
    all_consts: HashMap<ValueId, u64>,
    /// Register writes already done by a fused read-modify-write.
    fused: HashSet<(usize, usize)>,
    /// Path conditions of the jumps into each merge block (`None`: always).
    incoming: HashMap<usize, Vec<Option<Cond>>>,
    /// Actions made only of `set`s: name → (dst, expr); merged, then declared.
    pure: HashMap<String, Vec<(String, Expr)>>,
}

/// Metadata name of one scalar of a value.
/// Metadata holding the packet's original ingress port during post-processing.
pub(crate) const RESUME_IN_PORT: &str = "meta.resume_in_port";

pub(crate) fn meta_name(v: ValueId, path: &[u32]) -> String {
    let p: String = path.iter().map(|x| format!("_{x}")).collect();
    format!("v{}{p}", v.0)
}

/// Scalars of a type: (path, bits), in layout order.
fn scalars(ty: &Type) -> Vec<(Vec<u32>, u32)> {
    fn go(t: &Type, path: &mut Vec<u32>, out: &mut Vec<(Vec<u32>, u32)>) {
        match t {
            Type::Tuple(ts) => {
                for (i, e) in ts.iter().enumerate() {
                    path.push(u32::try_from(i).unwrap_or(u32::MAX));
                    go(e, path, out);
                    path.pop();
                }
            }
            other => out.push((path.clone(), other.bit_width().max(1))),
        }
    }
    let mut out = Vec::new();
    go(ty, &mut Vec::new(), &mut out);
    out
}

fn const_scalars(v: &Value, out: &mut Vec<u64>) {
    match v {
        Value::Bool(b) => out.push(u64::from(*b)),
        Value::Bits { value, .. } => out.push(*value),
        Value::Ipv4(a) => out.push(u64::from(*a)),
        Value::Tuple(vs) => vs.iter().for_each(|x| const_scalars(x, out)),
    }
}

/// The `pipe` field of an IR header field, if the switch program has it.
fn pipe_field(fd: Field) -> Option<String> {
    let h = match fd.header() {
        Header::Eth => "ethernet",
        Header::Ipv4 => "ipv4",
        Header::Tcp => "tcp",
        Header::Udp => "udp",
    };
    let name = match fd {
        Field::EthType => "ether_type",
        Field::Ipv4Ident => "id",
        Field::UdpLength => "len",
        // pipe's IPv4 header has one 8-bit `dscp` (DSCP and ECN together).
        Field::Ipv4Dscp | Field::Ipv4Ecn => return None,
        other => other.name(),
    };
    Some(format!("{h}.{name}"))
}

fn header_name(h: Header) -> &'static str {
    match h {
        Header::Eth => "ethernet",
        Header::Ipv4 => "ipv4",
        Header::Tcp => "tcp",
        Header::Udp => "udp",
    }
}

impl<'a> ControlLowering<'a> {
    pub(crate) fn new(c: &'a Compilation) -> Self {
        let mut types = HashMap::new();
        for b in &c.program.handler.blocks {
            for (v, t) in &b.params {
                types.insert(*v, t.clone());
            }
            for i in &b.insts {
                for (v, t) in &i.results {
                    types.insert(*v, t.clone());
                }
            }
        }
        // Same site numbering as `tables::switch_objects`.
        let mut per_state: HashMap<u32, Vec<(u32, u32)>> = HashMap::new();
        for o in c.ops.iter().filter(|o| o.labels.contains(&Label::Pre)) {
            let b = &c.program.handler.blocks[o.at.block as usize];
            if let Some(Op::MapGet(s, _) | Op::ArrayGet(s, _)) =
                b.insts.get(o.at.index as usize).map(|i| &i.op)
            {
                per_state
                    .entry(s.0)
                    .or_default()
                    .push((o.at.block, o.at.index));
            }
        }
        let mut sites = HashMap::new();
        for (s, list) in per_state {
            let name = c
                .program
                .states
                .get(s as usize)
                .map(|d| d.name.clone())
                .unwrap_or_default();
            for (i, at) in list.iter().enumerate() {
                let t = if list.len() == 1 {
                    format!("t_{name}")
                } else {
                    format!("t_{name}_{i}")
                };
                sites.insert(*at, t);
            }
        }
        let mut defs = HashMap::new();
        let mut all_consts = HashMap::new();
        for b in &c.program.handler.blocks {
            for i in &b.insts {
                if let [(v, _)] = i.results.as_slice() {
                    defs.insert(*v, i.op.clone());
                    if let Op::Const(k) = &i.op {
                        let mut cs = Vec::new();
                        const_scalars(k, &mut cs);
                        if let [k] = cs.as_slice() {
                            all_consts.insert(*v, *k);
                        }
                    }
                }
            }
        }
        let mut data_uses: HashSet<ValueId> = HashSet::new();
        let mut written = HashSet::new();
        for b in &c.program.handler.blocks {
            for i in &b.insts {
                let bool_logic = matches!(
                    (&i.op, i.results.first().map(|r| &r.1)),
                    (
                        Op::Binary(BinOp::And | BinOp::Or | BinOp::Xor, ..)
                            | Op::Unary(UnOp::Not, _),
                        Some(Type::Bool)
                    )
                );
                if let Op::SetField(fd, _) = &i.op {
                    written.insert(*fd);
                }
                if !bool_logic && !matches!(i.op, Op::Select(..)) {
                    data_uses.extend(i.op.operands());
                } else if let Op::Select(_, x, y) = &i.op {
                    data_uses.extend([*x, *y]);
                }
            }
            match &b.term {
                Terminator::Branch { then_, else_, .. } => {
                    data_uses.extend(then_.args.iter().chain(&else_.args));
                }
                Terminator::Jump(t) => data_uses.extend(&t.args),
                Terminator::Forward(v) => {
                    data_uses.insert(*v);
                }
                Terminator::Drop => {}
            }
        }
        for p in &c.punts {
            data_uses.extend(&p.values);
        }
        for r in &c.resumes {
            data_uses.extend(&r.values);
        }
        ControlLowering {
            c,
            types,
            sites,
            metas: BTreeMap::new(),
            in_port: "std.ingress_port",
            problems: Vec::new(),
            after_punt: HashMap::new(),
            next_action: 0,
            consts: HashMap::new(),
            aliases: HashMap::new(),
            conds: HashMap::new(),
            data_uses,
            written,
            defs,
            all_consts,
            fused: HashSet::new(),
            incoming: HashMap::new(),
            pure: HashMap::new(),
        }
    }

    fn width_u8(bits: u32) -> u8 {
        u8::try_from(bits.clamp(1, 64)).unwrap_or(64)
    }

    /// Metadata scalars of `v`, declared on first use.
    fn vals(&mut self, v: ValueId) -> Vec<String> {
        let ty = self.types.get(&v).cloned().unwrap_or(Type::Bool);
        scalars(&ty)
            .into_iter()
            .map(|(p, bits)| {
                let n = meta_name(v, &p);
                self.metas.insert(n.clone(), Self::width_u8(bits));
                format!("meta.{n}")
            })
            .collect()
    }

    /// Operands of `v`'s scalars: immediates for constants, else metadata.
    fn opnds(&mut self, v: ValueId) -> Vec<Operand> {
        if let Some(k) = self.consts.get(&v) {
            return vec![c(*k)];
        }
        if let Some(o) = self.aliases.get(&v) {
            return vec![o.clone()];
        }
        self.vals(v).iter().map(|s| f(s)).collect()
    }

    fn opnd(&mut self, v: ValueId) -> Operand {
        self.opnds(v).pop().unwrap_or(Operand::Const(0))
    }

    /// A fresh action made of `ops`, run as one statement (declared later by
    /// [`Self::declare`], after [`merge`] has joined independent neighbours).
    fn act(&mut self, _b: &mut ProgramBuilder, ops: Vec<(String, Expr)>) -> Stmt {
        let name = format!("op{}", self.next_action);
        self.next_action += 1;
        self.pure.insert(name.clone(), ops);
        run(&name, &[])
    }

    fn copy(&mut self, b: &mut ProgramBuilder, dsts: &[String], srcs: &[String]) -> Stmt {
        let srcs: Vec<Operand> = srcs.iter().map(|s| f(s)).collect();
        self.copy_ops(b, dsts, &srcs)
    }

    fn copy_ops(&mut self, b: &mut ProgramBuilder, dsts: &[String], srcs: &[Operand]) -> Stmt {
        let ops = dsts
            .iter()
            .zip(srcs)
            .map(|(d, s)| (d.clone(), Expr::Value(s.clone())))
            .collect();
        self.act(b, ops)
    }

    /// Joins runs of consecutive set-only actions that do not read or write
    /// what an earlier one in the run writes (one VLIW action on hardware),
    /// recursively.
    pub(crate) fn merge(&mut self, stmts: Vec<Stmt>) -> Vec<Stmt> {
        let mut out: Vec<Stmt> = Vec::new();
        let mut group: Option<(String, Vec<String>)> = None; // (action, writes)
        for st in stmts {
            match st {
                Stmt::Run(call) if self.pure.contains_key(&call.action) => {
                    let ops = self.pure.get(&call.action).cloned().unwrap_or_default();
                    let reads: Vec<String> = ops.iter().flat_map(|(_, e)| expr_reads(e)).collect();
                    let writes: Vec<String> = ops.iter().map(|(d, _)| d.clone()).collect();
                    if let Some((g, gw)) = &mut group {
                        let clash = reads
                            .iter()
                            .chain(&writes)
                            .any(|r| r == "*" || gw.contains(r));
                        if !clash {
                            self.pure.remove(&call.action);
                            if let Some(gops) = self.pure.get_mut(g.as_str()) {
                                gops.extend(ops);
                            }
                            gw.extend(writes);
                            continue;
                        }
                    }
                    group = Some((call.action.clone(), writes));
                    out.push(Stmt::Run(call));
                }
                Stmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    group = None;
                    let then = self.merge(then);
                    let otherwise = self.merge(otherwise);
                    out.push(Stmt::If {
                        cond,
                        then,
                        otherwise,
                    });
                }
                Stmt::Apply {
                    table,
                    on_hit,
                    on_miss,
                } => {
                    group = None;
                    let on_hit = self.merge(on_hit);
                    let on_miss = self.merge(on_miss);
                    out.push(Stmt::Apply {
                        table,
                        on_hit,
                        on_miss,
                    });
                }
                other => {
                    group = None;
                    out.push(other);
                }
            }
        }
        out
    }

    /// Declares the remaining set-only actions.
    pub(crate) fn declare(&mut self, b: &mut ProgramBuilder) {
        let mut names: Vec<&String> = self.pure.keys().collect();
        names.sort();
        for n in names {
            let mut a = action(n);
            for (dst, e) in &self.pure[n] {
                a = a.set(dst, e.clone());
            }
            b.action(a);
        }
    }

    /// `v` as a condition.
    fn cond_of(&mut self, v: ValueId) -> Cond {
        if let Some(k) = self.conds.get(&v) {
            return k.clone();
        }
        eq(self.opnd(v), c(1))
    }

    /// Records `v` as condition `k`; materialises it only if read as data.
    fn define_bool(&mut self, b: &mut ProgramBuilder, v: ValueId, k: Cond, body: &mut Vec<Stmt>) {
        self.conds.insert(v, k.clone());
        if self.data_uses.contains(&v) {
            let dst = self.vals(v).pop().unwrap_or_default();
            let s = self.bool_if(b, &dst, k);
            body.push(s);
        }
    }

    fn bool_if(&mut self, b: &mut ProgramBuilder, dst: &str, cond: Cond) -> Stmt {
        let t = self.act(b, vec![(dst.to_string(), Expr::Value(c(1)))]);
        let e = self.act(b, vec![(dst.to_string(), Expr::Value(c(0)))]);
        if_(cond, vec![t], vec![e])
    }

    /// Lowers the blocks of one region in reverse postorder from `entry`.
    /// `stop` says where the region ends inside a block (a punt point), and
    /// what to run there.
    pub(crate) fn region(
        &mut self,
        b: &mut ProgramBuilder,
        entry: usize,
        in_region: &dyn Fn(usize) -> bool,
        stop: &dyn Fn(usize, usize) -> Option<String>,
    ) -> Vec<Stmt> {
        let mut out = Vec::new();
        let rpo = self.c.cfg.rpo.clone();
        for bi in rpo {
            if !in_region(bi) || !self.reachable_from(entry, bi, in_region) {
                continue;
            }
            if bi != entry && self.inlined(bi, entry, in_region) {
                continue; // lowered inside its only predecessor's branch
            }
            if bi == entry {
                let body = self.block(b, bi, entry, in_region, stop, None);
                out.extend(body);
                continue;
            }
            // A merge block runs when any incoming path's condition holds.
            let incoming = self.incoming.remove(&bi).unwrap_or_default();
            if incoming.is_empty() {
                self.problems.push(format!(
                    "bb{bi}: reached only around a loop, which the switch cannot run"
                ));
                continue;
            }
            let guard = if incoming.iter().any(Option::is_none) {
                None
            } else {
                incoming.into_iter().flatten().reduce(or)
            };
            let body = self.block(b, bi, entry, in_region, stop, guard.clone());
            match guard {
                None => out.extend(body),
                Some(g) => out.push(if_(g, body, vec![])),
            }
        }
        out
    }

    /// A block with exactly one predecessor, inside the region, is lowered
    /// in place of the jump to it (no reach bit, no extra stage).
    fn inlined(&self, bi: usize, entry: usize, in_region: &dyn Fn(usize) -> bool) -> bool {
        bi != entry
            && matches!(self.c.cfg.pred.get(bi).map(Vec::as_slice), Some([p]) if in_region(*p) && *p != bi)
    }

    fn block(
        &mut self,
        b: &mut ProgramBuilder,
        bi: usize,
        entry: usize,
        in_region: &dyn Fn(usize) -> bool,
        stop: &dyn Fn(usize, usize) -> Option<String>,
        path: Option<Cond>,
    ) -> Vec<Stmt> {
        let Some(block) = self.c.program.handler.blocks.get(bi) else {
            return Vec::new();
        };
        let mut body = Vec::new();
        for (ii, inst) in block.insts.iter().enumerate() {
            if let Some(punt) = stop(bi, ii) {
                self.punt(&punt, &mut body);
                return body;
            }
            self.inst(b, bi, ii, inst, &mut body);
        }
        if let Some(punt) = stop(bi, block.insts.len()) {
            self.punt(&punt, &mut body);
            return body;
        }
        let scope = Scope {
            entry,
            in_region,
            stop,
        };
        self.term(b, &block.term, &mut body, &scope, path);
        body
    }

    /// The punt action `name`, and what follows it.
    fn punt(&self, name: &str, body: &mut Vec<Stmt>) {
        body.push(run(name, &[]));
        body.extend(self.after_punt.get(name).cloned().unwrap_or_default());
    }

    fn reachable_from(&self, entry: usize, to: usize, in_region: &dyn Fn(usize) -> bool) -> bool {
        let mut seen = vec![false; self.c.cfg.succ.len()];
        let mut stack = vec![entry];
        while let Some(x) = stack.pop() {
            if x == to {
                return true;
            }
            if seen.get(x).copied().unwrap_or(true) {
                continue;
            }
            seen[x] = true;
            for &s in self.c.cfg.succ.get(x).map(Vec::as_slice).unwrap_or(&[]) {
                if in_region(s) {
                    stack.push(s);
                }
            }
        }
        false
    }

    fn jump(
        &mut self,
        b: &mut ProgramBuilder,
        t: &ir::Target,
        body: &mut Vec<Stmt>,
        sc: &Scope<'_>,
        path: Option<Cond>,
    ) {
        let blocks = &self.c.program.handler.blocks;
        let params: Vec<ValueId> = blocks
            .get(t.block.0 as usize)
            .map(|bl| bl.params.iter().map(|(v, _)| *v).collect())
            .unwrap_or_default();
        let mut ops = Vec::new();
        for (p, a) in params.iter().zip(&t.args) {
            let (d, s) = (self.vals(*p), self.opnds(*a));
            ops.extend(d.into_iter().zip(s).map(|(d, s)| (d, Expr::Value(s))));
        }
        let tb = t.block.0 as usize;
        if self.inlined(tb, sc.entry, sc.in_region) {
            if !ops.is_empty() {
                body.push(self.act(b, ops));
            }
            let inner = self.block(b, tb, sc.entry, sc.in_region, sc.stop, path);
            body.extend(inner);
            return;
        }
        // A merge block: its guard is the OR of the incoming path conditions.
        self.incoming.entry(tb).or_default().push(path);
        if !ops.is_empty() {
            body.push(self.act(b, ops));
        }
    }

    fn term(
        &mut self,
        b: &mut ProgramBuilder,
        term: &Terminator,
        body: &mut Vec<Stmt>,
        sc: &Scope<'_>,
        path: Option<Cond>,
    ) {
        let within = |k: Cond| match &path {
            None => k,
            Some(p) => and(p.clone(), k),
        };
        match term {
            Terminator::Jump(t) => self.jump(b, t, body, sc, path.clone()),
            Terminator::Branch { cond, then_, else_ } => {
                let k = self.cond_of(*cond);
                let mut tb = Vec::new();
                self.jump(b, then_, &mut tb, sc, Some(within(k.clone())));
                let mut eb = Vec::new();
                self.jump(b, else_, &mut eb, sc, Some(within(not(k.clone()))));
                body.push(if_(k, tb, eb));
            }
            Terminator::Forward(v) => {
                let port = self.opnd(*v);
                let name = format!("op{}", self.next_action);
                self.next_action += 1;
                b.action(action(&name).forward(port));
                body.push(run(&name, &[]));
            }
            Terminator::Drop => {
                let name = format!("op{}", self.next_action);
                self.next_action += 1;
                b.action(action(&name).drop());
                body.push(run(&name, &[]));
            }
        }
    }

    fn inst(
        &mut self,
        b: &mut ProgramBuilder,
        bi: usize,
        ii: usize,
        inst: &ir::Inst,
        body: &mut Vec<Stmt>,
    ) {
        let res: Vec<String> = inst
            .results
            .iter()
            .flat_map(|(v, _)| self.vals(*v))
            .collect();
        let first = res.first().cloned().unwrap_or_default();
        if self.fused.contains(&(bi, ii)) {
            return; // done by the register action of the read
        }
        match &inst.op {
            Op::Const(v) => {
                let mut cs = Vec::new();
                const_scalars(v, &mut cs);
                if let ([k], [(rv, _)]) = (cs.as_slice(), inst.results.as_slice()) {
                    self.consts.insert(*rv, *k);
                }
                let ops = res
                    .iter()
                    .zip(cs)
                    .map(|(d, k)| (d.clone(), Expr::Value(c(k))))
                    .collect();
                body.push(self.act(b, ops));
            }
            Op::Cast(_, a) => {
                let s = self.opnds(*a);
                body.push(self.copy_ops(b, &res, &s));
            }
            Op::Tuple(args) => {
                let s: Vec<Operand> = args.iter().flat_map(|a| self.opnds(*a)).collect();
                body.push(self.copy_ops(b, &res, &s));
            }
            Op::Extract(a, i) => {
                let ty = self.types.get(a).cloned().unwrap_or(Type::Bool);
                let s: Vec<String> = scalars(&ty)
                    .into_iter()
                    .filter(|(p, _)| p.first() == Some(i))
                    .map(|(p, _)| format!("meta.{}", meta_name(*a, &p)))
                    .collect();
                body.push(self.copy(b, &res, &s));
            }
            Op::InPort => {
                let v = inst.results[0].0;
                let port = self.in_port;
                if port == RESUME_IN_PORT {
                    self.metas
                        .insert(RESUME_IN_PORT["meta.".len()..].to_string(), 16);
                }
                self.aliases.insert(v, f(port));
                if self.data_uses.contains(&v) {
                    body.push(self.copy(b, &res, &[port.to_string()]));
                }
            }
            Op::IsValid(h) => {
                let v = inst.results[0].0;
                self.define_bool(b, v, valid(header_name(*h)), body);
            }
            Op::GetField(fd) => match pipe_field(*fd) {
                Some(p) => {
                    let v = inst.results[0].0;
                    if !self.written.contains(fd) {
                        self.aliases.insert(v, f(&p));
                    }
                    if self.data_uses.contains(&v) {
                        body.push(self.copy(b, &res, &[p]));
                    }
                }
                None => self.problem(bi, ii, "the switch program has no separate DSCP/ECN field"),
            },
            Op::SetField(fd, v) => match pipe_field(*fd) {
                Some(p) => {
                    let s = self.opnds(*v);
                    body.push(self.copy_ops(b, &[p], &s));
                }
                None => self.problem(bi, ii, "the switch program has no separate DSCP/ECN field"),
            },
            Op::Unary(UnOp::Not, a) if matches!(self.types.get(a), Some(Type::Bool)) => {
                let k = not(self.cond_of(*a));
                self.define_bool(b, inst.results[0].0, k, body);
            }
            Op::Binary(op @ (BinOp::And | BinOp::Or | BinOp::Xor), x, y)
                if matches!(self.types.get(x), Some(Type::Bool)) =>
            {
                let (kx, ky) = (self.cond_of(*x), self.cond_of(*y));
                let k = match op {
                    BinOp::And => and(kx, ky),
                    BinOp::Or => or(kx, ky),
                    _ => or(and(kx.clone(), not(ky.clone())), and(not(kx), ky)),
                };
                self.define_bool(b, inst.results[0].0, k, body);
            }
            Op::Unary(op, a) => {
                let s = self.opnd(*a);
                let e = match op {
                    UnOp::Not if matches!(self.types.get(a), Some(Type::Bool)) => {
                        bin(pipe::BinOp::Xor, s, c(1))
                    }
                    UnOp::Not => Expr::Not(s),
                    UnOp::Neg => bin(pipe::BinOp::Sub, c(0), s),
                };
                body.push(self.act(b, vec![(first, e)]));
            }
            Op::Binary(op, x, y) => {
                let (x, y) = (self.opnd(*x), self.opnd(*y));
                let cmpop = match op {
                    BinOp::Eq => Some(CmpOp::Eq),
                    BinOp::Ne => Some(CmpOp::Ne),
                    BinOp::Lt => Some(CmpOp::Lt),
                    BinOp::Le => Some(CmpOp::Le),
                    BinOp::Gt => Some(CmpOp::Gt),
                    BinOp::Ge => Some(CmpOp::Ge),
                    _ => None,
                };
                if let Some(k) = cmpop {
                    self.define_bool(b, inst.results[0].0, cmp(x, k, y), body);
                    return;
                }
                // Multiply, divide and remainder by a power of two are shifts and masks.
                let pow2 = |o: &Operand| match o {
                    Operand::Const(k) if k.is_power_of_two() => Some(u64::from(k.trailing_zeros())),
                    _ => None,
                };
                let strength = match (op, pow2(&y)) {
                    (BinOp::Mul, Some(sh)) => Some(bin(pipe::BinOp::Shl, x.clone(), c(sh))),
                    (BinOp::Div, Some(sh)) => Some(bin(pipe::BinOp::Shr, x.clone(), c(sh))),
                    (BinOp::Rem, Some(sh)) => {
                        Some(bin(pipe::BinOp::And, x.clone(), c((1u64 << sh) - 1)))
                    }
                    _ => None,
                };
                if let Some(e) = strength {
                    body.push(self.act(b, vec![(first, e)]));
                    return;
                }
                let pop = match op {
                    BinOp::Add => pipe::BinOp::Add,
                    BinOp::Sub => pipe::BinOp::Sub,
                    BinOp::And => pipe::BinOp::And,
                    BinOp::Or => pipe::BinOp::Or,
                    BinOp::Xor => pipe::BinOp::Xor,
                    BinOp::Shl => pipe::BinOp::Shl,
                    BinOp::Shr => pipe::BinOp::Shr,
                    other => {
                        self.problem(bi, ii, &format!("no switch ALU does `{other:?}`"));
                        return;
                    }
                };
                body.push(self.act(b, vec![(first, bin(pop, x, y))]));
            }
            Op::Hash(alg, args) => {
                // The IR hashes each scalar padded to whole bytes; a hash unit
                // concatenates fields as they are, so only byte-wide scalars agree.
                let mut inputs = Vec::new();
                for a in args {
                    let ty = self.types.get(a).cloned().unwrap_or(Type::Bool);
                    if scalars(&ty).iter().any(|(_, bits)| bits % 8 != 0) {
                        self.problem(bi, ii, "hash input not a whole number of bytes");
                        return;
                    }
                    inputs.extend(self.vals(*a));
                }
                let unit = format!("hash{}", self.next_action);
                let algo = match alg {
                    ir::HashAlg::Crc16 => pipe::HashAlgo::Crc16,
                    ir::HashAlg::Crc32 => pipe::HashAlgo::Crc32,
                };
                let width = inst
                    .results
                    .first()
                    .map_or(32, |(_, t)| Self::width_u8(t.bit_width()));
                let refs: Vec<&str> = inputs.iter().map(String::as_str).collect();
                b.hash(&unit, algo, &refs, width);
                let an = format!("op{}", self.next_action);
                self.next_action += 1;
                b.action(action(&an).hash(&unit, &first));
                body.push(run(&an, &[]));
            }
            Op::Select(cv, x, y) => {
                let k = self.cond_of(*cv);
                let (x, y) = (self.opnds(*x), self.opnds(*y));
                let t = self.copy_ops(b, &res, &x);
                let e = self.copy_ops(b, &res, &y);
                body.push(if_(k, vec![t], vec![e]));
            }
            Op::MapGet(_, key) | Op::ArrayGet(_, key) => {
                let at = (
                    u32::try_from(bi).unwrap_or(u32::MAX),
                    u32::try_from(ii).unwrap_or(u32::MAX),
                );
                let Some(t) = self.sites.get(&at).cloned() else {
                    self.problem(bi, ii, "no switch table holds this state here");
                    return;
                };
                // The table reads the key's metadata and its actions write
                // the results' metadata directly (see `site_io`).
                let _ = key;
                body.push(apply(&t));
            }
            Op::RegGet(s) => {
                let name = self.state_name(s.0);
                let ra = format!("ra_r_{name}_get{}", self.next_action);
                let rmw = self.fuse_rmw(bi, inst.results[0].0, s.0);
                b.reg_action(match rmw {
                    Some((cond, then_w, else_w)) => reg_action(&ra, &format!("r_{name}"))
                        .when(cond.0, cond.1, cond.2)
                        .then(Some(then_w), pipe::RegOut::Old)
                        .otherwise(Some(else_w), pipe::RegOut::Old),
                    None => reg_action(&ra, &format!("r_{name}")).then(None, pipe::RegOut::Old),
                });
                let an = format!("op{}", self.next_action);
                self.next_action += 1;
                b.action(action(&an).reg_exec(&ra, c(0), Some(&first)));
                body.push(run(&an, &[]));
            }
            Op::RegSet(s, v) => {
                let name = self.state_name(s.0);
                let src = self.opnd(*v);
                let ra = format!("ra_r_{name}_set{}", self.next_action);
                b.reg_action(
                    reg_action(&ra, &format!("r_{name}"))
                        .then(Some(pipe::RegExpr::Leaf(leaf(src))), pipe::RegOut::None),
                );
                let an = format!("op{}", self.next_action);
                self.next_action += 1;
                b.action(action(&an).reg_exec(&ra, c(0), None));
                body.push(run(&an, &[]));
            }
            _ => {
                let text = self
                    .c
                    .texts
                    .get(bi)
                    .and_then(|t| t.get(ii))
                    .cloned()
                    .unwrap_or_default();
                self.problem(bi, ii, &format!("`{text}` is not lowered to the switch"));
            }
        }
    }

    /// Gallium's read-modify-write on one stateful ALU: `v = reg.get @r;
    /// br (v CMP k), T, E` where `T` and `E` each hold one `reg.set @r, x` with
    /// `x` a constant or `v ± constant`. Returns the register action's
    /// condition and both writes, and marks the two sets as done.
    #[allow(clippy::type_complexity)]
    fn fuse_rmw(
        &mut self,
        bi: usize,
        v: ValueId,
        state: u32,
    ) -> Option<(
        (pipe::RegLeaf, CmpOp, pipe::RegLeaf),
        pipe::RegExpr,
        pipe::RegExpr,
    )> {
        let blocks = &self.c.program.handler.blocks;
        let Terminator::Branch { cond, then_, else_ } = &blocks.get(bi)?.term else {
            return None;
        };
        let (op, x, y) = match self.defs.get(cond)? {
            Op::Binary(op, x, y) => (*op, *x, *y),
            _ => return None,
        };
        let k = *self.all_consts.get(&y)?;
        if x != v {
            return None;
        }
        let cmpop = match op {
            BinOp::Eq => CmpOp::Eq,
            BinOp::Ne => CmpOp::Ne,
            BinOp::Lt => CmpOp::Lt,
            BinOp::Le => CmpOp::Le,
            BinOp::Gt => CmpOp::Gt,
            BinOp::Ge => CmpOp::Ge,
            _ => return None,
        };
        let mut writes = Vec::new();
        for t in [then_, else_] {
            let tb = t.block.0 as usize;
            let sets: Vec<(usize, ValueId)> = blocks
                .get(tb)?
                .insts
                .iter()
                .enumerate()
                .filter_map(|(i, inst)| match inst.op {
                    Op::RegSet(s, x) if s.0 == state => Some((i, x)),
                    _ => None,
                })
                .collect();
            let [(i, x)] = sets.as_slice() else {
                return None;
            };
            let w = if let Some(k) = self.all_consts.get(x) {
                pipe::RegExpr::Leaf(leaf(c(*k)))
            } else {
                match self.defs.get(x)? {
                    Op::Binary(BinOp::Add, a, k) if *a == v => pipe::RegExpr::Bin(
                        pipe::BinOp::Add,
                        pipe::builder::mem(),
                        leaf(c(*self.all_consts.get(k)?)),
                    ),
                    Op::Binary(BinOp::Sub, a, k) if *a == v => pipe::RegExpr::Bin(
                        pipe::BinOp::Sub,
                        pipe::builder::mem(),
                        leaf(c(*self.all_consts.get(k)?)),
                    ),
                    _ => return None,
                }
            };
            writes.push((tb, *i, w));
        }
        let [(t1, i1, w1), (t2, i2, w2)] = <[_; 2]>::try_from(writes).ok()?;
        self.fused.insert((t1, i1));
        self.fused.insert((t2, i2));
        Some(((pipe::builder::mem(), cmpop, leaf(c(k))), w1, w2))
    }

    /// The metadata a lookup site's table matches on and writes: the key
    /// value's scalars, the `found` bool (maps) and the looked-up value's scalars.
    pub(crate) fn site_io(&mut self, table: &str) -> Option<SiteIo> {
        let (bi, ii) = *self.sites.iter().find(|(_, t)| t.as_str() == table)?.0;
        let inst = self
            .c
            .program
            .handler
            .blocks
            .get(bi as usize)?
            .insts
            .get(ii as usize)?
            .clone();
        let (key, is_map) = match inst.op {
            Op::MapGet(_, k) => (k, true),
            Op::ArrayGet(_, k) => (k, false),
            _ => return None,
        };
        let keys = self.vals(key);
        let mut res: Vec<Vec<String>> = inst.results.iter().map(|(v, _)| self.vals(*v)).collect();
        let found = if is_map {
            Some(res.remove(0).pop().unwrap_or_default())
        } else {
            None
        };
        Some(SiteIo {
            keys,
            found,
            vals: res.concat(),
        })
    }

    fn state_name(&self, s: u32) -> String {
        self.c
            .program
            .states
            .get(s as usize)
            .map(|d| d.name.clone())
            .unwrap_or_default()
    }

    fn problem(&mut self, bi: usize, ii: usize, why: &str) {
        self.problems.push(format!("bb{bi}:{ii}: {why}"));
    }
}

/// Fields an expression reads (`*` when unsure).
fn expr_reads(e: &Expr) -> Vec<String> {
    let o = |x: &Operand| match x {
        Operand::Field(fr) => Some(fr.to_string()),
        _ => None,
    };
    match e {
        Expr::Value(a) | Expr::Not(a) => o(a).into_iter().collect(),
        Expr::Bin(_, a, b) => o(a).into_iter().chain(o(b)).collect(),
        _ => vec!["*".to_string()],
    }
}
