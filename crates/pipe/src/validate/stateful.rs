//! Lowering of register actions (stateful ALU programs).

use crate::error::ProgramError;
use crate::program::*;
use crate::resolved::*;

use super::lower::Lowerer;

impl Lowerer<'_, '_> {
    fn leaf(&self, place: &str, l: &RegLeaf, width: u8) -> Result<RLeaf, ProgramError> {
        Ok(match l {
            RegLeaf::Mem => RLeaf::Mem,
            RegLeaf::Operand(o) => RLeaf::Val(self.operand_at(place, o, None, width)?),
        })
    }

    fn reg_expr(&self, place: &str, e: &RegExpr, width: u8) -> Result<RRegExpr, ProgramError> {
        Ok(match e {
            RegExpr::Leaf(l) => RRegExpr::Leaf(self.leaf(place, l, width)?),
            RegExpr::Bin(op, a, b) => {
                let a = self.leaf(place, a, width)?;
                let b = match b {
                    RegLeaf::Mem => RLeaf::Mem,
                    RegLeaf::Operand(o) => RLeaf::Val(self.operand(place, o, None)?.0),
                };
                let (op, b) = match b {
                    RLeaf::Mem
                        if matches!(
                            op,
                            BinOp::Mul | BinOp::Div | BinOp::Mod | BinOp::Shl | BinOp::Shr
                        ) =>
                    {
                        return Err(ProgramError::NotAluLegal {
                            place: place.to_string(),
                            what: format!("{op:?} by the register's own value"),
                        });
                    }
                    RLeaf::Mem => (*op, b),
                    RLeaf::Val(v) => {
                        let (op, v) = self.alu_op(place, *op, v, width)?;
                        (op, RLeaf::Val(v))
                    }
                };
                RRegExpr::Bin(op, a, b)
            }
        })
    }

    fn branch(&self, place: &str, b: &RegBranch, width: u8) -> Result<RBranch, ProgramError> {
        Ok(RBranch {
            write: b
                .write
                .as_ref()
                .map(|e| self.reg_expr(place, e, width))
                .transpose()?,
            output: match &b.output {
                RegOut::None => ROut::None,
                RegOut::Old => ROut::Old,
                RegOut::New => ROut::New,
                RegOut::Expr(e) => ROut::Expr(self.reg_expr(place, e, width)?),
            },
        })
    }

    pub fn reg_action(&self, ra: &RegAction) -> Result<RRegAction, ProgramError> {
        let place = format!("register action `{}`", ra.name);
        let register = *self
            .names
            .registers
            .get(ra.register.as_str())
            .ok_or_else(|| ProgramError::unknown(&place, "register", &ra.register))?;
        let width = self.registers[usize::from(register)].width;
        let cond = match &ra.cond {
            None => None,
            Some(c) => Some((
                self.leaf(&place, &c.lhs, width)?,
                c.cmp,
                self.leaf(&place, &c.rhs, width)?,
            )),
        };
        Ok(RRegAction {
            register,
            width,
            cond,
            then: self.branch(&place, &ra.then, width)?,
            otherwise: self.branch(&place, &ra.otherwise, width)?,
        })
    }
}
