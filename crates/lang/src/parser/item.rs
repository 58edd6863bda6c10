//! Declarations: params, consts, structs, events, state objects, the handler.

use super::{PResult, Parser};
use crate::ast::{Item, Name, StateItem, StateSort, TypeExpr};
use crate::diag::Diagnostic;
use crate::lexer::Tok;

impl Parser<'_> {
    pub(super) fn items(&mut self) -> Vec<Item> {
        let mut items = Vec::new();
        while !self.at(&Tok::Eof) {
            let start = self.pos;
            match self.item() {
                Ok(i) => items.push(i),
                Err(_) => self.recover_item(),
            }
            if self.pos == start {
                // No progress: skip one token so the loop terminates.
                self.bump();
            }
        }
        items
    }

    /// Skips to the next token that can start a declaration.
    fn recover_item(&mut self) {
        let mut depth = 0i32;
        loop {
            match self.peek() {
                Tok::Eof => return,
                Tok::LBrace => depth += 1,
                Tok::RBrace => {
                    depth -= 1;
                    if depth <= 0 {
                        self.bump();
                        return;
                    }
                }
                Tok::Semi if depth <= 0 => {
                    self.bump();
                    return;
                }
                Tok::Param
                | Tok::Const
                | Tok::Struct
                | Tok::Map
                | Tok::Set
                | Tok::Vector
                | Tok::Register
                | Tok::Counter
                | Tok::Regarray
                | Tok::Event
                | Tok::On
                    if depth <= 0 =>
                {
                    return;
                }
                _ => {}
            }
            self.bump();
        }
    }

    fn item(&mut self) -> PResult<Item> {
        let start = self.span();
        match self.peek().clone() {
            Tok::Param | Tok::Const => {
                let is_param = self.at(&Tok::Param);
                self.bump();
                let name = self.name("a name")?;
                self.expect(&Tok::Colon)?;
                let ty = self.ty()?;
                self.expect(&Tok::Assign)?;
                let value = self.expr(false)?;
                self.expect(&Tok::Semi)?;
                Ok(if is_param {
                    Item::Param {
                        name,
                        ty,
                        default: value,
                    }
                } else {
                    Item::Const { name, ty, value }
                })
            }
            Tok::Struct | Tok::Event => {
                let is_struct = self.at(&Tok::Struct);
                self.bump();
                let name = self.name("a name")?;
                let fields = self.field_decls()?;
                Ok(if is_struct {
                    Item::Struct { name, fields }
                } else {
                    Item::Event { name, fields }
                })
            }
            Tok::Map | Tok::Set | Tok::Vector | Tok::Register | Tok::Counter | Tok::Regarray => {
                self.state_item()
            }
            Tok::On => {
                self.bump();
                if !self.at_word("packet") {
                    return self.unexpected("`packet` (the only event a handler can run on)");
                }
                self.bump();
                let span = start.to(self.prev_span());
                let body = self.block()?;
                Ok(Item::Handler { body, span })
            }
            _ => {
                let span = self.span();
                let found = self.peek().describe();
                self.diags.push(
                    Diagnostic::error("E0103", format!("expected a declaration, found {found}"), span, "not a declaration")
                        .with_note("declarations start with param, const, struct, event, map, set, vector, register, counter, regarray or `on packet`"),
                );
                Err(super::Fail)
            }
        }
    }

    fn field_decls(&mut self) -> PResult<Vec<(Name, TypeExpr)>> {
        self.expect(&Tok::LBrace)?;
        let mut fields = Vec::new();
        while !self.at(&Tok::RBrace) {
            let n = self.name("a field name")?;
            self.expect(&Tok::Colon)?;
            fields.push((n, self.ty()?));
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RBrace)?;
        Ok(fields)
    }

    fn state_item(&mut self) -> PResult<Item> {
        let kw = self.bump();
        let sort = match kw.tok {
            Tok::Map => StateSort::Map,
            Tok::Set => StateSort::Set,
            Tok::Vector => StateSort::Vector,
            Tok::Regarray => StateSort::RegArray,
            _ => StateSort::Register,
        };
        let name = self.name("a name")?;
        self.expect(&Tok::Colon)?;
        let ty = self.ty()?;
        let mut st = StateItem {
            sort,
            name,
            ty,
            value_ty: None,
            size: None,
            idle_timeout: None,
            from: None,
            init: None,
            span: kw.span,
        };
        if sort == StateSort::Map {
            self.expect(&Tok::Arrow)?;
            st.value_ty = Some(self.ty()?);
        }
        if sort == StateSort::RegArray {
            self.expect(&Tok::LBracket)?;
            st.size = Some(self.expr(false)?);
            self.expect(&Tok::RBracket)?;
        }
        loop {
            if self.at_word("capacity") {
                self.bump();
                st.size = Some(self.expr(false)?);
            } else if self.at_word("idle_timeout") {
                self.bump();
                st.idle_timeout = Some(self.expr(false)?);
            } else if self.at_word("from") {
                self.bump();
                st.from = Some(self.name("the name of a string parameter")?);
            } else {
                break;
            }
        }
        if self.eat(&Tok::Assign) {
            st.init = Some(self.expr(false)?);
        }
        self.expect(&Tok::Semi)?;
        st.span = st.span.to(self.prev_span());
        Ok(Item::State(Box::new(st)))
    }

    /// Parses a type.
    pub(super) fn ty(&mut self) -> PResult<TypeExpr> {
        self.enter()?;
        let r = self.ty_inner();
        self.leave();
        r
    }

    fn ty_inner(&mut self) -> PResult<TypeExpr> {
        let start = self.span();
        if self.eat(&Tok::LParen) {
            let mut ts = vec![self.ty()?];
            while self.eat(&Tok::Comma) {
                if self.at(&Tok::RParen) {
                    break;
                }
                ts.push(self.ty()?);
            }
            self.expect(&Tok::RParen)?;
            return Ok(TypeExpr::Tuple(ts, start.to(self.prev_span())));
        }
        let n = self.name("a type")?;
        match n.text.as_str() {
            "bit" => {
                self.expect(&Tok::Lt)?;
                let w = match self.peek() {
                    Tok::Int(w) => *w,
                    _ => return self.unexpected("a bit width"),
                };
                self.bump();
                self.expect_gt()?;
                Ok(TypeExpr::Bits(w, start.to(self.prev_span())))
            }
            "list" => {
                self.expect(&Tok::Lt)?;
                let t = self.ty()?;
                self.expect_gt()?;
                Ok(TypeExpr::List(Box::new(t), start.to(self.prev_span())))
            }
            _ => Ok(TypeExpr::Named(n)),
        }
    }
}
