//! Meters: the policer example in the executor (colours by packet time, per
//! cell), validation and control-plane errors, and their stateful-ALU cost.

mod common;

use std::time::Duration;

use common::*;
use pipe::builder::*;
use pipe::meter::MeterConfig;
use pipe::resources::{Profile, Resource, ResourceError, check};
use pipe::{ControlError, DropReason, MeterKind, ProgramError, Switch, TableEntry, Verdict};

fn policer() -> Switch {
    let mut sw = Switch::new(pipe::examples::policer()).expect("example loads");
    for (i, o) in [(1u64, 2u64), (3, 4)] {
        sw.insert("port_map", TableEntry::exact(&[i], "fwd", &[o]))
            .expect("port entry");
    }
    sw
}

fn at_us(us: u64) -> Duration {
    Duration::from_micros(us)
}

/// (verdict, DSCP of the output) for one packet on `port` at `t`.
fn send(sw: &mut Switch, t: Duration, port: u16) -> (Verdict, Option<u8>) {
    let pkt = tcp(ip(10, 0, 0, 1), ip(10, 0, 0, 2), 1000, 80, 64, b"x");
    let out = sw.process(t, port, &pkt).expect("a valid port");
    let dscp = (!out.bytes.is_empty()).then(|| out.bytes[15]);
    (out.verdict, dscp)
}

#[test]
fn policer_colours_by_packet_time_per_port() {
    let mut sw = policer();
    // Port 1: committed 1000 packets/s with bursts of 2, peak 2000/s with 4.
    sw.set_meter(
        "port_meter",
        1,
        Some(MeterConfig {
            cir: 1_000,
            cburst: 2,
            pir: 2_000,
            pburst: 4,
        }),
    )
    .unwrap();
    let fwd = Verdict::Emit { port: 2 };
    let red = Verdict::Drop(DropReason::Ingress);
    let burst: Vec<_> = (0..6).map(|_| send(&mut sw, at_us(10), 1)).collect();
    assert_eq!(
        burst,
        [
            (fwd, Some(0)),
            (fwd, Some(0)),
            (fwd, Some(0x0a)),
            (fwd, Some(0x0a)),
            (red, None),
            (red, None),
        ]
    );
    // Port 3 is unconfigured: always green, and port 1's meter is its own.
    assert!((0..20).all(|_| send(&mut sw, at_us(10), 3) == (Verdict::Emit { port: 4 }, Some(0))));
    // 1 ms later port 1 has 2 peak tokens and 1 committed token.
    let later: Vec<_> = (0..3).map(|_| send(&mut sw, at_us(1_010), 1).0).collect();
    assert_eq!(later, [fwd, fwd, red]);
    assert_eq!(send(&mut sw, at_us(1_010), 1).1, None);
    // Reconfiguring refills; unconfiguring makes it green again.
    sw.set_meter("port_meter", 1, Some(MeterConfig::single_rate(1, 1)))
        .unwrap();
    assert_eq!(send(&mut sw, at_us(1_020), 1).0, fwd);
    assert_eq!(send(&mut sw, at_us(1_030), 1).0, red);
    assert_eq!(
        sw.meter_config("port_meter", 1).unwrap(),
        Some(MeterConfig::single_rate(1, 1))
    );
    sw.set_meter("port_meter", 1, None).unwrap();
    assert!((0..5).all(|_| send(&mut sw, at_us(1_040), 1).0 == fwd));
}

#[test]
fn remarked_packets_keep_a_valid_ipv4_checksum() {
    let mut sw = policer();
    sw.set_meter(
        "port_meter",
        1,
        Some(MeterConfig {
            cir: 1,
            cburst: 1,
            pir: 1,
            pburst: 2,
        }),
    )
    .unwrap();
    let pkt = tcp(ip(10, 0, 0, 1), ip(10, 0, 0, 2), 1000, 80, 64, b"x");
    sw.process(at_us(0), 1, &pkt).unwrap();
    let out = sw.process(at_us(0), 1, &pkt).unwrap();
    assert_eq!(out.bytes[15], 0x0a, "yellow is remarked");
    let ip_hdr = &out.bytes[14..34];
    let sum: u32 = ip_hdr
        .chunks(2)
        .map(|w| u32::from(u16::from_be_bytes([w[0], w[1]])))
        .sum();
    let folded = (sum & 0xffff) + (sum >> 16);
    assert_eq!(folded, 0xffff, "IPv4 header checksum verifies");
}

#[test]
fn meter_control_errors_name_the_problem() {
    let mut sw = policer();
    let bad = MeterConfig {
        cir: 10,
        cburst: 1,
        pir: 5,
        pburst: 1,
    };
    let e = sw.set_meter("port_meter", 1, Some(bad)).unwrap_err();
    assert!(
        matches!(e, ControlError::BadMeterConfig { index: 1, .. }),
        "{e}"
    );
    assert!(
        e.to_string()
            .contains("peak rate 5 is below committed rate 10"),
        "{e}"
    );
    let e = sw.set_meter("port_meter", 512, None).unwrap_err();
    assert!(
        e.to_string().contains("index 512 is outside its 512 cells"),
        "{e}"
    );
    let e = sw.meter_config("nope", 0).unwrap_err();
    assert_eq!(e.to_string(), "unknown meter `nope`");
}

fn base() -> ProgramBuilder {
    let mut b = ProgramBuilder::new("t");
    b.header("h", &[("a", 16), ("b", 16)]);
    b.metadata("c1", 1);
    b.metadata("c2", 2);
    b.state(state("start").extract("h").accept());
    b.meter("m", 8, MeterKind::Bytes);
    b
}

fn refused(b: &ProgramBuilder) -> String {
    let e: ProgramError = b.build().expect_err("program must be refused");
    e.to_string()
}

#[test]
fn invalid_meter_uses_are_refused() {
    let mut b = base();
    b.action(action("x").execute_meter("m", c(0), "meta.c1"));
    assert!(refused(&b).contains("into a 1-bit field; it needs at least 2 bits"));

    let mut b = base();
    b.action(action("x").execute_meter("m", c(8), "meta.c2"));
    assert!(refused(&b).contains("index 8 is outside meter `m` of 8 cells"));

    let mut b = base();
    b.action(action("x").execute_meter("nope", c(0), "meta.c2"));
    assert!(refused(&b).contains("nope"));

    let mut b = base();
    b.meter("z", 0, MeterKind::Packets);
    assert!(refused(&b).contains("meter `z`: size must be at least 1"));

    let mut b = base();
    b.counter("m", 1, pipe::CounterKind::Packets);
    assert!(refused(&b).contains("same name"));

    let mut b = base();
    b.action(action("x").execute_meter("m", f("h.a"), "meta.c2"));
    b.action(action("y").execute_meter("m", c(1), "meta.c2"));
    b.ingress(vec![run("x", &[]), run("y", &[])]);
    assert!(
        refused(&b).contains(
            "meter `m`: executed twice for one packet (ingress: run `x`, then ingress: run `y`)"
        ),
        "{}",
        refused(&b)
    );
    b.ingress(vec![run("x", &[])]);
    b.egress(vec![run("y", &[])]);
    assert!(
        refused(&b).contains("used in both ingress"),
        "{}",
        refused(&b)
    );
    // On different arms of one `if` both may exist.
    b.egress(vec![]);
    b.ingress(vec![if_(
        eq(f("h.a"), c(1)),
        vec![run("x", &[])],
        vec![run("y", &[])],
    )]);
    b.build()
        .expect("exclusive arms and a field index are fine");
}

#[test]
fn byte_meters_count_the_received_length() {
    let mut b = base();
    b.action(
        action("x")
            .execute_meter("m", c(0), "meta.c2")
            .forward(c(1)),
    );
    b.action(action("drop").drop());
    b.ingress(vec![
        run("x", &[]),
        if_(eq(f("meta.c2"), c(2)), vec![run("drop", &[])], vec![]),
    ]);
    let mut sw = Switch::new(b.build().unwrap()).unwrap();
    sw.set_meter("m", 0, Some(MeterConfig::single_rate(1_000, 100)))
        .unwrap();
    let pkt = vec![0u8; 40];
    let v: Vec<Verdict> = (0..3)
        .map(|_| sw.process(Duration::ZERO, 0, &pkt).unwrap().verdict)
        .collect();
    // 100 bytes of burst: two 40-byte packets, not a third.
    assert_eq!(
        v,
        [
            Verdict::Emit { port: 1 },
            Verdict::Emit { port: 1 },
            Verdict::Drop(DropReason::Ingress)
        ]
    );
    // 20 ms later 20 more bytes: 40 in the bucket again.
    assert_eq!(
        sw.process(Duration::from_millis(20), 0, &pkt)
            .unwrap()
            .verdict,
        Verdict::Emit { port: 1 }
    );
}

#[test]
fn meters_take_a_stateful_alu_and_memory() {
    let r = check(&pipe::examples::policer(), &Profile::tofino1()).unwrap();
    assert_eq!(r.salus, 1);
    // 512 cells of one 128-bit word each: half a 1024-word block, rounded up.
    let meter_stage = r
        .per_stage
        .iter()
        .find(|s| s.salus == 1)
        .expect("a stage runs the meter");
    assert!(meter_stage.sram_blocks >= 1);

    // Four registers and a meter in one action need five stateful ALUs.
    let mut b = ProgramBuilder::new("salu");
    b.header("h", &[("x", 32)]);
    b.metadata("col", 2);
    b.state(state("start").extract("h").accept());
    b.meter("m", 1024, MeterKind::Packets);
    let mut a = action("five")
        .forward(c(1))
        .execute_meter("m", c(0), "meta.col");
    for i in 0..4 {
        b.register(&format!("r{i}"), 32, 1024);
        b.reg_action(reg_action(&format!("inc{i}"), &format!("r{i}")).then(
            Some(pipe::RegExpr::Bin(pipe::BinOp::Add, mem(), leaf(c(1)))),
            pipe::RegOut::None,
        ));
        a = a.reg_exec(&format!("inc{i}"), c(0), None);
    }
    b.action(a);
    b.ingress(vec![run("five", &[])]);
    let e = check(&b.build().unwrap(), &Profile::tofino1()).unwrap_err();
    assert!(
        matches!(
            e,
            ResourceError::DoesNotFit {
                resource: Resource::StatefulAlu,
                needed: 5,
                available: 4,
                ..
            }
        ),
        "{e}"
    );
}
