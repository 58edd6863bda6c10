//! Golden tests: the rendered diagnostics of every malformed program under
//! `testdata/` (insta snapshots in `tests/snapshots/`; review changes with
//! `cargo insta review` or rewrite with `INSTA_UPDATE=always`). Each case also
//! asserts the exact error codes, so a snapshot cannot silently lose an error.

use lang::{Diagnostics, Overrides, Severity, compile};

fn run(file: &str, overrides: &Overrides) -> (Diagnostics, String) {
    let path = format!("{}/testdata/{file}", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).expect("testdata file");
    let loader = |p: &str| -> Result<String, String> { Err(format!("no such file `{p}`")) };
    let diags = compile("t", &src, overrides, &loader).expect_err("program must be rejected");
    let rendered = diags.render(&format!("testdata/{file}"), &src);
    (diags, rendered)
}

fn codes(d: &Diagnostics) -> Vec<&'static str> {
    d.items.iter().map(|d| d.code).collect()
}

fn golden(file: &str, expected_codes: &[&str]) {
    golden_with(file, &Overrides::new(), expected_codes);
}

fn golden_with(file: &str, o: &Overrides, expected_codes: &[&str]) {
    let (d, rendered) = run(file, o);
    insta::assert_snapshot!(file.trim_end_matches(".nf"), &rendered);
    assert_eq!(codes(&d), expected_codes, "{rendered}");
}

#[test]
fn syntax_errors() {
    // missing `;` after a param, unclosed expression, missing `;` after forward,
    // match without a None arm.
    golden("syntax_errors.nf", &["E0101", "E0101", "E0101", "E0106"]);
}

#[test]
fn lexical_errors() {
    golden(
        "lexical_errors.nf",
        &["E0001", "E0001", "E0003", "E0004", "E0001", "E0002"],
    );
}

#[test]
fn type_errors() {
    golden(
        "type_errors.nf",
        &[
            "E0403", "E0402", "E0402", "E0402", "E0402", "E0402", "E0426", "E0402",
        ],
    );
}

#[test]
fn name_errors() {
    golden(
        "name_errors.nf",
        &["E0305", "E0306", "E0302", "E0302", "E0303"],
    );
}

#[test]
fn verdicts() {
    let (d, _) = run("verdicts.nf", &Overrides::new());
    assert_eq!(
        d.items
            .iter()
            .filter(|x| x.severity == Severity::Warning)
            .count(),
        1
    );
    golden("verdicts.nf", &["W0001", "E0420"]);
}

#[test]
fn state_errors() {
    golden(
        "state_errors.nf",
        &[
            "E0408", "E0408", "E0408", "E0412", "E0424", "E0421", "E0427",
        ],
    );
}

#[test]
fn mutability() {
    golden(
        "mutability.nf",
        &["E0423", "E0424", "E0430", "E0430", "E0403", "W0002"],
    );
}

#[test]
fn bad_overrides() {
    let mut o = Overrides::new();
    o.set("port_min", "70000");
    o.set("external_ipp", "1.2.3.4");
    o.set("external_ip", "1.2.3");
    let src = std::fs::read_to_string(format!(
        "{}/../../examples/nf/mazunat.nf",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("example");
    let loader = |_: &str| -> Result<String, String> { Err("unused".into()) };
    let d = compile("mazunat", &src, &o, &loader).expect_err("bad overrides");
    insta::assert_snapshot!("bad_overrides", d.render("examples/nf/mazunat.nf", &src));
    assert_eq!(codes(&d), vec!["E0503", "E0502", "E0502"]);
}

#[test]
fn warnings_do_not_stop_compilation() {
    let path = format!("{}/testdata/warnings.nf", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).expect("testdata file");
    let loader = |_: &str| -> Result<String, String> { Err("none".into()) };
    let c = compile("w", &src, &Overrides::new(), &loader).expect("warnings only");
    assert_eq!(codes(&c.warnings), vec!["W0003", "W0002", "W0003", "W0001"]);
    insta::assert_snapshot!("warnings", c.warnings.render("testdata/warnings.nf", &src));
}

/// Found by the generated-program test: a literal shift amount used to be typed
/// `bit<8>`, rejecting `x >> 1000` on a `bit<16>` and reporting it twice.
#[test]
fn literal_shift_amounts_take_the_shifted_type() {
    let loader = |_: &str| -> Result<String, String> { Err("none".into()) };
    let ok = "on packet { let a: u16 = tcp.src_port >> 1000; let b: u16 = (1315 + 484) >> 1755; forward(a + b); }";
    assert!(compile("s", ok, &Overrides::new(), &loader).is_ok());
    let bad = "on packet { let a: u8 = ipv4.ttl << 300; forward(a as u16); }";
    let d = compile("s", bad, &Overrides::new(), &loader).expect_err("300 does not fit bit<8>");
    assert_eq!(codes(&d), vec!["E0403"]);
}
