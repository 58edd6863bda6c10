//! Which PHV slots a program ever reads or writes. Header fields nobody touches are
//! neither extracted nor re-emitted field by field: the deparser copies a parsed
//! header's original bytes and writes only the used fields over them, which gives
//! the same bytes as extracting and re-emitting every field.

use crate::resolved::*;

fn val(v: Val, used: &mut [bool]) {
    if let Val::Slot(s) = v {
        used[usize::from(s)] = true;
    }
}

fn leaf(l: RLeaf, used: &mut [bool]) {
    if let RLeaf::Val(v) = l {
        val(v, used);
    }
}

fn reg_expr(e: RRegExpr, used: &mut [bool]) {
    match e {
        RRegExpr::Leaf(l) => leaf(l, used),
        RRegExpr::Bin(_, a, b) => {
            leaf(a, used);
            leaf(b, used);
        }
    }
}

fn cond(c: &RCond, used: &mut [bool]) {
    match c {
        RCond::Valid(_) => {}
        RCond::Cmp(a, _, b) => {
            val(*a, used);
            val(*b, used);
        }
        RCond::And(a, b) | RCond::Or(a, b) => {
            cond(a, used);
            cond(b, used);
        }
        RCond::Not(a) => cond(a, used),
        RCond::Table { atoms, .. } => atoms.iter().for_each(|a| cond(a, used)),
    }
}

fn stmts(s: &[RStmt], used: &mut [bool]) {
    for st in s {
        match st {
            RStmt::Apply {
                on_hit, on_miss, ..
            } => {
                stmts(on_hit, used);
                stmts(on_miss, used);
            }
            RStmt::Run { .. } => {}
            RStmt::If {
                cond: c,
                then,
                otherwise,
            } => {
                cond(c, used);
                stmts(then, used);
                stmts(otherwise, used);
            }
        }
    }
}

/// `used[slot]` is true when any part of the program reads or writes the slot.
pub(crate) fn used_slots(r: &Resolved) -> Vec<bool> {
    let mut used = vec![false; r.slot_widths.len()];
    for s in &r.states {
        if let RTrans::Select { fields, .. } = &s.transition {
            fields
                .iter()
                .for_each(|(slot, _)| used[usize::from(*slot)] = true);
        }
    }
    for t in &r.tables {
        t.key.iter().for_each(|k| used[usize::from(k.slot)] = true);
    }
    for h in &r.hashes {
        h.inputs
            .iter()
            .for_each(|(slot, _)| used[usize::from(*slot)] = true);
    }
    for ra in &r.reg_actions {
        if let Some((a, _, b)) = ra.cond {
            leaf(a, &mut used);
            leaf(b, &mut used);
        }
        for br in [ra.then, ra.otherwise] {
            if let Some(e) = br.write {
                reg_expr(e, &mut used);
            }
            if let ROut::Expr(e) = br.output {
                reg_expr(e, &mut used);
            }
        }
    }
    for a in &r.actions {
        for op in &a.ops {
            match op {
                ROp::Set { dst, expr, .. } => {
                    used[usize::from(*dst)] = true;
                    match *expr {
                        RExpr::Val(v) | RExpr::Not(v) => val(v, &mut used),
                        RExpr::Bin(_, x, y) => [x, y].into_iter().for_each(|v| val(v, &mut used)),
                        RExpr::Select {
                            lhs,
                            rhs,
                            then,
                            otherwise,
                            ..
                        } => [lhs, rhs, then, otherwise]
                            .into_iter()
                            .for_each(|v| val(v, &mut used)),
                    }
                }
                ROp::Forward(v) => val(*v, &mut used),
                ROp::Hash { dst, .. } => used[usize::from(*dst)] = true,
                ROp::RegExec { index, dst, .. } => {
                    val(*index, &mut used);
                    if let Some((d, _)) = dst {
                        used[usize::from(*d)] = true;
                    }
                }
                ROp::Count { index, .. } => val(*index, &mut used),
                ROp::Meter { index, dst, .. } => {
                    val(*index, &mut used);
                    used[usize::from(dst.0)] = true;
                }
                ROp::SetValid(_)
                | ROp::SetInvalid(_)
                | ROp::ToCpu
                | ROp::Recirculate
                | ROp::Drop => {}
            }
        }
    }
    for c in &r.checksums {
        used[usize::from(c.target.slot)] = true;
        c.covered
            .iter()
            .for_each(|f| used[usize::from(f.slot)] = true);
    }
    stmts(&r.ingress, &mut used);
    stmts(&r.egress, &mut used);
    used
}

/// Drops covered fields a checksum unit can never see change: fields no action
/// writes, in headers no action makes valid or invalid. Their old and new values
/// are always equal, so they would only cost a comparison per packet.
pub(crate) fn prune_checksums(r: &mut Resolved) {
    let mut written = vec![false; r.slot_widths.len()];
    let mut toggled = vec![false; r.headers.len()];
    for a in &r.actions {
        for op in &a.ops {
            match op {
                ROp::Set { dst, .. } | ROp::Hash { dst, .. } => written[usize::from(*dst)] = true,
                ROp::RegExec {
                    dst: Some((d, _)), ..
                } => written[usize::from(*d)] = true,
                ROp::SetValid(h) | ROp::SetInvalid(h) => toggled[usize::from(*h)] = true,
                _ => {}
            }
        }
    }
    for c in &mut r.checksums {
        c.covered
            .retain(|f| written[usize::from(f.slot)] || toggled[usize::from(f.header)]);
    }
}
