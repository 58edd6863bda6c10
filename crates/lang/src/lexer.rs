//! Lexer: source text to tokens. Never fails: bad characters, unterminated strings
//! and malformed literals become diagnostics and lexing continues.

use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::token::keyword;
pub use crate::token::{Tok, Token};

/// Splits `src` into tokens (ending with `Eof`), reporting lexical errors into `diags`.
pub fn lex(src: &str, diags: &mut Diagnostics) -> Vec<Token> {
    let mut lx = Lexer {
        src: src.as_bytes(),
        pos: 0,
        out: Vec::new(),
        diags,
    };
    lx.run();
    let end = src.len();
    lx.out.push(Token {
        tok: Tok::Eof,
        span: Span::new(end, end),
    });
    lx.out
}

struct Lexer<'a, 'd> {
    src: &'a [u8],
    pos: usize,
    out: Vec<Token>,
    diags: &'d mut Diagnostics,
}

impl Lexer<'_, '_> {
    fn at(&self, i: usize) -> u8 {
        self.src.get(i).copied().unwrap_or(0)
    }

    fn push(&mut self, tok: Tok, start: usize) {
        self.out.push(Token {
            tok,
            span: Span::new(start, self.pos),
        });
    }

    fn error(&mut self, start: usize, msg: &str, label: &str) {
        self.diags.push(Diagnostic::error(
            "E0001",
            msg,
            Span::new(
                start,
                self.pos.max(start + 1).min(self.src.len().max(start)),
            ),
            label,
        ));
    }

    fn run(&mut self) {
        while self.pos < self.src.len() {
            let start = self.pos;
            let c = self.at(start);
            if c.is_ascii_whitespace() {
                self.pos += 1;
            } else if c == b'/' && self.at(start + 1) == b'/' {
                while self.pos < self.src.len() && self.at(self.pos) != b'\n' {
                    self.pos += 1;
                }
            } else if c == b'/' && self.at(start + 1) == b'*' {
                self.block_comment(start);
            } else if c.is_ascii_alphabetic() || c == b'_' {
                while self.at(self.pos).is_ascii_alphanumeric() || self.at(self.pos) == b'_' {
                    self.pos += 1;
                }
                let word = String::from_utf8_lossy(&self.src[start..self.pos]).into_owned();
                let tok = keyword(&word).unwrap_or(Tok::Ident(word));
                self.push(tok, start);
            } else if c.is_ascii_digit() {
                self.number(start);
            } else if c == b'"' {
                self.string(start);
            } else if let Some((tok, len)) = self.punct() {
                self.pos += len;
                self.push(tok, start);
            } else {
                // Skip one whole UTF-8 character so spans stay on char boundaries.
                self.pos += 1;
                while self.pos < self.src.len() && (self.at(self.pos) & 0xC0) == 0x80 {
                    self.pos += 1;
                }
                let ch = String::from_utf8_lossy(&self.src[start..self.pos]).into_owned();
                self.error(
                    start,
                    &format!("unexpected character `{}`", ch.escape_debug()),
                    "not valid here",
                );
                self.push(Tok::Error, start);
            }
        }
    }

    fn block_comment(&mut self, start: usize) {
        self.pos += 2;
        let mut depth = 1;
        while depth > 0 {
            if self.pos >= self.src.len() {
                self.diags.push(
                    Diagnostic::error(
                        "E0002",
                        "unterminated block comment",
                        Span::new(start, start + 2),
                        "comment starts here",
                    )
                    .with_note("close it with `*/`"),
                );
                return;
            }
            if self.at(self.pos) == b'/' && self.at(self.pos + 1) == b'*' {
                depth += 1;
                self.pos += 2;
            } else if self.at(self.pos) == b'*' && self.at(self.pos + 1) == b'/' {
                depth -= 1;
                self.pos += 2;
            } else {
                self.pos += 1;
            }
        }
    }

    fn punct(&self) -> Option<(Tok, usize)> {
        use Tok::*;
        let two = [self.at(self.pos), self.at(self.pos + 1)];
        let t2 = match &two {
            b".." => Some(DotDot),
            b"->" => Some(Arrow),
            b"=>" => Some(FatArrow),
            b"==" => Some(EqEq),
            b"!=" => Some(Ne),
            b"<=" => Some(Le),
            b">=" => Some(Ge),
            b"&&" => Some(AmpAmp),
            b"||" => Some(PipePipe),
            b"<<" => Some(Shl),
            b">>" => Some(Shr),
            _ => None,
        };
        if let Some(t) = t2 {
            return Some((t, 2));
        }
        let t = match two[0] {
            b'(' => LParen,
            b')' => RParen,
            b'{' => LBrace,
            b'}' => RBrace,
            b'[' => LBracket,
            b']' => RBracket,
            b',' => Comma,
            b';' => Semi,
            b':' => Colon,
            b'.' => Dot,
            b'=' => Assign,
            b'<' => Lt,
            b'>' => Gt,
            b'+' => Plus,
            b'-' => Minus,
            b'*' => Star,
            b'/' => Slash,
            b'%' => Percent,
            b'&' => Amp,
            b'|' => Pipe,
            b'^' => Caret,
            b'~' => Tilde,
            b'!' => Bang,
            _ => return None,
        };
        Some((t, 1))
    }

    fn digits(&mut self, radix: u32) -> (u128, bool, bool) {
        let (mut v, mut overflow, mut any) = (0u128, false, false);
        loop {
            let c = self.at(self.pos);
            if c == b'_' {
                self.pos += 1;
                continue;
            }
            let Some(d) = char::from(c).to_digit(radix) else {
                break;
            };
            any = true;
            match v
                .checked_mul(u128::from(radix))
                .and_then(|x| x.checked_add(u128::from(d)))
            {
                Some(x) => v = x,
                None => overflow = true,
            }
            self.pos += 1;
        }
        (v, overflow, any)
    }

    fn number(&mut self, start: usize) {
        let before = self.diags.items.len();
        if let Some(addr) = self.try_ipv4(start) {
            self.push(Tok::Ipv4(addr), start);
            return;
        }
        if self.diags.items.len() > before {
            self.push(Tok::Error, start);
            return;
        }
        let radix = match (self.at(start), self.at(start + 1)) {
            (b'0', b'x' | b'X') => 16,
            (b'0', b'b' | b'B') => 2,
            _ => 10,
        };
        if radix != 10 {
            self.pos += 2;
        }
        let (v, overflow, any) = self.digits(radix);
        // Unit suffix makes a duration.
        let unit_start = self.pos;
        while self.at(self.pos).is_ascii_alphanumeric() || self.at(self.pos) == b'_' {
            self.pos += 1;
        }
        let unit = String::from_utf8_lossy(&self.src[unit_start..self.pos]).into_owned();
        if overflow || !any {
            self.error(
                start,
                "malformed integer literal",
                if overflow { "too large" } else { "no digits" },
            );
            self.push(Tok::Error, start);
            return;
        }
        if unit.is_empty() {
            self.push(Tok::Int(v), start);
            return;
        }
        let scale: Option<u128> = match unit.as_str() {
            "ns" => Some(1),
            "us" => Some(1_000),
            "ms" => Some(1_000_000),
            "s" => Some(1_000_000_000),
            "min" => Some(60_000_000_000),
            "h" => Some(3_600_000_000_000),
            _ => None,
        };
        match scale
            .and_then(|s| v.checked_mul(s))
            .and_then(|ns| u64::try_from(ns).ok())
        {
            Some(ns) if radix == 10 => self.push(Tok::Duration(ns), start),
            _ => {
                self.diags.push(
                    Diagnostic::error("E0003", format!("invalid suffix `{unit}` on a number"), Span::new(start, self.pos), "unknown unit or out of range")
                        .with_note("durations use ns, us, ms, s, min or h (e.g. `300s`); integers have no suffix"),
                );
                self.push(Tok::Error, start);
            }
        }
    }

    /// Matches `d+.d+.d+.d+` at `start`; reports octets over 255.
    fn try_ipv4(&mut self, start: usize) -> Option<u32> {
        let mut i = start;
        let mut parts = Vec::with_capacity(4);
        for k in 0..4 {
            let s = i;
            while self.at(i).is_ascii_digit() {
                i += 1;
            }
            if i == s || i - s > 3 {
                return None;
            }
            let n: u32 = std::str::from_utf8(&self.src[s..i]).ok()?.parse().ok()?;
            parts.push(n);
            if k < 3 {
                if self.at(i) != b'.' || !self.at(i + 1).is_ascii_digit() {
                    return None;
                }
                i += 1;
            }
        }
        self.pos = i;
        if parts.iter().any(|&p| p > 255) {
            self.error(
                start,
                "invalid IPv4 address",
                "each part must be at most 255",
            );
            return None;
        }
        Some(parts.iter().fold(0u32, |a, &p| (a << 8) | p))
    }

    fn string(&mut self, start: usize) {
        self.pos += 1;
        let mut bytes = Vec::new();
        loop {
            let c = self.at(self.pos);
            if self.pos >= self.src.len() || c == b'\n' {
                self.diags.push(
                    Diagnostic::error(
                        "E0004",
                        "unterminated string literal",
                        Span::new(start, self.pos),
                        "string starts here",
                    )
                    .with_note("strings end with `\"` on the same line"),
                );
                self.push(Tok::Error, start);
                return;
            }
            self.pos += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let e = self.at(self.pos);
                    self.pos += 1;
                    let b = match e {
                        b'n' => Some(b'\n'),
                        b'r' => Some(b'\r'),
                        b't' => Some(b'\t'),
                        b'0' => Some(0),
                        b'\\' => Some(b'\\'),
                        b'"' => Some(b'"'),
                        b'x' => {
                            let h = [self.at(self.pos), self.at(self.pos + 1)];
                            let v = std::str::from_utf8(&h)
                                .ok()
                                .and_then(|h| u8::from_str_radix(h, 16).ok());
                            if v.is_some() {
                                self.pos += 2;
                            }
                            v
                        }
                        _ => None,
                    };
                    match b {
                        Some(b) => bytes.push(b),
                        None => self.diags.push(
                            Diagnostic::error(
                                "E0005",
                                "unknown escape in string",
                                Span::new(self.pos.saturating_sub(2), self.pos),
                                "here",
                            )
                            .with_note("known escapes: \\n \\r \\t \\0 \\\\ \\\" \\xNN"),
                        ),
                    }
                }
                _ => bytes.push(c),
            }
        }
        self.push(Tok::Str(bytes), start);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> (Vec<Tok>, usize) {
        let mut d = Diagnostics::default();
        let t = lex(s, &mut d).into_iter().map(|t| t.tok).collect();
        (t, d.error_count())
    }

    #[test]
    fn literals() {
        let (t, e) = toks("10.0.0.1 0x1F 1_000 300s 5min \"GET \\x41\" 0..4 v.0");
        assert_eq!(e, 0);
        assert_eq!(
            t,
            vec![
                Tok::Ipv4(0x0a00_0001),
                Tok::Int(31),
                Tok::Int(1000),
                Tok::Duration(300_000_000_000),
                Tok::Duration(300_000_000_000),
                Tok::Str(b"GET A".to_vec()),
                Tok::Int(0),
                Tok::DotDot,
                Tok::Int(4),
                Tok::Ident("v".into()),
                Tok::Dot,
                Tok::Int(0),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn errors_are_reported_and_lexing_continues() {
        let (t, e) = toks("let $ x = 300.1.1.1; \"open\nmap 5parsecs");
        assert_eq!(e, 4);
        assert!(t.contains(&Tok::Map));
    }

    #[test]
    fn spans_point_at_tokens() {
        let mut d = Diagnostics::default();
        let t = lex("on  packet", &mut d);
        assert_eq!(t[1].span, Span::new(4, 10));
    }
}
