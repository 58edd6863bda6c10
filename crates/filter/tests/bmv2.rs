//! CoFilter's switch program on BMv2: the same table entries (the four
//! 4,096-entry row selectors, the nibble lanes, the decision table and exact
//! flow entries) and register cells (fingerprints, written as the agent writes
//! them with `cell_writes`), installed through BMv2's runtime interface, and the
//! same 10,000 packets through the switch model and through `simple_switch`:
//! the packets out of every port (forwarded, or to the CPU port) must be equal
//! byte for byte and in order, and so must the final register contents (the
//! activity bits the data plane sets).
//!
//! The tables are tiny so that fingerprint collisions, near misses (a key's
//! fingerprint differing only in the nibble or the high byte) and keys in two
//! ways happen often; both storages (8-bit word cells, 12-bit split cells) run.
//!
//! Needs p4c and BMv2 (on PATH, or `TANDEM_P4C` / `TANDEM_BMV2`); without them it
//! prints why it skips, unless `TANDEM_REQUIRE_TOOLS=1` (CI), where it fails.

use std::net::Ipv4Addr;
use std::time::Duration;

use bmv2::{Bmv2, Run};
use filter::layout::{Cells, Layout, Storage, WAYS};
use filter::program::{
    Placement, build, cell_entry, cell_writes, cells_table_name, decide_entries, lane_entries,
    selector_entries,
};
use p4gen::p4c::P4c;
use pipe::TableEntry;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wire::build::{L3, write_tcp_frame, write_udp_frame};
use wire::options::OptionBytes;
use wire::{FlowKey, IpProtocol, MacAddr, TcpFlags, tcp, udp};

const PACKETS: usize = 10_000;

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

/// Rows of 16 cells: 8-bit word cells (7-bit fingerprints) or split cells
/// (12-bit fingerprints).
fn small(fp_bits: u8) -> Placement {
    Placement {
        layout: Layout {
            fp_bits,
            slot_bits: 4,
            rows: [3, 2, 4, 1],
            exact_entries: 64,
            state_bits: 0,
        },
        pieces: 2,
        lo_pieces: if fp_bits == 12 { 2 } else { 0 },
        cells: Cells::Registers,
    }
}

fn frame(key: &FlowKey, flags: Option<TcpFlags>, payload: &[u8]) -> Vec<u8> {
    let l3 = L3 {
        src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: key.src_addr,
        dst: key.dst_addr,
        ttl: 64,
        ident: 1,
    };
    let mut out = Vec::new();
    match flags {
        Some(flags) => write_tcp_frame(
            &mut out,
            &l3,
            &tcp::Repr {
                src_port: key.src_port,
                dst_port: key.dst_port,
                seq_number: 1,
                ack_number: 1,
                flags,
                window: 1000,
                urgent: 0,
                options: OptionBytes::EMPTY,
            },
            payload,
        ),
        None => write_udp_frame(
            &mut out,
            &l3,
            &udp::Repr {
                src_port: key.src_port,
                dst_port: key.dst_port,
            },
            payload,
        ),
    }
    out
}

/// The control-plane state and traffic for placement `p`.
fn case(p: &Placement, seed: u64) -> Run {
    let l = p.layout;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut run = Run::default();
    run.entries.extend(selector_entries(p));
    run.entries.extend(lane_entries(p));
    // Metered misses with the meter cell left unconfigured: green on both, to the CPU.
    for e in decide_entries(true, l.state_bits) {
        run.entries.push(("decide".into(), e));
    }
    let host = |rng: &mut ChaCha8Rng| Ipv4Addr::new(10, 0, 0, rng.random_range(1..8));
    let keys: Vec<FlowKey> = (0..150)
        .map(|_| FlowKey {
            src_addr: host(&mut rng),
            dst_addr: host(&mut rng),
            src_port: rng.random_range(1000..1005),
            dst_port: rng.random_range(80..84),
            protocol: if rng.random_bool(0.8) {
                IpProtocol::Tcp
            } else {
                IpProtocol::Udp
            },
        })
        .collect();
    // Fingerprints in cells, as the agent writes them (its image of each way).
    let mut image: Vec<Vec<u16>> = (0..WAYS)
        .map(|w| vec![0; l.way_cells(w) as usize])
        .collect();
    let fp_mask = (1u16 << l.fp_bits) - 1;
    let mut put = |w: usize, idx: u32, fp: u16, run: &mut Run| {
        image[w][idx as usize] = fp;
        // Table cells take no register writes: their entries follow.
        for r in cell_writes(p, w, idx, |i| image[w][i as usize]) {
            run.registers.push((r.register, r.index, r.value));
        }
    };
    for (n, k) in keys.iter().take(60).enumerate() {
        let c = l.cands(k);
        let w = rng.random_range(0..WAYS);
        put(w, c.idx[w], c.fp, &mut run);
        let v = (w + 1 + rng.random_range(0..WAYS - 1)) % WAYS;
        match n % 5 {
            0 => put(v, c.idx[v], c.fp, &mut run),
            1 => put(
                v,
                c.idx[v],
                (c.fp ^ rng.random_range(1..16)).max(1),
                &mut run,
            ),
            2 => put(
                v,
                c.idx[v],
                (c.fp ^ (rng.random_range(1..16) << 4)) & fp_mask,
                &mut run,
            ),
            _ => {}
        }
    }
    if p.storage() == Storage::Table {
        for (w, fps) in image.iter().enumerate() {
            for (idx, &fp) in fps.iter().enumerate().filter(|c| *c.1 != 0) {
                run.entries
                    .push((cells_table_name(w), cell_entry(w, idx as u32, fp)));
            }
        }
    }
    let mut exact = std::collections::BTreeSet::new();
    for (n, k) in keys.iter().skip(60).take(20).enumerate() {
        let b = k.canonical().to_bytes();
        if !exact.insert(b) {
            continue; // the same connection drawn twice
        }
        let key = [
            u64::from(u32::from_be_bytes([b[0], b[1], b[2], b[3]])),
            u64::from(u32::from_be_bytes([b[4], b[5], b[6], b[7]])),
            u64::from(u16::from_be_bytes([b[8], b[9]])),
            u64::from(u16::from_be_bytes([b[10], b[11]])),
            u64::from(b[12]),
        ];
        let action = if n % 2 == 0 {
            "exact_forward"
        } else {
            "exact_cpu"
        };
        run.entries
            .push(("exact_flows".into(), TableEntry::exact(&key, action, &[])));
    }
    let flag_sets = [
        TcpFlags::ACK,
        TcpFlags(TcpFlags::ACK.0 | TcpFlags::PSH.0),
        TcpFlags::SYN,
        TcpFlags(TcpFlags::SYN.0 | TcpFlags::ACK.0),
        TcpFlags(TcpFlags::FIN.0 | TcpFlags::ACK.0),
        TcpFlags::RST,
        TcpFlags::NONE,
    ];
    for _ in 0..PACKETS {
        let k = keys[rng.random_range(0..keys.len())];
        let k = if rng.random_bool(0.5) {
            k
        } else {
            k.reversed()
        };
        let flags = (k.protocol == IpProtocol::Tcp).then(|| {
            // Mostly data segments, which the switch decides alone.
            if rng.random_bool(0.7) {
                TcpFlags::ACK
            } else {
                flag_sets[rng.random_range(0..flag_sets.len())]
            }
        });
        let payload: Vec<u8> = (0..rng.random_range(0..64)).map(|_| rng.random()).collect();
        let mut f = frame(&k, flags, &payload);
        match rng.random_range(0..40) {
            // Not IPv4 (to the CPU agent), and a truncated frame.
            0 => f[12..14].copy_from_slice(&0x86dd_u16.to_be_bytes()),
            1 => f.truncate(rng.random_range(20..34)),
            _ => {}
        }
        // Now and then the agent's forward of it: a link frame on the CPU
        // port that the program unwraps and sends out of the port it names.
        if rng.random_range(0..20) == 0 {
            let out = rng.random_range(0..2u16);
            run.packets
                .push((192, wire::link::wrap(wire::link::Kind::OutOf, out, &f)));
        }
        run.packets.push((rng.random_range(0..2u16), f));
    }
    run.ports = vec![0, 1, 192];
    run
}

#[test]
fn cofilter_runs_the_same_on_bmv2_and_the_model() {
    let Some((p4c, bmv2)) = tools() else { return };
    for (name, fp_bits, seed, cells) in [
        ("cofilter_words", 7, 71, Cells::Registers),
        ("cofilter_split", 12, 72, Cells::Registers),
        ("cofilter_tables", 12, 73, Cells::Tables),
    ] {
        let p = Placement::with_cells(small(fp_bits).layout, cells, 80);
        let p = if cells == Cells::Registers {
            small(fp_bits)
        } else {
            p
        };
        let program = build(&p).expect("valid program");
        let run = case(&p, seed);
        let (want, recirculated) = bmv2::model(&program, &run).expect("the model runs");
        let dir =
            TempDir(std::env::temp_dir().join(format!("tandem-{name}-{}", std::process::id())));
        let _ = std::fs::remove_dir_all(&dir.0);
        let thrift = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free local port");
        let got = bmv2
            .run(
                &p4c,
                &program,
                &run,
                &dir.0,
                thrift,
                Duration::from_secs(120),
            )
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let diffs = bmv2::compare(&want, &recirculated, &got);
        assert!(diffs.is_empty(), "{name}: {}", diffs.join("\n"));
        let count = |p: u16| want.out.get(&p).map_or(0, Vec::len);
        let (fwd, cpu) = (count(0) + count(1), count(192));
        println!(
            "{name}: {} packets in, {fwd} forwarded, {cpu} to the CPU, {} entries and {} \
             register writes installed in {:?}, no difference",
            run.packets.len(),
            run.entries.len(),
            run.registers.len(),
            got.installed_in.unwrap_or_default()
        );
        assert!(fwd > 1000 && cpu > 1000, "{name}: {fwd} {cpu}");
    }
}

/// Removes the run's directory (pcaps, JSON) also when the test fails.
struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
