//! The open-source P4 tools, run from outside: `p4c-bm2-ss` (P4_16 for v1model to
//! BMv2 JSON), `p4test` (p4c's front and mid end, used for `tna` with
//! `-D__TARGET_TOFINO__=1`), and BMv2's `simple_switch`.
//!
//! Tools are found as a user who installed p4lang's packages has them: on `PATH`,
//! or in the directory named by `TANDEM_P4C` (p4c's executables) or `TANDEM_BMV2`
//! (BMv2's). A variable that is set but names no directory holding the tool is an
//! error, not a fallback to `PATH`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Variable naming the directory of p4c's executables.
pub const P4C_VAR: &str = "TANDEM_P4C";
/// Variable naming the directory of BMv2's executables.
pub const BMV2_VAR: &str = "TANDEM_BMV2";

/// Why a P4 tool could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ToolError {
    /// The tool is not installed where we look.
    #[error("{tool} not found: {searched}")]
    Missing {
        /// Executable name.
        tool: &'static str,
        /// Where we looked.
        searched: String,
    },
    /// Writing the program or starting the tool failed.
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: String,
        /// The error.
        source: std::io::Error,
    },
    /// The tool ran and refused the program.
    #[error("{tool} refused {file} (exit status {status}):\n{stderr}")]
    Refused {
        /// Executable name.
        tool: &'static str,
        /// The program file.
        file: String,
        /// Exit status.
        status: String,
        /// What it printed on stderr.
        stderr: String,
    },
}

/// Finds `name` in the directory `var` names, or else on `PATH`.
pub fn find_tool(var: &str, name: &'static str) -> Result<PathBuf, ToolError> {
    find_with(std::env::var_os(var), std::env::var_os("PATH"), var, name)
}

fn find_with(
    dir: Option<OsString>,
    path: Option<OsString>,
    var: &str,
    name: &'static str,
) -> Result<PathBuf, ToolError> {
    if let Some(dir) = dir.filter(|d| !d.is_empty()) {
        let p = Path::new(&dir).join(name);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(ToolError::Missing {
                tool: name,
                searched: format!("{var}={} holds no {name}", Path::new(&dir).display()),
            })
        };
    }
    path.as_ref()
        .into_iter()
        .flat_map(std::env::split_paths)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .ok_or_else(|| ToolError::Missing {
            tool: name,
            searched: format!(
                "not on PATH and {var} is not set (install p4lang's p4c and behavioral-model, \
                 or set {var} to the directory holding {name})"
            ),
        })
}

/// p4c's two drivers.
#[derive(Debug, Clone)]
pub struct P4c {
    /// `p4c-bm2-ss`.
    pub bm2: PathBuf,
    /// `p4test`.
    pub p4test: PathBuf,
}

/// A program p4c accepted.
#[derive(Debug, Clone)]
pub struct Accepted {
    /// What p4c printed on stderr: its warnings (empty for a clean program).
    pub warnings: String,
    /// The BMv2 JSON (`p4c-bm2-ss` only).
    pub json: Option<PathBuf>,
}

impl P4c {
    /// Finds both drivers (`TANDEM_P4C`, else `PATH`).
    pub fn find() -> Result<P4c, ToolError> {
        Ok(P4c {
            bm2: find_tool(P4C_VAR, "p4c-bm2-ss")?,
            p4test: find_tool(P4C_VAR, "p4test")?,
        })
    }

    /// Compiles v1model `source` with `p4c-bm2-ss`, writing `dir/stem.p4` and the
    /// BMv2 JSON `dir/stem.json`.
    pub fn compile_bmv2(
        &self,
        source: &str,
        dir: &Path,
        stem: &str,
    ) -> Result<Accepted, ToolError> {
        let file = write_source(source, dir, stem)?;
        let json = dir.join(format!("{stem}.json"));
        let mut cmd = Command::new(&self.bm2);
        cmd.arg(&file).arg("-o").arg(&json);
        let warnings = run(cmd, "p4c-bm2-ss", &file)?;
        Ok(Accepted {
            warnings,
            json: Some(json),
        })
    }

    /// Checks tna `source` with `p4test -D__TARGET_TOFINO__=1` (no Tofino backend
    /// is open source: this is p4c's front and mid end against `tna.p4`).
    pub fn check_tna(&self, source: &str, dir: &Path, stem: &str) -> Result<Accepted, ToolError> {
        let file = write_source(source, dir, stem)?;
        let mut cmd = Command::new(&self.p4test);
        cmd.arg("-D__TARGET_TOFINO__=1");
        // A p4c unpacked outside /usr/local keeps its includes beside its bin/.
        if let Some(inc) = self
            .p4test
            .parent()
            .and_then(Path::parent)
            .map(|p| p.join("share/p4c/p4include"))
            .filter(|p| p.join("tna.p4").is_file())
        {
            cmd.arg("-I").arg(inc);
        }
        cmd.arg(&file);
        let warnings = run(cmd, "p4test", &file)?;
        Ok(Accepted {
            warnings,
            json: None,
        })
    }
}

fn write_source(source: &str, dir: &Path, stem: &str) -> Result<PathBuf, ToolError> {
    let file = dir.join(format!("{stem}.p4"));
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&file, source))
        .map_err(|source| ToolError::Io {
            what: format!("writing {}", file.display()),
            source,
        })?;
    Ok(file)
}

fn run(mut cmd: Command, tool: &'static str, file: &Path) -> Result<String, ToolError> {
    let out = cmd.output().map_err(|source| ToolError::Io {
        what: format!("running {tool}"),
        source,
    })?;
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        return Err(ToolError::Refused {
            tool,
            file: file.display().to_string(),
            status: out.status.to_string(),
            stderr,
        });
    }
    Ok(stderr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_variable_without_the_tool_is_an_error_naming_it() {
        let dir = std::env::temp_dir();
        let err = find_with(
            Some(dir.clone().into_os_string()),
            Some(OsString::from("/usr/bin")),
            P4C_VAR,
            "p4c-bm2-ss-not-here",
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("TANDEM_P4C="), "{err}");
        assert!(err.contains(&dir.display().to_string()), "{err}");
    }

    #[test]
    fn path_is_searched_in_order() {
        let base = std::env::temp_dir().join(format!("tandem-p4c-find-{}", std::process::id()));
        let (a, b) = (base.join("a"), base.join("b"));
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        std::fs::write(b.join("p4test"), "").unwrap();
        let path = std::env::join_paths([&a, &b]).unwrap();
        let found = find_with(None, Some(path), P4C_VAR, "p4test").unwrap();
        assert_eq!(found, b.join("p4test"));
        let missing = find_with(None, Some(a.into_os_string()), P4C_VAR, "p4test");
        assert!(matches!(missing, Err(ToolError::Missing { .. })));
        std::fs::remove_dir_all(&base).unwrap();
    }
}
