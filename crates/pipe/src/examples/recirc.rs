//! Recirculation and the CPU port. Packet-out: a packet from the CPU carries a
//! `cpu` header naming the output port; the switch strips it and forwards.
//! Packet-in: probe frames (EtherType 0x88b5) make a second pass through the
//! pipeline (recirculation), then go to the CPU with a `cpu` header recording the
//! port they first arrived on and how many passes they made. Other frames go to
//! the CPU too when the `punt` table says so, else to port 1.

use crate::builder::*;
use crate::program::{BinOp, CmpOp, Next, Program, SelectCase, StdField};

/// Builds the program. CPU port 192, recirculation port 68.
pub fn recirc_cpu() -> Program {
    let mut b = ProgramBuilder::new("recirc_cpu");
    b.header("cpu", &[("port", 16), ("reason", 8), ("passes", 8)]);
    b.header("ethernet", &[("dst", 48), ("src", 48), ("ether_type", 16)]);
    b.header("probe", &[("orig_port", 16), ("passes", 8), ("pad", 8)]);
    b.deparser(&["cpu", "ethernet", "probe"]);
    let cpu_case = SelectCase {
        value: 192,
        mask: 0x1ff,
        next: Next::State("parse_cpu".into()),
    };
    b.state(state("start").select_cases(
        &["std.ingress_port"],
        vec![cpu_case],
        Next::State("parse_ethernet".into()),
    ));
    b.state(state("parse_cpu").extract("cpu").goto("parse_ethernet"));
    b.state(
        state("parse_ethernet")
            .extract("ethernet")
            .select(&["ethernet.ether_type"], &[(0x88b5, "parse_probe")]),
    );
    b.state(state("parse_probe").extract("probe").accept());
    // Read the port before invalidating: P4 leaves fields of an invalid header undefined.
    b.action(action("from_cpu").forward(f("cpu.port")).set_invalid("cpu"));
    b.action(
        action("first_pass")
            .assign(
                "probe.orig_port",
                f(&format!("std.{}", StdField::IngressPort.name())),
            )
            .set("probe.passes", bin(BinOp::Add, f("probe.passes"), c(1)))
            .recirculate(),
    );
    b.action(
        action("punt_to_cpu")
            .param("reason", 8)
            .set_valid("cpu")
            .assign("cpu.port", f("std.ingress_port"))
            .assign("cpu.reason", p("reason"))
            .assign("cpu.passes", c(0))
            .to_cpu(),
    );
    b.action(
        action("probe_to_cpu")
            .set_valid("cpu")
            .assign("cpu.port", f("probe.orig_port"))
            .assign("cpu.reason", c(2))
            .set("cpu.passes", bin(BinOp::Add, f("probe.passes"), c(1)))
            .to_cpu(),
    );
    b.action(action("to_port_1").forward(c(1)));
    b.table(
        table("punt")
            .exact("ethernet.ether_type")
            .action("punt_to_cpu")
            .default_action("to_port_1", &[])
            .size(64),
    );
    b.ingress(vec![if_(
        valid("cpu"),
        vec![run("from_cpu", &[])],
        vec![if_(
            valid("probe"),
            vec![if_(
                cmp(f("std.is_recirculated"), CmpOp::Eq, c(0)),
                vec![run("first_pass", &[])],
                vec![run("probe_to_cpu", &[])],
            )],
            vec![apply("punt")],
        )],
    )]);
    b.build_unchecked()
}
