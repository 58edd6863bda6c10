//! Recursive-descent parser with error recovery: a syntax error is reported, the
//! parser skips to the next statement or declaration boundary and continues, so one
//! run reports every independent mistake. Never panics.

mod expr;
mod item;
mod stmt;

use crate::ast::{Expr, ExprId, ExprKind, Module, Name};
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::lexer::{Tok, Token, lex};

/// Parses a whole source file. Syntax errors go to `diags`; the returned module
/// holds everything that parsed.
pub fn parse(src: &str, diags: &mut Diagnostics) -> Module {
    let toks = lex(src, diags);
    let mut p = Parser {
        toks,
        pos: 0,
        diags,
        next_id: 0,
        depth: 0,
    };
    let items = p.items();
    Module {
        items,
        expr_count: p.next_id,
    }
}

/// Marker: an error was reported; the caller recovers.
#[derive(Debug)]
pub(crate) struct Fail;

pub(crate) type PResult<T> = Result<T, Fail>;

/// Nesting limit for expressions, blocks and types, so hostile input cannot
/// overflow the stack.
const MAX_DEPTH: u32 = 64;

pub(crate) struct Parser<'d> {
    toks: Vec<Token>,
    pos: usize,
    diags: &'d mut Diagnostics,
    next_id: ExprId,
    depth: u32,
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        self.toks.get(self.pos).map_or(&Tok::Eof, |t| &t.tok)
    }

    fn peek_at(&self, n: usize) -> &Tok {
        self.toks.get(self.pos + n).map_or(&Tok::Eof, |t| &t.tok)
    }

    fn span(&self) -> Span {
        self.toks
            .get(self.pos)
            .or(self.toks.last())
            .map_or_else(Span::default, |t| t.span)
    }

    fn prev_span(&self) -> Span {
        self.toks
            .get(self.pos.saturating_sub(1))
            .map_or_else(Span::default, |t| t.span)
    }

    fn bump(&mut self) -> Token {
        let t = self.toks.get(self.pos).cloned().unwrap_or(Token {
            tok: Tok::Eof,
            span: self.span(),
        });
        if self.pos < self.toks.len().saturating_sub(1) {
            self.pos += 1;
        }
        t
    }

    fn at(&self, t: &Tok) -> bool {
        self.peek() == t
    }

    fn eat(&mut self, t: &Tok) -> bool {
        let yes = self.at(t);
        if yes {
            self.bump();
        }
        yes
    }

    fn at_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if s == w)
    }

    /// Reports "expected …, found …" at the current token.
    fn unexpected<T>(&mut self, expected: &str) -> PResult<T> {
        // A malformed token was reported by the lexer; do not pile on.
        let prev_bad = self.pos > 0
            && self
                .toks
                .get(self.pos - 1)
                .is_some_and(|t| t.tok == Tok::Error);
        if self.at(&Tok::Error) || prev_bad {
            return Err(Fail);
        }
        let found = self.peek().describe();
        let span = self.span();
        self.diags.push(Diagnostic::error(
            "E0101",
            format!("expected {expected}, found {found}"),
            span,
            format!("expected {expected}"),
        ));
        Err(Fail)
    }

    fn expect(&mut self, t: &Tok) -> PResult<Span> {
        if self.at(t) {
            Ok(self.bump().span)
        } else {
            self.unexpected(&t.describe())
        }
    }

    /// Expects `>`, splitting a `>>` token (as in `list<bit<16>>`).
    fn expect_gt(&mut self) -> PResult<()> {
        if self.at(&Tok::Shr) {
            let s = self.span();
            if let Some(t) = self.toks.get_mut(self.pos) {
                t.tok = Tok::Gt;
                t.span = Span {
                    start: s.start + 1,
                    end: s.end,
                };
            }
            return Ok(());
        }
        self.expect(&Tok::Gt).map(|_| ())
    }

    fn name(&mut self, what: &str) -> PResult<Name> {
        if let Tok::Ident(s) = self.peek() {
            let text = s.clone();
            let span = self.bump().span;
            Ok(Name { text, span })
        } else {
            self.unexpected(what)
        }
    }

    fn expr_node(&mut self, kind: ExprKind, span: Span) -> Expr {
        let id = self.next_id;
        self.next_id = self.next_id.saturating_add(1);
        Expr { kind, span, id }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let span = self.span();
            self.diags.push(Diagnostic::error(
                "E0102",
                "nesting too deep",
                span,
                format!("more than {MAX_DEPTH} levels of nesting"),
            ));
            self.depth -= 1;
            return Err(Fail);
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Skips tokens until just after a `;` or just before a `}` / EOF at the current
    /// nesting level (statement recovery).
    fn recover_stmt(&mut self) {
        let mut depth = 0i32;
        loop {
            match self.peek() {
                Tok::Eof => return,
                Tok::Semi if depth == 0 => {
                    self.bump();
                    return;
                }
                Tok::RBrace if depth == 0 => return,
                Tok::LBrace | Tok::LParen | Tok::LBracket => depth += 1,
                Tok::RBrace | Tok::RParen | Tok::RBracket => depth -= 1,
                Tok::Let | Tok::If | Tok::Match | Tok::For | Tok::Emit if depth == 0 => return,
                _ => {}
            }
            self.bump();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{Item, StmtKind};

    fn parse_ok(src: &str) -> Module {
        let mut d = Diagnostics::default();
        let m = parse(src, &mut d);
        assert!(!d.has_errors(), "{}", d.render("t.nf", src));
        m
    }

    #[test]
    fn parses_declarations_and_handler() {
        let m = parse_ok(
            "param vip: ipv4 = 10.0.0.1;\nstruct F { a: u16, b: ipv4 }\nmap m: F -> (ipv4, u16) capacity 1024 idle_timeout 300s;\n\
             set s: (u8, u16) capacity 8 from rules;\nregister r: u16 = 5;\nregarray a: u32[64];\nvector v: ipv4 = [1.2.3.4];\n\
             event alert { host: ipv4 }\non packet { let mut x: u16 = 1 + 2 * 3; if x == 7 { drop(); } else { forward(1); } }",
        );
        assert_eq!(m.items.len(), 9);
        let Item::Handler { body, .. } = &m.items[8] else {
            panic!("handler last")
        };
        assert_eq!(body.stmts.len(), 2);
        assert!(matches!(body.stmts[1].kind, StmtKind::If { .. }));
    }

    #[test]
    fn nested_generic_closers_split() {
        parse_ok("param p: list<bit<16>> = [1, 2];");
    }

    #[test]
    fn recovers_and_reports_several_errors() {
        let src = "param p: = 3;\non packet {\n let x = ;\n let y = 1 +;\n forward(1);\n}";
        let mut d = Diagnostics::default();
        let m = parse(src, &mut d);
        assert_eq!(d.error_count(), 3, "{}", d.render("t.nf", src));
        // The handler still parsed, including the statement after the errors.
        assert!(m.items.iter().any(|i| matches!(i, Item::Handler { body, .. } if body.stmts.iter().any(|s| matches!(s.kind, StmtKind::Expr(_))))));
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let src = format!(
            "on packet {{ let x = {}1{}; }}",
            "(".repeat(500),
            ")".repeat(500)
        );
        let mut d = Diagnostics::default();
        parse(&src, &mut d);
        assert!(d.items.iter().any(|e| e.code == "E0102"));
    }
}
