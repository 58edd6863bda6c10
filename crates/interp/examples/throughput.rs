//! Runs one example middlebox over an in-memory trace for a fixed number of
//! packets, for measuring per-packet CPU cost with `perf stat` on a shared
//! machine (where criterion's wall-clock numbers swing with the load):
//!
//! ```text
//! cargo build --release -p interp --example throughput
//! perf stat -e task-clock,cycles:u,instructions:u \
//!     target/release/examples/throughput mazunat.nf 20000000
//! ```
//!
//! packets / task-clock seconds is the single-core rate while on the CPU.

use std::net::Ipv4Addr;
use wire::build::{L3, tcp_frame};
use wire::{MacAddr, TcpFlags, tcp};

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "mazunat.nf".into());
    let total: u64 = args
        .next()
        .map_or(Ok(10_000_000), |n| n.parse())
        .map_err(|e| format!("packet count: {e}"))?;
    let path = format!("{}/../../examples/nf/{name}", env!("CARGO_MANIFEST_DIR"));
    let prog = lang::compile_file(std::path::Path::new(&path), &lang::Overrides::new())
        .map_err(|e| e.to_string())?
        .program;
    let dst = if name == "lb.nf" {
        Ipv4Addr::new(10, 0, 0, 100)
    } else {
        Ipv4Addr::new(192, 0, 2, 10)
    };
    let trace: Vec<Vec<u8>> = (0..1000u32)
        .map(|f| {
            let l3 = L3 {
                src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
                dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
                vlan: None,
                src: Ipv4Addr::from(0x0a00_0000 + f),
                dst,
                ttl: 64,
                ident: 0,
            };
            let t = tcp::Repr {
                src_port: 10_000 + f as u16,
                dst_port: 80,
                seq_number: f,
                ack_number: 0,
                flags: TcpFlags::ACK,
                window: 65535,
                urgent: 0,
                options: Default::default(),
            };
            tcp_frame(
                &l3,
                &t,
                b"GET /index.html HTTP/1.1\r\nHost: example.com\r\n\r\n",
            )
        })
        .collect();
    let mut it = interp::Interpreter::new(&prog).map_err(|e| e.to_string())?;
    let mut buf = trace[0].clone();
    let mut forwarded = 0u64;
    for n in 0..total {
        let orig = &trace[(n % 1000) as usize];
        buf.copy_from_slice(orig);
        if let interp::Verdict::Forward(_) = it
            .process(&mut buf, 0, n * 100)
            .map_err(|e| e.to_string())?
        {
            forwarded += 1;
        }
    }
    println!("{name}: {total} packets, {forwarded} forwarded");
    Ok(())
}
