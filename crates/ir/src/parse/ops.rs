//! Instructions of the handler: one operation per line after the optional results.

use super::{Parser, R, Tok};
use crate::op::{BinOp, Field, HashAlg, Header, Op, SessionField, UnOp};
use crate::program::{EventId, Program, StateId};

impl Parser {
    fn state_ref(&mut self, prog: &Program) -> R<StateId> {
        self.punct("@")?;
        let n = self.ident()?;
        match prog.state_id(&n) {
            Some(s) => Ok(s),
            None => self.err_prev(format!("undeclared state `@{n}`")),
        }
    }

    fn field(&mut self) -> R<Field> {
        let w = self.word()?;
        let f = w
            .split_once('.')
            .and_then(|(h, f)| Field::lookup(Header::from_name(h)?, f));
        match f {
            Some(f) => Ok(f),
            None => self.err_prev(format!("unknown header field `{w}`")),
        }
    }

    fn string(&mut self) -> R<Vec<u8>> {
        match self.bump() {
            Tok::Str(s) => Ok(s),
            _ => self.err("expected a string"),
        }
    }

    pub(super) fn op(&mut self, prog: &Program) -> R<Op> {
        let w = self.word()?;
        if let Some(b) = BinOp::ALL.into_iter().find(|b| b.name() == w) {
            let x = self.val()?;
            self.punct(",")?;
            return Ok(Op::Binary(b, x, self.val()?));
        }
        let op = match w.as_str() {
            "const" => Op::Const(self.value()?),
            "not" => Op::Unary(UnOp::Not, self.val()?),
            "neg" => Op::Unary(UnOp::Neg, self.val()?),
            "cast" => {
                let t = self.ty()?;
                self.punct(",")?;
                Op::Cast(t, self.val()?)
            }
            "select" => {
                let c = self.val()?;
                self.punct(",")?;
                let a = self.val()?;
                self.punct(",")?;
                Op::Select(c, a, self.val()?)
            }
            "tuple" => Op::Tuple(self.vals_paren()?),
            "extract" => {
                let v = self.val()?;
                self.punct(",")?;
                Op::Extract(v, self.number()?)
            }
            "in_port" => Op::InPort,
            "now" => Op::Now,
            "session" => {
                let f = self.word()?;
                match SessionField::from_name(&f) {
                    Some(f) => Op::Session(f),
                    None => return self.err_prev(format!("unknown session field `{f}`")),
                }
            }
            "valid" => {
                let h = self.word()?;
                match Header::from_name(&h) {
                    Some(h) => Op::IsValid(h),
                    None => return self.err_prev(format!("unknown header `{h}`")),
                }
            }
            "get" => Op::GetField(self.field()?),
            "set" => {
                let f = self.field()?;
                self.punct(",")?;
                Op::SetField(f, self.val()?)
            }
            "payload.len" => Op::PayloadLen,
            "payload.byte" => Op::PayloadByte(self.val()?),
            "payload.contains" => Op::PayloadContains(self.string()?),
            "payload.starts_with" => Op::PayloadStartsWith(self.string()?),
            "crc16" => Op::Hash(HashAlg::Crc16, self.vals_paren()?),
            "crc32" => Op::Hash(HashAlg::Crc32, self.vals_paren()?),
            "map.get" | "map.remove" | "array.get" | "reg.set" => {
                let s = self.state_ref(prog)?;
                self.punct(",")?;
                let v = self.val()?;
                match w.as_str() {
                    "map.get" => Op::MapGet(s, v),
                    "map.remove" => Op::MapRemove(s, v),
                    "array.get" => Op::ArrayGet(s, v),
                    _ => Op::RegSet(s, v),
                }
            }
            "map.insert" | "array.set" => {
                let s = self.state_ref(prog)?;
                self.punct(",")?;
                let k = self.val()?;
                self.punct(",")?;
                let v = self.val()?;
                if w == "map.insert" {
                    Op::MapInsert(s, k, v)
                } else {
                    Op::ArraySet(s, k, v)
                }
            }
            "reg.get" => Op::RegGet(self.state_ref(prog)?),
            "emit" => {
                self.punct("!")?;
                let n = self.ident()?;
                let Some(i) = prog.events.iter().position(|e| e.name == n) else {
                    return self.err_prev(format!("undeclared event `!{n}`"));
                };
                let id = EventId(u32::try_from(i).unwrap_or(u32::MAX));
                Op::Emit(id, self.vals_paren()?)
            }
            _ => return self.err_prev(format!("unknown operation `{w}`")),
        };
        Ok(op)
    }
}
