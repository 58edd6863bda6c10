//! Pass `label_operations`: labels every operation pre (switch), server or post
//! (switch) — Gallium §4.2 — and fixes which blocks each side may run.
//!
//! The switch runs the handler from the entry as long as every operation is one
//! it can do (see [`switch_reason`]); at the first one it cannot, it stops and
//! sends the packet to the server (a *punt point*). The server runs on until it
//! jumps into a block from which everything left is stateless switch work (a
//! *post block*): there the switch resumes. So a label is a fact about paths: an
//! operation reached on a switch-only path is `pre`, one reached after a punt is
//! `server` or, in a post block, `post`. One operation may have several labels.
//!
//! A switch register must never be needed by the server (its value lives in the
//! switch); if the server could reach an access, the register moves to the server
//! and labelling starts again (a fixed point: placements only move to the server).
//!
//! Before (MazuNAT, outbound):
//!
//! ```text
//! bb6:  %17, %18 = map.get @nat_out, %15      ; replicated table
//!       br %17, bb12(%18), bb8
//! bb8:  %19 = reg.get @next_port              ; switch register
//! bb11: map.insert @nat_out, %15, %19         ; control plane
//! bb12(%28): set ipv4.src, %29 ... forward %31
//! ```
//!
//! After: `bb6`, `bb8`–`bb10` pre; `bb11` server (punt point `bb11:0`); `bb12`
//! onwards pre and post (the hit path never leaves the switch; the miss path
//! resumes there).

use crate::context::{Compilation, CompileError, at};
use crate::model::{Label, OpLabel, Placement, Warning};
use ir::{BinOp, Op, StateId, Value, ValueId};
use std::collections::HashMap;

/// Runs the pass.
pub fn label_operations(c: &mut Compilation) -> Result<(), CompileError> {
    // Each round moves at least one register to the server, so this terminates.
    for _ in 0..=c.states.len() {
        let regions = regions(c);
        let demote = c.states.iter().enumerate().find_map(|(i, s)| {
            if s.placement != Placement::SwitchRegister {
                return None;
            }
            let id = StateId(u32::try_from(i).unwrap_or(u32::MAX));
            regions.server_access(c, id).map(|b| (i, b))
        });
        match demote {
            Some((i, b)) => {
                c.states[i].placement = Placement::Server;
                c.states[i].reason = Some(format!(
                    "the server needs it after the packet has left the switch (block bb{b})"
                ));
            }
            None => {
                finish(c, &regions);
                return Ok(());
            }
        }
    }
    Err(CompileError::Pass {
        pass: "label_operations",
        message: "labelling did not reach a fixed point".into(),
    })
}

/// Per block: where the switch stops (`Some(index)`), if it enters the block.
struct Regions {
    /// `pre[b]`: the switch enters `b`; `Some(i)` = it stops before instruction `i`.
    pre: Vec<Option<Option<usize>>>,
    /// `server[b]`: the server may run `b` from this instruction index on.
    server: Vec<Option<usize>>,
    /// Post blocks the switch resumes into or reaches from there.
    post: Vec<bool>,
    /// Miss blocks made punt points so the server decides them (miss punts).
    forced: Vec<bool>,
}

impl Regions {
    /// A block where the server could access `id`, if any.
    fn server_access(&self, c: &Compilation, id: StateId) -> Option<usize> {
        c.program
            .handler
            .blocks
            .iter()
            .enumerate()
            .find_map(|(b, block)| {
                let from = self.server[b]?;
                block.insts[from..]
                    .iter()
                    .any(|i| state_of(&i.op) == Some(id))
                    .then_some(b)
            })
    }
}

/// The regions, with miss punts: a miss of a replicated map from which the
/// switch would reach a verdict without the server is sent to the server
/// instead (unless [`crate::Options::drop_misses_on_switch`]), so that every
/// switch miss of such a map reaches the primary, which may hold keys the
/// switch does not (deferred inserts, updates in flight). Each round adds at
/// least one forced stop, so this ends.
fn regions(c: &Compilation) -> Regions {
    let n = c.program.handler.blocks.len();
    let mut forced = vec![false; n];
    loop {
        let mut r = regions_with(c, &forced);
        r.forced.clone_from(&forced);
        if c.options.drop_misses_on_switch {
            return r;
        }
        let all_punt = all_paths_punt(c, &r);
        let mut more = false;
        for b in 0..n {
            if miss_key(c, b).is_some() && r.pre[b] == Some(None) && !all_punt[b] && !forced[b] {
                forced[b] = true;
                more = true;
            }
        }
        if !more {
            return r;
        }
    }
}

/// Per block the switch enters: whether every path from it reaches a punt
/// point before a verdict.
fn all_paths_punt(c: &Compilation, r: &Regions) -> Vec<bool> {
    let n = r.pre.len();
    let mut out = vec![false; n];
    // Verdict blocks start false; a block punts on all paths if it stops
    // itself or all its successors do (a fixed point over the acyclic part;
    // blocks on cycles punt at their first instruction anyway).
    let mut changed = true;
    while changed {
        changed = false;
        for b in 0..n {
            let v = match r.pre[b] {
                Some(Some(_)) => true,
                Some(None) => !c.cfg.succ[b].is_empty() && c.cfg.succ[b].iter().all(|&s| out[s]),
                None => false,
            };
            if v != out[b] {
                out[b] = v;
                changed = true;
            }
        }
    }
    out
}

/// If block `b` is entered only as the miss branch of a lookup of a
/// replicated map (its single predecessor branches on the lookup's found
/// flag, the hit going elsewhere): the map and the looked-up key.
pub(crate) fn miss_key(c: &Compilation, b: usize) -> Option<(StateId, ValueId)> {
    let f = &c.program.handler;
    let [p] = c.cfg.pred.get(b)?.as_slice() else {
        return None;
    };
    let ir::Terminator::Branch { cond, then_, else_ } = &f.blocks.get(*p)?.term else {
        return None;
    };
    if else_.block.0 as usize != b || then_.block.0 as usize == b {
        return None;
    }
    f.blocks
        .iter()
        .flat_map(|blk| &blk.insts)
        .find_map(|i| match &i.op {
            Op::MapGet(s, k)
                if i.results.first().is_some_and(|(r, _)| r == cond)
                    && c.states.get(s.0 as usize).map(|p| p.placement)
                        == Some(Placement::Replicated) =>
            {
                Some((*s, *k))
            }
            _ => None,
        })
}

fn regions_with(c: &Compilation, forced: &[bool]) -> Regions {
    let f = &c.program.handler;
    let n = f.blocks.len();
    let consts = constants(&c.program);
    let legal: Vec<Vec<bool>> = f
        .blocks
        .iter()
        .enumerate()
        .map(|(b, block)| {
            block
                .insts
                .iter()
                .map(|i| !c.cfg.on_cycle[b] && switch_reason(c, &consts, &i.op).is_none())
                .collect()
        })
        .collect();
    // Post blocks: stateless switch work all the way to the verdict.
    let mut postable = vec![false; n];
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..n).rev() {
            let ok = !c.cfg.on_cycle[b]
                && f.blocks[b]
                    .insts
                    .iter()
                    .zip(&legal[b])
                    .all(|(i, l)| *l && state_of(&i.op).is_none())
                && c.cfg.succ[b].iter().all(|&s| postable[s]);
            if ok != postable[b] {
                postable[b] = ok;
                changed = true;
            }
        }
    }
    // Pre: from the entry through fully legal blocks.
    let mut pre: Vec<Option<Option<usize>>> = vec![None; n];
    let mut server: Vec<Option<usize>> = vec![None; n];
    let mut post = vec![false; n];
    let mut work = vec![0usize];
    while let Some(b) = work.pop() {
        if b >= n || pre[b].is_some() {
            continue;
        }
        let stop = legal[b].iter().position(|l| !l);
        let stop = if c.cfg.on_cycle[b] || forced.get(b).copied().unwrap_or(false) {
            Some(0)
        } else {
            stop
        };
        pre[b] = Some(stop);
        match stop {
            None => work.extend(c.cfg.succ[b].iter().copied()),
            Some(i) => enter_server(c, &postable, &mut server, &mut post, b, i),
        }
    }
    Regions {
        pre,
        server,
        post,
        forced: Vec::new(),
    }
}

/// Marks what the server runs from `(b, i)` and the post blocks it resumes into.
fn enter_server(
    c: &Compilation,
    postable: &[bool],
    server: &mut [Option<usize>],
    post: &mut [bool],
    b: usize,
    i: usize,
) {
    let mut work = vec![(b, i)];
    while let Some((b, i)) = work.pop() {
        if server[b].is_some_and(|from| from <= i) {
            continue;
        }
        server[b] = Some(i);
        for &s in &c.cfg.succ[b] {
            if postable[s] {
                mark_post(c, post, s);
            } else {
                work.push((s, 0));
            }
        }
    }
}

fn mark_post(c: &Compilation, post: &mut [bool], b: usize) {
    if !post[b] {
        post[b] = true;
        for &s in &c.cfg.succ[b] {
            mark_post(c, post, s);
        }
    }
}

/// Writes labels, block sets and warnings from the final regions.
fn finish(c: &mut Compilation, r: &Regions) {
    let consts = constants(&c.program);
    let mut ops = Vec::new();
    let mut warnings: Vec<Warning> = c
        .states
        .iter()
        .filter(|s| s.placement == Placement::Server)
        .map(|s| Warning {
            subject: format!("state @{}", s.name),
            reason: s.reason.clone().unwrap_or_default(),
        })
        .collect();
    for (b, block) in c.program.handler.blocks.iter().enumerate() {
        if let (Some(Some(0)), Some((m, _))) = (r.pre[b], miss_key(c, b)) {
            let legal = !c.cfg.on_cycle[b]
                && block
                    .insts
                    .first()
                    .is_none_or(|i| switch_reason(c, &consts, &i.op).is_none());
            if legal {
                warnings.push(Warning {
                    subject: format!("bb{b}:0 `{}`", c.text(at(b, 0))),
                    reason: format!(
                        "it is where a lookup of the replicated map {} missed; the server decides it on the primary, which may hold keys the switch does not have yet",
                        server_state_name(c, m)
                    ),
                });
            }
        }
        for idx in 0..=block.insts.len() {
            let mut labels = Vec::new();
            if let Some(stop) = r.pre[b] {
                if stop.is_none_or(|s| idx < s) {
                    labels.push(Label::Pre);
                }
            }
            if r.server[b].is_some_and(|from| idx >= from) {
                labels.push(Label::Server);
            }
            if r.post[b] {
                labels.push(Label::Post);
            }
            let reason = block.insts.get(idx).and_then(|inst| {
                if c.cfg.on_cycle[b] {
                    Some("it is inside a loop; the switch has none".to_string())
                } else {
                    switch_reason(c, &consts, &inst.op)
                }
            });
            let at = at(b, idx);
            if let Some(reason) = &reason {
                warnings.push(Warning {
                    subject: format!("bb{b}:{idx} `{}`", c.text(at)),
                    reason: reason.clone(),
                });
            }
            ops.push(OpLabel {
                at,
                text: c.text(at).to_string(),
                labels,
                reason,
            });
        }
    }
    c.pre_blocks = r.pre.iter().map(Option::is_some).collect();
    c.server_blocks = r.server.iter().map(Option::is_some).collect();
    c.post_blocks = r.post.clone();
    c.miss_punt_blocks = r.forced.clone();
    c.ops = ops;
    c.warnings = warnings;
}

/// The state object an operation accesses.
pub(crate) fn state_of(op: &Op) -> Option<StateId> {
    match op {
        Op::MapGet(s, _)
        | Op::MapInsert(s, _, _)
        | Op::MapRemove(s, _)
        | Op::ArrayGet(s, _)
        | Op::ArraySet(s, _, _)
        | Op::RegGet(s)
        | Op::RegSet(s, _) => Some(*s),
        _ => None,
    }
}

/// Constants defined in the handler (to recognise shifts and power-of-two
/// divisions the switch can do).
fn constants(p: &ir::Program) -> HashMap<ValueId, u64> {
    let mut m = HashMap::new();
    for b in &p.handler.blocks {
        for i in &b.insts {
            if let (Op::Const(Value::Bits { value, .. }), Some((r, _))) = (&i.op, i.results.first())
            {
                m.insert(*r, *value);
            }
        }
    }
    m
}

/// Why the switch cannot run `op` (None: it can).
pub(crate) fn switch_reason(
    c: &Compilation,
    consts: &HashMap<ValueId, u64>,
    op: &Op,
) -> Option<String> {
    let placement = |s: &StateId| c.states.get(s.0 as usize).map(|p| p.placement);
    match op {
        Op::Binary(BinOp::Mul | BinOp::Div | BinOp::Rem, _, r) => match consts.get(r) {
            Some(v) if v.is_power_of_two() => None,
            _ => Some(
                "multiplication, division and remainder need a constant power of two on the switch ALU"
                    .into(),
            ),
        },
        Op::Binary(BinOp::Shl | BinOp::Shr, _, r) if !consts.contains_key(r) => {
            Some("the switch ALU shifts only by constant amounts".into())
        }
        Op::PayloadLen | Op::PayloadByte(_) | Op::PayloadContains(_) | Op::PayloadStartsWith(_) => {
            Some("the switch parser does not reach into the payload".into())
        }
        Op::Emit(..) => Some("events are raised by the server".into()),
        Op::Session(_) => Some("session reconstruction keeps per-session state on the server".into()),
        Op::MapInsert(..) | Op::MapRemove(..) => {
            Some("inserts and deletes are done by the server through the control plane".into())
        }
        Op::MapGet(s, _) | Op::ArrayGet(s, _) => match placement(s) {
            Some(Placement::Server) | None => Some(server_state(c, *s)),
            _ => None,
        },
        Op::ArraySet(s, _, _) | Op::RegGet(s) | Op::RegSet(s, _) => match placement(s) {
            Some(Placement::SwitchRegister) => None,
            _ => Some(server_state(c, *s)),
        },
        _ => None,
    }
}

fn server_state(c: &Compilation, s: StateId) -> String {
    format!("state {} is on the server", server_state_name(c, s))
}

fn server_state_name(c: &Compilation, s: StateId) -> String {
    format!("@{}", c.program.state(s).map_or("?", |d| d.name.as_str()))
}
