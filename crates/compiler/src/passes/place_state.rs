//! Pass `place_state`: decides where each state object lives (Gallium §4.2's
//! state constraints), before any operation is labelled.
//!
//! * A map or vector goes to the switch as exact-match tables when its declared
//!   capacity, key and value fit the resource checker (`pipe::resources::check`
//!   on a program holding just that table and its write-back table). A map the
//!   program never inserts into or deletes from is a plain table
//!   ([`Placement::SwitchTable`]); otherwise the server owns it and the switch holds
//!   a replica ([`Placement::Replicated`]) that the server updates through the
//!   control plane.
//! * A scalar register or a register array goes to the switch
//!   ([`Placement::SwitchRegister`]) when one stateful ALU can do all of a packet's
//!   accesses: on every path at most one read and at most one write of a register,
//!   read before write (one read-modify-write), or at most one access of a
//!   register array; and no access inside a loop. `label_operations` may still
//!   move it to the server if the server would need to access it.
//!
//! * Unless `Options::offload_stale_registers`, a register whose accesses can
//!   follow a lookup of a replicated map stays on the server: the replica lags
//!   the server by the atomic update's latency, and a packet that finds it stale
//!   would take a path the reference does not and change the register for good
//!   (MazuNAT's port counter: a flow's second packet arriving while its first is
//!   on the server would allocate a second port). With the register on the
//!   server, the server re-decides such packets on its primary copy.
//!
//! Before: `@next_port: register<bit<16>>` read once and written once on the
//! allocation path. After: `next_port → switch_register`. A map of 10^7 entries:
//! `server`, "capacity 10000000 does not fit: table … needs … SRAM blocks …".

use crate::context::{Compilation, CompileError};
use crate::model::{Placement, StatePlan};
use ir::{Op, StateId, StateKind, Type};
use pipe::builder::{ProgramBuilder, action, apply, state, table};

/// Runs the pass.
pub fn place_state(c: &mut Compilation) -> Result<(), CompileError> {
    let mut plans = Vec::with_capacity(c.program.states.len());
    for (i, decl) in c.program.states.iter().enumerate() {
        let id = StateId(u32::try_from(i).unwrap_or(u32::MAX));
        let (kind, placement) = match &decl.kind {
            StateKind::Map {
                key,
                value,
                capacity,
                ..
            } => {
                let written = c.program.handler.blocks.iter().any(|b| {
                    b.insts.iter().any(|inst| {
                        matches!(&inst.op, Op::MapInsert(s, ..) | Op::MapRemove(s, _) if *s == id)
                    })
                });
                let fit = table_fits(c, &decl.name, key, value, *capacity, written);
                let p = match fit {
                    Ok(()) if written => Ok(Placement::Replicated),
                    Ok(()) => Ok(Placement::SwitchTable),
                    Err(e) => Err(e),
                };
                ("map", p)
            }
            StateKind::Vector { elem, init } => {
                let len = u32::try_from(init.len()).unwrap_or(u32::MAX).max(1);
                let idx = Type::Bits(32);
                let p = table_fits(c, &decl.name, &idx, elem, len, false)
                    .map(|()| Placement::SwitchTable);
                ("vector", p)
            }
            StateKind::Register { .. } => ("register", register_fits(c, id, false)),
            StateKind::RegArray { .. } => ("regarray", register_fits(c, id, true)),
        };
        plans.push(match placement {
            Ok(placement) => StatePlan {
                name: decl.name.clone(),
                kind,
                placement,
                reason: None,
            },
            Err(reason) => StatePlan {
                name: decl.name.clone(),
                kind,
                placement: Placement::Server,
                reason: Some(reason),
            },
        });
    }
    if !c.options.offload_stale_registers {
        keep_stale_registers_on_server(c, &mut plans);
    }
    c.states = plans;
    Ok(())
}

/// Moves to the server every switch register some access of which is reachable
/// from a lookup of a replicated map (see the module docs).
fn keep_stale_registers_on_server(c: &Compilation, plans: &mut [StatePlan]) {
    let f = &c.program.handler;
    let succ = crate::cfg::successors(f);
    // Blocks reached after a replicated lookup, and the map looked up.
    let mut after: Vec<Option<String>> = vec![None; f.blocks.len()];
    let mut work = Vec::new();
    for (bi, b) in f.blocks.iter().enumerate() {
        for (k, inst) in b.insts.iter().enumerate() {
            let Op::MapGet(m, _) = &inst.op else { continue };
            let name = match plans.get(m.0 as usize) {
                Some(p) if p.placement == Placement::Replicated => p.name.clone(),
                _ => continue,
            };
            // Accesses later in the lookup's own block follow it too.
            for later in &b.insts[k + 1..] {
                mark_register_access(plans, &later.op, &name);
            }
            for &s in succ.get(bi).into_iter().flatten() {
                if after[s].is_none() {
                    after[s] = Some(name.clone());
                    work.push(s);
                }
            }
        }
    }
    while let Some(b) = work.pop() {
        let map = after[b].clone();
        for &s in succ.get(b).into_iter().flatten() {
            if after[s].is_none() {
                after[s] = map.clone();
                work.push(s);
            }
        }
    }
    for (bi, map) in after.iter().enumerate() {
        let Some(map) = map else { continue };
        for inst in &f.blocks[bi].insts {
            mark_register_access(plans, &inst.op, map);
        }
    }
}

fn mark_register_access(plans: &mut [StatePlan], op: &Op, map: &str) {
    let id = match op {
        Op::RegGet(s) | Op::RegSet(s, _) | Op::ArrayGet(s, _) | Op::ArraySet(s, ..) => *s,
        _ => return,
    };
    let Some(plan) = plans.get_mut(id.0 as usize) else {
        return;
    };
    if plan.placement == Placement::SwitchRegister {
        plan.placement = Placement::Server;
        plan.reason = Some(format!(
            "it is accessed after a lookup of the replicated map @{map}: a packet that finds the switch's replica stale (the server's update not visible yet) would change it on a path the reference does not take; the server decides such packets on its primary copy (--offload-stale-registers keeps it on the switch, as Gallium does)"
        ));
    }
}

/// Scalars of a type with their widths (tuples flattened), as a switch lays them out.
pub(crate) fn scalar_widths(t: &Type) -> Vec<u32> {
    match t {
        Type::Tuple(ts) => ts.iter().flat_map(scalar_widths).collect(),
        other => vec![other.bit_width().max(1)],
    }
}

/// Whether an exact-match table of this shape fits the profile on its own.
fn table_fits(
    c: &Compilation,
    name: &str,
    key: &Type,
    value: &Type,
    capacity: u32,
    write_back: bool,
) -> Result<(), String> {
    let key_w = scalar_widths(key);
    let val_w = scalar_widths(value);
    let key_bits: u32 = key_w.iter().sum();
    if key_bits > pipe::MAX_KEY_BITS {
        return Err(format!(
            "its key has {key_bits} bits, more than a switch match key ({} bits)",
            pipe::MAX_KEY_BITS
        ));
    }
    let key_fields: Vec<(String, u8)> = key_w
        .iter()
        .enumerate()
        .map(|(i, w)| (format!("k{i}"), u8::try_from(*w).unwrap_or(u8::MAX)))
        .collect();
    let mut b = ProgramBuilder::new("fit");
    let fields: Vec<(&str, u8)> = key_fields.iter().map(|(n, w)| (n.as_str(), *w)).collect();
    b.header("fit_key", &fields);
    b.state(state("start").extract("fit_key").accept());
    let mut hit = action("hit");
    for (i, w) in val_w.iter().enumerate() {
        hit = hit.param(&format!("v{i}"), u8::try_from(*w).unwrap_or(u8::MAX));
    }
    b.action(hit);
    b.action(action("miss"));
    let tname = format!("t_{name}");
    let mut t = table(&tname)
        .action("hit")
        .default_action("miss", &[])
        .size(capacity);
    for (n, _) in &key_fields {
        t = t.exact(&format!("fit_key.{n}"));
    }
    if write_back {
        t = t.write_back(capacity.clamp(1, 4096));
    }
    b.table(t);
    b.ingress(vec![apply(&tname)]);
    let program = b
        .build()
        .map_err(|e| format!("cannot be expressed as a switch table: {e}"))?;
    pipe::resources::check(&program, &c.options.profile)
        .map(|_| ())
        .map_err(|e| format!("capacity {capacity} does not fit the switch: {e}"))
}

/// Whether one stateful ALU can serve every path's accesses of a register.
fn register_fits(c: &Compilation, id: StateId, array: bool) -> Result<Placement, String> {
    let f = &c.program.handler;
    let n = f.blocks.len();
    // Per block: (reads, writes, a write precedes a read) along the worst path
    // ending at the block's end. Over-approximates by taking maxima over
    // predecessors separately, which can only refuse more.
    let mut acc: Vec<(u32, u32, bool)> = vec![(0, 0, false); n];
    for &b in &c.cfg.rpo {
        let mut cur = (0, 0, false);
        for &p in &c.cfg.pred[b] {
            if c.cfg.rpo.iter().position(|&x| x == p) < c.cfg.rpo.iter().position(|&x| x == b) {
                let a = acc[p];
                cur = (cur.0.max(a.0), cur.1.max(a.1), cur.2 || a.2);
            }
        }
        for inst in &f.blocks[b].insts {
            let (r, w) = match &inst.op {
                Op::RegGet(s) | Op::ArrayGet(s, _) if *s == id => (1, 0),
                Op::RegSet(s, _) | Op::ArraySet(s, _, _) if *s == id => (0, 1),
                _ => continue,
            };
            if c.cfg.on_cycle[b] {
                return Err(format!("it is accessed inside a loop (block bb{b})"));
            }
            if r == 1 && cur.1 > 0 {
                cur.2 = true;
            }
            cur = (cur.0 + r, cur.1 + w, cur.2);
        }
        acc[b] = cur;
    }
    for (reads, writes, write_first) in acc {
        if array && reads + writes > 1 {
            return Err(
                "a packet may access the register array more than once; one stateful ALU does one access per packet"
                    .into(),
            );
        }
        if reads > 1 || writes > 1 || write_first {
            return Err(
                "a packet may read or write the register more than once (or write before reading); one stateful ALU does one read-modify-write per packet"
                    .into(),
            );
        }
    }
    Ok(Placement::SwitchRegister)
}
