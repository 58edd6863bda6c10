//! Trojan detector (examples/nf/trojan.nf) on hand-built packet sequences.

mod common;
use common::*;
use interp::{Interpreter, Verdict};

fn run(it: &mut Interpreter, seq: &mut [Vec<u8>]) {
    for (t, p) in seq.iter_mut().enumerate() {
        let orig = p.clone();
        assert_eq!(
            it.process(p, 0, t as u64).expect("runs"),
            Verdict::Forward(1),
            "all traffic is forwarded"
        );
        assert_eq!(*p, orig, "and never modified");
    }
}

#[test]
fn ssh_then_html_download_then_irc_raises_one_event_naming_the_host() {
    let mut it = Interpreter::new(&example("trojan.nf", &[])).expect("loads");
    let h = "10.0.0.66";
    let mut seq = vec![
        tcp(h, 40000, "192.0.2.22", 22, SYN, b""),
        tcp(
            h,
            40001,
            "192.0.2.80",
            80,
            ACK,
            b"GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n",
        ),
        tcp(
            "10.0.0.7",
            40002,
            "192.0.2.99",
            6667,
            ACK,
            b"NICK other\r\n",
        ),
        tcp(h, 40003, "192.0.2.99", 6667, ACK, b"NICK bot\r\n"),
        tcp(h, 40003, "192.0.2.99", 6667, ACK, b"JOIN #c\r\n"),
    ];
    run(&mut it, &mut seq);
    let ev = it.take_events();
    assert_eq!(ev.len(), 1);
    assert_eq!(ev[0].name, "trojan");
    assert_eq!(ev[0].fields, vec![ir::Value::Ipv4(u32::from(ip(h)))]);
    assert_eq!(ev[0].time_ns, 3);
    let j = ev[0].to_json(it.program());
    assert_eq!(j["fields"]["host"], "10.0.0.66");
}

#[test]
fn ftp_retr_of_zip_counts_as_the_download() {
    let mut it = Interpreter::new(&example("trojan.nf", &[])).expect("loads");
    let h = "10.0.0.5";
    let mut seq = vec![
        tcp(h, 1, "192.0.2.22", 22, SYN, b""),
        tcp(h, 2, "192.0.2.21", 21, ACK, b"RETR payload.zip\r\n"),
        tcp(h, 3, "192.0.2.99", 6660, SYN, b""),
    ];
    run(&mut it, &mut seq);
    assert_eq!(it.events().len(), 1);
}

#[test]
fn wrong_order_or_missing_steps_raise_nothing() {
    let h = "10.0.0.5";
    let cases: Vec<Vec<Vec<u8>>> = vec![
        // IRC before the download.
        vec![
            tcp(h, 1, "192.0.2.22", 22, SYN, b""),
            tcp(h, 3, "192.0.2.99", 6667, SYN, b""),
            tcp(h, 2, "192.0.2.80", 80, ACK, b"GET /a.html HTTP/1.1\r\n"),
        ],
        // Download of a non-HTML file, SSH only as a reply (SYN+ACK), RETR of a .txt.
        vec![
            tcp(h, 1, "192.0.2.22", 22, SYN, b""),
            tcp(h, 2, "192.0.2.80", 80, ACK, b"GET /a.png HTTP/1.1\r\n"),
            tcp(h, 3, "192.0.2.99", 6667, SYN, b""),
        ],
        vec![
            tcp(h, 1, "192.0.2.22", 22, SYN | ACK, b""),
            tcp(h, 2, "192.0.2.80", 80, ACK, b"GET /a.htm HTTP/1.1\r\n"),
            tcp(h, 3, "192.0.2.99", 6667, SYN, b""),
        ],
        vec![
            tcp(h, 1, "192.0.2.22", 22, SYN, b""),
            tcp(h, 2, "192.0.2.21", 21, ACK, b"RETR notes.txt\r\n"),
            tcp(h, 3, "192.0.2.99", 6670, SYN, b""),
        ],
    ];
    for mut seq in cases {
        let mut it = Interpreter::new(&example("trojan.nf", &[])).expect("loads");
        run(&mut it, &mut seq);
        assert!(it.events().is_empty());
    }
}
