//! Split and merge throughput of the PayloadPark program in the switch model.
//!
//! `CARGO_TARGET_DIR=/work/targets/park cargo bench -p park --bench park`

use std::hint::black_box;
use std::net::Ipv4Addr;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use park::{ParkConfig, ParkSwitch};
use wire::MacAddr;
use wire::build::{L3, udp_frame};

fn frame(len: usize) -> Vec<u8> {
    let l3 = L3 {
        src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: Ipv4Addr::new(10, 0, 0, 1),
        dst: Ipv4Addr::new(10, 0, 0, 2),
        ttl: 64,
        ident: 1,
    };
    let udp = wire::udp::Repr {
        src_port: 1000,
        dst_port: 2000,
    };
    udp_frame(&l3, &udp, &vec![0xAB; len - 42])
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("park");
    g.throughput(Throughput::Elements(1));
    let pkt = frame(512);
    let mut sw = ParkSwitch::new(ParkConfig::single(1, 2, 3, 4096)).expect("config");
    let mut t = 0u64;
    g.bench_function("split_then_merge_512B", |b| {
        b.iter(|| {
            t += 1;
            let now = Duration::from_nanos(t);
            let s = sw.process(now, 1, black_box(&pkt)).expect("port");
            let m = sw.process(now, 2, &s.bytes).expect("port");
            black_box(m.bytes.len())
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
