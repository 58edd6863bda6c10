//! Running `tandem live` in a test's switch namespace, small TCP clients and
//! servers in the host namespaces, and the check that a live run's recording
//! replays through `tandem run` to the same packets on every port.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, SocketAddrV4, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use testnet::{Ns, Proc};

use super::netns::{PORT0_IF, PORT1_IF};
use super::{path_str, run_ok, text};

/// A running `tandem live`; killed if the test ends early.
pub struct LiveProcess {
    proc: Proc,
    pub record: PathBuf,
    pub summary: PathBuf,
    /// Its stderr (read while it runs, e.g. for its metrics address).
    pub stderr: PathBuf,
}

impl LiveProcess {
    /// Starts `tandem live ARGS` in namespace `netns` with ports 0 and 1 bound,
    /// recording into `dir/rec` and summarising into `dir/summary.json`; returns
    /// once its ports are open. It stops by itself after 60 s at most.
    pub fn start(dir: &Path, netns: &str, args: &[&str]) -> LiveProcess {
        Self::start_with_workers(dir, netns, 1, args)
    }

    /// As [`LiveProcess::start`], with `--workers WORKERS`.
    pub fn start_with_workers(
        dir: &Path,
        netns: &str,
        workers: usize,
        args: &[&str],
    ) -> LiveProcess {
        let workers = workers.to_string();
        Self::spawn(dir, netns, &["live", "--workers", &workers], args)
    }

    /// As [`LiveProcess::start`], with options of `tandem live` (e.g. `--io afxdp`).
    pub fn start_with_options(
        dir: &Path,
        netns: &str,
        options: &[&str],
        args: &[&str],
    ) -> LiveProcess {
        let mut command = vec!["live"];
        command.extend_from_slice(options);
        Self::spawn(dir, netns, &command, args)
    }

    /// As [`LiveProcess::start`], for another live subcommand (`box`).
    pub fn start_command(dir: &Path, netns: &str, command: &str, args: &[&str]) -> LiveProcess {
        Self::spawn(dir, netns, &[command], args)
    }

    /// `tandem filter live ARGS` (CoFilter), otherwise as [`LiveProcess::start`].
    pub fn start_filter(dir: &Path, netns: &str, args: &[&str]) -> LiveProcess {
        Self::spawn(dir, netns, &["filter", "live"], args)
    }

    fn spawn(dir: &Path, netns: &str, command: &[&str], args: &[&str]) -> LiveProcess {
        let record = dir.join("rec");
        let summary = dir.join("summary.json");
        let stderr = dir.join("live.stderr");
        let err =
            std::fs::File::create(&stderr).unwrap_or_else(|e| panic!("{}: {e}", stderr.display()));
        let p0 = format!("0={PORT0_IF}");
        let p1 = format!("1={PORT1_IF}");
        let mut all = command.to_vec();
        all.extend_from_slice(args);
        all.extend_from_slice(&[
            "--netns",
            netns,
            "-p",
            &p0,
            "-p",
            &p1,
            "--record",
            path_str(&record),
            "--summary",
            path_str(&summary),
            "--duration",
            "60",
            "-q",
        ]);
        let mut proc = Proc::spawn(
            &format!("tandem {}", command.join(" ")),
            Command::new(env!("CARGO_BIN_EXE_tandem"))
                .args(&all)
                .stdout(Stdio::piped())
                .stderr(err),
        );
        // Ready once its ports are open (the recording is created right after).
        let start = Instant::now();
        while !record.join("in/port1.pcap").exists() {
            if !proc.running() {
                let out = proc.wait_with_output();
                let err = std::fs::read_to_string(&stderr).unwrap_or_default();
                panic!(
                    "tandem live exited at start ({}): {out:?} {err}",
                    out.status
                );
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "tandem live did not start"
            );
            thread::sleep(Duration::from_millis(20));
        }
        LiveProcess {
            proc,
            record,
            summary,
            stderr,
        }
    }

    /// The address of its `--metrics` endpoint, as it printed it.
    pub fn metrics(&self) -> SocketAddr {
        super::scrape::metrics_addr(&self.stderr)
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.proc.id()
    }

    /// Whether it is still running.
    pub fn running(&mut self) -> bool {
        self.proc.running()
    }

    /// Stops it as Ctrl-C would, requires a clean exit and returns the summary.
    pub fn stop(self) -> serde_json::Value {
        let out = self.proc.stop("TERM");
        assert!(
            out.status.success(),
            "tandem live failed: {}{}",
            text(&out.stdout),
            std::fs::read_to_string(&self.stderr).unwrap_or_default()
        );
        println!("tandem live:\n{}", text(&out.stdout));
        let v: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&self.summary).expect("summary"))
                .expect("summary json");
        v
    }
}

/// The frames of a pcap file.
pub fn frames(path: &Path) -> Vec<Vec<u8>> {
    trace::pcap::PcapReader::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .map(|p| p.unwrap_or_else(|e| panic!("{e}")).data)
        .collect()
}

/// Replays the recorded inputs of `rec` through `tandem run PROGRAM_ARGS` into
/// `out` and requires exactly the live run's packets, in order, on ports 0 and 1.
/// Returns the replay's summary.
pub fn assert_replay_matches(rec: &Path, out: &Path, program_args: &[&str]) -> serde_json::Value {
    let in0 = format!("0={}", path_str(&rec.join("in/port0.pcap")));
    let in1 = format!("1={}", path_str(&rec.join("in/port1.pcap")));
    let mut args = program_args.to_vec();
    args.extend_from_slice(&["--input", &in0, "--input", &in1]);
    let (v, _) = run_ok(out, &args);
    for port in 0..2 {
        let live_out = stream(&rec.join(format!("out/port{port}.pcap")));
        let sim_out = stream(&out.join(format!("port{port}.pcap")));
        let s = compare_port(port, live_out, sim_out, &|_| false);
        assert!(
            s.packets.get(&port).copied().unwrap_or(0) > 0,
            "nothing left port {port}"
        );
        assert_eq!(
            (s.reordered_across_flows, s.reordered_in_flows),
            (0, 0),
            "port {port}: live and replay in another order"
        );
    }
    v
}

/// The bytes of response `id` of `size`: a pattern that catches reordering, loss
/// and mix-ups between connections.
pub fn body(id: u32, size: usize) -> Vec<u8> {
    (0..size)
        .map(|i| {
            (i as u32 ^ id.rotate_left(16))
                .wrapping_mul(2_654_435_761)
                .rotate_left(7) as u8
        })
        .collect()
}

/// A server thread in namespace `ns` listening on `addr`: for each connection it
/// reads "ID SIZE\n" and answers with `body(ID, SIZE)`, then closes. It serves
/// until `stop` is set (checked every 5 ms between connections) and returns the
/// peers it served in order.
pub fn serve(
    ns: &Ns,
    addr: SocketAddrV4,
    stop: Arc<AtomicBool>,
    ready: mpsc::Sender<()>,
) -> thread::JoinHandle<Vec<SocketAddrV4>> {
    ns.thread(move || {
        let listener = TcpListener::bind(addr).expect("bind");
        listener.set_nonblocking(true).expect("nonblocking");
        let _ = ready.send(());
        let mut peers = Vec::new();
        loop {
            match listener.accept() {
                Ok((conn, SocketAddr::V4(peer))) => {
                    peers.push(peer);
                    conn.set_nonblocking(false).expect("blocking");
                    answer(conn);
                }
                Ok((_, peer)) => panic!("IPv6 peer {peer}"),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    if stop.load(Ordering::Relaxed) {
                        return peers;
                    }
                    thread::sleep(Duration::from_millis(5));
                }
                Err(e) => panic!("accept on {addr}: {e}"),
            }
        }
    })
}

/// One [`serve`] thread per (namespace, address); returns once all listen,
/// with the flag that stops them.
pub fn servers(
    at: &[(Ns, SocketAddrV4)],
) -> (Arc<AtomicBool>, Vec<thread::JoinHandle<Vec<SocketAddrV4>>>) {
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let handles = at
        .iter()
        .map(|(ns, addr)| serve(ns, *addr, stop.clone(), tx.clone()))
        .collect::<Vec<_>>();
    for _ in at {
        rx.recv_timeout(Duration::from_secs(10))
            .expect("server listening");
    }
    (stop, handles)
}

/// Writes the firewall's rules file `path`: TCP from the client's ports
/// `allowed` to `server` may pass. Returns the path.
pub fn whitelist(path: &Path, allowed: &[u16], server: SocketAddrV4) -> PathBuf {
    let client = super::netns::CLIENT_IP;
    let mut text = String::from("# PROTO SRC_IP SRC_PORT DST_IP DST_PORT\n");
    for p in allowed {
        text.push_str(&format!(
            "tcp {client} {p} {} {}\n",
            server.ip(),
            server.port()
        ));
    }
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    path.to_path_buf()
}

/// Stops the [`servers`] and returns the peers each one served.
pub fn stop_servers(
    stop: Arc<AtomicBool>,
    handles: Vec<thread::JoinHandle<Vec<SocketAddrV4>>>,
) -> Vec<Vec<SocketAddrV4>> {
    stop.store(true, Ordering::Relaxed);
    handles
        .into_iter()
        .map(|h| h.join().expect("server"))
        .collect()
}

fn answer(mut conn: TcpStream) {
    conn.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let mut line = String::new();
    BufReader::new(&conn).read_line(&mut line).expect("request");
    let mut it = line.split_whitespace();
    let id: u32 = it.next().and_then(|s| s.parse().ok()).expect("id");
    let size: usize = it.next().and_then(|s| s.parse().ok()).expect("size");
    conn.write_all(&body(id, size)).expect("send body");
}

/// Sends request `id` for `size` bytes on a connected stream.
pub fn request(conn: &mut TcpStream, id: u32, size: usize) {
    conn.set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    conn.write_all(format!("{id} {size}\n").as_bytes())
        .expect("request");
}

/// Reads a whole response and requires it to be `body(id, size)`.
pub fn expect_body(conn: &mut TcpStream, id: u32, size: usize) {
    let mut got = Vec::new();
    conn.read_to_end(&mut got)
        .unwrap_or_else(|e| panic!("response {id}: {e}"));
    assert_eq!(got.len(), size, "response {id}: length");
    assert!(got == body(id, size), "response {id}: content differs");
}

/// One download of `size` bytes from `server` (connect bounded to 5 s).
pub fn download(server: SocketAddrV4, id: u32, size: usize) -> SocketAddrV4 {
    let mut conn = TcpStream::connect_timeout(&server.into(), Duration::from_secs(5))
        .unwrap_or_else(|e| panic!("connect to {server}: {e}"));
    let local = match conn.local_addr().expect("local") {
        SocketAddr::V4(a) => a,
        a => panic!("IPv6 local {a}"),
    };
    request(&mut conn, id, size);
    expect_body(&mut conn, id, size);
    local
}

/// With `workers` workers, the summary lists each one, their receptions add up to
/// the ports', and (when `all_busy`) every worker carried traffic. Returns each
/// worker's received frames.
pub fn assert_workers(v: &serde_json::Value, workers: usize, all_busy: bool) -> Vec<u64> {
    let count = |x: &serde_json::Value| x.as_u64().unwrap_or_else(|| panic!("not a count: {x}"));
    let ws = v["live"]["workers"]
        .as_array()
        .unwrap_or_else(|| panic!("no workers in the summary: {v}"));
    assert_eq!(ws.len(), workers, "{v}");
    let rx: Vec<u64> = ws.iter().map(|w| count(&w["rx_frames"])).collect();
    let ports: u64 = (0..2)
        .map(|p| count(&v["live"]["ports"][p.to_string()]["rx_frames"]))
        .sum();
    assert_eq!(rx.iter().sum::<u64>(), ports, "workers vs ports: {v}");
    if all_busy {
        assert!(
            rx.iter().all(|&r| r > 0),
            "a worker carried nothing: {rx:?}"
        );
    }
    rx
}

/// The backend the load balancer's policy gives a new TCP connection: its
/// `hash(key)` is CRC-32 over the key's fields in big-endian order, taken mod the
/// number of backends.
pub fn lb_backend(client: SocketAddrV4, vip: SocketAddrV4, backends: usize) -> usize {
    let mut key = vec![6u8];
    key.extend_from_slice(&client.ip().octets());
    key.extend_from_slice(&client.port().to_be_bytes());
    key.extend_from_slice(&vip.ip().octets());
    key.extend_from_slice(&vip.port().to_be_bytes());
    (wire::crc::crc32(&key) as usize) % backends
}

/// An unconnected IPv4 TCP socket, close-on-exec as std's sockets are: a
/// process the test starts later (a restarted server) must not inherit a
/// connection and keep it open.
pub fn tcp_socket() -> std::io::Result<std::os::fd::OwnedFd> {
    use rustix::net::{AddressFamily, SocketFlags, SocketType, socket_with};
    Ok(socket_with(
        AddressFamily::INET,
        SocketType::STREAM,
        SocketFlags::CLOEXEC,
        None,
    )?)
}

/// A connection from `local` to `server`, given up after `limit` (SO_SNDTIMEO
/// bounds a blocking connect).
pub fn connect_from(
    local: SocketAddrV4,
    server: SocketAddrV4,
    limit: Duration,
) -> std::io::Result<TcpStream> {
    use rustix::net::{bind, connect, sockopt};
    let fd = tcp_socket()?;
    sockopt::set_socket_reuseaddr(&fd, true)?;
    sockopt::set_socket_timeout(&fd, sockopt::Timeout::Send, Some(limit))?;
    bind(&fd, &SocketAddr::V4(local))?;
    connect(&fd, &SocketAddr::V4(server))?;
    Ok(TcpStream::from(fd))
}

/// From namespace `ns`: opens `conns` connections to `vip` at once, then asks
/// each for its own response (connection i: `size(i)` bytes) and checks it.
/// Returns the connections' local addresses in order.
pub fn concurrent_downloads(
    ns: &Ns,
    vip: SocketAddrV4,
    conns: usize,
    size: fn(usize) -> usize,
) -> Vec<SocketAddrV4> {
    ns.run(move || {
        let mut open: Vec<TcpStream> = (0..conns)
            .map(|i| {
                TcpStream::connect_timeout(&vip.into(), Duration::from_secs(5))
                    .unwrap_or_else(|e| panic!("connection {i} to {vip}: {e}"))
            })
            .collect();
        let locals = open
            .iter()
            .map(|c| match c.local_addr().expect("local") {
                SocketAddr::V4(a) => a,
                a => panic!("IPv6 {a}"),
            })
            .collect();
        for (i, c) in open.iter_mut().enumerate() {
            request(c, i as u32, size(i));
        }
        for (i, c) in open.iter_mut().enumerate() {
            expect_body(c, i as u32, size(i));
        }
        locals
    })
}

/// Requires that backend k served exactly the `clients` the load balancer's
/// policy ([`lb_backend`]) sends to it, each seen with the client's own address.
pub fn assert_lb_spread(clients: &[SocketAddrV4], served: &[Vec<SocketAddrV4>], vip: SocketAddrV4) {
    let mut expected = vec![Vec::new(); served.len()];
    for c in clients {
        expected[lb_backend(*c, vip, served.len())].push(*c);
    }
    for (k, (got, want)) in served.iter().zip(&mut expected).enumerate() {
        let mut got = got.clone();
        got.sort();
        want.sort();
        println!("backend {k}: {} connections", got.len());
        assert_eq!(&got, want, "backend {k}: connections served");
    }
}

/// The flow a frame belongs to, for comparing live and replay: IPv4's
/// protocol, addresses and (TCP/UDP) ports; everything else is one flow.
pub fn flow_of(f: &[u8]) -> Vec<u8> {
    if f.len() < 34 || f[12..14] != [0x08, 0x00] {
        return Vec::new();
    }
    let ihl = usize::from(f[14] & 0x0f) * 4;
    let mut key = vec![f[23]];
    key.extend_from_slice(&f[26..34]);
    let l4 = 14 + ihl;
    if matches!(f[23], 6 | 17) && f.len() >= l4 + 4 {
        key.extend_from_slice(&f[l4..l4 + 4]);
    }
    key
}

/// A frame briefly, for messages: length, and for TCP over IPv4 its flags,
/// sequence and acknowledgement numbers and payload length.
pub fn describe(f: &[u8]) -> String {
    if f.len() >= 34 && f[12..14] == [0x08, 0x00] && f[23] == 6 {
        let ihl = usize::from(f[14] & 0x0f) * 4;
        let t = 14 + ihl;
        if f.len() >= t + 20 {
            let seq = u32::from_be_bytes([f[t + 4], f[t + 5], f[t + 6], f[t + 7]]);
            let ack = u32::from_be_bytes([f[t + 8], f[t + 9], f[t + 10], f[t + 11]]);
            let data = usize::from(f[t + 12] >> 4) * 4;
            let ip_len = usize::from(u16::from_be_bytes([f[16], f[17]]));
            return format!(
                "{} bytes, flags {:#04x}, seq {seq}, ack {ack}, payload {}",
                f.len(),
                f[t + 13],
                ip_len.saturating_sub(ihl + data)
            );
        }
    }
    format!("{} bytes", f.len())
}

/// Each flow's frames in the order they left.
pub fn by_flow(frames: Vec<Vec<u8>>) -> std::collections::BTreeMap<Vec<u8>, Vec<Vec<u8>>> {
    let mut m: std::collections::BTreeMap<Vec<u8>, Vec<Vec<u8>>> = Default::default();
    for f in frames {
        m.entry(flow_of(&f)).or_default().push(f);
    }
    m
}

/// The frames of a pcap file, read as they are needed.
pub fn stream(path: &Path) -> impl Iterator<Item = Vec<u8>> + use<> {
    let shown = path.display().to_string();
    trace::pcap::PcapReader::open(path)
        .unwrap_or_else(|e| panic!("{shown}: {e}"))
        .map(move |p| p.unwrap_or_else(|e| panic!("{shown}: {e}")).data)
}

/// Compares the frames that left `port` live (`live`) and in the replay
/// (`sim`) as they are read, with the streaming comparison of `tandem check`
/// (`runner::diff`: per flow in order, across flows in any order), fed one
/// frame of each in turn; frames for which `loose` holds may sit elsewhere
/// in their flow. Panics on the first difference, with both versions and
/// their places; returns the comparison's counters.
pub fn compare_port(
    port: u16,
    live: impl IntoIterator<Item = Vec<u8>>,
    sim: impl IntoIterator<Item = Vec<u8>>,
    loose: &dyn Fn(&[u8]) -> bool,
) -> runner::diff::Stats {
    use runner::diff::{Diff, Mismatch, Side};
    let mut d = Diff::default();
    let (mut live, mut sim) = (live.into_iter(), sim.into_iter());
    let mut n = [0u64; 2];
    loop {
        let (a, b) = (live.next(), sim.next());
        if a.is_none() && b.is_none() {
            break;
        }
        for (side, f) in [(Side::A, a), (Side::B, b)] {
            let Some(f) = f else { continue };
            let i = &mut n[usize::from(side == Side::B)];
            d.packet(side, port, &f, *i, loose(&f))
                .unwrap_or_else(|e| panic!("port {port}: live and replay drift apart: {e}"));
            *i += 1;
        }
    }
    let done = d.finish();
    let show = |side: &str, p: &runner::diff::Packet| {
        format!("{side} frame {}: {}", p.origin, describe(&p.frame))
    };
    match done.mismatches.first() {
        None => {}
        Some(Mismatch::Changed { flow, a, b, .. }) => panic!(
            "port {port}, flow {flow}: live and replay differ\n {}\n {}",
            show("live", a),
            show("replay", b)
        ),
        Some(Mismatch::Reordered { flow, a, b, .. }) => panic!(
            "port {port}, flow {flow}: live and replay sent this frame in another order within the flow\n {}\n {}",
            show("live", a),
            show("replay", b)
        ),
        Some(Mismatch::Missing {
            flow, side, packet, ..
        }) => {
            let (run, other) = if *side == Side::A {
                ("live", "replay")
            } else {
                ("replay", "live")
            };
            panic!(
                "port {port}, flow {flow}: a frame only {run} sent ({other} has none like it there)\n {}",
                show(run, packet)
            )
        }
        Some(Mismatch::Event { event, .. }) => panic!("port {port}: event {event}"),
    }
    assert_eq!(n[0], n[1], "port {port}: frames live vs replay");
    done.stats
}

/// Requires that `live` and `sim`, the frames that left `port`, are the same
/// frames with each flow's in the same order (the order across flows may
/// differ where timing decides it). Returns whether the whole order agreed.
pub fn assert_same_per_flow(
    port: u16,
    live: impl IntoIterator<Item = Vec<u8>>,
    sim: impl IntoIterator<Item = Vec<u8>>,
) -> bool {
    let s = compare_port(port, live, sim, &|_| false);
    s.reordered_across_flows == 0 && s.reordered_in_flows == 0
}

/// Timestamped frames of a pcap.
pub fn stamped(path: &Path) -> Vec<(u64, Vec<u8>)> {
    trace::pcap::PcapReader::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .map(|p| {
            let p = p.unwrap_or_else(|e| panic!("{e}"));
            (p.ts_ns, p.data)
        })
        .collect()
}

/// Frames a replay (`tandem run` of a partitioned NF, `tandem filter run`;
/// `arrivals` its inputs, `departures` an output pcap with its stamps) held
/// for output commit: they left more than 100 µs after they arrived (a
/// packet the switch decides leaves at once in `tandem run` and after 1 µs
/// in `tandem filter run`, one CoFilter's agent decides without changing
/// entries after about 24 µs; a held one waits for a 130 µs control
/// operation at least). A departure is matched to its arrival by what the
/// NF's rewrites leave alone ([`unrewritten`]), in order.
pub fn held(
    arrivals: &[(u64, Vec<u8>)],
    departures: &[(u64, Vec<u8>)],
) -> std::collections::HashSet<Vec<u8>> {
    let mut at: std::collections::HashMap<Vec<u8>, Vec<u64>> = std::collections::HashMap::new();
    for (t, f) in arrivals.iter().rev() {
        at.entry(unrewritten(f)).or_default().push(*t);
    }
    departures
        .iter()
        .filter(|(left, f)| {
            at.get_mut(&unrewritten(f))
                .and_then(Vec::pop)
                .is_some_and(|arrived| left.saturating_sub(arrived) > 100_000)
        })
        .map(|(_, f)| f.clone())
        .collect()
}

/// A frame without what the example NFs rewrite (IPv4 addresses, TCP/UDP
/// ports) or fix after a rewrite (the IPv4 and TCP/UDP checksums): what a
/// frame that left an NAT or a load balancer has in common with the frame
/// it came from. For TCP the IPv4 identification, sequence and
/// acknowledgement numbers, flags and timestamps keep it apart from every
/// other frame of a run. Other frames are whole.
pub fn unrewritten(f: &[u8]) -> Vec<u8> {
    let mut k = f.to_vec();
    if f.len() < 34 || f[12..14] != [0x08, 0x00] {
        return k;
    }
    let l4 = 14 + usize::from(f[14] & 0x0f) * 4;
    k[24..34].fill(0);
    let sum = match f[23] {
        6 => Some(l4 + 16),
        17 => Some(l4 + 6),
        _ => None,
    };
    if let Some(sum) = sum.filter(|&s| f.len() >= s + 2) {
        k[l4..l4 + 4].fill(0);
        k[sum..sum + 2].fill(0);
    }
    k
}

/// Per flow, the hosts received exactly the frames the replay forwarded,
/// in the replay's order except for frames the replay held for output
/// commit: how long a hold lasts against the next packets of its flow
/// depends on arrival spacing and on how long the live hold took, which
/// the replay does not reproduce (with tcpdump's stamps: the establishing
/// ACK and the request 34 µs behind it reached `tandem filter live` 1 ms
/// apart, one ring block later, and the ACK left first; in the replay the
/// request overtook the held ACK), so those may sit elsewhere in their
/// flow. Returns whether
/// the order agreed without that allowance too (within each flow).
pub fn assert_same_per_flow_but_held(
    port: u16,
    live: impl IntoIterator<Item = Vec<u8>>,
    sim: impl IntoIterator<Item = Vec<u8>>,
    held: &std::collections::HashSet<Vec<u8>>,
) -> bool {
    compare_port(port, live, sim, &|f| held.contains(f)).reordered_in_flows == 0
}
