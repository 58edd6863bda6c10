//! Fuzzes the parameter files every `.nf` command takes: any bytes as a
//! `--config FILE.toml` (and each of its lines as a `--set NAME=VALUE`) either
//! fail with a message or become overrides; the example programs compiled with
//! them either verify or are rejected with diagnostics that render (an unknown
//! name or a value of the wrong type is the compiler's to report) — never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

const EXAMPLES: [(&str, &str); 5] = [
    (
        "mazunat",
        include_str!("../../../../examples/nf/mazunat.nf"),
    ),
    ("lb", include_str!("../../../../examples/nf/lb.nf")),
    (
        "firewall",
        include_str!("../../../../examples/nf/firewall.nf"),
    ),
    ("proxy", include_str!("../../../../examples/nf/proxy.nf")),
    ("trojan", include_str!("../../../../examples/nf/trojan.nf")),
];

fn compile_all(o: &lang::Overrides) {
    let loader = |_: &str| -> Result<String, String> { Ok("tcp 10.0.0.1 1 10.0.0.2 2\n".into()) };
    for (name, src) in EXAMPLES {
        match lang::compile(name, src, o, &loader) {
            Ok(c) => assert!(ir::verify(&c.program).is_ok()),
            Err(d) => {
                assert!(d.has_errors());
                let _ = d.render(name, src);
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match lang::Overrides::from_toml(&text) {
        Ok(o) => compile_all(&o),
        Err(e) => assert!(!e.is_empty()),
    }
    let mut o = lang::Overrides::new();
    for line in text.lines() {
        if let Err(e) = o.set_assignment(line) {
            assert!(e.contains(line), "{e}");
        }
    }
    compile_all(&o);
});
