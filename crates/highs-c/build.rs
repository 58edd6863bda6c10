//! Builds the vendored HiGHS (`vendor/HiGHS/` at the workspace root; version, origin
//! and licence in `vendor/README.md`) as a static library with cmake and a C++
//! compiler, and links it. The Rust side declares the
//! C functions it calls by hand (`src/ffi.rs`), so nothing here needs libclang.
//!
//! `HIGHS_DIR=/prefix` links an already installed HiGHS (`/prefix/lib/libhighs.a` or
//! `libhighs.so`) instead of building one; its C API must be the vendored version's.
//! An empty `HIGHS_DIR` counts as unset.

use std::env;
use std::path::{Path, PathBuf};

/// The vendored sources, relative to this crate (`crates/highs-c`).
const SOURCES: &str = "../../vendor/HiGHS";

fn main() {
    println!("cargo:rerun-if-env-changed=HIGHS_DIR");
    println!("cargo:rerun-if-changed={SOURCES}/highs/interfaces/highs_c_api.h");
    println!("cargo:rerun-if-changed={SOURCES}/Version.txt");

    // An empty HIGHS_DIR (e.g. `HIGHS_DIR= cargo build`) means "not set".
    match env::var_os("HIGHS_DIR").filter(|dir| !dir.is_empty()) {
        Some(dir) => {
            let prefix = PathBuf::from(dir);
            let found = ["lib", "lib64"].iter().any(|lib| {
                ["libhighs.a", "libhighs.so", "libhighs.dylib"]
                    .iter()
                    .any(|f| prefix.join(lib).join(f).exists())
            });
            if !found {
                panic!(
                    "HIGHS_DIR={} has no lib/libhighs.a or lib/libhighs.so (nor under lib64); \
                     point it at an installed HiGHS prefix, or unset it to build the vendored HiGHS",
                    prefix.display()
                );
            }
            link_search(&prefix);
            println!("cargo:rustc-link-lib=highs");
            // A static HiGHS built like the vendored one needs its extras archive.
            if ["lib", "lib64"]
                .iter()
                .any(|lib| prefix.join(lib).join("libhighs_extras.a").exists())
            {
                println!("cargo:rustc-link-lib=static=highs_extras");
            }
        }
        None => {
            let prefix = build_vendored();
            link_search(&prefix);
            // Built with BUILD_SHARED_EXTRAS_LIB=OFF, libhighs calls into the extras
            // archive directly instead of loading a shared library at run time.
            println!("cargo:rustc-link-lib=static=highs");
            println!("cargo:rustc-link-lib=static=highs_extras");
        }
    }

    let target = env::var("TARGET").unwrap_or_default();
    if target.contains("apple") {
        println!("cargo:rustc-link-lib=c++");
    } else if !target.contains("msvc") {
        println!("cargo:rustc-link-lib=stdc++");
    }
}

fn link_search(prefix: &Path) {
    for lib in ["lib", "lib64"] {
        println!(
            "cargo:rustc-link-search=native={}",
            prefix.join(lib).display()
        );
    }
}

fn build_vendored() -> PathBuf {
    let manifest = env::var_os("CARGO_MANIFEST_DIR").map_or_else(PathBuf::new, PathBuf::from);
    let sources = manifest.join(SOURCES);
    if !sources.join("CMakeLists.txt").is_file() {
        panic!(
            "the vendored HiGHS is missing: no CMakeLists.txt in {}; restore vendor/HiGHS \
             (see vendor/README.md) or set HIGHS_DIR to an installed HiGHS prefix",
            sources.display()
        );
    }
    let mut cfg = cmake::Config::new(sources);
    cfg.profile("Release")
        .define("FAST_BUILD", "ON")
        .define("BUILD_SHARED_LIBS", "OFF")
        .define("BUILD_TESTING", "OFF")
        .define("BUILD_EXAMPLES", "OFF")
        .define("BUILD_CXX_EXE", "OFF")
        .define("BUILD_SHARED_EXTRAS_LIB", "OFF")
        .define("ZLIB", "OFF")
        .define("CMAKE_INTERPROCEDURAL_OPTIMIZATION", "FALSE");
    cfg.build()
}
