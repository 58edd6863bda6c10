//! The IR text format (parser): the inverse of [`crate::print`]. Purely syntactic;
//! run [`crate::verify`] for types and SSA rules. Never panics on any input.

use crate::op::{Target, Terminator};
use crate::program::{Block, BlockId, EventDecl, Inst, Program, StateDecl, StateKind, ValueId};
use crate::types::{MAX_BITS, Type, Value};
use thiserror::Error;

mod lex;
mod ops;
use lex::{Lexer, Tok};

/// A syntax error with its 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{line}:{col}: {message}")]
pub struct ParseError {
    /// Line (1-based).
    pub line: u32,
    /// Column (1-based, in characters).
    pub col: u32,
    /// What was expected or wrong.
    pub message: String,
}

/// Parses a program from the text format.
pub fn parse(src: &str) -> Result<Program, ParseError> {
    let toks = Lexer::run(src)?;
    let mut p = Parser { toks, pos: 0 };
    p.program()
}

struct Parser {
    toks: Vec<(Tok, u32, u32)>,
    pos: usize,
}

type R<T> = Result<T, ParseError>;

impl Parser {
    fn peek(&self) -> &Tok {
        self.toks.get(self.pos).map_or(&Tok::Eof, |t| &t.0)
    }

    fn err<T>(&self, m: impl Into<String>) -> R<T> {
        let (line, col) = self.toks.get(self.pos).map_or((0, 0), |t| (t.1, t.2));
        Err(ParseError {
            line,
            col,
            message: m.into(),
        })
    }

    /// Error located at the token just consumed.
    fn err_prev<T>(&self, m: impl Into<String>) -> R<T> {
        let (line, col) = self
            .toks
            .get(self.pos.saturating_sub(1))
            .map_or((0, 0), |t| (t.1, t.2));
        Err(ParseError {
            line,
            col,
            message: m.into(),
        })
    }

    fn bump(&mut self) -> Tok {
        let t = self.peek().clone();
        if self.pos < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Word(x) if x == w)
    }

    fn punct(&mut self, p: &str) -> R<()> {
        if self.is_punct(p) {
            self.bump();
            Ok(())
        } else {
            self.err(format!("expected `{p}`, found {:?}", self.peek()))
        }
    }

    fn eat_punct(&mut self, p: &str) -> bool {
        let yes = self.is_punct(p);
        if yes {
            self.bump();
        }
        yes
    }

    fn word(&mut self) -> R<String> {
        match self.bump() {
            Tok::Word(w) => Ok(w),
            t => {
                self.pos = self.pos.saturating_sub(1);
                self.err(format!("expected a word, found {t:?}"))
            }
        }
    }

    fn keyword(&mut self, k: &str) -> R<()> {
        if self.is_word(k) {
            self.bump();
            Ok(())
        } else {
            self.err(format!("expected `{k}`, found {:?}", self.peek()))
        }
    }

    fn ident(&mut self) -> R<String> {
        let w = self.word()?;
        let ok = w
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if ok {
            Ok(w)
        } else {
            self.err_prev(format!("`{w}` is not an identifier"))
        }
    }

    fn number<T: std::str::FromStr>(&mut self) -> R<T> {
        let w = self.word()?;
        match w.parse() {
            Ok(n) => Ok(n),
            Err(_) => self.err_prev(format!("`{w}` is not a number in range")),
        }
    }

    fn program(&mut self) -> R<Program> {
        self.keyword("program")?;
        let name = self.ident()?;
        let mut prog = Program {
            name,
            ..Program::default()
        };
        // State names are needed to resolve `@name` in the handler; collect declarations first.
        loop {
            if self.is_word("state") {
                self.bump();
                self.punct("@")?;
                let name = self.ident()?;
                self.punct(":")?;
                let kind = self.state_kind()?;
                if prog.state_id(&name).is_some() {
                    return self.err(format!("state `@{name}` declared twice"));
                }
                prog.states.push(StateDecl { name, kind });
            } else if self.is_word("event") {
                self.bump();
                self.punct("!")?;
                let name = self.ident()?;
                if prog.events.iter().any(|e| e.name == name) {
                    return self.err(format!("event `!{name}` declared twice"));
                }
                self.punct("{")?;
                let mut fields = Vec::new();
                while !self.eat_punct("}") {
                    if !fields.is_empty() {
                        self.punct(",")?;
                    }
                    let f = self.ident()?;
                    self.punct(":")?;
                    fields.push((f, self.ty()?));
                }
                prog.events.push(EventDecl { name, fields });
            } else {
                break;
            }
        }
        self.keyword("handler")?;
        self.punct("{")?;
        while !self.eat_punct("}") {
            let b = self.block(&prog)?;
            prog.handler.blocks.push(b);
        }
        if *self.peek() != Tok::Eof {
            return self.err("trailing input after the handler");
        }
        Ok(prog)
    }

    fn state_kind(&mut self) -> R<StateKind> {
        let w = self.word()?;
        self.punct("<")?;
        match w.as_str() {
            "map" => {
                let key = self.ty()?;
                self.punct(",")?;
                let value = self.ty()?;
                self.punct(">")?;
                self.keyword("capacity")?;
                let capacity = self.number()?;
                let mut idle_timeout_ns = None;
                if self.is_word("idle") {
                    self.bump();
                    let w = self.word()?;
                    match w.strip_suffix("ns").and_then(|n| n.parse().ok()) {
                        Some(n) => idle_timeout_ns = Some(n),
                        None => return self.err_prev("expected a duration like `300ns`"),
                    }
                }
                let mut init = Vec::new();
                if self.is_word("init") {
                    self.bump();
                    self.punct("[")?;
                    while !self.eat_punct("]") {
                        if !init.is_empty() {
                            self.punct(",")?;
                        }
                        let k = self.value()?;
                        self.punct("=>")?;
                        init.push((k, self.value()?));
                    }
                }
                Ok(StateKind::Map {
                    key,
                    value,
                    capacity,
                    idle_timeout_ns,
                    init,
                })
            }
            "vector" => {
                let elem = self.ty()?;
                self.punct(">")?;
                self.punct("[")?;
                let mut init = Vec::new();
                while !self.eat_punct("]") {
                    if !init.is_empty() {
                        self.punct(",")?;
                    }
                    init.push(self.value()?);
                }
                Ok(StateKind::Vector { elem, init })
            }
            "register" => {
                let ty = self.ty()?;
                self.punct(">")?;
                self.keyword("init")?;
                Ok(StateKind::Register {
                    ty,
                    init: self.value()?,
                })
            }
            "regarray" => {
                let elem = self.ty()?;
                self.punct(">")?;
                self.keyword("len")?;
                Ok(StateKind::RegArray {
                    elem,
                    len: self.number()?,
                })
            }
            _ => self.err_prev(format!("unknown state kind `{w}`")),
        }
    }

    fn ty(&mut self) -> R<Type> {
        if self.eat_punct("(") {
            let mut ts = vec![self.ty()?];
            while self.eat_punct(",") {
                ts.push(self.ty()?);
            }
            self.punct(")")?;
            return Ok(Type::Tuple(ts));
        }
        match self.word()?.as_str() {
            "bool" => Ok(Type::Bool),
            "ipv4" => Ok(Type::Ipv4),
            "bit" => {
                self.punct("<")?;
                let n: u16 = self.number()?;
                self.punct(">")?;
                Ok(Type::Bits(n))
            }
            w => self.err_prev(format!("unknown type `{w}`")),
        }
    }

    fn value(&mut self) -> R<Value> {
        if self.eat_punct("(") {
            let mut vs = vec![self.value()?];
            while self.eat_punct(",") {
                vs.push(self.value()?);
            }
            self.punct(")")?;
            return Ok(Value::Tuple(vs));
        }
        let w = self.word()?;
        match w.as_str() {
            "true" => return Ok(Value::Bool(true)),
            "false" => return Ok(Value::Bool(false)),
            _ => {}
        }
        if let Ok(a) = w.parse::<std::net::Ipv4Addr>() {
            return Ok(Value::Ipv4(u32::from(a)));
        }
        if let Some((width, value)) = w.split_once('w') {
            if let (Ok(width), Ok(value)) = (width.parse::<u16>(), value.parse::<u64>()) {
                let v = Value::Bits { width, value };
                if (1..=MAX_BITS).contains(&width) && v.is_well_formed() {
                    return Ok(v);
                }
                return self.err_prev(format!("`{w}` does not fit in bit<{width}>"));
            }
        }
        self.err_prev(format!("`{w}` is not a constant"))
    }

    fn val(&mut self) -> R<ValueId> {
        self.punct("%")?;
        Ok(ValueId(self.number()?))
    }

    fn vals_paren(&mut self) -> R<Vec<ValueId>> {
        self.punct("(")?;
        let mut vs = Vec::new();
        while !self.eat_punct(")") {
            if !vs.is_empty() {
                self.punct(",")?;
            }
            vs.push(self.val()?);
        }
        Ok(vs)
    }

    fn block_id(&mut self) -> R<BlockId> {
        let w = self.word()?;
        match w.strip_prefix("bb").and_then(|n| n.parse().ok()) {
            Some(n) => Ok(BlockId(n)),
            None => self.err_prev(format!("expected a block label, found `{w}`")),
        }
    }

    fn block(&mut self, prog: &Program) -> R<Block> {
        let id = self.block_id()?;
        if id.0 as usize != prog.handler.blocks.len() {
            return self.err_prev(format!("expected block bb{}", prog.handler.blocks.len()));
        }
        let mut params = Vec::new();
        if self.eat_punct("(") {
            while !self.eat_punct(")") {
                if !params.is_empty() {
                    self.punct(",")?;
                }
                params.push(self.typed_val()?);
            }
        }
        self.punct(":")?;
        let mut insts = Vec::new();
        loop {
            if let Some(term) = self.terminator()? {
                return Ok(Block {
                    params,
                    insts,
                    term,
                });
            }
            let mut results = Vec::new();
            if self.is_punct("%") {
                results.push(self.typed_val()?);
                while self.eat_punct(",") {
                    results.push(self.typed_val()?);
                }
                self.punct("=")?;
            }
            let op = self.op(prog)?;
            insts.push(Inst { results, op });
        }
    }

    fn typed_val(&mut self) -> R<(ValueId, Type)> {
        let v = self.val()?;
        self.punct(":")?;
        Ok((v, self.ty()?))
    }

    fn target(&mut self) -> R<Target> {
        let block = self.block_id()?;
        let args = if self.is_punct("(") {
            self.vals_paren()?
        } else {
            Vec::new()
        };
        Ok(Target { block, args })
    }

    fn terminator(&mut self) -> R<Option<Terminator>> {
        let Tok::Word(w) = self.peek() else {
            return Ok(None);
        };
        let t = match w.as_str() {
            "jump" => {
                self.bump();
                Terminator::Jump(self.target()?)
            }
            "br" => {
                self.bump();
                let cond = self.val()?;
                self.punct(",")?;
                let then_ = self.target()?;
                self.punct(",")?;
                Terminator::Branch {
                    cond,
                    then_,
                    else_: self.target()?,
                }
            }
            "forward" => {
                self.bump();
                Terminator::Forward(self.val()?)
            }
            "drop" => {
                self.bump();
                Terminator::Drop
            }
            _ => return Ok(None),
        };
        Ok(Some(t))
    }
}
