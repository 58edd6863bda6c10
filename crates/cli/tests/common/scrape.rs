//! Reading a daemon's `--metrics` endpoint as Prometheus would: the address
//! it printed at start, then `GET /metrics` over a plain TCP connection.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::thread;
use std::time::Duration;

/// The `ADDR` of the `metrics on http://ADDR/metrics` line in the file
/// `log` (a daemon's stderr), waiting up to 20 s for it.
pub fn metrics_addr(log: &Path) -> SocketAddr {
    for _ in 0..400 {
        let all = std::fs::read_to_string(log).unwrap_or_default();
        let found = all.lines().find_map(|l| {
            let rest = l.split_once("metrics on http://")?.1;
            rest.strip_suffix("/metrics")?.parse().ok()
        });
        if let Some(a) = found {
            return a;
        }
        thread::sleep(Duration::from_millis(50));
    }
    panic!("{} never said where its metrics are", log.display());
}

/// One scrape: every sample (`name{labels}` to value) of the answer, after
/// checking that it is a 200 in the Prometheus text format.
pub fn scrape(addr: SocketAddr) -> BTreeMap<String, f64> {
    let mut c = TcpStream::connect(addr).unwrap_or_else(|e| panic!("connect {addr}: {e}"));
    c.set_read_timeout(Some(Duration::from_secs(5)))
        .expect("timeout");
    c.write_all(b"GET /metrics HTTP/1.1\r\nHost: test\r\n\r\n")
        .expect("request");
    let mut out = String::new();
    c.read_to_string(&mut out).expect("answer");
    let (head, body) = out.split_once("\r\n\r\n").expect("an HTTP answer");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(
        head.contains("Content-Type: text/plain; version=0.0.4"),
        "{head}"
    );
    body.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (k, v) = l.rsplit_once(' ').unwrap_or_else(|| panic!("sample {l:?}"));
            let v = v.parse().unwrap_or_else(|_| panic!("value of {l:?}"));
            (k.to_string(), v)
        })
        .collect()
}

/// The value of sample `key` (panics, listing what there is, when absent).
pub fn get(m: &BTreeMap<String, f64>, key: &str) -> f64 {
    *m.get(key)
        .unwrap_or_else(|| panic!("no {key} in {:#?}", m.keys().collect::<Vec<_>>()))
}

/// Scrapes until sample `key` reaches at least `min` (within 10 s: the
/// daemons publish every half second or second); returns that scrape.
pub fn scrape_until(addr: SocketAddr, key: &str, min: f64) -> BTreeMap<String, f64> {
    let mut last = BTreeMap::new();
    for _ in 0..100 {
        last = scrape(addr);
        if last.get(key).is_some_and(|v| *v >= min) {
            return last;
        }
        thread::sleep(Duration::from_millis(100));
    }
    panic!("{key} never reached {min}: {last:#?}");
}
