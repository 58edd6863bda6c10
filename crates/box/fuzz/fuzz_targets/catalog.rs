//! Fuzzes `tandem box --catalog`: any bytes, read as an application catalogue
//! whose programs are looked up in examples/nf/, must load (every program
//! compiled) or fail with an error naming the file or the application — never a
//! panic. Inputs naming a program outside examples/nf/ (absolute, `..`, or no
//! such file) are skipped: reading arbitrary paths (e.g. /dev/zero) says
//! nothing about the reader.
#![no_main]

use std::path::{Component, Path, PathBuf};

use combox::Catalogue;
use libfuzzer_sys::fuzz_target;

fn base() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../examples/nf")
}

fn inside(base: &Path, p: &str) -> bool {
    let path = Path::new(p);
    !path.is_absolute()
        && path.components().all(|c| matches!(c, Component::Normal(_)))
        && base.join(path).is_file()
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let base = base();
    if let Ok(v) = toml::from_str::<toml::Table>(&text)
        && let Some(apps) = v.get("app").and_then(|a| a.as_table())
    {
        for e in apps.values() {
            if let Some(p) = e.get("program").and_then(|p| p.as_str())
                && !inside(&base, p)
            {
                return;
            }
        }
    }
    match Catalogue::parse(&text, &base, "fuzz.toml") {
        Ok(c) => {
            for name in c.names() {
                let app = c.get(name).expect("listed names resolve");
                assert_eq!(app.name, name);
                assert!(app.modules.iter().all(|m| combox::catalog::MODULES.contains(&m.as_str())));
            }
        }
        Err(e) => assert!(e.to_string().contains("fuzz.toml"), "{e}"),
    }
});
