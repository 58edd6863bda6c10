//! Tokens of the `.nf` language.

use crate::diag::Span;

/// Token kinds. Contextual words (`capacity`, `idle_timeout`, `from`, `Some`,
/// `None`, `packet`, builtin names) are identifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Tok {
    Ident(String),
    /// Integer literal (decimal, `0x`, `0b`, `_` separators).
    Int(u128),
    /// Dotted-quad IPv4 literal.
    Ipv4(u32),
    /// String literal, escapes resolved.
    Str(Vec<u8>),
    /// Duration literal in nanoseconds (`300s`, `5min`, `100ms`).
    Duration(u64),
    /// Something the lexer already reported as malformed; the parser stays quiet about it.
    Error,
    // keywords
    Param,
    Const,
    Struct,
    Map,
    Set,
    Vector,
    Register,
    Counter,
    Regarray,
    Event,
    On,
    Let,
    Mut,
    If,
    Else,
    Match,
    For,
    In,
    Emit,
    True,
    False,
    As,
    // punctuation
    LParen,
    RParen,
    LBrace,
    RBrace,
    LBracket,
    RBracket,
    Comma,
    Semi,
    Colon,
    Dot,
    DotDot,
    Arrow,
    FatArrow,
    Assign,
    EqEq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Amp,
    AmpAmp,
    Pipe,
    PipePipe,
    Caret,
    Tilde,
    Bang,
    Shl,
    Shr,
    Eof,
}

impl Tok {
    /// How the token is shown in "expected …, found …" messages.
    pub fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("identifier `{s}`"),
            Tok::Int(n) => format!("integer `{n}`"),
            Tok::Ipv4(a) => format!("address `{}`", std::net::Ipv4Addr::from(*a)),
            Tok::Str(_) => "string literal".into(),
            Tok::Duration(_) => "duration".into(),
            Tok::Eof => "end of file".into(),
            Tok::Error => "malformed token".into(),
            t => format!("`{}`", t.text()),
        }
    }

    fn text(&self) -> &'static str {
        use Tok::*;
        match self {
            Param => "param",
            Const => "const",
            Struct => "struct",
            Map => "map",
            Set => "set",
            Vector => "vector",
            Register => "register",
            Counter => "counter",
            Regarray => "regarray",
            Event => "event",
            On => "on",
            Let => "let",
            Mut => "mut",
            If => "if",
            Else => "else",
            Match => "match",
            For => "for",
            In => "in",
            Emit => "emit",
            True => "true",
            False => "false",
            As => "as",
            LParen => "(",
            RParen => ")",
            LBrace => "{",
            RBrace => "}",
            LBracket => "[",
            RBracket => "]",
            Comma => ",",
            Semi => ";",
            Colon => ":",
            Dot => ".",
            DotDot => "..",
            Arrow => "->",
            FatArrow => "=>",
            Assign => "=",
            EqEq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            Plus => "+",
            Minus => "-",
            Star => "*",
            Slash => "/",
            Percent => "%",
            Amp => "&",
            AmpAmp => "&&",
            Pipe => "|",
            PipePipe => "||",
            Caret => "^",
            Tilde => "~",
            Bang => "!",
            Shl => "<<",
            Shr => ">>",
            _ => "?",
        }
    }
}

pub(crate) fn keyword(s: &str) -> Option<Tok> {
    use Tok::*;
    Some(match s {
        "param" => Param,
        "const" => Const,
        "struct" => Struct,
        "map" => Map,
        "set" => Set,
        "vector" => Vector,
        "register" => Register,
        "counter" => Counter,
        "regarray" => Regarray,
        "event" => Event,
        "on" => On,
        "let" => Let,
        "mut" => Mut,
        "if" => If,
        "else" => Else,
        "match" => Match,
        "for" => For,
        "in" => In,
        "emit" => Emit,
        "true" => True,
        "false" => False,
        "as" => As,
        _ => return None,
    })
}

/// A token with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// Kind and payload.
    pub tok: Tok,
    /// Where.
    pub span: Span,
}
