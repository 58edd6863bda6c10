//! Diagnostics: errors and warnings with source spans, rendered rustc-style.

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Config, termcolor};
use std::fmt;

/// A byte range in the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span covering `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        let c = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
        Span {
            start: c(start),
            end: c(end),
        }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// As a `usize` range.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// Error or warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// Compilation fails.
    Error,
    /// Compilation continues.
    Warning,
}

/// One diagnostic: a code (`E0402`), a message, a primary span with a label,
/// secondary labels, and notes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Severity.
    pub severity: Severity,
    /// Stable code, documented in `docs/LANGUAGE.md`.
    pub code: &'static str,
    /// One-line summary.
    pub message: String,
    /// Where, and what to say there (`None` for problems outside the source, such
    /// as an unknown `--set` parameter).
    pub primary: Option<(Span, String)>,
    /// Related places.
    pub secondary: Vec<(Span, String)>,
    /// Extra explanations / suggestions (`= help: …`).
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// A new error.
    pub fn error(
        code: &'static str,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            primary: Some((span, label.into())),
            secondary: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// A new warning.
    pub fn warning(
        code: &'static str,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message, span, label)
        }
    }

    /// An error that has no place in the source.
    pub fn error_spanless(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic {
            primary: None,
            ..Diagnostic::error(code, message, Span::default(), "")
        }
    }

    /// Adds a secondary label.
    pub fn with_label(mut self, span: Span, label: impl Into<String>) -> Self {
        self.secondary.push((span, label.into()));
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    fn to_codespan(&self) -> CsDiagnostic<()> {
        let d = match self.severity {
            Severity::Error => CsDiagnostic::error(),
            Severity::Warning => CsDiagnostic::warning(),
        };
        let mut labels: Vec<Label<()>> = self
            .primary
            .iter()
            .map(|(s, m)| Label::primary((), s.range()).with_message(m))
            .collect();
        labels.extend(
            self.secondary
                .iter()
                .map(|(s, m)| Label::secondary((), s.range()).with_message(m)),
        );
        d.with_code(self.code)
            .with_message(&self.message)
            .with_labels(labels)
            .with_notes(self.notes.clone())
    }
}

/// All diagnostics of one compilation, in source order of discovery.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics {
    /// The diagnostics.
    pub items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// Adds one.
    pub fn push(&mut self, d: Diagnostic) {
        self.items.push(d);
    }

    /// Number of errors (warnings excluded).
    pub fn error_count(&self) -> usize {
        self.items
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }

    /// True if any error was reported.
    pub fn has_errors(&self) -> bool {
        self.error_count() > 0
    }

    /// Renders all diagnostics without colour, rustc-style, against the source.
    pub fn render(&self, file_name: &str, source: &str) -> String {
        let mut buf = termcolor::NoColor::new(Vec::new());
        self.emit(&mut buf, file_name, source);
        String::from_utf8_lossy(&buf.into_inner()).into_owned()
    }

    /// Renders all diagnostics to a (possibly colour) terminal writer.
    pub fn emit(&self, w: &mut dyn termcolor::WriteColor, file_name: &str, source: &str) {
        let file = SimpleFile::new(file_name, source);
        let config = Config::default();
        for d in &self.items {
            // A rendering failure (I/O on the writer) loses only that message's text.
            let _ = term::emit_to_write_style(w, &config, &file, &d.to_codespan());
        }
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.items {
            let sev = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            write!(f, "{sev}[{}]: {}", d.code, d.message)?;
            if let Some((s, _)) = &d.primary {
                write!(f, " at bytes {}..{}", s.start, s.end)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
