//! CoFilter's agent driving a switch that runs the program (`pipe`'s
//! executor in this process, through [`filter::remote::SwitchIo`]), as the
//! two-process CoFilter does over P4Runtime: every packet goes through the
//! program; what it sends to the CPU port goes through the agent, whose
//! register and table writes go back into the switch; FINs the agent counts
//! come back in on the CPU port. Verdicts must equal the all-on-CPU
//! baseline's (and so the model's, `tandem filter run`, which the
//! differential test ties to the baseline) packet for packet, on crowded
//! tables where collisions, relocations and fallbacks happen; and a switch
//! that loses its state is given it back from the agent's.

use filter::cofilter::Config;
use filter::layout::{Cells, Layout, WAYS};
use filter::packet::Pkt;
use filter::remote::RemoteAgent;
use filter::tracker::{INSIDE, Policy, Tracker, Verdict};
use trace::workload::{GenOptions, Side, Workload, generate};

fn layout(state_bits: u8) -> Layout {
    // 4 × 64 cells with 7-bit fingerprints: aliases, moves, lazy
    // settlement and fallbacks.
    Layout {
        fp_bits: 7,
        slot_bits: 6,
        rows: [1; WAYS],
        exact_entries: 64,
        state_bits,
    }
}

/// The policy of these runs: nothing open from outside, established
/// connections time out after 0.4 s idle (idle scans every 0.1 s keep the
/// active ones: a scan that misread activity would expire a busy
/// connection, whose next packet the baseline still forwards).
fn config(state_bits: u8, defence: bool) -> Config {
    let mut policy = Policy::default();
    policy
        .timeouts
        .set("established", std::time::Duration::from_millis(400))
        .expect("timeout");
    let mut cfg = Config::new(layout(state_bits), policy);
    cfg.syn_defence = defence;
    cfg.scan_interval_ns = 100_000_000;
    cfg
}

/// Every packet of a generated workload, (time, port, frame), in time order
/// (open loop).
fn packets(workload: &str, flows: u32, udp_share: f64, seed: u64) -> Vec<(u64, u16, Vec<u8>)> {
    let mut out = Vec::new();
    // Connections from inside, many at once, and a few from outside (all
    // refused by the policy).
    for (client, flows, rate, seed) in [
        (INSIDE, flows, f64::from(flows) * 2.0, seed),
        (INSIDE ^ 1, 20, 40.0, seed + 1),
    ] {
        let t = generate(&GenOptions {
            workload: workload.parse::<Workload>().expect("workload"),
            flows,
            seed,
            rate,
            udp_share,
            max_flow_bytes: Some(200_000),
            ..GenOptions::default()
        })
        .expect("generate");
        for c in &t.connections {
            for (i, s) in c.packets.iter().enumerate() {
                let mut f = Vec::new();
                if c.write_frame(i, &mut f) {
                    let port = match s.side {
                        Side::Client => client,
                        Side::Server => client ^ 1,
                    };
                    out.push((s.ts_ns, port, f));
                }
            }
        }
    }
    out.sort_by_key(|x| x.0);
    out
}

/// The program in a `pipe::Switch` with the agent's fixed entries and
/// state installed.
fn switch_for(agent: &mut RemoteAgent) -> pipe::Switch {
    let mut sw = pipe::Switch::new(agent.program().expect("program")).expect("loads");
    agent.install(&mut sw).expect("install");
    sw
}

#[derive(Default, Debug)]
struct Tally {
    packets: u64,
    mismatches: u64,
    switch_forwarded: u64,
    cpu: u64,
}

/// Runs `pkts` through the switch and the agent; every verdict is compared
/// with the baseline's.
fn run(
    sw: &mut pipe::Switch,
    agent: &mut RemoteAgent,
    baseline: &mut Tracker,
    pkts: &[(u64, u16, Vec<u8>)],
    tally: &mut Tally,
) {
    let cpu_port = filter::program::CPU_PORT as u16;
    for (ts, port, f) in pkts {
        agent.tick(sw, *ts).expect("scan");
        let now = std::time::Duration::from_nanos(*ts);
        let out = sw.process(now, *port, f).expect("runs");
        let verdict = match out.verdict {
            pipe::Verdict::Emit { port: p } if p == cpu_port => {
                tally.cpu += 1;
                let h = agent.handle(sw, *ts, *port, f).expect("agent");
                if h.recount {
                    let back = sw.process(now, cpu_port, f).expect("recount");
                    assert!(
                        matches!(back.verdict, pipe::Verdict::Drop(_)),
                        "a counted FIN is dropped: {back:?}"
                    );
                }
                h.verdict
            }
            pipe::Verdict::Emit { port: p } => {
                tally.switch_forwarded += 1;
                Verdict::Forward(p)
            }
            pipe::Verdict::Drop(_) => Verdict::Drop(filter::DropReason::NoConnection),
        };
        let b = baseline
            .process(*ts, *port, &Pkt::classify(f), true)
            .verdict;
        let same = match (verdict, b) {
            (Verdict::Forward(x), Verdict::Forward(y)) => x == y,
            (Verdict::Drop(_), Verdict::Drop(_)) => true,
            _ => false,
        };
        if !same {
            if tally.mismatches < 5 {
                println!(
                    "packet {} at {ts} on port {port}: switch+agent {verdict:?}, baseline {b:?}",
                    tally.packets
                );
            }
            tally.mismatches += 1;
        }
        tally.packets += 1;
    }
}

#[test]
fn the_agent_on_the_program_decides_as_the_baseline_on_crowded_tables() {
    for (state_bits, defence, cells) in [
        (2, true, Cells::Registers),
        (0, false, Cells::Registers),
        (0, true, Cells::Tables),
    ] {
        for (w, flows) in [("cache", 1500), ("websearch", 120)] {
            let pkts = packets(w, flows, 0.2, 7);
            let cfg = config(state_bits, defence);
            let mut agent = RemoteAgent::with_cells(cfg.clone(), cells);
            let mut sw = switch_for(&mut agent);
            let mut baseline = Tracker::new(cfg.policy.clone());
            let mut t = Tally::default();
            run(&mut sw, &mut agent, &mut baseline, &pkts, &mut t);
            let s = agent.settle_stats();
            let a = agent.agent_stats();
            println!(
                "{w}, {state_bits} bits: {t:?} {:?} {a:?} {s:?}",
                agent.stats
            );
            assert_eq!(t.mismatches, 0, "{w}, {state_bits} bits");
            assert!(t.packets > 1000);
            // The switch decided most packets; the agent saw the rest.
            assert!(t.switch_forwarded > 0 && t.cpu > 0, "{t:?}");
            assert_eq!(t.cpu, agent.stats.cpu_packets);
            if w == "cache" {
                // Crowded: collisions were settled (moves, lazy settlement
                // or exact fallbacks).
                assert!(
                    s.relocated + a.lazy_settled + a.fallback_entries > 0,
                    "{s:?} {a:?}"
                );
            }
            // The agent's view of every connection both track is the
            // baseline's (teardowns the switch followed included).
            let keys: std::collections::BTreeMap<_, _> = pkts
                .iter()
                .filter_map(|(_, _, f)| Pkt::classify(f).key.map(|k| k.canonical()))
                .map(|k| (k.to_bytes(), k))
                .collect();
            let mut compared = 0;
            for key in keys.values() {
                if let (Some(a), Some(b)) = (agent.agent.tracker.get(key), baseline.get(key)) {
                    assert_eq!(a.state, b.state, "{w}: connection {key:?}");
                    compared += 1;
                }
            }
            assert!(compared > 0);
            // The switch's exact table holds what the agent says.
            let mut want: Vec<_> = agent
                .exact_entries()
                .map(|(k, a)| filter::program::exact_entry(&k, a))
                .collect();
            let mut got = sw.entries(filter::program::EXACT_TABLE).expect("entries");
            let key = |e: &pipe::TableEntry| format!("{:?}", e.key);
            want.sort_by_key(key);
            got.sort_by_key(key);
            assert_eq!(got, want, "{w}: exact table");
            if cells == Cells::Tables {
                // Every hashed connection's cell is an entry of its way's
                // table with its fingerprint, and idle scans read their hit
                // times (a misread would have expired a busy connection).
                let on: std::collections::HashSet<(usize, u32, u16)> = (0..WAYS)
                    .flat_map(|w| {
                        sw.entries(&filter::program::cells_table_name(w))
                            .expect("cells")
                            .into_iter()
                            .map(move |e| match e.key.as_slice() {
                                [pipe::KeyMatch::Exact(i), pipe::KeyMatch::Exact(f)] => {
                                    (w, *i as u32, *f as u16)
                                }
                                k => panic!("cell key {k:?}"),
                            })
                    })
                    .collect();
                let hashed: Vec<_> = agent
                    .agent
                    .places()
                    .filter(|(_, p)| *p == filter::agent::Place::Hashed)
                    .filter_map(|(c, _)| agent.agent.cell_of(&c))
                    .collect();
                assert!(!hashed.is_empty(), "{w}: connections in the cells");
                for (way, idx) in hashed {
                    let fp = agent.agent.shadow.fp(way, idx);
                    assert!(on.contains(&(way, idx, fp)), "{w}: cell {way}/{idx}");
                }
                assert!(
                    agent.stats.scans > 2 && agent.stats.reads > 0,
                    "{:?}",
                    agent.stats
                );
            }
        }
    }
}

/// A switch that comes back with empty tables (restarted) is given the
/// agent's whole state; connections established before go on through it,
/// their teardown state bits carried over.
#[test]
fn a_switch_that_lost_its_state_gets_it_back_from_the_agent() {
    let pkts = packets("hadoop", 200, 0.2, 11);
    let cfg = config(2, true);
    let mut agent = RemoteAgent::new(cfg.clone());
    let mut sw = switch_for(&mut agent);
    let mut baseline = Tracker::new(cfg.policy.clone());
    let mut t = Tally::default();
    let half = pkts.len() / 2;
    run(&mut sw, &mut agent, &mut baseline, &pkts[..half], &mut t);
    assert!(
        agent.agent.offloaded().count() > 5,
        "connections in the switch"
    );
    // The switch restarts: the agent reads what it can (bits of teardowns),
    // then installs everything into the fresh switch.
    let at = pkts[half].0;
    agent.adopt(&mut sw, at).expect("adopt");
    let mut fresh = switch_for(&mut agent);
    // The fresh switch holds every hashed cell and state bit the old one did.
    for reg in fresh.program().registers.clone() {
        // Activity is cleared: the split cells' activity arrays are left
        // out, word cells compared without their top (activity) bit.
        if reg.name.ends_with("_act") {
            continue;
        }
        let piece = reg.name.split("_p").nth(1).is_some_and(|j| !j.is_empty());
        let mask = if piece { (1u64 << 7) - 1 } else { u64::MAX };
        let cells = |s: &pipe::Switch| -> Vec<u64> {
            s.register_cells(&reg.name)
                .expect("cells")
                .iter()
                .map(|v| v & mask)
                .collect()
        };
        assert_eq!(cells(&sw), cells(&fresh), "register {}", reg.name);
    }
    let mid = baseline.clone();
    let before = t.switch_forwarded;
    run(&mut fresh, &mut agent, &mut baseline, &pkts[half..], &mut t);
    assert_eq!(t.mismatches, 0);
    assert!(
        t.switch_forwarded > before,
        "the fresh switch forwards known flows"
    );
    // Without the agent's state the same packets are not decided alike:
    // the established connections' data reaches a fresh agent as misses of
    // connections it has never seen.
    let mut forgetful = RemoteAgent::new(cfg.clone());
    let mut empty = switch_for(&mut forgetful);
    let mut b2 = mid;
    let mut t2 = Tally::default();
    run(&mut empty, &mut forgetful, &mut b2, &pkts[half..], &mut t2);
    assert!(t2.mismatches > 0, "an agent without the state differs");
}

/// A switch whose every `every`-th write call fails without being applied
/// (a lost connection, as the agent sees it).
struct Flaky {
    sw: pipe::Switch,
    every: u64,
    calls: u64,
    failed: u64,
}

impl filter::remote::SwitchIo for Flaky {
    type Error = String;
    fn write(&mut self, writes: &[filter::remote::Write]) -> Result<(), String> {
        self.calls += 1;
        if self.calls % self.every == 0 {
            self.failed += 1;
            return Err("lost".into());
        }
        self.sw.write(writes).map_err(|e| e.to_string())
    }
    fn read_registers(&mut self, cells: &[(String, u32)]) -> Result<Vec<u64>, String> {
        self.sw.read_registers(cells).map_err(|e| e.to_string())
    }
    fn read_hits(&mut self, table: &str, now: u64) -> Result<Vec<(pipe::TableEntry, u64)>, String> {
        self.sw.read_hits(table, now).map_err(|e| e.to_string())
    }
}

/// The switch's cells (activity left out) and exact entries. State bits
/// count only in the cells of hashed TCP connections (`tcp_cells`): the data
/// plane also counts a FIN of an unknown connection in a cell whose
/// fingerprint it shares (a false accept, as in the model), which no
/// install reproduces.
fn image(
    sw: &pipe::Switch,
    tcp_cells: &std::collections::HashSet<(usize, u32)>,
) -> (Vec<(String, Vec<u64>)>, Vec<String>) {
    let regs = sw
        .program()
        .registers
        .iter()
        .filter(|r| !r.name.ends_with("_act"))
        .map(|r| {
            let piece = r.name.split("_p").nth(1).is_some_and(|j| !j.is_empty());
            let state = !piece && (r.name.ends_with("_p") || r.name.ends_with("_q"));
            let way: usize = r.name[3..4].parse().expect("way");
            let mask = if piece { (1u64 << 7) - 1 } else { u64::MAX };
            let cells = sw.register_cells(&r.name).expect("cells");
            let v = cells
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    if state && !tcp_cells.contains(&(way, i as u32)) {
                        0
                    } else {
                        v & mask
                    }
                })
                .collect();
            (r.name.clone(), v)
        })
        .collect();
    let mut exact: Vec<String> = sw
        .entries(filter::program::EXACT_TABLE)
        .expect("entries")
        .iter()
        .map(|e| format!("{e:?}"))
        .collect();
    // Table cells: the ways' entries.
    for w in 0..WAYS {
        if let Ok(es) = sw.entries(&filter::program::cells_table_name(w)) {
            exact.extend(es.iter().map(|e| format!("way {w}: {e:?}")));
        }
    }
    exact.sort();
    (regs, exact)
}

/// Runs `pkts` through the program and the agent on a switch whose every
/// `every`-th write fails; after a failure the packet is dropped (as the
/// daemon does; its sender would resend it) and the switch repaired in
/// place, which must leave it exactly as a whole install would. Returns
/// each packet's verdict (`None`: dropped on a failed write).
fn run_flaky(pkts: &[(u64, u16, Vec<u8>)], every: u64, cells: Cells) -> Vec<Option<Verdict>> {
    let state_bits = if cells == Cells::Tables { 0 } else { 2 };
    let cfg = config(state_bits, true);
    let mut agent = RemoteAgent::with_cells(cfg, cells);
    let sw = switch_for(&mut agent);
    let mut flaky = Flaky {
        sw,
        every,
        calls: 0,
        failed: 0,
    };
    let cpu_port = filter::program::CPU_PORT as u16;
    let mut out = Vec::new();
    for (ts, port, f) in pkts {
        let now = std::time::Duration::from_nanos(*ts);
        let v = match flaky.sw.process(now, *port, f).expect("runs").verdict {
            pipe::Verdict::Emit { port: p } if p == cpu_port => {
                match agent.handle(&mut flaky, *ts, *port, f) {
                    Ok(h) => {
                        if h.recount {
                            flaky.sw.process(now, cpu_port, f).expect("recount");
                        }
                        Some(h.verdict)
                    }
                    Err(_) => {
                        assert!(agent.is_dirty(), "a failed write leaves the agent dirty");
                        agent.adopt(&mut flaky, *ts).expect("adopt");
                        let have = flaky
                            .sw
                            .entries(filter::program::EXACT_TABLE)
                            .expect("entries");
                        agent.repair(&mut flaky.sw, &have).expect("repair");
                        assert!(!agent.is_dirty());
                        // Exactly what a whole install gives.
                        let fresh = switch_for(&mut agent);
                        let tcp_cells = agent
                            .agent
                            .places()
                            .filter(|(c, p)| {
                                *p == filter::agent::Place::Hashed
                                    && c.protocol == wire::IpProtocol::Tcp
                            })
                            .filter_map(|(c, _)| agent.agent.cell_of(&c))
                            .collect();
                        assert_eq!(
                            image(&flaky.sw, &tcp_cells),
                            image(&fresh, &tcp_cells),
                            "after failed write {}",
                            flaky.failed
                        );
                        None
                    }
                }
            }
            pipe::Verdict::Emit { port: p } => Some(Verdict::Forward(p)),
            pipe::Verdict::Drop(_) => Some(Verdict::Drop(filter::DropReason::NoConnection)),
        };
        out.push(v);
    }
    out
}

/// Writes that fail (applied or not, the agent cannot tell) leave the
/// switch out of line with the agent; a repair in place (the switch kept
/// its state) puts it back exactly where a whole install would, and every
/// later packet is decided as in the same run without failures.
#[test]
fn a_repair_in_place_puts_a_switch_back_after_failed_writes() {
    let pkts = packets("cache", 500, 0.2, 21);
    for cells in [Cells::Registers, Cells::Tables] {
        let clean = run_flaky(&pkts, u64::MAX, cells);
        let flaky = run_flaky(&pkts, 61, cells);
        let failed = flaky.iter().filter(|v| v.is_none()).count();
        println!("{cells:?}: {failed} packets dropped on failed writes");
        assert!(failed > 3, "{cells:?}: {failed}");
        let differ = clean
            .iter()
            .zip(&flaky)
            .filter(|(a, b)| b.is_some() && a != b)
            .count();
        assert_eq!(differ, 0, "{cells:?}: verdicts after repairs");
    }
}

/// A UDP datagram of `key` (source first) from `port` at `ts`.
fn datagram(
    ts: u64,
    port: u16,
    src: [u8; 4],
    dst: [u8; 4],
    sp: u16,
    dp: u16,
) -> (u64, u16, Vec<u8>) {
    let l3 = wire::build::L3 {
        src_mac: wire::MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: wire::MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: src.into(),
        dst: dst.into(),
        ttl: 64,
        ident: 1,
    };
    let udp = wire::udp::Repr {
        src_port: sp,
        dst_port: dp,
    };
    (ts, port, wire::build::udp_frame(&l3, &udp, b"data"))
}

/// Idle scans must see what the switch forwarded: a replied UDP flow whose
/// datagrams (every 50 ms for 2 s, both ways) the switch forwards lives
/// through 20 scans and a 0.4 s timeout — if a scan missed the hits, the
/// agent would expire it while busy and drop the next datagram, which the
/// baseline forwards — and then, idle for a second, it expires, so a late
/// datagram from outside is dropped by both. For every cell layout.
#[test]
fn idle_scans_keep_flows_the_switch_forwards_and_expire_idle_ones() {
    let (inside, outside) = ([198, 18, 0, 1], [198, 19, 0, 1]);
    for (state_bits, cells) in [
        (0, Cells::Registers),
        (2, Cells::Registers),
        (0, Cells::Tables),
    ] {
        let mut cfg = config(state_bits, false);
        cfg.policy
            .timeouts
            .set("udp_stream", std::time::Duration::from_millis(400))
            .expect("timeout");
        let mut agent = RemoteAgent::with_cells(cfg.clone(), cells);
        let mut sw = switch_for(&mut agent);
        let mut baseline = Tracker::new(cfg.policy.clone());
        let ms = 1_000_000u64;
        let mut pkts = Vec::new();
        for k in 0..40u64 {
            pkts.push(datagram(
                ms + k * 50 * ms,
                INSIDE,
                inside,
                outside,
                4000,
                53,
            ));
            pkts.push(datagram(
                ms + k * 50 * ms + ms,
                INSIDE ^ 1,
                outside,
                inside,
                53,
                4000,
            ));
        }
        let mut t = Tally::default();
        run(&mut sw, &mut agent, &mut baseline, &pkts, &mut t);
        // A second of silence (the agent's scans go on), then a datagram
        // from outside.
        for k in 1..=10 {
            agent
                .tick(&mut sw, 2_000 * ms + k * 100 * ms)
                .expect("scan");
        }
        let late = [datagram(3_100 * ms, INSIDE ^ 1, outside, inside, 53, 4000)];
        run(&mut sw, &mut agent, &mut baseline, &late, &mut t);
        println!("{cells:?}, {state_bits} bits: {t:?} {:?}", agent.stats);
        assert_eq!(t.mismatches, 0, "{cells:?}, {state_bits} bits");
        assert!(
            t.switch_forwarded > 60,
            "{cells:?}: the switch forwarded the flow: {t:?}"
        );
        assert!(agent.stats.scans >= 20, "{:?}", agent.stats);
        assert_eq!(
            agent.agent_stats().expired,
            1,
            "{cells:?}: the idle flow expired"
        );
    }
}
