//! Facts about a resolved program the generator needs: which slots anything
//! reads, which slots actions write.

use pipe::resolved::*;

fn val(v: &Val, slot: Slot) -> bool {
    *v == Val::Slot(slot)
}

fn leaf(l: &RLeaf, slot: Slot) -> bool {
    matches!(l, RLeaf::Val(v) if val(v, slot))
}

fn reg_expr(e: &RRegExpr, slot: Slot) -> bool {
    match e {
        RRegExpr::Leaf(l) => leaf(l, slot),
        RRegExpr::Bin(_, a, b) => leaf(a, slot) || leaf(b, slot),
    }
}

fn cond(c: &RCond, slot: Slot) -> bool {
    match c {
        RCond::Valid(_) => false,
        RCond::Cmp(a, _, b) => val(a, slot) || val(b, slot),
        RCond::And(a, b) | RCond::Or(a, b) => cond(a, slot) || cond(b, slot),
        RCond::Not(a) => cond(a, slot),
        RCond::Table { atoms, .. } => atoms.iter().any(|a| cond(a, slot)),
    }
}

fn stmts(s: &[RStmt], slot: Slot) -> bool {
    s.iter().any(|st| match st {
        RStmt::Apply {
            on_hit, on_miss, ..
        } => stmts(on_hit, slot) || stmts(on_miss, slot),
        RStmt::Run { .. } => false,
        RStmt::If {
            cond: c,
            then,
            otherwise,
        } => cond(c, slot) || stmts(then, slot) || stmts(otherwise, slot),
    })
}

fn op(o: &ROp, slot: Slot) -> bool {
    match o {
        ROp::Set { expr, .. } => match expr {
            RExpr::Val(a) | RExpr::Not(a) => val(a, slot),
            RExpr::Bin(_, a, b) => val(a, slot) || val(b, slot),
            RExpr::Select {
                lhs,
                rhs,
                then,
                otherwise,
                ..
            } => [lhs, rhs, then, otherwise]
                .into_iter()
                .any(|v| val(v, slot)),
        },
        ROp::Forward(v)
        | ROp::RegExec { index: v, .. }
        | ROp::Count { index: v, .. }
        | ROp::Meter { index: v, .. } => val(v, slot),
        ROp::Hash { .. }
        | ROp::SetValid(_)
        | ROp::SetInvalid(_)
        | ROp::ToCpu
        | ROp::Recirculate
        | ROp::Drop => false,
    }
}

/// Whether any part of the program reads `slot`.
pub fn reads_slot(r: &Resolved, slot: Slot) -> bool {
    r.actions.iter().flat_map(|a| &a.ops).any(|o| op(o, slot))
        || r.hashes
            .iter()
            .any(|h| h.inputs.iter().any(|(s, _)| *s == slot))
        || r.tables
            .iter()
            .any(|t| t.key.iter().any(|k| k.slot == slot))
        || r.reg_actions.iter().any(|ra| {
            ra.cond
                .is_some_and(|(a, _, b)| leaf(&a, slot) || leaf(&b, slot))
                || [ra.then, ra.otherwise].iter().any(|br| {
                    br.write.as_ref().is_some_and(|e| reg_expr(e, slot))
                        || matches!(&br.output, ROut::Expr(e) if reg_expr(e, slot))
                })
        })
        || r.states.iter().any(|s| match &s.transition {
            RTrans::Select { fields, .. } => fields.iter().any(|(f, _)| *f == slot),
            RTrans::Next(_) => false,
        })
        || r.checksums
            .iter()
            .any(|c| c.target.slot == slot || c.covered.iter().any(|f| f.slot == slot))
        || stmts(&r.ingress, slot)
        || stmts(&r.egress, slot)
}

/// `written[slot]`: some action writes the slot (a move, a hash, a register
/// output or a meter colour), or a checksum unit updates it.
pub fn written_slots(r: &Resolved) -> Vec<bool> {
    let mut w = vec![false; r.slot_widths.len()];
    for o in r.actions.iter().flat_map(|a| &a.ops) {
        match o {
            ROp::Set { dst, .. } | ROp::Hash { dst, .. } => w[usize::from(*dst)] = true,
            ROp::RegExec {
                dst: Some((d, _)), ..
            }
            | ROp::Meter { dst: (d, _), .. } => {
                w[usize::from(*d)] = true;
            }
            _ => {}
        }
    }
    for c in &r.checksums {
        w[usize::from(c.target.slot)] = true;
    }
    w
}
