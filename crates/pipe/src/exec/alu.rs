//! Action execution: the action ALUs, stateful ALUs (register actions), hash units
//! counters and meters. All arithmetic is modulo the destination's width.

use crate::program::{BinOp, CounterKind, HashAlgo, MeterKind};
use crate::resolved::*;

use super::phv::Phv;
use super::table::mask_of;

/// Forwarding decision accumulated by ingress (and drop by egress).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Fwd {
    pub port: Option<u16>,
    pub drop: bool,
}

/// Mutable state an action may touch besides the PHV.
pub(crate) struct Stateful<'a> {
    pub registers: &'a mut [Vec<u64>],
    pub counters: &'a mut [Vec<[u64; 2]>],
    pub meters: &'a mut [Vec<crate::meter::MeterCell>],
    /// The packet's arrival time (meters refill by it).
    pub now_ns: u64,
    pub index_errors: &'a mut u64,
    /// Length of the packet as received (for byte counters).
    pub packet_len: usize,
}

#[inline]
fn val(v: Val, vals: &[u64], args: &[u64]) -> u64 {
    match v {
        Val::Slot(s) => vals[usize::from(s)],
        Val::Const(c) => c,
        Val::Param(i) => args.get(usize::from(i)).copied().unwrap_or(0),
    }
}

/// `a op b` at `width` bits.
#[inline]
pub(crate) fn bin(op: BinOp, a: u64, b: u64, width: u8) -> u64 {
    let m = mask_of(width);
    let (a, b) = (a & m, b & m);
    let r = match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::SatAdd => a.saturating_add(b).min(m),
        BinOp::SatSub => a.saturating_sub(b),
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Shl => a.checked_shl(b as u32).unwrap_or(0),
        BinOp::Shr => a.checked_shr(b as u32).unwrap_or(0),
        BinOp::Min => a.min(b),
        BinOp::Max => a.max(b),
        // Lowered to shifts and masks by validation; kept total for safety.
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::Div => a.checked_div(b).unwrap_or(0),
        BinOp::Mod => a.checked_rem(b).unwrap_or(0),
    };
    r & m
}

#[inline]
fn expr(e: &RExpr, vals: &[u64], args: &[u64], width: u8) -> u64 {
    let m = mask_of(width);
    match *e {
        RExpr::Val(v) => val(v, vals, args) & m,
        RExpr::Bin(op, a, b) => bin(op, val(a, vals, args), val(b, vals, args), width),
        RExpr::Not(a) => !val(a, vals, args) & m,
        RExpr::Select {
            lhs,
            cmp,
            rhs,
            then,
            otherwise,
        } => {
            let pick = if cmp.eval(val(lhs, vals, args), val(rhs, vals, args)) {
                then
            } else {
                otherwise
            };
            val(pick, vals, args) & m
        }
    }
}

fn reg_leaf(l: RLeaf, mem: u64, vals: &[u64]) -> u64 {
    match l {
        RLeaf::Mem => mem,
        RLeaf::Val(v) => val(v, vals, &[]),
    }
}

fn reg_expr(e: RRegExpr, mem: u64, vals: &[u64], width: u8) -> u64 {
    match e {
        RRegExpr::Leaf(l) => reg_leaf(l, mem, vals) & mask_of(width),
        RRegExpr::Bin(op, a, b) => bin(op, reg_leaf(a, mem, vals), reg_leaf(b, mem, vals), width),
    }
}

/// Runs a register action on one cell; returns the ALU output, if any.
pub(crate) fn reg_exec(ra: &RRegAction, cell: &mut u64, vals: &[u64]) -> Option<u64> {
    let old = *cell;
    let taken = match ra.cond {
        None => true,
        Some((l, cmp, r)) => cmp.eval(reg_leaf(l, old, vals), reg_leaf(r, old, vals)),
    };
    let br = if taken { ra.then } else { ra.otherwise };
    let new = br.write.map_or(old, |e| reg_expr(e, old, vals, ra.width));
    *cell = new;
    match br.output {
        ROut::None => None,
        ROut::Old => Some(old),
        ROut::New => Some(new),
        ROut::Expr(e) => Some(reg_expr(e, old, vals, ra.width)),
    }
}

/// Computes a hash unit over the current field values.
pub(crate) fn hash(h: &RHash, vals: &[u64]) -> u64 {
    if h.algo == HashAlgo::Identity {
        let mut acc = 0u64;
        for &(slot, w) in &h.inputs {
            acc = if w >= 64 {
                vals[usize::from(slot)]
            } else {
                (acc << w) | vals[usize::from(slot)]
            };
        }
        return acc & mask_of(h.width);
    }
    // Validation bounds the input to 512 bits in whole bytes.
    let mut buf = [0u8; 64];
    let mut bit = 0usize;
    for &(slot, w) in &h.inputs {
        super::phv::write_bits(&mut buf, bit, w, vals[usize::from(slot)]);
        bit += usize::from(w);
    }
    let bytes = &buf[..bit / 8];
    let v = match h.algo {
        HashAlgo::Crc16 => u64::from(wire::crc::crc16(bytes)),
        _ => u64::from(wire::crc::crc32(bytes)),
    };
    v & mask_of(h.width)
}

/// Runs one action with its arguments.
pub(crate) fn run_action(
    r: &Resolved,
    a: &RAction,
    args: &[u64],
    phv: &mut Phv,
    fwd: &mut Fwd,
    st: &mut Stateful<'_>,
) {
    let Phv { vals, valid, .. } = phv;
    let packet_len = st.packet_len;
    // A write to a field of an invalid header has no effect (P4 targets discard
    // it; BMv2 zeroes a header when it becomes valid): the operation still runs
    // (a register action still updates its cell), only the field keeps its value.
    let writable = |slot: Slot, valid: &[bool]| {
        r.slot_header[usize::from(slot)].is_none_or(|h| valid[usize::from(h)])
    };
    for op in &a.ops {
        match op {
            ROp::Set {
                dst,
                width,
                expr: e,
            } => {
                if writable(*dst, valid) {
                    vals[usize::from(*dst)] = expr(e, vals, args, *width);
                }
            }
            ROp::SetValid(h) => valid[usize::from(*h)] = true,
            ROp::SetInvalid(h) => valid[usize::from(*h)] = false,
            ROp::Forward(p) => fwd.port = Some((val(*p, vals, args) & 0x1ff) as u16),
            ROp::ToCpu => fwd.port = Some(r.cpu_port),
            ROp::Recirculate => fwd.port = Some(r.recirc_port),
            ROp::Drop => fwd.drop = true,
            ROp::Hash { unit, dst, width } => {
                if writable(*dst, valid) {
                    vals[usize::from(*dst)] =
                        hash(&r.hashes[usize::from(*unit)], vals) & mask_of(*width);
                }
            }
            ROp::RegExec { ra, index, dst } => {
                let ra = &r.reg_actions[usize::from(*ra)];
                let idx = val(*index, vals, args);
                let cells = &mut st.registers[usize::from(ra.register)];
                let out = match usize::try_from(idx).ok().and_then(|i| cells.get_mut(i)) {
                    Some(cell) => reg_exec(ra, cell, vals),
                    None => {
                        // Out-of-range index: the access is skipped and output is 0.
                        *st.index_errors += 1;
                        Some(0)
                    }
                };
                if let (Some((slot, w)), Some(v)) = (dst, out) {
                    if writable(*slot, valid) {
                        vals[usize::from(*slot)] = v & mask_of(*w);
                    }
                }
            }
            ROp::Count { counter, index } => {
                let idx = val(*index, vals, args);
                let kind = r.counters[usize::from(*counter)].kind;
                match usize::try_from(idx)
                    .ok()
                    .and_then(|i| st.counters[usize::from(*counter)].get_mut(i))
                {
                    Some(cell) => {
                        if kind != CounterKind::Bytes {
                            cell[0] += 1;
                        }
                        if kind != CounterKind::Packets {
                            cell[1] += packet_len as u64;
                        }
                    }
                    None => *st.index_errors += 1,
                }
            }
            ROp::Meter { meter, index, dst } => {
                let idx = val(*index, vals, args);
                let amount = match r.meters[usize::from(*meter)].kind {
                    MeterKind::Packets => 1,
                    MeterKind::Bytes => packet_len as u64,
                };
                let color = match usize::try_from(idx)
                    .ok()
                    .and_then(|i| st.meters[usize::from(*meter)].get_mut(i))
                {
                    Some(cell) => cell.execute(st.now_ns, amount),
                    None => {
                        *st.index_errors += 1;
                        crate::meter::Color::Green
                    }
                };
                vals[usize::from(dst.0)] = color.value() & mask_of(dst.1);
            }
        }
    }
}

/// Evaluates a control condition.
pub(crate) fn cond(c: &RCond, vals: &[u64], valid: &[bool]) -> bool {
    match c {
        RCond::Valid(h) => valid[usize::from(*h)],
        RCond::Cmp(a, op, b) => op.eval(val(*a, vals, &[]), val(*b, vals, &[])),
        RCond::And(a, b) => cond(a, vals, valid) && cond(b, vals, valid),
        RCond::Or(a, b) => cond(a, vals, valid) || cond(b, vals, valid),
        RCond::Not(a) => !cond(a, vals, valid),
        RCond::Table { atoms, truth } => {
            let mut index = 0u32;
            for (i, a) in atoms.iter().enumerate() {
                let bit = match a {
                    RCond::Valid(h) => valid[usize::from(*h)],
                    RCond::Cmp(a, op, b) => op.eval(val(*a, vals, &[]), val(*b, vals, &[])),
                    other => cond(other, vals, valid),
                };
                index |= u32::from(bit) << i;
            }
            (truth >> index) & 1 == 1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_wraps_and_saturates_at_width() {
        assert_eq!(bin(BinOp::Add, 0xffff, 1, 16), 0);
        assert_eq!(bin(BinOp::Sub, 0, 1, 8), 0xff);
        assert_eq!(bin(BinOp::SatAdd, 0xfff0, 0x20, 16), 0xffff);
        assert_eq!(bin(BinOp::SatSub, 3, 5, 16), 0);
        assert_eq!(bin(BinOp::Shl, 0x81, 1, 8), 0x02);
        assert_eq!(bin(BinOp::Add, u64::MAX, 2, 64), 1);
    }
}
