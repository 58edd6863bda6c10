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

#[test]
fn language_reference_example_compiles() {
    let doc = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/LANGUAGE.md"),
    )
    .expect("docs");
    let start = doc.find("```nf\n").expect("an nf block") + 6;
    let len = doc[start..].find("```").expect("closed");
    let src = &doc[start..start + len];
    let loader = |_: &str| -> Result<String, String> { Err("none".into()) };
    if let Err(d) = lang::compile("doc", src, &Overrides::new(), &loader) {
        panic!("{}", d.render("LANGUAGE.md", src));
    }
}

#[test]
fn overrides_reach_the_ir_and_params_are_listed() {
    let mut o = Overrides::new();
    o.set("port_min", "2000");
    o.set("external_ip", "203.0.113.9");
    let c = compiled("mazunat.nf", &o);
    let reg = c
        .program
        .states
        .iter()
        .find(|s| s.name == "next_port")
        .expect("counter");
    assert_eq!(
        reg.kind,
        ir::StateKind::Register {
            ty: ir::Type::Bits(16),
            init: ir::Value::bits(16, 2000)
        }
    );
    assert!(ir::print(&c.program).contains("const 203.0.113.9"));
    let names: Vec<(&str, &str)> = c
        .params
        .iter()
        .map(|p| (p.name.as_str(), p.value.as_str()))
        .collect();
    assert_eq!(
        names,
        vec![
            ("external_ip", "203.0.113.9"),
            ("port_min", "2000"),
            ("port_max", "65535")
        ]
    );
}

#[test]
fn example_state_declarations_match_their_documentation() {
    let c = compiled("lb.nf", &Overrides::new());
    let conns = c
        .program
        .states
        .iter()
        .find(|s| s.name == "conns")
        .expect("conns");
    let ir::StateKind::Map {
        capacity,
        idle_timeout_ns,
        ..
    } = &conns.kind
    else {
        panic!("map")
    };
    assert_eq!(
        (*capacity, *idle_timeout_ns),
        (65536, Some(300_000_000_000))
    );
    let c = compiled("mazunat.nf", &Overrides::new());
    for s in &c.program.states {
        if let ir::StateKind::Map { capacity, .. } = &s.kind {
            assert_eq!(*capacity, 65536, "{}", s.name);
        }
    }
    let c = compiled("firewall.nf", &Overrides::new());
    let ir::StateKind::Map { init, .. } = &c.program.states[0].kind else {
        panic!("set")
    };
    assert_eq!(init.len(), 3, "three rules in examples/nf/firewall.rules");
}

/// Golden IR of every example (insta snapshots in tests/snapshots/): pins what the
/// Gallium partitioner receives. Reviewed by hand when they change.
#[test]
fn example_ir_is_pinned() {
    for name in [
        "mazunat.nf",
        "lb.nf",
        "firewall.nf",
        "proxy.nf",
        "trojan.nf",
    ] {
        let c = compiled(name, &Overrides::new());
        insta::assert_snapshot!(
            format!("ir_{}", name.trim_end_matches(".nf")),
            ir::print(&c.program)
        );
    }
}
