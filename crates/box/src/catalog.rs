//! The application catalogue: which Tandem NF program (`.nf` plus parameters)
//! runs when a box configuration names an application.
//!
//! A catalogue is a TOML file; program paths are relative to the file:
//!
//! ```toml
//! [app.ids]
//! program = "../nf/trojan.nf"
//!
//! [app.lb]
//! program = "../nf/lb.nf"
//! params = { vip = "10.2.0.100" }   # values as `--set NAME=VALUE` takes them
//! modules = ["parse"]               # reusable modules it shares (CoMb §6.3)
//! ```
//!
//! `examples/box/catalog.toml` maps CoMb's four applications (§7.1, Table 3) to
//! the examples in `examples/nf/`; docs/BOX.md explains the choice.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::error::BoxError;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    app: BTreeMap<String, Entry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    program: PathBuf,
    #[serde(default)]
    params: BTreeMap<String, toml::Value>,
    #[serde(default)]
    modules: Vec<String>,
}

/// Reusable modules an application can declare (CoMb §6.3): header parsing
/// and session reconstruction (`session.*` in the language). An
/// application-protocol parser is not offered (docs/BOX.md).
pub const MODULES: [&str; 2] = ["parse", "session"];

/// Whether a program reads `session.*`.
pub fn reads_session(p: &ir::Program) -> bool {
    p.handler
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .any(|i| matches!(i.op, ir::Op::Session(_)))
}

/// One application: its program compiled with its parameters.
#[derive(Debug, Clone)]
pub struct App {
    /// Application name as the configuration names it.
    pub name: String,
    /// The program file.
    pub path: PathBuf,
    /// The compiled, verified program.
    pub program: ir::Program,
    /// Reusable modules it declares (see [`MODULES`]).
    pub modules: Vec<String>,
}

/// Application name → compiled program.
#[derive(Debug, Clone, Default)]
pub struct Catalogue {
    apps: BTreeMap<String, App>,
}

fn param_text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        toml::Value::Array(a) => a.iter().map(param_text).collect::<Vec<_>>().join(","),
        other => other.to_string(),
    }
}

impl Catalogue {
    /// Parses a catalogue; `base` is the directory program paths are relative to,
    /// `origin` names the source in errors. Every program is compiled now, so a
    /// broken one is reported before any packet flows.
    pub fn parse(text: &str, base: &Path, origin: &str) -> Result<Catalogue, BoxError> {
        let file: File = toml::from_str(text).map_err(|e| BoxError::Catalogue {
            entry: origin.to_string(),
            message: e.to_string(),
        })?;
        let mut apps = BTreeMap::new();
        for (name, e) in file.app {
            if let Some(m) = e.modules.iter().find(|m| !MODULES.contains(&m.as_str())) {
                return Err(BoxError::Catalogue {
                    entry: format!("{origin}: app {name:?}"),
                    message: format!("unknown module {m:?} (known: {})", MODULES.join(", ")),
                });
            }
            let mut o = lang::Overrides::new();
            for (k, v) in &e.params {
                o.set(k.clone(), param_text(v));
            }
            let path = base.join(&e.program);
            let compiled = lang::compile_file(&path, &o).map_err(|err| BoxError::Catalogue {
                entry: format!("{origin}: app {name:?}"),
                message: format!("cannot compile {}: {err}", path.display()),
            })?;
            if e.modules.iter().any(|m| m == "session") && !reads_session(&compiled.program) {
                return Err(BoxError::Catalogue {
                    entry: format!("{origin}: app {name:?}"),
                    message: format!(
                        "declares module \"session\" but {} reads no `session.*` field",
                        path.display()
                    ),
                });
            }
            apps.insert(
                name.clone(),
                App {
                    name,
                    path,
                    program: compiled.program,
                    modules: e.modules,
                },
            );
        }
        Ok(Catalogue { apps })
    }

    /// Reads a catalogue file.
    pub fn read(path: &Path) -> Result<Catalogue, BoxError> {
        let text = std::fs::read_to_string(path).map_err(|e| BoxError::Catalogue {
            entry: path.display().to_string(),
            message: format!("cannot read: {e}"),
        })?;
        let base = path.parent().unwrap_or(Path::new("."));
        Catalogue::parse(&text, base, &path.display().to_string())
    }

    /// A catalogue from already compiled programs (tests, benches); every
    /// application declares the `parse` module, and `session` if its program
    /// reads `session.*`.
    pub fn from_programs(programs: impl IntoIterator<Item = (String, ir::Program)>) -> Catalogue {
        Catalogue {
            apps: programs
                .into_iter()
                .map(|(name, program)| {
                    (
                        name.clone(),
                        App {
                            name,
                            path: PathBuf::new(),
                            modules: if reads_session(&program) {
                                vec!["parse".to_string(), "session".to_string()]
                            } else {
                                vec!["parse".to_string()]
                            },
                            program,
                        },
                    )
                })
                .collect(),
        }
    }

    /// The application of that name.
    pub fn get(&self, name: &str) -> Option<&App> {
        self.apps.get(name)
    }

    /// Names known, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.apps.keys().map(String::as_str)
    }
}
