//! Ternary ACL in front of a port table: the highest-priority matching rule
//! permits or denies; permitted packets are forwarded by ingress port.

use crate::builder::*;
use crate::program::Program;

/// Builds the ACL. Table `acl` (ternary on addresses, protocol and TCP destination
/// port) → `permit` / `deny`; table `port_map` (exact `std.ingress_port`) → `fwd(port)`.
pub fn acl() -> Program {
    let mut b = ProgramBuilder::new("acl");
    super::ethernet_ipv4_l4(&mut b);
    b.metadata("permit", 1);
    b.counter("acl_denied", 1, crate::program::CounterKind::Packets);
    b.action(action("permit").assign("meta.permit", c(1)));
    b.action(
        action("deny")
            .assign("meta.permit", c(0))
            .count("acl_denied", c(0)),
    );
    b.action(action("fwd").param("port", 9).forward(p("port")));
    b.action(action("drop").drop());
    b.table(
        table("acl")
            .ternary("ipv4.src")
            .ternary("ipv4.dst")
            .ternary("ipv4.protocol")
            .ternary("tcp.dst_port")
            .action("permit")
            .default_action("deny", &[])
            .size(512),
    );
    b.table(
        table("port_map")
            .exact("std.ingress_port")
            .action("fwd")
            .default_action("drop", &[])
            .size(512),
    );
    b.ingress(vec![if_(
        valid("ipv4"),
        vec![
            apply("acl"),
            if_(
                eq(f("meta.permit"), c(1)),
                vec![apply("port_map")],
                vec![run("drop", &[])],
            ),
        ],
        vec![run("drop", &[])],
    )]);
    b.build_unchecked()
}
