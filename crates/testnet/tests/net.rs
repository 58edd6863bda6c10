//! The test network itself, as root (skipped with a printed reason otherwise):
//! what a builder declares exists and carries traffic, and nothing of it is
//! left after a drop, a panic or a crashed run.

use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddrV4, TcpListener, TcpStream};
use std::process::Command;
use std::time::Duration;

use testnet::{Cidr, Iface, Net, Ns, Offloads, Proc};

fn namespaces() -> String {
    let out = Command::new("ip").args(["netns", "list"]).output();
    String::from_utf8_lossy(&out.expect("ip netns list").stdout).into_owned()
}

fn exists(ns: &Ns) -> bool {
    namespaces()
        .lines()
        .any(|l| l.split_whitespace().next() == Some(ns.name()))
}

fn ip_text(ns: Option<&Ns>, args: &[&str]) -> String {
    let mut cmd = Command::new("ip");
    if let Some(ns) = ns {
        cmd.args(["-n", ns.name()]);
    }
    let out = cmd.args(args).output().expect("ip");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const A: Ipv4Addr = Ipv4Addr::new(198, 18, 0, 1);
const B: Ipv4Addr = Ipv4Addr::new(198, 18, 0, 2);

#[test]
fn a_pair_of_namespaces_carries_tcp_and_is_gone_after_the_drop() {
    let Some(root) = testnet::can_run("testnet pair", &["ethtool"]) else {
        return;
    };
    let mut b = Net::builder(root, "pair");
    let (x, y) = (b.netns("x"), b.netns("y"));
    let (x0, y0) = b.veth((&x, "x0"), (&y, "y0"));
    b.addr(&x0, Cidr::new(A, 24))
        .addr(&y0, Cidr::new(B, 24))
        .mtu(&x0, 9000)
        .mtu(&y0, 9000)
        .offloads(&x0, Offloads::NONE)
        .mac(&y0, [0x02, 0, 0, 0, 0x0b, 0x01])
        .neigh(&x0, B, &y0);
    let net = b.build();
    assert!(exists(&x) && exists(&y));
    assert_eq!(y0.mac(), [0x02, 0, 0, 0, 0x0b, 0x01]);
    let link = ip_text(Some(&x), &["link", "show", "dev", "x0"]);
    assert!(
        link.contains("mtu 9000") && link.contains("state UP"),
        "{link}"
    );
    let neigh = ip_text(Some(&x), &["neigh", "show", "dev", "x0"]);
    assert!(
        neigh.contains("198.18.0.2 lladdr 02:00:00:00:0b:01 PERMANENT"),
        "{neigh}"
    );
    let k = Command::new("ip")
        .args(["netns", "exec", x.name(), "ethtool", "-k", "x0"])
        .output()
        .expect("ethtool -k");
    let k = String::from_utf8_lossy(&k.stdout).into_owned();
    for off in [
        "tcp-segmentation-offload: off",
        "generic-receive-offload: off",
    ] {
        assert!(k.contains(off), "{off}: {k}");
    }

    // 100 kB from y to x over TCP.
    let listener = x.run(|| TcpListener::bind(SocketAddrV4::new(A, 7000)).expect("bind"));
    let sender = y.thread(|| {
        let mut c =
            TcpStream::connect_timeout(&SocketAddrV4::new(A, 7000).into(), Duration::from_secs(5))
                .expect("connect");
        c.write_all(&[7u8; 100_000]).expect("send");
    });
    let (mut conn, peer) = listener.accept().expect("accept");
    assert_eq!(peer.ip(), std::net::IpAddr::V4(B));
    let mut got = Vec::new();
    conn.read_to_end(&mut got).expect("read");
    sender.join().expect("sender");
    assert_eq!(got.len(), 100_000);

    drop(net);
    assert!(!exists(&x) && !exists(&y), "{}", namespaces());
}

#[test]
fn a_panicking_test_leaves_nothing_and_its_processes_are_killed() {
    let Some(root) = testnet::can_run("testnet panic", &["sleep"]) else {
        return;
    };
    let made = std::panic::catch_unwind(move || {
        let mut b = Net::builder(root, "panic");
        let w = b.netns("w");
        let (_, to_root) = b.veth_to_root((&w, "w0"));
        let _net = b.build();
        // Nobody keeps this one: the network's drop kills it.
        let orphan = Proc::spawn("sleep", w.command("sleep").arg("60"));
        let orphan_pid = orphan.id();
        std::mem::forget(orphan);
        let mut kept = Proc::spawn("sleep", w.command("sleep").arg("60"));
        assert!(kept.running());
        let in_root = ip_text(None, &["link", "show", "dev", to_root.name()]);
        assert!(in_root.contains(to_root.name()), "{in_root}");
        panic!("on purpose: {w} {to_root} {orphan_pid}");
    });
    let message = made.expect_err("it panicked");
    let text = message.downcast_ref::<String>().expect("a message").clone();
    let names: Vec<&str> = text
        .strip_prefix("on purpose: ")
        .expect("names")
        .split(' ')
        .collect();
    let [ns, root_end, orphan] = names[..] else {
        panic!("{text}");
    };
    assert!(!namespaces().contains(ns), "{ns} is left: {}", namespaces());
    assert!(
        !ip_text(None, &["-br", "link"]).contains(root_end),
        "{root_end} is left"
    );
    // The process nobody kept was killed: gone, or a zombie of this process.
    let stat = std::fs::read_to_string(format!("/proc/{orphan}/stat")).unwrap_or_default();
    let state = stat.rsplit_once(") ").map(|(_, r)| &r[..1]);
    assert!(matches!(state, None | Some("Z")), "{orphan} lives: {stat}");
}

#[test]
fn a_crashed_runs_namespaces_go_when_the_next_run_builds() {
    let Some(root) = testnet::can_run("testnet sweep", &[]) else {
        return;
    };
    // A pid that runs nothing now: a crashed run's.
    let dead = (1_000_000..4_000_000u32)
        .find(|p| !std::path::Path::new("/proc").join(p.to_string()).exists())
        .expect("a free pid");
    let left = format!("tnd-sweep-c-{dead}");
    let made = Command::new("ip").args(["netns", "add", &left]).status();
    assert!(made.expect("ip netns add").success());
    let mut b = Net::builder(root, "sweep");
    let c = b.netns("c");
    let net = b.build();
    assert!(exists(&c));
    assert!(!namespaces().contains(&left), "{}", namespaces());
    drop(net);
}

#[test]
fn one_tag_at_a_time_and_addresses_only_in_the_benchmark_range() {
    let Some(root) = testnet::can_run("testnet rules", &[]) else {
        return;
    };
    let net = Net::builder(root, "rules").build();
    let twice = std::panic::catch_unwind(|| Net::builder(root, "rules").build());
    assert!(twice.is_err(), "a second network with the same tag");
    drop(net);
    let again = Net::builder(root, "rules").build();
    drop(again);
    let outside = std::panic::catch_unwind(|| {
        let mut b = Net::builder(root, "outside");
        let n = b.netns("n");
        let (a, _) = b.veth((&n, "a"), (&n, "b"));
        b.addr(&a, "10.0.0.1/24".parse().expect("cidr"));
    });
    assert!(outside.is_err(), "10.0.0.1 accepted");
    let iface_name = std::panic::catch_unwind(|| {
        let mut b = Net::builder(root, "longname");
        let n = b.netns("n");
        let _: (Iface, Iface) = b.veth((&n, "a-name-far-too-long"), (&n, "b"));
    });
    assert!(
        iface_name.is_err(),
        "a 19-character interface name accepted"
    );
}
