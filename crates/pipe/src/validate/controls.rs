//! Lowering of tables and control statements.

use crate::error::ProgramError;
use crate::program::*;
use crate::resolved::*;

use super::MAX_KEY_BITS;
use super::lower::{Lowerer, check_fits, lookup_field};

impl Lowerer<'_, '_> {
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
