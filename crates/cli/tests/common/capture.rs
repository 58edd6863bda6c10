//! Outside observers for the live tests: `tcpdump` on the hosts' own
//! interfaces, and what to do with its captures (split by Ethernet source
//! into what a host sent and what it received, written back as pcaps for a
//! replay).

use std::io::BufWriter;
use std::path::Path;

use testnet::{Capture, Iface};

use super::path_str;

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
