//! Step 3 of Gallium: the lowered switch program, run in `pipe`'s executor on
//! real frames, agrees with the compiler's own split execution (the test IR
//! executor of `split_equivalence`, pre-processing phase) for every packet the
//! split run keeps on the switch: same verdict and the same rewritten frame
//! (addresses, ports, checksums). Map entries the program starts with are
//! installed through `pipe`'s control plane.

// Shared with `split_equivalence`, which uses all of it.
#[allow(dead_code)]
mod support;

use compiler::Compilation;
use compiler::lower_switch::lower_switch;
use std::collections::{BTreeMap, BTreeSet};
use std::net::Ipv4Addr;
use support::{Env, Exec, Packet, Phase, State, Stop};
use wire::build::L3;

use support::compile;

use ir::eval::flatten as scalars;

/// Installs `key → value` in every switch table holding map `state`.
fn install(c: &Compilation, sw: &mut pipe::Switch, state: &str, k: &ir::Value, v: &ir::Value) {
    let (mut ks, mut vs) = (Vec::new(), Vec::new());
    scalars(k, &mut ks);
    scalars(v, &mut vs);
    for o in compiler::tables::switch_objects(c) {
        if o.kind == "exact_table" && o.state == state {
            sw.insert(
                &o.name,
                pipe::TableEntry::exact(&ks, &format!("hit_{}", o.name), &vs),
            )
            .expect("entry fits");
        }
    }
}

/// A switch loaded with the lowered program and the maps' initial entries.
fn switch(c: &Compilation) -> pipe::Switch {
    let l = lower_switch(c).expect("lowers");
    assert!(l.control_lowered, "{:?}", l.warnings);
    let mut sw = pipe::Switch::new(l.program).expect("loads");
    for o in compiler::tables::switch_objects(c) {
        if o.kind != "exact_table" {
            continue;
        }
        let Some(decl) = c.program.states.iter().find(|d| d.name == o.state) else {
            continue;
        };
        if let ir::StateKind::Vector { init, .. } = &decl.kind {
            for (i, v) in init.iter().enumerate() {
                let mut vs = Vec::new();
                scalars(v, &mut vs);
                sw.insert(
                    &o.name,
                    pipe::TableEntry::exact(&[i as u64], &format!("hit_{}", o.name), &vs),
                )
                .expect("entry fits");
            }
        }
        if let ir::StateKind::Map { init, .. } = &decl.kind {
            for (k, v) in init {
                let (mut ks, mut vs) = (Vec::new(), Vec::new());
                scalars(k, &mut ks);
                scalars(v, &mut vs);
                sw.insert(
                    &o.name,
                    pipe::TableEntry::exact(&ks, &format!("hit_{}", o.name), &vs),
                )
                .expect("entry fits");
            }
        }
    }
    // Registers start at their declared value.
    for decl in &c.program.states {
        if let ir::StateKind::Register { init, .. } = &decl.kind {
            let on_switch = compiler::tables::switch_objects(c)
                .iter()
                .any(|o| o.kind == "register" && o.state == decl.name);
            if on_switch {
                sw.write_register(
                    &format!("r_{}", decl.name),
                    0,
                    ir::eval::scalar(init).unwrap_or(0),
                )
                .expect("register exists");
            }
        }
    }
    sw
}

/// The frame of an abstract packet (TCP or UDP over IPv4, checksums filled).
fn frame(p: &Packet) -> Vec<u8> {
    let l3 = L3 {
        src_mac: wire::ethernet::MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: wire::ethernet::MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: Ipv4Addr::from(p.fields["src"] as u32),
        dst: Ipv4Addr::from(p.fields["dst"] as u32),
        ttl: 64,
        ident: 7,
    };
    let (sp, dp) = (p.fields["src_port"] as u16, p.fields["dst_port"] as u16);
    if p.valid.contains("tcp") {
        let tcp = wire::tcp::Repr {
            src_port: sp,
            dst_port: dp,
            seq_number: 1000,
            ack_number: 0,
            flags: wire::tcp::TcpFlags(p.fields["flags"] as u16),
            window: 512,
            urgent: 0,
            options: wire::options::OptionBytes::EMPTY,
        };
        wire::build::tcp_frame(&l3, &tcp, &p.payload)
    } else {
        let udp = wire::udp::Repr {
            src_port: sp,
            dst_port: dp,
        };
        wire::build::udp_frame(&l3, &udp, &p.payload)
    }
}

fn packets() -> Vec<Packet> {
    let mut out = Vec::new();
    let payloads: [&[u8]; 3] = [b"", b"GET /index.html HTTP/1.1", b"hello"];
    for in_port in 0u16..2 {
        for tcp in [true, false] {
            for src in 0u64..3 {
                for dst in [0x0a00_0064u64, 0xc633_6401, 0x0a00_0002, 0xc000_020a] {
                    for sport in [22u64, 80, 1024, 40000] {
                        for dport in [22u64, 80, 8080, 21, 40000, 5000] {
                            for flags in [0x02u64, 0x10, 0x01] {
                                let payload = payloads[(src as usize + sport as usize) % 3];
                                let h = if tcp { "tcp" } else { "udp" };
                                let valid: BTreeSet<&'static str> = ["eth", "ipv4", h].into();
                                let mut fields = BTreeMap::new();
                                fields.insert("src", 0x0a00_0001 + src);
                                fields.insert("dst", dst);
                                fields.insert("protocol", if tcp { 6 } else { 17 });
                                fields.insert("src_port", sport);
                                fields.insert("dst_port", dport);
                                fields.insert("flags", if tcp { flags } else { 0 });
                                out.push(Packet {
                                    valid,
                                    fields,
                                    in_port,
                                    payload: payload.to_vec(),
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// (compared, punted, forwarded, rewritten, dropped)
fn agree(name: &str) -> (usize, usize, usize, usize, usize) {
    agree_with(name, &[])
}

/// Like [`agree`], with `entries` (map, key, value) installed on both sides.
fn agree_with(
    name: &str,
    entries: &[(&str, ir::Value, ir::Value)],
) -> (usize, usize, usize, usize, usize) {
    agree_compiled(name, &compile(name), entries)
}

/// Like [`agree_with`], on a given compilation of `name`.
fn agree_compiled(
    name: &str,
    c: &Compilation,
    entries: &[(&str, ir::Value, ir::Value)],
) -> (usize, usize, usize, usize, usize) {
    let ex = Exec::new(c);
    let mut sw = switch(c);
    let mut base = State::new(&c.program);
    for (map, k, v) in entries {
        install(c, &mut sw, map, k, v);
        let id = c
            .program
            .states
            .iter()
            .position(|d| d.name == *map)
            .expect("map exists") as u32;
        base.maps
            .entry(id)
            .or_default()
            .insert(k.clone(), v.clone());
    }
    let (mut compared, mut punted, mut forwarded, mut rewritten, mut dropped) = (0, 0, 0, 0, 0);
    for p in packets() {
        let mut abs = p.clone();
        // Switch-side state persists across packets on both sides.
        let st = &mut base;
        let mut env = Env::new();
        let stop = ex
            .run(Phase::Pre, 0, 0, &mut env, &mut abs, st)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let input = frame(&p);
        let out = sw
            .process(std::time::Duration::ZERO, p.in_port, &input)
            .expect("runs");
        match stop {
            Stop::Punt(id) => {
                punted += 1;
                // The switch punts at the same point, to the server port.
                assert_eq!(
                    out.verdict,
                    pipe::Verdict::Emit {
                        port: compiler::lower_switch::SERVER_PORT
                    },
                    "{name}: {p:?}"
                );
                let t = wire::transfer::Packet::new_checked(&out.bytes[14..]).expect("transfer");
                assert_eq!(t.point(), id, "{name}: punt point");
                // The live values the switch filled in are the split run's.
                let layout = c
                    .layouts
                    .iter()
                    .find(|l| l.direction == "to_server" && l.point == id)
                    .expect("layout");
                let mut want = vec![0u8; layout.bytes as usize];
                for s in &layout.slots {
                    let mut v = env.get(&s.value).expect("live value computed");
                    for &k in &s.path {
                        let ir::Value::Tuple(xs) = v else {
                            panic!("path into a scalar")
                        };
                        v = &xs[k as usize];
                    }
                    let x = ir::eval::scalar(v).expect("scalar").to_be_bytes();
                    let (o, n) = (s.offset as usize, s.bytes as usize);
                    want[o..o + n].copy_from_slice(&x[8 - n..]);
                }
                assert_eq!(t.values(), &want[..], "{name}: punt values of {p:?}");
                continue;
            }
            Stop::Forward(port) => {
                forwarded += 1;
                assert_eq!(
                    out.verdict,
                    pipe::Verdict::Emit { port: port as u16 },
                    "{name}: {p:?}"
                );
                assert_eq!(out.bytes, frame(&abs), "{name}: rewritten frame of {p:?}");
                if abs != p {
                    rewritten += 1;
                }
            }
            Stop::Drop => {
                dropped += 1;
                assert!(
                    matches!(out.verdict, pipe::Verdict::Drop(_)),
                    "{name}: {p:?} → {:?}",
                    out.verdict
                );
            }
            Stop::Resume(_) => panic!("{name}: pre-processing cannot resume"),
        }
        compared += 1;
    }
    (compared, punted, forwarded, rewritten, dropped)
}

#[test]
fn proxy_agrees_with_split_execution() {
    let (compared, punted, forwarded, rewritten, _) = agree("proxy");
    assert_eq!(punted, 0, "the proxy never visits the server");
    assert_eq!(compared, packets().len());
    assert_eq!(forwarded, compared, "the proxy forwards everything");
    // Client (port 0) TCP to port 80 or 8080: 2 dst ports × 3 sources ×
    // 4 destinations × 4 source ports × 3 flag sets.
    assert_eq!(rewritten, 2 * 3 * 4 * 4 * 3, "redirected to the proxy");
}

#[test]
fn firewall_agrees_with_split_execution() {
    let (compared, punted, forwarded, _, dropped) = agree("firewall");
    assert_eq!(punted, 0, "the firewall never visits the server");
    assert_eq!(compared, packets().len());
    // Rule `tcp 10.0.0.1 40000 192.0.2.10 80` in both directions' lookups:
    // the forward tuple matches for 3 flag sets on each of the 2 ingress ports.
    assert_eq!(forwarded, 2 * 3, "{forwarded} passed, {dropped} dropped");
    assert_eq!(dropped, compared - forwarded);
}

#[test]
fn trojan_detector_agrees_with_split_execution() {
    let (compared, punted, _, _, _) = agree("trojan");
    assert!(compared > 0 && punted > 0, "{compared} {punted}");
}

fn bits(width: u16, value: u64) -> ir::Value {
    ir::Value::Bits { width, value }
}

/// MazuNAT with translations installed through the control plane: outbound
/// hits are translated entirely on the switch, outbound misses punt (new
/// mapping), inbound hits are translated back, inbound misses punt too (a
/// miss punt carrying the `nat_in` key: the primary may hold a key the
/// switch does not) — or, compiled with `drop_misses_on_switch` (Gallium's
/// partition), are dropped on the switch.
#[test]
fn mazunat_agrees_with_split_execution() {
    let entries = mazunat_entries();
    let (compared, punted, forwarded, rewritten, dropped) = agree_with("mazunat", &entries);
    // Independent counts from the grid: each hit is one (in_port, proto, src,
    // port) choice × 4 destinations × 6 destination ports × 3 flag sets for
    // outbound, × 3 sources × 4 destinations × 4 source ports × 3 flag sets
    // for inbound TCP to port 5000.
    let outbound_hits = 2 * 4 * 6 * 3;
    let inbound_hits = 3 * 4 * 4 * 3;
    assert_eq!(forwarded, outbound_hits + inbound_hits);
    assert_eq!(rewritten, forwarded, "every hit is translated");
    // Packets per ingress port: 2 protocols × 3 × 4 × 4 × 6 × 3; every miss
    // of either direction punts, nothing is dropped on the switch.
    let per_port = 2 * 3 * 4 * 4 * 6 * 3;
    assert_eq!(punted, 2 * per_port - outbound_hits - inbound_hits);
    assert_eq!(dropped, 0);
    assert_eq!(dropped, compared - forwarded);

    let path =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/nf/mazunat.nf");
    let program = lang::compile_file(&path, &lang::Overrides::default())
        .expect("compiles")
        .program;
    let gallium = compiler::partition(
        &program,
        &compiler::Options {
            drop_misses_on_switch: true,
            ..compiler::Options::default()
        },
    )
    .expect("partitions");
    let (compared, punted, forwarded, _, dropped) = agree_compiled("mazunat", &gallium, &entries);
    assert_eq!(forwarded, outbound_hits + inbound_hits);
    assert_eq!(
        punted,
        per_port - outbound_hits,
        "only outbound misses punt"
    );
    assert_eq!(
        dropped,
        per_port - inbound_hits,
        "inbound misses are dropped"
    );
    assert_eq!(dropped, compared - forwarded);
}

fn mazunat_entries() -> [(&'static str, ir::Value, ir::Value); 3] {
    [
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
    ]
}

/// The load balancer with one connection installed: its non-FIN packets are
/// sent to the recorded backend on the switch; every other packet to the VIP
/// punts (new connection: backend chosen by `crc32(key) % 4` on the switch and
/// carried in the transfer header, checked against the split run; or FIN).
#[test]
fn load_balancer_agrees_with_split_execution() {
    let key = ir::Value::Tuple(vec![
        bits(8, 6),
        ir::Value::Ipv4(0x0a00_0001),
        bits(16, 22),
        ir::Value::Ipv4(0x0a00_0064),
        bits(16, 80),
    ]);
    let entries = [("conns", key, ir::Value::Ipv4(0x0a00_0102))];
    let (_, punted, _, rewritten, _) = agree_with("lb", &entries);
    // SYN and ACK of the installed connection.
    assert_eq!(rewritten, 2);
    // Client packets to the VIP: 2 protocols × 3 sources × 4 source ports ×
    // 6 destination ports × 3 flag sets, all but those 2.
    assert_eq!(punted, 2 * 3 * 4 * 6 * 3 - 2);
}
