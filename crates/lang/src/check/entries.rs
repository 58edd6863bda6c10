//! Initial set entries loaded from a file (`set … from PARAM`): one key per line,
//! fields separated by white space, `#` comments. The firewall's rules file.

use super::consts::{parse_scalar, show_const};
use super::{Cx, FileLoader, Global, Ty};
use crate::ast::Name;
use crate::diag::Diagnostic;

impl Cx<'_, '_> {
    /// Reads `set … from PARAM`: one key per line, fields separated by white space,
    /// `#` starts a comment.
    pub(super) fn load_entries(
        &mut self,
        param: &Name,
        key: &Ty,
        loader: &dyn FileLoader,
    ) -> Vec<(ir::Value, ir::Value)> {
        let path = match self.globals.get(&param.text) {
            Some(Global::Param(Ty::Str, v) | Global::Const(Ty::Str, v)) => show_const(v),
            _ => {
                self.err(Diagnostic::error(
                    "E0411",
                    format!("`{}` is not a string parameter", param.text),
                    param.span,
                    "expected the name of a `param NAME: string`",
                ));
                return Vec::new();
            }
        };
        let text = match loader.load(&path) {
            Ok(t) => t,
            Err(why) => {
                self.err(Diagnostic::error(
                    "E0412",
                    format!("cannot load entries from `{path}`"),
                    param.span,
                    why,
                ));
                return Vec::new();
            }
        };
        let elems: Vec<Ty> = match key {
            Ty::Tuple(ts) => ts.clone(),
            Ty::Struct(i) => self
                .out
                .structs
                .get(*i)
                .map(|s| s.fields.iter().map(|f| f.1.clone()).collect())
                .unwrap_or_default(),
            t => vec![t.clone()],
        };
        let mut out = Vec::new();
        for (lineno, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let parsed: Result<Vec<ir::Value>, String> = if words.len() != elems.len() {
                Err(format!(
                    "expected {} fields, found {}",
                    elems.len(),
                    words.len()
                ))
            } else {
                words
                    .iter()
                    .zip(&elems)
                    .map(|(w, t)| parse_scalar(t, w))
                    .collect()
            };
            match parsed {
                Ok(mut vs) => {
                    let k = if vs.len() == 1 && !matches!(key, Ty::Tuple(_) | Ty::Struct(_)) {
                        vs.remove(0)
                    } else {
                        ir::Value::Tuple(vs)
                    };
                    out.push((k, ir::Value::Bool(true)));
                }
                Err(why) => {
                    self.err(
                        Diagnostic::error(
                            "E0413",
                            format!("{path}:{}: {why}", lineno + 1),
                            param.span,
                            "while loading this file",
                        )
                        .with_note(format!(
                            "each line holds one key of type {}",
                            self.show(key)
                        )),
                    );
                }
            }
        }
        out
    }
}
