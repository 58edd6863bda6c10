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
                // Repr round trip: emit what was parsed, parse it again, get the same.
                if let Ok(r) = wire::ipv4::Repr::parse(ip) {
                    let mut out = vec![0u8; r.buffer_len() + r.payload_len];
                    r.emit(&mut wire::ipv4::Packet::new_unchecked(&mut out[..]));
                    let again =
                        wire::ipv4::Packet::new_checked(&out[..]).expect("emitted header checks");
                    assert_eq!(wire::ipv4::Repr::parse(&again), Ok(r));
                    assert!(again.verify_checksum());
                }
            }
            match h.transport() {
                Some(Transport::Tcp(t)) => {
                    let _ = t.option_iter().count();
                    if let Ok(r) = wire::tcp::Repr::parse(t) {
                        let mut out = vec![0u8; r.buffer_len(t.payload().len())];
                        let (s, d) = ([0, 0, 0, 1].into(), [0, 0, 0, 2].into());
                        r.emit(
                            &mut wire::tcp::Packet::new_unchecked(&mut out[..]),
                            t.payload(),
                            s,
                            d,
                        );
                        let again = wire::tcp::Packet::new_checked(&out[..])
                            .expect("emitted segment checks");
                        assert_eq!(wire::tcp::Repr::parse(&again), Ok(r));
                        assert!(again.verify_checksum(s, d));
                    }
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
