//! Properties of the five middleboxes over generated packets: no packet makes the
//! interpreter fail, verdicts are the two ports or drop, frames keep their length,
//! and valid checksums stay valid after every rewrite. MazuNAT additionally
//! translates every reply back to the endpoint that opened the mapping.

mod common;
use common::*;
use interp::{Interpreter, Verdict};
use proptest::prelude::*;

const EXAMPLES: [&str; 5] = [
    "mazunat.nf",
    "lb.nf",
    "firewall.nf",
    "proxy.nf",
    "trojan.nf",
];

fn any_frame() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        6 => wire::testkit::frame(),
        1 => prop::collection::vec(any::<u8>(), 0..80),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn examples_handle_any_packet_sequence(
        which in 0usize..5,
        packets in prop::collection::vec((any_frame(), 0u16..2, 0u64..1_000_000_000_000), 1..40),
    ) {
        let mut it = Interpreter::new(&example(EXAMPLES[which], &[])).expect("loads");
        let mut now = 0u64;
        for (mut frame, port, dt) in packets {
            now += dt;
            let before = wire::parse_frame(&frame).map(|h| h.checksums().all_ok()).unwrap_or(false);
            let len = frame.len();
            let v = it.process(&mut frame, port, now).expect("no execution error");
            prop_assert!(matches!(v, Verdict::Drop | Verdict::Forward(0) | Verdict::Forward(1)));
            prop_assert_eq!(frame.len(), len);
            if before && matches!(v, Verdict::Forward(_)) {
                let h = wire::parse_frame(&frame).expect("still parses");
                prop_assert!(h.checksums().all_ok(), "{} broke a checksum", EXAMPLES[which]);
            }
        }
        // State dumps are deterministic and valid JSON.
        prop_assert_eq!(it.state().to_json(now), it.state().to_json(now));
        // The text form holds the same objects, in declaration order.
        let whole = it.state().to_json(now);
        let texts = it.state().to_json_texts(now);
        prop_assert_eq!(texts.len(), whole.as_object().map_or(0, |o| o.len()));
        for (name, text) in texts {
            let v: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
            prop_assert_eq!(&v, &whole[&name], "{}", name);
        }
    }

    #[test]
    fn mazunat_replies_reach_the_original_endpoint(
        flows in prop::collection::vec((1u8..250, 1024u16..60000, any::<bool>()), 1..30),
    ) {
        let mut it = Interpreter::new(&example("mazunat.nf", &[])).expect("loads");
        for (t, (host, sport, is_udp)) in flows.into_iter().enumerate() {
            let inside = format!("10.0.0.{host}");
            let mut out = if is_udp { udp(&inside, sport, "192.0.2.1", 53, b"q") } else { tcp(&inside, sport, "192.0.2.1", 80, SYN, b"") };
            prop_assert_eq!(it.process(&mut out, 0, t as u64).expect("runs"), Verdict::Forward(1));
            let (src, ext_port, _, _) = endpoints(&out);
            prop_assert_eq!(src, ip("198.51.100.1"));
            let mut back = if is_udp { udp("192.0.2.1", 53, "198.51.100.1", ext_port, b"a") } else { tcp("192.0.2.1", 80, "198.51.100.1", ext_port, SYN | ACK, b"") };
            prop_assert_eq!(it.process(&mut back, 1, t as u64).expect("runs"), Verdict::Forward(0));
            let (_, _, dst, dport) = endpoints(&back);
            prop_assert_eq!((dst, dport), (ip(&inside), sport));
        }
    }
}

fn raw_example(name: &str) -> ir::Program {
    let path = format!("{}/../../examples/nf/{name}", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).expect("example");
    let loader = lang::FsLoader {
        base: std::path::Path::new(&path)
            .parent()
            .map(|p| p.to_path_buf()),
    };
    match lang::compile_raw(name, &src, &lang::Overrides::new(), &loader) {
        Ok(c) => c.program,
        Err(d) => panic!("{}", d.render(name, &src)),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The IR cleanup passes change no behaviour: the program as lowered and the
    /// cleaned program give the same verdicts, bytes, events and final state.
    #[test]
    fn cleanup_passes_preserve_behaviour(
        which in 0usize..5,
        packets in prop::collection::vec((any_frame(), 0u16..2, 0u64..100_000_000_000), 1..30),
    ) {
        let raw = raw_example(EXAMPLES[which]);
        let clean = example(EXAMPLES[which], &[]);
        prop_assert!(clean.handler.blocks.len() <= raw.handler.blocks.len());
        let (mut a, mut b) = (Interpreter::new(&raw).expect("raw loads"), Interpreter::new(&clean).expect("clean loads"));
        let mut now = 0;
        for (frame, port, dt) in packets {
            now += dt;
            let (mut fa, mut fb) = (frame.clone(), frame);
            prop_assert_eq!(a.process(&mut fa, port, now), b.process(&mut fb, port, now));
            prop_assert_eq!(fa, fb);
        }
        prop_assert_eq!(a.events(), b.events());
        prop_assert_eq!(a.state().to_json(now), b.state().to_json(now));
    }
}
