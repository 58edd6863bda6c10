//! A real-TCP load generator on kernel sockets: Gallium's realistic workloads
//! (§6.3: "100 threads to send traffic, with each thread handling one
//! connection at a time") and a TCP ping-pong for latency (what NPtcp measures).
//!
//! The wire protocol is one request per connection: the client sends a 9-byte
//! header, a kind byte and a big-endian `u64`:
//! - kind 0, a flow: the server sends that many bytes and closes; the flow's
//!   completion time runs from the client's `connect` until it has read the last
//!   byte and the server's close.
//! - kind 1, a ping-pong: the server echoes every byte it reads until the client
//!   closes; the number is ignored.
//!
//! # Bounds
//! The server serves at most [`Server::MAX_CONNECTIONS`] connections at once
//! (one thread each); a connection beyond that is closed at once and counted in
//! [`ServerStats::refused`]. A request header that does not arrive within
//! [`Server::HEADER_TIMEOUT`], or names an unknown kind, closes the connection and
//! counts in [`ServerStats::bad_requests`].

use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anyhow::Context;
use serde::{Deserialize, Serialize};

/// Request kinds (the first byte of a request).
const KIND_FLOW: u8 = 0;
const KIND_PING: u8 = 1;
/// The size of a request header.
const HEADER: usize = 9;
/// What the server writes a flow from.
const CHUNK: usize = 64 * 1024;
/// The bytes of every flow.
static PAYLOAD: [u8; CHUNK] = [0x5a; CHUNK];

/// What a server counted.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerStats {
    /// Connections accepted and served.
    pub served: u64,
    /// Connections closed at once because [`Server::MAX_CONNECTIONS`] were open.
    pub refused: u64,
    /// Connections whose request was late, short or of an unknown kind.
    pub bad_requests: u64,
    /// Bytes sent in flows.
    pub bytes: u64,
}

#[derive(Default)]
struct Counters {
    served: AtomicU64,
    refused: AtomicU64,
    bad_requests: AtomicU64,
    bytes: AtomicU64,
    open: AtomicUsize,
}

/// The server side: a listener and one thread per connection.
pub struct Server {
    addr: SocketAddr,
    /// The listening socket (a clone of the accept thread's), shut down to
    /// wake that thread from any namespace.
    listener: TcpListener,
    stop: Arc<AtomicBool>,
    counters: Arc<Counters>,
    accept: Option<JoinHandle<()>>,
}

impl Server {
    /// Connections served at once.
    pub const MAX_CONNECTIONS: usize = 1024;
    /// How long a request header may take to arrive.
    pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);

    /// Listens on `addr` (port 0 picks one: see [`Server::addr`]).
    pub fn start(addr: SocketAddr) -> anyhow::Result<Server> {
        let listener = TcpListener::bind(addr).with_context(|| format!("listen on {addr}"))?;
        let addr = listener.local_addr().context("the listener's address")?;
        let stop = Arc::new(AtomicBool::new(false));
        let counters = Arc::new(Counters::default());
        let own = listener.try_clone().context("clone the listener")?;
        let accept = {
            let (stop, counters) = (Arc::clone(&stop), Arc::clone(&counters));
            std::thread::Builder::new()
                .name("tcpload-accept".into())
                .spawn(move || accept_loop(&listener, &stop, &counters))
                .context("start the accept thread")?
        };
        Ok(Server {
            addr,
            listener: own,
            stop,
            counters,
            accept: Some(accept),
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// What it counted so far.
    pub fn stats(&self) -> ServerStats {
        let c = &self.counters;
        ServerStats {
            served: c.served.load(Ordering::Relaxed),
            refused: c.refused.load(Ordering::Relaxed),
            bad_requests: c.bad_requests.load(Ordering::Relaxed),
            bytes: c.bytes.load(Ordering::Relaxed),
        }
    }

    /// Stops accepting (connections being served finish on their own) and
    /// returns the counts.
    pub fn stop(mut self) -> ServerStats {
        self.shut();
        self.stats()
    }

    fn shut(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the blocking accept: on Linux, shutdown(2) of a listening
        // socket makes accept return EINVAL.
        let _ = rustix::net::shutdown(&self.listener, rustix::net::Shutdown::Read);
        if let Some(t) = self.accept.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if self.accept.is_some() {
            self.shut();
        }
    }
}

fn accept_loop(listener: &TcpListener, stop: &AtomicBool, counters: &Arc<Counters>) {
    for conn in listener.incoming() {
        if stop.load(Ordering::SeqCst) {
            return;
        }
        let conn = match conn {
            Ok(c) => c,
            // A shut-down listener answers EINVAL for good.
            Err(e) if e.raw_os_error() == Some(22) => return,
            Err(_) => continue,
        };
        if counters.open.fetch_add(1, Ordering::SeqCst) >= Server::MAX_CONNECTIONS {
            counters.open.fetch_sub(1, Ordering::SeqCst);
            counters.refused.fetch_add(1, Ordering::Relaxed);
            continue;
        }
        let c = Arc::clone(counters);
        let spawned = std::thread::Builder::new()
            .name("tcpload-conn".into())
            .stack_size(64 * 1024)
            .spawn(move || {
                match serve(conn, &c) {
                    Ok(()) => c.served.fetch_add(1, Ordering::Relaxed),
                    Err(_) => c.bad_requests.fetch_add(1, Ordering::Relaxed),
                };
                c.open.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            counters.open.fetch_sub(1, Ordering::SeqCst);
            counters.refused.fetch_add(1, Ordering::Relaxed);
        }
    }
}

fn serve(mut conn: TcpStream, counters: &Counters) -> io::Result<()> {
    conn.set_nodelay(true)?;
    conn.set_read_timeout(Some(Server::HEADER_TIMEOUT))?;
    let mut header = [0u8; HEADER];
    conn.read_exact(&mut header)?;
    let mut n = [0u8; 8];
    n.copy_from_slice(&header[1..]);
    let n = u64::from_be_bytes(n);
    match header[0] {
        KIND_FLOW => {
            conn.set_write_timeout(Some(Duration::from_secs(60)))?;
            let mut left = n;
            while left > 0 {
                let k = left.min(CHUNK as u64) as usize;
                conn.write_all(&PAYLOAD[..k])?;
                left -= k as u64;
                counters.bytes.fetch_add(k as u64, Ordering::Relaxed);
            }
            conn.shutdown(Shutdown::Write)?;
            // Read until the client closes, so that its last segments never
            // meet a closed socket (which would answer with a reset).
            let mut rest = [0u8; 64];
            conn.set_read_timeout(Some(Duration::from_secs(10)))?;
            while conn.read(&mut rest)? > 0 {}
            Ok(())
        }
        KIND_PING => {
            conn.set_read_timeout(Some(Duration::from_secs(30)))?;
            let mut b = [0u8; 1];
            loop {
                match conn.read(&mut b)? {
                    0 => return Ok(()),
                    _ => conn.write_all(&b)?,
                }
            }
        }
        k => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("unknown request kind {k}"),
        )),
    }
}

/// One flow as the client saw it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Flow {
    /// Bytes asked for.
    pub size: u64,
    /// When it started, µs after the run began.
    pub start_us: u64,
    /// Its completion time in µs (connect to the server's close), or `None` if
    /// it failed.
    pub fct_us: Option<u64>,
    /// Why it failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Options of [`run_flows`].
#[derive(Debug, Clone)]
pub struct FlowsOptions {
    /// Where the server listens (as the client reaches it: a NAT's inside view).
    pub target: SocketAddr,
    /// Client threads, each running one connection at a time.
    pub threads: usize,
    /// A flow that takes longer fails.
    pub flow_timeout: Duration,
    /// No flow starts after this much time; those not started are not reported.
    pub deadline: Duration,
}

/// Runs `sizes` as flows, in order, over `threads` threads, one connection at
/// a time each; returns one record per flow started, in the order of `sizes`.
pub fn run_flows(sizes: &[u64], o: &FlowsOptions) -> Vec<Flow> {
    let next = AtomicUsize::new(0);
    let began = Instant::now();
    let slots: Vec<std::sync::Mutex<Option<Flow>>> =
        sizes.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|s| {
        for _ in 0..o.threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&size) = sizes.get(i) else { return };
                    let start = began.elapsed();
                    if start > o.deadline {
                        return;
                    }
                    let t = Instant::now();
                    let r = one_flow(o.target, size, o.flow_timeout);
                    let flow = Flow {
                        size,
                        start_us: start.as_micros() as u64,
                        fct_us: r.as_ref().ok().map(|()| t.elapsed().as_micros() as u64),
                        error: r.err().map(|e| e.to_string()),
                    };
                    if let Ok(mut slot) = slots[i].lock() {
                        *slot = Some(flow);
                    }
                }
            });
        }
    });
    slots
        .into_iter()
        .filter_map(|m| m.into_inner().ok().flatten())
        .collect()
}

fn one_flow(target: SocketAddr, size: u64, timeout: Duration) -> io::Result<()> {
    let deadline = Instant::now() + timeout;
    let mut c = TcpStream::connect_timeout(&target, timeout)?;
    c.set_nodelay(true)?;
    let mut header = [0u8; HEADER];
    header[0] = KIND_FLOW;
    header[1..].copy_from_slice(&size.to_be_bytes());
    c.write_all(&header)?;
    let mut buf = vec![0u8; CHUNK];
    let mut got = 0u64;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(io::ErrorKind::TimedOut, "flow timed out"));
        }
        c.set_read_timeout(Some(left))?;
        match c.read(&mut buf)? {
            0 => break,
            k => got += k as u64,
        }
    }
    if got != size {
        return Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            format!("{got} of {size} bytes arrived"),
        ));
    }
    Ok(())
}

/// Round trips of a 1-byte TCP ping-pong over one connection, in ns each.
pub fn ping_pong(target: SocketAddr, count: usize, timeout: Duration) -> anyhow::Result<Vec<u64>> {
    let mut c = TcpStream::connect_timeout(&target, timeout)
        .with_context(|| format!("connect to {target}"))?;
    c.set_nodelay(true)?;
    c.set_read_timeout(Some(timeout))?;
    let mut header = [0u8; HEADER];
    header[0] = KIND_PING;
    c.write_all(&header)?;
    let mut rtts = Vec::with_capacity(count);
    let mut b = [7u8; 1];
    for i in 0..count {
        let t = Instant::now();
        c.write_all(&b)?;
        c.read_exact(&mut b)
            .with_context(|| format!("round trip {i} of {count}"))?;
        rtts.push(t.elapsed().as_nanos() as u64);
    }
    Ok(rtts)
}

/// Mean, standard deviation and percentiles of samples.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Samples.
    pub n: usize,
    /// Arithmetic mean.
    pub mean: f64,
    /// Standard deviation (of the population).
    pub std: f64,
    /// Median.
    pub p50: f64,
    /// 99th percentile.
    pub p99: f64,
}

impl Stats {
    /// Of `samples` (none: all zero).
    pub fn of(samples: &[f64]) -> Stats {
        let n = samples.len();
        if n == 0 {
            return Stats {
                n,
                mean: 0.0,
                std: 0.0,
                p50: 0.0,
                p99: 0.0,
            };
        }
        let mean = samples.iter().sum::<f64>() / n as f64;
        let var = samples.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n as f64;
        let mut s = samples.to_vec();
        s.sort_by(f64::total_cmp);
        let at = |q: f64| s[((q * (n - 1) as f64).round() as usize).min(n - 1)];
        Stats {
            n,
            mean,
            std: var.sqrt(),
            p50: at(0.5),
            p99: at(0.99),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loopback() -> Server {
        Server::start("127.0.0.1:0".parse().expect("address")).expect("server")
    }

    #[test]
    fn flows_of_every_size_arrive_whole_and_are_counted() {
        let server = loopback();
        let sizes = [0u64, 1, 9, 65_536, 65_537, 1_000_000];
        let flows = run_flows(
            &sizes,
            &FlowsOptions {
                target: server.addr(),
                threads: 3,
                flow_timeout: Duration::from_secs(10),
                deadline: Duration::from_secs(60),
            },
        );
        assert_eq!(flows.len(), sizes.len());
        for (f, s) in flows.iter().zip(sizes) {
            assert_eq!(f.size, s);
            assert!(f.fct_us.is_some(), "{f:?}");
        }
        // The server counts a connection once the client has closed it.
        let t = Instant::now();
        while server.stats().served < sizes.len() as u64 && t.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(5));
        }
        let st = server.stop();
        assert_eq!(st.served, sizes.len() as u64);
        assert_eq!(st.bytes, sizes.iter().sum::<u64>());
        assert_eq!(st.bad_requests, 0);
    }

    #[test]
    fn a_flow_to_nowhere_fails_with_its_reason() {
        // Bind and drop: nothing listens there any more.
        let addr = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("port");
        let flows = run_flows(
            &[10],
            &FlowsOptions {
                target: addr,
                threads: 1,
                flow_timeout: Duration::from_secs(2),
                deadline: Duration::from_secs(5),
            },
        );
        assert_eq!(flows.len(), 1);
        assert_eq!(flows[0].fct_us, None);
        assert!(flows[0].error.is_some());
    }

    #[test]
    fn ping_pong_answers_every_byte_and_bad_requests_are_counted() {
        let server = loopback();
        let rtts = ping_pong(server.addr(), 50, Duration::from_secs(5)).expect("ping-pong");
        assert_eq!(rtts.len(), 50);
        assert!(rtts.iter().all(|&r| r > 0));
        let mut bad = TcpStream::connect(server.addr()).expect("connect");
        bad.write_all(&[9u8; HEADER]).expect("write");
        let mut rest = Vec::new();
        let _ = bad.read_to_end(&mut rest);
        assert!(rest.is_empty());
        let t = Instant::now();
        while server.stats().bad_requests == 0 && t.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(server.stop().bad_requests, 1);
    }

    #[test]
    fn stats_are_those_of_the_samples() {
        let s = Stats::of(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(s.n, 4);
        assert!((s.mean - 2.5).abs() < 1e-12);
        assert!((s.std - 1.25f64.sqrt()).abs() < 1e-12);
        assert_eq!(s.p99, 4.0);
        assert_eq!(Stats::of(&[]).n, 0);
    }
}
