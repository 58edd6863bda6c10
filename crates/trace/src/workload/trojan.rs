//! The `trojan` workload: hosts running sequences of application sessions.
//!
//! Gallium §6.1's Trojan detector flags a host that (1) opens an SSH connection,
//! then (2) downloads an HTML file over HTTP or a .zip/.exe over FTP, then (3) sends
//! IRC traffic. A share `trojan_share` of host plans follow that order, with benign
//! sessions mixed in between. Every other plan leaves out one of the three steps
//! (chosen at random) but may do the other two in any order, so the detector sees
//! partial sequences too. A host's sessions never overlap in time, so "in order"
//! is unambiguous; the ground truth is computed from what was generated.

use std::collections::BTreeMap;
use std::net::Ipv4Addr;

use rand::Rng;
use rand::seq::IndexedRandom;

use super::apps::{self, Session};
use super::context::Ctx;

/// Mean idle time between two sessions of one host.
const THINK_MEAN_NS: f64 = 5_000_000.0;

/// Benign file types fetched over HTTP (not the detector's HTML download).
const BENIGN_HTTP: [&str; 5] = ["css", "png", "js", "zip", "exe"];
/// Benign files fetched over FTP (not .zip/.exe).
const BENIGN_FTP: [&str; 3] = ["txt", "pdf", "tar"];

fn benign(rng: &mut impl Rng) -> Session {
    match rng.random_range(0..4) {
        0 => Session::Https,
        1 => Session::Http(BENIGN_HTTP.choose(rng).copied().unwrap_or("css")),
        2 => Session::Ftp(BENIGN_FTP.choose(rng).copied().unwrap_or("txt")),
        _ => Session::Https,
    }
}

fn download(rng: &mut impl Rng) -> Session {
    match rng.random_range(0..4) {
        0 => Session::Http("html"),
        1 => Session::Http("htm"),
        2 => Session::Ftp("zip"),
        _ => Session::Ftp("exe"),
    }
}

/// A host's sessions, in order.
fn plan(rng: &mut impl Rng, trojan: bool) -> Vec<Session> {
    let irc = Session::Irc(rng.random_range(0..10));
    let mut steps = vec![Session::Ssh, download(rng), irc];
    if !trojan {
        // Drop one step and shuffle the rest: a decoy with a partial sequence.
        let drop = rng.random_range(0..3);
        steps.remove(drop);
        if rng.random_bool(0.5) {
            steps.reverse();
        }
    }
    let mut out = Vec::new();
    for s in steps {
        while rng.random_bool(0.4) {
            out.push(benign(rng));
        }
        out.push(s);
    }
    if rng.random_bool(0.5) {
        out.push(benign(rng));
    }
    out
}

/// Generates sessions until `opts.flows` connections exist; returns the hosts whose
/// sessions, in time order, contain SSH, then a download, then IRC.
pub(crate) fn generate(ctx: &mut Ctx<'_>) -> Vec<Ipv4Addr> {
    let mut remaining = ctx.opts.flows;
    let mut host = 0u32;
    // Per host: (start time, session) of everything it ran, for the ground truth.
    let mut history: BTreeMap<Ipv4Addr, Vec<(u64, Session)>> = BTreeMap::new();
    while remaining > 0 {
        let trojan = ctx.rng.random_bool(ctx.opts.trojan_share);
        let sessions = plan(&mut ctx.rng, trojan);
        let ip = ctx.client(host);
        host += 1;
        let mut t = ctx.next_arrival();
        for s in sessions {
            if remaining == 0 {
                break;
            }
            let data_allowed = remaining >= 2;
            let before = ctx.conns.len();
            let end = apps::run(ctx, &s, ip, t, data_allowed);
            remaining = remaining.saturating_sub((ctx.conns.len() - before) as u32);
            history.entry(ip).or_default().push((t, s));
            let u: f64 = ctx.rng.random();
            t = end + (-(1.0 - u).ln() * THINK_MEAN_NS) as u64;
        }
    }
    history
        .into_iter()
        .filter_map(|(ip, mut h)| {
            h.sort_by_key(|e| e.0);
            is_trojan(h.iter().map(|e| &e.1)).then_some(ip)
        })
        .collect()
}

/// The detector's rule over a host's sessions in time order.
pub(crate) fn is_trojan<'a>(sessions: impl IntoIterator<Item = &'a Session>) -> bool {
    let mut stage = 0;
    for s in sessions {
        stage = match (stage, s) {
            (0, Session::Ssh) => 1,
            (1, s) if s.is_download() => 2,
            (2, Session::Irc(_)) => return true,
            (st, _) => st,
        };
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn rule_requires_the_order() {
        use Session::*;
        assert!(is_trojan(&[Ssh, Https, Http("html"), Irc(3)]));
        assert!(is_trojan(&[Ssh, Ftp("exe"), Ftp("txt"), Irc(0)]));
        assert!(!is_trojan(&[Irc(1), Ssh, Http("html")]));
        assert!(
            !is_trojan(&[Ssh, Http("zip"), Irc(1)]),
            "a .zip over HTTP is not the download step"
        );
        assert!(!is_trojan(&[Ssh, Irc(2)]));
    }

    #[test]
    fn plans_follow_their_label() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..500 {
            assert!(is_trojan(&plan(&mut rng, true)));
            assert!(!is_trojan(&plan(&mut rng, false)));
        }
    }
}
