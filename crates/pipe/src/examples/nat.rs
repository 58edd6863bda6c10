//! NAT-like program in the shape Gallium gives MazuNAT (SIGCOMM'20 §6.2): an exact
//! table of address translations with a write-back table for atomic updates and
//! idle timeout; on a miss, the port-allocation counter (a register) is read and
//! incremented in the switch and the packet goes to the server over the CPU port.

use std::time::Duration;

use crate::builder::*;
use crate::program::{CounterKind, HashAlgo, Program};

/// Builds the NAT. Table `nat` (exact on the TCP 5-tuple) → `rewrite(src, sport,
/// port)`; miss → `alloc_port`: `next_port[0]++` into `meta.port`, flow hash into
/// `meta.flow_hash`, to CPU. Counter `nat_hits` counts hits per output port.
pub fn nat() -> Program {
    let mut b = ProgramBuilder::new("nat");
    super::ethernet_ipv4_l4(&mut b);
    super::l3l4_checksums(&mut b);
    b.metadata("port", 16);
    b.metadata("flow_hash", 32);
    b.register("next_port", 16, 1);
    b.reg_action(reg_action("take_port", "next_port").then(
        Some(crate::program::RegExpr::Bin(
            crate::program::BinOp::Add,
            mem(),
            leaf(c(1)),
        )),
        crate::program::RegOut::Old,
    ));
    b.hash(
        "flow",
        HashAlgo::Crc32,
        &[
            "ipv4.src",
            "ipv4.dst",
            "ipv4.protocol",
            "tcp.src_port",
            "tcp.dst_port",
        ],
        32,
    );
    b.counter("nat_hits", 512, CounterKind::PacketsAndBytes);
    b.action(
        action("rewrite")
            .param("src", 32)
            .param("sport", 16)
            .param("port", 9)
            .assign("ipv4.src", p("src"))
            .assign("tcp.src_port", p("sport"))
            .forward(p("port"))
            .count("nat_hits", p("port")),
    );
    b.action(
        action("alloc_port")
            .reg_exec("take_port", c(0), Some("meta.port"))
            .hash("flow", "meta.flow_hash")
            .to_cpu(),
    );
    b.action(action("drop").drop());
    b.table(
        table("nat")
            .exact("ipv4.src")
            .exact("ipv4.dst")
            .exact("ipv4.protocol")
            .exact("tcp.src_port")
            .exact("tcp.dst_port")
            .action("rewrite")
            .default_action("alloc_port", &[])
            .size(65536)
            .idle_timeout(Duration::from_secs(300))
            .write_back(64),
    );
    b.ingress(vec![if_(
        valid("tcp"),
        vec![apply("nat")],
        vec![run("drop", &[])],
    )]);
    b.build_unchecked()
}
