//! Every program of the corpus passes this kernel's verifier in each form the
//! target loads: the test program and, for live runs, one program per port,
//! the server link's (link frames, wrapped parser errors) and with
//! `--record`'s ring buffer. Prints instructions and verifier statistics per
//! program (docs/XDP.md's table). Needs root.

mod common;

use xdp::XdpSwitch;

#[test]
fn every_program_passes_the_verifier_in_every_form() {
    if !common::root() {
        return;
    }
    let server = compiler::lower_switch::SERVER_PORT;
    let cases: Vec<(&str, pipe::Program, u16)> = vec![
        ("mazunat", common::nf("mazunat").0, server),
        ("lb", common::nf("lb").0, server),
        ("firewall", common::nf("firewall").0, server),
        ("proxy", common::nf("proxy").0, server),
        ("trojan", common::nf("trojan").0, server),
        (
            "cofilter",
            common::cofilter().0,
            filter::program::CPU_PORT as u16,
        ),
        ("park", common::park().0, 2),
    ];
    println!("| program | instructions | processed | states (peak) | verification | JIT bytes |");
    println!("|---|---|---|---|---|---|");
    for (name, program, link) in cases {
        let x = XdpSwitch::load_with(&program, true).unwrap_or_else(|e| panic!("{name}: {e}"));
        let s = x.verifier_stats().clone();
        println!(
            "| {name} | {} | {} | {} ({}) | {} µs | {} |",
            s.insns, s.processed, s.total_states, s.peak_states, s.verification_us, s.jited_bytes
        );
        assert!(s.processed > 0 && s.jited_bytes > 0, "{name}: {s:?}");
        for port in [0, 1, link] {
            let p = x
                .load_port_program(port, Some(link))
                .unwrap_or_else(|e| panic!("{name} port {port}: {e}"));
            assert!(p.stats().processed > 0, "{name} port {port}");
        }
        let plain = XdpSwitch::load(&program).unwrap_or_else(|e| panic!("{name}: {e}"));
        plain
            .load_port_program(0, None)
            .unwrap_or_else(|e| panic!("{name} without link or record: {e}"));
    }
}
