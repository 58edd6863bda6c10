//! Declaring a topology ([`Builder`]) and owning what was made of it ([`Net`]).

use std::collections::BTreeSet;
use std::net::Ipv4Addr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

use crate::cmd;
use crate::gate::Root;
use crate::spec::{Cidr, Iface, Ns, Offloads, in_benchmark_range, mac_text};

/// The tags of the networks this process holds now: two at once with one tag
/// would share namespace names.
static TAGS: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

/// Root-namespace interfaces made by this process so far (their names must
/// differ across all its networks).
static ROOT_IFACES: AtomicU32 = AtomicU32::new(0);

/// One thing to make, in the order of [`Step::phase`]: namespaces, pairs, link
/// settings, links up, offloads (on a link that is up: veth starts the NAPI GRO
/// needs then), addresses, routes, neighbours (the MACs exist by then),
/// rulesets, sysctls (conntrack's appear once a ruleset loaded it).
#[derive(Debug)]
enum Step {
    Netns(Ns),
    Veth(Iface, Iface),
    Mac(Iface, [u8; 6]),
    Mtu(Iface, u32),
    Up(Iface),
    Offloads(Iface, Offloads),
    Addr(Iface, Cidr),
    Route(Iface, Option<Cidr>, Option<Ipv4Addr>),
    Neigh(Iface, Ipv4Addr, Iface),
    Nft(Ns, String),
    Sysctl(Ns, String, String),
}

impl Step {
    fn phase(&self) -> u8 {
        match self {
            Step::Netns(_) => 0,
            Step::Veth(..) => 1,
            Step::Mac(..) | Step::Mtu(..) => 2,
            Step::Up(_) => 3,
            Step::Offloads(..) => 4,
            Step::Addr(..) => 5,
            Step::Route(..) => 6,
            Step::Neigh(..) => 7,
            Step::Nft(..) => 8,
            Step::Sysctl(..) => 9,
        }
    }
}

/// A topology being declared; [`Builder::build`] makes it. Every veth end is
/// brought up; every namespace has its loopback up and IPv6 off (no
/// autoconfiguration chatter on test links). Declaring an address outside
/// 198.18.0.0/15 panics.
#[derive(Debug)]
pub struct Builder {
    tag: String,
    namespaces: Vec<Ns>,
    steps: Vec<Step>,
}

impl Builder {
    /// A namespace `tnd-TAG-ROLE-PID`; `role` (letters and digits) names it
    /// within the network.
    pub fn netns(&mut self, role: &str) -> Ns {
        check_word("role", role);
        let ns = Ns::new(format!("tnd-{}-{role}-{}", self.tag, std::process::id()));
        assert!(
            !self.namespaces.contains(&ns),
            "testnet: two namespaces with role {role:?}"
        );
        self.namespaces.push(ns.clone());
        self.steps.push(Step::Netns(ns.clone()));
        ns
    }

    /// A veth pair from `a` to `b`, each a namespace and an interface name
    /// (both may be in one namespace).
    pub fn veth(&mut self, a: (&Ns, &str), b: (&Ns, &str)) -> (Iface, Iface) {
        let a = Iface::new(Some(a.0.clone()), a.1.to_string());
        let b = Iface::new(Some(b.0.clone()), b.1.to_string());
        self.pair(a, b)
    }

    /// A veth pair from `a` to the root namespace, where its end gets a name
    /// unique to this process (`tnXrY`), returned second. It goes when `a`'s
    /// namespace goes, so a crashed run's pair goes with its namespace.
    pub fn veth_to_root(&mut self, a: (&Ns, &str)) -> (Iface, Iface) {
        let k = ROOT_IFACES.fetch_add(1, Ordering::Relaxed);
        let root = Iface::new(None, format!("tn{}r{k}", std::process::id()));
        let a = Iface::new(Some(a.0.clone()), a.1.to_string());
        self.pair(a, root)
    }

    fn pair(&mut self, a: Iface, b: Iface) -> (Iface, Iface) {
        assert!(a != b, "testnet: a veth pair from {a} to itself");
        self.steps.push(Step::Veth(a.clone(), b.clone()));
        self.steps.push(Step::Up(a.clone()));
        self.steps.push(Step::Up(b.clone()));
        (a, b)
    }

    /// Sets `at`'s MAC address.
    pub fn mac(&mut self, at: &Iface, mac: [u8; 6]) -> &mut Self {
        self.steps.push(Step::Mac(at.clone(), mac));
        self
    }

    /// Sets `at`'s MTU.
    pub fn mtu(&mut self, at: &Iface, mtu: u32) -> &mut Self {
        self.steps.push(Step::Mtu(at.clone(), mtu));
        self
    }

    /// Sets `at`'s offloads (`ethtool -K`).
    pub fn offloads(&mut self, at: &Iface, offloads: Offloads) -> &mut Self {
        self.steps.push(Step::Offloads(at.clone(), offloads));
        self
    }

    /// Adds address `addr` to `at`.
    pub fn addr(&mut self, at: &Iface, addr: Cidr) -> &mut Self {
        assert!(
            addr.in_benchmark_range(),
            "testnet: {addr} is outside 198.18.0.0/15"
        );
        self.steps.push(Step::Addr(at.clone(), addr));
        self
    }

    /// A route to `to` out of `dev`, through `via` if given.
    pub fn route(&mut self, dev: &Iface, to: Cidr, via: Option<Ipv4Addr>) -> &mut Self {
        assert!(
            to.in_benchmark_range(),
            "testnet: route to {to} outside 198.18.0.0/15"
        );
        check_ip(via);
        self.steps.push(Step::Route(dev.clone(), Some(to), via));
        self
    }

    /// The default route of `dev`'s namespace: out of `dev` through `via`.
    pub fn default_route(&mut self, dev: &Iface, via: Ipv4Addr) -> &mut Self {
        check_ip(Some(via));
        self.steps.push(Step::Route(dev.clone(), None, Some(via)));
        self
    }

    /// A permanent neighbour entry on `at`: `ip` is at `of`'s MAC address (a
    /// static ARP entry, for hosts that reach across an NF that drops ARP).
    pub fn neigh(&mut self, at: &Iface, ip: Ipv4Addr, of: &Iface) -> &mut Self {
        check_ip(Some(ip));
        self.steps.push(Step::Neigh(at.clone(), ip, of.clone()));
        self
    }

    /// Loads an nftables ruleset into `ns` (`nft -f -`).
    pub fn nft(&mut self, ns: &Ns, ruleset: &str) -> &mut Self {
        self.steps.push(Step::Nft(ns.clone(), ruleset.to_string()));
        self
    }

    /// Sets sysctl `key` (`net.ipv4.ip_forward`) to `value` in `ns` and checks
    /// that it took (through /proc/sys: a fresh Debian may lack `sysctl`).
    pub fn sysctl(&mut self, ns: &Ns, key: &str, value: &str) -> &mut Self {
        self.steps
            .push(Step::Sysctl(ns.clone(), key.to_string(), value.to_string()));
        self
    }

    /// IPv4 forwarding on in `ns` (a router).
    pub fn forwarding(&mut self, ns: &Ns) -> &mut Self {
        self.sysctl(ns, "net.ipv4.ip_forward", "1")
    }

    /// Makes the network: first deletes what a crashed run of this tag left,
    /// then everything declared, in the order the builder's doc gives. Panics
    /// with the failing command's error; what was made by then is deleted.
    pub fn build(self) -> Net {
        let net = Net::new(&self.tag);
        net.make(self.steps);
        net
    }
}

fn check_word(what: &str, word: &str) {
    assert!(
        !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric()),
        "testnet: a {what} is letters and digits, not {word:?}"
    );
}

fn check_ip(ip: Option<Ipv4Addr>) {
    if let Some(ip) = ip {
        assert!(
            in_benchmark_range(ip),
            "testnet: {ip} is outside 198.18.0.0/15"
        );
    }
}

/// A test network: everything a [`Builder`] made, deleted on drop.
#[derive(Debug)]
pub struct Net {
    tag: String,
    made: Mutex<Made>,
}

#[derive(Debug, Default)]
struct Made {
    namespaces: Vec<Ns>,
    root_ifaces: Vec<String>,
}

impl Net {
    /// Declares a network with namespaces `tnd-TAG-*-PID`: `tag` (letters and
    /// digits) must differ between the tests of one test binary.
    pub fn builder(_root: Root, tag: &str) -> Builder {
        check_word("tag", tag);
        Builder {
            tag: tag.to_string(),
            namespaces: Vec::new(),
            steps: Vec::new(),
        }
    }

    /// Makes more of the network after it was built: what `f` declares, as
    /// [`Builder::build`] does (a second address, an MTU, GRO on).
    pub fn extend(&self, f: impl FnOnce(&mut Builder)) {
        let mut b = Builder {
            tag: self.tag.clone(),
            namespaces: self.namespaces(),
            steps: Vec::new(),
        };
        f(&mut b);
        self.make(b.steps);
    }

    /// Its namespaces.
    pub fn namespaces(&self) -> Vec<Ns> {
        self.lock().namespaces.clone()
    }

    /// Waits, up to `within`, until no TCP connection in its namespaces is
    /// opening or closing ([`Ns::tcp_in_transition`]): then every segment
    /// of a handshake or a close the hosts sent has been answered, so it
    /// has crossed whatever sits between them. A fixed pause after the
    /// traffic is not enough on a loaded machine (a last FIN still on its
    /// way through a software switch when the capture stops). Returns the
    /// connections still in transition at the deadline (none when settled),
    /// `(namespace, ss line)`.
    pub fn settle_tcp(&self, within: std::time::Duration) -> Vec<(Ns, String)> {
        let until = std::time::Instant::now() + within;
        loop {
            let busy: Vec<(Ns, String)> = self
                .namespaces()
                .into_iter()
                .flat_map(|ns| {
                    ns.tcp_in_transition()
                        .into_iter()
                        .map(move |line| (ns.clone(), line))
                })
                .collect();
            if busy.is_empty() || std::time::Instant::now() >= until {
                return busy;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    fn new(tag: &str) -> Net {
        let fresh = TAGS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(tag.to_string());
        assert!(
            fresh,
            "testnet: two networks tagged {tag:?} at once in one process (one tag per test)"
        );
        let net = Net {
            tag: tag.to_string(),
            made: Mutex::default(),
        };
        sweep(tag);
        net
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Made> {
        self.made.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn make(&self, mut steps: Vec<Step>) {
        steps.sort_by_key(Step::phase);
        for step in steps {
            self.make_one(step);
        }
    }

    fn make_one(&self, step: Step) {
        match step {
            Step::Netns(ns) => {
                cmd::run(&["ip", "netns", "add", ns.name()]);
                self.lock().namespaces.push(ns.clone());
                for key in ["all", "default"] {
                    sysctl(&ns, &format!("net.ipv6.conf.{key}.disable_ipv6"), "1");
                }
                cmd::ip(Some(&ns), &["link", "set", "dev", "lo", "up"]);
            }
            Step::Veth(a, b) => {
                if let Some(root) = [&a, &b].into_iter().find(|i| i.ns().is_none()) {
                    self.lock().root_ifaces.push(root.name().to_string());
                }
                make_pair(&a, &b);
            }
            Step::Mac(at, mac) => link_set(&at, &["address", &mac_text(mac)]),
            Step::Mtu(at, mtu) => link_set(&at, &["mtu", &mtu.to_string()]),
            Step::Up(at) => link_set(&at, &["up"]),
            Step::Offloads(at, o) => {
                let mut args = vec!["ethtool", "-K", at.name()];
                args.extend(o.ethtool_args());
                cmd::run(&cmd::inside(at.ns(), &args));
            }
            Step::Addr(at, addr) => {
                cmd::ip(
                    at.ns(),
                    &["addr", "add", &addr.to_string(), "dev", at.name()],
                );
            }
            Step::Route(dev, to, via) => {
                let to = to.map_or("default".to_string(), |c| c.to_string());
                let via = via.map(|v| v.to_string());
                let mut args = vec!["route", "add", to.as_str()];
                if let Some(v) = &via {
                    args.extend(["via", v.as_str()]);
                }
                args.extend(["dev", dev.name()]);
                cmd::ip(dev.ns(), &args);
            }
            Step::Neigh(at, ip, of) => {
                let (ip, mac) = (ip.to_string(), mac_text(of.mac()));
                let args = ["neigh", "replace", &ip, "lladdr", &mac, "dev", at.name()];
                cmd::ip(at.ns(), &[&args[..], &["nud", "permanent"]].concat());
            }
            Step::Nft(ns, rules) => {
                cmd::output(&cmd::inside(Some(&ns), &["nft", "-f", "-"]), Some(&rules))
                    .unwrap_or_else(|e| panic!("testnet: ruleset in {ns}: {e}"));
            }
            Step::Sysctl(ns, key, value) => sysctl(&ns, &key, &value),
        }
    }
}

/// `ip link add` for the pair `a` - `b`, run where one end goes (the root
/// namespace when an end is there; at most one is), the peer sent to its own.
fn make_pair(a: &Iface, b: &Iface) {
    let (here, there) = if b.ns().is_none() { (b, a) } else { (a, b) };
    assert!(
        there.ns().is_some(),
        "testnet: a veth pair with both ends in the root namespace ({a}, {b})"
    );
    let mut args = vec!["link", "add", "name", here.name(), "type", "veth"];
    args.extend(["peer", "name", there.name()]);
    if let Some(p) = there.ns().filter(|p| Some(*p) != here.ns()) {
        args.extend(["netns", p.name()]);
    }
    cmd::ip(here.ns(), &args);
}

fn link_set(at: &Iface, what: &[&str]) {
    cmd::ip(
        at.ns(),
        &[&["link", "set", "dev", at.name()], what].concat(),
    );
}

/// Sets /proc/sys/KEY (dots for slashes) in `ns` and reads it back.
fn sysctl(ns: &Ns, key: &str, value: &str) {
    let path = format!("/proc/sys/{}", key.replace('.', "/"));
    let set = format!("echo {value} > {path}");
    cmd::run(&cmd::inside(Some(ns), &["sh", "-c", &set]));
    let now = cmd::run(&cmd::inside(Some(ns), &["cat", &path]));
    assert_eq!(now.trim(), value, "testnet: {key} in {ns}");
}

/// Deletes namespace `name`, after killing the processes still in it (other
/// than this one, should a thread of it have entered).
fn remove_namespace(name: &str) {
    if let Ok(pids) = cmd::output(&["ip", "netns", "pids", name], None) {
        let me = std::process::id().to_string();
        for pid in pids.split_whitespace().filter(|p| *p != me) {
            if let Ok(pid) = pid.parse() {
                let _ = cmd::signal(pid, "CONT");
                let _ = cmd::signal(pid, "KILL");
            }
        }
    }
    let _ = cmd::output(&["ip", "netns", "del", name], None);
}

/// Deletes the namespaces `tnd-TAG-ROLE-PID` whose process is gone (a run that
/// crashed or was killed before its drop) or is this one (a network it leaked).
fn sweep(tag: &str) {
    let Ok(entries) = std::fs::read_dir("/run/netns") else {
        return;
    };
    let prefix = format!("tnd-{tag}-");
    let me = std::process::id().to_string();
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some((_, pid)) = name.strip_prefix(&prefix).and_then(|r| r.rsplit_once('-')) else {
            continue;
        };
        let gone = !std::path::Path::new("/proc").join(pid).exists();
        if pid.chars().all(|c| c.is_ascii_digit()) && (gone || pid == me) {
            remove_namespace(&name);
        }
    }
}

impl Drop for Net {
    fn drop(&mut self) {
        let made = std::mem::take(&mut *self.lock());
        for ns in &made.namespaces {
            remove_namespace(ns.name());
        }
        for iface in &made.root_ifaces {
            let _ = cmd::output(&["ip", "link", "del", "dev", iface], None);
        }
        TAGS.lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.tag);
    }
}
