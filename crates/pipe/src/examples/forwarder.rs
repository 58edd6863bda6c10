//! L2/L3 forwarder: IPv4 packets are routed by longest prefix (next-hop MAC
//! rewrite, TTL decrement, expiring TTL goes to the CPU); other frames are
//! switched by destination MAC; unknown destinations are dropped. Egress counts
//! packets per output port and drops hairpins (out the port they came in on).

use crate::builder::*;
use crate::program::{BinOp, CmpOp, Program};

/// Builds the forwarder. Tables: `dmac` (exact `ethernet.dst`), `ipv4_lpm`
/// (LPM `ipv4.dst` → `set_nhop(nhop_mac, router_mac, port)`); counter `tx_packets`
/// (per egress port).
pub fn l2l3_forwarder() -> Program {
    let mut b = ProgramBuilder::new("l2l3_forwarder");
    super::ethernet_ipv4_l4(&mut b);
    super::l3l4_checksums(&mut b);
    b.action(action("l2_forward").param("port", 9).forward(p("port")));
    b.action(action("drop").drop());
    b.action(
        action("set_nhop")
            .param("nhop_mac", 48)
            .param("router_mac", 48)
            .param("port", 9)
            .assign("ethernet.dst", p("nhop_mac"))
            .assign("ethernet.src", p("router_mac"))
            .set("ipv4.ttl", bin(BinOp::Sub, f("ipv4.ttl"), c(1)))
            .forward(p("port")),
    );
    b.action(action("ttl_expired").to_cpu());
    b.counter("tx_packets", 512, crate::program::CounterKind::Packets);
    b.action(action("count_tx").count("tx_packets", f("std.egress_port")));
    b.action(action("hairpin_drop").drop());
    b.table(
        table("dmac")
            .exact("ethernet.dst")
            .action("l2_forward")
            .default_action("drop", &[])
            .size(4096),
    );
    b.table(
        table("ipv4_lpm")
            .lpm("ipv4.dst")
            .action("set_nhop")
            .default_action("drop", &[])
            .size(1024),
    );
    b.ingress(vec![if_(
        valid("ipv4"),
        vec![if_(
            cmp(f("ipv4.ttl"), CmpOp::Le, c(1)),
            vec![run("ttl_expired", &[])],
            vec![apply("ipv4_lpm")],
        )],
        vec![apply("dmac")],
    )]);
    b.egress(vec![
        run("count_tx", &[]),
        if_(
            eq(f("std.egress_port"), f("std.ingress_port")),
            vec![run("hairpin_drop", &[])],
            vec![],
        ),
    ]);
    // Checked by the tests; a builder failure here is a bug in this file.
    b.build_unchecked()
}
