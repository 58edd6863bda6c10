//! The language's meaning, checked end to end (source → IR → interpreter) against
//! independently known results.

mod common;
use common::*;
use interp::{Interpreter, Verdict};

/// Runs `body` as a handler on one TCP packet carrying `payload`; returns the port
/// it forwards to (programs encode their result in the port).
fn port_of(decls: &str, body: &str, payload: &[u8]) -> u16 {
    let src = format!("{decls}\non packet {{\n{body}\n}}");
    let mut it = Interpreter::new(&program(&src)).expect("loads");
    let mut p = tcp("10.0.0.1", 1234, "10.0.0.2", 80, SYN, payload);
    match it.process(&mut p, 3, 42).expect("runs") {
        Verdict::Forward(port) => port,
        Verdict::Drop => u16::MAX,
    }
}

#[test]
fn crc_builtins_match_the_standard_check_values() {
    // The catalogue check input "123456789": CRC-16/ARC 0xBB3D, CRC-32 0xCBF43926.
    let digits = "0x31 as u8, 0x32 as u8, 0x33 as u8, 0x34 as u8, 0x35 as u8, 0x36 as u8, 0x37 as u8, 0x38 as u8, 0x39 as u8";
    assert_eq!(
        port_of("", &format!("forward(crc16({digits}));"), b""),
        0xBB3D
    );
    let body = format!("let h = crc32({digits}); if h == 0xCBF43926 {{ forward(1); }} forward(0);");
    assert_eq!(port_of("", &body, b""), 1);
}

#[test]
fn bounded_loop_sums_payload_bytes_with_mutable_state() {
    let body =
        "let mut sum: u16 = 0; for i in 0..8 { sum = sum + (payload[i] as u16); } forward(sum);";
    assert_eq!(port_of("", body, &[1, 2, 3, 4, 5, 6, 7, 8, 100]), 36);
    // Past the end of the payload, bytes read as 0.
    assert_eq!(port_of("", body, &[10, 20]), 30);
}

#[test]
fn nested_loops_and_shadowing() {
    let body = "let mut n: u16 = 0; for i in 0..3 { for j in 0..4 { let n2 = n + 1; n = n2; } } let n = n * 10; forward(n);";
    assert_eq!(port_of("", body, b""), 120);
}

#[test]
fn arithmetic_wraps_and_edge_cases_are_defined() {
    assert_eq!(
        port_of(
            "",
            "let a: u8 = 250; let b: u8 = a + 10; forward(b as u16);",
            b""
        ),
        4
    );
    assert_eq!(port_of("", "let a: u16 = 0; forward(a - 1);", b""), 65535);
    assert_eq!(
        port_of(
            "",
            "let a: u16 = 7; let z: u16 = 0; forward(a / z + a % z);",
            b""
        ),
        0
    );
    assert_eq!(
        port_of("", "let a: u16 = 1; forward((a << 16) + (a << 3));", b""),
        8
    );
    assert_eq!(
        port_of("", "let a: u16 = 0x1234; forward((a as u8) as u16);", b""),
        0x34
    );
    assert_eq!(port_of("", "let a: u16 = 5; forward(-a);", b""), 65531);
    assert_eq!(
        port_of("", "forward(((ipv4.src as bit<32>) & 0xff) as u16);", b""),
        1
    );
}

#[test]
fn structs_tuples_and_maps() {
    let decls = "struct K { a: ipv4, p: u16 }\nmap m: K -> (u16, bool) capacity 4;";
    let body = "let k = K { p: tcp.src_port, a: ipv4.src }; m.insert(k, (7, true));\n\
                match m.get(K { a: 10.0.0.1, p: 1234 }) { Some(v) => { if v.1 && (v, k) == ((7, true), k) { forward(v.0); } drop(); } None => { drop(); } }";
    assert_eq!(port_of(decls, body, b""), 7);
}

#[test]
fn in_lists_params_and_headers() {
    let decls = "param ports: list<u16> = [22, 80, 443];\nconst BASE: u16 = 1000;";
    assert_eq!(
        port_of(
            decls,
            "if tcp.dst_port in ports { forward(BASE + len(ports)); } drop();",
            b""
        ),
        1003
    );
    assert_eq!(
        port_of(
            "",
            "if udp.valid || !tcp.valid { drop(); } forward(in_port + tcp.flags as u16);",
            b""
        ),
        3 + 2
    );
}

#[test]
fn registers_arrays_and_now() {
    let decls = "register r: u64 = 5;\nregarray a: u16[4];";
    let src = format!("{decls}\non packet {{ r = r + now(); a[6] = 9; forward(a[2]); }}");
    let mut it = Interpreter::new(&program(&src)).expect("loads");
    let mut p = tcp("10.0.0.1", 1, "10.0.0.2", 2, SYN, b"");
    // Index 6 of a 4-element array is element 2.
    assert_eq!(
        it.process(&mut p, 0, 42).expect("runs"),
        Verdict::Forward(9)
    );
    assert_eq!(it.state().register("r"), Some(ir::Value::bits(64, 47)));
    let j = it.state().to_json(42);
    assert_eq!(j["a"]["elements"][2], 9);
    assert_eq!(j["r"]["value"], 47);
}

#[test]
fn header_writes_are_visible_to_later_reads_and_keep_checksums() {
    let body = "ipv4.ttl = ipv4.ttl - 1; tcp.seq = 0xdeadbeef; tcp.flags = 0x18; ipv4.dscp = 46; \
                if ipv4.ttl == 63 && tcp.seq == 0xdeadbeef && ipv4.dscp == 46 { forward(1); } drop();";
    let src = format!("on packet {{ {body} }}");
    let mut it = Interpreter::new(&program(&src)).expect("loads");
    let mut p = tcp("10.0.0.1", 1, "10.0.0.2", 2, SYN, b"data");
    assert_eq!(it.process(&mut p, 0, 0).expect("runs"), Verdict::Forward(1));
    let h = wire::parse_frame(&p).expect("parses");
    assert!(h.checksums().all_ok(), "{:?}", h.checksums());
    let t = h.tcp().expect("tcp");
    assert_eq!((t.seq_number(), t.flags().0), (0xdead_beef, 0x18));
    assert_eq!(h.ipv4().expect("ip").dscp(), 46);
}

#[test]
fn interpreter_refuses_unverified_ir_and_bounds_runaway_loops() {
    let mut bad = program("on packet { drop(); }");
    bad.handler.blocks[0].term = ir::Terminator::Forward(ir::ValueId(99));
    assert!(Interpreter::new(&bad).is_err());
    // A hand-written infinite loop (the language cannot express one).
    let spin = ir::parse("program spin\n\nhandler {\nbb0:\n  jump bb1\nbb1:\n  jump bb1\n}\n")
        .expect("parses");
    let mut it = Interpreter::new(&spin).expect("verifies");
    let mut p = tcp("10.0.0.1", 1, "10.0.0.2", 2, SYN, b"");
    assert!(matches!(
        it.process(&mut p, 0, 0),
        Err(interp::ExecError::StepLimit(_))
    ));
}
