//! `tandem check`: both modes on the same traffic, differences reported.

mod common;

use common::{example, path_str, scratch, tandem, text};
use trace::pcap::{PcapWriter, Resolution};
use wire::build::{L3, tcp_frame};
use wire::{MacAddr, TcpFlags, tcp};

#[test]
fn the_examples_agree_on_a_workload() {
    for nf in ["mazunat.nf", "lb.nf"] {
        let out = tandem(&[
            "check",
            &example(nf),
            "--flows",
            "40",
            "--seed",
            "5",
            "--json",
        ]);
        assert!(out.status.success(), "{nf}: {}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
        assert_eq!(v["divergences"], serde_json::json!([]), "{nf}");
        let p = &v["partitioned"]["partition"];
        let (sw, srv) = (
            p["switch_only_packets"].as_u64().unwrap_or(0),
            p["server_packets"].as_u64().unwrap_or(0),
        );
        assert_eq!(
            sw + srv,
            v["reference"]["packets_in"]["0"].as_u64().unwrap_or(0)
                + v["reference"]["packets_in"]["1"].as_u64().unwrap_or(0),
            "{nf}: every packet counted once"
        );
        assert!(srv >= 40, "{nf}: each new connection visits the server");
        assert_eq!(v["reference"]["engine"], "reference");
        assert_eq!(v["partitioned"]["engine"], "partitioned");
    }
}

/// A flow's second packet 10 µs after its first, with MazuNAT's counter on
/// the switch (Gallium's own placement): the switch allocates a second port
/// for it before the first mapping is visible. `check` finds the difference.
#[test]
fn a_race_with_the_papers_placement_is_reported() {
    let dir = scratch("check-race");
    let pcap = dir.join("race.pcap");
    let mut w = PcapWriter::new(
        std::fs::File::create(&pcap).expect("create"),
        Resolution::Microsecond,
    )
    .expect("pcap header");
    let l3 = L3 {
        src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: [10, 0, 0, 1].into(),
        dst: [198, 19, 0, 1].into(),
        ttl: 64,
        ident: 1,
    };
    for (i, flags) in [0x002u16, 0x010].into_iter().enumerate() {
        let t = tcp::Repr {
            src_port: 5000,
            dst_port: 80,
            seq_number: 1,
            ack_number: 0,
            flags: TcpFlags(flags),
            window: 1000,
            urgent: 0,
            options: Default::default(),
        };
        w.write(1_000_000_000 + i as u64 * 10_000, &tcp_frame(&l3, &t, b""))
            .expect("write");
    }
    drop(w);
    let input = format!("0={}", path_str(&pcap));
    let args = ["check", &example("mazunat.nf"), "--input", &input];
    let safe = tandem(&args);
    assert!(
        safe.status.success(),
        "default placement: {}",
        text(&safe.stdout)
    );
    let mut paper = args.to_vec();
    paper.push("--offload-stale-registers");
    let out = tandem(&paper);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stdout));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("divergences; the first:"), "{stdout}");
    assert!(
        stdout.contains("port 1, flow TCP 198.51.100.1:"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("({} packet 2)", path_str(&pcap))),
        "the ACK, the flow's second packet: {stdout}"
    );
    paper.push("--json");
    let v: serde_json::Value = serde_json::from_slice(&tandem(&paper).stdout).expect("JSON report");
    let kinds: Vec<&str> = v["divergences"]
        .as_array()
        .map(|a| a.iter().filter_map(|d| d["kind"].as_str()).collect())
        .unwrap_or_default();
    assert!(kinds.contains(&"output"), "{kinds:?}");
    assert!(kinds.contains(&"state"), "{kinds:?}");
}

/// A capture whose new flows output commit holds for a while: with the
/// default window the check agrees and says what it compared; with a
/// window smaller than what waits meanwhile it stops, says so, names the
/// packet that waited longest and where it came from, and exits 4.
#[test]
fn a_window_too_small_stops_the_check_with_a_clear_message() {
    let dir = scratch("check-window");
    let pcap = dir.join("ws.pcap");
    common::trace_gen(
        &pcap,
        &[
            "-w",
            "websearch",
            "-n",
            "20",
            "-s",
            "2",
            "--max-flow-bytes",
            "100000",
        ],
    );
    let input = format!("0={}", path_str(&pcap));
    let nf = example("mazunat.nf");
    let ok = tandem(&["check", &nf, "--input", &input]);
    assert!(ok.status.success(), "{}", text(&ok.stdout));
    let stdout = text(&ok.stdout);
    assert!(stdout.contains("compared port 1: "), "{stdout}");
    assert!(stdout.contains("of 65536;"), "{stdout}");
    let small = ["check", &nf, "--input", &input, "--compare-window", "2"];
    let out = tandem(&small);
    assert_eq!(out.status.code(), Some(4), "{}", text(&out.stdout));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "stopped: more than 2 packets and events unmatched at once (--compare-window 2)"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("waiting longest: the reference run's packet on port 1, flow TCP "),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("({} packet ", path_str(&pcap))),
        "{stdout}"
    );
    assert!(!stdout.contains("equivalent"), "{stdout}");
    let mut json = small.to_vec();
    json.push("--json");
    let out = tandem(&json);
    assert_eq!(out.status.code(), Some(4));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    assert_eq!(v["divergences"], serde_json::json!([]));
    assert_eq!(v["stopped"]["window"], 2);
    assert_eq!(v["stopped"]["run"], "reference");
    assert_eq!(v["stopped"]["input"]["file"], path_str(&pcap));
    assert!(v["stopped"]["input"]["packet"].as_u64() > Some(0), "{v}");
    assert_eq!(v["compared"]["window"], 2);
    let bad = tandem(&["check", &nf, "--input", &input, "--compare-window", "0"]);
    assert_eq!(bad.status.code(), Some(2), "clap refuses a window of 0");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_programs_and_inputs_are_clear_errors() {
    let out = tandem(&["check", "no/such.nf"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no/such.nf"));
    let out = tandem(&["check", &example("mazunat.nf"), "--workload", "nope"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("nope"), "{}", text(&out.stderr));
}

/// A program whose switch part cannot be lowered (it reads the clock, which
/// the lowering does not cover) runs on the
/// reference interpreter by default, with a note; `--mode partitioned` refuses.
#[test]
fn programs_the_switch_cannot_run_fall_back_to_the_reference() {
    let dir = scratch("check-clock");
    let nf = dir.join("clock.nf");
    std::fs::write(
        &nf,
        "counter last: u64 = 0;\n\
         on packet {\n    if in_port == 0 { last = now(); }\n    forward(in_port ^ 1);\n}\n",
    )
    .expect("write");
    let out_dir = dir.join("out");
    let out = tandem(&[
        "run",
        path_str(&nf),
        "--flows",
        "5",
        "-o",
        path_str(&out_dir),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("note: running on the reference interpreter"),
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stdout).contains("(reference engine)"));
    let out = tandem(&[
        "run",
        path_str(&nf),
        "--flows",
        "5",
        "--mode",
        "partitioned",
        "-o",
        path_str(&out_dir),
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("try --mode reference"),
        "{}",
        text(&out.stderr)
    );
}

/// The admission policies over a closed-loop workload (replies come back in
/// through the NAT) and over a SYN flood: no divergence, and the policies
/// leave keys to the server (and install them later) on the way. MazuNAT's
/// `nat_in` is looked up where a miss is dropped on the switch, so its keys
/// are always installed; leaving them to the server would drop the replies.
#[test]
fn admission_policies_agree_with_the_reference_on_replies_and_floods() {
    let dir = scratch("check-admission");
    let flood = dir.join("flood.pcap");
    common::trace_gen(
        &flood,
        &[
            "-w",
            "syn-flood",
            "-n",
            "600",
            "--rate",
            "100000",
            "--attack-share",
            "0.9",
            "-s",
            "4",
        ],
    );
    let input = format!("0={}", path_str(&flood));
    for policy in [
        &["--offload-after-handshake"][..],
        &["--offload-after", "2"][..],
        &["--max-unsettled-writes", "1"][..],
    ] {
        for channel in ["serial", "batched"] {
            for traffic in [
                &["--flows", "150", "--seed", "3"][..],
                &["--input", &input][..],
            ] {
                let mut args = vec!["check", &*example("mazunat.nf").leak(), "--json"];
                args.extend_from_slice(&["--channel", channel]);
                args.extend_from_slice(policy);
                args.extend_from_slice(traffic);
                let out = tandem(&args);
                assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
                let v: serde_json::Value =
                    serde_json::from_slice(&out.stdout).expect("JSON report");
                assert_eq!(v["divergences"], serde_json::json!([]), "{args:?}");
                let s = &v["partitioned"]["partition"]["server"];
                let left = s["deferred_inserts"].as_u64().unwrap_or(0)
                    + s["unadmitted_inserts"].as_u64().unwrap_or(0);
                assert!(left > 0, "{args:?}: {s}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A TCP segment with `flags` from `src:sport` to `dst:dport`.
fn seg(src: [u8; 4], dst: [u8; 4], sport: u16, dport: u16, flags: u16) -> Vec<u8> {
    let l3 = L3 {
        src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: src.into(),
        dst: dst.into(),
        ttl: 64,
        ident: 1,
    };
    let t = tcp::Repr {
        src_port: sport,
        dst_port: dport,
        seq_number: 1,
        ack_number: 0,
        flags: TcpFlags(flags),
        window: 1000,
        urgent: 0,
        options: Default::default(),
    };
    tcp_frame(&l3, &t, b"")
}

fn write_pcap(path: &std::path::Path, mut packets: Vec<(u64, Vec<u8>)>) {
    packets.sort_by_key(|p| p.0);
    let mut w = PcapWriter::new(
        std::fs::File::create(path).expect("create"),
        Resolution::Nanosecond,
    )
    .expect("pcap header");
    for (t, f) in packets {
        w.write(t, &f).expect("write");
    }
}

fn frames(path: &std::path::Path) -> Vec<Vec<u8>> {
    trace::pcap::PcapReader::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .map(|p| p.unwrap_or_else(|e| panic!("{}: {e}", path.display())).data)
        .collect()
}

/// An unsolicited inbound flood against MazuNAT (60,000 SYNs from outside to
/// external ports nobody holds, 4 million per second) while 20 inside
/// clients open connections and get their replies during it: the switch's
/// miss-punt meter (by default 1,000,000 packets/s, burst 16,384) lets at
/// most its burst plus its rate over the flood through to the server and
/// drops the rest on the switch; every legitimate reply still reaches its
/// client (its mapping is on the switch: nothing legitimate meets the
/// meter). Without the meter the server sees the whole flood. `tandem check`
/// agrees, the metered packets lost in the reference run too.
#[test]
fn an_unsolicited_inbound_flood_is_metered_and_legitimate_flows_are_unaffected() {
    let dir = scratch("check-inbound-flood");
    let (inside, outside) = (dir.join("inside.pcap"), dir.join("outside.pcap"));
    let (server, nat) = ([198, 19, 0, 1], [198, 51, 100, 1]);
    let ms = 1_000_000u64;
    let t0 = 1_000 * ms;
    let mut out_pkts = Vec::new();
    let mut in_pkts = Vec::new();
    for i in 0..20u16 {
        // 1.2 ms apart: each mapping's install (8 operations of 130 µs on
        // the serial channel) is done before the next flow's starts.
        let t = t0 + u64::from(i) * 1_200_000;
        let sport = 6000 + i;
        in_pkts.push((t, seg([10, 0, 0, 1], server, sport, 80, 0x002)));
        in_pkts.push((t + 30 * ms, seg([10, 0, 0, 1], server, sport, 80, 0x010)));
        // The SYN-ACK to the flow's external port (1024 + i), 3 ms later
        // (the mapping's install takes 1.04 ms on the serial channel).
        out_pkts.push((t + 3 * ms, seg(server, nat, 80, 1024 + i, 0x012)));
    }
    // From 2 ms to 17 ms: most replies arrive during it.
    let flood = 60_000u64;
    for k in 0..flood {
        let t = t0 + 2 * ms + k * 250;
        let src = [203, 0, 113, (k % 250) as u8 + 1];
        let dport = 40_000 + (k % 20_000) as u16;
        out_pkts.push((t, seg(src, nat, 1234, dport, 0x002)));
    }
    write_pcap(&inside, in_pkts);
    write_pcap(&outside, out_pkts);
    let (i0, i1) = (
        format!("0={}", path_str(&inside)),
        format!("1={}", path_str(&outside)),
    );
    let nf = example("mazunat.nf");
    let run = |extra: &[&str]| {
        let out = dir.join("out");
        let mut args = vec![&*nf, "--input", &i0, "--input", &i1];
        args.extend_from_slice(extra);
        let (s, _) = common::run_ok(&out, &args);
        (s["partition"].clone(), frames(&out.join("port0.pcap")))
    };
    let (metered, to_inside) = run(&[]);
    let drops = metered["miss_punt_drops"]
        .as_u64()
        .expect("miss_punt_drops");
    let server = metered["server_packets"].as_u64().expect("server_packets");
    // The flood lasts 15 ms: at most 16,384 + 1,000,000/s × 15 ms get
    // through, about half of it.
    let bound = 20 + 16_384 + 15_000;
    assert!(server <= bound, "{server} server packets: {metered}");
    assert_eq!(server + drops, 20 + flood, "{metered}");
    assert_eq!(
        metered["server"]["stale_reruns"], 0,
        "no reply missed: {metered}"
    );
    // Every legitimate reply reached its client, translated back.
    assert_eq!(to_inside.len(), 20);
    for f in &to_inside {
        let h = wire::parse_frame(f).expect("parses");
        assert_eq!(h.ipv4().map(|i| i.dst_addr()), Some([10, 0, 0, 1].into()));
    }
    let (open, to_inside) = run(&["--miss-punt-rate", "0"]);
    assert_eq!(open["miss_punt_drops"], 0, "{open}");
    assert_eq!(open["server_packets"], 20 + flood, "{open}");
    assert_eq!(to_inside.len(), 20);
    // The reference agrees once it loses the same packets.
    let out = tandem(&["check", &nf, "--input", &i0, "--input", &i1, "--json"]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    assert_eq!(v["divergences"], serde_json::json!([]));
    assert_eq!(v["metered"], drops);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_explains_the_window_and_the_exit_statuses() {
    let o = tandem(&["check", "--help"]);
    assert!(o.status.success());
    let h = text(&o.stdout);
    for s in [
        "--compare-window",
        "[default: 65536]",
        "per port and per flow",
        "3 when they diverge",
        "4 when the window filled",
        "--json",
    ] {
        assert!(h.contains(s), "`{s}` missing from:\n{h}");
    }
}
