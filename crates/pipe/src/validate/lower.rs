//! Lowering of actions, register actions, tables and controls to the resolved form,
//! with the ALU-legality and single-access checks.

use crate::error::ProgramError;
use crate::program::*;
use crate::resolved::*;

use super::Names;

pub(crate) fn lookup_field(
    names: &Names<'_>,
    place: &str,
    f: &FieldRef,
) -> Result<(Slot, u8), ProgramError> {
    if f.header != META && f.header != STD && !names.headers.contains_key(f.header.as_str()) {
        return Err(ProgramError::unknown(place, "header", &f.header));
    }
    names
        .fields
        .get(&(f.header.as_str(), f.field.as_str()))
        .copied()
        .ok_or_else(|| ProgramError::unknown(place, "field", &f.to_string()))
}

fn mask(width: u8) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

pub(crate) fn check_fits(place: &str, value: u64, width: u8) -> Result<(), ProgramError> {
    if value & !mask(width) != 0 {
        return Err(ProgramError::ConstTooWide {
            place: place.to_string(),
            value,
            width,
        });
    }
    Ok(())
}

pub(crate) struct Lowerer<'a, 'p> {
    pub p: &'p Program,
    pub names: &'a Names<'p>,
    pub registers: &'a [RRegister],
}

impl Lowerer<'_, '_> {
    /// Resolves an operand; returns it with its width (`None` for constants).
    pub(super) fn operand(
        &self,
        place: &str,
        o: &Operand,
        params: Option<&[Field]>,
    ) -> Result<(Val, Option<u8>), ProgramError> {
        Ok(match o {
            Operand::Field(f) => {
                let (slot, w) = lookup_field(self.names, place, f)?;
                (Val::Slot(slot), Some(w))
            }
            Operand::Const(c) => (Val::Const(*c), None),
            Operand::Param(name) => {
                let params = params.ok_or_else(|| {
                    ProgramError::invalid(
                        place,
                        format!("action parameter `{name}` is not available here"),
                    )
                })?;
                let i = params
                    .iter()
                    .position(|f| &f.name == name)
                    .ok_or_else(|| ProgramError::unknown(place, "action parameter", name))?;
                (Val::Param(i as u8), Some(params[i].width))
            }
        })
    }

    /// An operand used at `width`: constants must fit.
    pub(super) fn operand_at(
        &self,
        place: &str,
        o: &Operand,
        params: Option<&[Field]>,
        width: u8,
    ) -> Result<Val, ProgramError> {
        let (v, _) = self.operand(place, o, params)?;
        if let Val::Const(c) = v {
            check_fits(place, c, width)?;
        }
        Ok(v)
    }

    /// Checks `Mul`/`Div`/`Mod` by a power of two and shift amounts, and rewrites
    /// them into the shift/mask an ALU performs.
    pub(super) fn alu_op(
        &self,
        place: &str,
        op: BinOp,
        b: Val,
        width: u8,
    ) -> Result<(BinOp, Val), ProgramError> {
        let name = match op {
            BinOp::Mul => "multiplication",
            BinOp::Div => "division",
            BinOp::Mod => "modulo",
            BinOp::Shl | BinOp::Shr => {
                return match b {
                    Val::Const(k) if k < u64::from(width) => Ok((op, b)),
                    Val::Const(k) => Err(ProgramError::NotAluLegal {
                        place: place.to_string(),
                        what: format!("shift by {k} is not less than the width {width}"),
                    }),
                    _ => Err(ProgramError::NotAluLegal {
                        place: place.to_string(),
                        what: "shift by a non-constant amount".to_string(),
                    }),
                };
            }
            _ => return Ok((op, b)),
        };
        match b {
            Val::Const(k) if k.is_power_of_two() => {
                let log = u64::from(k.trailing_zeros());
                Ok(match op {
                    BinOp::Mul => (BinOp::Shl, Val::Const(log)),
                    BinOp::Div => (BinOp::Shr, Val::Const(log)),
                    _ => (BinOp::And, Val::Const(k - 1)),
                })
            }
            Val::Const(k) => Err(ProgramError::NotAluLegal {
                place: place.to_string(),
                what: format!("{name} by {k}, which is not a power of two"),
            }),
            _ => Err(ProgramError::NotAluLegal {
                place: place.to_string(),
                what: format!("{name} by a non-constant"),
            }),
        }
    }

    fn expr(
        &self,
        place: &str,
        e: &Expr,
        params: Option<&[Field]>,
        width: u8,
    ) -> Result<RExpr, ProgramError> {
        Ok(match e {
            Expr::Value(o) => RExpr::Val(self.operand_at(place, o, params, width)?),
            Expr::Not(o) => RExpr::Not(self.operand_at(place, o, params, width)?),
            Expr::Bin(op, a, b) => {
                let a = self.operand_at(place, a, params, width)?;
                let (bv, _) = self.operand(place, b, params)?;
                let (op, bv) = self.alu_op(place, *op, bv, width)?;
                if let (
                    Val::Const(c),
                    BinOp::Add
                    | BinOp::Sub
                    | BinOp::SatAdd
                    | BinOp::SatSub
                    | BinOp::And
                    | BinOp::Or
                    | BinOp::Xor
                    | BinOp::Min
                    | BinOp::Max,
                ) = (bv, op)
                {
                    check_fits(place, c, width)?;
                }
                RExpr::Bin(op, a, bv)
            }
            Expr::Select {
                lhs,
                cmp,
                rhs,
                then,
                otherwise,
            } => {
                let (l, rhs_v) = self.compare(place, lhs, rhs, params)?;
                RExpr::Select {
                    lhs: l,
                    cmp: *cmp,
                    rhs: rhs_v,
                    then: self.operand_at(place, then, params, width)?,
                    otherwise: self.operand_at(place, otherwise, params, width)?,
                }
            }
        })
    }

    /// Operands of a comparison: compared at the wider operand's width.
    pub(super) fn compare(
        &self,
        place: &str,
        a: &Operand,
        b: &Operand,
        params: Option<&[Field]>,
    ) -> Result<(Val, Val), ProgramError> {
        let (av, aw) = self.operand(place, a, params)?;
        let (bv, bw) = self.operand(place, b, params)?;
        let w = aw.max(bw).unwrap_or(64);
        for v in [av, bv] {
            if let Val::Const(c) = v {
                check_fits(place, c, w)?;
            }
        }
        Ok((av, bv))
    }

    fn dst(&self, place: &str, f: &FieldRef) -> Result<(Slot, u8), ProgramError> {
        if f.header == STD {
            return Err(ProgramError::invalid(
                place,
                format!("`{f}` is read-only; use forward/to_cpu/recirculate/drop"),
            ));
        }
        lookup_field(self.names, place, f)
    }

    fn op(&self, place: &str, op: &Op, params: &[Field]) -> Result<ROp, ProgramError> {
        let header = |h: &str| {
            self.names
                .headers
                .get(h)
                .copied()
                .ok_or_else(|| ProgramError::unknown(place, "header", h))
        };
        Ok(match op {
            Op::Set { dst, expr } => {
                let (slot, width) = self.dst(place, dst)?;
                ROp::Set {
                    dst: slot,
                    width,
                    expr: self.expr(place, expr, Some(params), width)?,
                }
            }
            Op::SetValid(h) => ROp::SetValid(header(h)?),
            Op::SetInvalid(h) => ROp::SetInvalid(header(h)?),
            Op::Forward(port) => ROp::Forward(self.operand_at(place, port, Some(params), 9)?),
            Op::ToCpu => ROp::ToCpu,
            Op::Recirculate => ROp::Recirculate,
            Op::Drop => ROp::Drop,
            Op::Hash { unit, dst } => {
                let u = *self
                    .names
                    .hashes
                    .get(unit.as_str())
                    .ok_or_else(|| ProgramError::unknown(place, "hash unit", unit))?;
                let (slot, width) = self.dst(place, dst)?;
                ROp::Hash {
                    unit: u,
                    dst: slot,
                    width,
                }
            }
            Op::RegExec { action, index, dst } => {
                let ra = *self
                    .names
                    .reg_actions
                    .get(action.as_str())
                    .ok_or_else(|| ProgramError::unknown(place, "register action", action))?;
                let reg = &self.registers[usize::from(self.ra_register(ra))];
                let index = self.operand_at(place, index, Some(params), 32)?;
                if let Val::Const(i) = index {
                    if i >= u64::from(reg.size) {
                        return Err(ProgramError::invalid(
                            place,
                            format!(
                                "index {i} is outside register `{}` of {} cells",
                                reg.name, reg.size
                            ),
                        ));
                    }
                }
                let dst = dst.as_ref().map(|d| self.dst(place, d)).transpose()?;
                let prog = &self.p.reg_actions[usize::from(ra)];
                let silent = prog.then.output == RegOut::None
                    || (prog.cond.is_some() && prog.otherwise.output == RegOut::None);
                if dst.is_some() && silent {
                    // A stateful ALU always drives its output; "leave the destination
                    // unchanged" has no hardware equivalent.
                    return Err(ProgramError::invalid(
                        place,
                        format!(
                            "register action `{action}` has a branch without output, so it cannot write a destination"
                        ),
                    ));
                }
                ROp::RegExec { ra, index, dst }
            }
            Op::Count { counter, index } => {
                let c = *self
                    .names
                    .counters
                    .get(counter.as_str())
                    .ok_or_else(|| ProgramError::unknown(place, "counter", counter))?;
                ROp::Count {
                    counter: c,
                    index: self.operand_at(place, index, Some(params), 32)?,
                }
            }
            Op::ExecuteMeter { meter, index, dst } => {
                let m = *self
                    .names
                    .meters
                    .get(meter.as_str())
                    .ok_or_else(|| ProgramError::unknown(place, "meter", meter))?;
                let dst = self.dst(place, dst)?;
                if dst.1 < 2 {
                    return Err(ProgramError::invalid(
                        place,
                        format!(
                            "meter `{meter}` writes a colour (0..=2) into a {}-bit field; it needs at least 2 bits",
                            dst.1
                        ),
                    ));
                }
                let index = self.operand_at(place, index, Some(params), 32)?;
                if let Val::Const(i) = index {
                    let size = self.p.meters[usize::from(m)].size;
                    if i >= u64::from(size) {
                        return Err(ProgramError::invalid(
                            place,
                            format!("index {i} is outside meter `{meter}` of {size} cells"),
                        ));
                    }
                }
                ROp::Meter {
                    meter: m,
                    index,
                    dst,
                }
            }
        })
    }

    fn ra_register(&self, ra: u16) -> u16 {
        let name = &self.p.reg_actions[usize::from(ra)].register;
        self.names
            .registers
            .get(name.as_str())
            .copied()
            .unwrap_or(0)
    }

    pub fn action(&self, a: &Action) -> Result<RAction, ProgramError> {
        if a.params.len() > 32 {
            return Err(ProgramError::invalid(
                format!("action `{}`", a.name),
                "more than 32 parameters",
            ));
        }
        for prm in &a.params {
            check_width(
                format!("action `{}` parameter `{}`", a.name, prm.name),
                prm.width,
            )?;
        }
        let ops = a
            .ops
            .iter()
            .enumerate()
            .map(|(i, op)| self.op(&format!("action `{}` op {}", a.name, i + 1), op, &a.params))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(RAction {
            name: a.name.clone(),
            param_widths: a.params.iter().map(|f| f.width).collect(),
            ops,
        })
    }
}

fn check_width(place: String, width: u8) -> Result<(), ProgramError> {
    if width == 0 || width > 64 {
        return Err(ProgramError::BadWidth {
            place,
            width: u32::from(width),
            allowed: "1..=64 bits",
        });
    }
    Ok(())
}
