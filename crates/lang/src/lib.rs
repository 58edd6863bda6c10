//! The `.nf` surface language: lexer, parser, type checker and diagnostics, lowering to `ir`.
//!
//! ```text
//! source ──lex/parse──▶ ast::Module ──check──▶ check::Checked ──lower──▶ ir::Program ──ir::verify
//! ```
//!
//! [`compile`] runs the whole pipeline and returns the verified IR or every
//! diagnostic found (rendered rustc-style with [`Diagnostics::render`]).
//! Parameters are overridden by name with [`Overrides`] (`--set NAME=VALUE`, or a
//! TOML config file via [`Overrides::from_toml`]); values are type-checked against
//! the declarations and bad ones are reported as diagnostics at the declaration.

pub mod ast;
pub mod check;
mod diag;
mod lexer;
mod lower;
mod parser;
mod token;

pub use check::{FileLoader, FsLoader, Overrides, ParamInfo};
pub use diag::{Diagnostic, Diagnostics, Severity, Span};
pub use lexer::{Tok, Token, lex};
pub use parser::parse;

use std::path::Path;

/// A successfully compiled program.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The verified IR.
    pub program: ir::Program,
    /// Warnings (compilation succeeded despite them).
    pub warnings: Diagnostics,
    /// Every parameter with its final value.
    pub params: Vec<ParamInfo>,
}

/// Compiles `.nf` source text. `name` becomes the IR program name (sanitised to an
/// identifier). The lowered IR goes through the cleanup passes
/// ([`ir::passes::CLEANUP`]), verified after each. On failure, returns all
/// diagnostics (errors and warnings).
pub fn compile(
    name: &str,
    src: &str,
    overrides: &Overrides,
    loader: &dyn FileLoader,
) -> Result<Compiled, Diagnostics> {
    compile_with(name, src, overrides, loader, true)
}

/// [`compile`] without the cleanup passes: the IR exactly as lowered (for
/// differential tests of the passes).
pub fn compile_raw(
    name: &str,
    src: &str,
    overrides: &Overrides,
    loader: &dyn FileLoader,
) -> Result<Compiled, Diagnostics> {
    compile_with(name, src, overrides, loader, false)
}

fn compile_with(
    name: &str,
    src: &str,
    overrides: &Overrides,
    loader: &dyn FileLoader,
    cleanup: bool,
) -> Result<Compiled, Diagnostics> {
    let mut diags = Diagnostics::default();
    let module = parse(src, &mut diags);
    let checked = check::check(&module, overrides, loader, &mut diags);
    // Report in source order (lexer, parser and checker findings interleaved, as a
    // reader walks the file); problems without a place come first.
    diags
        .items
        .sort_by_key(|d| d.primary.as_ref().map(|(s, _)| (s.start, s.end)));
    // Re-checking a literal-only subexpression once its width is known can repeat a
    // finding; report each once.
    let mut seen = std::collections::HashSet::new();
    diags.items.retain(|d| {
        seen.insert((
            d.code,
            d.message.clone(),
            d.primary.as_ref().map(|(s, _)| (s.start, s.end)),
        ))
    });
    if diags.has_errors() {
        return Err(diags);
    }
    let mut program = lower::lower(&checked, &sanitize(name));
    // A failure below is a compiler bug, not a user error: say so plainly rather than panic.
    if let Err(errs) = ir::verify(&program) {
        for e in errs {
            diags.push(Diagnostic::error_spanless(
                "E9999",
                format!("internal compiler error: lowered IR does not verify: {e}"),
            ));
        }
        return Err(diags);
    }
    if cleanup {
        if let Err((pass, errs)) = ir::passes::run(&mut program, &ir::passes::CLEANUP) {
            for e in errs {
                diags.push(Diagnostic::error_spanless(
                    "E9999",
                    format!("internal compiler error: IR does not verify after pass {pass}: {e}"),
                ));
            }
            return Err(diags);
        }
    }
    let params = module_params(&checked);
    Ok(Compiled {
        program,
        warnings: diags,
        params,
    })
}

/// Lists the parameters a program declares with their current values (defaults
/// unless overridden). Errors if the program does not check.
pub fn params(
    src: &str,
    overrides: &Overrides,
    loader: &dyn FileLoader,
) -> Result<Vec<ParamInfo>, Diagnostics> {
    compile("program", src, overrides, loader).map(|c| c.params)
}

fn module_params(c: &check::Checked<'_>) -> Vec<ParamInfo> {
    c.params
        .iter()
        .map(|(n, v)| {
            let ty = match v {
                check::ConstVal::Value(v) => v.ty().to_string(),
                check::ConstVal::List(l) => format!(
                    "list<{}>",
                    l.first()
                        .map_or_else(|| "_".to_string(), |x| x.ty().to_string())
                ),
                check::ConstVal::Str(_) => "string".to_string(),
            };
            ParamInfo {
                name: n.clone(),
                ty,
                value: check::show_const(v),
            }
        })
        .collect()
}

/// Error of [`compile_file`].
#[derive(Debug, thiserror::Error)]
pub enum CompileFileError {
    /// The source could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The program has errors; `rendered` is the rustc-style text.
    #[error("{rendered}")]
    Invalid {
        /// The diagnostics.
        diagnostics: Diagnostics,
        /// Rendered without colour.
        rendered: String,
    },
}

/// Reads and compiles a `.nf` file; files named by `from` clauses are looked up
/// relative to the working directory, then to the program's directory. The
/// program is named after the file stem.
pub fn compile_file(path: &Path, overrides: &Overrides) -> Result<Compiled, CompileFileError> {
    let src = std::fs::read_to_string(path).map_err(|source| CompileFileError::Io {
        path: path.display().to_string(),
        source,
    })?;
    let loader = FsLoader {
        base: path.parent().map(Path::to_path_buf),
    };
    let stem = path
        .file_stem()
        .map_or_else(|| "program".into(), |s| s.to_string_lossy().into_owned());
    compile(&stem, &src, overrides, &loader).map_err(|diagnostics| {
        let rendered = diagnostics.render(&path.display().to_string(), &src);
        CompileFileError::Invalid {
            diagnostics,
            rendered,
        }
    })
}

fn sanitize(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if !s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        s.insert(0, '_');
    }
    s
}
