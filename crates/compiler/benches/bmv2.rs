//! Speed of the switch model against BMv2's `simple_switch` (as shipped in the
//! P4 tools, run without logging options), on the same program, the same
//! installed state and the same packets, in one bench run:
//!
//! * `nat`: Gallium's switch part of MazuNAT (examples/nf/mazunat.nf), with
//!   translations installed for 90 % of 1,000 connections (as the server would
//!   install them); TCP data both ways, the rest punted to the server port.
//! * `cofilter`: CoFilter's switch program (12-bit split fingerprints, four ways
//!   of four 1,024-cell rows) with the fingerprints of 90 % of 1,000 connections
//!   in their cells; mostly data segments (decided in the switch), some SYN/FIN
//!   and unknown connections (to the CPU port).
//!
//! `model` runs the packets through `pipe::Switch::process`. `bmv2` starts
//! `simple_switch` with pcap-file ports, installs the state through the runtime
//! interface, and reports how long BMv2 took from its first output packet to
//! its last (the timestamps of its output pcaps; all input is there from the
//! start), so start-up and the install wait are not counted. Each BMv2 sample is
//! one whole switch run (about 6 s of wall clock), hence 10 samples.
//!
//! `cargo bench -p compiler --bench bmv2`. Without p4c or BMv2 the `bmv2`
//! half prints why and is skipped.

use std::net::Ipv4Addr;
use std::path::Path;
use std::time::{Duration, Instant};

use bmv2::{Bmv2, Run};
use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use p4gen::p4c::P4c;
use pipe::{Program, TableEntry};
use wire::build::{L3, tcp_frame};
use wire::{FlowKey, IpProtocol, MacAddr, TcpFlags};

const PACKETS: usize = 20_000;
const CONNS: u32 = 1_000;

/// xorshift64*: a seeded generator without an RNG crate.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) % n
    }
}

fn client(i: u32) -> (Ipv4Addr, u16) {
    (
        Ipv4Addr::new(198, 18, (i / 200) as u8, (i % 200) as u8 + 1),
        20_000 + i as u16,
    )
}

const SERVER: Ipv4Addr = Ipv4Addr::new(198, 19, 0, 80);

fn segment(src: (Ipv4Addr, u16), dst: (Ipv4Addr, u16), flags: TcpFlags, len: usize) -> Vec<u8> {
    let l3 = L3 {
        src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: src.0,
        dst: dst.0,
        ttl: 64,
        ident: 1,
    };
    let tcp = wire::tcp::Repr {
        src_port: src.1,
        dst_port: dst.1,
        seq_number: 1,
        ack_number: 1,
        flags,
        window: 512,
        urgent: 0,
        options: wire::options::OptionBytes::EMPTY,
    };
    tcp_frame(&l3, &tcp, &vec![0x5a; len])
}

fn bits(width: u16, value: u64) -> ir::Value {
    ir::Value::Bits { width, value }
}

/// MazuNAT's switch part with translations for 90 % of the connections.
fn nat() -> (Program, Run) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nf/mazunat.nf");
    let src = lang::compile_file(&path, &lang::Overrides::default()).expect("mazunat compiles");
    let c = compiler::partition(&src.program, &compiler::Options::default())
        .expect("mazunat partitions");
    let lowered = compiler::lower_switch::lower_switch(&c).expect("switch part lowers");
    let objects = compiler::tables::switch_objects(&c);
    let mut run = Run::default();
    let put = |state: &str, k: ir::Value, v: ir::Value, run: &mut Run| {
        let (mut ks, mut vs) = (Vec::new(), Vec::new());
        ir::eval::flatten(&k, &mut ks);
        ir::eval::flatten(&v, &mut vs);
        for o in objects
            .iter()
            .filter(|o| o.kind == "exact_table" && o.state == state)
        {
            let e = TableEntry::exact(&ks, &format!("hit_{}", o.name), &vs);
            run.entries.push((o.name.clone(), e));
        }
    };
    for i in 0..CONNS * 9 / 10 {
        let (ip, port) = client(i);
        let ext = 1024 + i as u64;
        let key = ir::Value::Tuple(vec![
            bits(8, 6),
            ir::Value::Ipv4(ip.into()),
            bits(16, port.into()),
        ]);
        put("nat_out", key, bits(16, ext), &mut run);
        let back = ir::Value::Tuple(vec![ir::Value::Ipv4(ip.into()), bits(16, port.into())]);
        put(
            "nat_in",
            ir::Value::Tuple(vec![bits(8, 6), bits(16, ext)]),
            back,
            &mut run,
        );
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..PACKETS {
        let i = rng.below(u64::from(CONNS)) as u32;
        let len = [0, 64, 512, 1400][rng.below(4) as usize];
        if rng.below(2) == 0 {
            let f = segment(client(i), (SERVER, 80), TcpFlags::ACK, len);
            run.packets.push((0, f));
        } else {
            let ext = (Ipv4Addr::new(198, 51, 100, 1), 1024 + i as u16);
            run.packets
                .push((1, segment((SERVER, 80), ext, TcpFlags::ACK, len)));
        }
    }
    run.ports = vec![0, 1, compiler::lower_switch::SERVER_PORT];
    (lowered.program, run)
}

/// CoFilter's switch program with fingerprints for 90 % of the connections.
fn cofilter() -> (Program, Run) {
    use filter::layout::{Layout, WAYS};
    use filter::program::{
        Placement, build, cell_writes, decide_entries, lane_entries, selector_entries,
    };
    let p = Placement {
        layout: Layout {
            fp_bits: 12,
            slot_bits: 10,
            rows: [4; WAYS],
            exact_entries: 1024,
            state_bits: 0,
        },
        pieces: 2,
        lo_pieces: 2,
        cells: filter::layout::Cells::Registers,
    };
    let l = p.layout;
    let program = build(&p).expect("valid CoFilter program");
    let mut run = Run::default();
    run.entries.extend(selector_entries(&p));
    run.entries.extend(lane_entries(&p));
    for e in decide_entries(true, 0) {
        run.entries.push(("decide".into(), e));
    }
    let key = |i: u32| {
        let (ip, port) = client(i);
        FlowKey {
            src_addr: ip,
            dst_addr: SERVER,
            src_port: port,
            dst_port: 80,
            protocol: IpProtocol::Tcp,
        }
    };
    let mut image: Vec<Vec<u16>> = (0..WAYS)
        .map(|w| vec![0; l.way_cells(w) as usize])
        .collect();
    for i in 0..CONNS * 9 / 10 {
        let c = l.cands(&key(i));
        // The first candidate way with a free cell, as the agent would choose.
        if let Some(w) = (0..WAYS).find(|&w| image[w][c.idx[w] as usize] == 0) {
            image[w][c.idx[w] as usize] = c.fp;
            for r in cell_writes(&p, w, c.idx[w], |x| image[w][x as usize]) {
                run.registers.push((r.register, r.index, r.value));
            }
        }
    }
    let mut rng = Rng(0x51_7cc1_b727_220a);
    for _ in 0..PACKETS {
        let i = rng.below(u64::from(CONNS)) as u32;
        let k = key(i);
        let flags = match rng.below(20) {
            0 => TcpFlags::SYN,
            1 => TcpFlags(TcpFlags::FIN.0 | TcpFlags::ACK.0),
            _ => TcpFlags::ACK,
        };
        let len = [0, 64, 512, 1400][rng.below(4) as usize];
        if rng.below(2) == 0 {
            let f = segment((k.src_addr, k.src_port), (SERVER, 80), flags, len);
            run.packets.push((0, f));
        } else {
            let f = segment((SERVER, 80), (k.src_addr, k.src_port), flags, len);
            run.packets.push((1, f));
        }
    }
    run.ports = vec![0, 1, 192];
    (program, run)
}

fn tools() -> Option<(P4c, Bmv2)> {
    match P4c::find().and_then(|p| Ok((p, Bmv2::find()?))) {
        Ok(t) => Some(t),
        Err(e) => {
            println!("bmv2 half skipped: {e}");
            None
        }
    }
}

fn bench(c: &mut Criterion) {
    let tools = tools();
    for (name, (program, run)) in [("nat", nat()), ("cofilter", cofilter())] {
        let mut g = c.benchmark_group(format!("bmv2_vs_model/{name}"));
        g.throughput(Throughput::Elements(run.packets.len() as u64));
        g.bench_function("model", |b| {
            let mut sw = pipe::Switch::new(program.clone()).expect("program loads");
            for (t, e) in &run.entries {
                sw.insert(t, e.clone()).expect("entry");
            }
            for (r, i, x) in &run.registers {
                sw.write_register(r, *i, *x).expect("register");
            }
            let mut out = Vec::new();
            b.iter(|| {
                for (port, frame) in &run.packets {
                    let v = sw
                        .process_into(Duration::ZERO, *port, frame, &mut out)
                        .expect("processes");
                    std::hint::black_box(v);
                }
            });
        });
        if let Some((p4c, bmv2)) = &tools {
            g.sample_size(10).sampling_mode(SamplingMode::Flat);
            g.warm_up_time(Duration::from_millis(1));
            g.measurement_time(Duration::from_secs(1));
            g.bench_function("bmv2", |b| {
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        total += bmv2_once(p4c, bmv2, &program, &run);
                    }
                    total
                });
            });
        }
        g.finish();
    }
}

/// One BMv2 run; the time it took to process the packets.
fn bmv2_once(p4c: &P4c, bmv2: &Bmv2, program: &Program, run: &Run) -> Duration {
    let dir = std::env::temp_dir().join(format!("tandem-bmv2-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let thrift = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free local port");
    let started = Instant::now();
    let got = bmv2
        .run(p4c, program, run, &dir, thrift, Duration::from_secs(300))
        .unwrap_or_else(|e| panic!("bmv2: {e}"));
    let _ = std::fs::remove_dir_all(&dir);
    let span = got.span.expect("BMv2 wrote packets");
    let out: usize = got.out.values().map(Vec::len).sum();
    println!(
        "  bmv2 run: {} packets in, {out} out, {:.3} s from first to last output ({:.1} s wall clock in all)",
        run.packets.len(),
        span.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    span
}

criterion_group!(benches, bench);
criterion_main!(benches);
