//! A per-port policer: every packet is metered in its ingress port's meter cell;
//! red packets are dropped, yellow ones leave with their DSCP set to 0x0a
//! (AF11, "may be dropped first"; the IPv4 checksum follows), green ones
//! unchanged; the port table forwards.

use crate::builder::*;
use crate::program::{MeterKind, Program};

/// Builds the policer. Meter `port_meter` (512 packet-meter cells, indexed by
/// `std.ingress_port`) → `meta.color`; table `port_map` (exact
/// `std.ingress_port`) → `fwd(port)`.
pub fn policer() -> Program {
    let mut b = ProgramBuilder::new("policer");
    super::ethernet_ipv4_l4(&mut b);
    super::l3l4_checksums(&mut b);
    b.metadata("color", 2);
    b.meter("port_meter", 512, MeterKind::Packets);
    b.action(action("police").execute_meter("port_meter", f("std.ingress_port"), "meta.color"));
    b.action(action("remark").assign("ipv4.dscp", c(0x0a)));
    b.action(action("fwd").param("port", 9).forward(p("port")));
    b.action(action("drop").drop());
    b.table(
        table("port_map")
            .exact("std.ingress_port")
            .action("fwd")
            .default_action("drop", &[])
            .size(512),
    );
    b.ingress(vec![
        run("police", &[]),
        if_(
            eq(f("meta.color"), c(2)),
            vec![run("drop", &[])],
            vec![
                if_(
                    and(eq(f("meta.color"), c(1)), valid("ipv4")),
                    vec![run("remark", &[])],
                    vec![],
                ),
                apply("port_map"),
            ],
        ),
    ]);
    b.build_unchecked()
}
