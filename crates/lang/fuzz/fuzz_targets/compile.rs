//! Fuzzes the whole front end: any bytes, as (lossy) UTF-8 source, must either
//! compile to IR that verifies and round-trips through the text format, or be
//! rejected with diagnostics that render — never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data);
    let loader = |_: &str| -> Result<String, String> { Ok("tcp 10.0.0.1 1 10.0.0.2 2\n".into()) };
    match lang::compile("fuzz", &src, &lang::Overrides::new(), &loader) {
        Ok(c) => {
            assert!(ir::verify(&c.program).is_ok());
            assert_eq!(ir::parse(&ir::print(&c.program)), Ok(c.program));
        }
        Err(d) => {
            assert!(d.has_errors());
            let _ = d.render("fuzz.nf", &src);
        }
    }
});
