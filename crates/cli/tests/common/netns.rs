//! Network namespaces for the live tests: a client namespace, the switch namespace
//! where `tandem live` holds its ports, and one or more server namespaces, with
//! addresses in 198.18.0.0/15 only. Everything is deleted on drop, also when a test
//! fails.
//!
//! ```text
//!  client ns          switch ns               server side
//!  c0 198.18.0.2 ---- c1 [port 0]
//!                         [port 1] s1 ---- one server:  s0 198.19.0.2
//!                                  or ---- router ns: b0, r1..rN ---- server k: s0 198.19.k.2
//! ```
//!
//! The NFs forward IPv4 only (no ARP), so hosts reach across the switch through
//! static neighbours: the client's gateway 198.18.0.1 is the MAC of the first
//! host behind the switch (the single server, or the router), and that host's
//! neighbour 198.19.0.1 (the gateway back towards the client, also MazuNAT's
//! external address) is the client's MAC. With several servers a router
//! namespace forwards between the switch link and one link per server, so frames
//! the NF rewrote to any server's address (a load balancer) reach that server.

use std::net::Ipv4Addr;
use std::process::Command;

/// The client's address.
pub const CLIENT_IP: Ipv4Addr = Ipv4Addr::new(198, 18, 0, 2);
/// The client's gateway: a name for "across the switch".
pub const CLIENT_GW: Ipv4Addr = Ipv4Addr::new(198, 18, 0, 1);
/// The server side's way back to the client (MazuNAT's external address).
pub const SERVER_GW: Ipv4Addr = Ipv4Addr::new(198, 19, 0, 1);
/// The switch namespace's interface bound to port 0 (client side).
pub const PORT0_IF: &str = "c1";
/// The switch namespace's interface bound to port 1 (server side).
pub const PORT1_IF: &str = "s1";

/// Whether a live test can run: root, with `ip` and `ethtool` (and `extra` tools,
/// each with a flag that makes it exit 0). Prints why not; a missing tool fails
/// the test under TANDEM_REQUIRE_TOOLS=1.
pub fn can_run(test: &str, extra: &[(&str, &str)]) -> bool {
    if !port::netns::running_as_root() {
        println!("skipping {test}: needs root for network namespaces and raw sockets");
        return false;
    }
    for (tool, flag) in [("ip", "-V"), ("ethtool", "--version")].iter().chain(extra) {
        let found = Command::new(tool)
            .arg(flag)
            .output()
            .is_ok_and(|o| o.status.success());
        if !found {
            assert!(
                std::env::var_os("TANDEM_REQUIRE_TOOLS").is_none(),
                "{test}: `{tool}` is required but missing"
            );
            println!("skipping {test}: `{tool}` is not installed");
            return false;
        }
    }
    true
}

/// Runs a command and panics with its stderr if it fails.
pub fn sh(args: &[&str]) {
    let out = Command::new(args[0])
        .args(&args[1..])
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", args[0]));
    assert!(
        out.status.success(),
        "{} failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The MAC address of `dev` in namespace `ns`.
pub fn mac_of(ns: &str, dev: &str) -> String {
    let out = Command::new("ip")
        .args(["-n", ns, "-br", "link", "show", dev])
        .output()
        .expect("ip link show");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.split_whitespace()
        .nth(2)
        .unwrap_or_else(|| panic!("no MAC for {dev} in {ns}: {text:?}"))
        .to_string()
}

/// The namespaces of one test; deleted on drop.
pub struct Topology {
    pub client: String,
    pub switch: String,
    /// Present with more than one server.
    pub router: Option<String>,
    pub servers: Vec<String>,
}

fn exec(ns: &str, args: &[&str]) {
    let mut all = vec!["ip", "netns", "exec", ns];
    all.extend_from_slice(args);
    sh(&all);
}

/// Sets /proc/sys/`key` to `value` in namespace `ns` (through /proc/sys: a fresh
/// Debian may lack the sysctl tool) and checks that it took.
fn proc_sys(ns: &str, key: &str, value: &str) {
    let path = format!("/proc/sys/{key}");
    exec(ns, &["sh", "-c", &format!("echo {value} > {path}")]);
    let out = Command::new("ip")
        .args(["netns", "exec", ns, "cat", &path])
        .output()
        .expect("cat");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        value,
        "{path} in {ns}"
    );
}

fn veth(ns: &str, name: &str, peer_ns: &str, peer: &str) {
    sh(&[
        "ip", "-n", ns, "link", "add", "name", name, "type", "veth", "peer", "name", peer, "netns",
        peer_ns,
    ]);
}

/// No TSO/GSO aggregates and full checksums (the NF sees wire frames), then up.
fn plain_up(ns: &str, dev: &str) {
    exec(
        ns,
        &[
            "ethtool", "-K", dev, "tso", "off", "gso", "off", "gro", "off", "tx", "off",
        ],
    );
    sh(&["ip", "-n", ns, "link", "set", dev, "up"]);
}

fn neigh(ns: &str, ip: Ipv4Addr, mac: &str, dev: &str) {
    sh(&[
        "ip",
        "-n",
        ns,
        "neigh",
        "add",
        &ip.to_string(),
        "lladdr",
        mac,
        "dev",
        dev,
        "nud",
        "permanent",
    ]);
}

impl Topology {
    /// Readies the hosts' ends of the two switch links for `--switch xdp`: a
    /// frame an XDP program redirects into a veth is received by its peer's
    /// NAPI, which veth runs only with an XDP program or GRO on that peer.
    pub fn for_xdp(&self) {
        let (first_ns, first_dev) = match &self.router {
            None => (self.servers[0].as_str(), "s0"),
            Some(r) => (r.as_str(), "b0"),
        };
        for (ns, dev) in [(self.client.as_str(), "c0"), (first_ns, first_dev)] {
            exec(ns, &["ethtool", "-K", dev, "gro", "on"]);
        }
    }

    /// Builds the client side, the switch namespace and `servers` server
    /// namespaces (at least one). `tag` keeps the tests of one binary apart.
    pub fn new(tag: &str, servers: usize) -> Topology {
        assert!((1..=200).contains(&servers), "1 to 200 servers");
        let id = std::process::id();
        let t = Topology {
            client: format!("tnd-{tag}-c-{id}"),
            switch: format!("tnd-{tag}-w-{id}"),
            router: (servers > 1).then(|| format!("tnd-{tag}-r-{id}")),
            servers: (0..servers)
                .map(|k| format!("tnd-{tag}-s{k}-{id}"))
                .collect(),
        };
        // From here on, Drop deletes whatever was created.
        for ns in t.all() {
            let _ = Command::new("ip").args(["netns", "del", ns]).output();
            sh(&["ip", "netns", "add", ns]);
            for key in ["all", "default"] {
                proc_sys(ns, &format!("net/ipv6/conf/{key}/disable_ipv6"), "1");
            }
            sh(&["ip", "-n", ns, "link", "set", "lo", "up"]);
        }
        let (c, w) = (t.client.as_str(), t.switch.as_str());
        veth(c, "c0", w, PORT0_IF);
        plain_up(c, "c0");
        plain_up(w, PORT0_IF);
        sh(&[
            "ip",
            "-n",
            c,
            "addr",
            "add",
            &format!("{CLIENT_IP}/24"),
            "dev",
            "c0",
        ]);
        sh(&[
            "ip",
            "-n",
            c,
            "route",
            "add",
            "198.19.0.0/16",
            "via",
            &CLIENT_GW.to_string(),
            "dev",
            "c0",
        ]);
        let cmac = mac_of(c, "c0");
        // The host right behind port 1: the server, or the router.
        let (first_ns, first_dev) = match &t.router {
            None => (t.servers[0].as_str(), "s0"),
            Some(r) => (r.as_str(), "b0"),
        };
        veth(first_ns, first_dev, w, PORT1_IF);
        plain_up(first_ns, first_dev);
        plain_up(w, PORT1_IF);
        neigh(c, CLIENT_GW, &mac_of(first_ns, first_dev), "c0");
        match &t.router {
            None => {
                let s = t.servers[0].as_str();
                sh(&["ip", "-n", s, "addr", "add", "198.19.0.2/24", "dev", "s0"]);
                neigh(s, SERVER_GW, &cmac, "s0");
                sh(&[
                    "ip",
                    "-n",
                    s,
                    "route",
                    "add",
                    "198.18.0.0/24",
                    "via",
                    &SERVER_GW.to_string(),
                    "dev",
                    "s0",
                ]);
            }
            Some(r) => {
                let r = r.as_str();
                proc_sys(r, "net/ipv4/ip_forward", "1");
                sh(&["ip", "-n", r, "addr", "add", "198.19.0.254/24", "dev", "b0"]);
                neigh(r, CLIENT_IP, &cmac, "b0");
                sh(&["ip", "-n", r, "route", "add", "198.18.0.0/24", "dev", "b0"]);
                for (k, s) in t.servers.iter().enumerate() {
                    let net = k + 1;
                    let rdev = format!("r{net}");
                    veth(r, &rdev, s, "s0");
                    plain_up(r, &rdev);
                    plain_up(s, "s0");
                    sh(&[
                        "ip",
                        "-n",
                        r,
                        "addr",
                        "add",
                        &format!("198.19.{net}.1/24"),
                        "dev",
                        &rdev,
                    ]);
                    sh(&[
                        "ip",
                        "-n",
                        s,
                        "addr",
                        "add",
                        &format!("{}/24", t.server_ip(k)),
                        "dev",
                        "s0",
                    ]);
                    sh(&[
                        "ip",
                        "-n",
                        s,
                        "route",
                        "add",
                        "default",
                        "via",
                        &format!("198.19.{net}.1"),
                    ]);
                }
            }
        }
        t
    }

    /// The address of server `k`.
    pub fn server_ip(&self, k: usize) -> Ipv4Addr {
        assert!(k < self.servers.len());
        if self.router.is_none() {
            Ipv4Addr::new(198, 19, 0, 2)
        } else {
            Ipv4Addr::new(198, 19, k as u8 + 1, 2)
        }
    }

    fn all(&self) -> Vec<&String> {
        let mut v = vec![&self.client, &self.switch];
        v.extend(self.router.iter());
        v.extend(self.servers.iter());
        v
    }
}

impl Drop for Topology {
    fn drop(&mut self) {
        for ns in self.all() {
            let _ = Command::new("ip").args(["netns", "del", ns]).output();
        }
    }
}
