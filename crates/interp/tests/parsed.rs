//! A frame parsed once and handed to the interpreter (`process_parsed`, the
//! box's shared parse module) gives what `process` gives when it parses itself.

mod common;

use common::{example, tcp, udp};
use interp::{Interpreter, Parsed};

#[test]
fn shared_parse_matches_own_parse_on_every_example() {
    let frames: Vec<(u16, Vec<u8>)> = (0..64u16)
        .flat_map(|i| {
            [
                (
                    0,
                    tcp(
                        "10.0.0.1",
                        1000 + i,
                        "10.0.0.100",
                        80,
                        0x02,
                        b"GET /a.html HTTP/1.1\r\n",
                    ),
                ),
                (1, tcp("10.0.1.2", 80, "10.0.0.1", 1000 + i, 0x12, b"")),
                (0, udp("10.0.0.3", 2000 + i, "192.0.2.53", 53, b"q")),
                (0, vec![0u8; 10 + usize::from(i % 30)]),
            ]
        })
        .collect();
    for name in ["mazunat", "lb", "proxy", "trojan", "firewall"] {
        let program = example(&format!("{name}.nf"), &[]);
        let (mut own, mut shared) = (
            Interpreter::new(&program).expect("loads"),
            Interpreter::new(&program).expect("loads"),
        );
        for (i, (port, f)) in frames.iter().enumerate() {
            let (mut a, mut b) = (f.clone(), f.clone());
            let parsed = Parsed::of(&b);
            let va = own.process(&mut a, *port, i as u64);
            let vb = shared.process_parsed(&mut b, &parsed, *port, i as u64);
            assert_eq!(va, vb, "{name} packet {i}");
            assert_eq!(a, b, "{name} packet {i}");
        }
        assert_eq!(own.state().to_json(0), shared.state().to_json(0), "{name}");
        assert_eq!(own.take_events(), shared.take_events(), "{name}");
    }
}

#[test]
fn layout_writers_are_recognised() {
    let writes = |src: &str| {
        Interpreter::new(&common::program(src))
            .expect("loads")
            .writes_layout_fields()
    };
    assert!(writes("on packet { ipv4.protocol = 17; forward(1); }"));
    assert!(!writes(
        "on packet { ipv4.dst = 10.0.0.1; tcp.dst_port = 80; forward(1); }"
    ));
}
