//! The `/metrics` endpoint: HTTP/1.1 on a std `TcpListener`, one thread,
//! one connection at a time.
//!
//! # Bounds
//! - one connection is served at a time, then closed (`Connection: close`):
//!   a scraper opens one per scrape; others wait in the listen backlog;
//! - a request's head is read up to [`MAX_REQUEST`] bytes and for at most
//!   [`IO_TIMEOUT`]; a larger or slower one gets 431 or is dropped;
//! - the answer is written with the same timeout.
//!
//! `GET /metrics` answers 200 in the OpenMetrics text format
//! when the `Accept` header asks for it (Prometheus does), otherwise in the
//! Prometheus text format 0.0.4 (curl); any other path is 404, any other
//! method 405. A hand-written server rather than an HTTP crate: these few
//! lines need no async runtime, and bounding them is simpler than
//! configuring a general server to the same bounds.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use prometheus_client::registry::Registry;

use crate::MetricsError;

/// Most bytes of a request's head (request line and headers).
pub const MAX_REQUEST: usize = 8 * 1024;

/// How long a connection may take to send its request or take the answer.
pub const IO_TIMEOUT: Duration = Duration::from_secs(2);

/// `Content-Type` of the OpenMetrics text format.
pub const OPENMETRICS: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// An exposition format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// OpenMetrics 1.0 text (ends with `# EOF`).
    OpenMetrics,
    /// Prometheus text 0.0.4.
    Prometheus,
}

impl Format {
    /// The format an `Accept` header asks for.
    pub fn from_accept(accept: Option<&str>) -> Format {
        match accept {
            Some(a) if a.contains("application/openmetrics-text") => Format::OpenMetrics,
            _ => Format::Prometheus,
        }
    }

    /// Its `Content-Type`.
    pub fn content_type(self) -> &'static str {
        match self {
            Format::OpenMetrics => OPENMETRICS,
            Format::Prometheus => prometheus_client::encoding::prometheus_text::CONTENT_TYPE,
        }
    }
}

/// `registry` in `format` (an encoding error, which only a collector
/// could cause, ends the text early with a comment saying so).
pub fn encode(registry: &Registry, format: Format) -> String {
    let mut out = String::new();
    let r = match format {
        Format::OpenMetrics => prometheus_client::encoding::text::encode(&mut out, registry),
        Format::Prometheus => {
            prometheus_client::encoding::prometheus_text::encode(&mut out, registry)
        }
    };
    if r.is_err() {
        out.push_str("# the exposition could not be encoded\n");
    }
    out
}

/// The serving thread; stops when dropped.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
}

impl Server {
    /// Serves `registry` on `listener` from a thread of its own.
    pub fn start(listener: TcpListener, registry: Arc<Registry>) -> Result<Server, MetricsError> {
        let addr = listener.local_addr().map_err(MetricsError::Thread)?;
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        std::thread::Builder::new()
            .name("metrics-http".into())
            .spawn(move || {
                for conn in listener.incoming() {
                    if flag.load(Ordering::Relaxed) {
                        return;
                    }
                    // A failed connection concerns its client only.
                    if let Ok(c) = conn {
                        let _ = answer(c, &registry);
                    }
                }
            })
            .map_err(MetricsError::Thread)?;
        Ok(Server { addr, stop })
    }

    /// The address it listens on (the port the system chose for port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://ADDR/metrics`.
    pub fn url(&self) -> String {
        format!("http://{}/metrics", self.addr)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // Wakes the accept so the thread sees the flag.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_millis(100));
    }
}

/// A request's head as far as the answer depends on it.
#[derive(Debug, PartialEq, Eq)]
pub struct Request {
    /// `GET`, ...
    pub method: String,
    /// The path without its query.
    pub path: String,
    /// The `Accept` header, if any.
    pub accept: Option<String>,
}

/// Parses a request head (`None`: not HTTP/1.x).
pub fn parse_request(head: &str) -> Option<Request> {
    let mut lines = head.split("\r\n");
    let mut first = lines.next()?.split(' ');
    let method = first.next()?.to_string();
    let target = first.next()?;
    if !first.next()?.starts_with("HTTP/1.") {
        return None;
    }
    let path = target.split('?').next().unwrap_or(target).to_string();
    let accept = lines
        .filter_map(|l| l.split_once(':'))
        .find(|(k, _)| k.trim().eq_ignore_ascii_case("accept"))
        .map(|(_, v)| v.trim().to_string());
    Some(Request {
        method,
        path,
        accept,
    })
}

/// Reads one request from `c` and answers it.
fn answer(mut c: TcpStream, registry: &Registry) -> std::io::Result<()> {
    c.set_read_timeout(Some(IO_TIMEOUT))?;
    c.set_write_timeout(Some(IO_TIMEOUT))?;
    let mut buf = vec![0u8; MAX_REQUEST];
    let mut len = 0;
    let end = loop {
        if let Some(i) = buf[..len].windows(4).position(|w| w == b"\r\n\r\n") {
            break Some(i);
        }
        if len == buf.len() {
            break None;
        }
        let n = c.read(&mut buf[len..])?;
        if n == 0 {
            return Ok(());
        }
        len += n;
    };
    let Some(end) = end else {
        return respond(
            &mut c,
            "431 Request Header Fields Too Large",
            "text/plain",
            b"",
        );
    };
    let req = std::str::from_utf8(&buf[..end])
        .ok()
        .and_then(parse_request);
    let Some(req) = req else {
        return respond(&mut c, "400 Bad Request", "text/plain", b"");
    };
    if req.method != "GET" {
        return respond(&mut c, "405 Method Not Allowed", "text/plain", b"");
    }
    if req.path != "/metrics" {
        return respond(&mut c, "404 Not Found", "text/plain", b"try /metrics\n");
    }
    let format = Format::from_accept(req.accept.as_deref());
    let body = encode(registry, format);
    respond(&mut c, "200 OK", format.content_type(), body.as_bytes())
}

fn respond(
    c: &mut TcpStream,
    status: &str,
    content_type: &str,
    body: &[u8],
) -> std::io::Result<()> {
    let allow = if status.starts_with("405") {
        "Allow: GET\r\n"
    } else {
        ""
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n{allow}Connection: close\r\n\r\n",
        body.len()
    );
    c.write_all(head.as_bytes())?;
    c.write_all(body)?;
    c.flush()
}
