//! Fuzzes files loaded by `set … from PARAM` (the firewall's rules file): any
//! bytes as the rules of `examples/nf/firewall.nf` either load as initial set
//! entries of the declared key type or are rejected with a diagnostic naming the
//! line — the program then verifies or the errors render; never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

const FIREWALL: &str = include_str!("../../../../examples/nf/firewall.nf");

fuzz_target!(|data: &[u8]| {
    let rules = String::from_utf8_lossy(data).into_owned();
    let loader = |_: &str| -> Result<String, String> { Ok(rules.clone()) };
    match lang::compile("firewall", FIREWALL, &lang::Overrides::new(), &loader) {
        Ok(c) => {
            assert!(ir::verify(&c.program).is_ok());
            assert_eq!(ir::parse(&ir::print(&c.program)), Ok(c.program));
        }
        Err(d) => {
            assert!(d.has_errors());
            let _ = d.render("firewall.nf", FIREWALL);
        }
    }
});
