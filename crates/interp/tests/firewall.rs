//! Firewall (examples/nf/firewall.nf) on hand-built packets.

mod common;
use common::*;
use interp::{Interpreter, Verdict};

#[test]
fn listed_tuples_and_their_reverse_pass_everything_else_drops() {
    // Default rules file examples/nf/firewall.rules.
    let mut it = Interpreter::new(&example("firewall.nf", &[])).expect("loads");
    let mut fwd = tcp("10.0.0.1", 40000, "192.0.2.10", 80, SYN, b"");
    assert_eq!(
        it.process(&mut fwd, 0, 1).expect("runs"),
        Verdict::Forward(1)
    );
    let mut rev = tcp("192.0.2.10", 80, "10.0.0.1", 40000, SYN | ACK, b"");
    assert_eq!(
        it.process(&mut rev, 1, 2).expect("runs"),
        Verdict::Forward(0)
    );
    let mut dns = udp("10.0.0.3", 5353, "192.0.2.53", 53, b"q");
    assert_eq!(
        it.process(&mut dns, 0, 3).expect("runs"),
        Verdict::Forward(1)
    );
    for (mut p, port) in [
        (tcp("10.0.0.1", 40001, "192.0.2.10", 80, SYN, b""), 0),
        (udp("10.0.0.1", 40000, "192.0.2.10", 80, b""), 0),
        (tcp("10.0.0.2", 40001, "192.0.2.10", 80, SYN, b""), 1),
        (vec![0u8; 60], 0),
    ] {
        assert_eq!(it.process(&mut p, port, 4).expect("runs"), Verdict::Drop);
    }
}

#[test]
fn rules_file_is_a_parameter() {
    let dir = std::env::temp_dir().join(format!("tandem-fw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let rules = dir.join("r.txt");
    std::fs::write(
        &rules,
        "# only this one\nudp 10.1.1.1 1 10.2.2.2 2  # trailing comment\n\n",
    )
    .expect("write");
    let prog = example("firewall.nf", &[&format!("rules={}", rules.display())]);
    let mut it = Interpreter::new(&prog).expect("loads");
    let mut ok = udp("10.2.2.2", 2, "10.1.1.1", 1, b"");
    assert_eq!(
        it.process(&mut ok, 1, 1).expect("runs"),
        Verdict::Forward(0)
    );
    let mut no = tcp("10.0.0.1", 40000, "192.0.2.10", 80, SYN, b"");
    assert_eq!(it.process(&mut no, 0, 1).expect("runs"), Verdict::Drop);
    let _ = std::fs::remove_dir_all(&dir);
}
