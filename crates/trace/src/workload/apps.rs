//! Application sessions for the `trojan` workload: the message exchanges of SSH,
//! HTTP GET, FTP (control + passive data), IRC and HTTPS, close enough to the real
//! protocols that payload inspection (Gallium's Trojan detector, §6.1) sees
//! what it looks for: TCP port 22, `GET /x.html`, `RETR x.zip`, ports 6660–6669.

use std::net::SocketAddrV4;

use rand::Rng;

use super::context::Ctx;
use super::flow::{Body, Message, Teardown, tcp_flow};
use super::model::{App, Side, Transport};

/// One session a host runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Session {
    Ssh,
    /// HTTP GET of a file with this extension.
    Http(&'static str),
    /// FTP login and RETR of a file with this extension (plus its data connection).
    Ftp(&'static str),
    /// IRC on port 6660 + n.
    Irc(u16),
    Https,
}

impl Session {
    /// The detector's "download" step: an HTML file over HTTP or a .zip/.exe over FTP.
    pub(crate) fn is_download(&self) -> bool {
        matches!(
            self,
            Session::Http("html" | "htm") | Session::Ftp("zip" | "exe")
        )
    }
}

/// Runs `session` for host `client_ip` from `start`; returns when it has ended.
pub(crate) fn run(
    ctx: &mut Ctx<'_>,
    session: &Session,
    client_ip: std::net::Ipv4Addr,
    start: u64,
    data_allowed: bool,
) -> u64 {
    let server_ip = ctx.random_server();
    let name = format!("f{:04}", ctx.rng.random_range(0..10_000u32));
    let (app, port, messages) = match session {
        Session::Ssh => (App::Ssh, 22, ssh(ctx)),
        Session::Http(ext) => (App::Http, 80, http(ctx, server_ip, &name, ext)),
        Session::Irc(n) => (App::Irc, 6660 + n % 10, irc(ctx)),
        Session::Https => (App::Https, 443, https(ctx)),
        Session::Ftp(ext) => {
            return ftp(ctx, client_ip, server_ip, &name, ext, start, data_allowed);
        }
    };
    let server = SocketAddrV4::new(server_ip, port);
    let client = ctx.client_socket(client_ip, server, Transport::Tcp);
    let timing = ctx.timing();
    let built = tcp_flow(
        &mut ctx.rng,
        start,
        timing,
        &messages,
        Teardown::Fin(Side::Client),
    );
    ctx.push(Transport::Tcp, app, client, server, built.packets);
    built.end_ns
}

fn fill(ctx: &mut Ctx<'_>, side: Side, lo: u64, hi: u64) -> Message {
    Message::new(side, Body::Fill(ctx.rng.random_range(lo..=hi)))
}

fn ssh(ctx: &mut Ctx<'_>) -> Vec<Message> {
    // RFC 4253 §4.2: both ends send an identification line first.
    let mut m = vec![
        Message::text(Side::Server, "SSH-2.0-OpenSSH_8.2p1 Ubuntu-4ubuntu0.5\r\n"),
        Message::text(Side::Client, "SSH-2.0-OpenSSH_9.0\r\n"),
        fill(ctx, Side::Client, 1200, 1500),
        fill(ctx, Side::Server, 900, 1200),
    ];
    for _ in 0..ctx.rng.random_range(2..6) {
        m.push(fill(ctx, Side::Client, 36, 200));
        m.push(fill(ctx, Side::Server, 36, 3000));
    }
    m
}

fn http(ctx: &mut Ctx<'_>, server: std::net::Ipv4Addr, name: &str, ext: &str) -> Vec<Message> {
    let (ctype, len) = match ext {
        "html" | "htm" => ("text/html", ctx.rng.random_range(500..=30_000u64)),
        "zip" => ("application/zip", ctx.rng.random_range(2_000..=200_000u64)),
        "exe" => (
            "application/octet-stream",
            ctx.rng.random_range(2_000..=200_000u64),
        ),
        _ => (
            "application/octet-stream",
            ctx.rng.random_range(200..=20_000u64),
        ),
    };
    let get = format!(
        "GET /{name}.{ext} HTTP/1.1\r\nHost: {server}\r\nUser-Agent: tandem-trace/0.1\r\nAccept: */*\r\n\r\n"
    );
    let head = format!("HTTP/1.1 200 OK\r\nContent-Type: {ctype}\r\nContent-Length: {len}\r\n\r\n");
    vec![
        Message::text(Side::Client, &get),
        Message::text(Side::Server, &head),
        Message::new(Side::Server, Body::Fill(len)),
    ]
}

fn irc(ctx: &mut Ctx<'_>) -> Vec<Message> {
    let nick = format!("u{:05}", ctx.rng.random_range(0..100_000u32));
    let mut m = vec![
        Message::text(
            Side::Client,
            &format!("NICK {nick}\r\nUSER {nick} 0 * :{nick}\r\n"),
        ),
        Message::text(
            Side::Server,
            &format!(":irc.tandem.test 001 {nick} :Welcome to the IRC network {nick}\r\n"),
        ),
        Message::text(Side::Client, "JOIN #ops\r\n"),
        Message::text(Side::Server, &format!(":{nick}!{nick}@host JOIN #ops\r\n")),
    ];
    for i in 0..ctx.rng.random_range(1..5) {
        m.push(Message::text(
            Side::Client,
            &format!("PRIVMSG #ops :status {i}\r\n"),
        ));
        m.push(Message::text(Side::Server, "PING :irc.tandem.test\r\n"));
        m.push(Message::text(Side::Client, "PONG :irc.tandem.test\r\n"));
    }
    m.push(Message::text(Side::Client, "QUIT :bye\r\n"));
    m
}

fn https(ctx: &mut Ctx<'_>) -> Vec<Message> {
    vec![
        fill(ctx, Side::Client, 250, 520),
        fill(ctx, Side::Server, 2500, 5000),
        fill(ctx, Side::Client, 80, 600),
        fill(ctx, Side::Server, 300, 60_000),
    ]
}

/// FTP (RFC 959) login, passive mode and RETR; the file travels on a second
/// connection to the port announced in the 227 reply, during the transfer phase.
fn ftp(
    ctx: &mut Ctx<'_>,
    client_ip: std::net::Ipv4Addr,
    server_ip: std::net::Ipv4Addr,
    name: &str,
    ext: &str,
    start: u64,
    data_allowed: bool,
) -> u64 {
    let size = ctx.rng.random_range(1_000..=150_000u64);
    let data_server = SocketAddrV4::new(server_ip, ctx.rng.random_range(50_000..=50_999));
    let data_client = ctx.client_socket(client_ip, data_server, Transport::Tcp);
    let data_timing = ctx.timing();
    // Build the transfer at time 0 first, to know how long the control connection
    // idles between "150" and "226".
    let data = tcp_flow(
        &mut ctx.rng,
        0,
        data_timing,
        &[Message::new(Side::Server, Body::Fill(size))],
        Teardown::Fin(Side::Server),
    );
    let [a, b, c, d] = server_ip.octets();
    let (p1, p2) = (data_server.port() >> 8, data_server.port() & 0xff);
    let file = format!("{name}.{ext}");
    let mut messages = vec![
        Message::text(Side::Server, "220 FTP server ready\r\n"),
        Message::text(Side::Client, "USER anonymous\r\n"),
        Message::text(Side::Server, "331 Please specify the password.\r\n"),
        Message::text(Side::Client, "PASS guest@\r\n"),
        Message::text(Side::Server, "230 Login successful.\r\n"),
        Message::text(Side::Client, "TYPE I\r\n"),
        Message::text(Side::Server, "200 Switching to Binary mode.\r\n"),
        Message::text(Side::Client, "PASV\r\n"),
        Message::text(
            Side::Server,
            &format!("227 Entering Passive Mode ({a},{b},{c},{d},{p1},{p2}).\r\n"),
        ),
        Message::text(Side::Client, &format!("RETR {file}\r\n")),
        Message::text(
            Side::Server,
            &format!("150 Opening BINARY mode data connection for {file} ({size} bytes).\r\n"),
        ),
        Message::text(Side::Server, "226 Transfer complete.\r\n"),
        Message::text(Side::Client, "QUIT\r\n"),
        Message::text(Side::Server, "221 Goodbye.\r\n"),
    ];
    const OPENING: usize = 10;
    if let Some(done) = messages.get_mut(OPENING + 1) {
        done.gap_ns = data.end_ns;
    }
    let server = SocketAddrV4::new(server_ip, 21);
    let client = ctx.client_socket(client_ip, server, Transport::Tcp);
    let timing = ctx.timing();
    let control = tcp_flow(
        &mut ctx.rng,
        start,
        timing,
        &messages,
        Teardown::Fin(Side::Client),
    );
    let data_start = control.message_ns.get(OPENING).copied().unwrap_or(start);
    ctx.push(
        Transport::Tcp,
        App::FtpControl,
        client,
        server,
        control.packets,
    );
    if data_allowed {
        let mut packets = data.packets;
        for p in &mut packets {
            p.ts_ns += data_start;
        }
        ctx.push(
            Transport::Tcp,
            App::FtpData,
            data_client,
            data_server,
            packets,
        );
    }
    control.end_ns
}
