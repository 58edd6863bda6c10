//! What the proxy redirector and the Trojan detector are for, observed on
//! the hosts, whatever runs the NF between them (two processes, or `tandem
//! live` with its switch part in XDP): the set-up each needs on the hosts,
//! the traffic, and the checks on what the hosts saw.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddrV4, TcpListener};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::Duration;

use testnet::Cidr;

use super::live::{connect_from, download, servers, stop_servers};
use super::netns::{CLIENT_IP, Topology};

/// The web port the proxy redirects.
pub const WEB_PORT: u16 = 8080;

/// The proxy's set-up: the web server and, on the same host under a second
/// address, the proxy, which answers as the server the client asked for
/// (its replies leave with the server's address and port, a stateless
/// rewrite in its namespace, as an intercepting proxy does).
pub struct Proxy {
    /// The web server (its port is redirected).
    pub web: SocketAddrV4,
    /// Another port on the web server (not redirected).
    pub other: SocketAddrV4,
    /// The proxy.
    pub proxy: SocketAddrV4,
    /// `examples/nf/proxy.nf` with its parameters for this set-up.
    pub program: Vec<String>,
}

impl Proxy {
    /// Adds the proxy's address and rewrite to `topo`'s server host.
    pub fn new(topo: &Topology, nf: &str) -> Proxy {
        let ns = topo.servers[0].clone();
        let web = SocketAddrV4::new(topo.server_ip(0), WEB_PORT);
        let other = SocketAddrV4::new(topo.server_ip(0), WEB_PORT + 1);
        let proxy = SocketAddrV4::new(Ipv4Addr::new(198, 19, 0, 3), 3128);
        let rules = format!(
            "table ip proxy {{\n  chain out {{\n    type filter hook output priority 0;\n    \
             ip saddr {} tcp sport {} ip saddr set {} tcp sport set {}\n  }}\n}}\n",
            proxy.ip(),
            proxy.port(),
            web.ip(),
            web.port()
        );
        topo.net.extend(|b| {
            b.addr(&topo.behind1, Cidr::new(*proxy.ip(), 24))
                .nft(&ns, &rules);
        });
        let program = vec![
            nf.to_string(),
            "--set".into(),
            format!("ports={WEB_PORT}"),
            "--set".into(),
            format!("proxy_ip={}", proxy.ip()),
            "--set".into(),
            format!("proxy_port={}", proxy.port()),
        ];
        Proxy {
            web,
            other,
            proxy,
            program,
        }
    }

    /// Two downloads from the web port and one from the other port; the
    /// web connections must reach the proxy (each seen there with the
    /// client's own address) and never the web server, the other port the
    /// web server unchanged.
    pub fn run(&self, topo: &Topology) {
        let ns = topo.servers[0].clone();
        let (web, other, proxy) = (self.web, self.other, self.proxy);
        let (stop, handles) =
            servers(&[(ns.clone(), web), (ns.clone(), other), (ns.clone(), proxy)]);
        let clients = topo.client.run(move || {
            let a = download(web, 0, 200_000);
            let b = download(web, 1, 3_000);
            let c = download(other, 2, 100_000);
            (a, b, c)
        });
        let served = stop_servers(stop, handles);
        assert!(
            served[0].is_empty(),
            "the web server was reached: {:?}",
            served[0]
        );
        assert_eq!(
            served[2],
            [clients.0, clients.1],
            "the proxy served the web connections"
        );
        assert_eq!(served[1], [clients.2], "the other port is not redirected");
    }
}

/// A server on `addr` in `ns` that reads one request (up to an empty line
/// or 5 s), answers `reply` and closes; it counts the connections it
/// served until `stop`.
fn line_server(
    ns: &testnet::Ns,
    addr: SocketAddrV4,
    reply: &'static [u8],
    stop: Arc<AtomicBool>,
    ready: mpsc::Sender<()>,
) -> thread::JoinHandle<usize> {
    ns.thread(move || {
        let listener = TcpListener::bind(addr).expect("bind");
        listener.set_nonblocking(true).expect("nonblocking");
        let _ = ready.send(());
        let mut served = 0;
        loop {
            match listener.accept() {
                Ok((conn, _)) => {
                    conn.set_nonblocking(false).expect("blocking");
                    conn.set_read_timeout(Some(Duration::from_secs(5)))
                        .expect("timeout");
                    let mut r = BufReader::new(&conn);
                    let mut line = String::new();
                    while r.read_line(&mut line).is_ok_and(|k| k > 0) {
                        if line.ends_with("\r\n\r\n") || line.trim().is_empty() {
                            break;
                        }
                    }
                    (&conn).write_all(reply).expect("reply");
                    served += 1;
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    if stop.load(Ordering::Relaxed) {
                        return served;
                    }
                    thread::sleep(Duration::from_millis(5));
                }
                Err(e) => panic!("accept on {addr}: {e}"),
            }
        }
    })
}

/// From `local`'s address: connects to `to`, sends `request`, reads the
/// whole answer.
fn exchange(local: Ipv4Addr, to: SocketAddrV4, request: &[u8]) -> Vec<u8> {
    let mut c = connect_from(SocketAddrV4::new(local, 0), to, Duration::from_secs(5))
        .unwrap_or_else(|e| panic!("connect to {to}: {e}"));
    c.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    c.write_all(request).expect("request");
    let mut got = Vec::new();
    c.read_to_end(&mut got).expect("answer");
    got
}

/// A second inside host on the client, which does the Trojan's three
/// things in the wrong order (no event).
pub const OTHER_HOST: Ipv4Addr = Ipv4Addr::new(198, 18, 0, 3);

/// Adds [`OTHER_HOST`] to `topo`'s client.
pub fn trojan_hosts(topo: &Topology) {
    topo.net.extend(|b| {
        b.addr(&topo.c0, Cidr::new(OTHER_HOST, 24));
    });
}

/// SSH, HTTP and IRC servers on the server host; [`OTHER_HOST`] talks to
/// them in the wrong order (IRC, download, SSH), then the client in the
/// Trojan's (SSH, the HTML download, IRC). Every exchange must be answered.
pub fn trojan_traffic(topo: &Topology) {
    let srv = topo.server_ip(0);
    let (ssh, http, irc) = (
        SocketAddrV4::new(srv, 22),
        SocketAddrV4::new(srv, 80),
        SocketAddrV4::new(srv, 6667),
    );
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, ready) = mpsc::channel();
    let handles: Vec<_> = [
        (ssh, &b"SSH-2.0-test\r\n"[..]),
        (http, &b"HTTP/1.0 200 OK\r\n\r\n<html></html>"[..]),
        (irc, &b":irc 001 x :welcome\r\n"[..]),
    ]
    .into_iter()
    .map(|(a, r)| line_server(&topo.servers[0], a, r, stop.clone(), tx.clone()))
    .collect();
    for _ in 0..3 {
        ready
            .recv_timeout(Duration::from_secs(10))
            .expect("listening");
    }
    let answers = topo.client.run(move || {
        let get = b"GET /index.html HTTP/1.0\r\n\r\n";
        let irc_req = b"NICK someone\r\n\r\n";
        let ssh_req = b"SSH-2.0-client\r\n\r\n";
        let wrong = [
            exchange(OTHER_HOST, irc, irc_req),
            exchange(OTHER_HOST, http, get),
            exchange(OTHER_HOST, ssh, ssh_req),
        ];
        let right = [
            exchange(CLIENT_IP, ssh, ssh_req),
            exchange(CLIENT_IP, http, get),
            exchange(CLIENT_IP, irc, irc_req),
        ];
        (wrong, right)
    });
    stop.store(true, Ordering::Relaxed);
    let served: Vec<usize> = handles
        .into_iter()
        .map(|h| h.join().expect("server"))
        .collect();
    // Everything was forwarded: every exchange got its answer.
    assert_eq!(served, [2, 2, 2]);
    for a in answers.0.iter().chain(&answers.1) {
        assert!(!a.is_empty(), "an exchange got no answer");
    }
}

/// The events of a Trojan run: exactly one, for the client.
pub fn assert_trojan_event(events: &[serde_json::Value]) {
    assert_eq!(events.len(), 1, "one host did all three, once: {events:?}");
    assert_eq!(events[0]["event"], "trojan");
    assert_eq!(events[0]["fields"]["host"], CLIENT_IP.to_string());
}
