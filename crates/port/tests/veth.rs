//! AF_PACKET ports on a real veth pair, inside a network namespace the test creates
//! and always deletes. Needs root (CAP_NET_ADMIN for the namespace, CAP_NET_RAW for
//! the sockets) and `ip`; skipped with a printed reason otherwise.

use std::time::{Duration, Instant};

use port::{AfPacket, Port, RingConfig};
use testnet::Net;

const ETHERTYPE_TEST: [u8; 2] = [0x88, 0xb5]; // IEEE local experimental

/// The veth pair `va` <-> `vb` of MTU `mtu` in a namespace of its own, which the
/// test's thread enters; `None` (the test skips) when not root or without `ip`.
/// Dropping the network deletes the namespace with the pair.
fn veth_pair(test: &str, tag: &str, mtu: u32) -> Option<Net> {
    let root = testnet::can_run(test, &[])?;
    let mut b = Net::builder(root, tag);
    let ns = b.netns("n");
    let (va, vb) = b.veth((&ns, "va"), (&ns, "vb"));
    b.mtu(&va, mtu).mtu(&vb, mtu);
    let net = b.build();
    ns.enter().expect("enter namespace");
    Some(net)
}

fn frame(seq: u32, len: usize) -> Vec<u8> {
    let mut f = vec![0u8; len.max(18)];
    f[..6].copy_from_slice(&[0x02, 0, 0, 0, 0, 0x0b]);
    f[6..12].copy_from_slice(&[0x02, 0, 0, 0, 0, 0x0a]);
    f[12..14].copy_from_slice(&ETHERTYPE_TEST);
    f[14..18].copy_from_slice(&seq.to_be_bytes());
    for (i, b) in f[18..].iter_mut().enumerate() {
        *b = (i as u32).wrapping_mul(31).wrapping_add(seq) as u8;
    }
    f
}

/// Receives our test frames on `port` until `want` arrived or `limit` passed.
fn collect(port: &mut AfPacket, want: usize, limit: Duration) -> Vec<Vec<u8>> {
    let mut got = Vec::new();
    let start = Instant::now();
    while got.len() < want && start.elapsed() < limit {
        port.recv(64, Duration::from_millis(20), &mut |f| {
            if f.data.get(12..14) == Some(&ETHERTYPE_TEST[..]) {
                got.push(f.data.to_vec());
            }
        })
        .expect("recv");
    }
    got
}

#[test]
fn frames_cross_a_veth_pair_intact_and_in_order() {
    let Some(_net) = veth_pair(
        "frames_cross_a_veth_pair_intact_and_in_order",
        "portorder",
        1500,
    ) else {
        return;
    };
    let small = RingConfig {
        block_size: 1 << 16,
        blocks: 4,
        retire: Duration::from_millis(1),
    };
    let mut a = AfPacket::open("va", small).expect("open a");
    let mut b = AfPacket::open("vb", small).expect("open b");

    // More frames than one block holds, so blocks are handed back and reused.
    let sent: Vec<Vec<u8>> = (0..400u32)
        .map(|i| frame(i, 60 + (i as usize * 7) % 1400))
        .collect();
    let mut out = 0;
    let mut got = Vec::new();
    for chunk in sent.chunks(50) {
        let refs: Vec<&[u8]> = chunk.iter().map(Vec::as_slice).collect();
        out += a.send_batch(&refs).expect("send");
        // Drain as we go: the small ring holds fewer frames than the whole test sends.
        got.extend(collect(&mut b, chunk.len(), Duration::from_secs(5)));
    }
    assert_eq!(out, sent.len());
    assert_eq!(got.len(), sent.len(), "frames lost on the way");
    assert!(got == sent, "frames changed or reordered");

    // Our own transmissions never come back on the sending port.
    let echoed = collect(&mut a, 1, Duration::from_millis(100));
    assert!(echoed.is_empty(), "a saw its own frames: {}", echoed.len());

    let sa = a.stats();
    let sb = b.stats();
    assert_eq!(sa.tx_frames, 400);
    assert_eq!(sb.rx_truncated, 0);
    assert_eq!(sb.rx_ring_drops, 0);
    assert!(sb.rx_frames >= 400);
}

#[test]
fn frames_above_the_mtu_are_counted_not_fatal() {
    let Some(_net) = veth_pair(
        "frames_above_the_mtu_are_counted_not_fatal",
        "portmtu",
        1000,
    ) else {
        return;
    };
    let mut a = AfPacket::open("va", RingConfig::default()).expect("open a");
    let mut b = AfPacket::open("vb", RingConfig::default()).expect("open b");

    assert!(
        !a.send(&frame(1, 1014 + 1)).expect("send"),
        "oversize frame accepted"
    );
    assert!(
        !a.send(&[0u8; 4]).expect("send runt"),
        "4-byte frame accepted"
    );
    assert!(
        a.send(&frame(2, 1014)).expect("send"),
        "MTU-sized frame refused"
    );
    let st = a.stats();
    assert_eq!(st.tx_too_big, 1);
    assert_eq!(st.tx_errors, 1);
    assert_eq!(st.tx_frames, 1);

    let got = collect(&mut b, 1, Duration::from_secs(2));
    assert_eq!(got, vec![frame(2, 1014)]);
}

#[test]
fn unknown_interface_is_a_clear_error() {
    if testnet::root_or_skip("unknown_interface_is_a_clear_error", "raw sockets").is_none() {
        return;
    }
    let err = AfPacket::open("tnd-no-such0", RingConfig::default()).expect_err("opened");
    assert!(err.to_string().contains("tnd-no-such0"), "{err}");
    let bad = RingConfig {
        block_size: 3000,
        ..RingConfig::default()
    };
    let err = AfPacket::open("lo", bad).expect_err("odd block size accepted");
    assert!(err.to_string().contains("power of two"), "{err}");
}

#[test]
fn a_full_ring_drops_are_counted_and_what_arrives_is_intact() {
    let Some(_net) = veth_pair(
        "a_full_ring_drops_are_counted_and_what_arrives_is_intact",
        "portfull",
        1500,
    ) else {
        return;
    };
    let tiny = RingConfig {
        block_size: 1 << 12,
        blocks: 2,
        retire: Duration::from_millis(1),
    };
    let mut a = AfPacket::open("va", RingConfig::default()).expect("open va");
    let mut b = AfPacket::open("vb", tiny).expect("open vb");
    // 200 frames of 1000 bytes into an 8 KiB ring nobody reads meanwhile.
    let sent: Vec<Vec<u8>> = (0..200u32).map(|i| frame(i, 1000)).collect();
    let refs: Vec<&[u8]> = sent.iter().map(Vec::as_slice).collect();
    assert_eq!(a.send_batch(&refs).expect("send"), sent.len());
    let got = collect(&mut b, sent.len(), Duration::from_millis(300));
    let st = b.stats();
    assert!(st.rx_ring_drops > 0, "nothing dropped: {st:?}");
    assert!(!got.is_empty());
    assert_eq!(
        got.len() as u64 + st.rx_ring_drops,
        sent.len() as u64,
        "{st:?}"
    );
    // What arrived is a subsequence of what was sent, each frame intact.
    let mut it = sent.iter();
    for g in &got {
        assert!(it.any(|s| s == g), "frame changed or out of order");
    }
}

/// An IPv4/UDP frame of flow (`a`:`pa` -> `b`:`pb`) carrying `seq`.
fn udp_frame(a: [u8; 4], pa: u16, b: [u8; 4], pb: u16, seq: u32) -> Vec<u8> {
    let mut f = vec![0u8; 14 + 20 + 8 + 4];
    f[..6].copy_from_slice(&[0x02, 0, 0, 0, 0, 0x0b]);
    f[6..12].copy_from_slice(&[0x02, 0, 0, 0, 0, 0x0a]);
    f[12..14].copy_from_slice(&[0x08, 0x00]);
    let ip = &mut f[14..34];
    ip[0] = 0x45;
    ip[2..4].copy_from_slice(&32u16.to_be_bytes());
    ip[8] = 64;
    ip[9] = 17;
    ip[12..16].copy_from_slice(&a);
    ip[16..20].copy_from_slice(&b);
    let udp = &mut f[34..42];
    udp[..2].copy_from_slice(&pa.to_be_bytes());
    udp[2..4].copy_from_slice(&pb.to_be_bytes());
    udp[4..6].copy_from_slice(&12u16.to_be_bytes());
    f[42..46].copy_from_slice(&seq.to_be_bytes());
    f
}

#[test]
fn a_fanout_group_gives_each_flow_both_ways_to_one_socket() {
    let Some(_net) = veth_pair(
        "a_fanout_group_gives_each_flow_both_ways_to_one_socket",
        "portfanout",
        1500,
    ) else {
        return;
    };
    let cfg = RingConfig {
        block_size: 1 << 16,
        blocks: 8,
        retire: Duration::from_millis(1),
    };
    let mut a = AfPacket::open("va", cfg).expect("open a");
    let mut members = [
        AfPacket::open("vb", cfg).expect("open b0"),
        AfPacket::open("vb", cfg).expect("open b1"),
    ];
    let group = members[0].join_fanout(None).expect("new group");
    assert_eq!(
        members[1].join_fanout(Some(group)).expect("join group"),
        group
    );

    // 64 flows, 5 packets each way, interleaved; seq = flow * 100 + k (k >= 50 for
    // the reverse direction).
    let (x, y) = ([198, 18, 0, 2], [198, 19, 0, 2]);
    let mut sent = 0;
    for k in 0..5u32 {
        for flow in 0..64u32 {
            let port = 10_000 + flow as u16;
            a.send(&udp_frame(x, port, y, 80, flow * 100 + k))
                .expect("send");
            a.send(&udp_frame(y, 80, x, port, flow * 100 + 50 + k))
                .expect("send");
            sent += 2;
        }
    }
    let mut seen: Vec<Vec<u32>> = vec![Vec::new(), Vec::new()];
    let start = Instant::now();
    while seen[0].len() + seen[1].len() < sent && start.elapsed() < Duration::from_secs(5) {
        for (i, m) in members.iter_mut().enumerate() {
            m.recv(256, Duration::from_millis(5), &mut |f| {
                if f.data.len() == 46 && f.data[12..14] == [0x08, 0x00] {
                    seen[i].push(u32::from_be_bytes([
                        f.data[42], f.data[43], f.data[44], f.data[45],
                    ]));
                }
            })
            .expect("recv");
        }
    }
    assert_eq!(seen[0].len() + seen[1].len(), sent, "frames lost");
    let mut owner = [None::<usize>; 64];
    for (i, seqs) in seen.iter().enumerate() {
        let mut last = [None::<u32>; 128];
        for &s in seqs {
            let flow = (s / 100) as usize;
            assert!(
                owner[flow].is_none_or(|o| o == i),
                "flow {flow} reached both sockets"
            );
            owner[flow] = Some(i);
            // In order within each direction.
            let dir = flow * 2 + usize::from(s % 100 >= 50);
            assert!(last[dir].is_none_or(|l| l < s), "flow {flow} reordered");
            last[dir] = Some(s);
        }
    }
    let on0 = owner.iter().filter(|o| **o == Some(0)).count();
    assert!(
        on0 > 8 && on0 < 56,
        "the hash did not spread flows: {on0} of 64 on socket 0"
    );
}

#[test]
fn an_af_xdp_port_receives_and_sends_frames_intact_and_in_order() {
    af_xdp_round_trip(
        "an_af_xdp_port_receives_and_sends_frames_intact_and_in_order",
        "portxdp",
        None,
    );
}

#[test]
fn an_af_xdp_port_in_generic_xdp_carries_frames_as_native_does() {
    af_xdp_round_trip(
        "an_af_xdp_port_in_generic_xdp_carries_frames_as_native_does",
        "portxdpgen",
        Some(port::XdpMode::Generic),
    );
}

/// 600 frames of 60 to 1,414 bytes each way through an AF_XDP port on a veth
/// pair (its program where `mode` says, or wherever it attaches), and a frame
/// above the MTU refused.
fn af_xdp_round_trip(test: &str, tag: &str, mode: Option<port::XdpMode>) {
    let Some(_net) = veth_pair(test, tag, 1400) else {
        return;
    };
    let mut a = AfPacket::open("va", RingConfig::default()).expect("open a");
    let mut b =
        port::AfXdp::open("vb", port::XdpConfig { frames: 256, mode }).expect("open AF_XDP");
    println!("AF_XDP on vb in {:?} mode", b.mode());
    if let Some(m) = mode {
        assert_eq!(b.mode(), m, "the program did not attach where asked");
    }

    // More frames than the ring has, both ways, drained as we go.
    let sent: Vec<Vec<u8>> = (0..600u32)
        .map(|i| frame(i, 60 + (i as usize * 13) % 1354))
        .collect();
    let mut got = Vec::new();
    for chunk in sent.chunks(50) {
        for f in chunk {
            assert!(a.send(f).expect("send a"));
        }
        let start = Instant::now();
        let want = got.len() + chunk.len();
        while got.len() < want && start.elapsed() < Duration::from_secs(5) {
            b.recv(64, Duration::from_millis(20), &mut |f| {
                if f.data.get(12..14) == Some(&ETHERTYPE_TEST[..]) {
                    got.push(f.data.to_vec());
                }
            })
            .expect("recv b");
        }
    }
    assert_eq!(got.len(), sent.len(), "frames lost on the way in");
    assert!(got == sent, "frames changed or reordered on the way in");

    let mut back = Vec::new();
    for chunk in sent.chunks(100) {
        for f in chunk {
            assert!(b.send(f).expect("send b"), "AF_XDP refused a frame");
        }
        back.extend(collect(&mut a, chunk.len(), Duration::from_secs(5)));
    }
    assert_eq!(back.len(), sent.len(), "frames lost on the way out");
    assert!(back == sent, "frames changed or reordered on the way out");

    // Above the MTU (1400 + 14): counted, refused, and the next frame still goes.
    assert!(!b.send(&frame(9_999, 1415)).expect("send big"));
    assert!(b.send(&frame(9_998, 1414)).expect("send largest"));
    assert!(b.send(&frame(10_000, 100)).expect("send after"));
    let s = b.stats();
    assert_eq!(s.tx_too_big, 1);
    assert_eq!(s.tx_frames, 602);
    assert!(s.rx_frames >= 600);
    assert_eq!(s.rx_ring_drops, 0);
}

#[test]
fn a_batch_goes_out_in_order_and_refused_frames_in_it_are_counted() {
    let Some(_net) = veth_pair(
        "a_batch_goes_out_in_order_and_refused_frames_in_it_are_counted",
        "portbatch",
        1000,
    ) else {
        return;
    };
    let mut a = AfPacket::open("va", RingConfig::default()).expect("open va");
    let mut b = AfPacket::open("vb", RingConfig::default()).expect("open vb");
    // Twice through: through the qdisc, then past it.
    for (round, bypass) in [(0u32, false), (1, true)] {
        a.set_qdisc_bypass(bypass).expect("PACKET_QDISC_BYPASS");
        // 150 frames (more than one sendmmsg call takes): too big at 10 and at
        // 64 (where a call ends), a runt at 100, one of the MTU's size at 120.
        let frames: Vec<Vec<u8>> = (0..150u32)
            .map(|i| match i {
                10 | 64 => frame(round * 1000 + i, 1015),
                100 => vec![0u8; 4],
                120 => frame(round * 1000 + i, 1014),
                _ => frame(round * 1000 + i, 60 + (i as usize * 11) % 900),
            })
            .collect();
        let refs: Vec<&[u8]> = frames.iter().map(Vec::as_slice).collect();
        let before = a.stats();
        let sent = a.send_batch(&refs).expect("send_batch");
        let st = a.stats();
        assert_eq!(sent, 147, "round {round}");
        assert_eq!(st.tx_frames - before.tx_frames, 147, "round {round}");
        assert_eq!(st.tx_too_big - before.tx_too_big, 2, "round {round}");
        assert_eq!(st.tx_errors - before.tx_errors, 1, "round {round}");
        let want: Vec<Vec<u8>> = frames
            .iter()
            .enumerate()
            .filter(|(i, _)| ![10, 64, 100].contains(i))
            .map(|(_, f)| f.clone())
            .collect();
        let got = collect(&mut b, want.len(), Duration::from_secs(5));
        assert_eq!(got.len(), want.len(), "round {round}: frames lost");
        assert!(got == want, "round {round}: frames changed or reordered");
    }
}

#[test]
fn an_af_xdp_batch_larger_than_a_kick_and_its_free_chunks_all_goes_out_in_order() {
    let Some(_net) = veth_pair(
        "an_af_xdp_batch_larger_than_a_kick_and_its_free_chunks_all_goes_out_in_order",
        "portxdpbatch",
        1400,
    ) else {
        return;
    };
    let mut a = AfPacket::open("va", RingConfig::default()).expect("open a");
    // 128 chunks for sending: a batch of 300 needs them three times over, and
    // the kernel sends a few dozen frames per kick.
    let mut b = port::AfXdp::open(
        "vb",
        port::XdpConfig {
            frames: 256,
            ..Default::default()
        },
    )
    .expect("open AF_XDP");
    let frames: Vec<Vec<u8>> = (0..300u32)
        .map(|i| {
            if i == 77 {
                frame(i, 1415)
            } else {
                frame(i, 60 + (i as usize * 13) % 1354)
            }
        })
        .collect();
    let refs: Vec<&[u8]> = frames.iter().map(Vec::as_slice).collect();
    assert_eq!(b.send_batch(&refs).expect("send_batch"), 299);
    let want: Vec<Vec<u8>> = frames
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 77)
        .map(|(_, f)| f.clone())
        .collect();
    let got = collect(&mut a, want.len(), Duration::from_secs(5));
    assert_eq!(got.len(), want.len(), "frames lost");
    assert!(got == want, "frames changed or reordered");
    let s = b.stats();
    assert_eq!((s.tx_frames, s.tx_too_big), (299, 1));
}
