//! Expressions, by precedence climbing (lowest first): `||`, `&&`, comparisons and
//! `in`, `|`, `^`, `&`, shifts, `+ -`, `* / %`, `as`, unary, postfix.

use super::{PResult, Parser};
use crate::ast::{BinOp, Expr, ExprKind, Name, UnOp};
use crate::lexer::Tok;

fn binop(t: &Tok, level: u8) -> Option<BinOp> {
    use BinOp::*;
    let (op, l) = match t {
        Tok::PipePipe => (Or, 0),
        Tok::AmpAmp => (And, 1),
        Tok::EqEq => (Eq, 2),
        Tok::Ne => (Ne, 2),
        Tok::Lt => (Lt, 2),
        Tok::Le => (Le, 2),
        Tok::Gt => (Gt, 2),
        Tok::Ge => (Ge, 2),
        Tok::Pipe => (BitOr, 3),
        Tok::Caret => (BitXor, 4),
        Tok::Amp => (BitAnd, 5),
        Tok::Shl => (Shl, 6),
        Tok::Shr => (Shr, 6),
        Tok::Plus => (Add, 7),
        Tok::Minus => (Sub, 7),
        Tok::Star => (Mul, 8),
        Tok::Slash => (Div, 8),
        Tok::Percent => (Rem, 8),
        _ => return None,
    };
    (l == level).then_some(op)
}

const TOP: u8 = 0;
const CAST_LEVEL: u8 = 9;

impl Parser<'_> {
    /// Parses an expression. `no_struct` forbids `Name { … }` literals (in `if`,
    /// `for` and `match` heads, where `{` starts the body).
    pub(super) fn expr(&mut self, no_struct: bool) -> PResult<Expr> {
        self.enter()?;
        let r = self.level(TOP, no_struct);
        self.leave();
        r
    }

    fn level(&mut self, level: u8, ns: bool) -> PResult<Expr> {
        if level == CAST_LEVEL {
            return self.cast(ns);
        }
        let mut lhs = self.level(level + 1, ns)?;
        loop {
            if level == 2 && self.at(&Tok::In) {
                self.bump();
                let rhs = self.level(level + 1, ns)?;
                let span = lhs.span.to(rhs.span);
                lhs = self.expr_node(ExprKind::In(Box::new(lhs), Box::new(rhs)), span);
                continue;
            }
            let Some(op) = binop(self.peek(), level) else {
                break;
            };
            self.bump();
            self.enter()?;
            let rhs = self.level(level + 1, ns);
            self.leave();
            let rhs = rhs?;
            let span = lhs.span.to(rhs.span);
            lhs = self.expr_node(ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span);
        }
        Ok(lhs)
    }

    fn cast(&mut self, ns: bool) -> PResult<Expr> {
        let mut e = self.unary(ns)?;
        while self.eat(&Tok::As) {
            let t = self.ty()?;
            let span = e.span.to(t.span());
            e = self.expr_node(ExprKind::Cast(Box::new(e), t), span);
        }
        Ok(e)
    }

    fn unary(&mut self, ns: bool) -> PResult<Expr> {
        let op = match self.peek() {
            Tok::Bang => UnOp::Not,
            Tok::Tilde => UnOp::BitNot,
            Tok::Minus => UnOp::Neg,
            _ => return self.postfix(ns),
        };
        let start = self.bump().span;
        self.enter()?;
        let inner = self.unary(ns);
        self.leave();
        let inner = inner?;
        let span = start.to(inner.span);
        Ok(self.expr_node(ExprKind::Unary(op, Box::new(inner)), span))
    }

    fn postfix(&mut self, ns: bool) -> PResult<Expr> {
        let mut e = self.primary(ns)?;
        loop {
            if self.eat(&Tok::LBracket) {
                let idx = self.expr(false)?;
                self.expect(&Tok::RBracket)?;
                let span = e.span.to(self.prev_span());
                e = self.expr_node(ExprKind::Index(Box::new(e), Box::new(idx)), span);
            } else if self.at(&Tok::Dot) && !matches!(self.peek_at(1), Tok::Dot) {
                self.bump();
                let n = self.member_name()?;
                let span = e.span.to(n.span);
                e = match e.kind {
                    ExprKind::Path(mut p) => {
                        p.push(n);
                        self.expr_node(ExprKind::Path(p), span)
                    }
                    _ => self.expr_node(ExprKind::Field(Box::new(e), n), span),
                };
            } else if self.at(&Tok::LParen) && matches!(e.kind, ExprKind::Path(_)) {
                self.bump();
                let args = self.comma_list(&Tok::RParen)?;
                let span = e.span.to(self.prev_span());
                let ExprKind::Path(p) = e.kind else { break };
                e = self.expr_node(ExprKind::Call(p, args), span);
            } else {
                break;
            }
        }
        Ok(e)
    }

    /// A field name after `.`: an identifier or a tuple index.
    fn member_name(&mut self) -> PResult<Name> {
        match self.peek().clone() {
            Tok::Int(n) => {
                let span = self.bump().span;
                Ok(Name {
                    text: n.to_string(),
                    span,
                })
            }
            _ => self.name("a field name or tuple index"),
        }
    }

    fn comma_list(&mut self, close: &Tok) -> PResult<Vec<Expr>> {
        let mut v = Vec::new();
        while !self.at(close) {
            v.push(self.expr(false)?);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(close)?;
        Ok(v)
    }

    fn primary(&mut self, ns: bool) -> PResult<Expr> {
        let start = self.span();
        let kind = match self.peek().clone() {
            Tok::Int(n) => {
                self.bump();
                ExprKind::Int(n)
            }
            Tok::Ipv4(a) => {
                self.bump();
                ExprKind::Ipv4(a)
            }
            Tok::Str(s) => {
                self.bump();
                ExprKind::Str(s)
            }
            Tok::Duration(d) => {
                self.bump();
                ExprKind::Duration(d)
            }
            Tok::Error => {
                self.bump();
                ExprKind::Error
            }
            Tok::True | Tok::False => ExprKind::Bool(self.bump().tok == Tok::True),
            Tok::Ident(_) => {
                let n = self.name("a name")?;
                if !ns
                    && self.at(&Tok::LBrace)
                    && n.text.starts_with(|c: char| c.is_ascii_uppercase())
                {
                    return self.struct_lit(n);
                }
                ExprKind::Path(vec![n])
            }
            Tok::LParen => {
                self.bump();
                let first = self.expr(false)?;
                if self.eat(&Tok::RParen) {
                    return Ok(first);
                }
                self.expect(&Tok::Comma)?;
                let mut items = vec![first];
                items.extend(self.comma_list(&Tok::RParen)?);
                ExprKind::Tuple(items)
            }
            Tok::LBracket => {
                self.bump();
                ExprKind::List(self.comma_list(&Tok::RBracket)?)
            }
            _ => return self.unexpected("an expression"),
        };
        let span = start.to(self.prev_span());
        Ok(self.expr_node(kind, span))
    }

    fn struct_lit(&mut self, name: Name) -> PResult<Expr> {
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
        let span = name.span.to(self.prev_span());
        Ok(self.expr_node(ExprKind::StructLit(name, fields), span))
    }
}
