//! Starting mid-handler, stopping at exit blocks and the map-change journal:
//! what a Gallium server needs from the interpreter.

mod common;

use common::{endpoints, ip, udp};
use interp::{Interpreter, MapChange, Outcome, Verdict};
use ir::{StateId, Value, ValueId};

const P: &str = "program nat

state @m: map<(bit<8>, ipv4), bit<16>> capacity 1024

handler {
bb0:
  %0: bit<8> = get ipv4.protocol
  %1: ipv4 = get ipv4.src
  %2: (bit<8>, ipv4) = tuple (%0, %1)
  %3: bool, %4: bit<16> = map.get @m, %2
  br %3, bb2(%4), bb1
bb1:
  %5: bit<16> = const 16w7
  map.insert @m, %2, %5
  jump bb2(%5)
bb2(%6: bit<16>):
  set udp.src_port, %6
  %7: bit<16> = const 16w1
  forward %7
}
";

fn frame() -> Vec<u8> {
    udp("10.0.0.1", 1000, "10.0.0.2", 53, b"x")
}

fn key() -> Value {
    Value::Tuple(vec![Value::bits(8, 17), Value::Ipv4(0x0a00_0001)])
}

#[test]
fn runs_from_a_point_to_an_exit_and_journals_changes() {
    let p = ir::parse(P).expect("parses");
    let mut it = Interpreter::with_exits(&p, &[2]).expect("loads");
    it.set_journal(true);
    let mut f = frame();
    let before = f.clone();
    // Start at bb1:0 with the key live, as a server entered at a punt point.
    let out = it
        .run_at(1, 0, &[(ValueId(2), key())], &mut f, 0, 5)
        .expect("runs");
    assert_eq!(out, Outcome::Exit(2), "stops where the switch resumes");
    assert_eq!(
        it.value(ValueId(6)),
        Some(Value::bits(16, 7)),
        "live value at the exit"
    );
    assert_eq!(f, before, "the exit block's rewrite did not run");
    assert_eq!(
        it.take_changes(),
        vec![MapChange {
            state: StateId(0),
            key: key(),
            value: Some(Value::bits(16, 7)),
            existed: false,
        }]
    );
    // From the entry the key is now present: the hit path also exits.
    assert_eq!(it.process_to_exit(&mut f, 0, 6), Ok(Outcome::Exit(2)));
    assert!(it.take_changes().is_empty(), "a hit changes nothing");
    // Bad places are errors, not panics.
    assert!(it.run_at(9, 0, &[], &mut f, 0, 7).is_err());
    assert!(
        it.run_at(1, 0, &[(ValueId(99), key())], &mut f, 0, 7)
            .is_err()
    );
}

#[test]
fn without_exits_the_whole_handler_runs() {
    let p = ir::parse(P).expect("parses");
    let mut it = Interpreter::new(&p).expect("loads");
    let mut f = frame();
    assert_eq!(it.process(&mut f, 0, 1), Ok(Verdict::Forward(1)));
    assert_eq!(
        endpoints(&f),
        (ip("10.0.0.1"), 7, ip("10.0.0.2"), 53),
        "rewritten by the block after the insert"
    );
    // Not journaling: nothing recorded.
    assert!(it.take_changes().is_empty());
}

#[test]
fn the_whole_handler_runs_through_exit_blocks_when_asked() {
    let p = ir::parse(P).expect("parses");
    let mut it = Interpreter::with_exits(&p, &[2]).expect("loads");
    let mut f = frame();
    assert_eq!(it.process_whole(&mut f, 0, 1), Ok(Verdict::Forward(1)));
    assert_eq!(
        endpoints(&f),
        (ip("10.0.0.1"), 7, ip("10.0.0.2"), 53),
        "the exit block's rewrite ran"
    );
    let mut g = frame();
    assert_eq!(it.process_to_exit(&mut g, 0, 2), Ok(Outcome::Exit(2)));
}
