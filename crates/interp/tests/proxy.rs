//! Proxy redirector (examples/nf/proxy.nf) on hand-built packets.

mod common;
use common::*;
use interp::{Interpreter, Verdict};

#[test]
fn web_ports_are_redirected_with_valid_checksums() {
    let mut it = Interpreter::new(&example("proxy.nf", &[])).expect("loads");
    for port in [80, 8080] {
        let mut p = tcp("10.0.0.5", 5555, "192.0.2.80", port, SYN, b"");
        assert_eq!(it.process(&mut p, 0, 1).expect("runs"), Verdict::Forward(1));
        assert_eq!(
            endpoints(&p),
            (ip("10.0.0.5"), 5555, ip("10.0.0.200"), 3128)
        );
    }
}

#[test]
fn other_traffic_passes_unchanged() {
    let mut it = Interpreter::new(&example(
        "proxy.nf",
        &["ports=443", "proxy_ip=10.1.1.1", "proxy_port=8443"],
    ))
    .expect("loads");
    let mut https = tcp("10.0.0.5", 5555, "192.0.2.80", 443, SYN, b"");
    it.process(&mut https, 0, 1).expect("runs");
    assert_eq!(
        endpoints(&https),
        (ip("10.0.0.5"), 5555, ip("10.1.1.1"), 8443)
    );
    for (mut p, port, out) in [
        (tcp("10.0.0.5", 5555, "192.0.2.80", 80, SYN, b""), 0, 1),
        (udp("10.0.0.5", 5555, "192.0.2.80", 443, b""), 0, 1),
        (tcp("192.0.2.80", 443, "10.0.0.5", 443, ACK, b""), 1, 0),
    ] {
        let orig = p.clone();
        assert_eq!(
            it.process(&mut p, port, 1).expect("runs"),
            Verdict::Forward(out)
        );
        assert_eq!(p, orig);
    }
}
