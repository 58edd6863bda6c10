//! Tests of the switch program: resources and agreement of `pipe`'s executor
//! with the Rust data-plane model.

use super::*;
use crate::conntrack::TcpClass;
use crate::dataplane::{DataPlane, ExactAction, SwitchDecision};
use crate::layout::{Cells, Storage, WAYS};
use crate::packet::Pkt;
use crate::shadow::CellWrite;
use pipe::TableEntry;
use pipe::resources::{Profile, check};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::net::Ipv4Addr;
use std::time::Duration;
use wire::build::{L3, write_tcp_frame, write_udp_frame};
use wire::options::OptionBytes;
use wire::{FlowKey, IpProtocol, MacAddr, TcpFlags, tcp, udp};

/// Tiny tables of 16-cell rows: 8-bit word cells, or split cells.
fn small(fp_bits: u8) -> Placement {
    small_with(fp_bits, 0)
}

/// [`small`] with `state_bits` connection-state bits per cell.
fn small_with(fp_bits: u8, state_bits: u8) -> Placement {
    let layout = Layout {
        fp_bits,
        slot_bits: 4,
        rows: [3, 2, 4, 1],
        exact_entries: 64,
        state_bits,
    };
    Placement {
        layout,
        pieces: 2,
        lo_pieces: if fp_bits == 12 { 2 } else { 0 },
        cells: Cells::Registers,
    }
}

#[test]
fn one_tofino_pipe_holds_seven_pieces_per_way() {
    // 12 stages: canonicalise; hash and exact table; selectors; active form
    // and the first pieces; 6 more lookup stages; hit tests; decide. A row of
    // 2^16 16-bit cells is 8 blocks; pieces of 3, 3, 2 and 2 rows per stage
    // take all 80 blocks.
    let layout = Layout {
        fp_bits: 15,
        slot_bits: 16,
        rows: [21, 21, 14, 14],
        exact_entries: 16_384,
        state_bits: 0,
    };
    let p = Placement::fitting(layout, 80);
    assert_eq!(p.pieces, 7);
    let program = build(&p).expect("valid program");
    let report = check(&program, &Profile::tofino1()).expect("fits Tofino-1");
    assert_eq!(report.stages_used, 12, "{report}");
    for arch in [p4gen::Arch::V1model, p4gen::Arch::Tna] {
        let p4 = p4gen::emit(&program, arch).expect("emits");
        assert!(p4.contains("way3_p6"));
    }
    assert_eq!(report.per_stage[5].sram_blocks, 80, "{report}");
    // One more piece per way needs a 13th stage.
    let more = Placement { pieces: 8, ..p };
    let err = check(&build(&more).expect("valid"), &Profile::tofino1());
    assert!(err.is_err());
}

#[test]
fn locate_and_selector_cover_every_row() {
    let p = small(7);
    for w in 0..WAYS {
        let mut seen = vec![false; p.layout.rows[w] as usize];
        for row in 0..p.layout.rows[w] {
            let (j, local) = p.locate(w, row << p.layout.slot_bits);
            assert!(j < p.pieces);
            assert!(local >> p.layout.slot_bits < p.piece_rows(w, j));
            seen[(p.piece_first_row(w, j) + (local >> p.layout.slot_bits)) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s), "way {w}");
    }
    assert_eq!(selector_entries(&p).len(), 4 * 4096);
}

fn frame(key: &FlowKey, flags: Option<TcpFlags>) -> Vec<u8> {
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
            b"data",
        ),
        None => write_udp_frame(
            &mut out,
            &l3,
            &udp::Repr {
                src_port: key.src_port,
                dst_port: key.dst_port,
            },
            b"data",
        ),
    }
    out
}

/// The pipe executor running the generated program and the Rust data-plane
/// model decide every packet alike, over random table contents with many
/// fingerprint collisions (tiny tables; fingerprints written twice, and near
/// misses that differ from a key's fingerprint in the high byte or the nibble
/// only), for word and split cells.
#[test]
fn executor_agrees_with_the_data_plane_model() {
    agree(small(7), 11);
    agree(small(12), 12);
    agree(small(12), 13);
}

/// The same for table cells (the layout for switches whose control plane
/// cannot reach registers): a cell is an entry of its way's table, and
/// activity is that entry's hit time.
#[test]
fn executor_agrees_with_the_data_plane_model_on_table_cells() {
    for (fp_bits, seed) in [(7, 31), (12, 32), (12, 33)] {
        let p = Placement {
            pieces: 1,
            lo_pieces: 0,
            cells: Cells::Tables,
            ..small(fp_bits)
        };
        agree(p, seed);
    }
    let refused = build(&Placement {
        cells: Cells::Tables,
        ..small_with(12, 2)
    });
    assert!(
        refused.is_err_and(|e| e.to_string().contains("no state bits")),
        "table cells with state bits are refused"
    );
}

/// The same with the 2-bit connection state: cells installed with random state
/// bits (ESTABLISHED, one FIN, LAST_ACK), many FIN+ACK segments; decisions and
/// the final state bits agree too.
#[test]
fn executor_agrees_with_the_data_plane_model_on_state_bits() {
    agree(small_with(7, 2), 21);
    agree(small_with(12, 2), 22);
    agree(small_with(12, 2), 23);
}

fn agree(p: Placement, seed: u64) {
    let l = p.layout;
    let program = build(&p).expect("valid");
    let mut sw = pipe::Switch::new(program).expect("loads");
    for (t, e) in selector_entries(&p).into_iter().chain(lane_entries(&p)) {
        sw.insert(&t, e).expect("selector or lane entry");
    }
    for e in decide_entries(true, l.state_bits) {
        sw.insert("decide", e).expect("decide entry");
    }
    // A tight miss meter (2,000 packets/s, bursts of 3; packets come every
    // µs), so that TCP misses are metered red in both and dropped.
    let meter = crate::dataplane::MissMeter {
        rate_pps: 2_000,
        burst: 3,
    };
    sw.set_meter(MISS_METER, 0, Some(meter.config()))
        .expect("meter config");
    let mut dp = DataPlane::new(l, Some(meter));
    // And a tight SYN meter: new connections' SYNs beyond it are shed.
    let syn = crate::dataplane::MissMeter {
        rate_pps: 1_000,
        burst: 2,
    };
    sw.set_meter(SYN_METER, 0, Some(syn.config()))
        .expect("meter config");
    dp.set_syn_meter(Some(syn));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let host = |rng: &mut ChaCha8Rng| Ipv4Addr::new(10, 0, 0, rng.random_range(1..6));
    let mut keys = Vec::new();
    for _ in 0..60 {
        keys.push(FlowKey {
            src_addr: host(&mut rng),
            dst_addr: host(&mut rng),
            src_port: rng.random_range(1000..1004),
            dst_port: rng.random_range(80..83),
            protocol: if rng.random_bool(0.8) {
                IpProtocol::Tcp
            } else {
                IpProtocol::Udp
            },
        });
    }
    // Install: some keys in hashed cells (their own fingerprint at a random
    // candidate way, a fifth of them in a second way too), near misses, some
    // exact entries. `image` is the agent's view the register writes come from.
    let mut image: Vec<Vec<u16>> = (0..WAYS)
        .map(|w| vec![0; l.way_cells(w) as usize])
        .collect();
    let fp_mask = (1u16 << l.fp_bits) - 1;
    let mut put =
        |w: usize, idx: u32, fp: u16, bits: u8, dp: &mut DataPlane, sw: &mut pipe::Switch| {
            dp.write_cell(CellWrite {
                way: w as u8,
                idx,
                fp,
                state: crate::shadow::CellState::Set(bits),
            });
            let old = std::mem::replace(&mut image[w][idx as usize], fp);
            if p.storage() == Storage::Table {
                if old != 0 {
                    sw.delete(&cells_table_name(w), &cell_entry(w, idx, old).key, 0)
                        .expect("cell delete");
                }
                if fp != 0 {
                    sw.insert(&cells_table_name(w), cell_entry(w, idx, fp))
                        .expect("cell insert");
                }
                return;
            }
            for r in cell_writes(&p, w, idx, |i| image[w][i as usize])
                .into_iter()
                .chain(state_writes(&p, w, idx, bits))
            {
                sw.write_register(&r.register, r.index, r.value)
                    .expect("cell write");
            }
        };
    let stateful = l.state_bits == 2;
    for (n, k) in keys.iter().take(30).enumerate() {
        let c = l.cands(k);
        let w = rng.random_range(0..WAYS);
        let bits = if stateful { [0, 1, 3][n % 3] } else { 0 };
        put(w, c.idx[w], c.fp, bits, &mut dp, &mut sw);
        let v = (w + 1 + rng.random_range(0..WAYS - 1)) % WAYS;
        match n % 5 {
            0 => put(v, c.idx[v], c.fp, 0, &mut dp, &mut sw),
            // Same high bits, another nibble; same nibble, other high bits.
            1 => put(
                v,
                c.idx[v],
                (c.fp ^ rng.random_range(1..16)).max(1),
                0,
                &mut dp,
                &mut sw,
            ),
            2 => put(
                v,
                c.idx[v],
                (c.fp ^ (rng.random_range(1..16) << 4)) & fp_mask,
                0,
                &mut dp,
                &mut sw,
            ),
            _ => {}
        }
    }
    for k in keys.iter().skip(30).take(8) {
        let c = k.canonical();
        let b = c.to_bytes();
        let a = if rng.random_bool(0.5) {
            ExactAction::Forward
        } else {
            ExactAction::Cpu
        };
        dp.exact_set(c, a);
        let key = [
            u64::from(u32::from_be_bytes([b[0], b[1], b[2], b[3]])),
            u64::from(u32::from_be_bytes([b[4], b[5], b[6], b[7]])),
            u64::from(u16::from_be_bytes([b[8], b[9]])),
            u64::from(u16::from_be_bytes([b[10], b[11]])),
            u64::from(b[12]),
        ];
        let name = match a {
            ExactAction::Forward => "exact_forward",
            ExactAction::Cpu => "exact_cpu",
        };
        sw.insert("exact_flows", TableEntry::exact(&key, name, &[]))
            .expect("exact");
    }
    let fin_ack = TcpFlags(TcpFlags::FIN.0 | TcpFlags::ACK.0);
    let flag_sets = [
        TcpFlags::ACK,
        TcpFlags(TcpFlags::ACK.0 | TcpFlags::PSH.0),
        TcpFlags::SYN,
        TcpFlags(TcpFlags::SYN.0 | TcpFlags::ACK.0),
        fin_ack,
        TcpFlags::RST,
        TcpFlags::NONE,
        // More FINs (with URG and PSH too), FIN without ACK, FIN+RST.
        fin_ack,
        TcpFlags(fin_ack.0 | TcpFlags::PSH.0 | TcpFlags::URG.0),
        TcpFlags::FIN,
        TcpFlags(TcpFlags::FIN.0 | TcpFlags::RST.0 | TcpFlags::ACK.0),
    ];
    let (mut fwd, mut cpu, mut drop, mut shed) = (0, 0, 0, 0);
    let (mut fin_fwd, mut last_ack_cpu, mut recounted) = (0, 0, 0u64);
    for i in 0..600 {
        let k = keys[rng.random_range(0..keys.len())];
        let k = if rng.random_bool(0.5) {
            k
        } else {
            k.reversed()
        };
        let flags = (k.protocol == IpProtocol::Tcp)
            .then(|| flag_sets[rng.random_range(0..flag_sets.len())]);
        let bytes = frame(&k, flags);
        // From 1 µs: a table cell's entry written at 0 and never hit keeps
        // its write's time as its last hit.
        let now = Duration::from_micros(i + 1);
        if stateful && k.protocol == IpProtocol::Tcp && rng.random_bool(0.15) {
            // A FIN the CPU accepted, back on the CPU port to be counted.
            let bytes = frame(&k, Some(fin_ack));
            let got = sw
                .process(now, CPU_PORT as u16, &bytes)
                .expect("runs")
                .verdict;
            assert!(matches!(got, pipe::Verdict::Drop(_)), "{got:?}");
            recounted += u64::from(dp.count_fin(&k));
            continue;
        }
        let port = rng.random_range(0..2u16);
        let got = sw.process(now, port, &bytes).expect("runs").verdict;
        let want = dp.process((i + 1) * 1000, port, &Pkt::classify(&bytes));
        if flags == Some(fin_ack) && matches!(want, SwitchDecision::Forward(_)) {
            fin_fwd += 1;
        }
        if want == SwitchDecision::Cpu(crate::dataplane::CpuReason::LastAck) {
            last_ack_cpu += 1;
        }
        match (want, got) {
            (SwitchDecision::Forward(a), pipe::Verdict::Emit { port: b }) if a == b => fwd += 1,
            (SwitchDecision::Cpu(_), pipe::Verdict::Emit { port: 192 }) => cpu += 1,
            (SwitchDecision::Drop, pipe::Verdict::Drop(_)) => drop += 1,
            (SwitchDecision::Shed, pipe::Verdict::Drop(_)) => shed += 1,
            (w, g) => {
                panic!("packet {i} {k:?} {flags:?} port {port}: model {w:?}, switch {g:?}")
            }
        }
    }
    // Every outcome occurred; the only drops are TCP misses the meter marked
    // red (the decide table's default drops nothing here) and new SYNs the
    // SYN meter shed.
    assert!(
        fwd > 20 && cpu > 100 && drop > 0 && shed > 0,
        "{fwd} {cpu} {drop} {shed}"
    );
    assert_eq!(drop, dp.stats.metered);
    assert_eq!(shed, dp.stats.shed);
    // Activity bits agree too.
    for (w, fps) in image.iter().enumerate() {
        for idx in 0..l.way_cells(w) {
            let active = match p.storage() {
                Storage::Table => {
                    let fp = fps[idx as usize];
                    sw.entries_with_hits(&cells_table_name(w))
                        .expect("cells")
                        .iter()
                        .any(|(e, at)| e.key == cell_entry(w, idx, fp).key && *at > Duration::ZERO)
                }
                Storage::Split => sw.read_register(&activity_name(w), idx).expect("read") == 1,
                _ => {
                    let (j, local) = p.locate(w, idx);
                    let cell = sw.read_register(&piece_name(w, j), local).expect("read");
                    cell >> l.fp_bits != 0
                }
            };
            assert_eq!(dp.take_activity(w, idx), active, "way {w} cell {idx}");
            if stateful {
                let [pn, qn] = state_names(w);
                let bits = sw.read_register(&pn, idx).expect("read p")
                    | sw.read_register(&qn, idx).expect("read q") << 1;
                assert_eq!(
                    u64::from(dp.bits_at(w, idx)),
                    bits,
                    "state bits of way {w} cell {idx}"
                );
            }
        }
    }
    if stateful {
        // The teardown was followed in the switch: FINs were forwarded there,
        // some cell went to LAST_ACK, and ACKs in LAST_ACK went to the CPU.
        assert!(fin_fwd > 5, "{fin_fwd} FINs forwarded by the switch");
        assert!(recounted > 3, "{recounted} FINs from the CPU counted");
        assert!(last_ack_cpu > 0, "no ACK in LAST_ACK reached the CPU");
        let advanced = (0..WAYS)
            .flat_map(|w| (0..l.way_cells(w)).map(move |i| (w, i)))
            .filter(|&(w, i)| dp.bits_at(w, i) == crate::dataplane::BITS_LAST_ACK)
            .count();
        assert!(advanced > 0);
    }
    let _ = TcpClass::Ack;
}

#[test]
fn one_tofino_pipe_holds_twenty_rows_of_split_cells_per_way() {
    // 12 stages: canonicalise; hash and exact table; selectors; 2 stages of
    // nibble pieces (4 × 10 rows × 2 blocks); 4 of high-byte pieces (4 × 5 rows
    // × 4 blocks, the lane tables beside the first); hit tests with the activity
    // arrays; decide.
    let layout = tofino1_layout_for(0);
    assert_eq!(layout.storage(), Some(Storage::Split));
    assert_eq!(layout.rows, [20; 4]);
    let p = Placement::fitting(layout, 80);
    assert_eq!((p.pieces, p.lo_pieces), (4, 2));
    let program = build(&p).expect("valid program");
    let report = check(&program, &Profile::tofino1()).expect("fits Tofino-1");
    assert_eq!(report.stages_used, 12, "{report}");
    for s in &report.per_stage {
        assert!(s.salus <= 4 && s.sram_blocks <= 80, "{report}");
    }
    // The nibble stages are full: 4 arrays of 10 rows of 2^14 16-bit words.
    assert_eq!(report.per_stage[3].sram_blocks, 80, "{report}");
    // The miss and SYN meters share the decision's stage (a stateful ALU
    // each there), and their red verdict is applied in egress.
    let decide = report
        .tables
        .iter()
        .find(|t| t.table == "decide")
        .expect("decide placed");
    assert_eq!(decide.first_stage, 11, "{report}");
    assert!(report.per_stage[11].salus >= 1, "{report}");
    for (arch, meter, exec) in [
        (
            p4gen::Arch::V1model,
            "meter(32w1, MeterType.packets) miss_meter;",
            "miss_meter.execute_meter(32w0, meta.color);",
        ),
        (
            p4gen::Arch::Tna,
            "Meter<bit<32>>(1, MeterType_t.PACKETS, 8w2, 8w1, 8w0) miss_meter;",
            "meta.color = ((bit<2>)miss_meter.execute(32w0));",
        ),
    ] {
        let p4 = p4gen::emit(&program, arch).expect("emits");
        assert!(p4.contains("way3_act") && p4.contains("way3_lo1") && p4.contains("way3_p3"));
        assert!(p4.contains(meter) && p4.contains(exec), "{arch:?}");
        // The SYN meter the same way, beside it.
        let syn = (
            meter.replace("miss_meter", "syn_meter"),
            exec.replace("miss_meter", "syn_meter"),
        );
        assert!(p4.contains(&syn.0) && p4.contains(&syn.1), "{arch:?}");
    }
    assert!(
        report.per_stage[11].salus >= 2,
        "both meters in the decision's stage: {report}"
    );
    // One more row per way needs more pieces and 14 stages.
    let more = Placement::fitting(
        Layout {
            rows: [21; 4],
            ..layout
        },
        80,
    );
    assert!(check(&build(&more).expect("valid"), &Profile::tofino1()).is_err());
    // Fingerprint widths without a register layout are refused.
    let odd = Placement::fitting(
        Layout {
            fp_bits: 11,
            ..layout
        },
        80,
    );
    assert!(build(&odd).is_err());
}

#[test]
fn split_cell_writes_keep_the_other_lanes_of_a_word() {
    let p = small(12);
    // Slot bits 4: a word holds the cells whose slots differ in the top two bits.
    let idx = (2 << 4) | 0b0110; // row 2, lane 1, word 2
    assert_eq!(p.word_cells(idx), [32 | 2, 32 | 6, 32 | 10, 32 | 14]);
    let fps = |i: u32| match i {
        34 => 0x0a1,
        38 => 0xfe2,
        42 => 0,
        46 => 0x12f,
        _ => 7,
    };
    let w = cell_writes(&p, 0, idx, fps);
    // Way 0 has 3 rows in 2 pieces (2 + 1): row 2 is row 0 of piece 1.
    assert_eq!(
        w[0],
        RegWrite {
            register: "way0_p1".into(),
            index: 6,
            value: 0xfe
        }
    );
    assert_eq!(
        w[1],
        RegWrite {
            register: "way0_lo1".into(),
            index: 2,
            value: 0xf021
        }
    );
    assert_eq!(
        w[2],
        RegWrite {
            register: "way0_act".into(),
            index: idx,
            value: 0
        }
    );
}

#[test]
fn sixteen_mib_of_split_cells_place_within_the_stage_limits() {
    let layout = Layout::for_budget(16 << 20, 12, 16, 2_048, 0).expect("layout");
    assert_eq!(layout.rows, [40, 39, 39, 39]);
    let (p, report) = resources(layout).expect("places");
    // High bytes: 5 rows of 4 blocks per piece, 4 arrays a stage; nibble words:
    // 10 rows of 2 blocks per piece.
    assert_eq!((p.pieces, p.lo_pieces), (8, 4));
    // Canonicalise, hash, select; 4 nibble stages; 8 high-byte stages (the
    // lane tables' SRAM pushes one piece on); hit tests and activity arrays
    // over two stages; decide: 18 stages, two more than 16 MiB of memory needs.
    assert_eq!(report.stages_used, 18, "{report}");
    for s in &report.per_stage {
        assert!(s.salus <= 4 && s.sram_blocks <= 80, "{report}");
    }
    // 157 rows: 628 blocks of high bytes, 314 of nibbles, 4 × 20 of activity
    // bits (a way's 2.6 M bits), 2 exact, 4 × 4 selector, 4 lane, 1 decision,
    // 1 each for the miss meter's and the SYN meter's cells.
    let blocks: u32 = report.per_stage.iter().map(|s| s.sram_blocks).sum();
    assert_eq!(blocks, 628 + 314 + 80 + 2 + 16 + 4 + 1 + 2, "{report}");
}

#[test]
fn one_tofino_pipe_holds_twelve_rows_of_split_cells_with_state_bits() {
    // 12 stages: canonicalise; hash and exact table; selectors; 2 nibble
    // stages; 3 high-byte stages; hit tests (activity); the p arrays (FIN sets
    // p, outputs the old p); the q arrays (second FIN sets q, an ACK reads it);
    // decide (and the meter).
    let layout = tofino1_layout();
    assert_eq!((layout.state_bits, layout.rows), (2, [12; 4]));
    let p = Placement::fitting(layout, 80);
    assert_eq!((p.pieces, p.lo_pieces), (3, 2));
    let program = build(&p).expect("valid program");
    let report = check(&program, &Profile::tofino1()).expect("fits Tofino-1");
    assert_eq!(report.stages_used, 12, "{report}");
    for s in &report.per_stage {
        assert!(s.salus <= 4 && s.sram_blocks <= 80, "{report}");
    }
    let stage_of = |t: &str| {
        report
            .tables
            .iter()
            .find(|x| x.table == t)
            .unwrap_or_else(|| panic!("{t} placed"))
            .first_stage
    };
    let hit = stage_of("run_hit0");
    assert_eq!(stage_of("run_fin_p0"), hit + 1, "{report}");
    assert_eq!(stage_of("run_ack_q0"), hit + 2, "{report}");
    assert_eq!(stage_of("decide"), 11, "{report}");
    for arch in [p4gen::Arch::V1model, p4gen::Arch::Tna] {
        let p4 = p4gen::emit(&program, arch).expect("emits");
        assert!(
            p4.contains("way3_p") && p4.contains("way3_q"),
            "state arrays"
        );
    }
    // A 13th row per way needs a 13th stage.
    let more = Layout {
        rows: [13; 4],
        ..layout
    };
    let mut profile = Profile::tofino1();
    assert!(
        check(
            &build(&Placement::fitting(more, 80)).expect("valid"),
            &profile
        )
        .is_err(),
        "13 rows with state bits must not fit 12 stages"
    );
    profile.stages = 13;
    check(
        &build(&Placement::fitting(more, 80)).expect("valid"),
        &profile,
    )
    .expect("13 stages");
}

/// What the executor and the model do with one frame (`Fwd(port)`, to the
/// CPU, dropped).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fate {
    Fwd(u16),
    Cpu,
    Drop,
}

/// Frames the program's parser could misread, of a connection that holds a
/// cell (so a misread ACK would be forwarded): the executor running the
/// program and the Rust model must decide each alike. Two kinds differ, and
/// only those, and neither lets a packet through that the CPU agent would
/// stop when it is the agent that decides:
///
/// * frames cut short: the program's parser drops them, the model sends
///   them to the CPU, whose agent drops them (they classify as untracked);
/// * length fields larger than the frame (IPv4 total length, UDP length):
///   the program has no packet length to compare them with and forwards the
///   packet by its 5-tuple; the model's parser refuses it, and the agent
///   drops it. Linux drops such packets too. A documented difference
///   (docs/COFILTER.md, "Not done / limits").
#[test]
fn executor_and_model_agree_on_frames_the_parser_could_misread() {
    let p = small_with(12, 2);
    let l = p.layout;
    let mut sw = pipe::Switch::new(build(&p).expect("valid")).expect("loads");
    for (t, e) in selector_entries(&p).into_iter().chain(lane_entries(&p)) {
        sw.insert(&t, e).expect("selector or lane entry");
    }
    for e in decide_entries(true, l.state_bits) {
        sw.insert("decide", e).expect("decide entry");
    }
    let mut dp = DataPlane::new(
        l,
        Some(crate::dataplane::MissMeter {
            rate_pps: 1_000_000,
            burst: 1_000,
        }),
    );
    sw.set_meter(MISS_METER, 0, dp.miss_meter().map(|m| m.config()))
        .expect("meter");
    // Two connections with a cell each: TCP and UDP.
    let tcp_key = FlowKey {
        src_addr: Ipv4Addr::new(10, 0, 0, 1),
        dst_addr: Ipv4Addr::new(10, 0, 0, 2),
        src_port: 1000,
        dst_port: 80,
        protocol: IpProtocol::Tcp,
    };
    let udp_key = FlowKey {
        protocol: IpProtocol::Udp,
        src_port: 5000,
        dst_port: 53,
        ..tcp_key
    };
    let mut image: Vec<Vec<u16>> = (0..WAYS)
        .map(|w| vec![0; l.way_cells(w) as usize])
        .collect();
    for (k, w) in [(tcp_key, 1usize), (udp_key, 2)] {
        let cands = l.cands(&k);
        let idx = cands.idx[w];
        image[w][idx as usize] = cands.fp;
        dp.write_cell(CellWrite {
            way: w as u8,
            idx,
            fp: cands.fp,
            state: crate::shadow::CellState::Zero,
        });
        for r in cell_writes(&p, w, idx, |i| image[w][i as usize])
            .into_iter()
            .chain(state_writes(&p, w, idx, 0))
        {
            sw.write_register(&r.register, r.index, r.value)
                .expect("cell");
        }
    }
    let ack = frame(&tcp_key, Some(TcpFlags::ACK));
    let udp = frame(&udp_key, None);
    let ip = 14;
    let fix_ip_checksum = |f: &mut Vec<u8>| {
        let hl = usize::from(f[ip] & 0x0f) * 4;
        f[ip + 10] = 0;
        f[ip + 11] = 0;
        let sum = f[ip..ip + hl]
            .chunks(2)
            .map(|c| u32::from(u16::from_be_bytes([c[0], c[1]])))
            .sum::<u32>();
        let sum = (sum & 0xffff) + (sum >> 16);
        let sum = !(((sum & 0xffff) + (sum >> 16)) as u16);
        f[ip + 10..ip + 12].copy_from_slice(&sum.to_be_bytes());
    };
    let edit = |base: &[u8], e: &dyn Fn(&mut Vec<u8>)| {
        let mut f = base.to_vec();
        e(&mut f);
        f
    };
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("plain ACK", ack.clone()),
        ("plain UDP", udp.clone()),
        (
            "Ethernet padding",
            edit(&ack, &|f| f.extend_from_slice(&[0; 10])),
        ),
        (
            "VLAN tag",
            edit(&ack, &|f| {
                f.splice(12..12, [0x81, 0x00, 0x00, 0x05]);
            }),
        ),
        (
            "IPv4 options",
            edit(&ack, &|f| {
                f.splice(ip + 20..ip + 20, [1, 1, 1, 0]);
                f[ip] = 0x46;
                let tl = u16::from_be_bytes([f[ip + 2], f[ip + 3]]) + 4;
                f[ip + 2..ip + 4].copy_from_slice(&tl.to_be_bytes());
                fix_ip_checksum(f);
            }),
        ),
        (
            "first fragment (MF)",
            edit(&ack, &|f| {
                f[ip + 6] |= 0x20;
                fix_ip_checksum(f);
            }),
        ),
        (
            "later fragment",
            edit(&ack, &|f| {
                f[ip + 7] = 3;
                fix_ip_checksum(f);
            }),
        ),
        (
            "UDP first fragment",
            edit(&udp, &|f| {
                f[ip + 6] |= 0x20;
                fix_ip_checksum(f);
            }),
        ),
        (
            "reserved IP flag",
            edit(&ack, &|f| {
                f[ip + 6] |= 0x80;
                fix_ip_checksum(f);
            }),
        ),
        (
            "IP version 6 in an IPv4 frame",
            edit(&ack, &|f| f[ip] = 0x65),
        ),
        ("TCP data offset 4", edit(&ack, &|f| f[ip + 20 + 12] = 0x40)),
        (
            "cut in the IPv4 header",
            edit(&ack, &|f| f.truncate(ip + 12)),
        ),
        (
            "cut in the TCP header",
            edit(&ack, &|f| f.truncate(ip + 30)),
        ),
        (
            "IPv4 total length beyond the frame",
            edit(&ack, &|f| {
                let tl = u16::from_be_bytes([f[ip + 2], f[ip + 3]]) + 100;
                f[ip + 2..ip + 4].copy_from_slice(&tl.to_be_bytes());
                fix_ip_checksum(f);
            }),
        ),
        (
            "UDP length beyond the datagram",
            edit(&udp, &|f| {
                f[ip + 24..ip + 26].copy_from_slice(&500u16.to_be_bytes());
            }),
        ),
        ("ARP", {
            let mut f = vec![0xff; 6];
            f.extend_from_slice(&[2, 0, 0, 0, 0, 1, 0x08, 0x06]);
            f.extend_from_slice(&[0; 28]);
            f
        }),
        (
            "IPv4 GRE",
            edit(&ack, &|f| {
                f[ip + 9] = 47;
                fix_ip_checksum(f);
            }),
        ),
    ];
    let mut differ = Vec::new();
    for (i, (name, bytes)) in cases.iter().enumerate() {
        for port in 0..2u16 {
            let now = Duration::from_micros(10 * i as u64 + u64::from(port));
            let got = match sw.process(now, port, bytes).expect("runs").verdict {
                pipe::Verdict::Emit { port: 192 } => Fate::Cpu,
                pipe::Verdict::Emit { port } => Fate::Fwd(port),
                pipe::Verdict::Drop(_) => Fate::Drop,
            };
            let pkt = Pkt::classify(bytes);
            let want = match dp.process(now.as_nanos() as u64, port, &pkt) {
                SwitchDecision::Forward(p) => Fate::Fwd(p),
                SwitchDecision::Cpu(_) => Fate::Cpu,
                SwitchDecision::Drop | SwitchDecision::Shed => Fate::Drop,
            };
            if got != want {
                // Whatever differs reaches the agent in the model, which
                // drops it: it is untracked.
                assert_eq!(
                    (want, pkt.kind),
                    (Fate::Cpu, crate::packet::Kind::Untracked),
                    "{name}, port {port}: program {got:?}, model {want:?}"
                );
                differ.push((*name, got));
            }
        }
    }
    differ.dedup();
    assert_eq!(
        differ,
        [
            ("cut in the IPv4 header", Fate::Drop),
            ("cut in the TCP header", Fate::Drop),
            ("IPv4 total length beyond the frame", Fate::Fwd(1)),
            ("IPv4 total length beyond the frame", Fate::Fwd(0)),
            ("UDP length beyond the datagram", Fate::Fwd(1)),
            ("UDP length beyond the datagram", Fate::Fwd(0)),
        ],
        "the known differences, and only those"
    );
}

/// The agent's forwards on a switch that runs the program itself (BMv2 over
/// P4Runtime): a link frame "out of port" on the CPU port leaves the named
/// port as the frame it wraps, byte for byte, for every cell layout; the
/// same frame from a data port, or with another kind, is not forwarded.
#[test]
fn a_link_frame_from_the_cpu_port_leaves_the_port_it_names() {
    let key = FlowKey {
        src_addr: Ipv4Addr::new(10, 0, 0, 1),
        dst_addr: Ipv4Addr::new(10, 0, 0, 2),
        src_port: 1000,
        dst_port: 80,
        protocol: IpProtocol::Tcp,
    };
    let inner = frame(&key, Some(TcpFlags::SYN));
    for cells in [Cells::Registers, Cells::Tables] {
        let p = Placement { cells, ..small(12) };
        let mut sw = pipe::Switch::new(build(&p).expect("valid")).expect("loads");
        for e in decide_entries(true, p.layout.state_bits) {
            sw.insert("decide", e).expect("decide entry");
        }
        for out in [0u16, 1] {
            let wrapped = wire::link::wrap(wire::link::Kind::OutOf, out, &inner);
            let got = sw
                .process(Duration::from_micros(1), CPU_PORT as u16, &wrapped)
                .expect("runs");
            assert_eq!(got.verdict, pipe::Verdict::Emit { port: out }, "{cells:?}");
            assert_eq!(
                got.bytes, inner,
                "{cells:?}: the wrapped frame leaves as it is"
            );
            // From a data port it is no forward: to the CPU (not IPv4).
            let got = sw
                .process(Duration::from_micros(2), 1 - out, &wrapped)
                .expect("runs");
            assert_eq!(
                got.verdict,
                pipe::Verdict::Emit {
                    port: CPU_PORT as u16
                },
                "{cells:?}"
            );
        }
        // What goes to the CPU: table cells frame it "from port N"
        // themselves (`Program::cpu_link`), register cells send it as it is.
        let got = sw
            .process(Duration::from_micros(4), 1, &inner)
            .expect("runs");
        assert_eq!(
            got.verdict,
            pipe::Verdict::Emit {
                port: CPU_PORT as u16
            },
            "{cells:?}"
        );
        assert_eq!(sw.program().cpu_link, cells == Cells::Tables);
        if cells == Cells::Tables {
            let (kind, port, wrapped) = wire::link::unwrap(&got.bytes).expect("a link frame");
            assert_eq!(
                (kind, port, wrapped),
                (wire::link::Kind::FromPort, 1, &inner[..])
            );
        } else {
            assert_eq!(got.bytes, inner);
        }
        let other = wire::link::wrap(wire::link::Kind::FromPort, 1, &inner);
        let got = sw
            .process(Duration::from_micros(3), CPU_PORT as u16, &other)
            .expect("runs");
        assert_ne!(got.verdict, pipe::Verdict::Emit { port: 1 }, "{cells:?}");
    }
}
