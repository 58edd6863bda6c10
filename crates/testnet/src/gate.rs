//! Whether a live test can run here: root, and the tools it drives.

use std::path::Path;

/// Proof that the process runs as root, from [`can_run`] or [`root_or_skip`]:
/// what [`Net::builder`](crate::Net::builder) takes, so no test builds a network
/// without having asked first.
#[derive(Clone, Copy, Debug)]
pub struct Root(());

/// Whether `test` can run: root (otherwise it is skipped with a printed reason,
/// whatever the environment says: tests run unprivileged too) and the tools
/// `ip` and `tools` on `PATH` (a missing one skips it, or fails it under
/// `TANDEM_REQUIRE_TOOLS=1`).
pub fn can_run(test: &str, tools: &[&str]) -> Option<Root> {
    let root = root_or_skip(test, "network namespaces and raw sockets")?;
    for tool in std::iter::once(&"ip").chain(tools) {
        if !on_path(tool) {
            assert!(
                !tools_required(),
                "{test}: `{tool}` is required (TANDEM_REQUIRE_TOOLS=1) but not installed"
            );
            println!("skipping {test}: `{tool}` is not installed");
            return None;
        }
    }
    Some(root)
}

/// Whether the process runs as root, without a word: for commands that build
/// networks of their own (`tandem eval gallium`) and say themselves why not.
pub fn root() -> Option<Root> {
    (effective_uid() == Some(0)).then_some(Root(()))
}

/// Whether the process runs as root; prints that `test` is skipped, and that it
/// needs root for `needs`, otherwise.
pub fn root_or_skip(test: &str, needs: &str) -> Option<Root> {
    if effective_uid() == Some(0) {
        return Some(Root(()));
    }
    println!("skipping {test}: needs root for {needs}");
    None
}

/// The effective user id (the second field of `Uid:` in /proc/self/status).
fn effective_uid() -> Option<u32> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("Uid:"))?;
    line.split_whitespace().nth(2)?.parse().ok()
}

fn tools_required() -> bool {
    std::env::var("TANDEM_REQUIRE_TOOLS").is_ok_and(|v| v == "1")
}

/// Whether an executable `tool` is in one of `PATH`'s directories.
fn on_path(tool: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    std::env::split_paths(&path).any(|dir| {
        Path::new(&dir)
            .join(tool)
            .metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shell_is_on_the_path_and_a_made_up_tool_is_not() {
        assert!(on_path("sh"));
        assert!(!on_path("tandem-no-such-tool"));
    }

    #[test]
    fn the_effective_uid_is_read() {
        assert!(effective_uid().is_some());
    }
}
