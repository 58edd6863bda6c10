//! Lowering of actions, register actions, tables and controls to the resolved form,
//! with the ALU-legality and single-access checks.

use crate::error::ProgramError;
use crate::program::*;
use crate::resolved::*;

use super::{MAX_KEY_BITS, Names};

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

fn check_fits(place: &str, value: u64, width: u8) -> Result<(), ProgramError> {
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
    fn operand(
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
    fn operand_at(
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
    fn alu_op(
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
    fn compare(
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

    fn args(
        &self,
        place: &str,
        call: &ActionCall,
        actions: &[RAction],
    ) -> Result<(u16, Box<[u64]>), ProgramError> {
        let id = *self
            .names
            .actions
            .get(call.action.as_str())
            .ok_or_else(|| ProgramError::unknown(place, "action", &call.action))?;
        let widths = &actions[usize::from(id)].param_widths;
        if widths.len() != call.args.len() {
            return Err(ProgramError::Arity {
                place: place.to_string(),
                action: call.action.clone(),
                expected: widths.len(),
                given: call.args.len(),
            });
        }
        for (&v, &w) in call.args.iter().zip(widths) {
            check_fits(place, v, w)?;
        }
        Ok((id, call.args.clone().into_boxed_slice()))
    }

    pub fn table(&self, t: &Table, actions: &[RAction]) -> Result<RTable, ProgramError> {
        let place = format!("table `{}`", t.name);
        let mut key = Vec::new();
        let mut bits = 0u32;
        for (i, k) in t.keys.iter().enumerate() {
            let (slot, width) =
                lookup_field(self.names, &format!("{place} key {}", i + 1), &k.field)?;
            bits += u32::from(width);
            key.push(KeyPart {
                slot,
                width,
                kind: k.kind,
            });
        }
        if bits > MAX_KEY_BITS {
            return Err(ProgramError::BadWidth {
                place,
                width: bits,
                allowed: "keys of at most 256 bits",
            });
        }
        if t.keys.iter().filter(|k| k.kind == MatchKind::Lpm).count() > 1 {
            return Err(ProgramError::invalid(
                place,
                "at most one key field may be LPM",
            ));
        }
        if t.size == 0 {
            return Err(ProgramError::invalid(place, "size must be at least 1"));
        }
        if t.write_back == Some(0) {
            return Err(ProgramError::invalid(
                place,
                "a write-back table needs at least 1 entry",
            ));
        }
        let mut ids = Vec::new();
        for a in &t.actions {
            let id = *self
                .names
                .actions
                .get(a.as_str())
                .ok_or_else(|| ProgramError::unknown(&place, "action", a))?;
            if ids.contains(&id) {
                return Err(ProgramError::invalid(
                    &place,
                    format!("action `{a}` listed twice"),
                ));
            }
            ids.push(id);
        }
        let (default_action, default_args) = self.args(
            &format!("{place} default action"),
            &t.default_action,
            actions,
        )?;
        if !ids.contains(&default_action) {
            return Err(ProgramError::invalid(
                place,
                format!(
                    "default action `{}` is not among the table's actions",
                    t.default_action.action
                ),
            ));
        }
        Ok(RTable {
            name: t.name.clone(),
            ternary: t.is_ternary(),
            key,
            actions: ids,
            default_action,
            default_args,
            size: t.size,
            idle_timeout: t.idle_timeout,
            write_back: t.write_back,
        })
    }

    fn cond(&self, place: &str, c: &Cond) -> Result<RCond, ProgramError> {
        Ok(match c {
            Cond::Valid(h) => RCond::Valid(
                *self
                    .names
                    .headers
                    .get(h.as_str())
                    .ok_or_else(|| ProgramError::unknown(place, "header", h))?,
            ),
            Cond::Cmp(a, op, b) => {
                let (a, b) = self.compare(place, a, b, None)?;
                RCond::Cmp(a, *op, b)
            }
            Cond::And(a, b) => RCond::And(
                Box::new(self.cond(place, a)?),
                Box::new(self.cond(place, b)?),
            ),
            Cond::Or(a, b) => RCond::Or(
                Box::new(self.cond(place, a)?),
                Box::new(self.cond(place, b)?),
            ),
            Cond::Not(a) => RCond::Not(Box::new(self.cond(place, a)?)),
        })
    }

    pub fn control(
        &self,
        gress: &str,
        stmts: &[Stmt],
        actions: &[RAction],
    ) -> Result<Vec<RStmt>, ProgramError> {
        stmts
            .iter()
            .map(|s| {
                Ok(match s {
                    Stmt::Apply {
                        table,
                        on_hit,
                        on_miss,
                    } => RStmt::Apply {
                        table: *self
                            .names
                            .tables
                            .get(table.as_str())
                            .ok_or_else(|| ProgramError::unknown(gress, "table", table))?,
                        on_hit: self.control(gress, on_hit, actions)?,
                        on_miss: self.control(gress, on_miss, actions)?,
                    },
                    Stmt::Run(call) => {
                        let (action, args) =
                            self.args(&format!("{gress}: run `{}`", call.action), call, actions)?;
                        RStmt::Run { action, args }
                    }
                    Stmt::If {
                        cond,
                        then,
                        otherwise,
                    } => RStmt::If {
                        cond: self.cond(&format!("{gress}: if"), cond)?,
                        then: self.control(gress, then, actions)?,
                        otherwise: self.control(gress, otherwise, actions)?,
                    },
                })
            })
            .collect()
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

/// One register access: which array, from where, on which control path. A path is a
/// list of (branch point, arm) pairs; two accesses are exclusive when they took
/// different arms of a common branch point.
struct Access {
    register: u16,
    gress: &'static str,
    place: String,
    path: Vec<(u32, u32)>,
}

fn exclusive(a: &[(u32, u32)], b: &[(u32, u32)]) -> bool {
    a.iter()
        .any(|(id, arm)| b.iter().any(|(id2, arm2)| id == id2 && arm != arm2))
}

struct Walker<'a> {
    p: &'a Program,
    actions: &'a [RAction],
    reg_actions: &'a [RRegAction],
    next_id: u32,
    applied: Vec<u32>,
    accesses: Vec<Access>,
    egress_forwarding: Option<String>,
    egress_wb: Option<String>,
}

impl Walker<'_> {
    fn action(&mut self, gress: &'static str, a: u16, place: String, path: &[(u32, u32)]) {
        if gress == "egress"
            && self.actions[usize::from(a)]
                .ops
                .iter()
                .any(|o| matches!(o, ROp::Forward(_) | ROp::ToCpu | ROp::Recirculate))
        {
            self.egress_forwarding.get_or_insert(place.clone());
        }
        for op in &self.actions[usize::from(a)].ops {
            if let ROp::RegExec { ra, .. } = op {
                self.accesses.push(Access {
                    register: self.reg_actions[usize::from(*ra)].register,
                    gress,
                    place: place.clone(),
                    path: path.to_vec(),
                });
            }
        }
    }

    fn walk(&mut self, gress: &'static str, stmts: &[RStmt], path: &mut Vec<(u32, u32)>) {
        for s in stmts {
            let id = self.next_id;
            self.next_id += 1;
            match s {
                RStmt::Apply {
                    table,
                    on_hit,
                    on_miss,
                } => {
                    self.applied[usize::from(*table)] += 1;
                    let t = &self.p.tables[usize::from(*table)];
                    if gress == "egress" && t.write_back.is_some() {
                        self.egress_wb.get_or_insert(t.name.clone());
                    }
                    let resolved: Vec<u16> = t
                        .actions
                        .iter()
                        .filter_map(|a| {
                            self.p
                                .actions
                                .iter()
                                .position(|x| &x.name == a)
                                .map(|i| i as u16)
                        })
                        .collect();
                    for (arm, a) in resolved.into_iter().enumerate() {
                        path.push((id, arm as u32));
                        let place = format!(
                            "{gress}: table `{}` action `{}`",
                            t.name,
                            self.actions[usize::from(a)].name
                        );
                        self.action(gress, a, place, path);
                        path.pop();
                    }
                    let id2 = self.next_id;
                    self.next_id += 1;
                    path.push((id2, 0));
                    self.walk(gress, on_hit, path);
                    path.pop();
                    path.push((id2, 1));
                    self.walk(gress, on_miss, path);
                    path.pop();
                }
                RStmt::Run { action, .. } => {
                    let place =
                        format!("{gress}: run `{}`", self.actions[usize::from(*action)].name);
                    self.action(gress, *action, place, path);
                }
                RStmt::If {
                    then, otherwise, ..
                } => {
                    path.push((id, 0));
                    self.walk(gress, then, path);
                    path.pop();
                    path.push((id, 1));
                    self.walk(gress, otherwise, path);
                    path.pop();
                }
            }
        }
    }
}

/// Each table is applied at most once in the whole program, and each register array
/// is accessed at most once per packet and from one gress only.
pub(crate) fn check_single_use(
    p: &Program,
    names: &Names<'_>,
    actions: &[RAction],
    reg_actions: &[RRegAction],
    ingress: &[RStmt],
    egress: &[RStmt],
) -> Result<(), ProgramError> {
    let _ = names;
    let mut w = Walker {
        p,
        actions,
        reg_actions,
        next_id: 0,
        applied: vec![0; p.tables.len()],
        accesses: Vec::new(),
        egress_forwarding: None,
        egress_wb: None,
    };
    w.walk("ingress", ingress, &mut Vec::new());
    w.walk("egress", egress, &mut Vec::new());
    if let Some(t) = w.egress_wb {
        return Err(ProgramError::invalid(
            format!("table `{t}`"),
            "write-back tables (atomic updates) are supported in ingress only",
        ));
    }
    if let Some(place) = w.egress_forwarding {
        return Err(ProgramError::invalid(
            place,
            "the egress port is chosen in ingress; egress may only drop",
        ));
    }
    if let Some(i) = w.applied.iter().position(|&n| n > 1) {
        return Err(ProgramError::invalid(
            format!("table `{}`", p.tables[i].name),
            "applied more than once; a table has one place in the pipeline",
        ));
    }
    for (i, a) in w.accesses.iter().enumerate() {
        for b in &w.accesses[i + 1..] {
            if a.register != b.register {
                continue;
            }
            let register = p.registers[usize::from(a.register)].name.clone();
            if a.gress != b.gress {
                return Err(ProgramError::invalid(
                    format!("register `{register}`"),
                    format!(
                        "used in both ingress ({}) and egress ({}); a register array lives in one gress",
                        a.place, b.place
                    ),
                ));
            }
            if !exclusive(&a.path, &b.path) {
                return Err(ProgramError::RegisterTwice {
                    register,
                    first: a.place.clone(),
                    second: b.place.clone(),
                });
            }
        }
    }
    Ok(())
}
