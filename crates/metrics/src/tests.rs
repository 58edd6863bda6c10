//! The exposition as a scraper sees it: parsed back, over HTTP.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::time::Duration;

use super::*;

/// Samples of an exposition text: `name{labels}` to value.
fn samples(text: &str) -> BTreeMap<String, f64> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (k, v) = l.rsplit_once(' ').expect("name value");
            (k.to_string(), v.parse().expect("a number"))
        })
        .collect()
}

/// Sends `request` to `addr`; the status line and the rest.
fn fetch(addr: SocketAddr, request: &str) -> (String, String) {
    let mut c = TcpStream::connect(addr).expect("connect");
    c.set_read_timeout(Some(Duration::from_secs(5)))
        .expect("timeout");
    c.write_all(request.as_bytes()).expect("write");
    let mut out = String::new();
    c.read_to_string(&mut out).expect("read");
    let (status, rest) = out.split_once("\r\n").expect("status line");
    (status.to_string(), rest.to_string())
}

fn get(addr: SocketAddr, path: &str, accept: &str) -> (String, String) {
    fetch(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: x\r\nAccept: {accept}\r\n\r\n"),
    )
}

fn body(rest: &str) -> &str {
    rest.split_once("\r\n\r\n").expect("head").1
}

#[test]
fn snapshot_counters_and_gauges_encode_with_labels_and_move_when_republished() {
    let m = Metrics::new();
    let board = m.board();
    let mut s = Snapshot::new();
    s.counter(
        "tandem_port_rx_frames",
        "Frames received.",
        &[("port", "0")],
        5,
    );
    s.counter(
        "tandem_port_rx_frames",
        "Frames received.",
        &[("port", "1")],
        7,
    );
    s.gauge("tandem_table_entries", "Entries.", &[("table", "nat")], 3.0);
    s.gauge("tandem_table_entries", "Entries.", &[("table", "nat")], 4.0);
    // Another type under a name already used is not served.
    s.counter("tandem_table_entries", "Entries.", &[("table", "x")], 1);
    assert_eq!(
        s.get("tandem_table_entries", &[("table", "nat")]),
        Some(4.0)
    );
    board.publish(s);
    let text = m.encode();
    assert!(
        text.contains("# TYPE tandem_port_rx_frames counter"),
        "{text}"
    );
    assert!(text.contains("# TYPE tandem_table_entries gauge"), "{text}");
    assert!(text.ends_with("# EOF\n"), "{text}");
    let v = samples(&text);
    assert_eq!(v[r#"tandem_port_rx_frames_total{port="0"}"#], 5.0);
    assert_eq!(v[r#"tandem_port_rx_frames_total{port="1"}"#], 7.0);
    assert_eq!(v[r#"tandem_table_entries{table="nat"}"#], 4.0);
    assert!(!v.contains_key(r#"tandem_table_entries{table="x"}"#));
    assert!(v["process_cpu_seconds_total"] > 0.0);

    let mut s = Snapshot::new();
    s.counter(
        "tandem_port_rx_frames",
        "Frames received.",
        &[("port", "0")],
        9,
    );
    board.publish(s);
    let v = samples(&m.encode());
    assert_eq!(v[r#"tandem_port_rx_frames_total{port="0"}"#], 9.0);
}

#[test]
fn label_values_are_escaped() {
    let m = Metrics::new();
    let mut s = Snapshot::new();
    s.gauge("t", "T.", &[("table", "a\"b\\c\nd")], 1.0);
    m.board().publish(s);
    assert!(
        m.encode().contains(r#"t{table="a\"b\\c\nd"} 1"#),
        "{}",
        m.encode()
    );
}

#[test]
fn histograms_count_observations_in_their_buckets() {
    let mut m = Metrics::new();
    let h = m.histogram("tandem_write_seconds", "Write latency.", latency_buckets());
    h.observe(80e-6);
    h.observe(0.3);
    let v = samples(&m.encode());
    assert_eq!(v["tandem_write_seconds_count"], 2.0);
    assert_eq!(v[r#"tandem_write_seconds_bucket{le="0.0001"}"#], 1.0);
    assert_eq!(v[r#"tandem_write_seconds_bucket{le="+Inf"}"#], 2.0);
    assert!((v["tandem_write_seconds_sum"] - 0.30008).abs() < 1e-9);
}

#[test]
fn cpu_seconds_advance_with_work() {
    let before = process::cpu_seconds();
    let mut x = 0u64;
    let t = std::time::Instant::now();
    while t.elapsed() < Duration::from_millis(30) {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
    }
    assert!(x != 1);
    assert!(process::cpu_seconds() > before);
}

#[test]
fn the_endpoint_serves_metrics_in_either_format_and_refuses_the_rest() {
    let m = Metrics::new();
    let board = m.board();
    let mut s = Snapshot::new();
    s.counter("tandem_x", "X.", &[], 1);
    board.publish(s);
    let server = m
        .serve("127.0.0.1:0".parse().expect("addr"))
        .expect("serve");
    let addr = server.addr();
    assert_ne!(addr.port(), 0);
    assert_eq!(server.url(), format!("http://{addr}/metrics"));

    let (status, rest) = get(
        addr,
        "/metrics",
        "application/openmetrics-text;version=1.0.0",
    );
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(
        rest.contains(&format!("Content-Type: {}", http::OPENMETRICS)),
        "{rest}"
    );
    assert!(body(&rest).ends_with("# EOF\n"));
    assert_eq!(samples(body(&rest))["tandem_x_total"], 1.0);

    let mut s = Snapshot::new();
    s.counter("tandem_x", "X.", &[], 2);
    board.publish(s);
    let (status, rest) = get(addr, "/metrics?x=1", "*/*");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(
        rest.contains("Content-Type: text/plain; version=0.0.4"),
        "{rest}"
    );
    assert!(!body(&rest).contains("# EOF"));
    assert_eq!(samples(body(&rest))["tandem_x_total"], 2.0);

    assert_eq!(get(addr, "/", "*/*").0, "HTTP/1.1 404 Not Found");
    let post = fetch(addr, "POST /metrics HTTP/1.1\r\n\r\n");
    assert_eq!(post.0, "HTTP/1.1 405 Method Not Allowed");
    let long = format!("GET /metrics HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(9000));
    let mut c = TcpStream::connect(addr).expect("connect");
    let _ = c.write_all(long.as_bytes());
    let mut out = String::new();
    let _ = c.read_to_string(&mut out);
    assert!(out.starts_with("HTTP/1.1 431"), "{out}");
    assert_eq!(
        fetch(addr, "nonsense\r\n\r\n").0,
        "HTTP/1.1 400 Bad Request"
    );
    // A client that says nothing holds the endpoint for IO_TIMEOUT at most.
    let _idle = TcpStream::connect(addr).expect("connect");
    let t = std::time::Instant::now();
    assert_eq!(get(addr, "/metrics", "*/*").0, "HTTP/1.1 200 OK");
    assert!(t.elapsed() < http::IO_TIMEOUT + Duration::from_secs(1));
}

#[test]
fn a_taken_address_is_an_error_naming_it() {
    let taken = TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = taken.local_addr().expect("addr");
    let e = Metrics::new().serve(addr).expect_err("taken");
    assert!(e.to_string().contains(&addr.to_string()), "{e}");
}

#[test]
fn requests_parse_to_method_path_and_accept() {
    let r = http::parse_request("GET /metrics?a=b HTTP/1.1\r\nACCEPT: text/plain\r\nHost: h")
        .expect("parses");
    assert_eq!(r.method, "GET");
    assert_eq!(r.path, "/metrics");
    assert_eq!(r.accept.as_deref(), Some("text/plain"));
    assert!(http::parse_request("GET /metrics").is_none());
    assert!(http::parse_request("GET /metrics SPDY/3").is_none());
}
