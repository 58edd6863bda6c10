//! Gallium's lowered switch programs on BMv2: for every example NF the switch
//! part (its v1model P4 compiled by p4c) runs on `simple_switch` and on the
//! switch model with the same table entries (the maps' initial contents, plus
//! a few translations / connections as the server would install them) and the
//! same register values, over the same 10,368 seeded frames; every port must
//! get the same packets byte for byte in the same order and the registers must
//! end equal (`bmv2::compare`). Punted packets (to the server port, with
//! the transfer header and live values) are compared like any other.
//!
//! Needs p4c and BMv2 (on PATH, or `TANDEM_P4C` / `TANDEM_BMV2`); without them it
//! prints why it skips, unless `TANDEM_REQUIRE_TOOLS=1` (CI), where it fails.

// Shared with other tests; this one uses `compile` only.
#[allow(dead_code)]
mod support;

use std::net::Ipv4Addr;
use std::time::Duration;

use bmv2::{Bmv2, Run};
use compiler::Compilation;
use compiler::lower_switch::{SERVER_PORT, lower_switch};
use ir::eval::flatten as scalars;
use p4gen::p4c::P4c;
use pipe::TableEntry;
use support::compile;
use wire::build::L3;

fn tools() -> Option<(P4c, Bmv2)> {
    match P4c::find().and_then(|p| Ok((p, Bmv2::find()?))) {
        Ok(t) => Some(t),
        Err(e) => {
            let required = std::env::var("TANDEM_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
            assert!(!required, "TANDEM_REQUIRE_TOOLS=1 but {e}");
            println!("skipped: {e}");
            None
        }
    }
}

fn bits(width: u16, value: u64) -> ir::Value {
    ir::Value::Bits { width, value }
}

/// Entries for `key → value` of map `state` in every switch table holding it.
fn entries_for(
    c: &Compilation,
    state: &str,
    k: &ir::Value,
    v: &ir::Value,
) -> Vec<(String, TableEntry)> {
    let (mut ks, mut vs) = (Vec::new(), Vec::new());
    scalars(k, &mut ks);
    scalars(v, &mut vs);
    compiler::tables::switch_objects(c)
        .into_iter()
        .filter(|o| o.kind == "exact_table" && o.state == state)
        .map(|o| {
            let e = TableEntry::exact(&ks, &format!("hit_{}", o.name), &vs);
            (o.name, e)
        })
        .collect()
}

/// The control-plane state the switch starts with: the maps' and vectors'
/// initial entries, `extra` map entries, registers at their declared values.
fn start_state(c: &Compilation, extra: &[(&str, ir::Value, ir::Value)]) -> Run {
    let mut run = Run::default();
    for decl in &c.program.states {
        match &decl.kind {
            ir::StateKind::Vector { init, .. } => {
                for (i, v) in init.iter().enumerate() {
                    run.entries
                        .extend(entries_for(c, &decl.name, &bits(32, i as u64), v));
                }
            }
            ir::StateKind::Map { init, .. } => {
                for (k, v) in init {
                    run.entries.extend(entries_for(c, &decl.name, k, v));
                }
            }
            ir::StateKind::Register { init, .. } => {
                let on_switch = compiler::tables::switch_objects(c)
                    .iter()
                    .any(|o| o.kind == "register" && o.state == decl.name);
                if on_switch {
                    run.registers.push((
                        format!("r_{}", decl.name),
                        0,
                        ir::eval::scalar(init).unwrap_or(0),
                    ));
                }
            }
            _ => {}
        }
    }
    for (map, k, v) in extra {
        run.entries.extend(entries_for(c, map, k, v));
    }
    run
}

/// A small deterministic generator (xorshift64*), so the test needs no RNG crate.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) % n
    }
}

/// Seeded TCP and UDP frames on ports 0 and 1 over the addresses and ports the
/// examples' rules and entries name, and some truncated ones.
fn traffic(rng: &mut Rng, n: usize) -> Vec<(u16, Vec<u8>)> {
    const SRC: [u32; 3] = [0x0a00_0001, 0x0a00_0002, 0x0a00_0003];
    const DST: [u32; 4] = [0x0a00_0064, 0xc633_6401, 0x0a00_0002, 0xc000_020a];
    const SPORT: [u16; 5] = [22, 80, 1024, 40000, 5000];
    const DPORT: [u16; 6] = [22, 80, 8080, 21, 40000, 5000];
    const FLAGS: [u16; 4] = [0x02, 0x10, 0x01, 0x18];
    let payloads: [&[u8]; 3] = [b"", b"GET /index.html HTTP/1.1", b"hello"];
    (0..n)
        .map(|_| {
            let pick = |rng: &mut Rng, n: usize| rng.below(n as u64) as usize;
            let port = rng.below(2) as u16;
            let (mut s, mut d) = (SRC[pick(rng, 3)], DST[pick(rng, 4)]);
            if port == 1 {
                std::mem::swap(&mut s, &mut d);
            }
            let l3 = L3 {
                src_mac: wire::ethernet::MacAddr([2, 0, 0, 0, 0, 1]),
                dst_mac: wire::ethernet::MacAddr([2, 0, 0, 0, 0, 2]),
                vlan: None,
                src: Ipv4Addr::from(s),
                dst: Ipv4Addr::from(d),
                ttl: 64,
                ident: rng.below(65536) as u16,
            };
            let (sp, dp) = (SPORT[pick(rng, 5)], DPORT[pick(rng, 6)]);
            let payload = payloads[pick(rng, 3)];
            let mut f = if rng.below(3) < 2 {
                let tcp = wire::tcp::Repr {
                    src_port: sp,
                    dst_port: dp,
                    seq_number: rng.below(1 << 32) as u32,
                    ack_number: 0,
                    flags: wire::tcp::TcpFlags(FLAGS[pick(rng, 4)]),
                    window: 512,
                    urgent: 0,
                    options: wire::options::OptionBytes::EMPTY,
                };
                wire::build::tcp_frame(&l3, &tcp, payload)
            } else {
                let udp = wire::udp::Repr {
                    src_port: sp,
                    dst_port: dp,
                };
                wire::build::udp_frame(&l3, &udp, payload)
            };
            if rng.below(64) == 0 {
                let cut = 14 + rng.below(f.len() as u64 - 14) as usize;
                f.truncate(cut);
            } else if rng.below(16) == 0 {
                odd_headers(rng, &mut f);
            }
            (port, f)
        })
        .collect()
}

/// Gives a well-formed frame one of the header shapes the switch parser must
/// treat as the reference does (docs/LANGUAGE.md, "The packet"): IPv4 options,
/// a fragment, one 802.1Q tag, a TCP data offset below 5, a UDP length beyond
/// the frame, another IP version.
fn odd_headers(rng: &mut Rng, f: &mut Vec<u8>) {
    const IP: usize = 14;
    let tcp = f[IP + 9] == 6;
    match rng.below(6) {
        0 => {
            f[IP] = 0x46;
            f.splice(IP + 20..IP + 20, [1, 1, 1, 0]);
            let total = u16::from_be_bytes([f[IP + 2], f[IP + 3]]) + 4;
            f[IP + 2..IP + 4].copy_from_slice(&total.to_be_bytes());
        }
        1 => f[IP + 6] |= 0x20,
        2 => {
            f.splice(12..12, [0x81, 0x00, 0x00, 0x05]);
            return;
        }
        3 if tcp => f[IP + 20 + 12] = 3 << 4,
        4 if !tcp => f[IP + 20 + 4..IP + 20 + 6].copy_from_slice(&0x0900u16.to_be_bytes()),
        _ => f[IP] = 0x65,
    }
    let hl = usize::from(f[IP] & 0x0f) * 4;
    f[IP + 10..IP + 12].copy_from_slice(&[0, 0]);
    let mut sum = 0u32;
    for c in f[IP..IP + hl].chunks(2) {
        sum += u32::from(u16::from_be_bytes([c[0], c[1]]));
    }
    while sum >> 16 != 0 {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    f[IP + 10..IP + 12].copy_from_slice(&(!(sum as u16)).to_be_bytes());
}

/// Frames per example: at least the 10,000.
const PACKETS: usize = 10_368;

fn run_example(name: &str, extra: &[(&str, ir::Value, ir::Value)], p4c: &P4c, bmv2: &Bmv2) {
    let c = compile(name);
    let lowered = lower_switch(&c).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(lowered.control_lowered, "{name}: {:?}", lowered.warnings);
    let mut run = start_state(&c, extra);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ name.len() as u64);
    run.packets = traffic(&mut rng, PACKETS);
    run.ports = vec![0, 1, SERVER_PORT];
    let program = lowered.program;
    let (want, recirculated) =
        bmv2::model(&program, &run).unwrap_or_else(|e| panic!("{name}: model: {e}"));
    let dir =
        std::env::temp_dir().join(format!("tandem-gallium-bmv2-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let thrift = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free local port");
    let got = bmv2
        .run(p4c, &program, &run, &dir, thrift, Duration::from_secs(120))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let diffs = bmv2::compare(&want, &recirculated, &got);
    assert!(diffs.is_empty(), "{name}: {}", diffs.join("\n"));
    let per_port: Vec<String> = want
        .out
        .iter()
        .map(|(p, v)| format!("port {p}: {}", v.len()))
        .collect();
    println!(
        "{name}: {} frames, {} entries, no difference ({})",
        run.packets.len(),
        run.entries.len(),
        per_port.join(", ")
    );
    assert!(
        want.out.len() >= 2,
        "{name}: packets left only {:?}; the comparison says little",
        want.out.keys()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gallium_partitions_run_the_same_on_bmv2_and_the_model() {
    let Some((p4c, bmv2)) = tools() else { return };
    let nat = [
        (
            "nat_out",
            ir::Value::Tuple(vec![bits(8, 6), ir::Value::Ipv4(0x0a00_0001), bits(16, 22)]),
            bits(16, 5000),
        ),
        (
            "nat_out",
            ir::Value::Tuple(vec![
                bits(8, 17),
                ir::Value::Ipv4(0x0a00_0002),
                bits(16, 80),
            ]),
            bits(16, 5001),
        ),
        (
            "nat_in",
            ir::Value::Tuple(vec![bits(8, 6), bits(16, 5000)]),
            ir::Value::Tuple(vec![ir::Value::Ipv4(0x0a00_0001), bits(16, 22)]),
        ),
    ];
    let lb = [(
        "conns",
        ir::Value::Tuple(vec![
            bits(8, 6),
            ir::Value::Ipv4(0x0a00_0001),
            bits(16, 22),
            ir::Value::Ipv4(0x0a00_0064),
            bits(16, 80),
        ]),
        ir::Value::Ipv4(0x0a00_0102),
    )];
    run_example("mazunat", &nat, &p4c, &bmv2);
    run_example("lb", &lb, &p4c, &bmv2);
    run_example("firewall", &[], &p4c, &bmv2);
    run_example("proxy", &[], &p4c, &bmv2);
    run_example("trojan", &[], &p4c, &bmv2);
}
