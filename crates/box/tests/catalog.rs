//! The application catalogue reader: bad catalogues are refused naming the
//! file and the application; edits of the shipped one never panic.

use std::path::{Path, PathBuf};

use combox::Catalogue;
use proptest::prelude::*;

fn base() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/box")
}

fn shipped() -> String {
    std::fs::read_to_string(base().join("catalog.toml")).expect("shipped catalogue")
}

fn error(text: &str) -> String {
    match Catalogue::parse(text, &base(), "cat.toml") {
        Ok(c) => format!("<accepted: {:?}>", c.names().collect::<Vec<_>>()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn bad_catalogues_name_the_file_and_the_application() {
    let m = error("[app.ids]\nprogram = \"../nf/nothere.nf\"\n");
    assert!(
        m.contains("cat.toml: app \"ids\"") && m.contains("nothere.nf"),
        "{m}"
    );
    let m = error("[app.ids]\nprogram = \"../nf/trojan.nf\"\nmodules = [\"http\"]\n");
    assert!(
        m.contains("app \"ids\"") && m.contains("unknown module \"http\""),
        "{m}"
    );
    // Declaring the session module for a program that never reads it.
    let m = error("[app.ids]\nprogram = \"../nf/trojan.nf\"\nmodules = [\"session\"]\n");
    assert!(
        m.contains("app \"ids\"")
            && m.contains("module \"session\"")
            && m.contains("trojan.nf reads no `session.*`"),
        "{m}"
    );
    let m = error("[app.ids]\nprogram = \"../nf/trojan.nf\"\ncolour = 1\n");
    assert!(m.contains("cat.toml") && m.contains("colour"), "{m}");
    let m = error("[app.lb]\nprogram = \"../nf/lb.nf\"\nparams = { nosuch = \"1\" }\n");
    assert!(m.contains("app \"lb\""), "{m}");
    let m = error("[app.ids\n");
    assert!(m.contains("cat.toml"), "{m}");
    // The shipped one loads, with every application declaring the parse module.
    let c = Catalogue::parse(&shipped(), &base(), "cat.toml").expect("loads");
    assert!(c.names().count() >= 4);
    assert!(c.names().all(|n| {
        c.get(n)
            .is_some_and(|a| a.modules.iter().any(|m| m == "parse"))
    }));
    // The flow monitor shares the session module.
    let fm = c.get("flowmon").expect("flowmon");
    assert!(
        fm.modules.iter().any(|m| m == "session"),
        "{:?}",
        fm.modules
    );
    assert!(combox::catalog::reads_session(&fm.program));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Byte edits of the shipped catalogue load or are refused naming the
    /// file, never a panic.
    #[test]
    fn edited_catalogues_load_or_are_named(
        edits in proptest::collection::vec((0usize..4096, 32u8..127, 0u8..3), 1..4),
    ) {
        let mut bytes = shipped().into_bytes();
        for (at, byte, kind) in edits {
            let at = at % bytes.len().max(1);
            match kind {
                0 => bytes[at] = byte,
                1 => { bytes.remove(at); }
                _ => bytes.insert(at, byte),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        // Keep program paths inside the repository's examples.
        prop_assume!(!text.contains("/dev") && !text.contains("/proc") && !text.contains("/sys"));
        match Catalogue::parse(&text, &base(), "cat.toml") {
            Ok(c) => prop_assert!(c.names().all(|n| c.get(n).is_some())),
            Err(e) => prop_assert!(e.to_string().contains("cat.toml"), "{}", e),
        }
    }
}
