//! An indenting text buffer.

/// Lines with four-space indentation.
#[derive(Debug, Default)]
pub(crate) struct Out {
    pub buf: String,
    indent: usize,
}

impl Out {
    /// Writes one line at the current indentation (empty lines stay empty).
    pub fn line(&mut self, s: impl AsRef<str>) {
        let s = s.as_ref();
        if !s.is_empty() {
            for _ in 0..self.indent {
                self.buf.push_str("    ");
            }
            self.buf.push_str(s);
        }
        self.buf.push('\n');
    }

    /// Writes a line ending a block opener and indents.
    pub fn open(&mut self, s: impl AsRef<str>) {
        self.line(s);
        self.indent += 1;
    }

    /// Dedents and writes a closing line.
    pub fn close(&mut self, s: impl AsRef<str>) {
        self.indent = self.indent.saturating_sub(1);
        self.line(s);
    }

    /// Dedents, writes a line such as `} else {`, and indents again.
    pub fn mid(&mut self, s: impl AsRef<str>) {
        self.indent = self.indent.saturating_sub(1);
        self.line(s);
        self.indent += 1;
    }
}
