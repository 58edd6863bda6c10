//! The lowered switch program of the five examples: it passes `pipe`'s
//! validator, the resource checker's verdict is reported, and its P4 matches the goldens in `testdata/`
//! (regenerate with `TANDEM_BLESS=1 cargo test -p compiler --test lower_golden`).

use compiler::lower_switch::{Lowered, SERVER_PORT, lower_switch};
use compiler::{Compilation, Options, partition};
use std::path::PathBuf;

const EXAMPLES: [&str; 5] = ["mazunat", "lb", "firewall", "proxy", "trojan"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn compile(name: &str) -> Compilation {
    let path = root().join(format!("examples/nf/{name}.nf"));
    let c = lang::compile_file(&path, &lang::Overrides::default())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    partition(&c.program, &Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn golden(file: &str, text: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("testdata/{file}"));
    if std::env::var_os("TANDEM_BLESS").is_some() {
        std::fs::write(&path, text).expect("write golden");
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with TANDEM_BLESS=1)", path.display()));
    assert_eq!(text, want, "{file} differs from the golden");
}

fn lowered(name: &str) -> (Compilation, Lowered) {
    let c = compile(name);
    let l = lower_switch(&c).unwrap_or_else(|e| panic!("{name}: {e}"));
    (c, l)
}

#[test]
fn five_examples_lower_validate_and_fit_tofino1() {
    for name in EXAMPLES {
        let (c, l) = lowered(name);
        l.program
            .validate()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let report = l
            .resources
            .as_ref()
            .unwrap_or_else(|e| panic!("{name} does not fit Tofino-1: {e}"));
        assert!(report.stages_used >= 1 || c.layouts.is_empty(), "{name}");
        // One table per offloaded lookup site, one register per offloaded register.
        let objects = compiler::tables::switch_objects(&c);
        for o in &objects {
            match o.kind {
                "exact_table" => assert!(l.program.tables.iter().any(|t| t.name == o.name)),
                _ => assert!(l.program.registers.iter().any(|r| r.name == o.name)),
            }
        }
        // One punt action per punt point and one resume action per resume point.
        for p in &c.punts {
            let a = format!("punt_{}", p.id);
            assert!(l.program.actions.iter().any(|x| x.name == a), "{name}: {a}");
        }
        for r in &c.resumes {
            let a = format!("resume_{}", r.id);
            assert!(l.program.actions.iter().any(|x| x.name == a), "{name}: {a}");
        }
    }
}

#[test]
fn golden_p4_and_p4info() {
    for name in EXAMPLES {
        let (_, l) = lowered(name);
        for (arch, tag) in [(p4gen::Arch::V1model, "v1model"), (p4gen::Arch::Tna, "tna")] {
            let text = p4gen::emit(&l.program, arch).unwrap_or_else(|e| panic!("{name}: {e}"));
            golden(&format!("{name}.switch.{tag}.p4"), &text);
        }
        let info = p4gen::p4info(&l.program).expect("p4info");
        assert!(!info.tables.is_empty() || name == "proxy", "{name}");
    }
}

/// A TCP/IPv4 frame from 10.0.0.1 to 10.0.0.2.
fn tcp_frame() -> (Vec<u8>, Vec<u8>) {
    let mut ip = vec![
        0x45u8, 0, 0, 40, 0, 0, 0, 0, 64, 6, 0, 0, 10, 0, 0, 1, 10, 0, 0, 2,
    ];
    let mut tcp = [0u8; 20];
    tcp[12] = 5 << 4; // data offset 5: the parser rejects less
    ip.extend_from_slice(&tcp);
    let eth = vec![2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2];
    (eth, ip)
}

/// The punt and resume actions speak `wire::transfer`: with the ingress
/// replaced by "always punt at point N" / "resume, then forward", the executor's output parses with `wire::transfer` and the resumed
/// frame is the plain IPv4 frame again.
#[test]
fn punt_and_resume_speak_wire_transfer() {
    for name in ["mazunat", "lb", "trojan"] {
        let (c, l) = lowered(name);
        assert!(
            !c.punts.is_empty() && !c.resumes.is_empty(),
            "{name} visits the server"
        );
        for layout in &c.layouts {
            let (eth, ip) = tcp_frame();
            let mut program = l.program.clone();
            program.actions.push(
                pipe::builder::action("out_5")
                    .forward(pipe::builder::c(5))
                    .into(),
            );
            let pipe::program::Stmt::If {
                then, otherwise, ..
            } = &mut program.ingress[0]
            else {
                panic!("{name}: ingress starts with the transfer-valid branch");
            };
            if layout.direction == "to_server" {
                *otherwise = vec![pipe::builder::run(&format!("punt_{}", layout.point), &[])];
                let mut sw = pipe::Switch::new(program).expect("loads");
                let mut frame = eth.clone();
                frame.extend_from_slice(&[0x08, 0x00]);
                frame.extend_from_slice(&ip);
                let out = sw
                    .process(std::time::Duration::ZERO, 3, &frame)
                    .expect("runs");
                assert_eq!(
                    out.verdict,
                    pipe::Verdict::Emit { port: SERVER_PORT },
                    "{name}"
                );
                assert_eq!(&out.bytes[..12], &eth[..], "{name}");
                assert_eq!(&out.bytes[12..14], &[0x88, 0xb6], "{name}");
                let pkt = wire::transfer::Packet::new_checked(&out.bytes[14..]).expect("header");
                let r = wire::transfer::Repr::parse(&pkt).expect("parses");
                assert_eq!(r.kind, wire::transfer::Kind::ToServer, "{name}");
                assert_eq!(r.point, layout.point, "{name}");
                assert_eq!(r.in_port, 3, "{name}");
                assert_eq!(r.ether_type, 0x0800, "{name}");
                assert_eq!(r.values.len(), layout.bytes as usize, "{name}");
                let rest = 14 + wire::transfer::HEADER_LEN + layout.bytes as usize;
                assert_eq!(&out.bytes[rest..], &ip[..], "{name}");
            } else {
                *then = vec![
                    pipe::builder::run(&format!("resume_{}", layout.point), &[]),
                    pipe::builder::run("out_5", &[]),
                ];
                let mut sw = pipe::Switch::new(program).expect("loads");
                let mut frame = eth.clone();
                frame.extend_from_slice(&[0x88, 0xb6, wire::transfer::VERSION, 1]);
                frame.extend_from_slice(&layout.point.to_be_bytes());
                frame.extend_from_slice(&3u16.to_be_bytes());
                frame.extend_from_slice(&0x0800u16.to_be_bytes());
                frame.extend_from_slice(&u16::try_from(layout.bytes).expect("small").to_be_bytes());
                frame.extend(std::iter::repeat_n(0xAAu8, layout.bytes as usize));
                frame.extend_from_slice(&ip);
                let out = sw
                    .process(std::time::Duration::ZERO, SERVER_PORT, &frame)
                    .expect("runs");
                assert_eq!(out.verdict, pipe::Verdict::Emit { port: 5 }, "{name}");
                let mut want = eth.clone();
                want.extend_from_slice(&[0x08, 0x00]);
                want.extend_from_slice(&ip);
                assert_eq!(out.bytes, want, "{name}: resumed frame");
            }
        }
    }
}

/// All five examples lower completely (hash units for `crc32`, `% 4` as a
/// mask, the port counter as one register action).
#[test]
fn control_lowering_status_per_example() {
    for name in EXAMPLES {
        let (_, l) = lowered(name);
        assert!(l.control_lowered, "{name}: {:?}", l.warnings);
        assert!(l.warnings.is_empty(), "{name}");
    }
    // MazuNAT's port counter with the paper's placement (on the switch): read,
    // compare, write back fused into ONE register action (a stateful ALU
    // allows one access per packet).
    let c = {
        let path = root().join("examples/nf/mazunat.nf");
        let p = lang::compile_file(&path, &lang::Overrides::default()).expect("compiles");
        let o = Options {
            offload_stale_registers: true,
            ..Options::default()
        };
        partition(&p.program, &o).expect("partitions")
    };
    let l = lower_switch(&c).expect("lowers");
    assert!(
        l.control_lowered && l.warnings.is_empty(),
        "{:?}",
        l.warnings
    );
    assert_eq!(
        l.program
            .reg_actions
            .iter()
            .filter(|r| r.register == "r_next_port")
            .count(),
        1
    );
}

/// A TCP SYN from `src:sport` to `dst:dport`.
fn syn(src: [u8; 4], dst: [u8; 4], sport: u16, dport: u16) -> Vec<u8> {
    let l3 = wire::build::L3 {
        src_mac: wire::MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: wire::MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: src.into(),
        dst: dst.into(),
        ttl: 64,
        ident: 1,
    };
    wire::build::tcp_frame(
        &l3,
        &wire::tcp::Repr {
            src_port: sport,
            dst_port: dport,
            seq_number: 1,
            ack_number: 0,
            flags: wire::TcpFlags::SYN,
            window: 1000,
            urgent: 0,
            options: Default::default(),
        },
        b"",
    )
}

/// MazuNAT's inbound miss punt goes through the miss-punt meter: with 3
/// packets of burst at 1,000/s, a burst of unsolicited inbound SYNs gets its
/// first 3 sent to the server and the rest dropped on the switch, 1 ms later
/// one more passes; outbound new flows (the natural punt, where the server
/// must insert) are never metered; without the option there is no meter.
#[test]
fn miss_punts_are_metered_and_red_ones_dropped_on_the_switch() {
    let path = root().join("examples/nf/mazunat.nf");
    let p = lang::compile_file(&path, &lang::Overrides::default()).expect("compiles");
    let tight = Options {
        miss_punt_meter: Some(compiler::MissPuntMeter {
            rate_pps: 1_000,
            burst: 3,
        }),
        ..Options::default()
    };
    let c = partition(&p.program, &tight).expect("partitions");
    assert_eq!(
        c.punts.iter().filter(|p| p.miss).count(),
        1,
        "{:?}",
        c.punts
    );
    let l = lower_switch(&c).expect("lowers");
    assert!(l.resources.is_ok(), "{:?}", l.resources);
    let mut sw = pipe::Switch::new(l.program).expect("loads");
    compiler::tables::install_initial(&c, &mut sw).expect("installs");
    let ms = std::time::Duration::from_millis;
    let verdicts = |sw: &mut pipe::Switch, at, port, frames: &[Vec<u8>]| -> Vec<pipe::Verdict> {
        frames
            .iter()
            .map(|f| sw.process(at, port, f).expect("runs").verdict)
            .collect()
    };
    let inbound: Vec<Vec<u8>> = (0..10)
        .map(|i| syn([203, 0, 113, 7], [198, 51, 100, 1], 80, 2000 + i))
        .collect();
    let to_server = pipe::Verdict::Emit { port: SERVER_PORT };
    let dropped = pipe::Verdict::Drop(pipe::DropReason::Ingress);
    let got = verdicts(&mut sw, ms(1), 1, &inbound);
    assert_eq!(got[..3], [to_server; 3]);
    assert_eq!(got[3..], [dropped; 7]);
    assert_eq!(
        verdicts(&mut sw, ms(2), 1, &inbound[..2]),
        [to_server, dropped]
    );
    let counted = sw.read_counter(compiler::lower_switch::MISS_PUNT_DROPPED, 0);
    assert_eq!(
        counted.expect("counter").0,
        8,
        "the switch counts its meter drops"
    );
    let outbound: Vec<Vec<u8>> = (0..10)
        .map(|i| syn([10, 0, 0, 1], [198, 19, 0, 1], 5000 + i, 80))
        .collect();
    assert!(
        verdicts(&mut sw, ms(2), 0, &outbound)
            .iter()
            .all(|v| *v == to_server)
    );
    // Unmetered: no meter in the program, every miss goes to the server.
    let open = Options {
        miss_punt_meter: None,
        ..Options::default()
    };
    let c = partition(&p.program, &open).expect("partitions");
    let l = lower_switch(&c).expect("lowers");
    assert!(l.program.meters.is_empty());
    let mut sw = pipe::Switch::new(l.program).expect("loads");
    compiler::tables::install_initial(&c, &mut sw).expect("installs");
    assert!(
        verdicts(&mut sw, ms(1), 1, &inbound)
            .iter()
            .all(|v| *v == to_server)
    );
    // Gallium's partition has no miss punt, so no meter either.
    let gallium = Options {
        drop_misses_on_switch: true,
        ..Options::default()
    };
    let c = partition(&p.program, &gallium).expect("partitions");
    assert!(c.punts.iter().all(|p| !p.miss));
    assert!(lower_switch(&c).expect("lowers").program.meters.is_empty());
}
