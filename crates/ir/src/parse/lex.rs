//! Tokens of the IR text format. `;` starts a comment to the end of the line.

use super::ParseError;

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Tok {
    /// Identifier-like run of `[A-Za-z0-9_.]`: names, numbers, `16w5`, `10.0.0.1`, `bb3`.
    Word(String),
    Str(Vec<u8>),
    Punct(&'static str),
    Eof,
}

pub(super) struct Lexer;

impl Lexer {
    pub(super) fn run(src: &str) -> Result<Vec<(Tok, u32, u32)>, ParseError> {
        let mut toks = Vec::new();
        let chars: Vec<char> = src.chars().collect();
        let (mut i, mut line, mut col) = (0usize, 1u32, 1u32);
        let err = |line, col, m: String| ParseError {
            line,
            col,
            message: m,
        };
        while i < chars.len() {
            let c = chars[i];
            let (l0, c0) = (line, col);
            if c == '\n' {
                i += 1;
                line += 1;
                col = 1;
                continue;
            }
            if c.is_whitespace() {
                i += 1;
                col += 1;
                continue;
            }
            if c == ';' {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
                let start = i;
                while i < chars.len()
                    && (chars[i].is_ascii_alphanumeric() || chars[i] == '_' || chars[i] == '.')
                {
                    i += 1;
                }
                col += (i - start) as u32;
                toks.push((Tok::Word(chars[start..i].iter().collect()), l0, c0));
                continue;
            }
            if c == '"' {
                i += 1;
                col += 1;
                let mut bytes = Vec::new();
                loop {
                    let Some(&d) = chars.get(i) else {
                        return Err(err(l0, c0, "unterminated string".into()));
                    };
                    i += 1;
                    col += 1;
                    match d {
                        '"' => break,
                        '\\' => {
                            let hex: String = chars.iter().skip(i).take(3).collect();
                            let h = hex.strip_prefix('x').filter(|h| h.len() == 2);
                            let b = h
                                .and_then(|h| u8::from_str_radix(h, 16).ok())
                                .ok_or_else(|| err(line, col, "expected \\xNN escape".into()))?;
                            bytes.push(b);
                            i += 3;
                            col += 3;
                        }
                        d if (' '..='~').contains(&d) => bytes.push(d as u8),
                        _ => {
                            return Err(err(line, col, "non-printable character in string".into()));
                        }
                    }
                }
                toks.push((Tok::Str(bytes), l0, c0));
                continue;
            }
            let two: String = chars.iter().skip(i).take(2).collect();
            let p: &'static str = if two == "=>" {
                "=>"
            } else {
                match c {
                    '(' => "(",
                    ')' => ")",
                    '<' => "<",
                    '>' => ">",
                    ',' => ",",
                    ':' => ":",
                    '=' => "=",
                    '[' => "[",
                    ']' => "]",
                    '{' => "{",
                    '}' => "}",
                    '%' => "%",
                    '@' => "@",
                    '!' => "!",
                    _ => return Err(err(l0, c0, format!("unexpected character `{c}`"))),
                }
            };
            i += p.len();
            col += p.len() as u32;
            toks.push((Tok::Punct(p), l0, c0));
        }
        toks.push((Tok::Eof, line, col));
        Ok(toks)
    }
}
