//! The five Gallium middleboxes in examples/nf compile to verified IR with the
//! parameters, state objects and sizes their documentation promises.

use lang::{Overrides, compile_file};
use std::path::PathBuf;

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/nf")
        .join(name)
}

fn compiled(name: &str, o: &Overrides) -> lang::Compiled {
    match compile_file(&example(name), o) {
        Ok(c) => c,
        Err(e) => panic!("{name} does not compile:\n{e}"),
    }
}

#[test]
fn all_examples_compile_to_verified_ir() {
    for name in [
        "mazunat.nf",
        "lb.nf",
        "firewall.nf",
        "proxy.nf",
        "trojan.nf",
    ] {
        let c = compiled(name, &Overrides::new());
        assert!(c.warnings.items.is_empty(), "{name}: {:?}", c.warnings);
        ir::verify(&c.program).expect("verifies");
        // The printed IR round-trips too.
        assert_eq!(
            ir::parse(&ir::print(&c.program)),
            Ok(c.program.clone()),
            "{name}"
        );
    }
}
