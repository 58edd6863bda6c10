//! Compile-time values: constant expressions, parameter overrides (`--set NAME=VALUE`
//! or a TOML config file), and files loaded by `set … from PARAM`.

use super::{ConstVal, Cx, Global, Ty};
use crate::ast::{BinOp, Expr, ExprKind};
use crate::diag::Diagnostic;
use std::path::PathBuf;

/// Parameter values given from outside the program, by name, as text; they are
/// parsed against the parameter's declared type when the program is compiled.
/// Later settings of the same name win.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    values: Vec<(String, String)>,
}

impl Overrides {
    /// No overrides.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets `name` to the textual `value` (as `--set name=value` does).
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.values.push((name.into(), value.into()));
    }

    /// Parses one `NAME=VALUE` assignment.
    pub fn set_assignment(&mut self, assignment: &str) -> Result<(), String> {
        match assignment.split_once('=') {
            Some((n, v)) if !n.trim().is_empty() => {
                self.set(n.trim(), v.trim());
                Ok(())
            }
            _ => Err(format!("`{assignment}` is not of the form NAME=VALUE")),
        }
    }

    /// Reads overrides from a TOML config file: top-level keys, or the keys of a
    /// `[params]` table if there is one. Values may be strings, integers, booleans
    /// or arrays of those (arrays become comma-separated lists).
    pub fn from_toml(text: &str) -> Result<Self, String> {
        let table: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| format!("invalid config file: {e}"))?;
        let table = match table.get("params") {
            Some(toml::Value::Table(t)) => t.clone(),
            _ => table,
        };
        let mut o = Overrides::new();
        for (k, v) in &table {
            o.set(k.clone(), toml_text(k, v)?);
        }
        Ok(o)
    }

    /// The overrides in the order given.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.values.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// The value last set for `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

fn toml_text(key: &str, v: &toml::Value) -> Result<String, String> {
    match v {
        toml::Value::String(s) => Ok(s.clone()),
        toml::Value::Integer(i) => Ok(i.to_string()),
        toml::Value::Boolean(b) => Ok(b.to_string()),
        toml::Value::Array(a) => {
            let parts: Result<Vec<String>, String> = a.iter().map(|x| toml_text(key, x)).collect();
            Ok(parts?.join(","))
        }
        other => Err(format!(
            "config value for `{key}` has unsupported type {}",
            other.type_str()
        )),
    }
}

/// Reads files named by `from` clauses (e.g. the firewall's rules file).
pub trait FileLoader {
    /// Returns the file's text or a message saying why it could not be read.
    fn load(&self, path: &str) -> Result<String, String>;
}

impl<F: Fn(&str) -> Result<String, String>> FileLoader for F {
    fn load(&self, path: &str) -> Result<String, String> {
        self(path)
    }
}

/// Loads from the file system: the path as given (relative to the working
/// directory), or else relative to `base` (normally the program's directory, so a
/// program's default rules file next to it is found from anywhere).
#[derive(Clone, Debug, Default)]
pub struct FsLoader {
    /// Fallback directory for relative paths.
    pub base: Option<PathBuf>,
}

impl FileLoader for FsLoader {
    fn load(&self, path: &str) -> Result<String, String> {
        match std::fs::read_to_string(path) {
            Ok(s) => Ok(s),
            Err(e) => match &self.base {
                Some(b) if std::path::Path::new(path).is_relative() => {
                    std::fs::read_to_string(b.join(path)).map_err(|e2| {
                        format!(
                            "cannot read `{path}`: {e} (also tried {}: {e2})",
                            b.join(path).display()
                        )
                    })
                }
                _ => Err(format!("cannot read `{path}`: {e}")),
            },
        }
    }
}

/// A declared parameter, for listing (`tandem run --help`-style output).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamInfo {
    /// Name.
    pub name: String,
    /// Declared type, as written in diagnostics (`bit<16>`, `list<ipv4>`).
    pub ty: String,
    /// Current value (default or override) in `--set` syntax.
    pub value: String,
}

/// Formats a value in the syntax `--set` accepts.
pub fn show_value(v: &ir::Value) -> String {
    match v {
        ir::Value::Bool(b) => b.to_string(),
        ir::Value::Bits { value, .. } => value.to_string(),
        ir::Value::Ipv4(a) => std::net::Ipv4Addr::from(*a).to_string(),
        ir::Value::Tuple(vs) => format!(
            "({})",
            vs.iter().map(show_value).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// Formats a compile-time value in the syntax `--set` accepts.
pub fn show_const(v: &ConstVal) -> String {
    match v {
        ConstVal::Value(v) => show_value(v),
        ConstVal::List(vs) => vs.iter().map(show_value).collect::<Vec<_>>().join(","),
        ConstVal::Str(s) => s.clone(),
    }
}

/// Parses one scalar token for type `ty` (override values, rules files).
/// `bit<8>` also accepts the protocol names `icmp`, `tcp`, `udp`.
pub(crate) fn parse_scalar(ty: &Ty, text: &str) -> Result<ir::Value, String> {
    let t = text.trim();
    match ty {
        Ty::Bool => match t {
            "true" => Ok(ir::Value::Bool(true)),
            "false" => Ok(ir::Value::Bool(false)),
            _ => Err(format!("`{t}` is not `true` or `false`")),
        },
        Ty::Ipv4 => t
            .parse::<std::net::Ipv4Addr>()
            .map(|a| ir::Value::Ipv4(u32::from(a)))
            .map_err(|_| format!("`{t}` is not an IPv4 address")),
        Ty::Bits(w) => {
            let proto = match (w, t) {
                (8, "icmp") => Some(1),
                (8, "tcp") => Some(6),
                (8, "udp") => Some(17),
                _ => None,
            };
            let n = match proto {
                Some(p) => Some(p),
                None => {
                    let clean = t.replace('_', "");
                    match clean.strip_prefix("0x") {
                        Some(h) => u64::from_str_radix(h, 16).ok(),
                        None => clean.parse::<u64>().ok(),
                    }
                }
            };
            match n {
                Some(n) if n <= ir::mask(*w) => Ok(ir::Value::bits(*w, n)),
                Some(_) => Err(format!(
                    "`{t}` does not fit in bit<{w}> (maximum {})",
                    ir::mask(*w)
                )),
                None => Err(format!("`{t}` is not an integer")),
            }
        }
        _ => Err("values of this type cannot be given as text".into()),
    }
}

/// Parses override text for a parameter of type `ty`.
pub(crate) fn parse_override(ty: &Ty, text: &str) -> Result<ConstVal, String> {
    match ty {
        Ty::Str => Ok(ConstVal::Str(text.to_string())),
        Ty::List(elem) => {
            if text.trim().is_empty() {
                return Ok(ConstVal::List(Vec::new()));
            }
            let items: Result<Vec<_>, String> =
                text.split(',').map(|p| parse_scalar(elem, p)).collect();
            items.map(ConstVal::List)
        }
        _ => parse_scalar(ty, text).map(ConstVal::Value),
    }
}

impl Cx<'_, '_> {
    /// Evaluates a constant expression of the wanted type, reporting errors.
    pub(crate) fn const_eval(&mut self, e: &Expr, want: &Ty) -> Option<ConstVal> {
        let v = match (&e.kind, want) {
            // Already reported by the lexer or parser; types already in error stay quiet.
            (ExprKind::Error, _) | (_, Ty::Error) => return None,
            (ExprKind::Str(s), Ty::Str) => ConstVal::Str(String::from_utf8_lossy(s).into_owned()),
            (ExprKind::List(items), Ty::List(elem)) => {
                let mut out = Vec::new();
                for i in items {
                    match self.const_eval(i, elem)? {
                        ConstVal::Value(v) => out.push(v),
                        _ => return None,
                    }
                }
                ConstVal::List(out)
            }
            (ExprKind::Bool(b), Ty::Bool) => ConstVal::Value(ir::Value::Bool(*b)),
            (ExprKind::Ipv4(a), Ty::Ipv4) => ConstVal::Value(ir::Value::Ipv4(*a)),
            (ExprKind::Tuple(items), Ty::Tuple(ts)) if items.len() == ts.len() => {
                let mut out = Vec::new();
                for (i, t) in items.iter().zip(ts) {
                    match self.const_eval(i, t)? {
                        ConstVal::Value(v) => out.push(v),
                        _ => return None,
                    }
                }
                ConstVal::Value(ir::Value::Tuple(out))
            }
            (ExprKind::Path(p), _) if p.len() == 1 => match self.globals.get(&p[0].text) {
                Some(Global::Param(t, v) | Global::Const(t, v)) if t == want => v.clone(),
                Some(Global::Param(t, _) | Global::Const(t, _)) => {
                    let msg = format!(
                        "expected {}, found {}",
                        self.show(want),
                        self.show(&t.clone())
                    );
                    self.err(Diagnostic::error("E0402", "mismatched types", e.span, msg));
                    return None;
                }
                _ => return self.not_const(e),
            },
            (_, Ty::Bits(w)) => {
                let n = self.const_int(e)?;
                if n > u128::from(ir::mask(*w)) {
                    self.err(Diagnostic::error(
                        "E0403",
                        format!("value {n} does not fit in bit<{w}>"),
                        e.span,
                        format!("maximum is {}", ir::mask(*w)),
                    ));
                    return None;
                }
                ConstVal::Value(ir::Value::bits(*w, n as u64))
            }
            _ => return self.not_const(e),
        };
        Some(v)
    }

    fn not_const<T>(&mut self, e: &Expr) -> Option<T> {
        self.err(
            Diagnostic::error("E0404", "expected a constant", e.span, "not a constant of the expected type")
                .with_note("constants are literals, parameters, `const`s, lists and tuples of them, and integer arithmetic on them"),
        );
        None
    }

    /// Evaluates a constant integer expression (sizes, loop bounds).
    pub(crate) fn const_int(&mut self, e: &Expr) -> Option<u128> {
        match &e.kind {
            ExprKind::Error => None,
            ExprKind::Int(n) => Some(*n),
            ExprKind::Path(p) if p.len() == 1 => match self.globals.get(&p[0].text) {
                Some(Global::Param(_, ConstVal::Value(ir::Value::Bits { value, .. })))
                | Some(Global::Const(_, ConstVal::Value(ir::Value::Bits { value, .. }))) => {
                    Some(u128::from(*value))
                }
                _ => self.not_const(e),
            },
            ExprKind::Call(p, args) if p.len() == 1 && p[0].text == "len" && args.len() == 1 => {
                match &args[0].kind {
                    ExprKind::Path(q) if q.len() == 1 => match self.globals.get(&q[0].text) {
                        Some(
                            Global::Param(_, ConstVal::List(l))
                            | Global::Const(_, ConstVal::List(l)),
                        ) => Some(l.len() as u128),
                        _ => self.not_const(e),
                    },
                    ExprKind::List(l) => Some(l.len() as u128),
                    _ => self.not_const(e),
                }
            }
            ExprKind::Binary(op, a, b) => {
                let (x, y) = (self.const_int(a)?, self.const_int(b)?);
                let r = match op {
                    BinOp::Add => x.checked_add(y),
                    BinOp::Sub => x.checked_sub(y),
                    BinOp::Mul => x.checked_mul(y),
                    BinOp::Div => x.checked_div(y),
                    BinOp::Rem => x.checked_rem(y),
                    BinOp::Shl => u32::try_from(y).ok().and_then(|y| x.checked_shl(y)),
                    BinOp::Shr => u32::try_from(y).ok().and_then(|y| x.checked_shr(y)),
                    BinOp::BitAnd => Some(x & y),
                    BinOp::BitOr => Some(x | y),
                    BinOp::BitXor => Some(x ^ y),
                    _ => return self.not_const(e),
                };
                if r.is_none() {
                    self.err(Diagnostic::error(
                        "E0405",
                        "constant arithmetic overflows or divides by zero",
                        e.span,
                        "in this expression",
                    ));
                }
                r
            }
            _ => self.not_const(e),
        }
    }

    /// Evaluates a duration constant to nanoseconds.
    pub(crate) fn const_duration(&mut self, e: &Expr) -> Option<u64> {
        match &e.kind {
            ExprKind::Duration(ns) => Some(*ns),
            ExprKind::Error => None,
            _ => {
                self.err(Diagnostic::error(
                    "E0402",
                    "mismatched types",
                    e.span,
                    "expected a duration such as `300s` or `5min`",
                ));
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn override_parsing_is_typed() {
        assert_eq!(
            parse_override(&Ty::Bits(16), "8080"),
            Ok(ConstVal::Value(ir::Value::bits(16, 8080)))
        );
        assert!(
            parse_override(&Ty::Bits(16), "70000")
                .unwrap_err()
                .contains("does not fit")
        );
        assert_eq!(
            parse_override(&Ty::Bits(8), "tcp"),
            Ok(ConstVal::Value(ir::Value::bits(8, 6)))
        );
        assert_eq!(
            parse_override(&Ty::List(Box::new(Ty::Ipv4)), "10.0.0.1, 10.0.0.2"),
            Ok(ConstVal::List(vec![
                ir::Value::Ipv4(0x0a00_0001),
                ir::Value::Ipv4(0x0a00_0002)
            ]))
        );
        assert!(parse_override(&Ty::Ipv4, "10.0.0").is_err());
    }

    #[test]
    fn toml_config_and_assignments() {
        let o = Overrides::from_toml(
            "[params]\nport_min = 2000\nbackends = [\"10.0.0.1\", \"10.0.0.2\"]\n",
        )
        .expect("valid");
        assert_eq!(o.get("port_min"), Some("2000"));
        assert_eq!(o.get("backends"), Some("10.0.0.1,10.0.0.2"));
        let mut o = Overrides::new();
        o.set_assignment("vip=1.2.3.4").expect("ok");
        o.set_assignment("vip=5.6.7.8").expect("ok");
        assert_eq!(o.get("vip"), Some("5.6.7.8"));
        assert!(o.set_assignment("novalue").is_err());
        assert!(Overrides::from_toml("x = 1.5").is_err());
    }
}
