//! Fuzz target: the whole-frame parser and everything reachable from a parsed frame must
//! never panic, and parse results must be internally consistent.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wire::headers::Transport;
use wire::{FlowKey, parse_frame, rewrite};

fuzz_target!(|data: &[u8]| {
    match parse_frame(data) {
        Ok(h) => {
            let o = h.offsets;
            assert!(
                o.payload + o.payload_len <= data.len(),
                "payload past the frame end"
            );
            let _ = h.checksums();
            let _ = h.payload();
            if let Some(ip) = h.ipv4() {
                let _ = ip.option_iter().count();
            }
            match h.transport() {
                Some(Transport::Tcp(t)) => {
                    let _ = t.option_iter().count();
                    let _ = wire::tcp::Repr::parse(t);
                }
                Some(Transport::Icmp(i)) => {
                    let _ = i.quoted();
                    let _ = wire::icmp::Repr::parse(i);
                }
                _ => {}
            }
            let key = FlowKey::from_headers(&h);
            if let Some(k) = key {
                assert_eq!(k.symmetric_hash(), k.reversed().symmetric_hash());
            }
            // Rewrites must not panic either, and must keep the frame parseable.
            let mut copy = data.to_vec();
            let _ = rewrite::set_src_addr(&mut copy, [192, 0, 2, 1].into());
            let _ = rewrite::set_dst_port(&mut copy, 4242);
            assert!(
                parse_frame(&copy).is_ok(),
                "a rewrite broke a parseable frame"
            );
        }
        Err(e) => assert!(e.offset <= data.len(), "error offset past the frame end"),
    }
});
