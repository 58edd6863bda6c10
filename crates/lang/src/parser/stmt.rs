//! Statements and blocks.

use super::{Fail, PResult, Parser};
use crate::ast::{Block, ExprKind, Name, Place, Stmt, StmtKind};
use crate::diag::Diagnostic;
use crate::lexer::Tok;

impl Parser<'_> {
    /// `{ stmt* }`. Statement errors are recovered inside the block.
    pub(super) fn block(&mut self) -> PResult<Block> {
        self.enter()?;
        let r = self.block_inner();
        self.leave();
        r
    }

    fn block_inner(&mut self) -> PResult<Block> {
        let start = self.expect(&Tok::LBrace)?;
        let mut stmts = Vec::new();
        while !self.at(&Tok::RBrace) && !self.at(&Tok::Eof) {
            let before = self.pos;
            match self.stmt() {
                Ok(s) => stmts.push(s),
                Err(Fail) => self.recover_stmt(),
            }
            if self.pos == before {
                self.bump();
            }
        }
        self.expect(&Tok::RBrace)?;
        Ok(Block {
            stmts,
            span: start.to(self.prev_span()),
        })
    }

    fn stmt(&mut self) -> PResult<Stmt> {
        let start = self.span();
        let kind = match self.peek() {
            Tok::Let => {
                self.bump();
                let mutable = self.eat(&Tok::Mut);
                let name = self.name("a variable name")?;
                let ty = if self.eat(&Tok::Colon) {
                    Some(self.ty()?)
                } else {
                    None
                };
                self.expect(&Tok::Assign)?;
                let value = self.expr(false)?;
                self.expect(&Tok::Semi)?;
                StmtKind::Let {
                    name,
                    mutable,
                    ty,
                    value,
                }
            }
            Tok::If => return self.if_stmt(),
            Tok::Match => self.match_stmt()?,
            Tok::For => {
                self.bump();
                let var = self.name("a loop variable")?;
                let ty = if self.eat(&Tok::Colon) {
                    Some(self.ty()?)
                } else {
                    None
                };
                self.expect(&Tok::In)?;
                let lo = self.expr(true)?;
                self.expect(&Tok::DotDot)?;
                let hi = self.expr(true)?;
                let body = self.block()?;
                StmtKind::For {
                    var,
                    ty,
                    lo,
                    hi,
                    body,
                }
            }
            Tok::Emit => {
                self.bump();
                let event = self.name("an event name")?;
                self.expect(&Tok::LBrace)?;
                let mut fields = Vec::new();
                while !self.at(&Tok::RBrace) {
                    let f = self.name("a field name")?;
                    self.expect(&Tok::Colon)?;
                    fields.push((f, self.expr(false)?));
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
                self.expect(&Tok::RBrace)?;
                self.expect(&Tok::Semi)?;
                StmtKind::Emit { event, fields }
            }
            Tok::LBrace => StmtKind::Block(self.block()?),
            _ => {
                let lhs = self.expr(false)?;
                if self.eat(&Tok::Assign) {
                    let rhs = self.expr(false)?;
                    self.expect(&Tok::Semi)?;
                    let place = match lhs.kind {
                        ExprKind::Path(p) => Place::Path(p),
                        ExprKind::Index(base, idx) => match base.kind {
                            ExprKind::Path(mut p) if p.len() == 1 => {
                                Place::Index(p.remove(0), *idx)
                            }
                            _ => return self.bad_place(lhs.span),
                        },
                        _ => return self.bad_place(lhs.span),
                    };
                    StmtKind::Assign(place, rhs)
                } else {
                    self.expect(&Tok::Semi)?;
                    StmtKind::Expr(lhs)
                }
            }
        };
        Ok(Stmt {
            kind,
            span: start.to(self.prev_span()),
        })
    }

    fn bad_place<T>(&mut self, span: crate::diag::Span) -> PResult<T> {
        self.diags.push(
            Diagnostic::error("E0104", "cannot assign to this expression", span, "not a place")
                .with_note("assignable places are `let mut` variables, header fields (`ipv4.src`), registers and register-array elements (`arr[i]`)"),
        );
        Err(Fail)
    }

    fn if_stmt(&mut self) -> PResult<Stmt> {
        let start = self.expect(&Tok::If)?;
        let cond = self.expr(true)?;
        let then_ = self.block()?;
        let else_ = if self.eat(&Tok::Else) {
            if self.at(&Tok::If) {
                let nested = self.if_stmt()?;
                let span = nested.span;
                Some(Block {
                    stmts: vec![nested],
                    span,
                })
            } else {
                Some(self.block()?)
            }
        } else {
            None
        };
        Ok(Stmt {
            kind: StmtKind::If { cond, then_, else_ },
            span: start.to(self.prev_span()),
        })
    }

    /// `match MAP.get(KEY) { Some(x) => { … } None => { … } }`, arms in either order.
    fn match_stmt(&mut self) -> PResult<StmtKind> {
        let kw = self.expect(&Tok::Match)?;
        let map = self.name("a map name")?;
        self.expect(&Tok::Dot)?;
        if !self.at_word("get") {
            return self.unexpected("`get` (match works on map lookups: `match m.get(key)`)");
        }
        self.bump();
        self.expect(&Tok::LParen)?;
        let key = self.expr(false)?;
        self.expect(&Tok::RParen)?;
        self.expect(&Tok::LBrace)?;
        let (mut some, mut none, mut binding): (Option<_>, Option<_>, Option<Name>) =
            (None, None, None);
        while !self.at(&Tok::RBrace) && !self.at(&Tok::Eof) {
            let arm = self.name("`Some(..)` or `None`")?;
            match arm.text.as_str() {
                "Some" => {
                    self.expect(&Tok::LParen)?;
                    let b = self.name("a binding name")?;
                    self.expect(&Tok::RParen)?;
                    binding = (b.text != "_").then_some(b);
                    self.expect(&Tok::FatArrow)?;
                    some = Some(self.block()?);
                }
                "None" | "_" => {
                    self.expect(&Tok::FatArrow)?;
                    none = Some(self.block()?);
                }
                other => {
                    self.diags.push(Diagnostic::error(
                        "E0105",
                        format!("unknown match arm `{other}`"),
                        arm.span,
                        "expected `Some(name)` or `None`",
                    ));
                    return Err(Fail);
                }
            }
            self.eat(&Tok::Comma);
        }
        self.expect(&Tok::RBrace)?;
        let span = kw.to(self.prev_span());
        let empty = || Block {
            stmts: Vec::new(),
            span,
        };
        if some.is_none() || none.is_none() {
            let missing = if some.is_none() { "Some(..)" } else { "None" };
            self.diags.push(
                Diagnostic::error("E0106", format!("match is missing the `{missing}` arm"), span, "not every case is handled")
                    .with_note("a lookup either finds the key or not; handle both (`None => {}` if nothing is to be done)"),
            );
        }
        Ok(StmtKind::Match {
            map,
            key,
            binding,
            some: some.unwrap_or_else(empty),
            none: none.unwrap_or_else(empty),
        })
    }
}
