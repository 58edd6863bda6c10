//! Outside observers for the live tests: `tcpdump` on the hosts' own
//! interfaces, and what to do with its captures (split by Ethernet source
//! into what a host sent and what it received, written back as pcaps for a
//! replay).

use std::io::BufWriter;
use std::path::Path;

use testnet::{Capture, Iface};

use super::netns::Topology;
use super::{path_str, run_ok};

/// Frames with their capture timestamps (ns).
pub type Stamped = Vec<(u64, Vec<u8>)>;

/// Splits a host's capture by the Ethernet source: frames the host sent (its
/// MAC) and frames it received. Returns (sent with timestamps, received).
pub fn split(path: &Path, host_mac: [u8; 6]) -> (Stamped, Vec<Vec<u8>>) {
    let mut sent = Vec::new();
    let mut received = Vec::new();
    for p in trace::pcap::PcapReader::open(path).expect("capture") {
        let p = p.expect("capture packet");
        assert!(p.data.len() >= 14, "runt frame in the capture");
        if p.data[6..12] == host_mac {
            sent.push((p.ts_ns, p.data));
        } else {
            assert_eq!(p.data[0..6], host_mac, "a frame for someone else");
            received.push(p.data);
        }
    }
    (sent, received)
}

pub fn write_pcap(path: &Path, frames: &[(u64, Vec<u8>)]) {
    let file = std::fs::File::create(path).expect("create pcap");
    let mut w =
        trace::pcap::PcapWriter::new(BufWriter::new(file), trace::pcap::Resolution::Nanosecond)
            .expect("pcap header");
    for (ts, data) in frames {
        w.write(*ts, data).expect("write frame");
    }
}

/// A host interface facing one of the switch's ports.
pub struct Host {
    /// The interface (c0, s0, b0).
    pub iface: Iface,
    /// The switch port on the other end of its link.
    pub port: u16,
}

/// The hosts facing the switch: the client on port 0, and on port 1 the
/// single server or, with several servers, the router in front of them.
pub fn hosts(topo: &Topology) -> Vec<Host> {
    vec![
        Host {
            iface: topo.c0.clone(),
            port: 0,
        },
        Host {
            iface: topo.behind1.clone(),
            port: 1,
        },
    ]
}

/// `tcpdump` on the hosts facing the switch's ports: what they sent is
/// the input of a replay, what they received is what the replay must send
/// them.
pub struct Observers {
    caps: Vec<(Host, [u8; 6], Capture)>,
}

impl Observers {
    /// Starts a capture on every host interface (files in `dir`); returns
    /// once every tcpdump listens.
    pub fn start(dir: &Path, hosts: Vec<Host>) -> Observers {
        let caps = hosts
            .into_iter()
            .map(|h| {
                let m = h.iface.mac();
                let file = format!("{}.pcap", h.iface.to_string().replace('/', "-"));
                let c = Capture::start(&h.iface, dir.join(file));
                (h, m, c)
            })
            .collect();
        Observers { caps }
    }

    /// Stops every capture (each must report no frame dropped by the
    /// kernel), writes what the hosts on each switch port sent, merged by
    /// their capture stamps, as `dir/in0.pcap` and `dir/in1.pcap`, and
    /// returns what the hosts on each port received (per port, in capture
    /// order) with the number of frames sent per port.
    pub fn stop(self, dir: &Path) -> ([Vec<Vec<u8>>; 2], [usize; 2]) {
        let mut sent: [Stamped; 2] = [Vec::new(), Vec::new()];
        let mut got: [Vec<(u64, Vec<u8>)>; 2] = [Vec::new(), Vec::new()];
        for (h, m, c) in self.caps {
            let captured = c.stop();
            assert_eq!(
                captured.kernel_drops, 0,
                "tcpdump lost frames, the comparison would be void"
            );
            let path = captured.path;
            let (s, _) = split(&path, m);
            sent[usize::from(h.port)].extend(s);
            // Received, with stamps (to merge several hosts on one port).
            for p in trace::pcap::PcapReader::open(&path).expect("capture") {
                let p = p.expect("capture packet");
                if p.data[6..12] != m {
                    got[usize::from(h.port)].push((p.ts_ns, p.data));
                }
            }
        }
        for (port, s) in sent.iter_mut().enumerate() {
            s.sort_by_key(|x| x.0);
            write_pcap(&dir.join(format!("in{port}.pcap")), s);
        }
        let counts = [sent[0].len(), sent[1].len()];
        let received = got.map(|mut g| {
            g.sort_by_key(|x| x.0);
            g.into_iter().map(|x| x.1).collect()
        });
        (received, counts)
    }
}

/// The `--input` arguments of a replay of what the hosts sent
/// (`Observers::stop`'s `dir/in0.pcap`, `dir/in1.pcap`).
pub fn replay_inputs(dir: &Path) -> [String; 2] {
    [0, 1].map(|p| format!("{p}={}", path_str(&dir.join(format!("in{p}.pcap")))))
}

/// Replays `inputs` (`--input` arguments for ports 0 and 1) through `tandem
/// run PROGRAM` into `dir/replay`, requires that no packet failed and returns
/// the frames it sent out of ports 0 and 1 with their departure stamps.
pub fn replay(dir: &Path, inputs: &[String; 2], program: &[&str]) -> [Stamped; 2] {
    let mut args = program.to_vec();
    args.extend_from_slice(&["--input", &inputs[0], "--input", &inputs[1]]);
    let out = dir.join("replay");
    let (v, _) = run_ok(&out, &args);
    assert_eq!(v["failed"], 0, "{v}");
    [0, 1].map(|p| super::live::stamped(&out.join(format!("port{p}.pcap"))))
}

/// The frames of a pcap file, in file order.
fn frames(path: &Path) -> Vec<Vec<u8>> {
    trace::pcap::PcapReader::open(path)
        .expect("pcap")
        .map(|p| p.expect("pcap packet").data)
        .collect()
}

/// Requires that tandem received (its own recording, `dir/rec/in/portN.pcap`)
/// exactly the frames the hosts' captures show them sending (`dir/inN.pcap`),
/// each flow's as the same set, and returns how many flows reached tandem in
/// another order than the captures saw them leave. A veth hands a frame to
/// the backlog of the CPU that sent it, so two frames of one flow sent from
/// two CPUs can reach the switch's socket in the other order than the
/// sender's capture tap saw them (seen under load: two ACKs of one
/// download); the replay therefore runs tandem's recording, whose order and
/// stamps are what tandem saw, judged against the captures here and against
/// what the hosts received afterwards.
pub fn assert_recording_is_what_the_hosts_sent(dir: &Path) -> usize {
    let mut reordered = 0;
    for port in 0..2 {
        let sent = frames(&dir.join(format!("in{port}.pcap")));
        let got = frames(&dir.join(format!("rec/in/port{port}.pcap")));
        assert_eq!(
            sent.len(),
            got.len(),
            "port {port}: frames the hosts sent vs frames tandem recorded"
        );
        let (sent, got) = (super::live::by_flow(sent), super::live::by_flow(got));
        assert_eq!(
            sent.keys().collect::<Vec<_>>(),
            got.keys().collect::<Vec<_>>(),
            "port {port}: flows the hosts sent vs flows tandem recorded"
        );
        for (flow, s) in &sent {
            let g = &got[flow];
            if s != g {
                let (mut a, mut b) = (s.clone(), g.clone());
                a.sort();
                b.sort();
                assert!(
                    a == b,
                    "port {port}, flow {flow:02x?}: tandem recorded other frames than the hosts sent"
                );
                reordered += 1;
            }
        }
    }
    if reordered > 0 {
        println!(
            "{reordered} flow(s) reached tandem in another order than the hosts' captures show"
        );
    }
    reordered
}

/// Requires that the replay sends each port's hosts exactly the frames
/// tcpdump saw them receive, each flow's in the same order. Prints per port
/// whether the whole order agreed too.
pub fn assert_hosts_got_the_replay(received: [Vec<Vec<u8>>; 2], replayed: [Vec<Vec<u8>>; 2]) {
    for (port, (seen, sim)) in received.into_iter().zip(replayed).enumerate() {
        assert!(
            !seen.is_empty(),
            "the hosts on port {port} received nothing"
        );
        let whole = super::live::assert_same_per_flow(port as u16, seen, sim);
        println!("port {port}: whole order agreed too: {whole}");
    }
}

/// As [`assert_hosts_got_the_replay`] for a replay of what the hosts sent
/// (`dir/in0.pcap`, `dir/in1.pcap`) whose output commit held packets
/// (`departures`: what it sent out of ports 0 and 1, stamped): frames the
/// replay held ([`held`](super::live::held)) may sit elsewhere in their flow
/// (see [`assert_same_per_flow_but_held`](super::live::assert_same_per_flow_but_held)),
/// every other frame keeps its place. Prints per port how many were held and
/// whether the order agreed without the allowance; returns the number held.
pub fn assert_hosts_got_the_replay_but_held(
    dir: &Path,
    received: [Vec<Vec<u8>>; 2],
    departures: [Stamped; 2],
) -> usize {
    let arrivals: Stamped = [0, 1]
        .iter()
        .flat_map(|p| super::live::stamped(&dir.join(format!("in{p}.pcap"))))
        .collect();
    let mut holds = 0;
    for (port, (seen, departures)) in received.into_iter().zip(departures).enumerate() {
        assert!(
            !seen.is_empty(),
            "the hosts on port {port} received nothing"
        );
        let h = super::live::held(&arrivals, &departures);
        holds += h.len();
        let replayed = departures.into_iter().map(|x| x.1);
        let exact = super::live::assert_same_per_flow_but_held(port as u16, seen, replayed, &h);
        println!(
            "port {port}: {} held in the replay; order agreed without the allowance too: {exact}",
            h.len()
        );
    }
    holds
}
