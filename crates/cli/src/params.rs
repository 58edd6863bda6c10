//! The parameter options every command that compiles a `.nf` program takes:
//! `--set NAME=VALUE` and `--config FILE.toml`.

use std::path::{Path, PathBuf};

use anyhow::Context;

/// Parameter values for the program.
#[derive(Debug, clap::Args)]
pub struct ParamArgs {
    /// Override a parameter of the program (repeatable), e.g. `--set port_min=2000`.
    /// Unknown names and values of the wrong type are reported by the compiler.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// TOML file of parameter values (top-level keys or a [params] table);
    /// --set wins over it.
    #[arg(long, value_name = "FILE.toml")]
    pub config: Option<PathBuf>,
}

impl ParamArgs {
    /// The overrides: the config file first, then every `--set` on top.
    pub fn overrides(&self) -> anyhow::Result<lang::Overrides> {
        let mut o = match &self.config {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                lang::Overrides::from_toml(&text)
                    .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
            }
            None => lang::Overrides::new(),
        };
        for s in &self.set {
            o.set_assignment(s)
                .map_err(|e| anyhow::anyhow!("--set {s}: {e}"))?;
        }
        Ok(o)
    }

    /// Compiles `program` with these parameters; the error names the file.
    pub fn compile(&self, program: &Path) -> anyhow::Result<lang::Compiled> {
        let overrides = self.overrides()?;
        lang::compile_file(program, &overrides)
            .map_err(|e| anyhow::anyhow!("{e}"))
            .with_context(|| format!("cannot compile {}", program.display()))
    }
}
