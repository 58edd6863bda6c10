//! Per-packet cost of the reference interpreter on MazuNAT (issue 3 asks for at
//! least 5 Mpps on one core, over a trace held in memory, no allocation per packet).
//!
//! Run: `cargo bench -p interp --bench interp`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::net::Ipv4Addr;
use wire::build::{L3, tcp_frame};
use wire::{MacAddr, TcpFlags, tcp};

fn program(name: &str) -> ir::Program {
    let path = format!("{}/../../examples/nf/{name}", env!("CARGO_MANIFEST_DIR"));
    match lang::compile_file(std::path::Path::new(&path), &lang::Overrides::new()) {
        Ok(c) => c.program,
        Err(e) => panic!("{e}"),
    }
}

/// `flows` outbound TCP flows, `per_flow` data packets each, interleaved.
fn trace(flows: u32, per_flow: u32) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for k in 0..per_flow {
        for f in 0..flows {
            let l3 = L3 {
                src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
                dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
                vlan: None,
                src: Ipv4Addr::from(0x0a00_0000 + f),
                dst: Ipv4Addr::new(192, 0, 2, 10),
                ttl: 64,
                ident: k as u16,
            };
            let t = tcp::Repr {
                src_port: 10_000 + (f % 50_000) as u16,
                dst_port: 80,
                seq_number: k,
                ack_number: 0,
                flags: TcpFlags::ACK,
                window: 65535,
                urgent: 0,
                options: Default::default(),
            };
            out.push(tcp_frame(&l3, &t, &[0u8; 64]));
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let prog = program("mazunat.nf");
    let packets = trace(1000, 16);
    let mut g = c.benchmark_group("interp");
    g.throughput(Throughput::Elements(packets.len() as u64));
    g.bench_function("mazunat_outbound_1000_flows", |b| {
        let mut it = interp::Interpreter::new(&prog).expect("loads");
        let mut bufs = packets.clone();
        let mut now = 0u64;
        b.iter(|| {
            for (orig, buf) in packets.iter().zip(bufs.iter_mut()) {
                buf.copy_from_slice(orig);
                now += 1000;
                black_box(it.process(buf, 0, now).expect("runs"));
            }
        });
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
